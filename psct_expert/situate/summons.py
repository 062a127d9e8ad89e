"""Told Summons: a player's Summon ("I Link Summon X"), a Summon made by the resolving link ("X
resolves and Special Summons a monster", "... Special Summons itself"), and whose field the
Summoned monster goes to."""

from __future__ import annotations

import re

from typing import TYPE_CHECKING

from lark import Token, Tree

from ..errors import QuestionError
from ..parser.transform import find, low, sub, subs
from ..reader.phrases import activated_from_hand, special_summons_itself, summons_to_opponents_field
from ..reader.select import select_effect
from .refs import effect_does_action
from .words import COUNT_WORDS, card_ir, owner_in_words

if TYPE_CHECKING:
    from .told import Situate


# (hunt 75) a part that only lets the player Summon, later and by the rules ("you can conduct 1
# additional Normal Summon", "Normal Summon 1 monster in addition to your Normal Summon/Set")
_ONLY_LETS = re.compile(r"(?i)\b(?:conduct|in addition to|additional)\b")


# a part that Summons the card it targeted ("Special Summon it", "Special Summon that target")
_SUMMONS_ITS_TARGET = re.compile(r"(?i)\bsummon (?:it|that target|that monster|the target|them|those targets)\b")


class SummonEvents:
    """Summon clauses of the told situation (mixed into :class:`.told.Situate`)."""

    def _summoning_link(self) -> str:
        """The link a Summon told with the Chain's resolution was made by: the one told resolving;
        with none told ("The chain resolves and X is Special Summoned"), the one open link whose
        effect Special Summons (hunt 37: not the last link, whatever it does); else the last."""
        told = getattr(self, "told_resolving", None)
        if told is None or not any(a == told for a, _r in self.acts):
            summoning = []
            for aid, ref in self.acts:
                found = self.effect_of(ref) if ref.get("card") else None
                if found is not None and effect_does_action(found[0].facts, found[1], "special-summon"):
                    summoning.append(aid)
            if len(summoning) == 1:
                return summoning[0]
        return self.resolving_act()

    def _summoned_by(self, act: dict, ev: Tree, t: dict, place: str | None = None,
                     then: bool = False) -> None:
        """The monster told Summoned is a step of what ``act`` does (a Special Summon by its
        effect, or the kind told), from ``place`` when said, after its earlier steps when
        ``then``."""
        kind = self.r.summon_kind(ev) or "special"
        sid = f"s{len(self.summons) + 1}"
        step = {"action": "summoned", "id": sid, "what": self.entity(t, kind="monster"),
                "summon-kind": "by-effect" if kind == "special" else kind}
        if place:
            step["from"] = place
        if then:
            step["then"] = True
        act.setdefault("does", []).append(step)
        self.summons.append((sid, {"summon-kind": step["summon-kind"], "by": act["id"]}))

    def _summoned_after_a_then(self, act: dict) -> bool:
        """Is the activated effect's Special Summon a part joined to the one before it by "then"
        (or "after that"), so done after it?"""
        found = self.effect_of(act.get("effect") or {})
        if found is None:
            return False
        reading, eid = found
        summoning = {f.get("n") for f in reading.facts if f.type in ("clause", "clause_verb")
                     and f.get("effect") == eid and f.get("verb") == "special-summon"}
        return any(f.type == "link" and f.get("effect") == eid and f.get("right") in summoning
                   and f.get("kind") in ("then", "then-can", "after-that", "also-after-that")
                   for f in reading.facts)

    def _fits_its_summon(self, act: dict, t: dict, place: str | None) -> bool:
        """Does a monster told Summoned ("a FIRE monster ... from my GY", "Red Resonator") fit
        what the activated effect's text says of the monster it Summons: the place said, and an
        Attribute the text names (the monster's own, when it is named)?  (hunt 119: a WATER
        monster from the hand is not Circle of the Fire Kings' Summon.)"""
        from ..gamewords import gamewords

        found = self.effect_of(act.get("effect") or {})
        if found is None:
            return False
        reading, eid = found
        whole = " ".join(e.text for e in reading.all_effects() if e.id == eid).lower()
        # what the text says of the monster it Summons: its targets (before the ";") and the part
        # that Summons (hunt 121: "destroy 1 WATER monster ..., and if you do, Special Summon that
        # target" says WATER of the monster it destroys)
        pre, _, post = whole.rpartition(";") if ";" in whole else ("", "", whole)
        text = " ".join([pre] + [p for p in re.split(r",\s*(?:and if you do|then|also)\b,?|[.]\s", post)
                                 if "summon" in p])
        said = (t.get("text") or "").lower()
        if "opponent" in said and "opponent" not in text:
            return False
        if place is not None and {"gy": "gy", "hand": "hand", "deck": "deck",
                                  "extra-deck": "extra deck"}.get(place, place) not in \
                text.replace("graveyard", "gy"):
            return False
        named = {a.lower() for a in gamewords().attributes} & set(re.findall(r"[a-z]+", text))
        if not named:
            return True
        if t.get("card"):
            card = self.db.get(t["card"])
            return card.kind == "monster" and str(card.attribute or "").lower() in named
        told = {a.lower() for a in gamewords().attributes} & set(re.findall(r"[a-z]+", said))
        return not told or bool(told & named)

    def _a_link_summons(self, kind: str, monster: str | None = None) -> bool:
        """Does a link told make a Summon of that kind when it resolves: a part of its effect (of
        a bullet of it) that Special Summons (of any kind its text may make: "Special Summon 1 ...
        from your Extra Deck"), or "Normal Summon", "Synchro Summon" ... written as what it does,
        or "treated as a ... Summon" in its own words?  (hunt 75) Not a part that only lets the
        player Summon ("you can conduct 1 additional Normal Summon", "... in addition to your
        Normal Summon/Set"), not words of another effect of the card ("Each time you Synchro
        Summon ..."), and not a part that Summons a Level the ``monster`` named is not."""
        return any(self._link_summons(ref, kind, monster, aid) for aid, ref in self.acts)

    def _link_summons(self, ref: dict, kind: str, monster: str | None = None,
                      aid: str | None = None) -> bool:
        """:meth:`_a_link_summons` of one link (its effect ``ref``; ``aid``: its activation, whose
        targets told say which monster a part that Summons "it" Summons)."""
        if not ref.get("card"):
            return True     # a link of no card named: what it does is not read, it may
        found = self.effect_of(ref)
        if found is None:
            return False
        facts, eid = found[0].facts, found[1]
        ids = {eid} | {f.get("bullet") for f in facts if f.type == "bullet" and f.get("effect") == eid}
        verbs = {f"{kind}-summon"} if kind not in ("special", "by-effect", "procedure", "unsaid") \
            else None
        for f in facts:
            if f.get("effect") not in ids or f.type not in ("clause", "clause_verb"):
                continue
            verb = str(f.get("verb") or "")
            quote = getattr(f.source, "quote", "") or ""
            if not verb.endswith("-summon") or verbs is not None and verb not in verbs and \
                    not re.search(rf"(?i)\btreated as an? {re.escape(kind)} summon", quote):
                continue
            if not _ONLY_LETS.search(quote) and self._summoned_fits(monster, quote) and \
                    not self._another_target(aid, monster, quote):
                return True
        return False

    def _another_target(self, aid: str | None, monster: str | None, quote: str) -> bool:
        """(hunt 77) Does a part that Summons its target ("Special Summon it", "that target")
        Summon another monster than ``monster``: the activation ``aid`` told its targets, each a
        card named, none of them that monster?"""
        if not aid or not monster or not _SUMMONS_ITS_TARGET.search(quote):
            return False
        act = next((e for e in self.events if e.get("id") == aid), {})
        named = [self.entities.get(t, {}).get("card") if isinstance(t, str) and t in self.entities
                 else t for t in act.get("targets") or []]
        return bool(named) and all(isinstance(n, str) and n for n in named) and monster not in named

    def _summoned_fits(self, monster: str | None, quote: str) -> bool:
        """Can the monster named be what a part Summons: no exact Level said, or its own Level
        ("Special Summon 1 Level 1 monster" never Summons a Level 5)?"""
        if not monster:
            return True
        card = self.db.find(monster)
        level = getattr(card, "level", None) if card is not None else None
        said = re.search(r"(?i)\bLevel (\d+)\b(?! or (?:lower|higher|more|less))(?!\+)", quote)
        return said is None or level is None or int(said.group(1)) == int(level)

    def _implied_summoning_effect(self, ev: Tree) -> None:
        """The effect of the monster the clause before was about (``last_card``, with whose card
        it is told) that Special Summons, activated by its player: one such effect only, and
        nothing activated before; else nothing (the caller asks who Summons)."""
        card = getattr(self, "last_card", None)
        player = self.card_owner.get(card) if card else None
        if not card or player not in ("you", "opponent") or self.db.get(card).kind != "monster":
            return
        reading = self.reading(card)
        summoning = [e for e in reading.effects if e.n and effect_does_action(
            reading.facts, e.id, "special-summon")]
        if len(summoning) != 1:
            return
        ref = self.effect_ref(card_ir(card, f"{card}'s effect"), hint=["special-summon"])
        self._activate(ref, player, {})

    def ev_summon(self, ev: Tree) -> None:
        told_by = None
        if sub(ev, "actor") is None and sub(ev, "own_way") is not None:
            # "My opponent controls no monsters and Special Summons X ... with its own condition":
            # the subject left out after "and" is the player of the clause before
            told_by = self.events[-1].get("player") if self.events else None
            if told_by not in ("you", "opponent"):
                self.fail("who Summons it? ('my opponent Special Summons X ...')", ev)
        if sub(ev, "actor") is None and told_by is None and not self.acts and self.events and \
                self.events[-1].get("kind") in ("state", "summon") and \
                self.events[-1].get("player") in ("you", "opponent"):
            # sisterAF: "I control no monsters and Special Summon X from my hand": nothing activated
            # to Summon it, so the subject left out after "and" is the player of the clause before
            told_by = self.events[-1]["player"]
        by_link = sub(ev, "actor") is None and told_by is None
        if not by_link and told_by is None and self._resolving_summons(ev):
            by_link = True  # "Monster Reborn resolves and my opponent Special Summons X": by it
        if by_link and not self.acts and sub(ev, "actor") is None:
            # (round 77) "Their Mystic Tomato is destroyed by battle and summons a monster from the
            # Deck": the monster told before, the subject left out, Summons by its effect
            self._implied_summoning_effect(ev)
        if by_link:
            # "X resolves and Ritual Summons a monster": the resolving effect Summons
            if not self.acts:
                self.fail("who Summons?", ev)
            kind = self.r.summon_kind(ev) or "special"
            thing = sub(ev, "thing")
            what = self.entity(self.r.thing(thing), kind="monster")
            sid = f"s{len(self.summons) + 1}"
            step = {"action": "summoned", "id": sid, "what": what,
                    "summon-kind": kind if kind not in ("special",) else "by-effect"}
            # "... Special Summons a Level 1 monster from their hand": where it comes from
            post = [t for t in thing.children if isinstance(t, Tree) and t.data == "thing_post"] \
                if thing is not None else []
            place = next((self.r.place(t) for t in post if low(t)[:1] == ["from"]
                          and self.r.place(t) is not None), None) or self._mods(ev).get("from")
            if place:
                step["from"] = place
            act = next(e for e in self.events if e.get("id") == self._summoning_link())
            self._summoning_effect_of(act, step["summon-kind"])
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
        player = told_by or self._player(ev)
        kind = self.r.summon_kind(ev) or "unsaid"     # "I Summon X": Normal or Special is not said
        if "drops" in low(ev)[:4] or "drop" in low(ev)[:4] or "dropped" in low(ev)[:4]:
            # "drops X from hand": a Special Summon from the hand (said nowhere else)
            thing0 = subs(ev, "thing")
            card0 = self.r.thing(thing0[0]).get("card") if thing0 else None
            c0 = self.db.get(card0) if card0 else None
            if c0 is not None and c0.kind == "monster" and activated_from_hand(
                    " ".join(t for t in (c0.text, c0.pendulum_text) if t)):
                # (chains) "I drop Maxx C": a hand trap, activated from the hand by discarding or
                # sending itself (its text says so, and it cannot Summon itself)
                self._activate(self.effect_ref(card_ir(card0)), player, {"from": "hand"})
                return
            if not thing0 or self.r.place(find(thing0[0], "place")) != "hand" or \
                    not self.r.thing(thing0[0]).get("card"):
                self.fail("'drops' says a monster is Special Summoned from the hand: say from where",
                          ev)
            kind = "special"
        things = subs(ev, "thing")
        if not things:                  # "I Normal Summon when it resolves": the Summon it grants
            return self.granted_summon(ev, kind, player)
        what = self.r.thing(things[0])
        info = self._mods(ev)
        post_from = next((self.r.place(t) for t in things[0].children if isinstance(t, Tree) and
                          t.data == "thing_post" and low(t)[:1] == ["from"] and self.r.place(t)), None)
        if post_from:
            # "Special Summons X from hand, banishing ... from GY": where X comes from is said
            # with X (a cost's place is the cost's)
            info["from"] = post_from
        if info.get("targets") or info.get("respond"):
            self.fail("a Summon does not target or respond", ev)
        kind, materials = self.how_summoned(ev, what.get("card"), kind, player, info.get("from"))
        kind = self.own_way(ev, what.get("card"), kind, info.get("from"))
        if info.get("tributes") is not None:
            tributes = [self.entity(self.r.thing(info["tributes"]))]
            if kind in ("special", "procedure") and what.get("card") and \
                    self.procedures(what["card"], "tribute", place=info.get("from")):
                # "Special Summons X by Tributing my monster": X's own procedure Tributes
                kind, materials = "procedure", tributes
            elif kind not in ("tribute", "normal", "unsaid"):
                self.fail("only a Tribute Summon is made by Tributing", ev)
            else:
                kind, materials = "tribute", tributes
        if info.get("paid_by") is not None:
            kind, materials = self._paid_procedure(info["paid_by"], what, kind, info.get("from"))
        pending = getattr(self, "overlay_pending", None)
        if pending is not None:
            # "My opponent overlays two Level 4 monsters. They Xyz Summon X.": its materials
            if kind != "xyz" or pending[0] != player or materials:
                self.fail("what is overlaid is the material of an Xyz Summon by the same player",
                          pending[2])
            materials = [self.entity(self.r.thing(pending[1]))]
            self.overlay_pending = None
        if kind == "special" and what.get("card") and sub(ev, "sum_how") is None and \
                self.own_procedure(what["card"], info.get("from")):
            kind = "procedure"          # a Special Summon the player performs: its own procedure
        sid = self._summon(kind, player, what, info.get("from"))
        told = self.events[-1]
        if low(ev)[:6].count("about") and "to" in low(ev)[:6]:
            # (hunt) "I am about to Special Summon a monster": being performed, not yet done (no
            # monster arrived: a replay does not read it as one)
            told["attempt"] = True
            self.about_to = [*getattr(self, "about_to", []), sid]
        if materials:
            told["materials"] = materials
        lead = what.get("words") or []
        n = None if what.get("card") or not lead else \
            COUNT_WORDS.get(lead[0]) or (int(lead[0]) if lead[0].isdigit() else None) or \
            (1 if lead[0].lower() in ("a", "an") else None)     # "a monster": one
        if len(things) == 1 and n:
            told["count"] = n           # "they Pendulum Summon 3 monsters": one Summon of them all
        if len(things) > 1:             # "X and two other monsters": one Summon of them all
            second = self.r.thing(things[1])
            more = [] if second.get("card") else second["words"]
            n = COUNT_WORDS.get(more[0]) if more else None
            if n is None and more and more[0].isdigit():
                n = int(more[0])
            told["count"] = 1 + (n or 1)

    def _summoning_effect_of(self, act: dict, kind: str) -> None:
        """(hunt) "My opponent activates Ultimate Offering and Normal Summons Jinzo": the card's
        activation told Summons nothing of itself (a Continuous card), and one other effect of the
        card makes that Summon ("immediately after this effect resolves, Normal Summon 1
        monster"): that effect is the one activated."""
        ref = act.get("effect") or {}
        if ref.get("select") != "activation" or not ref.get("card"):
            return
        found = self.effect_of(ref)
        if found is None:
            return
        reading, eid = found
        verbs = {"special-summon"} if kind == "by-effect" else {f"{kind}-summon"}

        def summons(e: str) -> bool:
            return any(f.get("effect") == e and f.type in ("clause", "clause_verb") and
                       f.get("verb") in verbs for f in reading.facts)
        if summons(eid):
            return
        others = [e for e in reading.effects if e.id != eid and summons(e.id)]
        if len(others) != 1 or others[0].n is None:
            return
        new = {"card": ref["card"], "n": others[0].n}
        act["effect"] = new
        self.acts = [(a, new if a == act.get("id") else r) for a, r in self.acts]

    def _resolving_summons(self, ev: Tree) -> bool:
        """(readA) A player's Special Summon told right after an activation of theirs resolves,
        when that effect Special Summons: the resolution Summons it (not a Summon of its own)."""
        if not self.events or self.events[-1].get("kind") != "resolve" or not self.acts or \
                sub(ev, "own_way") is not None or self.r.summon_kind(ev) not in (
                    None, "special", "fusion", "ritual", "synchro", "xyz", "link", "normal",
                    "tribute"):
            return False
        aid, ref = self.acts[-1]
        act = next((e for e in self.events if e.get("id") == aid), {})
        unsaid = aid in self.unsaid_activator or aid in getattr(self, "player_unsaid", set())
        if act.get("player") != self._player(ev) and not unsaid:
            return False
        kind = self.r.summon_kind(ev)
        found = self.effect_of(ref)
        if found is None:
            return False
        reading, eid = found
        if kind in ("normal", "tribute"):
            # (hunt 125b) "Ultimate Offering's effect resolves and my opponent Normal Summons a
            # monster": the Summon its text lets that player make ("immediately after this effect
            # resolves, Normal Summon ..."), made by that link as it resolves
            return "immediately after this effect resolves" in \
                (reading.by_id(eid).text or "").lower() and any(
                    f.get("effect") == eid and f.get("verb") == f"{kind}-summon"
                    and f.type in ("clause", "clause_verb") for f in reading.facts)
        # (hunt 74) "One for One resolves. My opponent Synchro Summons X.": a Synchro (Xyz, Link
        # ...) Summon told is that effect's only when it says that kind of Summon
        said = kind not in (None, "special")
        if said and not self._a_link_summons(kind):
            return False
        # (hunt 75) nor one its parts could not have made (a Level it does not Summon)
        if not self._link_summons(ref, kind or "special", self.r.thing(sub(ev, "thing")).get("card"), aid):
            return False
        verbs = {"special-summon"} | ({f"{kind}-summon"} if said else set())
        return any(f.get("effect") == eid and f.get("verb") in verbs
                   and f.type in ("clause", "clause_verb") for f in reading.facts)

    def ev_summon_by_card(self, ev: Tree) -> None:
        """(readA) "My opponent Special Summons Dark Magician with Monster Reborn": the card's effect
        that Summons (that kind) is activated by the player and resolves, Summoning the monster."""
        player = self._player(ev)
        kind = self.r.summon_kind(ev) or "special"
        node = next(c for c in ev.children if isinstance(c, Tree) and c.data.startswith("eff_"))
        verb = "special-summon" if kind == "special" else f"{kind}-summon"
        summoned = self.r.thing(sub(ev, "thing")).get("card")
        if summoned:
            # "Special Summons X with its effect": "its" is the card the sentence named, X
            self.last_card = self.db.get(summoned).name
        ref = self.effect_ref(self.r.effect(node), hint=[verb])
        found = self.effect_of(ref)
        if found is None or not any(f.get("effect") == found[1] and f.get("verb") in
                                    (verb, "special-summon") and f.type in ("clause", "clause_verb")
                                    for f in found[0].facts):
            self.fail(f"{ref.get('card')} does not {kind.title()} Summon a monster", ev)
        aid = self._activate(ref, player, {})
        act = self.events[-1]
        what = self.entity(self.r.thing(sub(ev, "thing")), kind="monster")
        sid = f"s{len(self.summons) + 1}"
        step_kind = "by-effect" if kind == "special" else kind
        act["does"] = [{"action": "summoned", "id": sid, "what": what, "summon-kind": step_kind}]
        self.summons.append((sid, {"summon-kind": step_kind, "by": aid}))
        self.events.append({"kind": "resolve", "of": aid})

    def ev_and_act(self, ev: Tree) -> None:
        """"I Link Summon X and use its banish effect": the player of the clause before activates."""
        from lark import Token
        who = self.events[-1].get("player") if self.events else None
        if who not in ("you", "opponent"):
            self.fail("who activates it? ('I activate ...')", ev)
        actor = Tree("actor", [Tree("player", [Token("WORD", "I" if who == "you" else "opponent")])])
        self.ev_activate(Tree("ev_activate", [actor] + list(ev.children)))

    def ev_make(self, ev: Tree) -> None:
        """"my opponent is making S:P Little Knight off two monsters": the Summon of an Extra Deck
        monster by its one kind (Link, Xyz, Synchro: performed by the rules); a Fusion Monster, or a
        monster of no such kind, is refused (how it is Summoned is not said)."""
        player = self._player(ev)
        card = self.r.card(next(t for t in ev.children if getattr(t, "type", "") == "XCARD"))
        c = self.db.get(card)
        kinds = [k for k in ("link", "xyz", "synchro") if k in c.subtypes]
        if len(kinds) != 1:
            self.fail(f"how is {card} Summoned? (say it: 'Link Summons {card}')", ev)
        self._summon(kinds[0], player, {"card": card, "text": card, "words": [], "pronoun": False},
                     None)
        thing = sub(ev, "thing")
        if thing is not None:
            self.events[-1]["materials"] = [self.entity(self.r.thing(thing))]

    def ev_overlay(self, ev: Tree) -> None:
        """"My opponent overlays two Level 4 monsters": the materials of the Xyz Summon told next."""
        self.overlay_pending = (self._player(ev), sub(ev, "thing"), ev)

    def _summon(self, kind: str, player: str | None, what: dict, place: str | None) -> str:
        """A Summon the player performs (not during an effect's resolution).  A Spell is never
        Summoned, nor a Trap by a Summon only monsters have (a Trap that Special Summons itself
        as a monster is)."""
        card = what.get("card")
        c = self.db.find(card) if card else None
        if c is not None and c.kind != "monster" and (
                c.kind == "spell" or kind not in ("special", "unsaid", "by-effect", "procedure")
                or not special_summons_itself(c.text or "")):
            # (a Trap whose text never Special Summons it as a monster is never Summoned)
            self.fail(f"{card} is a {c.kind.capitalize()} Card: it is not Summoned that way")
        self._refuse_a_summon_in_battle(kind)
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

    def _refuse_a_summon_in_battle(self, kind: str) -> None:
        """(hunt 114) "My opponent's monster attacks. I Normal Summon Sangan.": a Summon a player
        performs by the rules (Normal, Tribute, Flip, Synchro, Xyz, Link, Pendulum, or a card's own
        procedure) is made only in that player's own Main Phase (game-rules#summon-kinds.4,
        game-rules#summon-procedures.1); told after an attack, with no phase told since and no
        activation that could grant it, the story is refused, never answered."""
        if kind not in ("normal", "tribute", "flip", "synchro", "xyz", "link", "pendulum",
                        "procedure"):
            return
        since = None
        for k, e in enumerate(self.events):
            if e.get("kind") == "attack":
                since = k
            elif e.get("kind") == "phase":
                since = None
        if since is None or any(e.get("kind") == "activate" for e in self.events[since:]):
            return
        self.fail(f"a {kind.title()} Summon is performed only in its player's own Main Phase "
                  "(an effect may grant one in the Battle Phase: tell it); it is told after an "
                  "attack")

    def ev_tribute_for(self, ev: Tree) -> None:
        """"I Tribute X to Tribute Summon Y": the Tribute Summon of Y, X its Tribute."""
        card = self.r.card(next(t for t in ev.children if getattr(t, "type", "") == "XCARD"))
        player = self._player(ev)
        tribute = self.entity(self.r.thing(sub(ev, "thing")))
        self._summon("tribute", player, {"card": card, "text": card, "words": [], "pronoun": False},
                     None)
        self.events[-1]["materials"] = [tribute]
        self.last_card = card

    def ev_summoned(self, ev: Tree) -> None:
        t = self.r.thing(sub(ev, "thing"))
        # (hunt 73, 74) a Summon told after a resolution is what the resolving effect did only when
        # a link told says that kind of Summon ("Normal Summon 1 monster", "Special Summon ...") or
        # the sentence says it was done by an effect: else the player performs it
        own = bool(self.acts) and (t.get("pronoun") or t.get("card") is not None and
                                   t.get("card") == self.acts[-1][1].get("card"))
        # ("X's effect resolves and it lands": the card whose effect resolved)
        performed = not own and not self._a_link_summons(self.r.summon_kind(ev) or "special",
                                                         t.get("card")) and \
            "effect" not in low(ev)
        if self.events and self.events[-1].get("kind") == "resolve" and self.acts and not performed:
            # "X resolves and Y is Special Summoned": the resolving effect Summons it
            # (hunt 37) "The chain resolves and Y is Special Summoned": by the link whose effect
            # Special Summons, not the one told last
            link = self._summoning_link()
            self._summoned_by(next(e for e in self.events if e.get("id") == link), ev, t)
            return
        last = self.events[-1] if self.events else None
        place = self._mods(ev).get("from") or next(
            (self.r.place(p) for p in ev.children if isinstance(p, Tree) and p.data == "place"), None)
        if last is not None and last.get("kind") == "activate" and last.get("does") and \
                not performed and last.get("id") and self._summoning_link() == last["id"] and \
                self._fits_its_summon(last, t, place) and \
                all(self.r.player(p) == last.get("player") for p in ev.children
                    if isinstance(p, Tree) and p.data == "poss"):
            # (hunt 117) "I activate Circle of the Fire Kings. X is destroyed and a FIRE monster
            # is Special Summoned": the Summon is what that activation did next, as "... destroys
            # X and Special Summons a FIRE monster" tells it (its parts as its text joins them);
            # (hunt 121) "destroy ..., then, Special Summon 1 Token": after the move
            self._summoned_by(last, ev, t, place=self._mods(ev).get("from"),
                              then=self._summoned_after_a_then(last))
            return
        kind = self.r.summon_kind(ev) or "unsaid"
        if "procedure" in low(ev):
            kind = "procedure"
        by_own = next((c for c in ev.children if isinstance(c, Tree) and c.data == "eff_its"
                       and "own" in low(c)), None)
        if sub(ev, "own_way") is None and by_own is not None:
            # the same words read as a told move "... is Special Summoned by its own effect"
            ev = Tree(ev.data, [c for c in ev.children if c is not by_own]
                      + [Tree("own_way", [Token("WORD", "by"), *by_own.children])])
        if sub(ev, "own_way") is not None:  # "X is Special Summoned by its own effect"
            kind = self.own_way(ev, t.get("card"), "special" if kind == "procedure" else kind,
                                self._mods(ev).get("from"))
        _target_summoned(self, t, ev)
        self._summon(kind, owner_in_words(t["words"]), t, self._mods(ev).get("from"))

    def ev_self_summon(self, ev: Tree) -> None:
        """"Block Dragon Special Summons itself by banishing 3 EARTH monsters": its own procedure,
        the one that fits what is done for it (refused when none or several fit, or when nothing
        says how and a monster may also Summon itself with an activated effect)."""
        card = self.r.card(next(t for t in ev.children if getattr(t, "type", "") == "XCARD"))
        info = self._mods(ev)
        if set(info) - {"from", "paid_by"}:
            self.fail("the situation model has no place for " + repr(self.r.said(ev)), ev)
        if info.get("paid_by") is None:
            if not self.own_procedure(card, info.get("from")):
                self.fail(f"how does {card} Special Summon itself? (say what is done for it: "
                          "'by banishing ...')", ev)
            # "Cyber Dragon Special Summons itself from the hand": its own procedure, the card's
            # only way to Special Summon itself (from there): nothing paid for it is told
            kind, materials = "procedure", []
        else:
            kind = self.r.summon_kind(ev) or "special"
            kind, materials = self._paid_procedure(info["paid_by"], {"card": card}, kind,
                                                   info.get("from"))
        self._summon(kind, None, {"card": card, "text": card, "words": [], "pronoun": False},
                     info.get("from"))
        self.events[-1]["materials"] = materials
        self.last_card = card

    def ev_summons_itself(self, ev: Tree) -> None:
        """"X resolves and Special Summons itself": the resolving link Summons its own card."""
        if not self.acts or not any(e.get("kind") == "resolve" for e in self.events):
            self.fail("what Summons itself? (tell what resolves first: 'X resolves and ...')", ev)
        if self._mods(ev):
            self.fail("the situation model has no place for " + repr(self.r.said(ev)), ev)
        aid = self.resolving_act()
        ref = next(r for a, r in self.acts if a == aid)
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
    if summons_to_opponents_field(st.reading(ref["card"])):
        act["player"] = {"you": "opponent", "opponent": "you"}[to]


def _target_summoned(st: Situate, t: dict, ev: Tree) -> None:
    """"One of them is Special Summoned in response": a targeted card (in a GY, or banished) leaves
    the place where it was targeted before the effect resolves."""
    from .targets import note_change
    targeted = [x for e in st.events if e.get("kind") == "activate" for x in e.get("targets", [])]
    if targeted and t["words"][:2] == ["one", "of"]:
        note_change(st, st._which_target(t, targeted, ev), {"left": True})
