"""The situation of a structured question: entities and events, in order, as facts.

A spec's ``situation:`` is a list of events, oldest first (docs/question-spec.md).
This module only *records* them: each event becomes an ``event`` fact with its
position (``seq``) and facts of its kind (``activation``, ``resolution``,
``moved``, ``summon`` ...).  Chain Link numbers are counted from the order and
the ``respond`` links, and a ``resolve`` event lays the links' resolutions out
newest first.  What follows from the order ("the last thing to happen",
missing the timing, which link resolved after which) is concluded by rules in
``knowledge/``, never here.
"""

from __future__ import annotations


from .errors import QuestionError
from .gamefacts import game_facts
from .reader.select import activated_effects

PLAYERS = ("you", "opponent")
PLACES = ("hand", "field", "monster-zone", "spell-trap-zone", "gy", "banished", "deck",
          "extra-deck", "set")
PHASES = ("draw", "standby", "main1", "battle", "damage-step", "main2", "end")
DAMAGE_SUBSTEPS = ("start", "before-damage-calculation", "damage-calculation",
                   "after-damage-calculation", "end")
SUMMON_KINDS = ("normal", "tribute", "flip", "procedure", "synchro", "xyz", "link", "pendulum",
                "fusion", "ritual", "by-effect", "special", "unsaid")
# Summons the player performs by the rules (no activation): they open the
# Summon negation window when done outside a resolving Chain.
ACTIONS = ("destroyed", "banished", "sent-to-gy", "discarded", "tributed", "returned-to-hand",
           "returned-to-deck", "returned-to-extra", "flipped-face-down", "flipped-face-up",
           "control-changed", "left-field", "left-gy", "left-banished", "summoned",
           "added-to-hand", "drawn", "detached", "paid-lp", "negated", "activated", "set")
ENTITY_KEYS = ("card", "desc", "controller", "owner", "place", "face", "position", "kind",
               "subtype", "token", "cannot-be-targeted", "atk")
# how a Summon's Tributes or materials are moved when the player performs it (an Xyz Summon's
# materials are attached, not moved to a place a trigger names)
MATERIAL_MOVES = {"tribute": "tributed", "synchro": "sent-to-gy", "link": "sent-to-gy"}
EVENT_KEYS = {
    "phase": {"kind", "id", "phase", "turn", "step", "done"},
    "state": {"kind", "id", "player", "place", "what", "count", "min", "face", "other"},
    "lp": {"kind", "id", "player", "n"},
    "zones": {"kind", "id", "player", "free"},
    "materials": {"kind", "id", "card", "n", "player"},
    "activate": {"kind", "id", "effect", "player", "from", "respond", "new-chain", "link",
                 "targets", "cost", "does", "source"},
    "cost": {"kind", "id", "of", "action", "what", "count"},
    "negate": {"kind", "id", "of", "what", "by"},
    "resolve": {"kind", "id", "of", "does"},
    "summon": {"kind", "id", "what", "summon-kind", "player", "from", "count", "by",
               "materials", "attempt", "player-said"},
    "move": {"kind", "id", "what", "action", "by", "player", "from"},
    "attack": {"kind", "id", "what", "target", "negated"},
    "used": {"kind", "id", "effect", "player", "copy", "outcome", "since", "chain", "what"},
}


def _names(value, ids: set) -> bool:
    """Does an event (any of its values, nested) name one of ``ids`` (a card or entity id)?"""
    if isinstance(value, str):
        return value in ids
    if isinstance(value, dict):
        return any(_names(v, ids) for v in value.values())
    if isinstance(value, (list, tuple)):
        return any(_names(v, ids) for v in value)
    return False


def _refuse_an_effect_never_activated(sit, reading, eid: str) -> None:
    """(hunt 131k) "Can my opponent chain MST to the second effect of Call of the Haunted?": an
    effect of a Problem-Solving Card Text card with no colon and no semicolon, that is not a Spell
    or Trap Card's own activation, is never activated, so nothing of it is on a Chain to chain to
    (game-rules#chain.10, #chain.11): told activated, the situation is refused."""
    if eid in activated_effects(reading) or \
            any(f.type == "bullet" and f.get("effect") == eid for f in reading.facts) or \
            any(f.type == "psct" and f.get("value") != "yes" for f in reading.facts) or \
            eid.endswith("#0") or "." in eid.rsplit("#", 1)[-1]:
        return
    if not any(f.type == "effect" and f.get("effect") == eid for f in reading.facts):
        return
    sit.fail(f"situation: {eid.replace('#', ' effect ')} has no ':' or ';' and is not its card's "
             "activation, so it is never activated: nothing of it is on a Chain to chain to "
             "(game-rules#chain.10)")


def _yn(v) -> str:
    if isinstance(v, bool):
        return "yes" if v else "no"
    return str(v)


class _Situation:
    def __init__(self, builder):
        self.b = builder
        self.seq = 0
        self.chain = 0            # number of the current Chain
        self.stack: list[str] = []  # unresolved links of the current Chain, CL1 first
        self.acts: dict[str, dict] = {}
        self.entities: set[str] = set()
        self.summons = 0
        self.auto = 0
        self.last_phase: dict | None = None   # the phase event told last: the moment now

    # -- helpers ----------------------------------------------------------------
    def fail(self, why: str):
        raise QuestionError(why, understood=self.b.spec)

    def check(self, value, allowed, what: str):
        if value not in allowed:
            self.fail(f"situation: {what} {value!r} is not one of {', '.join(allowed)}")
        return value

    def next_seq(self) -> int:
        self.seq += 1
        return self.seq

    def event(self, eid: str, kind: str, seq: int) -> None:
        # chain: the Chain it happened in or after (0 before any): a cost's, that activation's
        self.b.add("event", f"{kind} {eid} (step {seq})", event=eid, seq=seq, kind=kind,
                   chain=self.chain)

    def new_id(self, prefix: str) -> str:
        self.auto += 1
        return f"{prefix}{self.auto}"

    def entity(self, ref, **defaults) -> str:
        """An entity id: a declared one, or a card name that becomes one."""
        if isinstance(ref, dict):
            eid = self.new_id("x")
            self.declare(eid, {**defaults, **ref})
            return eid
        if not isinstance(ref, str) or not ref.strip():
            self.fail(f"situation: a card or entity is named by a string, not {ref!r}")
        if ref in self.entities:
            return ref
        if ref in self.b.db:
            self.declare(ref, {**defaults, "card": ref})
            return ref
        self.fail(f"situation: {ref!r} is neither an entity of 'entities' nor a card name")
        return ""

    def declare(self, eid: str, val: dict) -> None:
        if not isinstance(val, dict):
            self.fail(f"entity {eid!r} is a mapping")
        unknown = set(val) - set(ENTITY_KEYS)
        if unknown:
            self.fail(f"entity {eid!r}: unknown key(s) {', '.join(sorted(unknown))}")
        card = val.get("card")
        if card is not None:
            card = self.b.card(card).card.name
        for k in ("controller", "owner"):
            if k in val:
                self.check(val[k], PLAYERS, f"entity {k}")
        self.entities.add(eid)
        self.b.add("entity", f"entity {eid}: {val.get('desc') or card or eid}", entity=eid,
                   card=card or "none", controller=val.get("controller", "unknown"),
                   place=val.get("place", "unknown"), face=val.get("face", "unknown"),
                   kind=val.get("kind", "unknown"))
        for k in ("owner", "position", "subtype", "token", "cannot-be-targeted", "atk"):
            if k in val:
                self.b.add("entity_property", f"entity {eid}: {k} {val[k]}", entity=eid,
                           property=k, value=_yn(val[k]))

    # -- events -----------------------------------------------------------------
    def run(self, entities: dict, events: list) -> None:
        if not isinstance(entities, dict):
            self.fail("'entities' is a mapping from an id to a card or description")
        for eid, val in entities.items():
            self.declare(str(eid), val)
        if not isinstance(events, list):
            self.fail("'situation' is a list of events, oldest first")
        events = _turns_by_order(events)
        # the moment the situation is in is the last phase told: an earlier phase is over
        # (game-rules#activation-legality.6), told for the order of events only
        self.last_phase = next((ev for ev in reversed(events) if isinstance(ev, dict) and
                                ev.get("kind") == "phase" and not ev.get("done")), None)
        self.materials_told: list = []
        stopped = _negations_stopped(events)
        for self.event_no, ev in enumerate(events):
            if self.event_no in stopped:
                # (hunt 115) a negation whose negating link was negated in turn never happened
                continue
            if not isinstance(ev, dict) or ev.get("kind") not in EVENT_KEYS:
                self.fail(f"situation: an event is a mapping with a kind among "
                          f"{', '.join(EVENT_KEYS)}: {ev!r}")
            unknown = set(ev) - EVENT_KEYS[ev["kind"]]
            if unknown:
                self.fail(f"situation: a {ev['kind']} event has no key(s) "
                          f"{', '.join(sorted(unknown))}")
            getattr(self, "ev_" + ev["kind"])(ev)
        self._materials_now(events)
        self._away_now()
        if self.stack:      # the Chain the story leaves open: its last link told is its last
            top = self.acts[self.stack[-1]]
            self.b.add("chain_top", f"Chain Link {top['link']} is the last link told of its "
                       "Chain", chain=top["chain"], link=top["link"], activation=self.stack[-1])

    def _away_now(self) -> None:
        """A card whose last move told took it away from where it was face-up (an ``away_move`` of
        ``facts/game.yaml``: destroyed, banished, returned, flipped face-down, left the field) and
        that nothing told brought back: ``away_now`` (what was done to it last)."""
        last: dict = {}
        for f in self.b.facts:
            if f.type == "moved" and f.get("entity") not in (None, "none"):
                seq = f.get("seq")
                if f.get("entity") not in last or (seq or 0) >= (last[f.get("entity")][0] or 0):
                    last[f.get("entity")] = (seq, f.get("action"))
        away = {f.get("action") for f in game_facts() if f.type == "away_move"}
        for entity, (_seq, action) in last.items():
            if action in away:
                self.b.add("away_now", f"{entity}: {action}, and nothing told brought it back",
                           entity=entity, action=action)

    def ev_phase(self, ev):
        # a turn told without its phase ("during my opponent's turn"): phase "unsaid"
        phase = self.check(ev.get("phase", "unsaid"), PHASES + ("unsaid",), "phase")
        turn = self.check(ev.get("turn", "you"), PLAYERS + ("any",), "turn")  # any: not said
        if ev.get("done"):
            now = self.last_phase.get("turn") if isinstance(self.last_phase, dict) else None
            if turn in PLAYERS and now in PLAYERS and now != turn:
                # (hunt 132g) "I conducted my Battle Phase", asked in the opponent's turn: a phase
                # only the turn player conducts was done in an earlier turn, not this one
                return
            # a phase conducted earlier this turn ("I already conducted my Battle Phase")
            self.b.add("phase_done", f"the {phase} phase of {turn}r turn, already conducted "
                       "this turn", phase=phase, turn=turn)
            return
        self.close_chain()
        seq = self.next_seq()
        eid = ev.get("id") or self.new_id("p")
        self.event(eid, "phase", seq)
        said = f"the {phase} phase of {turn}r turn" if turn != "any" else \
            f"the {phase} phase (whose turn is not said)"
        self.b.add("phase_told", said, phase=phase, turn=turn, seq=seq)
        if self.last_phase is None or ev is self.last_phase:
            self.b.add("phase_now", said, phase=phase, turn=turn, seq=seq)
        if ev.get("step") is not None:   # a part of the Damage Step (game-rules#damage-step.1)
            if phase != "damage-step":
                self.fail("situation: a phase 'step' is a part of the Damage Step")
            step = self.check(ev["step"], DAMAGE_SUBSTEPS, "Damage Step part")
            self.b.add("damage_substep", f"the Damage Step: {step.replace('-', ' ')}", step=step,
                       seq=seq)

    def ev_state(self, ev):
        player = self.check(ev.get("player", "you"), PLAYERS + ("both", "any"), "player")
        if player == "both":
            # what both players control together ("there is only 1 monster on the field")
            count = ev.get("count")
            if ev.get("place", "field") != "field" or not isinstance(count, int) or count < 0:
                self.fail("situation: a state of both players is a count on the field")
            self.b.add("field_holds", f"{count} {ev.get('what', 'card')} on the whole field",
                       what=str(ev.get("what", "card")), count=count)
            return
        place = self.check(ev.get("place", "field"), PLACES, "place")
        what = str(ev.get("what", "card"))
        count = ev.get("count", ev.get("min"))
        if not isinstance(count, int) or count < 0:
            self.fail("situation: a state event needs a 'count' (or 'min') that is a whole number")
        seq = self.seq  # a state describes the moment, it does not move time on
        if what in self.b.db:       # a named card told on the field: its text is read too
            self.b.card(what)
        self.b.add("holds", f"{player} has {'at least ' if 'min' in ev else ''}{count} {what} "
                   f"({place})", player=player, place=place, what=what, count=count,
                   at_least=_yn("min" in ev), face=ev.get("face", "any"), seq=seq)

    def ev_zones(self, ev):
        """"I have 2 free Monster Zones": how many Main Monster Zones a player has unused."""
        player = self.check(ev.get("player", "you"), PLAYERS, "player")
        n = ev.get("free")
        if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= 5:
            self.fail("situation: a zones event needs 'free', a whole number from 0 to 5")
        self.b.add("free_zones", f"{'you have' if player == 'you' else 'your opponent has'} {n} "
                   f"free Monster Zone(s)", player=player, n=n)

    def ev_lp(self, ev):
        """"I have 4000 LP": the Life Points a player has at the moment told."""
        player = self.check(ev.get("player", "you"), PLAYERS, "player")
        n = ev.get("n")
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            self.fail("situation: an lp event needs 'n', the LP, a whole number")
        self.b.add("lp_now", f"{'you have' if player == 'you' else 'your opponent has'} {n} LP",
                   player=player, n=n)

    def ev_materials(self, ev):
        """"I control X with 2 materials": how many materials a player's monster has at the moment
        told; kept as ``materials_now`` once every event is read (:meth:`_materials_now`)."""
        card = ev.get("card")
        n = ev.get("n")
        if not isinstance(card, str) or not card:
            self.fail("situation: a materials event needs 'card', the monster's name")
        if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= 99:
            self.fail("situation: a materials event needs 'n', a whole number of materials")
        player = self.check(ev.get("player", "you"), PLAYERS, "player")
        self.materials_told.append((self.b.card(card).card.name, player, n, self.event_no))

    def _materials_now(self, events: list) -> None:
        """The materials told of a player's monster hold now when that player is told to have one
        such monster with materials, and nothing told after it names that card (a copy Summoned,
        the monster moved, materials attached or detached): ``materials_now``."""
        for card, player, n, at in self.materials_told:
            if sum(1 for c, p, _n, _a in self.materials_told if c == card and p == player) != 1:
                continue              # two of them told: which one has which is not said
            ids = {card} | {f.get("entity") for f in self.b.facts
                            if f.type == "entity" and f.get("card") == card}
            later = [ev for ev in events[at + 1:] if isinstance(ev, dict)
                     and ev.get("kind") != "state"]     # (where it is told to be changes nothing)
            if any(_names(ev, ids) for ev in later):
                continue
            self.b.add("materials_now", f"{card} of {player} has {n} material(s)", card=card,
                       player=player, n=n)

    def ev_activate(self, ev):
        aid = ev.get("id") or self.new_id("a")
        if aid in self.acts:
            self.fail(f"situation: activation id {aid!r} is used twice")
        ref = ev.get("effect")
        if isinstance(ref, dict) and "generic" in ref:   # "a Quick-Play Spell", "a monster effect"
            reading = self.b.generic_card(ref, aid)
            eid = f"{reading.card.name}#0"
        else:
            reading, eid = self.b.effect(ref)
            _refuse_an_effect_never_activated(self, reading, eid)
        player = self.check(ev.get("player", "you"), PLAYERS, "player")
        where = ev.get("from", "field" if reading.card.kind == "monster" else "hand")
        self.check(where, ("hand", "field", "set", "gy", "banished", "deck", "extra-deck"),
                   "activated from")
        respond = ev.get("respond")
        if respond is not None:
            if respond not in self.stack:
                self.fail(f"situation: {aid} responds to {respond!r}, which is not an "
                          f"unresolved link of the current Chain")
        elif self.stack:
            self.close_chain()
        if not self.stack:
            self.chain += 1
        link = len(self.stack) + 1
        if "link" in ev and int(ev["link"]) != link:
            self.fail(f"situation: {aid} is stated as Chain Link {ev['link']} but the order "
                      f"makes it Chain Link {link}")
        self.stack.append(aid)
        # a cost is paid as the card is activated: its move happens, and the activation completes
        # after it, so the move is not the last thing to happen (game-rules#cost, #missing-the-timing)
        cost_seq = self.next_seq() if ev.get("cost") else None
        seq = self.next_seq()
        self.acts[aid] = {"effect": eid, "card": reading.card.name, "player": player,
                          "link": link, "chain": self.chain, "does": list(ev.get("does") or []),
                          "negated": None, "seq": seq}
        self.event(aid, "activation", seq)
        self.b.add("activation", f"{player} activates {eid} as Chain Link {link}",
                   activation=aid, effect=eid, card=reading.card.name, player=player, link=link,
                   chain=self.chain, place=where, seq=seq)
        self.b.add("activation_event", f"the activation of {eid}", activation=aid, effect=eid,
                   card=reading.card.name)
        for step in ev.get("does") or []:
            if isinstance(step, dict) and step.get("action"):
                # what the story told this link does when it resolves ("a Trap that destroys X")
                self.b.add("link_told_to", f"{aid} is told to do: {step['action']}", activation=aid,
                           action=str(step["action"]))
        if ev.get("source") is not None:      # the card on the board whose effect this is
            src = self.entity(ev["source"])
        elif reading.card.name in self.entities or reading.card.name in self.b.db:
            src = self.entity(reading.card.name)
        else:
            src = "none"
        self.b.add("activation_source", f"{aid} is activated by {src}", activation=aid, entity=src)
        if respond is not None:
            self.b.add("responds_to", f"{aid} is chained to {respond}", activation=aid,
                       to=respond)
        if where == "set" and src != "none":   # a Set card activated is turned face-up
            self.b.add("moved", f"{src}: flipped face-up by its activation", entity=src,
                       action="flipped-face-up", by=aid, event=aid, seq=seq)
        for slot_n, t in enumerate(ev.get("targets") or [], start=1):
            ent = self.entity(t)
            self.b.add("targeted", f"{eid} targets {ent}", effect=eid, target=ent, slot=1)
            self.b.add("targets_entity", f"{aid} targets {ent}", activation=aid, entity=ent)
        for n, c in enumerate(ev.get("cost") or [], start=1):
            if not isinstance(c, dict):
                self.fail("situation: a cost is a mapping {action, what}")
            self.ev_cost({"of": aid, **c}, seq=seq)
            if c.get("what") and c.get("action") in ACTIONS:
                self.step({"action": c["action"], "what": c["what"]}, by="cost", seq=cost_seq,
                          during_chain="yes" if link > 1 else "no", eid=f"{aid}.cost{n}")

    def ev_cost(self, ev, seq: int | None = None):
        aid = ev.get("of")
        if aid not in self.acts:
            self.fail(f"situation: a cost 'of' an unknown activation {aid!r}")
        action = self.check(ev.get("action"), ACTIONS, "cost action")
        what = self.entity(ev["what"]) if ev.get("what") else "none"
        s = self.acts[aid]["seq"] if seq is None else seq
        self.b.add("cost_paid", f"cost of {aid}: {action} {what}", activation=aid,
                   action=action, what=what, seq=s)

    def ev_negate(self, ev):
        aid = ev.get("of")
        if aid not in self.acts:
            self.fail(f"situation: 'negate' of an unknown activation {aid!r}")
        what = self.check(ev.get("what", "activation"), ("activation", "effect"), "negated")
        by = ev.get("by", "unknown")
        if by != "unknown" and by not in self.acts:
            self.fail(f"situation: negated by an unknown activation {by!r}")
        self.acts[aid]["negated"] = what
        self.b.add("negated", f"the {what} of {aid} is negated", activation=aid, what=what,
                   by=by)

    def ev_resolve(self, ev):
        if ev.get("of"):
            aid = ev["of"]
            if aid not in self.stack:
                self.fail(f"situation: {aid!r} is not an unresolved link")
            if aid != self.stack[-1]:
                self.fail(f"situation: {aid!r} cannot resolve before the links chained to it")
            self.acts[aid]["does"] += list(ev.get("does") or [])
            self.resolve_one()
        else:
            self.close_chain()

    def close_chain(self):
        while self.stack:
            self.resolve_one()

    def resolve_one(self):
        aid = self.stack.pop()
        act = self.acts[aid]
        if act["negated"] == "activation":
            self.b.add("not_resolved", f"{aid} does not resolve (its activation was negated)",
                       activation=aid)
            return
        seq = self.next_seq()
        rid = f"{aid}.resolves"
        self.event(rid, "resolution", seq)
        self.b.add("resolution", f"Chain Link {act['link']} ({act['effect']}) resolves",
                   activation=aid, effect=act["effect"], link=act["link"], chain=act["chain"],
                   last_link=_yn(not self.stack), seq=seq)
        if act["negated"] == "effect":
            return
        for n, step in enumerate(act["does"], start=1):
            if not isinstance(step, dict):
                self.fail("situation: a 'does' step is a mapping {action, what}")
            if step.get("then") and n > 1:
                seq = self.next_seq()
            self.step(step, by=aid, seq=seq, during_chain="yes",
                      eid=str(step.get("id") or f"{aid}.{n}"))

    def step(self, step: dict, by: str, seq: int, during_chain: str, eid: str,
             player: str | None = None):
        action = self.check(step.get("action"), ACTIONS, "action")
        what = self.entity(step["what"]) if step.get("what") else "none"
        self.event(eid, action, seq)
        self.b.add("moved", f"{what}: {action} (by {by})", entity=what, action=action, by=by,
                   event=eid, seq=seq)
        if step.get("from") is not None and action != "summoned":   # "adds a card from the Deck"
            self.b.add("moved_from", f"{what}: {action} from {step['from']}", event=eid,
                       place=self.check(step["from"], PLACES, "moved from"))
        if action == "summoned":
            kind = self.check(step.get("summon-kind", "by-effect"), SUMMON_KINDS, "Summon kind")
            actor = player or (self.acts[by]["player"] if by in self.acts else "unknown")
            self.summon_fact(eid, what, kind, actor, step.get("from", "unknown"), by,
                             int(step.get("count", 1)), during_chain, seq)

    def summon_fact(self, sid, what, kind, player, where, by, count, during_chain, seq,
                    attempt="no"):
        by_effect = self.acts[by]["effect"] if by in self.acts else "none"
        card = "a monster"
        for f in self.b.facts:
            if f.type == "entity" and f.get("entity") == what and f.get("card") != "none":
                card = f.get("card")
        self.b.add("summon", f"{player} {kind} Summons {what}", summon=sid, entity=what,
                   card=card, kind=kind, player=player, place=where, by=by_effect,
                   activation=by if by in self.acts else "none", count=count,
                   during_chain=during_chain, attempt=attempt, seq=seq)
        broad = {"normal": "normal", "tribute": "normal", "flip": "flip",
                 "unsaid": "unsaid"}.get(kind, "special")
        self.b.add("summon_event", f"the {kind} Summon of {card}", summon=sid, card=card,
                   by=by_effect, kind=broad, summoner=player,
                   chain_link=self.acts[by]["link"] if by in self.acts else 0)

    def ev_summon(self, ev):
        sid = ev.get("id") or self.new_id("s")
        kind = self.check(ev.get("summon-kind", "special"), SUMMON_KINDS, "Summon kind")
        player = self.check(ev.get("player", "you"), PLAYERS, "player")
        by = ev.get("by", "none")
        if by != "none" and by not in self.acts:
            self.fail(f"situation: Summoned by an unknown activation {by!r}")
        what = self.entity(ev["what"], kind="monster") if ev.get("what") else \
            self.entity({"desc": "a monster", "kind": "monster", "controller": player})
        attempt = _yn(bool(ev.get("attempt")))
        if attempt == "no":
            self.close_chain()
        # its Tributes or materials are moved first, as part of doing the Summon, and the Summon
        # completes after them (game-rules#summon-procedures.3, #missing-the-timing.4)
        mat_action = MATERIAL_MOVES.get(ev.get("summon-kind", "special"))
        mats = [m for m in (ev.get("materials") or []) if m] if mat_action else []
        # (a Summon about to be made, in its negation window, has had its Tributes or materials
        # moved already: they stay moved even if it is negated, game-rules#summon-procedures.3)
        mat_seq = self.next_seq() if mats else None
        seq = self.next_seq()
        for n, m in enumerate(mats if mat_seq else [], start=1):
            mid = f"{sid}.mat{n}"
            # a Tribute, a Synchro or Link Material is a monster on the field
            # (game-rules#summon-procedures.1, .6, .8)
            self.step({"action": mat_action, "what": m, "from": "field"}, by="material",
                      seq=mat_seq, during_chain="no", eid=mid)
            self.b.add("material_of", f"{mid} is a Tribute or material for {sid}", event=mid,
                       summon=sid)
        self.event(sid, "summon", seq)
        self.summon_fact(sid, what, kind, player, ev.get("from", "unknown"), by,
                         int(ev.get("count", 1)), "no", seq, attempt)
        if attempt == "no":
            self.b.add("moved", f"{what}: summoned", entity=what, action="summoned", by=by,
                       event=sid, seq=seq)

    def ev_move(self, ev):
        player = ev.get("player", "unknown")
        eid = ev.get("id") or self.new_id("m")
        self.close_chain()
        seq = self.next_seq()
        self.step({k: v for k, v in ev.items() if k in ("action", "what", "from")}, by=ev.get("by", "rule"),
                  seq=seq, during_chain="no", eid=eid, player=player)

    def ev_attack(self, ev):
        eid = ev.get("id") or self.new_id("t")
        self.close_chain()
        seq = self.next_seq()
        self.event(eid, "attack", seq)
        attacker = self.entity(ev["what"])
        # the attack's target: a monster, "direct", or "unknown" (an attack told with no target);
        # a spec that says nothing is a direct attack
        target = ev.get("target") or "direct"
        self.b.add("attack", "an attack is declared", attacker=attacker,
                   target=target if target in ("direct", "unknown") else self.entity(target),
                   seq=seq)
        if _yn(ev.get("negated", "no")) == "yes":    # "negate the attack" (game-rules#battle.9)
            self.b.add("attack_negated", f"the attack of {attacker} is negated", attacker=attacker,
                       seq=seq)
            # (hunt 76) the negation happened after the declaration: the declaration is no longer
            # the last thing to happen ("When ... declares an attack" has passed)
            self.event(f"{eid}.negated", "attack-negated", self.next_seq())

    def ev_used(self, ev):
        reading, eid = self.b.effect(ev.get("effect"))
        player = self.check(ev.get("player", "you"), PLAYERS, "player")
        copy = self.check(ev.get("copy", "same"), ("same", "another"), "copy")
        outcome = self.check(ev.get("outcome", "resolved"),
                             ("resolved", "activation-negated", "effect-negated"), "outcome")
        # "what": the card (entity) that used it; what happens to it afterwards is told by later
        # events, and the rules say whether it is a new card since ("since" is then "unsaid")
        what = self.entity(ev["what"]) if ev.get("what") else None
        since = self.check(ev.get("since", "unsaid" if what else "stayed"),
                           ("stayed", "left-and-returned", "unsaid"), "since")
        chain = self.check(ev.get("chain", "earlier"), ("same", "earlier"), "chain")
        self.b.add("used_before", f"{eid} was already used this turn ({outcome})", effect=eid,
                   card=reading.card.name, player=player, copy=copy, outcome=outcome,
                   since=since, chain=chain)
        if what is not None:
            self.b.add("used_by", f"{what} used {eid} (step {self.seq})", effect=eid, entity=what,
                       seq=self.seq)


def link_negated(events: list, aid, depth: int = 0) -> bool:
    """Is link ``aid`` told negated (its activation or its effect) by a link that was not negated
    in turn (situate/targets.py reads the story's links by it too)?"""
    return depth < 8 and any(isinstance(e, dict) and e.get("kind") == "negate" and
                             e.get("of") == aid and
                             not (e.get("by") and link_negated(events, e["by"], depth + 1))
                             for e in events)


def _negations_stopped(events: list) -> set:
    """The indexes of the negate events whose negating link (``by``) was itself negated by a link
    that was not negated in turn: that link never resolved, so it negated nothing."""
    return {i for i, ev in enumerate(events) if isinstance(ev, dict) and
            ev.get("kind") == "negate" and ev.get("by") and link_negated(events, ev["by"])}


def build_situation(builder, entities: dict, events: list) -> None:
    _Situation(builder).run(entities, events)


def _turns_by_order(events: list) -> list:
    """A phase whose turn is not said ("they Ashed me in Main Phase 1"), when the next phase told
    comes later in the turn and its turn is said ("... my Battle Phase"): the same turn, so that
    player's (phases only go forward within a turn; an earlier phase told next is a new turn, and
    stays unsaid).  The events are copied, never changed in place."""
    out = list(events)
    phases = [i for i, ev in enumerate(out) if isinstance(ev, dict) and ev.get("kind") == "phase"
              and not ev.get("done") and ev.get("phase") in PHASES]
    for i, j in zip(phases, phases[1:]):
        here, then = out[i], out[j]
        if here.get("turn") == "any" and then.get("turn") in PLAYERS and \
                PHASES.index(then["phase"]) > PHASES.index(here["phase"]):
            out[i] = {**here, "turn": then["turn"]}
    return out

