"""Told situations: sentences before the question become ordered events, and the families that
read their parts from the parse tree build the structured question the rules answer.  The
questions are cases in tests/fixtures/questions/situations.yaml; here, a flag that must be
exactly True."""

from question_helpers import events


def test_a_summon_told_last_is_being_performed(base_expert):
    spec = base_expert.parse("My opponent Synchro Summons Baronne de Fleur. "
                             "Can I negate the Synchro Summon with Black Horn of Heaven?")
    (summon,) = events(spec, "summon")
    assert summon["summon-kind"] == "synchro" and summon["player"] == "opponent"
    assert summon.get("attempt") is True
    assert base_expert.ask_spec(spec).value == "yes"
