"""The PSCT reader: a card's text in, facts with spans out.

The walker here splits the text (lines, bullets, sentences, effects, then the
parts of each effect) and hands each part to a phrase reader
(:mod:`.phrases`), which looks up what phrases mean in ``grammar.yaml``
(:mod:`.grammar`).  The reader does not decide rulings: "this effect has a
semicolon" is a reading, "so it starts a Chain" is a rule in ``knowledge/``.
Every fact carries a :class:`~psct_expert.facts.Source` with the exact span it
came from and the text it indexes (card text or Pendulum text).
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..cards import Card
from ..facts import Fact, Source
from .gates import gate_text, may_match
from .grammar import blank_quotes, grammar, top_level_mask  # noqa: F401  (re-exported)
from .model import EffectReading, Reading, Span
from .phrases import PhraseReaders

MAX_TEXT = 20_000  # characters read from one card text; the rest is reported unread


class _Reader(PhraseReaders):
    def __init__(self, card: Card):
        self.card = card
        self.g = grammar()
        self.facts: list[Fact] = []
        self.unread: list[str] = []
        self.legacy: list[str] = []

    # -- fact helpers ------------------------------------------------------
    def src(self, text: str, start: int, end: int, where: str) -> Source:
        return Source("text", self.card.name, start, end, text[start:end], where)

    def add(self, type_: str, src: Source | None, **fields) -> None:
        self.facts.append(Fact.make(type_, src, **fields))

    # -- card level --------------------------------------------------------
    def read(self) -> Reading:
        card = self.card
        cdata = Source("card", card.name, quote=f"{card.kind}" + (
            f" ({', '.join(card.subtypes)})" if card.subtypes else ""), where="card data")
        self.add("card", cdata, card=card.name, kind=card.kind)
        for st in card.subtypes:
            self.add("subtype", cdata, card=card.name, subtype=st)
        effects: list[EffectReading] = []
        if card.kind in ("spell", "trap"):
            act_id = f"{card.name}#0"
            self.add("effect", cdata, effect=act_id, card=card.name, n=0, form="card-activation")
            effects.append(EffectReading(act_id, 0, 0, 0, "", label="activation of the card"))
        text = card.text or ""
        if card.kind == "monster" and "normal" in card.subtypes and "effect" not in card.subtypes:
            # a Normal Monster's text is flavour text, not effects (a Normal Pendulum Monster's
            # effects are its Pendulum Effects only)
            if text.strip():
                self.add("flavor_text", Source("text", card.name, 0, len(text), text, "text"),
                         card=card.name)
            text = ""
        if len(text) > MAX_TEXT:
            self.unread.append(f"text beyond {MAX_TEXT} characters")
            text = text[:MAX_TEXT]
        effects += self.read_text(text, "text", prefix="")
        if card.pendulum_text:
            effects += self.read_text(card.pendulum_text[:MAX_TEXT], "pendulum text", prefix="P")
        self._read_summon_kinds()
        self._read_each_effect_limit(effects)
        self._read_card_activation_limit(effects)
        self._read_one_effect_limit(effects)
        self._read_position_changes()
        self._read_stat_changes(effects)
        self._read_replacements(effects)
        self._read_unaffected(effects)
        if card.kind == "monster" and card.level is not None:
            self.add("card_level", cdata, card=card.name, level=card.level)
        m = self.g.p["extra_attacks"].search(text)
        if m is not None:       # it lets a monster attack more than once
            self.add("extra_attacks", self.src(text, m.start(), m.end(), "text"), card=card.name)
        self._read_marked("target", "target_plain", "slot")
        self._read_marked("condition", "more_monsters_condition")
        self._read_procedure_conditions(effects)
        self._read_own_bullets(effects)
        m = self.g.p["turn_lock_battle"].search(text)
        if m is not None:       # no Battle Phase the turn it is activated: the whole turn
            self.add("turn_lock", self.src(text, m.start(), m.end(), "text"), card=card.name,
                     action="battle")
        m = self.g.p["turn_lock_special"].search(text)
        if m is not None:       # no Special Summon the turn it is activated: the whole turn
            self.add("turn_lock", self.src(text, m.start(), m.end(), "text"), card=card.name,
                     action="special-summon")
        else:
            m = self.g.p["turn_lock_partial"].search(text)
            if m is not None:   # a Summon restriction for the turn not read whole
                self.add("turn_lock_partial", self.src(text, m.start(), m.end(), "text"),
                         card=card.name, action="special-summon")
        m = self.g.p["turn_lock_activate"].search(text)
        if m is not None:       # no other activation the turn it is activated
            self.add("turn_lock", self.src(text, m.start(), m.end(), "text"), card=card.name,
                     action="activate")
        m = self.g.p["limit_unread"].search(text)
        if m is not None:       # a limit the once-per-turn rules do not read
            self.add("limit_unread", self.src(text, m.start(), m.end(), "text"), card=card.name)
        for kind, key in (("set-turn", "grants_set_turn"), ("from-hand", "grants_from_hand"),
                          ("no-lp-cost", "grants_no_lp_cost")):
            m = self.g.p[key].search(text)
            if m is not None:   # it lets other cards be activated the turn Set, or from the hand
                self.add("grants_activation", self.src(text, m.start(), m.end(), "text"),
                         card=card.name, kind=kind)
        for kind in ("trap", "spell"):
            for m in self.g.p[f"forbids_{kind}"].finditer(text):
                who = (m.group("who") or "").lower()
                if who in ("you", "your opponent") and " cannot activate" not in m.group(0).lower():
                    continue    # "You can activate Trap Cards ...": a permission, no lock
                # a lasting lock on activating that kind of card, for whom
                self.add("forbids_activation", self.src(text, m.start(), m.end(), "text"),
                         card=card.name, kind=kind,
                         player={"you": "you", "your opponent": "opponent"}.get(who, "both"))
        for m in self.g.p["attack_lock"].finditer(text):
            what = m.group("what").lower()
            kinds = ["spell", "trap", "monster"] if what.startswith("cards") else \
                [k for k, said in (("spell", ("spell",)), ("trap", ("trap",)),
                                   ("monster", ("monster effects",))) if any(w in what for w in said)]
            for kind in kinds:
                # while it attacks, its opponent cannot activate that kind of card
                self.add("attack_lock", self.src(text, m.start(), m.end(), "text"),
                         card=card.name, kind=kind)
        locks = {f.type for f in self.facts} & {"forbids_activation", "attack_lock", "response_lock",
                                                "turn_lock"}
        m = self.g.p["activation_lock_said"].search(text)
        if m is not None and not locks:
            # a lock on activating that no reading above read: what it forbids is not settled
            self.add("activation_lock_unread", self.src(text, m.start(), m.end(), "text"),
                     card=card.name)
        m = self.g.p["direct_attack_text"].search(text)
        if m is not None:       # it speaks of attacking directly
            self.add("direct_attack_text", self.src(text, m.start(), m.end(), "text"), card=card.name)
        m = self.g.p["extra_normal_summon"].search(text)
        if m is not None:       # it grants another Normal Summon
            self.add("extra_normal_summon", self.src(text, m.start(), m.end(), "text"),
                     card=card.name)
        if card.kind == "monster":
            m = self.g.p["own_summon_text"].search(text)
            if m is not None:   # its own words on Normal/Tribute Summoning it
                self.add("own_summon_text", self.src(text, m.start(), m.end(), "text"),
                         card=card.name)
        psct = "no" if self.legacy else "yes"
        self.add("psct", cdata if psct == "yes" else None, card=card.name, value=psct)
        if not card.official_text:
            self.add("unofficial_text", cdata, card=card.name)
        return Reading(card, effects, self.facts, self.legacy, self.unread)

    def _read_summon_kinds(self):
        """The built-in Summon of an Extra Deck monster, from its material line;
        Contact Fusion from a procedure that sends "the above cards"."""
        card = self.card
        mats = [f for f in self.facts if f.type == "materials"]
        if not mats:
            return
        for kind in ("fusion", "synchro", "xyz", "link"):
            if kind in card.subtypes:
                self.add("summon_kind_procedure", mats[0].source, card=card.name, kind=kind)
        if "fusion" in card.subtypes:
            effects = {f.get("effect"): f.source for f in self.facts if f.type == "effect"}
            for f in self.facts:
                src = effects.get(f.get("effect")) if f.type == "procedure" else None
                if src is not None and self.g.contact_fusion.search(src.quote):
                    self.add("summon_kind_procedure", f.source, card=card.name,
                             kind="contact-fusion")
                    break

    def _read_each_effect_limit(self, effects):
        """"You can only use each effect of "X" once per turn" ends the last effect but limits
        every effect of the card, each on its own (game-rules#once-per-turn.4); "each of the
        following effects", ending an earlier sentence, limits each effect after it."""
        following = self.g.p["following_effects_limit"]
        for f in [f for f in self.facts if f.type == "once_per_turn" and f.get("scope") == "card"
                  and f.source is not None and following.search(f.source.quote)]:
            # "each of the following effects": the effects after the one whose text holds it
            held = next((e.n for e in effects if e.id == f.get("effect")), None)
            after = [e.id for e in effects if held is not None and e.n > held]
            if not after:
                # (hunt 64) "If ...: Add ... . You can only use 1 of the following effects ... ●
                # ... ● ...": the bullets after the sentence, never the effect written before it
                after = [g.get("bullet") for g in self.facts
                         if g.type == "bullet" and g.get("effect") == f.get("effect")]
            if not after:
                continue
            self.facts.remove(f)
            one = re.search(r"\b(?:1|one) of the following\b", f.source.quote, re.IGNORECASE)
            for eid in after:
                if not any(g.type == "once_per_turn" and g.get("effect") == eid for g in self.facts):
                    self.add("once_per_turn", f.source, effect=eid, kind=f.get("kind"), scope="card")
                self.add("limit_one_effect" if one else "limit_each_effect", f.source, effect=eid)
                # (the limit covers only the effects after its sentence)
                self.add("limit_following", f.source, effect=eid)
        rx = self.g.p["each_effect_limit"]
        for f in [f for f in self.facts if f.type == "once_per_turn" and f.get("scope") == "card"
                  and f.source is not None and rx.search(f.source.quote)]:
            for e in effects:
                if e.n <= 0:
                    continue
                if not any(g.type == "once_per_turn" and g.get("effect") == e.id for g in self.facts):
                    self.add("once_per_turn", f.source, effect=e.id, kind=f.get("kind"), scope="card")
                self.add("limit_each_effect", f.source, effect=e.id)

    def _read_card_activation_limit(self, effects):
        """"You can only activate 1 "X" per turn" on a Spell/Trap Card that is one activation (Normal,
        Quick-Play, Counter; a Normal Trap) limits activating the card, that is its first effect,
        even when another sentence ("You cannot conduct your Battle Phase the turn you activate this
        card.") stands before it (game-rules#once-per-turn.4)."""
        card = self.card
        if card.kind not in ("spell", "trap"):
            return
        if not set(card.subtypes) & {"normal", "quick-play", "counter"}:
            self._lasting_card_activation_limit(effects)
            return
        first = next((e for e in effects if e.n == 1), None)
        if first is None or any(g.type == "once_per_turn" and g.get("effect") == first.id
                                for g in self.facts):
            return
        rx = self.g.p["card_activation_limit"]
        for f in [f for f in self.facts if f.type == "once_per_turn" and f.get("scope") == "card"
                  and f.get("kind") == "activate" and f.source is not None
                  and rx.search(f.source.quote)]:
            self._move_limit(f, first.id)
            return

    def _move_limit(self, f, eid: str) -> None:
        """(hunt) "You can only activate 1 "D - Burst" per turn" limits activating the card, not
        its effect activated by banishing it from the GY (an effect is no card activated): the
        sentence, read as the last effect's limit, is ``eid``'s only; its "per Duel" with it
        (hunt 95: Afterglow's per-Duel limit had stayed on its second effect)."""
        self.add("once_per_turn", f.source, effect=eid, kind="activate", scope="card")
        duel = [g for g in self.facts if g.type == "once_per_duel" and g.source == f.source]
        if duel:
            self.add("once_per_duel", f.source, effect=eid)
        if f.get("effect") != eid:
            self.facts.remove(f)
            for g in duel:
                if g.get("effect") != eid:
                    self.facts.remove(g)

    def _lasting_card_activation_limit(self, effects):
        """(hunt 95) "Once per turn, during the Standby Phase: Activate this effect; ... You can only
        activate 1 "Underworld Circle" per Duel." on a Continuous, Field or Equip card: the sentence
        limits activating the card (its card activation, #0), not the effect whose text it ends."""
        zero = next((e for e in effects if e.n == 0), None)
        if zero is None:
            return
        rx = self.g.p["card_activation_limit"]
        for f in [f for f in self.facts if f.type == "once_per_turn" and f.get("scope") == "card"
                  and f.get("kind") == "activate" and f.source is not None
                  and rx.search(f.source.quote) and f.get("effect") != zero.id]:
            self._move_limit(f, zero.id)

    def _read_one_effect_limit(self, effects):
        """"You can only use 1 "X" effect per turn, and only once that turn" ends the last effect but
        is one limit shared by every effect of the card: using any of them spends it for all
        (game-rules#once-per-turn.4)."""
        rx = self.g.p["one_effect_limit"]
        texts = {"text": self.card.text or "", "pendulum text": self.card.pendulum_text or ""}
        for f in [f for f in self.facts if f.type == "once_per_turn" and f.get("scope") == "card"
                  and f.get("kind") == "use" and f.source is not None
                  and f.source.start is not None]:
            whole = texts.get(f.source.where, "")
            m = rx.match(whole, f.source.start)
            if m is None:
                continue
            src = self.src(whole, m.start(), m.end(), f.source.where)
            for e in effects:
                if e.n > 0:
                    self.add("limit_one_effect", src, effect=e.id)
            return

    def _read_marked(self, of: str, pattern: str, *keep: str):
        """A fact named ``pattern`` for each ``of`` fact whose quote its phrase matches: a target
        said only by its kind and place ("1 card you control": the card itself fits it), a
        condition comparing monsters ("If your opponent controls more monsters than you do")."""
        rx = self.g.p[pattern]
        for f in [f for f in self.facts if f.type == of and f.source is not None]:
            if rx.search(f.source.quote):
                self.add(pattern, f.source, effect=f.get("effect"), **{k: f.get(k) for k in keep})

    def _read_own_bullets(self, effects):
        """Bullets that are effects of their own, not choices of one effect ("You can only use
        each of the following effects of "X" once per turn. ● ... ● ..."): fact ``bullets_own``
        on the effect whose text holds them, and ``no_own_effect`` when that text only introduces
        them (a limit on them, a Gemini rule): then it is no effect to ask about."""
        own, intro = self.g.p["bullets_own"], self.g.p["bullets_intro"]
        by_id = {e.id: e for e in effects}
        for f in [f for f in self.facts if f.type == "bullets" and f.get("mode") == "separate"]:
            e = by_id.get(f.get("effect"))
            if e is None or not own.search(e.text):
                continue
            self.add("bullets_own", f.source, effect=e.id)
            if not intro.sub("", e.text).strip():
                self.add("no_own_effect", f.source, effect=e.id)

    def _read_procedure_conditions(self, effects):
        """A procedure whose sentence says what the field must hold ("If you control no monsters,
        you can Special Summon this card", "If only your opponent controls a monster, ..."): fact
        ``procedure_condition`` naming that condition (grammar.yaml ``procedure_conditions``); one
        that is performed by doing something more ("by discarding 1 Cyberse monster"): fact
        ``procedure_cost``."""
        by_id = {e.id: e for e in effects}
        for f in [f for f in self.facts if f.type == "procedure"]:
            e = by_id.get(f.get("effect"))
            if e is None:
                continue
            for name, rx in self.g.procedure_conditions:
                m = rx.search(e.text)
                if m is not None:
                    self.add("procedure_condition", self.src(e.text, m.start(), m.end(),
                                                             f.source.where if f.source else "text"),
                             effect=e.id, card=self.card.name, condition=name)
                    break
            m = self.g.p["procedure_cost"].search(e.text)
            if m is not None:       # "... (from your hand) by discarding 1 Cyberse monster"
                self.add("procedure_cost", self.src(e.text, m.start(), m.end(),
                                                    f.source.where if f.source else "text"),
                         effect=e.id, card=self.card.name)
            m = self.g.p["procedure_gy_count"].search(e.text)
            if m is not None:       # "... by having exactly 3 DARK monsters in your GY"
                self.add("procedure_gy_count", self.src(e.text, m.start(), m.end(),
                                                        f.source.where if f.source else "text"),
                         effect=e.id, card=self.card.name, count=int(m.group("n")),
                         what=m.group("what").upper())

    def _read_position_changes(self):
        """A part whose verb is "change" and that changes a battle position ("Change all face-up
        monsters to face-down Defense Position"): it changes no ATK or DEF."""
        rx = self.g.p["position_change"]
        for f in [f for f in self.facts if f.type == "clause" and f.get("verb") == "change"
                  and f.source is not None]:
            if rx.search(f.source.quote.strip()):
                self.add("position_change", f.source, effect=f.get("effect"), n=f.get("n"))

    def _gain_is_its_own(self, clause, effects) -> bool:
        """(hunt 48) "You can detach 1 material from this card; it gains 500 ATK": "it" is this
        card when "this card" is the last card its effect named before it (no target, no other
        card between them), as for a Summon of "it" (:meth:`_it_is_this_card`)."""
        if not re.match(r"\s*(?:it|its atk|its def)\b", clause.source.quote, re.I):
            return False
        eff = next((e for e in effects if e.id == clause.get("effect")), None)
        text = eff.text if eff is not None else ""
        at = text.lower().find(clause.source.quote.lower())
        before = text[:at] if at > 0 else ""
        p = self.g.p
        if not before or p["target_said"].search(before):
            return False
        last = [m.end() for m in p["this_card"].finditer(before)]
        return bool(last) and not p["other_card_named"].search(before[last[-1]:])

    def _read_stat_changes(self, effects):
        """A part that changes ATK or DEF itself ("that target gains 400 ATK", "their ATK is
        halved"): an effect that can be activated in the Damage Step for that reason
        (game-rules#damage-step.7)."""
        rx = self.g.p["stat_change"]
        for f in [f for f in self.facts if f.type == "clause" and f.source is not None]:
            if rx.search(f.source.quote):
                self.add("stat_change", f.source, effect=f.get("effect"), n=f.get("n"))
                if self.g.p["stat_change_self"].search(f.source.quote) or \
                        self._gain_is_its_own(f, effects):
                    # the card changes its own ATK/DEF (game-rules#lingering-effects.3)
                    self.add("stat_change_self", f.source, effect=f.get("effect"), n=f.get("n"))
        prop = self.g.p["property_change"]
        for f in [f for f in self.facts if f.type == "clause" and f.source is not None]:
            m = prop.search(f.source.quote)
            if m is not None:   # an Attribute, Type or name change (game-rules#counters-and-stats.14)
                self.add("property_change", f.source, effect=f.get("effect"), n=f.get("n"))
        pay, lose, dmg = self.g.p["lp_payment"], self.g.p["lp_loss"], self.g.p["effect_damage"]
        for f in [f for f in self.facts if f.type == "cost_action" and f.get("verb") == "pay"
                  and f.source is not None]:
            if pay.search(f.source.quote):   # LP paid as a cost (game-rules#counters-and-stats.8)
                self.add("lp_payment", f.source, effect=f.get("effect"))
                amount = self.g.p["lp_cost_amount"].search(f.source.quote)
                if amount is not None:       # how much, when a number (game-rules#cost.5)
                    self.add("lp_cost", f.source, effect=f.get("effect"), n=int(amount.group(1)))
        detach = self.g.p["detach_cost_amount"]
        for f in [f for f in self.facts if f.type == "cost_action" and f.get("verb") == "detach"
                  and f.source is not None]:
            amount = detach.search(f.source.quote)
            if amount is not None:           # how many of its own materials (game-rules#cost.5)
                fewest = int(amount.group(1)) if amount.group(1).isdigit() else 1
                self.add("detach_cost", f.source, effect=f.get("effect"), n=fewest)
        for f in [f for f in self.facts if f.type == "clause" and f.source is not None]:
            q = f.source.quote
            if lose.search(q) and re.search(r"\b(?:lp|life points)\b", q, re.I):
                self.add("lp_loss", f.source, effect=f.get("effect"), n=f.get("n"))
            elif dmg.search(q) and not re.search(r"\bbattle damage\b|\bno (?:effect )?damage\b", q, re.I):
                self.add("effect_damage", f.source, effect=f.get("effect"), n=f.get("n"))
        lasts = self.g.p["change_while_card"]
        for f in [f for f in self.facts if (f.type in ("stat_change", "property_change") or
                                            f.type == "clause" and f.get("verb") == "cannot")
                  and f.source is not None]:
            # lasts while its card stays (a change, or a restriction: "while this card is face-up
            # on the field, its target(s) cannot be activated"): no lingering result
            if lasts.search(f.source.quote):
                self.add("change_while_card", f.source, effect=f.get("effect"), n=f.get("n"))
        cnt = self.g.p["places_counters"]
        for f in [f for f in self.facts if f.type == "clause" and f.source is not None]:
            if cnt.search(f.source.quote):   # counters placed (game-rules#counters-and-stats.7)
                self.add("places_counters", f.source, effect=f.get("effect"), n=f.get("n"))

    def _read_replacements(self, effects):
        """A replacement ("If this card would be destroyed, you can ... instead") written with no
        ":" or ";": not an activated effect, so it starts no Chain and no effect that negates
        activations can negate it (game-rules#replacement-and-negation.1)."""
        rx = self.g.p["replacement"]
        texts = {"text": self.card.text or "", "pendulum text": self.card.pendulum_text or ""}
        for e in effects:
            if e.n < 1 or e.punctuated:
                continue
            m = rx.search(e.text)
            if m is not None:
                whole = texts.get(e.where, "")
                start = e.start + m.start()
                src = self.src(whole, start, e.start + m.end(), e.where) \
                    if whole[start:start + 5] == e.text[m.start():m.start() + 5] else None
                self.add("replacement", src, effect=e.id, card=self.card.name)

    def _read_unaffected(self, effects):
        """A part that makes a card unaffected by some effects ("that target loses 800 ATK, but is
        unaffected by the effects of other Spells/Traps", "This card is unaffected by Spell
        effects"): who is unaffected (its target, the card itself, or another card), by what kind of
        card, and whether only by other cards, by the opponent's, by activated effects, or only
        sometimes (game-rules#replacement-and-negation.8).  The phrase tables are ``grammar.yaml``'s
        ``unaffected``."""
        u = self.g.unaffected
        targets = {e.id: bool(e.targets) for e in effects}
        for f in [f for f in self.facts if f.type == "clause" and f.source is not None]:
            quote = f.source.quote
            if "unaffected" not in quote.lower():
                continue
            for m in u["phrase"].finditer(quote):
                who = self._unaffected_subject(quote[:m.start()], targets.get(f.get("effect"), False))
                phrase = m.group(1).strip().lower()
                kinds = [k for k, rx in u["kinds"] if rx.search(phrase)]
                named = [k for k in kinds if k != "card"]
                if "spell-trap" in named or set(named) == {"spell", "trap"}:
                    by = "spell-trap"
                elif len(named) == 1:
                    by = named[0]
                elif not named and (kinds or re.fullmatch(r"(?:your opponent's |your )?(?:activated )?"
                                                         r"effects", phrase)):
                    by = "card"        # "card effects", "your opponent's activated effects"
                else:
                    by = "other"
                words = phrase.replace("(", " (").split()
                others = "yes" if u["others"].search(phrase) else "no"
                whose = "opponent" if u["opponent"].search(phrase) else \
                    "own" if u["own"].search(phrase) else "any"
                # (a Pendulum Effect's holds in the Pendulum Zone only, never for the monster)
                cond = any(w.strip(",") not in u["words"] for w in words) or \
                    bool(u["condition"].search(quote)) or f.source.where == "pendulum text"
                start = f.source.start + m.start()
                src = self.src(self._src_text(f.source.where), start, f.source.start + m.end(),
                               f.source.where)
                self.add("unaffected", src, effect=f.get("effect"), n=f.get("n"), who=who, by=by,
                         others=others, whose=whose,
                         activated="yes" if u["activated"].search(phrase) else "no",
                         condition="yes" if cond else "no")
                if f.get("verb") == "unknown" and quote[:60] in self.unread and who != "other" \
                        and not quote[m.end():].strip(" .,;)"):
                    # the part says only this, of the card itself or its target: it is read
                    self.unread.remove(quote[:60])

    def _unaffected_subject(self, before: str, has_targets: bool) -> str:
        """Who "is unaffected": the words right before the verb, else the nearest subject said
        before them; "it" is the target of an effect that targets, another card otherwise."""
        u = self.g.unaffected
        if u["bare"].match(before):
            return "self"          # "Unaffected by ...": a sentence about the card itself
        near = u["subject_near"].search(before)
        said = near.group(1).strip().lower() if near else ""
        said = re.sub(r"^(?:also|and|but|then)\s+", "", said)
        if not said:
            found = list(u["subject_before"].finditer(before))
            said = found[-1].group(0).lower() if found else ""
        who = next((k for k, rx in u["subjects"] if rx.fullmatch(said)), "other")
        if who == "pronoun" and not has_targets:
            # "If this card was Special Summoned, it is unaffected ...": "it" is the card named before
            named = [m.group(0).lower() for m in u["subject_before"].finditer(before)]
            named = [w for w in named if w not in ("it", "they")]
            if named and u["subjects"][0][1].fullmatch(named[-1]):
                return "self"
        if who in ("pronoun", "target"):
            who = "target" if has_targets else "other"    # "that monster" it Summoned: another card
        return who

    def read_text(self, text: str, where: str, prefix: str) -> list[EffectReading]:
        g = self.g
        low = gate_text(text)
        found: list[tuple[int, int, str, str]] = []   # start, end, phrase, reason
        for rx, reason in zip(g.legacy, g.legacy_reasons):
            if not may_match(rx, low):
                continue   # the text lacks every word a match needs (.gates)
            for m in rx.finditer(text):
                found.append((m.start(), m.end(), m.group(), reason))
        trigger = g.conditions["legacy_trigger"]
        for m in trigger.finditer(blank_quotes(text)) if may_match(trigger, low) else ():
            # a trigger without its colon: "If this card destroys a monster by battle, you can ..."
            if self.names_event(m.group(1).lower(), m.group(2)) == "event" and not any(
                    s <= m.start() < e for s, e, _p, _r in found):
                found.append((m.start(), m.end(), text[m.start():m.end()],
                              f'a "{m.group(1).title()} ..., you can ..." trigger without its colon'))
        effects: list[EffectReading] = []
        current: EffectReading | None = None
        first_line = True
        for line_start, raw_line in self._lines(text):
            if not raw_line.strip():
                continue
            lstart = line_start + (len(raw_line) - len(raw_line.lstrip()))
            lend = line_start + len(raw_line.rstrip())
            if first_line and where == "text" and self._is_material_line(text[lstart:lend]):
                # "1 Tuner + 1+ non-Tuner monsters / You can only control 1 ...": the material
                # line ends at " / ", and the card's text goes on in the same line
                split = g.p["material_split"].search(text, lstart, lend)
                self.add("materials", self.src(text, lstart, split.start() if split else lend,
                                               where), card=self.card.name)
                first_line = False
                if split is None:
                    continue
                lstart = split.end()
            first_line = False
            if text[lstart] == "●":
                if current is None:
                    current = self._new_effect(effects, text, lstart, lstart, prefix)
                if current.bullets_start is None:
                    current.bullets_start = lstart
                b = self._read_bullet(text, lstart, lend, where, current)
                current.bullets.append(b)
                continue
            for s, e in self._sentences(text, lstart, lend):
                sentence = text[s:e]
                if current is not None and self._continues(sentence, current):
                    current.extra.append(Span(s, e))
                    current.end = e
                    current.text = text[current.start:current.end]
                    continue
                current = self._new_effect(effects, text, s, e, prefix)
        for eff in effects:
            self._read_effect(text, eff, where)
        for start, end, phrase, reason in found:
            # the legacy wording belongs to the effect (or bullet) whose text holds it
            inside = [e for eff in effects for e in (eff, *eff.bullets)
                      if e.n > 0 and e.start <= start < max(e.end, e.start + 1)]
            self.legacy.append(phrase)
            fields = {"card": self.card.name, "phrase": phrase.lower(), "reason": reason}
            if inside:
                fields["effect"] = inside[-1].id
            self.add("legacy", self.src(text, start, end, where), **fields)
        return effects

    def _lines(self, text: str):
        """(start, line) for each line; a bullet written inside a line ("... turn.
        ● If ...: ... ● When ...: ...") starts a line of its own."""
        offset = 0
        for raw in text.split("\n"):
            cuts = [0] + [m.start() + 1 for m in self.g.p["inline_bullet"].finditer(raw)]
            for a, b in zip(cuts, cuts[1:] + [len(raw)]):
                yield offset + a, raw[a:b]
            offset += len(raw) + 1

    def _is_material_line(self, line: str) -> bool:
        card = self.card
        if not {"fusion", "synchro", "xyz", "link"} & set(card.subtypes):
            return False
        line = line.strip()
        return not self.g.p["sentence_end"].search(line) or bool(
            self.g.p["material_count"].match(line))

    def _sentences(self, text: str, start: int, end: int):
        mask = top_level_mask(text[start:end])
        s = start
        i = start
        while i < end:
            ch = text[i]
            # a sentence ends at a top-level "." or at a parenthesis that closes one
            # ("(This is treated as an Xyz Summon.) When ...": the trigger starts anew)
            closes = ch == ")" and text[i - 1] in ".!" and i > start and (
                i + 1 >= end or mask[i + 1 - start]) and self._paren_opens_sentence(text, s, i)
            if (closes or ch == "." and mask[i - start]) and (i + 1 >= end or text[i + 1].isspace()):
                yield s, i + 1
                j = i + 1
                while j < end and text[j].isspace():
                    j += 1
                s = j
                i = j
                continue
            i += 1
        if s < end and text[s:end].strip():
            yield s, end

    @staticmethod
    def _paren_opens_sentence(text: str, s: int, close: int) -> bool:
        """Whether the parenthesis closed at ``close`` opened where a sentence starts
        (at ``s`` or after a sentence end): "(This card is also still a Trap.)"."""
        depth = 0
        for j in range(close, s - 1, -1):
            if text[j] == ")":
                depth += 1
            elif text[j] == "(":
                depth -= 1
                if depth == 0:
                    before = text[s:j].rstrip()
                    return not before or before[-1] in ".!:"
        return False

    def _continues(self, sentence: str, current: EffectReading) -> bool:
        if self.g.p["limit_sentence"].match(sentence) and not current.label:
            return True
        if ":" in sentence or ";" in sentence:
            return False
        return any(rx.search(sentence) for rx in self.g.continuations)

    def _new_effect(self, effects, text, s, e, prefix) -> EffectReading:
        n = sum(1 for x in effects if x.n > 0) + 1
        eff = EffectReading(f"{self.card.name}#{prefix}{n}", n, s, e, text[s:e],
                            where="pendulum text" if prefix == "P" else "text")
        effects.append(eff)
        return eff

    def _read_bullet(self, text, s, e, where, parent: EffectReading) -> EffectReading:
        k = len(parent.bullets) + 1
        body = s + 1
        while body < e and text[body].isspace():
            body += 1
        lm = self.g.bullet_label.match(text, body, e)
        if lm and not self.g.bullet_label_not.search(lm.group(1)):
            # "● Heads: ...", "● 1+: ...": a label naming when the bullet applies
            self.add("bullet_label", self.src(text, body, lm.end(1), where), effect=parent.id,
                     n=k, label=lm.group(1).strip())
            body = lm.end()
        b = EffectReading(f"{parent.id}.{k}", k, body, e, text[body:e], label="bullet",
                          where=parent.where)
        self.add("bullet", self.src(text, s, e, where), effect=parent.id, bullet=b.id, n=k)
        self._read_effect(text, b, where, is_bullet=True)
        return b

    def _cost_before_colon(self, head: str) -> bool:
        """Is the text before an effect's colon an action the player does ("You can reveal 1
        Ritual Monster in your hand:"), not a condition?  Its sentence starts "You can" and then
        "target" or a verb that is not one of activating or choosing (``not_cost_verbs``)."""
        ends = [i + 1 for i, ch in enumerate(head) if ch in ".!" and i + 1 < len(head)
                and head[i + 1].isspace()]
        sentence = head[ends[-1]:] if ends else head
        m = self.g.p["cost_before_colon"].match(sentence)
        if not m:
            return False
        rest = sentence[m.end():]
        if self.g.target_word.match(rest):
            return True   # "You can target 1 monster you control: Change its Level to 4."
        verbs = self._verbs(rest)
        return bool(verbs) and verbs[0][0] == 0 and verbs[0][2] not in self.g.not_cost_verbs

    # -- one effect --------------------------------------------------------
    def _read_effect(self, text: str, eff: EffectReading, where: str, is_bullet: bool = False):
        g = self.g
        if eff.n == 0:
            return
        card = self.card
        main_end = eff.extra[0].start if eff.extra else eff.end
        if eff.bullets_start is not None and eff.bullets_start > eff.start:
            main_end = min(main_end, eff.bullets_start)
        main = text[eff.start:main_end].rstrip()
        main_end = eff.start + len(main)
        if not is_bullet:
            self.add("effect", self.src(text, eff.start, eff.end, where), effect=eff.id,
                     card=card.name, n=eff.n, form="text")
            if where == "pendulum text":     # applied by the card as a Spell in the Pendulum Zone
                self.add("pendulum_effect", self.src(text, eff.start, eff.end, where),
                         effect=eff.id)
        else:
            self.add("effect", self.src(text, eff.start, eff.end, where), effect=eff.id,
                     card=card.name, n=eff.n, form="bullet")
        if eff.bullets:
            self._read_granted(text, eff, where)
        rule_only = self._read_card_rules(text, eff, where, main)
        if rule_only and not eff.extra:
            return
        mask = top_level_mask(main)
        colon = next((i for i, ch in enumerate(main) if ch == ":" and mask[i]), None)
        semi = next((i for i, ch in enumerate(main) if ch == ";" and mask[i]
                     and (colon is None or i > colon)), None)
        if semi is None and main.endswith(".") and g.p["then_activate_bullets"].search(main):
            # "You can detach 1 material from this card, then activate 1 of these effects.": what
            # is done before activating one of the bullets is done at activation, as if the
            # sentence ended with ";" (the bullets are what resolves)
            semi = len(main) - 1
        if colon is not None and semi is None and self._cost_before_colon(main[:colon]):
            # "You can Tribute this card: Special Summon 1 monster from your Deck.": an action the
            # player does before the colon is no activation condition but a cost, as if a ";"
            semi, colon = colon, None
        base = eff.start
        if colon is not None:
            eff.colon = base + colon
            self.add("colon", self.src(text, base + colon, base + colon + 1, where), effect=eff.id)
            # a bullet may hold a sentence before its effect ("● This card becomes EARTH.
            # When this card ...: You can ..."): the condition is the last sentence's
            ends = [i + 1 for i in range(colon - 1) if main[i] in ".!" and mask[i]
                    and main[i + 1].isspace()]
            cstart = ends[-1] if ends else 0
            while cstart < colon and main[cstart].isspace():
                cstart += 1
            eff.condition = Span(base + cstart, base + colon)
        if semi is not None:
            eff.semicolon = base + semi
            self.add("semicolon", self.src(text, base + semi, base + semi + 1, where), effect=eff.id)
            cs = base + (colon + 1 if colon is not None else 0)
            eff.cost = Span(cs, base + semi)
        rs = base + (semi + 1 if semi is not None else (colon + 1 if colon is not None else 0))
        eff.resolution = Span(rs, main_end)
        if rule_only:
            # "You can only control 1 "X". You can only use each ... once per turn.": the first
            # sentence is a card rule (read above), the sentences after it are read on their own
            eff.resolution = Span(main_end, main_end)
        elif colon is None and semi is None and g.p["limit_sentence"].match(main) and any(
                kind != "soft" and rx.search(main) for kind, _scope, rx in g.once_per_turn):
            # "You can only use each of the following effects of "X" once per turn." before the
            # bullets: a limit (read with the effect's whole text), nothing to resolve
            eff.resolution = Span(main_end, main_end)
        # "Activate this card by targeting ...; ..." / "Activate this card by paying 1000 LP.": the
        # sentence is the card's activation, and what it does "by" is done at activation; with no
        # ";" nothing is left to resolve
        opening = base + (colon + 1 if colon is not None else 0)
        activated_by = card.kind in ("spell", "trap") and not is_bullet and eff.n >= 1 and \
            g.p["activation_by"].match(text[opening:main_end]) is not None
        if activated_by and semi is None:
            eff.cost = Span(opening, main_end)
            eff.resolution = Span(main_end, main_end)

        if card.kind in ("spell", "trap") and not is_bullet and eff.n >= 1:
            sub = set(card.subtypes)
            head = text[eff.start:eff.resolution.start]
            # (a later sentence with no ":" or ";" is read whole: "..., you can banish this card
            # from your GY instead." works from the GY, it is not applied by activating the card)
            # an optional effect after the first ("When it inflicts battle damage: You can
            # ...") is an effect the card's resolution left behind, not its activation
            later_optional = eff.n >= 2 and colon is not None and g.conditions["optional"].match(
                text[base + colon + 1:eff.end])
            trap_monster = eff.n == 1 and g.p["trap_monster_summon"].search(main) is not None
            # (hunt 97) "...; equip this card to it. Your opponent cannot target it for attacks":
            # after an earlier effect equips the card itself, a later sentence applies while it is
            # equipped, it is not applied by activating the card
            after_equip = eff.n >= 2 and any(
                f.type == "clause" and f.get("verb") == "equip" and f.get("effect") != eff.id and
                f.source is not None and "this card" in (f.source.quote or "").lower()
                for f in self.facts)
            if activated_by or trap_monster or sub & {"normal", "quick-play", "counter", "ritual"} and not (
                    sub & {"continuous", "field", "equip"}) and not rule_only \
                    and not later_optional and not after_equip \
                    and not g.conditions["own_effect"].search(blank_quotes(
                        head if head.strip() or eff.n < 2 else main)):
                self.add("on_card_activation", Source("card", card.name, quote=card.kind + " " +
                                                      "/".join(card.subtypes), where="card data"),
                         effect=eff.id, card=card.name)

        if eff.condition:
            self._read_condition(text, eff, where)
        self._read_cost_and_targets(text, eff, where)
        self._read_activated_in(text, eff, where)
        self._read_resolution(text, eff, where)
        self._read_whole(text, eff, where, main)
        self._read_extra(text, eff, where)
        self._check_extra_read(eff, where)
        if eff.bullets or g.p["bullets_intro"].search(main):
            mode = "separate"
            for name, rx in g.bullets.items():
                m = rx.search(main)
                if m:
                    mode = name
                    self.add("bullets", self.src(text, base + m.start(), base + m.end(), where),
                             effect=eff.id, mode=name)
                    break
            if mode == "separate":
                self.add("bullets", self.src(text, eff.start, main_end, where), effect=eff.id,
                         mode="separate")

    def _read_granted(self, text: str, eff, where: str) -> None:
        """Bullets after "... gains this effect." / "... gain the following effects." are effects the
        card gives: to itself ("This card gains ...", "it gains ..."), or to another monster (the
        Xyz Monster that has it as material, the monsters you control)."""
        start = eff.start
        head = text[start:eff.bullets_start if eff.bullets_start is not None else eff.end]
        found = list(self.g.p["granted_effects"].finditer(head))
        if not found:
            return
        m = found[-1]
        before = head[:m.start()]
        ends = [i + 1 for i, ch in enumerate(before) if ch in ".!" and i + 1 < len(before)
                and before[i + 1].isspace()]
        subject = (before[ends[-1]:] if ends else before).strip()
        to = "self" if self.g.p["granted_to_self"].search(subject) else "other"
        for b in eff.bullets:
            self.add("granted_effect", self.src(text, start + m.start(), start + m.end(), where),
                     effect=b.id, to=to)


@lru_cache(maxsize=4096)
def read_card(card: Card) -> Reading:
    """Read one card's text into facts (cached: a card is read once per process).

    The reading is shared; treat it as read-only.  A card read by an earlier process is read
    back from the cache folder (:mod:`psct_expert.readcache`).
    """
    from ..readcache import kept_reading
    from .numbering import note

    reading = kept_reading(card, lambda: _Reader(card).read())
    note(reading)                 # how players number its effects, for the words said back
    return reading
