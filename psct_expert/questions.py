"""Structured questions: a family, the cards and effects it is about, and what is supposed.

A question *spec* is plain data (a dict, or YAML), for example::

    {"family": "negate-summon",
     "negator": {"card": "Thunder King Rai-Oh", "select": "negates-summon"},
     "summon": {"card": "Gorz, Emissary of Darkness",
                "by": {"card": "Gorz, Emissary of Darkness", "select": "summons-self"},
                "kind": "special"}}

:func:`build_question` reads the cards, resolves the effect references
against the readings, and turns the spec into the facts the engine needs
(kind ``question``).  The plain-English parser produces the same specs, so
``--show-parse`` shows exactly this.

Effect references (``{"card": NAME, ...}``) select an effect by one of:
``n`` (text order, 0 = activating a Spell/Trap Card), ``select``
(``summons-self``, ``procedure``, ``activation``, ``only``, ``negates-summon``,
``negates-activation``, ``bullets``, ``once-per-turn``, ``targets``),
``mentions`` (a quoted card name in the effect) or ``verb`` (an action in it).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .cards import Card, CardDB
from .errors import QuestionError
from .facts import Fact, Source
from .gamewords import gamewords
from .reader import Reading, read_card
from .reader.phrases import MOVES_A_CARD, part_acts_on_target
from .reader.select import select_clause, select_effect

HYPOTHESIS_KEYS = ("fails", "targeted", "left", "state", "controls", "self_not_face_up", "self_gone",
                   "changed", "in_play", "token_target", "event", "cannot_be_destroyed",
                   "requirement_unmet", "done", "resolved_before")


@dataclass
class Question:
    """A question of a family, its parameters, the cards' readings and the facts it gives the engine."""

    family: str
    params: dict
    spec: dict
    readings: dict[str, Reading]
    facts: list[Fact]
    text: str = ""
    notes: list[str] = field(default_factory=list)

    def all_facts(self) -> list[Fact]:
        out: list[Fact] = []
        for r in self.readings.values():
            out.extend(r.facts)
        out.extend(self.facts)
        return out


def _need(spec: dict, key: str, family: str):
    if key not in spec:
        raise QuestionError(f"a {family} question needs {key!r}", understood=spec)
    return spec[key]


def _need_word(spec: dict, key: str, family: str) -> str:
    value = _need(spec, key, family)
    if not isinstance(value, str) or not value.strip():
        raise QuestionError(f"in a {family} question, {key!r} is a word (an action such as 'discard'), "
                            f"not {value!r}", understood=spec)
    return value


class _Builder:
    def __init__(self, spec: dict, db: CardDB, text: str = ""):
        if not isinstance(spec, dict) or not isinstance(spec.get("family"), str):
            raise QuestionError("a question spec is a mapping with a 'family'",
                                understood=spec if isinstance(spec, dict) else {})
        self.spec = spec
        self.db = db
        self.family = spec["family"]
        self.readings: dict[str, Reading] = {}
        self.facts: list[Fact] = []
        self.params: dict[str, Any] = {}
        self.text = text
        self.notes: list[str] = []
        self.synthetic = 0
        self.reading_of: dict[str, Reading] = {}

    # -- cards and effects ----------------------------------------------------
    def card(self, name: str) -> Reading:
        if not isinstance(name, str) or not name.strip():
            raise QuestionError(f"bad card name {name!r}", understood=self.spec)
        card = self.db.get(name)  # raises UnknownCard with suggestions
        if card.name not in self.readings:
            self.readings[card.name] = read_card(card)
        return self.readings[card.name]

    def generic_card(self, ref: dict, suffix: str = "") -> Reading:
        """A card the question describes only by its kind ("a Trap Card", "a Counter Trap"). Its
        property is known only when said: no property is assumed, so no Spell Speed either."""
        kind, prop = ref.get("generic"), ref.get("subtype")
        if kind == "card" and prop is None:
            # sisterGK: a Chain Link told only by its number ("as Chain Link 2"): a card or effect
            # of no told kind (no kind, no Spell Speed assumed)
            self.synthetic += 1
            label = "a card or effect" + (f" {suffix}" if suffix else "")
            card = Card(name=label, kind="card", text="", origin="question")
            reading = read_card(card)
            self.readings[card.name] = reading
            self.add("described_card", f"{label}, known by no kind", card=label)
            return reading
        if kind not in ("spell", "trap", "monster"):
            raise QuestionError("a card described by its kind is a Spell, a Trap or a monster",
                                understood=self.spec)
        if prop is not None and prop not in gamewords().properties_of(kind):
            raise QuestionError(f"a {kind} card is not {prop!r}", understood=self.spec)
        self.synthetic += 1
        words = " ".join(w.title() for w in (prop, kind) if w)
        label = f"a {words} Card" + (f" {suffix}" if suffix else "")
        card = Card(name=label, kind=kind, subtypes=(prop,) if prop else (), text="",
                    origin="question")
        reading = read_card(card)
        self.readings[card.name] = reading
        self.add("described_card", f"{label}, known only by its kind", card=label)
        return reading

    def src(self, what: str) -> Source:
        return Source("question", quote=what, where="question")

    def add(self, type_: str, quote: str, _source: Source | None = None, **fields) -> None:
        self.facts.append(Fact.make(type_, _source or self.src(quote), **fields))

    def effect(self, ref) -> tuple[Reading, str]:
        if isinstance(ref, dict) and "card" not in ref and ref.get("generic"):
            # "my trap", "a Quick-Play Spell": the answer reads one card's text
            kind = str(ref["generic"])
            raise QuestionError(f"which {kind}? name the card (for example 'Can I activate X "
                                f"...?' with the {kind}'s name)", understood=self.spec)
        if not isinstance(ref, dict) or "card" not in ref:
            raise QuestionError(f"an effect reference needs a 'card': {ref!r}",
                                understood=self.spec)
        reading = self.card(ref["card"])
        eid = select_effect(reading, ref)
        self.reading_of[eid] = reading
        return reading, eid

    def clause_n(self, reading: Reading, effect_id: str, which) -> int:
        return select_clause(reading, effect_id, which)

    # -- families -------------------------------------------------------------
    def build(self, slots: str | None = None) -> Question:
        fam = self.family
        s = self.spec
        handler = getattr(self, "q_" + (slots or fam).replace("-", "_"), None)
        if handler is None:
            raise QuestionError(f"unknown question family {fam!r}", understood=s)
        handler(s)
        self.hypotheses(s.get("suppose") or [])
        if s.get("entities") or s.get("situation"):
            from .situation import build_situation
            build_situation(self, s.get("entities") or {}, s.get("situation") or [])
        self.check_situation_ids()
        return Question(fam, self.params, s, self.readings, self.facts, self.text, self.notes)

    # slots that name something of the situation: slot -> (fact type, field, what it is)
    SITUATION_SLOTS = {"to": ("activation", "activation", "an activation"),
                       "activation": ("activation", "activation", "an activation"),
                       "event": ("event", "event", "an event"),
                       "entity": ("entity", "entity", "an entity"),
                       "first": ("activation", "activation", "an activation"),
                       "other": ("activation", "activation", "an activation")}

    def check_situation_ids(self):
        """A slot naming a situation id must name one the situation has."""
        checks = dict(self.SITUATION_SLOTS)
        if isinstance(self.spec.get("summon"), str):
            checks["summon"] = ("summon", "summon", "a Summon")
        if isinstance(self.spec.get("activated"), str):
            checks["activated"] = ("activation", "activation", "an activation")
        for slot, (type_, field_, what) in checks.items():
            if slot not in self.spec or (slot == "entity" and self.family != "can-target"):
                continue
            if slot == "activation" and self.family != "effect-negated":
                continue
            want = str(self.spec[slot])
            if not any(f.type == type_ and f.get(field_) == want for f in self.facts):
                raise QuestionError(f"{slot!r} names {want!r}, which is not {what} of the "
                                    f"situation", understood=self.spec)

    def _effect_param(self, s, key="effect"):
        reading, eid = self.effect(_need(s, key, self.family))
        self.params[key] = eid
        return reading, eid

    # q_effect: any family whose one slot is an effect; q_card: one whose one slot is a card
    q_effect = q_starts_chain = q_targets = q_quick = q_inherent_summon = q_misses_timing = _effect_param
    q_bullets_in_sequence = q_bullets_simultaneous = q_limit_resets = _effect_param
    q_can_activate = q_resolves = q_stays_on_field = _effect_param

    def q_is_cost(self, s):
        reading, eid = self._effect_param(s)
        self.params["verb"] = _need_word(s, "verb", self.family)

    def q_cost_chained_to(self, s):
        """"Can I respond to the discard of X?": the cost asked of (its verb)."""
        reading, eid = self._effect_param(s)
        self.params["verb"] = _need_word(s, "verb", self.family)

    def q_happens_at(self, s):
        reading, eid = self._effect_param(s)
        self.params["verb"] = _need_word(s, "verb", self.family)
        timing = _need(s, "timing", self.family)
        if timing not in ("activation", "resolution"):
            raise QuestionError("timing is 'activation' or 'resolution'", understood=s)
        self.params["timing"] = timing

    def _negator_and(self, s, key: str, param: str):
        """The negator's effect into the params, and ``(what it negates, placed)``: the id of a
        Summon or activation of the situation (``key``) goes into ``params[param]`` (placed is
        True); anything else is returned to be described (placed is False)."""
        _, nid = self.effect(_need(s, "negator", self.family))
        self.params["negator"] = nid
        told = _need(s, key, self.family)
        if isinstance(told, str):        # a Summon or activation of the situation
            self.params[param] = told
            return told, True
        return told, False

    def q_negate_summon(self, s):
        summon, placed = self._negator_and(s, "summon", "summon")
        if placed:
            return
        self._summon_event(summon, s)

    def q_summon_negatable(self, s):
        """A Summon of the situation (its id) or one described, as negate-summon's, and no
        negator: could an effect that negates Summons negate it at all?"""
        summon = _need(s, "summon", self.family)
        if isinstance(summon, str):
            self.params["summon"] = summon
            return
        self._summon_event(summon, s)

    def _summon_event(self, summon, s):
        """A Summon described (``{kind, card, by, summoner, chain_link}``) as the question's
        ``summon_event`` s1."""
        if not isinstance(summon, dict):
            raise QuestionError("'summon' is a mapping", understood=s)
        by = summon.get("by")
        if by:
            reading, by_id = self.effect(by)
            negating = {f.get("n") for f in reading.facts if f.type == "clause" and
                        f.get("effect") == by_id and f.get("verb") in ("negate", "cannot")}
            if not any(f.type in ("clause", "clause_verb") and f.get("effect") == by_id and
                       str(f.get("verb", "")).endswith("summon") and f.get("n") not in negating
                       for f in reading.facts):
                # (hunt 38) a Summon "by" an effect that Summons nothing (Black Horn of Heaven's
                # negation read as what Summons)
                raise QuestionError(f"{reading.card.name}'s effect Summons no monster: say which "
                                    "Summon is asked about", understood=s)
        else:
            by_id = "none"
        card = summon.get("card") or "a monster"
        kind = summon.get("kind", "special")
        if card in self.db:
            c = self.card(card).card
            card = c.name
            if c.kind == "spell" or c.kind == "trap" and kind not in ("special", "by-effect"):
                # (hunt 38) "Black Horn of Heaven: my opponent Pendulum Summons 1 monster. Can I
                # negate the Summon?" read the Trap as the monster Summoned
                raise QuestionError(f"{card} is a {c.kind.capitalize()} Card: it is not "
                                    f"{kind.title()} Summoned; say which monster is",
                                    understood=s)
        summoner = summon.get("summoner", "unknown")
        chain_link = int(summon.get("chain_link", 0) or 0)
        self.params["summon"] = "s1"
        self.add("summon_event", f"the {kind.title()} Summon of {card}", summon="s1",
                 card=card, by=by_id, kind=kind, summoner=summoner, chain_link=chain_link)

    def q_negate_activation(self, s):
        act, placed = self._negator_and(s, "activated", "activation")
        if placed:
            return
        if isinstance(act, dict) and "generic" in act:
            reading = self.generic_card(act)
            eid = f"{reading.card.name}#0"
            card_name = reading.card.name
        else:
            reading, eid = self.effect(act)
            card_name = reading.card.name
        # (hunt 76) an activation the story did not tell takes an id none of its links has
        told = {ev.get("id") for ev in s.get("situation") or [] if isinstance(ev, dict)}
        aid = next(f"a{k}" for k in range(1, len(told) + 2) if f"a{k}" not in told)
        self.params["activation"] = aid
        self.add("activation_event", f"the activation of {eid}", activation=aid, effect=eid,
                 card=card_name)

    def q_target_rechecked(self, s):
        reading, eid = self._effect_param(s)
        self.params["slot"] = int(s.get("slot", 1))

    def q_affected(self, s):
        reading, eid = self._effect_param(s)
        self.params["target"] = str(_need(s, "target", self.family))
        self.params["n"] = n = self.clause_n(reading, eid, _need(s, "part", self.family))
        self._part_on_target(reading, eid, n, s)

    def q_clause_done(self, s):
        reading, eid = self._effect_param(s)
        self.params["n"] = self.clause_n(reading, eid, _need(s, "part", self.family))

    def _part_on_target(self, reading, eid: str, n: int, s) -> None:
        part = next((f for f in reading.facts if f.type == "clause" and f.get("effect") == eid
                     and f.get("n") == n and f.source is not None), None)
        if part is not None and part.get("verb") in MOVES_A_CARD and \
                not part_acts_on_target(part.source.quote) and not any(
                    f.type == "clause_all" and f.get("effect") == eid and f.get("n") == n
                    for f in reading.facts):
            # (a part done to all cards of a description asks about one of them: clause_all)
            # "Is the monster still destroyed?" of "destroy 1 monster ... as that monster": the
            # part destroys another monster, not the target; answering it would be another question
            raise QuestionError(f"part {n} of {eid.replace('#', ' effect ')} does its action to "
                                f"another card than the target: {part.source.quote!r}",
                                understood=s)

    def q_simultaneous(self, s):
        reading, eid = self._effect_param(s)
        a = self.clause_n(reading, eid, _need(s, "left", self.family))
        b = self.clause_n(reading, eid, _need(s, "right", self.family))
        self.params["left"], self.params["right"] = min(a, b), max(a, b)

    def q_happens_after(self, s):
        # the order asked is kept: "does <right> happen after <left>?"
        reading, eid = self._effect_param(s)
        self.params["left"] = self.clause_n(reading, eid, _need(s, "left", self.family))
        self.params["right"] = self.clause_n(reading, eid, _need(s, "right", self.family))

    def q_keeps_timing(self, s):
        reading, eid = self._effect_param(s)
        self.params["n"] = self.clause_n(reading, eid, _need(s, "part", self.family))

    def q_again_after_negated(self, s):
        reading = self.card(_need(s, "card", self.family))
        self.params["card"] = reading.card.name

    q_card = q_has_quick = q_again_after_negated

    def q_tribute_summon(self, s):
        """"Can I Tribute Summon X by Tributing Y (and Z) / 1 monster / without Tributing?"."""
        reading = self.card(_need(s, "card", self.family))
        count = s.get("count")
        if not isinstance(count, int) or isinstance(count, bool) or not 0 <= count <= 5:
            raise QuestionError("'count' is a whole number of Tributes, 0 to 5", understood=s)
        name = reading.card.name
        self.params["card"], self.params["count"] = name, count
        self.add("tribute_summon_asked", f"{name} Tribute Summoned with {count} Tribute(s)",
                 card=name, count=count)
        tributes = s.get("tributes") or []
        if not isinstance(tributes, list) or (tributes and len(tributes) != count):
            raise QuestionError("'tributes' lists the cards Tributed, as many as 'count'",
                                understood=s)
        for t in tributes:
            tname = self.card(t).card.name
            self.add("tribute_named", f"{tname} is Tributed for {name}", card=name, tribute=tname)

    def q_procedure_summon(self, s):
        """"(I control no monsters.) Can I Special Summon X with its own text?": X's procedure,
        against the field the situation tells."""
        reading = self.card(_need(s, "card", self.family))
        name = reading.card.name
        self.params["card"] = name
        self.add("procedure_summon_asked", f"can {name} be Special Summoned by its own procedure now",
                 card=name)

    # -- families over a situation (docs/question-spec.md) -------------------------
    def q_attack_again(self, s):
        """"X attacked (its attack was negated). Can X attack again this turn?": the attacker is
        an entity of the situation (or a card name)."""
        attacker = _need(s, "attacker", self.family)
        if not isinstance(attacker, str) or not attacker.strip():
            raise QuestionError("'attacker' names the monster that attacked", understood=s)
        ent = (s.get("entities") or {}).get(attacker)
        card = ent.get("card") if isinstance(ent, dict) else attacker
        card = self.card(card).card.name if card else "none"
        self.params["attacker"] = attacker
        self.add("attack_again_asked", f"can {attacker} attack again this turn", attacker=attacker,
                 card=card)

    def q_restriction_applies(self, s):
        """"Does X's restriction (part N of its effect) still apply?"."""
        reading, eid = self._effect_param(s)
        self.params["n"] = n = self.clause_n(reading, eid, _need(s, "part", self.family))
        self.add("restriction_asked", f"does part {n} of {eid} apply", effect=eid, n=n)

    def q_change_kept(self, s):
        """"Does my monster keep the ATK from X (part N of its effect) if X's effects are negated?"."""
        reading, eid = self._effect_param(s)
        self.params["n"] = n = self.clause_n(reading, eid, _need(s, "part", self.family))
        holder, after = s.get("holder", "other"), _need(s, "after", self.family)
        applied = s.get("applied", "unknown")
        if holder not in ("self", "other"):
            raise QuestionError("in a change-kept question, 'holder' is self (the card changed itself) "
                                "or other", understood=s)
        if after not in ("negated", "left-field", "face-down"):
            raise QuestionError("in a change-kept question, 'after' is negated, left-field or "
                                "face-down", understood=s)
        if applied not in ("yes", "unknown"):
            raise QuestionError("in a change-kept question, 'applied' is yes or unknown", understood=s)
        self.add("change_kept_asked", f"does part {n} of {eid} keep applying ({holder}) after the "
                 f"card is {after}", effect=eid, n=n, holder=holder, after=after)
        if applied == "yes":     # "keep the ATK", "the ATK it gained": it was applied
            self.add("change_applied", f"the change of {eid} was applied", effect=eid)

    def q_lp_cost_damage(self, s):
        """"Is paying 1500 LP for X damage?": the LP paid as the effect's cost."""
        _reading, eid = self._effect_param(s)
        self.add("damage_asked", f"are the LP paid for {eid} damage", effect=eid, n=0, what="payment")

    def q_lp_loss_damage(self, s):
        """"Is losing LP from X (part N of its effect) damage?"."""
        reading, eid = self._effect_param(s)
        self.params["n"] = n = self.clause_n(reading, eid, _need(s, "part", self.family))
        self.add("damage_asked", f"are the LP part {n} of {eid} takes damage", effect=eid, n=n,
                 what="part")

    def q_counters_kept(self, s):
        """"Does X keep its counters if it is flipped face-down?"."""
        name = self.card(_need(s, "card", self.family)).card.name
        after = _need(s, "after", self.family)
        if after not in ("negated", "left-field", "face-down"):
            raise QuestionError("in a counters-kept question, 'after' is negated, left-field or "
                                "face-down", understood=s)
        self.params["card"] = name
        self.add("counters_kept_asked", f"does {name} keep its counters after it is {after}",
                 card=name, after=after)

    def _unaffected(self, s, what: str):
        """A card unaffected by some effects (game-rules#replacement-and-negation.8, .9)."""
        _reading, eid = self._effect_param(s)
        scope, kind = s.get("scope"), s.get("kind", "unknown")
        if scope not in ("card", "spell", "trap", "spell-trap", "monster"):
            raise QuestionError(f"in an {self.family} question, 'scope' (what the card is unaffected "
                                "by) is card, spell, trap, spell-trap or monster", understood=s)
        if kind not in ("monster", "spell", "trap", "unknown"):
            raise QuestionError(f"in an {self.family} question, 'kind' is monster, spell, trap or "
                                "unknown", understood=s)
        verb = s.get("verb", "none")
        if not isinstance(verb, str):
            raise QuestionError(f"in an {self.family} question, 'verb' is an action", understood=s)
        self.add("unaffected_asked", f"a {kind} unaffected by {scope} effects, and {eid} ({what})",
                 effect=eid, scope=scope, what=what, kind=kind, verb=verb)

    def q_unaffected_target(self, s):
        self._unaffected(s, "target")

    def q_unaffected_affect(self, s):
        self._unaffected(s, "affect")

    def q_unaffected_cost(self, s):
        self._unaffected(s, "cost")

    def q_attack_directly(self, s):
        """"My opponent controls a monster. Can my X attack directly?"."""
        name = self.card(_need(s, "card", self.family)).card.name
        player = s.get("player", "you")
        if player not in ("you", "opponent"):
            raise QuestionError("in an attack-directly question, 'player' (who controls the "
                                "monster) is you or opponent", understood=s)
        self.params["card"] = name
        self.add("attack_directly_asked", f"can {name} ({player}) attack directly", card=name,
                 player=player)

    def q_replay(self, s):
        """"My opponent's monster attacks. I Special Summon X. Does a replay happen?"."""
        attack = _need(s, "attack", self.family)
        if not isinstance(attack, str) or not attack.strip():
            raise QuestionError("'attack' is the id of an attack event of the situation",
                                understood=s)
        self.params["attack"] = attack
        self.add("replay_asked", f"does a replay happen for {attack}", attack=attack)

    def q_flip_activates(self, s):
        """"My face-down X is attacked and destroyed by battle. Does its Flip effect activate?"."""
        reading, eid = self._effect_param(s)
        entity = _need(s, "entity", self.family)
        if not isinstance(entity, str) or not entity.strip():
            raise QuestionError("'entity' is the attacked monster of the situation", understood=s)
        self.params["entity"] = entity
        self.add("flip_asked", f"does {eid} activate", effect=eid, entity=entity)

    def q_normal_summon_again(self, s):
        """"I Tribute Summoned X (it was negated). Can I Normal Summon again this turn?"."""
        player = s.get("player", "you")
        if player not in ("you", "opponent"):
            raise QuestionError("in a normal-summon-again question, 'player' is you or opponent",
                                understood=s)
        self.params["player"] = player
        self.add("normal_summon_asked", f"can {player} Normal Summon again this turn",
                 player=player)

    def q_summon_starts_chain(self, s):
        self.params["summon"] = str(_need(s, "summon", self.family))

    def q_cost_returned(self, s):
        self._effect_param(s)
        self.params["verb"] = _need_word(s, "verb", self.family)

    q_still_done = q_cost_stays_paid = q_cost_returned

    def q_can_respond(self, s):
        responder = _need(s, "responder", self.family)
        if isinstance(responder, dict) and "generic" in responder:    # "with a Quick-Play Spell"
            rid = f"{self.generic_card(responder).card.name}#0"
        else:
            _, rid = self.effect(responder)
        self.params["responder"] = rid
        self.params["to"] = str(_need(s, "to", self.family))
        player = s.get("player", "you")     # who would chain it (a lock may bind one player only)
        if player not in ("you", "opponent"):
            raise QuestionError("in a can-respond question, 'player' is you or opponent", understood=s)
        self.add("responds", f"{player} would chain {rid}", responder=rid, player=player)
        if s.get("set_this_turn") and rid in self.reading_of:      # "the turn I Set it"
            card = self.reading_of[rid].card.name
            self.add("set_this_turn", f"{card} was Set this turn", card=card)

    def q_can_activate_now(self, s):
        self._effect_param(s)
        eid = self.params["effect"]
        if "event" in s:   # the situation's event its trigger or condition looks at
            self.add("trigger_on", f"{eid} would respond to {s['event']}", effect=eid,
                     event=str(s["event"]))
        for verb in s.get("cannot") or []:
            self.add("cannot_do", f"{verb} cannot be done now", effect=eid, verb=str(verb))
        player = s.get("player", "you")     # who would activate it, and from where
        place = s.get("from", "unknown")
        if player not in ("you", "opponent") or place not in ("hand", "field", "set", "unknown"):
            raise QuestionError("in a can-activate-now question, 'player' is you or opponent and "
                                "'from' is hand, field or set", understood=s)
        self.add("asked_activation", f"{player} would activate {eid} (from: {place})",
                 effect=eid, player=player, place=place)
        if s.get("set_this_turn"):       # "the turn I Set it"
            card = self.reading_of[eid].card.name
            self.add("set_this_turn", f"{card} was Set this turn", card=card)

    q_again_this_turn = _effect_param
    q_again_this_duel = _effect_param

    def q_effect_negated(self, s):
        self.params["activation"] = str(_need(s, "activation", self.family))

    def q_resolves_first(self, s):
        """(chains) Two links of a told Chain: does ``first`` resolve before ``other``?"""
        self.params["first"] = str(_need(s, "first", self.family))
        self.params["other"] = str(_need(s, "other", self.family))

    def q_limit_kind(self, s):
        """"Is X a hard once per turn?": the kind of limit asked (hard or soft)."""
        self._effect_param(s)
        limit = s.get("limit")
        if limit not in ("hard", "soft"):
            raise QuestionError("in a limit-kind question, 'limit' is hard or soft", understood=s)
        self.params["limit"] = limit

    def q_chain_order(self, s):
        """(SEGOC) Two Trigger Effects started at the same moment: is ``trigger`` put on the Chain
        before ``versus``?  Each with the event it starts on and the player who controls it."""
        events, players = s.get("events") or {}, s.get("players") or {}
        for key in ("trigger", "versus"):
            _, eid = self.effect(_need(s, key, self.family))
            self.params[key] = eid
            event, player = events.get(key), players.get(key)
            if not isinstance(event, str) or player not in ("you", "opponent"):
                raise QuestionError(f"in a chain-order question, 'events' and 'players' give the "
                                    f"{key} effect's event and its player (you or opponent)",
                                    understood=s)
            self.add("trigger_on", f"{eid} would respond to {event}", effect=eid, event=event)
            self.add("trigger_player", f"{eid} is {player}'s", effect=eid, player=player)
        if self.params["trigger"] == self.params["versus"]:
            raise QuestionError("a chain-order question asks of two different effects", understood=s)

    def q_can_target(self, s):
        self._effect_param(s)
        self.params["entity"] = str(_need(s, "entity", self.family))

    def q_target_count(self, s):
        self._effect_param(s)
        count = s.get("count")
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            raise QuestionError("'count' is a whole number of targets, 1 or more", understood=s)
        self.params["count"] = count
        self.add("target_count_asked", f"targeting {count}", effect=self.params["effect"], count=count)

    def q_gets_effect(self, s):
        reading, eid = self._effect_param(s)
        _, cause = self.effect(_need(s, "cause", self.family))
        self.params["cause"] = cause
        self.add("cause", f"used for {cause}", effect=eid, by=cause)

    # -- suppositions ---------------------------------------------------------
    def hypotheses(self, items):
        if not isinstance(items, list):
            raise QuestionError("'suppose' is a list", understood=self.spec)
        for item in items:
            if not isinstance(item, dict) or len(item) != 1:
                raise QuestionError(f"a supposition is one mapping: {item!r}", understood=self.spec)
            (key, val), = item.items()
            if key not in HYPOTHESIS_KEYS:
                raise QuestionError(f"unknown supposition {key!r} (known: "
                                    f"{', '.join(HYPOTHESIS_KEYS)})", understood=self.spec)
            val = dict(val) if isinstance(val, dict) else {}
            origin = val.pop("from", None)      # a scenario line, if the supposition came from one
            src = Source("scenario", quote=str(origin).split(": ", 1)[-1],
                         where=str(origin).split(": ", 1)[0]) if origin else None
            ref = val.pop("effect", None)
            eid = self.params.get("effect")
            if isinstance(ref, dict) and ref:
                _, eid = self.effect(ref)
            elif isinstance(ref, str):
                eid = ref
            what = f"supposed: {key} " + ", ".join(f"{k}={v}" for k, v in val.items())
            self.suppose(key, val, eid, what, src)

    def suppose(self, key: str, val: dict, eid: str | None, what: str, src: Source | None):
        if key == "fails":
            if eid not in self.reading_of:
                raise QuestionError("'fails' needs the effect whose part fails",
                                    understood=self.spec)
            n = self.clause_n(self.reading_of[eid], eid, val.get("part"))
            self.add("clause_fails", what, src, effect=eid, n=n)
        elif key == "targeted":
            self.add("targeted", what, src, effect=eid, target=str(val["target"]),
                     slot=int(val.get("slot", 1)))
        elif key == "left":
            self.add("left_zone", what, src, target=str(val["target"]))
        elif key == "state":
            self.add("state_at_resolution", what, src, target=str(val["target"]),
                     property=val["property"], value=val["value"])
        elif key == "controls":
            self.add("controls", what, src, effect=eid, what=val["what"])
        elif key == "self_gone":            # the card with the effect left the field before it resolved
            self.add("self_state_at_resolution", what, src, effect=eid, state="not-face-up")
            self.add("self_state_at_resolution", what, src, effect=eid, state="left-field")
        elif key == "self_not_face_up":
            self.add("self_state_at_resolution", what, src, effect=eid, state="not-face-up")
        elif key == "changed":
            self.add("changed_at_resolution", what, src, effect=eid, topic=val["topic"])
        elif key == "in_play":
            self.add("in_play", what, src, card=self.card(val["card"]).card.name)
        elif key == "token_target":
            self.add("target_is_token", what, src, effect=eid,
                     target=str(val.get("target", "a Token")))
        elif key == "event":
            self.add("event_happened", what, src, effect=eid, event=val["event"],
                     by=val.get("by", "unknown"))
        elif key == "requirement_unmet":   # a condition "to activate and to resolve" fails at resolution
            self.add("requirement_unmet_at_resolution", what, src, effect=eid)
        elif key == "cannot_be_destroyed":
            self.add("cannot_be_destroyed", what, src, card=str(val.get("card", "the card")))
        elif key == "resolved_before":
            # a link chained after the effect asked about resolved before it, on its target (as its
            # target, or as that target's own effect): the rules read what it did from its text
            reading = self.card(val.get("card") or str(eid).split("#")[0])
            if not any(f.type == "effect" and f.get("effect") == eid for f in reading.facts):
                raise QuestionError(f"'resolved_before' names no effect of {reading.card.name}: "
                                    f"{eid!r}", understood=self.spec)
            for k, allowed in (("via", ("target", "self")), ("players", ("same", "different", "unknown")),
                               ("negated", ("yes", "no", "unknown"))):
                if val.get(k) not in allowed:
                    raise QuestionError(f"in 'resolved_before', {k!r} is one of {', '.join(allowed)}",
                                        understood=self.spec)
            self.add("resolved_before", what, src, effect=eid, target=str(val["target"]),
                     via=val["via"], players=val["players"], negated=val["negated"])
        elif key == "done":                 # the situation says that part was done
            if eid not in self.reading_of:
                raise QuestionError("'done' needs the effect whose part was done",
                                    understood=self.spec)
            n = self.clause_n(self.reading_of[eid], eid, val.get("part"))
            self.add("part_done", what, src, effect=eid, n=n)


def build_question(spec: dict, db: CardDB, text: str = "", slots: str | None = None) -> Question:
    """The question of a structured spec; ``slots`` names the ``q_`` method that reads its family's
    slots when the family names one (``build: {question: NAME}`` in questions.yaml), else the
    family's own ``q_FAMILY``."""
    try:
        return _Builder(spec, db, text).build(slots)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise QuestionError(f"malformed question spec: {type(exc).__name__}: {exc}",
                            understood=spec if isinstance(spec, dict) else {}) from None
