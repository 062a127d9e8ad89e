"""The audit cache: unchanged cards, reader and knowledge are not read again."""

import json

import pytest

from psct_expert.api import Expert
from psct_expert.audit import AuditCache, audit, audit_lines, card_key
from psct_expert.cards import Card

NAMES = ["Pot of Greed", "Monster Reborn", "Mystical Space Typhoon"]


def test_second_audit_comes_from_the_cache(tmp_path, monkeypatch, base_expert):
    monkeypatch.setenv("PSCT_EXPERT_CACHE_DIR", str(tmp_path))
    first = list(audit(base_expert, NAMES, jobs=1))
    files = list((tmp_path / "audit").glob("*.jsonl"))
    assert len(files) == 1
    lines = files[0].read_text(encoding="utf-8").splitlines()
    assert len(lines) == 3
    calls = []
    import psct_expert.audit as mod
    monkeypatch.setattr(mod, "audit_card", lambda *a: calls.append(a) or {})
    again = list(audit(base_expert, NAMES, jobs=1))
    assert again == first and calls == []


def test_changed_card_text_is_read_again(tmp_path, monkeypatch, base_expert):
    monkeypatch.setenv("PSCT_EXPERT_CACHE_DIR", str(tmp_path))
    card = base_expert.db.get("Pot of Greed")
    changed = Card(name=card.name, kind=card.kind, subtypes=card.subtypes,
                   text="Target 1 monster on the field; destroy it.", id=card.id)
    assert card_key(card) != card_key(changed)
    list(audit(base_expert, ["Pot of Greed"], jobs=1))
    other = base_expert.with_cards([changed])
    rec = list(audit(other, ["Pot of Greed"], jobs=1))[0]
    assert rec["targets"] is True


def test_damaged_cache_is_ignored(tmp_path, monkeypatch, base_expert):
    monkeypatch.setenv("PSCT_EXPERT_CACHE_DIR", str(tmp_path))
    store = AuditCache(base_expert)
    store.folder.mkdir(parents=True)
    store.path.write_text("garbage\tnot json\n", encoding="utf-8")
    rec = list(audit(base_expert, ["Pot of Greed"], jobs=1))[0]
    assert rec["name"] == "Pot of Greed"
    key, line, digest = store.path.read_text(encoding="utf-8").rstrip("\n").split("\t")
    assert json.loads(line)["name"] == "Pot of Greed"
    assert json.loads(digest)["status"] == rec["status"]


def test_knowledge_change_gives_a_new_cache_file(tmp_path, monkeypatch, base_expert):
    monkeypatch.setenv("PSCT_EXPERT_CACHE_DIR", str(tmp_path))
    kb = base_expert.kb
    smaller = Expert(kb=type(kb)(rules=kb.rules[:-1], sources=kb.sources,
                                 fact_types=kb.fact_types, families=kb.families,
                                 topics=kb.topics), db=base_expert.db)
    assert AuditCache(smaller).path != AuditCache(base_expert).path


def test_cached_summary_and_json_equal_fresh_ones(tmp_path, monkeypatch, base_expert):
    """A cached audit passes the stored JSON line on as it is, and counts the summary
    from the stored digest: both are what a fresh audit gives."""
    from psct_expert.audit import Summary, audit_lines
    monkeypatch.setenv("PSCT_EXPERT_CACHE_DIR", str(tmp_path))
    fresh = list(audit_lines(base_expert, NAMES, jobs=1, cache=False))
    list(audit_lines(base_expert, NAMES, jobs=1))
    cached = list(audit_lines(base_expert, NAMES, jobs=1))
    assert [line for line, _ in cached] == [line for line, _ in fresh]
    by_digest, by_record = Summary(), Summary()
    for line, dig in cached:
        by_digest.add_digest(json.loads(dig))
        by_record.add(json.loads(line))
    assert by_digest.text() == by_record.text() and by_digest.cards == 3


@pytest.mark.slow
def test_workers_and_one_process_give_the_same_lines_without_the_cache(base_expert, monkeypatch):
    """-j 1 and -j 2 agree byte for byte when every card is really audited (no cache)."""
    import psct_expert.audit as audit_module

    monkeypatch.setattr(audit_module, "PARALLEL_MIN", 4)
    names = [c.name for c in base_expert.db.all_cards()[::700]]   # about 20 cards, every kind
    one = list(audit_lines(base_expert, names, jobs=1, cache=False))
    two = list(audit_lines(base_expert, names, jobs=2, cache=False))
    assert len(one) == len(names) and one == two
    assert [json.loads(line)["name"] for line, _dig in two] == names


def test_a_fresh_install_starts_from_the_shipped_records(tmp_path, monkeypatch, base_expert):
    """The records built at release (first line: the reader's and the rules' version) are
    what a fresh install's first audit reads; a card changed since is read again."""
    import psct_expert.audit as mod

    shipped = tmp_path / "facts" / mod.SHIPPED_NAME
    shipped.parent.mkdir()
    monkeypatch.setattr(mod, "shipped_records_path", lambda: shipped)
    monkeypatch.setenv("PSCT_EXPERT_CACHE_DIR", str(tmp_path / "build-cache"))
    cards = [base_expert.db.get(n) for n in NAMES]
    mod.build_shipped_records(base_expert, shipped, jobs=1, cards=cards)
    first = [json.loads(line) for line, _ in audit_lines(base_expert, NAMES, jobs=1,
                                                         cache=False)]
    monkeypatch.setenv("PSCT_EXPERT_CACHE_DIR", str(tmp_path / "fresh-install"))
    calls = []
    real = mod.audit_card
    monkeypatch.setattr(mod, "audit_card", lambda *a: calls.append(a[1].name) or real(*a))
    assert list(audit(base_expert, NAMES, jobs=1)) == first and calls == []
    # a card whose text changed is read again; the others still come from the records
    other = base_expert.with_cards([Card(name="Pot of Greed", kind="spell", subtypes=("normal",),
                                         text="Draw 3 cards.", id=cards[0].id)])
    list(audit(other, NAMES, jobs=1))
    assert calls == ["Pot of Greed"]


def test_shipped_records_of_another_reader_are_not_used(tmp_path, monkeypatch, base_expert):
    import gzip

    import psct_expert.audit as mod

    shipped = tmp_path / mod.SHIPPED_NAME
    monkeypatch.setattr(mod, "shipped_records_path", lambda: shipped)
    monkeypatch.setenv("PSCT_EXPERT_CACHE_DIR", str(tmp_path / "cache"))
    card = base_expert.db.get("Pot of Greed")
    line = json.dumps({"name": "WRONG"})
    with gzip.open(shipped, "wt", encoding="utf-8") as gz:
        gz.write("#psct-audit-records 0000-0000\n")
        gz.write(f"{card_key(card)}\t{line}\t{{}}\n")
    assert AuditCache(base_expert).prepare() is False
    assert list(audit(base_expert, ["Pot of Greed"], jobs=1))[0]["name"] == "Pot of Greed"


def test_an_audit_interrupted_midway_leaves_the_cache_as_it_was(tmp_path, monkeypatch,
                                                                base_expert):
    monkeypatch.setenv("PSCT_EXPERT_CACHE_DIR", str(tmp_path))
    list(audit(base_expert, NAMES[:1], jobs=1))
    store = AuditCache(base_expert)
    before = store.path.read_bytes()
    it = audit_lines(base_expert, NAMES, jobs=1)
    next(it)
    it.close()                       # the consumer stops: the temporary file goes away
    assert store.path.read_bytes() == before
    assert [p.name for p in store.folder.iterdir()] == [store.path.name]
    list(audit(base_expert, NAMES, jobs=1))
    assert len(store.load()) == 3
