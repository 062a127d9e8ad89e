"""The reader reads every card the guides quote as the guides explain it."""

import pytest

from psct_expert.cards import Card
from psct_expert.reader import read_card


def facts(reading, type_, **match):
    return [f for f in reading.facts if f.type == type_
            and all(f.get(k) == v for k, v in match.items())]


@pytest.fixture(scope="module")
def read(case_expert):
    cache = {}

    def _read(name):
        if name not in cache:
            cache[name] = read_card(case_expert.db.get(name))
        return cache[name]
    return _read


def test_abyssmegalo_three_activated_effects(read):
    r = read("Mermail Abyssmegalo")
    top = [e for e in r.effects if e.n > 0]
    assert len(top) == 3 and all(e.punctuated for e in top)
    assert [f.get("verb") for f in facts(r, "cost_action", effect=top[0].id)] == ["discard"]
    assert [f.get("verb") for f in facts(r, "cost_action", effect=top[2].id)] == ["tribute"]
    assert not facts(r, "cost_action", effect=top[1].id)
    assert facts(r, "trigger", effect=top[1].id, word="when", optional="yes")


def test_spans_point_at_the_text(read):
    r = read("Mermail Abyssmegalo")
    for f in r.facts:
        if f.source is not None and f.source.kind == "text":
            assert r.card.text[f.source.start:f.source.end] == f.source.quote


def test_procedure_has_no_punctuation(read):
    r = read("Collapserpent the Ebony Dragon")
    proc = facts(r, "procedure")
    assert proc and proc[0].get("place") == "from your hand"
    eid = proc[0].get("effect")
    assert not facts(r, "colon", effect=eid) and not facts(r, "semicolon", effect=eid)
    assert facts(r, "once_per_turn", kind="summon")


def test_costs_before_semicolon_only(read):
    assert [f.get("verb") for f in facts(read("Super Polymerisation"), "cost_action")] == ["discard"]
    assert not facts(read("Trance Archfiend"), "cost_action", effect="Trance Archfiend#1")
    # choosing before the semicolon is part of activating, not a cost
    assert [f.get("verb") for f in facts(read("Card Trooper"), "cost_action")] == ["send"]
    assert [f.get("verb") for f in facts(read("Adreus, Keeper of Armageddon"), "cost_action")] == ["detach"]


def test_targets_counts_and_conditions(read):
    circle = read("Circle of the Fire Kings")
    assert [f.get("slot") for f in facts(circle, "target")] == [1, 2]
    assert facts(circle, "target_condition", slot=1, condition="attribute", value="FIRE")
    assert facts(circle, "target_condition", slot=2, condition="in-gy")
    painter = read("Pain Painter")
    t = facts(painter, "target")[0]
    assert t.get("count") == 2 and t.get("up_to") == "yes"
    assert facts(painter, "target_condition", condition="race", value="Zombie")
    assert not facts(read("Creature Swap"), "target_word")
    assert not facts(read("Neo-Spacian Grand Mole"), "target_word")


def test_references_to_targets(read):
    assert facts(read("Atlantean Marksman"), "reference", kind="that-target")
    assert facts(read("Adreus, Keeper of Armageddon"), "reference", kind="pronoun")
    assert facts(read("Naturia Marron"), "reference", kind="both")
    assert facts(read("Circle of the Fire Kings"), "reference", kind="slot", slot=1)


@pytest.mark.parametrize("card, kind", [
    ("Solemn Warning", "and-if-you-do"), ("Circle of the Fire Kings", "and-if-you-do"),
    ("Goldd, Wu-Lord of Dark World", "then"), ("Battle Break", "then"),
    ("Offerings to the Doomed", "also"), ("Masked Ninja Ebisu", "also"),
    ("Salamangreat Foxy", "then-can"), ("Trance Archfiend", "and"),
])
def test_conjunctions(read, card, kind):
    assert facts(read(card), "link", kind=kind)


def test_db_conjunctions(base_expert):
    gob = read_card(base_expert.db.get("Goblindbergh"))
    assert facts(gob, "link", kind="also-after-that")
    offering = read_card(base_expert.db.get("Ultimate Offering"))
    assert facts(offering, "immediately_after")


def test_triggers_quick_and_restrictions(read, base_expert):
    assert facts(read("Thunder King Rai-Oh"), "quick_marker", marker="either-players-turn")
    ash = read_card(base_expert.db.get("Ash Blossom & Joyous Spring"))
    assert facts(ash, "quick_marker", marker="quick-effect")
    assert facts(ash, "once_per_turn", kind="use")
    assert facts(read("Circle of the Fire Kings"), "once_per_turn", kind="activate", scope="card")
    assert facts(read("Lyla, Lightsworn Sorceress"), "resolve_condition", requirement="self-face-up")
    assert facts(read("Gorz, Emissary of Darkness"), "resolve_condition",
                 requirement="control-no-cards")
    assert facts(read("Collapserpent the Ebony Dragon"), "trigger", word="if", optional="yes")
    assert facts(read("Card Trooper"), "trigger", word="when", optional="no")


@pytest.mark.parametrize("card, mode", [
    ("Gravekeeper's Oracle", "sequence"), ("Ryko, Lightsworn Hunter", "simultaneous"),
    ("Metaphys Horus", "separate"),
])
def test_bullets(base_expert, card, mode):
    r = read_card(base_expert.db.get(card))
    assert [f.get("mode") for f in facts(r, "bullets")] == [mode]


def test_legacy_text_is_flagged(base_expert):
    r = read_card(base_expert.db.get("Dimension Distortion"))
    assert r.status == "legacy" and facts(r, "psct", value="no")
    ok = read_card(base_expert.db.get("Ash Blossom & Joyous Spring"))
    assert ok.status == "full" and facts(ok, "psct", value="yes")


def test_pendulum_text_is_kept_separate():
    card = Card(name="Example Pendulum", kind="monster", subtypes=("pendulum", "effect"),
                text="If this card is Normal Summoned: You can draw 1 card.",
                pendulum_text="Once per turn: You can destroy this card.")
    r = read_card(card)
    ids = [e.id for e in r.effects]
    assert "Example Pendulum#1" in ids and "Example Pendulum#P1" in ids
    assert facts(r, "effect", effect="Example Pendulum#P1")[0].source.where == "pendulum text"


def test_material_lines(base_expert):
    r = read_card(base_expert.db.get("Evolzar Laggia"))
    assert facts(r, "materials")
    assert all(not e.text.startswith("2 Level") for e in r.effects)
