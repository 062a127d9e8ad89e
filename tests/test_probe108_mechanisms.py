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
