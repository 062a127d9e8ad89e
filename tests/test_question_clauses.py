"""A question as people ask it, read as the one event it asks about (parser/clauses/ask.py).

Every sentence here is written for these tests (none is a shared case).  The unit tests give the
reader the card spans themselves (invented names), as the caller does after finding the names.
"""

import pytest

from psct_expert.parser.clauses import read_question


def _ask(sentence: str, cards: dict[str, str]):
    spans, kinds, names = [], [], []
    for name, kind in cards.items():
        if name not in sentence:
            continue
        at = sentence.index(name)
        spans.append((at, at + len(name)))
        kinds.append(kind)
        names.append(name)
    order = sorted(range(len(spans)), key=lambda k: spans[k][0])
    return read_question(sentence, [spans[k] for k in order], [kinds[k] for k in order],
                         [names[k] for k in order])


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
    found = partial_mentions("then i chain shadow mist", expert.db, plain)
    assert [m.card for m in found] == ["Elemental HERO Shadow Mist"]
    # a run that fits more than one card is no name
    assert partial_mentions("my masked hero is summoned", expert.db, plain) == []


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
