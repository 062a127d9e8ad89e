"""Parsed questions whose family reads its parts from the parse tree → structured specs.

:mod:`.told` reads the told situation (sentences before the question, leading clauses) into the
spec's ordered ``situation`` events and resolves effect references against the cards, once (its
event methods live in per-topic mixins: :mod:`.refs`, :mod:`.chains`, :mod:`.summons`,
:mod:`.moves`, :mod:`.targets`, :mod:`.holdings`, :mod:`.copies`, :mod:`.phases`,
:mod:`.procedures`, :mod:`.parts`); :mod:`.families` builds each family's slots, one module per
topic.  See docs/question-spec.md.
"""

from .families import OldForm, situate_question

__all__ = ["OldForm", "situate_question"]
