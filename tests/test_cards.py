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


def _fresh_database():
    from psct_expert.cards import load_database

    load_database.cache_clear()
    try:
        return load_database()
    finally:
        load_database.cache_clear()


@pytest.mark.slow            # (a second of its own)
@pytest.mark.cold_cache      # edits the cache file in place: it must be this test's own
def test_the_name_cache_is_verified_on_load(tmp_path):
    """An edited cache must not change card text: its head is checked against the digest in
    its header, and each card line against its own digest when the card is first used."""
    import os

    from psct_expert.paths import cache_dir

    first = _fresh_database().get("Pot of Greed").text
    caches = list(cache_dir().glob("cards-index*"))
    assert len(caches) == 1
    raw = caches[0].read_bytes()
    assert raw.count(b"Draw 2 cards") >= 1
    # a card line edited in place (same length): its digest no longer matches
    caches[0].write_bytes(raw.replace(b"Draw 2 cards", b"Draw 9 cards"))
    assert _fresh_database().get("Pot of Greed").text == first
    assert b"Draw 9 cards" not in caches[0].read_bytes()      # rebuilt from the database
    # the head edited: the header's digest no longer matches
    raw = caches[0].read_bytes()
    nl = raw.index(b"\n") + 1
    caches[0].write_bytes(raw[:nl + 10] + bytes([raw[nl + 10] ^ 1]) + raw[nl + 11:])
    assert _fresh_database().get("Pot of Greed").text == first
    caches[0].write_bytes(b"not a cache at all")
    assert _fresh_database().get("Pot of Greed").text == first
    assert "Draw 9" not in first and os.path.exists(caches[0])


@pytest.mark.slow
@pytest.mark.cold_cache
def test_every_card_is_read_again_when_the_index_changes_under_a_loaded_database():
    """A card line of the index edited after the database was loaded: the read that finds it
    rebuilds the index and reads again (one helper, for one card and for every card)."""
    from psct_expert.paths import cache_dir

    db = _fresh_database()
    cache = next(cache_dir().glob("cards-index*"))
    cache.write_bytes(cache.read_bytes().replace(b"Draw 2 cards", b"Draw 9 cards"))
    cards = db.all_cards()
    assert not any("Draw 9 cards" in c.text for c in cards)
    assert len(cards) == len(_fresh_database().all_cards())
    assert b"Draw 9 cards" not in cache.read_bytes()          # rebuilt from the database


@pytest.mark.slow
@pytest.mark.cold_cache
def test_the_index_read_back_has_the_tables_the_database_built():
    """The index file keeps the names as one text, where each line is in arrays and only the
    loose keys that are not their strict key: read back, every table is the one built from the
    database's lines (same keys in the same order, same loose look-ups, same lines)."""
    from psct_expert.cards import FACTS_DIR, _build_index, _LooseKeys, _read_index, load_database

    src = FACTS_DIR / "cards.jsonl.gz"
    _fresh_database()                                   # writes the index
    read, built = _read_index(src), _build_index(src)
    assert isinstance(read.loose, _LooseKeys) and isinstance(built.loose, dict)
    assert list(read.cards) == list(built.cards)
    assert list(read.loose) == list(built.loose) and len(read.loose) == len(built.loose)
    assert list(read.loose.items()) == list(built.loose.items())
    assert 0 < len(read.loose.odd) < len(built.loose) // 4      # few keys are not their own
    for key in list(built.cards)[::50] + ["the", "", "not a card at all"]:
        assert read.loose.get(key) == built.loose.get(key) and (key in read.loose) == (key in built.loose)
    for key in list(built.cards)[::200]:
        assert read._line(read.cards[key]).decode() == built.cards[key]
        assert read.find(key) == built.find(key)
    assert [read._line(e) for e in read.extra] == [e.encode() for e in built.extra]
    assert read.all_keys() == built.all_keys()
    # a card added to a database read from the index: its loose table becomes a dict first
    from psct_expert.cards import Card

    card = Card.from_dict({"name": "The Zzyzx Test Card", "kind": "spell", "text": "Draw 1 card."})
    read.add(card)
    built.add(card)
    assert isinstance(read.loose, dict) and read.loose == built.loose
    assert read.find("zzyzx test card") == card
    load_database.cache_clear()


@pytest.mark.cold_cache
def test_the_name_cache_is_keyed_by_path_and_content(tmp_path):
    from psct_expert.cards import _index_cache_path
    from psct_expert.paths import FACTS_DIR

    src = FACTS_DIR / "cards.jsonl.gz"
    copy = tmp_path / "cards.jsonl.gz"
    copy.write_bytes(src.read_bytes())
    (a, ha), (b, hb) = _index_cache_path(src), _index_cache_path(copy)
    assert ha == hb and a != b                         # same content, another path
    os_stat = copy.stat()
    raw = src.read_bytes()
    copy.write_bytes(raw[:-1] + bytes([raw[-1] ^ 1]))
    import os
    os.utime(copy, ns=(os_stat.st_atime_ns, os_stat.st_mtime_ns))   # same size and time
    assert _index_cache_path(copy)[0] != b             # different content, different key


def test_name_lookups_kept_on_a_database_follow_its_changes(base_expert):
    from psct_expert.parser.names import find_cards

    sentence = "Can Zorblax Quux negate Raigeki?"
    db = base_expert.db.layered([])
    first = find_cards(sentence, db)
    assert [m.card for m in first] == ["Raigeki"]
    again = find_cards(sentence, db)
    assert again == first and again[0] is not first[0]     # each call gets mentions of its own
    first[0].card = "changed"
    assert find_cards(sentence, db)[0].card == "Raigeki"
    assert db.fuzzy("Raigekii") is db.fuzzy("Raigekii") is not None
    # a card added to the database (or to a layer below it) is found from then on
    db.add(Card(name="Zorblax Quux", kind="monster", text="A test card."))
    assert [m.card for m in find_cards(sentence, db)] == ["Zorblax Quux", "Raigeki"]
    assert db.fuzzy("Zorblax Quuxx").name == "Zorblax Quux"
    top = db.layered([])
    assert find_cards("Does Zorblux Quux target?", top)[0].card == "Zorblax Quux"


def test_closest_keys_kept_on_disk_are_what_rapidfuzz_finds(base_expert, tmp_path, monkeypatch):
    from rapidfuzz import fuzz, process

    from psct_expert import cards as C

    monkeypatch.setenv("PSCT_EXPERT_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(C._FUZZY_LOG, "opened", [])
    db = base_expert.db.layered([Card(name="Zorblax Quux", kind="monster", text="A test card.")])
    queries = ["dark magican", "zorblax quuxx", "completely different words", "raigekii", "a"]
    want = [process.extract(q, db.all_keys(), scorer=fuzz.ratio, limit=2) for q in queries]
    assert [C._closest_keys(q, db) for q in queries] == want
    assert want[1][0][0] == "zorblax quux"

    def not_asked(*args, **kwargs):
        raise AssertionError("rapidfuzz asked")

    monkeypatch.setattr(C._FUZZY_LOG, "opened", [])             # a fresh process: read from the file
    monkeypatch.setattr(process, "extract", not_asked)
    assert [C._closest_keys(q, db) for q in queries] == want
    # other keys (another layer of cards) are searched again, not answered from the file
    other = base_expert.db.layered([])
    with pytest.raises(AssertionError, match="rapidfuzz asked"):
        C._closest_keys("zorblax quuxx", other)


def test_every_alias_names_a_shipped_card_and_shadows_none(base_expert):
    """facts/aliases.yaml: each nickname leads to a card of the pool, and no nickname is itself
    the name of another card (it would hide that card)."""
    from psct_expert.cards import FACTS_DIR, _load_aliases

    db = base_expert.db
    official = {name_key(db.display_name(k)) for k in db.all_keys()} - set(db.aliases)
    for alias, target in _load_aliases(FACTS_DIR / "aliases.yaml").items():
        card = db.find(alias)
        assert card is not None and card.name == db.find(target).name, alias
        assert name_key(alias) == name_key(target) or name_key(alias) not in official, alias
