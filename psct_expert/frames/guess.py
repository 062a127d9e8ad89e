"""The canonical questions a frame would ask, read loosely: the first nearest questions of a
refusal (:mod:`psct_expert.suggest`), never an answer.
"""

from __future__ import annotations


from .words import _MASKED, _WORD, _asked, _forms, _frames, _mask, _sentences, vocabulary


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
