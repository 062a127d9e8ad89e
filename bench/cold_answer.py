"""Cold answers: `psct-expert ask "..."` as a fresh process, full card pool available.

    python3 bench/cold_answer.py [--repeat 15]

Runs ``python -m psct_expert ask`` (the console script adds only the
launcher's own start-up). Goal: <= 0.5 s.
"""

from __future__ import annotations

import argparse
import pathlib
import subprocess
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from _common import peak_rss_mb, stats_ms  # noqa: E402

QUESTIONS = [
    "Can Thunder King Rai-Oh negate the Special Summon of Gorz, Emissary of Darkness?",
    "Does Creature Swap target?",
    "Is discarding 1 card a cost of Super Polymerisation?",
]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=15)
    args = ap.parse_args()
    subprocess.run([sys.executable, "-m", "psct_expert", "ask", QUESTIONS[0]],
                   capture_output=True)  # builds the name-index cache once
    samples = []
    for i in range(args.repeat):
        q = QUESTIONS[i % len(QUESTIONS)]
        t = time.perf_counter()
        out = subprocess.run([sys.executable, "-m", "psct_expert", "ask", q],
                             capture_output=True, text=True)
        samples.append(time.perf_counter() - t)
        if out.returncode not in (0, 1):
            raise SystemExit(out.stderr)
    t = time.perf_counter()
    subprocess.run([sys.executable, "-c", "pass"])
    python = time.perf_counter() - t
    print(f"cold answer (fresh process each time): {stats_ms(samples)}")
    print(f"  of which a bare Python start-up: {python * 1000:.0f} ms")
    print(f"  peak memory of a child: {peak_rss_mb(children=True):.0f} MB")


if __name__ == "__main__":
    main()
