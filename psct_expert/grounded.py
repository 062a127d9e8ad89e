"""Story words grounded in a card's own text, set aside with the reading saying so: what a card
"says", told by the asker ("Borreload Dragon says neither player can target it"), what kind of
card it is ("Its a quick-play.", "Ring of Destruction (normal trap)"), and how a monster was
Summoned by its own procedure ("... again by banishing a LIGHT and a DARK monster from my GY").  Such words are accounted
for by the card itself (the answer reads its text and its kind), so nothing is dropped unseen; a
report the text does not bear out, or a player's claim, stays in the question to be read.  Two
readings say in the question's words what the text grounds: nothing left of what a part of the
effect takes from a place ("I have no X left in my Deck": "I cannot add X"), and what a card
does said as a gerund and asked of "that" ("X special summoning itself ... - is that a chain
link?": "Is X's Special Summon effect a chain link?").
:mod:`psct_expert.understand` runs :func:`card_says` and :func:`summoned_as_its_text_says` with the
second reading's other steps
(:mod:`psct_expert.rereading`)."""

from __future__ import annotations

from . import kre as re
from .cards import CardDB
from .gamewords import gamewords
from .parser.lexicon import Change, Relexed
from .rereading import ORDINAL_WORDS, quoted_effect, flat_text, holds_word_for_word, mentions, quote_pieces
from .parser.names import Mention


# "Borreload Dragon says neither player can target it", "it says return BOTH": what a card's text
# says, told as reported speech; (round 116) "Miracle Dig needs 5 banished monsters to activate":
# what its text requires, told the same way
_SAYS = re.compile(r"^(?P<who>.+?)\s+(?:(?:just|only|simply|clearly|literally)\s+)?(?P<verb>says|reads|states|"
                   r"needs|requires)"
                   r"\s+(?P<what>.+?)[.!]?$",
                   re.IGNORECASE)
_WORD = re.compile(r"[A-Za-z][A-Za-z\-]+")
# ... and quoted ("X says 'destroy that monster'. if ..."): the quotation names the effect, and is
# kept for the grammar to read as the topic
# (a quotation in double quotes may hold apostrophes: "... in response to this card's activation")
_SAYS_QUOTE = re.compile(r"^[^'\"?]+?\s+(?:says|reads|" + r"say|read|said|has|have|text\s*:|text says)\s*:?\s+"
                         r"(?P<quote>\"[^\"]{4,}?\"|'[^'\"]{4,}?')"
                         r"\s*[.,:;\-\u2013\u2014]*\s+(?P<rest>.*)$", re.IGNORECASE)
# (round 125) the same report told in other words, of a quotation only ('X say "..."', 'my X
# have "..."', 'X text: "..."'): the card's words, quoted
_SAYS_QUOTED = re.compile(r"^(?P<who>.+?)\s+(?P<verb>say|said|read|has|have|text\s*:|text says)\s*:?\s+"
                          r"(?P<what>[\"'].+?)[.!]?$", re.IGNORECASE)
_QUOTED = re.compile(r"^\s*[\"']")
# who reports a card's words when the card is the one told before ("it says", "the card says",
# "the text just says", "its effect reads": "'s text" / " effect" taken off first)
_POINTED = {"it", "this card", "that card", "the card", "the", "its", "this", "that"}
# a word that points back at a card or effect told before ("it", "its", "this effect")
_POINTER = re.compile(r"\b(?:it|its|this|that|these|those|them|they)\b", re.IGNORECASE)
# "It banishes a monster from the GY.": what a card does, told of "it" in the present
_IT_DOES = re.compile(r"^(?:it|this card|that card|the card)\s+(?P<verb>[a-z]+s)\s+(?P<rest>[^.!?]+?)[.!]?$",
                      re.IGNORECASE)
# "X's text", "its card text", "the effect": whose words a quotation reports
_WHOSE_TEXT = re.compile(r"(?:'s|\u2019s)?\s+(?:card\s+)?(?:text|effect|eff)$", re.IGNORECASE)
# (chains) "I control 2 X. Each one says "once per turn".", "..., each has a 'once per turn' Quick
# Effect": what the text of each copy told says, the copies being the card named last
_EACH_SAYS = re.compile(r"^(?:each(?: one| of them| copy)?|both(?: of them)?|they(?: both| each)?)\s+"
                        r"(?:says|say|reads|read|has|have)\s+(?P<what>.+?)[.!]?$", re.IGNORECASE)
_EACH_JOINED = re.compile(r",\s+(?=(?:each(?: one| of them| copy)?|both(?: of them)?|they(?: both| each)?)"
                          r"\s+(?:says|say|reads|read|has|have)\s+[\"'])", re.IGNORECASE)
_AFTER_QUOTE = re.compile(r"(?<=[\"'][.!])\s+(?=\w)")
_QUOTES_IN = re.compile(r"\"([^\"]+)\"|'([^']+)'")


def card_says(relexed: Relexed, db: CardDB, families: dict) -> None:
    """A story sentence that only reports what a card's text says ("X says neither player can
    target it", "it says return both") is set aside, shown as grounded in that card's text: the
    answer reads the text itself.  Only when the sentence's subject is a card named in it (or "it",
    the card named last before it) and at least two thirds of its words, and every one of its
    game words, stand in that card's text; a question is never set aside.  In the same pass: a
    card's kind said after its name or as a sentence ("(normal trap)", "Its a quick-play.") is set
    aside when true, and a quoted report followed by more words becomes a sentence of its own."""
    from .parser.lexicon import sentences

    before = len(relexed.changes)
    # "ring of destruction (normal trap)": what kind the card named just before is
    text = relexed.text
    for m in sorted(mentions(text, db, families), key=lambda m: -m.start):
        kind = _KIND_AFTER.match(text, m.end) or _STATS_AFTER.match(text, m.end)
        card = db.find(m.card)
        if kind is not None and card is not None and (
                _is_kind(kind.group("kind") or kind.group("kind2"), card) if kind.re is _KIND_AFTER else
                _stats_fit(kind.group("stats"), card)):
            relexed.changes.append(Change("grounded", kind.group().strip(" ,"), card.name))
            start = kind.start() - 1 if kind.re is _KIND_AFTER and kind.group("kind2") and \
                text[kind.start() - 1] == "," \
                else kind.start()       # the apposition's comma goes with it
            text = text[:start] + text[kind.end():]
    relexed.text = text
    parts = []
    for whole in sentences(relexed.text):
        # (chains) "I have 2 X on the field, each one says 'once per turn'.": a sentence of its own
        pieces = _EACH_JOINED.split(whole)
        if len(pieces) > 1:
            # ... and what follows its quotation is a sentence of its own ('..." . can both ...?')
            pieces = pieces[:-1] + _AFTER_QUOTE.split(pieces[-1], maxsplit=1)
            pieces = [p.strip() if p.strip().endswith(("?", ".", "!")) else p.strip() + "."
                      for p in pieces]
            relexed.changes.append(Change("read-as", whole, " ".join(pieces)))
        parts += pieces
    pieces, parts = parts, []
    for part in pieces:
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
            # (session after ef80931) a subject other than the card's name or "it" ("They chain it
            # and it is a Normal Trap") is no report of the card's kind: the sentence stays
            subject_is_name = kind.group("subj") is not None and len(found) == 1 and \
                found[0].start == 0 and len(kind.group("subj")) <= found[0].end + 2
            card = db.find(found[0].card) if subject_is_name else \
                db.find(named) if named and not found and kind.group("pron") else \
                db.find(after[0].card) if not found and len(after) == 1 and kind.group("pron") else None
            if card is not None and _is_kind(kind.group("kind"), card):
                relexed.changes.append(Change("grounded", part, card.name))
                continue
        each = _EACH_SAYS.match(part) if named and not found and not part.endswith("?") else None
        if each is not None and _each_grounded(each.group("what"), db.find(named)):
            # (chains) what the copies of the card named last say: their text, read by the answer
            relexed.changes.append(Change("grounded", part, named))
            continue
        m = _SAYS.match(part)
        if m is None:
            m = _SAYS_QUOTED.match(part)
            m = m if m is not None and _QUOTED.match(m.group("what")) else None
        card = None
        if m is not None and not part.endswith("?"):
            who = m.group("who").strip()
            if _QUOTED.match(m.group("what")):
                # 'X's text says "..."', 'its effect reads "..."': the card's own words
                who = _WHOSE_TEXT.sub("", who) or who
            at = [f for f in found if f.start == 0 and len(f.text) >= len(who.rstrip("'s"))]
            if at:
                card = db.find(at[0].card)
            elif who.lower() in _POINTED and named:
                card = db.find(named)
            elif who.lower() in _POINTED and k + 1 < len(parts):
                # "can i activate X? it says pay 5000" (told after the question, read before it):
                # the one card the next sentence names
                after = mentions(parts[k + 1], db, families)
                card = db.find(after[0].card) if len({a.card for a in after}) == 1 else None
        if card is not None and not _QUOTED.match(m.group("what")) and \
                _grounded(_required(m.group("what"), m.group("verb")), card) and \
                _numbers_said(m.group("what"), card):
            relexed.changes.append(Change("grounded", part, card.name))
            continue
        d = _IT_DOES.match(part) if not found and not part.endswith("?") else None
        told_after = d is not None and any(c.kind == "story-first" and c.written.strip() == part.strip()
                                           for c in relexed.changes)
        if d is not None and told_after and gamewords().action_of(d.group("verb")) is not None:
            # (round 95) "Can X negate Y? It banishes a monster from the GY.": what the card the
            # question named last does, told after the question in its words and every game action
            # of its text, set aside (the answer reads the text itself); told in the story, it is
            # something that happened, and stays
            after = mentions(parts[k + 1], db, families) if k + 1 < len(parts) else []
            does = db.find(after[-1].card) if after else None
            if does is not None and _grounded(f"{d.group('verb')} {d.group('rest')}", does):
                relexed.changes.append(Change("grounded", part, does.name))
                continue
        if m is not None and _QUOTED.match(m.group("what")) and \
                _WHOSE_TEXT.sub("", m.group("who").strip()).lower() in _POINTED and \
                (card is None or not _quotes_its_text(m.group("what"), card)):
            # (round 125) "X is negated by Y. The card say "...".": of the cards named, the one
            # whose text holds the quotation (one only)
            holders = {f.card for f in mentions(relexed.text, db, families)
                       if _quotes_its_text(m.group("what"), db.find(f.card))}
            card = db.find(holders.pop()) if len(holders) == 1 else card
        later_names = any(f.card == card.name for later in parts[k + 1:]
                          for f in mentions(later, db, families)) if card is not None else False
        named_before = card is not None and any(f.card == card.name for before in parts[:k]
                                                for f in mentions(before, db, families))
        no_pointer = not any(_POINTER.search(later) for later in parts[k + 1:])
        if card is not None and _quotes_its_text(m.group("what"), card) and \
                (later_names or named_before and no_pointer):
            # 'X reads "quote". Can I ... X?': the card's own words, quoted word for word, say
            # nothing its text does not (a quotation that says which of its effects is meant
            # stays, and so does one whose card the question names only as "it")
            relexed.changes.append(Change("grounded", part, card.name))
            continue
        if found:
            named = found[-1].card
        out.append(part)
    if len(relexed.changes) > before:
        relexed.text = " ".join(out)


# "I Special Summon X again by banishing another LIGHT and DARK monster from my GY": how it was
# Summoned, as its own text says (its procedure)
_BY_PROCEDURE = re.compile(r"(?P<lead>\b(?:special summon|special summons|special summoned|summon|summons|summoned)\s+"
                           r"(?P<name>\ue000k(?P<k>\d+)k)(?:\s+(?:again|back|from (?:my|the|their) hand))?)"
                           r"\s+(?P<how>by (?:banishing|tributing|sending|discarding|returning|shuffling|"
                           r"detaching|revealing)\b[^.,;?!]*)", re.IGNORECASE)


# a quotation in single marks, apostrophes inside words allowed ("'destroy this card's target'")
_SINGLE_QUOTED = re.compile(r"(?:(?<=\s)|^|(?<=\())'(?P<sq>(?:[^'\"]|(?<=\w)'(?=\w))+?)'(?=[\s,.;:!?)]|$)")


def inner_quotes(text: str, db: CardDB, families: dict) -> tuple[str, list[Change]]:
    """(round 125) 'X: "You can only activate 1 "X" per turn."': a quotation of a card's text that
    holds the names the text quotes, in the same double quotes.  The quotation is the longest
    span from its opening mark, with its inner marks paired, that a card named in the question
    holds word for word; the names inside it are then quoted with single marks (shown), so that
    the quotation reads as one.  A span no card named holds is left as written."""
    texts = [_card_text(c) for c in
             (db.find(m.card) for m in mentions(text.replace('"', " "), db, families)) if c is not None]
    if not texts:
        return text, []
    changes = []
    # (round 125) "sage's 'You can discard your entire hand.'", "its own 'if you control no
    # monsters' summon": a quotation in single marks that a card named holds word for word is
    # written in double marks, as the other readings of quotations know them
    for m in reversed(list(_SINGLE_QUOTED.finditer(text))):
        what = m.group("sq")
        pieces = quote_pieces(what)
        if len(what.split()) >= 3 and '"' not in what and pieces and \
                any(holds_word_for_word(pieces, t) for t in texts):
            changes.insert(0, Change("read-as", m.group(), f'"{what}"'))
            text = text[:m.start()] + f'"{what}"' + text[m.end():]
    marks = [i for i, ch in enumerate(text) if ch == '"']
    if len(marks) < 4:
        return text, changes
    out, k = list(text), 0
    while k < len(marks) - 1:
        best = None
        for j in range(k + 3, len(marks), 2):       # an even number of marks inside
            what = text[marks[k] + 1:marks[j]]
            pieces = quote_pieces(what)
            if pieces and any(holds_word_for_word(pieces, t) for t in texts):
                best = j
        if best is None:
            k += 2 if k + 1 < len(marks) else 1
            continue
        for i in marks[k + 1:best]:
            out[i] = "'"
        whole = text[marks[k]:marks[best] + 1]
        changes.append(Change("read-as", whole, "".join(out[marks[k]:marks[best] + 1])))
        k = best + 1
    return "".join(out), changes


# (round 125) what a part's verb is done to, said as the card's text says it ("Special Summon a
# Level 7 or higher Normal Monster from the hand or Deck")
_OBJECT_AFTER_VERB = re.compile(
    r"\b(?:special summons?|special summoned|adds?|added|sends?|sent|banish(?:es|ed)?|"
    r"destroys?|destroyed|returns?|returned|shuffles?|shuffled)\s+"
    r"(?P<obj>(?:a|an|1|one|the|all)\s+[^,.;:?!\"]+)", re.IGNORECASE)
_OBJ_OWNER = re.compile(r"\b(?:my|the|their|his|her)\b", re.IGNORECASE)
# words a phrase never ends with, and words that may follow a whole one
_OBJ_OPEN = {"with", "from", "to", "and", "or", "of", "the", "a", "an", "your", "my", "their", "in",
             "on", "by", "that", "than", "less", "more", "its", "1"}
_OBJ_AFTER = {"from", "to", "and", "when", "if", "after", "before", "while", "during", "then",
              "this", "that", "in", "on", "at", "by", "using", "as", "instead", "again", "too",
              "still", "anyway", "even"}


def object_as_its_text_says(relexed: Relexed, db: CardDB, families: dict) -> None:
    """"Do I Special Summon a Level 7 or higher Normal Monster from the hand or Deck?": what a
    verb is done to, said in the words of a card named in the question (its text holds them word
    for word, "the"/"my" read as its "your", "a" as its "1"), is "a monster" (or "a card") to the
    grammar, shown as grounded in that card's text: the card's own part does it to exactly that.
    Three words or more only; words its text does not hold in that order stay as written."""
    texts = [(c.name, _card_text(c)) for c in
             (db.find(m.card) for m in mentions(relexed.text, db, families)) if c is not None]
    if not texts:
        return
    out = relexed.text
    quoted = [(q.start(), q.end()) for q in re.finditer(r'"[^"]*"', out)]
    for m in reversed(list(_OBJECT_AFTER_VERB.finditer(out))):
        if any(a < m.start() < b for a, b in quoted):
            continue            # a quotation of the card's text is read as one (never rewritten)
        words = m.group("obj").split()
        for k in range(len(words), 2, -1):
            if words[k - 1].lower() in _OBJ_OPEN or k < len(words) and \
                    words[k].lower() not in _OBJ_AFTER:
                continue        # a whole phrase: never cut inside one ("a monster with | its effect")
            said = " ".join(words[:k])
            plain = _OBJ_OWNER.sub("your", said)
            plain = re.sub(r"^(?:a|an|one)\b", "1", plain, flags=re.IGNORECASE)
            held = next((name for name, t in texts
                         if holds_word_for_word([flat_text(plain)], t)), None)
            if held is None:
                continue
            noun = "a monster" if re.search(r"\bmonsters?\b", said, re.IGNORECASE) else "a card"
            relexed.changes.append(Change("grounded", said, held))
            out = out[:m.start("obj")] + noun + out[m.start("obj") + len(said):]
            break
    relexed.text = out


# (round 125) "with its own 'if you control no monsters' summon": the card's own procedure, quoted
_OWN_QUOTED = re.compile(r"\b(?P<how>with|by|using) its own \"(?P<q>[^\"]{4,200})\"\s+"
                         r"(?:special summon|summon|procedure|condition|ss)\b", re.IGNORECASE)


def own_procedure_quoted(relexed: Relexed, db: CardDB, families: dict) -> None:
    """"I drop X from hand with its own "If you control no monsters" summon": a quotation of the
    card's own Summoning procedure, said of "its own" Summon, is that procedure ("with its own
    procedure"), shown as grounded in the text of the card named last before it; a quotation its
    procedure does not hold stays as written."""
    out = relexed.text
    for m in reversed(list(_OWN_QUOTED.finditer(out))):
        before = [f for f in mentions(out[:m.start()], db, families)]
        card = db.find(before[-1].card) if before else None
        pieces = quote_pieces(m.group("q"))
        if card is None or not pieces or not holds_word_for_word(pieces, _procedure_text(card)):
            continue
        relexed.changes.append(Change("grounded", m.group(), card.name))
        out = out[:m.start()] + f"{m.group('how')} its own procedure" + out[m.end():]
    relexed.text = out


def said_in_parentheses(text: str, db: CardDB, families: dict) -> tuple[str, list[Change]]:
    """"X 2nd eff (discard a spell, negate all ...) - can I ...?": what a card or its effect named
    just before does, said in parentheses in words of that card's text (:func:`_grounded`), is set
    aside, shown as grounded in it, before the question is read (so what is left reads as it
    would without it).  A parenthesis its text does not bear out stays."""
    out, changes = text, []
    for m in sorted(mentions(text, db, families), key=lambda m: -m.start):
        does = _DOES_AFTER.match(out, m.end)
        card = db.find(m.card)
        if does is None or card is None or _KIND_AFTER.match(out, m.end) is not None or \
                not _grounded(does.group("what"), card):
            continue
        changes.append(Change("grounded", does.group("par").strip(), card.name))
        out = out[:does.start("par")] + out[does.end("par"):]
    # (variants 84) "... can I activate Fenrir's search? (Kashtira Fenrir)": a card's full name in
    # parentheses after the question, naming a card the question already names (by a nickname or
    # a part of its name): it says which card that is, set aside
    tail = _NAME_NOTE.search(out)
    noted = db.find(tail.group("name").strip()) if tail is not None else None
    if noted is not None and noted.name.lower() == tail.group("name").strip().lower():
        full = {w.lower().rstrip("s") for w in _WORD.findall(noted.name)}
        asked = out[:tail.start()]
        near = [m for m in mentions(asked, db, families) if m.card == noted.name or
                {w.lower().rstrip("s") for w in _WORD.findall(m.text)} <= full]
        if not near:
            # "Gale's", "two Veilers": a distinctive word of the name, said alone
            own = [w for w in _WORD.findall(noted.name) if len(w) >= 4 and w.lower() not in _FILLER
                   and w.lower() not in ("dragon", "monster", "card", "spell", "trap", "from")]
            for w in own:
                m = re.search(rf"\b{re.escape(w)}(?:s|es)?\b", asked, re.IGNORECASE)
                if m is not None:
                    near = [Mention(m.start(), m.end(), noted.name, m.group())]
                    break
        if near:
            # the words the question said it with are that card (read as its name)
            for m in sorted(near, key=lambda m: -m.start):
                end = m.start + len(m.text.rstrip(").,?!"))
                if asked[m.start:end] != noted.name:
                    changes.append(Change("read-as", asked[m.start:end], noted.name))
                asked = asked[:m.start] + noted.name + asked[end:]
            changes.append(Change("told-again", tail.group().strip(), f"the card {noted.name}"))
            out = asked
    # "i activate X targeting my own monster (destroy that monster, and if you do SS X)": what
    # the card named last before it in the sentence does, said later in the sentence
    found = mentions(out, db, families)
    for par in reversed(list(_PARENTHESIS.finditer(out))):
        before = [m for m in found if m.end <= par.start() and
                  not re.search(r"[.!?]\s", out[m.end:par.start()])]
        if not before and re.search(r"\bits\s+(?:[\w-]+\s+){0,2}(?:effect|eff|ability)$",
                                    out[:par.start()], re.IGNORECASE):
            # (session after 34b7d8b) "Can I still use its other effect (send 2 ...)?": the card
            # "its" stands for, named last before
            before = [m for m in found if m.end <= par.start()]
        card = db.find(before[-1].card) if before else None
        what = par.group("what")
        if card is None or not any(gamewords().action_of(w) for w in _WORD.findall(what)) or \
                not _grounded(what, card):
            continue
        changes.append(Change("grounded", par.group().strip(), card.name))
        out = out[:par.start()] + out[par.end():]
    return out, changes


# a card's name in parentheses closing the text, after its question mark ("...? (Effect Veiler)")
_NAME_NOTE = re.compile(r"(?<=\?)\s*\((?P<name>[^()?]{3,80})\)\s*$")
# a parenthesis in a sentence ("... (destroy that monster, and if you do SS it) ...")
_PARENTHESIS = re.compile(r"\s*\((?P<what>[^()]{4,160})\)")


def summoned_as_its_text_says(relexed: Relexed, db: CardDB, families: dict) -> None:
    """"I Special Summon X (again) by banishing 1 LIGHT and 1 DARK monster from my GY": how X was
    Summoned is set aside, shown as grounded in X's text, when its words stand in that text (its
    own procedure says so); a way the text does not say stays, to be read."""
    text = relexed.text
    found = mentions(text, db, families)
    keyed = text
    for k, m in sorted(enumerate(found), key=lambda x: -x[1].start):
        keyed = keyed[:m.start] + f"\ue000k{k}k" + keyed[m.end:]
    out = keyed
    for m in reversed(list(_BY_PROCEDURE.finditer(keyed))):
        card = db.find(found[int(m.group("k"))].card)
        if card is None or not grounded_in(m.group("how"), _procedure_text(card)):
            continue
        relexed.changes.append(Change("grounded", m.group("how"), card.name))
        out = out[:m.end("lead")] + out[m.end("how"):]
    if out != keyed:
        relexed.text = re.sub("\ue000k(\\d+)k", lambda x: found[int(x.group(1))].text, out)


def _procedure_text(card) -> str:
    """(hunt 63) The text of the card's own Summon procedures (a way of Summoning it is grounded
    there, never in another effect that happens to say the same action: "by banishing" of a card
    whose other effect banishes); "" when it has none."""
    from .reader import read_card

    reading = read_card(card)
    ids = {f.get("effect") for f in reading.facts if f.type == "procedure"}
    return " ".join(e.text for e in reading.all_effects() if e.id in ids)


# a report that is only a quotation ('"Target 1 card; destroy it."', "'negate ... and if you do'")
_ONLY_QUOTE = re.compile(r"^\s*(?P<q>[\"\u201c'])(?P<quote>.{4,}?)[\"\u201d'][.!]?\s*$")


def _quotes_its_text(said: str, card) -> bool:
    """'X reads "negate the Summon, and if you do, destroy it"': is what is said a quotation (and
    only that) of ``card``'s text, word for word ("..." for words left out), that cannot say which
    of its effects is meant: the card has one effect, or the quotation stands in none of its effects
    alone (a line of the whole card: its limit, its Summon condition)?"""
    from .reader import read_card

    q = _ONLY_QUOTE.match(said)
    if q is None or card is None:
        return False
    pieces = quote_pieces(q.group("quote"))
    if not pieces or not holds_word_for_word(pieces, _card_text(card)):
        return False
    effects = [e.text for e in read_card(card).effects if flat_text(e.text)]
    return len(effects) <= 1 or not any(holds_word_for_word(pieces, e) for e in effects)


def _each_grounded(said: str, card) -> bool:
    """(chains) What the copies of ``card`` are told to say: every quotation in it stands word for
    word in the card's text, and its words are grounded in that text (:func:`_grounded`)."""
    if card is None:
        return False
    text = _card_text(card).lower()
    quotes = [a or b for a, b in _QUOTES_IN.findall(said)]
    # ("..." standing for words left out: each piece in order, :func:`holds_word_for_word`)
    return all(holds_word_for_word(quote_pieces(q), text) for q in quotes if quote_pieces(q)) and \
        _grounded(said, card)


def _lemma_forms(w: str) -> set[str]:
    """A word in the forms it may stand in a card's text: itself, without a plural "s", and its
    lemmas ("searches": search)."""
    from .lemmas import all_lemmas

    w = w.lower()
    out = {w, w.rstrip("s")}
    for ls in all_lemmas(w).values():
        out.update(x.lower() for x in ls)
    return out


# what a card "needs" ("5 banished monsters to activate"): the requirement, without the activation
_TO_ACTIVATE = re.compile(r"\s+(?:in order\s+)?to\s+(?:be\s+)?(?:activate[d]?|resolve|work|use it|be used)\s*$",
                          re.IGNORECASE)


def _required(what: str, verb: str) -> str:
    return _TO_ACTIVATE.sub("", what) if verb.lower() in ("needs", "requires") else what


def _numbers_said(said: str, card) -> bool:
    """Every number said stands in the card's text (a requirement of 3 is not one of 5)."""
    have = set(re.findall(r"\d+", _card_text(card)))
    return all(n in have for n in re.findall(r"\d+", said))


def _grounded(said: str, card) -> bool:
    """Do the words said stand in the card's text (in any form): two in three of them, and every
    game action among them."""
    return grounded_in(said, _card_text(card))


def _card_text(card) -> str:
    """A card's whole text: its own and its Pendulum Effect's."""
    return " ".join(t for t in (card.text, getattr(card, "pendulum_text", None)) if t)


def grounded_in(said: str, text: str, strict: bool = False) -> bool:
    """:func:`_grounded` of a text (an effect's, a card's): two in three of the words said, and
    every game action among them, stand in it; ``strict``: every word said."""
    def forms(w: str) -> set[str]:
        w = w.lower()
        return _lemma_forms(w) | {w[:-2] if w.endswith("ed") else w, w[:-3] if w.endswith("ing") else w}

    have = set()
    for w in _WORD.findall(text):
        have |= forms(w)
    words = [w for w in _WORD.findall(said.replace("\"", " ").replace("'", " "))
             if w.lower() not in _FILLER]
    if not words:
        return False
    from .situate.refs import said_pairs_fit
    if not said_pairs_fit([w.lower() for w in re.findall(r"[A-Za-z0-9][A-Za-z0-9'\-]*", said)], text):
        return False    # (hunt 97) from where to where, which face, as the text pairs them
    hit = [w for w in words if forms(w) & have]
    if strict:
        return len(hit) == len(words)
    game = [w for w in words if gamewords().action_of(w) is not None]
    return len(hit) * 3 >= len(words) * 2 and all(forms(w) & have for w in game)


# a card's kind as people say it ("quick play", "Continuous Trap", "spell"), with "card" after it
_KIND = (r"(?P<kind>(?:quick[- ]?play|qp|continuous|normal|counter|field|equip|ritual|effect|link|"
         r"xyz|synchro|fusion)(?:\s+(?:spell|trap|monster))?|spell|trap|monster)(?:\s+card)?")
# "its a quick-play", "it's a Continuous Trap card", "X is a Counter Trap": what kind of card it is
_KIND_TOLD = re.compile(r"^(?:(?P<pron>(?:it|this|that)(?:'s|s| is))|(?P<subj>.+?) is)\s+(?:a|an)\s+" + _KIND +
                        r"[.!]?$", re.IGNORECASE)
# "Ring of Destruction (normal trap)": the kind said after the name; (round 125) or as an
# apposition ("World Legacy's Sorrow, a Counter Trap."), up to the end of the clause
_KIND_AFTER = re.compile(r"\s*\((?:it'?s |its |a |an )?" + _KIND + r"\)"
                         r"|(?:,|(?<=,))\s+(?:a|an)\s+" + _KIND.replace("?P<kind>", "?P<kind2>") +
                         r"(?=\s*[.,;!?]|$)", re.IGNORECASE)


# "Kuribandit (Level 3)", "Utopia (Rank 4, 2500 ATK)", "(Link-2)", "(1000/700)", "(a DARK Tuner)":
# the card's printed stats said after its name
_STAT = (r"(?:(?:level|lv|lvl|rank|link)[- ]?\d+|link[- ]rating \d+|\d+ (?:atk|def)|(?:atk|def) \d+|"
         r"\d+ ?/ ?\d+|tuner|dark|light|earth|water|fire|wind|divine)")
_STATS_AFTER = re.compile(r"\s*\((?:it'?s |its |a |an )?(?P<stats>" + _STAT + r"(?:(?:\s*,\s*|\s+|\s+and\s+)"
                          + _STAT + r")*(?:\s+(?:monster|card))?)\)", re.IGNORECASE)


def _stats_fit(said: str, card) -> bool:
    """Whether every stat said ("Level 3", "Rank 4", "Link-2", "2500 ATK", "1000/700", "Tuner",
    "DARK") is the card's own printed one: a Rank only of an Xyz Monster, a Link Rating only of a
    Link Monster, a Level of neither."""
    subtypes = set(getattr(card, "subtypes", ()) or ())
    level, atk, def_ = getattr(card, "level", None), getattr(card, "atk", None), getattr(card, "def_", None)
    if getattr(card, "kind", "") != "monster":
        return False
    for st in re.findall(_STAT, said.lower()):
        n = [int(x) for x in re.findall(r"\d+", st)]
        if st.startswith(("level", "lv")):
            ok = n[0] == level and not subtypes & {"xyz", "link"}
        elif st.startswith("rank"):
            ok = n[0] == level and "xyz" in subtypes
        elif st.startswith("link"):
            ok = n[0] == level and "link" in subtypes
        elif "/" in st:
            ok = [atk, def_] == n
        elif "atk" in st:
            ok = atk == n[0]
        elif "def" in st:
            ok = def_ == n[0]
        elif st == "tuner":
            ok = "tuner" in subtypes
        else:
            ok = (getattr(card, "attribute", "") or "").lower() == st
        if not ok:
            return False
    return True


def _is_kind(said: str, card) -> bool:
    """Whether the card is of the kind said ("quick play", "continuous trap", "spell")."""
    words = said.lower().replace("quick play", "quick-play").replace("quickplay", "quick-play") \
        .replace("qp", "quick-play").split()
    kinds = {getattr(card, "kind", "")} | set(getattr(card, "subtypes", ()) or ())
    return all(w in kinds for w in words)


# "X 2nd eff (discard a spell, negate all ...)", "X's effect (banish 1 card)": what the card or
# its effect named just before does, said in parentheses (or what its Summon is done by)
_DOES_AFTER = re.compile(r"(?:'s)?(?:\s+(?:(?:\d(?:st|nd|rd|th)|first|second|third|gy|hand|quick)\s+)?"
                         r"(?:effect|eff|ability)"
                         # "X's SS from hand (detach 1 material ...)": what its own Summon is done by
                         r"|\s+(?:special\s+summon|ss|summon)(?:\s+from\s+(?:the\s+|my\s+|your\s+)?"
                         r"(?:hand|gy|graveyard|deck|banishment))?)?(?P<par>\s*\((?P<what>[^()]{4,160})\))",
                         re.IGNORECASE)


# words a report of a card's text may add around what the text says
_FILLER = {"it", "its", "this", "that", "the", "a", "an", "to", "of", "and", "or", "is", "are",
           "be", "can", "by", "with", "on", "in", "for", "card", "cards", "they", "them", "you",
           "your", "so"}


# (chains) "They use its effect to banish up to 1 card each from my hand, field and GY.": what a
# told activation does, said as its purpose
_ACT_PURPOSE = re.compile(r"\b(?:activates?|activated|uses?|used|chains?|chained|(?P<paid>flips?|flipped|"
                          r"discards?|discarded|tributes?|tributed|banish(?:es)?|banished|detach(?:es)?|"
                          r"detached))\s+"
                          r"(?P<eff>its\s+(?:[\w-]+\s+)?effect|it|(?P<name>\ue000k(?P<k>\d+)k)(?:'s\s+"
                          r"(?:[\w-]+\s+)?effect)?)"
                          # (round 81) where it is activated, said between ("X's effect in the GY to ...")
                          r"(?:\s+(?:in|from)\s+(?:the|my|your|their|his|her)\s+(?:GY|graveyard|hand))?"
                          r"\s+(?P<how>to\s+(?P<verb>[A-Za-z]+)\b[^.?!]*)",
                          re.IGNORECASE)
# ... said after the cost paid or the Set card flipped ("I tribute X to negate that Summon", "I flip
# it to search"): only a purpose that names no card of the story, which the cost's activation keeps
_NAMES_A_CARD = re.compile(r"\b(?:it|them|its|their|my|your|his|her|opp'?s|opponent'?s|this|that\s+"
                           r"(?:monster|card|target)s?|\ue000k\d+k)\b", re.IGNORECASE)


# ... nor, asked, a purpose that points at something told ("to negate the Summon", "to destroy those"):
# that is what the question asks about, not which effect
_TOLD_THING = re.compile(r"\b(?:the|that|this|those|these|negate|negating)\b", re.IGNORECASE)


# (round 81) "... chain Forbidden Lance on it so it's unaffected by my Trap": the state the card's
# text grants, said as the result of using it ("so" may have been read as "and" before)
_SO_UNAFFECTED = re.compile(r"\ue000k(?P<k>\d+)k[^.?!\ue000]*?(?P<how>,?\s+(?:so|and)\s+(?:that\s+)?(?:it|they)"
                            r"\s+(?:is|are|becomes|become|gets|get)\s+unaffected\s+by\s+[^.?!,]*)",
                            re.IGNORECASE)
# (round 81) "Can X target Y and bounce it to the hand?", "... to destroy it?": what the targeting
# card then does to "it", asked after whether it can target
_TARGET_AND_DOES = re.compile(r"\bcan\s+\ue000k(?P<k>\d+)k\s+(?:still\s+)?target\s+[^?]*?\s+"
                              r"(?P<how>(?:and|to)\s+(?P<verb>[A-Za-z]+)\s+(?:it|them)\b[^?,]*)"
                              r"(?=\?\s*$)", re.IGNORECASE)


# "X targets A and B to "banish both ..."": a targeting told with a quotation of what it is for
_TARGET_QUOTE = re.compile(r"\ue000k(?P<k>\d+)k(?:'s\s+(?:[\w-]+\s+)?effect)?\s+(?:targets|targeted)\s+"
                           r"[^.?!\"]*?\s+(?P<how>to\s+(?P<q>[\"'])[^\"']{6,}(?P=q))", re.IGNORECASE)


# a purpose whose object is a card told before ("to return it to the hand", "to banish that
# monster"): in a response it tells what the response does to that card, which the story reads
_TOLD_OBJECT = re.compile(r"^to\s+[A-Za-z]+\s+(?:it|them|that\s+(?:monster|card|target)|"
                          r"those\s+(?:monsters|cards|targets))\b", re.IGNORECASE)


# (round 119) "chains X to negate my monster effect": whose activation it answers, told by its
# purpose (the story reads it: an activation of that player's, told before it)
_WHOSE_ANSWERED = re.compile(r"^to\s+negate\s+(?:my|your|their|his|her|opp's|(?:my\s+)?opponent's)\s+"
                             r"(?:[\w-]+\s+){0,2}(?:effect|activation|spell|trap|card)s?\b",
                             re.IGNORECASE)


def _acts_on_told(how: str, said: str) -> bool:
    """Does a response's purpose act on a card told before (kept, to be read as what the
    response does), or say whose activation it answers, rather than describe its effect?"""
    return bool(_TOLD_OBJECT.match(how)) and re.match(r"(?i)chain", said) is not None or \
        bool(_WHOSE_ANSWERED.match(how))


def purpose_as_its_text_says(relexed: Relexed, db: CardDB, families: dict) -> None:
    """(chains) A told activation said with its purpose ("they use its effect to banish up to 1
    card each from my hand, field and GY"): the purpose is set aside, shown as grounded in the
    effect's card's text, when its words stand in that text (a game action it does, the rest its
    words); a purpose the text does not bear out stays, to be read.  In the question only "use
    (activate) X's effect to ..." whose every word stands in the text and that names no card
    ("can I still use its effect to add a Change spell?"): it says which effect, not more."""
    text = relexed.text
    found = mentions(text, db, families)
    keyed = text
    for k, m in sorted(enumerate(found), key=lambda x: -x[1].start):
        keyed = keyed[:m.start] + f"\ue000k{k}k" + keyed[m.end:]
    out, named = [], None

    def unkey(said: str) -> str:
        # (session after 8cfbe00) what is set aside is shown with its card names, never their keys
        return re.sub("\ue000k(\\d+)k", lambda x: found[int(x.group(1))].text, said)

    for part in re.split(r"(?<=[.!?])\s+", keyed):
        names = [int(x) for x in re.findall("\ue000k(\\d+)k", part)]
        # (hunt 76) a question ending with a card's name ends with the key its "?" was found with
        asked = unkey(part).rstrip().endswith("?")
        q = _TARGET_QUOTE.search(part) if not asked else None
        if q is not None:
            # "X targets my monster and theirs to "banish both until the End Phase"": the
            # quotation, word for word in X's text, says which of its effects; set aside
            card = db.find(found[int(q.group("k"))].card)
            if card is not None and _each_grounded(q.group("how")[3:], card):
                relexed.changes.append(Change("grounded", unkey(q.group("how")), card.name))
                part = part[:q.start("how")].rstrip() + part[q.end("how"):]
        u = _SO_UNAFFECTED.search(part) if not asked else None
        if u is not None:
            # (round 81) "they chain Forbidden Lance on it so it's unaffected by my Trap": what
            # the card's text grants the card it is used on, said as its result; set aside when
            # that text says it (the rules read the text)
            card = db.find(found[int(u.group("k"))].card)
            if card is not None and "unaffected" in (card.text or "").lower() and \
                    _grounded(u.group("how").split(None, 1)[1], card):
                relexed.changes.append(Change("grounded", unkey(u.group("how").strip(" ,")), card.name))
                part = part[:u.start("how")].rstrip() + part[u.end("how"):]
        t = _TARGET_AND_DOES.search(part) if asked else None
        if t is not None and gamewords().action_of(t.group("verb")) is not None:
            # (round 81) "Can X target a face-down monster and bounce it to the hand?": what it does
            # to its target, every word in X's text, set aside (asked is whether it can target)
            card = db.find(found[int(t.group("k"))].card)
            if card is not None and grounded_in(t.group("how").split(None, 1)[1], card.text or "",
                                                strict=True):
                relexed.changes.append(Change("grounded", unkey(t.group("how")), card.name))
                part = part[:t.start("how")].rstrip() + part[t.end("how"):]
        m = _ACT_PURPOSE.search(part)
        if m is not None and asked and (m.group("paid") or _NAMES_A_CARD.search(m.group("how"))
                                        or _TOLD_THING.search(m.group("how"))
                                        or re.match(r"(?i)chain", m.group(0))):
            m = None    # asked: only "use/activate X's effect to <what its text says it does>"
        if m is not None and gamewords().action_of(m.group("verb")) is not None:
            # (a name found with its sentence's full stop joins two sentences here)
            before = [int(x) for x in re.findall("\ue000k(\\d+)k", part[:m.start()])]
            named = before[-1] if before else named
            k = int(m.group("k")) if m.group("k") else None
            card = db.find(found[k].card) if k is not None else \
                db.find(found[named].card) if named is not None else None
            if card is not None and (grounded_in(m.group("how")[3:], _card_text(card), strict=True)
                    if asked else _grounded(m.group("how")[3:], card)) and \
                    not _acts_on_told(m.group("how"), m.group(0)) and \
                    not (m.group("paid") and _NAMES_A_CARD.search(m.group("how"))):
                relexed.changes.append(Change("grounded", unkey(m.group("how")), card.name))
                part = part[:m.start("how")].rstrip() + part[m.end("how"):]
        if names:
            named = names[-1]
        out.append(part)
    new = " ".join(out)
    if new != keyed:
        relexed.text = re.sub("\ue000k(\\d+)k", lambda x: found[int(x.group(1))].text, new)


# (chains) a ruling the asker states in passing ("(that Summon itself does not start a Chain)",
# "the Summon isn't a chain link"): a statement of a question form, with the answer it claims
_CLAIMS = [
    (re.compile(r"^(?P<subj>[\w'\-: \ue000]{2,60}?)\s+(?:does not|doesn't|doesnt|did not|didn't|"
                r"will not|won't)\s+(?:start|make|open|use)\s+(?:a|the)\s+chain(?:\s+link)?$",
                re.IGNORECASE), "Does {subj} start a Chain?", "no"),
    (re.compile(r"^(?P<subj>[\w'\-: \ue000]{2,60}?)\s+(?:starts|makes|opens|uses)\s+(?:a|the)\s+"
                r"chain(?:\s+link)?$", re.IGNORECASE), "Does {subj} start a Chain?", "yes"),
    (re.compile(r"^(?P<subj>[\w'\-: \ue000]{2,60}?)\s+(?:is not|isn't|isnt|'s not)\s+(?:a\s+)?chain\s+"
                r"link$", re.IGNORECASE), "Is {subj} a Chain Link?", "no"),
    (re.compile(r"^(?P<subj>[\w'\-: \ue000]{2,60}?)\s+is\s+(?:a\s+)?chain\s+link$", re.IGNORECASE),
     "Is {subj} a Chain Link?", "yes"),
    # "(no chain)", "(no card effect involved)": said of what was just told, with no subject
    (re.compile(r"^(?P<subj>)(?:no chain(?:\s+link)?|not a chain link|no card effects?(?:\s+involved|"
                r"\s+used)?|no effects?(?:\s+involved|\s+used)?|not an effect)$", re.IGNORECASE),
     "Does it start a Chain?", "no"),
    # (round 54) "..., so nothing gets summoned": what the story told leaves undone, said as its
    # result (asked of the story before it)
    (re.compile(r"^(?P<subj>)nothing\s+(?:gets|got|is|was|will\s+be|ends\s+up)\s+(?:special\s+)?"
                r"summoned$", re.IGNORECASE), "Is anything Special Summoned?", "no"),
]
_CLAIM_SPOTS = re.compile(r"\s*\((?P<par>[^()]{6,120})\)|(?P<sent>(?:^|(?<=[.!?]\s))[^.!?()]{6,120}?)"
                          r"(?P<stop>[.!]|,?\s+but\b)(?P<so>(?!))?")
# ... and a result said after "so" inside a sentence (the same groups, only "so" taken)
_SO_SPOTS = re.compile(r"(?P<par>(?!))?(?P<sent>(?!))?(?P<stop>(?!))?"
                       r",?\s+so\s+(?P<so>nothing\s+[^.!?,]{3,40}?)(?=[.!])")


def claims_checked(relexed: Relexed, db: CardDB, families: dict, settle=None) -> None:
    """(chains) A ruling the asker states in passing in the story ("My opponent Synchro Summons X
    (that Summon itself does not start a Chain).", "The Summon isn't a chain link, but ..."): the
    statement is asked as its question, with the story told before it (``settle``: the product's
    own answer); when the answer is the one stated, the statement is set aside, shown as checked.
    A statement the product does not answer the same way stays, to be read (and refused)."""
    if settle is None:
        return
    text = relexed.text
    found = mentions(text, db, families)
    keyed = text
    for k, m in sorted(enumerate(found), key=lambda x: -x[1].start):
        keyed = keyed[:m.start] + f"\ue000k{k}k" + keyed[m.end:]
    unkey = lambda t: re.sub("\ue000k(\\d+)k", lambda x: found[int(x.group(1))].card, t)  # noqa
    cuts = []
    for spot in [*_CLAIM_SPOTS.finditer(keyed), *_SO_SPOTS.finditer(keyed)]:
        said = (spot.group("par") or spot.group("sent") or spot.group("so") or "").strip()
        if spot.group("sent") is not None and said.endswith("?"):
            continue
        for rx, form, value in _CLAIMS:
            m = rx.match(said)
            if m is None:
                continue
            before = keyed[:spot.start()].strip()
            if spot.group("par") is not None or spot.group("so") is not None:
                story = before if before.endswith((".", "!")) else before + "."
            else:
                story = before
            question = (unkey(story) + " " + form.format(subj=unkey(m.group("subj")))).strip()
            try:
                got = settle(question)
            except Exception:       # a question the product refuses checks nothing
                got = None
            if got == value:
                cuts.append((spot, said, value))
            break
    if not cuts:
        return
    out = keyed
    for spot, said, value in sorted(cuts, key=lambda c: -c[0].start()):
        relexed.changes.append(Change("checked", unkey(said), value))
        if spot.group("par") is not None or spot.group("so") is not None:
            out = out[:spot.start()] + out[spot.end():]
        elif spot.group("stop").strip(" ,").lower() == "but":
            out = out[:spot.start("sent")] + out[spot.end():].lstrip()
        else:
            out = out[:spot.start("sent")] + out[spot.end():].lstrip()
    relexed.text = re.sub("\ue000k(\\d+)k", lambda x: found[int(x.group(1))].text, out).strip()


# "I have no Spiral Flame Strike left in my Deck", "there's no Ritual Monster in my deck": nothing
# of that kind where the story says
_NONE_LEFT = re.compile(r"^(?P<lead>(?:if|since|when)\s+)?(?:(?:i|we)\s+(?:have|had|got|ha?ve got)|"
                        r"there(?:'s|s| is| are| was| were)|(?=no\b))\s*no\s+(?:more\s+)?"
                        r"(?P<what>[^.,;!?]+?)(?:\s+left)?\s+in\s+(?:my\s+|the\s+|our\s+)?"
                        r"(?P<place>main deck|deck|hand|gy|graveyard)(?:\s+(?:anymore|any more))?"
                        r"(?:[.!]?$|(?(lead),?\s+(?P<asked>(?:can|could|do|does|is|will|would|am)\b.*\?)$))",
                        re.IGNORECASE)
_PLACE_WRITTEN = {"main deck": "deck", "deck": "deck", "hand": "hand", "gy": "gy", "graveyard": "gy"}
# a part of an effect that takes a card from a place: its action, what it takes, and the place
_TAKES = re.compile(r"\b(?P<verb>add|special summon|send|banish|shuffle|set|place|attach|equip)\s+"
                    r"(?P<what>[^,;.]*?)\s+from\s+your\s+(?P<places>[^,;.]*?)(?=\s+(?:to|in|into|"
                    r"on|face-up|face-down)\b|[,;.]|$)", re.IGNORECASE)


def nothing_left_as_its_text_takes(relexed: Relexed, db: CardDB, families: dict) -> None:
    """"I have no X left in my Deck. Do I still Special Summon ...?": a story that says there is
    no card of what a part of the asked card's effect takes from that place ("add 1 "X" from your
    Deck") is that part's action told as impossible ("I cannot add X"), shown as
    grounded in that card's text.  Only when exactly one part of the cards the question names
    takes such a card from that place (its words, each in a form of its own, stand in what the
    part takes), and no other part of its card does that action (what cannot be done is told by
    its action); a place or a card its text does not take from stays, to be read."""
    from .parser.lexicon import sentences

    said = sentences(relexed.text)
    if len(said) < 2:
        return
    named = {m.card for m in mentions(relexed.text, db, families)}
    out, changed = [], False
    for part in said:
        m = _NONE_LEFT.match(part.strip())
        if m is not None and part.rstrip().endswith("?") and not m.group("asked"):
            m = None         # a question of its own ("is there no X left in my Deck?")
        verb = _taken_by(m.group("what"), _PLACE_WRITTEN[m.group("place").lower()], named, db) \
            if m is not None else None
        if verb is None:
            out.append(part)
            continue
        told = m.group()[:m.start("asked")].strip() if m.group("asked") else part.strip()
        read = f"I cannot {verb} {m.group('what').strip()}."
        relexed.changes.append(Change("cannot-take", told, read))
        out.append(read)
        if m.group("asked"):    # "if there's no X left in my deck can i ...?": the question after it
            out.append(m.group("asked")[:1].upper() + m.group("asked")[1:])
        changed = True
    if changed:
        relexed.text = " ".join(out)


def _taken_by(what: str, place: str, named: set[str], db: CardDB) -> str | None:
    """The one action of the named cards' texts that takes ``what`` from ``place``, or None."""
    forms = _lemma_forms
    words = [w for w in _WORD.findall(what) if w.lower() not in _FILLER]
    if not words or re.search(r"\d|\b(?:or|except|non)\b", what, re.IGNORECASE):
        return None         # ("no Level 4 monster": a Level 3 one may be there)
    verbs = set()
    for name in named:
        card = db.find(name)
        if card is None:
            continue
        for t in _TAKES.finditer(" ".join(x for x in (card.text, card.pendulum_text) if x)):
            places = t.group("places").lower().replace("graveyard", "gy")
            if place not in re.findall(r"\b(?:deck|hand|gy)\b", places) or \
                    "main deck" not in places and "extra deck" in places and place == "deck":
                continue
            if re.search(r"\b(?:or|except|non)\b|\bnon-", t.group("what"), re.IGNORECASE):
                continue    # ("a LIGHT or DARK monster": none of one kind leaves the other)
            have = set()
            for w in _WORD.findall(t.group("what")):
                have |= forms(w)
            verb = t.group("verb").lower()
            if all(forms(w) & have for w in words):
                if len(re.findall(rf"\b{verb}\b", card.text + " " + (card.pendulum_text or ""),
                                  re.IGNORECASE)) > 1:
                    return None     # another part does that action too: which one is not told
                verbs.add(verb)
    return verbs.pop() if len(verbs) == 1 else None


# "terrortop special summoning itself from hand when i control no monsters - is that a chain link?",
# "thestalos discarding a random card from opp hand, does that count as targeting?": what a card
# does, said as a gerund after its name, then asked of "that" (in the same sentence, or the next:
# the lexicon ends a sentence at the dash)
_DOING = re.compile(r"^(?P<doing>(?:special\s+)?[a-z]+ing\b[^?]*?)\s*(?:(?:\s[-\u2013\u2014]\s*|[,:.]\s*)"
                    r"(?P<aux>is|does|was|thats|that's|that is)\s+(?:(?:that|this|it)\s+)?"
                    r"(?P<asked>[^?]+\?)|[.]?)$", re.IGNORECASE)
_ASKED_OF_THAT = re.compile(r"^(?P<aux>is|does|was|thats|that's|that is)\s+(?:that|this|it)\s+"
                            r"(?P<asked>[^?]+\?)$", re.IGNORECASE)


def doing_as_its_text_says(relexed: Relexed, db: CardDB, families: dict) -> None:
    """"X special summoning itself from hand when I control no monsters - is that a chain link?":
    what the card named first does, said as a gerund, is that card's effect that does it, when its
    words stand in the card's text (:func:`_grounded`) and the gerund is an action its text does;
    the question is asked of that effect ("Is X's Special Summon effect a chain link?"), the words
    said of it shown as grounded.  Words the text does not bear out leave the sentence as it was."""
    from .lemmas import all_lemmas
    from .parser.lexicon import sentences

    said = sentences(relexed.text)
    out, changed, k = [], False, 0
    while k < len(said):
        part = said[k]
        found = mentions(part, db, families)
        head = found[0] if found and found[0].start == 0 else None
        m = _DOING.match(part[head.end:].strip()) if head is not None else None
        nxt = None
        if m is not None and not m.group("aux"):
            nxt = _ASKED_OF_THAT.match(said[k + 1].strip()) if k + 1 < len(said) else None
            if nxt is None:
                m = None
        card = db.find(head.card) if m is not None else None
        verb = None
        if card is not None:
            first = m.group("doing").split()
            word = first[1] if first[0].lower() == "special" and len(first) > 1 else first[0]
            base = {x.lower() for ls in all_lemmas(word.lower()).values() for x in ls}
            special = first[0].lower() == "special"
            base = sorted(b for b in base if gamewords().action_of(f"special {b}" if special else b))
            verb = (f"Special {base[0].capitalize()}" if special else base[0]) if base else None
        text = " ".join(t for t in (card.text, card.pendulum_text) if t) if card is not None else ""
        if verb is None or not re.search(rf"\b{verb.split()[-1]}", text, re.IGNORECASE) or \
                not _grounded(m.group("doing"), card):
            out.append(part)
            k += 1
            continue
        q = nxt or m
        aux = {"does": "Does", "was": "Was"}.get(q.group("aux").lower(), "Is")
        read = f"{aux} {head.text}'s {verb} effect {q.group('asked')}"
        written = part if nxt is None else f"{part} {said[k + 1]}"
        relexed.changes.append(Change("grounded", m.group("doing"), card.name))
        relexed.changes.append(Change("read-as", written, read))
        out.append(read)
        changed = True
        k += 2 if nxt is not None else 1
    if changed:
        relexed.text = " ".join(out)


# "can i tribute X during my main phase to summon a level 4 magnet warrior?": the cost of one of
# X's effects done to X itself, said instead of activating that effect (the purpose after it);
# "can i activate X from hand to banish something from their gy?": the purpose says which effect
_COST_AS_ACT = re.compile(r"\b(?P<modal>can|could|may)\s+(?P<who>i|you|they|he|she|my opponent|opp|"
                          r"opponent)\s+(?:still\s+)?(?P<verb>tribute|discard|banish|reveal|send|activate|use|chain)\s+"
                          r"(?P<k>\ue000k\d+k|it\b)(?!'s)(?P<place>\s+from\s+(?:(?:the|my|your)\s+)?(?:hand|gy|graveyard)\b)?"
                          r"(?P<gy>\s+to\s+(?:the|my|your)\s+(?:gy|graveyard)\b)?"
                          r"(?P<rest>(?:\s+(?!to\b|in\s+order\b)[\w'\-]+){0,6}?)"
                          r"(?:\s+(?P<how>(?:in order\s+)?to\s+[^?]+?))?\s*(?P<end>\?)", re.IGNORECASE)


def cost_said_as_activation(relexed: Relexed, db: CardDB, families: dict) -> None:
    """"Can I Tribute X during my Main Phase to Special Summon a Level 4 monster?": doing to X the
    cost its text has one effect pay with X itself ("You can Tribute this card; ...") is asking
    whether that effect can be activated: read as "Can I activate the second effect of X during
    my Main Phase?", the purpose shown as grounded when its words stand in that effect's text and
    each game action it says is one that effect does.  "Can I activate X from my hand to banish
    a card?": the one effect of X that the purpose grounds so is the effect asked about.  A cost
    no effect or more than one pays with the card, a purpose no effect or more than one bears
    out, leaves the question as it was."""
    from .reader import read_card

    found, keyed = _keyed(relexed.text, db, families)
    m = _COST_AS_ACT.search(keyed)
    if m is None:
        return
    key = m.group("k")
    if key.lower() == "it":
        # "X is in my GY. Can I banish it to add ...?": the card named last before it
        before = [int(k) for k in re.findall(r"\ue000k(\d+)k", keyed[:m.start("k")])]
        if not before or len(set(before)) != 1:
            return
        key = f"\ue000k{before[-1]}k"
    mention = found[int(key[2:-1])]
    card = db.find(mention.card)
    if card is None:
        return
    reading = read_card(card)
    verb = m.group("verb").lower()
    how = m.group("how")
    if (verb == "send") != bool(m.group("gy") or verb == "send" and m.group("place")) and \
            not (verb == "send" and how):
        return      # "send X (from my hand) to the GY" is the cost said; "banish X to the GY" is nothing
    from_gy = bool(m.group("place")) and not m.group("place").lower().endswith("hand")
    if m.group("place") and verb not in ("send", "discard", "reveal", "banish") or \
            from_gy and verb != "banish":
        return      # "activate X from my hand": the grammar reads where it is activated from
    if verb in ("activate", "use", "chain"):
        if not how:
            return      # the card activated, or its only effect: the grammar reads that
        paying = [f.get("effect") for f in reading.facts if f.type == "effect"]
    else:
        paying = [f.get("effect") for f in reading.facts if f.type == "cost_action"
                  and f.get("verb") == verb and re.search(r"\bthis (?:face-up )?card\b",
                                                 getattr(f.source, "quote", "") or "", re.IGNORECASE)]
    paying = list(dict.fromkeys(paying))
    if m.group("place") and m.group("place").lower().endswith("hand") and len(paying) > 1:
        # "banish X from my hand": of the effects that pay with the card, the one paid from the hand
        paying = [e for e in paying if any(
            f.type == "cost_action" and f.get("effect") == e and f.get("verb") == verb and
            re.search(r"\bhand\b", getattr(f.source, "quote", "") or "") for f in reading.facts)]
    aim_names = False
    if how and "\ue000" in how:
        named = [found[int(k)].card for k in re.findall(r"\ue000k(\d+)k", how)]
        if all(c == card.name or f'"{c}"' in (card.text or "") for c in named):
            # a card the text itself names ("banish it to Special Summon another Peten": the
            # card's own name, quoted in its text)
            how = re.sub(r"\ue000k(\d+)k", lambda x: found[int(x.group(1))].card, how)
        else:
            # (hunt 76) a purpose that names a card says what it is done to, not which effect
            aim_names = True
    if how and re.match(r"(?:in order\s+)?to\s+(?:it|them|that|this|those|these)\b", how, re.IGNORECASE):
        return      # (hunt 80) "chain X to it to negate ...": what it is chained to, then the aim
    aim_only = False
    if how:
        said = re.sub(r"^(?:in order\s+)?to\s+", "", how, flags=re.IGNORECASE)
        grounded = [] if aim_names else \
            [e for e in paying if _purpose_of(said, reading, e, verb in ("activate", "use", "chain"))]
        # (session after ef80931) a cost paid with the card itself that one effect alone pays says
        # which effect, even when the aim is said in other words than its text ("send Honest from
        # my hand to pump it"): the aim is then asked too (a no stands, a yes needs it)
        aim_only = not grounded and len(paying) == 1 and verb not in ("activate", "use", "chain")
        paying = grounded or (paying if aim_only else [])
    if len(paying) != 1:
        return
    said = _effect_named(paying[0], key)
    if said is None:
        return
    if how:
        # (hunt 80) a response's aim ("can I chain X to negate the activation of a Spell Card?")
        # says what it would do to the link it answers, which the story may not bear out: asked
        # too (a yes needs it); an activation's aim only says which of its effects
        relexed.changes.append(Change("result", _unkeyed(found, how)) if verb == "chain" or aim_only
                               else Change("grounded", _unkeyed(found, how), card.name))
    rest = m.group("rest") or ""
    act = m.group("verb") if verb in ("activate", "use", "chain") else "activate"
    # (a cost paid from the hand: the effect is activated from there, said again; from the GY:
    # where the cost takes the card, grounded in it)
    if from_gy:
        if not any(f.type == "cost_action" and f.get("verb") == "banish" and
                   re.search(r"\b(?:GY|Graveyard)\b", getattr(f.source, "quote", "") or "")
                   for f in reading.facts if f.get("effect") == paying[0]):
            return
        relexed.changes.append(Change("grounded", m.group("place").strip(), card.name))
    where = m.group("place") if m.group("place") and not from_gy else ""
    read = f"{m.group('modal')} {m.group('who')} {act} {said}{where}{rest}?"
    written = keyed[m.start():m.end()]
    relexed.changes.append(Change("read-as", _unkeyed(found, written), _unkeyed(found, read)))
    relexed.text = _unkeyed(found, keyed[:m.start()] + read + keyed[m.end():])


def _unkeyed(found: list, keyed: str) -> str:
    """``keyed`` (:func:`_keyed`) with each card's key written back as the question wrote it."""
    def written(k: int) -> str:
        m = found[k]
        cut = _sentence_tail(m)                     # (its punctuation stayed outside the key)
        return m.text[:len(m.text) - cut]

    return re.sub("\ue000k(\\d+)k", lambda x: written(int(x.group(1))), keyed)


def _sentence_tail(m) -> int:
    """How many characters at the end of mention ``m`` are the sentence's punctuation the name was
    found with, not the card's name's own ("Stardust Dragon?" → 1, "... - Engage!" → 0)."""
    tail = re.search(r"[.?!,;:]+$", m.text)
    return len(tail.group()) if tail is not None and not m.card.endswith(tail.group()) else 0


def _effect_named(eid: str, card: str) -> str | None:
    """Effect ``eid`` said as "the second effect of ``card``"; None for one no ordinal says."""
    from .parser.names import vocabulary

    from .reader.numbering import public

    n = eid.rpartition("#")[2]
    ordinals = {k: w for w, k in vocabulary()["ordinals"].items() if w.isalpha()}
    said = public(eid.rpartition("#")[0], int(n)) if n.isdigit() else None   # as players number it
    if said not in ordinals:
        return None
    return f"the {ordinals[said]} effect of {card}"


def _keyed(text: str, db: CardDB, families: dict):
    """The cards ``text`` names, and ``text`` with each of them written as its key ("\ue000k0k")."""
    found = mentions(text, db, families)
    keyed = text
    for k, m in sorted(enumerate(found), key=lambda x: -x[1].start):
        # (the sentence's own punctuation the name was found with stays outside the key)
        keyed = keyed[:m.start] + f"\ue000k{k}k" + keyed[m.end - _sentence_tail(m):]
    return found, keyed


def _owners_fit(words: list[str], text: str) -> bool:
    """(hunt 92) Whose card (or LP) words said of a purpose say ("my monster", "their monster's",
    "my own") fit the text it is grounded in: "my" not of a text that acts only on what the
    opponent controls (or what the opponent gains), "their" not of one that acts only on what its
    player controls; and a number said stands in the text."""
    low, said = text.lower(), {w.lower() for w in words}
    if said & _MINE and re.search(r"your opponent(?:'s| controls| gains| draws)", low) and \
            not re.search(r"\byou control\b|on the field|\beither\b|\byou gain\b|\bdraw\b(?! .*your opponent)", low):
        return False
    if said & _THEIRS and re.search(r"\byou control\b|\byou gain\b", low) and \
            not re.search(r"your opponent controls|on the field|\beither\b", low):
        return False
    if not said & _THEIRS and re.search(r"\byour opponent (?:gains|draws|takes)\b", low) and \
            not re.search(r"\byou (?:gain|draw|take)\b", low):
        return False    # "to gain 1000 LP" of "your opponent gains 1000 LP"
    return all(re.search(rf"\b{w}\b", text) for w in words if w.isdigit())


def _purpose_of(said: str, reading, eid: str, acting: bool) -> bool:
    """Do the words of a purpose stand in the text of effect ``eid`` (:func:`_grounded`), and is
    each game action they say one that effect does (its cost too)?  ``acting``: the purpose must
    say one (it alone tells which effect is activated)."""
    effect_text = next((f.source.quote for f in reading.facts if f.type == "effect"
                        and f.get("effect") == eid and getattr(f.source, "quote", None)), "")
    # (a purpose's pronouns and owners stand for what the text says otherwise: "something from
    # their GY" of a text that says "1 monster in either GY"; a clause that says which card, "...
    # they just sent to the GY", is words of the story that the effect's text does not ground)
    kept = " ".join(w for w in _WORD.findall(said) if w.lower() not in _PURPOSE_FILLER)
    if not effect_text or not kept or not grounded_in(kept, effect_text, strict=True):
        return False
    if not _owners_fit(re.findall(r"[A-Za-z0-9][A-Za-z0-9'\-]*", said), effect_text):
        return False
    does = {f.get("verb") for f in reading.facts if f.get("effect") == eid
            and f.type in ("clause", "clause_verb", "cost_action")}
    acts = {gamewords().action_of(w) for w in _WORD.findall(said)} - {None}
    return (bool(acts) or not acting) and acts <= does


_PURPOSE_FILLER = {"something", "anything", "their", "my", "his", "her", "one", "opp", "opponent's", "get",
                   "own", "another"}


# "Delteros detaches 1 material to destroy a card. Is that a targeting effect?": a told sentence
# whose subject is a card (or its effect), and a question that asks of "that"/"this"/"it"
_TOLD_DOING = re.compile(r"(?:^|(?<=[.!]\s))(?:(?:my|their|his|her|opp's|the)\s+)?(?P<k>\ue000k\d+k)"
                         r"(?:'s\s+effect)?\s+(?P<does>[^.?!]{3,160}?)\s*[.!]\s", re.IGNORECASE)
_ASKED_OF_IT = re.compile(r"(?:^|(?<=[.!]\s))(?P<aux>is|does|did|was|can)\s+"
                          r"(?P<it>that effect|this effect|that|this|it)(?=\s)(?![^?]*\ue000k)"
                          r"[^?]*\?\s*$", re.IGNORECASE)


def told_doing_says_which(relexed: Relexed, db: CardDB, families: dict) -> None:
    """"X detaches 1 material to destroy a card on the field. Is that a targeting effect?": what
    the story tells a card did is what one of its effects does; the question's "that" (or "this",
    "it") is that effect, read as "the second effect of X", when exactly one effect of X bears
    out every game action the sentence says and its words stand in that effect's text
    (:func:`_purpose_of`).  The question must name no card itself; a sentence no effect or more
    than one bears out leaves the question as it was."""
    from .reader import read_card

    found, keyed = _keyed(relexed.text, db, families)
    asked = _ASKED_OF_IT.search(keyed)
    if asked is None:
        return
    told = [t for t in _TOLD_DOING.finditer(keyed[:asked.start()] + " ")]
    if len(told) != 1:
        return
    t = told[0]
    card = db.find(found[int(t.group("k")[2:-1])].card)
    if card is None:
        return
    reading = read_card(card)
    effects = list(dict.fromkeys(f.get("effect") for f in reading.facts if f.type == "effect"))
    said = t.group("does")
    fits = [e for e in effects if _purpose_of(said, reading, e, True)]
    if len(fits) != 1:
        return
    named = _effect_named(fits[0], card.name)
    if named is None:
        return
    relexed.changes.append(Change("grounded", _unkeyed(found, said), card.name))
    relexed.changes.append(Change("read-as", asked.group("it"), named))
    relexed.text = _unkeyed(found, keyed[:asked.start("it")] + named + keyed[asked.end("it"):])


# "X's GY effect that shuffles a Level 8 Fusion and 1 card on the field into the Deck", "X's effect
# which banishes ...": an effect named by what it does, in a relative clause
_EFFECT_THAT = re.compile(r"(?P<k>\ue000k\d+k)(?:'s)?\s+(?P<desc>(?:[\w-]+\s+){0,2}?)(?:effect|eff|ability)"
                          r"\s+(?:that|which)\s+(?P<what>[^,.?!:;()\"\ue000]{3,160}?)"
                          r"(?=\s*(?:[,.?!:;]|\s[-\u2013\u2014]\s|$))", re.IGNORECASE)
_TOPIC_ASKED = re.compile(r"^\s*(?P<aux>is|does|did|was|can|will|would)\s+(?P<it>it|that|this)(?=\s)",
                          re.IGNORECASE)


def effect_told_by_what_it_does(relexed: Relexed, db: CardDB, families: dict) -> None:
    """"Ecclesia's GY effect that shuffles a Level 8 Fusion and 1 card on the field into the Deck
    - does it target?": an effect named by a relative clause of what it does is "the second
    effect of X", when exactly one effect of X bears out every game action the clause says and
    every word of it (and of the words before "effect") stands in that effect's text
    (:func:`_purpose_of`); the clause is shown as grounded in the card.  A sentence that is that
    name alone, before a question asked of "it" (or "that"), is the question's subject.  An
    effect no effect or more than one bears out stays as written."""
    from .reader import read_card

    found, keyed = _keyed(relexed.text, db, families)
    out = keyed
    for m in reversed(list(_EFFECT_THAT.finditer(keyed))):
        card = db.find(found[int(m.group("k")[2:-1])].card)
        if card is None:
            continue
        reading = read_card(card)
        effects = list(dict.fromkeys(f.get("effect") for f in reading.facts if f.type == "effect"))
        desc = m.group("desc").strip()
        fits = [e for e in effects if _purpose_of(m.group("what"), reading, e, True)
                and (not desc or _purpose_of(desc, reading, e, False))]
        named = _effect_named(fits[0], card.name) if len(fits) == 1 else None
        if named is None:
            continue
        start, end = m.start(), m.end()
        lead = re.search(r"(?:^|[.!?]\s+)$", out[:start])
        stop = re.match(r"\s*(?:[.,:]|\s[-\u2013\u2014])\s+", out[end:])
        asked = _TOPIC_ASKED.match(out[end + stop.end():]) if lead and stop else None
        if lead and stop and asked is None:
            continue        # the name alone, and no question asked of it next: left as written
        relexed.changes.append(Change("grounded", "that " + _unkeyed(found, m.group("what")),
                                      card.name))
        relexed.changes.append(Change("read-as", _unkeyed(found, m.group(0)), named))
        if asked is not None:
            # the name alone, then "does it ...?": the question asked of that effect
            at = end + stop.end()
            rest = out[at:]
            said = f"{asked.group('aux')} {named}" + rest[asked.end():]
            out = out[:start] + said[:1].upper() + said[1:]
            continue
        out = out[:start] + named + out[end:]
    if out != keyed:
        relexed.text = _unkeyed(found, out)


# a quotation of card text right after a card's name ('X "FLIP: Target 1 monster ..."', 'X:
# "Once per turn ..."', "X's effect "..."")
_QUOTE_AFTER = re.compile(r"""(?P<lead>(?:(?P<eff>'s\s+(?:effect|eff|ability)\s*:?)|"""
                          r"""'s(?=\s*"[^"]{4,400}"\s+(?:effect|eff|ability|summon|one|trigger|part)\b))?"""
                          r"""\s*(?:[:\u2013\u2014]|\s-)?\s*)"""
                          r"""(?P<q>"(?P<what>[^"]{4,400})")""")
# (round 125) the noun a possessive quotation names ("X's "..." effect", "X's "..." summon")
_NOUN_AFTER_QUOTE = re.compile(r"\s+(?:effect|eff|ability|summon|one|trigger|part)\b"
                               r"(?:\s+from\s+(?:the\s+|my\s+|your\s+|their\s+)?(?:hand|gy|graveyard)\b)?",
                               re.IGNORECASE)
# ... when the name is what a player activates ("I activate X "..."", "they chain X's effect
# "...""): the quotation says which effect
_ACTIVATING = re.compile(r"\b(?:activate|activates|activated|activating|use|uses|used|using|chain|"
                         r"chains|chained|chaining|resolve|resolves|resolved)\s+(?:(?:my|your|their|his|"
                         r"her|the|a|an|opponent's|opp's)\s+)*$", re.IGNORECASE)


def quoted_after_names(relexed: Relexed, db: CardDB, families: dict, several: bool = False) -> None:
    """A quotation of a card's text said right after its name ('they Flip Summon X "FLIP: Target
    1 monster ..." ', 'X: "Once per turn ..."', "I activate X's effect "...""): where the card is
    what a player activates, the quotation says which effect, and the name with it becomes that
    effect ("X's second effect", only when the quotation stands word for word in one effect);
    elsewhere it only reports what the card says and is set aside, shown as grounded in the
    card's text (only when the text holds it word for word).  A quotation closed after its own
    full stop ends the sentence.  A quotation the text does not hold stays, to be read, and so
    does one that says which of several effects (other readings use it); with ``several`` (a
    later reading, tried when those readings do not place the question) the name and such a
    quotation become that effect, wherever the name stands."""
    from .parser.tokens import _name_end
    from .reader import read_card

    text = relexed.text
    out = text
    for m in sorted(mentions(text, db, families), key=lambda m: -m.start):
        end = _name_end(out, m)
        q = _QUOTE_AFTER.match(out, end)
        card = db.find(m.card)
        # (round 125) "X's "quote" effect", "X's "quote" summon", "its "quote" one": the quotation
        # says which effect, the noun after it goes with it
        noun = _NOUN_AFTER_QUOTE.match(out, q.end()) if q is not None else None
        if q is None or card is None or out[end:end + 2] == "'s" and not q.group("eff") and noun is None:
            continue
        what = q.group("what")
        pieces = quote_pieces(what)
        if not pieces or not holds_word_for_word(pieces, _card_text(card)):
            continue
        qend = noun.end() if noun is not None and out[end:end + 2] == "'s" else q.end()
        if qend != q.end() and (_ACTIVATING.search(out[:m.start]) or several):
            n = quoted_effect(what, card)
            if n is None:
                continue
            said = f"{out[m.start:end]}'s {ORDINAL_WORDS[n]} effect"
            relexed.changes.append(Change("read-as", out[m.start:qend].strip(), said))
            out = out[:m.start] + said + out[qend:]
            continue
        after = out[q.end():]
        ends = "." if what.rstrip().endswith((".", "!")) and re.match(r"\s+[A-Z]", after) else ""
        if _ACTIVATING.search(out[:m.start]) or several:
            n = quoted_effect(what, card)
            if n is None:
                continue
            said = f"{out[m.start:end]}'s {ORDINAL_WORDS[n]} effect"
            relexed.changes.append(Change("read-as", out[m.start:q.end()].strip(), said))
            out = out[:m.start] + said + ends + after
            continue
        if quoted_effect(what, card) is not None and len(read_card(card).effects) > 1:
            continue        # it says which of the card's effects: left for the readings that use it
        if re.search(r"[:\u2013\u2014-]", q.group("lead")):
            continue        # 'X: "..."', 'X - "..."': the topic, read as such (its words checked)
        relexed.changes.append(Change("grounded", q.group("q"), card.name))
        out = out[:end] + ends + after
    relexed.text = out


# "Sangan (mandatory)", "Fire Hand (optional, "You can")", "X's mandatory effect", "my optional
# Peten effect": whether a card's trigger is mandatory or optional, said of it
_TRIGGER_KIND = r"(?P<kind>mandatory|forced|optional)"
_KIND_PAREN = re.compile(r"(?:'s)?(?:\s+(?:effect|eff|trigger))?(?P<par>\s*\((?:(?P<q1>[\"'][^\"'()]{3,120}[\"'])\s*,\s*)?"
                         + _TRIGGER_KIND + r"(?:\s*,\s*(?P<q2>[\"'][^\"'()]{3,120}[\"']))?\))", re.IGNORECASE)
_KIND_POSS = re.compile(r"'s\s+(?P<adj>" + _TRIGGER_KIND + r"\s+)(?:effect|eff|trigger)\b", re.IGNORECASE)
_KIND_BEFORE = re.compile(r"\b(?P<adj>" + _TRIGGER_KIND + r"\s+)$", re.IGNORECASE)


def trigger_kind_said(relexed: Relexed, db: CardDB, families: dict) -> None:
    """"My Sangan (mandatory) and their Fire Hand (optional, "You can") both trigger", "X's
    mandatory effect", "my optional Peten effect": whether a card's trigger is mandatory or
    optional, said of it, is set aside, shown as grounded in its text, when every trigger of the
    card is of that kind (optional: its text says "You can"; game-rules#chain.11 reads the
    difference) and any quotation said with it stands in its text; else it stays, to be read."""
    from .parser.tokens import _name_end
    from .reader import read_card

    out = relexed.text
    for m in sorted(mentions(out, db, families), key=lambda m: -m.start):
        card = db.find(m.card)
        if card is None:
            continue
        end = _name_end(out, m)
        paren = _KIND_PAREN.match(out, end)
        poss = _KIND_POSS.match(out, end)
        before = _KIND_BEFORE.search(out[:m.start].rstrip().removesuffix("my").removesuffix(
            "their").removesuffix("his").removesuffix("her").rstrip() + " ")
        said = paren or poss or before
        if said is None:
            continue
        kinds = {f.get("optional") for f in read_card(card).facts if f.type == "trigger"}
        want = "yes" if said.group("kind").lower() == "optional" else "no"
        quotes = [q for q in (paren.group("q1"), paren.group("q2")) if q] if paren is not None else []
        if kinds != {want} or not all(_grounded(q.strip("\"'"), card) or holds_word_for_word(
                quote_pieces(q), _card_text(card)) for q in quotes):
            continue
        if paren is not None:
            relexed.changes.append(Change("grounded", paren.group("par").strip(), card.name))
            out = out[:paren.start("par")] + out[paren.end("par"):]
        elif poss is not None:
            relexed.changes.append(Change("grounded", poss.group("adj").strip(), card.name))
            out = out[:poss.start("adj")] + out[poss.end("adj"):]
        else:
            at = out[:m.start].rstrip().rfind(said.group("adj").strip())
            if at < 0:
                continue
            relexed.changes.append(Change("grounded", said.group("adj").strip(), card.name))
            out = out[:at] + out[at + len(said.group("adj")):]
    relexed.text = out


# "Can Ash hit Pot of Desires?", "does Imperm hit it?", "can I hit it with Magic Jammer?": "hit"
# said of what a card's effect does to the other card
_HIT = re.compile(r"\b(?P<aux>can|could|does|do|will|would)\s+(?P<k>\ue000k\d+k)\s+(?:still\s+)?hit\s+"
                  r"(?P<rest>[^?]+?)\s*\?", re.IGNORECASE)
_HIT_WITH = re.compile(r"\b(?P<aux>can|could)\s+(?:i|you|we)\s+(?:still\s+)?hit\s+(?P<rest>[^?]+?)\s+with\s+"
                       r"(?P<k>\ue000k\d+k)\s*\?", re.IGNORECASE)


def hit_as_its_text_says(relexed: Relexed, db: CardDB, families: dict) -> None:
    """"Can Ash Blossom hit Pot of Desires?", "Can I hit it with Magic Jammer?": "hit" said of a
    card is what its effect does to the other card, as its text says: "target" when every effect
    of the card that acts targets (and none negates, or a monster or card is what is hit),
    "negate" when every one negates (a negator "hits" an activation); else the question is left
    as written (refused, naming "hit")."""
    from .reader import read_card

    found, keyed = _keyed(relexed.text, db, families)
    m = _HIT.search(keyed) or _HIT_WITH.search(keyed)
    if m is None:
        return
    card = db.find(found[int(m.group("k")[2:-1])].card)
    if card is None:
        return
    reading = read_card(card)
    acting = [e.id for e in reading.effects if any(f.type == "clause" and f.get("effect") == e.id
                                                   for f in reading.facts)]
    negates = {f.get("effect") for f in reading.facts if f.type == "clause" and f.get("verb") == "negate"}
    targets = {f.get("effect") for f in reading.facts if f.type == "target"}
    said_card = re.search(r"\b(?:monster|monsters|card|cards)\b", m.group("rest"), re.IGNORECASE)
    if acting and set(acting) <= targets and (not negates or said_card):
        verb = "target"         # ("Can Veiler hit a monster in the GY?": what it targets)
    elif acting and set(acting) <= negates:
        verb = "negate"
    else:
        return
    read = f"{m.group('aux')} {m.group('k')} {verb} {m.group('rest')}?"
    relexed.changes.append(Change("read-as", _unkeyed(found, keyed[m.start():m.end()]),
                                  _unkeyed(found, read)))
    relexed.text = _unkeyed(found, keyed[:m.start()] + read + keyed[m.end():])


# (session after 34b7d8b) the words of a result asked after the question that say which monster it
# is done to, in battle ("to give my battling monster 700 ATK"); whose card a result says
_IN_BATTLE = {"battling", "attacking", "attacker", "attacked"}
_MINE = {"my", "mine", "own"}
_THEIRS = {"their", "theirs", "opp", "opp's", "opponent's", "his", "her"}


def result_as_its_text_says(result: str, ref, db: CardDB, families: dict) -> str | None:
    """A result asked after the question ("can I flip Inspiration in the Damage Step to give my
    battling monster 700 ATK?") that the asked effect's own resolution does: its verb is said by a
    part of that effect (in any form, or as players say it: the lexicon's ``grounding``), each of
    its other words stands in that effect's text (its numbers too), a monster in battle is a
    monster the text does it to, whose card it says fits the text, and it names no card.  It then
    only says what the effect does, which the answer reads from the text: the card's name; else
    None (the result stays asked too)."""
    from .reader import read_card
    from .reader.select import select_effect
    from .situate.refs import grounded_in_text, said_pairs_fit

    m = re.match(r"^(?:in\s+order\s+)?to\s+(?P<verb>[A-Za-z]+)\b(?P<rest>.*)$", result.strip(),
                 re.IGNORECASE)
    if m is None or not isinstance(ref, dict) or not ref.get("card") or \
            mentions(result, db, families):
        return None
    card = db.find(str(ref["card"]))
    if card is None:
        return None
    reading = read_card(card)
    try:
        eid = select_effect(reading, ref)
    except Exception:       # a reference this card does not fit: the result stays asked
        return None
    text = next((f.source.quote for f in reading.facts if f.type == "effect" and f.get("effect") == eid
                 and getattr(f.source, "quote", None)), "")
    parts = [f.source.quote for f in reading.facts if f.type == "clause" and f.get("effect") == eid
             and getattr(f.source, "quote", None)]
    if not text or not any(grounded_in_text(m.group("verb"), part) for part in parts):
        return None
    if m.group("verb").lower().startswith("negat"):
        return None     # what a negation stops (the monster, its effect, its activation) is asked too
    low = text.lower()
    words = [w.lower() for w in re.findall(r"[A-Za-z0-9][A-Za-z0-9'\-]*", m.group("rest"))]
    if re.search(r"(?<![\w])-\s?\d", m.group("rest")) or not _owners_fit(words, text):
        return None     # (hunt 92) "-700", "to gain 1000 LP" of what the opponent gains
    for w in words:
        if w in _FILLER or w in _PURPOSE_FILLER or w in _MINE or w in _THEIRS:
            continue
        if w in _IN_BATTLE and "monster" in low:
            continue
        if w.isdigit() and re.search(rf"\b{w}\b", text) or \
                not w.isdigit() and grounded_in_text(w, text):
            continue
        return None
    if not said_pairs_fit(words, text):
        return None     # (hunt 97) "to send a monster from my GY to my Deck" of "from your Deck to the GY"
    return card.name


# (session after 34b7d8b) "I activate Dark Hole. My Sangan and their Peten both trigger (at the same
# time).": two cards whose effects are said to trigger together, after a told activation
_OWNER = r"(?:(?:my|their|his|her|opp's|opponent's|my opponent's|the opponent's)\s+)?"
_TOGETHER = re.compile(r"(?:^|(?<=[.!]\s))(?P<said>(?P<a>" + _OWNER + r"\ue000k\d+k)(?:'s\s+(?:effect|eff))?"
                       r"\s*,?\s+and\s+(?P<b>" + _OWNER + r"\ue000k\d+k)(?:'s\s+(?:effect|eff))?\s+(?:both\s+)?"
                       r"(?:trigger|triggers|triggered|activate|activates|go\s+off|went\s+off)"
                       r"(?:\s+(?:at\s+the\s+same\s+time|together|simultaneously))?)\s*[.!]",
                       re.IGNORECASE)
_ACTIVATED = re.compile(r"\b(?:activates?|activated|resolves?|resolved|resolving)\s+(?P<k>\ue000k\d+k)"
                        r"|(?P<k2>\ue000k\d+k)\s+(?:resolves|resolved)\b", re.IGNORECASE)
# the moves one part of an effect may make that trigger a card's effect, said in the third person
_MOVES = {"destroy": "destroys", "send": "sends", "banish": "banishes", "return": "returns",
          "tribute": "Tributes", "discard": "discards"}


def triggered_together_as_moved(relexed: Relexed, db: CardDB, families: dict) -> None:
    """"It is my turn. I activate Dark Hole. My Sangan and my opponent's Peten both trigger.": two
    cards said to trigger together right after a told activation are the cards that activation's
    effect moved, as its text says (the one moving action of that effect: "It destroys my Sangan
    and my opponent's Peten."), so their triggers start at the same moment.  Only when the
    activation told last before names a card whose effect does exactly one such action; else the
    sentence stays, to be read."""
    from .reader import read_card

    found, keyed = _keyed(relexed.text, db, families)
    m = _TOGETHER.search(keyed)
    if m is None:
        return
    acts = list(_ACTIVATED.finditer(keyed[:m.start()]))
    if not acts:
        return
    k = acts[-1].group("k") or acts[-1].group("k2")
    card = db.find(found[int(k[2:-1])].card)
    if card is None:
        return
    reading = read_card(card)
    effects = [f.get("effect") for f in reading.facts if f.type == "effect" and f.get("n") != 0]
    moving = [f for f in reading.facts if f.type == "clause" and f.get("effect") in effects
              and f.get("verb") in _MOVES]
    verbs = {f.get("verb") for f in moving}
    if len(effects) != 1 or len(verbs) != 1 or len(moving) != 1:
        return
    # (hunt 93) the part must reach both cards: monsters (or cards), on the whole field when the two
    # are of both players, on one side when it names that side
    part = (getattr(moving[0].source, "quote", "") or "").lower()
    sides = {("theirs" if re.search(r"\b(?:their|opp's|opponent's)\b", m.group(x), re.IGNORECASE)
              else "mine") for x in ("a", "b")}
    if not re.search(r"\b(?:monsters?|cards?)\b", part) or re.search(r"\bspells?|\btraps?", part) and \
            not re.search(r"\bcards?\b", part):
        return
    if len(sides) == 2 and (re.search(r"\byou control\b|\byour opponent controls\b", part) or
                            "on the field" not in part):
        return
    if sides == {"theirs"} and re.search(r"\byou control\b", part) or \
            sides == {"mine"} and re.search(r"\byour opponent controls\b", part):
        return
    told = f"It {_MOVES[verbs.pop()]} {m.group('a')} and {m.group('b')}"
    relexed.changes.append(Change("read-as", _unkeyed(found, m.group("said")), _unkeyed(found, told)))
    relexed.text = _unkeyed(found, keyed[:m.start("said")] + told + keyed[m.end("said"):])


# (session after 34b7d8b) "do I still get the 2 Fluff Tokens (from Dandylion)?": the Tokens a card's
# text names, asked as what its effect gives
_TOKENS_GOT = re.compile(r"\b(?P<lead>get|gets|getting)\s+(?P<said>(?:the\s+|my\s+|their\s+)?(?:(?:\d+|two|three|four|five)"
                         r"\s+)?(?P<name>[A-Za-z][\w\-]*(?:\s+[A-Za-z][\w\-]*){0,3}?)\s+tokens?\b"
                         r"(?:\s+from\s+(?P<k>\ue000k\d+k))?)", re.IGNORECASE)


def tokens_as_its_text_says(relexed: Relexed, db: CardDB, families: dict) -> None:
    """"I discard Dandylion as cost ... Do I still get the 2 Fluff Tokens?": Tokens the question names
    are what the effect of the card whose text names them ('"Fluff Tokens"') gives: read as that
    card's effect ("do I still get Dandylion's effect?").  Only when one card named in the text (the
    one said with "from", else one named before) has a text that names those Tokens, and a number
    said is the text's own; else the words stay, to be read."""
    found, keyed = _keyed(relexed.text, db, families)
    m = _TOKENS_GOT.search(keyed)
    if m is None:
        return
    name = m.group("name").strip().lower()
    keys = [int(m.group("k")[2:-1])] if m.group("k") else \
        list(dict.fromkeys(int(k) for k in re.findall(r"\ue000k(\d+)k", keyed[:m.start()])))
    # ("the two tokens from X": no name said, the Tokens X's text names)
    named = rf'"{re.escape(name)} tokens?"' if name not in ("two", "three", "four", "five") and \
        not name.isdigit() else (r'"[^"]+ tokens?"' if m.group("k") else None)
    if named is None:
        return
    cards = [c for c in (db.find(found[k].card) for k in keys) if c is not None and re.search(
        named, (c.text or "").lower())]
    cards = list({c.name: c for c in cards}.values())
    if len(cards) != 1:
        return
    n = re.search(r"\b(\d+|two|three|four|five)\b", m.group("said"), re.IGNORECASE)
    if n is not None:
        count = {"two": "2", "three": "3", "four": "4", "five": "5"}.get(n.group(1).lower(), n.group(1))
        if not re.search(rf"\b{count}\b", cards[0].text or ""):
            return
    read = f"{cards[0].name}'s effect"
    relexed.changes.append(Change("read-as", _unkeyed(found, m.group("said")), read))
    relexed.text = _unkeyed(found, keyed[:m.start("said")]) + read + _unkeyed(found, keyed[m.end("said"):])

