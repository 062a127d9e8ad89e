"""The loaded knowledge is kept in the user's cache folder, checked on load, rebuilt when stale or damaged;
the shipped card database is checked against the card schema when its name index is built."""

import gzip
import json
import pickle
import subprocess
import sys

import pytest

from psct_expert.cards import Card, _build_index
from psct_expert.errors import FileFormatError, RuleError
from psct_expert.knowledge import cache, knowledge_folders, load_knowledge, loader
from psct_expert.paths import FACTS_DIR, cache_dir

pytestmark = pytest.mark.cold_cache      # every test starts with an empty cache folder

RULE = """topic: mine
rules:
  - id: my-rule
    says: A card with a colon starts a Chain.
    cites: [psct-guide#2]
    when:
      - colon: {effect: $e}
    then:
      - starts_chain: {effect: $e, value: yes}
    examples:
      - card: {name: X, kind: spell, text: "Target 1 card; destroy it."}
        fires: yes
"""


def _files():
    return sorted(cache_dir().glob("knowledge-*.pickle"))


def _not_read_again(monkeypatch):
    def fail(*a, **k):
        raise AssertionError("the YAML was read again")

    monkeypatch.setattr(loader, "_load", fail)


@pytest.mark.slow
def test_the_knowledge_is_cached_and_read_back(monkeypatch):
    cache.forget()
    fresh = load_knowledge()
    (path,) = _files()
    assert path.read_bytes().startswith(cache.CACHE_MAGIC.encode() + b" ")
    cache.forget()                       # a new process: only the file is left
    _not_read_again(monkeypatch)
    again = load_knowledge()
    assert again == fresh and again is not fresh and len(again.rules) > 50
    third = load_knowledge()             # this process keeps it too: a fresh copy each time
    assert third == fresh and third is not again and third.rules[0] is not again.rules[0]


@pytest.mark.slow
def test_the_cached_knowledge_is_what_the_yaml_says():
    cache.forget()
    load_knowledge()
    cache.forget()
    cached = load_knowledge()
    assert cached == loader._load(knowledge_folders(), None)


@pytest.mark.slow
def test_a_damaged_or_foreign_file_is_read_from_the_yaml_again():
    fresh = load_knowledge()             # this process's copy: written to this test's cache
    (path,) = _files()
    key = cache.cache_key(knowledge_folders())
    good = path.read_bytes()
    head, payload = good.split(b"\n", 1)
    for bad in (good[:-100] + bytes([good[-100] ^ 0xFF]) + good[-99:],       # a flipped byte
                good[: len(good) // 2], b"", b"not a cache\n" + payload,
                head.replace(head.split(b" ")[1], b"0" * 64) + b"\n" + payload):  # another key
        path.write_bytes(bad)
        cache.forget()
        assert cache.read(key) is None
    assert load_knowledge() == fresh
    assert path.read_bytes() == good     # written again


@pytest.mark.slow
def test_a_cache_file_naming_other_classes_is_refused(tmp_path):
    load_knowledge()
    (path,) = _files()
    key = cache.cache_key(knowledge_folders())
    marker = tmp_path / "ran"

    class Evil:
        def __reduce__(self):
            return (open, (str(marker), "w"))

    payload = pickle.dumps(Evil())
    path.write_bytes(f"{cache.CACHE_MAGIC} {key} {cache._sha(payload)}\n".encode() + payload)
    cache.forget()
    assert cache.read(key) is None and not marker.exists()
    assert len(load_knowledge().rules) > 50 and not marker.exists()


@pytest.mark.slow
def test_a_changed_rule_file_is_read_again(tmp_path):
    cache.forget()
    folder = tmp_path / "rules"
    folder.mkdir()
    (folder / "mine.yaml").write_text(RULE)
    kb = load_knowledge([str(folder)])
    assert kb.rule("my-rule").says == "A card with a colon starts a Chain."
    (folder / "mine.yaml").write_text(RULE.replace("starts a Chain.", "starts a Chain, always."))
    cache.forget()
    assert load_knowledge([str(folder)]).rule("my-rule").says == "A card with a colon starts a Chain, always."
    assert len(_files()) == 1            # the file of the old content is gone
    # the shipped knowledge alone is another set of folders: both files are kept
    assert load_knowledge().rule("my-rule") is None
    assert len(_files()) == 2


@pytest.mark.slow
def test_another_folder_beside_the_shipped_one_reads_only_its_own_files(tmp_path, monkeypatch):
    from psct_expert import yamlpos

    cache.forget()
    shipped = load_knowledge()
    read = []
    real = yamlpos.load
    monkeypatch.setattr(yamlpos, "load", lambda text, path: read.append(path) or real(text, path))
    folder = tmp_path / "rules"
    folder.mkdir()
    (folder / "mine.yaml").write_text(RULE + f"# {tmp_path}\n")     # content no test read before
    kb = load_knowledge([str(folder)])
    assert read == [str(folder / "mine.yaml")]
    assert len(kb.rules) == len(shipped.rules) + 1 and kb.rule("my-rule") is not None
    assert kb.rules[0] == shipped.rules[0] and kb.rules[0] is not shipped.rules[0]


@pytest.mark.slow
def test_errors_are_raised_from_a_cached_load_too(tmp_path, monkeypatch):
    cache.forget()
    folder = tmp_path / "rules"
    folder.mkdir()
    (folder / "bad.yaml").write_text(RULE.replace("psct-guide#2", "no-such-source"))
    with pytest.raises(RuleError) as first:
        load_knowledge([str(folder)])
    cache.forget()
    _not_read_again(monkeypatch)
    with pytest.raises(RuleError) as again:
        load_knowledge([str(folder)])
    assert str(again.value) == str(first.value) and "no-such-source" in str(first.value)
    assert load_knowledge([str(folder)], strict=False).errors


def test_an_unreadable_cache_folder_only_costs_time(tmp_path, monkeypatch):
    cache.forget()
    blocked = tmp_path / "file"
    blocked.write_text("a file where the cache folder should be")
    monkeypatch.setenv("PSCT_EXPERT_CACHE_DIR", str(blocked))
    assert len(load_knowledge().rules) > 50


# -- the card database: checked once, when its name index is built -------------------------------

def test_a_database_card_is_the_same_card_checked_or_not():
    lines = gzip.decompress((FACTS_DIR / "cards.jsonl.gz").read_bytes()).splitlines()[::47]
    assert len(lines) > 300
    for line in lines:
        d = json.loads(line)
        assert Card.from_checked(d) == Card.from_dict(d)


def test_a_json_line_is_checked_in_one_step_or_left_to_the_python_checks():
    from psct_expert.cardschema import checked_json_name

    assert checked_json_name('{"name": "A ", "kind": "spell", "level": null}') == "A "
    for bad in ('{"name": "A", "kind": "spell", "level": [1, 2]}', '{"name": "A", "kind": "card"}',
                '{"name": "A", "kind": "spell", "colour": "red"}', '{"kind": "spell"}', "[1]",
                '{"name": "A", "kind": "spell", "level": 4.0}', "{not json",
                '{"name": "A\\u00e9", "kind": "spell"}'):    # an escape: the Python checks decide
        assert checked_json_name(bad) is None, bad


def test_a_bad_database_line_is_reported_when_the_index_is_built(tmp_path):
    good = json.dumps({"name": "A", "kind": "spell", "text": "Draw 1 card."})
    for line, says in ((json.dumps({"name": "B", "kind": "spell", "level": [1, 2]}), "'level'"),
                       (json.dumps({"kind": "spell"}), "needs a 'name'"),
                       ('{"name": "C", "kind": "spell", "text": "\\ud800"}', "surrogate"),
                       ("{not json", "invalid JSON")):
        path = tmp_path / "cards.jsonl.gz"
        path.write_bytes(gzip.compress((good + "\n" + line + "\n").encode()))
        with pytest.raises(FileFormatError) as exc:
            _build_index(path)
        assert exc.value.line == 2 and says in str(exc.value), str(exc.value)
    path.write_bytes(gzip.compress((good + "\n").encode())[:-6])
    with pytest.raises(FileFormatError):
        _build_index(path)


@pytest.mark.slow
def test_a_question_in_a_fresh_process_needs_no_schema_once_the_cache_is_built():
    code = ("import sys\nfrom psct_expert import Expert\n"
            "print(Expert().ask('Does Raigeki target?').value, 'pydantic' in sys.modules)")
    runs = [subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
            for _ in range(2)]
    # the first builds the name index (checking every card); the second reads it
    assert [r.stdout.split() for r in runs] == [["no", "True"], ["no", "False"]], \
        [r.stderr[-300:] for r in runs]
