"""psct_expert: answers Yu-Gi-Oh! ruling questions by reading Problem-Solving Card Text.

Data flows one way: card text → facts (:mod:`.reader`) → engine with the rules
of ``knowledge/`` (:mod:`.engine`) → answer with proof (:mod:`.proof`) →
renderers (:mod:`.render`).  :class:`Expert` (in :mod:`.api`) is the facade.
"""

__version__ = "0.1.0"
__all__ = ["Answer", "Expert", "PsctError", "QuestionError", "UnknownCard", "__version__"]

# The names above are imported when first used (``from psct_expert import Expert`` works as
# before), so importing the package, or a module of it, costs no more than that module needs.
_LAZY = {"Expert": "api", "Answer": "proof", "PsctError": "errors", "QuestionError": "errors",
         "UnknownCard": "errors"}


def __getattr__(name: str):
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'psct_expert' has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(globals()) | set(__all__))
