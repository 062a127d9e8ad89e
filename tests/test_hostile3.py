"""Round 3 of hostile input (issue 24, ``reliability-3.md``): one test per finding, next to
its probe in ``tools/probe_reliability.py`` (``r3_...``).  The web server's findings (S3, NaN)
are in ``tests/test_web_api.py``."""

import errno
import io
import json
import os
import signal
import stat
import subprocess
import sys
import textwrap
import time

import pytest

from psct_expert import atomic, yamlpos
from psct_expert.api import Expert, check_numbers
from psct_expert.cli.main import argv_text, main
from psct_expert.engine import MAX_MATCH_STEPS, STEPS_PER_RULE, Engine
from psct_expert.errors import FileFormatError, PsctError, QuestionError, RuleError
from psct_expert.importers import import_report
from psct_expert.knowledge import load_knowledge
from psct_expert.knowledge.loader import knowledge_folders
from psct_expert.reader import read_card
from psct_expert.userstore import store_path

RULE = textwrap.dedent("""\
    topic: {topic}
    rules:
      - id: {topic}-rule
        says: x.
        cites: [psct-guide#2]
        when:
          - {when}
        then:
          - {then}
        examples:
          - {example}
    """)
PLAIN_EXAMPLE = "{name: x, card: {name: X, kind: spell}, fires: no}"


def rule_file(path, topic="t", when="colon: {effect: $e}",
              then="starts_chain: {effect: $e, value: yes}", example=PLAIN_EXAMPLE, **top):
    text = RULE.format(topic=topic, when=when, then=then, example=example)
    for key, value in top.items():
        text = text.replace("rules:\n", f"{key}: {value}\nrules:\n", 1)
    path.write_text(text)
    return path


def jsonl(path, *cards):
    path.write_text("".join(json.dumps(c, ensure_ascii=False) + "\n" for c in cards),
                    encoding="utf-8")
    return path


# -- C3: a reserved field name in an example ------------------------------------------------

@pytest.mark.slow
def test_a_reserved_field_in_an_example_is_a_lint_error_not_a_crash(tmp_path, capsys):
    folder = tmp_path / "c3a"
    folder.mkdir()
    f = rule_file(folder / "r.yaml", example="{name: x, given: [{quick: {type_: x}}], fires: no}")
    assert main(["--rules", str(folder), "rules", "lint"]) == 1
    assert f"{f}:11:" in capsys.readouterr().out
    assert main(["--rules", str(folder), "rules", "test"]) == 2      # not 3 (internal error)
    err = capsys.readouterr().err
    assert f"{f}:11:" in err and "type_" in err and "internal" not in err


def test_a_fact_may_have_fields_named_like_makes_arguments():
    from psct_expert.facts import Fact

    assert Fact.make("quick", None, type_="x", source="y").as_dict() == {"type_": "x",
                                                                         "source": "y"}


# -- C9: standard output that cannot be written ------------------------------------------------

class FullDisk(io.StringIO):
    def write(self, s):
        raise OSError(errno.ENOSPC, "No space left on device")


def test_output_on_a_full_disk_is_exit_2(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdout", FullDisk())
    assert main(["analyze", "--kind", "spell", "--text", "Draw 1 card."]) == 2
    err = capsys.readouterr().err
    assert "cannot write the output: No space left on device" in err and "internal" not in err


# -- C11: audit workers end with their parent ------------------------------------------------

@pytest.mark.slow
def test_a_pool_worker_ends_quietly_when_its_parent_is_killed(tmp_path):
    """The parent is SIGKILLed while its worker is inside a task: the worker goes at once and
    prints nothing (it used to finish and print a BrokenPipeError traceback)."""
    script = tmp_path / "p.py"
    script.write_text(textwrap.dedent(f"""
        import multiprocessing as mp, os, sys, time
        sys.path.insert(0, {str(os.getcwd())!r})
        from psct_expert.audit import _quiet_worker
        def task(x):
            print(os.getpid(), flush=True)
            time.sleep(3)
            return x
        pool = mp.get_context("fork").Pool(1, initializer=_quiet_worker, initargs=(os.getpid(),))
        pool.map_async(task, [1])
        time.sleep(30)
    """))
    proc = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    worker = int(proc.stdout.readline())
    proc.kill()
    proc.wait()
    deadline = time.time() + 10
    while time.time() < deadline:
        try:
            state = open(f"/proc/{worker}/stat").read().rsplit(")", 1)[1].split()[0]
        except OSError:
            break
        if state == "Z":
            break
        time.sleep(0.1)
    else:
        os.kill(worker, signal.SIGKILL)
        pytest.fail("the worker outlived its parent")
    time.sleep(3.5)     # past the task's end: a worker still there would write a traceback now
    assert proc.stderr.read() == ""


# -- W4: a user questions.yaml ---------------------------------------------------------------

@pytest.mark.slow
def test_a_user_questions_yaml_adds_families(tmp_path):
    (tmp_path / "questions.yaml").write_text(
        "families:\n  my_family: {answer: quick, key: [effect], forms: ['Is X mine?']}\n")
    kb = load_knowledge([str(tmp_path)])
    assert "my_family" in kb.families and "targets" in kb.families


@pytest.mark.slow
def test_a_user_family_of_a_shipped_name_is_an_error_naming_both_files(tmp_path):
    q = tmp_path / "questions.yaml"
    q.write_text("families:\n  targets: {answer: quick, key: [effect]}\n")
    with pytest.raises(RuleError) as err:
        load_knowledge([str(tmp_path)])
    msg = str(err.value)
    assert msg.startswith(f"{q}:2:3:") and "'targets'" in msg
    assert os.path.join("knowledge", "questions.yaml") in msg


# -- look-alike names, and shadowing a shipped card -------------------------------------------

LOOKALIKE = {"name": "\uff23reature Swap", "kind": "spell", "subtypes": ["normal"],
             "text": "Target 1 monster; destroy it."}


@pytest.fixture
def store(tmp_path, monkeypatch):
    monkeypatch.setenv("PSCT_EXPERT_USER_DIR", str(tmp_path / "store"))
    return tmp_path


def test_a_card_that_shadows_a_shipped_one_needs_replace(store, capsys):
    fw = jsonl(store / "fw.jsonl", LOOKALIKE)
    assert main(["cards", "import", str(fw)]) == 2
    err = capsys.readouterr().err
    assert '"\uff23reature Swap" (read as "Creature Swap")' in err and "--replace" in err
    assert not store_path().exists()
    assert main(["cards", "import", "--replace", str(fw)]) == 0
    err = capsys.readouterr().err
    assert 'note: replaces the shipped card "Creature Swap" with "\uff23reature Swap"' in err


def test_names_are_the_same_after_nfkc_in_the_store(store):
    import_report(jsonl(store / "a.jsonl", LOOKALIKE), replace=True)
    report = import_report(jsonl(store / "b.jsonl", dict(LOOKALIKE, name="Creature Swap")),
                           replace=True)
    assert report.total == 1 and report.replaced == [("Creature Swap", "Creature Swap")]
    assert [json.loads(x)["name"] for x in store_path().read_text().splitlines()] == \
        ["Creature Swap"]


def test_a_new_name_needs_no_replace(store):
    report = import_report(jsonl(store / "n.jsonl", {"name": "Brand New Homebrew",
                                                     "kind": "spell"}))
    assert report.replaced == [] and report.total == 1


# -- W8: temporary files ----------------------------------------------------------------------

def test_sigterm_during_the_store_write_removes_the_temporary_file(store, monkeypatch, capsys):
    f = jsonl(store / "a.jsonl", {"name": "Homebrew A", "kind": "spell"})
    real_fsync = os.fsync

    def fsync_then_sigterm(fd):
        real_fsync(fd)
        os.kill(os.getpid(), signal.SIGTERM)    # arrives while the temporary file is open
        time.sleep(1)

    monkeypatch.setattr(atomic.os, "fsync", fsync_then_sigterm)
    assert main(["cards", "import", str(f)]) == 143
    assert "terminated" in capsys.readouterr().err
    folder = store_path().parent
    assert [p.name for p in folder.iterdir() if p.name.endswith(".tmp")] == []
    assert not store_path().exists()
    assert signal.getsignal(signal.SIGTERM) is not None   # main() put the old handler back


def test_a_killed_writes_temporary_file_is_removed_by_the_next_import(store):
    folder = store_path().parent
    folder.mkdir(parents=True)
    left = folder / ".cards.jsonl.abc123.tmp"
    left.write_text("half")
    import_report(jsonl(store / "a.jsonl", {"name": "Homebrew A", "kind": "spell"}))
    assert not left.exists() and store_path().exists()


def test_other_writes_remove_only_old_temporary_files(tmp_path):
    target = tmp_path / "out [1].jsonl"
    old, fresh = tmp_path / ".out [1].jsonl.x.tmp", tmp_path / ".out [1].jsonl.y.tmp"
    old.write_text("")
    fresh.write_text("")
    hour_ago = time.time() - atomic.STALE_AFTER - 10
    os.utime(old, (hour_ago, hour_ago))
    atomic.atomic_write_text(target, "new\n")
    assert not old.exists() and fresh.exists()      # a write in progress is left alone


# -- W9, W13: command-line words the locale could not decode -----------------------------------

def test_argv_words_are_read_as_utf8():
    assert argv_text("Chirubim\udcc3\udca9") == "Chirubim\u00e9"        # C locale, UTF-8 bytes
    assert argv_text("target? \udcff") == "target? \ufffd"               # not UTF-8 at all
    assert argv_text("plain") == "plain"


def test_ask_json_with_a_stray_byte_prints_utf8_json(capsysbinary):
    assert main(["ask", "--json", "Does Creature Swap target? \udcff"]) == 2
    body = json.loads(capsysbinary.readouterr().out.decode("utf-8"))
    assert "\ufffd" in body["unplaced"]


def test_a_c_locale_argument_names_the_card(capsys):
    assert main(["analyze", "Chirubim\udcc3\udca9, Princess of Autumn Leaves"]) == 0
    assert capsys.readouterr().out.startswith("Chirubim\u00e9, Princess of Autumn Leaves")


# -- W10: a rule folder named twice -------------------------------------------------------------

@pytest.mark.slow
def test_a_rule_folder_named_twice_is_read_once(tmp_path, monkeypatch):
    import shutil

    ur = tmp_path / "ur"
    shutil.copytree(os.path.join(os.path.dirname(__file__), "fixtures", "user-rules"), ur)
    assert knowledge_folders([str(ur), str(ur) + "/"])[1:] == [ur]
    monkeypatch.setenv("PSCT_EXPERT_RULES", str(ur))
    assert main(["--rules", str(ur), "ask", "Does Creature Swap target?"]) == 0


# -- W15: --cards with a card listed twice ----------------------------------------------------

def test_cards_option_keeps_the_last_of_two_and_says_so(tmp_path, capsys):
    two = jsonl(tmp_path / "two.jsonl",
                {"name": "Creature Swap", "kind": "spell", "text": "Target 1 monster; destroy it."},
                {"name": "Creature Swap", "kind": "spell", "subtypes": ["normal"],
                 "text": "Both players draw 1 card."})
    assert main(["ask", "--cards", str(two), "Does Creature Swap target?"]) == 0
    out, err = capsys.readouterr()
    assert out.splitlines()[0].endswith("No.") and "kept card 2" in err


# -- W16: file modes -----------------------------------------------------------------------------

def test_written_files_follow_the_umask_or_keep_their_mode(tmp_path, monkeypatch):
    monkeypatch.setattr(atomic, "_umask", lambda: 0o022)
    new = tmp_path / "new.txt"
    atomic.atomic_write_text(new, "x")
    kept = tmp_path / "kept.txt"
    kept.write_text("")
    kept.chmod(0o640)
    atomic.atomic_write_text(kept, "y")
    assert stat.S_IMODE(new.stat().st_mode) == 0o644
    assert stat.S_IMODE(kept.stat().st_mode) == 0o640


# -- W17, W18a: YAML --------------------------------------------------------------------------------

@pytest.mark.parametrize("value", ['!!python/object/apply:os.system ["touch X"]',
                                   "!!python/object/apply:os.system {args: [touch X]}",
                                   "!!python/object/new:os.system [touch X]",
                                   "!!binary aGVsbG8=", "!!set {a: null}", "!mine 1"])
def test_a_yaml_tag_that_is_not_plain_data_is_refused(value):
    with pytest.raises(FileFormatError) as err:
        yamlpos.load(f"topic: t\nsummary: {value}\n", "f.yaml")
    assert str(err.value).startswith("f.yaml:2:10: the YAML tag ")


def test_only_values_aliases_repeat_count_against_the_limit(monkeypatch):
    monkeypatch.setattr(yamlpos, "MAX_NODES", 100)
    data, _ = yamlpos.load("x: [" + ", ".join(["1"] * 500) + "]\n", "big.yaml")
    assert len(data["x"]) == 500                  # a big plain file is read
    with pytest.raises(FileFormatError) as err:
        yamlpos.load("a: &a [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]\nb: [" + ", ".join(["*a"] * 20) +
                     "]\n", "bomb.yaml")
    assert "aliases repeat more than 100 values" in str(err.value)
    assert err.value.line is not None


# -- W18b: many rules -----------------------------------------------------------------------------

@pytest.mark.slow
def test_the_step_budget_grows_with_the_rules(base_expert):
    engine = Engine(base_expert.kb)
    assert engine.max_steps == MAX_MATCH_STEPS + STEPS_PER_RULE * len(base_expert.kb.rules)


@pytest.mark.slow      # builds and runs a rule set of thousands of rules: seconds
def test_an_overrun_spread_over_many_rules_is_said_so(tmp_path):
    rules = "".join(textwrap.dedent(f"""\
          - id: many-{i}
            says: x.
            cites: [psct-guide#2]
            when:
              - effect: {{effect: $e, card: $c}}
            then:
              - quick: {{effect: $e, value: no}}
            examples:
              - {PLAIN_EXAMPLE}
        """) for i in range(300))
    (tmp_path / "r.yaml").write_text("topic: many\nrules:\n" + rules)
    ex = Expert([str(tmp_path)])
    facts = read_card(ex.db.get("Thunder King Rai-Oh")).facts
    with pytest.raises(RuleError) as err:
        Engine(ex.kb, max_steps=2000).run(facts)
    assert "rules shared the steps" in str(err.value)
    assert "share no variable" not in str(err.value)


# -- W19: values no question reads ------------------------------------------------------------

def test_lint_names_yes_no_values_no_question_reads(tmp_path, capsys):
    f = rule_file(tmp_path / "w19.yaml", when="effect: {effect: $e, card: $c}",
                  then='targets: {effect: $e, value: "2020-01-01"}\n'
                       "      - quick: {effect: $e, value: $c}")
    assert main(["rules", "lint", str(f)]) == 1
    out = capsys.readouterr().out
    assert "targets.value = '2020-01-01', but 'value' is yes or no" in out
    assert "warning: rule t-rule: 'then' concludes quick.value = $c" in out


# -- NaN and Infinity ---------------------------------------------------------------------------------

@pytest.mark.parametrize("number", [float("nan"), float("inf"), -float("inf")])
def test_a_number_that_is_not_finite_is_refused_naming_the_field(base_expert, number):
    with pytest.raises(QuestionError) as err:
        base_expert.ask_spec({"family": "targets", "effect": {"card": "Creature Swap",
                                                              "n": number}})
    assert "spec.effect.n is not a finite number" in str(err.value)
    check_numbers({"family": "targets", "n": 1.5, "x": [1, "a"]}, "spec")   # finite: fine
    assert isinstance(err.value, PsctError)


def test_a_replacing_file_keeps_the_mode_and_leaves_nothing_on_an_error(tmp_path):
    from psct_expert.atomic import ReplacingFile

    target = tmp_path / "out.jsonl"
    target.write_text("old\n")
    target.chmod(0o644)
    with ReplacingFile(target) as fh:
        fh.write("new\n")
        assert target.read_text() == "old\n"          # replaced only at the end
    assert target.read_text() == "new\n" and oct(target.stat().st_mode & 0o777) == "0o644"
    with pytest.raises(RuntimeError):
        with ReplacingFile(target) as fh:
            fh.write("half")
            raise RuntimeError("interrupted")
    assert target.read_text() == "new\n"
    assert [p.name for p in tmp_path.iterdir()] == ["out.jsonl"]
