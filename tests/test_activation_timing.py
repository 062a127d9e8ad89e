"""When a Spell or Trap Card, or an Ignition effect, may be activated at all
(game-rules#activation-legality.6-8): a Quick-Play Spell from the hand only in its controller's
own turn, a Trap Card Set first and not the turn it was Set, Spell Speed 1 Spells and Ignition
effects only in their controller's own Main Phase.  Each rule answers only "no"; where none
applies the answer stays open."""

import pytest

from psct_expert.cards import Card
from psct_expert.errors import QuestionError
from psct_expert.parser.names import find_cards
from psct_expert.reader import read_card

from question_helpers import ask_answer


@pytest.mark.parametrize("question, rule", [
    ("Can I activate Mystical Space Typhoon from my hand during my opponent's turn?",
     "quick-play-from-hand-own-turn"),
    ("Can my opponent activate Mystical Space Typhoon from their hand during my turn?",
     "quick-play-from-hand-own-turn"),
    ("Can I activate Trap Hole from my hand?", "trap-from-hand-needs-permission"),
    ("Can I activate Solemn Judgment the turn I Set it?", "not-the-turn-it-was-set"),
    ("Can I activate Mystical Space Typhoon the turn it was Set?", "not-the-turn-it-was-set"),
    ("I Set Call of the Haunted this turn. Can I activate it?", "not-the-turn-it-was-set"),
    ("Can I activate Dark Hole during my opponent's turn?", "slow-effect-own-main-phase"),
    ("Can I activate Pot of Greed during my Battle Phase?", "slow-effect-own-main-phase"),
    ("Can my opponent activate Raigeki during my turn?", "slow-effect-own-main-phase"),
    # a phase of the same turn keeps the card Set this turn
    ("I Set Call of the Haunted this turn. Can I activate it during my Main Phase 2?",
     "not-the-turn-it-was-set"),
    ("I Set Mystical Space Typhoon this turn. Can I activate it during my End Phase?",
     "not-the-turn-it-was-set"),
    # a "send ... to the GY" cost while cards sent there are banished instead (game-rules#cost.5)
    ("My opponent has Macro Cosmos face-up (cards sent to the GY are banished instead). "
     "Can I activate Effect Veiler's effect from my hand?", "cost-sent-to-gy-banished-instead"),
    ("My opponent controls a face-up Banisher of the Radiance. Can I activate Effect Veiler's effect?",
     "cost-sent-to-gy-banished-instead"),
])
def test_a_card_activated_out_of_its_timing(base_expert, question, rule):
    spec, answer = ask_answer(base_expert, question)
    assert spec["family"] == "can-activate-now"
    assert answer.value == "no"
    assert rule in answer.rules()


@pytest.mark.parametrize("question", [
    "Can I activate Mystical Space Typhoon from my hand during my turn?",     # its own turn
    "Can I activate Infinite Impermanence from my hand?",          # its text allows the hand
    "Can I activate Pot of Greed the turn I Set it?",              # a Set Normal Spell can
    "Can I activate Dark Hole during my Main Phase 2?",
    # only the turn is told: "During your opponent's Main Phase" may well be met
    "Can I activate Effect Veiler during my opponent's turn?",
    # a card Set this turn, asked about in the next turn
    "I Set Solemn Judgment this turn. Can I activate it during my opponent's turn?",
])
def test_near_misses_are_not_no(base_expert, question):
    assert ask_answer(base_expert, question)[1].value != "no"


def test_the_turn_i_set_it_is_kept_in_the_question(base_expert):
    spec, _ = ask_answer(base_expert, "Can I activate Solemn Judgment the same turn I Set it?")
    assert spec.get("set_this_turn") is True and spec["effect"]["card"] == "Solemn Judgment"


def test_a_name_is_not_read_through_a_following_the(base_expert):
    # card-name keys leave "the" out, so "Solemn Judgment the" had the key of the card
    text = "Can I activate Solemn Judgment the turn I Set it?"
    mentions = find_cards(text, base_expert.db)
    assert [m.text for m in mentions] == ["Solemn Judgment"]
    assert [m.card for m in find_cards("Can I chain Call of the Haunted to it?", base_expert.db)] \
        == ["Call of the Haunted"]


def test_a_prohibition_decides_over_a_timing_that_allows(base_expert):
    # the Summon was the last thing to happen (its timing allows it), but a Trap in the hand
    # is not activated: the answer is no, not a conflict of the two rules
    _, answer = ask_answer(base_expert, "My opponent Normal Summons a monster. "
                                        "Can I activate Torrential Tribute from my hand?")
    assert answer.value == "no" and "trap-from-hand-needs-permission" in answer.rules()
    _, set_card = ask_answer(base_expert, "My opponent Normal Summons a monster. "
                                          "Can I activate Torrential Tribute?")
    assert set_card.value == "yes"
    assert {"nothing-forbids-the-activation", "when-event-was-last"} <= set(set_card.rules())


@pytest.mark.parametrize("text, kind", [
    ("During the turn in which your opponent has activated a monster effect, you can activate this "
     "card from your hand.\nTarget 1 monster on the field; destroy it.", "activate_from_hand_permission"),
    ("If your opponent goes first, you can also activate this card from your hand during the Standby "
     "Phase of their first turn. Draw 1 card.", "activate_from_hand_permission"),
    ("If your opponent controls 5 or more cards, this card cannot be negated, also you can activate "
     "this card the turn it was Set.", "activate_set_turn_permission"),
    ("If this card was Set by the effect of an \"Example\" card, you can activate it the turn it was "
     "Set.\nTarget 1 monster on the field; destroy it.", "activate_set_turn_permission"),
])
def test_a_trap_that_says_it_may_be_activated_otherwise(text, kind):
    # the permission is read (so the rules that forbid the hand, or the turn it was Set, keep out)
    reading = read_card(Card(name="Example Trap", kind="trap", subtypes=("normal",), text=text))
    assert [f.type for f in reading.facts if f.type.endswith("_permission")] == [kind]


@pytest.mark.parametrize("question, said", [
    ("Can I activate Trap Hole from my hand?", "activated from the hand at this point"),
    ("Can I activate Mystical Space Typhoon from my hand during my opponent's turn?",
     "from the hand in your opponent's turn"),
    ("Can I activate Solemn Judgment the turn I Set it?", "in the turn it was Set"),
    ("My opponent Normal Summons a monster. Can my opponent activate Torrential Tribute?",
     "activated by your opponent at this point"),
])
def test_the_restatement_keeps_who_where_and_when(base_expert, question, said):
    assert said in ask_answer(base_expert, question)[1].restated


@pytest.mark.parametrize("question", [
    "Can I activate Mystical Space Typhoon from my hand during my Battle Phase?",
    "Can I activate Call of the Haunted during my opponent's Standby Phase?",
])
def test_a_fast_card_with_no_condition_in_any_phase(base_expert, question):
    _, answer = ask_answer(base_expert, question)
    assert answer.value == "yes"
    assert {"fast-card-in-any-phase", "nothing-forbids-the-activation"} <= set(answer.rules())


def test_a_fast_card_is_not_allowed_in_the_damage_step_a_battle_phase_led_to(base_expert):
    _, answer = ask_answer(base_expert, "Can I activate Mystical Space Typhoon during the Damage Step?")
    assert answer.value == "no" and "fast-card-in-any-phase" not in answer.rules()


def test_a_slow_card_in_its_own_main_phase_unless_a_requirement_fails(base_expert):
    _, answer = ask_answer(base_expert, "Can I activate Dark Hole during my Main Phase 1?")
    assert answer.value == "yes" and "slow-effect-in-own-main-phase" in answer.rules()
    _, cost = ask_answer(base_expert, "I have only 9 cards left in my Deck. "
                                      "Can I activate Pot of Desires during my Main Phase 1?")
    assert cost.value == "no"


@pytest.mark.parametrize("sentence", ["This card can only be activated during Main Phase 1.",
                                      "This card can only be activated at the start of Main Phase 1.",
                                      "You can activate this card only during your Standby Phase.",
                                      "To activate this card, you must draw it for your normal draw.",
                                      "Activate only as Chain Link 2 or higher.",
                                      "You cannot activate this card if you control a monster."])
def test_a_sentence_that_limits_when_the_card_is_activated(sentence):
    # read as the card's activation condition, so no timing rule decides for it
    reading = read_card(Card(name="Example Spell", kind="spell", subtypes=("normal",),
                             text=f"{sentence} Draw 1 card."))
    assert [f.get("effect") for f in reading.facts if f.type == "activation_condition_sentence"] \
        == ["Example Spell#0"]


def test_a_card_with_a_part_that_forbids_something_is_left_to_a_judge(base_expert):
    # "You cannot Special Summon ... the turn you activate this card": whether it can be activated
    # depends on what was done earlier in the turn
    spec = {"family": "can-activate-now", "effect": {"card": "Branded Fusion", "select": "activation"},
            "situation": [{"kind": "phase", "phase": "main1", "turn": "you"}]}
    assert base_expert.ask_spec(spec).value == "unknown"


# -- a cost that cannot be paid: cards sent to the GY are banished instead (game-rules#cost.5) ---

@pytest.mark.parametrize("question", [
    # not told face-up: a Set Macro Cosmos does nothing
    "My opponent controls Macro Cosmos. Can I activate Effect Veiler's effect from my hand?",
    # a discard is not what game-rules#cost.5 names
    "My opponent has Macro Cosmos face-up. Can I activate Ash Blossom & Joyous Spring's effect?",
])
def test_near_misses_of_a_cost_under_banish_instead(base_expert, question):
    assert ask_answer(base_expert, question)[1].value != "no"


def test_what_the_question_says_a_card_does_is_checked_against_its_text(base_expert):
    with pytest.raises(QuestionError) as err:
        base_expert.ask_spec(base_expert.parse(
            "My opponent has Dimensional Fissure face-up (cards sent to the GY are banished "
            "instead). Can I activate Effect Veiler's effect?"))
    assert "does not say that any card sent to the GY is banished instead" in str(err.value)


@pytest.mark.parametrize("text, what", [
    ("While this card is face-up on the field, any card sent to the GY is banished instead.", ["card"]),
    ("Any monster sent to the GY is banished instead.", ["monster"]),
    # another condition, or a resolution that does it for a while: not a lasting replacement
    ("While you control a Fiend monster, any card sent to the GY is banished instead.", []),
    ("Target 1 monster; until the end of the next turn, any card sent to the GY is banished "
     "instead.", []),
])
def test_the_reader_reads_a_lasting_banish_instead(text, what):
    reading = read_card(Card(name="Example Cosmos", kind="trap", subtypes=("continuous",), text=text))
    assert [f.get("what") for f in reading.facts if f.type == "gy_replacement"] == what


@pytest.mark.parametrize("question", [
    "Can I activate Ash Blossom & Joyous Spring during the Damage Step?",   # negates the effect
    "Can I activate Parthian Shot during the Damage Step?",                 # at the end of the BP
    "Can I activate Negate Attack during the Damage Step?",                 # an attack declaration
])
def test_the_damage_step_rules_look_at_what_the_card_does(base_expert, question):
    assert ask_answer(base_expert, question)[1].value != "yes"


def test_a_counter_trap_that_answers_activations_in_the_damage_step(base_expert):
    _, answer = ask_answer(base_expert, "Can I activate Solemn Judgment during the Damage Step?")
    assert answer.value == "yes" and "damage-step-counter-trap" in answer.rules()


@pytest.mark.parametrize("question, said", [
    ("Can I activate Dust Tornado during my opponent's Standby Phase?", "in your opponent's Standby Phase"),
    ("Can I activate Mystical Space Typhoon during the Damage Step?", "in the Damage Step"),
])
def test_the_restatement_keeps_the_phase(base_expert, question, said):
    assert said in ask_answer(base_expert, question)[1].restated


def test_a_battle_phase_may_be_its_damage_step(base_expert):
    # "During damage calculation ...": a told Battle Phase may be its Damage Step
    _, answer = ask_answer(base_expert, "Can I activate Blackwing - Kalut the Moon Shadow during my "
                                        "Battle Phase?")
    assert answer.value == "unknown"


@pytest.mark.parametrize("question", [
    # written before PSCT, its event implied ("Negate the Normal Summon ...")
    "Can I activate Forced Back during my opponent's Standby Phase?",
    "Can I activate Combination Attack during my Main Phase 1?",
    # an ATK/DEF change in another effect of the card: the Damage Step "no" stays open
    "Can I activate Metalmorph during the Damage Step?",
    # a legacy condition sentence ("Activate at the end of the Damage Step")
    "Can I activate Enlightenment during the Damage Step?",
])
def test_cards_whose_timing_is_implied_are_left_open(base_expert, question):
    assert ask_answer(base_expert, question)[1].value == "unknown"


@pytest.mark.parametrize("question", [
    "My opponent activates Pot of Greed. Can I chain Malfunction to it?",     # older text, in two sentences
    "My opponent activates Dark Hole. Can I chain Forced Back to it?",        # negates a Summon only
])
def test_an_older_negator_is_not_promised_as_a_response(base_expert, question):
    assert ask_answer(base_expert, question)[1].value == "unknown"


@pytest.mark.parametrize("card", ["Barrier Wave", "Infernity Reflector", "Automatic Laser"])
def test_an_older_trap_with_an_unwritten_condition_is_not_promised_as_a_response(base_expert, card):
    # "Activate by Tributing ... when ...", "Activate only by ... when ...", "When ..., to activate
    # this card": the condition is not before a colon; the card is left to a judge
    question = f"My opponent activates Pot of Greed. Can I chain {card} to it?"
    assert ask_answer(base_expert, question)[1].value == "unknown"
