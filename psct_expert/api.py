"""The facade: one object that holds the card database, the knowledge and the engine.

    >>> from psct_expert import Expert
    >>> expert = Expert()
    >>> answer = expert.ask("Can Thunder King Rai-Oh negate the Special Summon of Gorz, Emissary of Darkness?")
    >>> answer.value
    'no'

Everything here delegates: the reader reads, the engine runs, the proof
module builds the answer.
"""

from __future__ import annotations

import math
from typing import Iterable

from .cards import Card, CardDB, load_database
from .engine import Engine
from .errors import QuestionError, UnknownCard
from .gamefacts import game_facts
from .knowledge import KnowledgeBase, load_knowledge
from .proof import Answer, make_answer
from .questions import Question, build_question


RULESETS = ("tcg", "ocg")


def check_numbers(value, where: str) -> None:
    """Refuses a number that is not finite (``NaN``, ``Infinity``, ``1e999`` read as JSON)
    anywhere in ``value``, naming the field (``spec.situation.0.count``)."""
    stack = [(value, where)]
    while stack:
        item, at = stack.pop()
        if isinstance(item, float) and not math.isfinite(item):
            from .errors import QuestionError

            raise QuestionError(f"{at} is not a finite number ({item!r})")
        if isinstance(item, dict):
            stack.extend((v, f"{at}.{k}") for k, v in item.items())
        elif isinstance(item, (list, tuple)):
            stack.extend((v, f"{at}.{n}") for n, v in enumerate(item))


class Expert:
    """``ruleset`` (``tcg``, the default, or ``ocg``) decides which points may decide a yes
    or no: a rule or a cited point that holds for the other ruleset only never fires."""

    def __init__(self, rules: list[str] | None = None, db: CardDB | None = None,
                 kb: KnowledgeBase | None = None, ruleset: str = "tcg"):
        if ruleset not in RULESETS:
            from .errors import PsctError

            raise PsctError(f"unknown ruleset {ruleset!r} (one of: {', '.join(RULESETS)})")
        self.kb = kb or load_knowledge(rules)
        self.ruleset = ruleset
        self._db = db
        self._engines: dict[frozenset, Engine] = {}

    @property
    def db(self) -> CardDB:
        if self._db is None:
            self._db = load_database()
        return self._db

    @property
    def engine(self) -> Engine:
        """The whole knowledge base compiled (rule examples use it)."""
        return self.engine_for(None)

    def engine_for(self, types) -> Engine:
        """An engine with only the rules that can lead to facts of these types (cached)."""
        key = frozenset(types) if types else frozenset()
        if key not in self._engines:
            from .gcpause import paused_gc

            kb = self.kb.for_ruleset(self.ruleset)
            kb = kb.upstream(key) if key else kb
            with paused_gc():   # its network lives as long as the expert: not walked again and again
                self._engines[key] = Engine(kb)
        return self._engines[key]

    def with_cards(self, cards: Iterable[Card]) -> "Expert":
        """A view of this expert whose given cards override the database."""
        other = object.__new__(Expert)
        other.kb, other._engines, other.ruleset = self.kb, self._engines, self.ruleset
        other._db = self.db.layered(cards)
        return other

    # -- asking ----------------------------------------------------------------
    def question(self, spec: dict, text: str = "") -> Question:
        fam = self.kb.families.get(spec.get("family")) if isinstance(spec, dict) else None
        return build_question(spec, self.db, text, (getattr(fam, "build", None) or {}).get("question"))

    def answer(self, question: Question) -> Answer:
        answer_type = self.kb.families[question.family].answer
        rec = self.engine_for([answer_type]).run(list(game_facts()) + question.all_facts())
        answer = make_answer(question, rec, self.kb)
        answer.ruleset = self.ruleset
        return answer

    def ask_spec(self, spec: dict, text: str = "") -> Answer:
        check_numbers(spec, "spec")
        if isinstance(spec, dict) and spec.get("invert"):
            return self._inverted(spec, text)
        if isinstance(spec, dict) and spec.get("each"):
            # (hunt 36) before its parts: each reading of the question (each effect its words fit)
            # carries its own parts ("... chain Y to X to negate it?"), asked in its own situation
            return self._same(spec, text)
        if isinstance(spec, dict) and spec.get("unless"):
            return self._unless(spec, text)
        if isinstance(spec, dict) and spec.get("and"):
            return self._all(spec, text)
        if isinstance(spec, dict) and spec.get("or"):
            return self._any(spec, text)
        if isinstance(spec, dict) and spec.get("said_as") == "misses-timing":
            return self._misses_timing(spec, text)
        if isinstance(spec, dict) and (at := _whole_turn(spec)) is not None:
            return self._some_moment(spec, text, at)
        if isinstance(spec, dict) and _untimed(spec):
            return self._some_turn(spec, text)
        if isinstance(spec, dict) and "also_needs" in spec:
            # "does it start a Chain that X can respond to?": a no settles it; a yes needs the rest
            rest = str(spec["also_needs"])
            answer = self.answer(self.question({k: v for k, v in spec.items() if k != "also_needs"},
                                               text))
            if answer.value == "yes":
                answer.value = "unknown"
                answer.missing.append(rest + " (the question asks that too; ask it on its own)")
                answer.tell.insert(0, {"ask": f"The question also asks {rest}: ask that on its own.",
                                       "kind": "open", "fact": "", "for": [], "rules": [],
                                       "choices": []})
            return answer
        return self.answer(self.question(spec, text))

    def _misses_timing(self, spec: dict, text: str) -> Answer:
        """"... Does X miss the timing?" after a story: asked as whether X's effect can be
        activated at this point, the answer turned over.  It can: it does not miss the timing.
        It cannot because its event was followed by another (the proof rests on that): it does.
        It cannot for another reason (a cost, the Damage Step, an event that is not its own):
        unknown, saying so, since that is not missing the timing."""
        asked = {k: v for k, v in spec.items() if k != "said_as"}
        answer = self.ask_spec(asked, text)
        self._restate_told(answer, str(spec["said_as"]), asked, text)
        missed = any(p.fact.type == "followed_by" for node in answer.proofs.get("no", [])
                     for st in node.steps for p in st.premises)
        if answer.value == "yes" or answer.value == "no" and missed:
            answer.proofs = {"yes": answer.proofs.get("no", []), "no": answer.proofs.get("yes", [])}
            answer.value = {"yes": "no", "no": "yes"}[answer.value]
            answer.notes.append("asked as whether the effect can be activated at this point: "
                                + ("it cannot, its event having been followed by another"
                                   if answer.value == "yes" else "it can"))
        elif answer.value == "no":
            answer.value = "unknown"
            answer.missing.append("the effect cannot be activated at this point, but not because "
                                  "its event was followed by another: that is not missing the "
                                  "timing (ask whether it can be activated)")
        return answer

    def _some_moment(self, spec: dict, text: str, at: int) -> Answer:
        """(session after 34b7d8b) "Can I activate X during my opponent's turn?", no moment of the
        turn told: whether some moment of it allows the activation.  Asked first as told (whose
        turn only): a yes or a no that holds without the phase stands.  Else asked in each phase
        of that turn: a yes in one settles it (that phase's proof, the phase named); a no in
        every one settles it the other way (each proof kept); anything else stays unknown."""
        question = self.question(spec, text)
        asked = self.answer(question)
        if asked.value != "unknown":
            return asked
        told = spec["situation"][at]
        moments = []
        for phase in _ASKED_FIRST:
            situation = list(spec["situation"])
            situation[at] = {**told, "phase": phase}
            moments.append((f"its {_PHASE_SAID[phase]}", {**spec, "situation": situation}))
        said = self.kb.families[spec["family"]]
        return self._first_moment(question, asked, moments, text, "the whole turn",
                                  "any of its phases", (said.restate_whole, said.restate_whole_it))

    def _some_turn(self, spec: dict, text: str) -> Answer:
        """(session after dfd49d7) "I have exactly 12 cards left in my Deck. Can I activate Pot of
        Desires?", no turn and no moment told (only states): whether some moment of either
        player's turn allows the activation, asked as :meth:`_some_moment` does, in each phase of
        each player's turn, when the answer as told waits on the phase."""
        question = self.question(spec, text)
        asked = self.answer(question)
        if asked.value != "unknown" or not any(it.get("fact") == "phase_now" for it in asked.tell):
            return asked
        if spec.get("from") == "hand" and any(f.type == "activate_from_hand_permission"
                                              for f in question.all_facts()):
            # (slow run) "I control 1 Set card. Can I activate Typhoon from my hand?" asks of the
            # card's own permission to be activated from the hand (in a turn it names), not of
            # another way some moment allows
            return asked
        moments = []
        for phase in _ASKED_FIRST:
            for turn in ("you", "opponent"):
                told = {"kind": "phase", "turn": turn, "phase": phase}
                moments.append((("your " if turn == "you" else "your opponent's ") + _PHASE_SAID[phase],
                                {**spec, "situation": [told] + list(spec.get("situation") or [])}))
        said = self.kb.families[spec["family"]]
        return self._first_moment(question, asked, moments, text, "either player's turn",
                                  "any phase of either player's turn",
                                  (said.restate_any, said.restate_any_it))

    def _first_moment(self, question, asked: Answer, moments: list, text: str, whole: str,
                      every: str, restates: tuple[str, str]) -> Answer:
        """The activation asked at each of ``moments`` ((said, spec), in order): a yes at one
        settles it (that moment's proof, the moment named); a no at every one settles it the other
        way (each proof kept); anything else leaves ``asked`` (the answer as told)."""
        answers = []
        for said, one in moments:       # (asked in turn: the first yes settles it)
            a = self.answer(self.question(one, text))
            if a.value == "yes":
                a.notes.append(f"asked of {whole}: it can be activated in {said} ({a.restated})")
                found = a
                break
            answers.append(a)
        else:
            if any(a.value != "no" for a in answers):
                return asked
            found = answers[0]
            for a in answers[1:]:
                found.proofs.setdefault("no", []).extend(a.proofs.get("no", []))
            found.notes.append(f"asked of {whole}: it cannot be activated in {every}")
        if restates[0]:
            from .restate import restate

            found.restated = restate(question, restates[0])
            found.restated_it = restate(question, restates[1] or restates[0], lang="it")
        return found

    def _restate_told(self, answer: Answer, family: str, spec: dict, text: str) -> None:
        """The question restated as it was said (``family``'s ``restate_told`` template in
        questions.yaml, filled from the question it was asked as), when it was asked as one
        question of ``spec``'s family."""
        said = self.kb.families.get(family)
        if said is None or not said.restate_told or answer.family != spec.get("family"):
            return
        from .restate import restate

        question = self.question({k: v for k, v in spec.items() if k != "also_needs"}, text)
        answer.restated = restate(question, said.restate_told)
        answer.restated_it = restate(question, said.restate_told_it or said.restate_told, lang="it")

    def _parts(self, spec: dict, key: str, text: str) -> tuple[Answer, list[Answer]]:
        """The answers to a question of several parts (``and``/``or``): the question itself
        first, then each part, asked in the same situation."""
        parts = spec[key]
        if not isinstance(parts, list) or not all(isinstance(p, dict) for p in parts):
            from .errors import QuestionError

            raise QuestionError(f"{key!r} is a list of question specs", understood=spec)
        shared = {k: spec[k] for k in ("situation", "entities") if k in spec}
        first = self.ask_spec({k: v for k, v in spec.items() if k != key}, text)
        return first, [first] + [self.ask_spec({**shared, **p}, text) for p in parts]

    def _unless(self, spec: dict, text: str) -> Answer:
        """(hunt 56) A question read with what it takes for granted ("X negates their Y but ...":
        that X could negate Y at all): the question's answer, unless one of those parts is no
        (then that no, with its proof); a part that cannot be asked changes nothing."""
        from .errors import QuestionError

        first = self.ask_spec({k: v for k, v in spec.items() if k != "unless"}, text)
        shared = {k: spec[k] for k in ("situation", "entities") if k in spec}
        for part in spec["unless"]:
            try:
                a = self.ask_spec({**shared, **part}, text)
            except QuestionError:
                continue
            if a.value == "no":
                a.notes.append("the question takes for granted what this settles: "
                               + a.restated)
                a.restated = first.restated
                return a
        return first

    def _all(self, spec: dict, text: str) -> Answer:
        """A question that asks two things at once ("can I chain X to negate it?"): yes when
        every part is yes, no when one part is no (with that part's proof), else unknown."""
        return self._settle(spec, "and", text, decisive="no", agreed="yes")

    def _inverted(self, spec: dict, text: str) -> Answer:
        """A question that asks the opposite of one the families answer ("does X fizzle?" is "does
        X still do anything?" answered the other way): that question's answer, yes and no swapped,
        its proof kept (it proves the opposite), the question restated as asked."""
        said = spec["invert"]
        if not isinstance(said, dict) or not said.get("en"):
            from .errors import QuestionError

            raise QuestionError("'invert' is the question said in words ({'en': ...})",
                                understood=spec)
        answer = self.ask_spec({k: v for k, v in spec.items() if k != "invert"}, text)
        flip = {"yes": "no", "no": "yes"}
        inner = answer.restated
        answer.value = flip.get(answer.value, answer.value)
        answer.proofs = {flip.get(k, k): v for k, v in answer.proofs.items()}
        # (the parts of "does it still do anything?" are each that question: said once, here)
        answer.notes = [n for n in answer.notes if not n.startswith("the question also asks: ")]
        answer.notes.append("answered as the opposite of whether it still does anything"
                            + (f" ({inner})" if not spec.get("or") else " to any of its targets")
                            + ": the proof below is of that")
        answer.restated = str(said["en"])
        answer.restated_it = str(said.get("it") or answer.restated_it)
        return answer

    def _any(self, spec: dict, text: str) -> Answer:
        """A question that two ways can settle ("can I stop their Fusion Summon?": by negating
        the Summon, or the activation that makes it): yes when one way is yes, no when every
        way is no, else unknown."""
        return self._settle(spec, "or", text, decisive="yes", agreed="no")

    def _same(self, spec: dict, text: str) -> Answer:
        """A question asked of each of a card's effects that fit its words ("Can I chain X to Y's
        effect?", Y having two): settled when every effect gets the same yes or no (whichever
        was meant, that is the answer, with each proof); else unknown, saying which effect gives
        which answer, so the asker can name one."""
        note = spec.get("each_note")
        first, answers = self._parts({k: v for k, v in spec.items()
                                      if k not in ("each_note", "each_differs")}, "each", text)
        if first.value in ("yes", "no") and all(a.value == first.value for a in answers):
            for a in answers[1:]:
                first.proofs.setdefault(first.value, []).extend(a.proofs.get(first.value, []))
            # (chains) a question asked two ways says which: its own note
            if spec.get("each_differs"):
                first.restated = " / ".join(dict.fromkeys(a.restated for a in answers))
            first.notes.append(str(note) if note else
                               "the answer is the same for each effect the question's words fit: "
                               + "; ".join(a.restated for a in answers))
            return first
        if spec.get("each_differs"):
            # (a name written in part that fits a few cards) which card, the asker says; each
            # reading is restated
            said = "; ".join(f"{a.restated} {a.value.capitalize()}." for a in answers)
            first.restated = " / ".join(dict.fromkeys(a.restated for a in answers))
            first.value = "unknown"
            first.missing.append(f"{spec['each_differs']} ({said})")
            first.tell.insert(0, {"ask": f"Say {spec['each_differs'].split(':')[0]}: {said}",
                                  "kind": "open", "fact": "", "for": [], "rules": [],
                                  "choices": []})
            return first
        if note:
            first.value = "unknown"
            first.missing.append("whether the activation or only the effect was negated: the "
                                 "answer differs")
            first.tell.insert(0, {"ask": "Say whether the activation or only the effect was "
                                  "negated ('the activation of X was negated' / 'X's effect was "
                                  "negated'), or name the card that negated it.", "kind": "open",
                                  "fact": "", "for": [], "rules": [], "choices": []})
            return first
        said = "; ".join(f"{a.restated} {a.value.capitalize()}." for a in answers)
        first.restated = " / ".join(a.restated for a in answers)
        first.value = "unknown"
        first.missing.append(f"which effect the question means: the answer differs ({said})")
        first.tell.insert(0, {"ask": f"Say which effect you mean: {said}", "kind": "open",
                              "fact": "", "for": [], "rules": [], "choices": []})
        return first

    def _settle(self, spec: dict, key: str, text: str, decisive: str, agreed: str) -> Answer:
        """One part answering ``decisive`` settles the question (with that part's proof);
        every part answering ``agreed`` settles it the other way; anything else is unknown."""
        first, answers = self._parts(spec, key, text)
        for a in answers:
            if a.value == decisive:
                if a is not first and key == "or":
                    # (hunt) "Can I activate Kuribohrn?" settled by its second effect: the
                    # restatement names the way that settled it, never the first way asked
                    a.notes.append("the question is settled by one of these: "
                                   + " / ".join(dict.fromkeys(x.restated for x in answers)))
                elif a is not first:
                    # (session after dfd49d7) the part that settled it is said with the first:
                    # its proof is of that part
                    a.notes.append("the question also asks: " + first.restated)
                    if a.restated and a.restated != first.restated:
                        a.restated = f"{first.restated} {a.restated}"
                    else:
                        a.restated = first.restated
                elif len(answers) > 1:
                    # (session after ef80931) settled by its first part: the other parts asked
                    # are said too, with their own answers
                    a.notes.append("the question also asks: " + "; ".join(
                        f"{x.restated} ({x.value})" for x in answers[1:]))
                return a
        if all(a.value == agreed for a in answers):
            for a in answers[1:]:
                first.proofs.setdefault(agreed, []).extend(a.proofs.get(agreed, []))
            if len(answers) > 1 and key == "and":
                # (session after dfd49d7) every part answered: each is said with its answer
                first.notes.append("the question also asks: " + "; ".join(
                    f"{x.restated} ({x.value})" for x in answers[1:]))
                _restate_every_part(first, answers)
            return first
        first.value = "unknown"
        for a in answers:
            first.missing.extend(m for m in a.missing if m not in first.missing)
        _merge_tell(first, answers)
        if key == "and":
            # (session after 724f2bb) an unsettled question of several parts restates each part
            # ("... from the hand"), never the first alone
            _restate_every_part(first, answers)
        return first

    def what_if(self, answer: Answer, lang: str = "en") -> Answer:
        """The answer with ``what_if`` filled: the nearest variations of the facts its proof
        rests on that flip it, each re-run through the engine (:mod:`.whatif`)."""
        from .whatif import what_if

        answer.what_if = what_if(self, answer, lang)
        return answer

    def parse(self, text: str, scenario: list[str] | None = None) -> dict:
        """The structured spec a plain-English question is understood as."""
        return self.read(text, scenario)[0]

    def read(self, text: str, scenario: list[str] | None = None):
        """The spec a question is understood as, and the lexicon's changes when the question was
        read a second time through it (:mod:`psct_expert.understand`)."""
        from .understand import understand

        return understand(text, scenario or [], self.db, self.kb.families,
                          settle=self._value_of)

    def _value_of(self, question: str) -> str:
        """The value of a nearest question's answer (a refusal raises): the suggestions a
        refusal offers are questions the product answers."""
        from .suggest import not_needed
        from .understand import understand

        with not_needed():      # a refusal here is only a "no" to this suggestion
            spec, _ = understand(question, [], self.db, self.kb.families)
        return self.ask_spec(spec, question).value

    def ask(self, text: str, scenario: list[str] | None = None, tell: bool = True) -> Answer:
        spec, relexed = self.read(text, scenario)
        answer = self.ask_spec(spec, text)
        if relexed is not None:
            answer.reading = relexed
        if tell:
            self.verify_tell(answer, text, list(scenario or []))
        return answer

    def verify_tell(self, answer: Answer, text: str, scenario: list[str] | None) -> Answer:
        """Ask an unknown answer's offered choices again (:func:`psct_expert.tell.verify_choices`):
        only the lines the question reads stay.  ``scenario`` None: a question built as a spec,
        whose choices can only set its fields."""
        from .tell import verify_choices

        if answer.value == "unknown" and answer.tell:
            verify_choices(self, answer, text, scenario)
        return answer


# the phases of a turn, each asked when a question names no moment of it, in this order (those
# most activations are allowed in first: the answer stops at the first yes)
_ASKED_FIRST = ("main1", "battle", "end", "standby", "draw", "main2", "damage-step")
_PHASE_SAID = {"draw": "Draw Phase", "standby": "Standby Phase", "main1": "Main Phase 1",
               "battle": "Battle Phase", "damage-step": "Damage Step", "main2": "Main Phase 2",
               "end": "End Phase"}
# what a story may tell beside whose turn it is and still leave the moment asked untold: states
# (what a player controls, LP, zones, materials) and what was used earlier
_UNTIMED = ("state", "lp", "zones", "materials", "used")


def _whole_turn(spec: dict) -> int | None:
    """Where a can-activate-now question's situation tells only whose turn it is (no phase, no
    step), when nothing else it tells happens at a moment (only states and earlier uses) and the
    question says nothing more of when: the index of that phase entry, else None."""
    if spec.get("family") != "can-activate-now" or \
            set(spec) - {"family", "effect", "from", "situation", "entities"}:
        return None
    situation = spec.get("situation")
    if not isinstance(situation, list) or not all(isinstance(ev, dict) for ev in situation):
        return None
    phases = [i for i, ev in enumerate(situation) if ev.get("kind") == "phase"]
    if len(phases) != 1:
        return None
    told = situation[phases[0]]
    if set(told) - {"kind", "id", "turn"} or told.get("turn") not in ("you", "opponent"):
        return None
    if any(ev.get("kind") not in _UNTIMED + ("phase",) for ev in situation):
        return None
    return phases[0]


def _untimed(spec: dict) -> bool:
    """A can-activate-now question whose situation tells no turn, no phase and nothing that
    happens at a moment (only states: what a player controls, LP, zones, materials), and which
    says nothing more of when.  A use told earlier ("this turn") ties it to a turn: not this."""
    if spec.get("family") != "can-activate-now" or \
            set(spec) - {"family", "effect", "from", "situation", "entities"}:
        return False
    situation = spec.get("situation") or []
    return isinstance(situation, list) and bool(situation) and all(
        isinstance(ev, dict) and ev.get("kind") in _UNTIMED and ev.get("kind") != "used"
        for ev in situation)


def _restate_every_part(first: Answer, answers: list[Answer]) -> None:
    """The restatement of a question of several parts: each part's, once, in order."""
    said = list(dict.fromkeys(a.restated for a in answers if a.restated))
    if len(said) > 1:
        first.restated = " ".join(said)


def _merge_tell(first: Answer, answers: list[Answer]) -> None:
    """An unknown answer of several parts says what would settle each part that is unknown
    (each sentence once)."""
    seen = {it["ask"] for it in first.tell}
    for a in answers:
        if a is first or a.value != "unknown":
            continue
        for it in a.tell:
            if it["ask"] not in seen:
                seen.add(it["ask"])
                first.tell.append(it)


CLASSIFICATIONS = ("starts_chain", "targets", "quick", "inherent_summon", "is_cost", "activates",
                   "card_feature")


def classify(expert: "Expert", reading) -> dict:
    """The rule conclusions about each effect of one card: {effect id: [conclusion]}."""
    from .proof import rules_and_citations

    rec = expert.engine_for(CLASSIFICATIONS).run(list(game_facts()) + list(reading.facts))
    out: dict[str, list[dict]] = {}
    cache: dict = {}
    for key, f in rec.facts.items():
        if key[0] not in CLASSIFICATIONS or not rec.derivations.get(key):
            continue
        rules, cites = rules_and_citations(key, rec, expert.kb, cache=cache)
        out.setdefault(f.get("effect") or f.get("card"), []).append({
            "type": f.type, **{k: v for k, v in f.fields if k != "effect"},
            "rules": rules, "cites": sorted(cites)})
    for lst in out.values():
        lst.sort(key=lambda c: (c["type"], str(c.get("verb", "")), str(c.get("feature", "")),
                                c.get("value", "yes")))
    return out
