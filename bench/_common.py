"""Shared helpers for the bench scripts: timing statistics and peak memory."""

from __future__ import annotations

import resource
import statistics


def stats_ms(samples: list[float]) -> str:
    ms = sorted(s * 1000 for s in samples)
    p95 = ms[min(len(ms) - 1, int(round(0.95 * (len(ms) - 1))))]
    return (f"n={len(ms)}  median={statistics.median(ms):.2f} ms  p95={p95:.2f} ms  "
            f"min={ms[0]:.2f} ms  max={ms[-1]:.2f} ms")


def peak_rss_mb(children: bool = False) -> float:
    who = resource.RUSAGE_CHILDREN if children else resource.RUSAGE_SELF
    return resource.getrusage(who).ru_maxrss / 1024.0


# -- the audit's card features against an independent reading (agreement.py, heldback_review.py) --

FEATURES = ("targets", "cost", "quick", "hard_opt", "activate_opt", "when_optional",
            "if_optional", "summon_procedure")


def default_labels():
    """../shared/data/script-features-dev.jsonl.gz beside the checkout."""
    import pathlib

    return pathlib.Path(__file__).resolve().parent.parent.parent / "shared" / "data" \
        / "script-features-dev.jsonl.gz"


def load_labels(path) -> dict[int, dict]:
    """{passcode: label record} from a JSON-lines file (gzip when it ends in .gz)."""
    import gzip
    import json

    opener = gzip.open if str(path).endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as fh:
        return {r["id"]: r for r in (json.loads(line) for line in fh if line.strip())}


def psct_era(records: list[dict]) -> list[dict]:
    """The PSCT-era cards of audit records: those the audit does not flag as legacy."""
    return [r for r in records if r["status"] != "legacy"]


def write_disagreement(out, what: str, card, note: str, unread, before_text=()) -> None:
    """One disagreement written out for reading: a header line, notes, the card's texts, and what
    the reader left unread."""
    out.write(f"=== {what}: {card.name} [{card.id}] {card.kind} {'/'.join(card.subtypes)} {note}\n")
    for line in before_text:
        out.write(line + "\n")
    out.write(card_texts(card) + "\n")
    if unread:
        out.write(f"-- unread: {unread}\n")
    out.write("\n")


def card_texts(card) -> str:
    """A card's text and Pendulum text, for writing a disagreement out."""
    out = (card.text or "").strip()
    if card.pendulum_text:
        out += "\n[Pendulum] " + card.pendulum_text.strip()
    return out
