"""A told negated Summon of the player's own: "my opponent negates my Tribute Summon of X (with
Y)", "my Normal Summon of X was negated (by Y)" (game-rules#summon-procedures.3)."""

from __future__ import annotations

from lark import Tree

from ..parser.transform import sub


class OwnSummonEvents:
    """Negated Summons of the told situation (mixed into :class:`.told.Situate`)."""

    def ev_summon_negated(self, ev: Tree) -> None:
        if sub(ev, "poss") is None:      # "my opponent negates the Summon (with Y)": the one told
            told = [e for e in self.events if e.get("kind") == "summon"]
            if not told:
                self.fail("which Summon? (tell it first: 'I Tribute Summon X')", ev)
            told[-1]["attempt"] = True
            self._negated_by(ev, told[-1].get("player", "you"))
            return
        whose = self.r.player(sub(ev, "poss"))
        if whose not in ("you", "opponent"):
            self.fail("whose Summon was negated? ('my Normal Summon')", ev)
        kind = self.r.summon_kind(ev)
        if kind not in ("normal", "tribute", "flip", "synchro", "xyz", "link", "pendulum",
                        "fusion", "ritual"):
            self.fail("which Summon was negated? ('my Tribute Summon of X')", ev)
        named = [t for t in ev.children if getattr(t, "type", "") == "XCARD"]
        told = next((e for e in reversed(self.events) if e.get("kind") == "summon"), None)
        if told is not None and told.get("player", "you") == whose and \
                told.get("summon-kind") == kind and (not named or told.get("what") ==
                                                     self.db.get(self.r.card(named[0])).name):
            # (hunt 73) "I Tribute Summon X. My opponent activates Y against my Tribute Summon.":
            # the Summon told, never another one
            told["attempt"] = True
            self._negated_by(ev, whose)
            return
        summon = {"kind": "summon", "id": f"s{len(self.summons) + 1}", "summon-kind": kind,
                  "player": whose, "attempt": True}
        if named:
            card = self.db.get(self.r.card(named[0]))
            if card.kind != "monster":
                self.fail(f"{card.name} is not a monster", ev)
            summon["what"] = card.name
        self.events.append(summon)
        self.summons.append((summon["id"], summon))
        self._negated_by(ev, whose)

    def _negated_by(self, ev: Tree, whose: str) -> None:
        """"... with Y": the card that negated the Summon, activated by the other player."""
        eff = next((c for c in ev.children if isinstance(c, Tree) and c.data.startswith("eff_")),
                   None)
        if eff is not None:        # the card that negated it, activated by the other player
            other = {"you": "opponent", "opponent": "you"}[whose]
            player = self._player(ev) if sub(ev, "actor") is not None else other
            if player != other:
                self.fail("a player negates the other player's Summon", ev)
            ref = self.effect_ref(self.r.effect(eff), hint=["negate"])
            if ref.get("card") and not any(f.type == "negation_scope" and f.get("what") == "summon"
                                           for f in self.reading(ref["card"]).facts):
                self.fail(f"{ref['card']} has no effect that negates a Summon", ev)
            self.events.append({"kind": "activate", "effect": ref, "player": player})
            self.events.append({"kind": "resolve"})
