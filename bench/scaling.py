"""Scaling: audit time (no cache) for 1,000 / 4,000 / 14,216 cards, and answer time with 1x / 4x the rules.

    python3 bench/scaling.py [--jobs 0] [--audit-only] [--sizes 1000,4000,all]
    python3 bench/scaling.py --scenario-only     # the scenario-length part alone

The audit is timed as ``audit --json`` runs it (record lines and digests, the
default workers with ``--jobs 0``), cold: no audit cache and no reading kept
from the size before.  CPU seconds (this process and its workers) and the load
average are printed beside the wall time, since the machine may be shared.

The 4x knowledge adds three renamed copies of every rule (same conditions, same
conclusions), so the engine does four times the matching for the same answers.

The scenario part asks one guide question (6 scenario lines) with filler lines
among its own ("Player A Normal Summons Lord of D." before them, each a new event
and a new entity of the same card; "Player B chains Mystical Space Typhoon." inside
its Chain, each a new Chain link) up to the cap of 200 lines, warm, in process: CPU per
question and per line, for the parse (scenario lines included) and the answer.
Linear means the per-line figure stays flat as the story grows.
"""

from __future__ import annotations

import argparse
import copy
import os
import pathlib
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))  # this checkout's package
from _common import stats_ms  # noqa: E402

from psct_expert.api import Expert  # noqa: E402
from psct_expert.audit import audit_lines  # noqa: E402
from psct_expert.reader import read_card  # noqa: E402
from psct_expert.casefile import load_case_file  # noqa: E402
from psct_expert.knowledge import load_knowledge  # noqa: E402

CASES = pathlib.Path(__file__).resolve().parent.parent / "tests" / "acceptance" / "guide-cases.yaml"


def times_rules(factor: int):
    kb = load_knowledge()
    extra = []
    for k in range(1, factor):
        for r in kb.rules:
            r2 = copy.copy(r)
            r2.id = f"{r.id}-copy{k}"
            extra.append(r2)
    kb.rules = kb.rules + extra
    return kb


SCENARIO_Q = "Does Gamble still resolve if the opponent has fewer than 6 cards in hand when it resolves?"
SCENARIO_LINES = ["Player A has 2 cards in hand.", "Player B has 6 cards in hand.",
                  "Player A activates Gamble.", "Player B chains Mystical Space Typhoon.",
                  "Player B chains Mystical Space Typhoon.",
                  "Player B has 4 cards in hand when Gamble resolves."]
# a new entity each (the same card again and again), and a Chain link each (in the middle of the
# question's own Chain)
FILLERS = [("Player A Normal Summons Lord of D.", 0), ("Player B chains Mystical Space Typhoon.", 4)]


def scenario_scaling(expert) -> None:
    for filler, at in FILLERS:
        _scenario_scaling(expert, filler, at)


def _scenario_scaling(expert, filler: str, at: int) -> None:
    from psct_expert.parser.scenario import MAX_LINES

    print(f"scenario length (warm, in process, CPU; filler {filler!r} after line {at} of the "
          f"question's {len(SCENARIO_LINES)}):")
    for n in (6, 10, 25, 50, 100, 150, MAX_LINES):
        lines = SCENARIO_LINES[:at] + [filler] * (n - len(SCENARIO_LINES)) + SCENARIO_LINES[at:]
        spec = expert.parse(SCENARIO_Q, lines)
        value = expert.ask_spec(spec, SCENARIO_Q).value
        parse, answer = [], []
        for _ in range(7):
            t = time.process_time()
            spec = expert.parse(SCENARIO_Q, lines)
            t2 = time.process_time()
            expert.ask_spec(spec, SCENARIO_Q)
            parse.append(t2 - t)
            answer.append(time.process_time() - t2)
        p, a = sorted(parse)[3] * 1000, sorted(answer)[3] * 1000
        print(f"  {n:4d} lines: parse {p:7.2f} ms, answer {a:6.2f} ms, total {p + a:7.2f} ms = "
              f"{(p + a) / n:.3f} ms per line (answer: {value})")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--jobs", type=int, default=0, help="worker processes (0: the audit's default)")
    ap.add_argument("--audit-only", action="store_true", help="skip the knowledge-size part")
    ap.add_argument("--sizes", default="1000,4000,all", help="card counts, 'all' = the pool")
    ap.add_argument("--scenario-only", action="store_true", help="only the scenario-length part")
    args = ap.parse_args()
    expert = Expert()
    print(f"load average at start: {os.getloadavg()[0]:.1f}")
    scenario_scaling(expert)
    if args.scenario_only:
        return
    names = [c.name for c in expert.db.all_cards()]
    print(f"audit, {args.jobs} job(s):")
    sizes = [len(names) if x == "all" else int(x) for x in args.sizes.split(",")]
    for n in sizes:
        read_card.cache_clear()   # cold: every card read again
        load = os.getloadavg()[0]
        t, c = time.perf_counter(), os.times()
        for _ in audit_lines(expert, names[:n], jobs=args.jobs, cache=False):
            pass
        dt = time.perf_counter() - t
        c2 = os.times()
        cpu = sum(c2[:4]) - sum(c[:4])   # this process and its workers
        print(f"  {n:6d} cards: {dt:6.1f} s  ({dt / n * 1000:.2f} ms/card; "
              f"CPU {cpu / n * 1000:.2f} ms/card; load average {load:.1f} -> "
              f"{os.getloadavg()[0]:.1f})")
    if args.audit_only:
        return
    cf = load_case_file(CASES)
    print("guide cases (structured, warm), by size of the knowledge:")
    for factor in (1, 4):
        ex = Expert(kb=times_rules(factor)).with_cards(cf.cards)
        specs = [(c, ex.parse(c.ask, c.scenario)) for c in cf.cases]
        for c, s in specs:
            ex.ask_spec(s, c.ask)
        samples = []
        for _ in range(5):
            for c, s in specs:
                t = time.perf_counter()
                ex.ask_spec(s, c.ask)
                samples.append(time.perf_counter() - t)
        print(f"  {factor}x rules ({len(ex.kb.rules)}): {stats_ms(samples)}")


if __name__ == "__main__":
    main()
