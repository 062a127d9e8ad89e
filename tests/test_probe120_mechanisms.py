"""Rounds 120 and 121 (the session after `d649081`): mechanisms of reading their questions, each
with its near miss."""

import pytest

from psct_expert.errors import QuestionError

pytestmark = pytest.mark.slow

_WITCH = "Can I activate Serene Psychic Witch's effect?"


@pytest.mark.parametrize("told", [
    "My opponent activates a Trap card that destroys my Serene Psychic Witch.",
    "My opponent activates a Quick-Play Spell that destroys my Serene Psychic Witch.",
    "My opponent activates a monster effect which destroys my Serene Psychic Witch.",
])
def test_an_unnamed_card_told_by_what_it_does(base_expert, told):
    # the activation of a card of that kind, then what it does: as "activates a Trap Card and
    # destroys my X" tells it; the Witch on the field destroyed alone can use its "When" effect
    a = base_expert.ask(_WITCH, [told])
    assert a.value == "yes"


def test_near_miss_the_unnamed_card_destroys_it_while_a_chain_resolves_on(base_expert):
    # a later link resolves after it: the destruction is not the last thing to happen
    a = base_expert.ask(_WITCH, ["I activate Dark Hole.", "My opponent chains a Trap card that "
                                 "destroys my Serene Psychic Witch."])
    assert a.value == "no"


def test_near_miss_an_unnamed_response_to_nothing_is_refused(base_expert):
    with pytest.raises(QuestionError, match="nothing was activated before it"):
        base_expert.ask(_WITCH, ["My opponent activates a Trap card that destroys my Serene "
                                 "Psychic Witch in response."])


# hunt 113: five wrong answers of the last session's mechanisms, each now right or refused

def test_a_restriction_binds_the_player_who_activated_it(base_expert):
    with pytest.raises(QuestionError, match="binds the player who activated it"):
        base_expert.ask("Am I still locked out of the Extra Deck this turn?", [
            "My opponent activates the first effect of Berlineth the Firestorm Vassal.",
            "It resolves."])


def test_near_miss_the_restriction_asked_of_the_player_who_activated_it(base_expert):
    a = base_expert.ask("I activate the first effect of Berlineth the Firestorm Vassal. It "
                        "resolves. Do I still get Berlineth the Firestorm Vassal's restriction?")
    assert a.value == "yes"


def test_copies_of_both_players_are_two_questions(base_expert):
    with pytest.raises(QuestionError, match="binds each player apart"):
        base_expert.ask("I control Crow Tengu and my opponent controls Crow Tengu. Can both "
                        "activate their effects in the same turn?")


def test_near_miss_two_copies_of_one_player(base_expert):
    a = base_expert.ask("I control two Crow Tengu. Can both activate their effects in the same turn?")
    assert a.value == "no"


_HERALDRY = ["I activate Charged-Up Heraldry.", "My opponent chains Magic Jammer.",
             "I chain Seven Tools of the Bandit to negate Magic Jammer."]


def test_a_negator_whose_negation_was_negated_may_have_negated(base_expert):
    with pytest.raises(QuestionError, match="Magic Jammer was chained to it"):
        base_expert.ask("Do I still get Charged-Up Heraldry's restriction?", _HERALDRY + [
            "My opponent chains Solemn Judgment to negate Seven Tools of the Bandit.",
            "The chain resolves."])


def test_near_miss_the_negator_negated_for_good(base_expert):
    a = base_expert.ask("Do I still get Charged-Up Heraldry's restriction?",
                        _HERALDRY + ["The chain resolves."])
    assert a.value == "yes"


_RETURN = ["I activate Black Return targeting my opponent's Summoned Skull.",
           "My opponent chains Forbidden Lance targeting Summoned Skull.", "The chain resolves."]


def test_a_part_done_to_a_player_is_not_stopped_by_the_targets_immunity(base_expert):
    a = base_expert.ask("Do I gain LP?", _RETURN)
    assert a.value != "no"


def test_near_miss_the_part_done_to_the_unaffected_target(base_expert):
    a = base_expert.ask("Is Summoned Skull returned to the hand?", _RETURN)
    assert a.value == "no" and "unaffected-target-not-affected" in a.rules()


def test_an_unnamed_negator_leaves_open_whether_a_continuous_trap_stays(base_expert):
    with pytest.raises(QuestionError, match="activation negated, or only its effect"):
        base_expert.ask("I activate Call of the Haunted targeting Dark Magician in my GY and my "
                        "opponent chains a card to negate it. Does Call of the Haunted stay on "
                        "the field?")


def test_near_miss_a_negator_whose_text_negates_the_activation(base_expert):
    a = base_expert.ask("I activate Call of the Haunted targeting Dark Magician in my GY and my "
                        "opponent chains Solemn Judgment to negate it. Does Call of the Haunted "
                        "stay on the field?")
    assert a.value == "no"


def test_the_attacker_named_after_with(base_expert):
    a = base_expert.ask("Can I activate Fiber Jar's effect?",
                        ["My opponent attacks my face-down Defense Position Fiber Jar with Ehren, "
                         "Lightsworn Monk."])
    assert a.spec["situation"][0]["kind"] == "attack"
    assert a.spec["entities"]["m1"]["card"] == "Ehren, Lightsworn Monk"


def test_near_miss_the_attacker_said_first(base_expert):
    a = base_expert.ask("Can my opponent activate Fiber Jar's effect?",
                        ["My Dark Magician attacks my opponent's face-down Fiber Jar."])
    assert a.spec["entities"]["m2"]["face"] == "down"


def test_the_chain_link_said_first(base_expert):
    a = base_expert.ask("Can I activate Suanni, Fire of the Yang Zing's effect?", [
        "My opponent activates a Spell Card.", "As Chain Link 2 they activate an effect that "
        "destroys my face-up Suanni, Fire of the Yang Zing.", "The Chain resolves."])
    assert a.value == "no" and "when-optional-misses-timing" in a.rules()


# hunt 114

def test_a_summon_told_by_its_effect_keeps_the_chain_link_said(base_expert):
    a = base_expert.ask("Can Solemn Judgment negate the Tribute Summon made by the third effect of "
                        "Ehther the Heavenly Monarch if that effect resolved as Chain Link 2?")
    assert a.value == "no" and "Chain Link 2" in a.restated


def test_near_miss_the_same_summon_as_chain_link_1(base_expert):
    a = base_expert.ask("Can Solemn Judgment negate the Tribute Summon made by the third effect of "
                        "Ehther the Heavenly Monarch if that effect resolved as Chain Link 1?")
    assert a.value == "yes" and "Chain Link 1" in a.restated


def test_a_summon_a_told_link_makes_is_asked_of_that_link(base_expert):
    with pytest.raises(QuestionError, match="makes a Tribute Summon when it resolves"):
        base_expert.ask("I activate Mystical Space Typhoon. My opponent chains Ehther the Heavenly "
                        "Monarch's third effect. Can I negate the Tribute Summon of Ehther the "
                        "Heavenly Monarch with Solemn Judgment?")


def test_an_optional_trigger_on_another_monsters_summon_is_not_in_the_damage_step(base_expert):
    a = base_expert.ask("My opponent's Mystic Tomato is destroyed by battle. My opponent activates "
                        "Mystic Tomato's effect and Special Summons Sangan. Can I activate "
                        "Superheavy Samurai Kabuto's effect?")
    assert a.value == "no" and "other-card-trigger-not-in-damage-step" in a.rules()


def test_near_miss_the_same_trigger_outside_the_damage_step(base_expert):
    a = base_expert.ask("My opponent Special Summons Sangan. Can I activate Superheavy Samurai "
                        "Kabuto's effect?")
    assert "other-card-trigger-not-in-damage-step" not in a.rules()


def test_a_summon_by_the_rules_told_in_the_battle_is_refused(base_expert):
    with pytest.raises(QuestionError, match="only in its player's own Main Phase"):
        base_expert.ask("My opponent's monster attacks. I Normal Summon Sangan. Does a replay happen?")


def test_near_miss_a_summon_by_the_rules_in_the_main_phase(base_expert):
    a = base_expert.ask("My opponent Normal Summons Sangan. Can I negate it with Solemn Warning?")
    assert a.value == "yes"


@pytest.mark.parametrize("question, value", [
    ("My opponent Normal Summons Sangan. Can I activate Solemn Warning?", "yes"),
    ("My opponent Normal Summons Sangan. Can I activate Solemn Strike?", "no"),
])
def test_a_summon_negators_activation_after_a_summon_told_last(base_expert, question, value):
    # its one effect can only answer that Summon: whether it negates it
    a = base_expert.ask(question)
    assert a.value == value and a.family == "negate-summon"


def test_near_miss_a_card_of_another_use_keeps_its_activation_question(base_expert):
    a = base_expert.ask("My opponent Normal Summons Sangan. Can I activate Mystical Space Typhoon?")
    assert a.family == "can-activate-now"


_MARINA = "Mariña, Princess of Sunflowers"


def test_its_own_card_gone_before_it_resolves_is_said_to_the_rules(base_expert):
    # "This card must be face-up on the field to activate and to resolve this effect"
    a = base_expert.ask("Does the target still get destroyed?", [
        f"{_MARINA}'s effect triggers and I target 1 card my opponent controls.",
        f"My opponent responds by banishing {_MARINA}."])
    assert a.value == "no" and "resolve-condition-self-face-up" in a.rules()


def test_near_miss_nothing_happened_to_its_card(base_expert):
    a = base_expert.ask("Does the target get destroyed?", [
        f"I activate {_MARINA}'s effect, targeting 1 card my opponent controls."])
    assert "resolve-condition-self-face-up" not in a.rules()


def test_a_possessive_written_with_the_apostrophe_alone(base_expert):
    a = base_expert.ask("Can Tiras' effect target a face-down card?")
    assert "Tiras, Keeper of Genesis" in a.restated
    # near miss: a quotation closed after a word ending in "s" is not a possessive
    from psct_expert.rereading import relex_around_names
    said = "It says 'discard 2 cards' and then? Can I?"
    assert relex_around_names(said, base_expert.db, base_expert.kb.families).text == said


# hunt 115

_HAUNTED = ["I activate Call of the Haunted targeting Dark Magician in my GY.",
            "My opponent chains Solemn Judgment to negate it."]


def test_a_negation_whose_negator_was_negated_never_happened(base_expert):
    a = base_expert.ask("Does Call of the Haunted stay on the field?", _HAUNTED + [
        "I chain Seven Tools of the Bandit to negate Solemn Judgment.", "The chain resolves."])
    assert a.value != "no"


def test_near_miss_the_negation_stands(base_expert):
    a = base_expert.ask("Does Call of the Haunted stay on the field?",
                        _HAUNTED + ["The chain resolves."])
    assert a.value == "no"


def test_both_copies_are_the_copies_told_not_the_card_activated_last(base_expert):
    a = base_expert.ask("Can both activate their effects this turn?", [
        "I control two Sangan.", "My opponent activates Dark Hole.", "It resolves."])
    assert a.value == "no" and "Sangan" in a.restated


def test_near_miss_two_cards_of_two_names_are_two_questions(base_expert):
    with pytest.raises(QuestionError, match="each of which copies"):
        base_expert.ask("Can both activate their effects this turn?",
                        ["I control Sangan and Witch of the Black Forest."])


def test_a_told_move_of_a_link_a_negating_card_was_chained_to_is_refused(base_expert):
    with pytest.raises(QuestionError, match="Seven Tools of the Bandit was chained"):
        base_expert.ask("Can I activate the effect of Sangan?", [
            "I control Sangan.", "My opponent activates a Trap Card that destroys my Sangan.",
            "I chain Seven Tools of the Bandit."])


def test_near_miss_the_link_told_negated_did_nothing(base_expert):
    a = base_expert.ask("Can I activate the effect of Sangan?", [
        "I control Sangan.", "My opponent activates a Trap Card that destroys my Sangan.",
        "I chain Seven Tools of the Bandit to negate it."])
    assert a.value != "yes"


def test_a_summon_negating_text_with_no_condition_read_is_asked_of_the_summon(base_expert):
    with pytest.raises(QuestionError, match="Forced Back negates a Summon"):
        base_expert.ask("Can I activate Forced Back?", ["My opponent Tribute Summons Jinzo."])


def test_near_miss_a_trap_that_answers_the_summon_after_it(base_expert):
    a = base_expert.ask("Can I activate Trap Hole?", ["My opponent Tribute Summons Jinzo."])
    assert a.value == "no"


def test_a_sent_to_the_gy_trigger_after_a_battle_shows_the_damage_step(base_expert):
    a = base_expert.ask("Can I activate the effect of Superheavy Samurai Kabuto?", [
        "I control Superheavy Samurai Kabuto.",
        "My opponent's Peten the Dark Clown is destroyed by battle.",
        "My opponent activates Peten the Dark Clown's effect and Special Summons Peten the Dark "
        "Clown."])
    assert a.value == "no" and "other-card-trigger-not-in-damage-step" in a.rules()


def test_near_miss_the_same_trigger_after_a_card_effect(base_expert):
    a = base_expert.ask("Can I activate the effect of Superheavy Samurai Kabuto?", [
        "I control Superheavy Samurai Kabuto.",
        "My opponent's Peten the Dark Clown is destroyed by Dark Hole.",
        "My opponent activates Peten the Dark Clown's effect and Special Summons Peten the Dark "
        "Clown."])
    assert "other-card-trigger-not-in-damage-step" not in a.rules()


@pytest.mark.parametrize("told, asker", [
    ("My opponent's Cyber Dragon attacks me directly.", "I"),
    ("My Cyber Dragon attacks my opponent directly.", "my opponent"),
])
def test_a_monster_named_attacks_directly(base_expert, told, asker):
    a = base_expert.ask(f"Can {asker} activate Battle Fader's effect?", [told])
    assert a.value == "yes" and a.spec["situation"][0]["target"] == "direct"


def test_near_miss_the_attacker_attacks_its_own_player(base_expert):
    a = base_expert.ask("Can I activate Battle Fader's effect?",
                        ["My Cyber Dragon attacks my opponent directly."])
    assert a.value != "yes"


def test_a_part_that_places_a_card_from_the_deck_cannot_be_done_without_it(base_expert):
    a = base_expert.ask("I have no Black Whirlwind in my Deck. Can I activate Blackwing - Simoon "
                        "the Poison Wind's effect?")
    assert a.value == "no" and "required-first-part-impossible" in a.rules()


def test_near_miss_the_card_to_place_is_in_the_deck(base_expert):
    a = base_expert.ask("I have Black Whirlwind in my Deck. Can I activate Blackwing - Simoon the "
                        "Poison Wind's effect?")
    assert "required-first-part-impossible" not in a.rules()


# hunt 116

def test_a_negation_the_negating_cards_text_cannot_make_is_refused(base_expert):
    with pytest.raises(QuestionError, match="negates only the activation of a monster effect"):
        base_expert.ask("Does Call of the Haunted stay on the field?", [
            "I activate Call of the Haunted targeting Dark Magician in my GY.",
            "My opponent chains Solemn Strike to negate it.", "The chain resolves."])


def test_near_miss_a_negation_its_text_makes(base_expert):
    a = base_expert.ask("Does Call of the Haunted stay on the field?", [
        "I activate Call of the Haunted targeting Dark Magician in my GY.",
        "My opponent chains Solemn Judgment to negate it.", "The chain resolves."])
    assert a.value == "no"


def test_a_response_that_moves_another_card_leaves_the_target_alone(base_expert):
    a = base_expert.ask("Does the target still get destroyed?", [
        "I activate Crow Tengu's effect, targeting 1 Attack Position monster my opponent controls.",
        "My opponent responds by banishing a card in my GY."])
    assert a.value != "no"


def test_near_miss_the_response_moves_the_target(base_expert):
    a = base_expert.ask("Does the target still get destroyed?", [
        "I activate Crow Tengu's effect, targeting 1 Attack Position monster my opponent controls.",
        "My opponent responds by banishing that monster."])
    assert a.value == "no"


def test_a_monster_tributed_after_activating_its_effect_still_resolves_it(base_expert):
    a = base_expert.ask("Does the target still get destroyed?", [
        "I activate Mobius the Frost Monarch's effect, targeting 1 Spell my opponent controls.",
        "My opponent responds by Tributing Mobius the Frost Monarch."])
    assert a.value == "yes" and "removed-card-still-resolves" in a.rules()


def test_parts_said_by_their_number(base_expert):
    a = base_expert.ask("If part 1 of Knightmare Phoenix cannot be done, is part 2 done?")
    assert a.value == "no" and "if part 1 cannot be done" in a.restated


def test_near_miss_an_also_part_stands_alone(base_expert):
    a = base_expert.ask("Is part 2 of Pot of Duality done if part 1 fails?")
    assert a.value == "yes"


def test_a_line_told_earlier_is_read_first(base_expert):
    a = base_expert.ask("Can I activate Torrential Tribute?", [
        "My opponent Flip Summons a monster.",
        "Earlier this turn, my opponent activated Pot of Greed."])
    assert a.value == "yes"


def test_a_trap_that_answers_a_summon_in_a_damage_step_an_activation_shows(base_expert):
    a = base_expert.ask("Can I activate Torrential Tribute?", [
        "My opponent's Peten the Dark Clown is destroyed by battle.",
        "My opponent activates Peten the Dark Clown's effect and Special Summons Peten the Dark "
        "Clown."])
    assert a.value == "no" and "summon-answering-card-not-in-damage-step" in a.rules()
