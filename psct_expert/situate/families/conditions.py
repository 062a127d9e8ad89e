"""A condition of the card checked at activation only, or "to activate and to resolve": "I activate
X while I control no monsters, and in response ... . Do I still Special Summon?"."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lark import Tree

from ...errors import QuestionError
from ...parser.transform import find
from ...reader.phrases import held_conditions
from ...reader.select import select_clause, select_effect
from ..words import EFF_PARTS, norm_words

if TYPE_CHECKING:
    from ..told import Situate


def card_conditions(text: str) -> list[dict]:
    """The text's conditions on what a player controls or has (read by the reader), their things
    in the question's plain words."""
    return [{**c, "words": norm_words(c["words"])} for c in held_conditions(text)]


GENERIC_NOUNS = {"monster", "card"}


def same_things(told: list[str], card: list[str]) -> bool:
    a, b = set(norm_words(told)), set(card)
    return bool(a - GENERIC_NOUNS or b == a) and a - GENERIC_NOUNS <= b and b - GENERIC_NOUNS <= a


def build_held(st: Situate, fam: Tree, q: Tree) -> dict:
    held = st.held[-1]
    act = next((e for e in st.events if e.get("id") == held["act"]), None)
    if act is None or act.get("kind") != "activate":
        st.fail(f"{held['text']!r}: when what is activated?", q)
    player = held["player"] or act["player"]
    if player != act["player"]:
        st.fail("whose cards are counted? (the player who activates the effect)", q)
    ref = act["effect"]
    by = [t for t in q.iter_subtrees_topdown() if t.data.startswith("eff_")
          and t.data not in EFF_PARTS]
    if by and st.effect_ref(st.r.effect(by[0])).get("card") != ref.get("card"):
        st.fail("the question asks about another effect than the one activated with that "
                "condition", q)
    reading = st.reading(ref["card"])
    eid = select_effect(reading, ref)
    text = next(e.text for e in reading.all_effects() if e.id == eid)
    own = [e for e in reading.effects if e.n > 0]
    if not text.strip() and ref.get("select") == "activation" and len(own) == 1:
        # "I activate X's effect" of a Continuous Spell/Trap: its effect, not the card's activation
        ref = act["effect"] = {"card": ref["card"], "n": own[0].n}
        eid, text = own[0].id, own[0].text
    conds = [c for c in card_conditions(text) if same_things(held["words"], c["words"])]
    if len(conds) != 1:
        st.fail(f"{ref['card']} states no condition about {held['text']!r}", q)
    cond = conds[0]
    quant = held["quant"]
    if (cond["need"] == "no") != (quant == "no") or \
            (quant != "no" and (quant < cond["need"] if cond["at_least"] else quant != cond["need"])):
        st.fail(f"with {held['text']!r} the effect could not be activated ({cond['text']!r})", q)
    verb = st.r.action(find(q, "act_verb"))
    try:
        if verb is not None or "resolve" not in [str(t).lower() for t in q.scan_values(
                lambda v: isinstance(v, str))]:
            select_clause(reading, eid, verb)      # ("does it still resolve?" asks of no part)
    except QuestionError:
        bullets = {f.get("verb") for f in reading.facts if f.type == "clause"
                   and str(f.get("effect", "")).startswith(eid + ".")}
        if verb not in bullets:
            st.fail(f"{ref['card']} has no part that does {verb!r}", q)
    changes = st.held_changes
    if not changes:
        st.fail("what changed before it resolved? (tell it: 'in response my opponent destroys "
                "one')", q)
    if cond["resolve"]:
        if quant == "no":
            # "no monsters", "no face-up cards", "no monsters in my Main Monster Zone": a monster
            # Summoned breaks it; any other "no X" only by what is told to be controlled then
            plain = set(cond["words"]) <= GENERIC_NOUNS | {"face-up", "my", "main", "zone"}
            unmet = any(c["kind"] == "gained" and c["player"] == player and (
                (plain and "monster" in norm_words(c["words"])) or
                same_things(c["words"], cond["words"])) for c in changes)
        else:
            left = quant - sum(c.get("n", 0) for c in changes if c["kind"] == "removed")
            unmet = left < cond["need"] if cond["at_least"] else left != cond["need"]
        if not unmet:
            st.fail(f"after that, {cond['text']!r} still holds: ask whether the effect "
                    "resolves as usual", q)
        return {"family": "resolves", "effect": ref, "suppose": [{"requirement_unmet": {}}]}
    if not any(f.type == "activation_condition" and f.get("effect") == eid for f in reading.facts):
        st.fail(f"the reader does not read {cond['text']!r} as a condition to activate", q)
    if not st.events or st.events[-1].get("kind") != "resolve":
        st.events.append({"kind": "resolve"})
    spec = st.spec("resolves", {"effect": ref})
    topics = {f.get("topic") for f in reading.facts if f.type == "activation_condition"
              and f.get("effect") == eid}
    said = set(norm_words(held["words"])) | {"gy" if w == "graveyard" else w
                                             for w in norm_words(held["words"])}
    if cond["verb"] == "control":
        said.add("field")         # what a player controls is on the field
    if len(topics) == 1 and next(iter(topics)) in said:
        # "... with exactly 3 cards in my hand; my opponent destroys one in response": what the
        # condition looks at changed before it resolved (it is checked at activation only)
        spec.setdefault("suppose", []).append({"changed": {"topic": next(iter(topics))}})
    return spec
