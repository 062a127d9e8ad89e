"""Questions about once per turn, copies and bullets (topic I) and conditions checked at
activation or at resolution (topic H), asked in plain English.

Each form: the real ruling's wording, a paraphrase on other cards, and a near miss that is
refused or understood differently: the cases of tests/fixtures/questions/conditions_opt.yaml;
here, one whose refusal may say either of two things."""

import pytest
from question_helpers import refused


# -- a condition naming a phase -------------------------------------------------------------------

@pytest.mark.slow
def test_a_monster_summoned_does_not_break_no_spells_traps(base_expert):
    message = refused(base_expert, "I activate Treeborn Frog's effect while I control no Spells/Traps, and "
                                   "in response I activate Emergency Teleport to Special Summon a Psychic "
                                   "monster. Do I still Special Summon it?")
    assert "still holds" in message or "no condition" in message
