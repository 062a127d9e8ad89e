"""Hunts 98 (aimed at this session's changes) and 99 (the game beyond the guides): passes, aims
with numbers and faces, a negated negation, Summons met only in the Damage Step, Spell/Trap
"during either player's turn", grants of face-up cards; each with its near miss."""

import pytest

from psct_expert.errors import QuestionError

pytestmark = pytest.mark.slow

_MP1 = ["It is my Main Phase 1."]


@pytest.mark.parametrize("question", [
    "My opponent activates Pot of Greed. I pass. Can I chain Mystical Space Typhoon to Pot of Greed?",
    "I activate Fragrance Storm. My opponent passes priority. I pass priority. Can my opponent chain "
    "Mystical Space Typhoon to Fragrance Storm?",
])
def test_a_player_who_passed_does_not_answer_that_link(base_expert, question):
    # game-rules#chain.2: both players pass in a row, the Chain resolves
    with pytest.raises(QuestionError, match="passed on the last link"):
        base_expert.ask(question)


def test_near_miss_the_other_player_may_still_chain(base_expert):
    a = base_expert.ask("I activate Fragrance Storm and opp passes. Can I chain Mystical Space "
                        "Typhoon to my own Fragrance Storm?")
    assert a.value == "yes"


@pytest.mark.parametrize("question", [
    "Can I activate Pot of Desires to draw 10 cards?",
    "Can I activate Graceful Charity to draw 2 cards?",
    "Can I activate Book of Moon to change a face-down Defense Position monster to face-down "
    "Defense Position?",
])
def test_an_aim_with_another_number_or_face_is_not_its_text(base_expert, question):
    assert base_expert.ask(question, _MP1).value != "yes"


@pytest.mark.parametrize("question", [
    "Can I activate Pot of Desires to draw 2 cards?",
    "Can I activate Graceful Charity to draw 3 cards?",
])
def test_near_miss_an_aim_with_the_texts_number(base_expert, question):
    assert base_expert.ask(question, _MP1).value == "yes"


_CHRONO = ["I activate Chronomaly Technology.",
           "My opponent chains a Counter Trap and negates its activation."]


def test_a_negation_negated_in_turn_negated_nothing(base_expert):
    a = base_expert.ask("Can I activate my second copy of Chronomaly Technology this turn?",
                        _CHRONO + ["I chain a Counter Trap to it and negate its activation."])
    assert a.value == "no"


def test_near_miss_the_negation_stands(base_expert):
    a = base_expert.ask("Can I activate my second copy of Chronomaly Technology this turn?", _CHRONO)
    assert a.value == "yes"


def test_a_summon_a_battle_destruction_triggers_is_not_placed_in_the_battle_step(base_expert):
    with pytest.raises(QuestionError, match="say the step it is Summoned in"):
        base_expert.ask("My opponent's monster attacks my EARTH monster. I Special Summon Aussa the "
                        "Earth Channeler from my hand. Does a replay happen?")


def test_a_trap_effect_during_either_players_turn_is_not_a_quick_effect(base_expert):
    assert base_expert.ask("Is the second effect of Butterflyoke a Quick Effect?").value != "yes"
    assert base_expert.ask("Is the effect of Effect Veiler a Quick Effect?").value == "yes"


@pytest.mark.parametrize("question", [
    "I Normal Summon Constellar Pollux. Can I still Normal Summon this turn?",
    "I control Fairy Tail Ball. My opponent controls a monster. Can my Fairy Tail - Snow attack "
    "directly?",
    "I control Clown Crew Dristy. I Tribute Summon Jinzo. My Jinzo attacks and my opponent negates "
    "the attack. Can Jinzo attack again this turn?",
])
def test_a_grant_of_a_card_on_the_field_is_not_answered_no(base_expert, question):
    # (hunt 99) the card's continuous effect applies without being activated
    assert base_expert.ask(question).value != "no"


@pytest.mark.parametrize("question", [
    "I Normal Summon Sangan. Can I Normal Summon again this turn?",
    "My opponent controls a monster. Can my Dark Magician attack directly?",
    "I Tribute Summon Jinzo. My Jinzo attacks and my opponent negates the attack. Can Jinzo attack "
    "again this turn?",
])
def test_near_miss_no_grant_on_the_field(base_expert, question):
    assert base_expert.ask(question).value == "no"
