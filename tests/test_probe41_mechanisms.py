"""Mechanisms of the session after `dbf0ace` (issue 22): a name a named card's text quotes, said
without its quotes ("a Level 4 Warden Beast"); what the story tells a card did says which of its
effects "that" is; two words or more of a card named in full, in any case; a card named before a
colon is the "it" the story activates; "+", "hand/deck", "dmg", "tuners", "opp card", "in chain";
a Summon done with a card; a part that shuffles asked as returning.  Sentences and invented cards
written for these tests, not the shared cases."""

import pytest

from question_helpers import rules_fired, with_cards


@pytest.fixture(scope="module")
def cards(base_expert):
    return with_cards(base_expert, {
        "name": "Quillon Warden", "kind": "monster", "subtypes": ["effect"],
        "text": "During your opponent's turn (Quick Effect): You can Tribute this card; Special "
                "Summon 1 Level 4 \"Warden Beast\" monster from your Deck."}, {
        "name": "Quillon Marshal", "kind": "monster", "subtypes": ["xyz", "effect"],
        "text": "2 Level 4 monsters\nIf this card is Xyz Summoned: You can draw 1 card.\nOnce per "
                "turn: You can detach 1 material from this card, then target 1 card on the "
                "field; destroy it."}, {
        "name": "Quillon Mole", "kind": "monster", "subtypes": ["flip", "effect"],
        "text": "FLIP: You can add 1 monster from your Deck to your hand."}, {
        "name": "Quillon Storm Rider", "kind": "monster", "subtypes": ["effect"],
        "text": "If this card is Normal Summoned: You can draw 1 card."}, {
        "name": "Quillon Gale Wisp", "kind": "monster", "subtypes": ["effect"],
        "text": "If this card is Normal Summoned: You can draw 1 card."}, {
        "name": "Advanced Quillon Gale Wisp", "kind": "monster", "subtypes": ["effect"],
        "text": "If this card is Normal Summoned: You can draw 2 cards."}, {
        "name": "Kestrel Fusion", "kind": "spell", "subtypes": ["normal"],
        "text": "Fusion Summon 1 \"Kestrel\" Fusion Monster from your Extra Deck, using monsters "
                "from your hand or field as material.\nYou can banish 1 \"Kestrel\" monster from "
                "your GY; add this card from your GY to your hand."})


def _names(expert, text):
    from psct_expert.parser.grammar import grammar_for
    from psct_expert.parser.names import find_cards
    return [(m.text.rstrip("."), m.card) for m in find_cards(text, expert.db,
                                                 grammar_for(expert.kb.families).terminal)]


def test_a_name_its_text_quotes_is_that_group_not_the_card(cards):
    from psct_expert.parser.grammar import grammar_for
    from psct_expert.parser.names import archetype_words, find_cards, quoted_groups
    text = "I Tribute Quillon Warden to Special Summon a Level 4 Warden Beast from my Deck."
    assert _names(cards, text) == [("Quillon Warden", "Quillon Warden")]
    # said in lower case and as its plural, the words are words of a name (read as a group)
    lower = "i tribute Quillon Warden, then 2 warden beasts are summoned"
    terminal = grammar_for(cards.kb.families).terminal
    groups = quoted_groups(lower, cards.db, find_cards(lower, cards.db, terminal))
    assert {"warden", "beasts"} <= archetype_words(lower, cards.db, terminal, groups)
    # near miss: the card's own word alone, outside that name, is still the card
    assert _names(cards, "I Tribute Quillon Warden. Is Warden's Tribute a cost?") == [
        ("Quillon Warden", "Quillon Warden"), ("Warden", "Quillon Warden")]


def test_a_word_of_the_card_said_as_a_kind_is_the_group(cards):
    text = 'I activate Kestrel Fusion. Is the banished "Kestrel" monster still banished?'
    assert [card for _, card in _names(cards, text)] == ["Kestrel Fusion"]
    # near miss: the same word alone, with no noun and no quotes, is the card named
    assert [card for _, card in _names(cards, "I activate Kestrel Fusion. Is the Kestrel still "
                                              "there?")] == ["Kestrel Fusion", "Kestrel Fusion"]


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_what_the_story_tells_a_card_did_says_which_effect(cards):
    spec = cards.parse("Quillon Marshal detaches 1 material to destroy a card on the field. "
                       "Is that a targeting effect?")
    assert spec["family"] == "targets"
    assert spec["effect"] == {"card": "Quillon Marshal", "n": 2}
    assert cards.ask("Quillon Marshal detaches 1 material to destroy a card on the field. "
                     "Does that target?").value == "yes"
    # near miss: what no effect of it does says no effect, and the question stays refused
    with pytest.raises(Exception):
        cards.parse("Quillon Marshal detaches 1 material to banish a card. Does that target?")


def test_two_words_of_a_card_named_in_full(cards):
    text = "Quillon Storm Rider is Normal Summoned. Then storm rider is destroyed."
    assert _names(cards, text) == [("Quillon Storm Rider", "Quillon Storm Rider"),
                                   ("storm rider", "Quillon Storm Rider")]
    # near miss: with no card named in full, the words are no name
    assert all(card != "Quillon Storm Rider"
               for _, card in _names(cards, "Then storm rider is destroyed."))


def test_a_card_named_before_a_colon_is_the_it_the_story_activates():
    from psct_expert.parser.lexicon import relex
    text = "Quillon Warden: i activate it vs their effect. does it resolve?"
    keep = [(0, len("Quillon Warden"))]
    assert relex(text, keep).text.startswith("I activate Quillon Warden against")
    dashed = "Quillon Warden - my monster got destroyed before it resolved. does it still resolve?"
    assert "before Quillon Warden resolved" in relex(dashed, keep).text
    # near miss: another card named before "it" leaves the sentence as written
    other = "Quillon Warden: i summon Quillon Mole and activate it. does it resolve?"
    assert relex(other, [(0, 14), (25, 36)]).text.startswith("Quillon Warden:")


def test_a_plus_between_words_and_two_places_with_a_slash():
    from psct_expert.parser.lexicon import relex
    assert "negates and destroys" in relex("Does it negate + destroy? It negates + destroys.").text
    assert "from hand or deck" in relex("Do they banish the copies from hand/deck?").text
    assert "1000 damage" in relex("Do they take 1000 dmg?").text
    # near miss: a count with a plus is no plus between words (since the session after ef80931
    # it reads as "2 or more monsters"), and a bullet's "+1" stays as written
    kept = relex("I have 2+ monsters and used the +1 bullet.").text
    assert "2 or more monsters" in kept and "+1 bullet" in kept


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_tuners_said_as_a_noun(base_expert):
    spec = base_expert.parse("There are no Tuners in my Deck. Can I activate Tuning?")
    assert spec["family"] == "can-activate-now"
    # near miss: the words told are shown as read, never dropped unseen
    read = base_expert.read("There are no Tuners in my Deck. Can I activate Tuning?")[1]
    assert any(c.kind == "cannot-take" and "Tuners" in c.written for c in read.changes)


def test_a_plural_said_of_a_slot_with_its_article():
    from psct_expert.tell import fill
    assert fill("Say how many {what}s each player controls.", {"what": "a monster"}) == \
        "Say how many monsters each player controls."
    # near miss: a slot with no plural after it keeps its article
    assert fill("Say whether {what} is there.", {"what": "a monster"}) == "Say whether a monster is there."


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_a_summon_done_with_a_card_is_that_cards_effect(base_expert):
    answer = base_expert.ask("Can T.G. Halberd Cannon negate a fusion summon done with Metalfoes "
                             "Fusion?")
    assert answer.value == "no"
    spec = base_expert.parse("Can T.G. Halberd Cannon negate a Fusion Summon using Metalfoes Fusion?")
    assert spec["summon"]["by"]["card"] == "Metalfoes Fusion"
    # near miss: a Summon of that kind with no card that makes it is not read as one
    with pytest.raises(Exception, match="which Summon"):
        base_expert.parse("Can T.G. Halberd Cannon negate a Fusion Summon?")


def test_a_part_that_shuffles_into_the_deck_may_be_asked_as_returning():
    from psct_expert.errors import QuestionError
    from psct_expert.reader import read_card
    from psct_expert.reader.select import select_clause
    from question_helpers import invented_card
    shuffles = read_card(invented_card("Target 2 cards in your GY; shuffle both targets into the "
                                       "Deck, then draw 1 card.", "spell", ["normal"]))
    eid = "Example Card#1"
    assert select_clause(shuffles, eid, "return") == 1
    # near miss: a part that returns is the one asked, and an effect that does neither refuses
    both = read_card(invented_card("Target 1 card in your GY; return it to your hand, then shuffle "
                                   "1 card from your hand into the Deck.", "spell", ["normal"]))
    eid = "Example Card#1"
    assert select_clause(both, eid, "return") == 1
    draws = read_card(invented_card("Draw 2 cards, then discard 1 card.", "spell", ["normal"]))
    eid = "Example Card#1"
    with pytest.raises(QuestionError):
        select_clause(draws, eid, "return")


def test_opp_before_the_words_of_a_card_is_the_opponents():
    from psct_expert.parser.lexicon import relex
    assert "1 opponent's card" in relex("I target my card and 1 opp card.").text
    assert "opponent's atk position monster" in relex("I target opp atk position monster.").text
    # near miss: "opp" as the one who acts, and "my opp", stay
    assert relex("opp chains a card.").text.lower().startswith("opp chains")
    assert "opponent's" not in relex("my opp monster reborns it.").text


def test_in_chain_said_of_what_happened_is_in_response():
    from psct_expert.parser.lexicon import relex
    assert "banished in response." in relex("One of them got banished in chain. Is it ok?").text
    assert relex("in chain i bounce the attacker.").text.lower().startswith("in response i ")
    # near miss: a place in the Chain stays as written
    assert "higher in the Chain" in relex("It cannot be activated higher in the Chain.").text
    assert "in the same chain" in relex("They are in the same chain.").text


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_what_a_link_told_without_its_resolution_does_has_not_happened(base_expert):
    # was refused in engine words ("'event' names 'x1', which is not an event of the situation")
    told = "Raigeki destroyed my monster. Can I activate Call of the Haunted?"
    assert base_expert.parse(told).get("event") is None
    # (session after e79e893) no phase is told, but Raigeki, a Normal Spell told activated, shows
    # its player's Main Phase, where a Set Trap can be activated: answered, not refused
    answer = base_expert.ask(told)
    assert answer.value == "yes"
    assert "spell-speed-1-activation-shows-main-phase" in rules_fired(answer)
    # near miss: told resolved, what it did is the event the question is asked at
    resolved = ("My opponent activates Raigeki and it resolves and destroys my monster. Can I "
                "activate Call of the Haunted?")
    assert base_expert.parse(resolved).get("event") == "x1"


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_a_summon_told_as_what_a_link_is_used_for_is_asked_once_it_resolved(cards):
    # was refused in engine words ("'summon' names 's1', which is not a Summon of the situation")
    answer = cards.ask("My opponent used Quillon Warden to Special Summon a monster from the "
                       "Deck. Can that Summon be negated?")
    assert answer.value == "no"
    # near miss: a Summon its player performs by the rules, told the same way, can be
    assert cards.ask("My opponent Synchro Summons a monster. Can that Summon be negated?").value \
        == "yes"


def test_words_that_stand_in_two_cards_names_are_asked_of_each(cards):
    # (was refused, naming both cards) the question is asked of each card the words fit
    answer = cards.ask("does my gale wisp target?")
    assert answer.value == "no"
    assert "Advanced Quillon Gale Wisp" in answer.restated and \
        "Does the first effect of Quillon Gale Wisp" in answer.restated
    # near miss: words of one card only are that card, and nothing else is asked
    assert cards.parse("does Advanced Quillon Gale Wisp target?")["effect"]["card"] == \
        "Advanced Quillon Gale Wisp"
    assert " / " not in cards.ask("does Advanced Quillon Gale Wisp target?").restated


def test_a_card_told_to_trigger_has_its_effect_activated():
    from psct_expert.parser.lexicon import relex
    told = relex("Quillon Mole triggered and I targeted a monster. Is it ok?", [(0, 12)]).text
    # (round 121) "... is activated and I targeted ...": the player who targets activates it
    assert told.startswith("I activate Quillon Mole's effect, targeting")
    # near miss: asked, not told, it stays a question about activating
    asked = relex("Does Quillon Mole trigger?", [(5, 17)]).text
    assert "effect is activated" not in asked
