"""A target told changed before its effect resolved, read by its frame: "X targets their monster,
they Book of Moon it in response. still banished?", "avarice on 5 in my gy, opp banishes 1 of
them. do the other 4 still get shuffled?".

Unlike the other frames, the story here decides the answer, so it is read, never set aside.  Each
clause of it (a sentence, or a part of one between commas, ";", "and", "then", "so") must be one
of: the card used on what it targets; what was done to a target (flipped face-down, flipped
face-up, or gone from where it was), or the card that did it, whose own text says which; a
response told without what it did ("they chain X"); a Set card told to stay face-up; discourse.
Each word of a clause must be placed by ``parser/frames.yaml`` (``targeted``, and the players,
pointers and discourse of the other frames), or be a word of the card's own text where the clause
says what it targets.  The question is one action of the card ("still banished?", "does the
other one still get shuffled and do I draw?"), asked of its target, or of the others when one of
several changed.

The reading is a question of the grammar's families, built here as the grammar builds it: each
part asked that does its action to the target is ``affected`` (does it still apply to the
target?), any other ``clause-done`` (is it done?), with what was told as suppositions (the card
targeted, what became of it).  English only, and the card's text: it names no card.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..parser.lexicon import Relexed
from .story import (
    _DETERMINERS, _MARKS, _PUNCT, _card_words, _clauses, _fits, _left, _tokens, asked_of_each,
    words)
from .words import (
    _GLUE, _MASK, _QUOTE, _asked, _forms, _named, _phrases, _sentences,
    vocabulary)

MAX_WORDS = 90

# "X's target is ...", "X's 2 targets get ...": the card used on its target(s), told with what
# became of them (never the opponent's card: whose the parts asked are is not read here)
_TARGET_OF = re.compile(r"(?<!their )(?<!his )(?<!her )(?<!opp's )(?<!opponent's )"
                        r"(?P<card>\ue001\d+\ue001)'s (?:(?P<n>2|3|two|three|both) )?targets? "
                        r"(?:card |monster )?(?P<verb>is|are|gets|get|got|was|were)\b",
                        re.IGNORECASE)
# the actions that change what a monster is (its ATK/DEF, Level, name)
_STAT_VERBS = frozenset(("become", "halve", "gain", "lose", "double"))
# a clause that only says when the card was used ("during my opponent's End Phase")
_PHASE_WORDS = frozenset(("draw", "standby", "main", "battle", "end", "phase", "damage", "step",
                          "turn", "mp1", "mp2", "bp", "ep", "sp", "dp"))
_WHEN_WORDS = frozenset(("during", "in", "on", "at", "the", "1", "2", "it", "is", "it's", "its",
                         "was", "own", "this", "that", "same", "start", "of"))
# the words that say which of several targets changed
_ONE = frozenset(("one", "1"))
_OTHER = frozenset(("other", "others", "remaining"))
# a concession that says again what was told ("even though it's face-down now")
_CONCEDE = frozenset(("even", "though", "tho", "although", "if", "its", "it's", "it", "is",
                      "the", "target", "now", "no", "longer", "not", "anymore", "set", "there",
                      "on", "field", "in", "gy", "gone", "face-down", "face-up", "card",
                      "monster", "they", "are", "was", "because"))
# "does it fizzle?": whether it does nothing, the question asked the other way round
_FIZZLE = frozenset(("fizzle", "fizzles", "fizzled", "fail", "fails", "failed", "nothing"))
_FIZZLE_WITH = frozenset(("completely", "entirely", "totally", "whole", "now", "just", "so",
                          "do", "does"))
# a question that tells what it supposes first ("if ..., does it ...?")
_PREMISE = re.compile(r"\s*(?:if|when|once|suppose)\s+(?P<told>[^?]+?),\s*(?P<asked>(?:does|do|is|are|"
                      r"will|would|did|can)\b[^?]*\??)\s*$", re.IGNORECASE)
# the words that say the card used now resolves ("CL1 X resolves")
_RESOLVING = frozenset(("resolves", "resolve", "resolved", "resolving", "then", "now", "finally",
                        "when", "and", "chain", "link", "cl1", "1"))
# the kinds of Spell/Trap that stay on the field after they resolve
_STAYS = frozenset(("continuous", "field", "equip"))
# the nouns that name a card: said without a pointer, another card than the target
_NOUNS = frozenset(("card", "cards", "monster", "monsters", "spell", "spells", "trap", "traps",
                    "s/t", "s/ts", "backrow", "thing", "guy", "mon", "mons", "copy"))
# the words of a target phrase that say nothing of which card it is
_COMMON_TARGET_WORDS = frozenset(("monster", "monsters", "card", "cards", "on", "the", "field",
                                  "your", "opponent", "opponents", "you", "control", "controls",
                                  "face-up", "face-down", "in", "gy", "graveyard", "spell", "trap",
                                  "spells", "traps", "set", "either", "any", "that", "this",
                                  "up", "to", "of", "or", "and", "a", "an", "player", "number",
                                  "other", "level", "lower", "higher", "with", "from", "each"))
# the places a target may be said in ("the one in my GY", "my monster on the field")
_PLACES = {"gy": "gy", "graveyard": "gy", "grave": "gy", "field": "field", "banished": "banished",
           "banishment": "banished", "hand": "hand", "deck": "deck"}
_OWNERS = frozenset(("my", "mine", "their", "opp's", "opponent's", "his", "her", "opp", "opponent"))
# the words that point at a card told before: a clause with one tells what was done to it
_POINTING_AT = frozenset(("it", "them", "those", "one", "1"))
# the verbs that say a card was turned face-up or face-down (not how a target was described)
_FLIPS = frozenset(("flip", "flips", "flipped", "goes", "go", "went", "gone", "turn", "turns",
                    "turned", "change", "changes", "changed", "becomes", "become", "became",
                    "sets", "now", "ends"))
# "it was X", "it turns out to be X": what a Set card was
_REVEALED = frozenset(("it", "was", "is", "it's", "its", "turns", "turned", "out", "to", "be",
                       "a", "an", "which", "actually"))
_CONCEDE_SAYS = {"face-down": {"face-down"}, "face-up": {"face-up", "set"},
                 "left": {"gone", "there", "field", "gy"}}


@dataclass
class Told:
    """What the story and the question said: the card, what became of its target(s), what is
    asked of which."""

    card: str
    change: str = ""                 # "face-down", "face-up", "position" (that only) or "left"
    position: str = ""               # the battle position it was changed to ("defense", "attack")
    which: str = ""                  # "target" (its target), "one" (one of several)
    asked: list[str] = field(default_factory=list)   # the actions asked (the reader's verbs)
    of: str = "target"               # "target" or "other": what the question asks about
    set_target: bool = False         # the target was told a Set card
    face_up_target: bool = False     # the target was told face-up
    owner: str = ""                  # whose target changed, when said ("my target": "me")
    activator: str = ""              # who used the card, when said ("my opponent activates X")
    place: str = ""                  # where the target that changed was, when said ("in my GY")
    numbers: list[str] = field(default_factory=list)   # the numbers the question says
    inverted: bool = False           # asked the other way round ("does it fizzle?")
    how_many: list[int] = field(default_factory=list)   # how many targets the story says
    others: int | None = None        # "the other 4": how many the question asks of
    said: list[str] = field(default_factory=list)    # the clauses read, as written


def _slot_held(reading, eid: str, owner: str) -> int | None:
    """The one target group of ``eid`` whose cards ``owner`` ("me" or "opponent") controls: the
    one its text says so, or of two groups the one that is not the other player's ("1 card in
    your Pendulum Zone and 1 Set card your opponent controls")."""
    conds = {"me": ("you-control", "opponent-controls"), "opponent": ("opponent-controls",
                                                                      "you-control")}.get(owner)
    if conds is None:
        return None

    def held(cond: str) -> set:
        return {f.get("slot") for f in reading.facts if f.type == "target_condition"
                and f.get("effect") == eid and f.get("condition") == cond and f.get("value") == "yes"}

    own, other = held(conds[0]), held(conds[1])
    if len(own) == 1 and not own & other:
        return next(iter(own))
    slots = {f.get("slot") for f in reading.facts if f.type == "target" and f.get("effect") == eid}
    if not own and len(other) == 1 and len(slots) == 2:
        return next(iter(slots - other))
    return None


def others_only(cards: set[int], names: list[str], card_name: str) -> bool:
    return bool(cards) and all(names[n] != card_name for n in cards)


# "does it still get ...": what a part gives the target, said by the words of its text
_GETS = frozenset(("get", "gets", "got", "receive", "receives"))


def _part_said(plain: list[str], card, w: dict, voc: dict) -> str | None:
    """The verb of the one part of the card's targeting effects whose text says every word the
    question adds to "does it still get" (past the frame's own words), or None."""
    from ..reader import read_card

    said = [t for t in plain if t not in w["asks"] | _GETS | voc["players"] | voc["pointers"] |
            _GLUE | _PUNCT | w["things"] and not t.isdigit()]
    if not said:
        return None
    reading = read_card(card)
    targeting = {f.get("effect") for f in reading.facts if f.type == "target"}
    fit = set()
    for f in reading.facts:
        if f.type != "clause" or f.get("effect") not in targeting or f.source is None:
            continue
        words = {x for t in _card_words(f.source.quote or "") for x in _forms(t)}
        if all(_forms(t) & words for t in said):
            fit.add(f.get("verb"))
    return fit.pop() if len(fit) == 1 else None


def _position_said(plain: list[str], w: dict) -> str:
    """The battle position a clause says a card was changed to ("switch it to defense", "to
    face-up Defense Position", "into atk pos"), or "" (a position word said of no change, "their
    attack position monster", is how a target was described)."""
    said = set()
    for k, t in enumerate(plain):
        if t not in w["position"] or not k:
            continue
        before, after = plain[k - 1], plain[k + 1] if k + 1 < len(plain) else ""
        # ("to attack" is a verb: an attack position is said with "position" or a face word)
        if before in ("face-up", "face-down") or before in ("to", "into") and (
                after in ("position", "pos") or w["position"][t] == "defense"):
            said.add(w["position"][t])
    return said.pop() if len(said) == 1 else ""


def _change_by(card, db) -> str:
    """What a card told as the response, without what it did, does to its target, by its text:
    "face-down", "left", or "" when its text does not say one thing."""
    from ..reader.reader import read_card

    if card is None:
        return ""
    reading = read_card(card)
    verbs = {f.get("verb") for f in reading.facts if f.type == "clause"}
    text = (card.text or "").lower()
    if "face-down" in text and "change" in text and not verbs & {"destroy", "banish", "return",
                                                                   "send", "shuffle"}:
        return "face-down"
    moved = verbs & {"destroy", "banish", "return", "send", "shuffle", "tribute"}
    if moved and not {"face-down"} & _card_words(text) and \
            any(f.type == "target" for f in reading.facts):
        return "left"
    return ""


def _why_then(toks: list[str], card: int, plain: list[str], w: dict, voc: dict,
              own: set[str]) -> bool:
    """The clause that uses the card, its words before the card said in any English that does
    not say what happened ("I was trying to dodge with X"): no word that blocks a frame, moves
    or turns a card, or changes what a card is; the words after it placed as usual."""
    from .words import _changes_card, _english

    mask = _MASK.format(card)
    if mask not in toks:
        return False
    cut = toks.index(mask)
    before = [t for t in toks[:cut] if not t.startswith("\ue001")]
    after = [t for t in toks[cut + 1:] if not t.startswith(("\ue001", "\ue002"))]
    if not _fits(after, w["uses"] | w["things"], voc, own):
        return False
    return all(t in _PUNCT or t in voc["players"] | voc["pointers"] | _GLUE or
               (_english(t) and t not in voc["blocking"] and not _changes_card(t, voc) and
                not _forms(t) & (w["left"] | {"negate", "flip", "set"}) and t not in w["face"])
               for t in before)


def _text_runs(plain: list[str], text: str) -> set[int]:
    """Where ``plain`` says a run of 3 words or more as the card's text says them."""
    said = " " + " ".join(re.findall(r"[a-z0-9][a-z0-9\-/]*", text.lower())) + " "
    out, k = set(), 0
    while k < len(plain):
        n = next((n for n in range(len(plain) - k, 2, -1)
                  if f" {' '.join(plain[k:k + n])} " in said), 0)
        out |= set(range(k, k + n))
        k += max(n, 1)
    return out


def _consequence(plain: list[str], w: dict) -> bool:
    """"nothing is destroyed", "so it isn't banished": that nothing was done to the target, said
    after it was told gone (what the rules say of a gone target, said by the asker)."""
    words = [t for t in plain if t not in _PUNCT]
    if len(words) < 3:
        return False
    subject, verb = words[:-1], words[-1]
    return subject in (["nothing", "is"], ["nothing", "was"], ["nothing", "gets"],
                       ["nothing", "got"], ["it", "is", "not"], ["it", "isn't"],
                       ["it", "wasn't"], ["it", "was", "not"]) and \
        bool(_forms(verb) & w["left"] | _forms(verb) & {"summon", "negate", "return", "equip"})


def _own_action_said(story: list[str], first: int, card) -> bool:
    """Does the story tell X's target moved by an action X's own text does ("X's target is
    destroyed" of "Target 1 card; destroy it")?"""
    text = (card.text or "").lower()
    for sentence in story:
        for m in _TARGET_OF.finditer(sentence):
            if m.group("card") != _MASK.format(first):
                continue
            rest = sentence[m.end():].strip().lower().split()
            done = rest[0].strip(".,;:!?") if rest else ""
            stem = re.sub(r"(?:ed|d)$", "", done)
            if len(stem) >= 4 and re.search(rf"\b{re.escape(stem)}", text):
                return True
    return False


def _named_object(toks: list[str], others: list[int], w: dict) -> bool:
    """Is a card named in the clause (not the one used) the thing a change is done to: named,
    with whose card it is, after a word that moves a card ("they respond by destroying my Gagaga
    Magician"), never the card that does it ("they destroy it with Raigeki Break")?"""
    # (only moves: "they flip Mirror Force" is the Set card activated, the target itself)
    verbs = [k for k, t in enumerate(toks) if not t.startswith(("\ue001", "\ue002")) and
             _forms(t) & w["left"]]
    if not verbs:
        return False
    for n in others:
        mask = _MASK.format(n)
        if mask not in toks:
            continue
        at = toks.index(mask)
        # "... destroying my Gagaga Magician": whose card it is said before it, as a thing is
        if at > verbs[0] and at and toks[at - 1] in ("my", "their", "his", "her", "your", "opp's",
                                                     "opponent's"):
            return True
        # (hunt 125a) "they destroy Ring of Destruction with MST", "banishes Sangan from my GY
        # with D.D. Crow": the card named right after the verb is what it moves
        if at - 1 in verbs or at >= 2 and at - 2 in verbs and toks[at - 1] in ("the", "a", "an"):
            return True
    return False


def _target_said(toks: list[str], card: int) -> int | None:
    """Where, in a clause that tells the card used, what it targets begins: after "targeting",
    "on", "at" ...; or right after the card said as a verb ("i karma cut their monster"); None
    when the clause says no target."""
    marks = _MARKS
    for k, t in enumerate(toks):
        if t in marks:
            return k + 1
    mask = _MASK.format(card)
    if mask in toks:
        k = toks.index(mask)
        if k + 1 < len(toks) and toks[k + 1] in _OWNERS | {"the", "a", "an", "2", "3", "two"} \
                and k and toks[k - 1] in {"i", "they", "opp", "opponent", "he", "she", "we"}:
            return k + 1
    return None


_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}


def _numbered(plain: list[str]) -> list[tuple[int, int]]:
    """(where, the number) of each number said, in digits or words."""
    return [(k, int(t) if t.isdigit() else _NUMBER_WORDS[t]) for k, t in enumerate(plain)
            if t.isdigit() or t in _NUMBER_WORDS and t != "one"]


def _counts(plain: list[str]) -> list[int]:
    """How many cards a clause that says what is targeted says ("5 monsters", "2 of my")."""
    return [n for k, n in _numbered(plain)
            if k + 1 < len(plain) and (plain[k + 1] in ("of", "cards", "monsters", "targets",
                                                         "spells", "traps", "s/t", "backrow",
                                                         "banished", "set") or
                                       plain[k + 1].endswith("s"))]


def _target_places(card, db) -> set[str]:
    """Where the card's effects target ("gy", "banished", "field"; every place when a target
    condition says none)."""
    from ..reader.reader import read_card

    conds = {f.get("condition") for f in read_card(card).facts if f.type == "target_condition"}
    places = {p for c, p in (("in-gy", "gy"), ("banished", "banished"), ("on-field", "field"),
                             ("in-hand", "hand"), ("in-deck", "deck")) if c in conds}
    return places or set(_PLACES.values())


def _target_kinds(card, db) -> set[str]:
    """The kinds of card ("monster", "spell-trap") a card's effects target, by their text."""
    from ..reader.reader import read_card

    if card is None:
        return set()
    return {f.get("condition") for f in read_card(card).facts
            if f.type == "target_condition" and f.get("condition") in ("monster", "spell-trap")}


def _kinds_apart(card, responders: list, db) -> bool:
    """May what a responder did have been done to the card used rather than to its target: the
    responder targets another kind of card than the card's target ("they chain MST to destroy
    it" of a Spell that targets a monster), or the card's own kind too ("which card is 'it'":
    never guessed)?"""
    mine = _target_kinds(card, db)
    own = "monster" if (card.kind or "").lower() == "monster" else "spell-trap"
    for other in responders:
        theirs = _target_kinds(other, db)
        if theirs and (mine and not theirs & mine or own in theirs):
            return True
    return False


def read_told(text: str, spans: list[tuple[int, int, str]], db) -> Told | None:
    """``text`` as the lexicon read it, ``spans`` its card names: what it tells and asks, or
    None when a clause is none of this frame's (see the module's docstring)."""
    voc, w = vocabulary(), words()
    named = _named(text, spans)
    if named is None:
        return None
    ordered, names, whole = named
    quotes = [q.group()[1:-1] for q in _QUOTE.finditer(whole)]
    whole = _QUOTE.sub(lambda q: f"\ue002{quotes.index(q.group()[1:-1])}\ue002", whole)
    if len(_tokens(whole)) > MAX_WORDS:
        return None
    story, asked = _asked(_sentences(whole))
    if not story and len(asked) == 1:
        # "X on their monster, they chain Y on it. still destroyed?" said as one sentence
        cut = re.split(r"(?<=[.!])\s+|(?<=\.)(?=\s*\w+\?)", asked[0])
        if len(cut) > 1:
            story, asked = cut[:-1], cut[-1:]
    premise = _PREMISE.match(asked[-1]) if asked else None
    if premise:
        # "if one of the two targets of X is gone when it resolves, does it fail?": what is
        # supposed, told before the question
        story, asked = story + [premise.group("told")], asked[:-1] + [premise.group("asked")]
    # the card used: the first named whose text targets
    from ..reader.reader import read_card

    targeting = []
    for k, name in enumerate(names):
        card = db.get(name)
        if card is not None and any(f.type == "target" for f in read_card(card).facts):
            targeting.append(k)
    if not targeting:
        return None
    first = targeting[0]
    card_name = names[first]
    card = db.get(card_name)
    own_words = _card_words(" ".join(filter(None, (card.text, getattr(card, "pendulum_text", None)))))
    if any(q.lower() not in (card.text or "").lower() for q in quotes):
        return None                  # a quotation of another text: not this frame's
    written = [text[s:e].lower() for s, e, _c in ordered]
    if all(n == card_name for n in names) and story and \
            _tokens(story[0])[:1] == [_MASK.format(0)] and \
            _tokens(story[0])[1:2] in (["targets"], ["targeted"], ["is"], ["was"], ["resolves"],
                                       ["resolved"]) and not any(
            set(_tokens(sentence)) & (w["before_it_resolves"] | w["other_doers"])
            for sentence in story):
        # (hunt 39) "X targets a monster and banishes it. Is ... inflicted?": with no other card
        # and nothing said to happen before it resolves, what befell its target is its own part
        # done, not a change before it resolved
        return None
    if any(re.match(rf"\s*{re.escape(_MASK.format(first))} resolve[sd]? and \w+ (?:its|the|that) "
                    r"targets?\b", sentence, re.IGNORECASE) for sentence in story) or (
            not any(set(_tokens(sentence)) & (w["before_it_resolves"] | w["other_doers"])
                    for sentence in story) and _own_action_said(story, first, card)):
        # (hunt 66) "X resolves and destroys its target": X's own part done; "X's target is
        # destroyed" of an X that destroys its target, with nothing said to happen before it
        # resolves nor anyone else doing it: its own part done, or a change before it resolved;
        # which is not said
        return None
    # the words its text says what it targets with, past the common ones ("Target the attacking
    # monster": "attacking")
    target_words = set()
    for phrase in re.findall(r"\btarget\b([^;:.]*);", card.text or "", re.IGNORECASE):
        for word in re.findall(r"[a-z][a-z\-]+", phrase.lower()):
            if word not in _COMMON_TARGET_WORDS:
                target_words |= _forms(word)
    # a card named by a word of the card's own text ("2 naturia in my gy"): said of its target
    in_text = {k for k, wr in enumerate(written)
               if names[k] != card_name and wr.strip(" .,?!") in (card.text or "").lower()}
    told = Told(card_name)
    used = False
    kept = False
    revealed: set[int] = set()
    last_changed = False
    responders: list[int] = []          # the other cards told, in order
    described: set[str] = set()         # the words the target was said with
    target_cards: set[int] = set()      # the cards the target was said to be, by name
    target_said = False
    said_owners: set[str] = set()       # whose cards the targets were said to be
    told_owners = 0
    for sentence in story:
        # "X's target is banished before it resolves": X used on a target, then what became of it
        sentence = _TARGET_OF.sub(
            lambda m: (f"{m.group('card')} targets {m.group('n') or 'a'} card"
                       f"{'s' if m.group('n') else ''}, and "
                       f"{'they' if m.group('n') else 'it'} {m.group('verb')}")
            if m.group("card") == _MASK.format(first) else m.group(), sentence)
        for clause in _clauses(sentence):
            toks = _tokens(clause)
            if not toks:
                continue
            last_changed, was_changed = False, last_changed
            cards = {int(t[1:-1]) for t in toks if t.startswith("\ue001")}
            quoted = [t for t in toks if t.startswith("\ue002")]
            plain = [t for t in toks if not t.startswith(("\ue001", "\ue002"))]
            if all(t in _PUNCT for t in plain) and not cards and not quoted:
                continue
            if _fits(plain, set(), voc) and not cards and not quoted and \
                    not set(plain) & (w["left"] | set(w["face"])):
                continue                # discourse only
            mask = _MASK.format(first)
            if not used and mask in toks and toks.index(mask) >= 2 and \
                    toks[toks.index(mask) - 1] == "of" and \
                    toks[toks.index(mask) - 2] in ("target", "targets"):
                # "one of the two targets of X is gone": X used, its targets said
                at = toks.index(mask)
                toks = toks[:at - 1] + toks[at + 1:]
                cards.discard(first)
                used = target_said = True
            face = [w["face"][t] for t in plain if t in w["face"]]
            if not used and first in {n for n in cards if names[n] == card_name} or \
                    used and not told.change and not cards - in_text and not quoted and \
                    not set(plain) & _POINTING_AT and not (face and set(plain) & _FLIPS) and \
                    not _left(plain, w) and \
                    _fits(plain, w["uses"] | w["things"], voc, own_words):
                # the card used on what it targets ("CL1 X on my monster", "X's trigger
                # targets their face-up monster"): the words of the target said are placed; the
                # words before the card, why it was used ("I was trying to dodge with X"), may
                # be any English that changes nothing of what happened
                if not _fits(plain, w["uses"] | w["things"], voc, own_words) and \
                        not _why_then(toks, first, plain, w, voc, own_words):
                    return None
                # what it targets is said after a word that says so ("targeting", "on"), or
                # right after the card used as a verb ("i karma cut their monster"); a clause
                # after one that said it may go on listing ("... on my monster, and a gy one")
                if not told.activator and mask in toks:
                    # (hunt 104) who used it: "your" in its text is that player's
                    before = set(toks[:toks.index(mask)])
                    told.activator = "opponent" if before & (voc["players_opponent"] |
                                                             {"opponent's"}) \
                        else "me" if before & {"i", "we"} else ""
                at = _target_said(toks, first)
                if at is None and target_said and not set(plain) & w["uses"]:
                    at = 0
                if at is None:
                    used = True
                    continue            # said of the card itself ("Caius was tribute summoned")
                target_said = True
                target_cards |= {int(t[1:-1]) for t in toks[at:] if t.startswith("\ue001")}
                plain = [t for t in toks[at:] if not t.startswith(("\ue001", "\ue002"))]
                told.set_target |= bool(set(plain) & {"set", "backrow", "backrows", "face-down"})
                told.how_many += _counts(plain)
                said_owners |= {("me" if t in ("my", "mine") else "opponent") for t in plain
                                if t in _OWNERS | {"theirs", "his", "hers"}}
                told_owners = len(said_owners)
                # the nouns the target was said with ("my hero"): said again, they point at it
                described |= {t for t in plain if t not in w["uses"] | _GLUE | _PUNCT |
                              voc["players"] | voc["pointers"] and not t.isdigit() and
                              t not in _DETERMINERS and t not in {"face-up", "face-down", "set"}}
                told.face_up_target |= "face-up" in plain
                used = True
                told.said.append(clause.strip())
                continue
            if was_changed and told.change == "left" and not cards and \
                    _consequence(plain, w):
                continue            # "... so nothing is destroyed": what the gone target means
            if used and others_only(cards, names, card_name) and \
                    set(plain) <= _REVEALED | _PUNCT:
                revealed |= cards   # "it was X": what the Set card targeted turned out to be
                continue
            if not used:
                if quoted and not cards and _fits(plain, w["uses"] | w["things"], voc):
                    continue            # the card's text, quoted after its name
                if not cards and not quoted and set(plain) & _PHASE_WORDS and \
                        set(plain) <= _PHASE_WORDS | _WHEN_WORDS | voc["players"] | _PUNCT:
                    continue            # "during my opponent's End Phase": when it was used
                return None
            if any(names[n] == card_name for n in cards):
                if set(plain) <= _RESOLVING | _PUNCT | _GLUE | voc["pointers"]:
                    continue            # "X resolves": when what was told holds
                return None             # the card itself told again: what became of it
            others = [n for n in cards if names[n] != card_name and n not in revealed]
            responders += others
            said_as_text = any(k and plain[k - 1] in _DETERMINERS | _OWNERS and
                               _forms(t) & target_words for k, t in enumerate(plain))
            if said_as_text:
                target_said = True      # "their attacking monster" of "Target the attacking monster"
            pointed = said_as_text or \
                bool(set(plain) & (_POINTING_AT | {"target", "everything", "all"})) or \
                any(t == "targeted" and k and plain[k - 1] in _DETERMINERS
                    for k, t in enumerate(plain)) or \
                any(t in described and k and plain[k - 1] in {"the", "that", "my", "their"}
                    and t not in _OWNERS for k, t in enumerate(plain))
            said_again = {t for t in plain if t in described} if pointed else set()
            target_names = {names[t] for t in target_cards}
            if _named_object(toks, [n for n in others if n not in target_cards and
                                    names[n] not in target_names], w) or \
                    _named_object(toks, [n for n in cards if names[n] == card_name], w):
                # (round 98) "they respond by destroying my Gagaga Magician": the card named after
                # what was done is what it was done to, never the target
                return None
            change = ""
            position = _position_said(plain, w)
            if face or position:
                if len(set(face)) > 1 or not _fits(plain, w["face_verbs"] | w["responses"] |
                                                   w["things"] | w["set_flipped"] | said_again |
                                                   (w["position_verbs"] if position else set()),
                                                   voc):
                    return None
                change = face[0] if face else "position"
                if position:
                    if told.position and told.position != position:
                        return None
                    told.position = position
                if change == "face-up" and not position and \
                        set(plain) <= w["stays"] | voc["pointers"] | _GLUE | _PUNCT:
                    kept = True
                    continue
            elif _left(plain, w):
                if not _fits(plain, w["left"] | w["goes"] | w["responses"] | w["things"] |
                             said_again |
                             {f for t in plain for f in ([t] if _forms(t) & w["left"] else [])},
                             voc):
                    return None
                change = "left"
                # where it left from, when said, is where the card targets ("leaves the
                # banishment" of a banished target; "leaves the hand" of one is no move it has)
                left_from = {_PLACES[plain[k + 1]] for k, t in enumerate(plain[:-1])
                             if t in ("leaves", "leave", "left", "from", "of") and
                             plain[k + 1] in _PLACES} | \
                    {_PLACES[plain[k + 2]] for k, t in enumerate(plain[:-2])
                     if t in ("leaves", "leave", "left", "from", "of") and
                     plain[k + 1] in _OWNERS | {"the", "their", "my"} and plain[k + 2] in _PLACES}
                if left_from and not left_from & _target_places(card, db):
                    return None
            elif set(plain) <= w["stays"] | voc["pointers"] | _GLUE | _PUNCT and \
                    set(plain) & {"stays", "stay", "remains", "remain", "continuous"}:
                kept = True
                continue
            elif set(plain) & w["set_flipped"] and pointed and not others and \
                    _fits(plain, w["responses"] | w["set_flipped"] | w["things"], voc):
                # "they chain it", "opp chains one of them": the card targeted is activated:
                # a Set card is face-up; a face-up one is as it was (unless told gone after)
                change = "activated-set" if told.set_target else "activated"
            elif others and _fits(plain, w["responses"] | w["things"], voc):
                by = {_change_by(db.get(names[n]), db) for n in others}
                if len(by) == 1 and "" not in by and pointed and \
                        set(plain) & {"on", "at", "targeting", "targets", "it", "them", "target"}:
                    change = by.pop()
                elif not pointed and _fits(plain, w["responses"], voc) and not told.change:
                    continue         # "they chain X": a response, what it did told after
                    # (after a change is told, a card chained may have undone it: "... and I
                    # chain Divine Wrath" never set aside)
                else:
                    return None
            elif not pointed and _fits(plain, w["responses"] | w["things"], voc) and not quoted:
                continue             # "opp responds", "CL1 resolves"
            else:
                return None
            if not pointed and not others and not was_changed:
                # "..., then got destroyed": said without what, it is the subject before (the
                # card itself), never taken for its target
                return None
            if _kinds_apart(card, [db.get(names[n]) for n in responders], db):
                # "they chain MST to destroy it" on a monster target: "it" is the card used
                return None
            if not pointed and set(plain) & _NOUNS:
                return None         # "..., then banish another monster": not the target
            if told.change and told.change != change and not (
                    told.change in ("face-up", "activated", "activated-set") and change == "left"):
                # (a card activated, then gone: what it is at resolution is gone)
                return None
            told.change = change
            # which target: "one of them", "my target" (of several); "it" or nothing said: the
            # one told before, else the only target
            # whose: the word before "target(ed)" or a noun the target was said with ("their
            # targeted monster", "my target", "MY monster" of "my monster and theirs")
            owner = {plain[k - 1] for k, t in enumerate(plain)
                     if (t in ("target", "targeted") or t in described) and k and
                     plain[k - 1] in _OWNERS}
            one = bool(set(plain) & _ONE or owner and told_owners >= 2)
            which = "one" if one else (told.which or "target")
            if one:
                told.owner = told.owner or ("me" if owner & {"my", "mine"} else
                                            "opponent" if owner else "")
                # where: "the one in my GY" (the place it was said to be in)
                where = {_PLACES[t] for k, t in enumerate(plain)
                         if t in _PLACES and k and plain[k - 1] in _OWNERS | {"the", "in", "on"}}
                told.place = told.place or (next(iter(where)) if len(where) == 1 else "")
            if told.which and told.which != which:
                return None
            told.which = which
            told.said.append(clause.strip())
            last_changed = True
            # "one of the 2 targets": how many there were
            told.how_many += [n for k, n in _numbered(plain) if k >= 2 and
                              plain[k - 1] in ("the", "those", "my", "their") and
                              plain[k - 2] == "of"]
            # "one of the 2 targets leaves the field": the target said by that word
            target_said |= bool(set(plain) & {"target", "targets", "targeted"})
            continue
    if told.change == "activated":
        return None                  # a face-up card activated: nothing changed of it
    if told.change == "activated-set":
        # a Set card targeted, activated in response: it resolves first; told to stay (a
        # Continuous Trap) it is face-up, told a card that does not stay it is gone; untold,
        # either may be (game-rules#chain: the last link resolves first)
        kinds = {sub for r in revealed for sub in (db.get(names[r]).subtypes or ())}
        if kept or kinds & _STAYS:
            told.change = "face-up"
        elif kinds and not kinds & _STAYS and kinds <= {"normal", "quick-play", "counter"}:
            told.change = "left"
        else:
            return None
    if not used or not told.change or not target_said:
        return None
    if told.change == "face-up" and not (told.set_target or kept):
        if not told.position:
            return None
        told.change = "position"    # "to face-up Defense Position": only its position changed
    # the question
    said = " ".join(asked)
    # "does it resolve without effect?": whether it does nothing, as "does it fizzle?" asks
    said = re.sub(r"\bresolves? (?:without|with no) (?:any )?effects?\b", "fizzle", said,
                  flags=re.IGNORECASE)
    toks = [t for t in _tokens(said)]
    if any(t.startswith("\ue002") for t in toks):
        return None
    for t in toks:
        # the card asked about: the one used, named so or by part of its name ("nobleman"), or
        # the target told by its name ("it was X")
        if t.startswith("\ue001") and names[int(t[1:-1])] != card_name and \
                not any(written[int(t[1:-1])].strip(" .,?!") in name.lower()
                        for name in [card_name] + [names[r] for r in revealed]):
            return None
    plain = [t for t in toks if not t.startswith("\ue001")]
    cut = next((k for k, t in enumerate(plain) if t in ("even", "although", "tho", "though")),
               None)
    concession = plain[cut:] if cut is not None else []
    plain = plain[:cut] if cut is not None else plain
    if concession:
        if not set(concession) <= _CONCEDE | _PUNCT or \
                not set(concession) & _CONCEDE_SAYS[told.change]:
            return None
    # a run of 3 words or more said as the card's text says them ("... banished until the End
    # Phase?"): grounded in it, whatever its words
    in_text = _text_runs(plain, card.text or "")
    # "does it fizzle?", "does the whole card do nothing?", "does it fail completely?": whether
    # it still does anything, asked the other way round
    fizzle = [k for k, t in enumerate(plain) if t in _FIZZLE]
    if fizzle:
        plain = [t for k, t in enumerate(plain) if k not in fizzle and t not in _FIZZLE_WITH]
        in_text = set()
        told.inverted = True
    actions = []
    k = 0
    while k < len(plain):
        t = plain[k]
        pair = " ".join(plain[k:k + 2])
        if pair in ("take control", "special summon", "go back", "goes back", "come back"):
            actions.append({"take control": "take-control", "special summon": "special-summon"}
                           .get(pair, "return"))
            k += 2
            continue
        act = next((w["actions"][f] for f in sorted(_forms(t)) if f in w["actions"]), None)
        if t in ("set", "face-down", "face-up") and (
                k + 1 < len(plain) and plain[k + 1] in w["things"] or
                k and plain[k - 1] in _DETERMINERS | _OWNERS):
            act = None              # "their set card": what the card is, no action
        if act is not None and t not in w["asks"]:
            actions.append(act)
        elif not (t in w["asks"] or t in voc["players"] | voc["pointers"] | _GLUE or
                  t in _PUNCT or t.isdigit() or _phrases(plain, voc["discourse"], k) or
                  t in w["things"] - {"something", "anything", "everything"} or
                  _forms(t) & own_words and t not in voc["blocking"] or k in in_text):
            # (a noun of the card's own text: "does it still apply the trap's effect?")
            return None
        k += max(1, _phrases(plain, voc["discourse"], k))
    actions = list(dict.fromkeys(a for a in actions if a != "take-control" or
                                 "take-control" in actions))
    if not actions and not told.inverted and set(plain) & _GETS:
        # "does it still get the predator counter?": the one part that acts on the target whose
        # text says every word the question adds
        part = _part_said(plain, card, w, voc)
        if part is not None:
            actions = [part]
    if told.inverted and not actions:
        actions = ["*"]         # what it does to its target(s): its one part (see specs_of)
    if not actions or len(actions) > 2 or told.inverted and len(actions) > 1:
        return None
    told.others = next((n for k, n in _numbered(plain) if k and plain[k - 1] in _OTHER), None)
    # a number asked is how many others ("the other 4"), or the card's own ("draw 2"): any other
    # ("do I lose 2000?") says what the text does not, and is never dropped
    for k, t in enumerate(plain):
        if t.isdigit() and not (k and plain[k - 1] in _OTHER) and t not in own_words:
            return None
    told.asked = actions
    asked_owner = ""
    if set(plain) & (_OWNERS - {"my", "mine"}):
        asked_owner = "opponent"
    elif set(plain) & {"my", "mine"} and not set(plain) & {"i", "me"}:
        asked_owner = "me"
    asked_place = {_PLACES[t] for t in plain if t in _PLACES}
    told.of = "other" if set(plain) & _OTHER or \
        told.which == "one" and told.owner and asked_owner and asked_owner != told.owner and \
        not set(plain) & {"it", "them"} or \
        told.which == "one" and told.place and len(asked_place) == 1 and \
        told.place not in asked_place and not set(plain) & {"it", "them"} else "target"
    if told.inverted and told.which == "one":
        told.of = "other"           # whether it does nothing to the targets still there
    if told.which == "one" and told.of != "other" or told.which != "one" and told.of == "other":
        return None
    return told


def _targets(reading, eid: str) -> int:
    return sum(int(f.get("count") or 1) for f in reading.facts
               if f.type == "target" and f.get("effect") == eid)


def specs_of(told: Told, db) -> list[dict] | None:
    """The questions of the grammar's families that ``told`` asks: one per effect of the card
    that targets and does each action asked (the answers must then agree); None when none."""
    from ..errors import QuestionError
    from ..reader.phrases import part_acts_on_target
    from ..reader.reader import read_card
    from ..reader.select import select_clause

    card = db.get(told.card)
    reading = read_card(card)
    out = []
    for eff in reading.all_effects():
        if eff.n < 1 or not any(f.type == "target" and f.get("effect") == eff.id
                                for f in reading.facts):
            continue
        bullet = eff.id.rpartition("#")[2]
        ref = {"card": told.card, "bullet": bullet} if "." in bullet else \
            {"card": told.card, "n": eff.n}
        count = _targets(reading, eff.id)
        many = count >= 2 or any(f.type == "target" and f.get("effect") == eff.id and
                                 f.get("up_to") == "yes" for f in reading.facts) or \
            bool(re.search(r"\bany number\b", eff.text or "", re.IGNORECASE))
        if told.which == "one" and not many or told.which == "target" and many:
            continue
        slots = sum(1 for f in reading.facts if f.type == "target" and f.get("effect") == eff.id)
        if told.which == "one" and slots > 1 and not (told.owner or told.place):
            continue            # "one of them" of targets of two kinds: which one, nothing says
        # how many the story says there were, and how many others are asked of, must be what
        # the card targets ("one of the 3 targets" of a card that targets 2 is not this card's)
        exact = not many or count >= 2 and not any(
            f.type == "target" and f.get("effect") == eff.id and f.get("up_to") == "yes"
            for f in reading.facts) and not re.search(r"\bany number\b", eff.text or "", re.I)
        said = set(told.how_many)
        if len(said) > 1 or said and (exact and said != {count} or max(said) > max(count, 1) and
                                      not re.search(r"\bany number\b", eff.text or "", re.I)):
            continue
        total = next(iter(said)) if said else (count if exact else None)
        if told.others is not None and (total is None or told.others != total - 1):
            continue
        wanted = {f.get("condition") for f in reading.facts
                  if f.type == "target_condition" and f.get("effect") == eff.id}
        if told.set_target and "face-up" in wanted or \
                told.face_up_target and wanted & {"set", "face-down"}:
            continue                # the target told is not one this effect targets
        target = "the other target" if told.which == "one" else "the target"
        changed = "the target that changed" if told.which == "one" else "the target"
        slot_of, slot_changed = 1, 1
        if told.which == "one" and slots > 1:
            # (hunt 102) targets of two groups ("1 Xyz Monster you control and 1 monster your
            # opponent controls"): each in its own group, the one that changed told by whose it was
            # (hunt 104) "you control" in its text is its activator's: when the opponent used
            # it, "my monster" is in the group "your opponent controls"
            owner = {"me": "opponent", "opponent": "me"}.get(told.owner, told.owner) \
                if told.activator == "opponent" else told.owner
            slot_changed = _slot_held(reading, eff.id, owner)
            others = {f.get("slot") for f in reading.facts if f.type == "target"
                      and f.get("effect") == eff.id} - {slot_changed}
            if slot_changed is None or len(others) != 1:
                continue
            slot_of = others.pop()
        suppose = [{"targeted": {"target": target, "slot": slot_of}}]
        if told.which == "one":
            suppose.append({"targeted": {"target": changed, "slot": slot_changed}})
        if told.change == "left":
            suppose.append({"left": {"target": changed}})
        elif told.change != "position":
            suppose.append({"state": {"target": changed, "property": "face", "value": told.change}})
        if told.position:
            suppose.append({"state": {"target": changed, "property": "position",
                                      "value": told.position}})
        asked = told.asked
        if asked == ["*"]:
            # (the card's one part, done to its target(s): "does it fizzle?" of "banish them")
            verbs = [f.get("verb") for f in reading.facts
                     if f.type == "clause" and f.get("effect") == eff.id]
            if len(verbs) != 1:
                continue
            asked = verbs
        parts = []
        for verb in asked:
            n = None
            for said in [verb] + words()["same_action"].get(verb, []):
                try:
                    n = select_clause(reading, eff.id, said)
                    verb = said
                    break
                except QuestionError:
                    continue
            if n is None:
                parts = []
                break
            quote = next((f.source.quote for f in reading.facts if f.type == "clause" and
                          f.get("effect") == eff.id and f.get("n") == n and f.source), "")
            # the part does its action to the target: the reader found the target referred to
            # in it, and its action's object is that reference (not a new card it names after a
            # condition: "if it left the field, Special Summon 1 ...")
            acting = re.sub(r"^(?:if|when|unless)\b[^,]*,\s*", "", quote, flags=re.IGNORECASE)
            on_target = part_acts_on_target(acting) and any(
                f.type == "reference" and f.get("effect") == eff.id and f.get("n") == n
                for f in reading.facts)
            family = "affected" if on_target else "clause-done"
            if family == "clause-done" and told.change == "face-down" and verb in _STAT_VERBS:
                # a monster turned face-down is not affected by a change of its ATK/DEF
                # (game-rules#counters-and-stats.6): asked as whether the part is done, no rule
                # says so, so the question is left to the other readings
                parts = []
                break
            spec = {"family": family, "effect": dict(ref), "part": verb,
                    "suppose": suppose}
            if family == "affected":
                spec["target"] = target
            parts.append(spec)
        if not parts or told.inverted and parts[0]["family"] != "affected":
            continue
        spec = dict(parts[0])
        if told.inverted:
            spec["invert"] = {"en": "Does " + told.card + " do nothing" +
                              (" to the other target" if told.which == "one" else "") + "?"}
        if len(parts) > 1:
            spec["and"] = parts[1:]
        out.append(spec)
    return out or None


def canonical(told: Told) -> str:
    """The reading, said in a judge's words (shown with the answer)."""
    pos = f"{told.position.capitalize()} Position"
    what = {"face-down": f"is changed to face-down {pos}" if told.position else
            "is flipped face-down",
            "face-up": f"is changed to face-up {pos}" if told.position else "is flipped face-up",
            "position": f"is changed to {pos}",
            "left": "leaves where it was"}[told.change]
    who = "one of its targets" if told.which == "one" else "its target"
    of = "the other targets" if told.of == "other" else "the target"
    if told.inverted:
        return (f"{told.card} is activated; before it resolves, {who} {what}. "
                f"Does it do nothing to {of}?")
    asked = " and ".join(told.asked)
    return (f"{told.card} is activated; before it resolves, {who} {what}. "
            f"Does it still do its {asked} ({of})?")


def by_target_told(relexed: Relexed, written: str, spans, db):
    """(spec, reading) of a question this frame reads, or None."""
    told = read_told(relexed.text, spans, db)
    if told is None:
        return None
    specs = specs_of(told, db)
    if not specs or any(_said_beyond_part(spec, relexed.text, db) for spec in specs):
        return None
    return asked_of_each(specs, relexed, written, canonical(told))


def _said_beyond_part(spec: dict, text: str, db) -> bool:
    """(hunt 126a) "Is it returned to the Deck?", "... from my GY in Attack Position?": where the
    question says the part takes or puts the card, or in which position, is not what that part's
    text says: the frame does not read it (its words are never set aside as the card's)."""
    from ..reader import read_card
    from ..reader.select import select_effect
    from ..situate.families.said import words_not_in_part

    ref = spec.get("effect") if isinstance(spec.get("effect"), dict) else None
    verb = spec.get("part") if isinstance(spec.get("part"), str) else None
    card = db.find(ref["card"]) if ref and ref.get("card") else None
    if card is None or verb is None:
        return False
    reading = read_card(card)
    try:
        eid = select_effect(reading, ref)
    except Exception:
        return False
    quotes = [f.source.quote for f in reading.facts if f.type in ("clause", "clause_verb") and
              f.get("effect") == eid and f.get("verb") == verb and f.source is not None] or \
        [f.source.quote for f in reading.facts if f.type == "clause" and f.get("effect") == eid
         and f.source is not None]      # (a verb said in other words: the effect's parts)
    asked = [p for p in re.split(r"(?<=[.!?])\s+", text) if p.strip().endswith("?")]
    return bool(quotes and asked and words_not_in_part(asked[-1], " ".join(quotes)))
