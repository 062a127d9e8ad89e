"""A question read by its frame: a last reading, for questions about what a card's text does.

The grammar reads a question by its shapes; people ask the same thing in many more ("yo quick
q, when i summon X by banishing 3 from gy does the summon itself start a chain??").  A family
whose answer reads the card's text alone (whether an effect starts a Chain, targets, is a Quick
Effect) declares the words that ask it (``frame: cues`` in ``knowledge/questions.yaml``) and its
canonical question (``frame: ask``).  A question the other readings left unplaced is read so:

- **what is asked**: the cue of exactly one such family, in the sentence(s) that ask (those with
  a question mark, else the last);
- **about which card**: the one card those sentences name (else the one card the whole question
  names); an effect, a Summon of it (its kind read), or its activation;
- **every other word of the asked sentences** is a frame word (``parser/frames.yaml``: "does",
  "it", a player), discourse (the lexicon's), a word the other answer uses ("... or does it just
  happen?"), or a word that describes the effect and that its text says (grounded: "its search"
  reads an effect that adds a card).  A word that may change what is asked (``blocking``: "not",
  "only", "still", "if", "negated", a number ...) or that nothing places leaves the question to
  the other readings: it is never set aside;
- **the story** before the asked sentences cannot change what a card's text does: it is set
  aside, and said so.  When more than one effect fits, the answer must be the same for each.

The frame gives the canonical question, which the grammar then reads like any other: its answer
and proof are that question's, and the restatement says how the question was read.  The module
reads English and grounds words in card text through :mod:`psct_expert.situate.refs`; it names
no card.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from yaml import safe_load

from .parser.lexicon import Change, Relexed, lexicon

FRAMES_PATH = Path(__file__).with_name("parser") / "frames.yaml"
_ORDINAL = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth"}
_WORD = re.compile(r"[a-z0-9][a-z0-9'/\-]*|\?!|[^\sa-z0-9]", re.IGNORECASE)
_MASK = "\ue001{}\ue001"
_MASKED = re.compile("\ue001(\\d+)\ue001")
# a sentence ends at ? ! or a full stop before a space (card names are masked first)
_ENDS = re.compile(r"(?<=[?!.])\s+")
MAX_WORDS = 80
_LP = re.compile(r"\b\d+\s*(?:lp|life points)\b", re.IGNORECASE)
MAX_CHARS = 1500             # a longer text is never read by its frame
# a character no reader places (a stray byte, a control character): never set aside
_UNREADABLE = re.compile("[\ud800-\udfff\x00-\x08\x0b-\x1f\x7f\ue000-\uf8ff\ufffd]")
# a place a Summon is made from, as a question says it after the Summon
_SUMMONED_FROM = {"hand": "the hand", "gy": "the GY", "graveyard": "the GY", "deck": "the Deck"}
# the words that point at a card told before
_POINTING = frozenset(("it", "its", "it's", "itself", "this", "that", "these", "those", "them"))
# words that join the others and say nothing of their own
_GLUE = frozenset(("'s", "s", "of", "to", "by", "for", "with", "from", "in", "on", "at", "as",
                   "and", "+", "&", "so", "like", "ok"))
# a quotation of card text: grounded in the card's text (its words never block a frame)
_QUOTE = re.compile(r'"[^"]{3,}"|\u201c[^\u201d]{3,}\u201d')
_RESPONSES = re.compile(r"\brespon|\bchain(?:ed)? to\b|\bin response\b", re.IGNORECASE)
_QUOTED = re.compile("\ue002(\\d+)\ue002")


@dataclass
class Frame:
    """A question read by its frame: its family, card, what of the card is asked, and how."""

    family: str
    card: str
    asked: str                       # the sentence(s) that ask, as written
    cue: str                         # the words that say what is asked
    subject: str = "effect"          # "effect", "summon" or "activation"
    summon: str = ""                 # the Summon's kind ("Special Summon", "Link Summon")
    where: str = ""                  # where it is Summoned from (" from the hand"), when said
    described: list[str] = field(default_factory=list)   # words grounded in the effect's text
    told: list[str] = field(default_factory=list)   # words the story says of the card (when
    # the asked sentences say none): they choose among its effects when some fit them all
    alternative: str = ""            # the other answer offered (set aside)
    quoted: list[str] = field(default_factory=list)   # quotations of the card's text
    responds: bool = False           # a tail asks whether a response can be made too
    pointer: bool = False            # the asked sentences name no card ("does that target?")
    action: str = ""                 # the action asked about ("discarding": is it a cost?)
    polarity: str = "still"          # "still" (the family's question) or "back" (its opposite)
    premise: str = ""                # what the question needs told first ("negated")
    story: str = ""                  # the sentences before (set aside)


@lru_cache(maxsize=1)
def vocabulary() -> dict:
    data = safe_load(FRAMES_PATH.read_text(encoding="utf-8")) or {}
    lx = lexicon()
    discourse = set()
    for key in ("discourse", "openers", "tags", "hedges"):
        for phrase in lx.get(key) or ():
            discourse.add(str(phrase).lower())
    summons = {}
    for kind, words in (data.get("summons") or {}).items():
        for w in words:
            summons[str(w).lower()] = kind
    from .parser.clauses.model import data as clause_words

    cw = clause_words()
    describes = {str(w).lower() for w in data.get("describes") or ()}
    describes |= {str(v).lower() for v in cw.get("verbs") or () if " " not in str(v)}
    describes |= {str(w).lower() for w in cw.get("effect_words") or () if " " not in str(w)}
    describes |= {str(w).lower() for w in cw.get("places") or () if " " not in str(w)}
    describes |= {str(w).lower() for w in lx.get("grounding") or ()}
    describes -= {str(w).lower() for w in data.get("describes_not") or ()}
    return {
        "story_verbs": {str(w).lower() for w in data.get("story_verbs") or ()},
        "actions": {str(k).lower(): str(v) for k, v in (data.get("actions") or {}).items()},
        "pair_verbs": {str(k).lower(): str(v) for k, v in (data.get("pair_verbs") or {}).items()},
        "owners_opponent": {str(w).lower() for w in data.get("owners_opponent") or ()},
        "premises": {str(k): {str(w).lower() for w in v} for k, v in
                     (data.get("premises") or {}).items()},
        "cost_questions": {str(k): {str(p): str(q) for p, q in v.items()} for k, v in
                           (data.get("cost_questions") or {}).items()},
        "changes_card": {str(w).lower() for w in data.get("changes_card") or ()},
        "describes": describes,
        "asks": {str(w).lower() for w in data.get("asks") or ()},
        "pointers": {str(w).lower() for w in data.get("pointers") or ()},
        "players": {str(w).lower() for w in data.get("players") or ()},
        "effect_nouns": {str(w).lower() for w in data.get("effect_nouns") or ()},
        "blocking": {str(w).lower() for w in data.get("blocking") or ()},
        "alternatives": {str(w).lower() for w in data.get("alternatives") or ()},
        "summons": summons,
        "discourse": discourse,
    }


def _describes(word: str, describes: set[str]) -> bool:
    """May ``word`` say what an effect does (in any of its forms: "searches", "banishing")?"""
    return bool(_forms(word) & describes)


def _frames(families: dict) -> list[tuple[str, dict, re.Pattern, str]]:
    """(family, its frame, the pattern of its cues, their polarity): ``cues`` ask the family's
    question, ``cues_back`` its opposite ("does it come back?" of "is it still done?")."""
    out = []
    for name, fam in families.items():
        frame = getattr(fam, "frame", None) or {}
        for key, polarity in (("cues", "still"), ("cues_back", "back")):
            cues = frame.get(key) or ()
            if cues:
                body = "|".join(f"(?:{c})" for c in sorted(cues, key=len, reverse=True))
                out.append((name, frame, re.compile(rf"(?<![\w'])(?:{body})(?![\w'])",
                                                    re.IGNORECASE), polarity))
    return out


def _sentences(masked: str) -> list[str]:
    return [s.strip() for s in _ENDS.split(masked) if s.strip()]


def _asked(parts: list[str]) -> tuple[list[str], list[str]]:
    """(the story, the sentences that ask): those from the first with a question mark to the
    last with one, else the last sentence.  What is told after them ("... a chain link right?
    opp said it's just passive") is story too: it names no card (else they all ask)."""
    asking = [k for k, p in enumerate(parts) if "?" in p]
    if not asking:
        return parts[:-1], parts[-1:]
    first, last = asking[0], asking[-1]
    after = parts[last + 1:]
    if any(_MASKED.search(p) for p in after):
        return parts[:first], parts[first:]
    return parts[:first] + after, parts[first:last + 1]


def _lemmas_of(word: str) -> set[str]:
    """The word's lemmas (the lemma dictionary's); for a game word it does not know
    ("tributed"), the bases its regular endings leave, to look up in the closed lists."""
    from .lemmas import all_lemmas

    return {f for fs in all_lemmas(word).values() for f in fs}


def _forms(word: str) -> set[str]:
    out = {word} | _lemmas_of(word)
    for suffix in ("ing", "ed", "es", "s", "d"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            base = word[:-len(suffix)]
            out |= {base, base + "e"}
    return out


def _english(word: str) -> bool:
    """A word of English (the lemma dictionary knows it): an invented word is never one."""
    return bool(_lemmas_of(word))


def _changes_card(word: str, voc: dict) -> bool:
    """Does the word say what a card is changed into (frames.yaml ``changes_card``: "gains",
    "treated", ...)?"""
    return bool(_forms(word) & voc["changes_card"])


def _placed(part: str, voc: dict) -> bool:
    """Is each word of a story sentence placed (frames.yaml ``story_verbs``, the frame words,
    discourse, a number, a word that may describe an effect)?"""
    words = [w.lower() for w in _WORD.findall(_QUOTED.sub(" ", _MASKED.sub(" ", part)))]
    plain = voc["asks"] | voc["pointers"] | voc["players"] | voc["effect_nouns"] | \
        voc["story_verbs"] | set(voc["summons"]) | _GLUE
    k = 0
    while k < len(words):
        n = _phrases(words, voc["discourse"], k) or _phrases(words, voc["summons"], k)
        if n:
            k += n
            continue
        w = words[k]
        if _changes_card(w, voc) or not (
                w in plain or w.isdigit() or w in ",:;-–—()'\"?!.’" or
                _describes(w, voc["describes"]) or _english(w)):
            return False
        k += 1
    return True


def _phrases(words: list[str], table: dict | set, start: int) -> int:
    """How many words from ``start`` make a phrase of ``table`` (the longest), or 0."""
    for n in (4, 3, 2, 1):
        if start + n <= len(words) and " ".join(words[start:start + n]) in table:
            return n
    return 0


def read_frame(text: str, spans: list[tuple[int, int, str]], families: dict) -> Frame | None:
    """``text`` (the question as the lexicon read it), ``spans`` its card names (start, end,
    card): its frame, or None when it has none (see the module's docstring).  English only: the
    words said of the effect are returned to be grounded in the card's text by the caller."""
    voc = vocabulary()
    names, written = [], []
    masked, last = [], 0
    for s, e, card in sorted(spans):
        if s < last:
            return None
        masked.append(text[last:s])
        masked.append(_MASK.format(len(names)))
        names.append(card)
        written.append(text[s:e])
        last = e
    masked.append(text[last:])
    whole = "".join(masked)
    quotes = [q.group()[1:-1] for q in _QUOTE.finditer(whole)]
    if any(_MASKED.search(q) for q in quotes):
        return None
    whole = _QUOTE.sub(lambda q: f"\ue002{quotes.index(q.group()[1:-1])}\ue002", whole)
    parts = _sentences(whole)
    story, asked = _asked(parts)
    after_story = [p for p in story if parts.index(p) > parts.index(asked[-1])]
    said = " ".join(asked)
    cards_asked = {names[int(k)] for k in _MASKED.findall(said)}
    cards_all = set(names)
    if len(cards_asked) > 1 or not cards_asked and len(cards_all) != 1:
        return None
    card = next(iter(cards_asked or cards_all))
    found = [(name, frame, m) for name, frame, rx, _p in _frames(families)
             for m in rx.finditer(said)]
    if not found or len({name for name, _f, _m in found}) != 1:
        return None
    family, frame = found[0][0], found[0][1]
    polarities = {p for name, _f, rx, p in _frames(families) if name == family and
                  rx.search(said)}
    if len(polarities) != 1:
        return None
    polarity = polarities.pop()
    premise = _premise_told(frame, whole, voc)
    if premise is None:
        return None
    # the other answer offered ("... or does it just happen?"): its words are those of
    # ``alternatives`` only, and it names no card
    alternative = ""
    m = re.search(r"(?:,\s*|\s)or\s+(?P<alt>[^?]*)\??\s*$", said, re.IGNORECASE)
    if m and not _MASKED.search(m.group("alt")) and \
            all(w.lower() in voc["alternatives"] | voc["discourse"] | voc["players"]
                for w in _WORD.findall(m.group("alt"))) and m.start() >= found[-1][2].end():
        alternative = m.group(0).strip(" ,?")
        said_core = said[:m.start()] + said[m.end():]
    else:
        said_core = said
    cue_spans = [(m.start(), m.end()) for _n, _f, m in found if m.end() <= len(said_core)]
    if not cue_spans:
        return None
    # after the cue only discourse: an object ("... target my monster?", "... target itself?"),
    # a card or a purpose ("... so I can ...") may change what is asked
    after = said_core[cue_spans[-1][1]:]
    responds = False
    for tail_rx in frame.get("tails") or ():
        t = re.match(rf"\s*(?:{tail_rx})(?![\w'])", after, re.IGNORECASE)
        if t:
            after, responds = after[t.end():], True
            break
    if _MASKED.search(after):
        return None
    tail = [w.lower() for w in _WORD.findall(_QUOTED.sub(" ", after))]
    k = 0
    while k < len(tail):
        n = _phrases(tail, voc["discourse"], k)
        if not n and tail[k] not in "?!.,":
            return None
        k += n or 1
    rest = said_core[:cue_spans[-1][1]]
    for s, e in sorted(cue_spans, reverse=True):
        rest = rest[:s] + " " + rest[e:]
    rest = _QUOTED.sub(" ", _MASKED.sub(" ", rest))
    rest = _LP.sub(" lp ", rest)          # "the 1000 LP": LP (its number is the card's)
    words = [w.lower() for w in _WORD.findall(rest)]
    if len(words) > MAX_WORDS:
        return None
    summon, subject, described = "", "effect", []
    allowed = _premise_words(premise, said, voc)
    own_words = set(frame.get("words") or ())      # the words the family's frame places
    k = 0
    while k < len(words):
        w = words[k]
        if w in allowed:
            k += 1
            continue
        if w in voc["blocking"] or w.isdigit():
            return None
        n = _phrases(words, voc["discourse"], k)
        if n:
            k += n
            continue
        n = _phrases(words, voc["summons"], k)
        if n:
            kind = voc["summons"][" ".join(words[k:k + n])]
            if summon and kind not in ("any", summon):
                return None
            summon = kind if kind != "any" or not summon else summon
            subject = "summon"
            k += n
            continue
        if w in ("activating", "activation", "activate", "activated"):
            subject = "activation" if subject == "effect" else subject
            k += 1
            continue
        if w in voc["asks"] | voc["pointers"] | voc["players"] | voc["effect_nouns"] or \
                w in ",:;-–—()'\"?!.’" or w in _GLUE or w in own_words:
            k += 1
            continue
        if not _describes(w, voc["describes"]):
            return None
        described.append(w)
        k += 1
    action = ""
    if "{action}" in frame.get("ask", "") or premise:
        # "is the discard a cost?", "is the card I banished still banished?": the one action
        # asked about, said in any form
        cue_words = [w.lower() for _n, _f, m in found for w in _WORD.findall(m.group())]
        done = {voc["actions"][lem] for w in described + cue_words
                for lem in _forms(w) if lem in voc["actions"]}
        if len(done) != 1:
            return None
        action = done.pop()
        described = [w for w in described if not _forms(w) & set(voc["actions"])]
        if subject != "effect":
            return None
    where = ""
    if subject == "summon" and described and all(w in _SUMMONED_FROM for w in described) and \
            len({_SUMMONED_FROM[w] for w in described}) == 1:
        where = f" from {_SUMMONED_FROM[described[0]]}"      # "its summon from hand"
        described = []
    if subject == "summon" and described:
        return None              # how it is Summoned is the story's (never read here)
    if subject == "summon" and not frame.get("ask_summon") or \
            subject == "activation" and described:
        return None
    kind = {"any": "Special", "": "Special"}.get(summon, summon.capitalize())

    if any(not re.search(r"[a-z]", p, re.IGNORECASE) and not _MASKED.search(p) for p in story):
        return None                  # a sentence of no word: nothing to set aside
    if frame.get("story") == "none" and story:
        return None              # the question is of what happened: no story is set aside
    if frame.get("story") == "card-free" and any(
            _MASKED.search(p) or {w.lower() for w in _WORD.findall(p)} & _POINTING
            for p in story):
        # what happened to the card may decide this question ("I Set it this turn"): a story
        # that names a card or points at one is never set aside here
        return None
    for part in story:
        # a sentence about the card asked of (or told after the question) is set aside only
        # when each of its words is placed
        if any(names[int(k)] == card for k in _MASKED.findall(part)) or part in after_story:
            if not _placed(part, voc):
                return None
    told = []
    if subject == "effect" and not described and not cards_asked:
        # "X's negate thing, is that a quick effect?": what the story says of the card
        for part in story:
            if any(names[int(k)] == card for k in _MASKED.findall(part)):
                told += [w.lower() for w in _WORD.findall(_QUOTED.sub(" ", _MASKED.sub(" ", part)))
                         if w.lower() not in voc["blocking"] and _describes(w.lower(), voc["describes"])]

    def unmasked(part: str) -> str:
        part = _QUOTED.sub(lambda q: f'"{quotes[int(q.group(1))]}"', part)
        return _MASKED.sub(lambda m: written[int(m.group(1))], part).strip()

    return Frame(family, card, unmasked(" ".join(asked)),
                 unmasked(" / ".join(m.group() for _n, _f, m in found)), subject=subject,
                 summon=f"{kind} Summon" if subject == "summon" else "", described=described,
                 where=where,
                 told=told, alternative=unmasked(alternative), story=unmasked(" ".join(story)),
                 quoted=quotes, responds=responds, pointer=not cards_asked, action=action,
                 polarity=polarity, premise=premise)


def questions_of(frame: Frame, db, families: dict) -> list[str] | None:
    """The canonical question(s) the frame asks: one per effect its described words fit (the
    answer must then be the same for each), or None when no effect fits them."""
    fam = families[frame.family]
    spec = getattr(fam, "frame", None) or {}
    card = db.get(frame.card)
    if card is None:
        return None
    if frame.responds and _RESPONSES.search(" ".join(filter(None, (card.text, getattr(
            card, "pendulum_text", None))))):
        # "... that they can respond to?" asks whether a response can be made: a text that
        # speaks of responses may forbid them (whatever starts a Chain)
        return None
    if frame.premise:
        # "{effect} was negated. Is the card I discarded still in my GY?": the effects whose
        # text does the action (each must agree)
        said = vocabulary()["cost_questions"].get(frame.action, {}).get(frame.polarity)
        if not said:
            return None
        from .reader.reader import read_card as _read
        from .situate.refs import grounded_in_text as _grounded

        verb = frame.action.split()[0]
        lemma = next((k for k, v in vocabulary()["actions"].items() if v == frame.action), verb)
        fits = [e for e in _read(card).effects if e.n in _ORDINAL and
                (_grounded(lemma, e.text) or _grounded(verb, e.text))]
        if frame.described:
            fits = [e for e in fits if _grounded(" ".join(frame.described), e.text)]
        if not fits:
            return None
        return [spec["ask"].format(effect=f"The {_ORDINAL[e.n]} effect of {frame.card}",
                                   question=said) for e in fits]
    if not spec.get("ask"):
        # a question of the card as a whole ("Can I activate X during the Damage Step?")
        if frame.described or frame.subject == "summon":
            return None
        return [spec["ask_card"].format(card=frame.card)]
    if frame.action:
        if not frame.described and spec.get("ask_card"):
            # the effect is the one whose cost has the action (the reading finds it)
            return [spec["ask_card"].format(action=frame.action, card=frame.card)]
    if frame.subject == "summon":
        return [spec["ask_summon"].format(summon=frame.summon, card=frame.card + frame.where)]
    if frame.subject == "activation":
        if not spec.get("ask_activation"):
            return None
        return [spec["ask_activation"].format(card=frame.card)]
    from .reader.reader import read_card
    from .situate.refs import grounded_in_text

    effects = [e for e in read_card(card).effects if e.n in _ORDINAL]
    if not effects:
        return None
    fits = [e for e in effects
            if not frame.described or grounded_in_text(" ".join(frame.described), e.text)]
    if frame.quoted:
        # a quotation is of the effect whose text says its words (every effect else: agreed)
        said = [e for e in fits if all(grounded_in_text(_quote_words(q), e.text)
                                       for q in frame.quoted if _quote_words(q))]
        if frame.subject == "effect" and said:
            fits = said
    if not fits:
        return None
    if frame.told:
        # the effects the story's words fit, when some do (else each effect is asked)
        fits = [e for e in fits if grounded_in_text(" ".join(frame.told), e.text)] or fits
    if len(fits) > 1 and frame.pointer and not frame.described:
        # "X. Does it target?": which of its effects "it" is, nothing says
        return None
    return [spec["ask"].format(effect=f"the {_ORDINAL[e.n]} effect of {frame.card}",
                               action=frame.action) for e in fits]


def _mask(text: str, spans: list[tuple[int, int, str]]) -> str:
    masked, last = [], 0
    for k, (s, e, _card) in enumerate(sorted(spans)):
        masked += [text[last:s], _MASK.format(k)]
        last = max(last, e)
    masked.append(text[last:])
    return "".join(masked)


def _story_cards(text: str, spans: list[tuple[int, int, str]], frame: Frame) -> set[str]:
    """The cards named before the sentences that ask."""
    ordered = sorted(spans)
    story = _asked(_sentences(_mask(text, spans)))[0]
    return {ordered[int(k)][2] for part in story for k in _MASKED.findall(part)}


def _quote_words(quote: str) -> str:
    return " ".join(w for w in re.findall(r"[a-z]+", quote.lower()) if len(w) >= 2)


def changes_of(frame: Frame, asked: str) -> list[Change]:
    """What the restatement says of the reading: the question read by its frame, the other
    answer and the story set aside."""
    out = [Change("frame", frame.asked, asked)]
    if frame.alternative:
        out.append(Change("alternative", frame.alternative))
    if frame.story:
        out.append(Change("story-aside", frame.story, frame.family))
    return out


# the words that may open the clause telling a premise ("if X gets negated, ...")
_PREMISE_OPENERS = frozenset(("if", "when", "once", "after", "since", "because"))


def _premise_words(premise: str, said: str, voc: dict) -> set[str]:
    """The blocking words a premise told in the asked sentences allows there: its own words
    and the conjunction that opens its clause."""
    if not premise:
        return set()
    words = {w.lower() for w in _WORD.findall(said)}
    own = voc["premises"].get(premise, set())
    return (own | _PREMISE_OPENERS) if words & own else set()


def _premise_told(frame: dict, whole: str, voc: dict) -> str | None:
    """The premise a frame needs (``premise:``), when the question tells it ("negated": a word
    of negation anywhere in it): "" for a frame with none, None when it is not told."""
    premise = frame.get("premise") or ""
    if not premise:
        return ""
    words = {w.lower() for w in _WORD.findall(_MASKED.sub(" ", whole))}
    return premise if words & voc["premises"].get(premise, set()) else None


def _name_end(text: str, start: int, end: int, card: str) -> int:
    """Where a name ends without the sentence's punctuation found with it ("... Dragon.")."""
    while end > start and text[end - 1] in ".,:;!?" and not card.endswith(text[end - 1]):
        end -= 1
    return end


def _blocked_as_written(written: str, relexed: Relexed, db, families: dict,
                        frame: Frame) -> bool:
    """Do the sentences that ask, as written, hold a word that may change what is asked (other
    than in what the lexicon set aside as discourse, or in the other answer offered)?"""
    from .rereading import mentions

    voc = vocabulary()
    said = " ".join(_asked(_sentences(_QUOTE.sub(" ", _mask(
        written, [(m.start, _name_end(written, m.start, m.end, m.card), m.card)
                  for m in mentions(written, db, families)]))))[1])
    for c in relexed.changes:
        if c.kind == "set-aside" and c.written:
            said = re.sub(re.escape(c.written), " ", said, count=1, flags=re.IGNORECASE)
    m = re.search(r"(?:,\s*|\s)or\s+(?P<alt>[^?]*)\??\s*$", said, re.IGNORECASE)
    if m and all(w.lower() in voc["alternatives"] | voc["discourse"] | voc["players"]
                 for w in _WORD.findall(m.group("alt"))):
        said = said[:m.start()]
    for _name, _f, rx, _p in _frames(families):
        if _name == frame.family:
            said = rx.sub(" ", said)          # the cue itself ("... still sent ...") is the frame's
    allowed = _premise_words(frame.premise, said, voc)
    return any(w.lower() in voc["blocking"] - allowed
               for w in _WORD.findall(_MASKED.sub(" ", said)))


def by_frame(relexed: Relexed, written: str, db, families: dict):
    """The question read by its frame (``relexed``: as the lexicon read it; ``written``: as
    written): (its canonical questions, the reading to show), or None.  The caller reads each
    canonical question and answers only when they agree."""
    from .rereading import mentions

    text = relexed.text
    if len(text) > MAX_CHARS or len(written) > MAX_CHARS or _UNREADABLE.search(written):
        return None
    voc = vocabulary()
    # a name written in lower case that is a discourse word ("judge question.") is the word
    spans = [(m.start, _name_end(text, m.start, m.end, m.card), m.card)
             for m in mentions(text, db, families)
             if not (text[m.start:m.end].islower()
                     and text[m.start:m.end].strip(".,:;!?") in voc["discourse"])]
    frame = read_frame(text, spans, families)
    if frame is None:
        from .frame_pairs import read_pair

        pair = read_pair(text, spans, families, db)
        if pair is None:
            return None
        question, frame = pair
        return [question], Relexed(question, list(relexed.changes) + changes_of(frame, question))
    if _blocked_as_written(written, relexed, db, families, frame):
        # a word that may change what is asked, as the question was written (the lexicon may
        # have told "... start a Chain if X?" as "X. ...?": what is supposed is never a story)
        return None
    if frame.story:
        if frame.subject == "summon" and _story_cards(text, spans, frame) - {frame.card}:
            # "I Summon it with Monster Reborn. Does its Summon start a Chain?": the Summon
            # told may not be the one the card's text does
            return None
    asked = questions_of(frame, db, families)
    if not asked:
        return None
    out = Relexed(asked[0], list(relexed.changes) + changes_of(frame, asked[0]))
    if len(asked) > 1:
        out.changes.append(Change("every-effect", frame.asked, frame.card))
    return asked, out


def guesses(text: str, spans: list[tuple[int, int, str]], families: dict) -> list[str]:
    """The canonical questions a frame would ask of ``text`` read loosely (for the nearest
    questions of a refusal, never for an answer): each family whose cue the text has, asked of
    each card it names (those of the sentences that ask first), in the text's order."""
    voc = vocabulary()
    # a name inside a longer one found too ("Fissure" in "Dimensional Fissure") is the longer's
    spans = [sp for sp in spans if not any(o != sp and o[0] <= sp[0] and sp[1] <= o[1]
                                           for o in spans)]
    masked = _mask(text, spans)
    story, asked = _asked(_sentences(masked))
    ordered = sorted(spans)
    cards = []
    for part in asked + story:
        for k in _MASKED.findall(part):
            if ordered[int(k)][2] not in cards:
                cards.append(ordered[int(k)][2])
    words = [w.lower() for w in _WORD.findall(_MASKED.sub(" ", masked))]
    actions = [voc["actions"][f] for w in words for f in sorted(_forms(w)) if f in voc["actions"]]
    summoned = any(w in voc["summons"] for w in words)
    out: list[str] = []
    seen = set()
    for name, frame, rx, _polarity in _frames(families):
        if name in seen or not rx.search(_MASKED.sub(" ", masked)) or frame.get("premise"):
            continue
        seen.add(name)
        for card in cards[:2]:
            if frame.get("ask_summon") and summoned:
                out.append(frame["ask_summon"].format(summon="Special Summon", card=card))
            if "{action}" in (frame.get("ask_card") or frame.get("ask") or ""):
                if actions and frame.get("ask_card"):
                    out.append(frame["ask_card"].format(action=actions[0], card=card))
            elif frame.get("ask_card"):
                out.append(frame["ask_card"].format(card=card))
            elif frame.get("ask"):
                out.append(frame["ask"].format(effect=card, action=""))
    return list(dict.fromkeys(out))
