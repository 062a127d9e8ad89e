"""Responses and negation: can X respond to an activation (``can-respond``), can X negate a
Summon (``negate-summon``, also one an activated card will make) or an activation
(``negate-activation``), and can X negate a kind of effect that a player activates."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lark import Tree

from ...parser.transform import find, low, now_whens, sub, subs
from ...reader.phrases import condition_says
from ...errors import QuestionError
from ...reader.select import select_effect
from ..words import COUNT_WORDS
from ..refs import kind_said_fits
from .common import (effect_facts, field_holder, first_effect, other_players_spell_trap, reads_scenario,
                     refuse_other_players_spell_trap,
                     refuse_a_part_said_not_activated,
                     summon_kinds_read, told_form, possessive_of, still_the_turn_it_was_set)
from .chains import SUMMON_NODES, summon_subject

if TYPE_CHECKING:
    from ..told import Situate


def _activation_of(st: Situate, node: Tree | None, player: str, responder: dict | None = None,
                   before: str | None = None) -> str:
    """The activation a response answers: named ("to X"), or the newest one ("to it").  "its
    effect" is of the card named before the responder ("X is flipped. Can my opponent chain Y to
    its effect?": X's), never the responder's own."""
    effs = [t for t in node.iter_subtrees_topdown() if t.data.startswith("eff_")] \
        if node is not None else []
    if effs:
        ir = st.r.effect(effs[0])
        if effs[0].data == "eff_its" and responder and \
                st.last_card == responder.get("card"):
            if not before or before == responder.get("card"):
                # (hunt 34) no other card named before the responder: "its" is not its own
                st.fail(f"whose effect is {st.r.said(effs[0])!r}? (not "
                        f"{responder.get('card')}'s own: name the card)", effs[0])
            st.last_card = before
        ref = st.effect_ref(ir)
        refuse_a_part_said_not_activated(st, ir, ref, effs[0], f"'... negate {ref.get('card')}?'")
        aid = st._find_act(ref)
        if aid is not None:
            return aid
        owner = ir.get("owner") if ir.get("owner") in ("you", "opponent") else \
            "you" if low(node)[1:2] == ["my"] else st.untold_owner(ref, player)
        # ("my opponent's X" is the opponent's: its owner as read, not the word "my")
        return st._activate(ref, owner, {})
    if not st.acts:
        st.fail("respond to what? (tell what was activated first)", node)
    kind = sub(node, "card_kind") if node is not None else None
    if kind is not None:
        # "to the Field Spell('s activation)": the last activation told, its card of that kind
        card = st.acts[-1][1].get("card")
        if card:
            kind_said_fits(st, st.db.get(card), low(kind))
        elif st.acts[-1][1].get("generic") not in (None, *low(kind)):
            # an activation told by its kind only ("opp activates a Trap"): the kinds must agree
            st.fail(f"{st.r.said(kind)!r} is not the {st.acts[-1][1].get('generic')} told", kind)
    return st.acts[-1][0]


def summon_told_last(st: Situate) -> tuple[str, dict] | None:
    """(readA) The Summon a player performed, when it is the newest thing told."""
    last = next((e for e in reversed(st.events) if e.get("kind") in ("summon", "activate")), None)
    if last is None or last.get("kind") != "summon":
        return None
    return last["id"], last


def negates_summons(st: Situate, ref: dict) -> bool:
    found = st.effect_of(ref)
    return found is not None and any(f.type == "negation_scope" and f.get("what") == "summon"
                                     and f.get("effect") == found[1] for f in found[0].facts)


def refuse_summon_window(st: Situate, ref: dict, node: Tree) -> None:
    """"opp NS a monster, can I respond with X?" of a card whose condition is that a monster is
    Summoned ("When your opponent Summons ..."): it is activated in that Summon's own window, so
    that the Summon starts no Chain never says it cannot be; refused, naming the question to
    ask instead."""
    from ...reader.phrases import answers_a_summon

    reading = st.reading(ref["card"]) if ref.get("card") else None
    if reading is not None and answers_a_summon(reading):
        st.fail(f"{ref['card']} answers the Summon itself (its condition is that a monster is "
                f"Summoned): ask whether it can be activated then ('... Can I activate "
                f"{ref['card']}?')", node)


def answer_told_summon(st: Situate, fam: Tree, node: Tree | None) -> dict | None:
    """(readA) "My opponent Link Summons X. Can I respond with Black Horn of Heaven / Solemn Strike
    it / chain Imperm to it?": with no activation told and a Summon told last, a card that negates
    Summons is asked whether it negates that Summon; "chain X to it" asks whether the Summon
    starts a Chain (X asked too)."""
    told = summon_told_last(st)
    if told is None or st.acts:
        return None
    if node is not None and any(t.data.startswith("eff_") and t.data != "eff_it"
                                for t in node.iter_subtrees()):
        # (hunt 41) "... Can I chain Solemn Warning to Armageddon Knight's effect?": an effect
        # named is what is answered (its activation), not the Summon told before it
        return None
    neg = first_effect(fam)
    ref = st.effect_ref(st.r.effect(neg), hint=["negate"])
    if negates_summons(st, ref):
        return negate_told_summon(st, fam, neg, ref, told[0], told[1], node or fam)
    if "chain" in low(fam):
        refuse_summon_window(st, ref, neg)
        spec = st.spec("summon-starts-chain", {"summon": told[0]})
        spec["also_needs"] = f"whether {st.r.said(neg)} can be activated in response"
        return spec
    return None


# the target conditions a Spell/Trap Card being activated (face-up on the field until its link
# resolves, game-rules#chain.13) meets, by whose it is: its controller's opponent's side
_MET_BY_AN_ACTIVATED_CARD = {"on-field", "spell-trap", "face-up"}


def _aims_at_the_activated_card(st: Situate, aim: Tree, responder: dict, act: dict | None,
                                player: str) -> bool:
    """(round 79) "They activate Mage Power. Can I chain Mystical Space Typhoon targeting the Mage
    Power?": the card aimed at is the Spell/Trap Card the response answers, face-up on the field
    while its link waits (game-rules#chain.13); when every condition of the responder's one
    target is one such a card meets (a Spell/Trap on the field; face-up; the other player's, when
    said), the targeting asked is settled, not left as a question of its own."""
    if act is None or not (act.get("effect") or {}).get("card") or not responder.get("card"):
        return False
    card = st.db.get(act["effect"]["card"])
    thing = st.r.thing(sub(aim, "thing"))
    named = thing.get("card")
    if card.kind not in ("spell", "trap") or act.get("from") == "hand" and card.kind == "trap" or \
            not (named == card.name or thing.get("pronoun")):
        return False
    found = st.effect_of(responder)
    if found is None:
        return False
    reading, eid = found
    slots = {f.get("slot") for f in reading.facts if f.type == "target" and f.get("effect") == eid}
    conds = {f.get("condition") for f in reading.facts if f.type == "target_condition"
             and f.get("effect") == eid and f.get("value") == "yes"}
    mine = act.get("player") == player
    allowed = _MET_BY_AN_ACTIVATED_CARD | ({"you-control"} if mine else {"opponent-controls"})
    return slots == {1} and bool(conds) and conds <= allowed


def build_can_respond(st: Situate, fam: Tree) -> dict:
    told = answer_told_summon(st, fam, sub(fam, "resp_to"))
    if told is not None:
        return told
    p = sub(fam, "player")
    player = st.r.player(p) if p is not None else "you"
    if player not in ("you", "opponent"):
        st.fail("who responds?", p)
    purpose = sub(fam, "purpose")
    hint = [st.r.action(sub(purpose, "act_verb"))] if purpose is not None else []
    said_from = sub(fam, "resp_from")
    if said_from is not None and st.r.place(sub(said_from, "place")) == "hand":
        hint.append("from:hand")    # "Can I chain X from my hand?": of its effects, the hand's
    # (a response is an activation: of the card's effects, those that are activated)
    before = st.last_card
    said_responder = st.r.effect(first_effect(fam))
    if said_responder.get("owner") in ("you", "opponent") and said_responder["owner"] != player:
        # (hunt) "Can I chain my opponent's Magic Jammer?": a player chains only their own cards
        # (game-rules#chain.2); the owner said is never dropped
        st.fail(f"{st.r.said(first_effect(fam))!r} is the other player's card: a player chains "
                "only their own cards", first_effect(fam))
    responder = st.effect_ref(said_responder, hint=["activated", *(h for h in hint if h)])
    holder = field_holder(st, responder)
    if holder is not None and holder != player:
        # (hunt 36) "My opponent controls X. I activate Dark Hole. Can I chain X's effect?": a
        # monster told on a player's field is theirs to activate
        st.fail(f"{responder['card']} is on {possessive_of(holder)} field, as the story tells it: the "
                "effects of a monster on the field are activated by the player who controls it",
                first_effect(fam))
    set_card = sub(fam, "set_card")
    if set_card is not None:   # "Can I chain my Set X to it?": a Set card is the asker's Spell/Trap
        if st.r.player(set_card) != player or not responder.get("card") or \
                st.db.get(responder["card"]).kind not in ("spell", "trap"):
            st.fail("a Set card is a Spell or Trap Card of the player who chains it", set_card)
    when = sub(fam, "resp_when")
    if when is not None:
        # "Can I activate X when my opponent activates Y?": Y, activated by that player
        who = st.r.player(sub(when, "player"))
        if who not in ("you", "opponent"):
            st.fail("who activates it?", when)
        ref = st.effect_ref(st.r.effect(first_effect(when)))
        to = st._find_act(ref) or st._activate(ref, who, {})
    else:
        to = _activation_of(st, sub(fam, "resp_to"), player, responder, before)
    from .links import _open_links
    open_ = _open_links(st)
    link = sub(fam, "resp_link")
    if link is not None:
        # sisterGK: "as Chain Link 4": the link it would be, after the open links told
        n = low(link)[-1]
        if not n.isdigit() or int(n) != len(open_) + 1:
            st.fail(f"{st.r.said(link)!r}: the Chain told has {len(open_)} open link(s), so it "
                    f"would be Chain Link {len(open_) + 1}", link)
    if to in open_ and open_[-1] != to:
        # sisterGK: a response is chained to the last link told; "chain Magic Jammer to Monster
        # Reborn" with Reborn under other links asks of a link it would not answer (game-rules#chain)
        st.fail("a card is chained to the last Chain Link told; it answers that link (ask about "
                "the last link, or tell the Chain up to the link it answers)", sub(fam, "resp_to"))
    said = st.r.effect(first_effect(fam))
    act = next((e for e in st.events if e.get("id") == to), None)
    if said.get("how") == "eff_it" and act is not None and \
            act.get("effect", {}).get("card") == responder.get("card"):
        # "they activate X targeting my Set trap. Can I activate it in response?": "it" is not the
        # card responded to (most often the card it targets); which card is it?
        st.fail("which card is 'it'? (name the card that responds)", first_effect(fam))
    if act is not None and any(e.get("kind") == "resolve" and "of" not in e
                               for e in st.events[st.events.index(act) + 1:]):
        # (hunt) "My opponent activates Pot of Greed. It resolves. Can I chain X to it?": a link
        # told resolved is no longer there to chain to (game-rules#activation-legality.9)
        st.fail("it was told to resolve: nothing can be chained to it now (ask before it "
                "resolves: 'My opponent activates X. Can I chain Y to it?')", sub(fam, "resp_to"))
    check_activator(st, responder, to, player)
    holder = other_players_spell_trap(st, responder, player)
    if holder is not None and "hand" not in low(fam):
        # (hunt 76) "My opponent controls a Set Solemn Judgment. Can I chain Solemn Judgment?"
        refuse_other_players_spell_trap(st, responder["card"], holder, first_effect(fam))
    spec = st.spec("can-respond", {"responder": responder, "to": to, "player": player})
    if still_the_turn_it_was_set(st, responder, player):
        spec["set_this_turn"] = True       # "I Set X in my Main Phase 2. ... Can I chain X?"
    aim = sub(fam, "resp_targeting")
    if aim is not None and _aims_at_the_activated_card(st, aim, responder, act, player):
        spec["aimed"] = st.r.said(sub(aim, "thing"))     # settled: said back with the answer
    elif aim is not None:         # "... targeting their monster": asked too
        spec["also_needs"] = f"whether it can target {st.r.said(sub(aim, 'thing'))}"
    rfrom = sub(fam, "resp_from")
    place = st.r.place(sub(rfrom, "place")) if rfrom is not None else _told_in_hand(st, responder)
    if rfrom is not None and place not in ("hand", "field"):
        st.fail("activated from where? ('from my hand')", rfrom)
    if place is not None:
        # "Can I activate X from my hand in response?" ("X is in my hand. ... Can I chain it?"):
        # activating it from there is asked too
        spec["and"] = spec.get("and", []) + [{"family": "can-activate-now", "effect": responder,
                                              "player": player, "from": place}]
    if purpose is not None and sub(purpose, "neg_verb") is not None:
        return _stop_summon(st, purpose, responder, to, spec)
    if responder.get("generic") and (purpose is not None or not responder.get("subtype")) and \
            not (purpose is None and _locks_responses(st, act)):
        # "with a Quick-Play Spell": its kind gives its Spell Speed; what it does is not known
        st.fail("a card named only by its kind can be asked about as the response only with its "
                "property ('a Quick-Play Spell', 'a Counter Trap') and without a purpose: "
                "name the card", fam)
    before = sub(fam, "before_summon")
    if before is not None:      # "... before the Fusion Summon happens": what it makes on resolving
        _stop_summon(st, before, responder, to, {})
    if purpose is not None:
        verb = hint[0] if hint else None
        obj = low(purpose)[2:]
        if verb == "negate" and (obj in ([], ["it"]) or _names_the_answered(st, purpose, act)):
            spec["and"] = spec.get("and", []) + [{"family": "negate-activation", "negator": responder,
                                                  "activated": to}]
        else:
            spec["also_needs"] = f"whether it can {st.r.said(purpose)[3:]}"
    return spec


def _told_in_hand(st: Situate, responder: dict) -> str | None:
    """"hand" when the story told the responding Spell or Trap Card in its player's hand ("Book of
    Moon is in my hand"): it would be activated from there; else None."""
    card = responder.get("card")
    if not card or st.db.get(card).kind not in ("spell", "trap"):
        return None
    return "hand" if (st.entities.get(card) or {}).get("place") == "hand" else None


_ITS_WORDS = {"their", "his", "her", "my", "the", "that", "this", "its", "'s", "activation", "card"}


def _names_the_answered(st: Situate, purpose: Tree, act: dict | None) -> bool:
    """(round 71) "Can I chain Solemn Judgment to negate their Solemn Strike?": the purpose names
    the card whose activation is answered, and nothing else (no "effect": which of the two is
    negated is then said), so it asks the same as "to negate it"."""
    card = ((act or {}).get("effect") or {}).get("card")
    named = list(purpose.scan_values(lambda v: getattr(v, "type", "") == "XCARD"))
    if not card or len(named) != 1 or st.r.card(named[0]) != card:
        return False
    return set(low(purpose)[2:]) - {str(named[0]).lower()} <= _ITS_WORDS


def _locks_responses(st: Situate, act: dict | None) -> bool:
    """Does the text of the card activated lock responses to it ("Neither player / Your opponent
    cannot activate cards or effects in response to this card's activation") with no condition?
    Then whether any card of a kind (said with no property) can be chained to it may be "no"."""
    card = ((act or {}).get("effect") or {}).get("card")
    if not card:
        return False
    return any(f.type == "response_lock" and f.get("what") == "any" and
               f.get("conditional") == "no" for f in st.reading(card).facts)


def _stop_summon(st: Situate, purpose: Tree, responder: dict, to: str, spec: dict) -> dict:
    """"Can I chain X to the activation of Y to stop the Ritual Summon?": Y's effect makes that
    Summon when it resolves, so negating Y's activation stops it; both are asked."""
    kind = st.r.summon_kind(purpose) or "special"
    ref = next(r for a, r in st.acts if a == to)
    if not ref.get("card"):
        st.fail("which card makes that Summon?", purpose)
    reading = st.reading(ref["card"])
    eid = select_effect(reading, ref)
    verbs = {f.get("verb") for f in reading.facts if f.get("effect") == eid
             and f.type in ("clause", "clause_verb")}
    if f"{kind}-summon" not in verbs:
        st.fail(f"{ref['card']} makes no {kind.title()} Summon", purpose)
    spec["and"] = spec.get("and", []) + [{"family": "negate-activation", "negator": responder,
                                          "activated": to}]
    if sub(purpose, "neg_verb") is not None and "negate" in low(sub(purpose, "neg_verb")):
        # (hunt 77) "to negate the Summon" of a Summon a link makes when it resolves: negating
        # that activation stops the Summon, it does not negate a Summon (none can be); a yes needs
        # that asked on its own
        spec["also_needs"] = ("whether stopping the Summon (negating the activation that makes it) "
                              "is what is asked: a Summon made by a Chain Link is never negated")
    return spec


@reads_scenario
def _not_the_summoned_itself(st: Situate, ir: dict, negator: dict, node) -> None:
    """(hunt 132c) "I have Black Horn of Heaven Set. My opponent Special Summons Cyber Dragon. Can
    it negate that Summon?": "it" names the card named last, the monster being Summoned, which
    does not negate its own Summon: refused, asking which card negates."""
    told = summon_told_last(st)
    if told is None or ir.get("how") not in ("eff_it", "eff_its") or ir.get("card"):
        return
    what = told[1].get("what")
    summoned = st.entities.get(what, {}).get("card") if isinstance(what, str) else None
    summoned = summoned or (what if isinstance(what, str) and what in st.db else None)
    if summoned is not None and st.db.get(summoned).name == negator.get("card"):
        st.fail(f"which card negates? ('it' would be {negator['card']}, the monster being "
                "Summoned: name the card that negates)", node)


def build_negate_summon(st: Situate, fam: Tree) -> dict:
    effs = [t for t in fam.children if isinstance(t, Tree) and t.data.startswith("eff_")]
    if not effs:
        st.fail("which card negates?", fam)
    if not told_form(st.pq) or _made_by_an_effect_of_its_kind(st, fam):
        return _described_summon(st, fam, effs[0])
    if st.pq.scenario.lines:
        st.fail("the question tells a story and the scenario lines tell another: tell it in one "
                "place", fam)
    # "Can X negate ...", "Can I activate X to negate ...", "Can I negate ... with X"
    neg_ir = st.r.effect(effs[0])
    negator = st.effect_ref(neg_ir, hint=["negate"])
    _not_the_summoned_itself(st, neg_ir, negator, fam)
    _cost_said_fits(st, fam, negator)
    said = st.r.player(sub(fam, "player")) if sub(fam, "player") is not None else None
    if "opponent" in (neg_ir.get("owner"), said):
        # "Can my opponent negate ... with X": the rules read "your opponent" from the holder's side
        holder_unsaid(st, negator, "summon",
                      f"{negator.get('card')} answers only its controller's opponent's Summons: ask "
                      "it from the side of the player who holds it ('Can I negate ... with it?')")
    if sub(fam, "told_it") is not None:
        # (readA) "Can it be negated by X?": the Summon, or the activation, told last
        told = summon_told_last(st)
        if told is not None:
            return negate_told_summon(st, fam, effs[0], negator, told[0], told[1], fam)
        if not st.acts:
            st.fail("negate what? (tell it first)", fam)
        check_activator(st, negator, st.acts[-1][0], "you")
        _still_open(st, st.acts[-1][0], negator, fam)
        return st.spec("negate-activation", {"negator": negator, "activated": st.acts[-1][0]})
    ref = sub(fam, "summon_ref")
    vs = next((t for t in fam.children if isinstance(t, Tree) and t.data in SUMMON_NODES), None)
    node = ref if ref is not None else vs
    kind = st.r.summon_kind(node) if node is not None else None
    if node is None and {"that", "it", "this"} & set(low(fam)) and summon_told_last(st) is not None \
            and not st.acts:
        # "They Flip Summon their monster. Is that something X can negate?": the Summon told last
        told = summon_told_last(st)
        return negate_told_summon(st, fam, effs[0], negator, told[0], told[1], fam)
    if node is None:
        st.fail("which Summon?", fam)
    if ref is not None and _plain_my(ref) and not st.events and not _holder_said(st, fam, effs[0]):
        # "Can Black Horn of Heaven negate my Link Summon?": whose Black Horn is not said
        holder_unsaid(st, negator, "summon")
    if ref is not None or vs.data == "summon_bare":
        found = [(sid, ev) for sid, ev in st.summons
                 if kind in (None, "special") or ev.get("summon-kind") in (kind, "by-effect")]
        if not found and st.acts and kind not in (None, "special"):
            return _summon_to_come(st, node, negator, kind)
        if not found and not st.events and kind in PERFORMED_KINDS and \
                (low(node)[0] in ("a", "an") or low(node)[-1] == "summons" or ref is not None and
                 _summoner_said(st, ref) is not None):
            # "Can X negate a Link Summon (by my opponent)?", "... my opponent's Link Summon?":
            # any Summon of that kind, which a player performs by the rules; by whom, when said
            whom = sub(fam, "by_whom")
            player = st.r.player(sub(whom, "player")) if whom is not None else \
                _summoner_said(st, ref) if ref is not None else None
            st._summon(kind, player if player in ("you", "opponent") else None,
                       {"card": None, "text": f"a {kind.title()} Monster", "words": [],
                        "pronoun": False}, None)
            found = st.summons[-1:]
            count = sub(ref, "summon_count") if ref is not None else None
            if count is not None:
                # (round 77) "a Pendulum Summon of three monsters": one Summon of them all
                said = low(count)[1]
                n = COUNT_WORDS.get(said) or (int(said) if said.isdigit() else None)
                if n is None:
                    st.fail(f"how many monsters is {st.r.said(count)!r}?", count)
                if n > 1 and kind not in ("pendulum", "special", "unsaid"):
                    st.fail(f"a {kind.title()} Summon is of one monster, not {n}", count)
                if n > 1:
                    st.events[-1]["count"] = n
        if not found and kind in (None, "special") and low(node)[:1] in (["that"], ["the"]):
            # (chains) "X resolves. Can I Solemn Strike that Summon?": the Summon the link that
            # resolved made, its text Special Summoning (told as "X resolves and Special Summons")
            made = summon_of_resolved_link(st)
            found = [made] if made is not None else []
        if not found:
            st.fail("which Summon? (tell it first: 'My opponent Synchro Summons X.')", node)
        sid, ev = found[-1]
        _made_by_a_resolved_link(st, ev)
    else:
        _refuse_a_summon_a_told_link_makes(st, vs, kind)
        known = {s for s, _ in st.summons}
        got = summon_subject(st, vs)
        if "summon" not in got:
            st.fail("say how the monster is Summoned ('the Synchro Summon of X')", vs)
        sid, ev = got["summon"], got["event"]
        whom = sub(fam, "by_whom")
        said = st.r.player(sub(whom, "player")) if whom is not None else None
        if sid in known:            # a Summon told before: by whom it was told
            if said in ("you", "opponent") and said != ev.get("player"):
                st.fail("the Summon told before was made by the other player", whom)
        elif said in ("you", "opponent"):
            ev["player"] = said
        elif sub(vs, "poss") is None or st.r.player(sub(vs, "poss")) not in ("you", "opponent"):
            st.unsaid_summoner.add(sid)     # ("my opponent's Link Summon of X" says whose)
    # "my own Link Summon": the asker's Summon and the asker's negating card
    own = ref is not None and "own" in low(ref)
    return negate_told_summon(st, fam, effs[0], negator, sid, ev, node, holder_said=own)


_SUMMONER = {"opponent": "opponent", "you": "you", "controller": "you"}


def _refuse_a_summon_a_told_link_makes(st: Situate, node: Tree, kind: str | None) -> None:
    """(hunt 114) "I activate X. My opponent chains Ehther's effect. Can I negate the Tribute
    Summon of Ehther?": a told link whose text makes a Summon of that kind ("immediately after
    this effect resolves, Tribute Summon this card") may be what makes the Summon asked, and
    whether it can be negated turns on that link's number: refused, saying how to ask it."""
    if kind is None or any(e.get("kind") == "resolve" for e in st.events):
        return              # (a link told resolved: the Summon it made is read from the story)
    for _aid, ref in st.acts:
        found = st.effect_of(ref) if ref.get("card") else None
        if found is None:
            continue
        reading, eid = found
        if any(f.type in ("clause", "clause_verb") and f.get("effect") == eid and
               f.get("verb") == f"{kind}-summon" for f in reading.facts):
            st.fail(f"{ref['card']}'s effect, told activated, makes a {kind.title()} Summon when it "
                    f"resolves: ask of that Summon ('the {kind.title()} Summon made by the effect "
                    f"of {ref['card']} if that effect resolved as Chain Link N')", node)


def _negator_named(st: Situate, neg: Tree, select: str) -> dict:
    """The negating effect: the card's effect that negates (``select``) when the card is named
    alone ("X", "X's effect"), else the effect the words describe."""
    ir = st.r.effect(neg)
    if neg.data in ("eff_of", "eff_poss", "eff_card") and ir.get("card") and \
            not any(ir.get(k) for k in ("ord", "desc", "quote", "rel", "kind_said")):
        return {"card": st.db.get(ir["card"]).name, "select": select}
    return st.effect_ref(ir, hint=["negate"])


def _made_by_an_effect_of_its_kind(st: Situate, fam: Tree) -> bool:
    """(hunt 118) "the Link Summon made by the effect of I:P Masquerena (if that effect resolved as
    Chain Link 2)", nothing told: a Summon of the kind the named effect's text makes, described
    (never the Link Summon of that card itself)."""
    node = next((c for c in fam.children if isinstance(c, Tree) and c.data == "summon_by"), None)
    if node is None or st.pq.scenario.lines or \
            any(getattr(t, "data", "") == "lead" for t in st.pq.tree.children):
        return False
    kind = _performed_kind(node)
    eff = next((c for c in node.children if isinstance(c, Tree) and c.data.startswith("eff_")), None)
    card = st.r.effect(eff).get("card") if eff is not None else None
    if kind is None or not card:
        return False
    if not any(f.type in ("clause", "clause_verb") and f.get("verb") == f"{kind}-summon"
               for f in st.reading(card).facts):
        st.fail(f"{card}'s text makes no {kind.title()} Summon", node)
    return True


def _described_summon(st: Situate, fam: Tree, neg: Tree) -> dict:
    """"Can X negate the Special Summon of Y?", "... a Special Summon by (the first effect of) Y
    (if that effect resolved as Chain Link 2)?": the Summon described, nothing told."""
    negator = _negator_named(st, neg, "negates-summon")
    node = next((c for c in fam.children if isinstance(c, Tree) and c.data in SUMMON_NODES), None)
    if node is None:
        st.fail("which Summon?", fam)
    return st.spec("negate-summon", {"negator": negator, "summon": _summon_said(st, fam, node)})


def build_summon_negatable(st: Situate, fam: Tree) -> dict:
    """"Can the Special Summon of X be negated?", "Is a Link Summon negatable?", "They Link
    Summon X. Can it be negated?": whether a card that negates Summons (of that kind) could
    negate it at all: a Summon of the situation (the one told last), a kind of Summon a player
    performs by the rules, or a Summon described (by a card's own text or by another's)."""
    if "negated" in low(fam) and not {"can", "could"} & set(low(fam)[:3]):
        # (hunt 56) "... I activate Solemn Strike. Is the Normal Summon negated?": what a told card
        # did (or, with none told, whether it was), not whether some card could
        st.fail("whether it was negated is asked, not whether it can be: ask 'Can X negate that "
                "Summon?' (X the card activated), or 'Can that Summon be negated?'", fam)
    node = next((c for c in fam.children if isinstance(c, Tree) and c.data in SUMMON_NODES), None)
    if node is not None and node.data == "summon_bare" and low(node)[0] in ("that", "the", "this"):
        node = None                 # "that Summon": the one told
    if node is None:
        # the Summon told last, or the one a link told to resolve made ("X resolves and they
        # Fusion Summon Y", "Monster Reborn resolves")
        told = summon_told_last(st) or (st.summons[-1] if st.summons else None) or \
            summon_of_resolved_link(st)
        if told is None:
            st.fail("which Summon? (tell it first: 'My opponent Link Summons X.')", fam)
        st.summon_made(told[0])     # a Summon an effect makes, asked about: that effect resolved
        return st.spec("summon-negatable", {"summon": told[0]})
    if node.data == "summon_bare":
        kind = st.r.summon_kind(node)
        if kind not in PERFORMED_KINDS:
            st.fail("which Summon? (name the monster, or tell the Summon first)", node)
        st._summon(kind, None, {"card": None, "text": f"a {kind.title()} Monster", "words": [],
                                "pronoun": False}, None)
        return st.spec("summon-negatable", {"summon": st.summons[-1][0]})
    performed = _performed_kind(node)
    cards = [st.db.get(st.r.card(t)).name for t in node.children if getattr(t, "type", "") == "XCARD"]
    if performed and node.data in ("summon_of", "summon_poss", "summon_being") and cards and \
            st.db.get(cards[0]).kind == "monster":
        # "Can the Synchro Summon of X be negated?": a Summon the player performs, never one
        # of X's own effects (the kind said is kept)
        card = st.db.get(cards[0])
        if performed in ("synchro", "xyz", "link", "pendulum") and \
                performed not in {str(t).lower() for t in card.subtypes}:
            st.fail(f"{card.name} is not a {performed.title()} Monster: it is not "
                    f"{performed.title()} Summoned", node)
        st._summon(performed, None, {"card": cards[0], "text": cards[0], "words": [],
                                     "pronoun": False}, None)
        return st.spec("summon-negatable", {"summon": st.summons[-1][0]})
    return st.spec("summon-negatable", {"summon": _summon_said(st, fam, node)})


def _performed_kind(node: Tree) -> str | None:
    """The kind of Summon a player performs by the rules said of a Summon ("the Xyz Summon of
    X"), or None."""
    kinds = {w for k in node.iter_subtrees() if k.data == "summon_kind" for w in low(k)}
    return next((k for k in PERFORMED_KINDS if k in kinds and k not in ("normal", "tribute")),
                None)


def _summon_said(st: Situate, fam: Tree, node: Tree) -> dict:
    """The Summon a question describes (nothing told): its kind, the monster, the effect that
    makes it, who makes it, and the Chain Link that effect resolved as, when said."""
    # a Tribute Summon is a Normal Summon (game-rules#summon-kinds.1)
    kinds = {w for k in node.iter_subtrees() if k.data == "summon_kind" for w in low(k)}
    kind = "normal" if kinds & {"normal", "tribute"} else "special"
    summon: dict = {"kind": kind}
    cards = [st.db.get(st.r.card(t)).name for t in node.children if getattr(t, "type", "") == "XCARD"]
    eff = next((c for c in node.children if isinstance(c, Tree) and c.data.startswith("eff_")), None)
    if node.data in ("summon_of", "summon_poss", "summon_being") and cards:
        if st.db.get(cards[0]).kind != "monster":
            # a Spell/Trap is not summoned: "X's Summon" is the Summon X's effect makes (one
            # whose text Special Summons nothing makes none: refused)
            if not any(f.type in ("clause", "clause_verb") and str(f.get("verb")).endswith("summon")
                       for f in st.reading(cards[0]).facts):
                st.fail(f"{cards[0]} is a {st.db.get(cards[0]).kind.capitalize()} Card and its "
                        "text Summons no monster: whose Summon is asked?", node)
            summon["card"] = "a monster"
            summon["by"] = {"card": cards[0], "select": "only"}
        else:
            summon["card"] = cards[0]
            said = kinds - {"normal", "tribute", "special"}
            if said and kind != "normal":
                # "the Fusion Summon of X": never read as a Summon by X's own effect
                st.fail(f"the {sorted(said)[0].title()} Summon of {cards[0]} is not made by its own "
                        f"effect: tell who performs it ('my opponent {sorted(said)[0].title()} "
                        f"Summons {cards[0]}')", node)
            card = st.db.get(cards[0])
            facts = st.reading(card.name).facts
            procedure = any(f.type == "procedure" for f in facts)
            if kind != "normal" and {"fusion", "synchro", "xyz", "link"} & set(card.subtypes) and \
                    not procedure:
                # (hunt 48) "the Special Summon of Linkuriboh (from the Extra Deck)": its Summon
                # by the rules (a Link Summon) or the one its own effect makes: never read as one
                # of them (neither is dropped); a monster Summoned by its own procedure (Contact
                # Fusion) is read by it
                kind_said = next(k for k in ("fusion", "synchro", "xyz", "link") if k in card.subtypes)
                own = any(f.type == "summons_self" for f in facts)
                st.fail(f"which Special Summon of {card.name}: its {kind_said.title()} Summon (tell "
                        f"who performs it: 'my opponent {kind_said.title()} Summons {card.name}')"
                        + (" or one its own effect makes ('by its own effect')?" if own else "?"),
                        node)
            if kind != "normal":     # a Normal Summon is done by the rules, not by an effect
                summon["by"] = {"card": cards[0], "select": "summons-self"}
    elif node.data in ("summon_by", "summon_using") and (eff is not None or cards):
        by = st.r.effect(eff) if eff is not None else {"card": cards[0]}
        card = st.db.get(by["card"]).name
        reading = st.reading(card)
        if reading.card.kind == "monster" and not any(
                f.type in ("clause", "clause_verb") and f.get("verb") in (
                    "special-summon", "fusion-summon", "synchro-summon", "xyz-summon",
                    "link-summon") for f in reading.facts):
            # (hunt 48) "a Special Summon by Black Luster Soldier": its text Special Summons
            # nothing ("You can Ritual Summon this card with ..." is the Ritual Spell's Summon)
            st.fail(f"{card}'s own effects Special Summon nothing: whose Summon is asked? (a "
                    "Ritual Summon is made by the Ritual Spell Card's effect)", node)
        performed = _performed_kind(node)
        # "the Link Summon made by the effect of X": a Special Summon of a monster of that kind
        summon["card"] = f"a {performed.title()} Monster" if performed in (
            "fusion", "synchro", "xyz", "link") else "a monster"
        if by.get("ord"):
            summon["by"] = {"card": card, "n": by["ord"]}
        elif eff is not None and eff.data in ("eff_of", "eff_poss"):
            summon["by"] = {"card": card, "select": "only"}
        else:
            summon["by"] = {"card": card, "select": "activation"}
    else:
        st.fail("whose Summon? ('the Special Summon of X' or 'a Special Summon by X')", node)
    poss = sub(node, "poss")
    whom = sub(fam, "by_whom")
    if whom is not None:
        said = _SUMMONER.get(st.r.player(sub(whom, "player")))
        if said is not None:
            summon["summoner"] = said
    elif poss is not None and st.r.player(poss) == "opponent":
        summon["summoner"] = "opponent"
    situation = sub(fam, "situation")
    for cond in (c.children[0] for c in (situation.children if situation is not None else [])
                 if isinstance(c, Tree) and c.data == "cond"):
        if cond.data != "cond_chain_link":
            st.fail(f"{st.r.said(cond)!r}: this question form reads only the Chain Link the "
                    "Summoning effect resolved as", cond)
        summon["chain_link"] = int(next(str(t) for t in cond.children
                                        if getattr(t, "type", "") == "XNUM"))
    return summon


def _cost_said_fits(st: Situate, fam: Tree, negator: dict) -> None:
    """"Can I send X to the GY to negate that Summon?": the action said is the negating effect's
    own cost (the way the player activates it); another action is refused, not read past."""
    said = sub(fam, "neg_cost")
    if said is None:
        return
    verb = st.r.action(sub(said, "act_verb"))
    found = st.effect_of(negator)
    if found is None:
        st.fail("which effect negates?", said)
    reading, eid = found
    costs = {f.get("verb") for f in reading.facts if f.type == "cost_action" and f.get("effect") == eid}
    if verb not in costs:
        st.fail(f"the cost of {negator.get('card')}'s effect is not to {verb} "
                f"({', '.join(sorted(c for c in costs if c)) or 'it has no cost'})", said)


def negate_told_summon(st: Situate, fam: Tree, neg: Tree, negator: dict, sid: str, ev: dict,
                       node: Tree, holder_said: bool = False) -> dict:
    """The spec of "can the negator negate Summon ``sid``", once the Summon is found: refused where
    who holds the negator, or who Summons, would be a guess; the window is open for a Summon told
    last."""
    said = st.r.player(sub(fam, "player")) if isinstance(fam, Tree) and \
        sub(fam, "player") is not None else None
    if "opponent" in (said, st.r.effect(neg).get("owner") if neg is not None else None):
        # "I Synchro Summon X. Can my opponent negate it with Y?": the rules read Y's "your
        # opponent" from the side of the player who holds it, the asker
        holder_unsaid(st, negator, "summon",
                      f"{negator.get('card')} answers only its controller's opponent's Summons: "
                      "ask it from the side of the player who holds it ('Can I negate ... with "
                      "it?')")
    if ev.get("player") == "you" and sid not in st.unsaid_summoner and not holder_said and \
            not _holder_said(st, fam, neg):
        # "I Link Summon X. Can Black Horn of Heaven negate it?": whose Black Horn is not said
        holder_unsaid(st, negator, "summon")
    st.summon_made(sid)
    if sid in st.unsaid_summoner:
        # whether "your opponent" Summons can decide a negation: never guess who Summoned,
        # unless the negating card's condition covers any player's Summon
        # (a negator told by its kind, "a counter trap", has no text to say whose Summons)
        reading = st.reading(negator["card"]) if negator.get("card") else None
        scopes = [f for f in reading.facts if f.type == "negation_scope" and
                  f.get("what") == "summon"] if reading is not None else []
        if not scopes or any(f.get("summoner") not in ("any", "opponent") for f in scopes):
            st.fail("who Summons it? ('the Synchro Summon of X by my opponent', or tell it: "
                    "'my opponent Synchro Summons X')", node)
        # any player's Summon: who does not change the answer; a card that answers only its
        # controller's opponent's Summons, held by the asker, can only ever be asked of those
        # (read so, and said in the restatement: "... by your opponent")
        ev["player"] = "opponent"
        if any(f.get("summoner") == "opponent" for f in scopes):
            st.unsaid_summoner.discard(sid)
    if ev.get("summon-kind") == "pendulum" and "count" not in ev and negator.get("card") and \
            ev.get("what") in st.entities and any(
            f.type == "summon_count_exactly" for f in st.reading(negator["card"]).facts):
        # "Can Black Horn of Heaven negate a Pendulum Summon?": a Pendulum Summon may be of
        # several monsters at once, and the card negates a Summon of a stated number only
        st.fail(f"how many monsters are Pendulum Summoned at once? ({negator['card']} negates a "
                "Summon of a stated number only: 'my opponent Pendulum Summons 2 monsters')", node)
    # a Summon told last is being performed: the Summon negation window is open
    last = st.events[-1] if st.events else None
    if last is ev and ("by" not in ev or sid in st.granted):
        ev["attempt"] = True
    return st.spec("negate-summon", {"negator": negator, "summon": sid})


def _summoner_said(st: Situate, ref: Tree) -> str | None:
    """Whose Summon a possessive says: "my opponent's Link Summon" (the opponent's: the asker
    negates it), "my (own) Link Summon" (the asker's: a bare "my" is refused before when the
    negating card answers only its controller's opponent); None for "your", "their"."""
    ws = low(ref)
    if "opponent's" in ws:
        return "opponent"
    if ws[:1] == ["my"]:        # "my own", or "my" when whose negating card it is does not matter
        return "you"
    return None


# Summons a player performs by the rules, never an effect's resolution (a Fusion or Ritual Summon
# is made by a card's effect, and a "Special Summon" may be either)
PERFORMED_KINDS = ("normal", "tribute", "flip", "synchro", "xyz", "link", "pendulum")


def _summon_to_come(st: Situate, node: Tree, negator: dict, kind: str) -> dict:
    """"My opponent activates Polymerization. Can I stop their Fusion Summon?": the Summon the
    activated card makes when it resolves; it is stopped by negating that Summon, or by
    negating the activation that makes it (either is enough)."""
    aid, ref = st.acts[-1]
    if not ref.get("card"):
        st.fail("which card makes that Summon?", node)
    reading = st.reading(ref["card"])
    eid = select_effect(reading, ref)
    if not any(f.get("effect") == eid and f.get("verb") == f"{kind}-summon"
               and f.type in ("clause", "clause_verb") for f in reading.facts):
        st.fail(f"{ref['card']} makes no {kind.title()} Summon (tell the Summon first)", node)
    act = next(e for e in st.events if e.get("id") == aid)
    before = [dict(e) for e in st.events]
    what = st.entity({"text": f"a {kind.title()} Monster", "words": [], "pronoun": False},
                     kind="monster")
    sid = f"s{len(st.summons) + 1}"
    act.setdefault("does", []).append({"action": "summoned", "id": sid, "what": what,
                                       "summon-kind": kind})
    st.events.append({"kind": "resolve"})
    st.summons.append((sid, {"summon-kind": kind, "by": aid}))
    check_activator(st, negator, aid, "you")
    spec = st.spec("negate-summon", {"negator": negator, "summon": sid})
    spec["or"] = [{"family": "negate-activation", "negator": negator, "activated": aid,
                   "situation": before}]
    return spec


def _activated_effect(st: Situate, target: dict, negator: dict, node: Tree) -> None:
    """(hunt) "My opponent controls a face-up Skill Drain. Can Solemn Judgment negate its
    effect?": "its" read as the negating card's own effect, or the activation of a Continuous
    Spell/Trap told face-up on the field (it resolved; its effect is never activated): refused,
    saying why."""
    if target.get("card") and target.get("card") == negator.get("card"):
        st.fail(f"whose effect? ('its' reads as {negator['card']} itself: name the card)", node)
    card = st.db.find(target["card"]) if target.get("card") else None
    if card is not None and card.kind in ("spell", "trap") and \
            {"continuous", "field", "equip"} & set(card.subtypes) and any(
                e.get("kind") == "state" and e.get("place") == "field" and e.get("what") == card.name
                and e.get("face") != "down" for e in st.events):
        st.fail(f"{card.name} is told on the field: its activation has resolved, and its effect "
                "applies without being activated, so there is no activation to negate (ask before "
                f"it resolves: 'My opponent activates {card.name}. Can I negate it with ...?')", node)


def _still_open(st: Situate, aid: str, negator: dict, node: Tree) -> None:
    """(hunt) "My opponent activates Pot of Greed. It resolves. Can I negate it with Solemn
    Judgment?", "... and then Normal Summons Sangan", "... and I chain Mystical Space Typhoon": a
    negation of an activation is chained to it while it is the last thing done
    (game-rules#chain.8); one told resolved, or followed by something else than the negator's
    own activation, is refused (no place for when the negation would be activated)."""
    act = next((e for e in st.events if e.get("id") == aid), None)
    if act is None:
        return
    for e in st.events[st.events.index(act) + 1:]:
        if e.get("kind") == "resolve" and e.get("of") in (None, aid):
            st.fail("it was told to resolve: an activation that resolved can no longer be negated "
                    "(ask before it resolves)", node)
        mine = e.get("kind") == "activate" and \
            (e.get("effect") or {}).get("card") == negator.get("card")
        # (session after d4101ba) "... I control Stardust Dragon.": the negator told where it is,
        # a state of the board, no act after the activation
        held = e.get("kind") == "state" and e.get("what") == negator.get("card")
        if not mine and not held and e.get("kind") != "negate":
            st.fail("something was told after that activation: a negation is chained to the "
                    "activation made last (ask right after it: 'My opponent activates X. Can I "
                    "negate it with Y?')", node)


def build_negate_activation(st: Situate, fam: Tree) -> dict:
    """"Can X negate (the activation of) Y?": Y named, or an activation told before."""
    effs = [t for t in fam.children if isinstance(t, Tree) and t.data.startswith("eff_")]
    act = sub(fam, "activated")
    inner = [t for t in act.children if isinstance(t, Tree) and t.data.startswith("eff_")] \
        if act is not None else []
    if not effs:
        st.fail("which card negates?", fam)
    if not inner:                           # "the activation of a Spell Card (that ...)"
        return _negate_generic(st, fam, effs[0], act)
    neg_ir = st.r.effect(effs[0])
    negator = st.effect_ref(neg_ir, hint=["negate"])
    # who holds the negating card: the asker unless the question says "my opponent's X"
    said = st.r.player(sub(fam, "player")) if sub(fam, "player") is not None else None
    holder = "opponent" if "opponent" in (neg_ir.get("owner"), said) else "you"
    ir = st.r.effect(inner[0])
    if ir["how"] == "eff_it":
        if not st.acts and st.summons and st.events and st.events[-1] is st.summons[-1][1]:
            # "My opponent Link Summons X. Can Black Horn of Heaven negate it?": that Summon
            sid, ev = st.summons[-1]
            return negate_told_summon(st, fam, effs[0], negator, sid, ev, act)
        if not st.acts:
            st.fail("negate what? (tell what was activated first)", act)
        told_by = next((e.get("player") for e in st.events if e.get("id") == st.acts[-1][0]), None)
        if told_by == "you" and not _holder_said(st, fam, effs[0]):
            # "I activate X. Can Dark Bribe negate it?": whose Dark Bribe is not said
            holder_unsaid(st, negator, "activation")
        check_activator(st, negator, st.acts[-1][0], holder)
        _still_open(st, st.acts[-1][0], negator, act)
        return st.spec("negate-activation", {"negator": negator, "activated": st.acts[-1][0]})
    owner = ir.get("owner") if ir.get("owner") in ("you", "opponent") else \
        st.r.player(sub(inner[0], "poss")) if sub(inner[0], "poss") is not None else None
    if owner == "you" and _plain_my(inner[0]) and not _holder_said(st, fam, effs[0]):
        # "Can Dark Bribe negate the activation of my Spell?": whose Dark Bribe is not said, and
        # the asker's card is more likely the one negated than the one negating
        holder_unsaid(st, negator, "activation")
    if ir["how"] == "eff_generic" and owner in ("you", "opponent"):
        # "the activation of my own Spell Card": a told activation, by that player
        aid = st._activate({"generic": ir["generic"]}, owner, {})
        check_activator(st, negator, aid, holder)
        return st.spec("negate-activation", {"negator": negator, "activated": aid})
    target = st.effect_ref(ir)
    refuse_a_part_said_not_activated(st, ir, target, inner[0],
                                     f"'... negate {target.get('card')}?'")
    told_summon = summon_told_last(st)
    if told_summon is not None and not st.acts and target.get("card") and \
            st.db.get(target["card"]).kind == "monster" and negates_summons(st, negator):
        # (hunt) "Can Solemn Warning negate Man-Eater Bug when it is Flip Summoned?": a card that
        # negates Summons, asked of the monster whose Summon is told: that Summon, of that monster
        sid, ev = told_summon
        if ev.get("what") in (None, target["card"]) or ev.get("what") in st.entities and \
                st.entities[ev["what"]].get("card") in (None, target["card"]):
            if isinstance(ev.get("what"), str) and ev["what"] in st.entities:
                st.entities[ev["what"]] = {**st.entities[ev["what"]], "card": target["card"]}
            else:
                ev["what"] = target["card"]
            return negate_told_summon(st, fam, effs[0], negator, sid, ev, act)
    _activated_effect(st, target, negator, act)
    told = st._find_act(target)
    if not told and owner in ("you", "opponent") and not target.get("generic"):
        told = st._activate(target, owner, {})     # "my opponent's Giant Trunade": by them
    if told:
        check_activator(st, negator, told, holder)
        _still_open(st, told, negator, act)
    elif holder != "you":
        holder_unsaid(st, negator, "activation",
                      f"who activates it? {negator.get('card')} answers only its controller's "
                      "opponent's activations ('the activation of my ...')")
    return st.spec("negate-activation", {"negator": negator,
                                         "activated": told if told else target})


def _negate_generic(st: Situate, fam: Tree, neg: Tree, act: Tree) -> dict:
    """"Can X negate the activation of a Spell Card (that cannot be destroyed by card effects)?":
    an activation of any card of that kind; what it cannot be is supposed (only "cannot be
    destroyed" is read: another action is refused, never dropped)."""
    summon_kinds_read(st)
    kind = next(w for w in low(act) if w in ("spell", "trap", "monster"))
    negator = _negator_named(st, neg, "negates-activation")
    spec = st.spec("negate-activation", {"negator": negator, "activated": {"generic": kind}})
    failed = sub(act, "failed_be")
    if failed is not None:
        verb = st.r.action(find(act, "act_verb"))
        if verb != "destroy" or low(failed)[0] not in ("cannot", "can't"):
            st.fail(f"a {kind.title()} Card that {st.r.said(failed)} {verb or 'done'}: this question "
                    "form reads one that cannot be destroyed", act)
        spec["suppose"] = [{"cannot_be_destroyed": {"card": f"a {kind.title()} Card"}}]
    return spec


NEGATED_KINDS = {"monster": ("monster", "any"), "spell": ("spell_trap", "spell", "any"),
                 "trap": ("spell_trap", "trap", "any")}


def negates_what_is_activated(st: Situate, fam: Tree) -> dict:
    """The effect is asked about at that point (can it be activated then?); negating what the
    question names is asked too, and taken as said only when it is the effect's own negation: it
    negates activations of that kind of card, by that player."""
    ref = st.effect_ref(st.r.effect(first_effect(fam)), hint=["negate"])
    by = sub(fam, "act_by")
    kind = "trap" if "trap" in low(by) else "spell" if "spell" in low(by) else "monster"
    player = st.r.player(sub(by, "player"))
    if player not in ("you", "opponent"):
        st.fail("who activates it? ('that my opponent activates')", by)
    st.events.append({"kind": "activate", "id": f"a{len(st.acts) + 1}", "effect": {"generic": kind},
                      "player": player})
    st.acts.append((st.events[-1]["id"], {"generic": kind}))
    for w in now_whens(fam):
        ph = sub(w, "phase")
        if ph is None:
            st.fail("at what point? ('during the Damage Step')", w)
        phase = st.r.phase(ph)
        turn = st.r.player(sub(w, "poss"))
        if turn not in ("you", "opponent"):
            # the Damage Step's rules are the same in either turn; another phase is read in each
            turn = "you" if phase == "damage-step" else \
                st.turn_of_phase(w, "during my opponent's Battle Phase")
        st.events.insert(len(st.events) - 1, {"kind": "phase", "phase": phase, "turn": turn})
    spec = st.spec("can-activate-now", {"effect": ref})
    reading = st.reading(ref["card"]) if ref.get("card") else None
    eid = select_effect(reading, ref) if reading is not None else None
    scopes = [f for f in (reading.facts if reading else []) if f.type == "negation_scope"
              and f.get("effect") == eid and f.get("what") == "activation"]
    text = next((e.text for e in reading.all_effects() if e.id == eid), "") if reading else ""
    asker = "you"                        # "Can X negate ...?": the asker's X
    whose = "your opponent" if player != asker else "you"
    own = any(f.get("kind") in NEGATED_KINDS[kind] for f in scopes) and \
        (not condition_says(text, "opponent-activates") or whose == "your opponent") and \
        (not condition_says(text, "you-activate") or whose == "you")
    if not own:
        spec["and"] = [{"family": "negate-activation", "negator": ref, "activated": st.acts[-1][0]}]
    return spec


def _plain_my(node: Tree) -> bool:
    """A reference owned by a bare "my" ("my Spell Card"), not "my own" nor "my opponent's"."""
    p = sub(node, "poss")
    return p is not None and low(p) == ["my"] and "own" not in low(node)


def _holder_said(st: Situate, fam: Tree, neg: Tree) -> bool:
    """Does the question say who holds the negating card: "Can I ...", "my own X", "my opponent's
    X"?"""
    if sub(neg, "poss") is not None:
        return True
    return any(isinstance(t, Tree) and t.data in ("player", "pre") for t in fam.children)


def holder_unsaid(st: Situate, negator: dict, what: str, why: str | None = None) -> None:
    """Refuse when the negating card answers only its controller's opponent ("When your opponent
    activates / would Summon ...") and the question does not say whose it is (or, ``why``,
    whose the negated thing is)."""
    found = st.effect_of(negator)
    if found is None:
        return
    reading, eid = found
    if any(f.type == "negation_scope" and f.get("effect") == eid and f.get("what") == what
           and f.get("summoner") == "opponent" for f in reading.facts):
        st.fail(why or f"whose {negator['card']}? It answers only its controller's opponent: say "
                f"'my opponent's {negator['card']}' or 'can I use my {negator['card']} ...'")


def check_activator(st: Situate, negator: dict, aid: str, responder: str) -> None:
    """A negation whose condition is "When your opponent activates ..." (the reader's
    ``negation_scope`` with ``summoner: opponent``): the rules compare the told activation's player
    with the asker, who holds the negating card.  Refuse when that comparison would be a guess: the
    activation was told with no player ("Monster Reborn is activated"), or the opponent is the one
    who responds (the told players are the asker's, not the responder's)."""
    if not negator.get("card"):
        return
    reading = st.reading(negator["card"])
    try:
        eid = select_effect(reading, negator)
    except QuestionError:   # several effects fit: the family itself lists them
        return
    if not any(f.type == "negation_scope" and f.get("effect") == eid and f.get("what") == "activation"
               and f.get("summoner") == "opponent" for f in reading.facts):
        return
    if aid in st.unsaid_activator:
        st.fail(f"who activated it? {negator['card']} answers only the opponent's activations "
                "('my opponent activates X')")
    if responder != "you":
        st.fail(f"{negator['card']} answers only its controller's opponent's activations: ask it "
                "from the side of the player who holds it ('Can I chain ...?')")


def summon_of_resolved_link(st: Situate) -> tuple[str, dict] | None:
    """(chains) The Summon a told link made when it resolved, when nothing else was told of it:
    the one link told to resolve whose effect Special Summons ("my opponent activates Monster
    Reborn. It resolves."), with no Summon told; None when none or several fit."""
    if st.summons:
        return None
    resolved = [i for i, e in enumerate(st.events) if e.get("kind") == "resolve"]
    if not resolved:
        return None
    acts = [e for e in st.events[:resolved[-1]] if e.get("kind") == "activate"]
    fits = []
    for act in acts:
        ref = act.get("effect") or {}
        if ref.get("card") and any(f.type in ("clause", "clause_verb") and
                                   f.get("verb") == "special-summon" for f in effect_facts(st, ref)):
            fits.append(act)
    if len(fits) != 1 or any(d.get("action") == "summoned" for d in fits[0].get("does") or []):
        return None
    act = fits[0]
    what = st.entity({"card": None, "text": "a monster", "words": ["monster"], "pronoun": False},
                     kind="monster")
    sid = f"s{len(st.summons) + 1}"
    act.setdefault("does", []).append({"action": "summoned", "id": sid, "what": what,
                                       "summon-kind": "by-effect"})
    ev = {"summon-kind": "by-effect", "by": act["id"]}
    st.summons.append((sid, ev))
    return sid, ev



def _made_by_a_resolved_link(st, summon: dict) -> None:
    """A Summon the story tells a link made ("uses it to Special Summon a Level 4 from hand") was
    made as that link resolved: with no resolution told, the link told last resolves then."""
    by = summon.get("by")
    if not by or not st.acts or st.acts[-1][0] != by:
        return
    if any(e.get("kind") == "resolve" and e.get("of") in (None, by) for e in st.events):
        return
    st.events.append({"kind": "resolve", "of": by})
