"""Rounds 127 and 128 and hunts 128a/128b (the session after `626890e0`): mechanisms of reading
and of the game, each with its near miss."""

import pytest

from psct_expert.errors import QuestionError

pytestmark = pytest.mark.slow


# -- hunt 128a: "Activate this card by paying 1000 LP." is how the card is activated ---------------

@pytest.mark.parametrize("question", [
    "Does Skill Drain's effect start a Chain?",
    "Is Mind Drain's effect activated?",
    "Does the effect of DNA Surgery start a Chain?",
])
def test_its_effect_is_not_the_sentence_that_activates_the_card(base_expert, question):
    # "Activate this card by paying 1000 LP. Negate the effects of ...": the first sentence is a
    # cost of the card's activation; "its effect" is the lasting one, which has no ":" or ";"
    # (psct-guide#2, game-rules#chain.11)
    a = base_expert.ask(question)
    assert a.value == "no"
    assert "second effect" in a.restated


@pytest.mark.parametrize("question", ["Does Skill Drain start a Chain?",
                                      "Does activating Skill Drain start a Chain?"])
def test_near_miss_activating_the_card_still_starts_a_chain(base_expert, question):
    a = base_expert.ask(question)
    assert a.value == "yes"
    assert "first effect" in a.restated


def test_near_miss_an_activation_that_does_something_is_its_effect(base_expert):
    # "Activate this card by targeting 1 monster in your GY; Special Summon that target ...": the
    # card's activation Summons, so "its effect" is that activation
    a = base_expert.ask("Does Call of the Haunted's effect start a Chain?")
    assert a.value == "yes"


# -- paraphrases 128: words people write, read as the grammar's ----------------------------------

@pytest.mark.parametrize("question, restated", [
    # "1k": the number in full
    ("paid 1k for skill drain, opp chained seven tools and negated it. do i still lose the 1000 lp?",
     "paying"),
    # "links 2 monsters into X": the Link Summon of X
    ("opp links 2 monsters into S:P Little Knight. can i black horn the link summon?",
     "Link Summon of S:P Little Knight"),
    ("opp overlays 2 monsters into Number 39: Utopia. is the summon a chain link?",
     "Xyz Summon of Number 39: Utopia"),
    ("opp synchros into Trishula, Dragon of the Ice Barrier. is the synchro summon a chain link?",
     "Synchro Summon of Trishula, Dragon of the Ice Barrier"),
    # "is X usable during the turn of my opponent?": can X be used in the opponent's turn
    ("Is Kashtira Fenrir's search effect usable during the turn of my opponent?",
     "in your opponent's turn"),
    ("kashtira fenrir's search effect, usable on opp's turn?", "in your opponent's turn"),
    # "the effect of X that searches a card": its effect that adds a card
    ("Can I use the effect of Kashtira Fenrir that searches a card during my opponent's turn?",
     "second effect of Kashtira Fenrir"),
    # 'X reads: "..."': the card's words quoted, as the topic
    ('Tribute to The Doomed reads: "Discard 1 card, then target 1 monster on the field; destroy it." '
     "Is the discard a cost?", "cost"),
])
def test_players_words_read_as_the_grammars(base_expert, question, restated):
    a = base_expert.ask(question)
    assert a.value in ("yes", "no")
    assert restated in a.restated


def test_now_after_the_subject_is_the_point_the_story_reached(base_expert):
    a = base_expert.ask("Player B Special Summons High Priestess of Prophecy with its effect. Can "
                        "Player A now activate Black Horn of Heaven to negate the Special Summon of "
                        "High Priestess of Prophecy?")
    # a Summon made by an effect that started a Chain is not one Black Horn can negate
    assert a.value == "no"


@pytest.mark.parametrize("question", [
    # a number of thousands inside a word is not one ("10k" is not read; "k" alone neither)
    "paid 10k for skill drain. do i still lose the 1000 lp?",
    # "usable" somewhere else than the question's own verb is still a word to place
    "Is the usable effect of Kashtira Fenrir a Quick Effect usable?",
])
def test_near_miss_words_outside_those_forms_are_still_placed_or_refused(base_expert, question):
    with pytest.raises(QuestionError):
        base_expert.ask(question)


@pytest.mark.parametrize("question", [
    # "In response, can I ...?": the response asked, said first
    "During my opponent's turn, they activate Skill Drain. In response, can I activate Mystical "
    "Space Typhoon from my hand?",
    # "got a face-up X.": the asker has it; "face-up X on my side, ...": controls it
    "got a face-up rai-oh. opp xyz summons utopia. can i send rai-oh to negate the xyz summon?",
    "face-up rai-oh on my side, opp xyz summons utopia. can i send rai-oh to negate the xyz summon?",
    # "considered": what they are; "X is resolving, but I am not able to ...": when X resolves
    "Are the destruction and the banishment of Bottomless Trap Hole considered simultaneous?",
    "My Crossout Designator is resolving, but I am not able to banish a copy of the declared card "
    "from my Main Deck. Are my opponent's copies of that card still negated?",
])
def test_players_stories_read_as_the_grammars(base_expert, question):
    assert base_expert.ask(question).value in ("yes", "no")


def test_near_miss_in_response_said_of_the_story_stays_in_the_story(base_expert):
    # "In response" opening a sentence of the story (not the question) is read where it stands
    a = base_expert.ask("My opponent activates Dark Hole. In response, I chain Mystical Space "
                        "Typhoon targeting their Set card. Does Mystical Space Typhoon target?")
    assert a.value == "yes"


@pytest.mark.parametrize("question, answer", [
    # "changes that monster to face-down": to face-down Defense Position; "when the effect of X
    # resolves, ...": the resolution told by the effect's own name
    ("I activate the effect of Black Luster Soldier - Envoy of the Beginning, targeting my "
     "opponent's monster to banish it. My opponent chains Book of Moon and changes that monster to "
     "face-down. When the effect of Black Luster Soldier - Envoy of the Beginning resolves, is the "
     "face-down monster banished?", "yes"),
    # "a face-up monster controlled by Player B": one Player B controls (Forbidden Lance: "unaffected
    # by other Spell/Trap effects")
    ("Player A activates Offerings to the Doomed targeting a face-up monster controlled by Player "
     "B. Player B chains Forbidden Lance on that same monster. Does Offerings to the Doomed destroy "
     "the monster?", "no"),
    # "a Set card of Player A": one Player A controls
    ("Player B activates Mystical Space Typhoon targeting a Set card of Player A. Player B chains "
     "Raigeki Break targeting Player A's face-up Card Trooper. Raigeki Break resolves and destroys "
     "Card Trooper; then Mystical Space Typhoon resolves. After the Chain, does Card Trooper's draw "
     "effect still activate?", "yes"),
    # "the Normal Summon itself", "Chain Link 1 of a Chain", "count as Chain Link 1"
    ("My opponent Normal Summons Snake-Eye Ash. Is the Normal Summon itself Chain Link 1 of a "
     "Chain?", "no"),
    ("My opponent Normal Summons Snake-Eye Ash. Does the Normal Summon count as Chain Link 1?", "no"),
])
def test_players_stories_answered(base_expert, question, answer):
    assert base_expert.ask(question).value == answer


def test_near_miss_count_as_anything_but_a_chain_link_is_still_a_word_to_place(base_expert):
    # ("count as" anything else is not read as "is": the question stays refused as written)
    with pytest.raises(QuestionError):
        base_expert.ask("My opponent Normal Summons Snake-Eye Ash. Does the Normal Summon count as "
                        "two Summons?")


@pytest.mark.parametrize("question, answer", [
    # "those two monsters" of "target 2 face-up monsters ...": the number it targets fits
    ("Does S:P Little Knight's Quick Effect that banishes two monsters until the End Phase target "
     "those two monsters?", "yes"),
    # "X has a Quick Effect that ... . Does this effect ...?": the effect introduced, then asked of
    ("S:P Little Knight has a Quick Effect that banishes two monsters until the End Phase. Does "
     "this effect target those two monsters?", "yes"),
    # "This turn I have already used ...": told with the turn after it
    ("This turn I have already used the Quick Effect of S:P Little Knight. Later I made a second "
     "S:P Little Knight. Can the second copy use the Quick Effect in the same turn?", "no"),
])
def test_effects_introduced_and_counted(base_expert, question, answer):
    assert base_expert.ask(question).value == answer


def test_near_miss_a_number_it_does_not_target_is_refused(base_expert):
    # it targets 2: "three monsters" is not what it targets (never answered for another thing)
    with pytest.raises(QuestionError, match="is not what it targets"):
        base_expert.ask("Does S:P Little Knight's Quick Effect target three monsters?")


@pytest.mark.parametrize("question, answer", [
    # "X resolves; immediately after, ...": then (a Normal Summon made as Chain Link 1 resolves is
    # made after the Chain, so a Summon negator can answer it)
    ("During Player A's Main Phase, Player A activates Floowandereeze and the Dreaming Town as Chain "
     "Link 1. Neither player responds. Dreaming Town resolves; immediately after, Player A Normal "
     "Summons a Level 4 Winged Beast monster. Can Player B negate that Normal Summon with a card "
     "that negates Summons?", "yes"),
    # "is the discard paid as a cost when the card is activated?": whether it is a cost
    ('For Tribute to The Doomed ("Discard 1 card, then target 1 monster on the field; destroy it."),'
     " is the discard paid as a cost when the card is activated?", "yes"),
    ("When I use D.D. Crow, I discard it from my hand to the GY. Is this discard a cost, paid at the "
     "moment the effect is activated?", "yes"),
    # "performs a Normal Summon of X"; "I wish to ..." (what the asker means to do, told aside)
    ("My opponent performs a Normal Summon of Snake-Eye Ash. Does the Normal Summon start a Chain?",
     "no"),
])
def test_more_stories_answered(base_expert, question, answer):
    assert base_expert.ask(question).value == answer


def test_near_miss_a_quoted_immediately_after_is_card_text(base_expert):
    # "immediately after this effect resolves," inside a card's words is not the story's "then"
    from psct_expert.parser.lexicon import relex

    said = 'X says "draw 1 card; immediately after this effect resolves, Normal Summon 1 monster"'
    assert "Then" not in relex(said).text


def test_a_card_said_as_a_verb_opening_a_sentence_is_what_the_asker_did(base_expert):
    from psct_expert.parser.lexicon import relex
    from psct_expert.rereading import card_verbs

    r = relex("Forbidden Chalice'd their monster. they chained book of moon.")
    card_verbs(r, base_expert.db, base_expert.kb.families)
    assert r.text.startswith("I activated Forbidden Chalice on")


def test_near_miss_a_card_said_as_a_verb_after_its_subject_is_not_the_askers(base_expert):
    from psct_expert.parser.lexicon import relex
    from psct_expert.rereading import card_verbs

    r = relex("they Forbidden Chalice'd my monster.")
    card_verbs(r, base_expert.db, base_expert.kb.families)
    assert "I activated" not in r.text and "Forbidden Chalice" in r.text


# -- hunt 128c: a Continuous Trap told gone, "its effect" --------------------------------------

@pytest.mark.parametrize("question", [
    "When Call of the Haunted leaves the field, does its effect start a Chain?",
    "If Call of the Haunted is destroyed, does its effect start a Chain?",
    "My opponent destroys my Call of the Haunted with Mystical Space Typhoon. Does its effect "
    "start a Chain?",
])
def test_its_effect_once_the_card_is_gone_is_not_its_activation(base_expert, question):
    # "When this card leaves the field, destroy that monster": no ":" or ";" (game-rules#chain.11)
    a = base_expert.ask(question)
    assert a.value == "no"
    assert "second effect" in a.restated


def test_near_miss_its_effect_while_it_is_on_the_field_is_its_activation(base_expert):
    a = base_expert.ask("My opponent activates Mystical Space Typhoon targeting my Call of the "
                        "Haunted. Does Call of the Haunted's effect start a Chain?")
    assert a.value == "yes"


@pytest.mark.parametrize("question", [
    "My Call of the Haunted is destroyed by my opponent's Mystical Space Typhoon. Can I activate it?",
    "My Call of the Haunted is banished by my opponent's Cosmic Cyclone. Can I activate it?",
])
def test_a_card_a_resolved_link_moved_is_not_activated_from_the_field(base_expert, question):
    with pytest.raises(QuestionError, match="is told (in the GY|banished)"):
        base_expert.ask(question, ["It is my opponent's Main Phase 1."])


def test_near_miss_a_card_a_link_still_on_the_chain_means_to_destroy_can_be_chained(base_expert):
    a = base_expert.ask("My opponent activates Mystical Space Typhoon targeting my Set Call of the "
                        "Haunted. Can I activate Call of the Haunted in response?",
                        ["It is my opponent's Main Phase 1."])
    assert a.value == "yes"


def test_an_activation_that_only_targets_is_not_its_only_effect(base_expert):
    # "Activate this card by targeting ... . It cannot be destroyed ...": its effect may be either
    a = base_expert.ask("Does Dimension Guardian's effect start a Chain?")
    assert a.value == "unknown"


@pytest.mark.parametrize("question, answer", [
    # "Is the monster destroyed by X targeted (by it)?": whether X targets what it destroys
    ("Is the monster destroyed by Smashing Ground targeted by it?", "no"),
    ("Are the cards destroyed by Scrap Dragon targeted?", "yes"),
    # "is X able to ...?": can X ...
    ("Are they able to chain Mystical Space Typhoon to Raigeki?", "yes"),
])
def test_judges_sentences_read(base_expert, question, answer):
    assert base_expert.ask(question).value == answer


def test_near_miss_targeted_by_a_card_that_does_not_do_it_is_refused(base_expert):
    # Mystical Space Typhoon destroys, it banishes nothing: never answered for its destruction
    with pytest.raises(QuestionError, match="does not banish"):
        base_expert.ask("Is the card banished by Mystical Space Typhoon targeted?")


def test_plus_and_off_its_own_text(base_expert):
    from psct_expert.parser.lexicon import relex

    assert "my monster and one of theirs" in relex("targeting my monster + one of theirs").text
    assert "with its own" in relex("they SS it off its own text").text
    # near miss: a "+" in a number is no "and"
    assert "and" not in relex("it gains +500 ATK").text
