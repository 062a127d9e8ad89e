"""Auditing the card pool: every card read, classified by the rules, and counted.

Each card becomes one JSON object (schema in the README): its id and name, the
card-level features (true when a rule of ``knowledge/card-features.yaml``
concluded them), and every effect's facts with spans and rule conclusions.
The whole pool is split over worker processes.
"""

from __future__ import annotations

import collections
import hashlib
import json
import os
import pathlib
import re
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


def audit_pair(expert, card: Card) -> tuple[str, str]:
    """One card's record as its JSON line, and its digest as JSON text."""
    rec = audit_card(expert, card)
    return record_line(rec), json.dumps(digest(rec), sort_keys=True)


def _audit_cards(cards: list[Card]) -> list[tuple[str, str]]:
    # the cards themselves travel to the worker: a name can belong to two cards; the
    # worker sends back text (record line, digest), so the main process only passes it on
    return [audit_pair(_WORKER, c) for c in cards]


def unread_shape(phrase: str) -> str:
    """The shape of an unread phrase: names and numbers abstracted, first 5 words."""
    p = re.sub(r'"(?:[^"]|"[^"]*")*?"', "X", phrase)
    p = re.sub(r"\b\d+\b", "N", p)
    return " ".join(p.split()[:5])


def digest(rec: dict) -> dict:
    """What the summary counts of one record: status, unread shapes, true features,
    effect counts.  Kept beside the record in the cache, so a cached audit's
    summary never parses the whole record."""
    effects: collections.Counter = collections.Counter()

    def walk(effs):
        for e in effs:
            yield e
            yield from walk(e.get("bullets", []))

    for e in walk(rec["effects"]):
        conc = {(c["type"], c.get("value", "yes")) for c in e["conclusions"]}
        effects["activated effects"] += ("activates", "yes") in conc
        effects["effects with a cost"] += ("is_cost", "yes") in conc
        effects["targeting effects"] += ("targets", "yes") in conc
        effects["Quick Effects"] += ("quick", "yes") in conc
        effects["summon procedures"] += ("inherent_summon", "yes") in conc
        for f in e["facts"]:
            if f["type"] == "once_per_turn":
                effects[f"once per turn: {f['kind']}"] += 1
            if f["type"] == "trigger" and f.get("optional") == "yes":
                effects[f'optional "{f["word"].title()} ...: You can" triggers'] += 1
    return {"status": rec["status"], "unread": [unread_shape(u) for u in rec["unread"]],
            "features": [f for f in FEATURES if rec[f]],
            "effects": {k: v for k, v in sorted(effects.items()) if v}}


def record_line(rec: dict) -> str:
    """A record as one JSON line: exactly what ``audit --json`` prints."""
    return json.dumps(rec, ensure_ascii=False, sort_keys=True)


@dataclass
class Summary:
    cards: int = 0
    status: collections.Counter = field(default_factory=collections.Counter)
    unread: collections.Counter = field(default_factory=collections.Counter)
    features: collections.Counter = field(default_factory=collections.Counter)
    effects: collections.Counter = field(default_factory=collections.Counter)

    def add(self, rec: dict) -> None:
        self.add_digest(digest(rec))

    def add_digest(self, d: dict) -> None:
        """Count one card from its digest (what the summary needs of its record)."""
        self.cards += 1
        self.status[d["status"]] += 1
        self.unread.update(d["unread"])
        for f in d["features"]:
            self.features[f] += 1
        self.effects.update(d["effects"])

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


# -- the audit cache ------------------------------------------------------------
# Records are kept in the user cache dir, one file per version of the reader and
# the knowledge, one line per card keyed by the card's own data.  It only saves
# time: a missing, stale or damaged file is ignored and rewritten.

_CODE_FILES = ("reader", "knowledge", "audit.py", "render.py", "proof.py", "engine.py", "api.py",
               "facts.py")
_MAX_VERSIONS = 3   # cache files kept (the newest); older ones are deleted


def reader_version() -> str:
    """A hash of the code and grammar that shape an audit record."""
    root = pathlib.Path(__file__).resolve().parent
    h = hashlib.sha256()
    for name in _CODE_FILES:
        p = root / name
        for f in sorted(p.rglob("*")) if p.is_dir() else [p]:
            if f.suffix in (".py", ".yaml") and f.is_file():
                h.update(f.name.encode() + b"\0" + f.read_bytes())
    return h.hexdigest()[:16]


def knowledge_version(kb) -> str:
    """A hash of the rules (user folders included), fact types and sources."""
    h = hashlib.sha256()
    for r in kb.rules:
        h.update(repr((r.id, r.when, r.then, r.default, r.replaces, r.cites, r.says)).encode())
    h.update(repr(sorted(kb.fact_types)).encode())
    h.update(repr(sorted(kb.sources)).encode())
    return h.hexdigest()[:16]


def card_key(card: Card) -> str:
    data = json.dumps([card.id, card.name, card.kind, list(card.subtypes), card.text,
                       card.pendulum_text, card.official_text], ensure_ascii=False)
    return hashlib.sha256(data.encode()).hexdigest()[:24]


class AuditCache:
    def __init__(self, expert, folder: pathlib.Path | None = None):
        from .paths import cache_dir

        self.folder = folder or cache_dir() / "audit"
        self.path = self.folder / f"{reader_version()}-{knowledge_version(expert.kb)}.jsonl"

    def load(self) -> dict[str, tuple[str, str]]:
        """{card key: (record line, digest line)}: the lines are parsed only when used."""
        out: dict[str, tuple[str, str]] = {}
        try:
            with open(self.path, encoding="utf-8") as fh:
                for line in fh:
                    parts = line.rstrip("\n").split("\t")
                    if len(parts) != 3 or not parts[1].startswith("{") \
                            or not parts[2].startswith("{"):
                        return {}   # a damaged file: read every card again
                    out[parts[0]] = (parts[1], parts[2])
        except (OSError, ValueError):
            return {}
        return out

    def save(self, records: dict[str, tuple[str, str]]) -> None:
        from .atomic import atomic_write_text
        from .errors import StorageError

        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            atomic_write_text(self.path, "".join(
                f"{k}\t{line}\t{dig}\n" for k, (line, dig) in records.items()))
            old = sorted(self.folder.glob("*.jsonl"), key=lambda p: p.stat().st_mtime)
            for p in old[:-_MAX_VERSIONS]:
                p.unlink()
        except (OSError, StorageError):
            pass   # a cache that cannot be written only costs time


def audit(expert, names: list[str] | None, jobs: int = 0, progress=None, cache: bool = True):
    """Yield one record per card, in database order; ``progress(n)`` after each chunk.

    With ``cache``, records of cards whose data, the reader and the knowledge
    are unchanged since an earlier audit come from the user cache dir."""
    for line, _dig in audit_lines(expert, names, jobs, progress, cache):
        yield json.loads(line)


def audit_lines(expert, names: list[str] | None, jobs: int = 0, progress=None,
                cache: bool = True):
    """Like :func:`audit`, but yield (record as its JSON line, digest as JSON text):
    a cached card's record is passed on as the text stored, never parsed."""
    cards = [expert.db.get(n) for n in names] if names else expert.db.all_cards()
    if not cache:
        yield from _audit(expert, cards, jobs, progress)
        return
    store = AuditCache(expert)
    known = store.load()
    keys = [card_key(c) for c in cards]
    missing = [c for c, k in zip(cards, keys) if k not in known]
    if progress and len(missing) < len(cards):
        progress(len(cards) - len(missing))
    fresh = {card_key(c): pair for c, pair in zip(missing, _audit(expert, missing, jobs, progress))}
    if fresh:
        known.update(fresh)
        store.save(known)
    for k in keys:
        yield known[k]


def _quiet_worker(parent: int) -> None:
    """A worker ends quietly when its parent stops it or is gone: the parent alone handles
    Ctrl-C; SIGTERM (what ``Pool.terminate`` sends) ends it at once, without the command line's
    handler inherited by the fork; and when the parent dies (even by SIGKILL) the worker is
    sent SIGTERM (Linux), instead of finishing its batch and printing a BrokenPipeError
    traceback on writing the result."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, int(signal.SIGTERM))  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):   # not Linux: a thread watches the parent instead
        import threading
        import time

        def watch():
            while os.getppid() == parent:
                time.sleep(0.5)
            os._exit(0)

        threading.Thread(target=watch, daemon=True).start()
    if os.getppid() != parent:          # gone before the line above took effect
        os._exit(0)


def _audit(expert, cards: list[Card], jobs: int = 0, progress=None):
    """(record line, digest text) per card, in order; over worker processes when it pays."""
    from .api import CLASSIFICATIONS

    jobs = jobs or min(2, os.cpu_count() or 1)
    import multiprocessing as mp

    expert.engine_for(CLASSIFICATIONS)   # compiled once, before the workers fork
    if jobs <= 1 or len(cards) < PARALLEL_MIN or "fork" not in mp.get_all_start_methods():
        for c in cards:
            yield audit_pair(expert, c)
            if progress:
                progress(1)
        return
    # forked workers inherit this expert (its knowledge, user rule folders included)
    global _WORKER
    _WORKER = expert
    chunk = 100
    batches = [cards[i:i + chunk] for i in range(0, len(cards), chunk)]
    with mp.get_context("fork").Pool(jobs, initializer=_quiet_worker,
                                          initargs=(os.getpid(),)) as pool:
        for recs in pool.imap(_audit_cards, batches):
            yield from recs
            if progress:
                progress(len(recs))
