"""Mechanisms of the session after `97806f8`, found on dev round 31 and older dev rounds (issues 22
and 23): the Life Points a player has, told, against an LP cost (a concept of the game); whose
targeting protection it is does not matter to an effect that never targets, and a sweep of one
player's cards never reaches the other's; a turn told after an activation; a description written
as one compound ("ATK-lowering"); "the new X"; "draw 2 off X"; "flipped up"; a Summon negator
told by its quoted words; what "it says" after the question, of the card the question names.
Sentences and invented cards written for these tests, not the shared cases."""

import pytest

from psct_expert.errors import QuestionError
from psct_expert.parser.lexicon import relex

from question_helpers import rules_fired, with_cards


@pytest.fixture(scope="module")
def fen(base_expert):
    return with_cards(base_expert, {
        "name": "Fenwick Tollkeeper", "kind": "monster", "subtypes": ["effect"],
        "text": "You can pay 3000 LP; Special Summon 1 monster from your GY. You can only use this "
                "effect of \"Fenwick Tollkeeper\" once per turn."}, {
        "name": "Fenwick Gale", "kind": "monster", "subtypes": ["effect"],
        "text": "During your Main Phase: You can make all monsters your opponent controls lose 500 "
                "ATK."}, {
        "name": "Fenwick Sweep", "kind": "spell", "subtypes": ["normal"],
        "text": "Destroy all monsters your opponent controls."})


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
@pytest.mark.parametrize("told", ["I have 2000 LP.", "I'm at 2000 LP.", "My LP is 2000."])
def test_an_lp_cost_above_the_lp_told_cannot_be_paid(fen, told):
    answer = fen.ask(f"{told} Can I activate Fenwick Tollkeeper's effect?")
    assert answer.value == "no"
    assert "lp-cost-above-lp" in rules_fired(answer)


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_enough_lp_or_the_opponents_lp_decides_nothing(fen):
    # exactly the cost, or the other player low on LP: the rule does not fire
    for told in ("I have 3000 LP.", "My opponent has 500 LP."):
        answer = fen.ask(f"{told} Can I activate Fenwick Tollkeeper's effect?")
        assert "lp-cost-above-lp" not in rules_fired(answer)


def test_the_lp_said_first_is_told():
    assert relex("at 4000 lp can i activate it?").text.startswith("I have 4000 LP.")
    assert relex("opp is at 500, can they pay for it?").text.startswith("Opp has 500 LP")
    # a number that is not LP stays as it was
    assert "LP" not in relex("at 4 cards in hand can i activate it?").text
    assert "LP" not in relex("im on 3 cards in hand, can i pay for it?").text
    assert "LP" not in relex("opp is on 2 monsters. can i?").text


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_a_sweep_of_one_players_cards_never_reaches_the_other_players(fen):
    # a protection from one player's targeting does not matter to an effect that never targets
    mine = fen.ask("My opponent's monster cannot be targeted by my card effects. Can my opponent's "
                   "Dark Hole destroy it?")
    assert mine.value == "yes"
    # ... but a sweep of the opponent's cards never reaches its user's own card
    with pytest.raises(QuestionError, match="affects only the cards of its user's opponent"):
        fen.ask("My monster cannot be targeted by card effects. Can my Fenwick Sweep destroy it?")
    theirs = fen.ask("My opponent's monster cannot be targeted by card effects. Can my Fenwick Sweep "
                     "destroy it?")
    assert theirs.value == "yes"


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_a_turn_told_after_an_activation(base_expert):
    mine = base_expert.ask("My opponent activates a Quick-Play Spell on my turn. Can I chain Pot of "
                           "Greed to it?")
    assert mine.value == "no"
    assert mine.reading is None or not any("turn" in c.written for c in mine.reading.changes)


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_a_description_written_as_one_compound(fen):
    joined = fen.ask("Does Fenwick Gale's ATK-lowering effect start a Chain?")
    assert joined.value == "yes"
    with pytest.raises(QuestionError):
        # "destroying" is no word of its text
        fen.ask("Does Fenwick Gale's card-destroying effect start a Chain?")


def test_forum_words_of_the_story():
    # "the new X" after a story that told X come back is X as it is now; with no return told, it
    # is another copy (never the one told)
    back = "I summoned it again. can the new Pot of Greed be used?"
    at = back.index("Pot")
    assert "can the Pot of Greed" in relex(back, keep=[(at, at + 11)]).text
    other = "I used it. can the new Pot of Greed be used?"
    at = other.index("Pot")
    assert "can another Pot of Greed" in relex(other, keep=[(at, at + 11)]).text
    # "new" before what is not a card's name stays to be placed
    assert "new" in relex("can the new monster attack?").text
    kept = relex("do i draw 2 off Pot of Greed?", keep=[(16, 27)])
    assert "draw 2 with Pot of Greed" in kept.text
    assert "face-up" in relex("my monster got attacked and flipped up. does it still flip?").text
    assert "face-up" not in relex("it flipped up-side down").text
    said = relex('can i flip a trap that says "negate the summon" to stop that fusion summon itself?')
    assert said.text == "Can i negate that fusion summon with a trap that negates Summons?"


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_what_it_says_after_the_question_is_of_the_card_the_question_names(fen):
    answer = fen.ask("I have 1000 LP. Can I use Fenwick Tollkeeper? it says pay 3000 LP")
    assert answer.value == "no"
    assert any(c.kind == "grounded" for c in answer.reading.changes)
    # what its text does not say stays, to be read (and refused)
    with pytest.raises(QuestionError):
        fen.ask("I have 1000 LP. Can I use Fenwick Tollkeeper? it says banish 5 cards")


@pytest.fixture(scope="module")
def tern(base_expert):
    return with_cards(base_expert, {
        "name": "Tern of the Low Tide", "kind": "monster", "subtypes": ["effect"],
        "text": "If this card is sent to the GY: You can Special Summon 1 WATER monster from your GY, "
                "then you can add 1 \"Tidal Bell\" from your Deck to your hand."}, {
        "name": "Tern Rites", "kind": "spell", "subtypes": ["normal"],
        "text": "Add 1 Ritual Monster from your Deck to your hand, then you can add 1 Ritual Spell "
                "from your GY to your hand."}, {
        "name": "Tern Tithe", "kind": "spell", "subtypes": ["normal"],
        "text": "Send 1 Fish monster from your Deck to the GY, then draw 1 card."})


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_nothing_left_of_what_a_part_takes_is_that_part_told_impossible(tern):
    told = tern.ask("Tern of the Low Tide was sent to the GY and its effect resolves. I have no Tidal "
                    "Bell left in my Deck. Do I still Special Summon?")
    assert told.value == "yes"
    grounded = [c for c in told.reading.changes if c.kind == "cannot-take"]
    assert grounded and grounded[0].read == "I cannot add Tidal Bell."
    first = tern.ask("There is no Fish monster in my Deck. Can I activate Tern Tithe?")
    assert first.value == "no"
    assert "required-first-part-impossible" in rules_fired(first)


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
@pytest.mark.parametrize("story", [
    # the place its text does not take that card from
    "Tern of the Low Tide was sent to the GY and its effect resolves. I have no Tidal Bell in my GY.",
    # two parts of the card add: which one cannot be done is not told by its action
    "Tern Rites resolves. There is no Ritual Monster in my Deck.",
])
def test_nothing_left_that_no_single_part_takes_stays_to_be_read(tern, story):
    try:
        answer = tern.ask(f"{story} Do I still add a card?")
    except QuestionError:
        return
    assert not any(c.kind == "grounded" for c in answer.reading.changes)


def test_nothing_of_a_narrower_kind_is_no_part_told_impossible(tern):
    from psct_expert.grounded import _taken_by

    # "no Level 4 monster" leaves a Level 3 one; none of one Attribute leaves the other
    assert _taken_by("Level 4 monster", "deck", {"Tern Tithe"}, tern.db) is None
    assert _taken_by("Fish monster", "deck", {"Tern Tithe"}, tern.db) == "send"
    assert _taken_by("Fish monster", "hand", {"Tern Tithe"}, tern.db) is None


@pytest.fixture(scope="module")
def warden(base_expert):
    return with_cards(base_expert, {
        "name": "Gannet Warden", "kind": "monster", "subtypes": ["effect"],
        "text": "During your opponent's turn (Quick Effect): You can Tribute this card; draw 1 card."})


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_a_quick_effect_limited_to_a_window_answers_in_that_window_only(warden):
    theirs = warden.ask("It is my opponent's turn and they activate Pot of Greed. Can I chain Gannet "
                        "Warden to it?")
    assert theirs.value == "yes"
    assert "window-quick-effect-may-answer" in rules_fired(theirs)
    mine = warden.ask("It is my turn and my opponent activates Pot of Greed. Can I chain Gannet Warden "
                      "to it?")
    assert mine.value == "no"
    assert "window-of-the-other-turn-never-answers" in rules_fired(mine)
    # a card known only as "a card" may be a Counter Trap: its Spell Speed decides, not said
    unsaid = warden.ask("It is my opponent's turn and they activate a card. Can I chain Gannet Warden "
                        "to it?")
    assert unsaid.value == "unknown"


@pytest.fixture(scope="module")
def shade(base_expert):
    return with_cards(base_expert, {
        "name": "Kestrel Shade", "kind": "monster", "subtypes": ["effect"],
        "text": "If this card is sent from the field to the GY: You can draw 1 card. You can only use "
                "this effect of \"Kestrel Shade\" once per turn."}, {
        "name": "Kestrel Husk", "kind": "monster", "subtypes": ["effect"],
        "text": "If this card is sent to the GY by a card effect: You can draw 1 card."})


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_a_told_move_is_the_event_a_trigger_answers(shade):
    sent = shade.ask("Kestrel Shade is sent from the field to the GY. Can I activate its effect?")
    assert sent.value == "yes"
    # how it was sent is not said: a "by a card effect" trigger is left unknown, never a yes
    unsaid = shade.ask("Kestrel Husk is sent from the field to the GY. Can I activate its effect?")
    assert unsaid.value == "unknown"
    # sent as a cost: not by a card effect
    cost = shade.ask("Kestrel Husk was sent to the GY as a cost. Can I activate its effect?")
    assert cost.value == "no"
    # from where it was sent is not said: left unknown
    assert shade.ask("Kestrel Shade was sent to the GY as a cost for another effect. Can I activate "
                     "its effect?").value == "unknown"


def test_once_per_turn_said_of_an_effect_names_it_as_quoted():
    assert relex("Can both of them use their once per turn effect?").text == \
        'Can both of them use their "once per turn" effect?'
    # asked how often: not a name of an effect
    assert '"' not in relex("can i use it once per turn?").text
    told = relex("I control 2 of them, each with materials. Can both use it?").text
    assert "materials" not in told
    # that they have none stays, to be read
    assert "no materials" in relex("I control 2 of them, each with no materials. Can both use it?").text


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_another_copy_said_by_a_word_of_its_name(base_expert):
    answer = base_expert.ask("my Bystial Magnamhut's banish effect was negated. can i use my 2nd copy "
                             "of magnamhut for the same effect later this turn?")
    assert answer.value == "no"
    assert "another Bystial Magnamhut" in answer.reading.text
    # a word many cards' names share stays a kind of card after "a"/"another"
    assert "another Kozmo" in relex("can i use another Kozmo?").text


def test_one_effect_got_its_activation_negated():
    text = "my Gorz the Emissary of Darkness's first effect got its activation negated. can i use it?"
    at = text.index("Gorz")
    read = relex(text, keep=[(at, at + len("Gorz the Emissary of Darkness"))]).text
    assert read.startswith("The activation of my Gorz the Emissary of Darkness's first effect was negated")


@pytest.fixture(scope="module")
def plover(base_expert):
    return with_cards(base_expert, {
        "name": "Plover Sentinel", "kind": "monster", "subtypes": ["effect"],
        "text": "If you control no monsters, you can Special Summon this card (from your hand). "
                "When this card is Normal or Special Summoned: You can add 1 \"Plover\" monster from "
                "your Deck to your hand."})


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
@pytest.mark.parametrize("asked", [
    "plover sentinel special summoning itself from hand when i control no monsters - is that a chain "
    "link?",
    "Plover Sentinel special summoning itself from my hand when I control no monsters, does that start "
    "a Chain?",
])
def test_what_a_card_does_said_as_a_gerund_is_its_effect_that_does_it(plover, asked):
    answer = plover.ask(asked)
    assert answer.value == "no"         # its Special Summon is its procedure: no Chain
    assert any(c.kind == "grounded" and c.read == "Plover Sentinel" for c in answer.reading.changes)


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_a_gerund_its_text_does_not_bear_out_stays_to_be_read(plover):
    with pytest.raises(QuestionError):
        plover.ask("Plover Sentinel special summoning itself from the GY by banishing 3 Dragons - is "
                   "that a chain link?")


def test_something_activated_and_a_card_face_up_on_a_field():
    assert relex("Opp activates something. Can I chain?").text.startswith("Opp activates a card or effect.")
    # "chain something to it" is read as it is
    assert "chain something" in relex("can opp chain something to it?").text
    text = "I have Sky Striker Mecha - Widow Anchor in my field zone. Can I use it?"
    at = text.index("Sky")
    said = relex(text, keep=[(at, at + len("Sky Striker Mecha - Widow Anchor"))]).text
    assert said.startswith("I have Sky Striker Mecha - Widow Anchor face-up.")
    # "on my field" alone may be a Set card: left as written
    set_text = "I have Sky Striker Mecha - Widow Anchor on my field. Can I use it?"
    assert "on my field" in relex(set_text, keep=[(at, at + len("Sky Striker Mecha - Widow Anchor"))]).text


def test_a_card_that_activates_and_an_effect_named_by_its_gerund():
    text = "Dark Hole activates targeting a monster. Opp negates that activation."
    said = relex(text, keep=[(0, 9)]).text
    assert said.startswith("Dark Hole's effect is activated targeting a monster.")
    assert "negates the activation" in said
    assert "banish effect" in relex("does its banishing effect target?").text
    assert "negate effect" in relex("does its negating effect target?").text
    # "a targeting effect" is what is asked, not an effect named by its verb
    assert "targeting effect" in relex("is that a targeting effect?").text


@pytest.fixture(scope="module")
def toll(base_expert):
    return with_cards(base_expert, {
        "name": "Curlew Toll", "kind": "spell", "subtypes": ["quick-play"],
        "text": "Special Summon 1 monster from your Deck, but lose LP equal to its original ATK."})


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_lp_lost_by_the_resolution_of_a_negated_effect(toll):
    answer = toll.ask("my Curlew Toll got its effect negated. do i still lose the LP?")
    assert answer.value == "no"          # lost by the effect, not paid as a cost
    paid = toll.ask("I paid 1500 LP for Solemn Strike and it was negated. Do I still lose the LP?")
    assert paid.value == "yes"           # paid as the cost: never given back


def test_an_empty_place_is_no_cards_there():
    assert relex("my deck is empty. can i?").text.startswith("I have no cards in my deck.")
    assert relex("the opponent's hand is empty. can i?").text.startswith(
        "My opponent has no cards in their hand.")
    # "with an empty hand" is whose the sentence's subject says: left to the readings that know it
    assert "with 0 cards in my hand" not in relex("can my opponent activate it with an empty hand?").text
    # an empty field was read before as controlling no cards
    assert relex("my field is empty. can i?").text.startswith("I control no cards.")


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_a_normal_summon_told_in_a_phase_is_in_its_players_turn(base_expert):
    spec = base_expert.parse("I Normal Summoned a monster in Main Phase 1. Can I activate Pot of "
                             "Extravagance in Main Phase 1?")
    phases = [e for e in spec["situation"] if e["kind"] == "phase"]
    assert phases and phases[0]["turn"] == "you"
    # an activation told in a phase whose turn is unsaid keeps it unsaid
    told = base_expert.parse("I activate Effect Veiler in the Main Phase. Does it target?")
    assert all(e.get("turn") in (None, "any") for e in told.get("situation", []) if e["kind"] == "phase")


@pytest.fixture(scope="module")
def sage(base_expert):
    return with_cards(base_expert, {
        "name": "Dunlin Sage", "kind": "monster", "subtypes": ["effect"],
        "text": "You can discard 1 card; draw 1 card. If this card is sent to the GY: You can add 1 "
                "card from your GY to your hand. You can only use 1 \"Dunlin Sage\" effect per turn, and "
                "only once that turn."}, {
        "name": "Dunlin Scout", "kind": "monster", "subtypes": ["effect"],
        "text": "You can discard 1 card; draw 1 card. If this card is sent to the GY: You can add 1 "
                "card from your GY to your hand. You can only use each effect of \"Dunlin Scout\" once "
                "per turn."})


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_both_effects_in_the_same_turn_and_a_topic_asked_of_its(sage):
    one = sage.ask("Dunlin Sage: can I use its first effect and its second effect in the same turn?")
    assert one.value == "no"
    each = sage.ask("Can I use Dunlin Scout's first effect and its second effect in the same turn?")
    assert each.value == "yes"


@pytest.fixture(scope="module")
def snare(base_expert):
    return with_cards(base_expert, {
        "name": "Avocet Snare", "kind": "spell", "subtypes": ["equip"],
        "text": "Target 1 monster your opponent controls; equip this card to that target. Take control "
                "of the equipped monster."}, {
        "name": "Avocet Drill", "kind": "spell", "subtypes": ["normal"],
        "text": "Target 1 monster your opponent controls; destroy it."})


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_an_equip_spell_whose_target_left_does_not_stay_on_the_field(snare):
    gone = snare.ask("I activate Avocet Snare targeting their monster. In response they send it to the "
                     "GY. When Avocet Snare resolves does it just stay on the field?")
    assert gone.value == "no"
    assert gone.family == "stays-on-field"
    # the target still there: nothing said makes it leave, and no rule says it stays: unknown
    there = snare.ask("I activate Avocet Snare targeting their monster. Does Avocet Snare stay on my "
                      "field?")
    assert there.value == "unknown"
    # a monster, not a Spell/Trap Card told activated: not this question
    with pytest.raises(QuestionError):
        snare.ask("I activate Avocet Drill targeting their monster. Does Dark Magician stay on my field?")


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_a_lasting_card_whose_activation_was_negated_does_not_stay(base_expert):
    negated = base_expert.ask("I activate Skill Drain. My opponent negates the activation with Solemn "
                              "Judgment. Does Skill Drain stay on the field?")
    assert negated.value == "no" and negated.family == "stays-on-field"
    # what was paid for it is still asked as a cost
    paid = base_expert.ask("I discard a card to activate Lightning Vortex. My opponent negates the "
                           "activation. Does the discarded card come back?")
    assert paid.value == "no" and paid.family == "cost-returned"


def test_a_battle_position_said_short():
    assert relex("they switch it to defense pos").text == "They switch it to Defense Position"
    assert relex("change it to atk pos.").text == "Change it to Attack Position."
    # "position" written out, and "face-up", stay as written
    assert "face-up def position" in relex("a face-up def position monster").text


def test_later_that_turn_in_the_story():
    told = relex("Sangan is destroyed. Later that turn my other Sangan is sent to the GY. Can I search?")
    assert "Later" not in told.text and "later" not in told.text
    assert any(c.written.lower().startswith("later that turn") for c in told.changes)
    assert "flips face-up this turn," in relex("When it flips up later that turn, is it negated?").text
    # asked of the turn: kept as written
    assert "later this turn" in relex("can i use it later this turn?").text


@pytest.fixture(scope="module")
def rift(base_expert):
    return with_cards(base_expert, {
        "name": "Godwit Rift", "kind": "spell", "subtypes": ["continuous"],
        "text": "Any monster sent to the GY is banished instead."}, {
        "name": "Godwit Chick", "kind": "monster", "subtypes": ["effect"],
        "text": "If this card is sent from the field to the GY: You can draw 1 card."})


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_destroyed_by_battle_told_without_the_attack_and_a_card_told_face_up(rift):
    plain = rift.ask("My Godwit Chick is destroyed by battle. Can I activate its effect?")
    assert plain.value == "yes"
    # a card told face-up on the field is a state of the field, never dropped: sent to the GY is
    # banished instead, so the trigger never starts (no yes)
    banished = rift.ask("Godwit Rift is face-up and my Godwit Chick is destroyed by battle. Can I "
                        "activate Godwit Chick's effect?")
    assert banished.value != "yes"
    assert any(e["kind"] == "state" for e in banished.spec["situation"])


@pytest.fixture(scope="module")
def bystial(base_expert):
    return with_cards(base_expert, {
        "name": "Plover Bystial", "kind": "monster", "subtypes": ["effect"],
        "text": "You can target 1 LIGHT or DARK monster in either GY; banish it, and if you do, Special "
                "Summon this card from your hand. This is a Quick Effect if your opponent controls a "
                "monster."})


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_a_quick_effect_if_the_opponent_controls_a_monster(bystial):
    base = "It is my opponent's turn and they control {}. My opponent activates Pot of Greed. Can I " \
           "chain Plover Bystial's effect to it?"
    assert bystial.ask(base.format("a monster")).value == "yes"
    assert bystial.ask(base.format("no monsters")).value == "no"
    # not told: left to that condition
    assert bystial.ask("It is my opponent's turn. My opponent activates Pot of Greed. Can I chain "
                       "Plover Bystial's effect to it?").value == "unknown"


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_the_new_copy_is_never_the_one_told(base_expert):
    # a soft once per turn: another copy may use it; "the new X" with no return told is that copy
    answer = base_expert.ask("My Cyber Dragon Infinity used its third effect this turn. Can the new "
                             "Cyber Dragon Infinity use its third effect this turn?")
    assert answer.value == "yes"
