"""A story sentence as people tell it → its events, said in the question grammar's words.

The question grammar reads a told story in the shapes its clauses know ("My opponent chains X.",
"That card is destroyed.").  People tell the same events in many more shapes: "they chain and
bounce my monster", "opp responds and flips it face-down", "Caius got tribute summoned", "my
target gets destroyed by something else in chain".  This module reads such a sentence by its
parts, the way the design sketch (docs) calls chunks: each clause is who (a player, a card,
"it"), does what (a game verb in any form, active or passive), to what (a card, "their face-up
monster", "it"), and how (from/to a place, with/by a card, in response, targeting ..., face-down).
A clause without a subject keeps the last one ("they chain and banish it").  Each event is then
said again in one of the grammar's own clause shapes, and the grammar reads that.

Every word must be placed: a word of ``clauses.yaml``, a card the caller found, a number, or the
sentence is left as written (``None``): nothing is dropped.  The module reads English only: it
knows no card (the caller says which spans are cards and which cards are Spells or Traps) and no
question family.

The reading is :mod:`.read` (words → events), the saying :mod:`.say` (events → the grammar's
sentences), what both share :mod:`.model`; the words are ``parser/clauses.yaml``.
"""

from __future__ import annotations

from .ask import ask
from .model import CARD, MAX_WORDS, WORD, Stop
from .read import Reader
from .say import say


def _words(sentence: str, cards: list[tuple[int, int]], ends: str) -> list[str] | None:
    """The sentence's words, its card names as placeholders; None when something in it is not a
    word the readers place (a quotation, a symbol) or it is too long."""
    text = sentence
    for k, (s, e) in sorted(enumerate(cards), key=lambda x: -x[1][0]):
        text = text[:s] + CARD.format(k) + text[e:]
    text = text.strip().rstrip(ends)
    text = text.replace(" + ", " and ")        # "my monster + theirs": two things
    text = text.replace(" & ", " and ")        # ("Spell & Trap Zone": a place, clauses.yaml)
    rest = WORD.sub(" ", text)
    if rest.strip(" \"'()-"):
        return None
    words = WORD.findall(text)
    return words if words and len(words) <= MAX_WORDS else None


def read_question(sentence: str, cards: list[tuple[int, int]], kinds: list[str],
                  names: list[str]) -> str | None:
    """A question sentence read as the one event it asks about (:mod:`.ask`), said as a question
    of the grammar; None when a word of it cannot be placed.  Arguments as :func:`read_story`."""
    if not sentence.rstrip().endswith("?"):
        return None
    words = _words(sentence, cards, "?")
    return ask(words, kinds, names) if words else None


def read_story(sentence: str, cards: list[tuple[int, int]], kinds: list[str],
               names: list[str]) -> list[str] | None:
    """``sentence``'s events, each said as one sentence of the grammar; None when a word of it
    cannot be placed.  ``cards`` are the spans of its card names, ``kinds`` each card's kind
    ("monster", "spell", "trap") and ``names`` the name each is said with."""
    words = _words(sentence, cards, ".!")
    if words is None:
        return None
    try:
        events = Reader(words, kinds).events()
        return [said for ev in events for said in
                [say(h, names, kinds) for h in ev.holding] + [say(ev, names, kinds)]] or None
    except Stop:
        return None
