"""The second reading: the lexicon, names written in part, and the nearest questions of a refusal.

Every sentence here is written for these tests (none is a shared case).
"""

import pytest

from psct_expert.cli.main import main
from psct_expert.errors import QuestionError, UnknownCard
from psct_expert.parser.lexicon import relex, sentences


# -- the lexicon (English only) --------------------------------------------------------------

def test_discourse_is_set_aside_and_kept_as_a_change():
    r = relex("ok so does Pot of Greed basically draw 2 cards, right?")
    assert r.text == "Does Pot of Greed draw 2 cards?"
    assert set(r.set_aside) == {"ok so", "basically", "right"}


@pytest.mark.parametrize("word", ["not", "only", "exactly", "first", "still", "even", "also", "again"])
def test_a_word_that_changes_a_ruling_is_never_discourse(word):
    r = relex(f"Does the card {word} target it, right?")
    assert f" {word} " in f" {r.text} " and word not in r.set_aside


def test_forum_words_are_read_as_the_grammar_words():
    r = relex("Opp NSed a monster and I popped it till the End Phase. Is it gone?")
    assert "Normal Summoned" in r.text and "destroyed" in r.text and "until" in r.text
    assert {(c.written, c.read) for c in r.changes if c.kind == "read-as"} >= {
        ("NSed", "Normal Summoned"), ("popped", "destroyed"), ("till", "until")}


def test_capitals_decide_an_abbreviation():
    assert "Normal Summon" in relex("Can I NS it?").text
    assert relex("Can I ns it?").text == "Can I ns it?"


def test_the_story_told_after_the_question_is_read_first():
    r = relex("can I chain it? my opp activated a Spell. (it was their turn)")
    assert r.text == "My opp activated a Spell. It was their turn. Can I chain it?"
    assert [c.kind for c in r.changes] == ["story-first"]


def test_a_sentence_that_only_says_why_one_asks_is_set_aside():
    r = relex("Does it start a Chain? Asking because a friend of mine said so.")
    assert r.text == "Does it start a Chain?"
    assert r.set_aside == ["Asking because a friend of mine said so."]


def test_sentences_keep_a_name_with_initials_whole():
    assert sentences("D.D. Crow banishes it. Lord of D. is on the field. Can I?") == [
        "D.D. Crow banishes it.", "Lord of D. is on the field.", "Can I?"]


# -- understanding: the second reading runs only when the first does not place the question ----

def test_a_question_read_as_written_has_no_second_reading(base_expert):
    spec, relexed = base_expert.read("Does Mystical Space Typhoon target?")
    assert relexed is None and spec["family"] == "targets"


def test_discourse_around_a_known_question_is_answered_and_shown(base_expert):
    plain = base_expert.ask("Does Mystical Space Typhoon target?")
    chatty = base_expert.ask("hey, does Mystical Space Typhoon actually target, right?")
    assert chatty.value == plain.value == "yes" and chatty.restated == plain.restated
    assert set(chatty.reading.set_aside) == {"hey", "actually", "right"}
    d = chatty.to_dict()
    assert d["reading"]["read"] == "Does Mystical Space Typhoon target?"
    assert "set aside 'actually' (discourse)" in d["reading"]["changes"]


def test_a_meaning_word_after_discourse_still_refuses(base_expert):
    with pytest.raises(QuestionError) as err:
        base_expert.ask("literally, does Mystical Space Typhoon never target, right?")
    assert "never" in err.value.relexed.text and "never" not in err.value.relexed.set_aside


def test_a_partial_name_is_the_one_card_that_holds_it(base_expert):
    answer = base_expert.ask("Does Drident target?")
    assert "Zoodiac Drident" in answer.restated
    assert ("Drident", "Zoodiac Drident") in {(c.written, c.read) for c in answer.reading.changes}


def test_an_english_word_is_never_a_partial_name(base_expert):
    from psct_expert.parser.grammar import grammar_for
    from psct_expert.parser.names import partial_mentions

    text = "I have two free zones and a Zoodiac Drident."
    found = partial_mentions(text, base_expert.db, grammar_for(base_expert.kb.families).terminal)
    assert found == []


def test_a_run_shared_by_two_cards_is_no_name(base_expert):
    assert base_expert.db.partial("Veiler") is None          # Effect Veiler, Extra Veiler
    assert base_expert.db.partial("Magnamhut").name == "Bystial Magnamhut"


# -- did you mean ------------------------------------------------------------------------------

def test_a_refusal_offers_questions_the_product_can_answer(base_expert):
    with pytest.raises(QuestionError) as err:
        base_expert.ask("Does Mystical Space Typhoon target stuff whenever it feels like it?")
    nearest = err.value.nearest
    assert 1 <= len(nearest) <= 3
    assert any("target" in q for q in nearest)
    for q in nearest:                       # each one is read as it stands
        assert base_expert.parse(q)["family"]


def test_a_refusal_met_while_settling_a_suggestion_works_out_no_nearest(base_expert, monkeypatch):
    from psct_expert import suggest

    q = "Does Mystical Space Typhoon target stuff whenever it feels like it?"
    with pytest.raises(QuestionError) as outside:
        base_expert.parse(q)
    assert outside.value.nearest
    calls = []
    real = suggest.candidates
    monkeypatch.setattr(suggest, "candidates", lambda *a: calls.append(a) or real(*a))
    with suggest.not_needed():
        with pytest.raises(QuestionError) as inside:
            base_expert.parse(q)
    assert inside.value.nearest == [] and calls == []
    assert str(inside.value) == str(outside.value)
    with pytest.raises(QuestionError) as after:        # and only inside
        base_expert.parse(q)
    assert after.value.nearest == outside.value.nearest and calls


def test_an_unknown_card_keeps_its_close_names(base_expert):
    with pytest.raises(UnknownCard) as err:
        base_expert.ask("Does Mystic Spice Taifun Zzz target?")
    assert "Mystical Space Typhoon" in err.value.suggestions


def test_the_cli_prints_the_nearest_questions_as_commands(capsys):
    code = main(["ask", "Does Mystical Space Typhoon target stuff whenever it feels like it?"])
    err = capsys.readouterr().err
    assert code != 0 and "nearest questions it can answer" in err
    assert "psct-expert ask 'Does" in err


def test_the_cli_shows_how_it_read_the_question(capsys):
    code = main(["ask", "so does Mystical Space Typhoon actually target?"])
    out = capsys.readouterr().out
    assert code == 0 and out.startswith("Does the first effect of Mystical Space Typhoon target? Yes.")
    assert "Read as: 'Does Mystical Space Typhoon target?'" in out


def test_a_second_verb_keeps_the_sentences_subject():
    r = relex("My opponent Tribute Summons a monster and activates its effect. Can I respond?")
    assert r.text.startswith("My opponent Tribute Summons a monster and my opponent activates its effect.")
    assert [c.kind for c in r.changes] == ["ellipsis"]


def test_no_subject_is_said_again_where_the_sentence_has_none():
    r = relex("The monster is destroyed and returns to the hand. Is it?")
    assert r.text == "The monster is destroyed and returns to the hand. Is it?" and not r.changes


def test_a_list_of_things_is_no_second_clause():
    assert not relex("I control a Spell and a Trap. Can I?").changes


def test_contractions_are_spelled_out():
    r = relex("We're in the Damage Step and it's face-up. Isn't it?")
    assert r.text.lower() == "we are in the damage step and it is face-up. is not it?"


def test_flipping_a_named_card_is_activating_it(base_expert):
    answer = base_expert.ask("My opponent's monster attacks, we're in the Damage Step. "
                             "Can I flip Infinite Impermanence to negate its effect?")
    assert answer.value == "no" and "Damage Step" in answer.restated
    assert any(c.read == "activate Infinite Impermanence" for c in answer.reading.changes)


def test_an_effect_described_by_words_of_its_text(base_expert):
    # "ATK/DEF-halving": no word of the question language, grounded in the text ("become half")
    answer = base_expert.ask("Can Blackwing - Gale the Whirlwind's ATK/DEF-halving effect be used "
                             "during my opponent's turn?")
    assert answer.value == "no" and "second effect" in answer.restated


def test_a_description_its_text_does_not_say_is_refused(base_expert):
    with pytest.raises(QuestionError) as err:
        base_expert.ask("Can Blackwing - Gale the Whirlwind's flying effect be used during my "
                        "opponent's turn?")
    assert "no effect of Blackwing - Gale the Whirlwind fits" in str(err.value)


def test_a_possessive_before_effect_is_no_description(base_expert):
    spec = base_expert.parse("I activate Effect Veiler targeting my opponent's monster and they chain "
                             "Book of Moon to flip it face-down. Is that monster's effect negated "
                             "when Effect Veiler resolves?")
    assert spec["family"] == "affected"


def test_a_story_a_card_text_question_does_not_need_is_set_aside(base_expert):
    answer = base_expert.ask("My opponent has a card that shields monsters in the GY from being "
                             "targeted. Does Effect Veiler target?")
    assert answer.value == "yes" and answer.restated.startswith("Does the first effect of Effect Veiler")
    aside = [c for c in answer.reading.changes if c.kind == "story-aside"]
    assert aside and "shields" in aside[0].written and "targets question" in aside[0].describe()


def test_a_story_a_situation_question_needs_is_never_set_aside(base_expert):
    # can-respond depends on what happened: an unread story refuses the question
    with pytest.raises(QuestionError):
        base_expert.ask("My opponent shields their Set card with a weird trick. Can I chain "
                        "Mystical Space Typhoon to Pot of Greed?")


def test_a_question_that_points_into_the_story_is_not_read_alone(base_expert):
    # an invented word in the story told of the card: nothing says what "that" is
    with pytest.raises(QuestionError):
        base_expert.ask("My opponent zorbles Effect Veiler at my monster. Does that target?")
    # (frames/) a story of English words about a card of one effect: "that" is its effect,
    # and the story, which cannot change what its text does, is set aside and said so
    a = base_expert.ask("My opponent flicks Effect Veiler at my monster. Does that target?")
    kinds = {c.kind for c in a.reading.changes}
    assert a.value == "yes" and {"story-aside", "story-effect"} & kinds


@pytest.mark.parametrize("written, read", [
    ("Am I still allowed to activate it?", "can I still activate it?"),
    ("Is it legal to chain it?", "can I chain it?"),
    ("My field is totally empty.", "I control no cards."),
    ("It is not on the field anymore.", "It is no longer on the field."),
])
def test_paraphrases_are_read_as_the_grammar_says_them(written, read):
    assert relex(written).text.lower() == read.lower()


def test_a_part_that_negates_a_summon_is_not_a_part_that_summons(base_expert):
    # "Negate the Special Summon" names a Summon as what it negates: asked whether a monster is
    # Special Summoned, the question has no part to be about (it was answered for part 1)
    with pytest.raises(QuestionError):
        base_expert.ask("If Black Horn of Heaven cannot destroy the monster, is the monster "
                        "Special Summoned?")
    # near misses: its negating part is still found by its own action, and a part that does
    # Special Summon by that action
    from psct_expert.reader import read_card
    from psct_expert.reader.select import select_clause

    horn = read_card(base_expert.db.get("Black Horn of Heaven"))
    assert select_clause(horn, "Black Horn of Heaven#1", "negate") == 1
    circle = read_card(base_expert.db.get("Circle of the Fire Kings"))
    assert select_clause(circle, "Circle of the Fire Kings#1", "special-summon") == 2


def test_more_forum_words():
    assert relex("I pitched a lv4 monster bc why not. Can I?").text == \
        "I discarded a Level 4 monster because why not. Can I?"
    assert relex("Like, it is a Trap Card. Can I?").text == "It is a Trap Card. Can I?"


def test_a_scenario_line_is_read_again_through_the_lexicon(base_expert):
    spec, relexed = base_expert.read("Can I activate Infernity Launcher?", ["My hand is empty."])
    assert spec["family"] == "can-activate-now"
    assert any(c.read == "I have no cards in my hand" for c in relexed.changes)


def test_a_story_about_the_asked_card_or_a_summon_is_never_set_aside(base_expert):
    with pytest.raises(QuestionError):
        base_expert.ask("I flarbleflip Gorz the Emissary of Darkness with Monster Reborn. Does the "
                        "Special Summon of Gorz the Emissary of Darkness start a Chain?")
    with pytest.raises(QuestionError):
        base_expert.ask("My Effect Veiler got flarbled earlier. Does Effect Veiler target?")


@pytest.mark.parametrize("written, read", [
    ("we flip it face-down. legal?", "Can we flip it face-down?"),
    ("ok so i chain a Trap to it - is that allowed?", "Can i chain a Trap to it?"),
    ("opp pays LP, i wanna banish the card they sent. legal or not?",
     "Opp pays LP. Can i banish the card they sent?"),
])
def test_a_proposal_tagged_legal_is_asked_as_can(written, read):
    assert relex(written).text == read


def test_a_card_proposed_with_no_player_is_activated_by_the_asker():
    text = "Zeta Card in the Damage Step, legal?"
    assert relex(text, [(0, 9)]).text == "Can I activate Zeta Card in the Damage Step?"


def test_a_legality_tag_alone_changes_nothing_without_a_proposal():
    assert relex("Is it legal?").text == "Is it legal?"
    assert relex("the weather is nice, legal?").text == "The weather is nice, legal?"


@pytest.mark.parametrize("written, read", [
    ("it got negated.", "It was negated."),
    ("Luna gets destroyed in response.", "Luna is destroyed in response."),
    ("can it still get banished?", "Can it still be banished?"),
    ("do I get 2 tokens?", "Do I get 2 tokens?"),          # no participle: "get" stays
])
def test_the_passive_with_get_is_read_as_with_be(written, read):
    assert relex(written).text == read


def test_a_halved_atk_is_a_change_of_stats_in_the_damage_step(base_expert):
    # a part that only chooses, whose ATK is halved: no promise it cannot be activated
    answer = base_expert.ask("Can I activate Forbidden Droplet during the Damage Step?")
    assert answer.value != "no"


def test_whose_turn_told_as_a_clause(base_expert):
    answer = base_expert.ask("It is my opponent's turn. Can I activate Called by the Grave from my hand?")
    assert answer.value == "no"
    assert "opponent's turn" in answer.restated


def test_a_cost_told_as_what_it_is(base_expert):
    told = base_expert.ask("I discard Dandylion as the cost for Raigeki Break. "
                           "Does Dandylion's effect activate?")
    same = base_expert.ask("I discard Dandylion to activate Raigeki Break. "
                           "Does Dandylion's effect activate?")
    assert told.value == same.value == "yes"


def test_moments_joined_by_a_comma_and_before_damage_calculation(base_expert):
    answer = base_expert.ask("Can I activate Raigeki Break during the Damage Step, "
                             "before damage calculation?")
    assert answer.value == "no"
    with pytest.raises(QuestionError):         # a moment no question places is still refused
        base_expert.ask("Can I activate Raigeki Break during the Damage Step, after lunch?")


def test_a_phase_of_no_player_is_in_the_turn_told_last(base_expert):
    answer = base_expert.ask("During my Battle Phase my monster attacks. "
                             "Can I activate Raigeki Break in Main Phase 2?")
    assert "your Main Phase 2" in answer.restated
    # nothing told: read in each player's turn, and said so (a Set Trap may be activated in either)
    both = base_expert.ask("Can I activate Raigeki Break in Main Phase 2?")
    assert "your opponent's Main Phase 2" in both.restated and " / " in both.restated


@pytest.mark.parametrize("written, read", [
    # ("instead" closing the supposition is set aside: sisterGK)
    ("what if it got negated instead. do I still draw?", "If it was negated, do I still draw?"),
    ("does it still destroy it even though it's not face-down anymore?",
     "Does it still destroy it even though it is no longer face-down?"),
])
def test_what_if_and_anymore_are_read_as_the_grammar_says_them(written, read):
    assert relex(written).text == read


def test_a_possessive_without_its_apostrophe(base_expert):
    from psct_expert.parser.lexicon import Relexed
    from psct_expert.rereading import bare_possessives as _bare_possessives

    said = Relexed("Can I use petens GY effect? Do the cards effects apply?")
    _bare_possessives(said, base_expert.db, base_expert.kb.families)
    assert said.text == "Can I use peten's GY effect? Do the cards effects apply?"


def test_a_named_link_as_the_subject_of_what_it_does(base_expert):
    told = ("My Lightpulsar Dragon declares an attack. My opponent activates Mirror Force and "
            "nobody chains. Mirror Force destroys Lightpulsar Dragon. Can I activate Lightpulsar "
            "Dragon's effect to Special Summon a DARK Dragon from my GY?")
    assert base_expert.ask(told).value == "yes"
    with pytest.raises(QuestionError, match="not activated before"):
        base_expert.ask("My opponent activates Raigeki Break. Mirror Force destroys my monster. "
                        "Does Raigeki Break target?")


def test_a_player_who_passes_lets_the_other_chain(base_expert):
    told = ("My opponent activates Mystical Space Typhoon targeting my Set card. I chain nothing; "
            "my opponent chains Raigeki Break targeting my face-up Card Trooper. Raigeki Break "
            "resolves and destroys Card Trooper, then Mystical Space Typhoon resolves. Does Card "
            "Trooper's draw effect still activate after the Chain resolves?")
    assert base_expert.ask(told).value == "yes"
    with pytest.raises(QuestionError, match="passes on what"):
        base_expert.ask("I chain nothing. Does Raigeki Break target?")


def test_cards_told_set_or_face_up_on_a_players_field(base_expert):
    answer = base_expert.ask("Necrovalley is face-up on my opponent's field. I have Raigeki Break "
                             "Set. Does Raigeki Break target?")
    assert answer.value == "yes"
    # no player's field said: asked on each, and answered when both agree (the note says so)
    either = base_expert.ask("Necrovalley is face-up on the field. Does Raigeki Break target?")
    assert either.value == "yes"
    assert any("no player's field" in n for n in either.notes)


def test_what_a_player_does_right_after_chaining_is_that_links_doing(base_expert):
    told = ("I Normal Summon Tour Guide From the Underworld and activate its effect. My opponent "
            "chains Compulsory Evacuation Device and my opponent returns Tour Guide From the "
            "Underworld to my hand. Does Tour Guide From the Underworld's effect still resolve?")
    assert base_expert.ask(told).value == "yes"


def test_an_attack_told_with_its_monster_and_what_holds_meanwhile(base_expert):
    a = base_expert.ask("My opponent's monster attacks me directly while I control no cards. "
                        "Does Gorz the Emissary of Darkness's first effect start a Chain?")
    assert a.value == "yes"
    b = base_expert.ask("My opponent declares an attack with their monster. Does Mirror Force target?")
    assert b.value == "no"


def test_a_summon_of_several_monsters_at_the_same_time(base_expert):
    answer = base_expert.ask("My opponent Pendulum Summons 3 monsters at the same time. Can I "
                             "activate Black Horn of Heaven to negate that Pendulum Summon?")
    assert answer.value == "no"
    with pytest.raises(QuestionError):     # said of an activation it has no place
        base_expert.ask("My opponent activates Raigeki Break at the same time. Does it target?")


@pytest.mark.slow
def test_a_discard_cost_needs_a_card_in_hand(base_expert):
    assert base_expert.ask("I have no cards in my hand. Can I activate Divine Wrath?").value == "no"
    # two cards in hand: the cost can be paid, so no rule says it cannot
    assert base_expert.ask("I have 2 cards in my hand. Can I activate Divine Wrath?").value != "no"


def test_two_copies_in_one_turn_is_a_second_copy_used_again(base_expert):
    answer = base_expert.ask("Can I activate two Called by the Grave in the same turn?")
    assert "again this turn" in answer.restated
    with pytest.raises(QuestionError, match="two copies when"):
        base_expert.ask("Can I activate two Called by the Grave?")


@pytest.mark.slow
def test_chaining_a_card_from_the_hand_answers_the_last_activation(base_expert):
    answer = base_expert.ask("My opponent activates Raigeki Break. Can I chain Effect Veiler from my hand?")
    assert "chained to the activation of the first effect of Raigeki Break" in answer.restated


@pytest.mark.parametrize("written, read", [
    ("X: i target my monster and one in my GY.", "I activate X targeting my monster and one in my GY."),
    ("X: opp targets my monster.", "Opp activates X targeting my monster."),
    ("X: it flips 2 monsters face-down.", "X flips 2 monsters face-down."),
    # (round 114) the quoted effect, a sentence of its own, is the topic of the question after it
    ('X: "Target 1 card; destroy it." Does it target?', 'Does X "Target 1 card; destroy it." target?'),
])
def test_a_card_named_as_the_topic_of_its_sentence(written, read):
    assert relex(written, [(0, 1)]).text == read


def test_a_card_that_a_player_controls(base_expert):
    answer = base_expert.ask("I activate Infernity Break targeting an Infernity card in my GY and "
                             "1 card that my opponent controls. Does Infernity Break target?")
    assert answer.value == "yes"


@pytest.mark.parametrize("written, read", [
    ("opp summons X from hand bc they control no monsters. can i chain?",
     "They control no monsters. Opp summons X from hand. can i chain?"),
    ("Can I chain Y in response, since my monster is targeted?",
     "My monster is targeted. Can I chain Y in response?"),
    # a reason that opens the sentence, up to its comma or to the question it explains
    ("Since I targeted 3, do I lose 3000 LP?", "I targeted 3. Do I lose 3000 LP?"),
    ("since it was negated can i use it again?", "It was negated. Can i use it again?"),
    # an opening reason with no comma and no question after it stays where it is
    ("Since it was negated I still draw.", "Since it was negated I still draw."),
])
def test_a_reason_is_told_before_what_it_explains(written, read):
    assert relex(written).text == read


def test_a_supposition_told_before_the_question_is_its_story():
    said = relex("If X Tributes itself, it is no longer on the field. Do I still draw?", [(3, 4)])
    assert said.text == "X Tributes itself. It is no longer on the field. Do I still draw?"
    # a supposition inside the question itself stays the question's
    assert relex("If X Tributes itself, do I still draw?", [(3, 4)]).text == \
        "If X Tributes itself, do I still draw?"


def test_a_card_paying_a_cost_with_itself_when_it_fits_the_cost(base_expert):
    from psct_expert.situate.words import itself_fits_cost as card_fits

    plant = base_expert.db.get("Lonefire Blossom")
    assert card_fits(plant, "Tribute 1 face-up Plant monster")
    assert not card_fits(plant, "Tribute 1 other Plant monster")
    assert not card_fits(plant, "Tribute 1 Dragon monster")
    assert not card_fits(plant, "Pay 1000 LP")


def test_a_card_told_no_longer_on_the_field(base_expert):
    told = ("Lonefire Blossom Tributes itself for its effect. It is no longer on the field when the "
            "effect resolves. Does Lonefire Blossom's effect start a Chain?")
    answer = base_expert.ask(told)
    assert answer.value == "yes"
    changes = answer.reading.changes if answer.reading is not None else []
    assert not any(c.kind == "story-aside" for c in changes)      # the story was read, not set aside
    assert any(e.get("cost") for e in answer.spec.get("situation", []))


@pytest.mark.slow
def test_what_a_player_gets_is_the_part_that_gives_it(base_expert):
    story = ("I activate Zombie Master's effect targeting a Level 4 Zombie monster in my GY. "
             "My opponent chains Book of Moon on Zombie Master. ")
    got = base_expert.ask(story + "Do I still get my Zombie?")
    said = base_expert.ask(story + "Does Zombie Master still Special Summon it?")
    assert got.restated == said.restated and got.value == said.value
    with pytest.raises(QuestionError, match="'dragon' is not what Zombie Master gives"):
        base_expert.ask(story + "Do I still get the Dragon?")


def test_a_sentence_typed_in_lower_case_is_a_sentence():
    assert sentences("i banish it. can i chain? Lord of D. is here. use e.g. this. vs. that") == \
        ["i banish it.", "can i chain?", "Lord of D. is here.", "use e.g. this.", "vs. that"]


def test_a_tagged_proposal_is_only_its_last_sentence():
    text = "opp NS a monster and uses it to summon. X on that summon legal?"
    start = text.index("X")
    assert relex(text, [(start, start + 1)]).text.endswith(
        "uses it to summon. Can I activate X on that summon?")


@pytest.mark.parametrize("written, read", [
    ("Does it destroy a monster that cannot be targeted (e.g. a Link monster)?",
     "Does it destroy a monster that cannot be targeted?"),
    ("can it negate a summon of like 4 monsters?", "Can it negate a summon of 4 monsters?"),
    # ("still work" is read "still do anything": still)
    ("does it still work (not like its summon)?", "Does it still do anything (not like its summon)?"),
])
def test_an_example_in_parentheses_and_a_hedge_before_a_number_are_set_aside(written, read):
    said = relex(written)
    assert said.text == read
    assert bool(said.set_aside) == ("not like" not in written)


def test_a_monster_that_paid_its_cost_with_itself_still_resolves(base_expert):
    told = ("If Lonefire Blossom Tributes itself for its effect, it is no longer on the field when "
            "the effect resolves. Do I still get the Plant from my Deck?")
    answer = base_expert.ask(told)
    assert answer.value == "yes" and "own-cost-gone-still-resolves" in answer.rules()
    with pytest.raises(QuestionError, match="'dragon' is not what Lonefire Blossom gives"):
        base_expert.ask("Lonefire Blossom Tributes itself for its effect. Do I still get the Dragon?")
