"""A told story whose cards cannot do what it tells is refused, naming why (lead, seventh wave-3
session; sentences written for these tests)."""

import pytest

from psct_expert.errors import QuestionError


@pytest.mark.parametrize("question, said", [
    ("I Tribute Summon Pot of Greed and my opponent negates the Summon with Solemn Warning. "
     "Can I Normal Summon again this turn?", "Pot of Greed is a Spell Card"),
    ("I Tribute Summon Jinzo and my opponent negates the Summon with Pot of Greed. "
     "Can I Normal Summon again this turn?", "Pot of Greed has no effect that negates a Summon"),
])
def test_a_told_summon_its_cards_cannot_do_is_refused(base_expert, question, said):
    with pytest.raises(QuestionError) as err:
        base_expert.ask(question, [])
    assert said in str(err.value)


def test_the_same_story_with_cards_that_can_is_answered(base_expert):
    a = base_expert.ask("I Tribute Summon Jinzo and my opponent negates the Summon with Solemn "
                        "Warning. Can I Normal Summon again this turn?", [])
    assert a.value == "no"


@pytest.mark.parametrize("question, effect", [
    # both effects target: where the told target is picks the one
    ("I activate Bystial Druiswurm targeting a DARK monster in my opponent's GY. Does it start a Chain?",
     "the first effect"),
    ("I activate Bystial Druiswurm targeting a monster my opponent controls. Does it start a Chain?",
     "the second effect"),
    # whose card is targeted is said from the activating player's side
    ("My opponent activates Bystial Druiswurm targeting a monster I control. Does it start a Chain?",
     "the second effect"),
])
def test_where_and_whose_the_told_target_is_picks_the_effect(base_expert, question, effect):
    assert effect in base_expert.ask(question, []).restated


def test_a_target_gone_from_the_gy_before_resolution_stops_what_follows_if_you_do(base_expert):
    a = base_expert.ask("I activate Bystial Druiswurm targeting a DARK monster in my opponent's GY. "
                        "It is banished in response. Do I still Special Summon Bystial Druiswurm?", [])
    assert a.value == "no" and "first effect" in a.restated


@pytest.mark.slow
def test_a_special_summon_by_tributing_is_the_cards_own_procedure_when_its_text_says_so(base_expert):
    a = base_expert.ask("My opponent Special Summons Kumongous, the Sticky String Kaiju by Tributing "
                        "my monster. Does that Special Summon start a Chain?", [])
    assert a.value == "no"
    # a monster whose text has no such procedure is not Special Summoned by Tributing
    with pytest.raises(QuestionError):
        base_expert.ask("I Special Summon Dark Magician by Tributing a monster. Can my opponent "
                        "negate the Summon with Solemn Strike?", [])


@pytest.mark.parametrize("question, value", [
    # the activated Trap itself destroyed in response, its target the attacker the story told
    ("My opponent's monster attacks. I activate Sakuretsu Armor. My opponent destroys Sakuretsu Armor "
     "in response. Does Sakuretsu Armor still destroy the attacking monster?", "yes"),
    # its activation told only by "before it resolves"; the attack by its activation condition
    ("my opponent destroys my Sakuretsu Armor before it resolves. does Sakuretsu Armor still destroy "
     "the attacker?", "yes"),
    # near miss: a Continuous Trap destroyed in response does nothing
    ("I activate Call of the Haunted targeting Dark Magician in my GY. My opponent destroys Call of "
     "the Haunted in response. Is Dark Magician still Special Summoned?", "no"),
])
def test_the_activated_card_itself_leaving_in_response(base_expert, question, value):
    assert base_expert.ask(question, []).value == value


def test_an_attacker_changed_before_resolution_is_the_one_target_it_fits(base_expert):
    # Sakuretsu Armor targets exactly 1 card, the attacking monster: the attacker moved in response
    # was its target (situate/targets.py, _implied_target), and is gone when it resolves
    a = base_expert.ask("My opponent's monster attacks. I activate Sakuretsu Armor. The attacking "
                        "monster is banished in response. Does Sakuretsu Armor still destroy the "
                        "attacking monster?", [])
    assert a.value == "no"
    # near miss: a monster of mine is no card it may target: nothing is supposed
    with pytest.raises(QuestionError):
        base_expert.ask("My opponent's monster attacks. I activate Sakuretsu Armor. My monster is "
                        "banished in response. Does Sakuretsu Armor still destroy the attacking "
                        "monster?", [])


def test_it_in_a_response_is_never_the_card_responded_to(base_expert):
    # "it" would be the card just activated; a card cannot answer itself: which card is asked
    with pytest.raises(QuestionError) as err:
        base_expert.ask("My opponent activates Night Beam targeting my Set trap. Can I activate it "
                        "in response?", [])
    assert "which card is 'it'" in str(err.value)


def test_can_i_chain_to_it_is_not_answered_for_a_card_that_locks_responses(base_expert):
    with pytest.raises(QuestionError) as err:
        base_expert.ask("my opponent activates Super Polymerization. can i chain to it?", [])
    assert "locks responses" in str(err.value)
    # near miss: a card without a lock is asked whether it starts a Chain
    assert base_expert.ask("my opponent activates Raigeki. can i chain to it?", []).value == "yes"


def test_it_after_a_gy_card_is_chained_is_the_card_in_the_gy_not_the_card_activated(base_expert):
    a = base_expert.ask("my opponent uses Monster Reborn on my Dark Magician, I chain D.D. Crow and "
                        "banish it. does Monster Reborn still Special Summon it?", [])
    assert a.value == "no" and "Dark Magician" in a.restated
    # near miss: a card that destroys on the field takes "it" as the card activated
    b = base_expert.ask("My opponent activates Pot of Greed. I chain Mystical Space Typhoon and "
                        "destroy it. Does Pot of Greed still resolve?", [])
    assert b.value == "yes"
