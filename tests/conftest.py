import os
import pathlib

import pytest
import yaml

TESTS = pathlib.Path(__file__).parent
CASES = TESTS / "acceptance" / "guide-cases.yaml"

# Everything a run may read or write outside the checkout: each test gets its own.
ISOLATED = ("HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_CONFIG_HOME",
            "PSCT_EXPERT_USER_DIR", "PSCT_EXPERT_CACHE_DIR")
CLEARED = ("PSCT_EXPERT_RULES",)


def _isolate(root: pathlib.Path, setenv, delenv) -> None:
    for var in ISOLATED:
        where = root / var.lower()
        where.mkdir(parents=True, exist_ok=True)
        setenv(var, str(where))
    for var in CLEARED:
        delenv(var)


def pytest_configure(config):
    config.addinivalue_line("markers", "pool: reads the whole card pool (slow; run with -m pool)")


# Tests the default run leaves out, keeping it fast; `.ci/run` runs them as a second command
# (``pytest -m "slow or pool"``), so CI runs every test.
OPT_IN = {"pool": "whole-pool test: run with 'pytest -m pool' (.ci/run does)",
          "slow": "slow test: run with 'pytest -m slow' (.ci/run does)"}


def pytest_collection_modifyitems(config, items):
    """Tests marked ``pool`` or ``slow`` run only when ``-m`` names one of their markers."""
    asked = config.getoption("-m") or ""
    for item in items:
        names = {m.name for m in item.iter_markers()}
        opt_in = sorted(names & OPT_IN.keys())
        if opt_in and not any(name in asked for name in names):
            item.add_marker(pytest.mark.skip(reason=OPT_IN[opt_in[0]]))


@pytest.fixture(scope="session", autouse=True)
def _session_home(tmp_path_factory):
    """Session fixtures (the shared Expert) never see the developer's own store or rules."""
    saved = {v: os.environ.get(v) for v in ISOLATED + CLEARED}
    _isolate(tmp_path_factory.mktemp("session-home"), os.environ.__setitem__,
             lambda v: os.environ.pop(v, None))
    from psct_expert.cards import load_database

    load_database.cache_clear()
    yield
    for var, value in saved.items():
        if value is None:
            os.environ.pop(var, None)
        else:
            os.environ[var] = value


@pytest.fixture(autouse=True)
def _own_home(tmp_path_factory, monkeypatch):
    """Every test: its own temporary HOME, XDG folders, user store and cache; no user rules."""
    _isolate(tmp_path_factory.mktemp("home"), monkeypatch.setenv,
             lambda v: monkeypatch.delenv(v, raising=False))


@pytest.fixture(scope="session")
def base_expert(_session_home):
    from psct_expert.api import Expert

    return Expert()


@pytest.fixture(scope="session")
def case_file():
    return yaml.safe_load(CASES.read_text(encoding="utf-8"))


@pytest.fixture(scope="session")
def case_expert(base_expert, case_file):
    from psct_expert.cards import Card

    return base_expert.with_cards(Card.from_dict(c, origin="case file") for c in case_file["cards"])
