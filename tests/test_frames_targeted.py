"""A target told changed before its effect resolved, read by its story's frame
(psct_expert/frames/targeted.py): sentences written for these tests."""

import pytest

from question_helpers import name_spans

from psct_expert.frames.targeted import read_told, specs_of


@pytest.fixture
def expert(base_expert):
    return base_expert


def _told(expert, text, *names):
    return read_told(text, name_spans(text, *names), expert.db)


def test_a_target_flipped_face_down_by_a_card_named_as_a_verb(expert):
    told = _told(expert, "i Trap Hole'd nothing, relax. I use Karma Cut on their face-up monster "
                         "and they chain Book of Moon on it. still banished?",
                 "Karma Cut", "Book of Moon")
    # the first clause names no card the frame knows: it is not this frame's
    assert told is None
    told = _told(expert, "I use Karma Cut on their face-up monster and they chain Book of Moon "
                         "on it. still banished?", "Karma Cut", "Book of Moon")
    assert (told.card, told.change, told.which, told.asked, told.of) == \
        ("Karma Cut", "face-down", "target", ["banish"], "target")


def test_what_the_responder_does_is_read_from_its_text(expert):
    # Book of Moon's text turns a monster face-down; D.D. Crow's banishes from the GY
    flipped = _told(expert, "Karma Cut on their face-up monster, they respond with Book of Moon "
                            "targeting it. is it still banished?", "Karma Cut", "Book of Moon")
    assert flipped.change == "face-down"
    gone = _told(expert, "I activate Monster Reborn targeting a monster in their GY, they chain "
                         "D.D. Crow on it. do I still special summon it?",
                 "Monster Reborn", "D.D. Crow")
    assert (gone.change, gone.asked) == ("left", ["special-summon"])


def test_one_of_several_targets_gone_asks_of_the_others(expert):
    told = _told(expert, "ok so Pot of Avarice on 5 monsters in my gy, opp removes 1 of them in "
                         "response. do the other 4 still get shuffled and do i draw?",
                 "Pot of Avarice")
    assert (told.change, told.which, told.of, told.asked) == \
        ("left", "one", "other", ["shuffle", "draw"])
    spec = specs_of(told, expert.db)[0]
    # the shuffle acts on the targets (is it still applied to the others?); the draw does not
    # (is that part done?)
    assert spec["family"] == "affected" and spec["target"] == "the other target"
    assert spec["and"][0]["family"] == "clause-done"


def test_whose_target_changed_is_said_by_the_word_before_it(expert):
    told = _told(expert, "S:P Little Knight targets my monster and my opponent's monster, and my "
                         "opponent tributes their targeted monster for its own effect. is my "
                         "monster still banished?", "S:P Little Knight")
    assert (told.which, told.owner, told.of) == ("one", "opponent", "other")


def test_why_the_card_was_used_and_its_own_words_are_placed(expert):
    # the words before the card say why it was used; "my monster and theirs" are two targets
    # by their owners; "until the End Phase" is said as the card's text says it
    told = _told(expert, "I was hoping to save my guy with S:P Little Knight (targeted my monster "
                         "and theirs) but they banished MY monster in response. is their monster "
                         "still banished until the End Phase?", "S:P Little Knight")
    assert (told.which, told.owner, told.of, told.asked) == ("one", "me", "other", ["banish"])
    # a word before the card that says what happened is never set aside
    assert _told(expert, "I tried to negate with S:P Little Knight (targeted my monster and "
                         "theirs) but they banished MY monster in response. is their monster "
                         "still banished?", "S:P Little Knight") is None


def test_whether_it_does_nothing_is_the_question_turned_over(expert):
    a = expert.ask("if one of the 2 targets of The Transmigration Prophecy leaves the gy before "
                   "it resolves, does the whole card fizzle?")
    # "shuffle them into the Deck": the other is still shuffled, so it does not fizzle
    assert a.value == "no" and a.restated.startswith("Does The Transmigration Prophecy do nothing")
    told = _told(expert, "Gravedigger Ghoul on 2 monsters in their gy, they pulled one out in "
                         "response. does it do nothing now?", "Gravedigger Ghoul")
    assert told.inverted and told.of == "other"


def test_the_other_target_said_by_its_place(expert):
    told = _told(expert, "Circle of the Fire Kings on my fire monster and a fire in my gy. opp "
                         "banishes the one in my gy in response. is my fire monster on the field "
                         "still destroyed?", "Circle of the Fire Kings")
    assert (told.which, told.place, told.of) == ("one", "gy", "other")
    # asked of the one in the same place: the one that changed, not the other
    told = _told(expert, "Circle of the Fire Kings on my fire monster and a fire in my gy. opp "
                         "banishes the one in my gy in response. is the one in my gy still "
                         "special summoned?", "Circle of the Fire Kings")
    assert told is None


def test_a_bullet_that_targets_is_the_effect_asked_of(expert):
    a = expert.ask("I detach a material from Daigusto Emeral and use the effect that targets 3 "
                   "monsters in my GY. My opponent chains D.D. Crow and banishes one of those 3 "
                   "monsters. do the other 2 still get shuffled into my deck?")
    # "shuffle all 3 into the Deck": with one gone, none is shuffled
    assert a.value == "no" and "bullet 1 of the first effect of Daigusto Emeral" in a.restated


def test_it_that_the_responder_could_say_of_either_card_is_never_guessed(expert):
    # Book of Moon could flip Caius itself or its target: "which card is 'it'" is not guessed
    assert _told(expert, "Caius the Shadow Monarch targets their monster, they chain Book of "
                         "Moon to flip it face-down. still banished?", "Caius the Shadow Monarch",
                 "Book of Moon") is None


def test_how_many_targets_said_must_be_how_many_it_targets(expert):
    from psct_expert.frames.targeted import specs_of

    said = "I activate Pot of Avarice targeting 5 monsters in my GY, opp banishes 1 of them. do " \
           "I still shuffle the other {} and draw 2?"
    assert specs_of(_told(expert, said.format(4), "Pot of Avarice"), expert.db)
    assert not specs_of(_told(expert, said.format(3), "Pot of Avarice"), expert.db)
    arm = "Double Magical Arm Bind, one of the {} targets left the field. do i still take control of " \
          "the other one?"
    assert specs_of(_told(expert, arm.format(2), "Double Magical Arm Bind"), expert.db)
    assert not specs_of(_told(expert, arm.format(3), "Double Magical Arm Bind"), expert.db)


def test_one_of_several_alike_targets_said_by_a_number(expert):
    # the grammar asks "which of the targeted cards?" of "banishes 1"; of 5 targets alike, the
    # others are asked of whichever it was
    a = expert.ask("pot of avarice on 5 in my gy, opp banishes 1 in response. do the other 4 still "
                   "get shuffled?")
    assert a.value == "no" and "frame" in [c.kind for c in a.reading.changes]
    # targets of two kinds (one on the field, one in the GY): which one, nothing says
    from psct_expert.frames.targeted import specs_of

    told = _told(expert, "Circle of the Fire Kings on my fire monster and a fire in my gy, opp "
                         "banishes 1 in response. is the other still destroyed?",
                 "Circle of the Fire Kings")
    assert told is None or not specs_of(told, expert.db)


def test_an_action_the_text_says_with_another_verb(expert):
    # "put it on top of the Deck" of "place that target on the top of the Deck"
    told = _told(expert, "Raiza the Storm Monarch targeted their monster, they chained a quickplay "
                         "that flipped it face-down. does it still put it on top of the deck?",
                 "Raiza the Storm Monarch")
    assert told.asked == ["place"]


def test_the_other_target_said_by_its_owner(expert):
    told = _told(expert, "Double Cyclone on my own s/t and opp's Set card. my target gets "
                         "destroyed by something else in chain. is the opp's card still destroyed?",
                 "Double Cyclone")
    assert (told.which, told.owner, told.of) == ("one", "me", "other")


@pytest.mark.parametrize("text,names", [
    # "it" could be the card used: the responder targets Spells/Traps, the target is a monster
    ("I activate Forbidden Lance targeting my monster and my opponent chains Mystical Space "
     "Typhoon to destroy it. does my monster still lose 800 ATK?",
     ("Forbidden Lance", "Mystical Space Typhoon")),
    # said without what: the subject before (the card itself)
    ("Karma Cut on their monster, then got destroyed in response. still banished?",
     ("Karma Cut",)),
    # another card than the target
    ("Karma Cut on their face-up monster, they flip it face-down and then banish another "
     "monster. still banished?", ("Karma Cut",)),
    # a word no list places ("protect"), a negation, a number the text does not say
    ("Karma Cut on their face-up monster, they chain something to protect it. still banished?",
     ("Karma Cut",)),
    ("Karma Cut on their face-up monster, they flip it face-down. is it not banished?",
     ("Karma Cut",)),
    ("Soul Charge on 3 monsters in my gy, opp banishes one of them. do i lose 3000?",
     ("Soul Charge",)),
    # a Set card activated in response, its kind untold: it may be gone or face-up
    ("Galaxy Cyclone on their set card, they chain it. still destroyed?", ("Galaxy Cyclone",)),
    # what it targets is never said: "the co-linked monster" is said of the card, not its target
    ("Knightmare Unicorn was co-linked when I activated it, opp destroys the co-linked monster "
     "in response. can I still draw?", ("Knightmare Unicorn",)),
    # two changes that disagree
    ("Karma Cut on their face-up monster, they flip it face-down, then flip it face-up. "
     "still banished?", ("Karma Cut",)),
])
def test_what_it_cannot_place_leaves_to_the_other_readings(expert, text, names):
    assert _told(expert, text, *names) is None


def test_a_set_card_that_stays_is_face_up_and_one_that_does_not_is_gone(expert):
    kept = _told(expert, "Galaxy Cyclone on their set card, they chain it (a continuous trap so "
                         "it stays face-up). does it still destroy it?", "Galaxy Cyclone")
    assert kept.change == "face-up"
    gone = _told(expert, "i Nobleman of Extermination their set card, they chain it and it was "
                         "Waboku. still destroyed?", "Nobleman of Extermination", "Waboku")
    assert gone.change == "left"


@pytest.mark.parametrize("question,value", [
    # face-down: "that face-up monster" no longer fits; "banish that target" still applies
    ("yo i karma cut their face up monster, they respond w/ book of eclipse and everything goes "
     "face down. does karma cut still banish it?", "no"),
    ("opp's Caius the Shadow Monarch was tribute summoned, its trigger targets my face-up "
     "monster, I flip it face-down in response. is it still banished?", "yes"),
    ("Heavy Storm Duster on 2 of their backrow, they chain one of them (normal trap so it goes "
     "to the gy after). the other one still destroyed?", "yes"),
])
def test_asked_as_people_ask_answered_by_the_rules(expert, question, value):
    answer = expert.ask(question)
    assert answer.value == value, answer.restated
    assert "frame" in [c.kind for c in (answer.reading.changes if answer.reading else [])]


def test_a_response_told_without_what_it_answered_is_read_by_the_story(expert):
    # "I chained X ...": the grammar finds nothing activated before it (a gap in the story told,
    # not a refusal of the cards), so the story's frame reads it
    answer = expert.ask("I chained Treacherous Trap Hole targeting 2 of their monsters, they "
                        "banished one of them in response. Does the other one still get destroyed?")
    assert answer.value == "yes" and "other target" in answer.restated


def test_the_gap_alone_with_no_story_to_read_stays_refused(expert):
    from psct_expert.errors import QuestionError

    with pytest.raises(QuestionError, match="nothing was activated before it"):
        expert.ask("I chained Treacherous Trap Hole targeting 2 of their monsters. Can they "
                   "respond with Ash Blossom & Joyous Spring?")
