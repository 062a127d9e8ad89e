"""Parts of questions with two readings: parsed on the rules their words can use, and with
lark's parser of the whole written grammar; the trees must be the same.

    python3 bench/two_readings.py [CASES ...]   # default: the guide cases and the real rulings

Prints how many parts had two readings, how many trees differ (goal: 0) and the CPU time of
each way.  Slow: the whole written grammar's parser is what the program no longer uses.
"""

from __future__ import annotations

import pathlib
import sys
import time

import yaml

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from psct_expert.api import Expert  # noqa: E402
from psct_expert.cards import Card  # noqa: E402
from psct_expert.parser import grammar as G  # noqa: E402

DEFAULT = [ROOT / "tests" / "acceptance" / "guide-cases.yaml",
           ROOT.parent / "shared" / "acceptance" / "real-rulings.yaml"]


def main() -> None:
    paths = [pathlib.Path(p) for p in sys.argv[1:]] or [p for p in DEFAULT if p.exists()]
    stats = {"parts": 0, "differ": 0, "part_cpu": 0.0, "whole_cpu": 0.0}
    differ = []
    chosen = G.Grammar.written_parse

    def both(self, tokens, start):
        t = time.process_time()
        tree = chosen(self, tokens, start)
        t1 = time.process_time()
        whole = self.lark.parse(tokens, start=start)
        t2 = time.process_time()
        stats["parts"] += 1
        stats["part_cpu"] += t1 - t
        stats["whole_cpu"] += t2 - t1
        if tree != whole:
            stats["differ"] += 1
            differ.append(" ".join(str(w) for w in tokens))
        return tree

    G.Grammar.written_parse = both
    expert = Expert()
    for path in paths:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        ex = expert.with_cards(Card.from_dict(c, origin="case file") for c in data.get("cards") or [])
        for case in data["cases"]:
            try:
                ex.parse(case["ask"], case.get("scenario") or [])
            except Exception:  # noqa: BLE001 - refusals are part of the set
                pass
        print(f"{path.name}: {len(data['cases'])} questions", flush=True)
    print(f"parts with two readings: {stats['parts']}; trees that differ: {stats['differ']}")
    print(f"CPU: on the rules the words can use {stats['part_cpu']:.2f} s; "
          f"with the whole written grammar {stats['whole_cpu']:.2f} s")
    for d in differ:
        print("  differs:", d)


if __name__ == "__main__":
    main()
