"""The PSCT reader: a card's text in, facts with spans out.

The reader walks the text (lines, bullets, sentences, effects, then the parts
of each effect) and looks up what phrases mean in ``grammar.yaml``.  It does
not decide rulings: "this effect has a semicolon" is a reading, "so it starts a
Chain" is a rule in ``knowledge/``.  Every fact it produces carries a
:class:`~psct_expert.facts.Source` with the exact span it came from.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path


from ..cards import Card
from ..facts import Fact, Source
from ..yamlpos import safe_load

GRAMMAR_PATH = Path(__file__).with_name("grammar.yaml")
MAX_TEXT = 20_000  # characters read from one card text; the rest is reported unread


@dataclass
class Grammar:
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
    legacy: list[re.Pattern]
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
    bullet_label_not: re.Pattern


_NAME = ""


def _rx(p: str) -> re.Pattern:
    return re.compile(p.replace("{NAME}", _NAME), re.IGNORECASE)


@lru_cache(maxsize=1)
def grammar() -> Grammar:
    global _NAME
    g = safe_load(GRAMMAR_PATH.read_text(encoding="utf-8"))
    _NAME = g["name"]
    return Grammar(
        verbs=[(k, _rx(v)) for k, v in g["verbs"].items()],
        summon_verbs=set(g["summon_verbs"]),
        conjunctions=[(c["kind"], _rx(c["pattern"])) for c in g["conjunctions"]],
        references=[(r["kind"], _rx(r["pattern"])) for r in g["references"]],
        target_word=_rx(g["target_word"]),
        target_count=_rx(g["target_count"]),
        target_conditions=[(k, _rx(v)) for k, v in g["target_conditions"].items()],
        attributes=list(g["attributes"]),
        races=list(g["races"]),
        procedures=[_rx(p) for p in g["procedures"]],
        summon_conditions=[_rx(p) for p in g["summon_conditions"]],
        quick=[(q["marker"], _rx(q["pattern"])) for q in g["quick"]],
        quick_monsters_only={q["marker"] for q in g["quick"] if q.get("monsters_only")},
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
        legacy=[_rx(p) for p in g["legacy"]],
        immediately_after=_rx(g["immediately_after"]),
        bullets={k: _rx(v) for k, v in g["bullets"].items()},
        trigger_events=[(k, _rx(v)) for k, v in g["trigger_events"].items()],
        conditional_parts=[(k, _rx(v)) for k, v in g["conditional_parts"].items()],
        continuations=[_rx(p) for p in g["continuations"]],
        conditions={k: _rx(v) for k, v in g["conditions"].items()},
        phase=_rx(g["phases"]["pattern"]),
        phase_turn=dict(g["phases"]["turn"]),
        not_cost_verbs=set(g["not_cost_verbs"]),
        bullet_label=_rx(g["bullet_label"]["pattern"]),
        negation_activation_active=_rx(g["negation_activation_active"]),
        card_rules=[(k, _rx(v)) for k, v in g["card_rules"].items()],
        cannot_target_by=[(k, _rx(v)) for k, v in g["cannot_target_by"].items()],
        contact_fusion=_rx(g["contact_fusion"]),
        clause_subordinate=_rx(g["clause_subordinate"]["pattern"]),
        each_time=_rx(g["clause_subordinate"]["each_time"]),
        bullet_label_not=_rx(g["bullet_label"]["not"]),
    )


# ---------------------------------------------------------------------------
# Text helpers


def top_level_mask(text: str) -> list[bool]:
    """True where a character is outside quotes and parentheses."""
    mask = []
    depth = 0
    in_quote = False
    for ch in text:
        if ch == '"':
            mask.append(False)
            in_quote = not in_quote
            continue
        if not in_quote:
            if ch == "(":
                depth += 1
                mask.append(False)
                continue
            if ch == ")":
                depth = max(0, depth - 1)
                mask.append(False)
                continue
        mask.append(depth == 0 and not in_quote)
    return mask


def blank_quotes(text: str) -> str:
    """The text with quoted names blanked, so a name never reads as a verb."""
    return re.sub(r'"[^"\n]*"', lambda m: '"' + " " * (len(m.group()) - 2) + '"', text)


@dataclass
class Span:
    start: int
    end: int


@dataclass
class Clause:
    n: int
    start: int
    end: int
    text: str
    verb: str | None
    refs: list[tuple[str, int, int]] = field(default_factory=list)


@dataclass
class Target:
    slot: int
    start: int
    end: int
    text: str
    count: str
    conditions: list[tuple[str, object]]


@dataclass
class EffectReading:
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


# ---------------------------------------------------------------------------
# The reader


class _Reader:
    def __init__(self, card: Card):
        self.card = card
        self.g = grammar()
        self.facts: list[Fact] = []
        self.unread: list[str] = []
        self.legacy: list[str] = []

    # -- fact helpers ------------------------------------------------------
    def src(self, text: str, start: int, end: int, where: str) -> Source:
        return Source("text", self.card.name, start, end, text[start:end], where)

    def add(self, type_: str, src: Source | None, **fields) -> None:
        self.facts.append(Fact.make(type_, src, **fields))

    # -- card level --------------------------------------------------------
    def read(self) -> Reading:
        card = self.card
        cdata = Source("card", card.name, quote=f"{card.kind}" + (
            f" ({', '.join(card.subtypes)})" if card.subtypes else ""), where="card data")
        self.add("card", cdata, card=card.name, kind=card.kind)
        for st in card.subtypes:
            self.add("subtype", cdata, card=card.name, subtype=st)
        effects: list[EffectReading] = []
        if card.kind in ("spell", "trap"):
            act_id = f"{card.name}#0"
            self.add("effect", cdata, effect=act_id, card=card.name, n=0, form="card-activation")
            effects.append(EffectReading(act_id, 0, 0, 0, "", label="activation of the card"))
        text = card.text or ""
        if card.kind == "monster" and "normal" in card.subtypes and "effect" not in card.subtypes \
                and not card.pendulum_text:
            # a Normal Monster's text is flavour text, not effects
            if text.strip():
                self.add("flavor_text", Source("text", card.name, 0, len(text), text, "text"),
                         card=card.name)
            text = ""
        if len(text) > MAX_TEXT:
            self.unread.append(f"text beyond {MAX_TEXT} characters")
            text = text[:MAX_TEXT]
        effects += self.read_text(text, "text", prefix="")
        if card.pendulum_text:
            effects += self.read_text(card.pendulum_text[:MAX_TEXT], "pendulum text", prefix="P")
        self._read_summon_kinds()
        psct = "no" if self.legacy else "yes"
        self.add("psct", cdata if psct == "yes" else None, card=card.name, value=psct)
        if not card.official_text:
            self.add("unofficial_text", cdata, card=card.name)
        return Reading(card, effects, self.facts, self.legacy, self.unread)

    def _read_summon_kinds(self):
        """The built-in Summon of an Extra Deck monster, from its material line;
        Contact Fusion from a procedure that sends "the above cards"."""
        card = self.card
        mats = [f for f in self.facts if f.type == "materials"]
        if not mats:
            return
        for kind in ("fusion", "synchro", "xyz", "link"):
            if kind in card.subtypes:
                self.add("summon_kind_procedure", mats[0].source, card=card.name, kind=kind)
        if "fusion" in card.subtypes:
            effects = {f.get("effect"): f.source for f in self.facts if f.type == "effect"}
            for f in self.facts:
                src = effects.get(f.get("effect")) if f.type == "procedure" else None
                if src is not None and self.g.contact_fusion.search(src.quote):
                    self.add("summon_kind_procedure", f.source, card=card.name,
                             kind="contact-fusion")
                    break

    def read_text(self, text: str, where: str, prefix: str) -> list[EffectReading]:
        g = self.g
        for rx in g.legacy:
            for m in rx.finditer(text):
                self.legacy.append(m.group())
                self.add("legacy", self.src(text, m.start(), m.end(), where),
                         card=self.card.name, phrase=m.group().lower())
        effects: list[EffectReading] = []
        current: EffectReading | None = None
        offset = 0
        first_line = True
        for raw_line in text.split("\n"):
            line_start = offset
            offset += len(raw_line) + 1
            if not raw_line.strip():
                continue
            lstart = line_start + (len(raw_line) - len(raw_line.lstrip()))
            lend = line_start + len(raw_line.rstrip())
            if first_line and where == "text" and self._is_material_line(text[lstart:lend]):
                self.add("materials", self.src(text, lstart, lend, where), card=self.card.name)
                first_line = False
                continue
            first_line = False
            if text[lstart] == "●":
                if current is None:
                    current = self._new_effect(effects, text, lstart, lstart, prefix)
                if current.bullets_start is None:
                    current.bullets_start = lstart
                b = self._read_bullet(text, lstart, lend, where, current)
                current.bullets.append(b)
                continue
            for s, e in self._sentences(text, lstart, lend):
                sentence = text[s:e]
                if current is not None and self._continues(sentence, current):
                    current.extra.append(Span(s, e))
                    current.end = e
                    current.text = text[current.start:current.end]
                    continue
                current = self._new_effect(effects, text, s, e, prefix)
        for eff in effects:
            self._read_effect(text, eff, where)
        return effects

    def _is_material_line(self, line: str) -> bool:
        card = self.card
        if not {"fusion", "synchro", "xyz", "link"} & set(card.subtypes):
            return False
        return not re.search(r"[.:;]\s*$", line.strip()) or bool(
            re.match(r"^\d\+?\s|^\d+ Level|^\d+\+?\s", line.strip()))

    def _sentences(self, text: str, start: int, end: int):
        mask = top_level_mask(text[start:end])
        s = start
        i = start
        while i < end:
            ch = text[i]
            if ch == "." and mask[i - start] and (i + 1 >= end or text[i + 1].isspace()):
                yield s, i + 1
                j = i + 1
                while j < end and text[j].isspace():
                    j += 1
                s = j
                i = j
                continue
            i += 1
        if s < end and text[s:end].strip():
            yield s, end

    def _continues(self, sentence: str, current: EffectReading) -> bool:
        if re.match(r"\s*you can only\b", sentence, re.I) and not current.label:
            return True
        if ":" in sentence or ";" in sentence:
            return False
        return any(rx.search(sentence) for rx in self.g.continuations)

    def _new_effect(self, effects, text, s, e, prefix) -> EffectReading:
        n = sum(1 for x in effects if x.n > 0) + 1
        eff = EffectReading(f"{self.card.name}#{prefix}{n}", n, s, e, text[s:e],
                            where="pendulum text" if prefix == "P" else "text")
        effects.append(eff)
        return eff

    def _read_bullet(self, text, s, e, where, parent: EffectReading) -> EffectReading:
        k = len(parent.bullets) + 1
        body = s + 1
        while body < e and text[body].isspace():
            body += 1
        lm = self.g.bullet_label.match(text, body, e)
        if lm and not self.g.bullet_label_not.search(lm.group(1)):
            # "● Heads: ...", "● 1+: ...": a label naming when the bullet applies
            self.add("bullet_label", self.src(text, body, lm.end(1), where), effect=parent.id,
                     n=k, label=lm.group(1).strip())
            body = lm.end()
        b = EffectReading(f"{parent.id}.{k}", k, body, e, text[body:e], label="bullet",
                          where=parent.where)
        self.add("bullet", self.src(text, s, e, where), effect=parent.id, bullet=b.id, n=k)
        self._read_effect(text, b, where, is_bullet=True)
        return b

    # -- one effect --------------------------------------------------------
    def _read_effect(self, text: str, eff: EffectReading, where: str, is_bullet: bool = False):
        g = self.g
        if eff.n == 0:
            return
        card = self.card
        main_end = eff.extra[0].start if eff.extra else eff.end
        if eff.bullets_start is not None and eff.bullets_start > eff.start:
            main_end = min(main_end, eff.bullets_start)
        main = text[eff.start:main_end].rstrip()
        main_end = eff.start + len(main)
        if not is_bullet:
            self.add("effect", self.src(text, eff.start, eff.end, where), effect=eff.id,
                     card=card.name, n=eff.n, form="text")
        else:
            self.add("effect", self.src(text, eff.start, eff.end, where), effect=eff.id,
                     card=card.name, n=eff.n, form="bullet")
        rule_only = self._read_card_rules(text, eff, where, main)
        if rule_only and not eff.extra:
            return
        mask = top_level_mask(main)
        colon = next((i for i, ch in enumerate(main) if ch == ":" and mask[i]), None)
        semi = next((i for i, ch in enumerate(main) if ch == ";" and mask[i]
                     and (colon is None or i > colon)), None)
        base = eff.start
        if colon is not None:
            eff.colon = base + colon
            self.add("colon", self.src(text, base + colon, base + colon + 1, where), effect=eff.id)
            eff.condition = Span(base, base + colon)
        if semi is not None:
            eff.semicolon = base + semi
            self.add("semicolon", self.src(text, base + semi, base + semi + 1, where), effect=eff.id)
            cs = base + (colon + 1 if colon is not None else 0)
            eff.cost = Span(cs, base + semi)
        rs = base + (semi + 1 if semi is not None else (colon + 1 if colon is not None else 0))
        eff.resolution = Span(rs, main_end)

        if card.kind in ("spell", "trap") and not is_bullet and eff.n >= 1:
            sub = set(card.subtypes)
            head = text[eff.start:eff.resolution.start]
            if sub & {"normal", "quick-play", "counter", "ritual"} and not (
                    sub & {"continuous", "field", "equip"}) and not rule_only \
                    and not g.conditions["own_effect"].search(blank_quotes(head)):
                self.add("on_card_activation", Source("card", card.name, quote=card.kind + " " +
                                                      "/".join(card.subtypes), where="card data"),
                         effect=eff.id, card=card.name)

        if eff.condition:
            self._read_condition(text, eff, where)
        self._read_cost_and_targets(text, eff, where)
        self._read_resolution(text, eff, where)
        self._read_whole(text, eff, where, main)
        self._read_extra(text, eff, where)
        self._check_extra_read(eff, where)
        if eff.bullets or re.search(r"\bthese effects\b|\bappropriate effect|\b1 of these\b",
                                    main, re.I):
            mode = "separate"
            for name, rx in g.bullets.items():
                m = rx.search(main)
                if m:
                    mode = name
                    self.add("bullets", self.src(text, base + m.start(), base + m.end(), where),
                             effect=eff.id, mode=name)
                    break
            if mode == "separate":
                self.add("bullets", self.src(text, eff.start, main_end, where), effect=eff.id,
                         mode="separate")

    def _read_condition(self, text, eff, where):
        g = self.g
        cs, ce = eff.condition.start, eff.condition.end
        cond = text[cs:ce]
        self.add("condition", self.src(text, cs, ce, where), effect=eff.id)
        self._read_trigger(text, eff, where, cs, cond)
        self._read_phases(text, eff, where, cs, cond)
        for topic, rx in g.condition_topics:
            m = rx.search(blank_quotes(cond))
            if m:
                self.add("activation_condition", self.src(text, cs, ce, where), effect=eff.id,
                         topic=topic)
        for event, rx in g.trigger_events:
            m = rx.search(cond)
            if m:
                self.add("trigger_event", self.src(text, cs + m.start(), cs + m.end(), where),
                         effect=eff.id, event=event)
        self._read_negation_scope(text, eff, where, cs, cond)

    def _read_card_rules(self, text, eff, where, main) -> bool:
        """Sentences that are rules about the card, not effects: permissions to
        activate it from the hand, response locks, "cannot target this card".
        True when the effect's first sentence is only such a rule."""
        card = self.card
        act_id = f"{card.name}#0" if card.kind in ("spell", "trap") else eff.id
        rule_only = False
        for kind, rx in self.g.card_rules:
            for sp in [Span(eff.start, len(main) + eff.start)] + eff.extra:
                sentence = text[sp.start:sp.end]
                m = rx.search(sentence)
                if not m:
                    continue
                src = self.src(text, sp.start + m.start(), sp.start + m.end(), where)
                if sp.start == eff.start and ":" not in sentence and ";" not in sentence:
                    rule_only = True
                if kind == "cannot_be_targeted":
                    by = next((k for k, r in self.g.cannot_target_by if k == "opponent"
                               and r.search(sentence)), "any")
                    what = "attacks" if dict(self.g.cannot_target_by)["attacks"].search(
                        sentence) else "card-effects"
                    self.add(kind, src, card=card.name, by=by, what=what)
                elif kind == "response_lock":
                    lock_id = act_id if re.search(r"\bthis card\b", sentence, re.I) else eff.id
                    self.add(kind, src, effect=lock_id)
                else:
                    self.add(kind, src, effect=act_id, card=card.name)
                break
        return rule_only

    def _read_trigger(self, text, eff, where, cs, cond):
        """Is the condition a trigger ("When"/"If" an event happens, or FLIP)?

        Not a trigger: a condition of activating a Spell/Trap Card itself, a
        Quick Effect's condition, a response to an activation, a phase window,
        or a state of the game ("If you control ...")."""
        c = self.g.conditions
        after = text[eff.colon + 1:eff.end]
        optional = "yes" if c["optional"].match(after) else "no"
        if c["flip"].match(cond):
            self.add("trigger", self.src(text, cs, cs + len(cond), where), effect=eff.id,
                     word="flip", optional=optional)
            return
        if any(f.type == "on_card_activation" and f.get("effect") == eff.id for f in self.facts) \
                or c["card_activation"].match(cond):
            return
        if any(rx.search(cond) for _m, rx in self.g.quick):
            return   # a Quick Effect's condition (not a trigger)
        trig = c["trigger_word"].search(cond)
        if not trig or c["battle_window"].search(cond):
            return
        word = trig.group(1).lower()
        clause = blank_quotes(cond[trig.end(1):])
        state_src = self.src(text, cs + trig.start(1), cs + len(cond), where)
        if word == "when" and c["response"].search(clause):
            self.add("response_condition", state_src, effect=eff.id, word=word)
            return
        events = [m for m in c["event"].finditer(clause)
                  if not c["event_relative"].search(clause[:m.start()])
                  and not c["event_earlier"].match(clause[m.end():])]
        if word == "if" and not events:
            self.add("state_condition", state_src, effect=eff.id, word=word)
            return
        self.add("trigger", self.src(text, cs + trig.start(1), cs + trig.end(1), where),
                 effect=eff.id, word=word, optional=optional)

    def _read_phases(self, text, eff, where, cs, cond):
        """Phase and turn windows a condition names ("During your opponent's Main Phase")."""
        for m in self.g.phase.finditer(cond):
            owner = (m.group(1) or "").lower()
            phase = (m.group(2) or m.group(3) or "turn").lower().replace(" ", "-")
            turn = self.g.phase_turn.get(owner, "any")
            self.add("phase_condition", self.src(text, cs + m.start(), cs + m.end(), where),
                     effect=eff.id, phase=phase, turn=turn)

    def _read_negation_scope(self, text, eff, where, cs, cond):
        """What a negating effect's condition lets it respond to (Summons, activations)."""
        g = self.g
        summoner = "opponent" if re.search(r"\byour opponent would\b", cond, re.I) else "any"
        for kind, rx in g.negation_summon:
            m = rx.search(cond)
            if m:
                self.add("negation_scope", self.src(text, cs + m.start(), cs + m.end(), where),
                         effect=eff.id, what="summon", kind=kind, summoner=summoner)
                break
        scopes = [f for f in self.facts if f.type == "negation_scope" and f.get("effect") == eff.id]
        extra = g.negation_extra_condition.search(blank_quotes(cond))
        m = g.negation_activation.search(cond)
        active = None if m else g.negation_activation_active.search(cond)
        if extra and (scopes or m or active):
            self.add("extra_condition", self.src(text, cs + extra.start(), cs + extra.end(), where),
                     effect=eff.id)
        if active:
            # "when your opponent activates a monster effect": the category follows the verb
            m = active
            part_start = active.start()
            head = blank_quotes(active.group(1))
        elif not m:
            return
        else:
            part_start = max(cond.rfind(" OR ", 0, m.start()) + 1, 0)
            head = blank_quotes(cond[part_start:m.start()])
        cats = [k for k, rx in g.activation_categories if rx.search(head)]
        if not cats:
            return
        scope = "any" if "any" in cats else "_".join(
            c for c in ("spell", "trap", "monster") if c in cats)
        if scope == "spell_trap" or scope in ("spell", "trap"):
            scope = "spell_trap" if scope == "spell_trap" else scope
        tail = cond[m.end():]
        for qual, rx in g.activation_qualifiers:
            if rx.search(tail):
                scope = "listed" if qual == "listed" else (
                    f"{scope}_{qual}" if qual != "other" else f"{scope}_restricted")
                break
        self.add("negation_scope", self.src(text, cs + part_start, cs + m.end(), where),
                 effect=eff.id, what="activation", kind=scope, summoner="any")

    def _verbs(self, text: str, start: int = 0) -> list[tuple[int, int, str]]:
        blanked = blank_quotes(text)
        hits = []
        for name, rx in self.g.verbs:
            for m in rx.finditer(blanked):
                hits.append((m.start(), m.end(), name))
        hits.sort(key=lambda h: (h[0], -(h[1] - h[0])))
        out: list[tuple[int, int, str]] = []
        for h in hits:
            if out and h[0] < out[-1][1]:
                continue
            out.append(h)
        return [(s + start, e + start, n) for s, e, n in out]

    def _read_cost_and_targets(self, text, eff, where):
        g = self.g
        if eff.cost is None:
            # no semicolon: "target" before the colon-less resolution is not a
            # target for PSCT purposes, but we still note the word for audits
            return
        cs, ce = eff.cost.start, eff.cost.end
        part = text[cs:ce]
        self.add("cost_part", self.src(text, cs, ce, where), effect=eff.id)
        tm = g.target_word.search(blank_quotes(part))
        cost_region_end = ce
        if tm:
            cost_region_end = cs + tm.start()
            self._read_targets(text, eff, where, cs + tm.start(), ce)
        region = text[cs:cost_region_end]
        for _kind, rx in g.conditional_parts:  # "If it was ... by an opponent's card effect,"
            region = rx.sub(lambda m: " " * len(m.group()), region)
        n = 0
        for s, e, verb in self._verbs(region, cs):
            if verb in g.not_cost_verbs:
                continue
            n += 1
            nxt = [v for v in self._verbs(text[e:cost_region_end], e)]
            end = nxt[0][0] if nxt else cost_region_end
            clause = text[s:end].rstrip(" ,")
            self.add("cost_action", self.src(text, s, s + len(clause), where), effect=eff.id,
                     n=n, verb=verb)
        for kind, rx in g.conditional_parts:
            m = rx.search(part)
            if m:
                self.add("conditional_target", self.src(text, cs + m.start(), cs + m.end(), where),
                         effect=eff.id, condition=kind)

    def _read_targets(self, text, eff, where, ts, te):
        g = self.g
        phrase = text[ts:te]
        self.add("target_word", self.src(text, ts, ts + len(re.match(r"\w+", phrase).group()),
                                         where), effect=eff.id)
        cm = g.target_count.search(phrase)
        body_start = ts + (cm.end() if cm else len("target"))
        groups = []
        body = text[body_start:te]
        last = 0
        for m in re.finditer(r"\s+and\s+(?=(?:up to )?\d+\s)", body):
            groups.append((last, m.start()))
            last = m.end()
        groups.append((last, len(body)))
        counts = [cm.group(1).lower() if cm else "1"]
        for gs, _ in groups[1:]:
            counts.append(re.match(r"(up to \d+|\d+)", body[gs:]).group(1))
        for slot, ((gs, ge), count) in enumerate(zip(groups, counts), 1):
            s, e = body_start + gs, body_start + ge
            seg = text[s:e]
            conds = self._target_conditions(seg)
            if count in ("that", "those", "this") and eff.condition:
                # "Target that monster": its conditions are the trigger's
                cond_text = text[eff.condition.start:eff.condition.end]
                conds += [c for c in self._target_conditions(cond_text)
                          if c[0].startswith("atk") or c[0] in ("face-up", "face-down", "set")]
            number = count
            if count in ("a", "an", "that", "this"):
                number = "1"
            up_to = number.startswith("up to")
            number = re.sub(r"\D", "", number) or "1"
            src = self.src(text, ts if slot == 1 else s, e, where)
            self.add("target", src, effect=eff.id, slot=slot, count=int(number),
                     up_to="yes" if up_to else "no")
            for name, value in conds:
                self.add("target_condition", src, effect=eff.id, slot=slot, condition=name,
                         value=value)
            eff.targets.append(Target(slot, s, e, seg, number, conds))

    def _target_conditions(self, seg: str) -> list[tuple[str, object]]:
        g = self.g
        b = blank_quotes(seg)
        out: list[tuple[str, object]] = []
        for name, rx in g.target_conditions:
            m = rx.search(b)
            if not m:
                continue
            if name == "set" and not re.search(r"\bSet\b", b):
                continue
            if name in ("atk-min", "atk-max"):
                num = next(x for x in m.groups() if x)
                out.append((name, int(num)))
            else:
                out.append((name, "yes"))
        for attr in g.attributes:
            if re.search(rf"\b{attr}\b", b):
                out.append(("attribute", attr))
        for race in g.races:
            if re.search(rf"\b{re.escape(race)}(?:-Type)?\b(?= (?:monster|card|Tuner|Normal))", b):
                out.append(("race", race))
        return out

    def _read_resolution(self, text, eff, where):
        g = self.g
        rs, re_ = eff.resolution.start, eff.resolution.end
        part = text[rs:re_]
        if not part.strip():
            return
        mask = top_level_mask(part)
        # split into clauses on conjunctions outside quotes/parentheses
        cuts = []  # (start, end, kind)
        pos = 0
        while True:
            best = None
            for kind, rx in g.conjunctions:
                for m in rx.finditer(part, pos):
                    if not mask[m.start()]:
                        continue
                    if best is None or m.start() < best[0]:
                        best = (m.start(), m.end(), kind)
                    break
            if best is None:
                break
            cuts.append(best)
            pos = best[1]
        bounds = []
        last = 0
        for s, e, _kind in cuts:
            bounds.append((last, s))
            last = e
        bounds.append((last, len(part)))
        n = 0
        prev_n = None
        for i, (s, e) in enumerate(bounds):
            seg = part[s:e]
            lead = len(seg) - len(seg.lstrip())
            s += lead
            seg = part[s:e].rstrip(" .")
            e = s + len(seg)
            if not seg:
                continue
            m = re.match(r"(?:you can|you must|your opponent can)\s+", seg, re.I)
            sub = g.clause_subordinate.match(seg)
            # "each time your opponent Special Summons ..., draw 1 card": the verb is "draw"
            verbs = self._verbs(seg[sub.end():], sub.end()) if sub else self._verbs(seg)
            verb = verbs[0][2] if verbs else None
            if verb is None:
                self.unread.append(seg[:60])
            n += 1
            clause = Clause(n, rs + s, rs + e, seg, verb)
            src = self.src(text, rs + s, rs + e, where)
            self.add("clause", src, effect=eff.id, n=n, verb=verb or "unknown",
                     optional="yes" if m and m.group().lower().startswith("you can") else "no")
            for s2, e2, v2 in verbs[1:]:
                if v2 not in ("inflict-damage", "activate", "apply"):
                    self.add("clause_verb", self.src(text, rs + s + s2, rs + s + e2, where),
                             effect=eff.id, n=n, verb=v2)
            if sub and g.each_time.match(seg):
                self.add("each_time", self.src(text, rs + s, rs + s + sub.end(), where),
                         effect=eff.id, n=n)
            if re.search(r"\bthis card\b", seg, re.I) and verb in g.summon_verbs:
                self.add("summons_self", src, effect=eff.id, n=n)
            self._read_refs(text, eff, clause, where)
            eff.clauses.append(clause)
            if i > 0 and prev_n is not None:
                cs_, ce_, kind = cuts[i - 1]
                self.add("link", self.src(text, rs + cs_, rs + ce_, where), effect=eff.id,
                         left=prev_n, right=n, kind=kind)
                eff.links.append((prev_n, n, kind, rs + cs_, rs + ce_))
            prev_n = n
        ia = g.immediately_after.search(part)
        if ia:
            self.add("immediately_after", self.src(text, rs + ia.start(), rs + ia.end(), where),
                     effect=eff.id)
        # what the effect negates, when its resolution says "negate the ..."
        for m in re.finditer(r"\bnegate the (special summon|summon or activation|summon|activation)",
                             part, re.I):
            what = m.group(1).lower()
            self.add("negates", self.src(text, rs + m.start(), rs + m.end(), where),
                     effect=eff.id, what=what.replace(" ", "-"))

    def _read_refs(self, text, eff, clause: Clause, where):
        g = self.g
        seg = blank_quotes(clause.text)
        found = []
        taken: list[tuple[int, int]] = []
        for kind, rx in g.references:
            for m in rx.finditer(seg):
                if any(m.start() < te and ts < m.end() for ts, te in taken):
                    continue
                if kind == "pronoun" and found:
                    continue
                if kind == "pronoun" and not eff.targets:
                    continue
                found.append((kind, m.start(), m.end()))
                taken.append((m.start(), m.end()))
        for kind, s, e in found:
            src = self.src(text, clause.start + s, clause.start + e, where)
            slots = self._ref_slots(eff, clause.text[s:e])
            for slot in slots:
                self.add("reference", src, effect=eff.id, n=clause.n, kind=kind, slot=slot)
            clause.refs.append((kind, s, e))

    def _ref_slots(self, eff, phrase: str) -> list[int]:
        slots = [t.slot for t in eff.targets]
        if not slots:
            return [0]
        p = phrase.lower()
        if "first" in p:
            return [1]
        if "second" in p or "other" in p:
            return [2] if 2 in slots else slots[-1:]
        if "you control" in p:
            for t in eff.targets:
                if ("you-control", "yes") in t.conditions:
                    return [t.slot]
        return slots

    def _read_whole(self, text, eff, where, main):
        g = self.g
        base = eff.start
        full = text[eff.start:eff.end]
        for marker, rx in g.quick:
            if marker in g.quick_monsters_only and (self.card.kind != "monster" or any(
                    f.type == "trigger" and f.get("effect") == eff.id for f in self.facts)):
                continue
            m = rx.search(full)
            if m:
                self.add("quick_marker", self.src(text, base + m.start(), base + m.end(), where),
                         effect=eff.id, marker=marker)
        seen_opt = False
        taken: list[tuple[int, int]] = []
        for kind, scope, rx in g.once_per_turn:
            for m in rx.finditer(full):
                if seen_opt and kind == "soft":
                    continue
                if any(m.start() < e and s < m.end() for s, e in taken):
                    continue
                taken.append((m.start(), m.end()))
                seen_opt = True
                self.add("once_per_turn", self.src(text, base + m.start(), base + m.end(), where),
                         effect=eff.id, kind=kind, scope=scope)
                break
        for rx in g.procedures:
            m = rx.search(main)
            if m:
                self.add("procedure", self.src(text, base + m.start(), base + m.end(), where),
                         effect=eff.id, card=self.card.name, place=(m.group(1) or "unstated").lower())
                break
        for rx in g.summon_conditions:
            m = rx.search(main)
            if m:
                self.add("summon_condition", self.src(text, base + m.start(), base + m.end(),
                                                      where), effect=eff.id,
                         condition=re.sub(r"\s+", "-", m.group().lower()))
        m = g.activation_condition_sentences.search(full)
        if m:
            # "You can only activate this card ..." is about activating the card
            target_id = f"{self.card.name}#0" if self.card.kind in ("spell", "trap") else eff.id
            src = self.src(text, base + m.start(), base + m.end(), where)
            self.add("activation_condition_sentence", src, effect=target_id)
            for topic, rx in g.condition_topics:
                if rx.search(m.group()):
                    self.add("activation_condition", src, effect=target_id, topic=topic)
        for action, rx in g.prohibitions:
            m = rx.search(full)
            if m:
                self.add("prohibits", self.src(text, base + m.start(), base + m.end(), where),
                         effect=eff.id, card=self.card.name, action=action)
        if not eff.punctuated and not eff.extra and not any(
                f.get("effect") == eff.id and f.type in ("procedure", "summon_condition",
                                                          "prohibits", "once_per_turn",
                                                          "activation_condition", "clause")
                for f in self.facts):
            self.unread.append(main[:60])

    def _read_extra(self, text, eff, where):
        g = self.g
        for sp in eff.extra:
            sentence = text[sp.start:sp.end]
            for req, rx in g.resolve_conditions:
                m = rx.search(sentence)
                if m:
                    self.add("resolve_condition",
                             self.src(text, sp.start, sp.end, where),
                             effect=eff.id, requirement=req)
                    break

    def _check_extra_read(self, eff, where):
        """A sentence that continues an effect is read only if some fact came from it."""
        for sp in eff.extra:
            if not any(f.source is not None and f.source.kind == "text"
                       and f.source.where == where and f.source.start is not None
                       and sp.start <= f.source.start < sp.end
                       and f.type not in ("effect", "colon", "semicolon")
                       for f in self.facts):
                self.unread.append(self._src_text(where)[sp.start:sp.end][:60])

    def _src_text(self, where):
        return (self.card.pendulum_text if where == "pendulum text" else self.card.text) or ""


@lru_cache(maxsize=4096)
def read_card(card: Card) -> Reading:
    """Read one card's text into facts (cached: a card is read once per process).

    The reading is shared; treat it as read-only.
    """
    return _Reader(card).read()
