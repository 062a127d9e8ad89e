"""Hunt 93 (a hostile helper that read the code, not the cases: about 650 questions, about 270
answered; six classes of wrong answers), each closed cause with the hunt's question and a near miss."""

import pytest

from psct_expert.errors import QuestionError

pytestmark = pytest.mark.slow


def test_no_other_card_of_a_kind_leaves_the_one_told(base_expert):
    # "no other" was read as none at all (the told card forgotten): wrong noes
    a = base_expert.ask("I control Mirror Force. I control no other Set cards. My opponent's monster "
                        "declares an attack. Can I activate Mirror Force?")
    assert a.value == "yes"
    a = base_expert.ask("Can I Special Summon Cyber Dragon?",
                        scenario=["Cyber Dragon is the only card in my hand.",
                                  "My opponent controls a monster and I control none."])
    assert a.value == "yes"
    # near miss: the only card in the hand cannot also pay a discard for itself
    assert base_expert.ask("Lightning Vortex is the only card in my hand. Can I still activate it?"
                           ).value == "no"


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
