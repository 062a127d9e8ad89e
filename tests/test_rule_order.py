"""The order rules fire in (stratified negation): a rule that asks for the absence of a fact type
fires only after every rule that can conclude it; closed-world defaults, and whatever depends on
them, come after all the others.  Forward chaining keeps what it concluded, so a rule that fired
too early would stand on a fact that comes later."""

import pytest

from psct_expert.engine import DEFAULT_SALIENCE, saliences
from psct_expert.knowledge import Pattern, Rule, load_knowledge


def rule(rid, uses=(), absent=(), makes="out", default=False):
    when = [[Pattern("fact", t) for t in uses] + [Pattern("not", t) for t in absent]]
    return Rule(id=rid, says="", cites=[], when=when, then=[(makes, {})], examples=[],
                default=default)


def test_a_rule_that_asks_for_an_absence_fires_after_the_rules_that_conclude_it():
    rules = [rule("asks", uses=["base"], absent=["middle"], makes="answer"),
             rule("second", uses=["first"], makes="middle"),
             rule("first", uses=["base"], makes="first")]
    order = saliences(rules)
    assert order["first"] == order["second"] == 0
    assert order["asks"] < order["second"]


def test_a_chain_of_absences_is_ordered_link_by_link():
    rules = [rule("a", uses=["base"], makes="x"),
             rule("b", uses=["base"], absent=["x"], makes="y"),
             rule("c", uses=["base"], absent=["y"], makes="z")]
    order = saliences(rules)
    assert order["a"] > order["b"] > order["c"]


def test_defaults_and_what_depends_on_them_come_last():
    rules = [rule("closed", uses=["base"], absent=["x"], makes="y", default=True),
             rule("after", uses=["y"], makes="z"),
             rule("asks-after", uses=["base"], absent=["z"], makes="w"),
             rule("plain", uses=["base"], makes="x")]
    order = saliences(rules)
    assert order["plain"] == 0
    assert order["closed"] <= DEFAULT_SALIENCE and order["after"] <= DEFAULT_SALIENCE
    assert order["asks-after"] < order["after"]


def test_a_cycle_through_absence_is_bounded():
    rules = [rule("p", uses=["base"], absent=["q"], makes="p"),
             rule("q", uses=["base"], absent=["p"], makes="q")]
    order = saliences(rules)          # returns: the cycle stops at the cap
    assert set(order) == {"p", "q"} and min(order.values()) >= -99


@pytest.mark.slow
def test_every_shipped_rule_has_an_order():
    kb = load_knowledge()
    order = saliences(kb.rules)
    assert set(order) == {r.id for r in kb.rules}
    # the closed-world "yes" for an activation comes after every rule that can say "no"
    forbid = [r.id for r in kb.rules
              if any(t == "can_activate_now" and f.get("value") == "no" for t, f in r.then)]
    assert forbid and all(order["nothing-forbids-the-activation"] < order[r] for r in forbid)
