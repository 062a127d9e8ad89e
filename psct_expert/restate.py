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
        if isinstance(value, str) and "#" in value and key != "card":   # ("Jinzo #7" is a card)
            words[key] = effect_words(value)
    if question.params.get("player") in ("you", "opponent"):     # normal-summon-again
        words["player"] = {"you": "you", "opponent": "your opponent"}[question.params["player"]]
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


def _asked_moment(question: Question):
    """What a can-activate-now question says beside the effect, as facts (both languages word
    them): the asked activation, the last phase told (the moment the situation is in) with its
    name (None when only the turn is told), and whether the card was Set this turn; None when
    nothing is asked."""
    asked = next((f for f in question.facts if f.type == "asked_activation"), None)
    if asked is None:
        return None
    phases = sorted((f for f in question.facts if f.type == "phase_now"),
                    key=lambda f: f.get("seq", 0))
    last = phases[-1] if phases else None
    name = None
    if last is not None and last.get("phase") != "unsaid":
        forms = dict(gamewords().phases).get(last.get("phase"))
        name = forms[0].title() if forms else str(last.get("phase"))
    step = next((f.get("step") for f in question.facts if f.type == "damage_substep"
                 and last is not None and f.get("seq") == last.get("seq")), None)
    return asked, last, name, any(f.type == "set_this_turn" for f in question.facts), step


# a part of the Damage Step told (game-rules#damage-step.1), in both languages
SUBSTEP_WORDS = {"start": ("at its start", "al suo inizio"),
                 "before-damage-calculation": ("before damage calculation",
                                               "prima del calcolo dei danni"),
                 "damage-calculation": ("during damage calculation", "durante il calcolo dei danni"),
                 "after-damage-calculation": ("after damage calculation",
                                              "dopo il calcolo dei danni"),
                 "end": ("at its end", "alla sua fine")}


def _asked_words(question: Question) -> str:
    """What a can-activate-now question says of the activation beside the effect: who would
    activate it, from where, in whose turn, and that the card was Set this turn."""
    moment = _asked_moment(question)
    if moment is None:
        return ""
    asked, last, name, set_turn, step = moment
    bits = []
    if asked.get("player") == "opponent":
        bits.append("by your opponent")
    if asked.get("place") == "hand":
        bits.append("from the hand")
    if last is not None:
        whose = {"you": "your ", "opponent": "your opponent's "}.get(last.get("turn"), "the ")
        if last.get("phase") in ("damage-step", "damage-calculation"):
            whose = "the "           # told in either turn alike (its rules do not depend on it)
        if name is None:
            if last.get("turn") in ("you", "opponent"):
                bits.append(f"in {whose}turn")
        else:
            bits.append(f"in {whose}{name}")
            if step in SUBSTEP_WORDS:
                bits[-1] += ", " + SUBSTEP_WORDS[step][0]
    if set_turn:
        bits.append("in the turn it was Set")
    return "".join(" " + b for b in bits)


class _Blank(dict):
    def __missing__(self, key):
        return f"{{{key}}}"


def restate(question: Question, template: str, lang: str = "en") -> str:
    """The family's template filled from the question (``lang="it"``: Italian words, and
    ``{di_slot}``/``{a_slot}``/``{da_slot}`` join the preposition to the slot's article)."""
    if not template:
        return ""
    words = _slot_words_it(question) if lang == "it" else _slot_words(question)
    if lang == "it":
        for k in list(words):
            for prep in PREPOSITIONS:
                words[f"{prep}_{k}"] = joined(prep, words[k])
    names = {f[1] for f in string.Formatter().parse(template) if f[1]}
    out = template.format_map(_Blank({k: v for k, v in words.items() if k in names}))
    return out[:1].upper() + out[1:] if lang == "it" else out


# -- Italian (the Italian guide's words: Catena, Anello di Catena, bersaglio, costo) ----------
ORDINALS_IT = {1: "primo", 2: "secondo", 3: "terzo", 4: "quarto", 5: "quinto", 6: "sesto",
               7: "settimo", 8: "ottavo"}
# a preposition joined to the article after it ("di" + "il primo effetto" = "del primo effetto")
PREPOSITIONS = {
    "di": {"il ": "del ", "l'": "dell'", "la ": "della ", "i ": "dei ", "lo ": "dello ", "": "di "},
    "a": {"il ": "al ", "l'": "all'", "la ": "alla ", "i ": "ai ", "lo ": "allo ", "": "a "},
    "da": {"il ": "dal ", "l'": "dall'", "la ": "dalla ", "i ": "dai ", "lo ": "dallo ", "": "da "},
}


def joined(prep: str, words: str) -> str:
    forms = PREPOSITIONS[prep]
    for art, merged in forms.items():
        if art and words.startswith(art):
            return merged + words[len(art):]
    return forms[""] + words


def effect_words_it(eid: str) -> str:
    """"NAME#2" → "il secondo effetto di NAME"; "NAME#0" → "l'attivazione di NAME"."""
    name, _, n = str(eid).rpartition("#")
    if not name:
        return str(eid)
    described = DESCRIBED_ID.match(name)
    if described:
        name = described.group(1)
    if n == "0":
        return f"l'attivazione di {name}"
    m = re.fullmatch(r"(P?)(\d+)(?:\.(\d+))?", n)
    if not m:
        return str(eid)
    which = ORDINALS_IT.get(int(m.group(2)), f"n. {m.group(2)}")
    text = f"il {which} effetto {'Pendulum ' if m.group(1) else ''}di {name}"
    if m.group(3):
        text = f"il punto {m.group(3)} " + joined("di", text)
    return text


VERBS_IT = {"discard": "scartare", "send": "mandare al Cimitero", "banish": "bandire",
            "pay-lp": "pagare LP", "pay": "pagare", "tribute": "offrire come Tributo",
            "return": "far ritornare", "destroy": "distruggere", "draw": "pescare",
            "special-summon": "Evocare Specialmente", "normal-summon": "Evocare Normalmente",
            "detach": "staccare", "add": "aggiungere alla mano", "reveal": "rivelare",
            "negate": "negare", "shuffle": "rimescolare nel Deck", "lose": "perdere",
            "choose": "scegliere", "target": "bersagliare", "remove": "rimuovere",
            "change": "cambiare", "take-control": "prendere il controllo", "gain": "guadagnare",
            "inflict": "infliggere", "set": "Posizionare", "equip": "equipaggiare",
            "flip": "scoprire", "mill": "mandare al Cimitero dal Deck", "excavate": "scavare"}
TIMING_IT = {"activation": "all'attivazione", "resolution": "alla risoluzione"}
KINDS_IT = {"Special": "Speciale", "Normal": "Normale", "Tribute": "per Tributo",
            "Flip": "Scoperta"}
_PLACE_IT = {"gy": "nel Cimitero", "hand": "nella mano", "banished": "bandito",
             "deck": "nel Deck", "extra-deck": "nell'Extra Deck"}


def _entity_words_it(e) -> str:
    kind = {"monster": "un mostro", "spell": "una Magia", "trap": "una Trappola"}.get(
        e.get("kind"), "una carta")
    fem = not kind.startswith("un ")
    face = {"up": " scoperta" if fem else " scoperto",
            "down": " coperta" if fem else " coperto"}.get(e.get("face"), "")
    whose = {"you": " tua" if fem else " tuo", "opponent": " del tuo avversario"}.get(
        e.get("controller"), "")
    place = _PLACE_IT.get(e.get("place"), "")
    return f"{kind}{face}{whose}" + (f" {place}" if place else "")


def _by_player_it(player) -> str:
    return {"you": " da te", "opponent": " dal tuo avversario"}.get(player, "")


def _asked_words_it(question: Question) -> str:
    moment = _asked_moment(question)
    if moment is None:
        return ""
    asked, last, name, set_turn, step = moment
    bits = []
    if asked.get("player") == "opponent":
        bits.append("dal tuo avversario")
    if asked.get("place") == "hand":
        bits.append("dalla mano")
    if last is not None:
        whose = {"you": "tuo ", "opponent": ""}.get(last.get("turn"), "")
        if name is None:
            if last.get("turn") == "you":
                bits.append("nel tuo turno")
            elif last.get("turn") == "opponent":
                bits.append("nel turno del tuo avversario")
        else:
            of = " del tuo avversario" if last.get("turn") == "opponent" and \
                last.get("phase") not in ("damage-step", "damage-calculation") else ""
            if last.get("phase") in ("damage-step", "damage-calculation"):
                whose = ""       # told in either turn alike, as in English
            bits.append(f"nella {whose}{name}{of}".replace("nella tuo ", "nella tua "))
            if step in SUBSTEP_WORDS:
                bits[-1] += ", " + SUBSTEP_WORDS[step][1]
    if set_turn:
        bits.append("nel turno in cui è stata Posizionata")
    return "".join(" " + b for b in bits)


def _slot_words_it(question: Question) -> dict[str, str]:
    """The slots of a question in Italian words (card names as the database has them)."""
    words: dict[str, str] = {}
    facts = {f.type: f for f in question.facts}
    for key, value in question.params.items():
        words[key] = str(value)
        if isinstance(value, str) and "#" in value and key != "card":   # ("Jinzo #7" is a card)
            words[key] = effect_words_it(value)
    if question.params.get("player") in ("you", "opponent"):     # normal-summon-again
        words["player_can"] = {"you": "puoi", "opponent": "il tuo avversario può"}[
            question.params["player"]]
    acts = {f.get("activation"): f for f in question.facts if f.type == "activation"}
    ents = {f.get("entity"): f for f in question.facts if f.type == "entity"}

    def activation_of(eid: str) -> str:
        eff = effect_words_it(eid)
        return eff if eff.startswith("l'attivazione") else "l'attivazione " + joined("di", eff)

    for key, value in question.params.items():
        if value in acts:
            words[key] = activation_of(acts[value].get("effect")) + \
                _by_player_it(_said_player(question, value))
        elif value in ents:
            e = ents[value]
            words[key] = e.get("card") if e.get("card") not in (None, "none") else \
                _entity_words_it(e)
    if "verb" in question.params:
        verb = str(question.params["verb"])
        words["verb"] = VERBS_IT.get(verb, verb.replace("-", " "))
        if question.spec.get("object"):
            words["verb"] += " " + str(question.spec["object"])
    if "timing" in question.params:
        words["timing"] = TIMING_IT.get(str(question.params["timing"]), words["timing"])
    ev = facts.get("summon_event")
    if ev is not None and "summon" in question.params:
        by = ev.get("by")
        kind = str(ev.get("kind", "special")).title()
        words["summon"] = f"l'Evocazione {KINDS_IT.get(kind, kind)} di {ev.get('card')}" + \
            (" tramite " + effect_words_it(by) if by and by != "none" else "")
    summon = [f for f in question.facts if f.type == "summon"
              and f.get("summon") == question.params.get("summon")]
    if summon:
        kind = str(summon[0].get("kind", "special"))
        kind = {"by-effect": "Special", "procedure": "Special", "unsaid": ""}.get(kind, kind.title())
        what = summon[0].get("card")
        words["summon"] = (f"l'Evocazione {KINDS_IT.get(kind, kind)}".rstrip()) + \
            (f" di {what}" if what and what != "none" else "") + \
            _by_player_it(_said_player(question, question.params.get("summon")))
    words["object"] = f" {question.spec['object']}" if question.spec.get("object") else ""
    words["asked"] = _asked_words_it(question)
    responds = [f for f in question.facts if f.type == "responds"]
    words["responds"] = " (in catena dal tuo avversario)" if responds and \
        responds[0].get("player") == "opponent" else ""
    act = facts.get("activation_event")
    if act is not None and "activation" in question.params and \
            question.params["activation"] not in acts:
        words["activation"] = activation_of(act.get("effect"))
    return words
