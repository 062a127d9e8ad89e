"""What an answer that allows something waits on, from what the story told (topic I and the hunts
of wrong answers): a yes to "can ...?" (an activation, a response, a Summon, a negation) stays a yes
only when nothing told may forbid it that the family's rules do not read: a limit the story told
(LP, an empty hand, no free zone, an earlier use), a field told empty for a card with nothing to
do, a face-up card with a lasting lock, a Summon or an activation its card shields from negation.
Each is said as what the answer also needs (a no stands: these only forbid more).  What a yes and
a no both turn on is refused instead, in ``refusals.py``."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..reader.phrases import how_its_trigger_needs_it_moved, leaves_banished_instead

if TYPE_CHECKING:
    from .told import Situate

# the families whose yes allows something (an activation, a response, a Summon, a
# negation): a lock a face-up card keeps can only turn that yes into a no
_ALLOWS = {"can-activate-now", "can-respond", "negate-summon", "negate-activation", "can-activate",
           "procedure-summon", "tribute-summon", "normal-summon-again", "attack-again",
           "attack-directly", "again-this-turn", "again-this-duel", "again-after-negated"}
# ... never a lock on responses to the card's own activations ("cannot activate cards or effects
# in response to this card's effect activations"), which the chain rules read
_ITS_OWN = re.compile(r"\bin response to\b", re.IGNORECASE)
# what a lasting effect forbids, in its text ("cannot be activated", "must Set ... before")
_FORBIDS = re.compile(r"\bcannot be activated\b|\bmust set\b|\b(?:cannot|can't|neither player can)\s+"
                      r"(?:activate|special summon|normal summon|summon|set|add|banish|tribute|send|"
                      r"draw|declare|conduct)\b", re.IGNORECASE)


# a lock a card's resolution leaves for a time ("for the rest of this turn after this card
# resolves, your opponent cannot activate Trap Cards", "... for the rest of this Duel")
_FOR_A_TIME = re.compile(r"\b(?:for )?the rest of (?:this|the) (?:turn|duel)\b|\bthis (?:turn|duel)\b",
                         re.IGNORECASE)


def lock_left_by(st: Situate, aid: str) -> str | None:
    """(hunt) "My Mirror Force was negated by Red Reboot. Can I activate another Mirror Force this
    turn?": the card of the told activation ``aid`` when its text forbids activations (or
    Summons) for a time after it resolves, which the once-per-turn rules do not read; else None."""
    ref = next((r for a, r in st.acts if a == aid), None)
    card = st.db.find(ref.get("card")) if ref and isinstance(ref.get("card"), str) else None
    if card is None:
        return None
    for sentence in re.split(r"(?<=[.;])\s+", card.text or ""):
        if _FORBIDS.search(sentence) and _FOR_A_TIME.search(sentence) and \
                not _ITS_OWN.search(sentence):
            return card.name
    return None


# the slot of each family's spec that holds the effect asked about
ASKED_SLOT = {"can-activate-now": "effect", "can-respond": "responder", "negate-summon": "negator",
               "negate-activation": "negator"}


def asked_card(family: str, spec: dict) -> str | None:
    """The card of the effect a family's spec asks about (None when the family has no such slot
    or the effect is of no named card)."""
    ref = spec.get(ASKED_SLOT.get(family, ""))
    return ref.get("card") if isinstance(ref, dict) else None


def _activated_card(family: str, spec: dict) -> str | None:
    """The card asked to be activated or chained ("can-activate-now", "can-respond"); None for
    the other families."""
    return asked_card(family, spec) if family in ("can-activate-now", "can-respond") else None


def _unread_told(st: Situate, family: str, spec: dict) -> str | None:
    """(hunt) What the story told that limits activating the card asked about, in a family
    whose rules do not read it: "Can I chain X?" / "Can X negate the Summon?" after "I have
    1000 LP", "I have no cards in my hand", "I have no free Monster Zones", "I Set X this
    turn", "X is in my hand" (an effect activated on the field), or X already activated
    before in the story (a once-per-turn or once-per-Chain limit).  Those can only turn a
    yes into a no: the yes waits on them.  None when nothing of the kind was told."""
    card = asked_card(family, spec) if family != "can-activate-now" else None
    if not card and family.startswith("again-"):
        return _materials_for_again(st, spec)
    if not card:
        return None
    said = []
    for e in st.events:
        if e.get("kind") == "lp":
            said.append("the Life Points told")
        elif e.get("kind") == "zones":
            said.append("the free zones told")
        elif e.get("kind") == "materials" and e.get("card") == card and \
                not _enough_materials(st, card, spec.get("player", "you"), 1):
            said.append("the materials told")
        elif e.get("kind") == "state" and e.get("place") == "hand" and e.get("what") != card \
                and e.get("count") == 0:
            said.append("an empty hand told")
        elif e.get("kind") == "state" and e.get("what") == card and e.get("place") != "field":
            said.append(f"where {card} is told to be")
        elif e.get("kind") == "activate" and (e.get("effect") or {}).get("card") == card and \
                e.get("player", "you") == spec.get("player", "you"):
            said.append(f"{card} activated before in the story (a limit on its uses)")
    if any(c == card for c, _p in st.set_this_turn):
        said.append(f"{card} Set this turn")
    if st.cannot:
        said.append(f"what cannot be done ({st.cannot[0]})")
    return " and ".join(dict.fromkeys(said)) or None


def _materials_for_again(st: Situate, spec: dict) -> str | None:
    """"X with 1 material. Can it use its effect twice this turn?": the materials told of the
    card asked about must pay its detach cost for each use (game-rules#cost.5); the rules that
    answer whether it can be used again read its limits only, so a yes waits on fewer."""
    ref = spec.get("effect")
    return _materials_wait(st, ref.get("card") if isinstance(ref, dict) else None, spec, 2)


def _materials_unsure(st: Situate, spec: dict) -> str | None:
    """"I control X with no materials. Can I activate its effect?": a yes waits on materials told
    of the card asked about that the rules cannot compare with its cost (a detach cost whose
    number is not read, another copy told, the card named again after); a no stands."""
    return _materials_wait(st, asked_card("can-activate-now", spec), spec, 1)


def _materials_wait(st: Situate, card: str | None, spec: dict, uses: int) -> str | None:
    """"the materials told" when materials of ``card`` were told and are not surely enough for
    ``uses`` uses of its detach costs (:func:`_enough_materials`); None otherwise."""
    if not card or not any(e.get("kind") == "materials" and e.get("card") == card
                           for e in st.events):
        return None
    return None if _enough_materials(st, card, spec.get("player", "you"), uses) else \
        "the materials told"


def _enough_materials(st: Situate, card: str, player: str, uses: int) -> bool:
    """Are the materials told of the player's ``card`` (one such monster told, and nothing told
    after it that names the card) enough to pay every detach cost of its effects ``uses`` times?
    False when unsure: a detach cost whose number is not read, or another copy told."""
    told = [(k, e) for k, e in enumerate(st.events)
            if e.get("kind") == "materials" and e.get("card") == card]
    mine = [(k, e) for k, e in told if e.get("player", "you") == player]
    if len(told) != 1 or len(mine) != 1:
        return False
    at, e = mine[0]
    if any(card in repr(later) for later in st.events[at + 1:] if later.get("kind") != "state"):
        return False
    reading = st.reading(card)
    detaching = {f.get("effect") for f in reading.facts
                 if f.type == "cost_action" and f.get("verb") == "detach"}
    costs = {f.get("effect"): f.get("n") for f in reading.facts if f.type == "detach_cost"}
    if not detaching or detaching - set(costs):
        return False
    return all(n * uses <= e["n"] for n in costs.values())


# the words a card's text names a place with (a story's told holding there may leave its effect
# nothing to do or no target)
_PLACE_TEXT = {"gy": r"\b(?:GY|Graveyard)s?\b", "deck": r"(?<!Extra )\bDecks?\b",
               "extra-deck": r"\bExtra Decks?\b", "banished": r"\bbanished\b",
               "hand": r"\bhands?\b"}


def _places_told(st: Situate, family: str, spec: dict) -> str | None:
    """(hunt 84) "I have no cards in my GY. Can I activate Monster Reborn?", "I have 4 monsters in
    my GY. Can I activate Pot of Avarice?", "My Extra Deck is empty. Can I activate
    Polymerization?": what a player is told to hold in a place the card's text names (other
    than the field) may leave its effect no target or nothing to do, which the rules that allow
    an activation do not read (game-rules#activation-legality.4): the yes waits on it."""
    card = _activated_card(family, spec)
    if not card:
        return None
    text = " ".join(e.text or "" for e in st.reading(card).effects)
    # (how many cards a Deck or a hand holds is read where a part needs a number of them: only an
    # empty one is waited on)
    said = [e.get("place") for e in st.events if e.get("kind") == "state"
            and e.get("place") in _PLACE_TEXT and e.get("what") != card
            and (e.get("count") == 0 or e["place"] not in ("deck", "hand"))
            and re.search(_PLACE_TEXT[e["place"]], text, re.IGNORECASE)]
    if not said:
        return None
    return "what is told to be in " + " and ".join(
        dict.fromkeys({"gy": "the GY", "deck": "the Deck", "extra-deck": "the Extra Deck",
                       "banished": "banishment", "hand": "the hand"}[p] for p in said))


def _detach_told(st: Situate, family: str, spec: dict) -> str | None:
    """(hunt 84) "I control no monsters. Can I chain Xyz Block?": a cost that detaches a material
    from a monster the player controls (not "from this card"), after the story told what that
    player controls or what materials a monster has: whether it can be paid (game-rules#cost.5)
    is not read by the rules that allow the activation, so the yes waits on it."""
    card = _activated_card(family, spec)
    if not card:
        return None
    player = spec.get("player", "you")
    if not any(f.type == "cost_action" and f.get("verb") == "detach" and not re.search(
            r"\bfrom this card\b", getattr(f.source, "quote", "") or "", re.IGNORECASE)
               for f in st.reading(card).facts):
        return None
    told = any(e.get("kind") == "state" and e.get("place") == "field" and
               e.get("player") in (player, "both") or e.get("kind") == "materials"
               for e in st.events)
    return "what the player is told to control (a monster with a material to detach)" if told \
        else None


def _only_told(st: Situate, family: str, spec: dict) -> str | None:
    """(hunt 84) "My opponent controls only a face-down monster. Can I activate X?" of an effect
    that targets: the field of the player whose cards it targets ("your opponent controls": the
    other player's; "you control": the activating player's; else both) told whole ("only ...",
    "no ...") may hold no card its target must be, which the rules that allow the activation do
    not compare: the yes waits on it."""
    card = _activated_card(family, spec)
    if not card:
        return None
    reading = st.reading(card)
    targeting = {f.get("effect") for f in reading.facts if f.type in ("target_word", "targets")}
    if not targeting:
        return None
    text = " ".join(e.text or "" for e in reading.effects if e.id in targeting)
    player = spec.get("player", "you")
    other = "opponent" if player == "you" else "you"
    if re.search(r"\btarget\b[^.;:]{0,80}?\byour opponent controls\b", text, re.IGNORECASE):
        sides = {other}
    elif re.search(r"\btarget\b[^.;:]{0,80}?\byou control\b", text, re.IGNORECASE):
        sides = {player}
    else:
        sides = {"you", "opponent"}
    whole = set()
    for e in st.events:
        if e.get("kind") != "state" or e.get("place") != "field":
            continue
        what = st.entities.get(e.get("what")) if isinstance(e.get("what"), str) else None
        desc = str((what or {}).get("desc") or "")
        # (round 116) "my opponent controls exactly 1 monster" ("their only monster is X"): every
        # monster they control is told too
        exact = e.get("what") in ("monster", "card") and isinstance(e.get("count"), int) and \
            "min" not in e
        if desc.lower().startswith("only ") or e.get("count") == 0 or exact:
            whole |= {"you", "opponent"} if e.get("player") == "both" else {e.get("player")}
    return "the cards told to be on the field" if sides and sides <= whole else None


def _nothing_told(st: Situate, family: str, spec: dict) -> str | None:
    """(hunt) "There are no monsters on the field. Can I activate Dark Hole?", "I have no free
    Monster Zones. Can I activate Monster Reborn?": an activation asked after the story told an
    empty field or no free zone, of a card with no activation condition (which would read that
    state): whether the effect could be applied at all is not read by the rules that allow it
    (game-rules#activation-legality.4), so a yes waits on it.  None otherwise."""
    card = _activated_card(family, spec)
    if not card:
        return None
    said = []
    for e in st.events:
        if e.get("kind") == "state" and e.get("place") == "field" and e.get("count") == 0:
            said.append("no " + ("cards" if e.get("what") == "card" else "monsters") +
                        " on the field as told")
        elif e.get("kind") == "zones" and e.get("free") == 0:
            said.append("no free Monster Zone as told")
    reading = st.reading(card)
    if not said or any(f.type == "condition" for f in reading.facts) or re.search(
            r"\b(?:control|controls) no\b|\bno (?:cards?|monsters?)\b",
            " ".join(e.text or "" for e in reading.effects), re.IGNORECASE):
        return None     # (its text reads that state itself: "if you control no cards")
    return " and ".join(dict.fromkeys(said))


def _lock_told(st: Situate, spec: dict) -> str | None:
    """A card told face-up on the field whose text forbids something while it stays there
    ("Trap Cards ... cannot be activated", "Neither player can Special Summon", "must Set
    Spell Cards before activating them"): what it forbids is not read by the rules that allow
    an activation or a Summon, so a yes to "can ...?" waits on it (a no stands: a lock only
    forbids more).  None when no such card is told, or it is the card asked about."""
    asked = {str((v or {}).get("card")) for v in spec.values() if isinstance(v, dict)}
    for e in st.events:
        what = e.get("what")
        told = e.get("kind") == "state" and e.get("place") == "field" and e.get("face") != "down"
        # (a Summon asked to be negated is not yet done: its monster's effects do not apply)
        summoned = e.get("kind") == "summon" and e.get("summon-kind") != "set" and \
            e.get("id") != spec.get("summon")
        if not (told or summoned) or not isinstance(what, str) or what in asked:
            continue
        card = st.db.find(what)
        if card is None:
            continue
        reading = st.reading(card.name)
        # (a lasting effect only: an activated effect's text, with a colon or a cost before a
        # semicolon, restricts its own player after it is used, which other rules read)
        activated = {f.get("effect") for f in reading.facts
                     if f.type in ("colon", "semicolon", "cost_part")}
        if any(f.type == "prohibits" and f.get("effect") not in activated
               for f in reading.facts) or any(
                eff.id not in activated and any(
                    _FORBIDS.search(t) and not _ITS_OWN.search(t)
                    for t in re.split(r"(?<=[.;])\s+", eff.text or ""))
                for eff in reading.effects):
            return card.name
    return None


def _how_it_moved_unread(st: Situate, family: str, spec: dict) -> str | None:
    """(hunt) "Shaddoll Beast is used as Synchro Material. Can I activate its effect?" ("If this
    card is sent to the GY by a card effect"), "Doppelwarrior is used as Link Material" ("as
    Synchro Material"), "Gravekeeper's Recruiter is discarded" ("If this card you control is sent
    to your GY"): the card asked about was a material or a Tribute of a Summon told, or moved from
    the hand or Deck, and its trigger says how it must move; the yes waits on that."""
    card = asked_card(family, spec) if family == "can-activate-now" else None
    if not card:
        return None
    material = any(card in (e.get("materials") or []) for e in st.events if e.get("kind") == "summon")
    # (a discard told as a move, as a cost paid, or as what a link did)
    steps = [e for e in st.events if e.get("kind") == "move"] + \
        [x for e in st.events for x in (e.get("cost") or []) + (e.get("does") or [])]
    from_hand = any(x.get("what") == card and x.get("action") == "discarded" for x in steps)
    if not (material or from_hand):
        return None
    found = st.db.find(card)
    said = how_its_trigger_needs_it_moved(found.text or "", material, from_hand) \
        if found is not None else None
    if said is None:
        return None
    return f"whether {card} moved as its trigger says ({said!r})"


def _lock_left_told(st: Situate, spec: dict) -> str | None:
    """(hunt) "My opponent activated Dimension Shifter (Red Reboot, Raidraptor - Ultimate Falcon)
    this turn and it resolved. ... Can I activate X?": an activation told in the story whose card
    leaves a lock for a time ("for the rest of this turn ... cannot activate", "until the end of
    the next turn, any card sent to the GY is banished instead"), which the rules that allow an
    activation do not read: the yes waits on it.  None when no such activation is told (or it is
    the card asked about)."""
    asked = {str((v or {}).get("card")) for v in spec.values() if isinstance(v, dict)}
    for aid, ref in st.acts:
        card = ref.get("card")
        if not card or card in asked:
            continue
        if lock_left_by(st, aid) or any(f.type == "gy_replacement" for f in st.reading(card).facts) \
                or leaves_banished_instead(st.db.get(card).text or ""):
            return st.db.get(card).name
    return None


# the families that ask whether a card can negate (or answer) something, whose rules read the
# negator's text but not what the story told of it or of the board around it
_NEGATING = {"negate-summon", "negate-activation"}


def _negator_told(st: Situate, family: str, spec: dict) -> str | None:
    """(hunt) "My Thunder King Rai-Oh is face-down (in my GY, my opponent's). ... Can I negate it
    with Thunder King Rai-Oh?", "I control no monsters. ... Can I negate it with Horn of Heaven?",
    "Royal Decree (Skill Drain, Macro Cosmos) is face-up. ... Can I negate it with Solemn
    Strike?": what the story told of the negator (where, face-down, whose), of what its player
    controls (a cost), or of another face-up card on the field (a negation or a lock): the rules
    of the negating families do not read it, so a yes waits on it (a no stands).  None when the
    story told none of it."""
    card = asked_card(family, spec) if family in _NEGATING else None
    if not card:
        return None
    asker = spec.get("player", "you")
    found = st.db.find(card)
    # (a Set Spell/Trap is face-down where it is activated from; a face-down monster is not)
    down = "down" if found is not None and found.kind == "monster" else None
    states = [e for e in st.events if e.get("kind") == "state"]
    # what was told of the negator itself: as a card told (an entity) or held (a state)
    told = [(st.entities.get(card) or {}).get(k) for k in ("place", "face", "controller")]
    told = [tuple(told)] + [(e.get("place"), e.get("face"), e.get("player"))
                            for e in states if e.get("what") == card]
    said = []
    for place, face, whose in told:
        if place not in (None, "field") or down and face == down:
            said.append(f"where and how {card} is told to be")
        if whose not in (None, asker):
            said.append(f"{card} told as the other player's")
    events = {e.get("what") for e in st.events if e.get("kind") in ("summon", "move")} | \
        {(e.get("effect") or {}).get("card") for e in st.events if e.get("kind") == "activate"}
    for e in states:
        what = e.get("what")
        if what != card and e.get("player") == asker and e.get("count") == 0:
            said.append("what its player controls, as told (a cost)")
        elif what != card and isinstance(what, str) and st.db.find(what) is not None and \
                what not in events and e.get("place", "field") == "field" and e.get("face") != "down":
            said.append(f"{st.db.find(what).name} (told on the field)")
    for eid, ent in st.entities.items():
        name = ent.get("card") or (eid if st.db.find(eid) is not None else None)
        if name and name != card and name not in events and \
                (ent.get("place") == "field" or ent.get("face") == "up") and ent.get("face") != "down":
            said.append(f"{name} (told on the field)")
    return " and ".join(dict.fromkeys(said)) or None


# a monster that may count as 2 Tributes ("can be treated as 2 Tributes for the Tribute Summon of")
# "This card's Normal Summon cannot be negated", "its Special Summon cannot be negated"
_SUMMON_SHIELD = re.compile(r"\bsummon(?:s)? cannot be negated\b|\bcannot be negated\b[^.]*\bsummon",
                            re.IGNORECASE)

def _banisher_face_unsaid(st: Situate) -> str | None:
    """(hunt) "My opponent controls Macro Cosmos. My Giant Rat is destroyed by battle. Can I
    activate its effect?": a card told on the field, its face not said, whose text banishes cards
    sent to the GY instead (face-up, the rules read it: gy-move-banished-instead); None when there
    is none."""
    for e in st.events:
        what = e.get("what")
        if e.get("kind") != "state" or e.get("place") != "field" or e.get("face") in ("up", "down") \
                or not isinstance(what, str):
            continue
        card = st.db.find(what)
        if card is not None and any(f.type == "gy_replacement" for f in st.reading(card.name).facts):
            return card.name
    return None


_ENDS_BATTLE = re.compile(r"\bend the battle phase\b", re.IGNORECASE)


def _ends_the_battle_phase(st: Situate, family: str) -> str | None:
    """(hunt) "... declares a direct attack. I Special Summon Battle Fader from my hand. Does a
    replay happen?": a card told Summoned (or activated) after the attack whose text may end the
    Battle Phase; the attack then is over, which the replay rules do not read."""
    if family != "replay":
        return None
    for e in st.events:
        what = e.get("what") if e.get("kind") == "summon" else \
            (e.get("effect") or {}).get("card") if e.get("kind") == "activate" else None
        card = st.db.find(what) if isinstance(what, str) else None
        if card is not None and _ENDS_BATTLE.search(card.text or ""):
            return card.name
    return None


# "This card's activation and effect cannot be negated", "The activation and effect of this card's
# effects cannot be negated", "This effect's activation ... cannot be negated"
_ACTIVATION_SHIELD = re.compile(r"\bactivation\b[^.]*\bcannot be negated\b", re.IGNORECASE)


def _shielded(st: Situate, family: str, spec: dict) -> str | None:
    """(hunt) "Can Solemn Warning negate the Normal Summon of Obelisk the Tormentor?", "My
    opponent activates Super Polymerization. Can I negate it with Solemn Judgment?": a Summon whose
    card says it cannot be negated, or an activation its card forbids responses to (a negation of
    an activation is chained to it): the rules that allow the negation do not read that."""
    if family in ("negate-summon", "summon-negatable"):
        summon = spec.get("summon")
        card = summon.get("card") if isinstance(summon, dict) else next(
            (e.get("what") for e in st.events if e.get("id") == summon), None)
        found = st.db.find(card) if isinstance(card, str) else None
        if found is not None and _SUMMON_SHIELD.search(found.text or ""):
            return f"{found.name}'s text says its Summon cannot be negated"
    if family == "can-respond" and isinstance(spec.get("responder"), dict) and \
            (responder := spec["responder"].get("card")) and any(
                f.type == "negates" and "activation" in str(f.get("what"))
                for f in st.reading(responder).facts):
        # (hunt) "My opponent activates Gordian Slicer. Can I chain Solemn Judgment?": a card
        # that negates activations, chained to one that cannot be negated
        shield = _shielded(st, "negate-activation", {"activated": spec.get("to")})
        if shield and "cannot be negated" in shield:
            return shield
    if family == "negate-activation":
        activated = spec.get("activated")
        act = next((e for e in st.events if e.get("id") == activated), None)
        # (hunt) "Can X negate the activation of Y?" with no story: the activation asked of
        ref = activated if isinstance(activated, dict) else (act or {}).get("effect") or {}
        card = ref.get("card")
        if card and any(f.type == "response_lock" for f in st.reading(card).facts):
            return f"{card}'s text forbids responses to its activation"
        found = st.db.find(card) if isinstance(card, str) else None
        if found is not None and _ACTIVATION_SHIELD.search(found.text or ""):
            # "This card's activation and effect cannot be negated", "This effect's activation
            # ... cannot be negated": no source here says what a negation then does
            return f"{found.name}'s text says an activation of it cannot be negated"
        # (hunt) "I control Traptrix Atrax. I activate Trap Hole. Can my opponent negate it with
        # Solemn Judgment?": another card told face-up whose text shields activations
        for e in st.events:
            other = st.db.find(e.get("what")) if e.get("kind") == "state" and \
                e.get("place") == "field" and e.get("face") != "down" and \
                isinstance(e.get("what"), str) else None
            if other is not None and other.name != card and \
                    _ACTIVATION_SHIELD.search(other.text or ""):
                return f"{other.name}'s text says some activations cannot be negated"
    return None


def waits_on(st: Situate, family: str, spec: dict) -> list[str]:
    """What the yes of ``spec`` also needs, in plain words (empty: nothing): each check of
    ``_WAITS`` that finds something, said by its sentence."""
    out = []
    for check, said in _WAITS:
        found = check(st, family, spec)
        if found:
            out.append(said.format(found))
    return out


def _unread_or_materials(st: Situate, family: str, spec: dict) -> str | None:
    unread = _unread_told(st, family, spec)
    if unread is None and family == "can-activate-now":
        unread = _materials_unsure(st, spec)
    return unread


def _allowing(check):
    """A check that only the families that allow something (``_ALLOWS``) wait on."""
    return lambda st, family, spec: check(st, spec) if family in _ALLOWS else None


# (check, what the yes also needs: the sentence its finding fills), in the order they are said
_WAITS = (
    (_unread_or_materials, "whether {} still lets it be activated"),
    (_detach_told, "whether its cost can be paid with {}"),
    (_only_told, "whether the effect has a legal target among {}"),
    (_places_told, "whether the effect has what it needs with {} (a target, or a card to move)"),
    (_nothing_told, "whether the effect has anything to do with {} (an effect that could not be "
                    "applied at all cannot be activated)"),
    (_allowing(_lock_told), "whether {} (face-up on the field) forbids it"),
    (_how_it_moved_unread, "{}"),
    (_allowing(_lock_left_told), "whether what {} left for the turn (a lock, or cards banished "
                                 "instead of sent to the GY) still lets it happen"),
    (lambda st, family, spec: _banisher_face_unsaid(st) if family in _ALLOWS else None,
     "whether {} is face-up (while it is, a card sent to the GY is banished instead)"),
    (lambda st, family, spec: _ends_the_battle_phase(st, family),
     "whether the Battle Phase ended ({}'s text may end it)"),
    (_shielded, "whether it can be negated at all ({})"),
    (_negator_told, "whether {} still lets it negate"),
)
