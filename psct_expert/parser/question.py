"""Plain-English questions → parsed questions (family and parse tree).

The sentence is split into grammar words (:mod:`.tokens`: card names become one
word each) and parsed with the question grammar (:mod:`.grammar`).  A question
is understood only when the grammar accounts for every word: a word the
grammar does not know, or words it cannot place, make the question refused,
and the error names them and says what was understood.  The parser reads
English only; the references it leaves open (which effect, which part) are
resolved after parsing, against the cards, by :mod:`psct_expert.resolve`.
"""

from __future__ import annotations

from dataclasses import dataclass

from lark import Tree
from lark.exceptions import UnexpectedEOF, UnexpectedInput

from .. import kre as re  # re, each pattern's program kept on disk (psct_expert.kre)
from ..cards import CardDB
from ..errors import QuestionError, UnknownCard
from .grammar import grammar_for
from .names import Mention, archetype_words, find_cards, quoted_groups, unknown_name_runs, vocabulary
from .scenario import Scenario, parse_scenario
from .tokens import Words, tokenize

MAX_QUESTION = 2000
MAX_WORDS = 200


@dataclass
class ParsedQuestion:
    text: str                 # the question, with quotes and spaces normalised
    family: str               # the family whose grammar rule matched
    tree: Tree                # the parse tree (every word is a leaf of it)
    words: Words
    mentions: list[Mention]
    scenario: Scenario

    @property
    def cards(self) -> list[str]:
        return list(dict.fromkeys(self.words.cards))


def normalise(text) -> str:
    if not isinstance(text, str):
        raise QuestionError("a question is text")
    text = text.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"') \
        .replace("\u201d", '"').replace("\u2013", "-").replace("\u2014", "-")
    text = " ".join(text.split())
    text = _inner_quotes(text)
    # "does it target??", "legal?!": one question mark (outside a quotation of card text)
    text = re.sub(r"(?<![\"'])\?[?!]+(?=\s|$)", "?", text)
    if not text:
        raise QuestionError("the question is empty", forms=vocabulary()["forms"])
    if len(text) > MAX_QUESTION:
        raise QuestionError(f"the question is longer than {MAX_QUESTION} characters")
    return _spell_out(text)


# a name quoted the way card text quotes it ("add 1 "Metaphys" card", "non-"D/D" monsters"): after
# a number, an article, "non-", "other", "and", "or" or a comma, and before a space or a mark
_INNER = re.compile(r'(?:(?<=\d )|(?<=\ba )|(?<=\ban )|(?<=\bthe )|(?<=non-)|(?<=\bother )|'
                    r'(?<=\bor )|(?<=\band )|(?<=, ))"([A-Z][^"]{0,40}?)"(?=[ ,.:;)]|$)', re.IGNORECASE)


def _inner_quotes(text: str) -> str:
    """A quotation of card text with the names its text quotes ("Metaphys Ascension: "Discard 1
    "Metaphys" card; ..."."): each inner name is quoted with single quotes, so the quotation
    around it is one.  Only a name inside another quotation (an odd number of the other double
    quotes before it) is changed."""
    inner = list(_INNER.finditer(text))
    if not inner or text.count('"') < 4:
        return text
    spans = {m.start() for m in inner} | {m.end() - 1 for m in inner}
    out, last = [], 0
    for m in inner:
        before = sum(1 for i, ch in enumerate(text[:m.start()]) if ch == '"' and i not in spans)
        if before % 2 == 1:
            out.append(text[last:m.start()] + "'" + m.group(1) + "'")
            last = m.end()
    out.append(text[last:])
    return "".join(out)


def _spell_out(text: str) -> str:
    """Forum abbreviations ("opp", "SS", "CL2") spelled out (vocabulary.yaml, ``abbreviations``),
    and a question posted without its question mark ("can i chain X to it") given one."""
    table = vocabulary().get("abbreviations") or {}
    for flags, words in ((re.IGNORECASE, table.get("case") or {}), (0, table.get("exact") or {})):
        for short, full in words.items():
            text = re.sub(rf"(?<![\w'\-/]){re.escape(short)}(?![\w'\-/])", full, text, flags=flags)
    if text.rstrip(")")[-1:] not in ("?", ".", "!") and not text.endswith(('"', "'")) and \
            not re.search(r"[?.!]\s*\([^()]*\)$", text):
        # "Can I chain X? opp is making Y off two monsters": a sentence after the question is
        # the story told after it (readA); "... effect? (Opp has ...)": a sentence in
        # parentheses after the question ends it too (readB)
        text += "." if "?" in text else "?"
    return text


def _flat(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", text.lower())


def _line_of_context(after: str | None, lines: list[str], asked: str) -> int | None:
    """The one scenario line that holds the last words a refusal stopped after ("no question
    form places 'a' there (after 'use Freed the Matchless General to search')"), or None (no
    such words, or not in exactly one line)."""
    if not after:
        return None
    words = after.split()
    tail = _flat(" ".join(words[-3:]))
    if len(tail) < 6 or "." in words[-3:] or "?" in words[-3:] or tail in _flat(asked):
        return None
    found = [k for k, line in enumerate(lines) if tail in _flat(line)]
    return found[0] if len(found) == 1 else None


def _word_set(text: str) -> set[str]:
    """The words of a text, in lower case (how an error's unplaced words are found in a line)."""
    return {w.lower() for w in re.findall(r"[\w'\-/]+", re.sub(r"(?<=\w)'s\b", " 's", text))}


def _told_line_error(lines: list[str], asked: str, told_exc: QuestionError,
                     exc: QuestionError) -> QuestionError:
    """The error naming the scenario line the question grammar stopped in; the question's own
    error when it stopped in the question; the older forms' error when no line has any of the
    words it could not place.

    What it could not place runs from where it stopped to the end, so the line it stopped in is
    the last one from which the lines after it (and the question) still hold every word of it
    that any line holds, preferring, among those, the last that holds its first word (a word
    read as another, "CL2" as "Chain Link 2", is in no line: it is left out of the count)."""
    unplaced = told_exc.unplaced or ""
    left = _word_set(unplaced)
    said = [_word_set(line) for line in lines] + [_word_set(asked)]
    def cover(k: int) -> int:
        return len(left & set().union(*said[k:]))
    full = cover(0)
    if full == 0:
        return exc
    ends = [k for k in range(len(said)) if cover(k) == full]
    first = next(iter(re.findall(r"[\w'\-/]+", unplaced.lower())), None)
    holding = [k for k in ends if first in said[k]]
    best = (holding or ends)[-1]
    at = _line_of_context(told_exc.after, lines, asked)
    if at is not None:
        best = at              # the words it stopped after stand in one line only
    if unplaced.lstrip().startswith((".", "?", "!")) and best > 0:
        best -= 1                           # it stopped at the end of the line before
    if best == len(lines):
        return told_exc                     # it stopped in the question itself
    line = lines[best]
    return QuestionError(f"scenario line {best + 1} could not be read: {line.strip()!r} "
                         f"({_of_the_line(told_exc, line)})", line=best + 1,
                         unplaced=told_exc.unplaced, understood=told_exc.understood, forms=exc.forms)


def _no_place(words: list[str], hint: str) -> str:
    """The refusal naming the words the question language has no place for."""
    return ("could not understand the question: the question language has no place for "
            + ", ".join(repr(w) for w in words) + hint)


def _of_the_line(exc: QuestionError, line: str) -> str:
    """A refusal that names the words no form places, said of a scenario line: only the words of
    that line (a word of the question, "Judge!", is not the line's), with the hint about them."""
    if not exc.words:
        return str(exc)
    have = _word_set(line) | {ch for ch in line if not ch.isalnum() and not ch.isspace()}
    kept = [w for w in exc.words if w.lower() in have]
    if not kept or len(kept) == len(exc.words):
        return str(exc)
    hint = exc.hint if any(w.lower() in exc.hint.lower() for w in kept) else ""
    return _no_place(kept, hint)


def _name_like(words: Words) -> list[str]:
    """The words the tokenizer kept as perhaps words of a name or of a description."""
    return [t for t, tok in zip(words.text, words.tokens) if tok.type in ("XNAME", "XDESC")]


def _names_several(text: str, unknown: list[str], db: CardDB) -> str:
    """(names) Words left unplaced that stand in the names of two or three cards ("my sapphire
    pegasus"): a hint that names those cards, so the asker can say which."""
    unplaced = {w.lower() for w in unknown}
    found = list(re.finditer(r"[A-Za-z][\w\-]*(?:'s)?", text))
    for size in (3, 2, 1):
        for i in range(len(found) - size + 1):
            run = found[i:i + size]
            said = [m.group() for m in run]
            if not all(w.lower() in unplaced for w in said):
                continue
            bare = " ".join(said)
            bare = bare[:-2] if bare.lower().endswith("'s") else bare
            cards = db.holding(bare, most=30)
            if 2 <= len(cards) <= 3:
                return f" ({bare!r} stands in the names of {' and '.join(cards)}: say which)"
            if len(cards) > 3:
                return (f" ({bare!r} stands in the names of {len(cards)} cards, such as "
                        f"{', '.join(cards[:2])} and {cards[2]}: say which)")
    return ""


def parse_question(text: str, db: CardDB, families: dict,
                   scenario: list[str] | None = None) -> ParsedQuestion:
    text = normalise(text)
    try:
        sc = parse_scenario(scenario or [], db)
    except QuestionError as exc:
        if not all(line.strip().endswith(".") for line in scenario or []):
            raise
        # lines the older scenario forms do not read are told sentences before the question
        # ("I activate X targeting 5 monsters in my GY."), read by the question grammar; when
        # the grammar cannot read them either, the line is named as before
        told = " ".join(line.strip() for line in scenario)
        try:
            return parse_question(told + " " + text, db, families, [])
        except QuestionError as told_exc:
            asked = _word_set(text)
            left = _word_set(told_exc.unplaced or "")
            if told_exc.unplaced is not None and left <= asked:
                # the told lines were read; what is left is the question's own
                raise told_exc from None
            raise _told_line_error(scenario, text, told_exc, exc) from None
    grammar = grammar_for(families)
    mentions = find_cards(text, db, grammar.terminal)
    groups = quoted_groups(text, db, mentions)
    words = tokenize(text, mentions, grammar.terminal,
                     archetype_words(text, db, grammar.terminal, groups))
    understood = {"cards": list(dict.fromkeys(words.cards))}
    forms = vocabulary()["forms"]
    runs = [r for r in unknown_name_runs(text, mentions)
            if not any(text[s:e].lower() == r.lower() for s, e in groups)]
    if words.unknown:
        if runs and not mentions:
            raise UnknownCard(runs[0], db.suggest(runs[0]))
        # capitalised words the grammar does not have are unknown too, when it is refused
        named = list(dict.fromkeys(
            [t for t, tok in zip(words.text, words.tokens) if tok.type == "XNAME"] + words.unknown))
        hint = f" ({runs[0]!r} looks like a card name that is not in the database)" if runs else \
            _names_several(text, _name_like(words) + words.unknown, db)
        raise QuestionError(_no_place(named, hint), understood=understood, words=named, hint=hint,
                            unplaced=" ".join(dict.fromkeys(words.unknown)), forms=forms)
    if len(words.tokens) > MAX_WORDS:
        raise QuestionError(f"the question has more than {MAX_WORDS} words", understood=understood)
    try:
        tree = grammar.parse(words.tokens)
    except UnexpectedInput as exc:
        if runs and not mentions:   # a name-like run that is no card, and no card named
            raise UnknownCard(runs[0], db.suggest(runs[0])) from None
        several = _names_several(text, _name_like(words), db)
        raise QuestionError(f"could not understand the question: {_where(exc, words)}{several}",
                            understood=understood, unplaced=_rest(exc, words),
                            after=_before(exc, words), forms=forms) from None
    family = _family(tree)
    understood["family"] = family
    return ParsedQuestion(text, family, tree, words, mentions, sc)


def _family(tree: Tree) -> str:
    for sub in tree.iter_subtrees_topdown():
        name = str(sub.data)
        if name.startswith("fam_") and name != "fam_body":
            return name[4:].replace("_", "-")
    raise QuestionError("could not understand the question")  # the grammar always has a family


def _index(exc: UnexpectedInput, words: Words) -> int:
    if isinstance(exc, UnexpectedEOF):
        return len(words.tokens)
    tok = getattr(exc, "token", None)
    for i, t in enumerate(words.tokens):
        if t is tok:
            return i
    return len(words.tokens)


def _before(exc: UnexpectedInput, words: Words) -> str | None:
    """The (up to four) words before the one the grammar stopped at."""
    i = _index(exc, words)
    return " ".join(words.text[max(0, i - 4):i]) or None


def _where(exc: UnexpectedInput, words: Words) -> str:
    i = _index(exc, words)
    if i >= len(words.tokens):
        return "it ends before it says what it asks (a question ends with '?')"
    before = _before(exc, words)
    return (f"no question form places {words.text[i]!r} there" +
            (f" (after {before!r})" if before else ""))


def _rest(exc: UnexpectedInput, words: Words) -> str | None:
    i = _index(exc, words)
    return " ".join(words.text[i:]) or None
