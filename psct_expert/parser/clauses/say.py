"""An event read from a story → one sentence in the question grammar's own clause shapes
("my opponent returns that monster to the hand in response.", "Glass Lance is activated on my
opponent's monster."); an event the grammar has no shape for stops (:class:`~.model.Stop`)."""

from __future__ import annotations

from ... import kre as re
from .model import CARD_RE, NP, OWNED, Event, Stop, data, np_words


def _base(say: str) -> str:
    """The verb said after "I" ("activates" -> "activate", "Special Summons" -> "Special Summon")."""
    words = say.split()
    last = words[-1]
    if last == "has":
        last = "have"
    elif re.search(r"(ches|shes|sses|xes)$", last):
        last = last[:-2]
    elif last.endswith("s"):
        last = last[:-1]
    return " ".join(words[:-1] + [last])


def card_words(text: str, names: list[str]) -> str:
    return CARD_RE.sub(lambda m: names[int(m.group(1))], text)


def say(ev: Event, names: list[str], kinds: list[str]) -> str:
    """The event said in one of the grammar's clause shapes; the turn it happened in ("during my
    opponent's turn", read from "on their turn") is said first, as the grammar reads a turn told
    ("During my opponent's turn, my opponent activates X.")."""
    turns = [m for m in ev.mods if re.fullmatch(r"during (?:my|my opponent's) turn", m)]
    if len(turns) != 1 or ev.verb in ("pass", "state"):
        return _say(ev, names, kinds)
    ev.mods = [m for m in ev.mods if m != turns[0]]
    said = _say(ev, names, kinds)
    return f"{turns[0][:1].upper()}{turns[0][1:]}, {said[:1].lower() if not said.startswith('I ') else 'I'}{said[1:]}"


def _say(ev: Event, names: list[str], kinds: list[str]) -> str:
    if ev.verb == "pass":
        return "Nobody responds."
    if ev.verb == "state":
        return card_words(ev.mods[-1], names)
    v = dict(data()["verbs"][ev.verb])
    # where a card goes or comes from is said right after the verb, then when and how
    ev.mods = sorted(ev.mods, key=lambda m: 0 if m.startswith(("to ", "from ")) and
                     not m.startswith("to activate ") else 1)
    who = np_words(ev.agent) if ev.agent is not None else ""
    if who == "I":
        v["say"] = _base(v["say"])
    what = np_words(ev.patient) if ev.patient is not None else ""
    if what == "itself":
        what = "it"                     # (a story says what "it" is by the card told last)
    mods = [m for m in ev.mods]
    to = v.get("to")
    if to and not any(m.startswith("to ") for m in mods):
        mods.append(f"to the {to}")
    tail = (" " + " ".join(mods)) if mods else ""
    resp = " in response" if ev.responding else ""
    event = v["event"]
    if event == "activate" and ev.agent is not None and ev.agent.card is not None and \
            ev.patient is not None and ev.patient.effect and ev.patient.card is None and not ev.passive:
        # "my X activates its quick effect": the card's own effect
        return card_words(f"{who} activates {what}{tail}{resp}.", names)
    if event == "activate" and ev.passive and ev.patient is not None:
        return card_words(f"{what} is activated{tail}{resp}.", names)
    if event == "activate" and ev.patient is not None and ev.patient.card is None and \
            ev.patient.say in ("it", "that card", "the target") and ev.by is None and not mods:
        # "they chain it": the card told before (a Set card targeted) is activated in response
        return f"{who} {'activate' if who == 'I' else 'activates'} that card in response."
    if event == "activate" and ev.patient is not None and ev.patient.effect and \
            ev.patient.card is None and ev.patient.say.startswith("its ") and ev.by is None and \
            ev.agent is not None and ev.agent.player is not None and not ev.passive:
        # "I NS X, I activate its effect": the effect of the card told before (the grammar reads
        # what "its" is)
        act = "activate" if who == "I" else "activates"
        return f"{who} {act} {ev.patient.say}{tail}{resp}."
    if event == "activate":
        card = ev.patient if ev.patient is not None and ev.patient.card is not None else ev.by
        if card is None:
            raise Stop
        return card_words(f"{who} {v['say']} {np_words(card)}{tail}{resp}.", names)
    if event == "flip" and not ev.passive and ev.responding and ev.agent is not None and \
            ev.agent.player is not None and ev.patient is not None and ev.patient.card is None and \
            ev.patient.say in ("it", "that card", "the target") and ev.by is None and \
            not any(m in ("face-down", "face-up") for m in mods):
        # (still) "they flip it in response": the Set card told before is activated
        return f"{who} {'activate' if who == 'I' else 'activates'} that card in response."
    if event == "flip" and ev.patient is not None and ev.patient.card is not None and \
            kinds[ev.patient.card] in ("spell", "trap") and not ev.passive and "face-down" not in mods:
        act = "activate" if who == "I" else "activates"
        return card_words(f"{who} {act} {np_words(ev.patient)}{tail}{resp}.", names)
    by = f" by {np_words(ev.by)}'s effect" if ev.by is not None else ""
    if event == "move" and v.get("moves_itself") and ev.patient is None and ev.agent is not None \
            and ev.agent.player is None:
        # "X goes back to my hand": X is what moves
        return card_words(f"{who} is {v['done']}{tail}{resp}.", names)
    if event in ("move", "flip"):
        if ev.patient is None:
            raise Stop
        if ev.agent is not None and ev.agent.player is None:
            if ev.agent.card is None or ev.by is not None:
                raise Stop              # "it destroys X": the grammar reads what "it" is
            if ev.verb in ("destroy", "pop") and kinds[ev.agent.card] == "monster" and not ev.agent.effect:
                raise Stop              # "X destroyed Y": by battle or by its effect?
            by = f" by {np_words(ev.agent)}" + ("" if ev.agent.effect else "'s effect")
        elif ev.agent is not None and event == "move":
            # a player does it: said actively, as the grammar reads a player's action
            w = f" with {np_words(ev.by)}" if ev.by is not None else ""
            return card_words(f"{who} {v['say']} {what}{tail}{w}{resp}.", names)
        be = "are" if ev.patient.group else "is"
        return card_words(f"{what} {be} {v['done']}{tail}{by}{resp}.", names)
    if event == "summon" and ev.own:
        card = ev.patient if ev.patient is not None else ev.agent
        if card is None or card.card is None:
            raise Stop
        if ev.agent is not None and ev.agent.player is not None and not card.say:
            # who Summons it is said as whose card it is ("my opponent's X is Special Summoned")
            card = NP(f"{OWNED[ev.agent.player]} ", card=card.card, tail=card.tail)
        return card_words(f"{np_words(card)} is {v['done']}{tail}{resp} with its own procedure.", names)
    if event == "summon" and v.get("moves_itself"):
        # "it lands on the field", "X hits the field": X is Summoned
        thing = ev.patient if ev.passive else ev.agent if ev.patient is None else None
        if thing is None or thing.player is not None or ev.by is not None or \
                any(not m.startswith(("during ", "this turn")) for m in mods):
            raise Stop                  # ("it lands in the GY": no Summon)
        return card_words(f"{np_words(thing)} is {v['done']}{tail}{resp}.", names)
    if event == "summon" and ev.verb == "bring back":
        # "I bring it back with X": Special Summoned back (to the field) with X
        if any(m.startswith("to ") for m in ev.mods) or ev.passive or ev.agent is None or \
                ev.agent.player is None or ev.patient is None:
            raise Stop
        w = f" with {np_words(ev.by)}" if ev.by is not None else ""
        tail = (" " + " ".join(mods)) if mods else ""
        return card_words(f"{who} {v['say']} {what} back{w}{tail}{resp}.", names)
    if event == "summon":
        if ev.intent:
            be = "am" if who == "I" else "is"
            return card_words(f"{who} {be} about to {_base(v['say'])} {what}{tail}{resp}.", names)
        if ev.passive:
            if ev.by is not None:
                raise Stop              # (said by the grammar as who Summons it, below)
            return card_words(f"{what} is {v['done']}{tail}{resp}.", names)
        w = f" with {np_words(ev.by)}" if ev.by is not None else ""
        return card_words(f"{who} {v['say']} {what}{tail}{w}{resp}.", names)
    if event == "negate":
        if ev.passive and ev.patient is not None and ev.patient.done:
            return card_words(f"{what} is negated{by}{tail}{resp}.", names)
        if ev.passive and ev.patient is not None and ev.patient.activation:
            return card_words(f"{what}'s activation is negated{by}{resp}.", names)
        if ev.passive and ev.patient is not None and ev.patient.effect:
            return card_words(f"{what} is negated{by}{resp}.", names)
        if ev.passive and ev.patient is not None and not ev.patient.copies and not ev.patient.group and \
                (ev.patient.say == "it" and ev.patient.card is None or
                 ev.patient.card is not None and not ev.patient.say and not ev.patient.tail):
            # "..., and it got negated", "X gets negated": said as the grammar reads "X is negated"
            # written so (the situation model decides what of it was negated where that matters,
            # or asks)
            return card_words(f"{what} is negated{by}{tail}{resp}.", names)
        if ev.passive:
            raise Stop          # "X was negated": its activation, or only its effect? (not said)
        w = f" with {np_words(ev.by)}" if ev.by is not None else ""
        if ev.patient is not None and ev.patient.activation:
            what = f"the activation of {np_words(ev.patient)}"
        return card_words(f"{who} negates {what}{w}{tail}{resp}.", names)
    if event == "target" and ev.agent is not None and ev.agent.card is not None and ev.patient is not None:
        return card_words(f"{who} {v['say']} {what}{tail}{resp}.", names)
    if event == "target" and ev.passive and ev.by is not None and ev.patient is not None and not who:
        # "my monster was targeted by X": by X's effect
        return card_words(f"{what} is targeted by {np_words(ev.by)}{tail}{resp}.", names)
    if event == "target":
        if ev.by is None or ev.patient is None or not who:
            raise Stop
        return card_words(f"{who} {v['say']} {what} with {np_words(ev.by)}{tail}{resp}.", names)
    if event == "attack":
        if ev.agent is None or ev.agent.player is None or ev.patient is not None and ev.patient.say != "I":
            raise Stop              # "X attacks": which monster, the grammar reads
        owned = "my" if who == "I" else "my opponent's"
        direct = " directly" if "directly" in ev.mods or ev.patient is not None else ""
        if ev.by is not None:
            # (hunt) "I attack with Blue-Eyes White Dragon": that monster attacks (never "my
            # monster", which drops which one)
            if ev.by.card is None:
                raise Stop
            return card_words(f"{owned} {np_words(ev.by)} attacks{direct}.", names)
        return card_words(f"{owned} monster attacks{direct}.", names)
    if event == "resolve":
        if ev.agent is not None and ev.agent.player is not None:
            if ev.patient is None or ev.patient.card is None:
                raise Stop
            return card_words(f"{what} resolves.", names)    # "I resolve X": X resolves
        return card_words(f"{who or what} resolves.", names)
    if event == "hand":
        if ev.agent is None or ev.agent.player is None or not re.match(r"(\d+|no) ", what + " "):
            raise Stop
        what = re.sub(r" in (?:the|my|my opponent's) hand$", "", what)
        if re.fullmatch(r"\d+", what):
            what += " cards"
        hand = "my hand" if who == "I" else "their hand"
        only = "only " if ev.only else ""
        return f"{who} {v['say']} {only}{what} in {hand}."
    if event == "control" and ev.patient is not None and ev.patient.card is not None and \
            not ev.patient.copies and mods in (["face-up"], ["face-up", ""], ["", "face-up"]):
        # "i got Royal Oppression face-up": that card face-up on that player's field
        field_of = "my field" if who == "I" else "my opponent's field"
        return card_words(f"{np_words(ev.patient)} is face-up on {field_of}.", names)
    if event == "control" and ev.patient is not None and ev.patient.copies:
        if mods and mods != [""]:
            raise Stop                  # "2 X in my hand": no clause of the story grammar
        say = "control" if who == "I" else "controls"
        return card_words(f"{who} {say} {what}.", names)
    if event == "control" and ev.only:
        if not re.match(r"\d", what):
            raise Stop
        return card_words(f"{who} {v['say']} only {what}{tail}.", names)
    if event == "control":
        if ev.patient is not None and ev.patient.alone:
            # (hunt 132e) "... 5 cards in hand and I have 1": a count with its noun left out is
            # of the thing said before it (its place too), never cards on the field
            raise Stop
        if (not mods or mods == [""]) and not re.search(r" (in|from) ", what):
            # "I have no monsters", "has X out": on the field
            mods = []
            tail = ""
            v["say"] = "control" if who == "I" else "controls"
        return card_words(f"{who} {v['say']} {what}{tail}.", names)
    if event == "draw":
        if ev.agent is None or ev.agent.player is None or ev.passive:
            raise Stop
        return card_words(f"{who} {v['say']}{' ' + what if what else ''}{tail}{resp}.", names)
    if event == "leave":
        # "removes my Set card from the field": the card, not where it leaves from twice
        what = re.sub(r"\s+from the field$", "", what or "", flags=re.IGNORECASE) or what
        return card_words(f"{what or who} leaves the field{resp}.", names)
    raise Stop
