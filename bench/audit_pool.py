"""Whole-pool audit: all 14,216 cards, reader and rules.

    python3 bench/audit_pool.py [--jobs 2] [--limit N]

Goal: <= 20 s on the 2-core machine.
"""

from __future__ import annotations

import argparse
import pathlib
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from _common import peak_rss_mb  # noqa: E402

from psct_expert.api import Expert  # noqa: E402
from psct_expert.audit import Summary, audit  # noqa: E402
from psct_expert.reader import read_card  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--limit", type=int, default=0)
    args = ap.parse_args()
    expert = Expert()
    cards = expert.db.all_cards()
    if args.limit:
        cards = cards[:args.limit]
    names = [c.name for c in cards]
    t = time.perf_counter()
    for c in cards:
        read_card(c)
    reader = time.perf_counter() - t
    t = time.perf_counter()
    summary = Summary()
    for rec in audit(expert, names, jobs=args.jobs):
        summary.add(rec)
    total = time.perf_counter() - t
    print(f"audit of {len(cards)} cards, {args.jobs} job(s): {total:.1f} s "
          f"({total / len(cards) * 1000:.2f} ms/card)")
    print(f"  reader alone, 1 process: {reader:.1f} s ({reader / len(cards) * 1000:.2f} ms/card)")
    print(f"  read fully {summary.status['full']}, partly {summary.status['partial']}, "
          f"legacy {summary.status['legacy']}")
    print(f"  peak memory (main process): {peak_rss_mb():.0f} MB")


if __name__ == "__main__":
    main()
