"""Effects a card gives to another monster or to itself (reader fact ``granted_effect``), read on
invented texts: tests/fixtures/readings/granted_effects.yaml."""

import pytest

from question_helpers import check_reading, readings


@pytest.mark.parametrize("case", readings("granted_effects"))
def test_granted_effects(case):
    assert check_reading(case) > 0
