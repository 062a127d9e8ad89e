"""Facts: immutable values that the reader, the scenario and the rules produce.

A fact is a type name and a tuple of (field, value) pairs.  Values are
strings or integers.  Yes/no values are the strings ``"yes"`` and ``"no"``.
Text facts also carry a :class:`Source` that says which card and which
character span of its text the fact was read from, the way a lexer token keeps
its position.  Two facts with the same type and fields are the same fact; the
engine keeps every way a fact was obtained (see :mod:`psct_expert.engine`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping


@dataclass(frozen=True)
class Source:
    """Where a non-derived fact came from.

    ``kind`` is ``text`` (a span of a card's text), ``card`` (a card's data
    fields such as its kind), ``scenario`` (a scenario line), or ``question``.
    ``start``/``end`` are 0-based character offsets into ``text`` of the card
    (or of the scenario line / question).
    """

    kind: str
    card: str | None = None
    start: int | None = None
    end: int | None = None
    quote: str = ""
    where: str = ""  # e.g. "card text", "pendulum text", "scenario line 3"

    def to_dict(self) -> dict:
        d = {"kind": self.kind, "quote": self.quote}
        if self.card is not None:
            d["card"] = self.card
        if self.start is not None:
            d["span"] = [self.start, self.end]
        if self.where:
            d["where"] = self.where
        return d


def norm_value(v: Any) -> Any:
    if v is True:
        return "yes"
    if v is False:
        return "no"
    return v


@dataclass(frozen=True)
class Fact:
    """A typed fact (its fields a sorted tuple of pairs) and where it came from."""

    type: str
    fields: tuple = ()
    source: Source | None = field(default=None, compare=False, hash=False)

    @classmethod
    def make(cls, type_: str, source: Source | None = None, /, **fields: Any) -> "Fact":
        # positional-only: a fact may have a field named ``type_`` or ``source``
        return cls(type_, tuple(sorted((k, norm_value(v)) for k, v in fields.items())), source)

    @property
    def key(self) -> tuple:
        return (self.type, self.fields)

    def get(self, name: str, default: Any = None) -> Any:
        for k, v in self.fields:
            if k == name:
                return v
        return default

    def as_dict(self) -> dict:
        return dict(self.fields)

    def __str__(self) -> str:
        inner = ", ".join(f"{k}={v!r}" if isinstance(v, str) and " " in v else f"{k}={v}"
                          for k, v in self.fields)
        return f"{self.type}({inner})"


def fact_key(type_: str, fields: Mapping[str, Any]) -> tuple:
    return (type_, tuple(sorted((k, norm_value(v)) for k, v in fields.items())))
