"""Told Chains: which event an effect would answer, the links still open, whether an open link's
card was removed by a link chained to it and whether it still resolves (``resolves``), and whether
a told activation's effect is negated (``effect-negated``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lark import Tree

from ...errors import QuestionError
from ...gamewords import gamewords
from ...parser.transform import find, low, sub, subs
from ...reader.phrases import numbers_said, part_of_card_activation
from ...reader.select import select_effect
from ...situation import MATERIAL_MOVES
from ..moves import chain_told
from ..refs import effect_does_action
from ..targets import untold_negator
from .common import first_effect, reads_scenario

if TYPE_CHECKING:
    from ..told import Situate


def _steps(st: Situate) -> list[tuple[str, object]]:
    """Every told thing that happened to a card, with an id, oldest first: (id, what)."""
    out = []
    for e in st.events:
        if e.get("kind") == "activate":
            # a card moved as the cost, then what the link does (ids as the situation gives them)
            out += [(f"{e['id']}.cost{n}", c.get("what"))
                    for n, c in enumerate(e.get("cost") or [], start=1) if c.get("what")]
            out += [(d["id"], d.get("what")) for d in e.get("does", []) if d.get("id")]
        elif e.get("kind") in ("summon", "move") and e.get("id"):
            # a Summon's Tributes or materials are moved before it (ids as the situation gives them)
            out += [(f"{e['id']}.mat{n}", m) for n, m in enumerate(e.get("materials") or [], start=1)
                    if e.get("kind") == "summon" and e.get("summon-kind") in MATERIAL_MOVES]
            out.append((e["id"], e.get("what")))
    return out


def event_for(st: Situate, ref: dict, purpose: Tree | None) -> str | None:
    """The event a "When/If ..." effect would answer: the one that happened to the card the
    question names ("... to destroy Nibiru"), else to the effect's own card, else the only one
    told, else the newest Summon."""
    steps = _steps(st)
    thing = sub(purpose, "thing") if purpose is not None else None
    named = st.r.thing(thing).get("card") if thing is not None else None
    if named:
        mine = [sid for sid, what in steps if what == named]
        if not mine:
            st.fail(f"nothing happened to {named} in what was told", thing)
        return mine[-1]
    # (the card itself, or a copy of it told as one: "a second Sangan is sent to the GY")
    card = ref.get("card")
    own = [sid for sid, what in steps if what == card or
           card is not None and st.entities.get(what, {}).get("card") == card]
    if own:
        return own[-1]
    if card is not None and _triggers_on_itself(st, ref):
        # (hunt 121) "When this card is sent to the GY": never the one move told of another card
        # (MST destroying a Set card), nor the newest Summon of another monster; a move of "it"
        # (the card the question names, said again) is its own
        said_again = [sid for sid, what in steps if isinstance(what, str) and
                      str(st.entities.get(what, {}).get("desc", "")).lower() in ("it", "itself",
                                                                                 "this card")]
        return said_again[-1] if len(steps) == 1 and said_again else None
    if len(steps) == 1:
        return steps[0][0]
    if st.summons:
        return st.summons[-1][0]
    return None


def _triggers_on_itself(st: Situate, ref: dict) -> bool:
    """Is the effect asked of a trigger whose event happens to its own card ("When this card is
    destroyed")?"""
    try:
        reading = st.reading(ref["card"])
        eid = select_effect(reading, ref)
    except (QuestionError, KeyError):
        return False
    return any(f.type == "trigger_self" and f.get("effect") == eid for f in reading.facts)


def effect_does(st: Situate, ref: dict, verb: str | None) -> bool:
    if not verb or not ref.get("card"):
        return False
    reading = st.reading(ref["card"])
    if ref.get("select") == "activation" and reading.card.kind in ("spell", "trap"):
        # activating a Spell/Trap Card: its effect, or its "When this card is activated" effect,
        # or an effect the reader says the card's activation applies (on_card_activation)
        applied = {f.get("effect") for f in reading.facts if f.type == "on_card_activation"}
        return any(effect_does_action(reading.facts, e.id, verb) for e in reading.effects
                   if e.n == 0 or part_of_card_activation(e.text) or e.id in applied
                   or len([x for x in reading.effects if x.n > 0]) == 1)
    try:
        eid = select_effect(reading, ref)
    except QuestionError:
        return any(effect_does_action(reading.facts, e.id, verb) for e in reading.effects)
    return effect_does_action(reading.facts, eid, verb)


def activation_effect(st: Situate, ref: dict) -> bool:
    reading = st.reading(ref["card"])
    if reading.card.kind not in ("spell", "trap"):
        return False
    eid = select_effect(reading, ref)
    text = next((e.text for e in reading.all_effects() if e.id == eid), "")
    return eid.endswith("#0") or part_of_card_activation(text)


def _open_links(st: Situate) -> list[str]:
    """The told activations not resolved yet, oldest first."""
    return [e["id"] for e in chain_told(st.events)[0]]


def open_activation(st: Situate, ref: dict) -> str | None:
    open_ = _open_links(st)
    for aid, r in reversed(st.acts):
        if aid in open_ and r.get("card") == ref.get("card"):
            return aid
    return None


GONE = ("destroyed", "banished", "sent-to-gy", "returned-to-hand", "returned-to-deck",
        "returned-to-extra", "tributed", "flipped-face-down")


def resolves_after(st: Situate, ref: dict, node: Tree) -> dict:
    """"Does X still ...?" where X's card was removed by a link chained to it: does X still
    resolve?  The links chained after it resolve first (newest first)."""
    aid = open_activation(st, ref)
    if aid is None:
        st.fail("that effect was not activated in what was told", node)
    act = next(e for e in st.events if e.get("id") == aid)
    if any(e.get("kind") == "negate" for e in st.events):
        st.fail("a negation and a removal at once are not placed yet", node)
    if st.changed:
        st.fail("a changed target and a removed card at once are not placed yet", node)
    open_ = _open_links(st)
    later = open_[open_.index(aid) + 1:]
    removers = {e["id"] for e in st.events if e.get("id") in later and e.get("does")}
    negator = untold_negator(st, removers) if removers else None
    if negator:
        # "... chains MST to destroy it, and I chain Magic Jammer": the link that removed the card
        # may have been negated (game-rules#resolution.6); what the later link did is not told
        st.fail(f"{negator} was chained to the link that removed the card: say what it did ('... "
                "to negate it', or what it did instead)", node)
    for lid in reversed(later):
        st.events.append({"kind": "resolve", "of": lid})
    return st.spec("resolves", {"effect": act["effect"]})


def card_removed(st: Situate, ref: dict) -> bool:
    """Was the card of X's told, still open activation removed by a link chained to it?"""
    aid = open_activation(st, ref)
    if aid is None:
        return False
    act = next(e for e in st.events if e.get("id") == aid)
    me = {ref.get("card"), act.get("source")} - {None}
    seen = False
    for e in st.events:
        if e.get("id") == aid:
            seen = True
        elif seen and e.get("kind") == "activate":
            if any(d.get("what") in me and d.get("action") in GONE for d in e.get("does", [])):
                return True
    return False


def build_effect_negated(st: Situate, fam: Tree) -> dict:
    """"Is the effect (that was already activated) negated?": a told activation that something
    was chained to."""
    node = sub(fam, "negated_eff")
    answered = [e["respond"] for e in st.events if e.get("kind") == "activate" and e.get("respond")]
    effs = [t for t in node.children if isinstance(t, Tree) and t.data.startswith("eff_")
            and t.data not in ("eff_desc", "eff_noun")]
    if effs:
        ref = st.effect_ref(st.r.effect(effs[0]))
        cands = [aid for aid, r in st.acts if r == ref]
    else:
        descs = [" ".join(low(d)) for d in subs(node, "eff_desc")]
        cands = []
        for aid, r in st.acts:
            if aid not in answered:
                continue
            if descs and r.get("card"):
                want = st.effect_ref({"how": "eff_poss", "card": r["card"], "ord": None,
                                      "desc": descs, "quote": None, "rel": None,
                                      "text": st.r.said(node)})
                if want != r:
                    continue
            elif descs and any(d not in ("trigger", "quick", "ignition", "monster") for d in descs):
                continue
            cands.append(aid)
    cands = [a for a in cands if a in answered] or cands
    if len(cands) != 1:
        st.fail("which activated effect? (tell it first: 'my opponent activates X, and I chain "
                "Y to it')" if not cands else "which of the activated effects?", node)
    return st.spec("effect-negated", {"activation": cands[0]})


def build_activation_negated(st: Situate, fam: Tree) -> dict:
    """(round 83) "Is the activation (of X) still negated even though there is nothing to
    destroy?", "Does Y still negate the activation ...?": the told activation a link was chained
    to; a part of the negating link said to fail ("there is nothing to destroy") is supposed
    failed, for the rules to read whether the negation needs it."""
    node = sub(fam, "neg_activation_of")
    answered = {e["respond"]: e for e in st.events if e.get("kind") == "activate" and e.get("respond")}
    effs = [t for t in (node.iter_subtrees_topdown() if node is not None else fam.children)
            if isinstance(t, Tree) and t.data.startswith("eff_") and t.data not in ("eff_desc", "eff_noun")]
    if node is None:
        # "Does Y negate the activation?": the activation Y's link answers
        ref = st.effect_ref(st.r.effect(effs[0]))
        by = [e for e in answered.values() if e["effect"] == ref]
        if len(by) != 1:
            st.fail(f"which activation does {ref.get('card')} answer? (tell it: 'my opponent "
                    f"activates X, and I chain {ref.get('card')} to it')", fam)
        aid = by[0]["respond"]
    elif effs:
        ref = st.effect_ref(st.r.effect(effs[0]))
        cands = [a for a, r in st.acts if r == ref and a in answered]
        if len(cands) != 1:
            st.fail("which activated effect? (tell it first: 'my opponent activates X, and I chain "
                    "Y to it')", node)
        aid = cands[0]
    else:
        if len(answered) != 1:
            st.fail("which activation? (tell what was chained to what)", node)
        aid = next(iter(answered))
    slots: dict = {"activation": aid}
    even = sub(fam, "neg_even")
    if even is not None:
        negator = answered.get(aid, {}).get("effect") or {}
        found = st.effect_of(negator) if negator.get("card") else None
        if found is None or not any(f.type == "clause" and f.get("effect") == found[1] and
                                    f.get("verb") == "destroy" for f in found[0].facts):
            st.fail(f"{st.r.said(even)!r}: the link chained to it destroys nothing", even)
        slots["suppose"] = [{"fails": {"part": "destroy", "effect": negator}}]
    return st.spec("effect-negated", slots)


def removed_link(st: Situate, q: Tree, by: list) -> dict | None:
    """"Do I still draw 2 cards?" / "Does X's effect still destroy its target?" after a told Chain
    in which X's card was removed by a link chained to it: the effect asked about, if so."""
    verb = st.r.action(find(q, "act_verb"))
    get = sub(q, "cj_get") if verb is None else None
    if get is not None and not by:
        # varyG: "Do I still get the Level 3 Fiend?": the asker's open link whose part gives a
        # card (adds, Special Summons, draws), what it gives grounded in its text (_get_verb)
        from .outcomes import GIVES, _get_verb
        subj = sub(q, "outcome_subj")
        who = st.r.player(sub(subj, "player")) if subj is not None else None
        cands = [r for aid, r in st.acts if aid in _open_links(st) and
                 any(effect_does(st, r, v) for v in GIVES) and
                 (who is None or next((e.get("player") for e in st.events if e.get("id") == aid),
                                      None) == who)]
        if len(cands) != 1 or not card_removed(st, cands[0]):
            return None
        reading = st.reading(cands[0]["card"])
        _get_verb(st, reading, select_effect(reading, cands[0]), cands[0], get)
        return cands[0]
    if by:
        ir = st.r.effect(by[0])
        told = [r for aid, r in st.acts if aid in _open_links(st) and r.get("card") == ir.get("card")]
        plain = not (ir.get("ord") or ir.get("desc") or ir.get("quote") or ir.get("rel"))
        # "X's effect": the one of X activated in what was told
        cands = told[-1:] if plain and told else [st.effect_ref(ir)]
    else:
        cands = [r for aid, r in st.acts if aid in _open_links(st) and effect_does(st, r, verb)]
    if len(cands) != 1 or not card_removed(st, cands[0]):
        return None
    if not effect_does(st, cands[0], verb):
        st.fail(f"{cands[0]['card']} does not {verb} with that effect", q)
    _same_numbers(st, cands[0], q)
    return cands[0]


NUMBER_WORDS = {w: str(n) for w, n in gamewords().counts("said").items()}


def _same_numbers(st: Situate, ref: dict, q: Tree) -> None:
    """"Do I still draw 2 cards?": a number the question says must be the effect's own."""
    obj = sub(q, "outcome_obj")
    if obj is None:
        return
    ws = [str(t).lower() for t in obj.scan_values(lambda v: getattr(v, "type", "") not in
                                                   ("XCARD", "XQUOTE"))]
    said = {NUMBER_WORDS.get(w, w) for w in ws if w.isdigit() or w in NUMBER_WORDS}
    reading = st.reading(ref["card"])
    have = numbers_said(reading)
    if not said <= have:
        st.fail(f"{ref['card']} says no such number ({', '.join(sorted(said - have))})", obj)


@reads_scenario
def build_resolves(st: Situate, fam: Tree) -> dict:
    """"I activate X and my opponent chains Y to destroy it. Does X still resolve?"; a question
    that supposes instead ("Does X resolve if ...?"): :func:`.supposed.build_supposed`."""
    if sub(fam, "situation") is not None or not st.acts:
        from .supposed import build_supposed
        return build_supposed(st, fam, "resolves")
    ref = st.effect_ref(st.r.effect(first_effect(fam)))
    told = [r for aid, r in st.acts if aid in _open_links(st) and r.get("card") == ref.get("card")]
    if told:
        ref = told[-1]
    if not card_removed(st, ref) and getattr(st, "held", None) and \
            getattr(st, "held_changes", None):
        # "I activate X while my opponent has exactly 4 cards in their hand. They discard one in
        # response. Does X still resolve?": what X's condition counts changed before it resolved
        from .conditions import build_held
        return build_held(st, fam, fam)
    if not card_removed(st, ref) and _chained_after(st, ref) and not any(
            e.get("targets") for e in st.events if e.get("kind") == "activate" and e.get("effect") == ref):
        # "I activate X and my opponent chains Solemn Judgment. Does X still resolve?": the
        # links chained to it decide (what each does is read from its text); not for an
        # activation with targets (whether a link that fails "resolves" is not what people ask)
        return st.spec("resolves", {"effect": ref})
    if not card_removed(st, ref):
        st.fail("what happened to it before it resolved? (tell it: 'my opponent chains Y to "
                "destroy it')", fam)
    return resolves_after(st, ref, fam)


def _chained_after(st: Situate, ref: dict) -> bool:
    """A link told after the activation ``ref`` in its Chain."""
    aid = next((a for a, r in st.acts if r == ref), None)
    chains = _chains_of(st)
    if aid is None or aid not in chains:
        return False
    ids = [e.get("id") for e in st.events if e.get("kind") == "activate" and e.get("id")]
    return any(chains.get(o) == chains[aid] for o in ids[ids.index(aid) + 1:])


def _chains_of(st: Situate) -> dict[str, int]:
    """(chains) Each told activation's Chain, numbered as the situation numbers them: a link
    chained to an open one is in its Chain; any other activation starts a new Chain."""
    out: dict[str, int] = {}
    chain = 0
    for e in st.events:
        if e.get("kind") != "activate" or not e.get("id"):
            continue
        if e.get("respond") in out:
            out[e["id"]] = out[e["respond"]]
        else:
            chain += 1
            out[e["id"]] = chain
    return out


def _order_link(st: Situate, node: Tree) -> str:
    """(chains) The told link an ``order_link`` means: an effect named, or "mine" / "their card"
    (the one link of that player's)."""
    effs = [t for t in node.children if isinstance(t, Tree) and t.data.startswith("eff_")]
    if effs:
        ref = st.effect_ref(st.r.effect(effs[0]))
        aid = st._find_act(ref)
        if aid is None:
            st.fail(f"{st.r.said(node)!r} was not activated in the Chain told", node)
        return aid
    ws = low(node)
    player = "opponent" if ws[0] in ("theirs", "their") or ws[:2] == ["my", "opponent's"] else "you"
    acts = [e["id"] for e in st.events if e.get("kind") == "activate" and e.get("id")
            and e.get("player") == player]
    if len(acts) != 1:
        st.fail(f"which link is {st.r.said(node)!r}? (" + ("none of that player's was told"
                if not acts else "that player made more than one: name the card") + ")", node)
    return acts[0]


def build_resolves_first(st: Situate, fam: Tree) -> dict:
    """(chains) "Does Y resolve first?", "mine resolves first?", "Does X resolve before / after Y?":
    two links of one told Chain, asked in the order they resolve."""
    links = subs(fam, "order_link")
    when = sub(fam, "order_when")
    first = _order_link(st, links[0])
    chains = _chains_of(st)
    if sub(when, "order_link") is not None:
        other = _order_link(st, sub(when, "order_link"))
        if other == first:
            st.fail("the same link twice", when)
        if "after" in low(when):
            first, other = other, first
        others = [other]
    else:                                         # "first": before every other link of its Chain
        others = [aid for aid, c in chains.items() if c == chains.get(first) and aid != first]
    if not others or any(chains.get(o) != chains.get(first) for o in others):
        st.fail("resolves before what? the links must be in one Chain told ('my opponent "
                "activates X. I chain Y to it.')", fam)
    spec = st.spec("resolves-first", {"first": first, "other": others[0]})
    if len(others) > 1:
        spec["and"] = [{"family": "resolves-first", "first": first, "other": o} for o in others[1:]]
    return spec


def _moved_player(st: Situate, what: str | None, card: str | None) -> str | None:
    """Whose card a step moved: the controller told of its entity, else the card's owner told."""
    return (st.entities.get(what) or {}).get("controller") or st.card_owner.get(card)


def _trigger_told(st: Situate, node: Tree) -> tuple[dict, str, str, dict]:
    """(SEGOC) The effect an ``order_trigger`` names, of a card the story told moved by a link:
    its reference, the step that moved the card, the player who controls it, and the link."""
    from .activation import _told_moves

    effs = [t for t in node.children if isinstance(t, Tree) and t.data.startswith("eff_")]
    ir = st.r.effect(effs[0])
    card = ir.get("card") or (st.last_card if ir.get("how") in ("eff_its", "eff_it") else None)
    moved = _told_moves(st, card)
    hint = [f"moved:{moved[-1]}"] if moved else []
    ref = st.effect_ref(ir, hint=["activated", *hint])
    own = [(e, d) for e in st.events if e.get("kind") == "activate" for d in e.get("does", [])
           if d.get("id") and (d.get("what") == ref.get("card") or
                               st.entities.get(d.get("what"), {}).get("card") == ref.get("card"))]
    if len(own) != 1:
        st.fail(f"tell what a Chain Link did to {ref.get('card')} (once): 'Z destroys my X "
                "and my opponent's Y'", node)
    act, step = own[0]
    player = _moved_player(st, step.get("what"), ref.get("card"))
    if player not in ("you", "opponent"):
        st.fail(f"whose is {ref.get('card')}? ('my {ref.get('card')}', 'my opponent's ...')", node)
    return ref, step["id"], player, act


def build_chain_order(st: Situate, fam: Tree) -> dict:
    """(SEGOC) "Z destroys my X and my opponent's Y. Does my X('s effect) go on the Chain
    first / before Y's?", "Is X's effect Chain Link 1?": two Trigger Effects
    whose events one link did at the same time (no "then" between them, nothing told after), asked
    in the order they are put on the Chain (game-rules#missing-the-timing.7)."""
    when = sub(fam, "trigger_when")
    vs = sub(when, "trigger_vs") if when is not None else None
    links = subs(fam, "order_trigger")[:1] + (
        subs(when, "order_trigger") if when is not None else []) + (
        subs(vs, "order_trigger") if vs is not None else [])

    def numbers(node):
        return [int(t) for t in node.children if getattr(t, "type", "") == "XNUM"]
    said_n = numbers(fam) + (numbers(sub(when, "trigger_as")) if when is not None and
                             sub(when, "trigger_as") is not None else [])
    later = when is not None and bool({"after", "above", "top"} & (
        set(low(when)) - (set(low(vs)) if vs is not None else set())))
    if when is not None and said_n and said_n[-1] != (2 if later else 1):
        # "first, as Chain Link 2": the number said must be the place the words say
        st.fail(f"{st.r.said(when)!r}: that would be Chain Link {2 if later else 1} of the two", when)
    if vs is not None and numbers(vs) and numbers(vs)[-1] != 2:
        st.fail(f"{st.r.said(vs)!r}: the other one would be Chain Link 2", vs)
    first, first_step, first_player, act = _trigger_told(st, links[0])
    steps = [d for d in act.get("does", []) if d.get("id")]
    found = st.effect_of(act["effect"]) if (act.get("effect") or {}).get("card") else None
    if found is not None and any(f.type == "link" and f.get("effect") == found[1] and f.get("kind")
                                 in ("then", "then-can", "after-that", "also-after-that")
                                 for f in found[0].facts):
        # (hunt 89) "Card Destruction: discard ..., then each player draws": what moved the cards
        # is not the last thing the link does, so an optional "When" trigger may miss its timing
        st.fail(f"{act['effect']['card']}'s text goes on after that ('then'): a trigger may miss "
                "its timing; ask of each whether it can be activated", fam)
    if any(d.get("then") for d in steps[1:]):
        st.fail("the cards were moved one after the other ('then'): their triggers do not start "
                "at the same moment", fam)
    if act.get("respond"):
        # a link chained to another: what it moved is not the last thing to happen (the links
        # under it resolve after it), so an optional "When" trigger may miss its timing
        st.fail("the link that moved them was chained to another, which resolves after it: a "
                "trigger may miss its timing; ask of each whether it can be activated", fam)
    last = [e for e in st.events if e.get("kind") not in ("resolve", "phase")]
    if not last or last[-1] is not act:
        st.fail("the two triggers are asked right after the link that moved both cards: tell "
                "nothing after it", fam)
    if len(links) > 1:
        other, other_step, other_player, other_act = _trigger_told(st, links[1])
        if other_act is not act:
            st.fail("the two cards must be moved by the same link, at the same time", fam)
        if later:
            first, other = other, first
            first_step, other_step = other_step, first_step
            first_player, other_player = other_player, first_player
    else:
        # "first", "Chain Link 1" / "Chain Link 2": of the two cards that link moved, the other
        others = [d for d in steps if d["id"] != first_step]
        if len(others) != 1:
            st.fail("first before which trigger? (that link moved more than two cards: name the "
                    "other one)", fam)
        if said_n and said_n[-1] not in (1, 2):
            st.fail(f"Chain Link {said_n[-1]}: of two triggers, one is Chain Link 1 and the "
                    "other Chain Link 2", fam)
        what = others[0].get("what")
        card = (st.entities.get(what) or {}).get("card") or what
        other_player = _moved_player(st, what, card)
        if other_player not in ("you", "opponent") or card not in st.db:
            st.fail(f"whose is {card}, and is it a card? (name it: 'my opponent's X')", fam)
        moved = others[0].get("action")
        other = st.effect_ref({"card": st.db.get(card).name, "how": "eff_card", "text": card},
                              hint=["activated", f"moved:{moved}"] if moved else ["activated"])
        other_step = others[0]["id"]
        if said_n and said_n[-1] == 2 and sub(fam, "trigger_when") is None:
            first, other = other, first         # "Is X Chain Link 2?": the other one is CL1
            first_step, other_step = other_step, first_step
            first_player, other_player = other_player, first_player
    if first.get("card") == other.get("card"):
        st.fail("the same card twice", fam)
    if st.events[-1].get("kind") != "resolve":
        st.events.append({"kind": "resolve"})      # the link did it: it resolved
    return st.spec("chain-order", {"trigger": first, "versus": other,
                                   "events": {"trigger": first_step, "versus": other_step},
                                   "players": {"trigger": first_player, "versus": other_player}})
