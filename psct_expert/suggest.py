"""Did you mean: the nearest questions the product can answer, for a question it cannot place.

Built from what was understood: first the canonical questions of the families whose cue words
the question has (``frame:`` in ``knowledge/questions.yaml``, read loosely by
:func:`psct_expert.frames.guesses`), then the cards the sentence names and the words it shares
with each family's example forms (``forms`` in ``knowledge/questions.yaml``).  Each form is filled with the
cards named, ranked by the words it shares with the question, and offered only when the product
itself reads it (parse and resolution both succeed): a suggestion is always a question that can
be asked as it stands.
"""

from __future__ import annotations

import math
import re
from contextvars import ContextVar

from .cards import CardDB
from .errors import QuestionError, UnknownCard

LIMIT = 3
TRIES = 16          # filled forms read at the most (each is parsed, resolved and answered)
_WORD = re.compile(r"[a-z][a-z\-/]*")
# words every form has, which say nothing of what was asked
_STOP = frozenset("a an the of to is are can does do be by if it its x y card cards effect "
                  "effects that this my i when while first second".split())


# set while a nearest question is being settled (:func:`not_needed`): a refusal met there is
# only a "no" to that suggestion, and the nearest questions it would carry are never shown
_NOT_NEEDED: ContextVar[bool] = ContextVar("psct_nearest_not_needed", default=False)


class not_needed:
    """``with not_needed(): ...``: refusals raised inside carry no nearest questions (they are
    not worked out): for a caller that only asks whether a question is answered."""

    def __enter__(self):
        self._token = _NOT_NEEDED.set(True)
        return self

    def __exit__(self, *exc):
        _NOT_NEEDED.reset(self._token)
        return False


def _stem(word: str) -> str:
    for suffix in ("ing", "ed", "es", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 4:
            return word[:-len(suffix)]
    return word


def _stems(text: str) -> set[str]:
    return {_stem(w) for w in _WORD.findall(text.lower()) if w not in _STOP}


def _cards(text: str, db: CardDB, families: dict) -> list[str]:
    from .rereading import mentions

    return list(dict.fromkeys(m.card for m in mentions(text, db, families)))


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


_FORMS: dict[int, tuple] = {}     # id(families) -> (families, its forms with their stems, df)


def _forms(families: dict) -> tuple[list[tuple[str, set]], dict[str, int]]:
    """Every family form that can be filled (with its words' stems), and in how many forms each
    stem is: worked out once per families table (kept while the table is unchanged: the same
    object with the same families, each with the same forms)."""
    sig = tuple((name, id(fam), tuple(getattr(fam, "forms", None) or ()))
                for name, fam in families.items())
    kept = _FORMS.get(id(families))
    if kept is not None and kept[0] is families and kept[1] == sig:
        return kept[2], kept[3]
    texts = [re.sub(r"\s*\(.*?\)\s*", " ", str(form)).strip()
             for fam in families.values() for form in getattr(fam, "forms", None) or []]
    forms = [(f, _stems(f)) for f in texts if "..." not in f and f.endswith("?")]
    # a word many forms share ("monster", "summon") says less of what was asked than one
    # few forms have ("negate", "cost", "simultaneous"): each shared word counts 1/(its forms)
    df: dict[str, int] = {}
    for _form, stems in forms:
        for w in stems:
            df[w] = df.get(w, 0) + 1
    if len(_FORMS) >= 16:
        _FORMS.clear()
    _FORMS[id(families)] = (families, sig, forms, df)
    return forms, df


def candidates(text: str, cards: list[str], families: dict) -> list[str]:
    """Every family form filled with the cards named, best first (the words it shares with
    the question, each weighed by how few forms have it; then the families' order)."""
    asked = _stems(re.sub("|".join(map(re.escape, cards)), " ", text) if cards else text)
    forms, df = _forms(families)
    ranked: list[tuple[float, int, str]] = []
    for form, stems in forms:
        score = math.fsum(1 / df[w] for w in stems & asked)   # (exact: no order of a set)
        if score == 0:
            continue
        for filled in _fillings(form, cards):
            ranked.append((-score, len(ranked), filled))
    ranked.sort()
    return list(dict.fromkeys(f for _, _, f in ranked))


# words never left out of a nearest question: each changes what is asked (the lexicon's rule)
_KEEP = frozenset("not no never only exactly first second third still even also again both all "
                  "each either neither none cannot can't don't doesn't isn't".split())


def without_unplaced(text: str, unplaced: str | None) -> list[str]:
    """The question with the words it could not place left out ("the Summon of a single monster":
    "the Summon of a monster"), when they are at most two words none of which changes what is
    asked: the nearest question is then the one asked, less what was named as not placed."""
    if not unplaced:
        return []
    quoted = re.findall(r"'([^']+)'", unplaced)
    words = quoted if quoted else unplaced.split()[:1]
    if not words or len(words) > 2 or any(len(w.split()) > 1 or w.lower() in _KEEP or
                                          not _WORD.fullmatch(w.lower()) for w in words):
        return []
    out = text
    for w in words:
        out, n = re.subn(rf"(?i)(?<![\w'-]){re.escape(w)}(?![\w'-])\s*", "", out, count=1)
        if n == 0:
            return []
    return [out.strip()]


def nearest_questions(text: str, scenario: list[str], db: CardDB, families: dict,
                      limit: int = LIMIT, settle=None, unplaced: str | None = None) -> list[str]:
    """Up to ``limit`` questions near ``text``, best first, that the product reads as they
    stand and, given ``settle`` (question -> its answer's value, raising a refusal), answers:
    first the question less the words it could not place (``unplaced``), then the others."""
    from .parser import parse_question
    from .resolve import resolve_question

    if _NOT_NEEDED.get():
        return []
    try:
        cards = _cards(text, db, families)
    except (QuestionError, UnknownCard):
        return []
    if not cards:
        return []
    found: list[str] = []
    # first the questions the words that ask would ask (a frame read loosely: frames/guess.py), then
    # the families' forms that share most words
    from .frames import guesses
    from .rereading import mentions

    try:
        framed = guesses(text, [(m.start, m.end, m.card) for m in mentions(text, db, families)],
                         families)
    except (QuestionError, UnknownCard):
        framed = []
    tries = list(dict.fromkeys(without_unplaced(text, unplaced) + framed[:LIMIT] +
                               candidates(text, cards, families)))
    for filled in tries[:TRIES]:
        try:
            if settle is not None:
                settle(filled)
            else:
                resolve_question(parse_question(filled, db, families, []), db, families)
        except (QuestionError, UnknownCard):
            continue
        found.append(filled)
        if len(found) == limit:
            break
    return found
