"""Questions about responses (topics K, A and B of the real rulings): what may be chained to
what, "that includes any of these effects" lists, response locks, costs that cannot be paid.

For each form: the real ruling's wording, a paraphrase on other cards that reaches the right
spec and answer, and a near miss that is refused or answered differently.  Reader patterns are
tested on invented card texts.  The questions are cases in tests/fixtures/questions/responses.yaml;
here, the reader and a spec no sentence gives."""

from psct_expert.reader import read_card

from question_helpers import facts_of as facts, invented_card


def card(text, subtypes=("normal",)):
    return invented_card(text, "spell", subtypes)


# -- the reader: where a part takes cards from ("from your Deck", "from your hand or GY") -------

def test_a_part_names_where_it_takes_cards_from():
    r = read_card(card("Add 1 monster from your Deck to your hand."))
    assert [f.get("place") for f in facts(r, "clause_from")] == ["deck"]


def test_a_list_of_places_gives_one_fact_each():
    r = read_card(card("Special Summon 1 monster from your hand, Deck, or GY."))
    assert sorted(f.get("place") for f in facts(r, "clause_from")) == ["deck", "gy", "hand"]


def test_extra_deck_is_not_the_deck_and_quotes_are_not_read():
    r = read_card(card('Special Summon 1 "Example from the Deck" monster from your Extra Deck.'))
    assert [f.get("place") for f in facts(r, "clause_from")] == ["extra-deck"]


def test_a_part_without_from_names_no_place():
    r = read_card(card("Draw 2 cards."))
    assert facts(r, "clause_from") == []


# -- "activates X (discarding it)": the card itself is the cost; a same-name negation ------------

def test_the_reader_marks_a_same_name_negation():
    r = read_card(card("Target 1 monster in your opponent's GY; banish it, and if you do, until the end "
                       "of the next turn, its effects are negated, as well as the activated effects "
                       "and effects on the field of monsters with the same original name.",
                       subtypes=("quick-play",)))
    assert [f.get("n") for f in facts(r, "same_name_negation")] == [2]
    plain = read_card(card("Target 1 monster in your opponent's GY; banish it."))
    assert facts(plain, "same_name_negation") == []


# -- "activates X against my Summon": a Summon whose kind is not said --------------------------


def test_a_summon_of_unsaid_kind_is_not_taken_as_uncovered(base_expert):
    # a negator of Special Summons only: whether it covers a Summon of unsaid kind is not known
    spec = {"family": "negate-summon", "negator": {"card": "Solemn Strike", "select": "activation"},
            "summon": "s1",
            "situation": [{"kind": "summon", "id": "s1", "summon-kind": "unsaid", "player": "opponent",
                           "attempt": True}]}
    assert base_expert.ask_spec(spec).value != "no"


