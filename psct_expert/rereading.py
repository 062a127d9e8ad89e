"""The second reading's steps that need the card names: each rewrites a question as people write
it into the grammar's words, keeping every change (:class:`~psct_expert.parser.lexicon.Change`).

:func:`relex_around_names` reads the lexicon around the names; :func:`bare_possessives` ("petens
GY effect"), :func:`partial_names` ("Little Knight"), :func:`card_verbs` ("I veiler it") and
:func:`story_clauses` (a story sentence read by its parts, :mod:`psct_expert.parser.clauses`) and
:func:`question_clause` (the question sentence read by its parts), :func:`demonstrative_names`
("that X" named again) and :func:`players_own` ("during his turn" of a sentence's one "Player A",
read before the first parse) each change what they can place and leave the rest as written.
:mod:`psct_expert.understand` runs them.
"""

from __future__ import annotations

from . import kre as re
from .cards import CardDB
from .gamewords import gamewords
from .parser.lexicon import Change, Relexed, lexicon, relex
from .reader.numbering import said_number


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
    found = [(m.start, _name_end(text, m)) for m in mentions(text, db, families)]
    # (varyG) a dash found with the name ("bottomless trap hole - is ...?") is the sentence's
    found = [(s, s + len(text[s:e].rstrip(" -\u2013\u2014"))) for s, e in found]
    # sisterAF: a name that closes a parenthesis ("(e.g. a Link Summoned Avramax)"): the ")" is
    # the parenthesis's (so the lexicon sees the parenthesis whole)
    found = [(s, e - 1 if text[s:e].endswith(")") and "(" not in text[s:e] else e) for s, e in found]
    # (chains) a name that only begins a longer opener at a sentence's start ("Question from a
    # local: ...", the card "Question"): the opener, set aside by the lexicon
    opener = _opener()
    found = [(s, e) for s, e in found
             if opener is None or not (s == 0 or re.match(r"[.?!]\s", text[max(0, s - 2):s]))
             or not ((m := opener.match(text, s)) is not None and m.end() > e)]
    # ... or stands in a label before the question's colon ("Judge question: ..."): the label's
    from .parser.lexicon import _label_re

    label = _label_re()
    at = label.match(text) if label is not None else None
    found = [(s, e) for s, e in found if at is None or e > at.end()]
    # ... or is a label word after another card's name, before a colon ("Mystic Box question:",
    # the card "Question"): the topic's label (the lexicon keeps the card before it as the topic)
    words = {str(w).lower() for w in lexicon().get("label_words") or ()}
    found = [(s, e) for k, (s, e) in enumerate(found)
             if not (k and text[s:e].lower() in words and not text[found[k - 1][1]:s].strip()
                     and text[e:].lstrip().startswith(":"))]
    return relex(text, found)


def _opener():
    from .parser.lexicon import _patterns

    pat = _patterns()["openers"]
    return re.compile(pat.pattern, re.IGNORECASE) if pat is not None else None


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


# a word that says there are more copies of a card than one ("2 X", "another X", "both"): then
# "that X" picks one of them and stays as written
_COPIES = re.compile(r"\b(?:\d+|two|three|another|other|second|2nd|both|copies|copy|each)\b",
                     re.IGNORECASE)


def demonstrative_names(relexed: Relexed, db: CardDB, families: dict,
                        told: tuple[str, ...] = ()) -> None:
    """"Can Player B chain that Infinite Impermanence ...?", "does this Ash Blossom ...?": a card's
    name after "that"/"this" is that card, as its name alone says, when nothing told says there is
    more than one copy of anything (``told``: the story lines given apart)."""
    text = relexed.text
    if any(_COPIES.search(t) for t in (text, *told)):
        return
    for m in sorted(mentions(text, db, families), key=lambda m: -m.start):
        lead = re.search(r"\b(that|this)\s+$", text[:m.start], re.IGNORECASE)
        if lead is None or lead.start() == 0 or text[:lead.start()].rstrip()[-1:] in ".?!":
            continue            # ("This X ..." opening a sentence is read as written)
        relexed.changes.append(Change("read-as", text[lead.start():m.start].strip() + " " +
                                      text[m.start:m.end], text[m.start:m.end]))
        text = text[:lead.start()] + text[m.start:]
    relexed.text = text


# (hunt) a possessive pronoun before a place or a phase ("during his Main Phase", "from her hand")
_OWN_PRONOUN = re.compile(
    r"\b(?:his|her|their)\b(?=\s+(?:turn|(?:main|battle|standby|end|draw) phase|main phase [12]|mp ?[12]|bp|"
    r"gy|graveyard|hand|field|side)\b)", re.IGNORECASE)
_NAMED_PLAYER = re.compile(r"\bplayer ([ab])\b(?!'s)", re.IGNORECASE)


def players_own(text: str) -> tuple[str, list[Change]]:
    """"Player A activates Dark Hole during his turn.", "Can Player B chain it from her hand?": in a
    sentence that names one player as "Player A" or "Player B" and no other player, "his", "her"
    and "their" before a place or a phase are that player's (read as "Player A's", and shown), and
    so is "they control".  A sentence naming both players, or "opponent", is left as written."""
    out, changes = [], []
    for sentence in re.split(r"(?<=[.!?])\s+", text):
        named = {m.group(1).upper() for m in _NAMED_PLAYER.finditer(sentence)}
        if len(named) != 1 or re.search(r"\bopp(?:onent)?'?s?\b", sentence, re.IGNORECASE) or \
                not (_OWN_PRONOUN.search(sentence) or re.search(r"(?i)\bthey controls?\b", sentence)):
            out.append(sentence)
            continue
        who = f"Player {named.pop()}"
        new = _OWN_PRONOUN.sub(who + "'s", sentence)
        new = re.sub(r"\bthey control(?:s)?\b", f"{who} controls", new, flags=re.IGNORECASE)
        changes.append(Change("read-as", sentence, new))
        out.append(new)
    return " ".join(out), changes


def _plain(word: str, families: dict) -> bool:
    """A word of the question language or of English: never a partial name on its own."""
    from .parser.grammar import grammar_for
    from .parser.names import _english

    return bool(grammar_for(families).terminal(word.lower())) or _english(word)


def _inside_a_word(text: str, start: int, end: int) -> bool:
    """Is ``text[start:end]`` part of a longer word ("down" of "face-down", "Show" of "Showdown")?"""
    return start > 0 and bool(re.match(r"[\w'\-]", text[start - 1])) or \
        end < len(text) and bool(re.match(r"[\w\-]", text[end]))


def partial_names(relexed: Relexed, db: CardDB, families: dict) -> None:
    """Names written in part ("Little Knight") read as the one card whose name holds them."""
    from .parser.grammar import grammar_for
    from .parser.names import partial_mentions

    text = relexed.text
    named = mentions(text, db, families)
    for m in sorted(partial_mentions(text, db, grammar_for(families).terminal),
                    key=lambda m: -m.start):
        if m.text[:1].islower() and _said_of_a_named_card(m.text, db, named):
            continue        # (names) "Barrel Dragon ... the coin toss effect": its own effect, said
        relexed.changes.append(Change("read-as", m.text, m.card))
        # (chains) the sentence's punctuation a name was found with stays ("... Little Knight.")
        end = re.search(r"[.,;:!?]*$", m.text).group()
        text = text[:m.start] + m.card + (end if not m.card.endswith(end) else "") + text[m.end:]
    # (chains) a card named in full and elsewhere in short ("... Horn of Heaven ... i have horn
    # set"): the short name said in full, so a sentence read on its own names the card too
    from .cards import name_key

    found = mentions(text, db, families)
    full = {m.card for m in found if name_key(m.text) == name_key(m.card)}
    for m in sorted(found, key=lambda m: -m.start):
        if re.match(r"\s*(?:monsters?|cards?|spells?|traps?|spell/traps?|s/ts?)\b", text[m.end:],
                    re.IGNORECASE) or re.search(r"\b(?:a|an|another|any|other)\s+(?:(?:banished|face-up|face-down|set|destroyed|"
                                                r"targeted|different|random|second)\s+){0,2}$", text[:m.start],
                                                re.IGNORECASE) and \
                not (re.search(r"\b(?:another|other)\s+$", text[:m.start], re.IGNORECASE)
                     and (one := db.partial(m.text)) is not None and one.name == m.card):
            # "a Fiendsmith Spell/Trap", "a banished Kozmo": a name's word said of a kind of card
            # ("another magnamhut": a word of one card's name only is another copy of it)
            continue
        if m.card in full and name_key(m.text) != name_key(m.card) and \
                not _inside_a_word(text, m.start, m.start + len(m.text.rstrip(".,;:!? "))):
            relexed.changes.append(Change("read-as", m.text, m.card))
            end = re.search(r"[.,;:!?]*$", m.text).group()
            text = text[:m.start] + m.card + (end if not m.card.endswith(end) else "") + \
                text[m.end:]
    relexed.text = _shared_tails(text, relexed, db, families)


# (names) a word joined to a card's name ("Timegazer Magician + stargazer", "stargazer and
# Timegazer Magician")
_JOINED_AFTER = re.compile(r"\s*(?:\+|&|/|,|\band\b)\s*([A-Za-z][\w\-]+)\b")
_JOINED_BEFORE = re.compile(r"\b([A-Za-z][\w\-]+)\s*(?:\+|&|/|,|\band\b)\s*$")


def _shared_tails(text: str, relexed: Relexed, db: CardDB, families: dict) -> str:
    """(names) Two cards named with the words their names share said once ("Timegazer Magician +
    stargazer", "stargazer and Timegazer Magician"): a word joined to a card's name by "+", "and",
    "/" or a comma, which with that name's words after its first makes the whole name of another
    card, is that card."""
    from .cards import name_key

    found = mentions(text, db, families)
    for m in sorted(found, key=lambda m: -m.start):
        tail = m.card.split(None, 1)[1:]
        if not tail or name_key(m.text) != name_key(m.card):
            continue
        end = m.start + len(re.sub(r"[\s+&/,]+$", "", m.text))     # ("X +": the joiner is not the name's)
        for rx, at in ((_JOINED_AFTER, end), (_JOINED_BEFORE, m.start)):
            j = rx.match(text, at) if rx is _JOINED_AFTER else rx.search(text[:at])
            if j is None or db.find(j.group(1)) is not None or \
                    any(x.start <= j.start(1) < x.end for x in found):
                continue        # (a word of another name: "... and Stargazer Magician")
            card = db.find(f"{j.group(1)} {tail[0]}")
            if card is None or name_key(card.name) != name_key(f"{j.group(1)} {tail[0]}") or \
                    card.name == m.card:
                continue
            relexed.changes.append(Change("read-as", j.group(1), card.name))
            text = text[:j.start(1)] + card.name + text[j.end(1):]
    return text


def _said_of_a_named_card(words: str, db: CardDB, named) -> bool:
    """Are ``words`` grounded in the text of a card the sentence names ("Barrel Dragon ... the coin
    toss effect": its text tosses a coin)?  Then they describe that card's effect, not another card
    whose name holds them."""
    from .situate.refs import grounded_in_text

    for card in {m.card for m in named}:
        c = db.find(card)
        if c is not None and c.text and grounded_in_text(words, c.text):
            return True
    return False


# a card's name used as a verb: "I veiler their monster", "opp ashed my search", "they dark
# bribed it" mean that player activated that card on the thing named after it
_ACTOR = r"(?P<actor>\b(?:I|i|you|we|they|he|she|[Oo]pponent|[Mm]y opponent|[Tt]heir opponent)\b)"
_MODALS = r"(?P<mods>(?:\s+(?:can|could|still|just|then|also|will|would|did|already|only|now))*)"
_OBJECT = (r"(?=\s+(?:it|them|that|this|those|these|the|a|an|my|their|his|her|its|your|opponent's|\d|"
           r"one|two|three|four|five|both|all|every|each|something|anything|everything)\b)")
# (round 81) what may follow a card used as a verb with nothing it is used on ("I Raigeki.", "I
# Lightning Vortex and my opponent chains ...", "i Skill Drain in response", "I Soul Charge targeting
# 3 monsters"): the sentence's end, a join, or what says when or on what; or where from and when
# ("I want to Called by the Grave from my hand in response", "Can I Raigeki during ...")
_NO_OBJECT = (r"(?=\s*(?:[.,;?!]|$)|\s+(?:and|then|but|so|in response|in chain|targeting|again|during|"
              r"from (?:my|the|their|your|his|her) (?:hand|gy|graveyard|field|deck|extra deck))\b)")
_PAST = ("'d", "ed", "d")
# a count before a name said in the plural ("two veilers", "both of my imperms", "2 ashes")
_COUNT = (r"\b(?:\d+|two|three|four|five|both|all|multiple|several|many|these|those|"
          r"(?:(?:both|all)\s+(?:of\s+)?)?(?:my|their|your|his|her)(?:\s+(?:\d+|two|three))?|"
          r"the\s+(?:\d+|two|three|other))\s+")


# "is discarding a cost paid when it resolves?": the "when" says when the cost is paid, never a
# told event before the question (which would leave "is discarding a cost?" asked)
_COST_TIMED = re.compile(r"\bcosts?\s+(?:that\s+(?:is|are|i|you|we)\s+)?(?:paid|payed|done|pay|taken)"
                         r"\s+(?:when|once|after|as|while)\b", re.IGNORECASE)


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
            m = _SUPPOSED.match(part) or _SUPPOSED_AFTER.match(part)
            if m is not None and _COST_TIMED.search(part):
                m = None    # (hunt 104) "a cost paid when it resolves": no supposition
            said = None
            clause = _it_named(m, db, families) if m is not None else None
            if m is not None and (m.re is _SUPPOSED or clause != m.group("clause")):
                said = _told_by_parts(clause, db, families)
            kind = "read-as"
            if said is None and m is not None and _tells(clause):
                # varyG: what is supposed, told as written before the question ("If X Tributes
                # itself for its effect, do I still ...?", "do I still ... if X Tributes itself
                # ...?"): the grammar reads it as a told sentence or the question is refused (a
                # supposition is never a story set aside: understand._without_the_story)
                said = [clause[:1].upper() + clause[1:] + "."]
                kind = "supposed"
            if said is None:
                out.append(part)
                continue
            asked = m.group("asked") + ("?" if m.re is _SUPPOSED_AFTER else "")
            read = " ".join(said) + " " + asked[:1].upper() + asked[1:]
            relexed.changes.append(Change(kind, part[:m.end("clause") + 1], " ".join(said))
                                   if m.re is _SUPPOSED else Change(kind, part, read))
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


def _tells(clause: str) -> bool:
    """A supposed clause that can be told as a sentence of its own: a few words, and none of the
    words that make it a condition of the question rather than an event ("not", "only", "when
    it resolves", a count held: those the question's own forms read)."""
    words = clause.lower().split()
    return len(words) >= 3 and not {"not", "no", "only", "resolves", "resolve", "n't",
                                    "cannot", "can't", "doesn't", "don't", "isn't"} & set(words)


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


# timing: "Does X miss the timing if it is used as Link Material?": what is asked, then what
# is supposed of the card asked about ("it"; told first, as above)
_SUPPOSED_AFTER = re.compile(
    r"^(?P<asked>[^,?]+?)\s+(?:if|once|when)\s+(?P<clause>[^,?]+?)\?$", re.IGNORECASE)


def _it_named(m, db: CardDB, families: dict) -> str:
    """The supposed clause said after the question ("... if it is used as Link Material?", "...
    if I Tribute it for a Tribute Summon?"): its "it" is the one card the question names, said
    by its name once told first."""
    clause = m.group("clause")
    if m.re is not _SUPPOSED_AFTER or not re.search(r"(?i)\bit\b", clause):
        return clause
    named = {x.card: x.text for x in mentions(m.group("asked"), db, families)}
    if len(named) != 1 or mentions(clause, db, families):
        return clause       # "it" may be a card the clause names: said as written
    name = next(iter(named.values()))
    clause = re.sub(r"(?i)\bit's\b", name + " is", clause)
    return re.sub(r"(?i)\bit\b", name, clause)


def question_clause(relexed: Relexed, db: CardDB, families: dict) -> None:
    """The question sentence (the last, when it asks) read by its parts
    (:func:`psct_expert.parser.clauses.read_question`: the one event it asks about) and said again
    in one of the grammar's question shapes; left as written when a word of it cannot be placed."""
    from .parser.clauses import read_question
    from .parser.lexicon import sentences

    parts = sentences(relexed.text)
    if not parts or not parts[-1].endswith("?"):
        return
    if _COST_TIMED.search(parts[-1]):
        return      # (hunt 104) "a cost paid when it resolves": when the cost is paid, asked
    found, spans, kinds = _cards_of(parts[-1], db, families)
    at = len(relexed.text) - len(parts[-1])
    whole = {(m.start - at, m.card) for m in mentions(relexed.text, db, families) if m.start >= at}
    if relexed.text.endswith(parts[-1]) and {(m.start, m.card) for m in found} != whole:
        return      # (hunt 72) a name the story says otherwise ("Kashtira Unicorn ... Unicorn")
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


def card_verbs(relexed: Relexed, db: CardDB, families: dict) -> None:
    from .parser.tokens import _name_end

    text = relexed.text
    # a name's span ends where the tokenizer's does (not with the sentence's punctuation)
    spans = [(m.start, _name_end(text, m), m.card, "") for m in mentions(text, db, families)]
    # (names) a whole name with a past ending on it ("Magic Jammer'd", "Book of Moon'd")
    spans = [(s, e, c, "'d") if re.search(r"['\u2019]d$", text[s:e]) and not c.endswith("'d") else
             (s, e, c, p) for s, e, c, p in spans]
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
        play = re.search(r"\b(play|plays|played|playing)\s+(?:my\s+|their\s+|the\s+|a\s+)?$", before,
                         re.IGNORECASE)
        played = db.find(card) if play is not None and not past else None
        if played is not None and played.kind in ("spell", "trap"):
            # "can I play Preparation of Rites ...?": a Spell or Trap Card is played by activating
            # it (a monster "played" may be Summoned or its effect activated: left as written)
            verb = _PLAYED[play.group(1).lower()]
            read = f"{verb}{text[play.end(1):start]}{card}"
            relexed.changes.append(Change("read-as", text[play.start():end], read))
            text = text[:play.start()] + read + text[end:]
            continue
        passive = re.search(r"\b(gets|got|get|is|was|are|were)\s+$", before, re.IGNORECASE)
        face = re.match(r"\s+(face-down|face-up)\b", text[end:])
        if passive is not None and face is not None and past in _PAST:
            # (still) "the monster I targeted gets book of moon'd face-down": flipped so by that card
            be = {"gets": "is", "get": "is", "got": "was"}.get(passive.group(1).lower(), passive.group(1))
            read = f"{be} flipped {face.group(1)} by {card}"
            relexed.changes.append(Change("read-as", text[passive.start():end + face.end()], read))
            text = text[:passive.start()] + read + text[end + face.end():]
            continue
        count = re.search(_COUNT + r"$", before, re.IGNORECASE)
        if count is not None and past in ("s", "es"):
            # (names) a name said in the plural after a count ("two veilers", "both imperms",
            # "my 2 ashes"): the card, said once (the count stays)
            relexed.changes.append(Change("read-as", text[start:end], card))
            text = text[:start] + card + text[end:]
            continue
        done = _passive_done(db, card) if passive is not None and face is None and \
            past in _PAST else None
        if done is not None:
            # (names) "my ash got solemn striked", "it got crow'd": done to it by that card, as the
            # card's own text says what it does (its first of negate, banish, destroy, return)
            be = {"gets": "is", "get": "is", "got": "was"}.get(passive.group(1).lower(), passive.group(1))
            read = f"{be} {done} by {card}"
            relexed.changes.append(Change("read-as", text[passive.start():end], read))
            text = text[:passive.start()] + read + text[end:]
            continue
        lead = re.search(_ACTOR + _MODALS + r"\s+$", before, re.IGNORECASE)
        if lead is None and past in _PAST and re.search(r"(?:^|[.!?]\s+)$", before) and \
                re.match(_OBJECT, text[end:]):
            # (paraphrases 128) "chalice'd opp's monster, they ...": a sentence with no subject, as
            # chat is typed, tells what the asker did
            read = f"I activated {card} on"
            relexed.changes.append(Change("read-as", text[start:end], read))
            text = text[:start] + read + text[end:]
            continue
        me = re.match(r"\s+me\b", text[end:], re.IGNORECASE)
        if lead is not None and me is not None and past in _PAST:
            # (names) "they ashed me", "opp crow'd me": that card activated on a card of mine
            read = f"activated {card} on my card"
            relexed.changes.append(Change("read-as", text[start:end + me.end()], read))
            text = text[:start] + read + text[end + me.end():]
            continue
        alone = lead is not None and past not in _PAST and re.match(_NO_OBJECT, text[end:]) is not None
        if lead is None or not alone and not re.match(_OBJECT, text[end:]):
            continue
        actor = lead.group("actor").lower()
        if past in _PAST:
            verb = "activated"
        elif actor in ("i", "you", "we", "they") or lead.group("mods").strip():
            verb = "activate"
        else:
            verb = "activates"
        demonstrative = None if alone else re.match(r"\s+(?:that|this)(?=\s*(?:[?.!,]|$))", text[end:])
        if demonstrative is not None:
            # "Can I Ghost Belle that?": the activation told last, said "it" as the grammar has it
            end += demonstrative.end()
        written = text[start:end]
        read = f"{verb} {card}" if alone else f"{verb} {card} on" + (" it" if demonstrative else "")
        relexed.changes.append(Change("read-as", written, read))
        text = text[:start] + read + text[end:]
    relexed.text = text


# "play" said of a Spell or Trap Card: activated
_PLAYED = {"play": "activate", "plays": "activates", "played": "activated", "playing": "activating"}
# what a card's text does to what it is used on, as a past participle ("negate" -> "negated")
_DONE = (("negate", "negated"), ("banish", "banished"), ("destroy", "destroyed"),
         ("return", "returned to the hand"), ("shuffle", "shuffled into the Deck"))


def _passive_done(db: CardDB, name: str) -> str | None:
    """What ``name``'s text does: "negated" for a card whose text negates, else the first of
    :data:`_DONE` it does; None when its text does none of them."""
    card = db.find(name)
    text = (getattr(card, "text", "") or "").lower()
    if re.search(r"\bnegate\b", text):
        return "negated"        # a card that negates is said of what it negates ("got crossout'd")
    at = [(m.start(), done) for verb, done in _DONE
          if (m := re.search(rf"\b{verb}\b", text)) is not None]
    return min(at)[1] if at else None


# (chains) "Can I chain X from my hand to banish something they just sent to the GY?"
_ABILITY_Q = re.compile(r"(?:^|(?<=[.?!]\s))(?:can|could|may)\s+(?:i|we|you|they|he|she|my opponent|"
                        r"opponent)\b[^.?!]*\?\s*$", re.IGNORECASE)


# verbs after "to" that say what an activation answers or how it is used, never an aim
_NOT_AIMS = frozenset({"respond", "chain", "answer", "counter", "be", "activate", "have",
                       "do", "go", "still", "let"})


def _aim_verb(word: str) -> bool:
    """(chains) A word of English that is a verb: the start of an aim said after "to"."""
    from .lemmas import all_lemmas

    w = word.lower()
    return w not in _NOT_AIMS and "VERB" in all_lemmas(w)


def purpose_aside(relexed: Relexed, db: CardDB, families: dict) -> None:
    """(chains) A purpose closing an ability question that no reading placed ("can I chain X to
    banish something they just sent to the GY?", "can I chain X and destroy that card?"): a game
    action after "(in order) to" or "and (then)", or after "to" an aim in any verb of English ("to
    get my search off first"), set aside as the result wanted (``understand._results_asked`` asks
    it too: what cannot be done achieves nothing, so a no stands; a yes becomes unknown).  "to"
    before a card or "it" ("chain X to it") is no purpose: the word after it must be a verb."""
    q = _ABILITY_Q.search(relexed.text)
    if q is None:
        return
    named = None
    for m in re.finditer(r"\s+(?:(?P<to>(?:in order\s+)?to)|(?:,\s*)?and(?:\s+(?:then|also))?)\s+"
                         r"([A-Za-z]+)\b", relexed.text[q.start():]):
        if re.match(r"[^?]*\?\s*$", relexed.text[q.start() + m.end():]) is None:
            continue
        if gamewords().action_of(m.group(2)) is None:
            # an aim in the asker's own words ("to get my search off first", "to pop their
            # backrow"): after "to" only, a verb of English that does not start a card's name and
            # does not say what the activation answers ("to respond to it")
            if not m.group("to") or not _aim_verb(m.group(2)):
                continue
            if named is None:
                named = [(x.start, x.end) for x in mentions(relexed.text, db, families)]
            at2 = q.start() + m.start(2)
            if any(s <= at2 < e for s, e in named):
                continue
        at = q.start() + m.start()
        said = relexed.text[at:].strip().rstrip("?").strip()
        relexed.changes.append(Change("result", said))
        relexed.text = relexed.text[:at] + "?"
        return


# (links) "X was Special Summoned as Chain Link 2, then Chain Link 1 resolved", "X got sent to
# the GY by a CL2 effect and the chain kept resolving after that": something a link of a Chain
# did, and the Chain's earlier links resolving after it, told by their numbers
_LINK = r"(?:chain link|cl)\s?"
_LINK_DID = re.compile(
    r"(?P<subj>[^.,;:?!]+?)\s+(?:was|got|is|gets|were)\s+(?P<how>(?:normal |special |tribute |flip )?"
    r"summoned|sent to (?:the |my |their |his |her )?(?:gy|graveyard)|destroyed|banished|discarded|"
    r"returned to (?:the |my |their |his |her )?hand)\s+"
    r"(?:(?:by|from)\s+(?:a|an|the)\s+" + _LINK + r"(?P<n1>[2-9])\s+effect|(?:by|from)\s+(?:a|an|the)\s+"
    r"(?:card|effect)\s+(?:that\s+)?(?:resolved\s+|resolving\s+|activated\s+)?as\s+" + _LINK +
    r"(?P<n2>[2-9])|(?:as|at|during|in)\s+" + _LINK + r"(?P<n3>[2-9]))"
    r"(?P<then>\s*[,.]?\s*(?:and\s+)?(?:then\s+|after that\s+|later\s+)?(?:" + _LINK +
    r"(?P<m>1)|the (?:whole |rest of the )?chain)\s+(?:still\s+)?(?:resolved|resolves|kept resolving|"
    r"keeps resolving|finished resolving)(?:\s+after(?:\s+(?:it|that))?)?)\s*(?P<end>[.!]|,\s*(?=so\b)|$)",
    re.IGNORECASE)


def chain_links_told(relexed: Relexed, db: CardDB, families: dict) -> None:
    """(links) A Chain told by its links' numbers ("X was Special Summoned as Chain Link 2, then
    Chain Link 1 resolved"): told as the grammar reads a Chain of cards the story does not name
    ("A card is activated. A card is chained to it. It resolves and X is Special Summoned. Then
    the Chain resolves."), so what the later link's resolution did and what resolved after it are
    events in their order.  Only when the earlier links are told to resolve after it."""
    text = relexed.text
    out, last = [], 0
    for m in _LINK_DID.finditer(text):
        if re.search(r"\b(?:activat\w*|chain|chains|chained|respond\w*)\b", text[:m.start()],
                     re.IGNORECASE):
            break           # a Chain told before: its links are those cards, not cards untold
        n = int(m.group("n1") or m.group("n2") or m.group("n3"))
        start = m.start("subj") + len(m.group("subj")) - len(m.group("subj").lstrip())
        lead = re.search(r"(?:^|[.!?:]\s+|,\s+(?:and\s+)?|;\s+)$", text[:start])
        if lead is None:
            continue
        subj = m.group("subj").strip()
        if subj.lower() in ("it", "he", "she", "they"):
            # "it got Special Summoned as Chain Link 2": the card named last before it
            named = [x for x in mentions(text, db, families) if x.end <= start]
            if not named:
                continue
            subj = named[-1].card
        told = "A card is activated. " + "A card is chained to it. " * (n - 1) + \
            f"It resolves and {subj} is {m.group('how')}. Then the Chain resolves."
        relexed.changes.append(Change("read-as", text[start:m.end()].strip(), told))
        out.append(text[last:start])
        out.append(told + (" " if m.group("end") not in ("", ".", "!") else ""))
        last = m.end()
    if out:
        relexed.text = ("".join(out) + text[last:]).strip()


# "X: ...", "X's 2nd effect - ...", 'X field: "quote". ...': a card (one of its effects, or the
# effect a quotation of its text stands in) said first as the topic, before a colon or a dash
_TOPIC_LEAD = re.compile(r"(?P<kind>\s+(?:field|spell|trap|monster|card))?"
                         r"(?P<poss>'s)?(?:\s+(?P<desc>(?:[\w\-]+\s+){0,2}?)(?:effect|eff))?\s*"
                         r"(?P<q1>\"[^\"]{4,}\")?\s*(?:[:\u2013\u2014]|-(?=\s))\s*"
                         r"(?:(?P<q2>\"[^\"]{4,}\")\s*[.!]?\s+)?(?P<rest>\S.*)$", re.IGNORECASE | re.DOTALL)
# ... and where the story after it points at it: the activation or the negation of "it", "that
# effect" ("I activate it", "opp negated that effect", "it gets negated")
_TOPIC_AGAIN = re.compile(r"\b(?P<verb>activate|activates|activated|use|uses|used|negate|negates|"
                          r"negated|chain|chains|chained|respond\s+to|responds\s+to|responded\s+to)"
                          r"\s+(?:(?P<it>it|that\s+effect|the\s+effect|that\s+card)\b"
                          r"|(?P<its>its)\s+(?:[\w\-]+\s+)?(?:effect|eff)\b"
                          r"|(?P<act2>(?:its|the|that)\s+activation)\b)"
                          r"|(?P<it2>\bit|\bthat\s+effect|\bthe\s+effect)\s+(?:gets|got|is|was)\s+negated\b"
                          # (round 119) "X: "quote". Its activation got negated.": the topic's activation
                          r"|(?P<act>\b(?:its|the|that)\s+activation)\s+(?:gets|got|is|was)\s+negated\b",
                          re.IGNORECASE)
# an effect's number said as a word ("the second effect of X"), here and in understand.py
ORDINAL_WORDS = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}


# a story that opens with no subject after the topic ("X: used its FLIP this turn ..."): the asker's
_NO_SUBJECT = re.compile(r"(?:activated|used|summoned|special\s+summoned|normal\s+summoned|"
                         r"targeted|flipped|set|chained|discarded|tributed|banished|sent|paid)\b",
                         re.IGNORECASE)
# "its" pointing at the topic, before any other card is named
_TOPIC_ITS = re.compile(r"\bits\b", re.IGNORECASE)
# ... "it" (never "it is", "it's": a subject that may be the turn or the time), or "the (quick)
# effect", "that effect", "this eff" (its effect so described; never an effect of another card's:
# "the effect of ...")
_TOPIC_IT = re.compile(r"\bit\b(?!\s+(?:is|was)\b|')", re.IGNORECASE)
_TOPIC_THE_EFFECT = re.compile(r"\b(?:the|that|this)\s+(?P<desc>(?:[\w\-]+\s+){0,2}?)(?:effect|eff)\b"
                               r"(?!\s+(?:of|from\s+(?:a|an|another|the\s+other)|that\s+\w+s\b))",
                               re.IGNORECASE)


# a story after an effect said as its topic, opening with a player targeting
_TOPIC_TARGETING = re.compile(r"(?P<who>i|we|they|he|she|my opponent|opponent|opp|player [ab])\s+"
                              r"(?P<verb>target|targets|targeted)\b", re.IGNORECASE)


def _first_pointer(rest: str):
    """The first pointer of a story at a topic said before it: ("its" | "it" | "effect", match)."""
    found = [(kind, m) for kind, m in (("its", _TOPIC_ITS.search(rest)), ("it", _TOPIC_IT.search(rest)),
                                       ("effect", _TOPIC_THE_EFFECT.search(rest))) if m is not None]
    return min(found, key=lambda f: f[1].start(), default=None)


def _says_which(lead: re.Match) -> bool:
    """Does the topic say which of the card's effects (a kind, words said of it, a quotation)?"""
    return bool(lead.group("desc") or lead.group("kind") or lead.group("q1") or lead.group("q2"))


def _topic_said(lead: re.Match, card) -> str | None:
    """The topic as the story says it again: the effect a quotation of its text stands in ("the
    second effect of X"), the effect its words describe ("X's quick effect"), or the card; None
    for a quotation its text does not hold."""
    quote = lead.group("q1") or lead.group("q2")
    if quote:
        n = quoted_effect(quote, card)
        return None if n is None else f"the {ORDINAL_WORDS[n]} effect of {card.name}"
    if lead.group("desc") is not None:      # "X's (quick) effect": the word "effect" said
        return f"{card.name}'s {lead.group('desc').strip()} effect".replace("  ", " ")
    return card.name


def _topic_named_again(relexed: Relexed, found: list, card, lead: re.Match) -> None:
    """"X: i have 2 X on the field ...", "X: used its FLIP this turn ...": a topic that is only a
    card's name (no effect, no quotation said with it), with no pointer the activation reads.  When
    the story names that card again, the topic is only its title and is set aside; when it names no
    card before its first "its", that "its" is the topic's ("X's"), and a story opening with a verb
    in the past tense is told by the asker ("I used ...").  Otherwise nothing changes."""
    text, start = relexed.text, lead.start("rest")
    if _says_which(lead) or lead.group("desc") is not None and _TOPIC_TARGETING.match(text, start):
        # (round 133) "X's effect: I target ...": the word "effect" said of the topic, then a
        # player targeting: that effect activated, targeting (which of its effects, the rest says)
        # the topic says which effect: read where the story points at it, or where the story
        # opens with a player targeting ("X quick eff: i target opp's monster, ..."): that effect
        # activated, targeting
        aim = _TOPIC_TARGETING.match(text, start)
        said = _topic_said(lead, card) if aim is not None and not lead.group("kind") else None
        if said is None:
            return
        verb = {"target": "activate", "targets": "activates", "targeted": "activated"}[aim.group("verb").lower()]
        read = f"{aim.group('who')} {verb} {said}, targeting"
        relexed.changes.append(Change("read-as", text[:aim.end()].strip(), read))
        new = read + text[aim.end():]
        relexed.text = new[:1].upper() + new[1:]
        return
    rest = text[start:]
    label = text[:start].strip()
    later = [m for m in found[1:] if m.start >= start]
    if any(m.card == card.name for m in later):
        relexed.changes.append(Change("set-aside", label))
        relexed.text = rest[:1].upper() + rest[1:]
        return
    # the first pointer of the story, before any other card is named: "its" (the topic's), "it"
    # (the topic), "the (quick) effect" (the topic's effect so described)
    at = _first_pointer(rest)
    if at is None or any(m.start < start + at[1].start() for m in later):
        return
    kind, at = at
    pointer = at.group()
    if kind == "its":
        said = card.name + "'s"
    elif kind == "it":
        said = card.name
    else:
        said = f"{card.name}'s {at.group('desc') or ''}effect".replace("  ", " ")
    new = rest[:at.start()] + said + rest[at.end():]
    if _NO_SUBJECT.match(new):
        new = "I " + new
    relexed.changes.append(Change("read-as", label, f"{said}, said again where the story "
                                                    f"points at it ({pointer!r})"))
    relexed.text = new[:1].upper() + new[1:]


def flat_text(s: str) -> str:
    """Text in lower case, every run of other characters than letters and digits one space."""
    return re.sub(r"[^a-z0-9]+", " ", (s or "").lower()).strip()


def quote_pieces(quote: str) -> list[str]:
    """A quotation's pieces ("..." standing for words left out), flattened (:func:`flat_text`)."""
    return [flat_text(p) for p in re.split(r"\.\.\.|\u2026", quote.strip("\"'")) if flat_text(p)]


def holds_word_for_word(pieces: list[str], text: str) -> bool:
    """Does ``text`` hold the pieces of a quotation (:func:`quote_pieces`), in their order?"""
    at, text = 0, flat_text(text)
    for piece in pieces:
        at = text.find(piece, at)
        if at < 0:
            return False
        at += len(piece)
    return True


def quoted_effect(quote: str, card) -> int | None:
    """The one effect of ``card`` whose text holds the quotation word for word ("..." standing
    for words left out), or None."""
    from .reader import read_card

    pieces = quote_pieces(quote)
    if not pieces:
        return None
    fit = []
    reading = read_card(card)
    for eff in reading.effects:
        if holds_word_for_word(pieces, eff.text or ""):
            fit.append(said_number(reading, eff))     # the number players say it by
    return fit[0] if len(fit) == 1 and isinstance(fit[0], int) and fit[0] in ORDINAL_WORDS else None


def topic_said_again(relexed: Relexed, db: CardDB, families: dict) -> None:
    """"X: opp negated that effect. Do I ...?", 'X: "quote". I activate it, ...': the topic said
    first (a card, or the effect a quotation of its text stands in) is said again where the
    story after it activates or negates "it" / "that effect", and taken off the front.  Only the
    first such pointer, only when the text opens with the topic; else nothing changes."""
    text = relexed.text
    found = mentions(text, db, families)
    if not found or found[0].start != 0:
        return
    from .parser.tokens import _name_end

    card = db.find(found[0].card)
    end = _name_end(text, found[0])
    end = len(text[:end].rstrip(" :-\u2013\u2014"))      # the name without the colon it ends at
    lead = _TOPIC_LEAD.match(text, end)
    if card is None or lead is None or lead.group("q1") and lead.group("q2"):
        return
    rest = lead.group("rest")
    if rest.rstrip().endswith("?") and not re.search(r"[.!]\s", rest):
        return                  # "X: does it ...?": the topic of a question, read as written
    again = _TOPIC_AGAIN.search(rest)
    first = _first_pointer(rest)
    if again is not None and first is not None and first[1].end() <= again.start() and \
            not _says_which(lead):
        again = None            # "X: i discard it for ... can i use its other effect?": the first
                                # pointer is the topic's, not the later one the activation reads
    if again is None or any(m.start < lead.start("rest") + again.start()
                            for m in found[1:]):
        _topic_named_again(relexed, found, card, lead)
        return                  # no pointer, or another card named before it
    quote = lead.group("q1") or lead.group("q2")
    said = _topic_said(lead, card)
    if said is None:
        return                  # a quotation its text does not hold: left as written
    at = next(g for g in ("it", "it2", "its", "act", "act2") if again.group(g) is not None)
    if at in ("act", "act2"):
        said = f"the activation of {said}"
    elif at == "its":
        if quote or lead.group("desc"):
            return              # "its second effect" of an effect already said
        said = card.name + "'s"
    new = rest[:again.start(at)] + said + rest[again.end(at):]
    relexed.changes.append(Change("read-as", text[:lead.start("rest")].strip(),
                                  f"{said}, said again where the story points at it "
                                  f"({again.group(at)!r})"))
    relexed.text = new[:1].upper() + new[1:]


# "X is gone from the field when it resolves": a sentence that only says where a card is not
_GONE = re.compile(r"^(?P<who>.+?)\s+(?:is|was|'s)\s+(?:already\s+)?(?:gone(?:\s+from\s+the\s+field)?|"
                   r"no\s+longer\s+on\s+the\s+field|not\s+on\s+the\s+field(?:\s+anymore)?|"
                   r"off\s+the\s+field)(?:\s+(?:when|by\s+the\s+time)\s+[^.!?]{1,60}?\s+"
                   r"(?:resolves|resolved))?\s*[.!]$", re.IGNORECASE)
# ... after the story told that card destroyed, banished, returned, sent or Tributed
_MOVED = r"(?:destroy|destroys|destroyed|banish|banishes|banished|return|returns|returned|bounce|" \
         r"bounces|bounced|send|sends|sent|tribute|tributes|tributed)"


def told_again(relexed: Relexed, db: CardDB, families: dict) -> None:
    """"... opp chained X and destroyed Rush. Rush is gone from the field when it resolves. Do I
    ...?": a sentence that only says a card is no longer on the field, after the story told that
    card destroyed (banished, returned, sent, Tributed), says again what was told, and is set aside
    (shown).  A card not told moved keeps the sentence (the story must say how it left)."""
    from .parser.lexicon import sentences

    parts = sentences(relexed.text)
    kept, said_before = [], []
    for part in parts:
        m = _GONE.match(part.strip())
        named = [x for x in mentions(part, db, families)] if m else []
        if m and len(named) == 1 and named[0].start == 0 and \
                named[0].end >= len(m.group("who").rstrip()) - 1:
            name = re.escape(named[0].card)
            before = " ".join(said_before)
            told = re.search(rf"\b{_MOVED}\b[^.!?]*?{name}|{name}\s+(?:is|was|gets|got)\s+{_MOVED}\b",
                             before, re.IGNORECASE)
            if told is not None:
                relexed.changes.append(Change("told-again", part.strip(), told.group()))
                continue
        kept.append(part)
        said_before.append(part)
    if len(kept) < len(parts):
        relexed.text = " ".join(kept)


# "Can I negate that summon?": a negation asked with no card that negates
_NEGATE_ASKED = re.compile(r"^(?P<lead>(?:can|could|may)\s+(?:i|we)(?:\s+still)?\s+negate)\s+"
                           r"(?P<what>(?:that|the|this|it|their|his|her)\b[^?]*?)\s*\?+$", re.IGNORECASE)
# ... and where the story says the asker has a card (not one told activated: that one is used)
_HAS = re.compile(r"^(?:i|we)\s+(?:(?:still|also)\s+)?(?:have|control|hold|got)\b", re.IGNORECASE)
_MY_SET = re.compile(r"\bmy\s+(?:set|face-down)\s+$", re.IGNORECASE)


def negator_told(relexed: Relexed, db: CardDB, families: dict) -> None:
    """"I have Solemn Strike set. My opponent Synchro Summons X. Can I negate that Summon?": a
    negation asked with no card said is asked of the one card the story told the asker has ("I
    have / control / hold X", "my Set X") whose text negates (a Summon or an activation: "...
    with Solemn Strike?"), shown as read so; a card told activated is not one the asker still
    has.  Whether it can negate what is asked is the answer's.  Nothing changes when the story
    tells none, or more than one, or the question says the card itself."""
    from .parser.lexicon import sentences
    from .reader import read_card

    parts = sentences(relexed.text)
    if len(parts) < 2:
        return
    asked = _NEGATE_ASKED.match(parts[-1].strip())
    if asked is None or re.search(r"\b(?:with|using|by)\b", asked.group("what"), re.IGNORECASE):
        return
    held = []
    for part in parts[:-1]:
        for m in mentions(part, db, families):
            card = db.find(m.card)
            if card is None or not _HAS.match(part.strip()) and not _MY_SET.search(part[:m.start]):
                continue
            if any(f.type == "negation_scope" for f in read_card(card).facts) and \
                    card.name not in held:
                held.append(card.name)
    if len(held) != 1:
        return
    new = f"{asked.group('lead')} {asked.group('what')} with {held[0]}?"
    relexed.changes.append(Change("read-as", parts[-1].strip(),
                                  f"{new} ({held[0]}: the card the story told you have that "
                                  "negates)"))
    relexed.text = " ".join(parts[:-1] + [new[:1].upper() + new[1:]])


# "Player B has a Set Counter Trap that can negate the Special Summon of a monster(s).", "opp has
# a summon negation counter trap": a card told held only by what it does (it negates Summons)
_NEGATOR_HELD = re.compile(
    r"^(?P<who>player [ab]|i|we|my opponent|opponent|they|he|she)\s+(?:still\s+)?"
    r"(?:has|have|holds?|controls?|got)\s+(?:a|an|one)\s+(?:set\s+|face-down\s+)?"
    r"(?:(?P<pre>summon[- ]negat(?:ion|ing))\s+)?(?:counter\s+trap|trap(?:\s+card)?|card|hand\s+trap)"
    r"(?:\s+(?:that|which)\s+(?:can\s+)?negates?\s+(?:the\s+|a\s+)?(?P<kind>special\s+)?summons?"
    r"(?:\s+of\s+(?:a|one|1)\s+monster(?:\(s\)|s)?)?)?\s*[.!]$", re.IGNORECASE)
# ... and asked of: "Can Player B use it to negate this Pendulum Summon?", "can they negate that
# summon?"
_NEGATE_HELD_ASKED = re.compile(
    r"^(?:can|could)\s+(?P<who>player [ab]|i|we|my opponent|opponent|they|he|she)\s+"
    r"(?:(?:use|activate|chain)\s+it\s+to\s+)?negate\s+(?:this|that|the)\s+"
    r"(?P<kind>(?:\w+\s+)?)summon(?:\s+with\s+it)?\s*\?+$", re.IGNORECASE)
_NOT_SPECIAL = re.compile(r"\b(?:normal|tribute|flip)\s+summon", re.IGNORECASE)


def negator_held(relexed: Relexed, db: CardDB, families: dict) -> None:
    """"Player B has a Set Counter Trap that can negate the Special Summon of a monster(s). Player A
    Pendulum Summons X. Can Player B use it to negate this Pendulum Summon?": a card told only by
    what it does (it negates Summons), held by the player asked of, asks whether that Summon can
    be negated by an effect that negates Summons ("Can that Summon be negated?"); the sentence that
    tells the card is read so (shown).  Only when one such sentence tells it, the player who holds
    it is the one asked of, and a card said to negate Special Summons is not asked of a Normal,
    Tribute or Flip Summon.  Otherwise nothing changes."""
    from .parser.lexicon import sentences
    from .parser.transform import player_in_words

    parts = sentences(relexed.text)
    if len(parts) < 2:
        return
    asked = _NEGATE_HELD_ASKED.match(parts[-1].strip())
    if asked is None:
        return
    held = [(k, m) for k, p in enumerate(parts[:-1]) if (m := _NEGATOR_HELD.match(p.strip()))]
    if len(held) != 1:
        return
    k, m = held[0]
    holder = player_in_words(m.group("who").lower().split())
    if holder is None or holder != player_in_words(asked.group("who").lower().split()) or \
            not (m.group("pre") or re.search(r"\bnegates?\b", m.group(), re.IGNORECASE)):
        return
    special = bool(m.group("kind")) or "special" in (m.group("pre") or "").lower()
    story = " ".join(parts[:k] + parts[k + 1:-1])
    if special and (_NOT_SPECIAL.search(story) or _NOT_SPECIAL.search(parts[-1])):
        return
    relexed.changes.append(Change("read-as", f"{parts[k].strip()} {parts[-1].strip()}",
                                  "Can that Summon be negated? (by an effect that negates "
                                  "Summons, the card told)"))
    relexed.text = " ".join(parts[:k] + parts[k + 1:-1] + ["Can that Summon be negated?"])
