"""Safe YAML loading that remembers where every value stood.

``load(text, path)`` returns ``(data, marks)``: plain Python values built with
PyYAML's safe loader (no tags, no code), and a dict from a path tuple such as
``("rules", 3, "when", 0)`` to the 1-based ``(line, column)`` of that value
(``path + ("<key>",)`` gives the position of a mapping key).  Validation
errors use it to point at ``file:line:column``.
"""

from __future__ import annotations

import hashlib
import json

from .errors import FileFormatError

MAX_DEPTH = 60
MAX_NODES = 200_000  # values aliases may repeat: they can make a small file huge ("billion laughs")
PARSED_PREFIX = "yaml-"
PARSED_KEEP = 64        # parsed files kept in the cache folder (the newest): more than one command
                        # reads (a command that parsed a case file must not push out a word list)
# a mapping with keys that are not text (``1: first``), kept in JSON as {PAIRS: [[key, value], ...]}
PAIRS = "\u0000pairs"


def __getattr__(name: str):
    # yaml is imported when a file is parsed, not when this module is: a start whose data
    # files are all in the cache (:func:`safe_load`) imports no YAML at all
    if name == "yaml":
        import yaml

        return yaml
    if name == "_FastLoader":
        # libyaml's parser when PyYAML has it: same safe tags, same marks, ten times faster
        import yaml

        return getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    raise AttributeError(name)
# the tags of plain data; any other (!!binary, !!set, !!python/..., !custom) is refused, never
# dropped or built
_PLAIN = "tag:yaml.org,2002:"
PLAIN_TAGS = frozenset(_PLAIN + t for t in ("str", "int", "float", "bool", "null", "seq", "map",
                                            "timestamp"))


def safe_load(text: str, where=None):
    """Plain data from YAML text (safe tags only), for the project's own data files; a syntax
    error is a :class:`FileFormatError` at ``where``:line:column, never a parser's traceback.

    The data is kept as JSON in the cache folder, named by the sha256 of the text: a file whose
    JSON has the same data (no dates; a mapping with keys that are not text is kept as pairs) is
    read from there next time, without YAML and without running any code.  Only a cache: any
    mismatch parses the text."""
    key = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
    path = _parsed_path(key)
    if path is not None:
        try:
            found = _read_parsed(path, key)
            if found is not None:
                return found[0]
        except (OSError, ValueError, TypeError):
            pass
    import yaml

    try:
        data = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except yaml.YAMLError as exc:
        raise _syntax_error(exc, text, str(where) if where else None) from None
    if path is not None:
        _keep_parsed(path, key, data)
    return data


def _parsed_path(key: str):
    try:
        from .paths import cache_dir

        return cache_dir() / f"{PARSED_PREFIX}{key[:32]}.json"
    except Exception:  # noqa: BLE001 - no cache folder: parse each time
        return None


def _keep_parsed(path, key: str, data) -> None:
    try:
        paired = [False]
        body = json.dumps(_plain(data, paired), ensure_ascii=False,
                          separators=(",", ":")).encode("utf-8")
        if _decode(body, paired[0]) != data:
            return      # not plain JSON data (a date, a float key NaN): not kept
    except (TypeError, ValueError, RecursionError):
        return
    try:
        from .atomic import atomic_write_bytes

        path.parent.mkdir(parents=True, exist_ok=True)
        tail = " pairs" if paired[0] else ""
        atomic_write_bytes(path, f"{key} {hashlib.sha256(body).hexdigest()}{tail}\n".encode()
                           + body)
        olds = sorted(path.parent.glob(f"{PARSED_PREFIX}*.json"), key=lambda p: p.stat().st_mtime)
        for old in olds[:-PARSED_KEEP]:
            old.unlink(missing_ok=True)
    except Exception:  # noqa: BLE001 - a cache we cannot write is only slower
        pass


def _read_parsed(path, key: str):
    """``(data,)`` from a parsed file kept by :func:`_keep_parsed` for this key, or None (another
    text's, damaged, edited)."""
    head, _sep, body = path.read_bytes().partition(b"\n")
    words = head.decode().split(" ")
    if words[:2] != [key, hashlib.sha256(body).hexdigest()] or words[2:] not in ([], ["pairs"]):
        return None
    return (_decode(body, bool(words[2:])),)


def _plain(data, paired: list):
    """The data as JSON can say it: a mapping whose keys are not all text becomes
    ``{PAIRS: [[key, value], ...]}`` (``paired[0]`` is then set); a value JSON cannot say is
    left for ``json.dumps`` to refuse."""
    if isinstance(data, dict):
        if all(isinstance(k, str) for k in data):
            return {k: _plain(v, paired) for k, v in data.items()}
        paired[0] = True
        return {PAIRS: [[k, _plain(v, paired)] for k, v in data.items()]}
    if isinstance(data, list):
        return [_plain(v, paired) for v in data]
    return data


def _unpair(d: dict):
    if len(d) == 1 and PAIRS in d:
        return {k: v for k, v in d[PAIRS]}
    return d


def _decode(body: bytes, paired: bool):
    return json.loads(body, object_hook=_unpair) if paired else json.loads(body)


def _scalar(loader: yaml.SafeLoader, node: yaml.ScalarNode):
    return loader.construct_object(node, deep=True)


def load(text: str, path: str) -> tuple[object, dict[tuple, tuple[int, int]]]:
    """The data and the marks (see the module); a text loaded before comes from the cache folder
    as plain JSON (as :func:`safe_load` keeps it), errors are never kept."""
    key = hashlib.sha256(b"marks\0" + text.encode("utf-8", "surrogatepass")).hexdigest()
    cached = _parsed_path(key)
    if cached is not None:
        try:
            found = _read_parsed(cached, key)
            if found is not None:
                data, marks = found[0]
                return data, {tuple(p): tuple(m) for p, m in marks}
        except (OSError, ValueError, TypeError):
            pass
    data, marks = _load(text, path)
    if cached is not None:
        _keep_parsed(cached, key, [data, [[list(p), list(m)] for p, m in marks.items()]])
    return data, marks


def _syntax_error(exc, text: str, path: str | None) -> FileFormatError:
    """A YAML syntax error as a :class:`FileFormatError` at its file:line:column; an unclosed
    bracket or quote points where it was opened, not at the end."""
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    problem = getattr(exc, "problem", None) or str(exc)
    context = getattr(exc, "context_mark", None)
    at_end = mark is not None and getattr(mark, "index", 0) >= len(text.rstrip())
    if context is not None and ("<stream end>" in str(problem) or at_end):
        problem = f"{getattr(exc, 'context', '')} never closed ({problem})".strip()
        mark = context
    return FileFormatError(f"YAML syntax: {problem}", path=path,
                           line=mark.line + 1 if mark else None,
                           column=mark.column + 1 if mark else None)


def _load(text: str, path: str) -> tuple[object, dict[tuple, tuple[int, int]]]:
    import yaml

    _FastLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        node = yaml.compose(text, Loader=_FastLoader)
    except yaml.YAMLError as exc:
        raise _syntax_error(exc, text, path) from None
    except RecursionError:
        raise FileFormatError("YAML nested too deeply", path=path) from None
    marks: dict[tuple, tuple[int, int]] = {}
    if node is None:
        return None, marks
    loader = yaml.SafeLoader("")

    built: set[int] = set()
    repeats = [0]

    def build(n, p: tuple, depth: int):
        # a node built a second time is an alias: only those count against the limit (a big
        # file of plain values is read whatever its size)
        if id(n) in built:
            repeats[0] += 1
            if repeats[0] > MAX_NODES:
                raise FileFormatError(f"aliases repeat more than {MAX_NODES} values (an alias "
                                      "of an alias of ...?)", path=path,
                                      line=n.start_mark.line + 1, column=n.start_mark.column + 1)
        else:
            built.add(id(n))
        if n.tag not in PLAIN_TAGS:
            tag = n.tag.replace(_PLAIN, "!!")
            raise FileFormatError(f"the YAML tag {tag} is not allowed: the file is plain data "
                                  "(text, numbers, yes/no, lists and mappings)", path=path,
                                  line=n.start_mark.line + 1, column=n.start_mark.column + 1)
        if depth > MAX_DEPTH:
            raise FileFormatError(f"nested more than {MAX_DEPTH} levels deep", path=path,
                                  line=n.start_mark.line + 1, column=n.start_mark.column + 1)
        marks[p] = (n.start_mark.line + 1, n.start_mark.column + 1)
        if isinstance(n, yaml.MappingNode):
            out = {}
            for k, v in n.value:
                if not isinstance(k, yaml.ScalarNode):
                    raise FileFormatError("mapping keys must be plain values", path=path,
                                          line=k.start_mark.line + 1,
                                          column=k.start_mark.column + 1)
                if k.tag == "tag:yaml.org,2002:merge":
                    raise FileFormatError("YAML merge keys (<<) are not supported", path=path,
                                          line=k.start_mark.line + 1,
                                          column=k.start_mark.column + 1)
                key = _scalar(loader, k)
                if not isinstance(key, (str, int)):
                    key = str(key)
                if key in out:
                    raise FileFormatError(f"duplicate key {key!r}", path=path,
                                          line=k.start_mark.line + 1,
                                          column=k.start_mark.column + 1)
                marks[p + (key, "<key>")] = (k.start_mark.line + 1, k.start_mark.column + 1)
                out[key] = build(v, p + (key,), depth + 1)
            return out
        if isinstance(n, yaml.SequenceNode):
            return [build(v, p + (i,), depth + 1) for i, v in enumerate(n.value)]
        try:
            return _scalar(loader, n)
        except yaml.YAMLError as exc:
            raise FileFormatError(f"bad value: {exc}", path=path,
                                  line=n.start_mark.line + 1,
                                  column=n.start_mark.column + 1) from None

    try:
        return build(node, (), 0), marks
    except RecursionError:
        raise FileFormatError("YAML nested too deeply", path=path) from None


def mark_of(marks: dict, p: tuple) -> tuple[int | None, int | None]:
    """The position of path p, or of its nearest ancestor that has one."""
    while p:
        if p in marks:
            return marks[p]
        p = p[:-1]
    return marks.get((), (None, None))
