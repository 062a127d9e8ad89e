"""How unknown answers are said (issue 23, item 3): on the ruling case files, how many unknown
answers get a plain "tell" sentence (something the player can say, or why the rules are kept from
answering) and how many get one-click choices (lines asked again and read); with --examples N,
N unknown answers with the old reason (the rule names and fields of ``missing_plain``) and the new
short reason.

    python3 bench/plain_tell.py [--examples 10] [FILES...]

Default files: tests/acceptance/*.yaml and bench/heldout-probe*.yaml.
"""

from __future__ import annotations

import argparse
import glob
import pathlib
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from psct_expert import Expert  # noqa: E402
from psct_expert.casefile import load_case_file  # noqa: E402
from psct_expert.errors import PsctError  # noqa: E402
from psct_expert.render import short_reason  # noqa: E402


def old_reason(answer) -> str:
    near = answer.missing_plain or answer.missing
    return "The facts do not settle it: " + "; ".join(near[:3]) + "." if near \
        else "The facts do not settle it."


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="*")
    ap.add_argument("--examples", type=int, default=0)
    ap.add_argument("-k", dest="select", action="append", default=[],
                    help="only cases whose id contains this (repeatable)")
    args = ap.parse_args()
    files = args.files or sorted(glob.glob(str(ROOT / "tests/acceptance/*.yaml"))) + \
        sorted(glob.glob(str(ROOT / "bench/heldout-probe*.yaml")))
    base = Expert()
    rows = []
    t0 = time.perf_counter()
    for path in files:
        cf = load_case_file(path)
        expert = base.with_cards(cf.cards)
        for case in cf.cases:
            if args.select and not any(k in case.id for k in args.select):
                continue
            try:
                answer = expert.ask(case.ask, case.scenario)
            except PsctError:
                continue
            if answer.value != "unknown":
                continue
            kinds = {it["kind"] for it in answer.tell}
            rows.append({
                "file": pathlib.Path(path).name, "id": case.id, "ask": case.ask,
                "scenario": case.scenario,
                "tell": "situation" in kinds, "open": "open" in kinds,
                "plain": bool(kinds & {"situation", "open"}),
                "any": bool(answer.tell),
                "choices": sum(len(it.get("choices", [])) for it in answer.tell),
                "settling": sum(1 for it in answer.tell for c in it.get("choices", [])
                                if c.get("gives") in ("yes", "no")),
                "old": old_reason(answer), "new": short_reason(answer),
                "buttons": [f"{c['label']} -> {c.get('gives')}" for it in answer.tell
                            for c in it.get("choices", [])]})
    took = time.perf_counter() - t0
    n = len(rows)
    print(f"files: {', '.join(pathlib.Path(f).name for f in files)}")
    print(f"unknown answers: {n}")
    print(f"  with a sentence for the player to answer ('Say ...'): {sum(r['tell'] for r in rows)}")
    print(f"  with a plain reason (a 'Say ...' sentence or why the rules are kept from it): "
          f"{sum(r['plain'] for r in rows)}")
    print(f"  with any plain sentence (also what card texts would need): "
          f"{sum(r['any'] for r in rows)}")
    print(f"  with one-click choices (lines asked again and read): "
          f"{sum(1 for r in rows if r['choices'])} ({sum(r['choices'] for r in rows)} choices; "
          f"{sum(1 for r in rows if r['settling'])} answers have a choice that gives yes or no)")
    for name in dict.fromkeys(r["file"] for r in rows):
        mine = [r for r in rows if r["file"] == name]
        print(f"  {name}: {len(mine)} unknown, {sum(r['tell'] for r in mine)} with a 'Say ...' "
              f"sentence, {sum(1 for r in mine if r['choices'])} with choices")
    print(f"time: {took:.1f} s for all the cases of these files")
    for r in rows[:args.examples]:
        print()
        print(f"## {r['file']} {r['id']}: {' '.join(r['scenario'])} {r['ask']}")
        print(f"   before: {r['old']}")
        print(f"   after:  {r['new']}")
        if r["buttons"]:
            print(f"   choices: {'; '.join(r['buttons'])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
