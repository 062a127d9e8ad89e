"""The question parser's short cuts give the outcomes the full search gives.

The parser skips a family when its checks (:class:`psct_expert.parser.grammar._Check`) say
no sentence of it is like the question, stops at once on a sentence that begins like one
seen to stop, and looks card names up only as far as a name can begin.  Each is only a
speed-up: here a sample of questions (guide questions and fuzz-mutated ones, fixed seed) is
parsed with and without them, and every outcome must be the same.  The whole corpus is
compared by ``bench/parse_equivalence.py``.
"""

from __future__ import annotations

import random

import pytest
from lark import Lark

from psct_expert.errors import PsctError
from psct_expert.parser import grammar as G
from psct_expert.parser import names as N
from psct_expert.parser import parse_question

SAMPLE = [
    "Does Creature Swap target?",
    "Can Thunder King Rai-Oh negate the Special Summon of Gorz, Emissary of Darkness?",
    "My opponent activates Solemn Strike. Can I chain Ash Blossom & Joyous Spring to it?",
    "Does the first effect of Mermail Abyssmegalo start a Chain if the glorp has been frobnicated?",
    "Is the second effect of Thunder King Rai-Oh not a Quick Effect?",
    "Does Creature Swap target twice?",
    "Can Solemn Warning negate the Synchro Summon of Stardust Dragon?",
    "Does Monster Reborn target the monster in the GY?",
    "Is Ash Blossom & Joyous Spring a Quick Effect?",
    "Can Thunder King Rai-Oh negate?",
    "Creature Swap target does?",
    "Does Creature Swap target.",
]
# the kinds of change tools/fuzz.py makes
PIECES = [" target ", " the ", " Creature Swap ", " Monster Reborn ", " negate the activation of ",
          "?", ",", ".", " Chain Link 2", " Special Summon ", " it ", " DOES "]


def _mutated(n: int, seed: int = 7) -> list[str]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        s = rng.choice(SAMPLE)
        for _ in range(rng.randint(1, 3)):
            i = rng.randint(0, len(s))
            op = rng.random()
            if op < 0.5:
                s = s[:i] + rng.choice(PIECES) + s[i:]
            elif op < 0.8:
                s = s[:i] + s[i + rng.randint(1, 12):]
            else:
                s = s.upper()
        out.append(s)
    return out


def _outcome(expert, text: str):
    try:
        pq = parse_question(text, expert.db, expert.kb.families)
    except PsctError as exc:
        return (type(exc).__name__, str(exc), getattr(exc, "understood", None),
                getattr(exc, "unplaced", None))
    return (pq.family, str(pq.tree))


class _AdmitAll:
    def admits(self, types) -> bool:
        return True


@pytest.mark.slow
def test_short_cuts_give_the_same_outcomes(base_expert, monkeypatch):
    questions = SAMPLE + _mutated(16)
    g = G.grammar_for(base_expert.kb.families)
    fast = [_outcome(base_expert, q) for q in questions]
    # again: the sentence shape, or where it stops, is known now
    assert [_outcome(base_expert, q) for q in questions] == fast
    # every family tried with Earley on the whole grammar, no stop remembered, names looked up
    # everywhere
    monkeypatch.setattr(g, "_checks", [_AdmitAll()] * len(g._checks))
    monkeypatch.setattr(g, "recognise", lambda tokens, start, only_words=False:
                        G.Grammar.recognise(g, tokens, start))
    monkeypatch.setattr(g, "_remember", lambda *a: None)
    monkeypatch.setattr(g, "_shapes", {})
    monkeypatch.setattr(g, "_disk", None, raising=False)     # nor the shapes kept on disk
    monkeypatch.setattr(g, "_dead", {})
    monkeypatch.setattr(N, "_name_starts", lambda db: None)
    assert [_outcome(base_expert, q) for q in questions] == fast
    assert any(o[0] == "QuestionError" for o in fast) and any(o[0] == "targets" for o in fast)


def test_the_family_that_parses_a_question_admits_it(base_expert):
    g = G.grammar_for(base_expert.kb.families)
    index = {start: k for k, (start, _t, _o) in enumerate(g.families)}
    for q in SAMPLE[:3] + SAMPLE[6:10]:
        pq = parse_question(q, base_expert.db, base_expert.kb.families)
        rest = pq.words.tokens
        cut = [i for i, t in enumerate(rest) if t.type == g.words.get(".")]
        rest = rest[cut[-1] + 1:] if cut else rest
        check = g._checks[index["q_" + pq.family.replace("-", "_")]]
        assert check.admits(tuple(t.type for t in rest)), q


def test_checks_of_a_small_grammar():
    parser = Lark('start: "a" b? "c" d\nb: "b" | "b" b\nd: "d" | "e" "d"', parser="earley",
                  keep_all_tokens=True)
    name = {t.pattern.value: t.name for t in parser.terminals}
    a, b, c, d, e = (name[x] for x in "abcde")
    check, = G._family_checks(parser.rules, ["start"])
    assert check.need == {a: 1, c: 1, d: 1} and check.least == 3
    assert check.admits((a, c, d)) and check.admits((a, b, b, c, e, d))
    assert not check.admits((a, d))             # too short, and no c
    assert not check.admits((c, a, d))          # c cannot come first
    assert not check.admits((a, c, b, d))       # b cannot follow c
    assert not check.admits((a, a, c, d))       # nor a follow a
    assert not check.admits(())


def test_a_refusal_remembered_says_the_same(base_expert):
    q = "Does Creature Swap target the the monster?"
    with pytest.raises(PsctError) as first:
        base_expert.parse(q)
    with pytest.raises(PsctError) as again:
        base_expert.parse(q)
    assert str(first.value) == str(again.value) and "'the'" in str(first.value)
    # another sentence that begins the same way stops at the same word
    with pytest.raises(PsctError) as other:
        base_expert.parse("Does Creature Swap target the the Spell Card?")
    assert str(other.value).split(" there")[0] == str(first.value).split(" there")[0]


def test_name_look_up_with_the_index_finds_the_same(base_expert, monkeypatch):
    texts = SAMPLE + _mutated(30, seed=3) + ["DOES CREATURE SWAP OR MONSTER REBORN TARGET?",
                                             "Does the the Dark Magician Girl's effect target?"]
    g = G.grammar_for(base_expert.kb.families)
    monkeypatch.setattr(N, "CALLS_BEFORE_INDEX", 0)
    db = base_expert.db
    with_index = [N.find_cards(t, db, g.terminal) for t in texts]
    assert db.__dict__.get("_name_starts") is not None
    monkeypatch.setattr(N, "_name_starts", lambda db: None)
    assert [N.find_cards(t, db, g.terminal) for t in texts] == with_index


def test_the_grammar_is_not_assembled_again(base_expert, monkeypatch):
    g = G.grammar_for(base_expert.kb.families)
    monkeypatch.setattr(G, "assemble", lambda families: pytest.fail("assembled again"))
    assert G.grammar_for(base_expert.kb.families) is g


def test_fuzz_split_sends_each_input_to_one_parser(base_expert, monkeypatch):
    import importlib.util
    import pathlib

    path = pathlib.Path(__file__).resolve().parent.parent / "tools" / "fuzz.py"
    spec = importlib.util.spec_from_file_location("fuzz_under_test", path)
    fuzz = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(fuzz)
    monkeypatch.setattr(fuzz, "_STATE", {
        "expert": base_expert, "texts": ["You can target 1 card; destroy it."],
        "names": ["Creature Swap"], "questions": SAMPLE[:3],
        "scenarios": [["Player A draws."]], "seed": 1, "split": True})
    n, tally, crashes = fuzz.work((0, 7))
    assert n == 7 and crashes == []
    assert [tally[p]["inputs"] for p in fuzz.PARTS] == [3, 2, 2]
    assert all(t["ok"] + t["refused"] == t["inputs"] for t in tally.values())
    fuzz._STATE["split"] = False        # the default: every input to all three
    n, tally, crashes = fuzz.work((0, 2))
    assert [tally[p]["inputs"] for p in fuzz.PARTS] == [2, 2, 2]


@pytest.mark.slow
def test_the_shipped_name_beginnings_are_read_from_disk_as_worked_out(base_expert, monkeypatch):
    from psct_expert import cards as C

    db = _shipped_layer_as_read()
    db.aliases.update({"blue eyes": "blue eyes white dragon"})
    where = C._beginnings_path(db)
    assert where is not None
    db.__dict__.pop("_beginnings", None)
    first = db.name_beginnings()          # read, or worked out and written
    assert where.exists()
    strict, loose = set(), set()
    C.name_beginnings(db.cards, strict)
    C.name_beginnings(db.loose, loose)
    C.name_beginnings(db.aliases, loose)
    assert first == (frozenset(strict), frozenset(loose))
    assert "blue eyes" in first[0] and C._read_beginnings(where) == first
    # a damaged file is not believed: worked out again (and written again)
    where.write_bytes(where.read_bytes().replace(b"blue eyes", b"blue eyez", 1))
    assert C._read_beginnings(where) is None
    db.__dict__.pop("_beginnings", None)
    assert db.name_beginnings() == first and C._read_beginnings(where) == first
    # a layer on top has its own; the sentence search joins them
    top = db.layered([C.Card(name="Zyzzyx Quartz Wyrm", kind="monster", text="")])
    assert C._beginnings_path(top) is None
    assert top.name_beginnings()[0] == {"zyzzyx", "zyzzyx quartz", "zyzzyx quartz wyrm"}
    monkeypatch.setattr(N, "CALLS_BEFORE_INDEX", 0)
    starts = N._name_starts(top)
    assert "zyzzyx quartz" in starts[0] and "blue eyes" in starts[0]


@pytest.mark.slow
def test_the_names_of_a_sentence_are_read_back_from_disk_as_found(base_expert, monkeypatch,
                                                                   tmp_path):
    from psct_expert import namecache as NC
    from psct_expert.cards import Card

    monkeypatch.setenv("PSCT_EXPERT_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(NC._LOG, "opened", [])
    g = G.grammar_for(base_expert.kb.families)
    db = _shipped_layer_as_read().layered([])
    texts = SAMPLE + ["DOES CREATURE SWAP OR MONSTER REBORN TARGET?",
                      "Does Mystical Space Typhon target?"]        # (a misspelt name too)
    found = [N.find_cards.__wrapped__(t, db, g.terminal) for t in texts]
    calls = []

    def find(*a):
        calls.append(a)
        return N.find_cards.__wrapped__(*a)
    first = [NC.kept_mentions(t, db, g.terminal, find, N.Mention) for t in texts]
    assert first == found and len(calls) == len(texts)
    assert list(tmp_path.glob("sentence-names-*.jsonl"))
    again = [NC.kept_mentions(t, db.parent.layered([]), g.terminal, find, N.Mention)
             for t in texts]
    assert again == found and len(calls) == len(texts)          # read back, not searched
    assert any(m.card == "Mystical Space Typhoon" for ms in again for m in ms)
    # another word test, or a card on top with a name the sentence holds: searched again
    NC.kept_mentions(texts[0], db, None, find, N.Mention)
    assert len(calls) == len(texts) + 1
    over = db.parent.layered([Card(name="Creature Swap", kind="spell", text="Draw 1 card.",
                                   origin="user store")])
    assert NC._db_digest(over) != NC._db_digest(db)
    NC.kept_mentions(texts[-2], over, g.terminal, find, N.Mention)
    assert len(calls) == len(texts) + 2
    # a word test that is not the question grammar's is never kept
    assert NC._words_digest(lambda w: None) is None


def _shipped_layer_as_read():
    """The shipped database's layer as a start reads it from its index file (written first
    when this test's cache folder has none)."""
    from psct_expert import cards as C

    src = C.FACTS_DIR / "cards.jsonl.gz"
    db = C._read_index(src)
    if db is None:
        C._write_index(src, C._build_index(src))
        db = C._read_index(src)
    assert db is not None
    return db
