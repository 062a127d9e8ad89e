"""Questions of topics C, E and F of the real rulings told in plain English: negating a Spell's
activation, a target changed by a response, a requirement the effect restates, several targets,
and Summons of more than one monster.  Each form: the real ruling's wording, a paraphrase on
other cards, and a near miss that must be refused or must differ."""

import pytest

from psct_expert.cards import Card
from psct_expert.errors import QuestionError
from psct_expert.reader import read_card

from question_helpers import cases, check_case, ask_answer as ask


@pytest.mark.parametrize("case", cases("targets_summons"))
def test_question(base_expert, case):
    """A case of tests/fixtures/questions/targets_summons.yaml."""
    check_case(base_expert, case)


def assert_refused(expert, text, words=None):
    with pytest.raises(QuestionError) as err:
        expert.parse(text)
    if words:
        assert words in str(err.value)
    return str(err.value)


def facts(text, type_, kind="monster", subtypes=("effect",), **match):
    reading = read_card(Card(name="Example Card", kind=kind, subtypes=tuple(subtypes), text=text))
    return [f for f in reading.facts if f.type == type_
            and all(f.get(k) == v for k, v in match.items())]


# -- E: a response told without what it did -----------------------------------------------------


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


# -- F: several targets, and a part that Summons another card ------------------------------------

def test_a_described_target_group_is_one_group():
    text = ("Target 2 FIRE monsters (1 Tuner and 1 non-Tuner) in your GY; banish both monsters, and if "
            "you do, Special Summon 1 FIRE Synchro Monster from your Extra Deck whose Level equals the "
            "total Levels of those monsters.")
    assert [f.get("count") for f in facts(text, "target", kind="spell", subtypes=("normal",))] == [2]
    # the Summon acts on another card: "those monsters" after "whose" only describes it
    assert not facts(text, "reference", kind="spell", subtypes=("normal",), n=2)
    assert [f.get("kind") for f in facts(text, "reference", kind="spell", subtypes=("normal",), n=1)] \
        == ["both"]
    # near miss: two groups joined by "and" outside parentheses stay two groups
    two = "Target 1 monster you control and 1 card your opponent controls; destroy them."
    assert [f.get("count") for f in facts(two, "target", kind="spell", subtypes=("normal",))] == [1, 1]
    # near miss: a part that acts on "those monsters" keeps its reference
    assert facts("Target 2 monsters in your GY; shuffle those monsters into the Deck.", "reference",
                 kind="spell", subtypes=("normal",), n=1)


def test_one_of_the_targets_gone_no_summon_after_and_if_you_do(base_expert):
    spec, answer = ask(base_expert, "One of the two FIRE monsters I targeted with Birth of the Prominence "
                                    "Flame is banished in response. Do I still Special Summon the FIRE "
                                    "Synchro Monster?")
    assert spec["family"] == "clause-done" and spec["part"] == "special-summon"
    assert sum(1 for s in spec["suppose"] if "left" in s) == 1
    assert answer.value == "no"


def test_one_of_the_targets_gone_no_draw_after_then(base_expert):
    spec, answer = ask(base_expert, "One of the 5 monsters I targeted with Pot of Avarice is banished in "
                                    "response. Do I still draw 2 cards?")
    assert spec["family"] == "clause-done" and spec["part"] == "draw"
    assert sum(1 for s in spec["suppose"] if "targeted" in s) == 5
    assert answer.value == "no"


# -- F: told targets, and a supposition about them -----------------------------------------------

def test_scenario_lines_told_as_sentences(base_expert):
    q = "If one of the 5 monsters targeted by my Pot of Avarice is banished in response, do I still draw 2 cards?"
    lines = ["I activate Pot of Avarice targeting 5 monsters in my GY.",
             "My opponent chains Called by the Grave and banishes one of those 5 monsters."]
    spec = base_expert.parse(q, lines)
    assert spec["family"] == "clause-done" and spec["part"] == "draw"
    assert sum(1 for s in spec["suppose"] if "left" in s) == 1
    assert base_expert.ask_spec(spec, q).value == "no"
    # near miss: a line that is neither an older scenario form nor a told sentence is refused
    with pytest.raises(QuestionError):
        base_expert.parse(q, ["I activate Pot of Avarice targeting 5 monsters in my GY.",
                              "Something odd happens."])


def test_a_response_that_banishes_one_of_the_targets(base_expert):
    spec, answer = ask(base_expert, "I activate Pot of Dichotomy targeting 3 monsters in my GY. My opponent "
                                    "chains Called by the Grave and banishes one of those 3 monsters. Do I "
                                    "still draw 2 cards?")
    assert sum(1 for s in spec["suppose"] if "left" in s) == 1
    assert answer.value == "no"


def test_a_supposition_about_told_targets(base_expert):
    spec, answer = ask(base_expert, "I activate Jar of Avarice targeting 5 cards in my GY. If one of the 5 "
                                    "cards targeted by my Jar of Avarice is banished in response, do I draw 1 "
                                    "card?")
    assert sum(1 for s in spec["suppose"] if "left" in s) == 1
    assert answer.value == "no"
    # near misses: a count that is not the told one, and a supposition with no place, are refused
    assert_refused(base_expert, "I activate Jar of Avarice targeting 5 cards in my GY. If one of the 4 cards "
                         "targeted by my Jar of Avarice is banished in response, do I draw 1 card?",
            "it targeted 5, not 4")
    assert_refused(base_expert, "I activate Jar of Avarice targeting 5 cards in my GY. If my opponent controls a "
                         "monster, do I draw 1 card?", "beside the told situation")


# -- C: a Summon negation for "exactly 1 monster" ------------------------------------------------

def test_the_reader_keeps_the_number_of_monsters_a_summon_negation_covers():
    text = ("When your opponent would Special Summon exactly 1 monster: Negate the Special Summon, and if "
            "you do, destroy it.")
    assert [f.get("count") for f in facts(text, "summon_count_exactly", kind="trap",
                                          subtypes=("counter",))] == [1]
    # near miss: "a monster(s)" sets no number
    assert not facts("When a monster(s) would be Summoned: Negate the Summon, and if you do, destroy it.",
                     "summon_count_exactly", kind="trap", subtypes=("counter",))


