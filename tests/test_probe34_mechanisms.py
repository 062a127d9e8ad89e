"""Mechanisms of the session after `30a71eb` (issues 22 and 23): a spent hard limit blocks
activating the effect at any later point of the story (not only in a question that says
"again"); an addition told as "I add a monster with its effect"; another copy told moved is the
event its own effect answers; "do I get to search with the second X?"; an effect activated "from
my hand" is the one of its effects used there; a requirement "to activate and to resolve" broken
by what the story tells its player controls when it resolves.  Sentences and invented cards
written for these tests, not the shared cases."""

import pytest

from question_helpers import rules_fired, with_cards

HARD = ("If this card is sent from the field to the GY: You can add 1 monster with 1000 or less ATK "
        "from your Deck to your hand. You can only use this effect of \"{name}\" once per turn.")


@pytest.fixture(scope="module")
def cards(base_expert):
    return with_cards(base_expert, {
        "name": "Quillon Scout", "kind": "monster", "subtypes": ["effect"],
        "text": HARD.format(name="Quillon Scout")}, {
        "name": "Quillon Lookout", "kind": "monster", "subtypes": ["effect"],
        "text": "Once per turn: You can add 1 monster with 1000 or less ATK from your Deck to "
                "your hand."}, {
        "name": "Quillon Herald", "kind": "monster", "subtypes": ["effect"],
        "text": "When you take damage from a card in your opponent's possession: You can Special "
                "Summon this card from your hand. You must control no cards to activate and to "
                "resolve this effect.\nWhen this card is Special Summoned by its effect: Draw 1 "
                "card."})


STORY = "Quillon Scout is destroyed by battle and I add a monster with its effect."


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
@pytest.mark.parametrize("ask", [
    "A second Quillon Scout is sent from the field to the GY. Can I activate its effect?",
    "A second Quillon Scout is sent from the field to the GY. Do I get to search with the second "
    "Quillon Scout?",
    "Can I activate the effect of Quillon Scout again this turn?"])
def test_a_spent_hard_limit_blocks_any_later_activation(cards, ask):
    answer = cards.ask(f"{STORY} {ask}")
    assert answer.value == "no"


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_the_copy_told_moved_is_the_event_its_effect_answers(cards):
    spec = cards.parse(f"{STORY} A second Quillon Scout is sent from the field to the GY. Can I "
                       "activate its effect?")
    moves = [e for e in spec["situation"] if e.get("kind") == "move"]
    assert spec["event"] == moves[-1]["id"] and moves[-1]["from"] == "field"
    assert spec["entities"][moves[-1]["what"]]["card"] == "Quillon Scout"
    # the addition told with no place: from where the effect's text adds
    resolved = next(e for e in spec["situation"] if e.get("kind") == "resolve")
    assert resolved["does"][0]["action"] == "added-to-hand" and resolved["does"][0]["from"] == "deck"


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_near_misses_of_the_spent_limit(cards):
    # no use told before: the second copy's effect can be activated
    fresh = cards.ask("Quillon Scout is destroyed by battle. A second Quillon Scout is sent from "
                      "the field to the GY. Can I activate its effect?")
    assert fresh.value == "yes"
    assert "spent-limit-blocks-activation" not in rules_fired(fresh)
    # a plain "Once per turn" binds one copy: another copy's use is not this copy's
    soft = cards.ask("I control a face-up Quillon Lookout. My opponent activates Quillon "
                     "Lookout's effect. Can I activate Quillon Lookout's effect?")
    assert "spent-limit-blocks-activation" not in rules_fired(soft)


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_a_requirement_to_resolve_broken_by_what_is_told_at_resolution(cards):
    story = ["My opponent's monster attacks me directly while I control no cards.",
             "I activate Quillon Herald from my hand."]
    broken = cards.ask("When Quillon Herald's effect resolves I control a card. Is Quillon Herald "
                       "Special Summoned?", story)
    assert broken.value == "no"
    assert "requirement-to-resolve-unmet" in rules_fired(broken)
    # near miss: nothing told of what is controlled then; the requirement is not said broken
    plain = cards.ask("Is Quillon Herald Special Summoned?", story)
    assert "requirement-to-resolve-unmet" not in rules_fired(plain)


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_an_activation_from_the_hand_is_of_the_effect_used_there(cards):
    spec = cards.parse("My opponent's monster attacks me directly. I activate Quillon Herald from "
                       "my hand. Can my opponent chain to it?")
    act = next(e for e in spec["situation"] if e.get("kind") == "activate")
    assert act["effect"] == {"card": "Quillon Herald", "n": 1}


def test_a_question_after_an_opening_clause_without_its_comma_may_start_with_each():
    from psct_expert.parser.lexicon import relex
    assert relex("if i control 2 cards can each one use its effect?").text == \
        "If i control 2 cards, can each one use its effect?"
    assert relex("when it resolves can either player respond?").text == \
        "When it resolves, can either player respond?"
    # near miss: no auxiliary and subject after the clause, no comma is put in
    assert "," not in relex("if i control 2 cards each one can use its effect?").text


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_can_x_target_picks_the_effect_that_targets(base_expert):
    cards = with_cards(base_expert, {
        "name": "Quillon Warden", "kind": "monster", "subtypes": ["effect"],
        "text": "Cannot be Special Summoned from the GY.\nWhen this card is Normal Summoned: You "
                "can target 1 Spell/Trap on the field; destroy it.\nIf this card is destroyed: "
                "Draw 1 card."})
    spec = cards.parse("Can Quillon Warden target a Set card I control?")
    assert spec["effect"]["card"] == "Quillon Warden" and spec["effect"].get("n") == 2
    # near miss: two effects that target, and which one is asked is not said
    both = with_cards(base_expert, {
        "name": "Quillon Twin", "kind": "monster", "subtypes": ["effect"],
        "text": "When this card is Normal Summoned: You can target 1 Spell/Trap on the field; "
                "destroy it.\nIf this card is destroyed: You can target 1 monster on the field; "
                "destroy it."})
    spec = both.parse("Can Quillon Twin target a Set card I control?")
    assert [spec["effect"]["n"]] + [e["effect"]["n"] for e in spec["each"]] == [1, 2]


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_the_grave_effect_is_the_one_used_in_the_gy(base_expert):
    cards = with_cards(base_expert, {
        "name": "Quillon Relic", "kind": "spell", "subtypes": ["normal"],
        "text": "Draw 1 card.\nIf this card is in your GY: You can banish 1 monster from your GY; "
                "add this card to your hand."})
    for said in ("grave", "yard", "GY"):
        spec = cards.parse(f"Does Quillon Relic's {said} effect target?")
        assert spec["effect"]["n"] == 2
    # near miss: a description no reading grounds stays refused, naming it
    with pytest.raises(Exception, match="fits"):
        cards.parse("Does Quillon Relic's coin effect target?")


def test_phases_said_with_on_and_the_end_of_the_battle_phase():
    from psct_expert.parser.lexicon import relex
    assert relex("on opp's main phase i activate it. can they chain?").text.startswith(
        "It is my opponent's Main Phase.")
    assert relex("at end of BP can i activate it?").text == \
        "At the end of the Battle Phase, can i activate it?"
    assert relex("im in the battle phase, can i chain?").text.startswith("It is my battle phase.")
    # near miss: "on" a card is no phase
    assert "during" not in relex("can i use it on my monster?").text.lower()


def test_target_any_number_fixes_no_number():
    from psct_expert.cards import Card
    from psct_expert.reader.reader import read_card

    def targets(text):
        card = Card(name="Quillon Recall", kind="spell", subtypes=("normal",), text=text)
        return [(f.get("count"), f.get("up_to")) for f in read_card(card).facts if f.type == "target"]
    assert targets("Target any number of monsters in your GY; Special Summon them.") == [(0, "any")]
    # near misses: a number, and "up to" a number, stay as written
    assert targets("Target 2 monsters in your GY; Special Summon them.") == [(2, "no")]
    assert targets("Target up to 2 monsters in your GY; Special Summon them.") == [(2, "yes")]
    # a range from 1 is "up to"; a range from more, or "N or more", fixes no number either
    assert targets("Target 1 or 2 monsters in your GY; Special Summon them.") == [(2, "yes")]
    assert targets("Target 2 or more monsters in your GY; Special Summon them.") == [(0, "any")]


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_any_number_of_targets_is_never_a_no_for_a_count(base_expert):
    cards = with_cards(base_expert, {
        "name": "Quillon Recall", "kind": "spell", "subtypes": ["normal"],
        "text": "Target any number of monsters in your GY; Special Summon them."})
    answer = cards.ask("Can I activate Quillon Recall targeting exactly 2 monsters?")
    assert answer.value == "unknown"
    assert "targets-as-many-as-it-says" not in rules_fired(answer)


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_no_more_targets_to_summon_than_free_monster_zones(base_expert):
    cards = with_cards(base_expert, {
        "name": "Quillon Recall", "kind": "spell", "subtypes": ["normal"],
        "text": "Target any number of monsters in your GY; Special Summon them."}, {
        "name": "Quillon Return", "kind": "spell", "subtypes": ["normal"],
        "text": "Target any number of monsters in your GY; shuffle them into the Deck."})
    few = cards.ask("I have 2 free Monster Zones and 4 monsters in my GY. Can I target all 4 with "
                    "Quillon Recall?")
    assert few.value == "no"
    assert "targets-to-summon-need-free-zones" in rules_fired(few)
    assert "I have 4 monsters in my GY" in few.reading.text     # the verb said again
    # near misses: enough zones; targets that are not Summoned
    for ask in ("I have 5 free Monster Zones. Can I target all 4 with Quillon Recall?",
                "I have 2 free Monster Zones. Can I target all 4 with Quillon Return?"):
        assert "targets-to-summon-need-free-zones" not in rules_fired(cards.ask(ask))


def test_free_monster_zones_are_told():
    from psct_expert.parser.lexicon import relex
    assert relex("I have 3 cards in my hand and 2 cards in my GY. Can I?").text == \
        "I have 3 cards in my hand and I have 2 cards in my GY. Can I?"
    said = "I have Quill Mirror face-up and Quill Omen set. Can I?"
    keep = [(said.index(n), said.index(n) + len(n)) for n in ("Quill Mirror", "Quill Omen")]
    assert relex(said, keep).text == "I have Quill Mirror face-up and I have Quill Omen set. Can I?"
    # near miss: a verb after "and" keeps its own clause
    assert relex("I have a monster and then I activate it.").text == \
        "I have a monster and then I activate it."


def test_special_summon_it_after_this_card_summons_this_card():
    from psct_expert.cards import Card
    from psct_expert.reader.reader import read_card

    def summons_self(text):
        card = Card(name="Quillon Omen", kind="monster", subtypes=("effect",), text=text)
        return any(f.type == "summons_self" for f in read_card(card).facts)
    assert summons_self("When you draw this card: You can reveal it; Special Summon it from your hand.")
    assert summons_self("If this card is discarded to the GY: Special Summon it.")
    # near misses: "it" is a card the text named after this card, or a target
    assert not summons_self("If this card is destroyed: You can add 1 monster from your Deck to "
                            "your hand, then Special Summon it.")
    assert not summons_self("You can target 1 monster equipped to this card; Special Summon it.")


def test_a_name_of_two_letters_said_again_after_the_full_name(base_expert):
    cards = with_cards(base_expert, {
        "name": "Quillon Fairy Xu", "kind": "monster", "subtypes": ["effect"],
        "text": "When you draw this card: You can reveal it; Special Summon it from your hand."})
    spec = cards.parse("Quillon Fairy Xu: does xu's effect start a Chain?")
    assert spec["effect"]["card"] == "Quillon Fairy Xu"


def test_words_said_around_a_question_that_ask_nothing_more():
    from psct_expert.parser.lexicon import relex
    assert relex("my X got its effect negated in response. do i still lose the LP from it?").text \
        .endswith("do i still lose the LP?")
    assert "so nothing" not in relex("my X got its effect negated in response so nothing got "
                                     "summoned. do i still lose the LP?").text
    assert relex("I summon X with its effect. Is that an activated effect that starts a chain?") \
        .text.endswith("does that start a Chain?")
    assert relex("does that start a chain, so my opponent can respond to it before it "
                 "resolves?").text.endswith("respond to it?")
    assert relex("can the 2nd tapir do it too this turn?").text == "Can the 2nd tapir do it this turn?"
    # near misses: LP from another card, a result that is not what a negation leaves, and a
    # response before something else, stay as written
    assert "from my opponent" in relex("do i still lose the LP from my opponent?").text
    assert "so nothing" in relex("it resolved so nothing got summoned. can i?").text
    assert "before damage" in relex("can my opponent respond to it before damage calculation?").text


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_effects_described_by_what_they_do(base_expert):
    cards = with_cards(base_expert, {
        "name": "Quillon Warden", "kind": "monster", "subtypes": ["effect"],
        "text": "When an opponent's monster declares an attack: You can Special Summon this card "
                "from your hand, and if you do, negate that attack.\nIf this card is Special "
                "Summoned: You can target 1 face-up card your opponent controls; negate its "
                "effects.\nOnce per turn: You can destroy any number of Spell/Trap Cards on the "
                "field."})
    # "Spell/Trap Cards" of the text, said as written or as "Spells/Traps"
    for said in ("Spell/Trap Cards", "Spells/Traps"):
        spec = cards.parse(f"Does the effect of Quillon Warden that destroys {said} on the field "
                           "target?")
        assert spec["effect"]["n"] == 3
    # a negation of a card's effects is a "negate effect"; "on-summon" is the one its Summon starts
    spec = cards.parse("does quillon warden's on-summon negate effect target?")
    assert spec["effect"]["n"] == 2
    # near misses: what no effect does is refused, and "negate effect" alone fits two
    with pytest.raises(Exception, match="fits"):
        cards.parse("Does the effect of Quillon Warden that destroys monsters on the field target?")
    assert cards.ask("does quillon warden's negate effect target?").value == "unknown"


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_a_purpose_that_only_says_what_the_text_does_asks_nothing_more(base_expert):
    cards = with_cards(base_expert, {
        "name": "Quillon Sentry", "kind": "monster", "subtypes": ["effect"],
        "text": "When a card or effect is activated that targets this card on the field (Quick "
                "Effect): You can discard 1 card; negate the activation, and if you do, destroy "
                "that card."})
    ask = "Can Quillon Sentry negate something that targets it during the Damage Step?"
    assert "also_needs" not in cards.parse(ask)
    assert cards.ask(ask).value == "yes"
    # near miss: a purpose its text does not say is asked on its own (never dropped)
    spec = cards.parse(ask.replace("targets it", "targets my Spell"))
    assert "Spell" in spec.get("also_needs", "")


def test_board_labels_and_types_said_in_the_plural():
    from psct_expert.parser.lexicon import relex
    assert relex("X hits the board - does it start a chain?").text.startswith("X is Summoned.")
    assert relex("ruling check - my opponent activates a trap. can i chain?").text.startswith(
        "My opponent activates a trap.")
    assert relex("Rules check: does it target?").text == "Does it target?"
    assert "2 light machine monsters" in relex("i sent 2 light machines to the gy. can i?").text
    # near misses: "beasts" (an archetype's word too), a name said without its "'s" before a
    # quote, and a check that is a game word stay as written
    assert "beasts" in relex("i sent 2 gladiator beasts to the gy. can i?").text
    assert "dragons 'sent" in relex("does shaddoll dragons 'sent to the gy' effect activate?").text
    assert "check" in relex("can i check their hand with it?").text


def test_once_per_turn_said_as_the_effect_itself():
    from psct_expert.parser.lexicon import relex
    assert '"once per turn" effect, then' in relex("i used its once per turn, then it left.").text
    # near miss: "once per turn" said of how often, not as the effect, stays as written
    assert "once per turn per" in relex("is it once per turn per copy?").text
