"""Question forms for Chains, costs, Summon negation and targeting (real-ruling topics A-D).

Each form is tested with (a) the real ruling's wording, (b) a paraphrase on other cards that
reaches the same kind of spec and answer, and (c) a near miss that must be refused or differ:
the cases of tests/fixtures/questions/chain_cost_summon.yaml.  Here, the reader on invented texts."""

from psct_expert.cards import Card
from psct_expert.reader import read_card


# -- D: targeting a card whose own text protects it -----------------------------------------------

def test_reader_reads_which_effects_cannot_target():
    def what(text):
        r = read_card(Card(name="Example Guard", kind="monster", subtypes=("effect",), text=text))
        return [f.get("what") for f in r.facts if f.type == "cannot_be_targeted"]

    assert what("Neither player can target this card with monster effects.") == ["monster-effects"]
    assert what("Neither player can target this card with card effects.") == ["card-effects"]
    assert what("This card cannot be targeted by Spell effects.") == ["spell-effects"]


