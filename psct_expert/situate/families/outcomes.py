"""Does X still do it?  The outcome of a part of an effect after a told Chain (``clause-done``,
``affected``): targets that changed, a part that cannot be done, the effect's own card gone, a
supposition about the targets told beside the situation."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from lark import Tree

from ...errors import QuestionError
from ...gamewords import gamewords
from ...parser.transform import find, low, sub, subs
from ...reader.phrases import MOVES_A_CARD, part_actor
from ...reader.select import select_clause, select_effect
from ..targets import (described_target, implied_response_changes, links_resolved_before,
                       note_change, own_change_suppose, targeting_change, told_place)
from ..refs import lasting_card, part_quotes, targets_only
from ..words import COUNT_WORDS, owner_in_words, numbers_missing, thing_words, words_fit
from .common import first_effect, refuse_other_players_card, told_steps
from .conditions import build_held
from .links import event_for, removed_link, resolves_after

if TYPE_CHECKING:
    from ..told import Situate


def _cannot_outcome(st: Situate, q: Tree, ref: dict, verb: str | None) -> dict:
    """"I resolve X but have no cards to discard. Is the target still banished?": a part that
    cannot be done, and the part asked about."""
    verb = verb or st.r.action(find(q, "act_verb"))
    if st.changed or verb is None:
        st.fail("which part of the effect, and what changed?", q)
    reading = st.reading(ref["card"])
    eid = select_effect(reading, ref)
    bullets = [f.get("bullet") for f in reading.facts if f.type == "bullet" and f.get("effect") == eid]

    def part_of(v: str) -> dict:
        """The effect (or its one bullet, "Apply these effects: ● ... ● ...") with a part that
        does ``v``."""
        try:
            select_clause(reading, eid, v)
            return ref
        except QuestionError:
            pass
        has = []
        for b in bullets:
            try:
                select_clause(reading, b, v)
                has.append(b)
            except QuestionError:
                continue
        if len(has) != 1:
            st.fail(f"{ref['card']} has no part that does {v!r}", q)
        return {"card": ref["card"], "bullet": has[0].rpartition("#")[2]}

    asked = part_of(verb)
    suppose = []
    for v in st.cannot:
        where = part_of(v)
        suppose.append({"fails": {"part": v, **({"effect": where} if where != asked else {})}})
    return {"family": "clause-done", "effect": asked, "part": verb, "suppose": suppose}


def _activation_negated_told(st: Situate, q: Tree) -> dict | None:
    """(hunt 56) "My opponent activates X and I chain Y. Is the activation negated?" / "Does it
    get negated?": whether Y negates the activation it answers, asked as Y's negating part done
    and Y able to negate that activation (a no settles it); never as whether Y resolves."""
    subj = sub(q, "outcome_subj")
    words = low(subj) if subj is not None else []
    if st.r.action(find(q, "act_verb")) != "negate" or "negated" not in low(q) or words not in (
            ["the", "activation"], ["its", "activation"], ["that", "activation"], ["it"], ["that"]):
        return None
    answered = list(dict.fromkeys(e["respond"] for e in st.events
                                  if e.get("kind") == "activate" and e.get("respond")))
    if len(answered) != 1:
        return None
    responders = [e for e in st.events if e.get("kind") == "activate" and e.get("respond") == answered[0]]
    ref = responders[-1]["effect"]
    if len(responders) != 1 or not ref.get("card"):
        st.fail("which link negates it? (tell one card chained to it)", q)
    reading = st.reading(ref["card"])
    try:
        select_clause(reading, select_effect(reading, ref), "negate")
    except QuestionError:
        st.fail(f"{ref['card']} has no part that negates", q)
    spec = st.spec("clause-done", {"effect": ref, "part": "negate"})
    spec["unless"] = [{"family": "negate-activation", "negator": ref, "activated": answered[0]}]
    return spec


def _negated_though(st: Situate, fam: Tree, q: Tree) -> dict:
    """"Is X's activation negated even though it cannot be destroyed (on the field)?": the part
    of the effect chained to X that negates, when its later part cannot be done to X."""
    subj = sub(q, "outcome_subj")
    verb = st.r.action(find(q, "act_verb"))
    cards = [st.r.card(t) for t in subj.children if getattr(t, "type", "") == "XCARD"] \
        if subj is not None else []
    answered = list(dict.fromkeys(e["respond"] for e in st.events
                                  if e.get("kind") == "activate" and e.get("respond")))
    if subj is not None and not cards and low(subj) in (["the", "activation"], ["its", "activation"],
                                                        ["that", "activation"]) and \
            len(answered) == 1 and verb == "negate":
        # (round 83) "Is the activation still negated even though ...?": the one told activation
        # something was chained to
        card = next((r.get("card") for a, r in st.acts if a == answered[0]), None)
        if card:
            cards = [card]
    if not cards or low(subj)[-1] != "activation" or verb != "negate":
        st.fail("ask 'is X's activation negated even though ...'", q)
    aid = st._find_act({"card": cards[0]})
    responders = [e for e in st.events if e.get("kind") == "activate" and e.get("respond") == aid]
    if aid is None or len(responders) != 1:
        st.fail(f"tell the activation of {cards[0]} and what was chained to negate it", q)
    ref = responders[0]["effect"]
    fail = sub(fam, "fail_it")
    who = [st.r.card(t) for t in fail.children if getattr(t, "type", "") == "XCARD"]
    if who and who[0] != cards[0]:
        st.fail(f"{st.r.said(fail)!r}: it is {cards[0]} that the question asks about", fail)
    failed = st.r.action(find(fail, "act_verb"))
    reading = st.reading(ref["card"]) if ref.get("card") else None
    if reading is None:
        st.fail("which card negates it?", q)
    eid = select_effect(reading, ref)
    for v in (verb, failed):
        try:
            select_clause(reading, eid, v)
        except QuestionError:
            st.fail(f"{ref['card']} has no part that does {v!r}", q)
    # (hunt 56) the negating link must be one that can negate that activation at all (its
    # condition covers it): what the question takes for granted, a no settles it
    spec = st.spec("clause-done", {"effect": ref, "part": verb,
                                   "suppose": [{"fails": {"part": failed}}]})
    spec["unless"] = [{"family": "negate-activation", "negator": ref, "activated": aid}]
    return spec


def _check_done(st: Situate, fam: Tree, ref: dict, reading) -> None:
    """"If I discard a card when X resolves, ...": that part of X is done, as the question
    supposes of every part nothing stops; it must be a part of X, done by its controller."""
    node = sub(fam, "part_done")
    if node is None:
        return
    verb = st.r.action(find(node, "act_verb"))
    cards = [st.r.card(t) for t in node.children if getattr(t, "type", "") == "XCARD"]
    act = _told_activation(st, ref)
    if (cards and cards[0] != ref.get("card")) or act is None or \
            st.r.player(sub(node, "player")) != act.get("player"):
        st.fail(f"{st.r.said(node)!r} is not a part of the effect asked about", node)
    try:
        select_clause(reading, select_effect(reading, ref), verb)
    except QuestionError:
        st.fail(f"{ref['card']} has no part that does {verb!r}", node)


def _done_to_itself(st: Situate, ref: dict, verb: str | None) -> bool:
    """Does the effect ``ref`` do ``verb`` to its own card ("Special Summon this card")?"""
    from ...reader.phrases import names_this_card
    found = st.effect_of(ref)
    return found is not None and any(
        f.get("effect") == found[1] and f.type in ("clause", "clause_verb", "summons_self") and
        (f.type == "summons_self" or f.get("verb") == verb and f.source is not None and
         names_this_card(f.source.quote)) for f in found[0].facts)


def _self_gone_outcome(st: Situate, q: Tree, ref: dict, verb: str | None) -> dict:
    """"My Set X targets their monster; they chain MST to destroy X. Is their monster still
    negated?": the targets did not change, only X's own card left the field, so the question is
    whether X still resolves."""
    verb = verb or st.r.action(find(q, "act_verb"))
    act = next(e for e in st.events if e.get("kind") == "activate" and e.get("effect") == ref)
    _asks_about_its_target(st, q, act, verb)
    reading = st.reading(ref["card"])
    try:
        select_clause(reading, select_effect(reading, ref), verb)
    except QuestionError:
        st.fail(f"{ref['card']} has no part that does {verb!r}", q)
    needs = _part_needs_itself(st, ref, verb)
    if needs is not None and not _lasting_card(st, ref):
        # (hunt 124) "change this card to Defense Position, and if you do, destroy that target",
        # its card gone before it resolves: the part asked about follows one done to the card
        # itself, a new card once it moved (game-rules#resolution.4), as when a link told by its
        # card removed it (``build_outcome``)
        return {"family": "clause-done", "effect": ref, "part": needs,
                "suppose": [{"self_gone": {}}]}
    # (round 121) its own card left the field before it resolved: said to the rules, which read
    # what its text asks of its card then ("must be face-up on the field to activate and to
    # resolve")
    return st.spec("resolves", {"effect": ref}) | {"suppose": [{"self_gone": {}}]}


def _add_need(spec: dict, needs: str) -> None:
    """What a yes also waits on (``also_needs``), after what it waits on already."""
    spec["also_needs"] = "; ".join([spec["also_needs"], needs] if spec.get("also_needs")
                                   else [needs])


# the kinds of card a subject's words say
_SUBJECT_KINDS = {"monster": "monster", "monsters": "monster", "token": "monster",
                  "tokens": "monster", "spell": "spell-trap", "spells": "spell-trap",
                  "trap": "spell-trap", "traps": "spell-trap", "backrow": "spell-trap",
                  "spell/trap": "spell-trap", "spell/traps": "spell-trap", "s/t": "spell-trap",
                  "s/ts": "spell-trap"}


def _described_all_hold(st: Situate, found, verb: str, act: dict | None, subj: Tree) -> bool:
    """Do the cards a subject describes ("my Sheep Tokens", "their monsters") fall inside the
    description the part says it does its action to ("destroy all monsters on the field":
    ``clause_all``): its kind, and whose, from the side of the player who activated it?  False
    when the part says none, or anything is not said or does not fit."""
    reading, eid = found
    try:
        n = select_clause(reading, eid, verb)
    except QuestionError:
        return False
    alls = [f for f in reading.facts if f.type == "clause_all" and f.get("effect") == eid
            and f.get("n") == n]
    if len(alls) != 1 or act is None:
        return False
    desc = alls[0]
    words = low(subj)
    if set(words) & _ELSEWHERE:
        return False                # (hunt 61) "the monsters in my hand": not on the field
    at = next((k for k, e in enumerate(st.events) if e is act), None)
    if at is None:
        return False
    if _summoned_after(st, words, act, at):
        return False                # (hunt 61) Summoned by a link that resolves after it
    if any(e.get("kind") == "activate" and (e.get("effect") or {}).get("card") and any(
            f.type in ("target", "target_word") for f in st.reading(e["effect"]["card"]).facts)
           for e in st.events[at + 1:]):
        return False                # a later link that targets may have changed one of them
    kinds = {_SUBJECT_KINDS[w] for w in words if w in _SUBJECT_KINDS}
    named = [st.db.get(st.r.card(t)) for t in subj.scan_values(lambda v: getattr(v, "type", "") == "XCARD")]
    kinds |= {("monster" if c.kind == "monster" else "spell-trap") for c in named if c is not None}
    if len(kinds) != 1 or desc.get("kind") not in (kinds.pop(), "card"):
        return False
    if desc.get("face") != "any" or desc.get("position") != "any":
        return False                # a face or a position said: what the asked cards are, not told
    owner = owner_in_words(words) or _told_owner(st, words)
    if owner is None:
        return desc.get("controller") == "any"      # whose is not said: only "all ... on the field"
    player = act.get("player")
    if desc.get("controller") == "any":
        return True
    wanted = player if desc.get("controller") == "you" else \
        {"you": "opponent", "opponent": "you"}.get(player or "")
    return owner == wanted


# places a subject may name that are not the field ("the monsters in my hand")
_ELSEWHERE = {"hand", "hands", "gy", "graveyard", "deck", "decks", "extra", "banished",
              "pendulum", "zone", "zones", "scale", "scales"}


# words of a subject that are no noun of the cards it names (and, for whose they are, the
# possessives: whose is read from them first)
_NOT_NOUNS = frozenset({"the", "a", "an", "those", "these", "too", "also"})
_POSSESSIVES = frozenset({"my", "their", "his", "her", "opponent's", "your"})


def _told_cards(st: Situate, words: list[str], skip: frozenset = _NOT_NOUNS | _POSSESSIVES
                ) -> list[str]:
    """The entities the story told that a subject's nouns name ("the 4 Sheep Tokens")."""
    nouns = {w for w in words if w not in skip and not w.isdigit() and w not in COUNT_WORDS}
    if not nouns:
        return []
    return [e for e, d in st.entities.items() if nouns <= set(d.get("desc", "").lower().split())]


def _summoned_after(st: Situate, words: list[str], act: dict, at: int) -> bool:
    """(hunt 61) Were the cards a subject names Summoned by a link activated before the effect
    asked about in its Chain (``act``, event ``at``: "I activate Scapegoat. They chain Jurrac
    Impact. Are my Sheep Tokens destroyed?")?  That link resolves after it: they are not there
    when it resolves."""
    if act.get("respond"):
        # a link it was chained to that Summons (Scapegoat, Call of the Haunted): what it Summons
        # comes after it resolves, whether the story says what or not
        for ev in st.events[:at]:
            card = (ev.get("effect") or {}).get("card") if ev.get("kind") == "activate" else None
            if card and any(f.type in ("clause", "clause_verb") and f.get("verb") == "special-summon"
                            for f in st.reading(card).facts):
                return True
    for e in _told_cards(st, words):
        for k, ev in enumerate(st.events):
            if ev.get("kind") == "activate" and k < at and \
                    any(step.get("what") == e for step in ev.get("does") or []):
                return True
    return False


def _told_owner(st: Situate, words: list[str]) -> str | None:
    """Whose the cards a subject names are, when the story told them once ("the 4 Sheep Tokens"
    after "Player B Special Summons 4 Sheep Tokens"): the player of the link whose resolution
    Summoned them, or their controller as told; None when not one told card fits."""
    found = set()
    for e in _told_cards(st, words, _NOT_NOUNS):
        summoner = next((a.get("player") for a in st.events if a.get("kind") == "activate"
                         and any(step.get("what") == e for step in a.get("does") or [])), None)
        found.add(st.entities[e].get("controller") or summoner)
    return found.pop() if len(found) == 1 and None not in found else None


# a subject that points at what the story told (the card or cards the effect was used on)
_TOLD_POINTERS = (["they"], ["them"], ["that"], ["those"], ["that", "monster"], ["that", "card"],
                  ["those", "monsters"], ["those", "cards"])
# what says all the cards an effect reaches, never one of them ("does it still destroy them?")
_ALL_OF_THEM = {"them", "everything", "all", "monsters", "cards", "both", "each", "every"}


def _untargeted_outcome(st: Situate, q: Tree, ref: dict, verb: str | None) -> dict:
    """A told activation that targets nothing, asked by its card's name and a part it does:
    does it still resolve (what it does then is done to what is there then,
    game-rules#targeting.11)."""
    verb = verb or st.r.action(find(q, "act_verb"))
    found = st.effect_of(ref)
    if verb is None or found is None or not any(
            f.type == "clause" and f.get("effect") == found[1] and f.get("verb") == verb
            for f in found[0].facts):
        st.fail(f"{ref.get('card')} has no part that does {verb!r}", q)
    _count_said_fits(st, q, found[0], found[1], verb)      # "do I still draw 3?"
    if any(f.type == "target" and f.get("effect") == found[1] for f in found[0].facts) and \
            not _targets_the_told_attacker(st, found, ref):
        st.fail("tell what the effect targeted ('I target X with Y ...')", q)
    spec = st.spec("resolves", {"effect": ref})
    if _requirement_broken(st, ref, found):
        spec["suppose"] = spec.get("suppose", []) + [{"requirement_unmet": {}}]
    elif (own := own_change_suppose(st, ref, found[0], found[1], q)):
        spec["suppose"] = spec.get("suppose", []) + own
    named = [st.r.card(t) for t in q.scan_values(lambda v: getattr(v, "type", "") == "XCARD")]
    others = [c for c in named if st.db.get(c).name != ref.get("card")]
    obj = sub(q, "thing") or sub(q, "outcome_obj")
    # (hunt) "Does Mirror Force still destroy the attacking monster?", "Does Dark Hole destroy
    # it?" after a link chained to it flipped or protected that monster: one card asked about
    # (what it does to all of them is whether it resolves)
    aims = any(f.type == "target" and f.get("effect") == found[1] for f in found[0].facts)
    act = _told_activation(st, ref)
    later = st.events[st.events.index(act) + 1:] if act is not None else []
    if any(ref.get("card") in (e.get("targets") or []) for e in later if e.get("kind") == "activate") \
            and (verb is None or _done_to_itself(st, ref, verb)):
        # (hunt) "I activate Plaguespreader Zombie's effect in my GY. My opponent chains D.D. Crow
        # targeting it. Is Plaguespreader Zombie Special Summoned?": what the later link did to the
        # card itself is not told, and the part asked is done to it
        needs = (f"what the link chained to it did to {ref.get('card')} itself (what {ref.get('card')}'s "
                 "effect does to it is done only if it is still there)")
        _add_need(spec, needs)
    if obj is not None and all(w.isdigit() or w in ("card", "cards") or verb == "draw" and w in _HOW_MANY
                               for w in low(obj)):
        obj = None                                  # "do I still draw 2 (cards)?": a count
    subj = sub(q, "outcome_subj")
    if subj is not None and not _player_subject(subj) and not others and not aims and \
            low(subj) not in _TOLD_POINTERS and not set(low(subj)) & {"it", "its"} and \
            not any(getattr(t, "type", "") == "XCARD" for t in subj.scan_values(lambda v: True)) and \
            not any(t.data.startswith("eff_") for t in subj.iter_subtrees()):
        # (hunt 60) "I activate Raigeki; they chain Book of Moon to it. Are my own monsters
        # destroyed?": the cards asked about, said by a description, may be none of those the
        # effect does its action to (its own controller's, another kind, another position):
        # whether it still resolves is not that; a yes waits on it, unless the description
        # the part says ("destroy all monsters on the field") holds them
        if not _described_all_hold(st, found, verb, act, subj):
            needs = (f"whether {st.r.said(subj)} is among what {ref.get('card')}'s effect does "
                     f"{verb!r} to (what its text says)")
            _add_need(spec, needs)
    if (others or obj is not None and not aims and not set(low(obj)) & _ALL_OF_THEM) and \
            not spec.get("also_needs"):
        reach = _all_part_reaches(st, ref, found, verb, act, later, others, obj)
        if reach is not None:
            return reach
    if obj is not None and not others and set(low(obj)) & _ELSEWHERE:
        # (hunt 61) "Does Dark Hole destroy the monsters in my hand?": cards in another place
        needs = (f"whether {st.r.said(obj)} is among what {ref.get('card')}'s effect does "
                 f"{verb!r} to (what its text says)")
        _add_need(spec, needs)
    if others or obj is not None and not aims and not set(low(obj)) & _ALL_OF_THEM:
        # (hunt) "Does Dark Hole still destroy Dark Magician?" after Dark Magician was returned to
        # the hand (or protected) in response: whether it still resolves is not whether that card
        # is still there to be affected then (game-rules#targeting.11); a yes waits on it
        what = others[0] if others else st.r.said(obj)
        needs = (f"whether {what} is still there, and can be affected, when {ref.get('card')} "
                 "resolves (what it does is done to what is there then)")
        _add_need(spec, needs)
    return spec


# (session after 34b7d8b) "do I still draw a card?": a draw said by how many (no card there to affect)
_HOW_MANY = frozenset({"a", "an", "one", "two", "three", "four", "five"})
# told steps after which the card is no longer on the field
_STEPS_AWAY = frozenset({"destroyed", "banished", "returned-to-hand", "sent-to-gy", "tributed",
                         "returned", "shuffled"})
# what a told step does to a card, said as its state when the effect asked about resolves
_STEP_STATES = {"flipped-face-down": [("face", "face-down")],
                "changed-to-defense": [("position", "defense")]}


def _all_part_reaches(st: Situate, ref: dict, found, verb: str, act: dict | None, later: list,
                      others: list, obj) -> dict | None:
    """(round 81) "I activate Lightning Vortex; they chain Book of Moon to flip their monster
    face-down. Does Vortex still destroy it?": a part done to all cards of a description
    (``clause_all``), targeting none, picks its cards at resolution (game-rules#targeting.11); the
    one card asked about, changed by a link chained after it (told moved, flipped, or targeted by
    a card whose one part turns its target face-down), is asked as "does that part still apply to
    it" with its state then.  None when the part has no such description or nothing told changed
    the card asked about."""
    reading, eid = found
    try:
        n = select_clause(reading, eid, verb)
    except QuestionError:
        return None
    if act is None or not any(f.type == "clause_all" and f.get("effect") == eid and f.get("n") == n
                              for f in reading.facts):
        return None
    from ..targets import _negated
    links = [e for e in later if e.get("kind") == "activate" and not _negated(st, e["id"])]
    if any(e.get("kind") == "activate" and e.get("respond") in {x["id"] for x in links}
           for e in later if e not in links):
        return None             # a link answered by another, what that one did not told: open
    touched = {}                                # entity: what the later links told did to it
    for e in links:
        for step in e.get("does") or []:
            if step.get("what"):
                touched.setdefault(step["what"], []).append(("step", step.get("action"), e))
        for t in e.get("targets") or []:
            touched.setdefault(t, []).append(("target", None, e))
    if others:
        asked = [t for t in touched if st.entities.get(t, {}).get("card") == st.db.get(others[0]).name
                 or t == others[0]]
    else:
        said = st.r.thing(find(obj, "thing") or obj) if isinstance(obj, Tree) else {}
        told = st._told_before(said) if said and not said.get("pronoun") else None
        asked = [told] if told in touched else list(touched) if said.get("pronoun") or \
            low(obj)[:1] in (["that"], ["the"]) else []
    if len(asked) != 1:
        return None
    card = asked[0]
    states, left = [], False
    for how, action, e in touched[card]:
        if how == "step" and action in _STEPS_AWAY:
            left = True
        elif how == "step" and action in _STEP_STATES:
            states += _STEP_STATES[action]
        elif how == "target" and not e.get("does") and e["effect"].get("card"):
            change = targeting_change(st.reading(e["effect"]["card"]), st.entities.get(card, {}),
                                      told_target=True)
            if change and change.get("left"):
                left = True
            elif change and change.get("value") in ("face-down", "face-down-or-unchanged"):
                # told to target that card, it met its target's conditions: it is face-down now
                states.append(("face", "face-down"))
    if not left and not states:
        return None
    name = st.entities.get(card, {}).get("desc") or card
    suppose = [{"left": {"target": name}}] if left else \
        [{"state": {"target": name, "property": p, "value": v}} for p, v in states]
    # (with the story: whether the effect itself resolves is the rules' too)
    return st.spec("affected", {"effect": ref, "target": name, "part": verb, "suppose": suppose})


def _requirement_broken(st: Situate, ref: dict, found) -> bool:
    """"When X's effect resolves I control a card": what the story tells its player controls when
    it resolves breaks X's requirement "You must control no cards to activate and to resolve this
    effect" (a condition written apart, checked again at resolution, game-rules#resolution.3)."""
    act = _told_activation(st, ref)
    gained = [c for c in getattr(st, "held_changes", None) or []
              if c["kind"] == "gained" and act is not None and c["player"] == act.get("player")]
    needs = {f.get("requirement") for f in found[0].facts
             if f.type == "resolve_condition" and f.get("effect") == found[1]}
    return bool(gained) and "control-no-cards" in needs


def _targets_the_told_attacker(st: Situate, found, ref: dict) -> bool:
    """An effect that targets only "the attacking monster", activated after a told attack, with
    nothing told of the attacker since: its target is that attacker (game-rules#battle), and
    whether it still resolves is what is asked."""
    reading, eid = found
    if not targets_only(reading, eid, ("attacking",)):
        return False
    attacks = [e for e in st.events if e.get("kind") == "attack"]
    said_attack = any(f.type == "trigger_names" and f.get("effect") == eid and f.get("name") == "attack"
                      for f in reading.facts)
    if len(attacks) > 1 or not attacks and not said_attack:
        return False            # (no attack told: its activation condition is an attack declared)
    return not any(e.get("kind") in ("move", "change") and e.get("what") != ref.get("card")
                   for e in st.events)


def _asks_about_its_target(st: Situate, q: Tree, act: dict, verb: str | None) -> None:
    """"Is their monster still negated?" after X's own card left: the card asked about must be
    the one card X targeted (said by its name, "it", or its controller)."""
    subj = sub(q, "outcome_subj") or sub(q, "thing")
    said = st.r.thing(find(subj, "thing") or subj) if subj is not None else None
    targets = act.get("targets") or []
    if verb is None or said is None or len(targets) != 1 or \
            (said.get("card") != targets[0] and not said["pronoun"] and
             owner_in_words(said["words"]) not in (None, st._controller(targets[0]))):
        st.fail("ask about the card it targeted ('is their monster still negated?')", q)


GIVES = ("add", "special-summon", "draw")        # what a player "gets" from an effect's part
# words said of what a player gets that name no card of the text ("the search", "a card")
GET_GENERIC = {"card", "cards", "monster", "monsters", "one", "search"}


def _get_verb(st: Situate, reading, eid: str, ref: dict, node: Tree) -> str:
    """"Do I still get the Plant from my Deck?": the one part of the effect that gives the player
    a card (adds it, Special Summons it or draws it); every other word said of it must stand in
    the effect's text (its targets say what "it" is), or the question is refused naming it."""
    parts = [f for f in reading.facts if f.type == "clause" and f.get("effect") == eid
             and f.get("verb") in GIVES]
    if len({f.get("verb") for f in parts}) != 1:
        st.fail(f"which part of {ref.get('card')} does 'get' ask about? (say what it does: "
                "'add', 'Special Summon' or 'draw')", node)
    text = reading.by_id(eid).text                # what it gives may be said by its targets
    thing = find(node, "thing")
    card = st.r.thing(thing).get("card") if thing is not None else None
    act = _told_activation(st, ref)
    if card is not None and act is not None and card in (act.get("targets") or []) and \
            low(node) == low(thing):
        return parts[0].get("verb")            # "do I still get Dark Magician back?": its target
    said = thing_words(st.r.said(node))
    missing = [w for w in said if w not in GET_GENERIC and not w.isdigit() and not words_fit([w], text)]
    missing += numbers_missing(said, text)  # a number said of what it gives must stand there too
    if missing:
        st.fail(f"{' '.join(missing)!r} is not what {ref.get('card')} gives", node)
    return parts[0].get("verb")


def _said_fits(st: Situate, reading, eid: str, ref: dict, node: Tree) -> None:
    """Every word said of what a part acts on ("the Plant from my Deck") stands in the effect's
    text, numbers too; else the question is refused naming them."""
    text = reading.by_id(eid).text
    said = thing_words(st.r.said(node))
    missing = [w for w in said if not w.isdigit() and w not in GET_GENERIC and not words_fit([w], text)]
    missing += numbers_missing(said, text)
    if missing:
        st.fail(f"{' '.join(missing)!r} is not what {ref.get('card')} acts on", node)


FIZZLE = {"fizzle", "fizzles", "fail", "fails"}


def _asks_any(q: Tree) -> bool:
    """"does X still do anything?", "does X fizzle?": whether the effect does anything at all."""
    words = low(q)
    return bool({"anything", "something"} & set(words) and "do" in words[1:] or FIZZLE & set(words))


def _first_of_dependent_parts(reading, eid: str) -> str | None:
    """An effect whose every later part needs the one before it ("destroy it, and if you do,
    Special Summon ...", "..., then ..."): it does anything at all when its first part is done
    (psct-guide on "and if you do" and "then"), so "does it still do anything?" asks of that
    part: its verb, when no other part has the same verb.  None otherwise."""
    clauses = sorted((f for f in reading.facts if f.type == "clause" and f.get("effect") == eid),
                     key=lambda f: int(f.get("n")))
    links = {(int(f.get("left")), int(f.get("right"))): f.get("kind") for f in reading.facts
             if f.type == "link" and f.get("effect") == eid}
    if len(clauses) < 2 or [int(c.get("n")) for c in clauses] != list(range(1, len(clauses) + 1)):
        return None
    if any(links.get((n, n + 1)) not in ("then", "and-if-you-do") for n in range(1, len(clauses))):
        return None
    text = next((e.text for e in reading.effects if e.id == eid), "")
    done = re.split(r"[;:]", text)[-1].lower().replace("and if you do", "")
    if re.search(r"\bif\b|\bwhile\b|\bunless\b", done):
        return None     # "..., then, if this card was Set, ...": a later part with its own condition
    verb = clauses[0].get("verb")
    return verb if sum(c.get("verb") == verb for c in clauses) == 1 else None


def build_outcome(st: Situate, fam: Tree, verb: str | None = None) -> dict:
    """The outcome asked (:func:`_build_outcome`); "does X fizzle / (the whole effect) fail?"
    asks the opposite of "does X still do anything?": that question, answered the other way
    (``invert``, :meth:`psct_expert.api.Expert.ask_spec`)."""
    spec = _build_outcome(st, fam, verb)
    q = find(fam, "outcome_q") or fam
    if FIZZLE & set(low(q)) and isinstance(spec, dict) and spec.get("family") == "affected":
        card = spec["effect"].get("card", "it")
        return {**spec, "invert": {"en": f"Does {card} resolve without doing anything (fizzle)?",
                                   "it": f"{card} si risolve senza fare nulla?"}}
    return spec


def _build_outcome(st: Situate, fam: Tree, verb: str | None = None) -> dict:
    q = find(fam, "outcome_q") or fam
    if sub(fam, "fail_it") is not None:
        return _negated_though(st, fam, q)
    told = _activation_negated_told(st, q)
    if told is not None:
        return told
    if getattr(st, "held", None):        # told what the player had at activation (topic H)
        return build_held(st, fam, q)
    by = [t for t in q.iter_subtrees_topdown() if t.data.startswith("eff_")]
    subj = sub(q, "outcome_subj")
    if subj is not None and [t.data for t in subj.children if isinstance(t, Tree)] == ["eff_its"] \
            and low(subj) in (["its", "effects"], ["its", "effect"]) and \
            st.r.action(find(q, "act_verb")) == "negate":
        # "are its effects still negated?": the target's effects, not an effect of the card named last
        inside = {id(t) for t in subj.iter_subtrees()}
        by = [t for t in by if id(t) not in inside]
    removed = removed_link(st, q, by)
    if removed is not None:                 # its card was removed by a link chained to it
        needs = _part_needs_itself(st, removed, st.r.action(find(q, "act_verb")))
        if needs is not None and not _lasting_card(st, removed):
            # "Banish this card, and ..., and if you do, Special Summon ...": the part asked about
            # (or one it follows) acts on the card itself, which is a new card once it moved
            # (game-rules#resolution.4): whether it still resolves is not the question
            return {"family": "clause-done", "effect": removed, "part": needs,
                    "suppose": [{"self_gone": {}}]}
        act = _told_activation(st, removed)
        subj = sub(q, "outcome_subj") or sub(q, "thing")
        if act is not None and act.get("targets") and subj is not None and \
                not _player_subject(subj) and not any(
                    t.data.startswith("eff_") for t in subj.iter_subtrees()):
            _asks_about_its_target(st, q, act, st.r.action(find(q, "act_verb")))
        return resolves_after(st, removed, q)
    if by:
        ir = st.r.effect(by[0])
        told = [r for _, r in st.acts if r.get("card") == ir.get("card")]
        plain = not (ir.get("ord") or ir.get("desc") or ir.get("quote") or ir.get("rel"))
        # "destroyed by Gyzarus": the effect of that card told before
        ref = told[-1] if told and plain else st.effect_ref(ir)
        act = next((e for e in st.events if e.get("kind") == "activate" and e["effect"] == ref), None)
        if act is not None:
            _refuse_another_players_part(st, q, act, verb)
    else:
        with_targets = [e for e in st.events if e.get("kind") == "activate" and e.get("targets")]
        gone = [r for aid, r in st.acts if aid in st.self_gone]
        if not with_targets and sub(q, "cj_get") is not None and len(st.acts) == 1 and gone:
            # "X Tributes itself for its effect. Do I still get the Plant?": whether X's effect
            # still resolves with its card gone (what it gives grounded in its text)
            ref = gone[0]
            reading = st.reading(ref["card"])
            _get_verb(st, reading, select_effect(reading, ref), ref, sub(q, "cj_get"))
            return st.spec("resolves", {"effect": ref})
        asked = st.r.action(find(q, "act_verb"))
        subj = sub(q, "outcome_subj")
        if not with_targets and len(st.acts) == 1 and gone and asked in GIVES and \
                subj is not None and _player_subject(subj) and \
                st.r.player(sub(subj, "player")) == next(
                    (e.get("player") for e in st.events if e.get("id") == st.acts[0][0]), None):
            # varyG: "X Tributes itself for its effect. Do I still Special Summon the Plant?": the
            # same, the part asked by its verb (one that is not done to the card itself), what it
            # is done to grounded in its text
            ref = gone[0]
            from .links import effect_does
            if effect_does(st, ref, asked) and _part_needs_itself(st, ref, asked) is None:
                reading = st.reading(ref["card"])
                obj = sub(q, "outcome_obj")
                if obj is not None:
                    _said_fits(st, reading, select_effect(reading, ref), ref, obj)
                return st.spec("resolves", {"effect": ref})
        subj_node = sub(q, "outcome_subj")
        named = st.r.thing(find(subj_node, "thing")).get("card") \
            if subj_node is not None and find(subj_node, "thing") is not None else None
        told_named = [r for _a, r in st.acts if named and r.get("card") == named]
        if not with_targets and st.cannot and st.acts:
            ref = st.acts[-1][1]
        elif not with_targets and getattr(st, "cannot_ref", None) is not None and not told_named:
            # (still) "... Drill Warrior cannot be banished. Do I still discard?": the effect a
            # told part cannot be done by
            ref = st.cannot_ref
            return {"family": "clause-done", "effect": ref, "part": verb or st.r.action(find(q, "act_verb")),
                    "suppose": []}
        elif told_named and low(q)[:1] in (["is"], ["was"], ["are"], ["were"]) and \
                find(q, "outcome_by") is None and not _done_to_itself(st, told_named[-1], verb or st.r.action(find(q, "act_verb"))):
            # (hunt) "I Tribute Stardust Dragon to negate Dark Hole. Was Stardust Dragon
            # destroyed?": what became of the card itself, not what its effect does
            said = verb or st.r.action(find(q, "act_verb")) or "moved"
            st.fail(f"whether {named} itself was {gamewords().done_form(said) or said} is "
                    "asked: this question form reads what an effect does, not what became of a "
                    "card told", q)
        elif told_named and not any(e.get("targets") for e in st.events
                                    if e.get("kind") == "activate" and e["effect"] == told_named[-1]):
            # "I activate Mirror Force; they chain X and return their attacker. Does Mirror Force
            # still destroy their monsters?": the card named was activated and targets nothing;
            # whether it still does what it does is whether it resolves
            found = st.effect_of(told_named[-1]) if told_named[-1].get("card") else None
            card = told_named[-1].get("card")
            at = next((k for k, e in enumerate(st.events) if e.get("kind") == "activate"
                       and e["effect"] == told_named[-1]), len(st.events))
            changed = any(e.get("targets") or e.get("kind") == "move" and e.get("what") != card
                          for e in st.events[at + 1:])
            if found is not None and changed and any(
                    f.type == "target" and f.get("effect") == found[1] for f in found[0].facts):
                # (hunt 47) "I activate Sakuretsu Armor. They chain Forbidden Lance on their
                # attacker. Does Sakuretsu Armor destroy it?": its text targets, a later link
                # acted on a card, and what it targeted was not told: what became of that target
                # cannot be read
                st.fail(f"{told_named[-1]['card']} targets: tell what it targeted ('I activate "
                        f"{told_named[-1]['card']} targeting ...')", q)
            return _untargeted_outcome(st, q, told_named[-1], verb)
        elif not with_targets and (doer := _the_one_doing(st, q, verb)) is not None:
            # "I activate Pot of Desires and my opponent chains Ash Blossom. Do I still draw 2?":
            # no card named, but one told activation alone does the part asked (by its
            # player, when a player is the subject); whether it still resolves is asked
            return _untargeted_outcome(st, q, doer[0], doer[1])
        elif not with_targets and (moved := _moved_card_gives(st, q)) is not None:
            return moved
        elif not with_targets:
            st.fail("whose effect is asked about?", q)
        elif sub(q, "outcome_subj") is not None and _player_subject(sub(q, "outcome_subj")) and \
                (doer := _the_one_doing(st, q, verb)) is not None and \
                doer[0] not in [e["effect"] for e in with_targets]:
            # "I activate Pot of Greed; they chain MST targeting it. Do I still draw 2?": a link
            # that targets does not do the part asked of the player; the one told activation that
            # does is asked (a card asked about, "is my monster destroyed?", is not this)
            return _untargeted_outcome(st, q, doer[0], doer[1])
        else:
            ref = with_targets[0]["effect"]
            _moved_after_it_resolved(st, with_targets[0], q)
            _refuse_another_players_part(st, q, with_targets[0], verb)
    if st.cannot:
        return _cannot_outcome(st, q, ref, verb)
    gone = [aid for aid, r in st.acts if r == ref and aid in st.self_gone]
    both_self = bool(gone) and _needs_itself(st, ref)
    if gone and not st.changed and not both_self:
        return _self_gone_outcome(st, q, ref, verb)
    act = next((e for e in st.events if e.get("kind") == "activate" and
                e["effect"].get("card") == ref.get("card")), None)
    if act is None or not act.get("targets"):
        st.fail("tell what the effect targeted ('I target X with Y ...')", q)
    named = sub(q, "cj_eff_act")
    if named is not None and any(st.r.card(t) != ref.get("card") for t in named.children
                                 if getattr(t, "type", "") == "XCARD"):
        st.fail(f"{st.r.said(named)!r}: the told activation with targets is {ref.get('card')}'s",
                named)
    verb = verb or st.r.action(find(q, "act_verb"))
    reading = st.reading(ref["card"])
    eid = select_effect(reading, ref)
    if verb is None and sub(q, "cj_summon") is not None:
        verb = _summon_verb(st, reading, eid, q)     # "does X still Summon anything?"
    if verb is None and sub(q, "cj_get") is not None:
        verb = _get_verb(st, reading, eid, ref, sub(q, "cj_get"))
    if verb is None and sub(q, "cj_damage") is not None:
        verb = "inflict"                             # (still) "does anyone take damage?"
    if verb is None and sub(q, "cj_back") is not None:
        verb = "return"                              # "does it still go back to the hand?"
    if verb is None:
        verb = _part_noun_verb(q)                    # "does the destruction still happen?"
    if verb is None and _asks_any(q):
        # "does X do anything?": its one action
        verbs = {f.get("verb") for f in reading.facts if f.type == "clause" and f.get("effect") == eid}
        first = _first_of_dependent_parts(reading, eid) if len(verbs) > 1 else None
        if len(verbs) != 1 and first is None:
            st.fail(f"which part of {ref['card']}? (it does {', '.join(sorted(map(str, verbs)))})", q)
        verb = first or verbs.pop()
    if verb is None:
        st.fail("which part of the effect?", q)
    _check_done(st, fam, ref, reading)
    _count_said_fits(st, q, reading, eid, verb)
    try:
        n = select_clause(reading, eid, verb)
    except QuestionError:
        st.fail(f"{ref['card']} has no part that does {verb!r}", q)
    targets = act["targets"]
    words = low(q)
    subj = sub(q, "outcome_subj") or sub(q, "thing")
    subj_words = low(subj) if subj is not None else []
    if subj_words[-1:] in (["player"], ["players"]) and not any(
            f"{w} player" in reading.by_id(eid).text.lower() for w in ("each", "both", "either")):
        st.fail(f"{ref['card']} does not say what {' '.join(subj_words)} does", subj)
    if subj_words[-1:] == ["activation"]:
        st.fail("an activation is negated or not: ask 'is X's activation negated even though ...', "
                "or 'can Y negate the activation of X?'", subj)
    ent = st.entities.get(targets[0], {}) if len(targets) == 1 else {}
    told_face = ent.get("face") or ("up" if "face-up" in ent.get("desc", "").lower().split() else None)
    obj_node = sub(q, "outcome_obj")
    asked_words = subj_words + (low(obj_node) if obj_node is not None else [])
    if "face-down" in asked_words and told_face == "up" and targets[0] not in st.changed:
        # "the face-down monster": the question says the face-up target is face-down now
        note_change(st, targets[0], {"property": "face", "value": "face-down"})
    if "now" in words and ("face-down" in words or "face-up" in words) and len(targets) == 1:
        # "the now face-down monster": the question says what became of the target
        note_change(st, targets[0], {"property": "face",
                                     "value": "face-down" if "face-down" in words else "face-up"})
    _told_conds(st, fam, act)
    implied_response_changes(st)
    though = sub(fam, "cj_though") or sub(q, "cj_though")
    if though is not None:
        # "... even though it's face-down now": the question says what became of the target
        if len(set(targets)) != 1:
            st.fail("which target is face-down now?", though)
        face = "face-down" if "face-down" in low(though) else "face-up"
        if st.changed.get(targets[0], {}).get("value") not in (None, face, face + "-or-unchanged"):
            st.fail(f"{st.r.said(though)!r} is not what the story told", though)
        note_change(st, targets[0], {"property": "face", "value": face})
    st.check_pending()
    changed = st.changed
    # (an attacking monster turned face-down is no longer "the attacking monster": the reader's
    # target condition "attacking" and knowledge/battle.yaml decide it, game-rules#battle.9)
    names = {t: st.entities.get(t, {}).get("desc") or t for t in targets}
    # "targeting a FIRE monster I control and a FIRE monster in my GY": told in the order of the
    # card's target groups, one card each, the targets are in those groups
    tg = [f for f in reading.facts if f.type == "target" and f.get("effect") == eid]
    groups = sorted({f.get("slot") for f in tg})
    slot_of = {}
    if len(groups) == 2 and len(targets) == len(set(targets)) == 2 and \
            all(int(f.get("count") or 1) == 1 for f in tg):
        quote = {f.get("slot"): f.source.quote if f.source else "" for f in tg}
        fits = [[_fits_group(st, t, quote[g]) for g in groups] for t in targets]
        if fits[0][0] and fits[1][1] and not (fits[0][1] and fits[1][0]):
            slot_of = dict(zip(targets, groups))      # only the told order fits the groups
    suppose = [{"targeted": {"target": names[t], "slot": slot_of.get(t, 1)}} for t in targets]
    if both_self:
        # "destroy both that target and this card": the card itself left the field first
        suppose.append({"self_gone": {}})
    suppose += own_change_suppose(st, ref, reading, eid, q)
    for t in dict.fromkeys(targets):
        if t not in changed and _named_face_up_on_field(st, reading, eid, t, slot_of.get(t, 1)):
            # "targeting my opponent's Elemental HERO Wildheart" with an effect that targets a
            # face-up monster on the field: that card is there, face-up, its continuous effects apply
            suppose.append({"in_play": {"card": t}})
    for link in links_resolved_before(st, act):
        # a link chained after it resolved first, on its target ("they chain Forbidden Lance on
        # that monster"): what that link did to the target is read from its text by the rules
        suppose.append({"resolved_before": {**link, "target": names[link["target"]]}})
    for t, ch in changed.items():
        if ch.get("by") and ch.get("by") == act.get("id"):
            # (hunt 39) "X targets Y and destroys it. Can I draw?": what the asked effect did to its
            # own target is its own part done, never a change before it resolved
            continue
        if t in names:
            if ch.get("left"):
                suppose.append({"left": {"target": names[t]}})
            else:
                suppose += [{"state": {"target": names[t], "property": c["property"],
                                       "value": c["value"]}} for c in [ch, *ch.get("also", ())]]
    refs = [f for f in reading.facts if f.type == "reference" and f.get("effect") == eid
            and f.get("n") == n and f.get("slot", 0) > 0]
    if refs and any(w in subj_words for w in ("copy", "copies", "name")):
        # "their other copies with that name": cards that are not the targets
        refs = []
    if not refs and verb in MOVES_A_CARD and targets and _names_the_target(subj_words):
        # "Is the monster still banished?" where the banishing part banishes another card
        # ("banish 1 monster from your Deck ..."): "is that part done" is another question
        st.fail(f"the part of {ref.get('card')} that does {verb!r} does it to another card than the "
                "target", q)
    if not refs:        # a part that does not act on the targets ("do I still draw?")
        return {"family": "clause-done", "effect": ref, "part": verb, "suppose": suppose}
    every = [w.lower() for w in (subj_words or (low(sub(q, "outcome_obj")) if sub(q, "outcome_obj")
                                                 is not None else []))]
    if every[:1] in (["both"], ["all"]) and len(set(targets)) > 1 and \
            every in (["both"], ["both", "of", "them"], ["all", "of", "them"], ["both", "targets"],
                      ["both", "monsters"], ["both", "cards"], ["all", "targets"], ["all"]):
        # "are both still banished?": each target is asked about; yes when each one is
        if every[0] == "both" and len(set(targets)) != 2:
            st.fail(f"it targeted {len(set(targets))} cards, not 2", q)
        specs = [{"family": "affected", "effect": ref, "target": names[t], "part": verb,
                  "suppose": suppose} for t in dict.fromkeys(targets)]
        return {**specs[0], "and": specs[1:]}
    if _asks_any(q) and len(set(targets)) > 1 and \
            sub(q, "cj_on") is None:
        # (still) "does X still do anything?" of several targets: it does when any one of them is
        # still affected (each asked; yes when one is, no when none is)
        specs = [{"family": "affected", "effect": ref, "target": names[t], "part": verb,
                  "suppose": suppose} for t in dict.fromkeys(targets)]
        return {**specs[0], "or": specs[1:]}
    if "other" in words or "remaining" in words:
        keep = [t for t in targets if t not in changed]
        # the numbers said of them ("the other 4"), not a card's index in the sentence
        said = [str(t) for n in (subj, sub(q, "outcome_obj")) if n is not None
                for t in n.scan_values(lambda v: getattr(v, "type", "") == "XNUM")]
        if said and int(said[0]) != len(keep):
            st.fail(f"'{' '.join(subj_words)}': {len(keep)} targets are left, not {said[0]}", q)
        if not keep or (len(keep) != 1 and "remaining" not in words and not said):
            st.fail("which one is 'the other'?", q)
        asked = keep[0]
    elif len(targets) != 1 and slot_of and (subj is None or _player_subject(subj)) and \
            len({f.get("slot") for f in refs}) == 1:
        # "is the Special Summon still done?": the part acts on one target group
        group = next(iter({f.get("slot") for f in refs}))
        asked = next(t for t, g in slot_of.items() if g == group)
    elif len(targets) != 1:
        # "their targeted card", "my Unchained monster": the target whose controller it says
        said_ws = subj_words
        obj_n = sub(q, "outcome_obj")
        subj_card = st.r.thing(find(subj, "thing") or subj).get("card") if subj is not None else None
        if obj_n is not None and (subj is None or subj_card == ref.get("card") or any(
                t.data.startswith("eff_") for t in subj.iter_subtrees())):
            said_ws = low(obj_n)          # "does X still destroy my card?": the object says which
        owner = owner_in_words(said_ws) if said_ws else None
        fit = [t for t in targets if owner and st._controller(t) == owner]
        named = [t for t in targets if t in (subj_card, _obj_card(st, obj_n))]
        if len(set(named)) == 1:
            fit = named                   # "Is Dark Magician still banished?": the target named
        places = [w for w in said_ws if w in ("field", "gy", "graveyard", "hand", "banished")]
        if len(set(fit)) > 1 and places:
            # "my monster on the field": of my targets, the one told to be there
            want = "gy" if places[0] in ("gy", "graveyard") else places[0]
            fit = [t for t in fit if told_place(st, t) == want]
        if len(fit) != 1:
            # "the Continuous Spell", "my face-down monster", "the one on the field": the one
            # target those words describe
            fit = described_target(st, said_ws, targets)
        if len(fit) != 1:
            st.fail("which of the targets is asked about?", q)
        asked = fit[0]
    else:
        asked = targets[0]
        subj_card = st.r.thing(find(subj, "thing") or subj).get("card") if subj is not None else None
        target_card = st.entities[asked].get("card") if asked in st.entities else asked
        if subj_card and subj_card != ref.get("card") and target_card and target_card != subj_card:
            # (a target only described, "their Set card", may be the card named: left to the rules)
            # (hunt 82) "MST targets my Call of the Haunted ... Is Blue-Eyes White Dragon
            # destroyed?": a card that is not the target is not asked of through it
            st.fail(f"{subj_card} is not what {ref.get('card')} targets: ask of its target, or of "
                    "the card whose effect does that to it", q)
    on = sub(q, "cj_on")
    if on is not None:
        # "does the banish still go through on it / on their monster?": the card asked about
        said = st.r.thing(sub(on, "thing"))
        if not said["pronoun"] and said["words"] != ["it"] and st._told_before(said) != asked:
            st.fail(f"{st.r.said(on)!r}: which target is that?", on)
    obj = sub(q, "outcome_obj")
    if obj is not None and (low(obj) in (["itself"], ["this", "card"], ["it", "self"]) or
                            _obj_card(st, obj) == ref.get("card")) and asked != ref.get("card"):
        # (hunt) "Does X still destroy itself?": the part done to the card itself, never its target
        st.fail(f"{st.r.said(obj)!r} is {ref.get('card')} itself, not its target: the part done to "
                "the card itself is not read here", obj)
    if obj is not None and low(obj)[0] == "from":
        # "banished from the field": the target must be there when the effect resolves
        place = st.r.place(sub(obj, "place"))
        now = changed.get(asked, {}).get("to") if changed.get(asked, {}).get("left") else \
            st.entities.get(asked, {}).get("place")
        if place is None or now != place:
            st.fail(f"the question says {st.r.said(obj)!r}, but the situation does not put the "
                    "card there when the effect resolves", obj)
    return {"family": "affected", "effect": ref, "target": names[asked], "part": verb,
            "suppose": suppose}


# a part said by a noun ("the destruction", "my search") and the verb of the part it names
PART_NOUNS = {"destruction": "destroy", "search": "add"}


def _part_noun_verb(q: Tree) -> str | None:
    """"Does the destruction (my search) still happen?": the part the noun names."""
    node = sub(q, "cj_part_noun")
    if node is None:
        return None
    return next((v for w, v in PART_NOUNS.items() if w in low(node)), None)


def _told_activation(st: Situate, ref: dict) -> dict | None:
    """The activation event the story told of the effect ``ref`` (its first), if any."""
    return next((e for e in st.events if e.get("kind") == "activate" and e.get("effect") == ref), None)


def _lasting_card(st: Situate, ref: dict) -> bool:
    """A Continuous, Field or Equip Spell or a Continuous Trap: a link of it whose card left the
    field resolves with no effect at all (game-rules#resolution.2), whatever its parts act on."""
    return ref.get("card") in st.db and lasting_card(st.db.get(ref["card"]))


def _moved_after_it_resolved(st: Situate, act: dict, q: Tree) -> None:
    """(hunt 35) "I activate Monster Reborn targeting X and Special Summon it. It is destroyed by
    Dark Hole. Do I ...?": the activation was told resolved before its target moved; what it did
    is done, and a later move does not undo it.  Refused (naming what was told), never read as a
    target gone before it resolved."""
    done = next((i for i, e in enumerate(st.events) if e.get("kind") == "resolve"
                 and e.get("of") == act.get("id")), None)
    if done is None:
        return
    targets = set(act.get("targets") or [])
    for e in st.events[done + 1:]:
        if any(d.get("what") in targets for d in told_steps(e)):
            st.fail(f"{act['effect'].get('card')} was told to resolve before its target moved: what "
                    "it did is done (ask of what happened after it, or tell the move before it "
                    "resolves)", q)


def _moved_card_gives(st: Situate, q: Tree) -> dict | None:
    """(session after 8ba9c0f) "If I use Sangan as Synchro Material, do I still get the search?":
    nothing was activated, and of the cards the story moved or used (named) one alone has a
    Trigger effect that gives what is asked (adds, Special Summons or draws): whether that effect
    can be activated at this point (what it gives grounded in its text); None otherwise."""
    got = sub(q, "cj_get")
    asked = None
    if got is None and "get" in low(q) and find(q, "v_action") is not None:
        # (round 117) "do I still get the draw?": the part said by its action
        asked = st.r.action(find(find(q, "v_action"), "act_verb"))
    if (got is None and asked not in GIVES) or st.acts:
        return None
    named = []
    for e in st.events:
        for w in [e.get("what"), *(e.get("materials") or [])]:
            if isinstance(w, str) and w not in named and w not in st.entities:
                named.append(w)
    fits = []
    for card in named:
        reading = st.reading(card)
        for eff in reading.effects:
            if eff.n < 1 or not any(f.type == "trigger" and f.get("effect") == eff.id
                                    for f in reading.facts):
                continue
            if any(f.type == "clause" and f.get("effect") == eff.id and f.get("verb") in GIVES
                   for f in reading.facts):
                fits.append((reading, eff))
    if asked is not None:
        fits = [(r, e) for r, e in fits if any(f.type == "clause" and f.get("effect") == e.id and
                                               f.get("verb") == asked for f in r.facts)]
    if len(fits) != 1:
        return None
    reading, eff = fits[0]
    ref = {"card": reading.card.name, "n": eff.n}
    if got is not None:
        _get_verb(st, reading, eff.id, ref, got)
    subj = sub(q, "outcome_subj")
    asker = st.r.player(sub(subj, "player")) if subj is not None and _player_subject(subj) else None
    owner = st.card_owner.get(ref["card"])
    if asker in ("you", "opponent") and owner in ("you", "opponent") and owner != asker:
        refuse_other_players_card(st, ref["card"], owner, q)
    slots = {"effect": ref}
    event = event_for(st, ref, None)
    if event is not None:
        slots["event"] = event
    return st.spec("can-activate-now", slots)


def _the_one_doing(st: Situate, q: Tree, verb: str | None) -> tuple[dict, str] | None:
    """The one told activation, still open on the Chain, whose effect does the part asked ("draw",
    "the search"), with that part's verb, when the question names no card; None when none or more
    than one does it, or when the player asked about ("Do I still draw?") is not the one who
    activated it."""
    from .links import _open_links, effect_does
    subj = sub(q, "outcome_subj")
    player = st.r.player(sub(subj, "player")) if subj is not None and _player_subject(subj) else None
    if subj is None and sub(q, "poss") is not None and sub(q, "cj_part_noun") is not None:
        player = st.r.player(sub(q, "poss"))        # "does my search still go through?"
    got = sub(q, "cj_get")
    said = verb or st.r.action(find(q, "act_verb")) or _part_noun_verb(q)
    found = {}
    open_ = set(_open_links(st))
    for aid, ref in st.acts:
        if aid not in open_:
            continue                    # told resolved: what it did is not asked this way
        asked = said
        found_eff = st.effect_of(ref) if asked is None and got is not None else None
        if found_eff is not None:            # "Do I still get the search?": the part that gives
            parts = {f.get("verb") for f in found_eff[0].facts if f.type == "clause" and
                     f.get("effect") == found_eff[1] and f.get("verb") in GIVES}
            asked = parts.pop() if len(parts) == 1 else None
        if asked is None or not effect_does(st, ref, asked):
            continue
        who = next((e.get("player") for e in st.events if e.get("id") == aid), None)
        if player is not None and player not in _doers(st, ref, asked, who):
            continue
        found[repr(sorted(ref.items()))] = (ref, asked)
    return next(iter(found.values())) if len(found) == 1 else None


def _doers(st: Situate, ref: dict, verb: str, who: str | None) -> set:
    """Who does the part of ``ref`` that does ``verb``, by its words
    (:func:`...reader.phrases.part_actor`): both players, the other player, else its own player
    ``who``."""
    actors = [part_actor(q) for q in part_quotes(st.effect_of(ref) if ref.get("card") else None, verb)]
    if "both" in actors:
        return {"you", "opponent"}
    other = {"you": "opponent", "opponent": "you"}.get(who or "")
    if actors and other and all(a == "other" for a in actors):
        return {other}
    return {who}


# the players a part's words may say do it, other than the one who activated the effect
_OTHER_DOER = re.compile(r"\b(?:your opponent|each player|both players|its controller|its owner)\b",
                         re.IGNORECASE)


def _refuse_another_players_part(st: Situate, q: Tree, act: dict, verb: str | None) -> None:
    """(hunt 111) "Does my opponent gain LP?" of my Black Return ("... gain LP equal to ..."): a
    player asked as the one doing a part that, as its text says it, the player who activated the
    effect does is another question; refused, never answered as whether the part applies."""
    subj = sub(q, "outcome_subj")
    asked = st.r.player(sub(subj, "player")) if subj is not None and _player_subject(subj) else None
    doer = act.get("player")
    verb = verb or st.r.action(find(q, "act_verb"))
    found = st.effect_of(act["effect"]) if act["effect"].get("card") else None
    if asked not in ("you", "opponent") or doer not in ("you", "opponent") or found is None:
        return
    reading, eid = found
    quotes = [f.source.quote for f in reading.facts if f.type == "clause" and
              f.get("effect") == eid and f.get("verb") == verb and f.source is not None]
    if len(quotes) == 1 and not _OTHER_DOER.search(quotes[0]) and asked != doer:
        st.fail(f"{act['effect']['card']} says {quotes[0]!r}: the player who activated it does "
                "that, not the player asked about", q)


def _player_subject(subj: Tree) -> bool:
    """"Do I still get ...?": the subject is the player, not a card (it says nothing of which
    target is asked about)."""
    return [t.data for t in subj.children if isinstance(t, Tree)] == ["player"]


def _part_needs_itself(st: Situate, ref: dict, verb: str | None) -> str | None:
    """The part ``verb`` of the effect ``ref`` when it, or a part before it in the same effect,
    acts on "this card" (the card itself): the verb asked about; None otherwise."""
    from ...reader.phrases import names_this_card
    from .links import effect_does
    if not verb or not ref.get("card"):
        return None
    reading = st.reading(ref["card"])
    applied = {f.get("effect") for f in reading.facts if f.type == "on_card_activation"}
    for e in reading.effects:
        if e.n == 0 or (ref.get("select") == "activation" and e.id not in applied):
            continue
        if ref.get("select") != "activation":
            try:
                if select_effect(reading, ref) != e.id:
                    continue
            except QuestionError:
                continue
        parts = sorted((f for f in reading.facts if f.type == "clause" and f.get("effect") == e.id),
                       key=lambda f: f.get("n") or 0)
        # (hunt 124) a part the reader read as done to the card itself ("change this face-up
        # Attack Position card you control to ...", fact self_object) counts as well
        own = {f.get("n") for f in reading.facts if f.type == "self_object" and f.get("effect") == e.id}
        upto = []
        for f in parts:
            upto.append(f)
            if f.get("verb") == verb:
                if any(f_.get("n") in own or f_.source is not None and
                       names_this_card(f_.source.quote) for f_ in upto):
                    return verb
                break
    return None


def _named_face_up_on_field(st: Situate, reading, eid: str, t: str, slot: int) -> bool:
    """The target ``t`` is a card named by its name, and the effect can target only a face-up card
    on the field in that slot: it was one when it was targeted."""
    if t not in st.db:
        return False
    conds = {f.get("condition") for f in reading.facts if f.type == "target_condition"
             and f.get("effect") == eid and f.get("slot") == slot and f.get("value") == "yes"}
    return {"face-up", "on-field"} <= conds


def _needs_itself(st: Situate, ref: dict) -> bool:
    """The effect has a part done to "both that target and this card" (reader fact ``both_self``)."""
    found = st.effect_of(ref)
    return found is not None and any(f.type == "both_self" and f.get("effect") == found[1]
                                     for f in found[0].facts)


def _obj_card(st: Situate, obj: Tree | None) -> str | None:
    """The card an outcome's object names ("does X still banish Dark Magician?"), if any."""
    if obj is None:
        return None
    thing = find(obj, "thing")
    return st.r.thing(thing).get("card") if thing is not None else None


def _count_said_fits(st: Situate, q: Tree, reading, eid: str, verb: str) -> None:
    """"Do I still draw 2?": a number said of the part must be the card's number for it."""
    obj = sub(q, "outcome_obj")
    nums = [str(t) for t in obj.scan_values(lambda v: getattr(v, "type", "") == "XNUM")] \
        if obj is not None else []
    if not nums or {"other", "remaining"} & set(low(obj)):
        return                 # "the other 4": the targets left (checked with the targets)
    quotes = [f.source.quote for f in reading.facts if f.type == "clause" and f.get("effect") == eid
              and f.get("verb") == verb and f.source]
    if verb == "inflict" and quotes and all(re.search(r"\bequal to\b", q_, re.IGNORECASE)
                                            for q_ in quotes) and \
            not any(re.search(rf"\b{nums[0]}\b", q_) for q_ in quotes):
        # "do I still inflict 2500 damage?" of damage "equal to its ATK": how much is not in the
        # text; asked too (a yes waits on it, a no stands)
        st.result_needs = [*getattr(st, "result_needs", []), f"whether that damage is {nums[0]}"]
        return
    if not any(re.search(rf"\b{nums[0]}\b", q_) for q_ in quotes):
        st.fail(f"{reading.card.name} does not say {nums[0]} for that part", obj)


def _fits_group(st: Situate, t: str, quote: str) -> bool:
    """Can the told target ``t`` be one of the group "1 FIRE monster in your GY" (its place and
    its controller, as far as the words tell them)?"""
    q = quote.lower()
    place = "gy" if re.search(r"\b(?:gy|graveyard)\b", q) else "hand" if "hand" in q else \
        "banished" if "banished" in q else "field" if re.search(r"\bcontrols?\b|\bfield\b", q) else None
    told = told_place(st, t)
    if place and told and place != told:
        return False
    side = "opponent" if "opponent" in q else "you" if re.search(r"\byou(?:r)?\b", q) else None
    ctrl = st._controller(t)
    return not (side and ctrl and side != ctrl)


def _summon_verb(st: Situate, reading, eid: str, q: Tree) -> str:
    """"Summon" said of an effect's part: the one kind of Summon that effect does."""
    kinds = [v for v in ("special-summon", "normal-summon") if _does(reading, eid, v)]
    if len(kinds) != 1:
        st.fail("which Summon? ('Special Summon')", q)
    return kinds[0]


def _does(reading, eid: str, verb: str) -> bool:
    try:
        select_clause(reading, eid, verb)
        return True
    except QuestionError:
        return False


def _told_conds(st: Situate, fam: Tree, act: dict) -> None:
    """"I activate X targeting 5 monsters. If one of the 5 monsters targeted by X is banished in
    response, ...": a supposition about the targets of an activation the sentences told.  Only
    "one of the N ... targeted by X" (N = its number of targets) and "it"/"the target" (its only
    target) leaving or turning face-up/face-down are placed; any other is refused, never dropped."""
    node = sub(fam, "situation")
    if node is None:
        return
    targets = list(dict.fromkeys(act.get("targets") or []))
    for cond in subs(node, "cond"):
        c = cond.children[0]
        ch = next((x for x in c.children if isinstance(x, Tree) and x.data in ("ch_left", "ch_face")),
                  None)
        kind = ch.data if ch is not None else None
        if c.data == "cond_one_of_two" and kind in ("ch_left", "ch_face"):
            ref = st.effect_ref(st.r.effect(first_effect(c)))
            if ref.get("card") != act["effect"].get("card"):
                st.fail("the targets of which activation? (tell it first)", c)
            w = low(sub(c, "num"))[0]
            n = int(w) if w.isdigit() else COUNT_WORDS.get(w)
            if n != len(targets):
                st.fail(f"it targeted {len(targets)}, not {w}", c)
            which = targets[0]
        elif c.data == "cond_target_change" and kind in ("ch_left", "ch_face") and \
                low(sub(c, "tgt_subj")) in (["it"], ["the", "target"]) and len(targets) == 1:
            which = targets[0]
        else:
            st.fail("the situation model has no place for " + repr(st.r.said(c)) +
                    " beside the told situation", c)
        if kind == "ch_left":
            note_change(st, which, {"left": True})
        else:
            note_change(st, which, {"property": "face",
                                    "value": "face-down" if "face-down" in low(ch) else "face-up"})


def _names_the_target(subj_words) -> bool:
    """Does the question's subject name the targeted card ("the monster", "it", "the face-down
    target"), not other cards ("the cards with the same name", "I")?"""
    ws = [w.lower() for w in subj_words]
    return bool({"it", "they", "monster", "monsters", "target", "targets"} & set(ws)) and \
        not {"name", "copy", "copies", "other", "i", "you"} & set(ws)


def each_outcome(build):
    """"Does X still destroy my monster and Special Summon the other one?" (``outcome_pair``): each
    part is built as a question of its own about the same effect and situation, joined with "and"
    (yes when every part is done, no when one is not)."""
    def built(st: Situate, fam: Tree) -> dict:
        pair = find(fam, "outcome_pair")
        if pair is None:
            return build(st, fam)
        first, more = pair.children[0], pair.children[-1]
        at = next(i for i, c in enumerate(first.children)
                  if isinstance(c, Tree) and c.data == "v_action")
        second = Tree("outcome_q", list(first.children[:at]) + list(more.children))
        specs = [build(st, Tree("fam_clause_done", [q])) for q in (first, second)]
        if any(sp.get("and") or sp.get("or") for sp in specs):
            st.fail("ask each part on its own", pair)
        shared = ("situation", "entities")
        return {**specs[0], "and": [{k: v for k, v in specs[1].items() if k not in shared}]}
    return built
