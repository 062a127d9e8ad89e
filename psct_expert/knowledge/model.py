"""The knowledge model: rules, patterns, fact types, families, sources and diagnostics.

Plain data classes; :mod:`.loader` builds them from YAML and :mod:`.lint`
checks them across files.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..paths import KNOWLEDGE_DIR


@dataclass(frozen=True)
class Diagnostic:
    path: str
    line: int | None
    column: int | None
    message: str
    severity: str = "error"

    def __str__(self) -> str:
        loc = self.path
        if self.line is not None:
            loc += f":{self.line}"
            if self.column is not None:
                loc += f":{self.column}"
        prefix = "" if self.severity == "error" else f"{self.severity}: "
        return f"{loc}: {prefix}{self.message}"


@dataclass(frozen=True)
class Var:
    name: str

    def __str__(self) -> str:
        return "$" + self.name


@dataclass(frozen=True)
class InSet:
    values: tuple

    def __str__(self) -> str:
        return "one of " + "/".join(map(str, self.values))


@dataclass(frozen=True)
class NotValue:
    value: Any

    def __str__(self) -> str:
        return f"not {self.value}"


@dataclass(frozen=True)
class NotIn:
    values: tuple

    def __str__(self) -> str:
        return "none of " + "/".join(map(str, self.values))


@dataclass
class Pattern:
    """One condition of a rule's ``when``."""

    kind: str                       # "fact", "not", "test"
    type: str = ""
    fields: dict = field(default_factory=dict)   # field → literal | Var | InSet | NotValue
    test: tuple = ()                # (left, op, right), each a literal or Var
    line: int | None = None
    column: int | None = None

    def describe(self, bindings: dict | None = None) -> str:
        b = bindings or {}

        def show(v):
            if isinstance(v, Var):
                return repr(b[v.name]) if v.name in b else str(v)
            return repr(v) if isinstance(v, str) else str(v)

        if self.kind == "test":
            left, op, right = self.test
            return f"{show(left)} {op} {show(right)}"
        inner = ", ".join(f"{k}={show(v)}" for k, v in self.fields.items())
        text = f"{self.type}({inner})"
        return f"no {text}" if self.kind == "not" else text


@dataclass
class Rule:
    id: str
    says: str
    cites: list[str]
    when: list[list[Pattern]]       # alternatives (from `any:`), each a list of patterns
    then: list[tuple[str, dict]]
    examples: list[dict]
    name: str = ""
    default: bool = False
    replaces: bool = False
    cross_join: tuple = ()          # fact types paired on purpose with every other group
    path: str = ""
    line: int | None = None
    topic: str = ""

    @property
    def location(self) -> str:
        path = _shown_path(self.path)
        return f"{path}:{self.line}" if self.line else path


@lru_cache(maxsize=256)
def _shown_path(path: str) -> str:
    """A rule file's path relative to the checkout when it is inside it (cached:
    every proof asks for it, and resolving a path touches the file system)."""
    try:
        return str(Path(path).resolve().relative_to(KNOWLEDGE_DIR.resolve().parent))
    except ValueError:
        return path


@dataclass
class FactType:
    name: str
    fields: dict[str, str]
    origin: str
    doc: str = ""


@dataclass
class Family:
    name: str
    answer: str                     # fact type whose `value` answers it
    key: list[str]                  # fields of the question that select the answer fact
    doc: str = ""
    forms: list[str] = field(default_factory=list)
    grammar: str = ""               # the family's rules in the question grammar (lark)
    restate: str = ""               # the question in canonical form, {slot} filled from the question


@dataclass
class Source:
    id: str
    title: str
    where: str = ""
    url: str = ""
    path: str = ""                  # the sources.yaml that defined it


@dataclass
class KnowledgeBase:
    rules: list[Rule] = field(default_factory=list)
    sources: dict[str, Source] = field(default_factory=dict)
    fact_types: dict[str, FactType] = field(default_factory=dict)
    families: dict[str, Family] = field(default_factory=dict)
    topics: dict[str, dict] = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    folders: list[str] = field(default_factory=list)

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity == "error"]

    @property
    def warnings(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity == "warning"]

    def rule(self, rule_id: str) -> Rule | None:
        # an index by id (the first rule of an id wins), rebuilt when the rule list changes
        idx = self.__dict__.get("_rule_index")
        if idx is None or idx[0] is not self.rules or idx[1] != len(self.rules):
            idx = self.__dict__["_rule_index"] = (
                self.rules, len(self.rules), {r.id: r for r in reversed(self.rules)})
        return idx[2].get(rule_id)

    def upstream(self, types) -> "KnowledgeBase":
        """The knowledge restricted to the rules that can contribute to facts of these types.

        A rule outside this set concludes nothing any rule inside it matches, so
        the derivations of these types are exactly those of the full knowledge.
        """
        want = set(types)
        chosen: set[int] = set()      # by identity: comparing rules field by field is slow
        changed = True
        while changed:
            changed = False
            for r in self.rules:
                if id(r) in chosen or not any(t in want for t, _ in r.then):
                    continue
                chosen.add(id(r))
                changed = True
                for alt in r.when:
                    want.update(p.type for p in alt if p.kind != "test")
        sub = KnowledgeBase(rules=[r for r in self.rules if id(r) in chosen], sources=self.sources,
                            fact_types=self.fact_types, families=self.families,
                            topics=self.topics, diagnostics=self.diagnostics,
                            folders=self.folders)
        return sub

    def used_types(self) -> set[str]:
        return {p.type for r in self.rules for alt in r.when for p in alt if p.kind != "test"}

    def by_answer_type(self, type_: str) -> list[Rule]:
        return [r for r in self.rules if any(t == type_ for t, _ in r.then)]
