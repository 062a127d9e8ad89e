"""Auditing the card pool: every card read, classified by the rules, and counted.

Each card becomes one JSON object (schema in the README): its id and name, the
card-level features (true when a rule of ``knowledge/card-features.yaml``
concluded them), and every effect's facts with spans and rule conclusions.
The whole pool is split over worker processes.
"""

from __future__ import annotations

import collections
import os
from dataclasses import dataclass, field

from .cards import Card

FEATURES = ("targets", "cost", "quick", "hard_opt", "activate_opt", "when_optional",
            "if_optional", "summon_procedure", "legacy")

_WORKER = None
PARALLEL_MIN = 200  # fewer cards than this are audited in this process


def audit_card(expert, card: Card) -> dict:
    from .api import classify
    from .reader import read_card
    from .render import reading_dict

    reading = read_card(card)
    conclusions = classify(expert, reading)
    d = reading_dict(reading, conclusions)
    feats = {c["feature"] for c in conclusions.get(card.name, [])
             if c["type"] == "card_feature" and c["value"] == "yes"}
    out = {"id": card.id, "name": card.name, "kind": card.kind, "status": d["status"]}
    out.update({f: f in feats for f in FEATURES})
    out["proof_rules"] = sorted({r for c in conclusions.get(card.name, [])
                                 if c["type"] == "card_feature" for r in c["rules"]})
    out.update({"legacy_wording": d["legacy"], "unread": d["unread"], "effects": d["effects"]})
    return out


def _audit_cards(cards: list[Card]) -> list[dict]:
    # the cards themselves travel to the worker: a name can belong to two cards
    return [audit_card(_WORKER, c) for c in cards]


@dataclass
class Summary:
    cards: int = 0
    status: collections.Counter = field(default_factory=collections.Counter)
    unread: collections.Counter = field(default_factory=collections.Counter)
    features: collections.Counter = field(default_factory=collections.Counter)
    effects: collections.Counter = field(default_factory=collections.Counter)

    def add(self, rec: dict) -> None:
        self.cards += 1
        self.status[rec["status"]] += 1
        for u in rec["unread"]:
            self.unread[" ".join(u.split()[:4])] += 1
        for f in FEATURES:
            self.features[f] += rec[f]

        def walk(effects):
            for e in effects:
                yield e
                yield from walk(e.get("bullets", []))

        for e in walk(rec["effects"]):
            conc = {(c["type"], c.get("value", "yes")) for c in e["conclusions"]}
            self.effects["activated effects"] += ("activates", "yes") in conc
            self.effects["effects with a cost"] += ("is_cost", "yes") in conc
            self.effects["targeting effects"] += ("targets", "yes") in conc
            self.effects["Quick Effects"] += ("quick", "yes") in conc
            self.effects["summon procedures"] += ("inherent_summon", "yes") in conc
            for f in e["facts"]:
                if f["type"] == "once_per_turn":
                    self.effects[f"once per turn: {f['kind']}"] += 1
                if f["type"] == "trigger" and f.get("optional") == "yes":
                    self.effects[f'optional "{f["word"].title()} ...: You can" triggers'] += 1

    def text(self) -> str:
        lines = [f"{self.cards} cards audited",
                 f"  read fully:        {self.status['full']}",
                 f"  read only partly:  {self.status['partial']}",
                 f"  legacy text:       {self.status['legacy']}"]
        if self.unread:
            lines.append("  most common unread phrases:")
            for phrase, n in self.unread.most_common(10):
                lines.append(f"    {n:5d}  {phrase!r}")
        lines.append("features (effects):")
        for k in sorted(self.effects):
            lines.append(f"  {k}: {self.effects[k]}")
        lines.append("features (cards):")
        for f in FEATURES:
            lines.append(f"  {f}: {self.features[f]}")
        return "\n".join(lines)


def audit(expert, names: list[str] | None, jobs: int = 0, progress=None):
    """Yield one record per card, in database order; ``progress(n)`` after each chunk."""
    cards = [expert.db.get(n) for n in names] if names else expert.db.all_cards()
    jobs = jobs or min(2, os.cpu_count() or 1)
    import multiprocessing as mp

    if jobs <= 1 or len(cards) < PARALLEL_MIN or "fork" not in mp.get_all_start_methods():
        for c in cards:
            yield audit_card(expert, c)
            if progress:
                progress(1)
        return
    # forked workers inherit this expert (its knowledge, user rule folders included)
    global _WORKER
    _WORKER = expert
    chunk = 100
    batches = [cards[i:i + chunk] for i in range(0, len(cards), chunk)]
    with mp.get_context("fork").Pool(jobs) as pool:
        for recs in pool.imap(_audit_cards, batches):
            yield from recs
            if progress:
                progress(len(recs))
