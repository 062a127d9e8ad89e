"""Hunt 92 (a hostile helper that read the code, not the cases: about 745 questions, 31 wrong yeses in
four causes), each cause closed with the hunt's own question and a near miss that keeps its answer."""

import pytest

from psct_expert.errors import QuestionError

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("question", [
    "It is my opponent's Main Phase 1. I control a face-up Effect Veiler. Can I activate its effect?",
    "I control a face-up Maxx \"C\". Can I activate its effect during my opponent's turn?",
    "It is my opponent's Battle Phase. Electromagnetic Turtle is in my opponent's GY. Can I activate its effect?",
    "It is my opponent's Main Phase 1. Alpha The Electromagnet Warrior is in my GY. Can I activate its second effect?",
    "It is my opponent's Main Phase 1. Effect Veiler is in my opponent's hand. Can I activate its effect?",
])
def test_where_and_whose_the_card_is_told_decides_a_quick_effect(base_expert, question):
    # never a yes: a no, an unknown, or (hunt 94) refused, naming where the card is told
    try:
        value = base_expert.ask(question).value
    except QuestionError as e:
        assert "is told" in str(e)
        return
    assert value != "yes"


def test_near_miss_the_card_where_its_text_activates_it(base_expert):
    assert base_expert.ask("It is my opponent's Main Phase 1. Effect Veiler is in my hand. Can I activate "
                           "its effect?").value == "yes"


@pytest.mark.parametrize("question", [
    "Can I activate Mystical Space Typhoon during my Main Phase to destroy a monster?",
    "Can I activate Monster Reborn during my Main Phase to Special Summon a monster from my Deck?",
    "Can I activate Foolish Burial during my Main Phase to send a monster from my hand to the GY?",
    "Can I activate Compulsory Evacuation Device during my opponent's Main Phase to return a monster to the Deck?",
    "Can I activate Upstart Goblin during my Main Phase to gain 1000 LP?",
    "Can I activate Shrink during my Main Phase to double my monster's ATK?",
    "Can I activate Shrink during my Main Phase to halve their monster's DEF?",
    "Can I activate Forbidden Lance during my Main Phase to halve my opponent's monster's ATK?",
    "Can I activate Rush Recklessly during my Main Phase to give my monster -700?",
    "Can I flip Inspiration in the Damage Step (before damage calc) to give my battling monster -700?",
    "It is my opponent's Main Phase 1. Can I Tribute Alpha The Electromagnet Warrior to Special Summon 3 Level 4 "
    "Magnet Warriors from my Deck?",
    "It is my opponent's Main Phase 1. Can I send Effect Veiler from my hand to the GY to negate my own "
    "monster's effects?",
    "It is my opponent's Battle Phase. Can I discard Destiny HERO - Blade Master to give my opponent's monsters "
    "800 ATK?",
])
def test_a_purpose_the_effect_does_not_do_is_asked_too(base_expert, question):
    assert base_expert.ask(question).value != "yes"


@pytest.mark.parametrize("question", [
    "Can I activate Mystical Space Typhoon during my Main Phase to destroy a Spell?",
    "Can I activate Monster Reborn during my Main Phase to Special Summon a monster from my GY?",
    "Can I activate Upstart Goblin during my Main Phase to draw 1 card?",
    "Can I activate Shrink during my Main Phase to halve their monster's ATK?",
    "It is my opponent's Main Phase 1. Can I send Effect Veiler from my hand to the GY to negate their "
    "monster's effects?",
])
def test_near_miss_a_purpose_the_effect_does(base_expert, question):
    assert base_expert.ask(question).value == "yes"


@pytest.mark.parametrize("question", [
    "My opponent's Sasuke Samurai attacks my face-down Man-Eater Bug. Does Man-Eater Bug's effect activate?",
    "My opponent controls a face-up Royal Command. My opponent attacks my face-down Man-Eater Bug. Does its "
    "effect activate?",
    "My opponent controls a face-up Royal Command. My opponent attacks my face-down Man-Eater Bug and it is "
    "destroyed by battle. Does its FLIP effect activate?",
    "I used Shaddoll Beast's first effect this turn. My opponent attacks my face-down Shaddoll Beast. Do I "
    "still get its flip effect?",
    "My opponent attacks my face-down Mimighoul Dragon. Does its effect activate?",
])
def test_a_flip_effect_after_an_attack_is_not_taken_for_granted(base_expert, question):
    try:
        assert base_expert.ask(question).value != "yes"
    except QuestionError:
        pass        # refused: honest


def test_near_miss_a_plain_attack_on_a_face_down_flip_monster(base_expert):
    a = base_expert.ask("My opponent attacks my face-down Man-Eater Bug and it is destroyed by battle. Does "
                        "its FLIP effect activate?")
    assert a.value == "yes"


def test_the_mill_is_the_part_that_sends_from_the_deck(base_expert):
    a = base_expert.ask("Tearlaments Scheiren: are the Special Summon and the mill simultaneous?")
    assert "parts 1 and 3" in a.restated and a.value != "yes"
    # near miss: the send from the hand is the part joined by "and if you do"
    assert base_expert.ask("Tearlaments Scheiren: are the Special Summon and the send from the hand "
                           "simultaneous?").value == "yes"
