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
    ("does it start a chain?? like can opp respond to it", "Does it start a chain, can opp respond to it?"),  # (its question mark given)
    # a card "bounced" (passive): returned to the hand
    ("one of them got bounced. is the other one destroyed?",
     "One of them was returned to the hand. is the other one destroyed?"),
    # "a level 4" as a monster; "darks" as DARK monsters
    ("they summon a level 4 from hand with 3 darks in the gy",
     "They summon a Level 4 monster from hand with 3 dark monsters in the gy"),
    # what the asker knows is too late is set aside; "does X work on a Flip Summon"
    ("too late to negate it - but does solemn warning work on a flip summon?",
     "Can solemn warning negate a flip summon?"),
])
def test_lexicon_reads_the_ways_players_say_it(written, read):
    assert relex(written).text == read


def test_the_tribute_told_before_its_tribute_summon_is_one_summon():
    text = "opp tributes a monster and tribute summons Jinzo."
    at = text.index("Jinzo")
    assert relex(text, [(at, at + len("Jinzo"))]).text == "Opp tribute summons Jinzo by tributing a monster."


def test_a_summon_negating_card_chained_to_a_summon_is_asked_whether_it_negates_it(base_expert):
    # was read as "does the Xyz Summon start a Chain?" and answered no (a wrong no)
    a = base_expert.ask("my opp xyz summons utopia. can i chain black horn of heaven to it?", [])
    assert a.value == "yes" and "negate" in a.restated
    # whose Summon it is, unsaid, of a card that negates only its holder's opponent's Summons:
    # the opponent's, the only one it could be asked of, said so in the restatement
    b = base_expert.ask("Can I respond to the Xyz Summon of Number 39: Utopia with Black Horn of Heaven?", [])
    assert b.value == "yes" and "by your opponent" in b.restated


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


@pytest.mark.slow
def test_a_card_activated_on_two_cards_targets_them(base_expert):
    a = base_expert.ask("i activate hate buster on their attacker and my fiend, but they destroy my fiend "
                        "in response. is their attacker still destroyed?", [])
    assert a.value == "no"


@pytest.mark.slow
def test_one_of_the_n_targets_moved_implies_the_target_count(base_expert):
    a = base_expert.ask("I activate Twin Twisters and one of the 2 targets is destroyed in response. "
                        "Is the other one still destroyed?", [])
    assert a.value == "yes"


@pytest.mark.slow
def test_a_story_the_situation_has_no_event_for_is_read_again_through_the_lexicon(base_expert):
    a = base_expert.ask("opp tributes a monster and tribute summons jinzo. does the tribute summon itself "
                        "start a chain?", [])
    assert a.value == "no" and a.reading is not None


@pytest.mark.slow
def test_the_one_target_of_a_controller_said_without_its_noun(base_expert):
    a = base_expert.ask("little knight targets mine + theirs, they pop MY monster in response. is theirs "
                        "still banished?", [])
    assert a.value == "no"
