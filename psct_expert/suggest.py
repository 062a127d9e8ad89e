"""Did you mean: the nearest questions the product can answer, for a question it cannot place.

Built from what was understood: the cards the sentence names and the words it shares with each
family's example forms (``forms`` in ``knowledge/questions.yaml``).  Each form is filled with the
cards named, ranked by the words it shares with the question, and offered only when the product
itself reads it (parse and resolution both succeed): a suggestion is always a question that can
be asked as it stands.
"""

from __future__ import annotations

import re

from .cards import CardDB
from .errors import QuestionError, UnknownCard

LIMIT = 3
TRIES = 10          # filled forms read at the most (each read is a parse and a resolution)
_WORD = re.compile(r"[a-z][a-z\-/]*")
# words every form has, which say nothing of what was asked
_STOP = frozenset("a an the of to is are can does do be by if it its x y card cards effect "
                  "effects that this my i when while first second".split())


def _stem(word: str) -> str:
    for suffix in ("ing", "ed", "es", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 4:
            return word[:-len(suffix)]
    return word


def _stems(text: str) -> set[str]:
    return {_stem(w) for w in _WORD.findall(text.lower()) if w not in _STOP}


def _cards(text: str, db: CardDB, families: dict) -> list[str]:
    from .parser.grammar import grammar_for
    from .parser.names import find_cards

    mentions = find_cards(text, db, grammar_for(families).terminal)
    return list(dict.fromkeys(m.card for m in mentions))


def _fillings(form: str, cards: list[str]):
    slots = [s for s in ("X", "Y") if re.search(rf"\b{s}\b", form)]
    if not slots or len(slots) > len(cards):
        return
    orders = [cards[:2], cards[1::-1]] if len(slots) == 2 else [[c] for c in cards[:3]]
    for order in orders:
        filled = form
        for slot, card in zip(slots, order):
            filled = re.sub(rf"\b{slot}\b", card.replace("\\", "\\\\"), filled)
        yield filled


def candidates(text: str, cards: list[str], families: dict) -> list[str]:
    """Every family form filled with the cards named, best first (shared words, then order)."""
    asked = _stems(re.sub("|".join(map(re.escape, cards)), " ", text) if cards else text)
    ranked: list[tuple[int, int, str]] = []
    for fam in families.values():
        for form in getattr(fam, "forms", None) or []:
            form = re.sub(r"\s*\(.*?\)\s*", " ", str(form)).strip()
            if "..." in form or not form.endswith("?"):
                continue
            score = len(_stems(form) & asked)
            if score == 0:
                continue
            for filled in _fillings(form, cards):
                ranked.append((-score, len(ranked), filled))
    ranked.sort()
    return list(dict.fromkeys(f for _, _, f in ranked))


def nearest_questions(text: str, scenario: list[str], db: CardDB, families: dict,
                      limit: int = LIMIT) -> list[str]:
    """Up to ``limit`` questions near ``text`` that the product reads as they stand."""
    from .parser import parse_question
    from .resolve import resolve_question

    try:
        cards = _cards(text, db, families)
    except (QuestionError, UnknownCard):
        return []
    if not cards:
        return []
    out: list[str] = []
    for filled in candidates(text, cards, families)[:TRIES]:
        for lines in ([scenario, []] if scenario else [[]]):
            try:
                resolve_question(parse_question(filled, db, families, lines), db)
            except (QuestionError, UnknownCard):
                continue
            out.append(filled)
            break
        if len(out) == limit:
            break
    return out
