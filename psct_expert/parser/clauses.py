"""A story sentence as people tell it → its events, said in the question grammar's words.

The question grammar reads a told story in the shapes its clauses know ("My opponent chains X.",
"That card is destroyed.").  People tell the same events in many more shapes: "they chain and
bounce my monster", "opp responds and flips it face-down", "Caius got tribute summoned", "my
target gets destroyed by something else in chain".  This module reads such a sentence by its
parts, the way the design sketch (docs) calls chunks: each clause is who (a player, a card,
"it"), does what (a game verb in any form, active or passive), to what (a card, "their face-up
monster", "it"), and how (from/to a place, with/by a card, in response, targeting ..., face-down).
A clause without a subject keeps the last one ("they chain and banish it").  Each event is then
said again in one of the grammar's own clause shapes, and the grammar reads that.

Every word must be placed: a word of ``clauses.yaml``, a card the caller found, a number, or the
sentence is left as written (``None``): nothing is dropped.  The module reads English only: it
knows no card (the caller says which spans are cards and which cards are Spells or Traps) and no
question family.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from ..gamewords import gamewords
from ..yamlpos import safe_load

CLAUSES_PATH = Path(__file__).with_name("clauses.yaml")
_CARD = "\ue001{}\ue001"
_CARD_RE = re.compile("\ue001(\\d+)\ue001")
_WORD = re.compile("\ue001\\d+\ue001|[A-Za-z0-9][A-Za-z0-9\\-/]*(?:'s|')?|'s\\b|[,;:]")
MAX_WORDS = 60


@lru_cache(maxsize=1)
def data() -> dict:
    return safe_load(CLAUSES_PATH.read_text(encoding="utf-8"))


@dataclass
class NP:
    """A card or cards, as a clause points at them."""
    say: str                   # the grammar's words for it ("my opponent's face-up monster")
    card: int | None = None    # the caller's card index, when a card is named
    player: str | None = None  # "me" / "opponent" when the phrase is a player
    effect: bool = False       # the card's effect ("X's GY effect"), not the card
    tail: str = ""             # the words after the name ("'s GY effect")
    activation: bool = False   # "X activation", "X's activation"
    copies: bool = False       # "2 X": copies of the card


@dataclass
class Event:
    verb: str                      # the base word of clauses.yaml's verbs
    agent: NP | None = None        # who does it (a player or a card)
    patient: NP | None = None      # what it is done to
    passive: bool = False
    mods: list[str] = field(default_factory=list)   # the grammar's words for how/where
    by: NP | None = None           # the card (effect) that did it
    responding: bool = False
    intent: bool = False           # "tries to Special Summon X": the Summon is about to happen
    holding: list = field(default_factory=list)   # "... while I control no cards": what held then
    own: bool = False              # Summoned by its own procedure
    first: bool = False            # done "first": before the link it answers resolves
    only: bool = False             # "I only have 11 cards left": the count is all there is


_ATTRIBUTES = ("DARK", "LIGHT", "FIRE", "WATER", "EARTH", "WIND", "DIVINE")


def _title(phase: str) -> str:
    return " ".join(w.capitalize() if not w.isdigit() else w for w in phase.split())


def _plural(noun: str) -> str:
    return noun if noun.endswith("s") else noun + "s"


_KINDS = ("link", "synchro", "xyz", "fusion", "ritual")
_NOUNS = {"thing": "card", "things": "cards"}
_PARTICLES = ("back", "up", "down", "off", "out")
_GERUNDS = {"tribute": "Tributing", "banish": "banishing", "discard": "discarding", "send": "sending",
            "shuffle": "shuffling", "return": "returning"}
_BE = ("is", "was", "are", "were", "gets", "got", "get")


class _Stop(Exception):
    """A word the clause reader cannot place: the sentence is left as written."""


def _phrases(key: str) -> list[tuple[list[str], str]]:
    d = data()[key]
    items = d.items() if isinstance(d, dict) else ((w, w) for w in d)
    out = []
    for said, value in items:
        if isinstance(value, list):
            for w in value:
                out.append((str(w).lower().split(), said))
        else:
            out.append((str(said).lower().split(), value))
    return sorted(out, key=lambda p: -len(p[0]))


@lru_cache(maxsize=1)
def _tables() -> dict:
    verbs = data()["verbs"]
    forms: dict[str, str] = {}
    for base in verbs:
        words = base.split()
        # a phrasal verb ("go back") changes its first word; "Special Summon" its last
        k = 0 if len(words) > 1 and words[-1] in _PARTICLES else len(words) - 1
        for f in _inflections(words[k]):
            forms[" ".join(words[:k] + [f] + words[k + 1:])] = base
    for form, base in (data().get("irregular") or {}).items():
        forms[str(form)] = base
    return {
        "players": _phrases("players"), "owners": _phrases("owners"),
        "pointers": _phrases("pointers"),
        "nouns": sorted((n.lower().split() for n in data()["nouns"]), key=len, reverse=True),
        "before": sorted((n.lower().split() for n in data()["before_noun"]), key=len, reverse=True),
        "places": sorted(((k.lower().split(), v) for k, v in data()["places"].items()),
                         key=lambda p: -len(p[0])),
        "verbs": sorted(((f.split(), b) for f, b in forms.items()), key=lambda p: -len(p[0])),
        "intents": sorted((p.lower().split() for p in data()["intents"]), key=len, reverse=True),
        "unnamed": sorted((p.lower().split() for p in data()["unnamed"]), key=len, reverse=True),
        "phases": sorted(((f.split(), f) for _n, forms in gamewords().phases for f in forms),
                         key=lambda p: -len(p[0])),
        "own_procedure": sorted((p.lower().split() for p in data()["own_procedure"]), key=len,
                                reverse=True),
        "types": sorted(((t.lower().split(), t) for t in gamewords().types), key=lambda p: -len(p[0])),
        "by_unnamed": [["by", "something", "else"], ["by", "something"], ["by", "another", "card"],
                       ["by", "another", "effect"], ["by", "another", "chain", "link"]],
        "attempts": [["attempts"], ["attempted"], ["declares"], ["declared"], ["performs"]],
        "we_are": sorted((p.lower().split() for p in data()["we_are"]), key=len, reverse=True),
        "it_is": sorted((p.lower().split() for p in data()["it_is"]), key=len, reverse=True),
        "nobody": sorted((p.lower().split() for p in data()["nobody"]), key=len, reverse=True),
        "effect_words": sorted((p.lower().split() for p in data()["effect_words"]), key=len, reverse=True),
        "in_response": sorted((p.lower().split() for p in data()["in_response"]), key=len, reverse=True),
    }


def _inflections(w: str) -> set[str]:
    out = {w, w + "s", w + "es", w + "ed", w + "d", w + "ing"}
    if w.endswith("e"):
        out |= {w[:-1] + "ing"}
    if w.endswith("y"):
        out |= {w[:-1] + "ies", w[:-1] + "ied"}
    if len(w) > 2 and w[-1] not in "aeiouwxy" and w[-2] in "aeiou" and w[-3] not in "aeiou":
        out |= {w + w[-1] + "ed", w + w[-1] + "ing"}
    return out


class _Words:
    def __init__(self, words: list[str]):
        self.w = words
        self.i = 0

    def peek(self, n: int = 0) -> str:
        return self.w[self.i + n] if self.i + n < len(self.w) else ""

    def done(self) -> bool:
        return self.i >= len(self.w)

    def take(self, phrase: list[str]) -> bool:
        if [x.lower() for x in self.w[self.i:self.i + len(phrase)]] == phrase:
            self.i += len(phrase)
            return True
        return False

    def take_any(self, phrases) -> list[str] | None:
        for p in phrases:
            if self.take(p):
                return p
        return None


def read_story(sentence: str, cards: list[tuple[int, int]], kinds: list[str],
               names: list[str]) -> list[str] | None:
    """``sentence``'s events, each said as one sentence of the grammar; None when a word of it
    cannot be placed.  ``cards`` are the spans of its card names, ``kinds`` each card's kind
    ("monster", "spell", "trap") and ``names`` the name each is said with."""
    text = sentence
    for k, (s, e) in sorted(enumerate(cards), key=lambda x: -x[1][0]):
        text = text[:s] + _CARD.format(k) + text[e:]
    text = text.strip().rstrip(".!")
    rest = _WORD.sub(" ", text)
    if rest.strip(" \"'()-"):
        return None
    words = _WORD.findall(text)
    if not words or len(words) > MAX_WORDS:
        return None
    try:
        events = _Reader(words, kinds).events()
        return [said for ev in events for said in
                [_say(h, names, kinds) for h in ev.holding] + [_say(ev, names, kinds)]] or None
    except _Stop:
        return None


class _Reader:
    def __init__(self, words: list[str], kinds: list[str]):
        self.t = _tables()
        self.s = _Words(words)
        self.kinds = kinds
        self.subject: NP | None = None
        self.last_noun: str | None = None

    def events(self) -> list[Event]:
        out: list[Event] = []
        while not self.s.done():
            responding = False
            while self.s.peek() in (",", ";") or self.s.peek().lower() in ("and", "then", "so", "but"):
                self.s.i += 1
            if self.s.take_any(self.t["in_response"]):
                responding = True
                self.s.take([","])
            if self.s.done():
                break
            ev = self.clause()
            ev.responding = ev.responding or responding
            out.append(ev)
        # "they chain and banish it": the chained effect is the one that banishes
        for a, b in zip(out, out[1:]):
            if a.verb in ("chain", "respond") and a.patient is None and a.by is None:
                b.responding = True
        if any(e.first and not e.responding for e in out):
            raise _Stop                  # "first" said of what answers nothing: an order to place
        return [e for e in out if not (e.verb in ("chain", "respond") and e.patient is None
                                       and e.by is None)]

    # -- noun phrases
    def player(self) -> NP | None:
        p = self.s.take_any([w for w, _ in self.t["players"]])
        if p is None:
            return None
        who = dict((tuple(w), v) for w, v in self.t["players"])[tuple(p)]
        return NP("I" if who == "me" else "my opponent", player=who)

    def owner(self) -> str | None:
        p = self.s.take_any([w for w, _ in self.t["owners"]])
        if p is None:
            return None
        return dict((tuple(w), v) for w, v in self.t["owners"])[tuple(p)]

    def card(self) -> NP | None:
        m = _CARD_RE.fullmatch(self.s.peek())
        if m is None:
            return None
        self.s.i += 1
        return NP("", card=int(m.group(1)))

    def np(self) -> NP | None:
        """A card, a pointer back at one, or a described card ("their face-up monster")."""
        start = self.s.i
        if self.s.take(["none"]) and self.last_noun:
            return NP("no " + _plural(self.last_noun))
        p = self.s.take_any([w for w, _ in self.t["pointers"]])
        if p is not None:
            return NP(dict((tuple(w), v) for w, v in self.t["pointers"])[tuple(p)])
        owner = self.owner()
        at = self.s.i
        face = self.s.take_any([["set"], ["face-down"], ["face-up"]])
        c = self.card()
        if c is None:
            self.s.i = at
        if c is not None:
            c.say = {"me": "my ", "opponent": "my opponent's "}.get(owner or "", "")
            if face is not None:        # "my Set X", "their face-down X"
                c.say += {"set": "Set "}.get(face[0], face[0] + " ")
            self.effect_of(c)
            return c
        if self.s.peek().isdigit() and _CARD_RE.fullmatch(self.s.peek(1)):
            # "I have 2 X": copies of one card
            n = self.s.peek()
            self.s.i += 1
            c = self.card()
            c.say = f"{n} "
            c.copies = True
            return c
        det = ""
        if self.s.peek().lower() in ("a", "an", "the", "that", "this", "another", "no") or self.s.peek().isdigit():
            det = self.s.peek().lower()
            self.s.i += 1
        mods = []
        while (b := self.s.take_any(self.t["before"])) is not None:
            mods.append(" ".join(b))
        n = self.s.take_any(self.t["nouns"])
        if n is None:
            ty = self.s.take_any([w for w, _ in self.t["types"]])
            if ty is not None:          # "my Warrior", "their zombie": a monster of that Type
                mods.append(dict((tuple(w), t) for w, t in self.t["types"])[tuple(ty)])
                n = self.s.take_any(self.t["nouns"]) or ["monster"]
        if n is None and mods and mods[-1].upper() in _ATTRIBUTES:
            n = ["monster"]             # "a DARK in their GY": a monster of that Attribute
            mods[-1] = mods[-1].upper()
        if n is None:
            self.s.i = start
            return None
        self.last_noun = n[-1]
        if self.s.take(["left"]):
            n = n + ["left"]            # "11 cards left in my Deck"
        n = [_NOUNS.get(w, w) for w in n]
        head = " ".join(mods + n)
        owned = {"me": "my", "opponent": "my opponent's"}.get(owner or "", "")
        say = " ".join(x for x in (owned or det, head) if x)
        where = self.place_after(("in", "from", "on"))
        return NP(say + (f" {where}" if where else ""))

    def effect_of(self, c: NP) -> None:
        """"X's GY effect", "X GY effect", "X's effect": the card's effect, said the grammar's way."""
        start = self.s.i
        self.s.take(["'s"])
        desc = []
        while (d := self.s.take_any(self.t["effect_words"])) is not None:
            desc.append(" ".join(d))
        if not desc and self.s.take(["activation"]):
            c.activation = True
            return
        if self.s.take(["effect"]):
            c.effect = True
            c.tail = "'s " + " ".join(desc + ["effect"])
        else:
            self.s.i = start

    def place_after(self, preps) -> str | None:
        start = self.s.i
        if self.s.peek().lower() not in preps:
            return None
        prep = self.s.peek().lower()
        self.s.i += 1
        owner = self.owner()
        self.s.take(["the"])
        pl = self.s.take_any([w for w, _ in self.t["places"]])
        if pl is None:
            self.s.i = start
            return None
        place = dict((tuple(w), v) for w, v in self.t["places"])[tuple(pl)]
        owned = {"me": "my ", "opponent": "my opponent's "}.get(owner or "", "the ")
        return f"{prep} {owned}{place}"

    # -- verbs
    def verb(self) -> str | None:
        v = self.s.take_any([w for w, _ in self.t["verbs"]])
        if v is None:
            return None
        return dict((tuple(w), b) for w, b in self.t["verbs"])[tuple(v)]

    def phase(self) -> str | None:
        """"my Standby Phase", "the End Phase", "their Main Phase 1": the grammar's words."""
        start = self.s.i
        owner = self.owner()
        if owner is None:
            self.s.take(["the"])
        p = self.s.take_any([w for w, _ in self.t["phases"]])
        if p is None:
            self.s.i = start
            return None
        owned = {"me": "my", "opponent": "my opponent's"}.get(owner or "", "the")
        return f"{owned} {_title(' '.join(p))}"

    def lead_mods(self) -> list[str]:
        """What a clause may say before its subject: "During my Standby Phase, ...", "Chain Link 1
        ..." (the link the clause's activation is)."""
        s = self.s
        out = []
        while True:
            at = s.i
            if s.peek().lower() in ("in", "during"):
                s.i += 1
                ph = self.phase()
                if ph is not None:
                    out.append(f"during {ph}")
                    s.take([","])
                    continue
                s.i = at
            if s.take_any([["later", "that", "turn"], ["later", "this", "turn"], ["the", "same", "turn"],
                           ["later", "the", "same", "turn"], ["later", "in", "the", "same", "turn"]]):
                out.append("this turn")  # "Later that turn, ...": in the same turn, after
                s.take([","])
                continue
            if s.take(["chain", "link"]) or s.take(["cl"]):
                if s.peek().isdigit():
                    out.append(f"as Chain Link {s.peek()}")
                    s.i += 1
                    s.take([","]) or s.take([":"])
                    continue
                s.i = at
            return out

    def clause(self) -> Event:
        s = self.s
        if s.take_any(self.t["nobody"]) is not None:
            return Event("pass")
        at = s.i
        if s.take_any(self.t["it_is"]) is not None and (s.take(["a"]) or s.take(["an"])):
            # "its a Continuous Trap (so it stays face-up)": what the card just told is
            kind = s.take_any([["continuous", "trap"], ["continuous", "spell"], ["field", "spell"]])
            if kind is None:
                raise _Stop
            s.take(["card"])
            said = f"It is a {_title(' '.join(kind))} Card"
            if s.take_any([["so", "it"], ["that"], ["and", "it"], ["which"]]) is not None:
                if s.take_any([["stays"], ["remains"], ["stay"]]) is None:
                    raise _Stop
                s.take(["on", "the", "field"]) or s.take(["on", "field"])
                if not s.take(["face-up"]):
                    raise _Stop
                s.take(["on", "the", "field"]) or s.take(["on", "field"])
                said += " that stays face-up on the field"
            return Event("state", mods=[said + "."])
        s.i = at
        if s.take_any(self.t["it_is"]) is not None:
            # "it's my opponent's Main Phase", "its their turn"
            owner = self.owner()
            owned = {"me": "my", "opponent": "my opponent's"}.get(owner or "", "")
            if owned and s.take(["turn"]):
                return Event("state", mods=[f"It is {owned} turn."])
            ph = self.phase() if owner is None else None
            if ph is None and owned:
                p = s.take_any([w for w, _ in self.t["phases"]])
                ph = f"{owned} {_title(' '.join(p))}" if p else None
            if ph is None:
                raise _Stop
            return Event("state", mods=[f"It is {ph}."])
        if s.take_any(self.t["we_are"]) is not None:
            # "we are (already) in the Damage Step"
            s.take(["already"]) or s.take(["now"])
            s.take(["in"]) or s.take(["during"])
            ph = self.phase() or self._stop()
            return Event("state", mods=[f"We are in {ph}."])
        lead = self.lead_mods()
        ev = self._clause()
        ev.mods = lead + ev.mods
        return ev

    def _clause(self) -> Event:
        s = self.s
        elided = False
        if self.subject is not None:
            # "..., then target their Set card": the last subject, when a verb comes first
            at = s.i
            elided = self.verb() is not None and s.peek().lower() not in _BE
            s.i = at
        subj = None if elided else (self.player() or self.np())
        if subj is None and self.subject is None:
            raise _Stop
        if subj is not None and subj.player is not None:
            self.subject = subj          # (a clause inside this one, "while holding 2 cards", keeps it)
        if subj is not None and subj.player is not None and s.take_any(self.t["attempts"]) is not None:
            # "Player A attempts a Tribute Summon": a Summon about to happen, of a monster not named
            s.take(["a"]) or s.take(["an"])
            kind = s.peek().lower()
            if kind not in _KINDS + ("tribute", "normal", "special", "flip", "pendulum") or \
                    s.peek(1).lower() != "summon":
                raise _Stop
            s.i += 2
            ev = Event(f"{kind} summon", agent=subj, intent=True, patient=NP("a monster"))
            self.mods(ev)
            self.subject = subj
            return ev
        only = subj is not None and subj.player is not None and s.take(["only"])
        intent = s.take_any(self.t["intents"]) is not None
        if subj is not None and subj.card is not None and not intent and s.peek().lower() in _BE and \
                s.peek(1).lower() in ("up", "face-up", "out", "active"):
            # "X is up on their side", "X is face-up": a card face-up on a player's field
            s.i += 2
            field_of = "the field"
            if s.take(["on"]):
                owner = self.owner()
                s.take(["the"])
                if owner is None or s.take_any([["side"], ["field"], ["board"]]) is None:
                    raise _Stop
                field_of = {"me": "my", "opponent": "my opponent's"}[owner] + " field"
            return Event("state", mods=[f"{_np_words(subj)} is face-up on {field_of}."])
        passive = False
        if subj is not None and not intent and s.peek().lower() in _BE and \
                (s.peek().lower() not in ("got", "get", "gets") or self._peek_verb(1)):
            s.i += 1                     # ("i got X face-up": having, not a passive)
            passive = True
        s.take(["also"])
        if s.peek().lower() in ("has", "have", "had") and subj is not None:
            at = s.i
            s.i += 1
            if self.verb() is None or s.peek().lower() in ("no", "a", "an", "the") or s.peek().isdigit():
                s.i = at                 # "has a monster": having, not a tense
            else:
                s.i = at + 1             # "has Link Summoned X": what it did
        verb = None if s.peek().lower() in ("targeting", "on") else self.verb()
        if verb is None and subj is not None and subj.card is not None and not passive and \
                (subj.effect or s.peek().lower() in ("on", "targeting")):
            # "X's GY effect targeting my monster": that effect is activated
            ev = Event("activate", patient=subj, passive=True)
            self.mods(ev)
            return ev
        if verb is None or intent and data()["verbs"][verb]["event"] not in ("summon", "activate"):
            raise _Stop
        if only and data()["verbs"][verb]["event"] not in ("control", "hand"):
            raise _Stop
        ev = Event(verb, passive=passive, intent=intent, only=bool(only))
        if passive and subj is not None and subj.player is not None:
            raise _Stop                  # "they are destroyed": cards, not a player (said as written)
        if not passive and subj is not None and subj.player is None and \
                data()["verbs"][verb]["event"] == "summon" and \
                (s.done() or s.peek().lower() in ("and", "then", ",", ";", "from", "to", "in", "by", "with")):
            passive = ev.passive = True  # "X Synchro Summoned, ...": X was Summoned
        if passive:
            ev.patient = subj
        else:
            ev.agent = subj or self.subject
            if verb in ("chain", "respond") and s.peek().lower() == "by" and \
                    s.peek(1).lower().endswith("ing") and self._peek_verb(1):
                # "they respond by flipping it face-down": the response does that
                s.i += 1
                self.subject = ev.agent
                inner = self._clause()
                inner.responding = True
                return inner
            if verb in ("chain", "respond", "activate") and s.take_any(self.t["unnamed"]) is not None:
                # "they chain something that flips it face-down": the chained effect does that
                self.subject = ev.agent
                inner = self.clause()
                inner.responding = inner.responding or verb in ("chain", "respond")
                return inner
            if verb in ("activate", "use", "chain", "respond", "flip") and s.take(["with"]):
                ev.by = self.card() or self._stop()
            elif verb == "attack" and s.peek().lower() in ("me", "you", "them", "him", "her", "directly"):
                pass                     # "attacks me directly": said by its modifiers
            elif verb == "hold" and s.peek().isdigit() and (s.done() or s.peek(1).lower() in (
                    "and", "then", ",", ";", "in", "")):
                ev.patient = NP(s.peek())     # "Player B holds 6": cards in hand
                s.i += 1
                s.take(["in", "hand"]) or s.take(["in", "their", "hand"]) or s.take(["in", "my", "hand"])
            elif s.peek() and s.peek().lower() not in ("and", "then", ",", ";", "in", "to", "with",
                                                       "by", "from", "targeting", "on", "face-down",
                                                       "face-up", "as", "so", "but"):
                ev.patient = self.np() or self._stop()
        self.mods(ev)
        if subj is not None and subj.player is not None:
            self.subject = subj
        elif not passive and subj is not None:
            self.subject = subj
        return ev

    def _peek_verb(self, n: int) -> bool:
        at = self.s.i
        self.s.i += n
        found = self.verb() is not None
        self.s.i = at
        return found

    def _stop(self):
        raise _Stop

    def mods(self, ev: Event) -> None:
        s = self.s
        while not s.done() and s.peek() not in (",", ";") and s.peek().lower() not in ("and", "then", "so", "but"):
            if s.take_any(self.t["in_response"]):
                ev.responding = True
                continue
            if ev.verb in ("have", "control") and (s.take(["out"]) or s.take(["on", "the", "field"])):
                ev.mods.append("")       # "has X out": on the field, controlled
                continue
            if s.peek().lower() in ("in", "during") and ev.verb != "have":
                at = s.i
                s.i += 1
                ph = self.phase()
                if ph is not None:
                    ev.mods.append(f"during {ph}")
                    continue
                s.i = at
            if s.take(["while"]):
                # "... while I control no cards": a state that held then, told first
                keep = self.subject
                inner = self._clause()
                self.subject = keep
                if data()["verbs"].get(inner.verb, {}).get("event") not in ("control", "hand"):
                    raise _Stop
                ev.holding.append(inner)
                continue
            if ev.verb == "attack" and s.peek().lower() in ("me", "you", "them", "him", "her") and \
                    s.peek(1).lower() in ("directly", "direct"):
                s.i += 1                 # "attacks me directly": the player is attacked
                continue
            if s.take(["first"]):
                ev.first = True          # "... banish that card first": before the link it answers
                continue
            if s.take(["now"]) or s.take(["already"]):
                continue                 # "controls no monsters now": as it is told
            if s.take_any(self.t["by_unnamed"]) is not None:
                ev.responding = True     # "destroyed by something else in chain": an answering link
                continue
            if s.take(["before", "it", "resolves"]) or s.take(["before", "it", "resolved"]):
                ev.mods.append("before it resolves")
                continue
            if ev.verb == "attack" and s.peek().lower() in ("directly", "direct"):
                ev.mods.append("directly")
                s.i += 1
                continue
            if s.peek().lower() in ("face-down", "face-up"):
                ev.mods.append(s.peek().lower())
                s.i += 1
                continue
            where = self.place_after(("from", "to", "into", "in", "on"))
            if where is not None:
                if where.startswith("in ") and data()["verbs"][ev.verb]["event"] == "activate":
                    where = "from " + where[3:]      # "activates X in the GY": its effect there
                ev.mods.append(where.replace("into ", "to "))
                continue
            if s.take(["as", "chain", "link"]) or s.take(["as", "cl"]):
                if not s.peek().isdigit():
                    raise _Stop
                ev.mods.append(f"as Chain Link {s.peek()}")
                s.i += 1
                continue
            if s.peek().lower() == "to" and ev.verb in _GERUNDS and not ev.passive:
                at = s.i
                s.i += 1
                v = self.verb()
                if v is None or data()["verbs"][v]["event"] != "summon":
                    s.i = at
                    raise _Stop
                made = self.np() or self._stop()
                # "I Tribute X to Tribute Summon Y": Y is Summoned by Tributing X
                ev.mods.append(f"by {_GERUNDS[ev.verb]} {_np_words(ev.patient)}")
                ev.verb, ev.patient = v, made
                continue
            if ev.verb == "use" and not ev.passive and ev.patient is not None and s.peek().lower() == "as":
                # "I use X as (the) Link Material for Y": Y is Summoned with X as its material
                at = s.i
                s.i += 1
                s.take(["the"]) or s.take(["a"])
                kind = s.peek().lower() if s.peek().lower() in _KINDS else None
                if kind:
                    s.i += 1
                if not (s.take(["material"]) or s.take(["materials"])) or not s.take(["for"]):
                    s.i = at
                    raise _Stop
                made = self.np() or self._stop()
                if kind is None or made.card is None:
                    raise _Stop
                ev.mods.append(f"by using {_np_words(ev.patient)} as material")
                ev.verb, ev.patient = f"{kind} summon", made
                continue
            if s.take_any(self.t["own_procedure"]) is not None:
                if data()["verbs"][ev.verb]["event"] != "summon":
                    raise _Stop
                ev.own = True            # "... from hand with its own condition": its procedure
                continue
            if s.take(["targeting"]):
                t = self.np() or self._stop()
                ev.mods.append("targeting " + _np_words(t))
                continue
            if s.peek().lower() in ("with", "by", "using"):
                s.i += 1
                c = self.card()
                if c is None:
                    raise _Stop
                ev.by = c
                s.take(["'s"]) and (s.take(["effect"]) or self._stop())
                continue
            if s.peek().lower() == "on" and ev.verb in ("activate", "use", "chain", "flip", "cast"):
                s.i += 1                 # "X on their monster": said as written (it may not target)
                t = self.np() or self._stop()
                ev.mods.append("on " + _np_words(t))
                continue
            raise _Stop


def _np_words(np: NP) -> str:
    if np.card is not None:
        return np.say + _CARD.format(np.card) + np.tail
    return np.say


def _base(say: str) -> str:
    """The verb said after "I" ("activates" -> "activate", "Special Summons" -> "Special Summon")."""
    words = say.split()
    last = words[-1]
    if last == "has":
        last = "have"
    elif re.search(r"(ches|shes|sses|xes)$", last):
        last = last[:-2]
    elif last.endswith("s"):
        last = last[:-1]
    return " ".join(words[:-1] + [last])


def _card_words(text: str, names: list[str]) -> str:
    return _CARD_RE.sub(lambda m: names[int(m.group(1))], text)


def _say(ev: Event, names: list[str], kinds: list[str]) -> str:
    if ev.verb == "pass":
        return "Nobody responds."
    if ev.verb == "state":
        return _card_words(ev.mods[-1], names)
    v = dict(data()["verbs"][ev.verb])
    # where a card goes or comes from is said right after the verb, then when and how
    ev.mods = sorted(ev.mods, key=lambda m: 0 if m.startswith(("to ", "from ")) else 1)
    who = _np_words(ev.agent) if ev.agent is not None else ""
    if who == "I":
        v["say"] = _base(v["say"])
    what = _np_words(ev.patient) if ev.patient is not None else ""
    mods = [m for m in ev.mods]
    to = v.get("to")
    if to and not any(m.startswith("to ") for m in mods):
        mods.append(f"to the {to}")
    tail = (" " + " ".join(mods)) if mods else ""
    resp = " in response" if ev.responding else ""
    event = v["event"]
    if event == "activate" and ev.passive and ev.patient is not None:
        return _card_words(f"{what} is activated{tail}{resp}.", names)
    if event == "activate" and ev.patient is not None and ev.patient.card is None and \
            ev.patient.say in ("it", "that card", "the target") and ev.by is None and not mods:
        # "they chain it": the card told before (a Set card targeted) is activated in response
        return f"{who} {v['say'].replace('chains', 'activates').replace('chain', 'activate')} that card in response."
    if event == "activate":
        card = ev.patient if ev.patient is not None and ev.patient.card is not None else ev.by
        if card is None:
            raise _Stop
        return _card_words(f"{who} {v['say']} {_np_words(card)}{tail}{resp}.", names)
    if event == "flip" and ev.patient is not None and ev.patient.card is not None and \
            kinds[ev.patient.card] in ("spell", "trap") and not ev.passive and "face-down" not in mods:
        act = "activate" if who == "I" else "activates"
        return _card_words(f"{who} {act} {_np_words(ev.patient)}{tail}{resp}.", names)
    by = f" by {_np_words(ev.by)}'s effect" if ev.by is not None else ""
    if event == "move" and v.get("moves_itself") and ev.patient is None and ev.agent is not None \
            and ev.agent.player is None:
        # "X goes back to my hand": X is what moves
        return _card_words(f"{who} is {v['done']}{tail}{resp}.", names)
    if event in ("move", "flip"):
        if ev.patient is None:
            raise _Stop
        if ev.agent is not None and ev.agent.player is None:
            if ev.agent.card is None or ev.by is not None:
                raise _Stop              # "it destroys X": the grammar reads what "it" is
            by = f" by {_np_words(ev.agent)}'s effect"
        elif ev.agent is not None and event == "move":
            # a player does it: said actively, as the grammar reads a player's action
            w = f" with {_np_words(ev.by)}" if ev.by is not None else ""
            return _card_words(f"{who} {v['say']} {what}{tail}{w}{resp}.", names)
        return _card_words(f"{what} is {v['done']}{tail}{by}{resp}.", names)
    if event == "summon" and ev.own:
        card = ev.patient if ev.patient is not None else ev.agent
        if card is None or card.card is None:
            raise _Stop
        return _card_words(f"{_np_words(card)} is {v['done']}{tail}{resp} with its own procedure.", names)
    if event == "summon":
        if ev.intent:
            be = "am" if who == "I" else "is"
            return _card_words(f"{who} {be} about to {_base(v['say'])} {what}{tail}{resp}.", names)
        if ev.passive:
            return _card_words(f"{what} is {v['done']}{tail}{resp}.", names)
        return _card_words(f"{who} {v['say']} {what}{tail}{resp}.", names)
    if event == "negate":
        if ev.passive:
            return _card_words(f"{what}'s activation is negated{by}{resp}.", names)
        w = f" with {_np_words(ev.by)}" if ev.by is not None else ""
        if ev.patient is not None and ev.patient.activation:
            what = f"the activation of {_np_words(ev.patient)}"
        return _card_words(f"{who} negates {what}{w}{tail}{resp}.", names)
    if event == "target" and ev.agent is not None and ev.agent.card is not None and ev.patient is not None:
        return _card_words(f"{who} {v['say']} {what}{tail}{resp}.", names)
    if event == "target":
        if ev.by is None or ev.patient is None:
            raise _Stop
        return _card_words(f"{who} {v['say']} {what} with {_np_words(ev.by)}{tail}{resp}.", names)
    if event == "attack":
        if ev.agent is None or ev.agent.player is None or ev.patient is not None and ev.patient.say != "I":
            raise _Stop              # "X attacks": which monster, the grammar reads
        owned = "my" if who == "I" else "my opponent's"
        direct = " directly" if "directly" in ev.mods or ev.patient is not None else ""
        return _card_words(f"{owned} monster attacks{direct}.", names)
    if event == "resolve":
        return _card_words(f"{who or what} resolves.", names)
    if event == "hand":
        if ev.agent is None or ev.agent.player is None or not re.match(r"(\d+|no) ", what + " "):
            raise _Stop
        what = re.sub(r" in (?:the|my|my opponent's) hand$", "", what)
        if re.fullmatch(r"\d+", what):
            what += " cards"
        hand = "my hand" if who == "I" else "their hand"
        only = "only " if ev.only else ""
        return f"{who} {v['say']} {only}{what} in {hand}."
    if event == "control" and ev.patient is not None and ev.patient.card is not None and \
            not ev.patient.copies and mods in (["face-up"], ["face-up", ""], ["", "face-up"]):
        # "i got Royal Oppression face-up": that card face-up on that player's field
        field_of = "my field" if who == "I" else "my opponent's field"
        return _card_words(f"{_np_words(ev.patient)} is face-up on {field_of}.", names)
    if event == "control" and ev.patient is not None and ev.patient.copies:
        if mods and mods != [""]:
            raise _Stop                  # "2 X in my hand": no clause of the story grammar
        say = "control" if who == "I" else "controls"
        return _card_words(f"{who} {say} {what}.", names)
    if event == "control" and ev.only:
        if not re.match(r"\d", what):
            raise _Stop
        return _card_words(f"{who} {v['say']} only {what}{tail}.", names)
    if event == "control":
        if (not mods or mods == [""]) and not re.search(r" (in|from) ", what):
            # "I have no monsters", "has X out": on the field
            mods = []
            tail = ""
            v["say"] = "control" if who == "I" else "controls"
        return _card_words(f"{who} {v['say']} {what}{tail}.", names)
    if event == "leave":
        return _card_words(f"{what or who} leaves the field{resp}.", names)
    raise _Stop
