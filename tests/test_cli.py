"""The command line: answers, proofs, errors and exit codes."""

import json
import pathlib
import subprocess
import sys

import pytest

from psct_expert.cli.main import main

CASES = str(pathlib.Path(__file__).parent / "acceptance" / "guide-cases.yaml")
RAIOH = "Can Thunder King Rai-Oh negate the Special Summon of Gorz, Emissary of Darkness?"


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_ask_answer_first_then_reason(capsys):
    code, out, err = run(capsys, "ask", "--cards", CASES, RAIOH)
    lines = out.splitlines()
    # the first line says back the question as understood, then the answer
    assert code == 0 and lines[0] == ("Can the second effect of Thunder King Rai-Oh negate the Special "
                                      "Summon of Gorz, Emissary of Darkness by the first effect of Gorz, "
                                      "Emissary of Darkness? No.")
    assert "psct-guide#3" in lines[1]


def test_ask_why_quotes_card_text(capsys):
    code, out, _ = run(capsys, "ask", "--why", "--cards", CASES, RAIOH)
    assert 'Gorz, Emissary of Darkness [' in out and '"When you take damage' in out
    assert "rule chained-summon-not-negatable" in out


def test_ask_json_has_answer_and_proof(capsys):
    code, out, _ = run(capsys, "ask", "--json", "--cards", CASES, RAIOH)
    data = json.loads(out)
    assert data["answer"] == "no" and data["proof"]["no"]
    assert "psct-guide#3" in data["citations"]


def test_show_parse_prints_the_structured_question(capsys):
    code, out, _ = run(capsys, "ask", "--show-parse", RAIOH)
    spec = json.loads(out[:out.index("\n}\n") + 2])
    assert spec["family"] == "negate-summon"


def test_ask_with_scenario_events(capsys):
    code, out, _ = run(capsys, "ask", "Does Ring of Destruction destroy Dark Magician?",
                       "-e", "Player B controls a face-up Dark Magician.",
                       "-e", "Player A activates Ring of Destruction targeting Dark Magician.",
                       "-e", "Dark Magician is face-down when Ring of Destruction resolves.")
    assert code == 0 and out.splitlines()[0].endswith("? No.")


def test_exit_codes(capsys):
    assert run(capsys, "ask", "Can Droll & Lock Bird negate the activation of Pot of Greed?")[0] == 1
    code, out, err = run(capsys, "ask", "What is the meaning of life?")
    assert code == 2 and err.startswith("error: ") and "Traceback" not in err
    code, out, err = run(capsys, "analyze", "Blue Eyes Whiet Dragun")
    assert code == 2 and "Did you mean" in err


def test_analyze_mermail_abyssmegalo(capsys):
    code, out, _ = run(capsys, "analyze", "Mermail Abyssmegalo")
    assert code == 0
    assert out.count("starts a Chain: yes") == 3
    assert 'cost: discard' in out and 'cost: tribute' in out


def test_analyze_json_schema(capsys):
    code, out, _ = run(capsys, "analyze", "--json", "Thunder King Rai-Oh")
    data = json.loads(out)
    assert set(data) >= {"card", "status", "legacy", "unread", "effects", "text"}
    eff = data["effects"][1]
    assert set(eff) >= {"id", "n", "text", "span", "parts", "clauses", "facts", "conclusions"}
    quick = [f for f in eff["facts"] if f["type"] == "quick_marker"][0]
    assert data["text"][quick["span"][0]:quick["span"][1]] == quick["quote"]


def test_analyze_inline_text(capsys):
    code, out, _ = run(capsys, "analyze", "--text",
                       "Target 1 monster on the field; destroy that target.", "--kind", "spell")
    assert code == 0 and "target 1" in out


@pytest.mark.slow       # the guide cases run by default in test_acceptance_files
def test_check_guide_cases(capsys):
    code, out, _ = run(capsys, "check", CASES)
    assert code == 0, out
    assert out.splitlines()[-1] == "85 passed, 0 failed"


def test_check_select_and_failure(capsys, tmp_path):
    bad = tmp_path / "mine.yaml"
    bad.write_text("cases:\n- id: wrong-on-purpose\n  ask: Does activating Pot of Greed start a Chain?\n"
                   "  expect: 'no'\n  cites: [psct-guide#2]\n- id: unknown-one\n"
                   "  ask: Can Droll & Lock Bird negate the activation of Pot of Greed?\n"
                   "  expect: 'no'\n  cites: []\n")
    code, out, _ = run(capsys, "check", str(bad))
    assert code == 1
    assert "FAIL wrong-on-purpose: expected no, got yes" in out
    assert out.splitlines()[-1] == "0 passed, 2 failed (1 unknown)"
    code, out, _ = run(capsys, "check", "-k", "raioh", CASES)
    assert code == 0 and out.splitlines()[-1].startswith("4 passed")


def test_malformed_case_file_names_file_and_line(capsys, tmp_path):
    bad = tmp_path / "broken.yaml"
    bad.write_text("cases:\n- id: x\n  ask: Does Pot of Greed target?\n  expect: maybe\n")
    code, _, err = run(capsys, "check", str(bad))
    assert code == 2 and "broken.yaml:4" in err


def test_rules_commands(capsys):
    code, out, _ = run(capsys, "rules", "list")
    assert code == 0 and "colon-or-semicolon-starts-chain" in out
    code, out, _ = run(capsys, "rules", "show", "that-target-rechecked")
    assert code == 0 and "eligibility#targets" in out and "target-rechecked" in out
    assert "community compilation)" in out and "  ruleset: both" in out
    code, out, _ = run(capsys, "rules", "lint")
    assert code == 0 and "0 errors, 0 warnings" in out     # every rule's ruleset, every tier


@pytest.mark.slow     # every example again (tests/test_rule_examples.py runs each one by default)
def test_rules_test_command(capsys):
    code, out, _ = run(capsys, "rules", "test")
    assert code == 0 and out.splitlines()[-1].endswith(" passed, 0 failed")


@pytest.mark.slow
def test_console_script_runs():
    out = subprocess.run([sys.executable, "-m", "psct_expert", "ask", "--cards", CASES, RAIOH],
                         capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout.splitlines()[0].endswith("? No.")


def test_cards_override_file_in_json_lines(capsys, tmp_path):
    mine = tmp_path / "mine.jsonl"
    mine.write_text('{"name": "Pot of Greed", "kind": "spell", "subtypes": ["normal"], '
                    '"text": "Target 1 card in your GY; add it to your hand."}\n')
    code, out, _ = run(capsys, "ask", "--cards", str(mine), "Does Pot of Greed target?")
    assert code == 0 and out.startswith("Does the first effect of Pot of Greed target? Yes.")
    code, out, _ = run(capsys, "ask", "Does Pot of Greed target?")
    assert out.startswith("Does the first effect of Pot of Greed target? No.")


def test_check_counts_per_topic(capsys, tmp_path):
    cases = tmp_path / "topics.yaml"
    cases.write_text(
        "cases:\n"
        "- {id: right, topic: A, ask: 'Does Creature Swap target?', expect: 'no', cites: [], why: w, source: s}\n"
        "- {id: wrong, topic: A, ask: 'Does Creature Swap target?', expect: 'yes', cites: []}\n"
        "- {id: refused, topic: B, ask: 'Does Creature Swap frobnicate?', expect: 'yes', cites: []}\n",
        encoding="utf-8")
    code, out, _ = run(capsys, "check", str(cases))
    assert code == 1
    rows = {line.split()[0]: line.split()[1:] for line in out.splitlines()
            if line.split() and line.split()[0] in ("A", "B", "all")}
    # columns: right wrong uncited unknown refused crashed total right%
    assert rows["A"][:7] == ["1", "1", "0", "0", "0", "0", "2"]
    assert rows["B"][:7] == ["0", "0", "0", "0", "1", "0", "1"]
    assert rows["all"][:7] == ["1", "1", "0", "0", "1", "0", "3"]
    assert out.strip().splitlines()[-1].startswith("1 passed, 2 failed")


def test_check_reports_an_internal_error_for_its_case_and_checks_the_rest(capsys, tmp_path,
                                                                        monkeypatch):
    """A bug met by one case is that case's failure (said, with its kind); the other cases are
    still checked and counted, and the command ends with the internal-error code."""
    from psct_expert.api import Expert

    asked = Expert.ask

    def ask(self, text, *args, **kwargs):
        if "frobnicate" in text:
            raise KeyError("card")
        return asked(self, text, *args, **kwargs)

    monkeypatch.setattr(Expert, "ask", ask)
    cases = tmp_path / "crash.yaml"
    cases.write_text(
        "cases:\n"
        "- {id: boom, topic: A, ask: 'Does Creature Swap frobnicate?', expect: 'yes', cites: []}\n"
        "- {id: right, topic: A, ask: 'Does Creature Swap target?', expect: 'no', cites: []}\n",
        encoding="utf-8")
    code, out, _ = run(capsys, "check", str(cases))
    assert code == 3
    assert "FAIL boom: internal error: KeyError: 'card'" in out
    assert "pass right" in out
    rows = {line.split()[0]: line.split()[1:] for line in out.splitlines()
            if line.split() and line.split()[0] == "A"}
    assert rows["A"][:7] == ["1", "0", "0", "0", "0", "1", "2"]
    assert out.strip().splitlines()[-1] == "1 passed, 1 failed (0 unknown, 1 internal errors)"


def test_ask_json_refusal_is_json(capsys):
    code, out, _ = run(capsys, "ask", "--json", "Does Creature Swap frobnicate?")
    body = json.loads(out)
    assert code == 2 and body["kind"] == "QuestionError"
    assert body["unplaced"] == "frobnicate" and body["understood"]["cards"] == ["Creature Swap"]


@pytest.mark.slow   # a fresh process: seconds of its own (.ci/run runs it)
def test_the_console_entry_prints_everything_before_it_leaves(tmp_path):
    """`entry()` ends the process without the interpreter's teardown (os._exit): what was
    printed must be flushed first, and the exit code kept, for an answer and for an error."""
    import subprocess
    import sys

    ok = subprocess.run([sys.executable, "-m", "psct_expert", "ask", "Does Creature Swap target?"],
                        capture_output=True, text=True, timeout=120)
    assert ok.returncode == 0 and ok.stdout.startswith("Does the first effect of Creature Swap target? No.")
    assert ok.stdout.rstrip().endswith("Cites: psct-guide#4 (community compilation)")
    bad = subprocess.run([sys.executable, "-m", "psct_expert", "ask", "Does Pot of Greedd target the"],
                         capture_output=True, text=True, timeout=120)
    assert bad.returncode == 2 and bad.stderr.startswith("error:")


def test_version_is_answered_without_the_command_line_and_says_what_click_says(capsys):
    import re

    import psct_expert

    root = pathlib.Path(__file__).resolve().parent.parent
    assert re.search(r'^version = "([^"]+)"', (root / "pyproject.toml").read_text(), re.M)[1] \
        == psct_expert.__version__
    assert re.search(r'^psct-expert = "([^"]+)"', (root / "pyproject.toml").read_text(), re.M)[1] \
        == "psct_expert.cli:entry"      # the script's entry, as `python -m psct_expert`'s
    code = "import sys, runpy; sys.argv = ['psct_expert', '--version']\n" \
           "try:\n    runpy.run_module('psct_expert', run_name='__main__')\nexcept SystemExit:\n    pass\n" \
           "print(sorted(m for m in sys.modules if m.startswith(('click', 'psct_expert.'))))"
    fast = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=root)
    line, loaded = fast.stdout.splitlines()
    assert loaded == "['psct_expert.cli']"      # neither click nor any other module of the package
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == line == f"psct-expert, version {psct_expert.__version__}"
