"""Plain English: paraphrases of our own, and clear errors for what cannot be read."""

import pytest

from psct_expert.errors import QuestionError, UnknownCard
from psct_expert.parser import parse_scenario

# (question, family, answer) — worded differently from the case file
PARAPHRASES = [
    ("Does Mermail Abyssmegalo's first effect use the Chain?", "starts-chain", "yes"),
    ("Is the Summon of Black Luster Soldier – Envoy of the Beginning a Chain Link?", "starts-chain", "no"),
    ("Does Gorz's Special Summon start a Chain?", "starts-chain", "yes"),
    ("Does activating Pot of Greed start a chain?", "starts-chain", "yes"),
    ("Is Thunder King Rai-Oh able to negate Gorz's Special Summon?", "negate-summon", "no"),
    ("Can Raioh negate a Special Summon done by Monster Reborn?", "negate-summon", "no"),
    ("Can the Special Summon of Black Luster Soldier – Envoy of the Beginning be negated by Evolzar Laggia?", "negate-summon", "yes"),
    ("Is Ultimate Offering's Normal Summon negatable by Solemn Judgment when the effect resolved as Chain Link 3?", "negate-summon", "no"),
    ("Could Solemn Judgment negate the activation of Gorz, Emissary of Darkness's effect?", "negate-activation", "no"),
    ("Is the activation of Monster Reborn negatable by Solemn Judgment?", "negate-activation", "yes"),
    ("Can Solemn Warning negate the activation of Pot of Greed?", "negate-activation", "no"),
    ("Does Lyla, Lightsworn Sorceress's first effect target?", "targets", "yes"),
    ("Does Naturia Marron's second effect target?", "targets", "yes"),
    ("Is discarding a card a cost of Super Polymerization?", "is-cost", "yes"),
    ("Is paying half your LP a cost of Solemn Judgment?", "is-cost", "yes"),
    ("Is the tribute for the third effect of Mermail Abyssmegalo done when the effect is activated?", "happens-at", "yes"),
    ("Is Ash Blossom & Joyous Spring's effect a Quick Effect?", "quick", "yes"),
    ("Is the third effect of Mermail Abyssmegalo a Quick Effect?", "quick", "no"),
    ("Are the effects of Ryko, Lightsworn Hunter applied in sequence?", "bullets-in-sequence", "no"),
    ("If the activation of Ash Blossom & Joyous Spring gets negated, can another copy of it be activated that turn?", "again-after-negated", "no"),
    ("If Circle of the Fire Kings's activation was negated, can its controller activate another one that turn?", "again-after-negated", "yes"),
    ("Can Treeborn Frog's effect be activated if its controller controls a Trap?", "can-activate", "no"),
    ("Do the destruction and the Summon of Circle of the Fire Kings happen at the same time?", "simultaneous", "yes"),
    ("Does Goldd, Wu-Lord of Dark World Special Summon itself and destroy at the same time?", "simultaneous", "no"),
    ("If the first target of Circle of the Fire Kings isn't destroyed, is the second target Special Summoned?", "clause-done", "no"),
    ("Suppose Offerings to the Doomed's target can't be destroyed, is the Draw Phase still skipped?", "clause-done", "yes"),
    ("If the card targeted by Atlantean Marksman's second effect is flipped face-up, is it still destroyed?", "affected", "no"),
    ("If the target of Adreus, Keeper of Armageddon is flipped face-down, is it still destroyed?", "affected", "yes"),
    ("If one of the two monsters targeted by Constellar Star Cradle is removed from the Graveyard, is the other still added to the hand?", "affected", "yes"),
    ("Does the effect of Zombie Master still resolve if Zombie Master is no longer face-up on the field?", "resolves", "no"),
    ("Is Effect Veiler a Quick Effect?", "quick", "yes"),
    ("Can Solemn Strike negate the activation of Monster Reborn?", "negate-activation", "no"),
    ("Does Raigeki target?", "targets", "no"),
    ("Can Black Horn of Heaven negate the Special Summon of Cyber Dragon by your opponent?", "negate-summon", "yes"),
    ("Can Rai-Oh stop Gorz being Special Summoned?", "negate-summon", "no"),
    ("Can Solemn Judgment stop the activation of Monster Reborn?", "negate-activation", "yes"),
    ("When Creature Swap resolves, are the monsters chosen then?", "happens-at", "yes"),
    ("Does Ryko, Lightsworn Hunter apply its effects simultaneously?", "bullets-simultaneous", "yes"),
    ("Does Treeborn Frog's effect activate while you control a Spell/Trap?", "can-activate", "no"),
    ("Is Card Trooper's milling a cost?", "is-cost", "yes"),
]


@pytest.mark.parametrize("question, family, expect", PARAPHRASES, ids=[q for q, _, _ in PARAPHRASES])
def test_paraphrase(case_expert, question, family, expect):
    spec = case_expert.parse(question)
    assert spec["family"] == family
    answer = case_expert.ask_spec(spec, question)
    assert answer.value == expect, (spec, answer.missing)


def test_scenario_question(base_expert):
    answer = base_expert.ask("Does Ring of Destruction destroy the monster?", [
        "Player B controls a face-up Dark Magician.",
        "Player A activates Ring of Destruction targeting Dark Magician.",
        "Player B chains Book of Moon targeting Dark Magician.",
        "Dark Magician is face-down when Ring of Destruction resolves.",
    ])
    assert answer.value == "no"
    scen = [s for n in answer.proof for s in n.text_sources() if s.kind == "scenario"]
    assert any(s.where == "scenario line 4" for s in scen)


def test_scenario_forms():
    from psct_expert.cards import load_database

    sc = parse_scenario([
        "Player A has 2 cards in hand.",
        "Mystic Plasma Zone is face-up on the field.",
        "Player A Normal Summons Lord of D.",
        "Player B activates Trap Hole targeting Lord of D.",
        "Lord of D. has 700 ATK when Trap Hole resolves.",
    ], load_database())
    kinds = [next(iter(item)) for item in sc.suppose]
    assert kinds == ["in_play", "targeted", "state"]


@pytest.mark.parametrize("question, fragment", [
    ("What is the meaning of life?", "no place for 'What', 'meaning'"),
    ("", "empty"),
    ("Can Thunder King Rai-Oh negate the Special Summon?", "whose Summon"),
    ("Does Pot of Greed target if my opponent has no cards?", "places 'if' there"),
])
def test_unparseable_questions_explain_themselves(base_expert, question, fragment):
    with pytest.raises(QuestionError) as err:
        base_expert.ask(question)
    assert fragment in str(err.value)


def test_error_lists_supported_forms(base_expert):
    with pytest.raises(QuestionError) as err:
        base_expert.parse("Can Thunder King Rai-Oh negate the Special Summon?")
    assert err.value.forms and err.value.understood.get("family") == "negate-summon"
    assert "Thunder King Rai-Oh" in err.value.understood.get("cards", [])


def test_unknown_card_in_question_suggests_names(base_expert):
    with pytest.raises(UnknownCard) as err:
        base_expert.parse("Does the first effect of Mermaid Abyss Megalodon start a Chain?")
    assert len(err.value.suggestions) == 3


def test_bad_scenario_line_is_named(base_expert):
    with pytest.raises(QuestionError) as err:
        base_expert.parse("Does Ring of Destruction destroy Dark Magician?",
                          ["Player B controls a face-up Dark Magician.",
                           "Then something odd happens somewhere."])
    assert err.value.line == 2
    assert "scenario line 2" in str(err.value)
