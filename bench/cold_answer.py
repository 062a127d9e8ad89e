"""Cold answers: `psct-expert ask "..."` as a fresh process, full card pool available.

    python3 bench/cold_answer.py [--repeat 15]

Runs ``python -m psct_expert ask`` (the console script adds only the
launcher's own start-up). Goal: <= 0.5 s. The first figure is with the user
cache warm (the card-name index and the compiled question grammar, as after
the first question); the second is a first start, with an empty cache folder.
Each run's CPU time (user + sys of the child) is printed beside the wall time:
on a shared machine it says more than the wall time does.
"""

from __future__ import annotations

import argparse
import pathlib
import os
import resource
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from _common import peak_rss_mb, stats_ms  # noqa: E402

QUESTIONS = [
    "Can Thunder King Rai-Oh negate the Special Summon of Gorz, Emissary of Darkness?",
    "Does Creature Swap target?",
    "Is discarding 1 card a cost of Super Polymerisation?",
]


# an installed package has its bytecode compiled (pip does it); a checkout run with
# PYTHONDONTWRITEBYTECODE would compile every module again at each start
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def _cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=15)
    args = ap.parse_args()
    for q in QUESTIONS:   # builds the name-index and grammar caches (and the bytecode) once
        subprocess.run([sys.executable, "-m", "psct_expert", "ask", q], capture_output=True, env=ENV)
    samples, cpu = [], []
    for i in range(args.repeat):
        q = QUESTIONS[i % len(QUESTIONS)]
        t, c = time.perf_counter(), _cpu()
        out = subprocess.run([sys.executable, "-m", "psct_expert", "ask", q],
                             capture_output=True, text=True, env=ENV)
        samples.append(time.perf_counter() - t)
        cpu.append(_cpu() - c)
        if out.returncode not in (0, 1):
            raise SystemExit(out.stderr)
    first, first_cpu = [], []
    for i in range(max(1, args.repeat // 5)):
        with tempfile.TemporaryDirectory() as empty:
            t, c = time.perf_counter(), _cpu()
            subprocess.run([sys.executable, "-m", "psct_expert", "ask", QUESTIONS[i % len(QUESTIONS)]],
                           capture_output=True, env=dict(ENV, PSCT_EXPERT_CACHE_DIR=empty))
            first.append(time.perf_counter() - t)
            first_cpu.append(_cpu() - c)
    t, c = time.perf_counter(), _cpu()
    subprocess.run([sys.executable, "-c", "pass"])
    python, python_cpu = time.perf_counter() - t, _cpu() - c
    print(f"cold answer (fresh process each time, cache warm): {stats_ms(samples)}")
    print(f"  CPU (user + sys) of each: {stats_ms(cpu)}")
    print(f"first start (empty cache folder: builds and checks the name index, compiles the grammar, "
          f"reads the knowledge): {stats_ms(first)}")
    print(f"  CPU (user + sys) of each: {stats_ms(first_cpu)}")
    print(f"  of which a bare Python start-up: {python * 1000:.0f} ms ({python_cpu * 1000:.0f} ms CPU)")
    print(f"  peak memory of a child: {peak_rss_mb(children=True):.0f} MB")


if __name__ == "__main__":
    main()
