"""The question families that read their parts from the parse tree: each builds its structured
question from the told situation (:mod:`.told`) and the family rule's subtree."""

from __future__ import annotations

import re

from lark import Tree

from ..cards import CardDB
from ..errors import QuestionError
from ..parser import ParsedQuestion
from ..parser.transform import find, low, sub, subs
from ..reader.select import select_effect
from .procedures import unpayable_costs
from .told import EFF_PARTS, Situate, _copies, _described_entity, _norm_words, _owner, _protection, note_change
from .told import COUNT_WORDS, implied_response_changes


def _chain_subject(st: Situate, node: Tree) -> dict:
    """``chain_subj``/``summon_q``: an effect, a Summon, or "that" (what was just activated)."""
    kids = [ch for ch in node.children if isinstance(ch, Tree)]
    if not kids:
        if not st.acts:
            st.fail("'that' refers to nothing activated before it", node)
        return {"effect": st.acts[-1][1]}
    k = kids[0]
    if k.data.startswith("eff_"):
        return {"effect": st.effect_ref(st.r.effect(k))}
    if k.data.startswith("summon_"):
        return _summon_subject(st, k)
    st.fail("what starts the Chain?", node)
    return {}


def _summon_subject(st: Situate, k: Tree) -> dict:
    kind = st.r.summon_kind(k)
    cards = [st.r.card(t) for t in k.scan_values(lambda v: getattr(v, "type", "") == "XCARD")]
    if k.data == "summon_using":                       # "a Fusion Summon using X": X's effect
        return {"effect": {"card": cards[0], "verb": f"{kind or 'special'}-summon"}}
    if k.data in ("summon_bare",) and not cards:       # "the Link Summon": one told before
        for sid, ev in reversed(st.summons):
            if kind in (None, ev["summon-kind"]) or ev["summon-kind"] == "special" or \
                    (kind == "special" and ev["summon-kind"] in ("procedure", "by-effect")):
                return {"summon": sid, "event": ev}
        st.fail("which Summon? (tell it first: 'My opponent Link Summons X.')", k)
    card = cards[0] if cards else None
    if card is None:
        st.fail("whose Summon?", k)
    if kind in (None, "special"):
        c = st.db.get(card)
        if c.kind != "monster":
            st.fail(f"{card} is not a monster: say which Summon", k)
        return {"effect": {"card": card, "select": "summons-self"}}
    c = st.db.get(card)
    if kind in ("synchro", "xyz", "link", "fusion", "ritual", "pendulum") and \
            kind not in c.subtypes:
        st.fail(f"{c.name} is not a {kind.title()} Monster: it cannot be {kind.title()} Summoned", k)
    if kind == "procedure" and ("fusion" not in c.subtypes or not st.procedures(c.name)):
        st.fail(f"{c.name} is not a Fusion Monster Summoned by its own procedure", k)
    sid = f"s{len(st.summons) + 1}"
    ev = {"kind": "summon", "id": sid, "summon-kind": kind, "player": "you", "what": c.name}
    st.events.append(ev)
    st.summons.append((sid, ev))
    return {"summon": sid, "event": ev}


def _also(st: Situate, node: Tree | None, spec: dict) -> dict:
    """"... start a Chain that I can respond to with X": yes only if X could respond too."""
    if node is None:
        return spec
    effs = [t for t in node.iter_subtrees_topdown() if t.data.startswith("eff_")]
    if effs:
        spec["also_needs"] = (f"whether {' '.join(st.pq.words.text[0:0]) or ''}"
                              f"{_said(st, effs[0])} can be activated in response")
    return spec


def _said(st: Situate, node: Tree) -> str:
    return " ".join(st.r.card(w) if getattr(w, "type", "") == "XCARD" else str(w)
                    for w in node.scan_values(lambda v: True))


def build_starts_chain(st: Situate, fam: Tree) -> dict:
    subj = sub(fam, "chain_subj")
    if subj is None:        # "Does X have to activate its ... effect each time ...?"
        card = [st.r.card(t) for t in fam.children if getattr(t, "type", "") == "XCARD"][0]
        st.last_card = card
        got = {"effect": st.effect_ref(st.r.effect(_first_effect(fam)), default_card=card)}
        if got["effect"].get("card") != card:
            st.fail(f"the effect asked about is not one of {card}'s", fam)
    else:
        got = _chain_subject(st, subj)
    tail = find(fam, "resp_tail")
    if "summon" in got:
        spec = _also(st, tail, st.spec("summon-starts-chain", {"summon": got["summon"]}))
    else:
        spec = _also(st, tail, st.spec("starts-chain", {"effect": got["effect"]}))
    return _each_time(st, fam, spec)


def _each_time(st: Situate, fam: Tree, spec: dict) -> dict:
    """"... start a Chain each time a Spell is activated?", "Does X have to activate it ... each
    time ...?": an effect that starts no Chain is never activated (no); one that does is
    activated only on its own condition, which this does not check (a yes becomes unknown)."""
    each = sub(fam, "each_time")
    if each is None:
        return spec
    must = "have" in [str(t).lower() for t in fam.children if not isinstance(t, Tree)]
    need = (f"whether it {'must be' if must else 'is'} activated "
            f"{st.r.said(each)}")
    spec["also_needs"] = (spec["also_needs"] + "; " + need) if spec.get("also_needs") else need
    return spec


def build_summon_starts_chain(st: Situate, fam: Tree) -> dict:
    q = sub(fam, "summon_q")
    kids = [ch for ch in q.children if isinstance(ch, Tree)]
    tail = find(fam, "resp_tail")
    if kids and kids[0].data in SUMMON_NODES:
        got = _summon_subject(st, kids[0])
    elif kids and kids[0].data == "ev_proc":     # "the moment I return X and Y to ... Summon Z"
        st.ev_proc(kids[0])
        if not st.summons or st.events[-1].get("kind") != "summon":
            st.fail("that is no Summon by the rules", kids[0])
        got = {"summon": st.summons[-1][0]}
    else:
        kind = st.r.summon_kind(q)
        ws = low(q)
        if "fusion" in ws and "contact" not in ws and kind is None:
            kind = "fusion"
        if ws[0] in ("this", "that"):
            found = [(sid, ev) for sid, ev in st.summons]
            if not found:
                st.fail("which Summon? (tell it first)", q)
            told = found[-1][1].get("summon-kind")
            if ws[1:3] == ["contact", "fusion"] and (told != "procedure" or "fusion" not in
                                                      st.db.get(found[-1][1]["what"]).subtypes):
                st.fail("the Summon told before is not a Fusion Monster's own procedure", q)
            if kind not in (None, "special", told) and not (kind == "procedure" and
                                                            told == "procedure"):
                st.fail(f"the Summon told before is no {kind.title()} Summon", q)
            got = {"summon": found[-1][0]}
        else:
            cards = [st.r.card(t) for t in q.scan_values(lambda v: getattr(v, "type", "") == "XCARD")]
            info = st._mods(q)
            if info.get("targets") or info.get("respond"):
                st.fail("a Summon does not target or respond", q)
            kind, materials = st.how_summoned(q, cards[0], kind or "special", "you", info.get("from"))
            if kind == "special":
                return _also(st, tail, st.spec("starts-chain", {"effect": {
                    "card": cards[0], "select": "summons-self"}}))
            c = st.db.get(cards[0])
            if kind in ("synchro", "xyz", "link", "fusion", "ritual", "pendulum") and \
                    kind not in c.subtypes:
                st.fail(f"{c.name} is not a {kind.title()} Monster", q)
            sid = f"s{len(st.summons) + 1}"
            ev = {"kind": "summon", "id": sid, "summon-kind": kind, "player": "you",
                  "what": cards[0]}
            if info.get("from"):
                ev["from"] = info["from"]
            if materials:
                ev["materials"] = materials
            st.events.append(ev)
            st.summons.append((sid, ev))
            got = {"summon": sid}
    if "effect" in got:
        return _also(st, tail, st.spec("starts-chain", {"effect": got["effect"]}))
    return _also(st, tail, st.spec("summon-starts-chain", {"summon": got["summon"]}))


BUILDERS = {
    "starts-chain": build_starts_chain,
    "summon-starts-chain": build_summon_starts_chain,
}


def situate_question(pq: ParsedQuestion, db: CardDB) -> dict:
    st = Situate(pq, db)
    st.situation(pq.tree)
    fam = find(pq.tree, "fam_" + pq.family.replace("-", "_"))
    return BUILDERS[pq.family](st, fam)


def _rel_verbs(st: Situate, node: Tree | None) -> list[str]:
    """The actions a described card's relative clause names ("the card it destroys")."""
    if node is None:
        return []
    out = []
    for rel in node.iter_subtrees_topdown():
        if rel.data == "thing_rel":
            out += [v for v in (st.r.action(t) for t in rel.iter_subtrees_topdown()
                                if t.data == "act_verb") if v]
    return out


def _first_effect(node: Tree) -> Tree:
    return next(ch for ch in node.children if isinstance(ch, Tree) and ch.data.startswith("eff_"))


def build_targets(st: Situate, fam: Tree) -> dict:
    ref = st.r.effect(_first_effect(fam))
    hint = _rel_verbs(st, sub(fam, "thing"))
    return st.spec("targets", {"effect": st.effect_ref(ref, hint=hint)})


BUILDERS["targets"] = build_targets



def build_can_target(st: Situate, fam: Tree) -> dict:
    verb = st.r.action(find(fam, "act_verb")) if sub(fam, "affect_vp") is not None else None
    ref = st.effect_ref(st.r.effect(_first_effect(fam)), hint=[verb] if verb else [])
    thing = sub(fam, "thing")
    if thing is not None and sub(fam, "prot_clause") is None and st.r.thing(thing).get("card"):
        return st.spec("can-target", {"effect": ref, "entity": _protected_card(st, fam, thing)})
    if thing is not None:
        prot = _protection(st, sub(fam, "prot_clause") or thing)
        if prot is None and "activate" in low(fam) and any(e["kind"] == "phase" for e in st.events):
            # "we are in the Damage Step. Can I activate X on the attacker?": can it be activated
            # at this point at all; whether it can target that card is asked too
            spec = st.spec("can-activate-now", {"effect": ref})
            spec["also_needs"] = f"whether it can target {st.r.said(thing)}"
            return spec
        if prot is None:
            st.fail("say what the card cannot be targeted by ('that cannot be targeted by card "
                    "effects')", thing)
        eid = _described_entity(st, thing, prot)
    else:
        eid = st.protected
        if eid is None:
            st.fail("which card is 'it'?", fam)
    return st.spec("can-target", {"effect": ref, "entity": eid})


BUILDERS["can-target"] = build_can_target


def _protected_card(st: Situate, fam: Tree, thing: Tree) -> str:
    """"Can I target my opponent's Borreload Dragon with X?": the protection its own text gives
    ("Neither player can target this card with monster effects"), if it covers the asker."""
    t = st.r.thing(thing)
    ws = t["words"]
    controller = "opponent" if ("opponent's" in ws or "their" in ws) else \
        "you" if "my" in ws else None
    if controller is None:
        st.fail(f"whose {t['card']}? ('my opponent's {t['card']}')", thing)
    asker = _asker(st, fam)
    facts = [f for f in st.reading(t["card"]).facts if f.type == "cannot_be_targeted"
             and f.get("what") != "attacks"]
    applies = [f for f in facts if f.get("by") == "any" or controller != asker]
    if not applies:
        st.fail(f"nothing in {t['card']}'s text keeps {'you' if asker == 'you' else 'them'} "
                "from targeting it: ask whether the effect targets", thing)
    eid = f"m{len(st.entities) + 1}"
    st.entities[eid] = {"card": t["card"], "desc": t["text"], "controller": controller,
                        "place": "field", "face": "up",
                        "cannot-be-targeted": applies[0].get("what")}
    return eid


def _activation_of(st: Situate, node: Tree | None, player: str) -> str:
    """The activation a response answers: named ("to X"), or the newest one ("to it")."""
    effs = [t for t in node.iter_subtrees_topdown() if t.data.startswith("eff_")] \
        if node is not None else []
    if effs:
        ir = st.r.effect(effs[0])
        ref = st.effect_ref(ir)
        aid = st._find_act(ref)
        if aid is not None:
            return aid
        owner = "you" if low(node)[1:2] == ["my"] else "opponent" if player == "you" else "you"
        return st._activate(ref, owner, {})
    if not st.acts:
        st.fail("respond to what? (tell what was activated first)", node)
    return st.acts[-1][0]


def build_can_respond(st: Situate, fam: Tree) -> dict:
    p = sub(fam, "player")
    player = st.r.player(p) if p is not None else "you"
    if player not in ("you", "opponent"):
        st.fail("who responds?", p)
    purpose = sub(fam, "purpose")
    hint = [st.r.action(sub(purpose, "act_verb"))] if purpose is not None else []
    responder = st.effect_ref(st.r.effect(_first_effect(fam)), hint=[h for h in hint if h])
    to = _activation_of(st, sub(fam, "resp_to"), player)
    spec = st.spec("can-respond", {"responder": responder, "to": to})
    if purpose is not None and sub(purpose, "neg_verb") is not None:
        return _stop_summon(st, purpose, responder, to, spec)
    if responder.get("generic"):
        st.fail("a card named only by its kind cannot be asked about as the response yet: name it",
                fam)
    before = sub(fam, "before_summon")
    if before is not None:      # "... before the Fusion Summon happens": what it makes on resolving
        _stop_summon(st, before, responder, to, {})
    if purpose is not None:
        verb = hint[0] if hint else None
        obj = low(purpose)[2:]
        if verb == "negate" and obj in ([], ["it"]):
            spec["and"] = [{"family": "negate-activation", "negator": responder, "activated": to}]
        else:
            spec["also_needs"] = f"whether it can {st.r.said(purpose)[3:]}"
    return spec


BUILDERS["can-respond"] = build_can_respond


def _stop_summon(st: Situate, purpose: Tree, responder: dict, to: str, spec: dict) -> dict:
    """"Can I chain X to the activation of Y to stop the Ritual Summon?": Y's effect makes that
    Summon when it resolves, so negating Y's activation stops it; both are asked."""
    kind = st.r.summon_kind(purpose) or "special"
    ref = next(r for a, r in st.acts if a == to)
    if not ref.get("card"):
        st.fail("which card makes that Summon?", purpose)
    from ..reader.select import select_effect
    reading = st.reading(ref["card"])
    eid = select_effect(reading, ref)
    verbs = {f.get("verb") for f in reading.facts if f.get("effect") == eid
             and f.type in ("clause", "clause_verb")}
    if f"{kind}-summon" not in verbs:
        st.fail(f"{ref['card']} makes no {kind.title()} Summon", purpose)
    spec["and"] = [{"family": "negate-activation", "negator": responder, "activated": to}]
    return spec


def _thing_verb(st: Situate, node: Tree | None) -> str | None:
    verbs = _rel_verbs(st, node)
    return verbs[0] if verbs else None


def _negated_effect(st: Situate, node: Tree) -> dict:
    """The effect whose cost the question is about: the one negated (or activated) last."""
    for e in reversed(st.events):
        if e["kind"] == "negate":
            for aid, ref in st.acts:
                if aid == e["of"]:
                    return ref
    if st.acts:
        return st.acts[-1][1]
    st.fail("whose cost? (tell what was activated and negated first)", node)
    return {}


COST_WORDS = {"lp": "pay", "life": "pay"}


def _cost_verb(st: Situate, fam: Tree) -> str:
    thing = sub(fam, "thing")
    verb = _thing_verb(st, thing)
    if verb is None:
        ws = low(fam)
        if "lp" in ws or "lost" in ws or "pay" in ws or "paid" in ws:
            verb = "pay"
        else:
            act = find(fam, "act_verb")
            verb = st.r.action(act) if act is not None and (thing is None or act not in list(
                thing.iter_subtrees())) else None
    if verb is None:
        verb = _told_cost_verb(st, fam, thing)
    if verb is None:
        st.fail("which cost? ('the card I discarded', 'the LP I paid')", fam)
    return verb


# a described card moved by a cost: "my banished Extra Deck cards"
PARTICIPLE_VERBS = {"banished": "banish"}


def _told_cost_verb(st: Situate, fam: Tree, thing: Tree | None) -> str | None:
    """The cost verb when the question names the card, not the action: "my banished cards", the
    card told moved for the cost ("I send X from my hand to activate it ... Is X still in my
    GY?"), or the card itself when its effect's cost moves "this card" ("Does X stay on the
    field?")."""
    if thing is not None:
        said = [PARTICIPLE_VERBS[w] for w in low(thing) if w in PARTICIPLE_VERBS]
        if len(said) == 1:
            return said[0]
    ref = _negated_effect(st, fam)
    aid = next((a for a, r in reversed(st.acts) if r == ref), None)
    cards = [st.r.card(t) for t in (thing or fam).scan_values(
        lambda v: getattr(v, "type", "") == "XCARD")] if thing is not None else \
        [st.r.card(t) for t in fam.children if getattr(t, "type", "") == "XCARD"]
    if aid in st.told_costs:
        told = next((e for e in st.events if e.get("id") == aid), {})
        if not cards or any(c.get("what") in cards for c in told.get("cost", [])):
            return st.told_costs[aid]
    if cards and ref.get("card") == cards[0] and ("stay" in low(fam) or "remain" in low(fam)):
        from ..reader.select import select_effect
        reading = st.reading(ref["card"])
        eid = select_effect(reading, ref)
        own = [f.get("verb") for f in reading.facts if f.type == "cost_action"
               and f.get("effect") == eid and f.source is not None
               and re.search(r"\bthis card\b", f.source.quote)]
        if len(own) == 1:
            return own[0]
    return None


class OldForm(Exception):
    """The question has the shape of a supposition question ("If ..., is it still ...?")."""


def build_cost_family(family: str):
    def build(st: Situate, fam: Tree) -> dict:
        if not any(e["kind"] == "negate" for e in st.events):
            if family == "still-done":      # nothing was negated: "is X still destroyed?"
                if not st.acts:
                    raise OldForm()
                return build_outcome(st, fam)
            if "returned" in low(fam) and any(e.get("targets") for e in st.events
                                             if e.get("kind") == "activate"):
                # nothing was negated, a target changed: "is the other one returned to my GY?"
                return build_outcome(st, fam, verb="return")
            st.fail("what was negated? (tell it: 'my opponent negates the activation of X')", fam)
        verb = _cost_verb(st, fam)
        return st.spec(family, {"effect": _negated_effect(st, fam), "verb": verb})
    return build


def build_is_cost(st: Situate, fam: Tree) -> dict:
    doing = sub(fam, "v_doing")
    if doing is None and sub(fam, "pre") is not None:
        return _told_cost_question(st, fam)
    if doing is None:                       # "Is X's milling a cost?"
        verb = st.r.action(find(fam, "act_verb"))
        card = [st.r.card(t) for t in fam.children if getattr(t, "type", "") == "XCARD"][0]
        ref = st.effect_ref({"how": "eff_poss", "card": card, "ord": None, "desc": [],
                             "quote": None, "rel": None, "text": st.r.said(fam)}, hint=[verb])
        return st.spec("is-cost", {"effect": ref, "verb": verb})
    verb = st.r.action(sub(doing, "act_verb"))
    effs = [t for t in fam.children if isinstance(t, Tree) and t.data.startswith("eff_")]
    if not effs:
        when = sub(fam, "cost_when")
        effs = [t for t in when.iter_subtrees_topdown() if t.data.startswith("eff_")] if when else []
    neg = sub(fam, "ev_negate")
    if not effs and neg is not None:
        return _cost_so_that(st, fam, doing, verb, neg)
    if not effs:
        st.fail("a cost of which effect?", fam)
    ref = st.effect_ref(st.r.effect(effs[0]), hint=[verb])
    return st.spec("is-cost", {"effect": ref, "verb": verb})


def _told_cost_question(st: Situate, fam: Tree) -> dict:
    """"When X is activated, does my opponent banish their cards right away as a cost?": is that
    action a cost of the activation told; a cost is paid by the player who activates, so when
    another player is named a yes is not given."""
    if not st.acts:
        st.fail("a cost of which activation? (tell it first)", fam)
    aid, ref = st.acts[-1]
    verb = st.r.action(find(sub(fam, "v_action"), "act_verb") or sub(fam, "v_action"))
    if verb is None:
        st.fail("which action?", fam)
    spec = st.spec("is-cost", {"effect": ref, "verb": verb})
    who = st.r.player(sub(fam, "player"))
    if who != st._act_player(aid):
        spec["also_needs"] = (f"whether {st.r.said(sub(fam, 'player'))} is the player who "
                              "activated it (a cost is paid by that player)")
    return spec


def _cost_so_that(st: Situate, fam: Tree, doing: Tree, verb: str, neg: Tree) -> dict:
    """"Is sending X ... a cost, so that it is in the GY even if my opponent negates X's effect?":
    two questions, both asked: is it a cost, and is it still done after that negation."""
    moved = st.r.thing(sub(doing, "thing"))
    st.ev_negate(neg)
    negated = [e for e in st.events if e["kind"] == "negate"][-1]
    ref = next(r for a, r in st.acts if a == negated["of"])
    if moved is None or moved.get("card") != ref.get("card"):
        st.fail("the card moved for the cost is not the card whose effect is negated", doing)
    spec = st.spec("is-cost", {"effect": ref, "verb": verb})
    spec["and"] = [{"family": "still-done", "effect": ref, "verb": verb}]
    return spec


BUILDERS["cost-returned"] = build_cost_family("cost-returned")
BUILDERS["still-done"] = build_cost_family("still-done")
BUILDERS["is-cost"] = build_is_cost


# ---------------------------------------------------------------------------
# "Does X still destroy it?" after a told Chain: the old suppositions, from the situation

def _cannot_outcome(st: Situate, q: Tree, ref: dict, verb: str | None) -> dict:
    """"I resolve X but have no cards to discard. Is the target still banished?": a part that
    cannot be done, and the part asked about."""
    from ..reader.select import select_clause

    verb = verb or st.r.action(find(q, "act_verb"))
    if st.changed or verb is None:
        st.fail("which part of the effect, and what changed?", q)
    reading = st.reading(ref["card"])
    eid = select_effect(reading, ref)
    for v in st.cannot + [verb]:
        try:
            select_clause(reading, eid, v)
        except QuestionError:
            st.fail(f"{ref['card']} has no part that does {v!r}", q)
    return {"family": "clause-done", "effect": ref, "part": verb,
            "suppose": [{"fails": {"part": v}} for v in st.cannot]}


def _negated_though(st: Situate, fam: Tree, q: Tree) -> dict:
    """"Is X's activation negated even though it cannot be destroyed (on the field)?": the part
    of the effect chained to X that negates, when its later part cannot be done to X."""
    from ..reader.select import select_clause

    subj = sub(q, "outcome_subj")
    verb = st.r.action(find(q, "act_verb"))
    cards = [st.r.card(t) for t in subj.children if getattr(t, "type", "") == "XCARD"] \
        if subj is not None else []
    if not cards or low(subj)[-1] != "activation" or verb != "negate":
        st.fail("ask 'is X's activation negated even though ...'", q)
    aid = st._find_act({"card": cards[0]})
    responders = [e for e in st.events if e.get("kind") == "activate" and e.get("respond") == aid]
    if aid is None or len(responders) != 1:
        st.fail(f"tell the activation of {cards[0]} and what was chained to negate it", q)
    ref = responders[0]["effect"]
    fail = sub(fam, "fail_it")
    who = [st.r.card(t) for t in fail.children if getattr(t, "type", "") == "XCARD"]
    if who and who[0] != cards[0]:
        st.fail(f"{st.r.said(fail)!r}: it is {cards[0]} that the question asks about", fail)
    failed = st.r.action(find(fail, "act_verb"))
    reading = st.reading(ref["card"]) if ref.get("card") else None
    if reading is None:
        st.fail("which card negates it?", q)
    eid = select_effect(reading, ref)
    for v in (verb, failed):
        try:
            select_clause(reading, eid, v)
        except QuestionError:
            st.fail(f"{ref['card']} has no part that does {v!r}", q)
    return {"family": "clause-done", "effect": ref, "part": verb,
            "suppose": [{"fails": {"part": failed}}]}


def _check_done(st: Situate, fam: Tree, ref: dict, reading) -> None:
    """"If I discard a card when X resolves, ...": that part of X is done, as the question
    supposes of every part nothing stops; it must be a part of X, done by its controller."""
    from ..reader.select import select_clause

    node = sub(fam, "part_done")
    if node is None:
        return
    verb = st.r.action(find(node, "act_verb"))
    cards = [st.r.card(t) for t in node.children if getattr(t, "type", "") == "XCARD"]
    act = next((e for e in st.events if e.get("kind") == "activate" and e.get("effect") == ref), None)
    if (cards and cards[0] != ref.get("card")) or act is None or \
            st.r.player(sub(node, "player")) != act.get("player"):
        st.fail(f"{st.r.said(node)!r} is not a part of the effect asked about", node)
    try:
        select_clause(reading, select_effect(reading, ref), verb)
    except QuestionError:
        st.fail(f"{ref['card']} has no part that does {verb!r}", node)


def _self_gone_outcome(st: Situate, q: Tree, ref: dict, verb: str | None) -> dict:
    """"My Set X targets their monster; they chain MST to destroy X. Is their monster still
    negated?": the targets did not change, only X's own card left the field, so the question is
    whether X still resolves."""
    from ..reader.select import select_clause

    verb = verb or st.r.action(find(q, "act_verb"))
    act = next(e for e in st.events if e.get("kind") == "activate" and e.get("effect") == ref)
    subj = sub(q, "outcome_subj") or sub(q, "thing")
    said = st.r.thing(find(subj, "thing") or subj) if subj is not None else None
    targets = act.get("targets") or []
    if verb is None or said is None or len(targets) != 1 or \
            (said.get("card") != targets[0] and not said["pronoun"] and
             _owner(said["words"]) not in (None, st._controller(targets[0]))):
        st.fail("ask about the card it targeted ('is their monster still negated?')", q)
    reading = st.reading(ref["card"])
    try:
        select_clause(reading, select_effect(reading, ref), verb)
    except QuestionError:
        st.fail(f"{ref['card']} has no part that does {verb!r}", q)
    return st.spec("resolves", {"effect": ref})


def build_outcome(st: Situate, fam: Tree, verb: str | None = None) -> dict:
    from ..reader.select import select_clause

    q = find(fam, "outcome_q") or fam
    if sub(fam, "fail_it") is not None:
        return _negated_though(st, fam, q)
    if getattr(st, "held", None):        # told what the player had at activation (topic H)
        return build_held(st, fam, q)
    by = [t for t in q.iter_subtrees_topdown() if t.data.startswith("eff_")]
    removed = _removed_link(st, q, by)
    if removed is not None:                 # its card was removed by a link chained to it
        return _resolves_after(st, removed, q)
    if by:
        ir = st.r.effect(by[0])
        told = [r for _, r in st.acts if r.get("card") == ir.get("card")]
        plain = not (ir.get("ord") or ir.get("desc") or ir.get("quote") or ir.get("rel"))
        # "destroyed by Gyzarus": the effect of that card told before
        ref = told[-1] if told and plain else st.effect_ref(ir)
    else:
        with_targets = [e for e in st.events if e.get("kind") == "activate" and e.get("targets")]
        if not with_targets and st.cannot and st.acts:
            ref = st.acts[-1][1]
        elif not with_targets:
            st.fail("whose effect is asked about?", q)
        else:
            ref = with_targets[0]["effect"]
    if st.cannot:
        return _cannot_outcome(st, q, ref, verb)
    gone = [aid for aid, r in st.acts if r == ref and aid in st.self_gone]
    if gone and not st.changed:
        return _self_gone_outcome(st, q, ref, verb)
    act = next((e for e in st.events if e.get("kind") == "activate" and
                e["effect"].get("card") == ref.get("card")), None)
    if act is None or not act.get("targets"):
        st.fail("tell what the effect targeted ('I target X with Y ...')", q)
    verb = verb or st.r.action(find(q, "act_verb"))
    if verb is None:
        st.fail("which part of the effect?", q)
    reading = st.reading(ref["card"])
    _check_done(st, fam, ref, reading)
    eid = select_effect(reading, ref)
    try:
        n = select_clause(reading, eid, verb)
    except QuestionError:
        st.fail(f"{ref['card']} has no part that does {verb!r}", q)
    targets = act["targets"]
    words = low(q)
    subj = sub(q, "outcome_subj") or sub(q, "thing")
    subj_words = low(subj) if subj is not None else []
    if subj_words[-1:] == ["activation"]:
        st.fail("an activation is negated or not: ask 'is X's activation negated even though ...', "
                "or 'can Y negate the activation of X?'", subj)
    ent = st.entities.get(targets[0], {}) if len(targets) == 1 else {}
    told_face = ent.get("face") or ("up" if "face-up" in ent.get("desc", "").lower().split() else None)
    obj_node = sub(q, "outcome_obj")
    asked_words = subj_words + (low(obj_node) if obj_node is not None else [])
    if "face-down" in asked_words and told_face == "up" and targets[0] not in st.changed:
        # "the face-down monster": the question says the face-up target is face-down now
        note_change(st, targets[0], {"property": "face", "value": "face-down"})
    if "now" in words and ("face-down" in words or "face-up" in words) and len(targets) == 1:
        # "the now face-down monster": the question says what became of the target
        note_change(st, targets[0], {"property": "face",
                                     "value": "face-down" if "face-down" in words else "face-up"})
    _told_conds(st, fam, act)
    implied_response_changes(st)
    st.check_pending()
    changed = st.changed
    names = {t: st.entities.get(t, {}).get("desc") or t for t in targets}
    suppose = [{"targeted": {"target": names[t], "slot": 1}} for t in targets]
    for t, ch in changed.items():
        if t in names:
            if ch.get("left"):
                suppose.append({"left": {"target": names[t]}})
            else:
                suppose.append({"state": {"target": names[t], "property": ch["property"],
                                          "value": ch["value"]}})
    refs = [f for f in reading.facts if f.type == "reference" and f.get("effect") == eid
            and f.get("n") == n and f.get("slot", 0) > 0]
    if refs and any(w in subj_words for w in ("copy", "copies", "name")):
        # "their other copies with that name": cards that are not the targets
        refs = []
    if not refs:        # a part that does not act on the targets ("do I still draw?")
        return {"family": "clause-done", "effect": ref, "part": verb, "suppose": suppose}
    if "other" in words or "remaining" in words:
        keep = [t for t in targets if t not in changed]
        said = [w for w in subj_words if w.isdigit()]
        if said and int(said[0]) != len(keep):
            st.fail(f"'{' '.join(subj_words)}': {len(keep)} targets are left, not {said[0]}", q)
        if not keep or (len(keep) != 1 and "remaining" not in words and not said):
            st.fail("which one is 'the other'?", q)
        asked = keep[0]
    elif len(targets) != 1:
        # "their targeted card", "my Unchained monster": the target whose controller it says
        owner = _owner(subj_words) if subj is not None else None
        fit = [t for t in targets if owner and st._controller(t) == owner]
        if len(fit) != 1:
            st.fail("which of the targets is asked about?", q)
        asked = fit[0]
    else:
        asked = targets[0]
    obj = sub(q, "outcome_obj")
    if obj is not None and low(obj)[0] == "from":
        # "banished from the field": the target must be there when the effect resolves
        place = st.r.place(sub(obj, "place"))
        now = changed.get(asked, {}).get("to") if changed.get(asked, {}).get("left") else \
            st.entities.get(asked, {}).get("place")
        if place is None or now != place:
            st.fail(f"the question says {st.r.said(obj)!r}, but the situation does not put the "
                    "card there when the effect resolves", obj)
    return {"family": "affected", "effect": ref, "target": names[asked], "part": verb,
            "suppose": suppose}


BUILDERS["clause-done"] = build_outcome


def build_again_this_turn(st: Situate, fam: Tree) -> dict:
    first = _first_use(st, fam)
    if first is not None:
        return first
    obj = sub(fam, "again_obj")
    who_cards = [t for t in sub(fam, "again_who").children if getattr(t, "type", "") == "XCARD"]
    if who_cards:                          # "Can that same X activate its ... effect?"
        st.last_card = st.db.get(st.r.card(who_cards[0])).name
    effs = [t for t in obj.children if isinstance(t, Tree) and t.data.startswith("eff_")
            and t.data not in EFF_PARTS]
    cards = [st.r.card(t) for t in obj.children if getattr(t, "type", "") == "XCARD"]
    descs = [" ".join(low(d)) for d in obj.iter_subtrees_topdown() if d.data == "eff_desc"
             and not any(getattr(x, "type", "") == "XQUOTE" for x in d.children)]
    quotes = [st.r.quotes[int(x)] for d in obj.iter_subtrees_topdown() if d.data == "eff_desc"
              for x in d.children if getattr(x, "type", "") == "XQUOTE"]
    where = sub(obj, "again_where")
    if where is not None and st.r.player(sub(where, "player")) != \
            st.r.player(sub(sub(fam, "again_who"), "player")):
        st.fail("whose copy? (the one asking controls it: 'another X that I control')", where)
    if effs:
        ref = st.effect_ref(st.r.effect(effs[0]))
    else:
        if not cards and (quotes or descs) and st.last_card:    # "its '...' effect"
            cards = [st.last_card]
        ir = {"how": "eff_card" if cards else "eff_its", "card": cards[0] if cards else None,
              "ord": None, "desc": descs, "quote": quotes[0] if quotes else None, "rel": None,
              "text": st.r.said(obj)}
        if not cards and not descs and st.acts:      # "its effect" / "that effect": the one used
            # by the card the question is about (the one named last), not an effect told after
            mine = [r for _a, r in st.acts if r.get("card") == st.last_card]
            if not mine and len(st.acts) > 1:
                st.fail("which effect is 'that effect'? (name it)", obj)
            ref = (mine or [st.acts[-1][1]])[-1]
        else:
            ref = st.effect_ref(ir)
    who = low(sub(fam, "again_who"))
    words = low(fam)
    another = bool(sub(obj, "again_copy")) or "each" in who or "both" in who or \
        "they" in who or "different" in words
    same = "it" in who or "same" in who
    note = _copies(st).get(ref.get("card"), {})
    used_at = max((i for i, e in enumerate(st.events) if e.get("kind") == "activate"
                   and e["effect"].get("card") == ref.get("card")), default=None)
    if "it" in who and note.get("later") and used_at is not None and note.get("at", -1) > used_at:
        # "I Link Summon a second X. Can it use its effect?": "it" is that other copy
        another, same = True, False
    if ("each" in who or "both" in who or "they" in who) and note and note.get("count", 0) < 2:
        st.fail("each of which copies? (tell them: 'I control two X')", fam)
    if not another and not same and _binds_every_copy(st, ref):
        same = True         # "Can I use X's effect again?": a limit on the name binds every copy
    if another == same:
        st.fail("the same card again, or another copy?", fam)
    used = [(aid, r) for aid, r in st.acts if r.get("card") == ref.get("card")]
    if not used:
        if "each" in who or "both" in who:           # "I control two X. Can each use ...?"
            used_ev = {"kind": "used", "effect": ref, "copy": "another", "outcome": "resolved"}
            return st.spec("again-this-turn", {"effect": ref}) | {"situation": [used_ev]}
        st.fail("what was used before? (tell it: 'I already used X this turn')", fam)
    aid, used_ref = used[-1]
    if used_ref != ref and used_ref.get("select") != ref.get("select"):
        st.fail("the question asks about another effect than the one used", fam)
    outcome = "resolved"
    since = "stayed"
    seen = False
    for e in st.events:
        if e.get("id") == aid:
            seen = True
            continue
        if not seen:
            continue
        if e["kind"] == "negate" and e["of"] == aid:
            outcome = f"{e['what']}-negated"
        if e["kind"] in ("summon", "move") and e.get("what") == ref.get("card"):
            since = "left-and-returned"
        if any(d.get("what") == ref.get("card") for d in e.get("does", [])):
            since = "left-and-returned"        # "I Special Summoned it back with X"
    if since == "left-and-returned" and not same:
        st.fail("a copy that left and came back is the same card: ask 'can it ...'", fam)
    used_ev = {"kind": "used", "effect": used_ref, "copy": "another" if another else "same",
               "outcome": outcome, "since": since}
    phases = [e for e in st.events if e["kind"] == "phase"]
    return {"family": "again-this-turn", "effect": ref, "situation": phases + [used_ev]}


BUILDERS["again-this-turn"] = build_again_this_turn


SUMMON_NODES = ("summon_of", "summon_poss", "summon_by", "summon_using", "summon_being",
                "summon_bare")


def build_negate_summon(st: Situate, fam: Tree) -> dict:
    effs = [t for t in fam.children if isinstance(t, Tree) and t.data.startswith("eff_")]
    if not effs:
        st.fail("which card negates?", fam)
    # "Can X negate ...", "Can I activate X to negate ...", "Can I negate ... with X"
    negator = st.effect_ref(st.r.effect(effs[0]), hint=["negate"])
    ref = sub(fam, "summon_ref")
    vs = next((t for t in fam.children if isinstance(t, Tree) and t.data in SUMMON_NODES), None)
    node = ref if ref is not None else vs
    kind = st.r.summon_kind(node) if node is not None else None
    if node is None:
        st.fail("which Summon?", fam)
    if ref is not None or vs.data == "summon_bare":
        found = [(sid, ev) for sid, ev in st.summons
                 if kind in (None, "special") or ev.get("summon-kind") in (kind, "by-effect")]
        if not found and st.acts and kind not in (None, "special"):
            return _summon_to_come(st, node, negator, kind)
        if not found:
            st.fail("which Summon? (tell it first: 'My opponent Synchro Summons X.')", node)
        sid, ev = found[-1]
    else:
        got = _summon_subject(st, vs)
        if "summon" not in got:
            st.fail("say how the monster is Summoned ('the Synchro Summon of X')", vs)
        sid, ev = got["summon"], got["event"]
        whom = sub(fam, "by_whom")
        said = st.r.player(sub(whom, "player")) if whom is not None else None
        if said in ("you", "opponent"):
            ev["player"] = said
        else:
            st.unsaid_summoner.add(sid)
    st.summon_made(sid)
    if sid in st.unsaid_summoner:
        # whether "your opponent" Summons can decide a negation: never guess who Summoned,
        # unless the negating card's condition covers any player's Summon
        reading = st.reading(negator["card"])
        scopes = [f for f in reading.facts if f.type == "negation_scope" and f.get("what") == "summon"]
        if not scopes or any(f.get("summoner") != "any" for f in scopes):
            st.fail("who Summons it? ('the Synchro Summon of X by my opponent', or tell it: "
                    "'my opponent Synchro Summons X')", node)
        ev["player"] = "opponent"    # any player's Summon: who does not change the answer
    # a Summon told last is being performed: the Summon negation window is open
    last = st.events[-1] if st.events else None
    if last is ev and ("by" not in ev or sid in st.granted):
        ev["attempt"] = True
    return st.spec("negate-summon", {"negator": negator, "summon": sid})


BUILDERS["negate-summon"] = build_negate_summon


def _summon_to_come(st: Situate, node: Tree, negator: dict, kind: str) -> dict:
    """"My opponent activates Polymerization. Can I stop their Fusion Summon?": the Summon the
    activated card makes when it resolves; it is stopped by negating that Summon, or by
    negating the activation that makes it (either is enough)."""
    aid, ref = st.acts[-1]
    if not ref.get("card"):
        st.fail("which card makes that Summon?", node)
    from ..reader.select import select_effect
    reading = st.reading(ref["card"])
    eid = select_effect(reading, ref)
    if not any(f.get("effect") == eid and f.get("verb") == f"{kind}-summon"
               and f.type in ("clause", "clause_verb") for f in reading.facts):
        st.fail(f"{ref['card']} makes no {kind.title()} Summon (tell the Summon first)", node)
    act = next(e for e in st.events if e.get("id") == aid)
    before = [dict(e) for e in st.events]
    what = st.entity({"text": f"a {kind.title()} Monster", "words": [], "pronoun": False},
                     kind="monster")
    sid = f"s{len(st.summons) + 1}"
    act.setdefault("does", []).append({"action": "summoned", "id": sid, "what": what,
                                       "summon-kind": kind})
    st.events.append({"kind": "resolve"})
    st.summons.append((sid, {"summon-kind": kind, "by": aid}))
    spec = st.spec("negate-summon", {"negator": negator, "summon": sid})
    spec["or"] = [{"family": "negate-activation", "negator": negator, "activated": aid,
                   "situation": before}]
    return spec


def build_negate_activation(st: Situate, fam: Tree) -> dict:
    """"Can X negate (the activation of) Y?": Y named, or an activation told before."""
    effs = [t for t in fam.children if isinstance(t, Tree) and t.data.startswith("eff_")]
    act = sub(fam, "activated")
    inner = [t for t in act.children if isinstance(t, Tree) and t.data.startswith("eff_")] \
        if act is not None else []
    if not effs or not inner:
        raise OldForm()                     # "the activation of a Spell Card that ..."
    negator = st.effect_ref(st.r.effect(effs[0]), hint=["negate"])
    ir = st.r.effect(inner[0])
    if ir["how"] == "eff_it":
        if not st.acts:
            st.fail("negate what? (tell what was activated first)", act)
        return st.spec("negate-activation", {"negator": negator, "activated": st.acts[-1][0]})
    target = st.effect_ref(ir)
    told = st._find_act(target)
    return st.spec("negate-activation", {"negator": negator,
                                         "activated": told if told else target})


BUILDERS["negate-activation"] = build_negate_activation


def build_can_activate_now(st: Situate, fam: Tree) -> dict:
    """"Can I activate X (during the Damage Step / in response to that Summon / then)?"."""
    if sub(fam, "act_by") is not None:
        return _negates_what_is_activated(st, fam)   # "Can X negate a monster effect that ...?"
    purpose = sub(fam, "purpose")
    hint = [st.r.action(sub(purpose, "act_verb"))] if purpose is not None else []
    if sub(fam, "own_eff") is not None:
        # "can I still Special Summon X from my hand with its effect?"
        ref = _own_effect(st, fam)
        if _open_activation(st, ref) is not None:
            spec = _resolves_after(st, ref, fam)
            named = st.r.thing(sub(fam, "thing")).get("card")
            text = " ".join(e.text for e in st.reading(ref["card"]).effects)
            if named and named != ref["card"] and named not in text:
                spec["also_needs"] = f"whether that effect can {st.r.said(find(fam, 'act_verb'))} {named}"
            return spec
    else:
        ref = st.effect_ref(st.r.effect(_first_effect(fam)), hint=[h for h in hint if h])
    slots: dict = {"effect": ref}
    if st.cannot:
        slots["cannot"] = list(st.cannot)      # "I have no cards in my hand to discard"
    whens = subs(fam, "now_when")
    also = []
    for w in whens:
        if low(w)[0] in ("on", "targeting"):
            also.append(f"whether it can target {st.r.said(sub(w, 'thing'))}")
            continue
        if low(w) == ["after", "that"]:
            continue                         # "after that": the point the situation reached
        if low(w)[0] == "from":              # "from my hand": where it would be activated from
            if st.r.player(sub(w, "poss")) != _asker(st, fam):
                st.fail("from whose hand? (the player who activates it)", w)
            slots["from"] = "hand"
            continue
        ph = sub(w, "phase")
        if ph is not None:
            phase = st.r.phase(ph)
            turn = st.r.player(sub(w, "poss"))
            if turn not in ("you", "opponent") and low(w)[:3] == ["at", "the", "end"] and any(
                    f.type == "phase_condition" and f.get("phase") == phase
                    and f.get("turn") == "any" and f.get("effect") == select_effect(
                        st.reading(ref["card"]), ref) for f in st.reading(ref["card"]).facts):
                # "at the end of the Battle Phase" of an effect whose own window is that, in
                # either player's turn: the phase is told, whose turn it is is not
                st.events.append({"kind": "phase", "phase": phase, "turn": "any"})
                continue
            if turn not in ("you", "opponent"):
                if phase != "damage-step":
                    st.fail("whose turn? ('during my opponent's Battle Phase')", w)
                turn = "you"                 # the Damage Step's rules are the same in either turn
            st.events.append({"kind": "phase", "phase": phase, "turn": turn})
        elif "summon" in low(w) or "against" in low(w):
            if not st.summons:
                st.fail("which Summon? (tell it first)", w)
            slots["event"] = st.summons[-1][0]
    if not whens and not st.events:
        st.fail("at what point? (tell what happened, or 'during the Damage Step')", fam)
    if "event" not in slots and not any(sub(w, "phase") for w in whens):
        event = _event_for(st, ref, purpose)
        if event is not None:
            slots["event"] = event
    cannot = [v for v in unpayable_costs(st, ref, player=_asker(st, fam))
              if v not in slots.get("cannot", [])]
    if cannot:
        slots["cannot"] = slots.get("cannot", []) + cannot
    if _asker(st, fam) != "you":
        slots["player"] = _asker(st, fam)      # "Can my opponent activate X?"
    spec = st.spec("can-activate-now", slots)
    if purpose is not None:
        obj = low(purpose)[2:]
        if st.r.action(sub(purpose, "act_verb")) == "negate" and obj in ([], ["it"]) and st.acts:
            # "... to negate it": it must also be able to negate that activation
            spec["and"] = [{"family": "negate-activation", "negator": ref,
                            "activated": st.acts[-1][0]}]
        elif not _purpose_is_its_own(st, ref, purpose):
            also.append(f"whether it can {st.r.said(purpose)[3:]}")
    if also:
        spec["also_needs"] = "; ".join(also)
    return spec


BUILDERS["can-activate-now"] = build_can_activate_now


def _asker(st: Situate, fam: Tree) -> str:
    """Who activates in "Can I activate X ...?" (the asker unless a player is named)."""
    p = sub(fam, "player")
    who = st.r.player(p) if p is not None else "you"
    return who if who in ("you", "opponent") else "you"


def build_simultaneous(st: Situate, fam: Tree) -> dict:
    """"When X resolves, are X and the Y Token Special Summoned at the same time?": the two parts
    of X's effect that do that action, one to the card itself, one to the other thing named."""
    things = subs(fam, "thing")
    lead = [t for t in fam.children if getattr(t, "type", "") == "XCARD"]
    if len(things) != 2 or not lead:
        raise OldForm()                     # the other wordings: read by resolve.py
    card = st.r.card(lead[0])
    verb = st.r.action(find(sub(fam, "v_action"), "act_verb"))
    ref = st.effect_ref({"how": "eff_card", "card": card, "ord": None, "desc": [], "quote": None,
                         "rel": None, "text": st.r.said(lead[0])}, hint=[verb] if verb else [])
    reading = st.reading(card)
    eid = select_effect(reading, ref)
    clauses = [f for f in reading.facts if f.type == "clause" and f.get("effect") == eid
               and f.get("verb") == verb and f.source]
    parts = []
    for node in things:
        t = st.r.thing(node)
        if t.get("card") == card:           # the card itself: the part that does it to "this card"
            fit = [f for f in clauses if "this card" in f.source.quote]
        else:
            said = [t["card"]] if t.get("card") else \
                [w for w in t["text"].split() if w.lower() not in ("the", "a", "an", "1")]
            fit = [f for f in clauses if "this card" not in f.source.quote and said and
                   all(w.lower() in f.source.quote.lower() for w in said)]
        if len(fit) != 1:
            st.fail(f"which part of {card} does {verb!r} to {t['text']!r}?", node)
        parts.append(fit[0].get("n"))
    if parts[0] == parts[1]:
        st.fail("the two things are done by one part", fam)
    return st.spec("simultaneous", {"effect": ref, "left": parts[0], "right": parts[1]})


BUILDERS["simultaneous"] = build_simultaneous

# ---------------------------------------------------------------------------
# told Chains: which event an effect would answer, links still open, effects negated

def _steps(st: Situate) -> list[tuple[str, object]]:
    """Every told thing that happened to a card, with an id, oldest first: (id, what)."""
    out = []
    for e in st.events:
        if e.get("kind") == "activate":
            out += [(d["id"], d.get("what")) for d in e.get("does", []) if d.get("id")]
        elif e.get("kind") in ("summon", "move") and e.get("id"):
            out.append((e["id"], e.get("what")))
    return out


def _event_for(st: Situate, ref: dict, purpose: Tree | None) -> str | None:
    """The event a "When/If ..." effect would answer: the one that happened to the card the
    question names ("... to destroy Nibiru"), else to the effect's own card, else the only one
    told, else the newest Summon."""
    steps = _steps(st)
    thing = sub(purpose, "thing") if purpose is not None else None
    named = st.r.thing(thing).get("card") if thing is not None else None
    if named:
        mine = [sid for sid, what in steps if what == named]
        if not mine:
            st.fail(f"nothing happened to {named} in what was told", thing)
        return mine[-1]
    own = [sid for sid, what in steps if what == ref.get("card")]
    if own:
        return own[-1]
    if len(steps) == 1:
        return steps[0][0]
    if st.summons:
        return st.summons[-1][0]
    return None


STOP = {"a", "an", "the", "1", "one", "monster", "monsters", "card", "cards", "from", "my", "your",
        "their", "to", "in", "hand", "deck", "gy", "graveyard", "field", "on"}


def _purpose_is_its_own(st: Situate, ref: dict, purpose: Tree) -> bool:
    """"Can I activate X to Special Summon a Yang Zing monster?": the purpose only says what X
    does (its verb, and words of its own text), so it asks nothing more."""
    from .told import _does, _norm

    verb = st.r.action(sub(purpose, "act_verb"))
    if not verb or not ref.get("card"):
        return False
    reading = st.reading(ref["card"])
    try:
        eid = select_effect(reading, ref)
    except QuestionError:
        return False
    if not _does(reading.facts, eid, verb):
        return False
    thing = sub(purpose, "thing")
    if thing is None:
        return low(purpose)[-1] != "it"     # "to destroy it": is "it" what the effect destroys?
    text = set(_norm(next(e.text for e in reading.effects if e.id == eid)).split())
    return all(w in text for w in _norm(st.r.said(thing)).split() if w not in STOP)


def _own_effect(st: Situate, fam: Tree) -> dict:
    """"... X with its (activation) effect": the effect of the card that does the verb; "its" is
    a card whose told activation does it, else the card the question names."""
    verb = st.r.action(find(fam, "act_verb"))
    own = sub(fam, "own_eff")
    cards = [st.r.card(t) for t in own.children if getattr(t, "type", "") == "XCARD"]
    activation = "activation" in low(own)
    if not cards:
        # "its" is a card whose activation is still waiting to resolve, and whose card was removed
        told = [r for aid, r in st.acts if r.get("card") and _effect_does(st, r, verb)]
        told += [r for aid, r in st.acts if r.get("select") == "activation" and r not in told
                 and any(_effect_does(st, {"card": r["card"], "n": e.n}, verb)
                         for e in st.reading(r["card"]).effects if e.n > 0)]
        told = [r for r in told if _card_removed(st, r)]
        thing = st.r.thing(sub(fam, "thing"))
        cards = [told[-1]["card"]] if told else [thing["card"]] if thing.get("card") else []
    if not cards:
        st.fail("whose effect?", own)
    thing = st.r.thing(sub(fam, "thing"))
    ir = {"how": "eff_poss", "card": cards[0], "ord": None, "desc": [], "quote": None,
          "rel": None, "text": st.r.said(own)}
    try:
        ref = st.effect_ref(ir, hint=[verb])
    except QuestionError:
        # several do it: "Special Summon X from my hand with its effect" is the one that Summons
        # "this card" (when X is the card itself) from the place said
        from .told import _does, _norm

        reading = st.reading(cards[0])
        places = [st.r.place(p) for p in sub(fam, "thing").iter_subtrees_topdown()
                  if p.data == "place"] + [st.r.place(p) for t in subs(fam, "thing_post")
                                           for p in t.iter_subtrees_topdown() if p.data == "place"]
        fit = [e for e in reading.effects if e.n > 0 and _does(reading.facts, e.id, verb)
               and (thing.get("card") != cards[0] or
                    f"{verb.replace('-', ' ')} this card" in _norm(e.text))
               and all(p is None or f"your {'gy' if p == 'gy' else p}" in _norm(e.text)
                       for p in places)]
        if len(fit) != 1:
            raise
        ref = {"card": reading.card.name, "n": fit[0].n}
    if not _effect_does(st, ref, verb):
        st.fail(f"no effect of {cards[0]} does that", own)
    if activation and not _activation_effect(st, ref):
        st.fail(f"{st.r.said(own)!r} is not the effect of activating {cards[0]}", own)
    return ref


def _effect_does(st: Situate, ref: dict, verb: str | None) -> bool:
    from .told import _does

    if not verb or not ref.get("card"):
        return False
    reading = st.reading(ref["card"])
    if ref.get("select") == "activation" and reading.card.kind in ("spell", "trap"):
        # activating a Spell/Trap Card: its effect, or its "When this card is activated" effect
        return any(_does(reading.facts, e.id, verb) for e in reading.effects
                   if e.n == 0 or e.text.lower().startswith("when this card is activated")
                   or len([x for x in reading.effects if x.n > 0]) == 1)
    try:
        eid = select_effect(reading, ref)
    except QuestionError:
        return any(_does(reading.facts, e.id, verb) for e in reading.effects)
    return _does(reading.facts, eid, verb)


def _activation_effect(st: Situate, ref: dict) -> bool:
    reading = st.reading(ref["card"])
    if reading.card.kind not in ("spell", "trap"):
        return False
    eid = select_effect(reading, ref)
    text = next((e.text for e in reading.effects if e.id == eid), "")
    return eid.endswith("#0") or text.lower().startswith("when this card is activated")


def _open_links(st: Situate) -> list[str]:
    """The told activations not resolved yet, oldest first."""
    stack: list[str] = []
    for e in st.events:
        k = e.get("kind")
        if k == "activate":
            if not e.get("respond"):
                stack = []
            stack.append(e["id"])
        elif k == "resolve":
            if e.get("of"):
                stack = [a for a in stack if a != e["of"]]
            else:
                stack = []
        elif k in ("summon", "move", "attack") and not e.get("attempt"):
            stack = []
    return stack


def _open_activation(st: Situate, ref: dict) -> str | None:
    open_ = _open_links(st)
    for aid, r in reversed(st.acts):
        if aid in open_ and r.get("card") == ref.get("card"):
            return aid
    return None


GONE = ("destroyed", "banished", "sent-to-gy", "returned-to-hand", "returned-to-deck",
        "returned-to-extra", "tributed", "flipped-face-down")


def _resolves_after(st: Situate, ref: dict, node: Tree) -> dict:
    """"Does X still ...?" where X's card was removed by a link chained to it: does X still
    resolve?  The links chained after it resolve first (newest first)."""
    aid = _open_activation(st, ref)
    if aid is None:
        st.fail("that effect was not activated in what was told", node)
    act = next(e for e in st.events if e.get("id") == aid)
    if any(e.get("kind") == "negate" for e in st.events):
        st.fail("a negation and a removal at once are not placed yet", node)
    if st.changed:
        st.fail("a changed target and a removed card at once are not placed yet", node)
    open_ = _open_links(st)
    later = open_[open_.index(aid) + 1:]
    for lid in reversed(later):
        st.events.append({"kind": "resolve", "of": lid})
    return st.spec("resolves", {"effect": act["effect"]})


def _card_removed(st: Situate, ref: dict) -> bool:
    """Was the card of X's told, still open activation removed by a link chained to it?"""
    aid = _open_activation(st, ref)
    if aid is None:
        return False
    act = next(e for e in st.events if e.get("id") == aid)
    me = {ref.get("card"), act.get("source")} - {None}
    seen = False
    for e in st.events:
        if e.get("id") == aid:
            seen = True
        elif seen and e.get("kind") == "activate":
            if any(d.get("what") in me and d.get("action") in GONE for d in e.get("does", [])):
                return True
    return False


def build_effect_negated(st: Situate, fam: Tree) -> dict:
    """"Is the effect (that was already activated) negated?": a told activation that something
    was chained to."""
    node = sub(fam, "negated_eff")
    answered = [e["respond"] for e in st.events if e.get("kind") == "activate" and e.get("respond")]
    effs = [t for t in node.children if isinstance(t, Tree) and t.data.startswith("eff_")
            and t.data not in ("eff_desc", "eff_noun")]
    if effs:
        ref = st.effect_ref(st.r.effect(effs[0]))
        cands = [aid for aid, r in st.acts if r == ref]
    else:
        descs = [" ".join(low(d)) for d in subs(node, "eff_desc")]
        cands = []
        for aid, r in st.acts:
            if aid not in answered:
                continue
            if descs and r.get("card"):
                want = st.effect_ref({"how": "eff_poss", "card": r["card"], "ord": None,
                                      "desc": descs, "quote": None, "rel": None,
                                      "text": st.r.said(node)})
                if want != r:
                    continue
            elif descs and any(d not in ("trigger", "quick", "ignition", "monster") for d in descs):
                continue
            cands.append(aid)
    cands = [a for a in cands if a in answered] or cands
    if len(cands) != 1:
        st.fail("which activated effect? (tell it first: 'my opponent activates X, and I chain "
                "Y to it')" if not cands else "which of the activated effects?", node)
    return st.spec("effect-negated", {"activation": cands[0]})


BUILDERS["effect-negated"] = build_effect_negated


def _removed_link(st: Situate, q: Tree, by: list) -> dict | None:
    """"Do I still draw 2 cards?" / "Does X's effect still destroy its target?" after a told Chain
    in which X's card was removed by a link chained to it: the effect asked about, if so."""
    verb = st.r.action(find(q, "act_verb"))
    if by:
        ir = st.r.effect(by[0])
        told = [r for aid, r in st.acts if aid in _open_links(st) and r.get("card") == ir.get("card")]
        plain = not (ir.get("ord") or ir.get("desc") or ir.get("quote") or ir.get("rel"))
        # "X's effect": the one of X activated in what was told
        cands = told[-1:] if plain and told else [st.effect_ref(ir)]
    else:
        cands = [r for aid, r in st.acts if aid in _open_links(st) and _effect_does(st, r, verb)]
    if len(cands) != 1 or not _card_removed(st, cands[0]):
        return None
    if not _effect_does(st, cands[0], verb):
        st.fail(f"{cands[0]['card']} does not {verb} with that effect", q)
    _same_numbers(st, cands[0], q)
    return cands[0]


NUMBER_WORDS = {"one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6"}


def _same_numbers(st: Situate, ref: dict, q: Tree) -> None:
    """"Do I still draw 2 cards?": a number the question says must be the effect's own."""
    obj = sub(q, "outcome_obj")
    if obj is None:
        return
    ws = [str(t).lower() for t in obj.scan_values(lambda v: getattr(v, "type", "") not in
                                                   ("XCARD", "XQUOTE"))]
    said = {NUMBER_WORDS.get(w, w) for w in ws if w.isdigit() or w in NUMBER_WORDS}
    reading = st.reading(ref["card"])
    texts = " ".join(e.text for e in reading.effects)
    have = set(re.findall(r"\d+", texts))
    if not said <= have:
        st.fail(f"{ref['card']} says no such number ({', '.join(sorted(said - have))})", obj)


def build_resolves(st: Situate, fam: Tree) -> dict:
    """"I activate X and my opponent chains Y to destroy it. Does X still resolve?"; a question
    that supposes instead ("Does X resolve if ...?") is the older form."""
    if sub(fam, "situation") is not None or not st.acts:
        raise OldForm()
    ref = st.effect_ref(st.r.effect(_first_effect(fam)))
    told = [r for aid, r in st.acts if aid in _open_links(st) and r.get("card") == ref.get("card")]
    if told:
        ref = told[-1]
    if not _card_removed(st, ref):
        st.fail("what happened to it before it resolved? (tell it: 'my opponent chains Y to "
                "destroy it')", fam)
    return _resolves_after(st, ref, fam)


BUILDERS["resolves"] = build_resolves


def build_happens_at(st: Situate, fam: Tree) -> dict:
    """"Do I choose which X effect to use when I activate the card?", "When I activate X, can I
    wait until it resolves to decide whether to destroy A or B?": when a bullet is chosen."""
    choice = sub(fam, "bullet_choice")
    if choice is None:
        raise OldForm()                       # the other forms: the supposition builder
    cards = [st.r.card(t) for t in fam.scan_values(lambda v: getattr(v, "type", "") == "XCARD")]
    if not cards or len(set(cards)) > 1:
        st.fail("which card's effects?", fam)
    reading = st.reading(cards[0])
    card = reading.card.name
    with_bullets = [f.get("effect") for f in reading.facts if f.type == "bullets"]
    if len(with_bullets) != 1:
        st.fail(f"{card} has no one effect with bullets to choose from" if not with_bullets else
                f"{card} has more than one effect with bullets: say which", fam)
    eid = with_bullets[0]
    effect = next(e for e in reading.effects if e.id == eid)
    verbs = [st.r.action(t) for t in choice.iter_subtrees_topdown() if t.data == "act_verb"]
    bullet_verbs = {f.get("verb") for f in reading.facts if f.type == "clause"
                    and str(f.get("effect", "")).startswith(eid + ".")}
    for v in verbs:
        if v not in bullet_verbs:
            st.fail(f"no bullet of {card} does {v!r}", choice)
    ws = low(fam)
    if "wait" in ws or sub(fam, "choose_when") is not None and \
            ("resolves" in low(sub(fam, "choose_when")) or "resolved" in low(sub(fam, "choose_when"))):
        timing = "resolution"
    else:
        timing = "activation"
    if reading.card.kind in ("spell", "trap") and effect.n == 1 and \
            any(f.type == "on_card_activation" and f.get("effect") == eid for f in reading.facts):
        ref = {"card": card, "select": "activation"}
    else:
        ref = {"card": card, "n": effect.n}
    return st.spec("happens-at", {"effect": ref, "verb": "choose", "timing": timing})


BUILDERS["happens-at"] = build_happens_at



# ---------------------------------------------------------------------------
# "I activate X while I control no monsters, and in response ... . Do I still Special Summon?":
# a condition of the card checked at activation only, or "to activate and to resolve"

CONDITION_RX = re.compile(r"\b(if you|you must) (control|have) (no|an?|\d+ or more|\d+) (.+?)"
                          r"( to activate and to resolve|:|,|\.)", re.I)


def _card_conditions(text: str) -> list[dict]:
    out = []
    for m in CONDITION_RX.finditer(text):
        q = m.group(3).lower()
        need = "no" if q == "no" else 1 if q in ("a", "an") else int(q.split()[0])
        out.append({"need": need, "at_least": "or more" in q or q in ("a", "an"),
                    "words": _norm_words(m.group(4).split()),
                    "resolve": "resolve" in m.group(5), "text": m.group(0).rstrip(":,.")})
    return out


GENERIC_NOUNS = {"monster", "card"}


def _same_things(told: list[str], card: list[str]) -> bool:
    a, b = set(_norm_words(told)), set(card)
    return bool(a - GENERIC_NOUNS or b == a) and a - GENERIC_NOUNS <= b and b - GENERIC_NOUNS <= a


def build_held(st: Situate, fam: Tree, q: Tree) -> dict:
    from ..reader.select import select_clause

    held = st.held[-1]
    act = next((e for e in st.events if e.get("id") == held["act"]), None)
    if act is None or act.get("kind") != "activate":
        st.fail(f"{held['text']!r}: when what is activated?", q)
    player = held["player"] or act["player"]
    if player != act["player"]:
        st.fail("whose cards are counted? (the player who activates the effect)", q)
    ref = act["effect"]
    by = [t for t in q.iter_subtrees_topdown() if t.data.startswith("eff_")
          and t.data not in EFF_PARTS]
    if by and st.effect_ref(st.r.effect(by[0])).get("card") != ref.get("card"):
        st.fail("the question asks about another effect than the one activated with that "
                "condition", q)
    reading = st.reading(ref["card"])
    eid = select_effect(reading, ref)
    text = next(e.text for e in reading.effects if e.id == eid)
    own = [e for e in reading.effects if e.n > 0]
    if not text.strip() and ref.get("select") == "activation" and len(own) == 1:
        # "I activate X's effect" of a Continuous Spell/Trap: its effect, not the card's activation
        ref = act["effect"] = {"card": ref["card"], "n": own[0].n}
        eid, text = own[0].id, own[0].text
    conds = [c for c in _card_conditions(text) if _same_things(held["words"], c["words"])]
    if len(conds) != 1:
        st.fail(f"{ref['card']} states no condition about {held['text']!r}", q)
    cond = conds[0]
    quant = held["quant"]
    if (cond["need"] == "no") != (quant == "no") or \
            (quant != "no" and (quant < cond["need"] if cond["at_least"] else quant != cond["need"])):
        st.fail(f"with {held['text']!r} the effect could not be activated ({cond['text']!r})", q)
    verb = st.r.action(find(q, "act_verb"))
    try:
        select_clause(reading, eid, verb)
    except QuestionError:
        bullets = {f.get("verb") for f in reading.facts if f.type == "clause"
                   and str(f.get("effect", "")).startswith(eid + ".")}
        if verb not in bullets:
            st.fail(f"{ref['card']} has no part that does {verb!r}", q)
    changes = st.held_changes
    if not changes:
        st.fail("what changed before it resolved? (tell it: 'in response my opponent destroys "
                "one')", q)
    if cond["resolve"]:
        if quant == "no":
            # "no monsters", "no face-up cards", "no monsters in my Main Monster Zone": a monster
            # Summoned breaks it; any other "no X" only by what is told to be controlled then
            plain = set(cond["words"]) <= GENERIC_NOUNS | {"face-up", "my", "main", "zone"}
            unmet = any(c["kind"] == "gained" and c["player"] == player and (
                (plain and "monster" in _norm_words(c["words"])) or
                _same_things(c["words"], cond["words"])) for c in changes)
        else:
            left = quant - sum(c.get("n", 0) for c in changes if c["kind"] == "removed")
            unmet = left < cond["need"] if cond["at_least"] else left != cond["need"]
        if not unmet:
            st.fail(f"after that, {cond['text']!r} still holds: ask whether the effect "
                    "resolves as usual", q)
        return {"family": "resolves", "effect": ref, "suppose": [{"requirement_unmet": {}}]}
    if not any(f.type == "activation_condition" and f.get("effect") == eid for f in reading.facts):
        st.fail(f"the reader does not read {cond['text']!r} as a condition to activate", q)
    if not st.events or st.events[-1].get("kind") != "resolve":
        st.events.append({"kind": "resolve"})
    return st.spec("resolves", {"effect": ref})


def _first_use(st: Situate, fam: Tree) -> dict | None:
    """"<told situation>. Can I activate X this turn?" where X was not used before: not a
    question of using X again but of activating it at the point the situation reached
    (``can-activate-now``; "this turn" is that turn).  None for every other wording."""
    who, obj = sub(fam, "again_who"), sub(fam, "again_obj")
    when = [low(w) for w in subs(fam, "again_when")]
    if sub(who, "player") is None or len(low(who)) != len(low(sub(who, "player"))) \
            or sub(obj, "again_copy") is not None or when not in ([["this", "turn"]],) \
            or not st.events or "again" in low(fam):
        return None
    effs = [t for t in obj.children if isinstance(t, Tree) and t.data.startswith("eff_")
            and t.data not in EFF_PARTS]
    if not effs:
        return None
    ref = st.effect_ref(st.r.effect(effs[0]))
    if any(e.get("kind") in ("activate", "used") and isinstance(e.get("effect"), dict)
           and e["effect"].get("card") == ref.get("card") for e in st.events):
        return None                           # it was used before: the question is "again"
    slots: dict = {"effect": ref}
    asker = st.r.player(sub(who, "player"))
    if asker not in ("you", "opponent"):
        return None
    if asker != "you":
        slots["player"] = asker
    if any(e.get("kind") == "activate" for e in st.events) and st.events[-1].get("kind") != "resolve":
        st.events.append({"kind": "resolve"})   # later this turn: after the Chain told
    return st.spec("can-activate-now", slots)
def build_target_count(st: Situate, fam: Tree) -> dict:
    """"Can I activate X targeting only one Spell/Trap?": whether the effect may choose exactly that
    many targets.  The cards the question names must be what the effect targets."""
    if st.events:
        st.fail("the situation model has no place for a told situation in a question about how "
                "many targets an effect chooses", fam)
    ref = st.effect_ref(st.r.effect(_first_effect(fam)), hint=["target"])
    w = low(sub(fam, "num"))[0]
    count = int(w) if w.isdigit() else {"a": 1, "an": 1, **COUNT_WORDS}.get(w)
    if not count or w == "both":
        st.fail(f"how many targets is {w!r}?", fam)
    reading = st.reading(ref["card"])
    eid = select_effect(reading, ref)
    if not any(f.type == "target" and f.get("effect") == eid for f in reading.facts):
        st.fail(f"{ref['card']} does not target", fam)
    eff = next(e for e in reading.effects if e.id == eid)
    m = re.search(r"\btarget\b(.*?)(?:;|$)", eff.text, re.I)
    phrase = _plain(m.group(1) if m else "")
    said = [c for c in fam.children if isinstance(c, Tree) and c.data in ("thing_mod", "thing_noun",
                                                                          "thing_post")]
    words = [x for c in said for x in _plain(" ".join(low(c))).split()
             if x not in ("card", "the", "a", "an")]
    if any(x not in phrase.split() and x not in phrase.replace("/", " ").split() for x in words):
        st.fail(f"the question's cards ({' '.join(st.r.said(c) for c in said)!r}) are not what "
                f"{ref['card']} targets ({m.group(1).strip() if m else ''!r})", fam)
    return {"family": "target-count", "effect": ref, "count": count}


def _plain(text: str) -> str:
    """Lower case, plurals made singular ("Spells/Traps" → "spell/trap")."""
    text = re.sub(r"\bi control\b", "you control", text.lower().replace("graveyard", "gy"))
    return re.sub(r"(?<=[a-z])s\b", "", re.sub(r"\bmy\b", "your", text))


BUILDERS["target-count"] = build_target_count


def _told_conds(st: Situate, fam: Tree, act: dict) -> None:
    """"I activate X targeting 5 monsters. If one of the 5 monsters targeted by X is banished in
    response, ...": a supposition about the targets of an activation the sentences told.  Only
    "one of the N ... targeted by X" (N = its number of targets) and "it"/"the target" (its only
    target) leaving or turning face-up/face-down are placed; any other is refused, never dropped."""
    node = sub(fam, "situation")
    if node is None:
        return
    targets = list(dict.fromkeys(act.get("targets") or []))
    for cond in subs(node, "cond"):
        c = cond.children[0]
        ch = next((x for x in c.children if isinstance(x, Tree) and x.data in ("ch_left", "ch_face")),
                  None)
        kind = ch.data if ch is not None else None
        if c.data == "cond_one_of_two" and kind in ("ch_left", "ch_face"):
            ref = st.effect_ref(st.r.effect(_first_effect(c)))
            if ref.get("card") != act["effect"].get("card"):
                st.fail("the targets of which activation? (tell it first)", c)
            w = low(sub(c, "num"))[0]
            n = int(w) if w.isdigit() else COUNT_WORDS.get(w)
            if n != len(targets):
                st.fail(f"it targeted {len(targets)}, not {w}", c)
            which = targets[0]
        elif c.data == "cond_target_change" and kind in ("ch_left", "ch_face") and \
                low(sub(c, "tgt_subj")) in (["it"], ["the", "target"]) and len(targets) == 1:
            which = targets[0]
        else:
            st.fail("the situation model has no place for " + repr(st.r.said(c)) +
                    " beside the told situation", c)
        if kind == "ch_left":
            note_change(st, which, {"left": True})
        else:
            note_change(st, which, {"property": "face",
                                    "value": "face-down" if "face-down" in low(ch) else "face-up"})


# -- once per Duel; a limit that binds every copy (topic I) ---------------------------------------

def _binds_every_copy(st: Situate, ref: dict) -> bool:
    """A hard limit ("You can only use/activate ... of "X" once per turn/Duel") binds the player
    for every copy (game-rules#once-per-turn.4), so which copy asks does not change the answer."""
    if not ref.get("card"):
        return False
    reading = st.reading(ref["card"])
    try:
        eid = select_effect(reading, ref)
    except QuestionError:
        return False
    return any(f.type == "once_per_turn" and f.get("effect") == eid and
               f.get("kind") in ("use", "activate") for f in reading.facts)


def build_again_this_duel(st: Situate, fam: Tree) -> dict:
    """"Can I use X's effect again later in the Duel?": the again-this-turn question, asked of
    the whole Duel (the rules answer it only for a "once per Duel" limit)."""
    return {**build_again_this_turn(st, fam), "family": "again-this-duel"}


BUILDERS["again-this-duel"] = build_again_this_duel


# -- "Can X negate a monster effect that my opponent activates during the Damage Step?" -----------

NEGATED_KINDS = {"monster": ("monster", "any"), "spell": ("spell_trap", "spell", "any"),
                 "trap": ("spell_trap", "trap", "any")}


def _negates_what_is_activated(st: Situate, fam: Tree) -> dict:
    """The effect is asked about at that point (can it be activated then?); negating what the
    question names is asked too, and taken as said only when it is the effect's own negation: it
    negates activations of that kind of card, by that player."""
    ref = st.effect_ref(st.r.effect(_first_effect(fam)), hint=["negate"])
    by = sub(fam, "act_by")
    kind = "trap" if "trap" in low(by) else "spell" if "spell" in low(by) else "monster"
    player = st.r.player(sub(by, "player"))
    if player not in ("you", "opponent"):
        st.fail("who activates it? ('that my opponent activates')", by)
    st.events.append({"kind": "activate", "id": f"a{len(st.acts) + 1}", "effect": {"generic": kind},
                      "player": player})
    st.acts.append((st.events[-1]["id"], {"generic": kind}))
    for w in subs(fam, "now_when"):
        ph = sub(w, "phase")
        if ph is None:
            st.fail("at what point? ('during the Damage Step')", w)
        phase = st.r.phase(ph)
        turn = st.r.player(sub(w, "poss"))
        if turn not in ("you", "opponent"):
            if phase != "damage-step":
                st.fail("whose turn? ('during my opponent's Battle Phase')", w)
            turn = "you"                 # the Damage Step's rules are the same in either turn
        st.events.insert(len(st.events) - 1, {"kind": "phase", "phase": phase, "turn": turn})
    spec = st.spec("can-activate-now", {"effect": ref})
    reading = st.reading(ref["card"]) if ref.get("card") else None
    eid = select_effect(reading, ref) if reading is not None else None
    scopes = [f for f in (reading.facts if reading else []) if f.type == "negation_scope"
              and f.get("effect") == eid and f.get("what") == "activation"]
    text = next((e.text for e in reading.effects if e.id == eid), "") if reading else ""
    cond = text.split(":")[0].lower()
    asker = "you"                        # "Can X negate ...?": the asker's X
    whose = "your opponent" if player != asker else "you"
    own = any(f.get("kind") in NEGATED_KINDS[kind] for f in scopes) and \
        ("your opponent activates" not in cond or whose == "your opponent") and \
        (" you activate" not in cond or whose == "you")
    if not own:
        spec["and"] = [{"family": "negate-activation", "negator": ref, "activated": st.acts[-1][0]}]
    return spec
