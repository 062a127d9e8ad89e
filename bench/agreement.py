"""Agreement of the audit's card features with an independent reading of the pool.

    python3 bench/agreement.py [LABELS] [--jobs 2] [--out FILE] [--limit N]

LABELS defaults to ../shared/data/script-features-dev.jsonl.gz (eight booleans
per card read off EDOPro's hand-written card scripts; ``null`` = undecided,
skipped).  Cards are joined by passcode.  Scored cards are the *PSCT-era*
ones: every joined card the audit does not flag as legacy (``status`` is not
``legacy``).  Prints precision, recall and F1 per feature and writes every
disagreement, with the card text, to ``--out`` (default
the temp dir's ``agreement-disagreements.txt``) so each can be read and decided; the
card text is the authority (labels judged wrong: ``bench/label-disagreements.md``).
F1 is printed twice: against the labels as given (``F1``), and with the labels
judged wrong in the table of ``bench/label-disagreements.md`` replaced by what
the text says (``F1 judged``; the count of replaced labels is ``fixed``).
"""

from __future__ import annotations

import argparse
import pathlib
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT.parent))

from _common import FEATURES, default_labels, load_labels, psct_era, write_disagreement  # noqa: E402
from psct_expert.api import Expert  # noqa: E402
from psct_expert.audit import audit  # noqa: E402

DEFAULT_LABELS = default_labels()
JUDGED = ROOT / "label-disagreements.md"


def load_judged(path: pathlib.Path) -> dict[tuple[str, str], bool]:
    """{(feature, card name): value the text supports} from the table rows
    ``| feature | card | true/false | why |`` of the judged-labels file."""
    out = {}
    if not path.is_file():
        return out
    for line in path.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 4 and cells[0] in FEATURES and cells[2] in ("true", "false"):
            out[(cells[0], cells[1])] = cells[2] == "true"
    return out


def score(pairs: list[tuple[bool, bool]]) -> tuple[float, float, float, int, int, int]:
    tp = sum(1 for got, want in pairs if got and want)
    fp = sum(1 for got, want in pairs if got and not want)
    fn = sum(1 for got, want in pairs if want and not got)
    p = tp / (tp + fp) if tp + fp else 1.0
    r = tp / (tp + fn) if tp + fn else 1.0
    f = 2 * p * r / (p + r) if p + r else 0.0
    return p, r, f, tp, fp, fn


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("labels", nargs="?", default=str(DEFAULT_LABELS))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--limit", type=int, default=0, help="score only the first N joined cards")
    ap.add_argument("--out", default=str(pathlib.Path(tempfile.gettempdir()) / "agreement-disagreements.txt"))
    ap.add_argument("--feature", action="append", help="write disagreements of these only")
    args = ap.parse_args()
    path = pathlib.Path(args.labels)
    if not path.is_file():
        print(f"error: no label file at {path}", file=sys.stderr)
        return 2
    labels = load_labels(path)
    expert = Expert()
    by_id = {c.id: c for c in expert.db.all_cards()}
    cards = [by_id[i] for i in sorted(labels) if i in by_id]
    if args.limit:
        cards = cards[:args.limit]
    t = time.perf_counter()
    recs = list(audit(expert, [c.name for c in cards], jobs=args.jobs))
    took = time.perf_counter() - t
    legacy = sum(1 for r in recs if r["status"] == "legacy")
    modern = psct_era(recs)
    print(f"{len(labels)} labelled cards, {len(cards)} in the database; audited in {took:.1f} s")
    print(f"PSCT-era (audit status not legacy): {len(modern)}; legacy, not scored: {legacy}")
    judged = load_judged(JUDGED)
    print(f"{'feature':18s} {'P':>6s} {'R':>6s} {'F1':>6s} {'tp':>5s} {'fp':>5s} {'fn':>5s} "
          f"{'scored':>6s} {'F1 judged':>9s} {'fixed':>5s}")
    wrong: dict[str, list[tuple[str, dict]]] = {f: [] for f in FEATURES}
    for f in FEATURES:
        pairs, fixed_pairs, fixed = [], [], 0
        for r in modern:
            want = labels[r["id"]].get(f)
            if want is None:
                continue
            pairs.append((bool(r[f]), bool(want)))
            text_says = judged.get((f, r["name"]), bool(want))
            fixed += text_says != bool(want)
            fixed_pairs.append((bool(r[f]), text_says))
            if bool(r[f]) != bool(want):
                wrong[f].append(("fp" if r[f] else "fn", r))
        p, rc, f1, tp, fp, fn = score(pairs)
        f1_judged = score(fixed_pairs)[2]
        print(f"{f:18s} {p:6.3f} {rc:6.3f} {f1:6.3f} {tp:5d} {fp:5d} {fn:5d} {len(pairs):6d} "
              f"{f1_judged:9.3f} {fixed:5d}")
    names = {c.name: c for c in cards}
    with open(args.out, "w", encoding="utf-8") as out:
        for f in FEATURES:
            if args.feature and f not in args.feature:
                continue
            for kind, r in sorted(wrong[f], key=lambda x: (x[0], x[1]["name"])):
                c = names[r["name"]]
                write_disagreement(
                    out, f"{f} {kind} ({'audit says yes' if kind == 'fp' else 'label says yes'})", c,
                    f"{labels[c.id].get('script')}", r["unread"])
    print(f"disagreements written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
