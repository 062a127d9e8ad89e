"""The question families that read their parts from the parse tree: each builds its structured
question from the told situation (:mod:`..told`) and the family rule's subtree.  One module per
topic; each family names its builder in ``knowledge/questions.yaml`` (``build: {tree:
MODULE.FUNCTION}``, :mod:`psct_expert.builders`), and a module is imported when one of its
families is first built, so a question imports one topic's module."""

from __future__ import annotations

from collections.abc import Callable

from ...cards import CardDB
from ...parser import ParsedQuestion
from ...parser.transform import find
from ..told import Situate
from .common import OldForm

__all__ = ["OldForm", "situate_question"]


def situate_question(pq: ParsedQuestion, db: CardDB, build: Callable) -> dict:
    """The structured question of ``pq`` by its family's tree builder ``build(st, fam)``."""
    st = Situate(pq, db)
    st.situation(pq.tree)
    fam = find(pq.tree, "fam_" + pq.family.replace("-", "_"))
    return build(st, fam)
