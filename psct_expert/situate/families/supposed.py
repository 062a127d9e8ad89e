"""What a question supposes ("Does X resolve if ...?", "Can X be activated while ...?"), read from
the parse tree's ``situation`` (its ``cond_*`` clauses, psct_expert/parser/question.lark) into the
spec's ``suppose`` items: a part that fails, what a player controls, a card face-up on the field,
the card itself no longer face-up, a count in the hand or GY that changed, a Token targeted, a
card discarded by a player's card effect.  ``can-activate`` and the supposition form of
``resolves`` are built here."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lark import Tree

from ...parser.transform import low, sub
from .common import first_effect, reads_scenario, summon_kinds_read

if TYPE_CHECKING:
    from ..told import Situate

# what "controls ..." names: a card of any kind, or a Spell/Trap
_ANY_CARD = {("a", "card"), ("any", "card"), ("one", "card"), ("1", "card"), ("a", "monster"),
             ("any", "monster"), ("one", "monster"), ("1", "monster")}
_SPELL_TRAP = {("a", "spell/trap"), ("a", "spell"), ("a", "trap"), ("a", "spell", "card"),
               ("a", "trap", "card"), ("a", "spell/trap", "card")}
_OWN = {"own", "owner's", "controller's", "your"}


def _cards(st: Situate, node: Tree) -> list[str]:
    return [st.db.get(st.r.card(t)).name for t in node.scan_values(
        lambda v: getattr(v, "type", "") == "XCARD")]


def _failed(st: Situate, cond: Tree) -> list[dict]:
    """"X cannot be Special Summoned", "the effect of X does not destroy", "X returns no cards":
    that part of the effect fails."""
    act = sub(cond, "v_action")
    verb = st.r.action(sub(act, "act_verb") if act is not None else None)
    return [{"fails": {"part": verb}}] if verb else []


def supposed(st: Situate, situation: Tree | None, card: str) -> list[dict]:
    """The suppose items of a ``situation`` for the effect of ``card``."""
    out: list[dict] = []
    gone = False
    for cond in (c.children[0] for c in (situation.children if situation is not None else [])
                 if isinstance(c, Tree) and c.data == "cond"):
        kind = cond.data
        if kind in ("failed_passive", "failed_active", "failed_none"):
            out += _failed(st, cond)
        elif kind == "cond_controls":
            if st.r.player(sub(cond, "player")) not in ("controller", "you"):
                # (the regex reading took any player's cards for its controller's)
                st.fail(f"{st.r.said(cond)!r}: this question form reads what the effect's "
                        "controller controls ('while its controller controls ...')", cond)
            thing = tuple(low(sub(cond, "thing")))
            if thing in _SPELL_TRAP:
                out.append({"controls": {"what": "spell-trap"}})
            elif thing in _ANY_CARD:
                out.append({"controls": {"what": "card"}})
        elif kind == "cond_in_play":
            other = [c for c in _cards(st, cond) if c != card]
            out += [{"in_play": {"card": c}} for c in other]
        elif kind == "cond_targeting_token":
            out.append({"token_target": {"target": "a Token"}})
        elif kind == "cond_hand_count":
            poss = sub(cond, "poss")
            if poss is None or low(poss)[0] in ("their", "his", "her"):
                out.append({"changed": {"topic": "hand"}})
        elif kind == "cond_gy_count":
            out.append({"changed": {"topic": "graveyard"}})
        elif kind == "cond_discarded_by":
            whose = low(cond)
            by = "opponent" if "opponent's" in whose else "you" if _OWN & set(whose) else None
            if by is not None:
                out.insert(0, {"event": {"event": "discarded-by-effect", "by": by}})
        elif kind == "cond_self_gone":
            gone = True
    return out + ([{"self_not_face_up": {}}] if gone else [])


def _effect(st: Situate, fam: Tree, family: str) -> dict:
    """The effect asked about: "X" or "the effect of X" is the card's one effect (its activation
    for a Spell/Trap asked whether it resolves), else the effect the words name."""
    node = first_effect(fam)
    ref = st.r.effect(node)
    if node.data in ("eff_of", "eff_poss", "eff_card") and ref.get("card") and \
            not any(ref.get(k) for k in ("ord", "desc", "quote", "rel", "kind_said")):
        card = st.db.get(ref["card"])
        if family == "resolves" and card.kind in ("spell", "trap"):
            return {"card": card.name, "n": 0}
        return {"card": card.name, "select": "only"}
    eref = st.effect_ref(ref)
    if family == "resolves" and eref.get("select") == "activation" and \
            st.db.get(eref["card"]).kind in ("spell", "trap"):
        return {"card": eref["card"], "n": 0}
    return eref


def build_supposed(st: Situate, fam: Tree, family: str) -> dict:
    """"Does X resolve if ...?", "Can X be activated while ...?": the effect, and what the
    question supposes (one thing at least, or it is refused: the question would not ask)."""
    summon_kinds_read(st)
    ref = _effect(st, fam, family)
    if st.events and all(e.get("kind") == "activate" and (e.get("effect") or {}).get("card") ==
                         ref.get("card") for e in st.events):
        # "I activate X. Does X resolve if ...?": the story says only that X was activated, which
        # the question supposes anyway (the situation would leave its Chain unsaid)
        st.events.clear()
    situation = sub(fam, "situation")
    if not ref.get("card"):
        # "does their Normal Spell still resolve if ...?": this form reads a card named
        st.fail("which card? (name the card whose effect is asked about)", first_effect(fam))
    sup = supposed(st, situation, ref["card"])
    thing = sub(fam, "thing")
    if thing is not None and low(thing) == ["a", "token"]:     # "... activated targeting a Token"
        sup.append({"token_target": {"target": "a Token"}})
    if not sup and not st.pq.scenario.suppose:
        st.fail("say what is different: 'while its controller controls a card', "
                "'if X is no longer face-up on the field when it resolves', ...", situation)
    return st.spec(family, {"effect": ref, **({"suppose": sup} if sup else {})})


@reads_scenario
def build_can_activate(st: Situate, fam: Tree) -> dict:
    """"Can the effect of X be activated while its controller controls a card?"."""
    return build_supposed(st, fam, "can-activate")
