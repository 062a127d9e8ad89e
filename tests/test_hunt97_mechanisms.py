"""Hunt 97 (aimed at the session after dfd49d7's mechanisms): a told aim said in the text's words
but in another order, a turn limit beside "once while face-up", a sentence of a Trap that equips
itself; each with its near miss."""

import pytest

pytestmark = pytest.mark.slow

_MP1 = ["It is my Main Phase 1."]


@pytest.mark.parametrize("question", [
    "Can I activate Foolish Burial to send a monster from my GY to my Deck?",
    "Can I activate Book of Moon to change my opponent's face-down Defense Position monster to "
    "face-up?",
    "Can I activate Book of Moon to change a face-down monster to face-down Defense Position?",
])
def test_an_aim_in_the_texts_words_but_another_order_is_not_its_text(base_expert, question):
    a = base_expert.ask(question, _MP1)
    assert a.value != "yes"


@pytest.mark.parametrize("question", [
    "Can I activate Foolish Burial to send a monster from my Deck to the GY?",
    "Can I activate Book of Moon to change my opponent's monster to face-down Defense Position?",
])
def test_near_miss_an_aim_as_the_text_pairs_its_words(base_expert, question):
    assert base_expert.ask(question, _MP1).value == "yes"


def test_a_turn_limit_beside_once_while_face_up_is_not_answered_for_a_later_turn(base_expert):
    a = base_expert.ask("I used the second effect of Baronne de Fleur during my opponent's turn. "
                        "Can I use that effect again during my turn?")
    assert a.value != "yes"


def test_near_miss_a_plain_turn_limit_resets_in_a_later_turn(base_expert):
    a = base_expert.ask("I used the first effect of Ghost Belle & Haunted Mansion during my "
                        "opponent's turn. Can I use that effect again during my turn?")
    assert a.value == "yes"


def test_a_sentence_after_a_trap_equips_itself_is_not_its_activation(base_expert):
    a = base_expert.ask("Can the second effect of Altergeist Camouflage be chained to Mystical "
                        "Space Typhoon?", ["It is my opponent's Main Phase 1."])
    assert a.value != "yes"


def test_near_miss_the_trap_card_itself_may_be_chained(base_expert):
    a = base_expert.ask("Can I activate Altergeist Camouflage in response to my opponent's "
                        "Mystical Space Typhoon?", ["It is my opponent's Main Phase 1."])
    assert a.value == "yes"
