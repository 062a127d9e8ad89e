"""The card names found in a sentence, kept on disk: a process meeting a sentence some process
has searched reads its mentions back instead of searching the database's names again.

The search (:func:`psct_expert.parser.names.find_cards`) is ~0.5 ms a sentence, a tenth of a
question new to a ``check``; its mentions are already kept per process on the database
(:meth:`~psct_expert.cards.CardDB.memo`).  Here they are kept in the cache folder too, an
:class:`~psct_expert.appendlog.AppendLog` (``sentence-names-<key>.jsonl``: plain JSON, each line
checked by its hash), whose key is the hash of the code and data the search depends on (the
name search's module and word lists, the card module's keys and look-ups, the question
grammar's module, rapidfuzz's install, Python's version).  Each entry is keyed by the sentence,
a digest of the database's names (every layer: the shipped one by its index file and aliases,
a layer on top by its names, spellings and aliases) and a digest of the grammar's words (the
test for plain words of the question language).  A database or a word test that cannot be
digested cheaply (a database rebuilt in the process, another test) is searched each time.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

from .appendlog import CacheLog

MAGIC = "psct-expert-sentence-names-1"
_PACKAGE = Path(__file__).resolve().parent
_CODE = ["parser/names.py", "parser/vocabulary.yaml", "parser/grammar.py", "cards.py", "kre.py",
         "namecache.py", "gamewords.py", "gamewords.yaml"]


def _key() -> str | None:
    from .cards import _fuzzy_key
    from .filehash import sha256_files

    fuzzy = _fuzzy_key()
    if fuzzy is None:
        return None
    files = [_PACKAGE / rel for rel in _CODE]
    h = hashlib.sha256(f"{MAGIC}\0{sys.version}\0{fuzzy}\0".encode())
    for rel, digest in zip(_CODE, sha256_files(files)):
        h.update(f"{rel}\t{digest}\n".encode())
    return h.hexdigest()


_LOG = CacheLog("sentence-names-", MAGIC, _key, limit=4096)


def _layer_digest(layer) -> str | None:
    """What a search can find in one layer of a database (not its parents)."""
    from .cards import _LooseKeys

    sig = (id(layer.cards), len(layer.cards), id(layer.loose), len(layer.loose),
           id(layer.aliases), len(layer.aliases), layer.__dict__.get("_changes", 0))
    kept = layer.__dict__.get("_names_digest")
    if kept is not None and kept[0] == sig:
        return kept[1]
    h = hashlib.sha256()
    if layer.lines is not None and not layer.__dict__.get("_changes") and \
            isinstance(layer.loose, _LooseKeys):
        # the shipped layer as read from its index file (named by the database's content)
        h.update(f"index\0{layer.lines.path.name}\0".encode("utf-8", "surrogatepass"))
    elif len(layer.cards) <= 5000:
        names = []
        for strict, entry in layer.cards.items():
            name = getattr(entry, "name", None)
            if not isinstance(name, str):
                return None             # (a line not made a card yet: not worth reading here)
            names.append((strict, name))
        body = json.dumps([sorted(names), sorted((k, list(v)) for k, v in layer.loose.items())],
                          ensure_ascii=True)
        h.update(b"layer\0" + body.encode())
    else:
        return None
    h.update(json.dumps(sorted(layer.aliases.items()), ensure_ascii=True).encode())
    digest = h.hexdigest()[:32]
    layer.__dict__["_names_digest"] = (sig, digest)
    return digest


def _db_digest(db) -> str | None:
    parts = []
    layer = db
    while layer is not None:
        d = _layer_digest(layer)
        if d is None:
            return None
        parts.append(d)
        layer = layer.parent
    return hashlib.sha256(" ".join(parts).encode()).hexdigest()[:32]


_WORDS: dict[int, tuple] = {}


def _words_digest(plain_word) -> str | None:
    """A digest of the plain-word test: none, or a question grammar's ``terminal`` (its words)."""
    if plain_word is None:
        return "-"
    owner = getattr(plain_word, "__self__", None)
    func = getattr(plain_word, "__func__", None)
    words = getattr(owner, "words", None)
    if func is None or func.__qualname__ != "Grammar.terminal" or \
            func.__module__ != "psct_expert.parser.grammar" or not isinstance(words, dict):
        return None
    hit = _WORDS.get(id(words))
    if hit is not None and hit[0] is words and hit[1] == len(words):
        return hit[2]
    try:
        body = json.dumps(sorted(words.items()), ensure_ascii=True)
    except (TypeError, ValueError):
        return None
    digest = hashlib.sha256(body.encode()).hexdigest()[:32]
    if len(_WORDS) >= 16:
        _WORDS.clear()
    _WORDS[id(words)] = (words, len(words), digest)
    return digest


def kept_mentions(text: str, db, plain_word, find, make) -> list:
    """``find(text, db, plain_word)``, or the mentions kept for this sentence, database and word
    test (each made with ``make(start, end, card, text)``)."""
    log = _LOG.get()
    try:
        where = _db_digest(db) if log is not None else None
        words = _words_digest(plain_word) if where is not None else None
    except Exception:  # noqa: BLE001 - a database or a word test we cannot digest: searched
        words = None
    if words is None:
        return find(text, db, plain_word)
    entry = f"{where} {words} {text}"
    kept = log.get(entry)
    if isinstance(kept, list) and all(
            isinstance(m, list) and len(m) == 4 and type(m[0]) is int and type(m[1]) is int
            and isinstance(m[2], str) and isinstance(m[3], str) and 0 <= m[0] <= m[1] <= len(text)
            and text[m[0]:m[1]] == m[3] for m in kept):
        return [make(*m) for m in kept]
    found = find(text, db, plain_word)
    log.add(entry, [[m.start, m.end, m.card, m.text] for m in found])
    return found
