"""Mechanisms of the session after `d40d818`, found on blind probe round 21 and the dev rounds
(issues 22 and 23): what a question asks of says which effect; an effect named by its limit, a
game verb or a Summon kind; a label before the colon; the kind of a Summon kept; "its effect"
after a story that said which; two actions asked "at the same time" (the simultaneous frame);
"that X" never another copy; the part asked read in the clause that asks; a Battle Phase told
conducted; the monsters on the whole field counted; whether a card can target itself.  Sentences
and invented cards written for these tests, not the shared cases."""

import pytest

from psct_expert.errors import QuestionError

from question_helpers import with_cards


ENVOY = {"name": "Example Envoy", "kind": "monster", "subtypes": ["effect"],
         "text": "Cannot be Normal Summoned/Set. Once per turn, you can activate 1 of these "
                 "effects.\n● Target 1 monster on the field; banish it.\n● If this attacking "
                 "card destroys an opponent's monster by battle: It can make a second attack in "
                 "a row."}


@pytest.fixture(scope="module")
def invented(base_expert):
    cards = [
        {"name": "Example Tidewatch", "kind": "monster", "subtypes": ["effect"],
         "text": "When this card inflicts battle damage to your opponent: You can draw 1 card. "
                 "If this card is sent to the GY: Target 1 Set card your opponent controls; "
                 "destroy that target."},
        {"name": "Example Lamplighter", "kind": "monster", "subtypes": ["effect"],
         "text": "Once per turn: You can target 1 monster your opponent controls; destroy it. "
                 "If this card is destroyed: You can add 1 monster from your Deck to your hand."},
    ]
    return with_cards(base_expert, *cards)


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_what_the_question_asks_of_says_which_effect(invented):
    # only the second effect's text says "Set card": that effect is asked about, and it targets
    answer = invented.ask("does example tidewatch effect target the set card?")
    assert answer.value == "yes"
    assert "the second effect of Example Tidewatch" in answer.restated
    assert any(c.kind == "object-effect" and "'set card'" in c.read
               for c in answer.reading.changes)


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_an_object_no_single_effect_says_leaves_the_effects_to_be_said(invented):
    # "card" stands in both texts: which effect is meant, nothing says, and it is never guessed
    try:
        answer = invented.ask("does example tidewatch effect target the card?")
    except QuestionError as err:
        assert "more than one effect" in str(err) or "which effect" in str(err)
    else:
        assert answer.value == "unknown"


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
@pytest.mark.parametrize("said", ["OPT", "hopt", "once per turn"])
def test_an_effect_named_by_its_limit_is_the_one_whose_text_says_it(invented, said):
    answer = invented.ask(f"does example lamplighter's {said} effect target?")
    assert answer.value == "yes"


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_a_limit_the_text_does_not_say_fits_no_effect(invented, base_expert):
    # Example Tidewatch says no "once per turn": no effect of it is named so
    with pytest.raises(Exception) as err:
        invented.ask("does example tidewatch's opt effect target?")
    assert "fits" in str(err.value) or "which effect" in str(err.value)


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
@pytest.mark.parametrize("label", ["Judge call at our locals:", "Rules exam, question 3:",
                                   "Question:", "quick q:"])
def test_a_label_before_the_colon_is_set_aside_and_shown(base_expert, label):
    answer = base_expert.ask(f"{label} does Raigeki target?")
    assert answer.value == "no"
    assert any(c.kind in ("set-aside", "read-as") and label.rstrip(":").split()[0].lower()
               in c.written.lower() for c in answer.reading.changes)


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_a_label_with_a_game_word_is_read_not_set_aside(base_expert):
    from psct_expert.parser.lexicon import relex

    assert "Damage Step" in relex("Damage Step: can I activate Raigeki?").text


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_repeated_question_marks_are_one(base_expert):
    assert base_expert.ask("does raigeki target??").value == "no"


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_the_kind_of_a_summon_said_is_never_dropped(base_expert):
    # a Synchro Summon is performed by the player: Summon negators can negate it
    answer = base_expert.ask("can the Synchro Summon of Stardust Dragon be negated?")
    assert answer.value == "yes"
    assert "by the second effect" not in answer.restated
    # a monster that is not of that kind is not Summoned that way
    with pytest.raises(QuestionError, match="not a Pendulum Monster"):
        base_expert.ask("can the Pendulum Summon of Stardust Dragon be negated?")
    # a Fusion Summon is made by a card that is not said: never read as the monster's own effect
    with pytest.raises(QuestionError, match="not made by its own effect"):
        base_expert.ask("can the Fusion Summon of Elemental HERO Flame Wingman be negated?")


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_a_summon_negator_told_by_its_kind_asks_who_summons_instead_of_failing(base_expert):
    with pytest.raises(QuestionError, match="who Summons it"):
        base_expert.ask("can the xyz summon of lightning chidori be negated by a counter trap?")


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
@pytest.mark.parametrize("question, value", [
    ("can the xyz summon of lightning chidori itself be negated by a counter trap that negates "
     "summons?", "yes"),
    ("can the Special Summon of Gorz the Emissary of Darkness itself be negated?", "no"),
    ("can the Special Summon of Gorz the Emissary of Darkness be negated by a summon negator?",
     "no"),
])
def test_a_summon_said_itself_or_negated_by_any_summon_negator(base_expert, question, value):
    assert base_expert.ask(question).value == value


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_its_effect_after_a_story_that_said_which_is_that_effect(invented):
    # the story says which effect of the card was negated (by what it does): "its effect" is it
    answer = invented.ask("example lamplighter's destroy effect got negated. can i use its effect "
                          "again this turn?")
    assert answer.value in ("yes", "no")
    assert "first effect" in answer.restated


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_a_game_verb_said_of_an_effect_is_grounded_in_its_text(invented):
    # "add" is said by the second effect only; "equip" by neither
    assert "second effect" in invented.ask("does example lamplighter's add effect target?").restated
    with pytest.raises(QuestionError, match="no effect"):
        invented.ask("does example lamplighter's equip effect target?")


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_a_summon_kind_said_of_an_effect_is_grounded_in_its_text(base_expert):
    # Polymerization's one effect says "Fusion Summon"; a word its text does not say fits nothing
    assert base_expert.ask("does polymerization's fusion effect target?").value == "no"
    with pytest.raises(QuestionError):
        base_expert.ask("does polymerization's synchro effect target?")


@pytest.fixture(scope="module")
def parted(base_expert):
    cards = [
        {"name": "Example Forgeworks", "kind": "spell", "subtypes": ["quick-play"],
         "text": "Target 1 monster you control; change its battle position, then destroy 1 card "
                 "on the field. You can banish this card from your GY, then target 1 card you "
                 "control; destroy it, and if you do, Special Summon 1 \"Example\" monster from "
                 "your Deck."},
    ]
    return with_cards(base_expert, *cards)


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
@pytest.mark.parametrize("question, value, effect", [
    # the two actions said in any form are the parts of the one effect that does both
    ("example forgeworks from the GY: destroying my card and Special Summoning the Example "
     "monster from the Deck, are those done at the same time?", "yes", "second effect"),
    ("forgeworks first effect, changing my monster's position and destroying a card, "
     "simultaneous?", "no", "first effect"),
    ("Example Forgeworks's second effect: destroying and special summoning, same time?", "yes",
     "second effect"),
])
def test_two_actions_asked_same_time_are_the_parts_of_one_effect(parted, question, value, effect):
    answer = parted.ask(question)
    assert answer.value == value
    assert effect in answer.restated and "simultaneous" in answer.restated


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_actions_no_single_effect_does_are_not_guessed(parted):
    # "change" and "Special Summon" are parts of different effects: nothing fits both
    with pytest.raises(QuestionError):
        parted.ask("example forgeworks changing a position and special summoning, same time?")
    # the number said must be the effect that does them
    with pytest.raises(QuestionError):
        parted.ask("Example Forgeworks's first effect: destroying and special summoning, same "
                   "time?")


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_a_verb_two_parts_of_the_effect_do_says_neither(base_expert):
    # Tearlaments Scheiren sends twice ("and if you do, send ..., then, send the top 3"): which
    # send is asked, the frame cannot say; never answered for the other one
    try:
        answer = base_expert.ask("tearlaments scheiren: are the special summon and sending the "
                                 "top 3 cards of the deck simultaneous?")
    except QuestionError:
        return
    assert answer.value != "yes"


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
@pytest.mark.parametrize("question", ["does effect veiler target? asking for a friend",
                                      "does effect veiler target? lol.",
                                      "does effect veiler target?? asking for a friend"])
def test_a_sentence_of_discourse_after_the_question_leaves_nothing_behind(base_expert, question):
    assert base_expert.ask(question).value == "yes"


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_that_card_asked_again_is_never_read_as_another_copy(base_expert):
    # (was read "Can I activate a second Zoodiac Drident this turn?" and answered yes)
    try:
        answer = base_expert.ask("my Drident's once per turn effect activation got negated. can "
                                 "that Drident try again later this turn?")
    except QuestionError:
        return
    said = (answer.reading.text if answer.reading else "").lower()
    assert "second" not in said and "another" not in said


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
@pytest.mark.parametrize("question, read", [
    ("can I respond to a normal trap with Thunder Dragondark's discard?", "discard effect"),
    ("can i chain gagaga cowboy's burn effect in response to the trap my opponent just flipped?",
     "my opponent's trap"),
    ("can i chain gagaga cowboy's burn effect in response to a spell they activated?",
     "my opponent's spell"),
    # a proposal asked short, or after a first action told
    ("they activated forced back on my normal summon. I want to chain skill successor to it, "
     "can I?", "can I chain skill successor to it?"),
    ("i activate Pot of Greed and chain Mystical Space Typhoon to it. that's legal?",
     "I activate Pot of Greed. Can i chain Mystical Space Typhoon to it?"),
])
def test_action_nouns_relative_clauses_and_proposals_are_read(base_expert, question, read):
    answer = base_expert.ask(question)
    # (session after d4101ba: "..., can I?" is now read by the tag as "Can I ...?", capitalised)
    assert answer.value in ("yes", "no") and read.lower() in answer.reading.text.lower()


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_what_a_clause_before_the_question_tells_is_never_the_part_asked(base_expert):
    # "activation is negated" is told; the ATK asked of is no part the frame reads: never read
    # as "is its negate still done?" (a wrong yes)
    question = ('my dragoon negates opp\'s monster effect but that monster has "cannot be '
                'destroyed by card effects". activation is negated, it does dragoon still get '
                '1000 atk?')
    try:
        answer = base_expert.ask(question)
    except QuestionError:
        return
    assert "negate still done" not in (answer.reading.text if answer.reading else "")


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_a_battle_phase_conducted_this_turn_locks_a_card_that_forbids_it(base_expert):
    told = "I already conducted my Battle Phase this turn. "
    answer = base_expert.ask(told + "Can I activate Soul Charge in my Main Phase 2?")
    assert answer.value == "no"
    assert "game-rules#lingering-effects.7" in answer.citations()
    assert "turn-lock-after-battle-phase" in answer.rules()
    # a card with no such restriction is not locked by it
    assert base_expert.ask(told + "Can I activate Monster Reborn in my Main Phase 2?").value == "yes"
    # not told: unknown, and the line that would settle it is offered
    unknown = base_expert.ask("Can I activate Soul Charge in my Main Phase 2?")
    assert unknown.value == "unknown"
    assert any("Battle Phase" in it["ask"] for it in unknown.tell)


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_only_the_battle_phase_is_told_conducted(base_expert):
    with pytest.raises(QuestionError):
        base_expert.ask("I already conducted my Main Phase 1 this turn. Can I activate Soul Charge?")


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_too_few_monsters_on_the_field_for_its_targets(base_expert):
    ask = base_expert.ask
    q = "Can I activate Treacherous Trap Hole?"
    answer = ask("My opponent controls 1 monster and I control no monsters. " + q)
    assert answer.value == "no" and "too-few-targets-on-the-field" in answer.rules()
    # two monsters between the players, or one side not told: this rule says nothing
    for told in ("My opponent controls 1 monster and I control 1 monster. ",
                 "My opponent controls 1 monster. "):
        assert "too-few-targets-on-the-field" not in ask(told + q).rules()


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_a_test_may_add_two_counts(base_expert):
    from psct_expert.engine import test_holds
    from psct_expert.knowledge import Pattern, Sum, Var

    pat = Pattern("test", test=(Sum(Var("a"), Var("b")), "<", Var("c")))
    assert test_holds(pat, {"a": 0, "b": 1, "c": 2})
    assert not test_holds(pat, {"a": 1, "b": 1, "c": 2})
    assert not test_holds(pat, {"a": 1, "c": 2})            # unbound: it does not hold
    assert not test_holds(pat, {"a": "x", "b": 1, "c": 2})  # only counts are added


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
@pytest.mark.parametrize("question, value", [
    ("can i activate treacherous trap hole when there is only one monster on the whole field",
     "no"),
    ("There is only 1 monster on the field. Can I activate Treacherous Trap Hole?", "no"),
    ("There are 2 monsters on the field. Can I activate Treacherous Trap Hole?", "unknown"),
])
def test_the_monsters_on_the_whole_field_told_as_one_count(base_expert, question, value):
    assert base_expert.ask(question).value == value


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_a_count_on_the_field_of_what_is_not_a_kind_is_refused(base_expert):
    with pytest.raises(QuestionError):
        base_expert.ask("There is only 1 face-down Dragon on the field. Can I activate "
                        "Treacherous Trap Hole?")


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
@pytest.mark.parametrize("question, value", [
    ('Can Scrap Dragon choose itself as the "1 card you control" for its destruction effect?',
     "yes"),
    ("can scrap dragon's first effect target itself?", "yes"),
    ("can raigeki target itself?", "no"),              # it targets nothing
    ("can scrap dragon target itself?", "unknown"),    # which effect: the answers differ
])
def test_whether_a_card_can_target_itself(base_expert, question, value):
    assert base_expert.ask(question).value == value


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_a_quotation_not_in_the_effect_is_refused(base_expert):
    with pytest.raises(QuestionError, match="not in the text"):
        base_expert.ask('Can Scrap Dragon choose itself as the "1 monster in your GY" for its '
                        'destruction effect?')


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_other_keeps_an_invented_card_from_targeting_itself(base_expert):
    cards = [{"name": "Example Sorter", "kind": "monster", "subtypes": ["effect"],
              "text": "Once per turn: You can target 1 other card you control; destroy it."},
             {"name": "Example Keeper", "kind": "monster", "subtypes": ["effect"],
              "text": "Once per turn: You can target 1 card you control; destroy it."}]
    ex = with_cards(base_expert, *cards)
    assert ex.ask("can example sorter target itself?").value == "no"
    assert ex.ask("can example keeper target itself?").value == "yes"


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_itself_said_of_an_action_is_grounded_in_this_card(parted):
    # "banishing ... itself": the cost "banish this card from your GY"
    answer = parted.ask("example forgeworks GY effect - the banishing forgeworks itself part, "
                        "thats cost right?")
    assert answer.value == "yes" and "second effect" in answer.restated


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_a_story_that_says_what_a_bullet_does_chooses_that_bullet(base_expert):
    ex = with_cards(base_expert, ENVOY)
    answer = ex.ask("Example Envoy targets their monster to banish it, they chain Book of Moon to "
                    "flip it face-down. Still banished?")
    assert answer.value in ("yes", "no")
    # a story that says nothing a single bullet does chooses none
    with pytest.raises(QuestionError):
        ex.ask("Example Envoy attacks their monster, they chain Book of Moon to flip it "
               "face-down. Still banished?")


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_a_bullet_chosen_by_what_is_told_is_asked_of_in_every_family(base_expert):
    # (the bullet chosen reached builders that looked only among whole effects: a crash)
    ex = with_cards(base_expert, ENVOY)
    answer = ex.ask("Can I activate Example Envoy targeting only 1 monster?")
    assert answer.value == "yes" and "bullet 1" in answer.restated


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_words_of_the_language_joined_by_a_hyphen_are_no_card_name(base_expert):
    # "its negate-attack effect" is Necro Gardna's effect, not the card Negate Attack
    answer = base_expert.ask("Is banishing Necro Gardna from the GY a cost for its negate-attack "
                             "effect?")
    assert answer.value == "yes" and "Negate Attack" not in answer.restated
    # the card's name written as it is is still the card
    assert base_expert.ask("Does Negate Attack target?").value in ("yes", "no")


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_a_phase_said_of_an_effect_is_grounded_in_its_text(base_expert):
    answer = base_expert.ask("does asura priest's end phase effect start a chain?")
    # ("Cannot be Special Summoned", the reader's effect 1, is its Summoning condition: unnumbered)
    assert answer.value == "yes" and "first effect" in answer.restated
    assert answer.params["effect"] == "Asura Priest#2"
    with pytest.raises(QuestionError):
        base_expert.ask("is raigeki's end phase effect a quick effect?")    # its text says none


def test_going_back_to_the_hand_is_returning_there():
    from psct_expert.parser.lexicon import relex

    assert "returning to my hand" in relex("X going back to my hand, does it start a chain?").text


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_a_sentence_that_says_which_effect_is_never_a_story_set_aside(base_expert):
    # "asking for the first effect" after a question of the second: refused, never answered for
    # the second effect with the correction set aside
    with pytest.raises(QuestionError):
        base_expert.ask("is the second effect of lightning chidori a quick effect? asking for "
                        "the first effect")
    assert base_expert.ask("is the second effect of lightning chidori a quick effect? my friend "
                           "says no").value == "no"


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
@pytest.mark.parametrize("told, value", [
    ("I control 3 monsters and my opponent controls 1 monster. ", "no"),
    ("I control 2 monsters and my opponent controls 2 monsters. ", "no"),
    ("I control 1 monster and my opponent controls 3 monsters. ", "unknown"),   # met: not decided here
    # the count told before a Summon is not the field when it is activated: never decided by it
    ("I control 1 monster and my opponent controls 1 monster. My opponent Special Summons 2 "
     "monsters. ", "unknown"),
])
def test_more_monsters_than_you_checked_against_the_counts_told(base_expert, told, value):
    answer = base_expert.ask(told + "Can I activate the effect of Ghost Reaper & Winter Cherries?")
    assert answer.value == value


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_a_count_told_before_a_summon_does_not_decide_the_targets(base_expert):
    answer = base_expert.ask("My opponent controls 1 monster and I control no monsters. My "
                             "opponent Special Summons a monster. Can I activate Treacherous Trap "
                             "Hole?")
    assert "too-few-targets-on-the-field" not in answer.rules()
