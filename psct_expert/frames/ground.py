"""A frame → its canonical questions, grounded in the card's text: the effects its words fit
(each must then agree), the effect whose cost does the action, a text that speaks of responses.
"""

from __future__ import annotations

import re

from ..reader.numbering import said_number
from .read import Frame
from .words import _quote_words, vocabulary


_ORDINAL = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth"}

# words of a clause that say it is asked of, not which effect ("when it is activated")
_ASKED_WORDS = frozenset(("is", "are", "was", "were", "be", "been", "it", "its", "it's", "gets",
                          "got", "get", "activated", "used", "activate", "use"))

_PASSIVE = frozenset(("is", "are", "was", "were", "gets", "got", "get", "been", "being"))

_RESPONSES = re.compile(r"\brespon|\bchain(?:ed)? to\b|\bin response\b", re.IGNORECASE)


def questions_of(frame: Frame, db, families: dict) -> list[str] | None:
    """The canonical question(s) the frame asks: one per effect its described words fit (the
    answer must then be the same for each), or None when no effect fits them."""
    from ..reader.reader import read_card
    from ..situate.refs import grounded_in_text

    fam = families[frame.family]
    spec = getattr(fam, "frame", None) or {}
    card = db.get(frame.card)
    if card is None:
        return None
    text = " ".join(filter(None, (card.text, getattr(card, "pendulum_text", None))))
    conditioned = None
    if frame.late and frame.subject == "effect":
        said = [w for w in frame.clause_words if w not in _ASKED_WORDS]
        if set(frame.clause.lower().split()) & _PASSIVE:
            # "... when it is destroyed?": what happens to the card, said by the condition of
            # the effect asked about (the words before its ":")
            conditioned = said
        else:
            # "does X start a chain when it banishes?": what the effect does says which
            frame.described = frame.described + said
    elif frame.clause_words and not all(grounded_in_text(w, text) for w in frame.clause_words):
        return None         # the clause says what the card's text does not: a condition
    if not all(re.search(rf"(?<![\d,.]){n}(?![\d,])", text) for n in frame.numbers):
        return None         # a number the card's text does not say ("send 3" of "send 2")
    if spec.get("ask_parts"):
        # "destroying X and Special Summoning Y, same time?": each effect that has both parts
        # (the grammar finds them again in the canonical question), its other words grounded
        reading = read_card(card)
        out = []
        for e in reading.effects:
            said = [f.get("verb") for f in reading.facts
                    if f.type == "clause" and f.get("effect") == e.id]
            verbs = {v for v in said if said.count(v) == 1}   # a verb of two parts says neither
            if said_number(reading, e) not in _ORDINAL or len(frame.parts) != 2 or \
                    not set(frame.parts) <= verbs or \
                    frame.ordinal and said_number(reading, e) != frame.ordinal or \
                    frame.described and not grounded_in_text(" ".join(frame.described), e.text):
                continue
            out.append(spec["ask_parts"].format(
                effect=f"the {_ORDINAL[said_number(reading, e)]} effect of {frame.card}",
                first=frame.parts[0].replace("-", " "), second=frame.parts[1].replace("-", " ")))
        return out or None
    if frame.responds and _RESPONSES.search(text):
        # "... that they can respond to?" asks whether a response can be made: a text that
        # speaks of responses may forbid them (whatever starts a Chain)
        return None
    if frame.ordinal and (spec.get("ask_same") or frame.premise or frame.subject != "effect" or
                          not spec.get("ask") or frame.action):
        return None         # the effect's number said: only a question of one effect takes it
    if spec.get("ask_same"):
        # "can I use it again?": the same card (each effect that has a limit asked, agreeing)
        # or another copy; said neither way, both, and they must agree
        reading = read_card(card)
        limited = [e for e in reading.effects if said_number(reading, e) in _ORDINAL and
                   re.search(r"only (?:use|activate)|once per (?:turn|chain)", e.text, re.I)]
        out = []
        if frame.copy in ("same", "") and len(limited) == 1:
            out.append(spec["ask_same"].format(
                effect=f"The {_ORDINAL[said_number(reading, limited[0])]} effect of {frame.card}",
                card=frame.card))
        elif frame.copy == "same" or frame.copy == "" and not all(
                re.search(r"only (?:use|activate|special summon|summon)\b", e.text, re.I) for e in limited):
            # which of its effects, nothing says; said neither way, the other copy alone answers
            # for the same card only when every limit binds the card's name (what another copy
            # cannot do, the same cannot either); a "Once per turn" of the copy does not (round
            # 95: "can I activate its effect again?" of the same card)
            return None
        if frame.copy in ("other", ""):
            out.append(spec["ask_other"].format(card=frame.card))
        return out or None
    if frame.premise:
        # "{effect} was negated. Is the card I discarded still in my GY?": the effects whose
        # text does the action (each must agree)
        said = vocabulary()["cost_questions"].get(frame.action, {}).get(frame.polarity)
        if not said:
            return None
        verb = frame.action.split()[0]
        lemma = next((k for k, v in vocabulary()["actions"].items() if v == frame.action), verb)
        reading = read_card(card)
        fits = [e for e in reading.effects if said_number(reading, e) in _ORDINAL and
                (grounded_in_text(lemma, e.text) or grounded_in_text(verb, e.text))]
        if frame.described:
            fits = [e for e in fits if grounded_in_text(" ".join(frame.described), e.text)]
        if not fits:
            return None
        return [spec["ask"].format(effect=f"The {_ORDINAL[said_number(reading, e)]} effect of "
                                          f"{frame.card}", question=said) for e in fits]
    if frame.subject == "summon":
        if not spec.get("ask_summon"):
            return None
        return [spec["ask_summon"].format(summon=frame.summon, card=frame.card + frame.where)]
    if not spec.get("ask"):
        # a question of the card as a whole ("Can I activate X during the Damage Step?")
        if frame.described or not spec.get("ask_card"):
            return None
        return [spec["ask_card"].format(card=frame.card)]
    if frame.action:
        if not frame.described and spec.get("ask_card") and not _quote_fits_an_effect(frame, card):
            # the effect is the one whose cost has the action (the reading finds it); a quotation
            # that one of its effects says tells which, below (hunt 76)
            return [spec["ask_card"].format(action=frame.action, card=frame.card)]
    if frame.subject == "activation":
        if not spec.get("ask_activation"):
            return None
        return [spec["ask_activation"].format(card=frame.card)]
    if card.kind in ("spell", "trap") and not (frame.described or frame.ordinal or frame.quoted or
                                               frame.told or frame.action or conditioned):
        # "does United We Stand target the monster it equips to?": a Spell or Trap Card asked of
        # as a whole is what the grammar makes of its name (most often its activation: an Equip
        # Spell's activation targets, its "Equip only to ..." does not)
        return [spec["ask"].format(effect=frame.card, action=frame.action)]
    reading = read_card(card)
    effects = [e for e in reading.effects if said_number(reading, e) in _ORDINAL and
               (not frame.ordinal or said_number(reading, e) == frame.ordinal)]
    if not effects:
        return None
    fits = [e for e in effects
            if not frame.described or grounded_in_text(" ".join(frame.described), e.text)]
    if conditioned is not None:
        fits = [e for e in fits if not conditioned or grounded_in_text(
            " ".join(conditioned), e.text.partition(":")[0] if ":" in e.text else "")]
    if frame.quoted:
        # a quotation is of the effect whose text says its words (every effect else: agreed)
        said = [e for e in fits if _quote_fits(frame, e.text)]
        if (frame.subject == "effect" or frame.action) and said:
            # the quotation says which effect is asked (hunt 76: of a cost asked too)
            fits = said
        if spec.get("quote_whole") and any(_a_part(q, e.text) for e in said for q in frame.quoted):
            # "the 'banish it when it leaves' part - is that a chain link?": a part of what the
            # effect does (after ", but", ", then", ...) is asked of, not the effect activated
            return None
    if not fits:
        return None
    if spec.get("quote_whole") and frame.described and any(
            _applied_each_time(reading, e, frame.described) for e in fits):
        # (round 88) "is my draw from X a Chain Link?": the draw is a part the resolved effect
        # applies each time something happens later, not the effect activated
        return None
    if frame.told:
        # the effect the story's words fit best, when one does (else each effect is asked):
        # "I dropped X from hand with its own condition. Does that start a Chain?"
        score = {e.n: sum(1 for w in frame.told if grounded_in_text(w, e.text)) for e in fits}
        best = max(score.values())
        if not best and not (frame.described or frame.ordinal or frame.quoted) and \
                "pendulum" in (card.subtypes or ()):
            # (round 102) "Opp places X in their Pendulum Zone. Is that a chain link?": the story
            # alone would say which effect of a Pendulum Monster is asked, and what it tells of
            # the card stands in none of its monster effects' texts: it may tell its Spell side
            # (placed as a Pendulum Scale, a Pendulum Effect), never read as one of them
            return None
        top = [e for e in fits if score[e.n] == best]
        if len(top) == 1:
            fits = top
    if len(fits) > 1 and frame.pointer and not frame.described:
        # "X. Does it target?": which of its effects "it" is, nothing says
        return None
    return [spec["ask"].format(effect=f"the {_ORDINAL[said_number(reading, e)]} effect of "
                                      f"{frame.card}", action=frame.action) for e in fits]


def _applied_each_time(reading, effect, described: list[str]) -> bool:
    """Is an action ``described`` says done only by a part of ``effect`` (or of its bullets) that
    applies each time an event happens ("each time your opponent Special Summons ..., draw 1
    card"), never at the effect's activation or its first resolution?"""
    from ..gamewords import gamewords

    acts = {gamewords().action_of(w) for w in described} - {None}
    if not acts:
        return False
    mine = reading.within(effect.id)
    later = {(f.get("effect"), f.get("n")) for f in mine if f.type == "each_time"}
    if not later:
        return False
    doing = [(f.get("effect"), f.get("n")) for f in mine
             if f.type in ("clause", "cost_action") and f.get("verb") in acts]
    return bool(doing) and all(d in later for d in doing)


def _quote_fits_an_effect(frame, card) -> bool:
    """Does a quotation in the question stand in the text of one of the card's effects (the way
    the effects asked of are narrowed to those it fits)?"""
    from ..reader.reader import read_card

    if not frame.quoted:
        return False
    reading = read_card(card)
    return any(_quote_fits(frame, e.text) for e in reading.effects
               if said_number(reading, e) in _ORDINAL)


def _quote_fits(frame, text: str) -> bool:
    """Does every quotation of the question stand in ``text`` (an effect's), in any form?"""
    from ..situate.refs import grounded_in_text

    return all(grounded_in_text(_quote_words(q), text) for q in frame.quoted if _quote_words(q))


def _a_part(quote: str, text: str) -> bool:
    """Is ``quote`` said by ``text`` inside what it does after its colon or semicolon, past where
    that begins ("..., but banish it when it leaves the field")?  A quotation of its condition or
    its cost, or of what it does from the start, is not."""
    words = _quote_words(quote).split()
    flat = " ".join(re.findall(r"[a-z]+", text.lower()))
    if not words:
        return False
    at = flat.find(" ".join(words[:3]))
    if at < 0:
        return False
    starts = [len(" ".join(re.findall(r"[a-z]+", text[:m.end()].lower()))) + 1
              for m in re.finditer(r"[:;]", text)]
    before = [s for s in starts if s <= at]
    return bool(before) and at != max(before)
