"""Told phases and turns: "during my opponent's Main Phase", "we are in the Damage Step" (and
"during damage calculation", that part of it), and an attack (whose turn it is)."""

from __future__ import annotations


from lark import Tree

from .words import owner_in_words
from ..gamewords import gamewords
from ..parser.transform import low, sub


def add_phase(st, told: dict) -> dict:
    """Tell a phase the question is in: after what was told before it, but the Damage Step told
    with a destruction by battle is the step it happened in, so it comes before that destruction
    (which is still the last thing that happened: "X is destroyed by battle. It is the Damage
    Step. Can I activate its effect?")."""
    at = next((i for i, e in enumerate(st.events) if e.get("kind") == "move" and
               e.get("by") == "battle"), None) if told.get("phase") == "damage-step" else None
    st.events.insert(len(st.events) if at is None else at, told)
    return told


class PhaseEvents:
    """Phase, turn and attack clauses of the told situation (mixed into :class:`.told.Situate`)."""

    def _turn_said(self, node: Tree) -> str | None:
        """Whose turn a told phase is in: "my Main Phase" → you; "the Main Phase" → any (not
        said, and not guessed)."""
        return self.r.player(sub(node, "poss")) if sub(node, "poss") is not None else "any"

    def ev_phase(self, ev: Tree) -> None:
        turn = self._turn_said(ev)
        phase = self.r.phase(sub(ev, "phase"))
        if turn not in ("you", "opponent", "any") or phase is None:
            self.fail("which phase of whose turn?", ev)
        self._damage_calculation(ev, add_phase(self, {"kind": "phase", "phase": phase, "turn": turn}))

    def ev_phase_now(self, ev: Tree) -> None:
        """"we are in the Damage Step": whose turn is the attacker's, when an attack was told."""
        phase = self.r.phase(sub(ev, "phase"))
        turn = self.r.player(sub(ev, "poss"))
        if turn not in ("you", "opponent"):
            attacks = [e for e in self.events if e["kind"] == "attack"]
            turn = self.entities[attacks[-1]["what"]]["controller"] if attacks else None
        if turn not in ("you", "opponent") and phase == "damage-step":
            turn = "any"       # the Damage Step's rules are the same in either player's turn
        if turn not in ("you", "opponent", "any"):
            # a phase of no player said: read in each player's turn (answered when both agree)
            turn = self.turn_of_phase(ev, "during my opponent's Battle Phase")
        self._damage_calculation(ev, add_phase(self, {"kind": "phase", "phase": phase, "turn": turn}))

    def _damage_calculation(self, ev: Tree, told: dict) -> None:
        """"during damage calculation", "in the Damage Step, before damage calculation": the
        Damage Step (``told``), at that part (game-rules#damage-step.1)."""
        if gamewords().phase_of(" ".join(low(sub(ev, "phase")))) == "damage-calculation":
            told["step"] = "damage-calculation"
        part = sub(ev, "ds_part")
        if part is not None:
            if told.get("phase") != "damage-step":
                self.fail(f"{self.r.said(part)!r} is a part of the Damage Step", part)
            said = low(part)
            told["step"] = "before-damage-calculation" if "before" in said else \
                "after-damage-calculation" if "after" in said else "damage-calculation"

    def ev_phase_done(self, ev: Tree) -> None:
        """"I already conducted my Battle Phase this turn": a phase its player did earlier this
        turn (only the Battle Phase is a phase a player conducts or not)."""
        phase = self.r.phase(sub(ev, "phase"))
        player = self._player(ev)
        if phase != "battle" or player not in ("you", "opponent"):
            self.fail("which player conducted their Battle Phase? ('I already conducted my Battle "
                      "Phase this turn')", ev)
        owner = sub(ev, "poss")
        if owner is not None and self.r.player(owner) not in (player, None):
            self.fail("a player conducts only their own Battle Phase", ev)
        self.events.append({"kind": "phase", "phase": phase, "turn": player, "done": True})

    def ev_turn(self, ev: Tree) -> None:
        """"It is my opponent's turn": a moment of that player's turn, its phase not said."""
        turn = self.r.player(sub(ev, "poss"))
        if turn not in ("you", "opponent"):
            self.fail("whose turn? ('it is my opponent's turn')", ev)
        self.events.append({"kind": "phase", "turn": turn})

    def _no_second_declaration(self, card: str, player: str, ev: Tree) -> None:
        """(hunt 133i) "My opponent's Dark Magician attacks directly. I Special Summon a monster. Dark
        Magician attacks my monster.": the same monster told attacking again in the turn is a
        replay's new target (not a new declaration: game-rules#battle.7) or a second attack an
        effect allows, which the story does not say: refused, asking which."""
        from .refusals import turn_starts

        starts = turn_starts(self.events)
        since = starts[-1] if starts else 0
        for e in self.events[since:]:
            if e.get("kind") == "attack" and \
                    self.entities.get(e.get("what"), {}).get("card") == card and \
                    self.entities.get(e.get("what"), {}).get("controller") == player:
                self.fail(f"{card} was told attacking earlier this turn: is this a replay (a new "
                          "target chosen for the same attack, no new declaration) or a second "
                          "attack an effect allows? say which", ev)

    def ev_attack(self, ev: Tree) -> None:
        card = sub(ev, "acting_card")
        if card is None:                # "my opponent attacks": with a monster the words do not name
            player = self._player(ev)
            actor = sub(ev, "actor")
            desc = self.r.said(actor) if actor is not None and list(actor.scan_values(
                lambda v: getattr(v, "type", "") == "XCARD")) else "the attacking monster"
        else:
            player = self.r.player(sub(card, "poss"))
            desc = self.r.said(card)
        if player not in ("you", "opponent"):
            self.fail(f"whose is {self.r.said(card)!r}?", card)
        eid = f"m{len(self.entities) + 1}"
        self.entities[eid] = {"desc": desc, "controller": player, "kind": "monster",
                              "place": "field", "face": "up"}
        said = card if card is not None else sub(ev, "actor")
        named = list(said.scan_values(lambda v: getattr(v, "type", "") == "XCARD")) \
            if said is not None else []
        if len(named) == 1 and self.db.get(self.r.card(named[0])).kind == "monster":
            # (hunt) "my opponent's Jinzo declares an attack": that card, face-up on the field
            self.entities[eid]["card"] = self.db.get(self.r.card(named[0])).name
            self._no_second_declaration(self.entities[eid]["card"], player, ev)
            self.last_card = self.entities[eid]["card"]     # "... Can I activate its effect?": the attacker's
            protection = self._own_protection(self.entities[eid]["card"])
            if protection is not None:
                # (hunt 46) the attacking monster's own "cannot be targeted" (unconditional):
                # what may target it is checked (Sakuretsu Armor, Magic Cylinder)
                self.entities[eid]["cannot-be-targeted"] = protection
        self.attackers = getattr(self, "attackers", set()) | {eid}
        said = low(ev)
        # "attacks (me) directly", "attacks me": a direct attack; "attacks my X": X (below); told
        # with no target: not said
        direct = "directly" in said or any(w in said for w in ("me", "them", "him", "her"))
        self.events.append({"kind": "attack", "what": eid, "target": "direct" if direct else "unknown"})
        held = sub(ev, "sit_clause")
        if held is not None:            # "... attacks me directly while I control no cards"
            self.clause(held.children[0])
        attacked = sub(ev, "thing")
        if attacked is not None:        # "... attacks my face-up Fiend monster": the monster attacked
            t = self.r.thing(attacked)
            other = {"you": "opponent", "opponent": "you"}[player]
            if owner_in_words(t["words"]) not in (None, other):
                self.fail("a monster attacks a monster of the other player", attacked)
            if t.get("card") and {"face-down", "set"} & set(t["words"]):
                # "my opponent attacks my face-down Man-Eater Bug": the attack's target, told
                # face-down (as "my face-down X is attacked", :meth:`.BattleEvents.ev_attacked`)
                self.events[-1]["target"] = self.attacked_monster(other, t["card"], face="down",
                                                                    node=attacked, desc=t["text"])
            else:
                # ("my opponent attacks it": "it" is never the attacking monster itself)
                target = self.entity(t, exclude=frozenset({eid}), controller=other,
                                     kind="monster", place="field")
                told = self._state_told_of(target, other)
                if told is not None:
                    # "I control a Set X. My opponent attacks it": the monster told on the field,
                    # face-up or face-down as told there
                    target = self.attacked_monster(other, target, face=told.get("face"),
                                                   node=attacked, desc=target)
                self.events[-1]["target"] = target

    def _state_told_of(self, card: str, player: str) -> dict | None:
        """The one state told of a card named on ``player``'s field ("I control a Set X"), or None
        (not a card, told of no field or of more than one)."""
        ent = self.entities.get(card)
        if ent is not None and ent.get("card") != card:
            return None          # a thing told by what it is ("the attacking monster"), no card
        told = [e for e in self.events if e.get("kind") == "state" and e.get("what") == card
                and e.get("place") == "field" and e.get("player") == player and e.get("count") == 1]
        return told[0] if len(told) == 1 else None

    def ev_set_card(self, ev: Tree) -> None:
        """"I Set Solemn Judgment this turn": that card was Set in the turn the question is in."""
        card = self.r.card(next(t for t in ev.children if getattr(t, "type", "") == "XCARD"))
        said = sub(ev, "set_phase")
        if said is not None:                # "in my Main Phase 2": that phase of that turn, told
            turn = self._turn_said(said)
            if turn not in ("you", "opponent"):
                self.fail("whose turn?", said)
            add_phase(self, {"kind": "phase", "phase": self.r.phase(sub(said, "phase")), "turn": turn})
        self.set_this_turn.add((card, self._player(ev)))
        self.set_told_at.setdefault((card, self._player(ev)), len(self.events))
        self.last_card = card

    def _own_protection(self, card: str) -> str | None:
        """The one unconditional protection a monster's own text gives itself from being targeted
        by card effects of a kind ("Cannot be targeted by card effects"), a kind no rule knows
        left out; None when it has none, several or only under a condition."""
        reading = self.reading(card)
        given = {f.get("effect") for f in reading.facts
                 if f.type == "granted_effect" and f.get("to") == "other"}
        kinds = {f.get("what") for f in reading.facts if f.type == "cannot_be_targeted"
                 and f.get("protects") == "self" and f.get("effect") not in given
                 and f.get("what") not in ("attacks", "other", "some-monster-effects")}
        # (an attacking monster is in a Monster Zone: a Pendulum Monster's protection applies)
        if len(kinds) != 1 or any(
                f.type == "cannot_be_targeted" and f.get("protects") == "self" and
                f.get("condition") != "no" for f in reading.facts):
            return None
        return kinds.pop()
