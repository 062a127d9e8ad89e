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

from ...parser.transform import find, low, sub
from ..words import card_fits

if TYPE_CHECKING:
    from ..told import Situate

_AFTER = {"ck_negated": "negated", "ck_left": "left-field", "ck_facedown": "face-down",
          "ck_being_left": "left-field", "ck_being_down": "face-down", "ck_being_negated": "negated"}
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
    what, holder_node, cond = sub(fam, "ck_what") or sub(fam, "ck_what_of"), sub(fam, "ck_holder"), \
        sub(fam, "ck_if")
    event = next((c for c in cond.children if isinstance(c, Tree) and c.data in _AFTER), None)
    if event is None:
        st.fail("what happened to the card afterwards? ('if X's effects are negated', 'if X leaves "
                "the field')", cond)
    after = _AFTER[event.data]
    name = lambda tok: st.db.get(st.r.card(tok)).name  # noqa: E731
    src_node = sub(event, "ck_src") or sub(event, "ck_src_n")
    from_card = [name(t) for t in _xcards(sub(what, "ck_from") if what.data == "ck_what" else what)]
    event_card = [name(t) for t in _xcards(src_node)]
    holder_card = [name(t) for t in _xcards(holder_node)]
    holder_words = low(holder_node) if holder_node is not None else []
    if "equipped" in holder_words and holder_card:    # "the monster equipped with X": X's change
        from_card, holder_card = from_card or holder_card, []
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
    elif (holder_words and holder_words[0] in _PRONOUNS) or holder_node is None:
        holder = "pronoun"       # "it", or no holder said ("Does the ATK still apply?")
    else:
        holder = "other"
    if holder == "other" and not event_card:
        # (hunt 100) "Does the monster equipped with X keep the ATK after being negated by Y?", "...
        # if its effects are negated?": what is negated (or leaves) may be the monster that holds
        # the change, not X; negating the holder does not stop X's change
        st.fail(f"whose effects are negated, or which card leaves the field: the monster that has "
                f"the change, or {source}? (name {source})", event)
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
    if after == "negated":
        _refuse_a_negation_before_resolving(st, source, eid, event)
    if holder == "pronoun":        # "Does it keep the ATK it gained?": the card the part changes
        holder = "self" if (eid, n) in self_parts else "other"
    keep = " ".join(low(sub(fam, "ck_keep"))) if sub(fam, "ck_keep") is not None else ""
    # "keep", "the ATK it gained": the change is said to have been applied
    still = sub(fam, "still") is not None
    applied = "yes" if keep in ("keep", "retain") or (keep == "have" and still) or \
        sub(what, "ck_gained") is not None else "unknown"
    tail = eid.rpartition("#")[2]
    effect = {"card": source, "n": int(tail)} if tail.isdigit() else {"card": source}
    return st.spec("change-kept", {"effect": effect, "part": n, "holder": holder, "after": after,
                                   "applied": applied})


def _refuse_a_negation_before_resolving(st: Situate, source: str, eid: str, event: Tree) -> None:
    """(hunt) "Does my monster keep the ATK from Rush Recklessly if Rush Recklessly is negated by
    Magic Jammer?": a card that negates activations, or a Spell/Trap whose effect is applied by
    activating it (its card leaves as it resolves), is negated before the change was ever made, not
    after; the question supposes a change kept that was never applied: refused, naming the story
    to tell instead."""
    reading = st.reading(source)
    applied_by_activation = any(f.type == "on_card_activation" and f.get("effect") == eid
                                for f in reading.facts) and st.db.get(source).kind in ("spell", "trap") \
        and not set(st.db.get(source).subtypes) & {"continuous", "field", "equip"}
    negators = [st.db.get(st.r.card(t)).name for t in _xcards(event)]
    by_activation = [c for c in negators if c != source and any(
        f.type == "negates" and "activation" in str(f.get("what")) and "effect" not in str(f.get("what"))
        for f in st.reading(c).facts)]
    if applied_by_activation or by_activation:
        how = f"negated by {by_activation[0]}" if by_activation else "negated"
        st.fail(f"{source} {how}: that is before it resolves, so the change was never made: tell "
                "it as a story "
                f"('I activate {source} ... My opponent negates the activation. Does my monster "
                "keep the ATK?')", event)


def _lp_card(st: Situate, node: Tree | None, fam: Tree) -> str:
    named = _xcards(node)
    if not named:
        st.fail("which card's LP? (name it: 'paying 1500 LP for X')", fam)
    return st.db.get(st.r.card(named[-1])).name


def _effect_spec(source: str, eid: str) -> dict:
    tail = eid.rpartition("#")[2]
    return {"card": source, "n": int(tail)} if tail.isdigit() else {"card": source}


def _battle_damage_asked(st: Situate, fam: Tree) -> None:
    """"Is the damage from X battle damage?": what the family answers is whether it is (effect)
    damage, never whether it is battle damage: refused, saying what to ask (never read as
    "damage")."""
    kind = find(fam, "dm_kind")
    if kind is not None and "battle" in low(kind):
        st.fail("an effect's damage is effect damage, never battle damage: ask 'Is the damage "
                "from X effect damage?'", kind)


def build_lp_cost_damage(st: Situate, fam: Tree) -> dict:
    """"Is paying 1500 LP for X damage?": the effect of X whose cost pays LP
    (game-rules#counters-and-stats.8)."""
    _battle_damage_asked(st, fam)
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
    _battle_damage_asked(st, fam)
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


# -- "unaffected" (game-rules#replacement-and-negation.8, .9) --------------------------------------------

_TARGET_OK = {"monster", "spell-trap", "on-field", "face-up", "card"}


def _scope(st: Situate, fam: Tree) -> str:
    """"unaffected by Trap effects" → trap; "by card effects" / "other card effects" → card."""
    ws = set(low(find(fam, "un_kind")))
    if ws & {"spell/trap", "spells/traps"} or ({"spell", "spells"} & ws and {"trap", "traps"} & ws):
        return "spell-trap"
    for words, scope in (({"spell", "spells"}, "spell"), ({"trap", "traps"}, "trap"),
                         ({"monster", "monsters"}, "monster"), ({"card"}, "card")):
        if ws & words:
            return scope
    st.fail("unaffected by what? ('unaffected by Trap effects')", find(fam, "un_clause"))


def _unaffected_thing(st: Situate, fam: Tree) -> tuple[str, str | None, list[str]]:
    """The kind of the unaffected card (monster, spell, trap or unknown), its name, its words."""
    t = st.r.thing(sub(find(fam, "un_thing"), "thing"))
    card = t.get("card") if t else None
    if card:
        return st.db.get(card).kind, st.db.get(card).name, [w.lower() for w in t["words"]]
    ws = [w.lower() for w in (t or {}).get("words", [])]
    kind = "monster" if {"monster", "monsters"} & set(ws) else \
        "spell" if {"spell", "spells"} & set(ws) else "trap" if {"trap", "traps"} & set(ws) else "unknown"
    return kind, None, ws


def _unaffected_effect(st: Situate, fam: Tree, verb: str | None = None):
    node = _effect_node(fam)
    if node is None:
        st.fail("which effect? (name the card)", fam)
    ref = st.effect_ref(st.r.effect(node), hint=[verb] if verb else [])
    if verb and "n" not in ref and ref.get("card"):
        ref = {"card": ref["card"], "verb": verb}     # the effect (or bullet) that does it
    found = st.effect_of(ref)
    if found is None:
        st.fail("which effect? (name the card)", fam)
    _kind, card, _ws = _unaffected_thing(st, fam)
    if card is not None and card == found[0].card.name and "other" in low(find(fam, "un_kind")):
        st.fail(f"{card} is unaffected by other cards' effects, not by its own", fam)
    if card is not None:
        _told_scope_fits_text(st, fam, card)
    return ref, found


# what each kind a card's text says it is unaffected by covers (reader fact unaffected, field by)
_COVERS = {"card": {"card", "spell", "trap", "spell-trap", "monster"},
           "spell-trap": {"spell", "trap", "spell-trap"}}


def _told_scope_fits_text(st: Situate, fam: Tree, card: str) -> None:
    """"Elemental HERO Wildheart, which is unaffected by Spell effects": when the named card's own
    text says, always, what it is unaffected by (reader fact ``unaffected`` of the card itself), the
    kind the question tells must be one that covers; a card whose text says nothing of it, or says it
    only sometimes, may have been made unaffected by another card, as told."""
    facts = [f for f in st.reading(card).facts if f.type == "unaffected" and f.get("who") == "self"]
    if not facts or any(f.get("condition") == "yes" or f.get("by") == "other" for f in facts):
        return
    scope = _scope(st, fam)
    if not any(scope in _COVERS.get(f.get("by"), {f.get("by")}) for f in facts):
        said = "; ".join(f.source.quote for f in facts if f.source is not None)
        st.fail(f"{card}'s text says it is {said!r}, not unaffected by {scope.replace('-', '/')} "
                "effects", find(fam, "un_clause"))


def _effect_node(fam: Tree) -> Tree | None:
    """The effect the question names (an ``eff_*`` node), outside the unaffected card's words."""
    todo = [fam]
    while todo:
        node = todo.pop(0)
        for ch in node.children:
            if isinstance(ch, Tree) and ch.data.startswith("eff_"):
                return ch
            if isinstance(ch, Tree) and ch.data != "un_thing":
                todo.append(ch)
    return None


def build_unaffected_target(st: Situate, fam: Tree) -> dict:
    """"Can Trap Hole target Elemental HERO Wildheart, which is unaffected by Trap effects?": being
    unaffected does not stop targeting (game-rules#replacement-and-negation.8).  Only a target whose
    other requirements the question cannot leave open is asked (a kind, on the field, face-up)."""
    kind, card, ws = _unaffected_thing(st, fam)
    if "targeted" in ws or (card is not None and any(
            f.type == "cannot_be_targeted" and f.get("what") != "attacks"
            for f in st.reading(card).facts)):
        # a protection from targeting is another question (can-target)
        st.fail(f"{card or 'that card'} also cannot be targeted by some effects: ask whether the "
                "effect can target a card that cannot be targeted", fam)
    ref, (reading, eid) = _unaffected_effect(st, fam)
    conds = [f for f in reading.facts if f.type == "target_condition" and f.get("effect") == eid
             and f.get("slot") == 1]
    if not any(f.type == "target" and f.get("effect") == eid for f in reading.facts):
        st.fail(f"{reading.card.name} does not target (ask whether it affects the card)", fam)
    other = sorted({f.get("condition") for f in conds} - _TARGET_OK)
    if other:
        st.fail(f"the target of {reading.card.name} must also be {', '.join(other)}: the question "
                "does not say whether this card is", fam)
    wants = {f.get("condition") for f in conds}
    if ("monster" in wants and kind not in ("monster", "unknown")) or \
            ("spell-trap" in wants and kind not in ("spell", "trap", "unknown")):
        st.fail(f"{reading.card.name} does not target that kind of card", fam)
    return st.spec("unaffected-target", {"effect": ref, "scope": _scope(st, fam), "kind": kind})


def build_unaffected_affect(st: Situate, fam: Tree) -> dict:
    """"Does Torrential Tribute destroy a monster that is unaffected by Trap effects?": an effect of a
    kind the card is unaffected by does nothing to it (game-rules#replacement-and-negation.8)."""
    kind, card, ws = _unaffected_thing(st, fam)
    verb = st.r.action(find(fam, "act_verb")) if find(fam, "act_verb") is not None else None
    ref, (reading, eid) = _unaffected_effect(st, fam, verb)
    if verb is not None and not any(f.type in ("clause", "clause_verb") and f.get("effect") == eid
                                    and f.get("verb") == verb for f in reading.facts):
        st.fail(f"{reading.card.name} does not {verb.replace('-', ' ')} when it resolves", fam)
    return st.spec("unaffected-affect", {"effect": ref, "scope": _scope(st, fam), "kind": kind})


def build_unaffected_cost(st: Situate, fam: Tree) -> dict:
    """"Can I Tribute a monster that is unaffected by card effects to activate Enemy Controller?": a
    cost is not an effect, so an unaffected card can pay it (game-rules#replacement-and-negation.9);
    an action the effect does when it resolves is an effect."""
    kind, card, ws = _unaffected_thing(st, fam)
    verb = st.r.action(find(fam, "act_verb"))
    ref, (reading, eid) = _unaffected_effect(st, fam, verb)
    facts = [f for f in reading.facts if f.get("effect") == eid and f.get("verb") == verb
             and f.type in ("cost_action", "clause", "clause_verb")]
    if not facts:
        st.fail(f"{reading.card.name} does not {verb} a card, as its cost or when it resolves", fam)
    quote = " ".join(f.source.quote for f in facts if f.source is not None and f.type == "cost_action")
    if quote and (re.search(r"\b(?:other|another|except)\b", quote, re.I) or
                  (card is None and not card_fits(kind, quote))):
        st.fail(f"the cost of {reading.card.name} ({quote!r}) may not take that card: say which card", fam)
    if quote and card is not None:
        from ..words import itself_fits_cost
        named = st.db.get(card)
        generic = not re.search(r"\b(?:type|attribute|level|[a-z]+-type)\b", quote, re.I) and \
            card_fits(named.kind, quote)
        if not generic and not itself_fits_cost(named, quote):
            st.fail(f"{card} does not fit the cost of {reading.card.name} ({quote!r})", fam)
    return st.spec("unaffected-cost", {"effect": ref, "scope": _scope(st, fam), "kind": kind,
                                       "verb": verb})
