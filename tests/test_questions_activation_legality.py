"""Activation legality (topic H) asked in plain English: conditions on what the activating
player controls, on where the activating card is, on a phase left out, and on what was
activated earlier this turn.

Each form: the real ruling's wording, a paraphrase on other cards, and a near miss that is
refused or answered differently.  The reader patterns are checked on invented card texts."""

import pytest

from psct_expert.cards import Card
from psct_expert.reader import read_card

from question_helpers import cases, check_case


@pytest.mark.parametrize("case", cases("activation_legality"))
def test_question(base_expert, case):
    """A case of tests/fixtures/questions/activation_legality.yaml."""
    check_case(base_expert, case)


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


# -- "If a card(s) is added from the Main Deck to your opponent's hand" ----------------------------

def test_reader_added_to_hand():
    r = read_card(card("If a card(s) is added from the Main Deck to your opponent's hand, except "
                       "during the Draw Phase (Quick Effect): You can send this card from your "
                       "hand to the GY; draw 1 card."))
    assert facts(r, "added_to_hand_condition", player="opponent")
    r = read_card(card("If a card(s) is added to your opponent's hand by a card effect (Quick "
                       "Effect): You can discard this card; draw 1 card."))
    assert not facts(r, "added_to_hand_condition")


