"""Cheap pre-tests for the reader's phrase patterns: a word every match must contain.

Most of the reader's whole-text patterns (legacy wording, for one) match on
few cards, yet each one scans every text, and a pattern that starts with a
word boundary or an alternation gives the regex engine no literal to skip
ahead to.  From a compiled pattern's own parse this module takes the literal
runs a match cannot do without ("to activate this" in ``... \\bto activate
this (?:card|effect)\\b``; for ``a|b``, one run of each branch, any of which
will do).  When a text holds none of them, the pattern cannot match it and
is not run: the result is the same, only sooner.

Case: the reader's patterns ignore case.  Under ``re.IGNORECASE`` an ASCII
letter also matches exactly four other characters (U+0130, U+0131, U+017F,
U+212A; a test checks this against the ``re`` module), so
:func:`gate_text` turns those into their ASCII letters before lower-casing,
and only ASCII literal runs are used as gates.
"""

from __future__ import annotations

import re

from ..appendlog import CacheLog

try:  # Python 3.11+
    from re import _constants as _C
    from re import _parser as _P
except ImportError:  # pragma: no cover - Python 3.10
    import sre_constants as _C  # type: ignore[no-redef]
    import sre_parse as _P  # type: ignore[no-redef]

MIN_WORD = 3           # shorter runs are in nearly every text: no use as a gate
_FOLD = str.maketrans({"\u0130": "i", "\u0131": "i", "\u017f": "s", "\u212a": "k"})
_GATES: dict[re.Pattern, tuple[str, ...] | None] = {}


def gate_text(text: str) -> str:
    """The text as the gates test it: lower case, the four non-ASCII letters
    that ignore-case matching takes for ASCII letters turned into them."""
    return text.translate(_FOLD).lower()


def _runs(items) -> list[tuple[str, ...]]:
    """What a sequence of parsed items requires: a list of any-of word sets."""
    out: list[tuple[str, ...]] = []
    cur: list[str] = []

    def flush():
        if len(cur) >= MIN_WORD:
            out.append(("".join(cur).lower(),))
        cur.clear()

    for op, av in items:
        if op is _C.LITERAL and av < 128:
            cur.append(chr(av))
            continue
        flush()
        if op is _C.SUBPATTERN and not av[1] and not av[2]:   # a group, no flag changes
            out.extend(_runs(av[3]))
        elif op in (_C.MAX_REPEAT, _C.MIN_REPEAT) and av[0] >= 1:  # at least once
            out.extend(_runs(av[2]))
        elif op is _C.BRANCH:
            best = []
            for branch in av[1]:
                reqs = _runs(branch)
                if not reqs:
                    break            # a branch that needs no word: the branch needs none
                best.append(max(reqs, key=lambda r: min(map(len, r))))
            else:
                words = tuple(sorted({w for r in best for w in r}))
                if words:
                    out.append(words)
        # anything else (classes, assertions, back-references) requires no word
    flush()
    return out


def required_words(rx: re.Pattern) -> tuple[str, ...] | None:
    """Words (lower case) one of which is in every text ``rx`` matches; None if
    the pattern has no such words (then it is always run)."""
    if rx in _GATES:
        return _GATES[rx]
    log = _LOG.get()
    key = f"{rx.flags} {rx.pattern}"
    kept = log.get(key) if log is not None else None
    if isinstance(kept, list) and len(kept) == 1 and (kept[0] is None or (
            isinstance(kept[0], list) and all(isinstance(w, str) for w in kept[0]))):
        gate = None if kept[0] is None else tuple(kept[0])
    else:
        gate = _gate(rx)
        if log is not None:
            log.add(key, [None if gate is None else list(gate)])
    _GATES[rx] = gate
    return gate


def _gate(rx: re.Pattern) -> tuple[str, ...] | None:
    try:
        reqs = _runs(_P.parse(rx.pattern, rx.flags & ~re.IGNORECASE))
    except Exception:   # a pattern the parser reads differently: no gate, always run
        reqs = []
    return max(reqs, key=lambda r: min(map(len, r))) if reqs else None


# Working out a gate parses the pattern (~0.1 ms each, a few hundred of them): each pattern's
# gate is kept in the cache folder (an AppendLog, ``regex-gates-<key>.jsonl``, plain JSON, each
# line checked by its hash), keyed by Python's version and this module's code, so a fresh process
# reads the gates of the patterns some process has met before instead of parsing them again.
_MAGIC = "psct-expert-regex-gates-1"
def _key() -> str:
    """Python's version and this module's code."""
    import hashlib
    import sys
    from pathlib import Path

    code = Path(__file__).read_bytes()
    return hashlib.sha256(f"{_MAGIC}\0{sys.version}\0{MIN_WORD}\0".encode() + code).hexdigest()


_LOG = CacheLog("regex-gates-", _MAGIC, _key)


def may_match(rx: re.Pattern, low: str) -> bool:
    """False only when ``rx`` cannot match the text whose :func:`gate_text` is ``low``."""
    gate = _GATES[rx] if rx in _GATES else required_words(rx)
    if gate is None:
        return True
    for w in gate:
        if w in low:
            return True
    return False
