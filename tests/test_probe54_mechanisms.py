"""Mechanisms of the session after `e79e893` (issues 22 and 23): the phase a card told activated
shows, a rules exam's "Player A's" / "Player B's", a label said as a sentence of its own, and a
name written in part beside a word of another card's name.  Sentences written for these tests,
not the shared cases."""

import pytest

from psct_expert.parser.grammar import grammar_for
from psct_expert.parser.names import find_cards
from question_helpers import rules_fired


@pytest.mark.slow
def test_a_normal_spell_told_activated_shows_whose_main_phase_it_is(base_expert):
    # no phase told: a Normal Spell is activated only in its player's own Main Phase
    own = base_expert.ask("It is my turn. I activate a Normal Spell. Can I chain Twister from my "
                          "hand to it?")
    assert own.value == "yes"
    assert "spell-speed-1-activation-shows-main-phase" in rules_fired(own)
    # near miss: the opponent's Normal Spell shows the opponent's turn, where a Quick-Play Spell
    # cannot come from the hand
    theirs = base_expert.ask("My opponent activates Pot of Greed. Can I chain Twister from my "
                             "hand to it?")
    assert theirs.value == "no"
    assert "quick-play-from-hand-own-turn" in rules_fired(theirs)


@pytest.mark.slow
def test_a_told_phase_is_never_overridden_by_what_an_activation_shows(base_expert):
    # the Battle Phase told: no Normal Spell was activated there, and nothing is shown
    answer = base_expert.ask("It is my opponent's Battle Phase. Can I activate Twister from my "
                             "hand?")
    assert answer.value == "no"
    assert "spell-speed-1-activation-shows-main-phase" not in rules_fired(answer)


@pytest.mark.slow
def test_a_rules_exam_names_whose_card_with_player_a_s(base_expert):
    answer = base_expert.ask("Player A activates Book of Moon targeting Player B's Cyber Dragon. "
                             "Can Player B chain Twister to it?")
    assert answer.value == "yes"
    assert answer.spec["player"] == "opponent"
    # "Player A's own" is the asker's card
    own = base_expert.ask("Player A activates Book of Moon targeting Player A's own Cyber Dragon. "
                          "Can Player B chain Twister to it?")
    assert own.value == "yes"


@pytest.mark.slow
def test_a_label_said_as_a_sentence_of_its_own_is_set_aside(base_expert):
    answer = base_expert.ask("Judge call, feature match. Can Thunder King Rai-Oh negate the "
                             "Special Summon of Gorz, Emissary of Darkness?")
    assert answer.value == "no"
    assert any("Judge call, feature match" in w for w in answer.reading.set_aside)
    # near miss: a sentence with a word that is no label word is read, not set aside
    with pytest.raises(Exception):
        base_expert.ask("Judge call, featuring Gorz. Can Thunder King Rai-Oh negate the Special "
                        "Summon of Gorz, Emissary of Darkness?")


def test_a_short_name_beside_a_word_of_another_name_is_that_name(base_expert):
    term = grammar_for(base_expert.kb.families).terminal
    found = find_cards("opp chained a card and banished raging phoenix. does it come back?",
                       base_expert.db, term)
    assert [m.card for m in found] == ["Salamangreat Raging Phoenix"]
    assert found[0].text.startswith("raging phoenix")
    # near miss: the short name alone is the card it is short for
    alone = find_cards("opp chained a card and banished phoenix. does it come back?",
                       base_expert.db, term)
    assert [m.card for m in alone] != ["Salamangreat Raging Phoenix"]


@pytest.mark.slow
def test_another_copy_said_after_again_is_the_copy_asked_about(base_expert):
    answer = base_expert.ask("I activated the first effect of Card Trooper. Can I use the same "
                             "effect again this turn with another copy of Card Trooper?")
    assert answer.value == "yes"
    assert answer.spec["situation"][0]["copy"] == "another"
    # near miss: with no copy said, "the same effect" of a card limited per copy is not guessed
    with pytest.raises(Exception, match="the same card again, or another copy"):
        base_expert.ask("I activated the first effect of Card Trooper. Can I use the same effect "
                        "again this turn?")


@pytest.mark.slow
def test_a_quotation_of_a_bullet_that_is_an_effect_of_its_own_is_that_bullet(base_expert):
    # the quote's ";" is the card's own: no subject is said again inside it (else the quotation
    # would fit no text)
    answer = base_expert.ask('I activated the "discard this card; add 1 nekroz spell/trap" effect '
                             'of Nekroz of Clausolas. Can I use that effect again this turn with '
                             'another Nekroz of Clausolas?')
    assert answer.spec["effect"] == {"card": "Nekroz of Clausolas", "bullet": "2.1"}


@pytest.mark.slow
def test_a_summon_an_activated_effect_makes_is_answered_by_that_effect(base_expert):
    answer = base_expert.ask("I use the effect of Emilia, Dance Priestess of the Nekroz to Special "
                             "Summon it from the hand. Does this Special Summon start a Chain?")
    assert answer.value == "yes" and answer.family == "starts-chain"
    assert answer.params["effect"] == "Emilia, Dance Priestess of the Nekroz#2"
    # near miss: a Summon told as an event of its own is asked of itself
    normal = base_expert.ask("I Normal Summon Cyber Dragon. Does this Summon start a Chain?")
    assert normal.value == "no" and normal.family == "summon-starts-chain"
    # near miss: another card's effect that Special Summons it is not that monster's Summon
    reborn = base_expert.ask("I special summon gorz the emissary of darkness with monster reborn. "
                             "does gorz's summon start a chain?")
    assert reborn.family == "summon-starts-chain" and reborn.value != "yes"


@pytest.mark.slow
def test_a_topic_named_again_in_the_story_is_only_its_title(base_expert):
    answer = base_expert.ask("Gorz the Emissary of Darkness: my opponent special summons Gorz the "
                             "Emissary of Darkness. Can Thunder King Rai-Oh negate that summon?")
    assert answer.family == "negate-summon"
    assert any("Gorz the Emissary of Darkness:" in w for w in answer.reading.set_aside)
    # near miss: a topic that says which effect is kept for the story's pointer, not set aside
    with pytest.raises(Exception):
        base_expert.ask("Gorz the Emissary of Darkness's first effect: my opponent special summons "
                        "Gorz the Emissary of Darkness. Can Thunder King Rai-Oh negate that summon?")


@pytest.mark.slow
def test_a_card_said_gone_after_the_story_told_it_destroyed_is_said_again(base_expert):
    story = ("I activate Call of the Haunted targeting Gorz the Emissary of Darkness in my GY. My "
             "opponent chains Mystical Space Typhoon and destroys Call of the Haunted. ")
    answer = base_expert.ask(story + "Call of the Haunted is gone from the field when it resolves. "
                             "Do I still Special Summon the monster?")
    assert answer.value == "no"
    assert any(c.kind == "told-again" for c in answer.reading.changes)
    # near miss: a card the story never told moved keeps the sentence (how it left is not said)
    with pytest.raises(Exception, match="gone"):
        base_expert.ask("I activate Call of the Haunted targeting Gorz the Emissary of Darkness in "
                        "my GY. Call of the Haunted is gone from the field when it resolves. Do I "
                        "still Special Summon the monster?")


@pytest.mark.slow
def test_a_restriction_asked_as_the_player_s_state_is_grounded_in_its_text(base_expert):
    story = ("I activate Salamangreat Burst Gryphon's effect targeting Salamangreat of Fire in my "
             "GY. My opponent banishes it in response. ")
    for ask in ('Am I still stuck with "cannot special summon except FIRE" for the rest of the turn?',
                "Am I still locked to FIRE-only special summons?",
                "Am I still unable to Special Summon monsters except FIRE monsters?"):
        answer = base_expert.ask(story + ask)
        assert answer.family == "restriction-applies" and answer.value == "yes", ask
    # near miss: a restriction the text does not say is refused, never answered for another one
    with pytest.raises(Exception, match="DARK-only"):
        base_expert.ask(story + "Am I still locked to DARK-only special summons?")


@pytest.mark.slow
def test_nothing_summoned_said_as_the_result_of_the_story_is_checked(base_expert):
    answer = base_expert.ask("I activate Salamangreat Burst Gryphon's effect targeting Salamangreat "
                             "of Fire in my GY. My opponent banishes it in response, so nothing "
                             "gets summoned. Does the restriction still apply?")
    assert answer.value == "yes"
    assert any(c.kind == "checked" for c in answer.reading.changes)
    # near miss: a result the story does not bring about is not set aside
    with pytest.raises(Exception, match="summoned"):
        base_expert.ask("I activate Salamangreat Burst Gryphon's effect targeting Salamangreat of "
                        "Fire in my GY, so nothing gets summoned. Does the restriction still apply?")


@pytest.mark.slow
def test_a_negation_asked_with_no_card_is_asked_of_the_one_the_story_told_you_have(base_expert):
    summon = base_expert.ask("I have Solemn Strike set. My opponent Synchro Summons Stardust "
                             "Dragon. Can I negate it?")
    assert summon.family == "negate-summon" and summon.value == "yes"
    assert summon.params["negator"] == "Solemn Strike#1"
    # what the told card negates is the answer's: Solemn Strike negates no Spell's activation
    spell = base_expert.ask("I have Solemn Strike set. My opponent activates Monster Reborn. Can I "
                            "negate it?")
    assert spell.value == "no"
    # near miss: two such cards told, and none is guessed
    with pytest.raises(Exception):
        base_expert.ask("I have Solemn Strike and Solemn Judgment set. My opponent Synchro Summons "
                        "Stardust Dragon. Can I negate it?")


@pytest.mark.slow
def test_a_negator_told_only_by_what_it_does_asks_whether_the_summon_can_be_negated(base_expert):
    answer = base_expert.ask("Player A Pendulum Summons Dinomist Ceratops and Dinomist Pteran from "
                             "the hand at the same time. Player B has a Set Counter Trap that can "
                             "negate the Special Summon of a monster(s). Can Player B use it to "
                             "negate this Pendulum Summon?")
    assert answer.value == "yes" and answer.family == "summon-negatable"
    # near miss: a card said to negate Special Summons is never asked of a Normal Summon
    with pytest.raises(Exception):
        base_expert.ask("My opponent Normal Summons Cyber Dragon. I have a Set Counter Trap that "
                        "can negate the Special Summon of a monster(s). Can I negate that summon?")


@pytest.mark.slow
def test_negate_a_player_activating_a_card_is_that_player_s_activation_of_it(base_expert):
    answer = base_expert.ask("My opponent activates Monster Reborn. Can Solemn Judgment negate "
                             "opp activating Monster Reborn?")
    assert answer.family == "negate-activation" and answer.value == "yes"
    assert "by your opponent" in answer.restated
    # near miss: a monster effect's negator asked of a Spell's activation
    spell = base_expert.ask("can nekroz of areadbhair's quick eff negate opp activating sinful "
                            "spoils of subversion - snake-eye?")
    assert spell.value == "no"


@pytest.mark.slow
def test_a_response_asked_with_where_from_and_which_link(base_expert):
    answer = base_expert.ask("My opponent activates Monster Reborn. Can I chain Twister from my "
                             "hand as Chain Link 2?")
    # their turn: not from the hand (the part that decides is whether it can be activated there)
    assert "be chained to" in answer.restated and answer.value == "no"
    # "Player A responds by activating" is chaining, as said of any player
    exam = base_expert.ask("Player B activates Monster Reborn. Can Player A respond by activating "
                           "Twister from the hand as Chain Link 2?")
    assert "be chained to" in exam.restated and exam.value == "no"
    # near miss: the link said is checked against the Chain told
    with pytest.raises(Exception, match="Chain Link 2"):
        base_expert.ask("My opponent activates Monster Reborn. Can I chain Twister from my hand "
                        "as Chain Link 3?")
