"""clause-done's supposition forms with nothing told, read from the family rule's parse tree
(psct_expert/situate/families/supposing.py): what each ``cond`` clause supposes, the part asked,
and the refusals when the question supposes nothing or names no effect with that part."""

from __future__ import annotations

import pytest

from psct_expert.errors import QuestionError
from psct_expert.parser.question import parse_question
from psct_expert.resolve import resolve_question


def _spec(expert, text: str, lines: list[str] | None = None) -> dict:
    pq = parse_question(text, expert.db, expert.kb.families, lines or [])
    return resolve_question(pq, expert.db, expert.kb.families)


def test_a_part_that_cannot_be_done_is_supposed_to_fail(base_expert):
    spec = _spec(base_expert, "If the first card targeted by Circle of the Fire Kings cannot be "
                              "destroyed, is the second card Special Summoned?")
    assert spec == {"family": "clause-done", "effect": {"card": "Circle of the Fire Kings", "n": 1},
                    "part": "special-summon", "suppose": [{"fails": {"part": "destroy"}}]}


def test_a_question_that_supposes_nothing_is_refused(base_expert):
    with pytest.raises(QuestionError, match="what does the question suppose"):
        _spec(base_expert, "Does Ring of Destruction destroy the targeted monster?")


def test_a_target_flipped_before_it_resolves(base_expert):
    spec = _spec(base_expert, "Is the monster targeted by Man-Eater Bug destroyed if it is flipped "
                              "face-up before the effect resolves?")
    assert spec["family"] == "affected" and spec["target"] == "the target" and spec["part"] == "destroy"
    assert {"state": {"target": "the target", "property": "face", "value": "face-up"}} in spec["suppose"]


def test_a_card_without_effects_has_no_part_to_ask_about(base_expert):
    with pytest.raises(QuestionError, match="no effect text"):
        _spec(base_expert, "Is the monster targeted by Dark Magician destroyed if it is flipped "
                           "face-down before the effect resolves?")


def test_one_of_two_targets_gone_asks_about_the_other(base_expert):
    spec = _spec(base_expert, "If one of the two cards targeted by the second effect of Naturia "
                              "Marron is banished, is the other still shuffled into the Deck?")
    assert spec["effect"] == {"card": "Naturia Marron", "n": 2} and spec["part"] == "shuffle"
    assert spec["target"] == "the other target"
    assert {"left": {"target": "the target that changed"}} in spec["suppose"]


def test_a_target_no_longer_of_a_type(base_expert):
    spec = _spec(base_expert, "If a monster targeted by Pain Painter is not a Zombie monster when "
                              "the effect resolves, does it still become Level 2?")
    assert {"state": {"target": "the target", "property": "race-not", "value": "Zombie"}} \
        in spec["suppose"]


def test_discarded_by_whose_card_effect(base_expert):
    spec = _spec(base_expert, "If Goldd, Wu-Lord of Dark World is discarded by an opponent's card "
                              "effect, is it Special Summoned by its effect?")
    assert spec["suppose"] == [{"event": {"event": "discarded-by-effect", "by": "opponent"}}]
    assert spec["part"] == "special-summon"


def test_scenario_lines_tell_the_target_asked_about(base_expert):
    lines = ["Player B controls a face-up Dark Magician.",
             "Player A activates Ring of Destruction targeting Dark Magician.",
             "Dark Magician is face-down when Ring of Destruction resolves."]
    spec = _spec(base_expert, "Does Ring of Destruction destroy Dark Magician?", lines)
    assert spec["family"] == "affected" and spec["target"] == "Dark Magician"
    assert any(s.get("state", {}).get("value") == "face-down" for s in spec["suppose"])


def test_a_handed_on_still_done_question_says_which_effect(base_expert):
    """"Is X still in my GY?" with nothing told: its builder hands it on, and a card of several
    effects needs the effect said."""
    with pytest.raises(QuestionError, match="say which effect") as err:
        _spec(base_expert, "Is Fiendsmith Engraver still in my GY?")
    assert err.value.understood["effect of"] == "Fiendsmith Engraver"
