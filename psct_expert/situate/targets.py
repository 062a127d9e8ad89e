"""Told targets: an effect activated targeting cards ("I target X with Y", "one of the 3 monsters I
targeted with X"), which targeted card a clause means, a target that changes before the effect
resolves (flipped, gone, protected), and the change a response implies."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING

from lark import Tree

from ..parser.transform import find, low, sub, subs
from ..reader import Reading
from ..reader.phrases import first_sentence_moves_itself, target_sides, turns_face_down_only
from .holdings import note_removed
from ..situation import link_negated
from .refs import target_places
from .words import COUNT_WORDS, moved_by_verb, norm_words, owner_in_words

if TYPE_CHECKING:
    from .told import Situate


PROTECTIONS = {"card": "card-effects", "monster": "monster-effects", "spell": "spell-effects",
               "trap": "trap-effects"}


class TargetEvents:
    """Targeting clauses of the told situation (mixed into :class:`.told.Situate`)."""

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
        a = sub(ev, "actor")
        rest = low(ev)[len(low(a)) + 1:] if a is not None else low(ev)
        rest = rest[2:] if rest[:2] == ["in", "response"] else rest
        one_of = sub(ev, "act_one") is not None or rest[:1] == ["one"]
        if len(set(targets)) != 1 and not (one_of and len(set(targets)) > 1):
            self.fail("which targeted card is activated?", ev)
        which = targets[0]
        player = self._player(ev)
        if self.entities.get(which, {}).get("controller", player) != player and \
                owner_in_words(self.entities.get(which, {}).get("desc", "").lower().split()) not in (None, player):
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
        went = sub(ev, "act_went")
        if went is not None:
            # ", a Normal Trap, which resolves and goes to the GY": it left the field
            if self.r.place(sub(went, "place")) != "gy":
                self.fail("where does it go?", went)
            self.changed[which].pop("pending", None)
            note_change(self, which, {"left": True})
            self.events.append({"kind": "move", "what": which, "action": "sent-to-gy"})
        elif sub(ev, "act_kind") is not None:
            self.fail("the activated card: say where it goes ('which resolves and goes to the GY')", ev)
        elif kind is None:
            self._stays_by_its_text(which, act)

    def _stays_by_its_text(self, which: str, act: dict) -> None:
        """A named Spell/Trap activated in response stays on the field face-up until the Chain
        has resolved (game-rules#chain.13; a Continuous one after that too), unless the first
        sentence of its text (what its activation does) moves it, Summons it or equips it: then
        where it goes stays to be told."""
        named = self._card_told(which)
        card = self.db.find(named) if named else None     # ("my Set X": an entity of that card)
        if card is None or card.kind not in ("spell", "trap") or \
                first_sentence_moves_itself(card.text):
            return
        self.changed[which].pop("pending", None)
        act["effect"] = {"generic": card.kind}

    def _card_told(self, which: str) -> str | None:
        """The card a target told is: an entity's card ("my Set X"), else the name itself."""
        return self.entities.get(which, {}).get("card") if which in self.entities else which

    def targeted_card_activated(self, event: dict, ref: dict) -> None:
        """(round 81) "They target my Set Call of the Haunted with MST; I chain Call": the targeted
        Set card, named, is activated in response and turns face-up; it stays on the field until
        the Chain has resolved (game-rules#chain.13; a Continuous one after that too), unless the
        first sentence of its text moves it: then where it goes stays to be told."""
        card = ref.get("card")
        if not card or not event.get("respond") or self.db.get(card).kind not in ("spell", "trap"):
            return
        targeted = [t for e in self.events if e.get("kind") == "activate" and e is not event
                    for t in e.get("targets") or []]
        which = [t for t in dict.fromkeys(targeted) if self._card_told(t) == card]
        if len(which) != 1 or which[0] in self.changed or any(
                f.type in ("negates", "negation_scope") for f in self.reading(card).facts):
            return          # (hunt 54) a card that negates may negate the link it answers: told
        ent = self.entities.get(which[0], {})
        ws = ent.get("desc", "").lower().split()
        # the card's activation: said so, or the effect its text activates the card with
        # ("Activate this card by targeting ...")
        activation = ref.get("select") == "activation" or any(
            f.type == "on_card_activation" and f.get("effect") == f"{card}#{ref.get('n')}"
            for f in self.reading(card).facts)
        if ent.get("face") == "up" or "face-up" in ws or not activation and \
                not (ent.get("face") == "down" or {"set", "face-down"} & set(ws)):
            return          # told face-up, or an effect of it: activating it turns nothing
        change = {"property": "face", "value": "face-up"}
        if first_sentence_moves_itself(self.db.get(card).text):
            change["pending"] = event["id"]
        note_change(self, which[0], change)

    def _kept(self, kind: Tree, node) -> None:
        pending = [(e, ch) for e, ch in self.changed.items() if ch.get("pending")]
        if not pending:
            self.fail("which activated card is it?", node)
        which, ch = pending[-1]
        aid = ch.pop("pending")
        act = next(e for e in self.events if e.get("id") == aid)
        act["effect"] = {"generic": "trap" if "trap" in low(kind) else "spell"}

    def ev_kept(self, ev: Tree) -> None:
        """"it is a Continuous Trap that stays on the field face-up": the activated target stays;
        "it goes to the GY": it resolved and left the field."""
        if sub(ev, "kept_kind") is None:
            pending = [(e, ch) for e, ch in self.changed.items() if ch.get("pending")]
            if not pending:
                self.fail("which activated card is it?", ev)
            which, ch = pending[-1]
            aid = ch.pop("pending")
            note_change(self, which, {"left": True})
            self.events.append({"kind": "move", "what": which, "action": "sent-to-gy"})
            return
        self._kept(sub(ev, "kept_kind"), ev)

    def ev_protected(self, ev: Tree) -> None:
        prot = protection_said(self, ev)
        if prot is None:
            self.fail("what is it protected from? ('cannot be targeted by card effects')", ev)
        self.protected = described_entity(self, sub(ev, "thing"), prot)
        self.protected_from = protection_side(self, ev)

    def ev_protector(self, ev: Tree) -> None:
        """"my opponent has a card that protects monsters in the GY from being targeted": those
        cards cannot be targeted (by card effects unless a kind is said)."""
        prot = sub(ev, "prot")
        self.protected = described_entity(self, sub(ev, "thing"),
                                          PROTECTIONS.get(low(prot)[-2]) if prot is not None
                                          else PROTECTIONS["card"])
        self.protected_from = protection_side(self, ev)

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
        told = [t for t in ev.children if isinstance(t, Tree) and t.data == "thing"]
        hint = [f"target:{owner_in_words(tw) or 'any'}"] + \
            ([f"count:{len(told)}"] if len(told) > 1 else [])
        # sisterGK: "Druiswurm targets a LIGHT monster in my opponent's GY": of its effects that
        # target, the one whose target is in that place (as "activate X targeting ..." chooses)
        hint += target_places([self.r.thing(t) for t in told][:1])
        ref = self.effect_ref(self.r.effect(effs[-1]), hint=hint)
        if a is None:
            owner = self.r.effect(effs[0]).get("owner")
            if owner not in ("you", "opponent") and sub(ev, "poss") is not None:
                # "... is targeted by my opponent's Effect Veiler": whose card, said before it
                owner = self.r.player(sub(ev, "poss"))
        unsaid = owner not in ("you", "opponent")
        if unsaid:
            # (hunt) "Effect Veiler targets my Stardust Dragon": nobody said who activated it;
            # when its target is "1 monster your opponent controls" and the card targeted is
            # said to be a player's, the activator is that player's opponent (and the reverse)
            owner = self._activator_by_its_target(ref, owner_in_words(tw))
            unsaid = owner is None
            owner = owner or "you"
        if ref.get("card") and not any(
                f.type == "target" and (f.get("effect") == f"{ref['card']}#{ref.get('n', 1)}"
                                        or ref.get("n") is None)
                for f in self.reading(ref["card"]).facts):
            self.fail(f"{self.r.said(effs[-1])!r} does not target", ev)
        things = [t for t in ev.children if isinstance(t, Tree) and t.data == "thing"]
        aid = self._activate(ref, owner, {**self._when(ev), **self._mods(ev),
                                          "targets": [self.r.thing(t) for t in things]})
        if unsaid:
            self.unsaid_activator.add(aid)

    def _activator_by_its_target(self, ref: dict, held_by: str | None) -> str | None:
        """Who activated a card told to target a card of ``held_by``, from whose cards its text
        targets ("1 monster your opponent controls": the other player; "1 monster you control":
        that player); None when either is not said."""
        found = self.effect_of(ref) if ref.get("card") else None
        if found is None or held_by not in ("you", "opponent"):
            return None
        effect = found[0].by_id(found[1])
        if effect is None:
            return None
        mine, theirs = target_sides(effect)
        if mine == theirs:
            return None
        return held_by if mine else {"you": "opponent", "opponent": "you"}[held_by]

    def ev_do(self, ev: Tree) -> None:
        """A response told by what it does to a targeted card: that effect is activated, and the
        card changes (flipped face-down, or gone)."""
        if self._adds_to_hand(ev):
            return self._add_with(ev)
        effs = [ch for ch in ev.children if isinstance(ch, Tree) and ch.data.startswith("eff_")]
        if effs and effs[-1].data == "eff_its" and "own" in low(effs[-1]) and \
                not self.r.thing(sub(ev, "thing")).get("card") and "for" in low(ev):
            # "by tributing their targeted monster for its own effect": the cost of that
            # monster's own effect; the card that did it is not named
            return self.ev_do_unnamed(ev)
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
        said = self.r.thing(sub(ev, "thing"))
        if not any(e.get("targets") for e in self.events if e.get("kind") == "activate") and \
                not getattr(self, "held", None) and sub(ev, "flip_verb") is None and \
                (said.get("card") or (said.get("pronoun") and not self.entities and
                                      getattr(self, "clause_card", None))):
            # "my opponent returns Chaos Sorcerer to my hand with Compulsory Evacuation Device",
            # nothing targeted before: that effect is activated and, resolving, does this move
            return self._did_with(ev, ref, player)
        respond = bool(self.acts)
        aid = self._activate(ref, player, {"respond": respond} if respond else {})
        ws = low(ev)
        act = next(e for e in self.events if e.get("id") == aid)
        said = self.r.thing(sub(ev, "thing"))
        verb = self.r.action(find(ev, "act_verb")) if find(ev, "act_verb") is not None else \
            self.r.gerund_verb(sub(ev, "gerund"))   # "I respond by banishing it with X"
        action = moved_by_verb(verb, [self.r.place(p) for p in ev.iter_subtrees_topdown()
                                      if p.data == "place"])
        if said.get("pronoun") and said.get("words") == ["it"] and action is not None and \
                sub(ev, "flip_verb") is None and self._it_answered(act, verb, ev):
            # "in response my opponent destroys it with Twin Twisters": the card of the link that
            # one answers (Twin Twisters cannot destroy the monster that link targets)
            self._step(act, action, self._answered_card(act, ev))
            return
        targeted = [t for e in self.events if e.get("kind") == "activate"
                    for t in e.get("targets", [])]
        if not targeted and getattr(self, "held", None):
            note_removed(self, sub(ev, "thing"))    # "destroys one with X": one of the held cards
            return
        if not targeted:
            self.fail("which targeted card does it change?", ev)
        thing = self.r.thing(sub(ev, "thing"))
        named = thing.get("card")
        if named and action is not None and sub(ev, "flip_verb") is None and "summoning" not in ws \
                and not any(x == named or self.entities.get(x, {}).get("card") == named
                            for x in targeted):
            # (hunt 125a) "in response they destroy Ring of Destruction with MST", "they banish
            # Sangan from my GY with D.D. Crow": the card named is what the response moves, never
            # a target; when it is the card whose effect was activated, that card left before
            # its effect resolves
            own = [a for a, r in self.acts if r.get("card") == named and a != aid]
            self._step(act, action, self.entity(thing))
            if own:
                self.self_gone[own[-1]] = verb
            return
        which = self._which_target(thing, targeted, ev)
        if sub(ev, "flip_verb") is not None:
            note_change(self, which, {"property": "face",
                                      "value": "face-down" if "face-down" in ws else "face-up"})
        elif "summoning" in ws:
            note_change(self, which, {"left": True, "to": "field"})   # Summoned: now on the field
        elif verb == "take-control":
            # (hunt 67) a target whose control changed never left the field: what that change does
            # to a target said by who controls it is not read here (never taken as a leaving)
            self.fail("the target changed control and stayed on the field: what that does to it "
                      "is not read here", ev)
        else:
            note_change(self, which, {"left": True})

    def _did_with(self, ev: Tree, ref: dict, player: str) -> None:
        """A named card moved by an effect told with it, nothing targeted before: the effect is
        activated (chained to a link still open, else a Chain of its own) and resolves doing that."""
        verb = self.r.action(find(ev, "act_verb"))
        places = [self.r.place(p) for p in ev.iter_subtrees_topdown() if p.data == "place"]
        action = moved_by_verb(verb, places)
        if action is None:
            self.fail(f"the situation model has no move for {self.r.said(ev)!r}", ev)
        found = self.effect_of(ref) if ref.get("generic") is None else None
        if ref.get("generic") is None and (found is None or not any(
                f.get("effect") == found[1] and f.get("verb") == verb and
                f.type in ("clause", "clause_verb") for f in found[0].facts)):
            # what it does as it resolves must be that effect's: "destroys X with Y" where Y
            # does not destroy (or only as its cost) is not a story this model tells ("with a
            # card effect", of no card named, does what it is told to)
            self.fail(f"{ref.get('card')} does not {verb} a card as it resolves", ev)
        t = self.r.thing(sub(ev, "thing"))
        owner = owner_in_words(t["words"])
        what = self.entity(t, **({"controller": owner} if owner else {}))
        last = next((e for e in reversed(self.events) if e.get("kind") in
                     ("activate", "resolve", "summon", "move", "phase")), None)
        open_link = last is not None and last.get("kind") == "activate"
        self.last_card = t["card"]
        from .moves import chain_told     # (moves imports this module)
        acts = chain_told(self.events)[0]
        mine = [e for e in acts if (e.get("effect") or {}).get("card") == ref.get("card") and
                e.get("player") == player and not e.get("does")]
        if mine and not any(e.get("kind") in ("resolve", "summon", "move", "phase")
                            for e in self.events[self.events.index(mine[-1]):]):
            # (hunt 131d) "my opponent activates Dark Hole and destroys my Peten with it": what a
            # link told before does as it resolves, never a second activation of it; the links
            # chained after it resolve first (game-rules#chain.3)
            at = acts.index(mine[-1])
            for later in reversed(acts[at + 1:]):
                self.events.append({"kind": "resolve", "of": later["id"]})
            self._step(mine[-1], action, what)
            self.events.append({"kind": "resolve", "of": mine[-1]["id"]})
            return
        aid = self._activate(ref, player, {"respond": True} if open_link else {})
        act = next(e for e in self.events if e.get("id") == aid)
        self._step(act, action, what)
        self.events.append({"kind": "resolve", "of": aid})

    def check_pending(self) -> None:
        settle_link_changes(self)
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

    def _own_card_changed(self, ev: Tree, change: dict) -> bool:
        """"I activate X's effect targeting their monster; they chain an effect that changes X to
        Defense Position": the card named is the one whose effect was activated, never one of its
        targets; its change is kept for the question form to read (a requirement "to activate and
        to resolve" about that card, game-rules#activation-legality.2), else the question is
        refused (:func:`refuse_unread_own_changes`)."""
        node = sub(ev, "thing")
        card = self.r.thing(node).get("card") if node is not None else None
        if card is None:
            return False
        targeted = {x for e in self.events if e.get("kind") == "activate"
                    for x in e.get("targets", [])}
        if card in targeted or any(self.entities.get(x, {}).get("card") == card for x in targeted):
            return False
        own = [aid for aid, r in self.acts if r.get("card") == card]
        if not own:
            return False
        self._player(ev)
        self.self_changed[own[-1]] = change
        return True

    def _which_targets(self, t: dict, targeted: list[str], node) -> list[str]:
        """The targeted cards a clause names: all of them ("both targets", "both of them", "all
        the targets"), else the one :meth:`_which_target` finds."""
        ws = [w for w in t["words"] if w not in ("of", "the", "my", "its", "their")]
        if ws and ws[0] in ("both", "all") and set(ws[1:]) <= {"them", "targets", "targeted",
                                                              "cards", "monsters"}:
            every = list(dict.fromkeys(targeted))
            if len(every) < 2 and ws[0] == "both":
                self.fail("'both' of what? (one card was targeted)", node)
            return every
        return [self._which_target(t, targeted, node)]

    def _which_target(self, t: dict, targeted: list[str], node) -> str:
        """Which targeted card a clause names: "one of them", "it", the only one, or the one
        whose controller it says ("my targeted card")."""
        ws = t["words"]
        one = ws[:2] in (["one", "of"], ["1", "of"]) or ws in (["one"], ["1"]) and not t.get("card")
        if one and len(set(targeted)) == 1 and \
                _PLURAL_GROUP.search(self.entities.get(targeted[0], {}).get("desc", "")):
            # (hunt 132a) "targeting my opponent's Set cards ... one of them is destroyed": one
            # card of a group told with no number is not the whole group (the others stay)
            self.fail(f"one of how many? ({self.entities[targeted[0]]['desc']!r}: say how many "
                      "were targeted, as in 'targeting 2 of ...')", node)
        if one and not self._apart(ws[2:], targeted):
            return targeted[0]
        if t["pronoun"]:
            return targeted[-1]
        said = ws + (low(node) if ws[:2] == ["the", "one"] and node is not None else [])
        places = [w for w in said if w in ("gy", "graveyard", "hand", "deck", "field", "banished")]
        if places and ws[:2] in (["the", "one"], ["the", "monster"], ["the", "card"]):
            # "the one in my GY": the one target told to be there
            fit = [x for x in dict.fromkeys(targeted) if any(
                p in self.entities.get(x, {}).get("desc", "").lower().split() for p in places)]
            if len(fit) == 1:
                return fit[0]
        if t.get("card") in targeted:
            return t["card"]
        owner = owner_in_words(ws)
        if owner is None and {"his", "her"} & set(ws) and isinstance(node, Tree) and \
                sub(node, "actor") is not None:
            # "my opponent banishes his monster": the card of the clause's player
            owner = self.r.actor(sub(node, "actor")).get("player")
            owner = owner if owner in ("you", "opponent") else None
        if len(set(targeted)) == 1 and not t.get("card") and \
                ("targeted" in ws or "target" in ws or ws[:1] in (["that"], ["the"])) and \
                owner in (None, self._controller(targeted[0]) or owner) and \
                "other" not in ws and not self._apart(ws + _post_words(node), targeted):
            # "the targeted card", "that Set card" (never "the other monster", nor a monster said
            # of a Spell/Trap target)
            return targeted[-1]
        if owner and ("targeted" in ws or "target" in ws):
            fit = [x for x in dict.fromkeys(targeted) if self._controller(x) == owner]
            if len(fit) == 1:
                return fit[0]
        if owner and not t.get("card") and len(set(targeted)) > 1:
            # "I target my card and my opponent's card ...; they return their card": the one
            # target of that controller, when it is told by the same words
            fit = [x for x in dict.fromkeys(targeted) if self._controller(x) == owner and
                   _plain(self.entities.get(x, {}).get("desc", "")) == _plain(" ".join(ws))]
            if len(fit) == 1:
                return fit[0]
        fit = described_target(self, ws, targeted, self._clause_verb(node))
        if len(fit) == 1 and not self._apart(ws + _post_words(node), targeted):
            return fit[0]                   # "my targeted FIRE monster" flipped: the one on the field
        if owner and not t.get("card") and len(set(targeted)) > 1 and ws and \
                ws[-1] in ("monster", "card", "one"):
            # sisterAF: "X targets mine + theirs; they destroy MY monster": the one target of that
            # controller, told without its noun or as a monster or card (never a Spell/Trap said
            # to be a monster)
            kinds = {"spell", "trap", "spell/trap", "set"}
            fit = [x for x in dict.fromkeys(targeted) if self._controller(x) == owner and not (
                ws[-1] == "monster" and kinds & set(_plain(self.entities.get(x, {}).get("desc", ""))))]
            if len(fit) == 1:
                return fit[0]
        # "targeting a FIRE monster I control and a FIRE monster in my GY; they banish the FIRE
        # monster I control": the one target told by the same words (its article aside)
        said = _described(ws + _post_words(node))
        whose = owner_in_words(ws + _post_words(node))
        fit = [x for x in dict.fromkeys(targeted)
               if said and _described(self.entities.get(x, {}).get("desc", "").split()) == said
               and whose in (None, self._controller(x))]
        if len(fit) == 1:
            return fit[0]
        self.fail("which of the targeted cards?", node)

    def _apart(self, ws: list[str], targeted: list[str]) -> bool:
        """Do the words say a card apart from every one targeted: a kind, Attribute or Type none
        was told to be ("one of my DARK monsters" of a target told as "a face-up card"), or on the
        field ("the Machine I control") where each target was told elsewhere?"""
        if all(_kind_apart(ws, self.entities.get(x, {})) for x in targeted):
            return True
        on_field = bool({"control", "controls", "controlled", "field"} & {w.lower() for w in ws})
        return on_field and all(told_place(self, x) not in (None, "field") for x in targeted)

    def _clause_verb(self, node) -> str | None:
        """The game verb of the clause that changes a targeted card ("flips", "returns"), if any."""
        if not isinstance(node, Tree):
            return None
        if sub(node, "flip_verb") is not None:
            return "flip"
        verb = find(node, "act_verb")
        return self.r.action(verb) if verb is not None else None

    def _controller(self, eid: str) -> str | None:
        ent = self.entities.get(eid) or {}
        return ent.get("controller") or owner_in_words(ent.get("desc", "").lower().split())

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


    def _implied_count(self, node: Tree | None) -> None:
        """"one of the 2 targets left the field": the activation told last (with no targets told)
        targeted that many cards; it must target that many."""
        if node is None:
            return
        ws = low(node)
        n = _said_target_count(ws)
        if n is None:
            return
        last = self._last_untargeted()
        if last is None:
            return
        aid, ref, _effect, counts = last
        if n == 0:
            # "one of the targets", "both targets" with no number: as many as its text targets,
            # when that is a fixed number (never "up to")
            found = self.effect_of(ref)
            fixed = found is not None and all(
                f.get("up_to") in (None, "no") for f in found[0].facts
                if f.type == "target" and f.get("effect") == found[1])
            n = sum(counts) if fixed and counts else 0
            if n < 2 or ws[0] == "both" and n != 2:
                return
        if sum(counts) != n:
            self.fail(f"{ref.get('card')} does not target {n} cards", node)
        self._targets_of(aid, {"words": [str(n)], "text": "its targets", "card": None,
                               "pronoun": False})
        if self.events[-1] == {"kind": "resolve"}:
            # "I resolve X but one of its targets left the field in response": it left first
            self.events.pop()
            self.resolve_after = True

    def _last_untargeted(self) -> tuple[str, dict, object, list[int]] | None:
        """The activation told last, when no activation told has its targets: (its id, its
        reference, the effect's reading, how many cards each of its "target" phrases takes), or
        None (nothing activated, a target already told, or no effect found)."""
        if not self.acts or any(e.get("targets") for e in self.events if e.get("kind") == "activate"):
            return None
        aid, ref = self.acts[-1]
        found = self.effect_of(ref)
        if found is None:
            return None
        reading, eid = found
        counts = [int(f.get("count") or 1) for f in reading.facts
                  if f.type == "target" and f.get("effect") == eid]
        return aid, ref, reading.by_id(eid), counts

    def _targets_of(self, aid: str, thing: dict) -> None:
        """The activation ``aid`` targeted ``thing`` (supposed from what the story says later)."""
        act = next(e for e in self.events if e.get("id") == aid)
        act["targets"] = self.entities_of(thing)

    def _implied_target(self, t: dict, ev: Tree) -> None:
        """"I activate Soul Taker, their monster gets banished in response": the activation told
        last, with no target told, of an effect that targets exactly 1 card, targeted the card a
        response then moves, when the words said of it fit what the effect targets (whose side
        too); else nothing is supposed (and the move is placed, or refused, as before)."""
        from ..reader.phrases import target_phrase, target_sides
        from .words import thing_words, words_fit

        if "response" not in low(ev) or t.get("pronoun"):
            return
        ws = t.get("words") or []
        if not ws or ws[0] in COUNT_WORDS or ws[0].isdigit() or ws[:2] == ["one", "of"]:
            return
        last = self._last_untargeted()
        if last is None:
            return
        aid, _ref, effect, counts = last
        if effect is None or counts != [1]:
            return
        text = t.get("text") or " ".join(ws)
        said = [w for w in thing_words(text) if w not in ("opponent", "you", "opp")]
        if t.get("card"):
            said = [w for w in thing_words(self.db.get(t["card"]).kind) if w != "card"]
        if not said or not words_fit(said, target_phrase(effect)):
            return
        mine, theirs = target_sides(effect)
        player = self._act_player(aid)
        owner = owner_in_words(ws)
        if owner is not None and not ({"you": mine, "opponent": theirs}.get(
                owner if player == "you" else {"you": "opponent", "opponent": "you"}.get(owner))):
            return
        self._targets_of(aid, t)


def note_change(st: Situate, entity: str, change: dict, by: str | None = None) -> None:
    """A targeted card changed before the question's effect resolved (``by``: the told link whose
    resolution made that change, when a link did)."""
    st.changed[entity] = {**change, "by": by} if by else change


def _negated(st: Situate, aid: str) -> bool:
    """A link told negated (its activation or its effect) by a link that was not negated itself."""
    return link_negated(st.events, aid)


def settle_link_changes(st: Situate) -> None:
    """A target's change made by a link of the Chain happens only if that link resolves with its
    effect: a link told negated (game-rules#resolution.6-7) changed nothing, so the target is as it
    was; a link answered by a later link whose card negates, with what that later link did not told,
    may have been negated: refused (say it)."""
    for entity, ch in list(st.changed.items()):
        by = ch.get("by")
        if not by:
            continue
        if _negated(st, by):
            del st.changed[entity]
            continue
        card = untold_negator(st, {by})
        if card:
            st.fail(f"{card} was chained to the link that changed the target: say what it did "
                    f"('... to negate it', or what it did instead)")
    for e in st.events:
        # (hunt 115) "they activate a Trap Card that destroys my X. I chain Seven Tools.": what a
        # link was told to do happens only if it resolves with its effect; a negating card chained
        # to it, what it did not told, may have stopped it
        if e.get("kind") == "activate" and e.get("does") and not _negated(st, e.get("id")):
            card = untold_negator(st, {e.get("id")})
            if card:
                st.fail(f"{card} was chained to the link told to have "
                        f"{e['does'][0].get('action', 'moved')} a card: say what it did ('... to "
                        "negate it', or what it did instead)")


def refuse_untold_negation(st: Situate, aid: str, node=None) -> None:
    """"I activate X. They chain Dark Bribe. The Chain resolves.": a link that negates answered
    ``aid`` and what it did is not told; a negated activation may not count against a limit, so
    the question is refused, saying what to tell."""
    card = untold_negator(st, {aid})
    if card:
        st.fail(f"{card} was chained to it: say what it did ('... to negate its activation', "
                f"or that it was negated itself)", node)


def untold_negator(st: Situate, links: set[str]) -> str | None:
    """The card of a link chained to one of ``links`` whose card negates while what it did is not
    told (it may have negated that link): None when there is none."""
    for e in st.events:
        if e.get("kind") != "activate" or e.get("respond") not in links or e.get("does") or \
                any(n.get("kind") == "negate" and e.get("id") == n.get("by") for n in st.events) \
                or _negated(st, e.get("id")):
            continue        # what it did is told, or it was negated itself (by a link that was
            # not negated in turn)
        card = (e.get("effect") or {}).get("card")
        if card and any(f.type in ("negates", "negation_scope") for f in st.reading(card).facts):
            return card
    return None


def protection_said(st: Situate, thing_node: Tree) -> str | None:
    """"that cannot be targeted by card effects" (or a quote saying so) → card-effects."""
    for rel in thing_node.iter_subtrees_topdown():
        if rel.data == "prot":
            return PROTECTIONS.get(low(rel)[-2])
        if rel.data in ("thing_rel", "prot_clause", "ev_protected") and \
                low(rel)[-2:] == ["be", "targeted"] and sub(rel, "prot") is None:
            return PROTECTIONS["card"]    # "that cannot be targeted": by anything, card effects too
        if rel.data in ("thing_rel", "prot_clause", "ev_protected"):
            q = [t for t in rel.children if getattr(t, "type", "") == "XQUOTE"]
            if q:
                m = re.search(r"cannot be targeted by (card|monster|spell|trap) effects",
                              st.r.quotes[int(q[0])], re.I)
                if m:
                    return PROTECTIONS[m.group(1).lower()]
    return None


def protection_side(st: Situate, node: Tree) -> str | None:
    """"cannot be targeted by my card effects": the player whose effects it is protected from
    (None when the protection says no player)."""
    for rel in node.iter_subtrees_topdown():
        if rel.data == "prot" and sub(rel, "poss") is not None:
            who = st.r.player(sub(rel, "poss"))
            if who not in ("you", "opponent"):
                st.fail(f"whose effects? ({st.r.said(rel)!r})", rel)
            return who
    return None


def described_entity(st: Situate, thing_node: Tree, protection: str | None, strict: bool = False,
                     text: str = "") -> str:
    """The entity a description with a protection names ("a monster that cannot be targeted by
    Trap effects"); ``strict``: a question of what an effect can target or affect, where any word
    beyond whose card it is and its kind (a place, a face, "all") is refused, never dropped, but a
    word the asked card's ``text`` says ("a Machine monster" for a text that names Machine)."""
    t = st.r.thing(thing_node)
    ws = list(t["words"])
    for prot in thing_node.iter_subtrees_topdown():
        if prot.data == "prot":         # "... by my card effects": whose effects, not whose card
            for w in low(prot):
                if w in ws:
                    ws.remove(w)
    ent: dict = {"desc": t["text"]}
    if t.get("card"):
        ent["card"] = t["card"]
    owner = "opponent" if ("opponent" in ws or "opponent's" in ws or "their" in ws) else \
        "you" if ("my" in ws or "i" in ws) else None
    if owner:
        ent["controller"] = owner
    # the kind is said before a relative clause ("a monster that cannot be targeted by Trap
    # effects" is a monster: "Trap" names the protection, not the card)
    lead = [w.lower() for w in ws]
    for i, w in enumerate(lead):
        if w in ("that", "which", "who", "whose"):
            lead = lead[:i]
            break
    for kind in ("spell", "trap", "monster"):
        if kind in lead or kind + "s" in lead:
            ent["kind"] = kind
            break
    if strict and not t.get("card"):
        # (hunt) "a monster in the GY that cannot be targeted ...", "a face-down monster ...",
        # "all monsters ...": only whose card it is and its kind are placed here; any other word
        # is refused, never dropped
        said = {"a", "an", "the", "1", "one", "my", "your", "their", "his", "her", "opponent",
                "opponent's", "'s", "monster", "monsters", "spell", "spells", "trap", "traps", "card",
                "cards", "face-up", "i", "you", "control", "controls", "controlled", "set",
                "face-down"}
        if {"set", "face-down"} & set(lead):
            if ent.get("kind") == "monster":
                # (a face-down monster's kind and effects are not known: not placed here)
                st.fail("a face-down monster that cannot be targeted: the question language "
                        "places a face-down card here only as a Set card", thing_node)
            ent["face"] = "down"
        elif "face-up" in lead:
            ent["face"] = "up"
        said_by_text = set(re.findall(r"[\w']+", text.lower())) - {
            "gy", "graveyard", "hand", "deck", "field", "extra", "banished", "all", "each", "every",
            "in", "from", "on", "face-down", "set", "token", "tokens"}
        left = [w for w in lead if w not in said and w not in said_by_text]
        if left:
            st.fail(f"{' '.join(left)!r}: the question language places only whose card it is and "
                    "its kind before what it cannot be targeted by", thing_node)
    if protection:
        ent["cannot-be-targeted"] = protection
    eid = f"m{len(st.entities) + 1}"
    st.entities[eid] = ent
    return eid


def implied_response_changes(st: Situate) -> None:
    """"I target X with Y and they chain Book of Moon": a response told with neither a target nor a
    purpose, whose card has one effect that targets exactly 1 card and only changes "that target"
    to face-down, may have flipped the one card the link it answers targets, when that card as
    told meets every condition of its target (a face-up monster for "1 face-up monster on the
    field").  The words do not say it did, so the target's face "may be face-down" when the effect
    resolves (value ``face-down-or-unchanged``): only rules that hold either way can answer."""
    for ev in st.events:
        if ev.get("kind") != "activate" or not ev.get("respond") \
                or ev.get("does") or not ev["effect"].get("card"):
            continue
        to = next((e for e in st.events if e.get("id") == ev["respond"]), None)
        targets = list(dict.fromkeys(to.get("targets") or [])) if to else []
        told = list(dict.fromkeys(ev.get("targets") or []))
        if len(told) == 1 and len(targets) > 1 and told[0] in targets:
            # "I target my GY card and their card with X; they chain D.D. Crow on my GY card":
            # the one target that response was told to target
            targets = told
        if len(targets) != 1 or targets[0] in st.changed:
            continue
        if ev.get("targets") and set(ev["targets"]) != set(targets):
            continue
        change = targeting_change(st.reading(ev["effect"]["card"]), st.entities.get(targets[0], {}),
                                   told_target=bool(ev.get("targets")))
        if change is not None and ev.get("targets") and "value" in change:
            # "they chain Book of Moon on it": told to target that card, it is face-down when
            # the link it answers resolves
            change = {**change, "value": "face-down"}
        if change is not None:
            note_change(st, targets[0], change, by=ev["id"])


def targeting_change(reading: Reading, ent: dict, told_target: bool = False) -> dict | None:
    effects = [e for e in reading.effects if e.n > 0]
    if len(effects) != 1:
        return None
    eid = effects[0].id
    facts = [f for f in reading.facts if f.get("effect") == eid]
    tg = [f for f in facts if f.type == "target"]
    clauses = [f for f in facts if f.type == "clause"]
    if told_target and len(tg) == 1 and tg[0].get("count") == 1 and clauses and \
            clauses[0].get("n") == 1 and clauses[0].get("verb") in ("banish", "destroy", "return",
                                                                    "shuffle", "send") and \
            any(f.type == "reference" and f.get("n") == 1 and f.get("slot") == 1 and
                f.get("kind") in ("that-target", "pronoun") for f in facts):
        # "they chain Called by the Grave targeting that monster": told to target that card, its
        # first part moves it away before the link it answers resolves
        return {"left": True}
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
    if not conds or not (told_target or all(told.get(c) for c in conds)):
        return None       # (told to target that card, it met every condition: it was a legal target)
    if clauses[0].get("verb") == "change" and turns_face_down_only(effects[0].text):
        return {"property": "face", "value": "face-down-or-unchanged"}
    return None


_MONSTER_WORDS = frozenset(("monster", "monsters"))
_SPELL_TRAP_WORDS = frozenset(("spell", "trap", "spell/trap", "spells", "traps", "s/t"))


def _post_words(node) -> list[str]:
    """The words said after a thing in its clause ("the Machine I control": "i", "control")."""
    post = sub(node, "thing_post") if isinstance(node, Tree) else None
    return low(post) if post is not None else []


def _kind_apart(ws: list[str], entity: dict) -> bool:
    """Do the words say a kind of card ("monster", "Spell", "Trap") the entity told is not, or an
    Attribute or Type it was not told to have ("that Psychic monster" of a target told as "their
    card": another card, or one the asker knows more of than was told)?"""
    said = set(_plain(entity.get("desc", ""))) | {str(entity.get("kind") or "")}
    monster, spelltrap = bool(_MONSTER_WORDS & set(ws)), bool(_SPELL_TRAP_WORDS & set(ws))
    told_monster, told_spelltrap = bool(_MONSTER_WORDS & said), bool(_SPELL_TRAP_WORDS & said)
    return monster and told_spelltrap and not told_monster or \
        spelltrap and told_monster and not told_spelltrap or \
        bool(_properties(ws) - _properties(list(said)))


def _properties(ws: list[str]) -> set[str]:
    """The Attributes and Types (each word of a Type, "-Type" taken off) the words say."""
    known = _property_words()
    return {w for w in (x.lower().removesuffix("-type") for x in ws) if w in known}


@lru_cache(maxsize=1)
def _property_words() -> frozenset[str]:
    """The words of the game's Attributes and Types, lower case (built once)."""
    from ..gamewords import gamewords

    g = gamewords()
    return frozenset({a.lower() for a in g.attributes} |
                     {w.lower() for t in g.types for w in t.split()})


# words that say which targeted card is meant without describing the card itself
_POINTING = {"a", "an", "the", "that", "this", "those", "these", "same", "my", "your", "their",
             "his", "her", "opponent's", "opponent", "own", "targeted", "target", "one", "other",
             "still", "now", "already", "i", "control", "controls", "in", "on", "from", "to", "of",
             "card", "cards", "field", "gy", "graveyard", "hand", "deck", "banished", "zone",
             "face-up", "face-down", "set", "1", "it"}
_PLACES = {"gy": "gy", "graveyard": "gy", "field": "field", "hand": "hand", "banished": "banished"}
# a told change that only a card on the field can undergo ("flips it face-down", "returns it to
# the hand" said of a targeted card: a card in the GY is not flipped, nor returned to the hand
# from there by these words)
_FIELD_VERBS = {"flip", "change"}


# a group of cards told with no number ("my opponent's Set cards", "my monsters in the GY"); never
# one of a group told with its number ("... (1 of 2)")
_PLURAL_GROUP = re.compile(r"^(?!.*\(\d+ of \d+\)).*\b(?:cards|monsters|spells|traps|spells/traps|"
                           r"targets|tokens|backrow)\b", re.IGNORECASE)


def told_place(st: Situate, t: str) -> str | None:
    """Where a targeted card was told to be when it was targeted (field, gy, hand, banished)."""
    ent = st.entities.get(t, {})
    ws = set(ent.get("desc", "").lower().split())
    if ent.get("place"):
        return ent["place"]
    if ws & {"gy", "graveyard"}:
        return "gy"
    if ws & {"hand"}:
        return "hand"
    if ws & {"banished"}:
        return "banished"
    if ws & {"control", "controls", "field", "face-up", "face-down", "set"}:
        return "field"
    return None


def described_target(st: Situate, ws: list[str], targeted: list[str],
                     verb: str | None = None) -> list[str]:
    """Which of the targeted cards fit words that describe one of them ("my targeted FIRE monster",
    "the one in my GY", "the Continuous Spell", "my face-down monster"): each word that describes a
    card must be a word of the target as told (Types, Attributes, kinds), a place said must be where
    it was told to be, "face-down" must be what it became, an owner said must be its controller, and
    a verb only a card on the field undergoes (flipped face-down) leaves out a target told elsewhere.
    Every target that fits, once each."""
    said = [w.lower().strip(".,?!") for w in ws]
    cut = next((i for i, w in enumerate(said) if i and w in ("to", "into")), len(said))
    said = said[:cut]                   # "their monster to the hand": where it goes is not where it is
    cands = list(dict.fromkeys(targeted))
    if not said or not cands:
        return []
    words = [w for w in norm_words([w for w in said if w not in _POINTING]) if w not in _POINTING]
    if words:
        cands = [t for t in cands if set(words) <= set(norm_words(
            st.entities.get(t, {}).get("desc", "").lower().replace("/", " ").split()))]
    owner = owner_in_words(said)
    if owner:
        cands = [t for t in cands if st._controller(t) in (None, owner)]
    places = [_PLACES[w] for w in said if w in _PLACES]
    if places:
        cands = [t for t in cands if told_place(st, t) == places[-1] or
                 st.changed.get(t, {}).get("to") == places[-1]]
    elif {"face-up", "face-down", "set"} & set(said):
        # "my face-up monster", "their Set card": a card on the field, never one told in the GY,
        # the hand or the banishment
        cands = [t for t in cands if told_place(st, t) not in ("gy", "hand", "banished")]
    if verb in _FIELD_VERBS or "face-down" in said and verb is None:
        on_field = [t for t in cands if told_place(st, t) == "field"]
        if verb is None:     # "my face-down monster": the one told to turn face-down, else the field one
            down = [t for t in cands if st.changed.get(t, {}).get("value", "").startswith("face-down")]
            on_field = down or on_field
        cands = on_field
    return cands


def _described(words: list[str]) -> list[str]:
    """A thing's words without its article or its count of one ("the FIRE monster I control", "a
    FIRE monster I control", "1 FIRE monster I control": the same words)."""
    out = [w for w in (w.lower() for w in words) if w not in ("the", "a", "an", "1", "one", "that")]
    # who controls it, said by any player's words ("they control", "Player A controls", "I
    # control"): the controller is checked apart, by :func:`owner_in_words`
    out = [("control" if w == "controls" else w) for w in out if w not in (
        "they", "i", "we", "he", "she", "player", "b", "my", "their", "his", "her", "your",
        "opponent's", "opponent", "own")]
    return out[1:] if out[:1] == ["a"] else out


def _plain(text: str) -> list[str]:
    """The words of a card's description without its possessive ("my card", "their card" →
    ["card"]), to match a target told twice by different players' words."""
    return [w for w in text.lower().split() if w not in
            ("my", "your", "their", "his", "her", "opponent's", "own", "the", "a", "an")]


def links_resolved_before(st: Situate, act: dict) -> list[dict]:
    """The links chained after the activation ``act`` (to it, or to a link chained to it), which
    resolve before it (game-rules#chain.3), that had one of its targets as their own told target
    (``via``: target) or that are that target's own effect (``via``: self): for each, the target,
    the link's effect, whether that link was negated, and whether the same player activated both.
    A target told to change in the Chain is left out (what it is then is told otherwise)."""
    if act.get("id") is None or act not in st.events:
        return []
    chain = {act["id"]}
    out = []
    for ev in st.events[st.events.index(act) + 1:]:
        if ev.get("kind") == "resolve" and ev.get("of") in (None, act["id"]):
            break                   # the Chain resolved: what follows is not chained to it
        if ev.get("kind") != "activate" or ev.get("respond") not in chain:
            continue
        chain.add(ev["id"])
        found = st.effect_of(ev.get("effect") or {})
        if found is None:
            continue
        reading, eid = found
        if eid.endswith("#0"):      # a Spell/Trap Card's activation applies its first effect
            eid = next((f.get("effect") for f in reading.facts if f.type == "on_card_activation"),
                       eid)
        # negated: told so; unknown when a link answers it and what that link did is not told
        negated = "yes" if any(e.get("kind") == "negate" and e.get("of") == ev["id"]
                               for e in st.events) else \
            "unknown" if any(e.get("kind") == "activate" and e.get("respond") == ev["id"]
                             for e in st.events) else "no"
        players = "unknown" if not ev.get("player") or not act.get("player") else \
            "same" if ev["player"] == act["player"] else "different"
        for t in dict.fromkeys(act.get("targets") or []):
            if t in st.changed:
                continue
            how = "target" if t in (ev.get("targets") or []) else \
                "self" if t == ev["effect"].get("card") else None
            if how is not None:
                out.append({"target": t, "effect": eid, "card": reading.card.name, "via": how,
                            "players": players,
                            "negated": negated})
    return out


# "one of the targets", "one of its 2 targets", "both targets", "both of the targeted monsters",
# "all the targets": a group of an activation's targets said by the word "target"
_TARGET_WORDS = ("targets", "targeted")


def _said_target_count(ws: list[str]) -> int | None:
    """How many targets the words say the activation has: the number said ("one of the 2
    targets": 2; "both targets": 2), 0 when they say "the targets" with no number ("one of the
    targets", "all of its targets"), None when the words are no such group."""
    if not ws or ws[-1] not in _TARGET_WORDS and ws[-2:-1] != ["targeted"]:
        return None
    head = ws[:-1] if ws[-1] in _TARGET_WORDS else ws[:-2]
    if head[:2] in (["one", "of"], ["all", "of"], ["both", "of"]):
        lead, rest = head[0], head[2:]
    elif head[:1] in (["both"], ["all"]):
        lead, rest = head[0], head[1:]
    else:
        return None
    if rest == ["both"] and lead == "one":
        return 2                             # "one of both targets"
    if rest[:1] in (["the"], ["its"]):
        rest = rest[1:]
    elif lead == "one" or rest:
        return None
    if not rest:
        return 2 if lead == "both" else 0
    if len(rest) == 1:
        n = int(rest[0]) if rest[0].isdigit() else COUNT_WORDS.get(rest[0])
        if n and n >= 2 and (lead != "both" or n == 2):
            return n
    return None


# the own-card requirements "to activate and to resolve" a change of that card breaks
# (psct_expert/reader/grammar.yaml resolve_conditions)
_OWN_REQUIREMENT_BROKEN = {
    "self-face-up": lambda ch: ch["value"] == "face-down",
    "self-face-up-attack": lambda ch: ch["value"] in ("face-down", "defense"),
}


def own_change_suppose(st: Situate, ref: dict, reading: Reading, eid: str, node=None) -> list[dict]:
    """What the story told of the card of the asked effect itself before it resolved (turned
    face-down, changed to Defense Position): a requirement of its own card "to activate and to
    resolve" it breaks (game-rules#activation-legality.2, resolution.3) is supposed unmet; any
    other change of that card is refused (what it does to the effect is not read)."""
    told = [(aid, st.self_changed[aid]) for aid, r in st.acts
            if r.get("card") == ref.get("card") and aid in st.self_changed]
    if not told:
        return []
    aid, ch = told[-1]
    st.self_changed_read.add(aid)
    needs = {f.get("requirement") for f in reading.facts
             if f.type == "resolve_condition" and f.get("effect") == eid}
    if any(test(c) for need, test in _OWN_REQUIREMENT_BROKEN.items() if need in needs
           for c in (ch, *ch.get("also", ()))):
        return [{"requirement_unmet": {}}]
    st.fail(f"what {ref.get('card')} turned {ch['value']} before its effect resolved does to "
            "that effect is not read", node)
    return []


def refuse_unread_own_changes(st: Situate) -> None:
    """A change told of the card whose effect was activated (not one of its targets) that the
    question form did not read is refused, never dropped."""
    unread = [aid for aid in st.self_changed if aid not in st.self_changed_read]
    if unread:
        card = dict(st.acts).get(unread[0], {}).get("card")
        st.fail(f"this question form does not read what happened to {card} itself before its "
                "effect resolved")
