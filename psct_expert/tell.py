"""What would settle an unknown answer, in a judge's words (knowledge/tell.yaml).

For each rule that could answer, the proof module finds the first of its conditions the facts do
not meet (a near miss).  Here each such missing fact becomes a sentence:

* a fact the situation tells (``from: question``) is asked of the player ("Say whether Trap Hole
  was Set this turn."), with its few answers when tell.yaml lists them, each as the scenario line
  (or question field) that tells it;
* a fact rules conclude is looked for one level down: the near misses of the rules that would
  conclude it (their own missing facts), up to :data:`DEPTH` levels; its own sentence is used only
  when they give nothing;
* a fact read from a card's text or from the game rules says what that text would have to say:
  nothing the player adds changes it (``kind`` "card-text" or "game").

:func:`verify_choices` asks the question again with each offered line and keeps only the lines
that are read (not refused, and changing the question as understood); the answer each gives is
kept with the choice.  Only data is built here; :mod:`psct_expert.render` and the web page show it.
"""

from __future__ import annotations


from . import kre as re  # re, each pattern's program kept on disk (psct_expert.kre)
from .engine import Record
from .facts import Fact
from .knowledge import KnowledgeBase, Var
from .knowledge.lint import tell_slots

DEPTH = 2                       # how many levels of rule-concluded facts are looked through
KINDS = {"question": "situation", "scenario": "situation", "reader": "card-text",
         "game": "game", "rule": "rule"}
_SITUATION_ID = re.compile(r"^[a-z]\d+(?:\.[a-z]+\d+)?$")   # "s1", "a2", "s1.mat1": an id of the told situation
_EFFECT_FIELDS = ("effect", "negator", "responder", "by", "bullet")
# the fields that say what a told fact is about (the rest say how it is)
_ABOUT = ("effect", "card", "target", "activation", "summon", "entity", "event", "responder",
          "negator")
# told values that mean "not said": a pattern asking for another value asks something new
_UNSAID = {"unknown", "0", "none", "any", "unsaid", ""}
MAX_CHOICES = 5                 # "where the choices are few"


def tell_items(answer_type: str, wanted: dict, rec: Record, kb: KnowledgeBase) -> list[dict]:
    """The sentences that would settle an unknown answer, most useful first: why a rule that
    could answer is kept from it (kind "open": the blocking rule's own sentence), what the player
    can answer (kind "situation"), then what rules would need ("rule"), then what the game facts
    or the card texts would have to say ("game", "card-text").
    Each is ``{"ask", "kind", "fact", "for": [yes/no], "rules": [ids], "choices": [],
    "offered": [...]}``: the choices tell.yaml offers wait in "offered" until
    :func:`verify_choices` has asked them again."""
    from .proof import _near_misses

    by_type: dict[str, list[Fact]] = {}
    for k, f in rec.facts.items():
        by_type.setdefault(k[0], []).append(f)
    items: dict[str, dict] = {}
    seen: set = set()

    def collect(type_: str, want: dict, outer: str | None, depth: int) -> tuple[int, int]:
        """(sentences added, near misses looked at) for the rules that could conclude this."""
        added = looked = 0
        for value, rule, pat, bind, blocker in _near_misses(type_, want, rec, kb, by_type):
            looked += 1
            if blocker is not None and outer is None and blocker.says:
                # another rule's conclusion keeps this one from answering: it says why in words
                says = blocker.says.strip()
                item = items.setdefault(("open", says), {
                    "ask": says, "kind": "open", "fact": "", "for": [], "rules": [],
                    "choices": [], "offered": []})
                if value and str(value) not in item["for"]:
                    item["for"].append(str(value))
                if blocker.id not in item["rules"]:
                    item["rules"].append(blocker.id)
                continue
            if blocker is not None or pat.kind != "fact":
                continue
            value = outer or value
            ft = kb.fact_types.get(pat.type)
            origin = ft.origin if ft else "rule"
            fields = _bound_fields(pat, bind)
            if origin in ("rule", "question", "scenario") and \
                    _contradicts_told(pat.type, fields, by_type):
                continue             # told (or concluded) otherwise: nothing to ask again
            if not _rest_can_hold(rule, pat, bind, by_type, kb):
                continue             # the card's text rules this rule out whatever is told
            if origin == "rule" and depth > 0:
                key = (pat.type, tuple(sorted((k, str(v)) for k, v in fields.items())))
                if key in seen:
                    continue
                seen.add(key)
                got, under = collect(pat.type, fields, value, depth - 1)
                if got:
                    added += 1
                    continue
                if under:
                    continue         # every rule that would conclude it is ruled out here
            told = origin in ("question", "scenario") or \
                bool((kb.tells.get(pat.type) or {}).get("player"))
            ask = tell_sentence(kb, pat.type, fields, wanted, rec, set(pat.fields))
            if ask is None:
                continue
            # what a text or a rule would need is said once per fact type (a rule that tries
            # several values would list each); what the player can tell is asked once per fact
            # type and thing it is about, in its most general words, with every choice offered
            about = tuple(sorted((k, str(v)) for k, v in fields.items() if k in _ABOUT))
            key = (pat.type, about) if told else (pat.type, origin)
            general = len(fields) - len(about)
            item = items.get(key)
            if item is None:
                item = items[key] = {"ask": ask, "kind": "situation" if told
                                     else KINDS.get(origin, origin),
                                     "fact": pat.type, "for": [], "rules": [], "choices": [],
                                     "offered": [], "_general": general}
            elif told and general < item["_general"]:
                item["ask"], item["_general"] = ask, general
            if told:
                for c in offered_choices(kb, pat.type, fields, wanted, rec, set(pat.fields)):
                    if c not in item["offered"]:
                        item["offered"].append(c)
            if value and value not in item["for"]:
                item["for"].append(str(value))
            if rule.id not in item["rules"]:
                item["rules"].append(rule.id)
            added += 1
        return added, looked

    collect(answer_type, wanted, None, DEPTH)
    merged: dict[str, dict] = {}         # two facts asked in the same words: one sentence
    for it in items.values():
        it.pop("_general", None)
        same = merged.get(it["ask"])
        if same is None:
            merged[it["ask"]] = it
            continue
        for k in ("for", "rules", "offered"):
            same[k] += [x for x in it[k] if x not in same[k]]
    items = merged
    for it in items.values():
        del it["offered"][MAX_CHOICES:]
    order = {"open": 0, "situation": 1, "rule": 2, "game": 3, "card-text": 4}
    return sorted(items.values(), key=lambda it: (order.get(it["kind"], 4), -len(it["rules"])))


def _rest_can_hold(rule, pat, bind: dict, by_type: dict, kb: KnowledgeBase) -> bool:
    """Whether the conditions after the missing one that the card texts and the game facts
    decide (read from a card, or facts/game.yaml) can still hold with what is bound so far: a
    rule about Trap Cards asks nothing of a monster's activation.  Told and concluded facts
    are not looked at (the player may tell them)."""
    from .engine import match_pattern

    for alt in rule.when:
        at = next((i for i, p in enumerate(alt) if p is pat), None)
        if at is None:
            continue
        for p in alt[at + 1:]:
            if p.kind not in ("fact", "not"):
                continue
            ft = kb.fact_types.get(p.type)
            if ft is None or ft.origin not in ("reader", "game"):
                continue
            hit = any(match_pattern(p, dict(f.fields), bind) is not None
                      for f in by_type.get(p.type, []))
            if p.kind == "fact" and not hit:
                return False
            if p.kind == "not" and hit and all(
                    not isinstance(v, Var) or v.name in bind for v in p.fields.values()):
                return False
        return True
    return True


def _contradicts_told(type_: str, fields: dict, by_type: dict) -> bool:
    """A fact of this type about the same things (the same effect, card, target or situation
    id) is already there, with another value where the pattern needs one: the player told it
    otherwise, or the rules concluded it otherwise, so asking for it would only contradict them.
    A value that means "not said" (unknown, 0 ...) does not count."""
    about = {k: str(v) for k, v in fields.items()
             if isinstance(v, (str, int)) and (k in _ABOUT or _SITUATION_ID.match(str(v)))}
    if not about:
        return False
    same = [f for f in by_type.get(type_, []) if all(str(f.get(k)) == v for k, v in about.items())]
    if not same:
        return False
    for f in same:
        if all(isinstance(v, tuple) or str(f.get(k)) == str(v) or str(f.get(k)) in _UNSAID
               for k, v in fields.items()):
            return False
    return True


def _bound_fields(pat, bind: dict) -> dict:
    """The pattern's fields with a value known here: literals, bound variables, and value sets
    (kept as tuples, for a choice's `when`)."""
    out: dict = {}
    for k, v in pat.fields.items():
        if isinstance(v, Var):
            v = bind.get(v.name)
        elif hasattr(v, "values") and isinstance(getattr(v, "values"), tuple) \
                and type(v).__name__ == "InSet":
            v = tuple(v.values)
        elif not isinstance(v, (str, int)):
            v = None
        if v is not None:
            out[k] = v
    return out


def slot_values(kb: KnowledgeBase, fields: dict, wanted: dict, rec: Record | None) -> dict:
    """{slot: words}: the question's fields, then the pattern's (which win), each said in words."""
    out: dict[str, str] = {}
    for source in (wanted, fields):
        for k, v in source.items():
            if isinstance(v, tuple):
                continue
            out[k] = value_words(kb, k, v, rec)
            if k in _EFFECT_FIELDS and "#" in str(v):
                out[k + "_card"] = _card_of(str(v))
            elif k == "card":
                out["card_card"] = str(v)
                out[k] = _card_of(out[k])       # "a Trap Card a1": said without its id
    return out


def value_words(kb: KnowledgeBase, field: str, value, rec: Record | None) -> str:
    from .restate import effect_words

    v = str(value)
    if field in _EFFECT_FIELDS and "#" in v:
        return effect_words(v)
    words = kb.tell_words.get(field, {})
    if v in words:
        return words[v]
    if _SITUATION_ID.match(v) and rec is not None:
        return _describe_id(field, v, rec)
    if field in ("card", "target", "told", "phrase"):
        return v
    if field in ("verb", "action_verb"):
        from .restate import gerund

        return gerund(v)
    return v.replace("-", " ").replace("_", " ")


def _card_of(eid: str) -> str:
    from .restate import DESCRIBED_ID

    name = eid.rpartition("#")[0] or eid
    m = DESCRIBED_ID.match(name)
    return m.group(1) if m else name


def _describe_id(field: str, ident: str, rec: Record) -> str:
    """A situation id ("a1", "s1", "m1", "x1") said as what it stands for."""
    def find(type_, key):
        for k, f in rec.facts.items():
            if k[0] == type_ and f.get(key) == ident:
                return f
        return None

    act = find("activation", "activation") or find("activation_event", "activation")
    if act is not None and act.get("card"):
        return f"the activation of {act.get('card')}"
    summon = find("summon_event", "summon") or find("summon", "summon")
    if summon is not None:
        card = summon.get("card")
        kind = summon.get("kind")
        kind = "" if kind in (None, "by-effect", "procedure") else \
            str(kind).replace("-", " ").title() + " "
        return f"the {kind}Summon" + (f" of {card}" if card and card != "none" else "")
    ent = find("entity", "entity")
    if ent is not None and ent.get("card") not in (None, "none"):
        return str(ent.get("card"))
    moved = find("moved", "event")
    if moved is not None:
        what = moved.get("entity")
        ent = find("entity", "entity") if what == ident else None
        for k, f in rec.facts.items():
            if k[0] == "entity" and f.get("entity") == what:
                ent = f
        name = ent.get("card") if ent is not None and ent.get("card") not in (None, "none") \
            else "the card"
        return f"{name} being {str(moved.get('action')).replace('-', ' ')}"
    return {"entity": "the card", "activation": "the activation", "to": "the activation",
            "summon": "the Summon", "event": "what happened"}.get(field, "that")


def tell_sentence(kb: KnowledgeBase, type_: str, fields: dict, wanted: dict,
                  rec: Record | None = None, asked: set | None = None) -> str | None:
    """The first of the type's sentences whose slots are all known (and whose ``asks`` fields
    the pattern asks about: ``asked``, by default the fields given), filled; None when the type
    has no sentence (tell.yaml lacks it) or none can be filled."""
    entry = kb.tells.get(type_)
    if entry is None:
        return None
    asked = set(fields) if asked is None else set(asked)
    slots = slot_values(kb, fields, wanted, rec)
    for alt in entry["ask"]:
        if not set(alt["asks"]) <= asked:
            continue
        filled = fill(alt["text"], slots)
        if filled is not None:
            return filled[:1].upper() + filled[1:]
    return None


def fill(text: str, slots: dict) -> str | None:
    if any(s not in slots for s in tell_slots(text)):
        return None
    def value(m) -> str:
        v = str(slots[m.group(1)])
        if text[m.end():m.end() + 1] == "s" and re.match(r"(?:a|an)\s", v):
            v = v.split(None, 1)[1]     # "how many {what}s" of "a monster": "how many monsters"
        return v

    return re.sub(r"\{([A-Za-z_]\w*)\}", value, text)


def offered_choices(kb: KnowledgeBase, type_: str, fields: dict, wanted: dict,
                    rec: Record | None = None, asked: set | None = None) -> list[dict]:
    """The type's choices that fit the pattern (its `when`: a value the pattern asks for, or "*"
    for a field the pattern asks about whatever its value) and whose line can be filled."""
    entry = kb.tells.get(type_) or {}
    asked = set(fields) if asked is None else set(asked)
    slots = {}
    for source in (wanted, fields):          # a line names cards, not "the first effect of"
        for k, v in source.items():
            if not isinstance(v, (str, int)):
                continue
            if source is fields:
                slots[k] = str(v)
            if k in _EFFECT_FIELDS and "#" in str(v):
                slots[k + "_card"] = _card_of(str(v))
            elif rec is not None and _SITUATION_ID.match(str(v)):
                card = _card_of_id(str(v), rec)
                if card:
                    slots[k + "_card"] = card
    out = []
    for c in entry.get("choices", []):
        ok = True
        for k, allowed in c["when"].items():
            if allowed == ["*"]:
                ok = ok and k in asked
                continue
            have = fields.get(k)
            have = set(map(str, have)) if isinstance(have, tuple) else \
                {str(have)} if have is not None else set()
            if not have & set(allowed):
                ok = False
        if not ok:
            continue
        choice = {"label": c["label"]}
        if c["line"]:
            line = fill(c["line"], slots)
            if line is None:
                continue
            choice["line"] = line
        if c["spec"]:
            choice["spec"] = dict(c["spec"])
        out.append(choice)
    return out


def _card_of_id(ident: str, rec: Record) -> str | None:
    """The card a situation id (an activation, a Summon, an entity) is about, when told."""
    for k, f in rec.facts.items():
        if k[0] in ("activation", "activation_event") and f.get("activation") == ident or \
                k[0] in ("summon_event", "summon") and f.get("summon") == ident or \
                k[0] == "entity" and f.get("entity") == ident:
            card = f.get("card")
            if card and card != "none":
                return _card_of(str(card)) if "#" in str(card) else str(card)
    return None


# -- the choices, asked again -------------------------------------------------------------


def _has_part(spec: dict, dotted: str) -> bool:
    """Whether the spec has the part a "part.field" names (the field itself may be unset)."""
    at = spec
    for p in dotted.split(".")[:-1]:
        at = at.get(p) if isinstance(at, dict) else None
        if not isinstance(at, dict):
            return False
    return isinstance(at, dict)


def set_spec_field(spec: dict, dotted: str, value) -> dict:
    """A copy of the spec with "part.field" (or "field") set."""
    import copy

    out = copy.deepcopy(spec)
    at = out
    parts = dotted.split(".")
    for p in parts[:-1]:
        if not isinstance(at.get(p), dict):
            at[p] = {}
        at = at[p]
    at[parts[-1]] = value
    return out


def verify_choices(expert, answer, text: str, scenario: list[str] | None,
                   budget: int = 10) -> None:
    """Ask the question again with each offered choice (at most ``budget`` asks, sentences in
    order): keep a choice only when its line (or spec change) is read, i.e. not refused and
    changing the question as understood; note the answer it gives (``"gives"``).  With no
    scenario (a question built as a spec), only spec changes can be asked.  Then the sentences
    with a choice that settles the question come first, then those with any choice."""
    from .errors import PsctError

    for item in answer.tell:
        offered = item.pop("offered", [])
        kept = []
        for c in offered:
            if budget <= 0:
                break
            try:
                if "line" in c:
                    if scenario is None or c["line"] in scenario:
                        continue
                    budget -= 1
                    again = expert.ask(text, list(scenario) + [c["line"]], tell=False)
                else:
                    if not all(_has_part(answer.spec, k) for k in c["spec"]):
                        continue             # the question has no such part to set
                    spec = answer.spec
                    for k, v in c["spec"].items():
                        spec = set_spec_field(spec, k, v)
                    if spec == answer.spec:
                        continue
                    budget -= 1
                    again = expert.ask_spec(spec, text)
            except PsctError:
                continue
            except Exception:               # a choice must never break the answer it adds to
                continue
            if again.spec == answer.spec:
                continue                     # the line was accepted but changes nothing
            kept.append({**c, "gives": again.value})
        item["choices"] = kept
    order = {"open": 0, "situation": 1, "rule": 2, "game": 3, "card-text": 4}
    answer.tell.sort(key=lambda it: (
        order.get(it["kind"], 5),
        not any(c.get("gives") in ("yes", "no") for c in it["choices"]),
        not it["choices"]))


__all__ = ["tell_items", "tell_sentence", "offered_choices", "verify_choices", "DEPTH"]
