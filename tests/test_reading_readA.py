"""Reading questions as players write them (topics A, B, C, K): what starts a Chain, costs,
Summon negation, responses.  Sentences of this file's own (not the shared acceptance cases);
each case is checked by tests/question_helpers.py's ``check_case``."""

import pytest

from question_helpers import check_case, count_checks

CASES = [
    # a Summon told by the card's own way of Summoning itself
    {"id": "own-condition-strike", "answer": "yes",
     "ask": "My opponent Special Summons Cyber Dragon from their hand with its own condition. "
            "Can I activate Solemn Strike on that Summon?",
     "spec": {"family": "negate-summon", "situation.0.summon-kind": "procedure"}},
    {"id": "own-condition-subject-left-out", "answer": "yes",
     "ask": "My opponent controls a monster and Special Summons Cyber Dragon from their hand with "
            "its own condition. Can I activate Solemn Strike on that Summon?",
     "spec": {"situation.-1.player": "opponent"}},
    {"id": "own-text-quote-must-fit", "refused": ["procedure of its own"],
     "ask": "I Special Summon Cyber Dragon from my hand with its own text 'discard 1 card'. "
            "Does it start a Chain?"},
    {"id": "it-after-told-summon", "answer": "no",
     "ask": "I Special Summon Cyber Dragon from my hand with its own condition. Does it make a "
            "chain link, so my opponent can chain a Trap Card to it?",
     "spec": {"family": "summon-starts-chain"}},
    {"id": "summon-is-chain-link-one", "answer": "no",
     "ask": "My opponent Link Summons S:P Little Knight. Is that Link Summon Chain Link 1?"},
    {"id": "chain-link-three-is-another-question", "refused": ["Chain Link 3"],
     "ask": "My opponent Link Summons S:P Little Knight. Is that Link Summon chain link 3?"},
    {"id": "so-that-responder-asked-too", "answer": "unknown",
     "ask": "Does activating Pot of Greed start a chain, so my opponent can chain Ash Blossom & "
            "Joyous Spring to it?",
     "truthy": ["also_needs"]},
    # a card named with its kind
    {"id": "kind-said-fits", "answer": "yes",
     "ask": "Does activating the Quick-Play Spell Mystical Space Typhoon start a chain?"},
    {"id": "kind-said-does-not-fit", "refused": ["not a field spell"],
     "ask": "Does activating the Field Spell Mystical Space Typhoon start a chain?"},
    # costs
    {"id": "noun-of-the-action", "answer": "yes",
     "ask": "Is the discard for Ash Blossom & Joyous Spring a cost, or is it done when the effect "
            "resolves?", "spec": {"family": "is-cost", "verb": "discard"}},
    {"id": "own-card-cost", "answer": "yes",
     "ask": "Is sending Effect Veiler to the GY a cost, done when it is activated?",
     "spec": {"effect.card": "Effect Veiler"}},
    {"id": "two-actions-refused", "refused": ["two actions"],
     "ask": "Is the discard for Ash Blossom & Joyous Spring a cost, or do I banish it when it "
            "resolves?"},
    {"id": "told-lp-cost", "answer": "yes",
     "ask": "I activate Solemn Strike, paying 1500 LP. My opponent chains Solemn Judgment and "
            "negates the activation. Have I still lost the 1500 LP?",
     "spec": {"family": "still-done", "situation.-1.of": "a1", "situation.-1.by": "a2"}},
    {"id": "told-cost-must-fit", "refused": ["paying 500 LP"],
     "ask": "I activate Solemn Strike, paying 500 LP. My opponent chains Solemn Judgment and "
            "negates the activation. Have I still lost the 500 LP?"},
    # Summon negation by a negator's own cost
    {"id": "send-to-negate", "answer": "yes",
     "ask": "I control a face-up Thunder King Rai-Oh. My opponent Link Summons S:P Little Knight. "
            "Can I send Thunder King Rai-Oh to the GY to negate the Link Summon?"},
    {"id": "cost-verb-must-fit", "refused": ["not to banish"],
     "ask": "I control a face-up Thunder King Rai-Oh. My opponent Link Summons S:P Little Knight. "
            "Can I banish Thunder King Rai-Oh to negate the Link Summon?"},
    # Summons asked about by kind, Summons of several monsters, flipped Set cards, attacks
    {"id": "kind-of-summon-no-card", "answer": "yes",
     "ask": "Can Solemn Judgment negate a Tribute Summon?"},
    {"id": "several-monsters-one-summon", "answer": "no",
     "ask": "My opponent Pendulum Summons 2 monsters at once. Can I send Thunder King Rai-Oh to "
            "the GY to negate that Summon?", "spec": {"situation.0.count": 2}},
    {"id": "flipped-trap-answered", "answer": "yes",
     "ask": "My opponent attacks, I flip Sakuretsu Armor. Can my opponent chain Solemn Judgment "
            "to negate it?", "spec": {"situation.1.from": "set"}},
    {"id": "flipped-monster-is-no-activation", "refused": ["flipped face-up to be activated"],
     "ask": "My opponent flips Effect Veiler. Can I chain Solemn Judgment to negate it?"},
    {"id": "chain-link-abbreviation", "answer": "no",
     "ask": "My opponent Synchro Summons Stardust Dragon. Is the Synchro Summon CL1?"},
    # costs told and asked as players do
    {"id": "get-negated-dislocated-lp", "answer": "yes",
     "ask": "Solemn Strike get negated by Solemn Judgment. The 1500 LP I paid, they are lost "
            "anyway?", "spec": {"family": "still-done", "verb": "pay"}},
    {"id": "lp-said-must-be-the-cost", "refused": ["not 1000 LP"],
     "ask": "Solemn Strike get negated by Solemn Judgment. The 1000 LP I paid, they are lost "
            "anyway?"},
    {"id": "cost-for-a-purpose-then-card-verb", "answer": "yes",
     "ask": "I discard Fiendsmith Engraver to add a Fiendsmith Spell/Trap from my Deck to my hand "
            "and they Ash it. Engraver's still in my GY tho?"},
    {"id": "purpose-must-fit", "refused": ["does 'to draw 1 card'"],
     "ask": "I discard Ash Blossom & Joyous Spring to draw 1 card. Is it still in my GY?"},
    {"id": "stays-even-though-negated", "answer": "yes",
     "ask": "I activate Pot of Desires, banishing 10 cards from the top of my Deck face-down. "
            "The cards stay banished even though Pot of Desires got negated?",
     "spec": {"verb": "banish"}},
    # Summons and activations told as players tell them
    {"id": "making-off-materials", "answer": "yes",
     "ask": "Can Solemn Warning negate that Summon? My opponent is making Knightmare Unicorn off "
            "three monsters", "spec": {"situation.0.summon-kind": "link"}},
    {"id": "making-needs-one-kind", "refused": ["how is"],
     "ask": "My opponent is making Dark Magician off two monsters. Can Solemn Warning negate that "
            "Summon?"},
    {"id": "overlay-then-xyz", "answer": "no",
     "ask": "My opponent overlays two Level 4 monsters. They Xyz Summon Number 39: Utopia. Does "
            "that Summon start a chain?", "truthy": ["situation.0.materials"]},
    {"id": "overlay-for-nothing", "refused": ["overlaid"],
     "ask": "My opponent overlays two Level 4 monsters. They Synchro Summon Stardust Dragon. Does "
            "that Summon start a chain?"},
    {"id": "monsters-out", "answer": "no",
     "ask": "My opponent has no monsters out and Special Summons Cyber Dragon from their hand "
            "with its own condition. Can I chain Effect Veiler to that Summon?",
     "spec": {"situation.0.place": "field"}},
    {"id": "summon-as-statement", "answer": "no",
     "ask": "I Xyz Summon Number 39: Utopia. This Xyz Summon, it makes a chain link?"},
    {"id": "card-does-its-cost", "answer": "yes",
     "ask": "Ash Blossom & Joyous Spring discards itself, I negate the effect. Is it still in the "
            "GY?", "spec": {"family": "still-done", "verb": "discard"}},
    {"id": "turn-then-from-hand", "answer": "no",
     "ask": "On my opponent's turn they activate Pot of Greed. Can I activate Book of Moon from "
            "my hand in response?", "has": {"and.0": ["family"]}},
    {"id": "story-after-question-unpunctuated", "answer": "yes",
     "ask": "can Solemn Warning negate the Xyz Summon? my opponent Xyz Summons Number 39: Utopia"},
    # a told clause joined to the question by a comma; a card's name as the verb of a response
    {"id": "comma-joined-story", "answer": "yes",
     "ask": "My opponent activates Raigeki, can I chain Magic Jammer to it?",
     "spec": {"family": "can-respond"}},
    {"id": "when-clause-comma-kept", "answer": "yes",
     "ask": "When my opponent activates Raigeki, can I chain Magic Jammer to it?"},
    {"id": "card-verb-on-activation", "answer": "yes",
     "ask": "My opponent activates Raigeki. Can I Magic Jammer it?",
     "spec": {"family": "can-respond"}},
    # the effect said first, the payment as a noun, a Summon told then named again
    {"id": "effect-fronted", "answer": "yes",
     "ask": "For Ash Blossom & Joyous Spring, is the discard a cost?"},
    {"id": "payment-noun", "answer": "yes",
     "ask": "Is the LP payment for Solemn Judgment a cost?", "spec": {"verb": "pay"}},
    {"id": "payment-amount-checked", "refused": ["not 500 LP"],
     "ask": "Is the payment of 500 LP for Solemn Strike a cost?"},
    {"id": "told-summon-named-again", "answer": "yes",
     "ask": "My opponent Xyz Summons Number 39: Utopia. Can I negate the Xyz Summon of Number 39: "
            "Utopia with Black Horn of Heaven?", "spec": {"summon": "s1"}},
    # more ways of asking
    {"id": "activated-effect", "answer": "yes",
     "ask": "Is Effect Veiler's effect an activated effect?"},
    {"id": "story-in-trailing-if", "answer": "no",
     "ask": "Does the Xyz Summon start a chain if my opponent Xyz Summons Number 39: Utopia?"},
    {"id": "count-as-a-cost", "answer": "yes",
     "ask": "Does discarding for Lightning Vortex count as a cost?"},
    {"id": "card-moved-for", "answer": "yes",
     "ask": "Is the card discarded for Ash Blossom & Joyous Spring a cost?"},
    {"id": "told-payment-clause", "answer": "no",
     "ask": "I pay 1500 LP for Solemn Strike and it gets negated. Do I get the LP back?"},
    {"id": "told-payment-must-fit", "refused": ["cost is not to discard"],
     "ask": "I discarded a card for Solemn Strike and it got negated. Do I get the card back?"},
    {"id": "possessive-summon-of", "answer": "yes",
     "ask": "Can Black Horn of Heaven negate my opponent's Synchro Summon of Stardust Dragon?",
     "spec": {"situation.0.player": "opponent"}},
    {"id": "possessive-activation-owner", "answer": "yes",
     "ask": "Can I chain Magic Jammer to my opponent's Raigeki?",
     "spec": {"situation.0.player": "opponent"}},
    # rules-exam players, generic Summons, the question said other ways
    {"id": "player-a-b", "answer": "no",
     "ask": "Player A activates Magic Jammer. Can Player B chain Mystical Space Typhoon to it?"},
    {"id": "is-it-possible", "answer": "yes",
     "ask": "Is it possible to chain Magic Jammer to Raigeki?"},
    {"id": "generic-summon-kind", "answer": "no", "ask": "Does Pendulum Summoning start a chain?"},
    {"id": "generic-special-summon-refused", "refused": ["which Summon"],
     "ask": "Does a Special Summon start a Chain?"},
    {"id": "summoned-by-its-own-effect", "answer": "no",
     "ask": "When Cyber Dragon is Special Summoned by its own effect, does that start a chain?"},
    {"id": "used-against-a-summon", "answer": "no",
     "ask": "Can Solemn Strike be used against a Normal Summon?"},
    {"id": "cost-dislocated", "answer": "yes",
     "ask": "The discard for Ash Blossom & Joyous Spring, is it a cost?"},
    {"id": "take-back", "answer": "no",
     "ask": "My opponent negates the activation of my Ash Blossom & Joyous Spring. Can I take "
            "back the discarded card?", "spec": {"family": "cost-returned"}},
    {"id": "fronted-response", "answer": "no",
     "ask": "In response to Magic Jammer, can I activate Mystical Space Typhoon?"},
    {"id": "card-subject-negates-is-no-cost", "answer": "yes",
     "ask": "Magic Jammer negates my Lightning Vortex. Is the card I discarded still in my GY?"},
    # a Summon told, then answered
    {"id": "summon-using-materials", "answer": "no",
     "ask": "I Link Summon Knightmare Unicorn using three monsters. Does that start a chain?",
     "truthy": ["situation.0.materials"]},
    {"id": "and-activate-its-effect", "answer": "yes",
     "ask": "I Xyz Summon Number 39: Utopia and activate its first effect. Does that start a "
            "chain?", "spec": {"situation.-1.player": "you"}},
    {"id": "drops-from-hand", "answer": "no",
     "ask": "My opponent drops Cyber Dragon from their hand. Can I chain Ash Blossom & Joyous "
            "Spring to it?"},
    {"id": "drops-needs-the-hand", "refused": ["from the hand"],
     "ask": "My opponent drops Cyber Dragon. Does that start a chain?"},
    {"id": "goes-into", "answer": "yes",
     "ask": "My opponent goes into Knightmare Unicorn. Can I Solemn Warning it?",
     "spec": {"family": "negate-summon"}},
    {"id": "respond-with-summon-negator", "answer": "yes",
     "ask": "My opponent Xyz Summons Number 39: Utopia. Can I respond with Solemn Strike?",
     "spec": {"family": "negate-summon"}},
    {"id": "chain-to-it-after-activation", "answer": "yes",
     "ask": "My opponent activates Pot of Greed. Can I chain to it?"},
    {"id": "summoned-by-the-resolving-card", "answer": "no",
     "ask": "Premature Burial resolves and my opponent Special Summons Dark Magician. Can I "
            "negate that Summon with Solemn Strike?"},
    # when an action is done, and whether a cost stays paid
    {"id": "happen-on-activation-or-resolution", "answer": "yes",
     "ask": "Does Ash Blossom & Joyous Spring's discard happen on activation or on resolution?",
     "spec": {"family": "happens-at", "timing": "activation"}},
    {"id": "same-time-twice-refused", "refused": ["one time twice"],
     "ask": "Does Ash Blossom & Joyous Spring's discard happen on activation or at activation?"},
    {"id": "do-i-do-it-when-it-resolves", "answer": "no",
     "ask": "Do I banish the cards for Pot of Desires when it resolves?",
     "spec": {"timing": "resolution", "verb": "banish"}},
    {"id": "cost-or-effect", "answer": "yes",
     "ask": "Is paying 1500 LP part of the cost of Solemn Strike or part of the effect?"},
    {"id": "the-cost-paid-even-if", "answer": "yes",
     "ask": "Does the cost of Lightning Vortex get paid even if it is negated?",
     "spec": {"verb": "discard"}},
    {"id": "still-have-to", "answer": "yes",
     "ask": "If Lightning Vortex gets negated, do I still have to discard a card?"},
    # responses asked other ways
    {"id": "chained-to-its-activation", "answer": "no",
     "ask": "Can Mystical Space Typhoon be chained to Solemn Judgment's activation?"},
    {"id": "activate-when-they-activate", "answer": "yes",
     "ask": "Can I activate Solemn Judgment when my opponent activates Raigeki?",
     "spec": {"situation.0.player": "opponent"}},
    {"id": "fast-enough", "answer": "no",
     "ask": "Is Raigeki fast enough to chain to Dark Hole?"},
    {"id": "respond-to-my-own-with", "answer": "yes",
     "ask": "Can I respond to my own Raigeki with Magic Jammer?"},
    {"id": "chain-targeting-asked-too", "truthy": ["also_needs"],
     "ask": "My opponent activates Raigeki. Can I chain Book of Moon targeting their monster?"},
    # the story of a resolving Summon
    {"id": "cost-then-activation", "answer": "yes",
     "ask": "My opponent discards a card and activates Lightning Vortex. I negate the activation "
            "with Magic Jammer. Is the discarded card still in their GY?",
     "spec": {"situation.0.cost.0.action": "discarded"}},
    {"id": "nobody-responds-then-resolves-once", "answer": "no",
     "ask": "My opponent activates Monster Reborn. I do not respond and the effect resolves and "
            "Special Summons Dark Magician. Can I Solemn Strike the Special Summon?"},
    {"id": "resolving-ritual-summon", "answer": "no",
     "ask": "Advanced Ritual Art resolves and my opponent Ritual Summons Dogmatika Ecclesia, the "
            "Virtuous. Can I Solemn Strike the Ritual Summon?"},
    {"id": "to-summon-it-is-the-card", "answer": "no",
     "ask": "My opponent activates Bystial Magnamhut's effect to Special Summon it from the hand. "
            "Nobody responds. Can I activate Solemn Strike to negate the Special Summon of "
            "Bystial Magnamhut?"},
    # short questions after a told story
    {"id": "the-action-a-cost-of-the-told", "answer": "yes",
     "ask": "My opponent activates Pot of Desires. I chain Magic Jammer. Is the banish a cost?",
     "spec": {"effect.card": "Pot of Desires"}},
    {"id": "the-action-of-two-told-refused", "refused": ["which effect"],
     "ask": "My opponent activates Lightning Vortex. I chain Magic Jammer. Is the discard a cost?"},
    {"id": "and-does-its-cost", "answer": "no",
     "ask": "My opponent activates Lightning Vortex and discards a card. I negate it with Magic "
            "Jammer. Is the card returned?", "spec": {"situation.0.cost.0.action": "discarded"}},
    {"id": "refunded", "answer": "no",
     "ask": "I activate Solemn Judgment, and my opponent negates it with Solemn Judgment. Is the "
            "cost refunded?"},
    {"id": "it-be-negated-summon", "answer": "yes",
     "ask": "My opponent Tribute Summons a monster. Can it be negated by Solemn Judgment?"},
    {"id": "it-be-negated-activation", "answer": "yes",
     "ask": "My opponent activates Raigeki. Can it be negated by Magic Jammer?",
     "spec": {"family": "negate-activation"}},
    # the effect named by its text first, then asked about
    {"id": "topic-quote-then-question", "answer": "no",
     "ask": 'Cyber Dragon: "If only your opponent controls a monster, you can Special Summon this '
            'card" - does that start a chain?'},
    {"id": "topic-quote-ie-restated", "answer": "yes",
     "ask": 'the other effect of Effect Veiler, "send this card from your hand to the GY", is '
            'that one activated, i.e. does it start a chain?'},
    {"id": "topic-quote-action-checked", "refused": ["does not destroy"],
     "ask": 'Effect Veiler: "send this card from your hand to the GY" - that destroy is an '
            'activated effect, yes?'},
    # nicknames, and an activation told against a Summon
    {"id": "nicknames", "answer": "yes", "ask": "Can Warning negate a Flip Summon?",
     "spec": {"negator.card": "Solemn Warning"}},
    {"id": "on-my-summon", "answer": "no",
     "ask": "My opponent activates Solemn Warning on my Summon. Can I chain Mystical Space "
            "Typhoon to kill the Warning?"},
    {"id": "activate-targeting-is-no-response",
     "ask": "Can I activate Book of Moon targeting a monster I control?",
     "spec": {"family": "can-target"}},
    # questions asked in the order of a statement; discourse at a sentence's start
    {"id": "statement-order-can", "answer": "yes",
     "ask": "I can chain Magic Jammer to Raigeki?"},
    {"id": "statement-order-is", "answer": "yes",
     "ask": "Sending Effect Veiler to the GY is a cost?"},
    {"id": "statement-order-starts", "answer": "no",
     "ask": "The Link Summon of Knightmare Unicorn starts a chain?"},
    {"id": "statement-order-after-story", "answer": "yes",
     "ask": "My opponent activates Raigeki. I can chain Magic Jammer to it?"},
    {"id": "capitalised-discourse", "answer": "yes",
     "ask": "My opponent activates Raigeki. In this situation, can I chain Magic Jammer?"},
    # a Summon told with the card that makes it
    {"id": "summons-with-a-card", "answer": "no",
     "ask": "My opponent Special Summons Dark Magician with Premature Burial. Can Solemn Strike "
            "negate that Summon?"},
    {"id": "summons-with-a-card-that-does-not", "refused": ["does not Special Summon"],
     "ask": "My opponent Special Summons Dark Magician with Raigeki. Can Solemn Strike negate "
            "that Summon?"},
    {"id": "tribute-summon-by-tributing", "answer": "yes",
     "ask": "My opponent Tribute Summons Jinzo by Tributing one monster. Can Solemn Warning negate "
            "that Summon?", "truthy": ["situation.0.materials"]},
    {"id": "tributing-is-for-tribute-summons", "refused": ["only a Tribute Summon"],
     "ask": "My opponent Xyz Summons Number 39: Utopia by Tributing one monster. Can Solemn "
            "Warning negate that Summon?"},
    {"id": "cards-cost-still-paid-if", "answer": "yes",
     "ask": "Is Solemn Judgment's cost still paid if it is negated?", "spec": {"verb": "pay"}},
    {"id": "still-pay-the-cost-of", "answer": "yes",
     "ask": "Do I still pay the cost of Lightning Vortex if it is negated?",
     "spec": {"verb": "discard"}},
    {"id": "card-verb-on-a-named-card", "answer": "yes",
     "ask": "Can I Magic Jammer my opponent's Raigeki?", "spec": {"family": "can-respond"}},
    {"id": "card-verb-on-a-monster-stays-targeting", "refused": ["protection"],
     "ask": "Can I use Book of Moon on my opponent's Stardust Dragon?"},
]


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_reading_readA(base_expert, case):
    assert check_case(base_expert, case) == count_checks(case)
