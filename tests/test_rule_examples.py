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


# every example is a test of its own (about 1,100, a third of the default run's time): they run
# in the second command of .ci/run with the slow tests, and `psct-expert rules test` runs them
@pytest.mark.slow
@pytest.mark.parametrize("rule, example", EXAMPLES,
                         ids=[f"{r.id}::{ex.get('name')}" for r, ex in EXAMPLES])
def test_rule_example(base_expert, rule, example):
    result = run_example(base_expert.engine, rule, example)
    assert result.passed, result.message
