"""Save every case's ``ask --json`` answer to a folder, or compare against a saved folder.

A refactor that must not change behaviour is proved by two runs:

    PYTHONPATH=. python3 tools/answers_snapshot.py save /tmp/answers-before
    ... change the code ...
    PYTHONPATH=. python3 tools/answers_snapshot.py compare /tmp/answers-before

Each case is written as ``<file stem>/<case id>.json``: exactly what ``ask --json`` prints for the case
(``render.answer_json``), or the JSON error (``render.error_dict``) when the question is refused.
``compare`` prints each case whose bytes differ and exits 1 if any does.  Default case files: the guide
cases and the real rulings (tests/acceptance/ and ../shared/acceptance/).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_FILES = [ROOT / "tests/acceptance/guide-cases.yaml", ROOT.parent / "shared/acceptance/real-rulings.yaml"]


def answers(files: list[Path]) -> dict[str, str]:
    from psct_expert import Expert
    from psct_expert.casefile import load_case_file
    from psct_expert.errors import PsctError
    from psct_expert.render import answer_json, error_dict

    base = Expert()
    out: dict[str, str] = {}
    for path in files:
        if not path.exists():
            continue
        cf = load_case_file(path)
        expert = base.with_cards(cf.cards)
        for case in cf.cases:
            key = f"{path.parent.name}-{path.stem}/{case.id}.json"
            try:
                text = answer_json(expert.ask(case.ask, case.scenario))
            except PsctError as exc:
                text = json.dumps(error_dict(exc), indent=2, sort_keys=True, ensure_ascii=False, default=str)
            out[key] = text + "\n"
    return out


def main(argv: list[str]) -> int:
    if len(argv) < 2 or argv[0] not in ("save", "compare"):
        print("usage: answers_snapshot.py save|compare FOLDER [CASE FILE ...]", file=sys.stderr)
        return 2
    mode, folder = argv[0], Path(argv[1])
    files = [Path(f) for f in argv[2:]] or DEFAULT_FILES
    got = answers(files)
    if mode == "save":
        for key, text in got.items():
            p = folder / key
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_text(text, encoding="utf-8")
        print(f"saved {len(got)} answers to {folder}")
        return 0
    saved = {str(p.relative_to(folder)): p.read_text(encoding="utf-8") for p in folder.rglob("*.json")}
    differ = sorted(k for k in got if saved.get(k) != got[k])
    gone = sorted(set(saved) - set(got))
    for k in differ:
        print(f"DIFFERS {k}" if k in saved else f"NEW {k}")
    for k in gone:
        print(f"MISSING {k}")
    print(f"{len(got) - len(differ)} of {len(got)} answers byte-identical; {len(differ)} differ, {len(gone)} missing")
    return 1 if differ or gone else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
