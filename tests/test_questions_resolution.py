"""Questions about resolution told in plain English (topics E-G of the real rulings): a target
that changed before its effect resolved, several targets of which one is gone, and what the
parts of an effect still do.  Each form: the real ruling's wording, a paraphrase on other
cards, and a near miss that must be refused or must differ."""

import pytest

from psct_expert.errors import QuestionError

from question_helpers import cases, check_case, ask_answer as ask


@pytest.mark.parametrize("case", cases("resolution"))
def test_question(base_expert, case):
    """A case of tests/fixtures/questions/resolution.yaml."""
    check_case(base_expert, case)


def refused(expert, text, words=None):
    with pytest.raises(QuestionError) as err:
        expert.parse(text)
    if words:
        assert words in str(err.value)
    return str(err.value)


# -- F: several targets, one gone ---------------------------------------------------------------


def test_the_other_n_cards(base_expert):
    spec, answer = ask(base_expert, "I activate Pot of Avarice targeting 5 monsters in my GY, and my "
                                    "opponent chains Called by the Grave to banish one of them. Are the "
                                    "other 4 shuffled into my Deck?")
    assert spec["family"] == "affected" and spec["part"] == "shuffle"
    assert sum(1 for s in spec["suppose"] if "targeted" in s) == 5
    assert sum(1 for s in spec["suppose"] if "left" in s) == 1
    assert answer.value == "no"
    # a count that does not fit what is left is refused
    refused(base_expert, "I activate Pot of Avarice targeting 5 monsters in my GY, and my opponent chains "
                         "Called by the Grave to banish one of them. Are the other 3 shuffled into my Deck?",
            "4 targets are left")


