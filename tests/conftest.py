import pathlib

import pytest
import yaml

from psct_expert.api import Expert
from psct_expert.cards import Card

TESTS = pathlib.Path(__file__).parent
CASES = TESTS / "acceptance" / "guide-cases.yaml"


@pytest.fixture(scope="session")
def base_expert():
    return Expert()


@pytest.fixture(scope="session")
def case_file():
    return yaml.safe_load(CASES.read_text(encoding="utf-8"))


@pytest.fixture(scope="session")
def case_expert(base_expert, case_file):
    return base_expert.with_cards(Card.from_dict(c, origin="case file") for c in case_file["cards"])
