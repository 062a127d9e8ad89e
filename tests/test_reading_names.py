"""Names as people type them, and who is asked (lead, seventh wave-3 session; sentences written
for these tests)."""

import pytest

from psct_expert.parser.lexicon import relex
from psct_expert.parser.names import find_cards


@pytest.mark.parametrize("text, card, written", [
    ("does shooting quasar's effect target?", "Shooting Quasar Dragon", "shooting quasar"),
    ("I chain Quasar Dragon to it", "Shooting Quasar Dragon", "Quasar Dragon"),
    ("my Shooting Quasar attacks", "Shooting Quasar Dragon", "Shooting Quasar"),
])
def test_a_name_written_in_part_is_one_mention_with_the_words_beside_it(base_expert, text, card,
                                                                         written):
    found = find_cards(text, base_expert.db, lambda w: w in {"does", "effect", "target", "i", "chain",
                                                             "to", "it", "my", "attacks"})
    assert [(m.card, m.text) for m in found] == [(card, written)]


def test_a_word_beside_a_name_that_is_not_in_it_stays_outside(base_expert):
    found = find_cards("I destroy Quasar with it", base_expert.db, lambda w: False)
    assert [(m.card, m.text) for m in found] == [("Shooting Quasar Dragon", "Quasar")]


def test_a_possessive_of_a_name_written_in_part_is_that_card(base_expert):
    a = base_expert.ask("does shooting quasar's effect target?", [])
    assert "Shooting Quasar Dragon" in a.restated and a.value in ("yes", "no", "unknown")


@pytest.mark.parametrize("written, read, aside", [
    ("Judge call at table 12: my opponent activates a card. Is it legal?",
     "Can my opponent activate a card?", "Judge call at table 12"),
    ("bro, can i chain it?", "Can i chain it?", "bro"),
    ("do we both still discard or nah?", "Do both players still discard?", "or nah"),
])
def test_who_is_asked_and_chat_tags_are_set_aside_and_shown(written, read, aside):
    r = relex(written)
    assert r.text == read
    assert aside in [c.written for c in r.changes if c.kind == "set-aside"]


def test_a_number_in_a_sentence_is_not_an_opener():
    # "at table #" opens a sentence only: a number elsewhere stays
    r = relex("I banish 3 cards at table 4 of my locals. Is it legal?")
    assert "3 cards" in r.text and "table 4" in r.text


@pytest.mark.parametrize("written, read", [
    ("theres no monster on the field, does it still resolve?", "There is no monster on the field."),
    ("i chain it w/ my set trap, thats legal?", "Can i chain it with my set trap?"),
    ("idk, can i chain it?", "Can i chain it?"),
])
def test_contractions_without_apostrophes_and_chat_shorthand(written, read):
    assert relex(written).text.startswith(read)


@pytest.mark.parametrize("written, read", [
    ("does its negate+destroy target?", "Does its negate and destroy target?"),
    ("does it still activate even tho its the damage step?",
     "Does it still activate even though it is the damage step?"),
    ("next turn can i bring it back with Monster Reborn?", "Special Summon it with Monster Reborn"),
    ("can i retry it later?", "Can i use it again later?"),
    # (names) "its negate": the effect that negates, said by its action
    ("is its negate usable during the damage step?",
     "Can its negate effect be used during the damage step?"),
])
def test_chat_paraphrases(written, read):
    assert read in relex(written).text


def test_bring_it_back_to_the_hand_is_not_a_summon():
    assert "Summon" not in relex("can i bring it back to my hand?").text


def test_a_reason_for_asking_that_tells_the_game_is_told_not_dropped():
    r = relex("does it target? asking bc opp has a monster that cant be targeted")
    assert r.text.startswith("Opp has a monster that cannot be targeted.")
    assert "asking bc" in [c.written for c in r.changes if c.kind == "set-aside"]
    # a reason that tells nothing of the game is set aside whole
    assert relex("Asking because my judge said so. Does it target?").text == "Does it target?"


def test_the_attacker_is_the_attacking_monster(base_expert):
    a = base_expert.ask("Does Dimensional Prison target the attacker?", [])
    assert a.value == "yes"


@pytest.mark.parametrize("written, read", [
    ("can i just flip the trap in response?", "Can i flip the trap in response?"),
    ("if my only monster is a face down def monster", "a face-down Defense Position monster"),
    ("is it still negated even if it doesnt die?", "even if it is not destroyed"),
])
def test_more_chat_paraphrases(written, read):
    assert read in relex(written).text


def test_just_that_says_only_stays():
    # "just" in a question that is not "can <player> just <verb>" is left for the grammar to place
    assert "just" in relex("does it just negate the effect?").text
    # ... but "does it just stay on the field?" asks whether it stays (its rules answer only that
    # it leaves), shown as read
    read = relex("does it just stay on the field?")
    assert read.text == "Does it stay on the field?"
    assert any(c.written.startswith("does it just stay") for c in read.changes)


@pytest.mark.parametrize("written, read", [
    ("Judge call: player wants to activate Pot of Greed from his hand. Is that allowed?",
     "Can I activate Pot of Greed from my hand?"),
    ("The player activates Mirror Force. His opponent chains Dark Bribe from his hand.",
     "I activate Mirror Force. my opponent chains Dark Bribe from his hand."),
])
def test_a_judge_call_told_of_the_player_is_the_askers(written, read):
    assert read in relex(written).text


def test_the_player_stays_when_the_asker_speaks_for_themselves():
    assert "player" in relex("I activate Raigeki and the player chains Mirror Force. Does it resolve?").text
    assert "Player A" in relex("Player A activates Raigeki. Can Player B chain to it?").text


@pytest.mark.parametrize("written", ["vanitys emptiness", "Vanitys Emptiness", "vanity's emptiness",
                                     "Vanity’s Emptiness"])
def test_a_name_with_an_apostrophe_is_found_without_it(base_expert, written):
    assert base_expert.db.find(written).name == "Vanity's Emptiness"


@pytest.mark.parametrize("written, read", [
    ("they attack me direct. can i activate it?", "attack me directly"),
    ("opp declares direct attack. can i activate it?", "attacks directly"),
])
def test_a_direct_attack_said_in_chat(written, read):
    assert read in relex(written).text
