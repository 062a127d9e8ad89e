"""The second reading: a question as people write it → the words of the question grammar.

When the grammar cannot read a question as it is written, it is read again through the
lexicon (``lexicon.yaml``): the story told after the question is put before it, discourse
("literally", "ok so", "..., right?", "Asking because ...") is set aside, and forum words
("pop", "till", "NS", "S/T") are read as the grammar's words.  Each change is a
:class:`Change`, kept with the reading and shown with the answer: nothing is dropped unseen,
and a word that changes a ruling is never in the lexicon's discourse lists.

This module reads English only; it knows no card and no question family.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from .. import kre as re  # re, each pattern's program kept on disk (psct_expert.kre)
from ..errors import FileFormatError
from ..yamlpos import safe_load

LEXICON_PATH = Path(__file__).with_name("lexicon.yaml")

# a sentence ends at . ! ? followed by a space and a capital, a quote or a parenthesis; an
# initial's full stop ("D.D. Crow", "Lord of D.") is kept by requiring two letters before it
# ("!" before a word in lower case ends no sentence: a name ends so, "Afterburners! on their monster")
_SENTENCE_END = re.compile(r"(?<=[a-z0-9\)\"']\?)\s+|(?<=[a-z0-9\)\"']!)\s+(?![a-z])|(?<=[a-z0-9\)\"']{2}\.)\s+(?=[A-Z\"(])"
                           r"|(?<=\?)\s*(?=\()"
                           # (still) after a game word written in capitals ("... in my GY. My
                           # opponent ..."), never an initial ("D.D.", "Lord of D.")
                           r"|(?:(?<=\b(?:GY|LP|BP|EP|ED|DS|SS|NS)\.)|(?<=\b(?:ATK|DEF|MP1|MP2)\.))"
                           r"\s+(?=[A-Z\"(])"
                           # (as people type) a sentence that starts in lower case: after a word of
                           # two lower-case letters or more, never an abbreviation ("vs.", "etc.")
                           r"|(?<=[a-z0-9]{2}\.)(?<!\betc\.)(?<!\bvs\.)\s+(?=[a-z])"
                           # ... or after a parenthesis closed before the full stop
                           r"|(?<=[a-z0-9]\)\.)\s+(?=[a-z])"
                           # (round 133) ... or after a quotation that ends its sentence inside
                           # it ('... "you can draw 1 card." I have no ...')
                           r"|(?<=[a-z0-9\)]\.\")\s+(?=[A-Z])"
                           # ... or after a number said alone ("in Main Phase 1. Is that ...")
                           r"|(?<=\s\d\.)\s+(?=[A-Za-z])"
                           # ... or after a quotation closed after its own full stop ('X reads
                           # "... on the field." Can I ...')
                           r"|(?<=[a-z0-9\)]\.[\"\u201d])\s+(?=[A-Z])")


@dataclass(frozen=True)
class Change:
    kind: str          # "set-aside", "read-as", "story-first", "ellipsis", "story-aside",
                       # "alternative", "comparison", "result", "checked", "grounded", "each-effect",
                       # "cannot-take" (a story's "no X left" read as the part it stops),
                       # "rephrased" (the question said again in other words, after it),
                       # "every-effect", "supposed" (what the question supposes, told first),
                       # "frame" (the question read by its frame: psct_expert/frames/),
                       # "story-effect" (a story read only for which effect it tells),
                       # "purpose-effect" (the effect a told purpose says: "activate X to ..."),
                       # "told-again" (a sentence that says again what the story told),
                       # "earlier-first" (a sentence told of earlier in the turn, read first),
                       # "each-owner" (a card whose player is not said, asked as each player's)
    written: str       # the words as written
    read: str = ""     # what they were read as ("" when set aside)

    def describe(self) -> str:
        if self.kind == "set-aside":
            return f"set aside {self.written!r} (discourse)"
        if self.kind == "told-again":
            return f"set aside {self.written!r}: it says again what the story told ({self.read!r})"
        if self.kind == "ellipsis":
            return f"read {self.written!r} as {self.read!r} (the subject said again)"
        if self.kind == "each-owner":
            return (f"read {self.written!r} as {self.read} in turn (whose it is is not said): the "
                    "question is settled when both get the same answer")
        if self.kind == "each-effect":
            return (f"read {self.written!r} as each effect of {self.read} in turn: the question is "
                    "yes when one of them can, no when none can")
        if self.kind == "every-effect":
            return (f"read {self.written!r} as each effect of {self.read} in turn: the answer "
                    "stands when it is the same for every one of them")
        if self.kind == "purpose-effect":
            return f"read {self.written!r} as {self.read}"
        if self.kind == "object-effect":
            return f"read {self.written!r} as {self.read} (what is asked of says which effect)"
        if self.kind == "cannot-take":
            return (f"read {self.written!r} as {self.read!r}: the card's text takes such a card "
                    "from there, and there is none to take")
        if self.kind == "grounded":
            return (f"set aside {self.written!r}: it tells what {self.read} is or what its text "
                    "says, and the answer reads the card itself")
        if self.kind == "alternative":
            return (f"set aside {self.written!r}: the other answer the question offers (the "
                    "answer is to what is asked before it)")
        if self.kind == "rephrased":
            return (f"set aside {self.written!r}: the question said again in other words (the "
                    "answer is to the question before it; when this one can be read too, both "
                    "answers must agree)")
        if self.kind == "checked":
            return (f"set aside {self.written!r}: a ruling the asker states, checked (the product "
                    f"answers it {self.read!r} too)")
        if self.kind == "result":
            return (f"set aside {self.written!r}: the result wanted, asked too (what cannot be "
                    "done achieves nothing, so a no stands; a yes needs it, and is unknown)")
        if self.kind == "comparison":
            return (f"set aside {self.written!r}: what the asker likens it to (the answer reads "
                    "what it is)")
        if self.kind == "story-effect":
            return (f"read the story {self.written!r} only for which effect of {self.read} it "
                    "tells (the one its words fit best): what happened does not change what "
                    "that effect's text does")
        if self.kind == "story-aside":
            return (f"set aside the story {self.written!r}: a {self.read} question is answered "
                    "from the card's text alone, whatever happened")
        if self.kind == "frame":
            return (f"read {self.written!r} as {self.read!r}: what it asks and of which card, "
                    "its other words said of that card's text or carrying no ruling")
        if self.kind == "earlier-first":
            return f"read {self.written!r} first: it tells what happened earlier in the turn"
        if self.kind == "story-first":
            return f"read the story told after the question first: {self.written!r}"
        return f"read {self.written!r} as {self.read!r}"


@dataclass
class Relexed:
    text: str
    changes: list[Change] = field(default_factory=list)

    @property
    def set_aside(self) -> list[str]:
        return [c.written for c in self.changes if c.kind == "set-aside"]

    @property
    def shown(self) -> list[Change]:
        """The changes a reader is told of: every one but a word read as itself (a step that
        found a name already written as the card's name changes nothing)."""
        return [c for c in self.changes if not (c.read and c.written == c.read)]


@lru_cache(maxsize=1)
def lexicon() -> dict:
    data = safe_load(LEXICON_PATH.read_text(encoding="utf-8"), LEXICON_PATH) or {}
    return data


def _alternation(words, flags=re.IGNORECASE) -> re.Pattern | None:
    words = sorted((str(w) for w in words or ()), key=len, reverse=True)
    if not words:
        return None
    # "#" in a phrase stands for a number ("judge call at table #")
    body = "|".join(re.escape(w).replace(r"\ ", r"\s+").replace(r"\#", r"\d+") for w in words)
    return re.compile(rf"(?<![\w'\-/])(?:{body})(?![\w'\-/])", flags)


def _words_table(lx: dict, key: str) -> dict[str, str]:
    """A table of words read as other words: text to text.  YAML reads some bare words as other
    values ("on", "no", "yes" as true or false, "1" as a number): such an entry is an error naming
    it, never a reading of "True"."""
    table = lx.get(key) or {}
    if not isinstance(table, dict):
        raise FileFormatError(f"{LEXICON_PATH}: '{key}' must be a mapping of words to words")
    for k, v in table.items():
        if not isinstance(k, str) or not isinstance(v, str):
            raise FileFormatError(f"{LEXICON_PATH}: '{key}': {k!r}: {v!r}: both must be text "
                                  "(quote a bare word YAML reads as another value, such as 'on')")
    return table


# (reasons) the words that open a question after a reason told first ("since X can i ...")
_ASKS = "can|could|do|does|did|is|are|was|were|will|would|should|may|must|am"


@lru_cache(maxsize=1)
def _patterns() -> dict:
    lx = lexicon()
    read_as = {k.lower(): v for k, v in _words_table(lx, "read_as").items()}
    exact = _words_table(lx, "read_as_exact")
    starts = _alternation(lx.get("clause_starts"))
    starts = rf"(?:{starts.pattern}|\ue000k\d+k)" if starts is not None else r"\ue000k\d+k"
    reasons, supposes = _alternation(lx.get("reasons")), _alternation(lx.get("suppositions"))
    subjects = _alternation(lx.get("subjects"))
    return {
        "reason": re.compile(rf",?\s+{reasons.pattern}\s+(?={starts}\b)", re.IGNORECASE)
        if reasons is not None else None,
        # a reason that opens the sentence, up to its comma or to the question it explains
        # ("since it was negated can i ...?")
        "reason_first": re.compile(
            rf"^{reasons.pattern}\s+(?P<why>.+?)(?:\s*,\s*|\s+(?=(?:{_ASKS})\s+"
            rf"(?:{starts})\b))(?P<main>.+)$", re.IGNORECASE) if reasons is not None else None,
        "suppose": re.compile(rf"^{supposes.pattern}\s+(?P<a>[^,]+?),\s+(?:then\s+)?"
                              rf"(?P<b>{starts}\b.*)$", re.IGNORECASE) if supposes is not None else None,
        # "X: I target A", "X effect, i target A", "X - I target A": the card as the topic, then
        # who targets what
        "header": re.compile(rf"^(?P<card>\ue000k\d+k)(?:\s*:\s+|(?:'s)?(?:\s+(?:(?:quick|trigger|ignition)\s+)?"
                             rf"(?:effect|eff))?\s*(?:,|\s[\u2014\u2013-]+)\s+(?=(?:{subjects.pattern}|opp)\s+"
                             rf"(?:target|targets|targeted)\s))"
                             rf"(?:(?P<it>it|this card)\s+(?=\w)|"
                             rf"(?P<who>{subjects.pattern}|opp)\s+(?P<verb>target|targets|targeted)\s+|"
                             # "X: targeted A in my GY": told with no subject, the asker's
                             rf"(?<=:\s)(?P<verb1>target|targeted)\s+)",
                             re.IGNORECASE) if subjects is not None else None,
        "examples": _alternation(lx.get("examples")),
        "game_times": _alternation(lx.get("game_times")),
        "rephrasings": re.compile(rf"^(?:{_alternation(lx.get('rephrasings')).pattern}),?\s+",
                                  re.IGNORECASE) if lx.get("rephrasings") else None,
        "hedges": _alternation(lx.get("hedges")),
        "discourse": _alternation(lx.get("discourse")),
        "openers": _alternation(lx.get("openers")),
        "tags": _alternation(lx.get("tags")),
        "alternatives": _alternation(lx.get("alternatives")),
        "comparisons": _alternation(lx.get("comparisons")),
        "asides": _alternation(lx.get("asides")),
        "opinions": _alternation(lx.get("opinions")),
        "read_as": (_alternation(read_as), read_as),
        "exact": (_alternation(exact, 0), exact),
    }


def sentences(text: str) -> list[str]:
    """The sentences of a question, in order (a parenthesis after a question mark is one)."""
    return [s.strip() for s in _SENTENCE_END.split(text) if s and s.strip()]


_KEEP = "\ue000k{}k"
_KEPT = re.compile("\ue000k(\\d+)k")


def relex(text: str, keep: list[tuple[int, int]] = ()) -> Relexed:
    """The question read through the lexicon, with every change it made.  The spans ``keep``
    (card names found by the caller) are read as written: "Called by the Grave" keeps its
    "Grave", "Ash Blossom" is no discourse."""
    kept: list[str] = []
    # a name found with the comma after it ("Dark Hole, can I ..."): the comma is the sentence's
    keep = [(s, e - 1 if e > s and (text[e - 1] in ",;" or text[e - 1] == "?" and e == len(text))
             else e) for s, e in keep]          # (and the question mark that ends the question)
    # (fuzz) spans that overlap keep the first (and longest) one: each marker stands for one span
    merged: list[tuple[int, int]] = []
    for s, e in sorted(set(keep), key=lambda se: (se[0], -se[1])):
        if e > s and (not merged or s >= merged[-1][1]):
            merged.append((s, e))
    keep = merged
    for s, e in sorted(keep, reverse=True):
        kept.insert(0, text[s:e])
        text = text[:s] + _KEEP.format(len(keep) - len(kept)) + text[e:]
    out = _relex(text)
    out.text = _KEPT.sub(lambda m: kept[int(m.group(1))], out.text)
    # a kept name that ended its sentence brought its full stop ("... Number 39: Utopia."): one stop
    out.text = re.sub(r"(?<!\.)\.\.(?!\.)", ".", out.text)
    out.changes = [Change(c.kind, _KEPT.sub(lambda m: kept[int(m.group(1))], c.written),
                          _KEPT.sub(lambda m: kept[int(m.group(1))], c.read)) for c in out.changes]
    return out


# "i solemn strike it — is the activation still negated?": a dash before a question word ends the
# sentence told before it (readB)
_ELLIPSIS = re.compile(r"(?<=[\w)])(?:\.{2,}|\u2026)\s+(?=[A-Za-z])")


def _ellipses(text: str, out: Relexed) -> str:
    """"it is flipped during the damage step... does it activate?": an ellipsis between two
    sentences ends the first (inside a quotation it stays: the card's words are quoted)."""
    parts, at = [], 0
    for m in _ELLIPSIS.finditer(text):
        before = text[:m.start()]
        if before.count('"') % 2 or len(re.findall(r"(?<!\w)'|'(?!\w)", before)) % 2:
            continue
        parts.append(text[at:m.start()] + ". ")
        at = m.end()
    if not parts:
        return text
    out.changes.append(Change("read-as", "...", "."))
    return "".join(parts) + text[at:]


# the topic: a card, or one of its effects said by its possessive ("X's 2nd effect", "X's gy eff")
_TOPIC = r"\ue000k\d+k(?:(?:'s)?\s+(?:[\w\-]+\s+)?(?:effect|eff|ability|bullet))?"
# ... and what is said of it in brackets or quotes right after ("X's 2nd eff (discard a spell, ...)")
_TOPIC_SAID = r"(?:" + _TOPIC + r"""(?:\s*\([^()]*\)|\s*"[^"]*")?""" + \
    r"""|\ue000k\d+k's\s*"[^"]*"\s*(?:effect|eff|ability))"""   # (round 114) X's "..." effect
_DASH_TOPIC = re.compile(rf"(?:^|(?<=[:.!?]\s))\s*{_TOPIC_SAID}(?P<dash>\s+[\u2014\u2013-]+\s+)(?=(?:is|are|does|do|can|could|will|"
                         r"would|if|when|am|did|was|were|should|has|have)\b)", re.IGNORECASE)
# a dash before a question word ends the sentence told before it ("X's eff ... - is that a targeting
# effect?"); the frames read the question as written the same way
DASH_QUESTION = re.compile(r"\s+[\u2014\u2013-]+\s+(?=(?:is|are|does|do|can|could|will|would|did|was|were|"
                           r"has|have|should)\b)", re.IGNORECASE)


# a judge's call told of "the player" and "his opponent", with no "I" or "my": the player is the
# asker ("player wants to activate X from his hand" is "I want to activate X from my hand")
_FIRST_PERSON = re.compile(r"\b(?:i|me|my|mine|i'm|im|we|our)\b", re.IGNORECASE)
_PLAYER_LEAD = re.compile(r"(?:^|(?<=[.!?:,\-\u2013\u2014]\s))(?:the |a )?player\b(?!\s+[ab]\b)",
                          re.IGNORECASE)
_NEW_SUBJECT = re.compile(r"\b(?:opponent|opp|they|he|she)\b(?!'s)", re.IGNORECASE)


def _judge_player(text: str, out: Relexed) -> str:
    if _FIRST_PERSON.search(text) or not _PLAYER_LEAD.search(text):
        return text
    from ..lemmas import all_lemmas

    said = []
    mine = re.sub(r"\b(?:his|her|their) opponent", "my opponent", text, flags=re.IGNORECASE)
    for sentence in re.split(r"(?<=[.!?])\s+", mine):
        m = _PLAYER_LEAD.search(sentence)
        if m is None:
            said.append(sentence)
            continue
        rest = sentence[m.end():]
        verb = re.match(r"\s+([a-z]+s)\b", rest)
        if verb and (all_lemmas(verb.group(1)).get("VERB") or ()):
            rest = " " + all_lemmas(verb.group(1))["VERB"][0] + rest[verb.end():]
        stop = _NEW_SUBJECT.search(rest)          # "his" is the player's until another subject
        head, tail = (rest[:stop.start()], rest[stop.start():]) if stop else (rest, "")
        head = re.sub(r"\b(?:his|her)\b", "my", head, flags=re.IGNORECASE)
        said.append(sentence[:m.start()] + "I" + head + tail)
    new = " ".join(said)
    if new != text:
        out.changes.append(Change("read-as", "the player", "I"))
    return new


def _relex(text: str) -> Relexed:
    out = Relexed(text)
    text = _paraphrase(text, out, "leads")     # sisterAF: what opens the whole text
    text = _judge_player(text, out)
    text = _ellipses(text, out)
    topic = _DASH_TOPIC.search(text)
    if topic is not None:
        # varyG: "X - is the destroy and the banish simultaneous?": a card named before a dash is
        # the topic, as before a colon ("X: is ...?")
        out.changes.append(Change("read-as", topic.group("dash").strip(), ":"))
        text = text[:topic.start("dash")] + ": " + text[topic.end("dash"):]
    if DASH_QUESTION.search(text):
        out.changes.append(Change("read-as", "\u2014", "."))
        text = DASH_QUESTION.sub(". ", text)
    said = _intent_told(sentences(text), out)
    # the question points back at something told ("... Can I chain X to it?"): an aside that names
    # a card may be what it points at
    points_back = bool(said) and bool(re.search(r"\b(?:it|its|that|this|them|those)\b", said[-1],
                                                re.IGNORECASE))
    # a sentence followed by a tag alone that asks whether it is allowed ("opp wants to chain Y to
    # it. Is that legal?") is the proposal asked, never an aside
    parts = [s for s in (s if k + 1 < len(said) and _tag_alone(said[k + 1])
                         else _set_aside_aside(s, out, points_back) for k, s in enumerate(said)) if s]
    parts = _rephrased(parts, out)
    parts = earlier_first(parts, out)
    parts = _proposal(parts, out)
    parts = _quoted_topic(parts, out)
    parts = [_topic_header(s, out) for s in parts]
    parts = _protection_supposed(parts, out)
    parts = [p for s in parts for p in _reason_first(s, out)]
    parts = [p for i, s in enumerate(parts) for p in _supposed(s, parts[i + 1:], out)]
    parts = [_comma_question(_intro_comma(_phase_lead(_phase_lead_story(
        _time_lead_story(_turn_lead_story(_adverbial_lead(s, out), out), out), out), out), out), out)
             for s in parts]
    if parts:
        parts[-1] = _declarative(_done_as_cost(parts[-1], out), out)
    text = " ".join(_story_first(parts, out))
    text = _set_aside(text, out)
    text = _read_as(text, out)
    text = _ellipsis(text, out)
    out.text = _tidy(text)
    return out


_EARLIER = re.compile(r"earlier,? (?:this|that|in this|in that|in the) turn\b", re.IGNORECASE)


def earlier_first(parts: list[str], out: Relexed | None = None) -> list[str]:
    """(hunt) "My opponent Flip Summons a monster. Earlier this turn, my opponent activated Pot of
    Greed.": a sentence told of earlier in the turn happened before the ones told before it; it is
    read first (shown), so the order the story is read in is the order things happened."""
    late = [i for i, s in enumerate(parts) if i and _EARLIER.match(s.strip())]
    if not late:
        return parts
    moved = [parts[i] for i in late] + [s for i, s in enumerate(parts) if i not in late]
    if out is not None:
        out.changes.append(Change("earlier-first", " ".join(parts[i] for i in late)))
    return moved


@lru_cache(maxsize=1)
def _proposal_patterns() -> tuple[re.Pattern, re.Pattern, re.Pattern] | None:
    lx = lexicon()
    tags, subjects = _alternation(lx.get("legality_tags")), _alternation(lx.get("subjects"))
    if tags is None or subjects is None:
        return None
    intents = _alternation(lx.get("proposal_intents"))
    intent = rf"(?:\s+{intents.pattern})?" if intents is not None else ""
    tag = re.compile(rf"^(?P<said>.*?)(?:[\s,:;\-\u2013\u2014]+|^){tags.pattern}\s*\?$",
                     re.IGNORECASE)
    # the proposal: its last clause that starts with a player ("opp activates X, i wanna Y")
    player = re.compile(rf"(?P<actor>{subjects.pattern}|opp){intent}\s+"
                        rf"(?P<verb>[\w\-]+|\ue000k\d+k)(?P<rest>.*)$", re.IGNORECASE)
    return tag, player, re.compile("^\ue000k\\d+k")


@lru_cache(maxsize=1)
def _intent_pattern() -> re.Pattern | None:
    words = sorted((str(w) for w in lexicon().get("asker_intents") or ()), key=len, reverse=True)
    if not words:
        return None
    # "i want to", "I'd like to": the intent said after the asker (a space, or a contraction)
    intents = "|".join(("" if w.startswith("'") else r"\s+") + re.escape(w).replace(r"\ ", r"\s+")
                       for w in words)
    return re.compile(rf"(?P<lead>,?\s+and\s+|,\s*|^|(?<=[.!]\s))(?:i|we)(?:{intents})\s+"
                      r"(?P<rest>[^.?!]+?)\s*(?:[.!]|$)(?=\s|$)", re.IGNORECASE)


def intent_asked(text: str) -> str | None:
    """What the asker means to do, told in the story of a text that asks a question ("Opp chains X
    to my Spell and I want to destroy it with Y."): the clause said again as a question of its own
    ("Opp chains X to my Spell. Can I destroy it with Y?"), so it is asked too; None when the text
    tells none (or asks nothing)."""
    pat = _intent_pattern()
    if pat is None or "?" not in text:
        return None
    if any(_tag_alone(q.strip()) for q in re.findall(r"[^.?!]*\?", text)):
        return None             # "i wanna X. legal?": the proposal the tag asks about (:func:`_proposal`)
    said = pat.sub(lambda m: f"{'. ' if m.group('lead').strip() else m.group('lead')}"
                             f"Can I {m.group('rest')}? ", text)
    said = re.sub(r"\s+", " ", said).replace(" . ", ". ").strip()
    return said if said != text else None


def _tag_alone(s: str) -> bool:
    """Is ``s`` only a tag asking whether what was said before it is allowed ("Legal?", "is that
    allowed?")?"""
    pats = _proposal_patterns()
    m = pats[0].match(s) if pats is not None else None
    return m is not None and not m.group("said").strip(" ,:;-").rstrip(".!")


# a second action of the same player in a proposal ("... and then chain Y to it")
_THEN_ACT = re.compile(r"(?:,?\s+and\s+(?:then\s+)?|,?\s+then\s+)(?P<intent>(?:tried|wanted|attempted|"
                       r"tries|wants|decided)\s+to\s+)?(?P<verb>chain|activate|use|flip|respond|"
                       r"summon|special summon|normal summon|banish|negate)\b(?P<rest>.*)$",
                       re.IGNORECASE)


# the player a tag's pronoun names ("Can they?": the other player's proposal)
_TAG_PLAYER = {"they": "opponent", "he": "opponent", "she": "opponent"}


def _who(actor: str) -> str:
    """The player a proposal's subject names: "opp", "opponent", "my opponent" are one."""
    a = " ".join(actor.lower().split())
    return "opponent" if a in ("opp", "opponent", "my opponent", "the opponent") else a


def _proposal(parts: list[str], out: Relexed) -> list[str]:
    """"i chain X to it. legal?": a proposal followed by a tag asking whether it is allowed
    (the lexicon's ``legality_tags``) is the question "Can I chain X to it?"; a proposal that
    names a card and no player ("Honest in the Damage Step, legal?") asks whether the asker can
    activate it.  A clause told before the proposal stays a sentence of the story."""
    pats = _proposal_patterns()
    if pats is None:
        return parts
    tag, player, named = pats
    subject_only = re.compile(rf"(?:{_alternation(lexicon().get('subjects')).pattern}|opp)",
                              re.IGNORECASE)
    parts = list(parts)
    for i, s in enumerate(parts):
        m = tag.match(s)
        if m is None:
            continue
        said = m.group("said").strip(" ,:;-").rstrip(".!")
        j = i
        if _tag_alone(s) and i and not parts[i - 1].endswith("?"):
            j, said = i - 1, parts[i - 1].rstrip(".! ")     # "I chain X. Legal?"
        if not said or said.endswith("?"):
            continue
        cut = [b.end() for b in re.finditer(r"[.!]\s+", said)]
        if cut:                         # the proposal is the last sentence; the rest is told
            parts = parts[:j] + [said[:cut[-1]].strip()] + parts[j:]
            j, i, said = j + 1, i + 1, said[cut[-1]:]
        from ..lemmas import all_lemmas

        told, asked = "", None
        # (a clause after "and" too: "opp attacks and I flip X in the Damage Step. legal?")
        starts = [m.start() for m in player.finditer(said)] + \
            [m.end() for m in re.finditer(r"[,;]\s+(?:and\s+(?:then\s+)?)?|\s+and\s+(?:then\s+)?",
                                          said) if player.match(said, m.end()) and
             not subject_only.fullmatch(said[:m.start()].strip())]   # never "my opponent and I"
        if starts:
            p = player.match(said, max(starts))
            mine = [q for q in player.finditer(said[:p.start()])]
            if mine and _who(mine[-1].group("actor")) == _who(p.group("actor")):
                # (hunt 80) "I activate X from my hand and I chain Y to it. Legal?": one player's
                # two acts, the tag asks of both; never the first told as done
                continue
            asks = s[m.end("said"):].strip(" ,:;-?\u2013\u2014").lower()
            who = re.match(r"(?:can|could|may)\s+(?P<w>i|we|they|he|she|my opponent|opp)$", asks)
            if who and (_who(_TAG_PLAYER.get(who.group("w"), who.group("w"))) !=
                        _who(p.group("actor")) or
                        not said[p.end("actor"):p.start("verb")].strip()):
                # "Can I?" asks of what the asker says they mean to do ("I want to chain X. Can
                # I?"), "Can they?" of what the other player means to ("Opp wants to chain X.
                # Can they?"), never of what was told done ("opp used X ...", "I pitched a card")
                continue
            verb = p.group("verb")
            base = verb if verb.startswith("\ue000") or not verb.islower() else \
                (all_lemmas(verb).get("VERB") or (verb,))[0]     # "NS", a name: as written
            told = re.sub(r"(?:[\s,;]+and(?:\s+then)?)?[\s,;]*$", "", said[:p.start()])
            # "opp tried to negate it": "can my opponent ..." (the question's word for the player)
            actor = "my opponent" if p.group("actor").lower() in ("opp", "opponent") else \
                p.group("actor")
            asked = f"Can {actor} {base}{p.group('rest')}?"
            then = _THEN_ACT.search(p.group("rest"))
            if then is not None:
                # "i activate X and (then) chain Y to it. legal?": the last action is proposed,
                # the first is told
                first = f"{p.group('actor')} {verb}{p.group('rest')[:then.start()]}"
                told = f"{told} {first}".strip(" ,;")
                asked = f"Can {actor} {then.group('verb')}{then.group('rest')}?"
        if asked is None and named.match(said):
            asked = f"Can I activate {said}?"
        if asked is None:
            continue
        lead = [rx.pattern for rx in (_patterns()["openers"], _patterns()["discourse"]) if rx]
        if told and lead and re.fullmatch(rf"(?:(?:{'|'.join(lead)})[\s,:\-\u2013\u2014]*)+", told,
                                          re.IGNORECASE):
            told, asked = "", f"{told.rstrip(' ,:-' + chr(0x2013) + chr(0x2014))}, {asked}"   # "ok so": an opener
        new = ([told[:1].upper() + told[1:] + "."] if told else []) + [asked]
        out.changes.append(Change("read-as", " ".join(parts[j:i + 1]), " ".join(new)))
        return parts[:j] + new + parts[i + 1:]
    return parts


@lru_cache(maxsize=1)
def _story_intent() -> re.Pattern | None:
    lx = lexicon()
    subjects = _alternation(lx.get("subjects"))
    intents = _alternation(lx.get("story_intents"))
    if subjects is None or intents is None:
        return None
    return re.compile(rf"^(?P<actor>{subjects.pattern}|opp)\s+(?P<intent>{intents.pattern})\s+"
                      r"(?P<verb>activate|use|play|(?:special|normal|tribute|flip|link|synchro|"
                      r"xyz|fusion|ritual|pendulum)\s+summon)\b(?P<rest>[^?]*)$", re.IGNORECASE)


# the question after a story that asks how the other player answers what was meant
_ANSWERING = re.compile(r"\b(?:chain|chains|chaining|respond|responds|response|negate|negates|stop|"
                        r"counter)\b", re.IGNORECASE)


def _intent_told(parts: list[str], out: Relexed) -> list[str]:
    """(session after a2268db) "My opponent wants to activate Pot of Greed. Can I chain Ash
    Blossom to it?": a story sentence telling what a player means to do (the lexicon's
    ``story_intents``), before a question of how it is answered (chained to, responded to,
    negated), is told done: an activation is made ("activates"), a Summon is about to be made
    ("tries to Special Summon": it can still be negated).  Never the question itself, and never
    a response meant ("wants to chain X": whether it can be chained is a question of its own,
    hunt 89)."""
    pat = _story_intent()
    if pat is None or len(parts) < 2 or not parts[-1].rstrip().endswith("?") or \
            not _ANSWERING.search(parts[-1]):
        return parts
    out_parts = list(parts)
    for k, s in enumerate(parts[:-1]):
        m = pat.match(s.strip())
        if m is None:
            continue
        actor, verb = m.group("actor"), m.group("verb")
        first = actor.lower() in ("i", "we")
        if verb.lower().endswith("summon"):
            said = f"{actor} {'try' if first else 'tries'} to {verb}{m.group('rest')}"
        else:
            said = f"{actor} {verb if first else verb + 's'}{m.group('rest')}"
        out.changes.append(Change("read-as", s.strip(), said))
        out_parts[k] = said
    return out_parts


# (round 114) a card and the text of one of its effects, said as a sentence of their own before
# the question ("X: "If ...: You can ...". When I use that, ...?", "X says "Once per turn: ..."."):
# the effect quoted is the topic of the question that follows
_QUOTED_TOPIC = re.compile(r'^(?P<card>\ue000k\d+k)\s*(?::|\s(?:says|reads|is))\s*'
                           r'(?P<quote>"[^"]+"|\u201c[^\u201d]+\u201d)\s*[.:]?$', re.IGNORECASE)


_THAT_QUOTED = re.compile(r"\b(activate|use|chain|negate|respond to) that\b(?!\s*(?:effect|card|"
                          r"monster|spell|trap|one|copy|link|chain|\ue000|'))", re.IGNORECASE)


def _quoted_topic(parts: list[str], out: Relexed) -> list[str]:
    """A sentence that is only a card and a quotation of its text, followed by a question: one
    sentence, the quoted effect its topic ("X "...": <question>"), so that the question's
    "it" or "that" is that effect (:func:`_topic_header`)."""
    said: list[str] = []
    k = 0
    while k < len(parts):
        m = _QUOTED_TOPIC.match(parts[k].strip())
        if m is not None and k + 1 < len(parts) and parts[k + 1].rstrip().endswith("?") and \
                "\ue000" not in parts[k + 1]:
            # (round 116) "Can I activate that during ...?": "that", alone after the verb, is the
            # quoted effect, as "it" says it
            asked = _THAT_QUOTED.sub(r"\1 it", parts[k + 1].strip())
            if asked != parts[k + 1].strip():
                out.changes.append(Change("read-as", parts[k + 1].strip(), asked))
            new = f"{m.group('card')} {m.group('quote')}: {asked}"
            out.changes.append(Change("read-as", parts[k].strip(),
                                      f"{m.group('card')} {m.group('quote')}:"))
            said.append(new)
            k += 2
            continue
        said.append(parts[k])
        k += 1
    return said


@lru_cache(maxsize=1)
def _topic_questions() -> list[tuple[re.Pattern, str]]:
    return [(re.compile(str(p["pattern"]), re.IGNORECASE), str(p["read"]))
            for p in lexicon().get("topic_questions") or ()]


def _topic_header(s: str, out: Relexed) -> str:
    """A card named before a colon as the topic of the sentence: "X: it flips ..." is "X flips
    ..."; "X: I target A" is "I activate X targeting A" (the targets are chosen when it is
    activated).  A quotation after the colon ("X: "Target 1 card; ..."") is left as written."""
    for trx, read in _topic_questions():
        m = trx.match(s)
        if m is not None:           # (varyA) "X: is discarding a card a cost?"
            said = " ".join(m.expand(read).split())
            out.changes.append(Change("read-as", s, said))
            return said
    rx = _patterns()["header"]
    m = rx.match(s) if rx is not None else None
    if m is None:
        said = _topic_asked_of_it(s, out)
        return _topic_told_of_it(s, out) if said == s else said
    if m.group("it"):
        new = f"{m.group('card')} "
    elif m.group("verb1"):
        new = f"I activate {m.group('card')} targeting "
    else:
        who = m.group("who")
        third = who.lower() in ("opp", "opponent", "my opponent")
        verb = "activated" if m.group("verb").lower() == "targeted" else \
            "activates" if third else "activate"
        new = f"{who} {verb} {m.group('card')} targeting "
    out.changes.append(Change("read-as", s[:m.end()].strip(), new.strip()))
    return new + s[m.end():]


# "X: i activate it ...", "X - my monster got destroyed before it resolved": the card named before
# a colon, a dash (read as a comma before this step) or a comma is the "it" the story activates,
# chains, flips or sees resolve
_TOPIC_TOLD = re.compile(rf"^(?P<card>{_TOPIC})\s*(?::|,|\s[-\u2013\u2014])\s+(?P<rest>[^\ue000\"'\u201c]+?)"
                         r"(?<![\w'\-/])(?P<it>it)(?=\s+(?:resolves|resolved|resolve)\b)|"
                         rf"^(?P<card2>{_TOPIC})\s*(?::|,|\s[-\u2013\u2014])\s+(?P<rest2>[^\ue000\"'\u201c]*?"
                         r"\b(?:activate|activates|activated|use|used|uses|chain|chains|chained|flip|flipped)\s+)"
                         r"(?P<it2>it)(?![\w'\-/])|"
                         # "X: my opponent chains Y to it": the card chained to
                         rf"^(?P<card3>{_TOPIC})\s*(?::|,|\s[-\u2013\u2014])\s+(?P<rest3>[^\ue000\"'\u201c]*?"
                         r"\b(?:chain|chains|chained|activate|activates|activated)\s+\ue000k\d+k\s+"
                         r"(?:to|in\s+response\s+to)\s+)(?P<it3>it)(?![\w'\-/])", re.IGNORECASE)


def _topic_told_of_it(s: str, out: Relexed) -> str:
    """A card named before a colon or a dash as the topic of a story told of "it": "X: i activate
    it vs their effect, ..." is "i activate X vs their effect, ..."; "X - my monster got destroyed
    before it resolved" is "my monster got destroyed before X resolved".  Only the first "it",
    and only when no other card and no quotation comes before it; else the sentence is left as
    written."""
    m = _TOPIC_TOLD.match(s)
    if m is None:
        return s
    k = "" if m.group("card") else "2" if m.group("card2") else "3"
    if k == "3" and {w.lower().rstrip("s") for w in _topic_other().findall(m.group("rest3"))} - {"chain"}:
        return s            # "X: they summon a monster, can I chain Y to it?": "it" may be the monster
    card = m.group("card" + k)
    at, end, start = m.start("it" + k), m.end("it" + k), m.start("rest" + k)
    said = s[start:at] + card + s[end:]
    said = said[:1].upper() + said[1:]
    out.changes.append(Change("read-as", s, said))
    return said


# the first "it" of a question asked after a topic ("it's" read "it is"), never an "it" with no
# referent ("is it legal to ...", "does it matter")
@lru_cache(maxsize=1)
def _topic_it() -> re.Pattern:
    """the lexicon's ``topic_it_not``: what follows an "it" with no referent"""
    nots = "|".join(re.escape(str(w)) for w in lexicon().get("topic_it_not") or ())
    return re.compile(r"(?<![\w'\-/])(?:it(?P<is>'s|\u2019s)?|this card)(?![\w\-/'\u2019])"
                      rf"(?!\s+(?:(?:is|was|would be)\s+)?(?:{nots})\b)", re.IGNORECASE)


# a question of what the player may target, with no card named ("can I target a monster in my
# opponent's GY(, or only mine)?"): the words up to the end of what is targeted ("aim")
_TOPIC_AIM = re.compile(r"(?P<aim>(?:can|could|may)\s+(?:i|we)\s+(?:still\s+)?target\s+[^?,]*?|"
                        r"(?:am\s+i|are\s+we)\s+allowed\s+to\s+target\s+[^?,]*?)"
                        r"(?=\s*(?:,\s*or\b[^?]*)?\?\s*$)", re.IGNORECASE)
# ... said after another thing it could stand for ("a monster", "their Trap"), only as the card
# used ("with it", "activate it", "use it")
@lru_cache(maxsize=1)
def _topic_other() -> re.Pattern:
    """the lexicon's ``topic_things``: nouns an "it" after them may stand for"""
    things = "|".join(re.escape(str(w)) for w in lexicon().get("topic_things") or ())
    return re.compile(rf"\b(?:{things})s?\b", re.IGNORECASE)


@lru_cache(maxsize=1)
def _topic_used() -> re.Pattern:
    """the lexicon's ``topic_uses``: words before an "it" that is the card used"""
    uses = "|".join(re.escape(str(w)) for w in lexicon().get("topic_uses") or ())
    return re.compile(rf"\b(?:{uses})\s+$", re.IGNORECASE)


def _topic_asked_of_it(s: str, out: Relexed) -> str:
    """sisterGK: a card named before a colon as the topic of a question asked of "it": "X: does it
    negate ... at the same time?", "X: if ..., does it still ...?" is asked of X ("does X ...").
    Only the first "it" (or "this card") after an auxiliary (lexicon ``topic_asks``) is X, and
    only when no other card is named before it; else the sentence is left as written."""
    asks = "|".join(re.escape(str(w)) for w in lexicon().get("topic_asks") or ())
    m = re.match(rf"^(?P<card>{_TOPIC_SAID})\s*:\s+(?P<rest>.+)$", s)
    if not asks or m is None:
        return s
    rest = m.group("rest")
    if rest[:1] in "\"'\u201c\u2018":
        return s                          # a quotation after the colon is left as written
    q = re.search(rf"(?<![\w'\-/])(?P<aux>{asks})\s+(?:it|this card)(?![\w'\-/])", rest, re.IGNORECASE)
    if q is None:
        # "X's 2nd effect (...): does that start a chain?": "that" is the topic only when the
        # question follows it at once (else it points at what the words between said)
        q = re.match(rf"(?P<aux>{asks})\s+that(?![\w'\-/])", rest, re.IGNORECASE)
    its = re.search(r"(?<![\w'\-/])its(?![\w'\-/])", rest, re.IGNORECASE) if q is None else None
    if its is not None and "\ue000" not in rest[:its.start()] and rest.rstrip().endswith("?"):
        # "X: can I use its draw effect and its Special Summon effect ...?": the first "its" is X's
        # (and an "it" before it, below, X too)
        said = _topic_its_too(rest[:its.start()], m.group("card")) + f"{m.group('card')}'s" + \
            rest[its.end():]
        said = said[:1].upper() + said[1:]
        out.changes.append(Change("read-as", s, said))
        return said
    aim = _TOPIC_AIM.match(rest)
    if q is None and its is None and aim is not None and "\ue000" not in rest and \
            _topic_it().search(rest) is None:
        # (round 77) "X - am I allowed to target a monster in my opponent's GY, or only mine?":
        # a question of what the player may target, naming no card: with X (the card that targets)
        cut = aim.end("aim")
        said = rest[:cut].rstrip() + f" with {m.group('card')}" + rest[cut:]
        said = said[:1].upper() + said[1:]
        out.changes.append(Change("read-as", s, said))
        return said
    if q is None and its is None and rest.rstrip().endswith("?"):
        # session after f38931c: "X: can I use it twice in one turn?", "X: if it's used as
        # material, ...?": the first "it" (or "this card") of the question, wherever it stands, is
        # X's when no other card is named before it; "it" with no referent ("is it legal") is not
        said = _topic_its_too(rest, m.group("card"))
        if said != rest:
            said = said[:1].upper() + said[1:]
            out.changes.append(Change("read-as", s, said))
            return said
    if q is None or "\ue000" in rest[:q.start()]:
        return s
    used = re.search(r"^(?:when|if|after|once)\s+(?:i|we|you|they|my opponent|opp|opponent)\s+"
                     r"(?:use|uses|used|activate|activates|activated)\s+(?P<it>it|that|this)\s*,\s*$",
                     rest[:q.start()], re.IGNORECASE)
    if used is not None:
        # (round 114) "X: when I use it, does it start a Chain?": the "it" used is X, the "it"
        # asked of points back at it
        said = rest[:used.start("it")] + m.group("card") + rest[used.end("it"):]
        said = said[:1].upper() + said[1:]
        out.changes.append(Change("read-as", s, said))
        return said
    said = rest[:q.start()] + f"{q.group('aux')} {m.group('card')}" + rest[q.end():]
    said = said[:1].upper() + said[1:]
    out.changes.append(Change("read-as", s, said))
    return said


# "X: can my opponent chain MST to it?": the last card named before "it" is said as used on it or
# in response to it, so "it" is not that card (nor, with no other noun, anything but the topic)
_ANSWERS_IT = re.compile(r"\ue000k\d+k\s+(?:to|in\s+response\s+to|on|against)\s*$", re.IGNORECASE)


def _topic_its_too(rest: str, card: str) -> str:
    """The first "it" (or "this card") of ``rest`` said as the topic ``card``, when no other card
    is named before it and it stands for nothing else said before it (else ``rest`` as it is)."""
    it = _topic_it().search(rest)
    answers = it is not None and _ANSWERS_IT.search(rest[:it.start()]) is not None
    if it is None or "\ue000" in rest[:it.start()] and not answers:
        return rest
    others = {w.lower().rstrip("s") for w in _topic_other().findall(rest[:it.start()])}
    if others and not _topic_used().search(rest[:it.start()]) and not (answers and others <= {"chain"}):
        return rest             # "X: they summon a monster, can I destroy it?": the monster
    return rest[:it.start()] + card + (" is" if it.group("is") else "") + rest[it.end():]


_CANNOT = r"(?:cannot|can't|can\u2019t|cant|can not)"
# sisterGK: a monster of the story told with a protection ("a 2000-ATK monster that cannot be
# destroyed by card effects", "their monster has 'cannot be destroyed by card effects'")
_PROTECTED = re.compile(
    r"(?P<np>\b(?:a|an|their|his|her|the|my opponent's|opponent's|opp's)\s+(?:[\w\-]+\s+){0,3}?monster)"
    r"(?:\s*,?\s+(?:that|which)\s+" + _CANNOT + r"|\s+(?:has|says|with)\s+[\"'\u201c](?:it\s+)?" + _CANNOT + r")"
    r"\s+be\s+(?P<verb>destroyed|banished)\s+by\s+card\s+effects(?:\.(?=[\"'\u201d]))?(?P<q>[\"'\u201d])?"
    r"(?P<and>\s+and(?=\s))?", re.IGNORECASE)
# ... and the question closing with the same said again as a concession ("... even tho the monster
# won't die?"): it repeats what is supposed
_CONCEDED = re.compile(
    r",?\s+even\s+(?:if|though|tho)\s+(?:the monster|that monster|it|the card|that card)\s+"
    r"(?:won't|will not|wont|doesn't|does not|doesnt|isn't|is not|isnt|can't|cannot|cant)\s+"
    r"(?:be\s+|get\s+)?(?:die|dies|destroyed)\s*(?=\?$|$)", re.IGNORECASE)


def _protection_supposed(parts: list[str], out: Relexed) -> list[str]:
    """sisterGK: a monster told in the story with a protection from card effects ("a monster that
    cannot be destroyed by card effects", "... has 'cannot be destroyed by card effects'") is what
    the question supposes of it: "If that monster cannot be destroyed by card effects, <question>"
    (the grammar's supposition of a part not done); a concession closing the question that says
    the same again ("even though it won't die") is set aside with it.  Only with one such monster,
    told before the question, and a question that follows."""
    asked = [i for i, p in enumerate(parts) if p.rstrip().endswith("?")]
    if not asked:
        return parts
    qi = asked[-1]
    hits = [(i, m) for i, p in enumerate(parts[:qi]) for m in _PROTECTED.finditer(p)]
    if len(hits) != 1:
        return parts
    i, m = hits[0]
    before, np = parts[i][:m.start()].lower(), m.group("np").lower()
    theirs = re.match(r"(?:their|his|her|my opponent's|opponent's|opp's)\b", np) or \
        re.search(r"\b(?:opp|opponent|they|he|she)\b", before)
    if not theirs or re.search(r"\b(?:i|my|we|our)\b", before.replace("my opponent", "")) or \
            re.search(r"\bmy (?:own )?(?:monster|card)\b", parts[qi], re.IGNORECASE):
        return parts                      # the opponent's monster only, and asked of it
    if m.group("q") is None and re.search(r"[\"'\u201c]\s*(?:it\s+)?" + _CANNOT, m.group(0)):
        return parts                      # an opening quote left without its close
    keep_and = m.group("and") if m.group("q") is None else ""     # "X has '...' and activates": X activates
    story = parts[i][:m.start()] + m.group("np") + (keep_and or "") + parts[i][m.end():]
    story = re.sub(r"\s+([.,;])", r"\1", story)
    q = parts[qi]
    conceded = _CONCEDED.search(q)
    if conceded and m.group("verb").lower() == "destroyed":
        out.changes.append(Change("set-aside", conceded.group(0).strip(" ,"), ""))
        q = q[:conceded.start()] + q[conceded.end():]
    said = f"If that monster cannot be {m.group('verb').lower()} by card effects, {q[:1].lower()}{q[1:]}"
    out.changes.append(Change("read-as", m.group(0), m.group("np")))
    out.changes.append(Change("read-as", parts[qi], said))
    new = list(parts)
    new[i], new[qi] = story, said
    return new


# (rephrasings) a question said again opens with a question's word or "if" ("like can opp respond
# to it", "i.e. if it is negated ..."); a noun said after "like" narrows the question ("like one
# by a card effect?"): that is another question, never set aside
_ASKS_AGAIN = re.compile(rf"(?:{_ASKS}|if|when|so|that'?s|thats|its|it's)\b", re.IGNORECASE)


def _rephrased_within(parts: list[str], rx: re.Pattern) -> list[str]:
    """"Does that start a chain, i.e. can my opponent respond to it?": a question said again
    after a comma, opened by a rephrasing that is not "like" (which may also narrow what is
    asked): split into the question and its rephrasing, each a sentence (:func:`_rephrased`)."""
    out = []
    for s in parts:
        m = re.match(r"^(?P<q>.*?[\w'\")])\s*,\s*(?P<again>(?!like\b)\S.*\?)\s*$", s, re.IGNORECASE)
        again = rx.match(m.group("again")) if m is not None else None
        if again is not None and re.match(rf"^(?:{_ASKS})\b", m.group("q"), re.IGNORECASE) and \
                _ASKS_AGAIN.match(m.group("again")[again.end():]):
            out += [m.group("q") + "?", m.group("again")]
        else:
            out.append(s)
    return out


def _rephrased(parts: list[str], out: Relexed) -> list[str]:
    """"does X start a chain? like can opp respond to it": a question said again in other words
    after the question, opened by one of the lexicon's ``rephrasings`` ("like", "i.e."), is the
    same question: the one asked first is answered, and the other is set aside and shown
    (``understand`` asks it too when it can be read: the two answers must agree)."""
    rx = _patterns()["rephrasings"]
    if rx is None:
        return parts
    kept = []
    for s in _rephrased_within(parts, rx):
        m = rx.match(s)
        if m is not None and kept and kept[-1].rstrip().endswith("?") and \
                len(s[m.end():].split()) >= 3 and _ASKS_AGAIN.match(s[m.end():]):
            out.changes.append(Change("rephrased", s, s[m.end():]))
            continue
        kept.append(s)
    return kept


# "since" of time, not of reason: "since my last turn", "since then", "since the start of the turn"
_SINCE_WHEN = re.compile(r"\s*(?:(?:my|the|their|his|her|your|this|that)\s+)?(?:(?:last|previous|prior|"
                         r"earlier|opponent's|own)\s+)*turn\b|\s*then\b|\s*(?:the\s+)?(?:start|beginning)\b",
                         re.IGNORECASE)


def _reason_first(s: str, out: Relexed) -> list[str]:
    """A reason joined to a sentence ("X because Y", "Can I ..., since Y?", "Since Y, can I
    ...?") is told before it: "Y. X" ("Y. Can I ...?"), so the story grammar reads it as what
    held or happened first.  Nothing is set aside."""
    opening = _patterns()["reason_first"]
    m = opening.match(s) if opening is not None else None
    if m is not None and len(m.group("why").split()) >= 2:
        told = m.group("why")[:1].upper() + m.group("why")[1:] + "."
        asked = m.group("main")[:1].upper() + m.group("main")[1:]
        if not _tells_the_game(m.group("why")):
            # "Since nothing happened, do I ...?": the asker's own reasoning, no state of the game
            out.changes.append(Change("set-aside", s[:m.start("main")].strip(" ,")))
            return _reason_first(asked, out)
        out.changes.append(Change("read-as", s, f"{told} {asked}"))
        return [told] + _reason_first(asked, out)
    rx = _patterns()["reason"]
    m = rx.search(s) if rx is not None else None
    if m is None:
        return [s]
    before = s[:m.start()]
    cut = [b.end() for b in re.finditer(r"[.!?]\s+", before)]
    head, main = (before[:cut[-1]].strip(), before[cut[-1]:]) if cut else ("", before)
    main = main.strip(" ,")
    stop = re.search(r"[.!?](?:\s+|$)", s[m.end():])
    reason = s[m.end():m.end() + stop.start()] if stop else s[m.end():]
    end = s[m.end() + stop.start()] if stop else "."
    tail = s[m.end() + stop.end():].strip() if stop else ""
    if not main or len(reason.split()) < 2 or main.split()[0].lower() in ("since", "because"):
        return [s]
    if "since" in s[m.start():m.end()].lower() and _SINCE_WHEN.match(reason):
        return [s]          # "Set since my last turn": since when, not why
    told = reason[:1].upper() + reason[1:] + "."
    asked = main[:1].upper() + main[1:] + end
    if not _tells_the_game(reason):
        # "... back to my hand since nothing happened?": the asker's reasoning, set aside
        out.changes.append(Change("set-aside", s[m.start():m.end() + len(reason)].strip(" ,")))
        told = ""
    out.changes.append(Change("read-as", s[len(head):m.end() + (stop.end() if stop else len(reason))]
                              .strip(), f"{told} {asked}".strip()))
    return [x for x in (head, told, asked) if x] + _reason_first(tail, out) if tail else \
        [x for x in (head, told, asked) if x]


def _supposed(s: str, after: list[str], out: Relexed) -> list[str]:
    """"If X Tributes itself, it is no longer on the field. Do I still ...?": a supposition told
    as a sentence of its own before the question is the story the question is asked in ("X
    Tributes itself. It is no longer on the field. Do I still ...?")."""
    rx = _patterns()["suppose"]
    m = rx.match(s) if rx is not None else None
    if m is None or s.endswith("?") or not any(a.endswith("?") for a in after):
        return [s]
    a, b = m.group("a").strip(), m.group("b").strip()
    told = [a[:1].upper() + a[1:] + ".", b[:1].upper() + b[1:]]
    out.changes.append(Change("read-as", s, " ".join(told)))
    return told


_CHAINED = r"\b(?:chain|chains|chained|respond|responds|responded)\b"


def _ellipsis(text: str, out: Relexed) -> str:
    """"I Normal Summon X and activate its effect" (or "..., activate its effect"): the second
    verb keeps the sentence's subject ("... and I activate its effect").  Only a sentence whose
    subject is a player, and only before a verb of the lexicon's ``clause_verbs``."""
    lx = lexicon()
    subjects = _alternation(lx.get("subjects"))
    verbs = _alternation(lx.get("clause_verbs"))
    if subjects is None or verbs is None:
        return text
    join = re.compile(rf"(?P<join>(?:,\s*|\s+)(?:and\s+then|and|then)\s+|;\s*(?:then\s+)?|,\s*)"
                      rf"(?=(?:{verbs.pattern}))", re.IGNORECASE)
    pieces = []
    for sentence in sentences(text):
        if re.match(subjects.pattern, sentence, re.IGNORECASE) is not None:
            def add(j: re.Match) -> str:
                # the subject of the clause just before ("the effect resolves and Special
                # Summons ..." has none to say again: its subject is no player)
                # (a sentence the splitter keeps whole, "... in my GY. my opponent chains ...", is
                # cut at its full stops too: the subject is the clause's own)
                # (varyS) a clause opened by "after"/"when"/"once" has its own subject ("opp
                # returns X after I Normal Summon it and activate its effect": I activate it)
                if sentence[:j.start()].count('"') % 2:
                    return j.group()    # inside a quotation of the card's text: its own words
                last = re.split(r"[,;]\s*|\.\s+|\s+(?:and|then|after|when|once|before)\s+",
                                sentence[:j.start()], flags=re.IGNORECASE)[-1]
                said = re.match(rf"(?P<s>{subjects.pattern})(?=\s)", last, re.IGNORECASE)
                if said is None or re.search(_CHAINED, last, re.IGNORECASE):
                    # ("they chain X and banish it": what the chained card does, said as told)
                    return j.group()
                subject = said.group("s") if said.group("s") == "I" else said.group("s").lower()
                out.changes.append(Change("ellipsis", j.group("join").strip(),
                                          f"{j.group('join').strip()} {subject}"))
                return f"{j.group('join')}{subject} "

            sentence = join.sub(add, sentence)
        pieces.append(sentence)
    return " ".join(pieces)


def _story_told(s: str) -> str:
    """A sentence told after the question, said as a story sentence before it."""
    body = s[1:-1].strip() if s.startswith("(") and s.endswith(")") else s
    if not body.endswith((".", "!")):
        body += "."
    return body[0].upper() + body[1:]


def _story_first(parts: list[str], out: Relexed) -> list[str]:
    """"Can I chain X? Opp is making Y off two monsters." tells the story after the question:
    the sentences after the (last) question are read before it, as they happened first."""
    asked = [i for i, s in enumerate(parts) if s.endswith("?")]
    if not asked:
        return parts
    q = asked[-1]
    after = parts[q + 1:]
    alts = _patterns()["alternatives"]
    if len(after) == 1 and alts is not None and \
            re.match(rf"or\s+(?:{alts.pattern})\s", after[0], re.IGNORECASE):
        # "... can i still activate X? or is it locked": the other answer offered, not a story
        # (set aside with the alternatives)
        return parts
    if not after:
        return parts
    moved = [_story_told(s) for s in after]
    out.changes.append(Change("story-first", " ".join(after)))
    return parts[:q] + moved + [parts[q][0].upper() + parts[q][1:]]


# (readA) "Opp activates Pot of Greed, can I Ash it?": a told clause joined to the question by a
# comma is a sentence of its own (not after "When/If ...", whose comma closes the clause)
_ASKS = r"(?:can|could|may|does|do|did|is|are|was|were|will|would|am|have|has)"
_WHO = r"(?:i|my|the|it|that|this|they|he|she|you|we|its|their|your|[A-Z][\w\-]*|\ue000k\d+k)"
_COMMA_Q = re.compile(rf",\s+({_ASKS})\s+(?={_WHO}\b)", re.IGNORECASE)
_CLAUSE_OPENERS = ("when", "if", "after", "once", "while", "during", "before", "since", "as", "at",
                   "suppose", "assuming", "for", "in", "on", "with", "because")


def _comma_question(s: str, out: Relexed) -> str:
    if not s.endswith("?") or s.split(" ", 1)[0].lower().strip(",") in _CLAUSE_OPENERS:
        return s
    topic, colon, after = s.partition(": ")
    if colon and len(topic.split()) <= 8 and \
            after.split(" ", 1)[0].lower().strip(",") in _CLAUSE_OPENERS:
        return s                        # "X: if its target is gone, does ...?": topic, then clause
    if re.match(rf"{_ASKS}\b", s, re.IGNORECASE):
        return s                        # the sentence is the question itself
    m = _COMMA_Q.search(s)
    if m is None:
        return s
    before = s[:m.start()].strip()
    pats = _patterns()
    if before.endswith(("\"", "'")) or len(before.split()) < 3 or any(
            rx is not None and re.fullmatch(rf"(?:{rx.pattern}[\s,]*)+", before, re.IGNORECASE)
            for rx in (pats["openers"], pats["discourse"])):
        return s                        # "yo quick one, does ...": an opener, no told clause
    out.changes.append(Change("read-as", m.group().strip(), ". " + m.group(1).capitalize()))
    return s[:m.start()] + ". " + m.group(1).capitalize() + " " + s[m.end():]


# A question after an opening clause written without its comma ("when X resolves are its effects
# still negated?", "if opp does not chain can I ..."): the comma goes before the question's verb,
# the first one after two words or more of the clause that is followed by a subject
_INTRO = re.compile(r"^(?P<intro>(?:when|if|after|once|while|before|during|at the end of)\s+"
                    r"[^,;?]+?)\s+"
                    r"(?P<aux>is|are|was|were|do|does|did|can|could|will|would)\s+"
                    r"(?P<subj>i|you|we|they|he|she|it|the|my|their|his|her|its|this|that|these|those|"
                    r"both|each|either|another|any|all|a|an|opp|opponent|(?-i:[A-Z][\w\-]*)|\ue000k\d+k)\b"
                    r"(?P<rest>[^,;]*\?)$", re.IGNORECASE)


@lru_cache(maxsize=1)
def _phase_lead_re() -> re.Pattern:
    from ..gamewords import gamewords

    phases = sorted({f for _n, forms in gamewords().phases for f in forms} | {"turn"}, key=len,
                    reverse=True)
    return re.compile(
        r"^(?:(?:in|during|at)\s+)?(?P<owner>the|my|their|his|her|opp(?:'?s)?|opponent(?:'?s)?|"
        r"my opponent(?:'?s)?|your opponent(?:'?s)?|your)?\s*(?P<phase>" + "|".join(re.escape(p) for p in phases) + r")"
        r"\s*[,:\-\u2013]?\s+(?P<aux>can|could|does|do|is|are|will|would|may)\b", re.IGNORECASE)


def _phase_lead(s: str, out: Relexed) -> str:
    """"Damage Step, can I ...?", "in the end phase can I ...?", "opp turn, can I ...?": the phase
    or turn a question is asked in, said the grammar's way ("During the Damage Step, can I ...?")."""
    if not s.endswith("?") or s[:6].lower() == "during":
        return s                        # ("during ... can I": the comma is _intro_comma's)
    m = _phase_lead_re().match(s)
    if m is None:
        return s
    owner = (m.group("owner") or "").lower()
    whose = "my" if owner in ("my", "your") else "my opponent's" if owner and owner != "the" else "the"
    phase = m.group("phase").lower()
    if phase == "turn" and whose == "the":
        return s
    said = f"During {whose} " + " ".join(w if w.isdigit() else w.capitalize() for w in phase.split())
    if phase == "turn":
        said = f"During {whose} turn"
    out.changes.append(Change("read-as", s[:m.start("aux")].strip(), said + ","))
    return f"{said}, {s[m.start('aux'):]}"


@lru_cache(maxsize=1)
def _phase_story_re() -> re.Pattern:
    from ..gamewords import gamewords

    phases = sorted({f for _n, forms in gamewords().phases for f in forms}, key=len, reverse=True)
    return re.compile(
        r"^(?P<lead>(?:(?P<prep>in|during|at)\s+)?(?P<owner>the|my|their|his|her|opp(?:'?s)?|opponent(?:'?s)?|"
        r"my opponent(?:'?s)?|your opponent(?:'?s)?|your)?\s*(?P<phase>" + "|".join(re.escape(p) for p in phases) +
        r"))(?P<sep>\s*[,:\-\u2013]\s*|\s+)(?P<rest>(?:opp|opponent|my opponent|they|i|we|he|she|their|my|his|her)\b"
        r"[^?]*[.!?]?)$", re.IGNORECASE)


def _phase_lead_story(s: str, out: Relexed) -> str:
    """sisterGK: "Damage step, opp activates X.", "In the Damage Step opp activates X.": the phase a
    told sentence happens in, said first as a sentence of its own ("It is the Damage Step. Opp
    activates X."), as the grammar reads a phase told (a turn is read elsewhere)."""
    m = _phase_story_re().match(s)
    if m is None or (not m.group("prep") and not m.group("sep").strip()):
        return s                          # "Damage Step opp ...": with no comma, only after "in"
    rest = m.group("rest")
    if s.rstrip().endswith("?"):
        # "damage step, their monster is attacking, can i ...?": the told clause, then the question
        q = list(re.finditer(r",\s+(?=(?:can|could|does|do|did|is|are|will|would|may)\s)", rest, re.IGNORECASE))
        if not q:
            return s
        rest = rest[:q[-1].start()] + ". " + rest[q[-1].end():][:1].upper() + rest[q[-1].end():][1:]
    owner = (m.group("owner") or "").lower()
    whose = "my" if owner in ("my", "your") else "my opponent's" if owner and owner != "the" else "the"
    phase = " ".join(w if w.isdigit() else w.capitalize() for w in m.group("phase").lower().split())
    said = f"It is {whose} {phase}."
    out.changes.append(Change("read-as", m.group("lead") + m.group("sep").rstrip(), said))
    return f"{said} {rest[:1].upper()}{rest[1:]}"


_TIME_LEAD = re.compile(
    r"^(?P<lead>(?:when|after|once|as soon as)\s+(?P<first>(?:i|we|my opponent|the opponent|"
    r"opponent|opp|they|he|she|player a|player b)\s+[^,?]+?)),\s+(?P<rest>(?:i|we|my opponent|"
    r"the opponent|opponent|opp|they|he|she|player a|player b|in response)\b[^?]*[.!])$",
    re.IGNORECASE)


_TURN_LEAD = re.compile(
    r"^(?P<lead>(?:on|during|in)\s+(?P<owner>my|their|his|her|opp(?:'?s)?|opponent(?:'?s)?|"
    r"my opponent(?:'?s)?|the opponent(?:'?s)?)\s+turn)(?P<sep>\s*,\s*|\s+)(?P<rest>(?:opp|opponent|"
    r"my opponent|they|i|we|he|she|their|my|his|her)\b[^?]*[.!])$", re.IGNORECASE)


def _turn_lead_story(s: str, out: Relexed) -> str:
    """(round 64) "On my turn my monster attacks.": whose turn a told sentence happens in, said
    first as a sentence of its own ("It is my turn. My monster attacks."), as a phase is."""
    m = _TURN_LEAD.match(s.strip())
    if m is None:
        return s
    whose = "my" if m.group("owner").lower() == "my" else "my opponent's"
    said = f"It is {whose} turn."
    rest = m.group("rest")
    out.changes.append(Change("read-as", m.group("lead") + m.group("sep").rstrip(), said))
    return f"{said} {rest[:1].upper()}{rest[1:]}"


def _time_lead_story(s: str, out: Relexed) -> str:
    """(round 63) "When I attack, my opponent activates X.": a told sentence whose first clause
    says what happened first is told as two sentences, in order ("I attack. My opponent activates
    X.").  Never a question (its "When ..." is the moment it asks of)."""
    m = _TIME_LEAD.match(s.strip())
    if m is None:
        return s
    first, rest = m.group("first"), m.group("rest")
    said = f"{first[:1].upper()}{first[1:]}. {rest[:1].upper()}{rest[1:]}"
    out.changes.append(Change("read-as", s.strip(), said))
    return said


@lru_cache(maxsize=1)
def _adverbial_lead_re() -> re.Pattern | None:
    """the lexicon's ``fronted_adverbials`` said before a question's verb"""
    said = sorted((str(w) for w in lexicon().get("fronted_adverbials") or ()), key=len, reverse=True)
    if not said:
        return None
    verbs = "|".join(sorted(_QUESTION_VERBS))
    return re.compile(rf"^(?P<lead>{'|'.join(re.escape(w) for w in said)}),\s+"
                      rf"(?P<ask>(?:{verbs})\b[^?]*?)\s*\?$", re.IGNORECASE)


def _adverbial_lead(s: str, out: Relexed) -> str:
    """(wave 3) "Later this turn, can I ...?": an adverbial said before a question's verb is said
    after it ("can I ... later this turn?"), where the question's grammar reads it."""
    rx = _adverbial_lead_re()
    m = rx.match(s.strip()) if rx is not None else None
    if m is None:
        return s
    said = f"{m.group('ask')} {m.group('lead').lower()}?"
    said = said[:1].upper() + said[1:]
    out.changes.append(Change("read-as", s.strip(), said))
    return said


def _intro_comma(s: str, out: Relexed) -> str:
    if "," in s or not s.endswith("?"):
        return s
    m = _INTRO.match(s)
    if m is None or len(m.group("intro").split()) < (2 if s[:6].lower() == "during" else 3):
        return s
    out.changes.append(Change("read-as", f"{m.group('intro').split()[-1]} {m.group('aux')}",
                              f"{m.group('intro').split()[-1]}, {m.group('aux')}"))
    return f"{m.group('intro')}, {s[m.start('aux'):]}"


# (readA) a question asked in the order of a statement ("I can chain X to Y?", "Discarding X is a
# cost?", "Pot of Desires starts a chain?"): its verb is put first, as the question is written
# the verbs a yes/no question opens with
_QUESTION_VERBS = {"can", "could", "may", "does", "do", "did", "is", "are", "was", "were", "will",
                   "would", "should", "has", "have"}
_QUESTION_WORDS = {"can", "could", "does", "do", "did", "is", "are", "was", "were", "will", "would",
                   "may", "am", "have", "has", "should", "when", "if", "after", "what", "who", "how",
                   "why", "where", "which", "once", "while", "during", "before", "in", "for", "so"}
_MODAL_MID = re.compile(r"^(?P<subj>[^,;]+?)\s+(?P<mod>can|could|will|would|is|are|was|were)\s+"
                        r"(?P<rest>(?:[^,;\"]|\"[^\"]*\")*\?)$", re.IGNORECASE)   # (a quotation may hold any)
_S_VERBS = {"starts": "start", "makes": "make", "creates": "create", "opens": "open", "goes": "go",
            "counts": "count", "stays": "stay", "remains": "remain", "gets": "get",
            "returns": "return", "comes": "come", "uses": "use"}
_S_VERB_MID = re.compile(rf"^(?P<subj>[^,;]+?)\s+(?P<verb>{'|'.join(_S_VERBS)})\s+"
                         r"(?P<rest>[^,;]*\?)$", re.IGNORECASE)


# "do i detach as a cost for X?", "do you pay the LP as part of the cost?": an action asked of as
# a cost, said with its verb ("is detaching a cost for X?")
_AS_COST = re.compile(r"\b(?:do|did|would|should) (?:i|you|we|they|he|she|opp|my opponent) "
                      r"(?P<verb>[a-z]+)(?P<obj>(?: [^?.,;]*?)?) as (?P<cost>(?:a |the |part of the )?"
                      r"cost)(?P<rest>(?: (?:for|of) [^?]*)?)\?", re.IGNORECASE)


def _done_as_cost(s: str, out: Relexed) -> str:
    """An action asked of as a cost with "do I ... as a cost?": "is <action>ing ... a cost?", the
    action a game verb (:mod:`psct_expert.gamewords`); any other verb leaves it as written."""
    from ..gamewords import gamewords

    m = _AS_COST.search(s)
    if m is None:
        return s
    action = gamewords().action_of(m.group("verb").lower())
    if action is None:
        return s
    ing = next((f for f in gamewords().action(action).forms if f.endswith("ing")), None)
    if ing is None or m.group("verb").lower() != gamewords().action(action).forms[0]:
        return s                        # only the verb said plain ("do i detach", not "detached")
    cost = m.group("cost")
    cost = cost if cost.startswith(("the ", "part of")) else "a cost"
    new = f"is {ing}{m.group('obj')} {cost}{m.group('rest')}?"
    out.changes.append(Change("read-as", m.group(), new))
    return s[:m.start()] + new + s[m.end():]


# round 46: a statement quoted whole and asked with a tag ('"The Summon of X can be negated."
# true or false?'): the statement is what is asked
_QUOTED_STATEMENT = r"^(?P<q>[\"'])(?P<st>[^\"']*\ue000[^\"']*?)[.!]?(?P=q)(?:\s*,?\s*(?P<tag>{tags}))?\s*\?$"


def _declarative(s: str, out: Relexed) -> str:
    # (round 125) a full stop inside a quotation ('I can use X "... from your hand." during ...?')
    # ends no sentence
    inside = [(q.start(), q.end()) for q in re.finditer(r'"[^"]*"', s)]
    cut = [m.end() for m in re.finditer(r"[.!?]\s+", s[:-1])
           if not any(a < m.start() < b for a, b in inside)]
    if cut:                             # the question is the last sentence of the part
        return s[:cut[-1]] + _declarative(s[cut[-1]:], out)
    tags = _patterns()["tags"]
    if tags is not None:
        quoted = re.match(_QUOTED_STATEMENT.format(tags=tags.pattern), s, re.IGNORECASE)
        if quoted is not None:
            said = f"{quoted.group('st')}, {quoted.group('tag')}?" if quoted.group("tag") else \
                f"{quoted.group('st')}?"
            out.changes.append(Change("read-as", s, said))
            s = said
        tagged = re.match(rf"^(?P<head>.*?[\w'\")])\s*,?\s*(?P<tag>{tags.pattern})\s*\?$", s,
                          re.IGNORECASE)
        modal = _MODAL_MID.match(tagged.group("head") + "?") if tagged is not None else None
        if modal is not None and modal.group("mod").lower() in ("can", "could", "will", "would") \
                and tagged.group("head").split(" ", 1)[0].lower() not in _QUESTION_WORDS and \
                not re.search(r"\b(?:not|never|no)\b|n't\b", tagged.group("head"), re.IGNORECASE):
            # "X can be negated by Y, right?": the statement asked, its tag kept to be set aside
            # (one said with "is" or a verb of its own, "X is a targeting effect, right?", "X
            # targets it, right?", or with a negation, is left to the frames)
            head = _declarative(tagged.group("head") + "?", out)
            return f"{head[:-1]}, {tagged.group('tag')}?" if head != tagged.group("head") + "?" else s
    opener = _patterns()["openers"]
    lead = re.match(rf"(?:\s*{opener.pattern}\s*[,:]?\s+)+", s, re.IGNORECASE) \
        if opener is not None else None
    if lead is not None and lead.end() < len(s):
        # "hey so is X ...?", "ok so X starts a chain?": the openers, then the question
        return s[:lead.end()] + _declarative(s[lead.end():], out)
    if not s.endswith("?") or s.split(" ", 1)[0].lower() in _QUESTION_WORDS:
        return s
    for rx in (_MODAL_MID, _S_VERB_MID):
        m = rx.match(s)
        if m is None:
            continue
        subj = m.group("subj")
        words = subj.split()
        if len(words) > 8 or {"and", "then", "but", "if", "when"} & {w.lower() for w in words}:
            return s
        if subj.rstrip().endswith(":"):
            return s                    # (varyG) "X: is the destroy ...?": a topic, then the question
        if words[0].isupper() or words[0][:1] == "\ue000" or words[0] in ("I",):
            first = subj
        else:
            first = subj[:1].lower() + subj[1:]
        if "mod" in m.groupdict() and m.groupdict().get("mod"):
            new = f"{m.group('mod').capitalize()} {first} {m.group('rest')}"
        else:
            new = f"Does {first} {_S_VERBS[m.group('verb').lower()]} {m.group('rest')}"
        out.changes.append(Change("read-as", s, new))
        return new
    return s


@lru_cache(maxsize=1)
def _reasons() -> tuple[frozenset, frozenset]:
    """The lexicon's words that join a reason, and the words that make a reason tell the game."""
    lx = lexicon()
    return (frozenset(str(w).lower() for w in lx.get("reasons") or ()),
            frozenset(str(w).lower() for w in lx.get("reason_game_words") or ()))


@lru_cache(maxsize=1)
def ruling_words() -> frozenset:
    """The lexicon's words that change a ruling when a rephrasing adds them (``ruling_words``)."""
    return frozenset(str(w).lower() for w in lexicon().get("ruling_words") or ())


def _tells_the_game(said: str) -> bool:
    """Does a reason tell something of the game (a card's name or one of ``reason_game_words``)?"""
    words = _reasons()[1]
    return "\ue000" in said or any(w.lower().strip(".,!?'\"") in words for w in said.split())


# (hunt) "Maybe I Set it this turn.", "It feels like my opponent chained it": a player doing a game
# action, hedged; what happened may be in it, so it is never set aside as an opinion
_PLAYER_DID = re.compile(r"\b(?:i|we|my opponent|opponent|opp|they|he|she|player [ab])\s+(?:just\s+|already\s+)?"
                         r"(?:set|sets|activate[ds]?|summon(?:ed|s)?|(?:normal|special|tribute|flip) "
                         r"summon(?:ed|s)?|chain(?:ed|s)?|control(?:s|led)?|discard(?:ed|s)?|"
                         r"banish(?:ed|es)?|destroy(?:ed|s)?|target(?:ed|s)?|tribute[ds]?|draw|draws|"
                         r"drew|paid|pay|pays|flip(?:ped|s)?|negate[ds]?|attack(?:ed|s)?|use[ds]?)\b",
                         re.IGNORECASE)


# (hunt) "We are in the Damage Step so I feel like it should work": a time of the game told beside
# an opinion is what happened; the sentence is never set aside whole



def _set_aside_aside(s: str, out: Relexed, points_back: bool = False) -> str:
    rx = _patterns()["asides"]
    if rx is not None and not s.endswith("?"):
        m = rx.match(s)
        if m and m.group().split()[-1].lower() in _reasons()[0] and _tells_the_game(s[m.end():]):
            # "asking because they control no monsters": the reason is told (a state of the game),
            # only the asking is set aside
            out.changes.append(Change("set-aside", m.group()))
            rest = s[m.end():].strip(" ,")
            return rest[:1].upper() + rest[1:]
        if m and "want" in m.group().lower() and "\ue000" in s and points_back:
            # (hunt 89) "My opponent wants to chain Monster Reborn. Can I chain X to it?": what a
            # player meant to do with a card named may be what "it" points at; never set aside
            return s
        if m:
            out.changes.append(Change("set-aside", s))
            return ""
    op = _patterns()["opinions"]
    if op is not None and not s.endswith("?") and "\ue000" not in s and \
            re.search(rf"\b{op.pattern}\b", s, re.IGNORECASE) and not _PLAYER_DID.search(s) and \
            not (_patterns()["game_times"] and re.search(rf"\b{_patterns()['game_times'].pattern}\b",
                                                          s, re.IGNORECASE)):
        # "it feels like it should count": what the asker believes, not what happened (a
        # sentence that names a card is never set aside: it may tell the story)
        out.changes.append(Change("set-aside", s))
        return ""
    return s


def _set_aside(text: str, out: Relexed) -> str:
    pats = _patterns()

    def drop(m: re.Match) -> str:
        out.changes.append(Change("set-aside", m.group().strip(" ,")))
        return " "

    # a label before a colon that opens the question, made only of label words ("Judge call at
    # our locals:", "Rules exam, question 3:")
    label = _label_re()
    m = label.match(text) if label is not None else None
    if m is not None:
        out.changes.append(Change("set-aside", m.group().strip()))
        text = text[m.end():].strip()
        text = text[:1].upper() + text[1:]
    # openers: at the start of a sentence, with their comma or colon
    if pats["openers"] is not None:
        # (round 113) "Judge!! ...", "Judge! Quick question: ...": an exclamation mark after it too
        opener = re.compile(rf"(?:(?<=^)|(?<=[.?!]\s))\s*{pats['openers'].pattern}\s*(?:[,:.]|!+)?\s*",
                            re.IGNORECASE)
        while True:
            new = opener.sub(drop, text, count=1)
            if new == text:
                break
            text = new.strip()
    # tags: ", right?" / "... or not?" at the end of a question
    if pats["tags"] is not None:
        # only after the question's own words: "Isn't it?" alone is the question
        tag = re.compile(rf"(?<=[\w'\")])\s*,?\s*{pats['tags'].pattern}\s*(?=\?|,\s*(?:even though|even tho|"
                         rf"even if|although)\b[^?]*\?)", re.IGNORECASE)
        # (still: "... stays banished right, even though nothing is summoned?": the tag before
        # the concession that ends the question)
        text = tag.sub(lambda m: drop(m).strip(), text)
        # (still) "... i still lose the 800? no refund?", "... still banished? right?": a tag asked
        # as a sentence of its own after the question, at the end
        alone = re.compile(rf"(?<=\?)\s+{pats['tags'].pattern}\s*\?+\s*$", re.IGNORECASE)
        text = alone.sub(lambda m: drop(m).strip(), text)
    if pats["alternatives"] is not None:
        # "Is X a Chain Link, or does it just happen?": the other answer offered, after a
        # question whole without it; only a clause ("or does ...", "or only ..."), never a noun
        # ("can I target X or Y?" keeps both)
        alt = re.compile(rf"(?<=[\w'\")])\s*,?\s+or\s+(?:{pats['alternatives'].pattern})\s[^?.!]*(?=\?+\s*$)",
                         re.IGNORECASE)
        m = alt.search(text)
        if m is not None and re.search(r"\bor\s+\w+\s+\ue000k\d+k\s*$", m.group()):
            m = None        # (hunt) "Does X target, or does Y?": the same question of another card
        if m is not None and "?" not in text[m.end():].strip("? "):
            out.changes.append(Change("alternative", m.group().strip(" ,")))
            text = text[:m.start()] + text[m.end():]
        # "can i still activate X? or is it locked": the same, offered as a sentence of its own
        # after the question mark, the last thing said
        after = re.compile(rf"(?<=\?)\s+or\s+(?:{pats['alternatives'].pattern})\s[^?.!]*[?.!]*\s*$",
                           re.IGNORECASE)
        m = after.search(text)
        if m is not None:
            out.changes.append(Change("alternative", m.group().strip(" ,?.!")))
            text = text[:m.start()]
    # (chains) "can I chain X to it so the monster does not come back?": the result the asker
    # wants, a clause with its own subject after "so (that)" closing a yes/no question; set aside
    # and shown, and asked too (understand._results_asked: a no stands, a yes becomes unknown).
    # "... so they can respond" (what the grammar reads as the question's own) is left
    res = re.compile(r"(?<=[\w'\")])\s*,?\s+so(?:\s+that)?\s+(?!(?:i|we|they|he|she|you|my opponent|"
                     r"opponent|opp|the opponent)\s+(?:can|could|cannot|can't)\b)"
                     r"(?:the|my|their|his|her|its|it|they|both|that|this|i|we|\ue000k\d+k)\b[^?.!]*(?=\?\s*$)",
                     re.IGNORECASE)
    m = res.search(text) if re.match(r"^(?:[^.?!]*[.!]\s+)*(?:can|could|may|does|do|is|are)\b",
                                     text, re.IGNORECASE) else None
    if m is not None and not re.search(r"\b(?:not|n't|cannot)\b", text[:m.start()][-60:],
                                       re.IGNORECASE):
        out.changes.append(Change("result", m.group().strip(" ,")))
        text = text[:m.start()] + text[m.end():]
    # (session after 61ecf53) "does my opponent still take 1200 damage?", "do I still deal 1200?":
    # how much damage, in a question that asks whether it is still inflicted: the amount is set
    # aside as a result (asked too: a no stands, a yes becomes unknown), the damage asked
    m = re.search(r"\b(?P<v>take|takes|inflict|inflicts|deal|deals)\s+(?:the\s+)?(?P<n>\d+)"
                  r"(?:\s+(?:damage|dmg|points? of damage))?(?=\s*(?:[?,]|$)|\s+(?:with|to|by)\b)", text,
                  re.IGNORECASE) \
        if re.match(r"^(?:[^.?!]*[.!]\s+)*(?:do|does|did|will|would)\b[^?.!]*\bstill\b", text,
                    re.IGNORECASE) else None
    if m is not None:
        out.changes.append(Change("result", f"{m.group('n')} damage"))
        text = text[:m.start()] + f"{m.group('v')} damage" + text[m.end():]
    # "can I chain Y to X to stop it?": what the asker wants it to do, closing a yes/no question;
    # set aside and shown as a result (asked too: a no stands, a yes becomes unknown)
    m = re.search(r"\s+(?:in order )?to (?:(?:stop|prevent|counter) (?:it|that|this|them)\b|"
                  r"(?:save|protect) (?:my|their|his|her|the|that|this|it)\b[^?.!]*?)(?=\s*\?*\s*$)",
                  text, re.IGNORECASE) \
        if re.match(r"^(?:[^.?!]*[.!]\s+)*(?:can|could|may)\b", text, re.IGNORECASE) else None
    if m is not None:
        out.changes.append(Change("result", m.group().strip(" ,")))
        text = text[:m.start()] + text[m.end():]
    if pats["comparisons"] is not None:
        # (chains) "..., like it's an effect?": the asker's comparison, a clause with a pronoun
        # subject closing the question; the answer reads what the thing is
        cmp_ = re.compile(rf"(?<=[\w'\")])\s*,?\s+(?:{pats['comparisons'].pattern})\s+"
                          rf"(?:it|that|this|they)(?:'s|'re|\s+(?:is|was|were|are|would\s+be))\s"
                          rf"[^?.!,]*(?=\?+\s*$)", re.IGNORECASE)
        m = cmp_.search(text)
        if m is None:
            # "... negatable, like a normal Xyz Summon is?": what the asker likens it to, said
            # with a thing of its kind as the subject and the verb closing it
            m = re.compile(rf"(?<=[\w'\")])\s*,?\s+(?:{pats['comparisons'].pattern})\s+(?:a|an|the)\s+"
                           r"(?:normal|regular|usual|ordinary)\s+[^?.!,]*?\s(?:is|are|does|do|would\s+be)"
                           r"(?=\s*\?*\s*$)", re.IGNORECASE).search(text)
        if m is None:
            # "... to my extra deck like pendulums usually do?": things of its kind, in the
            # plural, doing what is asked as a rule
            m = re.compile(rf"(?<=[\w'\")])\s*,?\s+(?:{pats['comparisons'].pattern})\s+(?:(?:most|other|all|"
                           r"normal|regular)\s+)?(?:[a-z\-]+\s+)?[a-z\-]+s\s+(?:(?:usually|normally|always|"
                           r"typically|would|generally)\s+)?do(?=\s*\?*\s*$)", re.IGNORECASE).search(text)
        if m is not None:
            out.changes.append(Change("comparison", m.group().strip(" ,")))
            text = text[:m.start()] + text[m.end():]
    if pats["discourse"] is not None:
        text = re.sub(rf",?\s*{pats['discourse'].pattern}\s*,?", lambda m: _keep_comma(m, drop),
                      text, flags=re.IGNORECASE)     # (readA) "In this case, ...", "Actually ..." 
    ex = pats["examples"]
    if ex is not None:          # "(e.g. a Link Summoned Avramax)": an example of what is described
        # (hunt) never a condition given as the example after "e.g." ("(e.g. from my hand)":
        # where, when, how); "(like in ...)" stays an aside
        text = re.sub(rf"\s*\(\s*(?:(?:like)[\s,:]+|(?:{ex.pattern})[\s,:]+(?!(?:from|in|on|during|at|by|"
                      r"with|to|while|when|if|before|after|without|as)\b))[^()]*\)", drop, text,
                      flags=re.IGNORECASE)
    hedge = pats["hedges"]
    if hedge is not None:       # "of like 4 monsters": the number stays
        text = re.sub(rf"(?<=\s)(?:{hedge.pattern})\s+(?=\d)", drop, text, flags=re.IGNORECASE)
    # a sentence that was only discourse leaves its full stop behind ("... target? asking for a
    # friend"): none stays
    text = re.sub(r"(?<=[?.!])\s+\.(?=\s|$)", "", text)
    return re.sub(r"^\s*\.\s+", "", text).strip()


@lru_cache(maxsize=1)
def _label_re() -> re.Pattern | None:
    words = [str(w) for w in lexicon().get("label_words") or ()]
    if not words:
        return None
    word = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    # "Judge question:", and said as a sentence of its own ("Judge question. My ...")
    return re.compile(rf"^\s*(?:(?:{word}|\d+)(?![\w'\-])[\s,#]*){{1,8}}(?::|[.!](?=\s+\w))\s+",
                      re.IGNORECASE)


def _keep_comma(m: re.Match, drop) -> str:
    """A discourse word between commas leaves one comma behind only where it joined clauses."""
    drop(m)
    s = m.group()
    return ", " if s.startswith(",") and s.rstrip().endswith(",") else " "


@lru_cache(maxsize=2)
def _paraphrases(section: str = "paraphrases") -> list[tuple[re.Pattern, str]]:
    return [(re.compile(str(p["pattern"]), re.IGNORECASE), str(p["read"]))
            for p in lexicon().get(section) or ()]


def _paraphrase(text: str, out: Relexed, section: str = "paraphrases") -> str:
    for rx, read in _paraphrases(section):
        def sub(m: re.Match, read=read) -> str:
            said = " ".join(m.expand(read).split())   # a group not matched expands to ""
            out.changes.append(Change("read-as", m.group().strip(), said))
            # a reading that ends before the next word keeps the space before it
            return said + (" " if read.endswith(" ") and m.group().endswith(" ") else "")
        text = rx.sub(sub, text)
    return text


@lru_cache(maxsize=1)
def _progressive_pattern() -> tuple[re.Pattern, dict, set] | None:
    table = lexicon().get("progressive") or {}
    verbs = {str(k).lower(): v for k, v in (table.get("verbs") or {}).items()}
    plural = {str(w).lower() for w in table.get("subjects_plural") or ()}
    single = {str(w).lower() for w in table.get("subjects_singular") or ()}
    if not verbs or not plural | single:
        return None
    subj = "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in sorted(plural | single, key=len,
                                                                          reverse=True))
    verb = "|".join(map(re.escape, sorted(verbs, key=len, reverse=True)))
    rx = re.compile(rf"\b(?P<subj>{subj})(?:\s+(?:am|is|are|was|were)|'re|'m|\s+re|m)\s+"
                    rf"(?:(?P<still>still|now|just|currently)\s+)?(?P<verb>{verb})\b", re.IGNORECASE)
    return rx, verbs, single


def _progressive(text: str, out: Relexed) -> str:
    """"they are tributing two monsters", "I'm activating X": a game action told as going on is
    told as done (``progressive`` of ``lexicon.yaml``), in the subject's form of the verb."""
    pat = _progressive_pattern()
    if pat is None:
        return text
    rx, verbs, single = pat

    def sub(m: re.Match) -> str:
        subj = m.group("subj")
        forms = verbs[m.group("verb").lower()]
        verb = forms[1] if " ".join(subj.lower().split()) in single else forms[0]
        read = f"{subj} {m.group('still') + ' ' if m.group('still') else ''}{verb}"
        out.changes.append(Change("read-as", m.group(), read))
        return read

    return rx.sub(sub, text)


def _read_as(text: str, out: Relexed) -> str:
    text = _progressive(text, out)
    text = _paraphrase(text, out)
    pats = _patterns()
    for rx, table, fold in (pats["read_as"] + (True,), pats["exact"] + (False,)):
        if rx is None:
            continue

        def sub(m: re.Match) -> str:
            written = m.group()
            read = table[" ".join(written.lower().split()) if fold else written]
            out.changes.append(Change("read-as", written, read))
            return read

        text = rx.sub(sub, text)
    return text


def _tidy(text: str) -> str:
    text = re.sub(r"([?!])[?!]+", r"\1", text)       # "??", "?!"
    text = re.sub(r"\s+([,.?!;:])", r"\1", text)
    text = re.sub(r"([,;:])(?=[,.?!;:])", "", text)
    text = re.sub(r"([?!])\.+", r"\1", text)       # (varyA) "target?." once what followed is set aside
    text = re.sub(r"^[,;:\s]+", "", text)
    text = " ".join(text.split())
    return text[:1].upper() + text[1:]
