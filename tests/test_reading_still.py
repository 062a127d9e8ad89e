"""Reading "does it still ...?" questions as players write them (topics B, E, F, G, H: costs, a
target changed before resolution, several targets, the parts of one effect, conditions).
Sentences of this file's own (not the shared acceptance cases), each checked with
``check_case``; one module-level reading of sentence splits and no engine for those."""

import pytest

from psct_expert.parser.clauses import read_story
from psct_expert.parser.lexicon import sentences
from question_helpers import card_spans, check_case, count_checks

CASES = [
    # a phrasal verb with its particle after the object: the card left its place
    {"id": "send-one-away", "answer": "yes",
     "ask": "I activate Twin Twisters targeting 2 Set cards my opponent controls. They chain and "
            "send one of them away. Is the other one still destroyed?",
     "spec": {"family": "affected"}},
    # "does X fizzle?": the opposite of "does X still do anything?"
    {"id": "fizzle-one-target-left", "answer": "no",
     "ask": "I activate Twin Twisters targeting 2 Set cards my opponent controls. They chain and "
            "take 1 of them out. Does Twin Twisters fizzle?",
     "truthy": ["invert", "or"], "restated": ["fizzle"]},
    {"id": "fizzle-only-target-gone", "answer": "yes",
     "ask": "I activate Mystical Space Typhoon targeting my opponent's Set card. They chain and "
            "banish it. Does Mystical Space Typhoon fizzle?",
     "truthy": ["invert"], "falsy": ["or"]},
    {"id": "still-do-anything-any-target", "answer": "yes",
     "ask": "I activate Twin Twisters targeting 2 Set cards my opponent controls. They chain and "
            "banish one of them. Does Twin Twisters still do anything?",
     "truthy": ["or"], "falsy": ["invert"]},
    # "one" said alone after several targets is one of them; "X flip, I target ...": X targets
    {"id": "one-alone-is-one-of-them", "answer": "yes",
     "ask": "I target 2 Set cards with Twin Twisters and one gets banished in response. Is the "
            "other one still destroyed?", "spec": {"family": "affected"}},
    {"id": "flip-then-i-target", "answer": "yes",
     "ask": "Magician of Faith flip, I target a Spell in my GY, they banish it in response. Does "
            "Magician of Faith fizzle?", "spec": {"effect.card": "Magician of Faith"},
     "truthy": ["invert"]},
    # a target "gone"; "one target" is one of them
    {"id": "one-of-the-targets-is-gone", "answer": "yes",
     "ask": "twin twisters on 2 of their cards, one of the targets is gone when it resolves. the "
            "other one still gets destroyed?", "spec": {"family": "affected"}},
    {"id": "one-target-leaves", "answer": "yes",
     "ask": "I activate Twin Twisters on two of their Set cards and one target leaves the field "
            "before it resolves. Does the other still get destroyed?"},
    {"id": "still-work", "answer": "no",
     "ask": "I activate Chaos Sorcerer's effect targeting their face-up monster. They chain Book of "
            "Moon on it. Does Chaos Sorcerer still work?", "spec": {"family": "affected"}},
    # "X's target gets destroyed in response": the one target left before X resolved
    {"id": "cards-target-moved-in-response", "answer": "no",
     "ask": "My Soul Taker's target gets banished in response. Does my opponent still gain 1000 "
            "LP?", "spec": {"family": "clause-done", "suppose.-1.left.target": "its target"}},
    {"id": "their-cards-target-not-read-so", "refused": [],
     "ask": "Their Soul Taker's target gets banished in response. Do I still gain 1000 LP?"},
    # a count said alone: cards, or LP from a hundred up (checked against the card's cost)
    {"id": "count-alone-cards", "answer": "yes",
     "ask": "I discard 1 to activate Lightning Vortex and it gets negated. Is the discarded card "
            "still in my GY?", "spec": {"family": "still-done", "verb": "discard"}},
    {"id": "count-alone-lp", "answer": "yes",
     "ask": "I pay 1500 for Solemn Strike and it gets negated. i still lose the 1500?",
     "spec": {"family": "still-done", "verb": "pay"}},
    {"id": "count-alone-lp-must-fit", "refused": ["not to pay 1000 LP"],
     "ask": "I pay 1000 for Solemn Strike and it gets negated. i still lose the 1000?"},
    # a cost named by a quotation of its part, or by the LP it pays
    {"id": "quoted-part-is-cost", "answer": "yes",
     "ask": "Is the \"discard 1 card\" in Raigeki Break a cost?",
     "spec": {"family": "is-cost", "verb": "discard"}},
    {"id": "quoted-part-not-cost", "answer": "no",
     "ask": "Is the 'destroy it' part of Raigeki Break a cost?", "spec": {"verb": "destroy"}},
    {"id": "quoted-part-must-be-said", "refused": ["does not say"],
     "ask": "Is the 'discard 2 cards' in Raigeki Break a cost?"},
    {"id": "lp-by-number-is-cost", "answer": "yes",
     "ask": "Is the 1500 LP for Solemn Strike a cost?", "spec": {"verb": "pay"}},
    # "does anyone take damage?": the part that inflicts it
    {"id": "anyone-takes-damage", "answer": "no",
     "ask": "I activate Ring of Destruction targeting their monster, they respond by flipping it "
            "face-down. Does anyone still take damage from Ring of Destruction?",
     "spec": {"family": "clause-done", "part": "inflict"}},
    # a part told not doable to the target, or to the card itself: that part is not done
    {"id": "so-it-cannot-be-destroyed", "answer": "no",
     "ask": "I activate Ring of Destruction on their monster and they chain Forbidden Dress so it "
            "can't be destroyed by card effects. does either player still take damage?",
     "spec": {"family": "clause-done", "part": "inflict", "suppose.-1.fails.part": 1}},
    {"id": "the-card-itself-cannot-be", "answer": "yes",
     "ask": "I activate Drill Warrior's second effect. My opponent chains Imperial Iron Wall. Drill "
            "Warrior cannot be banished. Do I still discard a card?",
     "spec": {"family": "clause-done", "effect.card": "Drill Warrior"}},
    {"id": "cannot-be-the-part-asked", "refused": ["not done"],
     "ask": "I activate Ring of Destruction on their monster and they chain Forbidden Dress so it "
            "can't be destroyed by card effects. Is it still destroyed?"},
    # "with only N cards in my Deck": that many, all there are ("only" is never dropped)
    {"id": "with-only-n-cards", "answer": "no",
     "ask": "Can I activate Pot of Desires with only 9 cards in my Deck?"},
    # the negation supposed after the question ("... if X is negated?")
    {"id": "refund-if-negated", "answer": "no",
     "ask": "Do I get my LP back if Solemn Judgment gets negated?",
     "spec": {"family": "cost-returned", "verb": "pay", "effect.card": "Solemn Judgment"}},
    {"id": "refund-if-negated-cost-must-exist", "refused": ["no cost that does 'pay'"],
     "ask": "Do I get my LP back if Lightning Vortex is negated?"},
    # "A after B": B first, its cost the cost of A's card; "is the LP still gone?"; a tag alone
    {"id": "after-clause-cost", "answer": "yes",
     "ask": "Solemn Strike got negated after I paid the 1500. is the 1500 LP still gone?",
     "spec": {"family": "still-done", "verb": "pay", "effect.card": "Solemn Strike"}},
    {"id": "tag-as-its-own-sentence", "answer": "yes",
     "ask": "Solemn Strike got negated after I paid the 1500. Do I still lose the 1500 LP? right?"},
    # how the card lies, told after the response
    {"id": "so-it-is-face-down-now", "answer": "no",
     "ask": "I activate Chaos Sorcerer's effect targeting their face-up monster, they chain Book "
            "of Moon on it so it's face-down now. Is it still banished?",
     "spec": {"family": "affected"}},
    # a card's name as a passive verb, with the face it leaves the card in
    {"id": "gets-card-d-face-down", "answer": "no",
     "ask": "I activate Chaos Sorcerer's effect targeting their face-up monster and it gets book "
            "of moon'd face-down in response. Is it still banished?",
     "spec": {"family": "affected"}},
    # "hits it with X", "drops X on", "goes X on it": an activation on it; the card itself asked
    # about by its own cost, the cost's action in parentheses checked
    {"id": "hits-it-with", "answer": "yes",
     "ask": "I activate Ash Blossom & Joyous Spring's effect and opp hits it with Solemn Strike. "
            "Is Ash Blossom & Joyous Spring still in my GY?",
     "spec": {"family": "still-done", "verb": "discard"}},
    {"id": "drop-on-cost-in-parentheses", "answer": "yes",
     "ask": "i drop Effect Veiler on their monster and opp hits it with Solemn Strike. does Veiler "
            "still end up in my GY (sent)?", "spec": {"verb": "send"}},
    {"id": "cost-in-parentheses-must-fit", "refused": ["still banished"],
     "ask": "i drop Effect Veiler on their monster and opp hits it with Solemn Strike. does Veiler "
            "still end up in my GY (banished)?"},
    {"id": "on-their-gy", "answer": "yes",
     "ask": "I activate D.D. Crow on their GY. My opponent chains Solemn Strike. Is D.D. Crow "
            "still in my GY?", "spec": {"family": "still-done", "verb": "discard"}},
    {"id": "goes-card-on-it", "answer": "yes",
     "ask": "I banish Mezuki from my GY to activate its effect and opp goes Ghost Belle & Haunted "
            "Mansion on it. does Mezuki stay banished?", "spec": {"verb": "banish"}},
    {"id": "tag-before-concession", "answer": "yes",
     "ask": "I banish Mezuki from my GY to activate its effect and opp goes Ghost Belle & Haunted "
            "Mansion on it. Mezuki stays banished, right, even though nothing gets summoned?",
     "spec": {"family": "still-done", "verb": "banish"}},
    # a response told with no words of what it did negates nothing outside the cost families
    {"id": "implied-negation-only-for-costs", "answer": "unknown",
     "ask": "I activate Mystical Space Typhoon targeting their Set card. My opponent chains Solemn "
            "Judgment. Is the Set card still destroyed?"},
    # the card just Summoned targets what "i target" names
    {"id": "summoned-then-i-target", "answer": "yes",
     "ask": "Caius the Shadow Monarch tribute summoned, i target their face-up monster. they chain "
            "Book of Moon on it. Is it still banished?",
     "spec": {"effect.card": "Caius the Shadow Monarch", "part": "banish"}},
    # a card named first, then what the asker does: that card's activation
    {"id": "topic-card-then-order", "answer": "no",
     "ask": "Monster Reborn: target a monster in their GY. They chain and banish it. Is it still "
            "Special Summoned?", "spec": {"effect.card": "Monster Reborn"}},
    {"id": "topic-card-then-cost", "answer": "yes",
     "ask": "Lightning Vortex: i discard a card. my opponent negates it with Magic Jammer. Is the "
            "discarded card still in my GY?", "spec": {"family": "still-done", "verb": "discard"}},
    # "trigger" / "proc" asked of an effect: whether it is activated
    {"id": "quoted-trigger-proc", "answer": "no",
     "ask": "I discard Shaddoll Hedgehog to activate Lightning Vortex. does Shaddoll Hedgehogs "
            "'sent to the GY by a card effect' thing proc?"},
    {"id": "get-its-trigger", "answer": "no",
     "ask": "I discard Shaddoll Hedgehog to activate Lightning Vortex. does Shaddoll Hedgehog get "
            "its 'sent to the GY by a card effect' trigger?"},
    # "at least" before a verb is a hope; before a number it stays
    {"id": "at-least-a-hope", "answer": "no",
     "ask": "I banished 10 face-down to activate Pot of Desires and it got negated. do those cards "
            "at least come back to my deck?", "spec": {"family": "cost-returned"}},
]


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_reading_still(base_expert, case):
    assert check_case(base_expert, case) == count_checks(case)


def test_sentence_ends_after_game_word_in_capitals():
    assert sentences("I pay 800 LP. My opponent chains it. It goes to the GY. Is it?") == [
        "I pay 800 LP.", "My opponent chains it.", "It goes to the GY.", "Is it?"]
    # an initial's full stop is no sentence end
    assert sentences("I activate D.D. Crow on Lord of D. in their GY.") == [
        "I activate D.D. Crow on Lord of D. in their GY."]


def test_bang_before_lower_case_ends_no_sentence():
    assert sentences("I activate Sky Striker Maneuver - Afterburners! on it. Wow! Is it?") == [
        "I activate Sky Striker Maneuver - Afterburners! on it.", "Wow!", "Is it?"]


def test_topic_card_only_for_the_askers_own_actions():
    cards = {"Glass Lance": "trap"}
    assert read_story("Glass Lance: i discard a card and target their monster.",
                      *card_spans("Glass Lance: i discard a card and target their monster.", cards)) == [
        "I discard a card to activate Glass Lance.", "I target my opponent's monster with Glass Lance."]
    # what someone else does after the name is no activation of it: left as written
    assert read_story("Glass Lance: my opponent banishes it.",
                      *card_spans("Glass Lance: my opponent banishes it.", cards)) is None


def test_a_set_card_flipped_in_response_is_activated():
    cards = {"Glass Lance": "trap"}
    told = "I activate Glass Lance targeting their Set card, they flip it in response."
    assert read_story(told, *card_spans(told, cards)) == [
        "I activate Glass Lance targeting my opponent's set card.",
        "my opponent activates that card in response."]
    # ... flipped face-down, it is no activation
    told = "I activate Glass Lance targeting their monster, they flip it face-down in response."
    assert read_story(told, *card_spans(told, cards))[-1] == "it is flipped face-down in response."
