"""The phrase readers: one method per part of an effect (its condition, cost and
targets, resolution clauses, references, once-per-turn and Quick Effect
markers, card rules).  Each looks its phrases up in the grammar and adds facts
with spans; :class:`~psct_expert.reader.reader._Reader` walks the text and
calls them."""

from __future__ import annotations


from .. import kre as re  # re, each pattern's program kept on disk (psct_expert.kre)
from ..gamewords import gamewords
from .gates import gate_text, may_match
from .grammar import blank_quotes, grammar, top_level_mask
from .model import Clause, EffectReading, Reading, Span, Target


_VERB_TABLES: dict[int, tuple] = {}


def _verb_table(g) -> tuple[list, frozenset]:
    """The grammar's verbs as (name, pattern, first words or None), and every first word.

    A verb whose first words are all missing from a text cannot match it
    (``Grammar.verb_gates``); the words are looked up once per text, not once
    per verb."""
    got = _VERB_TABLES.get(id(g))
    if got is None or got[0] is not g:
        table = [(name, rx, frozenset(g.verb_gates.get(name, ())) or None) for name, rx in g.verbs]
        words = frozenset(w for _, _, gate in table if gate for w in gate)
        got = _VERB_TABLES[id(g)] = (g, table, words)
    return got[1], got[2]


# a place word as written -> the place (activated_in_said, negation_place)
_PLACE = {"graveyard": "gy", "banishment": "banished"}


def _place_of(word: str) -> str:
    return _PLACE.get(word.lower(), word.lower())


# the second window of "During your Main Phase or your opponent's Battle Phase" (see _read_windows)
_OR_WINDOW = re.compile(r"\s*,?\s*or\s+(?:(your|your opponent's|either player's|each player's|the)\s+)?"
                        r"(main phase(?: [12])?|battle phase|standby phase|end phase|draw phase|"
                        r"damage step|turn)\b", re.IGNORECASE)
# a cost that moves the card itself ("discard this card", "Tribute this card", "send this face-up
# card to the GY", "banish this card from your GY")
_MOVES_ITSELF = re.compile(r"\b(?:send|tribute|discard|banish|return|shuffle|reveal and send)\s+this "
                           r"(?:face-up |face-down )?card\b", re.IGNORECASE)
# two phase windows of a condition joined by "or" (see _read_phases)
_WINDOWS_OR = re.compile(r"\b(?:phase|turn|phase [12]|step)\s*,?\s*or\s+(?:(?:your|your opponent's|"
                         r"either player's|each player's|the|their)\s+)?(?:main phase|battle phase|"
                         r"standby phase|end phase|draw phase|damage step|turn|[12])\b", re.IGNORECASE)

class PhraseReaders:
    """Mixed into the walker: ``self.g`` is the grammar, ``self.add``/``self.src`` make facts."""

    def _read_card_rules(self, text, eff, where, main) -> bool:
        """Sentences that are rules about the card, not effects: permissions to
        activate it from the hand, response locks, "cannot target this card".
        True when the effect's first sentence is only such a rule."""
        card = self.card
        act_id = f"{card.name}#0" if card.kind in ("spell", "trap") else eff.id
        rule_only = False
        sentences = [(sp, text[sp.start:sp.end]) for sp in
                     [Span(eff.start, len(main) + eff.start)] + eff.extra]
        sentences = [(sp, sentence, gate_text(sentence)) for sp, sentence in sentences]
        for kind, rx in self.g.card_rules:
            for sp, sentence, low in sentences:
                m = rx.search(sentence) if may_match(rx, low) else None
                if not m:
                    continue
                src = self.src(text, sp.start + m.start(), sp.start + m.end(), where)
                if sp.start == eff.start and ":" not in sentence and ";" not in sentence:
                    rule_only = True
                if kind in self.g.card_statements:
                    self.add("card_statement", src, card=card.name, kind=kind)
                elif kind == "cannot_be_targeted":
                    by = next((k for k, r in self.g.cannot_target_by if k == "opponent"
                               and r.search(sentence)), "any")
                    first = sp.start == eff.start or not re.search(r"[:;]", sentences[0][1])
                    self.add(kind, src, card=card.name, by=by, effect=eff.id,
                             **self._protection(sentence, m, bullet="." in eff.id.split("#")[-1]
                                                or not first))
                elif kind == "response_lock":
                    lock_id = act_id if self.g.p["this_card"].search(sentence) else eff.id
                    locked = re.search(r"activate\s+(monster effects|spell/trap cards?|cards or "
                                       r"effects|cards|effects)", sentence, re.I)
                    what = {"monster effects": "monster-effects", "spell/trap cards": "spell-trap-cards",
                            "spell/trap card": "spell-trap-cards"}.get(
                        locked.group(1).lower() if locked else "", "any" if locked and
                        locked.group(1).lower() in ("cards or effects",) else "other")
                    lock = sentence[:m.end() + 80]
                    scope = next((k for k, rx in self.g.response_lock_scope if rx.search(lock)),
                                 "other")
                    who = "opponent" if self.g.response_lock_opponent.search(lock) else "any"
                    cond = "yes" if self.g.response_lock_conditional.search(
                        sentence[:m.start()]) or self.g.response_lock_conditional.search(
                        sentence[m.end():]) else "no"
                    self.add(kind, src, effect=lock_id, card=card.name, what=what, scope=scope,
                             who=who, conditional=cond)
                else:
                    self.add(kind, src, effect=act_id, card=card.name)
                    by = self.g.p["permission_cost"].match(sentence, m.end())
                    if by and kind in ("activate_from_hand_permission",
                                       "activate_set_turn_permission"):
                        # "You can activate this card from your hand by paying half your LP":
                        # what the permission asks is done on activation, a cost
                        verb = self.g.permission_cost_verbs[by.group(1).lower()]
                        self.add("cost_action", self.src(text, sp.start + by.start(1),
                                                         sp.start + by.end(), where),
                                 effect=act_id, n=1, verb=verb)
                    if kind == "activate_from_hand_permission":   # "If you control no cards, ..."
                        self._read_control_none(text, act_id, where, sp.start, sentence[:m.end()],
                                                "from-hand")
                break
        return rule_only

    def _protection(self, sentence: str, m, bullet: bool) -> dict:
        """What a "cannot be targeted" sentence protects and from what: ``protects`` self (the
        card itself is the sentence's subject) or other ("Equip Cards equipped to this card",
        "monsters you control"); ``what`` the kind of effect ("other" for a kind no rule reads,
        "the effects of Level 6 or lower monsters"); ``condition`` yes when the protection holds
        only sometimes ("While you control ...", "except during ...", a bullet chosen or given,
        "4 or more:"): the model cannot check it, so the protection settles nothing."""
        t = dict(self.g.cannot_target_by)
        rest = sentence.strip()
        free = t["free-while"].match(rest)
        rest = rest[free.end():] if free else rest
        lead = t["lead"].match(rest)                # "While you control ..., "
        clause = rest[lead.end():] if lead else rest
        subject = t["self-subject"].match(clause)   # after "While you control ..., "
        if subject is None and (free or lead and t["while-this-card"].match(lead.group(0))):
            subject = t["it-subject"].match(clause)  # "While this card ..., ... target it"
        for joint in t["also"].finditer(clause):    # "Cannot be destroyed ..., also neither ..."
            if subject is None:
                clause = clause[joint.end():]
                subject = t["self-subject"].match(clause)
        protects = "self" if subject else "other"
        after = clause[subject.end():] if subject else sentence[m.end():]
        both = t["attacks-or"].match(after) or t["or-list"].match(after)
        said = t["by-phrase"].match(after[both.end():] if both else after)
        what = "other"
        if said:
            phrase = said.group(1).strip().lower()
            what = next((k for k in ("card-effects", "monster-effects", "spell-effects",
                                     "trap-effects", "spell-trap-effects", "some-monster-effects")
                         if t[k].match(phrase)),
                        "other")
        elif t["attacks"].match(after.strip()) or t["attacks"].search(after[:30]):
            what = "attacks"
        elif not after.strip(" ."):
            what = "card-effects"        # "This card cannot be targeted." by anything
        cond = bullet or bool(t["condition"].search(rest))
        return {"protects": protects, "what": what, "condition": "yes" if cond else "no"}

    def _read_trigger(self, text, eff, where, cs, cond):
        """Is the condition a trigger ("When"/"If" an event happens, or FLIP)?

        Not a trigger: a condition of activating a Spell/Trap Card itself, a
        Quick Effect's condition, a response to an activation, a phase window,
        or a state of the game ("If you control ...")."""
        c = self.g.conditions
        after = text[eff.colon + 1:eff.end]
        optional = "yes" if c["optional"].match(after) else "no"
        if c["flip"].match(cond):
            self.add("trigger", self.src(text, cs, cs + len(cond), where), effect=eff.id,
                     word="flip", optional=optional)
            return
        if c["card_activation"].match(cond):
            return
        if any(f.type == "on_card_activation" and f.get("effect") == eff.id for f in self.facts):
            # activating a Spell/Trap Card "When ...": its event is a trigger of the activation
            # (it can miss the timing), never an optional trigger effect
            optional = "no"
        if self.card.kind == "monster" and any(rx.search(cond) for _m, rx in self.g.quick):
            return   # a Quick Effect's condition (not a trigger; only monsters have them)
        before = c["optional_before_colon"].search(cond)
        if before:   # "If this card is Link Summoned, you can: ..."
            optional = "yes"
            cond = cond[:before.start()]
        trig = c["trigger_word"].search(cond)
        if not trig or c["battle_window"].search(cond):
            return
        word = trig.group(1).lower()
        if word == "if":
            later = c["later_when"].search(cond, trig.end())
            if later and self.names_event("when", cond[later.end(1):]) == "event":
                trig, word = later, "when"   # "If this card was ..., when it declares an attack"
        clause = blank_quotes(cond[trig.end(1):])
        alt = c["trigger_alternative"].search(clause)
        if alt:
            clause = clause[:alt.start()]   # the first event only
        state_src = self.src(text, cs + trig.start(1), cs + len(cond), where)
        kind = self.names_event(word, clause)
        if kind == "response":
            self.add("response_condition", state_src, effect=eff.id, word=word)
            return
        if kind == "state":
            moment = c["damage_step_moment"].search(cond)
            if moment:      # "After damage calculation, if the equipped monster battled ...:"
                self.add("damage_step_moment", self.src(text, cs + moment.start(), cs + moment.end(),
                                                        where), effect=eff.id)
                return
            self.add("state_condition", state_src, effect=eff.id, word=word)
            return
        self.add("trigger", self.src(text, cs + trig.start(1), cs + trig.end(1), where),
                 effect=eff.id, word=word, optional=optional)
        self._read_trigger_names(text, eff, where, cs + trig.end(1), cond[trig.end(1):])
        # "When this card declares an attack, or if your opponent activates ...": both words
        for alt in c["trigger_alternative"].finditer(cond, trig.end()):
            w = alt.group(1).lower()
            if w != word:
                self.add("trigger", self.src(text, cs + alt.start(1), cs + alt.end(1), where),
                         effect=eff.id, word=w, optional=optional)

    def _read_trigger_names(self, text, eff, where, start, clause):
        """What the trigger's event is (trigger_names: each kind of move its condition names), by
        what it must be done (trigger_by), and whether it must happen to this card (trigger_self),
        so a told event is matched to the trigger it would start."""
        g = self.g
        lead = len(clause) - len(clause.lstrip())
        plain = blank_quotes(clause)
        src = self.src(text, start + lead, start + len(clause.rstrip()), where)
        for name, rx in g.trigger_names:
            if rx.search(plain):
                self.add("trigger_names", src, effect=eff.id, name=name)
        for by, rx in g.trigger_by:
            if rx.search(plain):
                self.add("trigger_by", src, effect=eff.id, by=by)
        if g.p["trigger_self"].match(plain):
            self.add("trigger_self", src, effect=eff.id)
            if g.p["trigger_controlled"].match(plain):
                # (hunt 64) "If this card you control is destroyed": a move of the card while
                # its player controls it (on the field)
                self.add("trigger_controlled", src, effect=eff.id)
        if g.p["trigger_on_field"].match(plain):
            self.add("trigger_on_field", src, effect=eff.id)     # (hunt 111) the move is the field's
        if g.p["trigger_direct"].search(plain):
            self.add("trigger_direct", src, effect=eff.id)     # only a direct attack starts it
        ts = g.trigger_summon
        if ts["any"].search(plain):
            kinds = [w for m in ts["kinds"].finditer(plain)
                     for w in re.findall(r"[a-z]+", m.group(1).lower())
                     if w not in ("or", "and")]
            for k in dict.fromkeys(kinds or ["any"]):
                self.add("trigger_summon_kind", src, effect=eff.id, kind=k)
            for who in ("opponent", "you"):
                if ts[who].search(plain):
                    self.add("trigger_summoner", src, effect=eff.id, who=who)
            if "extra_material" in ts and ts["extra_material"].search(plain):
                self.add("trigger_extra_material", src, effect=eff.id)
        if not g.p["trigger_self"].match(plain):    # "this card you control": the card's own
            for who, rx in g.trigger_owner.items():
                if rx.search(plain):
                    self.add("trigger_owner", src, effect=eff.id, who=who)
        if g.trigger_from is not None:
            for m in g.trigger_from.finditer(plain):
                for place, rx in g.trigger_from_places:
                    if rx.search(m.group(1)):
                        self.add("trigger_from", src, effect=eff.id, place=place)
        by_battle = any(f.type == "trigger_by" and f.get("effect") == eff.id for f in self.facts)
        # (hunt 124) the first phrase the matching does not check: "destroyed by battle with an
        # opponent's attacking monster" asks more than "by battle" (which trigger_by checks)
        found = list(g.trigger_extra.finditer(plain)) if g.trigger_extra is not None else []
        extra = found[0] if found else None
        if extra is not None and extra.group().lower() == "by battle" and by_battle:
            extra = next((m for m in found[1:] if m.group().lower().startswith(("with ", "has ", "have "))),
                         None)
        if extra:
            self.add("trigger_extra", src, effect=eff.id, phrase=extra.group().lower())

    def names_event(self, word: str, clause: str) -> str:
        """What the clause after "When"/"If" names: "response" (an activation, or
        something that "would" happen, after "When"), "event" or "state"."""
        c = self.g.conditions
        clause = blank_quotes(clause)
        if word == "when" and c["response"].search(clause):
            return "response"
        pos = 0
        while True:   # an event in a relative clause may hide a later one: scan on
            m = c["event"].search(clause, pos)
            if m is None:
                return "event" if word == "when" else "state"
            if not c["event_relative"].search(clause[:m.start()]) \
                    and not c["event_earlier"].match(clause[m.end():]):
                return "event"
            pos = m.start() + 1

    def _read_phases(self, text, eff, where, cs, cond):
        """Phase and turn windows a condition names ("During your opponent's Main Phase").  A
        condition that joins two windows with "or" ("During your Main Phase or your opponent's
        Battle Phase", "Main Phase 1 or 2") names no single window: none is read (the rules read
        one window), so nothing is decided by the phase; the windows it leaves out ("except
        during the Draw Phase or the Damage Step") are read as before."""
        either = _WINDOWS_OR.search(re.split(r"(?i)\bexcept\b", cond)[0]) is not None
        if either:
            self._read_windows(text, eff, where, cs, cond)
        for m in self.g.phase.finditer(cond):
            owner = (m.group(1) or "").lower()
            written = m.group(2) or m.group(3) or "turn"
            phase = gamewords().phase_of(written) or "turn"
            turn = self.g.phase_turn.get(owner, "any")
            if self.g.p["phase_except"].search(cond[:m.start()]):
                # "..., except during the Draw Phase": the window the condition leaves out
                self.add("phase_excluded", self.src(text, cs + m.start(), cs + m.end(), where),
                         effect=eff.id, phase=phase, turn=turn)
                continue
            if either:
                continue        # two windows said with "or": no single one is read
            self.add("phase_condition", self.src(text, cs + m.start(), cs + m.end(), where),
                     effect=eff.id, phase=phase, turn=turn)
            if re.search(r"\bat the start of\s+$", cond[:m.start()], re.IGNORECASE) or \
                    re.match(r"\s*at the start of\b", m.group(0), re.IGNORECASE):
                # "At the start of your Main Phase 1": only before anything else is done in it
                self.add("phase_start_condition", self.src(text, cs + m.start(), cs + m.end(),
                                                           where), effect=eff.id, phase=phase)
            if re.search(r"\beven\s+$", cond[:m.start()], re.IGNORECASE):
                # "..., even during the Damage Step": that window too, not only it
                self.add("phase_also", self.src(text, cs + m.start(), cs + m.end(), where),
                         effect=eff.id, phase=phase)

    def _read_windows(self, text, eff, where, cs, cond):
        """Two windows joined by "or" ("During your Main Phase or your opponent's Battle Phase",
        "During either player's Main Phase or Battle Phase"): one ``phase_window`` fact each (a
        window said without its player is the first one's player); nothing when the condition is
        not exactly two such windows."""
        m = self.g.phase.search(cond)
        if m is None or self.g.p["phase_except"].search(cond[:m.start()]):
            return
        owner = (m.group(1) or "").lower()
        first = gamewords().phase_of(m.group(2) or m.group(3) or "turn") or "turn"
        turn = self.g.phase_turn.get(owner, "any")
        o = _OR_WINDOW.match(cond, m.end())
        if o is None:
            return
        second = gamewords().phase_of(o.group(2)) or ("turn" if o.group(2).lower() == "turn" else None)
        if second is None:
            return
        turn2 = self.g.phase_turn.get((o.group(1) or "").lower(), turn) if o.group(1) and \
            o.group(1).lower() != "the" else ("any" if o.group(1) else turn)
        span = self.src(text, cs + m.start(), cs + o.end(), where)
        for phase, whose in ((first, turn), (second, turn2)):
            self.add("phase_window", span, effect=eff.id, phase=phase, turn=whose)

    def _read_condition(self, text, eff, where):
        g = self.g
        cs, ce = eff.condition.start, eff.condition.end
        cond = text[cs:ce]
        self.add("condition", self.src(text, cs, ce, where), effect=eff.id)
        if g.p["bare_quick_condition"].search(cond):
            self.add("bare_quick_condition", self.src(text, cs, ce, where), effect=eff.id)
        if g.p["window_quick_condition"].search(cond):
            # "During your opponent's turn (Quick Effect):": only a window and the marker
            self.add("window_quick_condition", self.src(text, cs, ce, where), effect=eff.id)
        if g.p["bare_opt_condition"].search(cond):
            self.add("bare_opt_condition", self.src(text, cs, ce, where), effect=eff.id)
        self._read_trigger(text, eff, where, cs, cond)
        self._read_phases(text, eff, where, cs, cond)
        for topic, rx in g.condition_topics:
            m = rx.search(blank_quotes(cond))
            if m:
                self.add("activation_condition", self.src(text, cs, ce, where), effect=eff.id,
                         topic=topic)
        for event, rx in g.trigger_events:
            m = rx.search(cond)
            if m:
                self.add("trigger_event", self.src(text, cs + m.start(), cs + m.end(), where),
                         effect=eff.id, event=event)
        self._read_negation_scope(text, eff, where, cs, cond)
        self._read_control_none(text, eff.id, where, cs, cond, "any")
        self._read_have_none(text, eff.id, where, cs, cond)
        self._read_only_in_hand(text, eff.id, where, cs, cond)
        self._read_activator_on_field(text, eff, where, cs, cond)
        self._read_activated_this_turn(text, eff, where, cs, cond)
        self._read_added_to_hand(text, eff, where, cs, cond)

    def _read_negation_scope(self, text, eff, where, cs, cond):
        """What a negating effect's condition lets it respond to (Summons, activations)."""
        g = self.g
        summoner = "opponent" if g.p["opponent_summons"].search(cond) else "any"
        for kind, rx in g.negation_summon:
            m = rx.search(cond)
            if m:
                self.add("negation_scope", self.src(text, cs + m.start(), cs + m.end(), where),
                         effect=eff.id, what="summon", kind=kind, summoner=summoner)
                break
        scopes = [f for f in self.facts if f.type == "negation_scope" and f.get("effect") == eff.id]
        many = re.search(r"\bexactly (\d+) monsters?\b", blank_quotes(cond), re.I)
        if many and any(f.get("what") == "summon" for f in scopes):
            # "When your opponent would Special Summon exactly 1 monster": not a Summon of 2
            self.add("summon_count_exactly", self.src(text, cs + many.start(), cs + many.end(), where),
                     effect=eff.id, count=int(many.group(1)))
        body = blank_quotes(cond)
        # the condition's own opening "If" ("If your opponent would Special Summon ...") is not an
        # extra requirement; one after it (", if you control ...") is
        opening = re.match(r"\s*if\s+(?=(?:your opponent|you|a player|either player)\s+"
                           r"(?:would|activates?)\b)", body, re.I)
        extra = g.negation_extra_condition.search(body, opening.end() if opening else 0)
        m = g.negation_activation.search(cond)
        active = None if m else g.negation_activation_active.search(cond)
        if extra and (scopes or m or active):
            self.add("extra_condition", self.src(text, cs + extra.start(), cs + extra.end(), where),
                     effect=eff.id)
        if active:
            # "when your opponent activates a monster effect": the category follows the verb
            m = active
            part_start = active.start()
            head = blank_quotes(active.group(1))
        elif not m:
            return
        else:
            part_start = max(cond.rfind(" OR ", 0, m.start()) + 1, 0)
            head = blank_quotes(cond[part_start:m.start()])
        cats = [k for k, rx in g.activation_categories if rx.search(head)]
        if not cats:
            return
        scope = "any" if "any" in cats else "_".join(
            c for c in ("spell", "trap", "monster") if c in cats)
        if scope == "spell_trap" or scope in ("spell", "trap"):
            scope = "spell_trap" if scope == "spell_trap" else scope
        tail = cond[m.end():]
        for qual, rx in g.activation_qualifiers:
            if rx.search(tail):
                scope = "listed" if qual == "listed" else (
                    f"{scope}_{qual}" if qual != "other" else f"{scope}_restricted")
                break
        self.add("negation_scope", self.src(text, cs + part_start, cs + m.end(), where),
                 effect=eff.id, what="activation", kind=scope,
                 summoner="opponent" if g.p["opponent_activates"].search(cond) else "any")
        self._read_negation_place(text, eff, where, cs, cond, m, active is not None)

    def _read_negation_place(self, text, eff, where, cs, cond, m, active):
        """Where the activated card or effect must be ("is activated in the hand or GY", "activates
        ... on the field"): one negation_place fact per place word; none when no place is said."""
        g = self.g
        if active:
            pm = g.p["negation_place_in"].search(m.group(1))
            at = m.start(1) if pm else 0
        else:
            pm = g.p["negation_place"].match(cond[m.end():])
            at = m.end()
        if not pm:
            return
        start = at + pm.start(1)
        for w in g.p["place_word"].finditer(pm.group(1)):
            place = _place_of(w.group(1))
            self.add("negation_place", self.src(text, cs + start, cs + start + len(pm.group(1)),
                                                where), effect=eff.id, place=place)

    def _summon_not_done(self, seg, verbs) -> bool:
        """Does every Summon verb of a part name a Summon the part does not do ("neither player can
        Special Summon", "can only Special Summon", "that was Special Summoned")?"""
        g = self.g
        seen = False
        for s, e, v in verbs:
            if v not in g.summon_verbs:
                continue
            seen = True
            word = seg[s:e].lower().rstrip()
            if g.p["summon_form_not_done"].search(word):
                continue
            if g.p["summon_permission_before"].search(blank_quotes(seg[:s])):
                continue
            return False
        return seen

    def _read_activated_in(self, text, eff, where):
        """Where an effect is activated from, when its cost says ("discard this card": the hand;
        "banish this card from your GY": the GY; "send this face-up card": the field), its
        condition says where the card is ("If this card is in your GY"), or its resolution
        Special Summons the card itself from there.  (A condition that says where the card went,
        "When this face-up card leaves the field", says nothing of where it is activated.)"""
        if not eff.punctuated:
            return
        g = self.g
        found = {}
        if eff.cost is not None:
            part = blank_quotes(text[eff.cost.start:eff.cost.end])
            for place in ("hand", "field"):
                hit = g.p["activated_in_" + place].search(part)
                if hit:
                    found.setdefault(place, (eff.cost.start + hit.start(),
                                             eff.cost.start + hit.end()))
                    # the cost moves the card itself from there ("Tribute this card", "send this
                    # face-up card to the GY", "discard this card"): it is gone once activated
                    # (never "detach 1 material from this card")
                    own = _MOVES_ITSELF.search(part)
                    if own is not None:
                        self.add("cost_moves_self", self.src(text, eff.cost.start + own.start(),
                                                             eff.cost.start + own.end(), where),
                                 effect=eff.id, place=place)
            fm = g.p["activated_in_from"].search(part)
            for w in g.p["place_word"].finditer(fm.group(1)) if fm else ():
                found.setdefault(_place_of(w.group(1)),
                                 (eff.cost.start + fm.start(), eff.cost.start + fm.end()))
        if eff.condition is not None:
            cs = eff.condition.start
            st = g.p["activated_in_state"].search(blank_quotes(text[cs:eff.condition.end]))
            for w in g.p["place_word"].finditer(st.group(1)) if st else ():
                place = _place_of(w.group(1))
                found.setdefault(place, (cs + st.start(), cs + st.end()))
        if eff.resolution is not None:
            rs = eff.resolution.start
            sm = g.p["self_summon_from"].search(blank_quotes(text[rs:eff.resolution.end]))
            if sm:
                for w in g.p["place_word"].finditer(sm.group(1)):
                    found.setdefault(_place_of(w.group(1)),
                                     (rs + sm.start(), rs + sm.end()))
        for place, (a, b) in found.items():
            self.add("activated_in_said", self.src(text, a, b, where), effect=eff.id, place=place)

    def _verbs(self, text: str, start: int = 0) -> list[tuple[int, int, str]]:
        blanked = blank_quotes(text)
        low = blanked.casefold()
        table, words = _verb_table(self.g)
        present = {w for w in words if w in low}   # each first word tested once
        hits = []
        for name, rx, gate in table:
            if gate is not None and present.isdisjoint(gate):
                continue   # none of the verb's first words is in the text
            for m in rx.finditer(blanked):
                hits.append((m.start(), m.end(), name))
        hits.sort(key=lambda h: (h[0], -(h[1] - h[0])))
        out: list[tuple[int, int, str]] = []
        for h in hits:
            if out and h[0] < out[-1][1]:
                continue
            out.append(h)
        return [(s + start, e + start, n) for s, e, n in out]

    def _read_cost_and_targets(self, text, eff, where):
        g = self.g
        if eff.cost is None:
            # no semicolon: "target" before the colon-less resolution is not a
            # target for PSCT purposes, but we still note the word for audits
            return
        cs, ce = eff.cost.start, eff.cost.end
        part = text[cs:ce]
        self.add("cost_part", self.src(text, cs, ce, where), effect=eff.id)
        m = g.optional_cost.search(part)
        if m:          # "When you activate this card, you can also send ...;": paid only if chosen
            self.add("optional_cost", self.src(text, cs + m.start(), cs + m.end(), where),
                     effect=eff.id)
        tm = g.target_word.search(blank_quotes(part))
        cost_region_end = ce
        regions = []
        if tm:
            cost_region_end = cs + tm.start()
            after = self._action_after_targets(text, cs + tm.start(), ce)
            self._read_targets(text, eff, where, cs + tm.start(), after[0] if after else ce)
            if after:   # "Target 1 monster you control and detach all of its material;"
                regions.append(after[1])
        n = 0
        for rs_, re_ in [(cs, cost_region_end)] + [(a, ce) for a in regions]:
            region = text[rs_:re_]
            for _kind, rx in g.conditional_parts:  # "If it was ... by an opponent's card effect,"
                region = rx.sub(lambda m: " " * len(m.group()), region)
            for s, e, verb in self._verbs(region, rs_):
                if verb in g.not_cost_verbs or g.p["cost_participle"].search(text[s:e]) \
                        or g.p["cost_restriction"].search(text[rs_:s]) \
                        or g.p["cost_relative"].search(blank_quotes(text[rs_:s])) \
                        or g.p["cost_noun"].match(text[s:re_]):
                    continue   # "the equipped monster", "but you cannot declare attacks", a
                    # relative clause, "1 Equip Card"
                n += 1
                nxt = [v for v in self._verbs(text[e:re_], e)]
                end = nxt[0][0] if nxt else re_
                clause = text[s:end].rstrip(" ,")
                self.add("cost_action", self.src(text, s, s + len(clause), where), effect=eff.id,
                         n=n, verb=verb)
        for kind, rx in g.conditional_parts:
            m = rx.search(part)
            if m:
                self.add("conditional_target", self.src(text, cs + m.start(), cs + m.end(), where),
                         effect=eff.id, condition=kind)

    def _action_after_targets(self, text, ts, te):
        """Where an action joined to the target phrase starts ("Target 1 Xyz Monster you control
        and detach all of its material;", "... and pay 800 LP for each target;"): (end of the
        target phrase, start of the action), or None.  Only at the top level (not inside
        quotes or parentheses), and only when a verb that is a cost starts right after the
        joint ("and 1 card your opponent controls" is a second target)."""
        g = self.g
        phrase = text[ts:te]
        mask = top_level_mask(phrase)
        for m in g.p["target_then_action"].finditer(blank_quotes(phrase)):
            if not mask[m.start()]:
                continue
            if g.p["target_relative"].search(blank_quotes(phrase[:m.start()])):
                break   # "Target 1 monster that was destroyed ... and sent there this turn"
            verbs = self._verbs(phrase[m.end():], ts + m.end())
            if verbs and verbs[0][0] == ts + m.end() and verbs[0][2] not in g.not_cost_verbs \
                    and not g.p["cost_participle"].search(text[verbs[0][0]:verbs[0][1]]):
                return ts + m.start(), ts + m.end()
        return None

    def _read_targets(self, text, eff, where, ts, te):
        g = self.g
        phrase = text[ts:te]
        self.add("target_word", self.src(text, ts, ts + len(re.match(r"\w+", phrase).group()),
                                         where), effect=eff.id)
        cm = g.target_count.search(phrase)
        body_start = ts + (cm.end() if cm else len("target"))
        groups = []
        body = text[body_start:te]
        last = 0
        for m in g.p["target_group_and"].finditer(body):
            if body[:m.start()].count("(") > body[:m.start()].count(")"):
                continue        # "2 FIRE monsters (1 Tuner and 1 non-Tuner)": one group, described
            groups.append((last, m.start()))
            last = m.end()
        groups.append((last, len(body)))
        counts = [cm.group(1).lower() if cm else "1"]
        for gs, _ in groups[1:]:
            counts.append(g.p["target_group_count"].match(body[gs:]).group(1))
        for slot, ((gs, ge), count) in enumerate(zip(groups, counts), 1):
            s, e = body_start + gs, body_start + ge
            seg = text[s:e]
            conds = self._target_conditions(seg)
            if count in ("that", "those", "this") and eff.condition:
                # "Target that monster": its conditions are the trigger's
                cond_text = text[eff.condition.start:eff.condition.end]
                conds += [c for c in self._target_conditions(cond_text)
                          if c[0].startswith("atk") or c[0] in ("face-up", "face-down", "set")]
            number = count
            if count in ("a", "an", "that", "this"):
                number = "1"
            up_to = "yes" if number.startswith("up to") else "no"
            span = g.p["target_range"].match(number)
            if span and span.group(1) == "1":
                number, up_to = span.group(2), "yes"     # "Target 1 or 2": up to 2
            elif number.startswith(("any number", "the same number")) or span or \
                    number.endswith("or more"):
                # ("target the same number of cards": as many as the cost chose, any number)
                # "Target any number of monsters" ("2 or more", "2 or 3"): no number is fixed
                # (count 0, up_to "any"); how many may be chosen is what the situation allows
                # (game-rules#activation-legality.16)
                number, up_to = "0", "any"
            number = re.sub(r"\D", "", number) or "1"
            src = self.src(text, ts if slot == 1 else s, e, where)
            self.add("target", src, effect=eff.id, slot=slot, count=int(number), up_to=up_to)
            for name, value in conds:
                self.add("target_condition", src, effect=eff.id, slot=slot, condition=name,
                         value=value)
            eff.targets.append(Target(slot, s, e, seg, "any" if up_to == "any" else number, conds))

    def _it_is_this_card(self, text: str, eff, at: int, seg: str) -> bool:
        """"When you draw this card: You can reveal it; Special Summon it from your hand": "it" is
        this card when "this card" is the last card the text named before it (no other card, no
        number of cards, no target between them)."""
        p = self.g.p
        if not p["summon_it"].match(seg):
            return False
        before = text[eff.start:at] if eff.start < at else ""
        if p["target_said"].search(before):
            return False        # "target 1 monster equipped to this card; Special Summon it"
        last = [m.end() for m in p["this_card"].finditer(before)]
        return bool(last) and not p["other_card_named"].search(before[last[-1]:])

    def _target_conditions(self, seg: str) -> list[tuple[str, object]]:
        g = self.g
        b = blank_quotes(seg)
        out: list[tuple[str, object]] = []
        for name, rx in g.target_conditions:
            m = rx.search(b)
            if not m:
                continue
            if name == "set" and not g.p["set_card"].search(b):
                continue
            if name in ("atk-min", "atk-max"):
                num = next(x for x in m.groups() if x)
                out.append((name, int(num)))
            else:
                out.append((name, "yes"))
        # each pattern below needs its word as written (case kept): test for it first
        for attr in g.attributes:
            if (attr in b or re.escape(attr) != attr) and re.search(rf"\b{attr}\b", b):
                out.append(("attribute", attr))
        for race in g.races:
            if race in b and re.search(
                    rf"\b{re.escape(race)}(?:-Type)?\b(?= (?:monster|card|Tuner|Normal))", b):
                out.append(("race", race))
        return out

    def _read_resolution(self, text, eff, where):
        g = self.g
        rs, re_ = eff.resolution.start, eff.resolution.end
        part = text[rs:re_]
        if not part.strip():
            return
        self._read_places_named(text, eff, where, rs, part)
        mask = top_level_mask(part)
        # split into clauses on conjunctions outside quotes/parentheses
        cuts = []  # (start, end, kind)
        pos = 0
        low = gate_text(part)
        conjunctions = [(kind, rx) for kind, rx in g.conjunctions if may_match(rx, low)]
        while True:
            best = None
            for kind, rx in conjunctions:
                for m in rx.finditer(part, pos):
                    if not mask[m.start()]:
                        continue
                    if best is None or m.start() < best[0]:
                        best = (m.start(), m.end(), kind)
                    break
            if best is None:
                break
            cuts.append(best)
            pos = best[1]
        # "return both that monster and this card to the hand", "If your opponent controls a
        # monster and you control no monsters, you can ...": a plain "and" with no verb on one
        # side joins two things or two conditions, not two actions (right to left, so a merge
        # joins on)
        # (", but only from the Extra Deck": a "but" with no verb after it qualifies, too)
        for i in range(len(cuts) - 1, -1, -1):
            if cuts[i][2] in ("and", "but"):
                before = part[cuts[i - 1][1] if i else 0:cuts[i][0]]
                after = part[cuts[i][1]:cuts[i + 1][0] if i + 1 < len(cuts) else len(part)]
                if not self._verbs(after) or cuts[i][2] == "and" and not self._verbs(before):
                    del cuts[i]
        bounds = []
        last = 0
        for s, e, _kind in cuts:
            bounds.append((last, s))
            last = e
        bounds.append((last, len(part)))
        n = 0
        prev_n = None
        for i, (s, e) in enumerate(bounds):
            seg = part[s:e]
            lead = len(seg) - len(seg.lstrip())
            s += lead
            seg = part[s:e].rstrip(" .")
            e = s + len(seg)
            if not seg:
                continue
            m = g.p["clause_lead"].match(seg)
            sub = g.clause_subordinate.match(seg)
            # "each time your opponent Special Summons ..., draw 1 card": the verb is "draw"
            verbs = self._verbs(seg[sub.end():], sub.end()) if sub else self._verbs(seg)
            verb = verbs[0][2] if verbs else None
            if verb is None:
                self.unread.append(seg[:60])
            n += 1
            clause = Clause(n, rs + s, rs + e, seg, verb)
            src = self.src(text, rs + s, rs + e, where)
            self.add("clause", src, effect=eff.id, n=n, verb=verb or "unknown",
                     optional="yes" if m and m.group().lower().startswith("you can") else "no")
            for s2, e2, v2 in verbs[1:]:
                if v2 not in ("inflict-damage", "activate", "apply"):
                    self.add("clause_verb", self.src(text, rs + s + s2, rs + s + e2, where),
                             effect=eff.id, n=n, verb=v2)
            if sub and g.each_time.match(seg):
                self.add("each_time", self.src(text, rs + s, rs + s + sub.end(), where),
                         effect=eff.id, n=n)
            if verb in g.summon_verbs and (g.p["this_card"].search(seg) or
                                           self._it_is_this_card(text, eff, rs + s, seg)):
                self.add("summons_self", src, effect=eff.id, n=n)
            if verb in g.summon_verbs and self._summon_not_done(seg, verbs):
                self.add("summon_not_done", src, effect=eff.id, n=n)
            if g.p["part_was_set"].match(seg):
                self.add("part_condition", src, effect=eff.id, n=n, condition="was-set")
            if g.p["part_if"].match(seg):
                self.add("part_if", src, effect=eff.id, n=n)
            if g.p["clause_delayed"].match(seg):
                # "during the End Phase of this turn, discard your entire hand": done later
                self.add("clause_delayed", src, effect=eff.id, n=n, verb=verb or "unknown")
            if g.p["both_self"].search(seg):
                self.add("both_self", src, effect=eff.id, n=n)
            elif g.p["self_object"].match(seg):
                self.add("self_object", src, effect=eff.id, n=n)
            if g.p["self_subject"].match(seg):
                self.add("self_subject", src, effect=eff.id, n=n)
            if g.p["same_name_negation"].search(seg) and g.p["until_next_turn"].search(seg):
                self.add("same_name_negation", src, effect=eff.id, n=n, until="next-turn")
            self._read_clause_from(text, eff, where, rs + s, seg, n)
            self._read_clause_all(text, eff, where, rs + s, seg, n)
            self._read_refs(text, eff, clause, where)
            eff.clauses.append(clause)
            if i > 0 and prev_n is not None:
                cs_, ce_, kind = cuts[i - 1]
                if kind in ("and", "also") and g.p["trailing_after_that"].search(seg):
                    # "..., and Special Summon 1 monster from your hand after that.": an older
                    # "after that" at the end of the part (psct-punctuation-it: not simultaneous)
                    kind = "after-that"
                self.add("link", self.src(text, rs + cs_, rs + ce_, where), effect=eff.id,
                         left=prev_n, right=n, kind=kind)
                eff.links.append((prev_n, n, kind, rs + cs_, rs + ce_))
            prev_n = n
        ia = g.immediately_after.search(part)
        if ia:
            self.add("immediately_after", self.src(text, rs + ia.start(), rs + ia.end(), where),
                     effect=eff.id)
        # what the effect negates, when its resolution says "negate the ..."
        for m in g.p["negates"].finditer(part):
            what = m.group(1).lower()
            self.add("negates", self.src(text, rs + m.start(), rs + m.end(), where),
                     effect=eff.id, what=what.replace(" ", "-"))

    def _read_refs(self, text, eff, clause: Clause, where):
        g = self.g
        seg = blank_quotes(clause.text)
        found = []
        # "with the same name as that monster": a name taken from the target, not the target
        taken: list[tuple[int, int]] = [m.span() for m in g.p["name_only_ref"].finditer(seg)]
        whose = re.search(r"\bwhose\b", seg)
        low = gate_text(seg)
        for kind, rx in g.references:
            for m in rx.finditer(seg) if may_match(rx, low) else ():
                if any(m.start() < te and ts < m.end() for ts, te in taken):
                    continue
                if whose and m.start() > whose.start():
                    continue    # "Special Summon 1 monster whose Level equals ... of those monsters"
                if kind == "pronoun" and found:
                    continue
                if kind == "pronoun" and not eff.targets:
                    continue
                found.append((kind, m.start(), m.end()))
                taken.append((m.start(), m.end()))
        for kind, s, e in found:
            src = self.src(text, clause.start + s, clause.start + e, where)
            slots = self._ref_slots(eff, clause.text[s:e])
            if not slots:
                continue
            said = g.p["amount_from_target"].match(seg)
            amount = said is not None and s > said.group().lower().rfind("equal to")
            for slot in slots:
                self.add("reference", src, effect=eff.id, n=clause.n, kind=kind, slot=slot)
                if amount:
                    # "gain LP equal to the ATK of that target": the part is done to a player,
                    # the target only gives its amount (game-rules#replacement-and-negation.8)
                    self.add("amount_from_target", src, effect=eff.id, n=clause.n, slot=slot)
                if kind == "demonstrative":
                    # "that face-up monster": a requirement the part restates (game-rules#targeting.12)
                    for cond in re.findall(r"face-up|face-down|\bset\b", clause.text[s:e].lower()):
                        self.add("restated_condition", src, effect=eff.id, n=clause.n, slot=slot,
                                 condition=cond)
            clause.refs.append((kind, s, e))

    def _ref_slots(self, eff, phrase: str) -> list[int]:
        slots = [t.slot for t in eff.targets]
        p = phrase.lower()
        mine = p.startswith("your ") and "opponent" not in p
        if not slots:
            return [] if mine else [0]
        if "first" in p:
            return [1]
        if "second" in p or "other" in p:
            return [2] if 2 in slots else slots[-1:]
        if "third" in p:
            return [3] if 3 in slots else slots[-1:]
        whose = "opponent-controls" if "opponent" in p else "you-control" if "you control" in p \
            or mine else None
        if whose is not None:
            # "that monster you control", "that opponent's monster", "your monster": the one
            # target so held
            held = [t.slot for t in eff.targets if (whose, "yes") in t.conditions]
            if len(held) == 1:
                return held
            if mine:
                return []   # "your monster" with no one target of yours: not a reference
        return slots

    def _read_whole(self, text, eff, where, main):
        g = self.g
        base = eff.start
        full = text[eff.start:eff.end]
        low, low_main = gate_text(full), gate_text(main)   # for the patterns' word gates
        for marker, rx in g.quick:
            if not may_match(rx, low):
                continue
            if marker in g.quick_activated_only and not eff.punctuated:
                continue   # "During either player's turn, you can activate ... from your hand."
            cond = text[eff.condition.start:eff.condition.end] if eff.condition else ""
            if marker in g.quick_monsters_only | g.quick_activated_only \
                    and g.p["card_is_spell_trap"].search(cond):
                continue   # the effect of the card as a Spell/Trap ("if this card is a Continuous Trap")
            if marker in g.quick_monsters_only and (self.card.kind != "monster" or any(
                    f.type == "trigger" and f.get("effect") == eff.id for f in self.facts)
                    or g.p["each_time_condition"].search(cond)):
                continue   # a trigger's window ("During your opponent's turn, each time ...:")
            m = rx.search(full)
            if m:
                self.add("quick_marker", self.src(text, base + m.start(), base + m.end(), where),
                         effect=eff.id, marker=marker)
                if marker == "quick-effect-if":
                    # "This is a Quick Effect if your opponent controls a monster": the condition,
                    # when it is one the knowledge reads (quick_if_conditions)
                    tail = full[m.end():].split(".")[0]
                    for name, crx in g.quick_if_conditions:
                        c = crx.match(tail.strip())
                        if c:
                            at = base + m.end() + tail.index(tail.strip())
                            self.add("quick_if", self.src(text, at, at + c.end(), where),
                                     effect=eff.id, condition=name)
                            break
        seen_opt = False
        taken: list[tuple[int, int]] = []
        for kind, scope, rx in g.once_per_turn:
            for m in rx.finditer(full) if may_match(rx, low) else ():
                if seen_opt and kind == "soft":
                    continue
                if any(m.start() < e and s < m.end() for s, e in taken):
                    continue
                taken.append((m.start(), m.end()))
                seen_opt = True
                self.add("once_per_turn", self.src(text, base + m.start(), base + m.end(), where),
                         effect=eff.id, kind=kind, scope=scope)
                if re.search(r"\bper duel\b", m.group(), re.I):     # "... once per Duel"
                    self.add("once_per_duel", self.src(text, base + m.start(), base + m.end(), where),
                             effect=eff.id)
                break
        m = self.g.p["turn_sent_limit"].search(full)
        if m:
            # "..., except the turn this card was sent to the GY:": not in the turn it got there
            self.add("turn_sent_limit", self.src(text, base + m.start(), base + m.end(), where),
                     effect=eff.id)
        for rx in g.procedures:
            m = rx.search(main) if may_match(rx, low_main) else None
            if m:
                self.add("procedure", self.src(text, base + m.start(), base + m.end(), where),
                         effect=eff.id, card=self.card.name, place=(m.group(1) or "unstated").lower())
                break
        for rx in g.summon_conditions:
            m = rx.search(main) if may_match(rx, low_main) else None
            if m:
                self.add("summon_condition", self.src(text, base + m.start(), base + m.end(),
                                                      where), effect=eff.id,
                         condition=re.sub(r"\s+", "-", m.group().lower()))
        m = g.activation_condition_sentences.search(full) \
            if may_match(g.activation_condition_sentences, low) else None
        if m:
            # "You can only activate this card ..." is about activating the card
            target_id = f"{self.card.name}#0" if self.card.kind in ("spell", "trap") else eff.id
            src = self.src(text, base + m.start(), base + m.end(), where)
            self.add("activation_condition_sentence", src, effect=target_id)
            for topic, rx in g.condition_topics:
                if rx.search(m.group()):
                    self.add("activation_condition", src, effect=target_id, topic=topic)
        for action, rx in g.prohibitions:
            m = rx.search(full) if may_match(rx, low) else None
            if m:
                self.add("prohibits", self.src(text, base + m.start(), base + m.end(), where),
                         effect=eff.id, card=self.card.name, action=action)
        # what an activation condition says of another card ("When ... activates an effect that
        # targets a monster you control:") is not its own text: only the words after its colon
        own = text[eff.colon + 1:eff.end] if eff.colon is not None else full
        if g.target_mention.search(blank_quotes(own)) and not any(
                f.type == "target_word" and f.get("effect") == eff.id for f in self.facts):
            # "Target face-up ... gains 500 ATK" (older texts): the word, with no ";" after it
            self.add("mentions_target", self.src(text, base, base + len(full), where),
                     effect=eff.id)
        m = g.gy_replacement.search(full) if may_match(g.gy_replacement, low) else None
        if m:      # "Any card sent to the GY is banished instead.": the whole effect says only that
            self.add("gy_replacement", self.src(text, base + m.start(1), base + m.end(), where),
                     effect=eff.id, card=self.card.name, what=m.group(1).lower())
        if main.strip() and not eff.punctuated and not eff.extra and not any(
                f.get("effect") == eff.id and f.type in ("procedure", "summon_condition",
                                                          "prohibits", "once_per_turn",
                                                          "activation_condition", "clause",
                                                          "cost_action", "target_word")
                for f in self.facts):
            self.unread.append(main[:60])

    def _read_extra(self, text, eff, where):
        g = self.g
        for sp in eff.extra:
            sentence = text[sp.start:sp.end]
            for req, rx in g.resolve_conditions:
                m = rx.search(sentence)
                if m:
                    self.add("resolve_condition",
                             self.src(text, sp.start, sp.end, where),
                             effect=eff.id, requirement=req)
                    break

    def _check_extra_read(self, eff, where):
        """A sentence that continues an effect is read only if some fact came from it;
        otherwise its action ("It gains 500 ATK.") is noted, or it is reported unread."""
        text = self._src_text(where)
        for sp in eff.extra:
            if any(f.source is not None and f.source.kind == "text"
                   and f.source.where == where and f.source.start is not None
                   and sp.start <= f.source.start < sp.end
                   and f.type not in ("effect", "colon", "semicolon")
                   for f in self.facts):
                continue
            verbs = self._verbs(text[sp.start:sp.end], sp.start)
            if not verbs and self.g.p["set_card_may_activate"].match(text[sp.start:sp.end]):
                # "Set 1 Trap directly from your Deck. It can be activated this turn.": what may
                # be done with the card the effect Set
                verbs = [(sp.start, sp.end, "activate")]
            if verbs:
                s, e, verb = verbs[0]
                self.add("continuation", self.src(text, sp.start, sp.end, where),
                         effect=eff.id, verb=verb)
            else:
                self.unread.append(text[sp.start:sp.end][:60])

    def _src_text(self, where):
        return (self.card.pendulum_text if where == "pendulum text" else self.card.text) or ""

    def _read_control_none(self, text, effect_id, where, cs, cond, when):
        """"If you control no (face-up) cards/monsters": what the activating player must control
        none of (``when``: any activation, or only activating the card from the hand)."""
        m = self.g.p["control_none"].search(blank_quotes(cond))
        if not m:
            return
        kind = m.group(2).lower()
        what = "monster" if kind.startswith("monster") else "card" if kind.startswith("card") \
            else "spell-trap"
        face = (m.group(1) or "").strip().lower()
        if face == "face-up" and what == "card":
            what = "face-up-card"
        elif face:
            return                      # "no face-up monsters", "no Set cards": not read yet
        self.add("control_none", self.src(text, cs + m.start(), cs + m.end(), where),
                 effect=effect_id, card=self.card.name, what=what, when=when)

    def _read_have_none(self, text, effect_id, where, cs, cond):
        """"If you have no cards in your GY": what the activating player must have none of, and
        where (``have_none``)."""
        m = self.g.p["have_none"].search(blank_quotes(cond))
        if not m:
            return
        what = "monster" if m.group(1).lower().startswith("monster") else "card"
        place = {"graveyard": "gy"}.get(m.group(2).lower(), m.group(2).lower())
        self.add("have_none", self.src(text, cs + m.start(), cs + m.end(), where),
                 effect=effect_id, what=what, place=place)

    def _read_only_in_hand(self, text, effect_id, where, cs, cond):
        """"... and this is the only card in your hand": the activating player's hand must hold
        this card alone (``only_card_in_hand``)."""
        m = self.g.p["only_in_hand"].search(blank_quotes(cond))
        if m:
            self.add("only_card_in_hand", self.src(text, cs + m.start(), cs + m.end(), where),
                     effect=effect_id)

    def _read_activator_on_field(self, text, eff, where, cs, cond):
        """"When a monster on the field activates its effect, or when a Spell/Trap that is already
        face-up on the field activates its effect": the condition accepts only activations by
        cards on the field; ``activator_on_field_only`` when nothing else is in it."""
        rx = self.g.p["activator_on_field"]
        clean = blank_quotes(cond)
        found = list(rx.finditer(clean))
        if not found:
            return
        for m in found:
            word = m.group(1).lower()
            what = "monster" if "monster" in word else "card" if word == "card" else "spell-trap"
            self.add("activator_on_field", self.src(text, cs + m.start(), cs + m.end(), where),
                     effect=eff.id, what=what, face_up="yes" if m.group(2) else "no")
        if self.g.p["activator_rest"].match(rx.sub(" ", clean)):
            self.add("activator_on_field_only", self.src(text, cs, cs + len(cond), where),
                     effect=eff.id)

    def _read_activated_this_turn(self, text, eff, where, cs, cond):
        """"If your opponent has activated a monster effect (during your Main Phase) this turn":
        a state of the turn, met by an earlier activation of that kind by that player."""
        m = self.g.p["activated_this_turn"].search(blank_quotes(cond))
        if not m:
            return
        phase = gamewords().phase_of(m.group(3)) if m.group(3) else "any"
        if phase is None:
            return
        self.add("activated_this_turn", self.src(text, cs + m.start(), cs + m.end(), where),
                 effect=eff.id, player="opponent" if m.group(1).lower().startswith("your")
                 else "you", what="monster", phase=phase,
                 turn=self.g.phase_turn.get((m.group(2) or "").lower(), "any"))

    def _read_added_to_hand(self, text, eff, where, cs, cond):
        """"If a card(s) is added from the Main Deck to your opponent's hand": the event the
        condition names, and whose hand."""
        m = self.g.p["added_to_hand"].search(blank_quotes(cond))
        if not m:
            return
        whose = (m.group(1) or m.group(2)).lower()
        self.add("added_to_hand_condition", self.src(text, cs + m.start(), cs + m.end(), where),
                 effect=eff.id, player="opponent" if "opponent" in whose else "you", **{"from": "deck"})
    def _read_places_named(self, text, eff, where, start, part):
        """Each place the resolution names anywhere ("... using monsters from your hand, Deck, or
        field", "add, from the Deck to your hand"): one ``names_place`` fact per place, so a rule
        that reads no part doing something there can see the place is named at all."""
        plain = blank_quotes(part)
        for place, rx in self.g.clause_places:
            m = rx.search(plain)
            if m:
                self.add("names_place", self.src(text, start + m.start(), start + m.end(), where),
                         effect=eff.id, place=place)

    def _read_clause_all(self, text, eff, where, start, seg, n):
        """A part done to "all" cards of a description, targeting none ("destroy all face-up
        monsters your opponent controls"): one ``clause_all`` fact with what the description
        says of face, position and controller, read only when every word of it is understood
        (the cards are picked at resolution from what fits then, game-rules#targeting.11)."""
        p = self.g.p
        m = p["clause_all"].search(blank_quotes(seg))
        if not m:
            return
        said = f"{m.group('desc')} {m.group('post')}".strip().lower()
        if not p["all_rest"].match(said):
            return
        face = "up" if p["all_face_up"].search(said) else \
            "down" if p["all_face_down"].search(said) else "any"
        position = "attack" if p["all_attack"].search(said) else \
            "defense" if p["all_defense"].search(said) else "any"
        controller = "opponent" if p["all_opponent"].search(said) else \
            "you" if p["all_you"].search(said) else "any"
        kind = "monster" if m.group("kind").lower() == "monsters" else \
            "card" if m.group("kind").lower() == "cards" else "spell-trap"
        self.add("clause_all", self.src(text, start + m.start(), start + m.end(), where),
                 effect=eff.id, n=n, kind=kind, face=face, position=position,
                 controller=controller)

    def _read_clause_from(self, text, eff, where, start, seg, n):
        """Where a resolution part takes cards from ("Add 1 card from your Deck to
        your hand", "Special Summon 1 monster from your hand or GY"): one
        ``clause_from`` fact per place named after its "from"."""
        g = self.g
        if g.clause_from is None:
            return
        m = g.clause_from.search(blank_quotes(seg))
        if not m:
            return
        places = m.group(1)
        for place, rx in g.clause_places:
            if rx.search(places):
                self.add("clause_from", self.src(text, start + m.start(), start + m.end(), where),
                         effect=eff.id, n=n, place=place)


# -- what the question side asks of a card's text ------------------------------------------------
# situate reads no card text itself: it asks these (the patterns are grammar.yaml's text_queries
# and place_patterns).

def target_phrase(effect: EffectReading) -> str:
    """What an effect targets, as written: the reader's targets ("1 Spell/Trap on the field"; two
    groups joined by "and"), else the words after "target" up to the next ";" ("" when its text
    says none)."""
    if effect.targets:
        return " and ".join(grammar().text_queries["target_lead"].sub("", t.text).strip()
                            for t in effect.targets)
    m = grammar().text_queries["target_phrase"].search(effect.text)
    return m.group(1) if m else ""


# actions done to a card, which a part may do to the target or to another card it names
MOVES_A_CARD = frozenset({"destroy", "banish", "send", "return", "shuffle", "tribute"})


def effect_used_from(text: str, place: str) -> bool:
    """Is an effect used while its card is in the hand (or GY): "Special Summon this card from
    your hand", "discard this card", "banish this card from your GY", "If this card is in your GY"?"""
    return bool(grammar().text_queries[f"{place}_effect"].search(text))


def activated_from_hand(text: str) -> bool:
    """A monster whose effect is activated from the hand by discarding or sending itself (or
    revealing it), with no way to Special Summon itself: "dropped", it is activated."""
    q = grammar().text_queries
    return bool(q["hand_trap_cost"].search(text)) and not q["summons_itself"].search(text)


def part_acts_on_target(quote: str) -> bool:
    """Does a part do its action to the target ("destroy it", "banish that target"), not to a new
    thing it names by a count ("destroy 1 monster ... as that monster", "send all ...")?"""
    q = grammar().text_queries
    ref = q["part_object_target"].search(quote)
    new = q["part_object_new"].search(quote)
    return ref is not None and (new is None or ref.start() < new.start())


def part_object_kind(quote: str) -> str | None:
    """The one kind of card a part acts on, said by its words: "spell-trap" ("destroy all Spells
    and Traps your opponent controls"), "monster" ("banish all monsters"), else None (a card of
    any kind, the target, or both kinds named)."""
    q = grammar().text_queries
    st = bool(q["part_object_spell_trap"].search(quote))
    mon = bool(q["part_object_monster"].search(quote))
    if st == mon or q["part_object_any"].search(quote):
        return None
    return "spell-trap" if st else "monster"


def target_sides(effect: EffectReading) -> tuple[bool, bool]:
    """Whose cards an effect's target phrase names: (its controller's, the opponent's)."""
    what = target_phrase(effect).lower()
    q = grammar().text_queries
    return bool(q["target_mine"].search(what)), bool(q["target_theirs"].search(what))


def part_side(quote: str) -> str | None:
    """Whose cards a part's words act on: "other" ("monsters your opponent controls", "your
    opponent's"), "own" ("you control", "from your Deck"), None (both sides, or not said)."""
    q = grammar().text_queries
    other = bool(q["target_theirs"].search(quote))
    own = bool(q["part_mine"].search(quote))
    if other and not own and not q["part_both_sides"].search(quote):
        return "other"
    return "own" if own and not other else None


def part_actor(quote: str) -> str:
    """Who does a part, by its words: "both" ("Both players draw", "each player"), "other"
    ("your opponent gains 1000 LP"), else "own" (the effect's controller)."""
    q = grammar().text_queries
    if q["part_both_players"].search(quote):
        return "both"
    return "other" if q["part_other_player"].search(quote) else "own"


def names_another_side(quote: str) -> bool:
    """Do a part's words name the opponent or both sides ("your opponent discards", "Both players
    discard", "each")?"""
    q = grammar().text_queries
    return bool(q["part_other_player"].search(quote) or q["part_both_sides"].search(quote))


def special_summons_itself(text: str) -> bool:
    """Does a card's text Special Summon the card itself ("Special Summon this card")?"""
    return bool(grammar().text_queries["special_summons_itself"].search(text))


def first_sentence_moves_itself(text: str) -> bool:
    """Does the first sentence of a Spell/Trap's text (what its activation does) move, Summon or
    equip the card itself?"""
    first = re.split(r"(?<=\.)\s", text, maxsplit=1)[0]
    return bool(grammar().text_queries["moves_itself"].search(first))


def how_its_trigger_needs_it_moved(text: str, material: bool, from_hand: bool) -> str | None:
    """What the conditions of a card's triggers (the words before each ":") say of how the card
    must move: for a material or Tribute (``material``: "by a card effect", "as Synchro
    Material"), for a card moved from the hand or Deck (``from_hand``: "this card you control",
    "from the field").  The words said, or None."""
    q = grammar().text_queries
    cond = " ".join(t.split(":")[0] for t in re.split(r"(?<=\.)\s", text) if ":" in t)
    m = (q["trigger_how_material"].search(cond) if material else None) or \
        (q["trigger_from_field"].search(cond) if from_hand else None)
    return m.group(0) if m else None


def leaves_banished_instead(text: str) -> bool:
    """Does a card's text leave cards sent to the GY banished instead ("until the end of the next
    turn, any card sent to the GY is banished instead")?"""
    return bool(grammar().text_queries["banished_instead"].search(text))


def names_place(text: str, place: str | None, upto: str | None = None) -> bool:
    """Does the text name that place ("GY"/"Graveyard", "hand", "Deck", "Extra Deck",
    "banished"), as written?  ``upto`` (":" or ";"): only the words before the first one (an
    effect's condition, or what it targets)."""
    rx = grammar().place_patterns.get(place or "")
    if upto is not None:
        text = text.split(upto)[0]
    return bool(rx is not None and rx.search(text))


def cost_from_own_hand(quote: str) -> bool:
    """Does a cost's text move the card itself from the hand ("send this card from your hand to
    the GY"; not "from your hand or field")?"""
    return bool(grammar().text_queries["cost_from_own_hand"].search(quote))


def summons_to_opponents_field(reading: Reading) -> bool:
    """Do the card's effects Summon to the opponent's field, and never to their controller's own?"""
    text = " ".join(e.text for e in reading.effects)
    q = grammar().text_queries
    return bool(q["to_opponents_field"].search(text)) and not q["to_own_field"].search(text)


def held_conditions(text: str) -> list[dict]:
    """The conditions a text puts on what a player controls or has ("If you control no monsters",
    "You must control 3 or more ... to activate and to resolve this effect"), in order: ``need``
    ("no" or a number), ``at_least``, ``words`` (the things, as written), ``resolve`` (checked at
    resolution too), ``verb`` ("control" or "have") and ``text`` (the condition's words)."""
    out = []
    for m in grammar().text_queries["held_condition"].finditer(text):
        q = m.group(3).lower()
        need = "no" if q == "no" else 1 if q in ("a", "an") else int(q.split()[0])
        out.append({"need": need, "at_least": "or more" in q or q in ("a", "an"),
                    "words": m.group(4).split(), "resolve": "resolve" in m.group(5),
                    "verb": m.group(2).lower(), "text": m.group(0).rstrip(":,.")})
    return out


def held_condition_allows_hand(text: str, condition: str) -> bool:
    """Is the held condition ``condition`` of ``text`` one for activating the card from the hand
    ("If you control no cards, you can activate this card from your hand")?"""
    at = text.find(condition)
    window = text[at:at + len(condition) + 60]
    return bool(grammar().text_queries["from_hand_after"].search(window))


def names_this_card(quote: str, word: bool = True) -> bool:
    """Does a part's text act on "this card" (the card itself)?  ``word``: as whole words."""
    return bool(grammar().text_queries["this_card" if word else "this_card_words"].search(quote))


def numbers_said(reading: Reading) -> set[str]:
    """Every number the card's effects write in figures ("Draw 2 cards" → {"2"})."""
    text = " ".join(e.text for e in reading.effects)
    return set(grammar().text_queries["number"].findall(text))


def target_words(effect: EffectReading) -> str:
    """How many targets an effect chooses, and of what, as written: the words after its first
    "target" (any case) up to the next ";" ("" when none)."""
    m = grammar().text_queries["target_words"].search(effect.text)
    return m.group(1) if m else ""


def cards_drawn(quote: str) -> str | None:
    """How many cards a part draws, as written ("Draw 2 cards" → "2"); None when it draws none."""
    m = grammar().text_queries["draws"].search(quote)
    return m.group(1) if m else None


def cards_needed(quote: str) -> dict | None:
    """What a part takes from a place of its controller's ("Banish 10 cards from the top of your
    Deck" → ``{"count": "10", "kind": "card", "place": "deck", "opponent": False}``;
    ``opponent``: the words before it name the opponent); None when it says no such need."""
    q = grammar().text_queries
    m = q["cards_needed"].search(quote)
    if not m:
        return None
    place = m.group(3).lower()
    return {"count": m.group(1), "kind": "card" if m.group(2).lower().startswith("card") else "monster",
            "place": "gy" if place == "graveyard" else place,
            "opponent": bool(q["opponent"].search(quote[:m.start()]))}


def cards_discarded(quote: str) -> dict | None:
    """What a part that discards takes from the hand ("Discard 1 card" → ``{"count": "1", "kind":
    "card", "place": "hand"}``; "discard 2 Spells": kind "spell"); None when no count is said."""
    m = grammar().text_queries["cards_discarded"].match(quote)
    if m is None:
        return None
    noun = m.group(2).lower().rstrip("s")
    return {"count": m.group(1), "kind": "card" if noun == "card" else noun, "place": "hand"}


def atk_lost_exactly(quote: str) -> int | None:
    """"make this card lose exactly 800 ATK" → 800; None when the part says no such loss."""
    m = grammar().text_queries["loses_exactly"].search(quote)
    return int(m.group(1)) if m else None


def controlled_things(quote: str) -> list[tuple[str, list[str]]]:
    """The things a part says a player controls, with their descriptors ("face-up monsters your
    opponent controls" → ``[("your opponent", ["face-up", "monsters"])]``), lower-cased."""
    q = grammar().text_queries
    out = []
    for m in q["controlled"].finditer(quote):
        said: list[str] = []
        for w in reversed(m.group(1).lower().split()):   # the noun and its descriptors
            if q["controlled_lead"].search(w) or gamewords().action_of(w):
                break
            said.insert(0, w)
        out.append((m.group(2).lower(), said))
    return out


def acts_on_that_card(quote: str, plural: bool = False) -> bool:
    """Does a part act on the card an earlier part acted on ("that card", "it", "that monster";
    ``plural``: "them", "those monsters" too)?"""
    return bool(grammar().text_queries["those_cards" if plural else "that_card"].search(quote))


def acts_on_same_name(quote: str) -> bool:
    """Does a part act on cards with the same (original) name as its target?"""
    return bool(grammar().text_queries["same_name"].search(quote))


def _filled(name: str, slot: str, value: str) -> re.Pattern:
    """A text query whose pattern has a slot ({STEM}, {GERUND}) filled in."""
    rx = grammar().text_queries[name]
    return re.compile(rx.pattern.replace(slot, value), rx.flags)


def says_action(quote: str, verb: str) -> bool:
    """Does a part's text say the action (a word that starts as its name does)?"""
    return bool(_filled("says_action", "{STEM}", verb[:5]).search(quote))


def summoned_by(text: str, gerund: str) -> bool:
    """Does the text say the card is Special Summoned by doing that ("... by banishing ...")?"""
    return bool(_filled("summoned_by", "{GERUND}", gerund).search(text))


def done_by(text: str, gerund: str) -> bool:
    """Does the text say "by <gerund>" ("by Tributing", "by returning")?"""
    return bool(_filled("done_by", "{GERUND}", gerund).search(text))


def names_opponents_field(text: str) -> bool:
    """Does the text name the opponent's field ("to your opponent's field")?"""
    return bool(grammar().text_queries["opponents_field"].search(text))


def takes_from_elsewhere(text: str, place: str) -> bool:
    """Does the text take cards "from your" places without naming ``place`` (in the words its
    Summon procedures write it)?"""
    written = grammar().place_written.get(place, place)
    said = re.search(r"\(from your ([^()]+)\)", text, re.IGNORECASE)
    if place and said is not None and written.lower() not in said.group(1).lower():
        # (hunts) a "(from your hand)" procedure asked of a Summon from the GY; "(from your GY)"
        # asked of one from the hand ("return ... to the hand" elsewhere is no place it Summons from)
        return True
    return written not in text and bool(grammar().text_queries["from_your"].search(text))


def part_of_card_activation(text: str) -> bool:
    """Does an effect's text start "When this card is activated" (a part of the Spell/Trap Card's
    own activation)?"""
    return bool(grammar().text_queries["when_activated"].search(text))


def condition_says(text: str, who: str) -> bool:
    """Does an effect's condition (its words before ":") say who activates what it answers?
    ``who``: "opponent-activates" ("your opponent activates"), "you-activate" (" you activate")
    or "opponents" ("opponent's")."""
    key = {"opponent-activates": "cond_opponent_activates", "you-activate": "cond_you_activate",
           "opponents": "cond_opponents"}[who]
    return bool(grammar().text_queries[key].search(text.split(":")[0]))


def turns_face_down_only(text: str) -> bool:
    """Does an effect turn a card face-down, its last part saying nothing of face-up?"""
    q = grammar().text_queries
    return bool(q["face_down"].search(text)) and not q["face_up"].search(text.split(";")[-1])


def answers_a_summon(reading) -> bool:
    """(asked by the question side) Is the card one whose condition is that a monster is
    Summoned ("When your opponent Summons ...", "When a monster(s) is Summoned")?  It is then
    activated in that Summon's own window, not chained to a Chain Link."""
    return any(f.type == "trigger_names" and f.get("name") == "summoned" for f in reading.facts)
