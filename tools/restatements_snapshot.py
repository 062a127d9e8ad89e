"""Save the restatement of every case's answer in English and Italian, or compare against a save.

A change to how questions are said back (``psct_expert/restate.py``, its words in
``psct_expert/restate.yaml``) must keep both languages byte-identical:

    python3 tools/restatements_snapshot.py save /tmp/restated-before.json [CASE FILE ...]
    ... change the code or the words ...
    python3 tools/restatements_snapshot.py compare /tmp/restated-before.json [CASE FILE ...]

Default case files: the acceptance files and the held-out probes (every ``*.yaml`` of
tests/acceptance/ and bench/heldout-probe*.yaml).  A refused question is saved as its error kind.
``compare`` prints each case whose restatement differs (in either language) and exits 1 if any does.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))       # this checkout's package
DEFAULT_FILES = sorted((ROOT / "tests/acceptance").glob("*.yaml")) + \
    sorted((ROOT / "bench").glob("heldout-probe*.yaml"))


def restatements(files: list[Path]) -> dict[str, list[str]]:
    from psct_expert import Expert
    from psct_expert.casefile import load_case_file
    from psct_expert.errors import PsctError

    base = Expert()
    out: dict[str, list[str]] = {}
    for path in files:
        cf = load_case_file(path)
        expert = base.with_cards(cf.cards)
        for case in cf.cases:
            key = f"{path.stem}/{case.id}"
            try:
                answer = expert.ask(case.ask, case.scenario)
            except PsctError as exc:
                out[key] = ["refused: " + type(exc).__name__]
                continue
            out[key] = [answer.restatement("en"), answer.restatement("it")]
    return out


def main(argv: list[str]) -> int:
    if len(argv) < 2 or argv[0] not in ("save", "compare"):
        print("usage: restatements_snapshot.py save|compare FILE [CASE FILE ...]", file=sys.stderr)
        return 2
    mode, target = argv[0], Path(argv[1])
    got = restatements([Path(f) for f in argv[2:]] or DEFAULT_FILES)
    if mode == "save":
        target.write_text(json.dumps(got, indent=1, ensure_ascii=False, sort_keys=True), encoding="utf-8")
        print(f"saved the restatements of {len(got)} cases to {target}")
        return 0
    saved = json.loads(target.read_text(encoding="utf-8"))
    differ = sorted(k for k in got if saved.get(k) != got[k])
    gone = sorted(set(saved) - set(got))
    for k in differ:
        print(f"DIFFERS {k}: {saved.get(k)} -> {got[k]}")
    for k in gone:
        print(f"MISSING {k}")
    said = sum(1 for v in got.values() for s in v[:2] if s and not s.startswith("refused"))
    print(f"{len(got) - len(differ)} of {len(got)} cases' restatements byte-identical "
          f"({said} sentences in the two languages); {len(differ)} differ, {len(gone)} missing")
    return 1 if differ or gone else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
