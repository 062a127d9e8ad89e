"""Build the audit records of the bundled card pool: ``facts/audit-records.jsonl.gz``.

    python3 tools/build_audit_records.py [--out FILE] [--jobs 2]

Run at release, before building the wheel (the wheel carries ``facts/*.gz``): a fresh
install then starts its first ``psct-expert audit`` from these records instead of
reading all 14k cards.  The file's first line names the version of the reader and the
rules it was built with (``psct_expert.audit.AuditCache.version``, hashes of the reader's
code and grammar and of the loaded rules); an install whose reader or rules differ
ignores it and audits the pool itself, and a card whose data differs from the one
recorded is read again.  So the file only saves time: rebuild it whenever the rules,
the reader or the cards change (a stale file is never used).
"""

from __future__ import annotations

import argparse
import pathlib
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from psct_expert.api import Expert  # noqa: E402
from psct_expert.audit import SHIPPED_NAME, build_shipped_records  # noqa: E402
from psct_expert.paths import FACTS_DIR  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=str(FACTS_DIR / SHIPPED_NAME))
    ap.add_argument("--jobs", type=int, default=0)
    args = ap.parse_args()
    t = time.perf_counter()
    out = build_shipped_records(Expert(), pathlib.Path(args.out), jobs=args.jobs)
    print(f"wrote {out} ({out.stat().st_size / 1e6:.1f} MB) in {time.perf_counter() - t:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
