"""The compiled code of the reader's patterns, kept on disk.

Compiling a regular expression is Python code (the ``re`` module parses the pattern
and writes its matcher's program): the few hundred patterns of the reader's grammar
cost ~0.17 ms each, a tenth of a cold start.  The program is a list of 32-bit words, so
it is kept (their bytes deflated, in base64: read in a few microseconds) in the cache folder (an :class:`~psct_expert.appendlog.AppendLog`,
``regex-code-<key>.jsonl``, plain JSON, each line checked by its hash) and a fresh
process hands it straight to the matcher (``_sre.compile``, which checks the program
itself), without parsing the pattern.  The key hashes Python's version and the
matcher's (``_sre.MAGIC``, ``CODESIZE``) and the machine's byte order: another Python is
another file.  The result is
the pattern ``re.compile`` makes (equal to it: same pattern, flags and program).
Anything unexpected falls back to ``re.compile``.  Deleting the file is safe.
"""

from __future__ import annotations

import hashlib
import re
import sys
from array import array
from binascii import a2b_base64, b2a_base64
from zlib import compress, decompress

from .appendlog import CacheLog

MAGIC = "psct-expert-regex-code-3"   # 3: the program as base64 of its 32-bit words, deflated
PREFIX = "regex-code-"
LIMIT = 8192

def _key() -> str:
    """Python's version and its matcher's (``_sre.MAGIC``, ``CODESIZE``), and how the machine
    writes a word (the programs are kept as their words' bytes)."""
    import _sre

    if _sre.CODESIZE != _WORD.itemsize:
        return None             # (a matcher of other words: nothing kept)
    return hashlib.sha256(f"{MAGIC}\0{sys.version}\0{_sre.MAGIC}\0{_sre.CODESIZE}\0"
                          f"{sys.byteorder}".encode()).hexdigest()


# a program's words: 4 bytes each, most of them small numbers; its JSON list of numbers took
# 30 us to read, its deflated bytes in base64 a few: and the file, read whole by each process
# that opens it, is a seventh of the size (a pattern's program is ~2 KB)
_WORD = array("I")


def _words(text: str) -> list:
    return array(_WORD.typecode, decompress(a2b_base64(text))).tolist()


def _text(code: list) -> str:
    return b2a_base64(compress(array(_WORD.typecode, code).tobytes(), 6),
                      newline=False).decode("ascii")


_LOG = CacheLog(PREFIX, MAGIC, _key, LIMIT)
_FLAG_TEXT: dict = {}


def compile(pattern: str, flags: int) -> re.Pattern:
    """``re.compile(pattern, flags)``, its program read from the cache when kept there."""
    log = _LOG.get()
    if log is None:
        return re.compile(pattern, flags)
    said = (type(flags), flags)     # (a RegexFlag says itself through enum's repr, slowly;
    text = _FLAG_TEXT.get(said)     # and 34 is not written as re.IGNORECASE|re.UNICODE)
    if text is None:
        text = _FLAG_TEXT[said] = f"{flags}"
    key = f"{text} {pattern}"
    if "\t" in key or "\n" in key:
        return re.compile(pattern, flags)
    try:
        import _sre

        kept = log.get(key)
        if kept is not None:
            final, code, groups, groupindex, indexgroup = kept
            return _sre.compile(pattern, final, _words(code), groups, groupindex,
                                tuple(indexgroup))
    except Exception:  # noqa: BLE001 - a bad entry: compiled again below
        pass
    try:
        try:  # Python 3.11+
            from re import _compiler, _parser
        except ImportError:  # pragma: no cover - Python 3.10
            import sre_compile as _compiler  # type: ignore[no-redef]
            import sre_parse as _parser  # type: ignore[no-redef]
        import _sre

        parsed = _parser.parse(pattern, flags)
        code = list(_compiler._code(parsed, flags))
        groupindex = dict(parsed.state.groupdict)
        indexgroup = [None] * parsed.state.groups
        for name, i in groupindex.items():
            indexgroup[i] = name
        entry = [flags | parsed.state.flags, _text(code), parsed.state.groups - 1, groupindex,
                 indexgroup]
        compiled = _sre.compile(pattern, entry[0], code, entry[2], groupindex, tuple(indexgroup))
        if _words(entry[1]) != code:
            return compiled     # (a word the array cannot hold: not kept)
    except Exception:  # noqa: BLE001 - the module's inside is not what we know: as usual
        return re.compile(pattern, flags)
    log.add(key, entry)
    return compiled
