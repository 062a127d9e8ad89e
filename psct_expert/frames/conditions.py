"""What its activation condition looked at, told changed before the card resolved, read by its
story's frame: "activated ZERO-MAX with 0 cards in hand, opp chained something so i drew 2. does
it still resolve?", "I activate X while I control Y; they destroy Y in response. does X still
work?".

As in :mod:`.targeted`, the story decides the answer and is read, never set aside.  Each clause
of it must be one of: the card activated (with what held then: "with 3 cards in hand", "while
opp had a link monster"); what changed after it (in response, in the Chain, before it resolved),
said by the words of one thing an activation condition looks at (the hand, the field, the GY, the
LP: ``parser/frames.yaml`` ``conditions``); a response told without what it did; discourse.  The
question asks whether the card (or its effect) still resolves, works or goes through.

The reading is the ``resolves`` question of the grammar's families, with the change told as its
supposition (``changed``: what changed); the rules say whether that condition is checked again
at resolution.  A card whose activation condition does not look at what changed is not this
frame's.  English only, and the card's text: it names no card.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..parser.lexicon import Relexed
from .story import _PUNCT, _clauses, _fits, _tokens, asked_of_each, words as targeted_words
from .words import (
    frames_data, _GLUE, _QUOTE, _asked, _forms, _named, _sentences, vocabulary)

MAX_WORDS = 90


@lru_cache(maxsize=1)
def words() -> dict:
    data = frames_data().get("conditions") or {}
    return {
        "topics": {str(t): {str(w).lower() for w in ws}
                   for t, ws in (data.get("topics") or {}).items()},
        "changes": {str(w).lower() for w in data.get("changes") or ()},
        "held": {str(w).lower() for w in data.get("held") or ()},
        "asks": {str(w).lower() for w in data.get("asks") or ()},
        "resolve": {str(w).lower() for w in data.get("resolve") or ()},
        "acted": {str(w).lower() for w in data.get("acted") or ()},
        "activated": {str(w).lower() for w in data.get("activated") or ()},
        "blocks": {str(w).lower() for w in data.get("blocks") or ()},
    }


def _topics(plain: list[str], w: dict) -> set[str]:
    found = set()
    for topic, said in w["topics"].items():
        if any(t in said or _forms(t) & said for t in plain):
            found.add(topic)
    return found


def read_changed(text: str, spans: list[tuple[int, int, str]], db):
    """``text`` as the lexicon read it, ``spans`` its card names: (the card, the topic that
    changed, the clauses read), or None (see the module's docstring)."""
    from ..reader.reader import read_card

    voc, w, tw = vocabulary(), words(), targeted_words()
    named = _named(text, spans)
    if named is None:
        return None
    _ordered, names, whole = named
    toks = _tokens(whole)
    if _QUOTE.search(whole) or len(toks) > MAX_WORDS or set(toks) & w["blocks"]:
        return None
    story, asked = _asked(_sentences(whole))
    conditioned = {}
    for k, name in enumerate(names):
        card = db.get(name)
        if card is None:
            continue
        topics = {f.get("topic") for f in read_card(card).facts
                  if f.type == "activation_condition"}
        if topics:
            conditioned.setdefault(name, (k, topics))
    # the card asked about: named in the question, else the one card named with a condition
    said = " ".join(asked)
    asked_names = {names[int(t[1:-1])] for t in _tokens(said) if t.startswith("\ue001")}
    cands = [n for n in conditioned if n in asked_names] or \
        ([n for n in conditioned] if not asked_names else [])
    if len(cands) != 1:
        return None
    card_name = cands[0]
    if asked_names - {card_name}:
        return None
    card = db.get(card_name)
    own = {x for x in re.findall(r"[a-z0-9][a-z0-9\-]*", (card.text or "").lower())}
    base = voc["players"] | voc["pointers"] | _GLUE | _PUNCT | tw["things"]
    paid = {f for part in re.findall(r"[^.;:]*;", (card.text or "").lower())
            for x in re.findall(r"[a-z]+", part) for f in {x} | _forms(x)}
    used, changed, said_clauses = False, set(), []
    for sentence in story:
        for clause in _clauses(sentence):
            toks = _tokens(clause)
            plain = [t for t in toks if not t.startswith("\ue001")]
            cards = {names[int(t[1:-1])] for t in toks if t.startswith("\ue001")}
            if not toks or set(plain) <= _PUNCT and not cards:
                continue
            if not _fits(plain, base | tw["uses"] | tw["responses"] | w["held"] |
                         w["changes"] | set().union(*w["topics"].values()), voc, own) and \
                    (used or not _english_only(clause, voc)):
                # (what held before the card was activated may be said in any English words
                # that do not change what a card is: "(counts as wind water fire earth)")
                return None
            if card_name in cards and not used:
                # the card activated, with what held then ("with 3 cards in hand"), or told by
                # the cost it paid ("I discarded X when ...": a word of its text before a ";")
                if {t for t in set(plain) & w["changes"] - tw["uses"] if not _forms(t) & paid}:
                    return None
                if not set(plain) & w["activated"] and not any(_forms(t) & paid for t in plain
                                                                if t in w["changes"]):
                    return None     # "I control X and ...": the card named, not activated
                used = True
                said_clauses.append(clause.strip())
                continue
            if card_name in cards:
                if set(plain) & {"resolves", "resolve", "resolved", "resolving"} and \
                        set(plain) <= w["held"] | w["resolve"] | base | \
                        set().union(*w["topics"].values()) | {"when", "before", "at", "as"}:
                    # "... when X resolves": when what is told holds (a state then)
                    plain = [t for t in plain if t not in ("when", "resolves", "resolve")]
                    cards = cards - {card_name}
                else:
                    return None         # the card itself told again: what became of it
            if not used:
                # what held before it was activated ("I control Doriado", "opp had a link")
                if set(plain) & w["changes"] - w["held"]:
                    return None
                continue
            moved = set(plain) & w["changes"] or {t for t in plain if _forms(t) & w["changes"]}
            if not moved and set(plain) & {"has", "have", "had", "holds", "controls"} and \
                    _topics(plain, w):
                moved = {"has"}         # "so B only has 4 cards in hand now": what holds after
            if not moved:
                if set(plain) <= base | tw["responses"] | voc["discourse"] | w["held"]:
                    continue            # "they chain X", "opp responds"
                return None
            topics = _topics(plain, w)
            if cards and not topics:
                topics = {"field"}      # "they destroy Doriado": a card on the field
            if not topics:
                return None
            changed |= topics
            said_clauses.append(clause.strip())
    # what changed that the card's condition looks at ("send 2 from their hand to the GY":
    # the hand, of a condition on the hand)
    changed &= conditioned[card_name][1]
    if not used or len(changed) != 1:
        return None
    # the question: does it still resolve (work, go through)?
    plain = [t for t in _tokens(said) if not t.startswith("\ue001")]
    if set(plain) & w["resolve"]:
        if not _fits(plain, w["asks"] | w["resolve"], voc):
            return None
    elif not _acted(plain, own, w, voc) or "target" in own:
        # (an effect that targets: what it still does depends on its targets too)
        return None
    return card_name, next(iter(changed)), said_clauses


def _acted(plain: list[str], own: set[str], w: dict, voc: dict) -> bool:
    """Does the question ask whether what the card's text does is still done ("does it still
    Special Summon itself?", "can i still draw?"): "still", a game action its text says (not
    activating it), every other word one of its text or of ``asks``/``acted``, and no number its
    text does not say?"""
    from ..gamewords import gamewords

    gw = gamewords()
    if "still" not in plain:
        return False
    acts = [t for t in plain if gw.action_of(t) not in (None, "activate")]
    if any(gw.action_of(t) == "activate" for t in plain):
        return False
    # ("special summon": an action of two words, said in the text as they are)
    pairs = [f"{a} {b}" for a, b in zip(plain, plain[1:]) if gw.action_of(f"{a} {b}") is not None]
    if not acts + pairs or not all(t in own or _forms(t) & own for t in acts) or \
            not all(set(p.split()) <= own | {t for w_ in p.split() for t in _forms(w_)} for p in pairs):
        return False
    if any(t.isdigit() and t not in own for t in plain):
        return False
    return _fits(plain, w["asks"] | w["acted"], voc, own)


def _english_only(clause: str, voc: dict) -> bool:
    from .words import _MASKED, _placed as placed_words

    return placed_words(_MASKED.sub(" ", clause), voc)


def by_condition_told(relexed: Relexed, written: str, spans, db):
    """(spec, reading) of a question this frame reads, or None."""
    from ..reader.reader import read_card

    got = read_changed(relexed.text, spans, db)
    if got is None:
        return None
    card_name, topic, _said = got
    reading = read_card(db.get(card_name))
    effects = sorted({f.get("effect") for f in reading.facts
                      if f.type == "activation_condition" and f.get("topic") == topic})
    specs = []
    for eid in effects:
        n = eid.rpartition("#")[2]
        if not n.isdigit():
            return None
        specs.append({"family": "resolves", "effect": {"card": card_name, "n": int(n)},
                      "suppose": [{"changed": {"topic": topic}}]})
    if not specs:
        return None
    what = {"hand": "the cards in a hand", "field": "the cards on the field",
            "graveyard": "the cards in a GY", "life-points": "a player's LP"}.get(topic, topic)
    said = (f"{card_name} is activated; before it resolves, {what} change. "
            f"Does it still resolve?")
    return asked_of_each(specs, relexed, written, said)
