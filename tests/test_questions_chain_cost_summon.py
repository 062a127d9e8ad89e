"""Question forms for Chains, costs, Summon negation and targeting (real-ruling topics A-D).

Each form is tested with (a) the real ruling's wording, (b) a paraphrase on other cards that
reaches the same kind of spec and answer, and (c) a near miss that must be refused or differ."""

import pytest

from psct_expert.errors import QuestionError

from question_helpers import cases, check_case, events as _events


@pytest.mark.parametrize("case", cases("chain_cost_summon"))
def test_question(base_expert, case):
    """A case of tests/fixtures/questions/chain_cost_summon.yaml."""
    check_case(base_expert, case)


def _refused(expert, question) -> str:
    with pytest.raises(QuestionError) as err:
        expert.parse(question)
    return str(err.value)


# -- A: effects named by content -------------------------------------------------------------


def test_controls_a_card_and_a_described_monster(base_expert):
    spec = base_expert.parse("If I control Alich, Malebranche of the Burning Abyss and a monster that "
                             "is not a Burning Abyss monster, does Alich's self-destruction start a "
                             "Chain my opponent can respond to?")
    states = _events(spec, "state")
    assert len(states) == 2 and all(s["place"] == "field" for s in states)
    assert "not a Burning Abyss monster" in spec["entities"][states[1]["what"]]["desc"]
    assert base_expert.ask_spec(spec).value == "no"


# -- C: Summon negation ------------------------------------------------------------------------


def test_a_summon_in_progress_by_its_own_procedure(base_expert):
    real = ("My opponent is Special Summoning Gameciel, the Sea Turtle Kaiju to my field by Tributing "
            "one of my other monsters. Can I negate that Summon with my face-up Thunder King Rai-Oh?")
    spec = base_expert.parse(real)
    [s] = _events(spec, "summon")
    assert (s["summon-kind"], s["player"], s.get("attempt")) == ("procedure", "opponent", True)
    assert base_expert.ask_spec(spec).value == "yes"
    assert base_expert.ask(real.replace("Gameciel, the Sea Turtle Kaiju",
                                        "Dogoran, the Mad Flame Kaiju")).value == "yes"
    _refused(base_expert, real.replace("to my field", "to their field"))


def test_too_late_once_the_summon_happened(base_expert):
    spec = base_expert.parse("I let my opponent's Link Summon of Accesscode Talker happen and its "
                             "ATK-gain effect is activated. Can I now activate Solemn Strike to negate "
                             "the Link Summon?")
    [s] = _events(spec, "summon")
    assert s["player"] == "opponent" and not s.get("attempt")
    assert _events(spec, "activate")[0]["player"] == "opponent"
    assert base_expert.ask_spec(spec).value == "no"
    assert base_expert.ask("My opponent is about to Link Summon Accesscode Talker. Can I activate "
                           "Solemn Strike to negate the Link Summon?").value == "yes"


# -- D: targeting a card whose own text protects it -----------------------------------------------


def test_reader_reads_which_effects_cannot_target():
    from psct_expert.cards import Card
    from psct_expert.reader import read_card

    def what(text):
        r = read_card(Card(name="Example Guard", kind="monster", subtypes=("effect",), text=text))
        return [f.get("what") for f in r.facts if f.type == "cannot_be_targeted"]

    assert what("Neither player can target this card with monster effects.") == ["monster-effects"]
    assert what("Neither player can target this card with card effects.") == ["card-effects"]
    assert what("This card cannot be targeted by Spell effects.") == ["spell-effects"]


