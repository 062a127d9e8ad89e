"""Each question family is declared once, in questions.yaml: its grammar, restatement, forms and
the builders that turn its parsed questions into structured ones (``build:``,
psct_expert/builders.py).  A family with a grammar and no builder, or naming one that does not
exist, is refused when the knowledge loads, at its file:line."""

from dataclasses import replace

import pytest

from psct_expert.api import Expert
from psct_expert.builders import find
from psct_expert.errors import RuleError
from psct_expert.knowledge import load_knowledge
from psct_expert.knowledge.loader import _Loader
from psct_expert.knowledge.model import KnowledgeBase

GRAMMAR = 'grammar: "fam_speedy: be v_effect \\"speedy\\"i"'


def _family(tmp_path, rest: str):
    q = tmp_path / "questions.yaml"
    q.write_text("families:\n  speedy:\n    answer: quick\n    key: [effect]\n"
                 f"    {GRAMMAR}\n" + "".join(f"    {line}\n" for line in rest.splitlines()))
    return q


def _diagnostics(tmp_path, rest: str) -> list:
    """The errors of a questions.yaml read alone (the loader's own check, no whole knowledge)."""
    kb = KnowledgeBase()
    _Loader(kb).load_questions(_family(tmp_path, rest))
    return [d for d in kb.diagnostics if d.severity == "error"]


def test_a_family_with_a_grammar_and_no_builder_is_refused_at_its_line(tmp_path):
    q = _family(tmp_path, "doc: no builder")
    with pytest.raises(RuleError) as err:
        load_knowledge([str(tmp_path)])
    assert str(err.value).startswith(f"{q}:2:3:"), err.value
    assert "'speedy' has a grammar but names no builder" in str(err.value)


def test_a_family_naming_only_its_question_slots_has_no_builder(tmp_path):
    [d] = _diagnostics(tmp_path, "build: {question: effect}")
    assert (d.line, d.column) == (2, 3) and "names no builder" in d.message


@pytest.mark.parametrize("build, why", [
    ("{tree: chains.build_no_such_thing}", "has no builder 'build_no_such_thing'"),
    ("{tree: no_such_module.build_x}", "no module psct_expert/situate/families/no_such_module.py"),
    ("{tree: build_starts_chain}", "MODULE.FUNCTION"),
    ("{text: build_outcome}", "'build' is a mapping of 'tree:"),
    ("{tree: chains._private}", "has no builder '_private'"),
    ("{parse: chains.build_starts_chain}", "'build' is a mapping of 'tree:"),
    ("{tree: kinds.build_one_effect, question: no_such_slots}", "no question slots 'no_such_slots'"),
])
def test_an_unknown_builder_is_refused_at_its_line(tmp_path, build, why):
    [d] = _diagnostics(tmp_path, f"build: {build}")
    assert d.path == str(tmp_path / "questions.yaml") and d.line == 6, d
    assert why in d.message and "'speedy'" in d.message, d.message


def test_a_family_without_a_grammar_needs_no_builder(tmp_path):
    """(asked as a structured question only, or built by another family's builder)"""
    (tmp_path / "questions.yaml").write_text(
        "families:\n  mine: {answer: quick, key: [effect]}\n")
    kb = KnowledgeBase()
    _Loader(kb).load_questions(tmp_path / "questions.yaml")
    assert not kb.diagnostics and kb.families["mine"].build == {}


def test_every_shipped_builder_is_found(base_expert):
    named = {(k, v) for fam in base_expert.kb.families.values() for k, v in fam.build.items()}
    assert ("tree", "chains.build_starts_chain") in named
    for kind, name in named:
        assert callable(find(kind, name))


@pytest.mark.slow        # a new family: the question grammar is compiled again (seconds)
def test_a_family_added_in_one_place_is_read_built_and_answered(tmp_path):
    """A user's questions.yaml adds a family with its grammar, a shipped builder and another
    family's slots (``question: effect``); with rules that conclude its answer fact (here the
    shipped ``quick`` ones) it is read, built and answered with nothing else changed."""
    _family(tmp_path, "restate: 'Is {effect} speedy?'\n"
                      "build: {tree: kinds.build_one_effect, question: effect}")
    expert = Expert(rules=[str(tmp_path)])
    text = "Is the second effect of Thunder King Rai-Oh speedy?"
    spec = expert.parse(text)
    assert spec == {"family": "speedy", "effect": {"card": "Thunder King Rai-Oh", "n": 2}}
    answer = expert.ask(text, tell=False)
    assert answer.family == "speedy" and answer.value == "yes"
    assert answer.restated == text


def test_a_question_said_as_another_is_restated_by_its_family_template(base_expert):
    """"... Does X miss the timing?" after a story is asked as whether X's effect can be activated
    at this point: it is restated as said, by misses-timing's restate_told template (data)."""
    story = "I Link Summon a monster using Sangan as material. Does Sangan miss the timing?"
    answer = base_expert.ask(story, tell=False)
    assert answer.family == "can-activate-now" and answer.value == "no"
    assert answer.restated == "Does the first effect of Sangan miss the timing at this point?"
    assert answer.restated_it == "Il primo effetto di Sangan perde il tempismo in questo momento?"
    families = base_expert.kb.families
    fam = families["misses-timing"]
    families["misses-timing"] = replace(fam, restate_told="Is {effect} late{asked}?",
                                        restate_told_it="{effect} è in ritardo?")
    try:
        other = base_expert.ask(story, tell=False)
    finally:
        families["misses-timing"] = fam
    assert other.restated == "Is the first effect of Sangan late?"
    assert other.restated_it == "Il primo effetto di Sangan è in ritardo?"
