"""Mechanisms of the session after `44deed7` (issues 22 and 23): a label said as a sentence; a
hyphenated description before an effect's kind and noun, or after a possessive with no noun; a
monster effect asked to answer that is not a Quick Effect is Spell Speed 1; the Quick Effect
marker of cards printed before July 2017; a name after the game words before it; an English
word that names one card, where only a card stands; the cost or the purpose that says which
effect is activated; "X 2nd effect"; a comparison with things of its kind.  Sentences and
invented cards written for these tests, not the shared cases."""

import pytest

from question_helpers import facts_of, invented_card, rules_fired, with_cards


@pytest.fixture(scope="module")
def cards(base_expert):
    return with_cards(base_expert, {
        "name": "Varrow Castellan", "kind": "monster", "subtypes": ["effect"],
        "text": "If this card is Normal Summoned: You can draw 1 card.\n(Quick Effect): You can "
                "banish 1 card from your opponent's Extra Deck face-down."}, {
        "name": "Varrow Stray", "kind": "monster", "subtypes": ["effect"],
        "text": "If your opponent controls 2 or more monsters: You can Special Summon this card "
                "from your hand."}, {
        "name": "Varrow Sentry", "kind": "monster", "subtypes": ["effect"],
        "text": "If this card is Normal Summoned: You can add 1 Level 4 monster from your Deck to "
                "your hand.\nDuring your opponent's turn (Quick Effect): You can Tribute this "
                "card; Special Summon 1 Level 4 monster from your Deck."})


def test_a_label_said_as_a_sentence_is_set_aside():
    from psct_expert.parser.lexicon import relex
    assert relex("Judge question. Does my card target?").text == "Does my card target?"
    assert relex("Rules exam! Does my card target?").text == "Does my card target?"
    # near miss: a sentence with a word of no label is read
    # (variants 84: the moment said first is read as "During the Damage Step, ...")
    assert relex("Damage Step. Does my card target?").text.startswith(("Damage Step.",
                                                                      "During the Damage Step,"))


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_a_hyphenated_description_before_the_effects_kind(cards):
    spec = cards.parse("My opponent activates a Quick-Play Spell. Can I chain Varrow Castellan's "
                       "banish-from-extra-deck quick effect to it?")
    assert spec["responder"] == {"card": "Varrow Castellan", "n": 2}
    # near miss: a description its text does not bear out is refused, naming it
    with pytest.raises(Exception, match="fits"):
        cards.parse("My opponent activates a Quick-Play Spell. Can I chain Varrow Castellan's "
                    "burn-the-hand quick effect to it?")


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_a_slow_monster_effect_asked_to_answer_is_spell_speed_1(cards):
    answer = cards.ask("My opponent activates a Normal Spell. Can I chain Varrow Stray's "
                       "self-summon from my hand to it?")
    assert answer.value == "no"
    assert "responding-slow-monster-effect-spell-speed-1" in rules_fired(answer)
    # near miss: its Quick Effect answers a Normal Spell
    quick = cards.ask("My opponent activates a Normal Spell. Can I chain the second effect of "
                      "Varrow Castellan to it?")
    assert quick.value == "yes"
    assert "responding-slow-monster-effect-spell-speed-1" not in rules_fired(quick)


def test_the_quick_marker_of_older_cards_is_a_bare_one():
    from psct_expert.reader import read_card
    old = invented_card("During either player's turn: You can target 1 card on the field; "
                        "destroy it.", "monster", ["effect"])
    assert facts_of(read_card(old), "bare_quick_condition")
    # near miss: a marker with a condition after it is not only the marker
    timed = invented_card("During either player's turn, when a card is activated: You can "
                          "target 1 card on the field; destroy it.", "monster", ["effect"])
    assert not facts_of(read_card(timed), "bare_quick_condition")


def test_a_name_after_the_game_words_before_it(base_expert):
    from psct_expert.parser.names import partial_mentions, unknown_name_runs
    from psct_expert.parser.grammar import grammar_for
    text = "I Tributed 2 monsters to Normal Summon Gizmek Orochi and it was negated."
    found = partial_mentions(text, base_expert.db, grammar_for(base_expert.kb.families).terminal)
    assert [m.card for m in found] == ["Gizmek Orochi, the Serpentron Sky Slasher"]
    assert text[found[0].start:found[0].end] == "Gizmek Orochi"
    # near miss: game words alone are no name
    assert unknown_name_runs("I Normal Summon and Special Summon.", []) == []


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_an_english_word_naming_one_card_where_only_a_card_stands(base_expert):
    spec = base_expert.parse("Does diameter's effect target?")
    assert spec["effect"]["card"] == "Mathmech Diameter"
    # near miss: the same word where a card does not stand stays a word to place
    with pytest.raises(Exception, match="diameter"):
        base_expert.parse("Does the diameter of my card target?")


def test_an_english_word_naming_one_card_as_the_subject_and_again(base_expert):
    from psct_expert.parser.grammar import grammar_for
    from psct_expert.parser.names import partial_mentions
    terminal = grammar_for(base_expert.kb.families).terminal
    text = "when diameter resolves, opp banishes diameter."
    found = partial_mentions(text, base_expert.db, terminal)
    assert [(text[m.start:m.end], m.card) for m in found] == \
        [("diameter", "Mathmech Diameter"), ("diameter", "Mathmech Diameter")]
    # near miss: a word naming one card in no card's place is no card
    assert partial_mentions("the diameter is small.", base_expert.db, terminal) == []


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_the_cost_paid_with_the_card_says_which_effect_is_activated(cards):
    answer = cards.ask("Can I Tribute Varrow Sentry during my Main Phase to Special Summon a "
                       "Level 4 monster from my Deck?")
    assert answer.value == "no"
    assert "the second effect of Varrow Sentry" in answer.restated
    # near miss: a purpose its effect does not do is not set aside as grounded in it; since the
    # session after ef80931 the cost alone says which effect, and the purpose is asked too
    # (a no stands, a yes needs it)
    answer = cards.ask("Can I Tribute Varrow Sentry during my Main Phase to destroy a card?")
    assert answer.value == "no"
    assert any(c.kind == "result" and "destroy a card" in c.written for c in answer.reading.changes)
    assert not any(c.kind == "grounded" and "destroy" in c.written for c in answer.reading.changes)


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_the_purpose_says_which_effect_is_activated(cards):
    spec = cards.parse("During my opponent's turn, can I activate Varrow Castellan to banish a "
                       "card from their Extra Deck?")
    assert spec["effect"] == {"card": "Varrow Castellan", "n": 2}
    # near miss: a purpose no effect bears out says no effect: it stays a need of the answer
    other = cards.parse("During my opponent's turn, can I activate Varrow Castellan to destroy a "
                        "card?")
    assert other.get("also_needs") == "whether it can destroy a card"


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_an_ordinal_effect_said_without_the_possessive(cards):
    assert cards.parse("Does Varrow Sentry 2nd effect target?")["effect"] == \
        {"card": "Varrow Sentry", "n": 2}
    assert cards.parse("Does Varrow Sentry first effect target?")["effect"] == \
        {"card": "Varrow Sentry", "n": 1}


def test_a_comparison_with_things_of_its_kind_is_set_aside():
    from psct_expert.parser.lexicon import relex
    read = relex("does it go to my extra deck like pendulums usually do?")
    assert read.text.lower() == "does it go to my extra deck?"
    assert "comparison" in [c.kind for c in read.changes]
    # near miss: a comparison with one thing named stays to be read
    assert "like" in relex("does it go to my extra deck like Pot of Greed?").text


def test_something_else_chained_is_another_card():
    from psct_expert.parser.lexicon import relex
    assert relex("I chained something else to it.").text == "I chained another card to it."
    # near miss: "something" alone stays
    assert relex("I chained something to it.").text == "I chained something to it."


@pytest.fixture(scope="module")
def extra(base_expert):
    return with_cards(base_expert, {
        "name": "Varrow Drake", "kind": "monster", "subtypes": ["xyz", "effect"],
        "text": "2 Level 4 monsters\nOnce per turn: You can detach 1 material from this card; send "
                "the top 2 cards of your Deck to the GY."})


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_a_card_returned_to_the_extra_deck_comes_back_a_new_card(extra):
    answer = extra.ask("i used varrow drake's once per turn mill, then it got bounced to the extra "
                       "deck and i xyz summoned it again the same turn. can it use the effect "
                       "again?")
    # (session after 8cfbe00) its cost detaches a material: "xyz summoned it again" is read without
    # its kind, so whether it has materials is not read, and the reset is no longer a yes (hunt 78:
    # a revived Xyz Monster has none); never a no
    assert answer.value == "unknown"
    spec = extra.parse("I used Varrow Drake's effect. Varrow Drake is returned to the Extra Deck. "
                       "I Xyz Summon Varrow Drake. Can I use its effect again this turn?")
    assert any(e.get("action") == "returned-to-extra" for e in spec["situation"])
    # near miss: nothing told of it leaving, the soft limit of that card is spent
    assert extra.ask("I used Varrow Drake's effect. Can I use its effect again this "
                     "turn?").value == "no"


def test_a_story_said_in_the_same_turn_and_the_revived_one():
    from psct_expert.parser.lexicon import relex
    assert relex("i revived it the same turn. can it?").text.endswith("GY this turn. can it?")
    assert relex("i revived it the same turn. can the revived one use it?").text.endswith(
        "can it use it?")
    # near miss: "in the same turn" asked in the question stays as asked
    assert relex("can both use it in the same turn?").text.endswith("in the same turn?")
    # ... and "the revived one" with no revival told stays
    assert "Summoned one" in relex("can the revived one use it?").text


def test_an_effect_said_by_its_limit_and_what_it_does():
    from psct_expert.parser.lexicon import relex
    assert relex("I used its once per turn mill, then it was destroyed.").text == \
        'I used its mill "once per turn" effect, then it was destroyed.'
    assert relex("can it banish again?").text.lower() == "can it use its banish effect again?"
    # near miss: "banish" said of a card, not of "it", again: read as written
    assert relex("can i banish it again?").text.lower() == "can i banish it again?"


@pytest.fixture(scope="module")
def links(base_expert):
    return with_cards(base_expert, {
        "name": "Varrow Herald", "kind": "monster", "subtypes": ["effect"],
        "text": "When this card is Special Summoned: You can draw 1 card."}, {
        "name": "Varrow Crier", "kind": "monster", "subtypes": ["effect"],
        "text": "If this card is Special Summoned: You can draw 1 card."})


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_a_chain_told_by_its_links_numbers(links):
    story = "{} was Special Summoned as Chain Link 2, then Chain Link 1 resolved."
    late = links.ask(story.format("Varrow Herald") + " Can I activate its effect once the chain "
                     "is done?")
    assert late.value == "no"
    assert "event-followed-by-another" in rules_fired(late)
    # near miss: an "If" trigger does not miss the timing
    assert links.ask(story.format("Varrow Crier") + " Can I activate its effect?").value == "yes"
    # ... and a Chain whose cards were told keeps them: no untold cards are read in
    spec = links.parse("My opponent activates Dark Hole. I chain Monster Reborn targeting Varrow "
                       "Herald in my GY. Monster Reborn resolves and Special Summons Varrow Herald. "
                       "Then Dark Hole resolves. Can I activate Varrow Herald's effect?")
    assert all(e.get("effect", {}).get("card") in ("Dark Hole", "Monster Reborn")
               for e in spec["situation"] if e.get("kind") == "activate")


def test_an_effect_said_by_its_ocg_number():
    from psct_expert.parser.lexicon import relex
    assert relex("Can I still use its (2) this turn?").text == \
        "Can I still use its second effect this turn?"
    assert relex("does its (1) effect target?").text.lower() == "does its first effect target?"
    # near miss: a number in brackets that no possessive owns stays as written
    assert "(2)" in relex("I control (2) monsters. Can I?").text


def test_a_summon_negator_described_in_other_words():
    from psct_expert.parser.lexicon import relex
    said = relex("Can I negate it with a counter trap that says it negates the Summon of a monster?")
    assert said.text.endswith("with a counter trap that negates Summons?")
    assert relex("I flip my summon negate trap.").text == "I flip my trap that negates Summons."
    # near miss: a kind of Summon said stays (a negator of Special Summons only is another card)
    assert "Special Summons" in relex("with a trap that negates Special Summons?").text


def test_a_card_as_the_topic_before_a_comma_then_its_targets():
    from psct_expert.parser.lexicon import relex
    text = "Quillon X effect, i target 2 cards. can they respond?"
    s = text.index("Quillon X"); e = s + len("Quillon X")
    assert relex(text, [(s, e)]).text.startswith("I activate Quillon X targeting 2 cards.")
    # near miss: a card before a comma with no targeting after it stays as written
    text = "Quillon X effect, i draw 2 cards. can they respond?"
    assert relex(text, [(s, e)]).text.startswith("Quillon X effect, i draw")


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_a_target_removed_from_where_it_was(base_expert):
    spec = base_expert.parse("I activate Twin Twisters targeting 2 Set cards. My opponent removes "
                             "one of them from the field in response. Is the other one still "
                             "destroyed?")
    assert {"left": {"target": "2 Set cards (1 of 2)"}} in spec["suppose"]
    assert base_expert.ask_spec(spec, "").value == "yes"
    gy = base_expert.parse("I activate Monster Reborn targeting a monster in my GY. My opponent "
                           "removes it from the GY in response. Is it still Special Summoned?")
    assert {"left": {"target": "a monster in my GY"}} in gy["suppose"]
    # near miss: removing a card the story did not tell is refused, naming what is missing
    with pytest.raises(Exception, match="of what"):
        base_expert.parse("My opponent removes one of them from the field. Is it destroyed?")


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_a_part_told_not_done_by_its_outcome(base_expert):
    cards = with_cards(base_expert, {
        "name": "Varrow Purge", "kind": "spell", "subtypes": ["normal"],
        "text": "Destroy 1 monster on the field, and if you do, draw 1 card."}, {
        "name": "Varrow Sweep", "kind": "spell", "subtypes": ["normal"],
        "text": "Destroy 1 monster on the field, also draw 1 card."})
    for said in ("nothing is destroyed", "nothing can be destroyed", "I destroy nothing"):
        answer = cards.ask(f"I resolve Varrow Purge but {said}. Do I still draw 1 card?")
        assert answer.value == "no", said
    # near miss: parts joined by "also" do not hang on each other
    assert cards.ask("I resolve Varrow Sweep but nothing is destroyed. Do I still draw 1 "
                     "card?").value == "yes"


def test_a_target_no_longer_where_it_was():
    from psct_expert.parser.lexicon import relex
    assert relex("I target it, but it was no longer banished when the effect resolved. Is it "
                 "returned?").text == "I target it, but it leaves the banishment before it " \
                                      "resolves. Is it returned?"
    assert "leaves the GY before it resolves" in relex(
        "but the card is no longer in the GY when it resolves. Is it added?").text
    # near miss: asked, not told, it stays a question (the grammar reads it as a supposition)
    assert "no longer in the GY" in relex("Is it no longer in the GY?").text


def test_an_effect_that_goes_off_and_a_monster_that_died_in_battle():
    from psct_expert.parser.lexicon import relex
    assert relex("does its flip effect still go off?").text.lower() == \
        "does its flip effect still activate?"
    assert relex("it died in battle. can i?").text.lower().startswith("it was destroyed by battle.")
    # near miss: "off" said of something else stays
    assert "off" in relex("does it turn off the effect?").text


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_a_pronoun_the_grammars_reading_left_without_its_card_is_read_again(base_expert):
    answer = base_expert.ask("My opponent attacks my face-down Shaddoll Squamata and it is "
                             "destroyed by battle. Does its flip effect still go off?")
    assert answer.value == "yes"
    # near miss: with no card before it, "its" stays unplaced
    with pytest.raises(Exception, match="whose"):
        base_expert.parse("Does its flip effect still go off?")


def test_a_monster_said_by_its_kind_alone_and_then_is_no_name():
    from psct_expert.parser.lexicon import relex
    from psct_expert.parser.names import unknown_name_runs
    assert relex("my non-tuner synchro was sent to the GY.").text.startswith(
        "My non-tuner synchro Monster was sent")
    # near miss: a Synchro Summon, a Synchro Monster said in full, stay as written
    assert relex("I Synchro Summon a monster.").text == "I Synchro Summon a monster."
    assert "Synchro Monster Monster" not in relex("a Synchro Monster is sent.").text
    # "Then the Chain resolves": no name
    assert unknown_name_runs("A card resolves. Then the Chain resolves.", []) == []


def test_an_effect_said_by_the_card_and_what_it_does_before_what_happened_to_it():
    from psct_expert.parser.lexicon import relex
    text = "my Quillon X banish got its activation negated. can it try again?"
    s = text.index("Quillon X"); e = s + len("Quillon X")
    read = relex(text, [(s, e)]).text
    assert read.startswith("The activation of my Quillon X's banish effect was negated.")
    assert read.endswith("use it again?")
    # near miss: a word after the card that is not what it does stays as written
    text = "my Quillon X banished a card. can it?"
    assert relex(text, [(s, e)]).text.startswith("My Quillon X banished")


def test_a_monster_is_one_of_the_cards_a_text_names_without_a_kind():
    from psct_expert.situate.words import words_fit
    assert words_fit(["a", "monster"], "Send any number of other cards from your hand to the GY")
    # near miss: a text that names a kind of card keeps it
    assert not words_fit(["a", "monster"], "Send 1 Spell/Trap Card you control to the GY")
    assert not words_fit(["a", "monster"], "Discard 1 Spell")


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_bullets_applied_together_resolve_independently(base_expert):
    cards = with_cards(base_expert, {
        "name": "Varrow Twinblade", "kind": "monster", "subtypes": ["flip", "effect"],
        "text": "FLIP: Apply these effects (simultaneously).\n● You can destroy 1 card on the "
                "field.\n● Draw 1 card."})
    for said in ("nothing is destroyed", "I choose not to destroy anything"):
        answer = cards.ask(f"I activate Varrow Twinblade's effect and {said}. Do I still draw 1 "
                           "card?")
        assert answer.value == "yes", said
        assert "applied-bullets-independent" in rules_fired(answer)
    # near miss: the bullet asked about is the one that was not done
    assert cards.ask("I activate Varrow Twinblade's effect and nothing is destroyed. Is a card "
                     "still destroyed?").value != "yes"


def test_later_opening_a_told_sentence():
    from psct_expert.parser.lexicon import relex
    assert relex("I banish it. Later it comes back. Is it negated?").text == \
        "I banish it. it comes back. Is it negated?"
    # near miss: "later" in the question, and "next turn", stay
    assert "later" in relex("Later, can i use it?").text.lower()
    assert "Next turn" in relex("I banish it. Next turn it comes back. Is it negated?").text
