"""A card's reading kept on disk (psct_expert/readcache.py): read back as it was made, never a
stale or damaged one."""

import pytest

from psct_expert import readcache as R
from psct_expert.cards import Card
from psct_expert.reader.reader import _Reader


@pytest.fixture()
def fresh(monkeypatch, tmp_path):
    """The cache in a folder of its own, worked out again for this test."""
    monkeypatch.setenv("PSCT_EXPERT_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(R, "_STATE", {})
    return tmp_path


def _same(a, b) -> None:
    assert a.card == b.card and a.effects == b.effects and a.facts == b.facts
    assert [f.source for f in a.facts] == [f.source for f in b.facts]   # (not in Fact's ==)
    assert (a.legacy, a.unread) == (b.legacy, b.unread)
    assert R._encode_reading(a) == R._encode_reading(b)   # the same types all the way down


def test_a_reading_is_kept_and_read_back_as_it_was_made(base_expert, fresh):
    names = ["Creature Swap", "Thunder King Rai-Oh", "Gorz the Emissary of Darkness",
             "Super Polymerization", "Effect Veiler", "Ash Blossom & Joyous Spring"]
    cards = [base_expert.db.get(n) for n in names]
    made = [R.kept_reading(c, _Reader(c).read) for c in cards]
    files = list(fresh.glob(f"{R.PREFIX}*/*.json"))
    assert len(files) == len(cards)
    for card, first in zip(cards, made):
        back = R.kept_reading(card, lambda: pytest.fail("read again"))
        assert back is not first
        _same(back, first)
        _same(back, _Reader(card).read())
    assert any(e.clauses for r in made for e in r.effects)      # (the classes all came back)
    assert any(isinstance(t, tuple) for r in made for e in r.effects for t in e.links)


def test_a_damaged_or_foreign_file_is_not_believed(base_expert, fresh):
    card = base_expert.db.get("Creature Swap")
    first = R.kept_reading(card, _Reader(card).read)
    (path,) = fresh.glob(f"{R.PREFIX}*/*.json")
    data = path.read_bytes()
    for bad in (data + b" ", data.replace(b'{"c":"Fact"', b'{"c":"Span"', 1), data[:-5], b"",
                data.split(b"\n", 1)[1],
                # a right digest over a body that is no reading
                __import__("hashlib").sha256(b'{"x":1}').hexdigest().encode() + b'\n{"x":1}'):
        path.write_bytes(bad)
        calls = []
        got = R.kept_reading(card, lambda: calls.append(1) or _Reader(card).read())
        assert calls == [1], bad[:60]
        _same(got, first)
        assert path.read_bytes() == data          # written again


def test_another_card_or_another_reader_is_another_file(base_expert, fresh, monkeypatch):
    card = base_expert.db.get("Creature Swap")
    R.kept_reading(card, _Reader(card).read)
    changed = Card(**{**card.__dict__, "text": card.text + " You can only use this effect once."})
    assert R._card_key(changed) != R._card_key(card)
    assert R._card_key(Card(**{**card.__dict__, "origin": "user store"})) != R._card_key(card)
    calls = []
    R.kept_reading(changed, lambda: calls.append(1) or _Reader(changed).read())
    assert calls == [1]
    # the reader's code changed: a folder of its own, and the old one is removed
    (old,) = fresh.glob(f"{R.PREFIX}*")
    import psct_expert.filehash as FH

    real = FH.sha256_files
    monkeypatch.setattr(FH, "sha256_files", lambda paths: ["0" * 64 for _ in real(paths)])
    monkeypatch.setattr(R, "_STATE", {})
    calls = []
    R.kept_reading(card, lambda: calls.append(1) or _Reader(card).read())
    assert calls == [1]
    (new,) = fresh.glob(f"{R.PREFIX}*")
    assert new != old and not old.exists()


def test_at_most_limit_files_are_kept(base_expert, fresh, monkeypatch):
    monkeypatch.setattr(R, "LIMIT", 2)
    for name in ["Creature Swap", "Thunder King Rai-Oh", "Effect Veiler"]:
        card = base_expert.db.get(name)
        R.kept_reading(card, _Reader(card).read)
    assert len(list(fresh.glob(f"{R.PREFIX}*/*.json"))) == 2


def test_without_a_cache_folder_nothing_is_kept_and_all_is_worked_out(base_expert, monkeypatch):
    import psct_expert.paths as P
    from psct_expert import cards as C

    def no_home():
        raise RuntimeError("Could not determine home directory.")
    monkeypatch.setattr(P, "cache_dir", no_home)
    monkeypatch.setattr(C, "cache_dir", no_home)
    monkeypatch.setattr(R, "_STATE", {})
    card = base_expert.db.get("Creature Swap")
    _same(R.kept_reading(card, _Reader(card).read), _Reader(card).read())
    assert R._STATE["folder"] is None
    # the shipped layer's name beginnings: worked out, not kept
    shipped = C.CardDB()
    shipped.lines = C._IndexLines(C.Path("cards-index.bin"), 0, C.Path("cards.jsonl.gz"))
    shipped.loose = C._LooseKeys({"blue eyes white dragon": 0}, {}, {}, 1)
    shipped.cards = shipped.loose.cards
    assert C._beginnings_path(shipped) is None
    assert "blue eyes" in shipped.name_beginnings()[0]


def test_one_process_writes_at_most_per_process_files(base_expert, fresh, monkeypatch):
    monkeypatch.setattr(R, "PER_PROCESS", 1)
    encoded = []
    real = R._encode_reading
    monkeypatch.setattr(R, "_encode_reading", lambda r: encoded.append(1) or real(r))
    for name in ["Creature Swap", "Thunder King Rai-Oh"]:
        card = base_expert.db.get(name)
        R.kept_reading(card, _Reader(card).read)
    assert len(list(fresh.glob(f"{R.PREFIX}*/*.json"))) == 1
    assert len(encoded) == 2            # the second card was not even encoded
