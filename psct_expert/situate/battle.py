"""Told battle events beyond the declaration itself: "my opponent negates the attack (with X)",
"its attack is negated" (game-rules#battle.9), "my (face-down) X is attacked (and destroyed by
battle)", "it is destroyed by battle".  The attack declaration is read by :mod:`.phases`."""

from __future__ import annotations

from lark import Tree

from ..parser.transform import sub


class BattleEvents:
    """Battle clauses of the told situation (mixed into :class:`.told.Situate`)."""

    def ev_attack_negated(self, ev: Tree) -> None:
        attacks = [e for e in self.events if e["kind"] == "attack"]
        obj = sub(ev, "atk_obj")
        named = list(obj.scan_values(lambda v: getattr(v, "type", "") == "XCARD"))
        if not attacks and named:   # "My X's attack is negated": X declared that attack
            player = self.r.player(sub(obj, "poss")) if sub(obj, "poss") is not None else None
            if player not in ("you", "opponent"):
                self.fail(f"whose is {self.r.said(obj)!r}? ('my X', 'my opponent's X')", obj)
            card = self.db.get(self.r.card(named[0]))
            if card.kind != "monster":
                self.fail(f"{card.name} is not a monster", obj)
            eid = f"m{len(self.entities) + 1}"
            self.entities[eid] = {"desc": self.r.said(named[0]), "controller": player,
                                  "kind": "monster", "place": "field", "face": "up",
                                  "card": card.name}
            self.events.append({"kind": "attack", "what": eid, "target": "unknown"})
            attacks = [self.events[-1]]
        if not attacks:
            self.fail("which attack? (tell it first: 'My X attacks')", ev)
        eff = sub(ev, "v_effect") or next((c for c in ev.children if isinstance(c, Tree)
                                           and c.data.startswith("eff_")), None)
        if eff is not None:      # "... with Negate Attack": that card is activated to do it
            if sub(ev, "actor") is not None:
                player = self._player(ev)
            else:                # "its attack was negated by X": the attacked player's card
                attacker = self.entities.get(attacks[-1]["what"], {})
                player = {"you": "opponent", "opponent": "you"}.get(attacker.get("controller"))
                if player is None:
                    self.fail("who negated the attack?", ev)
            self.events.append({"kind": "activate", "effect": self.effect_ref(self.r.effect(eff)),
                                "player": player})
            self.events.append({"kind": "resolve"})
        attacks[-1]["negated"] = "yes"

    def ev_attacked(self, ev: Tree) -> None:
        """"My monster is attacked": a monster of the other player declares an attack on it."""
        player = self.r.player(sub(ev, "poss"))
        if player not in ("you", "opponent"):
            self.fail("whose monster is attacked? ('my monster', 'my opponent's monster')", ev)
        other = {"you": "opponent", "opponent": "you"}[player]
        by = [p for p in ev.children if isinstance(p, Tree) and p.data == "poss"][1:]
        if by and self.r.player(by[0]) != other:
            self.fail("a monster attacks a monster of the other player", ev)
        named = list(ev.scan_values(lambda v: getattr(v, "type", "") == "XCARD"))
        words = [str(t).lower() for t in ev.children if not isinstance(t, Tree)]
        # "my face-down Man-Eater Bug is attacked"
        target = self.attacked_monster(player, self.r.card(named[0]) if named else None,
                                       face="down" if {"face-down", "set"} & set(words) else None,
                                       node=ev, desc=self.r.said(named[0]) if named else None)
        attacker = f"m{len(self.entities) + 1}"
        self.entities[attacker] = {"desc": "the attacking monster", "controller": other,
                                   "kind": "monster", "place": "field", "face": "up"}
        self.events.append({"kind": "attack", "what": attacker, "target": target})
        if sub(ev, "attacked_then") is not None:        # "... and destroyed by battle"
            self.events.append({"kind": "move", "what": target, "action": "destroyed", "by": "battle"})

    def attacked_monster(self, player: str, card: str | None, face: str | None = None,
                         node: Tree | None = None, desc: str | None = None) -> str:
        """The entity of a monster told attacked (its card when named, face-down when told so)."""
        target = f"m{len(self.entities) + 1}"
        self.entities[target] = {"desc": desc or card or "the attacked monster",
                                 "controller": player, "kind": "monster", "place": "field"}
        if face:
            self.entities[target]["face"] = face
        if card:
            c = self.db.get(card)
            if c.kind != "monster":
                self.fail(f"{c.name} is not a monster", node)
            self.entities[target]["card"] = c.name
        return target

    def ev_battle_destroyed(self, ev: Tree) -> None:
        """"it is destroyed by battle": the monster attacked (or named) is destroyed by battle."""
        named = [t for t in ev.children if getattr(t, "type", "") == "XCARD"]
        attacks = [e for e in self.events if e["kind"] == "attack"]
        if not attacks and not named:
            self.fail("which battle? (tell the attack first: 'My X is attacked')", ev)
        # ("Sangan is destroyed by battle", no attack told: that card's destruction by battle; what
        # the battle was is not told, and rules that need it do not fire)
        what = None
        if named:
            card = self.db.get(self.r.card(named[0]))
            if card.kind != "monster":
                self.fail(f"{card.name} is not a monster", ev)
            for eid, ent in self.entities.items():     # the monster told to battle, by its card
                if ent.get("card") == card.name or card.name.lower() in \
                        str(ent.get("desc", "")).lower():
                    what = eid
            what = what or card.name
            self.last_card = card.name          # "... Can I activate its effect?": that card's
            owner = self.r.player(sub(ev, "poss")) if sub(ev, "poss") is not None else None
            if owner in ("you", "opponent"):
                # (hunt) "My Mystic Tomato is destroyed by battle": whose card it is, told
                self.entity({"card": card.name, "text": card.name, "pronoun": False,
                             "words": [{"you": "my", "opponent": "opponent's"}[owner]]})
        else:                                           # "it": the monster attacked
            what = attacks[-1].get("target")
            if what is None:
                self.fail("which monster is destroyed by battle? (name it)", ev)
        self.events.append({"kind": "move", "id": self._move_id(), "what": what, "action": "destroyed",
                            "by": "battle"})
