"""The builders a question family names in ``knowledge/questions.yaml`` (its ``build:`` key).

A family is declared once, in its block of ``questions.yaml``: its grammar, its answer fact and
key, its restatement, its example forms, and the code that turns a parsed question of it into
a structured question:

``tree: MODULE.FUNCTION``
    a function of ``psct_expert/situate/families/MODULE.py``, called with the told situation
    and the family rule's subtree (``FUNCTION(st, fam)``): it reads the parse tree.
``question: NAME``
    (optional) the ``q_NAME`` method of ``psct_expert/questions.py`` that turns the structured
    question's slots into facts, when it is another family's (``effect``: one effect slot,
    ``card``: one card); without it the family's own ``q_FAMILY``.

A tree builder marked :func:`~psct_expert.situate.families.common.reads_scenario` takes
questions with ``-e`` scenario lines; ``clause-done``'s supposition forms with nothing told, its
questions with ``-e`` lines, and a ``still-done`` question its builder hands on
(:class:`~psct_expert.situate.OldForm`, or a refusal with nothing told) are read by
``psct_expert/situate/families/supposing.py`` (:func:`psct_expert.resolve.resolve_question`).

The loader checks each name when the knowledge is read (:func:`problem`: an unknown one is an
error at its ``file:line``); a module is imported when one of its families is first built.
"""

from __future__ import annotations

from importlib import import_module

KINDS = {"tree": "psct_expert.situate.families", "question": "psct_expert.questions"}
SAID = {"tree": "MODULE.FUNCTION (a function of psct_expert/situate/families/MODULE.py)",
        "question": "NAME (a q_NAME method of psct_expert/questions.py: effect, card, or a family's)"}

_found: dict[tuple[str, str], object] = {}


def _where(kind: str, name: str) -> tuple[str, str]:
    module, dot, func = name.rpartition(".")
    if not dot or not module.isidentifier() or not func.isidentifier():
        raise LookupError(f"a tree builder is named as {SAID[kind]}, not {name!r}")
    return f"{KINDS[kind]}.{module}", func


def find(kind: str, name: str):
    """The builder of that kind (``tree`` or ``question``) and name; LookupError saying why not."""
    got = _found.get((kind, name))
    if got is None:
        if kind not in KINDS:
            raise LookupError(f"a builder is 'tree' or 'question', not {kind!r}")
        if kind == "question":
            from .questions import _Builder

            got = getattr(_Builder, "q_" + name.replace("-", "_"), None)
            if not callable(got):
                raise LookupError(f"psct_expert/questions.py has no question slots {name!r} (no "
                                  f"q_{name.replace('-', '_')})")
            _found[(kind, name)] = got
            return got
        module, func = _where(kind, name)
        try:
            mod = import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name != module:
                raise
            raise LookupError(f"no module {module.replace('.', '/')}.py for the {kind} builder "
                              f"{name!r}") from None
        got = getattr(mod, func, None)
        if not callable(got) or func.startswith("_"):
            raise LookupError(f"{module.replace('.', '/')}.py has no builder {func!r}")
        _found[(kind, name)] = got
    return got


def problem(kind: str, name) -> str | None:
    """What is wrong with a builder's name, or None (the loader's check)."""
    if not isinstance(name, str):
        return f"'{kind}' names a builder: {SAID.get(kind, 'a name')}"
    try:
        find(kind, name)
    except LookupError as exc:
        return str(exc)
    return None
