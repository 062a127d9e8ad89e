"""A question of two cards read by its frame: one acts on the other, whose text protects it.

"their monster cant be targeted by card effects. can my evenly matched still banish it?",
"can raigeki destroy opp's draglubion? it's untargetable": a family whose frame says
``pair: protected`` (``knowledge/questions.yaml``: can-target) is asked when the sentences that
ask say the protection (its ``cues``), the question names exactly two cards, the text of one of
them (the reader's ``cannot_be_targeted`` facts) protects it and the other does not, and the
sentences that ask say one action of the other card (a verb of ``parser/frames.yaml``'s
``pair_verbs``, in any form) and whose card the protected one is ("their", "opp's", "my").
Every other word of the asked sentences is a frame word, discourse, or one of the family's own
``words``; anything else leaves the question to the other readings, as in :mod:`.frames`.
The canonical question is ``ask_pair`` ("Can {actor} {verb} {owner}{protected}?").
"""

from __future__ import annotations

import re

from .read import Frame
from .words import (
    _GLUE, _MASKED, _WORD, _asked, _forms, _mask, _placed, _sentences, past_discourse,
    vocabulary)


def _unmasked(part: str, text: str, ordered: list) -> str:
    """``part`` with each card name as ``text`` wrote it."""
    return _MASKED.sub(lambda m: text[ordered[int(m.group(1))][0]:ordered[int(m.group(1))][1]],
                       part).strip()


def _protects_itself(card, db) -> bool:
    from ..reader.reader import read_card

    c = db.get(card)
    return c is not None and any(f.type == "cannot_be_targeted" and f.get("protects") == "self"
                                 and f.get("what") != "attacks" for f in read_card(c).facts)


def read_pair(text: str, spans: list[tuple[int, int, str]], families: dict, db):
    """(the canonical question, its Frame) of a two-card question, or None."""
    voc = vocabulary()
    masked = _mask(text, spans)
    story, asked = _asked(_sentences(masked))
    said = " ".join(asked)
    ordered = sorted(spans)
    cards = list(dict.fromkeys(c for _s, _e, c in ordered))
    if len(cards) != 2:
        return None
    for name, fam in families.items():
        for frame in (getattr(fam, "frame", None) or {}, getattr(fam, "pair_frame", None) or {}):
            if frame.get("pair") == "cost":
                got = _cost_pair(name, frame, text, ordered, story, asked, db)
                if got is not None:
                    return got
        frame = getattr(fam, "frame", None) or {}
        if frame.get("pair") != "protected":
            continue
        cue = re.compile("|".join(f"(?:{c})" for c in frame["cues"]), re.IGNORECASE)
        plain = _MASKED.sub(lambda m: f" \ue003{m.group(1)}\ue003 ", said)
        told = _MASKED.sub(" ", " ".join(story))
        if not cue.search(plain) and not cue.search(told):
            continue        # the protection said, in the question or in the story before it
        protected = [c for c in cards if _protects_itself(c, db)]
        if len(protected) != 1:
            return None
        protected = protected[0]
        actor = next(c for c in cards if c != protected)
        rest = cue.sub(" ", plain)
        words = [w.lower() for w in _WORD.findall(re.sub("\ue003\\d+\ue003", " ", rest))]
        own = set(frame.get("words") or ())
        verbs, owner = set(), ""
        plain_words = voc["asks"] | voc["pointers"] | voc["players"] | voc["effect_nouns"] | _GLUE
        for _k, w in past_discourse(words, voc):
            pair_verb = next((f for f in sorted(_forms(w)) if f in voc["pair_verbs"]), None)
            if pair_verb:
                verbs.add(voc["pair_verbs"][pair_verb])
            elif w in voc["owners_opponent"]:
                owner = owner or "my opponent's "
            elif w in voc["blocking"] - own or w.isdigit():
                return None
            elif not (w in plain_words or w in own or w in ",:;-–—()'\"?!.’"):
                return None
        before = [text[max(0, st - 4):st].lower() for st, _e, c in ordered if c == protected]
        if any(b.endswith("my ") for b in before):
            owner = "my "           # "my Avramax": the asker's own card
        elif not owner and {w.lower() for w in _WORD.findall(told)} & (
                voc["owners_opponent"] | {"opponent", "opp", "they", "their"}):
            owner = "my opponent's "
        if len(verbs) != 1 or not owner:
            return None
        for part in story:
            # (the protection said in it is the cue's)
            if _MASKED.search(part) and not _placed(cue.sub(" ", part), voc):
                return None
            # a negation told ("its effects are negated") may lift the protection: never set aside
            if {w.lower() for w in _WORD.findall(cue.sub(" ", part))} & (voc["blocking"] - own):
                return None
        question = frame["ask_pair"].format(actor=actor, verb=verbs.pop(), owner=owner,
                                            protected=protected)

        found = cue.search(plain) or cue.search(told)
        return question, Frame(name, actor, _unmasked(said, text, ordered), found.group(),
                               story=_unmasked(" ".join(story), text, ordered))
    return None


# the words players say a cost's action with ("pitch" a card: discard it)
_DID_SAID = {"pitch": "discard", "dump": "send"}
# the past form a cost's action is told in, and where it sends the card
_DID = {"discard": ("discard", ""), "tribute": ("Tribute", ""), "send": ("send", " to the GY"),
        "banish": ("banish", ""), "detach": ("detach", "")}


def _cost_pair(name: str, frame: dict, text: str, ordered: list, story: list[str],
               asked: list[str], db):
    """"i discard X as the cost for Y. does X get its trigger?": the card paid as a cost (X) and
    the card whose cost it is (Y), told with "cost" or "to activate"; the question asks whether
    X's effect can be activated after Y resolves (``ask_cost``).  None when not so told, when
    the action is not one cost action, or when a word of the asked sentences is not placed."""
    voc = vocabulary()
    whole = " ".join(story + asked)
    said = " ".join(asked)
    cue = re.compile("|".join(f"(?:{c})" for c in frame["cues"]), re.IGNORECASE)
    if not cue.search(_MASKED.sub(" ", whole)):
        return None
    named = list(dict.fromkeys(ordered[int(k)][2] for k in _MASKED.findall(said)))
    cards = list(dict.fromkeys(c for _s, _e, c in ordered))
    # the card paid: the one the action is done to ("discard X", "X is tributed", "pitch X")
    # (the story's action when it tells one: the asked sentence may describe the effect by
    # what triggers it, "its when-sent effect")
    told = " ".join(story)
    acts = [(m.start(), _DID_SAID.get(f, f)) for m in _WORD.finditer(told.lower())
            for f in sorted(_forms(m.group())) if _DID_SAID.get(f, f) in _DID] or \
        [(m.start(), _DID_SAID.get(f, f)) for m in _WORD.finditer(whole.lower())
         for f in sorted(_forms(m.group())) if _DID_SAID.get(f, f) in _DID]
    if len({a for _p, a in acts}) != 1:
        return None
    verb = acts[0][1]
    after = _MASKED.search(whole, acts[0][0])
    before = [m for m in _MASKED.finditer(whole[:acts[0][0]])]
    paid = None
    if after is not None and not whole[acts[0][0]:after.start()].strip(" ").count(" ") > 1:
        paid = ordered[int(after.group(1))][2]       # "discard X"
    elif before:
        paid = ordered[int(before[-1].group(1))][2]  # "X is discarded"
    if paid is None or len(named) == 1 and named[0] != paid:
        return None             # the question asks of another card than the one paid
    other = [c for c in cards if c != paid]
    if len(other) != 1:
        return None
    # the asked sentences: frame words, discourse, its own words, and words its text says
    own = set(frame.get("words") or ())
    plain = voc["asks"] | voc["pointers"] | voc["players"] | voc["effect_nouns"] | _GLUE | own
    card = db.get(paid)
    from ..situate.refs import grounded_in_text

    words = [w.lower() for w in _WORD.findall(_MASKED.sub(" ", said))]
    if set(words) & (voc["owners_opponent"] | voc["players_opponent"]):
        return None             # (hunt) "can my opponent activate X's effect?": not the payer's
    for _k, w in past_discourse(words, voc):
        if w in voc["blocking"] - own or w.isdigit():
            return None
        if not (w in plain or w in ",:;-–—()'\"?!.’" or
                any(_DID_SAID.get(f, f) in _DID for f in _forms(w)) or
                (card is not None and grounded_in_text(w, card.text or ""))):
            return None
    for part in story:
        if _MASKED.search(part) and not _placed(cue.sub(" ", part), voc):
            return None
        # what else happened (a negation, a response) may decide it: told, never set aside
        if {w.lower() for w in _WORD.findall(part)} & (voc["blocking"] - own):
            return None
    did, where = _DID[verb]
    question = frame["ask_cost"].format(did=did, trigger=paid, where=where, other=other[0])

    # the story is read into the canonical question (what was paid, for what): shown as read
    return question, Frame(name, paid, _unmasked(whole, text, ordered),
                           cue.search(_MASKED.sub(" ", whole)).group())
