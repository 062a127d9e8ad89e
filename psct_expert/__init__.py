"""psct_expert: answers Yu-Gi-Oh! ruling questions by reading Problem-Solving Card Text.

Data flows one way: card text → facts (:mod:`.reader`) → engine with the rules
of ``knowledge/`` (:mod:`.engine`) → answer with proof (:mod:`.proof`) →
renderers (:mod:`.render`).
"""

__version__ = "0.1.0"
