"""What kind of effect the reader finds, on invented texts (tests/fixtures/readings/effect_kinds.yaml):
effects a card gives to another monster or to itself (``granted_effect``), and the windows that make
an effect a Quick Effect (``quick_marker``).  The questions that use them:
tests/fixtures/questions/effect_kinds.yaml."""

import pytest

from question_helpers import check_reading, readings


@pytest.mark.parametrize("case", readings("effect_kinds"))
def test_effect_kinds(case):
    assert check_reading(case) > 0


def test_normal_pendulum_monster_text_is_flavour():
    # a Normal Pendulum Monster's monster text is flavour; its effects are its Pendulum Effects
    # (the flavour was read as effect 1, so "its first effect" targeted nothing)
    from psct_expert.cards import Card
    from psct_expert.reader import read_card

    card = Card(name="Example Bell", kind="monster", subtypes=("pendulum", "normal"),
                text="A kindly elder brother who takes good care of his little sister.",
                pendulum_text="Once per turn: You can target 1 face-up monster on the field; increase "
                              "its Level by 1.")
    reading = read_card(card)
    assert [e.id for e in reading.effects if e.n > 0] == ["Example Bell#P1"]
    assert [f.type for f in reading.facts if f.type == "flavor_text"] == ["flavor_text"]
    assert any(f.type == "target_word" and f.get("effect") == "Example Bell#P1" for f in reading.facts)
