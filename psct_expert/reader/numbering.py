"""How players and Konami number a card's effects.

A Summoning condition written as an effect of its own ("Cannot be Normal Summoned/Set.", "Must be
Special Summoned (from your hand) by ...", "Must be Xyz Summoned with the above materials.") is
not numbered: "the second effect" of such a card is its second numbered effect, not the reader's
second.  The reader keeps its own numbers (the effect ids); the question's ordinals are turned
into them here, and the restatement says them back the players' way (:func:`public`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .grammar import grammar

if TYPE_CHECKING:
    from .model import EffectReading, Reading

_LIMIT = 8192
_PUBLIC: dict[str, dict[int, int | None]] = {}


def unnumbered(effect: EffectReading) -> bool:
    """Is the effect only the card's Summoning condition (not numbered by players)?"""
    return effect.n > 0 and effect.where == "text" and bool(
        grammar().text_queries["summoning_condition_only"].match(effect.text))


def numbered(reading: Reading) -> list[EffectReading]:
    """The card's effects (not its Pendulum Effects) in the order players number them."""
    return [e for e in reading.effects if e.n > 0 and e.where == "text" and not unnumbered(e)]


def note(reading: Reading) -> None:
    """Keep the players' numbers of a card whose reader numbers differ (bounded)."""
    top = [e for e in reading.effects if e.n > 0 and e.where == "text"]
    if not any(unnumbered(e) for e in top):
        _PUBLIC.pop(reading.card.name, None)
        return
    if len(_PUBLIC) >= _LIMIT:
        _PUBLIC.pop(next(iter(_PUBLIC)))
    said = numbered(reading)
    _PUBLIC[reading.card.name] = {e.n: (said.index(e) + 1 if e in said else None) for e in top}


def public(name: str, n: int) -> int | None:
    """The players' number of the reader's effect ``n`` of card ``name`` (None: its Summoning
    condition, which has none)."""
    table = _PUBLIC.get(name)
    return n if table is None else table.get(n, n)


def said_number(reading: Reading, effect: EffectReading) -> int | None:
    """The number players say an effect by ("the second effect"): None for a Summoning condition,
    a Pendulum Effect or a bullet (said otherwise)."""
    said = numbered(reading)
    return said.index(effect) + 1 if effect in said else None
