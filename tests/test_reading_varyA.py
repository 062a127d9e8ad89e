"""Reading questions the product already answers, said the way other players say them (issue 22,
topics A-F, helper varyA): a kind of Summon in the plural, a card "Special Summoning itself", the
Special Summon of a card "with its own condition", a name whose initials are written without their
stops, a card named before a colon as the topic of a cost question.  Sentences of this file's own;
each case is checked by tests/question_helpers.py's ``check_case``."""

import pytest

from question_helpers import check_case

CASES = [
    # a kind of Summon in the plural, no article: any Summon of that kind (as "a Flip Summon")
    {"id": "plural-normal-summons", "answer": "yes",
     "ask": "Can Horn of Heaven negate Normal Summons?", "spec": {"family": "negate-summon"}},
    # the card said first, Summoning itself: its own way of Summoning itself
    {"id": "itself-inherent", "answer": "no",
     "ask": "Does Cyber Dragon Special Summoning itself from the hand start a Chain?",
     "spec": {"family": "starts-chain", "effect.select": "summons-self"}},
    # "the Special Summon of X with its own condition" (no quote: a quote there is refused)
    {"id": "own-condition-negated", "answer": "yes",
     "ask": "Can Solemn Strike negate the Special Summon of Kashtira Fenrir with its own condition?"},
    {"id": "own-condition-quoted", "refused": ["could not understand"],
     "ask": "can solemn strike negate the special summon of cyber dragon with its own "
            "'destroy all monsters' condition?"},
    {"id": "being-summoned-negated", "answer": "yes",
     "ask": "can solemn strike negate kashtira fenrir being special summoned from the hand?"},
    # an effect named by its action as a noun
    {"id": "action-noun-banish", "answer": "yes",
     "ask": "does bystial magnamhut's banish target?", "spec": {"family": "targets"}},
    # a name's initials without their stops
    {"id": "initials-run-together", "answer": "yes",
     "ask": "is discarding dd crow a cost?", "spec": {"effect.card": "D.D. Crow"}},
    # a card named before a colon, then a cost question naming no card
    {"id": "topic-cost-yes", "answer": "yes",
     "ask": "Tribute to the Doomed: is discarding a card a cost?",
     "spec": {"effect.card": "Tribute to The Doomed"}},
    # where from, said after the object, is checked against the cost (a discard is from the hand)
    {"id": "cost-place-not-its-own", "refused": ["does not banish", "from the GY"],
     "ask": "pot of prosperity: is banishing cards from the GY a cost?"},
]

# the same mechanisms, other sentences (and the discourse of why the asker asks: "??" then a
# sentence set aside leaves no stray stop)
SLOW = [
    {"id": "plural-does-negate", "answer": "no",
     "ask": "does solemn strike negate flip summons?", "spec": {"family": "negate-summon"}},
    {"id": "itself-by-effect", "answer": "yes",
     "ask": "does gorz the emissary of darkness special summoning itself start a chain?",
     "spec": {"effect.card": "Gorz the Emissary of Darkness"}},
    {"id": "topic-cost-no", "answer": "no",
     "ask": "chaos sorcerer: is banishing the target a cost?"},
    {"id": "asking-for-a-friend", "answer": "yes",
     "ask": "does mst target?? asking for a friend"},
    {"id": "plural-xyz-summons", "answer": "yes",
     "ask": "can solemn warning negate xyz summons?"},
    {"id": "itself-quick", "answer": "no",
     "ask": "does photon thrasher special summoning itself from the hand start a chain?"},
    {"id": "own-condition-chain-link", "answer": "no",
     "ask": "is the special summon of kashtira fenrir from the hand with its own condition a "
            "chain link?"},
    {"id": "initials-capitals", "answer": "yes", "ask": "does DD Crow target?"},
    {"id": "action-noun-destroy", "answer": "no", "ask": "does black rose dragon's destroy target?"},
    {"id": "empty-hand-asker", "answer": "no",
     "ask": "could i use divine wrath with an empty hand?"},
    # (refused where the words it cannot place begin: "with an empty hand" of the other player;
    # "empty" is a word of the question language since "empty Monster Zones")
    {"id": "empty-hand-other-player", "refused": ["with"],
     "ask": "can my opponent activate divine wrath with an empty hand?"},
    {"id": "cost-discard-from-hand", "answer": "yes",
     "ask": "is discarding a card from my hand for lightning vortex a cost?"},
    {"id": "topic-cost-detach", "answer": "yes",
     "ask": "zoodiac drident: is detaching a material a cost?"},
    {"id": "generic-summoning-a-monster", "answer": "no",
     "ask": "does tribute summoning a monster start a chain?", "spec": {"family": "summon-starts-chain"}},
    {"id": "being-summoned-from-hand", "answer": "no",
     "ask": "can my opponent chain anything to cyber dragon being special summoned from the hand?"},
]


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_reading_varyA(base_expert, case):
    assert check_case(base_expert, case) >= 1


@pytest.mark.slow
@pytest.mark.parametrize("case", SLOW, ids=[c["id"] for c in SLOW])
def test_reading_varyA_more(base_expert, case):
    assert check_case(base_expert, case) >= 1


def test_initials_alias_never_over_a_name(base_expert):
    db = base_expert.db
    assert db.find("dd crow").name == "D.D. Crow"
    assert db.find("d.d crow").name == "D.D. Crow"
    # "Hero Flash!!" is a name of its own: "H.E.R.O. Flash!" run together does not take it
    assert db.find("hero flash").name == "Hero Flash!!"
