"""When a Spell or Trap Card, or an Ignition effect, may be activated at all
(game-rules#activation-legality.6-8): a Quick-Play Spell from the hand only in its controller's
own turn, a Trap Card Set first and not the turn it was Set, Spell Speed 1 Spells and Ignition
effects only in their controller's own Main Phase.  Each rule answers only "no"; where none
applies the answer stays open.

The questions are the cases of tests/fixtures/questions/activation_timing.yaml (run by
tests/test_questions_cases.py); here, what a case cannot say: the reader's side on invented
cards, a name found in a sentence, a structured question, and a refusal when it is answered."""

import pytest

from psct_expert.cards import Card
from psct_expert.errors import QuestionError
from psct_expert.parser.names import find_cards
from psct_expert.reader import read_card


def test_a_name_is_not_read_through_a_following_the(base_expert):
    # card-name keys leave "the" out, so "Solemn Judgment the" had the key of the card
    text = "Can I activate Solemn Judgment the turn I Set it?"
    mentions = find_cards(text, base_expert.db)
    assert [m.text for m in mentions] == ["Solemn Judgment"]
    assert [m.card for m in find_cards("Can I chain Call of the Haunted to it?", base_expert.db)] \
        == ["Call of the Haunted"]


@pytest.mark.parametrize("text, kind", [
    ("During the turn in which your opponent has activated a monster effect, you can activate this "
     "card from your hand.\nTarget 1 monster on the field; destroy it.", "activate_from_hand_permission"),
    ("If your opponent goes first, you can also activate this card from your hand during the Standby "
     "Phase of their first turn. Draw 1 card.", "activate_from_hand_permission"),
    ("If your opponent controls 5 or more cards, this card cannot be negated, also you can activate "
     "this card the turn it was Set.", "activate_set_turn_permission"),
    ("If this card was Set by the effect of an \"Example\" card, you can activate it the turn it was "
     "Set.\nTarget 1 monster on the field; destroy it.", "activate_set_turn_permission"),
])
def test_a_trap_that_says_it_may_be_activated_otherwise(text, kind):
    # the permission is read (so the rules that forbid the hand, or the turn it was Set, keep out)
    reading = read_card(Card(name="Example Trap", kind="trap", subtypes=("normal",), text=text))
    assert [f.type for f in reading.facts if f.type.endswith("_permission")] == [kind]


@pytest.mark.parametrize("sentence", ["This card can only be activated during Main Phase 1.",
                                      "This card can only be activated at the start of Main Phase 1.",
                                      "You can activate this card only during your Standby Phase.",
                                      "To activate this card, you must draw it for your normal draw.",
                                      "Activate only as Chain Link 2 or higher.",
                                      "You cannot activate this card if you control a monster."])
def test_a_sentence_that_limits_when_the_card_is_activated(sentence):
    # read as the card's activation condition, so no timing rule decides for it
    reading = read_card(Card(name="Example Spell", kind="spell", subtypes=("normal",),
                             text=f"{sentence} Draw 1 card."))
    assert [f.get("effect") for f in reading.facts if f.type == "activation_condition_sentence"] \
        == ["Example Spell#0"]


def test_a_card_with_a_part_that_forbids_something_is_left_to_a_judge(base_expert):
    # "You cannot Special Summon ... the turn you activate this card": whether it can be activated
    # depends on what was done earlier in the turn
    spec = {"family": "can-activate-now", "effect": {"card": "Branded Fusion", "select": "activation"},
            "situation": [{"kind": "phase", "phase": "main1", "turn": "you"}]}
    assert base_expert.ask_spec(spec).value == "unknown"


def test_what_the_question_says_a_card_does_is_checked_against_its_text(base_expert):
    with pytest.raises(QuestionError) as err:
        base_expert.ask_spec(base_expert.parse(
            "My opponent has Dimensional Fissure face-up (cards sent to the GY are banished "
            "instead). Can I activate Effect Veiler's effect?"))
    assert "does not say that any card sent to the GY is banished instead" in str(err.value)


@pytest.mark.parametrize("text, what", [
    ("While this card is face-up on the field, any card sent to the GY is banished instead.", ["card"]),
    ("Any monster sent to the GY is banished instead.", ["monster"]),
    # another condition, or a resolution that does it for a while: not a lasting replacement
    ("While you control a Fiend monster, any card sent to the GY is banished instead.", []),
    ("Target 1 monster; until the end of the next turn, any card sent to the GY is banished "
     "instead.", []),
])
def test_the_reader_reads_a_lasting_banish_instead(text, what):
    reading = read_card(Card(name="Example Cosmos", kind="trap", subtypes=("continuous",), text=text))
    assert [f.get("what") for f in reading.facts if f.type == "gy_replacement"] == what
