"""What kind of effect the card text makes: ``quick`` (is it a Quick Effect?), read from the
parse tree.  These families ask about the card text alone; a told story does not change the
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
