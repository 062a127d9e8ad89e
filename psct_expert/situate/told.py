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

from lark import Token, Tree

from ..cards import CardDB, name_key
from ..errors import QuestionError
from ..parser import ParsedQuestion
from ..parser.transform import Reader, find, low, sub, subs
from ..reader.select import select_effect
from ..reader import Reading, read_card
from .procedures import ProcedureEvents

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


class Situate(ProcedureEvents):
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
        self.last_card: str | None = None
        self.unsaid_summoner: set[str] = set()
        self.changed: dict[str, dict] = {}        # targets changed before the effect resolved
        self.protected: str | None = None         # a card told to be protected from targeting
        self.responding = False                   # the clause being read follows "in response"
        self.told_costs: dict[str, str] = {}      # activation id -> the cost verb told for it
        self.told_states: list[dict] = []         # what a player was told to have
        self.granted: set[str] = set()            # Summons an effect let a player make
        self.unsaid_player: list[str] = []        # activations whose player the sentence leaves open
        self.cannot: list[str] = []               # actions told to be impossible now ("no cards to discard")
        self.self_gone: dict[str, str] = {}       # activations whose own card left the field before resolving
        self.to_resolve: dict[str, str] = {}      # Summon id -> the activation that makes it

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
        if ref.get("generic"):
            return {"generic": ref["generic"]}
        card = ref.get("card") or default_card
        if card is None and ref["how"] in ("eff_its", "eff_it", "eff_quote", "eff_act_noun"):
            card = self.last_card      # "its effect": the card the sentence last named
        if card is None:
            self.fail(f"whose effect is {ref['text']!r}?")
        reading = self.reading(card)
        c = reading.card
        self.last_card = c.name
        how = ref["how"]
        if ref.get("ord"):
            return {"card": c.name, "n": ref["ord"]}
        wants = list(ref.get("desc") or [])
        if ref.get("quote") or wants or ref.get("rel") or ref.get("cost_verb"):
            return self._by_content(reading, ref, hint)
        if how == "eff_activating" or (how in ("eff_card", "eff_poss", "eff_of")
                                       and c.kind in ("spell", "trap")):
            return {"card": c.name, "select": "activation"}
        try:
            select_effect(reading, {"card": c.name, "select": "only"})
        except QuestionError:
            cands = self._top(reading)
            cands = _narrow(reading, cands, hint)
            return {"card": c.name, "n": self._which(reading, cands, ref)}
        return {"card": c.name, "select": "only"}

    def _top(self, reading: Reading):
        return [e for e in reading.effects if e.n > 0]

    def _by_content(self, reading: Reading, ref: dict, hint=()) -> dict:
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
            if "targets" in rel:
                cands = [e for e in cands if _targets_fit(reading, e, rel["targets"])]
            if rel.get("object") in (["it"], ["itself"]) and rel["verbs"][:1] == ["special-summon"]:
                # "the effect that Special Summons it": the card itself
                cands = [e for e in cands if any(f.type == "summons_self" and f.get("effect") == e.id
                                                 for f in facts)]
            for place in rel.get("from") or []:
                cands = [e for e in cands if _from_place(e.text, place)]
            for other, written in rel["cards"]:
                cands = [e for e in cands if name_key(other) in name_key(e.text)
                         or name_key(written) in name_key(e.text)]
        if ref.get("cost_verb"):
            cands = [e for e in cands if _does(facts, e.id, ref["cost_verb"])]
        verbs = [DESC_FACTS[d][1] for d in ref.get("desc") or [] if DESC_FACTS.get(d, ("",))[0] == "verb"]
        if len(cands) > 1 and verbs:
            # "its destroy effect": of several that destroy, the one whose first part destroys
            first = [e for e in cands if any(f.type == "clause" and f.get("effect") == e.id and
                                             f.get("n") == 1 and f.get("verb") == verbs[0]
                                             for f in facts)]
            cands = first or cands
        if len(cands) > 1:
            cands = _narrow(reading, cands, hint)
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
            ph = sub(lead, "ev_phase")          # "During the Damage Step, my opponent ..."
            if ph is not None:
                self.clause(ph)
            self.sit(sub(lead, "sit"))
        q = sub(tree, "question")
        for pre in q.iter_subtrees_topdown():
            if pre.data == "pre":
                s = sub(pre, "sit")
                if s is not None:
                    self.sit(s)
                elif sub(pre, "ev_phase") is not None:
                    self.clause(sub(pre, "ev_phase"))
                else:                               # "After the Chain, ...": it has resolved
                    self.events.append({"kind": "resolve"})

    def sit(self, node: Tree) -> None:
        respond = False
        for ch in node.children:
            if isinstance(ch, Tree) and ch.data == "sit_join":
                respond = "response" in low(ch)      # "...; in response my opponent ..."
            elif isinstance(ch, Tree) and ch.data == "sit_clause":
                self.responding = respond
                self.clause(ch.children[0])
                respond = False
            if isinstance(ch, Tree):
                # "..., then Special Summons the Token": a later step of the link just told
                self.then_join = ch.data == "sit_join" and "then" in low(ch)
        self.responding = False
        self.then_join = False

    def clause(self, ev: Tree) -> None:
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
        out = {"respond": True} if self.responding else {}
        w = sub(ev, "ev_when")
        if w is not None:
            ws = low(w)
            if "response" in ws:
                out["respond"] = True
            effs = [t for t in w.children if isinstance(t, Tree) and t.data.startswith("eff_")]
            if effs:                     # "in response to my Cosmic Cyclone": that activation
                ir = self.r.effect(effs[0])
                ref = self.effect_ref(ir)
                aid = self._find_act(ref)
                owner = ir.get("owner") or self.r.player(sub(w, "poss"))
                if aid is None:
                    if self.acts or owner not in ("you", "opponent"):
                        self.fail(f"{self.r.said(effs[0])!r} was not activated before", w)
                    self._activate(ref, owner, {})
            ph = find(w, "phase")
            if ph is not None:
                self.fail("a phase inside a clause is not placed yet", w)
        return out

    def _mods(self, ev: Tree) -> dict:
        out: dict = {}
        for m in subs(ev, "ev_mod"):
            ws = low(m)
            ph = sub(m, "phase")
            if ph is not None:
                turn = self._turn_said(m)
                if turn not in ("you", "opponent", "any"):
                    self.fail("whose turn?", m)
                self.events.append({"kind": "phase", "phase": self.r.phase(ph), "turn": turn})
                continue
            if ws[:2] == ["this", "turn"] or ws == ["themselves"]:
                continue
            if ws[0] == "against" and sub(m, "thing") is None:
                out["against"] = m                # "against my search": an activation of theirs
                continue
            if ws[0] in ("targeting", "on", "against"):
                # "targeting my Unchained monster and one of my opponent's cards": each is a target
                out.setdefault("targets", []).extend(self.r.thing(t) for t in subs(m, "thing"))
            elif ws[0] == "from":
                out["from"] = self.r.place(sub(m, "place"))
            elif ws[0] == "to" and (sub(m, "flip_verb") is not None or sub(m, "act_verb") is not None
                                    or sub(m, "revive") is not None):
                out.setdefault("purposes", []).append(m)
            elif "response" in ws or ws[0] == "to":
                out["respond"] = True
                eff = next((c for c in m.children if isinstance(c, Tree)
                            and c.data.startswith("eff_") and c.data != "eff_it"), None)
                if ws[0] == "to" and eff is not None:
                    out["to_effect"] = eff          # "chains X to my Pot of Desires"
            elif ws[:3] == ["as", "chain", "link"]:
                out["link"] = int(ws[3])
            elif ws == ["in", "the", "same", "chain"]:
                out["respond"] = True
            elif ws[0] == "before":
                # "before it resolves": what is told happens while an activation told before waits
                effs = [t for t in m.children if isinstance(t, Tree) and t.data.startswith("eff_")]
                if not self.acts or (effs and self._find_act(self.effect_ref(
                        self.r.effect(effs[0]))) is None):
                    self.fail("it happens before what resolves? (tell its activation first)", m)
                out["respond"] = True
            elif sub(m, "held") is not None or (ws[0] == "while" and sub(m, "sit_clause")):
                _note_held(self, m)         # what the player has when the effect is activated
            elif sub(m, "gerund") is not None and ws[-1] in ("it", "itself"):
                # "activates X (discarding it)": the activated card itself is the cost
                if ev.data not in ("ev_activate", "ev_respond"):
                    self.fail("the situation model has no place for " + repr(self.r.said(m)), m)
                out["self_cost"] = (self.r.gerund_verb(sub(m, "gerund")), m)
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
        if node.data == "eff_it" and self._targeted_last():
            return self.ev_act_target(ev)         # "they activate it in response": the target
        a = sub(ev, "actor")
        if a is not None and self.r.actor(a).get("effect"):
            # "my Baronne de Fleur activates its effect": "its" is the actor's card
            self.last_card = self.r.actor(a)["effect"].get("card") or self.last_card
        ir = self.r.effect(node)
        player = self._player(ev)
        if sub(ev, "actor") is None and sub(ev, "poss") is not None:
            player = self.r.player(sub(ev, "poss"))          # "my Set X is activated"
            if player not in ("you", "opponent"):
                self.fail("whose card is activated?", ev)
        elif sub(ev, "actor") is None and ir.get("owner") in ("you", "opponent"):
            player = ir["owner"]                             # "my opponent's X is activated"
        info = {**self._when(ev), **self._mods(ev)}
        if "set" in [str(t).lower() for t in ev.children if isinstance(t, Token)]:
            info["from"] = "set"
        hint = [f"target:{_owner(t['words']) or 'any'}" for t in info.get("targets", []) if t]
        hint = hint[:1]
        # "activates X's effect to destroy one of my cards": the effect that destroys
        hint += [v for v in (self.r.action(sub(m, "act_verb")) for m in info.get("purposes", [])) if v]
        ref = self.effect_ref(ir, hint=hint)
        if sub(ev, "actor") is None and sub(ev, "poss") is None and not ir.get("owner"):
            # "its effect is activated": by the player told to have Summoned that card
            player = next((e["player"] for e in reversed(self.events) if e.get("kind") == "summon"
                           and e.get("what") == ref.get("card") and ref.get("card")), player)
        verb = low(sub(ev, "act_verb_w") or ev)
        if any(w in ("chain", "chains", "chained") for w in verb):
            info["respond"] = True
        self._activate(ref, player, info)

    def _targeted_last(self) -> list[str]:
        """The targets of the newest activation."""
        for e in reversed(self.events):
            if e.get("kind") == "activate":
                return e.get("targets") or []
        return []

    def ev_act_target(self, ev: Tree) -> None:
        """"my opponent activates that card in response": the targeted Set card is activated and
        turns face-up; whether it stays on the field (a Continuous Trap) must be told."""
        targets = self._targeted_last()
        if len(set(targets)) != 1:
            self.fail("which targeted card is activated?", ev)
        which = targets[0]
        player = self._player(ev)
        if self.entities.get(which, {}).get("controller", player) != player and \
                _owner(self.entities.get(which, {}).get("desc", "").lower().split()) not in (None, player):
            self.fail("a player activates only a card they control", ev)
        info = {**self._when(ev), **self._mods(ev), "respond": True}
        self._activate({"generic": "trap"}, player, info)
        act = self.events[-1]
        act["source"] = which
        act["from"] = "set"
        note_change(self, which, {"property": "face", "value": "face-up", "pending": act["id"]})
        kind = sub(ev, "kept_kind")
        if kind is not None:
            self._kept(kind, ev)

    def _kept(self, kind: Tree, node) -> None:
        pending = [(e, ch) for e, ch in self.changed.items() if ch.get("pending")]
        if not pending:
            self.fail("which activated card is it?", node)
        which, ch = pending[-1]
        aid = ch.pop("pending")
        act = next(e for e in self.events if e.get("id") == aid)
        act["effect"] = {"generic": "trap" if "trap" in low(kind) else "spell"}

    def ev_kept(self, ev: Tree) -> None:
        """"it is a Continuous Trap that stays on the field face-up": the activated target stays."""
        self._kept(sub(ev, "kept_kind"), ev)

    def ev_respond(self, ev: Tree) -> None:
        if self._effect_node(ev).data == "eff_it" and self._targeted_last():
            return self.ev_act_target(ev)         # "they respond by activating it": the target
        ref = self.effect_ref(self.r.effect(self._effect_node(ev)))
        self._activate(ref, self._player(ev), {**self._mods(ev), "respond": True})

    def _activate(self, ref: dict, player: str, info: dict) -> str:
        if info.get("against") is not None:
            if self._against(info["against"], player) is None:
                info = {**info, "respond": True}
        answers = None
        if info.get("to_effect") is not None:
            answers = self._chained_to(info["to_effect"], player)
        aid = f"a{len(self.acts) + 1}"
        event = {"kind": "activate", "id": aid, "effect": ref, "player": player}
        if info.get("from") in ("hand", "field", "gy", "deck", "extra-deck", "set"):
            event["from"] = info["from"]
        elif ref.get("generic") == "trap" or (ref.get("card") and
                                                self.db.get(ref["card"]).kind == "trap"):
            event["from"] = "set"      # a Trap Card is activated from the field, where it was Set
        if info.get("respond"):
            if not self.acts:
                self.fail("it responds, but nothing was activated before it")
            event["respond"] = answers or self.acts[-1][0]
        if info.get("link"):
            event["link"] = info["link"]
        if info.get("targets"):
            event["targets"] = [e for t in info["targets"] for e in self.entities_of(t)]
        if info.get("self_cost"):
            _self_cost(self, event, ref, *info["self_cost"])
        for t in info.get("targets") or []:
            _named_place(self, t)
        self.events.append(event)
        self.acts.append((aid, ref))
        for m in info.get("purposes", []):
            self._purpose(m)
        return aid

    def _chained_to(self, node: Tree, player: str) -> str:
        """"chains X to my Pot of Desires": the activation of that card told before, or, when none
        was, that card's activation (by its owner, the other player unless the words say)."""
        ir = self.r.effect(node)
        keep = self.last_card
        ref = self.effect_ref(ir)
        self.last_card = keep
        aid = self._find_act(ref)
        if aid is not None:
            return aid
        owner = ir.get("owner") if ir.get("owner") in ("you", "opponent") else \
            {"you": "opponent", "opponent": "you"}[player]
        return self._activate(ref, owner, {})

    def _against(self, m: Tree, player: str) -> str | None:
        """"X is activated against my search": it answers an activation of that player's (the
        newest one, or, when none was told, one of an unnamed card of theirs)."""
        whose = self.r.player(sub(m, "poss"))
        if whose not in ("you", "opponent") or whose == player:
            self.fail("against whose activation? ('against my search')", m)
        if "summon" in low(m):
            kind = self.r.summon_kind(m) or "unsaid"     # "against my Summon": kind not said
            sid = self._summon(kind, whose, {"card": None, "text": "a monster", "words": [],
                                             "pronoun": False}, None)
            self.summons[-1][1]["attempt"] = True      # the Summon negation window is open
            return sid
        if self.acts and self._act_player(self.acts[-1][0]) == whose:
            return None
        self.events.append({"kind": "activate", "id": f"a{len(self.acts) + 1}",
                            "effect": {"generic": "spell"}, "player": whose})
        self.acts.append((self.events[-1]["id"], self.events[-1]["effect"]))
        return None

    def _purpose(self, m: Tree) -> None:
        """"... to flip it face-down" / "... to destroy one of those cards": a target changes."""
        ws = low(m)
        if getattr(self, "held", None) and _purpose_gains(self, m):
            return
        thing = sub(m, "thing")
        card = self.r.thing(thing).get("card") if thing is not None else None
        activated = {r.get("card"): aid for aid, r in self.acts[:-1]}
        if card in activated and sub(m, "act_verb") is not None:
            # "they chain MST to destroy Impermanence": the card of an earlier link leaves the field
            verb = self.r.action(sub(m, "act_verb"))
            action = {"destroy": "destroyed", "banish": "banished"}.get(verb)
            if action is None:
                self.fail(f"the situation model has no move for {self.r.said(m)!r}", m)
            act = self.events[-1]
            act.setdefault("does", []).append({"action": action, "what": card})
            self.events.append({"kind": "resolve", "of": act["id"]})
            self.self_gone[activated[card]] = action
            return
        targeted = [t for e in self.events if e.get("kind") == "activate"
                    for t in e.get("targets", [])]
        thing = sub(m, "thing")
        named = self.r.thing(thing).get("card") if thing is not None else None
        if not targeted or (named and named not in targeted):
            # "chains Twin Twisters to destroy it", "... to Special Summon a monster": what the
            # link does when it resolves
            self._purpose_does(m)
            return
        if thing is not None and low(thing)[:2] == ["one", "of"] and len(targeted) > 1:
            which = targeted[0]
        elif "it" in ws or (thing is not None and self.r.thing(thing)["pronoun"]):
            which = targeted[-1]
        else:
            self.fail("which card does it change?", m)
        if sub(m, "flip_verb") is not None:
            note_change(self, which, {"property": "face",
                                      "value": "face-down" if "face-down" in ws else "face-up"})
        else:
            verb = self.r.action(sub(m, "act_verb"))
            if verb in ("destroy", "banish", "return", "shuffle", "send", "tribute"):
                note_change(self, which, {"left": True})

    def _purpose_does(self, m: Tree) -> None:
        aid = self.acts[-1][0]
        act = next(e for e in self.events if e.get("id") == aid)
        verb = "flip" if sub(m, "flip_verb") is not None else self.r.action(sub(m, "act_verb"))
        if sub(m, "revive") is not None:
            verb = "special-summon"                  # "to revive X": from the GY
        thing = sub(m, "thing")
        t = self.r.thing(thing) if thing is not None else \
            {"card": None, "text": "it", "words": ["it"], "pronoun": True}
        if verb == "negate" and t["pronoun"] and act.get("respond"):
            # "... to negate it": the link it answers is negated (its activation, or its effect,
            # as the negating card says)
            kinds = {f.get("what") for f in self.reading(act["effect"]["card"]).facts
                     if f.type == "negates"} if act["effect"].get("card") else set()
            what = "activation" if kinds == {"activation"} else \
                "effect" if kinds and kinds <= {"effect", "effects"} else None
            if what is None:
                self.fail("say whether it negates the activation or only the effect", m)
            self.events.append({"kind": "negate", "of": act["respond"], "what": what, "by": aid})
            return
        if verb == "special-summon":
            what = self.entity(t, kind="monster") if not t["pronoun"] else self._answered_card(act, m)
            sid = f"s{len(self.summons) + 1}"
            act.setdefault("does", []).append({"action": "summoned", "id": sid, "what": what,
                                               "summon-kind": "by-effect"})
            if sub(m, "revive") is not None:
                act["does"][-1]["from"] = "gy"
            self.summons.append((sid, {"summon-kind": "by-effect", "by": aid}))
            return
        action = {"destroy": "destroyed", "banish": "banished", "send": "sent-to-gy",
                  "tribute": "tributed", "discard": "discarded",
                  "flip": "flipped-face-down" if "face-down" in low(m) else
                  "flipped-face-up" if "face-up" in low(m) else None}.get(verb)
        if action is None:
            self.fail("the situation model has no place for " + repr(self.r.said(m)), m)
        what = self._answered_card(act, m) if t["pronoun"] else \
            self.entity(t, **({"controller": _owner(t["words"])} if _owner(t["words"]) else {}))
        self._step(act, action, what)

    def _answered_card(self, act: dict, node: Tree) -> str:
        """"it" in "chains X to destroy it": the card of the link X answers."""
        to = next((e for e in self.events if e.get("id") == act.get("respond")), None)
        card = to["effect"].get("card") if to else None
        if card is None:
            self.fail("which card is 'it'?", node)
        return to.get("source") or card

    def _step(self, act: dict, action: str, what: str) -> str:
        """A step of what a link does when it resolves; its id lets the question point at it."""
        n = sum(len(e.get("does", [])) for e in self.events if e.get("kind") == "activate")
        sid = f"x{n + 1}"
        act.setdefault("does", []).append({"action": action, "id": sid, "what": what})
        return sid

    def ev_summon(self, ev: Tree) -> None:
        if sub(ev, "actor") is None:
            # "X resolves and Ritual Summons a monster": the resolving effect Summons
            if not self.acts:
                self.fail("who Summons?", ev)
            kind = self.r.summon_kind(ev) or "special"
            what = self.entity(self.r.thing(sub(ev, "thing")), kind="monster")
            sid = f"s{len(self.summons) + 1}"
            step = {"action": "summoned", "id": sid, "what": what,
                    "summon-kind": kind if kind not in ("special",) else "by-effect"}
            act = next(e for e in self.events if e.get("id") == self.acts[-1][0])
            if getattr(self, "then_join", False) and act.get("does"):
                step["then"] = True
            _summoned_to(self, act, ev, what)
            act.setdefault("does", []).append(step)
            # the resolution told before this clause happens with it
            self.summons.append((sid, {"summon-kind": step["summon-kind"], "by": act["id"]}))
            if not any(e.get("kind") == "resolve" for e in self.events[self.events.index(act):]):
                # "X activates Y and Special Summons a monster": it does so when Y resolves
                self.events.append({"kind": "resolve", "of": act["id"]})
            return
        player = self._player(ev)
        kind = self.r.summon_kind(ev) or "special"
        things = subs(ev, "thing")
        if not things:                  # "I Normal Summon when it resolves": the Summon it grants
            return self.granted_summon(ev, kind, player)
        what = self.r.thing(things[0])
        info = self._mods(ev)
        if info.get("targets") or info.get("respond"):
            self.fail("a Summon does not target or respond", ev)
        kind, materials = self.how_summoned(ev, what.get("card"), kind, player, info.get("from"))
        if kind == "special" and what.get("card") and sub(ev, "sum_how") is None and \
                self.own_procedure(what["card"], info.get("from")):
            kind = "procedure"          # a Special Summon the player performs: its own procedure
        sid = self._summon(kind, player, what, info.get("from"))
        told = self.events[-1]
        if materials:
            told["materials"] = materials
        if len(things) > 1:             # "X and two other monsters": one Summon of them all
            second = self.r.thing(things[1])
            more = [] if second.get("card") else second["words"]
            n = COUNT_WORDS.get(more[0]) if more else None
            if n is None and more and more[0].isdigit():
                n = int(more[0])
            told["count"] = 1 + (n or 1)

    def _summon(self, kind: str, player: str | None, what: dict, place: str | None) -> str:
        """A Summon the player performs (not during an effect's resolution)."""
        sid = f"s{len(self.summons) + 1}"
        if player is None:              # "X is Link Summoned": by whom is not said
            self.unsaid_summoner.add(sid)
        event = {"kind": "summon", "id": sid, "summon-kind": kind, "player": player or "you",
                 "what": self.entity(what, controller=player or "you")}
        if place:
            event["from"] = place
        self.events.append(event)
        self.summons.append((sid, event))
        return sid

    def ev_negate(self, ev: Tree) -> None:
        target = next(ch for ch in ev.children if isinstance(ch, Tree)
                      and ch.data in ("neg_activation", "neg_effect", "neg_plain"))
        what = {"neg_activation": "activation", "neg_effect": "effect"}.get(target.data)
        effs = [ch for ch in target.children if isinstance(ch, Tree) and ch.data.startswith("eff_")]
        ir = self.r.effect(effs[0]) if effs else None
        if sub(target, "ord") is not None and ir and ir.get("card"):   # "my first X's effect"
            _copies(self).setdefault(self.db.get(ir["card"]).name,
                                     {"count": 0, "ords": [], "later": False})["ords"].append(
                low(sub(target, "ord"))[0])
        if ir is None or ir["how"] == "eff_it":           # "negates it", "negates the activation"
            if not self.acts:
                self.fail("what was negated? (tell what was activated first)", target)
            aid, ref = self.acts[-1]
        else:
            ref = self.effect_ref(ir)
            aid = self._find_act(ref)
            if what is None and ir["how"] in ("eff_poss", "eff_of", "eff_its") and \
                    "effect" in low(effs[0]):
                what = "effect"                          # "X's effect was negated"
        if aid is None:
            owner = ir.get("owner") if ir else None
            if owner not in ("you", "opponent"):
                a = sub(ev, "actor")
                negator = self.r.actor(a).get("player") if a is not None else None
                owner = {"you": "opponent", "opponent": "you"}.get(negator, "you")
            aid = self._activate(ref, owner, {})
        by = None
        effs = [ch for ch in ev.children if isinstance(ch, Tree) and ch.data.startswith("eff_")]
        if effs:                                   # "... with Y" / "... by Y": Y negates it
            by_ref = self.effect_ref(self.r.effect(effs[-1]))
            negator = self._player(ev) if sub(ev, "actor") is not None else \
                {"you": "opponent", "opponent": "you"}[self._act_player(aid)]
            by = self._activate(by_ref, negator, {"respond": True})
        if what is None and effs:
            by_reading = self.reading(by_ref["card"]) if by_ref.get("card") else None
            kinds = {f.get("what") for f in (by_reading.facts if by_reading else [])
                     if f.type == "negates"}
            # "negate the Summon or activation": what is negated here is an activation
            kinds = {k for w in kinds for k in str(w).split("-or-")} - {"summon"}
            if kinds == {"activation"}:
                what = "activation"
            elif kinds and kinds <= {"effect", "effects"}:
                what = "effect"
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
            if aid is None and sub(ev, "actor") is not None:
                aid = self._activate(ref, self._player(ev), {})   # "I resolve X": X was activated
            if aid is None:
                if self.acts:
                    self.fail(f"{self.r.said(effs[0])!r} resolves, but it was not activated", ev)
                # "My opponent's X resolves": the first thing told, so it was activated then
                owner = self.r.effect(effs[0]).get("owner")
                aid = self._activate(ref, owner if owner in ("you", "opponent") else "you", {})
                if owner not in ("you", "opponent"):     # a later step may tell whose it was
                    self.player_unsaid = getattr(self, "player_unsaid", set()) | {aid}
        self.events.append({"kind": "resolve"})

    def ev_face(self, ev: Tree) -> None:
        t = self.r.thing(sub(ev, "thing"))
        face = "up" if "face-up" in low(ev) else "down"
        owner = _owner(t["words"])
        self.entity(t, face=face, place="field", **({"controller": owner} if owner else {}))

    def ev_moved(self, ev: Tree) -> None:
        t = self.r.thing(sub(ev, "thing"))
        ws = low(ev)
        verb = self.r.action(find(ev, "act_verb")) if find(ev, "act_verb") is not None else "flip"
        if verb == "special-summon":       # "Nibiru is Special Summoned from their hand"
            return self.ev_summoned(ev)
        places = [self.r.place(p) for p in ev.iter_subtrees_topdown() if p.data == "place"]
        to = places[-1] if "to" in ws and places else None
        action = {"send": "sent-to-gy", "destroy": "destroyed", "banish": "banished",
                  "tribute": "tributed", "discard": "discarded",
                  "return": "returned-to-hand" if to == "hand" else "returned-to-deck"
                  if to == "deck" else "sent-to-gy" if to == "gy" else None,
                  "flip": "flipped-face-down" if "face-down" in ws else "flipped-face-up"
                  }.get(verb)
        if action is None:
            self.fail(f"the situation model has no move for {self.r.said(ev)!r}", ev)
        self._implied_targeting(sub(ev, "thing"))
        targeted = [x for e in self.events if e.get("kind") == "activate"
                    for x in e.get("targets", [])]
        is_target = bool(targeted) and (t["words"][:2] == ["one", "of"] or t["pronoun"])
        effs = [c for c in ev.children if isinstance(c, Tree) and c.data.startswith("eff_")]
        if effs and is_target:
            # "one of them is banished by Cosmic Cyclone (in the same Chain)": that card's
            # activation answers the Chain that targeted it
            by_ref = self.effect_ref(self.r.effect(effs[0]))
            owner = self.r.effect(effs[0]).get("owner")
            if owner not in ("you", "opponent"):
                # who activated it is not said: only a question about the targets may use it
                owner = {"you": "opponent", "opponent": "you"}[self._act_player(self.acts[-1][0])]
                self.unsaid_player.append(self.r.said(effs[0]))
            self._activate(by_ref, owner, {**self._target_change_mods(ev), "respond": True})
        elif any(isinstance(c, Token) and c.lower() == "by" for c in ev.children):
            self._moved_by(ev, t, action)        # "my X is Tributed by my opponent's Y"
            return
        elif is_target:
            self._target_change_mods(ev)
        if is_target:
            # "one of them is banished in response": a target changes before resolution
            what = self._which_target(t, targeted, ev)
            note_change(self, what, {"left": True} if not action.startswith("flipped") else
                        {"property": "face", "value": action.replace("flipped-", "")})
        else:
            owner = _owner(t["words"])
            what = self.entity(t, **({"controller": owner} if owner else {}))
        self.events.append({"kind": "move", "what": what, "action": action})

    def ev_summoned(self, ev: Tree) -> None:
        t = self.r.thing(sub(ev, "thing"))
        if self.events and self.events[-1].get("kind") == "resolve" and self.acts:
            # "X resolves and Y is Special Summoned": the resolving effect Summons it
            kind = self.r.summon_kind(ev) or "special"
            what = self.entity(t, kind="monster")
            sid = f"s{len(self.summons) + 1}"
            step = {"action": "summoned", "id": sid, "what": what,
                    "summon-kind": "by-effect" if kind == "special" else kind}
            act = next(e for e in self.events if e.get("id") == self.acts[-1][0])
            act.setdefault("does", []).append(step)
            self.summons.append((sid, {"summon-kind": step["summon-kind"], "by": act["id"]}))
            return
        kind = self.r.summon_kind(ev) or "special"
        if "procedure" in low(ev):
            kind = "procedure"
        self._summon(kind, _owner(t["words"]), t, self._mods(ev).get("from"))

    def _turn_said(self, node: Tree) -> str | None:
        """Whose turn a told phase is in: "my Main Phase" → you; "the Main Phase" → any (not
        said, and not guessed)."""
        return self.r.player(sub(node, "poss")) if sub(node, "poss") is not None else "any"

    def ev_phase(self, ev: Tree) -> None:
        turn = self._turn_said(ev)
        phase = self.r.phase(sub(ev, "phase"))
        if turn not in ("you", "opponent", "any") or phase is None:
            self.fail("which phase of whose turn?", ev)
        self.events.append({"kind": "phase", "phase": phase, "turn": turn})

    def entities_of(self, thing: dict | None) -> list[str]:
        """"two of my opponent's Set cards", "5 monsters in my GY": that many cards."""
        ws = thing["words"] if thing else []
        n = COUNT_WORDS.get(ws[0]) if ws else None
        if n is None and ws and ws[0].isdigit():
            n = int(ws[0])
        if not n or n == 1 or n > 5 or thing.get("card"):
            return [self.entity(thing)]
        base = thing["text"]
        out = []
        for k in range(1, n + 1):
            eid = f"m{len(self.entities) + 1}"
            self.entities[eid] = {"desc": f"{base} ({k} of {n})"}
            out.append(eid)
        return out

    def entity(self, thing: dict | None, **extra) -> str:
        if thing is None:
            self.fail("which card?")
        if thing.get("card"):
            self.last_card = thing["card"]
            return thing["card"]
        if thing.get("pronoun") and self.entities:
            return list(self.entities)[-1]
        eid = f"m{len(self.entities) + 1}"
        self.entities[eid] = {"desc": thing["text"], **extra}
        return eid

    def ev_protected(self, ev: Tree) -> None:
        prot = _protection(self, ev)
        self.protected = _described_entity(self, sub(ev, "thing"), prot)

    def ev_target(self, ev: Tree) -> None:
        """"I target X with Y", "my Y targets X (with its destroy effect)": Y is activated."""
        effs = [ch for ch in ev.children if isinstance(ch, Tree) and ch.data.startswith("eff_")]
        a = sub(ev, "actor")
        if a is not None and not effs:
            effs = [t for t in a.iter_subtrees_topdown() if t.data.startswith("eff_")]
        owner = self.r.actor(a).get("player") if a is not None else None
        first = None
        if len(effs) > 1 and a is None:
            first = self.r.effect(effs[0])
        elif a is not None and self.r.actor(a).get("effect"):
            first = self.r.actor(a)["effect"]
        if first is not None and first.get("card"):
            self.last_card = first["card"]         # "my X targets Y with its destroy effect"
        tw = self.r.thing(sub(ev, "thing"))["words"]
        ref = self.effect_ref(self.r.effect(effs[-1]), hint=[f"target:{_owner(tw) or 'any'}"])
        if a is None:
            owner = self.r.effect(effs[0]).get("owner")
        if owner not in ("you", "opponent"):
            owner = "you"
        if ref.get("card") and not any(
                f.type == "target" and (f.get("effect") == f"{ref['card']}#{ref.get('n', 1)}"
                                        or ref.get("n") is None)
                for f in self.reading(ref["card"]).facts):
            self.fail(f"{self.r.said(effs[-1])!r} does not target", ev)
        self._activate(ref, owner, {**self._when(ev), **self._mods(ev),
                                    "targets": [self.r.thing(sub(ev, "thing"))]})

    def ev_do(self, ev: Tree) -> None:
        """A response told by what it does to a targeted card: that effect is activated, and the
        card changes (flipped face-down, or gone)."""
        if _adds_to_hand(self, ev):
            return _ev_add_with(self, ev)
        effs = [ch for ch in ev.children if isinstance(ch, Tree) and ch.data.startswith("eff_")]
        rels = [r for r in sub(ev, "thing").iter_subtrees_topdown() if r.data == "thing_rel"
                and sub(r, "target_verb") is not None and not any(
                    isinstance(c, Tree) and c.data.startswith("eff_") for c in r.children)]
        if rels and effs and low(rels[0])[-1] in ("targeted", "target") and \
                self._find_act(self.effect_ref(self.r.effect(effs[-1]))) is None:
            # "my opponent banishes one of the cards I targeted with X": X is what targeted them
            self._implied_targeting(sub(ev, "thing"), effs[-1])
            return self.ev_do_unnamed(ev)
        ref = self.effect_ref(self.r.effect(effs[-1]))
        player = self._player(ev)
        respond = bool(self.acts)
        self._activate(ref, player, {"respond": respond} if respond else {})
        ws = low(ev)
        targeted = [t for e in self.events if e.get("kind") == "activate"
                    for t in e.get("targets", [])]
        if not targeted and getattr(self, "held", None):
            _note_removed(self, sub(ev, "thing"))    # "destroys one with X": one of the held cards
            return
        if not targeted:
            self.fail("which targeted card does it change?", ev)
        thing = self.r.thing(sub(ev, "thing"))
        which = self._which_target(thing, targeted, ev)
        if sub(ev, "flip_verb") is not None:
            note_change(self, which, {"property": "face",
                                      "value": "face-down" if "face-down" in ws else "face-up"})
        elif "summoning" in ws:
            note_change(self, which, {"left": True, "to": "field"})   # Summoned: now on the field
        else:
            note_change(self, which, {"left": True})

    def ev_cannot(self, ev: Tree) -> None:
        """"(I) have no cards in my hand to discard": the player holds none, so that action of the
        effect cannot be done now."""
        verb = self.r.action(find(ev, "act_verb"))
        if sub(ev, "actor") is not None:
            player = self._player(ev)
        elif self.acts:
            player = self._act_player(self.acts[-1][0])     # "I resolve X but have no ..."
        else:
            self.fail("who has none?", ev)
        place = self.r.place(find(ev, "place")) or "hand"
        self.events.append({"kind": "state", "player": player, "place": place, "what": "card",
                            "count": 0})
        self.cannot.append(verb)

    def check_pending(self) -> None:
        if any(ch.get("pending") for ch in self.changed.values()):
            self.fail("the targeted card was activated: does it stay on the field face-up? (say "
                      "'it is a Continuous Trap that stays face-up')")

    def _target_change_mods(self, ev: Tree) -> dict:
        """A targeted card's change told "in response", "in the same Chain", "before it resolves":
        it happens before the targeting effect resolves, which is what a target change is."""
        mods = self._mods(ev)
        if set(mods) - {"respond"}:
            self.fail("the situation model has no place for this in a target's change", ev)
        return mods

    def _which_target(self, t: dict, targeted: list[str], node) -> str:
        """Which targeted card a clause names: "one of them", "it", the only one, or the one
        whose controller it says ("my targeted card")."""
        ws = t["words"]
        if ws[:2] == ["one", "of"]:
            return targeted[0]
        if t["pronoun"]:
            return targeted[-1]
        if t.get("card") in targeted:
            return t["card"]
        owner = _owner(ws)
        if len(set(targeted)) == 1 and not t.get("card") and \
                ("targeted" in ws or "target" in ws or ws[:1] in (["that"], ["the"])) and \
                owner in (None, self._controller(targeted[0]) or owner):
            return targeted[-1]             # "the targeted card", "that Set card"
        if owner and ("targeted" in ws or "target" in ws):
            fit = [x for x in dict.fromkeys(targeted) if self._controller(x) == owner]
            if len(fit) == 1:
                return fit[0]
        self.fail("which of the targeted cards?", node)

    def _controller(self, eid: str) -> str | None:
        ent = self.entities.get(eid) or {}
        return ent.get("controller") or _owner(ent.get("desc", "").lower().split())

    def _implied_targeting(self, node: Tree | None, by: Tree | None = None) -> None:
        """"one of the 3 monsters I targeted with X": X was activated targeting that many cards."""
        if node is None:
            return
        for parent in node.iter_subtrees_topdown():
            rel = sub(parent, "thing_rel") if parent.data == "thing" else None
            if rel is not None and sub(rel, "target_verb") is None:
                rel = None
            post = [p for p in subs(parent, "thing_post") if low(p)[:2] == ["targeted", "by"]] \
                if parent.data == "thing" else []
            if rel is None and post:
                rel = post[0]               # "one of the 5 monsters targeted by my X"
            if rel is None:
                continue
            effs = [c for c in rel.children if isinstance(c, Tree) and c.data.startswith("eff_")]
            effs = effs or ([by] if by is not None else [])
            if not effs:
                continue
            ir = self.r.effect(effs[0])
            ref = self.effect_ref(ir, hint=["target"])
            if self._find_act(ref) is not None:
                return
            player = self.r.player(sub(rel, "rel_who")) if rel.data == "thing_rel" else ir.get("owner")
            if player not in ("you", "opponent"):
                self.fail("who targeted them?", rel)
            det = sub(parent, "thing_det")
            nums = [w for w in (low(det) if det is not None else []) if w.isdigit() or w in COUNT_WORDS]
            if not nums:
                self.fail("how many cards did it target?", parent)
            kept = [c for c in parent.children if c is not rel]
            desc = " ".join(self.r.said(c) for c in kept).replace(" 's", "'s")
            desc = re.sub(r"^one of ", "", desc, flags=re.I)
            self._activate(ref, player, {"targets": [{"words": [nums[-1]], "text": desc,
                                                      "card": None, "pronoun": False}]})
            return

    def ev_leaves(self, ev: Tree) -> None:
        """"one of them leaves the banishment (before it resolves)": a target is gone."""
        node = sub(ev, "thing")
        self._implied_targeting(node)
        t = self.r.thing(node)
        targeted = [x for e in self.events if e.get("kind") == "activate"
                    for x in e.get("targets", [])]
        if not targeted or not (t["words"][:2] == ["one", "of"] or t["pronoun"]):
            self.fail("the situation model has no event for " + repr(self.r.said(ev)), ev)
        place = self.r.place(sub(ev, "place"))
        action = {"field": "left-field", "gy": "left-gy", "banished": "left-banished"}.get(place)
        if action is None:
            self.fail(f"the situation model has no move for {self.r.said(ev)!r}", ev)
        self._target_change_mods(ev)
        what = self._which_target(t, targeted, ev)
        note_change(self, what, {"left": True})
        self.events.append({"kind": "move", "what": what, "action": action})

    def ev_do_unnamed(self, ev: Tree) -> None:
        """"my opponent returns their targeted card to the hand", "they respond by shuffling that
        monster into the Deck": a targeted card changes; the card that did it is not named."""
        node = sub(ev, "thing")
        self._implied_targeting(node)
        t = self.r.thing(node)
        targeted = [x for e in self.events if e.get("kind") == "activate"
                    for x in e.get("targets", [])]
        if not targeted:
            self.fail("the situation model has no event for " + repr(self.r.said(ev)), ev)
        self._player(ev)
        verb = self.r.action(find(ev, "act_verb")) if find(ev, "act_verb") is not None else \
            self.r.gerund_verb(sub(ev, "gerund"))
        if verb not in ("destroy", "banish", "return", "shuffle", "send", "tribute"):
            self.fail(f"the situation model has no move for {self.r.said(ev)!r}", ev)
        self._target_change_mods(ev)
        what = self._which_target(t, targeted, ev)
        note_change(self, what, {"left": True})
        places = [self.r.place(p) for p in ev.iter_subtrees_topdown() if p.data == "place"]
        action = {"destroy": "destroyed", "banish": "banished", "send": "sent-to-gy",
                  "tribute": "tributed"}.get(verb) or \
            ("returned-to-hand" if places[-1:] == ["hand"] else "returned-to-deck"
             if places[-1:] == ["deck"] else None)
        if action is None:
            self.fail(f"the situation model has no move for {self.r.said(ev)!r}", ev)
        self.events.append({"kind": "move", "what": what, "action": action})

    def ev_used(self, ev: Tree) -> None:
        """"I already used X this turn", "my Baronne de Fleur used its destroy effect"."""
        effs = [ch for ch in ev.children if isinstance(ch, Tree) and ch.data.startswith("eff_")]
        a = sub(ev, "actor")
        told_by = self.r.actor(a).get("effect") if a is not None else None
        if told_by and told_by.get("card"):      # "my X used its ... effect": "its" is X's
            self.last_card = self.db.get(told_by["card"]).name
        if effs:
            ir = self.r.effect(effs[0])
        elif any(getattr(t, "type", "") == "XCARD" for t in ev.children):
            card = self.r.card(next(t for t in ev.children if getattr(t, "type", "") == "XCARD"))
            ir = {"how": "eff_card", "card": card, "ord": None, "desc": [], "quote": None,
                  "rel": None, "text": self.r.said(ev)}
        else:                                     # "X used its destroy effect"
            owner = self.r.actor(a)
            if not owner.get("effect"):
                self.fail("which effect was used?", ev)
            self.effect_ref(owner["effect"])        # names the card "its" refers to
            descs = [" ".join(low(d)) for d in ev.iter_subtrees_topdown() if d.data == "eff_desc"]
            ir = {"how": "eff_its", "card": None, "ord": None, "desc": descs, "quote": None,
                  "rel": None, "text": self.r.said(ev)}
        ref = self.effect_ref(ir)
        player = self.r.actor(a).get("player") if a is not None else \
            (self.r.player(sub(ev, "poss")) or "you")
        if sub(ev, "ord") is not None and ref.get("card"):    # "my first X resolved"
            _copies(self).setdefault(ref["card"], {"count": 0, "ords": [], "later": False})[
                "ords"].append(low(sub(ev, "ord"))[0])
        self._activate(ref, player if player in ("you", "opponent") else "you", {})
        self.events.append({"kind": "resolve"})

    # -- the spec -----------------------------------------------------------------
    def spec(self, family: str, slots: dict) -> dict:
        if self.unsaid_player:
            self.fail(f"who activated {self.unsaid_player[0]}? ('my opponent's X', 'my X')")
        self.check_pending()
        if self.cannot and "cannot" not in slots:
            self.fail(f"this question form has no place for what cannot be done ({self.cannot[0]})")
        out = {"family": family, **slots}
        if self.events:
            out["situation"] = self.events
        if self.entities:
            out["entities"] = self.entities
        return out

    # -- told Chains: timing and responses ----------------------------------------
    def ev_noresp(self, ev: Tree) -> None:
        """"nobody responds": nothing is chained, so the Chain resolves now."""
        if not self.acts:
            self.fail("nobody responds to what? (tell what was activated first)", ev)
        self.events.append({"kind": "resolve"})

    def ev_did(self, ev: Tree) -> None:
        """"... and banishes it", "it destroys my Bixi": what the link just told does when it
        resolves ("it" is the card of the link it answers)."""
        if not self.acts:
            self.fail("what does it? (tell what was activated first)", ev)
        act = next(e for e in self.events if e.get("id") == self.acts[-1][0])
        verb = self.r.action(sub(ev, "did_verb"))
        t = self.r.thing(sub(ev, "thing"))
        places = [self.r.place(p) for p in ev.iter_subtrees_topdown() if p.data == "place"]
        action = {"destroy": "destroyed", "banish": "banished", "send": "sent-to-gy",
                  "tribute": "tributed", "discard": "discarded",
                  "return": "returned-to-hand" if places[-1:] == ["hand"] else
                  "returned-to-deck" if places[-1:] == ["deck"] else None}.get(verb)
        if action is None:
            self.fail(f"the situation model has no step for {self.r.said(ev)!r}", ev)
        targeted = [x for e in self.events if e.get("kind") == "activate" and e is not act
                    for x in e.get("targets", [])]
        if t["pronoun"]:
            what = self._answered_card(act, ev)
        elif targeted and t["words"][:2] == ["one", "of"] and act.get("respond"):
            # "chains X and banishes one of those 5 monsters": one of the targets leaves
            what = self._which_target(t, targeted, ev)
            if action in ACTION_VERBS:
                note_change(self, what, {"left": True})
        else:
            owner = _owner(t["words"])
            what = self.entity(t, **({"controller": owner} if owner else {}))
        self._step(act, action, what)

    def ev_card_acts(self, ev: Tree) -> None:
        """"my opponent's monster on the field activates its trigger effect": an effect of a card
        the question does not name, known by its kind only."""
        card = sub(ev, "acting_card")
        ws = low(card)
        kind = next(k for k in ("monster", "spell", "trap", "card") if k in ws)
        descs = [" ".join(low(d)) for d in subs(ev, "eff_desc")]
        if kind == "card" or any(d not in ("trigger", "quick", "ignition", kind) for d in descs):
            self.fail("an effect of a card that is not named is known only by the kind of card "
                      "('a monster effect', 'a Quick-Play Spell')", ev)
        player = self.r.player(sub(card, "poss"))
        if player not in ("you", "opponent"):
            self.fail(f"whose is {self.r.said(card)!r}?", card)
        on_field = "field" in ws
        ent = {"desc": self.r.said(card), "controller": player, "kind": kind}
        if on_field:
            ent["place"] = "field"
        if "face-up" in ws or (on_field and kind == "monster" and "face-down" not in ws):
            ent["face"] = "up"
        eid = f"m{len(self.entities) + 1}"
        self.entities[eid] = ent
        info = {**self._when(ev), **self._mods(ev)}
        if on_field:
            info["from"] = "field"
        aid = self._activate({"generic": kind}, player, info)
        next(e for e in self.events if e.get("id") == aid)["source"] = eid
        self.last_entity = eid

    def ev_attack(self, ev: Tree) -> None:
        card = sub(ev, "acting_card")
        player = self.r.player(sub(card, "poss"))
        if player not in ("you", "opponent"):
            self.fail(f"whose is {self.r.said(card)!r}?", card)
        eid = f"m{len(self.entities) + 1}"
        self.entities[eid] = {"desc": self.r.said(card), "controller": player, "kind": "monster",
                              "place": "field", "face": "up"}
        self.events.append({"kind": "attack", "what": eid})

    def _moved_by(self, ev: Tree, t: dict, action: str) -> None:
        """"my Witch is Tributed by my opponent's Nibiru": that effect was activated and resolved,
        and this is what it did."""
        effs = [ch for ch in ev.children if isinstance(ch, Tree) and ch.data.startswith("eff_")]
        kids = list(ev.children)
        by = next((i for i, ch in enumerate(kids) if str(ch).lower() == "by"), None)
        if not effs or by is None or kids.index(effs[-1]) < by:
            self.fail("moved by what? ('by my opponent's Nibiru')", ev)
        poss = next((ch for ch in kids[by:] if isinstance(ch, Tree) and ch.data == "poss"), None)
        ir = self.r.effect(effs[-1])
        player = self.r.player(poss) if poss is not None else ir.get("owner")
        if player not in ("you", "opponent"):
            owner = _owner(t["words"])
            player = {"you": "opponent", "opponent": "you"}.get(owner)
        if player not in ("you", "opponent"):
            self.fail(f"whose is {self.r.said(effs[-1])!r}?", ev)
        owner = _owner(t["words"])
        what = self.entity(t, **({"controller": owner} if owner else {}))
        keep = self.last_card
        ref = self.effect_ref(ir, hint=[ACTION_VERBS.get(action, action)])
        self.last_card = keep if t.get("card") is None else t["card"]
        aid = self._activate(ref, player, {"respond": True} if self.responding else {})
        act = next(e for e in self.events if e.get("id") == aid)
        self._step(act, action, what)
        self.events.append({"kind": "resolve", "of": aid})

    def ev_then_does(self, ev: Tree) -> None:
        """", whose effect then (goes on to) Special Summon(s) X and a Token": later steps of the
        link just told."""
        if not self.acts:
            self.fail("whose effect? (tell what was activated first)", ev)
        act = next(e for e in self.events if e.get("id") == self.acts[-1][0])
        verb = self.r.action(sub(ev, "act_verb"))
        if verb != "special-summon":
            self.fail(f"the situation model has no step for {self.r.said(ev)!r}", ev)
        first = True
        for th in subs(ev, "thing"):
            t = self.r.thing(th)
            what = self.entity(t, kind="monster")
            sid = f"s{len(self.summons) + 1}"
            step = {"action": "summoned", "id": sid, "what": what, "summon-kind": "by-effect"}
            if first:
                step["then"] = True
                first = False
            act.setdefault("does", []).append(step)
            self.summons.append((sid, {"summon-kind": "by-effect", "by": act["id"]}))

    def ev_phase_now(self, ev: Tree) -> None:
        """"we are in the Damage Step": whose turn is the attacker's, when an attack was told."""
        phase = self.r.phase(sub(ev, "phase"))
        turn = self.r.player(sub(ev, "poss"))
        if turn not in ("you", "opponent"):
            attacks = [e for e in self.events if e["kind"] == "attack"]
            turn = self.entities[attacks[-1]["what"]]["controller"] if attacks else None
        if turn not in ("you", "opponent"):
            self.fail("whose turn is it? ('during my opponent's Battle Phase')", ev)
        self.events.append({"kind": "phase", "phase": phase, "turn": turn})


def _owner(ws: list[str]) -> str | None:
    if "opponent" in ws or "opponent's" in ws or "their" in ws:
        return "opponent"
    if "my" in ws or "i" in ws:
        return "you"
    return None


def _norm(text: str) -> str:
    return " ".join(re.sub(r"[^\w\s]", " ", text.lower()).split())


def _does(facts, eid: str, verb: str) -> bool:
    return any(f.get("effect") == eid and f.get("verb") == verb and
               f.type in ("clause", "clause_verb", "cost_action") for f in facts)


COUNT_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "both": 2}

PROTECTIONS = {"card": "card-effects", "monster": "monster-effects", "spell": "spell-effects",
               "trap": "trap-effects"}


def note_change(st: Situate, entity: str, change: dict) -> None:
    """A targeted card changed before the question's effect resolved."""
    st.changed[entity] = change


def _protection(st: Situate, thing_node: Tree) -> str | None:
    """"that cannot be targeted by card effects" (or a quote saying so) → card-effects."""
    for rel in thing_node.iter_subtrees_topdown():
        if rel.data == "prot":
            return PROTECTIONS.get(low(rel)[0])
        if rel.data in ("thing_rel", "prot_clause"):
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


def _narrow(reading: Reading, cands, hint) -> list:
    """Among several fitting effects, those that do what the rest of the question says they do
    (an action, or "target" for an effect told to target); all of them when none does."""
    for verb in hint:
        fit = [e for e in cands if _fits(reading, e, "target:any" if verb == "target" else verb)]
        cands = fit or cands
    return cands


# -- copies of a card and what became of the card named last (once-per-turn questions) ----------

def _copies(st: Situate) -> dict:
    """Told copies: {card: {"count": n, "ords": [ordinals told], "later": bool}}."""
    if not hasattr(st, "copy_notes"):
        st.copy_notes = {}
    return st.copy_notes


def _ev_copies(self: Situate, ev: Tree) -> None:
    """"I control two Baronne de Fleur": that many copies of the card."""
    card = self.r.card(next(t for t in ev.children if getattr(t, "type", "") == "XCARD"))
    ws = low(sub(ev, "num"))
    n = COUNT_WORDS.get(ws[0]) or (int(ws[0]) if ws[0].isdigit() else None)
    if ws[0] in ("a", "an"):
        n = 1
    if not n or n > 3:
        self.fail("how many copies?", ev)
    player = self._player(ev)
    note = _copies(self).setdefault(card, {"count": 0, "ords": [], "later": False})
    note["count"] = max(note["count"], n)
    note["player"] = player
    self.last_card = card


def _subject_card(self: Situate, ev: Tree) -> str:
    if self.last_card is None:
        self.fail("which card? (name it)", ev)
    return self.last_card


def _then_went(self: Situate, ev: Tree) -> None:
    """"(it) went back to the Extra Deck": the card named last left the field."""
    card = _subject_card(self, ev)
    place = self.r.place(sub(ev, "place"))
    action = {"hand": "returned-to-hand", "deck": "returned-to-deck",
              "extra-deck": "returned-to-extra"}.get(place)
    if action is None:
        self.fail(f"the situation model has no move back to {self.r.said(sub(ev, 'place'))!r}", ev)
    self.events.append({"kind": "move", "what": card, "action": action})


def _then_moved(self: Situate, ev: Tree) -> None:
    """"(it) was destroyed": the card named last left the field."""
    card = _subject_card(self, ev)
    verb = self.r.action(sub(ev, "act_verb"))
    action = {"destroy": "destroyed", "banish": "banished", "send": "sent-to-gy",
              "tribute": "tributed"}.get(verb)
    if action is None:
        self.fail(f"the situation model has no move for {self.r.said(ev)!r}", ev)
    if sub(ev, "v_effect") is not None or any(isinstance(c, Tree) and c.data.startswith("eff_")
                                              for c in ev.children):
        self.fail("a move made by an effect is told as that effect's activation "
                  "('my opponent activates X')", ev)
    self.events.append({"kind": "move", "what": card, "action": action})


def _then_summoned(self: Situate, ev: Tree) -> None:
    """"(it) was Synchro Summoned again": the card named last is Summoned."""
    card = _subject_card(self, ev)
    kind = self.r.summon_kind(ev) or "special"
    player = _copies(self).get(card, {}).get("player") or "you"
    self._summon(kind, player, {"card": card, "text": card, "words": [], "pronoun": False}, None)


def _ev_summon_with(self: Situate, ev: Tree) -> None:
    """"I Special Summoned it back with Monster Reborn": that effect Summons the card named last."""
    card = _subject_card(self, ev)
    player = self._player(ev)
    node = next(c for c in ev.children if isinstance(c, Tree) and c.data.startswith("eff_")
                and c.data not in EFF_PARTS)
    ref = self.effect_ref(self.r.effect(node))
    aid = self._activate(ref, player, {})
    act = next(e for e in self.events if e.get("id") == aid)
    sid = f"s{len(self.summons) + 1}"
    act["does"] = [{"action": "summoned", "id": sid, "what": card, "summon-kind": "by-effect"}]
    self.summons.append((sid, {"summon-kind": "by-effect", "by": aid}))
    self.events.append({"kind": "resolve"})
    self.last_card = card


def _summon_copy(self: Situate, ev: Tree) -> None:
    """"I Link Summon a second Knightmare Unicorn": another copy of the card comes to the field."""
    card = self.r.card(next(t for t in ev.children if getattr(t, "type", "") == "XCARD"))
    player = self._player(ev)
    kind = self.r.summon_kind(ev) or "special"
    note = _copies(self).setdefault(card, {"count": 0, "ords": [], "later": False})
    ordinal = low(sub(ev, "ord"))[0]
    if ordinal in ("first", "1st"):
        self.fail("a first copy Summoned after it was used?", ev)
    note["ords"].append(ordinal)
    note["later"] = True          # another copy was Summoned (after the used one, if "at" says)
    note["at"] = len(self.events)
    note["player"] = player
    sid = f"s{len(self.summons) + 1}"
    event = {"kind": "summon", "id": sid, "summon-kind": kind, "player": player,
             "what": self.entity({"card": None, "text": f"a {ordinal} {card}", "words": [],
                                  "pronoun": False}, card=card, controller=player)}
    self.events.append(event)
    self.summons.append((sid, event))
    self.last_card = card


EFF_PARTS = ("eff_noun", "eff_desc", "eff_rel", "eff_does")

Situate.ev_copies = _ev_copies
Situate.then_went = _then_went
Situate.then_moved = _then_moved
Situate.then_summoned = _then_summoned
Situate.ev_summon_with = _ev_summon_with
Situate.summon_copy = _summon_copy


# -- what a player has when an effect is activated, and what changes before it resolves ---------
# "I activate X while I control no monsters", "... with exactly 2 Crystal Beast cards in my Spell
# & Trap Zone", then "my opponent destroys one in response", "in response I activate Y to Special
# Summon a monster", "so when X resolves I control a face-up card".

HELD_COUNTS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}


def _quantity(ws: list[str]) -> tuple[object, list[str]]:
    """["exactly", "2", "crystal", ...] → (2, rest); ["no", ...] → ("no", rest)."""
    if ws and ws[0] == "no":
        return "no", ws[1:]
    if ws and ws[0] == "exactly":
        ws = ws[1:]
    if ws and ws[0] in HELD_COUNTS:
        return HELD_COUNTS[ws[0]], ws[1:]
    if ws and ws[0].isdigit():
        return int(ws[0]), ws[1:]
    return None, ws


def _note_held(st: Situate, m: Tree) -> None:
    held = sub(m, "held")
    if held is not None:
        player = None                     # the activating player (known once it is told)
        ws = st.r.said(held).lower().split()
    else:
        clause = sub(m, "sit_clause").children[0]
        if clause.data != "ev_state" or sub(clause, "thing") is None:
            st.fail("the situation model has no place for " + repr(st.r.said(m)), m)
        player = st._player(clause)
        ws = [w.lower() for w in st.r.said(sub(clause, "thing")).split()]
    quant, rest = _quantity(ws)
    if quant is None:
        st.fail(f"how many? ({st.r.said(m)!r}: say 'no', 'exactly 2', 'a')", m)
    if not hasattr(st, "held"):
        st.held, st.held_changes = [], []
    st.held.append({"act": f"a{len(st.acts) + 1}", "player": player, "quant": quant,
                    "words": rest, "text": st.r.said(m)})


def _held_changes(st: Situate) -> list:
    if not hasattr(st, "held"):
        st.held, st.held_changes = [], []
    return st.held_changes


def _note_removed(st: Situate, thing_node) -> None:
    """One of the held cards leaves: "one", "one of them", "that Fairy", "it"."""
    if not getattr(st, "held", None):
        st.fail("removes one of what? (tell what was controlled first)", thing_node)
    ws = low(thing_node) if thing_node is not None else []
    if ws not in (["one"], ["one", "of", "them"], ["it"]) and ws[:1] != ["that"]:
        st.fail(f"which of the cards is {st.r.said(thing_node)!r}?", thing_node)
    if ws[:1] == ["that"] and not set(_norm_words(ws[1:])) <= set(_norm_words(st.held[-1]["words"])):
        st.fail(f"{st.r.said(thing_node)!r} is not one of {st.held[-1]['text']!r}", thing_node)
    _held_changes(st).append({"kind": "removed", "n": 1})


def _purpose_gains(st: Situate, m: Tree) -> bool:
    """"... to Special Summon a Psychic monster": the activating player will control it."""
    verb = st.r.action(sub(m, "act_verb"))
    thing = sub(m, "thing")
    if verb != "special-summon" or thing is None:
        return False
    t = st.r.thing(thing)
    if t["pronoun"] or (t["words"][:1] not in (["a"], ["an"], ["1"], ["one"])):
        return False
    aid = st.acts[-1][0]
    act = next(e for e in st.events if e.get("id") == aid)
    what = {"desc": t["text"], "kind": "monster", "controller": act["player"]}
    act.setdefault("does", []).append({"action": "summoned", "what": what,
                                       "summon-kind": "by-effect"})
    _held_changes(st).append({"kind": "gained", "player": act["player"], "words": ["monster"]})
    return True


def _ev_remove(self: Situate, ev: Tree) -> None:
    self._when(ev)
    self._mods(ev)
    _note_removed(self, sub(ev, "held_ref"))


def _ev_then_chain(self: Situate, ev: Tree) -> None:
    """"..., then chain my own Set X": the player who activated last chains X."""
    if not self.acts:
        self.fail("chains to what? (tell what was activated first)", ev)
    player = self._act_player(self.acts[-1][0])
    poss = sub(ev, "poss")
    if poss is not None and self.r.player(poss) != player:
        self.fail("who chains it?", ev)
    card = self.r.card(next(t for t in ev.children if getattr(t, "type", "") == "XCARD"))
    ref = self.effect_ref({"how": "eff_card", "card": card, "ord": None, "desc": [], "quote": None,
                           "rel": None, "text": card})
    info = {**self._mods(ev), "respond": True}
    if "set" in low(ev):
        if self.db.get(ref["card"]).kind not in ("spell", "trap"):
            self.fail("only a Spell or Trap is Set", ev)
        info["from"] = "set"
    self._activate(ref, player, info)


def _ev_state_at(self: Situate, ev: Tree) -> None:
    """"when X resolves I control a face-up card": what holds at resolution."""
    player = self._player(ev)
    quant, rest = _quantity([w.lower() for w in self.r.said(sub(ev, "thing")).split()])
    if quant in (None, "no"):
        self.fail("what does the player control then?", ev)
    _held_changes(self).append({"kind": "gained", "player": player, "words": rest})


def _norm_words(ws) -> list[str]:
    out = []
    for w in ws:
        w = re.sub(r'["\'.,]', "", w.lower()).replace("-type", "")
        w = {"your": "my", "their": "my"}.get(w, w)
        if w.endswith("s") and len(w) > 3 and not w.endswith("ss"):
            w = w[:-1]
        if w and w not in ("the", "in", "on", "of", "&"):
            out.extend(w.split("/") if w in ("spell/trap",) else [w])
    return out


Situate.ev_remove = _ev_remove
Situate.ev_then_chain = _ev_then_chain
Situate.ev_state_at = _ev_state_at


def _fits(reading: Reading, e, hint: str) -> bool:
    """Does effect ``e`` fit what the question says it does?  ``hint`` is an action, or
    "target:PLAYER" (it targets a card of that player's: an effect whose target is a card of
    "your" GY or that "you control" cannot target the opponent's card, and back)."""
    if not hint.startswith("target:"):
        return _does(reading.facts, e.id, hint)
    if not any(f.type == "target" and f.get("effect") == e.id for f in reading.facts):
        return False
    m = re.search(r"\btarget (.*?)(?:;|$)", e.text)
    what = m.group(1).lower() if m else ""
    whose = hint.split(":", 1)[1]
    mine = bool(re.search(r"\byour (?!opponent)|\byou control\b", what))
    theirs = "opponent" in what
    if whose == "opponent":
        return not (mine and not theirs)
    if whose == "you":
        return not (theirs and not mine)
    return True


ACTION_VERBS = {"sent-to-gy": "send", "destroyed": "destroy", "banished": "banish", "tributed": "tribute",
                "discarded": "discard", "returned-to-hand": "return", "returned-to-deck": "return"}


def _self_cost(self: Situate, event: dict, ref: dict, verb: str | None, node: Tree) -> None:
    """"activates Ash Blossom (discarding it)": the activated card is moved as the cost; the
    card must have an effect whose cost does that, and a discarded card was in the hand."""
    from .procedures import MOVED
    card = ref.get("card")
    if card is None or verb not in MOVED:
        self.fail(f"{self.r.said(node)!r}: which card is moved for the cost?", node)
    reading = self.reading(card)
    costs = [f for f in reading.facts if f.type == "cost_action" and f.get("verb") == verb]
    if not costs:
        self.fail(f"{card} has no effect whose cost is {self.r.said(node)!r}", node)
    event["cost"] = [{"action": MOVED[verb], "what": self.entity(
        {"card": card, "text": card, "words": [], "pronoun": False})}]
    # discarding is from the hand; "send this card from your hand to the GY" says so
    if verb == "discard" or all(f.source is not None and re.search(
            r"\bthis card from your hand\b(?! or)", f.source.quote, re.I) for f in costs):
        event["from"] = "hand"


def _named_place(self: Situate, thing: dict | None) -> None:
    """"targeting that Ash Blossom in their GY": where a card named by its name is, as an entity
    of that name (a place told twice must agree)."""
    from ..parser.transform import PLACE_WORDS
    if not thing or not thing.get("card"):
        return
    ws = thing["words"]
    place = None
    for i, w in enumerate(ws):
        if w in ("in", "on") and i + 1 < len(ws):
            rest = [x for x in ws[i + 1:] if x not in ("my", "your", "their", "his", "her", "its",
                                                         "opponent's", "the")]
            if rest and rest[0] in PLACE_WORDS:
                place = PLACE_WORDS[rest[0]]
    if place is None:
        if any(w in ("in", "on", "from") for w in ws):
            self.fail(f"where is {thing['text']!r}?")
        return
    card = thing["card"]
    to_gy = any(c.get("what") == card and c.get("action") in ("discarded", "sent-to-gy")
                for e in self.events for c in e.get("cost") or [])
    if to_gy and place != "gy":
        self.fail(f"{card} went to the GY for the cost; it is not in the {place}")
    ent = self.entities.setdefault(card, {"card": card})
    if ent.get("place", place) != place:
        self.fail(f"{card} is told to be in two places")
    ent["place"] = place


def _ev_draw(self: Situate, ev: Tree) -> None:
    """"my opponent draws for their normal draw in the Draw Phase": the turn player draws by
    the rules (a move ``drawn`` by ``rule``); a phase told without its owner is theirs."""
    if any(self.r.action(v) != "draw" for v in subs(ev, "act_verb")):
        self.fail("the normal draw is a draw", ev)
    player = self._player(ev)
    whose = self.r.player(sub(ev, "poss"))
    if whose != player:
        self.fail("whose normal draw? (the player who draws makes it)", ev)
    if [w for w in low(ev) if w.isdigit() and w != "1"]:
        self.fail("the normal draw is 1 card", ev)
    self._when(ev)
    before = len(self.events)
    if self._mods(ev):
        self.fail("the situation model has no place for what else is said of the draw", ev)
    for m, e in zip([m for m in subs(ev, "ev_mod") if sub(m, "phase") is not None],
                    [e for e in self.events[before:] if e.get("kind") == "phase"]):
        turn = self.r.player(sub(m, "poss"))
        if turn is None:
            e["turn"] = player                  # "in the Draw Phase": the drawing player's turn
        elif e["turn"] != player:
            self.fail("the normal draw is made in the drawing player's own turn", m)
    self.events.append({"kind": "move", "action": "drawn", "by": "rule", "player": player})


Situate.ev_draw = _ev_draw


def _adds_to_hand(self: Situate, ev: Tree) -> bool:
    """"my opponent adds a card from their Deck to their hand with X": an add to the hand."""
    return sub(ev, "act_verb") is not None and self.r.action(sub(ev, "act_verb")) == "add" \
        and any(low(p)[0] == "to" and self.r.place(sub(p, "place")) == "hand"
                for p in subs(ev, "thing_post"))


def _ev_add_with(self: Situate, ev: Tree) -> None:
    """"my opponent adds a card from their Deck to their hand with X": X is activated and, when
    it resolves, that card is added from that place to that player's hand (a ``does`` step with
    ``from``).  Only one card, from the player's own Deck or GY, to their own hand."""
    player = self._player(ev)
    effs = [ch for ch in ev.children if isinstance(ch, Tree) and ch.data.startswith("eff_")]
    if len(effs) != 1 or sub(ev, "ev_when") is not None:
        self.fail("added with what? (name the card that adds it)", ev)
    thing = sub(ev, "thing")
    t = self.r.thing(thing)
    ws = t["words"]
    if t["card"] or not ws or ws[0] not in ("a", "an", "1", "one") or "card" not in ws:
        self.fail(f"which card is added? ('a card from their Deck'): {t['text']!r}", ev)
    froms = [p for p in thing.iter_subtrees_topdown() if p.data == "thing_post"
             and low(p)[0] == "from"]
    tos = [p for p in subs(ev, "thing_post") if low(p)[0] == "to"]
    if len(froms) != 1 or len(tos) != 1 or [w for w in ws[1:] if w not in (
            "card", "from", "my", "your", "their", "his", "her", "deck", "gy", "graveyard")]:
        self.fail(f"from where to where? ('a card from their Deck to their hand'): "
                  f"{self.r.said(ev)!r}", ev)
    place = self.r.place(sub(froms[0], "place"))
    for p in froms + tos:
        if self.r.player(sub(p, "poss")) != player:
            self.fail("a card added from another player's place or to another player's hand is "
                      "not placed yet", p)
    if place not in ("deck", "gy"):
        self.fail("a card added from there is not placed yet", froms[0])
    info = self._mods(ev)
    if info:
        self.fail("the situation model has no place for what else is said of the addition", ev)
    ref = self.effect_ref(self.r.effect(effs[0]), hint=["add"])
    aid = self._activate(ref, player, {"respond": True} if self.responding else {})
    if self.events[-1].get("respond"):
        self.fail("it was added while other links waited: say when they resolve", ev)
    what = self.entity({"card": None, "text": f"{t['text']} (added to the hand from the {place})",
                        "words": ws, "pronoun": False}, controller=player, place="hand")
    self.events.append({"kind": "resolve", "of": aid,
                        "does": [{"action": "added-to-hand", "what": what, "from": place}]})


TARGET_FILLER = {"a", "an", "the", "up", "to", "1", "2", "3", "4", "5", "one", "two", "three", "four",
                 "five", "of", "in", "on", "face-up", "face-down", "exactly"}


def _targets_fit(reading: Reading, e, ws: list[str]) -> bool:
    """"the effect that targets up to 2 cards on the field": the effect targets, and every
    word that describes its targets is in the text of what it targets ("field", "card")."""
    if not any(f.type == "target" and f.get("effect") == e.id for f in reading.facts):
        return False
    m = re.search(r"\btarget (.*?)(?:;|$)", e.text)
    what = set(_norm_words(m.group(1).split())) if m else set()
    want = [w for w in _norm_words(ws) if w not in TARGET_FILLER]
    return all(w in what for w in want)


# -- a link that Summons its own card, then something else (topic J) ------------------------------

def _ev_summons_itself(self: Situate, ev: Tree) -> None:
    """"X resolves and Special Summons itself": the resolving link Summons its own card."""
    if not self.acts or not any(e.get("kind") == "resolve" for e in self.events):
        self.fail("what Summons itself? (tell what resolves first: 'X resolves and ...')", ev)
    if self._mods(ev):
        self.fail("the situation model has no place for " + repr(self.r.said(ev)), ev)
    aid, ref = self.acts[-1]
    card = ref.get("card")
    if card is None:
        self.fail("which card Summons itself?", ev)
    reading = self.reading(card)
    try:
        eid = select_effect(reading, ref)
    except QuestionError:
        eid = None
    if not any(f.type == "summons_self" and f.get("effect") == eid for f in reading.facts):
        self.fail(f"the effect of {card} does not Special Summon {card} itself", ev)
    act = next(e for e in self.events if e.get("id") == aid)
    sid = f"s{len(self.summons) + 1}"
    step = {"action": "summoned", "id": sid, "what": card, "summon-kind": "by-effect"}
    if getattr(self, "then_join", False) and act.get("does"):
        step["then"] = True
    act.setdefault("does", []).append(step)
    self.summons.append((sid, {"summon-kind": "by-effect", "by": aid}))


def _summoned_to(st: Situate, act: dict, ev: Tree, what: str) -> None:
    """"... Special Summons the Token to my field": the Summoned monster's controller; when who
    activated the link was not said, an effect that Summons "to your opponent's field" tells it."""
    t = sub(ev, "thing")
    posts = [p for p in (t.iter_subtrees_topdown() if t is not None else [])
             if p.data == "thing_post" and sub(p, "place") is not None
             and low(sub(p, "place")) == ["field"] and sub(p, "poss") is not None]
    if not posts:
        return
    to = st.r.player(sub(posts[0], "poss"))
    if to not in ("you", "opponent"):
        st.fail(f"whose field? ({st.r.said(posts[0])!r})", posts[0])
    if what in st.entities:
        st.entities[what]["controller"] = to
    ref = act.get("effect") or {}
    if not ref.get("card") or act["id"] not in getattr(st, "player_unsaid", set()):
        return
    text = " ".join(e.text for e in st.reading(ref["card"]).effects).lower()
    if "to your opponent's field" in text and "to your field" not in text:
        act["player"] = {"you": "opponent", "opponent": "you"}[to]


Situate.ev_summons_itself = _ev_summons_itself


def _ev_in_place(self: Situate, ev: Tree) -> None:
    """"My Gyzarus (properly Contact Fusion Summoned earlier) is in my GY": the card is there when
    what is told next starts; a Summon told with it happened before, and the card then left the
    field (how is not said)."""
    t = self.r.thing(sub(ev, "thing"))
    card = t.get("card")
    if card is None:
        self.fail("which card is there? (name it)", ev)
    owner = _owner(t["words"]) or (self.r.player(sub(sub(ev, "thing"), "poss"))
                                   if sub(sub(ev, "thing"), "poss") is not None else None)
    if owner not in ("you", "opponent"):
        self.fail(f"whose is {t['text']!r}? ('my X', 'my opponent's X')", ev)
    place = self.r.place(sub(ev, "place"))
    if place is None:
        self.fail(f"where is {t['text']!r}?", ev)
    told = sub(ev, "told_summoned")
    if told is not None:
        if self.events:
            self.fail("a Summon told as earlier comes first: tell it before the rest", told)
        kind = self.r.summon_kind(told) or "special"
        if place == "field":
            self.fail("the situation model has no place for a Summon told beside where the card "
                      "is now", told)
        self._summon(kind, owner, t, None)
        self.events.append({"kind": "move", "what": card, "action": "left-field"})
    if card in self.entities:
        self.fail(f"{card} is told twice", ev)
    self.entities[card] = {"card": card, "controller": owner, "owner": owner, "place": place}
    self.last_card = card


Situate.ev_in_place = _ev_in_place


PLACE_TEXT = {"gy": r"\b(?:GY|Graveyard)\b", "hand": r"\bhand\b", "deck": r"\bDeck\b",
              "extra-deck": r"\bExtra Deck\b", "banished": r"\bbanished\b"}


def _from_place(text: str, place: str | None) -> bool:
    """"... Special Summons it from the GY": the effect's text names that place."""
    rx = PLACE_TEXT.get(place or "")
    if rx is None:
        return False
    return bool(re.search(rx, text))

def implied_response_changes(st: Situate) -> None:
    """"I target X with Y and they chain Book of Moon": a response told with neither a target nor a
    purpose, whose card has one effect that targets exactly 1 card and only changes "that target"
    to face-down, may have flipped the one card the link it answers targets, when that card as
    told meets every condition of its target (a face-up monster for "1 face-up monster on the
    field").  The words do not say it did, so the target's face "may be face-down" when the effect
    resolves (value ``face-down-or-unchanged``): only rules that hold either way can answer."""
    for ev in st.events:
        if ev.get("kind") != "activate" or not ev.get("respond") or ev.get("targets") \
                or ev.get("does") or not ev["effect"].get("card"):
            continue
        to = next((e for e in st.events if e.get("id") == ev["respond"]), None)
        targets = list(dict.fromkeys(to.get("targets") or [])) if to else []
        if len(targets) != 1 or targets[0] in st.changed:
            continue
        change = _targeting_change(st.reading(ev["effect"]["card"]), st.entities.get(targets[0], {}))
        if change is not None:
            note_change(st, targets[0], change)


def _targeting_change(reading: Reading, ent: dict) -> dict | None:
    effects = [e for e in reading.effects if e.n > 0]
    if len(effects) != 1:
        return None
    eid = effects[0].id
    facts = [f for f in reading.facts if f.get("effect") == eid]
    tg = [f for f in facts if f.type == "target"]
    clauses = [f for f in facts if f.type == "clause"]
    if len(tg) != 1 or tg[0].get("count") != 1 or tg[0].get("up_to") != "no" or len(clauses) != 1:
        return None
    if not any(f.type == "reference" and f.get("n") == clauses[0].get("n") and f.get("slot") == 1
               and f.get("kind") in ("that-target", "pronoun") for f in facts):
        return None
    ws = ent.get("desc", "").lower().replace("/", " ").split()
    told = {"monster": ent.get("kind") == "monster" or "monster" in ws,
            "spell-trap": ent.get("kind") in ("spell", "trap") or "spell" in ws or "trap" in ws,
            "face-up": ent.get("face") == "up" or "face-up" in ws,
            "on-field": ent.get("place") == "field" or "field" in ws or "face-up" in ws}
    conds = [f.get("condition") for f in facts if f.type == "target_condition" and f.get("slot") == 1
             and f.get("value") == "yes"]
    if not conds or not all(told.get(c) for c in conds):
        return None
    if clauses[0].get("verb") == "change" and "face-down" in effects[0].text.lower() \
            and "face-up" not in effects[0].text.split(";")[-1].lower():
        return {"property": "face", "value": "face-down-or-unchanged"}
    return None
