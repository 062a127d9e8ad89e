"""A part of an effect told unable to be done, another part asked about, read by its story's
frame (psct_expert/frames/unable.py): sentences written for these tests."""

import pytest

from question_helpers import name_spans

from psct_expert.frames.unable import read_unable


@pytest.fixture
def expert(base_expert):
    return base_expert


def _read(expert, text, *names):
    return read_unable(text, name_spans(text, *names), expert.db)


def test_the_part_told_unable_and_the_part_asked(expert):
    got = _read(expert, "my Divine Wrath hits a monster that can't be destroyed by card effects. "
                        "is the activation still negated?", "Divine Wrath")
    assert got == ("Divine Wrath", [1], "destroy", ["negate"])


def test_said_as_nothing_done_and_as_a_monster_that_does_not_die(expert):
    assert _read(expert, "Starlight Road negates their Heavy Storm but nothing got destroyed. do "
                         "i still special summon?", "Starlight Road", "Heavy Storm")[2:] == \
        ("destroy", ["special-summon"])
    assert _read(expert, "Divine Wrath on a monster effect, the monster doesn't die. is the "
                         "activation still negated?", "Divine Wrath")[2] == "destroy"


def test_an_adverb_between_cannot_and_the_action(expert):
    got = _read(expert, "if at resolution I can't actually banish a copy of the declared card, "
                        "does Crossout Designator still negate their copies?",
                "Crossout Designator")
    assert got[2:] == ("banish", ["negate"])


@pytest.mark.parametrize("text,names", [
    # the card itself negated: another story
    ("opp negated my Divine Wrath and the monster can't be destroyed. is the activation still "
     "negated?", ("Divine Wrath",)),
    # the action asked is the one told unable
    ("Divine Wrath vs a monster that can't be destroyed. is it still destroyed?", ("Divine Wrath",)),
    # two actions told unable
    ("Divine Wrath vs a monster that can't be destroyed or banished. is the activation still "
     "negated?", ("Divine Wrath",)),
    # a word no list places
    ("Divine Wrath vs a monster that can't be destroyed, but my opponent laughs. is the "
     "activation still negated?", ("Divine Wrath",)),
])
def test_what_it_cannot_place_leaves_to_the_other_readings(expert, text, names):
    assert _read(expert, text, *names) is None


@pytest.mark.parametrize("question,value", [
    # "negate, and if you do, destroy": the negation stands when the destruction fails
    ("Divine Wrath vs a monster effect from a monster that can't be destroyed by card effects. "
     "Is the activation still negated even if the monster won't be destroyed?", "yes"),
    # "destroy, and if you do, gain LP, then add": nothing destroyed, nothing after
    ("ancient fairy dragon 2nd effect, they chained and got rid of the field spell so nothing "
     "got destroyed. do i still gain 1000 and search a field spell?", "no"),
])
def test_answered_by_the_rules_of_the_conjunctions(expert, question, value):
    a = expert.ask(question)
    assert a.value == value, a.restated
    assert "frame" in [c.kind for c in a.reading.changes]
