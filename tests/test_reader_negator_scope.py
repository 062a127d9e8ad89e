"""Where a negator's condition looks and where an effect is activated from, on invented texts
(tests/fixtures/readings/negator_scope.yaml): ``negation_place`` ("When a monster effect is
activated in the hand or GY") and ``activated_in_said`` ("discard this card", "banish this card
from your GY", "send this face-up card").  The questions that use them:
tests/fixtures/questions/negator_scope.yaml."""

import pytest

from question_helpers import check_reading, readings


@pytest.mark.parametrize("case", readings("negator_scope"))
def test_negator_scope(case):
    assert check_reading(case) > 0
