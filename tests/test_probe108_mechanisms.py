"""Mechanisms of the session after dfd49d7 (blind-probe rounds 107 and 108, hunt 94), each with
its near miss."""

import pytest

from psct_expert.errors import QuestionError

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("question", [
    "Is the Token summoned at the same time as Nibiru, the Primal Being?",
    "Is the Primal Being Token Special Summoned simultaneously with Nibiru, the Primal Being?",
    'nibiru: "Tribute as many face-up monsters on the field as possible, and if you do, Special '
    'Summon this card from your hand, then Special Summon 1 Primal Being Token". is the token '
    'special summoned at the same time as nibiru?',
])
def test_one_thing_done_at_the_same_time_as_another(base_expert, question):
    # "then": the Token comes after the card itself
    a = base_expert.ask(question)
    assert a.value == "no"
    assert a.restated.startswith("Are parts 2 and 3 of the first effect of Nibiru")


def test_near_miss_two_cards_named_is_asked_which(base_expert):
    with pytest.raises(QuestionError, match="which card's effect"):
        base_expert.ask("Is Sangan summoned at the same time as Nibiru, the Primal Being?")


@pytest.mark.parametrize("said", [
    "Pretty sure it works but my friend told me it doesn't. {q}",
    "{q} I'm scared I got it wrong.",
    "I don't care about the draw. {q}",
    "My buddy says no. {q}",
])
def test_how_sure_the_asker_is_is_set_aside(base_expert, said):
    q = "Can Ash Blossom & Joyous Spring negate Pot of Desires?"
    a = base_expert.ask(said.format(q=q))
    assert a.restated == base_expert.ask(q).restated
    assert any(c.kind == "set-aside" for c in a.reading.changes)


def test_near_miss_a_claim_naming_a_card_is_read(base_expert):
    # a sentence that names a card may tell the story: never set aside
    with pytest.raises(QuestionError):
        base_expert.ask("My friend told me Effect Veiler cannot do it. Can Ash Blossom & Joyous "
                        "Spring negate Pot of Desires?")


def test_an_activation_asked_with_no_turn_told(base_expert):
    # only a state told: some moment of either player's turn allows it
    a = base_expert.ask("Exactly 12 cards left in my Deck. Can I activate Pot of Desires?")
    assert a.value == "yes"
    assert "either player's turn" in a.restated
    assert any("your Main Phase 1" in n for n in a.notes)
    # near misses: the cost cannot be paid at any moment; nothing told at all is refused
    b = base_expert.ask("I have exactly 9 cards left in my Deck. Can I activate Pot of Desires?")
    assert b.value == "no"
    with pytest.raises(QuestionError, match="at what point"):
        base_expert.ask("Can I activate Pot of Desires?")


def test_near_miss_a_trigger_with_no_event_told_stays_unknown(base_expert):
    # no moment of an empty turn has its event: not a no
    assert base_expert.ask("I control Sangan. Can I activate the effect of Sangan?").value == "unknown"


def test_a_turn_limit_is_spent_only_in_its_turn(base_expert):
    story = ["I used the effect of Gagaga Magician this turn."]
    a = base_expert.ask("Can I use it again during my next turn?", story)
    assert a.value == "yes"
    assert "turn-limit-resets-in-a-later-turn" in a.rules()
    # near miss: in the opponent's turn its effect (not a Quick Effect) cannot be activated; the
    # part that says so is restated with the question
    b = base_expert.ask("Can I use it again during my opponent's next turn?", story)
    assert b.value == "no"
    assert "opponent's turn" in b.restated
    # near miss: the same turn
    assert base_expert.ask("Can I use it again this turn?", story).value == "no"


def test_protection_from_destruction_forbids_no_activation(base_expert):
    a = base_expert.ask("It is my opponent's Main Phase 1. Can I activate the second effect of "
                        "Borrelsword Dragon?")
    assert a.value == "yes"
    # near miss: a part that forbids the player something is still left to a judge
    assert base_expert.ask("It is my opponent's Main Phase 1. Can I activate Pot of Extravagance?"
                           ).value == "no"


@pytest.mark.parametrize("step", ["during damage calculation", "after damage calculation"])
def test_a_stat_change_naming_the_damage_step_is_too_late_from_damage_calculation(base_expert, step):
    a = base_expert.ask(f"It is the Damage Step, {step}. Can I activate the second effect of Honest?")
    assert a.value == "no"
    assert "damage-step-stat-change-too-late" in a.rules()


def test_near_miss_a_stat_change_before_damage_calculation(base_expert):
    a = base_expert.ask("It is the Damage Step, before damage calculation. Can I activate the second "
                        "effect of Honest?")
    assert a.value != "no"


def test_an_added_to_hand_condition_does_not_answer_an_activation(base_expert):
    a = base_expert.ask("Can I chain Droll & Lock Bird to it?",
                        ["My opponent activates Reinforcement of the Army."])
    assert a.value == "no"
    assert "added-to-hand-condition-not-an-activation" in a.rules()
    # near miss: a condition that names the activation answers it
    b = base_expert.ask("Can I chain Ash Blossom & Joyous Spring to it?",
                        ["It is my opponent's Main Phase 1.",
                         "My opponent activates Reinforcement of the Army."])
    assert b.value == "yes"


def test_a_hand_permission_asked_with_no_turn_told_is_not_asked_of_every_moment(base_expert):
    # (slow run) the question asks of the card's own permission to be activated from the hand,
    # which names the opponent's turn: a Quick-Play Spell in its own turn is another question
    a = base_expert.ask("My opponent controls 2 Spells/Traps and I control 1 Set card. Can I "
                        "activate Typhoon from my hand?")
    assert a.value != "yes"
    assert "either player's turn" not in a.restated


def test_an_aim_the_activated_text_does_not_do_is_refused(base_expert):
    with pytest.raises(QuestionError, match="does not destroy"):
        base_expert.ask("Can I chain Infinite Impermanence to it?",
                        ["My opponent activates Forbidden Lance to destroy my monster."])
    # near miss: an aim its text does
    a = base_expert.ask("Can I chain Infinite Impermanence to it?",
                        ["My opponent activates Dark Hole to destroy my monsters."])
    assert a.value in ("yes", "no", "unknown")
    assert "Dark Hole" in a.restated
