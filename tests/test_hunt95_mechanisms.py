"""Hunt 95 (a hostile helper that read the code, not the cases: about 850 questions, about 330
answered; five classes of wrong answers, three of them in this session's own changes), each
closed cause with the hunt's question and a near miss."""

import pytest

from psct_expert.reader.reader import read_card

pytestmark = pytest.mark.slow


def test_a_per_duel_card_limit_moves_with_its_per_duel(base_expert):
    a = base_expert.ask("I activated Afterglow this turn. Can I activate another Afterglow during "
                        "my next turn?")
    assert a.value == "no"
    # near miss: a once-per-turn limit binds only its turn
    b = base_expert.ask("Can I use it again during my next turn?",
                        ["I used the effect of Gagaga Magician this turn."])
    assert b.value == "yes"


def test_a_lasting_cards_activation_limit_is_its_card_activation(base_expert):
    reading = read_card(base_expert.db.get("Underworld Circle"))
    limited = {f.get("effect") for f in reading.facts if f.type in ("once_per_turn", "once_per_duel")}
    assert limited == {"Underworld Circle#0"}
    a = base_expert.ask("I used the second effect of Underworld Circle this turn. Can I use it "
                        "again during my next turn?")
    assert a.value != "no"


@pytest.mark.parametrize("told", ["I control Cyber Dragon.", "I control a Token.",
                                  "I control a Link Monster."])
def test_a_monster_told_by_its_name_or_kind_is_a_monster(base_expert, told):
    a = base_expert.ask(f"{told} Can I activate PSY-Framegear Gamma from my hand?")
    assert a.value == "no"


def test_near_miss_no_monsters_told(base_expert):
    a = base_expert.ask("I control no monsters. Can I activate PSY-Framegear Gamma from my hand?")
    assert a.value == "yes"


def test_a_card_moved_as_a_resolving_link_said_in_the_passive(base_expert):
    story = ["I activate Card Destruction.",
             "Card Destruction resolves and Peten the Dark Clown is discarded."]
    assert base_expert.ask("Can I activate Peten the Dark Clown's effect?", story).value == "no"
    # near miss: nothing after the send
    near = ["I activate Foolish Burial.",
            "Foolish Burial resolves and Peten the Dark Clown is sent to the GY."]
    assert base_expert.ask("Can I activate Peten the Dark Clown's effect?", near).value == "yes"


def test_droll_after_a_card_was_added_is_not_refused_a_chain(base_expert):
    a = base_expert.ask("Can I chain Droll & Lock Bird to Trickstar Reincarnation?",
                        ["It is my opponent's Main Phase 1.",
                         "My opponent adds a card from their Deck to their hand with Reinforcement "
                         "of the Army.", "I activate Trickstar Reincarnation."])
    assert a.value != "no"
