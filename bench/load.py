"""Load check: 50 concurrent questions to a local ``psct-expert serve`` (uvicorn) on 127.0.0.1.

The questions are the guide cases (tests/acceptance/guide-cases.yaml) that the
shipped card database answers as the case file expects, asked in plain English
with their scenario lines through ``GET /api/ask``; each response must carry
the expected answer.  Prints the latency of each request as seen by the
client (p50/p95/max), the wall time of the burst and the throughput.

    python3 bench/load.py [--requests 50] [--concurrency 50] [--workers 4] [--cache N] [--new-shapes]
"""

from __future__ import annotations

import argparse
import concurrent.futures
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CASES = ROOT / "tests" / "acceptance" / "guide-cases.yaml"


def pick_cases() -> list[dict]:
    """Cases the database's own cards answer as expected (the rest need the case file's cards)."""
    from psct_expert.api import Expert
    from psct_expert.errors import PsctError

    expert = Expert()
    out = []
    for case in yaml.safe_load(CASES.read_text(encoding="utf-8"))["cases"]:
        try:
            value = expert.ask(case["ask"], case.get("scenario") or []).value
        except PsctError:
            continue
        if value == case["expect"]:
            out.append(case)
    return out


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(url: str, timeout: float = 60.0) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=timeout) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()


def proc_cpu(pid: int) -> float:
    """CPU seconds (user + system) of a process so far (Linux /proc; 0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return 0.0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--requests", type=int, default=50)
    ap.add_argument("--concurrency", type=int, default=50)
    ap.add_argument("--workers", type=int, default=4, help="the server's --workers")
    ap.add_argument("--new-shapes", action="store_true",
                    help="the server's cache folder without the sentence shapes this machine has "
                         "parsed (a copy of the rest): its first burst parses every question")
    ap.add_argument("--cache", type=int, default=None,
                    help="the server's --cache (answers kept; 0: every request answered again)")
    args = ap.parse_args()

    cases = pick_cases()
    if not cases:
        print("no guide case is answered by the database alone", file=sys.stderr)
        return 1
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    if args.new_shapes:
        import shutil

        from psct_expert.paths import cache_dir

        own = tempfile.mkdtemp(prefix="load-cache-")
        for f in cache_dir().glob("*"):
            if f.is_file() and not f.name.startswith("question-shapes-"):
                shutil.copy2(f, own)
        env["PSCT_EXPERT_CACHE_DIR"] = own
    log = tempfile.TemporaryFile(mode="w+")   # not a pipe: a chatty server never blocks on it
    server = subprocess.Popen([sys.executable, "-m", "psct_expert", "serve", "--host", "127.0.0.1",
                               "--port", str(port), "--workers", str(args.workers)]
                              + ([] if args.cache is None else ["--cache", str(args.cache)]),
                              cwd=ROOT, env=env, stderr=log, text=True)
    try:
        t0 = time.perf_counter()
        while True:
            try:
                if get(base + "/api/families", timeout=1)[0] == 200:
                    break
            except OSError:
                pass
            if server.poll() is not None or time.perf_counter() - t0 > 60:
                log.seek(0)
                print("the server did not start: " + log.read()[-2000:], file=sys.stderr)
                return 1
            time.sleep(0.1)
        startup = time.perf_counter() - t0

        jobs = [cases[i % len(cases)] for i in range(args.requests)]

        def ask(case: dict) -> tuple[float, bool, str]:
            query = [("q", case["ask"])] + [("e", line) for line in case.get("scenario") or []]
            start = time.perf_counter()
            status, body = get(base + "/api/ask?" + urllib.parse.urlencode(query))
            took = time.perf_counter() - start
            got = json.loads(body).get("answer") if status == 200 else f"HTTP {status}"
            return took, got == case["expect"], f"{case['id']}: expected {case['expect']}, got {got}"

        # round 1 is a fresh server (each worker builds its engines); round 2 is warm
        rounds = []
        start_cpu = proc_cpu(server.pid)
        for _ in range(2):
            wall0, cpu0, own0 = time.perf_counter(), proc_cpu(server.pid), time.process_time()
            with concurrent.futures.ThreadPoolExecutor(args.concurrency) as pool:
                results = list(pool.map(ask, jobs))
            rounds.append((results, time.perf_counter() - wall0, proc_cpu(server.pid) - cpu0,
                           time.process_time() - own0))
    finally:
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()

    print(f"server: {args.workers} engine workers, started in {startup:.2f} s "
          f"({start_cpu:.2f} s CPU); load average {os.getloadavg()[0]:.1f}")
    failed = 0
    for name, (results, wall, cpu, client) in zip(("fresh server", "warm server"), rounds):
        lat = sorted(r[0] * 1000 for r in results)
        wrong = [r[2] for r in results if not r[1]]
        failed += len(wrong)
        p95 = lat[min(len(lat) - 1, int(round(0.95 * (len(lat) - 1))))]
        print(f"{name}: {len(results)} requests ({len(set(c['id'] for c in jobs))} distinct guide "
              f"cases), {args.concurrency} at once: {len(results) - len(wrong)} answered "
              f"correctly, {len(wrong)} wrong or failed")
        print(f"  latency: p50 {statistics.median(lat):.1f} ms  p95 {p95:.1f} ms  "
              f"min {lat[0]:.1f} ms  max {lat[-1]:.1f} ms; burst {wall:.2f} s, "
              f"{len(results) / wall:.1f} requests/s; server CPU {cpu * 1000:.0f} ms "
              f"({cpu / len(results) * 1000:.1f} ms a request), client CPU {client * 1000:.0f} ms")
        for w in wrong:
            print("  WRONG " + w)
    return 1 if failed else 0

if __name__ == "__main__":
    sys.exit(main())
