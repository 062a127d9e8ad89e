"""The compiled question grammar is kept in the user's cache folder, checked on load, rebuilt when damaged."""

import pytest
from lark import Token

from psct_expert.parser import grammar as G

pytestmark = pytest.mark.cold_cache      # (each test also moves the cache to its tmp_path)

# "is it so ?" has two readings (so as a thing or as a place): the grammar as written decides
TINY = ('start: lead* q_yes\nlead: "it"i "is"i "."\nfam_yes: "is"i "it"i thing? place?\n'
        'thing: "so"i\nplace: "so"i | "here"i\nq_yes: fam_yes "?"\n')


def words(g, text):
    return [Token(g.terminal(w), w) for w in text.split()]


def test_the_grammar_is_cached_and_read_back(tmp_path, monkeypatch):
    monkeypatch.setenv("PSCT_EXPERT_CACHE_DIR", str(tmp_path))
    built = G._compiled.__wrapped__(TINY)
    path, key = G._cache_file(TINY)
    assert path.parent == tmp_path and path.exists()
    assert G._cache_file(TINY, "-written")[0].exists()
    again = G._read_cached(path, key)
    assert isinstance(again, G.Grammar) and again is not built
    # one reading: the factored grammar gives the tree; the written one is not even read
    assert again.parse(words(again, "is it here ?")) == built.parse(words(built, "is it here ?"))
    assert again._written is None
    # two readings: the grammar as written is read from its own file, and picks as before
    tree = again.parse(words(again, "is it so ?"))
    assert tree == built.parse(words(built, "is it so ?"))
    assert [t.data for t in tree.iter_subtrees_topdown()].count("thing") == 1
    assert again._written is not None


def test_a_damaged_or_foreign_cache_is_compiled_again(tmp_path, monkeypatch):
    monkeypatch.setenv("PSCT_EXPERT_CACHE_DIR", str(tmp_path))
    G._compiled.__wrapped__(TINY)
    path, key = G._cache_file(TINY)
    good = path.read_bytes()
    damaged = bytearray(good)
    damaged[len(good) // 2] ^= 0xFF
    for bad in (bytes(damaged), good[: len(good) // 2], b"", b"not a cache\n" + good.split(b"\n", 1)[1]):
        path.write_bytes(bad)
        assert G._read_cached(path, key) is None
        g = G._compiled.__wrapped__(TINY)      # rebuilt, and the file written again,
        assert g.parse(words(g, "is it ?")).data == "start"
        assert g.families      # when first needed (the shape file has this sentence's tree)
        assert path.read_bytes() != bad and G._read_cached(path, key) is not None
    # a damaged copy of the written grammar is compiled again when it is needed
    written, wkey = G._cache_file(TINY, "-written")
    written.write_bytes(b"junk")
    g = G._read_cached(path, key)
    assert g.parse(words(g, "is it so ?")) == G.Grammar(TINY).parse(words(g, "is it so ?"))
    assert G._read_cached(written, wkey, G.Lark) is not None
    # another grammar (or another lark or Python) is another file; the old ones are removed
    G._compiled.__wrapped__(TINY.replace('"here"i', '"there"i'))
    assert not path.exists() and not written.exists()
    assert len(list(tmp_path.glob("question-grammar-*.pickle"))) == 2


def test_extended_rules_keep_their_aliases():
    # %extend nests the added alternatives; an alias there is still the rule's own
    g = G.Grammar(TINY + 'thing_or: "so"i -> so_thing\n%extend thing_or: "here"i -> here_thing\n'
                  .replace("thing_or", "place2") + 'q_two: "is"i place2 "?"\n')
    tree = g.parse([Token(g.terminal(w), w) for w in "is here ?".split()])
    assert "here_thing" in [t.data for t in tree.iter_subtrees_topdown()]


def _tampered(path, key, obj) -> None:
    """The cache file rewritten with ``obj`` pickled and a header that matches it (anyone who can
    write the cache folder can compute it)."""
    import hashlib
    import pickle

    payload = pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)
    path.write_bytes(f"{G.CACHE_MAGIC} {key} {hashlib.sha256(payload).hexdigest()}\n".encode()
                     + payload)


class _Runs:
    def __init__(self, marker):
        self.marker = marker

    def __reduce__(self):
        import os

        return (os.system, (f"echo PWNED > {self.marker}",))


class _CallsLark:
    """A pickle that calls lark's ``Lark`` (whose ``cache`` option would read a pickle of its own)."""

    def __reduce__(self):
        return (G.Lark, ("start: \"a\"",))


def test_a_cache_file_cannot_run_code(tmp_path, monkeypatch):
    monkeypatch.setenv("PSCT_EXPERT_CACHE_DIR", str(tmp_path))
    G._compiled.__wrapped__(TINY)
    path, key = G._cache_file(TINY)
    assert isinstance(G._read_cached(path, key), G.Grammar)   # the real file reads back
    marker = tmp_path / "pwned.txt"
    _tampered(path, key, _Runs(marker))
    assert G._read_cached(path, key) is None and not marker.exists()
    _tampered(path, key, _CallsLark())
    assert G._read_cached(path, key) is None
    g = G._compiled.__wrapped__(TINY)      # compiled again when first needed, the file rewritten
    assert g.families
    assert G._read_cached(path, key) is not None and g.parse(words(g, "is it ?")).data == "start"
    assert not marker.exists()


def test_sentence_shapes_are_kept_on_disk_as_plain_data(tmp_path, monkeypatch):
    import json
    import os

    from psct_expert.parser import shapes as S

    monkeypatch.setenv("PSCT_EXPERT_CACHE_DIR", str(tmp_path))
    built = G._compiled.__wrapped__(TINY)
    want = {q: built.parse(words(built, q)) for q in ("is it here ?", "is it so ?", "it is . is it ?")}
    store, = tmp_path.glob("question-shapes-*.jsonl")
    head, *lines = store.read_text().splitlines()
    assert json.loads(head)["words"] == built.words and len(lines) == 3
    # a fresh process: words and trees from the file, the compiled grammar not read at all
    again = G._compiled.__wrapped__(TINY)
    assert "_loader" in again.__dict__
    assert {q: again.parse(words(again, q)) for q in want} == want
    assert "_loader" in again.__dict__
    # a line whose hash does not match is not used: that shape is parsed again (and appended)
    lines[0] = lines[0].replace('"', "'", 1) if "'" not in lines[0] else lines[0] + "x"
    store.write_text("\n".join([head] + lines) + "\n")
    again = G._compiled.__wrapped__(TINY)
    assert {q: again.parse(words(again, q)) for q in want} == want
    assert "_loader" not in again.__dict__ and len(store.read_text().splitlines()) == 5
    # a file shared by a hard link (the tests' cache template) is copied, never appended to
    shared = tmp_path / "template.jsonl"
    os.link(store, shared)
    before = shared.read_bytes()
    again = G._compiled.__wrapped__(TINY)
    again.parse(words(again, "it is . it is . is it ?"))
    assert shared.read_bytes() == before and len(store.read_text().splitlines()) == 6
    # another grammar is another file
    G._compiled.__wrapped__(TINY.replace('"here"i', '"there"i')).families
    assert len(list(tmp_path.glob("question-shapes-*.jsonl"))) == 1 and not store.exists()
    assert S.decode(S.encode(want["is it so ?"])) == G._with_leaves(want["is it so ?"],
                                                                     iter([None] * 4))


def test_refused_shapes_are_kept_on_disk_and_stop_where_the_parse_stops(tmp_path, monkeypatch):
    import json

    from lark.exceptions import UnexpectedEOF, UnexpectedInput, UnexpectedToken

    monkeypatch.setenv("PSCT_EXPERT_CACHE_DIR", str(tmp_path))

    def refusal(g, q):
        toks = words(g, q)
        with pytest.raises(UnexpectedInput) as info:
            g.parse(toks)
        exc = info.value
        at = next((i for i, t in enumerate(toks) if t is getattr(exc, "token", None)), None)
        return type(exc), at

    built = G._compiled.__wrapped__(TINY)
    built.parse(words(built, "is it here ?"))
    refused = {"is it here here ?": (UnexpectedToken, 3), "it is . is it here": (UnexpectedEOF, None),
               "is is it ?": (UnexpectedToken, 1)}
    assert {q: refusal(built, q) for q in refused} == refused
    store, = tmp_path.glob("question-shapes-*.jsonl")
    entries = [json.loads(line.split("\t")[2]) for line in store.read_text().splitlines()[1:]]
    assert sum(isinstance(e, dict) for e in entries) == 3
    # a fresh process: the same refusals, from the file, the compiled grammar not read at all
    again = G._compiled.__wrapped__(TINY)
    assert {q: refusal(again, q) for q in refused} == refused
    assert "_loader" in again.__dict__
    # a damaged refusal is not used: that sentence is parsed again, with the same outcome
    head, *lines = store.read_text().splitlines()
    store.write_text("\n".join([head] + [ln.replace('"at":3', '"at":0') for ln in lines]) + "\n")
    again = G._compiled.__wrapped__(TINY)
    assert refusal(again, "is it here here ?") == refused["is it here here ?"]
    assert "_loader" not in again.__dict__
