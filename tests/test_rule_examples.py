"""Every example of every shipped rule runs as a test (id: RULE::EXAMPLE)."""

import pytest

from psct_expert.examples import run_example
from psct_expert.knowledge import load_knowledge

KB = load_knowledge()
EXAMPLES = [(r, ex) for r in KB.rules for ex in r.examples]


def test_every_rule_has_a_firing_example_and_a_near_miss():
    for r in KB.rules:
        fires = {bool(ex.get("fires")) for ex in r.examples}
        assert fires == {True, False}, f"{r.id} needs an example that fires and one that does not"


@pytest.mark.parametrize("rule, example", EXAMPLES,
                         ids=[f"{r.id}::{ex.get('name')}" for r, ex in EXAMPLES])
def test_rule_example(base_expert, rule, example):
    result = run_example(base_expert.engine, rule, example)
    assert result.passed, result.message
