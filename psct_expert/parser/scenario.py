"""Scenario lines in plain English → suppositions for a question.

Each line is one event, oldest first.  The forms (documented in the README):

* ``Player B controls a face-up Dark Magician.`` / ``Player A controls a FIRE
  monster and has a FIRE monster in the Graveyard.``
* ``Player A Normal Summons Lord of D.``
* ``Player A activates Ring of Destruction targeting Dark Magician.`` /
  ``Player A activates the second effect of X targeting the Set card.``
* ``Player B chains Book of Moon targeting Dark Magician.`` / ``Player B chains
  a card that flips the Set card face-up.``
* ``Dark Magician is face-down when Ring of Destruction resolves.`` /
  ``The monster on the field is not FIRE when the card resolves.`` /
  ``Lord of D. has 700 ATK when Trap Hole resolves.``
* ``Player A has 2 cards in hand.`` / ``Player B has 4 cards in hand when
  Gamble resolves.`` / ``Player A has no cards in the Graveyard.``
* ``Mystic Plasma Zone is face-up on the field.``

A line that fits none of them is an error that names the line.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .. import kre as re  # re, each pattern's program kept on disk (psct_expert.kre)
from ..cards import CardDB
from ..errors import QuestionError
from .names import ORDINALS, find_cards
from ..gamewords import gamewords

ARTICLES = {"a", "an", "the", "that", "this", "those", "these"}
ATTRS = frozenset(gamewords().attributes)  # the shared game words


@dataclass
class Entity:
    id: str
    words: set
    card: str | None = None
    zone: str = "field"
    player: str = ""


@dataclass
class Activation:
    line: int
    ref: dict | None           # effect reference, or None for "a card that ..."
    targets: list[str] = field(default_factory=list)


@dataclass
class Scenario:
    entities: list[Entity] = field(default_factory=list)
    activations: list[Activation] = field(default_factory=list)
    suppose: list[dict] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    last: Entity | None = None
    _ids: set = field(default_factory=set, repr=False, compare=False)       # every entity's id
    _next: dict = field(default_factory=dict, repr=False, compare=False)    # base -> next number

    # -- entities ------------------------------------------------------------
    def declare(self, desc: str, db: CardDB, player: str = "", zone: str = "field") -> Entity:
        desc = desc.strip().rstrip(".")
        mentions = find_cards(desc, db)
        card = mentions[0].card if mentions else None
        words = {w.lower() for w in re.findall(r"[\w-]+", desc)} - ARTICLES
        if card:
            words |= {w.lower() for w in re.findall(r"[\w-]+", card)}
        if re.search(r"\b(?:graveyard|gy)\b", desc, re.I):
            zone = "graveyard"
        base = card or " ".join(w for w in desc.split() if w.lower() not in ARTICLES)
        # the first free of "base", "base (2)", "base (3)" ...: ids are only ever added, so the
        # numbers below the one kept for a base are taken (a story's length stays linear)
        eid = base
        if eid in self._ids:
            k = self._next.get(base, 2)
            eid = f"{base} ({k})"
            while eid in self._ids:
                k += 1
                eid = f"{base} ({k})"
            self._next[base] = k + 1
        ent = Entity(eid, words, card, zone, player)
        self.entities.append(ent)
        self._ids.add(eid)
        self.last = ent
        return ent

    def resolve(self, phrase: str, db: CardDB, create: bool = True) -> list[Entity]:
        phrase = phrase.strip().rstrip(".")
        low = phrase.lower()
        if re.match(r"^(?:both|the two|all) (?:monsters|cards|targets)$", low):
            return list(self.entities)
        mentions = find_cards(phrase, db)
        if mentions:
            for e in reversed(self.entities):
                if e.card == mentions[0].card:
                    self.last = e
                    return [e]
            if create:
                return [self.declare(phrase, db)]
        if low in ("it", "that monster", "that card", "the monster", "the card",
                   "the targeted monster", "the targeted card", "that target", "the target"):
            targeted = [t for a in self.activations for t in a.targets]
            if targeted:
                ent = next(e for e in self.entities if e.id == targeted[-1])
                return [ent]
            if self.last:
                return [self.last]
        words = {w.lower() for w in re.findall(r"[\w-]+", phrase)} - ARTICLES - {"targeted"}
        zone = None
        if re.search(r"\bon the field\b", low):
            zone, words = "field", words - {"on", "field"}
        if re.search(r"\bin the (?:graveyard|gy)\b", low):
            zone, words = "graveyard", words - {"in", "graveyard", "gy"}
        for e in reversed(self.entities):
            if words <= e.words | {"card", "monster"} and (zone is None or e.zone == zone):
                if "monster" in words and "card" not in words and e.words & {"spell", "trap"}:
                    continue
                self.last = e
                return [e]
        if create:
            return [self.declare(phrase, db)]
        return []


LINE_FORMS = [
    ("controls", re.compile(r"^(?P<p>player [ab]) controls (?P<desc>.+?)(?: and has (?P<desc2>.+?) in (?:the|their|his|her) (?:graveyard|gy))?$", re.I)),
    ("summons", re.compile(r"^(?P<p>player [ab]) (?:normal |special |flip |tribute )?summons (?P<desc>.+)$", re.I)),
    ("sets", re.compile(r"^(?P<p>player [ab]) sets (?P<desc>.+)$", re.I)),
    ("activates", re.compile(r"^(?P<p>player [ab]) (?:activates|chains) (?P<what>.+?)(?: targeting (?P<tgt>.+))?$", re.I)),
    ("state", re.compile(r"^(?P<subj>.+?) (?:is|are) (?P<state>face-up|face-down|set|not (?:a )?[A-Z]+(?: monster)?|no longer (?:a )?[\w-]+(?: monster)?|a [A-Z]+ monster) when (?P<res>.+?) resolves$")),
    ("atk", re.compile(r"^(?P<subj>.+?) has (?P<atk>\d+) ATK when (?P<res>.+?) resolves$")),
    ("count", re.compile(r"^(?P<p>player [ab]) has (?P<n>\d+|no|a|one|an) cards? in (?:the |their |his |her )?(?P<zone>hand|graveyard|gy)(?: when (?P<res>.+?) resolves)?$", re.I)),
    ("in_play", re.compile(r"^(?P<card>.+?) is (?:face-up )?(?:on the field|active|face-up on the field)$", re.I)),
]


MAX_LINES = 200          # a situation at a table is a few lines; more is not a ruling question
MAX_LINE = 500


def parse_scenario(lines: list[str], db: CardDB) -> Scenario:
    if not isinstance(lines, list):
        raise QuestionError("scenario lines are a list of lines")
    if len(lines) > MAX_LINES:
        raise QuestionError(f"a scenario has at most {MAX_LINES} lines ({len(lines)} given)")
    for i, raw in enumerate(lines, 1):
        if isinstance(raw, str) and len(raw) > MAX_LINE:
            raise QuestionError(f"scenario line {i} is longer than {MAX_LINE} characters", line=i)
    sc = Scenario(lines=list(lines))
    for i, raw in enumerate(lines, 1):
        if not isinstance(raw, str):
            raise QuestionError(f"scenario line {i} is not text: {raw!r}", line=i)
        line = " ".join(raw.split()).rstrip(".").strip()
        line = line.replace("\u2019", "'")
        if not line:
            continue
        src = f"scenario line {i}: {raw.strip()}"
        for kind, rx in LINE_FORMS:
            m = rx.match(line)
            if m and kind == "activates" and _more_than_the_form(m):
                continue        # told by the question grammar, which reads it whole
            if m:
                _apply(sc, kind, m, src, db, i)
                break
        else:
            raise QuestionError(
                f"scenario line {i} could not be read: {raw.strip()!r}", line=i,
                unplaced=raw.strip(),
                forms=["Player B controls a face-up CARD.",
                       "Player A Normal Summons CARD.",
                       "Player A activates CARD [targeting THING].",
                       "Player B chains CARD [targeting THING] / chains a card that ...",
                       "THING is face-down / face-up / not FIRE when CARD resolves.",
                       "THING has 700 ATK when CARD resolves.",
                       "Player A has 2 cards in hand [when CARD resolves].",
                       "CARD is face-up on the field."])
    return sc


def _more_than_the_form(m: re.Match) -> bool:
    """An activation line that says more than this form keeps: a card "that" moves or negates
    something ("Player B chains a card that banishes ..."; what a card "that flips it face-up"
    does is told by the lines after it, as this form reads them), or two targets ("targeting A
    and B"), which a single target here would lose."""
    what, tgt = m.group("what") or "", m.group("tgt") or ""
    return bool(re.match(r"(?i)^(?:a|an) (?:card|effect|spell|trap|quick-play spell|counter trap|"
                         r"quick effect)(?: that| which)? (?:banish|destroy|return|send|bounce|negate|"
                         r"tribute|discard|remove|shuffle)", what)) or \
        bool(re.search(r"(?i)\s(?:and|,)\s*(?:a|an|1|one|my|their|his|her|the)?\s*\w", tgt))


def _effect_ref(what: str, db: CardDB) -> dict | None:
    what = what.strip()
    if re.match(r"^(?:a|an) (?:card|effect|spell|trap)\b", what, re.I):
        return None
    mentions = find_cards(what, db)
    if not mentions:
        raise QuestionError(f"no card named in {what!r}", unplaced=what)
    card = mentions[0].card
    m = re.search(r"\b(" + "|".join(ORDINALS) + r") effect\b", what, re.I)
    if m:
        # the number players say it by (a Summoning condition written first is not numbered):
        # the reader's own number is found when the effect is selected
        return {"card": card, "said": ORDINALS[m.group(1).lower()]}
    return {"card": card, "select": "activation"}


def _apply(sc: Scenario, kind: str, m, src: str, db: CardDB, i: int) -> None:
    if kind == "controls":
        sc.declare(m.group("desc"), db, m.group("p"))
        if m.group("desc2"):
            sc.declare(m.group("desc2") + " in the Graveyard", db, m.group("p"), "graveyard")
    elif kind in ("summons", "sets"):
        sc.declare(m.group("desc"), db, m.group("p"))
    elif kind == "activates":
        ref = _effect_ref(m.group("what"), db)
        act = Activation(i, ref)
        if m.group("tgt"):
            ents = sc.resolve(m.group("tgt"), db)
            act.targets = [e.id for e in ents]
            if ref is not None:
                # which target group each one is in is read off the card after parsing
                for k, ent in enumerate(ents):
                    sc.suppose.append({"targeted": {"effect": ref, "target": ent.id,
                                                    "slot": {"of": len(ents), "index": k},
                                                    "from": src}})
        sc.activations.append(act)
    elif kind == "state":
        ents = sc.resolve(m.group("subj"), db)
        state = m.group("state")
        prop, value = _state(state)
        for ent in ents:
            sc.suppose.append({"state": {"target": ent.id, "property": prop, "value": value,
                                         "from": src}})
    elif kind == "atk":
        for ent in sc.resolve(m.group("subj"), db):
            sc.suppose.append({"state": {"target": ent.id, "property": "atk",
                                         "value": int(m.group("atk")), "from": src}})
    elif kind == "count":
        if m.group("res"):
            ref = _effect_ref(m.group("res"), db) or {}
            if ref.get("select") == "activation":
                card = db.get(ref["card"])
                if card.kind in ("spell", "trap"):
                    ref = {"card": card.name, "n": 0}
            zone = m.group("zone").lower()
            topic = "hand" if zone == "hand" else "graveyard"
            sc.suppose.append({"changed": {"effect": ref, "topic": topic, "from": src}})
    elif kind == "in_play":
        mentions = find_cards(m.group("card"), db)
        if not mentions:
            raise QuestionError(f"scenario line {i}: no card named in {m.group('card')!r}",
                                line=i, unplaced=m.group("card"))
        sc.suppose.append({"in_play": {"card": mentions[0].card, "from": src}})


def _state(state: str) -> tuple[str, object]:
    s = state.lower()
    if s in ("face-up", "face-down"):
        return "face", s
    if s == "set":
        return "face", "face-down"
    m = re.match(r"(?:not|no longer) (?:a )?([\w-]+)", state)
    if m:
        word = m.group(1)
        if word.upper() in ATTRS:
            return "attribute-not", word.upper()
        return "race-not", re.sub(r"-Type$", "", word).title()
    m = re.match(r"a ([A-Z]+) monster", state)
    if m:
        return "attribute", m.group(1)
    return "face", s
