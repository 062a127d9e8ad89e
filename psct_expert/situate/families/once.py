"""Once per turn and once per Duel: can the same card or another copy use the effect again
(``again-this-turn``, ``again-this-duel``), a first use "this turn", a limit that binds every
copy, and after its activation is negated (``again-after-negated``)."""

from __future__ import annotations

from ... import kre as re

from typing import TYPE_CHECKING

from lark import Tree

from ...parser.names import ORDINALS
from ...parser.transform import low, sub, subs
from ...reader.phrases import activated_from_hand, names_this_card
from ..copies import told_copies
from ..refusals import refuse_a_use_of_an_earlier_turn
from ..targets import _negated
from ..waits import lock_left_by
from ..words import EFF_PARTS
from .common import reads_scenario, still_the_turn_it_was_set, summon_kinds_read

if TYPE_CHECKING:
    from ..told import Situate


def _both_effects(st: Situate, fam: Tree, both: Tree) -> dict:
    """"Can I use both effects of X in the same turn?": X's two effects said by number, the first
    told used this turn by the asker, the second asked (a card with another count of effects is
    refused: which two?)."""
    from ...reader.numbering import numbered
    cards = [t for t in both.children if getattr(t, "type", "") == "XCARD"]
    card = st.db.get(st.r.card(cards[0])).name if cards else st.last_card
    if card is None:
        st.fail("both effects of which card?", both)
    said = numbered(st.reading(card))
    if len(said) != 2:
        st.fail(f"{card} has {len(said)} effects said by number: say which two", both)
    player = st.r.player(sub(fam, "player"))
    if player not in ("you", "opponent"):
        st.fail("who uses them?", fam)
    if player != "you":
        st.fail("both effects: asked of the asker's own use ('Can I use both ...?')", fam)
    # the first used this turn by this same copy, resolved, the card still where it was
    st.events.append({"kind": "used", "effect": {"card": card, "n": said[0].n}, "copy": "same",
                      "outcome": "resolved", "since": "stayed"})
    return st.spec("again-this-turn", {"effect": {"card": card, "n": said[1].n}})


def build_again_this_turn(st: Situate, fam: Tree) -> dict:
    pre = sub(fam, "pre")
    if pre is not None and {"resolves", "resolving"} & set(low(pre)) and \
            not {"again", "later", "twice", "another", "second", "2nd", "other"} & set(low(fam)):
        # (round 116) "I use X's effect. When it resolves, can I use the banish part?": the
        # moment is the told use's own resolution, not a later use of the effect
        st.fail("'when it resolves' asks what that use does as it resolves, not whether it can "
                "be used again (ask 'can I use it again this turn?')", pre)
    both = sub(fam, "both_effects")
    if both is not None:
        return _both_effects(st, fam, both)
    first = _first_use(st, fam)
    if first is not None:
        return first
    obj = sub(fam, "again_obj")
    who_cards = [t for t in sub(fam, "again_who").children if getattr(t, "type", "") == "XCARD"]
    if who_cards:                          # "Can that same X activate its ... effect?"
        st.last_card = st.db.get(st.r.card(who_cards[0])).name
    effs = [t for t in obj.children if isinstance(t, Tree) and t.data.startswith("eff_")
            and t.data not in EFF_PARTS]
    cards = [st.r.card(t) for t in obj.children if getattr(t, "type", "") == "XCARD"]
    descs = [" ".join(low(d)) for d in obj.iter_subtrees_topdown() if d.data == "eff_desc"
             and not any(getattr(x, "type", "") == "XQUOTE" for x in d.children)]
    quotes = [st.r.quotes[int(x)] for d in obj.iter_subtrees_topdown() if d.data == "eff_desc"
              for x in d.children if getattr(x, "type", "") == "XQUOTE"]
    where = sub(obj, "again_where")
    if where is not None and st.r.player(sub(where, "player")) != \
            st.r.player(sub(sub(fam, "again_who"), "player")):
        st.fail("whose copy? (the one asking controls it: 'another X that I control')", where)
    back = _came_back(st)
    who_said = sub(fam, "again_who")
    if effs and effs[0].data == "eff_its" and (low(who_said) == ["it"] or (
            sub(who_said, "player") is not None and not who_cards)) and \
            len(back) == 1 and st.last_card != back[0] and \
            not _came_back_named(st, st.last_card):
        # "My X used its effect. It was destroyed and I revived it with Y. Can it (can I) use its
        # effect again?": "it" ("its") is the card that used its effect and moved since, not Y
        # named last
        ref = [r for _a, r in st.acts if r.get("card") == back[0]][-1]
    elif effs:
        ref = st.effect_ref(st.r.effect(effs[0]))
    else:
        if not cards and (quotes or descs) and st.last_card:    # "its '...' effect"
            cards = [st.last_card]
        if not cards and low(obj)[-1:] in (["one"], ["copy"]):
            # (chains) "my first X was negated by Y. Can I use my second one?": the card told as
            # a first copy, else the one the asker used last (not Y, named last)
            asker = st.r.player(sub(sub(fam, "again_who"), "player")) or "you"
            firsts = [c for c, note in told_copies(st).items() if "first" in note.get("ords", [])]
            mine = [e["effect"].get("card") for e in st.events if e.get("kind") == "activate"
                    and e.get("player") == asker and isinstance(e.get("effect"), dict)]
            cards = firsts[-1:] or [c for c in mine if c][-1:]
            if not cards:
                st.fail("another copy of which card? (name it)", obj)
        ir = {"how": "eff_card" if cards else "eff_its", "card": cards[0] if cards else None,
              "ord": None, "desc": descs, "quote": quotes[0] if quotes else None, "rel": None,
              "text": st.r.said(obj)}
        o = sub(obj, "ord")
        if o is not None:                            # "the first effect of another X"
            ir["ord"] = ORDINALS.get(low(o)[0])
        that_of = low(obj)[:1] == ["that"] and cards and not descs and o is None
        if that_of and st.acts:      # "that effect of another X": the one X used
            mine = [r for _a, r in st.acts if r.get("card") == cards[0]]
            ref = mine[-1] if mine else st.effect_ref(ir)
        elif not cards and not descs and st.acts:      # "its effect" / "that effect": the one used
            # by the card the question is about (the one named last), not an effect told after
            mine = [r for _a, r in st.acts if r.get("card") == st.last_card]
            if "it" in low(sub(fam, "again_who")) and len(back) == 1 and not mine_moved(st, mine):
                # "My X used its effect. It was destroyed and I revived it with Y. Can it use its
                # effect again?": "it" is the card that used its effect and then moved, not Y
                mine = [r for _a, r in st.acts if r.get("card") == back[0]]
            if not mine and len(st.acts) > 1:
                st.fail("which effect is 'that effect'? (name it)", obj)
            ref = (mine or [st.acts[-1][1]])[-1]
        else:
            ref = st.effect_ref(ir)
    who = low(sub(fam, "again_who"))
    if ("each" in who or "both" in who) and not who_cards and not any(
            getattr(t, "type", "") == "XCARD" for t in obj.scan_values(lambda v: True)):
        # (hunt 115) "I control two Sangan. ... Can both use their effects?": the copies told,
        # never the card activated last; cards of two names are two questions
        copies = [c for c, n in told_copies(st).items() if n.get("count", 0) >= 2]
        held = {e.get("what") for e in st.events if e.get("kind") == "state" and
                isinstance(e.get("what"), str) and st.db.find(e["what"]) is not None}
        if (len(copies) > 1 or (not copies and len(held) > 1)) and \
                not {"you", "opponent"} <= _holders(st, ref.get("card")):
            st.fail("each of which copies? (name the card: 'Can both X use their effects?')", obj)
        if len(copies) == 1 and ref.get("card") != copies[0]:
            ref = st.effect_ref({"how": "eff_card", "card": copies[0], "ord": None, "desc": [],
                                 "quote": None, "rel": None, "text": copies[0]})
    if who_cards and len(sub(fam, "again_who").children) == 1:
        who = ["it"]           # "Can X use its effect again?": the card named, as "it" says it
    words = low(fam)
    two = any(getattr(c, "type", "XCARD") != "XCARD" and str(c).lower() in ("two", "2")
              for c in obj.children)      # "Can I use two copies of X in the same turn?"
    if two and not subs(fam, "again_when"):
        st.fail("two copies when? ('in the same turn')", obj)
    note = told_copies(st).get(ref.get("card"), {})
    # (hunt) "they" is the copies told ("I control two X. Can they both ...?"); with no two copies
    # told it is the player ("My opponent used X's effect. Can they use it again?")
    they_copies = "they" in who and (note.get("count", 0) >= 2 or not (
        low(obj) == ["it"] or low(obj)[:1] == ["its"] or who_cards))
    another = bool(sub(obj, "again_copy")) or any(sub(w, "again_copy") is not None
                                                  for w in subs(fam, "again_when")) or \
        "each" in who or "both" in who or two or \
        (who[:1] == ["the"] and who[1:2] in (["second"], ["2nd"], ["other"])) or \
        they_copies or "different" in words or \
        (bool(who_cards) and who[:1] in (["another"], ["a"]))     # "Can a second X use ...?"
    same = "it" in who or "same" in who
    used_at = max((i for i, e in enumerate(st.events) if e.get("kind") == "activate"
                   and e["effect"].get("card") == ref.get("card")), default=None)
    if "it" in who and note.get("later") and used_at is not None and note.get("at", -1) > used_at:
        # "I Link Summon a second X. Can it use its effect?": "it" is that other copy
        another, same = True, False
    if ("each" in who or "both" in who or they_copies) and note and note.get("count", 0) < 2:
        st.fail("each of which copies? (tell them: 'I control two X')", fam)
    if ("each" in who or "both" in who or they_copies or two) and \
            {"you", "opponent"} <= _holders(st, ref.get("card")):
        # (hunt 113) "I have X and my opponent has X. Can both use their effects?": a limit on
        # using binds each player apart (game-rules#once-per-turn.4), so two players' copies are
        # two questions
        st.fail("copies of both players: a once-per-turn limit binds each player apart; ask of "
                "one player's copies ('I control two X. Can each use its effect?')", fam)
    if not another and not same and (low(obj)[:1] == ["its"] or low(obj) == ["it"]) and \
            not who_cards:
        same = True         # "X's effect was negated. Can I use its effect again?" ("... use it
        # again?"): the same card
    said_same = same            # the same card said ("can it ...?"), not only the limit's reach
    if not another and not same and _binds_every_copy(st, ref):
        same = True         # "Can I use X's effect again?": a limit on the name binds every copy
    if not another and not same and ref.get("card") in back and not note:
        # (round 116) "I used X's effect. It is returned to my hand and I Special Summon it again.
        # Can I use X's effect again?": no other copy told, the card named is the one told coming
        # back
        same = True
    if another == same:
        st.fail("the same card again, or another copy?", fam)
    if another and _used_on_the_field(st, ref) and any(
            e.get("kind") == "move" and e.get("action") in _OFF_FIELD and ref.get("card") in
            (e.get("what"), st.entities.get(e.get("what"), {}).get("card")) for e in st.events):
        # (hunt 133k) "I used X's effect. My other X was destroyed. Can X use its effect again?":
        # the other copy told is off the field, where an effect used on the field is not used;
        # which copy asks is not said
        st.fail(f"the other {ref['card']} told was moved off the field: ask of the copy that used "
                "the effect ('Can it use its effect again?'), or tell where another copy is", fam)
    if getattr(st, "owner_unsaid", False) and (another or "it" not in who and "same" not in who):
        # (chains) "X used its effect. Can I use X's effect again?": whose X used it is not said,
        # and a limit on a player or on another copy depends on it; "Can it ...?" asks of that card
        st.fail("whose X used its effect? ('my X used its effect'): only 'can it ... again?' is "
                "asked of that same card", fam)
    used = [(aid, r) for aid, r in st.acts if r.get("card") == ref.get("card")]
    refuse_a_use_of_an_earlier_turn(st, "again-this-turn")
    if "twice" in words or ("more" in words and "once" in words):
        # (chains) "Can it use its effect twice in one turn?": the card used it once this turn and
        # asks for a second use of the same card; said of a player ("Can I use X twice?") it could
        # be one copy or two, and after a told use it would be a third
        if used or not same or another:
            st.fail("twice by the same card, with no use told before? ('Can X use its effect "
                    "twice in one turn?'; for another copy: 'Can a second X use it?')", fam)
        used_ev = {"kind": "used", "effect": ref, "copy": "same", "outcome": "resolved",
                   "since": "stayed"}
        return st.spec("again-this-turn", {"effect": ref}) | {"situation": [used_ev]}
    if not used:
        if "each" in who or "both" in who or two:    # "I control two X. Can each use ...?"
            _each_copy_may_use_it(st, fam, ref)
            used_ev = {"kind": "used", "effect": ref, "copy": "another", "outcome": "resolved"}
            return st.spec("again-this-turn", {"effect": ref}) | {"situation": [used_ev]}
        asker = st.r.player(sub(sub(fam, "again_who"), "player")) or "you"
        if "later" in words and "again" not in words and ref.get("card") and \
                still_the_turn_it_was_set(st, ref, asker):
            # "I Set X in my Main Phase 1. Can I activate it later that turn?": nothing used
            # before; a later moment of the turn it was Set in is asked
            return st.spec("can-activate-now", {"effect": ref, "player": asker,
                                                "set_this_turn": True})
        st.fail("what was used before? (tell it: 'I already used X this turn')", fam)
    aid, used_ref = used[-1]
    if aid in getattr(st, "cost_told", []):
        # (hunt) "I already discarded Ash Blossom this turn. Can I use another?": the card moved
        # the way its own cost moves it may have been moved for another card (a cost, a hand
        # size); whether that was its use is not said
        st.fail(f"was {used_ref.get('card')} moved to activate its own effect, "
                f"or for something else? (say 'I activated {used_ref.get('card')}' or 'I used "
                f"{used_ref.get('card')}')", fam)
    if used_ref != ref and used_ref.get("select") != ref.get("select") and \
            not _same_effect(st, used_ref, ref):
        st.fail("the question asks about another effect than the one used", fam)
    user = next((e.get("player") for e in st.events if e.get("id") == aid), None)
    asker = st.r.player(sub(sub(fam, "again_who"), "player"))
    if user in ("you", "opponent") and asker in ("you", "opponent") and user != asker:
        # "I used X. Can my opponent use X?": a limit binds the player who used it, or that copy
        # (game-rules#once-per-turn.1, .4, .8); the rules here read one player's uses
        st.fail("a once-per-turn limit binds the player who used the card (or that copy): ask "
                "about that player ('Can I use it again?'); the other player's own copy is not "
                "limited by it", fam)
    outcome = "resolved"
    since = "stayed"
    both_ways = False
    later: list[dict] = []        # what happened to that card after it used the effect, in order
    locker = None                 # a negator whose resolution leaves a lock for a time
    after = list(_events_after(st, aid))
    moved_at = None               # the last of those events that moved the card
    # (hunt 131h) "I activated X's effect. X was banished. X was Special Summoned.": moves of the
    # card itself told as what its own activation did as it resolved are moves of it all the same
    # (it left and came back: a new card, game-rules#once-per-turn.2)
    used_act = next((e for e in st.events if e.get("id") == aid), {})
    later += [{"kind": "move", "what": ref["card"], "action": d["action"]}
              for d in used_act.get("does", []) if d.get("what") == ref.get("card")]
    if later:
        moved_at = -1
    for k, e in enumerate(after):
        if e["kind"] == "negate" and e["of"] == aid:
            if e.get("by") and _negated(st, e["by"]):
                continue    # (hunt 98) the negating link was negated in turn: it negated nothing
            if e.get("by"):
                locker = locker or lock_left_by(st, e["by"])
            if aid in st.assumed_negation:
                # (chains) "my X was negated": the activation or only the effect, not said; a
                # once-per-turn limit may count them differently, so it is asked both ways and
                # answered only when both agree (else unknown, saying so)
                both_ways = True
            outcome = f"{e['what']}-negated" if not both_ways else "activation-negated"
        before = len(later)
        if e["kind"] in ("summon", "move") and e.get("what") == ref.get("card"):
            later.append({"kind": "move", "what": ref["card"],
                          "action": "summoned" if e["kind"] == "summon" else e["action"]})
        later += [{"kind": "move", "what": ref["card"], "action": d["action"]}
                  for d in e.get("does", []) if d.get("what") == ref.get("card")]
        if len(later) > before:
            moved_at = k
    if later:
        _refuse_untold_after_return(st, after, moved_at, ref["card"], user, fam)
    if outcome == "resolved":
        from ..targets import refuse_untold_negation

        refuse_untold_negation(st, aid, fam)
    if later and not same:
        st.fail("a copy that left and came back is the same card: ask 'can it ...'", fam)
    if said_same and not another and used_ref.get("card") and not later:
        from ...errors import QuestionError
        from ...reader.select import select_effect

        reading = st.reading(used_ref["card"])
        try:
            eid = select_effect(reading, used_ref)
            asked = select_effect(reading, ref) if ref.get("card") == used_ref["card"] else None
        except QuestionError:
            eid = asked = None
        if eid is not None and asked == eid and any(
                f.type == "cost_moves_self" and f.get("effect") == eid or
                # (hunt) "You can send this card from your hand to the GY, then target ...": a
                # cost that moves the card itself, however its place is said
                f.type == "cost_action" and f.get("effect") == eid and f.source is not None and
                f.get("verb") in ("send", "discard", "tribute", "banish") and
                names_this_card(f.source.quote) for f in reading.facts):
            # (hunt) "my Rai-Oh's effect was negated. Can it use its effect again?": its cost
            # moved the card itself away, so that card is not where it used it
            st.fail(f"{used_ref['card']}'s cost moved the card itself (it is no longer where it "
                    f"used the effect): ask about another copy", fam)
    used_ev = {"kind": "used", "effect": used_ref, "copy": "another" if another else "same",
               "outcome": outcome}
    if later:
        # whether it is a new card since (it left its place, or was flipped face-down) is for the
        # rules to say from what happened to it (game-rules#once-per-turn.2, #resolution.4)
        used_ev["what"] = ref["card"]
    else:
        used_ev["since"] = since
    phases = [e for e in st.events if e["kind"] == "phase"]
    spec = {"family": "again-this-turn", "effect": ref, "situation": phases + [used_ev] + later}
    if both_ways:
        other = {**used_ev, "outcome": "effect-negated"}
        spec["each"] = [{"family": "again-this-turn", "effect": ref,
                         "situation": phases + [other] + later}]
        spec["each_note"] = ("the answer is the same whether the activation or only the effect "
                             "was negated (the question does not say which)")
    if locker:
        spec["also_needs"] = f"whether what {locker} forbids after it resolves still lets it be activated"
    return spec


# moves that take a card off the field
_OFF_FIELD = frozenset({"destroyed", "sent-to-gy", "banished", "returned-to-hand", "returned-to-deck",
                        "returned-to-extra", "tributed", "left-field", "detached"})


def _used_on_the_field(st: Situate, ref: dict) -> bool:
    """Is the effect ``ref`` one its card uses on the field (never from the hand or the GY, where a
    copy that left the field may use it: "If this card is sent from the field to the GY: ...")?"""
    from ...reader.phrases import effect_used_from

    found = st.effect_of(ref) if ref.get("card") else None
    if found is None:
        return False
    text = next((e.text for e in found[0].all_effects() if e.id == found[1]), "")
    return not any(effect_used_from(text, place) for place in ("gy", "hand"))


SAME_TURN = ([["this", "turn"]], [["in", "the", "same", "turn"]], [["the", "same", "turn"]],
             [["during", "the", "same", "turn"]], [["that", "turn"]])


def _each_copy_may_use_it(st: Situate, fam: Tree, ref: dict) -> None:
    """(hunt 120) "I control two X. Can both use their effect this turn?" asks of the limit only:
    refused where the story says more that decides whether they can use it at all (a phase or a
    turn told; copies on the field of an effect activated from the hand, with no limit by name,
    which binds every copy wherever it is)."""
    if any(e.get("kind") == "phase" for e in st.events):
        st.fail("'can both use it this turn' is asked of its once-per-turn limit; with the phase "
                "or turn told, whether it can be activated there is asked as 'Can I activate X "
                "now?'", fam)
    found = st.effect_of(ref)
    place = next((n.get("place") for c, n in told_copies(st).items()
                  if c == ref.get("card") and n.get("place")), None)
    if found is None or place != "field":
        return
    reading, eid = found
    text = next((e.text for e in reading.all_effects() if e.id == eid), "")
    hard = any(f.type == "once_per_turn" and f.get("effect") == eid and
               f.get("kind") in ("use", "activate") for f in reading.facts)
    if activated_from_hand(text) and not hard:
        st.fail(f"{ref.get('card')}'s effect is used from the hand, and the copies told are on "
                "the field", fam)


def _first_use(st: Situate, fam: Tree) -> dict | None:
    """"<told situation>. Can I activate X this turn?" where X was not used before: not a
    question of using X again but of activating it at the point the situation reached
    (``can-activate-now``; "this turn" is that turn).  None for every other wording."""
    who, obj = sub(fam, "again_who"), sub(fam, "again_obj")
    when = [low(w) for w in subs(fam, "again_when")]
    # "I Set X this turn. Can I activate it in the same turn?": the turn it was Set
    set_told = bool(st.set_this_turn) and not st.acts and when in SAME_TURN
    if sub(who, "player") is None or len(low(who)) != len(low(sub(who, "player"))) \
            or sub(obj, "again_copy") is not None \
            or (when not in ([["this", "turn"]],) and not set_told) \
            or (not st.events and not set_told) or "again" in low(fam):
        return None
    effs = [t for t in obj.children if isinstance(t, Tree) and t.data.startswith("eff_")
            and t.data not in EFF_PARTS]
    if not effs:
        return None
    ref = st.effect_ref(st.r.effect(effs[0]))
    if any(e.get("kind") in ("activate", "used") and isinstance(e.get("effect"), dict)
           and e["effect"].get("card") == ref.get("card") for e in st.events):
        return None                           # it was used before: the question is "again"
    slots: dict = {"effect": ref}
    asker = st.r.player(sub(who, "player"))
    if asker not in ("you", "opponent"):
        return None
    if asker != "you":
        slots["player"] = asker
    if set_told:
        if (ref.get("card"), asker) not in st.set_this_turn:
            return None
        slots["set_this_turn"] = True
    if any(e.get("kind") == "activate" for e in st.events) and st.events[-1].get("kind") != "resolve":
        st.events.append({"kind": "resolve"})   # later this turn: after the Chain told
    return st.spec("can-activate-now", slots)


def _binds_every_copy(st: Situate, ref: dict) -> bool:
    """A hard limit ("You can only use/activate ... of "X" once per turn/Duel") binds the player
    for every copy (game-rules#once-per-turn.4), so which copy asks does not change the answer."""
    found = st.effect_of(ref)
    if found is None:
        return False
    reading, eid = found
    return any(f.type == "once_per_turn" and f.get("effect") == eid and
               f.get("kind") in ("use", "activate") for f in reading.facts)


def build_again_this_duel(st: Situate, fam: Tree) -> dict:
    """"Can I use X's effect again later in the Duel?": the again-this-turn question, asked of
    the whole Duel (a once-per-turn limit binds only its turn; a "once per Duel" one the Duel).
    "... again during my opponent's next turn": that, and whether the effect can be activated
    at some point of that player's turn."""
    spec = {**build_again_this_turn(st, fam), "family": "again-this-duel"}
    turn = sub(fam, "duel_turn")
    if turn is None:
        return spec
    whose = st.r.player(sub(turn, "poss"))
    if whose not in ("you", "opponent"):
        st.fail("whose turn?", turn)
    if spec.get("player") not in (None, "you"):
        st.fail("who activates it in that turn? (ask it of your own use)", turn)
    asked = {"family": "can-activate-now", "effect": spec["effect"],
             "situation": [{"kind": "phase", "turn": whose}]}
    return {**spec, "and": list(spec.get("and") or []) + [asked]}


def _same_effect(st, a: dict, b: dict) -> bool:
    """Do two references of one card ("its effect", "the first effect") name the same effect?"""
    if a.get("card") != b.get("card") or not a.get("card"):
        return False
    from ...errors import QuestionError
    from ...reader.select import select_effect
    reading = st.reading(a["card"])
    try:
        return select_effect(reading, a) == select_effect(reading, b)
    except QuestionError:
        return False


def _refuse_untold_after_return(st, after: list[dict], last: int | None, card: str,
                                user: str | None, fam: Tree) -> None:
    """(hunt 109) The card that used its effect and came back: the spec keeps only its moves, so
    a Summon of it by the other player (who controls it now), a Summon that may have been negated,
    or anything told after its last move (``after[last]``, a flip, a card activated) is refused,
    naming it, rather than dropped."""
    for k, e in enumerate(after):
        summons = [e] if e["kind"] == "summon" and e.get("what") == card else \
            [d for d in e.get("does", []) if d.get("what") == card and d.get("action") == "summoned"]
        if summons and e.get("attempt"):
            st.fail(f"was that Summon of {card} negated? (the answer would read the card that "
                    "came back: say it was Summoned, or ask without the negation)", fam)
        text = st.db.get(card).text or "" if card in st.db else ""
        to_deck = any(m.get("what") == card and m.get("action") in ("returned-to-deck", "shuffled")
                      for m in [x for x in after[:k] if x["kind"] == "move"] +
                      [d for x in after[:k] for d in x.get("does", [])])
        if summons and re.search(r"\bcannot be normal summoned\b", text, re.IGNORECASE) and \
                any(s.get("summon-kind") in ("normal", "tribute", "set") or
                    to_deck and s.get("summon-kind") != "procedure" for s in summons):
            # (hunt 111) "It is returned to my hand, and I Normal Summon it", "... to my Deck, and
            # I Special Summon it again": a monster that cannot be Normal Summoned is never Normal
            # Summoned, and back in the Deck it lost the proper Summon an effect would need
            # (game-rules#summon-procedures): the Summon told is not one it can have
            st.fail(f"{card} cannot be Normal Summoned/Set, and comes back only as its text allows "
                    "(game-rules#summon-procedures): say how it was Special Summoned", fam)
        if summons and user in ("you", "opponent") and e.get("player") not in (None, user):
            st.fail(f"{card} came back under the other player's control: whose effect is asked "
                    "(only its controller can activate it)?", fam)
        if last is not None and k > last and e["kind"] not in ("phase", "resolve"):
            st.fail(f"what happened after {card} came back is not read by this question "
                    "(ask it without the later events, or about them)", fam)


def _events_after(st, aid: str):
    """The events told after the activation ``aid``, in order."""
    seen = False
    for e in st.events:
        if seen:
            yield e
        elif e.get("id") == aid:
            seen = True


def _moved_after(st, aid: str, card: str) -> bool:
    """Was ``card`` moved or Summoned after the activation ``aid`` (told as a move, a Summon or
    what a link did)?"""
    for e in _events_after(st, aid):
        if e.get("kind") in ("summon", "move") and e.get("what") == card:
            return True
        if any(d.get("what") == card for d in e.get("does", [])):
            return True
    return False


def _came_back(st) -> list[str]:
    """The cards that used an effect and were moved or Summoned afterwards, once each."""
    return list(dict.fromkeys(r["card"] for aid, r in st.acts
                              if r.get("card") and _moved_after(st, aid, r["card"])))


def mine_moved(st, refs: list[dict]) -> bool:
    """Did the card of one of these told activations move after it was used?"""
    return any(_moved_after(st, aid, r["card"]) for aid, r in st.acts for ref in refs
               if r is ref and r.get("card"))


def _came_back_named(st, card: str | None) -> bool:
    return bool(card) and card in _came_back(st)


@reads_scenario
def build_again_after_negated(st: Situate, fam: Tree) -> dict:
    """"If the activation of X is negated, can its controller activate another X that turn?": the
    card whose activation was negated (named there, or in "another X")."""
    summon_kinds_read(st)
    cards = [st.db.get(st.r.card(t)).name for t in fam.scan_values(
        lambda v: getattr(v, "type", "") == "XCARD")]
    if not cards:
        st.fail("whose activation is negated? (name the card)", fam)
    if len(set(cards)) > 1:
        st.fail(f"another {cards[1]} is not {cards[0]}, whose activation is negated", fam)
    return st.spec("again-after-negated", {"card": cards[0]})


def _holders(st: Situate, card: str | None) -> set:
    """The players told to hold a copy of ``card`` (in any place)."""
    if not card:
        return set()
    held = {e.get("player") for e in st.events if e.get("kind") == "state" and e.get("what") == card}
    held |= {ent.get("controller") or ent.get("owner") for ent in st.entities.values()
             if ent.get("card") == card}
    held |= {n.get("player") for c, n in told_copies(st).items() if c == card}
    return held

