"""TCG and OCG named, sources ranked: the figures.

    python3 bench/rulesets.py [CASE-FILE ...]

Prints the rules per ruleset (as their files say, and how many may decide an answer under
each ruleset), the sources per tier and per ruleset, then asks every case of the shared case
files (default: ../shared/acceptance/*.yaml beside the checkout, else tests/acceptance) under
the TCG and under the OCG and counts the answers that rest on an OCG-only point, on a point
still to confirm, and the answers that differ between the two rulesets.
"""

from __future__ import annotations

import collections
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from psct_expert.api import Expert  # noqa: E402
from psct_expert.casefile import load_case_file  # noqa: E402
from psct_expert.errors import PsctError  # noqa: E402
from psct_expert.knowledge.model import rule_holds  # noqa: E402


def case_files(argv: list[str]) -> list[pathlib.Path]:
    if argv:
        return [pathlib.Path(a) for a in argv]
    shared = ROOT.parent.parent / "shared" / "acceptance"
    if not shared.is_dir():
        shared = ROOT.parent / "shared" / "acceptance"
    folder = shared if shared.is_dir() else ROOT / "tests" / "acceptance"
    return sorted(folder.glob("*.yaml"))


def main() -> None:
    tcg = Expert()
    ocg = Expert(kb=tcg.kb, db=tcg.db, ruleset="ocg")
    kb = tcg.kb
    said = collections.Counter(r.ruleset or "(none)" for r in kb.rules)
    print(f"rules: {len(kb.rules)}; as their files say: "
          + ", ".join(f"{k} {v}" for k, v in sorted(said.items())))
    for rs in ("tcg", "ocg"):
        print(f"  may decide an answer under the {rs.upper()}: "
              f"{sum(rule_holds(kb, r, rs) for r in kb.rules)}")
    tiers = collections.Counter(s.tier for s in kb.sources.values())
    print(f"sources: {len(kb.sources)}; by tier: "
          + ", ".join(f"{t} {tiers[t]}" for t in kb.tiers if tiers[t]))
    by_rs = collections.Counter(s.ruleset for s in kb.sources.values())
    print("  by ruleset: " + ", ".join(f"{k} {v}" for k, v in sorted(by_rs.items()))
          + f"; to confirm: {sum(bool(s.to_confirm) for s in kb.sources.values())}")
    cited = {c for r in kb.rules for c in r.cites}
    print("  OCG-only points cited by a rule: "
          + (", ".join(sorted(s.id for s in kb.sources.values()
                              if s.ruleset == "ocg" and s.id in cited)) or "none"))
    total = answered = 0
    on_ocg, on_confirm, differ = [], [], []
    for path in case_files(sys.argv[1:]):
        cf = load_case_file(path)
        ex_t, ex_o = tcg.with_cards(cf.cards), ocg.with_cards(cf.cards)
        for case in cf.cases:
            total += 1
            try:
                a_t = ex_t.ask(case.ask, case.scenario)
                a_o = ex_o.ask(case.ask, case.scenario)
            except PsctError:
                continue
            answered += a_t.value in ("yes", "no")
            for a in (a_t, a_o):
                for c in a.caveats():
                    if c["ruleset"] == "ocg" and case.id not in on_ocg:
                        on_ocg.append(case.id)
                    if c["to_confirm"] and case.id not in on_confirm:
                        on_confirm.append(case.id)
            if a_t.value != a_o.value:
                differ.append(f"{case.id} (TCG {a_t.value}, OCG {a_o.value})")
    print(f"shared cases: {total}, answered yes/no under the TCG: {answered}")
    print(f"  answers resting on an OCG-only point: {len(on_ocg)}"
          + (": " + ", ".join(on_ocg) if on_ocg else ""))
    print(f"  answers resting on a point to confirm: {len(on_confirm)}"
          + (": " + ", ".join(on_confirm) if on_confirm else ""))
    print(f"  answers that differ between TCG and OCG: {len(differ)}"
          + (": " + ", ".join(differ) if differ else ""))


if __name__ == "__main__":
    main()
