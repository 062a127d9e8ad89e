"""Lingering restrictions (``restriction-applies``): "X resolves, then X leaves the field. Does X's
restriction still apply?", "X's effect is negated. Do I still get X's restriction?"
(game-rules#lingering-effects.2, .5)."""

from __future__ import annotations

import re

from typing import TYPE_CHECKING

from lark import Tree

from ...parser.transform import sub
from ..words import norm

if TYPE_CHECKING:
    from ..told import Situate


# words that frame a restriction said in the asker's words, not what it forbids
_FRAME_WORDS = frozenset({"only", "the", "a", "an", "for", "rest", "of", "this", "that", "turn", "my",
                          "me", "i", "to", "from", "any", "anything", "monsters", "monster"})


# what a restriction lets through ("except Xyz Monsters", "non-EARTH monster effects")
_EXEMPTS = re.compile(r"\bexcept\b|\bnon-|\bother than\b|\bunless\b", re.IGNORECASE)
# words after "cannot" that say no more of what is forbidden
_RESTRICTION_FILLER = frozenset({"a", "an", "the", "for", "rest", "of", "this", "that", "turn", "your",
                                 "you", "monster", "monsters", "card", "cards", "any", "from", "to",
                                 "it", "its", "their", "they", "with", "by", "or", "and", "in", "on",
                                 "while", "face-up", "field", "next", "end", "until", "control"})


def _says_what_it_forbids(words: str, text: str) -> bool:
    """(hunt 55) Do the asker's words say what the restriction forbids, whole: no exception in it
    ("except", "non-"), and every word after its "cannot" that says what is forbidden ("from the
    Extra Deck") said too ("unable to Special Summon" is not "cannot Special Summon from the
    Extra Deck")?"""
    if _EXEMPTS.search(text) and not re.search(r"\bexcept\b|\bonly\b|-only\b|\bnon-|\bother than\b",
                                               words, re.IGNORECASE):
        return False        # an exception the asker does not say ("FIRE-only", "except FIRE")
    words = re.sub(r"-only\b", " ", words)
    low_text = text.lower()
    at = low_text.find("cannot")
    if at < 0:
        return False
    said = {w for w in re.split(r"[\s/,.]+", words.lower()) if w}
    said |= {w[:-1] for w in said if w.endswith("s")} | {w[4:] for w in said if w.startswith("non-")}
    need = [w for w in re.split(r"[\s/,.()]+", low_text[at + len("cannot"):]) if w
            and w not in _RESTRICTION_FILLER and w not in ("except", "other", "than", "unless")
            and not w.isdigit()]
    need = [w[4:] if w.startswith("non-") else w for w in need]
    return all(w in said or w.rstrip("s") in said or w + "s" in said for w in need)


def _restriction_sentence(reading, found: tuple) -> str:
    """The restriction's part and the rest of its sentence (", except Fusion Monsters, nor ..."):
    the part's own text is cut at the commas that join it."""
    eid, _n, quote = found
    eff = next((e for e in reading.all_effects() if e.id == eid), None)
    text = eff.text if eff is not None else ""
    at = text.find(quote) if quote else -1
    if at < 0:
        return quote or ""
    end = text.find(".", at + len(quote))
    return text[at:end if end >= 0 else len(text)]


def build_restriction_applies(st: Situate, fam: Tree) -> dict:
    ref_node = sub(fam, "rstr_ref")
    cards = [t for t in ref_node.children if getattr(t, "type", "") == "XCARD"]
    quotes = [st.r.quotes[int(t)] for t in ref_node.children if getattr(t, "type", "") == "XQUOTE"]
    if cards:
        card = st.db.get(st.r.card(cards[0])).name
    else:                    # "its restriction", "the restriction": the card activated last
        told = [r.get("card") for _a, r in st.acts if r.get("card")]
        # sisterGK: of the cards told activated, the last one with a restriction ("X is negated by
        # Imperm. Do I still get the restriction?" is X's: Imperm has none)
        with_one = [c for c in told if any(f.type == "clause" and f.get("verb") == "cannot"
                                           for f in st.reading(c).facts)]
        if not told:
            st.fail("whose restriction? (name the card)", ref_node)
        card = with_one[-1] if with_one else told[-1]
    after = sub(fam, "rstr_after")
    if after is not None:    # "... after X leaves the field": told after the rest
        st.sit(sub(after, "sit"))
    reading = st.reading(card)
    found = []               # (effect, part) read as "cannot", and the part's text
    for f in reading.facts:
        if f.type == "clause" and f.get("verb") == "cannot" and f.source is not None:
            found.append((f.get("effect"), f.get("n"), f.source.quote))
    if quotes:
        whole = {x: _restriction_sentence(reading, x) for x in found}
        said_as = [x for x in found if norm(x[2]) in norm(quotes[0]) or norm(quotes[0]) in norm(x[2])
                   and _says_what_it_forbids(quotes[0], whole[x])]
        if not said_as:
            # (round 54) the restriction said in the asker's words ("DARK-only special summons"):
            # every word of it (bar the words that only frame it) said by the restriction's text
            from ..refs import grounded_in_text
            words = " ".join(w for w in re.split(r"[\s/]+", quotes[0].lower().replace("-only", ""))
                             if w and w not in _FRAME_WORDS)
            grounded = [x for x in found if words and grounded_in_text(words, x[2])]
            said_as = [x for x in grounded if _says_what_it_forbids(quotes[0], whole[x])]
            if grounded and not said_as and any(_EXEMPTS.search(whole[x]) for x in grounded):
                # (hunt 55) "am I still unable to Special Summon Xyz Monsters?" of "... except Xyz
                # Monsters": the words may name what it lets through; quote it whole
                st.fail(f"{card}'s restriction has an exception ("
                        + "; ".join(repr(x[2]) for x in found) + "): quote the restriction whole",
                        ref_node)
        found = said_as
    said = [" ".join(str(t) for t in w.scan_values(lambda v: True)) for w in ref_node.children
            if isinstance(w, Tree) and w.data == "rstr_word"]
    if said:
        # sisterGK: "the no-direct-attack restriction": the restriction whose text says each word
        from ..refs import grounded_in_text
        found = [x for x in found if all(grounded_in_text(d, x[2]) for d in said)]
        if not found:
            st.fail(f"{card} has no restriction that says {' '.join(said)!r}", ref_node)
    if not found:
        st.fail(f"{card} has no part read as a restriction ('cannot')"
                + (f" that says {quotes[0]!r}" if quotes else ""), ref_node)
    if len(found) > 1:
        st.fail(f"{card} has more than one restriction: quote the one asked about ("
                + "; ".join(repr(x[2]) for x in found) + ")", ref_node)
    eid, n, _text = found[0]
    _refuse_another_player_bound(st, fam, card, _text)
    # (hunt 112) "I activate X. They chain Solemn Strike. The Chain resolves.": a link chained to
    # X's activation whose card negates, with what it did not told, may have negated it (no
    # restriction then): refused, saying what to tell
    from ..targets import refuse_untold_negation
    for aid, r in st.acts:
        if r.get("card") == card:
            refuse_untold_negation(st, aid, ref_node)
    effect = {"card": card, "n": int(eid.rpartition("#")[2])} if eid.rpartition("#")[2].isdigit() \
        else {"card": card}
    slots: dict = {"effect": effect, "part": n}
    if st.cannot:
        # (round 83) "..., so nothing gets banished. Am I still locked ...?": what the story says
        # was not done is another part of that effect (the rules read whether the restriction
        # needs it); a verb of no other part of it is refused as before
        parts = {f.get("verb"): f.get("n") for f in st.reading(card).facts
                 if f.type == "clause" and f.get("effect") == eid and f.get("n") != n}
        if all(v in parts for v in st.cannot):
            slots["suppose"] = [{"fails": {"part": v}} for v in dict.fromkeys(st.cannot)]
            st.cannot = []
    return st.spec("restriction-applies", slots)


_BINDS_BOTH = re.compile(r"\b(?:neither player|both players|each player|players cannot)\b", re.I)
_BINDS_OTHER = re.compile(r"\byour opponent\b[^.,;]*\bcannot\b", re.I)


def _refuse_another_player_bound(st: Situate, fam: Tree, card: str, text: str) -> None:
    """(hunt 113) "Am I still locked ...?" of a restriction my opponent's activation put on
    "you" (its text's "you" is the player who activated it): the restriction binds the player its
    text names, said from the activating player's side; a player asked who is not that player is
    another question, refused (never answered as whether the restriction applies)."""
    asked_node = sub(fam, "player")
    asked = st.r.player(asked_node) if asked_node is not None else None
    doers = {e.get("player") for e in st.events
             if e.get("kind") == "activate" and (e.get("effect") or {}).get("card") == card}
    if asked not in ("you", "opponent") or len(doers) != 1 or _BINDS_BOTH.search(text):
        return
    doer = next(iter(doers))
    if doer not in ("you", "opponent"):
        return
    bound = {"you": "opponent", "opponent": "you"}[doer] if _BINDS_OTHER.search(text) else doer
    if asked != bound:
        st.fail(f"{card} says {text!r}: that binds the player who "
                + ("did not activate it" if bound != doer else "activated it")
                + ", not the player asked about", asked_node)

