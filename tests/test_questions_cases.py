"""The question cases of tests/fixtures/questions/*.yaml, one test each (id: file/case).

Each file holds the cases of one topic's question tests (``test_questions_<file>.py`` keeps
the tests a case cannot say); what a case checks is explained in tests/question_helpers.py."""

import pytest

from question_helpers import FIXTURES, cases, check_case, count_checks

FILES = sorted(FIXTURES.glob("*.yaml"))


def test_every_case_file_has_cases():
    assert FILES
    for path in FILES:
        assert cases(path.stem), path


# the cases kept from earlier rounds of held-out probes: regression cases whose mechanisms the
# topic files test too; and the ten largest topic files (about 540 cases, each mechanism also
# tested by its own module's tests: test_questions_battle.py, test_counters_stats.py,
# test_activation_timing.py, test_questions_targets_summons.py, ...): they run with the slow
# tests (.ci/run runs them), for a default run under a minute
SLOW_FILES = {"probe2", "probe3", "heldout", "chain_cost_summon", "event_order", "timing_chains",
              "resolution", "conditions_opt", "conjunctions", "battle", "counters_stats",
              "activation_timing", "targets_summons"}


def _slow(case):
    return pytest.param(*case.values, marks=[*case.marks, pytest.mark.slow], id=case.id)


@pytest.mark.parametrize("case", [_slow(case) if path.stem in SLOW_FILES else case
                                  for path in FILES for case in cases(path.stem)])
def test_question(base_expert, case):
    wanted = count_checks(case)
    assert wanted > 0, "a case that checks nothing"
    assert check_case(base_expert, case) == wanted, "a check the case names was not made"
