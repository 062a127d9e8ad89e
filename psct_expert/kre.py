"""``re``, with the compiled program of each pattern kept on disk (:mod:`.recache`).

A module a question goes through compiles a few dozen fixed patterns (at import, or from the
vocabulary's words, or around a question's card slots ``C1``, ``C2``); compiling is Python
code, ~0.1 ms a pattern, several milliseconds of a one-question process.  ``from .. import kre
as re`` gives such a module the ``re`` it knew (every name of ``re``), whose ``compile``,
``search``, ``match``, ``fullmatch``, ``sub``, ``subn``, ``split``, ``findall`` and ``finditer``
take the pattern's program from the cache folder when it is kept there, and remember the
compiled pattern for the process, as ``re`` does.  The pattern is the one ``re.compile`` makes
(same pattern, flags and program: :func:`psct_expert.recache.compile`), so every match is the
same.  A pattern made of a question's own words (a card's name) is not for this module: the
file keeps at most :data:`psct_expert.recache.LIMIT` patterns, and those would crowd out the
fixed ones; such a pattern is compiled by ``re`` itself.
"""

from __future__ import annotations

import re as _re
from re import *  # noqa: F401,F403 - the flags, escape, Pattern, Match, error ...
from re import DEBUG, Pattern

_SEEN: dict = {}
_MAX_SEEN = 1024


def compile(pattern, flags=0):  # noqa: A001 - the name of re's own
    """``re.compile(pattern, flags)``; the program read from the cache folder when kept there."""
    if isinstance(pattern, Pattern):
        return _re.compile(pattern, flags)          # (re's own answer, or its error)
    flags = int(flags)
    key = (type(pattern), pattern, flags)
    got = _SEEN.get(key)
    if got is not None:
        return got
    if not isinstance(pattern, str) or flags & DEBUG:
        got = _re.compile(pattern, flags)
    else:
        from .recache import compile as compile_kept

        got = compile_kept(pattern, flags)
    if len(_SEEN) >= _MAX_SEEN:
        _SEEN.clear()
    _SEEN[key] = got
    return got


def match(pattern, string, flags=0):
    return compile(pattern, flags).match(string)


def fullmatch(pattern, string, flags=0):
    return compile(pattern, flags).fullmatch(string)


def search(pattern, string, flags=0):
    return compile(pattern, flags).search(string)


def sub(pattern, repl, string, count=0, flags=0):
    return compile(pattern, flags).sub(repl, string, count)


def subn(pattern, repl, string, count=0, flags=0):
    return compile(pattern, flags).subn(repl, string, count)


def split(pattern, string, maxsplit=0, flags=0):
    return compile(pattern, flags).split(string, maxsplit)


def findall(pattern, string, flags=0):
    return compile(pattern, flags).findall(string)


def finditer(pattern, string, flags=0):
    return compile(pattern, flags).finditer(string)
