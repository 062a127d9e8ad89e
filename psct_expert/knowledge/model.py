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
    """A problem found in a knowledge file, with where it is."""

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
    """A pattern variable (``$name``)."""

    name: str

    def __str__(self) -> str:
        return "$" + self.name


@dataclass(frozen=True)
class Sum:
    """Two pattern variables added, one side of a ``test:`` (``$a + $b >= 2``)."""

    left: Var
    right: Var

    def __str__(self) -> str:
        return f"{self.left} + {self.right}"

    @property
    def vars(self) -> tuple[Var, Var]:
        return (self.left, self.right)


@dataclass(frozen=True)
class InSet:
    """A pattern value that is one of several."""

    values: tuple

    def __str__(self) -> str:
        return "one of " + "/".join(map(str, self.values))


@dataclass(frozen=True)
class NotValue:
    """A pattern value that must not be this one."""

    value: Any

    def __str__(self) -> str:
        return f"not {self.value}"


@dataclass(frozen=True)
class NotIn:
    """A pattern value that is none of several."""

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
            if isinstance(v, Sum):
                return f"{show(v.left)} + {show(v.right)}"
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
    """A rule: what it says and cites, its conditions, conclusions and examples."""

    id: str
    says: str
    cites: list[str]
    when: list[list[Pattern]]       # alternatives (from `any:`), each a list of patterns
    then: list[tuple[str, dict]]
    examples: list[dict]
    name: str = ""
    says_it: str = ""               # the same sentence in Italian (the Italian guide's words)
    default: bool = False
    replaces: bool = False
    cross_join: tuple = ()          # fact types paired on purpose with every other group
    path: str = ""
    line: int | None = None
    topic: str = ""
    ruleset: str = ""               # tcg, ocg or both (its own, else its file's); "" unsaid

    @property
    def location(self) -> str:
        path = _shown_path(self.path)
        return f"{path}:{self.line}" if self.line else path


RULESETS = ("tcg", "ocg", "both")


def rule_holds(kb: "KnowledgeBase", rule: Rule, ruleset: str) -> bool:
    """Whether a rule may decide an answer under ``ruleset`` (tcg or ocg): its own ruleset
    (unsaid: both) and every point it cites hold for it."""
    if rule.ruleset not in ("", "both", ruleset):
        return False
    for c in rule.cites:
        src = kb.sources.get(c)
        if src is not None and src.ruleset not in ("both", ruleset):
            return False
    return True


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
    """A declared fact type and its fields."""

    name: str
    fields: dict[str, str]
    origin: str
    doc: str = ""


@dataclass
class Family:
    """A question family: its answer fact, key and grammar."""

    name: str
    answer: str                     # fact type whose `value` answers it
    key: list[str]                  # fields of the question that select the answer fact
    doc: str = ""
    forms: list[str] = field(default_factory=list)
    grammar: str = ""               # the family's rules in the question grammar (lark)
    restate: str = ""               # the question in canonical form, {slot} filled from the question
    restate_it: str = ""            # the same in Italian
    build: dict = field(default_factory=dict)   # its builders: {tree: MODULE.FUNCTION, question: NAME}
    restate_told: str = ""          # asked after a told story as another family's question (said_as)
    restate_told_it: str = ""       # the same in Italian
    frame: dict = field(default_factory=dict)   # the words that ask it and its canonical question (frames/)
    pair_frame: dict = field(default_factory=dict)   # a second frame, of two cards (frames/pairs.py)
    restate_whole: str = ""         # asked of a whole turn, no moment of it told (api: some moment)
    restate_whole_it: str = ""      # the same in Italian
    restate_any: str = ""           # asked with no turn told (api: some moment of either turn)
    restate_any_it: str = ""        # the same in Italian


@dataclass
class Variation:
    """One change of the facts a proof rests on (``knowledge/what-if.yaml``): the given fact it
    applies to, how the question is changed, and the sentence that says the answer it gives."""

    id: str
    rests_on: Pattern               # a given fact of the proof (its type and fields; $vars bind)
    change: dict                    # {drop: yes} | {set: {..}} | {text: {find, put}} | {event: $v, set: {..}} | {last: $v}
    says: str                       # "{answer}, if ..." with {var} filled from the bindings
    says_it: str = ""
    cites: list = field(default_factory=list)
    distance: int = 1               # how far the change is from the facts (nearest first)
    source: str = "any"             # where the fact must come from: text, question, any
    families: tuple = ()            # only for questions of these families (all when empty)
    unless: tuple = ()              # Patterns: not when a fact of the question matches one
    needs: tuple = ()               # Patterns: only when a fact of the question matches each
                                    # (in order; their $vars bind too)
    path: str = ""
    line: int | None = None


@dataclass
class Source:
    """A citable source of the rules."""

    id: str
    title: str
    where: str = ""
    url: str = ""
    path: str = ""                  # the sources.yaml that defined it
    tier: str = ""                  # one of the knowledge's `tiers` (strongest first)
    ruleset: str = "both"           # tcg, ocg or both
    to_confirm: str = ""            # what of this point is still to confirm ("" when settled)


@dataclass
class KnowledgeBase:
    """The loaded and checked knowledge: rules, sources, fact types, families and diagnostics."""

    rules: list[Rule] = field(default_factory=list)
    sources: dict[str, Source] = field(default_factory=dict)
    fact_types: dict[str, FactType] = field(default_factory=dict)
    families: dict[str, Family] = field(default_factory=dict)
    topics: dict[str, dict] = field(default_factory=dict)
    # tell.yaml: fact type -> {"ask": [sentences], "choices": [{label, line|spec, when}]},
    # and how values are said ({field: {value: words}})
    tells: dict[str, dict] = field(default_factory=dict)
    tell_words: dict[str, dict] = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    folders: list[str] = field(default_factory=list)
    tiers: dict[str, str] = field(default_factory=dict)   # tier id -> label, strongest first
    variations: list[Variation] = field(default_factory=list)   # what-if.yaml

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
        chosen: list[Rule] = []
        seen: set[int] = set()      # (by identity: comparing rules field by field was most of it)
        changed = True
        while changed:
            changed = False
            for r in self.rules:
                if id(r) in seen or not any(t in want for t, _ in r.then):
                    continue
                seen.add(id(r))
                chosen.append(r)
                changed = True
                for alt in r.when:
                    want.update(p.type for p in alt if p.kind != "test")
        # (a rule equal to a chosen one has its conclusions, so it is chosen too, as before)
        sub = KnowledgeBase(rules=[r for r in self.rules if id(r) in seen],
                            sources=self.sources,
                            fact_types=self.fact_types, families=self.families,
                            topics=self.topics, diagnostics=self.diagnostics,
                            folders=self.folders, tiers=self.tiers, variations=self.variations,
                            tells=self.tells, tell_words=self.tell_words)
        return sub

    def for_ruleset(self, ruleset: str) -> "KnowledgeBase":
        """The knowledge restricted to the rules that may decide an answer under this ruleset
        (``tcg`` or ``ocg``): a rule said to hold for the other ruleset only, or one citing a
        point that holds for the other ruleset only, is left out."""
        kept = [r for r in self.rules if rule_holds(self, r, ruleset)]
        if len(kept) == len(self.rules):
            return self
        return KnowledgeBase(rules=kept, sources=self.sources, fact_types=self.fact_types,
                             families=self.families, topics=self.topics,
                             diagnostics=self.diagnostics, folders=self.folders, tiers=self.tiers)

    def used_types(self) -> set[str]:
        return {p.type for r in self.rules for alt in r.when for p in alt if p.kind != "test"}

    def by_answer_type(self, type_: str) -> list[Rule]:
        return [r for r in self.rules if any(t == type_ for t, _ in r.then)]
