"""Told pieces that decide a part of one effect (topic G): "so they control no face-up monsters
when it resolves", "my X has only 400 ATK left", "(Ash is already in the GY as its cost)", a told
negation of a Summon, a target flipped "so it is not banished", "I activate X from my hand
because I control no cards", turns told without their phase.  Each piece is noted on the
situation; a question form that does not read it is refused (:meth:`PartEvents.refuse_unplaced_parts`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lark import Tree

from ..parser.transform import find, low, sub, tokens
from ..reader.phrases import held_condition_allows_hand, names_place, names_this_card
from ..reader.select import select_effect
from .holdings import quantity
from .targets import note_change
from .words import card_ir, norm_words

if TYPE_CHECKING:
    from .told import Situate


_DONE_ACTION = {"banish": "banished", "destroy": "destroyed", "send": "sent-to-gy"}


class PartEvents:
    """Clauses that decide parts of one effect (mixed into :class:`.told.Situate`)."""

    def ev_none_at(self, ev: Tree) -> None:
        """"so they control no face-up monsters when it resolves": a player controls none of those
        cards when the effect resolves, so a part that acts on them has nothing to do."""
        player = self._player(ev)
        thing = [w for w in low(ev)[low(ev).index("no") + 1:]]
        words = thing[:len(thing) - len(low(sub(ev, "when_resolves")))]
        rs = find(ev, "rslv_subj")
        cards = [self.r.card(t) for t in tokens(rs, "XCARD")] if rs is not None else []
        if not hasattr(self, "none_at"):
            self.none_at = []
        self.none_at.append({"player": player, "words": norm_words(words),
                             "card": cards[0] if cards else None,
                             "text": self.r.said(ev), "node": ev})

    def ev_atk_left(self, ev: Tree) -> None:
        card = self.r.card(tokens(ev, "XCARD")[0])
        owner = self.r.player(sub(ev, "poss"))
        if owner not in ("you", "opponent"):
            self.fail("whose card?", ev)
        if not hasattr(self, "atk_now"):
            self.atk_now = []
        self.atk_now.append({"card": self.db.get(card).name, "player": owner,
                             "atk": int(str(tokens(ev, "XNUM")[0])), "text": self.r.said(ev), "node": ev})
        self.last_card = self.db.get(card).name

    def ev_used_on(self, ev: Tree) -> None:
        """The named card's effect is activated (from where it says, by its owner), then the actor's
        effect is activated in response to it; a cost note says where the card went for its cost."""
        card = self.db.get(self.r.card(tokens(ev, "XCARD")[-1])).name
        owner = self.r.player(sub(ev, "poss"))
        player = self._player(ev)
        if owner not in ("you", "opponent") or owner == player:
            self.fail("whose card's effect was activated? ('my opponent's X')", ev)
        place = self.r.place(sub(ev, "place"))
        if place not in ("hand", "field", "gy"):
            self.fail(f"activated from where? ({self.r.said(sub(ev, 'place'))!r})", ev)
        keep = self.last_card
        ref = self.effect_ref(card_ir(card))
        self.last_card = keep
        first = self._activate(ref, owner, {"from": place})
        note = sub(ev, "cj_cost_note")
        if note is not None:
            _cost_note(self, note, first, ref, place)
        node = next(c for c in ev.children if isinstance(c, Tree) and c.data.startswith("eff_"))
        mine = self.effect_ref(self.r.effect(node))
        self._activate(mine, player, {"respond": True})

    def ev_negate_summon(self, ev: Tree) -> None:
        player = self._player(ev)
        whose = self.r.player(find(sub(ev, "thing"), "poss") or sub(ev, "thing"))
        if whose not in ("you", "opponent"):
            self.fail("whose Summon was negated? ('the Summon of my monster')", ev)
        node = next(c for c in ev.children if isinstance(c, Tree) and c.data.startswith("eff_"))
        ref = self.effect_ref(self.r.effect(node), hint=["negate"])
        reading = self.reading(ref["card"])
        eid = select_effect(reading, ref)
        kind = self.r.summon_kind(ev)
        scopes = {f.get("kind") for f in reading.facts if f.type == "negation_scope"
                  and f.get("effect") == eid and f.get("what") == "summon"}
        if not scopes or (kind not in (None, "special") and not scopes & {"any", kind}) or \
                (kind == "special" and not scopes & {"any", "special"}):
            self.fail(f"{ref['card']} does not negate that Summon", ev)
        aid = self._activate(ref, player, {})
        if not hasattr(self, "done_parts"):
            self.done_parts = []
        self.done_parts.append({"act": aid, "ref": ref, "verb": "negate", "text": self.r.said(ev),
                                "node": ev})

    def ev_target_flipped(self, ev: Tree) -> None:
        card = self.db.get(self.r.card(tokens(ev, "XCARD")[0])).name
        player = self.r.player(sub(ev, "poss"))
        if player not in ("you", "opponent"):
            self.fail("whose card targeted it?", ev)
        ref = self.effect_ref(card_ir(card))
        reading = self.reading(card)
        eid = select_effect(reading, ref)
        if not any(f.type == "target" and f.get("effect") == eid for f in reading.facts):
            self.fail(f"{card}'s effect does not target", ev)
        node = next(c for c in ev.children if isinstance(c, Tree) and c.data.startswith("eff_"))
        by = self.effect_ref(self.r.effect(node))
        face = "face-down" if "face-down" in low(ev) else "face-up"
        if not by.get("card") or face not in " ".join(e.text for e in self.reading(by["card"]).effects):
            self.fail(f"{self.r.said(node)!r} does not turn a card {face}", ev)
        target = f"t{len(self.entities) + 1}"
        self.entities[target] = {"desc": f"the target of {card}", "kind": "monster"}
        aid = self._activate(ref, player, {})
        next(e for e in self.events if e.get("id") == aid)["targets"] = [target]
        note_change(self, target, {"property": "face", "value": face})
        so = sub(ev, "cj_so_not")
        if so is not None:
            verb = self.r.action(find(so, "act_verb"))
            refs = {f.get("n") for f in reading.facts if f.type == "reference" and f.get("effect") == eid
                    and f.get("slot", 0) > 0}
            fit = [f.get("n") for f in effect_parts(self, card, eid)
                   if f.get("verb") == verb and f.get("n") in refs]
            if len(fit) != 1:
                self.fail(f"{self.r.said(so)!r}: {card} has no such part done to its target", so)
            self.told_not_done = getattr(self, "told_not_done", []) + [fit[0]]

    def ev_cannot_be(self, ev: Tree) -> None:
        """(still) "It cannot be destroyed (by card effects)." told after an activation and what
        answered it: the part of that activation's effect that does this to its target ("it",
        "the target": its only target), or to the card itself (named), is not done; only a
        question about a part of that effect reads it (else it is refused, never dropped)."""
        verb = self.r.action(find(ev, "act_verb")) if sub(ev, "cb_summoned") is None else "special-summon"
        acts = [e for e in self.events if e.get("kind") == "activate" and not e.get("respond")]
        if not acts or verb is None:
            self.fail("the situation model has no place for " + repr(self.r.said(ev)), ev)
        act = acts[-1]
        ref = act["effect"]
        card = ref.get("card")
        if not card:
            self.fail("which card's effect cannot do it?", ev)
        reading = self.reading(card)
        eid = select_effect(reading, ref)
        named = tokens(sub(ev, "cb_subj"), "XCARD")
        if named:
            if self.db.get(self.r.card(named[0])).name != card:
                self.fail(f"{self.r.said(ev)!r}: tell the activation of that card first", ev)
            want = "self"
        elif not act.get("targets") and low(sub(ev, "cb_subj")) == ["it"] and \
                self.clause_card == card and act.get("id") in self.self_gone:
            # "they banish X in response. So it cannot be Special Summoned": no target told, "it"
            # is the card itself, moved before its effect resolved
            want = "self"
        else:
            if len(set(act.get("targets") or [])) != 1:
                self.fail(f"{self.r.said(ev)!r}: which target?", ev)
            want = "target"
        refs = {f.get("n") for f in reading.facts if f.type == "reference" and f.get("effect") == eid
                and f.get("slot", 0) > 0}
        fit = [f.get("n") for f in effect_parts(self, card, eid) if f.get("verb") == verb and
               ((f.get("n") in refs) if want == "target" else names_this_card(f.source.quote))]
        if len(fit) != 1:
            self.fail(f"{self.r.said(ev)!r}: {card} has no one part that does that to "
                      f"{'its target' if want == 'target' else 'itself'}", ev)
        self.told_not_done = getattr(self, "told_not_done", []) + [fit[0]]
        self.cannot_ref = ref

    def ev_act_because(self, ev: Tree) -> None:
        from .families.conditions import card_conditions, same_things

        node = next(c for c in ev.children if isinstance(c, Tree) and c.data.startswith("eff_"))
        ref = self.effect_ref(self.r.effect(node))
        actors = [c for c in ev.children if isinstance(c, Tree) and c.data == "actor"]
        player = self.r.actor(actors[0]).get("player")
        if player not in ("you", "opponent") or self.r.actor(actors[1]).get("player") != player:
            self.fail("the player who activates it is the one whose cards are counted", ev)
        place = self.r.place(sub(ev, "place"))
        if place not in ("hand",):
            self.fail(f"{self.r.said(sub(ev, 'place'))!r}: only activating from the hand has a told "
                      "reason here", ev)
        held = sub(ev, "held")
        quant, rest = quantity(low(held))
        reading = self.reading(ref["card"])
        texts = " ".join(e.text for e in reading.effects)
        conds = [c for c in card_conditions(texts) if same_things(rest, c["words"])
                 and held_condition_allows_hand(texts, c["text"])]
        if quant is None or len(conds) != 1:
            self.fail(f"{self.r.said(held)!r}: {ref['card']} states no such condition for activating it "
                      "from the hand", ev)
        cond, count = conds[0], 0 if quant == "no" else quant
        if (cond["need"] == "no") != (count == 0) or (cond["need"] != "no" and count < cond["need"]):
            self.fail(f"{self.r.said(held)!r} does not meet {cond['text']!r}", ev)
        kinds = set(norm_words(rest))
        what = "card" if kinds <= {"card"} else "monster" if kinds <= {"monster"} else None
        if what is None:
            self.fail(f"{self.r.said(held)!r}: say 'no cards' or 'no monsters'", ev)
        self.events.append({"kind": "state", "player": player, "place": "field", "what": what,
                            "count": count})
        self._activate(ref, player, {"from": "hand"})

    def ev_in_turn(self, ev: Tree) -> None:
        turn_node = sub(ev, "cj_turn")
        turn = self.r.player(sub(turn_node, "poss"))
        if turn not in ("you", "opponent"):
            self.fail("whose turn?", turn_node)
        told = [e for e in self.events if e.get("kind") == "phase"]
        if "next" in low(turn_node):
            if not told or told[-1].get("turn") == turn:
                self.fail(f"{self.r.said(turn_node)!r}: next after which turn? (tell the turn before)",
                          turn_node)
        elif told:
            self.fail(f"{self.r.said(turn_node)!r}: which of {turn}r turns? ('on my next turn')", turn_node)
        self.events.append({"kind": "phase", "turn": turn})
        inner = next(c for c in ev.children if isinstance(c, Tree)
                     and c.data in ("ev_used_to", "ev_act_another", "ev_activate"))
        self.clause(inner)

    def ev_turn_act(self, ev: Tree) -> None:
        """"On my opponent's turn they activate Skill Drain": whose turn, then the activation."""
        self.ev_in_turn(ev)

    def ev_used_to(self, ev: Tree) -> None:
        player = self._player(ev)
        node = next(c for c in ev.children if isinstance(c, Tree) and c.data.startswith("eff_"))
        ref = self.effect_ref(self.r.effect(node))
        card = self.db.get(self.r.card(tokens(ev, "XCARD")[-1])).name
        owner = self.r.player(sub(ev, "poss"))
        verb = self.r.action(find(ev, "act_verb"))
        reading = self.reading(ref["card"])
        eid = select_effect(reading, ref)
        targets = [f for f in reading.facts if f.type == "target" and f.get("effect") == eid]
        first = next((f for f in effect_parts(self, ref["card"], eid) if f.get("n") == 1), None)
        text = next(e.text for e in reading.all_effects() if e.id == eid)
        aim = text.split(";")[0].lower()
        if owner not in ("you", "opponent") or len(targets) != 1 or first is None or \
                first.get("verb") != verb or verb not in _DONE_ACTION or \
                ("your opponent" in aim) != (owner != player):
            self.fail(f"{self.r.said(ev)!r}: that is not what the first part of {ref['card']} does to "
                      "its target", ev)
        place = "gy" if names_place(text, "gy", upto=";") else "field"
        m = f"m{len(self.entities) + 1}"
        self.entities[m] = {"card": card, "controller": owner, "place": place, "kind": "monster"}
        aid = self._activate(ref, player, {})
        act = next(e for e in self.events if e.get("id") == aid)
        act["targets"] = [m]
        act["does"] = [{"action": _DONE_ACTION[verb], "what": m}]
        self.events.append({"kind": "resolve"})

    def ev_act_another(self, ev: Tree) -> None:
        player = self._player(ev)
        card = self.db.get(self.r.card(tokens(ev, "XCARD")[-1])).name
        if not any(e.get("card") == card for e in self.entities.values()):
            self.fail(f"another {card}: tell the first one before", ev)
        ref = self.effect_ref(card_ir(card))
        place = self.r.place(sub(ev, "place"))
        self._activate(ref, player, {"from": place} if place else {})

    def refuse_unplaced_parts(self) -> None:
        """A question form that does not read a told piece of this module is refused (before the
        spec is made)."""
        if getattr(self, "told_not_done", None):
            self.fail("this question form has no place for what the situation says is not done")
        if getattr(self, "overlay_pending", None):      # (readA) overlaid for no Xyz Summon told
            self.fail("what was overlaid for? (tell the Xyz Summon: 'they Xyz Summon X')",
                      self.overlay_pending[2])
        if getattr(self, "done_parts", None):
            self.fail(f"this question form has no place for {self.done_parts[0]['text']!r}",
                      self.done_parts[0]["node"])
        if getattr(self, "gone_by_cost", None):
            self.fail("this question form has no place for where the cost put the card")
        if getattr(self, "atk_now", None):
            self.fail(f"this question form has no place for {self.atk_now[0]['text']!r}",
                      self.atk_now[0]["node"])
        if getattr(self, "none_at", None):
            self.fail(f"this question form has no place for {self.none_at[0]['text']!r}",
                      self.none_at[0]["node"])


def effect_parts(st: Situate, card: str, eid: str) -> list:
    return sorted((f for f in st.reading(card).facts if f.type == "clause" and f.get("effect") == eid
                   and f.source is not None), key=lambda f: f.get("n"))


def _cost_note(st: Situate, note: Tree, aid: str, ref: dict, place: str) -> None:
    """"(Ash is already in the GY as its cost)": the effect's cost moved the card itself there."""
    named = tokens(note, "XCARD")
    word = tokens(note, "XNAME")
    if named:
        same = st.db.get(st.r.card(named[0])).name == ref["card"]
    else:
        same = bool(word) and ref["card"].lower().split()[0] == str(word[0]).lower()
    to = st.r.place(sub(note, "place"))
    reading = st.reading(ref["card"])
    eid = select_effect(reading, ref)
    own = [f.get("verb") for f in reading.facts if f.type == "cost_action" and f.get("effect") == eid
           and f.source is not None and names_this_card(f.source.quote)]
    moves = {"discard": ("hand", "gy", "discarded"), "send": (None, "gy", "sent-to-gy"),
             "banish": (None, "banished", "banished")}
    fit = [v for v in own if v in moves and moves[v][1] == to and moves[v][0] in (None, place)]
    if not same or len(fit) != 1:
        st.fail(f"{st.r.said(note)!r}: the cost of {ref['card']}'s effect does not put it there", note)
    act = next(e for e in st.events if e.get("id") == aid)
    act["cost"] = [{"action": moves[fit[0]][2], "what": ref["card"]}]
    if not hasattr(st, "gone_by_cost"):
        st.gone_by_cost = {}
    st.gone_by_cost[aid] = to
