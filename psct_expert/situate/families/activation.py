"""Can I activate X now (``can-activate-now``): at the point the told situation reached, during a
phase, in response to a Summon, from the hand, with a purpose, or with "its effect" (the effect of
the card that does what the question says)."""

from __future__ import annotations

from ... import kre as re

from typing import TYPE_CHECKING

from lark import Token, Tree

from ...errors import QuestionError
from ...gamewords import gamewords
from ...parser.transform import find, low, now_whens, sub, subs
from ...reader.phrases import names_another_side, part_side
from ...reader.select import select_effect
from ..phases import add_phase
from ..procedures import unpayable_costs
from ..refs import effect_does_action, part_quotes, said_pairs_fit
from ..words import norm
from .common import (asker_of, effect_facts, field_holder, first_effect, other_players_spell_trap,
                     possessive_of, poss_of, refuse_other_players_card,
                     refuse_other_players_spell_trap, still_the_turn_it_was_set, told_only_in_hand,
                     told_steps)
from .links import (_open_links, activation_effect, card_removed, effect_does, event_for,
                    open_activation, resolves_after)
from .negation import check_activator, negates_what_is_activated

if TYPE_CHECKING:
    from ..told import Situate


# what a player "gets to" do with an effect, said by its verb ("do I still get to draw?")
_GETS = {"draw": "draw", "search": "add", "destroy": "destroy", "banish": "banish",
         "revive": "special-summon", "burn": "inflict"}


def _still_gets_after_negation(st: Situate, fam: Tree, ref: dict) -> dict | None:
    """"I activate X and my opponent negates it. Do I still get to draw?": what the negated
    activation would have done, asked (the ``still-done`` question), never whether X can be
    activated again.  None when the story did not end with that card's activation negated."""
    said = low(fam)
    desc = find(fam, "eff_desc")
    if "still" not in said or "get" not in said or desc is None:
        return None
    verb = _GETS.get(low(desc)[0])
    negated = st.events[-1] if st.events and st.events[-1].get("kind") == "negate" else None
    of = next((r for aid, r in st.acts if negated is not None and aid == negated.get("of")), None)
    if verb is None or of is None or of.get("card") != ref.get("card"):
        return None
    if not effect_does(st, of, verb):
        st.fail(f"{of['card']} has no part that does {verb!r}", fam)
    return st.spec("still-done", {"effect": of, "verb": verb})


def _still_gets_after_chain(st: Situate, fam: Tree, ref: dict) -> dict | None:
    """"X is destroyed and its effect activated; my opponent chains Y. Do I still get the
    search from X?": the story told that very effect activated and links chained
    to it, not negated, so what is asked is whether it still resolves (the links chained after it
    resolve first), never whether it can be activated again.  None when the story did not leave
    that effect's activation open with a link chained after it, or nothing is said it gets."""
    said = low(fam)
    if "still" not in said or "get" not in said or \
            any(e.get("kind") == "negate" for e in st.events):
        return None
    # what is got, said after "get" ("the search from X", "X's search", "X's search effect")
    verb = next((_GETS[w] for w in said[said.index("get") + 1:] if w in _GETS), None)
    aid = open_activation(st, ref)
    open_ = _open_links(st)
    if verb is None or aid is None or aid == open_[-1]:
        return None
    if not effect_does(st, ref, verb):
        st.fail(f"{ref['card']} has no part that does {verb!r}", fam)
    return resolves_after(st, ref, fam)


def _flip_of_the_attacked(st: Situate, fam: Tree, ref: dict) -> dict | None:
    """(session after 34b7d8b) "My opponent attacks my face-down Man-Eater Bug. Does its effect
    activate?", "Do I still get its flip effect?": the effect asked of is the Flip effect of the face-down monster told attacked last,
    nothing told after the attack and nothing else asked: whether it activates after that battle
    (the flip-activates question), never whether it could be activated at this point."""
    if not ref.get("card") or now_whens(fam) or sub(fam, "purpose") is not None \
            or sub(fam, "if_sit") is not None or not ({"do", "does", "did", "will"} & set(low(fam)[:3])):
        return None
    attacks = [i for i, e in enumerate(st.events) if e.get("kind") == "attack" and e.get("target")]
    if not attacks:
        return None
    eid = st.events[attacks[-1]]["target"]
    # (nothing told after the attack but the attacked monster destroyed by that battle)
    if any(not (e.get("kind") == "move" and e.get("what") == eid and e.get("by") == "battle")
           for e in st.events[attacks[-1] + 1:]):
        return None
    ent = st.entities.get(eid, {})
    if ent.get("card") != ref["card"] or ent.get("face") != "down":
        return None
    reading = st.reading(ref["card"])
    flips = [f.get("effect") for f in reading.facts if f.type == "trigger" and f.get("word") == "flip"]
    try:
        asked = select_effect(reading, ref)
    except QuestionError:
        return None
    if flips != [asked] or re.match(r"(?i)\s*flip\s*:[^.;\"]*:", next(
            (e.text for e in reading.all_effects() if e.id == asked), "")):
        return None     # (hunt 92) a Flip effect with a condition of its own: asked as it was said
    return st.spec("flip-activates", {"effect": {"card": ref["card"], "n": int(asked.rpartition("#")[2])},
                                      "entity": eid})


def build_can_activate_now(st: Situate, fam: Tree) -> dict:
    """"Can I activate X (during the Damage Step / in response to that Summon / then)?"."""
    if sub(fam, "act_by") is not None:
        return negates_what_is_activated(st, fam)   # "Can X negate a monster effect that ...?"
    purpose = sub(fam, "purpose") or sub(fam, "does_now")
    hint = [st.r.action(sub(purpose, "act_verb"))] if purpose is not None and \
        sub(purpose, "act_verb") is not None else []
    also_own = None             # what "with its effect" is said to be done to, asked too
    if sub(fam, "own_eff") is not None:
        # "can I still Special Summon X from my hand with its effect?"
        ref = _own_effect(st, fam)
        if open_activation(st, ref) is not None:
            spec = resolves_after(st, ref, fam)
            named = st.r.thing(sub(fam, "thing")).get("card")
            text = " ".join(e.text for e in st.reading(ref["card"]).effects)
            if named and named != ref["card"] and named not in text:
                spec["also_needs"] = f"whether that effect can {st.r.said(find(fam, 'act_verb'))} {named}"
            return spec
        thing = sub(fam, "thing")
        if thing is not None and st.r.thing(thing).get("card") != ref.get("card"):
            # (hunt 90) "Can I add Blue-Eyes White Dragon with Sangan's effect?": whether that
            # effect can do that to that card is asked too (its text's limits, "1500 or less ATK",
            # are not matched against a card named): a yes waits on it, a no stands
            also_own = f"whether that effect can {st.r.said(find(fam, 'act_verb'))} " \
                       f"{st.r.said(thing)}"
    else:
        if any(low(w)[0] == "from" and low(w)[-1] == "hand" for w in now_whens(fam)):
            hint.append("from:hand")       # "activate X from my hand": of its effects, the hand's
        subj = [c for u in fam.children if isinstance(u, Tree) and u.data == "own_user"
                for c in u.children if isinstance(c, Token) and c.type == "XCARD"]
        if subj:
            # sisterGK: "Can Baronne de Fleur use its destroy effect ...?": "its" is the card named
            # as who uses it
            st.last_card = st.db.get(st.r.card(subj[0])).name
        ir = st.r.effect(first_effect(fam))
        moved = _told_moves(st, ir.get("card") or (st.last_card if ir.get("how") in (
            "eff_its", "eff_it") else None))
        if moved:
            # "Raigeki Break destroys my X. Can I activate X's effect?": of X's effects, the one
            # whose trigger names what happened to X
            hint.append(f"moved:{moved[-1]}")
            if moved[-1] in ("sent-to-gy", "destroyed", "discarded", "tributed", "detached"):
                hint.append("from:gy")      # (or the one used from the GY, where it went)
        # (of its effects, those that are activated: "can I activate / use X's effect?")
        ref = st.effect_ref(ir, hint=["activated", *(h for h in hint if h)])
        outcome = _still_gets_after_negation(st, fam, ref) or _still_gets_after_chain(st, fam, ref)
        if outcome is not None:
            return outcome
        flipped = _flip_of_the_attacked(st, fam, ref)
        if flipped is not None:
            return flipped
    slots: dict = {"effect": ref}
    owner = _card_player(st, ref, fam)
    # (hunt 35) a monster the story put on a player's field (Special Summoned by their effect) is
    # that player's to activate, whoever owns it
    holder = field_holder(st, ref)
    owner = holder or owner
    # "Does their Sangan's effect activate?", "Can its effect be activated?": no player said, the
    # card's own player activates it (a card's effects are its own player's)
    asker = owner if sub(fam, "player") is None and owner in ("you", "opponent") else asker_of(st, fam)
    if st.cannot:
        slots["cannot"] = list(st.cannot)      # "I have no cards in my hand to discard"
    whens = now_whens(fam)
    described = _only_a_described_target(st, ref, whens, purpose)
    if described is not None:                # "Can I activate X targeting a card I control?"
        return st.spec("can-target", {"effect": ref, "entity": described})
    also = []
    aimed = []                               # (round 81) cards told only by what they are
    for w in whens:
        if low(w)[0] in ("on", "targeting") and sub(w, "thing") is not None:
            from .targeting import described_target
            said = st.r.thing(sub(w, "thing"))
            eid = described_target(st, ref, sub(w, "thing")) if not said.get("pronoun") and \
                _targets(st, ref) else None
            if eid is not None:
                # "Can I use Effect Veiler on my own monster ...?": whether it can target that card
                # is a part of the question the rules answer (a no settles it)
                aimed.append({"family": "can-target", "effect": ref, "entity": eid})
            elif said.get("card") and not st.events and len(whens) == 1 and \
                    not _targets(st, ref) and _negates_activations(st, ref):
                # "Does Ash Blossom work on Pot of Desires?" (no story): a card that negates
                # activations and targets nothing, used "on" a card, is asked whether it can negate
                # that card's activation (never "can it target it", a question it does not ask)
                return st.spec("negate-activation", {"negator": ref, "activated": {"card": said["card"]}})
            else:
                also.append(f"whether it can target {st.r.said(sub(w, 'thing'))}")
            continue
        if low(w) == ["after", "that"]:
            continue                         # "after that": the point the situation reached
        if low(w)[:3] in (["after", "the", "chain"], ["after", "that", "chain"]):
            if not st.acts:
                st.fail("after which Chain? (tell what was activated)", w)
            if not st.events or st.events[-1].get("kind") != "resolve":
                st.events.append({"kind": "resolve"})    # the Chain told has resolved
            continue
        if low(w)[0] == "from":              # "from my hand": where it would be activated from
            if sub(w, "poss") is not None and poss_of(st, fam, sub(w, "poss")) != asker:
                st.fail("from whose hand? (the player who activates it)", w)
            slots["from"] = "hand"
            continue
        if "set" in low(w) or "setting" in low(w):    # "the turn I Set it": Set this turn
            who = st.r.player(sub(w, "player")) if sub(w, "player") is not None else asker
            if who != asker:
                st.fail("a card is Set by the player who activates it", w)
            slots["set_this_turn"] = True
            continue
        ph = sub(w, "phase")
        if ph is None and "damage" in low(w):   # "before damage calculation" (game-rules#damage-step.1)
            _damage_step_part(st, "before-damage-calculation" if "before" in low(w) else
                              "after-damage-calculation" if "after" in low(w) else
                              "start" if "start" in low(w) else "damage-calculation")
            continue
        if ph is None and low(w)[-1:] == ["turn"]:
            _told_turn(st, w)                # "during my opponent's turn": the turn, not the phase
            continue
        if ph is not None:
            phase = st.r.phase(ph)
            turn = st.r.player(sub(w, "poss"))
            if turn not in ("you", "opponent") and low(w)[:3] == ["at", "the", "end"] and any(
                    f.type == "phase_condition" and f.get("phase") == phase
                    and f.get("turn") == "any" and f.get("effect") == select_effect(
                        st.reading(ref["card"]), ref) for f in st.reading(ref["card"]).facts):
                # "at the end of the Battle Phase" of an effect whose own window is that, in
                # either player's turn: the phase is told, whose turn it is is not
                st.events.append({"kind": "phase", "phase": phase, "turn": "any"})
                continue
            if turn not in ("you", "opponent"):
                # "I conducted my Battle Phase. Can I activate X in Main Phase 2?": a phase of
                # no player said is one of the turn told last
                turn = next((e["turn"] for e in reversed(st.events) if e.get("kind") == "phase"
                             and e.get("turn") in ("you", "opponent")), None) or turn
            if turn not in ("you", "opponent"):
                # the Damage Step's rules are the same in either turn: whose it is is not said
                # (a window of one player's turn, "During your opponent's turn", is not settled);
                # another phase is read in each player's turn
                turn = "any" if phase == "damage-step" else \
                    st.turn_of_phase(w, "during my opponent's Main Phase 2")
            told = add_phase(st, {"kind": "phase", "phase": phase, "turn": turn})
            if gamewords().phase_of(" ".join(low(ph))) == "damage-calculation":
                told["step"] = "damage-calculation"    # "during damage calculation"
            elif phase == "damage-step" and low(w)[:3] == ["at", "the", "end"]:
                told["step"] = "end"                   # "at the end of the Damage Step"
        elif "summon" in low(w) or "against" in low(w):
            if not st.summons:
                st.fail("which Summon? (tell it first)", w)
            last = st.summons[-1][1]
            if low(w)[0] in ("after", "right") and ref.get("card") in (last.get("materials") or []) \
                    and st.events and st.events[-1] is last:
                # "I Tribute X to Tribute Summon Y. Can I use X's effect after the Summon?": the
                # point the story reached (X's own event was being used for it), not an answer to it
                continue
            slots["event"] = st.summons[-1][0]
        elif low(w)[0] not in ("with", "now", "right", "then"):   # "with ...": parts.py reads it
            st.fail(f"{st.r.said(w)!r} is not placed in this question", w)
    if holder is not None and holder != asker and sub(fam, "player") is not None:
        # (hunt 35) "My opponent activates Monster Reborn targeting X in my GY and Special Summons
        # it. Can I activate X's effect?": it is on their field, theirs to control
        st.fail(f"{ref['card']} is on {possessive_of(holder)} field, as the story tells it (told "
                "there, and not told moved since): the effects of a monster on the field are "
                "activated by the player who controls it; ask from that player's side", fam)
    if slots.get("from") is None and ref.get("card") and st.db.get(ref["card"]).kind == "spell" and \
            told_only_in_hand(st, ref["card"], asker):
        # (hunt 132d) "It's my opponent's turn and I have Called by the Grave in my hand. Can I
        # activate it?": a Spell told in the hand, and nowhere else, is activated from there
        slots["from"] = "hand"
    spell_trap_holder = other_players_spell_trap(st, ref, asker)
    if spell_trap_holder is not None and sub(fam, "player") is not None and slots.get("from") != "hand":
        # (hunt 76) "My opponent controls a Set Mirror Force. Can I activate Mirror Force?": the
        # only copy told is on the other player's field, theirs to activate
        refuse_other_players_spell_trap(st, ref["card"], spell_trap_holder, fam)
    if owner is not None and owner != asker and sub(fam, "player") is not None:
        # (hunt) "My opponent's Sangan is destroyed. Can I activate Sangan's effect?": a card's
        # effect is its own player's to activate ("you" on it is its controller)
        refuse_other_players_card(st, ref["card"], owner, fam)
    if still_the_turn_it_was_set(st, ref, asker):
        slots["set_this_turn"] = True
    if not whens and not st.events and not slots.get("set_this_turn") and not st.cannot:
        st.fail("at what point? (tell what happened, or 'during the Damage Step')", fam)
    if st.events and st.events[-1].get("kind") == "negate" and st.events[-1].get("by") and \
            _open_links(st):
        # (hunt 44) "My Pot of Desires was negated by Solemn Judgment. Can I activate Upstart
        # Goblin?": a negation told is its negator resolving; nothing is activated until the
        # Chain has resolved to its end (game-rules#chain.4), so the question is asked after it
        st.events.append({"kind": "resolve"})
    if st.events and st.events[-1].get("kind") == "resolve" and st.events[-1].get("of") and \
            _open_links(st):
        # a story that stops while its Chain is still resolving (a later link told resolved, an
        # earlier one not yet): nothing is activated until the Chain has resolved to its end
        # (game-rules#chain.4), so the question is asked after it
        st.events.append({"kind": "resolve"})
    told_then = any(e.get("kind") == "move" and e.get("by") == "battle" for e in st.events)
    if "event" not in slots and (told_then or not any(sub(w, "phase") for w in whens)):
        # (the Damage Step said with a destruction by battle told: "X is destroyed by battle.
        # Can I activate its effect in the Damage Step?" asks of that event, in that step)
        event = _attack_answered(st, ref)
        if event is None:
            event = event_for(st, ref, purpose)
        if event is not None and _done_by_a_negated_link(st, event):
            event = None     # (hunt 115) what a negated link was told to do never happened
        if event is not None:
            slots["event"] = event
            _trigger_after_chain(st, ref, event)
            if _done_by_open_link(st, event):
                # "Raigeki destroyed my monster. Can I activate Call of the Haunted?": what a link
                # still open does has not happened (only a trigger, above, has the Chain resolve
                # for it); the question is asked with no event
                del slots["event"]
    cannot = [v for v in unpayable_costs(st, ref, player=asker,
                                         own_place=slots.get("from"))
              if v not in slots.get("cannot", [])]
    if cannot:
        slots["cannot"] = slots.get("cannot", []) + cannot
    elif ref.get("card"):
        # "I have 11 cards in my Deck. Can I activate X?" (X banishes 10 as its cost, then draws
        # 2): a part its resolution cannot do with what is left once the cost is paid
        from .parts import impossible_parts
        short = [v for v in impossible_parts(st, ref, asker, after_cost=True)
                 if v not in slots.get("cannot", [])]
        if short:
            slots["cannot"] = slots.get("cannot", []) + short
    if asker != "you":
        slots["player"] = asker      # "Can my opponent activate X?"
    used = _told_use(st, ref, asker)
    if used is not None:
        st.events.append(used)
    if purpose is None and not whens and not st.acts and _negates_a_summon_unread(st, ref):
        # (hunt 115) "My opponent Tribute Summons Jinzo. Can I activate Forced Back?": a card whose
        # text negates a Summon (with no condition the reader reads) is activated while that Summon
        # is being made, before the monster is on the field: which moment is asked is not settled
        st.fail(f"{ref['card']} negates a Summon: ask whether it negates that Summon ('Can "
                f"{ref['card']} negate that Summon?')", fam)
    if purpose is None and not whens and not st.acts and _a_summon_negator_alone(st, ref):
        # (hunt 114) "My opponent Normal Summons X. Can I activate Solemn Warning?": with the
        # Summon told last and nothing activated, a card whose one effect negates Summons can
        # only answer that Summon: whether it negates it (the restatement says so)
        from .negation import answer_told_summon
        told = answer_told_summon(st, fam, None)
        if told is not None:
            return told
    if purpose is not None and not st.acts and st.r.action(sub(purpose, "act_verb")) == "negate" and \
            low(purpose)[2:] in ([], ["it"], ["that", "summon"], ["the", "summon"], ["this", "summon"]):
        # (session after 34b7d8b) "My opponent Synchro Summons X. Can I activate Solemn Warning to
        # negate it?": whether that card negates the Summon told last (as "Can I respond with
        # Solemn Warning?" asks it)
        from .negation import answer_told_summon
        told = answer_told_summon(st, fam, None)
        if told is not None:
            return told
    spec = st.spec("can-activate-now", slots)
    if purpose is not None:
        obj = low(purpose)[2:]
        if st.r.action(sub(purpose, "act_verb")) == "negate" and obj in ([], ["it"]) and st.acts:
            # "... to negate it": it must also be able to negate that activation
            check_activator(st, ref, st.acts[-1][0], asker)
            spec["and"] = [{"family": "negate-activation", "negator": ref,
                            "activated": st.acts[-1][0]}]
        elif sub(purpose, "stat_verb") is not None:
            # "to halve the attacker's ATK": the effect must change ATK or DEF itself, and (hunt 92)
            # the way said ("halve", "double", "boost" ...) must be a way its parts change it
            from ...parser.names import vocabulary
            ways = set((vocabulary().get("stat_purposes") or {}).get(low(sub(purpose, "stat_verb"))[0], ()))
            facts = effect_facts(st, ref)
            stats = [w for w in low(find(purpose, "stat_word")) if w in ("atk", "def", "atk/def")] \
                if find(purpose, "stat_word") is not None else []
            quotes = " ".join(getattr(f.source, "quote", "") or "" for f in facts
                              if f.type == "clause").lower()
            if not any(f.type == "stat_change" for f in facts) or not any(
                    f.type in ("clause", "clause_verb") and f.get("verb") in ways for f in facts) or \
                    any(x not in quotes for w in stats for x in w.split("/")):
                also.append(f"whether it can {st.r.said(purpose)[3:]}")
        elif not purpose_is_its_own(st, ref, purpose):
            said = st.r.said(purpose)
            also.append(f"whether it can {said[3:] if purpose.data == 'purpose' else said}")
    if aimed:
        spec["entities"] = dict(st.entities)
        spec["and"] = spec.get("and", []) + aimed
    if also_own:
        also.append(also_own)
    if also:
        spec["also_needs"] = "; ".join(also)
    return spec


def _done_by_a_negated_link(st: Situate, event: str) -> bool:
    """Is ``event`` a step of a link told negated (by a link not negated in turn)?"""
    from ..targets import _negated
    return any(e.get("kind") == "activate" and _negated(st, e.get("id")) and
               any(d.get("id") == event for d in e.get("does") or []) for e in st.events)


def _negates_a_summon_unread(st: Situate, ref: dict) -> bool:
    """A Summon told last, and a card whose text says "negate the ... Summon" with no Summon
    negation condition read (no ``negation_scope``)."""
    from .negation import negates_summons, summon_told_last
    told = summon_told_last(st)
    if not ref.get("card") or told is None or negates_summons(st, ref):
        return False
    # (only when the monster being Summoned locks activations once it is on the field: whether
    # the lock applies yet is what turns on the moment asked)
    what = st.entities.get(told[1].get("what"), {}).get("card") or told[1].get("what")
    summoned = st.db.find(what) if isinstance(what, str) else None
    if summoned is None or "cannot be activated" not in (summoned.text or "").lower():
        return False
    found = st.effect_of(ref)
    return found is not None and any(
        f.type == "clause" and f.get("verb") == "negate" and f.get("effect") == found[1] and
        f.source is not None and "summon" in f.source.quote.lower() for f in found[0].facts)


def _a_summon_negator_alone(st: Situate, ref: dict) -> bool:
    """A Spell or Trap Card with one effect, which negates Summons, and a Summon told last."""
    from .negation import negates_summons, summon_told_last
    if not ref.get("card") or summon_told_last(st) is None:
        return False
    from ...reader.numbering import numbered
    reading = st.reading(ref["card"])
    return reading.card.kind in ("spell", "trap") and len(numbered(reading)) == 1 and \
        negates_summons(st, ref)


def _negates_activations(st: Situate, ref: dict) -> bool:
    """Does the asked effect negate activations (its text's negation scope)?"""
    return any(f.type == "negation_scope" and f.get("what") == "activation"
               for f in effect_facts(st, ref))


def _targets(st: Situate, ref: dict) -> bool:
    """Does the asked effect target (the word "target" before its semicolon)?"""
    return any(f.type == "target" for f in effect_facts(st, ref))


def _told_use(st: Situate, ref: dict, asker: str) -> dict | None:
    """(once) The asked effect, told activated earlier by the same player and resolved or negated
    since, when a limit on its name binds every copy ("Sangan is destroyed and I add a monster with
    its effect. A second Sangan is sent to the GY. Can I activate its effect?"): a ``used`` event,
    so the once-per-turn rules say whether it may be activated again.  None when nothing of the
    kind was told, its activation is still on the Chain, or whether the activation or only its
    effect was negated is not said (the limits may count them differently)."""
    from .once import _binds_every_copy, _events_after, _same_effect

    if not ref.get("card") or not _binds_every_copy(st, ref):
        return None
    for aid, r in reversed(st.acts):
        if r.get("card") != ref["card"] or not (r == ref or _same_effect(st, r, ref)):
            continue
        act = next(e for e in st.events if e.get("id") == aid)
        if act.get("player") != asker or aid in st.assumed_negation:
            return None
        if _before_this_turn(st, act) and not _limited_per_duel(st, ref):
            # (hunt 132g) activated before the turn the story tells last began: a limit of once
            # per turn counts only this turn's uses (game-rules#once-per-turn.4)
            return None
        if _turn_told_only_after(st, act) and not _limited_per_duel(st, ref):
            # (hunts 133k/133n) "I activate X's effect. It is now my opponent's turn. ...": no
            # turn told before the use, one told after it: in that turn, or in an earlier one?
            st.fail(f"was {ref['card']} used in the turn told after it, or in an earlier turn? "
                    "(tell the turn first: 'It is my Main Phase 1. I activate ...')")
        negated = next((e for e in _events_after(st, aid)
                        if e.get("kind") == "negate" and e.get("of") == aid), None)
        if negated is None and aid in _open_links(st):
            return None
        if negated is None:
            from ..targets import refuse_untold_negation

            refuse_untold_negation(st, aid)
        return {"kind": "used", "effect": r, "player": asker, "copy": "same", "since": "stayed",
                "outcome": f"{negated['what']}-negated" if negated else "resolved"}
    return None


def _before_this_turn(st: Situate, event: dict) -> bool:
    """Was ``event`` told before the turn the story tells last began (:func:`turn_starts`)?"""
    from ..refusals import turn_starts

    starts = turn_starts(st.events)
    at = next((i for i, e in enumerate(st.events) if e is event), None)
    return bool(starts) and at is not None and at < starts[-1]


def _turn_told_only_after(st: Situate, event: dict) -> bool:
    """Is no turn or phase told before ``event``, and one told after it?"""
    at = next((i for i, e in enumerate(st.events) if e is event), None)
    if at is None:
        return False
    told = [i for i, e in enumerate(st.events) if e.get("kind") == "phase" and not e.get("done")]
    return bool(told) and told[0] > at


def _limited_per_duel(st: Situate, ref: dict) -> bool:
    """Is the asked effect's limit once per Duel (it counts every turn)?"""
    found = st.effect_of(ref)
    return found is not None and any(f.type == "once_per_duel" and f.get("effect") == found[1]
                                     for f in found[0].facts)


def _done_by_open_link(st: Situate, event: str) -> bool:
    """Is ``event`` a step of a link the story has not told resolved?"""
    open_ = set(_open_links(st))
    return any(e.get("kind") == "activate" and e.get("id") in open_ and
               any(d.get("id") == event for d in e.get("does") or []) for e in st.events)


def _trigger_after_chain(st: Situate, ref: dict, event: str) -> None:
    """A trigger asked about a move a link still open does when it resolves ("I chain X targeting my
    monster and destroy it. Can I activate its effect?"): the move happened, so that link resolved,
    and a trigger is activated only once the whole Chain has resolved (game-rules#chain.4,
    #missing-the-timing.9): the Chain told resolves first."""
    open_ = set(_open_links(st))
    stepped = [e for e in st.events if e.get("kind") == "activate" and e.get("id") in open_
               and any(d.get("id") == event for d in e.get("does") or [])]
    if not stepped or not ref.get("card"):
        return
    reading, eid = st.effect_of(ref) or (None, None)
    if reading is not None and any(f.type == "trigger" and f.get("effect") == eid
                                   for f in reading.facts):
        st.events.append({"kind": "resolve"})


def _attack_answered(st: Situate, ref: dict) -> str | None:
    """The told attack declaration an effect whose condition names an attack ("When an opponent's
    monster declares an attack: ...") would answer: the newest one told (game-rules#battle.4)."""
    attacks = [e for e in st.events if e.get("kind") == "attack"]
    if not attacks or not any(f.type == "trigger_names" and f.get("name") == "attack"
                              for f in effect_facts(st, ref)):
        return None
    attacks[-1].setdefault("id", f"atk{len(attacks)}")
    return attacks[-1]["id"]


def _damage_step_part(st: Situate, step: str) -> None:
    """A part of the Damage Step said after the phase ("in the Damage Step, before damage
    calculation") or alone ("before damage calculation"): the Damage Step, at that part."""
    last = st.events[-1] if st.events else None
    if last is not None and last.get("kind") == "phase" and last.get("phase") == "damage-step":
        last["step"] = step
    else:
        st.events.append({"kind": "phase", "phase": "damage-step", "turn": "any", "step": step})


STOP = {"a", "an", "the", "1", "one", "monster", "monsters", "card", "cards", "from", "my", "your",
        "their", "to", "in", "hand", "deck", "gy", "graveyard", "field", "on",
        # "to negate something that targets it": what the text says of "a card or effect ... that
        # targets this card" (its other words must stand in the text)
        "something", "anything", "that", "which", "it"}


def purpose_is_its_own(st: Situate, ref: dict, purpose: Tree) -> bool:
    """"Can I activate X to Special Summon a Yang Zing monster?": the purpose only says what X
    does (its verb, and words of its own text), so it asks nothing more."""
    verb = st.r.action(sub(purpose, "act_verb"))
    found = st.effect_of(ref) if verb else None
    if found is None:
        return False
    reading, eid = found
    if not effect_does_action(reading.facts, eid, verb):
        return False
    thing = sub(purpose, "thing")
    if thing is None:
        return low(purpose)[-1] != "it"     # "to destroy it": is "it" what the effect destroys?
    full = next(e.text for e in reading.all_effects() if e.id == eid)
    text = set(norm(full).split())
    said = norm(st.r.said(purpose)).split()[2:]
    doing = [getattr(f.source, "quote", "") or "" for f in reading.facts if f.type == "clause"
             and f.get("effect") == eid and f.get("verb") == verb]
    if verb in ("gain", "draw", "take-damage") and doing and all(
            re.search(r"(?i)\byour opponent\b", q) for q in doing) and \
            not {"their", "opponent", "opponent's", "opp", "opp's"} & set(said):
        return False    # (hunt 92) "to gain 1000 LP" of "your opponent gains 1000 LP"
    # (hunt 92) the kind of card and the places said must be the text's own: "to destroy a
    # monster" of an effect that destroys a Spell/Trap, "to Special Summon a monster from my
    # Deck" of one that Special Summons from the GY, are not what it does
    text_places = {_PLACE_WORDS.get(w, w) for w in text}
    if {"monster", "monsters"} & set(said) and not {"monster", "monsters", "card", "cards"} & text:
        return False
    if {"spell", "spells", "trap", "traps", "spell/trap", "spells/traps"} & set(said) and \
            not {"spell", "spells", "trap", "traps", "spell/trap", "spells/traps", "card", "cards"} & text:
        return False
    if any(_PLACE_WORDS.get(w, w) not in text_places for w in said if w in _PLACE_WORDS):
        return False
    # (card names are index tokens: "an Insect monster" of a partial name is "an 3 monster", which
    # would read as a number said with the action)
    plain = [("card" if getattr(t, "type", "") in ("XCARD", "XQUOTE") else str(t)).lower()
             for t in purpose.scan_values(lambda v: isinstance(v, Token))]
    if not said_pairs_fit(plain, full):
        return False    # (hunt 97) "to send a monster from my GY to my Deck" of "from your Deck to the GY"
    return all(w in text for w in norm(st.r.said(thing)).split() if w not in STOP)


# the places a purpose may say, each as the text says it
_PLACE_WORDS = {"hand": "hand", "deck": "deck", "gy": "gy", "graveyard": "gy", "field": "field",
                "extra": "extra", "banished": "banished", "banishment": "banished"}


def _own_effect(st: Situate, fam: Tree) -> dict:
    """"... X with its (activation) effect": the effect of the card that does the verb; "its" is
    a card whose told activation does it, else the card the question names."""
    verb = st.r.action(find(fam, "act_verb"))
    own = sub(fam, "own_eff")
    cards = [st.r.card(t) for t in own.children if getattr(t, "type", "") == "XCARD"]
    activation = "activation" in low(own)
    if not cards:
        # "its" is a card whose activation is still waiting to resolve, and whose card was removed
        told = [r for aid, r in st.acts if r.get("card") and effect_does(st, r, verb)]
        told += [r for aid, r in st.acts if r.get("select") == "activation" and r not in told
                 and any(effect_does(st, {"card": r["card"], "n": e.n}, verb)
                         for e in st.reading(r["card"]).effects if e.n > 0)]
        told = [r for r in told if card_removed(st, r)]
        thing = st.r.thing(sub(fam, "thing"))
        cards = [told[-1]["card"]] if told else [thing["card"]] if thing.get("card") else []
    if not cards:
        st.fail("whose effect?", own)
    thing = st.r.thing(sub(fam, "thing"))
    ir = {"how": "eff_poss", "card": cards[0], "ord": None, "desc": [], "quote": None,
          "rel": None, "text": st.r.said(own)}
    try:
        ref = st.effect_ref(ir, hint=[verb])
    except QuestionError:
        # several do it: "Special Summon X from my hand with its effect" is the one that Summons
        # "this card" (when X is the card itself) from the place said
        reading = st.reading(cards[0])
        places = [st.r.place(p) for p in sub(fam, "thing").iter_subtrees_topdown()
                  if p.data == "place"] + [st.r.place(p) for t in subs(fam, "thing_post")
                                           for p in t.iter_subtrees_topdown() if p.data == "place"]
        fit = [e for e in reading.effects if e.n > 0 and effect_does_action(reading.facts, e.id, verb)
               and (thing.get("card") != cards[0] or
                    f"{verb.replace('-', ' ')} this card" in norm(e.text))
               and all(p is None or f"your {'gy' if p == 'gy' else p}" in norm(e.text)
                       for p in places)]
        if len(fit) != 1:
            raise
        ref = {"card": reading.card.name, "n": fit[0].n}
    if not effect_does(st, ref, verb):
        st.fail(f"no effect of {cards[0]} does that", own)
    if activation and not activation_effect(st, ref):
        st.fail(f"{st.r.said(own)!r} is not the effect of activating {cards[0]}", own)
    return ref


def _told_turn(st: Situate, w: Tree) -> None:
    """"during my opponent's turn": a moment of that player's turn whose phase is not said."""
    turn = st.r.player(sub(w, "poss"))
    if turn not in ("you", "opponent"):
        st.fail("whose turn? ('during my opponent's turn')", w)
    st.events.append({"kind": "phase", "turn": turn})


def _only_a_described_target(st: Situate, ref: dict, whens: list, purpose) -> str | None:
    """"Can I activate X targeting a card I control?" with nothing told before: whether X can
    target such a card (the can-target family), when the card is told by what it is."""
    from .targeting import described_target
    if st.events or purpose is not None or len(whens) != 1 or low(whens[0])[0] != "targeting":
        return None
    thing = sub(whens[0], "thing")
    return described_target(st, ref, thing) if thing is not None else None


def _card_player(st: Situate, ref: dict, fam: Tree) -> str | None:
    """Whose the card of the effect asked about is, as far as the words and the story tell it:
    said with it ("their Sangan's effect"), told before ("my opponent's Sangan"), its one
    summoner, or what was done to it (:func:`_owner_by_what_was_done`).  None when not told."""
    card = ref.get("card") or ""
    said = next((st.r.effect(t).get("owner") for t in fam.iter_subtrees_topdown()
                 if t.data.startswith("eff_") and st.r.effect(t).get("card") == card), None)
    if said in ("you", "opponent"):
        return said
    if card in st.card_owner:
        return st.card_owner[card]
    summoners = {e.get("player") for e in st.events if e.get("kind") == "summon"
                 and e.get("what") == card and e.get("player") in ("you", "opponent")}
    if len(summoners) == 1:
        return summoners.pop()         # "my opponent Normal Summons X": their card
    return _owner_by_what_was_done(st, card)


_OTHER = {"you": "opponent", "opponent": "you"}


def _owner_by_what_was_done(st: Situate, card: str) -> str | None:
    """Whose a card told with no owner is, by what was done to it: a monster Tributed or used as
    material for a player's Summon is that player's (a player Tributes and uses as material the
    monsters they control); a card moved by a player's effect whose part says whose cards it
    acts on ("monsters your opponent controls", "from your Deck") is that side's.  None when
    nothing told settles it, or when two things told disagree."""
    sides = set()
    for e in st.events:
        if e.get("kind") == "summon" and card in (e.get("materials") or []) and \
                e.get("player") in ("you", "opponent"):
            sides.add(e["player"])
        if e.get("kind") == "activate" and e.get("player") in ("you", "opponent"):
            if card in (e.get("targets") or []):
                # "I activate Change of Heart targeting Sangan": a card targeted as one of a
                # side's ("1 monster your opponent controls") is that side's, whoever controls
                # it later (a card goes to its owner's GY)
                side = "other" if _takes_control(st, e["effect"]) else \
                    _side_acted_on(st, e["effect"], None)
                if side is not None:
                    return e["player"] if side == "own" else _OTHER[e["player"]]
                sides.add(None)
            # a cost the activator paid, a card it discarded: its own (a player discards and
            # pays costs with their own cards)
            if any(c.get("what") == card for c in e.get("cost") or []):
                sides.add(e["player"])
            for d in e.get("does") or []:
                if d.get("what") != card:
                    continue
                side = _discarder(st, e["effect"]) if d.get("action") == "discarded" else \
                    _side_acted_on(st, e["effect"], d.get("action"))
                sides.add(e["player"] if side == "own" else _OTHER[e["player"]] if side == "other"
                          else None)
        if e.get("kind") in ("control", "take-control"):
            return None                # control changed: whose it was is not settled by this
    return sides.pop() if len(sides) == 1 else None


def _discarder(st: Situate, ref: dict) -> str | None:
    """Who discards in the effect ``ref``: "own" when its discard part says no other player
    ("discard 2 cards"), None when it says both, each or the opponent ("Both players discard")."""
    quotes = part_quotes(st.effect_of(ref) if ref.get("card") else None, "discard")
    return "own" if quotes and not any(names_another_side(q) for q in quotes) else None


def _takes_control(st: Situate, ref: dict) -> bool:
    """Does the card of ``ref`` take control of a monster (a part "take control of ...")?  A
    player takes control only of the other player's monsters."""
    if not ref.get("card"):
        return False
    return any(f.type == "clause" and f.get("verb") == "take-control"
               for f in st.reading(ref["card"]).facts)


def _side_acted_on(st: Situate, ref: dict, action: str | None) -> str | None:
    """Which side's cards the part of ``ref`` that does ``action`` (or, with no action, what it
    targets) acts on, by its words (:func:`...reader.phrases.part_side`): "other", "own" or None
    (both, or not said)."""
    verbs = {"destroyed": "destroy", "banished": "banish", "sent-to-gy": "send",
             "returned-to-hand": "return", "tributed": "tribute", "discarded": "discard"}
    if action is not None and action not in verbs:
        return None
    quotes = part_quotes(st.effect_of(ref) if ref.get("card") else None,
                         verbs[action] if action is not None else None)
    return part_side(quotes[0]) if len(quotes) == 1 else None


def _told_moves(st: Situate, card: str | None) -> list[str]:
    """What the story told happened to the card ``card`` (destroyed, sent to the GY ...), in order."""
    if not card:
        return []
    out = []
    for e in st.events:
        steps = told_steps(e)
        # (a card told attacked is an entity that names it: "My Card Trooper is attacked")
        out += [d["action"] for d in steps if d.get("action") and (
            d.get("what") == card or st.entities.get(d.get("what"), {}).get("card") == card)]
    return out

