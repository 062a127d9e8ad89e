"""Whole-pool audit: all 14,216 cards, reader and rules, cold and cached.

    python3 bench/audit_pool.py [--jobs 2] [--limit N]

Cold: a fresh, empty cache dir, so every card is read and classified (and the
cache is written, as a user's first audit does; `--no-cache-run` adds a run
with the cache off).  Cached: the same audit again (what a user sees on a
repeated `psct-expert audit` with unchanged cards and knowledge), including
loading the records and building the summary.
The cached figure is also measured as the user runs it: a fresh
`python3 -m psct_expert audit` process (start-up and card database included).
CPU seconds (this process and its workers) are printed beside the wall time,
so a figure taken on a busy machine can still be read.
Goals (issue 12): cold <= 30 s, cached <= 3 s on the 2-core machine.
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))  # this checkout's package
from _common import peak_rss_mb  # noqa: E402

from psct_expert.api import Expert  # noqa: E402
from psct_expert.audit import Summary, audit_lines  # noqa: E402
from psct_expert.reader import read_card  # noqa: E402


def cpu() -> float:
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def run(expert, names, jobs, cache):
    """What `audit --json` does: every record line, and the summary from the digests."""
    t, c = time.perf_counter(), cpu()
    summary = Summary()
    lines = []
    for line, dig in audit_lines(expert, names, jobs=jobs, cache=cache):
        summary.add_digest(json.loads(dig))
        lines.append(line)
    return time.perf_counter() - t, cpu() - c, summary


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--no-cache-run", action="store_true",
                    help="also time a run with the cache off")
    args = ap.parse_args()
    os.environ["PSCT_EXPERT_CACHE_DIR"] = tempfile.mkdtemp(prefix="psct-audit-bench-")
    expert = Expert()
    cards = expert.db.all_cards()
    if args.limit:
        cards = cards[:args.limit]
    names = [c.name for c in cards]
    t = time.perf_counter()
    for c in cards:
        read_card(c)
    reader = time.perf_counter() - t
    read_card.cache_clear()   # the cold audit reads every card itself (workers fork from here)
    load_before = os.getloadavg()
    cold, cold_cpu, summary = run(expert, names, args.jobs, cache=True)
    cached, cached_cpu, _ = run(expert, names, args.jobs, cache=True)
    nocache = run(expert, names, args.jobs, cache=False)[0] if args.no_cache_run else None
    n = len(cards)
    cli = None
    if not args.limit:
        t = time.perf_counter()
        subprocess.run([sys.executable, "-m", "psct_expert", "audit", "--json", "-o",
                        os.devnull], check=True, cwd=pathlib.Path(__file__).resolve().parent.parent,
                       stderr=subprocess.DEVNULL)
        cli = time.perf_counter() - t
    print(f"audit of {n} cards, {args.jobs} job(s):")
    print(f"  cold (empty cache):     {cold:6.1f} s ({cold / n * 1000:.2f} ms/card; "
          f"CPU {cold_cpu:.1f} s, {cold_cpu / n * 1000:.2f} ms/card)")
    if nocache is not None:
        print(f"  cache off:              {nocache:6.1f} s")
    print(f"  cached (unchanged):     {cached:6.1f} s (CPU {cached_cpu:.1f} s)")
    if cli is not None:
        print(f"  cached, `psct_expert audit --json` as a fresh process: {cli:.1f} s")
    print(f"  reader alone, 1 process: {reader:.1f} s ({reader / n * 1000:.2f} ms/card)")
    print(f"  read fully {summary.status['full']}, partly {summary.status['partial']}, "
          f"legacy {summary.status['legacy']}")
    print(f"  peak memory (main process): {peak_rss_mb():.0f} MB")
    print("  load average (1, 5, 15 min) before the cold run: "
          + ", ".join(f"{x:.1f}" for x in load_before)
          + "; at the end: " + ", ".join(f"{x:.1f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main()
