"""The engine: provenance, conflicts, unknown answers, safe loading."""

import pathlib

import pytest

from psct_expert.api import Expert
from psct_expert.errors import RuleError
from psct_expert.knowledge import load_knowledge
from psct_expert.render import answer_text

FIXTURES = pathlib.Path(__file__).parent / "fixtures"

RAIOH_VS_GORZ = {
    "family": "negate-summon",
    "negator": {"card": "Thunder King Rai-Oh", "select": "negates-summon"},
    "summon": {"card": "Gorz, Emissary of Darkness",
               "by": {"card": "Gorz, Emissary of Darkness", "select": "summons-self"},
               "kind": "special"},
}


def test_proof_reaches_the_card_text(case_expert):
    answer = case_expert.ask_spec(RAIOH_VS_GORZ)
    assert answer.value == "no"
    assert {"psct-guide#3", "psct-guide#2"} <= set(answer.citations())
    quotes = [s for node in answer.proof for s in node.text_sources() if s.kind == "text"]
    gorz = [s for s in quotes if s.card == "Gorz, Emissary of Darkness"]
    assert any(s.quote == ":" for s in gorz)          # the colon that makes it chain
    for s in quotes:
        card = case_expert.db.get(s.card)
        assert card.text[s.start:s.end] == s.quote


def test_a_fact_derived_twice_keeps_both_derivations(case_expert):
    answer = case_expert.ask_spec({"family": "starts-chain",
                                   "effect": {"card": "Gorz, Emissary of Darkness",
                                              "select": "summons-self"}})
    node = answer.proof[0]
    assert {s.rule for s in node.steps} == {"colon-or-semicolon-starts-chain",
                                            "summoning-effect-starts-chain"}


def test_closed_world_no_is_a_rule_with_a_citation(case_expert):
    answer = case_expert.ask_spec({"family": "targets",
                                   "effect": {"card": "Creature Swap", "select": "activation"}})
    assert answer.value == "no"
    step = answer.proof[0].steps[0]
    assert step.rule == "no-target-word-no-targeting"
    assert any("target_word" in a for a in step.absent)
    assert step.cites == ["psct-guide#4"]


@pytest.mark.slow
def test_conflicting_rule_file_is_reported_as_conflict():
    expert = Expert(rules=[str(FIXTURES / "conflicting-rules")])
    answer = expert.ask_spec({"family": "quick",
                              "effect": {"card": "Mermail Abyssmegalo", "n": 1}})
    assert answer.value == "conflict"
    assert answer.proofs["yes"] and answer.proofs["no"]
    assert "every-effect-is-quick" in [s.rule for n in answer.proofs["yes"] for s in n.steps]


def test_unknown_names_what_is_missing(base_expert):
    answer = base_expert.ask_spec({
        "family": "negate-summon",
        "negator": {"card": "Thunder King Rai-Oh", "select": "negates-summon"},
        "summon": {"card": "Black Luster Soldier - Envoy of the Beginning",
                   "by": {"card": "Black Luster Soldier - Envoy of the Beginning",
                          "select": "summons-self"}, "kind": "special"}})
    assert answer.value == "unknown"          # Rai-Oh needs the opponent to summon; nobody said
    assert any("summoner_covers" in m for m in answer.missing)

    # the same near misses in plain English: the rule's name, the effect in words, no fact syntax
    plain = answer.missing_plain
    assert len(plain) == len(answer.missing)
    assert all(m.startswith("it would be ") for m in plain)
    assert not any("(effect=" in m or "$" in m or "#" in m for m in plain)
    assert any("summoner covers" in m for m in plain)
    # the short reason asks it as a judge would; the rule names and fields only under --why
    assert "The facts do not settle it. Say who makes the Special Summon of Black Luster Soldier" \
        in answer_text(answer)
    assert "it would be" not in answer_text(answer)
    assert "it would be" in answer_text(answer, why=True)


def test_plain_near_miss_names_the_effect_in_words(base_expert):
    answer = base_expert.ask("Can Effect Veiler miss the timing?")
    assert answer.value == "unknown"
    assert any("trigger (word when, optional yes) of the first effect of Effect Veiler" in m
               for m in answer.missing_plain)


def test_legacy_text_gets_no_punctuation_answer(case_expert):
    # the guide's printing of Ebisu: ", you can activate this effect: Return ..." (pre-PSCT)
    answer = case_expert.ask_spec({"family": "is-cost",
                                   "effect": {"card": "Masked Ninja Ebisu"}, "verb": "return"})
    assert answer.value == "unknown"
    assert any("legacy" in n for n in answer.notes)


def test_rule_files_never_run_code(tmp_path):
    (tmp_path / "evil.yaml").write_text(
        "topic: evil\nrules: !!python/object/apply:os.system ['echo hacked']\n")
    with pytest.raises(RuleError) as err:
        load_knowledge([str(tmp_path)])
    assert "evil.yaml" in str(err.value)


def test_negation_with_a_further_condition_stays_unknown(base_expert):
    # "When your opponent activates ... while a 'Dream Mirror of Joy' is in a Field Zone" and the like
    answer = base_expert.ask("Can Dream Mirror Oneiromancy negate the Special Summon of "
                             "Cyber Dragon by your opponent?")
    assert answer.value == "unknown"
    assert any("extra_condition" in m for m in answer.missing)


# five patterns over one fact type, each with fresh variables (also read by tools/probe_reliability.py)
BLOWUP = (FIXTURES / "blowup-rules" / "blowup.yaml").read_text(encoding="utf-8")


def _clauses(n):
    from psct_expert.facts import Fact

    return [Fact.make("clause", effect=f"Card {i}#1", n=1, verb="draw", optional="no")
            for i in range(n)]


@pytest.mark.slow
def test_a_run_that_never_settles_is_a_clear_error_naming_the_rule(tmp_path):
    """30 facts joined five times over is 24 million matches: the budget stops it early."""
    import time

    from psct_expert.engine import Engine

    (tmp_path / "blowup.yaml").write_text(BLOWUP)
    kb = load_knowledge([str(tmp_path)])
    engine = Engine(kb, max_steps=20_000)
    start = time.perf_counter()
    with pytest.raises(RuleError) as err:
        engine.run(_clauses(30))
    assert time.perf_counter() - start < 5
    assert err.value.path == str(tmp_path / "blowup.yaml") and err.value.line == 3
    assert "did not settle within 20000 matching steps" in str(err.value)
    assert "rule every-clause-five-times" in str(err.value)
    assert engine.run(_clauses(2)).fired("every-clause-five-times")  # usable afterwards


@pytest.mark.slow
def test_the_firing_budget_names_the_rule_that_fired_most(tmp_path):
    from psct_expert.engine import Engine

    (tmp_path / "blowup.yaml").write_text(BLOWUP)
    engine = Engine(load_knowledge([str(tmp_path)]), max_firings=10)
    with pytest.raises(RuleError) as err:
        engine.run(_clauses(3))          # 3^5 = 243 firings wanted
    assert "still had rules to fire after 10 firings" in str(err.value)
    assert "rule every-clause-five-times fired the most" in str(err.value)


def test_the_default_budget_leaves_every_guide_case_alone(case_expert, case_file):
    """The budget is far above real runs: every guide case still answers."""
    for case in case_file["cases"][:6]:
        assert case_expert.ask(case["ask"], case.get("scenario") or []).value in ("yes", "no")


NUMBER_AS_TEXT = """topic: numbers
rules:
  - id: numbered-colon-chain
    says: A first effect with a colon starts a Chain.
    cites: [psct-guide#2]
    when:
      - effect: {effect: $e, n: $n}
      - test: $n >= 1
      - colon: {effect: $e}
    then:
      - starts_chain: {effect: $e, value: yes}
    examples:
      - {name: x, card: {name: X, kind: spell, text: "Draw 1 card."}, fires: no}
"""


def test_missing_facts_agree_with_the_engine_on_mixed_types(tmp_path):
    """n written as text: the engine's test compares it as a number; so must the explanation."""
    from psct_expert.engine import Engine
    from psct_expert.facts import Fact
    from psct_expert.proof import missing_facts

    (tmp_path / "numbers.yaml").write_text(NUMBER_AS_TEXT)
    kb = load_knowledge([str(tmp_path)])
    sub = kb.upstream(["starts_chain"])
    sub.rules = [r for r in sub.rules if r.id == "numbered-colon-chain"]
    engine = Engine(sub)
    given = [Fact.make("effect", effect="X#1", card="X", n="2", form="text")]
    rec = engine.run(given + [Fact.make("colon", effect="X#1")])
    assert rec.fired("numbered-colon-chain")          # the engine: "2" >= 1 holds
    rec = engine.run(given)
    missing = missing_facts("starts_chain", {"effect": "X#1"}, rec, sub)
    assert missing == ["for yes, rule numbered-colon-chain needs colon(effect='X#1')"]


@pytest.mark.slow
def test_an_open_answer_says_why_in_the_blocking_rules_words(base_expert):
    # "negate its effects" on an "it" target flipped face-down: the "it" rule would say yes, but a
    # rule leaves negating a face-down monster's effects open, and the answer says so first
    q = ("Are the effects of the monster targeted by Infinite Impermanence negated if it is flipped "
         "face-down before the effect resolves?")
    ans = base_expert.ask(q)
    assert ans.value == "unknown"
    assert ans.missing[0].startswith("for yes, rule it-still-affected does not apply: ")
    assert "face-down-target-effects-negation-unsettled" in ans.missing[0]
    # the same change under a destroying "it" effect is still a yes (the rule is about negation)
    assert base_expert.ask("Is the card targeted by Adreus, Keeper of Armageddon destroyed if it is "
                           "flipped face-down before the effect resolves?").value == "yes"


def test_one_fact_class_per_type_when_threads_compile_at_once(monkeypatch):
    """A server's workers compile their engines at once: a thread that finds no class for a type
    and makes one must end with the class another thread made meanwhile (two classes for one
    type left an engine testing for a class its facts were not of: wrong answers, now and then)."""
    from psct_expert import _experta as ex
    from psct_expert import engine as E

    theirs = type("Fact_raced", (ex.Fact,), {})

    class Racing(dict):
        def get(self, key, default=None):
            found = super().get(key, default)
            if found is None and key == "raced":      # another thread registers its class now
                super().__setitem__(key, theirs)
            return found

    monkeypatch.setattr(E, "_FACT_CLASSES", Racing())
    assert E.fact_class("raced") is theirs
    assert E.fact_class("raced") is theirs and E._FACT_CLASSES["raced"] is theirs
