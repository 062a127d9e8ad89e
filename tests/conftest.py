import gc
import itertools
import json
import os
import pathlib
import subprocess
import sys
import threading
import time
import warnings

import pytest

from psct_expert.yamlpos import safe_load

TESTS = pathlib.Path(__file__).parent
CASES = TESTS / "acceptance" / "guide-cases.yaml"

# Everything a run may read or write outside the checkout: each test gets its own.
ISOLATED = ("HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_CONFIG_HOME",
            "PSCT_EXPERT_USER_DIR", "PSCT_EXPERT_CACHE_DIR")
CLEARED = ("PSCT_EXPERT_RULES",)


def _isolate(root: pathlib.Path, setenv, delenv) -> None:
    """HOME is ``root``; the other folders are named inside it and made when first written
    (by the program, as for a new user): a run leaves fewer folders for pytest to delete."""
    root.mkdir(parents=True, exist_ok=True)
    for var in ISOLATED:
        setenv(var, str(root if var == "HOME" else root / var.lower()))
    for var in CLEARED:
        delenv(var)
    # no shipped audit records (facts/audit-records.jsonl.gz of a release build): an audit in
    # a test reads its cards itself unless the test gives it records
    setenv("PSCT_EXPERT_AUDIT_RECORDS", "")


def _cache_of(root: pathlib.Path) -> pathlib.Path:
    return root / "psct_expert_cache_dir"


# -- the cache template --------------------------------------------------------------------
#
# A fresh process with an empty cache folder spends ~3 s compiling the question grammar and
# building the card index and the loaded knowledge.  Every test has its own empty cache
# folder, so each test starting `psct-expert` (and each xdist worker's first question) paid
# that again.  Instead the controller of an xdist run (`-n 2`, the README's command) starts
# one `psct-expert ask` in the background, in its own temporary home, which writes those
# caches into a template folder; each test's own cache folder is then seeded with hard links
# to the template's files.  Caches are written atomically (a new file replaces the old
# name), so a test that rebuilds one replaces its own link, never the template; a test that
# edits a cache file in place would change the template, which `_check_template` reports.
# Tests about building, keying or checking the caches are marked ``cold_cache`` and start
# empty, as does every test of a run in one process (no `-n`: nothing waits for the build).

TEMPLATE_VAR = "PSCT_EXPERT_TESTS_CACHE_TEMPLATE"   # tells the xdist workers where it is
TEMPLATE_WAIT = 300                                 # seconds (the build takes ~3 s idle)
WARM_QUESTION = "Can Thunder King Rai-Oh negate the Special Summon of Gorz, Emissary of Darkness?"


def _start_template(config) -> None:
    folder = config._tmp_path_factory.getbasetemp() / "cache-template"
    folder.mkdir(exist_ok=True)
    home = folder / "home"
    env = dict(os.environ)
    _isolate(home, env.__setitem__, lambda v: env.pop(v, None))
    env.pop(TEMPLATE_VAR, None)
    log = open(folder / "build.log", "wb")
    proc = subprocess.Popen([sys.executable, "-m", "psct_expert", "ask", "--cards", str(CASES),
                             WARM_QUESTION], env=env, stdout=log, stderr=log,
                            stdin=subprocess.DEVNULL)

    def wait():
        code = proc.wait()
        log.close()
        cache = _cache_of(home)
        files = sorted(p.name for p in cache.iterdir() if p.is_file()) if cache.is_dir() else []
        tmp = folder / "ready.tmp"
        tmp.write_text(json.dumps({"returncode": code, "cache": str(cache), "files": files}))
        tmp.replace(folder / "ready")

    waiter = threading.Thread(target=wait, name="cache-template", daemon=True)
    waiter.start()
    config._psct_template = (proc, waiter)
    os.environ[TEMPLATE_VAR] = str(folder)


_template_state: dict = {}


def _template() -> list[tuple[pathlib.Path, tuple]]:
    """The template's files and their stat signatures, once per process (waiting for the
    build the first time); empty when there is none or its build failed."""
    if "files" in _template_state:
        return _template_state["files"]
    files: list = []
    folder = os.environ.get(TEMPLATE_VAR)
    if folder:
        ready = pathlib.Path(folder) / "ready"
        deadline = time.monotonic() + TEMPLATE_WAIT
        while not ready.exists() and time.monotonic() < deadline:
            time.sleep(0.02)
        info = json.loads(ready.read_text()) if ready.exists() else None
        if info and info["returncode"] == 0 and info["files"]:
            cache = pathlib.Path(info["cache"])
            files = [(cache / name, _signature(cache / name)) for name in info["files"]]
        else:
            warnings.warn(f"the test cache template was not built (see {folder}/build.log): "
                          "every test starts with an empty cache", stacklevel=1)
    _template_state["files"] = files
    return files


def _signature(path: pathlib.Path) -> tuple:
    st = path.stat()
    return st.st_ino, st.st_size, st.st_mtime_ns


def _seed(cache: pathlib.Path) -> list:
    """Hard-link the template's files into ``cache`` (a copy where links are refused)."""
    files = _template()
    cache.mkdir(parents=True, exist_ok=True)
    for src, _sig in files:
        dst = cache / src.name
        try:
            os.link(src, dst)
        except FileExistsError:
            pass
        except OSError:
            import shutil

            shutil.copyfile(src, dst)
    return files


def _check_template(files: list, nodeid: str) -> None:
    changed = [src.name for src, sig in files if not src.exists() or _signature(src) != sig]
    if changed:
        pytest.fail(f"{nodeid} changed the shared cache template through its hard link "
                    f"({', '.join(changed)}): a test that edits cache files in place must be "
                    f"marked cold_cache", pytrace=False)


# -- the run ------------------------------------------------------------------------------

# The garbage collector: a worker's heap holds ~300,000 long-lived objects (the card index,
# grammars, rule networks, the parses kept per sentence shape), and with Python's default
# thresholds (700, 10, 10) each worker ran ~15 full collections of all of them and ~2,000
# young ones: ~2.5 s of CPU per worker, a seventh of its time.  With (10000, 10, 10) it runs
# one or two full collections.  Only the test processes are tuned; the program is not.
GC_THRESHOLDS = (10_000, 10, 10)


def pytest_configure(config):
    config.addinivalue_line("markers", "pool: reads the whole card pool (slow; run with -m pool)")
    config.addinivalue_line("markers", "cold_cache: starts with an empty cache folder (tests about "
                                       "building, keying or checking the caches)")
    config._psct_gc = gc.get_threshold()
    gc.set_threshold(*GC_THRESHOLDS)


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session):
    """The tests are done: collect once (finalizers still report through pytest), then freeze
    what is left, so the five full collections pytest makes at the end to find unraisable
    exceptions, and the interpreter's own at exit, skip the whole heap."""
    gc.collect()
    gc.freeze()


@pytest.hookimpl(tryfirst=True)
def pytest_sessionstart(session):
    """Before collection (test modules load data at import): this process's own temporary
    home, XDG folders, user store and cache, and no user rules; then, in an xdist run's
    controller (before it starts the workers), the cache template's build starts."""
    config = session.config
    config._psct_saved_env = {v: os.environ.get(v) for v in ISOLATED + CLEARED + (TEMPLATE_VAR,)}
    base = config._tmp_path_factory.getbasetemp()
    _isolate(base / "session-home", os.environ.__setitem__, lambda v: os.environ.pop(v, None))
    if hasattr(config, "workerinput"):
        return
    os.environ.pop(TEMPLATE_VAR, None)
    if getattr(config.option, "numprocesses", None) and getattr(config.option, "dist", "no") != "no":
        _start_template(config)


def pytest_unconfigure(config):
    if hasattr(config, "_psct_gc"):
        gc.set_threshold(*config._psct_gc)
    started = getattr(config, "_psct_template", None)
    if started:
        proc, waiter = started
        if proc.poll() is None:         # a short run that never needed it
            proc.kill()
        waiter.join(10)
    for var, value in getattr(config, "_psct_saved_env", {}).items():
        if value is None:
            os.environ.pop(var, None)
        else:
            os.environ[var] = value


# Tests the default run leaves out, keeping it fast; `.ci/run` runs them as a second command
# (``pytest -m "slow or pool"``), so CI runs every test.  Besides the tests marked in their
# source, every test named in tests/slow-tests.txt (measured by tools/slow_tests.py at 50 ms
# or more) is marked ``slow``; PSCT_TESTS_MEASURE=1 (the tool's run) leaves the
# list out, so the tests on it are measured again.
OPT_IN = ("pool", "slow")
SLOW_LIST = TESTS / "slow-tests.txt"


def _measured_slow() -> set[str]:
    if os.environ.get("PSCT_TESTS_MEASURE") == "1" or not SLOW_LIST.exists():
        return set()
    return {line.strip() for line in SLOW_LIST.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")}


def pytest_collection_modifyitems(config, items):
    """Tests marked ``pool`` or ``slow`` (or listed as slow) run only when ``-m`` names one of
    their markers; otherwise they are deselected, as ``-m`` deselects."""
    asked = config.getoption("-m") or ""
    listed = _measured_slow()
    kept, left_out = [], []
    for item in items:
        if item.nodeid in listed:
            item.add_marker(pytest.mark.slow)
        names = {m.name for m in item.iter_markers()}
        if any(name in names for name in OPT_IN) and not any(name in asked for name in names):
            left_out.append(item)
        else:
            kept.append(item)
    if left_out:
        config.hook.pytest_deselected(items=left_out)
        items[:] = kept


@pytest.fixture(scope="session", autouse=True)
def _session_home():
    """Session fixtures (the shared Expert) never see the developer's own store or rules: the
    session's home (set before collection) gets its cache seeded from the template."""
    _seed(pathlib.Path(os.environ["PSCT_EXPERT_CACHE_DIR"]))


@pytest.fixture(scope="session")
def _homes(tmp_path_factory):
    return tmp_path_factory.mktemp("homes", numbered=False)


_NUMBER = itertools.count()


@pytest.fixture(autouse=True)
def _own_home(request, _session_home, _homes, monkeypatch):
    """Every test: its own temporary HOME, XDG folders, user store and cache (seeded from the
    cache template unless the test is marked ``cold_cache``); no user rules.

    The homes are numbered folders of one session folder: ``tmp_path_factory.mktemp`` scans
    every folder made so far for the next number, which over a whole run is quadratic."""
    root = _homes / str(next(_NUMBER))
    _isolate(root, monkeypatch.setenv, lambda v: monkeypatch.delenv(v, raising=False))
    if request.node.get_closest_marker("cold_cache") is not None:
        yield
        return
    files = _seed(_cache_of(root))
    yield
    _check_template(files, request.node.nodeid)


@pytest.fixture(scope="session")
def base_expert(_session_home):
    from psct_expert.api import Expert

    return Expert()


@pytest.fixture(scope="session")
def case_file():
    return safe_load(CASES.read_text(encoding="utf-8"))


@pytest.fixture(scope="session")
def case_expert(base_expert, case_file):
    from psct_expert.cards import Card

    return base_expert.with_cards(Card.from_dict(c, origin="case file") for c in case_file["cards"])
