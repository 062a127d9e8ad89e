"""Mechanisms of the session after `9586063` (issues 22 and 23), found by round 73 and hostile
probes.  Sentences written for these tests, not the shared cases; each test has its near miss."""

import pytest

from psct_expert.errors import QuestionError


@pytest.mark.slow
def test_a_named_spell_trap_activated_in_response_stays_until_the_chain_resolves(base_expert):
    # game-rules#chain.13: a Spell/Trap activated as a later link is still on the field when the
    # earlier link resolves, so the targeting Spell still destroys it
    a = base_expert.ask("I target my opponent's Set Torrential Tribute with Mystical Space Typhoon "
                        "and they activate it in response. Does Mystical Space Typhoon still "
                        "destroy it?")
    assert a.value == "yes"
    # near miss: a Trap whose own activation Special Summons it is not settled by its kind
    with pytest.raises(QuestionError, match="stay on the field"):
        base_expert.ask("I target my opponent's Set Metal Reflect Slime with Mystical Space "
                        "Typhoon and they activate it in response. Does Mystical Space Typhoon "
                        "still destroy it?")


@pytest.mark.slow
def test_an_effect_negator_chained_answers_a_cost_question(base_expert):
    a = base_expert.ask("I activate Dark Armed Dragon's effect and they chain Effect Veiler. Is the "
                        "cost refunded?")
    assert a.value == "no"
    assert "took as its cost (banishing)" in a.restated
    # near miss: a chained card that negates nothing tells no negation
    with pytest.raises(QuestionError, match="what was negated"):
        base_expert.ask("I activate Dark Armed Dragon's effect and they chain Mystical Space "
                        "Typhoon. Is the cost refunded?")


@pytest.mark.slow
def test_the_only_card_in_a_hand(base_expert):
    for story in ("Lightning Vortex is the only card in my hand.",
                  "Lightning Vortex is my last card in hand.",
                  "I have only Lightning Vortex in my hand."):
        a = base_expert.ask(story + " Can I activate it?")
        assert a.value == "no", story        # its cost discards another card (game-rules#cost.5)
    # near miss: a card that discards nothing to activate is not stopped by it
    assert base_expert.ask("Pot of Greed is the only card in my hand. Can I activate it?").value != "no"
    # and a question of another card than the one told is refused
    with pytest.raises(QuestionError, match="only card in the hand"):
        base_expert.ask("Lightning Vortex is the only card in my hand. Can I activate Raigeki?")


@pytest.mark.slow
def test_a_summon_from_or_performed_by_a_card(base_expert):
    a = base_expert.ask("Can Solemn Judgment negate the Special Summon from Monster Reborn?")
    assert a.value == "no" and "by the first effect of Monster Reborn" in a.restated
    b = base_expert.ask("Can Thunder King Rai-Oh negate the Special Summon performed by Monster "
                        "Reborn?")
    assert b.value == "no"
    # near miss: "from the hand" is where the monster came from, not a card
    c = base_expert.ask("Can Solemn Judgment negate the Special Summon of Cyber Dragon from the "
                        "hand?")
    assert "Monster Reborn" not in c.restated


@pytest.mark.slow
def test_an_attribute_alone_names_a_monster(base_expert):
    a = base_expert.ask("I activate Dark Armed Dragon's effect and they negate it. Does the "
                        "banished DARK come back to my GY?")
    assert a.value == "no"
    # near miss: an Attribute with a noun after it is still that noun's modifier
    b = base_expert.ask("I activate Dark Armed Dragon's effect and they negate it. Does the "
                        "banished DARK monster come back to my GY?")
    assert b.value == "no" and b.restated == a.restated
