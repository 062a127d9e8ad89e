"""What every family builder shares: the parse tree's first effect, the actions a described card's
relative clause names, who asks, :class:`OldForm` (a wording the supposition builder reads) and
:func:`reads_scenario` (a builder that takes ``-e`` scenario lines)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lark import Tree

from ...parser.transform import low, sub
from ...reader.phrases import names_another_side, part_side
from ..refs import part_quotes

if TYPE_CHECKING:
    from ..told import Situate


def reads_scenario(build):
    """Marks a tree builder that takes a question with ``-e`` scenario lines: the scenario's
    suppositions are added to what it builds (:func:`psct_expert.resolve.resolve_question`).
    Other builders' questions with scenario lines are refused (``clause-done``'s are read by
    :mod:`.supposing`)."""
    build.reads_scenario = True
    return build


class OldForm(Exception):
    """The question has the shape of a supposition question ("If ..., is it still ...?"): read by
    :mod:`.supposing` as ``clause-done``."""


def first_effect(node: Tree) -> Tree:
    return next(ch for ch in node.children if isinstance(ch, Tree) and ch.data.startswith("eff_"))


def rel_verbs(st: Situate, node: Tree | None) -> list[str]:
    """The actions a described card's relative clause names ("the card it destroys")."""
    if node is None:
        return []
    out = []
    for rel in node.iter_subtrees_topdown():
        if rel.data == "thing_rel":
            out += [v for v in (st.r.action(t) for t in rel.iter_subtrees_topdown()
                                if t.data == "act_verb") if v]
    return out


def asker_of(st: Situate, fam: Tree) -> str:
    """Who activates in "Can I activate X ...?" (the asker unless a player is named)."""
    p = sub(fam, "player")
    who = st.r.player(p) if p is not None else "you"
    return who if who in ("you", "opponent") else "you"


def poss_of(st: Situate, fam: Tree, poss: Tree | None) -> str | None:
    """Whose a possessive says, in a question whose subject is named ("Can Player A activate X
    from their hand?"): "their", "his" or "her" after a player named in the third person is that
    player's; any other possessive is read as it is said ("my", "my opponent's")."""
    if poss is None:
        return None
    p = sub(fam, "player")
    if p is not None and low(p)[:1] == ["player"] and low(poss) in (["their"], ["his"], ["her"]):
        return asker_of(st, fam)
    return st.r.player(poss)


def told_form(pq) -> bool:
    """Does the question tell its situation (a story before it, a player, "after ...", a Summon
    told by its kind) rather than describe the thing asked about ("the Special Summon of X by
    Y")?  ``negate-summon`` and ``clause-done`` read the two kinds differently."""
    told = any(getattr(t, "data", "") == "lead" for t in pq.tree.children)
    # (a kind said of a Summon a card's effect makes, "a Fusion Summon using X", is carried by
    # that effect: it tells nothing)
    carried = {id(k) for u in pq.tree.iter_subtrees() if u.data == "summon_using"
               for k in u.iter_subtrees()}
    # (hunt 114) "the Tribute Summon made by the effect of X": a Tribute Summon is a Normal Summon,
    # which an effect may make; any other kind said of it is told (never dropped)
    carried |= {id(k) for u in pq.tree.iter_subtrees() if u.data == "summon_by"
                for k in u.iter_subtrees() if k.data == "summon_kind" and
                " ".join(str(w) for w in k.children).lower() == "tribute"}
    kinds = {" ".join(str(w) for w in k.children).lower() for k in pq.tree.iter_subtrees()
             if k.data == "summon_kind" and id(k) not in carried}
    fam = next(t for t in pq.tree.iter_subtrees_topdown() if str(t.data).startswith("fam_")
               and t.data != "fam_body")
    return told or any(getattr(k, "data", "") in ("summon_ref", "player", "pre")
                       for k in fam.children) or bool(kinds - {"special", "normal"}) or \
        any(getattr(k, "data", "") == "summon_bare" and not list(k.scan_values(
            lambda v: getattr(v, "type", "") == "XCARD")) and kinds and "special" not in kinds
            for k in fam.children)


# the kinds of Summon the families over the card text read ("a Fusion Summon using X" is X's
# effect, its kind carried by the effect)
READ_KINDS = {"special", "normal", "contact fusion"}


def summon_kinds_read(st: Situate) -> None:
    """Refuses a Summon of a kind the family cannot ask about ("the Synchro Summon of X" is never
    read as if "Synchro" were not there)."""
    tree = st.pq.tree
    carried = {id(k) for u in tree.iter_subtrees() if u.data == "summon_using"
               for k in u.iter_subtrees() if k.data == "summon_kind"}
    for k in tree.iter_subtrees():
        if k.data != "summon_kind" or id(k) in carried:
            continue
        word = " ".join(str(t) for t in k.children).lower()
        if word not in READ_KINDS:
            from ...errors import QuestionError
            raise QuestionError(f"could not understand the question: a {word.title()} Summon is a "
                                "kind of Summon this question form cannot ask about yet (it reads "
                                "Special and Normal Summons)", understood=st.understood,
                                unplaced=word)


def refuse_a_part_said_not_activated(st: Situate, ir: dict, ref: dict, node: Tree,
                                     ask: str) -> None:
    """(hunt) "Can Solemn Judgment negate Pot of Desires's banish?", "Does Maxx "C"'s draw start
    a Chain?": an effect said by its cost, or by a part it leaves to apply later, is refused,
    naming it and the question to ask instead (``ask``)."""
    from ..refs import part_said_not_activated
    found = st.effect_of(ref) if ref.get("card") else None
    why = part_said_not_activated(found[0], found[1], ir.get("desc")) if found else None
    if why:
        st.fail(f"{ref['card']}: {why}; ask about the effect ({ask})", node)


def on_field_for(st: Situate, card: str | None) -> str | None:
    """The player on whose field the story last put the card ``card``: told controlled by that
    player ("My opponent controls X"), or Special Summoned by that player's effect, whose Summon
    part names no other side ("to your opponent's field"), with nothing told after it that moves
    it or changes its control.  None otherwise."""
    if not card:
        return None
    found = None
    for i, e in enumerate(st.events):
        if e.get("kind") == "activate" and e.get("player") in ("you", "opponent") and any(
                d.get("action") == "summoned" and d.get("what") == card for d in e.get("does") or []):
            found = i, e
        elif e.get("kind") == "state" and e.get("place") == "field" and e.get("what") == card \
                and e.get("player") in ("you", "opponent"):
            found = i, e        # (hunt 36) "My opponent controls X": told on their field
    if found is None:
        return None
    i, e = found
    if e.get("kind") == "activate":
        quotes = part_quotes(st.effect_of(e["effect"]) if e["effect"].get("card") else None,
                             "special-summon")
        if not quotes or any(names_another_side(q) or part_side(q) == "other" for q in quotes):
            return None
    for later in st.events[i + 1:]:
        # (the event itself too: a later Summon or state of the card tells it again)
        if later.get("kind") in ("control", "take-control") or told_of(st, later, card):
            return None
    return e["player"]


def told_of(st, event: dict, card: str) -> bool:
    """Does the told ``event`` (itself, what it does or its cost) name ``card``, by name or by an
    entity of that card?"""
    steps = [event] + (event.get("does") or []) + (event.get("cost") or [])
    return any(isinstance(w := d.get("what"), str) and
               (w == card or st.entities.get(w, {}).get("card") == card) for d in steps)


def _activated_off_field(st: Situate, ref: dict) -> bool:
    """Is the effect ``ref`` one its card activates off the field (its text says from the hand or
    GY: "discard this card", "banish this card from your GY")?  A copy there is another card than
    one told on a field."""
    found = st.effect_of(ref) if ref.get("card") else None
    return found is not None and any(
        f.type in ("activated_in_said", "cost_moves_self") and f.get("effect") == found[1]
        and f.get("place") in ("hand", "gy", "banished") for f in found[0].facts)


def field_holder(st: Situate, ref: dict) -> str | None:
    """Who activates the monster effect ``ref`` on the field, as the story tells it: the player on
    whose field it put the card (:func:`on_field_for`); None for a card not a monster, an effect
    activated off the field (another copy), or a card the story put on no field."""
    card = ref.get("card")
    if not card or st.db.get(card).kind != "monster" or _activated_off_field(st, ref):
        return None
    return on_field_for(st, card)


def other_players_spell_trap(st, ref: dict, asker: str) -> str | None:
    """The other player, when the Spell/Trap ``ref`` asks about is told on that player's field
    (:func:`on_field_for`) and no copy of the asker's is told anywhere (a state or a Set of theirs);
    None otherwise (a monster: :func:`field_holder`)."""
    card = ref.get("card")
    if not card or asker not in ("you", "opponent") or st.db.get(card).kind not in ("spell", "trap"):
        return None
    holder = on_field_for(st, card)
    if holder is None or holder == asker:
        return None
    if any(e.get("what") == card and e.get("player") == asker for e in st.events) or \
            (card, asker) in st.set_this_turn:
        return None
    return holder


def told_only_in_hand(st, card: str | None, player: str) -> bool:
    """(hunt 132d) Is ``card`` told in ``player``'s hand ("I have X in my hand", "X is in my
    hand"), with nothing told after that moves it, and no copy of that player's told on the field,
    Set, or activated?  Then an activation of it asked of that player is from the hand."""
    if not card or player not in ("you", "opponent"):
        return False
    at = None
    for i, e in enumerate(st.events):
        what = e.get("what")
        named = st.entities.get(what, {}).get("card") if isinstance(what, str) else None
        if e.get("kind") == "state" and e.get("player") == player and (named == card or what == card):
            at = i if e.get("place") == "hand" else None
    if at is None and any(ent.get("card") == card and ent.get("place") == "hand" and
                          ent.get("controller") == player for ent in st.entities.values()) and \
            not any(e.get("kind") == "state" and e.get("what") == card for e in st.events):
        at = -1                 # "X is in my hand": an entity told there, and no state says else
    if at is None or (card, player) in st.set_this_turn:
        return False
    return not any(told_of(st, later, card) or later.get("kind") == "activate" and
                   (later.get("effect") or {}).get("card") == card for later in st.events[at + 1:])


def refuse_other_players_spell_trap(st, card: str, holder: str, node) -> None:
    """(hunt 76) Refuse asking to activate a Spell/Trap told only on the other player's field."""
    st.fail(f"{card} is on {possessive_of(holder)} field, as the story tells it, and no copy of yours "
            "is told: a card is activated by the player who controls it; ask from that player's "
            "side, or tell where your own copy is", node)


def possessive_of(player: str) -> str:
    """"your opponent's" or "your": whose a card or a field is, said to the asker."""
    return "your opponent's" if player == "opponent" else "your"


def effect_facts(st, ref: dict) -> list:
    """The facts of the effect ``ref`` asks about ([] when none is found); activating a
    Spell/Trap Card (its effect #0) does what its effect #1 does, so #0 brings #1's facts too."""
    found = st.effect_of(ref) if ref else None
    if found is None:
        return []
    reading, eid = found
    eids = (eid, eid[:-1] + "1") if eid.endswith("#0") else (eid,)
    return [f for f in reading.facts if f.get("effect") in eids]


def refuse_other_players_card(st, card: str, owner: str, node) -> None:
    """Refuse asking to activate a card's effect from the side of the player who does not own
    it, as the story tells it: a card's effects are its own player's to activate."""
    st.fail(f"{card} is {possessive_of(owner)} card, as the story tells it (said, or by what was "
            "done to it): its effects are activated by its own player; ask from that player's "
            "side", node)


def told_steps(e: dict) -> list[dict]:
    """What a told event did to cards: the move itself, or what an activation did and paid."""
    return [e] if e.get("kind") == "move" else (e.get("does") or []) + (e.get("cost") or [])


def still_the_turn_it_was_set(st, ref: dict, setter: str) -> bool:
    """The card of ``ref`` was told Set by ``setter`` this turn, and the story is still in that
    turn: a phase told after the Set of that turn, or of no turn said, is still that turn; only a
    phase of the other player's turn told after it is a later turn."""
    if (ref.get("card"), setter) not in st.set_this_turn:
        return False
    at = st.set_told_at.get((ref.get("card"), setter), 0)
    # the turn the card was Set in: the turn of the phase told last before the Set (an effect may
    # Set a card in the other player's turn), else its player's own turn
    set_turn = next((e["turn"] for e in reversed(st.events[:at]) if e.get("kind") == "phase"
                     and e.get("turn") in ("you", "opponent")), setter)
    if any(e.get("kind") == "phase" and e.get("turn") not in (set_turn, "any")
           for e in st.events[at:]):
        return False
    other = {"you": "opponent", "opponent": "you"}.get(set_turn)
    later = [e for e in st.events[at:] if _only_in_the_turn_of(st, e) == other]
    if later:
        # (hunt 89) "I Set Mirror Force in my Main Phase 2. My opponent's monster declares an
        # attack.": an attack, a Normal Summon or a Spell Speed 1 Spell of the other player's
        # happens only in their own turn, a later one than the Set
        if any(e.get("kind") == "phase" and e.get("turn") == set_turn for e in st.events[:at + 1]):
            st.fail("the phase told with the Set is of one turn and what follows of the other "
                    "player's: tell the turn it is now ('It is my opponent's turn.')")
        return False
    return True


def _only_in_the_turn_of(st, e: dict) -> str | None:
    """The player in whose own turn a told event can only happen (an attack, a Normal, Tribute
    or Flip Summon, a Spell Speed 1 Spell activated), else None."""
    if e.get("kind") == "attack":
        return (st.entities.get(e.get("what")) or {}).get("controller")
    if e.get("kind") == "summon" and e.get("summon-kind") in ("normal", "tribute", "flip"):
        return e.get("player")
    if e.get("kind") == "activate" and not e.get("respond"):
        card = (e.get("effect") or {}).get("card")
        c = st.db.get(card) if card else None
        if c is not None and c.kind == "spell" and \
                set(c.subtypes or ()) & {"normal", "field", "equip", "continuous", "ritual"}:
            return e.get("player")
    return None
