"""Importing cards: three formats, errors that name the row, and a store that is never half-written."""

import json
import sqlite3

import pytest

from psct_expert.errors import FileFormatError
from psct_expert.importers import decode_type, import_cards
from psct_expert.userstore import store_path, user_cards


@pytest.fixture(autouse=True)
def user_store(tmp_path, monkeypatch):
    monkeypatch.setenv("PSCT_EXPERT_USER_DIR", str(tmp_path / "store"))
    return tmp_path


def make_cdb(path, rows):
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE datas (id INTEGER PRIMARY KEY, ot INTEGER, alias INTEGER, "
                "setcode INTEGER, type INTEGER, atk INTEGER, def INTEGER, level INTEGER, "
                "race INTEGER, attribute INTEGER, category INTEGER)")
    con.execute("CREATE TABLE texts (id INTEGER PRIMARY KEY, name TEXT, desc TEXT)")
    for cid, name, desc, typ, atk, df, level, race, attr in rows:
        con.execute("INSERT INTO datas VALUES (?,0,0,0,?,?,?,?,?,?,0)",
                    (cid, typ, atk, df, level, race, attr))
        con.execute("INSERT INTO texts VALUES (?,?,?)", (cid, name, desc))
    con.commit()
    con.close()


def test_type_bits():
    assert decode_type(0x21) == ("monster", ["effect"])
    assert decode_type(0x1021 | 0x2000) == ("monster", ["effect", "tuner", "synchro"])
    assert decode_type(0x10002) == ("spell", ["quick-play"])
    assert decode_type(0x100004) == ("trap", ["counter"])
    assert decode_type(0x2) == ("spell", ["normal"])


def test_import_cdb(user_store):
    cdb = user_store / "mine.cdb"
    make_cdb(cdb, [(90000001, "Homebrew Dragon", "If this card is Summoned: You can draw 1 card.",
                    0x21, 2500, 2000, 7, 0x2000, 0x20),
                   (90000002, "Homebrew Counter", "When a Spell Card is activated: Negate the activation.",
                    0x100004, 0, 0, 0, 0, 0)])
    added, total = import_cards(cdb)
    assert (added, total) == (2, 2)
    cards = {c.name: c for c in user_cards()}
    dragon = cards["Homebrew Dragon"]
    assert dragon.kind == "monster" and dragon.attribute == "DARK" and dragon.race == "Dragon"
    assert cards["Homebrew Counter"].subtypes == ("counter",)


def test_import_ygoprodeck_json(user_store):
    dump = user_store / "cardinfo.json"
    dump.write_text(json.dumps({"data": [
        {"id": 90000003, "name": "Homebrew Trap", "type": "Trap Card", "race": "Continuous",
         "desc": "Neither player can banish cards."},
        {"id": 90000004, "name": "Homebrew Synchro", "type": "Synchro Tuner Monster",
         "race": "Dragon", "attribute": "LIGHT", "atk": 2000, "def": 1000, "level": 6,
         "desc": "1 Tuner + 1+ non-Tuner monsters\nOnce per turn: You can draw 1 card."}]}))
    assert import_cards(dump) == (2, 2)
    cards = {c.name: c for c in user_cards()}
    assert cards["Homebrew Trap"].subtypes == ("continuous",)
    assert cards["Homebrew Synchro"].subtypes == ("synchro", "tuner")


def test_import_jsonl_and_override_the_shipped_card(user_store, base_expert):
    jl = user_store / "cards.jsonl"
    jl.write_text(json.dumps({"name": "Pot of Greed", "kind": "spell", "subtypes": ["normal"],
                              "text": "Draw 3 cards."}) + "\n")
    import_cards(jl)
    from psct_expert.cards import load_database
    load_database.cache_clear()
    try:
        assert load_database().get("Pot of Greed").text == "Draw 3 cards."
    finally:
        load_database.cache_clear()


def test_malformed_last_row_leaves_the_store_as_it_was(user_store):
    good = user_store / "good.jsonl"
    good.write_text(json.dumps({"name": "Keep Me", "kind": "spell", "text": "Draw 1 card."}) + "\n")
    import_cards(good)
    before = store_path().read_bytes()
    bad = user_store / "bad.jsonl"
    bad.write_text(json.dumps({"name": "Fine", "kind": "trap", "text": ""}) + "\n"
                   + json.dumps({"name": "Broken", "kind": "sorcery"}) + "\n")
    with pytest.raises(FileFormatError) as err:
        import_cards(bad)
    assert "bad.jsonl:2" in str(err.value)
    assert store_path().read_bytes() == before
    assert not [p for p in store_path().parent.iterdir() if p.name.endswith(".tmp")]


def test_malformed_cdb_row_is_named(user_store):
    cdb = user_store / "broken.cdb"
    make_cdb(cdb, [(1, "Good", "Draw 1 card.", 0x2, 0, 0, 0, 0, 0),
                   (2, "Bad", "?", 0x0, 0, 0, 0, 0, 0)])
    with pytest.raises(FileFormatError) as err:
        import_cards(cdb)
    assert "row 2 (id 2)" in str(err.value)
    assert not store_path().exists()


def test_interrupted_write_keeps_the_old_store(user_store, monkeypatch):
    good = user_store / "good.jsonl"
    good.write_text(json.dumps({"name": "Keep Me", "kind": "spell", "text": "Draw 1 card."}) + "\n")
    import_cards(good)
    before = store_path().read_bytes()
    import os

    def boom(*a, **k):
        raise KeyboardInterrupt
    monkeypatch.setattr(os, "replace", boom)
    more = user_store / "more.jsonl"
    more.write_text(json.dumps({"name": "New", "kind": "spell", "text": ""}) + "\n")
    with pytest.raises(KeyboardInterrupt):
        import_cards(more)
    assert store_path().read_bytes() == before
    assert not [p for p in store_path().parent.iterdir() if p.name.endswith(".tmp")]
