"""What a player holds when an effect is activated, and what changes before it resolves: "I
activate X while I control no monsters", "... with exactly 2 Crystal Beast cards in my Spell &
Trap Zone", then "my opponent destroys one in response", "in response I activate Y to Special
Summon a monster", "so when X resolves I control a face-up card"; and "I have no cards in my hand
to discard" (an action that cannot be done now)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lark import Tree

from ..gamewords import gamewords
from ..parser.transform import find, low, sub, subs
from .words import norm_words

if TYPE_CHECKING:
    from .told import Situate


HELD_COUNTS = gamewords().counts("held")


class HoldingEvents:
    """Holding clauses of the told situation (mixed into :class:`.told.Situate`)."""

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
        if "no" in low(ev):
            place = self.r.place(find(ev, "place")) or "hand"
            state = {"kind": "state", "player": player, "place": place, "what": "card", "count": 0}
            if "other" in low(ev):
                # "no other cards in my hand to discard": besides the card asked about, which may
                # pay its own cost ("discard this card"): the costs are counted from the state
                state["other"] = True
                self.events.append(state)
                self.told_states.append(state)
                return
            self.events.append(state)
        self.cannot.append(verb)      # ("I cannot add X": only the action, nothing of a place)

    def ev_only_held(self, ev: Tree) -> None:
        """"Lightning Vortex is the only card in my hand", "I have only X in my hand": X and no
        other card is in that player's hand (the card asked about must be X, see
        ``refusals.refuse_other_card_than_the_only_one``)."""
        poss = sub(ev, "poss")
        if sub(ev, "actor") is not None:
            player = self._player(ev)
        elif poss is not None:
            player = self.r.player(poss)
        else:
            player = self.r.player(sub(ev, "player"))
        if player not in ("you", "opponent"):
            self.fail("whose hand?", ev)
        card = self.r.card(next(t for t in ev.children if getattr(t, "type", "") == "XCARD"))
        self.entity({"card": card, "text": card, "words": [], "pronoun": False},
                    controller=player, place="hand")
        state = {"kind": "state", "player": player, "place": "hand", "what": "card", "count": 0,
                 "other": True}
        self.events.append(state)
        self.told_states.append(state)
        self.only_held = (player, card)

    def ev_field_total(self, ev: Tree) -> None:
        """"there is only 1 monster on the whole field": how many both players control together
        (a kind of card and a number, nothing else said of them)."""
        from .procedures import COUNTS, counted_kind

        ws = self.r.thing(sub(ev, "thing"))["words"]
        what = counted_kind(ws)
        count = next((int(w) if w.isdigit() else COUNTS.get(w) for w in ws
                      if w.isdigit() or w in COUNTS), None)
        if what not in ("monster", "card") or count is None:
            self.fail("how many of what? ('there is only 1 monster on the field')", ev)
        self.events.append({"kind": "state", "player": "both", "place": "field", "what": what,
                            "count": count})

    def ev_remove(self, ev: Tree) -> None:
        if not getattr(self, "held", None) and remove_target(self, ev):
            return        # "they banish it in response": no held cards, a targeted card leaves
        self._when(ev)
        self._mods(ev)
        note_removed(self, sub(ev, "held_ref"))

    def ev_zones(self, ev: Tree) -> None:
        """"I have 2 free Monster Zones": how many Main Monster Zones the player has unused."""
        player = self._player(ev)
        if player not in ("you", "opponent"):
            self.fail("whose Monster Zones?", ev)
        quant, _ = quantity(low(sub(ev, "num")) if sub(ev, "num") is not None else ["no"])
        n = 0 if quant == "no" else quant
        if n is None or not 0 <= n <= 5:
            self.fail("how many free Monster Zones? (0 to 5)", ev)
        self.events.append({"kind": "zones", "player": player, "free": n})

    def ev_face_up(self, ev: Tree) -> None:
        """"my opponent has Macro Cosmos face-up (cards sent to the GY are banished instead)": the
        card is face-up on the field; what the question says it does must be what it says."""
        player = self._player(ev)
        card = self.r.card(next(t for t in ev.children if getattr(t, "type", "") == "XCARD"))
        note = sub(ev, "gy_note")
        if note is not None:
            what = "monster" if {"monster", "monsters"} & set(low(note)) else "card"
            if self.r.place(sub(note, "place")) != "gy" or not any(
                    f.type == "gy_replacement" and f.get("what") == what
                    for f in self.reading(card).facts):
                self.fail(f"{card} does not say that any {what} sent to the GY is banished instead",
                          note)
        self._told_on_field(card, player, "up")

    def _told_on_field(self, card: str, player: str, face: str) -> None:
        """A named card told on a player's field, face-up or Set: a state of that field."""
        self.events.append({"kind": "state", "player": player, "place": "field",
                            "what": self.entity({"card": card, "text": card, "words": [],
                                                 "pronoun": False}),
                            "count": 1, "face": face})

    def ev_set_held(self, ev: Tree) -> None:
        """"I have Divine Wrath Set": the card is Set (face-down) on that player's field."""
        player = self._player(ev)
        card = self.r.card(next(t for t in ev.children if getattr(t, "type", "") == "XCARD"))
        self._told_on_field(card, player, "down")

    def ev_on_field(self, ev: Tree) -> None:
        """"Necrovalley is face-up on my opponent's field", "my Phoenix is already on the field":
        the card is face-up on the field of the player named (before it or after "on")."""
        owners = [self.r.player(p) for p in subs(ev, "poss")]
        if len(set(owners)) != 1 or owners[0] not in ("you", "opponent"):
            self.fail("on whose field? ('on my opponent's field')", ev)
        card = self.r.card(next(t for t in ev.children if getattr(t, "type", "") == "XCARD"))
        self._told_on_field(card, owners[0], "up")

    def ev_set_is(self, ev: Tree) -> None:
        """"My Shaddoll Hedgehog is Set (face-down)": the card is Set on its owner's field (the
        player named before it, and after "on" when said again)."""
        owners = [self.r.player(p) for p in subs(ev, "poss")]
        if len(set(owners)) != 1 or owners[0] not in ("you", "opponent"):
            self.fail("on whose field? ('my X is Set', 'my opponent's X is Set')", ev)
        card = self.r.card(next(t for t in ev.children if getattr(t, "type", "") == "XCARD"))
        self._told_on_field(card, owners[0], "down")

    def ev_state_at(self, ev: Tree) -> None:
        """"when X resolves I control a face-up card": what holds at resolution."""
        player = self._player(ev)
        quant, rest = quantity([w.lower() for w in self.r.said(sub(ev, "thing")).split()])
        if quant in (None, "no"):
            self.fail("what does the player control then?", ev)
        _held_changes(self).append({"kind": "gained", "player": player, "words": rest})


def quantity(ws: list[str]) -> tuple[object, list[str]]:
    """["exactly", "2", "crystal", ...] or ["only", "2", ...] → (2, rest); ["no", ...] → ("no", rest)."""
    if ws and ws[0] == "no":
        return "no", ws[1:]
    if ws and ws[0] in ("exactly", "only"):
        ws = ws[1:]                       # ("only 9 cards": 9, all there are: still)
    if ws and ws[0] in HELD_COUNTS:
        return HELD_COUNTS[ws[0]], ws[1:]
    if ws and ws[0].isdigit():
        return int(ws[0]), ws[1:]
    return None, ws


def note_held(st: Situate, m: Tree) -> None:
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
    quant, rest = quantity(ws)
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


def note_removed(st: Situate, thing_node) -> None:
    """One of the held cards leaves: "one", "one of them", "that Fairy", "it"."""
    if not getattr(st, "held", None):
        ws = low(thing_node) if thing_node is not None else []
        if ws in ([], ["one"], ["one", "of", "them"], ["it"]):
            st.fail("removes one of what? (tell what was controlled first)", thing_node)
        st.fail(f"which card is {st.r.said(thing_node)!r}? (tell what was controlled or targeted "
                "first: no card told fits it)", thing_node)
    ws = low(thing_node) if thing_node is not None else []
    poss = sub(thing_node, "poss") if thing_node is not None else None
    if poss is not None:
        # "my WATER monster": the held cards are the activating player's
        act = next((e for e in st.events if e.get("id") == st.held[-1]["act"]), None)
        whose = st.held[-1]["player"] or (act or {}).get("player")
        if st.r.player(poss) != whose:
            st.fail(f"{st.r.said(thing_node)!r} is not one of {st.held[-1]['text']!r}", thing_node)
        ws = ["that"] + ws[len(low(poss)):]
    if ws[:1] == ["the"]:
        ws = ["that"] + ws[1:]
    if ws not in (["one"], ["one", "of", "them"], ["it"]) and ws[:1] != ["that"]:
        st.fail(f"which of the cards is {st.r.said(thing_node)!r}?", thing_node)
    if ws[:1] == ["that"] and not set(norm_words(ws[1:])) <= set(norm_words(st.held[-1]["words"])):
        st.fail(f"{st.r.said(thing_node)!r} is not one of {st.held[-1]['text']!r}", thing_node)
    _held_changes(st).append({"kind": "removed", "n": 1})


def purpose_gains(st: Situate, m: Tree) -> bool:
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


REMOVED_TO = {"destroy": "destroyed", "banish": "banished", "send": "sent-to-gy",
              "remove": "left-field", "remove-gy": "left-gy", "remove-banished": "left-banished"}


def remove_target(st: Situate, ev: Tree) -> bool:
    """"I target X with Y and they banish it in response": with no held cards told, "it" / "one
    of them" is a card an activation targeted, and it leaves its place (destroyed, banished, sent
    to the GY); False when the clause is not that (the caller then reads it as a held card)."""
    targeted = [t for e in st.events if e.get("kind") == "activate" for t in e.get("targets", [])]
    verb_node = sub(ev, "remove_verb")
    verb = next((str(c.data) for c in verb_node.children if isinstance(c, Tree)), None) \
        if verb_node is not None else None
    if verb is None and verb_node is not None:
        # "they remove it from the field / from the GY in response": it leaves that place, how is
        # not told
        places = [st.r.place(p) for p in ev.iter_subtrees_topdown() if p.data == "place"]
        verb = {"gy": "remove-gy", "banishment": "remove-banished"}.get(
            places[-1] if places else "field", "remove")
    ws = low(sub(ev, "held_ref"))
    if ws in (["1"], ["1", "of", "them"]):
        ws = ["one"] + ws[1:]              # "opp banishes 1 in response"
    pointed = None
    if targeted and verb in REMOVED_TO and ws[:1] in (["that"], ["the"]) and \
            not {"another", "other", "all", "both"} & set(ws):
        # "they banish that card / the target / that same monster in response": the one targeted
        # card the words describe
        last = next(e for e in reversed(st.events) if e.get("kind") == "activate" and e.get("targets"))
        from .targets import described_target
        fit = described_target(st, ws, last["targets"], verb)
        pointed = fit[0] if len(fit) == 1 else None
    if not targeted or verb not in REMOVED_TO or (
            pointed is None and ws not in (["it"], ["one"], ["one", "of", "them"])):
        return False
    from .targets import note_change      # targets.py imports this module
    player = st._player(ev)
    if verb.startswith("remove"):
        if set(st._mods(ev)) - {"respond", "from"}:     # "from the field": the place it leaves
            st.fail("the situation model has no place for this in a target's change", ev)
    else:
        st._target_change_mods(ev)
    newest = st.events[-1] if st.events and st.events[-1].get("kind") == "activate" else None
    if ws == ["it"] and newest is not None and newest.get("player") == player and \
            st._it_answered(newest, verb, ev):
        # "they chain Mystical Space Typhoon. They destroy it in response": what that link does,
        # to the card of the link it answers (it cannot act on the card that link targets)
        st._step(newest, REMOVED_TO[verb], st._answered_card(newest, ev))
        return True
    last = next(e for e in reversed(st.events) if e.get("kind") == "activate" and e.get("targets"))
    if ws == ["it"] and len(set(last["targets"])) > 1:
        # "X targets my A and their B; they destroy it in response": either of them; say which
        st.fail("which of the targeted cards? ('it' could be either: name it)", ev)
    what = pointed or (targeted[-1] if ws == ["it"] else targeted[0])
    note_change(st, what, {"left": True})
    st.events.append({"kind": "move", "what": what, "action": REMOVED_TO[verb]})
    return True


_ON_FIELD = ("field", "monster-zone", "spell-trap-zone")


def count_the_excepted(st: Situate, events: list[dict], entities: dict,
                       in_hand: str | None = None) -> list[dict]:
    """(hunt 93) "I control Mirror Force. I control no other Set cards": a told "no other" count
    leaves out the cards the story told there, so it counts those still there when the question
    is asked.  A card counts when the story told it in that player's place (a named card's state,
    or a described card's entity with that controller and place), it fits what is counted (its
    kind; not face-up when Set cards are counted) and no event of the story moves it (a card
    destroyed or sent away is not there; test_probe73).  ``in_hand``: the card asked about, when
    the question has it in its player's hand (its own procedure from the hand, an activation from
    the hand): "I have no other cards in my hand" leaves it there (hunt 94).  The "other" mark
    stays: costs are still counted from the card asked about (``procedures.unpayable_costs``)."""
    out = []
    for e in events:
        if e.get("kind") != "state" or not e.get("other") or "count" not in e:
            out.append(e)
            continue
        told = list(_told_cards(st, events, entities))
        if in_hand and all(c != in_hand for c, _w in told):
            told.append((in_hand, ("you", "hand", None)))
        counted = {c for c, where in told
                   if where[0] == e["player"] and _same_place(where[1], e["place"]) and
                   c != e.get("what") and _fits(st, c, entities, e.get("what"), where[2]) and
                   not _moved(events, c)}
        out.append({**e, "count": e["count"] + len(counted)} if counted else e)
    return out


def _told_cards(st: Situate, events: list[dict], entities: dict):
    """(card or entity id, (controller, place, face)) of every card the story places: told
    states of one named card, Summoned cards, entities told with a controller and place, the
    card told to be the only one in a hand."""
    if getattr(st, "only_held", None):
        yield st.only_held[1], (st.only_held[0], "hand", None)
    for e in events:
        if e.get("kind") == "state" and e.get("count") == 1 and not e.get("other") and \
                isinstance(e.get("what"), str) and e["what"] not in entities and \
                e.get("player") in ("you", "opponent"):
            yield e["what"], (e["player"], e.get("place"), e.get("face"))
        if e.get("kind") == "summon" and isinstance(e.get("what"), str) and \
                e.get("player") in ("you", "opponent") and not e.get("attempt") and \
                e.get("count", 1) == 1:
            # "I Normal Summon Sangan. I control no other monsters": the Summoned card is there
            yield e["what"], (e["player"], "field", "up")
    for eid, ent in entities.items():
        if ent.get("controller") in ("you", "opponent") and ent.get("place"):
            yield eid, (ent["controller"], ent["place"], ent.get("face"))


def _same_place(a: str | None, b: str) -> bool:
    return a == b or a in _ON_FIELD and b in _ON_FIELD


def _fits(st: Situate, c: str, entities: dict, what, face) -> bool:
    """Does the told card ``c`` fit the counted ``what`` (a kind, or a described entity)?"""
    if c in entities:
        kind = entities[c].get("kind")
    else:
        if c not in st.db:
            return False
        kind = st.db.get(c).kind
    if what == "card":
        return True
    if what == "monster":
        return kind == "monster"
    if what in entities:        # "no other Set cards": the description's face and kind
        said = entities[what]
        if said.get("face") == "down" and face == "up":
            return False
        if said.get("face") == "up" and face != "up":
            return False
        return not said.get("kind") or said["kind"] == kind
    return False                # a Type or Attribute counted: not known of the told card


def _moved(events: list[dict], c: str) -> bool:
    """Does an event of the story move the card (or say what it did to it)?"""
    for e in events:
        if e.get("kind") == "move" and e.get("what") == c:
            return True
        if e.get("kind") == "summon" and c in (e.get("materials") or []):
            return True
        for d in e.get("does") or []:
            if isinstance(d, dict) and d.get("what") == c:
                return True
        if e.get("kind") == "cost" and e.get("what") == c:
            return True
    return False
