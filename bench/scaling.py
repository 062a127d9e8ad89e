"""Scaling: audit time (no cache) for 1,000 / 4,000 / 14,216 cards, and answer time with 1x / 4x the rules.

    python3 bench/scaling.py [--jobs 0] [--audit-only] [--sizes 1000,4000,all]

The audit is timed as ``audit --json`` runs it (record lines and digests, the
default workers with ``--jobs 0``), cold: no audit cache and no reading kept
from the size before.  CPU seconds (this process and its workers) and the load
average are printed beside the wall time, since the machine may be shared.

The 4x knowledge adds three renamed copies of every rule (same conditions, same
conclusions), so the engine does four times the matching for the same answers.
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


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--jobs", type=int, default=0, help="worker processes (0: the audit's default)")
    ap.add_argument("--audit-only", action="store_true", help="skip the knowledge-size part")
    ap.add_argument("--sizes", default="1000,4000,all", help="card counts, 'all' = the pool")
    args = ap.parse_args()
    expert = Expert()
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
