"""Wordings of the held-out probe (bench/heldout-probe.yaml) that other families' builders read
already, once the question is routed to them.

"Are its effects negated?" after a told effect that targets a monster and negates ("I target my
opponent's monster with Effect Veiler and they flip it face-down with Book of Moon"): "its" is the
target, so the question is whether the negating part still applies to it (the ``affected``
question "Is that monster's effect negated when Effect Veiler resolves?" asks), not whether an
activated effect of that monster was negated, which was never told.

"the discarded card", "the Tributed monster" (grammar: thing_mod): a card named by the cost move it
went through, as "my banished cards" is, so "Do I get the discarded card back?" asks about the
discard cost.
"""

from __future__ import annotations

from lark import Tree

from ..errors import QuestionError
from ..parser.transform import low, sub
from .families import BUILDERS, PARTICIPLE_VERBS, build_outcome
from .told import Situate

_effect_negated = BUILDERS["effect-negated"]

PARTICIPLE_VERBS.update({"discarded": "discard", "tributed": "tribute", "detached": "detach"})


def _negating_target_activation(st: Situate) -> dict | None:
    """The one told activation that targets exactly one card and has a part that negates."""
    from ..reader.select import select_clause, select_effect

    acts = [e for e in st.events if e.get("kind") == "activate" and e.get("targets")]
    if len(acts) != 1 or len(acts[0]["targets"]) != 1 or not acts[0]["effect"].get("card"):
        return None
    ref = acts[0]["effect"]
    reading = st.reading(ref["card"])
    try:
        select_clause(reading, select_effect(reading, ref), "negate")
    except QuestionError:
        return None
    return acts[0]


def build_effect_negated(st: Situate, fam: Tree) -> dict:
    """"Are its effects negated?": an activated effect of the card told, else (no activation of
    it told) the targeted card's effects under the told negating effect."""
    node = sub(fam, "negated_eff")
    ws = low(node) if node is not None else []
    its = ws[:1] == ["its"] and ws[-1:] in (["effect"], ["effects"]) and len(ws) == 2
    try:
        return _effect_negated(st, fam)
    except QuestionError:
        if not its or _negating_target_activation(st) is None:
            raise
    return build_outcome(st, Tree("fam_clause_done", []), "negate")


BUILDERS["effect-negated"] = build_effect_negated
