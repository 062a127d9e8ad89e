"""Response locks ("... cannot activate cards or effects in response to ..."): what activation a
lock covers, whom it binds and whether a condition comes before it (reader), and the answers
that follow (game-rules#chain.2: a player may chain to their own card)."""

import pytest

from psct_expert.cards import Card
from psct_expert.reader import read_card

from question_helpers import ask_answer


@pytest.mark.parametrize("text, scope, who, conditional", [
    ("Neither player can activate cards or effects in response to this card's activation. Draw 1 card.",
     "this-card", "any", "no"),
    ("Your opponent cannot activate cards or effects in response to this card's activation. Draw 1 card.",
     "this-card", "opponent", "no"),
    ("If you control a Fiend monster, your opponent cannot activate cards or effects in response to "
     "this card's activation. Draw 1 card.", "this-card", "opponent", "yes"),
    ("Draw 1 card. Your opponent cannot activate cards or effects in response to the activation of "
     "your Spell Cards this turn.", "other", "opponent", "no"),
])
def test_the_reader_reads_what_a_lock_covers(text, scope, who, conditional):
    reading = read_card(Card(name="Example Lock", kind="spell", subtypes=("quick-play",), text=text))
    locks = [f for f in reading.facts if f.type == "response_lock"]
    assert [(f.get("scope"), f.get("who"), f.get("conditional")) for f in locks] == \
        [(scope, who, conditional)]


@pytest.mark.parametrize("question, value", [
    # the lock binds the opponent: its controller may chain to it
    ("I activate Oracle of the Herald. Can I chain a Quick-Play Spell to it?", "unknown"),
    ("My opponent activates Oracle of the Herald. Can I respond with a Counter Trap?", "no"),
    # a condition before the lock that the question does not tell
    ("My opponent activates Abyss Script - Rise of the Abyss King. Can I respond with a Normal Trap?",
     "unknown"),
    # a lock on other activations than this card's
    ("My opponent activates Metaphys Factor. Can I respond with a Normal Trap?", "unknown"),
    ("My opponent activates Super Polymerization. Can I chain Infinite Impermanence to it?", "no"),
])
def test_a_lock_decides_only_for_the_activation_and_players_it_covers(base_expert, question, value):
    assert ask_answer(base_expert, question)[1].value == value


def test_a_condition_after_the_lock_counts_too():
    reading = read_card(Card(name="Example Lock", kind="spell", subtypes=("quick-play",),
                             text="Draw 1 card. Your opponent cannot activate cards or effects in response "
                                  "to this card's activation if you control a Fiend monster."))
    assert [f.get("conditional") for f in reading.facts if f.type == "response_lock"] == ["yes"]


def test_a_counter_trap_whose_timing_is_a_sentence_is_not_promised(base_expert):
    # "Activate only during the Battle Phase, when ...": a condition written as a sentence
    _, answer = ask_answer(base_expert, "My opponent activates a Quick-Play Spell. Can I chain "
                                        "Chivalry to it?")
    assert answer.value == "unknown"


@pytest.mark.parametrize("text", [
    "When your opponent activates a Normal Trap Card in response to your monster's attack "
    "declaration: Negate the activation.",
    "When a Spell Card is activated during the Damage Step: Negate the activation.",
])
def test_what_a_negator_asks_of_the_activation_is_an_extra_condition(text):
    # a property of the activated card, a phase, "in response to ...": negates only when it holds
    reading = read_card(Card(name="Example Negator", kind="trap", subtypes=("counter",), text=text))
    assert [f.type for f in reading.facts if f.type == "extra_condition"] == ["extra_condition"]


def test_the_restatement_says_who_would_chain_and_hides_situation_ids(base_expert):
    _, theirs = ask_answer(base_expert, "I activate Pot of Greed. Can my opponent chain Ash Blossom & "
                                        "Joyous Spring to it?")
    assert theirs.restated.endswith("Pot of Greed by you (chained by your opponent)?")
    _, described = ask_answer(base_expert, "My opponent activates a Trap Card. Can I chain Solemn "
                                           "Judgment to it?")
    assert "a Trap Card by your opponent?" in described.restated and " a1" not in described.restated
    # an activation told with no player: the restatement claims none
    _, unsaid = ask_answer(base_expert, "Monster Reborn is activated. Can Solemn Judgment negate it?")
    assert unsaid.restated.endswith("the first effect of Monster Reborn?")


@pytest.mark.parametrize("card", ["Rebound", "Riryoku Field", "Chevalier de Fleur"])
def test_a_negator_that_asks_more_of_the_activation_is_not_promised(base_expert, card):
    # "... that returns a card ...", "... that targets exactly 1 monster", "during your turn":
    # Pot of Greed does none of these, and the reader keeps them as extra conditions
    question = f"My opponent activates Pot of Greed. Can I chain {card} to it?"
    assert ask_answer(base_expert, question)[1].value == "unknown"
