"""Measure the default test run and list the tests that take 50 ms or more.

    python3 tools/slow_tests.py [--threshold 0.05] [--write [--add]]

Runs the default set (everything not marked ``slow`` or ``pool`` in the source) with
``--durations=0`` on two workers, in a temporary home, with ``tests/slow-tests.txt`` not
applied (``PSCT_TESTS_MEASURE=1``), so tests listed there are measured again too.  Prints
the figures (tests, their total time, the tests over the threshold and their time) and
the list; ``--write`` replaces ``tests/slow-tests.txt`` with it, ``--write --add`` adds it to
what is listed (a test's time depends on the order the workers meet the tests in, and this
machine's speed varies within an hour: the list is the union of the measurements).
``tests/conftest.py`` marks every test named in that file ``slow``: the default run leaves it
out, ``.ci/run``'s second command (``-m "slow or pool"``) runs it.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIST = ROOT / "tests" / "slow-tests.txt"
HEADER = """\
# Tests of the default run measured at 50 ms or more of their own (call time,
# `python3 tools/slow_tests.py --write` on two workers).  tests/conftest.py marks each one
# `slow`: the default run leaves it out and `.ci/run`'s second command runs it.
# One pytest node id per line; tests/test_slow_list.py checks that each names a test of its file.
"""
LINE = re.compile(r"^([0-9.]+)s call\s+(\S.*?)\s*$")
GROUP = re.compile(r"(::\w+(?:\[.*\])?)@[\w-]+$")   # xdist's loadgroup adds "@group" to ids


def _node(printed: str) -> str:
    return GROUP.sub(r"\1", printed)


def measure(threshold: float) -> tuple[list[tuple[float, str]], int, float]:
    env = dict(os.environ, PSCT_TESTS_MEASURE="1")
    with tempfile.TemporaryDirectory() as home:
        env["HOME"] = home
        out = subprocess.run([sys.executable, "-m", "pytest", "-q", "-n", "2", "-p",
                              "no:cacheprovider", "--durations=0", "-vv"],
                             cwd=ROOT, env=env, capture_output=True, text=True)
    calls = [(float(m.group(1)), _node(m.group(2))) for m in map(LINE.match, out.stdout.splitlines()) if m]
    if out.returncode != 0:
        sys.stderr.write(out.stdout[-3000:] + out.stderr[-2000:])
        raise SystemExit(f"the test run failed (exit {out.returncode}); nothing measured")
    slow = sorted((t, node) for t, node in calls if t >= threshold)
    return slow, len(calls), sum(t for t, _ in calls)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--threshold", type=float, default=0.05)
    ap.add_argument("--write", action="store_true", help="replace tests/slow-tests.txt")
    ap.add_argument("--add", action="store_true",
                    help="with --write: keep the tests listed already (a machine's speed varies: "
                         "the list is the union of the measurements)")
    args = ap.parse_args(argv)
    slow, n, total = measure(args.threshold)
    print(f"{n} tests timed, {total:.1f} s of call time; {len(slow)} at {args.threshold} s or "
          f"more, {sum(t for t, _ in slow):.1f} s")
    for t, node in slow:
        print(f"  {t:5.2f}  {node}")
    listed = [ln for ln in LIST.read_text(encoding="utf-8").splitlines()
              if ln.strip() and not ln.startswith("#")] if LIST.exists() else []
    now = {node for _, node in slow}
    print(f"listed now: {len(listed)}; would drop {len(set(listed) - now)}, add {len(now - set(listed))}")
    if args.write:
        keep = now | set(listed) if args.add else now
        LIST.write_text(HEADER + "".join(f"{node}\n" for node in sorted(keep)), encoding="utf-8")
        print(f"wrote {LIST.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
