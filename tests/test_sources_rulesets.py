"""Every source ranked, TCG and OCG named: tiers and links on citations, rulesets on rules and
points, ``--ruleset`` deciding which points may decide a yes or no, and lint saying so."""

import json
import pathlib
import shutil

import pytest

from psct_expert.api import Expert
from psct_expert.cli.main import main
from psct_expert.errors import PsctError
from psct_expert.knowledge import load_knowledge
from psct_expert.render import answer_json, answer_text

FIXTURES = pathlib.Path(__file__).parent / "fixtures"
QUESTION = ("If the activation of Naturia Marron's second effect is negated, "
            "can its controller activate another Naturia Marron that turn?")
NIBIRU = "Can Nibiru, the Primal Being Tribute a monster that cannot be targeted by card effects?"
DAMAGE_STEP = "Can I activate Called by the Grave during the Damage Step?"


def test_every_shipped_source_has_a_known_tier_and_every_rule_a_ruleset():
    kb = load_knowledge()
    assert list(kb.tiers)[0] == "rulebook" and list(kb.tiers)[-1] == "own-notes"
    assert all(s.tier in kb.tiers for s in kb.sources.values()), \
        [s.id for s in kb.sources.values() if s.tier not in kb.tiers]
    assert {r.ruleset for r in kb.rules} <= {"tcg", "ocg", "both"}
    # the points the guide marks OCG-only are said to be, and nothing else is
    assert {s.id for s in kb.sources.values() if s.ruleset == "ocg"} == {
        "game-rules#cost.11", "game-rules#once-per-turn.8", "game-rules#missing-the-timing.15"}
    assert kb.sources["game-rules#missing-the-timing.12"].to_confirm
    assert kb.sources["game-rules#chain.11"].url.startswith("https://")


def test_citations_carry_tier_and_link_strongest_first(capsys):
    expert = Expert()
    answer = expert.ask("Can Nibiru, the Primal Being Tribute a monster that cannot be targeted by card effects?")
    ranked = answer.ranked_sources()
    order = list(expert.kb.tiers)
    assert [d["id"] for d in ranked] and sorted(answer.citations()) == sorted(
        d["id"] for d in ranked)
    assert [order.index(d["tier"]) for d in ranked] == sorted(order.index(d["tier"])
                                                              for d in ranked)
    assert len({d["tier"] for d in ranked}) > 1          # not one tier for all
    for d in ranked:
        assert d["tier_label"] == expert.kb.tiers[d["tier"]]
        assert d["url"] or d["where"]
    assert answer.to_dict()["sources"] == ranked
    cites = [ln for ln in answer_text(answer).splitlines() if ln.startswith("Cites: ")]
    assert cites == ["Cites: " + ", ".join(f"{d['id']} ({d['tier_label']})" for d in ranked)]
    why = answer_text(answer, why=True)
    assert f"  {ranked[0]['id']}: {ranked[0]['tier_label']}; {ranked[0]['url']}" in why


def test_an_answer_resting_on_a_point_to_confirm_says_so(base_expert):
    answer = base_expert.ask(DAMAGE_STEP)
    data = json.loads(answer_json(answer))
    assert data["answer"] == "no" and data["ruleset"] == "tcg"
    assert [c["source"] for c in data["caveats"]] == ["game-rules#missing-the-timing.12"]
    notes = [ln for ln in answer_text(answer).splitlines() if ln.startswith("Note: ")]
    assert any("rests on game-rules#missing-the-timing.12" in n and "to confirm" in n
               for n in notes), notes
    # an answer resting on settled points of both rulesets has no caveats
    assert "caveats" not in base_expert.ask("Does Creature Swap target?").to_dict()


def _ocg_folder(tmp_path, rule_ruleset: str | None, source_ruleset: str = "ocg"):
    folder = tmp_path / "ocg-rules"
    shutil.copytree(FIXTURES / "user-rules", folder)
    src = folder / "sources.yaml"
    src.write_text(src.read_text() + f"    ruleset: {source_ruleset}\n")
    rules = folder / "once-per-turn-copies.yaml"
    text = rules.read_text().replace("ruleset: both\n", "")
    if rule_ruleset:
        text = text.replace("    cites: [my-rulings#soft-opt]\n",
                            f"    cites: [my-rulings#soft-opt]\n    ruleset: {rule_ruleset}\n")
    rules.write_text(text)
    return folder


@pytest.mark.slow
def test_ruleset_decides_which_points_may_decide(tmp_path, capsys, base_expert):
    folder = _ocg_folder(tmp_path, "ocg")
    assert main(["--rules", str(folder), "ask", QUESTION]) == 1          # TCG: left open
    assert capsys.readouterr().out.splitlines()[0].endswith("? Unknown.")
    assert main(["--rules", str(folder), "ask", "--ruleset", "ocg", QUESTION]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].endswith("? Yes.") and out[-1] == "Note: answered for the OCG (--ruleset)"
    assert "Note: this answer rests on my-rulings#soft-opt, a point that holds for the OCG only" in out
    for argv in (["--rules", str(folder), "--ruleset", "ocg", "ask", "--json", QUESTION],
                 ["--rules", str(folder), "ask", "--ruleset", "ocg", "--json", QUESTION]):
        assert main(argv) == 0
        data = json.loads(capsys.readouterr().out)
        assert data["answer"] == "yes" and data["ruleset"] == "ocg"
        assert data["caveats"][0]["source"] == "my-rulings#soft-opt"
        assert "holds for the OCG only" in data["caveats"][0]["says"]
        assert data["sources"][0]["tier"] == "judge-program"
    # a point of the OCG only keeps a rule that says 'both' out of a TCG answer too
    tcg = Expert(rules=[str(_ocg_folder(tmp_path / "b", "both"))], db=base_expert.db)
    assert tcg.ask(QUESTION).value == "unknown"
    assert Expert(kb=tcg.kb, db=tcg.db, ruleset="ocg").ask(QUESTION).value == "yes"
    with pytest.raises(PsctError, match="unknown ruleset"):
        Expert(ruleset="rush")


@pytest.mark.slow
def test_lint_reports_a_rule_with_no_ruleset_or_one_wider_than_its_points(tmp_path, capsys):
    assert main(["rules", "lint", str(_ocg_folder(tmp_path / "a", None))]) == 0
    out = capsys.readouterr().out
    assert "warning: rule soft-once-per-turn-per-copy: no ruleset" in out, out
    assert main(["rules", "lint", str(_ocg_folder(tmp_path / "b", "both"))]) == 0
    out = capsys.readouterr().out
    assert ("warning: rule soft-once-per-turn-per-copy: it says it holds for both, but it cites "
            "my-rulings#soft-opt, a point that holds for ocg only") in out, out
    assert main(["rules", "lint", str(_ocg_folder(tmp_path / "c", "ocg"))]) == 0
    assert "0 errors, 0 warnings" in capsys.readouterr().out
    bad = _ocg_folder(tmp_path / "d", "rush")
    assert main(["rules", "lint", str(bad)]) == 1
    assert "'ruleset' is one of tcg, ocg, both, not 'rush'" in capsys.readouterr().out


@pytest.mark.slow
def test_a_source_with_an_unknown_tier_is_an_error_and_none_a_warning(tmp_path, capsys):
    folder = tmp_path / "tiers"
    shutil.copytree(FIXTURES / "user-rules", folder)
    src = folder / "sources.yaml"
    src.write_text(src.read_text().replace("tier: judge-program", "tier: hearsay"))
    assert main(["rules", "lint", str(folder)]) == 1
    assert "unknown tier 'hearsay'" in capsys.readouterr().out
    src.write_text(src.read_text().replace("    tier: hearsay\n", ""))
    assert main(["rules", "lint", str(folder)]) == 0
    assert "warning: source 'my-rulings#soft-opt' has no 'tier'" in capsys.readouterr().out
