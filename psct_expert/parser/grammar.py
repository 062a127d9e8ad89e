"""The question grammar: the shared rules (``question.lark``) plus each family's rules.

A family's rules live in its declaration in ``knowledge/questions.yaml`` (key
``grammar``), beside its answer fact, doc and forms, so a family is declared in
one place.  The grammar's terminals are single words matched without regard
to case; :mod:`.tokens` turns a sentence into those words.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from lark import Lark, Token
from lark.exceptions import GrammarError, LarkError, UnexpectedInput
from lark.lexer import Lexer, PatternStr

from ..gamewords import lark_rules
from ..errors import FileFormatError

SHARED = Path(__file__).with_name("question.lark")


def family_rule(family: str) -> str:
    """The grammar rule that a family's wording starts with."""
    return "fam_" + family.replace("-", "_")


def assemble(families: dict) -> str:
    """The whole grammar text: the shared rules, the game words (shared with the
    reader, :mod:`psct_expert.gamewords`), every family's rules, and ``fam_body``."""
    parts = [SHARED.read_text(encoding="utf-8"), lark_rules()]
    names = []
    for name, fam in families.items():
        text = getattr(fam, "grammar", None) or (fam.get("grammar") if isinstance(fam, dict) else None)
        if not text:
            continue
        parts.append(f"// --- family {name}\n{text}")
        names.append(family_rule(name))
    if not names:
        raise FileFormatError("no question family declares a grammar")
    parts.append("fam_body: " + "\n    | ".join(names))
    # one start rule per family, so a question is parsed against one family at a time
    parts.append("\n".join(f"q_{n[4:]}: {n} \"?\"" for n in names))
    return "\n\n".join(parts) + "\n"


class _WordLexer(Lexer):
    """Words are already split by the tokenizer: the lexer only hands them on."""

    def __init__(self, conf):
        pass

    def lex(self, data):
        yield from data


class Grammar:
    """The compiled question grammar.

    A question is parsed in parts: each sentence before the last (what happened) against
    ``lead``, the last against one family at a time (``q_<family>``), trying first the
    families whose rules can place every word of it, in order of priority.  Each part is a
    small Earley parse; the whole grammar at once would be an order of magnitude slower."""

    def __init__(self, text: str):
        starts = ["start", "lead"] + [m.group(1) for m in re.finditer(r"^(q_\w+):", text, re.M)]
        try:
            self.lark = Lark(text, parser="earley", lexer=_WordLexer, keep_all_tokens=True,
                             ambiguity="resolve", propagate_positions=False, start=starts)
        except (GrammarError, LarkError) as exc:
            raise FileFormatError(f"the question grammar is malformed: {exc}") from None
        self.families = self._families(starts[2:])
        self._shapes: dict[tuple, object] = {}
        self._prio = self._priorities()
        self.words: dict[str, str] = {}
        for t in self.lark.terminals:
            if isinstance(t.pattern, PatternStr):
                word = t.pattern.value.lower()
                if word in self.words or " " in word or (word.isalpha() and "i" not in t.pattern.flags):
                    raise FileFormatError(f"the question grammar writes the word {word!r} in two ways: "
                                          'write every word once, alone and as "word"i')
                self.words[word] = t.name

    def terminal(self, word: str) -> str | None:
        if word == "XNAME":     # the grammar has a place for name words it does not know
            return "XNAME"
        return self.words.get(word.lower())

    def _families(self, starts: list[str]) -> list[tuple[str, frozenset]]:
        """Each family's start rule and the terminals its rules can reach, by priority."""
        by_origin: dict[str, list] = {}
        prio: dict[str, int] = {}
        for r in self.lark.rules:
            by_origin.setdefault(r.origin.name, []).append(r.expansion)
            if r.options and r.options.priority:
                prio[r.origin.name] = max(prio.get(r.origin.name, 0), r.options.priority)
        out = []
        for k, start in enumerate(starts):
            seen, terms, todo = set(), set(), [start]
            while todo:
                name = todo.pop()
                if name in seen:
                    continue
                seen.add(name)
                for exp in by_origin.get(name, []):
                    for sym in exp:
                        (terms.add(sym.name) if sym.is_term else todo.append(sym.name))
            own = set()
            for exp in by_origin.get("fam_" + start[2:], []):
                own |= {sym.name for sym in exp if sym.is_term}
            out.append((-prio.get("fam_" + start[2:], 0), k, start, frozenset(terms),
                        frozenset(own)))
        return [(start, terms, own) for _p, _k, start, terms, own in sorted(out)]

    def _priorities(self) -> list[int]:
        prio: dict[str, int] = {}
        for r in self.lark.rules:
            if r.options and r.options.priority:
                prio[r.origin.name] = max(prio.get(r.origin.name, 0), r.options.priority)
        return [-prio.get("fam_" + start[2:], 0) for start, _t, _o in self.families]

    def parse(self, tokens: list[Token]):
        """A tree of ``start`` for the words; raises lark's UnexpectedInput where none fits.

        The parser sees only the kinds of the words (a card, "the", "negate" ...), so a
        sentence of the same shape as one parsed before (other cards, other numbers) gets the
        same tree: it is kept (``_shapes``, bounded) and its leaves are this sentence's words."""
        key = tuple(t.type for t in tokens)
        tree = self._shapes.get(key)
        if tree is None:
            tree = self._parse(tokens)
            if len(self._shapes) >= MAX_SHAPES:
                self._shapes.pop(next(iter(self._shapes)))
            self._shapes[key] = tree
        return _with_leaves(tree, iter(tokens))

    def _parse(self, tokens: list[Token]):
        from lark import Tree

        cut = [i for i, t in enumerate(tokens) if t.type == self.words.get(".")]
        leads, pos = [], 0
        for i in cut:
            leads.append(self.lark.parse(tokens[pos:i + 1], start="lead"))
            pos = i + 1
        rest = tokens[pos:]
        have = {t.type for t in rest}
        first_error = None
        # families whose own words the question uses are tried first (within a priority)
        order = sorted(((i, len(have & own)) for i, (_s, terms, own) in enumerate(self.families)
                        if have <= terms), key=lambda x: (self._prio[x[0]], -x[1], x[0]))
        for i, _score in order:
            start = self.families[i][0]
            try:
                q = self.lark.parse(rest, start=start)
            except UnexpectedInput as exc:
                first_error = first_error or exc
                continue
            fam = q.children[0]
            return Tree("start", leads + [Tree("question", [Tree("fam_body", [fam]),
                                                           q.children[1]])])
        if first_error is None:
            # no family has every word: let the whole grammar say where it stops
            return self.lark.parse(tokens, start="start")
        raise self._furthest(rest, first_error)

    def _furthest(self, rest, first_error):
        return first_error


MAX_SHAPES = 4096


def _with_leaves(tree, words):
    """A copy of ``tree`` whose leaves, in order, are ``words``."""
    from lark import Tree

    kids = [_with_leaves(ch, words) if isinstance(ch, Tree) else next(words)
            for ch in tree.children]
    return Tree(tree.data, kids)


@lru_cache(maxsize=8)
def _compiled(text: str) -> Grammar:
    return Grammar(text)


def grammar_for(families: dict) -> Grammar:
    return _compiled(assemble(families))
