"""English lemmas of a word (lemminflect's ``getAllLemmas``), each word's kept on disk.

lemminflect answers from a table of 70,000 words it reads on first use: importing it and
reading the table cost ~0.2 s of CPU, paid by every process that asks about one word (the
question reader asks whether a word is English, :func:`psct_expert.parser.names._english`,
and which forms a description's word has, :func:`psct_expert.situate.refs._lemmas`).  So each
word's answer is kept in the cache folder (an :class:`~psct_expert.appendlog.AppendLog`,
``lemmas-<key>.jsonl``, plain JSON, each line checked by its hash), and a process asking about
words some process has asked about before neither imports lemminflect nor reads its table.

The key hashes lemminflect's table files (their paths, sizes and modification times, found
without importing it): another install is another file, and the old one is removed.  The
answer read back is lemminflect's own (``{upos: (form, ...)}``); anything unexpected asks
lemminflect.  Deleting the file is safe.
"""

from __future__ import annotations

from .appendlog import CacheLog

MAGIC = "psct-expert-lemmas-1"
PREFIX = "lemmas-"
LIMIT = 8192      # words kept (a file of hostile words stays small: ~0.5 MB, read in a few ms)
_TABLES = ("lemma_lu.csv.gz", "lemma_overrides.csv")

def _key() -> str | None:
    """lemminflect's table files (paths, sizes, modification times), found without importing it."""
    import hashlib
    import os
    from importlib.util import find_spec

    spec = find_spec("lemminflect")
    if spec is None or not spec.submodule_search_locations:
        return None
    folder = os.path.join(list(spec.submodule_search_locations)[0], "resources")
    parts = [MAGIC]
    for name in _TABLES:
        st = os.stat(os.path.join(folder, name))
        parts.append(f"{name} {st.st_size} {st.st_mtime_ns}")
    return hashlib.sha256("\0".join([folder] + parts).encode()).hexdigest()


_LOG = CacheLog(PREFIX, MAGIC, _key, LIMIT)


def _valid(kept) -> bool:
    return isinstance(kept, dict) and all(
        isinstance(k, str) and isinstance(v, list) and all(isinstance(x, str) for x in v)
        for k, v in kept.items())


def all_lemmas(word: str) -> dict[str, tuple[str, ...]]:
    """``lemminflect.getAllLemmas(word)``, read from the cache when kept there."""
    log = _LOG.get()
    if log is not None:
        kept = log.get(word)
        if _valid(kept):
            return {k: tuple(v) for k, v in kept.items()}
    from lemminflect import getAllLemmas

    got = getAllLemmas(word)
    if log is not None:
        try:
            log.add(word, {str(k): [str(x) for x in v] for k, v in got.items()})
        except Exception:  # noqa: BLE001 - not kept: only slower next time
            pass
    return got
