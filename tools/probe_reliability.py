"""Probe the findings of issue 13 (reliability round 2) and issue 24 (round 3), one check each.

    python3 tools/probe_reliability.py [-k WORD] [-v]

Round 3's checks (``/work/shared/reports/reliability-3.md``) carry the report's id in their
name (``r3_s3_...``, ``r3_w8_...``); ``-k r3_`` runs only those.

Each check runs the installed command line (``python3 -m psct_expert``) or the
library the way a hostile user would, in its own temporary HOME, user store and
cache, and says whether the finding is handled: a clear error (exit 2 naming the
file), an exit code as documented, nothing lost, nothing hung.  It ends with
"N of N handled".  Two findings belong to the parser rewrite and are not probed
here: scenario parsing time and questions naming more cards than a family has
slots.
"""

from __future__ import annotations

import argparse
import gzip
import http.client
import json
import os
import pathlib
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import textwrap
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
TIMEOUT = 120
CHECKS = []


def check(fn):
    CHECKS.append(fn)
    return fn


class Sandbox:
    """A temporary HOME with its own user store and cache."""

    def __init__(self, root: pathlib.Path):
        self.root = root
        self.user = root / "user"
        self.env = dict(os.environ)
        for var, sub in (("HOME", "home"), ("XDG_DATA_HOME", "data"), ("XDG_CACHE_HOME", "cache"),
                         ("PSCT_EXPERT_USER_DIR", "user"), ("PSCT_EXPERT_CACHE_DIR", "pcache")):
            (root / sub).mkdir(parents=True, exist_ok=True)
            self.env[var] = str(root / sub)
        self.env.pop("PSCT_EXPERT_RULES", None)
        # the probes read the pool themselves (killing a running audit, its output files): the
        # shipped audit records would answer a first audit before any of that can happen
        self.env["PSCT_EXPERT_AUDIT_RECORDS"] = ""
        self.env["PYTHONPATH"] = str(ROOT) + os.pathsep + self.env.get("PYTHONPATH", "")

    def run(self, *args, env=None, **kw):
        e = dict(self.env, **(env or {}))
        return subprocess.run([sys.executable, "-m", "psct_expert", *args], capture_output=True,
                              text=True, errors="replace", env=e, cwd=self.root,
                              timeout=kw.pop("timeout", TIMEOUT), **kw)

    def py(self, code: str, *args, **kw):
        return subprocess.run([sys.executable, "-c", textwrap.dedent(code), *args],
                              capture_output=True, text=True, errors="replace", env=self.env,
                              cwd=self.root, timeout=kw.pop("timeout", TIMEOUT), **kw)

    def prints(self, code: str, *words: str, **kw) -> tuple[bool, str]:
        """Runs ``code`` (:meth:`py`): whether it printed exactly ``words``, and the end of its output."""
        proc = self.py(code, **kw)
        return proc.stdout.split() == list(words), (proc.stdout + proc.stderr).strip()[-200:]

    def store(self) -> pathlib.Path:
        return self.user / "cards.jsonl"

    def jsonl(self, name: str, *cards) -> pathlib.Path:
        p = self.root / name
        p.write_text("".join(json.dumps(c) + "\n" for c in cards), encoding="utf-8")
        return p


def clear_error(proc, *needles) -> tuple[bool, str]:
    """Exit 2, one-line error naming what it should, no traceback."""
    err = proc.stderr
    ok = proc.returncode == 2 and "Traceback" not in err and "internal error" not in err \
        and all(n in err for n in needles)
    return ok, f"exit {proc.returncode}: {err.strip()[:200]}"


# -- data lost -----------------------------------------------------------------------------

@check
def concurrent_imports_both_land(sb: Sandbox):
    a = sb.jsonl("a.jsonl", *({"name": f"A card {i}", "kind": "spell", "text": "Draw 1 card."}
                              for i in range(20000)))
    b = sb.jsonl("b.jsonl", *({"name": f"B card {i}", "kind": "trap", "text": "Draw 1 card."}
                              for i in range(20000)))
    procs = [subprocess.Popen([sys.executable, "-m", "psct_expert", "cards", "import", str(p)],
                              env=sb.env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
             for p in (a, b)]
    codes = [p.wait(timeout=TIMEOUT) for p in procs]
    names = {json.loads(ln)["name"][0] for ln in sb.store().read_text().splitlines()}
    return codes == [0, 0] and names == {"A", "B"}, f"exit codes {codes}; stores cards of {names}"


@check
def a_second_import_says_it_waits(sb: Sandbox):
    from filelock import FileLock

    sb.user.mkdir(parents=True, exist_ok=True)
    f = sb.jsonl("a.jsonl", {"name": "Waiter", "kind": "spell"})
    lock = FileLock(str(sb.user / "cards.lock"))
    with lock:
        proc = subprocess.Popen([sys.executable, "-m", "psct_expert", "cards", "import", str(f)],
                                env=sb.env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                text=True)
        time.sleep(3)
    out, err = proc.communicate(timeout=TIMEOUT)
    ok = proc.returncode == 0 and "another 'cards import'" in err and "Waiter" in \
        sb.store().read_text()
    return ok, f"exit {proc.returncode}: {err.strip()[:160]}"


@check
def a_symlinked_store_stays_a_symlink(sb: Sandbox):
    real = sb.root / "elsewhere.jsonl"
    real.write_text(json.dumps({"name": "Old", "kind": "spell"}) + "\n")
    sb.store().symlink_to(real)
    proc = sb.run("cards", "import", str(sb.jsonl("n.jsonl", {"name": "New", "kind": "spell"})))
    ok = proc.returncode == 0 and sb.store().is_symlink() and "New" in real.read_text()
    return ok, f"exit {proc.returncode}; symlink: {sb.store().is_symlink()}"


@check
def duplicate_names_in_one_import_are_said(sb: Sandbox):
    f = sb.jsonl("d.jsonl", {"id": 1, "name": "Twin", "kind": "monster", "text": "Ritual."},
                 {"id": 2, "name": "Twin", "kind": "monster", "text": "Normal."},
                 {"id": 3, "name": "Same", "kind": "spell", "text": "a"},
                 {"id": 3, "name": "Same", "kind": "spell", "text": "b"})
    proc = sb.run("cards", "import", str(f))
    kept = [json.loads(ln)["text"] for ln in sb.store().read_text().splitlines()]
    ok = proc.returncode == 0 and "kept each" in proc.stderr and "listed twice" in proc.stderr \
        and sorted(kept) == ["Normal.", "Ritual.", "b"]
    return ok, proc.stderr.strip()[:200]


# -- wrong results ---------------------------------------------------------------------------

@check
def audit_j1_and_j2_are_byte_identical(sb: Sandbox):
    code = """
        import collections, json
        import psct_expert.audit as audit_module
        from psct_expert.api import Expert
        ex = Expert()
        every = ex.db.all_cards()
        count = collections.Counter(c.name for c in every)
        twins = [c for c in every if count[c.name] > 1][:6]
        cards = every[:300] + twins
        ex.db.all_cards = lambda: list(cards)
        def dump(j):
            return "\\n".join(json.dumps(r, sort_keys=True) for r in audit_module.audit(ex, None, j))
        one, two = dump(1), dump(2)
        ids = [json.loads(x)["id"] for x in two.splitlines()]
        print(one == two, len(ids) == len(set(ids)) == len(cards))
    """
    return sb.prints(code, "True", "True", timeout=600)


@check
def user_sources_merge_like_rules(sb: Sandbox):
    folder = sb.root / "mine"
    folder.mkdir()
    (folder / "sources.yaml").write_text("sources:\n  psct-guide#2: {title: Mine}\n")
    first = sb.run("--rules", str(folder), "ask", "Does Creature Swap target?")
    (folder / "sources.yaml").write_text("sources:\n  psct-guide#2: {title: Mine, replaces: true}\n")
    second = sb.run("--rules", str(folder), "rules", "lint")
    ok1, d1 = clear_error(first, "sources.yaml:2", "duplicate source id")
    ok = ok1 and second.returncode == 0 and "replaces the source" in second.stdout
    return ok, d1


@check
def ctrl_c_exits_130(sb: Sandbox):
    proc = subprocess.Popen([sys.executable, "-m", "psct_expert", "audit", "--json"], env=sb.env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(4)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=TIMEOUT)
    return proc.returncode == 130 and "interrupted" in err, f"exit {proc.returncode}: {err[-100:]!r}"


# -- hangs -------------------------------------------------------------------------------------

# five patterns over one fact type, each with fresh variables (tests/test_engine.py uses it too)
BLOWUP = (ROOT / "tests" / "fixtures" / "blowup-rules" / "blowup.yaml").read_text(encoding="utf-8")


@check
def lint_warns_about_an_unconstrained_join(sb: Sandbox):
    f = sb.root / "blowup.yaml"
    f.write_text(BLOWUP)
    proc = sb.run("rules", "lint", str(f))
    return proc.returncode == 0 and f"{f}:8:9: warning" in proc.stdout and \
        "unconstrained join" in proc.stdout, proc.stdout.strip()[:200]


@check
def a_cross_product_run_ends_with_an_error_naming_the_rule(sb: Sandbox):
    folder = sb.root / "blow"
    folder.mkdir()
    (folder / "blowup.yaml").write_text(BLOWUP)
    text = " ".join(f"You can draw {i} cards, then discard 1 card, also destroy 1 monster."
                    for i in range(1, 15))
    start = time.perf_counter()
    proc = sb.run("--rules", str(folder), "analyze", "--kind", "spell", "--text", text)
    took = time.perf_counter() - start
    ok, detail = clear_error(proc, "blowup.yaml:3", "every-clause-five-times")
    return ok and took < 60, f"{took:.1f} s; {detail}"


@check
def lint_counts_any_expansions(sb: Sandbox):
    anys = "".join("      - any:\n          - colon: {effect: $e}\n"
                   "          - semicolon: {effect: $e}\n" for _ in range(22))
    f = sb.root / "anys.yaml"
    f.write_text("topic: anys\nrules:\n  - id: many-anys\n    says: x.\n    cites: [psct-guide#2]\n"
                 "    when:\n      - effect: {effect: $e}\n" + anys +
                 "    then:\n      - starts_chain: {effect: $e, value: yes}\n    examples:\n"
                 "      - {name: x, card: {name: X, kind: spell}, fires: no}\n")
    start = time.perf_counter()
    proc = sb.run("rules", "lint", str(f))
    took = time.perf_counter() - start
    ok = proc.returncode == 1 and "expand this rule into" in proc.stdout and took < 30
    return ok, f"{took:.1f} s; {proc.stdout.strip()[:160]}"


# -- crashes where the README promises exit 2 with a file and line -----------------------------

@check
def a_non_utf8_user_store_is_named(sb: Sandbox):
    sb.store().write_bytes(b'{"name": "Caf\xe9", "kind": "spell"}\n')
    return clear_error(sb.run("ask", "Does Creature Swap target?"), f"{sb.store()}:1")


@check
def card_field_types_are_checked_on_import(sb: Sandbox):
    f = sb.jsonl("bad.jsonl", {"name": "Ok", "kind": "spell"},
                 {"name": "Bad", "kind": "monster", "level": [1, 2]})
    ok, d = clear_error(sb.run("cards", "import", str(f)), f"{f}:2", "'level'")
    return ok and not sb.store().exists(), d


@check
def card_field_types_are_checked_on_load(sb: Sandbox):
    sb.store().write_text(json.dumps({"name": "Bad", "kind": "monster", "level": [1, 2]}) + "\n")
    return clear_error(sb.run("audit", "Pot of Greed"), f"{sb.store()}:1", "'level'")


@check
def case_file_cards_are_checked(sb: Sandbox):
    f = sb.root / "cases.yaml"
    f.write_text("cards:\n  - name: Bad\n    kind: monster\n    atk: [1]\ncases: []\n")
    return clear_error(sb.run("check", str(f)), f"{f}:4", "'atk'")


@check
def cards_option_files_are_checked(sb: Sandbox):
    f = sb.jsonl("c.jsonl", {"name": "Bad", "kind": "monster", "id": "x"})
    return clear_error(sb.run("ask", "--cards", str(f), "Does Creature Swap target?"),
                       f"{f}:1", "'id'")


@check
def rules_test_on_malformed_examples(sb: Sandbox):
    f = sb.root / "ex.yaml"
    f.write_text("topic: ex\nrules:\n  - id: ex-rule\n    says: x.\n    cites: [psct-guide#2]\n"
                 "    when:\n      - colon: {effect: $e}\n    then:\n"
                 "      - starts_chain: {effect: $e, value: yes}\n    examples:\n"
                 "      - {name: x, card: {name: X, kind: spell}, fires: no, expect: [colon]}\n")
    return clear_error(sb.run("rules", "test", str(f)), f"{f}:11")


@check
def a_rule_concluding_a_yaml_date(sb: Sandbox):
    folder = sb.root / "dated"
    folder.mkdir()
    (folder / "d.yaml").write_text(
        "topic: d\nrules:\n  - id: dated\n    says: x.\n    cites: [psct-guide#2]\n"
        "    when:\n      - colon: {effect: $e}\n    then:\n"
        "      - starts_chain: {effect: $e, value: 2024-01-01}\n    examples:\n"
        "      - {name: x, card: {name: X, kind: spell}, fires: no}\n")
    return clear_error(sb.run("--rules", str(folder), "ask", "--json",
                              "Does Pot of Greed start a Chain?"), "d.yaml:9")


@check
def a_non_utf8_scenario_file(sb: Sandbox):
    f = sb.root / "scene.txt"
    f.write_bytes(b"Player A has 2 cards in h\xe4nd.\n")
    return clear_error(sb.run("ask", "--scenario", str(f), "Does Creature Swap target?"), f"{f}:1")


@check
def a_non_utf8_json_lines_file(sb: Sandbox):
    f = sb.root / "l1.jsonl"
    f.write_bytes(b'{"name": "Caf\xe9", "kind": "spell"}\n')
    return clear_error(sb.run("cards", "import", str(f)), f"{f}:1", "UTF-8")


@check
def deeply_nested_json(sb: Sandbox):
    f = sb.root / "deep.json"
    f.write_text("[" * 200_000 + "]" * 200_000)
    g = sb.root / "deep.jsonl"
    g.write_text("[" * 200_000 + "]" * 200_000 + "\n")
    ok1, d1 = clear_error(sb.run("cards", "import", str(f)), str(f), "nested too deeply")
    ok2, d2 = clear_error(sb.run("cards", "import", str(g)), f"{g}:1", "nested too deeply")
    return ok1 and ok2, d1 + " / " + d2


@check
def lone_surrogate_escapes(sb: Sandbox):
    f = sb.root / "s.jsonl"
    f.write_text('{"name": "\\ud800", "kind": "spell"}\n')
    ok, d = clear_error(sb.run("cards", "import", str(f)), f"{f}:1", "surrogate")
    return ok and not sb.store().exists(), d


@check
def a_read_only_store_folder(sb: Sandbox):
    if os.geteuid() == 0:   # root writes anywhere: a folder that is a file fails the same way
        blocker = sb.root / "not-a-folder"
        blocker.write_text("")
        env = {"PSCT_EXPERT_USER_DIR": str(blocker / "store")}
    else:
        sb.user.chmod(0o555)
        env = {}
    f = sb.jsonl("a.jsonl", {"name": "A", "kind": "spell"})
    proc = sb.run("cards", "import", str(f), env=env)
    sb.user.chmod(0o755)
    return clear_error(proc, "cannot")


@check
def a_full_disk(sb: Sandbox):
    """A file-size limit (RLIMIT_FSIZE) makes writes fail the way a full disk does."""
    import resource

    good = sb.jsonl("good.jsonl", {"name": "Keep", "kind": "spell"})
    sb.run("cards", "import", str(good))
    before = sb.store().read_bytes()
    big = sb.jsonl("big.jsonl", *({"name": f"Card {i}", "kind": "spell", "text": "x" * 200}
                                  for i in range(2000)))

    def limit():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (100_000, 100_000))
    proc = sb.run("cards", "import", str(big), preexec_fn=limit)
    ok, d = clear_error(proc, str(sb.store()), "cannot write")
    leftovers = [p.name for p in sb.user.iterdir() if p.name.endswith(".tmp")]
    return ok and sb.store().read_bytes() == before and not leftovers, d


@check
def a_latin1_terminal(sb: Sandbox):
    proc = sb.run("analyze", "--kind", "spell", "--text", "Target 1 monster \u25cf; destroy it.",
                  env={"PYTHONIOENCODING": "latin-1"})
    return proc.returncode == 0 and "\\u25cf" in proc.stdout, f"exit {proc.returncode}"


@check
def a_truncated_gz(sb: Sandbox):
    data = gzip.compress(b"".join(json.dumps({"name": f"C{i}", "kind": "spell",
                                              "text": "x" * 100}).encode() + b"\n"
                                  for i in range(500)))
    f = sb.root / "cut.jsonl.gz"
    f.write_bytes(data[: len(data) // 2])
    ok, d = clear_error(sb.run("cards", "import", str(f)), str(f), "truncated")
    return ok and "aborted" not in d, d


@check
def a_cdb_path_with_a_hash(sb: Sandbox):
    folder = sb.root / "my #1 set"
    folder.mkdir()
    cdb = folder / "cards#2.cdb"
    con = sqlite3.connect(cdb)
    con.execute("CREATE TABLE datas (id INTEGER PRIMARY KEY, ot, alias, setcode, type, atk, def, "
                "level, race, attribute, category)")
    con.execute("CREATE TABLE texts (id INTEGER PRIMARY KEY, name, desc)")
    con.execute("INSERT INTO datas VALUES (1, 0, 0, 0, 33, 100, 100, 4, 1, 1, 0)")
    con.execute("INSERT INTO texts VALUES (1, 'Hash Warrior', 'Draw 1 card.')")
    con.commit()
    con.close()
    before = sorted(p.name for p in folder.iterdir())
    proc = sb.run("cards", "import", str(cdb))
    ok = proc.returncode == 0 and sorted(p.name for p in folder.iterdir()) == before \
        and not (sb.root / "my ").exists()
    return ok, f"exit {proc.returncode}: {(proc.stdout + proc.stderr).strip()[:160]}"


# -- trust ---------------------------------------------------------------------------------------

@check
def the_name_cache_is_verified(sb: Sandbox):
    code = """
        from psct_expert.cards import load_database
        from psct_expert.paths import cache_dir
        first = load_database().get("Pot of Greed").text
        (cache,) = cache_dir().glob("cards-index*")
        cache.write_bytes(cache.read_bytes().replace(b"Draw 2 cards", b"Draw 9 cards"))
        load_database.cache_clear()
        print(load_database().get("Pot of Greed").text == first, "key" if cache.name.count("-") == 3 else "")
    """
    return sb.prints(code, "True", "key")


# -- the test suite itself -----------------------------------------------------------------------

@check
def tests_ignore_the_developers_store_and_rules(sb: Sandbox):
    broken = sb.root / "broken-rules"
    broken.mkdir()
    (broken / "x.yaml").write_text("topic: [unclosed\n")
    sb.store().write_bytes(b"\xff not json\n")
    env = dict(sb.env, PSCT_EXPERT_RULES=str(broken))
    proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider",
                           "tests/test_cli.py", "tests/test_import.py"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=600)
    return proc.returncode == 0, proc.stdout.strip().splitlines()[-1] if proc.stdout else ""


@check
def no_assertion_that_cannot_fail(sb: Sandbox):
    texts = {p.name: p.read_text() for p in (ROOT / "tests").glob("test_*.py")}
    bad = [n for n, t in texts.items() if "or True" in t]
    import ast

    empty = []
    for name, text in texts.items():
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_") and not any(
                    isinstance(n, (ast.Assert, ast.Raise, ast.With)) or
                    (isinstance(n, ast.Call) and "assert" in ast.unparse(n.func))
                    for n in ast.walk(node)):
                empty.append(f"{name}::{node.name}")
    filtered = "if v[1] is not None" in texts.get("test_user_rules.py", "")
    return not bad and not empty and not filtered, f"'or True': {bad}; no assertion: {empty}"


@check
def the_whole_pool_test_is_marked(sb: Sandbox):
    proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "--co", "-m", "pool",
                           "-p", "no:cacheprovider"], cwd=ROOT, env=sb.env, capture_output=True,
                          text=True, timeout=300)
    last = proc.stdout.strip().splitlines()[-1] if proc.stdout else ""
    return last.startswith("1/") or last.startswith("1 test"), last


@check
def missing_facts_agree_with_the_engine(sb: Sandbox):
    code = """
        from psct_expert.engine import Engine, compare
        from psct_expert import proof
        # the explanation uses the engine's own matching functions, nothing of its own
        src = open(proof.__file__).read()
        print(compare(">=", "2", 1), "_test_holds" not in src and "_match_fields" not in src)
    """
    return sb.prints(code, "True", "True")


@check
def knowledge_is_a_package(sb: Sandbox):
    return sb.prints("from psct_expert.knowledge import load_knowledge, Rule, Pattern, KnowledgeBase\n"
                     "import psct_expert.knowledge.model, psct_expert.knowledge.loader, "
                     "psct_expert.knowledge.lint\nprint(len(load_knowledge().rules) > 0)", "True")


@check
def rules_usage_flags_single_case_rules(sb: Sandbox):
    proc = sb.run("rules", "usage", str(ROOT / "tests" / "acceptance" / "guide-cases.yaml"))
    last = proc.stdout.strip().splitlines()[-1] if proc.stdout else ""
    return proc.returncode == 0 and "by exactly one case" in last and "<- only case" in \
        proc.stdout, last


# -- round 3 (issue 24) ---------------------------------------------------------------------------


class Server:
    """``psct-expert serve`` on a free port of 127.0.0.1 in the sandbox, stopped by its PID."""

    def __init__(self, sb: Sandbox, *args: str):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.proc = subprocess.Popen([sys.executable, "-m", "psct_expert", "serve", "--port",
                                      str(self.port), "--workers", "2", *args], env=sb.env,
                                     cwd=sb.root,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.time() + TIMEOUT
        while time.time() < deadline:
            try:
                if self.request("GET", "/api/families")[0] == 200:
                    return
            except OSError:
                time.sleep(0.2)
        raise RuntimeError("the server did not start")

    def request(self, method, path, body=None, headers=None):
        con = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        try:
            con.request(method, path, body=body, headers=headers or {})
            r = con.getresponse()
            return r.status, r.read().decode("utf-8", "replace")
        finally:
            con.close()

    def stop(self) -> str:
        self.proc.send_signal(signal.SIGINT)
        try:
            _, err = self.proc.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            _, err = self.proc.communicate()
        return err.decode("utf-8", "replace")


def _children(pid: int) -> list[int]:
    out = []
    for d in pathlib.Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                if int((d / "stat").read_text().rsplit(")", 1)[1].split()[1]) == pid:
                    out.append(int(d.name))
            except (OSError, ValueError, IndexError):
                pass
    return out


def _alive(pid: int) -> bool:
    try:
        state = (pathlib.Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


def _tmp_files(folder: pathlib.Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def _signal_when(proc, seen, sig, limit=300.0) -> bool:
    """Sends ``sig`` to ``proc`` as soon as ``seen()`` is true; whether it was in time."""
    deadline = time.time() + limit
    while time.time() < deadline and proc.poll() is None:
        if seen():
            proc.send_signal(sig)
            return True
        time.sleep(0.001)
    return False


def _big_cards(sb: Sandbox, n: int = 60_000) -> pathlib.Path:
    return sb.jsonl("A.jsonl", *({"name": f"Renamed card {i}", "kind": "spell",
                                  "text": "Draw 1 card. " * 20} for i in range(n)))


def _names(n: int) -> list[str]:
    with gzip.open(ROOT / "facts" / "cards.jsonl.gz", "rt", encoding="utf-8") as fh:
        return [json.loads(next(fh))["name"] for _ in range(n)]


@check
def r3_s2_a_pickle_in_the_grammar_cache_runs_no_code(sb: Sandbox):
    """The report's repro: each compiled-grammar file of the cache replaced by a pickle that
    would run a command, its header made to match; the sentence shapes removed, so the next
    question needs the grammar itself.  Nothing runs, and the answer is the same."""
    import hashlib
    import pickle

    first = sb.run("ask", "Does Creature Swap target?")
    cache = pathlib.Path(sb.env["PSCT_EXPERT_CACHE_DIR"])
    pwned = sb.root / "pwned.txt"

    class Evil:
        def __reduce__(self):
            return (os.system, (f"echo PWNED > {pwned}",))

    payload = pickle.dumps(Evil())
    poisoned = 0
    for f in cache.glob("question-grammar-*.pickle"):
        magic, key, _ = f.read_bytes().split(b"\n", 1)[0].decode().split(" ")
        f.write_bytes(f"{magic} {key} {hashlib.sha256(payload).hexdigest()}\n".encode() + payload)
        poisoned += 1
    for f in cache.glob("question-shapes-*"):
        f.unlink()
    again = sb.run("ask", "Does Creature Swap target?")
    new_shape = sb.run("ask", "Can Creature Swap be chained to Mystical Space Typhoon?")
    ok = poisoned >= 1 and not pwned.exists() and first.returncode == again.returncode and \
        first.stdout == again.stdout and "Traceback" not in again.stderr + new_shape.stderr and \
        new_shape.returncode in (0, 1, 2) and "internal error" not in new_shape.stderr
    return ok, (f"{poisoned} grammar files poisoned; code ran: {pwned.exists()}; same answer: "
                f"{first.stdout == again.stdout} ({again.stdout.strip()[:60]!r})")


@check
def r3_s3_a_host_header_naming_another_site_is_refused(sb: Sandbox):
    srv = Server(sb)
    try:
        evil = [srv.request("GET", path, headers={"Host": host})
                for path in ("/api/card?name=Creature%20Swap", "/api/cards?prefix=a", "/")
                for host in ("evil.example", "evil.example:80", "127.0.0.1.nip.io")]
        own = [srv.request("GET", "/api/card?name=Creature%20Swap", headers={"Host": host})[0]
               for host in (f"127.0.0.1:{srv.port}", f"localhost:{srv.port}")]
    finally:
        srv.stop()
    ok = all(st == 400 and "BadHost" in body for st, body in evil) and own == [200, 200]
    return ok, f"foreign hosts: {sorted({st for st, _ in evil})}; own: {own}"


@check
def r3_s3_ask_takes_only_json_bodies(sb: Sandbox):
    srv = Server(sb)
    body = json.dumps({"question": "Does Creature Swap target?"})
    try:
        other = [srv.request("POST", "/api/ask", body, {"Content-Type": t})[0]
                 for t in ("text/plain", "application/x-www-form-urlencoded",
                           "multipart/form-data; boundary=x")]
        good = srv.request("POST", "/api/ask", body, {"Content-Type": "application/json"})
    finally:
        srv.stop()
    ok = other == [415, 415, 415] and good[0] == 200 and json.loads(good[1])["answer"] == "no"
    return ok, f"text/plain, form, multipart: {other}; json: {good[0]}"


@check
def r3_nan_infinity_and_1e999_in_a_spec_are_400_naming_the_field(sb: Sandbox):
    srv = Server(sb)
    got = []
    try:
        for raw, field in (('{"spec": {"family": "nope", "x": NaN}}', "spec.x"),
                           ('{"spec": {"family": "nope", "x": Infinity}}', "spec.x"),
                           ('{"spec": {"family": "targets", "card": 1e999}}', "spec.card")):
            st, text = srv.request("POST", "/api/ask", raw, {"Content-Type": "application/json"})
            got.append((st, field in text and "finite" in text))
        alive = srv.request("GET", "/api/families")[0]
    finally:
        err = srv.stop()
    ok = got == [(400, True)] * 3 and alive == 200 and "Traceback" not in err
    return ok, f"{got}; still up: {alive}"


@check
def r3_past_the_connection_limit_the_server_answers_a_json_503(sb: Sandbox):
    """The report's 200 clients at once, made certain: 205 requests held in the app (their
    headers sent, their bodies not yet), then 5 more, which are refused in the API's own form
    (503, ``kind: Busy``, ``Retry-After``), not with uvicorn's plain-text 503; then the held
    bodies are sent and each held request is answered; the server stays up."""
    srv = Server(sb)
    body = json.dumps({"question": "Does Creature Swap target?"}).encode()
    head = (f"POST /api/ask HTTP/1.1\r\nHost: 127.0.0.1:{srv.port}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
            f"Connection: close\r\n\r\n").encode()

    def response(sock) -> tuple[int, dict, str]:
        data = b""
        while True:
            chunk = sock.recv(65536)
            if not chunk:
                break
            data += chunk
        top, _, rest = data.partition(b"\r\n\r\n")
        lines = top.decode("latin-1").split("\r\n")
        headers = {k.strip().lower(): v.strip() for k, _, v in (x.partition(":") for x in lines[1:])}
        return int(lines[0].split()[1]), headers, rest.decode("utf-8", "replace")

    held, refused, answered = [], [], []
    try:
        for _ in range(205):
            sock = socket.create_connection(("127.0.0.1", srv.port), timeout=60)
            sock.sendall(head + body[:5])
            held.append(sock)
        time.sleep(1.0)         # (every held request is in the app, waiting for its body)
        for _ in range(5):
            with socket.create_connection(("127.0.0.1", srv.port), timeout=60) as sock:
                sock.sendall(head + body)
                refused.append(response(sock))
        for sock in held:
            sock.sendall(body[5:])
        for sock in held:
            answered.append(response(sock)[0])
            sock.close()
        alive = srv.request("GET", "/api/families")[0]
    finally:
        for sock in held:
            sock.close()
        err = srv.stop()
    busy = [st == 503 and h.get("content-type", "").startswith("application/json")
            and h.get("retry-after") and json.loads(text).get("kind") == "Busy"
            for st, h, text in refused]
    n200 = answered.count(200)
    ok = all(busy) and len(busy) == 5 and n200 >= 200 and set(answered) <= {200, 503} and \
        alive == 200 and "Traceback" not in err and "Exceeded concurrency limit" not in err
    return ok, (f"past the limit: {[st for st, _, _ in refused]} (JSON Busy with Retry-After: "
                f"{sum(busy)}); held requests answered: {n200} of {len(answered)} "
                f"({sorted(set(answered))})")


@check
def r3_c3_a_reserved_field_in_an_example_is_named_by_lint(sb: Sandbox):
    folder = sb.root / "c3a"
    folder.mkdir()
    (folder / "r.yaml").write_text(
        "topic: c3\nrules:\n  - id: c3-rule\n    says: x.\n    cites: [psct-guide#2]\n"
        "    when:\n      - colon: {effect: $e}\n    then:\n"
        "      - starts_chain: {effect: $e, value: yes}\n    examples:\n"
        "      - {name: x, given: [{quick: {type_: x}}], fires: no}\n")
    lint = sb.run("--rules", str(folder), "rules", "lint")
    test = sb.run("--rules", str(folder), "rules", "test")
    where = f"{folder / 'r.yaml'}:11:"
    ok = lint.returncode == 1 and where in lint.stdout and "type_" in lint.stdout
    ok2, d = clear_error(test, where)
    return ok and ok2, f"lint exit {lint.returncode}; test: {d}"


@check
def r3_c9_standard_output_on_a_full_disk_is_exit_2(sb: Sandbox):
    with open("/dev/full", "w") as full:
        proc = subprocess.run([sys.executable, "-m", "psct_expert", "ask",
                               "Does Creature Swap target?"], stdout=full,
                              stderr=subprocess.PIPE, text=True, env=sb.env, timeout=TIMEOUT)
    err = proc.stderr
    ok = proc.returncode == 2 and "cannot write the output" in err and "internal" not in err
    return ok, f"exit {proc.returncode}: {err.strip()[:160]}"


@check
def r3_c11_killing_the_audit_parent_leaves_no_traceback(sb: Sandbox):
    details, ok = [], True
    names = _names(3000)
    for sig in (signal.SIGTERM, signal.SIGKILL):
        out = sb.root / f"aud-{sig.name}.jsonl"
        proc = subprocess.Popen([sys.executable, "-m", "psct_expert", "audit", "--json", "-j",
                                 "2", "-o", str(out), *names], env=sb.env, cwd=sb.root,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        deadline = time.time() + TIMEOUT
        while time.time() < deadline and len(_children(proc.pid)) < 2 and proc.poll() is None:
            time.sleep(0.1)
        workers = _children(proc.pid)
        time.sleep(3)             # the workers are inside a batch
        proc.send_signal(sig)
        _, err = proc.communicate(timeout=TIMEOUT)
        time.sleep(3)
        left = [w for w in workers if _alive(w)]
        for w in left:            # do not leave them behind, whatever the verdict
            os.kill(w, signal.SIGKILL)
        clean = "Traceback" not in err and "BrokenPipeError" not in err
        ok = ok and len(workers) == 2 and not left and clean and not out.exists() \
            and not _tmp_files(sb.root)
        details.append(f"{sig.name}: exit {proc.returncode}, workers {len(workers)}, left "
                       f"{len(left)}, stderr {err.strip()[:80]!r}")
    return ok, "; ".join(details)


@check
def r3_w4_a_user_questions_yaml_adds_families_and_a_clash_names_both(sb: Sandbox):
    folder = sb.root / "u4"
    folder.mkdir()
    (folder / "questions.yaml").write_text("families:\n  targets: {answer: quick, key: [effect]}\n")
    clash = sb.run("--rules", str(folder), "ask", "Does Creature Swap target?")
    lint = sb.run("--rules", str(folder), "rules", "lint")
    (folder / "questions.yaml").write_text(
        "families:\n  my_family: {answer: quick, key: [effect], forms: ['Is X mine?']}\n")
    added = sb.run("--rules", str(folder), "ask", "Does Creature Swap target?")
    fams = sb.py("from psct_expert.api import Expert\n"
                 f"kb = Expert([{str(folder)!r}]).kb\n"
                 "print('my_family' in kb.families, 'targets' in kb.families)")
    ok1, d = clear_error(clash, f"{folder / 'questions.yaml'}:2", "knowledge/questions.yaml",
                         "'targets'")
    ok = ok1 and lint.returncode == 1 and added.returncode == 0 and "No." in added.stdout \
        and fams.stdout.split() == ["True", "True"]
    return ok, d


@check
def r3_lookalike_card_name_needs_replace_and_is_reported(sb: Sandbox):
    fw = sb.jsonl("fw.jsonl", {"name": "\uff23reature Swap", "kind": "spell",
                               "subtypes": ["normal"], "text": "Target 1 monster; destroy it."})
    refused = sb.run("cards", "import", str(fw))
    untouched = not sb.store().exists()
    before = sb.run("ask", "Does Creature Swap target?")
    forced = sb.run("cards", "import", "--replace", str(fw))
    ok1, d = clear_error(refused, str(fw), "Creature Swap", "--replace")
    ok = ok1 and untouched and "target? No." in before.stdout \
        and forced.returncode == 0 \
        and 'replaces the shipped card "Creature Swap"' in forced.stderr
    # the same name with a look-alike letter is the same name in the store: it replaces it
    plain = sb.jsonl("plain.jsonl", {"name": "Creature Swap", "kind": "spell",
                                     "subtypes": ["normal"], "text": "Draw 1 card."})
    sb.run("cards", "import", "--replace", str(plain))
    stored = [json.loads(x)["name"] for x in sb.store().read_text().splitlines()]
    return ok and stored == ["Creature Swap"], f"{d}; store: {stored}"


@check
def r3_w8_sigterm_during_cards_import_leaves_no_temporary_file(sb: Sandbox):
    big = _big_cards(sb)
    sb.user.mkdir(parents=True, exist_ok=True)
    proc = subprocess.Popen([sys.executable, "-m", "psct_expert", "cards", "import", str(big)],
                            env=sb.env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            text=True)
    caught = _signal_when(proc, lambda: bool(_tmp_files(sb.user)), signal.SIGTERM)
    _, err = proc.communicate(timeout=TIMEOUT)
    left = _tmp_files(sb.user)
    ok = caught and proc.returncode == 143 and "terminated" in err and not left \
        and not sb.store().exists()
    return ok, f"caught the write: {caught}; exit {proc.returncode}; left {left}"


@check
def r3_w8_sigterm_during_audit_o_leaves_no_temporary_file(sb: Sandbox):
    """The write of the -o file is short: tried up to 6 times (later runs reuse the audit
    cache) until the signal lands while the temporary file exists."""
    out = sb.root / "aud.jsonl"
    out.write_text("old\n")
    names = _names(3000)
    for attempt in range(1, 7):
        proc = subprocess.Popen([sys.executable, "-m", "psct_expert", "audit", "--json", "-o",
                                 str(out), *names], env=sb.env, cwd=sb.root,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        caught = _signal_when(proc, lambda: bool(_tmp_files(sb.root)), signal.SIGTERM)
        proc.communicate(timeout=TIMEOUT)
        if caught and proc.returncode == 143:
            break
        out.write_text("old\n")    # the run ended first and wrote it: start again
    left = _tmp_files(sb.root)
    lines = out.read_text().splitlines()
    whole = lines == ["old"] or (len(lines) == len(names) and all(json.loads(x) for x in lines))
    ok = caught and proc.returncode == 143 and not left and whole
    return ok, f"attempt {attempt}: caught the write: {caught}; exit {proc.returncode}; " \
               f"left {left}; the file as it was or whole: {whole}"


@check
def r3_w8_a_killed_imports_temporary_file_is_removed_by_the_next(sb: Sandbox):
    big = _big_cards(sb)
    sb.user.mkdir(parents=True, exist_ok=True)
    proc = subprocess.Popen([sys.executable, "-m", "psct_expert", "cards", "import", str(big)],
                            env=sb.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    caught = _signal_when(proc, lambda: bool(_tmp_files(sb.user)), signal.SIGKILL)
    proc.wait(timeout=TIMEOUT)
    after_kill = _tmp_files(sb.user)
    nxt = sb.run("cards", "import", str(sb.jsonl("n.jsonl", {"name": "Homebrew Next",
                                                             "kind": "spell"})))
    left = _tmp_files(sb.user)
    ok = caught and after_kill and nxt.returncode == 0 and not left
    return ok, f"caught: {caught}; after SIGKILL {after_kill}; after the next import (exit " \
               f"{nxt.returncode}) {left}"


@check
def r3_w9_ask_json_with_a_stray_byte_is_utf8(sb: Sandbox):
    e = dict(sb.env)
    proc = subprocess.run([sys.executable.encode(), b"-m", b"psct_expert", b"ask", b"--json",
                           b"Does Creature Swap target? \xff"], capture_output=True, env=e,
                          cwd=sb.root, timeout=TIMEOUT)
    try:
        body = json.loads(proc.stdout.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        return False, f"exit {proc.returncode}: not UTF-8 JSON ({exc})"
    return proc.returncode == 2 and "\ufffd" in (body.get("unplaced") or ""), \
        f"exit {proc.returncode}: unplaced {body.get('unplaced')!r}"


@check
def r3_w10_a_rule_folder_named_twice_is_read_once(sb: Sandbox):
    ur = sb.root / "ur"
    shutil.copytree(ROOT / "tests" / "fixtures" / "user-rules", ur)
    q = "Does Creature Swap target?"
    twice = sb.run("--rules", str(ur), "--rules", str(ur) + "/", "ask", q)
    both = sb.run("--rules", str(ur), "ask", q, env={"PSCT_EXPERT_RULES": str(ur)})
    ok = twice.returncode == 0 and both.returncode == 0
    return ok, f"--rules twice: exit {twice.returncode} {twice.stderr.strip()[:100]}; " \
               f"env and flag: exit {both.returncode} {both.stderr.strip()[:100]}"


@check
def r3_w13_a_c_locale_reads_the_argument_as_utf8(sb: Sandbox):
    name = "Chirubim\u00e9, Princess of Autumn Leaves"
    proc = sb.run("analyze", name, env={"PYTHONCOERCECLOCALE": "0", "PYTHONUTF8": "0",
                                        "LC_ALL": "C", "LANG": "C"})
    return proc.returncode == 0 and "unknown card" not in proc.stderr, \
        f"exit {proc.returncode}: {(proc.stdout + proc.stderr).strip()[:120]!r}"


@check
def r3_w15_cards_option_keeps_the_last_twin_as_import_does(sb: Sandbox):
    two = sb.jsonl("two.jsonl", {"name": "Creature Swap", "kind": "spell",
                                 "text": "Target 1 monster; destroy it."},
                   {"name": "Creature Swap", "kind": "spell", "subtypes": ["normal"],
                    "text": "Both players draw 1 card."})
    proc = sb.run("ask", "--cards", str(two), "Does Creature Swap target?")
    ok = proc.returncode == 0 and proc.stdout.splitlines()[0].endswith("No.") \
        and "kept card 2" in proc.stderr
    return ok, f"exit {proc.returncode}: {proc.stdout.splitlines()[:1]} {proc.stderr.strip()[:100]}"


@check
def r3_w16_written_files_follow_the_umask(sb: Sandbox):
    def umask022():
        os.umask(0o022)
    five = sb.jsonl("five.jsonl", *({"name": f"Five {i}", "kind": "spell"} for i in range(5)))
    sb.run("cards", "import", str(five), preexec_fn=umask022)
    m = sb.root / "m.jsonl"
    m.write_text("")
    m.chmod(0o644)
    sb.run("audit", "--json", "-o", str(m), "Creature Swap", preexec_fn=umask022)
    modes = [oct(sb.store().stat().st_mode & 0o777), oct(m.stat().st_mode & 0o777)]
    return modes == ["0o644", "0o644"] and m.stat().st_size > 0, f"store, -o file: {modes}"


@check
def r3_w17_yaml_tags_in_a_rule_file_are_refused(sb: Sandbox):
    results = []
    for n, value in enumerate(['!!python/object/apply:os.system ["touch X"]',
                               "!!python/object/apply:os.system {args: [touch X]}",
                               "!!python/object/new:os.system [touch X]",
                               "!!binary aGVsbG8="]):
        f = sb.root / f"t{n}.yaml"
        f.write_text(f"topic: t{n}\nsummary: {value}\nrules:\n  - id: t-rule-{n}\n    says: x.\n"
                     "    cites: [psct-guide#2]\n    when:\n      - colon: {effect: $e}\n"
                     "    then:\n      - starts_chain: {effect: $e, value: yes}\n    examples:\n"
                     "      - {name: x, card: {name: X, kind: spell}, fires: no}\n")
        proc = sb.run("rules", "lint", str(f))
        results.append(proc.returncode == 1 and f"{f}:2:10" in proc.stdout
                       and "YAML tag" in proc.stdout)
    ok = all(results) and not (sb.root / "X").exists()
    return ok, f"refused: {results}"


def _many_rules(folder: pathlib.Path, n: int, when: str, then: str) -> None:
    folder.mkdir()
    rule = ("  - id: w18-rule-{i}\n    says: x.\n    cites: [psct-guide#2]\n    when:\n"
            f"      - {when}\n    then:\n      - {then}\n"
            "    examples:\n      - {{name: x, card: {{name: X, kind: spell}}, fires: no}}\n")
    (folder / "r.yaml").write_text("topic: many\nrules:\n" +
                                   "".join(rule.format(i=i) for i in range(n)))


@check
def r3_w18a_twenty_thousand_plain_rules_load(sb: Sandbox):
    folder = sb.root / "w18a"
    _many_rules(folder, 20_000, "colon: {{effect: $e}}", "starts_chain: {{effect: $e, value: yes}}")
    start = time.perf_counter()
    proc = sb.run("--rules", str(folder), "rules", "lint", timeout=300)
    took = time.perf_counter() - start
    last = proc.stdout.strip().splitlines()[-1] if proc.stdout.strip() else proc.stderr[:160]
    return proc.returncode == 0 and "0 errors" in last, f"{took:.1f} s: {last}"


@check
def r3_w18b_five_thousand_one_pattern_rules_answer(sb: Sandbox):
    folder = sb.root / "w18b"
    _many_rules(folder, 5_000, "effect: {{effect: $e, card: $c}}",
                "quick: {{effect: $e, value: no}}")
    start = time.perf_counter()
    proc = sb.run("--rules", str(folder), "ask",
                  "Is the second effect of Thunder King Rai-Oh a Quick Effect?", timeout=300)
    took = time.perf_counter() - start
    # the shipped rules say yes, these 5,000 say no: a conflict, told in time
    ok = proc.returncode == 1 and "Conflict." in proc.stdout and took < 60
    return ok, f"{took:.1f} s, exit {proc.returncode}: {(proc.stdout + proc.stderr).strip()[:160]}"


@check
def r3_w18b_an_overrun_spread_over_many_rules_says_so(sb: Sandbox):
    folder = sb.root / "spread"
    _many_rules(folder, 300, "effect: {{effect: $e, card: $c}}", "quick: {{effect: $e, value: no}}")
    code = f"""
        from psct_expert.api import Expert
        from psct_expert.engine import Engine
        from psct_expert.errors import RuleError
        ex = Expert([{str(folder)!r}])
        reading = ex.db.get("Thunder King Rai-Oh")
        from psct_expert.reader import read_card
        try:
            Engine(ex.kb, max_steps=2000).run(read_card(reading).facts)
            print("settled")
        except RuleError as exc:
            print("shared" if "rules shared the steps" in str(exc) and
                  "share no variable" not in str(exc) else str(exc))
    """
    return sb.prints(code, "shared")


@check
def r3_w19_lint_names_values_no_question_reads(sb: Sandbox):
    f = sb.root / "w19.yaml"
    f.write_text("topic: w19\nrules:\n  - id: w19-rule\n    says: x.\n    cites: [psct-guide#2]\n"
                 "    when:\n      - effect: {effect: $e, card: $c}\n    then:\n"
                 "      - targets: {effect: $e, value: \"2020-01-01\"}\n"
                 "      - quick: {effect: $e, value: $c}\n    examples:\n"
                 "      - {name: x, card: {name: X, kind: spell}, fires: no}\n")
    proc = sb.run("rules", "lint", str(f))
    ok = proc.returncode == 1 and "targets.value = '2020-01-01'" in proc.stdout and \
        "quick.value = $c" in proc.stdout
    return ok, proc.stdout.strip()[-200:]


@check
def r3_plain_pytest_passes(sb: Sandbox):
    """The ``pytest`` script, without PYTHONPATH: collects every test and runs the one that
    imported ``tests.test_engine``."""
    exe = shutil.which("pytest") or str(pathlib.Path(sys.executable).with_name("pytest"))
    env = dict(sb.env)
    env.pop("PYTHONPATH", None)
    co = subprocess.run([exe, "-q", "--co", "-p", "no:cacheprovider", "-m", ""], cwd=ROOT,
                        env=env, capture_output=True, text=True, timeout=600)
    one = subprocess.run([exe, "-q", "-p", "no:cacheprovider", "tests/test_user_rules.py",
                          "-k", "unconstrained"], cwd=ROOT, env=env, capture_output=True,
                         text=True, timeout=600)
    lasts = [p.stdout.strip().splitlines()[-1] if p.stdout.strip() else p.stderr[-160:]
             for p in (co, one)]
    ok = co.returncode == 0 and "error" not in lasts[0] and one.returncode == 0 \
        and " passed" in lasts[1] and "failed" not in lasts[1]
    return ok, " / ".join(lasts)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-k", dest="select", help="only checks whose name contains this")
    ap.add_argument("-v", action="store_true", help="show the detail of passing checks too")
    args = ap.parse_args()
    chosen = [c for c in CHECKS if not args.select or args.select in c.__name__]
    handled = 0
    for fn in chosen:
        with tempfile.TemporaryDirectory(prefix="probe-") as tmp:
            start = time.perf_counter()
            try:
                ok, detail = fn(Sandbox(pathlib.Path(tmp)))
            except Exception as exc:  # a probe that breaks is a finding not handled
                ok, detail = False, f"probe raised {type(exc).__name__}: {exc}"
            took = time.perf_counter() - start
        handled += ok
        print(f"{'ok  ' if ok else 'FAIL'} {fn.__name__} ({took:.1f} s)")
        if not ok or args.v:
            print(f"     {detail}")
    print(f"{handled} of {len(chosen)} handled")
    return 0 if handled == len(chosen) else 1


if __name__ == "__main__":
    sys.exit(main())
