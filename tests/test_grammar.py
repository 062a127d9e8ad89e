"""The question grammar: every word placed, or the question refused naming what was not."""

import pytest

from psct_expert.errors import QuestionError
from psct_expert.parser.grammar import Grammar, assemble
from psct_expert.errors import FileFormatError

# Each guide question with an extra part that changes or adds meaning: never answered.
EXTRA = [
    ("Does the first effect of Mermail Abyssmegalo start a Chain if the glorp has been frobnicated twice?",
     "glorp"),
    ("Does the first effect of Mermail Abyssmegalo start a Chain, and what is its ATK?", "what"),
    ("Is the second effect of Thunder King Rai-Oh not a Quick Effect?", "not"),
    # ("twice" is a word of the again-this-turn family since issue 22's chains reading: a word no
    # family has is named)
    ("Does Creature Swap target thrice?", "thrice"),
]


@pytest.mark.parametrize("question, word", EXTRA, ids=[q for q, _ in EXTRA])
def test_extra_words_are_refused_or_kept(base_expert, question, word):
    with pytest.raises(QuestionError) as err:
        base_expert.parse(question)
    assert word in str(err.value)


def test_a_summon_named_by_its_kind_stays_that_kind(base_expert):
    spec = base_expert.parse("Can Solemn Warning negate the Synchro Summon of Stardust Dragon?")
    assert spec["family"] == "negate-summon"
    told = [e for e in spec["situation"] if e["kind"] == "summon"]
    assert [e["summon-kind"] for e in told] == ["synchro"] and told[0]["what"] == "Stardust Dragon"
    answer = base_expert.ask_spec(spec)
    assert answer.restated.startswith("Can the first effect of Solemn Warning negate the Synchro Summon")


@pytest.mark.slow
def test_refusal_names_every_unknown_word(base_expert):
    with pytest.raises(QuestionError) as err:
        base_expert.parse("Does Creature Swap target the wibble and the wobble?")
    assert "'wibble'" in str(err.value) and "'wobble'" in str(err.value)
    assert err.value.understood["cards"] == ["Creature Swap"]


def test_lower_case_question_is_read(base_expert):
    assert base_expert.parse("does creature swap target?")["family"] == "targets"


@pytest.mark.slow
def test_a_word_written_two_ways_is_a_grammar_error():
    text = assemble({"x": {"grammar": 'fam_x: "Card" "card"i'}})
    with pytest.raises(FileFormatError):
        Grammar(text)


def test_every_family_with_a_grammar_has_a_builder(base_expert):
    from psct_expert.builders import find

    for name, fam in base_expert.kb.families.items():
        if fam.grammar:
            assert fam.build, name
            for kind, builder in fam.build.items():
                assert callable(find(kind, builder)), (name, kind, builder)


def test_more_cards_than_the_family_has_slots_is_refused(base_expert):
    """Never answered about the first card only: the extra names cannot be placed."""
    for q in ("Does Creature Swap or Monster Reborn target?",
              "Does Creature Swap target, and does Monster Reborn target?"):
        with pytest.raises(QuestionError):
            base_expert.parse(q)


@pytest.mark.slow
def test_scenario_size_is_bounded(base_expert):
    import time

    lines = ["Player A has 2 cards in hand."] * 3200
    base_expert.parse("Does Creature Swap target?")     # the grammar built: only the bound is timed
    t = time.perf_counter()
    with pytest.raises(QuestionError) as err:
        base_expert.parse("Does Creature Swap target?", lines)
    assert "at most" in str(err.value) and time.perf_counter() - t < 5
    with pytest.raises(QuestionError):
        base_expert.parse("Does Creature Swap target?", ["Player A has " + "x" * 600])
