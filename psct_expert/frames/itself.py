"""The card itself told gone before its activation resolved, read by its story's frame: "Ixchel
activated her quick effect on a trap in my GY, then got destroyed in response. does it still
resolve?", "i activate pot of greed, opp chains and banishes it. does it still resolve?".

As in :mod:`.targeted`, the story decides the answer and is read, never set aside.  Each clause
must be one of: the card activated (on what it targets, said in the words ``targeted`` places);
the card itself destroyed, banished, returned or sent away after it (said by its name, "itself",
or with no subject right after it was activated); a response told without what it did;
discourse.  The question asks whether it (its effect) still resolves, works or goes through.

The reading is the ``resolves`` question of the grammar's families with the Chain told as its
situation (the activation, a response that moved the card, that response resolved first); the
rules say whether a card removed in response still resolves.  English only, and the card's text:
it names no card.
"""

from __future__ import annotations

import re

from ..parser.lexicon import Relexed
from ..reader.select import activated_effects
from .conditions import words as condition_words
from .story import (
    _MARKS, _PUNCT, _clauses, _fits, _left, _tokens, asked_of_each, words as targeted_words)
from .words import _asked, _forms, _named, _sentences, vocabulary

MAX_WORDS = 80

# the action told done to the card, by its verb's base word, as the situation says it
_MOVES = {"destroy": "destroyed", "pop": "destroyed", "kill": "destroyed", "banish": "banished",
          "exile": "banished", "remove": "left-field", "bounce": "returned-to-hand",
          "return": "returned-to-hand", "send": "sent-to-gy", "mill": "sent-to-gy",
          "tribute": "tributed", "shuffle": "returned-to-deck", "spin": "returned-to-deck",
          "leave": "left-field", "left": "left-field"}
_SELF = frozenset(("itself", "herself", "himself"))
# a response told without its card ("they chain something")
_UNNAMED = frozenset(("something", "anything", "a", "an", "card", "effect", "trap", "spell",
                      "quick", "quick-play", "hand", "from", "their", "his", "her"))


def _moved(plain: list[str]) -> str | None:
    found = {_MOVES[f] for t in plain for f in _forms(t) if f in _MOVES}
    return found.pop() if len(found) == 1 else None


# words that say an effect of the card, not the card's own activation ("I activate X's effect in
# the GY"; never where a target is, "targeting a monster in my GY")
_EFFECT_SAID = frozenset({"effect", "effects", "eff"})


def read_itself(text: str, spans: list[tuple[int, int, str]], db):
    """(the card, the move told, whether it was told targeting), or None (see the docstring)."""
    from ..reader.reader import read_card

    voc, tw, cw = vocabulary(), targeted_words(), condition_words()
    named = _named(text, spans)
    if named is None:
        return None
    _ordered, names, whole = named
    if len(set(names)) != 1:
        return None             # another card told: what it did may decide it
    card_name = names[0]
    card = db.get(card_name)
    if card is None or not activated_effects(read_card(card)):
        return None
    if len(_tokens(whole)) > MAX_WORDS or '"' in whole:
        return None
    story, asked = _asked(_sentences(whole))
    own = set(re.findall(r"[a-z0-9][a-z0-9\-]*", (card.text or "").lower()))
    used, targeting, move, last_used, effect_said = False, False, None, False, False
    for sentence in story:
        for clause in _clauses(sentence):
            toks = _tokens(clause)
            plain = [t for t in toks if not t.startswith("\ue001")]
            named = any(t.startswith("\ue001") for t in toks)
            if not toks or set(plain) <= _PUNCT and not named:
                continue
            was_used, last_used = last_used, False
            gone = _left(plain, tw)
            if named and not used and not gone:
                # the card activated (on what it targets)
                if not _fits(plain, tw["uses"] | tw["things"], voc, own):
                    return None
                used, last_used = True, True
                targeting |= bool(set(plain) & _MARKS)
                # (hunt 132f) "I activate X's effect from my GY": one of its effects, said by the
                # word, never a Spell's or Trap's own activation
                effect_said |= bool(set(plain) & _EFFECT_SAID)
                continue
            if not used:
                return None
            if gone:
                # the card itself moved: said by its name, "itself", or with no subject right
                # after it was activated ("..., then got destroyed")
                # ("it" is the card when no target was told: nothing else is there to be it)
                if not (named or set(plain) & _SELF or
                        "it" in plain and not targeting and not set(plain) & tw["things"] or
                        was_used and
                        not set(plain) & (voc["players"] | tw["things"] | {"it", "them"})):
                    return None
                if not _fits(plain, tw["left"] | tw["responses"] | tw["goes"] | _SELF |
                             {"field", "gy", "graveyard", "hand", "deck"}, voc):
                    return None
                said = _moved(plain)
                if said is None or move and move != said:
                    return None
                move = said
                continue
            if not named and _fits(plain, tw["responses"] | _UNNAMED, voc) and \
                    not set(plain) & {"it", "them", "one"}:
                continue            # "opp responds", "they chain"
            return None
    if not used or move is None:
        return None
    said = " ".join(asked)
    plain = [t for t in _tokens(said) if not t.startswith("\ue001")]
    if not set(plain) & cw["resolve"] or not _fits(plain, cw["asks"] | cw["resolve"], voc):
        return None
    if effect_said and (card.kind or "").lower() in ("spell", "trap"):
        return None             # an effect of the Spell/Trap, not its activation: as the grammar reads it
    return card_name, move, targeting


def by_itself_told(relexed: Relexed, written: str, spans, db):
    """(spec, reading) of a question this frame reads, or None."""
    from ..reader.reader import read_card

    got = read_itself(relexed.text, spans, db)
    if got is None:
        return None
    card_name, move, targeting = got
    reading = read_card(db.get(card_name))
    activated = activated_effects(reading)
    if (reading.card.kind or "").lower() in ("spell", "trap"):
        # a Spell's or Trap's own activation (what resolves, or not, when it left the field)
        activated = {f"{card_name}#0"}
    elif targeting:
        activated &= {f.get("effect") for f in reading.facts if f.type == "target"}
    ns = sorted(int(e.rpartition("#")[2]) for e in activated
                if e.rpartition("#")[2].isdigit())
    if not ns:
        return None
    specs = []
    for n in ns:
        ref = {"card": card_name, "n": n}
        specs.append({"family": "resolves", "effect": dict(ref), "situation": [
            {"kind": "activate", "id": "a1", "effect": dict(ref), "player": "you"},
            {"kind": "activate", "id": "a2", "effect": {"generic": "card"},
             "player": "opponent", "respond": "a1",
             "does": [{"action": move, "id": "x1", "what": card_name}]},
            {"kind": "resolve", "of": "a2"}]})
    said = (f"{card_name} is activated; in response it is {move.replace('-', ' ')}. "
            f"Does it still resolve?")
    return asked_of_each(specs, relexed, written, said)
