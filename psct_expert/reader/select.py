"""Which effect, or which part of an effect, a reference means: queries over a
card's reading (by number, by a quoted mention, by an action, by a kind of
effect such as "its negation effect").  The one place references to effects are
resolved, for structured questions and English ones alike."""

from __future__ import annotations

from ..errors import QuestionError
from ..facts import Fact
from ..gamewords import gamewords
from .model import Reading

SELECTORS = ("summons-self", "procedure", "activation", "only", "negates-summon",
             "negates-activation", "bullets", "once-per-turn", "targets", "trigger", "pendulum")
# selectors that pick the first effect with a fact: name -> (fact type, fields, error)
FACT_SELECTORS = {
    "negates-summon": ("negation_scope", {"what": "summon"}, "no effect negates Summons"),
    "negates-activation": ("negation_scope", {"what": "activation"},
                           "no effect negates activations"),
    "bullets": ("bullets", {}, "no effect has bullets"),
    "once-per-turn": ("once_per_turn", {}, "no effect has a once-per-turn restriction"),
    "targets": ("target_word", {}, "no effect targets"),
}



def _card_activation(reading) -> list:
    """The effects applied by activating a Spell/Trap Card, a line that is only a note in
    parentheses ("(This card is also always treated as ...)") after the others."""
    oca = _facts(reading, "on_card_activation")
    notes = {e.id for e in reading.effects if e.text.strip().startswith("(")
             and e.text.strip().rstrip(".").endswith(")")}
    return [f for f in oca if f.get("effect") not in notes] + \
        [f for f in oca if f.get("effect") in notes]


def activated_effects(reading) -> set[str]:
    """The card's effects that are activated: a colon or semicolon in their text, or a Spell's or
    Trap's own activation (psct-guide#2)."""
    return {f.get("effect") for f in reading.facts
            if f.type in ("colon", "semicolon", "on_card_activation")}


def bare_activation_sentences(reading) -> set[str]:
    """Effects that are one sentence saying only how the Spell/Trap Card is activated
    ("Activate this card by paying 1000 LP.", "... by declaring 1 card name."): a cost or a
    declaration done on activation, with nothing to resolve."""
    from .grammar import grammar

    rx = grammar().p["activation_by"]
    return {e.id for e in reading.effects
            if e.n > 0 and rx.match(e.text) and ". " not in e.text.strip()
            and not _facts(reading, "clause", effect=e.id)}


def _facts(reading: Reading, type_: str, **match) -> list[Fact]:
    return [f for f in reading.facts if f.type == type_ and
            all(f.get(k) == v for k, v in match.items())]


def select_effect(reading: Reading, ref: dict) -> str:
    name = reading.card.name
    top = [e for e in reading.effects if e.n > 0]

    def fail(why: str):
        raise QuestionError(f"{why} ({name} has {len(top)} effect"
                            f"{'s' if len(top) != 1 else ''})",
                            understood={"card": name, "effect": ref})

    if "bullet" in ref:
        # "1.2": the second bullet of the first effect (a reading that chose it by its text)
        want = f"{name}#{ref['bullet']}"
        effect = next((e for e in reading.all_effects() if e.id == want), None)
        if effect is None:
            fail(f"there is no bullet {ref['bullet']}")
        return effect.id
    if "said" in ref:
        # "the second effect" as players number it (a Summoning condition written first has none)
        from .numbering import numbered

        said = numbered(reading)
        k = int(ref["said"])
        if not 0 < k <= len(said):
            fail(f"there is no effect number {k}")
        return said[k - 1].id
    if "n" in ref and str(ref["n"]).upper().startswith("P"):
        # "P1": the first Pendulum Effect
        want = f"{name}#P{str(ref['n'])[1:]}"
        effect = next((e for e in reading.effects if e.id == want), None)
        if effect is None:
            fail(f"there is no Pendulum Effect number {str(ref['n'])[1:]}")
        return effect.id
    if "n" in ref:
        n = int(ref["n"])
        if n == 0:
            if reading.card.kind not in ("spell", "trap"):
                fail("only a Spell/Trap Card has a card activation")
            return f"{name}#0"
        effect = reading.effect(n)
        if effect is None:
            fail(f"there is no effect number {n}")
        return effect.id
    sel = ref.get("select")
    if "mentions" in ref:
        needle = str(ref["mentions"]).casefold()
        for e in reading.all_effects():
            if needle in e.text.casefold():
                return e.id
        from ..cards import name_key
        for e in reading.all_effects():
            if name_key(ref["mentions"]) in name_key(e.text):
                return e.id
        fail(f"no effect mentions {ref['mentions']!r}")
    if "verb" in ref:
        for e in reading.all_effects():
            if _facts(reading, "clause", effect=e.id, verb=ref["verb"]) or \
                    _facts(reading, "cost_action", effect=e.id, verb=ref["verb"]) or \
                    _facts(reading, "clause_verb", effect=e.id, verb=ref["verb"]):
                return e.id
        fail(f"no effect does {ref['verb']!r}")
    if sel is None:
        sel = "only"
    if ref.get("parts") and sel in ("only", "activation"):
        found = _effect_with_parts(reading, ref["parts"], sel)
        if found is not None:
            return found
    if sel not in SELECTORS:
        fail(f"unknown effect selector {sel!r}")
    if sel in ("summons-self", "procedure"):
        procs = _facts(reading, "procedure")
        if procs:
            return procs[0].get("effect")
        if sel == "summons-self":
            # (hunt) "You can Ritual Summon this card with X", "A Fusion Summon of this card can
            # only be done with ...": a Summon another card's effect makes (a Ritual or Fusion
            # Spell, during its resolution), not an effect of this card that Summons it
            by_other = {(f.get("effect"), f.get("n")) for f in _facts(reading, "clause")
                        if f.get("verb") in ("ritual-summon", "fusion-summon")}
            ss = [f for f in _facts(reading, "summons_self")
                  if (f.get("effect"), f.get("n")) not in by_other]
            if ss:
                return ss[0].get("effect")
        fail("no effect Special Summons this card")
    if sel == "activation":
        if reading.card.kind in ("spell", "trap"):
            oca = _card_activation(reading)
            return oca[0].get("effect") if oca else f"{name}#0"
        sel = "only"
    if sel == "pendulum":
        # "X's Pendulum Effect": its one Pendulum Effect
        pend = [e for e in top if "#P" in e.id]
        if len(pend) != 1:
            fail("no Pendulum Effect" if not pend else "say which Pendulum Effect ('the first Pendulum Effect')")
        return pend[0].id
    if sel == "trigger":
        # "Can X miss the timing?": the card's one trigger effect (else, as "only")
        triggers = list(dict.fromkeys(f.get("effect") for f in _facts(reading, "trigger")))
        if len(triggers) == 1:
            return triggers[0]
        sel = "only"
    if sel in FACT_SELECTORS:
        type_, match, why = FACT_SELECTORS[sel]
        found = _facts(reading, type_, **match)
        if sel == "once-per-turn":  # prefer a named restriction to a plain "Once per turn"
            found = [f for f in found if f.get("kind") != "soft"] or found
        if found:
            return found[0].get("effect")
        fail(why)
    # "only": the one effect that activates (or the only effect at all)
    if reading.card.kind in ("spell", "trap"):
        oca = _card_activation(reading)
        bare = bare_activation_sentences(reading)
        oca = [f for f in oca if f.get("effect") not in bare]
        if oca:
            return oca[0].get("effect")
        # (hunt 128a) "Activate this card by paying 1000 LP. Negate the effects of ...": the first
        # sentence is only how the card is activated; "its effect" is what the card does
        top = [e for e in top if e.id not in bare]
    punct = [e for e in top if e.punctuated]
    if len(punct) == 1:
        return punct[0].id
    if len(top) == 1:
        return top[0].id
    if not top:
        fail("the card has no effect text")
    fail("say which effect (for example 'the first effect')")
    return ""  # unreachable


def select_clause(reading: Reading, effect_id: str, which) -> int:
    """A part of an effect's resolution: by number, or by its action."""
    clauses = _facts(reading, "clause", effect=effect_id)
    if not clauses:
        raise QuestionError(f"{said_effect(effect_id)} has no resolution parts to ask about",
                            understood={"effect": effect_id})
    if isinstance(which, int) or (isinstance(which, str) and which.isdigit()):
        n = int(which)
        if not any(c.get("n") == n for c in clauses):
            raise QuestionError(f"{said_effect(effect_id)} has no part {n}",
                                understood={"effect": effect_id})
        return n
    if isinstance(which, dict):
        which = which.get("verb")
    verbs = [which] if isinstance(which, str) else list(which or [])
    for v in verbs:
        for c in sorted(clauses, key=lambda c: c.get("n")):
            if c.get("verb") == v:
                return c.get("n")
    for v in verbs:
        for c in _facts(reading, "clause_verb", effect=effect_id, verb=v):
            main = next((m.get("verb") for m in clauses if m.get("n") == c.get("n")), None)
            if main == "negate":
                continue        # "Negate the Special Summon": the Summon is what it negates
            return c.get("n")
    for v in verbs:
        # (gamewords ``also``) "does it still return the others?" of a part that shuffles them
        # into the Deck: the one part whose action may be said so
        alike = [c for c in clauses if v in gamewords().also_of(str(c.get("verb")))]
        if len(alike) == 1:
            return alike[0].get("n")
    have = "; ".join(f"part {c.get('n')} does {c.get('verb')!r}" for c in sorted(clauses,
                                                                              key=lambda c: c.get("n")))
    raise QuestionError(f"{said_effect(effect_id)} has no part that does {which!r} ({have})",
                        understood={"effect": effect_id})


def said_effect(effect_id: str) -> str:
    """An effect id said in words: "Card#2" is "effect 2 of Card", "Card#0" "the activation of
    Card" (messages say effects so, never by their ids)."""
    card, _, n = str(effect_id).rpartition("#")
    if not card or not n:
        return str(effect_id)
    return f"the activation of {card}" if n == "0" else f"effect {n} of {card}"


def _effect_with_parts(reading: Reading, verbs, sel: str) -> str | None:
    """"Are the destruction and the Special Summon of X simultaneous?" on a card of several
    effects: the card's only (or activation) effect when it has a part for each of those actions,
    else the one effect that has them all; None when there is no such single effect."""
    def has_all(eid: str) -> bool:
        return all(_facts(reading, "clause", effect=eid, verb=v) for v in verbs)
    try:
        chosen = select_effect(reading, {"card": reading.card.name, "select": sel})
        if has_all(chosen):
            return chosen
    except QuestionError:
        chosen = None
    fits = [e for e in reading.effects if e.n > 0 and has_all(e.id)]
    return fits[0].id if len(fits) == 1 else chosen
