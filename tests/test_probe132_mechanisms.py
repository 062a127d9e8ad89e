"""Rounds 132 and 133 and hunts 132a-132h (the session after `7599ce17`): mechanisms of reading
and of the game, each with its near miss."""

import pytest

from psct_expert.errors import QuestionError
from psct_expert.parser.lexicon import relex
from psct_expert.reader import read_card
from psct_expert.reader.numbering import numbered, part_of

pytestmark = pytest.mark.slow


def _refused(expert, question, scenario=None) -> str:
    with pytest.raises(QuestionError) as e:
        expert.ask(question, scenario)
    return str(e.value)


# -- reading: an adverbial said before a question's verb ------------------------------------------

@pytest.mark.parametrize("said, moved", [
    ("I used it. Later this turn, can I use it again?", "later this turn?"),
    ("My opponent activates Raigeki. In response, can I activate Magic Jammer?", "in response?"),
])
def test_an_adverbial_before_the_question_is_read_after_its_verb(said, moved):
    assert relex(said).text.lower().endswith(moved)


def test_near_miss_an_adverbial_opening_a_told_sentence_stays():
    # only a question's adverbial moves; "In response, my opponent ..." tells what happened
    assert "in response?" not in relex("In response, my opponent activates X. Can I chain Y?").text.lower()


def test_the_fronted_adverbial_reads_the_once_per_turn_question(base_expert):
    a = base_expert.ask("I activate Reptilianne Nyami's Quick Effect. Later this turn, can I "
                        "activate its other effect?")
    assert a.value == "no"
    assert "again this turn" in a.restated


def test_the_attacker_named_is_what_its_points_at(base_expert):
    a = base_expert.ask("I attack with Merciless Scorpion of Serket. Can I activate its effect?")
    assert "Merciless Scorpion of Serket" in a.restated


# -- hunt 132d: a Quick-Play Spell told in the hand, in the opponent's turn -----------------------

@pytest.mark.parametrize("scenario, question", [
    ([], "It's my opponent's turn and I have Called by the Grave in my hand. Can I activate it?"),
    (["It is my opponent's End Phase.", "I have 1 Mystical Space Typhoon in my hand."],
     "Can I activate Mystical Space Typhoon?"),
    (["It is my opponent's turn.", "Mystical Space Typhoon is in my hand."],
     "Can I activate Mystical Space Typhoon?"),
])
def test_a_quick_play_told_in_the_hand_waits_for_its_own_turn(base_expert, scenario, question):
    a = base_expert.ask(question, scenario or None)
    assert a.value == "no"
    assert "from the hand" in a.restated


def test_near_miss_a_quick_play_told_in_the_hand_in_my_turn(base_expert):
    a = base_expert.ask("Can I activate Mystical Space Typhoon?",
                        ["It is my Main Phase 1.", "I have 1 Mystical Space Typhoon in my hand."])
    assert a.value == "yes"


# -- hunt 132b: a sentence that goes on with the effect before it is numbered with it --------------

@pytest.mark.parametrize("name", ["Phantom Knights' Fog Blade", "Ext Ryzeal",
                                  "Infernoble Knight - Renaud"])
def test_a_following_sentence_is_numbered_with_its_effect(base_expert, name):
    reading = read_card(base_expert.db.get(name))
    top = [e for e in reading.effects if e.n > 0 and e.where == "text"]
    said = numbered(reading)
    assert len(said) == len(top) - 1
    folded = next(e for e in top if e not in said)
    assert part_of(name, folded.n) == 1


def test_near_miss_a_card_whose_sentences_are_effects_keeps_its_numbers(base_expert):
    reading = read_card(base_expert.db.get("Sangan"))
    assert numbered(reading) == [e for e in reading.effects if e.n > 0 and e.where == "text"]


@pytest.mark.parametrize("question", [
    "Does Phantom Knights' Fog Blade's 2nd effect target?",
    "Does Ext Ryzeal's 2nd effect start a chain?",
    "Does Infernoble Knight - Renaud's second effect target?",
])
def test_the_second_effect_is_the_players_second(base_expert, question):
    assert base_expert.ask(question).value == "yes"


# -- hunt 132a: the number of targets said after a possessive -------------------------------------

@pytest.mark.parametrize("question", [
    "twin twisters on their 2 backrow, in response one of them is destroyed. does twin twisters fizzle?",
    "I activate Twin Twisters targeting my opponent's 2 Set cards. In response, one of them is "
    "destroyed. Does Twin Twisters fizzle?",
    "soul charge on my 3 monsters in the gy, in response one of them is banished. does soul charge fizzle?",
])
def test_one_of_several_targets_gone_is_no_fizzle(base_expert, question):
    assert base_expert.ask(question).value == "no"


def test_near_miss_one_of_a_group_told_with_no_number_is_refused(base_expert):
    said = _refused(base_expert, "I activate Twin Twisters targeting my opponent's Set cards. In "
                                 "response, one of them is destroyed. Does Twin Twisters fizzle?")
    assert "one of how many" in said


# -- hunt 132c: "it" that would be the card Summoned or targeted ----------------------------------

@pytest.mark.parametrize("scenario, question", [
    ([], "I have Black Horn of Heaven set. My opponent Special Summons Cyber Dragon by its own "
         "procedure. Can it negate that Summon?"),
    (["I control Thunder King Rai-Oh.", "My opponent Xyz Summons Number 39: Utopia."],
     "Can it negate the Xyz Summon?"),
])
def test_it_is_never_the_monster_summoned_negating_itself(base_expert, scenario, question):
    assert "which card negates" in _refused(base_expert, question, scenario or None)


def test_near_miss_the_negator_named(base_expert):
    a = base_expert.ask("I control Thunder King Rai-Oh. My opponent Special Summons Cyber Dragon by "
                        "its own procedure. Can Thunder King Rai-Oh negate that Summon?")
    assert a.value == "yes"


def test_it_is_never_a_card_only_targeted(base_expert):
    said = _refused(base_expert, "My opponent activates Book of Moon targeting my Stardust Dragon. "
                                 "Does it target?")
    assert "Book of Moon" in said and "Stardust Dragon" in said


def test_near_miss_the_targeting_card_named_or_nothing_targeted_named(base_expert):
    assert base_expert.ask("My opponent activates Book of Moon targeting my Stardust Dragon. Does "
                           "Book of Moon target?").value == "yes"
    assert base_expert.ask("My opponent activates Mystical Space Typhoon targeting my Set card. Does "
                           "it target?").value == "yes"


# -- hunt 132h: how a Summon was made, in a trigger ------------------------------------------------

@pytest.mark.parametrize("question", [
    "I Tribute Summoned Tiger Dragon by Tributing Kuriboh. Can I activate its effect?",
    "I Tribute Summoned Sky Scourge Cidhels by Tributing Treeborn Frog. Can I activate its effect?",
    "I Special Summoned Returned Dino Daneen with Monster Reborn. Can I activate its effect?",
])
def test_how_the_summon_was_made_is_not_supposed_met(base_expert, question):
    try:
        assert base_expert.ask(question).value != "yes"
    except QuestionError:
        pass


def test_near_miss_a_summon_trigger_that_asks_nothing_more(base_expert):
    a = base_expert.ask("I Normal Summon Elemental HERO Stratos. Can I activate its effect?")
    assert a.value == "yes"


# -- hunt 132f: negating the activation of an effect of a card already on the field ---------------

def test_the_activation_of_a_later_effect_negated_keeps_the_card(base_expert):
    a = base_expert.ask("I activate Ultimate Offering's effect. My opponent chains Borreload Savage "
                        "Dragon and negates the activation. Does Ultimate Offering stay on my field?")
    assert a.value != "no"
    assert "negated-lasting-card-leaves-field" not in a.rules()


def test_near_miss_the_cards_own_activation_negated(base_expert):
    a = base_expert.ask("I activate Skill Drain. My opponent chains Solemn Judgment and negates the "
                        "activation. Does Skill Drain stay on my field?")
    assert a.value == "no"


def test_an_effect_used_in_the_gy_is_not_the_spells_activation(base_expert):
    q = ("I activate Aquarium Set's effect in the GY. My opponent banishes Aquarium Set in "
         "response. Does Aquarium Set's effect still resolve?")
    try:
        assert base_expert.ask(q).value != "no"
    except QuestionError:
        pass


# -- hunt 132g: what was done in an earlier turn ---------------------------------------------------

def test_a_once_per_turn_use_of_an_earlier_turn_does_not_count(base_expert):
    a = base_expert.ask("Can I activate Sangan's effect?",
                        ["It is my End Phase.", "Sangan is sent from the field to the GY.",
                         "I activate Sangan's effect.", "It is my opponent's Standby Phase.",
                         "My second Sangan is sent from the field to the GY."])
    assert a.value == "yes"


def test_near_miss_a_use_in_the_same_turn_counts(base_expert):
    a = base_expert.ask("Can I activate Sangan's effect?",
                        ["It is my Main Phase 1.", "Sangan is sent from the field to the GY.",
                         "I activate Sangan's effect.",
                         "My second Sangan is sent from the field to the GY."])
    assert a.value == "no"


def test_my_battle_phase_is_not_of_the_opponents_turn(base_expert):
    a = base_expert.ask("Can I activate Heavy Storm Duster?",
                        ["It is my opponent's Standby Phase.", "I conducted my Battle Phase.",
                         "I Set Heavy Storm Duster last turn.", "My opponent controls a face-up Spell."])
    assert a.value != "no"


def test_near_miss_my_battle_phase_of_this_turn(base_expert):
    a = base_expert.ask("Can I activate Heavy Storm Duster?",
                        ["It is my Main Phase 2.", "I conducted my Battle Phase."])
    assert a.value == "no"


def test_a_turn_lock_card_in_a_story_across_turns_is_refused(base_expert):
    said = _refused(base_expert, "Can I activate Pot of Duality?",
                    ["It is my Main Phase 1.", "I Special Summon Cyber Dragon.",
                     "It is my opponent's Main Phase 1.", "It is my Main Phase 1.",
                     "I have 30 cards in my Deck."])
    assert "new turn" in said


def test_near_miss_a_turn_lock_card_in_one_turn(base_expert):
    a = base_expert.ask("Can I activate Pot of Duality?",
                        ["It is my Main Phase 1.", "I Special Summon Cyber Dragon.",
                         "I have 30 cards in my Deck."])
    assert a.value == "no"


# -- hunt 132e: counts with a noun left out -------------------------------------------------------

@pytest.mark.parametrize("question", [
    "My opponent has 8000 LP and I have 500. Can I activate Cosmic Cyclone?",
    "My opponent has 5 cards in hand and I have 1. It is my Main Phase 1. Can I activate Twin "
    "Twisters from my hand?",
    "My opponent Pendulum Summons a couple of monsters. Can Thunder King Rai-Oh negate the "
    "Pendulum Summon?",
])
def test_a_count_whose_noun_is_left_out_is_not_read_as_cards_on_the_field(base_expert, question):
    _refused(base_expert, question)


@pytest.mark.parametrize("question", [
    "I have 500 LP. Can I activate Cosmic Cyclone?",
    "I have 1 card in my hand. It is my Main Phase 1. Can I activate Twin Twisters from my hand?",
])
def test_near_miss_the_count_said_with_its_noun(base_expert, question):
    assert base_expert.ask(question).value == "no"


# -- hunt 133i: the same monster told attacking again in the turn ---------------------------------

def test_a_second_attack_of_the_same_monster_is_not_a_new_declaration(base_expert):
    said = _refused(base_expert, "Can I activate Mirror Force?",
                    ["My opponent's Dark Magician attacks directly.", "I Special Summon a monster.",
                     "My opponent's Dark Magician attacks my monster."])
    assert "replay" in said


def test_near_miss_one_attack_declared(base_expert):
    a = base_expert.ask("Can I activate Mirror Force?", ["My opponent's Dark Magician attacks directly."])
    assert a.value == "yes"


# -- hunt 133n: a line that only says what the card is treated as is no effect --------------------

@pytest.mark.parametrize("question, value", [
    ("Does the second effect of Rising Fire target?", "no"),
    ("Does the second effect of Genni, the Maid of Endymion target?", "yes"),
    ("Does the third effect of Dragon Spirit of White target?", "no"),
])
def test_the_treated_as_line_is_not_numbered(base_expert, question, value):
    assert base_expert.ask(question).value == value


def test_near_miss_the_treated_as_line_is_said_back_as_such(base_expert):
    from psct_expert.reader.numbering import treated_as_line
    reading = read_card(base_expert.db.get("Genni, the Maid of Endymion"))
    first = next(e for e in reading.effects if e.n == 1)
    assert treated_as_line(first)
    assert not treated_as_line(numbered(reading)[0])


# -- hunts 133k/133n: a use told before the first turn told -------------------------------------

def test_a_use_told_before_the_only_turn_told_is_refused(base_expert):
    said = _refused(base_expert, "Can Player A activate Sangan's effect?",
                    ["Player A activates Sangan's effect.", "It is now Player B's turn.",
                     "Player B activates Dark Hole.", "Sangan is sent from the field to the GY."])
    assert "earlier turn" in said


def test_the_other_copy_gone_is_not_the_copy_asked_of(base_expert):
    said = _refused(base_expert, "I used Chaos Sorcerer's effect. My other Chaos Sorcerer was "
                                 "destroyed. Can Chaos Sorcerer use its effect again this turn?")
    assert "off the field" in said


def test_near_miss_the_same_copy_asked_of(base_expert):
    a = base_expert.ask("I used Chaos Sorcerer's effect. Can Chaos Sorcerer use its effect again "
                        "this turn?")
    assert a.value == "no"


# -- hunt 133m: the phase of a past event told after the phase of now ----------------------------

def test_a_past_phase_told_after_now_is_refused(base_expert):
    said = _refused(base_expert, "Can I activate Triple Tactics Talent?",
                    ["It is my Battle Phase.", "My opponent activated Ash Blossom & Joyous Spring "
                     "during my Main Phase 1 this turn."])
    assert "comes after the phase told as now" in said


def test_near_miss_the_past_phase_told_first(base_expert):
    a = base_expert.ask("Can I activate Triple Tactics Talent?",
                        ["My opponent activated Ash Blossom & Joyous Spring during my Main Phase 1 "
                         "this turn.", "It is my Battle Phase."])
    assert a.value == "no"


# -- round 133: the word "effect" said of a topic, then a player targeting -------------------------

def test_an_effect_said_as_the_topic_then_targeting_is_that_effect_activated(base_expert):
    a = base_expert.ask("Shaman of the Ashened City's effect: I target 3 Pyro monsters in my GY. Is "
                        "shuffling them into the Deck a cost?")
    assert a.value == "no"
    assert "Shaman of the Ashened City" in a.restated


def test_a_quotation_that_ends_its_sentence_is_a_sentence_and_its_near_miss():
    from psct_expert.parser.lexicon import sentences
    # a quotation that ends its sentence inside it is a sentence of its own; one that does not is not
    assert len(sentences('X says "draw 1 card." I have no cards left. Can I activate it?')) == 3
    assert len(sentences('X says "draw 1 card" and I have no cards left. Can I activate it?')) == 2


def test_near_miss_the_other_copy_gone_to_the_gy_uses_its_gy_trigger(base_expert):
    # an effect used from the GY ("If this card is sent from the field to the GY") is the other
    # copy's own to ask of there: the once-per-turn rules answer it
    a = base_expert.ask("Do I get to search with the second Sangan too?",
                        ["Sangan is destroyed by battle and I add a monster with its effect.",
                         "Later that turn my second Sangan is sent from the field to the GY."])
    assert a.value == "no"
