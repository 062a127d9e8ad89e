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
