"""Could a card that negates Summons negate this Summon at all? (family summon-negatable;
sentences written for these tests)."""

import pytest


@pytest.fixture
def expert(base_expert):
    return base_expert


@pytest.mark.parametrize("question, value", [
    # a Summon by a card's own procedure (no colon, no semicolon) opens the negation window
    ("Can the Special Summon of Kashtira Fenrir be negated?", "yes"),
    # a Summon a player performs by the rules
    ("Is a Link Summon negatable?", "yes"),
    ("can a flip summon be negated?", "yes"),
    # near misses: a Summon made by an effect that starts a Chain, or while a card resolves
    ("Can the Special Summon of Gorz the Emissary of Darkness be negated?", "no"),
    ("Can a Special Summon by Monster Reborn be negated?", "no"),
])
def test_whether_a_summon_can_be_negated_at_all(expert, question, value):
    a = expert.ask(question)
    assert a.value == value and "negated by an effect that negates Summons" in a.restated


def test_the_summon_told_last_is_the_one_asked_about(expert):
    a = expert.ask("My opponent Link Summons Knightmare Phoenix. Can it be negated?")
    assert a.value == "yes" and "Link Summon of Knightmare Phoenix" in a.restated


def test_nothing_told_no_summon_to_ask_about(expert):
    from psct_expert.errors import QuestionError

    with pytest.raises(QuestionError):
        expert.ask("Can it be negated?")


def test_read_by_frame_in_players_words(expert):
    a = expert.ask("yo is kashtira fenrir's summon from hand negatable or nah")
    assert a.value == "yes"
    # a story told: what happened may decide it, never set aside here
    from psct_expert.frames import read_frame

    text = "i used monster reborn on it. is kashtira fenrir's summon negatable?"
    at = text.index("kashtira fenrir")
    spans = [(at, at + len("kashtira fenrir"), "Kashtira Fenrir")]
    assert read_frame(text, spans, expert.kb.families) is None


@pytest.mark.parametrize("question, value", [
    # a card that negates Summons, not named: whichever it is, only a Summon that can be negated
    ("My opponent Synchro Summons Stardust Dragon. Can I negate that Summon with my summon "
     "negation card?", "yes"),
    ("Can a card that negates Summons negate the Special Summon of Kashtira Fenrir?", "yes"),
    # the Summon a resolving Spell made: never
    ("my opp's miracle fusion resolves and they fusion summon elemental hero absolute zero. can "
     "i negate that fusion summon itself with summon negation", "no"),
    ("My opponent activates Monster Reborn. It resolves. Can that Summon be negated?", "no"),
])
def test_a_summon_negator_not_named_and_the_summon_told(expert, question, value):
    assert expert.ask(question).value == value


def test_the_summon_told_by_its_own_procedure_and_asked_after_the_cue(base_expert):
    a = base_expert.ask("opp tributes one of my monsters to drop Gadarla, the Mystery Dust Kaiju "
                        "on my field. can i negate that special summon with my summon negation "
                        "trap?")
    assert a.value == "yes"
    assert a.restated.startswith("Can the Special Summon of Gadarla, the Mystery Dust Kaiju")


def test_the_kind_the_story_tells_is_the_summon_asked_of(base_expert):
    a = base_expert.ask("opp flip summons Hane-Hane. can i negate that summon with a summon "
                        "negation trap?")
    assert a.value == "yes" and "Flip Summon of Hane-Hane" in a.restated


@pytest.mark.parametrize("text", [
    # two kinds told: which Summon is asked of, nothing says
    "opp normal summons Cyber Dragon and flip summons Hane-Hane. can i negate that summon with a "
    "summon negation trap?",
    # the Summon told done by something else than the card's own procedure
    "opp summons Gadarla, the Mystery Dust Kaiju using a card effect. can i negate that special "
    "summon with a summon negation trap?",
])
def test_a_summon_told_otherwise_is_not_set_aside(base_expert, text):
    from psct_expert.frames import by_frame
    from psct_expert.parser.lexicon import Relexed

    assert by_frame(Relexed(text), text, base_expert.db, base_expert.kb.families) is None


@pytest.mark.parametrize("text", [
    "My opponent declares a Pendulum Summon of 3 monsters. I have Destruction Jammer set. "
    "Can it negate that Pendulum Summon?",
    "Can Destruction Jammer negate that Pendulum Summon?",
])
def test_the_card_that_negates_is_never_the_summon_asked_of(base_expert, text):
    # "it" (or the card named) is the subject of "negate": the question is what that card
    # negates, never whether its own Summon can be negated (it was answered "no" so, once)
    from psct_expert.errors import QuestionError

    with pytest.raises(QuestionError):
        base_expert.ask(text)


def test_a_player_negating_the_summon_is_still_read(base_expert):
    a = base_expert.ask("opp summons kashtira fenrir from hand with its own condition. can i "
                        "negate that special summon?")
    assert a.value == "yes" and "Special Summon of Kashtira Fenrir" in a.restated
