"""A told story whose cards cannot do what it tells is refused, naming why (lead, seventh wave-3
session; sentences written for these tests)."""

import pytest

from psct_expert.errors import QuestionError


@pytest.mark.parametrize("question, said", [
    ("I Tribute Summon Pot of Greed and my opponent negates the Summon with Solemn Warning. "
     "Can I Normal Summon again this turn?", "Pot of Greed is a Spell Card"),
    ("I Tribute Summon Jinzo and my opponent negates the Summon with Pot of Greed. "
     "Can I Normal Summon again this turn?", "Pot of Greed has no effect that negates a Summon"),
])
def test_a_told_summon_its_cards_cannot_do_is_refused(base_expert, question, said):
    with pytest.raises(QuestionError) as err:
        base_expert.ask(question, [])
    assert said in str(err.value)


def test_the_same_story_with_cards_that_can_is_answered(base_expert):
    a = base_expert.ask("I Tribute Summon Jinzo and my opponent negates the Summon with Solemn "
                        "Warning. Can I Normal Summon again this turn?", [])
    assert a.value == "no"
