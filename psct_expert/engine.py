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
step of a budget (:data:`MAX_MATCH_STEPS`), and at most :data:`MAX_FIRINGS`
rules fire.  A run that exceeds either ends with a
:class:`~psct_expert.errors.RuleError` naming the rule (file and line) that
did the most matching or firing: a rule whose patterns share no variable
joins every fact with every other and would otherwise run without bound.
"""

from __future__ import annotations

import collections
import inspect
import operator
from dataclasses import dataclass, field
from typing import Any, Iterable

from . import _experta as ex
from .errors import RuleError
from .facts import Fact, Source
from .knowledge import InSet, KnowledgeBase, NotValue, Pattern, Rule, Var

DEFAULT_SALIENCE = -100  # closed-world defaults fire after the positive rules settle
MAX_MATCH_STEPS = 200_000  # matching work per run: node activations plus join comparisons
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
    return have == want


def test_holds(pattern: Pattern, bindings: dict) -> bool:
    """Whether a ``test:`` pattern holds with these variable bindings (unbound: it does not)."""
    left, op, right = pattern.test
    vals = []
    for side in (left, right):
        if isinstance(side, Var):
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
            if isinstance(side, Var) and "v_" + side.name not in names:
                names.append("v_" + side.name)
        self.__signature__ = inspect.Signature(
            [inspect.Parameter(n, inspect.Parameter.POSITIONAL_OR_KEYWORD) for n in names])

    def __call__(self, **kw):
        return test_holds(self.pattern, {k[2:]: v for k, v in kw.items()})


def _constraint(v):
    if isinstance(v, Var):
        return getattr(ex.MATCH, "v_" + v.name)
    if isinstance(v, (InSet, NotValue)):
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
        cls = _FACT_CLASSES[type_] = type(f"Fact_{type_}", (ex.Fact,), {})
    return cls


_PLAIN = (str, int, float, bool, type(None))


def xfact(type_: str, fields) -> "ex.Fact":
    """The experta fact for one of our facts.

    Our field values are plain scalars, which experta's ``Fact.__init__``
    stores unchanged (``freeze`` returns a hashable value as it is) after one
    generic dispatch per field; for those the dict is filled directly, the
    same content.  Anything else takes experta's own constructor."""
    cls = fact_class(type_)
    fields = dict(fields)
    if not all(type(v) in _PLAIN for v in fields.values()):
        return cls(type=type_, **fields)
    f = dict.__new__(cls)
    dict.update(f, fields)
    dict.__setitem__(f, "type", type_)
    f._Fact__defaults = {}
    return f


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


def _meter(ke, budget: _Budget) -> None:
    """Count every activation of every node of ke's RETE network against ``budget``.

    experta keeps each edge as a (node, callback) pair; each callback is wrapped.
    A node that feeds one rule's terminal only (the join nodes) charges that rule.
    """
    below: dict[int, tuple] = {}

    def rules_below(node) -> tuple:
        key = id(node)
        if key not in below:
            below[key] = ()
            if hasattr(node, "rule") and not node.children:   # a rule's conflict-set node
                below[key] = (node.rule.__name__,)
            else:
                below[key] = tuple(sorted({r for ch in node.children
                                           for r in rules_below(ch.node)}))
        return below[key]

    def metered(callback, node, rule):
        # a join node compares the token with every entry of its other memory: that is the work
        name = getattr(callback, "__name__", "")
        other = {"activate_left": "right_memory", "activate_right": "left_memory"}.get(name)
        terminal = hasattr(node, "rule") and not node.children  # each match goes on the agenda
        target = _lean_target(callback, node, name)
        by_rule = budget.by_rule

        def call(token):
            cost = TERMINAL_COST if terminal else 1 + (len(getattr(node, other)) if other else 0)
            budget.left -= cost
            if budget.left < 0:
                raise _OverBudget
            if rule is not None:
                by_rule[rule] += cost
            if target is None:
                return callback(token)
            # experta's activation: copy the token, then the node's own _activate*
            return target(tuple.__new__(type(token), (token.tag, set(token.data),
                                                      dict(token.context))))
        return call

    stack, seen = [ke.matcher.root_node], set()
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        wrapped = []
        for ch in node.children:
            rules = rules_below(ch.node)
            wrapped.append(ch._replace(callback=metered(ch.callback, ch.node,
                                                        rules[0] if len(rules) == 1 else None)))
            stack.append(ch.node)
        node.children[:] = wrapped


def _lean_target(callback, node, name):
    """The node method an edge's callback ends in, when the edge can call it directly.

    experta's ``activate``/``activate_left``/``activate_right`` copy the token
    (``Token.copy``, which re-checks every fact's class and the context's ABC),
    send a debug message to the ``experta.watchers`` loggers (never enabled by
    this package), and call the node's ``_activate*`` with the copy.  The
    metered edge makes the same copy, without the checks, and the same call.
    None: not one of experta's plain activations, so the callback is called
    as it is."""
    base = {"activate": ex.OneInput, "activate_left": ex.TwoInput,
            "activate_right": ex.TwoInput}.get(name)
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
    agenda_cls, facts_cls = type(ke.agenda), type(ke.facts)
    declare = ke._KnowledgeEngine__declare

    def reset():
        ke.agenda = agenda_cls()
        ke.facts = facts_cls()
        ke.matcher.reset()
        declare(ex.InitialFact())
        ke.running = False

    def get_key(activation):
        return (activation.rule.salience,
                sorted((f["__factid__"] for f in activation.facts), reverse=True))

    csns = ke.matcher._get_conflict_set_nodes()
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

    ke.reset = reset
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
        self.max_steps = max_steps or MAX_MATCH_STEPS
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
            self.ke.reset()
            xfacts = [xfact(f.type, f.fields) for f in rec.facts.values()]
            if xfacts:
                self.ke.declare(*xfacts)
            self.ke.run(steps=self.max_firings)
        except _OverBudget:
            self._give_up(f"did not settle within {self.max_steps} matching steps",
                          self._budget.by_rule, "made the most partial matches; a rule whose "
                          "patterns share no variable joins every fact with every other "
                          "(see 'psct-expert rules lint')")
        finally:
            self._record = None
        if len(rec.firings) >= self.max_firings and self.ke.agenda.activations:
            fired = collections.Counter(r for r, _, _ in rec.firings)
            self._give_up(f"still had rules to fire after {self.max_firings} firings", fired,
                          "fired the most")
        return rec

    def _give_up(self, what: str, counts: collections.Counter, why: str) -> None:
        rule = self.kb.rule(counts.most_common(1)[0][0]) if counts else None
        self._budget.start(self.max_steps)
        self.ke.reset()  # leave no half-run state behind for the next run
        if rule is None:
            raise RuleError(f"the rule run {what}")
        raise RuleError(f"the rule run {what}: rule {rule.id} {why}", path=rule.path,
                        line=rule.line)

    # called by compiled rules
    def _fire(self, rule: Rule, alt: list[Pattern], ctx: dict) -> None:
        rec = self._record
        bindings = {k[2:]: v for k, v in ctx.items() if k.startswith("v_")}
        premises = []
        absent = []
        tests = []
        for j, pat in enumerate(alt):
            if pat.kind == "fact":
                premises.append(_to_key(ctx[f"f_{j}"]))
            elif pat.kind == "not":
                absent.append(pat.describe(bindings))
            else:
                tests.append(pat.describe(bindings))
        d = Derivation(rule.id, tuple(premises), tuple(absent), tuple(tests),
                       tuple(sorted((k, v) for k, v in bindings.items()
                                    if isinstance(v, (str, int)))))
        concluded = []
        for type_, fields in rule.then:
            values = {k: (bindings.get(v.name) if isinstance(v, Var) else v)
                      for k, v in fields.items()}
            f = Fact.make(type_, **values)
            concluded.append(f.key)
            rec.facts.setdefault(f.key, f)
            lst = rec.derivations.setdefault(f.key, [])
            if d not in lst:
                lst.append(d)
            self.ke.facts.declare(xfact(type_, f.fields))   # (running: no agenda update here)
        rec.firings.append((rule.id, d, concluded))


def compile_rules(kb: KnowledgeBase, owner: Engine):
    """The one place where YAML rules become an experta KnowledgeEngine."""
    attrs: dict[str, Any] = {}
    n = 0
    for rule in kb.rules:
        for alt in rule.when:
            ces = []
            for j, pat in enumerate(alt):
                if pat.kind == "test":
                    ces.append(ex.TEST(_Test(pat)))
                    continue
                kw = {k: _constraint(v) for k, v in pat.fields.items()}
                xf = fact_class(pat.type)(**kw)   # the class stands for the type
                if pat.kind == "not":
                    ces.append(ex.NOT(xf))
                else:
                    ces.append(getattr(ex.AS, f"f_{j}") << xf)
            if not any(p.kind == "fact" for p in alt):
                ces.insert(0, ex.InitialFact())

            def fire(*_args, __rule=rule, __alt=alt, **ctx):
                owner._fire(__rule, __alt, ctx)
            fire.__name__ = rule.id  # the budget names rules by their network's terminal

            salience = DEFAULT_SALIENCE if rule.default else 0
            attrs[f"rule_{n}"] = ex.Rule(*ces, salience=salience)(fire)
            n += 1
    cls = type("PsctKnowledgeEngine", (ex.KnowledgeEngine,), attrs)
    return cls()


__all__ = ["Derivation", "Engine", "Record", "Source", "compare", "compile_rules", "match_pattern",
           "test_holds", "value_matches"]
