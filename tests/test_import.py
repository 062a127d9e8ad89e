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
    import_cards(jl, replace=True)      # it shadows a shipped card: on purpose only
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


# -- reliability round 2: one writer at a time, every bad file named ------------------------

def _jsonl(path, *cards):
    path.write_text("".join(json.dumps(c) + "\n" for c in cards), encoding="utf-8")
    return path


@pytest.mark.slow
def test_two_imports_at_once_both_land(user_store, monkeypatch):
    """Without the store lock both read the empty store and the last writer wins."""
    import threading

    import psct_expert.importers as importers

    real_write = importers.atomic_write_text

    def slow_write(path, text):
        import time
        time.sleep(0.3)  # both imports are now between reading and writing the store
        real_write(path, text)
    monkeypatch.setattr(importers, "atomic_write_text", slow_write)
    a = _jsonl(user_store / "a.jsonl", {"name": "Card A", "kind": "spell", "text": ""})
    b = _jsonl(user_store / "b.jsonl", {"name": "Card B", "kind": "trap", "text": ""})
    errors = []

    def run(path):
        try:
            import_cards(path)
        except Exception as exc:  # pragma: no cover - reported below
            errors.append(exc)
    threads = [threading.Thread(target=run, args=(p,)) for p in (a, b)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert sorted(c.name for c in user_cards()) == ["Card A", "Card B"]


@pytest.mark.slow
def test_import_while_another_holds_the_lock_fails_loudly(user_store, monkeypatch, capsys):
    from psct_expert.cli.main import main
    from psct_expert.userstore import store_lock
    import psct_expert.userstore as userstore

    monkeypatch.setattr(userstore, "LOCK_WAIT", 0.2)
    a = _jsonl(user_store / "a.jsonl", {"name": "Card A", "kind": "spell", "text": ""})
    with store_lock():
        assert main(["cards", "import", str(a)]) == 2
    err = capsys.readouterr().err
    assert "another 'cards import'" in err and "cards.lock" in err
    assert not store_path().exists()
    assert main(["cards", "import", str(a)]) == 0   # the lock is free again


def test_a_symlinked_store_stays_a_symlink(user_store):
    real = user_store / "elsewhere" / "my-cards.jsonl"
    real.parent.mkdir()
    real.write_text(json.dumps({"name": "Old", "kind": "spell", "text": ""}) + "\n")
    store_path().parent.mkdir(parents=True)
    store_path().symlink_to(real)
    import_cards(_jsonl(user_store / "n.jsonl", {"name": "New", "kind": "spell", "text": ""}))
    assert store_path().is_symlink()
    assert sorted(c.name for c in user_cards()) == ["New", "Old"]
    assert "New" in real.read_text()


def test_two_cards_of_one_name_in_one_file(user_store, capsys):
    from psct_expert.cli.main import main

    f = _jsonl(user_store / "d.jsonl",
               {"id": 1, "name": "Twin", "kind": "monster", "text": "Ritual."},
               {"id": 2, "name": "Twin", "kind": "monster", "text": "Normal."},
               {"id": 3, "name": "Again", "kind": "spell", "text": "first"},
               {"id": 3, "name": "Again", "kind": "spell", "text": "second"})
    assert main(["cards", "import", str(f)]) == 0
    err = capsys.readouterr().err
    assert '"Twin" names 2 cards with different ids' in err
    assert '"Again" (id 3) is listed twice (cards 3 and 4); kept card 4' in err
    cards = user_cards()
    assert sorted((c.name, c.text) for c in cards) == [("Again", "second"), ("Twin", "Normal."),
                                                        ("Twin", "Ritual.")]


def test_cdb_path_with_hash_is_read_and_nothing_is_created(user_store):
    folder = user_store / "my #1 cards?"
    folder.mkdir()
    cdb = folder / "set#2.cdb"
    make_cdb(cdb, [(90000001, "Hash Dragon", "Draw 1 card.", 0x21, 100, 100, 4, 0x2000, 0x20)])
    before = sorted(p.name for p in folder.iterdir())
    assert import_cards(cdb) == (1, 1)
    assert sorted(p.name for p in folder.iterdir()) == before
    assert not (user_store / "my ").exists()


@pytest.mark.parametrize("card, field", [
    ({"name": "Bad", "kind": "monster", "level": [1, 2]}, "level"),
    ({"name": "Bad", "kind": "monster", "level": "4"}, "level"),
    ({"name": "Bad", "kind": "monster", "atk": [1]}, "atk"),
    ({"name": "Bad", "kind": "spell", "id": "x"}, "id"),
    ({"name": "Bad", "kind": "spell", "attribute": 3}, "attribute"),
    ({"name": "Bad", "kind": "spell", "official_text": "yes"}, "official_text"),
    ({"name": "Bad", "kind": "spell", "txt": "typo"}, "txt"),
])
def test_card_field_types_are_checked_on_import(user_store, card, field):
    f = _jsonl(user_store / "t.jsonl", {"name": "Fine", "kind": "spell", "text": ""}, card)
    with pytest.raises(FileFormatError) as err:
        import_cards(f)
    assert str(err.value).startswith(f"{f}:2: ") and repr(field) in str(err.value)
    assert err.value.field == field
    assert not store_path().exists()


def test_a_bad_store_is_named_by_every_command(user_store, capsys):
    from psct_expert.cards import load_database
    from psct_expert.cli.main import main

    store_path().parent.mkdir(parents=True)
    store_path().write_bytes(b'{"name": "Ok", "kind": "spell", "text": ""}\n'
                             b'{"name": "Caf\xe9", "kind": "spell"}\n')
    load_database.cache_clear()
    try:
        assert main(["ask", "Does Creature Swap target?"]) == 2
        err = capsys.readouterr().err
        assert f"{store_path()}:2:" in err and "not UTF-8" in err
        store_path().write_text('{"name": "Lv", "kind": "monster", "level": [1, 2]}\n')
        load_database.cache_clear()
        assert main(["cards", "list"]) == 2
        assert f"{store_path()}:1: " in capsys.readouterr().err
    finally:
        load_database.cache_clear()


@pytest.mark.parametrize("line, message", [
    (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
    (b'{"name": "\\ud800", "kind": "spell"}', "lone surrogate"),
    (b'{"name": "X", "kind": "spell", "text": "\xff"}', "not UTF-8"),
], ids=["deep", "surrogate", "latin-1"])
def test_hostile_json_lines_are_named_errors(user_store, line, message):
    f = user_store / "h.jsonl"
    f.write_bytes(b'{"name": "Fine", "kind": "spell"}\n' + line + b"\n")
    with pytest.raises(FileFormatError) as err:
        import_cards(f)
    assert f"{f}:2" in str(err.value) and message in str(err.value)


def test_hostile_ygoprodeck_json(user_store):
    f = user_store / "deep.json"
    f.write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(FileFormatError, match="nested too deeply"):
        import_cards(f)
    f.write_text('{"data": [{"name": "\\udc00", "type": "Spell Card"}]}')
    with pytest.raises(FileFormatError, match="lone surrogate"):
        import_cards(f)


def test_a_truncated_gz_is_reported_not_aborted(user_store, capsys):
    import gzip

    from psct_expert.cli.main import main

    full = gzip.compress(b"".join(json.dumps({"name": f"C{i}", "kind": "spell",
                                              "text": "x" * 200}).encode() + b"\n"
                                  for i in range(200)))
    f = user_store / "cut.jsonl.gz"
    f.write_bytes(full[: len(full) // 2])
    assert main(["cards", "import", str(f)]) == 2
    err = capsys.readouterr().err
    assert str(f) in err and "truncated" in err and "aborted" not in err
    assert not store_path().exists()


def test_a_store_folder_that_cannot_be_written(user_store, monkeypatch, capsys):
    import errno
    import tempfile

    from psct_expert.cli.main import main

    def refuse(*a, **k):
        raise PermissionError(errno.EACCES, "Permission denied")
    monkeypatch.setattr(tempfile, "mkstemp", refuse)   # what a read-only folder does (even as root)
    f = _jsonl(user_store / "a.jsonl", {"name": "Card A", "kind": "spell", "text": ""})
    assert main(["cards", "import", str(f)]) == 2
    err = capsys.readouterr().err
    assert f"{store_path()}: cannot write: Permission denied" in err


def test_a_full_disk_keeps_the_old_store(user_store, monkeypatch, capsys):
    import errno

    from psct_expert.cli.main import main
    import psct_expert.atomic as atomic

    good = _jsonl(user_store / "good.jsonl", {"name": "Keep Me", "kind": "spell", "text": ""})
    import_cards(good)
    before = store_path().read_bytes()

    def full(*a, **k):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(atomic.os, "fsync", full)
    more = _jsonl(user_store / "more.jsonl", {"name": "New", "kind": "spell", "text": ""})
    assert main(["cards", "import", str(more)]) == 2
    assert "No space left on device" in capsys.readouterr().err
    assert store_path().read_bytes() == before
    assert not [p for p in store_path().parent.iterdir() if p.name.endswith(".tmp")]
