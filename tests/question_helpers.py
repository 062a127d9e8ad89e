"""Helpers shared by the question tests (imported by the test files; not a test module).

A question test is most often one case of a table: a sentence, the answer it must get, and
what the structured question it becomes must say.  Those tables are YAML files under
``tests/fixtures/questions/``, one per topic (loaded by :func:`cases`, checked by
:func:`check_case`, run by ``tests/test_questions_cases.py``); the topic's
``test_questions_<topic>.py`` keeps what a case cannot say.  A case is a mapping:

``id``
    the test id (unique in its file); ``why`` one line saying what the case shows.
``ask``
    the question, in plain English.
``refused``
    a list of words: the sentence must be refused (``QuestionError`` when it is parsed) with a
    message holding each word; nothing else is checked.
``answer``
    ``yes``, ``no`` or ``unknown``, or ``not yes`` / ``not no`` / ``not unknown`` (anything but).
    Without it only the parse is checked.
``spec``
    ``{path: value}``: what the structured question says at ``path`` equals ``value``.
``has`` / ``lacks``
    ``{path: [item, ...]}``: each item is (is not) ``in`` what stands at ``path``.
``truthy`` / ``falsy``
    ``[path, ...]``: what stands there is true (a non-empty list, a true flag); nothing stands
    there, or what does is false.
``same``
    ``[[path, path, ...], ...]``: what stands at those paths is equal.
``cites`` / ``rules``
    (with ``answer``) lists: each is among the answer's citations (the rules its proof names).
``not_rules``
    (with ``answer``) a list: no rule of it is among the rules the answer's proof names.
``restated``
    a list of words: each stands in the answer's restatement of the question (it is asked).

:func:`check_case` returns how many checks it made (a refusal: one, and one a word named), and
the runner asserts that is :func:`count_checks` of the case: every check a case names is made.

A path is keys and list indexes joined by dots (``effect.card``, ``situation.-1.from``);
``@kind`` is the list of the situation's events of that kind (``@used.0.copy``); ``#`` the
length of what stands before it (a list's items, a mapping's keys: ``@activate.#``); ``?key``
the items of a list that have that key (``suppose.?left.#``); ``[path]`` the key that stands at
another path (``entities[@state.0.what].face``); ``.`` alone is the whole spec.

A reading case (``tests/fixtures/readings/``, loaded by :func:`readings`, checked by
:func:`check_reading`) reads an invented card: ``card`` (``text``, ``kind``, ``subtypes``, and
``name`` and ``pendulum`` (its Pendulum text) when they matter), and any of:

``found`` / ``absent``
    lists of ``{type, field: value, ...}``: the reading has (has no) fact of that type with those
    fields (``"@quote": text``: the text the fact was read from).
``listed``
    a list of ``{type, field, is, field: value, ...}``: the ``field`` of each fact of that type
    (with those fields), in order, is the list ``is`` (``field`` a list: a list of lists;
    ``@quote``: the text the fact was read from).
``status`` / ``not_status``
    the reading's status is (is not) that (``full``, ``partial``, ``legacy``).
``unread``
    the reading's unread phrases are that list (``[]``: it read every sentence).
``effects``
    the ids of the reading's effects are that list (``Example Card#1``, ...).
``features`` / ``no_features``
    card features the audit concludes (does not conclude) for the card (``psct_expert.audit.FEATURES``).

:func:`check_reading` returns how many checks it made, one an item of a list and one a status or
``unread``, which the runners assert is :func:`count_reading` of the case.
"""

import copy
import pathlib
import re

import pytest

from psct_expert.cards import Card
from psct_expert.errors import QuestionError
from psct_expert.yamlpos import safe_load

FIXTURES = pathlib.Path(__file__).parent / "fixtures" / "questions"
READINGS = pathlib.Path(__file__).parent / "fixtures" / "readings"
CHECKS = {"answer", "spec", "has", "lacks", "truthy", "falsy", "same", "cites", "rules",
          "not_rules", "restated"}
CASE_KEYS = {"id", "why", "ask", "refused"} | CHECKS
ANSWERS = {"yes", "no", "unknown"}


def with_cards(expert, *cards):
    """The expert with these invented cards (dicts of the card file format) over the database."""
    return expert.with_cards(Card.from_dict(c, origin="test") for c in cards)


def rules_fired(answer) -> set[str]:
    """The ids of every rule in an answer's proof."""
    out, todo = set(), list(answer.proof)
    while todo:
        node = todo.pop()
        for step in node.steps:
            out.add(step.rule)
            todo.extend(step.premises)
    return out


def events(spec: dict, kind: str) -> list[dict]:
    """The situation events of one kind, in order."""
    return [e for e in spec.get("situation", []) if e["kind"] == kind]


def ask(expert, text: str):
    """The structured question a sentence becomes, and its answer's value."""
    spec = expert.parse(text)
    return spec, expert.ask_spec(spec, text).value


def ask_answer(expert, text: str):
    """The structured question a sentence becomes, and the whole answer."""
    spec = expert.parse(text)
    return spec, expert.ask_spec(spec, text)


def refused(expert, text: str, *words: str, scenario: list[str] | None = None) -> str:
    """Asserts the sentence (told after the ``scenario`` lines) is refused when parsed, with a
    message holding each word; the message."""
    with pytest.raises(QuestionError) as err:
        expert.parse(text, scenario)
    message = str(err.value)
    for word in words:
        assert word in message, f"{word!r} not in the refusal {message!r}"
    return message


def invented_card(text: str, kind: str, subtypes, name: str = "Example Card") -> Card:
    """A card made up for a reader test."""
    return Card(name=name, kind=kind, subtypes=tuple(subtypes), text=text)


def facts_of(reading, type_: str, **match) -> list:
    """The facts of one type a reading has, whose fields equal ``match``."""
    return [f for f in reading.facts if f.type == type_
            and all(f.get(k) == v for k, v in match.items())]


# -- the case tables -----------------------------------------------------------------------------

def _case_list(path: pathlib.Path) -> list:
    """The cases of a case file: a list of mappings, each id once."""
    loaded = safe_load(path.read_text(encoding="utf-8"))
    assert isinstance(loaded, list), f"{path}: a list of cases"
    ids = [c.get("id") for c in loaded]
    assert len(set(ids)) == len(ids), f"{path}: an id stands twice"
    return loaded


def cases(name: str) -> list:
    """The cases of ``tests/fixtures/questions/NAME.yaml`` as ``pytest.param``s (id ``NAME/ID``)."""
    path = FIXTURES / f"{name}.yaml"
    loaded = _case_list(path)
    for case in loaded:
        assert set(case) <= CASE_KEYS, f"{path}: {case.get('id')}: unknown keys {set(case) - CASE_KEYS}"
        assert {"id", "why", "ask"} <= set(case), f"{path}: {case.get('id')}: needs id, why and ask"
        assert ("refused" in case) != bool(set(case) & CHECKS), \
            f"{path}: {case['id']}: either refused or something to check"
        assert "answer" in case or not {"cites", "rules", "not_rules"} & set(case), \
            f"{path}: {case['id']}: cites, rules and not_rules are of an answer"
    return [pytest.param(case, id=f"{name}/{case['id']}") for case in loaded]


_SEGMENT = re.compile(r"\[[^\]]*\]|[^.\[\]]+")
_NOTHING = object()


def at(spec: dict, path: str, missing=_NOTHING):
    """What stands at ``path`` in a structured question (see the module's docstring); where
    nothing does, ``missing`` if given, else the test fails."""
    if path == ".":
        return spec
    value = spec
    for seg in _SEGMENT.findall(path):
        try:
            if seg.startswith("@"):
                value = events(value, seg[1:])
            elif seg == "#":
                value = len(value)
            elif seg.startswith("?"):
                value = [item for item in value if isinstance(item, dict) and seg[1:] in item]
            elif seg.startswith("["):
                value = value[at(spec, seg[1:-1])]
            elif isinstance(value, list):
                value = value[int(seg)]
            else:
                value = value[seg]
        except (KeyError, IndexError, TypeError, ValueError):
            if missing is not _NOTHING:
                return missing
            pytest.fail(f"nothing at {path!r} ({seg!r}) in {spec!r}")
    return value


def check_answer(value: str, expected: str) -> None:
    """Asserts an answer's value is the expected one (or, for ``not X``, anything but X)."""
    if expected.startswith("not "):
        assert expected[4:] in ANSWERS and value != expected[4:], (value, expected)
    else:
        assert expected in ANSWERS and value == expected, (value, expected)


def check_case(expert, case: dict) -> int:
    """Asks one case and asserts every check it names; returns how many checks it made."""
    text = case["ask"]
    if "refused" in case:
        refused(expert, text, *case["refused"])
        return 1 + len(case["refused"])
    made = 0
    spec = expert.parse(text)
    if "answer" in case or "restated" in case:
        answer = expert.ask_spec(copy.deepcopy(spec), text)
        if "answer" in case:
            check_answer(answer.value, case["answer"])
            made += 1
        rules = answer.to_dict()["rules"]
        for cite in case.get("cites", []):
            assert cite in answer.citations(), (cite, answer.citations())
            made += 1
        for rule in case.get("rules", []):
            assert rule in rules, (rule, rules)
            made += 1
        for rule in case.get("not_rules", []):
            assert rule not in rules, (rule, rules)
            made += 1
        for word in case.get("restated", []):
            assert word in answer.restated, (word, answer.restated)
            made += 1
    for path, want in case.get("spec", {}).items():
        assert at(spec, path) == want, f"{path}: {at(spec, path)!r} != {want!r}"
        made += 1
    for path, items in case.get("has", {}).items():
        for item in items:
            assert item in at(spec, path), f"{item!r} not in {path}: {at(spec, path)!r}"
            made += 1
    for path, items in case.get("lacks", {}).items():
        for item in items:
            assert item not in at(spec, path), f"{item!r} in {path}: {at(spec, path)!r}"
            made += 1
    for path in case.get("truthy", []):
        assert at(spec, path), f"{path}: {at(spec, path)!r} is not true"
        made += 1
    for path in case.get("falsy", []):
        assert not at(spec, path, missing=None), f"{path}: {at(spec, path)!r} is not false"
        made += 1
    for paths in case.get("same", []):
        values = [at(spec, p) for p in paths]
        assert all(v == values[0] for v in values), dict(zip(paths, values))
        made += 1
    return made


def count_checks(case: dict) -> int:
    """How many checks a case names (what :func:`check_case` must make)."""
    if "refused" in case:
        return 1 + len(case["refused"])
    return (("answer" in case) + sum(len(case.get(k, [])) for k in
                                     ("cites", "rules", "not_rules", "restated", "spec", "truthy",
                                      "falsy", "same"))
            + sum(len(items) for k in ("has", "lacks") for items in case.get(k, {}).values()))


READING_CHECKS = {"found", "absent", "listed", "status", "not_status", "unread", "effects",
                  "features", "no_features"}


def readings(name: str) -> list:
    """The reading cases of ``tests/fixtures/readings/NAME.yaml`` as ``pytest.param``s."""
    path = READINGS / f"{name}.yaml"
    loaded = _case_list(path)
    for case in loaded:
        assert set(case) <= {"id", "why", "card"} | READING_CHECKS and {"id", "why", "card"} <= set(case) \
            and set(case) & READING_CHECKS, f"{path}: {case.get('id')}: id, why, card and a check"
        assert set(case["card"]) <= {"text", "kind", "subtypes", "name", "pendulum"}, \
            f"{path}: {case['id']}: unknown card keys"
    return [pytest.param(case, id=case["id"]) for case in loaded]


def _matching(reading, want: dict) -> list:
    fields = dict(want)
    quote = fields.pop("@quote", None)
    found = facts_of(reading, fields.pop("type"), **fields)
    return [f for f in found if quote is None or (f.source is not None and f.source.quote == quote)]


def _field(fact, name: str):
    return fact.source.quote if name == "@quote" else fact.get(name)


def check_reading(case: dict, expert=None) -> int:
    """Reads the case's card and asserts the facts it must have and must not, its status and
    the audit's features (``expert`` needed for those); returns how many checks it made."""
    from psct_expert.audit import FEATURES, audit_card
    from psct_expert.reader import read_card

    spec = case["card"]
    card = Card(name=spec.get("name", "Example Card"), kind=spec["kind"],
                subtypes=tuple(spec["subtypes"]), text=spec["text"], pendulum_text=spec.get("pendulum"))
    reading = read_card(card)
    made = 0
    for want in case.get("found", []):
        assert _matching(reading, want), f"no fact {want}"
        made += 1
    for want in case.get("absent", []):
        assert not _matching(reading, want), f"a fact {want}"
        made += 1
    for want in case.get("listed", []):
        match = {k: v for k, v in want.items() if k not in ("field", "is")}
        field = want["field"]
        got = [[_field(f, k) for k in field] if isinstance(field, list) else _field(f, field)
               for f in _matching(reading, match)]
        assert got == want["is"], f"{want}: {got}"
        made += 1
    if "status" in case:
        assert reading.status == case["status"], reading.status
        made += 1
    if "not_status" in case:
        assert reading.status != case["not_status"], reading.status
        made += 1
    if "unread" in case:
        assert reading.unread == case["unread"], reading.unread
        made += 1
    if "effects" in case:
        assert [e.id for e in reading.effects] == case["effects"], [e.id for e in reading.effects]
        made += 1
    if "features" in case or "no_features" in case:
        assert expert is not None, "features need an expert"
        record = audit_card(expert, card)
        for name in case.get("features", []):
            assert name in FEATURES and record[name], f"not {name}"
            made += 1
        for name in case.get("no_features", []):
            assert name in FEATURES and not record[name], f"{name}"
            made += 1
    return made


def count_reading(case: dict) -> int:
    """How many checks a reading case names (what :func:`check_reading` must make)."""
    return (sum(len(case.get(k, [])) for k in ("found", "absent", "listed", "features", "no_features"))
            + sum(k in case for k in ("status", "not_status", "unread", "effects")))


def card_spans(sentence: str, cards: dict[str, str]) -> tuple[list, list, list]:
    """The clause readers' arguments for ``sentence``: the spans of the invented card names of
    ``cards`` (name -> kind) that stand in it, in order, with their kinds and names."""
    found = sorted((sentence.index(name), name, kind) for name, kind in cards.items()
                   if name in sentence)
    return ([(at, at + len(name)) for at, name, _ in found], [kind for _, _, kind in found],
            [name for _, name, _ in found])


def name_spans(text: str, *names: str, every: bool = False) -> list[tuple[int, int, str]]:
    """(start, end, card) of each name as written in ``text`` (the card is the name here): its
    first place, or each place with ``every``; what a frame reader is given as card names."""
    out = []
    for name in names:
        start = 0
        while (at := text.lower().find(name.lower(), start)) >= 0:
            out.append((at, at + len(name), name))
            if not every:
                break
            start = at + len(name)
    return sorted(out)
