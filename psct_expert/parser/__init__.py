"""Plain English → parsed questions (see :mod:`.question`, :mod:`.grammar` and :mod:`.scenario`).

The parser reads English, never card text; :mod:`psct_expert.resolve` resolves what it leaves open.
"""

from .question import ParsedQuestion, parse_question
from .scenario import parse_scenario

__all__ = ["ParsedQuestion", "parse_question", "parse_scenario"]
