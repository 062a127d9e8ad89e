"""What the second held-out probe (bench/heldout-probe2.yaml) found: questions on cards neither
acceptance file nor the first probe uses, in the shapes players post.

For each fix: the wording on a card, the same form on another card or an invented one, and a near
miss answered differently or refused (never answered as if a word were not there)."""

import pytest

from psct_expert.cards import Card
from psct_expert.errors import QuestionError
from psct_expert.reader import read_card

from question_helpers import ask, ask_answer


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


@pytest.mark.parametrize("q", [
    "I activate Giant Trunade. Can I chain my own Dark Bribe to negate it?",
    "Can Herald of Perfection negate the activation of my own Spell Card?",
])
def test_own_activation_not_negated(base_expert, q):
    spec, answer = ask_answer(base_expert, q)
    assert answer.value == "no"
    assert "own-activation-not-covered" in answer.rules()


@pytest.mark.parametrize("q", [
    "My opponent activates Giant Trunade. Can I chain Dark Bribe to negate it?",
    "My opponent activates D.D. Crow's effect. Can I chain Herald of Perfection's effect to negate it?",
    "Can Dark Bribe negate the activation of my opponent's Giant Trunade?",
])
def test_opponents_activation_negated(base_expert, q):
    spec, answer = ask_answer(base_expert, q)
    assert answer.value == "yes"
    assert "negate-covered-activation" in answer.rules()


def test_unsaid_activator_is_not_guessed(base_expert):
    # nobody said who activated it: "When your opponent activates" cannot be checked
    spec, value = ask(base_expert, "Can Dark Bribe negate the activation of Giant Trunade?")
    assert value == "unknown"
    with pytest.raises(QuestionError, match="who activated"):
        base_expert.parse("Giant Trunade is activated. Can I chain Dark Bribe to negate it?")
    with pytest.raises(QuestionError, match="opponent"):
        base_expert.parse("Can my opponent chain Dark Bribe to my Giant Trunade?")
    # a negation for any player's activation needs no player
    spec, value = ask(base_expert, "Can Magic Jammer negate the activation of Giant Trunade?")
    assert value == "yes"


# -- "Sogen's effect": a Continuous/Field/Equip card's lasting effect, not its activation ----------

def test_lasting_effect_is_not_the_activation(base_expert):
    spec, answer = ask_answer(base_expert, "Does Sogen's effect start a Chain?")
    assert spec["effect"] == {"card": "Sogen", "n": 1}
    assert answer.value == "no"
    assert "continuous-card-effect-no-punctuation" in answer.rules()
    # activating it still starts a Chain, and a Normal Spell's effect is its activation
    assert ask(base_expert, "Does activating Sogen start a Chain?")[1] == "yes"
    spec, value = ask(base_expert, "Does Terraforming's effect start a Chain?")
    assert spec["effect"]["select"] == "activation" and value == "yes"


# -- "Can X respond to Y?" ------------------------------------------------------------------------

@pytest.mark.parametrize("q,value", [
    ("Can Soul Release respond to Phoenix Wing Wind Blast?", "no"),
    ("Can Magic Jammer respond to Giant Trunade?", "yes"),
    ("Can Effect Veiler respond to Solemn Strike?", "no"),
])
def test_respond_to(base_expert, q, value):
    spec, got = ask(base_expert, q)
    assert spec["family"] == "can-respond"
    assert got == value


# -- a Quick Effect whose condition is only its marker -------------------------------------------

def test_reader_bare_quick_condition():
    bare = Card(name="Probe Two Quick", kind="monster", subtypes=("effect",), pendulum_text=None,
                text="Once per turn (Quick Effect): You can target 1 card on the field; destroy it.")
    assert len(facts(bare, "bare_quick_condition")) == 1
    phased = Card(name="Probe Two Phased", kind="monster", subtypes=("effect",), pendulum_text=None,
                  text="During your opponent's Main Phase (Quick Effect): You can target 1 card on the field; "
                       "destroy it.")
    assert facts(phased, "bare_quick_condition") == []


@pytest.mark.parametrize("q", [
    "My opponent activates Giant Trunade. Can I chain Tornado Dragon's effect to it?",
    "Can D.D. Crow respond to Giant Trunade?",
])
def test_bare_quick_effect_answers(base_expert, q):
    spec, answer = ask_answer(base_expert, q)
    assert answer.value == "yes"
    assert "bare-quick-effect-may-answer" in answer.rules()


def test_bare_quick_effect_near_miss(base_expert):
    spec, answer = ask_answer(base_expert, "My opponent activates Magic Jammer. Can I chain D.D. Crow to it?")
    assert answer.value == "no"
    assert "bare-quick-effect-may-answer" not in answer.rules()


# -- "Is discarding X a cost of its effect?" --------------------------------------------------------

@pytest.mark.parametrize("q,card", [
    ("Is discarding D.D. Crow a cost of its effect?", "D.D. Crow"),
    ("Is sending Skull Meister from my hand to the GY a cost of its effect?", "Skull Meister"),
    ("Is Tributing Linkuriboh a cost of its first effect?", "Linkuriboh"),
])
def test_its_effect_is_the_object_card(base_expert, q, card):
    spec, value = ask(base_expert, q)
    assert spec["family"] == "is-cost" and spec["effect"]["card"] == card
    assert value == "yes"


@pytest.mark.parametrize("q", [
    "Is Tributing Linkuriboh a cost of its second effect?",         # the cost Tributes another monster
    "Is Tributing Stardust Dragon a cost of Linkuriboh's first effect?",   # that cost Tributes Linkuriboh
])
def test_cost_object_that_does_not_fit(base_expert, q):
    with pytest.raises(QuestionError, match="does not move"):
        base_expert.parse(q)


# -- "Target 1 X and 1 Y": a target of each group --------------------------------------------------

@pytest.mark.parametrize("q", [
    "Can I activate Double Cyclone targeting only a Spell/Trap my opponent controls?",
    "Can I activate Majespecter Unicorn - Kirin targeting only a monster my opponent controls?",
])
def test_every_target_group_chosen(base_expert, q):
    spec, answer = ask_answer(base_expert, q)
    assert spec["family"] == "target-count" and spec["count"] == 1
    assert answer.value == "no"
    assert "every-target-group-chosen" in answer.rules()


def test_one_group_up_to_near_miss(base_expert):
    # one group of "up to 5": one target is enough
    spec, answer = ask_answer(base_expert, "Can I activate Soul Release targeting only one card?")
    assert answer.value == "yes"
    assert "every-target-group-chosen" not in answer.rules()


# -- "when another monster's effect is activated" ------------------------------------------------

def test_reader_monsters_effect_scope():
    card = Card(name="Probe Two Wing", kind="monster", subtypes=("effect",), pendulum_text=None,
                text="Once per turn, when another monster's effect is activated (Quick Effect): You can "
                     "negate the activation, and if you do, destroy that monster.")
    assert [f.get("kind") for f in facts(card, "negation_scope")] == ["monster"]


def test_monster_effect_negator_against_spell(base_expert):
    spec, answer = ask_answer(base_expert, "Can Crystal Wing Synchro Dragon negate the activation of Monster "
                                           "Reincarnation?")
    assert answer.value == "no"
    assert "activation-not-covered" in answer.rules()


# -- a part that only says "cannot be destroyed" does not restrict responses -----------------------

def test_cannot_be_destroyed_restricts_no_response(base_expert):
    spec, answer = ask_answer(base_expert, "My opponent activates Knightmare Phoenix's effect. Can I chain "
                                           "Crystal Wing Synchro Dragon's effect to negate it?")
    assert answer.value == "yes"
    assert "negator-may-answer" in answer.rules()


def test_a_lock_that_applies_once_resolved_does_not_stop_a_response(base_expert):
    # Mystic Mine says a player cannot activate monster effects, but that applies once it
    # resolves, and Dark Bribe is a Counter Trap (Spell Speed 3) whose condition covers a Spell:
    # it can answer the activation of a Continuous Spell (Spell Speed 1; game-rules#chain.5, .8)
    spec, value = ask(base_expert, "My opponent activates Mystic Mine. Can I chain Dark Bribe to negate it?")
    assert value == "yes"


# -- "the negation and the destruction": "negation" names the action negate ----------------------

@pytest.mark.parametrize("q,card", [
    ("Are the negation and the destruction of Magic Jammer simultaneous?", "Magic Jammer"),
    ("Are the draw and the negation of Dark Bribe simultaneous?", "Dark Bribe"),
])
def test_negation_noun(base_expert, q, card):
    spec, answer = ask_answer(base_expert, q)
    assert spec["family"] == "simultaneous" and spec["effect"]["card"] == card
    assert answer.value == "yes"


def test_then_near_miss(base_expert):
    # "destroy it, then, if ..., you can draw 1 card": not simultaneous
    spec, value = ask(base_expert, "Are the destruction and the draw of Knightmare Phoenix's effect "
                                   "simultaneous?")
    assert value == "no"


# -- "My opponent negates the activation of my X with Y. Is X then destroyed?" ----------------------

@pytest.mark.parametrize("q,card", [
    ("My opponent negates the activation of my Giant Trunade with Dark Bribe. Is Giant Trunade then "
     "destroyed?", "Dark Bribe"),
    ("My opponent negates the activation of my Monster Reborn with Solemn Judgment. Is the negated card "
     "then destroyed?", "Solemn Judgment"),
    ("My opponent negates the activation of my Trap Card with Seven Tools of the Bandit. Is my Trap Card "
     "then destroyed?", "Seven Tools of the Bandit"),
])
def test_negated_activation_then_destroyed(base_expert, q, card):
    spec, value = ask(base_expert, q)
    assert spec["family"] == "clause-done" and spec["effect"]["card"] == card
    assert spec["suppose"] == [{"done": {"part": spec["part"] - 1}}]
    assert value == "yes"


def test_negated_activation_then_other_card_refused(base_expert):
    with pytest.raises(QuestionError, match="not the card whose activation was negated"):
        base_expert.parse("My opponent negates the activation of my Terraforming with Magic Jammer. Is "
                          "Giant Trunade then destroyed?")


# -- "during my opponent's turn": the turn without its phase --------------------------------------

@pytest.mark.parametrize("q,rule", [
    ("Can I activate Giant Trunade during my opponent's turn?", "slow-effect-own-main-phase"),
    ("Can I activate Sogen during my opponent's turn?", "slow-effect-own-main-phase"),
    ("Can I activate Forbidden Chalice from my hand during my opponent's turn?", "quick-play-from-hand-own-turn"),
])
def test_spell_in_opponents_turn(base_expert, q, rule):
    spec, answer = ask_answer(base_expert, q)
    assert spec["situation"] == [{"kind": "phase", "turn": "opponent"}]
    assert answer.value == "no"
    assert rule in answer.rules()


@pytest.mark.parametrize("q", [
    "Can I activate Forbidden Chalice during my opponent's turn?",     # it may have been Set
    "Can I activate Giant Trunade during my own turn?",               # the phase is not said
])
def test_spell_turn_near_miss(base_expert, q):
    assert ask(base_expert, q)[1] == "unknown"


# -- "Can I target a face-down monster with X?": a card told by what it is --------------------------

@pytest.mark.parametrize("q", [
    "Can I target a face-down monster with Forbidden Chalice?",                 # 1 face-up monster
    "Can I target a monster my opponent controls with Monster Reincarnation?",  # 1 monster in your GY
    "Can I target a Spell/Trap I control with Knightmare Phoenix's effect?",   # ... your opponent controls
])
def test_described_card_unfit_target(base_expert, q):
    spec, answer = ask_answer(base_expert, q)
    assert spec["family"] == "can-target"
    assert answer.value == "no"
    assert "described-card-unfit-target" in answer.rules()


@pytest.mark.parametrize("q", [
    "Can I target a face-up monster with Forbidden Chalice?",        # fits what is said: not a yes either
    "Can I target a monster in my GY with Monster Reincarnation?",
])
def test_described_card_that_fits_is_not_a_yes(base_expert, q):
    spec, value = ask(base_expert, q)
    assert spec["family"] == "can-target" and value == "unknown"


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


# -- "its effect that destroys all cards on the field": the verb chooses the effect ----------------

def test_effect_that_destroys(base_expert):
    spec, value = ask(base_expert, "Does Black Rose Dragon's effect that destroys all cards on the field "
                                   "target?")
    assert spec["effect"] == {"card": "Black Rose Dragon", "n": 1}
    assert value == "no"


def test_activate_targeting_a_described_card(base_expert):
    spec, answer = ask_answer(base_expert, "Can I activate Phoenix Wing Wind Blast targeting a card I control?")
    assert spec["family"] == "can-target"
    assert answer.value == "no" and "described-card-unfit-target" in answer.rules()
    # a count is still the target-count family
    spec, value = ask(base_expert, "Can I activate Twin Twisters targeting only one Spell/Trap?")
    assert spec["family"] == "target-count" and value == "yes"


# -- "Does it (that monster) still gain 400 ATK?" after a told response ----------------------------

BOOK = ("I target my opponent's face-up monster with Forbidden Chalice and they chain Book of Moon to flip "
        "it face-down. ")


@pytest.mark.parametrize("q", ["Does it still gain 400 ATK?", "Does that monster still gain 400 ATK?"])
def test_still_gains_atk(base_expert, q):
    spec, value = ask(base_expert, BOOK + q)
    assert spec["family"] == "affected" and spec["part"] == "gain"
    assert value == "no"


def test_still_gains_another_number_refused(base_expert):
    with pytest.raises(QuestionError, match="by 1000"):
        base_expert.parse(BOOK + "Does it still gain 1000 ATK?")


@pytest.mark.parametrize("q", ["Does Premature Burial's effect target?", "Does Fiendish Chain's effect target?"])
def test_lasting_card_whose_activation_does_something(base_expert, q):
    # "Activate this card by ... target ...; ...": "X's effect" is still its activation, which targets
    spec, value = ask(base_expert, q)
    assert value == "yes"


@pytest.mark.parametrize("q", [
    "Giant Trunade is activated. Can I activate Dark Bribe to negate it?",
    "When Giant Trunade is activated, can I activate Dark Bribe to negate it?",
])
def test_unsaid_activator_refused_in_negating_purpose(base_expert, q):
    # "to negate it" asks the negation too: who activated it must be said for Dark Bribe
    with pytest.raises(QuestionError, match="who activated"):
        base_expert.parse(q)


@pytest.mark.parametrize("q,value", [
    ("My opponent activates D.D. Crow's effect. Can I negate it with Divine Wrath?", "yes"),
    ("My opponent activates Giant Trunade. Can I negate it with Divine Wrath?", "no"),   # monster effects only
])
def test_can_i_negate_it_with(base_expert, q, value):
    spec, got = ask(base_expert, q)
    assert spec["family"] == "negate-activation" and spec["negator"]["card"] == "Divine Wrath"
    assert got == value


def test_one_target_special_summoned_in_response(base_expert):
    # "one of them is Special Summoned in response": that target left the GY; the others stay
    spec, value = ask(base_expert, "I target 3 cards in my opponent's GY with Soul Release and one of them is "
                                   "Special Summoned in response. Are the other 2 banished?")
    assert [s for s in spec["suppose"] if "left" in s] == [
        {"left": {"target": "3 cards in my opponent's GY (1 of 3)"}}]
    assert value == "yes"


def test_cost_with_a_player(base_expert):
    # the draw is after no semicolon: not a cost, whoever draws
    spec, value = ask(base_expert, "Is my opponent drawing 1 card a cost of Dark Bribe?")
    assert spec["family"] == "is-cost" and spec["verb"] == "draw" and value == "no"
    # a discard is Magic Jammer's cost, but paid by the player who activates it: not assumed
    spec, value = ask(base_expert, "Is my opponent discarding a card a cost of Magic Jammer?")
    assert "also_needs" in spec and value == "unknown"


@pytest.mark.parametrize("q,value", [
    ("Can Forbidden Chalice target a face-down monster?", "no"),
    ("Can Knightmare Phoenix's effect target a Spell/Trap I control?", "no"),
    ("Can Forbidden Chalice target a monster that cannot be targeted by card effects?", "no"),
    ("Can Knightmare Cerberus's effect target a Normal Summoned monster?", "unknown"),   # not read: no guess
])
def test_can_x_target_described(base_expert, q, value):
    spec, got = ask(base_expert, q)
    assert spec["family"] == "can-target"
    assert got == value
