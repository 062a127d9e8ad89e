"""Mechanisms of the session after `9216994` (issues 22 and 23), found by the dev rounds, round 81
and hostile probes.  Sentences written for these tests, not the shared cases; each test has its
near miss."""

import pytest


@pytest.mark.slow
def test_the_last_link_told_resolves_and_a_negator_to_negate_it_reads_its_own_text(base_expert):
    # "I chain X to negate it": X negates only the activation (its text), so the link it answers
    # is negated; X is the last link told, so nothing answers it and it resolves
    a = base_expert.ask("Opponent activates Monster Reborn, I chain Dark Bribe to negate it. "
                        "Does my opponent draw 1 card?")
    assert a.value == "yes" and "link-nothing-negates-resolves" in a.rules()
    # the card it answers, named instead of "it"
    n = base_expert.ask("Opponent activates Monster Reborn, I chain Dark Bribe to negate Monster "
                        "Reborn. Does my opponent draw 1 card?")
    assert n.value == "yes"
    # near miss: a Counter Trap told chained to it answers it, so it is not said to resolve
    b = base_expert.ask("Opponent activates Monster Reborn, I chain Dark Bribe to negate it, my "
                        "opponent chains Solemn Judgment to negate it. Does my opponent draw 1 card?")
    assert b.value == "no" and "link-nothing-negates-resolves" not in b.rules()
