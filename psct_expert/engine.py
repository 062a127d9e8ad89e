"""The engine: compiles the knowledge base into experta and records provenance.

This is the only module that uses experta (through :mod:`._experta`).
:func:`compile_rules` is the one function that turns rules into an experta
``KnowledgeEngine``.  For each run the engine is reset, the facts are
declared, the rules fire forward, and a :class:`Record` keeps, for every fact,
every way it was obtained: a text span (or scenario line, or question), or a
rule firing with the facts it matched and the negated patterns it checked.
experta drops a fact that is already present; the record does not, so a fact
derived twice keeps both derivations.

Every run is bounded: each activation of a node of the RETE network costs one
step of a budget (:data:`MAX_MATCH_STEPS`, plus :data:`STEPS_PER_RULE` for each
rule compiled, since every rule does some matching of its own), and at most
:data:`MAX_FIRINGS` rules fire.  A run that exceeds either ends with a
:class:`~psct_expert.errors.RuleError` naming the rule (file and line) that
did the most matching or firing: a rule whose patterns share no variable
joins every fact with every other and would otherwise run without bound.
When no rule stands out (the steps are spread over thousands of rules), the
error says that instead.

experta builds the network, joins, keeps the conflict set and agenda and
fires; what it does per token without changing what matches (copying every
token at every edge, checking each token's types, logging when logging is
off) is taken out once the network is built (``_meter`` and the functions
after it).  ``tests/test_audit_speed.py`` runs the same facts through
experta's own untouched network and compares every derivation.
"""

from __future__ import annotations

import collections
import functools
import inspect
import itertools
import operator
from dataclasses import dataclass, field
from typing import Any, Iterable

from . import _experta as ex
from .errors import RuleError
from .facts import Fact, Source
from .knowledge import InSet, KnowledgeBase, NotIn, NotValue, Pattern, Rule, Sum, Var

DEFAULT_SALIENCE = -100  # closed-world defaults fire after the positive rules settle
MAX_MATCH_STEPS = 200_000  # matching work per run: node activations plus join comparisons
STEPS_PER_RULE = 100         # added to the budget for each rule compiled
TERMINAL_COST = 25           # a full match costs an agenda entry: about 25 comparisons' time
MAX_FIRINGS = 200_000        # rule firings per run

_OPS = {"<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge,
        "==": operator.eq, "!=": operator.ne}


@dataclass(frozen=True)
class Derivation:
    """One firing of one rule that concluded a fact."""

    rule: str
    premises: tuple            # fact keys the rule's patterns matched, in order
    absent: tuple              # negated patterns, as text with bindings filled in
    tests: tuple               # comparisons that held, as text
    bindings: tuple            # (variable, value) pairs


@dataclass
class Record:
    """Working memory after a run, with provenance."""

    facts: dict = field(default_factory=dict)          # key → Fact
    sources: dict = field(default_factory=dict)        # key → [Source]
    derivations: dict = field(default_factory=dict)    # key → [Derivation]
    firings: list = field(default_factory=list)        # (rule id, Derivation, [keys])
    steps: int = 0                                     # matching steps the run used (its work)
    # (key, Derivation) pairs already in ``derivations``: a fact many rules conclude is
    # checked in one step, not against every derivation before it
    seen: set = field(default_factory=set, repr=False, compare=False)

    def add_given(self, f: Fact) -> None:
        self.facts.setdefault(f.key, Fact(f.type, f.fields))
        if f.source is not None:
            lst = self.sources.setdefault(f.key, [])
            if f.source not in lst:
                lst.append(f.source)
        else:
            self.sources.setdefault(f.key, [])

    def of_type(self, type_: str) -> list[Fact]:
        return [f for k, f in self.facts.items() if k[0] == type_]

    def fired(self, rule_id: str) -> bool:
        return any(r == rule_id for r, _, _ in self.firings)


def _to_key(xf) -> tuple:
    d = {k: v for k, v in xf.items() if isinstance(k, str) and not k.startswith("__")}
    t = d.pop("type")
    return (t, tuple(sorted(d.items())))


def compare(op: str, a, b) -> bool:
    """A rule's ``test:`` comparison; numbers written as text compare as numbers."""
    try:
        return bool(_OPS[op](a, b))
    except TypeError:
        try:
            return bool(_OPS[op](float(a), float(b)))
        except (TypeError, ValueError):
            return False


def value_matches(want, have) -> bool:
    """Whether a fact's field value meets a pattern's literal, ``{in: [..]}`` or ``{not: v}``."""
    if isinstance(want, InSet):
        return have in want.values
    if isinstance(want, NotValue):
        return have != want.value
    if isinstance(want, NotIn):
        return have not in want.values
    return have == want


def test_holds(pattern: Pattern, bindings: dict) -> bool:
    """Whether a ``test:`` pattern holds with these variable bindings (unbound: it does not)."""
    left, op, right = pattern.test
    vals = []
    for side in (left, right):
        if isinstance(side, Sum):
            if any(v.name not in bindings for v in side.vars):
                return False
            a, b = (bindings[v.name] for v in side.vars)
            if not all(isinstance(x, int) and not isinstance(x, bool) for x in (a, b)):
                return False        # only counts are added
            vals.append(a + b)
        elif isinstance(side, Var):
            if side.name not in bindings:
                return False
            vals.append(bindings[side.name])
        else:
            vals.append(side)
    return compare(op, *vals)


def match_pattern(pattern: Pattern, fields: dict, bindings: dict) -> dict | None:
    """The bindings after matching one fact's fields against a pattern, or None.

    The compiled rules use the same tests (:func:`value_matches`, equal values
    for a variable bound twice), so an explanation built with this function
    agrees with what the engine matched.
    """
    out = dict(bindings)
    for k, v in pattern.fields.items():
        if k not in fields:
            return None
        have = fields[k]
        if isinstance(v, Var):
            if v.name in out:
                if out[v.name] != have:
                    return None
            else:
                out[v.name] = have
        elif not value_matches(v, have):
            return None
    return out


class _Test:
    """A comparison from a rule's ``test:``, callable by experta with named variables."""

    def __init__(self, pattern: Pattern):
        self.pattern = pattern
        names = []
        for side in pattern.test:
            for var in (side.vars if isinstance(side, Sum) else (side,)):
                if isinstance(var, Var) and "v_" + var.name not in names:
                    names.append("v_" + var.name)
        self.__signature__ = inspect.Signature(
            [inspect.Parameter(n, inspect.Parameter.POSITIONAL_OR_KEYWORD) for n in names])

    def __call__(self, **kw):
        return test_holds(self.pattern, {k[2:]: v for k, v in kw.items()})


def _constraint(v):
    if isinstance(v, Var):
        return getattr(ex.MATCH, "v_" + v.name)
    if isinstance(v, (InSet, NotValue, NotIn)):
        return ex.P(lambda x, want=v: value_matches(want, x))
    return ex.L(v)


_FACT_CLASSES: dict[str, type] = {}


def fact_class(type_: str) -> type:
    """One experta Fact class per fact type.  experta's alpha network tests a
    fact's class first (one cheap isinstance per class), so a fact only meets
    the tests of the patterns of its own type; with one class for all types
    every fact went through the most shared field tests of every pattern."""
    cls = _FACT_CLASSES.get(type_)
    if cls is None:
        # one class per type even when threads compile engines at once (a server's workers
        # warming up): ``setdefault`` keeps the first class made, and every thread gets that
        # one (two classes for one type left an engine testing for the one its facts are not of)
        cls = _FACT_CLASSES.setdefault(type_, type(f"Fact_{type_}", (ex.Fact,), {}))
        ex.PLAIN_FACTS.add(cls)
    return cls


_PLAIN = (str, int, float, bool, type(None))


def xfact(type_: str, fields, key: tuple | None = None) -> "ex.Fact":
    """The experta fact for one of our facts.

    Our field values are plain scalars, which experta's ``Fact.__init__``
    stores unchanged (``freeze`` returns a hashable value as it is) after one
    generic dispatch per field; for those the dict is filled directly, the
    same content.  Anything else takes experta's own constructor.  ``key``
    (our fact's key, when the caller has it) is kept on the experta fact
    (an attribute, not a field: experta never sees it), so a rule firing
    names its premises without rebuilding their keys."""
    cls = fact_class(type_)
    fields = dict(fields)
    if not all(type(v) in _PLAIN for v in fields.values()) \
            or any(k.startswith("__") for k in fields):
        return cls(type=type_, **fields)
    f = dict.__new__(cls)
    dict.update(f, fields)
    dict.__setitem__(f, "type", type_)
    f._Fact__defaults = {}
    f._psct_key = key
    return f


def _key_of(xf) -> tuple:
    key = getattr(xf, "_psct_key", None)
    return key if key is not None else _to_key(xf)


class _FactList(ex.FactList):
    """experta's fact list, declaring our own facts without its per-fact overheads.

    For a fact built by :func:`xfact` (plain values, no ``__`` keys) experta's
    ``declare`` validates against an empty field schema, builds the fact's id
    from its items after testing each key for being special, and logs; here
    the id is built from the items at once (the same frozenset) and the rest
    is experta's own bookkeeping.  Any other fact goes through experta."""

    def declare(self, fact):
        if "_psct_key" not in fact.__dict__:
            return super().declare(fact)
        fact_id = frozenset([fact.__class__, *fact.items()])
        if self.duplication or fact_id not in self.reference_counter:
            idx = self.last_index
            dict.__setitem__(fact, "__factid__", idx)
            # experta's Fact.__hash__ computes this on first use (after an
            # AttributeError) and keeps it as ``_hash``; the fact is fixed from here on
            fact._hash = hash(frozenset(fact.items()))
            self[idx] = fact
            self.last_index += 1
            self.added.append(fact)
            self.reference_counter[fact_id] += 1
            return fact
        return None


class _OverBudget(Exception):
    pass


class _Budget:
    """Matching steps left in this run, and which rule's part of the network used them."""

    def __init__(self):
        self.left = 0
        self.by_rule: collections.Counter = collections.Counter()

    def start(self, limit: int) -> None:
        self.left = limit
        self.by_rule.clear()

    def charge(self, cost: int, rule) -> None:
        """Spend ``cost`` steps (for ``rule``'s part of the network, when it has one); over the
        budget, the run ends."""
        self.left -= cost
        if self.left < 0:
            raise _OverBudget
        if rule is not None:
            self.by_rule[rule] += cost


def _meter(ke, budget: _Budget) -> None:
    """Count every activation of every node of ke's RETE network against ``budget``.

    experta keeps each edge as a (node, callback) pair; each callback is wrapped.
    A node that feeds one rule's terminal only (the join nodes) charges that rule.
    """
    below: dict[int, Any] = {}
    many = object()

    def rule_below(node):
        """The one rule whose conflict-set node the node leads to; None when it leads to
        none, ``many`` when to several."""
        key = id(node)
        if key not in below:
            below[key] = None
            if hasattr(node, "rule") and not node.children:   # a rule's conflict-set node
                below[key] = node.rule.__name__
            else:
                one = None
                for ch in node.children:
                    r = rule_below(ch.node)
                    if r is None:
                        continue
                    if r is many or (one is not None and r != one):
                        one = many
                        break
                    one = r
                below[key] = one
        return below[key]

    tests_of: dict[int, Any] = {}

    def alpha_test(node):
        # (each node's test worked out once: a run of n alpha nodes is walked from each of them)
        key = id(node)
        if key not in tests_of:
            tests_of[key] = _alpha_test(node)
        return tests_of[key]

    def metered(callback, node, rule):
        # a join node compares the token with every entry of its other memory: that is the work
        name = getattr(callback, "__name__", "")
        other = _OTHER_MEMORY.get(name)
        terminal = hasattr(node, "rule") and not node.children  # each match goes on the agenda
        target = _lean_target(callback, node, name)

        test = alpha_test(node) if target is not None and name == "activate" else None
        if test is not None:
            # a run of alpha nodes, each the only child of the one before, is one edge
            tests, end = [test], node
            while len(original[id(end)]) == 1:
                child, cb = original[id(end)][0]
                nxt = alpha_test(child) if _lean_target(cb, child, "activate") else None
                if nxt is None or getattr(cb, "__name__", "") != "activate":
                    break
                tests.append(nxt)
                end = child
            return _alpha_edge(tests, end.children, budget, rule)
        if target is not None and other is not None and type(node) is ex.OrdinaryMatch \
                and type(node.matcher) is ex.SameContextCheck:
            return _join_edge(node, name == "activate_left", budget, rule)
        if target is not None and terminal and type(node) is ex.ConflictSet:
            return _terminal_edge(node, budget, rule)
        copy = isinstance(node, ex.FeatureTester)   # the one kind of node that changes a token

        def call(token):
            cost = TERMINAL_COST if terminal else 1 + (len(getattr(node, other)) if other else 0)
            budget.charge(cost, rule)
            if target is None:
                return callback(token)
            if copy:   # experta's activation: copy the token, then the node's own _activate*
                token = tuple.__new__(type(token), (token.tag, set(token.data),
                                                    dict(token.context)))
            return target(token)
        return call

    original: dict[int, list] = {}   # each node's edges as experta built them
    stack = [ke.matcher.root_node]
    while stack:
        node = stack.pop()
        if id(node) not in original:
            original[id(node)] = list(node.children)
            stack.extend(ch.node for ch in node.children)

    stack, seen = [ke.matcher.root_node], set()
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        wrapped = []
        for ch in node.children:
            rule = rule_below(ch.node)
            # (ch._replace(callback=...), without namedtuple's generic _replace)
            wrapped.append(tuple.__new__(type(ch), (ch.node, metered(
                ch.callback, ch.node, None if rule is many else rule))))
            stack.append(ch.node)
        node.children[:] = wrapped


_MISSING = object()


def _alpha_test(node):
    """A cheaper call with the same result as an alpha node's check, or None.

    experta's checks look a field up through a generic path walker ("a__b"
    for nested fields, which our field names never use) and log every test
    to the ``experta.watchers`` loggers (never enabled by this package)."""
    if type(node) is not ex.FeatureTester:
        return None
    m = node.matcher
    if type(m) is ex.TypeCheck:
        cls = m.fact_type
        return lambda fact: type(fact) == cls
    if type(m) is ex.FactCapture:
        bind = m.bind
        return lambda fact: {bind: fact}
    if type(m) is ex.FeatureCheck and isinstance(m.what, str) and "__" not in m.what \
            and not m.what.isnumeric():
        what, check, expected = m.what, m.check, m.expected
        if type(expected) is ex.L and expected.__bind__ is None:
            value = expected.value

            def literal(fact):
                have = fact.get(what, _MISSING)
                return have is not _MISSING and value == have
            return literal

        def feature(fact):
            have = fact.get(what, _MISSING)
            return False if have is _MISSING else check(have, expected)
        return feature
    return None


def _alpha_edge(tests: list, kids: list, budget: "_Budget", rule):
    """The edge into a run of alpha nodes (FeatureTesterNodes, each the only
    child of the one before), doing what experta's ``activate`` and
    ``FeatureTesterNode._activate`` do at each of them: test the token's one
    fact; on a match, add what the test bound to the token's context and go
    on; after the last, pass the token to every child (``kids``).  Each node
    reached costs one step, as its own edge would.  experta copies every token
    at every edge; here a token is copied only when its context changes (no
    other node changes a token it receives), so tests without bindings pass
    the token on as it is."""
    token_cls = ex.Token

    def alpha(token):
        for fact in token.data:   # an alpha token holds one fact
            break
        ctx = token.context
        changed = False
        for test in tests:
            budget.charge(1, rule)
            match = test(fact)
            if not match:
                return
            if match is not True:
                for key, value in match.items():
                    if isinstance(key, tuple):  # a negated condition
                        if key[1] in ctx and ctx[key[1]] == value:
                            return
                    else:
                        if ctx.get(key, value) != value:
                            return
                        if (False, key) in ctx and ctx[(False, key)] == value:
                            return
                ctx = dict(ctx)
                ctx.update(match)
                changed = True
        if changed:
            token = tuple.__new__(token_cls, (token.tag, token.data, ctx))
        for ch in kids:
            ch.callback(token)
    return alpha


def _join_edge(node, is_left: bool, budget: "_Budget", rule):
    """One input of a join (an OrdinaryMatchNode with experta's same-context
    check), doing what experta's ``activate_left``/``activate_right`` and the
    node's activation do, without the token copies, the per-token type checks
    and the debug logging: keep the token in this side's memory (or take it
    out), and send every combination with a token of the other side whose
    bindings agree to the children.

    Both inputs of such a node are these edges, so its memories hold what
    they need: each token's facts and context as received (no node changes a
    token it received, see :func:`_alpha_edge`), where experta keeps a frozen
    copy and thaws the context again at every comparison."""
    kids = node.children
    token_cls, valid = ex.Token, ex.Token.TagType.VALID
    mine, theirs = ("left_memory", "right_memory") if is_left else ("right_memory", "left_memory")

    def join(token):
        other = getattr(node, theirs)
        cost = 1 + len(other)
        budget.charge(cost, rule)
        tag, data, ctx = token
        memory = getattr(node, mine)
        if tag is valid:
            memory.append((data, ctx))
        else:
            for i, (d, c) in enumerate(memory):
                if d == data and c == ctx:
                    del memory[i]
                    break
        if not other:
            return
        own = None
        for other_data, other_ctx in other:
            left, right = (ctx, other_ctx) if is_left else (other_ctx, ctx)
            for key, value in left.items():   # experta's SameContextCheck
                if key[0] is False:
                    raise RuntimeError('Negated value "%s" present before capture.' % key[1])
                if key in right and value != right[key]:
                    break
                if (False, key) in right and value == right[(False, key)]:
                    break
            else:
                if own is None:
                    own = {k: v for k, v in ctx.items() if isinstance(k, str)}
                newctx = dict(own)
                for k, v in other_ctx.items():
                    if not isinstance(k, tuple):   # negated values are not needed further
                        newctx[k] = v
                newtoken = tuple.__new__(token_cls, (tag, data | other_data, newctx))
                for ch in kids:
                    ch.callback(newtoken)
    return join


def _terminal_edge(node, budget: "_Budget", rule):
    """The edge into a rule's conflict-set node, doing what experta's
    ``activate`` and ``ConflictSetNode._activate`` do, without the token copy:
    a valid token that is new to the node's memory adds an activation of the
    rule (or takes back its removal), an invalid one removes it."""
    info_cls, valid, activation_cls = ex.TokenInfo, ex.Token.TagType.VALID, ex.Activation
    xrule = node.rule

    def terminal(token):
        budget.charge(TERMINAL_COST, rule)
        tag, data, ctx = token
        info = tuple.__new__(info_cls, (frozenset(data), frozenset(ctx.items())))
        activation = activation_cls(xrule, info.data,
                                    {k: v for k, v in info.context if isinstance(k, str)})
        if tag is valid:
            if info not in node.memory:
                node.memory.add(info)
                if activation in node.removed:
                    node.removed.remove(activation)
                else:
                    node.added.add(activation)
        else:
            node.memory.remove(info)   # (experta's guard catches ValueError, never raised here)
            if activation in node.added:
                node.added.remove(activation)
            else:
                node.removed.add(activation)
    return terminal


_OTHER_MEMORY = {"activate_left": "right_memory", "activate_right": "left_memory"}
_LEAN_BASE = {"activate": ex.OneInput, "activate_left": ex.TwoInput, "activate_right": ex.TwoInput}


def _lean_target(callback, node, name):
    """The node method an edge's callback ends in, when the edge can call it directly.

    experta's ``activate``/``activate_left``/``activate_right`` copy the token
    (``Token.copy``, which re-checks every fact's class and the context's ABC),
    send a debug message to the ``experta.watchers`` loggers (never enabled by
    this package), and call the node's ``_activate*`` with the copy.  The
    metered edge makes the same copy, without the checks, and the same call.
    None: not one of experta's plain activations, so the callback is called
    as it is."""
    base = _LEAN_BASE.get(name)
    if base is None or getattr(callback, "__self__", None) is not node \
            or getattr(type(node), name, None) is not getattr(base, name):
        return None
    return getattr(node, "_" + name)


def _route_by_class(ke) -> None:
    """Send each declared fact only to the alpha branches of its own class.

    experta's root node hands every fact to every first-level node, each of
    which copies the token and tests the fact's class; with one class per fact
    type (:func:`fact_class`) only one branch can pass, so the root looks the
    branches up by the fact's class instead (same branches, same order, so the
    same matches).  Branches whose first test is not a class test get every fact.
    """
    root = ke.matcher.root_node
    entries = [(ch.node.matcher.fact_type
                if isinstance(getattr(ch.node, "matcher", None), ex.TypeCheck) else None,
                ch.callback) for ch in root.children]
    routes: dict[type, list] = {}

    def callbacks(cls):
        got = routes.get(cls)
        if got is None:
            got = routes[cls] = [cb for t, cb in entries if t is None or t is cls]
        return got

    valid, token_cls = ex.Token.TagType.VALID, ex.Token

    def add(fact):
        token = tuple.__new__(token_cls, (valid, {fact}, {}))   # Token.valid(fact), unchecked
        for cb in callbacks(type(fact)):
            cb(token)

    def remove(fact):
        token = ex.Token.invalid(fact)
        for cb in callbacks(type(fact)):
            cb(token)

    root.add, root.remove = add, remove


def _flat_reset(ke) -> None:
    """Reset only the nodes that keep a memory, each once.

    experta resets its network by recursing from the root through every edge,
    so a node shared by several rules is reset once per path; resetting is
    idempotent, so wiping each memory node once is the same reset."""
    nodes, seen, stack = [], set(), [ke.matcher.root_node]
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if type(node)._reset is not ex.NoMemory._reset:
            nodes.append(node)
        stack.extend(ch.node for ch in reversed(node.children))

    def reset():
        for n in nodes:
            n._reset()

    ke.matcher.reset = reset


def _conflict_set_nodes(root) -> tuple:
    """experta's ``ReteMatcher._get_conflict_set_nodes``: the conflict-set nodes in the order a
    depth-first walk from the root first meets them.  experta walks every path (a node shared by
    several rules is walked again from each); walking each node once meets them in the same
    order, since a node walked again leads only to nodes met below it the first time."""
    out, seen, stack = [], set(), [root]
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, ex.ConflictSet):
            out.append(node)
        stack.extend(ch.node for ch in reversed(node.children))
    return tuple(out)


def _lean_engine(ke) -> None:
    """Take out experta's per-run overheads that do not change what matches or fires.

    * ``reset`` looked up the engine's DefFacts with ``inspect.getmembers`` on
      every run; the only one is the InitialFact, declared here directly.
    * the depth strategy cached every activation's agenda key in an unbounded
      ``lru_cache`` (a memory that grows with every run); the key is computed
      as experta computes it, without the cache.
    * the matcher looked up its conflict-set nodes through a one-entry cache,
      which misses whenever another engine ran in between; they are fixed
      once the network is built.
    """
    agenda_cls = type(ke.agenda)
    declare = ke._KnowledgeEngine__declare

    def reset():
        ke.agenda = agenda_cls()
        ke.facts = _FactList()
        ke.matcher.reset()
        declare(ex.InitialFact())
        ke.running = False

    def get_key(activation):
        return (activation.rule.salience,
                sorted((f["__factid__"] for f in activation.facts), reverse=True))

    csns = _conflict_set_nodes(ke.matcher.root_node)
    root = ke.matcher.root_node

    def changes(adding=None, deleting=None):
        # experta's ReteMatcher.changes, asking only the conflict-set nodes that
        # have something to report (the others would return two empty sets)
        for fact in deleting or ():
            root.remove(fact)
        for fact in adding or ():
            root.add(fact)
        added, removed = [], []
        for csn in csns:
            if csn.added or csn.removed:
                a, r = csn.get_activations()
                added.extend(a)
                removed.extend(r)
        return added, removed

    strategy = ke.strategy

    def run(steps=float("inf")):
        # experta's KnowledgeEngine.run without its debug and info logging (the
        # info message joined the text of every matched fact at every firing)
        ke.running = True
        while steps > 0 and ke.running:
            added, removed = changes(*ke.facts.changes)
            strategy.update_agenda(ke.agenda, added, removed)
            activation = ke.agenda.get_next()
            if activation is None:
                break
            steps -= 1
            direct = getattr(activation.rule._wrapped, "psct_fire", None)
            if direct is not None:    # one of our rules: its firing reads the context as is
                direct(activation.context)
                continue
            activation.rule(ke, **{k: v for k, v in activation.context.items()
                                   if not k.startswith("__")})
        ke.running = False

    ke.reset = reset
    ke.run = run
    ke.strategy.get_key = get_key
    ke.matcher._get_conflict_set_nodes = lambda: csns
    ke.matcher.changes = changes


class Engine:
    """A compiled knowledge base; :meth:`run` answers one set of facts at a time."""

    def __init__(self, kb: KnowledgeBase, max_steps: int | None = None,
                 max_firings: int | None = None):
        self.kb = kb
        self._record: Record | None = None
        self.used = kb.used_types()
        self.ke = compile_rules(kb, self)
        self.max_steps = max_steps or MAX_MATCH_STEPS + STEPS_PER_RULE * len(kb.rules)
        self.max_firings = max_firings or MAX_FIRINGS
        self._budget = _Budget()
        _meter(self.ke, self._budget)
        _route_by_class(self.ke)
        _flat_reset(self.ke)
        _lean_engine(self.ke)

    def run(self, facts: Iterable[Fact]) -> Record:
        rec = Record()
        self._record = rec
        for f in facts:
            if f.type in self.used:  # a fact no rule mentions cannot take part in a proof
                rec.add_given(f)
        self._budget.start(self.max_steps)
        try:
            ke = self.ke
            ke.reset()
            if rec.facts:
                # what experta's declare does for facts with no field constraints
                # and no "__" keys (ours): into the fact list, then the agenda
                for key, f in rec.facts.items():
                    ke.facts.declare(xfact(f.type, f.fields, key))
                added, removed = ke.get_activations()
                ke.strategy.update_agenda(ke.agenda, added, removed)
            ke.run(steps=self.max_firings)
            rec.steps = self.max_steps - self._budget.left
        except _OverBudget:
            what = f"did not settle within {self.max_steps} matching steps"
            counts = self._budget.by_rule
            top = counts.most_common(1)[0][1] if counts else 0
            if counts and top * 20 < sum(counts.values()):
                # no rule stands out: many rules each matched a little
                self._give_up(what, counts, f"made the most partial matches ({top}), but "
                              f"{len(counts)} rules shared the steps: the facts match too many "
                              "rules at once", spread=True)
            self._give_up(what, counts, "made the most partial matches; a rule whose "
                          "patterns share no variable joins every fact with every other "
                          "(see 'psct-expert rules lint')")
        finally:
            self._record = None
        if len(rec.firings) >= self.max_firings and self.ke.agenda.activations:
            fired = collections.Counter(r for r, _, _ in rec.firings)
            self._give_up(f"still had rules to fire after {self.max_firings} firings", fired,
                          "fired the most")
        return rec

    def _give_up(self, what: str, counts: collections.Counter, why: str,
                 spread: bool = False) -> None:
        rule = self.kb.rule(counts.most_common(1)[0][0]) if counts else None
        self._budget.start(self.max_steps)
        self.ke.reset()  # leave no half-run state behind for the next run
        if rule is None:
            raise RuleError(f"the rule run {what}")
        if spread:
            raise RuleError(f"the rule run {what}: rule {rule.id} {why}")
        raise RuleError(f"the rule run {what}: rule {rule.id} {why}", path=rule.path,
                        line=rule.line)

    # called by compiled rules
    def _fire(self, rule: Rule, plan: "_Plan", ctx: dict) -> None:
        rec = self._record
        bindings = {k[2:]: v for k, v in ctx.items() if k[:2] == "v_"}
        d = Derivation(rule.id, tuple(_key_of(ctx[name]) for name in plan.captures),
                       tuple(p.describe(bindings) for p in plan.absent),
                       tuple(p.describe(bindings) for p in plan.tests),
                       tuple(sorted((k, v) for k, v in bindings.items()
                                    if isinstance(v, (str, int)))))
        concluded = []
        facts, derivations, seen = rec.facts, rec.derivations, rec.seen
        declare = self.ke.facts.declare
        for type_, fields in rule.then:
            values = {k: (bindings.get(v.name) if isinstance(v, Var) else v)
                      for k, v in fields.items()}
            f = Fact.make(type_, **values)
            key = f.key
            concluded.append(key)
            facts.setdefault(key, f)
            if (key, d) not in seen:
                seen.add((key, d))
                derivations.setdefault(key, []).append(d)
            declare(xfact(type_, f.fields, key))   # (running: no agenda update here)
        rec.firings.append((rule.id, d, concluded))


@dataclass(frozen=True)
class _Plan:
    """What a firing of one alternative of a rule records, in pattern order:
    the context names of the facts it matched, its negated patterns and its tests."""

    captures: tuple
    absent: tuple
    tests: tuple

    @classmethod
    def of(cls, alt: list[Pattern]) -> "_Plan":
        return cls(tuple(f"f_{j}" for j, p in enumerate(alt) if p.kind == "fact"),
                   tuple(p for p in alt if p.kind == "not"),
                   tuple(p for p in alt if p.kind == "test"))


class _XRule(ex.Rule):
    """experta's Rule, with its hash kept once computed.

    experta hashes a rule (its whole tree of conditions) each time it hashes
    an activation of it, which the conflict-set nodes do for every match; the
    rule does not change once the network is built."""

    def wrapping(self, fn):
        """``rule(fn)`` for a function that takes ``**kwargs`` (every ``fire`` here): what
        experta's first call does, less its reading of ``fn``'s signature (only a function
        without ``**kwargs`` needs it; it was a quarter of compiling a network)."""
        self._wrapped = fn
        return functools.update_wrapper(self, fn)

    def new_conditions(self, *args):
        # experta's, but the copy wraps the same fire function without reading its signature
        # again (the network build copies each rule a few times while it normalises it)
        obj = self.__class__(*args, salience=self.salience)
        return obj.wrapping(self._wrapped) if self._wrapped else obj

    def __hash__(self):
        h = self.__dict__.get("_psct_hash")
        if h is None:
            h = self.__dict__["_psct_hash"] = super().__hash__()
        return h


MAX_STRATUM = 99   # strata stay above the closed-world defaults' band


def saliences(rules) -> dict[str, int]:
    """The order rules fire in: stratified negation.

    A rule that asks for the absence of a fact type (``not:``) must fire only after every rule
    that can conclude that type has had its chance; otherwise it fires first and its conclusion
    stands although the fact it looked for comes later (forward chaining keeps what it
    concluded).  So each rule gets a stratum: at least that of the rules whose conclusions it
    uses, and one more than that of the rules whose conclusions it asks to be absent.  Defaults
    (closed-world rules) and every rule that depends on one come after all the others.  Rules
    that depend on each other in a cycle share one stratum (their order among themselves is
    the engine's).  A higher salience fires first; the result is ``-(stratum)``, minus 100 for
    the late ones."""
    producers: dict[str, list] = {}
    for r in rules:
        for type_, _fields in r.then:
            producers.setdefault(type_, []).append(r.id)
    needs: dict[str, list[tuple[str, int]]] = {}     # rule -> [(producer, 1 if negated)]
    for r in rules:
        needs[r.id] = [(q, int(pat.kind == "not")) for alt in r.when for pat in alt
                       if pat.kind in ("fact", "not") for q in producers.get(pat.type, ())
                       if q != r.id]
    stratum: dict[str, int] = {}
    late: dict[str, bool] = {}
    default = {r.id: bool(r.default) for r in rules}
    for group in _components(list(needs), needs):      # producers' groups come first
        inside = set(group)
        outer = [(q, w) for rid in group for q, w in needs[rid] if q not in inside]
        s = min(max((stratum[q] + w for q, w in outer), default=0), MAX_STRATUM)
        lt = any(default[rid] for rid in group) or any(late[q] for q, _w in outer)
        for rid in group:
            stratum[rid], late[rid] = s, lt
    return {rid: -stratum[rid] + (DEFAULT_SALIENCE if late[rid] else 0) for rid in stratum}


def _components(nodes: list[str], needs: dict) -> list[list[str]]:
    """Strongly connected components of the 'needs' graph (Tarjan's algorithm, iterative), each
    after the components it needs."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    out: list[list[str]] = []
    counter = 0
    for root in nodes:
        if root in index:
            continue
        work = [(root, iter(needs[root]))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, edges = work[-1]
            for q, _w in edges:
                if q not in index:
                    index[q] = low[q] = counter
                    counter += 1
                    stack.append(q)
                    on_stack.add(q)
                    work.append((q, iter(needs[q])))
                    break
                if q in on_stack:
                    low[node] = min(low[node], index[q])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    group = []
                    while True:
                        q = stack.pop()
                        on_stack.discard(q)
                        group.append(q)
                        if q == node:
                            break
                    out.append(group)
    return out


def compile_rules(kb: KnowledgeBase, owner: Engine):
    """The one place where YAML rules become an experta KnowledgeEngine."""
    attrs: dict[str, Any] = {}
    n = 0
    order = saliences(kb.rules)
    for rule in kb.rules:
        for k, alt in enumerate(rule.when):
            ces = _prepared(rule, k, alt)
            plan = _Plan.of(alt)

            def fire(*_args, __rule=rule, __plan=plan, **ctx):
                owner._fire(__rule, __plan, ctx)
            fire.__name__ = rule.id  # the budget names rules by their network's terminal
            # the lean run loop calls this with the activation's context itself
            # (experta's Rule.__call__ copies it into keyword arguments twice)
            fire.psct_fire = functools.partial(owner._fire, rule, plan)

            attrs[f"rule_{n}"] = _XRule(*ces, salience=order[rule.id]).wrapping(fire)
            n += 1
    attrs["__matcher__"] = _PreparedMatcher
    cls = type("PsctKnowledgeEngine", (ex.KnowledgeEngine,), attrs)
    return cls()


# A process compiles an engine for each family's answer (:meth:`psct_expert.api.Expert.engine_for`),
# each with the rules upstream of it, so most rules are in several engines.  What experta does
# first to each rule of an engine, bringing its conditions to its normal form (``prepare_rule``:
# disjunctive normal form, an initial fact before a leading ``not``), depends on the conditions
# alone: it is done once per rule alternative, kept here (by the rule's identity, checked), and an
# engine's rules are made with their conditions already in that form (:class:`_PreparedMatcher`).
_PREPARED: dict[tuple[int, int], tuple] = {}
MAX_PREPARED = 8192


def _prepared(rule: Rule, k: int, alt) -> tuple:
    """experta's conditions, in its normal form, for alternative ``k`` (``alt``) of ``rule``."""
    hit = _PREPARED.get((id(rule), k))
    if hit is not None and hit[0] is rule and hit[1] is alt:
        return hit[2]
    ces = []
    for j, pat in enumerate(alt):
        if pat.kind == "test":
            ces.append(ex.TEST(_Test(pat)))
            continue
        kw = {key: _constraint(v) for key, v in pat.fields.items()}
        xf = fact_class(pat.type)(**kw)   # the class stands for the type
        if pat.kind == "not":
            ces.append(ex.NOT(xf))
        else:
            ces.append(getattr(ex.AS, f"f_{j}") << xf)
    if not any(p.kind == "fact" for p in alt):
        ces.insert(0, ex.InitialFact())
    out = _plain_prepared(ces)
    if out is None:
        out = tuple(ex.prepare_rule(ex.Rule(*ces)))
    if len(_PREPARED) >= MAX_PREPARED:
        _PREPARED.clear()
    _PREPARED[(id(rule), k)] = (rule, alt, out)
    return out


def _plain_prepared(ces: list) -> tuple | None:
    """What ``prepare_rule`` makes of conditions that are a plain conjunction (facts whose fields
    are variables, literals or predicates, ``not`` of one such fact, tests), else None (then
    experta's own is used).  Such conditions are in normal form already: experta copies each
    fact, equal to it, and puts an initial fact first when they begin with a ``not`` or match
    no fact at all (a test checks that this is experta's result for every rule shipped)."""
    facts = 0
    for c in ces:
        if isinstance(c, ex.TEST):
            continue
        fact = c[0] if type(c) is ex.NOT and len(c) == 1 else c
        if not isinstance(fact, ex.Fact) or \
                any(isinstance(v, (ex.ORFC, ex.ANDFC, ex.NOTFC)) for v in fact.values()):
            return None
        facts += 1
    if not ces or isinstance(ces[0], ex.NOT) or not facts:
        return (ex.InitialFact(),) + tuple(ces)
    return tuple(ces)


# experta's alpha checks of each condition fact (``generate_checks``), kept by the fact's identity:
# the facts come from :func:`_prepared`, shared by every engine a rule is in, and the checks
# (interned by experta, one object for equal checks) depend on the fact alone
_CHECKS: dict[int, tuple] = {}


def _checks_of(fact) -> set:
    hit = _CHECKS.get(id(fact))
    if hit is not None and hit[0] is fact:
        return hit[1]
    checks = set(ex.generate_checks(fact))
    if len(_CHECKS) >= 4 * MAX_PREPARED:
        _CHECKS.clear()
    _CHECKS[id(fact)] = (fact, checks)
    return checks


class _PreparedMatcher(ex.ReteMatcher):
    """experta's RETE matcher for an engine whose rules' conditions are in experta's normal form
    already (:func:`_prepared`): ``prepare_rule`` would give each rule back as it is."""

    @staticmethod
    def prepare_ruleset(engine):
        return set(engine.get_rules())

    @staticmethod
    def build_alpha_part(ruleset, root_node):
        """experta's ``ReteMatcher.build_alpha_part`` (the same steps in the same order, so the
        same network), with each fact's checks made once per process (:func:`_checks_of`), what
        experta works out again and again (a fact's checks looked up by the fact's value, the
        weight of a check or a rule) worked out once, and a node's child for a check found by a
        look-up instead of a walk through its children."""
        ruleset = ruleset.copy()
        ruleset.add(ex.Rule(ex.InitialFact()))
        rule_facts = [(rule, ex.extract_facts(rule)) for rule in ruleset]   # (the set's order)
        # (a dict of equal facts keeps the first fact as key and the last one's checks, as
        # experta's comprehension does)
        fact_checks = {}
        for _rule, facts in rule_facts:
            for fact in facts:
                fact_checks[fact] = _checks_of(fact)
        # how many facts have each check (experta's Counter, counted by value): counted by the
        # check object, then the objects' counts added by value (equal checks count together)
        objects: dict[int, Any] = {}
        by_object: collections.Counter = collections.Counter()
        for checks in fact_checks.values():
            for check in checks:
                objects[id(check)] = check
                by_object[id(check)] += 1
        check_rank: collections.Counter = collections.Counter()
        for key, n in by_object.items():
            check_rank[objects[key]] += n
        rank = {key: check_rank[check] for key, check in objects.items()}
        type_check, capture, feature = ex.TypeCheck, ex.FactCapture, ex.FeatureCheck
        inf, ninf = float("inf"), float("-inf")
        checks_of = {id(fact): fact_checks[fact] for _rule, facts in rule_facts for fact in facts}

        def weighted_check_sort(check):
            if isinstance(check, type_check):
                return (inf, hash(check))
            elif isinstance(check, capture):
                return (ninf, hash(check))
            elif isinstance(check, feature):
                return (rank.get(id(check), 0), hash(check))
            raise TypeError("Unknown check type.")

        weight = {}
        for rule, facts in rule_facts:
            total = 0
            for fact in facts:
                for check in checks_of[id(fact)]:
                    total += rank[id(check)]
            weight[id(rule)] = total / len(facts)
        # (sorted is stable, also in reverse: rules of equal weight stay in the set's order)
        sorted_rules = sorted(rule_facts, key=lambda pair: weight[id(pair[0])], reverse=True)
        ordered: dict[int, list] = {}     # each checks set, sorted as experta sorts it
        # each node's first child by its check's identity (experta walks the children and takes
        # the first whose matcher is the check); nodes made here have only the children added here
        first_child: dict[int, dict] = {}

        fact_terminal_nodes = {}
        for _rule, facts in sorted_rules:
            for fact in facts:
                checks = checks_of[id(fact)]
                in_order = ordered.get(id(checks))
                if in_order is None:
                    in_order = ordered[id(checks)] = sorted(checks, key=weighted_check_sort,
                                                            reverse=True)
                current_node = root_node
                for check in in_order:
                    kids = first_child.get(id(current_node))
                    if kids is None:
                        kids = first_child[id(current_node)] = {}
                        for child in current_node.children:
                            kids.setdefault(id(child.node.matcher), child.node)
                    nxt = kids.get(id(check))
                    if nxt is None:
                        nxt = ex.FeatureTester(check)
                        current_node.add_child(nxt, nxt.activate)
                        kids[id(check)] = nxt
                    current_node = nxt
                fact_terminal_nodes[fact] = current_node
        return fact_terminal_nodes


__all__ = ["Derivation", "Engine", "Record", "Source", "compare", "compile_rules", "match_pattern",
           "test_holds", "value_matches"]
