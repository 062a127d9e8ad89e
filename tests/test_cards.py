"""The card database: forgiving look-up, suggestions, overrides."""

import pytest

from psct_expert.cards import Card, name_key
from psct_expert.errors import UnknownCard


@pytest.mark.parametrize("written, official", [
    ("thunder king rai-oh", "Thunder King Rai-Oh"),
    ("THUNDER KING RAI–OH", "Thunder King Rai-Oh"),          # en dash
    ("Rai-Oh", "Thunder King Rai-Oh"),                        # short name
    ("Gorz, Emissary of Darkness", "Gorz the Emissary of Darkness"),
    ("Super Polymerisation", "Super Polymerization"),         # British spelling
    ("Black Luster Soldier – Envoy of the Beginning", "Black Luster Soldier - Envoy of the Beginning"),
    ("Ash Blossom", "Ash Blossom & Joyous Spring"),
    ("ash blossom and joyous spring", "Ash Blossom & Joyous Spring"),
    ("Number 50 Blackship of Corn", "Number 50: Blackship of Corn"),
])
def test_lookup_forgives_spelling(base_expert, written, official):
    assert base_expert.db.get(written).name == official


def test_full_pool_is_shipped(base_expert):
    assert len(base_expert.db.all_cards()) == 14216


def test_unknown_name_suggests_three_close_names(base_expert):
    with pytest.raises(UnknownCard) as err:
        base_expert.db.get("Thunder Kin Raioh Dragon")
    assert len(err.value.suggestions) == 3
    assert "Thunder King Rai-Oh" in err.value.suggestions
    assert "Did you mean" in str(err.value)


def test_small_typo_resolves_to_the_one_close_card(base_expert):
    assert base_expert.db.fuzzy("Dark Magican").name == "Dark Magician"
    assert base_expert.db.fuzzy("Completely Different Words") is None


def test_overrides_shadow_the_database(base_expert):
    old = Card(name="Gorz, Emissary of Darkness", kind="monster", subtypes=("effect",),
               text="When you take damage: You can Special Summon this card from your hand.",
               origin="test")
    view = base_expert.db.layered([old])
    assert view.get("Gorz the Emissary of Darkness").origin == "test"
    assert base_expert.db.get("Gorz the Emissary of Darkness").origin == "database"


def test_name_key_is_stable():
    assert name_key("Lord of D.") == name_key("lord of d")
    assert name_key("Gorz the Emissary of Darkness") == name_key("Gorz, Emissary of Darkness")
