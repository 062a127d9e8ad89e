"""Mechanisms of the session after `9a8ad36` (issues 22 and 23): a monster told to Special Summon
itself by what is done for it (its own procedure), a question joined to its story by a comma after
a card's name, and a name written in part that fits a few cards asked of each.  Sentences written
for these tests, not the shared cases."""

import pytest

from psct_expert.errors import PsctError
from question_helpers import with_cards


@pytest.fixture(scope="module")
def cards(base_expert):
    return with_cards(base_expert, {
        "name": "Vorthane Gale Colossus", "kind": "monster", "subtypes": ["effect"],
        "text": "Cannot be Normal Summoned/Set. Must be Special Summoned (from your hand) by "
                "banishing 2 WIND monsters from your GY. If this card is Special Summoned: You "
                "can draw 1 card."}, {
        "name": "Vellmoth Drake", "kind": "monster", "subtypes": ["effect"],
        "text": "If this card is Normal Summoned: You can target 1 card on the field; destroy it."}, {
        "name": "Vellmoth Sovereign", "kind": "monster", "subtypes": ["effect"],
        "text": "If this card is Normal Summoned: You can target 1 monster on the field; destroy "
                "it."}, {
        "name": "Ixtarra Wyrm", "kind": "monster", "subtypes": ["effect"],
        "text": "If this card is Normal Summoned: You can target 1 card on the field; destroy it."}, {
        "name": "Ixtarra Sovereign", "kind": "monster", "subtypes": ["effect"],
        "text": "If this card is Normal Summoned: You can destroy 1 card on the field."})


@pytest.mark.slow
def test_a_monster_summoning_itself_by_what_is_done_for_it_uses_its_procedure(cards):
    a = cards.ask("Vorthane Gale Colossus Special Summons itself by banishing 2 WIND monsters "
                  "from my GY. Does that start a Chain?")
    assert a.value == "no" and "Special Summon of Vorthane Gale Colossus" in a.restated
    # the participle, and the question joined by a comma
    b = cards.ask("vorthane gale colossus summoning itself by banishing 2 wind monsters from gy, "
                  "can solemn strike negate that summon?")
    assert b.value == "yes"
    # near miss: what its procedure does not do is refused, never guessed
    with pytest.raises(PsctError, match="no way of being Special Summoned"):
        cards.ask("Vorthane Gale Colossus Special Summons itself by discarding a card. Does that "
                  "start a Chain?")
    # ... and a player who Special Summons it so: the same procedure
    c = cards.ask("My opponent Special Summons Vorthane Gale Colossus by banishing 2 WIND monsters "
                  "from their GY. Can Solemn Strike negate that Summon?")
    assert c.value == "yes"


def test_a_question_after_a_comma_that_opens_with_a_card_is_its_own_sentence():
    from psct_expert.parser.lexicon import relex
    # card names the lexicon keeps as written (lower case, after the question's verb)
    said = "opp activates pot of greed, can ash blossom negate it?"
    assert relex(said, [(14, 26), (32, 43)]).text == \
        "Opp activates pot of greed. Can ash blossom negate it?"
    # near miss: a comma after an opening clause stays
    said = "When pot of greed resolves, can ash blossom negate it?"
    assert relex(said, [(5, 17), (32, 43)]).text == said


@pytest.mark.slow
def test_a_name_written_in_part_that_fits_a_few_cards_is_asked_of_each(cards):
    a = cards.ask("does vellmoth target?")
    assert a.value == "yes"
    assert "of Vellmoth Sovereign" in a.restated and "of Vellmoth Drake" in a.restated
    assert any(c.kind == "each-card" for c in a.reading.changes)
    # near miss: when the cards' answers differ, which card is asked, and the answer is unknown
    b = cards.ask("does ixtarra target?")
    assert b.value == "unknown"
    assert any("which card 'ixtarra' means" in m for m in b.missing)


@pytest.fixture(scope="module")
def parts(base_expert):
    return with_cards(base_expert, {
        "name": "Ember Rite of Vorthane", "kind": "trap", "subtypes": ["normal"],
        "text": "Target 1 FIRE monster you control and 1 FIRE monster in your GY; destroy the first "
                "target, and if you do, Special Summon the second target."}, {
        "name": "Ember Toll of Vorthane", "kind": "trap", "subtypes": ["normal"],
        "text": "Target 1 FIRE monster you control; destroy it, and draw 1 card."})


@pytest.mark.slow
def test_anything_of_an_effect_whose_later_parts_need_the_first_asks_the_first(parts):
    a = parts.ask("I activate Ember Rite of Vorthane targeting my FIRE monster and a FIRE monster "
                  "in my GY. My opponent chains Book of Moon and flips my FIRE monster face-down. "
                  "Does Ember Rite of Vorthane still do anything?")
    assert a.value == "yes" and "part 1" in a.restated
    # near miss: parts joined by "and" do not need each other: which part is still asked
    with pytest.raises(PsctError, match="which part of Ember Toll of Vorthane"):
        parts.ask("I activate Ember Toll of Vorthane targeting my FIRE monster. My opponent "
                  "chains Book of Moon and flips it face-down. Does Ember Toll of Vorthane still "
                  "do anything?")


def _refs(text: str) -> set[tuple[int, int, str]]:
    from psct_expert.cards import Card
    from psct_expert.reader import read_card
    card = Card.from_dict({"name": "Vellmoth Rite", "kind": "trap", "subtypes": ["normal"],
                           "text": text}, origin="test")
    return {(int(f.get("n")), int(f.get("slot")), f.get("kind")) for f in read_card(card).facts
            if f.type == "reference"}


def test_that_monster_you_control_and_that_opponents_monster_are_their_own_targets():
    got = _refs("Target 1 monster you control and 1 Effect Monster your opponent controls; destroy "
                "that monster you control, and if you do, negate that opponent's monster's effects.")
    # each names its own target, as it was targeted: re-checked as "that target" is
    assert got == {(1, 1, "that-target"), (2, 2, "that-target")}
    # near miss: "that monster" of two monster targets says neither: both slots, as before
    assert _refs("Target 1 monster you control and 1 monster your opponent controls; destroy "
                 "that monster.") == {(1, 1, "slot"), (1, 2, "slot")}


@pytest.mark.slow
def test_a_later_part_on_the_opponents_target_needs_the_part_on_mine(base_expert):
    a = base_expert.ask("I activate Realm Eulogy targeting my monster and my opponent's Effect "
                        "Monster. My opponent returns my monster to the hand in response. Are their "
                        "monster's effects still negated?")
    assert a.value == "no"
    # ... and a face-up target flipped face-down is no longer "that opponent's monster"
    b = base_expert.ask("I activate Number 61: Volcasaurus targeting my opponent's face-up monster. "
                        "My opponent chains Book of Moon and flips their monster face-down. Is "
                        "their monster still destroyed?")
    assert b.value == "no"


@pytest.fixture(scope="module")
def described(base_expert):
    return with_cards(base_expert, {
        "name": "Ixtarra Warden", "kind": "monster", "subtypes": ["effect"],
        "text": "If this card is Normal Summoned: You can banish 1 card from your opponent's GY.\n"
                "If this card is in your GY: You can target 1 Level 8 Fusion Monster in your GY "
                "and 1 card on the field; shuffle them into the Deck."})


@pytest.mark.slow
def test_an_effect_named_by_what_it_does_is_that_effect(described):
    a = described.ask("ixtarra warden's GY effect that shuffles a lvl 8 fusion + 1 card on the "
                      "field into the deck, does it target the card on the field?")
    assert a.value == "yes" and a.restated.startswith("Does the second effect of Ixtarra Warden")
    assert any(c.kind == "grounded" and "shuffles" in c.written for c in a.reading.changes)
    b = described.ask("Does Ixtarra Warden's effect that banishes a card from the GY target?")
    assert b.value == "no" and "first effect" in b.restated
    # near miss: what neither effect does is not set aside
    with pytest.raises(PsctError):
        described.ask("Does Ixtarra Warden's effect that destroys a card target?")


@pytest.mark.slow
def test_a_response_told_with_what_it_negates_answers_that_activation(base_expert):
    a = base_expert.ask("opp chains Centur-Ion True Awakening to negate my monster effect. can i "
                        "respond with runick destruction?")
    assert a.value == "no" and "Centur-Ion True Awakening" in a.restated
    # an activation told of no card, then "to negate it": the same story
    b = base_expert.ask("I activate a monster effect. My opponent chains Centur-Ion True Awakening "
                        "to negate it. Can I respond with a Counter Trap?")
    assert b.value == "yes"
    # near miss: a card that negates nothing does not say what it negates
    with pytest.raises(PsctError):
        base_expert.ask("My opponent activates Mystical Space Typhoon to negate my spell. Can I "
                        "chain Runick Destruction?")
