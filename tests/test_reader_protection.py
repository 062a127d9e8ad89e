"""What a "cannot be targeted" sentence protects, from what and when (tests/fixtures/readings/
protection.yaml): fact ``cannot_be_targeted`` with ``protects`` (the card itself or another),
``what`` (the kind of effect) and ``condition`` (it holds only sometimes).  The questions that use
them: tests/fixtures/questions/can_target_protection.yaml."""

import pytest

from question_helpers import check_reading, readings


@pytest.mark.parametrize("case", readings("protection"))
def test_protection(case):
    assert check_reading(case) > 0
