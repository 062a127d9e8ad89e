"""Copies of a card and what became of the card named last (once-per-turn questions): "I control
two Baronne de Fleur", "I Link Summon a second X", "it was destroyed", "it went back to the Extra
Deck", "I Special Summoned it back with Y"."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lark import Tree

from ..parser.transform import low, sub
from .words import COUNT_WORDS, EFF_PARTS

if TYPE_CHECKING:
    from .told import Situate


class CopyEvents:
    """Copy clauses of the told situation (mixed into :class:`.told.Situate`)."""

    def ev_copies(self, ev: Tree) -> None:
        """"I control two Baronne de Fleur": that many copies of the card."""
        card = self.r.card(next(t for t in ev.children if getattr(t, "type", "") == "XCARD"))
        ws = low(sub(ev, "num") or sub(ev, "copies_n"))
        n = COUNT_WORDS.get(ws[0]) or (int(ws[0]) if ws[0].isdigit() else None)
        if ws[0] in ("a", "an"):
            n = 1
        if not n or n > 3:
            self.fail("how many copies?", ev)
        player = self._player(ev)
        note = told_copies(self).setdefault(card, {"count": 0, "ords": [], "later": False})
        note["count"] = max(note["count"], n)
        note["player"] = player
        ws = low(ev)
        if "control" in ws or "controls" in ws or "field" in ws:
            note["place"] = "field"         # "I control two X", "... on the field"
        elif "hand" in ws:
            note["place"] = "hand"
        self.last_card = card
        if n == 1 and "copies" not in low(ev):
            # (round 116) "my opponent controls a UFOLight": one copy is the card held on the
            # field, as "controls UFOLight" tells it (every family reads that; only the
            # once-per-turn ones read the copies)
            # (hunt 132d) "I have 1 X in my hand": that copy held in the hand, not on the field
            place = "hand" if note.get("place") == "hand" and "field" not in ws else "field"
            event = {"kind": "state", "player": player, "place": place, "what": card, "count": 1}
            self.events.append(event)
            self.told_states.append(event)

    def _subject_card(self, ev: Tree) -> str:
        if self.last_card is None:
            # "My X used its effect. My opponent returns it to my hand with Y. I Special Summon it
            # again": the card told moved last
            moved = [d.get("what") for e in self.events for d in
                     ([e] if e.get("kind") == "move" else e.get("does", []))
                     if d.get("what") in self.db]
            if moved:
                return moved[-1]
            self.fail("which card? (name it)", ev)
        return self.last_card

    def then_went(self, ev: Tree) -> None:
        """"(it) went back to the Extra Deck": the card named last left the field."""
        card = self._subject_card(ev)
        place = self.r.place(sub(ev, "place"))
        action = {"hand": "returned-to-hand", "deck": "returned-to-deck",
                  "extra-deck": "returned-to-extra"}.get(place)
        if action is None:
            self.fail(f"the situation model has no move back to {self.r.said(sub(ev, 'place'))!r}", ev)
        self.events.append({"kind": "move", "what": card, "action": action})

    def then_moved(self, ev: Tree) -> None:
        """"(it) was destroyed": the card named last left the field."""
        card = self._subject_card(ev)
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

    def then_flipped(self, ev: Tree) -> None:
        """"(it) was flipped face-down (by Book of Moon)": the card named last is turned face-down."""
        card = self._subject_card(ev)
        self.events.append({"kind": "move", "what": card, "action": "flipped-face-down"})

    def ev_it_left(self, ev: Tree) -> None:
        """(chains) "(then) it left the field": as ``then_left``, its "it" said."""
        self.then_left(ev)

    def then_left(self, ev: Tree) -> None:
        """"(it) left the field (and came back)": the card named last left the field."""
        card = self._subject_card(ev)
        self.events.append({"kind": "move", "what": card, "action": "left-field"})
        if "back" in low(ev):
            # "... and came back": on the field again (how, unsaid), as "I Summoned it again"
            player = told_copies(self).get(card, {}).get("player") or "you"
            self._summon("unsaid", player, {"card": card, "text": card, "words": [],
                                            "pronoun": False}, None)

    def ev_summon_again(self, ev: Tree) -> None:
        """"I Special Summoned it again" / "I Special Summon X again": the card (named last) is
        Summoned (how, unsaid)."""
        named = [t for t in ev.children if getattr(t, "type", "") == "XCARD"]
        card = self.db.get(self.r.card(named[0])).name if named else self._subject_card(ev)
        self.last_card = card
        kind = self.r.summon_kind(ev) or "unsaid"
        self._summon(kind, self._player(ev), {"card": card, "text": card, "words": [],
                                             "pronoun": False}, None)

    def then_summoned(self, ev: Tree) -> None:
        """"(it) was Synchro Summoned again": the card named last is Summoned."""
        card = self._subject_card(ev)
        kind = self.r.summon_kind(ev) or "unsaid"
        player = told_copies(self).get(card, {}).get("player") or "you"
        self._summon(kind, player, {"card": card, "text": card, "words": [], "pronoun": False}, None)

    def ev_summon_with(self, ev: Tree) -> None:
        """"I Special Summoned it back with Monster Reborn": that effect Summons the card named last."""
        card = self._subject_card(ev)
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

    def ev_copy_moved(self, ev: Tree) -> None:
        """sisterGK: "a second Sangan is sent from the field to the GY (this turn)": another copy
        of the card, told after the one used, and what happened to it (a move of that copy)."""
        card = self.r.card(next(t for t in ev.children if getattr(t, "type", "") == "XCARD"))
        verb = self.r.action(sub(ev, "act_verb"))
        places = [self.r.place(p) for p in ev.iter_subtrees_topdown() if p.data == "place"]
        action = {"send": "sent-to-gy", "destroy": "destroyed", "banish": "banished",
                  "tribute": "tributed", "discard": "discarded"}.get(verb)
        if action is None or (verb == "send" and places[-1:] not in (["gy"], [])):
            self.fail(f"the situation model has no move for {self.r.said(ev)!r}", ev)
        ws = low(ev)
        player = "opponent" if ws[0] == "their" else "you"
        note = told_copies(self).setdefault(card, {"count": 0, "ords": [], "later": False})
        note["ords"].append("second")
        note["later"] = True
        note["at"] = len(self.events)
        note["player"] = player
        what = self.entity({"card": None, "text": f"a second {card}", "words": [], "pronoun": False},
                           card=card, controller=player)
        move = {"kind": "move", "id": self._move_id(), "what": what, "action": action}
        if "from" in ws and places[:1] not in ([], ["gy"]):
            move["from"] = places[0]        # "sent from the field to the GY": where it was
        self.events.append(move)
        self.last_card = card

    def summon_copy(self, ev: Tree) -> None:
        """"I Link Summon a second Knightmare Unicorn": another copy of the card comes to the field."""
        card = self.r.card(next(t for t in ev.children if getattr(t, "type", "") == "XCARD"))
        player = self._player(ev)
        kind = self.r.summon_kind(ev) or "unsaid"
        note = told_copies(self).setdefault(card, {"count": 0, "ords": [], "later": False})
        # "another X" said for "a second X"
        ordinal = low(sub(ev, "ord"))[0] if sub(ev, "ord") is not None else "second"
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


def told_copies(st: Situate) -> dict:
    """Told copies: {card: {"count": n, "ords": [ordinals told], "later": bool}}."""
    if not hasattr(st, "copy_notes"):
        st.copy_notes = {}
    return st.copy_notes
