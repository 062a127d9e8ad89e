"""A part of an effect told unable to be done, and another part asked about, read by its
story's frame: "Divine Wrath vs a monster that can't be destroyed by card effects: is the
activation still negated?", "drill warrior's banish: they chain iron wall so it cant be
banished. do i still have to discard?".

As in :mod:`.targeted`, what is told decides the answer and is read, never set aside.  What is
read: the card whose effect it is (named; its effect has a part that does the action told
unable and a part that does the action asked); the action told unable ("cannot be destroyed",
"can't be banished", "won't be destroyed", "nothing got destroyed", "doesn't die"); the action
asked ("is the activation still negated?", "does it still gain the ATK?").  Every other word must
be one the frames place (``parser/frames.yaml``: the players, pointers, responses and things of
``targeted``, the words of ``unable``), a word of the card's own text, or discourse: a word that
says something else happened (the card negated, another card destroyed) leaves the question to
the other readings.

The reading is the ``clause-done`` question of the grammar's families (is that part done?),
with the part told unable as its supposition (``fails``); the rules of the conjunctions say what
follows.  English only, and the card's text: it names no card.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..parser.lexicon import Relexed
from .story import _PUNCT, _tokens, asked_of_each, words as targeted_words
from .words import frames_data, _GLUE, _forms, _named, _phrases, vocabulary

MAX_WORDS = 90

# the action told unable: "can't be destroyed", "won't be banished", "nothing got destroyed",
# "so X can't destroy it"
_UNABLE = re.compile(
    r"\b(?:can'?t|cannot|can not|won'?t|will not|couldn'?t|could not|wasn'?t|isn'?t|is not|"
    r"was not|not|never)\s+(?:actually\s+|really\s+|even\s+|just\s+)?(?:be\s+|get\s+|been\s+)?"
    r"(?P<pp>[a-z\-]+)"
    r"|\bnothing\s+(?:got|gets|is|was|were|get|can be|could be|actually gets|actually got)\s+"
    r"(?P<pp2>[a-z\-]+)"
    r"|\b(?:doesn'?t|does not|didn'?t|did not|won'?t|will not)\s+(?P<die>die)\b"
    r"|\b(?:can'?t|cannot|can not|couldn'?t|could not)\s+(?P<verb>[a-z\-]+)\s+(?:it|them|that)\b",
    re.IGNORECASE)


@lru_cache(maxsize=1)
def words() -> dict:
    data = frames_data().get("unable") or {}
    return {"words": {str(w).lower() for w in data.get("words") or ()},
            "undergone": [(tuple(str(x).lower() for x in said), str(act))
                          for act, forms in (data.get("undergone") or {}).items()
                          for said in forms]}


# the words that may stand between the words of an action said as undergone ("take the damage")
_BETWEEN = frozenset(("the", "any", "that", "this", "its", "all"))


def _undergone(toks: list[str], k: int, undergone: list) -> tuple[str, int] | None:
    """(the action, how many words say it) of an action said at ``toks[k]`` by what the other
    player undergoes ("take the damage": inflict), or None."""
    for said, act in undergone:
        if toks[k] != said[0]:
            continue
        j, ok = k + 1, True
        for want in said[1:]:
            while j < len(toks) and toks[j] in _BETWEEN:
                j += 1
            if j >= len(toks) or toks[j] != want:
                ok = False
                break
            j += 1
        if ok:
            return act, j - k
    return None


def _action(word: str, actions: dict) -> str | None:
    return next((actions[f] for f in sorted(_forms(word.lower())) if f in actions), None)


def read_unable(text: str, spans: list[tuple[int, int, str]], db):
    """(the card, its action told unable, the actions asked), or None (see the docstring)."""
    from ..reader.reader import read_card

    voc, tw, w = vocabulary(), targeted_words(), words()
    named = _named(text, spans)
    if named is None:
        return None
    _ordered, names, whole = named
    if len(_tokens(whole)) > MAX_WORDS:
        return None
    # the action told unable, once (quotation marks are no words here)
    plain_text = whole.replace('"', " ").replace("'s ", " ")
    told = [m for m in _UNABLE.finditer(plain_text)]
    failing = set()
    for m in told:
        said = m.group("pp") or m.group("pp2") or m.group("verb")
        act = "destroy" if m.group("die") else _action(said or "", tw["actions"])
        if act is None:
            return None
        failing.add(act)
    if len(failing) != 1:
        return None
    fail = failing.pop()
    # the question: the sentence with "?" (else the last); its actions, past what was told
    parts = re.split(r"(?<=[?!.])\s+", plain_text.strip())
    asked_at = max((k for k, p in enumerate(parts) if "?" in p), default=len(parts) - 1)
    asked = _UNABLE.sub(" ", parts[asked_at])
    # the clause that asks is the last of its sentence ("activation is negated, does it still
    # gain the ATK?"): what the clauses before it say is told, never asked
    *told_before, asked = re.split(r"\s*[,;]\s+", asked)
    asked_toks = _tokens(asked)
    acts, under_at = [], set()
    for k, t in enumerate(asked_toks):
        if t.startswith("\ue001") or k in under_at:
            continue
        got = _undergone(asked_toks, k, w["undergone"])
        if got is not None:
            acts.append(got[0])
            under_at |= set(range(k, k + got[1]))
            continue
        if " ".join(asked_toks[k:k + 2]) == "special summon":
            acts.append("special-summon")
            continue
        if k and asked_toks[k - 1] == "special" and t in ("summon", "summoned"):
            continue
        act = _action(t, tw["actions"])
        if act is not None and t not in tw["asks"] - {"draw"}:
            acts.append(act)
    acts = list(dict.fromkeys(acts))
    if not acts or fail in acts or len(acts) > 2:
        return None
    # the card: the one named whose effect does both
    fits = []
    for name in dict.fromkeys(names):
        card = db.get(name)
        if card is None:
            continue
        reading = read_card(card)
        for e in reading.effects:
            verbs = {f.get("verb") for f in reading.facts
                     if f.type == "clause" and f.get("effect") == e.id}
            if fail in verbs and all(a in verbs for a in acts):
                fits.append((name, e.n))
    if len({n for n, _e in fits}) != 1:
        return None
    card_name = fits[0][0]
    if _said_undergone_by_itself(plain_text, told, names, card_name, read_card(db.get(card_name)),
                                 fail):
        return None
    card = db.get(card_name)
    own = set(re.findall(r"[a-z0-9][a-z0-9\-]*", (card.text or "").lower()))
    # every other word placed (the story's and the question's: an action asked is placed in
    # the question only)
    story_toks = _tokens(_UNABLE.sub(" ", " ".join(parts[:asked_at] + told_before +
                                                   parts[asked_at + 1:])))
    if not _placed(story_toks, names, card_name, [fail], w, voc, tw, own):
        return None
    if not _placed(_tokens(asked), names, card_name, acts + [fail], w, voc, tw, own):
        return None
    effects = sorted({e for n, e in fits})
    return card_name, effects, fail, acts


# what stands before the unable words when the card (or its activation) is what undergoes it:
# "Magic Jammer wasn't negated", "Magic Jammer's activation was not negated" ("it" may be the
# card its part acts on: not read so)
_OWN_SUBJECT = re.compile(r"\ue001(?P<k>\d+)\ue001(?:'s\s+(?:activation|effect)|\s+(?:activation|effect))?"
                          r"\s*(?:is|was|were|are|gets|got)?\s*$", re.IGNORECASE)


def _said_undergone_by_itself(text: str, told: list, names: list[str], card_name: str, reading,
                              fail: str) -> bool:
    """(hunt 45) "My Magic Jammer wasn't negated": the card whose part does the action is the one
    said not to undergo it (the passive's subject), not a card its part failed on: unless that
    part does the action to the card itself ("banish this card"), the frame does not read it."""
    for m in told:
        said = m.group(0).lower()
        if m.group("pp") is None or not (re.search(r"\b(?:be|been|get)\b", said) or
                                         re.match(r"(?:wasn'?t|isn'?t|is not|was not)\b", said)):
            continue            # "X can't inflict damage": an action of its own, not undergone
        before = text[:m.start()].rstrip()
        own = _OWN_SUBJECT.search(before)
        if own is None:
            continue
        k = int(own.group("k"))
        if k >= len(names) or names[k] != card_name:
            continue
        if re.search(r"\b(?:with|by|using|from|of|for|to|on|targets?|targeted)\s*$",
                     before[:own.start()], re.IGNORECASE):
            continue            # "the monster I target with X can't be destroyed": not X itself
        itself = any(f.type == "clause" and f.get("verb") == fail and f.source is not None and
                     re.search(r"\bthis card\b", f.source.quote, re.I) for f in reading.facts)
        if not itself:
            return True
    return False


def _placed(toks: list[str], names: list[str], card_name: str, acts: list[str], w: dict,
            voc: dict, tw: dict, own: set[str]) -> bool:
    """Is each word placed (see the module's docstring)?"""
    allowed = voc["players"] | voc["pointers"] | _GLUE | _PUNCT | tw["things"] | tw["uses"] | \
        tw["responses"] | tw["asks"] | w["words"]
    k = 0
    while k < len(toks):
        n = _phrases(toks, voc["discourse"], k)
        if n:
            k += n
            continue
        t = toks[k]
        if t.startswith("\ue001"):
            k += 1
            continue
        if _forms(t) & {"negate"} and "negate" not in acts:
            # "X negates ...": the card's own negation (a negation of it is another story)
            if not (k and toks[k - 1].startswith("\ue001") and
                    names[int(toks[k - 1][1:-1])] == card_name):
                return False
            k += 1
            continue
        got = _undergone(toks, k, w["undergone"])
        if got is not None and got[0] in acts:
            k += got[1]
            continue            # the action asked, said as what the other player undergoes
        if _action(t, tw["actions"]) in acts:
            k += 1
            continue            # the action asked, or the one told unable, said again
        if t == "another" and k and toks[k - 1] == "by":
            k += 1
            continue            # "destroyed by another Chain Link": who did it
        if t in voc["blocking"] - w["words"] or t in ("other", "others", "another"):
            # ("my other monster can't be destroyed": another card than the one it acts on)
            return False
        if not (t in allowed or t.isdigit() or t in own or t.rstrip("s") in own or
                _forms(t) & tw["left"]):
            # (what made the action fail may be told: "they removed the field spell")
            return False
        k += 1
    return True


def by_unable_told(relexed: Relexed, written: str, spans, db):
    """(spec, reading) of a question this frame reads, or None."""
    got = read_unable(relexed.text, spans, db)
    if got is None:
        return None
    card_name, effects, fail, acts = got
    specs = []
    others = list(dict.fromkeys(c for _s, _e, c in spans if c != card_name)) if spans else []
    for n in effects:
        parts = [{"family": "clause-done", "effect": {"card": card_name, "n": n}, "part": a,
                  "suppose": [{"fails": {"part": fail}}]} for a in acts]
        spec = dict(parts[0])
        if len(parts) > 1:
            spec["and"] = parts[1:]
        if "negate" in acts and others:
            # (hunt 56) "their Heavy Storm ... my Divine Wrath": the other card named is what
            # the negation answers; a negator that cannot negate it settles a no
            spec["unless"] = [{"family": "negate-activation", "negator": {"card": card_name, "n": n},
                               "activated": {"card": o}} for o in others]
        specs.append(spec)
    said = (f"{card_name}'s {fail} cannot be done. "
            f"Is its {' and '.join(acts)} still done?")
    return asked_of_each(specs, relexed, written, said)
