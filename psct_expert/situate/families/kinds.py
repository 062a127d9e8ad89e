"""What kind of effect the card text makes, read from the parse tree: ``quick`` (is it a Quick
Effect?), ``has-quick`` (does the card have one?), ``bullets-in-sequence`` and
``bullets-simultaneous`` (how its bulleted effects are applied), ``inherent-summon`` (is a
Special Summon the card's own procedure?), ``gets-effect`` (does its
trigger happen when it is used for another card's Summon or effect).  These families ask about the card text alone; a told story does not change the
answer, and ``-e`` scenario lines add their suppositions (:func:`reads_scenario`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lark import Token, Tree

from ...errors import QuestionError
from ...parser.names import ORDINALS
from ...parser.transform import low, sub
from ...reader.phrases import names_place
from ...reader.select import select_effect
from .common import first_effect, reads_scenario, summon_kinds_read

if TYPE_CHECKING:
    from ..told import Situate


@reads_scenario
def build_one_effect(st: Situate, fam: Tree) -> dict:
    """A family whose one slot is the effect its rule names: "Is the second effect of X a Quick
    Effect?" (``quick``; any family of that shape can name this builder)."""
    summon_kinds_read(st)
    return st.spec(st.pq.family, {"effect": st.effect_ref(st.r.effect(first_effect(fam)))})


def build_limit_kind(st: Situate, fam: Tree) -> dict:
    """"Is X a hard once per turn?", "Is X's effect a soft OPT?": which kind its limit is."""
    summon_kinds_read(st)
    limit = low(sub(fam, "limit_word"))[0]
    return st.spec("limit-kind", {"effect": st.effect_ref(st.r.effect(first_effect(fam))),
                                  "limit": limit})


def build_limit_resets(st: Situate, fam: Tree) -> dict:
    """"Does X's once per turn reset if it is flipped face-down (and comes back)?": whether its
    limit is its copy's own (a soft one starts again) or the player's (a hard one does not)."""
    summon_kinds_read(st)
    subj = sub(fam, "reset_subj")
    effs = [t for t in subj.children if isinstance(t, Tree) and t.data.startswith("eff_")]
    if effs:
        ir = st.r.effect(effs[0])
    else:
        card = st.r.card(next(t for t in subj.children if getattr(t, "type", "") == "XCARD"))
        ir = {"how": "eff_poss", "card": card, "ord": None, "desc": ["once per turn"],
              "quote": None, "rel": None, "text": st.r.said(subj)}
    return st.spec("limit-resets", {"effect": st.effect_ref(ir)})


def _card(st: Situate, fam: Tree) -> str:
    """The card the family's rule names (its first card word)."""
    tok = next(t for t in fam.scan_values(lambda v: getattr(v, "type", "") == "XCARD"))
    return st.db.get(st.r.card(tok)).name


@reads_scenario
def build_has_quick(st: Situate, fam: Tree) -> dict:
    """"Does X have a Quick Effect?"."""
    summon_kinds_read(st)
    return st.spec("has-quick", {"card": _card(st, fam)})


@reads_scenario
def build_bullets(st: Situate, fam: Tree) -> dict:
    """"Are the effects of X applied in sequence / simultaneously?": its bulleted effect."""
    summon_kinds_read(st)
    return st.spec(st.pq.family, {"effect": {"card": _card(st, fam), "select": "bullets"}})


@reads_scenario
def build_gets_effect(st: Situate, fam: Tree) -> dict:
    """"Does X get its second effect when it is discarded to Special Summon Y from the hand?": that
    effect of X, and Y's own Summon (or Y's effect when no Summon is said)."""
    summon_kinds_read(st)
    cards = [st.db.get(st.r.card(t)).name for t in fam.scan_values(
        lambda v: getattr(v, "type", "") == "XCARD")]
    other = [c for c in cards if c != cards[0]]
    if not other:
        st.fail("used for which other card's effect or Summon?", fam)
    said = any("summon" in w for w in low(fam))
    cause = {"card": other[0], "select": "summons-self" if said else "only"}
    n = ORDINALS[low(sub(fam, "ord"))[0]]
    return st.spec("gets-effect", {"effect": {"card": cards[0], "n": n}, "cause": cause})


OWN_PLACES = {"deck", "gy", "hand", "extra-deck", "banished"}


@reads_scenario
def build_inherent_summon(st: Situate, fam: Tree) -> dict:
    """"Is the Special Summon of X from the hand an inherent Special Summon?": X's own way of
    Special Summoning itself (or the effect named by its number); the kind of Summon and the
    place said must be that procedure's, or the question is refused (never dropped)."""
    summon_kinds_read(st)
    node = next(c for c in fam.children if isinstance(c, Tree) and c.data.startswith("summon_"))
    eff = next((c for c in node.children if isinstance(c, Tree) and c.data.startswith("eff_")),
               None)
    said = st.r.effect(eff) if eff is not None else None
    card = st.db.get(said["card"] if said and said.get("card") else st.r.card(next(
        node.scan_values(lambda v: getattr(v, "type", "") == "XCARD"))))
    ref = {"card": card.name, "n": said["ord"]} if said and said.get("ord") else \
        {"card": card.name, "select": "summons-self"}
    for k in node.iter_subtrees():
        if k.data == "summon_kind" and low(k) == ["normal"]:
            after = node.children[node.children.index(k) + 1:] if k in node.children else []
            word = next((str(t) for t in after if isinstance(t, Token)), "Summon")
            said = st.r.said(k) + " " + word
            raise QuestionError("could not understand the question: a Normal Summon is no Special "
                                "Summon", understood=st.understood, unplaced=said)
    where = sub(node, "sum_from")
    place = st.r.place(where)
    if place in OWN_PLACES:
        reading = st.reading(card.name)
        try:
            eid = select_effect(reading, ref)
        except QuestionError:
            eid = None
        text = next((e.text for e in reading.all_effects() if e.id == eid), "")
        if eid is not None and not names_place(text, place):
            st.fail(f"{card.name}'s own Special Summon is not made {st.r.said(where)!r}: "
                    f"{text[:90]!r}", where)
    return st.spec("inherent-summon", {"effect": ref})
