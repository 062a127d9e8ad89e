"""Mechanisms of the session after `46db29c` (issue 22): what a frame's cue is asked of, said after
it ("... target my monster?"), a tail that says the family's question again ("a cost I pay when I
activate it", "a chain link I can respond to"), a story told with no subject ("NS X, activate its
effect, ..."), "opp chains and banishes X", "her eff", a card's effect named as the topic before a
colon, a negation told of an effect said by its kind, and a pre-PSCT FLIP text.  Sentences written
for these tests, not the shared cases."""

import pytest

from question_helpers import name_spans

from psct_expert.frames import read_frame


def _frame(expert, text, *names):
    return read_frame(text, name_spans(text, *names), expert.kb.families)


def test_what_the_target_cue_is_asked_of_is_asked_too(base_expert):
    f = _frame(base_expert, "yo Raigeki, does that thing target both monsters?", "Raigeki")
    assert (f.family, f.object) == ("targets", "both monsters")
    # anything at all is the family's own question
    g = _frame(base_expert, "yo Raigeki, does that thing target anything?", "Raigeki")
    assert (g.family, g.object) == ("targets", "")
    # near miss: words after the cue that are not a thing leave the question to the other readings
    assert _frame(base_expert, "yo Raigeki, does that thing target when negated?", "Raigeki") is None


def test_a_tail_that_restates_the_question_is_no_response_asked(base_expert):
    f = _frame(base_expert, "Tribute to The Doomed: is discarding a cost i pay when i activate it?",
               "Tribute to The Doomed")
    assert (f.family, f.action, f.responds) == ("is-cost", "discarding", False)
    g = _frame(base_expert, "is the search of Sangan a chain link i can respond to?", "Sangan")
    assert (g.family, g.responds) == ("starts-chain", True)
    # near miss: a cost paid at another time is not the cost said again
    assert _frame(base_expert, "Tribute to The Doomed: is discarding a cost i pay later?",
                  "Tribute to The Doomed") is None


@pytest.mark.slow
def test_an_object_after_the_cue_keeps_a_no_and_leaves_a_yes_unknown(base_expert):
    no = base_expert.ask("yo Raigeki, does that thing target both monsters?")
    assert no.value == "no" and no.restated == "Does the first effect of Raigeki target both monsters?"
    # a thing the grammar reads with the cue is asked with it: what the effect targets fits it
    yes = base_expert.ask("yo Man-Eater Bug, does that thing target my monster?")
    assert yes.value == "yes" and yes.restated == "Does the first effect of Man-Eater Bug target my monster?"
    # a thing it does not target is not read with it: asked too, a yes is unknown
    other = base_expert.ask("yo Mystical Space Typhoon, does that thing target my monster?")
    assert other.value == "unknown" and any("target my monster" in m for m in other.missing)


@pytest.mark.slow
def test_a_story_told_with_no_subject_is_the_askers(base_expert):
    a = base_expert.ask("NS tour guide, activate her eff, opp chains and banishes tour guide. do i "
                        "still get to SS the lvl 3 fiend?")
    assert a.value == "yes" and "Tour Guide From the Underworld" in a.restated
    kinds = {c.kind for c in a.reading.changes}
    assert "ellipsis" in kinds
    # near miss: a command asked as the question is no story ("Activate X in response to Y?")
    from psct_expert.errors import PsctError
    with pytest.raises(PsctError):
        base_expert.ask("Activate Mystical Space Typhoon frobnicately?")


@pytest.mark.slow
def test_an_effect_named_as_the_topic_is_the_it_asked_of(base_expert):
    a = base_expert.ask("Sangan's effect: does it start a chain?")
    assert a.value == "yes" and a.restated == "Does the first effect of Sangan start a Chain?"


@pytest.mark.slow
def test_a_negation_told_of_an_effect_said_by_its_kind_is_read(base_expert):
    """"opp used a monster effect but it got negated": no card, so its kind says what it was."""
    a = base_expert.ask("opp used a monster effect in my main phase but it got negated. can i "
                        "still activate triple tactics talent?")
    assert a.value in ("yes", "unknown")


def test_a_pre_psct_flip_text_that_takes_1_card_is_legacy(base_expert):
    from psct_expert.cards import Card
    from psct_expert.reader.reader import read_card
    old = Card(name="Quillon Charmer", kind="monster", subtypes=("flip", "effect"),
               text="FLIP: Take control of 1 WIND monster your opponent controls, while this card "
                    "is face-up on the field.")
    assert read_card(old).legacy
    # near miss: the PSCT text targets it before a semicolon
    new = Card(name="Quillon Charmer", kind="monster", subtypes=("flip", "effect"),
               text="FLIP: Target 1 WIND monster your opponent controls; take control of it while "
                    "this card is face-up on the field.")
    assert not read_card(new).legacy


@pytest.mark.slow
def test_an_effect_said_by_its_number_after_the_name_with_what_it_does_is_the_topic(base_expert):
    """"X 2nd effect (what it does) - does that ...?": the effect, its words in brackets, is the
    topic of the question after the dash."""
    a = base_expert.ask('Sangan 1st effect ("Add 1 monster with 1500 or less ATK") - does that start '
                        'a chain so my opp can respond with stuff?')
    assert a.value == "yes" and a.restated == "Does the first effect of Sangan start a Chain?"
    # near miss: an effect number the card does not have is refused, naming it
    from psct_expert.errors import PsctError
    with pytest.raises(PsctError, match="no effect number 2"):
        base_expert.ask("Sangan 2nd effect - does that start a chain?")


@pytest.mark.slow
def test_a_story_of_the_card_asked_about_in_plain_words_is_set_aside_for_a_text_question(
        base_expert):
    """A story the grammar cannot read, told of the card a question of its text alone asks about:
    set aside (and said so) when each of its words is placed; a word that may change the card
    ("gained") keeps it, and the question is refused."""
    a = base_expert.ask("my opp was about to flip Man-Eater Bug face up lol. does Man-Eater Bug's "
                        "effect target?")
    assert a.value == "yes"
    assert any(c.kind == "story-aside" for c in a.reading.changes)
    from psct_expert.errors import PsctError
    with pytest.raises(PsctError):
        base_expert.ask("my opp was about to flip Man-Eater Bug face up and it gained an effect lol. "
                        "does Man-Eater Bug's effect target?")


@pytest.mark.slow
def test_that_after_a_topic_is_the_topic_only_when_asked_at_once(base_expert):
    # "X: the 'discard 1 Spell' bit, is that a cost?": "that" is the bit, not the card
    a = base_expert.ask('Summoner Monk: the "discard 1 Spell" bit, is that cost?')
    assert a.value == "yes" and a.restated.startswith("Is discarding a cost of")


def test_a_targeting_effect_and_a_pointer_as_what_is_targeted(base_expert):
    f = _frame(base_expert, "Is the search of Sangan a targeting effect?", "Sangan")
    assert (f.family, f.object) == ("targets", "")
    g = _frame(base_expert, "does the search of Sangan target it?", "Sangan")
    assert (g.family, g.object) == ("targets", "it")
    # near miss: a determiner alone says no thing
    assert _frame(base_expert, "does the search of Sangan target the?", "Sangan") is None


@pytest.mark.slow
def test_what_is_told_before_a_dash_is_no_part_of_the_question(base_expert):
    """"X's eff that negates a card - is that a targeting effect?": the words before the dash
    describe the effect; only the question after it is checked for words that change it."""
    a = base_expert.ask("crusadia equimax's quick eff that negates a card - is that a targeting "
                        "effect?")
    assert a.value == "yes" and a.restated == "Does the third effect of Crusadia Equimax target?"


@pytest.mark.slow
def test_a_quoted_part_of_what_an_effect_does_is_not_asked_as_the_effect(base_expert):
    """"the 'banish it when it leaves' part - is that a chain link?" asks of a part applied later,
    not of the activated effect: never answered as the effect's own question."""
    from psct_expert.errors import PsctError
    with pytest.raises(PsctError):
        base_expert.ask('if Chaos Ruler that came back with its GY effect leaves the field, the "banish '
                        'it when it leaves" part - is that a chain link i can respond to?')
    # near miss: a quotation of where the effect's resolution begins is that effect
    a = base_expert.ask('Sangan 1st effect ("Add 1 monster with 1500 or less ATK") - does that start '
                        'a chain?')
    assert a.value == "yes"


@pytest.mark.slow
def test_once_per_turn_said_of_an_effect_is_grounded_in_its_text(base_expert):
    a = base_expert.ask("Does Chimeratech Rampage Dragon's once per turn effect target?")
    # (session after e36dd5d: its Fusion-materials condition is not numbered, so the reader's
    # third effect is the second players say)
    assert a.value == "no" and "second effect" in a.restated
    # near miss: said of a card whose effects have no such words, it is refused
    from psct_expert.errors import PsctError
    with pytest.raises(PsctError):
        base_expert.ask("Does Raigeki's once per turn effect target?")


def test_what_a_thing_asked_of_is_said_to_be_stays_with_it(base_expert):
    f = _frame(base_expert, "does Raigeki target the monsters it destroys?", "Raigeki")
    assert (f.family, f.object) == ("targets", "the monsters it destroys")
    g = _frame(base_expert, "does the search of Sangan start a chain link?", "Sangan")
    assert g.family == "starts-chain"
    # near miss: a clause with no thing before it is no thing ("... target when it resolves?")
    assert _frame(base_expert, "does Raigeki target when it resolves?", "Raigeki") is None


@pytest.mark.slow
def test_a_greeting_and_what_the_asker_wants_before_a_colon_are_a_label(base_expert):
    a = base_expert.ask("Hello, I want to know: does Sangan's effect start a chain?")
    assert a.value == "yes" and a.restated == "Does the first effect of Sangan start a Chain?"


@pytest.mark.parametrize("written, read", [
    ("opp chains and banishes it.", "Opp banishes it in response."),
    # what the response did stops at a clause of its own ("after ...")
    ("My opponent chains and returns their monster to the hand after I target it.",
     "My opponent returns their monster to the hand in response after I target it."),
    ("they chain something that destroys it, do I draw?", "They destroys it in response. Do I draw?"),
])
def test_what_a_response_did_is_done_in_response(written, read):
    from psct_expert.parser.lexicon import relex
    assert relex(written).text == read


def test_a_monster_put_on_the_field_is_special_summoned(base_expert):
    import psct_expert.rereading as R
    told = R._told_by_parts("my opponent puts a monster on their field in response.",
                            base_expert.db, base_expert.kb.families)
    assert told == ["my opponent Special Summons a monster on my opponent's field in response."]
    # near miss: a card put there is not said to be Summoned
    assert R._told_by_parts("my opponent puts a card on the field in response.",
                            base_expert.db, base_expert.kb.families) is None


@pytest.mark.parametrize("written, read", [
    # openers before a question asked in the order of a statement stay openers
    ("ok so Pot of Desires starts a chain?", "Does Pot of Desires start a chain?"),
    ("hey so is the search of Sangan an activated effect?", "Is Sangan's search effect an activated effect?"),
])
def test_openers_before_a_question_in_statement_order(written, read):
    from psct_expert.parser.lexicon import relex
    import re as _re
    keep = [(m.start(), m.end()) for m in _re.finditer(r"Pot of Desires|Sangan", written)]
    assert relex(written, keep).text == read


@pytest.mark.slow
def test_a_name_in_many_cards_names_some_of_them(base_expert):
    from psct_expert.errors import PsctError
    with pytest.raises(PsctError, match=r"stands in the names of \d+ cards, such as"):
        base_expert.ask("is felgrand's negate a quick effect?")


@pytest.mark.parametrize("written, read", [
    ("do i detach as a cost for X?", "Is detaching a cost for X?"),
    ("X: do you pay the LP as part of the cost?", "X: is paying the LP part of the cost?"),
    # near miss: a verb that is no game action stays as written
    ("do i win as a cost for X?", "Do i win as a cost for X?"),
])
def test_an_action_asked_of_as_a_cost_is_said_with_its_verb(written, read):
    from psct_expert.parser.lexicon import relex
    assert relex(written).text == read


@pytest.mark.slow
def test_a_second_copy_asked_of_says_the_first_was_used(base_expert):
    a = base_expert.ask("can i activate a second Effect Veiler in the same turn?")
    assert a.value == "yes" and "be used again this turn" in a.restated
    # near miss: a card whose limit binds every copy
    b = base_expert.ask("can i use a 2nd Ash Blossom & Joyous Spring this turn?")
    assert b.value == "no"


@pytest.mark.slow
def test_a_cost_told_before_a_summon_is_how_it_is_done(base_expert):
    a = base_expert.ask("opp discards 1 card and ss's the tricky from hand. can i chain a quick "
                        "effect to that summon?")
    assert a.value == "no" and "Special Summon of The Tricky" in a.restated
    b = base_expert.ask("my opponent banishes 1 LIGHT and 1 DARK monster from their GY and special "
                        "summons Chaos Sorcerer. Can I negate that Summon with Solemn Judgment?")
    assert b.value == "yes"
    # what was told is set aside as the card's own procedure, and said so
    assert any("by banishing" in (c.written or "") for c in b.reading.changes)


@pytest.mark.slow
def test_a_card_moved_in_response_is_the_one_target_left_untold(base_expert):
    """"I activate X, their monster gets banished in response": X targets exactly 1 card and those
    words fit what it targets, so that card was its target."""
    a = base_expert.ask("i activate soul taker, their monster gets banished in response. do they "
                        "still gain 1000 lp?")
    assert a.value == "no"
    from psct_expert.errors import PsctError
    # near misses: a card of the other side, and an effect that targets nothing
    with pytest.raises(PsctError):
        base_expert.ask("i activate soul taker, my monster gets banished in response. do they still "
                        "gain 1000 lp?")
    with pytest.raises(PsctError):
        base_expert.ask("i activate raigeki, their monster gets banished in response. does raigeki "
                        "still resolve?")


@pytest.mark.slow
def test_a_spell_asked_of_as_a_whole_by_frame_is_what_the_grammar_makes_of_it(base_expert):
    """An Equip Spell's activation targets; its "Equip only to ..." does not: a frame question of
    the card as a whole is never asked of its first effect (it answered no, wrongly)."""
    a = base_expert.ask("Does United We Stand target the monster it equips to?")
    assert a.value in ("yes", "unknown") and a.restated == "Does activating United We Stand target?"
    # near miss: a monster's effect is still asked effect by effect
    b = base_expert.ask("yo Man-Eater Bug, does that thing target my monster?")
    assert b.restated == "Does the first effect of Man-Eater Bug target my monster?"
