"""Hunt 93 (a hostile helper that read the code, not the cases: about 650 questions, about 270
answered; six classes of wrong answers), each closed cause with the hunt's question and a near miss."""

import pytest

from psct_expert.errors import QuestionError

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("question", [
    "I activated the first effect of Elemental HERO Shadow Mist this turn. It is sent to the GY. Can I "
    "activate its second effect?",
    "I activated the first effect of Dotscaper this turn. Dotscaper is sent to the GY. Can I activate its "
    "first effect?",
])
def test_a_one_effect_per_turn_limit_spent_by_another_effect(base_expert, question):
    assert base_expert.ask(question).value == "no"


def test_near_miss_each_effect_its_own_limit(base_expert):
    a = base_expert.ask("I activated the first effect of Sky Striker Ace - Raye this turn. Can I activate "
                        "its second effect?")
    assert a.value != "no"


@pytest.mark.parametrize("card", ["Harpie's Feather Duster", "Raigeki"])
def test_both_trigger_only_after_a_card_that_moves_both(base_expert, card):
    # the cards said to trigger together must be ones that card's effect moves
    with pytest.raises(QuestionError):
        base_expert.ask(f"It is my turn. I activate {card}. My Sangan and my opponent's Witch of the Black "
                        "Forest both trigger. Is my Sangan Chain Link 1?")


@pytest.mark.parametrize("story", [
    "I control Mirror Force. I control no other Set cards. My opponent's monster declares an attack.",
    "I control a Set Mirror Force. I control no other cards. My opponent's monster declares an "
    "attack.",
])
def test_no_other_cards_leaves_the_told_card_there(base_expert, story):
    # "no other" counts the card the story told there: Mirror Force is still Set
    assert base_expert.ask(story + " Can I activate Mirror Force?").value == "yes"


def test_the_only_card_in_the_hand_is_in_the_hand(base_expert):
    a = base_expert.ask("Cyber Dragon is the only card in my hand. My opponent controls a monster "
                        "and I control none. Can I Special Summon Cyber Dragon?")
    assert a.value == "yes"
    # near miss: the only card cannot pay its own activation's discard
    b = base_expert.ask("Lightning Vortex is the only card in my hand. My opponent controls a "
                        "face-up monster. Can I activate Lightning Vortex?")
    assert b.value == "no"


def test_no_other_cards_after_the_told_card_left(base_expert):
    # the told card destroyed: nothing is left; still there: it is counted
    gone = base_expert.ask("It is my opponent's Main Phase 1. My opponent targeted my Set card with "
                           "Mystical Space Typhoon and it was destroyed. I control no other cards. "
                           "Can I activate Infinite Impermanence from my hand?")
    assert gone.value == "yes"
    there = base_expert.ask("It is my opponent's Main Phase 1. My opponent targets my Set card "
                            "with Mystical Space Typhoon. I control no other cards. Can I activate "
                            "Infinite Impermanence from my hand?")
    assert there.value == "no"
