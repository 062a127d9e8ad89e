"""Long fuzz run: generated inputs to the reader, the question parser and the scenario parser.

    python3 tools/fuzz.py [--inputs 1000000] [--jobs 2] [--seed 1] [--out fuzz-crashes.jsonl] [--seconds S]
                          [--split]

Each input is a mutated real card text (fed to the reader), a mutated
question (fed to the parser; one in twenty that parse go on to the engine) and
mutated scenario lines of a guide case (fed to the scenario parser); with
``--split`` input k goes to one of them only, in turn (reader, question,
scenario), so a run of N inputs is N parser calls. The only
allowed outcomes are a result or the project's own error (PsctError); anything
else is a crash, written to --out with the input that caused it. Prints the
figures at the end: per parser, its inputs, results, refusals, crashes and rate
(inputs per second of the jobs' own wall time, and per CPU second).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import random
import sys
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))   # run from a checkout

TOKENS = [":", ";", ".", ",", "●", "\n", '"', "(", ")", " target ", " then ", " and if you do, ",
          " also ", "You can ", "Once per turn", " it ", " Special Summon ", "(Quick Effect)",
          "\x00", "\x1b", "\ud800", "–", " if ", " when ", " the first ", " both ", "?", "'s",
          " negate the activation of ", " Chain Link 2", " cannot be destroyed", "  ", "\t"]

_STATE: dict = {}


def _init(seed_base, split=False):
    from psct_expert.api import Expert
    from psct_expert.casefile import load_case_file
    import pathlib

    root = pathlib.Path(__file__).resolve().parent.parent
    cf = load_case_file(root / "tests" / "acceptance" / "guide-cases.yaml")
    expert = Expert().with_cards(cf.cards)
    cards = expert.db.all_cards()
    _STATE.update(expert=expert, texts=[c.text for c in cards if c.text],
                  names=[c.name for c in cards], questions=[c.ask for c in cf.cases],
                  scenarios=[c.scenario for c in cf.cases if c.scenario] or [["Player A draws."]],
                  seed=seed_base, split=split)


def mutate(rng: random.Random, s: str) -> str:
    for _ in range(rng.randint(0, 6)):
        op = rng.random()
        i = rng.randint(0, len(s)) if s else 0
        j = min(len(s), i + rng.randint(0, 40))
        if op < 0.25:
            s = s[:i] + rng.choice(TOKENS) + s[i:]
        elif op < 0.45:
            s = s[:i] + s[j:]
        elif op < 0.6:
            s = s[:i] + s[i:j] * rng.randint(2, 4) + s[j:]
        elif op < 0.7:
            s = s[:i] + "".join(chr(rng.randint(0, 0x2FFF)) for _ in range(rng.randint(1, 5))) + s[i:]
        elif op < 0.8:
            s = s[:i]
        elif op < 0.9:
            s = s.upper() if rng.random() < 0.5 else s.lower()
        else:
            s = s[:i] + rng.choice(_STATE["names"]) + s[i:]
    return s


PARTS = ("reader", "question", "scenario")


def _one(part: str, k: int, rng: random.Random, tally: dict, crashes: list) -> None:
    """Input ``k`` to one parser, counted in ``tally[part]`` (inputs, results, own errors,
    wall and CPU seconds); a crash is added to ``crashes``."""
    from psct_expert.cards import Card
    from psct_expert.errors import PsctError
    from psct_expert.parser import parse_scenario
    from psct_expert.reader import read_card

    expert = _STATE["expert"]
    t = tally[part]
    if part == "reader":
        text = mutate(rng, rng.choice(_STATE["texts"]))
        kind = rng.choice(["monster", "spell", "trap"])
        where = {"text": text, "kind": kind}
        call = lambda: read_card(Card(name=f"Fuzz {k}", kind=kind, subtypes=("effect",),  # noqa: E731
                                      text=text))
    elif part == "question":
        q = mutate(rng, rng.choice(_STATE["questions"]))
        where = {"text": q}

        def call():
            spec = expert.parse(q)
            if k % 20 == 0:  # one in twenty goes on through the engine to an answer
                expert.ask_spec(spec, q)
    else:
        lines = [mutate(rng, ln) for ln in rng.choice(_STATE["scenarios"])]
        where = {"lines": lines}
        call = lambda: parse_scenario(lines, expert.db)  # noqa: E731
    w0, c0 = time.perf_counter(), time.process_time()
    try:
        call()
        t["ok"] += 1
    except PsctError:
        t["refused"] += 1
    except Exception as exc:  # noqa: BLE001 - a crash is what we look for
        crashes.append({"input": k, "where": part, **where, "error": repr(exc),
                        "trace": traceback.format_exc()[-1500:]})
        t["crashes"] += 1
    t["wall"] += time.perf_counter() - w0
    t["cpu"] += time.process_time() - c0
    t["inputs"] += 1


def _tally() -> dict:
    return {p: {"inputs": 0, "ok": 0, "refused": 0, "crashes": 0, "wall": 0.0, "cpu": 0.0}
            for p in PARTS}


def work(span):
    """Inputs ``span``; in the default mode each goes to all three parsers (in the order the
    random numbers are drawn), with ``--split`` (``_STATE["split"]``) input k goes to one,
    ``PARTS[k % 3]``."""
    start, end = span
    crashes: list = []
    tally = _tally()
    for k in range(start, end):
        rng = random.Random(_STATE["seed"] * 1_000_003 + k)
        for part in ((PARTS[k % 3],) if _STATE.get("split") else PARTS):
            _one(part, k, rng, tally, crashes)
    return end - start, tally, crashes


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--inputs", type=int, default=1_000_000)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default="fuzz-crashes.jsonl")
    ap.add_argument("--seconds", type=float, default=0,
                    help="stop after this long and report the inputs done (0: run them all)")
    ap.add_argument("--split", action="store_true",
                    help="each input goes to one parser in turn (reader, question, scenario), "
                         "so N inputs are N parser calls")
    args = ap.parse_args()
    # small pieces when the run is timed, so it stops soon after its time is up
    chunk = 50 if args.seconds else max(100, min(2000, args.inputs // (args.jobs * 8) or 1))
    spans = [(i, min(args.inputs, i + chunk)) for i in range(0, args.inputs, chunk)]
    _init(args.seed, args.split)   # fails here, once, rather than in every worker the pool starts
    t = time.perf_counter()
    done = 0
    crashes = []
    tally = _tally()
    with mp.get_context("fork").Pool(args.jobs, initializer=_init,
                                     initargs=(args.seed, args.split)) as pool:
        for n, tl, c in pool.imap_unordered(work, spans):
            done += n
            crashes += c
            for part, counts in tl.items():
                for key, v in counts.items():
                    tally[part][key] += v
            for crash in c:  # say so at once; the full list is written at the end
                print(f"  CRASH at input {crash['input']} ({crash['where']}): {crash['error']}",
                      file=sys.stderr, flush=True)
            if done % 50_000 < chunk:
                print(f"  {done} inputs, {len(crashes)} crashes, {time.perf_counter() - t:.0f} s",
                      file=sys.stderr, flush=True)
            if args.seconds and time.perf_counter() - t > args.seconds:
                print(f"  time is up: stopping after {done} inputs", file=sys.stderr, flush=True)
                break
    dt = time.perf_counter() - t
    with open(args.out, "w", encoding="utf-8") as fh:
        for c in crashes:
            fh.write(json.dumps(c, ensure_ascii=True) + "\n")
    calls = sum(tl["inputs"] for tl in tally.values())
    how = ("each to one parser in turn: reader, question parser, scenario parser" if args.split
           else "each to the reader, the question parser and the scenario parser")
    print(f"fuzz: {done} inputs ({how}), {calls} parser calls, seed {args.seed}")
    q = tally["question"]
    print(f"  questions understood: {q['ok']}, refused with the project's own error: {q['refused']}")
    print(f"  crashes: {len(crashes)} (written to {args.out})")
    print(f"  {dt:.0f} s wall, {done / dt:.0f} inputs/s with {args.jobs} jobs")
    for part, tl in tally.items():
        if not tl["inputs"]:
            continue
        print(f"  {part}: {tl['inputs']} inputs, {tl['ok']} read, {tl['refused']} refused, "
              f"{tl['crashes']} crashes; {tl['inputs'] / tl['wall'] if tl['wall'] else 0:.0f}/s "
              f"in the jobs' own wall time, {tl['inputs'] / tl['cpu'] if tl['cpu'] else 0:.0f}/s "
              "per CPU second")
    sys.exit(1 if crashes else 0)


if __name__ == "__main__":
    main()
