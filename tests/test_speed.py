"""Starting like a small tool: the package face imports nothing heavy, the reader's patterns are
compiled when first used, and the garbage collector pauses while a cache loads."""

import gc
import json
import os
import pathlib
import subprocess
import sys

import pytest

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
    monkeypatch.setattr(recache._LOG, "opened", [])
    pats = [r"\btarget(?:s|ing)? (?P<n>\d+) (?:face-up )?monsters?\b", r"(?<![\w-])once per turn\b"]
    flags = re.IGNORECASE | re.UNICODE
    first = [recache.compile(p, flags) for p in pats]
    log, = tmp_path.glob("regex-code-*.jsonl")
    assert len(log.read_text().splitlines()) == 3
    monkeypatch.setattr(recache._LOG, "opened", [])             # a fresh process reads the programs
    again = [recache.compile(p, flags) for p in pats]
    assert again == first == [re.compile(p, flags) for p in pats]
    text = "Target 2 face-up monsters; once per turn"
    assert again[0].search(text).group("n") == "2" and again[1].search(text)
    # a damaged line is not used: the pattern is compiled as usual
    head, one, two = log.read_text().splitlines()
    log.write_text("\n".join([head, one.replace("[", "[9999,", 1), two]) + "\n")
    monkeypatch.setattr(recache._LOG, "opened", [])
    assert recache.compile(pats[0], flags) == re.compile(pats[0], flags)


def test_pattern_gates_kept_on_disk_are_the_gates_worked_out(tmp_path, monkeypatch):
    from psct_expert.reader import gates
    from psct_expert.reader.grammar import LazyPattern, grammar

    monkeypatch.setenv("PSCT_EXPERT_CACHE_DIR", str(tmp_path))
    g = grammar()
    pats = [v for v in vars(g).values() if isinstance(v, LazyPattern)]
    pats += [rx for v in vars(g).values() if isinstance(v, (dict, list))
             for item in (v.values() if isinstance(v, dict) else v)
             for rx in ([item] if isinstance(item, LazyPattern) else item[1:] if isinstance(item, tuple)
                        else []) if isinstance(rx, LazyPattern)]
    assert len(pats) > 100
    worked = [gates._gate(rx) for rx in pats]
    assert any(w is None for w in worked) and any(w for w in worked)
    for _ in range(2):                          # written, then read back by a fresh process
        monkeypatch.setattr(gates._LOG, "opened", [])
        monkeypatch.setattr(gates, "_GATES", {})
        assert [gates.required_words(rx) for rx in pats] == worked
    log, = tmp_path.glob("regex-gates-*.jsonl")
    # a damaged line is not used: that pattern's gate is worked out again
    lines = log.read_text().splitlines()
    bad = next(i for i, line in enumerate(lines[1:], 1) if line.endswith("]]"))
    lines[bad] = lines[bad][:-3] + 'zzz"]]'
    log.write_text("\n".join(lines) + "\n")
    monkeypatch.setattr(gates._LOG, "opened", [])
    monkeypatch.setattr(gates, "_GATES", {})
    assert [gates.required_words(rx) for rx in pats] == worked


def test_lemmas_kept_on_disk_are_lemminflects_and_need_it_no_more(tmp_path, monkeypatch):
    from lemminflect import getAllLemmas

    from psct_expert import lemmas

    monkeypatch.setenv("PSCT_EXPERT_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(lemmas._LOG, "opened", [])
    words = ["dodge", "halving", "free", "zzyzx", "Destroyed", "monsters"]
    first = [lemmas.all_lemmas(w) for w in words]
    assert first == [getAllLemmas(w) for w in words] and first[3] == {} and first[0]
    import lemminflect

    def not_asked(word, upos=None):
        raise AssertionError(f"lemminflect asked about {word!r}")

    monkeypatch.setattr(lemmas._LOG, "opened", [])             # a fresh process: lemminflect not asked
    monkeypatch.setattr(lemminflect, "getAllLemmas", not_asked)
    assert [lemmas.all_lemmas(w) for w in words] == first


@pytest.mark.slow
def test_a_command_imports_only_its_own_module_and_lark_not_regex():
    code = ("import sys\n"
            "from psct_expert.cli.main import _defer_import, main\n"
            "_defer_import('regex')\n"
            "main(['rules', '--help'])\n"
            "print(sorted(m for m in sys.modules if m.startswith('psct_expert.cli.')))\n"
            "import lark.utils\n"
            "print('regex._main' in sys.modules, lark.utils._has_regex)\n"
            "print(bool(lark.utils.regex.match(r'\\p{Lu}', 'A')), 'regex._main' in sys.modules)\n"
            "main(['--help'])\n"
            "print(sorted(m for m in sys.modules if m.startswith('psct_expert.cli.')))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    lines = [line for line in out.stdout.splitlines() if line.startswith(("[", "True", "False"))]
    assert lines[0] == "['psct_expert.cli.main', 'psct_expert.cli.rules']", out.stderr
    assert lines[1:3] == ["False True", "True True"]     # imported when lark first uses it
    assert lines[3] == str(sorted(f"psct_expert.cli.{m}" for m in (
        "analyze", "ask", "audit", "cards", "check", "main", "mcp", "rules", "serve")))


@pytest.mark.slow
def test_rule_conditions_prepared_once_are_what_experta_prepares(base_expert):
    import re

    from psct_expert import _experta as ex
    from psct_expert import engine as E

    kb = base_expert.kb
    n = 0
    for rule in kb.rules:
        for k, alt in enumerate(rule.when):
            once = E._prepared(rule, k, alt)
            assert E._prepared(rule, k, alt) is once          # kept for the next engine
            # experta's preparation gives them back as they are (so the matcher may skip it)
            assert tuple(ex.prepare_rule(ex.Rule(*once))) == once, rule.id
            # and the plain conjunctions made without experta are what experta makes of them
            E._PREPARED.clear()
            original = ex.prepare_rule
            try:
                ex.prepare_rule = None               # (not asked: every shipped rule is plain)
                plain = E._prepared(rule, k, alt)
            finally:
                ex.prepare_rule = original
            assert plain == tuple(original(ex.Rule(*plain))), rule.id
            assert re.sub(" at 0x[0-9a-f]+", "", repr(plain)) == re.sub(" at 0x[0-9a-f]+", "", repr(once))
            n += 1
    assert n >= len(kb.rules)


def _network_shape(ke):
    """A network as nested tuples (each node's kind, check and rule, its edges in any order),
    with the names experta makes from object addresses left out: two builds of the same rules
    give the same shape (experta's own order of equal-weight rules follows a set's order)."""
    import re

    memo = {}

    def shape(node):
        if id(node) not in memo:
            rule = getattr(node, "rule", None)
            memo[id(node)] = (type(node).__name__,
                              re.sub(r"__pattern_\d+__|0x[0-9a-f]+", "#",
                                     repr(getattr(node, "matcher", None))),
                              getattr(rule, "__name__", None) if rule is not None else None,
                              tuple(sorted((shape(ch.node), getattr(ch.callback, "__name__", ""))
                                           for ch in node.children)))
        return memo[id(node)]
    return shape(ke.matcher.root_node)


@pytest.mark.slow
def test_networks_are_built_as_experta_builds_them(base_expert, monkeypatch):
    """The alpha part built with each fact's checks kept (``_PreparedMatcher.build_alpha_part``)
    is experta's, and the conflict-set nodes are found in experta's order."""
    from experta.matchers.rete import ReteMatcher

    from psct_expert import engine as E

    kb = base_expert.kb.for_ruleset("tcg")
    fams = sorted({f.answer for f in base_expert.kb.families.values()})
    big = sorted(fams, key=lambda t: -len(kb.upstream(frozenset([t])).rules))[:3]
    for answer in big + [fams[0]]:
        sub = kb.upstream(frozenset([answer]))
        ours = E.Engine(sub)
        theirs_csn = ReteMatcher._get_conflict_set_nodes.__wrapped__(ours.ke.matcher)
        assert list(ours.ke.matcher._get_conflict_set_nodes()) == list(theirs_csn)
        with monkeypatch.context() as m:
            m.setattr(E._PreparedMatcher, "build_alpha_part",
                      ReteMatcher.__dict__["build_alpha_part"])
            theirs = E.Engine(sub)
        assert _network_shape(ours.ke) == _network_shape(theirs.ke), answer


def test_parsed_yaml_with_keys_that_are_not_text_is_kept_and_read_back_without_yaml(tmp_path,
                                                                                     monkeypatch):
    import builtins

    from psct_expert import yamlpos

    monkeypatch.setattr(yamlpos, "_parsed_path", lambda key: tmp_path / f"yaml-{key[:32]}.json")
    text = "ordinals:\n  1: first\n  2: second\n  2.5: half\n  null: none\nplain: {a: [1, 2.0, null]}\n"
    first = yamlpos.safe_load(text)
    assert first == {"ordinals": {1: "first", 2: "second", 2.5: "half", None: "none"},
                     "plain": {"a": [1, 2.0, None]}}
    kept = list(tmp_path.glob("yaml-*.json"))
    assert len(kept) == 1 and kept[0].read_bytes().split(b"\n", 1)[0].endswith(b" pairs")

    real_import = builtins.__import__

    def no_yaml(name, *args, **kwargs):
        if name == "yaml":
            raise AssertionError("YAML parsed again")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_yaml)
    again = yamlpos.safe_load(text)
    assert again == first
    assert [type(k) for k in again["ordinals"]] == [int, int, float, type(None)]
    assert type(again["plain"]["a"][1]) is float
    monkeypatch.setattr(builtins, "__import__", real_import)
    # a text whose own keys look like the pairs marker is not kept (it would not read back)
    odd = 'o: {"\\0pairs": [[1, 2]]}\nn: {1: x}\n'
    assert yamlpos.safe_load(odd) == {"o": {"\0pairs": [[1, 2]]}, "n": {1: "x"}}
    assert len(list(tmp_path.glob("yaml-*.json"))) == 1
    assert yamlpos.safe_load(odd) == {"o": {"\0pairs": [[1, 2]]}, "n": {1: "x"}}
    # an edited kept file is not believed
    body = kept[0].read_bytes().replace(b"second", b"SECOND")
    kept[0].write_bytes(body)
    assert yamlpos.safe_load(text) == first


def test_kept_patterns_are_res_own_and_answer_as_re_does(tmp_path, monkeypatch):
    import re

    from psct_expert import kre, recache
    from psct_expert.appendlog import CacheLog

    monkeypatch.setattr(recache, "_LOG", CacheLog(recache.PREFIX, recache.MAGIC, recache._key))
    monkeypatch.setenv("PSCT_EXPERT_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(kre, "_SEEN", {})
    text = "Can C1 negate the Special Summon of C2? C1's second effect, its first effect."
    calls = [("search", (r"\b(C\d+)'s (first|second) effect\b", text, re.I)),
             ("match", (r"can (C\d+)", text, re.IGNORECASE)),
             ("fullmatch", (r"[^?]+\?.*", text)),
             ("findall", (r"\bC\d+\b", text)),
             ("sub", (r"\b(C\d+)\b", r"<\1>", text)),
             ("subn", (r"effect", "EFFECT", text, 1)),
             ("split", (r"[?.]\s*", text)),
             ("compile", (r"(?P<slot>C\d+)", re.I))]
    for run in ("compiled and kept", "read from disk by a new process", "remembered"):
        if run != "remembered":
            monkeypatch.setattr(recache, "_LOG", CacheLog(recache.PREFIX, recache.MAGIC,
                                                          recache._key))
            kre._SEEN.clear()
        for name, args in calls:
            got, want = getattr(kre, name)(*args), getattr(re, name)(*args)
            if name in ("search", "match", "fullmatch"):
                assert got.span() == want.span() and got.groups() == want.groups()
            else:
                assert got == want, name
        assert [m.span() for m in kre.finditer(r"C\d", text)] == \
            [m.span() for m in re.finditer(r"C\d", text)]
        assert len(recache._LOG.get()._lines) == len(calls) + 1   # the programs, kept once
    rx = kre.compile(r"x", re.I)
    assert kre.compile(rx) is rx and kre.search(rx, "X").group() == "X"
    with pytest.raises(ValueError):
        kre.compile(rx, re.I)
    with pytest.raises(re.error):
        kre.compile(r"(unclosed")
    assert kre.escape is re.escape and kre.I is re.I and kre.Pattern is re.Pattern


def test_a_shipped_files_hash_is_remembered_until_the_file_changes(tmp_path, monkeypatch):
    import os

    from psct_expert import filehash

    shipped = tmp_path / "pkg"
    shipped.mkdir()
    f, other = shipped / "data.bin", tmp_path / "user.yaml"
    f.write_bytes(b"one")
    other.write_bytes(b"mine")
    old = 1_000_000_000_000_000_000                   # long ago: not a file just written
    os.utime(f, ns=(old, old))
    monkeypatch.setenv("PSCT_EXPERT_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(filehash, "_STATE", {"roots": (str(shipped) + os.sep,)})
    monkeypatch.setattr(filehash, "RECENT_NS", 0)     # (its change time is now: kept anyway)
    sha = __import__("hashlib").sha256
    assert filehash.sha256_files([f, other]) == [sha(b"one").hexdigest(), sha(b"mine").hexdigest()]
    kept = json.loads((tmp_path / "cache" / filehash.NAME).read_text())["files"]
    assert list(kept) == [str(f)]                      # the user's file is not kept

    # a new process: the kept hash, without reading the file
    monkeypatch.setattr(filehash, "_STATE", {"roots": (str(shipped) + os.sep,)})
    real_read = pathlib.Path.read_bytes

    def read_bytes(self):
        assert self != f, "the shipped file was read again"
        return real_read(self)

    monkeypatch.setattr(pathlib.Path, "read_bytes", read_bytes)
    assert filehash.sha256_file(f) == sha(b"one").hexdigest()
    monkeypatch.undo()

    # the same size and modification time, other bytes: the change time moved, hashed again
    monkeypatch.setenv("PSCT_EXPERT_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(filehash, "RECENT_NS", 0)
    monkeypatch.setattr(filehash, "_STATE", {"roots": (str(shipped) + os.sep,)})
    f.write_bytes(b"two")
    os.utime(f, ns=(old, old))
    assert filehash.sha256_file(f) == sha(b"two").hexdigest()
    # a file changed a moment ago is hashed but not kept
    monkeypatch.setattr(filehash, "RECENT_NS", 10**18)
    f.write_bytes(b"three")
    assert filehash.sha256_file(f) == sha(b"three").hexdigest()
    kept = json.loads((tmp_path / "cache" / filehash.NAME).read_text())["files"]
    assert kept[str(f)][4] == sha(b"two").hexdigest()
    # a damaged memo is ignored
    (tmp_path / "cache" / filehash.NAME).write_text("{not json")
    monkeypatch.setattr(filehash, "_STATE", {"roots": (str(shipped) + os.sep,)})
    assert filehash.sha256_file(f) == sha(b"three").hexdigest()


@pytest.mark.slow      # a fresh process with an empty cache folder: its first start, seconds
def test_a_command_leaves_larks_unused_imports_unloaded(tmp_path):
    code = ("import os, sys\n"
            "sys.argv = ['psct-expert', 'ask', 'Does Creature Swap target?']\n"
            "from psct_expert.cli import main as m\n"
            "leave = os._exit\n"
            "def _exit(code):\n"
            "    print('STUBS', [type(sys.modules[n]).__name__ for n in ('pkgutil', 'getpass')],\n"
            "          'lark' in sys.modules, flush=True)\n"
            "    leave(code)\n"
            "os._exit = _exit\n"
            "m.entry()\n")
    env = dict(os.environ, PSCT_EXPERT_CACHE_DIR=str(tmp_path))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                         env=env)
    assert "Creature Swap" in out.stdout, out.stderr
    assert "STUBS ['_Deferred', '_Deferred'] True" in out.stdout


def test_a_fact_types_class_dispatches_as_experta_would_choose_for_it(base_expert):
    import functools

    from psct_expert import _experta as ex

    base_expert.engine            # every rule's network wired
    assert ex.PLAIN_FACTS
    seen = [(reg, winner) for (like, reg), winner in ex._WINNER.items() if like is ex.Fact]
    assert seen
    for reg, winner in seen:
        for cls in ex.PLAIN_FACTS:
            assert functools._find_impl(cls, {t: t for t in reg}) is winner, cls
