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


SOFT = ("monster", ("effect",), "Once per turn: You can target 1 card on the field; destroy it.")
PAIR = ("monster", ("effect",), "Once per turn: You can target 2 monsters on the field; banish both "
        "until the End Phase.")
EACH = ("monster", ("effect",), "Once per turn: You can target 2 monsters on the field; destroy them.")


@pytest.fixture(scope="module")
def more(base_expert):
    from psct_expert.cards import Card

    cards = {"Example Soft": SOFT, "Example Pair": PAIR, "Example Each": EACH}
    return base_expert.with_cards(Card(name=n, kind=k, subtypes=s, text=t)
                                  for n, (k, s, t) in cards.items())


@pytest.mark.parametrize("story, answer", [
    # a new card, but face-down and not told flipped face-up again: where it is, its effect may
    # not be usable (hunt 81: "yes" was wrong for an Ignition Effect)
    ("and was flipped face-down by Book of Moon", "unknown"),
    ("left the field and came back", "yes"),
    ("was returned to my hand, and I Special Summoned it again", "yes"),
    ("", "no"),                                             # it stayed where it was
])
def test_a_new_card_can_use_its_soft_limit_again(more, story, answer):
    said = f"My Example Soft used its effect this turn{', ' if story and not story.startswith('and') else ' '}{story}. " \
        if story else "My Example Soft used its effect this turn. "
    assert more.ask(said + "Can it use that effect again this turn?").value == answer


@pytest.mark.parametrize("card, answer", [("Example Pair", "no"), ("Example Each", "yes")])
def test_two_targets_one_destroyed_in_response(more, card, answer):
    q = (f"I activate {card}'s effect targeting my Summoned Skull and my opponent's Dark Magician. "
         "My opponent chains Raigeki Break targeting my Summoned Skull and destroys it. "
         "Is Dark Magician still " + ("banished?" if card == "Example Pair" else "destroyed?"))
    spec = more.parse(q)
    assert spec["target"] == "Dark Magician"
    assert more.ask(q).value == answer


WITCH = ("monster", ("pendulum", "effect"), "If this card is Normal Summoned: You can target 1 card in "
         "your Pendulum Zone; destroy both that target and this card, and if you do, draw 1 card.")
LONE = ("monster", ("effect",), "If this card is Normal Summoned: You can target 1 card in your "
        "Pendulum Zone; destroy that target, and if you do, draw 1 card.")


@pytest.mark.parametrize("card, answer", [("Example Witch", "no"), ("Example Lone Witch", "yes")])
def test_both_that_target_and_this_card_after_the_card_left(base_expert, card, answer):
    from psct_expert.cards import Card

    k, s, t = WITCH if card == "Example Witch" else LONE
    e = base_expert.with_cards([Card(name=card, kind=k, subtypes=s, text=t)])
    q = (f"I activate {card}'s first effect targeting the card in my Pendulum Zone. My opponent "
         f"banishes {card} in response. Do I still draw?")
    assert e.ask(q).value == answer


RUSH = ("spell", ("quick-play",), "Target 1 Beast monster you control and 1 monster your opponent "
        "controls; destroy the first target, and if you do, shuffle the second target into the Deck.")
BOOK = ("spell", ("quick-play",), "Target 1 Beast monster you control and 1 monster your opponent "
        "controls; destroy the first target, also shuffle the second target into the Deck.")


@pytest.mark.parametrize("card, answer", [("Example Rush", "no"), ("Example Also Rush", "yes")])
def test_the_first_target_gone(base_expert, card, answer):
    from psct_expert.cards import Card

    k, s, t = RUSH if card == "Example Rush" else BOOK
    e = base_expert.with_cards([Card(name=card, kind=k, subtypes=s, text=t)])
    q = (f"I activate {card} targeting my Beast monster and my opponent's Dark Magician. My opponent "
         "banishes my Beast monster in response. Is Dark Magician still shuffled into the Deck?")
    assert e.ask(q).value == answer
