"""Sister questions, topics A-F (helper sisterAF): mechanisms read in sentences written for these
tests (not the shared cases)."""

import pytest

from psct_expert.parser.lexicon import relex


@pytest.mark.parametrize("written, read", [
    # an archetype as the topic before "q:" is set aside (read before the text is cut)
    ("kashtira q: does the Summon start a chain?", "Does the Summon start a chain?"),
    # "an actual X": the emphasis set aside, the article kept right
    ("is that an actual effect activation?", "Is that an effect activation?"),
    ("is it an actual chain link?", "Is it a chain link?"),
    # an empty board said as what a player has
    ("opp has an empty board. can I attack directly?", "My opponent controls no cards. can I attack directly?"),
    # a question said again as the response it allows
    ("does it start a chain?? like can opp respond to it", "Does it start a chain, can opp respond to it"),
])
def test_lexicon_reads_the_ways_players_say_it(written, read):
    assert relex(written).text == read


def test_a_summon_negating_card_chained_to_a_summon_is_asked_whether_it_negates_it(base_expert):
    # was read as "does the Xyz Summon start a Chain?" and answered no (a wrong no)
    a = base_expert.ask("my opp xyz summons utopia. can i chain black horn of heaven to it?", [])
    assert a.value == "yes" and "negate" in a.restated
    # whose Summon it is, unsaid, decides a negation: refused, never guessed
    with pytest.raises(Exception, match="who Summons"):
        base_expert.ask("Can I respond to the Xyz Summon of Number 39: Utopia with Black Horn of Heaven?", [])


def test_a_cost_told_with_its_purpose_picks_the_effect(base_expert):
    a = base_expert.ask("I detach a material from Utopia to negate my opponent's attack and they negate "
                        "the effect. Is the material still detached?", [])
    assert a.value == "yes" and "first effect of Number 39: Utopia" in a.restated


def test_a_move_that_summons_the_card_by_its_own_effect_is_that_effect_activated(base_expert):
    # Druiswurm banishes as its effect (not a cost) and Special Summons itself: an activation
    a = base_expert.ask("My opponent banishes a LIGHT monster from my GY to Special Summon Bystial "
                        "Druiswurm from their hand. Can I negate that Summon with Solemn Strike?", [])
    assert a.value == "no"


@pytest.mark.slow
def test_the_subject_left_out_after_and_is_the_player_of_the_clause_before(base_expert):
    a = base_expert.ask("i control no monsters and special summon photon thrasher from my hand. "
                        "does that summon make a chain link?", [])
    assert a.value == "no"


@pytest.mark.slow
def test_an_effect_named_by_another_action_it_does(base_expert):
    a = base_expert.ask("does armageddon knight's send effect start a chain?", [])
    assert a.value == "yes"


@pytest.mark.slow
def test_a_card_that_goes_to_the_gy_is_sent_there(base_expert):
    a = base_expert.ask("goblin zombie goes from my field to the gy. does its search make a chain "
                        "link, so opp can respond?", [])
    assert a.value == "yes"
