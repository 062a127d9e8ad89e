"""Probe: does the parser answer questions it did not fully read?

For every guide case it asks variants that must not get the original answer:
an appended clause of invented words, a second question glued on, and a
meaning-changing word inserted ("not", "only", "again", "Synchro").  A
variant counts as *answered as if the extra part were not there* when the
parser accepts it and the structured question is the same as the original's.
Goal: 0.

    python bench/probe_questions.py [CASE-FILE]
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import yaml

from psct_expert.api import Expert
from psct_expert.cards import Card
from psct_expert.errors import PsctError

ROOT = Path(__file__).resolve().parent.parent


def variants(q: str) -> dict[str, str]:
    body = q.rstrip("?").rstrip()
    first, _, rest = body.partition(" ")
    out = {
        "invented clause": body + " if the glorp has been frobnicated twice?",
        "glued question": body + ", and what is its ATK?",
        "not": f"{first} not {rest}?",
        "only": body + " only once?",
        "again": body + " again?",
    }
    if re.search(r"\bSpecial Summon\b", q):
        out["Synchro"] = q.replace("Special Summon", "Synchro Summon", 1)
    return out


def main(argv: list[str]) -> int:
    path = Path(argv[0]) if argv else ROOT / "tests" / "acceptance" / "guide-cases.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    expert = Expert().with_cards(Card.from_dict(c, origin="case file") for c in data.get("cards") or [])
    total = same = refused = changed = 0
    per_kind: dict[str, list[int]] = {}
    examples: list[str] = []
    for case in data["cases"]:
        try:
            original = expert.parse(case["ask"], case.get("scenario") or [])
        except PsctError:
            continue
        for kind, text in variants(case["ask"]).items():
            total += 1
            row = per_kind.setdefault(kind, [0, 0, 0])
            try:
                spec = expert.parse(text, case.get("scenario") or [])
            except PsctError:
                refused += 1
                row[0] += 1
                continue
            if json.dumps(spec, sort_keys=True) == json.dumps(original, sort_keys=True):
                same += 1
                row[1] += 1
                examples.append(f"  {kind}: {text}")
            else:
                changed += 1
                row[2] += 1
    print(f"{total} variants of {len(data['cases'])} cases: {refused} refused, "
          f"{changed} understood differently, {same} answered as if the extra part were not there")
    for kind, (r, s, c) in per_kind.items():
        print(f"  {kind:<16} refused {r:>3}  same {s:>3}  different {c:>3}")
    if examples:
        print("answered as if the extra part were not there:")
        print("\n".join(examples[:40]))
    return 0 if same == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
