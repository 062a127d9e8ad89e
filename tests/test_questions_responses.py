"""Questions about responses (topics K, A and B of the real rulings): what may be chained to
what, "that includes any of these effects" lists, response locks, costs that cannot be paid.

For each form: the real ruling's wording, a paraphrase on other cards that reaches the right
spec and answer, and a near miss that is refused or answered differently.  Reader patterns are
tested on invented card texts."""

import pytest

from psct_expert.cards import Card
from psct_expert.errors import QuestionError
from psct_expert.reader import read_card

from question_helpers import ask, events


def card(text, kind="spell", subtypes=("normal",), name="Example Card"):
    return Card(name=name, kind=kind, subtypes=tuple(subtypes), text=text)


def facts(reading, type_, **match):
    return [f for f in reading.facts if f.type == type_
            and all(f.get(k) == v for k, v in match.items())]


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


# -- "that includes any of these effects": the activation does a listed action from the place ---

def test_listed_effect_real_wording(base_expert):
    spec, value = ask(base_expert, "Can Ash Blossom & Joyous Spring be chained to Sky Striker "
                                   "Mobilize - Engage!?")
    assert spec["family"] == "can-respond"
    assert spec["responder"]["card"] == "Ash Blossom & Joyous Spring"
    assert value == "yes"


def test_listed_effect_negates_the_activation_real_wording(base_expert):
    spec, value = ask(base_expert, "My opponent activates Monster Reborn. Can I chain Ghost Belle & "
                                   "Haunted Mansion to negate it?")
    assert spec["and"][0]["family"] == "negate-activation"
    assert value == "yes"


@pytest.mark.parametrize("question", [
    "My opponent activates Reinforcement of the Army. Can I chain Ash Blossom & Joyous Spring to it?",
    "My opponent activates Foolish Burial. Can I chain Ash Blossom & Joyous Spring to it?",
    "My opponent activates Called by the Grave. Can I chain Ghost Belle & Haunted Mansion to negate it?",
])
def test_listed_effect_paraphrases_on_other_cards(base_expert, question):
    assert ask(base_expert, question)[1] == "yes"


@pytest.mark.parametrize("question", [
    # Monster Reborn Special Summons from the GY, not from the Deck
    "Can Ash Blossom & Joyous Spring be chained to Monster Reborn?",
    # Foolish Burial sends from the Deck; Ghost Belle lists only GY actions
    "My opponent activates Foolish Burial. Can I chain Ghost Belle & Haunted Mansion to it?",
    # drawing is not read as one of the listed actions: not answered yes
    "My opponent activates Pot of Greed. Can I chain Ghost Belle & Haunted Mansion to negate it?",
])
def test_listed_effect_near_misses_are_not_yes(base_expert, question):
    assert ask(base_expert, question)[1] != "yes"


# -- a Spell/Trap Card with no activation condition answers a Spell Speed 1 or 2 link -----------

def test_a_trap_answers_a_spell_that_locks_only_monster_effects_real_wording(base_expert):
    spec, value = ask(base_expert, "My opponent activates Dark Ruler No More. Can I chain Infinite "
                                   "Impermanence to it?")
    assert spec["family"] == "can-respond"
    (act,) = events(spec, "activate")
    assert act["effect"]["card"] == "Dark Ruler No More" and act["player"] == "opponent"
    assert value == "yes"


@pytest.mark.parametrize("question", [
    "My opponent activates Pot of Greed. Can I chain Cosmic Cyclone to it?",
    "My opponent activates Monster Reborn. Can I chain Infinite Impermanence to it?",
])
def test_a_fast_card_answers_a_plain_spell_paraphrases(base_expert, question):
    assert ask(base_expert, question)[1] == "yes"


@pytest.mark.parametrize("question, expected", [
    # the lock covers monster effects: Effect Veiler is a monster
    ("My opponent activates Dark Ruler No More in their Main Phase. Can I chain Effect Veiler to it?", "no"),
    # a lock on cards and effects covers Trap Cards too
    ("My opponent activates Super Polymerization. Can I chain Infinite Impermanence to it?", "no"),
    # a Counter Trap is Spell Speed 3
    ("My opponent activates Solemn Strike. Can I chain Infinite Impermanence to it?", "no"),
    # a Spell Speed 1 Spell is never chained
    ("My opponent activates Mystical Space Typhoon. Can I chain Raigeki to it?", "no"),
])
def test_fast_card_near_misses(base_expert, question, expected):
    assert ask(base_expert, question)[1] == expected


def test_a_lock_by_what_was_sent_is_not_taken_as_no_lock(base_expert):
    # Forbidden Droplet's lock depends on the cards sent for its cost: not answered yes
    assert ask(base_expert, "My opponent activates Forbidden Droplet. Can I chain Infinite "
                            "Impermanence to it?")[1] != "yes"


# -- "activates X (discarding it)": the card itself is the cost; a same-name negation ------------

CBTG = ("My opponent activates Ash Blossom & Joyous Spring (discarding it). I chain Called by the "
        "Grave targeting that Ash Blossom in their GY. Is Ash Blossom's effect negated?")


def test_same_name_negation_real_wording(base_expert):
    spec, value = ask(base_expert, CBTG)
    first, second = events(spec, "activate")
    assert first["cost"] == [{"action": "discarded", "what": "Ash Blossom & Joyous Spring"}]
    assert first["from"] == "hand"
    assert second["respond"] == first["id"] and second["targets"] == ["Ash Blossom & Joyous Spring"]
    assert spec["entities"]["Ash Blossom & Joyous Spring"]["place"] == "gy"
    assert value == "yes"


@pytest.mark.parametrize("question", [
    'My opponent activates Maxx "C" by sending it. I chain Called by the Grave targeting that '
    'Maxx "C" in their GY. Is Maxx "C"\'s effect negated?',
    "My opponent activates Effect Veiler's effect by sending it. I chain Called by the Grave "
    "targeting that Effect Veiler in their GY. Is Effect Veiler's effect negated?",
])
def test_same_name_negation_paraphrases(base_expert, question):
    spec, value = ask(base_expert, question)
    assert events(spec, "activate")[0]["from"] == "hand"     # "send this card from your hand"
    assert value == "yes"


def test_a_cost_the_card_does_not_have_is_refused(base_expert):
    with pytest.raises(QuestionError) as err:
        base_expert.parse(CBTG.replace("discarding it", "banishing it"))
    assert "banishing it" in str(err.value)


def test_a_place_that_contradicts_the_cost_is_refused(base_expert):
    with pytest.raises(QuestionError) as err:
        base_expert.parse(CBTG.replace("in their GY", "in their hand"))
    assert "not in the hand" in str(err.value)


def test_same_name_negation_near_miss_when_it_is_negated(base_expert):
    question = CBTG.replace(" Is Ash", " My opponent negates the activation of Called by the Grave "
                                       "with Solemn Judgment. Is Ash")
    assert ask(base_expert, question)[1] != "yes"


def test_the_reader_marks_a_same_name_negation():
    r = read_card(card("Target 1 monster in your opponent's GY; banish it, and if you do, until the end "
                       "of the next turn, its effects are negated, as well as the activated effects "
                       "and effects on the field of monsters with the same original name.",
                       subtypes=("quick-play",)))
    assert [f.get("n") for f in facts(r, "same_name_negation")] == [2]
    plain = read_card(card("Target 1 monster in your opponent's GY; banish it."))
    assert facts(plain, "same_name_negation") == []


# -- "activates X against my Summon": a Summon whose kind is not said --------------------------

def test_against_a_summon_of_unsaid_kind_real_wording(base_expert):
    spec, value = ask(base_expert, "My opponent activates Solemn Warning against my Summon. Can I "
                                   "chain Infinite Impermanence in response?")
    (summon,) = events(spec, "summon")
    assert summon["summon-kind"] == "unsaid" and summon["player"] == "you" and summon["attempt"]
    (act,) = events(spec, "activate")
    assert act["effect"]["card"] == "Solemn Warning" and act["player"] == "opponent"
    assert value == "no"


def test_against_a_summon_paraphrase_on_other_cards(base_expert):
    spec, value = ask(base_expert, "My opponent activates Solemn Strike against my Summon. Can I "
                                   "chain Solemn Judgment in response?")
    assert events(spec, "summon")[0]["summon-kind"] == "unsaid"
    assert value == "yes"


def test_a_summon_of_unsaid_kind_is_not_taken_as_uncovered(base_expert):
    # a negator of Special Summons only: whether it covers a Summon of unsaid kind is not known
    spec = {"family": "negate-summon", "negator": {"card": "Solemn Strike", "select": "activation"},
            "summon": "s1",
            "situation": [{"kind": "summon", "id": "s1", "summon-kind": "unsaid", "player": "opponent",
                           "attempt": True}]}
    assert base_expert.ask_spec(spec).value != "no"


def test_the_summon_kind_still_counts_when_said(base_expert):
    spec, _ = ask(base_expert, "My opponent activates Solemn Warning against my Normal Summon. Can I "
                               "chain Infinite Impermanence in response?")
    assert events(spec, "summon")[0]["summon-kind"] == "normal"
