"""Reading questions as players write them (issue 22, topics G-K; helper sisterGK): the mechanisms
added for the sister questions of bench/sisters-GK.yaml, each with sentences of this file's own and a
near miss that stays refused.  Checked by tests/question_helpers.py's ``check_case``."""

import pytest

from question_helpers import check_case, count_checks

CASES = [
    # the passive "X is destroyed / gets bounced in response (to its effect)": the activated card
    # is gone before its effect resolves, as "they destroy X in response" says it
    {"id": "passive-gone-in-response", "answer": "yes",
     "ask": "lonefire blossom gets destroyed in response to its effect, do i still get a plant from my deck?",
     "rules": ["removed-card-still-resolves"]},
    {"id": "passive-gone-other-card-refused", "refused": [],
     "ask": "Lonefire Blossom is destroyed in response to Tour Guide From the Underworld's effect. "
            "Do I still Special Summon a Plant from my Deck?"},
    # a Chain told by its links' numbers: the move is the last thing only as Chain Link 1
    {"id": "chain-link-2-when-misses", "answer": "no",
     "ask": "Naturia Cliff gets destroyed as chain link 2 and the chain keeps resolving. "
            "After the chain, can I activate Naturia Cliff's effect?"},
    {"id": "chain-link-1-of-3-when-ok", "answer": "yes",
     "ask": "Naturia Cliff is destroyed by Chain Link 1 of a Chain of 3. After the Chain resolves, "
            "can I activate Naturia Cliff's effect?"},
    {"id": "chain-link-mandatory-if", "answer": "yes",
     "ask": "Sangan is destroyed as Chain Link 3. After the Chain resolves, does Sangan still search?"},
    {"id": "chain-goes-on-alone-refused", "refused": ["keeps resolving"],
     "ask": "The chain keeps resolving. Can I activate Naturia Cliff's effect?"},
    # "X: does it ...?": the topic card asked of "it"
    {"id": "topic-asked-of-it", "answer": "yes",
     "ask": "magic jammer - does it negate the activation and destroy the spell at the same time?",
     "spec": {"family": "simultaneous"}},
    # the card named as who uses its own effect
    {"id": "card-uses-its-effect", "answer": "no",
     "ask": "can chaos sorcerer use its banish effect during my opponent's turn?",
     "spec": {"family": "can-activate-now"}},
    # "X targets a monster in the GY": of X's targeting effects, the one whose target is there
    {"id": "target-place-chooses-effect", "answer": "no",
     "ask": "Bystial Saronir targets a DARK monster in my opponent's GY. My opponent banishes that "
            "monster in response. Is Bystial Saronir still Special Summoned?"},
    # "does X still come out": whether it is Special Summoned
    {"id": "come-out", "answer": "no",
     "ask": "bystial baldrake targets a light monster in my gy, opp banishes that exact monster in response. "
            "does baldrake still come out?"},
    # a restriction named by what it forbids, grounded in its text; the last told card with one
    {"id": "restriction-by-what-it-forbids", "answer": "no",
     "ask": "My opponent negates S:P Little Knight's first effect with Infinite Impermanence. "
            "Do I still get the no-direct-attack restriction?"},
    {"id": "restriction-words-not-in-text-refused", "refused": ["no-draw"],
     "ask": "My opponent negates S:P Little Knight's first effect with Infinite Impermanence. "
            "Do I still get the no-draw restriction?"},
    # a card or effect of no told kind; "When your opponent activates" is not met by one's own
    {"id": "own-card-activation", "answer": "no",
     "ask": "I activate a card. Can I chain Allied Code Talker @Ignister's second effect to it?",
     "rules": ["opponent-activation-condition-not-own"]},
    {"id": "opponents-card-activation-not-no", "not_rules": ["opponent-activation-condition-not-own"],
     "answer": "unknown",
     "ask": "My opponent activates an effect. Can I chain S:P Little Knight's second effect to it?"},
    # a monster told with a protection from card effects: what the question supposes of it
    {"id": "protected-monster-supposed", "answer": "no",
     "ask": "opp normal summons a 1800-ATK monster that can't be destroyed by card effects, i flip "
            "bottomless trap hole. does it still get banished?"},
    {"id": "protected-monster-has-quote", "answer": "yes",
     "ask": "their monster has 'cannot be destroyed by card effects' and activates its effect. i chain "
            "divine wrath. is the activation still negated even though it won't be destroyed?"},
    {"id": "protected-my-monster-refused", "refused": [],
     "ask": "I control a monster that cannot be destroyed by card effects. My opponent Normal Summons a "
            "monster and I activate Bottomless Trap Hole. Is my monster banished?"},
    # the link number said of a response, checked against the told Chain
    {"id": "as-chain-link-n-response", "answer": "no",
     "ask": "my monster attacks, opp flips Negate Attack as CL1. can i chain sakuretsu armor as CL2?"},
    {"id": "as-chain-link-wrong-number-refused", "refused": ["Chain Link 2"],
     "ask": "my monster attacks, opp flips Negate Attack as CL1. can i chain sakuretsu armor as CL3?"},
    # a response asked to answer an earlier link than the last one told is refused (was a yes)
    {"id": "earlier-link-refused", "refused": ["last Chain Link"],
     "ask": "My opponent activates Pot of Greed and I chain Magic Jammer to it. "
            "Can I chain Magic Drain to Pot of Greed?"},
]

# the first of each mechanism runs by default (about ten asks); the others in the slow set
SECOND = {"passive-gone-other-card-refused", "chain-link-1-of-3-when-ok", "chain-link-mandatory-if",
          "chain-goes-on-alone-refused", "come-out", "restriction-words-not-in-text-refused",
          "opponents-card-activation-not-no", "protected-monster-has-quote", "protected-my-monster-refused",
          "as-chain-link-wrong-number-refused"}


@pytest.mark.parametrize("case", [pytest.param(c, marks=pytest.mark.slow) if c["id"] in SECOND
                                  else c for c in CASES], ids=[c["id"] for c in CASES])
def test_reading_sisterGK(base_expert, case):
    assert check_case(base_expert, case) == count_checks(case)
