"""The card features a script encodes, each with the lines that say so.

The same features the audit reads off the card text (``psct_expert.audit``):
targets, cost, Quick Effect, the once-per-turn kinds, optional "When" and
"If" triggers, mandatory triggers and an inherent Summon procedure.  What each
script construct means is data (``script-words.yaml`` beside this file): the
effect types, the flags, the count-limit codes, the helpers that make an
effect, the cost helpers that are no cost and the actions that are one.

A feature is ``True`` (with the lines that set it), ``False`` (nothing in the
script sets it) or ``None`` (the script cannot decide it: a trigger at a fixed
timing has no "When"/"If" wording to compare; a once-per-turn kept by a player
flag may be either kind).
"""

from __future__ import annotations

import functools
import pathlib
import re
from dataclasses import dataclass, field

import yaml

from .lua import Effect, Script, read_script

WORDS_FILE = pathlib.Path(__file__).with_name("script-words.yaml")


@functools.lru_cache(maxsize=1)
def words() -> dict:
    with open(WORDS_FILE, encoding="utf-8") as fh:
        data = yaml.safe_load(fh)
    for k in ("fixed_codes", "not_cost", "cost_actions", "procedure_codes"):
        data[k] = frozenset(data[k])
    return data


@dataclass
class Evidence:
    line: int
    text: str

    def to_dict(self) -> dict:
        return {"line": self.line, "text": self.text}


@dataclass
class ScriptEffect:
    """What one registered effect is, read off its setters."""
    effect: Effect
    kind: str | None          # activate, ignition, trigger, quick; None: not activated
    optional: bool = False
    delay: bool = False
    fixed: bool = False       # a trigger at a fixed timing (phase, battle step) or a Flip
    targets: bool = False
    cost: bool = False
    opt: str | None = None    # hard, activate, soft, duel, single
    pzone_only: bool = False
    cost_line: int = 0
    target_line: int = 0      # a target set in the target function, not by SetProperty

    def describe(self) -> str:
        e = self.effect
        parts = [f"{e.var}"]
        t = e.setters.get("SetType")
        if t:
            parts.append(f"SetType({t.text})")
        c = e.setters.get("SetCode")
        if c:
            parts.append(f"SetCode({c.text})")
        return " ".join(parts)


@dataclass
class ScriptFeatures:
    script: Script
    effects: list[ScriptEffect]
    values: dict[str, bool | None] = field(default_factory=dict)
    evidence: dict[str, list[Evidence]] = field(default_factory=dict)


def _refs(text: str) -> list[str]:
    """Dotted names an expression refers to (``Cost.AND``, ``s.cost``, ``aux.bfgcost``)."""
    return re.findall(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+|[A-Za-z_]\w*", text)


def _is_cost_ref(script: Script, ref: str, seen: set) -> bool:
    w = words()
    if ref in w["not_cost"]:
        return False
    head = ref.split(".")[0]
    if head == "Cost":
        return True
    if head in ("aux", "Auxiliary"):
        return "cost" in ref.lower()
    if ref in seen:
        return False
    seen.add(ref)
    if ref in script.aliases:
        text = "".join(t.value for t in script.aliases[ref])
        return any(_is_cost_ref(script, r, seen) for r in _refs(text))
    fn = script.functions.get(ref)
    if fn is None:
        return False
    return _body_is_cost(script, fn.body, seen)


def _body_is_cost(script: Script, body, seen: set) -> bool:
    w = words()
    toks = body
    for i, t in enumerate(toks):
        if t.kind != "name":
            continue
        if t.value in w["cost_words"]:
            return True
        prev = toks[i - 1].value if i else ""
        nxt = toks[i + 1].value if i + 1 < len(toks) else ""
        if prev in (".", ":") and t.value in w["cost_actions"] and nxt == "(":
            return True
        if prev not in (".", ":") and nxt == "." and i + 2 < len(toks):
            ref = f"{t.value}.{toks[i + 2].value}"
            if t.value in ("Cost", "aux", "s") and _is_cost_ref(script, ref, seen):
                return True
        if prev not in (".", ":") and nxt == "(" and t.value in script.functions:
            if _is_cost_ref(script, t.value, seen):
                return True
    return False


def effect_of(script: Script, e: Effect) -> ScriptEffect:
    w = words()
    types = set(e.names("SetType"))
    kind = None
    for name, k in w["effect_kinds"].items():
        if name in types:
            kind = k
            break
    props = set(e.names("SetProperty"))
    codes = e.names("SetCode")
    se = ScriptEffect(e, kind)
    if kind is None:
        return se
    se.optional = any(t in types for t in w["optional_types"])
    se.delay = w["delay_flag"] in props
    se.fixed = (any(c in w["fixed_codes"] or c.startswith("EVENT_PHASE") for c in codes)
                or w["flip_type"] in types)
    se.targets = w["target_flag"] in props
    target_fn = e.setters.get("SetTarget")
    target_body = [t for r in _refs(target_fn.text) if r in script.functions
                   for t in script.functions[r].body] if target_fn else []
    if not se.targets and any(t.value in w["target_calls"] for t in target_body):
        se.targets = True
        se.target_line = next(t.line for t in target_body if t.value in w["target_calls"])
    cost = e.setters.get("SetCost")
    if cost is not None:
        se.cost = any(_is_cost_ref(script, r, set()) for r in _refs(cost.text)) or (
            any(t.value == "function" for t in cost.toks)          # an inline cost function
            and _body_is_cost(script, list(cost.toks), set()))
    if not se.cost and any(t.value == w["cost_reason"] for t in target_body):
        se.cost = True   # a cost paid in the target function (REASON_COST)
        se.cost_line = next(t.line for t in target_body if t.value == w["cost_reason"])
    limit = e.names("SetCountLimit")
    if limit:
        if w["oath_code"] in limit:
            se.opt = "activate"
        elif w["duel_code"] in limit:
            se.opt = "duel"
        elif w["single_code"] in limit:
            se.opt = "single"
        elif len(limit) >= 2 and limit[1] != "0":
            se.opt = "hard"
        else:
            se.opt = "soft"
    rng = set(e.names("SetRange"))
    se.pzone_only = rng == {w["pzone"]}
    return se


def _outside_features(script: Script) -> dict[str, bool]:
    """Which features a setter outside ``initial_effect`` may give an effect."""
    w = words()
    toks = script.outside
    out = {"targets": False, "cost": False, "hard_opt": False, "activate_opt": False,
           "when_optional": False, "if_optional": False, "mandatory_trigger": False,
           "quick": False, "spell_trap_quick": False}
    for i, t in enumerate(toks):
        if t.kind != "name" or i == 0 or toks[i - 1].value != ":" or i + 1 >= len(toks) \
                or toks[i + 1].value != "(":
            continue
        if t.value == "SetCost":
            out["cost"] = True
        elif t.value == "SetCountLimit":
            out["hard_opt"] = out["activate_opt"] = True
        elif t.value == "SetProperty":
            if any(x.value == w["target_flag"] for x in toks[i + 2:i + 12]):
                out["targets"] = True
        elif t.value == "SetType":
            names = {x.value for x in toks[i + 2:i + 8]}
            if names & {"EFFECT_TYPE_TRIGGER_O", "EFFECT_TYPE_TRIGGER_F"}:
                out["when_optional"] = out["if_optional"] = out["mandatory_trigger"] = True
            if names & {"EFFECT_TYPE_QUICK_O", "EFFECT_TYPE_QUICK_F"}:
                out["quick"] = out["spell_trap_quick"] = True
    return out


def read_features(script: Script, kind: str) -> ScriptFeatures:
    """The features of a script for a card of this kind (monster, spell, trap)."""
    w = words()
    effs = [effect_of(script, e) for e in script.effects]
    out = ScriptFeatures(script, effs)
    ev: dict[str, list[Evidence]] = {f: [] for f in w["features"]}

    def add(feature, line, text):
        ev[feature].append(Evidence(line, text))

    for se in effs:
        e = se.effect
        if se.kind is None:
            if set(e.names("SetCode")) & w["procedure_codes"]:
                add("summon_procedure", e.line_of("SetCode"), f"{e.var}:SetCode({e.setters['SetCode'].text})")
            continue
        if se.targets and se.target_line:
            add("targets", se.target_line, f"{e.var}: its target function targets")
        elif se.targets:
            add("targets", e.line_of("SetProperty"), f"{e.var}:SetProperty({e.setters['SetProperty'].text})")
        if se.cost and "SetCost" in e.setters:
            add("cost", e.line_of("SetCost"), f"{e.var}:SetCost({e.setters['SetCost'].text})")
        elif se.cost:
            add("cost", se.cost_line, f"{e.var}: its target function pays a cost (REASON_COST)")
        if se.opt in ("hard", "activate"):
            add(f"{se.opt}_opt", e.line_of("SetCountLimit"),
                f"{e.var}:SetCountLimit({e.setters['SetCountLimit'].text})")
        if se.kind == "quick":
            where = "quick" if kind == "monster" and not se.pzone_only else "spell_trap_quick"
            add(where, e.line_of("SetType"), f"{e.var}:SetType({e.setters['SetType'].text})")
        if se.kind == "trigger":
            t = f"{e.var}:SetType({e.setters['SetType'].text})"
            if not se.optional:
                add("mandatory_trigger" if not se.fixed else "fixed_trigger", e.line_of("SetType"), t)
            elif se.fixed:
                add("fixed_trigger", e.line_of("SetType"), t)
            elif se.delay:
                add("if_optional", e.line_of("SetProperty"),
                    f"{t}, {e.var}:SetProperty({e.setters['SetProperty'].text})")
            else:
                add("when_optional", e.line_of("SetType"), t + " without EFFECT_FLAG_DELAY")
    for c in script.calls:
        meaning = w["helpers"].get(c.name)
        for feature in meaning or ():
            add(feature, c.line, f"{c.name}(...)")
    values: dict[str, bool | None] = {f: bool(ev[f]) for f in ev}
    # effects the script builds outside initial_effect (granted at resolution, registered by a
    # continuous effect) are not read: a feature only they could have is undecided
    for f, found in _outside_features(script).items():
        if found and not values[f]:
            values[f] = None
    # a trigger at a fixed timing has no "When"/"If" to compare: undecided, unless the
    # script has a trigger of that kind elsewhere
    if ev["fixed_trigger"]:
        for f in ("when_optional", "if_optional", "mandatory_trigger"):
            if not values[f]:
                values[f] = None
    # a once per turn kept by a player flag may be either kind
    if not values["hard_opt"] and not values["activate_opt"] and any(
            re.search(w["flag_opt"], "".join(t.value for t in fn.body))
            for fn in script.functions.values()):
        values["hard_opt"] = values["activate_opt"] = None
    out.values = values
    out.evidence = ev
    return out


def read(text: str, path: str = "<script>") -> Script:
    """Read a script with the effect makers of ``script-words.yaml``."""
    return read_script(text, path, words()["effect_makers"])
