"""Plain English → structured question specs (see :mod:`.question` and :mod:`.scenario`)."""

from .question import parse_question
from .scenario import parse_scenario

__all__ = ["parse_question", "parse_scenario"]
