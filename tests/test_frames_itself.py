"""The card itself told gone before its activation resolved, read by its story's frame
(psct_expert/frames/itself.py): sentences written for these tests."""

import pytest

from question_helpers import name_spans

from psct_expert.frames.itself import read_itself


@pytest.fixture
def expert(base_expert):
    return base_expert


def _read(expert, text, name):
    return read_itself(text, name_spans(text, name, every=True), expert.db)


def test_the_card_said_gone_by_its_name_by_it_or_with_no_subject(expert):
    assert _read(expert, "I activate Pot of Greed, they chain and banish it. does it still "
                         "resolve?", "Pot of Greed") == ("Pot of Greed", "banished", False)
    assert _read(expert, "Darklord Ixchel activated her quick effect on a trap in my GY, then got "
                         "destroyed in response. does it still resolve?",
                 "Darklord Ixchel")[1:] == ("destroyed", True)


@pytest.mark.parametrize("text,name", [
    # "it" after a target told may be the target: not this frame's
    ("Darklord Ixchel activated her effect on a trap in my GY, opp banishes it in response. does "
     "it still resolve?", "Darklord Ixchel"),
    # asked whether a part happens, not whether it resolves
    ("I activate Pot of Greed, they chain and banish it. do I still draw 2?", "Pot of Greed"),
    # nothing told done to it
    ("I activate Pot of Greed and they chain something. does it still resolve?", "Pot of Greed"),
])
def test_what_it_cannot_place_leaves_to_the_other_readings(expert, text, name):
    assert _read(expert, text, name) is None


def test_a_story_the_situation_asks_to_be_told_otherwise_is_read_by_the_frame(expert):
    # the grammar's situation reads "banishes it" as removing one of what was controlled and
    # asks to be told it; the frame reads the card itself banished
    a = expert.ask("i activate pot of greed, opp chains and banishes it. does pot of greed "
                   "still resolve?")
    assert a.value == "yes" and "frame" in [c.kind for c in a.reading.changes]


@pytest.mark.parametrize("question,value", [
    # a Normal Spell destroyed in response still resolves (game-rules#resolution.1)
    ("i activate mst on their backrow, they chain something and destroy my mst. does mst still "
     "resolve?", "yes"),
    # a Continuous Trap no longer on the field does not (game-rules#resolution.2)
    ("i activate call of the haunted targeting a monster in my gy, they chain something and "
     "destroy call of the haunted. does call of the haunted still resolve?", "no"),
])
def test_answered_by_the_rules_of_resolution(expert, question, value):
    a = expert.ask(question)
    assert a.value == value, a.restated
    assert "frame" in [c.kind for c in a.reading.changes]
