"""A question as people ask it → the one event it asks about, said again in one of the question
grammar's own shapes ("do i still get to Special Summon a monster with X?" → "Does X still Special
Summon a monster?"; "the spell is still destroyed?" → "Is the spell still destroyed?").

The question's first word says what is asked (``asks`` of ``clauses.yaml``): whether the event
happens ("do"), whether its thing is so done ("be"), whether it may be done ("can").  The rest is a
clause, read by the story's reader (:class:`~.read.Reader`): who does what to what, how.  Every
word is placed or the question is left as written (``None``); "still" is said again, and words
of the rules ("also", "only", "first") stop the reading, so nothing is dropped."""

from __future__ import annotations

from .model import Event, Stop, data, np_words, tables
from .read import Reader
from .say import _base, card_words


def ask(words: list[str], kinds: list[str], names: list[str]) -> str | None:
    """The question ``words`` (its card names as placeholders, the question mark gone) said in
    the grammar's words, or None.  A phase said first ("During the Damage Step, can I ...?") is
    said after the question's clause."""
    r = Reader(words, kinds)
    lead = [m for m in r.lead_mods()]
    if lead and (any(not m.startswith("during ") for m in lead) or r.s.i >= len(words)):
        return None
    words = words[r.s.i:]
    try:
        said = _asked(words, kinds, names)
    except Stop:
        return None
    if said is None or not lead:
        return said
    return said[:-1] + " " + " ".join(lead) + "?"


def _asked(words: list[str], kinds: list[str], names: list[str]) -> str | None:
    try:
        chain = _starts_chain(words)
    except Stop:
        return None
    if chain is not None:
        return card_words(chain, names)
    try:
        negate = _used_to_negate(words, kinds)
    except Stop:
        return None
    if negate is not None:
        return card_words(negate, names)
    low = [w.lower() for w in words]
    for lead in tables()["is_that_something"]:
        if low[:len(lead)] == lead and len(words) > len(lead) + 2:
            # "is that something Solemn Warning can negate?": can it do that to it
            rest = words[len(lead):]
            if rest[0].lower() in ("that", "which"):
                rest = rest[1:]
            try:
                said = _stated(rest + ["it"], kinds, names)
            except Stop:
                return None
            return said if said is not None and said.startswith("Can ") else None
    if low[:1] == ["still"] and len(words) >= 2:
        # "Still banished?": is it (what was just told) still banished
        r = Reader(words[1:], kinds)
        v = r.verb()
        if v is not None and r.s.w[r.s.i - 1].lower().endswith(("ed", "en", "t")):
            return _said("be", ["it"] + words, kinds, names)
        return None
    aux = None
    for kind, forms in data()["asks"].items():
        for form in sorted((str(f).split() for f in forms), key=len, reverse=True):
            if low[:len(form)] == form:
                aux, rest = kind, words[len(form):]
                break
        if aux:
            break
    try:
        if aux is None:
            return _stated(words, kinds, names)
        return _said(aux, rest, kinds, names)
    except Stop:
        return None


def _stated(words: list[str], kinds: list[str], names: list[str]) -> str | None:
    """A question asked as a statement ("the spell is still destroyed?", "i still lose the 800?",
    "i can chain X to it?"): the statement's one event, asked.  "still" and "can" stand after the
    subject (or after "is")."""
    r = Reader(words, kinds)
    if r.player() is None and r.np() is None:
        return None
    at = r.s.i
    low = [w.lower() for w in words]
    aux = "do"
    if low[at:at + 1] == ["can"]:
        aux, words = "can", words[:at] + words[at + 1:]
        low = low[:at] + low[at + 1:]
    still = ""
    for k in (at, at + 1):
        if low[k:k + 1] == ["still"] and (k == at or low[at] in data()["passive"]):
            still, words = " still", words[:k] + words[k + 1:]
            break
    events = Reader(words, kinds).events()
    if len(events) != 1:
        return None
    ev = events[0]
    if ev.passive:
        aux = "be" if aux == "do" else None
    if aux is None:
        return None
    said = _question(ev, aux, still, kinds)
    return card_words(said, names) if said else None


def _said(aux: str, rest: list[str], kinds: list[str], names: list[str]) -> str | None:
    r = Reader(rest, kinds)
    subj = r.player() or r.np()
    if subj is None:
        return None
    at = r.s.i
    still = r.s.take_any(tables()["still"]) is not None
    able = r.s.take_any(tables()["able"]) is not None
    if not still and r.s.take_any(tables()["still"]) is not None:
        still = True                    # "do I get to still ...": the same
    body = rest[r.s.i:]
    if [w.lower() for w in body] == ["get", "the", "draw"]:
        body = ["draw"]                 # "do I still get the draw?": do I draw
    if aux == "be":
        # "is it still banished": the clause "it is banished"
        if able:
            return None
        clause = rest[:at] + ["is"] + body
    else:
        clause = rest[:at] + body
    r = Reader(clause, kinds)
    events = r.events()
    if len(events) != 1:
        return None
    ev = events[0]
    said = _question(ev, aux, " still" if still else "", kinds)
    return card_words(said, names) if said else None


def _question(ev: Event, aux: str, still: str, kinds: list[str]) -> str | None:
    if ev.verb not in data()["verbs"] or ev.holding or ev.intent or ev.first or ev.only or ev.own:
        raise Stop
    v = data()["verbs"][ev.verb]
    event = v["event"]
    mods = sorted(ev.mods, key=lambda m: 0 if m.startswith(("to ", "from ")) else 1)
    tail = (" " + " ".join(mods)) if mods else ""
    resp = " in response" if ev.responding else ""
    what = np_words(ev.patient) if ev.patient is not None else ""
    if aux == "be":
        if not ev.passive or ev.patient is None or event in ("activate", "control", "hand", "target"):
            raise Stop
        by = f" by {np_words(ev.by)}'s effect" if ev.by is not None else ""
        be = "Are" if ev.patient.say in ("them",) or ev.patient.copies else "Is"
        return f"{be} {what}{still} {v['done']}{tail}{by}{resp}?"
    if ev.passive:
        raise Stop
    agent = ev.agent
    if agent is None:
        raise Stop
    if aux == "can" and event == "activate":
        # "can I chain X in response?", "can my opponent activate X on it?"
        card = ev.patient if ev.patient is not None and ev.patient.card is not None else ev.by
        if card is None and ev.patient is not None and ev.verb in ("chain", "activate") and \
                not ev.patient.done and ev.patient.say not in data()["pointers"] and \
                ev.patient.say.split()[:1] in (["a"], ["an"]):
            card = ev.patient           # "can I chain a Normal Trap to it?": a card of a kind
        if agent.player is None or card is None:
            raise Stop
        can = "Can I" if agent.player == "me" else "Can my opponent"
        return f"{can}{still} {_base(v['say'])} {np_words(card)}{tail}{resp}?"
    if event == "target":
        # "does X target (my monster)?", "can X target it?", "can I target it with X?"
        if agent.player is not None:
            if aux != "can" or ev.by is None or ev.patient is None or mods:
                raise Stop
            return f"Can {np_words(agent)}{still} target {what} with {np_words(ev.by)}?"
        if agent.card is None or ev.by is not None or mods:
            raise Stop
        word = "Can" if aux == "can" else "Does"
        return f"{word} {np_words(agent)}{still} target{' ' + what if what else ''}?"
    if event == "draw":
        # "do I still draw 2?", "does my opponent draw?"
        if agent.player is None or ev.by is not None or mods:
            raise Stop
        word = "Can" if aux == "can" else ("Do" if agent.player == "me" else "Does")
        return f"{word} {np_words(agent)}{still} draw{' ' + what if what else ''}?"
    if event not in ("move", "summon", "negate", "resolve"):
        raise Stop
    if event == "resolve":
        if ev.patient is not None or mods or agent.player is not None:
            raise Stop
        return f"Does {np_words(agent)}{still} resolve?"
    if agent.player is not None and ev.by is not None:
        # "do I still Special Summon a monster with X": X's effect does it
        who, do = np_words(ev.by), "Does"
    elif agent.player is not None:
        who, do = np_words(agent), ("Do" if agent.player == "me" else "Does")
    elif ev.by is None:
        who, do = np_words(agent), "Does"
    else:
        raise Stop
    if ev.patient is None:
        raise Stop
    word = "Can" if aux == "can" else do
    return f"{word} {who}{still} {_base(v['say'])} {what}{tail}{resp}?"



def _starts_chain(words: list[str]) -> str | None:
    """"does that summon start a chain (my opponent can respond to)?", "is X's effect a chain
    link?", "is that an activated effect?": whether what is named starts a Chain, asked the
    grammar's way ("Does that Summon start a Chain?").  What is named is kept word for word (the
    grammar reads it or refuses it); after the chain only a player who can respond or chain to
    it may follow, which every Chain Link allows.  None when the question is not this one."""
    low = [w.lower() for w in words]
    frames = data()["starts_chain"]
    if not low or low[0] not in frames["asks"]:
        return None
    for k in range(2, len(low)):
        for said in sorted((str(p).split() for p in frames["is" if low[0] in data()["asks"]["be"]
                            else "does"]), key=len, reverse=True):
            if low[k:k + len(said)] == said:
                named = words[1:k]
                if not named or len(named) > 8 or any(w in (",", ";", ":") for w in named):
                    return None
                if len(named) >= 2 and named[-1].lower() == "effect":
                    # "that banishing effect": the banish effect
                    named = named[:-2] + [_effect_word(named[-2])] + named[-1:]
                if not _only_responding(words[k + len(said):]):
                    return None
                return f"Does {' '.join(named)} start a Chain?".replace(" 's ", "'s ")
    return None


def _only_responding(rest: list[str]) -> bool:
    """The words after "a chain": none, or who can respond to it ("(that) my opponent can
    respond to", ", so they can chain to it", "i can respond to")."""
    if not rest:
        return True
    r = Reader(rest, [])
    r.s.take([","])
    r.s.take(["so"]) or r.s.take(["that"]) or r.s.take(["which"])
    if r.player() is None:
        return False
    if r.s.take_any([["can"], ["could"], ["may"]]) is None:
        return False
    if r.s.take_any([["chain", "something"], ["chain", "anything"], ["respond"], ["chain"]]) is None:
        return False
    r.s.take(["to"]) and (r.s.take(["it"]) or r.s.take(["that"]) or True)
    r.s.take(["in", "response"])
    return r.s.done()


def _used_to_negate(words: list[str], kinds: list[str]) -> str | None:
    """"can I use X to negate that summon?", "can I chain X to negate that?": whether X can negate
    it, asked as "Can X negate that Summon?" (a cost named, "tribute X to negate it", is the
    grammar's to check: not read here)."""
    low = [w.lower() for w in words]
    if not low or low[0] not in data()["asks"]["can"]:
        return None
    r = Reader(words[1:], kinds)
    if r.player() is None:
        return None
    v = r.verb()
    if v not in data()["used_to_negate"]:
        return None
    card = r.card()
    if card is None or not r.s.take(["to"]) or r.verb() != "negate":
        return None
    at = r.s.i
    if r.s.take_any([["that"], ["this"], ["it"]]) is not None and r.s.done():
        what = "it"                     # "negate that": the thing told before
    else:
        r.s.i = at
        t = r.np()
        if t is None or not r.s.done():
            return None
        what = np_words(t)
    return f"Can {np_words(card)} negate {what}?"


def _effect_word(word: str) -> str:
    """A gerund before "effect" said as the effect's word ("banishing" -> "banish",
    "destroying" -> "destroy"), when it is one; else the word as written."""
    low = word.lower()
    words = {str(w).lower() for w in data()["effect_words"]}
    if low in words or not low.endswith("ing"):
        return word
    for base in (low[:-3], low[:-3] + "e"):
        if base in words:
            return base
    return word
