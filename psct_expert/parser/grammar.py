"""The question grammar: the shared rules (``question.lark``) plus each family's rules.

A family's rules live in its declaration in ``knowledge/questions.yaml`` (key
``grammar``), beside its answer fact, doc and forms, so a family is declared in
one place.  The grammar's terminals are single words matched without regard
to case; :mod:`.tokens` turns a sentence into those words.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from lark import Lark, Token
from lark.exceptions import GrammarError, LarkError
from lark.lexer import Lexer, PatternStr

from ..errors import FileFormatError

SHARED = Path(__file__).with_name("question.lark")


def family_rule(family: str) -> str:
    """The grammar rule that a family's wording starts with."""
    return "fam_" + family.replace("-", "_")


def assemble(families: dict) -> str:
    """The whole grammar text: the shared rules, every family's rules, and ``fam_body``."""
    parts = [SHARED.read_text(encoding="utf-8")]
    names = []
    for name, fam in families.items():
        text = getattr(fam, "grammar", None) or (fam.get("grammar") if isinstance(fam, dict) else None)
        if not text:
            continue
        parts.append(f"// --- family {name}\n{text}")
        names.append(family_rule(name))
    if not names:
        raise FileFormatError("no question family declares a grammar")
    parts.append("fam_body: " + "\n    | ".join(names))
    return "\n\n".join(parts) + "\n"


class _WordLexer(Lexer):
    """Words are already split by the tokenizer: the lexer only hands them on."""

    def __init__(self, conf):
        pass

    def lex(self, data):
        yield from data


class Grammar:
    def __init__(self, text: str):
        try:
            self.lark = Lark(text, parser="earley", lexer=_WordLexer, keep_all_tokens=True,
                             ambiguity="resolve", propagate_positions=False)
        except (GrammarError, LarkError) as exc:
            raise FileFormatError(f"the question grammar is malformed: {exc}") from None
        self.words: dict[str, str] = {}
        for t in self.lark.terminals:
            if isinstance(t.pattern, PatternStr):
                word = t.pattern.value.lower()
                if word in self.words or " " in word or (word.isalpha() and "i" not in t.pattern.flags):
                    raise FileFormatError(f"the question grammar writes the word {word!r} in two ways: "
                                          'write every word once, alone and as "word"i')
                self.words[word] = t.name

    def terminal(self, word: str) -> str | None:
        if word == "XNAME":     # the grammar has a place for name words it does not know
            return "XNAME"
        return self.words.get(word.lower())

    def parse(self, tokens: list[Token]):
        return self.lark.parse(tokens)


@lru_cache(maxsize=8)
def _compiled(text: str) -> Grammar:
    return Grammar(text)


def grammar_for(families: dict) -> Grammar:
    return _compiled(assemble(families))
