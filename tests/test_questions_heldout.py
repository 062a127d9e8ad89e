"""Wordings and readings found by the held-out probe (bench/heldout-probe.yaml): questions asked
the way players ask them, on cards the real-rulings file does not use.

For each: the wording on a card, the same form on another card, and a near miss that is refused
or answered differently: the cases of tests/fixtures/questions/heldout.yaml; here, the
reader on invented texts and checks a case cannot say."""

import pytest

from psct_expert.cards import Card
from psct_expert.errors import QuestionError
from psct_expert.reader import read_card

from question_helpers import ask, events


# -- "the banishment": the noun of "banish" names a part ---------------------------------------


def test_banishment_near_miss_no_such_part(base_expert):
    # Karma Cut destroys nothing: the question is refused, naming its parts
    with pytest.raises(QuestionError, match="no part that does 'destroy'"):
        ask(base_expert, "Are the destruction and the banishment of Karma Cut simultaneous?")


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


# -- a told move starts a trigger only if the trigger names it ------------------------------------
# (before, the told event was taken as the trigger's event unchecked: Mystic Tomato destroyed by Dark
# Hole, or Sangan returned to the hand, were answered "yes")


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


# -- bullets to choose from: the effect targets when every bullet targets -------------------------
# (before, "Activate 1 of these effects;" with two targeting bullets was answered "does not target")


def test_bullets_some_target_is_not_no(base_expert):
    expert = base_expert.with_cards([Card(
        name="Example Controller", kind="spell", subtypes=("quick-play",), pendulum_text=None,
        text="Activate 1 of these effects;\n● Target 1 face-up monster your opponent controls; change that "
             "target's battle position.\n● Destroy all Spells and Traps your opponent controls.")])
    spec, value = ask(expert, "Does Example Controller target?")
    assert value == "unknown"               # it depends on the bullet chosen


# -- a told Summon starts a Summon trigger only if it is the kind, by the player, from the place it names
# (before: Time-Space Trap Hole after a Normal Summon, or a Summon from the GY, and Trap Hole after a
# Special Summon were answered "yes")


def test_trigger_summon_facts_read():
    c = Card(name="Example Hole", kind="trap", subtypes=("normal",), pendulum_text=None,
             text="When your opponent Normal or Flip Summons a monster with 1000 or more ATK: Target that "
                  "monster; destroy that target.")
    facts = read_card(c).facts
    assert {f.get("kind") for f in facts if f.type == "trigger_summon_kind"} == {"normal", "flip"}
    assert [f.get("who") for f in facts if f.type == "trigger_summoner"] == ["opponent"]
    assert [f.type for f in facts if f.type == "trigger_extra"] == ["trigger_extra"]


