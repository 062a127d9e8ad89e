"""The parse of each sentence shape, kept on disk beside the compiled grammar.

The question grammar sees only the kinds of a sentence's words (a card, "the",
"negate" ...), so every sentence of one shape gets the same tree
(:meth:`~psct_expert.parser.grammar.Grammar.parse`); the first parse of a shape is
an Earley parse of 5-50 ms, a shape seen before costs nothing.  This file keeps
those trees across processes, so a fresh process (a CLI call, a new server) parses
only shapes no process has seen.

``question-shapes-<key>.jsonl`` in :func:`~psct_expert.paths.cache_dir`, plain
JSON read without running any code:

* the key hashes the compiled grammar's own key (the grammar's text, lark's and
  Python's versions) with the source of the modules that parse (``grammar.py``
  and this one), so another grammar or another parser is another file (the old
  one is removed);
* the first line is ``{"magic", "key", "words", "sha"}``: the grammar's words
  (word -> terminal, enough to split a sentence without reading the compiled
  grammar) and the sha256 of their JSON;
* every other line is ``<sha256[:16]> <TAB> <terminals> <TAB> <tree>``, the tree as
  nested lists ``[rule, child, ...]`` with ``0`` for each word, appended as a
  shape is first parsed (one ``write`` with ``O_APPEND``, so processes appending
  at once do not mix lines); a line whose hash does not match is ignored;
* at most :data:`MAX_SHAPES` lines are kept; a file that is hard-linked (the test
  cache template) is copied before it is appended to.

Only a cache is at stake: deleting the file is safe.
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
from pathlib import Path

from lark import Token, Tree

from ..paths import cache_dir

MAGIC = "psct-expert-question-shapes-2"
PREFIX = "question-shapes-"
MAX_SHAPES = 4096
_HERE = Path(__file__).resolve().parent
_CODE = ("grammar.py", "shapes.py")


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _code_hash() -> str:
    h = hashlib.sha256()
    for name in _CODE:
        try:
            h.update((_HERE / name).read_bytes())
        except OSError:
            h.update(b"?")
    return h.hexdigest()


def encode(tree) -> list:
    """``[rule, child, ...]``, a word as 0; a rule name lark made a token (``Token('RULE', name)``)
    is ``[type, name]``, so the tree read back is the tree parsed, repr and all."""
    data = tree.data
    head = [data.type, str(data)] if isinstance(data, Token) else str(data)
    return [head] + [encode(ch) if isinstance(ch, Tree) else 0 for ch in tree.children]


def decode(data) -> Tree:
    if not isinstance(data, list) or not data:
        raise ValueError("not a tree")
    head = data[0]
    if isinstance(head, list) and len(head) == 2 and all(isinstance(x, str) for x in head):
        head = Token(head[0], head[1])
    elif not isinstance(head, str):
        raise ValueError("not a tree")
    return Tree(head, [decode(ch) if isinstance(ch, list) else None for ch in data[1:]])


class ShapeStore:
    def __init__(self, path: Path, key: str):
        self.path, self.key = path, key
        self.words: dict[str, str] | None = None
        self._lines: dict[str, bytes] = {}
        self._count = 0
        self._lock = threading.Lock()

    @classmethod
    def open(cls, grammar_path: Path, grammar_key: str) -> "ShapeStore | None":
        """The store of the grammar cached at ``grammar_path`` under ``grammar_key`` (its words are
        None when the file is missing or damaged: :meth:`start` begins it)."""
        try:
            key = _sha(f"{MAGIC}\0{grammar_key}\0{_code_hash()}".encode())
            store = cls(cache_dir() / f"{PREFIX}{key[:32]}.jsonl", key)
        except Exception:  # noqa: BLE001 - no cache folder: no store
            return None
        store._read()
        return store

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
            words = head["words"]
            if head["magic"] != MAGIC or head["key"] != self.key or \
                    head["sha"] != _sha(json.dumps(words, sort_keys=True).encode()) or \
                    not isinstance(words, dict):
                return
        except (ValueError, KeyError, TypeError, IndexError):
            return
        out = {}
        for line in lines[1:]:
            parts = line.split(b"\t", 2)
            if len(parts) == 3:
                out[parts[1].decode("utf-8", "replace")] = line
        self.words, self._lines, self._count = words, out, len(lines) - 1

    def get(self, types: tuple):
        """The tree kept for this shape (its words left as None), else None."""
        line = self._lines.get(" ".join(types))
        if line is None:
            return None
        sha, _types, tree = line.split(b"\t", 2)
        if sha.decode() != _sha(line[len(sha) + 1:])[:16]:
            return None
        try:
            return decode(json.loads(tree))
        except (ValueError, RecursionError):
            return None

    def start(self, words: dict) -> None:
        """Begin the file with the grammar's words (other grammars' files are removed)."""
        from ..atomic import atomic_write_bytes

        blob = json.dumps(words, sort_keys=True)
        head = {"magic": MAGIC, "key": self.key, "words": words, "sha": _sha(blob.encode())}
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_bytes(self.path, (json.dumps(head) + "\n").encode())
            for old in self.path.parent.glob(f"{PREFIX}*.jsonl"):
                if old != self.path:
                    old.unlink(missing_ok=True)
        except Exception:  # noqa: BLE001 - a cache we cannot write is only slower
            return
        self.words, self._lines, self._count = dict(words), {}, 0

    def add(self, types: tuple, tree) -> None:
        """Append the tree of a shape parsed for the first time."""
        if self.words is None or self._count >= MAX_SHAPES or any(" " in t or "\t" in t for t in types):
            return
        try:
            body = (" ".join(types) + "\t" + json.dumps(encode(tree), separators=(",", ":"))).encode()
        except (RecursionError, ValueError):
            return
        line = _sha(body)[:16].encode() + b"\t" + body
        with self._lock:
            try:
                if os.stat(self.path).st_nlink > 1:     # shared by a hard link: write our own copy
                    from ..atomic import atomic_write_bytes

                    atomic_write_bytes(self.path, self.path.read_bytes())
                fd = os.open(self.path, os.O_WRONLY | os.O_APPEND)
                try:
                    os.write(fd, line + b"\n")
                finally:
                    os.close(fd)
            except Exception:  # noqa: BLE001 - the file is gone or cannot be written: only slower
                return
            self._lines[" ".join(types)] = line
            self._count += 1
