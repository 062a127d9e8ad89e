"""Auditing the card pool: every card read, classified by the rules, and counted.

Each card becomes one JSON object (schema in the README): its id and name, the
card-level features (true when a rule of ``knowledge/card-features.yaml``
concluded them), and every effect's facts with spans and rule conclusions.
The whole pool is split over worker processes.
"""

from __future__ import annotations

import collections
import contextlib
import hashlib
import json
import os
import pathlib
import re
import tempfile
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
    out.update({"legacy_wording": d["legacy"], "legacy_reasons": d["legacy_reasons"],
                "unread": d["unread"], "effects": d["effects"]})
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


SHIPPED_NAME = "audit-records.jsonl.gz"   # in facts/: the records of the bundled pool
_SHIPPED_HEAD = "#psct-audit-records "


def shipped_records_path() -> pathlib.Path | None:
    """``facts/audit-records.jsonl.gz``; ``PSCT_EXPERT_AUDIT_RECORDS`` names another file, or
    none when it is empty (the tests)."""
    from .paths import FACTS_DIR

    env = os.environ.get("PSCT_EXPERT_AUDIT_RECORDS")
    if env is not None:
        return pathlib.Path(env) if env else None
    return FACTS_DIR / SHIPPED_NAME


class AuditCache:
    """One file per version of the reader and the knowledge: ``key\tline\tdigest`` per card,
    in the order the cards were audited.  It is read by an index of offsets (key -> where its
    line is), never whole into memory, and rewritten by streaming (old lines copied, fresh
    ones added) into a temporary file that replaces it in one step."""

    def __init__(self, expert, folder: pathlib.Path | None = None):
        from .paths import cache_dir

        self.folder = folder or cache_dir() / "audit"
        self.version = f"{reader_version()}-{knowledge_version(expert.kb)}"
        self.path = self.folder / f"{self.version}.jsonl"

    # -- reading --------------------------------------------------------------
    def prepare(self) -> bool:
        """Start from the shipped records when this version has no cache file yet and the
        shipped file was built by the same reader and rules (its first line names the
        version); True when they were taken."""
        import gzip
        import shutil

        shipped = shipped_records_path()
        if self.path.exists() or shipped is None or not shipped.is_file():
            return False
        try:
            with gzip.open(shipped, "rb") as src:
                head = src.readline().decode("utf-8", "replace").strip()
                if head != _SHIPPED_HEAD + self.version:
                    return False      # built by another reader or other rules: rebuilt here
                self.folder.mkdir(parents=True, exist_ok=True)
                fd, tmp = tempfile.mkstemp(prefix=".shipped.", suffix=".tmp", dir=self.folder)
                try:
                    with os.fdopen(fd, "wb") as dst:
                        shutil.copyfileobj(src, dst, 1 << 20)
                    os.replace(tmp, self.path)
                except BaseException:
                    _unlink(tmp)
                    raise
        except (OSError, EOFError, ValueError):
            return False   # a damaged or unwritable copy only costs time
        return True

    def index(self) -> dict[str, tuple[int, int]]:
        """{card key: (offset, length)} of the lines of the cache file ({} when it is
        missing or damaged: every card is read again)."""
        out: dict[str, tuple[int, int]] = {}
        try:
            with open(self.path, "rb") as fh:
                pos = 0
                for raw in fh:
                    tab = raw.find(b"\t")
                    tab2 = raw.find(b"\t", tab + 1)
                    if tab <= 0 or tab2 < 0 or raw[tab + 1:tab + 2] != b"{" \
                            or raw[tab2 + 1:tab2 + 2] != b"{" or not raw.endswith(b"\n"):
                        return {}
                    out[raw[:tab].decode("ascii", "replace")] = (pos, len(raw))
                    pos += len(raw)
        except (OSError, ValueError):
            return {}
        return out

    @staticmethod
    def read_at(fh, where: tuple[int, int]) -> tuple[str, str]:
        fh.seek(where[0])
        raw = fh.read(where[1]).decode("utf-8")
        _key, line, dig = raw.rstrip("\n").split("\t")
        return line, dig

    def load(self) -> dict[str, tuple[str, str]]:
        """{card key: (record line, digest line)}: the whole file (tests and tools; an
        audit streams it instead)."""
        idx = self.index()
        if not idx:
            return {}
        with open(self.path, "rb") as fh:
            return {k: self.read_at(fh, w) for k, w in idx.items()}

    # -- writing --------------------------------------------------------------
    def save(self, records: dict[str, tuple[str, str]]) -> None:
        writer = self.writer()
        if writer is None:
            return
        with writer:
            for k, pair in records.items():
                writer.add(k, pair)
            writer.commit()

    def writer(self) -> "_CacheWriter | None":
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=f".{self.path.name}.", suffix=".tmp",
                                       dir=self.folder)
        except OSError:
            return None   # a cache that cannot be written only costs time
        return _CacheWriter(self, os.fdopen(fd, "w", encoding="utf-8"), tmp)

    def prune(self) -> None:
        old = sorted(self.folder.glob("*.jsonl"), key=lambda p: p.stat().st_mtime)
        for p in old[:-_MAX_VERSIONS]:
            _unlink(p)


def _unlink(path) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


class _CacheWriter:
    """Lines written one by one to a temporary file; ``commit`` puts it in place."""

    def __init__(self, cache: AuditCache, fh, tmp: str):
        self.cache, self.fh, self.tmp, self.done, self.ok = cache, fh, tmp, False, True
        self.keys: set[str] = set()

    def add(self, key: str, pair: tuple[str, str]) -> None:
        if key in self.keys or not self.ok:
            return
        self.keys.add(key)
        try:
            self.fh.write(f"{key}\t{pair[0]}\t{pair[1]}\n")
        except OSError:
            self.ok = False

    def commit(self) -> None:
        try:
            self.fh.flush()
            os.fsync(self.fh.fileno())
            self.fh.close()
            if self.ok:
                os.replace(self.tmp, self.cache.path)
                self.done = True
                self.cache.prune()
        except OSError:
            pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if not self.fh.closed:
            self.fh.close()
        if not self.done:
            _unlink(self.tmp)
        return False


def build_shipped_records(expert, out: pathlib.Path | None = None, jobs: int = 0,
                          progress=None, cards: list[Card] | None = None) -> pathlib.Path:
    """Audit the whole pool (from the cache where it can) and write the records, gzipped,
    with the version of the reader and the rules on the first line: what a fresh install
    starts from (``tools/build_audit_records.py``, run at release)."""
    import gzip

    from .paths import FACTS_DIR

    out = pathlib.Path(out or shipped_records_path() or FACTS_DIR / SHIPPED_NAME)
    store = AuditCache(expert)
    cards = expert.db.all_cards() if cards is None else cards
    fd, tmp = tempfile.mkstemp(prefix=f".{out.name}.", suffix=".tmp", dir=out.parent)
    os.close(fd)
    try:
        with gzip.open(tmp, "wt", encoding="utf-8", compresslevel=9) as gz:
            gz.write(_SHIPPED_HEAD + store.version + "\n")
            for card, (line, dig) in zip(cards, audit_lines(expert, None, jobs, progress,
                                                            cards=cards)):
                gz.write(f"{card_key(card)}\t{line}\t{dig}\n")
        os.replace(tmp, out)
    except BaseException:
        _unlink(tmp)
        raise
    return out


def audit(expert, names: list[str] | None, jobs: int = 0, progress=None, cache: bool = True):
    """Yield one record per card, in database order; ``progress(n)`` after each chunk.

    With ``cache``, records of cards whose data, the reader and the knowledge
    are unchanged since an earlier audit come from the user cache dir."""
    for line, _dig in audit_lines(expert, names, jobs, progress, cache):
        yield json.loads(line)


def audit_lines(expert, names: list[str] | None, jobs: int = 0, progress=None,
                cache: bool = True, cards: list[Card] | None = None):
    """Like :func:`audit`, but yield (record as its JSON line, digest as JSON text):
    a cached card's record is passed on as the text stored, never parsed.
    ``cards`` (instead of names): exactly these cards (two printings of one name)."""
    if cards is None:
        cards = [expert.db.get(n) for n in names] if names else expert.db.all_cards()
    if not cache:
        yield from _audit(expert, cards, jobs, progress)
        return
    store = AuditCache(expert)
    store.prepare()
    idx = store.index()
    keys = [card_key(c) for c in cards]
    missing = [c for c, k in zip(cards, keys) if k not in idx]
    if progress and len(missing) < len(cards):
        progress(len(cards) - len(missing))
    old = open(store.path, "rb") if idx else None
    try:
        if not missing:     # everything cached: read the lines in place, write nothing
            for k in keys:
                yield store.read_at(old, idx[k])
            return
        fresh = _audit(expert, missing, jobs, progress)
        writer = store.writer()
        with writer if writer is not None else contextlib.nullcontext():
            for k in keys:
                pair = store.read_at(old, idx[k]) if k in idx else next(fresh)
                if writer is not None:
                    writer.add(k, pair)
                yield pair
            if writer is not None:
                for k, where in idx.items():    # cards of other audits stay cached
                    if k not in writer.keys:
                        writer.add(k, store.read_at(old, where))
                writer.commit()
    finally:
        if old is not None:
            old.close()


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
