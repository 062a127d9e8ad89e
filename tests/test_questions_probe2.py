"""What the second held-out probe (bench/heldout-probe2.yaml) found: questions on cards neither
acceptance file nor the first probe uses, in the shapes players post.

For each fix: the wording on a card, the same form on another card or an invented one, and a near
miss answered differently or refused (never answered as if a word were not there).  The questions
are the cases of tests/fixtures/questions/probe2.yaml (run by tests/test_questions_cases.py); the
reader's side of each fix, on invented cards, is tests/fixtures/readings/probe2.yaml, run here."""

import pytest

from question_helpers import check_reading, count_reading, readings


@pytest.mark.parametrize("case", readings("probe2"))
def test_reading(case):
    """A reading of an invented card in tests/fixtures/readings/probe2.yaml."""
    wanted = count_reading(case)
    assert wanted > 0, "a reading case that checks nothing"
    assert check_reading(case) == wanted, "a check the case names was not made"
