"""tests/slow-tests.txt (the measured slow tests, marked ``slow`` by conftest) names real tests."""

import pathlib

TESTS = pathlib.Path(__file__).parent


def test_every_listed_slow_test_is_in_a_test_file_once():
    lines = [ln for ln in (TESTS / "slow-tests.txt").read_text(encoding="utf-8").splitlines()
             if ln.strip() and not ln.startswith("#")]
    assert lines, "the list is empty"
    assert len(lines) == len(set(lines)), "a test is listed twice"
    for line in lines:
        path, _, name = line.partition("::")
        assert path.startswith("tests/test_") and name, f"not a node id: {line!r}"
        func = name.split("[")[0].split("::")[-1]
        source = (TESTS.parent / path).read_text(encoding="utf-8")
        assert f"def {func}(" in source, f"{line!r}: no test {func} in {path}"
