"""Reading how people ask about targeting, targets that changed, several targets and conjunctions
(topics D-G): each mechanism on sentences written for these tests (none is a shared case), with a
near miss that must be refused rather than answered for something else.
"""

import pytest

from psct_expert.errors import QuestionError, UnknownCard
from psct_expert.parser.question import normalise

REFUSED = (QuestionError, UnknownCard)


def answer(expert, q):
    return expert.ask(q).value


# -- D: does X target? ----------------------------------------------------------------------------

def test_does_it_target_when_it_does_an_action(base_expert):
    assert answer(base_expert, "does raigeki target when it destroys?") == "no"
    spec = base_expert.parse("When Mystical Space Typhoon destroys a Spell, is that a targeting effect?")
    assert spec["family"] == "targets"
    assert answer(base_expert, "When Mystical Space Typhoon destroys a Spell, is that a targeting effect?") == "yes"


def test_a_told_action_the_effect_does_not_do_is_refused(base_expert):
    with pytest.raises(REFUSED, match="does not draw"):
        base_expert.parse("When Raigeki draws a card, does it target?")


def test_a_declarative_question_about_targeting(base_expert):
    assert answer(base_expert, "Dark Hole targets the monsters?") == "no"


def test_an_effect_named_then_asked_about(base_expert):
    q = "S:P Little Knight's effect that banishes two monsters until the End Phase - does that target?"
    spec = base_expert.parse(q)
    assert spec["effect"] == {"card": "S:P Little Knight", "n": 2}
    assert answer(base_expert, q) == "yes"


def test_until_and_the_summon_said_of_an_effect_must_be_its_text(base_expert):
    with pytest.raises(REFUSED):
        base_expert.parse("S:P Little Knight's effect that banishes two monsters until the Standby "
                          "Phase - does that target?")
    with pytest.raises(REFUSED):
        base_expert.parse("Does Black Rose Dragon's effect that destroys all cards on the field when "
                          "it is Xyz Summoned target?")
    spec = base_expert.parse("Does Black Rose Dragon's effect that destroys all cards on the field when "
                             "it is Synchro Summoned target?")
    assert spec["effect"]["card"] == "Black Rose Dragon"


def test_protection_told_in_many_ways(base_expert):
    spec = base_expert.parse("Can Mystical Space Typhoon destroy a Set card that says it can't be "
                             "targeted by card effects?")
    assert spec["family"] == "can-target"
    assert spec["entities"][spec["entity"]]["cannot-be-targeted"] == "card-effects"
    # a told protection beside a "does it target" question is read, not dropped
    spec = base_expert.parse("Does Dark Hole target? Opp has a monster that can't be targeted.")
    assert any(e.get("cannot-be-targeted") for e in spec["entities"].values())
    spec = base_expert.parse("My opponent has a card that protects Spells from being targeted. "
                             "Does Mystical Space Typhoon target?")
    assert any(e.get("cannot-be-targeted") == "card-effects" for e in spec["entities"].values())
    with pytest.raises(REFUSED):     # a quote that says nothing of targeting
        base_expert.parse("does effect veiler target? their monster has 'cannot be destroyed by "
                          "card effects'")


def test_a_parenthesis_after_the_question_ends_it():
    assert normalise("Does it target? (they have a Spell)") == "Does it target? (they have a Spell)"
    assert normalise("Does it target (the Spell)").endswith("?")


# -- E: a target that changed before the effect resolved -----------------------------------------

def test_an_activations_own_purpose_is_no_change(base_expert):
    # "to destroy it" is what the effect does; the target did not leave before it resolved
    q = ("Zoodiac Drident targets my face-up monster to destroy it, I activate Book of Moon on it "
         "in response. Is it still destroyed?")
    spec = base_expert.parse(q)
    assert not any("left" in s for s in spec["suppose"])
    assert answer(base_expert, q) == "yes"
    with pytest.raises(REFUSED, match="not what that effect does"):
        base_expert.parse("Zoodiac Drident targets my face-up monster to banish it. Is it still destroyed?")


@pytest.mark.parametrize("q, expect", [
    ("Compulsory Evacuation Device targets their monster, they chain Book of Moon to flip it "
     "face-down. Still returned?", "yes"),
    ("Chaos Sorcerer targets my face-up monster, I Book of Moon my own monster face-down in response. "
     "Banished?", "no"),
    ("Chaos Sorcerer targets a face-up monster of my opponent and they answer with Book of Moon on it. "
     "The face-down monster, it is banished?", "no"),
])
def test_elliptical_and_declarative_outcome_questions(base_expert, q, expect):
    assert answer(base_expert, q) == expect


def test_a_response_on_the_same_monster_flips_that_target(base_expert):
    q = ("I activate Chaos Sorcerer's effect targeting my opponent's face-up monster. My opponent "
         "chains Book of Moon on that same monster. Is it still banished?")
    spec = base_expert.parse(q)
    assert {"state": {"target": "my opponent's face-up monster", "property": "face",
                      "value": "face-down"}} in spec["suppose"]


def test_even_though_it_is_face_down_now(base_expert):
    q = ("Compulsory Evacuation Device targets my face-up monster, I chain Book of Moon on it. Does "
         "Compulsory Evacuation Device still bounce it even tho it's face-down now?")
    assert answer(base_expert, q) == "yes"
    with pytest.raises(REFUSED):       # the story says face-down, the question face-up
        base_expert.parse("Compulsory Evacuation Device targets my face-up monster, I chain Book of "
                          "Moon on it. Does Compulsory Evacuation Device still return it even though "
                          "it's face-up now?")


def test_that_monster_banished_by_a_response_is_the_target(base_expert):
    q = ("I activate Monster Reborn targeting a monster in my GY. My opponent chains D.D. Crow and "
         "banishes that monster. Does Monster Reborn Summon anything?")
    spec = base_expert.parse(q)
    assert spec["part"] == "special-summon"
    assert {"left": {"target": "a monster in my GY"}} in spec["suppose"]
    assert answer(base_expert, q) == "no"


@pytest.mark.slow
def test_scenario_lines_are_a_told_story():
    from psct_expert.api import Expert
    e = Expert()
    spec = e.parse("Does the chaos sorcerer banish still go through on it?",
                   ["I activate Chaos Sorcerer's effect targeting my opponent's face-up monster.",
                    "My opponent chains Book of Moon on that same monster"])
    assert spec["family"] == "affected"


def test_the_named_effect_must_be_the_told_one(base_expert):
    with pytest.raises(REFUSED):
        base_expert.parse("Chaos Sorcerer targets my face-up monster. Does the Raigeki destroy still "
                          "go through on it?")


# -- F: several targets ----------------------------------------------------------------------------

def test_one_of_two_targets_gone(base_expert):
    q = ("S:P Little Knight targets my monster and opp's monster. Opp responds by tributing their "
         "targeted monster for its own effect. Does my monster still get banished?")
    spec = base_expert.parse(q)
    assert spec["effect"] == {"card": "S:P Little Knight", "n": 2}
    assert answer(base_expert, q) == "no"


def test_one_of_the_n_targets_of_an_activation_told_without_them(base_expert):
    q = ("I resolve Double Magical Arm Bind but one of the 2 targets left the field in response. "
         "I take control of the other one?")
    assert answer(base_expert, q) == "no"
    with pytest.raises(REFUSED, match="does not target 3"):
        base_expert.parse(q.replace("the 2 targets", "the 3 targets"))


def test_each_player_must_be_said_by_the_card(base_expert):
    with pytest.raises(REFUSED):
        base_expert.parse("I activate Monster Reborn targeting a monster in my GY. My opponent chains "
                          "D.D. Crow and banishes that monster. Does each player still Summon anything?")


# -- G: conjunctions ---------------------------------------------------------------------------------

def test_an_effect_quoted_before_the_question(base_expert):
    q = ("Tearlaments Kaleido-Heart GY effect: \"Special Summon this card, and if you do, send 1 "
         "Tearlaments card from your Deck to the GY\". Do the summon and the send happen at the same time?")
    spec = base_expert.parse(q)
    assert (spec["family"], spec["left"], spec["right"]) == ("simultaneous", 1, 2)
    assert answer(base_expert, q) == "yes"
    with pytest.raises(REFUSED):      # a quote that is not the card's text
        base_expert.parse(q.replace("send 1 Tearlaments card from your Deck to the GY", "draw 1 card"))


def test_a_quoted_effect_and_a_part_that_cannot_be_done(base_expert):
    q = ("Bottomless Trap Hole says 'destroy that monster(s)... and if you do, banish it'. If the "
         "monster cannot be destroyed by card effects, does it still get banished?")
    spec = base_expert.parse(q)
    assert spec["suppose"] == [{"fails": {"part": "destroy"}}] and spec["part"] == "banish"
    assert answer(base_expert, q) == "no"
    q = ("Solemn Strike says 'negate the Summon or activation, and if you do, destroy that card'. If "
         "the card cannot be destroyed, is it still negated?")
    assert answer(base_expert, q) == "yes"


@pytest.mark.parametrize("q, expect", [
    ("Are the destroy and the banish of Bottomless Trap Hole treated as happening at the same time?", "yes"),
    ("Is adding a card with Pot of Duality and shuffling the rest back done simultaneously?", "no"),
])
def test_simultaneous_wordings(base_expert, q, expect):
    assert answer(base_expert, q) == expect


@pytest.mark.slow
def test_a_response_that_banishes_the_target_first(base_expert):
    q = ("Bystial Magnamhut targets a DARK in my GY, opp chains Called by the Grave and banishes that "
         "same monster first. Does Magnamhut still get Special Summoned?")
    assert answer(base_expert, q) == "no"
    with pytest.raises(REFUSED, match="first"):
        base_expert.parse("I activate Called by the Grave and banish that monster first. Does "
                          "Bystial Magnamhut still get Special Summoned?")


@pytest.mark.slow
def test_responses_told_in_other_ways(base_expert):
    # told to target the target, a response that flips "that target" face-down did (it was legal)
    q = ("Opponent targets my monster with Ring of Destruction. I chain Book of Moon on it. Does "
         "Ring of Destruction still destroy it?")
    assert answer(base_expert, q) == "no"
    # the other player's activation on the same card, told next, is chained to it
    q = "I activate Chaos Sorcerer on their face-up monster, they activate Book of Moon on it. Is it banished?"
    assert answer(base_expert, q) == "no"
    q = ("My opponent targets my monster with Compulsory Evacuation Device and I respond with Book of "
         "Moon to flip it face-down. Does it still go back to the hand?")
    assert answer(base_expert, q) == "yes"
    q = ("I activate Effect Veiler targeting my opponent's monster, they respond by flipping it "
         "face-down with Book of Moon. Are its effects still negated?")
    spec = base_expert.parse(q)
    assert spec["effect"]["card"] == "Effect Veiler"
    assert answer(base_expert, q) == "no"


def test_a_supposed_change_in_response(base_expert):
    q = "Is the monster targeted by Chaos Sorcerer still banished if it is flipped face-down in response?"
    assert answer(base_expert, q) == "no"


def test_definite_descriptions_name_the_cards_told_before(base_expert):
    q = ("My opponent's monster attacks my face-up Fiend monster. I activate Hate Buster targeting the "
         "attacker and my Fiend. In response, the attacking monster is returned to my opponent's hand. "
         "Is my Fiend still destroyed?")
    spec = base_expert.parse(q)
    # "the attacker", "my Fiend": the cards told before, not new ones
    assert spec["target"] == "my face-up Fiend monster"
    assert {"left": {"target": "My opponent's monster"}} in spec["suppose"]
    assert answer(base_expert, q) == "no"


def test_an_attacking_monster_turned_face_down_is_no_longer_attacking(base_expert):
    # (was refused: "the attacking monster" is now a target condition, game-rules#battle.9)
    q = ("My opponent attacks, I flip Sakuretsu Armor on the attacker, they chain Book "
         "of Moon on their own attacker. Is it destroyed?")
    a = base_expert.ask(q)
    assert a.value == "no"
    assert "attacking-monster-turned-face-down" in a.to_dict()["rules"]


def test_several_targets_told_in_other_ways(base_expert):
    q = ("Twin Twisters targets two of their backrow, they activate one in response and it goes to "
         "the GY. Is the other one still destroyed?")
    assert answer(base_expert, q) == "yes"
    q = ("I activate Pot of Avarice targeting 5 monsters in my GY, opp banishes one with D.D. Crow. "
         "Do I still draw 2?")
    assert answer(base_expert, q) == "no"
    with pytest.raises(REFUSED, match="does not say 3"):
        base_expert.parse(q.replace("draw 2", "draw 3"))


def test_an_elided_subject_and_a_pendulum_zone(base_expert):
    q = ("I Normal Summon Pendulum Witch and activate its effect targeting the card in my Pendulum "
         "Zone. My opponent banishes it in response. Do I still add a Pendulum Monster?")
    spec = base_expert.parse(q)
    assert spec["effect"]["card"] == "Pendulum Witch"
    assert answer(base_expert, q) == "no"


@pytest.mark.parametrize("q, expect", [
    ("If Tearlaments Kaleido-Heart cannot send a card, is it still Special Summoned?", "yes"),
    ("If the monster can't be destroyed, does Solemn Strike still negate the activation?", "yes"),
    ("If the monster can't be destroyed, does Bottomless Trap Hole still banish it?", "no"),
    ("If Knightmare Phoenix's target is gone when it resolves, do I still draw?", "no"),
])
def test_suppositions_about_a_part(base_expert, q, expect):
    assert answer(base_expert, q) == expect


def test_a_response_told_by_what_it_did_to_a_described_target(base_expert):
    q = ("I activate Escape of the Unchained targeting an \"Unchained\" monster I control and 1 card my "
         "opponent controls. My opponent chains Compulsory Evacuation Device and returns my \"Unchained\" "
         "monster to the hand. Is their card still destroyed?")
    assert answer(base_expert, q) == "no"


def test_the_targeted_card_activated_and_gone(base_expert):
    q = ("I activate Twin Twisters targeting 2 Set cards my opponent controls. My opponent chains one "
         "of those targeted cards, a Normal Trap, which resolves and goes to the GY. Does Twin Twisters "
         "still destroy the other Set card?")
    assert answer(base_expert, q) == "yes"
    with pytest.raises(REFUSED, match="where it goes"):
        base_expert.parse("I activate Twin Twisters targeting 2 Set cards my opponent controls. My "
                          "opponent chains one of those targeted cards, a Normal Trap. Does Twin Twisters "
                          "still destroy the other Set card?")


def test_does_it_target_whichever_effect(base_expert):
    spec = base_expert.parse("Does Mirrorjade the Iceblade Dragon target?")
    assert spec["family"] == "targets"
    # one of its effects targets, another does not: each effect's answer is given, none chosen
    a = base_expert.ask("Does Borreload Dragon target?")
    assert a.value == "unknown" and any("which effect" in m for m in a.missing)


def test_two_parts_asked_at_once(base_expert):
    q = ("I activate Pot of Avarice targeting 5 monsters in my GY. My opponent chains D.D. Crow and "
         "banishes 1 of those 5 monsters. Do I still shuffle the other 4 and draw 2?")
    spec = base_expert.parse(q)
    assert spec["part"] == "shuffle" and spec["and"][0]["part"] == "draw"
    assert answer(base_expert, q) == "no"
    with pytest.raises(REFUSED, match="4 targets are left"):
        base_expert.parse(q.replace("the other 4", "the other 3"))


def test_a_named_card_is_not_one_of_the_targets(base_expert):
    # "banishes Pendulum Witch" (the activated card itself) is not "one of" its targets: the card
    # itself left, so "destroy both that target and this card" is not done (issue 23, was refused)
    q = ("I Normal Summon Pendulum Witch and activate its effect targeting the card in "
         "my Pendulum Zone. My opponent banishes Pendulum Witch in response. Is my "
         "Pendulum Zone card still destroyed?")
    spec = base_expert.parse(q)
    assert {"self_gone": {}} in spec["suppose"]
    assert answer(base_expert, q) == "no"


@pytest.mark.slow
def test_does_the_part_still_happen(base_expert):
    story = ("My opponent used Chaos Sorcerer on my face-up monster and I responded with Book of Moon on "
             "it. ")
    assert answer(base_expert, story + "Does the banish still happen on my monster?") == "no"
    with pytest.raises(REFUSED, match="which target"):
        base_expert.parse(story + "Does the banish still happen on their monster?")
    with pytest.raises(REFUSED, match="no part that does 'destroy'"):
        base_expert.parse(story + "Does the destruction still happen?")
    q = ("I use Infinite Impermanence on their monster, they respond by returning it to the hand. Does "
         "Infinite Impermanence do anything?")
    with pytest.raises(REFUSED, match="which part"):      # it negates, and it sets its own card
        base_expert.parse(q)


def test_it_is_a_continuous_trap(base_expert):
    q = ("My opponent targets my Set card with Mystical Space Typhoon and I chain it. It's a Continuous "
         "Trap. Is it still destroyed?")
    assert answer(base_expert, q) == "yes"


@pytest.mark.parametrize("q, expect", [
    ("If the destruction by Circle of the Fire Kings fails, does the Special Summon still happen?", "no"),
    ("With Knightmare Phoenix, if the card is not destroyed, can I still draw?", "no"),
    ("Bottomless Trap Hole: if the monster is not destroyed, is it banished?", "no"),
    ("If my opponent's monster isn't destroyed by Bottomless Trap Hole, is it still banished?", "no"),
    ("Knightmare Phoenix's target is gone when it resolves so nothing is destroyed. Do I still get the "
     "draw?", "no"),
])
def test_conjunction_wordings(base_expert, q, expect):
    assert answer(base_expert, q) == expect


def test_a_target_gone_of_an_effect_with_two_targets_is_refused(base_expert):
    with pytest.raises(REFUSED, match="exactly 1"):
        base_expert.parse("Double Magical Arm Bind's target is gone when it resolves. Do I still take "
                          "control of it?")


@pytest.mark.parametrize("q, expect", [
    ("Can Effect Veiler be used on a monster that can't be targeted by card effects?", "no"),
    ("Can Dark Hole destroy a monster that can't be targeted?", "yes"),
    ("Is Infinite Impermanence able to target a monster that cannot be targeted by Trap effects?", "no"),
    ("If my opponent's monster can't be targeted by card effects, can Lightning Storm still destroy it?",
     "yes"),
    ("My opponent's monster cannot be targeted by card effects. Can I use Raigeki on it?", "yes"),
    ("My opponent's monster cannot be targeted by card effects. Can I use Effect Veiler on it?", "no"),
])
def test_can_target_wordings(base_expert, q, expect):
    spec = base_expert.parse(q)
    assert spec["family"] == "can-target"
    assert answer(base_expert, q) == expect


def test_forum_words_of_topics_d_to_g():
    from psct_expert.parser.lexicon import relex
    r = relex("i chain it — is the card still destroyed even tho it won't die?")
    assert r.text == "I chain it. is the card still destroyed even though it will not be destroyed?"
    assert relex("they kill my monster + theirs").text == "They destroy my monster and theirs"
    assert relex("does it still banish at resolution?").text == "Does it still banish when it resolves?"


def test_possessive_pronouns_name_a_side(base_expert):
    q = "S:P Little Knight targets my monster and theirs, they destroy my monster in response. Is theirs still banished?"
    spec = base_expert.parse(q)
    assert spec["target"] == "theirs"
    assert answer(base_expert, q) == "no"


def test_an_effect_told_alone_then_asked(base_expert):
    assert answer(base_expert, "Black Rose Dragon's effect that destroys all cards. Does it target?") == "no"
    assert answer(base_expert, "My opponent activates Dark Hole. Does it target?") == "no"
    with pytest.raises(REFUSED):
        base_expert.parse("Black Rose Dragon. Does it target?")
    # an effect told without saying which, then "it": that same effect, each in turn; the
    # answers differ, so which effect is what is missing (never one of them guessed)
    told = base_expert.ask("Black Rose Dragon's effect. Does it target?")
    assert told.value == "unknown" and "which effect" in " ".join(told.missing)


def test_the_asked_target_said_as_the_object(base_expert):
    q = ("I activate Scrap Dragon's effect targeting 1 card I control and 1 card my opponent controls. "
         "My opponent chains Mystical Space Typhoon and destroys their targeted card. Does Scrap Dragon "
         "still destroy my card?")
    spec = base_expert.parse(q)
    assert spec["effect"] == {"card": "Scrap Dragon", "n": 1} and spec["target"] == "1 card I control"
    assert answer(base_expert, q) == "yes"


def test_responses_told_by_their_target_or_their_change(base_expert):
    q = ("I activate Monster Reborn targeting a monster in my GY. My opponent chains Called by the "
         "Grave targeting that monster. Does Monster Reborn still Special Summon it?")
    assert {"left": {"target": "a monster in my GY"}} in base_expert.parse(q)["suppose"]
    assert answer(base_expert, q) == "no"
    q = ("I activate Mystical Space Typhoon targeting a Set card my opponent controls. My opponent "
         "chains the targeted card, a Continuous Trap. Is it still destroyed?")
    assert answer(base_expert, q) == "yes"
    q = ("I activate Chaos Sorcerer's effect targeting my opponent's face-up monster. My opponent "
         "chains Book of Moon and changes that monster to face-down Defense Position. Is it still banished?")
    assert answer(base_expert, q) == "no"


@pytest.mark.parametrize("q, expect", [
    ("Chaos Sorcerer targets their face-up monster, it gets flipped face-down by Book of Moon in "
     "response. Still gets banished?", "no"),
    ("Ring of Destruction targets their face-up monster, they chain Book of Moon on it. it's still "
     "destroyed?", "no"),
    ("Ring of Destruction targets their face-up monster, they chain Book of Moon on it. Is it still "
     "destroyed then?", "no"),
    ("I activate Ring of Destruction targeting my opponent's monster. It gets banished by D.D. Crow in "
     "response. Is it still destroyed?", "no"),
])
def test_gets_and_declarative_wordings(base_expert, q, expect):
    assert answer(base_expert, q) == expect


def test_both_targets_asked_at_once(base_expert):
    q = ("Scrap Dragon targets my card and their card, they destroy their card in response. Are both "
         "still destroyed?")
    spec = base_expert.parse(q)
    assert spec["family"] == "affected" and len(spec["and"]) == 1
    assert answer(base_expert, q) == "no"
    # 'both' and a face change: "banish both" only needs them in place (psct-guide#5)
    assert answer(base_expert, "S:P Little Knight targets my monster and their monster, they flip "
                  "their monster face-down with Book of Moon in response. Are both still "
                  "banished?") == "yes"


def test_the_target_said_by_its_place(base_expert):
    q = ("I activate Circle of the Fire Kings targeting a FIRE monster I control and a FIRE monster in "
         "my GY. My opponent chains D.D. Crow and banishes the monster in my GY. Is my monster on the "
         "field still destroyed?")
    assert base_expert.parse(q)["target"] == "a FIRE monster I control"
    assert answer(base_expert, q) == "yes"


@pytest.mark.parametrize("q, expect", [
    ("If my opponent flips the monster targeted by Chaos Sorcerer face-down in response, is it still "
     "banished?", "no"),
    ("Is the monster targeted by Chaos Sorcerer still banished if my opponent flips it face-down in "
     "response?", "no"),
    ("If my opponent flips it face-down before Compulsory Evacuation Device resolves, is the monster "
     "targeted by Compulsory Evacuation Device still returned?", "yes"),
])
def test_a_supposed_flip_told_with_a_player(base_expert, q, expect):
    assert answer(base_expert, q) == expect


def test_told_targets_in_the_cards_groups(base_expert):
    story = ("I activate Circle of the Fire Kings targeting a FIRE monster I control and a FIRE monster "
             "in my GY. My opponent chains D.D. Crow and banishes the monster in my GY. ")
    spec = base_expert.parse(story + "Is the Special Summon still done?")
    assert spec["target"] == "a FIRE monster in my GY"
    assert {"targeted": {"target": "a FIRE monster in my GY", "slot": 2}} in spec["suppose"]
    assert answer(base_expert, story + "Is the Special Summon still done?") == "no"
    # told in the other order, the groups are not guessed
    swapped = story.replace("a FIRE monster I control and a FIRE monster in my GY",
                            "a FIRE monster in my GY and a FIRE monster I control")
    with pytest.raises(REFUSED, match="which of the targets"):
        base_expert.parse(swapped + "Is the Special Summon still done?")


def test_what_the_targeted_card_undergoes_must_be_the_effects_action(base_expert):
    assert answer(base_expert, "Does Book of Moon target the monster it flips face-down?") == "yes"
    assert answer(base_expert, "Does Twin Twisters target the Spells and Traps it destroys?") == "yes"
    with pytest.raises(REFUSED, match="does not destroy"):
        base_expert.parse("Does Book of Moon target the monster it destroys?")


@pytest.mark.parametrize("q, expect", [
    ("Is Mirror Force a targeting card?", "no"),
    ("Is Mystical Space Typhoon a card that targets?", "yes"),
    ("When I activate Twin Twisters, do I target the cards I destroy?", "yes"),
    ("When I use Mystical Space Typhoon do I have to target?", "yes"),
])
def test_targeting_card_wordings(base_expert, q, expect):
    assert answer(base_expert, q) == expect
