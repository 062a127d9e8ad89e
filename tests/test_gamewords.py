"""Game words are kept once: the reader and the question grammar read the same vocabulary."""

import re
from pathlib import Path

import pytest

from psct_expert.gamewords import gamewords, reader_verb_pattern
from psct_expert.reader.grammar import grammar as reader_grammar

LARK = Path(__file__).resolve().parent.parent / "psct_expert" / "parser" / "question.lark"


def test_the_question_grammars_action_rules_are_built_on_the_game_words():
    """Each action rule of question.lark is built on its generated word rule: no verb is spelled twice."""
    text = LARK.read_text(encoding="utf-8")
    actions = {a.name.replace("-", "_"): a for a in gamewords().actions}
    defined = dict(re.findall(r"^(\w+):(.*)$", text, re.M))
    act_verb = re.search(r"^act_verb:(.*(?:\n\s+\|.*)*)", text, re.M).group(1)
    found = [name for name in re.findall(r"\w+", act_verb) if name in actions]
    assert len(found) >= 15, found
    for name in found:
        assert f"_w_{name}" in defined[name], (name, defined[name])
        for form in actions[name].forms:
            assert f'"{form}"i' not in defined[name], (name, form)


def test_every_gerund_the_grammar_knows_is_a_game_word():
    text = LARK.read_text(encoding="utf-8")
    gerund = re.search(r"^gerund:(.*(?:\n\s+\|.*)*)", text, re.M).group(1)
    for word in re.findall(r'"([^"]+)"i', gerund):
        assert gamewords().action_of(word), word


@pytest.mark.parametrize("action", [a.name for a in gamewords().actions])
def test_the_reader_matches_every_written_form(action):
    a = gamewords().action(action)
    rx = re.compile(reader_verb_pattern(a), re.I)
    for form in a.forms:
        assert rx.search(f"x {form.upper()} y"), form
    for word in a.said:
        assert not rx.search(word), word


def test_reader_and_question_grammar_share_attributes_and_types(base_expert):
    g = reader_grammar()
    assert tuple(g.attributes) == gamewords().attributes
    assert tuple(g.races) == gamewords().types
    # a Type the grammar never listed by hand is a described card's word in a question
    spec = base_expert.parse("Does Raigeki target my opponent's Illusion monsters?")
    assert spec["family"] == "targets"


def test_a_said_word_is_a_question_word_only():
    """'mill' is how players say 'send to the GY'; card text never says it."""
    reader_verbs = dict(reader_grammar().verbs)
    assert not reader_verbs["send"].search("mill 3 cards")
    assert reader_verbs["send"].search("send 3 cards")
    assert gamewords().action_of("Milled") == "send"
    assert gamewords().action_of("destruction") == "destroy"
    assert gamewords().action_of("frobnicate") is None


@pytest.mark.parametrize("said, phase", [("my opponent's Main Phase 2", "main2"), ("my Battle Phase", "battle"),
                                         ("my opponent's Damage Step", "damage-step")])
def test_a_told_phase_is_named_as_the_reader_names_it(base_expert, said, phase):
    """Phases are game words too: 'Main Phase 2' in a question is the reader's main2."""
    spec = base_expert.parse(f"Can I activate Forbidden Lance during {said}?")
    told = [e for e in spec["situation"] if e["kind"] == "phase"]
    assert [e["phase"] for e in told] == [phase]


def test_a_phase_the_game_does_not_have_is_refused_naming_it(base_expert):
    from psct_expert.errors import QuestionError

    with pytest.raises(QuestionError) as err:
        base_expert.parse("Can I activate Forbidden Lance during my opponent's Main Phase 3?")
    assert "'Main Phase 3'" in str(err.value)


def test_each_place_that_reads_a_count_accepts_the_number_words_it_named_before():
    """The number words are one table (gamewords.yaml ``numbers``); each place that reads a count
    names the words it accepts, and accepts exactly those, with the table's values."""
    from psct_expert.situate import holdings, procedures, words
    from psct_expert.situate.families import links, targeting

    up_to_five = {"one", "two", "three", "four", "five"}
    assert set(procedures.COUNTS) == {"no", "a", "an", "six", "both"} | up_to_five
    assert set(words.COUNT_WORDS) == {"both"} | up_to_five
    assert set(holdings.HELD_COUNTS) == {"a", "an"} | up_to_five
    assert set(links.NUMBER_WORDS) == {"six"} | up_to_five
    assert set(targeting.TARGET_COUNTS) == {"a", "an", "both"} | up_to_five
    values = dict(gamewords().numbers)
    for table in (procedures.COUNTS, words.COUNT_WORDS, holdings.HELD_COUNTS, targeting.TARGET_COUNTS):
        assert all(n == values[w] for w, n in table.items())
    assert values["no"] == 0 and values["a"] == values["one"] == 1 and values["both"] == 2
    assert links.NUMBER_WORDS == {w: str(values[w]) for w in links.NUMBER_WORDS}


def test_a_number_use_naming_a_word_without_a_value_is_a_clear_error(tmp_path, monkeypatch):
    import psct_expert.gamewords as gw
    from psct_expert.errors import FileFormatError

    bad = tmp_path / "gamewords.yaml"
    bad.write_text(gw.PATH.read_text(encoding="utf-8").replace("told: [one,", "told: [seven, one,"),
                   encoding="utf-8")
    monkeypatch.setattr(gw, "PATH", bad)
    gw.gamewords.cache_clear()
    try:
        with pytest.raises(FileFormatError, match="seven has no value"):
            gw.gamewords()
    finally:
        gw.gamewords.cache_clear()
