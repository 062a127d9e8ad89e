"""Battle: a monster declared an attack this turn (its attack may have been negated); can it declare
another one this turn (``attack-again``, game-rules#battle.3, #battle.9)?  Can a monster attack
directly while the opponent controls a monster (``attack-directly``, game-rules#battle.3)?  Does what
was told after an attack declaration make a replay happen (``replay``, game-rules#battle.5, .6, .8)?"""

from __future__ import annotations

from ... import kre as re

from typing import TYPE_CHECKING

from lark import Tree

from ...parser.transform import low, sub

if TYPE_CHECKING:
    from ..told import Situate


def _xcards(node: Tree) -> list:
    return list(node.scan_values(lambda v: getattr(v, "type", "") == "XCARD"))


def build_attack_again(st: Situate, fam: Tree) -> dict:
    attacks = [e for e in st.events if e["kind"] == "attack"]
    if not attacks:
        st.fail("which monster attacked? (tell it first: 'My X attacks')", fam)
    # the monster named in each told attack declaration ("My Blue-Eyes White Dragon attacks"),
    # in the order told (the declaration records only whose monster it is)
    told = [_xcards(n) for n in st.pq.tree.iter_subtrees_topdown() if n.data == "ev_attack"]
    attack = attacks[-1]
    eid = attack["what"]
    ent = st.entities.get(eid, {})
    named = told[len(attacks) - 1] if len(told) == len(attacks) else []
    card = st.db.get(st.r.card(named[0])).name if named else ent.get("card")
    who = sub(fam, "atk_who")
    asked = _xcards(who)
    if asked:
        asked_card = st.db.get(st.r.card(asked[0])).name
        if card is not None and asked_card != card:
            st.fail(f"{asked_card} is not the monster told to attack ({card})", who)
        card = asked_card
    elif low(who)[:1] in (["my"], ["your"], ["their"]):
        pass                                 # "my monster": the one that attacked
    if card is not None and st.db.get(card).kind != "monster":
        st.fail(f"{card} is not a monster", who)
    if card is not None and eid in st.entities:
        st.entities[eid] = {**ent, "card": card}
    later = st.events[st.events.index(attack) + 1:]
    _refuse_a_new_card(st, later, eid, card, fam)
    if any(e.get("kind") == "summon" or e.get("kind") == "move" and e.get("by") != "battle"
           for e in later):
        # (hunt) "My Blue-Eyes attacks and my opponent Special Summons a monster. Can Blue-Eyes
        # attack again this turn?": a monster arriving (or leaving) during the attack may make a
        # replay, in which the attacker declares an attack again (game-rules#battle.5): not the
        # second attack of the turn these rules read
        st.fail("a monster arrived or left after the attack was declared: a replay may let the "
                "attacker declare an attack again (ask 'Does a replay happen?')", fam)
    return st.spec("attack-again", {"attacker": eid})


def _refuse_a_new_card(st: Situate, later: list, eid: str, card: str | None, fam: Tree) -> None:
    """(hunt 110) "My Summoned Skull attacks. Mirror Force destroys it. I Special Summon it with
    Call of the Haunted. Can it attack again?": a monster that left the field after its attack
    (told moved, or moved by what a link did) is a new card when it comes back, whose attacks
    this turn start anew (game-rules#resolution.4): not the second attack these rules read."""
    said = {eid} | ({card} if card else set())
    moves = [e for e in later if e.get("kind") == "move"] + \
        [d for e in later if e.get("kind") == "activate" for d in e.get("does") or ()]
    if any(m.get("what") in said and m.get("action") in _OFF_FIELD for m in moves):
        st.fail(f"{card or 'the attacker'} left the field after it attacked: a card that comes back "
                "is a new card, whose attacks this turn start anew (this question form reads a "
                "monster that stayed on the field)", fam)


def build_attack_directly(st: Situate, fam: Tree) -> dict:
    named = _xcards(fam)
    if not named:
        st.fail("which monster attacks? (name it: 'Can my X attack directly?')", fam)
    card = st.db.get(st.r.card(named[-1]))
    if card.kind != "monster":
        st.fail(f"{card.name} is not a monster", fam)
    poss = [n for n in fam.iter_subtrees_topdown() if n.data == "poss"]
    player = st.r.player(poss[0]) if poss else "you"
    if player not in ("you", "opponent"):
        st.fail("whose monster? ('my X', 'my opponent's X')", fam)
    _what_they_control_now(st, {"you": "opponent", "opponent": "you"}[player])
    return st.spec("attack-directly", {"card": card.name, "player": player})


# the moves that take a card off the field
_OFF_FIELD = frozenset({"destroyed", "banished", "sent-to-gy", "tributed", "returned-to-hand",
                        "returned-to-deck", "returned-to-extra", "left-field", "control-changed"})


def _what_they_control_now(st: Situate, other: str) -> None:
    """(hunt 110) "My opponent controls 1 monster. My Dark Magician attacks it. It is destroyed by
    battle.": what the other player controls is the last count told of their monsters, less
    their monsters told leaving the field after it (or cards told without whose they are).  A
    later count replaces an earlier one; a count the moves after it take to nothing is no longer
    what they control (what they control now is then not told), and one they leave above
    nothing stays: they still control a monster (game-rules#battle.3)."""
    counts = [e for e in st.events if e.get("kind") == "state" and e.get("player") == other and
              e.get("place", "field") == "field" and e.get("what") in ("monster", "card")]
    for older in counts[:-1]:
        st.events.remove(older)               # told again later: the later count is the one now
    if not counts:
        return
    last = counts[-1]
    at = st.events.index(last)
    # (a card told without whose it is, "It is banished", may be theirs: counted)

    def theirs(what) -> bool:
        if what in st.entities:
            ent = st.entities[what]
            return ent.get("controller", other) == other and ent.get("kind", "monster") == "monster"
        card = st.db.find(what) if isinstance(what, str) else None
        return st.card_owner.get(what, other) in (other, None) and (card is None or
                                                                     card.kind == "monster")
    gone = {e.get("what") for e in st.events[at + 1:] if e.get("kind") == "move" and
            e.get("action") in _OFF_FIELD and theirs(e.get("what"))}
    if gone and "min" not in last and len(gone) >= last.get("count", 0):
        st.events.remove(last)                # every monster counted has left the field since


def build_replay(st: Situate, fam: Tree) -> dict:
    attacks = [e for e in st.events if e["kind"] == "attack"]
    if not attacks:
        st.fail("which attack? (tell it first: 'My opponent's monster attacks')", fam)
    attack = attacks[-1]
    if not any(e["kind"] in ("summon", "move") for e in st.events[st.events.index(attack) + 1:]):
        st.fail("what changed after the attack was declared? (a monster Summoned, destroyed, ...)", fam)
    _refuse_a_summon_only_damage_allows(st, attack, fam)
    attack.setdefault("id", f"atk{len(attacks)}")
    return st.spec("replay", {"attack": attack["id"]})


def _refuse_a_summon_only_damage_allows(st: Situate, attack: dict, fam: Tree) -> None:
    """(hunt 96) "My opponent's monster attacks directly. I Special Summon Tragoedia from my
    hand.": told with no card that does it, the Summon is the card's own effect, whose trigger is
    taking damage ("When you take battle damage: You can Special Summon this card from your
    hand") or a monster destroyed by battle (hunt 98): met by a battle only in the Damage Step,
    where a change makes no replay (game-rules#battle.8), and the story does not say that step.
    Refused: say the step."""
    later = st.events[st.events.index(attack) + 1:]
    if any(e.get("kind") == "phase" for e in later):
        return
    for e in later:
        if e.get("kind") != "summon" or e.get("by") or e.get("activation"):
            continue
        what = e.get("what")
        card = st.entities[what].get("card") if what in st.entities else what
        if not card or card not in st.db:
            continue
        reading = st.reading(card)
        triggers = {f.get("effect") for f in reading.facts if f.type == "trigger"}
        damage = {f.get("effect") for f in reading.facts if f.type == "effect" and f.source is not None
                  and f.get("effect") in triggers and ":" in f.source.quote
                  and _DAMAGE_STEP_TRIGGER.search(f.source.quote.split(":")[0])}
        if any(f.type == "clause" and f.get("effect") in damage and f.get("verb") == "special-summon"
               for f in reading.facts):
            st.fail(f"{card} is Special Summoned by its own effect, whose trigger (damage taken, a "
                    "monster destroyed by battle) comes in the Damage Step when it is the battle's, "
                    "where a change makes no replay: say the step it is Summoned in ('in the Damage "
                    "Step')", fam)


# a trigger that a battle meets only in the Damage Step: damage, destruction by battle, the step named
_DAMAGE_STEP_TRIGGER = re.compile(r"(?i)\bdamage\b|\bby battle\b|\bdamage step\b")


def build_flip_activates(st: Situate, fam: Tree) -> dict:
    """"My face-down X is attacked and destroyed by battle. Does its Flip effect activate?"."""
    ref = sub(fam, "flip_ref")
    named = _xcards(ref)
    attacks = [e for e in st.events if e["kind"] == "attack" and e.get("target")]
    if not attacks:
        st.fail("which face-down monster is attacked? (tell it first: 'My face-down X is attacked')",
                fam)
    eid = attacks[-1]["target"]
    ent = st.entities.get(eid, {})
    card = st.db.get(st.r.card(named[0])).name if named else ent.get("card")
    if card is None:
        st.fail("which monster's Flip effect? (name it)", ref)
    if ent.get("card") not in (None, card):
        st.fail(f"{card} is not the monster told to be attacked", ref)
    poss = sub(ref, "poss")
    said = st.r.player(poss) if poss is not None else None
    if said in ("you", "opponent") and ent.get("controller") in ("you", "opponent") and \
            said != ent["controller"]:
        # (hunt) "My opponent attacks my face-down Man-Eater Bug. Does my opponent's Man-Eater
        # Bug's Flip effect activate?": another player's copy is not the monster attacked
        st.fail(f"{st.r.said(poss)!r}: the monster told attacked is the other player's", ref)
    st.entities[eid] = {**ent, "card": card}
    if_node = sub(fam, "flip_if")
    if if_node is not None:      # "... if it is destroyed by battle": told after the rest
        st.sit(sub(if_node, "sit"))
    reading = st.reading(card)
    flips = [f.get("effect") for f in reading.facts if f.type == "trigger" and f.get("word") == "flip"]
    if not flips:
        st.fail(f"{card} has no Flip effect", ref)
    n = flips[0].rpartition("#")[2]
    text = next((e.text for e in reading.all_effects() if e.id == flips[0]), "")
    if re.match(r"(?i)\s*flip\s*:[^.;\"]*:", text):
        # (hunt 92) "FLIP: If it is the Main Phase: ...": a condition of its own after the Flip, which
        # the attack told does not settle
        st.fail(f"the Flip effect of {card} has a condition of its own ({text.split(':')[1].strip()!r}): "
                "ask whether it can be activated at that moment", ref)
    user = [t for t in fam.children if getattr(t, "type", "") == "XCARD"]
    if user and st.db.get(st.r.card(user[0])).name != card:
        st.fail(f"{st.r.said(user[0])} is not the monster whose Flip effect is asked", fam)
    purpose = sub(fam, "flip_for")
    if purpose is not None:     # "... to destroy the attacker": a verb of that Flip effect
        verb = st.r.action(sub(purpose, "act_verb"))
        verbs = {f.get("verb") for f in reading.facts if f.type in ("clause", "clause_verb")
                 and f.get("effect") == flips[0]}
        if verb not in verbs:
            st.fail(f"the Flip effect of {card} does not {st.r.said(sub(purpose, 'act_verb'))}",
                    purpose)
        what = sub(purpose, "thing")
        if what is not None and low(what) not in (["the", "attacker"], ["the", "attacking", "monster"]):
            st.fail("the situation model has no place for " + repr(st.r.said(what)) +
                    " (what the Flip effect is used on: 'the attacker')", what)
    return st.spec("flip-activates", {"effect": {"card": card, "n": int(n)}, "entity": eid})
