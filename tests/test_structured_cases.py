"""Every guide case, asked as a structured question: right answer, and every citation."""

import pathlib

import pytest

from conftest import CASES
from psct_expert.yamlpos import safe_load    # libyaml: this module is loaded by every xdist worker

SPECS = safe_load((pathlib.Path(__file__).parent / "structured" / "guide-cases.yaml")
                       .read_text(encoding="utf-8"))
CASE_LIST = safe_load(CASES.read_text(encoding="utf-8"))["cases"]


def test_every_case_has_a_structured_form():
    assert {c["id"] for c in CASE_LIST} == set(SPECS)


@pytest.mark.parametrize("case", CASE_LIST, ids=[c["id"] for c in CASE_LIST])
def test_structured_case(case, case_expert):
    answer = case_expert.ask_spec(SPECS[case["id"]], case["ask"])
    assert answer.value == case["expect"], answer.missing
    missing = set(case["cites"]) - set(answer.citations())
    assert not missing, f"proof does not cite {missing}"
