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
