"""What the story frames share (:mod:`.targeted`, :mod:`.conditions`, :mod:`.unable`,
:mod:`.itself`): the words of ``parser/frames.yaml`` ``targeted`` (the card used, the things,
the responses, the changes), a story sentence cut into clauses, a clause's words, and whether
each word of a clause is placed.  English only.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..parser.lexicon import Change, Relexed
from .words import frames_data, _GLUE, _forms, _phrases

_TOKEN = re.compile("\ue001\\d+\ue001|\ue002\\d+\ue002|[a-z0-9][a-z0-9'/\\-]*|[^\\sa-z0-9]",
                    re.IGNORECASE)
# where a story sentence is cut into clauses
_JOIN = re.compile(r"\s*(?:[,;:()]|\s-\s|\band then\b|\bthen\b|\band\b|\bso\b|\bbut\b|\+)\s*",
                   re.IGNORECASE)
_PUNCT = frozenset(",:;-–—()'\"?!.’")
# the words whose "'s" is their own ("it's"), not a possessive
_KEEP_S = frozenset(("it's", "opp's", "opponent's", "that's", "what's", "there's", "he's", "she's"))
# the words after which the story says what the card targets
_MARKS = frozenset(("targeting", "targets", "target", "targeted", "on", "at", "against",
                    "choosing", "chose", "chooses", "picked", "picks", "picking", "selecting",
                    "selected"))
# the words before a participle that make it say where a card is ("my banished monsters")
_DETERMINERS = frozenset(("my", "their", "his", "her", "your", "our", "the", "a", "an", "of",
                          "opp's", "opponent's", "own", "2", "two", "3", "three", "all"))


@lru_cache(maxsize=1)
def words() -> dict:
    data = frames_data().get("targeted") or {}
    out = {k: {str(w).lower() for w in v} for k, v in data.items() if isinstance(v, list)}
    out["face"] = {str(k).lower(): str(v) for k, v in (data.get("face") or {}).items()}
    out["position"] = {str(k).lower(): str(v) for k, v in (data.get("position") or {}).items()}
    out["actions"] = {str(k).lower(): str(v) for k, v in (data.get("actions") or {}).items()}
    out["same_action"] = {str(k): [str(x) for x in v]
                          for k, v in (data.get("same_action") or {}).items()}
    return out


def _tokens(clause: str) -> list[str]:
    """The clause's words, lower case, a noun's "'s" taken off ("the monster's effects")."""
    out = []
    for t in _TOKEN.findall(clause):
        if not t.startswith(("\ue001", "\ue002")):
            t = t.lower()
            if t.endswith("'s") and t not in _KEEP_S:
                t = t[:-2]
            elif t != "'" and (t.startswith("'") or t.endswith("'")):
                t = t.strip("'")        # a word a single quotation mark opens or closes
            if not t:
                continue
        out.append(t)
    return out


def _clauses(sentence: str) -> list[str]:
    return [c for c in _JOIN.split(sentence) if c and c.strip(" .!?")]


def _card_words(text: str) -> set[str]:
    """The words of a card's text, whole and by their parts ("psychic-type": "psychic" too)."""
    whole = set(re.findall(r"[a-z0-9][a-z0-9\-/]*", text.lower()))
    return whole | {p for w in whole for p in re.split(r"[-/]", w) if p}


def _fits(tokens: list[str], allowed: set[str], voc: dict, text_words: set[str] = frozenset()
          ) -> bool:
    """Is each word placed: by ``allowed``, the frames' shared words, discourse, a number, or a
    word of the card's text (``text_words``: said of what it targets)?"""
    shared = voc["players"] | voc["pointers"] | _GLUE
    k = 0
    while k < len(tokens):
        n = _phrases(tokens, voc["discourse"], k)
        if n:
            k += n
            continue
        t = tokens[k]
        if not (t in allowed or t in shared or t in _PUNCT or t.isdigit() or
                t.startswith("\ue001") or t in text_words or
                t.rstrip("s") in text_words or _forms(t) & (text_words | allowed)):
            return False
        k += 1
    return True


def _left(tokens: list[str], w: dict) -> bool:
    """Does the clause say a card left where it was ("banished", "is moved", "goes to the GY")?"""
    for k, t in enumerate(tokens):
        if t.startswith("\ue001") or not _forms(t) & w["left"]:
            continue
        if t.endswith("ed") and k and (tokens[k - 1] in _DETERMINERS or tokens[k - 1].isdigit()):
            continue            # "my banished monsters": where they are, not what was done
        return True
    return any(t in w["goes"] and "to" in tokens[k:k + 3] and
               set(tokens[k:k + 5]) & {"gy", "graveyard", "grave", "hand", "deck"}
               for k, t in enumerate(tokens))




def asked_of_each(specs: list[dict], relexed: Relexed, written: str, said: str):
    """A story frame's reading: the question of each effect it fits (the answers must then
    agree: ``each``), and the reading shown, the question as written read as ``said``."""
    spec = dict(specs[0])
    if len(specs) > 1:
        spec["each"] = specs[1:]
    return spec, Relexed(said, list(relexed.changes) + [Change("frame", written, said)])
