"""When the parts of one effect happen: are two things done at the same time (``simultaneous``),
is a bullet chosen at activation or at resolution (``happens-at``), does one part happen after
another (``happens-after``), and can an optional "When ..." effect respond to a part's event
(``keeps-timing``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lark import Token, Tree

from ...parser.transform import find, low, sub, subs
from ...reader.phrases import names_this_card
from ...errors import QuestionError
from ...reader.grammar import grammar
from ...reader.select import select_clause, select_effect
from ..topics import topic_of
from ..words import card_ir
from .common import reads_scenario, summon_kinds_read

if TYPE_CHECKING:
    from ..told import Situate


def build_simultaneous(st: Situate, fam: Tree) -> dict:
    """"When X resolves, are X and the Y Token Special Summoned at the same time?": the two parts
    of X's effect that do that action, one to the card itself, one to the other thing named."""
    two = sub(fam, "sim_two")
    if two is not None:
        return _topic_simultaneous(st, fam, two)
    things = subs(fam, "thing")
    lead = [t for t in fam.children if getattr(t, "type", "") == "XCARD"]
    verb = st.r.action(find(sub(fam, "v_action"), "act_verb")) if sub(fam, "v_action") else None
    if sub(fam, "sim_summoned") is not None:
        verb = "summoned"           # which Summon: the one the effect does (below)
    if len(things) == 2 and not lead and verb:
        # "is the Token Summoned at the same time as X?": the card is the one thing named (or the
        # effect told before the question)
        named = {st.r.thing(t).get("card") for t in things} - {None}
        topic = topic_of(st, fam)
        if len(named) == 1 and (topic is None or topic["card"] in named):
            ref = st.effect_ref(card_ir(named.pop()), hint=[verb])
        elif topic is not None and not named:
            ref = topic
        else:
            st.fail("which card's effect does both?", fam)
        card = ref["card"]
        if verb == "summoned":      # "Summoned" alone: the one kind of Summon the effect does
            reading = st.reading(card)
            eid = select_effect(reading, ref)
            done = {f.get("verb") for f in reading.facts if f.type == "clause" and
                    f.get("effect") == eid} & grammar().summon_verbs
            if len(done) != 1:
                st.fail("which Summon? ('Special Summoned')", fam)
            verb = done.pop()
    elif len(things) != 2 or not lead:
        return _two_actions(st, fam)        # the other wordings: the two actions said
    else:
        card = st.r.card(lead[0])
        ref = st.effect_ref(card_ir(card, st.r.said(lead[0])), hint=[verb] if verb else [])
    reading = st.reading(card)
    eid = select_effect(reading, ref)
    clauses = [f for f in reading.facts if f.type == "clause" and f.get("effect") == eid
               and f.get("verb") == verb and f.source]
    parts = []
    for node in things:
        t = st.r.thing(node)
        if t.get("card") == card:           # the card itself: the part that does it to "this card"
            fit = [f for f in clauses if names_this_card(f.source.quote, word=False)]
        else:
            said = [t["card"]] if t.get("card") else \
                [w for w in t["text"].split() if w.lower() not in ("the", "a", "an", "1")]
            fit = [f for f in clauses if not names_this_card(f.source.quote, word=False) and said and
                   all(w.lower() in f.source.quote.lower() for w in said)]
        if len(fit) != 1:
            st.fail(f"which part of {card} does {verb!r} to {t['text']!r}?", node)
        parts.append(fit[0].get("n"))
    if parts[0] == parts[1]:
        st.fail("the two things are done by one part", fam)
    return st.spec("simultaneous", {"effect": ref, "left": parts[0], "right": parts[1]})


def _timing_of(ws: list[str]) -> str | None:
    if {"activation", "activate", "activates", "activated"} & set(ws):
        return "activation"
    if {"resolution", "resolves", "resolved"} & set(ws):
        return "resolution"
    return None


def _action_timing(st: Situate, fam: Tree) -> dict | None:
    """(readA) "Does X's discard happen on activation or on resolution?": is that action done at
    that time (an "or" between the two times asks its first half)."""
    verbs = [st.r.action(t) for t in fam.iter_subtrees_topdown() if t.data == "act_verb"]
    verbs = [v for v in verbs if v]
    if not verbs or len(set(verbs)) != 1:
        return None
    verb = verbs[0]
    times = [t for t in fam.iter_subtrees_topdown() if t.data == "ha_time"]
    if times:
        timing = _timing_of(low(times[0]))
    else:                                   # "... when X is activated / resolves"
        timing = _timing_of(low(fam)[-3:])
    if timing is None:
        return None
    alt = find(fam, "ha_or")
    if alt is not None and _timing_of(low(alt)) in (None, timing):
        st.fail("the question asks of one time twice", alt)
    node = next((t for t in fam.iter_subtrees_topdown() if t.data.startswith("eff_")), None)
    if node is not None:
        ir = st.r.effect(node)
    else:
        card = next((st.r.card(t) for t in fam.scan_values(lambda v: getattr(v, "type", "") == "XCARD")),
                    None)
        if card is None:
            return None
        ir = card_ir(card)
    ref = st.effect_ref(ir, hint=[verb])
    return st.spec("happens-at", {"effect": ref, "verb": verb, "timing": timing})


def _topic_simultaneous(st: Situate, fam: Tree, two: Tree) -> dict:
    """"<effect>: '<its text>'. Do the summon and the send happen at the same time?": two parts
    of the effect told before the question, named by their actions."""
    ref = topic_of(st, fam)
    if ref is None:
        return _two_actions(st, fam)        # the effect is named in the parts
    reading = st.reading(ref["card"])
    eid = select_effect(reading, ref)
    parts = []
    for part in subs(two, "part_np"):
        verb = st.r.action(find(part, "act_verb"))
        if verb is None and "summon" in low(part):
            kinds = [w for k in subs(part, "summon_kind") for w in low(k)]
            verb = {(): "special-summon", ("special",): "special-summon",
                    ("normal",): "normal-summon"}.get(tuple(kinds))
            if verb == "special-summon" and not kinds and _has(reading, eid, "normal-summon"):
                verb = None
        if verb is None:
            st.fail(f"{st.r.said(part)!r}: which part of {ref['card']}?", part)
        if not _has(reading, eid, verb):
            st.fail(f"{ref['card']} has no part that does {verb!r}", part)
        parts.append(_clause_said(st, reading, eid, verb, part))
    if parts[0] == parts[1]:
        st.fail("the two things are done by one part", fam)
    return st.spec("simultaneous", {"effect": ref, "left": parts[0], "right": parts[1]})


# words of a part said that only point at it ("the send", "its Special Summon")
_POINTING = {"the", "a", "an", "its", "their", "my", "your", "his", "her", "this", "that", "of",
             "from", "to", "in", "into", "on", "CARD", "card", "cards", "monster", "monsters"}


_SUMMON_WORDS = {"special", "normal", "tribute", "flip", "fusion", "synchro", "xyz", "link", "ritual",
                 "pendulum", "summon", "summons", "summoned", "summoning"}


def _clause_said(st: Situate, reading, eid: str, verb: str, part: Tree, plain=None):
    """(session after 34b7d8b) The part of effect ``eid`` that does ``verb`` which the words said
    of it name ("the send from the Deck", "the monster sent from the hand"): the one whose text
    says every other word, when several parts do it or more words are said; the only one when
    nothing more is said (refused when the words fit none, or more than one)."""
    from ...resolve import verbs_in
    from ..refs import grounded_in_text

    from ...parser.names import vocabulary

    words = _plain_words(st, part).split()
    # (hunt 92) "the mill": a word for the action that says where it takes cards from
    places = vocabulary().get("said_places") or {}
    words += [str(places[w.lower()]) for w in words if w.lower() in places]
    # (a count is the card's own, :func:`_counts_fit`; a Summon's kind is said with its verb)
    extra = [w for w in words if w not in _POINTING and w.lower() not in _POINTING and not verbs_in(w)
             and not w.isdigit() and w.lower() not in _SUMMON_WORDS]
    quotes = [(f.get("n"), f.source.quote) for f in reading.facts if f.type == "clause"
              and f.get("effect") == eid and f.get("verb") == verb and f.source is not None]
    if not extra:
        return plain if plain is not None else select_clause(reading, eid, verb)
    fits = [n for n, q in quotes if grounded_in_text(" ".join(extra), q)]
    if not fits and len(quotes) == 1:
        # one part does it: that part, as before (the words said of what it is done to are read by
        # the question's other checks, such as the count it says)
        fits = [quotes[0][0]]
    if not fits:
        return plain if plain is not None else select_clause(reading, eid, verb)   # as before
    if len(fits) != 1:
        st.fail(f"{st.r.said(part)!r}: which part of {reading.card.name}? ("
                + ("no part that does it says " if not fits else "more than one part says ")
                + " ".join(extra) + ")", part)
    n = int(fits[0])
    # (the first part doing the action, as a spec names it by its action)
    return plain if plain is not None and n == select_clause(reading, eid, verb) else n


def _has(reading, eid: str, verb: str) -> bool:
    try:
        select_clause(reading, eid, verb)
        return True
    except QuestionError:
        return False


def build_happens_at(st: Situate, fam: Tree) -> dict:
    """"Do I choose which X effect to use when I activate the card?", "When I activate X, can I
    wait until it resolves to decide whether to destroy A or B?": when a bullet is chosen."""
    if st.changed or any(e.get("kind") in ("move", "negate", "summon", "removed", "gained") or
                         e.get("kind") == "activate" and (e.get("respond") or e.get("targets"))
                         for e in st.events):
        # (hunt 53) a response told ("Player B chains Solemn Judgment"), or targets told: the
        # story, not when the text does the action, decides what is asked
        # "..., they chain a card that destroys X. Is the Set card destroyed when it resolves?":
        # what the story did decides it, not when the text does the action
        st.fail("the story tells what happened before it resolves: ask whether it is still "
                "done ('is it still destroyed?')", fam)
    choice = sub(fam, "bullet_choice")
    if choice is None and (find(fam, "ha_time") is not None or find(fam, "ha_what") is not None
                           or "when" in low(fam)[-5:]):
        told = _action_timing(st, fam)
        if told is not None:
            return told
    if choice is None:
        return _last_action_timing(st, fam)   # the other forms: the last action said
    cards = [st.r.card(t) for t in fam.scan_values(lambda v: getattr(v, "type", "") == "XCARD")]
    if not cards or len(set(cards)) > 1:
        st.fail("which card's effects?", fam)
    reading = st.reading(cards[0])
    card = reading.card.name
    with_bullets = [f.get("effect") for f in reading.facts if f.type == "bullets"]
    if len(with_bullets) != 1:
        st.fail(f"{card} has no one effect with bullets to choose from" if not with_bullets else
                f"{card} has more than one effect with bullets: say which", fam)
    eid = with_bullets[0]
    effect = next(e for e in reading.all_effects() if e.id == eid)
    verbs = [st.r.action(t) for t in choice.iter_subtrees_topdown() if t.data == "act_verb"]
    bullet_verbs = {f.get("verb") for f in reading.facts if f.type == "clause"
                    and str(f.get("effect", "")).startswith(eid + ".")}
    for v in verbs:
        if v not in bullet_verbs:
            st.fail(f"no bullet of {card} does {v!r}", choice)
    ws = low(fam)
    if "wait" in ws or sub(fam, "choose_when") is not None and \
            ("resolves" in low(sub(fam, "choose_when")) or "resolved" in low(sub(fam, "choose_when"))):
        timing = "resolution"
    else:
        timing = "activation"
    if reading.card.kind in ("spell", "trap") and effect.n == 1 and \
            any(f.type == "on_card_activation" and f.get("effect") == eid for f in reading.facts):
        ref = {"card": card, "select": "activation"}
    else:
        ref = {"card": card, "n": effect.n}
    return st.spec("happens-at", {"effect": ref, "verb": "choose", "timing": timing})


def build_misses_timing_now(st: Situate, fam: Tree) -> dict:
    """"I used X as Link Material. Does X miss the timing?": after a told story, whether X's
    effect can be activated at this point, asked the other way round (``said_as``: the answer
    is turned over by :meth:`psct_expert.api.Expert.ask_spec`, a "cannot" only when its event
    was followed by another).  With no story told it asks what kind of trigger the effect is
    (:func:`_misses_timing_ever`)."""
    told = any(getattr(t, "data", "") == "lead" for t in st.pq.tree.children)
    pre, if_sit = sub(fam, "pre"), sub(fam, "if_sit")
    if not told and pre is None and if_sit is None:
        return _misses_timing_ever(st, fam)
    if "ever" in low(fam) or "able" in low(fam) or if_sit is None and low(fam)[:1] == ["can"]:
        st.fail("'can it ever miss the timing' asks what kind of trigger it is, whatever "
                "happened: ask it without the story, or ask 'does it miss the timing?'", fam)
    eff = next((c for c in fam.children if isinstance(c, Tree) and c.data.startswith("eff_")), None)
    if eff is None:
        card = next(t for t in fam.children if getattr(t, "type", "") == "XCARD")
        eff = Tree("eff_card", [card])
    from .parts import build_can_activate_now
    kids = ([pre] if pre is not None else []) + [eff] + ([if_sit] if if_sit is not None else [])
    spec = build_can_activate_now(st, Tree("fam_can_activate_now", kids))
    spec["said_as"] = "misses-timing"
    return spec


def _misses_timing_ever(st: Situate, fam: Tree) -> dict:
    """"Can X miss the timing?" of the card alone: what kind of trigger its effect is (the
    effect named, else the card's trigger effect)."""
    summon_kinds_read(st)
    eff = next((c for c in fam.children if isinstance(c, Tree) and c.data.startswith("eff_")), None)
    if eff is None:
        card = next(t for t in fam.children if getattr(t, "type", "") == "XCARD")
        eff = Tree("eff_card", [card])
    ref = st.r.effect(eff)
    if eff.data in ("eff_of", "eff_poss", "eff_card") and ref.get("card") and \
            not any(ref.get(k) for k in ("ord", "desc", "quote", "rel", "kind_said")):
        return st.spec("misses-timing", {"effect": {"card": st.db.get(ref["card"]).name,
                                                    "select": "trigger"}})
    return st.spec("misses-timing", {"effect": st.effect_ref(ref)})


@reads_scenario
def build_keeps_timing(st: Situate, fam: Tree) -> dict:
    """"After X is Special Summoned by its effect and destroys cards, can an optional effect that
    activates 'when a monster is Special Summoned' be activated?": the part of X's effect whose
    event the quoted "when ..." names (else the first action told of X).  A quote that is not a
    "when ..." event is refused: an optional "If ..." effect does not miss the timing, and the
    answer would be of a "When ..." one (the regex builder answered it so)."""
    summon_kinds_read(st)
    from ...resolve import verbs_in

    done = sub(fam, "situation_done")
    card = st.db.get(st.r.card(next(done.scan_values(
        lambda v: getattr(v, "type", "") == "XCARD")))).name
    node = next((t for t in fam.children if getattr(t, "type", "") == "XQUOTE"), None)
    quote = st.r.quotes[int(node)] if node is not None else ""
    if not quote.lower().startswith("when "):
        st.fail(f"'{quote}' is not a 'when ...' event: this question asks whether an optional "
                "'When ...' effect misses the timing (an 'If ...' one never does)")
    verbs = [v for _, v in verbs_in(quote[5:])]
    if not verbs:
        verbs = [v for v in (st.r.action(t) for t in done.iter_subtrees_topdown()
                             if t.data == "act_verb") if v]
    if not verbs:
        st.fail("respond to which action?", done)
    return st.spec("keeps-timing", {"effect": {"card": card, "select": "activation"},
                                    "part": verbs[0]})


def _effect_or_activation(st: Situate, node: Tree) -> dict:
    """An effect reference whose bare card ("X", "the effect of X") means its activation."""
    ref = st.r.effect(node)
    if node.data in ("eff_of", "eff_poss", "eff_card") and ref.get("card") and \
            not any(ref.get(k) for k in ("ord", "desc", "quote", "rel", "kind_said")):
        return {"card": st.db.get(ref["card"]).name, "select": "activation"}
    return st.effect_ref(ref)


@reads_scenario
def build_happens_after(st: Situate, fam: Tree) -> dict:
    """"Does X end the Battle Phase after destroying the attacking monster, rather than at the
    same time?": the part asked about (``right``) after the other (``left``)."""
    summon_kinds_read(st)
    order = sub(fam, "order_word")
    if order is not None:
        return _ordered_parts(st, fam, low(order)[0])
    eff = next(c for c in fam.children if isinstance(c, Tree) and c.data.startswith("eff_"))
    right = st.r.action(sub(sub(fam, "v_action"), "act_verb"))
    left = st.r.action(sub(sub(fam, "v_doing"), "act_verb"))
    if right is None or left is None:
        st.fail("which two actions?", fam)
    return st.spec("happens-after", {"effect": _effect_or_activation(st, eff),
                                     "left": left, "right": right})


def _asked_effect(st: Situate, fam: Tree, verbs: list[str], lead_anywhere: bool) -> dict:
    """The effect a question of two of its parts names (its ``eff_`` node, else the card named:
    first anywhere in the question, or among its own words only), that of a card of several
    effects being the one that does both ``verbs``."""
    eff = next((c for c in fam.children if isinstance(c, Tree) and c.data.startswith("eff_")), None)
    if eff is None:
        said = fam.scan_values(lambda v: getattr(v, "type", "") == "XCARD") if lead_anywhere else \
            (t for t in fam.children if getattr(t, "type", "") == "XCARD")
        lead = next(iter(said), None)
        if lead is None:
            st.fail("whose effect?", fam)
        eff = Tree("eff_card", [lead])
    ref = _effect_or_activation(st, eff)
    if "n" not in ref:       # a card of several effects: the one that does both actions
        ref["parts"] = list(verbs)
    return ref


def _ordered_parts(st: Situate, fam: Tree, order: str) -> dict:
    """"Does X's LP gain happen after the destruction?", "Does the draw happen before the LP
    gain?": the two parts said, each by its action; "A after B" asks A (``right``) after B,
    "A before B" asks B after A."""
    from ...resolve import verbs_in

    said = []
    for part in subs(fam, "part_np"):
        verbs = [v for _, v in verbs_in(_plain_words(st, part))]
        if len(set(verbs)) != 1:
            st.fail("which two actions?", part)
        said.append(verbs[0])
    if len(said) != 2 or said[0] == said[1]:
        st.fail("which two actions?", fam)
    ref = _asked_effect(st, fam, said, lead_anywhere=False)
    first, second = said
    left, right = (second, first) if order == "after" else (first, second)
    return st.spec("happens-after", {"effect": ref, "left": left, "right": right})


def _plain_words(st: Situate, node: Tree) -> str:
    """A subtree's words, each card named as one placeholder word (its name's words are no
    action), the quotes left out."""
    out = []
    for t in node.scan_values(lambda v: isinstance(v, Token)):
        if t.type == "XCARD":
            out.append("CARD")
        elif t.type != "XQUOTE":
            out.append(str(t))
    return " ".join(out)


def _two_actions(st: Situate, fam: Tree) -> dict:
    """"Are the destruction and the Special Summon of X simultaneous?", "Does X destroy the card
    and Special Summon it at the same time?": the two actions said, in order, parts of the
    effect named (its activation, unless the question names one effect)."""
    summon_kinds_read(st)
    from ...resolve import verbs_in

    verbs: list[str] = []
    # (hunt) the actions are those of the words that say the two parts, never a word that names
    # the effect ("the Set of X's negation effect": "negation" says which effect)
    effs = [id(t) for c in fam.children if isinstance(c, Tree) and c.data.startswith("eff_")
            for t in c.iter_subtrees()]
    said = [t for t in fam.iter_subtrees_topdown() if t.data == "part_np" and id(t) not in effs]
    for node in said or [fam]:
        found = [v for _, v in verbs_in(_plain_words(st, node))]
        if said and not found:
            st.fail(f"which action is {st.r.said(node)!r}?", node)
        verbs += [v for v in dict.fromkeys(found) if v not in verbs]
    if len(verbs) < 2:
        st.fail("which two actions?", fam)
    ref = _asked_effect(st, fam, verbs[:2], lead_anywhere=True)
    _counts_fit(st, fam, ref)
    sides: list = verbs[:2]
    if len(said) == 2:
        # (session after 34b7d8b) each part said with more words than its action ("the send from
        # the Deck"): the part those words name, never the first that does the action
        reading = st.reading(ref["card"])
        eid = select_effect(reading, ref)
        # (a part said by its action alone stays its action: the spec names it so)
        sides = [_clause_said(st, reading, eid, v, node, plain=v) if _has(reading, eid, v) else v
                 for v, node in zip(sides, said)]
        if sides[0] == sides[1]:
            st.fail("the two things are done by one part", fam)
    return st.spec("simultaneous", {"effect": ref, "left": sides[0], "right": sides[1]})


def _counts_fit(st: Situate, fam: Tree, ref: dict) -> None:
    """"the 2 draws": a count said of a part must be the card's count for that part."""
    from ...resolve import verbs_in

    reading = st.reading(ref["card"])
    eid = select_effect(reading, ref)
    words = _plain_words(st, fam).split()
    for num, word in zip(words, words[1:]):
        if not num.isdigit():
            continue
        for _, verb in verbs_in(word):
            quotes = [f.source.quote for f in reading.facts if f.type == "clause"
                      and f.get("effect") == eid and f.get("verb") == verb and f.source]
            if quotes and not any(num in q.split() or f" {num} " in f" {q} " for q in quotes):
                raise QuestionError(f"could not understand the question: '{num} {word}': the card "
                                    f"does not say {num} for that part", understood=st.understood,
                                    unplaced=f"{num} {word}")


def _last_action_timing(st: Situate, fam: Tree) -> dict:
    """"Is the monster for X discarded when the effect resolves?" where the actions said differ:
    the last one said, at the time said (resolution when it is named)."""
    summon_kinds_read(st)
    ws = low(fam)
    if any(w.startswith("resolv") or w.startswith("resolution") for w in ws):
        timing = "resolution"
    elif any(w.startswith("activat") for w in ws):
        timing = "activation"
    else:
        st.fail("at activation or at resolution?", fam)
    verbs = [v for v in (st.r.action(t) for t in fam.iter_subtrees_topdown()
                         if t.data == "act_verb") if v]
    if not verbs:
        st.fail("which action?", fam)
    verb = verbs[-1]
    eff = next((c for c in fam.iter_subtrees_topdown() if c.data.startswith("eff_")), None)
    if eff is None:
        card = next((t for t in fam.scan_values(lambda v: getattr(v, "type", "") == "XCARD")), None)
        if card is None:
            st.fail("whose effect?", fam)
        eff = Tree("eff_card", [card])
    ref = _effect_or_activation(st, eff)
    if ref.get("select") == "activation" and eff.data != "eff_activating":
        ref = {"card": ref["card"], "verb": verb}
    return st.spec("happens-at", {"effect": ref, "verb": verb, "timing": timing})
