"""Questions of topics C, E and F of the real rulings told in plain English: negating a Spell's
activation, a target changed by a response, a requirement the effect restates, several targets,
and Summons of more than one monster.  Each form: the real ruling's wording, a paraphrase on
other cards, and a near miss that must be refused or must differ.  The questions of one
shape are cases in tests/fixtures/questions/targets_summons.yaml; here, checks a case cannot say."""

import pytest
from psct_expert.reader import read_card

from question_helpers import facts_of, invented_card, refused


def facts(text, type_, kind="monster", subtypes=("effect",), **match):
    return facts_of(read_card(invented_card(text, kind, subtypes)), type_, **match)


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


# -- F: told targets, and a supposition about them -----------------------------------------------

@pytest.mark.slow
def test_scenario_lines_told_as_sentences(base_expert):
    q = "If one of the 5 monsters targeted by my Pot of Avarice is banished in response, do I still draw 2 cards?"
    lines = ["I activate Pot of Avarice targeting 5 monsters in my GY.",
             "My opponent chains Called by the Grave and banishes one of those 5 monsters."]
    spec = base_expert.parse(q, lines)
    assert spec["family"] == "clause-done" and spec["part"] == "draw"
    assert sum(1 for s in spec["suppose"] if "left" in s) == 1
    assert base_expert.ask_spec(spec, q).value == "no"
    # near miss: a line that is neither an older scenario form nor a told sentence is refused
    refused(base_expert, q, scenario=["I activate Pot of Avarice targeting 5 monsters in my GY.",
                                      "Something odd happens."])


# -- C: a Summon negation for "exactly 1 monster" ------------------------------------------------

def test_the_reader_keeps_the_number_of_monsters_a_summon_negation_covers():
    text = ("When your opponent would Special Summon exactly 1 monster: Negate the Special Summon, and if "
            "you do, destroy it.")
    assert [f.get("count") for f in facts(text, "summon_count_exactly", kind="trap",
                                          subtypes=("counter",))] == [1]
    # near miss: "a monster(s)" sets no number
    assert not facts("When a monster(s) would be Summoned: Negate the Summon, and if you do, destroy it.",
                     "summon_count_exactly", kind="trap", subtypes=("counter",))


