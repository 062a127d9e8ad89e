"""Parsed questions whose family reads its parts from the parse tree → structured specs.

:mod:`.told` reads the told situation (sentences before the question, leading clauses) into the
spec's ordered ``situation`` events and resolves effect references against the cards, once;
:mod:`.families` builds each family's slots.  See docs/question-spec.md.
"""

from .families import BUILDERS, OldForm, situate_question
from . import conjunctions  # noqa: F401  (adds its builders to BUILDERS)
from . import generalise  # noqa: F401  (routes held-out wordings to the builders that read them)

__all__ = ["BUILDERS", "OldForm", "situate_question"]
