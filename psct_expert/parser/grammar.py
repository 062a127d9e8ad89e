"""The question grammar: the shared rules (``question.lark``) plus each family's rules.

A family's rules live in its declaration in ``knowledge/questions.yaml`` (key
``grammar``), beside its answer fact, doc and forms, so a family is declared in
one place.  The grammar's terminals are single words matched without regard
to case; :mod:`.tokens` turns a sentence into those words.
"""

from __future__ import annotations

import copy
import hashlib
import importlib
import io
import pickle
import re
import sys
import threading
import types
from functools import lru_cache
from pathlib import Path

from lark import Lark, Token, Tree
from lark.exceptions import GrammarError, LarkError, UnexpectedEOF, UnexpectedInput, UnexpectedToken
from lark.grammar import NonTerminal, RuleOptions
from lark.lexer import Lexer, PatternStr
from lark.load_grammar import load_grammar
from lark.parse_tree_builder import ParseTreeBuilder
from lark.parsers.earley_forest import ForestToParseTree, SymbolNode, TokenNode

from ..gamewords import lark_rules
from ..errors import FileFormatError, PsctError
from ..paths import cache_dir

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
        text = _family_grammar(fam)
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


def _family_grammar(fam):
    return getattr(fam, "grammar", None) or (fam.get("grammar") if isinstance(fam, dict) else None)


class _WordLexer(Lexer):
    """Words are already split by the tokenizer: the lexer only hands them on."""

    def __init__(self, conf):
        pass

    def lex(self, data):
        yield from data


def factored(text: str):
    """The grammar of ``text`` with every optional part, ``*`` and inner group as a rule of its own.

    Lark turns ``a b? (c | d) e*`` into every combination of its parts (one rule of the
    shared grammar has 900 alternatives), and Earley's prediction step pays for each of
    them.  Here each such part becomes an inlined helper rule (``_pq_...``), so the grammar
    stays as large as its text.  The language is the same, but an ambiguous sentence may
    get another tree, so this grammar only *recognises* (see :class:`Grammar`)."""
    grammar, _ = load_grammar(text, "<question grammar>", [], True)
    new: list = []

    def helper(kind: str, alts: list):
        name = f"_pq_{kind}_{len(new)}"
        new.append((name, (), Tree("expansions", alts), RuleOptions(keep_all_tokens=True)))
        return Tree("value", [NonTerminal(name)])

    def alts_of(node):
        if node.data == "expansions":
            return [walk(ch) for ch in node.children]
        return [Tree("expansion", [walk(node)])]

    def walk(node):
        if not isinstance(node, Tree):
            return node
        if node.data == "expr" and len(node.children) == 2 and isinstance(node.children[1], Token):
            inner, op = node.children
            if op.value == "?":
                return helper("opt", alts_of(inner) + [Tree("expansion", [])])
            if op.value == "*":
                plus = Tree("expr", [walk(inner), Token("OP", "+")])
                return helper("star", [Tree("expansion", [plus]), Tree("expansion", [])])
        if node.data == "expansions":      # a group inside an expansion
            return helper("alt", [walk(ch) for ch in node.children])
        return Tree(node.data, [walk(ch) for ch in node.children])

    defs = []
    for name, params, tree, opts in grammar.rule_defs:
        if name.startswith("_pq_"):
            raise FileFormatError(f"the question grammar may not name a rule {name!r} (_pq_ is reserved)")
        if not params and tree.data == "expansions":
            tree = Tree("expansions", [walk(ch) if ch.data in ("expansion", "alias")
                                       else Tree("expansion", [walk(ch)]) for ch in _alternatives(tree)])
        defs.append((name, params, tree, opts))
    grammar.rule_defs = defs + new
    return grammar


def _alternatives(tree):
    """A rule's alternatives (``%extend`` nests the added ones in an ``expansions`` of their own)."""
    for ch in tree.children:
        if isinstance(ch, Tree) and ch.data == "expansions":
            yield from _alternatives(ch)
        else:
            yield ch


class Grammar:
    """The compiled question grammar.

    A question is parsed in parts: each sentence before the last (what happened) against
    ``lead``, the last against one family at a time (``q_<family>``), trying first the
    families whose rules can place every word of it, in order of priority.  Each part is a
    small Earley parse; the whole grammar at once would be an order of magnitude slower.

    Each part is first *recognised* with the factored grammar (:func:`factored`: the same
    language, 20x faster), and only a part it accepts is parsed with the grammar as written,
    whose tree (how an ambiguous sentence is read) is the one the rest of the program knows.
    So a family that does not fit costs a fast recognition, and a refusal costs no slow
    parse at all; a part with two readings is parsed on the written grammar's rules that
    its words can use (:meth:`written_parse`).  A process that reads the grammar from the cache loads the written
    grammar only when a sentence needs it (:attr:`lark`).

    Three short cuts keep a family that cannot fit from costing an Earley parse, each
    giving the outcome the full search gives: a family whose checks (:class:`_Check`: words
    every sentence of it has, its first words, which word may follow which) the sentence
    fails is skipped; a sentence is recognised on the rules its words can use (``only_words``);
    and a refusal, which names the word where the first family tried stops with the whole
    grammar, is parsed with the whole grammar once, remembering where sentences that
    begin alike stop (:meth:`_known`)."""

    def __init__(self, text: str):
        self.text = text
        self.starts = starts = ["start", "lead"] + [m.group(1) for m in
                                                    re.finditer(r"^(q_\w+):", text, re.M)]
        try:
            self._written = _written_parser(text, starts)
        except (GrammarError, LarkError) as exc:
            raise FileFormatError(f"the question grammar is malformed: {exc}") from None
        self.words: dict[str, str] = {}     # checked before the factored copy is compiled
        for t in self.lark.terminals:
            if isinstance(t.pattern, PatternStr):
                word = t.pattern.value.lower()
                if word in self.words or " " in word or (word.isalpha() and "i" not in t.pattern.flags):
                    raise FileFormatError(f"the question grammar writes the word {word!r} in two ways: "
                                          'write every word once, alone and as "word"i')
                self.words[word] = t.name
        try:
            self.fast = Lark(factored(text), parser="earley", lexer=_WordLexer, keep_all_tokens=True,
                             ambiguity="forest", propagate_positions=False, start=starts)
        except (GrammarError, LarkError) as exc:
            raise FileFormatError(f"the question grammar is malformed: {exc}") from None
        # the factored grammar builds trees the way the written one does (lark makes no tree
        # builder for a parser that returns forests)
        self._build = ParseTreeBuilder(self.fast.rules, Tree, False, False,
                                       self.lark.options.maybe_placeholders).create_callback(None)
        fast_names = {t.pattern: t.name for t in self.fast.terminals}
        self._retype = {t.name: fast_names.get(t.pattern, t.name) for t in self.lark.terminals}
        self.families = self._families(starts[2:])
        self._fresh()
        self._prio = self._priorities()
        self._checks = _family_checks(self.lark.rules, [start for start, _t, _o in self.families])

    @property
    def lark(self) -> Lark:
        """The grammar as written (compiled, or read from the cache, when first needed)."""
        if self._written is None:
            path, key = _cache_file(self.text, "-written")
            written = _read_cached(path, key, Lark)
            if written is None:
                written = _written_parser(self.text, self.starts)
                _write_cached(path, key, written)
            self._written = written
        return self._written

    def __getattr__(self, name):
        # a grammar made by :func:`_compiled` from its shape file has its words and the trees of
        # the sentence shapes kept on disk; the rest is read from the cache (or compiled) when a
        # sentence of a new shape, or a caller, first needs it
        loader = self.__dict__.get("_loader")
        if loader is None or name.startswith("__"):
            raise AttributeError(name)
        with _LOADING:
            if self.__dict__.get("_loader") is not None:
                full = loader()
                kept = {k: self.__dict__[k] for k in self._KEPT_IN_PROCESS + ("_disk",)
                        if k in self.__dict__}
                self.__dict__.update(full.__dict__)
                self.__dict__.update(kept)
                self.__dict__.pop("_loader", None)
        return object.__getattribute__(self, name)

    def __getstate__(self):
        state = dict(self.__dict__)
        state.pop("_disk", None)
        state.pop("_loader", None)
        for name in self._KEPT_IN_PROCESS:
            state.pop(name, None)
        state["_written"] = None    # kept in a file of its own, read when needed
        return state

    # what one process learns (trees of sentences seen, where sentences stop, parsers for sets
    # of words): not kept across processes
    _KEPT_IN_PROCESS = ("_shapes", "_subparsers", "_dead", "_dead_count", "_narrow",
                        "_ahead_memo", "_rule_first", "_written_info")

    def __setstate__(self, state):
        self.__dict__.update(state)
        self._fresh()

    def _fresh(self) -> None:
        self._shapes: dict[tuple, object] = {}
        self._subparsers: dict[tuple, object] = {}
        self._dead: dict[str, dict] = {}
        self._dead_count = 0
        self._narrow: dict[frozenset, dict] = {}     # predictions for sets of words
        self._ahead_memo: dict = {}                  # predictions by next word
        self._rule_first: dict = {}
        self._written_info: list | None = None

    def terminal(self, word: str) -> str | None:
        if word in ("XNAME", "XDESC"):   # the grammar has places for words it does not know
            return word
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
            disk = self.__dict__.get("_disk")
            tree = disk.get(key) if disk is not None else None
            if tree is None:
                refused = disk.refusal(key, tokens) if disk is not None else None
                if refused is not None:     # a shape kept as refused: where it stops
                    raise refused
                try:
                    tree = self._parse(tokens)
                except UnexpectedInput as exc:
                    if disk is not None:
                        disk.add_refusal(key, tokens, exc)
                    raise
                if disk is not None:
                    disk.add(key, tree)
            if len(self._shapes) >= MAX_SHAPES:
                self._shapes.pop(next(iter(self._shapes)))
            self._shapes[key] = tree
        return _with_leaves(tree, iter(tokens))

    def recognise(self, tokens: list[Token], start: str, only_words: bool = False):
        """The tree of ``tokens`` as ``start`` when the sentence has only one, else None.

        Raises lark's UnexpectedInput, naming the word of ``tokens`` where no rule fits.
        The factored grammar's derivations map onto the written grammar's, so a sentence
        with one derivation here has one there, and the same tree.

        With ``only_words``, Earley predicts only the rules whose words the sentence has
        (:meth:`_earley`): a derivation of the whole sentence uses no other rule, so the
        forest, and the tree or None, are the same, at a fraction of the cost.  But a sentence
        that does not fit may stop at an earlier word than with every rule, so the error is not
        the one to show (the callers ask the whole grammar for that)."""
        retyped = [Token(self._retype.get(t.type, t.type), t.value, start_pos=i)
                   for i, t in enumerate(tokens)]
        try:
            forest = self._earley(retyped, start, only_words)
        except UnexpectedToken as exc:
            at = exc.token.start_pos if isinstance(exc.token, Token) else None
            if isinstance(at, int) and 0 <= at < len(tokens):
                exc.token = tokens[at]      # the caller's own word, as the full parser names it
            raise
        if not _one_reading(forest):
            return None
        return ForestToParseTree(Tree, self._build, None, True, False) \
            .transform(forest)

    def _earley(self, tokens: list[Token], start: str, only_words: bool):
        """The factored grammar's Earley parse (a forest), predicting only the rules that can
        begin with the word about to be read (:class:`_Ahead`: the same items get past each
        word, so the same forest or the same word where it stops), and with ``only_words``
        only rules whose words the sentence has (:meth:`recognise`)."""
        full = self.fast.parser.parser
        words = local = None
        if only_words:
            words = frozenset(t.type for t in tokens)
            local = self._narrow.get(words)
            if local is None:
                if len(self._narrow) >= MAX_NARROWED:
                    self._narrow.pop(next(iter(self._narrow), None), None)
                local = self._narrow[words] = {}
        parser = copy.copy(full)        # a view of its own: the next word is this parse's
        view = parser.predictions = _Ahead(full, self._ahead_memo, self._rule_first, words, local)
        view.ahead = tokens[0].type if tokens else None
        return parser.parse(_Feed(tokens, view), start)

    def _full(self, tokens: list[Token], start: str):
        types = tuple(t.type for t in tokens)
        stop = self._stopped(tokens, types, start)
        if stop is not None:
            raise stop
        try:
            tree = self.recognise(tokens, start, only_words=True)
        except UnexpectedInput:     # the whole grammar says where it stops
            tree = self._known(tokens, types, start)
        return tree if tree is not None else self.written_parse(tokens, start)

    def written_parse(self, tokens: list[Token], start: str):
        """The tree of the grammar as written for a sentence with two readings.

        Earley's cost is the alternatives it predicts, and lark expands the written grammar
        into thousands.  An alternative that needs a word the sentence does not have (or a rule
        left with no alternative) takes part in no derivation of it, so the parse runs on the
        written grammar's own rules less those: the same derivations, each rule with its own
        priority and place among its alternatives (by which lark chooses a reading), so the
        same tree, at a fraction of the cost."""
        words = frozenset(t.type for t in tokens)
        parser = self._subparsers.get((words, start))
        if parser is None:
            if self._written_info is None:
                self._written_info = _rule_info(self.lark)
            parser = _subparser(self.lark, words, start, self._written_info)
            if len(self._subparsers) >= MAX_SHAPES:
                self._subparsers.pop(next(iter(self._subparsers)))
            self._subparsers[(words, start)] = parser
        # (not told the next word, as :meth:`_earley` is: lark takes a reading by the order in
        # which Earley meets its parts when two tie, and predicting fewer rules could change it)
        frontend = self.lark.parser
        return parser.parse(frontend._make_lexer_thread(tokens), start)

    def _parse(self, tokens: list[Token]):
        cut = [i for i, t in enumerate(tokens) if t.type == self.words.get(".")]
        leads, pos = [], 0
        for i in cut:
            leads.append(self._full(tokens[pos:i + 1], "lead"))
            pos = i + 1
        rest = tokens[pos:]
        have = {t.type for t in rest}
        # families whose own words the question uses are tried first (within a priority)
        order = sorted(((i, len(have & own)) for i, (_s, terms, own) in enumerate(self.families)
                        if have <= terms), key=lambda x: (self._prio[x[0]], -x[1], x[0]))
        if not order:
            # no family has every word: let the whole grammar say where it stops
            return self._full(tokens, "start")
        types = tuple(t.type for t in rest)
        for i, _score in order:
            start = self.families[i][0]
            if not self._checks[i].admits(types) or self._stopped(rest, types, start) is not None:
                continue    # no sentence of the family is like this one, or it stops
            try:
                q = self.recognise(rest, start, only_words=True)
            except UnexpectedInput:
                continue
            return self._question(leads, rest, q, start)
        # every family failed: the refusal says where the sentence stops with the whole grammar,
        # for the family (of the first few tried) that reads furthest into it
        best = None
        for i, _score in order[:FAMILIES_FOR_ERROR]:
            start = self.families[i][0]
            try:
                q = self._known(rest, types, start)
            except UnexpectedInput as exc:
                at = len(rest) if isinstance(exc, UnexpectedEOF) else next(
                    (k for k, t in enumerate(rest) if t is getattr(exc, "token", None)), -1)
                if best is None or at > best[0]:
                    best = (at, exc)
                continue
            return self._question(leads, rest, q, start)    # only if a check were wrong
        raise self._furthest(rest, best[1]) from None

    def _question(self, leads, rest, q, start):
        if q is None:   # ambiguous: the written grammar says which reading
            q = self.written_parse(rest, start)
        fam = q.children[0]
        return Tree("start", leads + [Tree("question", [Tree("fam_body", [fam]), q.children[1]])])

    def _stopped(self, rest: list[Token], types: tuple, start: str):
        """The error of a sentence that begins like one seen to stop with the whole grammar (the
        same kinds of words up to the word where Earley stopped), else None: whether Earley gets
        past a word depends only on the words before it.  Kept per start rule, bounded."""
        node = self._dead.get(start)
        if node is None:
            return None
        for k, t in enumerate(types):
            node = node.get(t)
            if node is None:
                return None
            if None in node:
                exc = UnexpectedToken(rest[k], node[None])
                exc.pos_in_stream = k
                return exc
        return UnexpectedEOF(node[0]) if 0 in node else None

    def _known(self, rest: list[Token], types: tuple, start: str):
        """:meth:`recognise` with the whole grammar, remembering where a sentence stops."""
        stop = self._stopped(rest, types, start)
        if stop is not None:
            raise stop
        try:
            return self.recognise(rest, start)
        except UnexpectedToken as exc:
            at = next((k for k, t in enumerate(rest) if t is exc.token), None)
            if at is not None:
                self._remember(start, types[:at + 1], None, exc.expected)
            raise
        except UnexpectedEOF as exc:
            self._remember(start, types, 0, exc.expected)
            raise

    def _remember(self, start: str, types: tuple, mark, expected) -> None:
        if self._dead_count >= MAX_DEAD:
            self._dead.clear()
            self._dead_count = 0
        node = self._dead.setdefault(start, {})
        for t in types:
            node = node.setdefault(t, {})
        node[mark] = expected
        self._dead_count += 1

    def _furthest(self, rest, first_error):
        return first_error


MAX_SHAPES = 4096
FAMILIES_FOR_ERROR = 4  # families asked where a refused sentence stops (the furthest is named)
MAX_DEAD = 50_000       # sentence beginnings remembered as stopping (:meth:`Grammar._known`)
MAX_NARROWED = 256      # predictions kept for sets of words (:meth:`Grammar._earley`)


class _Ahead:
    """The predictions of ``parser`` (lark's Earley) for one parse, less the rules that cannot
    begin with ``ahead``, the next word (None at the end: only rules that can be empty), and,
    given ``words``, less the rules that need a word not in it.

    A rule predicted at a word that cannot begin it (the word is not in the FIRST set of its
    symbols, and they cannot all be empty) never gets past that word: its item neither
    scans, nor completes, nor leads to another prediction that could, so leaving it out
    changes no item that Earley advances, and so neither the forest nor the word where a
    sentence stops.  Only the expected words of an error (not shown) may be fewer.  The lists
    by next word are kept for the parser (``memo``), those for a set of words in ``local``;
    ``firsts`` keeps :func:`_first_of` of each rule."""

    __slots__ = ("parser", "memo", "firsts", "ahead", "words", "local")

    def __init__(self, parser, memo: dict, firsts: dict, words: frozenset | None = None,
                 local: dict | None = None):
        self.parser, self.memo, self.firsts, self.ahead = parser, memo, firsts, None
        self.words, self.local = words, local

    def __getitem__(self, origin):
        key = (origin, self.ahead)
        local = self.local
        if local is not None:
            got = local.get(key)
            if got is not None:
                return got
        got = self.memo.get(key)
        if got is None:
            ahead, first = self.ahead, self._first
            got = self.memo[key] = [rule for rule in self.parser.predictions[origin]
                                    if first(rule)[1] or ahead in first(rule)[0]]
        if local is not None:
            words, first = self.words, self._first
            got = local[key] = [rule for rule in got if first(rule)[2] <= words]
        return got

    def _first(self, rule) -> tuple:
        got = self.firsts.get(id(rule))     # the rules live as long as the parser: ids stay
        if got is None:
            got = self.firsts[id(rule)] = _first_of(rule, self.parser)
        return got


class _Feed:
    """The words of one parse, handed to Earley one by one; the view of its predictions is told
    each word just before Earley predicts at it (lark's loop takes the word, then predicts)."""

    __slots__ = ("tokens", "view")

    def __init__(self, tokens: list, view: _Ahead):
        self.tokens, self.view = tokens, view

    def lex(self, expects):
        view = self.view
        for tok in self.tokens:
            view.ahead = tok.type
            yield tok
        view.ahead = None


def _first_of(rule, parser) -> tuple:
    """(the names of the words ``rule`` can begin with, whether it can be empty, the names of
    its own words), from the FIRST and NULLABLE sets of ``parser`` (lark's Earley)."""
    first, nullable = parser.FIRST, parser.NULLABLE
    names: set = set()
    empty = True
    for sym in rule.expansion:
        if sym.is_term:
            names.add(sym.name)
            empty = False
            break
        names.update(t.name for t in first.get(sym, ()))
        if sym not in nullable:
            empty = False
            break
    return (frozenset(names), empty, frozenset(sym.name for sym in rule.expansion if sym.is_term))


class _Check:
    """What every sentence of one family's start rule has, computed from the grammar once:
    each terminal's least number of occurrences (and the least length), the words it can
    start with, and the words that can follow each word (bit masks over ``bits``, the
    grammar's terminals).  A sentence without one of these cannot be parsed as the family,
    so Earley need not run (:meth:`Grammar._parse`)."""

    __slots__ = ("need", "least", "first", "follow", "bits")

    def __init__(self, need: dict, least: int, first: int, follow: dict, bits: dict):
        self.need, self.least, self.first, self.follow, self.bits = need, least, first, follow, bits

    def __getstate__(self):
        return (self.need, self.least, self.first, self.follow, self.bits)

    def __setstate__(self, state):
        self.need, self.least, self.first, self.follow, self.bits = state

    def admits(self, types: tuple) -> bool:
        if not types:
            return self.least == 0
        bits, follow = self.bits, self.follow
        if len(types) < self.least or not self.first & bits.get(types[0], 0):
            return False
        for t, n in self.need.items():
            if types.count(t) < n:
                return False
        after = follow.get(types[0], 0)
        for b in types[1:]:
            if not after & bits.get(b, 0):
                return False
            after = follow.get(b, 0)
        return True


def _fixpoint(exps: dict, start, value_of) -> dict:
    """``{rule: value}`` from ``start``, each pass setting ``out[n] = value_of(n, alts, out)``
    for every rule in turn (in place, so a pass sees the values set before it), until a pass
    changes nothing."""
    out = dict.fromkeys(exps, start)
    changed = True
    while changed:
        changed = False
        for n, alts in exps.items():
            value = value_of(n, alts, out)
            if value != out[n]:
                out[n] = value
                changed = True
    return out


def _family_checks(rules, starts: list[str]) -> list[_Check]:
    """A :class:`_Check` of each start rule of ``rules`` (lark's compiled rules).

    Each is a sound over-approximation: the least counts are a fixpoint of
    ``need(N) = min over N's alternatives of the sum of need(symbol)`` (a terminal needs
    itself once); the first words the usual FIRST closure over empty rules; a word ``b`` may
    follow ``a`` when two neighbouring parts of an alternative of a rule the start reaches
    meet there (``a`` last in one, ``b`` first in the next, only empty parts between)."""
    exps: dict[str, list[tuple]] = {}
    names: dict[str, int] = {}
    for r in rules:
        exps.setdefault(r.origin.name, []).append(
            tuple((sym.name, bool(sym.is_term)) for sym in r.expansion))
        for sym in r.expansion:
            if sym.is_term:
                names.setdefault(sym.name, len(names))
    bit = {t: 1 << k for t, k in names.items()}
    # the rules in an order that puts a rule after those it names (where none is recursive), so
    # each fixpoint below settles in a pass or two; the fixpoints do not depend on the order
    children = {n: {s for e in alts for s, term in e if not term} for n, alts in exps.items()}
    order: list = []
    placed: set = set()
    for root in exps:
        if root in placed:
            continue
        stack = [(root, iter(children[root]))]
        placed.add(root)
        while stack:
            n, kids = stack[-1]
            for kid in kids:
                if kid not in placed and kid in exps:
                    placed.add(kid)
                    stack.append((kid, iter(children[kid])))
                    break
            else:
                stack.pop()
                order.append(n)
    exps = {n: exps[n] for n in order}
    nullable = {n for n, empty in _fixpoint(exps, False, lambda n, alts, out: out[n] or any(
        all(not term and out.get(s, False) for s, term in e) for e in alts)).items() if empty}

    def ends(reverse: bool) -> dict:     # FIRST (or LAST) of each rule, as a bit mask
        def widen(n, alts, out):
            mask = out[n]
            for e in alts:
                for s, term in (reversed(e) if reverse else e):
                    if term:
                        mask |= bit[s]
                        break
                    mask |= out.get(s, 0)
                    if s not in nullable:
                        break
            return mask
        return _fixpoint(exps, 0, widen)

    first, last = ends(False), ends(True)

    # least counts (None: no finite derivation found yet); the key None counts every word
    def least(n, alts, need):
        best = need[n]
        for e in alts:
            total: dict = {}
            for s, term in e:
                sub = {s: 1, None: 1} if term else need.get(s)
                if sub is None:
                    break
                for k, v in sub.items():
                    total[k] = total.get(k, 0) + v
            else:
                if best is None:
                    best = total
                else:
                    best = {k: min(v, total[k]) for k, v in best.items() if k in total}
        return best
    need = _fixpoint(exps, None, least)
    # where two parts of an alternative meet: the left part (a symbol) and the FIRST of the right
    local: dict[str, dict] = {}
    for n, alts in exps.items():
        meets = local[n] = {}
        for e in alts:
            for i, (s, term) in enumerate(e[:-1]):
                right = 0
                for t, term2 in e[i + 1:]:
                    right |= bit[t] if term2 else first.get(t, 0)
                    if term2 or t not in nullable:
                        break
                if right:
                    meets[s] = meets.get(s, 0) | right
    by_bit = {v: t for t, v in bit.items()}

    def terms_of(mask: int):
        while mask:
            low = mask & -mask
            yield by_bit[low]
            mask ^= low

    def add_follow(names, follow: dict) -> dict:
        meets: dict = {}
        for n in names:
            for s, right in local.get(n, {}).items():
                meets[s] = meets.get(s, 0) | right
        for s, right in meets.items():
            for a in ((s,) if s in bit and s not in exps else terms_of(last.get(s, 0))):
                follow[a] = follow.get(a, 0) | right
        return follow

    reaches = []
    for start in starts:
        reach, todo = set(), [start]
        while todo:
            n = todo.pop()
            if n not in reach:
                reach.add(n)
                todo.extend(children.get(n, ()))
        reaches.append(reach)
    # most of the grammar is reached from every start: its pairs are worked out once
    core = set.intersection(*reaches) if reaches else set()
    shared = add_follow(core, {})
    out = []
    for start, reach in zip(starts, reaches):
        follow = add_follow(reach - core, dict(shared))
        got = need.get(start) or {}
        out.append(_Check({k: v for k, v in got.items() if k is not None}, got.get(None, 0),
                          first.get(start, 0), follow, bit))
    return out


def _subparser(lark: Lark, words: frozenset, start: str, info: list | None = None):
    """An Earley parser of ``lark``'s compiled rules that can derive a sentence of these words
    from ``start`` (see :meth:`Grammar.written_parse`); the rules are lark's own objects, in
    lark's order, so priorities and the order of alternatives are those of the whole grammar.
    ``info`` is :func:`_rule_info` of ``lark`` (made here when not given)."""
    from lark.common import ParserConf
    from lark.parsers.earley import Parser as EarleyParser
    from lark.parser_frontends import _match_earley_basic

    frontend = lark.parser
    if info is None:
        info = _rule_info(lark)
    rules = [(r, inner) for r, need, inner in info if need <= words]
    # rules that derive some string of these words: a rule is productive once every
    # nonterminal it names is (a worklist, each rule visited once per nonterminal it names)
    productive: set = set()
    waiting: dict = {}
    left = []
    ready = []
    for k, (r, inner) in enumerate(rules):
        left.append(len(inner))
        for sym in inner:
            waiting.setdefault(sym, []).append(k)
        if not inner:
            ready.append(r.origin)
    while ready:
        origin = ready.pop()
        if origin in productive:
            continue
        productive.add(origin)
        for k in waiting.get(origin, ()):
            left[k] -= 1
            if not left[k]:
                ready.append(rules[k][0].origin)
    rules = [r for r, inner in rules if all(sym in productive for sym in inner)]
    by_origin: dict = {}
    for r in rules:
        by_origin.setdefault(r.origin, []).append(r)
    reach, todo = set(), [NonTerminal(start)]
    while todo:
        name = todo.pop()
        if name in reach:
            continue
        reach.add(name)
        todo.extend(sym for r in by_origin.get(name, []) for sym in r.expansion if not sym.is_term)
    rules = [r for r in rules if r.origin in reach]
    conf = ParserConf(rules, frontend.parser_conf.callbacks, [start])
    return EarleyParser(frontend.lexer_conf, conf, _match_earley_basic, resolve_ambiguity=True,
                        debug=lark.options.debug, tree_class=lark.options.tree_class or Tree,
                        ordered_sets=lark.options.ordered_sets)


def _rule_info(lark: Lark) -> list:
    """(rule, the names of its words, the distinct nonterminals it names) for each compiled rule
    of ``lark``, in lark's order."""
    return [(r, frozenset(sym.name for sym in r.expansion if sym.is_term),
             tuple(dict.fromkeys(sym for sym in r.expansion if not sym.is_term)))
            for r in lark.parser.parser_conf.rules]


class _TwoReadings(Exception):
    pass


_BUSY = object()


def _one_reading(root) -> bool:
    """Whether every derivation in a shared packed parse forest gives the same tree.

    A derivation's tree is its rules that show in the tree (names not starting with ``_``;
    the factored grammar's helpers and lark's own ``*``/``+`` rules are spliced into their
    parent, as lark's tree builder does) over the positions of its words.  Two derivations
    that differ only inside the helpers (``a? a?`` reading one ``a``) give one tree."""
    shapes: dict[int, object] = {}
    ids: dict[tuple, int] = {}

    def shape(node) -> tuple:
        if isinstance(node, TokenNode):
            return (-1 - node.token.start_pos,)
        if not isinstance(node, SymbolNode):
            raise _TwoReadings
        seen = shapes.get(id(node))
        if seen is _BUSY:           # a cycle: let the written grammar decide
            raise _TwoReadings
        if seen is not None:
            return seen
        shapes[id(node)] = _BUSY
        found = None
        for packed in node.children:
            seq: tuple = ()
            for ch in (packed.left, packed.right):
                if ch is not None:
                    seq += shape(ch)
            name = packed.rule.alias or packed.rule.origin.name
            if not node.is_intermediate and not str(packed.rule.origin.name).startswith("_"):
                seq = (ids.setdefault((str(name), seq), len(ids)),)
            if found is None:
                found = seq
            elif seq != found:
                raise _TwoReadings
        shapes[id(node)] = found
        return found

    try:
        shape(root)
    except (_TwoReadings, RecursionError):
        return False
    return True


def _with_leaves(tree, words):
    """A copy of ``tree`` whose leaves, in order, are ``words``."""
    kids = [_with_leaves(ch, words) if isinstance(ch, Tree) else next(words)
            for ch in tree.children]
    return Tree(tree.data, kids)


# -- the compiled grammar, kept in the user's cache folder ---------------------------------
#
# Compiling the grammar takes most of a cold start; lark caches only LALR grammars, so the
# compiled :class:`Grammar` is pickled into ``cache_dir()``.  The file is named by a hash of
# the assembled grammar text, lark's version and Python's, starts with a line naming that
# hash and a digest of the rest, and is written atomically; any mismatch or damage means it
# is compiled again (and the file rewritten).  Only a cache is at stake: deleting it is safe.

CACHE_MAGIC = "psct-expert-question-grammar-4"


def _written_parser(text: str, starts: list[str]) -> Lark:
    return _WrittenLark(text, parser="earley", lexer=_WordLexer, keep_all_tokens=True,
                        ambiguity="resolve", propagate_positions=False, start=starts)


class _WrittenLark(Lark):
    """The grammar as written, whose Earley parser of all its rules is built only when a whole
    parse asks for it: the program parses on a part of its rules (:meth:`Grammar.written_parse`)
    and needs the whole one only for its rules, terminals and tree builders, so a first start
    does not analyse thousands of alternatives it will not use."""

    def _build_parser(self):
        from lark.common import ParserConf
        from lark.parser_frontends import ParsingFrontend

        self._prepare_callbacks()
        conf = ParserConf(self.rules, self._callbacks, self.options.start)
        conf.parser_type = self.options.parser          # as lark's own frontend sets them
        self.lexer_conf.lexer_type = self.options.lexer
        return ParsingFrontend(self.lexer_conf, conf, self.options,
                               parser=_LazyEarley(self.lexer_conf, conf, self.options))


class _LazyEarley:
    """lark's Earley parser of a grammar, built at its first parse."""

    def __init__(self, lexer_conf, parser_conf, options):
        self.lexer_conf, self.parser_conf, self.options = lexer_conf, parser_conf, options
        self._parser = None

    def parse(self, *args, **kwargs):
        if self._parser is None:
            from lark.parser_frontends import create_earley_parser

            self._parser = create_earley_parser(self.lexer_conf, self.parser_conf, self.options)
        return self._parser.parse(*args, **kwargs)

    def __getstate__(self):
        return {**self.__dict__, "_parser": None}


def _parsers(obj) -> list[Lark]:
    return [obj] if isinstance(obj, Lark) else [obj.fast]


def _after_load(obj) -> None:
    """Give unpickled parsers their lexers back (see :func:`_compiled`)."""
    from lark.parser_frontends import _wrap_lexer

    for parser in _parsers(obj):
        parser.parser.lexer = _wrap_lexer(_WordLexer)(parser.parser.lexer_conf)


class _Pickler(pickle.Pickler):
    def __init__(self, fh, obj):
        super().__init__(fh, protocol=pickle.HIGHEST_PROTOCOL)
        self._left_out = {id(p.parser.lexer) for p in _parsers(obj)} | \
            {id(p.grammar) for p in _parsers(obj)}

    def persistent_id(self, obj):
        if isinstance(obj, types.ModuleType):       # lark keeps the ``re`` module it uses
            return ("module", obj.__name__)
        if id(obj) in self._left_out:   # the lexers (made again on load: a class local to lark)
            return ("lexer", "")        # and the grammars' syntax trees (used only to compile)
        return None


# What a grammar cache file may name (the classes and the two functions a compiled grammar is
# made of), and nothing else: a file written by someone else can build these objects but
# cannot call anything outside them (the knowledge cache is read the same way).  lark's
# ``Lark`` would read a file of its own (its ``cache`` option) if called, so a cache file gets
# the two parser classes below instead, which are made but never called.
_ALLOWED = {("functools", "partial"), ("lark.common", "LexerConf"), ("lark.common", "ParserConf"),
            ("lark.grammar", "NonTerminal"), ("lark.grammar", "Rule"),
            ("lark.grammar", "RuleOptions"), ("lark.grammar", "Terminal"), ("lark.lark", "Lark"),
            ("lark.lark", "LarkOptions"), ("lark.lexer", "PatternStr"), ("lark.lexer", "PatternRE"),
            ("lark.lexer", "TerminalDef"), ("lark.lexer", "Token"),
            ("lark.parse_tree_builder", "ChildFilterLALR_NoPlaceholders"),
            ("lark.parse_tree_builder", "ChildFilterLALR"), ("lark.parse_tree_builder", "ChildFilter"),
            ("lark.parse_tree_builder", "ParseTreeBuilder"),
            ("lark.parser_frontends", "ParsingFrontend"),
            ("lark.parser_frontends", "_match_earley_basic"), ("lark.parsers.earley", "Parser"),
            ("lark.parsers.earley_forest", "ForestSumVisitor"),
            ("lark.parsers.earley_forest", "StableSymbolNode"), ("lark.tree", "Tree"),
            ("lark.utils", "OrderedSet")} | \
    {("psct_expert.parser.grammar", n) for n in ("Grammar", "_Check", "_LazyEarley", "_WordLexer",
                                                  "_WrittenLark", "_LoadedLark", "_LoadedWrittenLark")}


def _refuse_call(self, *args, **kwargs):
    raise pickle.UnpicklingError("a parser in a cache file is rebuilt, never called")


class _LoadedLark(Lark):
    """A ``Lark`` read from a cache file: made from its saved state, never by calling it."""

    __init__ = _refuse_call


class _LoadedWrittenLark(_WrittenLark):
    __init__ = _refuse_call


_NOT_CALLED = {Lark: _LoadedLark, _WrittenLark: _LoadedWrittenLark}


class _Unpickler(pickle.Unpickler):
    def find_class(self, module, name):
        if (module, name) not in _ALLOWED:
            raise pickle.UnpicklingError(f"unexpected class {module}.{name}")
        found = super().find_class(module, name)
        return _NOT_CALLED.get(found, found)

    def persistent_load(self, pid):
        if pid[0] == "module" and pid[1] in ("re", "regex"):
            return importlib.import_module(pid[1])
        if pid[0] == "lexer":
            return None
        raise pickle.UnpicklingError(f"unexpected reference {pid!r}")


def _cache_file(text: str, part: str = "") -> tuple[Path, str]:
    import lark

    def digest(*parts: str) -> str:
        return hashlib.sha256("\0".join(parts).encode("utf-8", "surrogatepass")).hexdigest()

    key = digest(CACHE_MAGIC, lark.__version__, sys.version, text)
    return cache_dir() / f"question-grammar-{key[:32]}{part}.pickle", digest(key, part)


def _read_cached(path: Path, key: str, kind: type = None):
    try:
        data = path.read_bytes()
    except OSError:
        return None
    head, sep, payload = data.partition(b"\n")
    if sep != b"\n" or head != f"{CACHE_MAGIC} {key} {hashlib.sha256(payload).hexdigest()}".encode():
        return None
    try:
        obj = _Unpickler(io.BytesIO(payload)).load()
        if not isinstance(obj, kind or Grammar):
            return None
        _after_load(obj)
    except Exception:  # noqa: BLE001 - a damaged cache of any kind is compiled again
        return None
    return obj


def _write_cached(path: Path, key: str, obj) -> None:
    from ..atomic import atomic_write_bytes

    try:
        buf = io.BytesIO()
        _Pickler(buf, obj).dump(obj)
        payload = buf.getvalue()
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_bytes(path, f"{CACHE_MAGIC} {key} {hashlib.sha256(payload).hexdigest()}\n"
                           .encode() + payload)
        mine = path.name[:len("question-grammar-") + 32]
        for old in path.parent.glob("question-grammar-*.pickle"):   # other grammars' files
            if not old.name.startswith(mine):
                old.unlink(missing_ok=True)
    except (OSError, pickle.PicklingError, PsctError, TypeError, AttributeError):
        pass    # a cache we cannot write is only slower


def _load_or_compile(text: str) -> Grammar:
    from ..gcpause import paused_gc

    path, key = _cache_file(text)
    with paused_gc():
        grammar = _read_cached(path, key)
    if grammar is None:
        grammar = Grammar(text)
        _write_cached(path, key, grammar)
        _write_cached(*_cache_file(text, "-written"), grammar.lark)
    return grammar


_LOADING = threading.RLock()


@lru_cache(maxsize=8)
def _compiled(text: str) -> Grammar:
    """The grammar of ``text``.  When its shape file (:mod:`.shapes`) is there, the grammar starts
    with the words and the sentence shapes that file keeps, and reads the compiled rest
    (:func:`_load_or_compile`) only when first needed; else it is read or compiled now and the
    shape file started."""
    from .shapes import ShapeStore

    path, key = _cache_file(text)
    store = ShapeStore.open(path, key)
    if store is not None and store.words is not None:
        grammar = object.__new__(Grammar)
        grammar.__dict__.update(text=text, words=store.words, _disk=store,
                                _loader=lambda: _load_or_compile(text))
        grammar._fresh()
        return grammar
    grammar = _load_or_compile(text)
    if store is not None:
        store.start(grammar.words)
        grammar._disk = store
    return grammar


_ASSEMBLED: dict = {}


def grammar_for(families: dict) -> Grammar:
    """The grammar of these families.  The grammar is looked up by its families' rules, the
    shared file's size and time and the game words, so a question does not assemble the
    whole text again (which cost more than parsing a sentence of a shape seen before)."""
    from ..gamewords import gamewords

    try:
        st = SHARED.stat()
        shared = (st.st_mtime_ns, st.st_size)
    except OSError:
        shared = None
    words = gamewords()
    key = (shared, id(words), tuple((name, _family_grammar(fam)) for name, fam in families.items()))
    hit = _ASSEMBLED.get(key)
    if hit is None or hit[0] is not words:
        if len(_ASSEMBLED) >= 8:
            _ASSEMBLED.clear()
        hit = _ASSEMBLED[key] = (words, _compiled(assemble(families)))
    return hit[1]
