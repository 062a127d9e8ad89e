"""What would settle an unknown answer, in a judge's words (knowledge/tell.yaml, psct_expert/tell.py):
the sentences, the one-click choices (asked again, kept only when read), the short reason, --json
and the web API."""

import json

import pytest

from psct_expert.cards import Card
from psct_expert.cli.main import main
from psct_expert.knowledge import load_knowledge
from psct_expert.render import answer_text, short_reason
from psct_expert.tell import offered_choices, set_spec_field, tell_sentence, verify_choices

REBORN_Q = "Does Monster Reborn Special Summon it?"
REBORN_E = ["I activate Monster Reborn targeting a monster in my GY."]
GONE = "Say whether the target (a monster in my GY) is still there when Monster Reborn resolves."
BANISHED = "My opponent banishes the monster in response."

# invented cards: a Summon negation of the opponent's Summons, and a monster that Summons itself
INVENTED = [
    {"name": "Plain Horn", "kind": "trap", "subtypes": ["counter"],
     "text": "When your opponent would Special Summon a monster: Negate the Summon, and if you do, "
             "destroy that monster."},
    {"name": "Plain Sentinel", "kind": "monster", "subtypes": ["effect"],
     "text": "If you control no monsters, you can Special Summon this card (from your hand)."},
]


@pytest.fixture(scope="module")
def reborn(base_expert):
    return base_expert.ask(REBORN_Q, REBORN_E)


@pytest.fixture(scope="module")
def invented(base_expert):
    return base_expert.with_cards(Card.from_dict(c, origin="test") for c in INVENTED)


# -- the data --------------------------------------------------------------------------------


def test_every_fact_type_a_rule_can_need_has_a_sentence(base_expert):
    kb = base_expert.kb
    assert not sorted(kb.used_types() - set(kb.tells))
    assert not [d for d in kb.diagnostics if "tell.yaml" in d.message]
    # the sentences the player answers ask; the others say what a text or a rule would need
    for name, entry in kb.tells.items():
        if kb.fact_types[name].origin == "question":
            assert all(a["text"].startswith("Say ") for a in entry["ask"]), name


@pytest.mark.slow
def test_lint_names_a_fact_type_without_a_sentence_and_a_bad_slot(tmp_path):
    (tmp_path / "fact-types.yaml").write_text(
        "fact_types:\n  plain_new: {from: question, doc: A new told fact., fields: {effect: effect id}}\n")
    (tmp_path / "r.yaml").write_text("""topic: t
rules:
  - id: plain-new-rule
    says: A new fact settles it.
    cites: [psct-guide#2]
    when:
      - plain_new: {effect: $e}
    then:
      - targets: {effect: $e, value: "yes"}
    examples:
      - {name: fires, card: {name: Example A, kind: spell, subtypes: [normal], text: "Draw 1 card."}, given: [{plain_new: {effect: "Example A#1"}}], fires: yes}
      - {name: near miss, card: {name: Example A, kind: spell, subtypes: [normal], text: "Draw 1 card."}, fires: no}
""")
    kb = load_knowledge([str(tmp_path)], strict=False)
    warned = [d.message for d in kb.warnings if "tell.yaml" in d.message]
    assert any("'plain_new'" in m and "no 'tell' sentence" in m for m in warned)
    (tmp_path / "tell.yaml").write_text('tell:\n  plain_new: "Say whether {colour} holds."\n')
    kb = load_knowledge([str(tmp_path)], strict=False)
    assert any("{colour}" in d.message for d in kb.errors)
    assert not any("'plain_new'" in d.message and "no 'tell'" in d.message for d in kb.warnings)


def test_a_choice_is_offered_only_for_the_value_the_rule_asks(base_expert):
    kb = base_expert.kb
    # firing: the rule asks for the Damage Step, the Damage Step is a choice
    labels = [c["label"] for c in offered_choices(kb, "phase_now", {"phase": "damage-step"}, {})]
    assert "Damage Step" in labels and "Draw Phase" not in labels
    # near miss: a rule asking for the Draw Phase is not offered the Damage Step
    labels = [c["label"] for c in offered_choices(kb, "phase_now", {"phase": "draw"}, {})]
    assert "Draw Phase" in labels and "Damage Step" not in labels


def test_the_sentence_is_the_first_whose_slots_are_known(base_expert):
    kb = base_expert.kb
    full = tell_sentence(kb, "phase_now", {"phase": "end", "turn": "opponent"}, {})
    assert full == "Say whether it is the End Phase of your opponent's turn."
    assert tell_sentence(kb, "phase_now", {"phase": "end"}, {}) == "Say whether it is the End Phase."
    assert tell_sentence(kb, "phase_now", {}, {}) == "Say whose turn it is and which phase."
    # an effect id is said in words, its card by name in a line
    said = tell_sentence(kb, "set_this_turn", {}, {"effect": "Trap Hole#1"})
    assert said == "Say whether Trap Hole was Set this turn."


# -- real cards ------------------------------------------------------------------------------


def test_unknown_reason_asks_what_a_judge_would(reborn):
    assert reborn.value == "unknown"
    text = answer_text(reborn)
    assert GONE in text
    # no engine notation in the short reason: no rule names, no field lists
    for engine in ("nothing says", "it would be", "(target", "property face", "left zone", "#"):
        assert engine not in short_reason(reborn), engine
    why = answer_text(reborn, why=True)
    assert "rule gone-target-not-affected needs left_zone" in why
    assert "In plain words:" in why and "-> no" in why


def test_a_choice_line_is_read_and_settles_it(base_expert, reborn):
    item = next(it for it in reborn.tell if it["ask"] == GONE)
    assert item["kind"] == "situation" and item["fact"] == "left_zone"
    assert {"label": "It was banished before resolution", "line": BANISHED, "gives": "no"} \
        in item["choices"]
    # what the choice promises is what asking with its line gives
    assert base_expert.ask(REBORN_Q, REBORN_E + [BANISHED]).value == "no"


def test_lines_refused_or_not_read_are_dropped(base_expert):
    answer = base_expert.ask(REBORN_Q, REBORN_E, tell=False)
    answer.tell = [{"ask": "Say it.", "kind": "situation", "fact": "left_zone", "for": ["no"],
                    "rules": [], "choices": [], "offered": [
                        {"label": "refused", "line": "Player B dances wildly."},
                        {"label": "read but about nothing here", "line": "I Set Trap Hole this turn."},
                        {"label": "read", "line": BANISHED}]}]
    verify_choices(base_expert, answer, REBORN_Q, REBORN_E)
    assert [c["label"] for c in answer.tell[0]["choices"]] == ["read"]
    assert "offered" not in answer.tell[0]


def test_phase_choice_of_a_real_card(base_expert):
    # (session after 4b55ab1) the normal draw is made in the Draw Phase, so the story told with it
    # says the phase (it was asked for before, with the Draw Phase choice giving "no"): that answer
    told = base_expert.ask("My opponent conducts their normal draw. Can I activate Droll & Lock Bird?")
    assert told.value == "no" and not told.tell
    # near miss: a phase told with the draw is the one kept; the Draw Phase is still asked for
    answer = base_expert.ask("My opponent draws for their normal draw in the Main Phase. Can I "
                             "activate Droll & Lock Bird?")
    assert answer.value == "unknown"
    phase = answer.tell[0]
    assert phase["fact"] == "phase_now" and phase["ask"] == "Say whether it is the Draw Phase."
    assert any(c["label"] == "Draw Phase" for c in phase["choices"]) and len(phase["choices"]) <= 5


# -- invented cards --------------------------------------------------------------------------


def test_spec_choice_for_who_summons(invented):
    answer = invented.ask("Can Plain Horn negate the Special Summon of Plain Sentinel?")
    assert answer.value == "unknown"
    first = answer.tell[0]
    assert first["ask"] == "Say who makes the Special Summon of Plain Sentinel: you or your opponent."
    gives = {c["label"]: (c["spec"], c["gives"]) for c in first["choices"]}
    assert gives == {"My opponent Summons it": ({"summon.summoner": "opponent"}, "yes"),
                     "I Summon it": ({"summon.summoner": "you"}, "no")}
    assert short_reason(answer).startswith("The facts do not settle it. Say who makes the Special "
                                           "Summon of Plain Sentinel: you or your opponent.")
    # Plain Horn names no number of monsters: how many is not asked (Black Horn of Heaven's
    # "exactly 1 monster" is)
    assert not any("how many" in it["ask"] for it in answer.tell if it["kind"] == "situation")


def test_near_miss_a_settled_answer_has_no_tell(invented):
    unknown = invented.ask("Can Plain Horn negate the Special Summon of Plain Sentinel?")
    answer = invented.ask_spec(set_spec_field(unknown.spec, "summon.summoner", "opponent"))
    assert answer.value == "yes" and not answer.tell
    assert "tell" not in answer.to_dict()


def test_nothing_to_tell_says_what_the_text_lacks(base_expert):
    answer = base_expert.ask("Does Crackdown target?")
    assert answer.value == "unknown"
    assert not [it for it in answer.tell if it["kind"] == "situation"]
    assert "Nothing you could add would" in short_reason(answer)


# -- JSON, CLI and web -----------------------------------------------------------------------


@pytest.mark.slow
def test_json_carries_the_tell(capsys):
    args = ["ask", "--json"] + sum((["-e", e] for e in REBORN_E), []) + [REBORN_Q]
    assert main(args) == 1
    body = json.loads(capsys.readouterr().out)
    item = next(it for it in body["tell"] if it["ask"] == GONE)
    assert item["choices"] == [{"label": "It was banished before resolution", "line": BANISHED,
                                "gives": "no"}]
    assert all("offered" not in it for it in body["tell"])
    assert main(["ask"] + args[2:]) == 1
    out = capsys.readouterr().out
    assert GONE in out
    # the text output offers the choices as lines to add
    assert 'It was banished before resolution: "My opponent banishes the monster in response." ' \
        "(answer: No.)" in out


def test_web_api_gives_the_same_tell(base_expert):
    from fastapi.testclient import TestClient

    from psct_expert.web import create_app

    with TestClient(create_app(base_expert, workers=1, hosts=["testserver"])) as client:
        body = client.get("/api/ask", params={"q": REBORN_Q, "e": REBORN_E}).json()
    assert any(it["ask"] == GONE and it["choices"] for it in body["tell"])


def test_who_activated_is_asked_with_a_line_per_player(base_expert):
    answer = base_expert.ask("Can Herald of Perfection negate the activation of Giant Trunade?")
    assert answer.value == "unknown"
    first = answer.tell[0]
    assert first["ask"] == "Say who made the activation of Giant Trunade: you or your opponent."
    assert {c["line"]: c["gives"] for c in first["choices"]} == {
        "My opponent activates Giant Trunade.": "yes", "I activate Giant Trunade.": "no"}
    # the Summon's choices set a part this question does not have: not offered
    assert not any("spec" in c for it in answer.tell for c in it["choices"])


def test_chain_link_choice_for_a_summon_immediately_after(base_expert):
    # an invented card whose Summon happens "immediately after this effect resolves": whether
    # it can be negated turns on the Chain Link the effect resolved as (a spec question: the
    # choices set the question's field)
    offering = {"name": "Plain Offering", "kind": "trap", "subtypes": ["continuous"],
                "text": "During your Main Phase: You can pay 500 LP; immediately after this effect "
                        "resolves, Normal Summon 1 monster."}
    expert = base_expert.with_cards([Card.from_dict(offering, origin="test")])
    spec = {"family": "negate-summon", "negator": {"card": "Solemn Warning", "select": "negates-summon"},
            "summon": {"by": {"card": "Plain Offering", "n": 1}, "kind": "normal", "summoner": "you"}}
    answer = expert.verify_tell(expert.ask_spec(spec), "", None)
    assert answer.value == "unknown"
    first = answer.tell[0]
    assert first["ask"].startswith("Say which Chain Link the effect that makes the Normal Summon")
    assert [(c["label"], c["spec"], c["gives"]) for c in first["choices"]] == [
        ("Chain Link 1", {"summon.chain_link": 1}, "yes"),
        ("Chain Link 2 or later", {"summon.chain_link": 2}, "no")]
    # near miss: with the Chain Link told, it is settled and nothing is asked
    told = expert.ask_spec(set_spec_field(spec, "summon.chain_link", 1))
    assert told.value == "yes" and not told.tell
