"""Hunt 102 (this session's changes): "and if it does" joins parts as "and if you do" does; a
story of two target groups told by whose each target was keeps each in its group; a Type said of a
card is no short name; each with its near miss."""

import pytest

from psct_expert.cards import Card
from psct_expert.reader import read_card


def _links(text: str) -> set[tuple]:
    card = Card(name="Example Lancer", kind="spell", subtypes=("quick-play",), text=text)
    return {(f.get("left"), f.get("right"), f.get("kind")) for f in read_card(card).facts
            if f.type == "link"}


def test_and_if_it_does_is_and_if_you_do():
    assert (1, 2, "and-if-you-do") in _links(
        "Target 1 monster you control and 1 monster your opponent controls; your monster loses "
        "1000 ATK, and if it does, destroy that opponent's monster.")


def test_near_miss_and_it_does_is_no_conjunction_of_its_own():
    assert not any(k == "and-if-you-do" for _, _, k in _links(
        "Target 1 monster on the field; it loses 1000 ATK, also destroy 1 Spell you control."))


_TWO = "I activate Libromancer Displaced targeting my Libromancer monster and my opponent's monster."


@pytest.mark.slow
def test_a_gone_target_of_its_own_group_stops_the_part_after_it(base_expert):
    a = base_expert.ask(f"{_TWO} In response my opponent banishes my Libromancer monster. Do I "
                        "still take control of my opponent's monster?")
    assert a.value == "no"


@pytest.mark.slow
def test_near_miss_the_other_groups_target_gone_is_refused_not_answered_for_it(base_expert):
    from psct_expert.errors import QuestionError
    with pytest.raises(QuestionError):
        base_expert.ask(f"{_TWO} In response my opponent banishes their monster. Is my Libromancer "
                        "monster still returned to the hand?")


_INSECT = ["I activate Pot of Greed.", "My opponent chains a Trap Card that destroys my Resonance "
           "Insect."]


@pytest.mark.slow
def test_a_purpose_naming_part_of_a_card_name_is_no_number(base_expert):
    # "an Insect monster": "Insect" stands in a card's name, read as its index token, never "add 3"
    a = base_expert.ask("After the Chain resolves, can I still use Resonance Insect's effect to add "
                        "an Insect monster to my hand?", _INSECT)
    assert a.value == "yes"


@pytest.mark.slow
def test_near_miss_a_number_the_text_does_not_say_stays_asked(base_expert):
    a = base_expert.ask("After the Chain resolves, can I still use Resonance Insect's effect to add "
                        "3 Insect monsters to my hand?", _INSECT)
    assert a.value != "yes"


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["a Level 5 or higher Insect", "an Insect monster"])
def test_a_type_said_of_a_card_is_not_a_short_name(base_expert, kind):
    spec, _ = base_expert.read(f"After the Chain resolves, can I still use Resonance Insect's effect "
                               f"to add {kind} to my hand?", _INSECT)
    assert spec["family"] == "can-activate-now" and "also_needs" not in spec


@pytest.mark.slow
def test_near_miss_the_last_word_alone_is_still_the_short_name(base_expert):
    spec, _ = base_expert.read("After the Chain resolves, can I activate Insect's effect?", _INSECT)
    assert spec["effect"]["card"] == "Resonance Insect"


_STELLAR = Card(name="Example Stellar", kind="monster", subtypes=("effect",), level=4, atk=1000,
                def_=1000, attribute="LIGHT", race="Warrior",
                text="If this card is Normal Summoned: You can target 1 other card in your Monster "
                     "Zone, and 1 Set card your opponent controls; destroy them.")


@pytest.mark.slow
def test_a_group_not_said_to_be_mine_is_mine_when_the_other_is_the_opponents(base_expert):
    # the first group names no controller ("in your Monster Zone"), the second is the opponent's
    a = base_expert.with_cards([_STELLAR]).ask(
        "I activate Example Stellar's effect targeting my monster and my opponent's Set card. In "
        "response my opponent banishes my targeted monster. Is my opponent's Set card still "
        "destroyed?")
    assert a.value == "yes"


@pytest.mark.slow
def test_near_miss_both_targets_named_with_both_is_not_still_affected(base_expert):
    card = Card(name="Example Stellar Both", kind="monster", subtypes=("effect",), level=4,
                atk=1000, def_=1000, attribute="LIGHT", race="Warrior",
                text="If this card is Normal Summoned: You can target 1 other card in your Monster "
                     "Zone, and 1 Set card your opponent controls; destroy both.")
    a = base_expert.with_cards([card]).ask(
        "I activate Example Stellar Both's effect targeting my monster and my opponent's Set card. "
        "In response my opponent banishes my targeted monster. Is my opponent's Set card still "
        "destroyed?")
    assert a.value != "yes"
