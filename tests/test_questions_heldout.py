"""Wordings and readings found by the held-out probe (bench/heldout-probe.yaml): questions asked
the way players ask them, on cards the real-rulings file does not use.

For each: the wording on a card, the same form on another card, and a near miss that is refused
or answered differently."""

import pytest

from psct_expert.cards import Card
from psct_expert.errors import QuestionError
from psct_expert.reader import read_card

from question_helpers import ask, events


# -- "I have already used X this turn": the perfect tense tells a use --------------------------

@pytest.mark.parametrize("card", ['Maxx "C"', "Ash Blossom & Joyous Spring"])
def test_have_already_used(base_expert, card):
    spec, value = ask(base_expert, f"I have already used {card} this turn. Can I use another {card} this turn?")
    assert spec["family"] == "again-this-turn"
    assert events(spec, "used")[0]["effect"]["card"] == card
    assert value == "no"


def test_have_already_used_near_miss(base_expert):
    # "have already drawn" is no use of an effect
    with pytest.raises(QuestionError):
        base_expert.parse('I have already drawn Maxx "C" this turn. Can I use another Maxx "C" this turn?')


# -- "I only have 9 cards in my Deck": "only" before the verb ----------------------------------

def test_only_have(base_expert):
    spec, value = ask(base_expert, "I only have 9 cards in my Deck. Can I activate Pot of Desires?")
    state = events(spec, "state")[0]
    assert (state["player"], state["place"], state["count"]) == ("you", "deck", 9)
    assert value == "no"


def test_only_have_enough(base_expert):
    spec, value = ask(base_expert, "I only have 12 cards in my Deck. Can I activate Pot of Desires?")
    assert events(spec, "state")[0]["count"] == 12
    assert value != "no"


# -- "Can I negate the activation of X with Y?", "Can the activation of X be negated by Y?" -----

@pytest.mark.parametrize("text", [
    'Can I negate the activation of Maxx "C" with Solemn Warning?',
    'Can the activation of Maxx "C" be negated by Solemn Warning?',
])
def test_negate_activation_player_and_passive(base_expert, text):
    spec, value = ask(base_expert, text)
    assert spec["family"] == "negate-activation"
    assert spec["negator"]["card"] == "Solemn Warning"
    assert value == "no"                     # Maxx "C" Special Summons nothing


@pytest.mark.parametrize("text", [
    "Can I negate the activation of Monster Reborn with Solemn Judgment?",
    "Can the activation of Polymerization be negated by Solemn Warning?",
])
def test_negate_activation_player_and_passive_yes(base_expert, text):
    spec, value = ask(base_expert, text)
    assert spec["family"] == "negate-activation"
    assert value == "yes"


def test_negate_activation_passive_near_miss(base_expert):
    # "negated" without the card that negates: no negator to ask about
    with pytest.raises(QuestionError):
        base_expert.parse("Can the activation of Polymerization be negated?")


# -- "the banishment": the noun of "banish" names a part ---------------------------------------

def test_banishment_names_a_part(base_expert):
    spec, value = ask(base_expert, "Are the destruction and the banishment of Bottomless Trap Hole simultaneous?")
    assert spec["family"] == "simultaneous"
    assert value == "yes"                    # "and if you do": at the same time


def test_banishment_near_miss_no_such_part(base_expert):
    # Karma Cut destroys nothing: the question is refused, naming its parts
    with pytest.raises(QuestionError, match="no part that does 'destroy'"):
        ask(base_expert, "Are the destruction and the banishment of Karma Cut simultaneous?")


# -- "the Normal Summon of X": done by the rules, not by an effect of X --------------------------

@pytest.mark.parametrize("negator, expected", [
    ("Solemn Warning", "yes"), ("Horn of Heaven", "yes"), ("Solemn Judgment", "yes"),
    ("Black Horn of Heaven", "no"),          # "would Special Summon" only
])
def test_normal_summon_of_a_card(base_expert, negator, expected):
    spec, value = ask(base_expert, f"Can {negator} negate the Normal Summon of Sangan?")
    assert spec["summon"]["kind"] == "normal"
    assert "by" not in spec["summon"]
    assert value == expected


def test_tribute_summon_is_a_normal_summon(base_expert):
    spec, value = ask(base_expert, "Can Solemn Strike negate the Tribute Summon of Dark Magician?")
    assert events(spec, "summon")[0]["summon-kind"] == "tribute"
    assert value == "no"                     # Solemn Strike: "would be Special Summoned"


def test_special_summon_of_a_card_still_by_its_effect(base_expert):
    # near miss: a Special Summon of the card is still the one its own effect makes
    spec, value = ask(base_expert, "Can Solemn Strike negate the Special Summon of Gorz the Emissary of Darkness?")
    assert spec["summon"]["by"]["select"] == "summons-self"
    assert value == "no"


# -- "You can only activate 1 "X" per turn" after another sentence: the card's activation -------

def _spell(text, subtypes=("normal",)):
    return read_card(Card(name="Example Pot", kind="spell", subtypes=subtypes, text=text, pendulum_text=None))


def _limits(reading):
    return {(f.get("effect"), f.get("kind")) for f in reading.facts if f.type == "once_per_turn"}


def test_card_activation_limit_after_a_restriction():
    r = _spell('Draw 2 cards. You cannot conduct your Battle Phase the turn you activate this card. '
               'You can only activate 1 "Example Pot" per turn.')
    assert ("Example Pot#1", "activate") in _limits(r)


def test_card_activation_limit_not_moved_on_a_continuous_spell():
    r = _spell('Once per turn: You can draw 1 card. During your End Phase: Send this card to the GY. '
               'You can only activate 1 "Example Pot" per turn.', subtypes=("continuous",))
    assert ("Example Pot#1", "activate") not in _limits(r)


def test_card_activation_limit_not_from_an_effect_limit():
    r = _spell('Draw 2 cards. You cannot conduct your Battle Phase the turn you activate this card. '
               'You can only use this effect of "Example Pot" once per turn.')
    assert ("Example Pot#1", "activate") not in _limits(r)


def test_card_activation_limit_in_a_question(base_expert):
    spec, value = ask(base_expert, "My Soul Charge's activation was negated by Solemn Judgment. "
                                   "Can I activate another Soul Charge this turn?")
    assert value == "yes"
    spec, value = ask(base_expert, "My first Soul Charge resolved this turn. Can I activate another Soul Charge this turn?")
    assert value == "no"


# -- a phase condition names whose turn it is ----------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("Can I activate Effect Veiler during my own Main Phase?", "no"),
    ("Can I activate Effect Veiler during my Main Phase?", "no"),
    ("Can I activate Effect Veiler during my opponent's Battle Phase?", "no"),   # the phase, not the turn
])
def test_phase_condition_other_turn(base_expert, text, expected):
    spec, value = ask(base_expert, text)
    assert events(spec, "phase")[0]["turn"] in ("you", "opponent")
    assert value == expected


def test_phase_condition_right_turn_not_refused_by_the_turn(base_expert):
    # near miss: the opponent activates it in my Main Phase, which is their opponent's Main Phase
    spec, value = ask(base_expert, "Can my opponent activate Effect Veiler during my Main Phase?")
    assert value != "no"


# -- "You can only use 1 "X" effect per turn, and only once that turn": one shared limit -----------

def test_one_effect_limit_read_on_every_effect():
    c = Card(name="Example Mist", kind="monster", subtypes=("effect",), pendulum_text=None,
             text='If this card is Special Summoned: You can draw 1 card. If this card is sent to the GY: '
                  'You can draw 1 card. You can only use 1 "Example Mist" effect per turn, and only once that turn.')
    r = read_card(c)
    assert {f.get("effect") for f in r.facts if f.type == "limit_one_effect"} == {"Example Mist#1", "Example Mist#2"}


def test_one_effect_limit_not_from_each_effect():
    c = Card(name="Example Mist", kind="monster", subtypes=("effect",), pendulum_text=None,
             text='If this card is Special Summoned: You can draw 1 card. If this card is sent to the GY: '
                  'You can draw 1 card. You can only use each effect of "Example Mist" once per turn.')
    assert not [f for f in read_card(c).facts if f.type == "limit_one_effect"]


def test_one_effect_limit_in_a_question(base_expert):
    spec, value = ask(base_expert, "I used Elemental HERO Shadow Mist's first effect this turn. "
                                   "Can I still use its second effect in the same turn?")
    assert spec["effect"]["n"] == 2
    assert value == "no"


def test_each_effect_limit_still_separate(base_expert):
    # near miss: "each effect of" gives every effect a limit of its own
    spec, value = ask(base_expert, "I used Sky Striker Ace - Raye's Tribute effect this turn. Can I still use "
                                   "Raye's effect that Special Summons it from the GY in the same turn?")
    assert value == "yes"


# -- an Equip Spell targets the monster it equips ------------------------------------------------

def test_equip_spell_targets(base_expert):
    spec, value = ask(base_expert, "Does Snatch Steal target the monster it takes control of?")
    assert value == "yes"


def test_non_equip_spell_without_target_word(base_expert):
    spec, value = ask(base_expert, "Does Dark Hole target?")
    assert value == "no"


# -- a told move starts a trigger only if the trigger names it ------------------------------------
# (before, the told event was taken as the trigger's event unchecked: Mystic Tomato destroyed by Dark
# Hole, or Sangan returned to the hand, were answered "yes")

@pytest.mark.parametrize("text", [
    "My opponent activates Dark Hole, nobody responds, and it destroys my Mystic Tomato. "
    "Can I activate Mystic Tomato's effect?",                         # "destroyed by battle"
    "My opponent activates Compulsory Evacuation Device, nobody responds, and it returns my Mystic Tomato "
    "to my hand. Can I activate Mystic Tomato's effect?",             # not destroyed
    "My opponent activates Compulsory Evacuation Device, nobody responds, and it returns my Sangan to my "
    "hand. Can I activate Sangan's effect?",                          # not sent to the GY
    "My opponent activates Dark Hole, nobody responds, and it destroys my Reborn Tengu. "
    "Can I activate Sangan's effect?",                                # another card
])
def test_told_move_not_the_trigger_event_is_never_yes(base_expert, text):
    spec, value = ask(base_expert, text)
    assert value != "yes"


@pytest.mark.parametrize("card", ["Sangan", "Reborn Tengu", "Witch of the Black Forest"])
def test_if_trigger_on_its_own_move_just_made(base_expert, card):
    spec, value = ask(base_expert, f"My opponent activates Dark Hole, nobody responds, and it destroys my {card}. "
                                   f"Can I activate {card}'s effect?")
    assert value == "yes"


def test_trigger_names_read():
    c = Card(name="Example Tomato", kind="monster", subtypes=("effect",), pendulum_text=None,
             text="When this card is destroyed by battle and sent to the GY: You can draw 1 card.")
    facts = read_card(c).facts
    assert {f.get("name") for f in facts if f.type == "trigger_names"} == {"destroyed", "sent-to-gy"}
    assert [f.get("by") for f in facts if f.type == "trigger_by"] == ["battle"]
    assert [f.type for f in facts if f.type == "trigger_self"] == ["trigger_self"]


def test_trigger_names_near_miss_battle_or_card_effect():
    c = Card(name="Example Bixi", kind="monster", subtypes=("effect",), pendulum_text=None,
             text="When a card you control is destroyed by battle or card effect: You can draw 1 card.")
    facts = read_card(c).facts
    assert not [f for f in facts if f.type in ("trigger_by", "trigger_self")]
    assert {f.get("name") for f in facts if f.type == "trigger_names"} == {"destroyed"}


# -- an archetype the cards write in lower case is a word of a name -------------------------------

def test_lower_case_archetype_in_a_question(base_expert):
    spec, value = ask(base_expert, "Satellarknight Sirius targets 5 tellarknight monsters in my GY, and one of them "
                                   "is banished in response. Do I still draw 1 card?")
    assert value == "no"


def test_lower_case_word_not_an_archetype_refused(base_expert):
    with pytest.raises(QuestionError, match="knightish"):
        base_expert.parse("Satellarknight Sirius targets 5 knightish monsters in my GY, and one of them "
                          "is banished in response. Do I still draw 1 card?")


# -- bullets to choose from: the effect targets when every bullet targets -------------------------
# (before, "Activate 1 of these effects;" with two targeting bullets was answered "does not target")

@pytest.mark.parametrize("card, expected", [
    ("Enemy Controller", "yes"),             # both bullets target
    ("Triple Tactics Talent", "no"),         # no bullet targets
])
def test_bullets_to_choose_from_targeting(base_expert, card, expected):
    spec, value = ask(base_expert, f"Does {card} target?")
    assert value == expected


def test_bullets_some_target_is_not_no(base_expert):
    expert = base_expert.with_cards([Card(
        name="Example Controller", kind="spell", subtypes=("quick-play",), pendulum_text=None,
        text="Activate 1 of these effects;\n● Target 1 face-up monster your opponent controls; change that "
             "target's battle position.\n● Destroy all Spells and Traps your opponent controls.")])
    spec, value = ask(expert, "Does Example Controller target?")
    assert value == "unknown"               # it depends on the bullet chosen


# -- "Are its effects negated?" after a told negating effect that targets: the target's effects ----

@pytest.mark.parametrize("card", ["Effect Veiler", "Breakthrough Skill"])
def test_its_effects_negated_is_the_target(base_expert, card):
    spec, value = ask(base_expert, f"I target my opponent's face-up monster with {card} and they chain Book of Moon "
                                   "to flip it face-down. Are its effects negated?")
    assert spec["family"] == "affected"
    assert spec["effect"]["card"] == card
    assert value == "no"                     # "that face-up monster": rechecked at resolution


def test_its_effects_negated_near_miss_no_negation(base_expert):
    # Compulsory Evacuation Device negates nothing: still refused
    with pytest.raises(QuestionError):
        base_expert.parse("I target my opponent's face-up monster with Compulsory Evacuation Device and they "
                          "chain Book of Moon to flip it face-down. Are its effects negated?")


def test_its_effect_negated_told_activation_unchanged(base_expert):
    spec, value = ask(base_expert, "My opponent's monster on the field activates its trigger effect, and I chain "
                                   "Effect Veiler targeting that monster. Is its effect negated?")
    assert spec["family"] == "effect-negated"
    assert value == "yes"


# -- "the discarded card", "the Tributed monster": the cost move names the card -----------------

@pytest.mark.parametrize("text, verb, expected", [
    ("My Twin Twisters is negated. Do I get the discarded card back?", "discard", "no"),
    ("My Horn of Heaven is negated by Solemn Judgment. Does the Tributed monster come back?", "tribute", "no"),
    ("My opponent negates the activation of my Lightning Vortex. Is the discarded card still in my GY?",
     "discard", "yes"),
])
def test_cost_named_by_participle(base_expert, text, verb, expected):
    spec, value = ask(base_expert, text)
    assert spec["verb"] == verb
    assert value == expected


def test_cost_participle_near_miss_no_such_cost(base_expert):
    # Lightning Vortex Tributes nothing: no answer is given about a cost it does not have
    spec, value = ask(base_expert, "My opponent negates the activation of my Lightning Vortex. "
                                   "Does the Tributed monster come back?")
    assert value == "unknown"


# -- a told Summon starts a Summon trigger only if it is the kind, by the player, from the place it names
# (before: Time-Space Trap Hole after a Normal Summon, or a Summon from the GY, and Trap Hole after a
# Special Summon were answered "yes")

@pytest.mark.parametrize("text", [
    "My opponent Normal Summons a monster. Can I activate Time-Space Trap Hole?",
    "My opponent Special Summons a monster from their GY. Can I activate Time-Space Trap Hole?",
    "My opponent Special Summons a monster. Can I activate Trap Hole?",                  # Normal or Flip only
    "My opponent Flip Summons a monster. Can I activate Bottomless Trap Hole?",          # its ATK is not told
    "I Normal Summon Elemental HERO Shadow Mist. Can I activate its first effect?",       # "Special Summoned"
    "I Special Summon a monster from my hand. Can I activate Time-Space Trap Hole?",     # "your opponent"
    "I Summon Elemental HERO Shadow Mist. Can I activate its first effect?",             # kind not said
    "My opponent Summons Sangan. Can I activate Trap Hole?",                               # kind not said
])
def test_told_summon_not_the_trigger_summon_is_never_yes(base_expert, text):
    spec, value = ask(base_expert, text)
    assert value != "yes"


@pytest.mark.parametrize("text", [
    "My opponent activates One for One, nobody responds, and it Special Summons a Level 1 monster from "
    "their hand. Can I activate Time-Space Trap Hole?",
    "My opponent Link Summons a monster from their Extra Deck. Can I activate Torrential Tribute in response to that Summon?",
    "I Normal Summon a monster. Can I activate Torrential Tribute?",                      # any player's Summon
])
def test_told_summon_the_trigger_names(base_expert, text):
    spec, value = ask(base_expert, text)
    assert value == "yes"


def test_trigger_summon_facts_read():
    c = Card(name="Example Hole", kind="trap", subtypes=("normal",), pendulum_text=None,
             text="When your opponent Normal or Flip Summons a monster with 1000 or more ATK: Target that "
                  "monster; destroy that target.")
    facts = read_card(c).facts
    assert {f.get("kind") for f in facts if f.type == "trigger_summon_kind"} == {"normal", "flip"}
    assert [f.get("who") for f in facts if f.type == "trigger_summoner"] == ["opponent"]
    assert [f.type for f in facts if f.type == "trigger_extra"] == ["trigger_extra"]


# -- a Pendulum Monster destroyed on the field is not sent to the GY -------------------------------

def test_destroyed_pendulum_monster_does_not_start_its_gy_trigger(base_expert):
    """A destroyed Pendulum Monster goes to the Extra Deck, so its "If this card is sent to the GY"
    trigger is not shown to start (it was answered yes); a non-Pendulum monster's still is."""
    _, value = ask(base_expert, "D/D Scale Surveyor is destroyed by my opponent's Dark Hole. "
                                "Can I activate D/D Scale Surveyor's third effect?")
    assert value != "yes"
    _, value = ask(base_expert, "Sangan is destroyed by my opponent's Dark Hole. Can I activate "
                                "Sangan's effect?")
    assert value == "yes"
