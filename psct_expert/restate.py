"""The question an answer answers, said back in a canonical form.

Each family declares a ``restate`` template in ``knowledge/questions.yaml`` (and
``restate_it``, in Italian); its ``{slots}`` are filled from the built question, so the
restatement shows what was understood (which effect, which Summon), not what was typed.
The words of the slots are data, ``restate.yaml``: one section per language with the same
keys, said by the one set of functions below.
"""

from __future__ import annotations

import string
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from . import kre as re  # re, each pattern's program kept on disk (psct_expert.kre)
from .gamewords import gamewords
from .reader.numbering import part_of, public
from .yamlpos import safe_load

if TYPE_CHECKING:
    from .questions import Question

PATH = Path(__file__).with_name("restate.yaml")
LANGS = ("en", "it")


@lru_cache(maxsize=1)
def _all_words() -> dict:
    data = safe_load(PATH.read_text(encoding="utf-8"), PATH)
    if not isinstance(data, dict) or set(data) != set(LANGS):
        raise ValueError(f"{PATH.name}: one section per language ({', '.join(LANGS)})")
    return data


def words_of(lang: str) -> dict:
    """The restatement's words in a language (``restate.yaml``; English for one it lacks)."""
    data = _all_words()
    return data[lang] if lang in data else data["en"]


DESCRIBED_ID = re.compile(r"^(an? .+ Card|a card or effect) a\d+$")   # "a Trap Card a1": a card described by kind


def _fill(template: str, lang: str, **values) -> str:
    """A template of restate.yaml filled; ``{di_x}`` is the preposition joined to ``x``'s words."""
    def one(m):
        key = m.group(1)
        if key in values:
            return str(values[key])
        prep, _, rest = key.partition("_")
        if rest in values and prep in words_of(lang)["prepositions"]:
            return joined(prep, str(values[rest]), lang)
        return m.group(0)
    return re.sub(r"\{([a-z_]+)\}", one, template)


def _pick(table: dict, key, feminine: bool = False) -> str:
    """A table's words for a value (its ``other`` entry for one not listed), in the gender asked."""
    v = table.get(key, table.get("other", ""))
    if isinstance(v, dict):
        v = v["f" if feminine else "m"]
    return str(v)


def _card_name(name: str) -> str:
    described = DESCRIBED_ID.match(name)
    return described.group(1) if described else name   # its activation id is the situation's


def effect_words(eid: str, lang: str = "en") -> str:
    """"NAME#2" → "the second effect of NAME"; "NAME#0" → "activating NAME" (Italian: "il
    secondo effetto di NAME", "l'attivazione di NAME")."""
    w = words_of(lang)["effect"]
    name, _, n = str(eid).rpartition("#")
    if not name:
        return str(eid)
    name = _card_name(name)
    if n == "0":
        return _fill(w["card_activation"], lang, name=name)
    m = re.fullmatch(r"(P?)(\d+)(?:\.(\d+))?", n)
    if not m:
        return str(eid)
    n = int(m.group(2))
    if not m.group(1):
        said = public(name, n)       # players do not number a Summoning condition
        if said is None:
            part = part_of(name, n)  # ... nor a sentence that goes on with the effect before it
            text = _fill(w["later_sentence"], lang, name=name,
                         which=w["ordinals"].get(part) or _fill(w["ordinal_other"], lang, n=str(part))) \
                if part else _fill(w["treated_as"], lang, name=name) if part == 0 \
                else _fill(w["summoning_condition"], lang, name=name)
            return _fill(w["bullet"], lang, n=m.group(3), effect=text) if m.group(3) else text
        n = said
    which = w["ordinals"].get(n) or _fill(w["ordinal_other"], lang, n=str(n))
    text = _fill(w["effect"], lang, which=which, name=name,
                 pendulum=w["pendulum"] if m.group(1) else "")
    if m.group(3):
        text = _fill(w["bullet"], lang, n=m.group(3), effect=text)
    return text


def activation_words(eid: str, lang: str = "en") -> str:
    """The activation of an effect: "the activation of the first effect of NAME", "the
    activation of NAME" (a card's own activation, NAME#0)."""
    w = words_of(lang)
    name, _, n = str(eid).rpartition("#")
    if name and n == "0":
        return _fill(w["activation_of_card"], lang, name=_card_name(name))
    return _fill(w["activation_of"], lang, effect=effect_words(eid, lang))


def gerund(verb: str) -> str:
    """An action name as a doing: "discard" → "discarding", "special-summon" → "Special Summoning"."""
    words = str(verb).split("-")
    last = words[-1]
    last = last[:-1] + "ing" if last.endswith("e") and not last.endswith("ee") else last + "ing"
    text = " ".join(words[:-1] + [last])
    return text.title() if "summon" in text else text


def verb_words(verb: str, lang: str = "en") -> str:
    """An action's words: listed in the language's ``verbs``, else by its ``verb_other`` way."""
    w = words_of(lang)
    verb = str(verb)
    if verb in w["verbs"]:
        return str(w["verbs"][verb])
    return gerund(verb) if w["verb_other"] == "gerund" else verb.replace("-", " ")


def _slot_words(question: Question, lang: str = "en") -> dict[str, str]:
    w = words_of(lang)
    words: dict[str, str] = {}
    facts = {f.type: f for f in question.facts}
    for key, value in question.params.items():
        words[key] = str(value)
        if isinstance(value, str) and "#" in value and key != "card":   # ("Jinzo #7" is a card)
            words[key] = effect_words(value, lang)
    if question.params.get("player") in ("you", "opponent"):     # normal-summon-again
        words["player"] = words_of(lang)["players"][question.params["player"]]
    acts = {f.get("activation"): f for f in question.facts if f.type == "activation"}
    ents = {f.get("entity"): f for f in question.facts if f.type == "entity"}
    for key, value in question.params.items():
        if value in acts:
            words[key] = activation_words(acts[value].get("effect"), lang) + \
                _by_player(_said_player(question, value), lang)
        elif value in ents:
            e = ents[value]
            words[key] = e.get("card") if e.get("card") not in (None, "none") else \
                _entity_words(e, lang)
    if "verb" in question.params:
        words["verb"] = verb_words(question.params["verb"], lang)
        if question.spec.get("object"):
            words["verb"] += " " + str(question.spec["object"])
    if "timing" in question.params:
        words["timing"] = str(w["timing"].get(str(question.params["timing"]), words["timing"]))
    ev = facts.get("summon_event")
    if ev is not None and "summon" in question.params:
        by = ev.get("by")
        kind = str(ev.get("kind", "special")).title()
        words["summon"] = _fill(w["summon_event"], lang, kind=w["summon_kinds"].get(kind, kind),
                                card=ev.get("card")) + \
            (_fill(w["summon_by"], lang, effect=effect_words(by, lang)) if by and by != "none"
             else "") + \
            (_fill(w["summon_link"], lang, n=ev.get("chain_link"))
             if by and by != "none" and str(ev.get("chain_link", 0)) not in ("0", "None") else "")
    summon = [f for f in question.facts if f.type == "summon"
              and f.get("summon") == question.params.get("summon")]
    if summon:
        kind = str(summon[0].get("kind", "special"))
        kind = {"by-effect": "Special", "procedure": "Special", "unsaid": ""}.get(kind, kind.title())
        what = summon[0].get("card")
        count = summon[0].get("count")
        if what in (None, "none", "a monster") and str(count).isdigit() and int(count) > 1:
            what = _fill(w["monsters"], lang, n=count)     # "of 3 monsters": the count said
        said = _fill(w["summon"], lang, kind=w["summon_kinds"].get(kind, kind))
        words["summon"] = re.sub(r"\s+", " ", said).strip() + \
            (_fill(w["summon_of"], lang, card=what) if what and what != "none" else "") + \
            _by_player(_said_player(question, question.params.get("summon")), lang)
    # what the question said the action is done to ("Does X target a Spell?")
    words["object"] = f" {question.spec['object']}" if question.spec.get("object") else ""
    words["asked"] = _asked_words(question, lang)
    # the card a response was asked to target, the card of the link it answers ("..., targeting
    # the Mage Power"): said back, the targeting being part of what was answered
    words["aimed"] = _fill(w["aimed"], lang, thing=question.spec["aimed"]) \
        if question.spec.get("aimed") else ""
    responds = [f for f in question.facts if f.type == "responds"]
    words["responds"] = w["responds_opponent"] if responds and \
        responds[0].get("player") == "opponent" else ""
    if responds and any(f.type == "set_this_turn" for f in question.facts):
        words["responds"] += " " + str(w["asked"]["set_this_turn"])   # "the turn I Set it"
    # (hunt 76) the activation asked about, never another the story told
    act = next((f for f in question.facts if f.type == "activation_event" and
                f.get("activation") == question.params.get("activation")), facts.get("activation_event"))
    if act is not None and "activation" in question.params and \
            question.params["activation"] not in acts:          # an activation of the situation
        words["activation"] = activation_words(act.get("effect"), lang)
    return words


def _entity_words(e, lang: str = "en") -> str:
    """A card of the situation known only by what was said of it: "your opponent's face-down
    monster", "a Spell/Trap in your GY"."""
    w = words_of(lang)["entity"]
    kind = e.get("kind") if e.get("kind") in w["kinds"] else "other"
    fem = kind in w["feminine"]
    place = _pick(w["places"], e.get("place"))
    return _fill(w["order"], lang, whose=_pick(w["whose"], e.get("controller"), fem),
                 face=_pick(w["face"], e.get("face"), fem), kind=_pick(w["kinds"], kind)) + \
        (f" {place}" if place else "")


def _said_player(question: Question, aid: str):
    """The player the question told to have made an activation or a Summon (None when it said
    nobody)."""
    ev = next((e for e in question.spec.get("situation") or []
               if isinstance(e, dict) and e.get("id") == aid), None)
    if ev is None or ev.get("player-said") == "no":
        return None
    return ev.get("player")


def _by_player(player, lang: str = "en") -> str:
    """Who made an activation or a Summon, in the asker's words ("by you", "by your opponent")."""
    return str(words_of(lang)["by_player"].get(player, ""))


def _asked_moment(question: Question):
    """What a can-activate-now question says beside the effect, as facts: the asked activation,
    the last phase told (the moment the situation is in) with its name (None when only the turn
    is told), and whether the card was Set this turn; None when nothing is asked."""
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


def _asked_words(question: Question, lang: str = "en") -> str:
    """What a can-activate-now question says of the activation beside the effect: who would
    activate it, from where, in whose turn (or phase), and that the card was Set this turn."""
    moment = _asked_moment(question)
    if moment is None:
        return ""
    w = words_of(lang)["asked"]
    asked, last, name, set_turn, step = moment
    bits = []
    if asked.get("player") == "opponent":
        bits.append(w["by_opponent"])
    if asked.get("place") == "hand":
        bits.append(w["from_hand"])
    if last is not None:
        turn = last.get("turn") if last.get("turn") in ("you", "opponent") else "other"
        if name is None:
            if turn != "other":
                bits.append(w["turn"][turn])
        else:       # the Damage Step is told in either turn alike (its rules do not depend on it)
            said = w["damage_phase"] if last.get("phase") in ("damage-step",
                                                              "damage-calculation") else w["phase"]
            bits.append(_fill(said[turn], lang, name=name))
            if step in words_of(lang)["damage_substeps"]:
                bits[-1] = str(bits[-1]) + ", " + words_of(lang)["damage_substeps"][step]
    if set_turn:
        bits.append(w["set_this_turn"])
    return "".join(" " + str(b) for b in bits)


class _Blank(dict):
    def __missing__(self, key):
        return f"{{{key}}}"


def restate(question: Question, template: str, lang: str = "en") -> str:
    """The family's template filled from the question in the language's words (restate.yaml);
    ``{di_slot}``/``{a_slot}``/``{da_slot}`` join the preposition to the slot's article."""
    if not template:
        return ""
    lang = lang if lang in LANGS else "en"
    words = _slot_words(question, lang)
    for k in list(words):
        for prep in words_of(lang)["prepositions"]:
            words[f"{prep}_{k}"] = joined(prep, words[k], lang)
    names = {f[1] for f in string.Formatter().parse(template) if f[1]}
    out = template.format_map(_Blank({k: v for k, v in words.items() if k in names}))
    # a part supposed not done ("If part 1 of X cannot be done, ...") is said with the question
    failed = sorted({f.get("n") for f in question.facts if f.type == "clause_fails"
                     and f.get("n") != question.params.get("n")})
    if failed and question.family == "clause-done":
        said = _fill(words_of(lang)["supposing_fails"], lang,
                     n=words_of(lang)["and"].join(str(n) for n in failed))
        out = out[:-1] + said + "?" if out.endswith("?") else out + said
    return out[:1].upper() + out[1:] if words_of(lang)["capitalize"] else out


def joined(prep: str, words: str, lang: str = "it") -> str:
    """A preposition joined to the article the words start with ("di" + "il primo effetto" =
    "del primo effetto")."""
    forms = words_of(lang)["prepositions"][prep]
    for art, merged in forms.items():
        if art and words.startswith(art):
            return merged + words[len(art):]
    return forms[""] + words


PREPOSITIONS = words_of("it")["prepositions"]      # the prepositions a what-if sentence may join
