"""What a question does not say is not assumed.

Cards a question describes only by their kind ("a Counter Trap", "a Quick-Play Spell"): the
property said is kept (it decides the Spell Speed), none is assumed when it is not said, and such
a card can be asked about as the response.  A Summon told without its kind ("my opponent Summons
X") is neither a Normal nor a Special Summon.  Also the rule language's ``{not: {in: [..]}}``,
which the "a 'cannot' part may forbid responses" rule uses."""

import pytest

from psct_expert.errors import QuestionError, RuleError
from psct_expert.knowledge import load_knowledge

from question_helpers import ask_answer, events


def test_the_property_of_a_described_card_is_kept(base_expert):
    spec, answer = ask_answer(base_expert, "My opponent activates a Counter Trap Card. "
                                           "Can I chain Ash Blossom & Joyous Spring to it?")
    assert events(spec, "activate")[0]["effect"] == {"generic": "trap", "subtype": "counter"}
    assert answer.value == "no"
    assert "Counter Trap" in answer.restated
    assert "only-counter-traps-answer-counter-traps" in answer.rules()


def test_no_property_is_assumed_when_none_is_said(base_expert):
    # a Trap Card may be a Counter Trap (Spell Speed 3): a Normal Trap cannot answer that
    spec, answer = ask_answer(base_expert, "My opponent activates a Trap Card. "
                                           "Can I chain Infinite Impermanence to it?")
    assert events(spec, "activate")[0]["effect"] == {"generic": "trap"}
    assert answer.value == "unknown"
    _, said = ask_answer(base_expert, "My opponent activates a Normal Trap Card. "
                                      "Can I chain Infinite Impermanence to it?")
    assert said.value == "yes"


@pytest.mark.parametrize("question, value", [
    ("When I activate Branded Fusion, can my opponent respond to it with a Quick-Play Spell?", "yes"),
    ("When I activate Pot of Greed, can my opponent respond to it with a Counter Trap?", "yes"),
    ("My opponent activates Solemn Judgment. Can I respond with a Quick-Play Spell?", "no"),
    ("My opponent activates Solemn Judgment. Can I respond with a Counter Trap?", "yes"),
])
def test_a_response_described_by_its_kind(base_expert, question, value):
    spec, answer = ask_answer(base_expert, question)
    assert spec["family"] == "can-respond" and "generic" in spec["responder"]
    assert answer.value == value
    if value == "yes":
        assert "described-card-may-answer" in answer.rules()


def test_a_summon_restriction_is_not_a_response_lock(base_expert):
    # Branded Fusion's "You cannot Special Summon from the Extra Deck ..." forbids no activation;
    # Super Polymerization's "Neither player can activate cards or effects in response" does
    _, locked = ask_answer(base_expert, "When I activate Super Polymerization, can my opponent "
                                        "respond to it with a Counter Trap?")
    assert locked.value != "yes"


@pytest.mark.parametrize("question, word", [
    ("My opponent activates Pot of Greed. Can I respond with a Trap Card?", "property"),
    ("My opponent activates Pot of Greed. Can I respond with a Counter Trap to negate it?",
     "property"),
    ("My opponent activates a Counter Spell Card. Can I chain Effect Veiler to it?", "counter"),
])
def test_what_a_described_card_cannot_decide_is_refused(base_expert, question, word):
    with pytest.raises(QuestionError) as err:
        base_expert.ask_spec(base_expert.parse(question))
    assert word in str(err.value)


RULE = """topic: t
rules:
  - id: not-in-rule
    name: n
    says: s
    cites: [psct-guide#2]
    when:
      - clause: {effect: $x, verb: {not: {in: [draw, destroy]}}}
    then:
      - restricting_part: {card: $x}
    examples:
      - name: fires
        card: {name: Example Limiter, kind: spell, subtypes: [normal], text: "Banish 1 card."}
        fires: yes
        expect: [{restricting_part: {card: "Example Limiter#1"}}]
      - name: near miss
        card: {name: Example Draw Spell, kind: spell, subtypes: [normal], text: "Draw 2 cards."}
        fires: no
"""


def test_the_rule_language_reads_not_in(tmp_path):
    (tmp_path / "t.yaml").write_text(RULE)
    kb = load_knowledge(extra=[tmp_path])
    rule = next(r for r in kb.rules if r.id == "not-in-rule")
    assert "none of draw/destroy" in str(rule.when[0][0].describe({}))


def test_a_malformed_not_in_is_an_error_with_its_line(tmp_path):
    (tmp_path / "t.yaml").write_text(RULE.replace("{not: {in: [draw, destroy]}}",
                                                  "{not: {in: draw}}"))
    with pytest.raises(RuleError) as err:
        load_knowledge(extra=[tmp_path])
    assert err.value.line == 8 and "{not: {in: [..]}}" in str(err.value)


def test_every_property_the_question_grammar_names_is_a_card_property():
    import re
    from pathlib import Path

    import psct_expert
    from psct_expert.gamewords import gamewords
    lark = (Path(psct_expert.__file__).parent / "parser" / "question.lark").read_text()
    rule = re.search(r"^generic_prop:(.*)$", lark, re.M).group(1).split("//")[0]
    said = set(re.findall(r'"([^"]+)"i', rule))
    known = set(gamewords().properties_of("spell")) | set(gamewords().properties_of("trap"))
    assert said and said <= known


@pytest.mark.parametrize("told", ["My opponent Summons Cyber Dragon.",
                                  "My opponent's Cyber Dragon is Summoned."])
def test_a_summon_told_without_its_kind_is_not_taken_as_a_special_summon(base_expert, told):
    # Cyber Dragon can be Normal Summoned or Special Summoned by its own procedure; a negator
    # of Special Summons only can negate the one and not the other
    spec, answer = ask_answer(base_expert, f"{told} Can Thunder King Rai-Oh negate the Summon?")
    assert [e["summon-kind"] for e in events(spec, "summon")] == ["unsaid"]
    assert answer.value == "unknown"
    assert "Special" not in answer.restated
    _, said = ask_answer(base_expert, "My opponent Special Summons Cyber Dragon. "
                                      "Can Thunder King Rai-Oh negate the Summon?")
    assert said.value == "yes" and "Special Summon" in said.restated


@pytest.mark.parametrize("question", ["Can Solemn Strike negate a Link Summon?",
                                      "Can Solemn Judgment negate a Pendulum Summon?"])
def test_a_summon_named_only_by_its_kind(base_expert, question):
    # a Summon the player performs by the rules, by a player not said: a negator of any
    # player's Summon decides it
    spec, answer = ask_answer(base_expert, question)
    assert spec["family"] == "negate-summon"
    assert answer.value == "yes" and "negate-covered-summon" in answer.rules()


def test_a_summon_named_by_its_kind_is_the_opponents_for_a_negator_of_theirs_only(base_expert):
    # a negator of the opponent's Summons only, held by the asker, can only be asked of those:
    # read so, and the restatement says it
    spec, answer = ask_answer(base_expert, "Can Thunder King Rai-Oh negate a Synchro Summon?")
    assert answer.value == "yes" and "by your opponent" in answer.restated


@pytest.mark.parametrize("question, word", [
    # a Fusion Summon is made by a card's effect, which is not said
    ("Can Solemn Strike negate a Fusion Summon?", "which Summon"),
    # a negator whose holder is the opponent's: whose Summon it is is not read for them
    ("Can my opponent negate a Synchro Summon with Thunder King Rai-Oh?", ""),
])
def test_a_summon_named_by_its_kind_that_leaves_the_answer_open_is_refused(base_expert, question,
                                                                          word):
    with pytest.raises(QuestionError) as err:
        base_expert.ask_spec(base_expert.parse(question))
    assert word in str(err.value)


def test_a_continuous_spell_activation_is_spell_speed_1(base_expert):
    # game-rules#chain.5: Normal, Continuous, Equip, Field and Ritual Spells
    _, answer = ask_answer(base_expert, "My opponent activates a Continuous Spell. "
                                        "Can I respond with a Normal Trap?")
    assert answer.value == "yes" and "slow-spells-spell-speed-1" in answer.rules()


@pytest.mark.parametrize("question", [
    "Can Chaos Trap Hole negate the Link Summon of Knightmare Phoenix?",   # LIGHT or DARK only
    "Can Steelswarm Roach negate a Link Summon?",                          # Level 5 or higher only
])
def test_a_summon_negation_limited_by_what_is_summoned_is_not_a_yes(base_expert, question):
    # what the negator's condition asks of the monster (Attribute, Level) is not checked: open
    assert ask_answer(base_expert, question)[1].value == "unknown"


def test_a_game_term_is_not_read_as_a_card_name_it_resembles(base_expert):
    # "Flip Summon" is one letter from a card name; it is a kind of Summon
    spec, answer = ask_answer(base_expert, "Can Horn of Heaven negate a Flip Summon?")
    assert spec["family"] == "negate-summon" and "Flip Summon" in answer.restated


def test_a_counter_trap_answers_a_trap_whatever_its_property(base_expert):
    # game-rules#chain.7: Spell Speed 3 may respond to anything, so the unsaid property of "a Trap
    # Card" does not matter for a Counter Trap that negates it
    _, answer = ask_answer(base_expert, "My opponent activates a Trap Card. Can I chain Solemn "
                                        "Judgment to it?")
    assert answer.value == "yes" and "spell-speed-3-negator-answers-anything" in answer.rules()


def test_an_older_text_that_says_target_without_a_semicolon_is_not_a_no(base_expert):
    # "Target face-up ... gains 500 ATK": the word is there, PSCT's ";" is not
    _, older = ask_answer(base_expert, "Does Indomitable Gladiator Beast target?")
    assert older.value == "unknown"
    _, plain = ask_answer(base_expert, "Does Raigeki target?")
    assert plain.value == "no"


def test_a_note_in_parentheses_is_not_taken_for_the_cards_activation(base_expert):
    # "(This card is also always treated as ...)" stands first; the activation is the line after it
    _, answer = ask_answer(base_expert, "Does The Eye of Timaeus target?")
    assert answer.value == "yes" and "second effect" in answer.restated
