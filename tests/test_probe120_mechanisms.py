"""Rounds 120 and 121 (the session after `d649081`): mechanisms of reading their questions, each
with its near miss."""

import pytest

from psct_expert.errors import QuestionError

pytestmark = pytest.mark.slow

_WITCH = "Can I activate Serene Psychic Witch's effect?"


@pytest.mark.parametrize("told", [
    "My opponent activates a Trap card that destroys my Serene Psychic Witch.",
    "My opponent activates a Quick-Play Spell that destroys my Serene Psychic Witch.",
    "My opponent activates a monster effect which destroys my Serene Psychic Witch.",
])
def test_an_unnamed_card_told_by_what_it_does(base_expert, told):
    # the activation of a card of that kind, then what it does: as "activates a Trap Card and
    # destroys my X" tells it; the Witch on the field destroyed alone can use its "When" effect
    a = base_expert.ask(_WITCH, [told])
    assert a.value == "yes"


def test_near_miss_the_unnamed_card_destroys_it_while_a_chain_resolves_on(base_expert):
    # a later link resolves after it: the destruction is not the last thing to happen
    a = base_expert.ask(_WITCH, ["I activate Dark Hole.", "My opponent chains a Trap card that "
                                 "destroys my Serene Psychic Witch."])
    assert a.value == "no"


def test_near_miss_an_unnamed_response_to_nothing_is_refused(base_expert):
    with pytest.raises(QuestionError, match="nothing was activated before it"):
        base_expert.ask(_WITCH, ["My opponent activates a Trap card that destroys my Serene "
                                 "Psychic Witch in response."])
