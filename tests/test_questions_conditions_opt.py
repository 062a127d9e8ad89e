"""Questions about once per turn, copies and bullets (topic I) and conditions checked at
activation or at resolution (topic H), asked in plain English.

Each form: the real ruling's wording, a paraphrase on other cards, and a near miss that is
refused or understood differently."""

import pytest

from psct_expert.errors import QuestionError

from question_helpers import cases, check_case


@pytest.mark.parametrize("case", cases("conditions_opt"))
def test_question(base_expert, case):
    """A case of tests/fixtures/questions/conditions_opt.yaml."""
    check_case(base_expert, case)


def _used(spec):
    return [e for e in spec.get("situation", []) if e["kind"] == "used"]


# -- topic H: what the player had when the effect was activated, and what changed ----------------


def test_activation_condition_not_checked_again(base_expert):
    q = ("I activate Lightning Storm while I control no face-up cards, then chain my own Set Call "
         "of the Haunted, so when Lightning Storm resolves I control a face-up card. Does "
         "Lightning Storm still destroy my opponent's cards?")
    spec = base_expert.parse(q)
    assert spec["family"] == "resolves"
    acts = [e for e in spec["situation"] if e["kind"] == "activate"]
    assert [a["effect"]["card"] for a in acts] == ["Lightning Storm", "Call of the Haunted"]
    assert acts[1]["from"] == "set" and acts[1]["respond"] == "a1"
    assert base_expert.ask(q).value == "yes"


# -- a condition naming a phase -------------------------------------------------------------------


def test_a_monster_summoned_does_not_break_no_spells_traps(base_expert):
    with pytest.raises(QuestionError) as err:
        base_expert.parse("I activate Treeborn Frog's effect while I control no Spells/Traps, and "
                          "in response I activate Emergency Teleport to Special Summon a Psychic "
                          "monster. Do I still Special Summon it?")
    assert "still holds" in str(err.value) or "no condition" in str(err.value)
