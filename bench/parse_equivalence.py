"""Question parser equivalence and throughput: the same outcome for every question of a corpus.

    python3 bench/parse_equivalence.py --record FILE    # write each question's outcome
    python3 bench/parse_equivalence.py --compare FILE   # parse again and compare with FILE
    python3 bench/parse_equivalence.py [--fuzz 5000] [--seed 1] [--only guide,real,tests,fuzz]
    python3 bench/parse_equivalence.py --plain --record FILE   # the reference, without short cuts

The corpus: the guide and real-ruling questions (with their scenario lines and case cards), the
question strings written in ``tests/*.py`` (literals ending in "?"), and ``--fuzz`` questions
mutated by ``tools/fuzz.py``'s ``mutate`` with a fixed seed.  A question's outcome is what the
parser gives: the family and the parse tree (and the resolved spec), or the error's class,
message and fields (``understood``, ``unplaced``, ...).  Every question is parsed once, in a
fixed order, in one process, so each part's figures are first parses of the shapes it brings
(shapes seen earlier in the run are reused, as in any process).  Prints counts, the CPU time
per part (median, p95) and the fuzz questions' rate per CPU second.  ``--compare`` exits 1 when
any outcome differs.
"""

from __future__ import annotations

import argparse
import ast
import json
import pathlib
import random
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "tools"))

GUIDE = ROOT / "tests" / "acceptance" / "guide-cases.yaml"
REAL = ROOT / "tests" / "acceptance" / "real-rulings.yaml"


def _fields(exc) -> dict:
    out = {"error": type(exc).__name__, "message": str(exc)}
    for k, v in sorted(vars(exc).items()):
        out[k] = v
    return out


def outcome(expert, text: str, scenario: list[str]) -> dict:
    """The parser's outcome for one question, as plain data."""
    from psct_expert.errors import PsctError
    from psct_expert.parser import parse_question
    from psct_expert.resolve import resolve_question

    try:
        pq = parse_question(text, expert.db, expert.kb.families, scenario)
    except PsctError as exc:
        return _fields(exc)
    out = {"family": pq.family, "tree": str(pq.tree)}
    try:
        out["spec"] = resolve_question(pq, expert.db, expert.kb.families)
    except PsctError as exc:
        out["spec"] = _fields(exc)
    return json.loads(json.dumps(out, sort_keys=True, default=str))


def test_questions() -> list[str]:
    """String literals in the tests that read as questions."""
    found: dict[str, None] = {}
    for path in sorted((ROOT / "tests").glob("*.py")):
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"))
        except (SyntaxError, UnicodeDecodeError):
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                s = node.value.strip()
                if 8 < len(s) < 400 and s.endswith("?") and s[0].isupper() and "\n" not in s:
                    found[s] = None
    return list(found)


def corpus(parts: set[str], n_fuzz: int, seed: int):
    """(part, expert key, question, scenario) in a fixed order."""
    from psct_expert.casefile import load_case_file

    items = []
    guide = load_case_file(GUIDE)
    if "guide" in parts:
        items += [("guide", "guide", c.ask, list(c.scenario)) for c in guide.cases]
    if "real" in parts:
        items += [("real", "real", c.ask, list(c.scenario)) for c in load_case_file(REAL).cases]
    if "tests" in parts:
        items += [("tests", "guide", q, []) for q in test_questions()]
    if "fuzz" in parts and n_fuzz:
        import fuzz

        names = []
        fuzz._STATE["names"] = names          # mutate() splices in card names from here
        from psct_expert.api import Expert
        names += [c.name for c in Expert().with_cards(guide.cards).db.all_cards()]
        questions = [c.ask for c in guide.cases]
        for k in range(n_fuzz):
            rng = random.Random(seed * 1_000_003 + k)
            items.append(("fuzz", "guide", fuzz.mutate(rng, rng.choice(questions)), []))
    return items


def run(items):
    from psct_expert.api import Expert
    from psct_expert.casefile import load_case_file

    experts = {"guide": Expert().with_cards(load_case_file(GUIDE).cards),
               "real": Expert().with_cards(load_case_file(REAL).cards)}
    experts["guide"].parse("Does Creature Swap target?")   # the grammar loaded, not timed
    results, spent = [], []
    for part, key, q, sc in items:
        t = time.process_time()
        results.append(outcome(experts[key], q, sc))
        spent.append(time.process_time() - t)
    return results, spent


def plain() -> None:
    """Parse without the parser's short cuts, as before them: every family that has all the
    words recognised with Earley over every rule of the grammar, no family checks, no word
    where sentences stop remembered, no look-ahead, card names looked up everywhere.  A
    record made so is the reference for any grammar (``--plain --record``, then ``--compare``)."""
    from psct_expert.parser import grammar as G
    from psct_expert.parser import names as N

    def earley(self, tokens, start, only_words):
        return self.fast.parse(tokens, start=start)

    def written_parse(self, tokens, start):
        words = frozenset(t.type for t in tokens)
        parser = G._subparser(self.lark, words, start)
        return parser.parse(self.lark.parser._make_lexer_thread(tokens), start)

    G._Check.admits = lambda self, types: True
    G.Grammar._earley = earley
    G.Grammar._remember = lambda *a: None
    G.Grammar.written_parse = written_parse
    N._name_starts = lambda db: None


def _stats(xs: list[float]) -> str:
    from _common import stats_ms

    return stats_ms(xs) if xs else "n=0"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--record")
    ap.add_argument("--compare")
    ap.add_argument("--fuzz", type=int, default=5000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", default="guide,real,tests,fuzz")
    ap.add_argument("--plain", action="store_true", help="without the short cuts (see plain())")
    args = ap.parse_args()
    if args.plain:
        plain()
    items = corpus(set(args.only.split(",")), args.fuzz, args.seed)
    results, spent = run(items)
    parts = list(dict.fromkeys(p for p, *_ in items))
    print(f"parse equivalence corpus: {len(items)} questions")
    for part in parts:
        idx = [i for i, it in enumerate(items) if it[0] == part]
        ok = sum(1 for i in idx if "family" in results[i])
        secs = sum(spent[i] for i in idx)
        print(f"  {part}: {len(idx)} questions, {ok} understood, {len(idx) - ok} refused; "
              f"CPU {secs:.1f} s, {len(idx) / secs if secs else 0:.1f} questions/CPU s")
        print(f"    CPU per question: {_stats([spent[i] for i in idx])}")
    from _common import peak_rss_mb

    print(f"  peak memory: {peak_rss_mb():.0f} MB")
    rows = [{"part": p, "question": q, "scenario": sc, "outcome": r}
            for (p, _k, q, sc), r in zip(items, results)]
    if args.record:
        pathlib.Path(args.record).write_text(json.dumps(rows, ensure_ascii=True, indent=0),
                                             encoding="utf-8")
        print(f"  recorded to {args.record}")
    if args.compare:
        old = {(r["part"], r["question"], tuple(r["scenario"])): r["outcome"]
               for r in json.loads(pathlib.Path(args.compare).read_text(encoding="utf-8"))}
        def key(r):
            return r["part"], r["question"], tuple(r["scenario"])

        missing = [r for r in rows if key(r) not in old]
        if missing:     # e.g. questions of tests written since the record
            print(f"  {len(missing)} questions are not in {args.compare}: left out")
            rows = [r for r in rows if key(r) in old]
        diff = [({**r, "outcome": old[key(r)]}, r) for r in rows if old[key(r)] != r["outcome"]]
        for part in parts:
            n = sum(1 for r in rows if r["part"] == part)
            d = sum(1 for o, _n in diff if o["part"] == part)
            print(f"  {part}: {n - d} identical, {d} differ")
        for o, n in diff[:10]:
            print(f"  DIFFERS: {o['question']!r}\n    was {o['outcome']}\n    now {n['outcome']}")
        print(f"equivalence: {len(rows) - len(diff)} of {len(rows)} outcomes identical")
        sys.exit(1 if diff else 0)


if __name__ == "__main__":
    main()
