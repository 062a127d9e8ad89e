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
    more = example.get("cards") or []
    if not isinstance(more, list):
        raise FileFormatError("'cards' must be a list of cards")
    cards.extend(more)
    for cd in cards:
        facts.extend(read_card(Card.from_dict(cd, origin="example")).facts)
    for type_, fields in _facts_listed(example, "given"):
        if not all(isinstance(k, str) for k in fields):
            raise FileFormatError(f"the fields of {type_!r} in 'given' must be named")
        for k, v in fields.items():
            if not isinstance(v, (str, int, float)):
                raise FileFormatError(f"field {k!r} of {type_!r} in 'given': a value is text, "
                                      f"a number or yes/no, not {v!r}")
        facts.append(Fact.make(type_, Source("question", quote=str(fields), where="example"),
                               **fields))
    return facts


def _facts_listed(example: dict, key: str) -> list[tuple[str, dict]]:
    """The (type, fields) of an example's ``expect``/``absent`` list; malformed is an error."""
    items = example.get(key) or []
    if not isinstance(items, list):
        raise FileFormatError(f"'{key}' must be a list of facts")
    out = []
    for item in items:
        if not isinstance(item, dict) or len(item) != 1:
            raise FileFormatError(f"a fact in '{key}' is {{type: {{field: value}}}}, not {item!r}")
        (type_, fields), = item.items()
        if fields is not None and not isinstance(fields, dict):
            raise FileFormatError(f"the fields of {type_!r} in '{key}' must be a mapping")
        out.append((str(type_), fields or {}))
    return out


def run_example(engine: Engine, rule: Rule, example: dict) -> ExampleResult:
    """One example as a test; a malformed example fails with a message, never a crash."""
    if not isinstance(example, dict):
        return ExampleResult(rule.id, "example", False, "an example must be a mapping",
                             rule.location)
    name = str(example.get("name", "example"))
    try:
        expect = _facts_listed(example, "expect")
        absent = _facts_listed(example, "absent")
        rec = engine.run(example_facts(example))
    except FileFormatError as exc:
        return ExampleResult(rule.id, name, False, str(exc), rule.location)
    fired = rec.fired(rule.id)
    want = example.get("fires")
    problems = []
    if fired != want:
        problems.append(f"expected the rule {'to fire' if want else 'not to fire'}, "
                        f"but it {'fired' if fired else 'did not fire'}")
    for type_, fields in expect:
        key = fact_key(type_, fields)
        if key not in rec.facts:
            problems.append(f"expected {type_}{fields} to be derived")
        elif not rec.derivations.get(key):
            problems.append(f"{type_}{fields} is present but no rule derived it")
    for type_, fields in absent:
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
