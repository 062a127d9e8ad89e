"""What the second held-out probe (bench/heldout-probe2.yaml) found: questions on cards neither
acceptance file nor the first probe uses, in the shapes players post.

For each fix: the wording on a card, the same form on another card or an invented one, and a near
miss answered differently or refused (never answered as if a word were not there).  The questions
are the cases of tests/fixtures/questions/probe2.yaml (run by tests/test_questions_cases.py); the
reader's side of each fix, on invented cards, is checked here."""

from psct_expert.cards import Card
from psct_expert.reader import read_card


def facts(card: Card, kind: str) -> list:
    return [f for f in read_card(card).facts if f.type == kind]


# -- "When your opponent activates ...": not its controller's own activation -------------------


def test_reader_opponent_activates_scope():
    card = Card(name="Probe Two Bribe", kind="trap", subtypes=("counter",), pendulum_text=None,
                text="When your opponent activates a Spell/Trap Card: Negate the activation, and if you do, "
                     "destroy it.")
    scope = [f for f in facts(card, "negation_scope") if f.get("what") == "activation"]
    assert [(f.get("kind"), f.get("summoner")) for f in scope] == [("spell_trap", "opponent")]
    near = Card(name="Probe Two Judge", kind="trap", subtypes=("counter",), pendulum_text=None,
                text="When a Spell/Trap Card is activated: Negate the activation, and if you do, destroy it.")
    assert [f.get("summoner") for f in facts(near, "negation_scope")] == ["any"]


def test_reader_second_kind_after_or():
    # "a Spell/Trap Card, or monster effect" is both kinds (it was read as Spell/Trap only)
    card = Card(name="Probe Two Herald", kind="monster", subtypes=("effect",), pendulum_text=None,
                text="When your opponent activates a Spell/Trap Card, or monster effect (Quick Effect): You "
                     "can discard 1 card; negate the activation, and if you do, destroy it.")
    assert [f.get("kind") for f in facts(card, "negation_scope")] == ["spell_trap_monster"]
    # a qualifier after the comma still restricts it
    dice = Card(name="Probe Two Dice", kind="trap", subtypes=("counter",), pendulum_text=None,
                text="When your opponent activates a Spell/Trap Card, or monster effect, that requires a dice "
                     "roll: Negate the activation, and if you do, destroy it.")
    assert [f.get("kind") for f in facts(dice, "negation_scope")] == ["spell_trap_monster_restricted"]

# -- a Quick Effect whose condition is only its marker -------------------------------------------


def test_reader_bare_quick_condition():
    bare = Card(name="Probe Two Quick", kind="monster", subtypes=("effect",), pendulum_text=None,
                text="Once per turn (Quick Effect): You can target 1 card on the field; destroy it.")
    assert len(facts(bare, "bare_quick_condition")) == 1
    phased = Card(name="Probe Two Phased", kind="monster", subtypes=("effect",), pendulum_text=None,
                  text="During your opponent's Main Phase (Quick Effect): You can target 1 card on the field; "
                       "destroy it.")
    assert facts(phased, "bare_quick_condition") == []

# -- "when another monster's effect is activated" ------------------------------------------------


def test_reader_monsters_effect_scope():
    card = Card(name="Probe Two Wing", kind="monster", subtypes=("effect",), pendulum_text=None,
                text="Once per turn, when another monster's effect is activated (Quick Effect): You can "
                     "negate the activation, and if you do, destroy that monster.")
    assert [f.get("kind") for f in facts(card, "negation_scope")] == ["monster"]

# -- "You can banish 1 Plant monster ..." is an action, not a ban on banishing ----------------------


def test_reader_you_can_banish_is_no_prohibition():
    cost = Card(name="Probe Two Rose", kind="monster", subtypes=("effect",), pendulum_text=None,
                text="Once per turn: You can banish 1 Plant monster from your GY, then target 1 monster "
                     "your opponent controls; destroy it.")
    assert facts(cost, "prohibits") == []
    ban = Card(name="Probe Two Lance", kind="monster", subtypes=("effect",), pendulum_text=None,
               text="During your opponent's turn (Quick Effect): You can Tribute this card from your hand; "
                    "neither player can banish cards for the rest of this turn.")
    assert [f.get("action") for f in facts(ban, "prohibits")] == ["banish"]
