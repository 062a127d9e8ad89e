"""How a told Summon or move was done, and what a player is told to have.

"I shuffle X and Y into the Deck to Special Summon Z", "my opponent is Special Summoning Z to my
field by Tributing one of my monsters", "I Tribute X to Special Summon a ... monster", "I send X
from my hand to activate it", "I have exactly 4 Fairy monsters in my GY": each becomes events of
the spec's ``situation`` (docs/question-spec.md).  Which way a Summon or a move was done is read
off the cards' text, by what it does: the summoned card's own procedure ("Must first be Special
Summoned ... by shuffling ...", "You can Special Summon this card (from your hand) ... by
Tributing ..."), or an effect of the moved card whose cost is that move.  When neither or both
fit, the question is refused.  The methods are mixed into :class:`.told.Situate`.
"""

from __future__ import annotations

import re

from lark import Tree

from ..gamewords import gamewords
from ..parser.transform import find, low, sub, subs
from ..reader.numbering import numbered
from ..reader.phrases import (cards_discarded, cards_needed, done_by, names_opponents_field,
                               summoned_by, takes_from_elsewhere)
from .words import itself_fits_cost, norm, owner_in_words

# what may be said of told materials after them: whose and where they are ("I control")
_WHERE_WORDS = frozenset(("i", "you", "they", "he", "she", "we", "my", "your", "their", "his",
                          "her", "opponent", "control", "controls", "controlled", "on", "the",
                          "field", "in", "hand", "gy", "graveyard", "from"))
MOVED = {"send": "sent-to-gy", "banish": "banished", "tribute": "tributed", "discard": "discarded",
         "shuffle": "returned-to-deck", "detach": "detached", "destroy": "destroyed"}
COUNTS = gamewords().counts("state")      # the number words a told state or a cost's need says


def cost_told_as(fact, verb: str) -> bool:
    """Is a cost (a ``cost_action`` fact) what a player told as ``verb``: that very action, or
    "discard" said of a cost that sends a card from the hand to the GY ("You can send this card
    from your hand to the GY; ...": "I discard Effect Veiler"), as players tell it."""
    if fact.get("verb") == verb:
        return True
    return verb == "discard" and fact.get("verb") == "send" and fact.source is not None and \
        "from your hand" in fact.source.quote.lower()


def gerund(verb: str) -> str:
    base = verb.split("-")[-1]
    return (base[:-1] if base.endswith("e") else base) + "ing"


class ProcedureEvents:
    """Told clauses about how a monster was Summoned or a card was moved (mixed into Situate)."""

    # -- a card's own Summon procedure ----------------------------------------------------
    def procedures(self, card: str, verb: str | None = None, dest_other: bool | None = None,
                   place: str | None = None) -> list:
        """The effects of ``card`` that are its own way of being Special Summoned and fit what
        the sentence says: done by ``verb``ing, to the other player's field, from ``place``."""
        reading = self.reading(card)
        procs = {f.get("effect") for f in reading.facts if f.type == "procedure"}
        out = []
        for e in reading.effects:
            text = e.text
            told_by = verb is not None and summoned_by(text, gerund(verb))
            if e.id not in procs and not told_by:
                continue
            if verb is not None and not done_by(text, gerund(verb)):
                continue
            if dest_other is not None and names_opponents_field(text) != dest_other:
                continue
            if place and takes_from_elsewhere(text, place):
                continue
            out.append(e)
        return out

    def _dest_other(self, node: Tree | None, summoner: str | None) -> bool | None:
        """"to my opponent's field": is it the field of the player who does not Summon?"""
        to = sub(node, "sum_to") if node is not None else None
        if to is None:
            return None
        owner = self.r.player(sub(to, "poss"))
        if owner not in ("you", "opponent") or summoner not in ("you", "opponent"):
            self.fail("whose field? (say 'to my field' or 'to my opponent's field')", to)
        return owner != summoner

    def how_summoned(self, node: Tree, card: str | None, kind: str, summoner: str | None,
                     place: str | None = None) -> tuple[str, list[str]]:
        """The Summon kind and materials told by ``sum_to``/``sum_how``/``sum_mat`` under ``node``.

        "by Tributing ..." / "to my opponent's field" on a Special Summon: the card's own
        procedure that does so (refused when it has none); "by using X as material" / "by
        placing it on top of X" on an Xyz Summon: X is its material."""
        how, mat = sub(node, "sum_how"), sub(node, "sum_mat")
        dest_other = self._dest_other(node, summoner)
        materials: list[str] = []
        if mat is not None:
            if kind not in ("xyz", "link", "synchro", "fusion"):
                self.fail("only an Xyz, Link, Synchro or Fusion Summon uses materials", mat)
            told = self.r.thing(sub(mat, "thing"))
            post = sub(sub(mat, "thing"), "thing_post")
            if post is not None and not set(low(post)) <= _WHERE_WORDS:
                # "using two monsters with the same name": what is said of the materials after
                # them is not read against the card's material line (never dropped)
                self.fail(f"the materials told {self.r.said(mat)!r}: what is said of them after "
                          "them is not read against the card's material line (say how many and "
                          "of what kind)", post)
            materials = [self.entity(told, **_material_kind(told))]
            if kind != "xyz" and "placing" in low(mat):
                self.fail("only an Xyz Monster is placed on top of its material", mat)
        if how is None and dest_other is None:
            return kind, materials
        if how is not None and kind in ("tribute", "normal") and dest_other is None and \
                self.r.gerund_verb(sub(how, "gerund")) == "tribute":
            # (readA) "Tribute Summons X by Tributing two monsters": its Tributes
            return "tribute", [self.entity(self.r.thing(sub(how, "thing")))]
        if kind != "special" or card is None:
            self.fail("say which monster is Special Summoned that way", how or node)
        verb = self.r.gerund_verb(sub(how, "gerund")) if how is not None else None
        self._one_procedure(card, verb, dest_other, place, node)
        if how is not None:
            materials = [self.entity(self.r.thing(sub(how, "thing")))]
        return "procedure", materials

    def _paid_procedure(self, tc: Tree, what: dict, kind: str, place: str | None) -> tuple[str, list]:
        """"Special Summons X by banishing 3 EARTH monsters": a Special Summon told with what is
        done for it is X's own procedure that does so (game-rules#summon-procedures), when X has
        exactly one; what is moved is its material.  Anything else is refused, never guessed."""
        verb = self.r.gerund_verb(sub(tc, "gerund"))
        card = what.get("card")
        if kind not in ("special", "unsaid", "procedure") or card is None or verb is None:
            self.fail("only a Special Summon of a named monster by its own procedure is made "
                      f"by {self.r.said(tc)!r}", tc)
        self._one_procedure(card, verb, None, place, tc)
        return "procedure", [self.entity(self.r.thing(sub(tc, "thing")))]

    def _one_procedure(self, card: str, verb: str | None, dest_other: bool | None,
                       place: str | None, node: Tree) -> None:
        """Refuse ``node`` unless exactly one of ``card``'s own procedures fits it."""
        fit = self.procedures(card, verb, dest_other, place)
        if len(fit) != 1:
            self.fail(f"{card} has {'no' if not fit else 'more than one'} way of being Special "
                      f"Summoned that fits {self.r.said(node)!r}", node)

    def own_way(self, node: Tree, card: str | None, kind: str, place: str | None) -> str:
        """"... Special Summons X with its own condition / text ('...') / procedure": the Summon is
        the card's own procedure, when it has exactly one that fits (the quote, when one is
        given, is its text); "with its own effect" also needs no activated effect of the card to
        Summon itself.  Anything else is refused, never guessed."""
        way = sub(node, "own_way")
        if way is None:
            return kind
        if kind not in ("special", "unsaid") or card is None:
            self.fail("only a Special Summon of a named monster is done by its own procedure", way)
        fit = self.procedures(card, place=place)
        quote = [self.r.quotes[int(t)] for t in way.scan_values(
            lambda v: getattr(v, "type", "") == "XQUOTE")]
        if quote:
            fit = [e for e in fit if norm(quote[0]) in norm(e.text)]
        said = self.r.said(way)
        if len(fit) != 1:
            self.fail(f"{card} has {'no' if not fit else 'more than one'} procedure of its own "
                      f"that fits {said!r}", way)
        if any(w in ("effect", "thing") for w in low(way)) and not self.own_procedure(card, place):
            self.fail(f"{card} also Special Summons itself with an activated effect: {said!r} "
                      "does not say which way", way)
        return "procedure"

    def own_procedure(self, card: str, place: str | None) -> bool:
        """A monster the player Special Summons, how unsaid: its own procedure, when that is the
        card's only way to Special Summon itself (from that place)."""
        reading = self.reading(card)
        procs = {f.get("effect") for f in reading.facts if f.type == "procedure"}
        if any(f.type == "summons_self" and f.get("effect") not in procs for f in reading.facts):
            return False
        return len(self.procedures(card, place=place)) == 1

    # -- "I shuffle X and Y into the Deck to Special Summon Z" -------------------------------
    def ev_proc(self, ev: Tree) -> None:
        player = self._player(ev)
        verb = self.r.action(sub(ev, "act_verb"))
        things = subs(ev, "thing")
        moved, summoned = things[:-1], self.r.thing(things[-1])
        if summoned.get("pronoun") and not summoned.get("card") and self.last_card and \
                [w.lower() for w in summoned.get("words") or []] in ([], ["it"], ["itself"]):
            # sisterAF: "X is in my GY. I return a face-up card to Special Summon it": "it" is the
            # card told last
            summoned = {**summoned, "card": self.last_card, "text": self.last_card, "pronoun": False}
        moved_read = [self.r.thing(t) for t in moved]
        ways = []
        if summoned.get("card"):
            dest = self._dest_other(ev, player)
            for e in self.procedures(summoned["card"], verb, dest):
                ways.append(("procedure", summoned["card"], e))
        for t in moved_read if len(moved_read) == 1 else []:   # a cost moves the card itself
            if not t.get("card"):
                continue
            reading = self.reading(t["card"])
            for e in reading.effects:
                costs = {f.get("verb") for f in reading.facts if f.type == "cost_action"
                         and f.get("effect") == e.id}
                sums = any(f.get("effect") == e.id and f.get("verb") == "special-summon"
                           and f.type in ("clause", "clause_verb") for f in reading.facts)
                if verb in costs and sums:
                    ways.append(("effect", t["card"], e))
        if summoned.get("card"):
            # "reveals 3 Spellbooks to Special Summon X": X's own effect, whose cost is that move
            # and which Special Summons X itself ("You can reveal ...; Special Summon this card")
            reading = self.reading(summoned["card"])
            for e in reading.effects:
                costs = {f.get("verb") for f in reading.facts if f.type == "cost_action"
                         and f.get("effect") == e.id}
                itself = any(f.type == "summons_self" and f.get("effect") == e.id for f in reading.facts)
                if verb in costs and itself and not any(w[2] is e for w in ways):
                    ways.append(("effect", summoned["card"], e))
            if not ways:
                # sisterAF: "banish a DARK from the GY to Special Summon X": X's own effect that does
                # that move when it resolves and Special Summons X itself ("target 1 ... in either GY;
                # banish it, and if you do, Special Summon this card"): activated, nothing paid
                for e in reading.effects:
                    does = any(f.get("effect") == e.id and f.get("verb") == verb and
                               f.type in ("clause", "clause_verb") for f in reading.facts)
                    itself = any(f.type == "summons_self" and f.get("effect") == e.id
                                 for f in reading.facts)
                    if does and itself:
                        ways.append(("effect-does", summoned["card"], e))
        quote = [self.r.quotes[int(t)] for t in ev.children if getattr(t, "type", "") == "XQUOTE"]
        if quote:       # "('treated as a Synchro Summon')": the text of the way it is done
            ways = [w for w in ways if norm(quote[0]) in norm(w[2].text)]
        if len(ways) != 1:
            self.fail(("no" if not ways else "more than one") + " card's text says it is done "
                      f"this way: {self.r.said(ev)!r}", ev)
        how, card, effect = ways[0]
        if how == "procedure":
            self._summon("procedure", player, summoned, None)
            told = self.events[-1]
            told["materials"] = [self.entity(t) for t in moved_read]
            return
        self.last_card = card
        ref = {"card": card, "n": effect.n}
        aid = self._activate(ref, player, {})
        act = self.events[-1]
        if how == "effect" and verb in MOVED:   # (revealing moves nothing: the cards stay where they are)
            act["cost"] = [{"action": MOVED[verb], "what": self.entity(t)} for t in moved_read]
        if how == "effect":
            self.told_costs[aid] = verb
        # the monster is Special Summoned when that effect resolves
        sid = f"s{len(self.summons) + 1}"
        act["does"] = [{"action": "summoned", "id": sid, "summon-kind": "by-effect",
                        "what": self.entity(summoned, kind="monster")}]
        self.summons.append((sid, {"summon-kind": "by-effect", "by": aid}))
        self.to_resolve[sid] = aid

    def summon_made(self, sid: str) -> None:
        """A Summon an activated effect makes: asked about, that effect has resolved."""
        aid = self.to_resolve.pop(sid, None)
        if aid is not None and not any(e.get("kind") == "resolve" for e in self.events):
            self.events.append({"kind": "resolve"})

    # -- "I send X from my hand to activate it" ---------------------------------------------
    def ev_for_cost(self, ev: Tree) -> None:
        player = self._player(ev)
        verb = self.r.action(sub(ev, "act_verb"))
        if sub(ev, "thing") is None:
            # sisterAF: "... and I discard to destroy their Spell/Trap": a card of the player's
            # (what is not said), for the effect of the card told last
            if self.last_card is None or sub(ev, "cost_purpose") is None:
                self.fail("what is it done to? ('I discard a card to ...')", ev)
            moved = {"card": None, "text": "a card", "words": ["a", "card"], "pronoun": False}
            last = self.last_card
        else:
            moved = self.r.thing(sub(ev, "thing"))
            last = None
        effs = [ch for ch in ev.children if isinstance(ch, Tree) and ch.data.startswith("eff_")]
        card = moved.get("card") or last
        if effs:
            ir = self.r.effect(effs[0])
            # "I activate X and discard Y for it": "it" is the card told before, never the card
            # the clause moves for the cost
            pointed = self.last_card if ir.get("how") in ("eff_it", "eff_its") and \
                moved.get("card") and self.last_card != moved.get("card") else None
            card = ir.get("card") or pointed or card
        if card is None:
            self.fail("activate which card?", ev)
        reading = self.reading(card)
        fit = [e for e in reading.effects if e.n > 0 and any(
            f.type == "cost_action" and f.get("effect") == e.id and cost_told_as(f, verb)
            for f in reading.facts)]
        if effs and self.r.effect(effs[0]).get("ord"):
            said = numbered(reading)
            n = self.r.effect(effs[0])["ord"]
            fit = [e for e in fit if n <= len(said) and e is said[n - 1]]
        purpose = sub(ev, "cost_purpose")
        if purpose is not None:
            fit = self._purpose_fit(reading, fit, purpose)
        if len(fit) != 1:
            self.fail(f"{'no' if not fit else 'more than one'} effect of {card} has "
                      f"{gerund(verb)} as its cost" +
                      (f" and does {self.r.said(purpose)!r}" if purpose is not None else ""), ev)
        self.last_card = card
        info = self._mods(ev)
        place = self.r.place(find(ev, "place")) if find(ev, "place") is not None else None
        # (hunt 82) what it was activated on ("... to activate X's effect targeting my Dark
        # Magician"): its targets, as any activation's
        told = {k: v for k, v in info.items() if k in ("targets", "targeting_said")}
        aid = self._activate({"card": card, "n": fit[0].n}, player,
                             {**told, "from": place or info.get("from")} if (place or info.get("from"))
                             else told)
        # "I banish a LIGHT and a DARK monster to activate X": each card moved is paid
        others = [self.r.thing(t) for t in ev.children if isinstance(t, Tree) and t.data == "thing"][1:]
        self.events[-1]["cost"] = [{"action": "paid-lp"}] if verb == "pay" else [
            {"action": MOVED.get(verb, verb), "what": self.entity(m)} for m in [moved, *others]]
        self.told_costs[aid] = verb

    def ev_paid_for(self, ev: Tree) -> None:
        """"I paid 1500 LP for Solemn Strike", "I discarded a card to activate Lightning Vortex": the
        activation of that effect, with its cost as told (checked against the card's cost)."""
        from .words import card_fits, thing_words, words_fit
        player = self._player(ev)
        word = next(str(t).lower() for t in ev.children if not isinstance(t, Tree)
                    and str(t).lower() not in ("for", "to", "activate"))
        verb = {"paid": "pay", "pay": "pay", "pays": "pay", "discarded": "discard",
                "discard": "discard", "discards": "discard", "banished": "banish",
                "tributed": "tribute", "sent": "send"}[word]
        node = next(c for c in ev.children if isinstance(c, Tree) and c.data.startswith("eff_"))
        moved_card = self.r.thing(sub(ev, "thing")).get("card") if sub(ev, "thing") is not None \
            else None
        told_act = None
        if node.data == "eff_it" and moved_card and self.acts and \
                self.acts[-1][1].get("card") not in (None, self.db.get(moved_card).name):
            # "I activate X and discard Y for it": "it" is the activation just told (its cost, told
            # after it), never Y
            told_act = self.acts[-1]
            self.last_card = told_act[1]["card"]
        elif moved_card:
            # "I banished X from my GY for its effect": "its" is the card the sentence named, X
            self.last_card = self.db.get(moved_card).name
        ref = self.effect_ref(self.r.effect(node), hint=[verb])
        found = self.effect_of(ref)
        if found is None:
            self.fail("which effect was it for?", ev)
        reading, eid = found
        costs = [f for f in reading.facts if f.type == "cost_action" and f.get("effect") == eid
                 and cost_told_as(f, verb) and f.source is not None]
        thing = sub(ev, "thing")
        obj = thing_words(self.r.said(thing)) if thing is not None else []
        named = self.r.thing(thing).get("card") if thing is not None else None
        if named and costs:          # "I discard Peten the Dark Clown to activate X" ("Discard 1 card")
            fit = any(card_fits(self.db.get(named).kind, f.source.quote) for f in costs)
        else:
            fit = not obj or any(words_fit(obj, f.source.quote) for f in costs)
        if not costs or not fit:
            self.fail(f"{ref.get('card')}'s cost is not to {verb} {self.r.said(thing)}", ev)
        act = next((e for e in self.events if told_act is not None and e.get("id") == told_act[0]
                    and e.get("player") == player and not e.get("cost")), None)
        if act is None:
            aid = self._activate(ref, player, {})
            act = self.events[-1]
        else:
            aid = act["id"]            # the cost of the activation told, said after it
        if verb in MOVED:
            act["cost"] = [{"action": MOVED[verb], "what": self.entity(self.r.thing(thing))}]
        self.told_costs[aid] = verb

    def _purpose_fit(self, reading, fit: list, purpose: Tree) -> list:
        """The effects of ``fit`` that do what a told purpose says: "... to search a Fiendsmith
        Spell/Trap" (that action, to that); (sisterAF) "... to target their monster" (an effect
        that targets), "... to negate an attack" (an effect that negates)."""
        from .refs import effect_does_action
        from .words import thing_words, words_fit
        if sub(purpose, "purpose_target") is not None:
            return [e for e in fit if any(f.type in ("targets", "target") and f.get("effect") == e.id
                                          for f in reading.facts)]
        pverb = "add" if sub(purpose, "search_verb") is not None else \
            "negate" if sub(purpose, "purpose_negate") is not None else \
            self.r.action(sub(purpose, "act_verb"))
        obj = thing_words(self.r.said(sub(purpose, "thing")).replace("/", " ")) \
            if sub(purpose, "thing") and sub(purpose, "purpose_negate") is None else []
        return [e for e in fit if pverb and effect_does_action(reading.facts, e.id, pverb)
                and (not obj or words_fit(obj, e.text))]

    def _paid_with_itself(self, card: str, verb: str) -> list:
        """The effects of ``card`` whose cost is to ``verb`` the card itself: "You can discard
        this card; ...", or a cost the card fits ("Tribute 1 face-up Plant monster" of a Plant)."""
        from ..reader.phrases import names_this_card
        reading = self.reading(card)

        def paid(f) -> bool:
            return cost_told_as(f, verb) and f.source is not None and (
                names_this_card(f.source.quote) or itself_fits_cost(self.db.get(card), f.source.quote))
        return [e for e in reading.effects if e.n > 0 and any(
            f.type == "cost_action" and f.get("effect") == e.id and paid(f) for f in reading.facts)]

    # the mods a cost told as the activation may have (where from, on what, in response to what)
    _COST_TOLD_MODS = frozenset({"from", "targets", "targeting_said", "respond", "link", "against",
                                 "to_effect"})

    def cost_told_as_activation(self, ev: Tree, named: dict, verb: str | None) -> bool:
        """"I discard Effect Veiler (targeting their monster)", "they tribute X in response": a
        player moving a card of theirs the way the cost of its own effect moves it, the card told
        for the first time, is activating that effect (people tell the cost they pay for the
        activation, game-rules#cost).  Only when exactly one effect of the card has that cost;
        False, with nothing done, otherwise (the clause is read as before)."""
        card = named.get("card")
        if not card or verb not in MOVED or named.get("pronoun") or self._in_story(card):
            return False
        player = self._player(ev)
        owner = owner_in_words(named.get("words") or [])
        if player not in ("you", "opponent") or owner not in (None, player):
            return False
        fit = self._paid_with_itself(card, verb)
        if len(fit) != 1:
            return False
        info = self._mods(ev)
        odd = set(info) - self._COST_TOLD_MODS
        if odd:
            said = ", ".join(self.r.said(m) for m in info.get("purposes", [])) or ", ".join(sorted(odd))
            self.fail(f"the situation model has no place for {said!r} (said of activating "
                      f"{card} by {gerund(verb)} it)", ev)
        self.last_card = card
        aid = self._activate({"card": card, "n": fit[0].n}, player, info)
        if not any(info.get(k) for k in ("respond", "targets", "purposes", "against", "to_effect",
                                         "link")):
            # (read as its activation with nothing said of what it answered or aimed at)
            self.cost_told = [*getattr(self, "cost_told", []), aid]
        # the cost as the text says it ("send this card from your hand to the GY", told "discard")
        paid = next((f.get("verb") for f in self.reading(card).facts if f.type == "cost_action"
                     and f.get("effect") == fit[0].id and cost_told_as(f, verb)), verb)
        self.events[-1]["cost"] = [{"action": MOVED.get(paid, MOVED[verb]), "what": self.entity(named)}]
        self.told_costs[aid] = paid
        if verb in ("tribute", "banish", "send", "detach"):
            self.self_gone[aid] = verb      # its own card left the field before it resolves
        return True

    def _in_story(self, card: str) -> bool:
        """Is the card in any event told so far (activated, targeted, moved, Summoned)?"""
        def names(value) -> bool:
            if isinstance(value, dict):
                return value.get("card") == card or any(names(v) for v in value.values())
            if isinstance(value, list):
                return any(names(v) for v in value)
            return value == card
        return any(names(e) for e in self.events)

    def ev_card_cost(self, ev: Tree) -> None:
        """"Zoodiac Drident detaches a material and targets my card": the card's one effect whose
        cost is that action (and that targets, when said) is activated; by whom is not said."""
        card = self.r.card(next(t for t in ev.children if getattr(t, "type", "") == "XCARD"))
        verb = self.r.action(sub(ev, "card_cost_verb"))
        reading = self.reading(card)
        things = subs(ev, "thing")
        itself = "itself" in [str(t).lower() for t in ev.children if not isinstance(t, Tree)]
        if itself:              # "Ash Blossom discards itself": the card is what its cost moves
            things = [None] + things
        targets = len(things) > 1
        fit = self._paid_with_itself(card, verb) if itself else [
            e for e in reading.effects if e.n > 0 and any(
                f.type == "cost_action" and f.get("effect") == e.id and cost_told_as(f, verb)
                for f in reading.facts)]
        if targets:
            fit = [e for e in fit if any(f.type in ("targets", "target") and f.get("effect") == e.id
                                         for f in reading.facts) or "target" in e.text.lower()]
        purpose = sub(ev, "cost_purpose")
        if purpose is not None:     # sisterAF: "... detaches a material to negate an attack"
            fit = self._purpose_fit(reading, fit, purpose)
        if len(fit) != 1:
            self.fail(f"{'no' if not fit else 'more than one'} effect of {card} has "
                      f"{gerund(verb)} as its cost", ev)
        self.last_card = card
        info = {"targets": [self.r.thing(things[1])]} if targets else {}
        told_by = sub(ev, "actor") is not None     # sisterAF: "I detach a material from X ..."
        aid = self._activate({"card": card, "n": fit[0].n}, self._player(ev), info)
        if not told_by:
            self.unsaid_activator.add(aid)
        moved = {"card": card, "text": card, "words": [], "pronoun": False} if itself else \
            self.r.thing(things[0])
        # (LP paid is no card: "I pay half my LP to activate X")
        self.events[-1]["cost"] = [{"action": "paid-lp"}] if verb == "pay" else [
            {"action": MOVED.get(verb, verb), "what": self.entity(moved)}]
        self.told_costs[aid] = verb
        if itself and verb in ("tribute", "banish", "send", "detach"):
            self.self_gone[aid] = verb      # its own card left the field before it resolves

    def ev_cost_purpose(self, ev: Tree) -> None:
        """"I discard X to search a Y": the effect of X whose cost is that and which does that; "I
        Tribute X to Special Summon Y" is read as before (Y's procedure, or X's effect)."""
        purpose = sub(ev, "cost_purpose")
        act = sub(purpose, "act_verb")
        if act is not None and sub(act, "special_summon") is not None:
            kids = [c for c in ev.children if c is not purpose] + subs(purpose, "thing") + \
                subs(purpose, "thing_post")
            return self.ev_proc(Tree("ev_proc", kids))
        self.ev_for_cost(ev)

    # -- "I Normal Summon when it resolves", "so X is Chain Link 2", "I let ... happen" -------
    def granted_summon(self, ev: Tree, kind: str, player: str) -> None:
        """A Summon the resolving link lets its player make ("immediately after this effect
        resolves"): that link resolves, then the Summon is made."""
        if not self.acts:
            self.fail("'it' resolves, but nothing was activated", ev)
        aid = self.acts[-1][0]
        if self._act_player(aid) != player:
            self.fail("the Summon is made by the player whose effect resolves", ev)
        self.events.append({"kind": "resolve", "of": aid})
        sid = f"s{len(self.summons) + 1}"
        event = {"kind": "summon", "id": sid, "summon-kind": kind, "player": player, "by": aid}
        self.events.append(event)
        self.summons.append((sid, event))
        self.granted.add(sid)

    def ev_link(self, ev: Tree) -> None:
        ref = self.effect_ref(self.r.effect(self._effect_node(ev)))
        aid = self._find_act(ref)
        if aid is None:
            self.fail(f"{self.r.said(ev)!r}: it was not activated", ev)
        act = next(e for e in self.events if e.get("id") == aid)
        act["link"] = int(str(next(t for t in ev.children if getattr(t, "type", "") == "XNUM")))

    def ev_let(self, ev: Tree) -> None:
        """"I let my opponent's Link Summon of X happen": the Summon was made."""
        player = self.r.player(sub(ev, "poss"))
        if player not in ("you", "opponent"):
            self.fail("whose Summon?", ev)
        card = self.r.card(next(t for t in ev.children if getattr(t, "type", "") == "XCARD"))
        self._summon(self.r.summon_kind(ev) or "unsaid", player,
                     {"card": card, "text": card, "words": [], "pronoun": False}, None)

    # -- "I have exactly 4 Fairy monsters in my GY", "I control X and a monster that ..." ----
    def ev_state(self, ev: Tree) -> None:
        from .targets import described_entity, protection_said, protection_side
        player = self._player(ev)
        nodes = subs(ev, "thing")
        if len(nodes) == 1 and sub(ev, "ev_mod") is None and protection_said(self, nodes[0]):
            # "my opponent has a monster that cannot be targeted": a protected card of theirs
            self.protected = described_entity(self, nodes[0], protection_said(self, nodes[0]))
            self.protected_from = protection_side(self, nodes[0])
            self.entities[self.protected].setdefault("controller", player)
            return
        ws_all = low(ev)
        verb = next((w for w in ws_all if w in ("control", "controls", "have", "has")), "")
        if len(nodes) == 1 and verb in ("have", "has") and sub(ev, "ev_mod") is None:
            lp = re.fullmatch(r"(\d+) (?:lp|life points)", " ".join(self.r.thing(nodes[0])["words"]).lower())
            if lp is not None:              # "I have 4000 LP": the Life Points they have now
                if player not in ("you", "opponent"):
                    self.fail("whose LP?", ev)
                self.events.append({"kind": "lp", "player": player, "n": int(lp.group(1))})
                return
        info = self._mods(ev)
        nodes = subs(ev, "thing")
        if not nodes:                       # "I have only 9 cards left in my Deck"
            nodes = [Tree("thing", [c for c in ev.children if isinstance(c, Tree) and c.data in
                                    ("thing_det", "thing_noun", "thing_post")])]
        for k, node in enumerate(nodes):
            t = self.r.thing(node)
            ws = t["words"]
            if re.fullmatch(r"\d+ (?:lp|life points)", " ".join(ws).lower()):
                # (hunt 132e) "My opponent has 8000 LP and I have 500": Life Points are no cards
                # held; told with another thing, each player's LP is not read apart
                self.fail(f"{self.r.said(node)!r}: say each player's LP in a sentence of its own "
                          "('My opponent has 8000 LP. I have 500 LP.')", node)
            place = self.r.place(find(node, "place")) if find(node, "place") is not None else None
            place = place or info.get("from")
            if place is None and any(low(tp) == ["out"] for tp in subs(node, "thing_post")):
                place = "field"             # "no monsters out": on the field
            if place is None and k and "only" in ws_all:   # ", only Spells": the same place
                place = self.told_states[-1]["place"]
            if place is None and verb in ("have", "has") and ws and \
                    ws[-1] in ("monster", "monsters") and not t.get("card"):
                # sisterAF: "opp only has 1 Effect Monster", "they have 2 monsters": monsters a
                # player has, where not said, are the ones they control
                place = "field"
            if place is None and verb in ("have", "has") and \
                    {"face-up", "face-down", "set"} & set(ws):
                # (round 131) "my opponent has a face-up Continuous Spell": a card face-up or
                # Set is one on the field
                place = "field"
            if place is None:
                if verb not in ("control", "controls"):
                    self.fail("where? ('in my hand', 'in my GY')", node)
                place = "field"
            event = {"kind": "state", "player": player, "place": place}
            count = COUNTS.get(ws[0]) if ws else None
            if ws and ws[0] in ("exactly", "only") and len(ws) > 1:
                count = int(ws[1]) if ws[1].isdigit() else COUNTS.get(ws[1])
            elif ws and ws[0].isdigit():
                count = int(ws[0])
            if t.get("card"):
                event.update(what=self.entity(t, controller=player, place=place), count=1)
            else:
                other = "other" in ws
                if other:       # "no other cards in my hand": besides the card asked about
                    ws = [w for w in ws if w != "other"]
                    event["other"] = True
                what = counted_kind(ws)
                if what is None:
                    what = self.entity(t, controller=player, place=place, **_looks(ws))
                if k and "only" in ws_all and count is None:  # ", only Spells": some, nothing else
                    event.update(what=what, min=1)
                elif count is None and ws and (ws[0] in ("some", "several") or ws[0] in (
                        "cards", "monsters", "spells", "traps", "spell/traps")):
                    # (session after a2268db) "if I have cards in my GY", "I control some
                    # monsters": at least one (how many is not said)
                    event.update(what=what, min=1)
                elif count is None:
                    self.fail(f"how many? ({self.r.said(node)!r})", node)
                else:
                    event.update(what=what, count=count)
            self.events.append(event)
            self.told_states.append(event)


# words of a kind of monster card, not a Type ("a Link Monster", "2 Xyz Monsters")
_MONSTER_CARD_KINDS = frozenset(("link", "xyz", "synchro", "fusion", "ritual", "pendulum", "effect",
                                 "normal", "tuner", "token", "gemini", "spirit", "union", "flip",
                                 "toon"))


def counted_kind(ws: list[str]) -> str | None:
    """The kind of card a counted description names (``state``'s ``what``), or None when the
    description says more than a kind (then it is an entity of its own)."""
    core = [w for w in ws if w not in ("exactly", "only", "no", "a", "an", "any", "left")
            and not w.isdigit() and w not in COUNTS]
    places = {"in", "my", "your", "their", "hand", "gy", "graveyard", "deck", "field", "on",
              "the", "extra"}
    core = [w for w in core if w not in places]
    if core in (["card"], ["cards"]):
        return "card"
    if core in (["monster"], ["monsters"]):
        return "monster"
    if len(core) == 2 and core[1] in ("monster", "monsters") and core[0] not in (
            "set", "face-up", "face-down") and core[0] not in _MONSTER_CARD_KINDS:
        # "a Set monster" is a card of its own, not a Type; (hunt 95) so is "a Link Monster"
        return core[0].title() if core[0] not in ("dark", "light", "earth", "water", "fire",
                                                   "wind", "divine") else core[0].upper()
    return None




def cost_taken(st, ref: dict) -> dict[tuple[str, str], int]:
    """What the cost of the effect ``ref`` takes from its player's places, by (place, kind):
    "Banish 10 cards from the top of your Deck" → {("deck", "card"): 10}."""
    if not ref.get("card"):
        return {}
    from ..reader.select import select_effect

    reading = st.reading(ref["card"])
    eid = select_effect(reading, ref)
    out: dict[tuple[str, str], int] = {}
    for f in reading.facts:
        if f.type != "cost_action" or f.get("effect") != eid:
            continue
        quote = f.source.quote if f.source is not None else ""
        took = cards_needed(quote) or (cards_discarded(quote) if f.get("verb") == "discard" else None)
        if took is None or took.get("opponent"):
            continue
        need = int(took["count"]) if took["count"].isdigit() else COUNTS.get(took["count"].lower(), 1)
        key = (took["place"], took["kind"])
        out[key] = out.get(key, 0) + need
    return out


def unpayable_costs(st, ref: dict, player: str = "you", own_place: str | None = None) -> list[str]:
    """The cost actions of the effect ``ref`` that the told states say cannot be paid in full
    (game-rules#cost.5): the cost needs more cards of a kind from a place than the player has.
    ``own_place``: where the card asked about is activated from ("hand"); a count told of that
    place holds the card itself, which cannot pay the cost of its own activation
    (game-rules#cost.13), unless it was told of the "other" cards there."""
    if not st.told_states or not ref.get("card"):
        return []
    from ..reader.select import select_effect

    reading = st.reading(ref["card"])
    eid = select_effect(reading, ref)
    out = []
    for f in reading.facts:
        if f.type != "cost_action" or f.get("effect") != eid:
            continue
        quote = f.source.quote if f.source is not None else ""
        took = cards_needed(quote) or (cards_discarded(quote) if f.get("verb") == "discard" else None)
        if took is None:            # "Banish 10 cards from the top of your Deck"
            continue
        need = int(took["count"]) if took["count"].isdigit() else COUNTS.get(took["count"].lower(), 1)
        kind, place = took["kind"], took["place"]
        for s in st.told_states:
            if s["player"] != player or s["place"] != place or "count" not in s:
                continue
            # "no cards in my hand": no card of any kind either
            have = s["count"]
            if place == own_place and not s.get("other") and have > 0:
                have -= 1       # the card asked about is one of them
            if s["what"] == kind or s["what"] == "card" and have == 0:
                if have < need and f.get("verb") not in out:
                    out.append(f.get("verb"))
    return out


def _looks(ws: list[str]) -> dict:
    """What a described card's own words say of its face and kind ("a face-up Continuous
    Spell", "one Set card"): entity fields, only for the words that say it."""
    out: dict = {}
    if "face-up" in ws:
        out["face"] = "up"
    elif "set" in ws or "face-down" in ws:
        out["face"] = "down"
    kinds = {k for w in ws for k in (("spell",) if w in ("spell", "spells") else ("trap",) if w in
                                    ("trap", "traps") else ("monster",) if w in ("monster",
                                                                                   "monsters",
                                                                                   "token", "tokens")
                                    else ())}
    if len(kinds) == 1:
        out["kind"] = kinds.pop()
    return out


def _material_kind(thing: dict) -> dict:
    """What a material told by its words is ("two Main Deck monsters": subtype main-deck; "a Link
    Monster": link), as an entity's subtype; {} when its words say neither."""
    words = [w.lower() for w in thing.get("words") or []]
    if any(a == "main" and b == "deck" for a, b in zip(words, words[1:])):
        return {"subtype": "main-deck"}
    kinds = [k for k in ("fusion", "synchro", "xyz", "link") if k in words]
    return {"subtype": kinds[0]} if len(kinds) == 1 else {}

