"""A parsed question whose family reads its parts from the parse tree → a structured spec.

The told situation (sentences before the question, clauses such as "When my X
is sent to the GY, ...") becomes the spec's ordered ``situation`` events
(docs/question-spec.md); the family's parts become its slots.  References are
resolved here, once, against the cards: an effect named by its number, by
what it does ("its negation effect", "the effect that adds ..."), by a quote
of its text, or by the card alone.  When more than one effect fits, the
question is refused and the fitting effects are listed with their text; a
clause the situation model has no event for is refused, naming it.
"""

from __future__ import annotations

import re

from lark import Tree

from .cards import CardDB, name_key
from .errors import QuestionError
from .parser import ParsedQuestion
from .parser.transform import Reader, find, low, sub, subs
from .questions import select_effect
from .reader import Reading, read_card

# what an effect's description word asks of the effect: a fact of the reading
DESC_FACTS = {
    "negation": ("negates", None), "negate": ("negates", None),
    "quick": ("quick_marker", None),
    "search": ("verb", "add"), "add": ("verb", "add"),
    "destroy": ("verb", "destroy"), "destruction": ("verb", "destroy"),
    "self-destruction": ("verb", "destroy"),
    "special summon": ("verb", "special-summon"), "summoning": ("verb", "special-summon"),
    "banish": ("verb", "banish"), "draw": ("verb", "draw"), "tribute": ("verb", "tribute"),
    "tribute effect": ("verb", "tribute"),
    "atk-gain": ("verb", "gain"), "gain": ("verb", "gain"),
}


class Situate:
    def __init__(self, pq: ParsedQuestion, db: CardDB):
        self.pq = pq
        self.db = db
        self.r = Reader(pq.words.cards, pq.words.quotes, pq.words.written)
        self.readings: dict[str, Reading] = {}
        self.events: list[dict] = []
        self.entities: dict[str, dict] = {}
        self.acts: list[tuple[str, dict]] = []       # (activation id, effect ref)
        self.summons: list[tuple[str, dict]] = []    # (summon id, event)
        self.understood = {"cards": pq.cards, "family": pq.family}

    def fail(self, why: str, node=None):
        raise QuestionError(f"could not understand the question: {why}", understood=self.understood,
                            unplaced=self.r.said(node) if node is not None else None)

    # -- cards and effects ------------------------------------------------------
    def reading(self, name: str) -> Reading:
        if name not in self.readings:
            self.readings[name] = read_card(self.db.get(name))
        return self.readings[name]

    def effect_ref(self, ref: dict, default_card: str | None = None, hint=()) -> dict:
        """An English effect reference → ``{card, n}`` (or ``{card, select}``).

        ``hint``: actions the rest of the question says the effect does ("the card it
        destroys"); used only to choose among several effects, never to override a number."""
        card = ref.get("card") or default_card
        if card is None:
            self.fail(f"whose effect is {ref['text']!r}?")
        reading = self.reading(card)
        c = reading.card
        how = ref["how"]
        if ref.get("ord"):
            return {"card": c.name, "n": ref["ord"]}
        wants = list(ref.get("desc") or [])
        if ref.get("quote") or wants or ref.get("rel") or ref.get("cost_verb"):
            return self._by_content(reading, ref)
        if how == "eff_activating" or (how in ("eff_card", "eff_poss", "eff_of")
                                       and c.kind in ("spell", "trap")):
            return {"card": c.name, "select": "activation"}
        try:
            select_effect(reading, {"card": c.name, "select": "only"})
        except QuestionError:
            cands = self._top(reading)
            for verb in hint:
                fit = [e for e in cands if _does(reading.facts, e.id, verb)]
                cands = fit or cands
            return {"card": c.name, "n": self._which(reading, cands, ref)}
        return {"card": c.name, "select": "only"}

    def _top(self, reading: Reading):
        return [e for e in reading.effects if e.n > 0]

    def _by_content(self, reading: Reading, ref: dict) -> dict:
        cands = self._top(reading)
        name = reading.card.name
        facts = reading.facts
        if ref.get("quote"):
            key = _norm(ref["quote"])
            cands = [e for e in cands if key in _norm(e.text)]
        for d in ref.get("desc") or []:
            if d in ("gy", "graveyard"):
                cands = [e for e in cands if re.search(r"\b(?:GY|Graveyard)\b", e.text.split(":")[0])]
                continue
            if d in ("hand",):
                cands = [e for e in cands if re.search(r"\bhand\b", e.text.split(":")[0])]
                continue
            rule = DESC_FACTS.get(d)
            if rule is None:
                continue
            kind, verb = rule
            if kind == "verb":
                cands = [e for e in cands if _does(facts, e.id, verb)]
            else:
                cands = [e for e in cands if any(f.type == kind and f.get("effect") == e.id
                                                 for f in facts)]
        rel = ref.get("rel")
        if rel:
            for verb in rel["verbs"][:1]:
                cands = [e for e in cands if _does(facts, e.id, verb)]
            for other, written in rel["cards"]:
                cands = [e for e in cands if name_key(other) in name_key(e.text)
                         or name_key(written) in name_key(e.text)]
        if ref.get("cost_verb"):
            cands = [e for e in cands if _does(facts, e.id, ref["cost_verb"])]
        return {"card": name, "n": self._which(reading, cands, ref)}

    def _which(self, reading: Reading, cands, ref: dict) -> int:
        if len(cands) == 1:
            return cands[0].n
        name = reading.card.name
        if not cands:
            self.fail(f"no effect of {name} fits {ref['text']!r}")
        listing = "; ".join(f"effect {e.n}: {e.text[:90]}" for e in cands)
        raise QuestionError(f"{ref['text']!r} fits more than one effect of {name}: say which effect "
                            f"(for example 'the first effect'): {listing}",
                            understood=self.understood)

    # -- the told situation -------------------------------------------------------
    def situation(self, tree: Tree) -> None:
        for lead in subs(tree, "lead"):
            self.sit(sub(lead, "sit"))
        q = sub(tree, "question")
        for pre in q.iter_subtrees_topdown():
            if pre.data == "pre":
                s = sub(pre, "sit")
                if s is not None:
                    self.sit(s)
                else:
                    self.clause(sub(pre, "ev_phase"))

    def sit(self, node: Tree) -> None:
        for cl in subs(node, "sit_clause"):
            joins = []
            self.clause(cl.children[0], joins)

    def clause(self, ev: Tree, joins=None) -> None:
        handler = getattr(self, ev.data, None)
        if handler is None:
            self.fail("the situation model has no event for " + repr(self.r.said(ev)), ev)
        handler(ev)

    def _player(self, ev: Tree) -> str:
        a = sub(ev, "actor")
        if a is None:
            return "you"
        p = self.r.actor(a).get("player")
        if p not in ("you", "opponent"):
            self.fail(f"who is {self.r.said(a)!r}? (say 'I' or 'my opponent')", a)
        return p

    def _when(self, ev: Tree) -> dict:
        out = {}
        w = sub(ev, "ev_when")
        if w is not None:
            ws = low(w)
            if "response" in ws:
                out["respond"] = True
            ph = find(w, "phase")
            if ph is not None:
                self.fail("a phase inside a clause is not placed yet", w)
        return out

    def _mods(self, ev: Tree) -> dict:
        out: dict = {}
        for m in subs(ev, "ev_mod"):
            ws = low(m)
            if ws[0] in ("targeting", "on", "against"):
                out.setdefault("targets", []).append(self.r.thing(sub(m, "thing")))
            elif ws[0] == "from":
                out["from"] = self.r.place(sub(m, "place"))
            elif "response" in ws or ws[0] == "to":
                out["respond"] = True
            elif ws[:3] == ["as", "chain", "link"]:
                out["link"] = int(ws[3])
            else:
                self.fail("the situation model has no place for " + repr(self.r.said(m)), m)
        return out

    def _effect_node(self, ev: Tree) -> Tree:
        for ch in ev.children:
            if isinstance(ch, Tree) and ch.data.startswith("eff_"):
                return ch
        self.fail("which effect?", ev)

    def ev_activate(self, ev: Tree) -> None:
        node = self._effect_node(ev)
        ref = self.effect_ref(self.r.effect(node))
        player = self._player(ev)
        info = {**self._when(ev), **self._mods(ev)}
        verb = low(sub(ev, "act_verb_w") or ev)
        if any(w in ("chain", "chains", "chained") for w in verb):
            info["respond"] = True
        self._activate(ref, player, info)

    def ev_respond(self, ev: Tree) -> None:
        ref = self.effect_ref(self.r.effect(self._effect_node(ev)))
        self._activate(ref, self._player(ev), {**self._mods(ev), "respond": True})

    def _activate(self, ref: dict, player: str, info: dict) -> str:
        aid = f"a{len(self.acts) + 1}"
        event = {"kind": "activate", "id": aid, "effect": ref, "player": player}
        if info.get("from") in ("hand", "field", "gy", "deck", "extra-deck"):
            event["from"] = info["from"]
        elif self.db.get(ref["card"]).kind == "trap":
            event["from"] = "set"      # a Trap Card is activated from the field, where it was Set
        if info.get("respond"):
            if not self.acts:
                self.fail("it responds, but nothing was activated before it")
            event["respond"] = self.acts[-1][0]
        if info.get("link"):
            event["link"] = info["link"]
        if info.get("targets"):
            event["targets"] = [self.entity(t) for t in info["targets"]]
        self.events.append(event)
        self.acts.append((aid, ref))
        return aid

    def ev_summon(self, ev: Tree) -> None:
        player = self._player(ev)
        kind = self.r.summon_kind(ev) or "special"
        what = self.r.thing(sub(ev, "thing"))
        info = self._mods(ev)
        if info.get("targets") or info.get("respond"):
            self.fail("a Summon does not target or respond", ev)
        sid = f"s{len(self.summons) + 1}"
        event = {"kind": "summon", "id": sid, "summon-kind": kind, "player": player,
                 "what": self.entity(what, controller=player)}
        if info.get("from"):
            event["from"] = info["from"]
        self.events.append(event)
        self.summons.append((sid, event))

    def ev_negate(self, ev: Tree) -> None:
        target = next(ch for ch in ev.children if isinstance(ch, Tree)
                      and ch.data in ("neg_activation", "neg_effect", "neg_plain"))
        what = {"neg_activation": "activation", "neg_effect": "effect"}.get(target.data)
        ref = self.effect_ref(self.r.effect(self._effect_node(target)))
        aid = self._find_act(ref)
        if aid is None:
            owner = "you" if "my" in low(target)[:1] else "opponent" if low(target)[:1] in \
                (["their"], ["opponent's"]) else None
            if owner is None:
                a = sub(ev, "actor")
                negator = self.r.actor(a).get("player") if a is not None else None
                owner = {"you": "opponent", "opponent": "you"}.get(negator, "you")
            aid = self._activate(ref, owner, {})
        by = None
        effs = [ch for ch in ev.children if isinstance(ch, Tree) and ch.data.startswith("eff_")]
        if effs:
            by_ref = self.effect_ref(self.r.effect(effs[-1]))
            negator = self._player(ev) if sub(ev, "actor") is not None else \
                {"you": "opponent", "opponent": "you"}[self._act_player(aid)]
            by = self._activate(by_ref, negator, {"respond": True})
        if what is None:
            # "my Pot of Desires was negated": a Spell/Trap Card's effect is its activation, and
            # negating the card is negating that activation; a monster's is not so plain
            if self.db.get(ref["card"]).kind == "monster":
                self.fail("say whether the activation or only the effect was negated "
                          "('the activation of X was negated' / 'X's effect was negated')", ev)
            what = "activation"
        event = {"kind": "negate", "of": aid, "what": what}
        if by:
            event["by"] = by
        self.events.append(event)

    def _act_player(self, aid: str) -> str:
        for e in self.events:
            if e.get("id") == aid:
                return e["player"]
        return "you"

    def _find_act(self, ref: dict) -> str | None:
        for aid, r in reversed(self.acts):
            if r.get("card") == ref.get("card"):
                return aid
        return None

    def ev_resolve(self, ev: Tree) -> None:
        effs = [ch for ch in ev.children if isinstance(ch, Tree) and ch.data.startswith("eff_")]
        if effs:
            ref = self.effect_ref(self.r.effect(effs[0]))
            aid = self._find_act(ref)
            if aid is None:
                self.fail(f"{self.r.said(effs[0])!r} resolves, but it was not activated", ev)
        self.events.append({"kind": "resolve"})

    def ev_phase(self, ev: Tree) -> None:
        turn = self.r.player(sub(ev, "poss")) or "you"
        phase = self.r.phase(sub(ev, "phase"))
        if turn not in ("you", "opponent") or phase is None:
            self.fail("which phase of whose turn?", ev)
        self.events.append({"kind": "phase", "phase": phase, "turn": turn})

    def entity(self, thing: dict | None, **extra) -> str:
        if thing is None:
            self.fail("which card?")
        if thing.get("card"):
            return thing["card"]
        if thing.get("pronoun") and self.entities:
            return list(self.entities)[-1]
        eid = f"m{len(self.entities) + 1}"
        self.entities[eid] = {"desc": thing["text"], **extra}
        return eid

    # -- the spec -----------------------------------------------------------------
    def spec(self, family: str, slots: dict) -> dict:
        out = {"family": family, **slots}
        if self.events:
            out["situation"] = self.events
        if self.entities:
            out["entities"] = self.entities
        return out


def _norm(text: str) -> str:
    return " ".join(re.sub(r"[^\w\s]", " ", text.lower()).split())


def _does(facts, eid: str, verb: str) -> bool:
    return any(f.get("effect") == eid and f.get("verb") == verb and
               f.type in ("clause", "clause_verb", "cost_action") for f in facts)


# ---------------------------------------------------------------------------
# Families that read their parts from the tree

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
            if kind in (None, ev["summon-kind"]) or ev["summon-kind"] == "special":
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
    sid = f"s{len(st.summons) + 1}"
    ev = {"kind": "summon", "id": sid, "summon-kind": kind, "player": "you", "what": card}
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
    got = _chain_subject(st, subj)
    tail = find(fam, "resp_tail")
    if "summon" in got:
        return _also(st, tail, st.spec("summon-starts-chain", {"summon": got["summon"]}))
    return _also(st, tail, st.spec("starts-chain", {"effect": got["effect"]}))


def build_summon_starts_chain(st: Situate, fam: Tree) -> dict:
    q = sub(fam, "summon_q")
    kids = [ch for ch in q.children if isinstance(ch, Tree)]
    tail = find(fam, "resp_tail")
    if kids and kids[0].data.startswith("summon_"):
        got = _summon_subject(st, kids[0])
    else:
        kind = st.r.summon_kind(q)
        ws = low(q)
        if "fusion" in ws and "contact" not in ws and kind is None:
            kind = "fusion"
        if ws[0] in ("this", "that"):
            found = [(sid, ev) for sid, ev in st.summons]
            if not found:
                st.fail("which Summon? (tell it first)", q)
            got = {"summon": found[-1][0]}
        else:
            cards = [st.r.card(t) for t in q.scan_values(lambda v: getattr(v, "type", "") == "XCARD")]
            sid = f"s{len(st.summons) + 1}"
            ev = {"kind": "summon", "id": sid, "summon-kind": kind or "special", "player": "you",
                  "what": cards[0]}
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


PROTECTIONS = {"card": "card-effects", "monster": "monster-effects", "spell": "spell-effects",
               "trap": "trap-effects"}


def _protection(st: Situate, thing_node: Tree) -> str | None:
    """"that cannot be targeted by card effects" (or a quote saying so) → card-effects."""
    for rel in thing_node.iter_subtrees_topdown():
        if rel.data == "prot":
            return PROTECTIONS.get(low(rel)[0])
        if rel.data == "thing_rel":
            q = [t for t in rel.children if getattr(t, "type", "") == "XQUOTE"]
            if q:
                m = re.search(r"cannot be targeted by (card|monster|spell|trap) effects",
                              st.r.quotes[int(q[0])], re.I)
                if m:
                    return PROTECTIONS[m.group(1).lower()]
    return None


def _described_entity(st: Situate, thing_node: Tree, protection: str | None) -> str:
    t = st.r.thing(thing_node)
    ws = t["words"]
    ent: dict = {"desc": t["text"]}
    if t.get("card"):
        ent["card"] = t["card"]
    owner = "opponent" if ("opponent" in ws or "opponent's" in ws or "their" in ws) else \
        "you" if ("my" in ws or "i" in ws) else None
    if owner:
        ent["controller"] = owner
    for kind in ("spell", "trap", "monster"):
        if kind in ws or kind + "s" in ws:
            ent["kind"] = kind
            break
    if protection:
        ent["cannot-be-targeted"] = protection
    eid = f"m{len(st.entities) + 1}"
    st.entities[eid] = ent
    return eid


def ev_protected(st: Situate, ev: Tree) -> None:
    prot = _protection(st, ev)
    st.protected = _described_entity(st, sub(ev, "thing"), prot)


Situate.ev_protected = ev_protected


def build_can_target(st: Situate, fam: Tree) -> dict:
    verb = st.r.action(find(fam, "act_verb")) if sub(fam, "affect_vp") is not None else None
    ref = st.effect_ref(st.r.effect(_first_effect(fam)), hint=[verb] if verb else [])
    thing = sub(fam, "thing")
    if thing is not None:
        prot = _protection(st, thing)
        if prot is None:
            st.fail("say what the card cannot be targeted by ('that cannot be targeted by card "
                    "effects')", thing)
        eid = _described_entity(st, thing, prot)
    else:
        eid = getattr(st, "protected", None)
        if eid is None:
            st.fail("which card is 'it'?", fam)
    return st.spec("can-target", {"effect": ref, "entity": eid})


BUILDERS["can-target"] = build_can_target


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
    if purpose is not None:
        verb = hint[0] if hint else None
        obj = low(purpose)[2:]
        if verb == "negate" and obj in ([], ["it"]):
            spec["and"] = [{"family": "negate-activation", "negator": responder, "activated": to}]
        else:
            spec["also_needs"] = f"whether it can {st.r.said(purpose)[3:]}"
    return spec


BUILDERS["can-respond"] = build_can_respond


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
            verb = st.r.action(act) if act is not None and act not in list(
                thing.iter_subtrees()) else None
    if verb is None:
        st.fail("which cost? ('the card I discarded', 'the LP I paid')", fam)
    return verb


def build_cost_family(family: str):
    def build(st: Situate, fam: Tree) -> dict:
        verb = _cost_verb(st, fam)
        return st.spec(family, {"effect": _negated_effect(st, fam), "verb": verb})
    return build


def build_is_cost(st: Situate, fam: Tree) -> dict:
    doing = sub(fam, "v_doing")
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
    if not effs:
        st.fail("a cost of which effect?", fam)
    ref = st.effect_ref(st.r.effect(effs[0]), hint=[verb])
    return st.spec("is-cost", {"effect": ref, "verb": verb})


BUILDERS["cost-returned"] = build_cost_family("cost-returned")
BUILDERS["still-done"] = build_cost_family("still-done")
BUILDERS["is-cost"] = build_is_cost
