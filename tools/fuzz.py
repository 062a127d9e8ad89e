"""Long fuzz run: generated inputs to the reader, the question parser and the scenario parser.

    python3 tools/fuzz.py [--inputs 1000000] [--jobs 2] [--seed 1] [--out fuzz-crashes.jsonl] [--seconds S]

Each input is a mutated real card text (fed to the reader), a mutated
question (fed to the parser; one in twenty that parse go on to the engine) and
mutated scenario lines of a guide case (fed to the scenario parser). The only
allowed outcomes are a result or the project's own error (PsctError); anything
else is a crash, written to --out with the input that caused it. Prints the
figures at the end.
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


def _init(seed_base):
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
                  seed=seed_base)


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


def work(span):
    from psct_expert.cards import Card
    from psct_expert.errors import PsctError
    from psct_expert.parser import parse_scenario
    from psct_expert.reader import read_card

    start, end = span
    expert = _STATE["expert"]
    crashes = []
    answered = errors = 0
    spent = {"reader": 0.0, "question": 0.0, "scenario": 0.0}
    clock = time.perf_counter
    for k in range(start, end):
        rng = random.Random(_STATE["seed"] * 1_000_003 + k)
        text = mutate(rng, rng.choice(_STATE["texts"]))
        kind = rng.choice(["monster", "spell", "trap"])
        t0 = clock()
        try:
            read_card(Card(name=f"Fuzz {k}", kind=kind, subtypes=("effect",), text=text))
        except Exception as exc:  # noqa: BLE001 - a crash is what we look for
            crashes.append({"input": k, "where": "reader", "text": text, "kind": kind,
                            "error": repr(exc), "trace": traceback.format_exc()[-1500:]})
        t1 = clock()
        spent["reader"] += t1 - t0
        q = mutate(rng, rng.choice(_STATE["questions"]))
        try:
            spec = expert.parse(q)
            if k % 20 == 0:  # one in twenty goes on through the engine to an answer
                expert.ask_spec(spec, q)
            answered += 1
        except PsctError:
            errors += 1
        except Exception as exc:  # noqa: BLE001
            crashes.append({"input": k, "where": "question", "text": q, "error": repr(exc),
                            "trace": traceback.format_exc()[-1500:]})
        t2 = clock()
        spent["question"] += t2 - t1
        lines = [mutate(rng, ln) for ln in rng.choice(_STATE["scenarios"])]
        t2 = clock()
        try:
            parse_scenario(lines, expert.db)
        except PsctError:
            pass
        except Exception as exc:  # noqa: BLE001
            crashes.append({"input": k, "where": "scenario", "lines": lines, "error": repr(exc),
                            "trace": traceback.format_exc()[-1500:]})
        spent["scenario"] += clock() - t2
    return end - start, answered, errors, crashes, spent


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--inputs", type=int, default=1_000_000)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default="fuzz-crashes.jsonl")
    ap.add_argument("--seconds", type=float, default=0,
                    help="stop after this long and report the inputs done (0: run them all)")
    args = ap.parse_args()
    # small pieces when the run is timed, so it stops soon after its time is up
    chunk = 50 if args.seconds else max(100, min(2000, args.inputs // (args.jobs * 8) or 1))
    spans = [(i, min(args.inputs, i + chunk)) for i in range(0, args.inputs, chunk)]
    _init(args.seed)   # fails here, once, rather than in every worker the pool would start again
    t = time.perf_counter()
    done = answered = errors = 0
    crashes = []
    spent = {"reader": 0.0, "question": 0.0, "scenario": 0.0}
    with mp.get_context("fork").Pool(args.jobs, initializer=_init, initargs=(args.seed,)) as pool:
        for n, a, e, c, s in pool.imap_unordered(work, spans):
            done += n
            answered += a
            errors += e
            crashes += c
            for part, secs in s.items():
                spent[part] += secs
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
    print(f"fuzz: {done} inputs (each to the reader, the question parser and the scenario "
          f"parser), seed {args.seed}")
    print(f"  questions understood: {answered}, refused with the project's own error: {errors}")
    print(f"  crashes: {len(crashes)} (written to {args.out})")
    print(f"  {dt:.0f} s wall, {done / dt:.0f} inputs/s with {args.jobs} jobs; per part, in one job's "
          "time: " + ", ".join(f"{part} {done / secs:.0f}/s" for part, secs in spent.items() if secs))
    sys.exit(1 if crashes else 0)


if __name__ == "__main__":
    main()
