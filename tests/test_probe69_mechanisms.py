"""Mechanisms of the session after `8722207` (issues 22 and 23), found by rounds 69-70 and a
hostile probe.  Sentences written for these tests, not the shared cases; each test has its near
miss."""

import pytest

from psct_expert.errors import QuestionError
from psct_expert.parser.lexicon import relex


def test_a_story_before_a_semicolon_and_the_question_after_it(base_expert):
    # judges write the story and the question as one sentence, joined by ";"
    a = base_expert.ask("My opponent activates Solemn Judgment; can I chain Mystical Space "
                        "Typhoon to it?")
    assert a.value == "no"
    assert any(c.written == ";" for c in a.reading.changes)
    # near misses: a semicolon inside quoted card text is the card's, not a sentence break; one
    # between two story clauses stays as written
    assert relex('Is "Discard 1 card; can" a cost?').text == 'Is "Discard 1 card; can" a cost?'
    told = "I activate Raigeki; my opponent chains Ash Blossom. Does it resolve?"
    assert relex(told).text == told


@pytest.mark.slow
def test_its_effect_after_a_named_monster_was_attacked(base_expert):
    # "its" is the monster the story told attacked, not a card the question never named
    a = base_expert.ask("My face-down Man-Eater Bug is attacked and destroyed by battle. Can its "
                        "FLIP effect be activated?")
    assert "Man-Eater Bug" in a.restated
    # near miss: with no card told, "its" stays unplaced
    with pytest.raises(QuestionError, match="whose effect"):
        base_expert.ask("My face-down monster is attacked and destroyed by battle. Can its FLIP "
                        "effect be activated?")
