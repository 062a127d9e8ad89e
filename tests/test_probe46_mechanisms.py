"""Mechanisms of the session after `3a45d38` (issues 22 and 23): a cost told as the activation
("I discard Effect Veiler targeting ..."), a purpose told with the activation that says which
effect ("I activate X to negate the Summon"), and an effect activated earlier whose lock may still
forbid responses.  Sentences written for these tests, not the shared cases."""

import pytest

from psct_expert.errors import PsctError


@pytest.mark.slow
def test_a_cost_told_as_the_activation_is_that_effect_activated(base_expert):
    a = base_expert.ask("I discard Ghost Ogre & Snow Rabbit. Does Ghost Ogre & Snow Rabbit target?")
    assert a.value == "no" and a.restated == "Does the first effect of Ghost Ogre & Snow Rabbit target?"
    # "discard" tells a cost that sends the card from the hand to the GY, and what it targets
    # is kept: its target gone, the negation does not apply
    b = base_expert.ask("I discard Effect Veiler targeting their monster. They chain and banish "
                        "their monster. Is their monster's effect still negated?")
    assert b.value == "no" and "Effect Veiler" in b.restated
    # near miss: a card whose effect has no such cost is no activation told
    with pytest.raises(PsctError, match="no event"):
        base_expert.ask("I discard Sangan. Does Sangan target?")


@pytest.mark.slow
def test_the_purpose_told_with_an_activation_says_which_effect(base_expert):
    a = base_expert.ask("My opponent Special Summons a monster. I activate T.G. Halberd Cannon to "
                        "negate the Summon. Can my opponent chain to it?")
    assert a.value == "yes" and a.restated == "Does the second effect of T.G. Halberd Cannon start a Chain?"
    assert any(c.kind == "purpose-effect" for c in a.reading.changes)
    # near miss: a purpose its text does not bear out says no effect: still asked which
    with pytest.raises(PsctError):
        base_expert.ask("My opponent Special Summons a monster. I activate T.G. Halberd Cannon to "
                        "draw 2 cards. Can my opponent chain to it?")


@pytest.mark.slow
def test_a_purpose_after_a_cost_paid_is_set_aside_when_it_names_no_card(base_expert):
    a = base_expert.ask("My opponent Special Summons a monster. I tribute Stardust Dragon to negate "
                        "the summon. Does Stardust Dragon's effect start a chain?")
    assert a.value == "yes"
    assert any(c.kind == "grounded" and c.written == "to negate the summon" for c in a.reading.changes)


@pytest.mark.slow
def test_a_lock_activated_earlier_leaves_a_response_unknown(base_expert):
    q = ("used multirole's send-to-gy effect earlier this turn. later i activate shark cannon, can "
         "opp chain a counter trap to it?")
    a = base_expert.ask(q)
    assert a.value == "unknown"
    assert any("(rule earlier-lock-may-restrict-responses)" in m for m in a.missing)
    # near miss: told without the earlier lock, a Counter Trap can answer the Spell
    b = base_expert.ask("i activate Sky Striker Mecha - Shark Cannon. can opp chain a counter trap to it?")
    assert b.value == "yes"
