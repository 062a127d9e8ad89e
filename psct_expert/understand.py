"""A question as written → the structured spec it is understood as (parse, then resolve).

The question is read as written first.  When the grammar or the resolution against the cards
cannot place it, it is read a second time through the lexicon (:mod:`psct_expert.parser.lexicon`:
the story told after the question first, discourse set aside, forum words read as the grammar's),
and every change that reading made is returned with the spec, to be shown with the answer (the
steps that need the card names are :mod:`psct_expert.rereading`'s, those grounded in a card's
own text :mod:`psct_expert.grounded`'s); then the question sentence and the story are read by
their parts.  A card whose effects all fit is asked effect by effect (:func:`_each_effect`).  When
no reading places it, the error of the reading that went further is raised, carrying the
nearest questions the product can answer (``nearest``, from :mod:`psct_expert.suggest`).
"""

from __future__ import annotations

from . import kre as re
from .cards import CardDB
from .errors import QuestionError, UnknownCard
from .grounded import (card_says, inner_quotes, object_as_its_text_says, own_procedure_quoted, hit_as_its_text_says, quoted_after_names, trigger_kind_said,
                       result_as_its_text_says, triggered_together_as_moved, tokens_as_its_text_says,
                       claims_checked, cost_said_as_activation, doing_as_its_text_says,
                       effect_told_by_what_it_does, nothing_left_as_its_text_takes,
                       purpose_as_its_text_says, said_in_parentheses, summoned_as_its_text_says,
                       told_doing_says_which)
from .parser import parse_question
from .parser.lexicon import Change, Relexed, earlier_first, intent_asked, ruling_words
from .parser.question import normalise
from .reader.numbering import public
from .rereading import (ORDINAL_WORDS, bare_possessives, card_verbs, chain_links_told,
                        demonstrative_names, mentions, players_own,
                        partial_names, purpose_aside, question_clause, relex_around_names,
                        negator_held, negator_told, story_clauses, told_again,
                        topic_said_again)
from .resolve import resolve_question

NOT_PLACED = (QuestionError, UnknownCard)


# (situate/chains.py) "Chain Link 1 resolves" with no activation told: a Chain told only by its
# links' numbers, which the readings by the lexicon tell
_NO_LINK_TOLD = "no activation was told as that Chain Link"
# what a refusal says when the effect asked of has no part that does what is asked
NO_SUCH_PART = " has no part that does "
# (sisterAF) what a refusal of the told story (not of the cards) says
SITUATION_GAP = "the situation model has no "
# a story the situation could not place and asks to be told otherwise ("removes one of what?
# (tell what was controlled first)"): a gap in the reading, which a story's frame may read
_TELL = "(tell "
# "whose effect is 'its flip effect'?": a pronoun the grammar's reading left without its card; the
# lexicon's reading (which may read the words around it otherwise) is tried once
_WHOSE = "whose effect is "
# "can I Tribute X?": an action asked of the asker with no effect said
_NO_EFFECT_SAID = "whose effect is asked about?"
# "who Summons?", "who activates it?": a clause told with no subject ("NS X, activate its
# effect"), which the lexicon may say again with the asker as its subject; "what was used
# before?": a second copy asked of, which says the first was used
_WHO = re.compile(r"could not understand the question: (?:who (?:Summons|activates)\b|what was used "
                  r"before\?)")
# "Player A activates Solemn Strike. Can Player B chain Red Reboot to it?": a card that answers only
# its controller's opponent, asked of the player who is not the asker
_OTHER_SIDE = "ask it from the side of the player who holds it"
_PLAYER_AB = re.compile(r"\bplayer ([ab])\b", re.IGNORECASE)
_FIRST_PERSON_WORDS = re.compile(r"\b(?:i|me|my|mine|we|us|our|you|your|opp|opponent)\b", re.IGNORECASE)
# "my opponent chains X destroying it": a participle read as X's cost, which X's text does not pay;
# the lexicon may read it as what X does
_NO_SUCH_COST = "has no effect whose cost is"
# (round 116) "X: "Discard 1 ...; draw 1 card". Is discarding a cost?": the words as written name
# no effect; the lexicon's reading may (the quotation before the question as its topic)
_WHICH_COST = "a cost of which effect?"
# "they chain D.D. Crow banishing one": a participle read as the chained card's cost, which is
# what the card does: a gap in reading the story (a story's frame may read it)
_DOES_NOT_PAY = "(it is what it does)"
# a family whose story is read only inside the question, given story lines apart (-e, scenario)
_LINES_APART = "not read with story lines given apart"
# "opp banishes 1 in response": which of the targeted cards, the grammar asks; a story's frame
# reads "1" as one of them, and asks of the others only where the targets are alike
_WHICH_TARGET = "which of the targeted cards?"
# "I chained X targeting 2 of their monsters, ...": a response told without what it answered;
# a gap in the story, which a story's frame may read (the frame reads "chained" as the card used)
_NOTHING_BEFORE = "it responds, but nothing was activated before it"


def _reading_gap(exc: BaseException) -> bool:
    """Whether a refusal is a gap in reading the told story, not what the cards do not do."""
    said = str(exc)
    return any(gap in said for gap in (SITUATION_GAP, _TELL, _NOTHING_BEFORE, _DOES_NOT_PAY)) or \
        said.endswith(_WHICH_TARGET)


class _Refused(Exception):
    """The grammar read the question, and resolving it against the cards refused it: that
    refusal says what the cards do not do, and is final."""

    def __init__(self, exc):
        self.exc = exc


def _once(text: str, scenario: list[str], db: CardDB, families: dict) -> dict:
    parsed = parse_question(text, db, families, scenario)
    try:
        return resolve_question(parsed, db, families)
    except NOT_PLACED as exc:
        raise _Refused(exc) from None


def understand(text: str, scenario: list[str], db: CardDB, families: dict, settle=None,
               mirror: bool = True) -> tuple[dict, Relexed | None]:
    """``settle(question)`` answers a nearest question (raising a refusal when it cannot): a
    refusal offers only questions that are answered.  Without it the nearest questions are
    those that parse and resolve."""
    said = _intent_line(scenario)
    if said is not None:
        # (round 123) "... I now want to activate X from my hand." told as the last line: what the
        # asker means to do, asked too (as when the question itself says it: _each_question)
        return understand(f"{said} {text}", scenario[:-1], db, families, settle, mirror)
    each = _each_question(text, scenario, db, families, settle)
    if each is not None:
        return each
    try:
        spec, relexed = _rephrase_asked(*_understood(text, scenario, db, families, settle),
                                        scenario, db, families)
        _refuse_meaning_set_aside(spec, relexed, db, families)
        return spec, relexed
    except NOT_PLACED as exc:
        if mirror and _OTHER_SIDE in str(exc):
            mirrored = _mirrored(text, scenario, db, families, settle)
            if mirrored is not None:
                return mirrored
        if _LINES_APART in str(exc) and any(line.strip() for line in scenario):
            # a family that reads its story only in the question: the lines told apart are that
            # story, told before it (the one reader reads both)
            told = " ".join(line.strip().rstrip(".") + "." for line in scenario if line.strip())
            return understand(f"{told} {text}", [], db, families, settle)
        each = _each_card(text, scenario, db, families)
        if each is None and "on whose field?" in str(exc):
            each = _each_owner(text, scenario, db, families)
        if each is not None:
            return each
        raise


# the families whose answer turns on what was done last (a response, a negation, a trigger)
_LAST_DONE = {"negate-summon", "negate-activation", "can-respond", "summon-negatable",
              "can-activate-now", "can-activate"}
_EARLIER = re.compile(r"\bearlier\b", re.IGNORECASE)


# "I (now) want to activate X.": the asker's intention, told as a line of its own
_INTENT_LINE = re.compile(r"^\s*(?:so\s+|and\s+)?(?P<who>i|we)\s+(?:now\s+|then\s+|just\s+)?"
                          r"(?P<rest>(?:want|wanna|would\s+like|'d\s+like)\b[^.?!]*?)\s*[.!]?\s*$",
                          re.IGNORECASE)


def _intent_line(scenario: list[str]) -> str | None:
    """The last scenario line when it tells only what the asker means to do ("I now want to
    activate Piri Reis Map from my hand."), as a sentence of the question's story (the question
    then asks it too); else None."""
    lines = [line for line in scenario if line.strip()]
    if not lines or len(lines) != len(scenario):
        return None
    m = _INTENT_LINE.match(lines[-1])
    if m is None:
        return None
    return f"{m.group('who')} {m.group('rest')}."


def _refuse_meaning_set_aside(spec: dict, relexed: Relexed | None, db: CardDB,
                              families: dict) -> None:
    """Words the reading set aside that change what is asked are refused, never dropped: an
    "earlier" before a question on what was done last, an alternative of another card."""
    _earlier_kept(spec, relexed, db)
    _alternative_kept(spec, relexed, db, families)


def _earlier_kept(spec: dict, relexed: Relexed | None, db: CardDB) -> None:
    """(hunt) "My opponent Normal Summoned a monster earlier this turn. Can I activate Torrential
    Tribute?": "earlier" says other things were done since, and a family that answers by what
    was done last would read the Summon as just made: refused, never dropped.  Not when later
    sentences were told (they were read after it: "earlier-first"), nor for an activation whose
    card answers no event (no trigger, response or negation: what was last does not matter)."""
    changes = relexed.changes if relexed is not None else []
    dropped = [c for c in changes if _EARLIER.search(c.written) and not _EARLIER.search(c.read)]
    if not dropped or spec.get("family") not in _LAST_DONE or \
            any(c.kind == "earlier-first" for c in changes):
        return
    asked = spec.get("effect") if spec.get("family") in ("can-activate-now", "can-activate") \
        else None
    card = db.find(asked.get("card")) if isinstance(asked, dict) and asked.get("card") else None
    if card is not None:
        from .reader import read_card

        if not any(f.type in ("trigger", "response_condition", "negation_scope", "negates")
                   for f in read_card(card).facts):
            return
    raise QuestionError(f"could not understand the question: {dropped[0].written!r} says it "
                        "happened earlier, and the answer turns on what was done last: tell what "
                        "happened since, or ask right after it", understood=spec)


def _alternative_kept(spec: dict, relexed: Relexed | None, db: CardDB, families: dict) -> None:
    """(hunt) "Can Sangan miss the timing, or is it Armageddon Knight that can?": an alternative
    set aside that names a card the rest of the question does not is another card's question
    (which of the two?), never the other answer of this one: refused, naming it."""
    changes = relexed.changes if relexed is not None else []
    for c in changes:
        if c.kind != "alternative":
            continue
        # (an example in parentheses, "(like Cyber Dragon)", is no card asked about)
        said = {m.card for m in mentions(re.sub(r"\([^)]*\)", " ", c.written), db, families)}
        rest = {m.card for m in mentions(relexed.text, db, families)}
        if said - rest:
            raise QuestionError(f"could not understand the question: {c.written!r} asks the same "
                                f"of another card ({', '.join(sorted(said - rest))}): ask one "
                                "card at a time", understood=spec)


def _mirrored(text: str, scenario: list[str], db: CardDB, families: dict, settle=None):
    """A question told of Player A and Player B only, refused because the card asked about is the
    other player's: the rules are the same for either player (parser/transform.player_in_words),
    so it is read with the two names swapped, and the swap is shown.  None when the question
    names no such players, or a player by any other word."""
    said = " ".join([text, *scenario])
    if not _PLAYER_AB.search(said) or _FIRST_PERSON_WORDS.search(_PLAYER_AB.sub(" ", said)):
        return None

    def swap(s: str) -> str:
        return _PLAYER_AB.sub(lambda m: m.group(0)[:-1] + {"a": "b", "b": "a", "A": "B",
                                                           "B": "A"}[m.group(1)], s)
    try:
        spec, relexed = understand(swap(text), [swap(line) for line in scenario], db, families,
                                   settle, mirror=False)
    except NOT_PLACED:
        return None
    relexed = relexed if relexed is not None else Relexed(swap(text))
    relexed.changes.insert(0, Change("read-as", "Player A / Player B", "Player B / Player A (the "
                                     "player who holds the card asked about is the asker)"))
    return spec, relexed


# "Skill Drain is face-up on the field": a card told face-up on the field, its controller unsaid
_ON_THE_FIELD = re.compile(r"\b(?P<lead>(?:is|are)\s+(?:still\s+|already\s+)?(?:face-up\s+)?on)\s+the\s+field\b",
                           re.IGNORECASE)


def _each_owner(text: str, scenario: list[str], db: CardDB, families: dict):
    """A card told face-up "on the field" with no player said ("Skill Drain is face-up on the
    field."): the question is asked with it on each player's field, and answered when both get
    the same yes or no (else unknown, saying so).  Only the first such card; None when a
    reading is not placed."""
    where = [(k, m) for k, line in enumerate([*scenario, text]) if (m := _ON_THE_FIELD.search(line))]
    if not where:
        return None
    k, m = where[0]
    specs, reading = [], None
    for owner in ("my", "my opponent's"):
        lines = [*scenario, text]
        line = lines[k]
        lines[k] = line[:m.start()] + f"{m.group('lead')} {owner} field" + line[m.end():]
        try:
            spec, read = _understood(lines[-1], lines[:-1], db, families)
        except NOT_PLACED:
            return None
        specs.append(spec)
        reading = reading or read
    said = m.group(0)
    out = Relexed(reading.text if reading else text, list(reading.changes) if reading else [])
    out.changes.append(Change("each-owner", said, "on my field / on my opponent's field"))
    note = f"'{said}' says no player's field: the answer is the same on either"
    differs = f"whose field it is on ('{said}'): the answer differs"
    return {**specs[0], "each": specs[1:], "each_note": note, "each_differs": differs}, out


# the end of a sentence: "?", "!" or "." before a space (one inside a card's name is not)
_SENTENCE_END = re.compile(r"[?!.](?=\s)")
# at most this many questions are read apart in one text
_MOST_QUESTIONS = 3


def _each_question(text: str, scenario: list[str], db: CardDB, families: dict, settle=None):
    """A text that asks two questions or three ("Does this Summon start a Chain? Can I chain X to
    it?"): each is read with the story around it (the other questions set apart) and must be
    placed on its own; the answer stands when each gets the same yes or no (else unknown, saying
    which gets which).  What the asker says they mean to do ("... and I want to destroy it with
    X.") is one of the questions ("Can I destroy it with X?").  None when the text asks one
    question, or one of them is not placed."""
    written, text = text, intent_asked(text) or text
    if text.count("?") < 2:
        return None             # one question (the names are not searched for it)
    from .parser.tokens import _name_end

    # a name's span without the punctuation after it ("Magic Jammer?"), as the tokenizer reads it
    inside = [(m.start, _name_end(text, m)) for m in mentions(text, db, families)]
    cuts = [m.end() for m in _SENTENCE_END.finditer(text)
            if not any(s <= m.start() < e for s, e in inside)]
    pieces = [text[a:b].strip() for a, b in zip([0, *cuts], [*cuts, len(text)])]
    pieces = [p for p in pieces if p]
    asking = [k for k, p in enumerate(pieces) if p.endswith("?")]
    if not 2 <= len(asking) <= _MOST_QUESTIONS or text.count("?") != len(asking):
        return None
    read = []
    for k in asking:
        one = " ".join(p for j, p in enumerate(pieces) if j == k or j not in asking)
        try:
            read.append(understand(one, scenario, db, families, settle, mirror=False))
        except NOT_PLACED:
            return None
    # the first is asked as itself, the others as its parts: a first asked in parts keeps them
    read.sort(key=lambda got: any(k in got[0] for k in _COMPOUND))
    if any(any(k in spec for k in _COMPOUND) for spec, _r in read[1:]):
        return None
    (spec, reading), rest = read[0], read[1:]
    out = Relexed(reading.text if reading else text, list(reading.changes) if reading else [])
    out.changes.append(Change("each-question", written,
                              " / ".join(pieces[k] for k in asking)))
    note = f"the text asks {len(asking)} questions: each gets the same answer"
    differs = "which question is meant: the answer differs"
    # each question is asked in its own situation (never in the first one's)
    return {**spec, "each": [{"situation": [], "entities": {}, **s} for s, _r in rest],
            "each_note": note, "each_differs": differs}, out


# (rephrasings) a spec asked in parts already: a rephrasing is not added to it
_COMPOUND = ("each", "and", "or", "invert")


def _rephrase_asked(spec: dict, relexed: Relexed | None, scenario: list[str], db: CardDB,
                    families: dict) -> tuple[dict, Relexed | None]:
    """"does X start a chain? like is it a chain link?": the question said again in other words
    (set aside by the lexicon) is asked too when it can be read, with the story told before the
    question: the answer stands when both agree, else it is unknown, saying which gives which.
    A rephrasing that cannot be read stays set aside and shown."""
    said = [c for c in (relexed.changes if relexed is not None else []) if c.kind == "rephrased"]
    if len(said) != 1 or any(k in spec for k in _COMPOUND):
        return spec, relexed
    parts = [x for x in re.split(r"(?<=[.!?])\s+", relexed.text.strip()) if x]
    again = said[0].read.strip()
    again = again[:1].upper() + again[1:] + ("" if again.endswith("?") else "?")
    try:
        other, _ = _understood(" ".join(parts[:-1] + [again]), scenario, db, families)
    except NOT_PLACED:
        # (hunt) "Can I activate X? In other words, can I activate it from my hand?": a
        # rephrasing that cannot be read and says a word that changes a ruling the question
        # before it does not (a place, a player, a time, a number, a negation) may ask more; a
        # yes waits on it (a no stands)
        before = set(re.findall(r"[\w'-]+", parts[-1].lower()))
        plain = re.sub(r"\bchain links?\b", "chain", again.lower())   # ("a Chain Link": no Link Summon)
        added = [w for w in re.findall(r"[\w'-]+", plain) if w not in before]
        asks = re.match(r"(?:(?:in other words|i\.e\.|ie|that is|like|so|or)[,\s]+)*(?:can|could|does|do|"
                        r"did|is|are|will|would|may|should)\b", said[0].read.strip().lower())
        if asks is None or not any(w in ruling_words() or w.isdigit() for w in added):
            # (a gloss the asker states, "like its not a target right", is no second question)
            return spec, relexed
        needs = f"what {said[0].read.strip()!r}, said again in other words, adds"
        return {**spec, "also_needs": "; ".join([spec["also_needs"], needs] if spec.get(
            "also_needs") else [needs])}, relexed
    if any(k in other for k in _COMPOUND):
        return spec, relexed
    note = "the question said again in other words gets the same answer"
    differs = (f"which question is meant ({parts[-1]!r} or {again!r}): the answer differs")
    return {**spec, "each": [other], "each_note": note, "each_differs": differs}, relexed


def _each_card(text: str, scenario: list[str], db: CardDB, families: dict):
    """A name written in part that stands in the names of a few cards ("Granmarg": Granmarg the
    Rock Monarch and Granmarg the Mega Monarch; "chaos emperor"; "draconids"), in a question no
    reading placed: the question is asked of each card, and answered when every one gets the
    same yes or no (else unknown, saying which card gives which).  None when there is not
    exactly one such name, or a card's question is not placed."""
    runs = _partial_name_runs(text, db, families)
    if len(runs) != 1:
        return None
    start, end, cards = runs[0]
    specs, reading = [], None
    for card in cards:
        try:
            spec, read = _understood(text[:start] + card + text[end:], scenario, db, families)
        except NOT_PLACED:
            return None
        specs.append(spec)
        reading = reading or read
    said = text[start:end]
    out = Relexed(reading.text if reading else text, list(reading.changes) if reading else [])
    out.changes.append(Change("each-card", said, " / ".join(cards)))
    note = (f"'{said}' begins the names of {', '.join(cards)}: the answer is the same for each")
    differs = (f"which card '{said}' means ({', '.join(cards)}): the answer differs")
    return {**specs[0], "each": specs[1:], "each_note": note, "each_differs": differs}, out


def _partial_name_runs(text: str, db: CardDB, families: dict) -> list[tuple[int, int, list[str]]]:
    """The runs of up to three words the question language has no place for (no card named
    there) that begin the names of 2-3 cards, or stand as whole words in the names of 2-4
    (one word of English only when it begins them, as people shorten a name: "Granmarg")."""
    from .parser.grammar import grammar_for
    from .parser.names import _english

    plain = grammar_for(families).terminal
    named = [(m.start, m.end) for m in mentions(text, db, families)]
    words = []
    for m in re.finditer(r"[A-Za-z][\w\-]*(?:'s)?", text):
        bare = m.group()[:-2] if m.group().endswith("'s") else m.group()
        if any(a < m.end() and m.start() < b for a, b in named) or plain(bare.lower()):
            words.append(None)
        else:
            words.append((m.start(), m.start() + len(bare), bare, m.group() != bare))
    runs, i = [], 0
    while i < len(words):
        if words[i] is None:
            i += 1
            continue
        j = i
        # a run: free words next to each other (only spaces between them, no possessive inside)
        while j + 1 < len(words) and words[j + 1] is not None and not words[j][3] and \
                not text[words[j][1]:words[j + 1][0]].strip() and j + 1 - i < 3:
            j += 1
        found = None
        for k in range(j, i - 1, -1):
            said = text[words[i][0]:words[k][1]]
            lone_english = k == i and _english(said.lower())
            cards = db.beginning(said)
            if cards and not db.holding(said, most=len(cards)):
                # (hunt 70) "cyclone": more cards hold the words than begin with them (Cosmic
                # Cyclone, Double Cyclone ...): not a name shortened to its first words
                cards = []
            if not cards and not lone_english:
                cards = list(dict.fromkeys(db.holding(said, most=4)))
                cards = cards if len(cards) >= 2 else []
            if cards:
                found = (words[i][0], words[k][1], cards)
                i = k + 1
                break
        if found is None:
            i = j + 1
            continue
        runs.append(found)
    return runs


def _understood(text: str, scenario: list[str], db: CardDB, families: dict, settle=None
                ) -> tuple[dict, Relexed | None]:
    own, said = players_own(text)
    lines, told = [], []
    for line in scenario:
        line2, ch = players_own(line) if isinstance(line, str) else (line, [])
        lines.append(line2)
        told += ch
    if said or told:
        spec, reading = _understood_as_said(own, lines, db, families, settle)
        reading = reading if reading is not None else Relexed(own, [])
        reading.changes[:0] = told + said
        return spec, reading
    return _understood_as_said(text, scenario, db, families, settle)


def _understood_as_said(text: str, scenario: list[str], db: CardDB, families: dict, settle=None
                        ) -> tuple[dict, Relexed | None]:
    try:
        return _results_asked(*_understand(text, scenario, db, families, settle), db, families)
    except NOT_PLACED as exc:
        lines = [line.strip() for line in scenario]
        if not lines or not all(lines):
            raise
        # scenario lines are the story told before the question: read them as its first
        # sentences when they were not read as lines (the told-story grammar reads more)
        told = " ".join(line if line[-1] in ".!?" else line + "." for line in lines)
        try:
            return _results_asked(*_understand(f"{told} {text}", [], db, families, settle,
                                               story_aside=False), db, families)
        except NOT_PLACED:
            raise exc from None


def _names_first(text: str, relexed: Relexed, db: CardDB, families: dict) -> Relexed:
    """Names written in part, said in full before the lexicon reads the question (the lexicon's
    readings that need a card's name then see it: "my first moonlit chill got its activation
    negated").  The question as written is read again from the start, never the lexicon's reading
    twice; ``relexed`` (names said in full after the lexicon) stays when this changes nothing."""
    named = Relexed(normalise(text), [])
    partial_names(named, db, families)
    try:
        again = relex_around_names(named.text, db, families)
    except QuestionError:
        return relexed
    bare_possessives(again, db, families)
    partial_names(again, db, families)
    if again.text == relexed.text:
        return relexed
    return Relexed(again.text, named.changes + [c for c in again.changes if c not in named.changes])


def _results_asked(spec: dict, relexed: Relexed | None, db: CardDB, families: dict
                   ) -> tuple[dict, Relexed | None]:
    """(chains) A result the asker wants, said after the question ("can I chain X to it so the
    monster does not come back?", set aside by the lexicon): it cannot make a "no" a "yes" (what
    cannot be done achieves nothing), so the answer stands when it is no; a yes needs the result
    too, which is asked of the reader only in its own question (``also_needs``: unknown).  A
    result that only says what the asked effect's own text does ("... to give my battling monster
    700 ATK") is grounded in that text instead (:func:`grounded.result_as_its_text_says`)."""
    changes = relexed.changes if relexed is not None else []
    acting = spec.get("effect") if isinstance(spec, dict) and \
        spec.get("family") == "can-activate-now" else None
    # (a result said of "it" after a told activation may be what is done to that activation,
    # which the text of the effect asked about does not say: asked too)
    told = any(isinstance(ev, dict) and ev.get("kind") == "activate"
               for ev in (spec.get("situation") or [] if isinstance(spec, dict) else []))
    for i, c in enumerate(changes):
        if c.kind == "result" and not (told and re.search(
                r"\b(?:it|them|that|this|those|these)\b", c.written, re.IGNORECASE)):
            card = result_as_its_text_says(c.written, acting, db, families)
            if card is not None:
                changes[i] = Change("grounded", c.written, card)
    results = [c.written for c in changes if c.kind == "result"]
    if results:
        need = "whether it does that: " + "; ".join(repr(r) for r in results)
        spec["also_needs"] = spec["also_needs"] + "; " + need if spec.get("also_needs") else need
    return spec, relexed


def _lexicon_once(text: str, scenario: list[str], db: CardDB, families: dict):
    """(sisterAF) The question read once more through the lexicon (with the card names), when the
    lexicon changed some of its words: (spec, reading), or None."""
    try:
        relexed = relex_around_names(normalise(text), db, families)
    except QuestionError:
        return None
    relexed.changes += [c for c in _lines_changes(scenario, db, families)
                        if c not in relexed.changes]
    if not any(c.kind == "read-as" for c in relexed.changes):
        return None
    lines = _relexed_lines(scenario, db, families)
    spec, read, _err = _Tries(lines, db, families).read_as(relexed)
    return (spec, read) if spec is not None else None


def _relexed_lines(scenario: list[str], db: CardDB, families: dict) -> list[str]:
    """The scenario lines read through the lexicon around their card names (blank lines kept)."""
    # ("Earlier this turn, ..." told after other lines happened first: read first)
    return [relex_around_names(line, db, families).text if line.strip() else line
            for line in earlier_first(list(scenario))]


def _lines_changes(scenario: list[str], db: CardDB, families: dict) -> list:
    """What the lexicon changed in the scenario lines (a line it does not read changes nothing)."""
    changes = []
    for line in scenario:
        if line.strip():
            try:
                changes += relex_around_names(line, db, families).changes
            except QuestionError:
                continue
    ordered = earlier_first(list(scenario))
    if ordered != list(scenario):
        # a line told to have happened earlier is read first (the lines are read in that order)
        moved = next(a for a, b in zip(ordered, scenario) if a != b)
        changes.append(Change("earlier-first", moved, "read first"))
    return changes


def _then_asked(tries: "_Tries", reading: Relexed, db: CardDB, families: dict):
    """A reading, then (when it is not placed) the same with its question sentence read by its
    parts: (spec or None, its reading, the first try's error)."""
    spec, read, err = tries.read_as(reading)
    if spec is None:
        both = _with(question_clause, reading, db, families)
        if both is not None:
            spec, read, _err = tries.read_as(both)
    return spec, read, err


# "whose is 'Card Destruction'?": the card the story told without its player
_WHOSE_CARD = re.compile(r"whose is '(?P<card>[^']{2,80})'\?")


def _each_player(exc, text: str, scenario: list[str], db: CardDB, families: dict):
    """(session after 34b7d8b) "Card Destruction made me discard Peten. ...": a card the story
    tells without whose it is, where the story needs its player, is asked as the asker's and as
    the opponent's in turn: settled when both get the same answer (whoever's it is, that is the
    answer), else unknown, saying which gives which.  Only for a question without scenario lines,
    the card's name written once, with no possessive before it."""
    m = _WHOSE_CARD.search(str(exc))
    if m is None or scenario:
        return None
    name = m.group("card")
    if db.find(name) is None:
        return None         # "a card effect": no card named
    spots = [x for x in re.finditer(rf"(?<![\w'\-]){re.escape(name)}(?![\w\-])", text, re.IGNORECASE)]
    if len(spots) != 1 or re.search(r"\b(?:my|your|their|his|her|opp's|opponent's|'s)\s*$",
                                    text[:spots[0].start()], re.IGNORECASE):
        return None
    at = spots[0]
    specs, changes = [], []
    for owner in ("my", "my opponent's"):
        try:
            spec, read = _understand(text[:at.start()] + f"{owner} {at.group()}" + text[at.end():],
                                     [], db, families)
        except NOT_PLACED:
            return None
        if any(k in spec for k in _COMPOUND):
            return None
        specs.append(spec)
        changes += [c for c in (read.changes if read is not None else []) if c not in changes]
    note = f"the answer is the same whoever's {name} it is"
    differs = f"whose {name} it is: the answer differs"
    out = Relexed(text, [Change("each-owner", at.group(), f"my {name} and my opponent's {name}")]
                  + [c for c in changes if name not in c.written])
    return {**specs[0], "each": specs[1:], "each_note": note, "each_differs": differs}, out


def _understand(text: str, scenario: list[str], db: CardDB, families: dict, settle=None,
                story_aside: bool = True) -> tuple[dict, Relexed | None]:
    """``story_aside``: a story before a question about the card text alone may be set aside
    (never the scenario lines the user gave, read as told sentences)."""
    try:
        return _once(text, scenario, db, families), None
    except _Refused as refused:
        if _NO_LINK_TOLD in str(refused.exc):
            # "X was Special Summoned as Chain Link 2, then Chain Link 1 resolved": a Chain told
            # only by its links' numbers, read again below (rereading.chain_links_told)
            first = refused.exc
        else:
            each = _each_effect(refused.exc, text, scenario, db, families)
            if each is not None:
                return each
            owned = _each_player(refused.exc, text, scenario, db, families)
            if owned is not None:
                return owned
            if getattr(refused.exc, "effects", None) or _NO_EFFECT_SAID in str(refused.exc):
                # "X fits more than one effect": a cost or a purpose said may tell which ("can I
                # chain X from my hand to banish ...?"); "can I Tribute X?" asked of no effect: the
                # cost its text pays with X itself may say which is activated
                acting = _acting_reading(text, scenario, db, families)
                if acting is not None:
                    return acting
            negating = _negator_reading(text, scenario, db, families)
            if negating is not None:
                # "I have Solemn Strike set. ... Can I negate it?": read with the card that negates
                return negating
            if SITUATION_GAP in str(refused.exc) or _WHOSE in str(refused.exc) or \
                    _WHO.search(str(refused.exc)) or _NO_SUCH_COST in str(refused.exc) or \
                    _WHICH_COST in str(refused.exc):
                # (sisterAF) not a refusal of the cards but a story the situation has no event for
                # ("opp tributes a monster and tribute summons X"): the lexicon's reading once (every
                # change shown), else the refusal stands
                again = _lexicon_once(text, scenario, db, families)
                if again is not None:
                    return again
            if not scenario and (getattr(refused.exc, "effects", None) or _reading_gap(refused.exc)):
                # "X fits more than one effect" (a story's frame may say which: the one that
                # targets and does what is asked), or a story the situation could not place ("...
                # so i drew 2 before it resolves. does it still work?"): a story's frame may read it
                told = _story_of(text, db, families)
                if told is not None:
                    return told
            # the grammar placed it as written and the cards refused it: that refusal says what the
            # cards do not do, and is final (a reading by parts could drop what the cards refuse)
            raise _near(refused.exc, text, scenario, db, families, settle) from None
    except NOT_PLACED as exc:
        first = exc
    if isinstance(first, QuestionError) and first.unplaced is None and first.line is None:
        # a bound or an empty question: reading the words again changes nothing (a scenario line
        # the lines' reader refused is read again through the lexicon, below)
        raise _near(first, text, scenario, db, families, settle)
    asked, inner = inner_quotes(normalise(text), db, families)
    asked, aside = said_in_parentheses(asked, db, families)
    aside[:0] = inner
    try:
        relexed = relex_around_names(asked, db, families)
    except QuestionError:
        raise _near(first, text, scenario, db, families, settle) from None
    relexed.changes[:0] = aside
    bare_possessives(relexed, db, families)
    # (frames) the frame reads the question as the lexicon read it, before the readings by
    # parts retell it for the grammar (a clause it grounds is not a story to them)
    framable = relexed
    before = relexed.text
    partial_names(relexed, db, families)
    if relexed.text != before:
        # read again from the question as asked, with what its parentheses said set aside
        relexed = _names_first(asked, relexed, db, families)
        relexed.changes[:0] = [c for c in aside if c not in relexed.changes]
    demonstrative_names(relexed, db, families, tuple(scenario))
    card_verbs(relexed, db, families)
    chain_links_told(relexed, db, families)
    card_says(relexed, db, families)
    quoted_after_names(relexed, db, families)
    own_procedure_quoted(relexed, db, families)
    trigger_kind_said(relexed, db, families)
    triggered_together_as_moved(relexed, db, families)
    tokens_as_its_text_says(relexed, db, families)
    hit_as_its_text_says(relexed, db, families)
    summoned_as_its_text_says(relexed, db, families)
    purpose_as_its_text_says(relexed, db, families)
    effect_told_by_what_it_does(relexed, db, families)
    nothing_left_as_its_text_takes(relexed, db, families)
    doing_as_its_text_says(relexed, db, families)
    object_as_its_text_says(relexed, db, families)
    claims_checked(relexed, db, families, settle)
    told_again(relexed, db, families)
    lines = _relexed_lines(scenario, db, families)
    second, tries = first, _Tries(lines, db, families)
    lines_err = None
    if not relexed.changes and getattr(first, "line", None) is not None:
        # a scenario line that was not read, read by the same lexicon as the question (what it
        # changed in the lines is told); its refusal is not final: the readings below go on
        said = [c for c in _lines_changes(scenario, db, families)]
        if any(c.kind == "read-as" for c in said):
            spec, read, lines_err = _Tries(lines, db, families).read_as(Relexed(relexed.text, said))
            if spec is not None:
                return spec, read
            if not isinstance(lines_err, QuestionError) or lines_err.line is not None and \
                    not (isinstance(lines_err.line, int) and isinstance(first.line, int)
                         and lines_err.line > first.line):
                lines_err = None    # (the same line still not read: the first error names it)
    if relexed.changes:
        spec, read, second = tries.read_as(relexed)
        if spec is not None:
            return spec, read
    # a negation asked with no card: the one the story told the asker has, or a card told only
    # by what it does (each tried on a copy: a reading it does not place changes nothing after)
    for step in (negator_told, negator_held):
        negating = _with(step, relexed, db, families)
        if negating is not None:
            spec, read, _err = tries.read_as(negating)
            if spec is not None:
                return spec, read
    # the topic said first ("X: opp negated that effect. ...") said again where the story points
    # at it
    topical = _with(topic_said_again, relexed, db, families)
    if topical is not None:
        spec, read, _err = tries.read_as(topical)
        if spec is not None:
            return spec, read
    # the question sentence read by its parts (the one event it asks about), then the story read
    # by its parts, then both: only when the words so far leave the question unplaced
    asked = _with(question_clause, relexed, db, families)
    if asked is not None:
        spec, read, _err = tries.read_as(asked)
        if spec is not None:
            return spec, read
    told = _with(story_clauses, relexed, db, families)
    if told is not None:
        relexed = told
        spec, read, second = _then_asked(tries, relexed, db, families)
        if spec is not None:
            return spec, read
    # a cost or a purpose that says which of a card's effects is activated ("can I Tribute X ...
    # to Special Summon ...?"), when no reading so far placed the question
    acting = _acting(relexed, db, families)
    if acting is not None:
        spec, read, _err = _then_asked(tries, acting, db, families)
        if spec is not None:
            return spec, read
    # (chains) last: a purpose no reading placed ("... to banish something they just sent to the
    # GY?"), set aside and asked too (_results_asked: a no stands, a yes is unknown)
    aside = _with(purpose_aside, relexed, db, families)
    if aside is not None:
        spec, read, _err = _then_asked(tries, aside, db, families)
        if spec is not None:
            return spec, read
    if tries.refusal is not None:
        owned = _each_player(tries.refusal, text, scenario, db, families)
        if owned is not None:
            return owned
    if tries.refusal is not None and not _reading_gap(tries.refusal):
        # a reading the grammar placed and the cards refused, and no other reading placed it:
        # that refusal says what the cards do not do, and is final
        refusal = tries.refusal
        raise _near(refusal, refusal.relexed.text, lines, db, families, settle) from None
    if tries.refusal is not None:
        # (a story the situation has no event for: a story's frame may read it; else that
        # refusal stands)
        told = _by_story(framable, normalise(text), db, families) if not scenario else None
        if told is not None:
            return told
        refusal = tries.refusal
        raise _near(refusal, refusal.relexed.text, lines, db, families, settle) from None
    if not scenario and story_aside:
        static = _without_the_story(relexed, db, families)
        if static is not None:
            return static
    # last: the question read by its frame (a question about what a card's text does, in words
    # no shape of the grammar has): :mod:`psct_expert.frames`
    framed = None
    if not scenario:
        framed = _by_frame(framable, normalise(text), db, families, story_aside)
        if framed is None and relexed is not framable:
            framed = _by_frame(relexed, normalise(text), db, families, story_aside)
    if framed is not None:
        return framed
    # a quotation after a card's name that says which of its effects, read as that effect ("X's
    # third effect") when no reading that could use it placed the question
    aside = _with(_quotes_of_several_as_effects, relexed, db, families)
    if aside is not None:
        spec, read, _err = tries.read_as(aside)
        if spec is not None:
            return spec, read
        framed = _by_frame(aside, normalise(text), db, families, story_aside) if not scenario else None
        if framed is not None:
            return framed
    if not relexed.changes:
        # (the lines read once the lexicon read them, the question then refused: that refusal
        # says what is still missing, not the line the first reading stopped at)
        raise _near(lines_err or first, text, scenario, db, families, settle) from None
    # the error of the reading that went further (an unknown card it did not resolve is news;
    # a scenario line that neither reading reads is named as it was written)
    named = {c.written for c in relexed.changes}
    went_further = isinstance(first, QuestionError) and isinstance(second, QuestionError) and \
        first.unplaced is not None and second.unplaced is not None and \
        _reach(first, text) > _reach(second, relexed.text) and \
        _still_there(first.unplaced, relexed.text)
    if isinstance(second, UnknownCard) and not isinstance(first, UnknownCard) or \
            isinstance(first, UnknownCard) and not any(w in first.name for w in named) or \
            getattr(first, "line", None) is not None or went_further:
        err = first
    else:
        err = second
    err.relexed = relexed
    raise _near(err, relexed.text, scenario, db, families, settle) from None


def _by_frame(relexed: Relexed, written: str, db: CardDB, families: dict, story_aside: bool):
    """The question read by its frame (:func:`psct_expert.frames.by_frame`): each canonical
    question it gives is read by the grammar, and more than one (one per effect its words fit)
    must get the same answer (``each``).  None when the frame gives none, or one is not placed.
    The scenario lines the user gave are never a story set aside (``story_aside`` False)."""
    from .frames import by_frame

    got = by_frame(relexed, written, db, families)
    if got is None:
        return _by_story(relexed, written, db, families)
    framed = _by_its_frame(got[:2], db, families, story_aside)
    if framed is None and len(got) > 2:
        # the thing the cue is asked of, not read with it: asked too, the question without it
        framed = _by_its_frame(got[2], db, families, story_aside)
    return framed if framed is not None else _by_story(relexed, written, db, families)


def _by_its_frame(got, db: CardDB, families: dict, story_aside: bool):
    """A frame's canonical questions read by the grammar (see :func:`_by_frame`)."""
    if not story_aside and any(c.kind in ("story-aside", "story-effect")
                               for c in got[1].changes):
        return None
    asked, reading = got
    specs = []
    for question in asked:
        try:
            specs.append(_once(question, [], db, families))
        except (_Refused, *NOT_PLACED):
            return None
    if len(specs) > 1:
        return {**specs[0], "each": specs[1:]}, reading
    return specs[0], reading


def _story_of(text: str, db: CardDB, families: dict):
    """The question as written, read by a story's frame (:func:`_by_story`), or None."""
    try:
        return _by_story(relex_around_names(normalise(text), db, families), normalise(text), db,
                         families)
    except QuestionError:
        return None


def _by_story(relexed: Relexed, written: str, db: CardDB, families: dict):
    """The question read by the frame of its story (:func:`psct_expert.frames.by_story`): its
    spec, checked by building it, and the reading; None when there is none or it is not built."""
    from .frames import by_story
    from .questions import build_question

    got = by_story(relexed, written, db, families)
    if got is None:
        return None
    spec = got[0]
    try:
        for part in [spec, *spec.get("each", [])]:
            for one in [part, *part.get("and", [])]:
                build_question({k: v for k, v in one.items() if k not in ("and", "each")}, db)
    except QuestionError:
        return None
    return got


def _reread(text: str, scenario: list[str], db: CardDB, families: dict, reading):
    """The question read again, after a first reading the cards refused: relexed with its names,
    then ``reading(relexed)`` (a second reading: a changed copy, or None); (spec, reading) when
    that is placed, else None."""
    try:
        relexed = relex_around_names(normalise(text), db, families)
    except QuestionError:
        return None
    partial_names(relexed, db, families)
    again = reading(relexed)
    if again is None:
        return None
    spec, read, _err = _then_asked(_Tries(_relexed_lines(scenario, db, families), db, families),
                                   again, db, families)
    return (spec, read) if spec is not None else None


def _acting_reading(text: str, scenario: list[str], db: CardDB, families: dict):
    """The question read with the effect its cost or purpose says (:func:`cost_said_as_activation`),
    when that reading is placed: (spec, reading), else None."""
    return _reread(text, scenario, db, families, lambda r: _acting(r, db, families))


def _negator_reading(text: str, scenario: list[str], db: CardDB, families: dict):
    """The question read with the one card the story told the asker has that negates
    (:func:`negator_told`), when the question asks a negation with no card and that reading is
    placed: (spec, reading), else None."""
    return _reread(text, scenario, db, families, lambda r: _with(negator_told, r, db, families))


def _acting(relexed: Relexed, db: CardDB, families: dict) -> Relexed | None:
    """The reading that says which effect is activated: by the cost or the purpose the question
    says (:func:`cost_said_as_activation`), else by what the story tells the card did
    (:func:`told_doing_says_which`); None when neither changes anything."""
    return _with(cost_said_as_activation, relexed, db, families) or \
        _with(told_doing_says_which, relexed, db, families)


def _quotes_of_several_as_effects(relexed: Relexed, db: CardDB, families: dict) -> None:
    quoted_after_names(relexed, db, families, several=True)


def _with(step, relexed: Relexed, db: CardDB, families: dict) -> Relexed | None:
    """A copy of ``relexed`` with ``step`` (a reading by parts) applied: the copy when the step
    changed something, else None."""
    out = Relexed(relexed.text, list(relexed.changes))
    step(out, db, families)
    return out if len(out.changes) > len(relexed.changes) else None


class _Tries:
    """The second readings of one question, each tried in turn (:meth:`read_as`).  A reading the
    grammar places and the resolution against the cards refuses is kept (the first such): it is
    final only when no later reading places the question."""

    def __init__(self, lines: list[str], db: CardDB, families: dict):
        self.lines, self.db, self.families = lines, db, families
        self.refusal = None

    def read_as(self, relexed: Relexed) -> tuple[dict | None, Relexed | None, Exception | None]:
        """The question read as ``relexed`` says: (its spec, the reading, None), or (None, None,
        the error that left it unplaced)."""
        try:
            return _once(relexed.text, self.lines, self.db, self.families), relexed, None
        except _Refused as refused:
            each = _each_effect(refused.exc, relexed.text, self.lines, self.db, self.families,
                                relexed)
            if each is not None:
                return each[0], each[1], None
            refused.exc.relexed = relexed
            if self.refusal is None:
                self.refusal = refused.exc
            return None, None, refused.exc
        except NOT_PLACED as exc:
            return None, None, exc


# families whose question any one effect of the card settles: "Can Honest be activated in the
# Damage Step?" is yes when one of its effects can be
EXISTENTIAL = {"can-activate-now"}
_ORDINAL = ORDINAL_WORDS


def _each_effect(exc, text: str, lines: list[str], db: CardDB, families: dict,
                 relexed: Relexed | None = None):
    """A card named where more than one of its effects fits: the question is asked of each effect
    in turn ("the second effect of X").  In a question that any one effect settles
    (``EXISTENTIAL``) it is yes when one of them can (``or``), no when none can; in any other it
    is settled only when every effect gets the same answer (``each``: then whichever effect was
    meant, that is the answer).  The reading says so.  None when a rewording is not placed.
    Where the name is written more than once, its first place is tried, then its last (the
    question's, after a story that names the card too)."""
    effects = getattr(exc, "effects", None)
    if not effects:
        return None
    said = effects["text"]
    # where the name stands as said: never inside a longer mention, the card's full name written
    # elsewhere ("... the Quick Effect of "X Y". Does Y resolve first?": the question's "Y")
    full = [(m.start(), m.end()) for m in re.finditer(re.escape(effects["card"]), text, re.IGNORECASE)] \
        if said.lower() != str(effects["card"]).lower() else []
    spots = [m for m in re.finditer(r"\s*".join(re.escape(w) for w in said.split()), text,
                                    re.IGNORECASE)
             if not any(s <= m.start() and m.end() <= e for s, e in full)]
    for at in spots[:1] + spots[-1:] if len(spots) > 1 else spots:
        got = _each_effect_at(exc, text, lines, db, families, relexed, at)
        if got is not None:
            return got
    return None


def _each_effect_at(exc, text: str, lines: list[str], db: CardDB, families: dict,
                    relexed: Relexed | None, at):
    """:func:`_each_effect` with the name asked of each effect at ``at`` (a match in ``text``)."""
    effects = exc.effects
    # (a Summoning condition, which players do not number, is never the effect asked of)
    kept = [n for n in effects["ns"] if not (n in _ORDINAL and public(effects["card"], n) is None)]
    if kept and kept != effects["ns"]:
        effects = {**effects, "ns": kept}
    existential = (getattr(exc, "understood", None) or {}).get("family") in EXISTENTIAL
    asked_from = max(text.rfind(". ", 0, text.rfind("?")), text.rfind("! ", 0, text.rfind("?")))
    if existential and "?" in text and at is not None and at.start() < asked_from:
        # (round 114) an effect the story tells of ("... and I use its effect. Can I use the first
        # effect ...?"), not the one the question asks of: each reading of the story must give
        # the same answer (the question is not "yes when one of them can")
        existential = False
    numbered = [n for n in effects["ns"] if n in _ORDINAL]
    bullets = [n for n in effects["ns"] if isinstance(n, str) and n.partition(".")[0].isdigit()
               and int(n.partition(".")[0]) in _ORDINAL]
    if at is None or len(numbered) + len(bullets) != len(effects["ns"]) or any(
            public(effects["card"], n) not in _ORDINAL for n in numbered):
        return None
    specs, by_n = [], {}

    def asked_of(n: int) -> dict:
        if n not in by_n:
            asked = f"the {_ORDINAL[public(effects['card'], n)]} effect of {effects['card']}"
            by_n[n] = _once(text[:at.start()] + asked + text[at.end():], lines, db, families)
        return by_n[n]
    out = Relexed(relexed.text if relexed else text, list(relexed.changes) if relexed else [])
    purpose = _purpose_said(effects, db, out.changes)
    if purpose is not None and purpose[0] in numbered:
        # the story told what the card was activated for: that effect alone is asked
        n, why = purpose
        try:
            spec = asked_of(n)
        except (_Refused, *NOT_PLACED):
            return None
        out.changes.append(Change("purpose-effect", at.group(), f"{_said_effect(n, effects['card'])}, {why}"))
        return spec, out
    kept, lacking = [], []
    for n in effects["ns"]:
        try:
            if n in bullets:
                # a bullet that is an effect of its own: the question asked of its parent (its
                # number), the parent's reference made the bullet's
                parent = int(n.partition(".")[0])
                if _refs_to(asked_of(parent), effects["card"], parent) > 1 and re.search(
                        r"\b(?:its|the|their)\s+(?!effect\b|same\b|first\b|that\b)[\w\-]+\s+effect\b",
                        text[at.end():], re.IGNORECASE):
                    # (hunt 65) the parent said twice ("I used X's Special Summon effect. Can I use
                    # its search effect?", the search its own text): which is the bullet is not
                    # said by the reference alone
                    return None
                specs.append(_with_effect(asked_of(parent), effects["card"], parent, n))
            else:
                specs.append(asked_of(n))
            kept.append(n)
        except _Refused as refused:
            if NO_SUCH_PART not in str(refused.exc):
                return None
            lacking.append(n)       # it does not do what is asked: not the effect meant
        except NOT_PLACED:
            return None
    if not kept:
        return None
    if lacking:
        # "the effect of X ... do I still discard?": only the effects that do what is asked
        effects = {**effects, "ns": kept}
        if len(kept) == 1:
            out.changes.append(Change("object-effect", at.group(), _said_effect(kept[0], effects["card"]) +
                                      ", the only one that does what is asked"))
            return specs[0], out
    picked = _picked_effect(specs, effects, db, existential)
    if picked is not None:
        k, why = picked
        out.changes.append(Change("object-effect", at.group(),
                                  f"{_said_effect(effects['ns'][k], effects['card'])}, {why}"))
        return specs[k], out
    out.changes.append(Change("each-effect" if existential else "every-effect", at.group(),
                              effects["card"]))
    return {**specs[0], ("or" if existential else "each"): specs[1:]}, out


def _picked_effect(specs: list[dict], effects: dict, db: CardDB,
                   existential: bool) -> tuple[int, str] | None:
    """Of the readings asked of each effect a card's words fit, the one the question means, and
    why: the effect its told Summon triggers ("If I Link Summon X ..., can I use its banish
    effect?"); else, in a question no one effect settles, the one whose text says what is asked
    of ("does X's effect target the set card?"), or the one the question asks about after the
    story told it ("X's banish effect was negated, do I still get the restriction?").  None when
    nothing picks one."""
    k = _triggered_by_the_told_summon(specs, effects, db)
    if k is not None:
        return k, "the one its told Summon triggers"
    if existential:
        return None
    only = _object_said_by(specs, effects, db)
    if only is not None:
        return only[0], f"the only one whose text says {only[1]!r}"
    k = _asked_of_the_told(specs, effects)
    return (k, "the one the question asks about") if k is not None else None


def _purpose_said(effects: dict, db: CardDB, changes: list[Change]) -> tuple[int, str] | None:
    """(the one effect's number, why) when the story told what the card was activated for ("I
    activate X to negate the Summon", set aside as grounded in X's text) and that purpose stands
    in the text of exactly one of the effects its name fits.  None otherwise."""
    from .grounded import grounded_in
    from .reader.reader import read_card

    card = db.get(effects["card"])
    told = [c.written for c in changes if c.kind == "grounded" and c.read == effects["card"]
            and c.written.lower().startswith("to ")]
    if card is None or len(told) != 1:
        return None
    texts = {e.n: e.text for e in read_card(card).effects}
    fit = [n for n in effects["ns"] if grounded_in(told[0][3:], texts.get(n, ""))]
    return (fit[0], f"the only one whose text does what it was activated for ({told[0]!r})") \
        if len(fit) == 1 else None


def _said_effect(n, card: str) -> str:
    """An effect as the reading says it: "the second effect of X", "bullet 1.2 of X"."""
    if n in _ORDINAL and public(card, n) in _ORDINAL:
        return f"the {_ORDINAL[public(card, n)]} effect of {card}"     # as players number it
    return f"bullet {n} of {card}"


def _is_ref(spec: dict, card: str, n) -> bool:
    """Is ``spec`` itself a reference to effect ``n`` of ``card`` (and nothing more)?"""
    return spec.get("card") == card and str(spec.get("n")) == str(n) and set(spec) <= {"card", "n"}


def _refs_to(spec, card: str, n: int) -> int:
    """How many references ``spec`` holds to effect ``n`` of ``card``."""
    if isinstance(spec, dict):
        if _is_ref(spec, card, n):
            return 1
        return sum(_refs_to(v, card, n) for v in spec.values())
    if isinstance(spec, list):
        return sum(_refs_to(v, card, n) for v in spec)
    return 0


def _with_effect(spec, card: str, parent: int, bullet: str):
    """``spec`` with every reference to effect ``parent`` of ``card`` made one to its bullet."""
    if isinstance(spec, dict):
        if _is_ref(spec, card, parent):
            return {"card": card, "bullet": bullet}
        return {k: _with_effect(v, card, parent, bullet) for k, v in spec.items()}
    if isinstance(spec, list):
        return [_with_effect(v, card, parent, bullet) for v in spec]
    return spec


def _triggered_by_the_told_summon(specs: list[dict], effects: dict, db: CardDB) -> int | None:
    """The index of the one effect, of those the words fit, whose trigger is its own card being
    Summoned that way, when every reading asks at the event of a Summon of that card the story
    told ("If I Link Summon X using ..., can I use its banish effect?").  None otherwise."""
    from .reader.reader import read_card

    at = specs[0].get("event")
    if not at or any(s.get("event") != at for s in specs) or len(specs) < 2:
        return None
    told = next((e for e in specs[0].get("situation") or [] if e.get("id") == at), None)
    card = db.get(effects["card"])
    if told is None or told.get("kind") != "summon" or told.get("what") != effects["card"] or \
            card is None:
        return None
    kind = told.get("summon-kind", "special")
    facts = read_card(card).facts
    fit = []
    for k, n in enumerate(effects["ns"]):
        own = [f for f in facts if f.get("effect") == f"{card.name}#{n}"]
        if any(f.type == "trigger_self" for f in own) and \
                any(f.type == "trigger_names" and f.get("name") == "summoned" for f in own) and \
                any(f.type == "trigger_summon_kind" and f.get("kind") in (kind, "any", "special")
                    for f in own):
            fit.append(k)
    return fit[0] if len(fit) == 1 else None


def _asked_of_the_told(specs: list[dict], effects: dict) -> int | None:
    """The index of the one reading whose question asks about the very effect its story was
    given (the story's words fit several effects of the card, the question asks about one of
    them in every reading: "the no-direct-attack restriction" is of one effect only).  None when
    no reading, or more than one, does so."""
    fit = [k for k, (n, spec) in enumerate(zip(effects["ns"], specs))
           if isinstance(spec.get("effect"), dict) and spec["effect"].get("card") == effects["card"]
           and str(spec["effect"].get("n")) == str(n)]
    same = all(s.get("effect") == specs[0].get("effect") for s in specs)
    return fit[0] if len(fit) == 1 and same and len(specs) > 1 else None


# the words of an object that point at it rather than say what it is ("the", "their")
_POINTING = frozenset("the a an my your their his her its our that this those these "
                      "opp's opponent's opponents my opponent's 1 one".split())


def _object_said_by(specs: list[dict], effects: dict, db: CardDB) -> tuple[int, str] | None:
    """(index of the one effect, the words) when what the question asks of (its ``object``,
    "the set card") is said by the text of exactly one of the effects the card's name fits, in
    words the asker used: that effect is the one asked about.  None otherwise."""
    from .reader.reader import read_card
    from .situate.refs import grounded_in_text

    obj = specs[0].get("object")
    if not isinstance(obj, str) or any(s.get("object") != obj for s in specs):
        return None
    said = " ".join(w for w in obj.split() if w.lower() not in _POINTING)
    card = db.get(effects["card"])
    if not said or card is None:
        return None
    texts = {e.n: e.text for e in read_card(card).effects}
    fit = [k for k, n in enumerate(effects["ns"]) if grounded_in_text(said, texts.get(n, ""))]
    return (fit[0], said) if len(fit) == 1 and len(specs) > 1 else None


def _reach(err: QuestionError, text: str) -> float:
    """How far into its question a reading got before it stopped (0 to 1): where the first word
    it has no place for stands, or where the words it could not place begin."""
    u, n = err.unplaced or "", max(len(text), 1)
    if "has no place for" in str(err):
        at = text.lower().find(u.split()[0].lower()) if u.split() else -1
        return at / n if at >= 0 else 0.0
    return max(0.0, 1 - len(u) / n)


def _still_there(unplaced: str, text: str) -> bool:
    """Are the words a reading could not place all still in ``text`` (the reading shown)?  The
    error of the reading as written is said only then: naming a word the shown reading set aside
    or rewrote would send the asker after a word that is no longer the trouble."""
    have = {w.lower() for w in re.findall(r"[\w'+/-]+", text)}
    return all(w.lower() in have for w in re.findall(r"[\w'+/-]+", unplaced))


def _effects_of(db: CardDB, name: str) -> int:
    """How many effects the card's text has, its activation as a Spell/Trap Card counted."""
    from .reader import read_card

    card = db.find(name)
    return len(read_card(card).effects) if card is not None else 0


def _without_the_story(relexed: Relexed, db: CardDB, families: dict):
    """A question about the card text alone (``STATIC_FAMILIES``: does it target, does it start
    a Chain, is it a Quick Effect, ...) after a story the grammar cannot read: the question is
    read on its own, and the story is set aside and said so, since what happened does not
    change what the text does.  Only when the question sentence is read alone, names its card
    itself, is of such a family, is not about a Summon, and the story does not name its card;
    None otherwise."""
    from .frames.words import told_in_plain_words
    from .parser.lexicon import sentences
    from .resolve import STATIC_FAMILIES

    parts = sentences(relexed.text)
    if len(parts) < 2 or not parts[-1].endswith("?") or any(p.endswith("?") for p in parts[:-1]):
        return None
    if any(c.kind == "supposed" for c in relexed.changes):
        return None                     # (varyG) what the question supposes is never set aside
    try:
        spec = _once(parts[-1], [], db, families)
    except (_Refused, *NOT_PLACED):
        return None
    if spec.get("family") not in STATIC_FAMILIES or spec.get("situation") or spec.get("suppose") \
            or spec.get("family") == "misses-timing":
        # (whether an effect misses the timing is asked of what happened: never set aside)
        return None
    # a story about the question's own card, or a question about a Summon, may change what is
    # asked ("I Summon it with Monster Reborn. Does its Special Summon start a Chain?"): kept
    effect = spec.get("effect") if isinstance(spec.get("effect"), dict) else {}
    if spec.get("family") == "inherent-summon" or effect.get("select") == "summons-self":
        return None
    story = " ".join(parts[:-1])
    found = mentions(story, db, families)
    told = {m.card for m in found}
    asked = {m.card for m in mentions(parts[-1], db, families)}
    at = len(relexed.text) - len(parts[-1])
    if relexed.text.endswith(parts[-1]) and asked != {
            m.card for m in mentions(relexed.text, db, families) if m.start >= at}:
        # (hunt 72) the story names the card the question names short ("Kashtira Unicorn ...
        # Unicorn"): read alone, the question would name another
        return None
    if told & asked and not told_in_plain_words(story, [(m.start, m.end) for m in found]):
        # (a story told of the card asked about, every word of it placed: what it tells cannot
        # change what that card's text does)
        return None
    if told & asked and any(_effects_of(db, c) > 1 for c in told & asked):
        # (hunt 125b) "Does Imperial Order start a chain when it negates Spells?": what the story
        # tells the card did says which of its effects (or its activation) is asked: never set
        # aside (the readings that use it, or a refusal)
        return None
    from .frames.read import WHICH_EFFECT

    if WHICH_EFFECT.search(" ".join(parts[:-1])):
        return None     # "... ? asking for the first effect": which effect is asked, never a story
    out = Relexed(parts[-1], list(relexed.changes))
    out.changes.append(Change("story-aside", " ".join(parts[:-1]), spec["family"]))
    return spec, out


def _near(exc, text, scenario, db, families, settle=None):
    from .suggest import nearest_questions

    exc.nearest = nearest_questions(text, scenario, db, families, settle=settle,
                                    unplaced=getattr(exc, "unplaced", None))
    return exc


