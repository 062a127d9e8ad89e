"""audit --scripts: counts per kind of disagreement, on the tests' Lua fixtures or a real checkout.

    python3 bench/scripts_audit.py            # the small Lua files the tests write
    python3 bench/scripts_audit.py DIR        # a checkout of the community's card scripts

Prints the scripts found and joined, the cards with disagreements, and the count of
each kind of disagreement split by the side the PSCT rules support; with DIR also the
wall and CPU time and the peak memory (the card records come from the audit cache when
it has them: run ``psct-expert audit`` once first for the figure of a cached run).
"""

from __future__ import annotations

import pathlib
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT.parent))
sys.path.insert(0, str(ROOT.parent / "tests"))

from _common import peak_rss_mb  # noqa: E402
from psct_expert.api import Expert  # noqa: E402
from psct_expert.scripts.run import ScriptSummary, audit_scripts  # noqa: E402


def fixtures(folder: pathlib.Path) -> None:
    """The Lua files of tests/test_scripts_audit.py, one folder."""
    import test_scripts_audit as t

    body_jam = (t.effect("e1", "SetType(EFFECT_TYPE_ACTIVATE)", "SetCode(EVENT_FREE_CHAIN)")
                + t.effect("e2", "SetType(EFFECT_TYPE_QUICK_O)", "SetCode(EVENT_ATTACK_ANNOUNCE)",
                           "SetProperty(EFFECT_FLAG_CARD_TARGET)", "SetRange(LOCATION_SZONE)"))
    t.write(folder, t.PETEN, t.PETEN_DELAY)
    t.write(folder, t.ASH, t.ASH_RIGHT.replace("SetCountLimit(1,id)",
                                               "SetCountLimit(1,id,EFFECT_COUNT_CODE_OATH)"))
    t.write(folder, t.JAM_DEFENDER, t.script("Jam Defender", body_jam))
    t.write(folder, t.ARCANE, t.script("Arcane Apprentice", t.effect(
        "e1", "SetType(EFFECT_TYPE_SINGLE+EFFECT_TYPE_TRIGGER_F)", "SetProperty(EFFECT_FLAG_DELAY)",
        "SetCode(EVENT_BE_MATERIAL)", "SetOperation(s.op)")))
    t.write(folder, 999999902, t.script("No Such Card Anywhere", ""))
    t.write(folder, 999999903, "local a = $\n")


def main() -> int:
    expert = Expert()
    if len(sys.argv) > 1:
        folder = pathlib.Path(sys.argv[1])
    else:
        folder = pathlib.Path(tempfile.mkdtemp(prefix="scripts-fixtures-"))
        fixtures(folder)
    summary = ScriptSummary()
    t0, c0 = time.perf_counter(), time.process_time()
    for _ in audit_scripts(expert, folder, summary=summary):
        pass
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    print(summary.text())
    print(f"wall {wall:.1f} s, CPU {cpu:.1f} s (this process; worker processes: "
          f"{peak_rss_mb(children=True):.0f} MB peak), peak memory {peak_rss_mb():.0f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
