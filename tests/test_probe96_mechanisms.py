"""Mechanisms of the session after `d4101ba` (issues 22 and 23), found by blind-probe rounds 96
(never read) and 97 (dev) and by the hostile hunts after them.  Sentences written for these tests,
not the shared cases', the rounds' or the hunts' own; each test has its near miss."""

import pytest

from psct_expert.errors import FileFormatError, QuestionError


def _kinds(answer):
    return [c.kind for c in answer.reading.changes] if answer.reading is not None else []


# -- an aim said in the asker's own words after "to": set aside, asked too --------------------------

@pytest.mark.slow      # asks the expert (run with -m slow, as .ci/run does)
def test_an_aim_in_any_verb_closing_an_ability_question_is_set_aside(base_expert):
    a = base_expert.ask("can i chain Pot of Greed to my opponent's trap card to refill my hand?")
    assert a.value == "no"
    assert ("result", "to refill my hand") in [(c.kind, c.written) for c in a.reading.changes]
    # a yes needs the aim too: it is unknown, never a yes the aim was not checked for
    b = base_expert.ask("can i chain Mystical Space Typhoon to my opponent's trap card to keep my "
                        "monster safe?")
    assert b.value == "unknown"


def test_to_before_a_card_or_a_verb_that_says_what_is_answered_is_no_aim(base_expert):
    from psct_expert.parser.lexicon import Relexed
    from psct_expert.rereading import purpose_aside

    db, families = base_expert.db, base_expert.kb.families
    for text in ("can i chain Pot of Greed to Raigeki?",            # a card after "to"
                 "can i activate Pot of Greed to respond to it?",  # what it answers
                 "can i activate Pot of Greed to my opponent?"):   # no verb
        r = Relexed(text, [])
        purpose_aside(r, db, families)
        assert r.text == text and not r.changes
    r = Relexed("can i activate Pot of Greed to refill my hand?", [])
    purpose_aside(r, db, families)
    assert r.text == "can i activate Pot of Greed?"


# -- a table of words read as words: YAML's other values are an error, never "True" ----------------

def test_a_lexicon_table_entry_yaml_reads_as_true_is_an_error():
    from psct_expert.parser.lexicon import _words_table

    with pytest.raises(FileFormatError, match="quote a bare word"):
        _words_table({"read_as": {"sitting on": True}}, "read_as")
    assert _words_table({"read_as": {"sitting on": "on"}}, "read_as") == {"sitting on": "on"}


def test_sitting_on_is_read_as_on():
    from psct_expert.parser.lexicon import relex

    assert "True" not in relex("My opponent is sitting on 0 cards in hand. Can I activate X?").text


# -- a proposal after "and" and a bare "Can I?" tag -------------------------------------------------

def test_a_proposal_told_after_and_is_the_clause_the_tag_asks_about():
    from psct_expert.parser.lexicon import relex

    r = relex("My opponent summons a monster and I activate Torrential Tribute. Legal?")
    assert r.text == "My opponent summons a monster. Can I activate Torrential Tribute?"
    # near miss: "my opponent and I" is one subject, never a clause told before the proposal
    assert "My opponent." not in relex("my opponent and I activate cards. legal?").text


@pytest.mark.slow      # asks the expert (run with -m slow, as .ci/run does)
def test_can_i_alone_asks_the_proposal_told_before_it(base_expert):
    a = base_expert.ask("My opponent activates Raigeki and I want to chain Pot of Greed to it. Can I?")
    assert a.value == "no"
    assert a.reading is not None and any("Can I chain Pot of Greed to it?" in (c.read or "")
                                         for c in a.reading.changes)


@pytest.mark.slow      # asks the expert (run with -m slow, as .ci/run does)
def test_a_card_used_as_a_verb_may_say_where_it_is_activated_from(base_expert):
    a = base_expert.ask("It is my opponent's turn. My opponent activates a monster effect in the "
                        "GY and I want to Called by the Grave from my hand in response. Can I?")
    assert a.value == "no"      # a Quick-Play Spell from the hand only in its player's own turn
    # near miss: a word after the card that is not where or when stays unplaced
    with pytest.raises(QuestionError):
        base_expert.ask("It is my opponent's turn. My opponent activates a monster effect in the "
                        "GY and I want to Called by the Grave quickly. Can I?")


@pytest.mark.slow      # asks the expert (run with -m slow, as .ci/run does)
def test_is_a_player_allowed_to_asks_whether_that_player_can(base_expert):
    a = base_expert.ask("Player B activates Monster Reborn targeting a monster in the GY. Is Player "
                        "A allowed to chain Solemn Warning to negate the activation of Monster Reborn?")
    assert a.value == "yes"


def test_a_data_file_with_broken_yaml_is_an_error_at_its_file_and_line():
    from psct_expert.yamlpos import safe_load

    with pytest.raises(FileFormatError) as err:
        safe_load("a: 1\nb: \"\\1\"\n", "lexicon.yaml")
    assert "lexicon.yaml" in str(err.value) and ":2" in str(err.value)
    assert safe_load("a: 1\n", "lexicon.yaml") == {"a": 1}


# -- a part done by the player the part names ("your opponent gains 1000 LP") ------------------------

@pytest.mark.slow      # asks the expert (run with -m slow, as .ci/run does)
def test_a_negated_effect_part_done_by_the_opponent_is_asked_of_the_opponent(base_expert):
    a = base_expert.ask("My Upstart Goblin is negated by Magic Jammer. Does my opponent still gain "
                        "1000 LP?")
    assert a.value == "no"
    # near miss: the activator does not gain the LP; asked of them, it is refused
    with pytest.raises(QuestionError):
        base_expert.ask("My Upstart Goblin is negated by Magic Jammer. Do I still gain 1000 LP?")


@pytest.mark.slow      # asks the expert (run with -m slow, as .ci/run does)
def test_like_a_thing_closing_the_question_is_never_set_aside(base_expert):
    # (hunt 80) "like a Quick Effect ...", "like a Pendulum Monster in the Pendulum Zone": an
    # example or a claim that changes what is asked; never set aside as a comparison
    for q in ("It is my Main Phase 1. Can I activate Pot of Greed, like a Quick Effect in response "
              "to my opponent's card?",
              "Can Mystical Space Typhoon target a monster, like a Pendulum Monster in the Pendulum "
              "Zone?"):
        try:
            a = base_expert.ask(q)
        except QuestionError:
            continue
        assert "comparison" not in _kinds(a)
        assert a.value not in ("yes", "no") or "like" in a.restated
    # "X of the opponent" is still the opponent's X
    a = base_expert.ask("My Upstart Goblin is negated by Magic Jammer of the opponent. Does my "
                        "opponent still gain 1000 LP?")
    assert a.value == "no"


# -- a later part that cannot be done is never "still affected" ----------------------------------

@pytest.mark.slow      # asks the expert (run with -m slow, as .ci/run does)
def test_a_part_after_and_if_you_do_that_failed_is_no_conflict(base_expert):
    a = base_expert.ask("My opponent's monster attacks. I activate Magic Cylinder targeting it. "
                        "They chain Book of Moon on their own attacking monster. Does my opponent "
                        "still take damage?")
    assert a.value == "no"


# -- "do I still get to draw?" after the activation was negated: what it would have done -----------

@pytest.mark.slow      # asks the expert (run with -m slow, as .ci/run does)
def test_still_get_to_after_a_negated_activation_asks_what_it_would_have_done(base_expert):
    a = base_expert.ask("It is my Main Phase 1. I activate Pot of Greed and my opponent negates it "
                        "with Magic Jammer. Do I still get to draw?")
    assert a.value == "no"
    assert "still done" in a.restated
    # near miss: a card told moved (no activation negated) is asked whether it can be activated
    b = base_expert.ask("Sangan is sent from the field to the GY. Do I still get to search?")
    assert "activated" in b.restated


# -- a negator of the Summon of exactly N monsters, after a Summon of another number ----------------

@pytest.mark.slow      # asks the expert (run with -m slow, as .ci/run does)
def test_a_negator_of_exactly_one_monster_cannot_be_activated_after_a_summon_of_two(base_expert):
    a = base_expert.ask("My opponent Pendulum Summons 2 monsters. Is Black Horn of Heaven live here?")
    assert a.value == "no"
    # (round 121) asked as whether its one effect negates that Summon: the count decides it too
    assert {"summon-negator-count-unmet", "summon-count-not-covered"} & set(a.rules())
    # near miss: a Summon of one monster leaves it to the rest of what was told
    b = base_expert.ask("My opponent Synchro Summons a monster. Can I activate Black Horn of Heaven?")
    assert b.value != "no"


# -- hunt 80: a response's aim is asked too; one player's two acts under one tag -------------------

@pytest.mark.slow      # asks the expert (run with -m slow, as .ci/run does)
def test_a_responses_aim_is_asked_too_never_set_aside_as_its_text(base_expert):
    a = base_expert.ask("My opponent activates Mirror Force. Can I chain Solemn Judgment to it to "
                        "negate the activation of a Spell Card?")
    assert a.value == "unknown"
    assert "result" in _kinds(a) and "grounded" not in _kinds(a)


def test_one_players_two_acts_under_a_tag_are_not_split(base_expert):
    from psct_expert.parser.lexicon import relex

    r = relex("During my opponent's Main Phase 1, I activate Pot of Greed from my hand and I chain "
              "my Set Mystical Space Typhoon to it. Legal?")
    assert not r.text.endswith("Can I chain my Set Mystical Space Typhoon to it?")
    # near miss: the other player's act told, the asker's proposed
    assert relex("Opponent attacks and I activate Book of Moon in the Damage Step. Legal?").text == \
        "Opponent attacks. Can I activate Book of Moon in the Damage Step?"


# -- "the same moment / timing" closing a question of two parts: simultaneous -------------------------

@pytest.mark.slow      # asks the expert (run with -m slow, as .ci/run does)
def test_the_same_moment_closing_a_question_is_simultaneous(base_expert):
    a = base_expert.ask("Are the destruction and the banishing by Bottomless Trap Hole the same timing?")
    assert a.value == "yes"
    # near miss: "the same turn" is no simultaneity
    from psct_expert.parser.lexicon import relex
    assert "simultaneous" not in relex("Can I use it again the same turn?").text


# -- "my opponent's 2500 ATK monster"; a card told leaving the field ---------------------------------

def test_a_stat_said_before_monster_after_any_owner_is_a_monster_with_that_stat():
    from psct_expert.parser.lexicon import relex

    assert relex("My opponent's 2500 ATK monster attacks.").text.startswith(
        "My opponent's monster with 2500 ATK")
    assert "monster with 2000 DEF" in relex("They Summon a 2000 DEF monster.").text
    # near miss: a number of monsters is no stat
    assert "with" not in relex("They Summon 2 monsters.").text


@pytest.mark.slow      # asks the expert (run with -m slow, as .ci/run does)
def test_a_card_told_leaving_the_field_with_nothing_targeted_left_it(base_expert):
    a = base_expert.ask("I used Barrel Dragon's effect. Then Barrel Dragon leaves the field. I "
                        "Special Summon it again. Can it use its effect again this turn?")
    assert a.value == "yes"
    b = base_expert.ask("I used Ash Blossom & Joyous Spring's effect. Ash Blossom & Joyous Spring "
                        "left the field. Can I use its effect again this turn?")
    assert b.value == "no"      # near miss: a limit of the card's name binds every copy


# -- the first copy told; one use told "once" ----------------------------------------------------

@pytest.mark.slow      # asks the expert (run with -m slow, as .ci/run does)
def test_the_first_copy_told_is_the_card_and_a_use_told_once_is_a_use(base_expert):
    a = base_expert.ask("My first Ghost Belle & Haunted Mansion got negated. Can I use my second "
                        "Ghost Belle & Haunted Mansion this turn?")
    assert a.value == "no"
    from psct_expert.parser.lexicon import relex
    assert "once" not in relex("i used Ash Blossom & Joyous Spring once this turn, can i use "
                               "another one?", [(7, 34)]).text
    # near miss: "once per turn" is a limit, never a use told
    assert "once per turn" in relex("I used Ash Blossom & Joyous Spring once per turn.",
                                    [(7, 34)]).text
    # near miss: "the first X" in a question stays (it may say which copy is asked of)
    assert "first" in relex("Can my first Ash Blossom & Joyous Spring be used again?",
                            [(13, 40)]).text


# -- "does X still wipe the board?"; the negator told held after the activation ---------------------

@pytest.mark.slow      # asks the expert (run with -m slow, as .ci/run does)
def test_still_wipe_the_board_asks_whether_it_still_resolves(base_expert):
    a = base_expert.ask("I activate Torrential Tribute. My opponent chains Mystical Space Typhoon "
                        "and destroys it. Does Torrential Tribute still wipe the board?")
    assert a.value == "yes"
    b = base_expert.ask("I activate Torrential Tribute. My opponent chains Solemn Judgment. Does "
                        "Torrential Tribute still wipe the board?")
    assert b.value == "no"      # near miss: negated, it does not resolve


@pytest.mark.slow      # asks the expert (run with -m slow, as .ci/run does)
def test_the_negator_told_held_after_the_activation_is_no_act_after_it(base_expert):
    a = base_expert.ask("My opponent activates Pot of Greed. I control Stardust Dragon. Can Stardust "
                        "Dragon negate the activation of Pot of Greed?")
    assert a.family == "negate-activation"
    # near miss: another card told after the activation is an act after it: refused
    with pytest.raises(QuestionError):
        base_expert.ask("My opponent activates Pot of Greed. I Normal Summon Sangan. Can Solemn "
                        "Judgment negate the activation of Pot of Greed?")


# -- hunt 81: what became of the card itself; a new card not told back ---------------------------------

@pytest.mark.slow      # asks the expert (run with -m slow, as .ci/run does)
def test_is_x_still_destroyed_after_its_negation_asks_of_the_card_itself(base_expert):
    with pytest.raises(QuestionError, match="itself"):
        base_expert.ask("My opponent activates Raigeki and I negate its activation with Solemn "
                        "Judgment. Is Raigeki still destroyed?")
    # near miss: what its cost did is asked of the cards, and answered
    a = base_expert.ask("I activate Pot of Desires and my opponent negates it with Solemn Judgment. "
                        "Are the cards still banished?")
    assert a.value == "yes"


@pytest.mark.slow      # asks the expert (run with -m slow, as .ci/run does)
def test_a_soft_limit_card_gone_and_not_told_back_is_not_answered_yes(base_expert):
    a = base_expert.ask("Gagaga Magician used its effect and then was banished. Can it use its "
                        "effect again this turn?")
    assert a.value == "unknown"
    # near miss: told back on the field, it is a new card that may use it again
    b = base_expert.ask("I used Barrel Dragon's effect. It was destroyed. I Special Summoned it with "
                        "Call of the Haunted. Can it use its effect again this turn?")
    assert b.value == "yes"


# -- round 98: a card named after what was done is what it was done to, never the target -------------

@pytest.mark.slow      # asks the expert (run with -m slow, as .ci/run does)
def test_a_card_named_as_the_object_of_a_change_is_not_the_target(base_expert):
    q = ("I activate Gagagabolt targeting my opponent's monster. They respond by destroying my "
         "Gagaga Magician. Is their monster still destroyed?")
    try:
        a = base_expert.ask(q)
    except QuestionError:
        a = None
    assert a is None or a.value != "no"
    from psct_expert.frames.targeted import _named_object
    from psct_expert.frames.story import words as story_words

    w = story_words()
    # near miss: the card that does it, after "with", is no object
    assert not _named_object(["they", "destroy", "it", "with", "\ue0011\ue001"], [1], w)
    assert _named_object(["they", "destroy", "my", "\ue0011\ue001"], [1], w)


# -- stories in players' words: "chain X and turn it face-down", "attacks with", "we move into" ----------

@pytest.mark.slow      # asks the expert (run with -m slow, as .ci/run does)
def test_what_a_chained_card_does_said_with_and_is_its_purpose(base_expert):
    a = base_expert.ask("I activate Karma Cut targeting my opponent's monster. They chain Book of "
                        "Moon and turn that monster face-down. Is that monster still banished?")
    assert a.value == "no"
    from psct_expert.parser.lexicon import relex
    # near miss: another verb after "and" is another act, left as told
    assert "to pay" not in relex("I chain Solemn Judgment and pay half my LP.", [(8, 23)]).text


@pytest.mark.slow      # asks the expert (run with -m slow, as .ci/run does)
def test_attacks_with_and_moving_into_a_step_are_read(base_expert):
    a = base_expert.ask("My monster attacks and we move into the Damage Step. Can I activate Book of "
                        "Moon?")
    assert a.value == "no"
    from psct_expert.parser.lexicon import relex
    assert relex("My opponent attacks with a monster.").text.lower() == "my opponent's monster attacks."
    # near miss: a plural attacker ("with 1 of their 3 monsters") is not read as one monster
    assert "attacks with" in relex("My opponent attacks with 1 of their 3 monsters.").text


# -- hunt 82 ------------------------------------------------------------------------------------

@pytest.mark.slow      # asks the expert (run with -m slow, as .ci/run does)
def test_the_things_asked_of_a_negated_link_must_be_what_it_does_that_to(base_expert):
    with pytest.raises(QuestionError, match="not"):
        base_expert.ask("I activate Dark Hole. My opponent chains Magic Jammer. I chain Seven Tools "
                        "of the Bandit and negate it. Are the monsters still destroyed?")
    a = base_expert.ask("My opponent activates Dark Hole and I negate it with Magic Jammer. Are the "
                        "monsters still destroyed?")
    assert a.value == "no"      # near miss: Dark Hole destroys monsters, and was negated


@pytest.mark.slow      # asks the expert (run with -m slow, as .ci/run does)
def test_a_card_that_is_not_the_target_is_not_asked_of_through_it(base_expert):
    with pytest.raises(QuestionError, match="not what"):
        base_expert.ask("My opponent controls Blue-Eyes White Dragon. My opponent activates Mystical "
                        "Space Typhoon targeting my Call of the Haunted. I chain Call of the Haunted "
                        "targeting Dark Magician in my GY. Is Blue-Eyes White Dragon destroyed?")
    a = base_expert.ask("I activate Karma Cut targeting my opponent's Dark Magician. They chain Book "
                        "of Moon on Dark Magician. Is Dark Magician still banished?")
    assert a.value == "no"      # near miss: the target named is asked of


@pytest.mark.slow      # asks the expert (run with -m slow, as .ci/run does)
def test_targets_told_with_a_cost_purpose_are_the_activations_targets(base_expert):
    with pytest.raises(QuestionError, match="which card is 'it'"):
        base_expert.ask("My opponent discards 1 card to activate Brionac, Dragon of the Ice Barrier's "
                        "effect targeting my Dark Magician. I chain Compulsory Evacuation Device and "
                        "return it to my hand. Is Dark Magician returned to my hand by Brionac, "
                        "Dragon of the Ice Barrier?")


@pytest.mark.slow      # asks the expert (run with -m slow, as .ci/run does)
def test_a_soft_limit_reset_told_in_the_end_phase_is_not_answered_yes(base_expert):
    a = base_expert.ask("It is my End Phase. I activated Black Rose Dragon's second effect this turn. "
                        "It was returned to the Extra Deck and I Synchro Summoned it again. Can I "
                        "activate its second effect again this turn?")
    assert a.value == "unknown"
