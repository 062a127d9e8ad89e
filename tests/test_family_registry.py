"""Each question family is declared once, in questions.yaml: its grammar, restatement, forms and
the builders that turn its parsed questions into structured ones (``build:``,
psct_expert/builders.py).  A family with a grammar and no builder, or naming one that does not
exist, is refused when the knowledge loads, at its file:line."""

import pytest

from psct_expert.api import Expert
from psct_expert.builders import find
from psct_expert.errors import RuleError
from psct_expert.knowledge import load_knowledge

GRAMMAR = 'grammar: "fam_speedy: be v_effect \\"speedy\\"i"'


def _family(tmp_path, rest: str):
    q = tmp_path / "questions.yaml"
    q.write_text("families:\n  speedy:\n    answer: quick\n    key: [effect]\n"
                 f"    {GRAMMAR}\n" + "".join(f"    {line}\n" for line in rest.splitlines()))
    return q


def _refused(tmp_path, rest: str) -> tuple[str, str]:
    q = _family(tmp_path, rest)
    with pytest.raises(RuleError) as err:
        load_knowledge([str(tmp_path)])
    return str(q), str(err.value)


@pytest.mark.parametrize("rest", ["doc: no builder", "build: {question: effect}"])
def test_a_family_with_a_grammar_and_no_builder_is_refused_at_its_line(tmp_path, rest):
    q, msg = _refused(tmp_path, rest)
    assert msg.startswith(f"{q}:2:3:"), msg
    assert "'speedy' has a grammar but names no builder" in msg


@pytest.mark.parametrize("build, line, why", [
    ("{tree: chains.build_no_such_thing}", 6, "has no builder 'build_no_such_thing'"),
    ("{tree: no_such_module.build_x}", 6, "no module psct_expert/situate/families/no_such_module.py"),
    ("{tree: build_starts_chain}", 6, "MODULE.FUNCTION"),
    ("{text: build_no_such_thing}", 6, "resolve.py has no builder 'build_no_such_thing'"),
    ("{text: build_effect}", 6, "resolve.py has no builder 'build_effect'"),
    ("{tree: chains._private}", 6, "has no builder '_private'"),
    ("{parse: chains.build_starts_chain}", 6, "'build' is a mapping of 'tree:"),
    ("{tree: kinds.build_one_effect, question: no_such_slots}", 6, "no question slots 'no_such_slots'"),
])
def test_an_unknown_builder_is_refused_at_its_line(tmp_path, build, line, why):
    q, msg = _refused(tmp_path, f"build: {build}")
    assert msg.startswith(f"{q}:{line}:"), msg
    assert why in msg and "'speedy'" in msg, msg


def test_a_family_without_a_grammar_needs_no_builder(tmp_path):
    """(asked as a structured question only, or built by another family's builder)"""
    (tmp_path / "questions.yaml").write_text(
        "families:\n  mine: {answer: quick, key: [effect]}\n")
    assert load_knowledge([str(tmp_path)]).families["mine"].build == {}


def test_every_shipped_builder_is_found():
    kb = load_knowledge()
    named = {(k, v) for fam in kb.families.values() for k, v in fam.build.items()}
    assert ("tree", "chains.build_starts_chain") in named
    for kind, name in named:
        assert callable(find(kind, name))


def test_a_family_added_in_one_place_is_read_and_built(tmp_path):
    """A user's questions.yaml adds a family with its grammar and a shipped builder: its question
    is read and built by that builder with nothing else changed."""
    _family(tmp_path, "build: {tree: kinds.build_one_effect}")
    expert = Expert(rules=[str(tmp_path)])
    spec = expert.parse("Is the second effect of Thunder King Rai-Oh speedy?")
    assert spec == {"family": "speedy", "effect": {"card": "Thunder King Rai-Oh", "n": 2}}


def test_a_question_said_as_another_is_restated_by_its_family_template(base_expert):
    """"... Does X miss the timing?" after a story is asked as whether X's effect can be activated
    at this point: it is restated as said, by misses-timing's restate_told template (data)."""
    from dataclasses import replace

    story = "I Link Summon a monster using Sangan as material. Does Sangan miss the timing?"
    answer = base_expert.ask(story, tell=False)
    assert answer.family == "can-activate-now" and answer.value == "no"
    assert answer.restated == "Does the first effect of Sangan miss the timing at this point?"
    assert answer.restated_it == "Il primo effetto di Sangan perde il tempismo in questo momento?"
    kb = base_expert.kb
    fam = kb.families["misses-timing"]
    kb.families["misses-timing"] = replace(fam, restate_told="Is {effect} late{asked}?",
                                           restate_told_it="{effect} è in ritardo?")
    try:
        other = Expert(kb=kb, db=base_expert.db).ask(story, tell=False)
    finally:
        kb.families["misses-timing"] = fam
    assert other.restated == "Is the first effect of Sangan late?"
    assert other.restated_it == "Il primo effetto di Sangan è in ritardo?"


def test_a_family_added_in_one_place_is_answered(tmp_path):
    """With the slots of another family (``question: effect``) and rules that conclude its answer
    fact (here the shipped ``quick`` ones), a family added in its block alone is answered."""
    _family(tmp_path, "restate: 'Is {effect} speedy?'\n"
                      "build: {tree: kinds.build_one_effect, question: effect}")
    answer = Expert(rules=[str(tmp_path)]).ask("Is the second effect of Thunder King Rai-Oh speedy?",
                                               tell=False)
    assert answer.family == "speedy" and answer.value == "yes"
    assert answer.restated == "Is the second effect of Thunder King Rai-Oh speedy?"
