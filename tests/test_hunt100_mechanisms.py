"""Hunt 100 (the game beyond the guides) and round 111's wrong case, each with its near miss:
"your monster" of a two-target effect is the target its player controls (so a part joined to it by
"and if you do" is not done when that target is gone); an attack a resolved card may have stopped
makes no known replay; "after being negated" of the monster holding another card's change is not
that card being negated."""

import pytest

from psct_expert.cards import Card
from psct_expert.errors import QuestionError
from psct_expert.reader import read_card


def _refs(text: str) -> set[tuple]:
    card = Card(name="Example Swap", kind="trap", subtypes=("normal",), text=text)
    return {(f.get("n"), f.get("kind"), f.get("slot")) for f in read_card(card).facts
            if f.type == "reference"}


def test_your_monster_is_the_target_you_control():
    refs = _refs("Target 1 Fairy monster you control and 1 monster your opponent controls; "
                 "banish your monster, and if you do, destroy that opponent's monster.")
    assert (1, "slot", 1) in refs and (2, "that-target", 2) in refs


def test_near_miss_your_monster_without_a_target_of_yours_is_no_reference():
    refs = _refs("Target 1 monster your opponent controls; Special Summon your monster from the GY, "
                 "and if you do, destroy that target.")
    assert not any(n == 1 for n, _, _ in refs)


def test_near_miss_your_monster_zone_is_a_place():
    refs = _refs("Target 1 monster you control and 1 monster your opponent controls; destroy that "
                 "opponent's monster, and if you do, Special Summon 1 Token to your Monster Zone.")
    assert (1, "that-target", 2) in refs and not any(n == 2 for n, _, _ in refs)


_SWAPPED = ["Libromancer Displaced targets my Libromancer monster and a monster my opponent "
            "controls.", "My Libromancer monster leaves the field."]


@pytest.mark.slow
def test_the_part_after_and_if_you_do_needs_your_gone_target(base_expert):
    a = base_expert.ask("Do I still take control of my opponent's monster?", _SWAPPED)
    assert a.value == "no"


@pytest.mark.slow
def test_near_miss_the_other_target_gone_is_not_your_monster(base_expert):
    a = base_expert.ask("Do I still take control of my opponent's monster?",
                        _SWAPPED[:1] + ["It resolves."])
    assert a.value != "no"


_ATTACK = "My opponent's monster attacks."
_SUMMON = "Then I Special Summon a monster from my hand. Does a replay happen?"


@pytest.mark.slow
@pytest.mark.parametrize("response", [
    "I activate Draining Shield targeting the attacking monster. It resolves.",
    "I activate Sakuretsu Armor targeting the attacking monster. It resolves.",
    "I activate Kunai with Chain. It resolves.",
])
def test_a_replay_is_not_known_after_a_card_that_may_stop_the_attack(base_expert, response):
    a = base_expert.ask(f"{_ATTACK} {response} {_SUMMON}")
    assert a.value == "unknown"
    assert "activation-after-the-attack-may-stop-it" in " ".join(a.missing)


@pytest.mark.slow
def test_near_miss_a_summon_alone_makes_the_replay(base_expert):
    assert base_expert.ask(f"{_ATTACK} {_SUMMON[5:]}").value == "yes"


@pytest.mark.slow
@pytest.mark.parametrize("question", [
    "Does the monster equipped with Black Pendant keep the ATK after being negated by Effect Veiler?",
    "Does the monster equipped with Black Pendant keep the ATK if it is negated by Skill Drain?",
    "Does my monster keep the ATK from Black Pendant if its effects are negated?",
])
def test_the_holder_negated_is_not_the_equip_card_negated(base_expert, question):
    with pytest.raises(QuestionError, match="whose effects are negated"):
        base_expert.ask(question)


@pytest.mark.slow
def test_near_miss_the_equip_card_itself_negated(base_expert):
    a = base_expert.ask("Does my monster keep the ATK from Black Pendant if Black Pendant's effects "
                        "are negated?")
    assert a.value == "no"
