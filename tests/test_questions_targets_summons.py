"""Questions of topics C, E and F of the real rulings told in plain English: negating a Spell's
activation, a target changed by a response, a requirement the effect restates, several targets,
and Summons of more than one monster.  Each form: the real ruling's wording, a paraphrase on
other cards, and a near miss that must be refused or must differ."""

import pytest

from psct_expert.cards import Card
from psct_expert.errors import QuestionError
from psct_expert.reader import read_card


def ask(expert, text):
    spec = expert.parse(text)
    return spec, expert.ask_spec(spec, text)


def refused(expert, text, words=None):
    with pytest.raises(QuestionError) as err:
        expert.parse(text)
    if words:
        assert words in str(err.value)
    return str(err.value)


def facts(text, type_, kind="monster", subtypes=("effect",), **match):
    reading = read_card(Card(name="Example Card", kind=kind, subtypes=tuple(subtypes), text=text))
    return [f for f in reading.facts if f.type == type_
            and all(f.get(k) == v for k, v in match.items())]


# -- C: a Counter Trap chained to a Normal or Ritual Spell (Spell Speed 1) ------------------------

def test_judgment_chained_to_a_ritual_spell(base_expert):
    spec, answer = ask(base_expert, "Can I chain Solemn Judgment to the activation of Advanced Ritual "
                                    "Art to stop the Ritual Summon?")
    assert spec["family"] == "can-respond"
    assert spec["and"][0]["family"] == "negate-activation"
    assert answer.value == "yes"
    assert "game-rules#chain.5" in answer.citations()


def test_a_counter_trap_chained_to_a_normal_spell(base_expert):
    _spec, answer = ask(base_expert, "My opponent activates Pot of Greed. Can I chain Solemn Judgment "
                                     "to negate it?")
    assert answer.value == "yes"


def test_the_ritual_spell_makes_no_other_summon_kind(base_expert):
    # near miss: a Ritual Spell makes no Synchro Summon
    refused(base_expert, "Can I chain Solemn Judgment to the activation of Advanced Ritual Art to stop "
                         "the Synchro Summon?", "makes no Synchro Summon")


# -- E: a response told without what it did -----------------------------------------------------

def test_book_of_moon_chained_to_an_effect_that_does_not_need_face_up(base_expert):
    # Caius banishes "that target", chosen as "1 card on the field": face-down or not, still banished
    spec, answer = ask(base_expert, "My Caius the Shadow Monarch targets my opponent's face-up monster "
                                    "and they chain Book of Moon. Is the monster still banished?")
    assert {"state": {"target": "my opponent's face-up monster", "property": "face",
                      "value": "face-down-or-unchanged"}} in spec["suppose"]
    assert answer.value == "yes"


def test_book_of_moon_chained_to_another_effect_that_does_not_need_face_up(base_expert):
    _spec, answer = ask(base_expert, "I target my opponent's face-up monster with Compulsory Evacuation "
                                     "Device and they chain Book of Moon. Is the monster still "
                                     "returned to the hand?")
    assert answer.value == "yes"


def test_book_of_moon_unsaid_target_is_not_guessed_where_it_matters(base_expert):
    # near miss: Karma Cut needs a face-up monster, so it depends on what Book of Moon targeted
    spec, answer = ask(base_expert, "I target my opponent's face-up monster with Karma Cut and they "
                                    "chain Book of Moon. Is the monster still banished?")
    assert answer.value == "unknown"


def test_a_response_that_cannot_target_the_card_changes_nothing(base_expert):
    # near miss: Mystical Space Typhoon targets a Spell/Trap, not the monster
    spec, _answer = ask(base_expert, "My Caius the Shadow Monarch targets my opponent's face-up monster "
                                     "and they chain Mystical Space Typhoon. Is the monster still "
                                     "banished?")
    assert not [s for s in spec["suppose"] if "state" in s or "left" in s]


# -- E: a requirement the effect restates ("that face-up monster") -----------------------------

def test_the_reader_keeps_a_restated_requirement():
    text = ("(Quick Effect): You can target 1 Effect Monster your opponent controls; negate the "
            "effects of that face-up monster your opponent controls.")
    assert facts(text, "restated_condition", condition="face-up", slot=1)
    # near miss: "negate its effects" restates nothing
    assert not facts("(Quick Effect): You can target 1 Effect Monster your opponent controls; "
                     "negate its effects.", "restated_condition")


def test_veiler_on_a_monster_flipped_face_down(base_expert):
    spec, answer = ask(base_expert, "I activate Effect Veiler targeting my opponent's monster and they "
                                    "chain Book of Moon to flip it face-down. Is that monster's effect "
                                    "negated when Effect Veiler resolves?")
    assert spec["family"] == "affected" and spec["part"] == "negate"
    assert answer.value == "no"
    assert "game-rules#targeting.12" in answer.citations()


def test_another_card_that_restates_face_up(base_expert):
    # Breakthrough Skill: "target 1 Effect Monster ...; negate the effects of that face-up monster"
    _spec, answer = ask(base_expert, "I target my opponent's monster with Breakthrough Skill and they "
                                     "chain Book of Moon to flip it face-down. Is the monster's effect "
                                     "still negated?")
    assert answer.value == "no"
