"""Starting like a small tool: the package face imports nothing heavy, the reader's patterns are
compiled when first used, and the garbage collector pauses while a cache loads."""

import gc
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


def test_importing_the_package_imports_nothing_heavy():
    code = ("import sys, psct_expert\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "('psct_expert', 'lark', 'experta', 'yaml', 'click')))\n"
            "from psct_expert import Expert, QuestionError\n"
            "print(Expert.__module__, QuestionError.__module__, 'api' in dir(psct_expert) or 'ok')")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    first, second = out.stdout.splitlines()
    assert first == "['psct_expert']"
    assert second.startswith("psct_expert.api psct_expert.errors")


def test_reader_patterns_compile_when_first_used_and_match_as_compiled():
    import re

    from psct_expert.reader.grammar import LazyPattern, grammar

    g = grammar()
    rx = g.target_word
    assert isinstance(rx, LazyPattern)
    fresh = LazyPattern(rx.pattern, rx.flags)
    assert "search" not in fresh.__dict__            # nothing compiled yet
    compiled = re.compile(rx.pattern, rx.flags)
    assert fresh.flags == compiled.flags
    text = "Target 1 monster your opponent controls; destroy it."
    assert fresh.search(text).span() == compiled.search(text).span()
    assert "search" in fresh.__dict__                # the compiled pattern's own method from now on
    assert [m.span() for m in fresh.finditer(text)] == [m.span() for m in compiled.finditer(text)]
    assert fresh.sub("X", text) == compiled.sub("X", text)


def test_the_collector_is_paused_while_loading_and_runs_again_after():
    from psct_expert.gcpause import paused_gc

    assert gc.isenabled()
    with paused_gc():
        assert not gc.isenabled()
        with paused_gc():
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()
    gc.disable()
    try:
        with paused_gc():
            pass
        assert not gc.isenabled()       # it was off before: it stays off
    finally:
        gc.enable()


def test_scenario_entities_of_one_card_are_numbered_in_order(base_expert):
    from psct_expert.parser.scenario import Scenario

    sc = Scenario()
    ids = [sc.declare("Lord of D.", base_expert.db).id for _ in range(5)]
    assert ids == ["Lord of D.", "Lord of D. (2)", "Lord of D. (3)", "Lord of D. (4)", "Lord of D. (5)"]
    # a description that happens to read like a numbered id is not given that id twice
    other = Scenario()
    first = other.declare("face-up monster (2)", base_expert.db).id
    assert first == "face-up monster (2)"
    ids = [other.declare("face-up monster", base_expert.db).id for _ in range(3)]
    assert ids == ["face-up monster", "face-up monster (3)", "face-up monster (4)"]


def test_pattern_programs_kept_on_disk_give_the_pattern_re_compiles(tmp_path, monkeypatch):
    import re

    from psct_expert import recache

    monkeypatch.setenv("PSCT_EXPERT_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(recache, "_LOG", [])
    pats = [r"\btarget(?:s|ing)? (?P<n>\d+) (?:face-up )?monsters?\b", r"(?<![\w-])once per turn\b"]
    flags = re.IGNORECASE | re.UNICODE
    first = [recache.compile(p, flags) for p in pats]
    log, = tmp_path.glob("regex-code-*.jsonl")
    assert len(log.read_text().splitlines()) == 3
    monkeypatch.setattr(recache, "_LOG", [])             # a fresh process reads the programs
    again = [recache.compile(p, flags) for p in pats]
    assert again == first == [re.compile(p, flags) for p in pats]
    text = "Target 2 face-up monsters; once per turn"
    assert again[0].search(text).group("n") == "2" and again[1].search(text)
    # a damaged line is not used: the pattern is compiled as usual
    head, one, two = log.read_text().splitlines()
    log.write_text("\n".join([head, one.replace("[", "[9999,", 1), two]) + "\n")
    monkeypatch.setattr(recache, "_LOG", [])
    assert recache.compile(pats[0], flags) == re.compile(pats[0], flags)
