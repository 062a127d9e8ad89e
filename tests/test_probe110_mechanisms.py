"""Mechanisms of the session after 8abfd04 (blind-probe rounds 109 and 110, hunts 96 and 97),
each with its near miss."""

import pytest

from psct_expert.errors import QuestionError

pytestmark = pytest.mark.slow

_DOOM = ["I activate Destiny HERO - Doom Lord's effect targeting a monster my opponent controls."]


def test_the_activating_card_changed_is_not_its_target(base_expert):
    # "You must control this face-up Attack Position card to activate and to resolve this effect":
    # the card itself changed to Defense Position, so its target is not banished
    a = base_expert.ask("Is their monster still banished by Doom Lord?", _DOOM + [
        "My opponent chains an effect that changes Doom Lord to face-up Defense Position."])
    assert a.value == "no"
    assert "game-rules#activation-legality.2" in a.citations()


def test_near_miss_a_change_of_the_card_that_breaks_nothing_is_refused(base_expert):
    with pytest.raises(QuestionError, match="turned attack before its effect resolved"):
        base_expert.ask("Is their monster still banished by Doom Lord?", _DOOM + [
            "My opponent chains an effect that changes Doom Lord to face-up Attack Position."])


def test_an_unnamed_card_asked_whether_it_resolves_is_refused_not_crashed(base_expert):
    with pytest.raises(QuestionError):
        base_expert.ask("Does their Normal Spell still resolve?", [
            "My opponent activates a Normal Spell.",
            "I chain Diabellstar Vengeance's Quick Effect, pay half my LP, target that Spell and "
            "destroy it."])


@pytest.mark.parametrize("passes", ["opp passes", "my opponent passes priority"])
def test_a_player_who_passes_does_not_respond(base_expert, passes):
    a = base_expert.ask(f"I activate Fragrance Storm and {passes}. Can I chain Mystical Space "
                        "Typhoon to my own Fragrance Storm?")
    assert a.value == "yes"
    assert a.restated == base_expert.ask(
        "I activate Fragrance Storm and my opponent does not respond. Can I chain Mystical Space "
        "Typhoon to my own Fragrance Storm?").restated


def test_near_miss_passing_to_a_phase_is_not_passing_priority(base_expert):
    with pytest.raises(QuestionError, match="'to'"):
        base_expert.ask("I activate Pot of Greed. My opponent passes to their Battle Phase. Can I "
                        "chain Mystical Space Typhoon to it?")


def test_a_state_told_with_still_is_the_state_now(base_expert):
    # Void Ogre Dragon: "while you have no cards in your hand"
    a = base_expert.ask("I still have 1 card in my hand. Can I activate Void Ogre Dragon's effect?")
    assert a.value == "no"
    assert a.restated == base_expert.ask(
        "I have 1 card in my hand. Can I activate Void Ogre Dragon's effect?").restated


@pytest.mark.parametrize("negates, expect", [("its activation", "yes"), ("its effect", "no")])
def test_a_card_told_by_its_kind_negates_what_the_story_says(base_expert, negates, expect):
    # "You can only activate 1 ... per turn": a negated activation does not count
    # (game-rules#once-per-turn.5)
    a = base_expert.ask("Can I activate my second copy of Chronomaly Technology this turn?", [
        "I activate Chronomaly Technology.",
        f"My opponent chains a Counter Trap and negates {negates}."])
    assert a.value == expect


def test_near_miss_a_card_told_by_its_kind_negating_it_says_not_what(base_expert):
    with pytest.raises(QuestionError, match="say what it negates"):
        base_expert.ask("Can I activate my second copy of Chronomaly Technology this turn?", [
            "I activate Chronomaly Technology.", "My opponent chains a Counter Trap and negates it."])


@pytest.mark.parametrize("card", ["Tragoedia", "Gorz the Emissary of Darkness"])
def test_a_summon_only_damage_allows_is_not_placed_in_the_battle_step(base_expert, card):
    # (hunt 96) "When you take battle damage: You can Special Summon this card from your hand":
    # that Summon is in the Damage Step, where a change makes no replay (game-rules#battle.8)
    with pytest.raises(QuestionError, match="say the step it is Summoned in"):
        base_expert.ask(f"My opponent's monster attacks directly. I Special Summon {card} from my "
                        "hand. Does a replay happen?")


def test_near_miss_the_damage_step_told_makes_no_replay(base_expert):
    a = base_expert.ask("My opponent's monster attacks directly. We enter the Damage Step. I "
                        "Special Summon Tragoedia from my hand. Does a replay happen?")
    assert a.value == "no"
    a = base_expert.ask("My opponent's monster attacks directly. I Special Summon a monster from my "
                        "hand. Does a replay happen?")
    assert a.value == "yes"


@pytest.mark.parametrize("question", [
    "Dark Hole: can my opponent chain Mystical Space Typhoon to it?",
    "Dark Hole: can my opponent activate Solemn Judgment in response to it?",
])
def test_the_topic_is_what_a_card_is_chained_to(base_expert, question):
    # "it" after "<card> to", "<card> in response to" is not that card: the topic before the colon
    a = base_expert.ask(question)
    assert a.value == "yes"
    assert "Dark Hole" in a.restated


def test_near_miss_a_thing_told_before_it_keeps_it(base_expert):
    with pytest.raises(QuestionError):
        base_expert.ask("Dark Hole: they summon a monster, can I chain Mystical Space Typhoon to it?")


def test_the_topic_is_the_card_a_told_response_is_chained_to(base_expert):
    a = base_expert.ask("Pot of Greed: my opponent chains Solemn Judgment to it. Do I draw 2 cards?")
    assert a.value == "no"
    assert a.restated == base_expert.ask(
        "My opponent chains Solemn Judgment to Pot of Greed. Do I draw 2 cards?").restated


def test_near_miss_a_response_told_of_another_thing_leaves_the_topic(base_expert):
    with pytest.raises(QuestionError):
        base_expert.ask("Pot of Greed: my opponent chains Solemn Judgment to the Summon. Do I draw "
                        "2 cards?")
