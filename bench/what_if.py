"""What would change the answer: how many answers get one, and what it costs.

    python3 bench/what_if.py [--repeat 5] [--show] [--lang it] [CASE-FILE ...]

On the guide cases and the real rulings (default), for every question answered yes or no:
how many get at least one what-if (a variation of the facts its proof rests on that the
engine answers the other way), which variations, and the time per answer with and without
``--what-if`` (warm: each answer asked once first, then ``--repeat`` times).  ``--show``
prints every case with its sentences (the sample judged in bench/README.md comes from it).
"""

from __future__ import annotations

import argparse
import collections
import pathlib
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))   # this checkout's package
from _common import stats_ms  # noqa: E402

from psct_expert.api import Expert  # noqa: E402
from psct_expert.casefile import load_case_file  # noqa: E402
from psct_expert.errors import PsctError  # noqa: E402
from psct_expert.whatif import what_if  # noqa: E402

HERE = pathlib.Path(__file__).resolve().parent.parent / "tests" / "acceptance"
DEFAULT = [HERE / "guide-cases.yaml", HERE / "real-rulings.yaml"]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--show", action="store_true")
    ap.add_argument("--lang", default="en", choices=["en", "it"])
    ap.add_argument("cases", nargs="*", default=[str(p) for p in DEFAULT])
    args = ap.parse_args()
    base = Expert()
    answered = with_one = 0
    by_variation: collections.Counter = collections.Counter()
    by_family: dict[str, list[int]] = collections.defaultdict(lambda: [0, 0])
    plain, searched, search_only = [], [], []
    for path in args.cases:
        cf = load_case_file(path)
        expert = base.with_cards(cf.cards)
        for c in cf.cases:
            try:
                spec = expert.parse(c.ask, c.scenario)
            except PsctError:
                continue
            answer = expert.ask_spec(spec, c.ask)
            if answer.value not in ("yes", "no"):
                continue
            found = what_if(expert, answer, args.lang)     # warm-up: cards read, engines built
            answered += 1
            by_family[answer.family][1] += 1
            if found:
                with_one += 1
                by_family[answer.family][0] += 1
            by_variation.update(w.variation for w in found)
            for _ in range(args.repeat):
                t0 = time.perf_counter()
                a = expert.ask_spec(spec, c.ask)
                t1 = time.perf_counter()
                what_if(expert, a, args.lang)
                t2 = time.perf_counter()
                plain.append(t1 - t0)
                searched.append(t2 - t0)
                search_only.append(t2 - t1)
            if args.show:
                print(f"== {c.id} [{answer.value}] {c.ask}" +
                      (f"  (+{len(c.scenario)} scenario lines)" if c.scenario else ""))
                for w in found:
                    print(f"   {w.variation}: {w.sentence}")
    print(f"answers yes/no: {answered}; with at least one what-if: {with_one} "
          f"({100.0 * with_one / max(answered, 1):.0f}%)")
    print("by family (with one / answered):")
    for fam, (k, n) in sorted(by_family.items(), key=lambda x: -x[1][1]):
        print(f"  {fam}: {k}/{n}")
    print("reported, by variation:", ", ".join(f"{v} {n}" for v, n in by_variation.most_common()))
    print(f"time per answer, structured question (no parse), warm, x{args.repeat}:")
    print(f"  without --what-if: {stats_ms(plain)}")
    print(f"  with --what-if:    {stats_ms(searched)}")
    print(f"  the search alone:  {stats_ms(search_only)}")


if __name__ == "__main__":
    main()
