"""What kind of effect the reader finds, on invented texts (tests/fixtures/readings/effect_kinds.yaml):
effects a card gives to another monster or to itself (``granted_effect``), and the windows that make
an effect a Quick Effect (``quick_marker``).  The questions that use them:
tests/fixtures/questions/effect_kinds.yaml."""

import pytest

from question_helpers import check_reading, count_reading, readings


@pytest.mark.parametrize("case", readings("effect_kinds"))
def test_effect_kinds(base_expert, case):
    wanted = count_reading(case)
    assert wanted > 0, "a reading case that checks nothing"
    assert check_reading(case, base_expert) == wanted
