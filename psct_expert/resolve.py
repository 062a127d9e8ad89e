"""A parsed question → a structured question spec, resolved against the cards.

:func:`resolve_question` calls the tree builder the question's family names in
``knowledge/questions.yaml`` (:mod:`psct_expert.builders`, ``psct_expert/situate/families``):
the grammar (:mod:`psct_expert.parser`) has already accounted for every word of the sentence and
decided the question family, and the builder reads the family rule's subtree against the cards
(which effect of a card is meant, which part of it, which card is the target, what the question
supposes).  ``clause-done``'s supposition forms with nothing told ("If the first monster targeted
by X cannot be destroyed, is the second monster Special Summoned?", or with ``-e`` lines), and a
``still-done`` question its builder hands on, are read by
:mod:`psct_expert.situate.families.supposing`.  When a reference cannot be resolved it raises a
:class:`~psct_expert.errors.QuestionError` that says what was understood.

Also here: the written forms of the actions questions name (:func:`verbs_in`, used by the
timing families' builders) and the families whose answer does not depend on the situation
(``STATIC_FAMILIES``).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from . import kre as re  # re, each pattern's program kept on disk (psct_expert.kre)
from .cards import CardDB
from .errors import QuestionError
from .gamewords import gamewords
from .parser import ParsedQuestion
from .parser.names import vocabulary
from .parser.scenario import Scenario
from .reader.select import select_effect
from .reader import read_card

PHASES = re.compile(r"\b(?:draw|battle|end|main|standby) phase\b|\bdamage step\b", re.I)
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
    if tree is not None and scenario and not supposed and not getattr(tree, "reads_scenario", False):
        raise QuestionError("this kind of question is not read with story lines given apart (-e, "
                            "scenario): tell the story in the question itself, before it",
                            understood={"cards": list(dict.fromkeys(m.card for m in pq.mentions)),
                                        "family": pq.family})
    if tree is None:
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
