"""Told activations and Chains: an effect activated, chained, answered ("in response", "against
my search", "chains X to my Y"), negated, resolved or used, and what a link does when it
resolves (its steps: destroys, banishes, Special Summons)."""

from __future__ import annotations

import re

from lark import Token, Tree

from ..errors import QuestionError

from ..parser.transform import low, sub, subs, tokens
from ..reader.phrases import cost_from_own_hand, names_this_card
from .copies import told_copies
from .holdings import purpose_gains
from .moves import ACTION_VERBS, chain_told
from .procedures import MOVED
from .reach import IT_WORDS, ResponseReach
from .refs import effect_does_action, effect_negates, target_places
from .targets import described_target, note_change
from .words import COUNT_WORDS, EFF_PARTS, card_ir, moved_by_verb, owner_in_words



# the actions a told aim ("... to destroy my monster") must find in the activated effect's text
_GROUNDED_AIMS = frozenset(("destroy", "banish", "send", "tribute", "return", "shuffle"))

class NegationUnsaid(QuestionError):
    """"My X was negated" of a monster's effect, not saying whether its activation or only its
    effect: the question is then read both ways (:func:`.families.situate_question`)."""

# facts that make an effect without ':' or ';' one that is still activated or applied by
# activating something (an older wording, a granted or Pendulum effect is not judged here)
NOT_CONTINUOUS = {"on_card_activation", "granted_effect", "quick_marker", "trigger"}


class ChainEvents(ResponseReach):
    """Activation and Chain clauses of the told situation (mixed into :class:`.told.Situate`)."""

    def ev_activate(self, ev: Tree) -> None:
        node = self._effect_node(ev)
        if node.data == "eff_it" and self._targeted_last():
            return self.ev_act_target(ev)         # "they activate it in response": the target
        a = sub(ev, "actor")
        if a is not None and self.r.actor(a).get("effect"):
            # "my Baronne de Fleur activates its effect": "its" is the actor's card
            self.last_card = self.r.actor(a)["effect"].get("card") or self.last_card
        before = self.last_card
        ir = self.r.effect(node)
        player = self._player(ev)
        if sub(ev, "actor") is None and sub(ev, "poss") is not None:
            player = self.r.player(sub(ev, "poss"))          # "my Set X is activated"
            if player not in ("you", "opponent"):
                self.fail("whose card is activated?", ev)
        elif sub(ev, "actor") is None and ir.get("owner") in ("you", "opponent"):
            player = ir["owner"]                             # "my opponent's X is activated"
        info = {**self._when(ev), **self._mods(ev)}
        if "set" in [str(t).lower() for t in ev.children if isinstance(t, Token)]:
            info["from"] = "set"
        # whose card is targeted, said from the activating player's side (the card's "you"): "my
        # opponent activates X targeting a monster I control" targets a card "your opponent controls"
        side = {"you": "opponent", "opponent": "you"} if player == "opponent" else {}
        hint = [f"target:{side.get(w, w)}" for w in
                (owner_in_words(t['words']) or 'any' for t in info.get("targets", []) if t)]
        hint = hint[:1] + target_places(info.get("targets", [])[:1])
        told = [t for t in info.get("targets", []) if t]
        if len(told) > 1:
            # "targeting 1 card I control and 1 card my opponent controls": an effect targeting 2
            n = sum(int(t["words"][0]) if t["words"] and t["words"][0].isdigit() else
                    COUNT_WORDS.get(t["words"][0], 1) if t["words"] else 1 for t in told)
            hint.append(f"count:{n}")
        # "activates X's effect to destroy one of my cards": the effect that destroys
        hint += [v for v in (self.r.action(sub(m, "act_verb")) for m in info.get("purposes", [])) if v]
        told_in = (self.entities.get(ir.get("card") or (self.last_card if ir.get("how") in (
            "eff_its", "eff_it") else None)) or {}).get("place")
        if info.get("from") in ("hand", "gy") or (not info.get("from") and told_in == "gy"):
            # "I activate X from my hand / GY" ("X is in my GY and I activate its effect"): of its
            # effects, the one used there
            hint.append(f"from:{info.get('from') or told_in}")
        # (of its effects, those that are activated: never its Summoning condition)
        ref = self.effect_ref(ir, hint=["activated", *hint])
        said = " ".join(low(ev))
        zone = re.search(r"\b(?:in|from|into|to) (?:the|my|their|his|her|your|opponent's) (?:left |right )?"
                         r"pendulum zone\b", said)
        if zone is not None and not re.search(r"\b(?:targeting|on|target|targets)\b",
                                               said[:zone.start()]) and ref.get("card") and \
                not str(ref.get("n", "")).upper().startswith("P") and \
                self.db.get(ref["card"]).kind == "monster":
            # "they activate X in their Pendulum Zone": the card itself activated there (a Spell
            # Card's activation) or one of its Pendulum Effects, never its monster effect
            self.fail(f"{ref['card']} in the Pendulum Zone: say whether the card itself is "
                      "activated (placed there, a Spell Card's activation) or which of its Pendulum "
                      "Effects is activated", ev)
        if zone is None and ir.get("how") == "eff_card" and ref.get("card") and \
                not info.get("from") and not info.get("targets") and \
                "pendulum" in self.db.get(ref["card"]).subtypes:
            # (hunt 37) "My opponent activates Stargazer Magician": a Pendulum Monster said
            # activated by its name alone may be placed as a Pendulum Scale (a Spell Card's
            # activation) or have one of its effects activated
            self.fail(f"{ref['card']} is a Pendulum Monster: say whether the card itself is "
                      "activated (placed in the Pendulum Zone, a Spell Card's activation) or which of "
                      "its effects is activated", ev)
        unsaid = False
        if sub(ev, "actor") is None and sub(ev, "poss") is None and not ir.get("owner"):
            # "its effect is activated": by the player told to have Summoned that card
            told = next((e["player"] for e in reversed(self.events) if e.get("kind") == "summon"
                         and e.get("what") == ref.get("card") and ref.get("card")), None)
            unsaid = told is None
            player = told or player
        verb = low(sub(ev, "act_verb_w") or ev)
        if any(w in ("chain", "chains", "chained") for w in verb):
            info["respond"] = True
        negated = self._negates_it(ref, info)
        if negated is None:
            self._used_on_named(ref, info, player)
        if any(w in ("flip", "flips", "flipped") for w in verb):
            # "my opponent flips Mirror Force": a Set Spell/Trap turned face-up to be activated
            kind = ref.get("generic") or (self.db.get(ref["card"]).kind if ref.get("card") else None)
            if kind not in ("spell", "trap"):
                self.fail("only a Set Spell or Trap Card is flipped face-up to be activated", ev)
            info["from"] = "set"
        aid = self._activate_chaining(before, ref, player, info)
        if unsaid:          # "Monster Reborn is activated": nobody said by whom
            self.unsaid_activator.add(aid)
        if negated is not None:
            self.events.append({"kind": "negate", "of": negated[0], "what": negated[1], "by": aid})

    def _negates_it(self, ref: dict, info: dict) -> tuple[str, str] | None:
        """"opp Ashes it" (read "activates Ash Blossom on it"), "they use Dark Bribe on it": a card
        whose effect negates, used on the activation just told (no card was targeted), is chained
        to it and negates it; what it negates (the activation or the effect) is its text's."""
        tg = info.get("targets") or []
        if len(tg) != 1 or not tg[0] or tg[0].get("words") != ["it"] or not self.acts or \
                self._targeted_last() or not ref.get("card"):
            return None
        reading = self.reading(ref["card"])
        if not any(f.type == "negation_scope" and f.get("what") == "activation"
                   for f in reading.facts):
            return None                 # it answers no activation: "on it" is what it targets
        what = _negated(reading)
        if what is None:
            self.fail(f"say whether {ref['card']} negates the activation or the effect")
        info.pop("targets")
        info["respond"] = True
        return self.acts[-1][0], what

    def _used_on_named(self, ref: dict, info: dict, player: str) -> None:
        """"they use Solemn Judgment on my Raigeki Break", "my Pot of Greed got hit by Ash
        Blossom": a card that negates activations or effects and targets nothing, used on a named
        Spell or Trap Card, is chained to that card's activation (told before, or told now by its
        owner: the player the words name, else the other player).  Unlike "on it" after a told
        activation (:meth:`_negates_it`) no negation is told: whether it may negate that card is
        the rules' to say.  A monster's effect is said by which effect, so a monster named so
        keeps its reading (a target, refused when the card targets nothing)."""
        if not ref.get("card") or info.get("targeting_said") or info.get("respond"):
            return
        said = self._named_spell_trap(ref, info)
        if said is None:
            return
        named, words = said
        reading = self.reading(ref["card"])
        if any(f.type in ("target", "target_word") for f in reading.facts) or \
                not any(f.type == "negation_scope" and f.get("what") == "activation"
                        for f in reading.facts):
            return
        if _negated(reading) is None:
            return
        aid = self._find_act({"card": named.name})
        if aid is None:
            owner = owner_in_words(words) or {"you": "opponent", "opponent": "you"}.get(player)
            if owner is None:
                return
            aid = self._activate_named(named.name, owner)
        info.pop("targets")
        info["respond"] = True
        info["to_act"] = aid

    def _activated_as_answered(self, ref: dict, player: str, info: dict) -> str | None:
        """"They MST my Pot of Greed in response": a response told with nothing activated before
        it, whose one target is a Spell or Trap Card named face-up (not Set): that card's
        activation, by the other player (or its owner as said), is what it answers, told first.
        None when the response says no such card."""
        said = self._named_spell_trap(ref, info)
        if said is None or {"set", "face-down"} & set(said[1]):
            return None
        named, words = said
        owner = owner_in_words(words) or {"you": "opponent", "opponent": "you"}.get(player)
        if owner is None:
            return None
        return self._activate_named(named.name, owner)

    def _named_spell_trap(self, ref: dict, info: dict):
        """The one target a clause tells, when it is a Spell or Trap Card named (not by a pronoun)
        other than the card ``ref`` used: (that card, the target's words), else None."""
        tg = info.get("targets") or []
        if len(tg) != 1 or not tg[0] or not tg[0].get("card") or tg[0].get("pronoun"):
            return None
        named = self.db.get(tg[0]["card"])
        if named is None or named.kind not in ("spell", "trap") or named.name == ref.get("card"):
            return None
        return named, [w.lower() for w in tg[0].get("words", [])]

    def _activate_named(self, name: str, owner: str) -> str:
        """The activation of card ``name`` by ``owner``, told first (what a later clause answers);
        the card the story last named stays what it was."""
        keep = self.last_card
        aid = self._activate(self.effect_ref({"card": name, "how": "eff_card", "text": name}),
                             owner, {})
        self.last_card = keep
        return aid

    def ev_respond(self, ev: Tree) -> None:
        if self._effect_node(ev).data == "eff_it" and self._targeted_last():
            return self.ev_act_target(ev)         # "they respond by activating it": the target
        before = self.last_card
        ref = self.effect_ref(self.r.effect(self._effect_node(ev)))
        self._activate_chaining(before, ref, self._player(ev), {**self._mods(ev), "respond": True})

    def _activate_chaining(self, before: str | None, ref: dict, player: str, info: dict) -> str:
        """:meth:`_activate`, with the card the story named before this clause's card kept for
        "... chains X to its effect" (:meth:`_chained_to`)."""
        self.chaining_card = (before, ref.get("card"))
        try:
            return self._activate(ref, player, info)
        finally:
            self.chaining_card = None

    def _activate(self, ref: dict, player: str, info: dict) -> str:
        if info.get("against") is not None:
            if self._against(info["against"], player) is None:
                info = {**info, "respond": True}
        answers = info.get("to_act")
        if info.get("to_effect") is not None:
            answers = self._chained_to(info["to_effect"], player)
        if info.get("respond") and not self.acts:
            answers = self._activated_as_answered(ref, player, info) or answers
        self._check_activated(ref)
        self._check_targeting_said(ref, info)
        aid = f"a{len(self.acts) + 1}"
        event = {"kind": "activate", "id": aid, "effect": ref, "player": player}
        if info.get("from") in ("hand", "field", "gy", "deck", "extra-deck", "set"):
            event["from"] = info["from"]
        elif ref.get("generic") == "trap" or (ref.get("card") and
                                                self.db.get(ref["card"]).kind == "trap"):
            event["from"] = "set"      # a Trap Card is activated from the field, where it was Set
        if info.get("respond") and self._answers_the_summon_told(ref):
            # (round 82) "My opponent Link Summons X and I chain Solemn Warning": a card that
            # negates Summons, "chained" right after a Summon, answers that Summon (it is only
            # attempted); it starts a Chain of its own
            info = {k: v for k, v in info.items() if k != "respond"}
        if info.get("respond") and not self.acts and self._answers_a_summon_event(ref):
            # "X is Summoned and I activate Torrential Tribute in response": a card activated
            # "When a monster is Summoned" answers that Summon, and starts a Chain of its own
            info = {k: v for k, v in info.items() if k != "respond"}
        if info.get("respond"):
            if not self.acts:
                self.fail("it responds, but nothing was activated before it")
            event["respond"] = answers or self.acts[-1][0]
        if info.get("link"):
            event["link"] = info["link"]
        if info.get("targets") and not info.get("respond") and self.acts and \
                self.events[-1].get("kind") == "activate" and \
                self.events[-1].get("player") not in (None, player) and self.events[-1].get("targets") \
                and all(t and t.get("pronoun") for t in info["targets"]):
            # "I activate X on their monster, they activate Y on it": Y is chained to X (X has not
            # resolved: it is the card X targets that Y targets)
            event["respond"] = self.acts[-1][0]
        if info.get("targets"):
            event["targets"] = [e for t in info["targets"]
                                for e in (self._it_target(t, event, ref) or
                                          self._earlier_target(t, event) or self.entities_of(t))]
        if event.get("respond"):
            self._check_can_chain(ref)
        if event.get("respond") and event.get("targets"):
            self._check_target_side(ref, player, event["targets"])
        if info.get("self_cost"):
            self._self_cost(event, ref, *info["self_cost"])
        for told_cost in info.get("told_cost") or []:
            self._told_cost(event, aid, ref, *told_cost)
        if len({v for v, _ in info.get("told_cost") or []}) > 1:
            # two costs told ("discarding a card and paying 1000 LP"): which one a question
            # speaks of is said by the question itself
            self.told_costs.pop(aid, None)
        for t in info.get("targets") or []:
            self._named_place(t)
        self.events.append(event)
        self.acts.append((aid, ref))
        self.targeted_card_activated(event, ref)
        for m in info.get("purposes", []):
            self._purpose(m)
        if info.get("negates_against") is not None:
            self._negates_answered(event, info["negates_against"])
        return aid

    def _check_can_chain(self, ref: dict) -> None:
        """A response told chained to a link must be Spell Speed 2 or 3 (game-rules#chain.5, .8):
        a monster's Ignition effect (':' or ';' with no trigger, no Quick Effect marker and no
        'When'/'If'/'During' condition) cannot be chained: the story cannot happen, refused (a
        Trigger effect may be a link of the Chain its event starts, so it is not judged here).
        A Spell Speed 1 Spell Card told "in response" is still read as told: stories told loosely
        that way are read on purpose (tests/test_reading_lead.py, the fixtures' event_order)."""
        card = self.db.get(ref["card"]) if ref.get("card") else None
        if card is None or card.kind != "monster":
            return
        found = self.effect_of(ref)
        if found is None:
            return
        reading, eid = found
        eff = next((e for e in reading.all_effects() if e.id == eid), None)
        if eff is None or eff.n < 1 or not eff.punctuated or any(
                f.get("effect") == eid and f.type in ("trigger", "quick_marker", "procedure",
                                                      "granted_effect")
                for f in reading.facts):
            return
        head = eff.text.split(":", 1)[0].lower() if ":" in eff.text.split(";", 1)[0] else ""
        if any(w in head.replace(",", " ").split() for w in ("when", "if", "during", "while")):
            return
        self.fail(f"effect {eff.n} of {card.name} is an Ignition effect (Spell Speed 1): it cannot "
                  "be chained to a link (game-rules#chain.5)")

    def _it_target(self, t: dict | None, event: dict, ref: dict) -> list[str]:
        """A response told to target "it" ("they chain Mystical Space Typhoon on it"): the card of
        the link it answers when the response's text cannot target the kind of card that link
        targets; refused when it can target both; else [] (read as before: the card targeted)."""
        if not t or [w.lower() for w in t.get("words", [])] not in IT_WORDS or \
                not event.get("respond"):
            return []
        to = next((e for e in self.events if e.get("id") == event["respond"]), None)
        if to is None or not to.get("targets") or to.get("source") or \
                not (to.get("effect") or {}).get("card"):
            return []
        act = {"effect": ref, "respond": event["respond"]}
        if self._cannot_reach_targets(act, to):
            return [to["effect"]["card"]]
        if self._it_ambiguous(act, to, None):
            self.fail(f"which card is 'it': {to['effect']['card']} or the card it targets? (both "
                      f"can be targeted by {ref.get('card') or 'that card'}: name it)")
        return []

    def _check_target_side(self, ref: dict, player: str, targets: list[str]) -> None:
        """A response told to target a card its text cannot target, by whose card it is: every
        target of the effect is one "your opponent controls" / in "your opponent's GY" (or one
        "you control"), said from its activator's side, and the told card is the other player's
        ("I chain D.D. Crow on the monster in my GY"): refused, the story cannot happen."""
        found = self.effect_of(ref) if ref.get("card") and player in ("you", "opponent") else None
        if found is None:
            return
        reading, eid = found
        slots = {f.get("slot") for f in reading.facts if f.type == "target" and f.get("effect") == eid}
        for cond, must in (("opponent-controls", "opponent"), ("you-control", "you"),
                           ("in-your-gy", "you")):
            met = {f.get("slot") for f in reading.facts if f.type == "target_condition" and
                   f.get("effect") == eid and f.get("condition") == cond}
            if not slots or met != slots:
                continue
            want = player if must == "you" else {"you": "opponent", "opponent": "you"}[player]
            for x in targets:
                side = self._controller(x)
                ent = self.entities.get(x) or {}
                if side is None and ent.get("place") in ("gy", "banished"):
                    # (hunt 35) "Dark Magician in my GY": a card in a GY is its owner's
                    side = self.card_owner.get(ent.get("card") or x)
                if side in ("you", "opponent") and side != want:
                    whose = "their opponent's" if must == "opponent" else "its activator's own"
                    self.fail(f"{ref['card']} targets only {whose} cards; "
                              f"{self.entities.get(x, {}).get('desc', x)!r} is not one")

    def _earlier_target(self, t: dict | None, event: dict) -> list[str]:
        """A response "on my own monster" names the one card an earlier link targets whose
        controller and words it says (the words a subset of that card's description)."""
        if not t or not event.get("respond") or t.get("card") or t.get("pronoun"):
            return []
        ws = [w.lower() for w in t["words"]]
        answered = next((e for e in self.events if e.get("id") == event["respond"]), {})
        if ws[:2] == ["one", "of"] and ws[2:] in (["them"], ["those"], ["its", "targets"],
                                                  ["the", "targets"], ["those", "cards"],
                                                  ["those", "monsters"], ["the", "monsters"]) and \
                len(answered.get("targets") or []) > 1:
            # (round 81) "they chain D.D. Crow targeting one of them": one of the targets of the
            # link it answers (which one is not said; the question's "the other(s)" are the rest)
            return [answered["targets"][0]]
        owner = owner_in_words(ws)
        if (owner is None and ws[:1] not in (["that"], ["the"])) or \
                ws[:1] in (["one"], ["two"], ["both"], ["all"]):
            return []
        core = [w for w in ws if w not in ("my", "own", "their", "opponent's", "his", "her",
                                           "the", "that", "targeted", "same")]
        earlier = list(dict.fromkeys(x for e in self.events if e.get("kind") == "activate"
                                     for x in e.get("targets", [])))
        fit = [x for x in earlier if owner in (None, self._controller(x)) and
               set(core) <= set(self.entities.get(x, {}).get("desc", x).lower().split())]
        return fit if len(fit) == 1 else []

    def _check_activated(self, ref: dict) -> None:
        """A told activation must be of an effect that is activated: a monster's effect written in
        PSCT with no ':' or ';' (a Continuous effect) or a Summon by the card's own procedure
        starts no Chain, so "activates" it is refused, naming the effect."""
        found = self.effect_of(ref) if ref.get("card") and not ref.get("select") == "activation" \
            else None
        if found is None:
            return
        reading, eid = found
        if reading.card.kind != "monster" or not any(
                f.type == "psct" and f.get("value") == "yes" for f in reading.facts):
            return
        eff = next((e for e in reading.all_effects() if e.id == eid), None)
        if eff is None or eff.n < 1:
            return
        said = f"effect {eff.n} of {reading.card.name} (\"{eff.text[:80]}\")"
        if any(f.type == "procedure" and f.get("effect") == eid for f in reading.facts):
            self.fail(f"{said} is a Summon by the card's own procedure: it is not activated and "
                      "starts no Chain (psct-guide#3); say which effect was activated")
        if not eff.punctuated and not any(f.get("effect") == eid and f.type in NOT_CONTINUOUS
                                          for f in reading.facts):
            self.fail(f"{said} has no ':' or ';': it is not activated and starts no Chain "
                      "(psct-guide#2); say which effect was activated")

    def _check_targeting_said(self, ref: dict, info: dict) -> None:
        """(hunt) "I chain Dark Ruler No More targeting their monster": a card told to target
        whose text targets nothing (no "target" in any of its effects, in PSCT) and answers no
        activation or Summon ("opp hits it with Solemn Strike" is a response) is refused, naming
        it: what it would do to that card is not what its text does."""
        card = ref.get("card")
        if not info.get("targets") or not info.get("targeting_said") or not card or \
                ref.get("generic"):
            return
        reading = self.reading(card)
        if any(f.type in ("target", "target_word", "negation_scope", "negates")
               for f in reading.facts) or \
                "equip" in reading.card.subtypes or \
                not any(f.type == "psct" and f.get("value") == "yes" for f in reading.facts):
            return
        self.fail(f"{card} does not target (no 'target' in its text): say what it does instead")

    def _chained_to(self, node: Tree, player: str) -> str:
        """"chains X to my Pot of Desires": the activation of that card told before, or, when none
        was, that card's activation (by its owner, the other player unless the words say)."""
        ir = self.r.effect(node)
        keep = self.last_card
        chained = getattr(self, "chaining_card", None)
        if ir.get("card") is None and ir.get("how") in ("eff_its", "eff_it") and chained and \
                keep == chained[1]:
            # "my opponent chains X to its effect": "its" is the card named before X, never X
            # itself (the card the clause chains cannot be what it is chained to)
            self.last_card = chained[0]
        ref = self.effect_ref(ir)
        self.last_card = keep
        aid = self._find_act(ref)
        if aid is not None:
            return aid
        owner = ir.get("owner") if ir.get("owner") in ("you", "opponent") else \
            self.untold_owner(ref, player)
        return self._activate(ref, owner, {})

    def untold_owner(self, ref: dict, player: str) -> str:
        """Whose card an activation implied by its name is, when the words say nothing: the
        owner the story told ((hunt 42) "my Witch ... is destroyed. Can I chain Y to Witch's
        effect?"), else the other player than ``player``, who answers it."""
        told = self.card_owner.get(ref.get("card")) if ref.get("card") else None
        return told if told in ("you", "opponent") else \
            {"you": "opponent", "opponent": "you"}[player]

    def _against(self, m: Tree, player: str) -> str | None:
        """"X is activated against my search": it answers an activation of that player's (the
        newest one, or, when none was told, one of an unnamed card of theirs)."""
        whose = self.r.player(sub(m, "poss"))
        if whose not in ("you", "opponent") or whose == player:
            self.fail("against whose activation? ('against my search')", m)
        if "summon" in low(m):
            kind = self.r.summon_kind(m) or "unsaid"     # "against my Summon": kind not said
            told = self.summons[-1][1] if self.summons else None
            last = next((e for e in reversed(self.events) if e.get("kind") in
                         ("summon", "activate", "resolve", "move", "phase")), None)
            if told is not None and last is told and told.get("player", "you") == whose and \
                    kind in ("unsaid", told.get("summon-kind")):
                # (hunt 73) "I Tribute Summon X. They activate Y against my Tribute Summon.": the
                # Summon just told, never another
                told["attempt"] = True
                return told["id"]
            sid = self._summon(kind, whose, {"card": None, "text": "a monster", "words": [],
                                             "pronoun": False}, None)
            self.summons[-1][1]["attempt"] = True      # the Summon negation window is open
            return sid
        if self.acts and self._act_player(self.acts[-1][0]) == whose:
            return None
        ws = low(m)
        kind = "monster" if "monster" in ws else "trap" if "trap" in ws else "spell"
        self.events.append({"kind": "activate", "id": f"a{len(self.acts) + 1}",
                            "effect": {"generic": kind}, "player": whose})
        self.acts.append((self.events[-1]["id"], self.events[-1]["effect"]))
        return None

    def _purpose(self, m: Tree) -> None:
        """"... to flip it face-down" / "... to destroy one of those cards": a target changes."""
        ws = [w for w in low(m) if w != ","]
        if getattr(self, "held", None) and purpose_gains(self, m):
            return
        thing = sub(m, "thing")
        card = self.r.thing(thing).get("card") if thing is not None else None
        activated = {r.get("card"): aid for aid, r in self.acts[:-1]}
        self._purpose_leaves_out_a_negation(m)
        verb = self.r.action(sub(m, "act_verb")) if sub(m, "act_verb") is not None else None
        if card is not None and card in activated and verb is not None and not (
                verb == "negate" and self._answers_card(card)):
            # "they chain MST to destroy Impermanence": the card of an earlier link leaves the field
            action = {"destroy": "destroyed", "banish": "banished"}.get(verb)
            if action is None:
                self.fail(f"the situation model has no move for {self.r.said(m)!r}", m)
            act = self.events[-1]
            act.setdefault("does", []).append({"action": action, "what": card})
            self.events.append({"kind": "resolve", "of": act["id"]})
            self.self_gone[activated[card]] = action
            return
        targeted = [t for e in self.events if e.get("kind") == "activate"
                    for t in e.get("targets", [])]
        thing = sub(m, "thing")
        named = self.r.thing(thing).get("card") if thing is not None else None
        act = next(e for e in self.events if e.get("id") == self.acts[-1][0])
        if act.get("respond") and sub(m, "act_verb") is not None and \
                self.r.action(sub(m, "act_verb")) == "negate" and \
                (thing is None or self.r.thing(thing)["pronoun"]):
            # "I chain Solemn Judgment to negate it": the link it answers is negated, not a card
            # an earlier link targeted
            self._purpose_does(m)
            return
        if ws[0] == "on" and ws[-1] in ("face-down", "face-up"):
            # "I activate Book of Moon on my monster face-down": the card it targets is flipped
            for which in act.get("targets") or []:
                note_change(self, which, {"property": "face", "value": ws[-1]}, by=act["id"])
            return
        if len(self.acts) == 1 and not act.get("respond") and act.get("targets") and \
                sub(m, "act_verb") is not None and \
                ("it" in ws or (thing is not None and self.r.thing(thing)["pronoun"])):
            # "X targets their monster to banish it": what X itself does when it resolves (no
            # change before it does); it must be a part of X
            verb = self.r.action(sub(m, "act_verb"))
            found = self.effect_of(act["effect"])
            if found is None or not effect_does_action(found[0].facts, found[1], verb):
                self.fail(f"{self.r.said(m)!r} is not what that effect does", m)
            return
        to = next((e for e in self.events if e.get("id") == act.get("respond")), None)
        if not targeted or (named and named not in targeted) or \
                ("it" in ws or (thing is not None and self.r.thing(thing)["pronoun"])) and \
                to is not None and self._cannot_reach_targets(
                    act, to, self.r.action(sub(m, "act_verb")) if sub(m, "act_verb") is not None else None):
            # "chains Twin Twisters to destroy it", "... to Special Summon a monster": what the
            # link does when it resolves; "chains Mystical Space Typhoon to destroy it" after an
            # activation that targets a monster: "it" is not that monster
            self._purpose_does(m)
            return
        if thing is not None and low(thing)[:2] == ["one", "of"] and len(targeted) > 1:
            which = targeted[0]
        elif "it" in ws or (thing is not None and self.r.thing(thing)["pronoun"]):
            if self._it_ambiguous(act, to, self.r.action(sub(m, "act_verb"))
                                  if sub(m, "act_verb") is not None else None):
                self.fail(f"which card is 'it': {to['effect'].get('card')} or the card it targets? "
                          f"(both can be {self.r.said(m)!r}ed as its text says: name it)", m)
            which = targeted[-1]
        elif named and named in targeted and not self.r.thing(thing)["pronoun"]:
            which = named       # "they chain D.D. Crow to banish Dark Magician": the target named
        elif thing is not None and len(described_target(
                self, self.r.thing(thing)["words"], targeted, self._clause_verb(m))) == 1:
            # "they chain X to return their own monster": the one target those words describe
            which = described_target(self, self.r.thing(thing)["words"], targeted,
                                     self._clause_verb(m))[0]
        else:
            self.fail("which card does it change?", m)
        if sub(m, "flip_verb") is not None:
            note_change(self, which, {"property": "face",
                                      "value": "face-down" if "face-down" in ws else "face-up"},
                        by=act["id"])
        else:
            verb = self.r.action(sub(m, "act_verb"))
            if verb in ("destroy", "banish", "return", "shuffle", "send", "tribute"):
                note_change(self, which, {"left": True}, by=act["id"])

    def _purpose_leaves_out_a_negation(self, m: Tree) -> None:
        """(hunt) "I chain Solemn Judgment to destroy it", "I chain Called by the Grave to banish
        Ash Blossom": a response whose effect also negates, told by another of its parts only;
        what it negates (the activation, the effect, none) decides whether the link it answers
        still resolves, and is not said: refused, naming it."""
        verb = self.r.action(sub(m, "act_verb")) if sub(m, "act_verb") is not None else None
        if verb in (None, "negate") or not self.acts:
            return
        act = next((e for e in self.events if e.get("id") == self.acts[-1][0]), {})
        card = act.get("effect", {}).get("card") if isinstance(act.get("effect"), dict) else None
        if not act.get("respond") or not card:
            return
        answered = next((e for e in self.events if e.get("id") == act["respond"]), {})
        thing = sub(m, "thing")
        t = self.r.thing(thing) if thing is not None else {"pronoun": True, "card": None}
        if not (t.get("pronoun") or t.get("card") and
                t["card"] == (answered.get("effect") or {}).get("card")):
            return          # what it does to another card ("to banish one of its targets")
        found = self.effect_of(act["effect"])
        if found is None:
            return
        if effect_negates(found[0].facts, found[1]):
            self.fail(f"{card}'s effect also negates: say what it negates ('I chain {card} to "
                      f"negate it'), not only {self.r.said(m).strip(' ,')!r}", m)

    def _purpose_does(self, m: Tree) -> None:
        aid = self.acts[-1][0]
        act = next(e for e in self.events if e.get("id") == aid)
        verb = "flip" if sub(m, "flip_verb") is not None else self.r.action(sub(m, "act_verb"))
        if sub(m, "revive") is not None:
            verb = "special-summon"                  # "to revive X": from the GY
        thing = sub(m, "thing")
        t = self.r.thing(thing) if thing is not None else \
            {"card": None, "text": "it", "words": ["it"], "pronoun": True}
        if verb == "negate" and act.get("respond") and (t["pronoun"] or self._answers_card(t.get("card"))):
            # "... to negate it", "... to negate Monster Reborn": the link it answers
            self._negates_answered(act, m)
            return
        if verb == "negate" and t["pronoun"] and self._negates_the_summon_told(act):
            return
        if verb == "special-summon":
            card = act["effect"].get("card")
            found = self.effect_of(act["effect"]) if card and t["pronoun"] and \
                not act.get("respond") else None
            if found is not None and any(f.type == "summons_self" and f.get("effect") == found[1]
                                         for f in found[0].facts):
                what = card         # (readA) "activates X's effect to Special Summon it": X itself
            else:
                what = self.entity(t, kind="monster") if not t["pronoun"] else \
                    self._answered_card(act, m)
            sid = f"s{len(self.summons) + 1}"
            act.setdefault("does", []).append({"action": "summoned", "id": sid, "what": what,
                                               "summon-kind": "by-effect"})
            if sub(m, "revive") is not None:
                act["does"][-1]["from"] = "gy"
            self.summons.append((sid, {"summon-kind": "by-effect", "by": aid}))
            self.to_resolve[sid] = aid      # the Summon is made when that link resolves
            return
        action = {"destroy": "destroyed", "banish": "banished", "send": "sent-to-gy",
                  "tribute": "tributed", "discard": "discarded",
                  "flip": "flipped-face-down" if "face-down" in low(m) else
                  "flipped-face-up" if "face-up" in low(m) else None,
                  # "... to return that monster to the hand": where to, as said
                  "return": "returned-to-extra" if "extra" in low(m) else
                  "returned-to-deck" if "deck" in low(m) else
                  "returned-to-hand" if "hand" in low(m) else None}.get(verb)
        if action is None:
            self.fail("the situation model has no place for " + repr(self.r.said(m)), m)
        found = self.effect_of(act["effect"]) if isinstance(act.get("effect"), dict) else None
        if found is not None and verb in _GROUNDED_AIMS and \
                not effect_does_action(found[0].facts, found[1], verb):
            # (session after dfd49d7) "My opponent activates Forbidden Lance to destroy my
            # monster": an aim the activated effect's text does not do is not taken as done
            self.fail(f"{act['effect']['card']}'s effect does not {verb} (its text has no such "
                      f"part): say what it does", m)
        what = self._answered_card(act, m, verb) if t["pronoun"] else \
            self.entity(t, **({"controller": owner_in_words(t["words"])} if owner_in_words(t["words"]) else {}))
        self._step(act, action, what)

    def _answers_card(self, card: str | None) -> bool:
        """Is ``card`` the card of the link the last activation told answers?"""
        act = self.events[-1] if self.events and self.events[-1].get("kind") == "activate" else {}
        answered = next((e for e in self.events if act.get("respond") and
                         e.get("id") == act["respond"]), {})
        return bool(card) and card == (answered.get("effect") or {}).get("card")

    def _answers_the_summon_told(self, ref: dict) -> bool:
        """Is the newest thing told a Summon, and does ``ref``'s card negate Summons?  Then the
        Summon is only attempted (its negation window is open)."""
        return self._attempts_summon(self.events[-1] if self.events else None, ref.get("card"))

    def _answers_a_summon_event(self, ref: dict) -> bool:
        """(session after 8cfbe00) Is the newest thing told a Summon, and is ``ref``'s card (the
        effect said, or any of its effects when only the card is) activated when a monster is
        Summoned ("When a monster(s) is Summoned: ...")?"""
        before = self.events[-1] if self.events else None
        card = ref.get("card")
        if before is None or before.get("kind") != "summon" or not card:
            return False
        eid = f"{card}#{ref['n']}" if isinstance(ref.get("n"), int) and ref["n"] > 0 else None
        return any(f.type == "trigger_names" and f.get("name") == "summoned" and
                   (eid is None or f.get("effect") == eid) for f in self.reading(card).facts)

    def _negates_the_summon_told(self, act: dict) -> bool:
        """(round 71) "I go for a Link Summon, my opponent flips Solemn Strike to negate it": a
        card that negates Summons, activated right after a Summon was told, negates that Summon
        (as "... and negates the Summon" tells it: the Summon is only attempted).  False when the
        activation follows no Summon or its card negates none."""
        at = self.events.index(act)
        return self._attempts_summon(self.events[at - 1] if at > 0 else None,
                                     act["effect"].get("card"))

    def _attempts_summon(self, before: dict | None, card: str | None) -> bool:
        """A card that negates Summons, told right after the Summon ``before``: that Summon is
        only attempted (marked so); False when ``before`` is no Summon or the card negates none."""
        if before is None or before.get("kind") != "summon" or not card or not any(
                f.type == "negation_scope" and f.get("what") == "summon"
                for f in self.reading(card).facts):
            return False
        before["attempt"] = True
        return True

    def _negates_answered(self, act: dict, m: Tree) -> None:
        """"... to negate it", "... to negate my monster effect": the link it answers is negated
        (its activation, or its effect, as the negating card says; "negate the Summon or
        activation": what is negated here is an activation)."""
        what = _negated(self.reading(act["effect"]["card"])) if act["effect"].get("card") else None
        if what is None and not act["effect"].get("card"):
            # (round 119) "my opponent chains a Counter Trap to negate it": a card not named, on a
            # Spell/Trap Card's activation, negates that activation, as "my X was negated" is read
            # (a question whose answer turns on which refuses it: ``assumed_negation``)
            answered = next((r for a, r in self.acts if a == act["respond"]), {})
            kind = answered.get("generic") or (self.db.get(answered["card"]).kind
                                               if answered.get("card") else None)
            if kind in ("spell", "trap"):
                what = "activation"
                self.assumed_negation.add(act["respond"])
        if what is None:
            self.fail("say whether it negates the activation or only the effect", m)
        self.events.append({"kind": "negate", "of": act["respond"], "what": what, "by": act["id"]})

    def _step(self, act: dict, action: str, what: str) -> str:
        """A step of what a link does when it resolves; its id lets the question point at it."""
        n = sum(len(e.get("does", [])) for e in self.events if e.get("kind") == "activate")
        sid = f"x{n + 1}"
        act.setdefault("does", []).append({"action": action, "id": sid, "what": what})
        return sid

    def ev_negate(self, ev: Tree) -> None:
        target = next(ch for ch in ev.children if isinstance(ch, Tree)
                      and ch.data in ("neg_activation", "neg_effect", "neg_plain"))
        what = {"neg_activation": "activation", "neg_effect": "effect"}.get(target.data)
        effs = [ch for ch in target.children if isinstance(ch, Tree) and ch.data.startswith("eff_")]
        ir = self.r.effect(effs[0]) if effs else None
        if sub(target, "ord") is not None and ir and ir.get("card"):   # "my first X's effect"
            told_copies(self).setdefault(self.db.get(ir["card"]).name,
                                     {"count": 0, "ords": [], "later": False})["ords"].append(
                low(sub(target, "ord"))[0])
        own = None          # the negating link, when the story just told it
        if ir is None or ir["how"] == "eff_it":           # "negates it", "negates the activation"
            if not self.acts:
                self.fail("what was negated? (tell what was activated first)", target)
            aid, ref = self.acts[-1]
            last = self.events[-1] if self.events else {}
            if sub(ev, "actor") is not None and last.get("id") == aid and last.get("respond") and \
                    self._act_player(aid) == self._player(ev) and \
                    not any(isinstance(c, Tree) and c.data.startswith("eff_") for c in ev.children):
                # (hunt 112 slow run) "I chain Seven Tools. I negate it (in response).": the player
                # who just chained a card negates what that card answers, never that card itself
                own, aid = aid, last["respond"]
                ref = next((r for a, r in self.acts if a == aid), ref)
        else:
            ref = self.effect_ref(ir)
            aid = self._find_act(ref)
            owner = ir.get("owner")
            if aid is not None and owner in ("you", "opponent") and self._act_player(aid) != owner:
                # "they chain their own Solemn Judgment and negate my Solemn Judgment": of two
                # copies told, the one of the player said
                aid = next((a for a, r in reversed(self.acts) if r.get("card") == ref.get("card")
                            and self._act_player(a) == owner), aid)
            if what is None and ir["how"] in ("eff_poss", "eff_of", "eff_its") and \
                    "effect" in low(effs[0]):
                what = "effect"                          # "X's effect was negated"
        if aid is None:
            owner = ir.get("owner") if ir else None
            if owner not in ("you", "opponent"):
                a = sub(ev, "actor")
                negator = self.r.actor(a).get("player") if a is not None else None
                by_effs = [ch for ch in ev.children if isinstance(ch, Tree)
                           and ch.data.startswith("eff_")]
                if negator is None and by_effs:
                    # (hunt 49) "X's effect was negated by my Solemn Strike": the negator's
                    # owner said; X is the other player's
                    negator = self.r.effect(by_effs[-1]).get("owner")
                owner = owner_in_words(low(target)) if negator not in ("you", "opponent") \
                    else None
                owner = owner or {"you": "opponent", "opponent": "you"}.get(negator, "you")
            aid = self._activate(ref, owner, {})
        by = own
        own_card = next((r.get("card") for a, r in self.acts if a == own), None) if own else None
        if what is None and own_card:
            what = _negated(self.reading(own_card))     # what the negating card's text negates
        effs = [ch for ch in ev.children if isinstance(ch, Tree) and ch.data.startswith("eff_")]
        if effs:                                   # "... with Y" / "... by Y": Y negates it
            # (round 95) of Y's effects, the one that negates
            by_ref = self.effect_ref(self.r.effect(effs[-1]), hint=["negate"])
            negator = self._player(ev) if sub(ev, "actor") is not None else \
                {"you": "opponent", "opponent": "you"}[self._act_player(aid)]
            by = self._activate(by_ref, negator, {"respond": True})
        if what is None and effs and by_ref.get("card"):
            # what its "negates" facts say, else what its "negate ..." part says ("negate that
            # effect": the effect; "negate the activation": the activation)
            by_reading = self.reading(by_ref["card"])
            what = _negated(by_reading)
            if what is None and not _negation_kinds(by_reading):
                self.fail(f"say whether {by_ref['card']} negated the activation or only the "
                          "effect", ev)
        if what is None:
            # "my Pot of Desires was negated": a Spell/Trap Card's effect is its activation, and
            # negating the card is most often negating that activation (what a cost or a
            # resolution question needs alike); a monster's is not so plain.  A question whose
            # answer turns on which (a once-per-turn limit) refuses it (``assumed_negation``).
            kind = ref.get("generic") or (self.db.get(ref["card"]).kind if ref.get("card") else None)
            if kind == "monster" and self.pq.family != "again-this-turn":
                # (chains) a once-per-turn question asks it both ways (families/once.py); any
                # other is asked both ways too, and answered when both agree
                if self.negation is None:
                    raise NegationUnsaid(
                        "could not understand the question: say whether the activation or only "
                        "the effect was negated ('the activation of X was negated' / 'X's effect "
                        "was negated')", understood=self.understood, unplaced=self.r.said(ev))
                what = self.negation
            else:
                what = "activation"
                self.assumed_negation.add(aid)
        event = {"kind": "negate", "of": aid, "what": what}
        if by:
            event["by"] = by
            if ref.get("card"):
                # (hunt) "my X's effect was negated by Y. Can it use its effect again?": the card
                # negated is what the story is about; "it" after is X, never the negator Y
                self.last_card = self.db.get(ref["card"]).name
        self.events.append(event)

    def ev_and_negates(self, ev: Tree) -> None:
        """"My opponent chains Y and negates the activation": the subject left out is the activation
        just told, which answers the one it was chained to; Y must be a card that negates."""
        last = self.events[-1] if self.events else None
        if last is None or last.get("kind") != "activate" or not last.get("respond"):
            self.fail("who negates it? (tell the card chained to it first)", ev)
        ref = last["effect"]
        reading = self.reading(ref["card"]) if ref.get("card") else None
        kinds = {k for f in (reading.facts if reading else []) if f.type == "negates"
                 for k in str(f.get("what")).split("-or-")} - {"summon"}
        ws = low(ev)
        what = "effect" if "effect" in ws else "activation" if "activation" in ws else None
        if what is None:
            what = "activation" if kinds == {"activation"} else \
                "effect" if kinds and kinds <= {"effect", "effects"} else None
        negates = bool(kinds) or any(f.type == "clause" and f.get("verb") == "negate"
                                     for f in (reading.facts if reading else []))
        if not ref.get("card") and what is not None:
            # "my opponent chains a Counter Trap and negates its activation": a card told by its
            # kind only does what the story says it does
            negates = True
        if what is None or not negates or (what == "activation" and kinds and "activation" not in kinds):
            self.fail(f"say what {ref.get('card', 'it')} negates: the activation or the effect", ev)
        self.events.append({"kind": "negate", "of": last["respond"], "what": what, "by": last["id"]})

    def _act_player(self, aid: str) -> str:
        for e in self.events:
            if e.get("id") == aid:
                return e["player"]
        return "you"

    def _find_act(self, ref: dict) -> str | None:
        for aid, r in reversed(self.acts):
            if r.get("card") == ref.get("card"):
                return aid
        return None

    def ev_resolve(self, ev: Tree) -> None:
        if sub(ev, "link_num") is not None:
            return self._link_resolves(ev)
        effs = [ch for ch in ev.children if isinstance(ch, Tree) and ch.data.startswith("eff_")]
        if not effs and getattr(self, "resolved_by_noresp", False) and self.events and \
                self.events[-1].get("kind") == "resolve":
            self.resolved_by_noresp = False     # "nobody responds and the effect resolves": once
            return
        if effs and effs[0].data == "eff_it" and self.acts and \
                self.events and self.events[-1].get("kind") != "resolve":
            # "I activate X targeting my Y. It resolves": "it" is the activation told last, not
            # the card named last (its target)
            self.resolved_untold = [*getattr(self, "resolved_untold", []), self.acts[-1][0]]
            self.events.append({"kind": "resolve"})
            return
        if effs:
            ref = self.effect_ref(self.r.effect(effs[0]))
            aid = self._find_act(ref)
            if aid is None and sub(ev, "actor") is not None:
                aid = self._activate(ref, self._player(ev), {})   # "I resolve X": X was activated
            if aid is None:
                if self.acts:
                    self.fail(f"{self.r.said(effs[0])!r} resolves, but it was not activated", ev)
                # "My opponent's X resolves": the first thing told, so it was activated then
                owner = self.r.effect(effs[0]).get("owner")
                aid = self._activate(ref, owner if owner in ("you", "opponent") else "you", {})
                if owner not in ("you", "opponent"):     # a later step may tell whose it was
                    self.player_unsaid = getattr(self, "player_unsaid", set()) | {aid}
            # (hunt) "I chain MST. Monster Reborn resolves and Special Summons a monster": what
            # follows is done by the link told resolving, not the one told last (the links chained
            # to it resolved first: game-rules#chain.3)
            self.told_resolving = aid
            self.resolved_untold = [*getattr(self, "resolved_untold", []), aid]
        self.events.append({"kind": "resolve"})

    def _link_resolves(self, ev: Tree) -> None:
        """"Chain Link 2 resolves": the link told with that number resolves alone, the links under
        it still to resolve (what is told next happens between them); a link that resolved
        already is refused, unless the story's reading had the Chain resolve right after a
        response told by what it did (then it is said again)."""
        node = sub(ev, "link_num")
        said = self.r.said(node)
        n = int(str(tokens(node, "XNUM")[0]))
        if not any(e.get("kind") == "activate" and e.get("id") for e in self.events):
            # (sisterGK) "X was Special Summoned as Chain Link 2, then Chain Link 1 resolved": a
            # Chain told only by its links' numbers, which the lexicon's reading tells ("the
            # Chain resolves")
            self.fail("the situation model has no place for " + repr(said) + " (no activation "
                      "was told as that Chain Link)", node)
        aid = self.told_link({"link": n, "text": said})
        open_ids = [a["id"] for a in chain_told(self.events)[0]]
        if aid not in open_ids:
            last = self.events[-1] if self.events else None
            if last is None or last.get("kind") != "resolve" or \
                    id(last) not in getattr(self, "implied_resolves", set()):
                self.fail(f"{said!r} resolves, but it resolved already (a Chain resolves from "
                          "its last link down to Chain Link 1)", ev)
            return
        self.told_resolving = aid
        self.resolved_untold = [*getattr(self, "resolved_untold", []), aid]
        if open_ids[1:][-1:] == [aid]:
            self.events.append({"kind": "resolve", "of": aid})
        elif open_ids[:1] == [aid]:
            # Chain Link 1, the last to resolve: the Chain (the links above it, said or not,
            # resolved first: "... as Chain Link 2 and destroy X; then Chain Link 1 resolves")
            self.events.append({"kind": "resolve"})
        else:
            self.fail(f"{said!r} resolves before the links chained to it", ev)

    def resolving_act(self) -> str:
        """The link a "... resolves and does X" clause speaks of: the one told resolving, else
        the one told last."""
        told = getattr(self, "told_resolving", None)
        return told if told is not None and any(a == told for a, _r in self.acts) else self.acts[-1][0]

    def ev_used(self, ev: Tree) -> None:
        """"I already used X this turn", "my Baronne de Fleur used its destroy effect"."""
        effs = [ch for ch in ev.children if isinstance(ch, Tree) and ch.data.startswith("eff_")
                and ch.data not in EFF_PARTS]
        a = sub(ev, "actor")
        told_by = self.r.actor(a).get("effect") if a is not None else None
        if told_by and told_by.get("card"):      # "my X used its ... effect": "its" is X's
            self.last_card = self.db.get(told_by["card"]).name
        descs = [" ".join(low(d)) for d in ev.iter_subtrees_topdown() if d.data == "eff_desc"]
        if low(ev)[:3] == ["one", "of", "them"]:
            # "I control two X. One of them used its effect this turn": the first of the copies
            copies = [c for c, n in told_copies(self).items() if n.get("count", 0) >= 2]
            if len(copies) != 1:
                self.fail("one of which copies? (tell them first: 'I control two X')", ev)
            ir = card_ir(copies[0], self.r.said(ev), desc=descs)
            told_copies(self)[copies[0]]["ords"].append("first")
            self._activate(self.effect_ref(ir), "you", {})
            self.events.append({"kind": "resolve"})
            return
        if effs:
            ir = self.r.effect(effs[0])
        elif any(getattr(t, "type", "") == "XCARD" for t in ev.children):
            card = self.r.card(next(t for t in ev.children if getattr(t, "type", "") == "XCARD"))
            # (chains) "X used its banish (effect)": the effect by what it does
            ir = card_ir(card, self.r.said(ev), desc=descs)
            if a is None and low(ev)[:1] != ["my"] and sub(ev, "poss") is None:
                # (chains) "X used its ... effect": whose X is not said; only a question about that
                # same card can be answered (families/once.py)
                self.owner_unsaid = True
        else:                                     # "X used its destroy effect"
            owner = self.r.actor(a)
            if not owner.get("effect"):
                self.fail("which effect was used?", ev)
            self.effect_ref(owner["effect"])        # names the card "its" refers to
            ir = {"how": "eff_its", "card": None, "ord": None, "desc": descs, "quote": None,
                  "rel": None, "text": self.r.said(ev)}
        ref = self.effect_ref(ir)
        player = self.r.actor(a).get("player") if a is not None else \
            (self.r.player(sub(ev, "poss")) or "you")
        if sub(ev, "ord") is not None and ref.get("card"):    # "my first X resolved"
            told_copies(self).setdefault(ref["card"], {"count": 0, "ords": [], "later": False})[
                "ords"].append(low(sub(ev, "ord"))[0])
        player = player if player in ("you", "opponent") else "you"
        if ref.get("card") and any(r.get("card") == ref["card"] and self._act_player(aid) == player
                                   for aid, r in self.acts):
            # "I activate X. They negate it. I already used X this turn.": the use is the
            # activation told (with what became of it), not another one that resolved
            return
        self._activate(ref, player, {})
        self.events.append({"kind": "resolve"})

    def ev_noresp(self, ev: Tree) -> None:
        """"nobody responds": nothing is chained, so the Chain resolves now."""
        if not self.acts:
            self.fail("nobody responds to what? (tell what was activated first)", ev)
        self.events.append({"kind": "resolve"})
        self.resolved_by_noresp = True

    def ev_pass(self, ev: Tree) -> None:
        """"I chain nothing", "opp passes": that player does not respond to the link just told;
        nothing happens, and the other player may still chain (the Chain resolves only when told
        so).  The pass is kept: that player is not asked to answer the same link, nor anyone once
        both passed in a row (:meth:`Situate._refuse_a_response_after_passing`)."""
        if not self.acts:
            self.fail("passes on what? (tell what was activated first)", ev)
        self.passes.append({"player": self._player(ev), "events": len(self.events)})

    def ev_cost_then_act(self, ev: Tree) -> None:
        """(readA) "My opponent reveals 3 Spellbook Spells and activates X's effect to Special Summon
        it": the activation, with the cost told before it (checked against the effect's cost)."""
        from .words import thing_words, words_fit
        verb = self.r.action(sub(ev, "card_cost_verb"))
        kids = [c for c in ev.children if not (isinstance(c, Tree) and c.data in
                                                ("card_cost_verb", "thing", "thing_post"))
                and str(c).lower() != "and"]
        before = len(self.events)
        self.ev_activate(Tree("ev_activate", kids))
        act = next(e for e in self.events[before:] if e.get("kind") == "activate")
        ref = act["effect"]
        found = self.effect_of(ref)
        if found is None:
            self.fail("which effect was that cost for?", ev)
        reading, eid = found
        thing = sub(ev, "thing")
        obj = thing_words(self.r.said(thing))
        costs = [f for f in reading.facts if f.type == "cost_action" and f.get("effect") == eid
                 and f.get("verb") == verb and f.source is not None]
        if not costs or obj and not any(words_fit(obj, f.source.quote) for f in costs):
            self.fail(f"{ref.get('card')}'s cost is not to {verb} {self.r.said(thing)}", ev)
        if verb in MOVED:
            act["cost"] = [{"action": MOVED[verb], "what": self.entity(self.r.thing(thing))}]
        self.told_costs[act["id"]] = verb

    def ev_did(self, ev: Tree) -> None:
        """"... and banishes it", "it destroys my Bixi": what the link just told does when it
        resolves ("it" is the card of the link it answers)."""
        if not self.acts:
            self.fail("what does it? (tell what was activated first)", ev)
        doer = self.acts[-1][0]
        if self.events and self.events[-1].get("kind") == "resolve" and \
                getattr(self, "told_resolving", None) is not None:
            # (hunt) "X resolves and destroys Y" after a later link was told: what X did (the
            # link told resolving), not the link told last
            doer = self.resolving_act()
        act = next(e for e in self.events if e.get("id") == doer)
        if low(ev)[-1:] == ["first"] and not act.get("respond"):
            # "... and banishes that monster first": first, before the link it answers
            self.fail("'first': before what? (tell what it responds to)", ev)
        verb = self.r.action(sub(ev, "did_verb"))
        t = self.r.thing(sub(ev, "thing"))
        if self._did_is_cost(act, verb, t, ev):
            return
        if verb in ("discard", "tribute") and act["effect"].get("card") and \
                not self._link_makes_do(act["effect"], verb) and not any(
                    f.type in ("cost_action", "clause", "clause_verb") and f.get("verb") == verb
                    for f in self.reading(act["effect"]["card"]).facts):
            # (hunt) "I chain Mystical Space Typhoon, discarding Shaddoll Beast": a card whose
            # text neither pays nor does that is not what did it
            self.fail(f"{act['effect']['card']}'s text neither pays nor does "
                      f"{self.r.said(ev)!r}", ev)
        places = [self.r.place(p) for p in ev.iter_subtrees_topdown() if p.data == "place"]
        action = moved_by_verb(verb, places)
        if action is None:
            self.fail(f"the situation model has no step for {self.r.said(ev)!r}", ev)
        targeted = [x for e in self.events if e.get("kind") == "activate" and e is not act
                    for x in e.get("targets", [])]
        to = next((e for e in self.events if e.get("id") == act.get("respond")), None)
        aimed = list(dict.fromkeys(to.get("targets") or [])) if to else []
        own = list(dict.fromkeys(act.get("targets") or []))
        if own and (_points_at_told(t) or t["pronoun"] and t["words"][:1] == ["that"]) and \
                len(described_target(self, t["words"], own, verb)) == 1:
            # (hunts 120, 121) "I chain MST targeting a Set card ... MST resolves and destroys the
            # Set card / that card": the card its own activation targets, that the words describe
            what = described_target(self, t["words"], own, verb)[0]
        elif t["words"][:1] == ["that"] and len(aimed) == 1 and act.get("respond") and \
                t["words"][-1] == "card" and t["words"][1:-1] in ([], ["same"]) and \
                self._it_answered(act, verb, ev):
            # "chains Cosmic Cyclone and banishes that card": the card of the link it answers
            # (Cosmic Cyclone cannot banish the monster that link targets)
            what = self._answered_card(act, ev)
        elif t["words"][:1] == ["that"] and len(aimed) == 1 and act.get("respond") and \
                t["words"][-1] in ("monster", "card") and t["words"][1:-1] in ([], ["same"]):
            # "chains D.D. Crow and banishes that monster": the one card the link it answers
            # targets leaves
            what = aimed[0]
            if action in ACTION_VERBS:
                note_change(self, what, {"left": True}, by=act["id"])
        elif t["pronoun"] and act.get("targets") and act.get("respond") and \
                set(act["targets"]) <= set(aimed):
            # "chains Called by the Grave targeting that monster and banishes it": its own target,
            # which the link it answers targets too
            what = act["targets"][-1]
            if action in ACTION_VERBS:
                note_change(self, what, {"left": True}, by=act["id"])
        elif t["pronoun"] and len(set(act.get("targets") or [])) == 1:
            # "X targets their monster. X resolves and destroys it", "I chain X targeting my
            # monster and destroy it": the one card X targets
            what = act["targets"][0]
        elif t["pronoun"] and act.get("respond") and len(aimed) == 1 and \
                self._cannot_act_on_answered(act, to, verb):
            # "opp uses Monster Reborn on my X, I chain D.D. Crow and banish it": a card that acts on
            # a card in the GY (or banished) cannot act on the card just activated on the field:
            # "it" is the one card the link it answers targets
            what = aimed[0]
            if action in ACTION_VERBS:
                note_change(self, what, {"left": True}, by=act["id"])
        elif t["pronoun"]:
            if len(aimed) == 1 and act.get("respond") and \
                    self._it_ambiguous(act, to, verb, monsters=True):
                self.fail(f"which card is 'it': {to['effect'].get('card')} or the card it targets? "
                          "(both can be as its text says: name it)", ev)
            what = self._answered_card(act, ev, verb)
        elif targeted and t["words"][:2] in (["one", "of"], ["1", "of"]) and act.get("respond"):
            # "chains X and banishes one of those 5 monsters": one of the targets leaves
            what = self._which_target(t, targeted, ev)
            if action in ACTION_VERBS:
                note_change(self, what, {"left": True}, by=act["id"])
        elif aimed and act.get("respond") and _points_at_told(t) and \
                len(described_target(self, t["words"], aimed, verb)) == 1:
            # "chains D.D. Crow and banishes the one in my GY": the one card of those the link it
            # answers targets that the words describe leaves
            what = described_target(self, t["words"], aimed, verb)[0]
            if action in ACTION_VERBS:
                note_change(self, what, {"left": True}, by=act["id"])
        else:
            owner = owner_in_words(t["words"])
            what = self.entity(t, **({"controller": owner} if owner else {}))
            if what in aimed and act.get("respond") and action in ACTION_VERBS:
                # "chains X and returns my Unchained monster to the hand": a target told before
                note_change(self, what, {"left": True}, by=act["id"])
        self._step(act, action, what)
        self.last_did = act

    def _did_is_cost(self, act: dict, verb: str | None, t: dict, ev: Tree) -> bool:
        """(readA) "My opponent activates Pot of Desires and banishes 10 cards": when the effect
        does that action only as its cost (before the ';'), it is the cost, told."""
        found = self.effect_of(act["effect"]) if act["effect"].get("card") and \
            not act.get("does") else None
        if found is None or verb is None:
            return False
        from .words import thing_words, words_fit
        reading, eid = found
        costs = [f for f in reading.facts if f.type == "cost_action" and f.get("effect") == eid
                 and f.get("verb") == verb and f.source is not None]
        later = [f for f in reading.facts if f.type in ("clause", "clause_verb")
                 and f.get("effect") == eid and f.get("verb") == verb]
        bullets = [f for f in reading.facts if f.type == "cost_action" and f.get("verb") == verb
                   and str(f.get("effect", "")).startswith(f"{eid}.")]
        if not costs and bullets and not later and not t.get("pronoun"):
            # (hunt) "Player A activates Enemy Controller, Tributing Peten": the cost of one of its
            # bullets, whose effect is not said; never read as what it does when it resolves
            self.fail(f"{self.r.said(ev)!r} is the cost of one of the bulleted effects of "
                      f"{act['effect']['card']}, which the situation model does not place", ev)
        if costs and later and not act.get("respond") and not t.get("pronoun"):
            # (hunt) "Player A activates Share the Pain, Tributing Peten": its text Tributes both
            # as its cost and as it resolves; which one is told is not said
            self.fail(f"{self.r.said(ev)!r}: as the cost of {act['effect']['card']}, or as it "
                      f"resolves? (say 'as the cost', or '{act['effect']['card']} resolves and "
                      "...')", ev)
        if not costs or later:
            return False
        if t.get("pronoun"):
            # "they chain Stardust Dragon's effect, Tributing it": a cost its text pays with the
            # card itself ("Tribute this card") is done to that card, never to the one answered
            if act.get("cost") or not all(names_this_card(f.source.quote) for f in costs):
                return False
            self._self_cost(act, act["effect"], verb, ev)
            self.told_costs[act["id"]] = verb
            return True
        if act.get("respond"):
            to = next((e for e in self.events if e.get("id") == act.get("respond")), None)
            answered = {(to or {}).get("effect", {}).get("card"), *((to or {}).get("targets") or [])}
            # (``costs`` are already this verb's, each with its source)
            if not t.get("card") or t["card"] in answered or verb not in MOVED:
                return False
            # (hunt) "Player B chains Magic Jammer, discarding Shaddoll Beast": a card named that
            # the link answered neither is nor targets, moved as the chained card's only way to
            # do that (its cost): the cost, told
            act["cost"] = [{"action": MOVED[verb], "what": self.entity(t)}]
            self.told_costs[act["id"]] = verb
            return True
        obj = thing_words(t["text"])
        if obj and not t.get("card") and not any(words_fit(obj, f.source.quote) for f in costs):
            self.fail(f"{act['effect']['card']}'s cost is not to {verb} {t['text']}", ev)
        if verb in MOVED:
            act["cost"] = [{"action": MOVED[verb], "what": self.entity(t)}]
        self.told_costs[act["id"]] = verb
        return True

    def ev_eff_did(self, ev: Tree) -> None:
        """"Mirror Force destroys Lightpulsar Dragon": what the link of that card does when it
        resolves, said with the card as its subject (as "... and destroys it" says it of the link
        just told).  The first thing told is an activation of that card; a link told before the
        last one is refused (say it in the order it happens)."""
        effs = [ch for ch in ev.children if isinstance(ch, Tree) and ch.data.startswith("eff_")]
        ir = self.r.effect(effs[0])
        ref = self.effect_ref(ir)
        aid = self._find_act(ref)
        if aid is None:
            if self.acts:
                self.fail(f"{self.r.said(effs[0])!r} was not activated before", ev)
            owner = ir.get("owner")
            aid = self._activate(ref, owner if owner in ("you", "opponent") else "you", {})
            if owner not in ("you", "opponent"):     # by whom is not said ("X is activated")
                self.unsaid_activator.add(aid)
        elif aid != self.acts[-1][0]:
            self.fail(f"{self.r.said(effs[0])!r} is not the last link told: tell what it does "
                      "right after it", ev)
        self.ev_did(Tree("ev_did", [c for c in ev.children if isinstance(c, Tree)
                                    and not c.data.startswith("eff_")]))

    def ev_eff_did_each(self, ev: Tree) -> None:
        """"Z destroys my X and my opponent's Y": :meth:`ev_eff_did` of several
        cards at once."""
        effs = [ch for ch in ev.children if isinstance(ch, Tree) and ch.data.startswith("eff_")]
        self.ev_eff_did(Tree("ev_eff_did", [effs[0], *(c for c in ev.children if isinstance(
            c, Tree) and c.data == "did_verb"), *subs(ev, "thing")[:1]]))
        self._did_more(ev)

    def ev_did_each(self, ev: Tree) -> None:
        """"... it destroys my X and my opponent's Y": :meth:`ev_did` of several cards
        named (or said by whose and what they are), done at once by the same link."""
        self.ev_did(Tree("ev_did", [sub(ev, "did_verb"), subs(ev, "thing")[0]]))
        self._did_more(ev)

    def _did_more(self, ev: Tree) -> None:
        """The cards after the first of a clause that says the link did one action to several:
        each a step of that link, at the same time as the first (no "then" between them).  Only
        cards named or described, never "it" or one of the targets."""
        act = getattr(self, "last_did", None)
        if act is None or not act.get("does"):
            self.fail(f"{self.r.said(ev)!r}: what did it do first?", ev)
        first = act["does"][-1]
        for node in subs(ev, "thing")[1:]:
            t = self.r.thing(node)
            if t["pronoun"] or t["words"][:2] in (["one", "of"], ["1", "of"]):
                self.fail(f"{self.r.said(node)!r}: which card? (name it)", node)
            owner = owner_in_words(t["words"])
            what = self.entity(t, **({"controller": owner} if owner else {}))
            self._step(act, first["action"], what)

    def ev_did_flip(self, ev: Tree) -> None:
        """"... chains Book of Moon and changes that monster to face-down Defense Position": the
        link just told turns a card the link it answers targets face-down (or face-up)."""
        if not self.acts:
            self.fail("what does it? (tell what was activated first)", ev)
        act = next(e for e in self.events if e.get("id") == self.acts[-1][0])
        to = next((e for e in self.events if e.get("id") == act.get("respond")), None)
        aimed = list(dict.fromkeys(to.get("targets") or [])) if to else []
        if not act.get("respond") or not aimed:
            self.fail("which targeted card does it change?", ev)
        t = self.r.thing(sub(ev, "thing"))
        what = self._which_target(t, aimed, ev) if not (t["pronoun"] and len(aimed) == 1) else aimed[0]
        face = "face-down" if "face-down" in low(ev) else "face-up"
        note_change(self, what, {"property": "face", "value": face})

    def ev_card_acts(self, ev: Tree) -> None:
        """"my opponent's monster on the field activates its trigger effect": an effect of a card
        the question does not name, known by its kind only."""
        card = sub(ev, "acting_card")
        ws = low(card)
        kind = next(k for k in ("monster", "spell", "trap", "card") if k in ws)
        descs = [" ".join(low(d)) for d in subs(ev, "eff_desc")]
        if kind == "card" or any(d not in ("trigger", "quick", "ignition", kind) for d in descs):
            self.fail("an effect of a card that is not named is known only by the kind of card "
                      "('a monster effect', 'a Quick-Play Spell')", ev)
        player = self.r.player(sub(card, "poss"))
        if player not in ("you", "opponent"):
            self.fail(f"whose is {self.r.said(card)!r}?", card)
        on_field = "field" in ws
        # "my opponent's monster in the GY / in their hand": where it is when it activates
        elsewhere = "gy" if ("gy" in ws or "graveyard" in ws) else "hand" if "hand" in ws else \
            "banished" if "banished" in ws else None
        ent = {"desc": self.r.said(card), "controller": player, "kind": kind}
        if on_field:
            ent["place"] = "field"
        elif elsewhere:
            ent["place"] = elsewhere
        if "face-up" in ws or (on_field and kind == "monster" and "face-down" not in ws):
            ent["face"] = "up"
        eid = f"m{len(self.entities) + 1}"
        self.entities[eid] = ent
        info = {**self._when(ev), **self._mods(ev)}
        if on_field:
            info["from"] = "field"
        elif elsewhere in ("gy", "hand"):
            info["from"] = elsewhere
        aid = self._activate({"generic": kind}, player, info)
        next(e for e in self.events if e.get("id") == aid)["source"] = eid
        self.last_entity = eid

    def ev_then_does(self, ev: Tree) -> None:
        """", whose effect then (goes on to) Special Summon(s) X and a Token": later steps of the
        link just told."""
        if not self.acts:
            self.fail("whose effect? (tell what was activated first)", ev)
        act = next(e for e in self.events if e.get("id") == self.acts[-1][0])
        verb = self.r.action(sub(ev, "act_verb"))
        if verb != "special-summon":
            self.fail(f"the situation model has no step for {self.r.said(ev)!r}", ev)
        first = True
        for th in subs(ev, "thing"):
            t = self.r.thing(th)
            what = self.entity(t, kind="monster")
            sid = f"s{len(self.summons) + 1}"
            step = {"action": "summoned", "id": sid, "what": what, "summon-kind": "by-effect"}
            if first:
                step["then"] = True
                first = False
            act.setdefault("does", []).append(step)
            self.summons.append((sid, {"summon-kind": "by-effect", "by": act["id"]}))

    def ev_then_part(self, ev: Tree) -> None:
        """"..., then my opponent Sets a card" / "my opponent does not Set a card with it": a later
        part (after "then") of the effect of the link that resolved last, done (a step after the
        ones told) or not done (that part fails).  Its verb must be such a part's."""
        stepped = [e for e in self.events if e.get("kind") == "activate" and e.get("does")]
        if not stepped:
            self.fail("a later part of which effect? (tell what it did first)", ev)
        act = stepped[-1]
        found = self.effect_of(act["effect"])
        word = low(sub(ev, "later_verb"))[0]
        verb = "set" if word.startswith("set") else "draw"
        if found is None:
            self.fail("which effect's part is that?", ev)
        reading, eid = found
        later = {f.get("right") for f in reading.facts if f.type == "link" and f.get("effect") == eid
                 and f.get("kind") in ("then", "then-can", "after-that", "also-after-that")}
        parts = [f.get("n") for f in reading.facts if f.type == "clause" and f.get("effect") == eid
                 and f.get("verb") == verb and f.get("n") in later]
        if len(parts) != 1:
            self.fail(f"{act['effect'].get('card')} has no part after 'then' that does that", ev)
        if any(w in ("not", "n't") for w in low(ev)):
            self.told_suppose.append({"fails": {"effect": act["effect"], "part": parts[0]}})
            return
        if sub(ev, "both_players") is None:
            self._player(ev)
        act["does"].append({"action": "set" if verb == "set" else "drawn", "then": True,
                            "id": f"{act['id']}.part{parts[0]}"})

    def ev_then_chain(self, ev: Tree) -> None:
        """"..., then chain my own Set X": the player who activated last chains X."""
        if not self.acts:
            self.fail("chains to what? (tell what was activated first)", ev)
        player = self._act_player(self.acts[-1][0])
        poss = sub(ev, "poss")
        if poss is not None and self.r.player(poss) != player:
            self.fail("who chains it?", ev)
        card = self.r.card(next(t for t in ev.children if getattr(t, "type", "") == "XCARD"))
        ref = self.effect_ref(card_ir(card))
        info = {**self._mods(ev), "respond": True}
        if "set" in low(ev):
            if self.db.get(ref["card"]).kind not in ("spell", "trap"):
                self.fail("only a Spell or Trap is Set", ev)
            info["from"] = "set"
        self._activate(ref, player, info)

    def _told_cost(self, event: dict, aid: str, ref: dict, verb: str | None, node: Tree) -> None:
        """"I activate Skill Drain, paying 1000 LP": the activated effect's cost, as told; it must be
        that effect's cost (its action and what it is done to), or the question is refused."""
        from ..reader.select import select_effect
        from .words import card_fits, thing_words, words_fit

        said = self.r.said(node).strip(" ,")
        card = ref.get("card")
        if card is None or verb is None:
            self.fail(f"{said!r}: the cost of which card?", node)
        reading = self.reading(card)
        try:
            eid = select_effect(reading, ref)
        except QuestionError:
            eid = None
        costs = [f for f in reading.facts if f.type == "cost_action" and f.get("verb") == verb
                 and (eid is None or f.get("effect") == eid) and f.source is not None]
        obj = thing_words(" ".join(self.r.said(t) for t in subs(node, "thing")))
        named = [self.r.thing(t).get("card") for t in subs(node, "thing")]
        if len(named) == 1 and named[0] and costs:
            # (round 92) "activate X, discarding Dandylion" ("Discard 1 card"): a named card fits
            # a cost that says a card of its kind, as when the cost is told before the activation
            fit = any(card_fits(self.db.get(named[0]).kind, f.source.quote) for f in costs)
        else:
            fit = not obj or obj in (["it"], ["itself"]) or \
                any(words_fit(obj, f.source.quote) for f in costs)
        if not costs or not fit:
            if not costs and any(f.type == "clause" and f.get("verb") == verb and
                                 (eid is None or f.get("effect") == eid) for f in reading.facts):
                # "they chain D.D. Crow banishing one": what the card does, not its cost (the
                # second reading may read it so)
                self.fail(f"{card} has no effect whose cost is {said!r} (it is what it does)", node)
            self.fail(f"{card}'s cost is not {said!r}", node)
        if verb in MOVED:
            things = subs(node, "thing")
            what = self.entity(self.r.thing(things[0]))
            event["cost"] = [*event.get("cost", []), {"action": MOVED[verb], "what": what}]
            if any(what in (e.get("targets") or []) for e in self.events
                   if e.get("kind") == "activate" and e is not event):
                # "they chain Emergency Provisions, sending the targeted Swords to the GY": a card
                # an earlier link targets leaves its place as this link's cost
                from .targets import note_change
                note_change(self, what, {"left": True})
        self.told_costs[aid] = verb

    def _self_cost(self, event: dict, ref: dict, verb: str | None, node: Tree) -> None:
        """"activates Ash Blossom (discarding it)": the activated card is moved as the cost; the
        card must have an effect whose cost does that, and a discarded card was in the hand."""
        card = ref.get("card")
        if card is None or verb not in MOVED:
            self.fail(f"{self.r.said(node)!r}: which card is moved for the cost?", node)
        reading = self.reading(card)
        costs = [f for f in reading.facts if f.type == "cost_action" and f.get("verb") == verb]
        if not costs:
            self.fail(f"{card} has no effect whose cost is {self.r.said(node)!r}", node)
        event["cost"] = [{"action": MOVED[verb], "what": self.entity(
            {"card": card, "text": card, "words": [], "pronoun": False})}]
        # discarding is from the hand; "send this card from your hand to the GY" says so
        if verb == "discard" or all(f.source is not None and cost_from_own_hand(f.source.quote)
                                    for f in costs):
            event["from"] = "hand"


def _points_at_told(t: dict) -> bool:
    """Do a thing's words point at a card told before ("the one in my GY", "that monster", "my
    targeted card"), not at a new one ("a monster", "another card", "2 cards")?"""
    ws = [w.lower() for w in t.get("words", [])]
    return bool(ws) and not t.get("card") and not t.get("pronoun") and \
        ws[0] in ("the", "that", "this", "my", "your", "their", "his", "her", "opponent's") and \
        not {"another", "other", "all", "both", "each", "every"} & set(ws) and \
        not any(w.isdigit() and w != "1" for w in ws)


def _negation_kinds(reading) -> set[str]:
    """What a card's "negates" facts say it negates, other than a Summon ("negate the Summon or
    activation": an activation here)."""
    return {k for f in reading.facts if f.type == "negates"
            for k in str(f.get("what")).split("-or-")} - {"summon"}


def _what_of(kinds: set[str]) -> str | None:
    """"activation" or "effect" when the kinds say one of them only, else None."""
    return "activation" if kinds == {"activation"} else \
        "effect" if kinds and kinds <= {"effect", "effects"} else None


def _negated(reading) -> str | None:
    """What a card that answers activations negates: "activation" or "effect" (its "negates"
    facts, else the words of its negating clauses), None when both or neither."""
    kinds = _negation_kinds(reading)
    what = _what_of(kinds)
    if what is None and not kinds:
        said = {("activation" if "activation" in q else "effect" if "effect" in q else None)
                for q in (str(f.source.quote).lower() for f in reading.facts
                          if f.type == "clause" and f.get("verb") == "negate" and f.source)}
        said.discard(None)
        what = said.pop() if len(said) == 1 else None
    return what
