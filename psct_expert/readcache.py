"""A card's reading kept on disk: a process reads a card's facts back instead of reading its text.

The reader (:mod:`psct_expert.reader`) reads each card a process meets once (its own
``lru_cache``); a fresh process, a ``check`` or the first question of a CLI call read their
cards again: ~1 ms a card, half a millisecond of each case of a ``check``.  Here each reading is
kept as plain JSON in a file of its own under ``card-readings<VERSION>-<key>/`` in the cache
folder, where ``key`` is the hash of every file the reading depends on (the reader's code and
grammar, the game words, the fact and card classes, the regex caches' code) and of the
Python version: another reader is another folder, and the old ones are removed when a new one
is begun.  A file is named by the hash of the card's own fields (every field of
:class:`~psct_expert.cards.Card`), and holds the hash of its body: a file that does not match
is not believed (the card is read again and the file written again).

The JSON names each value's type (list, tuple, the reader's classes), so a reading comes back
as it was made; a reading holding anything else, or one that would not come back exactly as
it is (checked when it is written), is not kept.  Nothing in a file is code and nothing is run
to read one.  At most ``LIMIT`` files, and ``PER_PROCESS`` written by one process (a whole-pool
audit or a fuzz run reads thousands of cards it does not need kept).  Only a cache: deleting it is safe.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import threading
from dataclasses import fields as dc_fields
from pathlib import Path

VERSION = 1
PREFIX = f"card-readings{VERSION}-"
LIMIT = 4096
PER_PROCESS = 256     # files one process writes at the most
_PACKAGE = Path(__file__).resolve().parent
# what a reading depends on, besides the card: the reader and what it imports
_CODE_GLOBS = ["reader/*.py", "reader/*.yaml", "gamewords.py", "gamewords.yaml", "facts.py",
               "cards.py", "kre.py", "recache.py", "yamlpos.py", "readcache.py"]

_STATE: dict = {}
_LOCK = threading.Lock()


def _classes() -> dict[str, type]:
    got = _STATE.get("classes")
    if got is None:
        from .facts import Fact, Source
        from .reader.model import Clause, EffectReading, Span, Target

        got = _STATE["classes"] = {c.__name__: c for c in (Span, Clause, Target, EffectReading,
                                                            Fact, Source)}
    return got


def _folder() -> Path | None:
    """This reader's folder (None: no cache folder, or the code cannot be hashed)."""
    if "folder" in _STATE:
        return _STATE["folder"]
    folder = None
    try:
        from .filehash import sha256_files
        from .paths import cache_dir

        files = sorted(p for g in _CODE_GLOBS for p in _PACKAGE.glob(g))
        h = hashlib.sha256(f"{sys.version}\n{VERSION}\n".encode())
        for path, digest in zip(files, sha256_files(files)):
            h.update(f"{path.relative_to(_PACKAGE).as_posix()}\t{digest}\n".encode())
        folder = cache_dir() / f"{PREFIX}{h.hexdigest()[:32]}"
    except Exception:  # noqa: BLE001 - no cache folder (no home), unreadable code: nothing kept
        folder = None
    _STATE["folder"] = folder
    return folder


_PLAIN_FIELD = (str, int, bool, float, type(None), tuple)


def _card_key(card) -> str | None:
    """The hash of every field of the card (None: a field that is not plain data)."""
    values = tuple((f.name, getattr(card, f.name)) for f in dc_fields(card))
    if not all(type(v) in _PLAIN_FIELD and (type(v) is not tuple or
                                            all(type(x) is str for x in v)) for _, v in values):
        return None
    raw = repr(values).encode("utf-8", "surrogatepass")
    return hashlib.sha256(raw).hexdigest()[:40]


class _NotPlain(Exception):
    """A value the JSON form does not keep."""


def _enc(x):
    if x is None or type(x) in (str, bool, int):
        return x
    if type(x) is float:
        if x != x or x in (float("inf"), float("-inf")):
            raise _NotPlain
        return x
    if type(x) is list:
        return {"l": [_enc(v) for v in x]}
    if type(x) is tuple:
        return {"t": [_enc(v) for v in x]}
    name = type(x).__name__
    if _classes().get(name) is type(x):
        return {"c": name, "f": [_enc(getattr(x, f.name)) for f in dc_fields(x)]}
    raise _NotPlain


def _hook(classes: dict):
    """json's object hook: each tagged object (made innermost first) as the value it stands for."""
    def hook(d: dict):
        if len(d) == 1:
            if "l" in d:
                return d["l"]
            if "t" in d:
                return tuple(d["t"])
        elif len(d) == 2 and "c" in d and "f" in d:
            return classes[d["c"]](*d["f"])
        raise ValueError("not a kept reading")
    return hook


def _encode_reading(reading) -> bytes:
    body = _enc([reading.effects, reading.facts, reading.legacy, reading.unread])
    return json.dumps(body, ensure_ascii=True, separators=(",", ":")).encode()


def _decode_reading(card, body: bytes):
    from .reader.model import Reading

    hook = _STATE.get("hook")
    if hook is None:
        hook = _STATE["hook"] = _hook(_classes())
    # (the body's own top-level object is a tagged list: {"l": [effects, facts, legacy, unread]})
    parts = json.loads(body, object_hook=hook)
    if type(parts) is not list or len(parts) != 4:
        raise ValueError("not a kept reading")
    return Reading(card, *parts)


def _read(path: Path, card):
    try:
        data = path.read_bytes()
    except (OSError, ValueError):
        return None
    head, _, body = data.partition(b"\n")
    if head.decode("ascii", "replace") != hashlib.sha256(body).hexdigest():
        return None
    try:
        return _decode_reading(card, body)
    except (ValueError, KeyError, TypeError, IndexError, RecursionError):
        return None


def _write(folder: Path, path: Path, card, reading) -> None:
    # (a process that reads thousands of new cards, a whole-pool audit or a fuzz run, keeps the
    # first PER_PROCESS; the count is checked before any work is done)
    if _STATE.get("written", 0) >= PER_PROCESS or _STATE.get("count", 0) >= LIMIT:
        return
    _STATE["written"] = _STATE.get("written", 0) + 1
    try:
        body = _encode_reading(reading)
        if _encode_reading(_decode_reading(card, body)) != body:    # comes back as it is
            return
    except (_NotPlain, ValueError, KeyError, TypeError, RecursionError):
        return
    from .atomic import atomic_write_bytes

    try:
        with _LOCK:
            count = _STATE.get("count")
            if count is None:
                if not folder.exists():
                    folder.mkdir(parents=True, exist_ok=True)
                    for old in folder.parent.glob(f"{PREFIX}*"):     # another reader's
                        if old != folder and old.is_dir():
                            for f in old.iterdir():
                                f.unlink(missing_ok=True)
                            old.rmdir()
                count = len(os.listdir(folder))
            if count >= LIMIT:
                _STATE["count"] = count
                return
            _STATE["count"] = count + 1
        atomic_write_bytes(path, hashlib.sha256(body).hexdigest().encode() + b"\n" + body)
    except OSError:
        pass    # a cache we cannot write is only slower


def kept_reading(card, read):
    """``read()`` (the card's reading), or the reading kept on disk for this very card."""
    folder = _folder()
    key = _card_key(card) if folder is not None else None
    if key is None:
        return read()
    path = folder / f"{key}.json"
    got = _read(path, card)
    if got is not None:
        return got
    reading = read()
    _write(folder, path, card, reading)
    return reading
