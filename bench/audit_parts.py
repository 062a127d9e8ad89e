"""Where an audited card's time goes: reader, rule engine, proof summary, record and JSON.

    python3 bench/audit_parts.py [--cards 1000] [--rounds 3]

One process, no cache, every card of an evenly spread slice of the pool (every
Nth card).  Each part is timed over the whole slice in CPU seconds of this
process (``time.process_time``), best of ``--rounds``, so a figure taken on a
busy machine is still comparable; the parts are run one after the other on
the results of the part before, as ``audit_card`` runs them.  Also printed:
start-up (imports, card database, compiling the audit's rules) and the whole
``audit_lines`` path over the same cards (the sum of the parts plus the
record's digest and the plumbing between them).
"""

from __future__ import annotations

import argparse
import os
import pathlib
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))  # this checkout's package

CPU = time.process_time


def best(fn, rounds: int) -> float:
    out = float("inf")
    for _ in range(rounds):
        t = CPU()
        fn()
        out = min(out, CPU() - t)
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--cards", type=int, default=1000)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    t0 = CPU()
    from psct_expert.api import CLASSIFICATIONS, Expert, classify
    from psct_expert.audit import audit_card, audit_lines, record_line
    from psct_expert.gamefacts import game_facts
    from psct_expert.proof import rules_and_citations
    from psct_expert.reader import read_card
    from psct_expert.reader.reader import _Reader
    from psct_expert.render import reading_dict
    t1 = CPU()
    expert = Expert()
    pool = expert.db.all_cards()
    t2 = CPU()
    engine = expert.engine_for(CLASSIFICATIONS)
    t3 = CPU()
    step = max(1, len(pool) // args.cards)
    cards = pool[::step][:args.cards]
    n = len(cards)
    given = list(game_facts())

    readings = [_Reader(c).read() for c in cards]
    records = [engine.run(given + list(r.facts)) for r in readings]
    conclusions = [classify(expert, r) for r in readings]
    recs = [audit_card(expert, c) for c in cards]

    def proofs():
        for rec in records:
            cache: dict = {}
            for key in rec.facts:
                if key[0] in CLASSIFICATIONS and rec.derivations.get(key):
                    rules_and_citations(key, rec, expert.kb, cache=cache)

    parts = {
        "reader": best(lambda: [_Reader(c).read() for c in cards], args.rounds),
        "engine run (declare, match, fire)": best(
            lambda: [engine.run(given + list(r.facts)) for r in readings], args.rounds),
        "proof summaries (rules, citations)": best(proofs, args.rounds),
        "record (reading_dict)": best(
            lambda: [reading_dict(r, c) for r, c in zip(readings, conclusions)], args.rounds),
        "JSON line": best(lambda: [record_line(r) for r in recs], args.rounds),
    }

    def whole():
        read_card.cache_clear()
        for _ in audit_lines(expert, [c.name for c in cards], jobs=1, cache=False):
            pass
    total = best(whole, args.rounds)
    print(f"audit parts, {n} cards (every {step}th of {len(pool)}), CPU ms per card, "
          f"best of {args.rounds}:")
    for name, secs in parts.items():
        print(f"  {name:38s} {secs / n * 1000:6.3f}")
    print(f"  {'sum of the parts':38s} {sum(parts.values()) / n * 1000:6.3f}")
    print(f"  {'whole audit_lines path, -j 1':38s} {total / n * 1000:6.3f}")
    print(f"start-up CPU: imports {t1 - t0:.2f} s, card database {t2 - t1:.2f} s, "
          f"compiling the audit's rules {t3 - t2:.2f} s")
    print("load average (1, 5, 15 min): " + ", ".join(f"{x:.1f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main()
