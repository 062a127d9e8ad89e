"""Reading questions as players write them (issue 22, topics G-K): what the product already
answers, said the way other players would say it (helper varyG).  Sentences of this file's own,
variants of questions the product answers; each is checked by tests/question_helpers.py's
``check_case``: the answer, and for the near misses the refusal that names what is not placed."""

import pytest

from question_helpers import check_case, count_checks

CASES = [
    # copies told with "have" when the field is said, or "2 copies of X"; "another X" made later
    {"id": "have-two-on-the-field", "answer": "yes",
     "ask": "i have two chaos sorcerer on the field. can both of them use their banish effect this turn?",
     "spec": {"family": "again-this-turn"}},
    {"id": "control-copies-of", "answer": "yes",
     "ask": "I control 2 copies of Zoodiac Drident. Can both of them use their effect this turn?"},
    {"id": "have-two-without-the-field-refused", "refused": [],
     "ask": "i have two chaos sorcerer. can both of them use their banish effect this turn?"},
    {"id": "made-another-copy", "answer": "no",
     "ask": "i already used little knight's quick effect this turn, then i made another little knight. "
            "can the second one use the quick effect this turn?"},
    # what is supposed, before or after the question, told as written
    {"id": "supposed-after-the-question", "answer": "yes",
     "ask": "do i still get the plant from my deck if lonefire blossom tributes itself for its effect?",
     "spec": {"family": "resolves"}},
    # the two parts of one effect: the effect as a topic (colon or dash), one part "at the same
    # time as" the other, the parts said with their objects
    {"id": "topic-dash-simultaneous", "answer": "yes",
     "ask": "quick q: bottomless trap hole - is the destroy and banish simultaneous?",
     "spec": {"family": "simultaneous"}},
    {"id": "same-time-as", "answer": "yes",
     "ask": "is the banish of bottomless trap hole at the same time as the destruction?"},
    {"id": "parts-with-objects-then", "answer": "no",
     "ask": "Does Pot of Duality add the card and shuffle the rest into the Deck simultaneously?",
     "rules": ["sequential-conjunctions"]},
    # the turn a story clause ends with, said first
    {"id": "turn-said-last", "answer": "no",
     "ask": "opp activates skill drain on their turn, can i chain mst from my hand?"},
    # a game term that is also a card's name, after "as"; the card stays nameable elsewhere
    {"id": "as-synchro-material", "answer": "no",
     "ask": "I used Gusto Falco as Synchro Material for a Synchro Summon. Does its effect activate?"},
    {"id": "material-card-still-named", "spec": {"effect.card": "Synchro Material"},
     "ask": "Does activating Synchro Material start a Chain?"},
    {"id": "as-material-for-a-link-summon-of", "answer": "yes",
     "ask": "I used Sangan as material for a Link Summon of Salamangreat Almiraj. Does Sangan's effect activate?"},
    # "do I still get X?" after a Chain that removed the asker's card; what it gives grounded
    {"id": "get-after-removed", "answer": "yes",
     "ask": "I Normal Summon Tour Guide From the Underworld and activate its effect. My opponent chains "
            "Compulsory Evacuation Device and returns Tour Guide to my hand. Do I still get the Level 3 Fiend?"},
    {"id": "get-wrong-level-refused", "refused": ["'4'"],
     "ask": "I Normal Summon Tour Guide From the Underworld and activate its effect. My opponent chains "
            "Compulsory Evacuation Device and returns Tour Guide to my hand. Do I still get a Level 4 Fiend?"},
    # a cost paid with the card itself, the part asked by its verb
    {"id": "cost-of-its-effect-verb", "answer": "yes",
     "ask": "Lonefire Blossom Tributes itself as the cost of its effect. Do I still Special Summon the "
            "Plant from my Deck?"},
    {"id": "cost-of-its-effect-other-kind-refused", "refused": ["dragon"],
     "ask": "Lonefire Blossom Tributes itself as the cost of its effect. Do I still Special Summon a "
            "Dragon from my Deck?"},
    {"id": "cost-other-player-refused", "refused": [],
     "ask": "Lonefire Blossom Tributes itself for its effect. Does my opponent still Special Summon the Plant?"},
    # the battling relative said short; a failure said of "the summoned monster"
    {"id": "battling-short", "answer": "no",
     "ask": "can imperm be activated in the damage step on the monster battling mine?"},
    {"id": "summoned-monster-cannot-be-destroyed", "answer": "no",
     "ask": "if the summoned monster can't be destroyed by card effects, is it still banished by "
            "bottomless trap hole?"},
]

# second variants of a mechanism checked above run in the slow set
SECOND = {"control-copies-of", "have-two-without-the-field-refused", "same-time-as",
          "material-card-still-named", "as-material-for-a-link-summon-of",
          "get-wrong-level-refused", "cost-of-its-effect-other-kind-refused",
          "cost-other-player-refused", "summoned-monster-cannot-be-destroyed", "parts-with-objects-then",
          "made-another-copy"}


@pytest.mark.parametrize("case", [pytest.param(c, marks=pytest.mark.slow) if c["id"] in SECOND
                                  else c for c in CASES], ids=[c["id"] for c in CASES])
def test_reading_varyG(base_expert, case):
    assert check_case(base_expert, case) == count_checks(case)


# what the second reading did, shown with the answer
SAYS = [
    ("Bottomless Trap Hole - do the destroy and the banish happen at the same time?",
     "yes", "read-as", "-"),
]


@pytest.mark.parametrize("text,value,kind,written", SAYS, ids=[s[3] for s in SAYS])
def test_reading_varyG_says(base_expert, text, value, kind, written):
    answer = base_expert.ask(text, tell=False)
    assert answer.value == value
    assert any(c.kind == kind and c.written == written for c in answer.reading.changes), \
        answer.reading.changes


def test_a_turn_told_after_an_activation_is_read_as_written(base_expert):
    # "... during their turn" after what was activated: the grammar places it (a moment of that
    # turn), no second reading needed
    answer = base_expert.ask("My opponent activates Skill Drain during their turn. Can I chain Mystical "
                             "Space Typhoon from my hand?", tell=False)
    assert answer.value == "no" and answer.reading is None
