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


@pytest.mark.slow
def test_a_card_said_as_the_topic_before_a_colon_is_the_it_of_the_question(base_expert):
    # "X question:" / "Regarding X:" keep X as the topic (the card "Question" is a label word there)
    a = base_expert.ask("Effect Veiler question: can I activate it during my own turn?")
    assert a.value == "no" and "Effect Veiler" in a.restated
    b = base_expert.ask("Book of Moon ruling: can I target a face-down monster with it?")
    assert b.value == "no" and "Book of Moon" in b.restated
    # "it" anywhere in the question, and "it's"
    c = base_expert.ask("Sangan: if it is used as Synchro Material, does its effect "
                        "activate?")
    assert c.value == "yes"
    # near miss: "it" after something else it may stand for ("a monster") is not the topic
    from psct_expert.errors import QuestionError
    with pytest.raises(QuestionError):
        base_expert.ask("Dark Hole: my opponent summons a monster, can I destroy it?")


@pytest.mark.slow
def test_a_card_activated_from_its_pendulum_zone_is_asked_which(base_expert):
    # "from/into the Pendulum Zone" (as "in"): the card itself placed, or one of its Pendulum Effects
    from psct_expert.errors import QuestionError
    for q in ("Opponent activates Stargazer Magician in the Pendulum Zone. Can I chain Magic "
              "Jammer to it?",
              "My opponent activates Stargazer Magician from their Pendulum Zone. Can I chain Magic "
              "Jammer to it?"):
        with pytest.raises(QuestionError, match="Pendulum Zone: say whether"):
            base_expert.ask(q)


@pytest.mark.slow
def test_words_of_size_and_a_single_one(base_expert):
    # "a big monster" is a monster; "a single monster" is 1
    a = base_expert.ask("My opponent Tribute Summons a big monster. Can I negate it with Solemn Strike?")
    assert a.value == "no"
    b = base_expert.ask("Can Thunder King Rai-Oh negate my opponent's Synchro Summon of a single "
                        "monster?")
    assert b.value == "yes"
    # a result wanted by "I" closing the question is set aside and asked too: a no stands
    c = base_expert.ask("Opp Normal Summons Jinzo. Does Jinzo's effect go on a Chain so I still get a "
                        "window to respond?")
    assert c.value == "no" and any(ch.kind == "result" for ch in c.reading.changes)
