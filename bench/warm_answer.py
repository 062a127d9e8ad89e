"""Warm answers: one process, engines built once, every guide case asked 20 times.

    python3 bench/warm_answer.py [--repeat 20] [CASE-FILE]

Prints the median and 95th percentile per question, and peak memory, for the
questions the parser understands (refused ones are counted, not timed).
Goals: median <= 5 ms on the guide cases, <= 10 ms on the real rulings.
"""

from __future__ import annotations

import argparse
import pathlib
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from _common import peak_rss_mb, stats_ms  # noqa: E402

from psct_expert.api import Expert  # noqa: E402
from psct_expert.casefile import load_case_file  # noqa: E402
from psct_expert.errors import PsctError  # noqa: E402

CASES = pathlib.Path(__file__).resolve().parent.parent / "tests" / "acceptance" / "guide-cases.yaml"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=20)
    ap.add_argument("cases", nargs="?", default=str(CASES))
    args = ap.parse_args()
    cf = load_case_file(args.cases)
    expert = Expert().with_cards(cf.cards)
    specs, first = [], []
    for c in cf.cases:
        t = time.perf_counter()
        try:
            specs.append((c, expert.parse(c.ask, c.scenario)))
        except PsctError:
            pass
        first.append(time.perf_counter() - t)
    for c, spec in specs:  # warm-up: compile each family's engine once
        expert.ask_spec(spec, c.ask)
    full, engine_only = [], []
    for _ in range(args.repeat):
        for c, spec in specs:
            t = time.perf_counter()
            expert.ask(c.ask, c.scenario)
            full.append(time.perf_counter() - t)
            t = time.perf_counter()
            expert.ask_spec(spec, c.ask)
            engine_only.append(time.perf_counter() - t)
    print(f"warm answer, {len(specs)} understood of {len(cf.cases)} cases "
          f"({pathlib.Path(args.cases).name}) x {args.repeat}")
    print(f"  first parse of each sentence (no sentence shape seen before): {stats_ms(first)}")
    print(f"  parse + read + engine + proof: {stats_ms(full)}")
    print(f"  structured question (no parse): {stats_ms(engine_only)}")
    print(f"  peak memory: {peak_rss_mb():.0f} MB")


if __name__ == "__main__":
    main()
