"""What kind of effect the card text makes, read from the parse tree: ``quick`` (is it a Quick
Effect?), ``has-quick`` (does the card have one?), ``bullets-in-sequence`` and
``bullets-simultaneous`` (how its bulleted effects are applied).  These families ask about the card text alone; a told story does not change the
answer, and ``-e`` scenario lines add their suppositions (:func:`reads_scenario`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lark import Tree

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
