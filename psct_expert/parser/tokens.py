"""A sentence → the words of the question grammar.

Card names become one ``XCARD`` word each (14k names stay out of the grammar),
a quoted piece of card text ('when a monster is Special Summoned') one
``XQUOTE`` word, a number one ``XNUM`` word; every other word must be a word
of the grammar.  Words the grammar does not have are all collected, so the
error can name each of them.
"""

from __future__ import annotations

from functools import lru_cache
from dataclasses import dataclass, field

from lark import Token

from .. import kre as re  # re, each pattern's program kept on disk (psct_expert.kre)
from .names import Mention, vocabulary

# a word: letters/digits with inner hyphens, slashes, apostrophes ("face-up", "Spell/Trap",
# "opponent's"), a number, "&", or one punctuation mark
_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9\-/]*(?:'[a-z]+)?|&|[?,.;:!]|'s\b")
# a quotation: in double quotes, any words ("... this card's Level ..."); in single quotes, words
# whose apostrophes stand inside a word ('once per turn: banish a plant')
_QUOTED = re.compile(r"""(?:(?<=\s)|^|(?<=\())(?:"(?P<dq>[^"]+?)"|'(?P<sq>(?:[^'"]|(?<=\w)'(?=\w))+?)')"""
                     r"(?=[\s?,.;:)!]|$)")


@dataclass
class Words:
    tokens: list[Token]
    cards: list[str]                      # XCARD word k names cards[k]
    quotes: list[str]                     # XQUOTE word k stands for quotes[k]
    unknown: list[str] = field(default_factory=list)
    written: list[str] = field(default_factory=list)  # each card as the sentence writes it
    text: list[str] = field(default_factory=list)   # each token as written


def tokenize(text: str, mentions: list[Mention], terminal, name_words=frozenset()) -> Words:
    """Split ``text`` into grammar words; ``terminal(word)`` gives a word's terminal name or None;
    ``name_words``: words written in lower case that are words of card names (an archetype said
    "a madolche", :func:`psct_expert.parser.names.archetype_words`), read as capitalised ones."""
    out = Words([], [], [])
    spans: list[tuple[int, int, str, str]] = []   # (start, end, kind, value)
    for m in mentions:
        spans.append((m.start, _name_end(text, m), "XCARD", m.card))
    for q in _QUOTED.finditer(text):
        inside = [sp for sp in spans if q.start() < sp[0] and sp[1] < q.end()]
        if inside and all(text[s:e].strip() != _body(q).strip() for s, e, _, _ in inside) \
                and len(_body(q).split()) > 3:
            # a quote of card text that names a card in passing ("send 1 Tearlaments card ..."):
            # the quote is one word, the names inside it are its words
            spans = [sp for sp in spans if sp not in inside]
        if any(s < q.end() and q.start() < e for s, e, _, _ in spans):
            continue
        spans.append((q.start(), q.end(), "XQUOTE", _body(q)))
    spans.sort()
    pos = 0
    for s, e, kind, value in spans + [(len(text), len(text), "", "")]:
        _words(text[pos:s], out, terminal, name_words)
        if kind == "XCARD":
            out.tokens.append(Token("XCARD", str(len(out.cards))))
            out.cards.append(value)
            out.written.append(text[s:e])
            out.text.append(text[s:e])
        elif kind == "XQUOTE":
            out.tokens.append(Token("XQUOTE", str(len(out.quotes))))
            out.quotes.append(value)
            out.text.append(text[s:e])
        pos = max(pos, e)
    return out


def _body(q) -> str:
    return q.group("dq") if q.group("dq") is not None else q.group("sq")


def _name_end(text: str, m: Mention) -> int:
    """Where the name itself ends: a possessive or the sentence's punctuation is not part of it."""
    e = m.end
    while e > m.start and text[e - 1] in "?!,;:." and not m.card.endswith(text[e - 1]):
        e -= 1
    if text[m.start:e].lower().endswith("'s") and not m.card.lower().endswith("'s"):
        e -= 2
    return e


@lru_cache(maxsize=1)
def _lower_names() -> frozenset[str]:
    """Archetype names the cards write in lower case ("tellarknight"): words of a name, as the
    capitalised words are (vocabulary.yaml, ``lower_case_names``)."""
    return frozenset(vocabulary().get("lower_case_names") or ())


_EFFECT_NOUNS = ("effect", "effects", "ability")
# the kind of an effect, said between a hyphenated description and its noun
_KIND_WORDS = ("quick", "trigger", "ignition", "continuous", "gy", "graveyard", "hand", "field",
               "pendulum", "monster", "spell", "trap")
# sisterGK: a restriction named by what it forbids ("the no-direct-attack restriction", "the
# summon lock"): a description too, grounded in the restriction's own text
_RESTRICTION_NOUNS = ("restriction", "restrictions", "lock")


def _words(chunk: str, out: Words, terminal, name_words=frozenset()) -> None:
    found = list(_WORD.finditer(chunk))
    for i, m in enumerate(found):
        w = m.group()
        nxt = found[i + 1].group().lower() if i + 1 < len(found) else ""
        if "-" in w and nxt in _KIND_WORDS and i + 2 < len(found):
            # "its banish-from-Extra-Deck quick effect": the kind said between the description
            # and its noun
            nxt = found[i + 2].group().lower()
        possessive = w.lower().endswith("'s") and terminal(w[:-2]) is not None
        if nxt in _EFFECT_NOUNS + _RESTRICTION_NOUNS and not w.isdigit() and terminal(w) is None and not possessive \
                and terminal("XDESC") is not None and w[0].isalnum():
            # a word said of an effect that the grammar does not have ("the ATK-halving
            # effect"): a description, grounded in the card's text once the card is known
            out.tokens.append(Token("XDESC", w))
            out.text.append(w)
            continue
        if w.isdigit():
            out.tokens.append(Token("XNUM", w))
            out.text.append(w)
            continue
        name = terminal(w)
        if name is None and w.lower().endswith("'s") and terminal(w[:-2]) and terminal("'s"):
            out.tokens.append(Token(terminal(w[:-2]), w[:-2]))
            out.text.append(w[:-2])
            w, name = "'s", terminal("'s")
        if name is None and (w[0].isupper() or w in _lower_names() or w.lower() in name_words) \
                and terminal("XNAME") is not None:
            # a capitalised word the grammar does not have: part of a name (an archetype, "a Sky
            # Striker Ace monster"); the grammar places such words only inside a description
            out.tokens.append(Token("XNAME", w))
            out.text.append(w)
            continue
        if name is None:
            out.unknown.append(w)
            continue
        out.tokens.append(Token(name, w))
        out.text.append(w)
    rest = _WORD.sub(" ", chunk)
    for junk in rest.split():
        if junk not in ("\"", "'", "(", ")", "-", "–", "—"):
            out.unknown.append(junk)
