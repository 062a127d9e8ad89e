"""Event order as facts (issue 23, item 1), on invented cards: a card moved by a part of an effect
that goes on ("destroy that target, then ..."), Tributed for a Tribute Summon, a card that left and
came back (a new card), an effect with two targets whose first target is gone.  The same questions
on real cards are cases of tests/fixtures/questions/event_order.yaml."""

import pytest

CARDS = {
    "Example Taker": ("spell", ("normal",), "Target 1 face-up monster your opponent controls; "
                      "destroy that target, then your opponent gains 1000 LP."),
    "Example Burner": ("spell", ("normal",), "Target 1 face-up monster your opponent controls; "
                       "destroy that target, and if you do, your opponent gains 1000 LP."),
    "Example Sweeper": ("spell", ("normal",), "Target 1 face-up monster your opponent controls; "
                        "destroy that target, then you can draw 1 card."),
    "Example Clown": ("monster", ("effect",), "When this card is sent to the GY: You can draw 1 card."),
    "Example If Clown": ("monster", ("effect",), "If this card is sent to the GY: You can draw 1 card."),
}


@pytest.fixture(scope="module")
def expert(base_expert):
    from psct_expert.cards import Card

    return base_expert.with_cards(Card(name=n, kind=k, subtypes=s, text=t)
                                  for n, (k, s, t) in CARDS.items())


DESTROYED = ("My opponent activates {0} targeting my {1}. {0} resolves and destroys it. "
             "Can I activate {1}'s effect?")


@pytest.mark.parametrize("spell, monster, answer", [
    ("Example Taker", "Example Clown", "no"),        # "then" a part that always happens
    ("Example Burner", "Example Clown", "yes"),      # "and if you do": at the same time
    ("Example Sweeper", "Example Clown", "unknown"),  # "then you can": was it done?
    ("Example Taker", "Example If Clown", "yes"),    # an "If" trigger never misses the timing
])
def test_a_move_in_the_middle_of_a_resolution(expert, spell, monster, answer):
    assert expert.ask(DESTROYED.format(spell, monster)).value == answer


def test_the_part_that_moved_the_card_is_a_fact(expert):
    spec = expert.parse(DESTROYED.format("Example Taker", "Example Clown"))
    (act,) = [e for e in spec["situation"] if e["kind"] == "activate"]
    assert act["does"] == [{"action": "destroyed", "id": "x1", "what": act["targets"][0]}]
    proof = expert.ask(DESTROYED.format("Example Taker", "Example Clown"))
    assert {"resolution-move-is-part", "then-part-follows-move"} <= set(proof.rules())


@pytest.mark.parametrize("monster, answer", [("Example Clown", "no"), ("Example If Clown", "yes")])
def test_tributed_for_a_tribute_summon(expert, monster, answer):
    q = f"I Tribute Summon Summoned Skull by Tributing {monster}. Can I activate {monster}'s effect?"
    spec = expert.parse(q)
    assert spec["event"] == "s1.mat1"
    assert expert.ask(q).value == answer
