"""What the reader produces: an effect's parts with their spans, and a card's reading."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..cards import Card
from ..facts import Fact


@dataclass
class Span:
    """Where a piece of a card's text starts and ends."""

    start: int
    end: int


@dataclass
class Clause:
    """A numbered clause of an effect's text."""

    n: int
    start: int
    end: int
    text: str
    verb: str | None
    refs: list[tuple[str, int, int]] = field(default_factory=list)


@dataclass
class Target:
    """A target an effect's text takes, by its slot."""

    slot: int
    start: int
    end: int
    text: str
    count: str
    conditions: list[tuple[str, object]]


@dataclass
class EffectReading:
    """What the reader read of one effect of a card."""

    id: str
    n: int
    start: int
    end: int
    text: str
    label: str = ""
    colon: int | None = None
    semicolon: int | None = None
    condition: Span | None = None
    cost: Span | None = None
    resolution: Span | None = None
    clauses: list[Clause] = field(default_factory=list)
    links: list[tuple[int, int, str, int, int]] = field(default_factory=list)
    targets: list[Target] = field(default_factory=list)
    bullets: list["EffectReading"] = field(default_factory=list)
    extra: list[Span] = field(default_factory=list)   # continuation sentences
    where: str = "text"   # the text the spans index: "text" or "pendulum text"
    bullets_start: int | None = None   # where its bullet lines start

    @property
    def punctuated(self) -> bool:
        return self.colon is not None or self.semicolon is not None


@dataclass
class Reading:
    """What the reader read of a card: its effects, their facts and what it left to legacy readings."""

    card: Card
    effects: list[EffectReading]
    facts: list[Fact]
    legacy: list[str]
    unread: list[str]

    @property
    def status(self) -> str:
        if self.legacy:
            return "legacy"
        if self.unread:
            return "partial"
        return "full"

    def effect(self, n: int) -> EffectReading | None:
        for e in self.effects:
            if e.n == n:
                return e
        return None

    def all_effects(self):
        """Every effect and, after each, its bullets."""
        for e in self.effects:
            yield e
            yield from e.bullets

    def by_id(self, eid: str) -> EffectReading | None:
        """The effect or bullet with that id."""
        return next((e for e in self.all_effects() if e.id == eid), None)

    def within(self, eid: str) -> list[Fact]:
        """The facts of effect ``eid`` and of its bullets ("X#1", "X#1.1", "X#1.2")."""
        return [f for f in self.facts
                if f.get("effect") == eid or str(f.get("effect", "")).startswith(f"{eid}.")]
