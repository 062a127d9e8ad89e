"""Runs the examples of rules: every example is a test of its rule.

One runner serves pytest (``tests/test_rule_examples.py``) and
``psct-expert rules test``.  An example gives cards (and optionally facts
``given``), says whether the rule ``fires``, and may list facts it ``expect``s
to be derived or ``absent``.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card
from .engine import Engine
from .errors import FileFormatError
from .facts import Fact, Source, fact_key
from .gamefacts import game_facts
from .knowledge import KnowledgeBase, Rule
from .reader import read_card


@dataclass
class ExampleResult:
    rule: str
    name: str
    passed: bool
    message: str = ""
    where: str = ""

    @property
    def id(self) -> str:
        return f"{self.rule}::{self.name}"


def example_facts(example: dict) -> list[Fact]:
    facts: list[Fact] = list(game_facts())
    cards = []
    if "card" in example:
        cards.append(example["card"])
    cards.extend(example.get("cards") or [])
    for cd in cards:
        facts.extend(read_card(Card.from_dict(cd, origin="example")).facts)
    for item in example.get("given") or []:
        if not isinstance(item, dict) or len(item) != 1:
            raise FileFormatError(f"a given fact is {{type: {{field: value}}}}, not {item!r}")
        (type_, fields), = item.items()
        facts.append(Fact.make(type_, Source("question", quote=str(fields), where="example"),
                               **(fields or {})))
    return facts


def run_example(engine: Engine, rule: Rule, example: dict) -> ExampleResult:
    name = str(example.get("name", "example"))
    try:
        rec = engine.run(example_facts(example))
    except FileFormatError as exc:
        return ExampleResult(rule.id, name, False, str(exc), rule.location)
    fired = rec.fired(rule.id)
    want = example.get("fires")
    problems = []
    if fired != want:
        problems.append(f"expected the rule {'to fire' if want else 'not to fire'}, "
                        f"but it {'fired' if fired else 'did not fire'}")
    for item in example.get("expect") or []:
        (type_, fields), = item.items()
        key = fact_key(type_, fields)
        if key not in rec.facts:
            problems.append(f"expected {type_}{fields} to be derived")
        elif not rec.derivations.get(key):
            problems.append(f"{type_}{fields} is present but no rule derived it")
    for item in example.get("absent") or []:
        (type_, fields), = item.items()
        if fact_key(type_, fields) in rec.facts:
            problems.append(f"expected {type_}{fields} not to be derived")
    return ExampleResult(rule.id, name, not problems, "; ".join(problems), rule.location)


def run_all(kb: KnowledgeBase, engine: Engine | None = None,
            rule_ids: set[str] | None = None) -> list[ExampleResult]:
    engine = engine or Engine(kb)
    out = []
    for rule in kb.rules:
        if rule_ids and rule.id not in rule_ids:
            continue
        for ex in rule.examples:
            out.append(run_example(engine, rule, ex))
    return out
