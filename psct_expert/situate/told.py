"""A parsed question's told situation → ordered ``situation`` events and entities.

The told situation (sentences before the question, clauses such as "When my X is sent to the GY,
...") becomes the spec's ordered ``situation`` events (docs/question-spec.md).  :class:`Situate`
walks the sentences and hands each clause to the event method of its grammar rule; the event
methods live in per-topic mixins (effect references :mod:`.refs`, activations and Chains
:mod:`.chains`, Summons :mod:`.summons`, moves and places :mod:`.moves`, targets :mod:`.targets`,
holdings :mod:`.holdings`, copies :mod:`.copies`, phases and turns :mod:`.phases`, negated attacks
:mod:`.battle`, negated Summons of the player's own :mod:`.ownsummons`, Summons and
moves by how they were done :mod:`.procedures`, pieces that decide a part of one effect
:mod:`.parts`).  A clause the situation model has no event for is refused, naming it.
"""

from __future__ import annotations

import re

from lark import Token, Tree

from ..cards import CardDB
from ..errors import QuestionError
from ..parser import ParsedQuestion
from ..parser.transform import Reader, find, low, sub, subs
from ..reader import Reading
from .battle import BattleEvents
from .chains import ChainEvents
from .copies import CopyEvents
from .holdings import HoldingEvents, count_the_excepted, note_held
from .moves import MoveEvents, moves_from_places_told
from .ownsummons import OwnSummonEvents
from .parts import PartEvents
from .phases import PhaseEvents
from .procedures import ProcedureEvents
from .refs import EffectRefs
from .resolved import ResolvedEvents
from .refusals import (refuse_a_negation_its_text_cannot_make, refuse_a_negation_left_out, refuse_a_past_time_as_now,
                       refuse_a_turn_lock_across_turns, refuse_a_use_of_an_earlier_turn,
                       refuse_a_summon_not_yet_done, refuse_asked_card_out_of_place,
                       refuse_copies_in_one_chain, refuse_held_for_no_activation,
                       refuse_impossible_summons,
                       refuse_other_card_than_the_only_one,
                       refuse_unplaced_zones, refuse_untold_links, refuse_untold_replay_parts,
                       OTHER_FIELD)
from .summons import SummonEvents
from .targets import TargetEvents
from .topics import TargetGoneEvents, TopicEvents
from .waits import waits_on
from .words import COUNT_WORDS, owner_in_words


class TurnUnsaid(QuestionError):
    """A phase told with no player ("in Main Phase 2"): the question is then read in each player's
    turn (:func:`.families.situate_question`), and answered when both agree."""


# the words that say whose cards a count is of ("my opponent's 2 Set cards")
_POSSESSIVE_LEAD = frozenset({"my", "your", "their", "his", "her", "the", "opponent's", "opp's"})


class Situate(EffectRefs, ChainEvents, SummonEvents, MoveEvents, TargetEvents, HoldingEvents, CopyEvents,
              PhaseEvents, ProcedureEvents, PartEvents, TopicEvents,
              TargetGoneEvents, BattleEvents, OwnSummonEvents, ResolvedEvents):
    """One question's told situation, read clause by clause into events and entities."""

    def __init__(self, pq: ParsedQuestion, db: CardDB, negation: str | None = None,
                 turn: str | None = None):
        self.pq = pq
        # a phase told with no player ("can I activate X in Main Phase 2?"): read as this player's
        # turn when the question is asked in both (:func:`.families.situate_question`)
        self.turn = turn
        # "my X was negated" of a monster, not said which: read as this one ("activation" or
        # "effect") when the question is asked both ways (:func:`.families.situate_question`)
        self.negation = negation
        self.db = db
        self.r = Reader(pq.words.cards, pq.words.quotes, pq.words.written)
        self.readings: dict[str, Reading] = {}
        self.events: list[dict] = []
        self.entities: dict[str, dict] = {}
        self.acts: list[tuple[str, dict]] = []       # (activation id, effect ref)
        self.summons: list[tuple[str, dict]] = []    # (summon id, event)
        self.understood = {"cards": pq.cards, "family": pq.family}
        self.last_card: str | None = None
        self.unsaid_summoner: set[str] = set()
        self.field_said: set[str] = set()          # named cards told "to <a player's> field"
        self.changed: dict[str, dict] = {}        # targets changed before the effect resolved
        self.protected: str | None = None         # a card told to be protected from targeting
        self.protected_from: str | None = None    # ... from one player's effects ("by my card effects")
        self.responding = False                   # the clause being read follows "in response"
        self.told_costs: dict[str, str] = {}      # activation id -> the cost verb told for it
        self.told_states: list[dict] = []         # what a player was told to have
        self.card_owner: dict[str, str | None] = {}  # a named card's player, as the story said it
        self.granted: set[str] = set()            # Summons an effect let a player make
        self.unsaid_player: list[str] = []        # activations whose player the sentence leaves open
        self.cannot: list[str] = []               # actions told to be impossible now ("no cards to discard")
        self.past_phases: list[dict] = []         # phases told of a past event ("... summoned ... during their turn")
        self.told_suppose: list[dict] = []        # later parts told not done ("does not Set a card")
        self.self_gone: dict[str, str] = {}       # activations whose own card left the field before resolving
        self.self_changed: dict[str, dict] = {}   # activations whose own card changed face or position before resolving
        self.self_changed_read: set[str] = set()  # ... those a question form read
        self.passes: list[dict] = []              # players told to pass ("opp passes"), after how many events
        self.to_resolve: dict[str, str] = {}      # Summon id -> the activation that makes it
        self.set_this_turn: set[tuple[str, str]] = set()   # (card, player) told Set this turn
        self.set_told_at: dict[tuple[str, str], int] = {}  # ... and how many events were told before
        self.unsaid_activator: set[str] = set()   # activations told with no player ("X is activated")
        self.assumed_negation: set[str] = set()   # "X was negated": its activation, not said so
        self.told_effects: dict[str, object] = {}  # card -> the one effect of it said (None: two)

    def turn_of_phase(self, node, example: str) -> str:
        """Whose turn a phase told with no player is ("in Main Phase 2"): the turn the question
        is being read in, when it is read in both; else :class:`TurnUnsaid` asks for both."""
        if self.turn is not None:
            return self.turn
        raise TurnUnsaid(f"could not understand the question: whose turn? ({example!r})",
                         understood=self.understood,
                         unplaced=self.r.said(node) if node is not None else None)

    def fail(self, why: str, node=None):
        raise QuestionError(f"could not understand the question: {why}", understood=self.understood,
                            unplaced=self.r.said(node) if node is not None else None)

    def situation(self, tree: Tree) -> None:
        for lead in subs(tree, "lead"):
            ph = sub(lead, "ev_phase")          # "During the Damage Step, my opponent ..."
            if ph is not None:
                self.clause(ph)
            self.sit(sub(lead, "sit"))
        q = sub(tree, "question")
        for pre in q.iter_subtrees_topdown():
            if pre.data == "pre":
                s = sub(pre, "sit")
                if s is not None:
                    self.sit(s)
                elif sub(pre, "ev_phase") is not None:
                    self.clause(sub(pre, "ev_phase"))
                else:                               # "After the Chain, ...": it has resolved
                    self.events.append({"kind": "resolve"})
        for cond in q.iter_subtrees_topdown():
            if cond.data == "if_sit":               # "Can I activate X if I control ...?": as told first
                self.sit(sub(cond, "sit"))
        self.does_as_written()      # what a link told to resolve did, when nothing said it

    def sit(self, node: Tree) -> None:
        respond = False
        for ch in node.children:
            if isinstance(ch, Tree) and ch.data == "sit_join":
                respond = "response" in low(ch)      # "...; in response my opponent ..."
            elif isinstance(ch, Tree) and ch.data == "sit_clause":
                self.responding = respond
                self.clause(ch.children[0])
                respond = False
            if isinstance(ch, Tree):
                # "..., then Special Summons the Token": a later step of the link just told
                self.then_join = ch.data == "sit_join" and "then" in low(ch)
        self.responding = False
        self.then_join = False

    def clause(self, ev: Tree) -> None:
        handler = getattr(self, ev.data, None)
        if handler is None:
            self.fail("the situation model has no event for " + repr(self.r.said(ev)), ev)
        self.clause_card = self.last_card     # the card named last before this clause ("it")
        handler(ev)

    def _player(self, ev: Tree) -> str:
        a = sub(ev, "actor")
        if a is None:
            return "you"
        p = self.r.actor(a).get("player")
        if p not in ("you", "opponent"):
            self.fail(f"who is {self.r.said(a)!r}? (say 'I' or 'my opponent')", a)
        return p

    def _when(self, ev: Tree) -> dict:
        out = {"respond": True} if self.responding else {}
        w = sub(ev, "ev_when")
        if w is not None:
            ws = low(w)
            if "response" in ws:
                out["respond"] = True
            if sub(w, "link_num") is not None:    # "In response to Chain Link 1, ..."
                out["to_act"] = self.told_link({"link": int(low(sub(w, "link_num"))[-1]),
                                                "text": self.r.said(sub(w, "link_num"))})
            effs = [t for t in w.children if isinstance(t, Tree) and t.data.startswith("eff_")]
            if effs:                     # "in response to my Cosmic Cyclone": that activation
                ir = self.r.effect(effs[0])
                ref = self.effect_ref(ir)
                aid = self._find_act(ref)
                owner = ir.get("owner") or self.r.player(sub(w, "poss"))
                if aid is None:
                    if self.acts or owner not in ("you", "opponent"):
                        self.fail(f"{self.r.said(effs[0])!r} was not activated before", w)
                    self._activate(ref, owner, {})
            ph = find(w, "phase")
            if ph is not None:
                self.fail("a phase inside a clause is not placed yet", w)
        return out

    def _mods(self, ev: Tree) -> dict:
        out: dict = {}
        for m in subs(ev, "ev_mod"):
            ws = [w for w in low(m) if w != ","]
            if ws and sub(m, "flip_verb") is not None and ws[0] != "to":
                out.setdefault("purposes", []).append(m)    # "..., flipping it face-down"
                continue
            ph = sub(m, "phase")
            if ph is not None:
                turn = self._turn_said(m)
                if turn == "any" and ev.data == "ev_summon" and \
                        self.r.summon_kind(ev) in ("normal", "tribute", "flip") and \
                        sub(ev, "actor") is not None and self._player(ev) in ("you", "opponent"):
                    # "I Normal Summoned a monster in Main Phase 1": a player Normal, Tribute or
                    # Flip Summons only in their own turn (game-rules#summon-procedures.1)
                    turn = self._player(ev)
                if turn not in ("you", "opponent", "any"):
                    self.fail("whose turn?", m)
                self.events.append({"kind": "phase", "phase": self.r.phase(ph), "turn": turn})
                if _PAST & set(low(ev)):
                    self.past_phases.append(self.events[-1])
                continue
            if ws[:2] == ["this", "turn"] or ws == ["themselves"]:
                continue
            if ws[-1] == "turn" and sub(m, "poss") is not None:
                # "my opponent activates a Quick-Play Spell on my turn": a moment of that turn,
                # its phase not said (as "it is my turn", :meth:`.PhaseEvents.ev_turn`)
                turn = self.r.player(sub(m, "poss"))
                if turn not in ("you", "opponent"):
                    self.fail("whose turn? ('during my opponent's turn')", m)
                self.events.append({"kind": "phase", "turn": turn})
                if _PAST & set(low(ev)):
                    self.past_phases.append(self.events[-1])
                continue
            if ws in (["in", "one", "go"], ["at", "once"]):
                # "they Pendulum Summon 3 monsters in one go": one Summon of them all, as told
                if ev.data != "ev_summon":
                    self.fail("the situation model has no place for " + repr(self.r.said(m)), m)
                continue
            if (ws[0] == "against" or ws[0] == "on" and "summon" in ws) and sub(m, "thing") is None:
                out["against"] = m                # "against my search": an activation of theirs
                continue
            if ws[:2] == ["to", "negate"] and sub(m, "negated_act") is not None:
                # "chains X to negate my monster effect": it answers that activation, and negates it
                out["against"], out["negates_against"] = sub(m, "negated_act"), m
                continue
            if ws[0] in ("targeting", "on", "against"):
                # "targeting my Unchained monster and one of my opponent's cards": each is a target
                out.setdefault("targets", []).extend(self.r.thing(t) for t in subs(m, "thing"))
                if ws[0] == "targeting":
                    out["targeting_said"] = True    # (not "on"/"against": a use, not a target)
                if ws[0] == "on" and ws[-1] in ("face-down", "face-up"):
                    out.setdefault("purposes", []).append(m)   # "on my monster face-down"
            elif ws[0] == "from" or (ws[0] == "in" and sub(m, "place") is not None and
                                      sub(m, "phase") is None):
                # "activate X's effect in my hand": where it is activated from
                out["from"] = self.r.place(sub(m, "place"))
            elif ws[0] == "to" and (sub(m, "flip_verb") is not None or sub(m, "act_verb") is not None
                                    or sub(m, "revive") is not None):
                out.setdefault("purposes", []).append(m)
            elif "response" in ws or ws[0] == "to":
                out["respond"] = True
                if sub(m, "link_num") is not None:    # "chains X to Chain Link 1"
                    out["to_act"] = self.told_link({"link": int(low(sub(m, "link_num"))[-1]),
                                                    "text": self.r.said(sub(m, "link_num"))})
                eff = next((c for c in m.children if isinstance(c, Tree)
                            and c.data.startswith("eff_") and c.data != "eff_it"), None)
                if ws[0] == "to" and eff is not None:
                    out["to_effect"] = eff          # "chains X to my Pot of Desires"
            elif ws[:3] == ["as", "chain", "link"]:
                out["link"] = int(ws[3])
            elif ws == ["in", "the", "same", "chain"]:
                out["respond"] = True
            elif ws[0] == "before" or ws[0] in ("when", "by") and ws[-1] in ("resolves", "resolved"):
                # "before it resolves": what is told happens while an activation told before waits
                # (so does what is told to be so "when" or "by the time" it resolves)
                effs = [t for t in m.children if isinstance(t, Tree) and t.data.startswith("eff_")]
                if not self.acts or (effs and self._find_act(self.effect_ref(
                        self.r.effect(effs[0]))) is None):
                    self.fail("it happens before what resolves? (tell its activation first)", m)
                out["respond"] = True
            elif sub(m, "held") is not None or (ws[0] == "while" and sub(m, "sit_clause")):
                if ev.data == "ev_state" and sub(m, "held") is not None and \
                        {"material", "materials"} & set(low(sub(m, "held"))):
                    # "I control Number 39: Utopia with 2 materials": how many materials that
                    # monster has now (never dropped: anything else said of them is refused)
                    self._materials_told(ev, m)
                    continue
                if sub(m, "held") is not None and ev.data not in ("ev_activate", "ev_respond") \
                        and sub(ev, "actor") is not None and find(sub(m, "held"), "place") is not None:
                    # (round 80) "I Link Summon X with 0 cards in hand": what the player holds
                    # then is told as a state ("I have no cards in my hand"), not kept for an
                    # activation no one told (never dropped)
                    self.ev_state(Tree("ev_state", [sub(ev, "actor"), Token("HAVE", "have"),
                                                    Tree("thing", sub(m, "held").children)]))
                    continue
                if sub(m, "held") is None and ev.data not in ("ev_activate", "ev_respond"):
                    # "... Special Summons X while they control no monsters": what holds then,
                    # told as its own sentence
                    self.clause(sub(m, "sit_clause").children[0])
                    continue
                note_held(self, m)         # what the player has when the effect is activated
            elif sub(m, "told_cost") is not None and low(sub(m, "told_cost"))[-1] not in ("it", "itself"):
                # "I activate X, paying 1000 LP": the cost told with the activation
                tc = sub(m, "told_cost")
                if ev.data == "ev_summon" and self.r.gerund_verb(sub(tc, "gerund")) == "tribute":
                    out["tributes"] = sub(tc, "thing")   # "Tribute Summons X by Tributing ..."
                    continue
                if ev.data in ("ev_summon", "ev_self_summon") and sub(tc, "gerund") is not None:
                    # "Special Summons X by banishing 3 EARTH monsters": how X is Summoned
                    out["paid_by"] = tc
                    continue
                if ev.data not in ("ev_activate", "ev_respond"):
                    self.fail("the situation model has no place for " + repr(self.r.said(m)), m)
                tc = sub(m, "told_cost")
                out.setdefault("told_cost", []).append(
                    (self.r.gerund_verb(sub(tc, "gerund")) if sub(tc, "gerund")
                     else self.r.action(sub(tc, "act_verb")), tc))
            elif (sub(m, "gerund") is not None or sub(m, "told_cost") is not None) and \
                    ws[-1] in ("it", "itself"):
                # "activates X (discarding it)": the activated card itself is the cost
                if ev.data not in ("ev_activate", "ev_respond"):
                    self.fail("the situation model has no place for " + repr(self.r.said(m)), m)
                g = sub(m, "gerund") or sub(sub(m, "told_cost"), "gerund")
                out["self_cost"] = (self.r.gerund_verb(g), m)
            else:
                self.fail("the situation model has no place for " + repr(self.r.said(m)), m)
        return out

    def _materials_told(self, ev: Tree, m: Tree) -> None:
        """"I control X with 2 materials", "X with no materials": a named monster the player
        controls and the number of materials it has at that moment."""
        from .holdings import quantity

        ws = [w for w in low(sub(m, "held")) if w not in ("xyz", "overlay")]
        quant, rest = quantity(ws)
        nodes = subs(ev, "thing")
        card = self.r.thing(nodes[0]).get("card") if len(nodes) == 1 else None
        if quant is None or rest not in (["material"], ["materials"]) or card is None:
            self.fail(f"{self.r.said(m)!r}: say which monster has how many materials "
                      "('I control X with 2 materials')", m)
        player = self._player(ev)
        if player not in ("you", "opponent"):
            self.fail(f"{self.r.said(m)!r}: whose monster has them?", m)
        self.events.append({"kind": "materials", "card": card, "n": 0 if quant == "no" else quant,
                            "player": player})

    def _effect_node(self, ev: Tree) -> Tree:
        for ch in ev.children:
            if isinstance(ch, Tree) and ch.data.startswith("eff_"):
                return ch
        self.fail("which effect?", ev)

    def entities_of(self, thing: dict | None) -> list[str]:
        """"two of my opponent's Set cards", "5 monsters in my GY": that many cards."""
        ws = [w.lower() for w in thing["words"]] if thing else []
        while ws[1:] and ws[0] in _POSSESSIVE_LEAD:
            ws = ws[1:]         # (hunt 132a) "my opponent's 2 Set cards": the count after whose
        n = COUNT_WORDS.get(ws[0]) if ws else None
        if n is None and ws and ws[0].isdigit():
            n = int(ws[0])
        if not n or n == 1 or n > 5 or thing.get("card"):
            return [self.entity(thing)]
        base = thing["text"]
        out = []
        for k in range(1, n + 1):
            eid = f"m{len(self.entities) + 1}"
            self.entities[eid] = {"desc": f"{base} ({k} of {n})"}
            out.append(eid)
        return out

    def entity(self, thing: dict | None, exclude: frozenset = frozenset(), **extra) -> str:
        """The entity (or card) a told thing is: ``exclude``, entities it cannot be ("attacks it":
        never the attacker)."""
        if thing is None:
            self.fail("which card?")
        if thing.get("card"):
            self.last_card = thing["card"]
            if OTHER_FIELD.search(thing.get("text") or ""):
                # (hunt 91) "Special Summons Kuriboh to my field": the side said of a named card
                self.field_said.add(thing["card"])
            owner = owner_in_words([w.lower() for w in thing.get("words", [])])
            if owner is not None:
                # (hunt) "my opponent's Sangan": whose card it is, told (two owners told of one
                # name: neither is known)
                said = self.card_owner.setdefault(thing["card"], owner)
                if said != owner:
                    self.card_owner[thing["card"]] = None
            told = [eid for eid, ent in self.entities.items()
                    if ent.get("card") == thing["card"] and ent.get("place") == "field"]
            if len(told) == 1 and told[0] != thing["card"]:
                # "My opponent's X attacks my face-down Fiber Jar. Fiber Jar is flipped face-up":
                # the one monster the battle told by that name, said again
                return told[0]
            return thing["card"]
        others = [e for e in self.entities if e not in exclude]
        if thing.get("pronoun") and others:
            return others[-1]
        before = getattr(self, "clause_card", None) or getattr(self, "last_card", None)
        if thing.get("pronoun") and before and thing.get("text", "").lower() == "it":
            # "My X used its effect. It was destroyed and I Special Summoned it with Y": with no
            # other card told, "it" is the card named last before the clause (not Y, named in it)
            return before
        same = self._told_before(thing)
        if same is not None:
            return same
        eid = f"m{len(self.entities) + 1}"
        self.entities[eid] = {"desc": thing["text"], **extra}
        return eid

    def _targets_on_field(self) -> dict:
        """(hunt) The cards a told activation targets on the field ("Mystical Space Typhoon
        targeting my Set card", "Book of Moon targeting my Scrap Dragon": every target its text
        names is on the field): each is on the field, controlled by the player the story said
        (game-rules#targeting.1: a target is chosen where the text says it is)."""
        out: dict = {}
        for i, e in enumerate(self.events):
            if e.get("kind") != "activate" or not e.get("targets") or \
                    not isinstance(e.get("effect"), dict) or not e["effect"].get("card"):
                continue
            if e.get("does") or any(x.get("kind") in ("resolve", "move") for x in self.events[i + 1:]):
                continue        # (what it did, or a resolution or a move told after it: read as told)
            found = self.effect_of(e["effect"])
            if found is None:
                continue
            reading, eid = found
            slots = {f.get("slot") for f in reading.facts if f.type == "target" and f.get("effect") == eid}
            on_field = {f.get("slot") for f in reading.facts if f.type == "target_condition" and
                        f.get("effect") == eid and f.get("value") == "yes" and
                        f.get("condition") in ("on-field", "you-control", "opponent-controls")}
            if not slots or not slots <= on_field:
                continue
            for x in e["targets"]:
                side = self._controller(x) if x in self.entities else self.card_owner.get(x)
                if side not in ("you", "opponent"):
                    continue
                if x in self.entities:
                    if self.entities[x].get("place", "field") == "field":
                        out[x] = {**self.entities[x], "controller": side, "place": "field"}
                elif x in self.db:
                    out[x] = {"card": self.db.get(x).name, "controller": side, "place": "field"}
        return out

    def _told_before(self, thing: dict) -> str | None:
        """"my Fiend" after "my face-up Fiend monster", "the attacker" after "my opponent's monster
        attacks": a definite description that fits exactly one card told before (its controller
        and its words) is that card."""
        ws = re.findall(r"[\w'\-/]+", thing.get("text", "").lower()) or \
            [w.lower() for w in thing["words"]]
        if not ws or not self.entities:
            return None
        definite = ws[0] in ("the", "my", "their", "his", "her", "your", "that", "this") or \
            ws[:2] in (["my", "opponent's"], ["your", "opponent's"])
        if not definite or {"other", "another", "one", "of", "new"} & set(ws) or \
                any(w.isdigit() or w in COUNT_WORDS for w in ws):
            return None
        owner = "opponent" if {"opponent", "opponent's", "their", "his", "her"} & set(ws) else \
            "you" if {"my", "i"} & set(ws) else None
        def controller(e: str) -> str | None:
            d = self.entities[e]
            desc = d.get("desc", "").lower().split()
            return d.get("controller") or ("opponent" if {"opponent", "opponent's", "their"} & set(desc)
                                           else "you" if {"my", "i"} & set(desc) else None)
        if "attacker" in ws or "attacking" in ws:
            fit = [e for e in self.entities if e in getattr(self, "attackers", set())
                   and owner in (None, controller(e))]
        else:
            cut = next((i for i, w in enumerate(ws) if i and w in ("to", "into", "from")), len(ws))
            core = set(ws[:cut]) - {"the", "my", "their", "his", "her", "your", "opponent's", "own",
                                    "that", "this", "same", "a", "an", "targeted"}
            fit = []
            for e, d in self.entities.items():
                have = set(re.findall(r"[\w'\-/]+", d.get("desc", "").lower()))
                if d.get("kind") == "monster":
                    have.add("monster")
                have |= {w + "s" for w in have}
                if core and core <= have and owner in (None, controller(e)):
                    fit.append(e)
        return fit[0] if len(fit) == 1 else None

    def spec(self, family: str, slots: dict) -> dict:
        self.refuse_unplaced_parts()
        if self.unsaid_player:
            self.fail(f"who activated {self.unsaid_player[0]}? ('my opponent's X', 'my X')")
        self.check_pending()
        if self.cannot and "cannot" not in slots:
            self.fail(f"this question form has no place for what cannot be done ({self.cannot[0]})")
        refuse_unplaced_zones(self)
        refuse_a_negation_its_text_cannot_make(self)
        refuse_impossible_summons(self, slots)
        self._refuse_a_response_after_passing(slots)
        out = {"family": family, **slots}
        if self.events:
            # an activation told with no player ("X is activated") says none (the situation
            # then takes the asker's, as before; the restatement does not claim it)
            out["situation"] = [{k: v for k, v in e.items() if k != "player"}
                                if e.get("kind") == "activate" and e.get("id") in self.unsaid_activator
                                else {**e, "player-said": "no"}
                                if e.get("kind") == "summon" and e.get("id") in self.unsaid_summoner
                                else e for e in self.events]
        entities = {**self.entities, **self._targets_on_field()}
        if entities:
            out["entities"] = entities
        if "situation" in out:
            moves_from_places_told(self, out["situation"])
            out["situation"] = count_the_excepted(self, out["situation"], entities,
                                                  in_hand=_asked_in_hand(self, family, out))
        if self.told_suppose:
            # a later part told not done ("my opponent does not Set a card with it")
            out["suppose"] = list(out.get("suppose") or []) + self.told_suppose
        refuse_untold_replay_parts(self, family)
        refuse_a_summon_not_yet_done(self, family, out)
        refuse_asked_card_out_of_place(self, family, out)
        refuse_untold_links(self)
        refuse_held_for_no_activation(self)
        refuse_copies_in_one_chain(self, family, out)
        refuse_other_card_than_the_only_one(self, family, out)
        refuse_a_past_time_as_now(self, family)
        refuse_a_use_of_an_earlier_turn(self, family)
        refuse_a_turn_lock_across_turns(self, family, out)
        refuse_a_negation_left_out(self)
        needs = list(getattr(self, "result_needs", [])) + waits_on(self, family, out)
        if needs:
            out["also_needs"] = "; ".join(([out["also_needs"]] if out.get("also_needs") else []) +
                                          needs)
        return out

    def _refuse_a_response_after_passing(self, slots: dict) -> None:
        """(hunt 98) "I activate X and opp passes. Can opp chain Y to X?": a player who passed on
        the last link told cannot go back to it, and when both players pass in a row the Chain
        resolves (game-rules#chain.2): asked of that player, or after both passed, refused."""
        passed = {p["player"] for p in self.passes if p["events"] == len(self.events)}
        if passed and (slots.get("player") in passed or len(passed) == 2):
            self.fail("a player who passed on the last link cannot answer it, and the Chain resolves "
                      "once both players pass in a row: ask of the other player, or tell the link "
                      "added after the pass")


def _asked_in_hand(st: Situate, family: str, spec: dict) -> str | None:
    """The card the question asks about when it has it in its player's hand: Summoned by its
    own procedure "(from your hand)", or an effect asked to be activated from the hand (the
    asker's: the question's player when it names none)."""
    if spec.get("player") not in (None, "you"):
        return None
    card = spec.get("card")
    if family == "procedure-summon" and isinstance(card, str) and card in st.db and any(
            f.type == "procedure" and "hand" in str(f.get("place") or "")
            for f in st.reading(st.db.get(card).name).facts):
        return st.db.get(card).name
    ref = spec.get("effect")
    if family == "can-activate-now" and spec.get("from") == "hand" and isinstance(ref, dict):
        return ref.get("card")
    return None


# a verb told in the past: the phase said with it is when that happened, not "now"
_PAST = frozenset("summoned activated destroyed attacked used chained flipped banished discarded "
                  "negated targeted played declared resolved added drew tributed did was were "
                  "got".split())
