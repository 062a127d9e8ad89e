"""How players and Konami number a card's effects.

A Summoning condition written as an effect of its own ("Cannot be Normal Summoned/Set.", "Must be
Special Summoned (from your hand) by ...", "Must be Xyz Summoned with the above materials.") is
not numbered: "the second effect" of such a card is its second numbered effect, not the reader's
second.  A sentence that only goes on with the effect before it ("If Summoned this way, ...",
"When it leaves the field, destroy this card.") is numbered with that effect, as Konami's OCG text
does (:func:`continues`).  The reader keeps its own numbers (the effect ids); the question's
ordinals are turned into them here, and the restatement says them back the players' way
(:func:`public`, :func:`part_of`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .grammar import grammar

if TYPE_CHECKING:
    from .model import EffectReading, Reading

_LIMIT = 8192
_PUBLIC: dict[str, dict[int, int | None]] = {}
_PART: dict[str, dict[int, int]] = {}


def unnumbered(effect: EffectReading) -> bool:
    """Is the effect only the card's Summoning condition, or only what the card is treated as
    (not numbered by players)?"""
    return effect.n > 0 and effect.where == "text" and (
        bool(grammar().text_queries["summoning_condition_only"].match(effect.text)) or
        treated_as_line(effect))


def treated_as_line(effect: EffectReading) -> bool:
    """(hunt 133n) Is the effect only "(This card is always treated as a "X" card.)"?"""
    return bool(grammar().text_queries["treated_as_only"].match(effect.text))


def _top(reading: Reading) -> list[EffectReading]:
    return [e for e in reading.effects if e.n > 0 and e.where == "text"]


def continues(reading: Reading, effect: EffectReading) -> EffectReading | None:
    """(hunt 132b) The numbered effect that ``effect`` only goes on with ("If Summoned this way,
    ...", "When it leaves the field, destroy this card." after it), or None."""
    top = _top(reading)
    if effect not in top or top.index(effect) == 0 or \
            not grammar().text_queries["continues_previous_effect"].match(effect.text):
        return None
    before = top[top.index(effect) - 1]
    if unnumbered(before):
        return None
    rx = grammar().text_queries["continues_previous_effect"]
    if "this way" not in effect.text.lower() and not any(
            not rx.match(e.text) and not unnumbered(e) for e in top[top.index(effect) + 1:]):
        # "When this card leaves the field, destroy that monster." with no numbered effect after
        # it (an older card, which Konami does not number): read as the reader reads it
        return None
    return continues(reading, before) or before


def numbered(reading: Reading) -> list[EffectReading]:
    """The card's effects (not its Pendulum Effects) in the order players number them."""
    return [e for e in _top(reading) if not unnumbered(e) and continues(reading, e) is None]


def note(reading: Reading) -> None:
    """Keep the players' numbers of a card whose reader numbers differ (bounded)."""
    top = _top(reading)
    said = numbered(reading)
    name = reading.card.name
    if said == top:
        _PUBLIC.pop(name, None)
        _PART.pop(name, None)
        return
    for table in (_PUBLIC, _PART):
        if len(table) >= _LIMIT:
            table.pop(next(iter(table)))
    _PUBLIC[name] = {e.n: (said.index(e) + 1 if e in said else None) for e in top}
    _PART[name] = {e.n: said.index(owner) + 1 for e in top
                   if (owner := continues(reading, e)) is not None and owner in said}
    _PART[name].update({e.n: 0 for e in top if treated_as_line(e)})


def public(name: str, n: int) -> int | None:
    """The players' number of the reader's effect ``n`` of card ``name`` (None: its Summoning
    condition, or a sentence numbered with the effect before it (:func:`part_of`))."""
    table = _PUBLIC.get(name)
    return n if table is None else table.get(n, n)


def part_of(name: str, n: int) -> int | None:
    """The players' number of the effect the reader's effect ``n`` of ``name`` goes on with ("If
    Summoned this way, ..." after its first effect: 1); 0 for a line that only says what the card
    is treated as; None otherwise."""
    return (_PART.get(name) or {}).get(n)


def said_number(reading: Reading, effect: EffectReading) -> int | None:
    """The number players say an effect by ("the second effect"): None for a Summoning condition,
    a Pendulum Effect or a bullet (said otherwise)."""
    said = numbered(reading)
    return said.index(effect) + 1 if effect in said else None
