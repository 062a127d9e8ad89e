"""The question families that read their parts from the parse tree: each builds its structured
question from the told situation (:mod:`..told`) and the family rule's subtree.  One module per
topic; :data:`BUILDERS` names the builder of each family."""

from __future__ import annotations

from collections.abc import Mapping
from importlib import import_module

from ...cards import CardDB
from ...parser import ParsedQuestion
from ...parser.transform import find
from ..told import Situate
from .common import OldForm

# each family's builder: its module and function (called with the argument, when one is given);
# a module is imported when its family is first built, so a question imports one topic's module
WHERE = {
    "starts-chain": ("chains", "build_starts_chain"),
    "summon-starts-chain": ("chains", "build_summon_starts_chain"),
    "targets": ("targeting", "build_targets"),
    "can-target": ("targeting", "build_can_target"),
    "can-respond": ("negation", "build_can_respond"),
    "cost-returned": ("costs", "build_cost_family", "cost-returned"),
    "still-done": ("parts", "build_still_done"),
    "is-cost": ("costs", "build_is_cost"),
    "clause-done": ("parts", "build_clause_done_each"),
    "again-this-turn": ("once", "build_again_this_turn"),
    "negate-summon": ("negation", "build_negate_summon"),
    "negate-activation": ("negation", "build_negate_activation"),
    "can-activate-now": ("parts", "build_can_activate_now"),
    "simultaneous": ("timing", "build_simultaneous"),
    "effect-negated": ("parts", "build_effect_negated"),
    "resolves": ("links", "build_resolves"),
    "happens-at": ("timing", "build_happens_at"),
    "misses-timing": ("timing", "build_misses_timing_now"),
    "target-count": ("targeting", "build_target_count"),
    "again-this-duel": ("once", "build_again_this_duel"),
    "tribute-summon": ("summoning", "build_tribute_summon"),
    "attack-again": ("battle", "build_attack_again"),
    "normal-summon-again": ("summoning", "build_normal_summon_again"),
    "restriction-applies": ("lingering", "build_restriction_applies"),
    "attack-directly": ("battle", "build_attack_directly"),
    "replay": ("battle", "build_replay"),
    "flip-activates": ("battle", "build_flip_activates"),
    "change-kept": ("stats", "build_change_kept"),
    "lp-cost-damage": ("stats", "build_lp_cost_damage"),
    "lp-loss-damage": ("stats", "build_lp_loss_damage"),
    "counters-kept": ("stats", "build_counters_kept"),
    "unaffected-target": ("stats", "build_unaffected_target"),
    "unaffected-affect": ("stats", "build_unaffected_affect"),
    "unaffected-cost": ("stats", "build_unaffected_cost"),
    "resolves-first": ("links", "build_resolves_first"),       # chains
}


class _Builders(Mapping):
    """family → its builder (:data:`WHERE`), each imported when first asked for."""

    def __init__(self):
        self._made: dict = {}

    def __getitem__(self, family: str):
        got = self._made.get(family)
        if got is None:
            module, name, *arg = WHERE[family]
            got = getattr(import_module(f"{__name__}.{module}"), name)
            if arg:
                got = got(*arg)
            self._made[family] = got
        return got

    def __contains__(self, family) -> bool:
        return family in WHERE

    def __iter__(self):
        return iter(WHERE)

    def __len__(self) -> int:
        return len(WHERE)


BUILDERS = _Builders()

__all__ = ["BUILDERS", "OldForm", "situate_question"]


def situate_question(pq: ParsedQuestion, db: CardDB) -> dict:
    st = Situate(pq, db)
    st.situation(pq.tree)
    fam = find(pq.tree, "fam_" + pq.family.replace("-", "_"))
    return BUILDERS[pq.family](st, fam)
