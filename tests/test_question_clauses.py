"""A question as people ask it, read as the one event it asks about (parser/clauses/ask.py).

Every sentence here is written for these tests (none is a shared case).  The unit tests give the
reader the card spans themselves (invented names), as the caller does after finding the names.
"""

import pytest

from psct_expert.parser.clauses import read_question

from question_helpers import card_spans


def _ask(sentence: str, cards: dict[str, str]):
    """``cards``: each invented name in the sentence and its kind."""
    return read_question(sentence, *card_spans(sentence, cards))


def test_a_player_doing_it_with_a_card_is_the_cards_effect_doing_it():
    assert _ask("do i still get to ss a monster with Moon Kettle?", {"Moon Kettle": "spell"}) == \
        "Does Moon Kettle still Special Summon a monster?"
    assert _ask("will my opp still banish their target with Moon Kettle?", {"Moon Kettle": "spell"}) == \
        "Does Moon Kettle still banish my opponent's target?"


def test_have_to_and_get_to_ask_the_event_itself():
    assert _ask("do I still have to discard the card?", {}) == "Do I still discard that card?"
    assert _ask("does my opponent get to return it to the hand?", {}) == \
        "Does my opponent return it to the hand?"


def test_a_passive_asked_with_be_or_as_a_statement():
    assert _ask("is it still banished?", {}) == "Is it still banished?"
    assert _ask("their monster still is destroyed?", {}) == "Is my opponent's monster still destroyed?"
    assert _ask("the Set card is still destroyed by Moon Kettle?", {"Moon Kettle": "spell"}) == \
        "Is the set card still destroyed by Moon Kettle's effect?"


def test_a_card_doing_it_keeps_itself():
    assert _ask("does Glass Owl still return itself to my hand?", {"Glass Owl": "monster"}) == \
        "Does Glass Owl still return itself to my hand?"


def test_can_a_player_activate_a_card_keeps_how():
    assert _ask("could my opponent chain Glass Owl in response?", {"Glass Owl": "monster"}) == \
        "Can my opponent chain Glass Owl in response?"


@pytest.mark.parametrize("sentence", [
    "do i also special summon a monster with Moon Kettle?",    # "also": a word of the rules
    "do i only banish one with Moon Kettle?",                  # "only"
    "do i still banish it first with Moon Kettle?",            # "first"
    "does Moon Kettle still wibble it?",                       # a word it cannot place
    "Moon Kettle resolves.",                                   # not a question
    "do i still get to ss a monster and draw with Moon Kettle?",   # two events: not one
])
def test_words_that_change_the_question_leave_it_as_written(sentence):
    assert _ask(sentence, {"Moon Kettle": "spell"}) is None


@pytest.fixture
def expert(base_expert):
    return base_expert


def test_the_question_read_by_its_parts_is_answered_and_shown(expert):
    q = ("I activate Monster Reborn targeting a monster in my GY. my opponent chains D.D. Crow and "
         "banishes that monster. do i still get to special summon a monster with Monster Reborn?")
    a = expert.ask(q, [])
    assert a.value == "no"
    shown = " ".join(c.describe() for c in a.reading.changes)
    assert "as 'Does Monster Reborn still Special Summon a monster?'" in shown


def test_an_alternative_clause_offered_at_the_end_is_set_aside_and_shown(expert):
    a = expert.ask("Does Knightmare Phoenix's destroy effect target, or does it destroy "
                   "without targeting?", [])
    assert a.value == "yes"
    shown = " ".join(c.describe() for c in a.reading.changes)
    assert "or does it destroy without targeting" in shown and "other answer" in shown


def test_an_alternative_that_is_a_noun_is_never_set_aside(expert):
    from psct_expert.errors import PsctError
    with pytest.raises(PsctError) as e:
        expert.ask("Can Monster Reborn target Dark Magician or Blue-Eyes White Dragon?", [])
    assert "or" in str(e.value)


def test_a_name_written_in_lower_case_and_in_part_is_the_one_card_it_fits(expert):
    from psct_expert.parser.names import partial_mentions
    from psct_expert.parser.grammar import grammar_for
    plain = grammar_for(expert.kb.families).terminal
    found = partial_mentions("then i chain spooky dogwood", expert.db, plain)
    assert [m.card for m in found] == ["Ghost Sister & Spooky Dogwood"]
    # a run that fits more than one card is no name
    assert partial_mentions("my masked hero is summoned", expert.db, plain) == []


def _says(expert, text):
    from psct_expert.parser.lexicon import Relexed
    from psct_expert.grounded import card_says
    r = Relexed(text)
    card_says(r, expert.db, expert.kb.families)
    return r


def test_a_report_of_what_a_card_says_is_set_aside_when_its_text_says_it(expert):
    r = _says(expert, "Borreload Dragon says that neither player can target it with monster "
                      "effects. Can I target it with a Spell?")
    assert r.text == "Can I target it with a Spell?"
    assert [c.kind for c in r.changes] == ["grounded"]
    assert "Borreload Dragon" in r.changes[0].describe()


def test_a_report_the_text_does_not_say_or_a_players_claim_is_kept(expert):
    kept = "Borreload Dragon says it gains 3000 ATK during each Battle Phase. Can I target it?"
    assert _says(expert, kept).text == kept
    claim = "Opp says Necrovalley negates everything. Can I target it?"
    assert _says(expert, claim).text == claim


def test_a_quoted_report_becomes_a_sentence_of_its_own(expert):
    r = _says(expert, "Dark Hole says 'destroy all monsters on the field'. so does it hit my "
                      "face-down monster?")
    assert r.text.startswith("Dark Hole says 'destroy all monsters on the field'. So does it")


def test_what_kind_of_card_it_is_is_set_aside_when_the_card_is_of_that_kind(expert):
    r = _says(expert, "Its a quick play. During the Damage Step, can I activate Limiter Removal?")
    assert r.text == "During the Damage Step, can I activate Limiter Removal?"
    wrong = "It's a Continuous Spell. During the Damage Step, can I activate Limiter Removal?"
    assert _says(expert, wrong).text == wrong


@pytest.mark.parametrize("written, read", [
    ("Damage step, can i activate Limiter Removal?", "During the Damage Step, can i activate"),
    ("in the end phase can I activate Forbidden Dress?", "During the End Phase, can I activate"),
    ("opp turn, can I activate Forbidden Dress?", "During my opponent's turn, can I activate"),
    ("their standby phase, does it resolve?", "During my opponent's Standby Phase, does it"),
])
def test_the_phase_a_question_is_asked_in_is_said_the_grammars_way(written, read):
    from psct_expert.parser.lexicon import relex
    assert relex(written).text.startswith(read)


def test_a_turn_without_whose_is_left_as_written():
    from psct_expert.parser.lexicon import relex
    assert relex("the turn, can I activate it?").text.startswith("The turn")


def test_a_card_named_as_the_one_using_its_effect_again_is_that_card(expert):
    story = ("I activate Chaos Sorcerer's effect. My opponent returns Chaos Sorcerer to my hand with "
             "Compulsory Evacuation Device. I Special Summon Chaos Sorcerer again. ")
    assert expert.ask(story + "Can Chaos Sorcerer use its effect again this turn?", []).value == "yes"
    assert expert.ask("I activate Chaos Sorcerer's effect. It resolves. Can Chaos Sorcerer use its "
                      "effect again this turn?", []).value == "no"


def test_a_card_whose_effects_all_fit_is_asked_effect_by_effect_when_one_settles_it(expert):
    spec, reading = expert.read("Can I activate Honest during the Damage Step?", [])
    assert spec["family"] == "can-activate-now" and len(spec["or"]) == 1
    assert [c.kind for c in reading.changes] == ["each-effect"]
    # a question one effect does not settle keeps the refusal ("does it target?")
    from psct_expert.errors import PsctError
    with pytest.raises(PsctError, match="fits more than one effect"):
        expert.read("Can Scrap Dragon target Scrap Dragon?", [])


@pytest.mark.parametrize("written, read", [
    ("When Mirror Moth lands, does it start a Chain?", "When Mirror Moth is Summoned, does it"),
    ("their turn, they control no monsters. Can I?", "It is my opponent's turn. they control no"),
    ("neither player has any monsters. Can I?", "I control no monsters and my opponent controls no monsters."),
    ("can i normal summon something else this turn?", "normal summon another monster this turn"),
    ("do i still steal it?", "still take control of it?"),
])
def test_forum_phrasings_read_as_the_grammars_words(written, read):
    from psct_expert.parser.lexicon import relex
    assert read in relex(written).text


def test_an_opinion_that_names_no_card_is_set_aside_and_shown():
    from psct_expert.parser.lexicon import relex
    r = relex("It banishes from the Deck so it feels like it should count. Can I chain it?")
    assert r.text == "Can I chain it?" and r.set_aside
    kept = "Mirror Moth feels like it should count. Can I chain it?"     # names a card: a story
    assert relex(kept, [(0, 11)]).text.startswith("Mirror Moth feels like")


def test_the_kind_said_in_parentheses_after_a_card_is_set_aside_when_true(expert):
    r = _says(expert, "Can I chain Ring of Destruction (normal trap) to it?")
    assert r.text == "Can I chain Ring of Destruction to it?"
    kept = "Can I chain Ring of Destruction (counter trap) to it?"
    assert _says(expert, kept).text == kept


@pytest.mark.parametrize("sentence, said", [
    ("is that a chain link i can respond to?", "Does that start a Chain?"),
    ("Does that start a chain opponent can respond to?", "Does that start a Chain?"),
    ("does Moon Kettle's special summon start a chain?", "Does Moon Kettle's special summon start a Chain?"),
    ("does that summon start a chain so opponent can chain something to it?",
     "Does that summon start a Chain?"),
    ("is Moon Kettle's effect an activated effect?", "Does Moon Kettle's effect start a Chain?"),
])
def test_whether_something_starts_a_chain_asked_the_grammar_way(sentence, said):
    assert _ask(sentence, {"Moon Kettle": "monster"} if "Moon Kettle" in sentence else {}) == said


@pytest.mark.parametrize("sentence", [
    "does that start a chain and draw?",                  # another event after
    "is that a chain link so i can draw?",                # a tail that is not who can respond
    "does that start a chain only once?",
])
def test_a_chain_asked_with_more_than_who_responds_is_left(sentence):
    assert _ask(sentence, {}) is None


def test_a_phase_said_first_is_said_after_the_clause():
    assert _ask("During the Damage Step, can I activate Glass Lance?", {"Glass Lance": "trap"}) == \
        "Can I activate Glass Lance during the Damage Step?"
    # another lead than a phase is not moved
    assert _ask("Later that turn, can I activate Glass Lance?", {"Glass Lance": "trap"}) is None


def test_activating_a_card_on_or_chaining_it_to_something_done():
    assert _ask("can i activate Glass Lance on that special summon?", {"Glass Lance": "trap"}) == \
        "Can I activate Glass Lance on that Special Summon?"
    assert _ask("i can activate Glass Lance on the summon itself?", {"Glass Lance": "trap"}) == \
        "Can I activate Glass Lance on the Summon?"
    assert _ask("can i chain Glass Lance to the Moon Kettle summon?",
                {"Glass Lance": "trap", "Moon Kettle": "monster"}) == \
        "Can I chain Glass Lance to the Summon of Moon Kettle?"


def test_a_phase_first_with_its_step_and_the_before_a_name():
    assert _ask("Damage Step, before damage calculation: can I activate Glass Lance on the Moon Kettle?",
                {"Glass Lance": "trap", "Moon Kettle": "monster"}) == \
        "Can I activate Glass Lance on Moon Kettle during the Damage Step before damage calculation?"


def test_a_card_used_to_negate_something_is_whether_it_can_negate_it():
    cards = {"Glass Lance": "trap", "Moon Bowl": "spell"}
    assert _ask("can I use Glass Lance to negate that?", cards) == "Can Glass Lance negate it?"
    assert _ask("Can I chain Glass Lance to negate the Moon Bowl?", cards) == \
        "Can Glass Lance negate Moon Bowl?"
    assert _ask("can i activate Glass Lance to negate that special summon?", cards) == \
        "Can Glass Lance negate that Special Summon?"
    # a cost named, a Chain Link said, another event: not this question
    assert _ask("Can I tribute Glass Lance to negate that special summon?", cards) is None
    assert _ask("Can I chain Glass Lance as Chain Link 4 to negate the Moon Bowl?", cards) is None
    assert _ask("can I use Glass Lance to negate that and draw?", cards) is None


def test_is_that_something_a_card_can_do_and_still_said_alone():
    cards = {"Glass Lance": "trap"}
    assert _ask("Is that something Glass Lance can negate?", cards) == "Can Glass Lance negate it?"
    assert _ask("is that something that Glass Lance can destroy?", cards) == "Can Glass Lance destroy it?"
    assert _ask("is that something i can chain Glass Lance to?", cards) == "Can I chain Glass Lance in response?"
    assert _ask("is that something Glass Lance negates?", cards) is None
    assert _ask("Still banished?", {}) == "Is it still banished?"
    assert _ask("still banish it?", {}) is None


def test_draws_asked():
    assert _ask("Do I still get the draw?", {}) == "Do I still draw?"
    assert _ask("do i still draw 2?", {}) == "Do I still draw 2 cards?"
    assert _ask("does my opponent draw?", {}) == "Does my opponent draw?"
    assert _ask("do i still get the draw from Moon Kettle?", {"Moon Kettle": "monster"}) is None


def test_a_still_question_the_reader_cannot_place_is_left_not_raised():
    assert _ask("still target tribute field synchro still?", {}) is None


def test_targeting_asked():
    cards = {"Glass Lance": "trap"}
    assert _ask("does Glass Lance target them?", cards) == "Does Glass Lance target them?"
    assert _ask("can i target their monster with Glass Lance?", cards) == \
        "Can I target my opponent's monster with Glass Lance?"
    assert _ask("can Glass Lance target my monster in the GY?", cards) == \
        "Can Glass Lance target my monster in the GY?"
    # a player targeting without the card, "it" targeting: not placed here
    assert _ask("can i target their monster?", cards) is None
    assert _ask("does it target my monster?", cards) is None


def test_whose_turn_said_as_during():
    cards = {"Moon Kettle": "monster"}
    assert _ask("during their turn, can i activate Moon Kettle from hand?", cards) == \
        "Can I activate Moon Kettle from the hand during my opponent's turn?"
    assert _ask("Can I activate Moon Kettle in my turn?", cards) == "Can I activate Moon Kettle during my turn?"
    assert _ask("can i still activate Moon Kettle from hand on opponent turn?", cards) == \
        "Can I still activate Moon Kettle from the hand during my opponent's turn?"


def test_a_gerund_before_effect_is_the_effect_word():
    assert _ask("does its destroying effect start a chain?", {}) == "Does its destroy effect start a Chain?"
    assert _ask("does its wibbling effect start a chain?", {}) == "Does its wibbling effect start a Chain?"


def test_a_card_of_a_kind_chained_to_something():
    cards = {"Moon Bowl": "spell"}
    assert _ask("can i chain a normal trap to Moon Bowl?", cards) == "Can I chain a normal trap to Moon Bowl?"
    assert _ask("can i chain it to that summon?", cards) is None
