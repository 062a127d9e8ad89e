"""Rule authors: user folders, replacing rules, lint messages with positions."""

import pathlib
import shutil

import pytest

from psct_expert.api import Expert
from psct_expert.cli.main import main
from psct_expert.errors import RuleError
from psct_expert.knowledge import load_knowledge

FIXTURES = pathlib.Path(__file__).parent / "fixtures"
QUESTION = ("If the activation of Naturia Marron's second effect is negated, "
            "can its controller activate another Naturia Marron that turn?")


@pytest.mark.slow
def test_user_rule_folder_changes_answer_and_proof(tmp_path, capsys):
    folder = tmp_path / "my-rules"
    shutil.copytree(FIXTURES / "user-rules", folder)
    assert main(["ask", QUESTION]) == 1                      # unknown without the rule
    assert capsys.readouterr().out.splitlines()[0].endswith("? Unknown.")
    assert main(["--rules", str(folder), "ask", "--why", QUESTION]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].endswith("? Yes.")
    assert "rule soft-once-per-turn-per-copy [my-rulings#soft-opt]" in out
    assert 'Naturia Marron [' in out and '"Once per turn"' in out


def test_rules_from_environment(tmp_path, monkeypatch):
    folder = tmp_path / "env-rules"
    shutil.copytree(FIXTURES / "user-rules", folder)
    monkeypatch.setenv("PSCT_EXPERT_RULES", str(folder))
    kb = load_knowledge()
    assert kb.rule("soft-once-per-turn-per-copy") is not None
    assert "my-rulings#soft-opt" in kb.sources


@pytest.mark.slow
def test_replacing_a_shipped_rule_needs_replaces_and_warns(tmp_path):
    folder = tmp_path / "override"
    folder.mkdir()
    text = (FIXTURES / "user-rules" / "once-per-turn-copies.yaml").read_text()
    (folder / "sources.yaml").write_text((FIXTURES / "user-rules" / "sources.yaml").read_text())
    (folder / "dup.yaml").write_text(text.replace("soft-once-per-turn-per-copy", "quick-effect-marker"))
    with pytest.raises(RuleError) as err:
        load_knowledge([str(folder)])
    assert "duplicate rule id 'quick-effect-marker'" in str(err.value)
    (folder / "dup.yaml").write_text(text.replace(
        "  - id: soft-once-per-turn-per-copy\n",
        "  - id: quick-effect-marker\n    replaces: true\n"))
    kb = load_knowledge([str(folder)])
    assert kb.rule("quick-effect-marker").cites == ["my-rulings#soft-opt"]
    assert any("replaces" in str(w) for w in kb.warnings)
    assert len(kb.rules) == len(load_knowledge().rules)       # nothing else was dropped


@pytest.mark.slow
def test_an_empty_user_folder_does_not_disable_the_knowledge(tmp_path):
    kb = load_knowledge([str(tmp_path)])
    assert len(kb.rules) == len(load_knowledge().rules)
    assert Expert(rules=[str(tmp_path)]).ask("Does Creature Swap target?").value == "no"


RULE_HEAD = """topic: lint
rules:
  - id: a-rule
    says: A sentence.
    cites: [psct-guide#2]
"""
GOOD_EXAMPLES = """    examples:
      - {name: x, card: {name: X, kind: monster, text: "Draw 1 card."}, fires: yes}
"""

LINT_CASES = {
    "yaml-syntax": ("topic: lint\nrules:\n  - id: [unclosed\n", 3, 9, "YAML syntax"),
    "unknown-key": (RULE_HEAD + "    when:\n      - colon: {effect: $e}\n    then:\n"
                    "      - starts_chain: {effect: $e, value: yes}\n    colour: red\n" + GOOD_EXAMPLES,
                    10, 5, "unknown key 'colour'"),
    "unknown-fact-type": (RULE_HEAD + "    when:\n      - colonn: {effect: $e}\n    then:\n"
                          "      - starts_chain: {effect: $e, value: yes}\n" + GOOD_EXAMPLES,
                          7, 9, "unknown fact type 'colonn'"),
    "unknown-field": (RULE_HEAD + "    when:\n      - colon: {effekt: $e}\n    then:\n"
                      "      - starts_chain: {effect: $e, value: yes}\n" + GOOD_EXAMPLES,
                      7, 9, "has no field 'effekt'"),
    "unbound-variable": (RULE_HEAD + "    when:\n      - colon: {effect: $e}\n    then:\n"
                         "      - starts_chain: {effect: $x, value: yes}\n" + GOOD_EXAMPLES,
                         3, None, "$x is used in 'then' but never bound"),
    "undefined-citation": (RULE_HEAD.replace("psct-guide#2", "psct-guide#9") +
                           "    when:\n      - colon: {effect: $e}\n    then:\n"
                           "      - starts_chain: {effect: $e, value: yes}\n" + GOOD_EXAMPLES,
                           3, None, "citation 'psct-guide#9' is not a defined source id"),
    "example-without-result": (RULE_HEAD + "    when:\n      - colon: {effect: $e}\n    then:\n"
                               "      - starts_chain: {effect: $e, value: yes}\n    examples:\n"
                               "      - {name: x, card: {name: X, kind: monster, text: ''}}\n",
                               11, 9, "needs an expected result"),
    "never-matches": (RULE_HEAD + "    when:\n      - targets: {effect: $e, value: maybe}\n    then:\n"
                      "      - starts_chain: {effect: $e, value: yes}\n" + GOOD_EXAMPLES,
                      7, 9, "can never match"),
    "duplicate-id": (RULE_HEAD.replace("a-rule", "colon-or-semicolon-starts-chain") +
                     "    when:\n      - colon: {effect: $e}\n    then:\n"
                     "      - starts_chain: {effect: $e, value: yes}\n" + GOOD_EXAMPLES,
                     3, None, "duplicate rule id 'colon-or-semicolon-starts-chain'"),
}


@pytest.mark.slow
@pytest.mark.parametrize("kind", list(LINT_CASES))
def test_lint_reports_file_line_column(tmp_path, capsys, kind):
    text, line, column, message = LINT_CASES[kind]
    path = tmp_path / f"{kind}.yaml"
    path.write_text(text)
    code = main(["rules", "lint", str(path)])
    out = capsys.readouterr().out
    assert code == 1, out
    hits = [ln for ln in out.splitlines() if message in ln]
    assert hits, out
    where = f"{path}:{line}:{column}: " if column is not None else f"{path}:{line}: "
    assert hits[0].startswith(where), (where, hits[0])


def test_lint_reports_a_pattern_no_rule_concludes(tmp_path, capsys):
    """A fact type made only by rules, which no rule makes: the pattern can never match."""
    folder = tmp_path / "rules"
    folder.mkdir()
    (folder / "fact-types.yaml").write_text(
        "fact_types:\n  never_made: {from: rule, doc: x, fields: {effect: effect id}}\n")
    (folder / "never.yaml").write_text(
        RULE_HEAD + "    when:\n      - activates: {effect: $e}\n"
        "      - never_made: {effect: $e}\n    then:\n"
        "      - starts_chain: {effect: $e, value: yes}\n" + GOOD_EXAMPLES)
    code = main(["rules", "lint", str(folder)])
    out = capsys.readouterr().out
    assert code == 1, out
    hits = [ln for ln in out.splitlines() if "no rule concludes 'never_made'" in ln]
    assert hits and hits[0].startswith(f"{folder / 'never.yaml'}:8:9: "), out


@pytest.mark.slow
def test_parallel_audit_with_a_user_rule_folder(tmp_path, monkeypatch):
    """Worker processes use the same knowledge as the parent, user folders included."""
    from psct_expert.audit import audit

    folder = tmp_path / "env-rules"
    shutil.copytree(FIXTURES / "user-rules", folder)
    monkeypatch.setenv("PSCT_EXPERT_RULES", str(folder))
    expert = Expert()
    names = [c.name for c in expert.db.all_cards()[:210]]
    records = list(audit(expert, names, jobs=2))
    assert [r["name"] for r in records] == names


@pytest.mark.slow
def test_a_user_sources_file_merges_like_rules(tmp_path):
    """A user sources.yaml adds citations; replacing a shipped one needs 'replaces: true'."""
    folder = tmp_path / "mine"
    shutil.copytree(FIXTURES / "user-rules", folder)
    shipped = load_knowledge()
    kb = load_knowledge([str(folder)])
    assert set(shipped.sources) < set(kb.sources)              # added, nothing dropped
    assert "my-rulings#soft-opt" in kb.sources
    (folder / "sources.yaml").write_text(
        (folder / "sources.yaml").read_text() +
        "  psct-guide#2: {title: 'My own reading of section 2'}\n")
    with pytest.raises(RuleError) as err:
        load_knowledge([str(folder)])
    assert "duplicate source id 'psct-guide#2'" in str(err.value)
    assert str(err.value).startswith(f"{folder / 'sources.yaml'}:7:")
    (folder / "sources.yaml").write_text(
        (folder / "sources.yaml").read_text().replace(
            "{title: 'My own reading of section 2'}",
            "{title: 'My own reading of section 2', replaces: true}"))
    kb = load_knowledge([str(folder)])
    assert kb.sources["psct-guide#2"].title == "My own reading of section 2"
    assert any("source 'psct-guide#2' replaces" in str(w) for w in kb.warnings)
    assert set(kb.sources) == set(shipped.sources) | {"my-rulings#soft-opt"}


def test_lint_warns_about_unconstrained_joins(tmp_path, capsys):
    path = tmp_path / "blowup.yaml"
    path.write_text((FIXTURES / "blowup-rules" / "blowup.yaml").read_text(encoding="utf-8"))
    assert main(["rules", "lint", str(path)]) == 0          # a warning, not an error
    out = capsys.readouterr().out
    hits = [ln for ln in out.splitlines() if str(path) in ln and "unconstrained join" in ln]
    assert hits and hits[0].startswith(f"{path}:8:9: warning: rule every-clause-five-times"), out
    assert "5 unjoined groups" in hits[0]


@pytest.mark.slow
def test_lint_counts_any_expansions_against_a_limit(tmp_path, capsys):
    """22 two-way 'any:' choices would be 4 million alternatives; lint refuses at once."""
    import time

    anys = "".join("      - any:\n          - colon: {effect: $e}\n"
                   "          - semicolon: {effect: $e}\n" for _ in range(22))
    path = tmp_path / "anys.yaml"
    path.write_text(RULE_HEAD + "    when:\n      - effect: {effect: $e}\n" + anys +
                    "    then:\n      - starts_chain: {effect: $e, value: yes}\n" + GOOD_EXAMPLES)
    start = time.perf_counter()
    assert main(["rules", "lint", str(path)]) == 1
    assert time.perf_counter() - start < 10
    out = capsys.readouterr().out
    hits = [ln for ln in out.splitlines() if "expand this rule into" in ln]
    assert hits and hits[0].startswith(f"{path}:"), out
    assert "at most 64" in hits[0]


MALFORMED_EXAMPLES = {
    "expect-not-a-list": "      - {name: x, card: {name: X, kind: spell, text: ''}, fires: no, expect: colon}\n",
    "expect-item-text": "      - {name: x, card: {name: X, kind: spell, text: ''}, fires: no, expect: [colon]}\n",
    "given-fields-text": "      - {name: x, given: [{colon: X}], fires: no}\n",
    "given-nested-value": "      - {name: x, given: [{colon: {effect: [1]}}], fires: no}\n",
    "cards-text": "      - {name: x, cards: X, fires: no}\n",
    "card-text": "      - {name: x, card: X, fires: no}\n",
    "card-bad-level": "      - {name: x, card: {name: X, kind: monster, level: [1, 2]}, fires: no}\n",
}


@pytest.mark.parametrize("kind", list(MALFORMED_EXAMPLES))
def test_malformed_examples_are_lint_errors_and_never_crash_rules_test(tmp_path, capsys, kind):
    path = tmp_path / f"{kind}.yaml"
    path.write_text(RULE_HEAD + "    when:\n      - colon: {effect: $e}\n    then:\n"
                    "      - starts_chain: {effect: $e, value: yes}\n    examples:\n"
                    + MALFORMED_EXAMPLES[kind])
    assert main(["rules", "lint", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"{path}:11:" in out, out
    assert main(["rules", "test", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}:11:" in err and "internal error" not in err


@pytest.mark.parametrize("kind", list(MALFORMED_EXAMPLES))
def test_the_example_runner_fails_a_malformed_example_without_crashing(kind):
    import yaml

    from psct_expert.engine import Engine
    from psct_expert.examples import run_example

    kb = load_knowledge()
    rule = kb.rule("colon-or-semicolon-starts-chain")
    example = yaml.safe_load(MALFORMED_EXAMPLES[kind].strip()[2:])
    result = run_example(Engine(kb.upstream(["starts_chain"])), rule, example)
    assert not result.passed and result.message


@pytest.mark.slow
def test_a_rule_concluding_a_yaml_date_is_a_lint_error(tmp_path, capsys):
    """An unquoted 2024-01-01 is a date to YAML; it would break --json output."""
    path = tmp_path / "dated.yaml"
    path.write_text(RULE_HEAD + "    when:\n      - colon: {effect: $e}\n    then:\n"
                    "      - starts_chain: {effect: $e, value: 2024-01-01}\n" + GOOD_EXAMPLES)
    assert main(["rules", "lint", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"{path}:9:" in out and "not a date" in out, out
    assert main(["--rules", str(tmp_path), "ask", "--json", "Does Pot of Greed start a Chain?"]) == 2
    assert "dated.yaml:9:" in capsys.readouterr().err


def test_rules_usage_flags_rules_one_case_uses(tmp_path, capsys):
    cases = tmp_path / "cases.yaml"
    cases.write_text(
        "cases:\n"
        "  - {id: swap, ask: Does Creature Swap target?, expect: 'no'}\n"
        "  - {id: reborn, ask: Does Monster Reborn target?, expect: 'yes'}\n"
        "  - {id: swap-again, ask: Does the effect of Creature Swap target?, expect: 'no'}\n")
    assert main(["rules", "usage", str(cases)]) == 0
    out = capsys.readouterr().out.splitlines()
    counts = {ln.split()[1]: int(ln.split()[0]) for ln in out[:-1]}
    from psct_expert.api import Expert

    expert = Expert()
    swap = set(expert.ask("Does Creature Swap target?").rules())
    reborn = set(expert.ask("Does Monster Reborn target?").rules())
    for rule in swap | reborn:
        assert counts[rule] == 2 * (rule in swap) + (rule in reborn)
    only_reborn = sorted(reborn - swap)
    assert only_reborn
    line = next(ln for ln in out if ln.split()[1] == only_reborn[0])
    assert line.endswith("<- only case reborn")
    assert out[-1].startswith("3 cases; ") and f"{len(swap | reborn)} rules used" in out[-1]


CROSS = """topic: cross
ruleset: both
rules:
  - id: phase-times-effect
    says: A phase told in the situation, paired with every effect.
    says_it: Una fase raccontata nella situazione, accoppiata a ogni effetto.
    cites: [psct-guide#2]
{cross}    when:
      - effect: {{effect: $e}}
      - phase_now: {{phase: battle}}
    then:
      - starts_chain: {{effect: $e, value: yes}}
    examples:
      - {{name: x, card: {{name: X, kind: spell, text: "Draw 1 card."}}, given: [{{phase_now: {{phase: battle, turn: you, seq: 1}}}}], fires: yes}}
"""


@pytest.mark.parametrize("cross, code, want", [
    ("", 0, "warning: rule phase-times-effect: unconstrained join"),   # not stated: a warning
    ("    cross-join: [phase_now]\n", 0, None),                         # stated: nothing to say
    ("    cross-join: [holds]\n", 1, "'cross-join' names 'holds', which no pattern"),
    ("    cross-join: phase_now\n", 1, "'cross-join' must be a list of fact types"),
])
def test_lint_accepts_a_stated_cross_join(tmp_path, capsys, cross, code, want):
    path = tmp_path / "cross.yaml"
    path.write_text(CROSS.format(cross=cross))
    assert main(["rules", "lint", str(path)]) == code
    lines = [ln for ln in capsys.readouterr().out.splitlines() if str(path) in ln]
    if want is None:
        assert lines == []
    else:
        assert any(want in ln for ln in lines), lines
