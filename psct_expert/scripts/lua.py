"""A small Lua tokenizer and the few statement shapes card scripts are written in.

YGOPro/EDOPro card scripts (``cNNNNNNNN.lua``) build their effects in
``s.initial_effect(c)`` with a handful of statement shapes::

    local e1=Effect.CreateEffect(c)
    e1:SetType(EFFECT_TYPE_SINGLE+EFFECT_TYPE_TRIGGER_O)
    e1:SetProperty(EFFECT_FLAG_DELAY)
    e1:SetCountLimit(1,id)
    e1:SetCost(s.cost)
    c:RegisterEffect(e1)
    local e2=e1:Clone()
    aux.AddEquipProcedure(c)

This module tokenizes the whole file (comments, long strings and brackets
handled, every token with its line) and reads those shapes only; it does not
evaluate Lua.  What it reads is :class:`Script`: the registered effects (each a
snapshot of its setters at the time ``RegisterEffect`` was called, with the
line of each setter), the procedure helpers called, and every function's body
(so a cost function can be looked into).  A file it cannot tokenize is a
:class:`LuaError` naming the line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..errors import PsctError


class LuaError(PsctError):
    """A script that cannot be tokenized (names the file and line)."""


_TOKEN = re.compile(r"""
    (?P<ws>[ \t\r\f\v]+|\n)
  | (?P<comment>--\[(?P<ceq>=*)\[.*?\](?P=ceq)\]|--[^\n]*)
  | (?P<string>\[(?P<seq>=*)\[.*?\](?P=seq)\]
      |"(?:\\.|\\\n|[^"\\\n])*"
      |'(?:\\.|\\\n|[^'\\\n])*')
  | (?P<number>0[xX][0-9a-fA-F]+|\d+\.?\d*(?:[eE][+-]?\d+)?|\.\d+)
  | (?P<name>[A-Za-z_][A-Za-z0-9_]*)
  | (?P<op>\.\.\.|\.\.|==|~=|<=|>=|<<|>>|//|::|[-+*/%^\#&~|<>=(){}\[\];:,.])
""", re.S | re.X)

KEYWORDS = frozenset("""and break do else elseif end false for function goto if in local nil not
or repeat return then true until while""".split())
_OPENERS = frozenset(("function", "if", "do", "repeat"))
_CLOSERS = frozenset(("end", "until"))


@dataclass(frozen=True)
class Tok:
    kind: str      # name, keyword, string, number, op
    value: str
    line: int


def tokenize(text: str, path: str = "<script>") -> list[Tok]:
    """Every token but whitespace and comments, with its 1-based line."""
    out: list[Tok] = []
    pos, line, n = 0, 1, len(text)
    match = _TOKEN.match
    while pos < n:
        m = match(text, pos)
        if m is None:
            raise LuaError(f"{path}:{line}: cannot read {text[pos:pos + 20]!r} as Lua")
        kind = m.lastgroup
        value = m.group()
        if kind == "name" and value in KEYWORDS:
            kind = "keyword"
        if kind not in ("ws", "comment"):
            out.append(Tok(kind, value, line))
        line += value.count("\n")
        pos = m.end()
    return out


@dataclass
class Setter:
    """One ``eN:SetXxx(args)`` call: the names in its arguments, its text, its line."""
    method: str
    names: tuple[str, ...]
    text: str
    line: int
    toks: tuple = ()          # the argument tokens (an inline function's body, for one)


@dataclass
class Effect:
    """A registered effect: the setters in force when ``RegisterEffect`` was called."""
    var: str
    line: int                                  # where it was created (or cloned)
    registered_line: int = 0
    setters: dict[str, Setter] = field(default_factory=dict)

    def names(self, method: str) -> tuple[str, ...]:
        s = self.setters.get(method)
        return s.names if s else ()

    def line_of(self, method: str) -> int:
        s = self.setters.get(method)
        return s.line if s else self.line

    def copy(self, var: str, line: int) -> "Effect":
        return Effect(var, line, 0, dict(self.setters))


@dataclass
class Call:
    """A call of a helper outside ``Effect`` (``aux.AddEquipProcedure``, ``Fusion.AddContactProc``)."""
    name: str
    line: int


@dataclass
class Function:
    name: str
    params: tuple[str, ...]
    body: list[Tok]
    line: int


@dataclass
class Script:
    path: str
    header: list[str]                     # the comment lines at the top (names)
    effects: list[Effect]
    calls: list[Call]
    functions: dict[str, Function]
    aliases: dict[str, list[Tok]]         # s.name = <expression tokens>
    tokens: list[Tok]
    outside: list[Tok] = field(default_factory=list)   # tokens outside initial_effect

    @property
    def name(self) -> str | None:
        """The English name from the comment lines at the top (the last one that is ASCII)."""
        for h in reversed(self.header):
            if h and all(ord(ch) < 0x3000 for ch in h):
                return h
        return None


def _match_close(toks: list[Tok], i: int, open_: str = "(", close: str = ")") -> int:
    """Index of the bracket closing the one at ``toks[i]``."""
    depth = 0
    for j in range(i, len(toks)):
        v = toks[j].value
        if toks[j].kind == "op":
            if v == open_:
                depth += 1
            elif v == close:
                depth -= 1
                if depth == 0:
                    return j
    return len(toks) - 1


def _block_end(toks: list[Tok], i: int) -> int:
    """Index of the ``end`` closing the block opened at ``toks[i]`` (a keyword)."""
    depth = 0
    for j in range(i, len(toks)):
        t = toks[j]
        if t.kind == "keyword":
            if t.value in _OPENERS:
                depth += 1
            elif t.value in _CLOSERS:
                depth -= 1
                if depth == 0:
                    return j
    return len(toks) - 1


def _functions(toks: list[Tok]) -> dict[str, Function]:
    out: dict[str, Function] = {}
    for i, t in enumerate(toks):
        if t.kind != "keyword" or t.value != "function":
            continue
        j = i + 1
        parts = []
        while j < len(toks) and (toks[j].kind == "name" or toks[j].value in (".", ":")):
            parts.append(toks[j].value)
            j += 1
        if not parts or j >= len(toks) or toks[j].value != "(":
            continue
        close = _match_close(toks, j)
        params = tuple(x.value for x in toks[j + 1:close] if x.kind == "name")
        end = _block_end(toks, i)
        name = "".join(parts)
        out.setdefault(name, Function(name, params, toks[close + 1:end], t.line))
    return out


def _aliases(toks: list[Tok]) -> dict[str, list[Tok]]:
    """``s.name=<expression>`` at the top level (``s.cost=Cost.SelfBanish``)."""
    out: dict[str, list[Tok]] = {}
    depth = 0
    i = 0
    while i < len(toks):
        t = toks[i]
        if t.kind == "keyword" and t.value in _OPENERS:
            depth += 1
        elif t.kind == "keyword" and t.value in _CLOSERS:
            depth -= 1
        elif (depth == 0 and t.kind == "name" and i + 3 < len(toks) and toks[i + 1].value == "."
              and toks[i + 2].kind == "name" and toks[i + 3].value == "="):
            j = i + 4
            expr = []
            while j < len(toks) and not (toks[j].line != toks[i + 4].line and not expr[-1:]
                                         or toks[j].kind == "keyword" and toks[j].value in (
                                             "function", "local")):
                if toks[j].line != toks[i + 4].line:
                    break
                expr.append(toks[j])
                j += 1
            out[f"{t.value}.{toks[i + 2].value}"] = expr
            i = j
            continue
        i += 1
    return out


def _header(text: str) -> list[str]:
    out = []
    for ln in text.splitlines():
        s = ln.strip()
        if not s.startswith("--"):
            if s:
                break
            continue
        out.append(s.lstrip("-").strip())
    return out


_SET = re.compile(r"Set[A-Z]\w*")


def _body_statements(fn: Function, script_funcs: dict[str, Function],
                     makers: dict[str, str]) -> tuple[list[Effect], list[Call]]:
    """Read the effect statements of ``initial_effect`` (nested functions skipped).

    ``makers``: helpers that return a new effect (``Ritual.CreateProc``), with the
    effect type they give it."""
    toks = fn.body
    card = fn.params[0] if fn.params else "c"
    live: dict[str, Effect] = {}
    registered: list[Effect] = []
    calls: list[Call] = []
    i = 0
    n = len(toks)
    while i < n:
        t = toks[i]
        if t.kind == "keyword" and t.value == "function":   # an anonymous function: skip it
            i = _block_end(toks, i) + 1
            continue
        # [local] X = Effect.CreateEffect(...) | [local] X = Y:Clone()
        if t.kind == "name" and i + 2 < n and toks[i + 1].value == "=":
            r = toks[i + 2:i + 6]
            vals = [x.value for x in r]
            if vals[:3] == ["Effect", ".", "CreateEffect"]:
                live[t.value] = Effect(t.value, t.line)
                i += 3
                continue
            if len(vals) >= 4 and vals[1] == "." and vals[3] == "(" \
                    and f"{vals[0]}.{vals[2]}" in makers:
                helper = f"{vals[0]}.{vals[2]}"
                eff = live[t.value] = Effect(t.value, t.line)
                eff.setters["SetType"] = Setter("SetType", (makers[helper],),
                                                f"{makers[helper]} (by {helper})", t.line)
                i += 3
                continue
            if len(vals) >= 3 and vals[1:3] == [":", "Clone"] and vals[0] in live:
                live[t.value] = live[vals[0]].copy(t.value, t.line)
                i += 3
                continue
        # X:SetXxx(args)
        if (t.kind == "name" and t.value in live and i + 3 < n and toks[i + 1].value == ":"
                and _SET.fullmatch(toks[i + 2].value) and toks[i + 3].value == "("):
            close = _match_close(toks, i + 3)
            args = toks[i + 4:close]
            live[t.value].setters[toks[i + 2].value] = Setter(
                toks[i + 2].value, tuple(a.value for a in args if a.kind in ("name", "number")),
                "".join(a.value for a in args), t.line, tuple(args))
            i = close + 1
            continue
        # c:RegisterEffect(X) / c:RegisterEffect(X:Clone())
        if (t.kind == "name" and t.value == card and i + 4 < n and toks[i + 1].value == ":"
                and toks[i + 2].value == "RegisterEffect" and toks[i + 3].value == "("):
            close = _match_close(toks, i + 3)
            var = toks[i + 4].value
            if var in live:
                snap = live[var].copy(var, live[var].line)
                snap.registered_line = t.line
                registered.append(snap)
            i = close + 1
            continue
        # Helper.Name( / aux.Name( / c:EnableReviveLimit(
        if (t.kind == "name" and i + 3 < n and toks[i + 1].value in (".", ":")
                and toks[i + 2].kind == "name" and toks[i + 3].value == "("
                and (i == 0 or toks[i - 1].value not in (".", ":"))):
            calls.append(Call(f"{t.value}{toks[i + 1].value}{toks[i + 2].value}", t.line))
            # a helper of the script itself, called with the card: read its effects too
            name = f"{t.value}.{toks[i + 2].value}"
            helper = script_funcs.get(name)
            if (helper is not None and helper is not fn and t.value == "s"
                    and name != "s.initial_effect" and toks[i + 4].value == card):
                effs, more = _body_statements(helper, {}, makers)
                registered.extend(effs)
                calls.extend(more)
        i += 1
    return registered, calls


def read_script(text: str, path: str = "<script>", makers: dict[str, str] | None = None) -> Script:
    toks = tokenize(text, path)
    funcs = _functions(toks)
    init = funcs.get("s.initial_effect") or next(
        (f for k, f in funcs.items() if k.endswith(".initial_effect")), None)
    effects, calls = _body_statements(init, funcs, makers or {}) if init else ([], [])
    inside = {id(t) for t in init.body} if init else set()
    return Script(path, _header(text), effects, calls, funcs, _aliases(toks), toks,
                  [t for t in toks if id(t) not in inside])
