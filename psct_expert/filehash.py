"""The sha256 of a shipped file, remembered across processes while the file is unchanged.

The name index is keyed by the card database's content, the knowledge cache by the content
of every knowledge file and of the code that reads them; a fresh process hashed the 1.4 MB
database and some thirty files (~3 ms of a cold ``ask``) only to find them as they were.
``file-hashes.json`` in the cache folder keeps, per file, its inode, size, modification
and change times (ns) and its sha256.  A file whose identity is the one kept gets the kept
hash; any difference hashes it again.  The change time moves with every write and cannot
be set back (restoring a modification time moves it too), so an edited file is always
hashed again.  A file changed in the last two seconds is not kept (a second change within
one tick of the clock would show the same times), nor one that changed while it was read.

Only files under the package's own folders (the code, ``knowledge/``, ``facts/``) are kept;
any other file (a user's rule folder) is hashed each time.  Plain JSON, read without running
code; only a cache: deleting it is safe.
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
import time
from pathlib import Path

NAME = "file-hashes.json"
MAGIC = "psct-expert-file-hashes-1"
RECENT_NS = 2_000_000_000
MAX_FILES = 512

_LOCK = threading.Lock()
_STATE: dict = {}


def _roots() -> tuple[str, ...]:
    from .paths import FACTS_DIR, KNOWLEDGE_DIR, _PACKAGE

    return tuple(os.path.join(str(p), "") for p in (_PACKAGE, KNOWLEDGE_DIR, FACTS_DIR))


def _identity(st: os.stat_result) -> list[int]:
    return [st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns]


def _memo() -> dict:
    with _LOCK:
        memo = _STATE.get("memo")
        if memo is None:
            memo = {}
            try:
                from .paths import cache_dir

                data = json.loads((cache_dir() / NAME).read_bytes())
                if isinstance(data, dict) and data.get("magic") == MAGIC and \
                        isinstance(data.get("files"), dict):
                    memo = data["files"]
            except (OSError, ValueError, RecursionError):
                pass
            _STATE["memo"] = memo
        return memo


def sha256_files(paths) -> list[str]:
    """The sha256 (hex) of each file's bytes; OSError as reading it would raise."""
    memo = _memo()
    roots = _STATE.get("roots")
    if roots is None:
        roots = _STATE["roots"] = _roots()
    out, added = [], False
    for path in paths:
        where = os.path.abspath(path)
        kept = where.startswith(roots)
        if kept:
            st = os.stat(where)
            hit = memo.get(where)
            if isinstance(hit, list) and len(hit) == 5 and hit[:4] == _identity(st) and \
                    isinstance(hit[4], str):
                out.append(hit[4])
                continue
        data = Path(where).read_bytes()
        digest = hashlib.sha256(data).hexdigest()
        out.append(digest)
        if kept:
            after = os.stat(where)
            if _identity(after) == _identity(st) and len(data) == st.st_size and \
                    time.time_ns() - max(st.st_mtime_ns, st.st_ctime_ns) > RECENT_NS:
                with _LOCK:
                    if len(memo) >= MAX_FILES:
                        memo.clear()
                    memo[where] = _identity(st) + [digest]
                added = True
    if added:
        _store(memo)
    return out


def sha256_file(path) -> str:
    return sha256_files([path])[0]


def _store(memo: dict) -> None:
    try:
        from .atomic import atomic_write_bytes
        from .paths import cache_dir

        with _LOCK:
            body = json.dumps({"magic": MAGIC, "files": memo}, separators=(",", ":"))
        folder = cache_dir()
        folder.mkdir(parents=True, exist_ok=True)
        atomic_write_bytes(folder / NAME, body.encode())
    except Exception:  # noqa: BLE001 - a cache we cannot write is only slower
        pass
