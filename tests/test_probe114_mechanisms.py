"""Round 114 (dev) and hunt 105: a card and a quotation of its text said as a sentence before the
question; "X: when I use it, ...?"; what a chained card does said in a "which" clause; two cards
held, one with its face or its ATK in brackets; "During the Main Phase (Quick Effect):" as either
player's window; a Flip effect told with a card on the field whose face is not said.  Each with
its near miss."""

import pytest

from psct_expert.cards import Card
from psct_expert.errors import QuestionError
from psct_expert.reader import read_card

pytestmark = pytest.mark.slow

_MECHANIC = '"If a card is in the Field Zone: You can Special Summon this card from your hand."'


@pytest.mark.parametrize("question", [
    f"Mechanical Mechanic: {_MECHANIC} When I use that, is it a Chain Link my opponent can "
    "respond to?",
    f"Mechanical Mechanic's {_MECHANIC} effect: when I use that, does it start a Chain?",
])
def test_a_quoted_effect_before_the_question_is_its_topic(base_expert, question):
    a = base_expert.ask(question)
    assert a.value == "yes"
    assert "second effect of Mechanical Mechanic" in a.restated


def test_near_miss_a_quotation_the_card_does_not_say_is_refused(base_expert):
    with pytest.raises(QuestionError):
        base_expert.ask('Mechanical Mechanic: "Destroy all monsters on the field." When I use '
                        'that, does it start a Chain?')


@pytest.mark.parametrize("question", ["Mechanical Mechanic: when I use it, does it start a Chain?",
                                      "Mechanical Mechanic: when I use that, does it start a Chain?"])
def test_the_it_used_after_a_topic_is_the_topic(base_expert, question):
    a = base_expert.ask(question)
    assert a.value == "yes" and "Mechanical Mechanic" in a.restated


def test_near_miss_an_it_used_after_another_card_is_not_the_topic(base_expert):
    # the card used is another one: the "it" asked of may be either, so it is not read
    with pytest.raises(QuestionError):
        base_expert.ask("Mechanical Mechanic: when I use Pot of Greed, does it start a Chain?")


@pytest.mark.parametrize("told", [
    "My opponent chains Bad Aim, which destroys my Raidraptor - Stranger Falcon.",
    "My opponent chains Bad Aim (Chain Link 2), which resolves and destroys my Raidraptor - "
    "Stranger Falcon.",
])
def test_what_a_chained_card_does_said_in_a_which_clause(base_expert, told):
    read = base_expert.read(f"I activate Fifth Hope. {told} Can I activate Stranger Falcon's "
                            "effect?")[1]
    assert any(c.kind == "read-as" and c.read.endswith("Bad Aim and destroys")
               for c in read.changes)


def test_near_miss_a_which_clause_of_a_state_is_not_an_action(base_expert):
    # "which is a Normal Trap" says what it is, not what it does: not read as a destruction
    with pytest.raises(QuestionError, match="which"):
        base_expert.ask("I activate Fifth Hope. My opponent chains Bad Aim, which is a Normal "
                        "Trap. Can I activate Raidraptor - Stranger Falcon's effect?")


@pytest.mark.parametrize("held", ["Jinzo and a face-up Skill Drain",
                                  "a face-up Jinzo and Skill Drain",
                                  "Jinzo (2400 ATK) and a face-up Skill Drain"])
def test_two_cards_held_one_said_with_its_face(base_expert, held):
    spec, _ = base_expert.read(f"I control {held}. Can I activate Mirror Force?")
    held_cards = {ev.get("what") for ev in spec["situation"] if ev.get("kind") == "state"} | \
        {ev.get("card") for ev in spec["situation"]}
    assert {"Jinzo", "Skill Drain"} <= held_cards


def test_near_miss_two_cards_of_two_players_stay_apart(base_expert):
    spec, _ = base_expert.read("I control Jinzo, and my opponent controls a face-up Skill "
                               "Drain. Can I activate Mirror Force?")
    players = {ev.get("what") or ev.get("card"): ev.get("player") for ev in spec["situation"]}
    assert players.get("Skill Drain") == "opponent"


def test_the_main_phase_quick_effect_answers_in_a_main_phase_of_either_turn(base_expert):
    a = base_expert.ask("During the Main Phase my opponent activates Bad Aim. Can I chain Hero of "
                        "the Ashened City's Quick Effect to it?")
    assert a.value == "yes"


def test_near_miss_the_main_phase_quick_effect_in_the_battle_phase(base_expert):
    a = base_expert.ask("During the Battle Phase my opponent activates Bad Aim. Can I chain Hero "
                        "of the Ashened City's Quick Effect to it?")
    assert a.value != "yes"


def _window(text: str) -> bool:
    card = Card(name="Example Ember", kind="monster", subtypes=("effect",), level=4, atk=1000,
                def_=1000, attribute="FIRE", race="Pyro", text=text)
    return any(f.type == "window_quick_condition" for f in read_card(card).facts)


def test_the_main_phase_of_either_player_is_a_window_condition():
    assert _window("During the Main Phase (Quick Effect): You can Tribute this card; draw 1 card.")


def test_near_miss_a_window_with_another_condition_is_not_only_a_window():
    assert not _window("During the Main Phase, if you control a Pyro monster (Quick Effect): You "
                       "can Tribute this card; draw 1 card.")


@pytest.mark.parametrize("lock", ["Gem-Knight Citrine", "Armades, Keeper of Boundaries"])
def test_a_flip_effect_with_a_card_told_without_its_face_is_left_open(base_expert, lock):
    a = base_expert.ask(f"My opponent controls only {lock}. My face-down Man-Eater Bug is "
                        "attacked. Does its Flip effect activate?")
    assert a.value == "unknown"


def test_near_miss_a_flip_effect_with_only_a_count_told_activates(base_expert):
    a = base_expert.ask("My opponent controls 2 monsters. My face-down Man-Eater Bug is attacked. "
                        "Does its Flip effect activate?")
    assert a.value == "yes"


# hunt 104: a two-group card used by the opponent; a cost asked with when it is paid (and a
# target turned face-down, kept)


def test_a_target_turned_face_down_is_kept_by_that_target(base_expert):
    a = base_expert.ask("I activate Compulsory Evacuation Device targeting my opponent's monster. "
                        "In response they flip it face-down with Book of Moon. Is it still "
                        "returned to the hand?")
    assert a.value == "yes"


def test_a_two_group_card_used_by_the_opponent_keeps_its_own_group(base_expert):
    a = base_expert.ask("My opponent activates Karakuri Cash Inn targeting their Karakuri monster "
                        "and my monster. In response I banish my monster. Does Karakuri Cash Inn "
                        "still change the battle position of their monster?")
    assert a.value == "yes"


def test_near_miss_the_two_group_card_used_by_me(base_expert):
    a = base_expert.ask("I activate Karakuri Cash Inn targeting my Karakuri monster and my "
                        "opponent's monster. In response my opponent banishes their monster. Does "
                        "Karakuri Cash Inn still change the battle position of my monster?")
    assert a.value == "yes"


@pytest.mark.parametrize("when", ["on resolution", "at resolution", "when it resolves"])
def test_a_cost_asked_with_a_resolution_time_is_not_read_as_a_cost(base_expert, when):
    with pytest.raises(QuestionError):
        base_expert.ask(f"Is discarding for Raigeki Break a cost paid {when}?")


def test_near_miss_a_cost_paid_on_activation_is_asked(base_expert):
    a = base_expert.ask("Is discarding for Raigeki Break a cost paid on activation?")
    assert a.value == "yes"


def test_an_unnamed_monster_destroyed_by_battle_stays_refused(base_expert):
    # (hunt 106) read, a monster of no card passed every Type a trigger asks for ("When a Winged
    # Beast monster you control is destroyed by battle"): not read
    with pytest.raises(QuestionError):
        base_expert.ask("My monster is destroyed by battle. Can I activate Black Wing Revenge?")


def test_near_miss_a_named_monster_destroyed_by_battle_is_read(base_expert):
    spec, _ = base_expert.read("My Sangan is destroyed by battle. Can I activate its effect?")
    assert any(e.get("by") == "battle" for e in spec["situation"])


# dev rounds: "each copy", "two copies of X"


@pytest.mark.parametrize("question", [
    "I control two Tree Otter. Can each copy use its effect this turn?",
    "Player A controls two copies of Tree Otter. Can each copy activate its effect during the "
    "same turn?",
])
def test_each_copy_of_a_soft_once_per_turn_effect(base_expert, question):
    assert base_expert.ask(question).value == "yes"


def test_near_miss_each_copy_of_a_hard_once_per_turn_effect(base_expert):
    a = base_expert.ask("I control two copies of Sky Striker Ace - Raye. Can each of them use its "
                        "effect this turn?")
    assert a.value == "no"


# round 113: a judge called with an exclamation mark, "quick question:" (not the card Question)


@pytest.mark.parametrize("question", [
    "Judge!! Can I chain Call of the Haunted to Mystical Space Typhoon?",
    "Judge! Quick question: can I chain Call of the Haunted to Mystical Space Typhoon?",
    "Judge here! Can I chain Call of the Haunted to Mystical Space Typhoon?",
    "Judge! We have a question. Can I chain Call of the Haunted to Mystical Space Typhoon?",
])
def test_a_judge_called_is_set_aside(base_expert, question):
    a = base_expert.ask(question)
    assert a.value == "yes" and "Question" not in a.restated


def test_near_miss_the_card_question_written_with_its_capital(base_expert):
    a = base_expert.ask("Can I chain Question to Mystical Space Typhoon?")
    assert "Question" in a.restated


def test_a_flip_effect_after_the_opponent_summoned_a_named_monster_is_left_open(base_expert):
    # (hunt 106) the monster Summoned may be the attacker, and lock activations
    a = base_expert.ask("My opponent Fusion Summons Gem-Knight Citrine and attacks. My face-down "
                        "Man-Eater Bug is attacked. Does its Flip effect activate?")
    assert a.value == "unknown"
