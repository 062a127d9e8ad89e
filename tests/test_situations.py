"""Told situations: sentences before the question become ordered events, and the families that
read their parts from the parse tree build the structured question the rules answer."""

import pytest

from psct_expert.errors import QuestionError

from question_helpers import events


def test_in_response_between_clauses_chains_the_next_activation(base_expert):
    spec = base_expert.parse("I activate Cosmic Cyclone; in response my opponent activates Emergency "
                             "Teleport and Special Summons a Psychic monster from their hand. After the "
                             "whole Chain resolves, can I activate Time-Space Trap Hole?")
    acts = events(spec, "activate")
    assert [a["player"] for a in acts] == ["you", "opponent"]
    assert acts[1]["respond"] == acts[0]["id"]
    assert acts[1]["does"][0]["summon-kind"] == "by-effect"
    assert spec["family"] == "can-activate-now" and spec["event"] == acts[1]["does"][0]["id"]
    # a Summon in the middle of a Chain is not the last thing to happen: the timing is missed
    assert base_expert.ask_spec(spec).value == "no"


def test_a_summon_told_last_is_being_performed(base_expert):
    spec = base_expert.parse("My opponent Synchro Summons Baronne de Fleur. "
                             "Can I negate the Synchro Summon with Black Horn of Heaven?")
    (summon,) = events(spec, "summon")
    assert summon["summon-kind"] == "synchro" and summon["player"] == "opponent"
    assert summon.get("attempt") is True
    assert base_expert.ask_spec(spec).value == "yes"


def test_two_things_asked_at_once_are_both_answered(base_expert):
    spec = base_expert.parse("My opponent activates Solemn Strike. Can I chain Solemn Judgment to negate it?")
    assert spec["family"] == "can-respond"
    assert spec["and"][0]["family"] == "negate-activation"
    assert base_expert.ask_spec(spec).value == "yes"


def test_a_cost_stays_paid(base_expert):
    spec = base_expert.parse("My Cosmic Cyclone's activation gets negated. Have I still lost the 1000 LP?")
    assert spec["family"] == "still-done" and spec["verb"] == "pay"
    assert events(spec, "negate")[0]["what"] == "activation"
    assert base_expert.ask_spec(spec).value == "yes"


def test_used_before_becomes_a_used_event(base_expert):
    spec = base_expert.parse('I already used Maxx "C" this turn. '
                             'Can I activate a second copy of Maxx "C" in the same turn?')
    (used,) = events(spec, "used")
    assert used["copy"] == "another" and used["outcome"] == "resolved"
    assert base_expert.ask_spec(spec).value == "no"


def test_a_target_flipped_face_down_by_a_response(base_expert):
    spec = base_expert.parse("I target my opponent's face-up monster with Compulsory Evacuation Device "
                             "and they chain Book of Moon to flip it face-down. Does Compulsory "
                             "Evacuation Device still return it to the hand?")
    assert spec["family"] == "affected" and spec["part"] == "return"
    assert {"state": {"target": "my opponent's face-up monster", "property": "face",
                      "value": "face-down"}} in spec["suppose"]
    assert base_expert.ask_spec(spec).value == "yes"


@pytest.mark.parametrize("question, words", [
    # a clause the situation model has no event for is refused, naming it
    ("My opponent draws for their first draw in the Draw Phase. Can I activate Droll & Lock Bird?",
     "first"),
    # "negated" alone does not say whether the activation or the effect was negated (a monster)
    ("My Ash Blossom & Joyous Spring was negated. Can I activate a second Ash Blossom later in "
     "the same turn?", "activation or only the effect"),
    # an effect named by what it does, when several fit, is refused with the candidates listed
    ("Does Accesscode Talker's effect start a Chain?", "say which effect"),
])
def test_what_cannot_be_placed_is_refused(base_expert, question, words):
    with pytest.raises(QuestionError) as err:
        base_expert.parse(question)
    assert words in str(err.value)


def test_who_summons_is_never_guessed_when_the_negator_cares(base_expert):
    # Rai-Oh negates only the opponent's Special Summons: the question must say who Summons
    with pytest.raises(QuestionError) as err:
        base_expert.parse("Can Thunder King Rai-Oh negate the Synchro Summon of Stardust Dragon?")
    assert "who Summons" in str(err.value)
    spec = base_expert.parse("Can Thunder King Rai-Oh negate the Synchro Summon of Stardust Dragon "
                             "by the opponent?")
    assert events(spec, "summon")[0]["player"] == "opponent"
    # Solemn Warning negates anyone's Summon: who does not matter
    assert base_expert.ask("Can Solemn Warning negate the Synchro Summon of Stardust Dragon?").value == "yes"


def test_a_phase_told_without_whose_turn_is_not_guessed(base_expert):
    # "During the Main Phase" says no turn: the condition "during your Main Phase" stays open,
    # while "During my Main Phase" meets it
    q = ("During {} Main Phase my opponent activates Ash Blossom & Joyous Spring. Can I activate "
         "Triple Tactics Talent?")
    assert base_expert.ask(q.format("the")).value == "unknown"
    assert base_expert.ask(q.format("my")).value == "yes"
    spec = base_expert.parse(q.format("the"))
    assert [e["turn"] for e in spec["situation"] if e["kind"] == "phase"] == ["any"]
