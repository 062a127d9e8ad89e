"""Mechanisms of the session after `f38931c` (issues 22 and 23), found by round 77 and hostile
probes.  Sentences written for these tests, not the shared cases; each test has its near miss."""

import pytest


@pytest.mark.slow
def test_a_continuous_card_whose_activation_only_puts_it_face_up_is_not_for_the_damage_step(
        base_expert):
    # game-rules#damage-step.7, #damage-step.9: negating monster effects changes ATK only indirectly
    for card in ("Skill Drain", "Royal Decree"):
        a = base_expert.ask(f"Can {card} be activated during the Damage Step?")
        assert a.value == "no", card
        assert "lasting-card-activation-not-for-the-damage-step" in a.rules()
    # near miss: a Continuous Trap whose effect changes ATK is left to a judge
    b = base_expert.ask("Can Token Stampede be activated during the Damage Step?")
    assert "lasting-card-activation-not-for-the-damage-step" not in b.rules()


@pytest.mark.slow
def test_a_listed_negator_cannot_negate_an_activation_that_does_nothing_it_lists(base_expert):
    # psct-guide#3: "that includes any of these effects" answers only an activation doing one of them
    for spell in ("Pot of Greed", "Graceful Charity"):
        a = base_expert.ask(f"Can Ash Blossom & Joyous Spring negate {spell}?")
        assert a.value == "no", spell
        assert "listed-effect-not-included-cannot-be-negated" in a.rules()
    # near miss: a Spell that adds a card from the Deck does a listed action
    b = base_expert.ask("Can Ash Blossom & Joyous Spring negate Reinforcement of the Army?")
    assert b.value != "no"
    assert "listed-effect-not-included-cannot-be-negated" not in b.rules()


@pytest.mark.slow
def test_a_target_in_your_gy_is_not_one_in_the_opponents_gy(base_expert):
    # game-rules#targeting.1: "1 monster in your GY" (reader target_condition in-your-gy)
    a = base_expert.ask("Can Call of the Haunted target a monster in my opponent's GY?")
    assert a.value == "no" and "described-card-unfit-target" in a.rules()
    # near miss: "either GY" names both
    b = base_expert.ask("Can Monster Reborn target a monster in my opponent's GY?")
    assert b.value != "no"
    # near miss: its own GY
    c = base_expert.ask("Can Call of the Haunted target a monster in my GY?")
    assert c.value != "no"
