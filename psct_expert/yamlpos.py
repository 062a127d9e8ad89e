"""Safe YAML loading that remembers where every value stood.

``load(text, path)`` returns ``(data, marks)``: plain Python values built with
PyYAML's safe loader (no tags, no code), and a dict from a path tuple such as
``("rules", 3, "when", 0)`` to the 1-based ``(line, column)`` of that value
(``path + ("<key>",)`` gives the position of a mapping key).  Validation
errors use it to point at ``file:line:column``.
"""

from __future__ import annotations

import yaml

from .errors import FileFormatError

MAX_DEPTH = 60
MAX_NODES = 200_000  # values aliases may repeat: they can make a small file huge ("billion laughs")
# the tags of plain data; any other (!!binary, !!set, !!python/..., !custom) is refused, never
# dropped or built
_PLAIN = "tag:yaml.org,2002:"
PLAIN_TAGS = frozenset(_PLAIN + t for t in ("str", "int", "float", "bool", "null", "seq", "map",
                                            "timestamp"))
# libyaml's parser when PyYAML has it: same safe tags, same marks, ten times faster
_FastLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def safe_load(text: str):
    """Plain data from YAML text (safe tags only), for the project's own data files."""
    return yaml.load(text, Loader=_FastLoader)


def _scalar(loader: yaml.SafeLoader, node: yaml.ScalarNode):
    return loader.construct_object(node, deep=True)


def load(text: str, path: str) -> tuple[object, dict[tuple, tuple[int, int]]]:
    try:
        node = yaml.compose(text, Loader=_FastLoader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        problem = getattr(exc, "problem", None) or str(exc)
        context = getattr(exc, "context_mark", None)
        at_end = mark is not None and getattr(mark, "index", 0) >= len(text.rstrip())
        if context is not None and ("<stream end>" in str(problem) or at_end):
            # an unclosed bracket or quote: point where it was opened, not at the end
            problem = f"{getattr(exc, 'context', '')} never closed ({problem})".strip()
            mark = context
        raise FileFormatError(f"YAML syntax: {problem}", path=path,
                              line=mark.line + 1 if mark else None,
                              column=mark.column + 1 if mark else None) from None
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
