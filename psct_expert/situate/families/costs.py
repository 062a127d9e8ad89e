"""Cost questions: is an action a cost (``is-cost``), and is a cost still paid or returned after the
effect is negated (``still-done``, ``cost-returned``)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from lark import Tree

from ...errors import QuestionError
from ...gamewords import gamewords

from ...parser.transform import find, low, sub, subs
from ...reader.phrases import names_this_card
from ..words import card_ir, thing_words, words_fit
from ...reader.select import select_effect
from .common import OldForm, reads_scenario, rel_verbs
from .outcomes import build_outcome

if TYPE_CHECKING:
    from ..told import Situate


def _thing_verb(st: Situate, node: Tree | None) -> str | None:
    verbs = rel_verbs(st, node)
    return verbs[0] if verbs else None


def negated_effect(st: Situate, node: Tree) -> dict:
    """The effect whose cost the question is about: the one negated (or activated) last."""
    for e in reversed(st.events):
        if e["kind"] == "negate":
            for aid, ref in st.acts:
                if aid == e["of"]:
                    return ref
    if st.acts:
        return st.acts[-1][1]
    st.fail("whose cost? (tell what was activated and negated first)", node)
    return {}


COST_WORDS = {"lp": "pay", "life": "pay"}


def _cost_verb(st: Situate, fam: Tree) -> str:
    thing = sub(fam, "thing")
    verb = _thing_verb(st, thing)
    if verb is None and thing is None and "cost" in low(fam) and "lp" not in low(fam):
        verb = _the_one_cost(st, fam)       # "the cost of X ... paid": whatever its cost does
    if verb is None:
        ws = low(fam)
        if "lp" in ws or "lost" in ws or "pay" in ws or "paid" in ws:
            verb = _lp_verb(st, fam)
        else:
            act = find(fam, "act_verb")
            verb = st.r.action(act) if act is not None and (thing is None or act not in list(
                thing.iter_subtrees())) else None
    if verb is None:
        verb = _told_cost_verb(st, fam, thing)
    if verb is None and "cost" in low(fam):
        verb = _the_one_cost(st, fam)
    if verb is None:
        st.fail("which cost? ('the card I discarded', 'the LP I paid')", fam)
    return verb


def _lp_verb(st: Situate, fam: Tree) -> str:
    """The LP said ("do I still lose the LP?"): paid as the cost, or, of an effect that pays no LP
    as its cost and whose resolution makes its player lose LP ("..., but lose LP equal to its
    original ATK"), lost by that part."""
    if "pay" in low(fam) or "paid" in low(fam):
        return "pay"
    try:
        found = st.effect_of(negated_effect(st, fam))
    except QuestionError:
        return "pay"        # (whose effect is not told: the LP paid, as before)
    if found is not None:
        facts = [f for f in found[0].facts if f.get("effect") == found[1]]
        if not any(f.type == "cost_action" and f.get("verb") == "pay" for f in facts) and \
                any(f.type == "lp_loss" for f in facts) and \
                any(f.type == "clause" and f.get("verb") == "lose" for f in facts):
            return "lose"
    return "pay"


def _the_one_cost(st: Situate, fam: Tree) -> str | None:
    """"Does the cost of X get paid ...?": the action of the effect's one cost."""
    found = st.effect_of(negated_effect(st, fam))
    verbs = {f.get("verb") for f in found[0].facts if f.type == "cost_action"
             and f.get("effect") == found[1]} if found else set()
    return verbs.pop() if len(verbs) == 1 else None


# a described card moved by a cost: "my banished Extra Deck cards"
PARTICIPLE_VERBS = {"banished": "banish", "discarded": "discard", "tributed": "tribute",
                    "detached": "detach"}


def _told_cost_verb(st: Situate, fam: Tree, thing: Tree | None) -> str | None:
    """The cost verb when the question names the card, not the action: "my banished cards", the
    card told moved for the cost ("I send X from my hand to activate it ... Is X still in my
    GY?"), or the card itself when its effect's cost moves "this card" ("Does X stay on the
    field?")."""
    if thing is not None:
        said = [PARTICIPLE_VERBS[w] for w in low(thing) if w in PARTICIPLE_VERBS]
        if len(said) == 1:
            return said[0]
    ref = negated_effect(st, fam)
    aid = next((a for a, r in reversed(st.acts) if r == ref), None)
    cards = [st.r.card(t) for t in (thing or fam).scan_values(
        lambda v: getattr(v, "type", "") == "XCARD")] if thing is not None else \
        [st.r.card(t) for t in fam.children if getattr(t, "type", "") == "XCARD"]
    if aid in st.told_costs:
        told = next((e for e in st.events if e.get("id") == aid), {})
        if not cards or any(c.get("what") in cards for c in told.get("cost", [])):
            return st.told_costs[aid]
    if cards and ref.get("card") == cards[0]:
        # (still) the card itself, its place said or not ("does X stay on the field?", "does X
        # still end up in my GY?", "is X still in my GY?"): its effect's cost that moves it; a
        # place that cost does not put it in is refused by the family
        reading = st.reading(ref["card"])
        eid = select_effect(reading, ref)
        own = [f.get("verb") for f in reading.facts if f.type == "cost_action"
               and f.get("effect") == eid and f.source is not None
               and names_this_card(f.source.quote)]
        if len(own) == 1:
            return own[0]
    return None


def build_cost_family(family: str):
    def build(st: Situate, fam: Tree) -> dict:
        if not any(e["kind"] == "negate" for e in st.events):
            implied = _implied_negation(st)
            if implied is not None and not _told_cost_asked(st, fam):
                st.events.remove(implied)
        if not any(e["kind"] == "negate" for e in st.events):
            if family == "cost-returned" and not st.acts and sub(fam, "still_even") is not None:
                return _supposed_negation(st, fam, family)
            if family == "still-done":      # nothing was negated: "is X still destroyed?"
                if not st.acts:
                    raise OldForm()
                paid = _lp_paid_told(st, fam)
                if paid is not None:
                    return paid
                return build_outcome(st, fam)
            if "returned" in low(fam) and any(e.get("targets") for e in st.events
                                             if e.get("kind") == "activate"):
                # nothing was negated, a target changed: "is the other one returned to my GY?"
                return build_outcome(st, fam, verb="return")
            stays = _stays_on_field(st, fam)
            if stays is not None:
                return stays
            st.fail("what was negated? (tell it: 'my opponent negates the activation of X')", fam)
        stays = _stays_on_field(st, fam)       # "... negated. Does Skill Drain stay on the field?"
        if stays is not None:
            return stays
        asked = family
        verb = _cost_verb(st, fam)
        if asked == "still-done" and verb == "negate":
            # "X negates it. Is it still negated?": the card told negated is what "negated" is
            # said of, never its own negating part done (a wrong reading once: "no")
            st.fail("'is it still negated?' after a negation: ask whether the activation is "
                    "negated ('is the activation of X negated?')", fam)
        place = st.r.place(sub(fam, "place"))
        if family == "cost-returned" and {"stay", "stays", "remain", "remains"} & set(low(fam)) \
                and (place is None or place == ACTION_PUTS.get(verb)):
            # "does X stay in my GY?": whether what was done for the cost stays done, the
            # opposite of whether it comes back ("does X stay on the field?", where it was
            # before the cost, is whether it comes back, as asked)
            asked = "still-done"
        if asked == "still-done" and place and verb in ACTION_PUTS and place != ACTION_PUTS[verb]:
            # "is the card I discarded still in my hand?": a discarded card is in the GY; the
            # family answers whether the action stays done, so another place is refused
            done = gamewords().done_form(verb) or verb + "ed"
            st.fail(f"a card that was {done} is put {PLACE_SAID[ACTION_PUTS[verb]]}, not "
                    f"{PLACE_SAID.get(place, place)}: ask whether it is still {done}", sub(fam, "place"))
        ref = negated_effect(st, fam)
        for rel in (t for t in fam.iter_subtrees_topdown() if t.data == "thing_rel"):
            # "the card I discarded for X": X must be the card whose cost it was
            for e in (c for c in rel.children if isinstance(c, Tree) and c.data.startswith("eff_")):
                said = st.r.effect(e)
                if said.get("card") and st.db.get(said["card"]).name != ref.get("card"):
                    st.fail(f"{st.r.said(e)!r} is not the card whose activation was negated "
                            f"({ref.get('card')})", e)
        cost_said_fits(st, fam, ref, verb)
        _whose_place_fits(st, fam, ref)
        return st.spec(asked, {"effect": ref, "verb": verb})
    return build


def _lp_paid_told(st: Situate, fam: Tree) -> dict | None:
    """(session after 8ba9c0f) "I activate Premature Burial ...; they chain D.D. Crow on the
    target. Do I still lose the 800 LP?": nothing was negated and the LP asked about are the LP
    the one told activation whose cost pays LP paid: whether that cost stays paid (a cost is paid
    at activation, whatever its link then does: game-rules#cost.4).  An effect that also loses
    LP as it resolves, or two told activations paying LP, keep the outcome reading."""
    ws = low(fam)
    if not {"lp", "life"} & set(ws) or sub(fam, "thing") is not None and not \
            {"lp", "life"} & set(low(sub(fam, "thing"))):
        return None
    node = sub(fam, "player")
    said = st.r.player(node) if node is not None else None
    payers = []
    for aid, ref in st.acts:
        who = next((e.get("player") for e in st.events if e.get("id") == aid), None)
        if said in ("you", "opponent") and who in ("you", "opponent") and who != said:
            continue                # (hunt 43) another player's LP paid: not the ones asked
        found = st.effect_of(ref) if ref.get("card") else None
        if found is None:
            continue
        facts = [f for f in found[0].facts if f.get("effect") == found[1]]
        if any(f.type == "cost_action" and f.get("verb") == "pay" for f in facts):
            if any(f.type == "lp_loss" or f.type == "clause" and f.get("verb") == "lose"
                   for f in facts):
                return None
            payers.append(ref)
    if len({str(r) for r in payers}) != 1:
        return None
    cost_said_fits(st, fam, payers[0], "pay")
    return st.spec("cost-stays-paid", {"effect": payers[0], "verb": "pay"})


def _whose_place_fits(st: Situate, fam: Tree, ref: dict) -> None:
    """(hunt) "I activate X by discarding 1 card ... Is the discarded card still in my opponent's
    GY?": a card the cost moved goes to its owner's place (the one who paid it); another
    player's is refused, never dropped."""
    place = sub(fam, "place")
    poss = next((c for c in fam.children if isinstance(c, Tree) and c.data == "poss"), None)
    whose = st.r.player(poss) if poss is not None and place is not None else None
    payer = next((e.get("player") for e in st.events if e.get("kind") == "activate"
                  and e.get("effect") == ref), None)
    if whose in ("you", "opponent") and payer in ("you", "opponent") and whose != payer:
        st.fail(f"{st.r.said(poss)!r}: a card moved for a cost is put "
                f"{PLACE_SAID.get(st.r.place(place), 'in its place')} of its owner, the player who "
                "paid it", poss)


build_cost_returned = build_cost_family("cost-returned")     # (questions.yaml names it)


def _stays_on_field(st: Situate, fam: Tree) -> dict | None:
    """"I activate Snatch Steal on their monster; they send it to the GY in response. Does Snatch
    Steal stay on my field?": nothing was told negated, the card asked about is a Spell/Trap Card
    told activated: whether it stays on the field after its link (the stays-on-field family)."""
    ws = low(fam)
    if not {"stay", "stays", "remain", "remains"} & set(ws) or st.r.place(sub(fam, "place")) != "field":
        return None
    card = next((st.r.card(t) for t in fam.children if getattr(t, "type", "") == "XCARD"), None)
    told = [ref for _, ref in st.acts if ref.get("card") == card]
    if card is None or not told or st.reading(card).card.kind not in ("spell", "trap"):
        return None
    if any(ref.get("card") == card and aid in st.assumed_negation for aid, ref in st.acts):
        # (hunt 113) "... chains a card to negate it": its activation or only its effect, not
        # said; a card whose activation is negated leaves the field, one whose effect is negated
        # stays: refused, saying what to tell
        st.fail(f"was {card}'s activation negated, or only its effect? (a card whose activation "
                "is negated does not stay on the field): say which", fam)
    return st.spec("stays-on-field", {"effect": told[-1]})


def _supposed_negation(st: Situate, fam: Tree, family: str) -> dict:
    """(still) "Do I get my LP back if Solemn Strike is negated?", "is the cost refunded if X is
    negated?": the card the supposition negates, and its cost (the LP when LP are said, else its
    one cost action)."""
    neg = sub(fam, "still_even")
    effs = [t for t in neg.iter_subtrees_topdown() if t.data.startswith("eff_")]
    if len(effs) != 1:
        st.fail("which card is negated?", neg)
    ref = st.effect_ref(st.r.effect(effs[0]))
    found = st.effect_of(ref)
    verbs = {f.get("verb") for f in found[0].facts if f.type == "cost_action"
             and f.get("effect") == found[1]} if found else set()
    if {"lp", "life"} & set(low(fam)):
        verb = "pay"
    elif len(verbs) == 1:
        verb = next(iter(verbs))
    else:
        st.fail(f"which cost of {ref.get('card')}? ('the card I discarded', 'the LP I paid')", fam)
    if verb not in verbs:
        st.fail(f"{ref.get('card')} has no cost that does {verb!r}", fam)
    cost_said_fits(st, fam, ref, verb)
    return st.spec(family, {"effect": ref, "verb": verb})


def _quoted_cost(st: Situate, fam: Tree) -> dict:
    """(still) "Is the 'discard 1 card' in Raigeki Break a cost?": the action of the part of the
    effect the quotation is taken from (a cost or a part of its resolution), asked of that effect."""

    def norm(text: str) -> str:
        return " ".join(re.findall(r"[a-z0-9]+", text.lower()))

    tok = next(t for t in sub(fam, "cost_quote").children if getattr(t, "type", "") == "XQUOTE")
    quote = norm(st.r.quotes[int(tok)])
    effs = [t for t in fam.children if isinstance(t, Tree) and t.data.startswith("eff_")]
    if not quote or not effs:
        st.fail("quote the part of the card's text", fam)
    ir = st.r.effect(effs[0])
    card = st.reading(ir["card"])
    verbs = {(f.get("effect"), f.get("verb")) for f in card.facts
             if f.type in ("cost_action", "clause") and f.source is not None
             and quote in norm(f.source.quote) and f.get("verb")}
    if len({v for _, v in verbs}) != 1:
        st.fail(f"{ir['card']} does not say {st.r.quotes[int(tok)]!r} as one action", fam)
    verb = next(iter(verbs))[1]
    ref = st.effect_ref(ir, hint=[verb])
    return st.spec("is-cost", {"effect": ref, "verb": verb})


def _told_cost_asked(st: Situate, fam: Tree) -> bool:
    """The question names the cost ("the cost", "my LP"), the activated card itself or what its
    told cost moved, never a part of what it does ("does Crow still end up in my GY?" after "I drop Crow ... they chain Solemn
    Strike")."""
    thing = sub(fam, "thing")
    if thing is None and ({"cost", "lp"} & set(low(fam))):
        return True         # "is the cost refunded?", "do I get my LP back?": the cost itself
    try:
        return _told_cost_verb(st, fam, thing) is not None
    except QuestionError:
        return False


def _implied_negation(st: Situate) -> dict | None:
    """(still) "They chain Solemn Strike" (or Effect Veiler) told with no words of what it did,
    asked whether the cost of the activation it answers stays paid: a card whose effect negates
    activations (or effects) answers it by negating it; the answer about a cost is the same
    whether it did or not (a cost is paid at activation, game-rules#cost.4), so only the cost
    families read it so."""
    for e in reversed(st.events):
        if e.get("kind") != "activate":
            continue
        if not e.get("respond") or not e["effect"].get("card"):
            return None
        reading = st.reading(e["effect"]["card"])
        kinds = {k for f in reading.facts if f.type == "negates"
                 for k in str(f.get("what")).split("-or-")}
        if not kinds and any(f.type == "clause" and f.get("verb") == "negate" for f in reading.facts):
            kinds = {"effect"}      # "negate that effect" (Ash Blossom), "negate its effects" (Veiler)
        if not kinds & {"activation", "effect"}:
            return None
        what = "activation" if "activation" in kinds else "effect"
        event = {"kind": "negate", "of": e["respond"], "what": what, "by": e["id"]}
        st.events.append(event)
        return event
    return None


def cost_said_fits(st: Situate, fam: Tree, ref: dict, verb: str) -> None:
    """"The 800 LP I paid", "do I still banish 3 cards?": a number said of what the cost did is
    the cost's own number; the player said is the one who paid it."""
    if not ref.get("card"):
        return
    _payer_fits(st, fam, ref)
    if verb != "pay":
        _count_fits(st, fam, ref, verb)
        return
    nums = _numbers(fam)
    half = "half" in low(fam)
    if not nums and not half:
        return
    quotes = _cost_quotes(st, ref, "pay")
    if quotes and nums and not any(re.search(rf"(?<!\d){nums[0]}(?!\d)", q.replace(",", ""))
                                   for q in quotes):
        st.fail(f"{ref['card']}'s cost is {quotes[0]!r}, not {nums[0]} LP", fam)
    if quotes and half and not any("half" in q.lower() for q in quotes):
        # (hunt 43) "do I still lose half my LP?" of a cost of a fixed amount: never dropped
        st.fail(f"{ref['card']}'s cost is {quotes[0]!r}, not half the LP", fam)


def _count_fits(st: Situate, fam: Tree, ref: dict, verb: str) -> None:
    """(hunt 49) "Do I still banish 3 cards?" of Pot of Desires' cost: a number said of the cards
    its cost moved stands in that cost's words, else it is refused (never answered for another
    number)."""
    nums = _numbers(fam)
    if not nums:
        return
    quotes = _cost_quotes(st, ref, verb)
    said = int(nums[0]) if nums[0].isdigit() else None
    # ("banish 1 LIGHT and 1 DARK monster": 2 monsters in all)
    if quotes and not any(re.search(rf"(?<![\d,]){nums[0]}(?!\d)", q) or
                          said == sum(int(n) for n in re.findall(r"(?<![\d,])\d+(?!\d)", q))
                          for q in quotes):
        st.fail(f"{ref['card']}'s cost is {quotes[0]!r}, not {nums[0]}", fam)


def covered_effects(reading, eid: str, ref: dict) -> set[str]:
    """The effects a question of ``ref`` covers: its own, and for a Spell/Trap Card's activation
    every effect of the card (its cost may stand in any of them)."""
    return {eid} | ({e.id for e in reading.effects} if ref.get("select") == "activation" else set())


def _numbers(fam: Tree) -> list[str]:
    return [str(t) for t in fam.scan_values(lambda v: getattr(v, "type", "") == "XNUM")]


def _cost_quotes(st: Situate, ref: dict, verb: str) -> list[str]:
    """The words of the effect's cost parts that do ``verb`` (of any effect its card's activation
    covers, for a Spell/Trap Card's activation); [] when several effects leave it unsaid."""
    reading = st.reading(ref["card"])
    try:
        eid = select_effect(reading, ref)
    except Exception:   # noqa: BLE001 - several effects: the family names them itself
        return []
    mine = covered_effects(reading, eid, ref)
    return [f.source.quote for f in reading.facts if f.type == "cost_action" and
            f.get("verb") == verb and f.get("effect") in mine and f.source is not None]


def _payer_fits(st: Situate, fam: Tree, ref: dict) -> None:
    """(hunt 43) "Do I still lose the LP?": the player said is the one who activated the card
    whose cost paid them (the player who activates pays);
    another player is refused, never answered for the card's own player."""
    node = sub(fam, "player")
    subj = sub(fam, "outcome_subj")
    if node is None and subj is not None:
        node = sub(subj, "player")                  # "do I still discard?" as an outcome asked
    said = st.r.player(node) if node is not None else None
    thing = sub(fam, "thing")
    if said is None and thing is not None and find(thing, "poss") is not None:
        said = st.r.player(find(thing, "poss"))     # "are my monsters still banished?"
    acts = [e for e in st.events if e.get("kind") == "activate" and e.get("effect") == ref]
    negated = {e.get("of") for e in st.events if e.get("kind") == "negate"}
    which = [e for e in acts if e.get("id") in negated] or acts
    # (two copies told, "I chain Solemn Judgment ... they chain their own Solemn Judgment": the
    # one negated, else the one told; none known, nothing is checked)
    payer = which[-1].get("player") if len({e.get("player") for e in which}) == 1 else None
    if said in ("you", "opponent") and payer in ("you", "opponent") and said != payer:
        whose = "your opponent" if payer == "opponent" else "you"
        st.fail(f"{ref.get('card')}'s cost is paid by the player who activated it ({whose}, as "
                "told), not the player asked about", fam)


# where an action puts the card it is done to; what the "still in <place>" wording must name
ACTION_PUTS = {"discard": "gy", "send": "gy", "tribute": "gy", "detach": "gy", "banish": "banished"}
PLACE_SAID = {"gy": "in the GY", "banished": "among the banished cards", "hand": "in the hand",
              "deck": "in the Deck", "field": "on the field", "extra-deck": "in the Extra Deck"}


@reads_scenario
def build_is_cost(st: Situate, fam: Tree) -> dict:
    doing = sub(fam, "v_doing")
    if doing is None and sub(fam, "pre") is not None:
        return _told_cost_question(st, fam)
    if doing is None and sub(fam, "cost_thing") is not None:
        # "Is the card discarded for Lightning Vortex a cost?": that action, for that effect
        verb = st.r.action(find(sub(fam, "cost_thing"), "act_verb"))
        effs = [t for t in fam.children if isinstance(t, Tree) and t.data.startswith("eff_")]
        ref = st.effect_ref(st.r.effect(effs[0]), hint=[verb])
        _alt_verb_fits(st, fam, verb)
        return st.spec("is-cost", {"effect": ref, "verb": verb})
    if doing is None and sub(fam, "cost_quote") is not None:
        return _quoted_cost(st, fam)
    if doing is None and sub(fam, "pay_noun") is not None:
        # "Is the LP payment for Solemn Strike a cost?": paying, for the effect named
        effs = [t for t in fam.children if isinstance(t, Tree) and t.data.startswith("eff_")]
        ref = st.effect_ref(st.r.effect(effs[0]), hint=["pay"])
        nums = [str(t) for t in sub(fam, "pay_noun").children if getattr(t, "type", "") == "XNUM"]
        if nums:
            cost_said_fits(st, sub(fam, "pay_noun"), ref, "pay")
        _alt_verb_fits(st, fam, "pay")
        return st.spec("is-cost", {"effect": ref, "verb": "pay"})
    if doing is None:                       # "Is X's milling a cost?"
        verb = st.r.action(find(fam, "act_verb"))
        card = [st.r.card(t) for t in fam.children if getattr(t, "type", "") == "XCARD"][0]
        ref = st.effect_ref({"how": "eff_poss", "card": card, "ord": None, "desc": [],
                             "quote": None, "rel": None, "text": st.r.said(fam)}, hint=[verb])
        return st.spec("is-cost", {"effect": ref, "verb": verb})
    verb = st.r.action(sub(doing, "act_verb"))
    effs = [t for t in fam.children if isinstance(t, Tree) and t.data.startswith("eff_")]
    if not effs:
        when = sub(fam, "cost_when")
        effs = [t for t in when.iter_subtrees_topdown() if t.data.startswith("eff_")] if when else []
    neg = sub(fam, "ev_negate")
    if not effs and neg is not None:
        return _cost_so_that(st, fam, doing, verb, neg)
    _alt_verb_fits(st, fam, verb)
    own = sorted(set(_object_cards(st, doing)))
    if not effs and len(own) == 1 and (sub(fam, "cost_a") or sub(fam, "cost_counts")) is not None:
        # "Is discarding D.D. Crow to the GY a cost?": the one card the action names, whose own
        # effect is asked about (its cost must move that card: checked below)
        ir = card_ir(own[0])
    elif not effs and st.acts:
        # "My opponent activates X. I chain Y. Is the banish a cost?": the newest activation whose
        # effect does that action
        ref = _told_doing(st, verb)
        if ref is None:
            st.fail("a cost of which effect?", fam)
        return st.spec("is-cost", {"effect": ref, "verb": verb})
    elif not effs:
        st.fail("a cost of which effect?", fam)
    else:
        ir = st.r.effect(effs[0])
    _its_card_is_the_object(st, ir, doing)
    ref = _own_cost_effect(st, ir["card"], verb) if not effs else None
    ref = ref or st.effect_ref(ir, hint=[verb])
    _cost_object_fits(st, ref, verb, doing, subs(fam, "thing_post"))
    spec = st.spec("is-cost", {"effect": ref, "verb": verb})
    obj = " ".join(st.r.said(th) for th in doing.children if isinstance(th, Tree) and th.data == "thing")
    if obj:
        spec["object"] = obj        # said back in the restatement ("Is paying 2000 LP a cost ...?")
    payer = sub(fam, "cost_payer")
    if payer is not None and st.r.player(payer) != "you":
        # "Is my opponent drawing 1 card a cost of my X?": a cost is paid by the activating player
        spec["also_needs"] = (f"whether {st.r.said(payer)} is the player who activates it (a cost "
                              "is paid by that player)")
    return spec


def _told_doing(st: Situate, verb: str) -> dict | None:
    """The one told activation whose effect does ``verb`` (None when none or several do)."""
    fit = []
    for _aid, ref in st.acts:
        found = st.effect_of(ref)
        if found is not None and any(f.get("effect") == found[1] and f.get("verb") == verb and
                                     f.type in ("cost_action", "clause", "clause_verb")
                                     for f in found[0].facts) and ref not in fit:
            fit.append(ref)
    return fit[0] if len(fit) == 1 else None


def _own_cost_effect(st: Situate, card: str, verb: str) -> dict | None:
    """The one effect of ``card`` whose cost does ``verb`` to the card itself, if there is one."""
    reading = st.reading(card)
    effs = {f.get("effect") for f in reading.facts if f.type == "cost_action"
            and f.get("verb") == verb and f.source is not None and names_this_card(f.source.quote)}
    found = [e for e in reading.effects if e.id in effs and e.n > 0]
    if len(found) != 1:
        return None
    st.last_card = reading.card.name
    return {"card": reading.card.name, "n": found[0].n}


def _alt_verb_fits(st: Situate, fam: Tree, verb: str) -> None:
    """", or do I discard when it resolves?": the other half of the question names the same
    action (another action would be another question)."""
    alt = sub(fam, "cost_alt")
    if alt is None:
        return
    said = [st.r.action(a) for a in alt.iter_subtrees_topdown() if a.data == "act_verb"]
    if any(v != verb for v in said):
        st.fail(f"the question asks of two actions ({verb}, {', '.join(v for v in said if v != verb)})",
                alt)


def _told_cost_question(st: Situate, fam: Tree) -> dict:
    """"When X is activated, does my opponent banish their cards right away as a cost?": is that
    action a cost of the activation told; a cost is paid by the player who activates, so when
    another player is named a yes is not given."""
    if not st.acts:
        st.fail("a cost of which activation? (tell it first)", fam)
    aid, ref = st.acts[-1]
    verb = st.r.action(find(sub(fam, "v_action"), "act_verb") or sub(fam, "v_action"))
    if verb is None:
        st.fail("which action?", fam)
    spec = st.spec("is-cost", {"effect": ref, "verb": verb})
    who = st.r.player(sub(fam, "player"))
    if who != st._act_player(aid):
        spec["also_needs"] = (f"whether {st.r.said(sub(fam, 'player'))} is the player who "
                              "activated it (a cost is paid by that player)")
    return spec


def _cost_so_that(st: Situate, fam: Tree, doing: Tree, verb: str, neg: Tree) -> dict:
    """"Is sending X ... a cost, so that it is in the GY even if my opponent negates X's effect?":
    two questions, both asked: is it a cost, and is it still done after that negation."""
    moved = st.r.thing(sub(doing, "thing"))
    st.ev_negate(neg)
    negated = [e for e in st.events if e["kind"] == "negate"][-1]
    ref = next(r for a, r in st.acts if a == negated["of"])
    if moved is None or moved.get("card") != ref.get("card"):
        st.fail("the card moved for the cost is not the card whose effect is negated", doing)
    spec = st.spec("is-cost", {"effect": ref, "verb": verb})
    spec["and"] = [{"family": "still-done", "effect": ref, "verb": verb}]
    return spec


def _its_card_is_the_object(st: Situate, ir: dict, doing: Tree) -> None:
    """"Is discarding D.D. Crow a cost of its effect?": "its" is the one card the action names."""
    if ir.get("card") or ir.get("generic"):
        return
    cards = _object_cards(st, doing)
    if len(set(cards)) == 1:
        st.last_card = cards[0]


def _cost_object_fits(st: Situate, ref: dict, verb: str, doing: Tree, posts=()) -> None:
    """What the action is done to must be what the cost does it to: "Tributing Linkuriboh" is not
    the cost "Tribute 1 Level 1 monster" of Linkuriboh's own effect, "Tributing Stardust Dragon"
    is not another card's cost "Tribute this card", "banishing the targeted monster" is not the
    cost "banish this card from your GY", "paying 5000 LP" is not the cost "Pay 2000 LP".  The
    family answers for the action only, so an object that does not fit is refused rather than
    answered as the action (it was: a wrong yes when the effect also does that action)."""
    if not ref.get("card"):
        return
    reading = st.reading(ref["card"])
    eid = select_effect(reading, ref)
    moves = [f for f in reading.facts if f.type == "cost_action" and f.get("effect") == eid
             and f.get("verb") == verb and f.source is not None]
    if not moves:
        return                              # not a cost at all: the rules say no
    obj = _object_words(st, doing)
    said = " ".join(st.r.said(th) for th in doing.children if isinstance(th, Tree) and th.data == "thing")
    if posts:
        # (varyA) "Is banishing cards from the GY a cost?": where from (said after the object) is
        # part of what is asked; it was left unchecked (a yes for a cost that banishes from the
        # Extra Deck)
        where = " ".join(st.r.said(p) for p in posts)
        extra = [w for w in thing_words(where) if not (verb == "discard" and w == "hand")]
        obj, said = obj + extra, f"{said} {where}".strip()    # (a discard is from the hand)
    if obj and not any(words_fit(obj, f.source.quote) for f in moves):
        later = [f for f in reading.facts if f.type == "clause" and f.get("effect") == eid
                 and f.get("verb") == verb and f.source is not None
                 and words_fit(obj, f.source.quote)]
        where = (f"; {said!r} fits what the effect does after the ';' "
                 f"({later[0].source.quote!r}), which is done when it resolves") if later else ""
        st.fail(f"the cost of that effect is {moves[0].source.quote!r}: it does not "
                f"{verb} {said!r} as asked{where}", doing)
    cards = set(_object_cards(st, doing))
    if len(cards) != 1:
        return
    own = [f for f in moves if names_this_card(f.source.quote)]
    said = next(iter(cards))
    if (said == ref["card"]) != bool(own):
        st.fail(f"the cost of that effect ({moves[0].source.quote!r}) does not move {said} as "
                "asked: ask about the action ('Is Tributing a monster a cost of ...?')")


# words that say nothing of which card an action is done to
def _object_words(st: Situate, doing: Tree) -> list[str]:
    """The words of an action's object that say which cards (or how much LP): not the verb, not the
    names of cards (checked by name elsewhere), not filler words."""
    names = {st.r.said(t).lower() for t in doing.scan_values(lambda v: getattr(v, "type", "") == "XCARD")}
    text = " ".join(st.r.said(th) for th in doing.children if isinstance(th, Tree) and th.data == "thing")
    for n in names:
        text = text.lower().replace(n, " ")
    return thing_words(text)


def _object_cards(st: Situate, doing: Tree) -> list:
    """The cards an action's object names by name ("discarding D.D. Crow"), not the names that
    only describe it ("1 "Salamangreat" card")."""
    return [st.r.card(t) for th in doing.children if isinstance(th, Tree) and th.data == "thing"
            for t in th.children if getattr(t, "type", "") == "XCARD"]


def build_cost_chained_to(st: Situate, fam: Tree) -> dict:
    """(session after a2268db) "Can I respond to the discard of Twin Twisters?", "Can my opponent
    chain to Solemn Strike's LP payment?": whether the paying of the cost itself can be chained to
    (its verb the one the noun says, else the effect's one cost)."""
    # the action a cost is said by ("the discard of X", "X's LP payment"): its game word's own
    # forms ("discarding"); "cost" says none
    noun = low(sub(fam, "cost_noun"))[0]
    verb = "pay" if noun in ("payment", "lp") else None if noun == "cost" else \
        gamewords().action_of(noun)
    effs = [t for t in fam.children if isinstance(t, Tree) and t.data.startswith("eff_")]
    if effs:
        ir = st.r.effect(effs[0])
    else:
        card = st.r.card(next(t for t in fam.children if getattr(t, "type", "") == "XCARD"))
        ir = card_ir(card, card)
    ref = st.effect_ref(ir, hint=[verb] if verb else [])
    found = st.effect_of(ref)
    costs = {f.get("verb") for f in found[0].facts if f.type == "cost_action"
             and f.get("effect") == found[1]} if found else set()
    if verb is None:
        if len(costs) != 1:
            st.fail(f"which cost of {ref.get('card')}? ("
                    + (", ".join(sorted(map(str, costs))) or "it has none") + ")", fam)
        verb = costs.pop()
    elif verb not in costs:
        st.fail(f"{ref.get('card')}'s cost is not to {verb}", sub(fam, "cost_noun"))
    return st.spec("cost-chained-to", {"effect": ref, "verb": verb})
