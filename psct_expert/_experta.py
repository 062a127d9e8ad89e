"""The one place that imports experta.

experta 1.9.4 is unmaintained.  It pins ``frozendict==1.2``, whose module does
``class frozendict(collections.Mapping)``; ``collections.Mapping`` was removed
in Python 3.10 (it lives in ``collections.abc``), so ``import experta`` fails.
Before importing experta we put the ABC back under its old name, which is all
frozendict 1.2 needs.  Nothing else changes, and a plain ``pip install`` works.

experta also calls ``logging.basicConfig()`` at import time; we undo the root
handler it adds so that importing psct_expert never configures logging.
"""

import collections
import collections.abc
import logging

if not hasattr(collections, "Mapping"):  # Python >= 3.10
    collections.Mapping = collections.abc.Mapping  # type: ignore[attr-defined]

_root = logging.getLogger()
_handlers_before = list(_root.handlers)

from experta import AS, MATCH, NOT, TEST, Fact, InitialFact, KnowledgeEngine, L, P, Rule  # noqa: E402
from experta.factlist import FactList  # noqa: E402
from experta.fieldconstraint import ANDFC, NOTFC, ORFC  # noqa: E402
from experta.matchers import ReteMatcher  # noqa: E402
from experta.matchers.rete.utils import extract_facts, generate_checks, prepare_rule  # noqa: E402
from experta.matchers.rete.check import (FactCapture, FeatureCheck, SameContextCheck,  # noqa: E402
                                         TypeCheck)
from experta.matchers.rete.nodes import FeatureTesterNode as FeatureTester  # noqa: E402
from experta.matchers.rete.nodes import OrdinaryMatchNode as OrdinaryMatch  # noqa: E402
from experta.matchers.rete.nodes import ConflictSetNode as ConflictSet  # noqa: E402
from experta.activation import Activation  # noqa: E402
from experta.matchers.rete.abstract import OneInputNode as OneInput  # noqa: E402
from experta.matchers.rete.abstract import TwoInputNode as TwoInput  # noqa: E402
from experta.matchers.rete.mixins import NoMemory  # noqa: E402
from experta.matchers.rete.token import Token, TokenInfo  # noqa: E402

for _h in list(_root.handlers):
    if _h not in _handlers_before:
        _root.removeHandler(_h)


# experta's ``wire_rule`` (building the network of one rule) defines a ``singledispatch``
# function of its own at each call, so every rule of every network pays functools' search
# for the implementation of each class it meets (its method resolution order, computed
# again): a quarter of compiling a network.  The dispatcher below, used only there, does the
# same dispatch (functools' own ``_find_impl`` picks the implementation) but remembers,
# across calls, which registered class wins for a class and a set of registered classes.
_WINNER: dict = {}
# the fact classes made for our fact types (``engine.fact_class``): each a plain subclass of
# ``Fact`` (no bases, fields or registrations of its own), so the implementation that wins for
# it is the one that wins for ``Fact``; one search serves them all
PLAIN_FACTS: set = set()


def _remembering_singledispatch(func):
    import functools

    registry = {object: func}

    def dispatch(cls):
        impl = registry.get(cls)
        if impl is not None:
            return impl
        like = Fact if cls in PLAIN_FACTS else cls
        key = (like, frozenset(registry))
        winner = _WINNER.get(key)
        if winner is None:
            winner = _WINNER[key] = functools._find_impl(like, {t: t for t in registry})
        return registry[winner]

    def register(cls, fn=None):
        if fn is None:
            return lambda f: register(cls, f)
        registry[cls] = fn
        return fn

    def wrapper(*args, **kwargs):
        return dispatch(args[0].__class__)(*args, **kwargs)

    wrapper.register, wrapper.dispatch, wrapper.registry = register, dispatch, registry
    functools.update_wrapper(wrapper, func)
    return wrapper


import experta.matchers.rete.utils as _rete_utils  # noqa: E402

_rete_utils.singledispatch = _remembering_singledispatch

__all__ = ["ANDFC", "AS", "MATCH", "NOTFC", "ORFC", "NOT", "TEST", "Fact", "InitialFact",
           "KnowledgeEngine", "L", "P", "Rule",
           "Activation", "ConflictSet",
           "FactCapture", "FactList", "FeatureCheck", "FeatureTester", "NoMemory", "OneInput",
           "OrdinaryMatch", "ReteMatcher", "SameContextCheck", "Token", "TokenInfo", "TwoInput",
           "TypeCheck", "extract_facts", "generate_checks", "prepare_rule"]
