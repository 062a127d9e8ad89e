"""Round 112 (dev): a response told by what it does with its kind said in full ("chains a Trap
Card that destroys X", "in response activates a Spell Card which ..."), and the other readings and
rules of the round; each with its near miss."""

import pytest

from psct_expert.cards import Card
from psct_expert.errors import QuestionError
from psct_expert.reader import read_card

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


@pytest.mark.parametrize("told", ["dark armed dragon special summoned.",
                                  "Dark Armed Dragon Special Summoned from my hand."])
def test_a_headline_summon_is_a_told_summon(base_expert, told):
    a = base_expert.read(f"{told} Can I activate its effect?")[1]
    assert any(c.kind == "read-as" and "is special summoned" in c.read.lower() for c in a.changes)


def test_near_miss_a_card_that_summons_something_is_not_read_so(base_expert):
    with pytest.raises(QuestionError):
        base_expert.read("Dark Armed Dragon Special Summoned a monster. Can I activate its effect?")


def _extra(text: str) -> bool:
    card = Card(name="Example Warden", kind="monster", subtypes=("effect",), level=4, atk=1000,
                def_=1000, attribute="LIGHT", race="Warrior", text=text)
    return any(f.type == "extra_condition" for f in read_card(card).facts)


def test_a_condition_opening_with_if_your_opponent_would_is_no_extra_requirement():
    assert not _extra("If your opponent would Special Summon a monster(s) (Quick Effect): You can "
                      "Tribute this card; negate the Summon, and if you do, destroy that monster(s).")


def test_near_miss_an_if_before_the_event_is_an_extra_requirement():
    assert _extra("If this is the only card in your hand, when your opponent would Special Summon "
                  "a monster: You can discard this card; negate the Summon.")


@pytest.mark.parametrize("purpose", ["protect my Tuner", "protect my Tuner from being targeted"])
def test_a_purpose_said_as_protect_stays_asked(base_expert, purpose):
    # (hunt 103) "protect" names no one thing a text does (destruction, targeting, effects): a
    # grounding of it in the text's words took "from being targeted" as Barrier Resonator's
    a = base_expert.ask(f"It's my opponent's Battle Phase. Can I activate Barrier Resonator to "
                        f"{purpose}?")
    assert a.value == "unknown"


def test_near_miss_no_purpose_said(base_expert):
    a = base_expert.ask("It's my opponent's Battle Phase. Can I activate Barrier Resonator?")
    assert a.value == "yes"


def test_the_start_of_main_phase_1_has_passed_after_an_activation(base_expert):
    a = base_expert.ask("It is my Main Phase 1. I activate a Spell Card. It resolves. Can I "
                        "activate Pot of Extravagance now?")
    assert a.value == "no"
    assert any(s.rule == "start-of-phase-passed" for n in a.proofs["no"] for s in n.steps)


def test_near_miss_the_opponents_activation_does_not_end_it_for_me(base_expert):
    a = base_expert.ask("It is my Main Phase 1. My opponent activates a Quick-Play Spell. It "
                        "resolves. Can I activate Pot of Extravagance now?")
    assert not any(s.rule == "start-of-phase-passed" for n in a.proofs.get("no", [])
                   for s in n.steps)


@pytest.mark.parametrize("question", [
    "Is discarding a card for Twin Twisters a cost that I pay when I activate it?",
    "Twin Twisters: is discarding a card a cost that I pay when I activate it?",
])
def test_a_cost_said_again_as_paid_on_activation(base_expert, question):
    assert base_expert.ask(question).value == "yes"


def test_near_miss_a_cost_said_with_another_time_stays_unplaced(base_expert):
    with pytest.raises(QuestionError):
        base_expert.ask("Is discarding a card for Twin Twisters a cost that I pay when it resolves?")


def _legacy(text: str) -> bool:
    card = Card(name="Example Stream", kind="spell", subtypes=("quick-play",), text=text)
    return bool(read_card(card).legacy)


def test_a_restriction_with_unless_after_the_colon_is_psct():
    assert not _legacy('If you control a "Example" monster: Target 1 card on the field; banish that '
                       'target. You can only activate this card during your turn, unless you '
                       'control "Example Dragon".')


def test_near_miss_the_old_activation_sentence_is_legacy():
    assert _legacy("You can only activate this card during your opponent's Battle Phase. Destroy "
                   "1 monster on the field.")


def test_choose_a_protected_monster_with_a_targeting_card(base_expert):
    a = base_expert.ask("Can I choose a monster that cannot be targeted by card effects with "
                        "Mystical Space Typhoon?")
    assert a.value == "no"
    a = base_expert.ask("Can I choose a monster that cannot be targeted by card effects with "
                        "Raigeki?")
    assert a.value == "yes"


def test_a_card_chained_by_what_it_does_is_not_what_the_first_link_does(base_expert):
    spec, _ = base_expert.read("Does Dark Hole still resolve?",
                               ["I activate Dark Hole.",
                                "My opponent chains a Trap Card that destroys my Sangan."])
    first = next(e for e in spec["situation"] if e.get("id") == "a1")
    assert "does" not in first
    assert any(e.get("respond") == "a1" and e.get("does") for e in spec["situation"])


def test_near_miss_what_the_link_does_said_with_and(base_expert):
    spec, _ = base_expert.read("Can I activate Sangan's effect?",
                               ["My opponent activates Dark Hole and destroys my Sangan."])
    first = next(e for e in spec["situation"] if e.get("id") == "a1")
    assert first.get("does")


def test_treated_as_happening_at_the_same_time(base_expert):
    a = base_expert.ask("Fist Armed Dragon's GY effect: are the destruction and the Summon "
                        "considered as happening at the same time?")
    assert a.value == "yes"


def test_near_miss_then_is_not_at_the_same_time(base_expert):
    a = base_expert.ask("Number 15: Gimmick Puppet Giant Grinder's effect: are the destruction and "
                        "the damage treated as happening at the same time?")
    assert a.value == "no"


def test_just_to_is_the_purpose(base_expert):
    spec, relexed = base_expert.read("It is my Main Phase 1. Can I activate Pot of Desires just to "
                                     "draw 2 cards?")
    assert spec["family"] == "can-activate-now"
    assert any(c.written.lower().startswith("just to") for c in relexed.changes)


def test_near_miss_only_to_is_never_dropped(base_expert):
    try:
        _, relexed = base_expert.read("It is my Main Phase 1. Can I activate Pot of Desires only to "
                                      "draw 2 cards?")
    except QuestionError:
        return
    assert not any("only" in c.written.lower() and "only" not in c.read.lower()
                   for c in (relexed.changes if relexed else []))


def test_a_start_of_main_phase_1_card_used_this_turn_cannot_be_used_again(base_expert):
    a = base_expert.ask("It is my Main Phase 1. I activate Heat Wave. It resolves. Can I activate "
                        "another Heat Wave now?")
    assert a.value == "no"


def test_near_miss_a_main_phase_card_with_no_limit_can(base_expert):
    a = base_expert.ask("It is my Main Phase 1. I activate Pot of Greed. It resolves. Can I "
                        "activate another Pot of Greed now?")
    assert a.value == "yes"
