"""Reader and effect-reference fixes found by the third held-out probe (bench/heldout-probe3.yaml),
each on invented card texts; no test names a real card."""

import pytest

from psct_expert.cards import Card
from psct_expert.reader import read_card

PENDULUM_TEXT = ('Once per turn: You can discard 1 card, then target 1 face-up monster on the field; '
                 'destroy it.')


def card(text, subtypes, name, pendulum=None):
    return Card(name=name, kind="monster", subtypes=tuple(subtypes), text=text, pendulum_text=pendulum)


@pytest.fixture(scope="module")
def expert(base_expert):
    return base_expert.with_cards([
        # a Normal Pendulum Monster: its monster text is flavour text, its effects are Pendulum Effects
        card("This quiet drummer keeps the rhythm of the old dragons. Nobody has ever heard it stop.",
             ("pendulum", "normal"), "Probe Three Drummer", PENDULUM_TEXT),
        # an Effect Pendulum Monster: monster effect 1 and Pendulum Effect 1 share the number 1
        card("If this card is Normal Summoned: Gain 500 LP. Monsters you control gain 100 ATK.",
             ("pendulum", "effect"), "Probe Three Chanter", PENDULUM_TEXT),
    ])


def test_a_normal_pendulum_monsters_text_is_flavour(expert):
    reading = read_card(expert.db.get("Probe Three Drummer"))
    assert [e.where for e in reading.effects] == ["pendulum text"]
    assert any(f.type == "flavor_text" for f in reading.facts)


def test_a_normal_monster_without_pendulum_text_is_still_flavour(expert):
    reading = read_card(card("A plain knight.", ("normal",), "Probe Three Knight"))
    assert reading.effects == []


@pytest.mark.parametrize("question", [
    "Does the Pendulum Effect of Probe Three Chanter start a Chain?",
    "Does Probe Three Chanter's Pendulum Effect start a Chain?",
    "Does the Pendulum Effect of Probe Three Drummer start a Chain?",
])
def test_the_pendulum_effect_is_the_one_in_the_pendulum_text(expert, question):
    # the Pendulum Effect has a colon and a semicolon: it starts a Chain; the Chanter's first
    # monster effect ("If ...: Gain 500 LP") does too, so the proof must be about the P effect
    answer = expert.ask(question)
    assert answer.value == "yes"
    assert "#P1" in str(answer.params)
    assert "Pendulum effect" in answer.restated


def test_the_monster_effect_of_a_pendulum_card_is_not_its_pendulum_effect(expert):
    answer = expert.ask("Does the second effect of Probe Three Chanter start a Chain?")
    assert answer.value == "no"          # "Monsters you control gain 100 ATK": no colon, no semicolon
    assert "#P" not in str(answer.params)


def test_the_pendulum_effect_targets_but_the_first_monster_effect_does_not(expert):
    assert expert.ask("Does the Pendulum Effect of Probe Three Chanter target?").value == "yes"
    assert expert.ask("Does the first effect of Probe Three Chanter target?").value == "no"
