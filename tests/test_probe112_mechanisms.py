"""Round 112 (dev): a response told by what it does with its kind said in full ("chains a Trap
Card that destroys X", "in response activates a Spell Card which ..."), and a Chain Link told
resolving by its number ("Chain Link 2 resolves"); each with its near miss."""

import pytest

from psct_expert.errors import QuestionError

pytestmark = pytest.mark.slow

_POT = "I activate Pot of Greed."


@pytest.mark.parametrize("told", [
    "My opponent chains a Trap Card that destroys my Sangan.",
    "In response my opponent activates a Spell Card which destroys my Sangan.",
])
def test_a_response_told_by_what_it_does_keeps_an_if_trigger(base_expert, told):
    a = base_expert.ask("After the Chain resolves, can I activate Sangan's effect?", [_POT, told])
    assert a.value == "yes"


def test_near_miss_a_when_trigger_mid_chain_misses_its_timing(base_expert):
    a = base_expert.ask("After the Chain resolves, can I activate Peten the Dark Clown's effect?",
                        [_POT, "My opponent chains a Normal Trap Card that destroys my Peten the "
                               "Dark Clown."])
    assert a.value == "no"


def test_a_link_told_resolving_by_its_number(base_expert):
    a = base_expert.ask("Can I activate Peten the Dark Clown's effect?",
                        [_POT, "My opponent chains a Trap Card that destroys my Peten the Dark "
                               "Clown.", "Chain Link 2 resolves, then Pot of Greed resolves."])
    assert a.value == "no"


def test_near_miss_the_first_link_cannot_resolve_first(base_expert):
    with pytest.raises(QuestionError, match="Chain Link 1 cannot resolve before"):
        base_expert.ask("Does Pot of Greed still resolve?",
                        [_POT, "My opponent chains a Trap Card.", "Chain Link 1 resolves."])


@pytest.mark.parametrize("told", ["dark armed dragon special summoned.",
                                  "Dark Armed Dragon Special Summoned from my hand."])
def test_a_headline_summon_is_a_told_summon(base_expert, told):
    a = base_expert.read(f"{told} Can I activate its effect?")[1]
    assert any(c.kind == "read-as" and "is special summoned" in c.read.lower() for c in a.changes)


def test_near_miss_a_card_that_summons_something_is_not_read_so(base_expert):
    with pytest.raises(QuestionError):
        base_expert.read("Dark Armed Dragon Special Summoned a monster. Can I activate its effect?")
