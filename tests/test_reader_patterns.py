"""The reader's error patterns of issue 12 and after, each on invented card texts.

Every test states a PSCT pattern and checks the reading (facts) or the card
features the audit derives from it.  The cards are made up; no test names a
real card.  The patterns of one shape (a card; the facts, status and features it
must have and must not) are the cases of tests/fixtures/readings/reader_patterns.yaml
(keys: tests/question_helpers.py), run here by test_reading; the tests below check
what a case cannot say (spans, an effect's bullets, the rules' conclusions, a bench tool).
"""

import pytest

from psct_expert.audit import audit_card
from psct_expert.cards import Card
from psct_expert.reader import read_card

from question_helpers import check_reading, count_reading, readings


def card(text, kind="monster", subtypes=("effect",), name="Example Card", pendulum=None):
    return Card(name=name, kind=kind, subtypes=tuple(subtypes), text=text, pendulum_text=pendulum)


def facts(reading, type_, **match):
    return [f for f in reading.facts if f.type == type_
            and all(f.get(k) == v for k, v in match.items())]


@pytest.fixture(scope="module")
def feats(base_expert):
    def _feats(text, **kw):
        rec = audit_card(base_expert, card(text, **kw))
        return {k for k in ("targets", "cost", "quick", "hard_opt", "activate_opt",
                            "when_optional", "if_optional", "summon_procedure", "legacy")
                if rec[k]}
    return _feats


@pytest.mark.parametrize("case", readings("reader_patterns"))
def test_reading(base_expert, case):
    """One pattern on one invented card: the facts read, the status, the audit's features."""
    wanted = count_reading(case)
    assert wanted > 0, "a reading case that checks nothing"
    assert check_reading(case, base_expert) == wanted, "a check the case names was not made"


def test_effects_name_the_text_their_spans_index():
    c = card("If this card battles, it gains 500 ATK.", subtypes=("pendulum", "effect"),
             pendulum="During your End Phase: You can destroy this card.")
    r = read_card(c)
    pend = [e for e in r.effects if e.id.endswith("#P1")][0]
    assert pend.where == "pendulum text"
    assert c.pendulum_text[pend.condition.start:pend.condition.end] == "During your End Phase"
    for f in r.facts:
        if f.source is not None and f.source.kind == "text":
            text = c.pendulum_text if f.source.where == "pendulum text" else c.text
            assert text[f.source.start:f.source.end] == f.source.quote


def test_activate_from_hand_is_a_rule_not_an_effect(base_expert):
    from psct_expert.api import classify
    text = ("Target 1 monster your opponent controls; negate its effects until the end of this turn. "
            "If you control no cards, you can activate this card from your hand.")
    r = read_card(card(text, kind="trap", subtypes=("normal",)))
    assert facts(r, "activate_from_hand_permission", effect="Example Card#0")
    conc = classify(base_expert, r)
    assert not [c for c in conc.get("Example Card#2", []) if c["type"] == "starts_chain"]


def test_bullets_after_an_effect_are_not_its_condition(feats):
    text = ("Target 1 monster you control; apply the following effect depending on its battle position.\n"
            "● Attack Position: It gains 500 ATK.\n● Defense Position: It gains 500 DEF.\n"
            'You can only activate 1 "Example Card" per turn.')
    r = read_card(card(text, kind="spell", subtypes=("normal",)))
    e1 = r.effect(1)
    assert e1.condition is None and len(e1.bullets) == 2
    assert {"targets", "activate_opt"} <= feats(text, kind="spell", subtypes=("normal",))


def test_the_held_back_review_plain_reading_on_invented_texts():
    """bench/heldback_review.py's independent regexes (the bench tool, not the reader)."""
    import importlib.util
    import pathlib
    import sys

    bench = pathlib.Path(__file__).resolve().parent.parent / "bench"
    sys.path.insert(0, str(bench))
    try:
        spec = importlib.util.spec_from_file_location("heldback_review", bench / "heldback_review.py")
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
    finally:
        sys.path.remove(str(bench))
    got = mod.regex_reading(card(
        'When this card is Normal Summoned: You can discard 1 card; target 1 monster on the field; '
        'destroy it. If this card is in your GY: You can banish it; draw 1 card. (Quick Effect): '
        'You can draw 1 card. You can only use each effect of "Example Card" once per turn.'))
    assert {f for f, v in got.items() if v} == {"when_optional", "cost", "targets", "quick",
                                                "hard_opt"}
    assert mod.regex_reading(card("If this card is sent to the GY: You can draw 1 card."))[
        "if_optional"]
