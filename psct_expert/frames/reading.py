"""The question read by its frame, from what the lexicon read (:func:`by_frame`): the frame, the
checks of the question as written, the canonical questions and the changes shown with the answer.
"""

from __future__ import annotations

import re

from ..parser.lexicon import Change, Relexed
from .ground import questions_of
from .read import _CLAUSE, _LATE_CLAUSE, ORDINAL_WORDS, Frame, read_frame
from .words import (
    _MASKED, _QUOTE, _WORD, _asked, _frames, _mask, _name_end, _premise_words, _sentences,
    vocabulary)


MAX_CHARS = 1500             # a longer text is never read by its frame

# a character no reader places (a stray byte, a control character): never set aside
_UNREADABLE = re.compile("[\ud800-\udfff\x00-\x08\x0b-\x1f\x7f\ue000-\uf8ff\ufffd]")


def _story_cards(text: str, spans: list[tuple[int, int, str]], frame: Frame) -> set[str]:
    """The cards named before the sentences that ask."""
    ordered = sorted(spans)
    story = _asked(_sentences(_mask(text, spans)))[0]
    return {ordered[int(k)][2] for part in story for k in _MASKED.findall(part)}


def changes_of(frame: Frame, asked: str) -> list[Change]:
    """What the restatement says of the reading: the question read by its frame, the other
    answer and the story set aside."""
    out = [Change("frame", frame.asked, asked)]
    if frame.clause:
        out.append(Change("grounded", frame.clause, frame.card))
    if frame.alternative:
        out.append(Change("alternative", frame.alternative))
    if frame.responding:
        # the response asked too: a no stands (nothing to respond to), a yes needs it
        out.append(Change("result", frame.responding))
    if frame.object:
        # what the cue was asked of: a no stands (it does that to nothing), a yes needs it
        out.append(Change("result", f"{frame.cue} {frame.object}"))
    if frame.story and frame.told and " effect of " in asked:
        # the story's words chose the effect; what happened is not read further
        out.append(Change("story-effect", frame.story, frame.card))
    elif frame.story:
        out.append(Change("story-aside", frame.story, frame.family))
    return out


def _answers_summons(db, name: str) -> bool:
    """Is the card one whose condition is that a monster is Summoned ("When your opponent
    Summons ...")?"""
    from ..reader.phrases import answers_a_summon
    from ..reader.reader import read_card

    card = db.get(name)
    return card is not None and answers_a_summon(read_card(card))


def _blocked_as_written(written: str, relexed: Relexed, db, families: dict,
                        frame: Frame) -> bool:
    """Do the sentences that ask, as written, hold a word that may change what is asked (other
    than in what the lexicon set aside as discourse, or in the other answer offered)?"""
    from ..parser.lexicon import DASH_QUESTION
    from ..rereading import mentions

    voc = vocabulary()
    said = " ".join(_asked(_sentences(DASH_QUESTION.sub(". ", _QUOTE.sub(" ", _mask(
        written, [(m.start, _name_end(written, m.start, m.end, m.card), m.card)
                  for m in mentions(written, db, families)])))))[1])
    # (a dash before a question word ends the sentence told before it, as the lexicon reads it:
    # "X's eff that negates a card - is that a targeting effect?" asks only after the dash)
    for c in relexed.changes:
        if c.kind == "set-aside" and c.written:
            said = re.sub(re.escape(c.written), " ", said, count=1, flags=re.IGNORECASE)
    m = re.search(r"(?:,\s*|\s)or\s+(?P<alt>[^?]*)\??\s*$", said, re.IGNORECASE)
    if m and all(w.lower() in voc["alternatives"] | voc["discourse"] | voc["players"]
                 for w in _WORD.findall(m.group("alt"))):
        said = said[:m.start()]
    if frame.clause:
        # the clause that says how the card does it, grounded in its text (said first or last)
        opened = _CLAUSE.match(said)
        late = _LATE_CLAUSE.search(said)
        said = " " + said[opened.end():] if opened else said[:late.start()] if late else said
    if frame.object:
        # what the cue is asked of, said after it (asked too: see :func:`changes_of`)
        said = re.sub(rf"\s*{re.escape(frame.object)}\s*(?=\?*\s*$)", " ", said,
                      flags=re.IGNORECASE)
    if frame.ordinal:
        # the effect's number, read as the effect asked of ("test run first effect, ...")
        said = re.sub(rf"\b(?:{ORDINAL_WORDS})(?=\s+(?:effect|effects|eff|ability)\b)", " ", said,
                      flags=re.IGNORECASE)
    for _name, _f, rx, _p in _frames(families):
        if _name == frame.family:
            said = rx.sub(" ", said)    # the cue itself ("... still sent ...") is the frame's
            for restated in _f.get("restates") or ():
                # the family's question said again ("... a cost i pay when i activate it?")
                said = re.sub(rf"(?<![\w']){restated}(?![\w'])", " ", said, flags=re.IGNORECASE)
    allowed = _premise_words(frame.premise, said, voc)
    fam = families.get(frame.family)
    allowed = allowed | set(((getattr(fam, "frame", None) or {}).get("words")) or ())
    return any(w.lower() in voc["blocking"] - allowed
               for w in _WORD.findall(_MASKED.sub(" ", said)))


def _readable_spans(relexed: Relexed, written: str, db, families: dict):
    """The card names of a question a frame may read (start, end, card), or None when it is
    too long or holds a character no reader places.  A name written in lower case that is a
    discourse word ("judge question.") is the word."""
    from ..rereading import mentions

    text = relexed.text
    if len(text) > MAX_CHARS or len(written) > MAX_CHARS or _UNREADABLE.search(written):
        return None
    voc = vocabulary()
    return [(m.start, _name_end(text, m.start, m.end, m.card), m.card)
            for m in mentions(text, db, families)
            if not (text[m.start:m.end].islower()
                    and text[m.start:m.end].strip(".,:;!?") in voc["discourse"])]


def by_story(relexed: Relexed, written: str, db, families: dict):
    """A question whose story decides it, read by its frame (:mod:`.targeted`: a target told
    changed before its effect resolved; :mod:`.conditions`: what its activation condition looked
    at, told changed): (its question spec, the reading to show), or None."""
    from .conditions import by_condition_told
    from .itself import by_itself_told
    from .targeted import by_target_told
    from .unable import by_unable_told

    spans = _readable_spans(relexed, written, db, families)
    if spans is None:
        return None

    return by_target_told(relexed, written, spans, db) or \
        by_condition_told(relexed, written, spans, db) or \
        by_unable_told(relexed, written, spans, db) or \
        by_itself_told(relexed, written, spans, db)


def by_frame(relexed: Relexed, written: str, db, families: dict):
    """The question read by its frame (``relexed``: as the lexicon read it; ``written``: as
    written): (its canonical questions, the reading to show), or None.  The caller reads each
    canonical question and answers only when they agree."""
    spans = _readable_spans(relexed, written, db, families)
    if spans is None:
        return None
    text = relexed.text
    frame = read_frame(text, spans, families)
    if frame is None:
        from .pairs import read_pair

        pair = read_pair(text, spans, families, db)
        if pair is None:
            return None
        question, frame = pair
        return [question], Relexed(question, list(relexed.changes) + changes_of(frame, question))
    if _blocked_as_written(written, relexed, db, families, frame):
        # a word that may change what is asked, as the question was written (the lexicon may
        # have told "... start a Chain if X?" as "X. ...?": what is supposed is never a story)
        return None
    if frame.responder and frame.subject == "summon" and _answers_summons(db, frame.responder):
        # "does that summon start a chain so I can respond with X?" of a card whose condition is
        # that a monster is Summoned: it is activated in that Summon's own window, so that the
        # Summon starts no Chain never says it cannot be
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
    with_object = _asked_of_object(frame, asked, families)
    if with_object is not None:
        # "does that target my monster?": first asked with the thing in it, as the family's
        # grammar reads it (what the effect targets must fit it); the question without it, the
        # thing asked too, when the grammar does not read that
        shown = Relexed(with_object[0], list(relexed.changes) + [
            c for c in changes_of(frame, with_object[0]) if c.kind != "result"])
        if len(with_object) > 1:
            shown.changes.append(Change("every-effect", frame.asked, frame.card))
        return with_object, shown, (asked, out)
    return asked, out


def _asked_of_object(frame: Frame, asked: list[str], families: dict) -> list[str] | None:
    """The canonical questions with the thing the cue is asked of in them (the family's
    ``ask_object``), or None."""
    spec = getattr(families.get(frame.family), "frame", None) or {}
    template, with_object = spec.get("ask") or "", spec.get("ask_object")
    if not frame.object or not with_object or "{effect}" not in template:
        return None
    before, after = template.split("{effect}", 1)
    out = []
    for q in asked:
        if not (q.startswith(before) and q.endswith(after)):
            return None
        effect = q[len(before):len(q) - len(after)] if after else q[len(before):]
        out.append(with_object.format(effect=effect, object=frame.object))
    return out
