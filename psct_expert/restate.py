"""The question an answer answers, said back in a canonical form.

Each family declares a ``restate`` template in ``knowledge/questions.yaml``;
its ``{slots}`` are filled from the built question, so the restatement shows
what was understood (which effect, which Summon), not what was typed.
"""

from __future__ import annotations

import re
import string
from typing import TYPE_CHECKING

from .gamewords import gamewords

if TYPE_CHECKING:
    from .questions import Question

ORDINAL_WORDS = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth"}


DESCRIBED_ID = re.compile(r"^(an? .+ Card) a\d+$")   # "a Trap Card a1": a card described by kind


def effect_words(eid: str) -> str:
    """"NAME#2" → "the second effect of NAME"; "NAME#0" → "activating NAME"."""
    name, _, n = str(eid).rpartition("#")
    if not name:
        return str(eid)
    described = DESCRIBED_ID.match(name)
    if described:                    # its activation id is the situation's, not words of the question
        name = described.group(1)
    if n == "0":
        return f"activating {name}"
    m = re.fullmatch(r"(P?)(\d+)(?:\.(\d+))?", n)
    if not m:
        return str(eid)
    which = ORDINAL_WORDS.get(int(m.group(2)), f"#{m.group(2)}")
    text = f"the {which} {'Pendulum ' if m.group(1) else ''}effect of {name}"
    if m.group(3):
        text = f"bullet {m.group(3)} of {text}"
    return text


def gerund(verb: str) -> str:
    """An action name as a doing: "discard" → "discarding", "special-summon" → "Special Summoning"."""
    words = str(verb).split("-")
    last = words[-1]
    last = last[:-1] + "ing" if last.endswith("e") and not last.endswith("ee") else last + "ing"
    text = " ".join(words[:-1] + [last])
    return text.title() if "summon" in text else text


def _slot_words(question: Question) -> dict[str, str]:
    words: dict[str, str] = {}
    facts = {f.type: f for f in question.facts}
    for key, value in question.params.items():
        words[key] = str(value)
        if isinstance(value, str) and "#" in value:
            words[key] = effect_words(value)
    acts = {f.get("activation"): f for f in question.facts if f.type == "activation"}
    ents = {f.get("entity"): f for f in question.facts if f.type == "entity"}
    for key, value in question.params.items():
        if value in acts:
            words[key] = "the activation of " + effect_words(acts[value].get("effect")).replace(
                "activating ", "") + _by_player(_said_player(question, value))
        elif value in ents:
            e = ents[value]
            words[key] = e.get("card") if e.get("card") not in (None, "none") else _entity_words(e)
    if "verb" in question.params:
        words["verb"] = gerund(question.params["verb"])
        if question.spec.get("object"):
            words["verb"] += " " + str(question.spec["object"])
    ev = facts.get("summon_event")
    if ev is not None and "summon" in question.params:
        by = ev.get("by")
        kind = str(ev.get("kind", "special")).title()
        words["summon"] = f"the {kind} Summon of {ev.get('card')}" + \
            (f" by {effect_words(by)}" if by and by != "none" else "")
    summon = [f for f in question.facts if f.type == "summon"
              and f.get("summon") == question.params.get("summon")]
    if summon:
        kind = str(summon[0].get("kind", "special"))
        kind = {"by-effect": "Special", "procedure": "Special", "unsaid": ""}.get(kind, kind.title())
        what = summon[0].get("card")
        words["summon"] = f"the {kind} Summon".replace("the  ", "the ") + \
            (f" of {what}" if what and what != "none" else "") + \
            _by_player(_said_player(question, question.params.get("summon")))
    # what the question said the action is done to ("Does X target a Spell?")
    words["object"] = f" {question.spec['object']}" if question.spec.get("object") else ""
    words["asked"] = _asked_words(question)
    responds = [f for f in question.facts if f.type == "responds"]
    words["responds"] = " (chained by your opponent)" if responds and \
        responds[0].get("player") == "opponent" else ""
    act = facts.get("activation_event")
    if act is not None and "activation" in question.params and \
            question.params["activation"] not in acts:          # an activation of the situation
        words["activation"] = "the activation of " + effect_words(act.get("effect")).replace(
            "activating ", "")
    return words


_PLACE_WORDS = {"gy": "in the GY", "hand": "in the hand", "banished": "banished", "deck": "in the Deck",
                "extra-deck": "in the Extra Deck"}


def _entity_words(e) -> str:
    """A card of the situation known only by what was said of it: "your opponent's face-down
    monster", "a Spell/Trap in your GY"."""
    whose = {"you": "your ", "opponent": "your opponent's "}.get(e.get("controller"), "a ")
    face = {"up": "face-up ", "down": "face-down "}.get(e.get("face"), "")
    kind = {"monster": "monster", "spell": "Spell", "trap": "Trap"}.get(e.get("kind"), "card")
    place = _PLACE_WORDS.get(e.get("place"), "")
    return f"{whose}{face}{kind}" + (f" {place}" if place else "")


def _said_player(question: Question, aid: str):
    """The player the question told to have made an activation or a Summon (None when it said
    nobody)."""
    ev = next((e for e in question.spec.get("situation") or []
               if isinstance(e, dict) and e.get("id") == aid), None)
    if ev is None or ev.get("player-said") == "no":
        return None
    return ev.get("player")


def _by_player(player) -> str:
    """Who made an activation or a Summon, in the asker's words ("by you", "by your opponent")."""
    return {"you": " by you", "opponent": " by your opponent"}.get(player, "")


def _asked_words(question: Question) -> str:
    """What a can-activate-now question says of the activation beside the effect: who would
    activate it, from where, in whose turn, and that the card was Set this turn."""
    asked = [f for f in question.facts if f.type == "asked_activation"]
    if not asked:
        return ""
    bits = []
    if asked[0].get("player") == "opponent":
        bits.append("by your opponent")
    if asked[0].get("place") == "hand":
        bits.append("from the hand")
    phases = sorted((f for f in question.facts if f.type == "phase_now"),
                    key=lambda f: f.get("seq", 0))
    if phases:                       # the moment the situation is in: the last phase told
        last = phases[-1]
        whose = {"you": "your ", "opponent": "your opponent's "}.get(last.get("turn"), "the ")
        if last.get("phase") in ("damage-step", "damage-calculation"):
            whose = "the "           # told in either turn alike (its rules do not depend on it)
        if last.get("phase") == "unsaid":
            if last.get("turn") in ("you", "opponent"):
                bits.append(f"in {whose}turn")
        else:
            forms = dict(gamewords().phases).get(last.get("phase"))
            name = forms[0].title() if forms else str(last.get("phase"))
            bits.append(f"in {whose}{name}")
    if any(f.type == "set_this_turn" for f in question.facts):
        bits.append("in the turn it was Set")
    return "".join(" " + b for b in bits)


class _Blank(dict):
    def __missing__(self, key):
        return f"{{{key}}}"


def restate(question: Question, template: str) -> str:
    if not template:
        return ""
    words = _slot_words(question)
    names = {f[1] for f in string.Formatter().parse(template) if f[1]}
    return template.format_map(_Blank({k: v for k, v in words.items() if k in names}))
