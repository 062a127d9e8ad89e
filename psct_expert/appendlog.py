"""A cache file of lines, each kept by its own hash, appended to as entries are first made.

Used by the caches that grow entry by entry as a process meets new things (the parse of each
sentence shape, :mod:`psct_expert.parser.shapes`; the compiled code of each reader pattern,
:mod:`psct_expert.recache`; the reader's pattern gates, lemminflect's lemmas and rapidfuzz's
close names, each through one :class:`CacheLog`, the file opened once per process).  The file is plain text:

* the first line is a JSON object naming the cache (``magic``) and its key (what the entries
  depend on: another key is another file, and the old one is removed), with whatever the
  cache keeps beside its entries;
* every other line is ``<sha256[:16]> TAB <entry key> TAB <JSON value>``; a line whose hash
  does not match, or cut short, is ignored;
* a line is appended with one ``write`` on a descriptor opened with ``O_APPEND``, so
  processes appending at once do not mix their lines; a file shared by a hard link (the
  tests' cache template) is first replaced by a copy of its own;
* at most ``limit`` entries are appended.

Nothing in it is code, and nothing is run to read it.  Only a cache: deleting it is safe.
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
from pathlib import Path


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


class AppendLog:
    def __init__(self, path: Path, magic: str, key: str, limit: int = 4096):
        self.path, self.magic, self.key, self.limit = path, magic, key, limit
        self.head: dict | None = None           # the first line, when the file is this cache's
        self._lines: dict[str, bytes] = {}
        self._count = 0
        self._lock = threading.Lock()
        self._read()

    def _read(self) -> None:
        try:
            data = self.path.read_bytes()
        except OSError:
            return
        lines = data.split(b"\n")
        if not data.endswith(b"\n"):
            lines = lines[:-1]      # a line cut short (a process stopped while appending)
        try:
            head = json.loads(lines[0])
            if not isinstance(head, dict) or head.get("magic") != self.magic or \
                    head.get("key") != self.key:
                return
        except (ValueError, IndexError):
            return
        out = {}
        for line in lines[1:]:
            parts = line.split(b"\t", 2)
            if len(parts) == 3:
                out[parts[1].decode("utf-8", "replace")] = line
        self.head, self._lines, self._count = head, out, len(lines) - 1

    @property
    def size(self) -> int:
        """How many entries the file has (lines after the first)."""
        return self._count

    def get(self, key: str):
        """The value kept under ``key`` (parsed JSON), else None."""
        line = self._lines.get(key)
        if line is None:
            return None
        sha, rest = line.split(b"\t", 1)
        if sha.decode() != _sha(rest)[:16]:
            return None
        try:
            return json.loads(rest.split(b"\t", 1)[1])
        except (ValueError, RecursionError, IndexError):
            return None

    def start(self, **head) -> bool:
        """Begin the file with its first line (other files of ``prefix`` ... are the caller's to
        remove); False when it cannot be written."""
        from .atomic import atomic_write_bytes

        head = {"magic": self.magic, "key": self.key, **head}
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_bytes(self.path, (json.dumps(head) + "\n").encode())
        except Exception:  # noqa: BLE001 - a cache we cannot write is only slower
            return False
        self.head, self._lines, self._count = head, {}, 0
        return True

    def add(self, key: str, value) -> None:
        """Append ``value`` (JSON) under ``key`` (no tab or newline in it)."""
        if self.head is None or self._count >= self.limit or "\t" in key or "\n" in key:
            return
        try:
            rest = key.encode("utf-8") + b"\t" + json.dumps(value, separators=(",", ":"),
                                                             ensure_ascii=True).encode()
        except (TypeError, ValueError, RecursionError, UnicodeEncodeError):
            return
        line = _sha(rest)[:16].encode() + b"\t" + rest
        with self._lock:
            try:
                if os.stat(self.path).st_nlink > 1:     # shared by a hard link: a copy of our own
                    from .atomic import atomic_write_bytes

                    atomic_write_bytes(self.path, self.path.read_bytes())
                fd = os.open(self.path, os.O_WRONLY | os.O_APPEND)
                try:
                    os.write(fd, line + b"\n")
                finally:
                    os.close(fd)
            except Exception:  # noqa: BLE001 - the file is gone or cannot be written: only slower
                return
            self._lines[key] = line
            self._count += 1

    def remove_others(self, pattern: str) -> None:
        """Remove the other files of this cache (``pattern``: a glob in the same folder)."""
        try:
            for old in self.path.parent.glob(pattern):
                if old != self.path:
                    old.unlink(missing_ok=True)
        except OSError:
            pass


class CacheLog:
    """The cache folder's :class:`AppendLog` ``<prefix><key[:32]>.jsonl``, opened once per process
    on first use (threads share it, one opens it); the files of other keys are removed when a
    new one is begun.  ``key()`` gives the key, the hash of what the entries depend on (an
    install, a module's code), or None when there is nothing to keep; then, as when there is no
    cache folder or anything goes wrong, :meth:`get` gives None and the caller works the answer
    out each time.  A fresh process has nothing opened (``opened`` is empty)."""

    def __init__(self, prefix: str, magic: str, key, limit: int = 8192):
        self.prefix, self.magic, self.key, self.limit = prefix, magic, key, limit
        self.opened: list = []
        self._lock = threading.Lock()

    def get(self) -> AppendLog | None:
        if not self.opened:
            with self._lock:
                if not self.opened:
                    self.opened.append(self._open())
        return self.opened[0]

    def _open(self) -> AppendLog | None:
        try:
            from .paths import cache_dir

            key = self.key()
            if key is None:
                return None
            log = AppendLog(cache_dir() / f"{self.prefix}{key[:32]}.jsonl", self.magic, key,
                            self.limit)
            if log.head is None and log.start():
                log.remove_others(f"{self.prefix}*.jsonl")
            return log
        except Exception:  # noqa: BLE001 - no cache folder, no such install: nothing kept
            return None
