"""What the situation refuses, never answers: a story whose yes and no both turn on something the
family's rules do not read (a Summon only about to be made, a replay after the attack ended, a card
in the Pendulum Zone, a Tribute its text may count as two or forbids, a Tribute Summon of a Level 4
or lower monster, a question of another card than the only one told in a hand, a phase told with a
past event supposed in the question, a negating response told only by what else it did).  Each refusal names what it cannot place and how to ask instead; ``waits.py``
says what a yes still waits on."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..parser.transform import low
from ..situation import PHASES
from .refs import effect_negates, told_moves
from .waits import ASKED_SLOT, asked_card

if TYPE_CHECKING:
    from .told import Situate

_AS_TWO = re.compile(r"\b(?:as|be treated as|count as) 2 tributes\b|\btwo tributes\b", re.IGNORECASE)


def refuse_a_summon_not_yet_done(st: Situate, family: str, spec: dict) -> None:
    """(hunt) "My opponent is about to Normal Summon Sangan. Can I activate Torrential Tribute?":
    a card whose condition is that a monster is Summoned answers a Summon that was made; one told
    only about to be made (an attempt) is not yet (game-rules#summon-kinds.6-7, .14): refused."""
    from ..reader.phrases import answers_a_summon

    card = asked_card(family, spec)
    last = st.events[-1] if st.events else None
    if card and last is not None and last.get("kind") == "summon" and \
            last.get("id") in getattr(st, "about_to", []) and answers_a_summon(st.reading(card)):
        st.fail(f"{card} answers a Summon that was made, and the one told is only about to be "
                "made: ask after it ('my opponent Normal Summons X. Can I activate ...?') or "
                "whether a card can negate it")


OTHER_FIELD = re.compile(r"\bto (?:my opponent's|the opponent's|your opponent's|their|his|her|"
                          r"my|your) (?:side of the )?field\b", re.IGNORECASE)


def refuse_untold_replay_parts(st: Situate, family: str) -> None:
    """(hunt) "... attacks. I Special Summon a monster in Main Phase 2. Does a replay happen?": a
    phase told after the attack (the attack is over by then), or a monster Summoned "to" a field
    said: what the replay rules do not read is refused, never dropped."""
    if family != "replay":
        return
    attack = next((i for i, e in enumerate(st.events) if e.get("kind") == "attack"), None)
    if attack is None:
        return
    for e in st.events[attack + 1:]:
        if e.get("kind") == "phase" and e.get("phase") not in ("battle", "damage-step"):
            st.fail(f"a phase told after the attack ({e.get('phase')}): a replay happens only in "
                    "the Battle Step of an attack still going on (game-rules#battle.5)")
        if e.get("kind") == "summon" and isinstance(e.get("what"), str) and (
                OTHER_FIELD.search(str(st.entities.get(e["what"], {}).get("desc", ""))) or
                e["what"] in st.field_said):
            st.fail("a monster Summoned to a field said: the replay rules read whose side it "
                    "arrives on from who Summons it; say it so ('my opponent Special Summons ...')")


def refuse_unplaced_zones(st: Situate) -> None:
    """"a Pendulum Monster in their Pendulum Zone": a card there is no monster on the field, and
    the situation has no place for it: refused, never read as a monster they control."""
    for ent in st.entities.values():
        desc = str(ent.get("desc", ""))
        if re.search(r"\bpendulum zones?\b", desc, re.IGNORECASE) and \
                (ent.get("kind") == "monster" or re.search(r"\bmonsters?\b", desc, re.IGNORECASE)):
            st.fail(f"{desc!r}: the situation model has no place for a card in the Pendulum Zone")


_NOT_TRIBUTED = re.compile(r"\bcannot be tributed\b", re.IGNORECASE)


def refuse_untributable(st: Situate, tributes: list[str]) -> None:
    """(hunt) "Can I Tribute Summon Summoned Skull by Tributing Nimble Musasabi?": a monster whose
    text says it cannot be Tributed (for a Tribute Summon, while face-up, except ...) is not
    read by the rules, which count any monster as a Tribute: refused, saying so."""
    locked = [t for t in tributes if (c := st.db.find(t)) is not None and
              _NOT_TRIBUTED.search(c.text or "")]
    if locked:
        st.fail(f"{locked[0]}'s text says it cannot be Tributed (as it says when): the rules here "
                "count any monster as a Tribute")


def refuse_double_tributes(st: Situate, tributes: list[str]) -> None:
    """(hunt) "Tributing Kaiser Sea Horse": a monster whose text may count it as 2 Tributes; a yes
    and a no both turn on it, and the rules count each Tribute as one: refused, not answered."""
    double = [t for t in tributes if (c := st.db.find(t)) is not None and _AS_TWO.search(c.text or "")]
    if double:
        st.fail(f"{double[0]}'s text may count it as 2 Tributes, and the rules here count each "
                "Tribute as one")


def refuse_impossible_summons(st: Situate, slots: dict | None = None) -> None:
    """(hunt) "the Tribute Summon of Thunder King Rai-Oh": a Level 4 or lower monster is Normal
    Summoned without Tributes (game-rules#summon-procedures.1), so a Tribute Summon of one told or
    asked is refused, never answered as if it could happen."""
    asked = (slots or {}).get("summon")
    told = [{"kind": "summon", "summon-kind": asked.get("kind"), "what": asked.get("card")}] \
        if isinstance(asked, dict) and asked.get("card") else []
    for e in [*st.events, *told]:
        if e.get("kind") != "summon" or e.get("summon-kind") not in ("tribute", "normal", "flip"):
            continue
        what = e.get("what")
        card = st.db.find(what if isinstance(what, str) else "") or \
            st.db.find(str(st.entities.get(what, {}).get("card") or ""))
        if card is not None and card.kind == "monster" and e.get("summon-kind") != "flip" and \
                {"fusion", "synchro", "xyz", "link"} & set(card.subtypes):
            # (hunt 48) "the Normal Summon of Stardust Dragon": an Extra Deck monster is never
            # Normal or Tribute Summoned (game-rules#summon-procedures.1); one turned face-down
            # may be Flip Summoned, so that is left to the rules
            st.fail(f"{card.name} is an Extra Deck monster: it is never Normal or Tribute Summoned "
                    "(ask about the Summon it can have)")
        if card is not None and e.get("summon-kind") in ("tribute", "normal") and \
                re.search(r"\bcannot be normal summoned\b", card.text or "", re.I):
            # (hunt 48) "the Normal Summon of Dark Armed Dragon": its text forbids it
            st.fail(f"{card.name} cannot be Normal Summoned/Set (its text): ask about the Summon "
                    "it can have")
        if e.get("summon-kind") != "tribute":
            continue
        level = getattr(card, "level", None) if card is not None else None
        if isinstance(level, int) and 0 < level <= 4:
            st.fail(f"{card.name} is Level {level}: it is Normal Summoned without Tributes, never "
                    "Tribute Summoned (ask about its Normal Summon)")


# where a told move leaves a card
_MOVED_TO = {"destroyed": "gy", "sent-to-gy": "gy", "discarded": "gy", "tributed": "gy",
             "banished": "banished", "returned-to-hand": "hand", "returned-to-deck": "deck"}


def refuse_asked_card_out_of_place(st: Situate, family: str, spec: dict) -> None:
    """(hunt) "My Ash Blossom is banished. Opp activates Reinforcement of the Army. Can I chain
    Ash?", "my MST is in my GY, can I activate MST?", "my Call of the Haunted is face-up, can I
    chain it?": the card asked about, told somewhere its effect is not activated from (a place
    its text does not name; a Spell/Trap already face-up on the field, whose card activation is
    done), is refused, naming the place: the rules that allow the activation do not read it."""
    card = asked_card(family, spec)
    ref = spec.get(ASKED_SLOT.get(family, ""))
    found = st.db.find(card) if card else None
    if found is None or not isinstance(ref, dict):
        return
    ent = st.entities.get(found.name) or {}
    place, face = ent.get("place"), ent.get("face")
    if place in ("unknown", None):
        place = face = None
    # (hunt 128c) moved by the story or by a link told resolved ("My Call of the Haunted is
    # destroyed by my opponent's Mystical Space Typhoon"), the last move of an event kept
    moved = {i: action for i, action in told_moves(st.events, found.name) if action in _MOVED_TO}
    for i, e in enumerate(st.events):
        if e.get("kind") == "state" and e.get("what") == found.name and e.get("count") != 0:
            place, face = e.get("place"), e.get("face")
        elif i in moved:
            place, face = _MOVED_TO[moved[i]], None
        elif e.get("kind") == "summon" and e.get("what") == found.name:
            place, face = "field", "up"
    only = getattr(st, "only_held", None)
    if only and only[1] == found.name:
        place, face = "hand", None          # (hunt 94) "X is my only card in hand"
    if place is None:
        return
    reading = st.reading(found.name)
    effect = st.effect_of(ref) if ref.get("select") != "activation" else None
    eid = effect[1] if effect is not None else None
    card_activation = eid is None or any(f.type == "on_card_activation" and f.get("effect") == eid
                                         for f in reading.facts)
    if found.kind == "monster" and any(f.type == "trigger_self" and f.get("effect") == eid
                                       for f in reading.facts):
        return      # a Trigger Effect of its own move is activated where its event left the card
    said = {f.get("place") for f in reading.facts if f.type == "activated_in_said"
            and (eid is None or f.get("effect") == eid)}
    where = {"gy": "in the GY", "banished": "banished", "deck": "in the Deck", "hand": "in the hand",
             "extra-deck": "in the Extra Deck", "field": "face-up on the field"}.get(place, place)
    if place == "field" and face == "up" and found.kind in ("spell", "trap") and card_activation:
        st.fail(f"{found.name} is told already face-up on the field: a Spell/Trap Card is activated "
                "by turning it face-up, so it is not activated again (ask about an effect it has "
                "while face-up, by its number)")
    # (a monster's effect is activated where its text says, "send this card from your hand";
    # (hunt 94) one whose text names no place, on the field)
    if found.kind == "monster" and place == "field" and face == "down" and not card_activation:
        st.fail(f"{found.name} is told face-down: a monster's effects are activated while it is "
                "face-up (a Flip effect when it is flipped face-up); tell it face-up")
    if place in ("gy", "banished", "deck", "extra-deck") and place not in said:
        st.fail(f"{found.name} is told {where}, and the effect asked about is not activated from "
                "there (its text names no such place)")
    if place == "hand" and (found.kind == "trap" and card_activation or
                            found.kind == "monster" and "hand" not in said):
        st.fail(f"{found.name} is told {where}, and the effect asked about is not activated from "
                "the hand (ask 'Can I activate X from my hand?')")


# families that ask what one activation of an effect does or becomes, keyed by the effect alone
# (a cost's return is the same for either copy: a cost is never refunded)
_ONE_LINK_ASKED = {"resolves", "clause-done", "still-done", "affected", "simultaneous",
                   "happens-after", "keeps-timing", "effect-negated", "change-kept"}


def refuse_copies_in_one_chain(st: Situate, family: str, spec: dict) -> None:
    """(hunt 52) "I chain my own Dark Bribe to my opponent's Dark Bribe. Does my Dark Bribe
    resolve?": two activations of the same card told by both players, and a question keyed by the
    effect alone cannot tell them apart: refused, naming the copies (never answered for the other
    copy)."""
    ref = spec.get("effect")
    if family not in _ONE_LINK_ASKED or not isinstance(ref, dict) or not ref.get("card"):
        return
    players = {e.get("player") for e in st.events if e.get("kind") == "activate"
               and (e.get("effect") or {}).get("card") == ref["card"]}
    if len(players & {"you", "opponent"}) > 1:
        st.fail(f"both players activated {ref['card']} in the story: this question form cannot tell "
                "the two copies apart (ask about the card of one player told alone)")


def refuse_held_for_no_activation(st: Situate) -> None:
    """(round 80) "... with 0 cards in hand" told of an activation the story never tells (the
    note waits for the next one): what the player holds has no place, refused naming it (never
    dropped)."""
    told = {aid for aid, _ref in st.acts}
    for note in getattr(st, "held", None) or []:
        # (what a Summon was made with, "with 3 monsters", is how it was made: not a holding)
        if note.get("act") not in told and \
                {"hand", "gy", "graveyard", "deck", "field"} & set(note["text"].lower().split()):
            st.fail(f"{note['text']!r}: the situation model has no place for what a player holds "
                    "told with no activation (tell it on its own: 'I have no cards in my hand')")


def refuse_untold_links(st: Situate) -> None:
    """(hunt) "My opponent activates Raigeki Break and destroys my Gusto Squirro as Chain Link 2,
    then ...": a Chain Link numbered higher than the activations told (the link below it is not
    told, and whether an event was last turns on it): refused, never dropped."""
    words = low(st.pq.tree)
    told = len(st.acts)
    # (only the story's: the question itself may ask of a link, "Can I chain X as Chain Link 3?",
    # "... when the effect resolved as Chain Link 3?")
    asked_from = max((k + 1 for k, w in enumerate(words[:-1]) if w in (".", "!", ";")), default=0)
    for i, w in enumerate(words):
        n = None
        if w == "chain" and words[i + 1:i + 2] == ["link"] and i + 2 < len(words) and \
                words[i + 2].isdigit():
            n = int(words[i + 2])
        elif len(w) > 2 and w.startswith("cl") and w[2:].isdigit():
            n = int(w[2:])
        if n is not None and i < asked_from and n > max(told, 1):
            st.fail(f"Chain Link {n} is told, but only {told} activation(s): tell the links "
                    "before it (what Chain Link 1 is)")


def refuse_other_card_than_the_only_one(st: Situate, family: str, spec: dict) -> None:
    """"X is the only card in my hand. Can I activate Y?": the hand was told to hold X and
    nothing else; a question of another card of that player's hand does not fit it: refused."""
    only = getattr(st, "only_held", None)
    card = asked_card(family, spec)
    if only is None or card is None or card == only[1]:
        return
    st.fail(f"{only[1]} was told to be the only card in the hand, and the question asks about "
            f"{card}: ask about {only[1]}, or tell what else is in the hand")


# words that ask at the moment of what was told ("right then", "at that point", "in response")
_THEN = re.compile(r"\b(?:right )?then\b|\bat (?:that|this) (?:point|moment|time)\b|\bin response\b|"
                   r"\bright away\b|\bimmediately\b", re.IGNORECASE)


# the question's own sentence supposing a past event ("... if my opponent Special Summoned ...")
_IF_PAST = re.compile(r"\b(?:if|when|after|since)\b[^?]*\b(?:\w+ed|did|was|were|got|drew|used)\b",
                      re.IGNORECASE)


def refuse_a_past_time_as_now(st: Situate, family: str) -> None:
    """(hunt) "During my Main Phase, can I activate Raigeki if my opponent Special Summoned a
    monster during their turn?": a phase told with a past event says when that happened; when it
    is the last time told, the question would be read as asked then: refused, asking when now is."""
    if family not in ("can-activate-now", "can-respond", "negate-activation", "negate-summon"):
        return
    phases = [e for e in st.events if e.get("kind") == "phase" and not e.get("done")]
    past = getattr(st, "past_phases", [])
    told_now = [i for i, e in enumerate(st.events) if e.get("kind") == "phase" and not e.get("done")
                and not any(e is p for p in past)]
    if told_now and any(p is e and i > told_now[0] for i, e in enumerate(st.events) for p in past):
        # (hunt 133m) "It is my Battle Phase. My opponent activated Ash Blossom during my Main
        # Phase 1 this turn.": the phase of what happened before, told after the phase of now, is
        # not the time now (the story is told out of order)
        st.fail("the phase told with what happened before comes after the phase told as now: tell "
                "what happened first, then when it is now ('My opponent activated X during my Main "
                "Phase 1. It is now my Battle Phase. Can I ...?')")
    asked = re.split(r"(?<=[.!?])\s+", getattr(getattr(st, "pq", None), "text", "") or "")[-1]
    if _THEN.search(asked) or not _IF_PAST.search(asked):
        # "Can I activate X right then?": asked at the time of what happened; a story told
        # before the question, in the past as stories are, is read in its order
        return
    if phases and any(phases[-1] is p for p in past):
        st.fail("the phase told with what happened before says when that happened, not when the "
                "question is asked: tell it in order, then when it is now ('My opponent Special "
                "Summoned a monster during their turn. It is now my Main Phase 1. Can I ...?')")


# the families that count what was done this turn: a once-per-turn limit, the turn's Normal Summon,
# a monster's attacks
_THIS_TURN_COUNTS = {"again-this-turn", "again-after-negated", "normal-summon-again", "attack-again"}


def turn_starts(events: list) -> list[int]:
    """The positions in ``events`` of what begins a new turn: the other player's turn told after
    one player's, a phase of the same player's turn that comes before the phase told last (an End
    Phase, then a Standby Phase), or a normal draw told after something was done."""
    out, turn, phase = [], None, None
    for i, e in enumerate(events):
        if e.get("kind") == "move" and e.get("action") == "drawn" and e.get("by") == "rule" and \
                i and any(x.get("kind") != "phase" for x in events[:i]):
            # (hunt 73) the normal draw starts a turn: what was told before it was done earlier
            out.append(i)
            continue
        if e.get("kind") != "phase" or e.get("done") or e.get("turn") not in ("you", "opponent"):
            continue
        here = e.get("phase")
        if turn is not None and (e["turn"] != turn or (
                here in PHASES and phase in PHASES and
                PHASES.index(here) < PHASES.index(phase))):
            out.append(i)
        turn, phase = e["turn"], here
    return out


def _done_before_this_turn(st: Situate, phases_done: bool = False) -> bool:
    """Did the story tell something done (an activation, a Summon, an attack, a use, a move; with
    ``phases_done``, a phase conducted) before the turn it tells last began (:func:`turn_starts`)?"""
    starts = turn_starts(st.events)
    return bool(starts) and any(
        e.get("kind") in ("activate", "summon", "attack", "used", "move") or
        phases_done and e.get("kind") == "phase" and e.get("done") for e in st.events[:starts[-1]])


def refuse_a_use_of_an_earlier_turn(st: Situate, family: str) -> None:
    """(hunt 69) "It is my opponent's turn. I activate Ash Blossom. It is my turn. Can I activate
    it again?": a limit of once per turn, the turn's Normal Summon and a monster's attacks count
    what was done in this turn; what the story told before the turn it tells last began was done in
    an earlier turn, which these families do not read apart: refused, saying so."""
    if family not in _THIS_TURN_COUNTS:
        return
    if _done_before_this_turn(st):
        st.fail("the story tells a new turn after what was done before it: a limit of once per "
                "turn, the turn's Normal Summon and a monster's attacks count only what was done "
                "in this turn (a limit of once per Duel counts every turn); tell only what was done "
                "this turn ('I activated X this turn. Can I activate it again?')")


def refuse_a_turn_lock_across_turns(st: Situate, family: str, out: dict) -> None:
    """(hunt 132g) "I conducted my Battle Phase. It is my opponent's turn. Can I activate Heavy
    Storm Duster?": a card that forbids an action "the turn you activate this card" (a
    ``turn_lock`` of its reading), asked of or activated in a story that tells a new turn after
    something was done: what was done before that turn began is not of the turn asked of, which
    these rules do not read apart: refused, saying so."""
    if family not in ("can-activate-now", "can-respond") or \
            not _done_before_this_turn(st, phases_done=True):
        return
    refs = [out.get("effect"), out.get("responder")] + \
        [e.get("effect") for e in st.events if e.get("kind") == "activate"]
    cards = {r.get("card") for r in refs if isinstance(r, dict) and r.get("card")}
    locked = sorted(c for c in cards if c in st.db and any(
        f.type in ("turn_lock", "turn_lock_partial") for f in st.reading(st.db.get(c).name).facts))
    if locked:
        st.fail(f"{locked[0]} forbids an action the turn it is activated, and the story tells a new "
                "turn after what was done before it: that restriction looks only at the turn it is "
                "activated in; tell only what was done in this turn")


def refuse_a_negation_left_out(st: Situate) -> None:
    """(hunt) "I chain Solemn Judgment and destroy Pot of Greed", "I respond with Magic Jammer,
    destroying it": a response whose effect also negates, told only by what else it did; what it
    negates (the activation, the effect) decides whether the link it answers resolves, and is not
    said: refused, naming it."""
    for e in st.events:
        ref = e.get("effect") if e.get("kind") == "activate" else None
        if not e.get("respond") or not e.get("does") or not isinstance(ref, dict) or \
                not ref.get("card") or any(x.get("kind") == "negate" and x.get("by") == e.get("id")
                                           for x in st.events):
            continue
        found = st.effect_of(ref)
        if found is None:
            continue
        if effect_negates(found[0].facts, found[1]):
            st.fail(f"{ref['card']}'s effect also negates: say what it negates ('I chain "
                    f"{ref['card']} to negate it'), not only what else it did")


# what a negating card's condition answers ("When a Spell Card is activated": spell), by the kind
# of the card whose activation is told negated
_SCOPE_COVERS = {"spell": {"spell"}, "trap": {"trap"}, "monster": {"monster"},
                 "spell_trap": {"spell", "trap"}}


def refuse_a_negation_its_text_cannot_make(st: Situate) -> None:
    """(hunt 116) "I activate Call of the Haunted. My opponent chains Solemn Strike to negate it.":
    a card whose condition answers only activations of other kinds ("a monster effect is
    activated") told to have negated this one: the story is not one the cards allow, refused."""
    kinds = {aid: ref for aid, ref in st.acts}
    for e in st.events:
        if e.get("kind") != "negate" or e.get("what") != "activation" or e.get("by") not in kinds:
            continue
        by, of = kinds[e["by"]], kinds.get(e.get("of"))
        if not by.get("card") or of is None:
            continue
        scopes = [f.get("kind") for f in st.reading(by["card"]).facts
                  if f.type == "negation_scope" and f.get("what") == "activation"]
        if not scopes or any(k not in _SCOPE_COVERS for k in scopes):
            continue        # a condition this check does not read (a list, any activation)
        kind = st.db.get(of["card"]).kind if of.get("card") else of.get("generic")
        if kind not in ("spell", "trap", "monster"):
            continue
        if not any(kind in _SCOPE_COVERS[k] for k in scopes):
            said = {"monster": "a monster effect", "spell": "a Spell Card or effect",
                    "trap": "a Trap Card or effect"}
            st.fail(f"{by['card']} negates only the activation of "
                    f"{' or '.join(said[x] for x in sorted({x for k in scopes for x in _SCOPE_COVERS[k]}))}"
                    f": it cannot negate the activation of "
                    f"{of.get('card') or 'a ' + kind.title() + ' Card'}")

