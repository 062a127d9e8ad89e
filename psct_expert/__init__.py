"""psct_expert: answers Yu-Gi-Oh! ruling questions by reading Problem-Solving Card Text.

Data flows one way: card text → facts (:mod:`.reader`) → engine with the rules
of ``knowledge/`` (:mod:`.engine`) → answer with proof (:mod:`.proof`) →
renderers (:mod:`.render`).  :class:`Expert` (in :mod:`.api`) is the facade.
"""

from .api import Expert
from .errors import PsctError, QuestionError, UnknownCard
from .proof import Answer

__version__ = "0.1.0"
__all__ = ["Answer", "Expert", "PsctError", "QuestionError", "UnknownCard", "__version__"]
