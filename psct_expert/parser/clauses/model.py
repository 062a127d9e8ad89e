"""What a story clause is made of: its words (``parser/clauses.yaml``, read once into tables),
the noun phrases and events a clause is read into, and the placeholders card names stand as."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from ... import kre as re
from ...gamewords import gamewords
from ...yamlpos import safe_load

CLAUSES_PATH = Path(__file__).parent.with_name("clauses.yaml")
CARD = "\ue001{}\ue001"
CARD_RE = re.compile("\ue001(\\d+)\ue001")
WORD = re.compile("\ue001\\d+\ue001|[A-Za-z0-9][A-Za-z0-9\\-/]*(?:'s|')?|'s\\b|[,;:]")
MAX_WORDS = 60


@lru_cache(maxsize=1)
def data() -> dict:
    return safe_load(CLAUSES_PATH.read_text(encoding="utf-8"), CLAUSES_PATH)


@dataclass
class NP:
    """A card or cards, as a clause points at them."""
    say: str                   # the grammar's words for it ("my opponent's face-up monster")
    card: int | None = None    # the caller's card index, when a card is named
    player: str | None = None  # "me" / "opponent" when the phrase is a player
    effect: bool = False       # the card's effect ("X's GY effect"), not the card
    tail: str = ""             # the words after the name ("'s GY effect")
    activation: bool = False   # "X activation", "X's activation"
    copies: bool = False       # "2 X": copies of the card
    done: bool = False         # something done, named as a noun ("that Summon", "the activation")
    group: bool = False        # two things ("my monster and their Set card")
    alone: bool = False        # a count said with no noun ("and I have 1"): its noun is supposed


@dataclass
class Event:
    verb: str                      # the base word of clauses.yaml's verbs
    agent: NP | None = None        # who does it (a player or a card)
    patient: NP | None = None      # what it is done to
    passive: bool = False
    mods: list[str] = field(default_factory=list)   # the grammar's words for how/where
    by: NP | None = None           # the card (effect) that did it
    responding: bool = False
    intent: bool = False           # "tries to Special Summon X": the Summon is about to happen
    holding: list = field(default_factory=list)   # "... while I control no cards": what held then
    own: bool = False              # Summoned by its own procedure
    first: bool = False            # done "first": before the link it answers resolves
    only: bool = False             # "I only have 11 cards left": the count is all there is
    then: list = field(default_factory=list)      # "they chain X to flip it": what X then does


def title(phase: str) -> str:
    return " ".join(w.capitalize() if not w.isdigit() else w for w in phase.split())


def plural(noun: str) -> str:
    return noun if noun.endswith("s") else noun + "s"


class Stop(Exception):
    """A word the clause reader cannot place: the sentence is left as written."""


def _phrases(key: str) -> list[tuple[list[str], str]]:
    d = data()[key]
    items = d.items() if isinstance(d, dict) else ((w, w) for w in d)
    out = []
    for said, value in items:
        if isinstance(value, list):
            for w in value:
                out.append((str(w).lower().split(), said))
        else:
            out.append((str(said).lower().split(), value))
    return sorted(out, key=lambda p: -len(p[0]))


def _indexed(pairs) -> tuple[list[list[str]], dict[tuple, str]]:
    """Phrases with what each stands for: the phrases (as words, the longest first) and a look-up
    from a phrase's words to its value, made once."""
    pairs = sorted(pairs, key=lambda p: -len(p[0]))
    return [w for w, _ in pairs], {tuple(w): v for w, v in pairs}


def _lists(key: str) -> list[list[str]]:
    """A list of phrases of ``clauses.yaml``, each as its words, the longest first."""
    return sorted((str(p).lower().split() for p in data()[key]), key=len, reverse=True)


@lru_cache(maxsize=1)
def tables() -> dict:
    verbs = data()["verbs"]
    forms: dict[str, str] = {}
    for base in verbs:
        words = base.split()
        # a phrasal verb ("go back") changes its first word; "Special Summon" its last
        k = 0 if len(words) > 1 and words[-1] in data()["particles"] else len(words) - 1
        for f in _inflections(words[k]):
            forms[" ".join(words[:k] + [f] + words[k + 1:])] = base
    for form, base in (data().get("irregular") or {}).items():
        if base in verbs:                # (a form of a verb the file does not have is no verb)
            forms[str(form)] = base
    return {
        "players": _indexed(_phrases("players")), "owners": _indexed(_phrases("owners")),
        "pointers": _indexed(_phrases("pointers")),
        "nouns": _lists("nouns"), "before": _lists("before_noun"),
        "places": _indexed((k.lower().split(), v) for k, v in data()["places"].items()),
        "verbs": _indexed((f.split(), b) for f, b in forms.items()),
        "intents": _lists("intents"),
        "unnamed": _lists("unnamed"),
        "phases": _indexed((f.split(), f) for _n, forms in gamewords().phases for f in forms),
        "own_procedure": _lists("own_procedure"),
        "types": _indexed((t.lower().split(), t) for t in gamewords().types),
        "by_unnamed": _lists("by_unnamed"), "attempts": _lists("attempts"),
        "same_turn": _lists("same_turn"), "kept_kinds": _lists("kept_kinds"),
        "stays": _lists("stays"),
        "we_are": _lists("we_are"),
        "it_is": _lists("it_is"),
        "nobody": _lists("nobody"),
        "effect_words": _lists("effect_words"),
        "in_response": _lists("in_response"),
        "this_turn": _lists("this_turn"),
        "after_that": _lists("after_that"),
        "second_copy": _lists("second_copy"),
        "still": _lists("still"), "able": _lists("able"),
        "is_that_something": _lists("is_that_something"),
        "done_nouns": sorted((str(k).lower().split() for k in data()["done_nouns"]), key=len,
                             reverse=True),
    }


def _inflections(w: str) -> set[str]:
    out = {w, w + "s", w + "es", w + "ed", w + "d", w + "ing"}
    if w.endswith("e"):
        out |= {w[:-1] + "ing"}
    if w.endswith("y"):
        out |= {w[:-1] + "ies", w[:-1] + "ied"}
    if len(w) > 2 and w[-1] not in "aeiouwxy" and w[-2] in "aeiou" and w[-3] not in "aeiou":
        out |= {w + w[-1] + "ed", w + w[-1] + "ing"}
    return out




# whose a thing is, said the grammar's way ("me" / "opponent" -> "my" / "my opponent's")
OWNED = {"me": "my", "opponent": "my opponent's"}


def np_words(np: NP) -> str:
    """A noun phrase in the grammar's words, its card still a placeholder."""
    if np.card is not None:
        return np.say + CARD.format(np.card) + np.tail
    return np.say
