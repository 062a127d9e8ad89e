"""The second reading's steps that need the card names: each rewrites a question as people write
it into the grammar's words, keeping every change (:class:`~psct_expert.parser.lexicon.Change`).

:func:`relex_around_names` reads the lexicon around the names; :func:`bare_possessives` ("petens
GY effect"), :func:`partial_names` ("Little Knight"), :func:`card_verbs` ("I veiler it") and
:func:`story_clauses` (a story sentence read by its parts, :mod:`psct_expert.parser.clauses`) each
change what they can place and leave the rest as written.  :mod:`psct_expert.understand` runs them.
"""

from __future__ import annotations

from . import kre as re
from .cards import CardDB
from .gamewords import gamewords
from .parser.lexicon import Change, Relexed, relex


def mentions(text: str, db: CardDB, families: dict):
    """The card names of a sentence, as the question grammar's words decide them."""
    from .parser.grammar import grammar_for
    from .parser.names import find_cards

    return find_cards(text, db, grammar_for(families).terminal)


def relex_around_names(text: str, db: CardDB, families: dict) -> Relexed:
    """The lexicon's reading, with the card names found in ``text`` kept as written."""
    from .parser.tokens import _name_end

    # (readA) a name's span without the sentence's punctuation after it ("Dark Hole?", "X."), as
    # the tokenizer reads it, so the lexicon sees where sentences and questions end
    return relex(text, [(m.start, _name_end(text, m)) for m in mentions(text, db, families)])


def bare_possessives(relexed: Relexed, db: CardDB, families: dict) -> None:
    """A card's possessive written without its apostrophe ("petens GY effect", "shaddoll dragons
    'sent to the GY' effect"): the word with an "s" is read as the name's possessive, when the
    words before the "s" name one card (whole or in part) and the word after is something a card
    has (its effect, its search, its ATK)."""
    from .parser.lexicon import lexicon

    owned = "|".join(re.escape(str(w)) for w in lexicon().get("owned") or ())
    text = relexed.text
    named = [(m.start, m.end) for m in mentions(text, db, families)]
    for m in reversed(list(re.finditer(rf"\b([A-Za-z][\w\-]*?)s(?=\s+(?:(?:{owned})\b|[\"']))",
                                       text, re.IGNORECASE))):
        if any(s <= m.start() < e for s, e in named) or db.find(m.group()) is not None:
            continue
        before = list(re.finditer(r"[\w\-.&:!]+", text[:m.start()]))[-3:]
        for k in range(len(before), -1, -1):
            start = before[len(before) - k].start() if k else m.start()
            said = text[start:m.end() - 1]
            if len(said) < 3 or not said[:1].isalnum():
                continue
            card = db.find(said) or (db.partial(said) if " " in said or said.isupper() or
                                     not _plain(said, families) else None)
            if card is not None:
                relexed.changes.append(Change("read-as", text[start:m.end()], f"{said}'s"))
                text = text[:m.end() - 1] + "'s" + text[m.end():]
                break
    relexed.text = text


def _plain(word: str, families: dict) -> bool:
    """A word of the question language or of English: never a partial name on its own."""
    from .parser.grammar import grammar_for
    from .parser.names import _english

    return bool(grammar_for(families).terminal(word.lower())) or _english(word)


def partial_names(relexed: Relexed, db: CardDB, families: dict) -> None:
    """Names written in part ("Little Knight") read as the one card whose name holds them."""
    from .parser.grammar import grammar_for
    from .parser.names import partial_mentions

    text = relexed.text
    for m in sorted(partial_mentions(text, db, grammar_for(families).terminal),
                    key=lambda m: -m.start):
        relexed.changes.append(Change("read-as", m.text, m.card))
        text = text[:m.start] + m.card + text[m.end:]
    relexed.text = text


# a card's name used as a verb: "I veiler their monster", "opp ashed my search", "they dark
# bribed it" mean that player activated that card on the thing named after it
_ACTOR = r"(?P<actor>\b(?:I|i|you|we|they|he|she|[Oo]pponent|[Mm]y opponent|[Tt]heir opponent)\b)"
_MODALS = r"(?P<mods>(?:\s+(?:can|could|still|just|then|also|will|would|did|already|only|now))*)"
_OBJECT = r"(?=\s+(?:it|them|that|this|those|these|the|a|an|my|their|his|her|its|your|opponent's|\d))"
_PAST = ("'d", "ed", "d")


def story_clauses(relexed: Relexed, db: CardDB, families: dict) -> None:
    """Each sentence of the story (when the question is not placed otherwise) is read by its parts
    (:mod:`psct_expert.parser.clauses`: who does what to what, how) and said again in the
    grammar's own clause shapes; a sentence with a word it cannot place stays as written.  A
    question that opens with what is supposed ("If I use X as material for Y, do I ...?") has
    that clause read the same way, told before the question."""
    from .parser.lexicon import sentences

    parts = [p for part in sentences(relexed.text) for p in aside_told(part, relexed)]
    out = []
    for k, part in enumerate(parts):
        last = k == len(parts) - 1 or part.endswith("?")
        if last:
            m = _SUPPOSED.match(part)
            said = None
            if m is not None:
                said = _told_by_parts(m.group("clause"), db, families)
            if said is None:
                out.append(part)
                continue
            asked = m.group("asked")
            read = " ".join(said) + " " + asked[:1].upper() + asked[1:]
            relexed.changes.append(Change("read-as", part[:m.end("clause") + 1], " ".join(said)))
            out.append(read)
            continue
        said = _told_by_parts(part, db, families)
        if said is None:
            out.append(part)
            continue
        read = " ".join(said)
        relexed.changes.append(Change("read-as", part, read))
        out.append(read)
    relexed.text = " ".join(out)


# "they chain it (it is a Continuous Trap)": a clause told inside parentheses
_ASIDE = re.compile(r"\s*\(([^()]{3,})\)")


def aside_told(sentence: str, relexed: Relexed) -> list[str]:
    """A story sentence with a clause told in parentheses ("they chain it (it is a Continuous
    Trap)", "I have X in hand (not Set)"): the sentence, then what the parentheses tell, each a
    sentence of its own, so each is read on its own (nothing is dropped: each must still be
    read).  A question keeps its parentheses."""
    if sentence.endswith("?") or not _ASIDE.search(sentence):
        return [sentence]
    told = [m.group(1).strip() for m in _ASIDE.finditer(sentence)]
    if any(len(t.split()) < 2 for t in told):
        return [sentence]
    main = _ASIDE.sub("", sentence).strip()
    out = [main if main.endswith((".", "!")) else main + "."] + [
        t[:1].upper() + t[1:] + ("" if t.endswith((".", "!")) else ".") for t in told]
    relexed.changes.append(Change("read-as", sentence, " ".join(out)))
    return out


# "If I use X as material for Y, do I still ...?": what is supposed, then what is asked
_SUPPOSED = re.compile(
    r"^(?:so\s+)?(?:if|when|after|once)\s+(?P<clause>[^,?]+?),\s*(?P<asked>[^,]+\?)$",
    re.IGNORECASE)


def question_clause(relexed: Relexed, db: CardDB, families: dict) -> None:
    """The question sentence (the last, when it asks) read by its parts
    (:func:`psct_expert.parser.clauses.read_question`: the one event it asks about) and said again
    in one of the grammar's question shapes; left as written when a word of it cannot be placed."""
    from .parser.clauses import read_question
    from .parser.lexicon import sentences

    parts = sentences(relexed.text)
    if not parts or not parts[-1].endswith("?"):
        return
    found, spans, kinds = _cards_of(parts[-1], db, families)
    said = read_question(parts[-1], spans, kinds, [m.card for m in found])
    if said is None or said == parts[-1]:
        return
    relexed.changes.append(Change("read-as", parts[-1], said))
    relexed.text = " ".join(parts[:-1] + [said])


def _cards_of(sentence: str, db: CardDB, families: dict):
    """The card names of ``sentence``: the mentions, their spans as the tokenizer ends them, and
    each card's kind ("monster", "spell", "trap")."""
    from .parser.tokens import _name_end

    found = mentions(sentence, db, families)
    spans = [(m.start, _name_end(sentence, m)) for m in found]
    cards = [db.find(m.card) for m in found]
    return found, spans, [getattr(c, "kind", "monster") if c is not None else "monster" for c in cards]


def _told_by_parts(sentence: str, db: CardDB, families: dict) -> list[str] | None:
    """``sentence`` read by its parts (:func:`psct_expert.parser.clauses.read_story`), or None."""
    from .parser.clauses import read_story

    found, spans, kinds = _cards_of(sentence, db, families)
    return read_story(sentence, spans, kinds, [m.card for m in found])


# "Borreload Dragon says neither player can target it", "it says return BOTH": what a card's text
# says, told as reported speech
_SAYS = re.compile(r"^(?P<who>.+?)\s+(?:says|reads|states|clearly says|literally says)\s+(?P<what>.+?)[.!]?$",
                   re.IGNORECASE)
_WORD = re.compile(r"[A-Za-z][A-Za-z\-]+")
# ... and quoted ("X says 'destroy that monster'. if ..."): the quotation names the effect, and is
# kept for the grammar to read as the topic
_SAYS_QUOTE = re.compile(r"^[^'\"?]+?\s+(?:says|reads)\s+(?P<quote>([\"'])[^\"']{4,}?\2)\s*[.,:;\-\u2013\u2014]*"
                         r"\s+(?P<rest>.*)$", re.IGNORECASE)
_QUOTED = re.compile(r"^\s*[\"']")


def card_says(relexed: Relexed, db: CardDB, families: dict) -> None:
    """A story sentence that only reports what a card's text says ("X says neither player can
    target it", "it says return both") is set aside, shown as grounded in that card's text: the
    answer reads the text itself.  Only when the sentence's subject is a card named in it (or "it",
    the card named last before it) and at least two thirds of its words, and every one of its
    game words, stand in that card's text; a question is never set aside."""
    from .parser.lexicon import sentences

    before = len(relexed.changes)
    # "ring of destruction (normal trap)": what kind the card named just before is
    text = relexed.text
    for m in sorted(mentions(text, db, families), key=lambda m: -m.start):
        kind = _KIND_AFTER.match(text, m.end)
        card = db.find(m.card)
        if kind is not None and card is not None and _is_kind(kind.group("kind"), card):
            relexed.changes.append(Change("grounded", kind.group().strip(), card.name))
            text = text[:kind.start()] + text[kind.end():]
    relexed.text = text
    parts = []
    for part in sentences(relexed.text):
        q = _SAYS_QUOTE.match(part)
        if q is not None and q.group("rest").strip():
            # "X says 'quote'. if ..., does it ...?": the report is a sentence of its own
            said = part[:q.end("quote")] + "."
            rest = q.group("rest").strip()
            parts += [said, rest[:1].upper() + rest[1:]]
            relexed.changes.append(Change("read-as", part, f"{said} {parts[-1]}"))
        else:
            parts.append(part)
    out, named = [], None
    for k, part in enumerate(parts):
        found = mentions(part, db, families)
        kind = _KIND_TOLD.match(part)
        if kind is not None:
            # "Its a Quick-Play." (the card named before it, or else the one named after it)
            after = mentions(parts[k + 1], db, families) if k + 1 < len(parts) else []
            card = db.find(found[0].card) if len(found) == 1 and found[0].start == 0 else \
                db.find(named) if named and not found else \
                db.find(after[0].card) if not found and len(after) == 1 else None
            if card is not None and _is_kind(kind.group("kind"), card):
                relexed.changes.append(Change("grounded", part, card.name))
                continue
        m = _SAYS.match(part)
        card = None
        if m is not None and not part.endswith("?"):
            who = m.group("who").strip()
            at = [f for f in found if f.start == 0 and len(f.text) >= len(who.rstrip("'s"))]
            if at:
                card = db.find(at[0].card)
            elif who.lower() in ("it", "this card", "that card", "the card") and named:
                card = db.find(named)
        if card is not None and not _QUOTED.match(m.group("what")) and _grounded(m.group("what"), card):
            relexed.changes.append(Change("grounded", part, card.name))
            continue
        if found:
            named = found[-1].card
        out.append(part)
    if len(relexed.changes) > before:
        relexed.text = " ".join(out)


def _grounded(said: str, card) -> bool:
    from .lemmas import all_lemmas

    def forms(w: str) -> set[str]:
        w = w.lower()
        out = {w, w.rstrip("s"), w[:-2] if w.endswith("ed") else w, w[:-3] if w.endswith("ing") else w}
        for ls in all_lemmas(w).values():
            out.update(x.lower() for x in ls)
        return out

    text = " ".join(t for t in (card.text, getattr(card, "pendulum_text", None)) if t)
    have = set()
    for w in _WORD.findall(text):
        have |= forms(w)
    words = [w for w in _WORD.findall(said.replace("\"", " ").replace("'", " "))
             if w.lower() not in _FILLER]
    if not words:
        return False
    hit = [w for w in words if forms(w) & have]
    game = [w for w in words if gamewords().action_of(w) is not None]
    return len(hit) * 3 >= len(words) * 2 and all(forms(w) & have for w in game)


# "its a quick-play", "it's a Continuous Trap card", "X is a Counter Trap": what kind of card it is
_KIND_TOLD = re.compile(r"^(?:(?:it|this|that)(?:'s|s| is)|.+? is)\s+(?:a|an)\s+(?P<kind>(?:quick[- ]?play|qp|"
                        r"continuous|normal|counter|field|equip|ritual|effect|link|xyz|synchro|fusion)"
                        r"(?:\s+(?:spell|trap|monster))?|spell|trap|monster)(?:\s+card)?[.!]?$",
                        re.IGNORECASE)


_KIND_AFTER = re.compile(r"\s*\((?:it'?s |its |a |an )?(?P<kind>(?:quick[- ]?play|qp|continuous|normal|counter|field|"
                         r"equip|ritual|effect|link|xyz|synchro|fusion)(?:\s+(?:spell|trap|monster))?|spell|"
                         r"trap|monster)(?:\s+card)?\)", re.IGNORECASE)


def _is_kind(said: str, card) -> bool:
    """Whether the card is of the kind said ("quick play", "continuous trap", "spell")."""
    words = said.lower().replace("quick play", "quick-play").replace("quickplay", "quick-play") \
        .replace("qp", "quick-play").split()
    kinds = {getattr(card, "kind", "")} | set(getattr(card, "subtypes", ()) or ())
    return all(w in kinds for w in words)


# words a report of a card's text may add around what the text says
_FILLER = {"it", "its", "this", "that", "the", "a", "an", "to", "of", "and", "or", "is", "are",
           "be", "can", "by", "with", "on", "in", "for", "card", "cards", "they", "them", "you",
           "your", "so"}


def card_verbs(relexed: Relexed, db: CardDB, families: dict) -> None:
    from .parser.tokens import _name_end

    text = relexed.text
    # a name's span ends where the tokenizer's does (not with the sentence's punctuation)
    spans = [(m.start, _name_end(text, m), m.card, "") for m in mentions(text, db, families)]
    # "ashed", "crow'd", "dark bribed": a name with a past ending
    for m in re.finditer(r"[A-Za-z][\w\-]*?('d|ed|d|es|s)(?![\w'])", text):
        if any(s <= m.start() < e for s, e, _, _ in spans):
            continue
        ends = [m.end() - len(m.group(1))] + ([m.end() - 1] if m.group(1) in ("ed", "es") else [])
        words = list(re.finditer(r"\S+", text[:m.start()]))[-3:]
        found = None
        for k in range(len(words), -1, -1):
            start = words[len(words) - k].start() if k else m.start()
            if not k and gamewords().action_of(m.group()) is not None:
                continue        # "returns", "destroyed": a game verb, not a card's name with an ending
            for stem_end in ends:
                card = db.find(text[start:stem_end]) if stem_end - start >= 3 else None
                if card is not None:
                    found = (start, m.end(), card.name, m.group(1))
                    break
            if found:
                spans.append(found)
                break
    for start, end, card, past in sorted(spans, key=lambda s: -s[0]):
        before = text[:start]
        flip = re.search(r"\b(flip|flips|flipped)\s+(?:my\s+|their\s+|the\s+|a\s+)?(?:Set\s+|set\s+)?$",
                         before)
        if flip is not None and not past:
            # "I flip Infinite Impermanence": a Set card is activated
            verb = {"flip": "activate", "flips": "activates", "flipped": "activated"}[flip.group(1)]
            read = f"{verb} {text[flip.end():start]}{card}".replace("  ", " ")
            relexed.changes.append(Change("read-as", text[flip.start():end], read))
            text = text[:flip.start()] + read + text[end:]
            continue
        lead = re.search(_ACTOR + _MODALS + r"\s+$", before, re.IGNORECASE)
        if lead is None or not re.match(_OBJECT, text[end:]):
            continue
        actor = lead.group("actor").lower()
        if past in _PAST:
            verb = "activated"
        elif actor in ("i", "you", "we", "they") or lead.group("mods").strip():
            verb = "activate"
        else:
            verb = "activates"
        written = text[start:end]
        read = f"{verb} {card} on"
        relexed.changes.append(Change("read-as", written, read))
        text = text[:start] + read + text[end:]
    relexed.text = text
