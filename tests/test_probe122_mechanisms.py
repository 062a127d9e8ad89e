"""Rounds 122 and 123 (the session after `bc5fda7e`): mechanisms of reading their questions, each
with its near miss."""

import pytest

from psct_expert.errors import QuestionError

pytestmark = pytest.mark.slow

_SUANNI = "Can I activate Suanni, Fire of the Yang Zing's effect?"
_CHAIN = ["My opponent activates a Spell Card as Chain Link 1.",
          "As Chain Link 2 they activate an effect that destroys my face-up Suanni, Fire of the "
          "Yang Zing."]


def test_a_link_named_by_its_number_resolves_alone(base_expert):
    # "Chain Link 2 resolves and X is destroyed, then Chain Link 1 resolves": the destruction
    # (what Chain Link 2 was told to do, said again) is followed by Chain Link 1 resolving, so the
    # "When ... destroyed" effect misses the timing
    a = base_expert.ask(_SUANNI, [*_CHAIN, "Chain Link 2 resolves and Suanni is destroyed and "
                                  "sent to my GY, then Chain Link 1 resolves."])
    assert a.value == "no"
    assert "when-optional-misses-timing" in {s.rule for p in a.proofs["no"] for s in p.steps}


def test_near_miss_the_destruction_is_the_last_link(base_expert):
    # the same card destroyed by Chain Link 1, the last link to resolve: its event is last
    a = base_expert.ask(_SUANNI, ["My opponent activates a Trap Card that destroys my face-up "
                                  "Suanni, Fire of the Yang Zing.", "It resolves."])
    assert a.value == "yes"


def test_near_miss_a_link_number_no_activation_was_told_as(base_expert):
    with pytest.raises(QuestionError):
        base_expert.ask(_SUANNI, [*_CHAIN, "Chain Link 3 resolves."])


_PARSHATH = ["My opponent negates the activation of Rebirth of Parshath."]


@pytest.mark.parametrize("told", [
    "I activate Rebirth of Parshath, discarding a card and paying 1000 LP.",
    "I activate Rebirth of Parshath by discarding a card and paying 1000 LP.",
])
def test_two_costs_told_with_one_activation(base_expert, told):
    # each cost is checked against the card's own costs; the question says which one it asks of
    a = base_expert.ask("Is the 1000 LP still paid?", [told, *_PARSHATH])
    assert a.value == "yes"
    assert "pay" in a.restated.lower()


def test_near_miss_a_second_cost_the_card_does_not_have(base_expert):
    # Lightning Vortex's cost is a discard only: the second cost told is checked, and refused
    with pytest.raises(QuestionError, match="cost is not 'and paying 1000 LP'"):
        base_expert.ask("Is the 1000 LP still paid?", [
            "I activate Lightning Vortex, discarding a card and paying 1000 LP.",
            "My opponent negates the activation of Lightning Vortex."])


def test_two_face_up_copies_told(base_expert):
    # "I control two face-up X": two copies on the field; a soft "Once per turn" binds each copy
    a = base_expert.ask("Can both use their effect this turn?",
                        ["I control two face-up Destiny HERO - Diamond Dude."])
    assert a.value == "yes"


def test_near_miss_two_face_up_copies_of_a_hard_limit(base_expert):
    a = base_expert.ask("Can both use their effect this turn?", ["I control two face-up Sangan."])
    assert a.value == "no"


def test_a_monster_told_in_battle_is_said_again_by_its_name(base_expert):
    # "... attacks my face-down Fiber Jar. Fiber Jar is flipped face-up": the attacked monster
    # flipped (not another card of that name); the attacker has an effect of its own, so it stays
    # unknown, but the flip is the attacked monster's: "what happened to it" is no longer missing
    a = base_expert.ask("Does Fiber Jar's FLIP effect happen?", [
        "My opponent's Ehren, Lightsworn Monk attacks my face-down Fiber Jar.",
        "Fiber Jar is flipped face-up."])
    assert a.value == "unknown"
    assert not any("flipped-face-up" in m for m in a.missing)


def test_near_miss_another_monster_attacked(base_expert):
    with pytest.raises(QuestionError, match="not the monster told to be attacked"):
        base_expert.ask("Does Fiber Jar's FLIP effect happen?", [
            "My opponent's Ehren, Lightsworn Monk attacks my face-down Man-Eater Bug.",
            "Fiber Jar is flipped face-up."])


# hunt 118: three wrong answers of the game beyond the guides, each now right or refused

@pytest.mark.parametrize("link, value", [(2, "no"), (1, "yes")])
def test_a_summon_made_by_an_effect_of_a_monster_of_that_kind(base_expert, link, value):
    # "the Link Summon made by the effect of X": the Summon X's effect makes, never X's own Link
    # Summon; made as Chain Link 2 it cannot be negated, after a Chain of one it can
    a = base_expert.ask(f"Can Solemn Strike negate the Link Summon made by the effect of I:P "
                        f"Masquerena if that effect resolved as Chain Link {link}?")
    assert a.value == value
    assert "Link Monster by the first effect of I:P Masquerena" in a.restated


def test_near_miss_an_effect_that_makes_no_summon_of_that_kind(base_expert):
    with pytest.raises(QuestionError, match="makes no Link Summon"):
        base_expert.ask("Can Solemn Strike negate the Link Summon made by the effect of Sangan?")


_ARMED = "Dark Armed, the Dragon of Annihilation"


def test_a_restriction_on_this_card_ends_when_the_card_moves(base_expert):
    # "also, this card cannot attack for the rest of this turn": the card Summoned again is a new
    # card (game-rules#resolution.4)
    a = base_expert.ask(f"Does {_ARMED}'s restriction still apply?", [
        f"{_ARMED}'s effect resolves.", f"{_ARMED} is destroyed.",
        f"I Special Summon {_ARMED} from my GY."])
    assert a.value == "no"
    assert "self-restriction-card-moved" in {s.rule for p in a.proofs["no"] for s in p.steps}


def test_near_miss_the_restricted_card_stays(base_expert):
    a = base_expert.ask(f"Does {_ARMED}'s restriction still apply?", [f"{_ARMED}'s effect resolves."])
    assert a.value == "yes"


def test_an_attack_lock_ends_when_another_attack_is_declared(base_expert):
    a = base_expert.ask("Can my opponent activate Mirror Force?", [
        "My Number S39: Utopia the Lightning attacks.", "My Borreload Dragon attacks."])
    assert a.value == "yes"


def test_near_miss_the_locking_monster_attacks_last(base_expert):
    a = base_expert.ask("Can my opponent activate Mirror Force?", [
        "My Borreload Dragon attacks.", "My Number S39: Utopia the Lightning attacks."])
    assert a.value == "no"


# hunt 117 and round 123: stories told as players tell them

_CERBEREUS = "Can I activate Hazy Flame Cerbereus's effect?"


def test_a_passive_summon_after_a_passive_move_is_the_same_resolution(base_expert):
    # "I activate Circle of the Fire Kings. X is destroyed and a FIRE monster is Special Summoned":
    # both what Circle did ("destroy ..., and if you do, Special Summon"), simultaneous
    a = base_expert.ask(_CERBEREUS, ["I activate Circle of the Fire Kings.", "Hazy Flame Cerbereus "
                                     "is destroyed and a FIRE monster is Special Summoned from my GY."])
    assert a.value == "yes"


def test_near_miss_a_card_that_summons_nothing(base_expert):
    # Dark Hole Summons nothing: the Summon is the player's, after the destruction
    a = base_expert.ask(_CERBEREUS, ["I activate Dark Hole.", "Hazy Flame Cerbereus is destroyed "
                                     "and a FIRE monster is Special Summoned from my GY."])
    assert a.value == "no"


def test_a_then_part_with_a_condition_of_its_own_is_not_assumed_done(base_expert):
    # "..., then if both monsters were destroyed, inflict damage": the condition decides, never
    # "B follows A"
    a = base_expert.ask("If part 1 of Ignition Beast Volcannon's effect cannot be done, is part 3 "
                        "still done?")
    assert a.value != "yes"


def test_near_miss_a_then_part_with_no_condition(base_expert):
    a = base_expert.ask("If part 1 of Pot of Avarice's effect cannot be done, is part 2 still done?")
    assert a.value == "no"


def test_an_archetype_monster_attacks(base_expert):
    # read (no longer refused); whether the attacker is LIGHT is not told, so it stays unknown
    a = base_expert.ask("Can I activate Honest's effect?",
                        ['My "Trickstar" monster attacks an opponent\'s monster.'])
    assert a.value == "unknown"


def test_a_holding_said_in_apposition(base_expert):
    a = base_expert.ask("Can I chain Seven Tools of the Bandit?", [
        "I activate a Spell Card.",
        "My opponent, who controls a Synchro Monster, chains Solemn Judgment to negate it."])
    assert a.value == "yes"


def test_a_second_copy_on_the_field(base_expert):
    a = base_expert.ask("Can I activate the quick effect of my second Libero Spiker this turn?", [
        "It is my opponent's Main Phase.", "I activate the Quick Effect of one U.A. Libero Spiker.",
        "My opponent negates that activation.", "I have a second U.A. Libero Spiker on the field."])
    assert a.value == "no"


def test_a_continuous_spell_effect_is_refused_as_two_things(base_expert):
    # the activation of a Continuous Spell Card, or an effect of one face-up: Solemn Judgment
    # answers only the first
    with pytest.raises(QuestionError, match="or an effect of one already face-up"):
        base_expert.ask("Can I chain Solemn Judgment?",
                        ["My opponent activates a Continuous Spell effect."])


def test_near_miss_a_continuous_spell_card_activated(base_expert):
    a = base_expert.ask("Can I chain Solemn Judgment?", ["My opponent activates a Continuous Spell."])
    assert a.value == "yes"


def test_an_intention_told_as_the_last_line_is_asked_too(base_expert):
    # "I now want to activate Pot of Desires again.": asked as "Can I activate it?" with the
    # question, both answered the same
    a = base_expert.ask("Can I activate Pot of Desires?", [
        "I activate Pot of Desires.", "It resolves.", "I now want to activate Pot of Desires again."])
    assert a.value == "no"
    assert " / " in a.restated


def test_near_miss_an_intention_told_before_other_lines_is_not_moved(base_expert):
    with pytest.raises(QuestionError):
        base_expert.ask("Can I activate Pot of Desires?", [
            "I want to activate Pot of Desires.", "I activate Pot of Desires.", "It resolves."])


@pytest.mark.parametrize("q", [
    "Shien's Footsoldier got destroyed by battle. can i use its effect even tho we're in the "
    "damage step?",
    "Shien's Footsoldier got destroyed by battle. Can I use its effect in the Damage Step?",
])
def test_the_damage_step_said_as_a_concession(base_expert, q):
    a = base_expert.ask(q)
    assert a.value == "yes"
    assert "in the Damage Step" in a.restated


def test_a_summon_in_the_damage_step_said_with_the_battle(base_expert):
    a = base_expert.ask("Can I use Naturia Antjaw off that summon?", [
        "During battle, in the Damage Step, my opponent Special Summons a monster with an effect.",
        "I control face-up Naturia Antjaw."])
    assert a.value == "no"
    assert "in the Damage Step" in a.restated


def test_an_attack_in_its_battle_phase_tells_the_phase(base_expert):
    # Eda's Quick Effect is "During your opponent's Main Phase": not in their Battle Phase
    a = base_expert.ask("My opponent attacks during their Battle Phase. Can I use Eda the Sun "
                        "Magician's quick effect right there?")
    assert a.value == "no"
    assert "Battle Phase" in a.restated


def test_near_miss_an_attack_with_no_phase_said(base_expert):
    a = base_expert.ask("My opponent attacks. Can I use Eda the Sun Magician's quick effect?")
    assert a.value == "unknown"


# hunt 119: the chain-link stories and the Summon told after a move, each now right or refused

_SUANNI_DH = ["My opponent activates Dark Hole.", "I chain Mystical Space Typhoon."]


def test_chain_link_1_destroys_last(base_expert):
    a = base_expert.ask(_SUANNI, [*_SUANNI_DH, "Chain Link 2 resolves, then Chain Link 1 resolves "
                                  "and Suanni, Fire of the Yang Zing is destroyed."])
    assert a.value == "yes"


def test_near_miss_the_chain_resolves_and_which_link_destroyed_is_not_said(base_expert):
    # Dark Hole and Mystical Space Typhoon both destroy: which link did it decides the answer
    with pytest.raises(QuestionError, match="done by which Chain Link"):
        base_expert.ask(_SUANNI, [*_SUANNI_DH, "The chain resolves and Suanni, Fire of the Yang "
                                  "Zing is destroyed."])


def test_a_response_that_destroys_told_resolving_again(base_expert):
    # the response's destruction, said again as Chain Link 2 resolves: Chain Link 1 resolves after
    a = base_expert.ask(_SUANNI, [
        "My opponent activates a Spell Card.", "In response to Chain Link 1, they activate a Trap "
        "Card that destroys my face-up Suanni, Fire of the Yang Zing.",
        "Chain Link 2 resolves and Suanni is destroyed and sent to my GY, then Chain Link 1 "
        "resolves."])
    assert a.value == "no"


def test_near_miss_chain_link_1_told_to_destroy_it(base_expert):
    a = base_expert.ask(_SUANNI, [
        "My opponent activates a Spell Card that destroys my face-up Suanni, Fire of the Yang Zing.",
        "In response to Chain Link 1, they activate a Trap Card.",
        "Chain Link 2 resolves, then Chain Link 1 resolves and Suanni is destroyed and sent to my "
        "GY."])
    assert a.value == "yes"


@pytest.mark.parametrize("summoned", ["a WATER monster is Special Summoned from my hand",
                                      "a FIRE monster is Special Summoned from my Deck",
                                      "a FIRE monster is Special Summoned from my opponent's GY"])
def test_a_summon_the_activated_card_cannot_make_is_not_its_summon(base_expert, summoned):
    a = base_expert.ask(_CERBEREUS, ["I activate Circle of the Fire Kings.",
                                     f"Hazy Flame Cerbereus is destroyed and {summoned}."])
    assert a.value == "no"


@pytest.mark.parametrize("said", ["a Spell effect", "a Trap Card effect"])
def test_a_spell_or_trap_effect_is_refused_as_two_things(base_expert, said):
    with pytest.raises(QuestionError, match="or an effect of one already face-up"):
        base_expert.ask("Can I chain Dark Bribe?", [f"My opponent activates {said}."])


def test_near_miss_a_quick_play_spell_effect(base_expert):
    # a Quick-Play Spell's effect is activated with the card itself
    a = base_expert.ask("Can I chain Dark Bribe?", ["My opponent activates a Quick-Play Spell effect."])
    assert a.value == "yes"


def test_an_effect_the_story_tells_ambiguously_is_not_an_existential_question(base_expert):
    # the story's "its effect" (which of two): never "yes when one of the story's readings allows
    # it" (the second effect used would leave the first free)
    a = base_expert.ask("I control two Pulao, Wind of the Yang Zing. The first one is destroyed and I "
                        "use its effect. The second Pulao, Wind of the Yang Zing is destroyed by a "
                        "card effect. Can I use the first effect of Pulao, Wind of the Yang Zing?")
    assert a.value != "yes"


def test_near_miss_the_story_names_the_other_effect(base_expert):
    a = base_expert.ask("I control two Pulao, Wind of the Yang Zing. The first one is destroyed. I use "
                        "the second effect of Pulao, Wind of the Yang Zing. The second Pulao, Wind "
                        "of the Yang Zing is destroyed by a card effect. Can I use the first effect "
                        "of Pulao, Wind of the Yang Zing?")
    assert a.value != "no"


def test_the_refusal_names_what_stops_once_the_lines_read(base_expert):
    # "Later that turn ..." reads through the lexicon; what is still missing is whose turn it is
    with pytest.raises(QuestionError, match="whose turn"):
        base_expert.ask("Can I use Chocolate Magician Girl's effect again this turn?", [
            "It is Main Phase 1.", "I use Chocolate Magician Girl's effect.",
            "Later that turn it is returned to my hand."])


def test_near_miss_the_refusal_names_the_later_line_still_unread(base_expert):
    with pytest.raises(QuestionError, match="scenario line 2"):
        base_expert.ask("Does Fiber Jar's FLIP effect happen?", [
            "My opponent attacks my face-down Defense Position Fiber Jar with Ehren, Lightsworn Monk.",
            "Fiber Jar is flipped face-up before damage calculation."])


# hunt 120

def test_a_named_monster_the_activated_card_can_summon(base_expert):
    a = base_expert.ask("Can I activate the effect of Hazy Flame Cerbereus?", [
        "I control Hazy Flame Cerbereus.", "I activate Circle of the Fire Kings targeting Hazy "
        "Flame Cerbereus and Red Resonator in my GY.", "Hazy Flame Cerbereus is destroyed and Red "
        "Resonator is Special Summoned from my GY."])
    assert a.value == "yes"


def test_near_miss_a_named_monster_of_another_attribute(base_expert):
    a = base_expert.ask(_CERBEREUS, ["I activate Circle of the Fire Kings.", "Hazy Flame Cerbereus "
                                     "is destroyed and Mermail Abyssgunde is Special Summoned from "
                                     "my GY."])
    assert a.value == "no"


def test_the_set_card_its_own_activation_targets(base_expert):
    # "Mystical Space Typhoon resolves and destroys the Set card": its own target, not the monster
    # Chain Link 1 targets; Raigeki Break destroys Peten last
    a = base_expert.ask("Can I activate the effect of Peten the Dark Clown?", [
        "I control face-up Peten the Dark Clown.",
        "My opponent activates Raigeki Break targeting my face-up Peten the Dark Clown.",
        "I chain Mystical Space Typhoon targeting a Set card my opponent controls.",
        "Mystical Space Typhoon resolves and destroys the Set card.",
        "Raigeki Break resolves and destroys Peten the Dark Clown."])
    assert a.value == "yes"


def test_copies_asked_with_a_phase_told_are_refused(base_expert):
    with pytest.raises(QuestionError, match="asked of its once-per-turn limit"):
        base_expert.ask("Can both use their effect this turn?", [
            "I control two face-up Destiny HERO - Diamond Dude.", "It is my opponent's turn."])


def test_copies_on_the_field_of_an_effect_used_from_the_hand(base_expert):
    with pytest.raises(QuestionError, match="used from the hand"):
        base_expert.ask("Can both use their effect this turn?", ["I control two Effect Veiler."])


def test_near_miss_copies_in_the_hand(base_expert):
    a = base_expert.ask("Can both use their effect this turn?",
                        ["I have two Effect Veiler in my hand."])
    assert a.value == "yes"


@pytest.mark.parametrize("q, lines", [
    ("Can Solemn Warning negate a Spell Card?", []),
    ("Can I activate Solemn Warning?", ["My opponent activates a Spell Card."]),
])
def test_a_summon_negator_against_a_card_known_only_by_its_kind(base_expert, q, lines):
    # whether "a Spell Card" Special Summons is not known
    assert base_expert.ask(q, lines).value == "unknown"


def test_near_miss_a_named_spell_that_summons_nothing(base_expert):
    assert base_expert.ask("Can Solemn Warning negate Pot of Greed?").value == "no"


# hunt 121

def test_the_attribute_of_the_destroyed_monster_is_not_the_summoned_ones(base_expert):
    # Hydor: "destroy 1 WATER monster ..., and if you do, Special Summon that target"
    a = base_expert.ask("Can I activate Bixi, Water of the Yang Zing's effect?", [
        "I control Bixi, Water of the Yang Zing.",
        "I activate Hydor, the Base of All Things targeting Hazy Flame Cerbereus in my GY.",
        "Bixi, Water of the Yang Zing is destroyed and Hazy Flame Cerbereus is Special Summoned "
        "from my GY."])
    assert a.value == "yes"


@pytest.mark.parametrize("told", [
    "Hazy Flame Cerbereus is destroyed and a Wild Fire Token is Special Summoned.",
    "It resolves and Hazy Flame Cerbereus is destroyed.",
])
def test_a_summon_after_then_follows_the_destruction(base_expert, told):
    # Wild Fire: "destroy ..., and if you do, destroy as many monsters ..., then, Special Summon 1
    # Wild Fire Token": the Token comes after the destruction
    a = base_expert.ask(_CERBEREUS, ["I activate Wild Fire.", told])
    assert a.value == "no"


def test_near_miss_a_summon_joined_by_and_if_you_do(base_expert):
    a = base_expert.ask(_CERBEREUS, ["I activate Circle of the Fire Kings.", "Hazy Flame Cerbereus "
                                     "is destroyed and a FIRE monster is Special Summoned from my GY."])
    assert a.value == "yes"


def test_that_card_is_its_own_target(base_expert):
    a = base_expert.ask("Can I activate the effect of Peten the Dark Clown?", [
        "I control face-up Peten the Dark Clown.",
        "My opponent activates Raigeki Break targeting my face-up Peten the Dark Clown.",
        "I chain Mystical Space Typhoon targeting a Set card my opponent controls.",
        "Mystical Space Typhoon resolves and destroys that card.",
        "Raigeki Break resolves and destroys Peten the Dark Clown."])
    assert a.value == "yes"


def test_a_self_trigger_is_never_bound_to_another_cards_move(base_expert):
    # Raigeki Break's destruction of Peten is not told: never MST's destruction of the Set card
    a = base_expert.ask("Can I activate the effect of Peten the Dark Clown?", [
        "I control face-up Peten the Dark Clown.",
        "My opponent activates Raigeki Break targeting my face-up Peten the Dark Clown.",
        "I chain Mystical Space Typhoon targeting my opponent's Set card.",
        "Mystical Space Typhoon resolves and destroys the Set card.", "Raigeki Break resolves."])
    assert a.value == "unknown"
