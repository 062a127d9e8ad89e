"""The parse of each sentence shape, kept on disk beside the compiled grammar.

The question grammar sees only the kinds of a sentence's words (a card, "the",
"negate" ...), so every sentence of one shape gets the same tree
(:meth:`~psct_expert.parser.grammar.Grammar.parse`); the first parse of a shape is
an Earley parse of 5-50 ms, a shape seen before costs nothing.  This file keeps
those trees across processes, so a fresh process (a CLI call, a new server) parses
only shapes no process has seen.

``question-shapes-<key>.jsonl`` in :func:`~psct_expert.paths.cache_dir`, an
:class:`~psct_expert.appendlog.AppendLog` (plain JSON lines, each checked by its
hash, read without running any code):

* the key hashes the compiled grammar's own key (the grammar's text, lark's and
  Python's versions) with the source of the modules that parse (``grammar.py``
  and this one), so another grammar or another parser is another file (the old
  one is removed);
* the first line carries the grammar's words (word -> terminal, enough to split a
  sentence without reading the compiled grammar) and the sha256 of their JSON;
* each entry is a shape (its terminals) and its tree as nested lists
  ``[rule, child, ...]`` with ``0`` for each word, or, for a shape the grammar refuses,
  where its parse stops (:meth:`ShapeStore.refusal`), so a refused question does not load the
  compiled grammar either.

Only a cache is at stake: deleting the file is safe.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from lark import Token, Tree

from ..appendlog import AppendLog
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


def _words_sha(words: dict) -> str:
    return _sha(json.dumps(words, sort_keys=True).encode())


class ShapeStore:
    def __init__(self, log: AppendLog):
        self.log = log
        head = log.head
        words = head.get("words") if head else None
        ok = isinstance(words, dict) and head.get("sha") == _words_sha(words)
        self.words: dict[str, str] | None = words if ok else None

    @classmethod
    def open(cls, grammar_path: Path, grammar_key: str) -> "ShapeStore | None":
        """The store of the grammar cached at ``grammar_path`` under ``grammar_key`` (its words are
        None when the file is missing or damaged: :meth:`start` begins it)."""
        try:
            key = _sha(f"{MAGIC}\0{grammar_key}\0{_code_hash()}".encode())
            path = cache_dir() / f"{PREFIX}{key[:32]}.jsonl"
        except Exception:  # noqa: BLE001 - no cache folder: no store
            return None
        return cls(AppendLog(path, MAGIC, key, MAX_SHAPES))

    def get(self, types: tuple):
        """The tree kept for this shape (its words left as None), else None."""
        if self.words is None:
            return None
        data = self.log.get(" ".join(types))
        if data is None:
            return None
        try:
            return decode(data)
        except (ValueError, RecursionError):
            return None

    def start(self, words: dict) -> None:
        """Begin the file with the grammar's words (other grammars' files are removed)."""
        if self.log.start(words=words, sha=_words_sha(words)):
            self.words = dict(words)
            self.log.remove_others(f"{PREFIX}*.jsonl")

    def add(self, types: tuple, tree) -> None:
        """Append the tree of a shape parsed for the first time."""
        if self.words is None or any(" " in t for t in types):
            return
        try:
            self.log.add(" ".join(types), encode(tree))
        except RecursionError:
            return

    # A shape the grammar refuses is kept too, as where it stops: ``{"refused": "token", "at": i}``
    # (the parse stops at the sentence's i-th word) or ``{"refused": "end"}`` (it ends too soon),
    # with the words the grammar expected there.  Whether the parser gets past a word depends only
    # on the kinds of the words before it, so every sentence of the shape stops at the same word.
    # Refusals take at most half the file: hostile input cannot crowd out the shapes of questions.

    def refusal(self, types: tuple, tokens: list):
        """The error the parse of ``tokens`` (a shape kept as refused) raises, else None."""
        if self.words is None:
            return None
        data = self.log.get(" ".join(types))
        if not isinstance(data, dict) or not isinstance(data.get("expected"), list) or \
                not all(isinstance(x, str) for x in data["expected"]):
            return None
        from lark.exceptions import UnexpectedEOF, UnexpectedToken

        at, expected = data.get("at"), data["expected"]
        if data.get("refused") == "end" and at is None:
            return UnexpectedEOF(expected)
        if data.get("refused") == "token" and type(at) is int and 0 <= at < len(tokens):
            exc = UnexpectedToken(tokens[at], set(expected))
            exc.pos_in_stream = at
            return exc
        return None

    def add_refusal(self, types: tuple, tokens: list, exc) -> None:
        """Append where the parse of a shape refused for the first time stops (``exc``)."""
        from lark.exceptions import UnexpectedEOF, UnexpectedToken

        if self.words is None or any(" " in t for t in types) or \
                self.log.size >= self.log.limit // 2:
            return
        expected = sorted(str(x) for x in (getattr(exc, "expected", None) or ()))
        if isinstance(exc, UnexpectedEOF):
            entry = {"refused": "end", "expected": expected}
        elif isinstance(exc, UnexpectedToken):
            at = next((i for i, t in enumerate(tokens) if t is exc.token), None)
            if at is None:
                return
            entry = {"refused": "token", "at": at, "expected": expected}
        else:
            return
        self.log.add(" ".join(types), entry)
