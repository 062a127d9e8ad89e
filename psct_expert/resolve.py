"""A parsed question → a structured question spec, resolved against the cards.

:func:`resolve_question` calls the builders the question's family names in
``knowledge/questions.yaml`` (:mod:`psct_expert.builders`): its tree builder
(``psct_expert/situate/families``) for every family, and what is left below of the older
regex reading (the question's text with its cards as placeholders, :class:`_Parse`) for
the one family whose supposition form the tree does not read yet (``clause-done``:
``build_outcome``).  What follows describes that older reading.

The grammar (:mod:`psct_expert.parser`) has already accounted for every word
of the sentence and decided the question family.  Here, once, the references
it left open are resolved by reading the cards: which effect of a card is
meant ("the first effect", "its effect", "the effect that adds ..."), which
part of the effect, which card is the target, and what the question supposes.
When a reference cannot be resolved it raises a
:class:`~psct_expert.errors.QuestionError` that says what was understood.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from . import kre as re  # re, each pattern's program kept on disk (psct_expert.kre)
from .cards import CardDB
from .errors import QuestionError, UnknownCard
from .gamewords import gamewords
from .parser import ParsedQuestion
from .parser.names import ORDINALS, Mention, unknown_name_runs, vocabulary
from .parser.scenario import ATTRS, Scenario
from .reader.select import _effect_with_parts, select_clause, select_effect
from .reader import read_card
from .reader.phrases import MOVES_A_CARD, part_acts_on_target

ORD = "|".join(ORDINALS)
RACES = ["Aqua", "Beast", "Beast-Warrior", "Dinosaur", "Dragon", "Fairy", "Fiend", "Fish",
         "Insect", "Machine", "Plant", "Psychic", "Pyro", "Reptile", "Rock", "Sea Serpent",
         "Spellcaster", "Thunder", "Warrior", "Winged Beast", "Wyrm", "Zombie", "Cyberse"]
PHASES = re.compile(r"\b(?:draw|battle|end|main|standby) phase\b|\bdamage step\b", re.I)
# words said of an effect that this module's wordings do not read (the parse-tree builders do)
DESC_WORDS = ("trigger|ignition|continuous|flip|monster|negation|search|destruction|summoning|"
              "hand|gy|graveyard|banish|draw|tribute|gain|add|atk-gain|spell|trap")
STATIC_FAMILIES = {"starts-chain", "targets", "quick", "inherent-summon", "bullets-in-sequence",
                   "bullets-simultaneous", "misses-timing"}


@lru_cache(maxsize=1)
def action_words() -> dict[str, tuple[str, ...]]:
    """The actions questions name, with every form (the shared game words) and
    the phrases questions add (``vocabulary.yaml``)."""
    words = gamewords()
    return {verb: words.action(verb).words + tuple(w.lower() for w in extra)
            for verb, extra in vocabulary()["verbs"].items()}


@lru_cache(maxsize=1)
def _verb_forms() -> tuple[re.Pattern, re.Pattern, dict]:
    """One regex for every written form of every action (longest forms first)."""
    form_to_verb: dict[str, str] = {}
    for verb, words in action_words().items():
        for w in words:
            form_to_verb.setdefault(w.lower(), verb)
    forms = sorted(form_to_verb, key=len, reverse=True)
    phase_forms = [f for f in forms if "phase" in f]
    any_rx = re.compile(r"\b(?:" + "|".join(map(re.escape, forms)) + r")\b", re.I)
    phase_rx = re.compile(r"\b(?:" + "|".join(map(re.escape, phase_forms)) + r")\b", re.I) \
        if phase_forms else re.compile(r"(?!x)x")
    return any_rx, phase_rx, form_to_verb


def verbs_in(text: str) -> list[tuple[int, str]]:
    """Actions named in a piece of text, in order: [(position, action)]."""
    any_rx, phase_rx, form_to_verb = _verb_forms()
    hits: list[tuple[int, str]] = []
    masked = text
    for m in phase_rx.finditer(text):  # "end the Battle Phase" before "Battle Phase" is masked
        hits.append((m.start(), form_to_verb[m.group().lower()]))
        masked = masked[:m.start()] + " " * (m.end() - m.start()) + masked[m.end():]
    masked = PHASES.sub(lambda m: " " * len(m.group()), masked)
    for m in any_rx.finditer(masked):
        hits.append((m.start(), form_to_verb[m.group().lower()]))
    hits.sort()
    return hits


class _Parse:
    def __init__(self, pq: ParsedQuestion, db: CardDB):
        self.text = pq.text
        self.db = db
        self.scenario: Scenario = pq.scenario
        self.mentions: list[Mention] = pq.mentions
        self.family_name = pq.family
        self.ph = self._placeholders()
        self.understood: dict = {"cards": list(dict.fromkeys(m.card for m in self.mentions)),
                                 "family": pq.family}

    def _placeholders(self) -> str:
        out = []
        last = 0
        self.slot_of: dict[str, str] = {}
        for m in self.mentions:
            if m.card not in self.slot_of:
                self.slot_of[m.card] = f"C{len(self.slot_of) + 1}"
            out.append(self.text[last:m.start])
            out.append(self.slot_of[m.card])
            last = m.end
            if last > m.start and self.text[last - 1] in ",:" and not m.card.endswith(self.text[last - 1]):
                last -= 1          # "..., destroyed by X, is it ...": the comma is the sentence's
        out.append(self.text[last:])
        # the slots are C1, C2, ...: a "C7" the user typed must not read as one
        parts = [re.sub(r"\bC(\d+)\b", r"C_\1", piece) if i % 2 == 0 else piece
                 for i, piece in enumerate(out)]
        return "".join(parts)

    def written(self, slot: str) -> str:
        """The card's name as the question wrote it (it may be an older spelling)."""
        card = self.card_of(slot)
        for m in self.mentions:
            if m.card == card:
                return m.text
        return card

    def card_of(self, slot: str) -> str:
        for card, s in self.slot_of.items():
            if s == slot:
                return card
        raise QuestionError(f"no card stands at {slot}", understood=self.understood)

    # -- errors ------------------------------------------------------------------
    def fail(self, why: str, unplaced: str | None = None):
        runs = unknown_name_runs(self.text, self.mentions)
        if not self.mentions and runs:
            raise UnknownCard(runs[0], self.db.suggest(runs[0]))
        raise QuestionError(f"could not understand the question: {why}",
                            understood=self.understood, unplaced=unplaced,
                            forms=vocabulary()["forms"])

    # -- pieces ------------------------------------------------------------------
    def effect_ref(self, slot: str, default: str = "only", summons: bool = True) -> dict:
        card = self.card_of(slot)
        ph = self.ph
        s = re.escape(slot)
        # "the first Pendulum Effect of X", "X's Pendulum Effect": its Pendulum text's effects
        m = re.search(rf"\b(?:({ORD}) )?pendulum effects? (?:of|by) {s}\b", ph, re.I) or \
            re.search(rf"\b{s}'s (?:({ORD}) )?pendulum effects?\b", ph, re.I)
        if m:
            if m.group(1):
                return {"card": card, "n": f"P{ORDINALS[m.group(1).lower()]}"}
            return {"card": card, "select": "pendulum"}
        # any other word said of the effect ("its trigger effect") is not read here: refused
        m = re.search(rf"\b(?:(?:{ORD}) )?({DESC_WORDS}) effects? (?:of|by) {s}\b", ph, re.I) or \
            re.search(rf"\b{s}'s (?:(?:{ORD}) )?({DESC_WORDS}) effects?\b", ph, re.I)
        if m:
            self.fail(f"which effect of {self.written(slot)} is its {m.group(1)} effect? (say its "
                      "number: 'the first effect')", unplaced=m.group(0))
        m = re.search(rf"\b({ORD}) effect (?:of|by) {s}\b", ph, re.I) or \
            re.search(rf"\b{s}'s ({ORD}) effect\b", ph, re.I)
        if not m and (len(self.slot_of) == 1 or re.search(rf"\b{s}\b[^?]*\bits ({ORD}) effect\b",
                                                          ph, re.I)):
            m = re.search(rf"\b(?:its|the) ({ORD}) effect\b", ph, re.I)
        if m:
            return {"card": card, "n": ORDINALS[m.group(1).lower()]}
        m = re.search(rf"\beffect of {s} that (?:adds|searches|sends|special summons) (C\d+)", ph, re.I)
        if m:
            return {"card": card, "mentions": self.written(m.group(1))}
        m = re.search(rf"\b(fusion|synchro|xyz|link|ritual) summon (?:using|with|by) {s}\b", ph, re.I)
        if m:
            return {"card": card, "verb": m.group(1).lower() + "-summon"}
        if summons and re.search(rf"\b(?:special summon|summon) of {s}\b|\b{s}'s (?:special )?summon\b|"
                     rf"\bits (?:special )?summon\b", ph, re.I):
            return {"card": card, "select": "summons-self"}
        if re.search(rf"\bactivat(?:ing|ion of) {s}\b", ph, re.I):
            return {"card": card, "select": "activation"}
        return {"card": card, "select": default}

    def subject(self, exclude: set[str] = frozenset()) -> str:
        """The card whose effect the question is about."""
        cands = [s for c, s in self.slot_of.items() if s not in exclude]
        if not cands:
            self.fail("no card is named")
        ph = self.ph
        for s in cands:
            if re.search(rf"\b(?:effect|effects) of {s}\b|\b{s}'s (?:\w+ )?effects?\b|"
                         rf"\b(?:by|of) {s}\b|\bactivat(?:e|es|ing|ion of) {s}\b", ph, re.I):
                objects = self._objects()
                if s not in objects:
                    return s
        objects = self._objects()
        rest = [s for s in cands if s not in objects]
        return (rest or cands)[0]

    def _objects(self) -> set[str]:
        """Cards named inside another named card's text (the objects of its effect)."""
        out = set()
        cards = list(self.slot_of)
        for a in cards:
            for b in cards:
                if a != b:
                    text = self.db.get(b).text or ""
                    if f'"{a}"' in text or a in text:
                        out.add(self.slot_of[a])
        return out

    def verb_between(self, text: str) -> list[str]:
        return [v for _, v in verbs_in(text)]

    # -- suppositions ------------------------------------------------------------
    def suppositions(self, cond: str, eid_card: str | None) -> list[dict]:
        out: list[dict] = []
        c = cond
        verbs_re = "|".join(sorted({re.escape(w) for ws in action_words().values()
                                    for w in ws}, key=len, reverse=True))
        if re.search(r"\b(?:own|owner's|its controller's|your) (?:own )?card effect\b", c, re.I) and \
                re.search(r"\bdiscard", c, re.I):
            out.append({"event": {"event": "discarded-by-effect", "by": "you"}})
        elif re.search(r"\b(?:an )?opponent's card effect\b", c, re.I) and re.search(r"\bdiscard", c, re.I):
            out.append({"event": {"event": "discarded-by-effect", "by": "opponent"}})
        m = re.search(rf"\b(?:cannot|can't|does not|doesn't|is not|isn't|are not|aren't|fails to|"
                      rf"could not|couldn't) (?:be )?({verbs_re})\b", c, re.I)
        if m:
            verb = self.verb_between(m.group(1))
            if verb:
                out.append({"fails": {"part": verb[0]}})
        m = re.search(rf"\b({verbs_re}|destruction)\b[^,]*?\b(?:fails|does not happen|doesn't happen|"
                      rf"is not done|isn't done)\b", c, re.I)
        if m and not out:          # "the destruction by X fails": that part is not done
            verb = ["destroy"] if m.group(1).lower() == "destruction" else self.verb_between(m.group(1))
            if verb:
                out.append({"fails": {"part": verb[0]}})
        m = re.search(rf"\b({verbs_re}) no\b", c, re.I)
        if m and not out:
            verb = self.verb_between(m.group(1))
            if verb:
                out.append({"fails": {"part": verb[0]}})
        if re.search(r"\bcontrols? a spell/trap\b|\bcontrols? a (?:spell|trap)\b", c, re.I):
            out.append({"controls": {"what": "spell-trap"}})
        elif re.search(r"\bcontrols? (?:a|any|one|1) (?:card|monster)\b", c, re.I):
            out.append({"controls": {"what": "card"}})
        for slot in re.findall(r"\b(C\d+) is (?:face-up )?on the field\b|\b(C\d+) is face-up\b(?! when)",
                               self.ph):
            s = slot[0] or slot[1]
            if s and self.card_of(s) != eid_card:
                out.append({"in_play": {"card": self.card_of(s)}})
        if re.search(r"\btargeting a token\b|\btarget(?:s|ed)? (?:is )?a token\b", c, re.I):
            out.append({"token_target": {"target": "a Token"}})
        m = re.search(r"\b(?:fewer|less|more) than \d+ cards? in (?:their |his |her )?hand\b|"
                      r"\bcards? in (?:their |his |her )?hand when\b", c, re.I)
        if m:
            out.append({"changed": {"topic": "hand"}})
        if re.search(r"\bcards? in (?:the |their |his |her |its controller's )?(?:graveyard|gy) when\b", c, re.I):
            out.append({"changed": {"topic": "graveyard"}})
        return out

    def self_state(self, cond: str, subject_card: str) -> list[dict]:
        slot = re.escape(self.slot_of.get(subject_card, "C0"))
        if re.search(rf"\b(?:{slot}|it|this card|the card|this monster)\b[^,]*\b(?:no longer|not) "
                     r"(?:face-up )?(?:on the field|face-up)\b", cond, re.I) or \
                re.search(r"\bno longer face-up on the field\b", cond, re.I):
            return [{"self_not_face_up": {}}]
        return []

    def target_changes(self, cond: str) -> dict:
        """What the question supposes happened to a target."""
        c = cond
        if re.search(r"\bflipped face-up\b|\bis face-up\b|\bturned face-up\b|\bflips? (?:it|[^,]*?) face-up\b",
                     c, re.I):
            return {"property": "face", "value": "face-up"}
        if re.search(r"\bflipped face-down\b|\bis face-down\b|\bface-down defense\b|\bset again\b|"
                     r"\bflips? (?:it|[^,]*?) face-down\b", c, re.I):
            return {"property": "face", "value": "face-down"}
        m = re.search(r"\b(?:no longer|not) (?:a |an )?([A-Z]+)\b", c)
        if m and m.group(1) in ATTRS:
            return {"property": "attribute-not", "value": m.group(1)}
        for race in RACES:
            if re.search(rf"\b(?:no longer|not) (?:a |an )?{race}(?:-Type)?\b", c, re.I):
                return {"property": "race-not", "value": race}
        m = re.search(r"\b(?:has|with|to) (\d+) ATK\b", c, re.I)
        if m:
            return {"property": "atk", "value": int(m.group(1))}
        if re.search(r"\bleaves?\b|\bleft\b|\bis gone\b|\bis removed\b|\bis banished\b|\bno longer in the (?:graveyard|gy)\b|"
                     r"\bis returned\b|\bis destroyed\b(?= before)", c, re.I):
            return {"left": True}
        return {}


def split_condition(text: str) -> tuple[str, str]:
    """(main question, condition clause)."""
    m = re.match(r"^(?:if|when|suppose|assuming) (?P<cond>.+?), (?P<main>.+)$", text, re.I)
    if m:
        return m.group("main"), m.group("cond")
    m = re.match(r"^(?P<main>.+?)\b(?:if|while|when|in case) (?P<cond>.+)$", text, re.I)
    if m and len(m.group("main")) > 8:
        return m.group("main"), m.group("cond")
    m = re.match(r"^after (?P<cond>.+?), (?P<main>.+)$", text, re.I)
    if m:
        return m.group("main"), m.group("cond")
    return text, ""


def resolve_question(pq: ParsedQuestion, db: CardDB, families: Mapping) -> dict:
    """The structured spec of a parsed question, its references resolved against the cards, by
    the tree builder its family names in ``questions.yaml`` (``families``: the knowledge's;
    :mod:`psct_expert.builders`)."""
    from .situate import OldForm, situate_question
    from .situate.families.common import told_form
    from .situate.families.supposing import supposed_question

    told = any(t.data == "lead" for t in pq.tree.children if hasattr(t, "data"))
    scenario = bool(pq.scenario.lines)
    supposed = pq.family == "clause-done" and (scenario or not told_form(pq))
    if supposed and not scenario:
        # (timing) "Can Raigeki destroy my opponent's X?", "Does X destroy a monster that cannot
        # be targeted ...?": a targeting protection said or written decides it
        from .situate.families.targeting import protected_question
        spec = protected_question(pq, db)
        if spec is not None:
            return spec
    tree = _builder(families, pq.family, "tree")
    if tree is None or (scenario and not supposed and not getattr(tree, "reads_scenario", False)):
        raise QuestionError(f"the family {pq.family!r} has a grammar but no way to build its question",
                            understood={"cards": list(dict.fromkeys(m.card for m in pq.mentions)),
                                        "family": pq.family})
    if scenario:
        _target_slots(pq.scenario.suppose, db)
    if not supposed:
        # the family's tree builder; clause-done's supposition form with nothing told ("Is X
        # still destroyed if ...?", or with -e lines) is read by supposing.py below, and so is a
        # still-done question its builder hands on
        try:
            return _with_scenario(situate_question(pq, db, tree), pq.scenario)
        except OldForm:
            if pq.family not in ("still-done", "clause-done"):
                raise QuestionError(f"the family {pq.family!r} has a grammar but no way to build "
                                    "its question", understood={"cards": list(dict.fromkeys(
                                        m.card for m in pq.mentions)), "family": pq.family}) from None
            pq.family = "clause-done"
        except QuestionError as exc:
            if pq.family != "still-done" or told:
                if not exc.forms:    # a refusal of a family builder lists the question forms
                    exc.forms = vocabulary()["forms"]
                raise
            pq.family = "clause-done"    # "If ..., is it still destroyed?": a supposition
    try:
        spec = supposed_question(pq, db)
    except QuestionError as exc:
        if not exc.forms:
            exc.forms = vocabulary()["forms"]
        exc.understood = {"cards": list(dict.fromkeys(m.card for m in pq.mentions)),
                          "family": pq.family, **(exc.understood or {})}
        raise
    return _with_scenario(spec, pq.scenario)


def _with_scenario(spec: dict, scenario: Scenario) -> dict:
    """The spec with the ``-e`` scenario's suppositions added (each once)."""
    if scenario.suppose:
        have = spec.setdefault("suppose", [])
        for item in scenario.suppose:
            if item not in have:
                have.append(item)
    return spec


def _builder(families: Mapping, family: str, kind: str):
    """The family's builder of that kind (``questions.yaml``'s ``build:``), or None."""
    from .builders import find

    decl = getattr(families.get(family), "build", None) or {}
    name = decl.get(kind)
    if name is None:
        return None
    try:
        return find(kind, name)
    except LookupError as exc:       # a builder renamed since the knowledge was checked
        raise QuestionError(f"the family {family!r} names a builder that is gone: {exc}") from None


# Summon kinds the builders of this module put into a spec; a Summon named by another kind
# ("the Synchro Summon of X") is never read as if the kind were not there.
BUILT_KINDS = {"special", "normal", "contact fusion"}


def _check_summon_kinds(pq: ParsedQuestion, p: "_Parse") -> None:
    # "a Fusion Summon using X" is the effect of X that Fusion Summons: its kind is its action
    carried = {id(k) for sub in pq.tree.iter_subtrees() if sub.data == "summon_using"
               for k in sub.iter_subtrees() if k.data == "summon_kind"}
    for sub in pq.tree.iter_subtrees():
        if sub.data != "summon_kind" or id(sub) in carried:
            continue
        word = " ".join(str(t) for t in sub.children).lower()
        if word not in BUILT_KINDS:
            p.fail(f"a {word.title()} Summon is a kind of Summon this question form cannot ask about "
                   "yet (it reads Special and Normal Summons)", unplaced=word)


def _target_slots(suppose: list, db: CardDB) -> None:
    """Scenario targets say which of N targets they are; the card says which group that is."""
    for item in suppose:
        t = item.get("targeted") if isinstance(item, dict) else None
        if t and isinstance(t.get("slot"), dict):
            where = t["slot"]
            t["slot"] = _slots_for(t["effect"], where["of"], db)[where["index"]]


def _slots_for(ref: dict, count: int, db: CardDB) -> list[int]:
    reading = read_card(db.get(ref["card"]))
    eid = select_effect(reading, ref)
    slots = sorted({f.get("slot") for f in reading.facts
                    if f.type == "target" and f.get("effect") == eid})
    if len(slots) >= count:
        return slots[:count]
    return [slots[0] if slots else 1] * count


# ---------------------------------------------------------------------------
# One builder per family


def _in_play_slots(p: _Parse) -> set[str]:
    return {m for m in re.findall(r"\b(C\d+) is (?:face-up )?on the field\b|\bwhile (C\d+) is face-up\b",
                                  p.ph) for m in m if m}


def build_outcome(p: _Parse) -> dict:
    # "With X, if ...", "X: if ...": the effect named first, then the supposition
    main, cond = split_condition(re.sub(r"^(?:(?:with|for) )?C\d+\s*[,:]?\s*(?=(?:if|when)\b)", "", p.ph,
                                        flags=re.I))
    in_play = _in_play_slots(p)
    subj = p.subject(in_play)
    card = p.db.get(p.card_of(subj))
    ref = p.effect_ref(subj, "activation")
    reading = read_card(card)
    said = list(dict.fromkeys(p.verb_between(p.ph)))
    if "n" not in ref and ref.get("select") in ("only", "activation", None) and len(said) >= 2:
        # a card of several effects: the one effect with a part for each action the question says
        found = _effect_with_parts(reading, said, ref.get("select") or "only")
        if found is not None and found.rpartition("#")[2].isdigit():
            ref = {"card": card.name, "n": int(found.rpartition("#")[2])}
    try:
        eid = select_effect(reading, ref)
    except QuestionError as exc:
        raise QuestionError(str(exc), understood={"effect of": card.name}) from None
    verbs = p.verb_between(re.sub(r"\btargeted by\b.*?(?= (?:destroyed|still|be|is|are)\b)", "",
                                  main))
    verbs = [v for v in verbs if _has_part(reading, eid, v)]
    if not verbs:
        p.fail("which part of the effect is the question about?", unplaced=main)
    verb = verbs[-1] if re.match(r"^(?:is|are|was)\b", main, re.I) else verbs[0]
    n = select_clause(reading, eid, verb)
    sup = p.suppositions(cond, card.name) + p.self_state(cond, card.name)
    refs = [f for f in reading.facts if f.type == "reference" and f.get("effect") == eid
            and f.get("n") == n and f.get("slot", 0) > 0]
    change = p.target_changes(cond)
    scenario_targets = [item["targeted"] for item in p.scenario.suppose if "targeted" in item]
    spec: dict = {"family": "clause-done", "effect": ref, "part": verb}
    targets: list[dict] = []
    asked = None
    changed = None
    if scenario_targets:
        ents = [t["target"] for t in scenario_targets]
        asked = _asked_target(p, main, ents)
        if change:
            changed = asked or ents[0]
    elif change:
        two = re.search(r"\bone of the (?:two|three|four|five|\d+) (?:monsters|cards|targets)\b", cond, re.I)
        ordm = re.search(rf"\bthe ({ORD}) (?:monster|card|target)\b", cond, re.I)
        if two:
            targets = [{"target": "the other target", "slot": 1},
                       {"target": "the target that changed", "slot": 1}]
            changed, asked = "the target that changed", "the other target"
        elif ordm:
            k = ORDINALS[ordm.group(1).lower()]
            slots = sorted({f.get("slot") for f in reading.facts if f.type == "target"
                            and f.get("effect") == eid}) or [1]
            for sl in slots:
                targets.append({"target": f"the {_ord_word(sl)} target", "slot": sl})
            changed = f"the {_ord_word(k)} target"
            am = re.search(rf"\bthe ({ORD}) (?:monster|card|target)\b", main, re.I)
            asked = f"the {_ord_word(ORDINALS[am.group(1).lower()])} target" if am else changed
        else:
            targets = [{"target": "the target", "slot": refs[0].get("slot") if refs else 1}]
            changed = asked = "the target"
    sup_t = [{"targeted": t} for t in targets]
    if change and changed:
        if change.get("left"):
            sup_t.append({"left": {"target": changed}})
        else:
            sup_t.append({"state": {"target": changed, **change}})
    all_sup = sup_t + sup
    if all_sup:
        spec["suppose"] = all_sup
    # affected if the asked part acts on the changed target's group, else the part as a whole
    changed_slot = None
    for t in targets + scenario_targets:
        if t.get("target") == changed:
            changed_slot = t.get("slot")
    if p.scenario.suppose:
        for item in p.scenario.suppose:
            if "state" in item and changed is None:
                changed = item["state"]["target"]
                for t in scenario_targets:
                    if t["target"] == changed:
                        changed_slot = t["slot"]
    ref_slots = {f.get("slot") for f in refs}
    if asked and changed_slot is not None and changed_slot in ref_slots:
        spec = {"family": "affected", "effect": ref, "target": asked, "part": verb,
                **({"suppose": all_sup} if all_sup else {})}
    elif asked and scenario_targets and not change and ref_slots:
        spec = {"family": "affected", "effect": ref, "target": asked, "part": verb,
                **({"suppose": all_sup} if all_sup else {})}
    if spec["family"] == "clause-done" and asked and verb in MOVES_A_CARD and \
            _subject_is_target(main) and not _has_part_on(reading, eid, verb):
        # "I target X with Y ... Is the monster still banished?" where Y's banishing part banishes
        # another card: "is that part done" would answer another question
        p.fail(f"the part of {card.name} that does {verb!r} does it to another card than "
               f"{asked!r}", unplaced=main)
    if spec["family"] == "clause-done" and not all_sup and not p.scenario.suppose:
        p.fail("what does the question suppose? (for example 'if the first monster cannot "
               "be destroyed')", unplaced=cond or None)
    return spec


def _subject_is_target(main: str) -> bool:
    """Is the question's subject the targeted card ("Is the monster still banished?", "Is it still
    destroyed?"), not another thing ("Are the cards with the same name still banished?")?"""
    return re.search(r"^\W*(?:is|are|was|were|does|do)\s+(?:it|they|the (?:targeted |face-down |face-up )?"
                     r"(?:monster|card|target)s?|that (?:monster|card|target))\b", main, re.I) is not None


def _has_part_on(reading, eid: str, verb: str) -> bool:
    """Does the effect have a part doing ``verb`` to its target ("banish it", "destroy that
    target"), not only to another card it names by a count?"""
    return any(f.type == "clause" and f.get("effect") == eid and f.get("verb") == verb
               and f.source is not None and part_acts_on_target(f.source.quote)
               for f in reading.facts)


def _ord_word(n: int) -> str:
    return {1: "first", 2: "second", 3: "third", 4: "fourth"}.get(n, str(n))


def _has_part(reading, eid: str, verb: str) -> bool:
    try:
        select_clause(reading, eid, verb)
        return True
    except QuestionError:
        return False


def _asked_target(p: _Parse, main: str, ents: list[str]) -> str | None:
    for m in p.mentions:
        if m.card in ents and re.search(rf"\b{p.slot_of[m.card]}\b", main):
            return m.card
    ordm = re.search(rf"\bthe ({ORD}) (?:monster|card|target)\b", main, re.I)
    if ordm:
        k = ORDINALS[ordm.group(1).lower()] - 1
        if k < len(ents):
            return ents[k]
    for e in reversed(p.scenario.entities):
        if e.id in ents and re.search(r"\b" + re.escape(e.id) + r"\b", main, re.I):
            return e.id
    m = re.search(r"\b(?:the|that) ((?:[\w-]+ ){0,3}?(?:monster|card))\b", main, re.I)
    if m:
        found = p.scenario.resolve(m.group(0), p.db, create=False)
        if found and found[0].id in ents:
            return found[0].id
    return ents[0] if len(ents) == 1 else None

