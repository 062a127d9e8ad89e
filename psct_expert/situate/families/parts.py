"""Questions about the parts of one effect and how its conjunctions tie them (topic G): told
situations that leave a part with nothing to do, and the part asked about named by a quote.

"I activate X and my opponent chains Y, so they control no face-up monsters when it resolves.
Does the 'your opponent takes no damage' part still apply?": the told holding empties the part
that acts on "face-up monsters your opponent controls", so that part fails; the quoted part is the
one asked about (``clause-done``).  Every told piece (:mod:`..parts`) is used or the question is
refused.  The builders here read those pieces first and hand every other wording to the family's
plain builder (:mod:`.outcomes`, :mod:`.activation`, :mod:`.costs`, :mod:`.links`).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from lark import Tree

from ...errors import QuestionError
from ...parser.transform import PLACE_WORDS, find, low, now_whens, sub, tokens
from ...reader.phrases import (acts_on_same_name, acts_on_that_card, atk_lost_exactly, cards_drawn,
                               cards_needed, condition_says, controlled_things, names_this_card,
                               says_action)
from ...reader.select import select_clause, select_effect
from ..holdings import quantity
from ..parts import effect_parts
from ..procedures import COUNTS, counted_kind
from ..topics import topic_of
from ..words import card_ir, norm, norm_words
from . import activation, links, outcomes
from .activation import purpose_is_its_own
from .common import asker_of, poss_of
from .conditions import card_conditions, same_things
from .costs import build_cost_family, cost_said_fits, covered_effects, negated_effect

if TYPE_CHECKING:
    from ..told import Situate


_LASTING = ("rest of this turn", "until the end of this turn", "until the end of the turn")
_JOINED = re.compile(r"^(?:(?:and if you do|and if they do|then|also|and|but)\s*,?\s+)?(?:you can|you may)?\s*",
                     re.IGNORECASE)


def _emptied_part(st: Situate, note: dict, activator: str, parts: list, node) -> int:
    """The one part acting on what the note says the player controls none of."""
    whose = "you" if note["player"] == activator else "your opponent"
    fit = []
    for f in parts:
        for who, said in controlled_things(f.source.quote):
            if who == whose and said and set(norm_words(said)) == set(note["words"]):
                fit.append(f.get("n"))
    if len(set(fit)) != 1:
        st.fail(f"{note['text']!r} fits {'no' if not fit else 'more than one'} part of the effect", node)
    return fit[0]


def build_part_applies(st: Situate, fam: Tree, q: Tree) -> dict:
    """"Does the 'QUOTE' part still apply (for the rest of the turn)?" after a told situation."""
    part = find(q, "cj_part")
    quote = norm(st.r.quotes[int(tokens(part, "XQUOTE")[0])])
    named = [st.r.card(t) for t in tokens(part, "XCARD")]
    # the part quoted with the word that joins it to the part before ("the 'then you can add ...'
    # part"): the joining word is the text's, between the parts, and "you can" says the part is
    # optional (the quotation must still stand in the effect's text)
    bare = _JOINED.sub("", quote)
    found = []
    for aid, ref in st.acts:
        if not ref.get("card") or (named and ref["card"] != named[0]):
            continue
        eid = select_effect(st.reading(ref["card"]), ref)
        # (the whole quotation, joining word and all, must stand in the effect's text)
        joined = bare != quote and bare and quote in norm(st.reading(ref["card"]).by_id(eid).text)
        for f in effect_parts(st, ref["card"], eid):
            said = norm(f.source.quote)
            if quote and (quote in said or joined and bare in said):
                found.append((aid, ref, eid, f))
    if len(found) != 1:
        st.fail(f"{st.r.said(part)!r} is {'no' if not found else 'more than one'} part of an "
                "effect told to be activated", part)
    aid, ref, eid, asked = found[0]
    activator = next(e["player"] for e in st.events if e.get("id") == aid)
    parts = effect_parts(st, ref["card"], eid)
    if find(q, "cj_rest_of_turn") is not None and not any(
            w in asked.source.quote.lower() for w in _LASTING):
        st.fail(f"{st.r.said(part)!r} does not say how long it lasts", find(q, "cj_rest_of_turn"))
    fails = []
    for note in getattr(st, "none_at", []):
        if note["card"] not in (None, ref["card"]):
            st.fail(f"{note['text']!r}: the question asks about {ref['card']}", note["node"])
        fails.append(_emptied_part(st, note, activator, parts, note["node"]))
    for verb in st.cannot:
        try:
            fails.append(select_clause(st.reading(ref["card"]), eid, verb))
        except QuestionError:
            st.fail(f"{ref['card']} has no part that does {verb!r}", q)
    if aid in st.self_gone:
        # its own card left where it was before the effect resolved ("they banish X in
        # response"): a part that acts on "this card" has no card to act on
        fails += [f.get("n") for f in parts if f is not asked and f.source is not None
                  and names_this_card(f.source.quote)]
    if not fails:
        st.fail("what stops the other part? (tell it: 'so they control no face-up monsters when "
                "it resolves')", q)
    if asked.get("n") in fails:
        st.fail("the situation says the part asked about has nothing to do", q)
    st.none_at = []
    return {"family": "clause-done", "effect": ref, "part": asked.get("n"),
            "suppose": [{"fails": {"part": n}} for n in dict.fromkeys(fails)]}


def part_by_number_fails(st: Situate, fam: Tree) -> dict:
    """"If part 1 of X cannot be done, is part 2 done?": the parts said by their number (or
    ordinal), each one a part of the effect's resolution as the reader numbers them; "the other
    part" of an effect of two parts is the one not said to fail."""
    from ...parser.names import ORDINALS
    said, asked = sub(fam, "part_num"), sub(fam, "part_asked")

    def number(node: Tree) -> int | None:
        n = next((str(t) for t in node.children if getattr(t, "type", "") == "XNUM"), None)
        o = sub(node, "ord")
        return int(n) if n is not None and n.isdigit() else ORDINALS.get(low(o)[0]) if o is not None \
            else None
    effs = [c for node in (said, asked) for c in node.children
            if isinstance(c, Tree) and c.data != "ord"]
    if len(effs) != 1:
        st.fail("the parts of which effect? (say it once: 'part 1 of X')", fam)
    ref = st.effect_ref(st.r.effect(effs[0]))
    reading = st.reading(ref["card"])
    eid = select_effect(reading, ref)
    failed = select_clause(reading, eid, number(said))
    n = number(asked)
    if n is None:                   # "the other part": of two parts, the one not said to fail
        parts = sorted({f.get("n") for f in reading.facts if f.type == "clause" and
                        f.get("effect") == eid})
        if len(parts) != 2:
            st.fail(f"which other part? ({ref['card']}'s effect has {len(parts)} parts: say its "
                    "number)", asked)
        n = next(p for p in parts if p != failed)
    n = select_clause(reading, eid, n)
    if n == failed:
        st.fail("the part asked about is the part said to fail", asked)
    return {"family": "clause-done", "effect": ref, "part": n,
            "suppose": [{"fails": {"part": failed}}]}


def build_clause_done(st: Situate, fam: Tree) -> dict:
    qs = [c for c in fam.children if isinstance(c, Tree) and c.data == "outcome_q"]
    vp = sub(fam, "cj_also_vp")
    if len(qs) == 2 or (qs and vp is not None):
        return _both_outcomes(st, fam, qs, vp)
    if sub(fam, "part_num") is not None:
        return part_by_number_fails(st, fam)
    q = find(fam, "outcome_q") or fam
    from .targeting import protected_outcome
    protected = protected_outcome(st, q)
    if protected is not None:       # "... cannot be targeted. Can Dark Hole destroy it?"
        return protected
    failed = find(fam, "failed_topic")
    if failed is not None:
        return _topic_fails(st, fam, q, failed)
    if find(q, "cj_part") is not None:
        return build_part_applies(st, fam, q)
    if getattr(st, "gone_by_cost", None):
        return build_negated_though_gone(st, fam, q)
    if find(q, "cj_negated_subj") is not None or find(q, "cj_negated_named") is not None:
        if not getattr(st, "done_parts", None):
            return build_negated_activation_then(st, fam, q)
        if find(q, "cj_negated_named") is not None:
            st.fail("name the negated card as 'the negated card'", q)
        return build_negated_then(st, fam, q)
    if find(q, "cj_effects_obj") is not None:
        return build_also_part(st, fam, q)
    if any(e.get("kind") == "negate" for e in st.events) and _asks_player_still(q):
        return build_negated_still(st, fam, q)
    if sub(fam, "cj_because") is not None:
        st.fail("this question form has no place for the reason given", sub(fam, "cj_because"))
    told = getattr(st, "told_not_done", [])
    spec = _same_name_part(st, fam, outcomes.build_outcome(st, fam))
    _stat_said_fits(st, q, spec)
    if told:
        if spec.get("family") != "clause-done" or spec.get("part") in told:
            st.fail("the question asks about the part the situation says is not done")
        spec["suppose"] = spec.get("suppose", []) + [{"fails": {"part": n}} for n in told]
        st.told_not_done = []
    return spec


def _both_outcomes(st: Situate, fam: Tree, qs: list, vp: Tree | None) -> dict:
    """"Is my card still destroyed, and do I still add a monster?", "does X still destroy it and
    Special Summon the other one?": two parts asked at once, both in the told situation (yes when
    both are, no when one is not)."""
    first = build_clause_done(st, Tree(fam.data, [qs[0]]))
    if vp is not None:
        # the second verb phrase shares the first question's subject
        subj = [c for c in qs[0].children if not (isinstance(c, Tree) and c.data in
                                                   ("v_action", "outcome_obj", "cj_summon"))]
        second_q = Tree("outcome_q", subj + [c for c in vp.children if isinstance(c, Tree)])
    else:
        second_q = qs[1]
    second = build_clause_done(st, Tree(fam.data, [second_q]))
    if second.get("effect") != first.get("effect"):
        st.fail("the two questions are about different effects: ask them one at a time", fam)
    shared = {k: first[k] for k in ("situation", "entities") if k in first}
    return {**first, "and": [{k: v for k, v in second.items() if k not in shared}]}


def _topic_fails(st: Situate, fam: Tree, q: Tree, failed: Tree) -> dict:
    """"X says '... and if you do, banish it'. If the monster cannot be destroyed by card effects,
    does it still get banished?": a part of the effect told before the question cannot be done;
    is the part asked about done?"""
    ref = topic_of(st, fam)
    named = [t for t in q.iter_subtrees_topdown() if t.data.startswith("eff_") and
             t.data not in ("eff_noun", "eff_desc", "eff_rel", "eff_does")]
    if ref is None and named and not st.acts:
        ref = st.effect_ref(st.r.effect(named[0]))      # "does Solemn Strike still negate ...?"
    fails = st.r.action(find(failed, "act_verb"))
    asked = st.r.action(find(q, "act_verb"))
    told_link = False
    if ref is None and st.acts and not named:
        # sisterGK: "I activate Bottomless Trap Hole. If the monster cannot be destroyed by card
        # effects, is it still banished?": the last told activation whose effect does both the part
        # supposed not done and the part asked (a card said to be the asker's own is no such thing)
        ref = _told_link_doing(st, failed, fails, asked)
        told_link = ref is not None
    if ref is None or (st.acts and not told_link):
        st.fail("which effect? (quote it before the question: 'X says \"...\"')", failed)
    reading = st.reading(ref["card"])
    eid = select_effect(reading, ref)
    for verb in (fails, asked):
        try:
            select_clause(reading, eid, verb)
        except QuestionError:
            st.fail(f"{ref['card']} has no part that does {verb!r}", q)
    if fails == asked:
        st.fail("the question asks about the part it supposes is not done", q)
    return st.spec("clause-done", {"effect": ref, "part": asked,
                                   "suppose": [{"fails": {"part": fails}}]})


def _told_link_doing(st: Situate, failed: Tree, fails: str | None, asked: str | None) -> dict | None:
    """sisterGK: of the told activations, the last one whose effect has one part that does
    ``fails`` and one that does ``asked`` (other verbs), when the card supposed not to be moved is
    said as "the/that monster", "it", "the target" (not "my ...")."""
    if not fails or not asked or fails == asked or \
            any(w in ("my", "your", "own") for w in low(failed)):
        return None
    for _aid, ref in reversed(st.acts):
        if not ref.get("card"):
            continue
        reading = st.reading(ref["card"])
        try:
            eid = select_effect(reading, ref)
        except QuestionError:
            continue
        verbs = [f.get("verb") for f in effect_parts(st, ref["card"], eid)]
        if verbs.count(fails) == 1 and verbs.count(asked) == 1:
            return ref
    return None


def impossible_parts(st: Situate, ref: dict, player: str, after_cost: bool = False) -> list[str]:
    """The actions of the effect's resolution that the told holdings of ``player`` (the one who
    activates it) make impossible: a part needing more cards from a place than they have;
    ``after_cost``: than they have once its cost took its cards from that place (the cost is paid
    at activation, the parts are done at resolution: game-rules#cost.2)."""
    from ..procedures import cost_taken

    if not st.told_states or not ref.get("card"):
        return []
    reading = st.reading(ref["card"])
    eid = select_effect(reading, ref)
    out = []
    taken = cost_taken(st, ref) if after_cost else {}
    for f in effect_parts(st, ref["card"], eid):
        quote = f.source.quote
        drawn = cards_drawn(quote)       # "Draw 2 cards", "discard 1 card", "banish 1 DARK monster ..."
        if drawn is not None:
            need, kind, place = drawn, "card", "deck"
        else:
            took = cards_needed(quote)
            if took is None or took["opponent"]:
                continue
            need, kind, place = took["count"], took["kind"], took["place"]
        need = int(need) if need.isdigit() else COUNTS.get(need.lower(), 1)
        for s in st.told_states:
            if (s["player"], s["place"], s.get("what")) == (player, place, kind) and \
                    "count" in s and s["count"] - taken.get((place, kind), 0) < need and \
                    f.get("verb") not in out:
                out.append(f.get("verb"))
    return out


def _with_held(st: Situate, fam: Tree, w: Tree, player: str) -> None:
    """"with 0 cards in my Deck": what the activating player has, as a told state."""
    held = sub(w, "held")
    ws = low(held)
    quant, rest = quantity(ws)
    place = st.r.place(find(held, "place"))
    what = counted_kind(rest)
    if quant is None or place is None or what is None:
        st.fail(f"{st.r.said(w)!r}: say how many of what, and where ('with 0 cards in my Deck')", w)
    whose = poss_of(st, fam, find(held, "poss"))
    if whose not in (None, player):
        st.fail(f"{st.r.said(w)!r}: the cards of the player who activates it", w)
    event = {"kind": "state", "player": player, "place": place, "what": what,
             "count": 0 if quant == "no" else quant}
    st.events.append(event)
    st.told_states.append(event)


def _make_purpose(st: Situate, node: Tree, ref: dict, player: str) -> None:
    """"just to make my opponent gain 1000 LP": a part of the effect, done to that player."""
    verb = st.r.action(find(node, "act_verb"))
    whom = st.r.player(sub(node, "player"))
    reading = st.reading(ref["card"])
    eid = select_effect(reading, ref)
    said = "your opponent" if whom != player else "you"
    fit = [f for f in effect_parts(st, ref["card"], eid) if f.get("verb") == verb and
           (("opponent" in f.source.quote.lower()) == (said == "your opponent"))]
    if not fit or not purpose_is_its_own(st, ref, node):
        st.fail(f"{st.r.said(node)!r} is not a part of {ref['card']}", node)


def build_can_activate_now(st: Situate, fam: Tree) -> dict:
    if sub(fam, "cj_negate_act") is not None:
        return build_negate_act_now(st, fam)
    withs = [w for w in now_whens(fam) if low(w)[0] == "with"]
    make = sub(fam, "cj_make")
    if not withs and make is None:
        return activation.build_can_activate_now(st, fam)
    player = asker_of(st, fam)
    for w in withs:
        _with_held(st, fam, w, player)
    spec = activation.build_can_activate_now(st, fam)
    ref = spec["effect"]
    if make is not None:
        _make_purpose(st, make, ref, player)
    cannot = [v for v in impossible_parts(st, ref, player) if v not in spec.get("cannot", [])]
    if withs and not cannot and not spec.get("cannot"):
        st.fail(f"{st.r.said(withs[0])!r} does not stop any part of the effect that the rules "
                "check", withs[0])
    if cannot:
        spec["cannot"] = spec.get("cannot", []) + cannot
    return spec


_KIND_OF = {"card": "card", "monster": "monster", "spell": "spell", "trap": "trap",
            "spell/trap": "spell-trap"}


def _because(st: Situate, node: Tree, ref: dict, eid: str, part, activator: str) -> None:
    """"because I have 3 Spells in my GY": the condition the card puts before the part asked
    about, told to be met; a told holding that does not meet it is refused."""
    if st.r.player(find(node, "player")) != activator:
        st.fail(f"{st.r.said(node)!r}: the card counts what its controller has", node)
    held = sub(node, "held")
    quant, rest = quantity(low(held))
    place = st.r.place(find(held, "place"))
    noun = norm_words([w for w in rest if w not in PLACE_WORDS
                        and w not in ("in", "my", "your", "their", "the", "on")])
    text = next(e.text for e in st.reading(ref["card"]).effects if e.id == eid)
    at = text.find(part.source.quote)
    conds = [c for c in card_conditions(text) if same_things(rest, c["words"])
             and 0 <= text.find(c["text"]) < at and not c["text"].endswith(":")
             and ":" not in text[text.find(c["text"]):at]]
    if quant is None or place is None or len(noun) != 1 or noun[0] not in _KIND_OF or len(conds) != 1:
        st.fail(f"{st.r.said(node)!r}: {ref['card']} puts no such condition on that part", node)
    cond, count = conds[0], 0 if quant == "no" else quant
    met = (cond["need"] == "no" and count == 0) or (
        cond["need"] != "no" and (count >= cond["need"] if cond["at_least"] else count == cond["need"]))
    if not met:
        st.fail(f"{st.r.said(node)!r} does not meet {cond['text']!r}", node)
    st.events.append({"kind": "state", "player": activator, "place": place,
                      "what": _KIND_OF[noun[0]], "count": count})


def build_negated_still(st: Situate, fam: Tree, q: Tree) -> dict:
    subj = sub(q, "outcome_subj")
    verb = st.r.action(find(q, "act_verb"))
    ref = negated_effect(st, q)
    found = st.effect_of(ref) if ref.get("card") else None
    if found is not None:
        mine = covered_effects(found[0], found[1], ref)
        if any(f.type == "cost_action" and f.get("verb") == verb and f.get("effect") in mine
               for f in found[0].facts) and not any(
                f.type == "clause" and f.get("verb") == verb and f.get("effect") in mine
                for f in found[0].facts):
            # (round 79) "Raigeki Break is negated. Do I still discard?": its cost, paid (by its
            # activator, in the number its words say: hunt 49)
            cost_said_fits(st, q, ref, verb)
            return st.spec("still-done", {"effect": ref, "verb": verb})
    if found is not None and not links.effect_does(st, ref, verb):
        doers = [r for _aid, r in st.acts if r != ref and links.effect_does(st, r, verb)]
        if len({repr(sorted(r.items())) for r in doers}) == 1:
            # (round 79) "They chain Dark Bribe to my Monster Reborn. Reborn gets negated. Do I
            # still draw a card?": the negated card does not draw; the one told link that does
            # (its negator) is asked whether it still does it
            return outcomes._untargeted_outcome(st, q, doers[0], verb)
    aid = next((a for a, r in reversed(st.acts) if r == ref), None)
    activator = next((e["player"] for e in st.events if e.get("id") == aid), None)
    asked = st.r.player(sub(subj, "player"))
    if activator is None or asked not in ("you", "opponent") or not ref.get("card"):
        st.fail("ask about the player whose effect was negated ('can I still draw a card?')", q)
    reading = st.reading(ref["card"])
    eid = select_effect(reading, ref)
    try:
        n = select_clause(reading, eid, verb)
    except QuestionError:
        st.fail(f"{ref['card']} has no part that does {verb!r}", q)
    obj = sub(q, "outcome_obj")
    parts = effect_parts(st, ref["card"], eid)
    part = next(f for f in parts if f.get("n") == n)
    if obj is not None:
        # (session after ef80931) "do I still mill 3?" of an effect with two parts that send:
        # the one whose words say what the question says (the top 3 cards)
        said = [w for w in norm(st.r.said(obj)).replace(" a ", " 1 ").split() if w not in ("a", "an", "the")]
        fits = [f for f in parts if f.get("verb") == part.get("verb") and f.source is not None
                and all(w in norm(f.source.quote).split() for w in said)]
        if len(fits) == 1:
            part = fits[0]
    # the player the part names as its subject: "your opponent gains 1000 LP" is done by the
    # activator's opponent, else by the activator ("Draw 1 card")
    doer = activator if not re.match(r"(?i)\s*your opponent\b", part.source.quote) else \
        ("opponent" if activator == "you" else "you")
    if asked != doer:
        st.fail("ask about the player whose effect was negated ('can I still draw a card?')", q)
    if obj is not None and not all(w in norm(part.source.quote).split()
                                   for w in norm(st.r.said(obj)).replace(" a ", " 1 ").split()
                                   if w not in ("a", "an", "the")):
        st.fail(f"{st.r.said(obj)!r}: that part does not say so ({part.source.quote!r})", obj)
    because = sub(fam, "cj_because")
    if because is not None:
        _because(st, because, ref, eid, part, activator)
    return st.spec("still-done", {"effect": ref, "verb": verb})


def _asks_player_still(q: Tree) -> bool:
    subj = sub(q, "outcome_subj")
    return subj is not None and sub(subj, "player") is not None and "still" in low(q)


def _atk_cannot(st: Situate, ref: dict) -> list[str]:
    """The parts "make this card lose exactly N ATK" that the told ATK makes impossible."""
    notes = getattr(st, "atk_now", [])
    if not notes:
        return []
    eid = select_effect(st.reading(ref["card"]), ref)
    out = []
    for note in notes:
        fit = [f for f in effect_parts(st, ref["card"], eid) if atk_lost_exactly(f.source.quote) is not None]
        if note["card"] != ref.get("card") or not fit:
            st.fail(f"{note['text']!r}: no part of the effect asked about depends on it", note["node"])
        for f in fit:
            if note["atk"] < atk_lost_exactly(f.source.quote) and \
                    f.get("verb") not in out:
                out.append(f.get("verb"))
    if not out:
        st.fail(f"{notes[0]['text']!r}: with that much ATK the part can be done; ask whether the "
                "effect can be activated as usual", notes[0]["node"])
    st.atk_now = []
    return out


def build_negate_act_now(st: Situate, fam: Tree) -> dict:
    """"Can I (still) use its effect to negate my opponent's monster effect activation?"."""
    node = sub(fam, "cj_negate_act")
    ref = st.effect_ref(st.r.effect(next(c for c in fam.children if isinstance(c, Tree)
                                         and c.data.startswith("eff_"))), hint=["negate"])
    reading = st.reading(ref["card"])
    eid = select_effect(reading, ref)
    kind = next((w for w in low(node) if w in ("monster", "spell", "trap", "card")), "card")
    scopes = {f.get("kind") for f in reading.facts if f.type == "negation_scope"
              and f.get("effect") == eid and f.get("what") == "activation"}
    whose = st.r.player(sub(node, "poss"))
    asker = asker_of(st, fam)
    text = next(e.text for e in reading.all_effects() if e.id == eid)
    theirs = condition_says(text, "opponent-activates") or condition_says(text, "opponents")
    if not scopes or (kind != "card" and kind not in scopes and "any" not in scopes) or \
            whose not in ("you", "opponent") or (theirs and whose == asker):
        st.fail(f"{st.r.said(node)!r}: {ref['card']}'s effect does not negate that", node)
    if any(n["player"] != asker for n in getattr(st, "atk_now", [])):
        st.fail("a player activates the effects of the cards they control", fam)
    cannot = _atk_cannot(st, ref)
    if not cannot:
        st.fail("at what point? (tell what changed: 'my X has only 400 ATK left')", fam)
    return st.spec("can-activate-now", {"effect": ref, "cannot": cannot})


def build_negated_though_gone(st: Situate, fam: Tree, q: Tree) -> dict:
    """"Is X's activation still negated?" when X's card left the field for its cost: the part of
    the answering effect that negates, with its later part that destroys "that card" failing."""
    subj = sub(q, "outcome_subj")
    cards = [st.db.get(st.r.card(t)).name for t in tokens(subj, "XCARD")] if subj is not None else []
    verb = st.r.action(find(q, "act_verb"))
    if not cards or low(subj)[-1] != "activation" or verb != "negate":
        st.fail("ask 'is X's activation still negated?'", q)
    aid = st._find_act({"card": cards[0]})
    responders = [e for e in st.events if e.get("kind") == "activate" and e.get("respond") == aid]
    if aid not in st.gone_by_cost or len(responders) != 1:
        st.fail(f"tell the activation of {cards[0]}, where its cost put it, and what answered it", q)
    ref = responders[0]["effect"]
    reading = st.reading(ref["card"])
    eid = select_effect(reading, ref)
    parts = effect_parts(st, ref["card"], eid)
    neg = [f for f in parts if f.get("verb") == "negate"]
    later = [f for f in parts if neg and f.get("n") > neg[0].get("n") and f.get("verb") == "destroy"
             and acts_on_that_card(f.source.quote)]
    if not neg or len(later) != 1 or st.gone_by_cost[aid] not in ("gy", "banished"):
        st.fail(f"{ref['card']} has no part that negates and then destroys that card", q)
    st.gone_by_cost = {}
    # the told activations, with the cost that moved the card: whether "destroy that card" is
    # done is the rules' to say (that-card-gone-for-its-own-cost)
    return st.spec("clause-done", {"effect": ref, "part": "negate"})


def build_negated_then(st: Situate, fam: Tree, q: Tree) -> dict:
    """"Is the negated monster then destroyed?": the part after the told negation."""
    if not getattr(st, "done_parts", None) or len(st.done_parts) != 1:
        st.fail("which negation? (tell it: 'my opponent negates the Summon of my monster with X')", q)
    done = st.done_parts[0]
    ref = done["ref"]
    verb = st.r.action(find(q, "act_verb"))
    reading = st.reading(ref["card"])
    eid = select_effect(reading, ref)
    parts = effect_parts(st, ref["card"], eid)
    neg = [f for f in parts if f.get("verb") == "negate"]
    later = [f for f in parts if neg and f.get("n") > neg[0].get("n") and f.get("verb") == verb
             and acts_on_that_card(f.source.quote, plural=True)]
    if not neg or len(later) != 1:
        st.fail(f"{ref['card']} has no part after its negation that does {verb!r} to that card", q)
    st.done_parts = []
    return {"family": "clause-done", "effect": ref, "part": later[0].get("n"),
            "suppose": [{"done": {"part": neg[0].get("n")}}]}


def _same_name_part(st: Situate, fam: Tree, spec: dict) -> dict:
    """The asked things are "the cards with the same name (in my opponent's GY)": the part that
    acts on cards named like the target, not on the target."""
    q = find(fam, "outcome_q") or fam
    subj = sub(q, "outcome_subj") or sub(q, "thing")
    said = low(subj) if subj is not None else []
    if spec.get("family") != "clause-done" or "name" not in said:
        return spec
    ref = spec["effect"]
    eid = select_effect(st.reading(ref["card"]), ref)
    verb = spec["part"] if isinstance(spec["part"], str) else None
    fit = [f for f in effect_parts(st, ref["card"], eid) if f.get("verb") == verb
           and acts_on_same_name(f.source.quote)]
    if not fit:
        return spec                      # the parts read their targets' names otherwise
    place = st.r.place(find(subj, "place"))
    whose = st.r.player(find(subj, "poss"))
    quote = norm(fit[0].source.quote).replace("graveyard", "gy")
    if len(fit) != 1 or (place and (f" {place}" not in " " + quote or
                                    (whose == "opponent") != ("opponent" in quote))):
        st.fail(f"{st.r.said(subj)!r}: no part of {ref['card']} does that", subj)
    if select_clause(st.reading(ref["card"]), eid, verb) == fit[0].get("n"):
        return spec                      # the action already names that part
    return {**spec, "part": fit[0].get("n")}


def build_still_done(st: Situate, fam: Tree) -> dict:
    """"Are the cards with the same name still banished?" with nothing negated: a part's outcome."""
    even = sub(fam, "still_even")
    if "cost" in low(fam) and not st.acts:
        # "Does the cost of X get paid even if it is negated?": X is activated (its cost paid)
        node = next((t for t in fam.children if isinstance(t, Tree) and t.data.startswith("eff_")),
                    None)
        card = next((t for t in fam.children if getattr(t, "type", "") == "XCARD"), None)
        if node is not None:
            st._activate(st.effect_ref(st.r.effect(node)), "you", {})
        elif card is not None:      # "Is X's cost still paid ...?"
            name = st.r.card(card)
            st._activate(st.effect_ref(card_ir(name)), "you", {})
    if even is not None and sub(even, "ev_negate") is not None and not _told_again(st, even):
        # "... stay banished even though X got negated": told with it ("even though nothing is
        # Summoned" only concedes what the negation left undone: still)
        st.ev_negate(sub(even, "ev_negate"))
    if not any(e.get("kind") == "negate" for e in st.events) and st.acts and \
            (getattr(st, "told_not_done", None) or "name" in low(fam)):
        return build_clause_done(st, fam)
    _itself_asked(st, fam)
    _thing_of_the_part(st, fam)
    return _STILL_DONE(st, fam)


def _told_again(st: Situate, even: Tree) -> bool:
    """"My X got negated by Y. Do the cards I banished stay banished even though it was
    negated?": a concession that negates "it" (no card named) after the story told one negation
    says that negation again; "it" is never the negating card's activation."""
    node = sub(even, "ev_negate")
    named = any(getattr(t, "type", "") == "XCARD" for t in node.scan_values(lambda _v: True))
    told = [e for e in st.events if e.get("kind") == "negate"]
    return not named and len(told) == 1 and bool({"it", "that", "this"} & set(low(node)))


# the nouns a thing asked of may be said with, and the words a part's text says them with
_NOUNS = {"monster": ("monster",), "monsters": ("monster",), "card": ("card", "monster", "spell",
          "trap"), "cards": ("card", "monster", "spell", "trap"), "spell": ("spell", "card"),
          "spells": ("spell", "card"), "trap": ("trap", "card"), "traps": ("trap", "card")}


def _thing_of_the_part(st: Situate, fam: Tree) -> None:
    """(hunt 82) "I activate Dark Hole. They chain Magic Jammer. I chain Seven Tools and negate it.
    Are the monsters still destroyed?": the things asked of ("the monsters") must be what the
    negated effect does that to (Magic Jammer destroys "it", the Spell): a noun its parts that do
    it never say is refused, never answered of that link."""
    thing = sub(fam, "thing")
    node = find(fam, "act_verb")
    if thing is None or node is None or not any(e.get("kind") == "negate" for e in st.events):
        return
    nouns = [w for w in low(thing) if w in _NOUNS]
    verb = st.r.action(node)
    if not nouns or verb is None:
        return
    ref = negated_effect(st, fam)
    if not ref.get("card"):
        return
    reading = st.reading(ref["card"])
    quotes = [f.source.quote.lower() for f in reading.facts
              if f.type in ("clause", "cost_action") and f.get("verb") == verb and f.source is not None]
    if quotes and not any(re.search(rf"\b{w}s?\b", q) for q in quotes for w in _NOUNS[nouns[-1]]):
        st.fail(f"{st.r.said(thing)!r}: what {ref['card']} does that to ({quotes[0]!r}) is not "
                "said so; ask of the card whose effect does it", thing)


def _itself_asked(st: Situate, fam: Tree) -> None:
    """(hunt 81) "I negate Raigeki's activation with Solemn Judgment. Is Raigeki still destroyed?":
    said of the card told activated itself, the question asks what became of that card (its
    negator may destroy it), never what its own effect does to other cards; refused unless the
    part of its effect that does it acts on the card itself ("this card", "itself")."""
    thing = sub(fam, "thing")
    if thing is None or not thing.children or \
            not all(getattr(c, "type", "") == "XCARD" for c in thing.children):
        return
    card = st.db.get(st.r.card(thing.children[0]))
    name = card.name if card is not None else None
    negated = {e.get("of") for e in st.events if e.get("kind") == "negate"}
    if not any(r.get("card") == name and aid in negated for aid, r in st.acts):
        return          # (only of a card whose activation was told negated)
    node = find(fam, "act_verb")
    verb = st.r.action(node) if node is not None else None
    if verb is None:
        return          # ("is X still in their GY?": where it is, not what was done to it)
    reading = st.reading(name)
    if any(f.type in ("clause", "cost_action") and f.get("verb") == verb and f.source is not None and
           re.search(r"\b(?:this card|itself)\b", f.source.quote, re.IGNORECASE)
           for f in reading.facts):
        return
    st.fail(f"'is {name} still {st.r.said(node)}?' asks what became of {name} "
            f"itself, which its own effect does not do: ask what its effect does ('Does {name} "
            "still destroy ...?') or what the card that answered it does", fam)


def build_also_part(st: Situate, fam: Tree, q: Tree) -> dict:
    """"Does it also negate Spell/Trap effects in its column?": the part whose text says so."""
    obj = sub(q, "cj_effects_obj")
    node = next((c for c in q.children if isinstance(c, Tree) and c.data.startswith("eff_")), None)
    if node is not None and node.data != "eff_it":
        ref = st.effect_ref(st.r.effect(node))
    elif st.acts:
        ref = st.acts[-1][1]
    else:
        st.fail("what does 'it' stand for? (tell the activation first)", q)
    if not any(r == ref for _, r in st.acts):
        st.fail(f"tell how {ref.get('card')} was activated", q)
    reading = st.reading(ref["card"])
    eid = select_effect(reading, ref)
    words = [w for w in norm(st.r.said(obj)).split()
             if w not in ("in", "its", "this", "that", "the", "same")]
    parts = effect_parts(st, ref["card"], eid)
    fit = [f for f in parts if all(w in norm(f.source.quote).split() for w in words)]
    verb = st.r.action(find(q, "act_verb"))
    if len(fit) != 1 or fit[0].get("n") == 1 or verb is None or \
            not says_action(fit[0].source.quote, verb):
        st.fail(f"{st.r.said(obj)!r}: no later part of {ref['card']} does that", obj)
    if not any(f.type == "part_condition" and f.get("effect") == eid and f.get("n") == fit[0].get("n")
               for f in reading.facts):
        st.fail("the situation says nothing that decides that part", q)
    return st.spec("clause-done", {"effect": ref, "part": fit[0].get("n")})


def build_effect_negated(st: Situate, fam: Tree) -> dict:
    """"Is that activated effect negated?": the activation told last."""
    node = sub(fam, "negated_eff")
    if node is None:                      # "Is the activation (of X) negated?"
        return links.build_activation_negated(st, fam)
    if low(node) == ["that", "activated", "effect"]:
        if not st.acts:
            st.fail("which activated effect? (tell it first)", node)
        return st.spec("effect-negated", {"activation": st.acts[-1][0]})
    try:
        return links.build_effect_negated(st, fam)
    except QuestionError:
        # "Are its effects negated?" with no activation of "its" card told: "its" is the one
        # card a told negating effect targets, and the question is whether that negating part
        # still applies to it (as "Is that monster's effect negated when X resolves?" asks)
        ws = low(node) if node is not None else []
        its = len(ws) == 2 and ws[0] == "its" and ws[1] in ("effect", "effects")
        if not its or _negating_target_activation(st) is None:
            raise
    return outcomes.build_outcome(st, Tree("fam_clause_done", []), "negate")


def _negating_target_activation(st: Situate) -> dict | None:
    """The one told activation that targets exactly one card and has a part that negates."""
    acts = [e for e in st.events if e.get("kind") == "activate" and e.get("targets")]
    if len(acts) != 1 or len(acts[0]["targets"]) != 1 or not acts[0]["effect"].get("card"):
        return None
    ref = acts[0]["effect"]
    reading = st.reading(ref["card"])
    try:
        select_clause(reading, select_effect(reading, ref), "negate")
    except QuestionError:
        return None
    return acts[0]


_STILL_DONE = build_cost_family("still-done")


def build_negated_activation_then(st: Situate, fam: Tree, q: Tree) -> dict:
    """"My opponent negates the activation of my X with Y. Is the negated card (X) then destroyed?":
    the part of Y after its negation, supposing that negation done; a card named must be the one
    whose activation was negated."""
    negs = [e for e in st.events if e.get("kind") == "negate" and e.get("by")
            and e.get("what") == "activation"]
    if len(negs) != 1:
        st.fail("which negation? (tell it: 'my opponent negates the activation of my X with Y')", q)
    neg = negs[0]
    acts = dict(st.acts)
    ref, negated = acts.get(neg["by"]), acts.get(neg["of"])
    if not ref or not ref.get("card") or not negated:
        st.fail("which card negated it?", q)
    named = find(q, "cj_negated_named")
    if named is not None:
        cards = [st.r.card(t) for t in named.scan_values(lambda v: getattr(v, "type", "") == "XCARD")]
        kind = "trap" if "trap" in low(named) else "spell" if "spell" in low(named) else None
        said = negated.get("card")
        fits = (cards and said and st.db.get(cards[0]).name == st.db.get(said).name) or \
            (not cards and kind and (negated.get("generic") == kind or
                                     (said and st.db.get(said).kind == kind)))
        if not fits:
            st.fail(f"{st.r.said(named)!r} is not the card whose activation was negated", named)
    verb = st.r.action(find(q, "act_verb"))
    reading = st.reading(ref["card"])
    eid = select_effect(reading, ref)
    parts = effect_parts(st, ref["card"], eid)
    neg_part = [f for f in parts if f.get("verb") == "negate"]
    later = [f for f in parts if neg_part and f.get("n") > neg_part[0].get("n")
             and f.get("verb") == verb and acts_on_that_card(f.source.quote, plural=True)]
    if not neg_part or len(later) != 1:
        st.fail(f"{ref['card']} has no part after its negation that does {verb!r} to that card", q)
    return {"family": "clause-done", "effect": ref, "part": later[0].get("n"),
            "suppose": [{"done": {"part": neg_part[0].get("n")}}]}


def _stat_said_fits(st: Situate, q: Tree, spec: dict) -> None:
    """"Does it still gain 400 ATK?": the number must be the one the part writes, or the question
    is about another change than the card's."""
    stat = find(q, "cj_stat_obj")
    if stat is None:
        return
    num = next((str(t) for t in stat.scan_values(lambda v: getattr(v, "type", "") == "XNUM")), None)
    ref, n = spec.get("effect") or {}, spec.get("part")
    if spec.get("family") not in ("clause-done", "affected") or not ref.get("card") or n is None:
        st.fail("which part changes ATK or DEF?", q)
    eid = select_effect(st.reading(ref["card"]), ref)
    quotes = [f.source.quote for f in effect_parts(st, ref["card"], eid) if f.source and
              (f.get("n") == n if isinstance(n, int) else f.get("verb") == n)]
    if not num or not any(num in qt for qt in quotes):
        st.fail(f"{ref['card']}'s part does not change ATK or DEF by {num}", stat)


# "does X still destroy it and Special Summon the other one?": each part asked (outcomes.each_outcome)
build_clause_done_each = outcomes.each_outcome(build_clause_done)
