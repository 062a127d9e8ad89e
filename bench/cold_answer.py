"""Cold answers: `psct-expert ask "..."` as a fresh process, full card pool available.

    python3 bench/cold_answer.py [--repeat 15] [--skip-check] [--against OTHER-CHECKOUT]

Runs ``python -m psct_expert ask`` (the console script adds only the
launcher's own start-up). Goals (CPU): cold ``ask`` <= 0.15 s, ``--version``
<= 40 ms, a question of a shape new to the process in ``check`` <= 5 ms per case. The first figure is with the user
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


ROOT = pathlib.Path(__file__).resolve().parent.parent
CASE_FILES = [ROOT / "tests" / "acceptance" / "guide-cases.yaml",
              ROOT / "tests" / "acceptance" / "real-rulings.yaml"]

# one fresh process: every case of a case file asked once (each sentence new to the process, as in
# `check`), then every case again (shapes seen, engines compiled); CPU per case of each pass
PER_CASE = r"""
import json, sys, time
from psct_expert.api import Expert
from psct_expert.casefile import load_case_file
from psct_expert.errors import PsctError
cf = load_case_file(sys.argv[1])
ex = Expert().with_cards(cf.cards)
ex.db
out = []
for _ in range(2):
    t = time.process_time()
    for c in cf.cases:
        try:
            ex.ask(c.ask, c.scenario)
        except PsctError:
            pass
    out.append((time.process_time() - t) / len(cf.cases))
print(json.dumps(out))
"""


def _run_cpu(cmd: list[str], env=None, cwd=None) -> tuple[float, subprocess.CompletedProcess]:
    c = _cpu()
    out = subprocess.run(cmd, capture_output=True, text=True, env=env or ENV, cwd=cwd or ROOT)
    return _cpu() - c, out


def check_costs(repeat: int) -> None:
    """`check` per case: whole process (minus a `check` that selects no case), and in process."""
    import json
    import statistics

    version = [_run_cpu([sys.executable, "-m", "psct_expert", "--version"])[0] for _ in range(repeat)]
    print(f"--version: CPU {stats_ms(version)}")
    for path in CASE_FILES:
        n = len(__import__("yaml").safe_load(path.read_text(encoding="utf-8"))["cases"])
        whole, none = [], []
        for _ in range(3):
            whole.append(_run_cpu([sys.executable, "-m", "psct_expert", "check", str(path)])[0])
            none.append(_run_cpu([sys.executable, "-m", "psct_expert", "check", "-k", "@none@",
                                  str(path)])[0])
        per = (statistics.median(whole) - statistics.median(none)) / n
        print(f"check {path.name} ({n} cases), whole process: CPU {statistics.median(whole):.2f} s, "
              f"start-up (no case selected) {statistics.median(none):.2f} s: "
              f"{per * 1000:.1f} ms CPU per case")
        passes = []
        for _ in range(3):
            passes.append(json.loads(_run_cpu([sys.executable, "-c", PER_CASE, str(path)])[1].stdout))
        first = statistics.median(p[0] for p in passes) * 1000
        again = statistics.median(p[1] for p in passes) * 1000
        print(f"  in process, per case: new to the process {first:.1f} ms CPU, asked again "
              f"{again:.2f} ms CPU (3 processes, median)")
        with tempfile.TemporaryDirectory() as empty:
            cold = json.loads(_run_cpu([sys.executable, "-c", PER_CASE, str(path)],
                                       env=dict(ENV, PSCT_EXPERT_CACHE_DIR=empty))[1].stdout)
        print(f"  same with an empty cache folder (nothing seen before on disk either): "
              f"{cold[0] * 1000:.1f} ms CPU per case, again {cold[1] * 1000:.2f} ms")


def paired(other: pathlib.Path, repeat: int, with_check: bool = True) -> None:
    """This checkout and ``other``, run by turns (A B A B ...), CPU medians and ratios.

    Each checkout has a cache folder of its own (their caches are keyed by their code, and a
    cache started by one would remove the other's files).  With ``with_check``, also `check`
    per case as a whole process (the case files of this checkout, run by both)."""
    import statistics

    caches = {ROOT: tempfile.mkdtemp(prefix="bench-this-"), other: tempfile.mkdtemp(prefix="bench-other-")}

    def env(where):
        return dict(ENV, PYTHONPATH=str(where), PSCT_EXPERT_CACHE_DIR=caches[where])

    runs = {"ask": [["ask", q] for q in QUESTIONS], "--version": [["--version"]]}
    for where in (ROOT, other):     # caches and bytecode of both, once
        for q in QUESTIONS:
            subprocess.run([sys.executable, "-m", "psct_expert", "ask", q], capture_output=True,
                           env=env(where), cwd=where)
        if with_check:
            for path in CASE_FILES:
                subprocess.run([sys.executable, "-m", "psct_expert", "check", str(path)],
                               capture_output=True, env=env(where), cwd=where)
    for name, argvs in runs.items():
        got = {"this": [], "other": [], "bare": []}
        for i in range(repeat):
            argv = argvs[i % len(argvs)]
            for key, where in (("this", ROOT), ("other", other)):
                got[key].append(_run_cpu([sys.executable, "-m", "psct_expert"] + argv,
                                         env=env(where), cwd=where)[0])
            got["bare"].append(_run_cpu([sys.executable, "-c", "pass"])[0])
        med = {k: statistics.median(v) * 1000 for k, v in got.items()}
        low = {k: min(v) * 1000 for k, v in got.items()}
        print(f"{name}: CPU median this {med['this']:.0f} ms (min {low['this']:.0f}), {other.name} "
              f"{med['other']:.0f} ms (min {low['other']:.0f}) (ratio {med['this'] / med['other']:.2f}); "
              f"bare Python {med['bare']:.0f} ms ({repeat} runs each, by turns)")
    if not with_check:
        return
    for path in CASE_FILES:
        n = len(__import__("yaml").safe_load(path.read_text(encoding="utf-8"))["cases"])
        per = {"this": [], "other": []}
        for _ in range(max(3, repeat // 3)):
            for key, where in (("this", ROOT), ("other", other)):
                whole = _run_cpu([sys.executable, "-m", "psct_expert", "check", str(path)],
                                 env=env(where), cwd=where)[0]
                none = _run_cpu([sys.executable, "-m", "psct_expert", "check", "-k", "@none@",
                                 str(path)], env=env(where), cwd=where)[0]
                per[key].append((whole - none) / n * 1000)
        med = {k: statistics.median(v) for k, v in per.items()}
        print(f"check {path.name} ({n} cases), whole process, CPU per case: this median "
              f"{med['this']:.1f} ms (min {min(per['this']):.1f}), {other.name} {med['other']:.1f} ms "
              f"(min {min(per['other']):.1f}) (ratio {med['this'] / med['other']:.2f}; "
              f"{len(per['this'])} runs each, by turns)")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=15)
    ap.add_argument("--skip-check", action="store_true", help="only the cold `ask` figures")
    ap.add_argument("--against", metavar="CHECKOUT",
                    help="another checkout (e.g. `git archive OLD | tar -x -C DIR`): its cold `ask`, "
                         "`--version` and bare Python runs alternate with this one's, so both "
                         "see the same load; prints the medians and their ratio (and `check` per "
                         "case, unless --skip-check); each checkout gets a cache folder of its own")
    args = ap.parse_args()
    print(f"load average at start: {os.getloadavg()[0]:.1f}")
    if args.against:
        paired(pathlib.Path(args.against).resolve(), args.repeat, not args.skip_check)
        print(f"load average at end: {os.getloadavg()[0]:.1f}")
        return
    for q in QUESTIONS:   # builds the name-index and grammar caches (and the bytecode) once
        subprocess.run([sys.executable, "-m", "psct_expert", "ask", q], capture_output=True, env=ENV,
                       cwd=ROOT)
    samples, cpu = [], []
    for i in range(args.repeat):
        q = QUESTIONS[i % len(QUESTIONS)]
        t, c = time.perf_counter(), _cpu()
        out = subprocess.run([sys.executable, "-m", "psct_expert", "ask", q],
                             capture_output=True, text=True, env=ENV, cwd=ROOT)
        samples.append(time.perf_counter() - t)
        cpu.append(_cpu() - c)
        if out.returncode not in (0, 1):
            raise SystemExit(out.stderr)
    first, first_cpu = [], []
    for i in range(max(1, args.repeat // 5)):
        with tempfile.TemporaryDirectory() as empty:
            t, c = time.perf_counter(), _cpu()
            subprocess.run([sys.executable, "-m", "psct_expert", "ask", QUESTIONS[i % len(QUESTIONS)]],
                           capture_output=True, env=dict(ENV, PSCT_EXPERT_CACHE_DIR=empty), cwd=ROOT)
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
    if not args.skip_check:
        check_costs(max(3, args.repeat // 3))
    print(f"load average at end: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
