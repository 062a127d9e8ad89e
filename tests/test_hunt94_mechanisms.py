"""Hunt 94 (a hostile helper that read the code, not the cases: about 890 questions, about 450
answered; four classes of wrong answers), each closed cause with the hunt's question and a near
miss."""

import pytest

from psct_expert.errors import QuestionError

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("story", [
    ["It is my Main Phase 1.", "Cyber Dragon is my only card in hand.", "I control no monsters.",
     "My opponent controls a monster."],
    ["It is my Main Phase 1.", "I control no monsters.", "My opponent controls a monster.",
     "I have no other cards in my hand."],
])
def test_no_other_card_in_hand_leaves_the_summoned_card_there(base_expert, story):
    assert base_expert.ask("Can I Special Summon Cyber Dragon?", story).value == "yes"


def test_near_miss_no_cards_in_hand_at_all(base_expert):
    a = base_expert.ask("Can I Special Summon Cyber Dragon?",
                        ["It is my Main Phase 1.", "I control no monsters.",
                         "My opponent controls a monster.", "I have no cards in my hand."])
    assert a.value == "no"


@pytest.mark.parametrize("story, where", [
    (["It is my Main Phase 1.", "Gateway Dragon is in my opponent's GY."], "in the GY"),
    (["It is my Main Phase 1.", "Fabled Raven is banished."], "banished"),
    (["It is my opponent's Battle Phase.", "Number 39: Utopia is banished.",
      "My opponent's monster declares an attack."], "banished"),
    (["It is my Main Phase 1.", "Fabled Raven is my only card in hand."], "in the hand"),
])
def test_a_field_effect_of_a_monster_told_elsewhere_is_refused(base_expert, story, where):
    card = next(c for c in ("Gateway Dragon", "Fabled Raven", "Number 39: Utopia") if c in story[1])
    with pytest.raises(QuestionError, match=where):
        base_expert.ask(f"Can I activate {card}'s first effect?" if "Utopia" in card else
                        f"Can I activate {card}'s effect?" if "Raven" in card else
                        f"Can I activate {card}'s second effect?", story)


def test_a_face_down_monster_effect_is_refused(base_expert):
    with pytest.raises(QuestionError, match="face-down"):
        base_expert.ask("Can I activate Gateway Dragon's second effect?",
                        ["It is my Main Phase 1.", "Gateway Dragon is face-down."])


def test_near_miss_the_monster_told_face_up_on_the_field(base_expert):
    a = base_expert.ask("Can I activate Gateway Dragon's second effect?",
                        ["It is my Main Phase 1.", "Gateway Dragon is face-up on my field."])
    assert a.value == "yes"
    # its own trigger is activated where its event left it
    b = base_expert.ask("Can I activate the effect of Sangan?",
                        ["It is my Main Phase 1.", "Sangan is sent from my field to my GY."])
    assert b.value != "no"
