"""ATK/DEF and other changes after their card is negated or gone (``change-kept``): "Does my monster
keep the 700 ATK from X if X's effects are negated?", "Does X keep the ATK it gained if its effects
are negated?" (game-rules#lingering-effects.2, .3, .10, .11, #counters-and-stats.14).

The question names the change (ATK/DEF, or an Attribute, Type or name), the card whose effect made it
(the source), the card that has it (the holder: the source itself, or another card) and what happened
to the source afterwards.  The part of the source's text that makes the change is found by the reader's
facts (``stat_change``, ``stat_change_self``, ``property_change``); the rules decide."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from lark import Tree

from ...parser.transform import low, sub

if TYPE_CHECKING:
    from ..told import Situate

_AFTER = {"ck_negated": "negated", "ck_left": "left-field", "ck_facedown": "face-down"}
_PRONOUNS = {"it", "they", "its", "their"}


def _xcards(node: Tree | None) -> list:
    if node is None:
        return []
    return list(node.scan_values(lambda v: getattr(v, "type", "") == "XCARD"))


def _numbers(node: Tree | None) -> list[str]:
    if node is None:
        return []
    return [str(v) for v in node.scan_values(lambda v: getattr(v, "type", "") == "XNUM")]


def build_change_kept(st: Situate, fam: Tree) -> dict:
    what, holder_node, cond = sub(fam, "ck_what"), sub(fam, "ck_holder"), sub(fam, "ck_if")
    event = next((c for c in cond.children if isinstance(c, Tree) and c.data in _AFTER), None)
    if event is None:
        st.fail("what happened to the card afterwards? ('if X's effects are negated', 'if X leaves "
                "the field')", cond)
    after = _AFTER[event.data]
    name = lambda tok: st.db.get(st.r.card(tok)).name  # noqa: E731
    src_node = sub(event, "ck_src") or sub(event, "ck_src_n")
    from_card = [name(t) for t in _xcards(sub(what, "ck_from"))]
    event_card = [name(t) for t in _xcards(src_node)]
    holder_card = [name(t) for t in _xcards(holder_node)]
    holder_words = low(holder_node) if holder_node is not None else []
    source = (from_card or event_card or holder_card or [None])[0]
    if source is None:
        st.fail("which card's effect made the change? ('the ATK from X')", fam)
    if event_card and event_card[0] != source:
        st.fail(f"the change asked about comes from {source}, but what happened afterwards is told of "
                f"{event_card[0]}: say what happened to {source}", event)
    if not event_card and from_card and holder_card and holder_card[0] != source:
        # "Does Y keep the ATK from X if it leaves the field?": "it" could be either card
        st.fail(f"whose effects are negated, or which card leaves the field? (name {source})", event)
    # the part of the source's text that makes the change
    stat = " ".join(low(sub(what, "ck_stat")))
    kind = "stat_change" if re.search(r"\b(?:atk|def|atk/def)\b", stat) else "property_change"
    reading = st.reading(source)
    parts = [f for f in reading.facts if f.type == kind and f.source is not None]
    self_parts = {(f.get("effect"), f.get("n")) for f in reading.facts if f.type == "stat_change_self"}
    if holder_card:
        holder = "self" if holder_card[0] == source else "other"
    elif holder_words and holder_words[0] in _PRONOUNS:
        holder = "pronoun"
    else:
        holder = "other"
    if holder == "self":
        if kind == "stat_change":
            parts = [f for f in parts if (f.get("effect"), f.get("n")) in self_parts]
    elif holder == "other" and kind == "stat_change":
        parts = [f for f in parts if (f.get("effect"), f.get("n")) not in self_parts]
    nums = _numbers(what)
    if nums and len(parts) > 1:
        parts = [f for f in parts if re.search(rf"\b{re.escape(nums[0])}\b", f.source.quote)] or parts
    words = "an Attribute, Type or name" if kind == "property_change" else "ATK or DEF"
    if not parts:
        whose = " of itself" if holder == "self" else (" of another card" if holder == "other" else "")
        st.fail(f"{source} has no part read as a change of {words}{whose}", what)
    if len({(f.get("effect"), f.get("n")) for f in parts}) > 1:
        st.fail(f"{source} has more than one part that changes {words}: say the number ("
                + "; ".join(repr(f.source.quote) for f in parts) + ")", what)
    part = parts[0]
    eid, n = part.get("effect"), part.get("n")
    if holder == "pronoun":        # "Does it keep the ATK it gained?": the card the part changes
        holder = "self" if (eid, n) in self_parts else "other"
    keep = " ".join(low(sub(fam, "ck_keep"))) if sub(fam, "ck_keep") is not None else ""
    # "keep", "the ATK it gained": the change is said to have been applied
    applied = "yes" if keep in ("keep", "retain") or sub(what, "ck_gained") is not None else "unknown"
    tail = eid.rpartition("#")[2]
    effect = {"card": source, "n": int(tail)} if tail.isdigit() else {"card": source}
    return st.spec("change-kept", {"effect": effect, "part": n, "holder": holder, "after": after,
                                   "applied": applied})


def _lp_card(st: Situate, node: Tree | None, fam: Tree) -> str:
    named = _xcards(node)
    if not named:
        st.fail("which card's LP? (name it: 'paying 1500 LP for X')", fam)
    return st.db.get(st.r.card(named[-1])).name


def _effect_spec(source: str, eid: str) -> dict:
    tail = eid.rpartition("#")[2]
    return {"card": source, "n": int(tail)} if tail.isdigit() else {"card": source}


def build_lp_cost_damage(st: Situate, fam: Tree) -> dict:
    """"Is paying 1500 LP for X damage?": the effect of X whose cost pays LP
    (game-rules#counters-and-stats.8)."""
    source = _lp_card(st, fam, fam)
    found = [f for f in st.reading(source).facts if f.type == "lp_payment"]
    if not found:
        st.fail(f"{source} has no cost read as paying LP", fam)
    if len({f.get("effect") for f in found}) > 1:
        st.fail(f"{source} pays LP for more than one effect: say which effect", fam)
    return st.spec("lp-cost-damage", {"effect": _effect_spec(source, found[0].get("effect"))})


def build_lp_loss_damage(st: Situate, fam: Tree) -> dict:
    """"Is losing LP from X damage?", "Is the damage from X effect damage?": the part of X that takes
    LP (game-rules#counters-and-stats.8, .9)."""
    source = _lp_card(st, fam, fam)
    found = [f for f in st.reading(source).facts if f.type in ("lp_loss", "effect_damage")]
    if not found:
        st.fail(f"{source} has no part read as losing LP or inflicting damage", fam)
    if len({(f.get("effect"), f.get("n")) for f in found}) > 1:
        st.fail(f"{source} has more than one part that takes LP: say which effect ("
                + "; ".join(repr(f.source.quote) for f in found if f.source) + ")", fam)
    eid, n = found[0].get("effect"), found[0].get("n")
    return st.spec("lp-loss-damage", {"effect": _effect_spec(source, eid), "part": n})


def build_counters_kept(st: Situate, fam: Tree) -> dict:
    """"Does X keep its Spell Counters if it is flipped face-down?" (game-rules#counters-and-stats.7):
    the card that had the counters, and what happened to it afterwards."""
    cond = sub(fam, "ck_if")
    event = next((c for c in cond.children if isinstance(c, Tree) and c.data in _AFTER), None)
    if event is None:
        st.fail("what happened to the card afterwards? ('if it is flipped face-down')", cond)
    name = lambda tok: st.db.get(st.r.card(tok)).name  # noqa: E731
    held = [name(t) for t in _xcards(sub(fam, "cn_holder")) + _xcards(sub(fam, "cn_what"))]
    told = [name(t) for t in _xcards(sub(event, "ck_src") or sub(event, "ck_src_n"))]
    if not held and not told:
        st.fail("which card had the counters? (name it)", fam)
    card = (held or told)[0]
    if any(c != card for c in held + told):
        st.fail(f"the counters asked about are on {card}: say what happened to {card}", event)
    return st.spec("counters-kept", {"card": card, "after": _AFTER[event.data]})
