"""Mechanisms of the session after `2363a56`, found on dev round 28 (issues 22 and 23): a monster's
effect told negated without saying whether its activation was is asked both ways; LP paid in a bare
number; a story told with no subject; "that whole X"; a want or a claim of any player set aside; a
reason that tells nothing of the game set aside; "its" of the card a Summon or a cost names; "opp
resolves X"; "that X" of a named card; "counts" grounded in "for each"; a Field Spell told
activated with a target; "both targets" changed in response; and more found on rounds 2-25.
Sentences and invented cards written for these tests, not the shared cases."""

import pytest

from psct_expert.errors import PsctError, QuestionError
from psct_expert.parser.lexicon import relex

from question_helpers import with_cards


@pytest.fixture(scope="module")
def marsh(base_expert):
    return with_cards(base_expert, {
        "name": "Marshlight Heron", "kind": "monster", "subtypes": ["effect"],
        "text": "You can pay 800 LP; draw 1 card. You can only use this effect of \"Marshlight Heron\" "
                "once per turn."}, {
        "name": "Marshlight Reliquary", "kind": "spell", "subtypes": ["field"],
        "text": "You can target 2 \"Marshlight\" cards in your GY; shuffle them into the Deck, then "
                "draw 1 card. You can only use this effect of \"Marshlight Reliquary\" once per turn."},
        {"name": "Marshlight Warden", "kind": "monster", "subtypes": ["effect"],
         "text": "Gains 200 ATK for each \"Marshlight\" card in your GY."},
        {"name": "Marshlight Egret", "kind": "monster", "subtypes": ["effect"],
         "text": "You can discard 1 WATER monster; Special Summon this card from your hand."})


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_a_monster_effect_negated_without_saying_how_is_asked_both_ways(marsh):
    # the cost stays paid whether the activation or only the effect was negated: answered, saying so
    answer = marsh.ask("I paid 800 LP for Marshlight Heron's effect and my opponent negated it. Do I "
                       "still lose the 800 LP?")
    assert answer.value == "yes"
    assert any("whether the activation or only the effect" in n for n in answer.notes)
    # said which: one reading, no note
    said = marsh.ask("I paid 800 LP for Marshlight Heron's effect and my opponent negated the "
                     "activation. Do I still lose the 800 LP?")
    assert said.value == "yes"
    assert not any("whether the activation or only the effect" in n for n in said.notes)


def test_lp_paid_in_a_bare_number_and_a_story_with_no_subject():
    assert "pay 800 LP" in relex("can i pay 800 for it?").text
    assert "paid 800 LP to" in relex("i paid 800 to activate it").text
    # a number already of LP is left as it is
    assert "800 LP LP" not in relex("i paid 800 LP for it").text
    told = relex("Activated the spell, then they chained. Can I respond?").text
    assert told.startswith("I Activated the spell")
    # a participle before what is not a thing it acts on stays as written
    assert relex("Destroyed by battle, is it still sent?").text.startswith("Destroyed by battle")


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_the_story_with_no_subject_is_the_askers(marsh):
    answer = marsh.ask("Paid 800 for Marshlight Heron's effect, opp negated the activation. Do I still "
                       "lose the 800 LP?")
    assert answer.value == "yes"


def test_that_whole_summon_is_that_summon():
    assert "negate that Pendulum Summon" in relex("can i negate that whole Pendulum Summon?").text
    # "whole" before another word stays to be placed
    assert "whole" in relex("does it banish the whole field?").text


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
@pytest.mark.parametrize("aside", [
    "Player B wants to chain a trap to it.",
    "He wanted to respond to it.",
])
def test_what_a_player_wants_is_set_aside(base_expert, aside):
    answer = base_expert.ask(f"My opponent activates Dark Hole. {aside} Does Dark Hole target?")
    assert answer.value == "no"
    assert any(c.kind == "set-aside" for c in answer.reading.changes)


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_a_claim_that_names_no_card_is_set_aside_one_that_names_a_card_is_read(base_expert):
    said = relex("my friend insists it is a trigger. Does Dark Hole start a Chain?")
    assert said.text == "Does Dark Hole start a Chain?"
    text = "my friend insists Dark Hole targets. Does Dark Hole start a Chain?"
    at = text.index("Dark Hole")
    kept = relex(text, keep=[(at, at + len("Dark Hole"))])
    assert "insists" in kept.text


def test_a_reason_that_tells_nothing_of_the_game_is_set_aside():
    read = relex("Since nothing happened, do I get my card back?")
    assert read.text == "Do I get my card back?"
    assert any(c.kind == "set-aside" and "nothing happened" in c.written for c in read.changes)
    late = relex("do i get my card back since nothing happened?")
    assert "nothing happened" not in late.text
    # a reason that tells the game is told first, as before
    assert relex("Since I control no monsters, can I do it?").text.startswith("I control no monsters.")


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_its_is_the_card_the_summon_or_the_cost_names(base_expert, marsh):
    summoned = marsh.ask("My opponent Special Summons Marshlight Egret with its effect. Can I negate "
                         "the Summon with a Counter Trap that negates Summons?")
    assert summoned.value == "no"           # Summoned as its effect resolves: nothing to negate
    banished = base_expert.parse("I banished Speaker for the Ice Barriers from my GY for its effect. "
                                 "Does it start a Chain?")
    assert banished["effect"]["card"] == "Speaker for the Ice Barriers"


def test_a_player_resolves_an_effect():
    assert relex("Opp resolves the spell and draws.").text.startswith("The spell resolves")


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_that_before_a_named_card_is_the_card(base_expert):
    answer = base_expert.ask("My opponent Special Summons Cyber Dragon from the hand. Does the Summon "
                             "of that Cyber Dragon start a Chain?")
    assert answer.value == "no"


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_counts_is_grounded_in_for_each(marsh):
    answer = marsh.ask("Does Marshlight Warden's effect that counts cards in the GY start a Chain?")
    assert answer.value == "no"
    with pytest.raises(QuestionError):
        # nothing of its text counts monsters on the field (no "for each" there is not the point:
        # "destroys" is not said)
        marsh.ask("Does Marshlight Warden's effect that destroys cards start a Chain?")


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_a_field_spell_told_activated_with_a_target_is_its_targeting_effect(marsh):
    both = marsh.ask("I activated Marshlight Reliquary targeting 2 cards. Both targets were banished "
                     "in response. Do I still draw 1?")
    assert both.value == "no"
    one = marsh.ask("I activated Marshlight Reliquary targeting 2 cards. One of them was banished in "
                    "response. Do I still draw 1?")
    assert one.value == "yes"
    # "both" of a single target is refused, never read as that one
    with pytest.raises(QuestionError):
        marsh.ask("I activated Marshlight Reliquary targeting 1 card. Both targets were banished in "
                  "response. Do I still draw 1?")


@pytest.mark.parametrize("written, read", [
    ("opp activate Dark Hole. Does it target?", "Opp activates Dark Hole"),
    ("my opponent banish it. Does it still resolve?", "My opponent banishes it"),
    # never after a word that asks for the bare verb, nor before "effect" or a Summon's noun
    ("Can opp activate Dark Hole?", "Can opp activate Dark Hole"),
    ("Can my opponent activate a card?", "Can my opponent activate a card"),
    ("the Little Knight banish effect", "banish effect"),
    ("My opponent Tribute Summons a monster.", "Tribute Summons"),
])
def test_a_verb_left_without_its_s_after_a_card_or_a_player(written, read):
    assert read in relex(written).text


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_my_card_got_its_activation_negated(base_expert):
    answer = base_expert.ask("My Pot of Greed got its activation negated. Can I activate another Pot "
                             "of Greed this turn?")
    assert answer.value == "yes"
    assert "activation of My Pot of Greed was negated" in answer.reading.text


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_a_name_word_after_an_article_and_a_state_is_a_kind_of_card(base_expert):
    from psct_expert.rereading import partial_names
    from psct_expert.parser.lexicon import Relexed
    told = Relexed("I pay 500 LP for Kozmo Strawman's effect to Special Summon a banished Kozmo.", [])
    partial_names(told, base_expert.db, base_expert.kb.families)
    assert "a banished Kozmo." in told.text
    named = Relexed("Kozmo Strawman is banished. Is the banished Kozmo still there?", [])
    partial_names(named, base_expert.db, base_expert.kb.families)
    assert "the banished Kozmo Strawman" in named.text


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
@pytest.mark.parametrize("written", [
    "Does Zefra Metaltron's effect 2 target?",
    "Does Zefra Metaltron's (2) target?",
    "Does Zefra Metaltron's effect #2 target?",
])
def test_an_effect_said_by_its_number_is_that_effect(base_expert, written):
    # never the first effect with the number dropped
    answer = base_expert.ask(written)
    assert answer.value == "yes"
    assert "second effect" in answer.reading.text


def test_a_number_in_brackets_that_is_not_an_effect_stays():
    assert "(2)" in relex("I control Dark Magician (2) and it attacks.").text


@pytest.mark.parametrize("written, read", [
    ("with a summon-negating trap?", "a trap that negates Summons?"),
    ("Can I activate that same effect again?", "that effect"),
    ("When it resolves, does it still get banished?", "is it still banished"),
])
def test_more_ways_of_saying_the_same(written, read):
    assert read in relex(written).text


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_a_card_that_negates_summons_as_the_subject(base_expert):
    answer = base_expert.ask("Can a card that negates Summons negate the Link Summon of Zefra "
                             "Metaltron?")
    assert answer.value == "yes"
    said = relex("Can a card that negates Summons negate the Link Summon?").text
    assert said == "Can the Link Summon be negated by a card that negates Summons?"


def test_every_paraphrase_reads_only_groups_its_pattern_has():
    # a read naming a group its pattern lacks fails only when the pattern first matches
    import re

    from psct_expert.parser.lexicon import lexicon

    for p in lexicon()["paraphrases"]:
        groups = re.compile(p["pattern"], re.IGNORECASE).groups
        refs = [int(g) for g in re.findall(r"\\(\d)", p["read"])]
        assert all(g <= groups for g in refs), p["pattern"]


@pytest.mark.parametrize("written, read", [
    # what a player tried or wanted to do, then asked whether it is legal: whether they can
    ("opp activated Pot of Greed, then tried to negate it with Solemn Judgment. is that legal?",
     "Can my opponent negate it with Solemn Judgment?"),
    ("my opponent wanted to chain Ash Blossom to it. Is that legal?",
     "Can my opponent chain Ash Blossom to it?"),
    # "let X resolve": X resolves
    ("opp let my Monster Reborn resolve. Can I do it?", "My Monster Reborn resolves."),
])
def test_attempts_and_letting_resolve(written, read):
    assert read in relex(written).text


def test_its_own_effect_is_its_effect():
    written = "does Dark Cavalry's own effect target?"
    at = written.index("Dark Cavalry")
    assert relex(written, keep=[(at, at + len("Dark Cavalry"))]).text == \
        "Does Dark Cavalry's effect target?"


def test_its_own_procedure_keeps_own():
    assert "its own procedure" in relex("is it Summoned by its own procedure?").text


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_targets_said_in_a_condition_of_another_card_is_not_targeting(base_expert):
    # "When a card or effect is activated that targets ... : ... negate the activation"
    assert base_expert.ask("Does Dark Cavalry's negate effect target?").value == "no"


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_a_description_grounded_with_slashed_words_and_a_plural_the_lemmas_lack(marsh):
    from psct_expert.situate.refs import grounded_in_text

    text = "Gains 100 ATK for each Spell/Trap on the field and in the GYs."
    assert grounded_in_text("counts spells in gy", text)
    assert grounded_in_text("counts spells/traps", text)
    assert not grounded_in_text("counts monsters in gy", text)
    answer = marsh.ask(
        "does Dark Cavalry's effect (the one that counts spells/traps in gy) start a chain?")
    assert answer.value == "no" and "first effect of Dark Cavalry" in answer.restated
    with pytest.raises(QuestionError):
        # "banished" is not said in its text: never set aside
        marsh.ask("does marshlight warden's effect (the one that counts banished cards) start a chain?")


@pytest.mark.parametrize("written, read", [
    ("does it target the level 4+ monster it flips?", "the level 4 or higher monster"),
    ("a Level 5 or higher monster", "Level 5 or higher monster"),
    ("a Level 5 in my GY", "Level 5 monster in my GY"),
])
def test_a_level_and_higher(written, read):
    assert read in relex(written).text


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_what_the_brackets_say_was_negated(base_expert):
    activation = base_expert.parse("Souleating Oviraptor's effect got negated (activation negated) "
                                   "by opp. can i activate that same effect again this turn?")
    only = base_expert.parse("Souleating Oviraptor's effect got negated (effect negated) by opp. can "
                             "i activate that same effect again this turn?")
    assert activation != only


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_something_that_targets_it(base_expert):
    # the Damage Step part is answered; "something that targets it" is what the card's text says
    # its negation answers ("a card or effect ... that targets this card"), so nothing more is
    # asked (session after 30a71eb: before, it was asked of its own and the answer was unknown)
    answer = base_expert.ask("can Dark Cavalry negate something that targets it during the damage step?")
    assert answer.value == "yes"
    # what the text does not say is still asked of its own (never dropped)
    other = base_expert.ask("can Dark Cavalry negate something that targets my Spell during the "
                            "damage step?")
    assert other.value == "unknown"
    assert any("targets my Spell" in m for m in other.missing)


def test_a_result_wanted_to_stop_it_is_set_aside_and_asked():
    read = relex("can i chain Trap Stun to it to stop it?")
    assert read.text == "Can i chain Trap Stun to it?"
    assert any(c.kind == "result" and "to stop it" in c.written for c in read.changes)
    # not closing a can-question: left as written
    assert "to stop it" in relex("I chain Trap Stun to it to stop it.").text


def test_still_after_the_chain_and_same_situation():
    assert relex("Is the detached material still gone after the chain?").text == \
        "Is the detached material still gone?"
    assert "after the chain" in relex("Can I activate it after the chain?").text
    assert relex("same situation, do I still draw 2?").text == "Do I still draw 2 cards?"


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_a_summon_named_by_its_card_keeps_its_noun(base_expert):
    # "a X synchro summon": the Summon of X, never "X Synchro Summons"
    answer = base_expert.ask("opp is going for a hydro genex synchro summon from the extra deck. can a "
                             "card that negates summons stop that synchro summon?")
    assert answer.value == "yes"


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_where_the_target_is_said_of_the_target(base_expert):
    # "targeting X in the GY": the target is in the GY, the card is not activated from there
    answer = base_expert.ask("I activate Monster Reborn targeting Dark Magician in the GY. In "
                             "response it is banished. Is Dark Magician still summoned?")
    assert answer.value == "no"
    assert "Monster Reborn from the GY" not in (answer.reading.text if answer.reading else "")
    assert "still Special Summoned" in answer.reading.text


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_a_named_target_changed_in_response(base_expert):
    answer = base_expert.ask("I activate Monster Reborn targeting Dark Magician in the GY. Dark "
                             "Magician is banished in response. Does it still summon Dark Magician?")
    assert answer.value == "no"
    # a card no effect targeted, moved "in response", keeps its refusal
    with pytest.raises(QuestionError):
        base_expert.ask("I activate Monster Reborn targeting Dark Magician in the GY. Blue-Eyes "
                        "White Dragon is banished in response. Does it still summon Dark Magician?")


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_two_cards_paid_as_one_cost_and_attributes_said_as_monsters(base_expert):
    assert "a LIGHT monster and a DARK monster" in relex("banished a LIGHT and a DARK from my gy").text
    assert "a LIGHT monster" in relex("i banish a LIGHT monster").text
    assert "on their field" in relex("i dropped it on their side of the field").text
    answer = base_expert.ask("I banished a LIGHT monster and a DARK monster from my GY to activate "
                             "Chaos Ruler, the Chaotic Magical Dragon's effect. It was negated. Are the "
                             "monsters I banished still banished?")
    assert answer.value == "yes"


def test_with_its_own_effect_keeps_own():
    # how a monster Summons itself: its own effect or procedure, never "its effect"
    assert "with its own effect" in relex("can i special summon it from my hand with its own effect?").text


def test_a_comparison_with_a_thing_of_its_kind_is_set_aside():
    read = relex("is that negatable, like a normal xyz summon is?")
    assert read.text == "Is that negatable?"
    assert any(c.kind == "comparison" for c in read.changes)
    # "like a normal summon" without its closing verb is no comparison clause: left to be read
    assert "like" in relex("is that negatable like a normal summon?").text


def test_i_got_them_on_field_is_control():
    written = "I got 2 Dark Magician on field."
    at = written.index("Dark Magician")
    assert relex(written, keep=[(at, at + len("Dark Magician"))]).text.startswith(
        "I control two Dark Magician")
    assert relex("I got 2 dragon monsters on field.").text.startswith("I control 2 dragon monsters")
    # got without "on (the) field": what the player got, read as written
    assert "got" in relex("I got 2 cards from it.").text


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
@pytest.mark.parametrize("written, refused", [
    ("Does Dark Hole's effect that destroys all monsters target?", False),
    # what the effect is said to do that to must stand in its text: never dropped
    ("Does Dark Hole's effect that destroys a face-down monster target?", True),
    ("Does Dark Hole's effect that destroys a random monster target?", True),
])
def test_what_a_described_effect_does_it_to_is_grounded(base_expert, written, refused):
    if refused:
        with pytest.raises(QuestionError):
            base_expert.ask(written)
    else:
        assert base_expert.ask(written).value == "no"


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_an_equip_spell_told_activated_with_a_target_is_its_activation(base_expert):
    spec = base_expert.parse("I activate Reptilianne Rage targeting my opponent's monster. Does it "
                             "start a Chain?")
    assert spec["effect"].get("select") == "activation" or spec["effect"].get("n") in (0, None)


@pytest.mark.parametrize("written, read", [
    ("does Luna bounce herself?", "return itself"),
    ("i chain it on some other card", "on another card"),
    ("Do I still have to discard a card?", "Do I still discard a card?"),
])
def test_itself_another_and_still_have_to(written, read):
    assert read in relex(written).text


def test_a_purpose_to_save_a_monster_is_a_result():
    read = relex("can i flip book of moon in the damage step to save my monster from losing the battle?")
    assert read.text == "Can i flip book of moon in the damage step?"
    assert any(c.kind == "result" for c in read.changes)


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_his_or_her_card_is_the_card_of_the_clauses_player(base_expert):
    answer = base_expert.ask("Zefra Metaltron targets my monster and my opponent's monster. In response "
                             "my opponent banishes his monster. Does my targeted monster still get "
                             "banished?")
    assert answer.value == "no"          # "banish both": one of the two gone, neither is banished
    assert "their monster" in relex("opp removes his monster from the field").text


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_a_targeting_told_with_a_quotation_of_its_text(base_expert):
    told = ("Zefra Metaltron targets my monster and opp's monster to \"{}\". In response opp removes "
            "his monster from the field. Does my targeted monster still get banished?")
    answer = base_expert.ask(told.format("banish both until the End Phase"))
    assert answer.value == "no"
    assert any(c.kind == "grounded" for c in answer.reading.changes)
    # a quotation its text does not say is never set aside
    with pytest.raises(QuestionError):
        base_expert.ask(told.format("destroy both of them"))


def test_as_the_next_chain_link_is_in_response():
    assert relex("can i use it as the very next chain link in response?").text == \
        "Can i use it in response?"
    assert "Chain Link 2" in relex("can i use it as Chain Link 2?").text


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_no_chain_said_of_what_was_told_is_checked(base_expert):
    answer = base_expert.ask("opp special summons Evil★Twins Ki-sikil & Lil-la from hand using its own "
                             "built-in summon condition (no card effect involved). can i negate that "
                             "summon with a summon-negating trap?")
    assert answer.value == "yes"
    assert any(c.kind == "checked" for c in answer.reading.changes)
    # a claim the product does not bear out is never set aside
    with pytest.raises(QuestionError):
        base_expert.ask("I activate Pot of Greed (no chain). Can my opponent respond?")


def test_a_sentence_with_no_subject_after_the_first_is_not_made_the_askers():
    # "Opp Summoned X. Activated its effect.": opp may go on; only a story's first sentence is read
    # as the asker's
    read = relex("My opponent normal summoned a monster. Activated its effect. Can I respond?")
    assert "I Activated" not in read.text
