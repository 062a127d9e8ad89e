"""The reader's grammar: the phrase tables of ``grammar.yaml``, compiled, and two
text helpers every phrase reader uses.  What a phrase means is data in
``grammar.yaml``; this module only loads it (``{NAME}`` in a pattern stands for a
quoted card name, quotes inside it allowed)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from ..gamewords import gamewords, reader_phase_alternation, reader_verb_pattern
from ..yamlpos import safe_load

GRAMMAR_PATH = Path(__file__).with_name("grammar.yaml")


@dataclass(repr=False, eq=False)   # (made once per process and never compared: a fifth of
class Grammar:                      # this module's import went to writing those two methods)
    verbs: list[tuple[str, re.Pattern]]
    summon_verbs: set[str]
    conjunctions: list[tuple[str, re.Pattern]]
    references: list[tuple[str, re.Pattern]]
    target_word: re.Pattern
    target_count: re.Pattern
    target_conditions: list[tuple[str, re.Pattern]]
    attributes: list[str]
    races: list[str]
    procedures: list[re.Pattern]
    summon_conditions: list[re.Pattern]
    quick: list[tuple[str, re.Pattern]]
    quick_monsters_only: set[str]
    quick_activated_only: set[str]
    quick_if_conditions: list[tuple[str, re.Pattern]]
    once_per_turn: list[tuple[str, str, re.Pattern]]
    resolve_conditions: list[tuple[str, re.Pattern]]
    activation_condition_sentences: re.Pattern
    condition_topics: list[tuple[str, re.Pattern]]
    negation_summon: list[tuple[str, re.Pattern]]
    negation_activation: re.Pattern
    negation_extra_condition: re.Pattern
    activation_categories: list[tuple[str, re.Pattern]]
    activation_qualifiers: list[tuple[str, re.Pattern]]
    prohibitions: list[tuple[str, re.Pattern]]
    gy_replacement: re.Pattern
    optional_cost: re.Pattern
    target_mention: re.Pattern
    response_lock_scope: list[tuple[str, re.Pattern]]
    response_lock_opponent: re.Pattern
    response_lock_conditional: re.Pattern
    legacy: list[re.Pattern]
    legacy_reasons: list[str]
    permission_cost_verbs: dict[str, str]
    immediately_after: re.Pattern
    bullets: dict[str, re.Pattern]
    trigger_events: list[tuple[str, re.Pattern]]
    conditional_parts: list[tuple[str, re.Pattern]]
    continuations: list[re.Pattern]
    conditions: dict[str, re.Pattern]
    phase: re.Pattern
    phase_turn: dict[str, str]
    not_cost_verbs: set[str]
    bullet_label: re.Pattern
    negation_activation_active: re.Pattern
    card_rules: list[tuple[str, re.Pattern]]
    cannot_target_by: list[tuple[str, re.Pattern]]
    contact_fusion: re.Pattern
    clause_subordinate: re.Pattern
    each_time: re.Pattern
    p: dict[str, re.Pattern]
    card_statements: set[str]
    bullet_label_not: re.Pattern
    # where a resolution part takes cards from: the "from ..." phrase and its place words
    clause_from: re.Pattern | None = None
    clause_places: list[tuple[str, re.Pattern]] = field(default_factory=list)
    # per verb, the first word of each written form, lower-cased: a text holding none of
    # them cannot match the verb's pattern, so the pattern is not tried on it
    verb_gates: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # what the question side asks of a card's text (reader/phrases.py, its last functions)
    text_queries: dict[str, re.Pattern] = field(default_factory=dict)
    place_patterns: dict[str, re.Pattern] = field(default_factory=dict)
    place_written: dict[str, str] = field(default_factory=dict)
    # what a trigger's event is (fact trigger_names) and by what it must be done (trigger_by)
    trigger_names: list[tuple[str, re.Pattern]] = field(default_factory=list)
    trigger_by: list[tuple[str, re.Pattern]] = field(default_factory=list)
    trigger_summon: dict[str, re.Pattern] = field(default_factory=dict)
    trigger_extra: re.Pattern | None = None
    trigger_owner: dict[str, re.Pattern] = field(default_factory=dict)
    trigger_from: re.Pattern | None = None
    trigger_from_places: list[tuple[str, re.Pattern]] = field(default_factory=list)
    # what the field must hold for a procedure (fact procedure_condition)
    procedure_conditions: list[tuple[str, re.Pattern]] = field(default_factory=list)
    # a card made unaffected by some effects (fact unaffected): its patterns, subjects, kinds, words
    unaffected: dict = field(default_factory=dict)


_NAME = ""


class LazyPattern:
    """A pattern compiled when first used: a card reads with a few dozen of the grammar's
    hundreds of patterns (the gates, :mod:`.gates`, rule most out by ``pattern`` alone, which
    is known without compiling).  At first use the compiled pattern's methods become this
    object's own attributes, so later calls cost what the compiled pattern's do.  The compiled
    program is kept on disk (:mod:`psct_expert.recache`), so a fresh process does not compile
    it again."""

    _METHODS = ("search", "match", "fullmatch", "finditer", "findall", "sub", "subn", "split",
                "scanner", "groups", "groupindex")

    def __init__(self, pattern: str, flags: int):
        self.pattern, self.flags = pattern, flags

    def __getattr__(self, name):
        if name.startswith("__") or "pattern" not in self.__dict__:
            raise AttributeError(name)
        from ..recache import compile as compile_kept

        compiled = compile_kept(self.pattern, self.flags)
        for attr in self._METHODS:
            self.__dict__[attr] = getattr(compiled, attr)
        return getattr(compiled, name)

    def __repr__(self) -> str:
        return f"LazyPattern({self.pattern!r})"


def _rx(p: str) -> re.Pattern:
    if "{ATTRIBUTE}" in p or "{TYPE}" in p:     # the game words' Attributes and Types
        words = gamewords()
        p = p.replace("{ATTRIBUTE}", "|".join(re.escape(a) for a in words.attributes)).replace(
            "{TYPE}", "|".join(re.escape(t) for t in sorted(words.types, key=len, reverse=True)))
    return LazyPattern(p.replace("{NAME}", _NAME), _FLAGS)


# (the flags a compiled text pattern reports: ignore case, and Unicode, the default for text)
_FLAGS = re.IGNORECASE | re.UNICODE


@lru_cache(maxsize=1)
def grammar() -> Grammar:
    global _NAME
    g = safe_load(GRAMMAR_PATH.read_text(encoding="utf-8"), GRAMMAR_PATH)
    words = gamewords()  # actions, Attributes and Types: shared with the question grammar
    _NAME = g["name"]
    return Grammar(
        verbs=[(a.name, _rx(reader_verb_pattern(a, g["verb_context"].get(a.name, ""))))
               for a in words.actions],
        summon_verbs=set(g["summon_verbs"]),
        conjunctions=[(c["kind"], _rx(c["pattern"])) for c in g["conjunctions"]],
        references=[(r["kind"], _rx(r["pattern"])) for r in g["references"]],
        target_word=_rx(g["target_word"]),
        target_count=_rx(g["target_count"]),
        target_conditions=[(k, _rx(v)) for k, v in g["target_conditions"].items()],
        attributes=list(words.attributes),
        races=list(words.types),
        procedures=[_rx(p) for p in g["procedures"]],
        summon_conditions=[_rx(p) for p in g["summon_conditions"]],
        quick=[(q["marker"], _rx(q["pattern"])) for q in g["quick"]],
        quick_monsters_only={q["marker"] for q in g["quick"] if q.get("monsters_only")},
        quick_activated_only={q["marker"] for q in g["quick"] if q.get("activated_only")},
        quick_if_conditions=[(k, _rx(v)) for k, v in (g.get("quick_if_conditions") or {}).items()],
        once_per_turn=[(o["kind"], o["scope"], _rx(o["pattern"])) for o in g["once_per_turn"]],
        resolve_conditions=[(r["requirement"], _rx(r["pattern"])) for r in g["resolve_conditions"]],
        activation_condition_sentences=_rx(g["activation_condition_sentences"]),
        condition_topics=[(k, _rx(v)) for k, v in g["condition_topics"].items()],
        negation_summon=[(k, _rx(v)) for k, v in g["negation_summon"].items()],
        negation_activation=_rx(g["negation_activation"]),
        negation_extra_condition=_rx(g["negation_extra_condition"]),
        activation_categories=[(k, _rx(v)) for k, v in g["activation_categories"].items()],
        activation_qualifiers=[(k, _rx(v)) for k, v in g["activation_qualifiers"].items()],
        prohibitions=[(k, _rx(v)) for k, v in g["prohibitions"].items()],
        gy_replacement=_rx(g["gy_replacement"]),
        optional_cost=_rx(g["optional_cost"]),
        target_mention=_rx(g["target_mention"]),
        response_lock_scope=[(k, _rx(v)) for k, v in g["response_lock_scope"].items()],
        response_lock_opponent=_rx(g["response_lock_opponent"]),
        response_lock_conditional=_rx(g["response_lock_conditional"]),
        legacy=[_rx(p["pattern"] if isinstance(p, dict) else p) for p in g["legacy"]],
        permission_cost_verbs=dict(g["permission_cost_verbs"]),
        legacy_reasons=[p.get("reason", "pre-PSCT wording") if isinstance(p, dict)
                        else "pre-PSCT wording" for p in g["legacy"]],
        immediately_after=_rx(g["immediately_after"]),
        bullets={k: _rx(v) for k, v in g["bullets"].items()},
        trigger_events=[(k, _rx(v)) for k, v in g["trigger_events"].items()],
        conditional_parts=[(k, _rx(v)) for k, v in g["conditional_parts"].items()],
        continuations=[_rx(p) for p in g["continuations"]],
        conditions={k: _rx(v) for k, v in g["conditions"].items()},
        phase=_rx(g["phases"]["pattern"].replace("{PHASE}", reader_phase_alternation())),
        phase_turn=dict(g["phases"]["turn"]),
        not_cost_verbs=set(g["not_cost_verbs"]),
        bullet_label=_rx(g["bullet_label"]["pattern"]),
        negation_activation_active=_rx(g["negation_activation_active"]),
        card_rules=[(k, _rx(v)) for k, v in g["card_rules"].items()]
        + [(k, _rx(v)) for k, v in g["card_statements"].items()],
        card_statements=set(g["card_statements"]),
        cannot_target_by=[(k, _rx(v)) for k, v in g["cannot_target_by"].items()],
        contact_fusion=_rx(g["contact_fusion"]),
        clause_subordinate=_rx(g["clause_subordinate"]["pattern"]),
        each_time=_rx(g["clause_subordinate"]["each_time"]),
        p={k: _rx(v) for k, v in g["phrases"].items()},
        trigger_names=[(k, _rx(v)) for k, v in g["trigger_names"].items()],
        trigger_by=[(k, _rx(v)) for k, v in g["trigger_by"].items()],
        trigger_summon={k: _rx(v) for k, v in g["trigger_summon"].items()},
        trigger_extra=_rx(g["trigger_extra"]),
        trigger_owner={k: _rx(v) for k, v in g["trigger_owner"].items()},
        trigger_from=_rx(g["trigger_from"]["phrase"]),
        trigger_from_places=[(k, _rx(v)) for k, v in g["trigger_from"]["places"].items()],
        procedure_conditions=[(k, _rx(v)) for k, v in g["procedure_conditions"].items()],
        bullet_label_not=_rx(g["bullet_label"]["not"]),
        clause_from=_rx(g["clause_places"]["from"]),
        clause_places=[(k, _rx(v)) for k, v in g["clause_places"]["places"].items()],
        verb_gates={a.name: tuple(sorted({f.split()[0].casefold() for f in a.forms if f.split()}))
                    for a in words.actions},
        text_queries={k: _rx(v) for k, v in g["text_queries"].items()},
        place_patterns={k: _rx(v) for k, v in g["place_patterns"].items()},
        place_written={str(k): str(v) for k, v in g["place_written"].items()},
        unaffected=_unaffected_table(g["unaffected"]),
    )


def _unaffected_table(u: dict) -> dict:
    """The ``unaffected`` section: its single patterns compiled, its subjects and kinds as ordered
    (name, pattern) lists, its words as a set."""
    out: dict = {k: _rx(v) for k, v in u.items() if isinstance(v, str)}
    out["subjects"] = [(k, _rx(v)) for k, v in u["subjects"].items()]
    out["kinds"] = [(k, _rx(v)) for k, v in u["kinds"].items()]
    out["words"] = frozenset(str(w).lower() for w in u["words"])
    return out


def compile_all() -> int:
    """Compile every pattern of the grammar now, and work out its gate (:mod:`.gates`): a server
    does, before it answers.  The number of patterns."""
    from .gates import required_words

    n = 0

    def walk(value) -> None:
        nonlocal n
        if isinstance(value, LazyPattern):
            value.search    # noqa: B018 - compiles it
            required_words(value)
            n += 1
        elif isinstance(value, (list, tuple, set)):
            for v in value:
                walk(v)
        elif isinstance(value, dict):
            for v in value.values():
                walk(v)

    g = grammar()
    for name in g.__dataclass_fields__:
        walk(getattr(g, name))
    return n


_NESTING = re.compile(r'["()]')


def top_level_mask(text: str) -> list[bool]:
    """True where a character is outside quotes and parentheses.

    A quote mark is never top level, nor a parenthesis outside quotes (inside
    quotes a parenthesis is quoted text); between those marks the state is the
    same for every character, so each run is filled at once."""
    mask: list[bool] = []
    depth = 0
    in_quote = False
    pos = 0
    for m in _NESTING.finditer(text):
        i = m.start()
        if i > pos:
            mask.extend([depth == 0 and not in_quote] * (i - pos))
        ch = text[i]
        if ch == '"':
            in_quote = not in_quote
        elif not in_quote:
            depth = depth + 1 if ch == "(" else max(0, depth - 1)
        mask.append(False)
        pos = i + 1
    if pos < len(text):
        mask.extend([depth == 0 and not in_quote] * (len(text) - pos))
    return mask


def blank_quotes(text: str) -> str:
    """The text with quoted names blanked, so a name never reads as a verb."""
    return re.sub(r'"[^"\n]*"', lambda m: '"' + " " * (len(m.group()) - 2) + '"', text)
