"""What an activation condition looked at, told changed before the card resolved, read by its
story's frame (psct_expert/frames/conditions.py): sentences written for these tests."""

import pytest

from question_helpers import name_spans

from psct_expert.frames.conditions import read_changed


@pytest.fixture
def expert(base_expert):
    return base_expert


def _read(expert, text, *names):
    return read_changed(text, name_spans(text, *names, every=True), expert.db)


def test_the_hand_a_condition_looks_at_changed_in_the_chain(expert):
    got = _read(expert, "I activate Into the Void with 4 cards in hand, opp chains and makes me "
                        "discard 2. does Into the Void still resolve?", "Into the Void")
    assert got[:2] == ("Into the Void", "hand")


def test_what_changed_is_kept_only_where_the_condition_looks(expert):
    # sent "from their hand to the GY": the hand (what Gamble's condition looks at)
    got = _read(expert, "I activate Gamble while opp holds 6 cards. they send 2 cards from their "
                        "hand to the GY in response. does Gamble still resolve?", "Gamble")
    assert got[:2] == ("Gamble", "hand")


@pytest.mark.parametrize("text,names", [
    # what changed is not what its condition looks at (the GY, for a condition on the hand)
    ("I activate Into the Void with 4 cards in hand, opp chains and banishes a card from my GY. "
     "does Into the Void still resolve?", ("Into the Void",)),
    # nothing is told changed
    ("I activate Into the Void with 4 cards in hand and opp chains. does Into the Void still "
     "resolve?", ("Into the Void",)),
    # the question is not whether it resolves
    ("I activate Into the Void with 4 cards in hand, opp chains and makes me discard 2. how many "
     "cards do I draw?", ("Into the Void",)),
    # a word no list places ("protect")
    ("I activate Into the Void with 4 cards in hand, opp chains to protect their hand. does "
     "Into the Void still resolve?", ("Into the Void",)),
])
def test_what_it_cannot_place_leaves_to_the_other_readings(expert, text, names):
    assert _read(expert, text, *names) is None


def test_answered_by_the_rules_of_activation_conditions(expert):
    a = expert.ask("i activated ZERO-MAX with no cards in my hand, opp chained something and i "
                   "drew 2 before it resolved. does it still resolve?")
    assert a.value == "yes", a.restated
    assert "frame" in [c.kind for c in a.reading.changes]
