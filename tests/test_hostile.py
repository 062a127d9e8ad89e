"""Wrong answers found by hostile questions (bench/hostile.yaml), each class with sentences of this
file's own: what the story says must not be read past what the cards can do.  Cheap: a few asks
in the default run, each checked by tests/question_helpers.py's ``check_case``."""

import pytest

from question_helpers import check_case, count_checks

CASES = [
    # a target's change made by a link that a later link negated did not happen
    # (game-rules#resolution.6-7): CL2 "banishes it", CL3 negates CL2: CL1's target is still there
    {"id": "negated-response-changed-nothing", "answer": "not no",
     "ask": "I activate Monster Reborn targeting a monster in my GY; my opponent chains D.D. Crow "
            "targeting it, and I chain Divine Wrath to negate it. Does Monster Reborn Special "
            "Summon my monster?", "spec": {"suppose.?left.#": 0}},
    {"id": "negated-flip-changed-nothing", "answer": "not no",
     "ask": "I activate Soul Taker on my opponent's face-up monster, they chain Book of Moon on that "
            "monster, and I chain Magic Jammer to negate it. Is their monster destroyed?"},
    # a later link whose card negates, with what it did not told: refused, not read as nothing
    {"id": "negator-chained-untold", "refused": ["say what it did"],
     "ask": "I activate Monster Reborn targeting a monster in my GY, my opponent chains Called by "
            "the Grave targeting it, and I chain Magic Jammer. Does Monster Reborn Special Summon "
            "the monster?"},
    {"id": "negator-chained-to-remover-untold", "refused": ["say what it did"],
     "ask": "My opponent activates Call of the Haunted targeting a monster in their GY, I chain "
            "Twin Twisters to destroy it, and they chain Magic Jammer. Is their monster Special "
            "Summoned?"},
    # a later link that cannot negate leaves the change standing
    {"id": "non-negator-chained-keeps-change", "answer": "no",
     "ask": "I activate Monster Reborn targeting a monster in my GY; my opponent chains D.D. Crow "
            "targeting it, and I chain Forbidden Lance. Does Monster Reborn Special Summon my "
            "monster?"},
    # a target written plural ("target up to 2 Spells/Traps") is of that kind as the singular is:
    # "it" after such a response is the activated Spell/Trap, not the monster it targets
    {"id": "plural-kind-target-it", "answer": "yes",
     "ask": "I activate Monster Reborn targeting a monster in my GY and my opponent chains Twin "
            "Twisters to destroy it. Does Monster Reborn Special Summon it?"},
    # a response told to target a card its text cannot target, by whose card it is: refused
    {"id": "response-wrong-side-target", "refused": ["targets only", "not one"],
     "ask": "My opponent activates Monster Reborn targeting a monster in my GY, and I chain D.D. "
            "Crow on it. Does Monster Reborn Special Summon it?"},
]


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_hostile(base_expert, case):
    assert check_case(base_expert, case) == count_checks(case)
