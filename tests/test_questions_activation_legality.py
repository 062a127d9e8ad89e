"""Activation legality (topic H) asked in plain English: conditions on what the activating
player controls, on where the activating card is, on a phase left out, and on what was
activated earlier this turn.

Each form: the real ruling's wording, a paraphrase on other cards, and a near miss that is
refused or answered differently.  The reader patterns are checked on invented card texts."""

import pytest

from psct_expert.cards import Card
from psct_expert.errors import QuestionError
from psct_expert.reader import read_card

from question_helpers import events as _events


def card(text, kind="monster", subtypes=("effect",), name="Example Card"):
    return Card(name=name, kind=kind, subtypes=tuple(subtypes), text=text)


def facts(reading, type_, **match):
    return [f for f in reading.facts if f.type == type_
            and all(f.get(k) == v for k, v in match.items())]


# -- reader patterns on invented cards -----------------------------------------------------------

def test_reader_control_none_condition():
    r = read_card(card("If you control no face-up cards: Destroy all monsters your opponent "
                       "controls.", kind="spell", subtypes=("normal",)))
    assert facts(r, "control_none", effect="Example Card#1", what="face-up-card", when="any")
    r = read_card(card("If you control no monsters: Draw 1 card.", kind="spell",
                       subtypes=("normal",)))
    assert facts(r, "control_none", what="monster")


def test_reader_control_none_near_misses():
    # a place after the kind narrows it: not read as "no monsters at all"
    r = read_card(card("If you control no monsters in your Main Monster Zone: Draw 1 card.",
                       kind="spell", subtypes=("normal",)))
    assert not facts(r, "control_none")
    r = read_card(card("If you control a face-up monster: Draw 1 card.", kind="spell",
                       subtypes=("normal",)))
    assert not facts(r, "control_none")


def test_reader_hand_permission_condition():
    r = read_card(card("Destroy 1 monster your opponent controls.\nIf you control no cards, "
                       "you can activate this card from your hand.", kind="trap",
                       subtypes=("normal",)))
    assert facts(r, "control_none", effect="Example Card#0", what="card", when="from-hand")
    r = read_card(card("Destroy 1 monster your opponent controls.\nYou can activate this card "
                       "from your hand.", kind="trap", subtypes=("normal",)))
    assert not facts(r, "control_none")


def test_reader_activator_on_field():
    r = read_card(card("When a monster on the field activates its effect, or when a Spell/Trap "
                       "that is already face-up on the field activates its effect (Quick "
                       "Effect): You can send this card from your hand to the GY; destroy that "
                       "card on the field."))
    assert facts(r, "activator_on_field", what="monster", face_up="no")
    assert facts(r, "activator_on_field", what="spell-trap", face_up="yes")
    assert facts(r, "activator_on_field_only", effect="Example Card#1")
    # another alternative in the condition: activations elsewhere may meet it
    r = read_card(card("When a monster on the field activates its effect, or when a card or "
                       "effect is activated (Quick Effect): You can discard this card; draw 1 "
                       "card."))
    assert facts(r, "activator_on_field")
    assert not facts(r, "activator_on_field_only")


def test_reader_phase_left_out():
    r = read_card(card("If a card(s) is added from the Main Deck to your opponent's hand, except "
                       "during the Draw Phase (Quick Effect): You can send this card from your "
                       "hand to the GY; draw 1 card."))
    assert facts(r, "phase_excluded", phase="draw")
    assert not facts(r, "phase_condition", phase="draw")
    r = read_card(card("During the Draw Phase (Quick Effect): You can discard this card; draw 1 "
                       "card."))
    assert facts(r, "phase_condition", phase="draw")
    assert not facts(r, "phase_excluded")


def test_reader_activated_this_turn():
    r = read_card(card("If your opponent has activated a monster effect during your Main Phase "
                       "this turn: Draw 2 cards.", kind="spell", subtypes=("normal",)))
    assert facts(r, "activated_this_turn", player="opponent", phase="main", turn="you")
    r = read_card(card("During the Main Phase, if your opponent has activated a monster effect "
                       "in the hand or GY this turn (Quick Effect): You can draw 1 card."))
    assert not facts(r, "activated_this_turn")


# -- "I control X. Can I activate Y?" against "If you control no ..." ---------------------------

def test_control_none_real_ruling(base_expert):
    q = "I control a face-up Continuous Spell. Can I activate Lightning Storm?"
    spec = base_expert.parse(q)
    state, = _events(spec, "state")
    assert spec["entities"][state["what"]]["face"] == "up"
    assert base_expert.ask(q).value == "no"


def test_control_none_paraphrase(base_expert):
    q = "I control a Set monster. Can I activate Unexpected Dai?"
    spec = base_expert.parse(q)
    state, = _events(spec, "state")
    assert spec["entities"][state["what"]]["kind"] == "monster"
    assert base_expert.ask(q).value == "no"


@pytest.mark.parametrize("q", [
    # the opponent's card does not matter to "If you control ..."
    "My opponent controls a face-up Continuous Spell. Can I activate Lightning Storm?",
    # a Set card is not a face-up card
    "I control a Set Spell. Can I activate Lightning Storm?",
])
def test_control_none_near_misses(base_expert, q):
    assert base_expert.ask(q).value != "no"


def test_hand_permission_real_ruling(base_expert):
    q = ("I control one Set card. Can I activate Evenly Matched from my hand at the end of the "
         "Battle Phase?")
    spec = base_expert.parse(q)
    assert spec["from"] == "hand"
    phase, = _events(spec, "phase")
    assert (phase["phase"], phase["turn"]) == ("battle", "any")
    assert base_expert.ask(q).value == "no"


def test_hand_permission_paraphrase(base_expert):
    q = "I control one Set card. Can I activate Infinite Impermanence from my hand?"
    assert base_expert.parse(q)["from"] == "hand"
    assert base_expert.ask(q).value == "no"


def test_hand_permission_near_misses(base_expert):
    # not from the hand: the permission's condition does not bind it
    q = "I control one Set card. Can I activate Evenly Matched at the end of the Battle Phase?"
    assert "from" not in base_expert.parse(q)
    assert base_expert.ask(q).value != "no"
    with pytest.raises(QuestionError) as err:
        base_expert.parse("I control one Set card. Can I activate Evenly Matched from my "
                          "opponent's hand at the end of the Battle Phase?")
    assert "whose hand" in str(err.value)
    # "at the end of" a phase whose owner the card's own window does not leave open
    with pytest.raises(QuestionError) as err:
        base_expert.parse("I control one Set card. Can I activate Infinite Impermanence from my "
                          "hand at the end of the Battle Phase?")
    assert "whose turn" in str(err.value)


# -- "When a monster on the field activates its effect" -------------------------------------------

def test_activator_on_field_real_ruling_hand(base_expert):
    q = ("My opponent activates Ash Blossom & Joyous Spring from their hand. Can I respond with "
         "Ghost Ogre & Snow Rabbit to destroy something?")
    act, = _events(base_expert.parse(q), "activate")
    assert act["from"] == "hand"
    assert base_expert.ask(q).value == "no"


def test_activator_on_field_real_ruling_set_card(base_expert):
    q = ("My opponent flips and activates a Set Infinite Impermanence. Can I chain Ghost Ogre & "
         "Snow Rabbit to destroy it?")
    act, = _events(base_expert.parse(q), "activate")
    assert act["from"] == "set"
    assert base_expert.ask(q).value == "no"


def test_activator_on_field_paraphrase(base_expert):
    q = ("My opponent activates Effect Veiler from their hand. Can I respond with Ghost Ogre & "
         "Snow Rabbit?")
    assert base_expert.ask(q).value == "no"
    q = ("My opponent flips and activates a Set Solemn Judgment. Can I chain Ghost Ogre & Snow "
         "Rabbit?")
    # a Counter Trap: the Spell Speed rule says no too; the Set-card rule agrees
    assert base_expert.ask(q).value == "no"


def test_activator_on_field_near_miss(base_expert):
    # a monster effect activated on the field meets the condition: not answered no
    q = "My opponent activates Effect Veiler. Can I chain Ghost Ogre & Snow Rabbit?"
    act, = _events(base_expert.parse(q), "activate")
    assert "from" not in act
    assert base_expert.ask(q).value != "no"


# -- "except during the Draw Phase" ---------------------------------------------------------------

def test_phase_left_out_real_ruling(base_expert):
    q = ("My opponent draws for their normal draw in the Draw Phase. Can I activate Droll & Lock "
         "Bird?")
    spec = base_expert.parse(q)
    assert _events(spec, "phase") == [{"kind": "phase", "phase": "draw", "turn": "opponent"}]
    move, = _events(spec, "move")
    assert (move["action"], move["by"], move["player"]) == ("drawn", "rule", "opponent")
    assert base_expert.ask(q).value == "no"


def test_phase_left_out_paraphrase(base_expert):
    q = ("My opponent draws for their normal draw in the Draw Phase. Can I activate Masked HERO "
         "Dark Law's effect?")
    assert base_expert.ask(q).value == "no"


def test_phase_left_out_near_misses(base_expert):
    # in the Main Phase the left-out window does not apply
    q = ("My opponent draws for their normal draw in the Main Phase. Can I activate Droll & Lock "
         "Bird?")
    assert base_expert.ask(q).value != "no"
    # the normal draw is the drawing player's own
    with pytest.raises(QuestionError) as err:
        base_expert.parse("My opponent draws for my normal draw in the Draw Phase. Can I activate "
                          "Droll & Lock Bird?")
    assert "whose normal draw" in str(err.value)


# -- "If your opponent has activated a monster effect ... this turn" -----------------------------

def test_activated_this_turn_real_ruling(base_expert):
    q = ("During my Main Phase my opponent activated Ash Blossom & Joyous Spring, but its effect "
         "was negated by my Called by the Grave. Can I activate Triple Tactics Talent this turn?")
    spec = base_expert.parse(q)
    assert spec["family"] == "can-activate-now"
    assert spec["effect"]["card"] == "Triple Tactics Talent"
    assert _events(spec, "negate")[0]["what"] == "effect"
    assert base_expert.ask(q).value == "yes"


def test_activated_this_turn_paraphrase(base_expert):
    q = ("During my Main Phase my opponent activated Effect Veiler. Can I activate Triple Tactics "
         "Thrust this turn?")
    assert base_expert.parse(q)["family"] == "can-activate-now"
    assert base_expert.ask(q).value == "yes"


def test_activated_this_turn_near_misses(base_expert):
    # my own monster effect does not meet "your opponent has activated"
    q = ("During my Main Phase I activated Ash Blossom & Joyous Spring. Can I activate Triple "
         "Tactics Talent this turn?")
    assert base_expert.ask(q).value != "yes"
    # the card itself was used before: that is a question of using it again
    q = ("I already activated Triple Tactics Talent. Can I activate Triple Tactics Talent this "
         "turn?")
    assert base_expert.parse(q)["family"] == "again-this-turn"


# -- "If a card(s) is added from the Main Deck to your opponent's hand" ----------------------------

def test_reader_added_to_hand():
    r = read_card(card("If a card(s) is added from the Main Deck to your opponent's hand, except "
                       "during the Draw Phase (Quick Effect): You can send this card from your "
                       "hand to the GY; draw 1 card."))
    assert facts(r, "added_to_hand_condition", player="opponent")
    r = read_card(card("If a card(s) is added to your opponent's hand by a card effect (Quick "
                       "Effect): You can discard this card; draw 1 card."))
    assert not facts(r, "added_to_hand_condition")


def test_added_to_hand_real_ruling(base_expert):
    q = ("In their Main Phase my opponent adds a card from their Deck to their hand with Sky "
         "Striker Mobilize - Engage!. Can I then activate Droll & Lock Bird?")
    spec = base_expert.parse(q)
    res, = _events(spec, "resolve")
    step, = res["does"]
    assert (step["action"], step["from"]) == ("added-to-hand", "deck")
    assert spec["entities"][step["what"]]["controller"] == "opponent"
    assert base_expert.ask(q).value == "yes"


def test_added_to_hand_paraphrase(base_expert):
    q = ("In their Main Phase my opponent adds a card from their Deck to their hand with "
         "Reinforcement of the Army. Can I then activate Droll & Lock Bird?")
    assert base_expert.ask(q).value == "yes"


@pytest.mark.parametrize("q", [
    # from the GY: not from the Main Deck
    "In their Main Phase my opponent adds a card from their GY to their hand with Sky Striker "
    "Mobilize - Engage!. Can I then activate Droll & Lock Bird?",
    # my own search: not my opponent's hand
    "In my Main Phase I add a card from my Deck to my hand with Reinforcement of the Army. Can I "
    "then activate Droll & Lock Bird?",
])
def test_added_to_hand_near_misses(base_expert, q):
    assert base_expert.ask(q).value != "yes"


def test_added_to_hand_in_the_left_out_phase(base_expert):
    q = ("In their Draw Phase my opponent adds a card from their Deck to their hand with "
         "Reinforcement of the Army. Can I then activate Droll & Lock Bird?")
    assert base_expert.ask(q).value == "no"
    with pytest.raises(QuestionError):
        base_expert.parse("In their Main Phase my opponent adds a card from their Deck to my hand "
                          "with Reinforcement of the Army. Can I then activate Droll & Lock Bird?")
