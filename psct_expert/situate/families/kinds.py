"""What kind of effect the card text makes, read from the parse tree: ``quick`` (is it a Quick
Effect?), ``has-quick`` (does the card have one?), ``bullets-in-sequence`` and
``bullets-simultaneous`` (how its bulleted effects are applied), ``gets-effect`` (does its
trigger happen when it is used for another card's Summon or effect).  These families ask about the card text alone; a told story does not change the
answer, and ``-e`` scenario lines add their suppositions (:func:`reads_scenario`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lark import Tree

from ...parser.names import ORDINALS
from ...parser.transform import low, sub
from .common import first_effect, reads_scenario

if TYPE_CHECKING:
    from ..told import Situate


@reads_scenario
def build_quick(st: Situate, fam: Tree) -> dict:
    """"Is the second effect of X a Quick Effect?"."""
    return st.spec("quick", {"effect": st.effect_ref(st.r.effect(first_effect(fam)))})


def _card(st: Situate, fam: Tree) -> str:
    """The card the family's rule names (its first card word)."""
    tok = next(t for t in fam.scan_values(lambda v: getattr(v, "type", "") == "XCARD"))
    return st.db.get(st.r.card(tok)).name


@reads_scenario
def build_has_quick(st: Situate, fam: Tree) -> dict:
    """"Does X have a Quick Effect?"."""
    return st.spec("has-quick", {"card": _card(st, fam)})


@reads_scenario
def build_bullets(st: Situate, fam: Tree) -> dict:
    """"Are the effects of X applied in sequence / simultaneously?": its bulleted effect."""
    return st.spec(st.pq.family, {"effect": {"card": _card(st, fam), "select": "bullets"}})


@reads_scenario
def build_gets_effect(st: Situate, fam: Tree) -> dict:
    """"Does X get its second effect when it is discarded to Special Summon Y from the hand?": that
    effect of X, and Y's own Summon (or Y's effect when no Summon is said)."""
    cards = [st.db.get(st.r.card(t)).name for t in fam.scan_values(
        lambda v: getattr(v, "type", "") == "XCARD")]
    other = [c for c in cards if c != cards[0]]
    if not other:
        st.fail("used for which other card's effect or Summon?", fam)
    said = any("summon" in w for w in low(fam))
    cause = {"card": other[0], "select": "summons-self" if said else "only"}
    n = ORDINALS[low(sub(fam, "ord"))[0]]
    return st.spec("gets-effect", {"effect": {"card": cards[0], "n": n}, "cause": cause})
