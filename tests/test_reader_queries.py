"""What the question side asks of a card's text is read by the reader (reader/phrases.py, its
last functions; the patterns are grammar.yaml's text_queries, place_patterns and place_written):
situate only asks."""

from psct_expert.cards import Card
from psct_expert.reader import read_card
from psct_expert.reader.phrases import (acts_on_same_name, acts_on_that_card, atk_lost_exactly,
                                        cards_drawn, cards_needed, condition_says, controlled_things,
                                        cost_from_own_hand, done_by, held_conditions,
                                        names_opponents_field, names_place, names_this_card,
                                        part_of_card_activation, says_action, summoned_by,
                                        summons_to_opponents_field, takes_from_elsewhere, target_phrase,
                                        target_sides, turns_face_down_only)


def _reading(text: str, kind: str = "spell"):
    return read_card(Card(name="Query Example", kind=kind, text=text))


def test_the_target_phrase_is_what_the_reader_found_it_targets():
    eff = [e for e in _reading("You can target 1 monster your opponent controls; destroy it.").effects
           if e.n > 0][0]
    assert target_phrase(eff) == "monster your opponent controls"
    assert target_sides(eff) == (False, True)
    mine = [e for e in _reading("You can target 1 card in your GY; add it to your hand.").effects
            if e.n > 0][0]
    assert target_sides(mine) == (True, False)
    # a capital "Target" at the start of the text too (it was missed, and "that target to ..."
    # read instead)
    moon = _reading("Target 1 face-up monster on the field; change that target to face-down "
                    "Defense Position.").effects[-1]
    assert target_phrase(moon) == "face-up monster on the field"
    none = [e for e in _reading("Draw 2 cards.").effects if e.n > 0][0]
    assert target_phrase(none) == "" and target_sides(none) == (False, False)


def test_places_are_read_as_written():
    assert names_place("Special Summon 1 monster from your GY.", "gy")
    assert names_place("... from your Graveyard", "gy")
    assert not names_place("... from your gy", "gy")            # as printed: capitals
    assert names_place("If this card is in your hand: ...", "hand", upto=":")
    assert not names_place("If you control a monster: add 1 card from your hand", "hand", upto=":")
    assert not names_place("anything", "field") and not names_place("anything", None)


def test_a_cost_that_moves_the_card_itself_from_the_hand():
    assert cost_from_own_hand("send this card from your hand to the GY")
    assert not cost_from_own_hand("send this card from your hand or field to the GY")


def test_a_summon_to_the_opponents_field_only():
    assert summons_to_opponents_field(_reading(
        "Special Summon 1 Token to your opponent's field.", "spell"))
    assert not summons_to_opponents_field(_reading(
        "Special Summon 1 Token to your field, and 1 Token to your opponent's field.", "spell"))


def test_conditions_on_what_a_player_holds():
    got = held_conditions("If you control no monsters: Special Summon this card. You must control "
                          "3 or more Fairy monsters to activate and to resolve this effect.")
    assert [(c["need"], c["at_least"], c["words"], c["resolve"]) for c in got] == [
        ("no", False, ["monsters"], False), (3, True, ["Fairy", "monsters"], True)]
    assert got[0]["text"] == "If you control no monsters"


def test_what_a_part_needs_from_a_place():
    assert cards_needed("Banish 10 cards from the top of your Deck") == {
        "count": "10", "kind": "card", "place": "deck", "opponent": False}
    assert cards_needed("discard 1 monster from your Graveyard")["place"] == "gy"
    assert cards_needed("your opponent sends 2 cards from your hand")["opponent"] is True
    assert cards_needed("destroy 1 monster") is None
    assert cards_drawn("Draw 2 cards.") == "2" and cards_drawn("Draw a card") == "a"
    assert cards_drawn("add 1 card") is None
    assert atk_lost_exactly("make this card lose exactly 800 ATK") == 800
    assert atk_lost_exactly("this card loses 800 ATK") is None


def test_things_a_part_says_a_player_controls():
    assert controlled_things("destroy all face-up monsters your opponent currently controls") == [
        ("your opponent", ["face-up", "monsters"])]
    assert controlled_things("banish 1 card you control") == [("you", ["card"])]


def test_later_parts_and_summon_procedures_as_written():
    assert acts_on_that_card("and if you do, destroy that card")
    assert not acts_on_that_card("and if you do, destroy them")
    assert acts_on_that_card("and if you do, destroy them", plural=True)
    assert acts_on_same_name("banish all cards with the same original name")
    assert says_action("then destroy it", "destroy") and not says_action("then banish it", "destroy")
    text = "Must be Special Summoned from your hand by banishing 2 monsters. Cannot be Normal Summoned."
    assert summoned_by(text, "banishing") and done_by(text, "banishing")
    assert not summoned_by(text, "tributing") and not done_by(text, "tributing")
    assert names_opponents_field("to your opponent's field") and not names_opponents_field("to your field")
    assert takes_from_elsewhere(text, "gy") and not takes_from_elsewhere(text, "hand")
    assert not takes_from_elsewhere("Special Summon this card.", "gy")


def test_activation_parts_conditions_and_face_changes():
    assert part_of_card_activation("When this card is activated: you can add 1 card.")
    assert not part_of_card_activation("Once per turn: when this card is activated ...")
    text = "When your opponent activates a monster effect: negate it. If you activate this card: ..."
    assert condition_says(text, "opponent-activates") and not condition_says(text, "you-activate")
    assert condition_says("If you activate a Spell: draw 1 card.", "you-activate")
    assert condition_says("When your opponent's monster attacks: ...", "opponents")
    assert names_this_card("destroy this cards", word=False) and not names_this_card("destroy this cards")
    assert turns_face_down_only("Target 1 face-up monster; change it to face-down Defense Position.")
    assert not turns_face_down_only("Change 1 face-down monster; then change it to face-up Attack Position.")
