"""The frame reader's words and sentences (English only): the vocabulary of
``parser/frames.yaml`` and the lexicon, card names masked, sentences, the sentences that ask,
word forms, and whether a story sentence's words are placed.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from ..yamlpos import safe_load

from ..parser.lexicon import lexicon


FRAMES_PATH = Path(__file__).resolve().parent.parent / "parser" / "frames.yaml"

_WORD = re.compile(r"[a-z0-9][a-z0-9'/\-]*|\?!|[^\sa-z0-9]", re.IGNORECASE)

_MASK = "\ue001{}\ue001"

_MASKED = re.compile("\ue001(\\d+)\ue001")

# a sentence ends at ? ! or a full stop before a space (card names are masked first)
_ENDS = re.compile(r"(?<=[?!.])\s+")

_LP = re.compile(r"\b\d+\s*(?:lp|life points)\b", re.IGNORECASE)

# the words that point at a card told before
_POINTING = frozenset(("it", "its", "it's", "itself", "this", "that", "these", "those", "them"))

# words that join the others and say nothing of their own
_GLUE = frozenset(("'s", "s", "of", "to", "by", "for", "with", "from", "in", "on", "at", "as",
                   "and", "+", "&", "so", "like", "ok"))

# a quotation of card text: grounded in the card's text (its words never block a frame)
_QUOTE = re.compile(r'"[^"]{3,}"|\u201c[^\u201d]{3,}\u201d')

_QUOTED = re.compile("\ue002(\\d+)\ue002")

# a place a Summon is made from, as a question says it after the Summon
_SUMMONED_FROM = {"hand": "the hand", "gy": "the GY", "graveyard": "the GY", "deck": "the Deck"}

# the words that may open the clause telling a premise ("if X gets negated, ...")
_PREMISE_OPENERS = frozenset(("if", "when", "once", "after", "since", "because"))


@lru_cache(maxsize=1)
def frames_data() -> dict:
    """``parser/frames.yaml`` as data, read once: every frame reader's section of it."""
    return safe_load(FRAMES_PATH.read_text(encoding="utf-8"), FRAMES_PATH) or {}


@lru_cache(maxsize=1)
def vocabulary() -> dict:
    data = frames_data()
    lx = lexicon()
    discourse = set()
    for key in ("discourse", "openers", "tags", "hedges"):
        for phrase in lx.get(key) or ():
            discourse.add(str(phrase).lower())
    summons = {}
    for kind, words in (data.get("summons") or {}).items():
        for w in words:
            summons[str(w).lower()] = kind
    from ..parser.clauses.model import data as clause_words

    cw = clause_words()
    describes = {str(w).lower() for w in data.get("describes") or ()}
    describes |= {str(v).lower() for v in cw.get("verbs") or () if " " not in str(v)}
    describes |= {str(w).lower() for w in cw.get("effect_words") or () if " " not in str(w)}
    describes |= {str(w).lower() for w in cw.get("places") or () if " " not in str(w)}
    describes |= {str(w).lower() for w in lx.get("grounding") or ()}
    # the game's Attributes and Types ("the dragon tuner I discarded"): words a card's text says,
    # grounded in it as the other words that describe
    from ..gamewords import gamewords

    gw = gamewords()
    describes |= {w.lower() for w in gw.attributes + gw.types if " " not in w}
    describes -= {str(w).lower() for w in data.get("describes_not") or ()}
    return {
        "story_verbs": {str(w).lower() for w in data.get("story_verbs") or ()},
        "actions": {str(k).lower(): str(v) for k, v in (data.get("actions") or {}).items()},
        "pair_verbs": {str(k).lower(): str(v) for k, v in (data.get("pair_verbs") or {}).items()},
        "owners_opponent": {str(w).lower() for w in data.get("owners_opponent") or ()},
        "players_opponent": {str(w).lower() for w in data.get("players_opponent") or ()},
        "premises": {str(k): {str(w).lower() for w in v} for k, v in
                     (data.get("premises") or {}).items()},
        "premise_denials": {str(w).lower() for w in data.get("premise_denials") or ()},
        "cost_questions": {str(k): {str(p): str(q) for p, q in v.items()} for k, v in
                           (data.get("cost_questions") or {}).items()},
        "changes_card": {str(w).lower() for w in data.get("changes_card") or ()},
        "describes": describes,
        "asks": {str(w).lower() for w in data.get("asks") or ()},
        "pointers": {str(w).lower() for w in data.get("pointers") or ()},
        "players": {str(w).lower() for w in data.get("players") or ()},
        "effect_nouns": {str(w).lower() for w in data.get("effect_nouns") or ()},
        "blocking": {str(w).lower() for w in data.get("blocking") or ()},
        "alternatives": {str(w).lower() for w in data.get("alternatives") or ()},
        "summons": summons,
        "discourse": discourse,
    }


def _describes(word: str, describes: set[str]) -> bool:
    """May ``word`` say what an effect does (in any of its forms: "searches", "banishing")?  Words
    joined by "/" ("spells/traps") each, and those of a compound ("ATK-lowering") each."""
    for joint in ("/", "-"):
        if joint in word.strip(joint):
            return all(_describes(w, describes) for w in word.split(joint) if w)
    return bool(_forms(word) & describes)


def _frames(families: dict) -> list[tuple[str, dict, re.Pattern, str]]:
    """(family, its frame, the pattern of its cues, their polarity): ``cues`` ask the family's
    question, ``cues_back`` its opposite ("does it come back?" of "is it still done?")."""
    out = []
    for name, fam in families.items():
        frame = getattr(fam, "frame", None) or {}
        for key, polarity in (("cues", "still"), ("cues_back", "back")):
            cues = frame.get(key) or ()
            if cues:
                body = "|".join(f"(?:{c})" for c in sorted(cues, key=len, reverse=True))
                out.append((name, frame, re.compile(rf"(?<![\w'])(?:{body})(?![\w'])",
                                                    re.IGNORECASE), polarity))
    return out


def _sentences(masked: str) -> list[str]:
    return [s.strip() for s in _ENDS.split(masked) if s.strip()]


def _asked(parts: list[str]) -> tuple[list[str], list[str]]:
    """(the story, the sentences that ask): those from the first with a question mark to the
    last with one, else the last sentence.  What is told after them ("... a chain link right?
    opp said it's just passive") is story too: it names no card (else they all ask)."""
    asking = [k for k, p in enumerate(parts) if "?" in p]
    if not asking:
        return parts[:-1], parts[-1:]
    first, last = asking[0], asking[-1]
    after = parts[last + 1:]
    if any(_MASKED.search(p) for p in after):
        return parts[:first], parts[first:]
    return parts[:first] + after, parts[first:last + 1]


def _lemmas_of(word: str) -> set[str]:
    """The word's lemmas (the lemma dictionary's); for a game word it does not know
    ("tributed"), the bases its regular endings leave, to look up in the closed lists."""
    from ..lemmas import all_lemmas

    return {f for fs in all_lemmas(word).values() for f in fs}


def _forms(word: str) -> set[str]:
    out = {word} | _lemmas_of(word)
    for suffix in ("ing", "ed", "es", "s", "d"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            base = word[:-len(suffix)]
            out |= {base, base + "e"}
    return out


def _english(word: str) -> bool:
    """A word of English (the lemma dictionary knows it): an invented word is never one."""
    return bool(_lemmas_of(word))


def _changes_card(word: str, voc: dict) -> bool:
    """Does the word say what a card is changed into (frames.yaml ``changes_card``: "gains",
    "treated", ...)?"""
    return bool(_forms(word) & voc["changes_card"])


def _placed(part: str, voc: dict) -> bool:
    """Is each word of a story sentence placed (frames.yaml ``story_verbs``, the frame words,
    discourse, a number, a word that may describe an effect)?"""
    words = [w.lower() for w in _WORD.findall(_QUOTED.sub(" ", _MASKED.sub(" ", part)))]
    plain = voc["asks"] | voc["pointers"] | voc["players"] | voc["effect_nouns"] | \
        voc["story_verbs"] | set(voc["summons"]) | _GLUE
    k = 0
    while k < len(words):
        n = _phrases(words, voc["discourse"], k) or _phrases(words, voc["summons"], k)
        if n:
            k += n
            continue
        w = words[k]
        if _changes_card(w, voc) or not (
                w in plain or w.isdigit() or w in ",:;-–—()'\"?!.’" or
                _describes(w, voc["describes"]) or _english(w)):
            return False
        k += 1
    return True


def told_in_plain_words(story: str, spans: list[tuple[int, int]]) -> bool:
    """Is every word of a story (``spans``: its card names) placed as a story's words are placed
    (:func:`_placed`: game verbs, English words, never a word that changes what a card is,
    "gained", "copied", "treated", ...)?  Then what it tells cannot change what a card's text does."""
    masked, at = [], 0
    for start, end in sorted(spans):
        if start < at:
            return False                # names found overlapping: none is sure
        masked.append(story[at:start] + " " + _MASK.format(0) + " ")
        at = end
    masked.append(story[at:])
    return _placed("".join(masked), vocabulary())


def _phrases(words: list[str], table: dict | set, start: int) -> int:
    """How many words from ``start`` make a phrase of ``table`` (the longest), or 0."""
    for n in (4, 3, 2, 1):
        if start + n <= len(words) and " ".join(words[start:start + n]) in table:
            return n
    return 0


def _overlapping(ordered: list[tuple[int, int, str]]) -> bool:
    """Do two card names found (sorted by where they start) overlap? Then none is sure."""
    return any(s < e0 for (_s0, e0, _c0), (s, _e, _c) in zip(ordered, ordered[1:]))


def _named(text: str, spans: list[tuple[int, int, str]]
           ) -> tuple[list[tuple[int, int, str]], list[str], str] | None:
    """The card names found, in order: (their spans, their cards, ``text`` with each masked), or
    None when two overlap (then none is sure)."""
    ordered = sorted(spans)
    if _overlapping(ordered):
        return None
    return ordered, [card for _s, _e, card in ordered], _mask(text, ordered)


def _mask(text: str, spans: list[tuple[int, int, str]]) -> str:
    masked, last = [], 0
    for k, (s, e, _card) in enumerate(sorted(spans)):
        masked += [text[last:s], _MASK.format(k)]
        last = max(last, e)
    masked.append(text[last:])
    return "".join(masked)


def _quote_words(quote: str) -> str:
    return " ".join(w for w in re.findall(r"[a-z]+", quote.lower()) if len(w) >= 2)


def _premise_words(premise: str, said: str, voc: dict) -> set[str]:
    """The blocking words a premise told in the asked sentences allows there: its own words
    and the conjunction that opens its clause."""
    if not premise:
        return set()
    words = {w.lower() for w in _WORD.findall(said)}
    own = voc["premises"].get(premise, set())
    return (own | _PREMISE_OPENERS) if words & own else set()


def _premise_told(frame: dict, whole: str, voc: dict) -> str | None:
    """The premise a frame needs (``premise:``), when the question tells it ("negated": a word
    of negation anywhere in it): "" for a frame with none, None when it is not told."""
    premise = frame.get("premise") or ""
    if not premise:
        return ""
    said = [w.lower() for w in _WORD.findall(_MASKED.sub(" ", whole))]
    told = voc["premises"].get(premise, set())
    for k, w in enumerate(said):
        # (hunt 45) "My Divine Wrath was not negated": a premise said with "not" before it is
        # its opposite, never told
        if w in told and not voc["premise_denials"] & set(said[max(0, k - 3):k]):
            return premise
    return None


def _name_end(text: str, start: int, end: int, card: str) -> int:
    """Where a name ends without the sentence's punctuation found with it ("... Dragon.")."""
    while end > start and text[end - 1] in ".,:;!?" and not card.endswith(text[end - 1]):
        end -= 1
    return end


def past_discourse(words: list[str], voc: dict):
    """The words in order, a discourse phrase of the lexicon skipped whole ("quick q", "or
    nah"): (index, word) of each other word."""
    k = 0
    while k < len(words):
        n = _phrases(words, voc["discourse"], k)
        if n:
            k += n
            continue
        yield k, words[k]
        k += 1
