"""When a Spell or Trap Card, or an Ignition effect, may be activated at all
(game-rules#activation-legality.6-8): a Quick-Play Spell from the hand only in its controller's
own turn, a Trap Card Set first and not the turn it was Set, Spell Speed 1 Spells and Ignition
effects only in their controller's own Main Phase.  Each rule answers only "no"; where none
applies the answer stays open.

The questions are the cases of tests/fixtures/questions/activation_timing.yaml (run by
tests/test_questions_cases.py); the reader's side, on invented cards, the reading cases of
tests/fixtures/readings/activation_timing.yaml (run here).  Below, what a case cannot say: a name
found in a sentence, a structured question, and a refusal when it is answered."""

import pytest

from psct_expert.errors import QuestionError
from psct_expert.parser.names import find_cards

from question_helpers import check_reading, count_reading, readings


@pytest.mark.parametrize("case", readings("activation_timing"))
def test_reading(case):
    """A reading of an invented card in tests/fixtures/readings/activation_timing.yaml."""
    wanted = count_reading(case)
    assert wanted > 0, "a reading case that checks nothing"
    assert check_reading(case) == wanted, "a check the case names was not made"


def test_a_name_is_not_read_through_a_following_the(base_expert):
    # card-name keys leave "the" out, so "Solemn Judgment the" had the key of the card
    text = "Can I activate Solemn Judgment the turn I Set it?"
    mentions = find_cards(text, base_expert.db)
    assert [m.text for m in mentions] == ["Solemn Judgment"]
    assert [m.card for m in find_cards("Can I chain Call of the Haunted to it?", base_expert.db)] \
        == ["Call of the Haunted"]


def test_a_card_with_a_part_that_forbids_something_is_left_to_a_judge(base_expert):
    # "You cannot Special Summon ... the turn you activate this card": whether it can be activated
    # depends on what was done earlier in the turn
    spec = {"family": "can-activate-now", "effect": {"card": "Branded Fusion", "select": "activation"},
            "situation": [{"kind": "phase", "phase": "main1", "turn": "you"}]}
    assert base_expert.ask_spec(spec).value == "unknown"


@pytest.mark.slow
def test_what_the_question_says_a_card_does_is_checked_against_its_text(base_expert):
    with pytest.raises(QuestionError) as err:
        base_expert.ask_spec(base_expert.parse(
            "My opponent has Dimensional Fissure face-up (cards sent to the GY are banished "
            "instead). Can I activate Effect Veiler's effect?"))
    assert "does not say that any card sent to the GY is banished instead" in str(err.value)
