"""Activation legality (topic H) asked in plain English: conditions on what the activating
player controls, on where the activating card is, on a phase left out, and on what was
activated earlier this turn.

Each form: the real ruling's wording, a paraphrase on other cards, and a near miss that is
refused or answered differently: the cases of tests/fixtures/questions/activation_legality.yaml.
The reader patterns are checked on invented card texts: tests/fixtures/readings/ (run here)."""

import pytest

from question_helpers import check_reading, count_reading, readings


@pytest.mark.parametrize("case", readings("activation_legality"))
def test_reading(base_expert, case):
    """A reading of an invented card in tests/fixtures/readings/activation_legality.yaml."""
    wanted = count_reading(case)
    assert wanted > 0, "a reading case that checks nothing"
    assert check_reading(case, base_expert) == wanted, "a check the case names was not made"
