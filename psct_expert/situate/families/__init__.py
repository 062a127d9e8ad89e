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
from ...errors import QuestionError
from ..chains import NegationUnsaid
from ..targets import refuse_unread_own_changes
from ..told import Situate, TurnUnsaid
from .common import OldForm
from .said import check_said_of_part

__all__ = ["OldForm", "situate_question"]


# what a question may leave unsaid and is then read both ways: the Situate argument, its two
# values, what the answer says when both agree, and (when they differ) what to tell
_BOTH_WAYS = {
    TurnUnsaid: ("turn", ("you", "opponent"),
                 "the answer is the same in either player's turn (the question does not say whose)",
                 "whose turn it is: the answer differs"),
    NegationUnsaid: ("negation", ("activation", "effect"),
                     "the answer is the same whether the activation or only the effect was negated "
                     "(the question does not say which)", None),
}


def situate_question(pq: ParsedQuestion, db: CardDB, build: Callable) -> dict:
    """The structured question of ``pq`` by its family's tree builder ``build(st, fam)``.  A
    monster's effect told negated without saying whether its activation or only its effect was is
    read both ways, and a phase told with no player in each player's turn; the answer stands when
    both agree (else it is unknown, saying so)."""
    try:
        return _situated(pq, db, build)
    except (TurnUnsaid, NegationUnsaid) as unsaid:
        key, ways, note, differs = _BOTH_WAYS[type(unsaid)]
        try:
            first, other = (_situated(pq, db, build, **{key: way}) for way in ways)
        except QuestionError:
            raise unsaid from None
    out = {**first, "each": [*first.get("each", []), other], "each_note": note}
    if differs:
        out["each_differs"] = differs
    return out


def _situated(pq: ParsedQuestion, db: CardDB, build: Callable, negation: str | None = None,
              turn: str | None = None) -> dict:
    st = Situate(pq, db, negation, turn)
    st.situation(pq.tree)
    fam = find(pq.tree, "fam_" + pq.family.replace("-", "_"))
    spec = build(st, fam)
    refuse_unread_own_changes(st)
    # (hunt 126a) what the question says of the part it asks about must be that part's text
    check_said_of_part(st, find(pq.tree, "question") or pq.tree, spec)
    return spec
