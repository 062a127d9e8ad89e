"""Where a card's script and its text disagree, and which side the PSCT rules support.

The text side is the audit record of the card (``psct_expert.audit``): its
card-level features and, for the spans, the facts and rule conclusions of its
effects.  The script side is :mod:`.features`.  Each disagreement gets a kind
from ``kinds.yaml`` beside this file (the first whose conditions hold), which
says which side the PSCT rules support and why, with its citations.  A legacy
text supports neither side (it predates PSCT); a text read only partly cannot
settle a feature it does not show.
"""

from __future__ import annotations

import functools
import pathlib
import re

import yaml

from .features import ScriptFeatures

KINDS_FILE = pathlib.Path(__file__).with_name("kinds.yaml")

#: the features compared, in the order they are listed
COMPARED = ("targets", "cost", "quick", "hard_opt", "activate_opt", "when_optional",
            "if_optional", "mandatory_trigger", "summon_procedure")


@functools.lru_cache(maxsize=1)
def kinds() -> list[dict]:
    with open(KINDS_FILE, encoding="utf-8") as fh:
        data = yaml.safe_load(fh)
    out = data["kinds"]
    for k in out:
        for key in ("id", "feature", "text", "supports", "says", "cites"):
            if key not in k:
                raise ValueError(f"{KINDS_FILE}: kind {k.get('id')!r} has no {key!r}")
    return out


def _walk(effects):
    for e in effects:
        yield e
        yield from _walk(e.get("bullets", []))


def _span(e: dict, fact: dict | None) -> dict:
    src = fact if fact and fact.get("span") else e
    return {"effect": e["id"], "span": src.get("span"), "where": src.get("where", e.get("where")),
            "quote": fact.get("quote") if fact and fact.get("quote") else e.get("text")}


def _concluded(e: dict, ctype: str) -> bool:
    return any(c["type"] == ctype and c.get("value", "yes") == "yes" for c in e["conclusions"])


def _facts(e: dict, ftype: str, **want) -> list[dict]:
    return [f for f in e["facts"] if f["type"] == ftype
            and all(f.get(k) == v for k, v in want.items())]


_EACH_TIME = re.compile(r"\s*(?:once per turn,\s*)?(?:during [^,]*,\s*)?each time\b", re.I)
_YOU_CAN = re.compile(r"\s*you can\b(?!\s+only)", re.I)


def text_features(rec: dict) -> tuple[dict[str, bool | None], dict[str, list[dict]]]:
    """The text's features of one audit record, and the spans behind each."""
    ev: dict[str, list[dict]] = {f: [] for f in COMPARED + ("each_time_optional",)}
    for e in _walk(rec["effects"]):
        if _concluded(e, "targets"):
            ev["targets"].append(_span(e, next(iter(_facts(e, "target")), None)))
        if _concluded(e, "is_cost"):
            ev["cost"].append(_span(e, next(iter(_facts(e, "cost_part")), None)))
        if _concluded(e, "quick"):
            ev["quick"].append(_span(e, next(iter(_facts(e, "quick_marker")), None)))
        if _concluded(e, "inherent_summon"):
            ev["summon_procedure"].append(_span(e, next(iter(_facts(e, "procedure")), None)))
        # (a once per Duel is no once per turn: scripts count it with EFFECT_COUNT_CODE_DUEL)
        for f in _facts(e, "once_per_turn", kind="use"):
            if "per duel" not in (f.get("quote") or "").lower():
                ev["hard_opt"].append(_span(e, f))
        for f in _facts(e, "once_per_turn", kind="activate"):
            if "per duel" not in (f.get("quote") or "").lower():
                ev["activate_opt"].append(_span(e, f))
        cond = next(iter(_facts(e, "condition")), None)
        # a Spell/Trap Card's activation is no trigger, whatever its condition says
        for f in [] if _facts(e, "on_card_activation") else _facts(e, "trigger"):
            key = ("mandatory_trigger" if f.get("optional") != "yes" else
                   "when_optional" if f.get("word") == "when" else
                   "if_optional" if f.get("word") == "if" else None)
            if key and (key != "mandatory_trigger" or f.get("word") in ("when", "if")):
                ev[key].append(_span(e, cond or f))
        # "Each time ...: ..." is a trigger the reader reads as a part, not a trigger fact
        if cond and not _facts(e, "trigger") and not _facts(e, "on_card_activation") \
                and _EACH_TIME.match(cond.get("quote") or ""):
            optional = bool(_YOU_CAN.match(e["text"][e["text"].find(":") + 1:]))
            ev["each_time_optional" if optional else "mandatory_trigger"].append(_span(e, cond))
    values = {f: bool(rec.get(f)) for f in COMPARED if f != "mandatory_trigger"}
    values["mandatory_trigger"] = bool(ev["mandatory_trigger"])
    for f in ("hard_opt", "activate_opt"):
        values[f] = values[f] and bool(ev[f])
    if ev["each_time_optional"]:
        # an optional "Each time ...: You can" is neither a "When" nor an "If" one: scripts
        # write it either way, so neither is compared unless the text has one itself
        for f in ("when_optional", "if_optional"):
            values[f] = values[f] or None
    if values["targets"] and not ev["targets"]:
        ev["targets"].append({"effect": f"{rec['name']}#0", "span": None, "where": "text",
                              "quote": "an Equip Spell: it targets the monster it equips"})
    return values, ev


def _kind_for(feature: str, text_value: bool, text: dict, script: dict) -> dict:
    for k in kinds():
        if k["feature"] != feature or bool(k["text"]) != text_value:
            continue
        if any(not script.get(f) for f in k.get("script_has", ())):
            continue
        if any(not text.get(f) for f in k.get("text_has", ())):
            continue
        return k
    raise LookupError(f"no kind in {KINDS_FILE} for {feature} (text {text_value})")


def compare(rec: dict, sf: ScriptFeatures) -> list[dict]:
    """The disagreements of one card: text record against script features."""
    tv, tev = text_features(rec)
    sv = sf.values
    out = []
    seen = set()
    for f in COMPARED:
        s = sv.get(f)
        if s is None or tv[f] is None or s == tv[f]:
            continue
        k = _kind_for(f, tv[f], tv, sv)
        if k["id"] in seen:     # a swap touches two features: reported once
            continue
        seen.add(k["id"])
        supports, why, cites = k["supports"], k["says"], list(k["cites"])
        if rec["status"] == "legacy":
            supports = "neither"
            why = ("the text predates PSCT (" + "; ".join(rec.get("legacy_wording") or ["legacy"])
                   + "): its wording does not settle this")
            cites = ["psct-guide#1"]
        elif not tv[f] and rec["status"] == "partial":
            supports = "unsettled"
            why = ("part of the text was not read (" + "; ".join(rec.get("unread", [])[:3])
                   + "), so the text's side is not known")
        script_ev = sf.evidence.get(f, [])
        if not s:   # what the script has instead (the kind's script_has features)
            for g in k.get("script_has", ()):
                script_ev = script_ev + sf.evidence.get(g, [])
        out.append({"kind": k["id"], "feature": f, "text": tv[f], "script": s,
                    "text_spans": tev[f] if tv[f] else [
                        x for g in k.get("text_has", ()) for x in tev.get(g, [])],
                    "script_lines": [x.to_dict() for x in script_ev],
                    "supports": supports, "why": why, "cites": cites})
    return out
