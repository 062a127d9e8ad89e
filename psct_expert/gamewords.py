"""Game words: the one vocabulary of actions, phases, Attributes and Types.

``gamewords.yaml`` is read by both sides of the product: the card reader
builds its verb patterns from it (:func:`reader_verb_pattern`), the question
grammar its word rules (:func:`lark_rules`).  This module only loads the file
and renders it for each side; it knows no card and no question.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from .errors import FileFormatError
from .yamlpos import safe_load

PATH = Path(__file__).with_name("gamewords.yaml")


@dataclass(frozen=True)
class Action:
    """A game action: its name, its written forms and the words questions use for it."""

    name: str
    forms: tuple[str, ...]   # written forms, card text and questions alike
    said: tuple[str, ...]    # question-only words for the action
    also: tuple[str, ...] = ()   # other actions a part doing this may be asked as

    @property
    def words(self) -> tuple[str, ...]:
        return self.forms + self.said

    @property
    def rule(self) -> str:
        """The question grammar's (inlined) word rule for this action."""
        return "_w_" + self.name.replace("-", "_")


@dataclass(frozen=True)
class GameWords:
    """The game's words shared by the reader and the question grammar (gamewords.yaml)."""

    actions: tuple[Action, ...]
    attributes: tuple[str, ...]
    types: tuple[str, ...]
    phases: tuple[tuple[str, tuple[str, ...]], ...]   # (name, written forms)
    numbers: tuple[tuple[str, int], ...] = ()          # (number word, value)
    number_uses: tuple[tuple[str, tuple[str, ...]], ...] = ()   # (use, the words it accepts)
    properties: tuple[tuple[str, tuple[str, ...]], ...] = ()    # (spell/trap, its properties)

    def properties_of(self, kind: str) -> tuple[str, ...]:
        """The properties a Spell or a Trap can have (none for a monster)."""
        return dict(self.properties).get(kind, ())

    def action(self, name: str) -> Action:
        for a in self.actions:
            if a.name == name:
                return a
        raise KeyError(name)

    def also_of(self, name: str) -> tuple[str, ...]:
        """The other actions a part doing action ``name`` may be said as (none for an unknown
        name): a card shuffled into the Deck is returned there."""
        return next((a.also for a in self.actions if a.name == name), ())

    def phase_of(self, words: str) -> str | None:
        """The phase a written phrase names ("Main Phase 2" -> main2), if any."""
        w = " ".join(words.lower().split())
        for name, forms in self.phases:
            if w in forms:
                return name
        return None

    def counts(self, use: str) -> dict[str, int]:
        """The number words one place that reads a count accepts (its ``use`` in the
        ``numbers`` table), with their values: {word: value}."""
        words = dict(self.number_uses)[use]
        values = dict(self.numbers)
        return {w: values[w] for w in words}

    def done_form(self, name: str) -> str | None:
        """Action ``name`` said done, from its forms ("tribute" -> "tributed", "send" -> "sent"),
        or None for an unknown name."""
        forms = next((a.forms for a in self.actions if a.name == name), ())
        return next((f for f in forms if f not in (name, name + "s", name + "es")
                     and not f.endswith("ing") and " " not in f), None)

    def action_of(self, word: str) -> str | None:
        """The action a written word (any form, any case) names, if any."""
        w = word.lower()
        for a in self.actions:
            if w in a.words:
                return a.name
        return None


def _strings(data, key: str, where: str) -> tuple[str, ...]:
    v = data.get(key, [])
    if not isinstance(v, list) or not all(isinstance(x, str) and x.strip() for x in v):
        raise FileFormatError(f"{PATH}: {where}: '{key}' must be a list of words")
    return tuple(x.strip().lower() for x in v)


@lru_cache(maxsize=1)
def gamewords() -> GameWords:
    data = safe_load(PATH.read_text(encoding="utf-8"), PATH)
    actions = []
    for name, spec in (data.get("actions") or {}).items():
        if not isinstance(spec, dict) or not spec.get("forms"):
            raise FileFormatError(f"{PATH}: action '{name}' needs 'forms'")
        actions.append(Action(str(name), _strings(spec, "forms", name), _strings(spec, "said", name),
                              _strings(spec, "also", name)))
    phases = tuple((str(name), _strings({"forms": forms}, "forms", f"phase {name}"))
                   for name, forms in (data.get("phases") or {}).items())
    numbers, uses = _numbers(data.get("numbers") or {})
    properties = tuple((str(kind), _strings({"forms": words}, "forms", f"properties of {kind}"))
                       for kind, words in (data.get("properties") or {}).items())
    return GameWords(tuple(actions), tuple(data.get("attributes") or ()), tuple(data.get("types") or ()),
                     phases, numbers, uses, properties)


def _numbers(data) -> tuple[tuple[tuple[str, int], ...], tuple[tuple[str, tuple[str, ...]], ...]]:
    """The ``numbers`` table: its values, and each use's words (every one of them a value's word)."""
    values = data.get("values") if isinstance(data, dict) else None
    if not isinstance(values, dict) or not all(isinstance(k, str) and isinstance(v, int)
                                               and not isinstance(v, bool) for k, v in values.items()):
        raise FileFormatError(f"{PATH}: numbers: 'values' must map each number word to its value")
    uses = []
    for use, words in (data.get("uses") or {}).items():
        ws = _strings({"words": words}, "words", f"numbers use {use}")
        unknown = [w for w in ws if w not in values]
        if unknown:
            raise FileFormatError(f"{PATH}: numbers use {use}: {', '.join(unknown)} has no value")
        uses.append((str(use), ws))
    return tuple((k.lower(), v) for k, v in values.items()), tuple(uses)


def reader_verb_pattern(action: Action, context: str = "") -> str:
    """A regular expression matching the action's written forms in card text
    (``said`` words are not card text).  ``context`` is a lookaround the reader
    adds after the word (e.g. ``(?= the)``)."""
    forms = sorted(action.forms, key=len, reverse=True)
    alts = "|".join(r"\s+".join(re.escape(part) for part in f.split()) for f in forms)
    return rf"\b(?:{alts})\b{context}"


def reader_phase_alternation() -> str:
    """Every written phase, longest first, as one regex alternation (no group)."""
    forms = sorted((f for _, fs in gamewords().phases for f in fs), key=len, reverse=True)
    return "|".join(r"\s+".join(re.escape(w) for w in f.split()) for f in forms)


def type_forms(t: str) -> tuple[str, ...]:
    """A Type as written: 'Winged Beast' and 'Winged Beast-Type'."""
    return (t, f"{t}-Type")


def _alt(phrases) -> str:
    seen, out = set(), []
    for p in phrases:
        # a number is one XNUM word to the question tokenizer ("Main Phase 2")
        seq = " ".join("XNUM" if w.isdigit() else f'"{w}"i' for w in p.lower().split())
        if seq not in seen:
            seen.add(seq)
            out.append(seq)
    return " | ".join(out)


def lark_rules() -> str:
    """The question grammar's game-word rules: one inlined rule per action
    (``_w_special_summon``: every form and question-only word, one grammar
    word each), ``_w_phase``, ``_w_attr`` and ``_w_race``.  ``question.lark`` builds its
    action, phase, Attribute and Type rules on them."""
    g = gamewords()
    lines = ["// generated from psct_expert/gamewords.yaml (game words, shared with the reader)"]
    for a in g.actions:
        words = [w for w in a.words if "/" not in w]  # "normal summon/set" is card text only
        lines.append(f"{a.rule}: {_alt(words)}")
    lines.append(f"_w_phase: {_alt(f for _, fs in g.phases for f in fs)}")
    lines.append(f"_w_attr: {_alt(g.attributes)}")
    lines.append(f"_w_race: {_alt(f for t in g.types for f in type_forms(t))}")
    return "\n".join(lines) + "\n"
