"""A question read by its frame (psct_expert/frames/): sentences written for these tests."""

import pytest

from question_helpers import name_spans

from psct_expert.frames import read_frame


@pytest.fixture
def expert(base_expert):
    return base_expert


def _frame(expert, text, *names):
    return read_frame(text, name_spans(text, *names), expert.kb.families)


def test_a_chain_question_in_players_words_is_read_by_its_frame(expert):
    text = "hey so is the search of Fiendsmith Engraver an activated effect or just a rule thing?"
    f = _frame(expert, text, "Fiendsmith Engraver")
    assert (f.family, f.card, f.subject) == ("starts-chain", "Fiendsmith Engraver", "effect")
    assert f.described == ["search"] and f.alternative == "or just a rule thing"


def test_a_summon_asked_about_is_the_subject_with_its_kind(expert):
    text = "bro does the link summon of Sky Striker Ace - Kagari make a chain link??"
    f = _frame(expert, text, "Sky Striker Ace - Kagari")
    assert (f.family, f.subject, f.summon) == ("starts-chain", "summon", "Link Summon")


@pytest.mark.parametrize("text", [
    # a word that may change what is asked is never set aside
    "is the search of Fiendsmith Engraver still an activated effect?",
    "does Fiendsmith Engraver's effect not start a chain?",
    "if Fiendsmith Engraver is negated, is its search a chain link?",
    # an object after the cue that is no thing (a thing is asked too: tests/test_probe43_mechanisms.py)
    "does Fiendsmith Engraver target when it resolves?",
    # a word that says nothing of an effect, and that no list places
    "does the purple effect of Fiendsmith Engraver start a chain?",
    # "can ... target itself" asks whether it may (not what its text does)
    "can Fiendsmith Engraver's effect target Fiendsmith Engraver itself?",
])
def test_what_may_change_the_question_leaves_it_to_the_other_readings(expert, text):
    assert _frame(expert, text, "Fiendsmith Engraver") is None


def test_two_cards_asked_about_have_no_frame(expert):
    text = "does Dark Hole start a chain that Ash Blossom & Joyous Spring can respond to?"
    assert _frame(expert, text, "Dark Hole", "Ash Blossom & Joyous Spring") is None


def test_two_families_asked_at_once_have_no_frame(expert):
    text = "is Dark Hole a quick effect that goes on the chain?"
    assert _frame(expert, text, "Dark Hole") is None


def test_the_story_is_set_aside_and_said_so(expert):
    a = expert.ask("my opp sent a card with Fiendsmith Engraver earlier lol. "
                   "is the search of fiendsmith engraver an activated effect or just a rule thing?")
    assert a.value == "yes"
    assert a.restated == "Does the first effect of Fiendsmith Engraver start a Chain?"
    spec, reading = expert.read("my opp sent a card with Fiendsmith Engraver earlier lol. is the "
                                "search of fiendsmith engraver an activated effect or just a rule "
                                "thing?", [])
    kinds = [c.kind for c in reading.changes]
    # ("the search of X" is X's search effect, which the grammar reads: no frame is needed)
    assert "story-aside" in kinds and "alternative" in kinds


def test_an_effect_described_is_the_one_its_text_says(expert):
    a = expert.ask("shooting quasar dragon's negate thing, is that a quick effect or nah")
    assert a.value == "yes" and a.restated.startswith("Is the second effect of Shooting Quasar")


def test_a_summon_by_its_own_procedure_read_by_frame(expert):
    a = expert.ask("yo does the summon of chaos dragon levianeer actually go on the chain?")
    assert a.value == "no"


@pytest.mark.slow
def test_a_frame_names_a_cue_that_compiles(tmp_path):
    from psct_expert.errors import RuleError
    from psct_expert.knowledge import load_knowledge

    (tmp_path / "questions.yaml").write_text(
        "families:\n"
        "  my-family:\n"
        "    answer: starts_chain\n"
        "    key: [effect]\n"
        "    frame:\n"
        "      cues: ['start(s a chain']\n"
        "      ask: 'Does {effect} start a Chain?'\n", encoding="utf-8")
    with pytest.raises(RuleError) as got:
        load_knowledge([str(tmp_path)])
    assert "questions.yaml:6" in str(got.value) and "not a regular expression" in str(got.value)


def test_what_the_question_supposes_is_never_a_story_set_aside(expert):
    # the lexicon tells "... if X?" as "X. ...?": the frame still sees the "if" as written
    from psct_expert.errors import QuestionError

    with pytest.raises(QuestionError):
        expert.ask("Does activating Pot of Greed start a Chain if the blorf was zingled twice?")


def test_a_summon_told_with_another_card_is_not_read_as_the_cards_own(expert):
    a = expert.ask("I special summon gorz the emissary of darkness with monster reborn. does "
                   "gorz's summon start a chain?")
    assert a.value != "yes"
    assert "frame" not in [c.kind for c in (a.reading.changes if a.reading else [])]


def test_a_quotation_picks_the_effect_whose_text_says_it(expert):
    a = expert.ask('opp used shooting quasar dragon lol. the "negate the activation" thing, is '
                   'that a quick effect?')
    assert a.value == "yes" and a.restated.startswith("Is the second effect of Shooting Quasar")


def test_can_anything_respond_is_not_read_as_does_it_start_a_chain(expert):
    # whether a response can be made is not whether it starts a Chain (a text may lock responses)
    from psct_expert.errors import PsctError

    try:
        a = expert.ask("my opp discards and activates super poly. can i chain something to it?")
    except PsctError:
        return
    assert a.value != "yes"


def test_a_response_asked_after_the_cue_of_a_text_that_locks_responses_is_not_yes(expert):
    a = expert.ask("opp activates super poly, is that an activated effect that i can respond to?")
    assert a.value == "unknown"
    # a card whose text says nothing of responses: the tail asks the same as the cue
    # ("question" is also a card's name: written in lower case, alone, it is the word)
    b = expert.ask("Judge question. Player uses Ancient Fairy Dragon to Special Summon a Level 4 from "
                   "the hand. Is that an activated effect that opponent can chain to?")
    assert b.value == "yes" and b.restated.startswith("Does the first effect of Ancient Fairy")


@pytest.mark.parametrize("story", [
    "My Fiendsmith Engraver got blorfed earlier.",                  # an invented word
    "My Fiendsmith Engraver gained an effect earlier.",             # a word that changes the card
    "\ufffd.",                                                     # a sentence of no word
])
def test_a_story_that_may_change_the_card_is_never_set_aside(expert, story):
    from psct_expert.errors import PsctError

    try:
        a = expert.ask(f"{story} is the search of fiendsmith engraver an activated effect?")
    except PsctError:
        return
    assert "frame" not in [c.kind for c in (a.reading.changes if a.reading else [])]


def test_scenario_lines_are_never_a_story_set_aside(expert):
    from psct_expert.errors import PsctError

    try:
        a = expert.ask("is the search of fiendsmith engraver an activated effect or nah",
                       ["My opponent Summons a monster with 3000 ATK."])
    except PsctError:
        return
    assert "frame" not in [c.kind for c in (a.reading.changes if a.reading else [])]


def test_a_cost_asked_about_by_its_action_in_players_words(expert):
    a = expert.ask("monster gate: the tribute is a cost right?")
    assert a.value == "yes" and a.restated.startswith("Is tributing a cost of")
    b = expert.ask("gold sarcophagus, is the banish a cost or part of the effect?")
    assert b.value == "no"
    # two actions at once: which is asked, nothing says
    c = read_frame("is discarding and banishing a cost of Dark Grepher?",
                   name_spans("is discarding and banishing a cost of Dark Grepher?", "Dark Grepher"),
                   expert.kb.families)
    assert c is None


def test_what_became_of_a_cost_after_a_negation_told(expert):
    a = expert.ask("monster gate got negated. the monster i tributed stays in the gy right?")
    assert a.value == "yes"
    b = expert.ask("my twin twisters got negated, do i get the discarded card back?")
    assert b.value == "no"
    # the effect's text does the action: Gold Sarcophagus banishes by its effect, not as a cost
    c = expert.ask("opp negated my gold sarcophagus. is the card i banished with it still banished?")
    assert c.value == "no"


def test_no_negation_told_no_cost_question_by_frame(expert):
    text = "monster gate resolved. the monster i tributed stays in the gy right?"
    assert read_frame(text, name_spans(text, "monster gate"), expert.kb.families) is None


def test_a_damage_step_question_by_frame_and_a_story_that_points_at_the_card(expert):
    text = "yo can i use forbidden lance in the damage step?"
    f = read_frame(text, name_spans(text, "forbidden lance"), expert.kb.families)
    assert f.family == "can-activate-now"
    # "I Set it this turn" may decide it: a story that points at a card is never set aside
    text = "I set it this turn. can i activate forbidden lance in the damage step?"
    assert read_frame(text, name_spans(text, "forbidden lance"), expert.kb.families) is None
    # a time inside the Damage Step the frame does not place
    text = "can i activate forbidden lance in the damage step after damage calculation?"
    assert read_frame(text, name_spans(text, "forbidden lance"), expert.kb.families) is None


def test_a_refusal_offers_first_the_question_its_asking_words_ask(expert):
    from psct_expert.errors import QuestionError

    with pytest.raises(QuestionError) as got:
        expert.ask("my opp's dimensional fissure got zorbled lol, do we make a chain link for it "
                   "banishing stuff?")
    assert got.value.nearest and got.value.nearest[0] == "Does Dimensional Fissure start a Chain?"


def test_a_card_protected_by_its_text_and_one_acting_on_it(expert):
    a = expert.ask("opp's number 97 draglubion cant be targeted lol. does my dark hole still "
                   "destroy it?")
    assert a.value == "yes"
    b = expert.ask("opp summoned avramax, it cant be targeted by my card effects. can avramax "
                   "still get banished by my evenly matched?")
    assert b.value == "yes" and "Evenly Matched banish my opponent's" in \
        next(c.read for c in b.reading.changes if c.kind == "frame")


def test_a_pair_with_no_owner_said_or_two_actions_is_not_read_by_frame(expert):
    from psct_expert.frames.pairs import read_pair

    for text in ("dark hole vs number 97 draglubion, it cant be targeted. does it get destroyed?",
                 "opp's number 97 draglubion cant be targeted. can dark hole destroy and banish "
                 "it?"):
        spans = []
        for name, card in (("dark hole", "Dark Hole"), ("number 97 draglubion",
                                                         "Number 97: Draglubion")):
            at = text.index(name)
            spans.append((at, at + len(name), card))
        assert read_pair(text, spans, expert.kb.families, expert.db) is None


def test_more_families_read_by_their_words(expert):
    assert expert.ask("yo can sangan miss timing?").value == "no"
    assert expert.ask("peten the dark clown, can that one miss the timing or nah").value == "yes"
    a = expert.ask("is kashtira fenrir's summon from hand an inherent summon or an effect?")
    assert a.value == "yes"
    # the place it is Summoned from is said in the canonical question
    text = "does kashtira fenrir's summon from hand start a chain??"
    f = read_frame(text, name_spans(text, "kashtira fenrir"), expert.kb.families)
    assert f.subject == "summon" and f.where == " from the hand"


def test_a_clause_saying_how_the_card_does_it_is_grounded_in_its_text(expert):
    a = expert.ask("yo when i summon chaos dragon levianeer by banishing 3 light/dark from gy "
                   "does the summon itself start a chain??")
    assert a.value == "no"
    kinds = [c.kind for c in a.reading.changes]
    assert "grounded" in kinds and "frame" in kinds
    # a clause the card's text does not say is a condition: never set aside
    text = "when i summon chaos dragon levianeer by flipping a coin, does the summon start a chain?"
    f = read_frame(text, name_spans(text, "chaos dragon levianeer"), expert.kb.families)
    from psct_expert.frames.ground import questions_of

    assert f is None or questions_of(f, expert.db, expert.kb.families) is None


def test_the_effect_the_story_tells_best(expert):
    a = expert.ask("opp had no monsters so i just dropped kashtira fenrir from hand with its own "
                   "summon condition. does that start a chain or nah")
    assert a.value == "no" and a.restated.startswith("Does the first effect of Kashtira Fenrir")


def test_the_action_a_quotation_says_is_the_one_asked_about(expert):
    a = expert.ask('summoner monk\'s "discard 1 Spell" thing - is that a cost or part of the effect?')
    assert a.value == "yes" and a.restated.startswith("Is discarding a cost of")


def test_a_card_paid_as_a_cost_asked_whether_its_effect_activates(expert):
    a = expert.ask("does dandylion still give me the tokens if i just pitch it as the discard "
                   "cost for raigeki break?")
    assert a.value == "yes"
    b = expert.ask("i discard shaddoll hedgehog as the cost for twin twisters. does hedgehog "
                   "get its trigger?")
    assert b.value == "no"      # "sent to the GY by a card effect": a cost is not an effect
    # what else happened is told, never set aside
    from psct_expert.frames.pairs import read_pair

    text = "i discard sangan as the cost for twin twisters. opp negates it. does sangan trigger?"
    spans = []
    for name, card in (("sangan", "Sangan"), ("twin twisters", "Twin Twisters")):
        for at in [i for i in range(len(text)) if text.startswith(name, i)]:
            spans.append((at, at + len(name), card))
    assert read_pair(text, spans, expert.kb.families, expert.db) is None


def test_a_negation_told_of_the_protected_card_is_never_set_aside(expert):
    from psct_expert.frames.pairs import read_pair

    text = ("their number 97 draglubion's effects are negated. can my raigeki break destroy it? "
            "it cant be targeted")
    spans = []
    for name, card in (("number 97 draglubion", "Number 97: Draglubion"),
                       ("raigeki break", "Raigeki Break")):
        at = text.index(name)
        spans.append((at, at + len(name), card))
    assert read_pair(text, spans, expert.kb.families, expert.db) is None


def test_a_responder_named_after_the_cue_is_asked_too(expert):
    # it starts a Chain, but whether that card can respond is another question: unknown
    a = expert.ask("is the search of fiendsmith engraver an activated effect that opp can "
                   "respond to with ash blossom?")
    assert a.value == "unknown" and any("asks that too" in m for m in a.missing)
    # nothing to respond to: the no stands
    text = "does the summon of kashtira fenrir start a chain so opp can chain ash blossom to it?"
    spans = name_spans(text, "kashtira fenrir") + [(text.index("ash blossom"),
                                                text.index("ash blossom") + len("ash blossom"),
                                                "Ash Blossom & Joyous Spring")]
    f = read_frame(text, spans, expert.kb.families)
    assert f.card.lower() == "kashtira fenrir" and "ash blossom" in f.responding


def test_again_after_a_negation_by_the_same_card_or_another_copy(expert):
    a = expert.ask("Number 11 big eye's steal got negated, can i just detach again and retry "
                   "same turn??")
    assert a.value == "no" and "the same Number 11: Big Eye" in \
        next(c.read for c in a.reading.changes if c.kind == "frame")
    # another copy of a card limited per copy: yes; said neither way both are asked
    text = "my number 11 big eye got negated lol. can i use big eye again this turn?"
    spans = [(text.index("number 11 big eye"), text.index("number 11 big eye") + 17,
              "Number 11: Big Eye"),
             (text.index("big eye again"), text.index("big eye again") + 7, "Number 11: Big Eye")]
    f = read_frame(text, spans, expert.kb.families)
    assert f.family == "again-this-turn" and f.copy == ""
    from psct_expert.frames.ground import questions_of

    assert len(questions_of(f, expert.db, expert.kb.families)) == 2


def test_a_card_equipped_or_granted_an_effect_is_never_read_by_frame(expert):
    text = "my fiendsmith engraver is equipped with something lol. is its search an activated effect?"
    assert read_frame(text, name_spans(text, "fiendsmith engraver"), expert.kb.families) is None


def test_a_clause_said_after_the_question_chooses_the_effect_its_words_say(expert):
    # active: what the effect does ("when it adds a spell") says which effect is asked about
    f = _frame(expert, "does Dark Magician of Chaos start a chain when it adds a spell?",
               "Dark Magician of Chaos")
    assert f.late and f.clause_words == ["adds", "spell"]
    a = expert.ask("does Dark Magician of Chaos start a chain when it adds a spell?")
    assert a.value == "yes" and a.restated.startswith("Does the first effect of Dark Magician")


def test_a_passive_clause_after_the_question_is_grounded_in_the_effect_s_condition(expert):
    from psct_expert.frames.ground import questions_of

    f = _frame(expert, "does Zaborg the Thunder Monarch target when he is tribute summoned?",
               "Zaborg the Thunder Monarch")
    assert questions_of(f, expert.db, expert.kb.families) == [
        "Does the first effect of Zaborg the Thunder Monarch target?"]
    # what its condition does not say ("destroyed" is what its effect does) finds no effect
    f = _frame(expert, "does Zaborg the Thunder Monarch target when he is destroyed?",
               "Zaborg the Thunder Monarch")
    assert questions_of(f, expert.db, expert.kb.families) is None


def test_the_question_said_again_after_its_cue_is_the_same_question(expert):
    # "..., so it starts a chain and can be responded to?": two tails, each asking the same
    a = expert.ask("quillbolt hedgehog coming back from the gy is an activated effect right, so "
                   "it starts a chain and can be responded to?")
    assert a.value == "yes" and a.restated == "Does the first effect of Quillbolt Hedgehog start a Chain?"
    f = _frame(expert, "is Fiendsmith Engraver's search an activation that opens a chain?",
               "Fiendsmith Engraver")
    assert f is not None and f.responds


def test_a_card_paid_for_another_is_read_as_its_cost_and_the_story_is_read_not_set_aside(expert):
    a = expert.ask("tributed sangan for monster gate, gate resolves. can i use sangan's "
                   "search now?")
    # Monster Gate's cost is a Tribute: Sangan's "If" effect does not miss the timing
    assert a.value == "yes", a.restated
    kinds = [c.kind for c in a.reading.changes]
    assert "story-aside" not in kinds
    # a card whose cost is not that action: the canonical question is refused
    with pytest.raises(Exception):
        expert.ask("I discarded Sangan for Card Destruction. Can Sangan's effect be activated?")


@pytest.mark.slow
def test_a_cost_described_by_its_type_is_grounded_in_the_cost(expert):
    # "the dragon tuner I discarded": Cards of Consonance discards "1 Dragon Tuner monster"
    a = expert.ask("if my cards of consonance gets negated, is the dragon tuner i discarded still "
                   "in the GY?")
    assert a.value == "yes" and "discarding of the first effect of Cards of Consonance" in a.restated
    # a type its text does not say is not read
    from psct_expert.errors import QuestionError

    with pytest.raises(QuestionError):
        expert.ask("if my cards of consonance gets negated, is the spellcaster i discarded still "
                   "in the GY?")
