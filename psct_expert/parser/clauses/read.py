"""A story sentence's words → its events: who (a player, a card, "it") does what (a game verb in
any form, active or passive) to what ("their face-up monster", "it"), and how (from/to a place,
with/by a card, in response, targeting ..., face-down).  A clause without a subject keeps the last
one; a word it cannot place stops the reading (:class:`~.model.Stop`)."""

from __future__ import annotations

import re

from ...gamewords import gamewords
from .model import CARD, CARD_RE, NP, OWNED, Event, Stop, data, np_words, plural, tables, title


class Words:
    """The words of a sentence, read left to right."""

    def __init__(self, words: list[str]):
        self.w = words
        self.i = 0

    def peek(self, n: int = 0) -> str:
        return self.w[self.i + n] if self.i + n < len(self.w) else ""

    def done(self) -> bool:
        return self.i >= len(self.w)

    def take(self, phrase: list[str]) -> bool:
        if [x.lower() for x in self.w[self.i:self.i + len(phrase)]] == phrase:
            self.i += len(phrase)
            return True
        return False

    def take_any(self, phrases) -> list[str] | None:
        for p in phrases:
            if self.take(p):
                return p
        return None


class Reader:
    """One story sentence's words → its events (who does what to what, how)."""

    def __init__(self, words: list[str], kinds: list[str]):
        self.t = tables()
        self.s = Words(words)
        self.kinds = kinds
        self.subject: NP | None = None
        self.last_noun: str | None = None

    def events(self) -> list[Event]:
        out: list[Event] = []
        topic = self._topic_card()
        while not self.s.done():
            responding = False
            while self.s.peek() in (",", ";") or self.s.peek().lower() in ("and", "then", "so", "but"):
                self.s.i += 1
            if self.s.take_any(self.t["in_response"]):
                responding = True
                self.s.take([","])
            if self.s.done():
                break
            last = out[-1] if out else None
            if last is not None and last.passive and last.patient is not None and \
                    not last.patient.done and self._participle_alone():
                # "X was negated by Y and destroyed": X was destroyed too
                ev = Event(self.verb(), patient=last.patient, passive=True)
                self.mods(ev)
            else:
                ev = self.clause()
            ev.responding = ev.responding or responding
            if self.s.peek().lower() == "after" and self._after_clause(ev, out):
                continue
            out.append(ev)
            out.extend(ev.then)
        # "they chain and banish it": the chained effect is the one that banishes; "they chain X
        # and return my monster": X returns it, in response
        for a, b in zip(out, out[1:]):
            if a.verb in ("chain", "respond") and a.patient is None and a.by is None:
                b.responding = True
            elif a.verb in ("chain", "respond") and (a.patient is not None or a.by is not None) and \
                    b.agent is a.agent and \
                    data()["verbs"].get(b.verb, {}).get("event") in ("move", "flip", "negate"):
                b.responding = True
        if topic is not None:
            self._done_with_topic(out, topic)
        for a, b in zip(out, out[1:]):
            # "X Synchro Summoned, i target A and B", "X flip, I target 2 monsters": the card just
            # Summoned or flipped targets them (its effect, which the grammar finds or refuses)
            if b.verb == "target" and b.by is None and b.agent is not None and b.agent.player == "me" \
                    and b.patient is not None and a.passive and \
                    (self._is(a.verb, "summon") or a.verb == "flip" and "face-up" in a.mods) and \
                    a.patient is not None and a.patient.card is not None and not a.patient.say:
                b.agent = NP("", card=a.patient.card)
        if any(e.first and not e.responding for e in out):
            raise Stop                  # "first" said of what answers nothing: an order to place
        for e in out:
            # a verb of one meaning only with its modifier ("hits me directly": an attack; "drops
            # X from the hand": a Special Summon)
            needs = data()["verbs"].get(e.verb, {}).get("needs")
            if needs == "directly" and "directly" not in e.mods or \
                    needs == "from hand" and not any(m.startswith("from ") and m.endswith(" hand")
                                                     for m in e.mods) or \
                    needs == "face" and not any(m in ("face-down", "face-up") for m in e.mods) or \
                    needs == "monster onto the field" and not (
                        e.patient is not None and "monster" in (e.patient.say or "") and
                        (any(m.startswith(("on ", "onto ")) and m.endswith("field") for m in e.mods)
                         or re.search(r"\bon(?:to)? (?:\S+ )*?field$", e.patient.say or ""))):
                raise Stop
        return [e for e in out if not (e.verb in ("chain", "respond") and e.patient is None
                                       and e.by is None)]

    def _topic_card(self) -> NP | None:
        """"Zombie Master: i send a monster from hand and target ...", "Book of Life: target a
        Zombie in my GY and ...": a card named first, then what the asker does (told, or as an
        order): the card whose activation that is.  None (nothing taken) otherwise."""
        s = self.s
        if s.i != 0 or len(s.w) < 4 or not CARD_RE.fullmatch(s.w[0]) or s.w[1] != ":":
            return None
        s.i = 2
        at = s.i
        who = self.player()
        s.i = at
        if who is not None and who.player == "me":
            return NP("", card=int(CARD_RE.fullmatch(s.w[0]).group(1)))
        s.i = at
        if self._peek_verb(0):
            self.subject = NP("I", player="me")   # "target a Zombie ...": the asker's order
            return NP("", card=int(CARD_RE.fullmatch(s.w[0]).group(1)))
        s.i = 0
        return None

    def _done_with_topic(self, out: list[Event], topic: NP) -> None:
        """The asker's targeting and costs in a sentence opened by a card's name: done with that
        card (its activation); anything else the sentence tells stops the reading."""
        for ev in out:
            mine = ev.agent is not None and ev.agent.player == "me" and not ev.passive
            if mine and ev.verb == "target" and ev.by is None:
                ev.by = NP("", card=topic.card)
            elif mine and (ev.verb in data()["costs"] or ev.verb in data()["done_to_summon"]) and \
                    ev.by is None and not any(m.startswith("to activate ") for m in ev.mods):
                ev.mods.append(f"to activate {np_words(topic)}")
            else:
                raise Stop

    def _target_gone(self) -> Event | None:
        """(still) "my Dark World Lightning's target gets destroyed in response", "X's target was
        banished before it resolved": X's one target left its place before X resolved, said as the
        grammar says it ("X's target is gone when it resolves").  None (nothing taken) otherwise;
        a flip is no leaving."""
        s = self.s
        at = s.i
        owner = self.owner()             # (the grammar's clause is the asker's activation: "my")
        m = CARD_RE.fullmatch(s.peek())
        if m is None or owner not in (None, "me") or s.peek(1) != "'s" or s.peek(2).lower() != "target" or \
                s.peek(3).lower() not in data()["passive"]:
            s.i = at
            return None
        s.i += 4
        v = self.verb()
        if v is None or data()["verbs"][v]["event"] not in ("move", "leave") or \
                s.w[s.i - 1].lower().endswith("ing"):
            s.i = at
            return None
        when = s.take_any(self.t["in_response"]) or s.take(["before", "it", "resolves"]) or \
            s.take(["before", "it", "resolved"])
        if not when:
            # (hunt 66) "X's target is destroyed" said bare: X's own part done, or a change before
            # it resolved; which is not said (never assumed)
            s.i = at
            return None
        if not (s.done() or s.peek() in (",", ";") or s.peek().lower() in ("and", "then", "so", "but")):
            s.i = at
            return None
        return Event("state", mods=[CARD.format(m.group(1)) + "'s target is gone when it resolves."])

    def _after_clause(self, ev: Event, out: list[Event]) -> bool:
        """"X got negated after I paid the 1000": the clause after "after" happened first, told
        first; a cost paid then, for no card said, is the cost of the card the first clause names.
        (varyS) Its subject may be a card or "it" ("I negate X after it detached a material"), and
        the verbs that share its subject are its ("after I Normal Summon it and activate its
        effect"); its "it", told first now, is the one card the later clause names.
        False (nothing taken) when no clause with a player or a card follows."""
        s = self.s
        at = s.i
        s.i += 1
        keep = self.subject
        try:
            told = self._after_told(ev)
        except Stop:
            told = None
        self.subject = keep
        if told is None:
            s.i = at
            return False
        first = told[0]
        card = ev.patient if ev.passive else None
        if (first.verb in data()["costs"] or first.verb in data()["done_to_summon"]) and \
                not any(m.startswith("to activate ") for m in first.mods) and \
                card is not None and card.card is not None and not card.say:
            first.mods.append(f"to activate {np_words(card)}")
        if out and out[-1].verb in ("chain", "respond") and out[-1].patient is None and \
                out[-1].by is None and ev.agent is not None and out[-1].agent is not None and \
                out[-1].agent.player == ev.agent.player:
            # "they chain and bounce it after I target it with X": the chain answers what the
            # after-clause tells, told before it
            out[-1:-1] = told
            out.extend([ev, *ev.then])
            return True
        out.extend([*told, ev, *ev.then])
        return True

    def _after_told(self, ev: Event) -> list[Event] | None:
        """(varyS) The clause after "after" (its subject a card or "it") with the clauses that
        share its subject ("and targeted my card"); each "it"/"its effect" of them said as the
        one card the later clause ``ev`` names.  None when no clause with a card subject follows
        or "it" has no one card to be."""
        s = self.s
        # the card the later clause acts on or has act ("opp returns X to my hand", "X is
        # destroyed"), not the one it uses ("chains X", "with X"); none when that clause has an
        # "it" of its own (then "it" is a card told before)
        used = not ev.passive and (ev.verb in ("chain", "respond", "activate", "use", "cast") or
                                   ev.verb == "flip" and ev.patient is not None and
                                   ev.patient.card is not None and self.kinds[ev.patient.card] != "monster")
        names = [n for n in (None if used else ev.patient, ev.agent)
                 if n is not None and n.player is None and not n.group and not n.done and
                 (n.card is not None or n.say and n.say not in data()["pointers"] and
                  n.say not in ("it", "its effect"))]
        cards = {n.card if n.card is not None else n.say for n in names}
        if any(n is not None and n.card is None and n.say in ("it", "its effect")
               for e in (ev, *ev.then) for n in (e.agent, e.patient, e.by)):
            cards = set()
        subj_at = s.i
        if self.player() is None and self.np() is None:
            return None
        s.i = subj_at
        self.subject = None
        first = self._clause()
        told = [first, *first.then]
        agent = first.agent if not first.passive else None
        while s.peek().lower() == "and" and agent is not None and \
                (self._peek_verb(1) or agent.player is not None and self._same_player(agent, 1)):
            s.i += 1
            if not self._peek_verb(0):
                self.player()            # "... after I Normal Summon it and I activate its effect"
            self.subject = agent
            nxt = self._clause()
            if nxt.agent is None:
                nxt.agent = agent
            told += [nxt, *nxt.then]
        if not (s.done() or s.peek() in (",", ";") or s.peek().lower() in ("and", "then", "so", "but")):
            return None
        for e in told:
            for attr in ("agent", "patient", "by"):
                n = getattr(e, attr)
                if n is None or n.card is not None or n.player is not None:
                    continue
                if n.say in ("it", "its effect"):
                    if len(cards) != 1:
                        return None
                    card = next(iter(cards))
                    if isinstance(card, str):    # a described card ("their monster")
                        if n.effect:
                            return None
                        setattr(e, attr, NP(card))
                        continue
                    setattr(e, attr, NP("", card=card, effect=n.effect,
                                        tail="'s effect" if n.effect else ""))
        return told

    # -- noun phrases
    def player(self) -> NP | None:
        who = self.pick("players")
        if who is None:
            return None
        return NP("I" if who == "me" else "my opponent", player=who)

    def owner(self) -> str | None:
        return self.pick("owners")

    def card(self) -> NP | None:
        m = CARD_RE.fullmatch(self.s.peek())
        if m is None:
            return None
        self.s.i += 1
        return NP("", card=int(m.group(1)))

    def _target_told(self) -> NP | None:
        """(varyS) "the Zombie I targeted", "the DARK monster (that) my X targeted", "the card it
        targeted": a card told by who targeted it, said as the grammar's "the target" (which
        target the grammar finds, or refuses).  None (nothing taken) otherwise."""
        s = self.s
        if s.peek().lower() != "the":
            return None
        for k in range(2, 9):
            if s.peek(k).lower() != "targeted":
                continue
            who = s.peek(k - 1).lower()
            if not (who in ("i", "it", "they", "he", "she") or CARD_RE.fullmatch(s.peek(k - 1))):
                return None
            between = [s.peek(j).lower() for j in range(1, k - 1)]
            if not between or any(w in ("and", ",", ";", "then", "to", "by", "with", "after") or
                                  self._peek_verb(j) for j, w in enumerate(between, 1)
                                  if w not in ("that", "my", "their", "his", "her")):
                return None
            s.i += k + 1
            return NP("the target")
        return None

    def np(self) -> NP | None:
        """A card, a pointer back at one, or a described card ("their face-up monster")."""
        start = self.s.i
        alone = False
        if self.s.peek().lower() == "none" and self.last_noun:
            self.s.i += 1                # "i have none": none of what was just said
            return NP("no " + plural(self.last_noun))
        at = self.s.i
        if self.s.take_any([["its"], ["her"], ["his"]]) is not None:
            # "its quick effect", "her GY effect": the effect of the card told (its subject)
            desc = []
            while (d := self.s.take_any(self.t["effect_words"])) is not None:
                desc.append(" ".join(d))
            if self.s.take(["effect"]):
                return NP(" ".join(["its"] + desc + ["effect"]), effect=True)
            self.s.i = at
        pointed = self.pick("pointers")
        if pointed is not None:
            return NP(pointed)
        told = self._target_told()
        if told is not None:
            return told
        done = self.event_noun()
        if done is not None:
            return done
        n = self.s.peek().lower()
        n = {"two": "2", "three": "3", "four": "4", "five": "5"}.get(n, n)
        if n.isdigit() and self.s.peek(1).lower() == "of" and not CARD_RE.fullmatch(self.s.peek(2)):
            self.s.i += 2                # "2 of my opponent's cards", "two of their Set cards"
            inner = self.np()
            if inner is None or inner.player is not None or inner.done or inner.card is not None:
                self.s.i = start
                return None
            return NP(f"{'one' if n == '1' else n} of " + np_words(inner))   # ("1 of them": one)
        if self.s.take_any([["one", "target"], ["one", "of", "the", "targets"], ["one", "of", "its", "targets"],
                            ["one", "of", "my", "targets"], ["one", "of", "the", "targeted", "cards"],
                            ["one", "of", "the", "targeted", "monsters"]]) is not None:
            return NP("one of them")     # (still) one of the cards the effect targeted
        if self.s.take(["one", "of"]):
            inner = self.np()            # "one of my monsters", "one of their Set cards"
            if inner is None or inner.player is not None or inner.done or inner.card is not None:
                self.s.i = start
                return None
            return NP("one of " + np_words(inner))
        owner = self.owner()
        if owner is None and self.s.peek().lower() == "the" and CARD_RE.fullmatch(self.s.peek(1)) and \
                self.s.peek(2).lower() not in [w for k in data()["done_nouns"] for w in k.split()]:
            self.s.i += 1               # "the X": the card named (not "the X summon": a Summon)
        at = self.s.i
        face = self.s.take_any([["set"], ["face-down"], ["face-up"]])
        c = self.card()
        if c is None:
            self.s.i = at
        if c is not None:
            c.say = f"{OWNED[owner]} " if owner else ""
            if face is not None:        # "my Set X", "their face-down X"
                c.say += {"set": "Set "}.get(face[0], face[0] + " ")
            self.effect_of(c)
            return c
        if owner is None and self.s.take_any(self.t["second_copy"]) is not None:
            c = self.card()
            if c is not None:
                c.say = "a second "      # "a 2nd X", "another X": a second copy of X
                return c
            self.s.i = at                # ("another monster": below)
        if self.s.peek().isdigit() and CARD_RE.fullmatch(self.s.peek(1)):
            # "I have 2 X": copies of one card
            n = self.s.peek()
            self.s.i += 1
            c = self.card()
            c.say = f"{n} "
            c.copies = True
            return c
        det = ""
        if self.s.peek().lower() in ("a", "an", "the", "that", "this", "another", "no") or self.s.peek().isdigit():
            det = self.s.peek().lower()
            self.s.i += 1
        count = det if det.isdigit() else None
        if det in ("the", "those", "these") and self.s.peek().isdigit():
            count = self.s.peek()        # "the 800", "those 10 cards"
            det = f"{det} {count}"
            self.s.i += 1
        mods = []
        while (b := self.s.take_any(self.t["before"])) is not None:
            mods.append(" ".join(b))
        n = self.s.take_any(self.t["nouns"])
        if n is None:
            ty = self.pick("types")
            if ty is not None:          # "my Warrior", "their zombie": a monster of that Type
                mods.append(ty)
                n = self.s.take_any(self.t["nouns"]) or ["monster"]
        if n is None and mods and (mods[-1].upper() in gamewords().attributes or
                                   mods[-1].startswith("level ")):
            n = ["monster"]             # "a DARK in their GY", "a level 4": a monster
            mods[-1] = mods[-1].upper() if not mods[-1].startswith("level ") else mods[-1].title()
        if n is None and count is not None and not self._peek_noun_like():
            # "I banished 10 face-down", "i still lose the 800": a count said alone is of cards,
            # or of LP when it is a hundred or more (no card count is)
            n = ["LP"] if int(count) >= 100 and not mods else ["card" if count == "1" else "cards"]
            alone = True
        if n is None:
            self.s.i = start
            return None
        self.last_noun = n[-1]
        if self.s.take(["left"]):
            n = n + ["left"]            # "11 cards left in my Deck"
        n = [data()["nouns_said"].get(w, w) for w in n]
        if n == ["one"] and not det and not owner and not mods and \
                self.s.peek().lower() not in ("in", "from", "on", "of", "that", "which"):
            # "... and one gets destroyed in response": one of the cards just told
            return NP("one of them")
        head = " ".join(mods + n)
        say = " ".join(x for x in (OWNED.get(owner or "") or det, head) if x)
        where = self.place_after(("in", "from", "on"))
        return NP(say + (f" {where}" if where else ""), alone=alone and not where)

    def _peek_noun_like(self) -> bool:
        """A word after a count that could be its noun but is none the reader knows ("10 fluff"):
        the count is then not said alone."""
        w = self.s.peek().lower()
        return bool(w) and w not in (",", ";", ":") and w not in data()["joins"] and \
            w not in ("for", "to", "from", "in", "on", "as", "with", "by", "face-down", "face-up",
                      "still", "anyway", "again", "too", "back", "if", "when", "even", "though",
                      "lp") and not CARD_RE.fullmatch(self.s.peek()) and not self._peek_verb(0)

    def group(self, first: NP) -> NP:
        """"my monster and their Set card", "a monster and a Spell": two things a verb is done to
        or that are targeted, said as told; "and" followed by a clause ("... and banish it",
        "... and it is destroyed") is not one."""
        s = self.s
        if s.peek().lower() != "and" or first.player is not None or first.done:
            return first
        at = s.i
        s.i += 1
        if self.player() is not None or self.verb() is not None:
            s.i = at
            return first
        second = self.np()
        if second is None or second.player is not None or second.done or \
                second.say in data()["pointers"] or \
                s.peek().lower() in data()["passive"] or self._peek_verb(0):
            s.i = at
            return first
        return NP(f"{np_words(first)} and {np_words(second)}", group=True)

    def event_noun(self) -> NP | None:
        """Something done, named as a noun: "that summon", "the Special Summon itself", "X's Synchro
        Summon", "the X summon", "my opponent's activation", "that attack": said the grammar's way
        ("that Special Summon", "the Synchro Summon of X").  Only after a determiner, an owner or a
        card's "'s" (a card followed by a Summon's name is a clause: "X Synchro Summoned, ...")."""
        s = self.s
        start = s.i
        det = s.peek().lower() if s.peek().lower() in ("that", "the", "this") else None
        if det is not None:
            s.i += 1
        owner = self.owner() if det is None else None
        c = self.card()
        if c is not None and not s.take(["'s"]) and det is None and owner is None:
            s.i = start
            return None
        kind = s.take_any(self.t["done_nouns"])
        if kind is None or (det is None and owner is None and c is None) or \
                s.peek().lower() in ("effect", "effects", "'s"):
            s.i = start
            return None
        said = data()["done_nouns"][" ".join(kind)]
        if c is None and s.peek().lower() == "of" and said != "attack":
            # "the Normal Summon of X", "my Normal Summon of X": X's (and mine, when I say so)
            at = s.i
            s.i += 1
            whose = self.owner() or owner
            c = self.card()
            if c is None:
                s.i = at
            else:
                lead = OWNED[whose] + " " if whose else ""
                return NP(f"the {said} of {lead}" + CARD.format(c.card), done=True)
        s.take(["itself"])              # "the summon itself": that Summon, not an effect
        if c is not None:
            whose = OWNED[owner] + " " if owner else ""
            # (the card inside the phrase: the phrase is no card, "X" of it is)
            return NP(f"{det or 'the'} {said} of {whose}" + CARD.format(c.card), done=True)
        return NP(f"{OWNED[owner] if owner else det} {said}", done=True)

    def effect_of(self, c: NP) -> None:
        """"X's GY effect", "X GY effect", "X's effect": the card's effect, said the grammar's way."""
        start = self.s.i
        self.s.take(["'s"])
        desc = []
        while (d := self.s.take_any(self.t["effect_words"])) is not None:
            desc.append(" ".join(d))
        if not desc and self.s.take(["activation"]):
            c.activation = True
            return
        if self.s.take(["effect"]):
            c.effect = True
            c.tail = "'s " + " ".join(desc + ["effect"])
        else:
            self.s.i = start

    def place_after(self, preps) -> str | None:
        start = self.s.i
        if self.s.peek().lower() not in preps:
            return None
        prep = self.s.peek().lower()
        self.s.i += 1
        owner = self.owner()
        self.s.take(["the"])
        place = self.pick("places")
        if place is None:
            self.s.i = start
            return None
        return f"{prep} {OWNED.get(owner or '', 'the')} {place}"

    def pick(self, key: str) -> str | None:
        """What the longest phrase of table ``key`` the words go on with stands for (the phrase
        taken), or None."""
        words, index = self.t[key]
        p = self.s.take_any(words)
        return None if p is None else index[tuple(p)]

    # -- verbs
    def verb(self) -> str | None:
        return self.pick("verbs")

    def phase(self) -> str | None:
        """"my Standby Phase", "the End Phase", "their Main Phase 1": the grammar's words."""
        start = self.s.i
        owner = self.owner()
        if owner is None:
            self.s.take(["the"])
        p = self.pick("phases")
        if p is None:
            self.s.i = start
            return None
        said = f"{OWNED.get(owner or '', 'the')} {title(p)}"
        if p == "damage step":
            at = self.s.i
            self.s.take([","])
            if self.s.take_any([["before", "damage", "calculation"], ["before", "damage", "calc"],
                                ["before", "damage", "calculations"]]) is not None:
                return said + " before damage calculation"
            self.s.i = at
        return said

    def turn(self) -> str | None:
        """"on opponent turn", "during their turn", "in my turn": "during my opponent's turn"."""
        s = self.s
        at = s.i
        if s.take_any([["on"], ["during"], ["in"]]) is None:
            return None
        s.take(["the"])
        owner = self.owner()
        if owner is not None and s.take(["turn"]):
            return f"during {OWNED[owner]} turn"
        s.i = at
        return None

    def lead_mods(self) -> list[str]:
        """What a clause may say before its subject: "During my Standby Phase, ...", "Chain Link 1
        ..." (the link the clause's activation is)."""
        s = self.s
        out = []
        while True:
            at = s.i
            if s.peek().lower() in ("in", "during"):
                s.i += 1
                ph = self.phase()
                if ph is not None:
                    out.append(f"during {ph}")
                    s.take([","])
                    continue
                s.i = at
            if not out and at == 0:
                # "Damage Step, before damage calculation: ...", "Standby phase, ...": a phase said
                # first on its own, then a comma or a colon
                ph = self.phase()
                if ph is not None and s.take_any([[","], [":"]]) is not None:
                    out.append(f"during {ph}")
                    continue
                s.i = at
            turn = self.turn()
            if turn is not None:
                out.append(turn)         # "During their turn, ..."
                s.take([","])
                continue
            if s.take_any(self.t["same_turn"]):
                out.append("this turn")  # "Later that turn, ...": in the same turn, after
                s.take([","])
                continue
            if s.take(["chain", "link"]) or s.take(["cl"]):
                if s.peek().isdigit():
                    out.append(f"as Chain Link {s.peek()}")
                    s.i += 1
                    s.take([","]) or s.take([":"])
                    continue
                s.i = at
            return out

    def clause(self) -> Event:
        s = self.s
        if s.take_any(self.t["nobody"]) is not None:
            return Event("pass")
        at = s.i
        s.i = at
        if s.i == 0 and self._at(self.t["kept_kinds"]) or \
                s.take_any(self.t["it_is"]) is not None and (s.take(["a"]) or s.take(["an"])):
            # "its a Continuous Trap (so it stays face-up)": what the card just told is
            kind = s.take_any(self.t["kept_kinds"])
            if kind is None:
                raise Stop
            s.take(["card"])
            said = f"It is a {title(' '.join(kind))} Card"
            if s.take_any([["so", "it"], ["that"], ["and", "it"], ["which"]]) is not None:
                if s.take_any(self.t["stays"]) is None:
                    raise Stop
                s.take(["on", "the", "field"]) or s.take(["on", "field"])
                if not s.take(["face-up"]):
                    raise Stop
                s.take(["on", "the", "field"]) or s.take(["on", "field"])
                said += " that stays face-up on the field"
            return Event("state", mods=[said + "."])
        s.i = at
        s.i = at
        if s.take_any(self.t["it_is"]) is not None:
            # "it's my opponent's Main Phase", "its their turn" ("it is banished": a card, below)
            owner = self.owner()
            owned = OWNED.get(owner or "", "")
            if owned and s.take(["turn"]):
                return Event("state", mods=[f"It is {owned} turn."])
            ph = self.phase() if owner is None else None
            if ph is None and owned:
                p = self.pick("phases")
                ph = f"{owned} {title(p)}" if p else None
            if ph is not None:
                return Event("state", mods=[f"It is {ph}."])
            s.i = at
        at = s.i
        owner = self.owner()
        if owner is not None and s.take(["turn"]) and (s.done() or s.peek().lower() in (",", ";", "and")):
            # "Opp's turn, ...": whose turn it is
            return Event("state", mods=[f"It is {OWNED[owner]} turn."])
        s.i = at
        if s.take_any([["neither", "player"], ["no", "player"]]) is not None:
            # "neither player has any monsters": each player has none
            v = self.verb()
            if v not in ("have", "control", "has") or not s.take_any([["any"], ["a"]]):
                raise Stop
            n = s.take_any(self.t["nouns"])
            if n is None or n[-1] not in ("monster", "monsters", "card", "cards"):
                raise Stop
            what = plural(n[-1])
            if not (s.done() or s.peek().lower() in (",", ";", "and", "then")):
                raise Stop
            return Event("state", mods=[f"I control no {what}. my opponent controls no {what}."])
        if s.take_any(self.t["we_are"]) is not None:
            # "we are (already) in the Damage Step"
            s.take(["already"]) or s.take(["now"])
            s.take(["in"]) or s.take(["during"])
            ph = self.phase() or self._stop()
            return Event("state", mods=[f"We are in {ph}."])
        lead = self.lead_mods()
        ev = self._clause()
        ev.mods = lead + ev.mods
        return ev

    def _done_in_response(self, ev, keeps_what_it_answers: bool = False) -> None:
        """"... to flip it" / "... by banishing it" after a chained card: what its player does in
        response, a clause of its own after ``ev`` (a word that is no move, flip or negation, or a
        response told only by what it answers, leaves the sentence unread)."""
        s = self.s
        at = s.i
        s.i += 1
        v = self.verb()
        s.i = at + 1
        if v is None or data()["verbs"][v]["event"] not in ("move", "flip", "negate") or \
                keeps_what_it_answers and ev.patient is None and ev.by is None and ev.mods:
            s.i = at
            raise Stop
        self.subject = ev.agent
        inner = self._clause()
        inner.responding = True
        ev.then.append(inner)

    def _clause(self) -> Event:
        s = self.s
        elided = False
        if self.subject is not None:
            # "..., then target their Set card": the last subject, when a verb comes first
            at = s.i
            while s.peek().lower() in data()["before_verb"] and self._peek_verb(1):
                s.i += 1                 # "... and just drops X": the verb after "just"
            elided = self.verb() is not None and s.peek().lower() not in data()["passive"]
            s.i = at
        if self.subject is None and s.i == 0 and s.w and s.w[0].lower().endswith(("ed", "id")) and \
                not s.w[0].lower().endswith("ing") and s.peek(1).lower() not in ("by", ",", "and", "") \
                and s.w[0].lower() not in data()["not_done_by_me"]:
            # "Used X's quick effect this turn", "Paid 800 LP for X": a story told without its
            # subject, first word a verb in the past, is the asker's
            at = s.i
            if self.verb() is not None and s.w[s.i - 1].lower() == s.w[0].lower():
                elided = True
                self.subject = NP("I", player="me")
            s.i = at
        gone = None if elided else self._target_gone()
        if gone is not None:
            return gone
        subj = None if elided else (self.player() or self.np())
        if subj is None and self.subject is not None and self.subject.player is None and \
                s.peek().lower() in data()["passive"] and self._peek_verb(1):
            subj = self.subject          # "X activated its effect, then was destroyed": X was
        if subj is None and self.subject is None:
            raise Stop
        if subj is not None and subj.player is not None:
            self.subject = subj          # (a clause inside this one, "while holding 2 cards", keeps it)
        if subj is not None and subj.player is not None and s.take_any(self.t["attempts"]) is not None:
            # "Player A attempts a Tribute Summon": a Summon about to happen, of a monster not named
            s.take(["a"]) or s.take(["an"])
            kind = s.peek().lower()
            if f"{kind} summon" not in data()["verbs"] or \
                    s.peek(1).lower() != "summon":
                raise Stop
            s.i += 2
            ev = Event(f"{kind} summon", agent=subj, intent=True, patient=NP("a monster"))
            self.mods(ev)
            self.subject = subj
            return ev
        at = s.i
        if subj is not None and subj.player is not None and s.take_any([["is"], ["are"], ["am"]]) and \
                (v := self.verb()) is not None and self._is(v, "summon") and s.w[s.i - 1].lower().endswith("ing"):
            # "opponent is link summoning (X)": a Summon under way, about to happen
            ev = Event(v, agent=subj, intent=True)
            ev.patient = self.np() if not s.done() and s.peek().lower() not in (
                "and", "then", ",", ";", "from", "by", "using", "with") else NP("a monster")
            if ev.patient is None:
                raise Stop
            self.mods(ev)
            return ev
        s.i = at
        only = subj is not None and subj.player is not None and s.take(["only"])
        intent = s.take_any(self.t["intents"]) is not None
        if subj is not None and subj.card is not None and not intent and s.peek().lower() in data()["passive"] and \
                s.peek(1).lower() in ("up", "face-up", "out", "active"):
            # "X is up on their side", "X is face-up": a card face-up on a player's field
            s.i += 2
            field_of = "the field"
            if s.take(["on"]):
                owner = self.owner()
                s.take(["the"])
                if owner is None or s.take_any([["side"], ["field"], ["board"]]) is None:
                    raise Stop
                field_of = OWNED[owner] + " field"
            return Event("state", mods=[f"{np_words(subj)} is face-up on {field_of}."])
        if subj is not None and subj.player is None and not subj.done and not intent and \
                s.peek().lower() in ("is", "are", "was", "were") and \
                s.peek(1).lower() in ("face-down", "face-up"):
            # "(so) it is face-down now", "the target is face-up": how the card lies, said as told
            at = s.i
            face = s.peek(1).lower()
            s.i += 2
            s.take(["now"]) or s.take(["already"])
            s.take(["on", "the", "field"])
            s.take(["now"])
            if s.done() or s.peek() in (",", ";") or s.peek().lower() in ("and", "then", "so", "but"):
                be = "are" if subj.group or subj.say in ("them",) else "is"
                return Event("state", mods=[f"{np_words(subj)} {be} {face}."])
            s.i = at
        if subj is not None and subj.player is None and not subj.done and not intent and \
                s.peek().lower() in ("cannot", "can't") and s.peek(1).lower() == "be" and \
                (subj.say in ("it", "the target") and subj.card is None or
                 subj.card is not None and not subj.say and not subj.tail):
            # (still) "so it cannot be destroyed by card effects", "so Drill cannot be banished":
            # what cannot be done to it, said as told (the grammar's clause)
            at = s.i
            s.i += 2
            v = self.verb()
            if v is not None and data()["verbs"][v]["event"] == "move" and \
                    s.w[s.i - 1].lower() == data()["verbs"][v]["done"].lower():
                by = ""
                if s.take(["by", "card", "effects"]) or s.take(["by", "effects"]):
                    by = " by card effects"
                elif s.take(["by", "its", "effect"]):
                    by = " by its effect"
                if s.done() or s.peek() in (",", ";") or s.peek().lower() in ("and", "then", "so", "but"):
                    return Event("state", mods=[f"{np_words(subj)} cannot be {data()['verbs'][v]['done']}{by}."])
            s.i = at
        if subj is not None and subj.player is None and not subj.done and not intent and \
                s.peek().lower() in ("is", "was", "are", "were") and s.peek(1).lower() == "gone":
            # (still) "one of the targets is gone (when it resolves)": it left its place
            s.i += 2
            s.take(["when", "it", "resolves"]) or s.take(["before", "it", "resolves"]) or \
                s.take(["by", "then"]) or s.take(["already"])
            return Event("leave", agent=subj)
        passive = False
        if subj is not None and not intent and s.peek().lower() in data()["passive"] and \
                (s.peek().lower() not in ("got", "get", "gets") or self._peek_verb(1)):
            s.i += 1                     # ("i got X face-up": having, not a passive)
            passive = True
        if subj is not None and subj.player is None and not passive and not intent and \
                self._participle_then_by():
            passive = True               # "X discarded by Y", "X destroyed by battle": X was
        while s.peek().lower() in data()["before_verb"] and self._peek_verb(1):
            s.i += 1                     # "they just Normal Summon X": the event as told
        if s.peek().lower() in ("has", "have", "had") and subj is not None:
            at = s.i
            s.i += 1
            if self.verb() is None or s.peek().lower() in ("no", "a", "an", "the") or s.peek().isdigit():
                s.i = at                 # "has a monster": having, not a tense
            else:
                s.i = at + 1             # "has Link Summoned X": what it did
        if subj is not None and subj.card is not None and not passive and s.peek() == "," and \
                s.peek(1).lower() == "targeting":
            s.i += 1                     # "X, targeting 2 monsters": X activated, targeting them
        verb = None if s.peek().lower() in ("targeting", "on") else self.verb()
        split = None
        if verb is None and not passive:
            split = self._split_phrasal()    # "bring it back": the verb around its object
            if split is not None:
                verb = split[0]
        if passive and verb is not None and s.w[s.i - 1].lower().endswith("ing"):
            raise Stop                  # "X is summoning": no passive (a card does not do it)
        if verb is None and subj is not None and subj.card is not None and not passive and \
                (subj.effect or s.peek().lower() in ("on", "targeting")):
            # "X's GY effect targeting my monster": that effect is activated
            ev = Event("activate", patient=subj, passive=True)
            self.mods(ev)
            return ev
        if verb is None or intent and data()["verbs"][verb]["event"] not in ("summon", "activate"):
            raise Stop
        if not only and subj is not None and subj.player is not None and \
                data()["verbs"][verb]["event"] in ("control", "hand") and s.peek().lower() == "only" \
                and s.peek(1).isdigit():
            s.i += 1                     # "my opponent controls only 2 monsters"
            only = True
        if only and data()["verbs"][verb]["event"] not in ("control", "hand"):
            raise Stop
        if not passive and subj is not None and subj.player is None and \
                data()["verbs"][verb].get("moves_itself") and data()["verbs"][verb]["event"] == "activate":
            passive = True               # "its effect goes on the chain": it is activated
        if verb == "flip" and not passive and not intent and subj is not None and subj.card is not None \
                and not subj.say and (s.done() or s.peek() in (",", ";") or s.peek().lower() in ("and", "then")):
            # "Penguin Soldier flip, ...", "X flips": the card is flipped face-up (its Flip effect);
            # a clause after it with no subject is the card's ("X flipped and targeted my monster")
            self.subject = subj
            return Event("flip", patient=subj, passive=True, mods=["face-up"])
        ev = Event(verb, passive=passive, intent=intent, only=bool(only))
        if passive and subj is not None and subj.player is not None:
            raise Stop                  # "they are destroyed": cards, not a player (said as written)
        if not passive and subj is not None and subj.player is None and \
                data()["verbs"][verb]["event"] == "summon" and \
                (s.done() or s.peek().lower() in ("and", "then", ",", ";", "from", "to", "in", "by", "with", "during")):
            passive = ev.passive = True  # "X Synchro Summoned, ...": X was Summoned
        if passive:
            ev.patient = subj
        else:
            ev.agent = subj or self.subject
            if verb in ("chain", "respond") and s.peek().lower() == "by" and \
                    s.peek(1).lower().endswith("ing") and self._peek_verb(1):
                # "they respond by flipping it face-down": the response does that
                s.i += 1
                self.subject = ev.agent
                inner = self._clause()
                inner.responding = True
                return inner
            if verb in ("chain", "respond", "activate") and s.take_any(self.t["unnamed"]) is not None:
                # "they chain something that flips it face-down": the chained effect does that
                self.subject = ev.agent
                inner = self.clause()
                inner.responding = inner.responding or verb in ("chain", "respond")
                return inner
            if verb in ("activate", "use", "chain", "respond", "flip") and s.take(["with"]):
                ev.by = self.card() or self._stop()
            elif self._is(verb, "attack") and s.peek().lower() in ("me", "you", "them", "him", "her", "directly"):
                pass                     # "attacks me directly": said by its modifiers
            elif self._is(verb, "draw"):
                # "I draw 2", "opp drew 2 cards", "I draw": how many, when told
                if s.peek().isdigit():
                    n = s.peek()
                    s.i += 1
                    s.take(["cards"]) or s.take(["card"])
                    ev.patient = NP(f"{n} card" + ("" if n == "1" else "s"))
            elif verb == "hold" and s.peek().isdigit() and (s.done() or s.peek(1).lower() in (
                    "and", "then", ",", ";", "in", "")):
                ev.patient = NP(s.peek())     # "Player B holds 6": cards in hand
                s.i += 1
                s.take(["in", "hand"]) or s.take(["in", "their", "hand"]) or s.take(["in", "my", "hand"])
            elif split is not None:
                ev.patient = split[1]
            elif verb in ("leave", "remove") and s.take_any([["the", "field"], ["the", "gy"], ["my", "gy"],
                                                             ["their", "gy"], ["the", "graveyard"]]):
                pass                     # "one target leaves the field": where from (said as leaving)
            elif self._is(verb, "summon") and not passive and subj is not None and \
                    subj.player is not None and (s.done() or s.peek().lower() in ("and", "then", ",", ";")
                                                 or self._at(self.t["after_that"])):
                ev.patient = NP("a monster")  # "he Normal Summons (right after)": a monster
            elif s.peek() and s.peek().lower() not in ("and", "then", ",", ";", "in", "to", "with",
                                                       "by", "from", "targeting", "on", "face-down",
                                                       "face-up", "as", "so", "but"):
                ev.patient = self.group(self.np() or self._stop())
        if verb == "hit" and not passive and ev.agent is not None and ev.agent.player is not None and \
                ev.patient is not None and s.peek().lower() == "with" and CARD_RE.fullmatch(s.peek(1)) \
                and self.kinds[int(CARD_RE.fullmatch(s.peek(1)).group(1))] in ("spell", "trap"):
            # "opp hits it with Solemn Strike": that Spell or Trap is activated on it ("hits it
            # with Dark Magician" may be an attack: not read)
            s.i += 1
            card = self.card()
            ev = Event("activate", agent=ev.agent, patient=card, mods=["on " + np_words(ev.patient)])
            self.mods(ev)
            self.subject = ev.agent
            return ev
        if verb == "drop" and not passive and ev.agent is not None and ev.agent.player is not None and \
                ev.patient is not None and ev.patient.card is not None and s.peek().lower() == "on":
            # "i drop D.D. Crow on their GY": that card is activated (from the hand) on it
            ev = Event("activate", agent=ev.agent, patient=ev.patient)
            self.mods(ev)
            self.subject = ev.agent
            return ev
        if ev.patient is not None and not passive and s.peek().lower() in data()["particles"] and \
                f"{verb} {s.peek().lower()}" in data()["verbs"]:
            # "send one of them away": a verb of its own with its particle after the object
            ev.verb = verb = f"{verb} {s.peek().lower()}"
            s.i += 1
        if verb == "resolve" and not passive and ev.agent is not None and ev.agent.player is not None \
                and ev.patient is not None and ev.patient.card is not None and \
                s.peek().lower() in ("on", "targeting"):
            # "opp resolves Monster Reborn on their Dark Magician": it was activated so, and resolves
            act = Event("activate", agent=ev.agent, patient=ev.patient)
            self.mods(act)
            ev.agent = None
            act.then.append(ev)
            return act
        self.mods(ev)
        if subj is not None and subj.player is not None:
            self.subject = subj
        elif not passive and subj is not None:
            self.subject = subj
        return ev

    @staticmethod
    def _is(verb: str, event: str) -> bool:
        return data()["verbs"].get(verb, {}).get("event") == event

    def _split_phrasal(self):
        """A phrasal verb around its object ("bring it back", "brought Moon Kettle back"): the
        verb and the object, or None (nothing taken)."""
        s = self.s
        at = s.i
        first = s.peek().lower()
        for base in data()["verbs"]:
            words = base.split()
            if len(words) != 2 or words[1] not in data()["particles"]:
                continue
            forms = {f for f, b in self.t["verbs"][1].items() if b == base}
            if any(f[0] == first for f in forms if len(f) == 2):
                s.i += 1
                obj = self.np()
                if obj is not None and s.take([words[1]]):
                    return base, obj
                s.i = at
        return None

    def _hand_after(self, n: int) -> bool:
        """"... cards in (my) hand" after ``n`` words (and "other", "cards")."""
        w = [x.lower() for x in self.s.w[self.s.i + n:self.s.i + n + 4]]
        return w[:1] in (["cards"], ["card"]) and w[1:2] == ["in"] and (w[2:3] == ["hand"] or w[2:4] in (
            ["my", "hand"], ["their", "hand"]))

    def _participle_alone(self) -> bool:
        """A past participle with no subject before it ("..., and destroyed"): the thing the
        passive before it told."""
        at = self.s.i
        v = self.verb()
        form = self.s.w[self.s.i - 1].lower() if v is not None else ""
        ok = v is not None and (form.endswith("ed") or form in data()["irregular"]) and \
            not form.endswith("s") and data()["verbs"][v]["event"] in ("move", "flip", "negate") and \
            (self.s.done() or self.s.peek() in (",", ";") or self.s.peek().lower() in ("by", "and", "then"))
        self.s.i = at
        return ok

    def _asker_does(self, ev: Event) -> None:
        """A passive told without who does it ("X is used as Link Material", "X is discarded as a
        cost for Y"): done by X's controller, the asker unless X is said to be another's."""
        owner = next((o for o in ("my opponent's", "their", "his", "her", "opponent's")
                      if np_words(ev.patient).lower().startswith(o + " ")), None)
        ev.agent = NP("my opponent", player="opponent") if owner else NP("I", player="me")
        ev.passive = False

    def _participle_then_by(self) -> bool:
        """A past participle followed by "by" ("X discarded by Y"): a passive without its "is"."""
        at = self.s.i
        v = self.verb()
        form = self.s.w[self.s.i - 1].lower() if v is not None else ""
        ok = v is not None and (form.endswith("ed") or form in data()["irregular"]) and \
            not form.endswith("s") and (self.s.peek().lower() == "by" or
                                        v == "use" and self.s.peek().lower() == "as")
        self.s.i = at
        return ok

    def _at(self, phrases) -> bool:
        at = self.s.i
        found = self.s.take_any(phrases) is not None
        self.s.i = at
        return found

    def _peek_summon(self, n: int) -> bool:
        at = self.s.i
        self.s.i += n
        v = self.verb()
        self.s.i = at
        return v is not None and self._is(v, "summon")

    def _same_player(self, who: NP, n: int) -> bool:
        """(varyS) The words ``n`` ahead are ``who`` (a player) then a verb."""
        at = self.s.i
        self.s.i += n
        p = self.player()
        found = p is not None and p.player == who.player and self.verb() is not None
        self.s.i = at
        return found

    def _peek_verb(self, n: int) -> bool:
        at = self.s.i
        self.s.i += n
        found = self.verb() is not None
        self.s.i = at
        return found

    def _stop(self):
        raise Stop

    def mods(self, ev: Event) -> None:
        s = self.s
        while not s.done() and s.peek() not in (",", ";") and s.peek().lower() not in ("and", "then", "so", "but"):
            if s.peek().lower() == "after":
                at = s.i
                s.i += 1
                who = self.player()
                if who is None and self.np() is not None and \
                        (self._peek_verb(0) or s.peek().lower() in data()["passive"]):
                    who = NP("")         # (varyS) "... after my X targets their monster"
                s.i = at
                if who is not None:
                    return               # "... after I paid the 1000": a clause (events())
            if s.peek().lower() == "to" and ev.verb in ("chain", "respond", "activate", "use") and \
                    not ev.passive:
                # "chain X to that summon", "chain X to their Monster Reborn": what it answers
                # ("to it", "to that": in response, below)
                at = s.i
                s.i += 1
                t = self.np()
                if t is not None and not t.copies and t.player is None and \
                        t.say not in data()["pointers"]:
                    ev.mods.append("to " + np_words(t))
                    continue
                s.i = at
            if s.take_any(self.t["in_response"]):
                ev.responding = True
                continue
            if ev.verb == "have" and ev.patient is not None and ev.patient.card is not None and \
                    not ev.patient.say and s.take(["set"]):
                ev.mods.append("Set")    # "i have X set": a Set card of mine
                s.take(["too"]) or s.take(["as", "well"])
                continue
            if ev.verb in ("have", "control") and (s.take(["out"]) or s.take(["on", "the", "field"])):
                ev.mods.append("")       # "has X out": on the field, controlled
                continue
            turn = self.turn()
            if turn is not None:
                ev.mods.append(turn)     # "on opponent turn", "during their turn"
                continue
            if s.peek().lower() in ("in", "during") and ev.verb != "have":
                at = s.i
                s.i += 1
                ph = self.phase()
                if ph is not None:
                    ev.mods.append(f"during {ph}")
                    continue
                s.i = at
            if ev.agent is not None and ev.agent.player is not None and s.peek().lower() == "with" and \
                    s.peek(1).lower() in ("0", "no") and s.peek(2).lower() == "cards" and self._hand_after(2):
                # "I activated X with 0 cards in hand": none held then, told first (a count of
                # other cards, "with 3 cards in hand", may or may not count X: not read)
                n = s.peek(1).lower()
                s.i += 2
                s.take(["cards"])
                s.take(["in"]) and (s.take(["hand"]) or s.take(["my", "hand"]) or s.take(["their", "hand"]))
                ev.holding.append(Event("hold", agent=ev.agent, patient=NP(f"{n} cards")))
                continue
            if s.take(["while"]):
                # "... while I control no cards": a state that held then, told first
                keep = self.subject
                inner = self._clause()
                self.subject = keep
                if data()["verbs"].get(inner.verb, {}).get("event") not in ("control", "hand"):
                    raise Stop
                ev.holding.append(inner)
                continue
            if self._is(ev.verb, "attack") and s.peek().lower() in ("me", "you", "them", "him", "her") and \
                    s.peek(1).lower() in ("directly", "direct"):
                s.i += 1                 # "attacks me directly": the player is attacked
                continue
            if s.take(["first"]):
                ev.first = True          # "... banish that card first": before the link it answers
                continue
            if s.take_any(self.t["after_that"]) is not None and \
                    (s.done() or s.peek() in (",", ";") or s.peek().lower() in ("and", "then")):
                continue                 # "..., he Normal Summons right after": as told, in order
            said = s.take_any(self.t["this_turn"])
            if said is not None:
                if "earlier" in [w.lower() for w in said] and \
                        data()["verbs"].get(ev.verb, {}).get("event") in ("control", "hand"):
                    raise Stop           # (hunt) "controlled a monster earlier this turn": not now
                ev.mods.append("this turn")   # "earlier this turn", "the same turn": this turn
                if "earlier" in [w.lower() for w in said] and \
                        data()["verbs"].get(ev.verb, {}).get("event") == "activate" and not ev.passive:
                    # (hunt 44) "they used Solemn Strike on my Ash earlier this turn": that Chain is
                    # over by now (never read as the link just made)
                    ev.then.append(Event("resolve", patient=NP("the Chain")))
                continue
            if s.take(["now"]) or s.take(["already"]):
                continue                 # "controls no monsters now": as it is told
            if s.take_any(self.t["by_unnamed"]) is not None:
                ev.responding = True     # "destroyed by something else in chain": an answering link
                continue
            if s.take(["before", "it", "resolves"]) or s.take(["before", "it", "resolved"]):
                ev.mods.append("before it resolves")
                continue
            if self._is(ev.verb, "attack") and s.peek().lower() in ("directly", "direct"):
                ev.mods.append("directly")
                s.i += 1
                continue
            if s.peek().lower() in ("face-down", "face-up"):
                ev.mods.append(s.peek().lower())
                s.i += 1
                continue
            where = self.place_after(("from", "to", "into", "in", "on"))
            if where is not None:
                if where.startswith("in ") and data()["verbs"][ev.verb]["event"] == "activate":
                    where = "from " + where[3:]      # "activates X in the GY": its effect there
                elif where.startswith("on ") and where.endswith((" GY", " banishment")) and \
                        ev.verb in ("activate", "use", "chain", "flip", "cast"):
                    where = "on a card in " + where[3:]  # "Crow on their GY": on a card there
                ev.mods.append(where.replace("into ", "to "))
                continue
            if s.take(["as", "chain", "link"]) or s.take(["as", "cl"]):
                if not s.peek().isdigit():
                    raise Stop
                ev.mods.append(f"as Chain Link {s.peek()}")
                s.i += 1
                continue
            if (ev.verb in data()["done_to_summon"] or ev.verb in data()["costs"]) and \
                    (not ev.passive or ev.patient is not None and ev.patient.card is not None) and \
                    ev.patient is not None and s.peek().lower() in ("as", "to", "for"):
                # "I discard X as (the) cost for Y", "I pay 800 LP for Y", "I Tribute X to activate
                # Y's effect": the cost of activating Y (said "to activate Y"); "X is discarded as a
                # cost for Y": by the player who activates Y (the asker unless X is another's)
                at = s.i
                cost = None
                if s.take(["as"]):
                    s.take(["a"]) or s.take(["the"])
                    if s.take(["cost"]) and s.take_any([["for"], ["of"], ["to", "activate"]]) is not None:
                        cost = self.np()
                elif not ev.passive and s.take_any([["to", "pay", "for"], ["to", "pay", "the", "cost", "of"],
                                                    ["to", "pay", "the", "cost", "for"], ["to", "activate"],
                                                    ["for"]]) is not None:
                    cost = self.np()
                if cost is not None and cost.card is not None:
                    ev.mods.append(f"to activate {np_words(cost)}")
                    if ev.passive:
                        self._asker_does(ev)
                    continue
                s.i = at
            if s.peek().lower() == "for" and s.peek(1).lower() in ("a", "an") and \
                    ev.verb in data()["done_to_summon"] and not ev.passive and self._peek_summon(2):
                # "I Tribute X for a Tribute Summon": a monster not named is Summoned so
                at = s.i
                s.i += 2
                v = self.verb()
                if v is None or data()["verbs"][v]["event"] != "summon" or not (
                        s.done() or s.peek().lower() in ("and", "then", ",", ";")):
                    s.i = at
                    raise Stop
                ev.mods.append(f"by {data()['done_to_summon'][ev.verb]} {np_words(ev.patient)}")
                ev.verb, ev.patient = v, NP("a monster")
                continue
            if s.peek().lower() == "to" and ev.verb in data()["done_to_summon"] and not ev.passive:
                at = s.i
                s.i += 1
                v = self.verb()
                if v is None or data()["verbs"][v]["event"] != "summon":
                    s.i = at
                    raise Stop
                # "I Tribute X to Tribute Summon Y": Y is Summoned by Tributing X ("I Tributed X to
                # Tribute Summon": a monster not named)
                made = NP("a monster") if s.done() or s.peek().lower() in ("and", "then", ",", ";") \
                    else self.np() or self._stop()
                ev.mods.append(f"by {data()['done_to_summon'][ev.verb]} {np_words(ev.patient)}")
                ev.verb, ev.patient = v, made
                continue
            if s.peek().lower() == "to" and self._is(ev.verb, "activate") and not ev.passive and \
                    ev.agent is not None and ev.agent.player is not None and ev.patient is not None \
                    and ev.patient.card is not None and not ev.patient.effect and self._peek_summon(1):
                # "they activate X from the hand to Special Summon it", "opp uses X to Special
                # Summon a Level 4": that player Special Summons it with X
                s.i += 1
                v = self.verb()
                made = self.np() or self._stop()
                if made.say in ("it", "itself"):
                    made = ev.patient       # the card Summons itself (from where it was activated)
                elif any(m.startswith("from ") for m in ev.mods):
                    raise Stop              # where the card was, or where the Summon is from?
                ev.verb, ev.by, ev.patient = v, ev.patient, made
                continue
            if s.peek().lower() == "to" and self._is(ev.verb, "target") and not ev.passive and \
                    ev.agent is not None and ev.agent.card is not None and ev.patient is not None:
                # "X targets their monster to banish it": what the targeting effect is for, said
                # as told (the grammar finds X's effect that does it, or refuses)
                at = s.i
                s.i += 1
                v = self.verb()
                if v is None or data()["verbs"][v]["event"] not in ("move", "flip", "negate", "summon"):
                    s.i = at
                    raise Stop
                t = self.np() or self._stop()
                ev.mods.append(f"to {v if ' ' not in v else title(v)} {np_words(t)}")
                continue
            if s.peek().lower() == "to" and ev.verb in ("chain", "respond") and not ev.passive and \
                    ev.agent is not None and ev.agent.player is not None and ev.patient is not None \
                    and ev.patient.card is not None:
                # "they chain X to flip it face-down": the chained card does that (said as "they
                # chain X. they flip it face-down in response.", as "they chain X and flip it")
                self._done_in_response(ev)
                continue
            if s.peek().lower() == "by" and s.peek(1).lower().endswith("ing") and \
                    ev.verb in ("chain", "respond") and not ev.passive and \
                    ev.agent is not None and ev.agent.player is not None:
                # (varyS) "they respond to my X by banishing my target", "opp chains Y by
                # flipping it face-down": what they do in response (as "they chain and banish it");
                # what it responds to, "to my X", would be said nowhere: unread
                self._done_in_response(ev, keeps_what_it_answers=True)
                continue
            sent_to_gy = ev.verb == "send" and ev.mods and all(
                re.search(r"\bto (?:the |my |their |his |her )?(?:gy|graveyard)$", m, re.IGNORECASE)
                for m in ev.mods)
            if (ev.verb == "use" or sent_to_gy) and ev.patient is not None and \
                    s.peek().lower() == "as" and (not ev.passive or ev.patient.card is not None):
                # (session after a2268db) "X is sent to the GY as Link Material": used as it
                # "I use X as (the) Link Material for Y": Y is Summoned with X as its material;
                # "I used X as Synchro Material", "X (is) used as Link Material": a monster of
                # that kind is (by its controller: the asker unless X is said to be another's)
                at = s.i
                s.i += 1
                s.take(["the"]) or s.take(["a"])
                kind = s.peek().lower() if s.peek().lower() in data()["material_kinds"] else None
                if kind:
                    s.i += 1
                if not (s.take(["material"]) or s.take(["materials"])):
                    s.i = at
                    raise Stop
                if s.take(["for"]):
                    # varyG: "... as (Synchro) Material for a Synchro Summon (of Y)": the Summon
                    # said by its kind, the monster after "of" or none named
                    at_for = s.i
                    s.take(["a"]) or s.take(["the"]) or s.take(["my"])
                    said = s.peek().lower() if s.peek().lower() in data()["material_kinds"] else None
                    if said and s.peek(1).lower() == "summon" and kind in (None, said):
                        s.i += 2
                        kind = said
                        made = (self.np() or self._stop()) if s.take(["of"]) else NP("a monster")
                    else:
                        s.i = at_for
                        made = self.np() or self._stop()
                else:
                    made = NP("a monster")
                if kind is None or made.card is None and made.say != "a monster":
                    raise Stop
                if sent_to_gy:
                    ev.mods = []            # (the material goes to the GY: the Summon says it)
                ev.mods.append(f"by using {np_words(ev.patient)} as material")
                if ev.passive:
                    self._asker_does(ev)
                ev.verb, ev.patient = f"{kind} summon", made
                continue
            if self._is(ev.verb, "summon") and s.peek().lower() in ("using", "by") and \
                    (s.peek().lower() == "using" or s.peek(1).lower() == "using"):
                # "Link Summon X using a Link Monster as material": said as told, when it is a
                # card or a described card
                at = s.i
                s.take(["by"])
                s.take(["using"])
                m = self.np()
                if m is not None and s.take(["as"]):
                    s.take(["the"]) or s.take(["a"])
                    s.take_any([[k] for k in data()["material_kinds"]])
                    if s.take(["material"]) or s.take(["materials"]):
                        ev.mods.append(f"using {np_words(m)} as material")
                        continue
                s.i = at
                raise Stop
            if self._is(ev.verb, "summon") and s.peek().lower() == "by" and \
                    s.peek(1).lower().endswith("ing"):
                # "Special Summon X from my hand by banishing 1 LIGHT and 1 DARK from my GY":
                # what is done to Summon it, said as told
                at = s.i
                s.i += 1
                done = self.verb()
                if done is None or done not in data()["done_to_summon"]:
                    s.i = at
                    raise Stop
                parts = [self.np() or self._stop()]
                while s.peek().lower() == "and" and (s.peek(1).isdigit() or s.peek(1).lower() in ("a", "an")):
                    s.i += 1
                    parts.append(self.np() or self._stop())
                where = self.place_after(("from",))
                said = " and ".join(np_words(p) for p in parts)
                ev.mods.append(f"by {data()['done_to_summon'][done]} {said}" + (f" {where}" if where else ""))
                continue
            if s.take_any(self.t["own_procedure"]) is not None:
                if data()["verbs"][ev.verb]["event"] != "summon":
                    raise Stop
                ev.own = True            # "... from hand with its own condition": its procedure
                continue
            if s.take(["targeting"]):
                t = self.group(self.np() or self._stop())
                # "targeting Dark Magician in the GY": where the target is, said of it
                where = self.place_after(("in", "on"))
                ev.mods.append("targeting " + np_words(t) + (f" {where}" if where else ""))
                continue
            if ev.passive and self._is(ev.verb, "move") and s.take(["by", "battle"]):
                ev.mods.append("by battle")   # "destroyed by battle"
                continue
            if ev.passive and s.peek().lower() == "by" and ev.agent is None and ev.patient is not None:
                # (varyS) "X is activated by my opponent on my monster", "it was destroyed by
                # them": a passive told with the player who does it, said as that player's act
                at = s.i
                s.i += 1
                who = self.player()
                if who is not None:
                    ev.agent, ev.passive = who, False
                    continue
                s.i = at
            if s.peek().lower() in ("with", "by", "using"):
                s.i += 1
                c = self.card()
                if c is None:
                    raise Stop
                ev.by = c
                s.take(["'s"]) and (s.take(["effect"]) or self._stop())
                continue
            if s.peek().lower() == "on" and ev.verb in ("activate", "use", "chain", "flip", "cast", "respond"):
                s.i += 1                 # "X on their monster": said as written (it may not target)
                t = self.group(self.np() or self._stop())
                ev.mods.append("on " + np_words(t))
                continue
            raise Stop
