"""What would change the answer: the nearest variations of the facts a proof rests on.

A judge does not stop at "No": they say what would have made it "Yes".  For a yes or
no answer this module looks at the given facts the proof rests on (its leaves: a
span of card text, a told event, a supposition), and for each variation of
``knowledge/what-if.yaml`` that applies to one of them (its ``rests_on`` pattern
matches the fact) it builds the varied question and asks the engine again:

* ``drop`` / ``set`` / ``add``: the fact is removed, its fields changed, or a fact added
  (a told supposition that did not happen, a Summon with another Chain Link, a Normal Trap
  for a Counter Trap);
* ``text``: the card's text is changed inside the fact's span (``find`` → ``put``:
  a colon for a semicolon, "If" for "When", "that target" for "it") and the card is
  read again, so every fact the reader takes from it follows the change;
* ``event`` / ``last`` / ``spec``: the told situation is changed (another kind of Summon),
  cut after the event the fact names (that event last, nothing after it), or the question's
  spec given other keys (a Synchro Summon by the opponent instead of a Summon by an effect).

A variation's ``unless`` patterns rule it out for a question that has a matching fact; its
``needs`` patterns must each match a fact of the question (binding more ``$vars``).

Only a variation whose own proof answers the other way (yes for no, no for yes) is
reported, nearest first: nothing is claimed that the engine did not conclude.
The search is bounded: at most :data:`MAX_TRIES` variations are asked again per answer, and
together they may use at most :data:`MAX_WORK` of the engine's matching steps (a slow question
has fewer variations tried), nearest first.
"""

from __future__ import annotations

import copy
import dataclasses
import re
from dataclasses import dataclass, field

from .engine import match_pattern
from .errors import PsctError
from .facts import Fact
from .gamefacts import game_facts
from .proof import Answer, ProofNode, make_answer
from .restate import PREPOSITIONS, joined

MAX_TRIES = 16      # variations asked again per answer
MAX_SHOWN = 3       # flips reported per answer
MAX_WORK = 24_000   # the engine's matching steps all the tries may use together (deterministic,
                    # unlike a clock: about 160 ms on the project's machine; bench/what_if.py; raised from
                    # 20 000 when four more rules put one of its examples past the edge)

_ANSWER_WORDS = {"en": {"yes": "Yes", "no": "No"}, "it": {"yes": "Sì", "no": "No"}}


@dataclass
class WhatIf:
    """One variation that flips the answer, with the proof of its own answer."""

    variation: str
    answer: str                 # the answer with the change (yes/no; the other one)
    sentence: str               # "Yes, if ... [psct-guide#3]"
    cites: list[str]
    distance: int
    change: dict                # what was changed, as data
    rules: list[str] = field(default_factory=list)   # the rules of the new answer's proof

    def to_dict(self) -> dict:
        return {"variation": self.variation, "answer": self.answer, "sentence": self.sentence,
                "cites": self.cites, "distance": self.distance, "change": self.change,
                "rules": self.rules}


@dataclass
class _Leaf:
    fact: Fact
    source: object              # facts.Source or None


def _leaves(answer: Answer) -> list[_Leaf]:
    """The given facts the proof rests on, in proof order (each fact and source once)."""
    out: list[_Leaf] = []
    seen: set = set()

    def walk(node: ProofNode):
        if node.repeated:
            return
        if not node.steps:
            for s in node.sources or [None]:
                key = (node.fact.key, s)
                if key not in seen:
                    seen.add(key)
                    out.append(_Leaf(node.fact, s))
        for st in node.steps:
            for p in st.premises:
                walk(p)

    for n in answer.proof:
        walk(n)
    return out


def _source_ok(want: str, source) -> bool:
    if want == "any":
        return True
    kind = getattr(source, "kind", None)
    if want == "text":
        return kind == "text" and source.card is not None and source.start is not None
    return kind in ("question", "scenario")


# -- words of a sentence -------------------------------------------------------------------
def effect_words(eid: str, lang: str = "en") -> str:
    from .restate import effect_words as said

    return said(eid, lang)


def _fill(template: str, values: dict, answer: str, lang: str) -> str:
    def word(m):
        k = m.group(1)
        if k == "answer":
            return _ANSWER_WORDS[lang][answer]
        prep, _, rest = k.partition("_")
        if prep not in PREPOSITIONS or not rest:
            prep, rest = "", k
        v = values.get(rest)
        if v is None:
            return m.group(0)
        v = str(v)
        if re.search(r"#P?\d+(\.\d+)?$", v) and rest not in ("quote", "new", "old", "card"):
            v = effect_words(v, lang)
        return joined(prep, v) if prep else v
    return re.sub(r"\{([a-z_]+)\}", word, template)


# -- the search ----------------------------------------------------------------------------
class _Search:
    def __init__(self, expert, answer: Answer, lang: str):
        self.expert = expert
        self.answer = answer
        self.lang = lang if lang in _ANSWER_WORDS else "en"
        self.spec = answer.spec
        self.text = answer.question_text
        self._question = None
        self.tried: set = set()

    def question(self):
        if self._question is None:
            self._question = self.expert.question(self.spec, self.text)
        return self._question

    # each returns (the varied answer, what changed) or None when the variation does not apply
    def by_facts(self, remove: list[tuple], add: list[Fact]):
        """The question's facts without the ``remove`` keys and with ``add``, run again."""
        q = self.question()
        everything = q.all_facts()
        have = {f.key for f in everything}
        remove = list(dict.fromkeys(k for k in remove if k in have))   # each once
        add = [f for f in add if f.key not in have]
        if not remove and not add:
            return None
        key = ("facts", tuple(sorted(map(repr, remove))), tuple(sorted(repr(f.key) for f in add)))
        if key in self.tried:
            return None
        self.tried.add(key)
        gone = set(remove)
        facts = [f for f in everything if f.key not in gone] + add
        fam = self.expert.kb.families[q.family]
        rec = self.expert.engine_for([fam.answer]).run(list(game_facts()) + facts)
        change = {"kind": "facts", "removed": [_key_dict(k) for k in remove],
                  "added": [_fact_dict(f) for f in add]}
        return make_answer(q, rec, self.expert.kb), change

    def by_text(self, leaf: _Leaf, find: str, put: str, values: dict):
        s = leaf.source
        try:
            card = self.expert.db.get(s.card)
        except PsctError:
            return None
        pend = "pendulum" in (s.where or "")
        old = (card.pendulum_text if pend else card.text) or ""
        if old[s.start:s.end] != s.quote and s.quote:
            return None
        span = old[s.start:s.end]
        new_span, n = re.subn(find, put, span, count=1)
        if not n or new_span == span:
            return None
        m = re.search(find, span)
        values["old"] = m.group(0) if m else span
        values["new"] = m.expand(put) if m else put
        new_text = old[:s.start] + new_span + old[s.end:]
        key = ("text", card.name, pend, new_text)
        if key in self.tried:
            return None
        self.tried.add(key)
        changed = dataclasses.replace(card, **({"pendulum_text": new_text} if pend
                                               else {"text": new_text}))
        other = self.expert.with_cards([changed])
        return other.ask_spec(copy.deepcopy(self.spec), self.text), {
            "kind": "text", "card": card.name, "span": [s.start, s.end],
            "from": span, "to": new_span}

    def by_spec(self, new_spec: dict | None, what: dict):
        if new_spec is None:
            return None
        key = ("spec", repr(new_spec))
        if key in self.tried:
            return None
        self.tried.add(key)
        return self.expert.ask_spec(new_spec, self.text), what

    def vary(self, var, leaf: _Leaf, bind: dict):
        ch = var.change
        if "text" in ch:
            return self.by_text(leaf, str(ch["text"]["find"]), str(ch["text"]["put"]), bind)
        if "event" in ch:
            return self.by_spec(*_set_event(self.spec, _value(ch["event"], bind),
                                            ch.get("set") or {}))
        if "last" in ch:
            return self.by_spec(*_cut_after(self.spec, _value(ch["last"], bind)))
        if "spec" in ch:
            return self.by_spec(*_merge_spec(self.spec, ch["spec"], bind))
        # a change of the facts themselves: drop, set, add (together or alone)
        remove: list[tuple] = []
        add: list[Fact] = []
        drop = ch.get("drop")
        if drop is True or drop == "yes" or "set" in ch:
            remove.append(leaf.fact.key)
        if isinstance(drop, list):
            remove.append(leaf.fact.key)
            for pat in drop:
                (type_, fields), = pat.items()
                want = {k: _value(v, bind) for k, v in (fields or {}).items()}
                remove += [f.key for f in self.question().all_facts() if f.type == type_ and
                           all(_field_matches(v, f.get(k)) for k, v in want.items())]
        if "set" in ch:
            fields = dict(leaf.fact.fields)
            for k, v in ch["set"].items():
                fields[k] = _value(v, bind)
            new = Fact.make(leaf.fact.type, leaf.fact.source, **fields)
            if new.key == leaf.fact.key:
                return None
            add.append(new)
        added = ch.get("add") or []
        for one in (added if isinstance(added, list) else [added]):
            (type_, fields), = one.items()
            add.append(Fact.make(type_, leaf.fact.source,
                                 **{k: _value(v, bind) for k, v in (fields or {}).items()}))
        return self.by_facts(remove, add)

    def run(self) -> list[WhatIf]:
        ans = self.answer
        if ans.value not in ("yes", "no") or not isinstance(self.spec, dict) or \
                any(k in self.spec for k in ("and", "or", "each")):
            return []
        leaves = _leaves(ans)
        found: list[WhatIf] = []
        tries = work = 0
        variations = sorted(self.expert.kb.variations, key=lambda v: v.distance)
        for var in variations:
            if var.families and ans.family not in var.families:
                continue
            for leaf in leaves:
                if leaf.fact.type != var.rests_on.type or not _source_ok(var.source, leaf.source):
                    continue
                bind = match_pattern(var.rests_on, dict(leaf.fact.fields), {})
                if bind is None:
                    continue
                if var.needs:
                    bind = self._needed(var, bind)
                    if bind is None:
                        continue
                if var.unless and self._excluded(var, bind):
                    continue
                values = dict(bind)
                if leaf.source is not None:
                    values.setdefault("quote", leaf.source.quote)
                    if leaf.source.card:
                        values.setdefault("card", leaf.source.card)
                try:
                    got = self.vary(var, leaf, values)
                except PsctError:
                    continue
                if got is None:
                    continue
                tries += 1
                new, change = got
                work += new.work
                if new.value in ("yes", "no") and new.value != ans.value:
                    found.append(self._report(var, new, change, values))
                if tries >= MAX_TRIES or len(found) >= MAX_SHOWN or work >= MAX_WORK:
                    return found
        return found

    def _needed(self, var, bind: dict) -> dict | None:
        """The bindings with each of the variation's ``needs`` patterns matched by a fact of the
        question (in order, the first way they all fit), or None when they cannot all match."""
        facts = self.question().all_facts()

        def match(i: int, got: dict):
            if i == len(var.needs):
                return got
            pat = var.needs[i]
            for f in facts:
                if f.type == pat.type:
                    more = match_pattern(pat, dict(f.fields), got)
                    if more is not None:
                        done = match(i + 1, more)
                        if done is not None:
                            return done
            return None

        return match(0, bind)

    def _excluded(self, var, bind: dict) -> bool:
        """A fact of the question matches one of the variation's ``unless`` patterns."""
        facts = self.question().all_facts()
        return any(f.type == pat.type and match_pattern(pat, dict(f.fields), bind) is not None
                   for pat in var.unless for f in facts)

    def _report(self, var, new: Answer, change: dict, values: dict) -> WhatIf:
        cites = _deciding_cites(new) or list(var.cites)
        template = var.says_it if self.lang == "it" and var.says_it else var.says
        sentence = _fill(template, values, new.value, self.lang).rstrip(".")
        sentence += " [" + ", ".join(cites) + "]"
        return WhatIf(var.id, new.value, sentence, cites, var.distance, change, new.rules())


def _deciding_cites(answer: Answer) -> list[str]:
    """The citations of the rule(s) that concluded the new answer (the top of its proof)."""
    out: list[str] = []
    for node in answer.proof:
        for st in node.steps:
            for c in st.cites:
                if c not in out:
                    out.append(c)
    return out


def _fact_dict(f: Fact) -> dict:
    return {"type": f.type, **dict(f.fields)}


def _key_dict(key: tuple) -> dict:
    return {"type": key[0], **dict(key[1])}


def _field_matches(want, have) -> bool:
    """A field of a pattern of ``drop`` against a fact's value: equal, or ``{in: [..]}`` /
    ``{not: ..}`` as in a rule's pattern."""
    if isinstance(want, dict) and set(want) == {"in"}:
        return have in want["in"]
    if isinstance(want, dict) and set(want) == {"not"}:
        return not _field_matches(want["not"], have)
    return have == want


def _value(v, bind: dict):
    if isinstance(v, str) and v.startswith("$"):
        return bind.get(v[1:], v)
    return v


def _fill_vars(v, bind: dict):
    if isinstance(v, dict):
        return {k: _fill_vars(x, bind) for k, x in v.items()}
    if isinstance(v, list):
        return [_fill_vars(x, bind) for x in v]
    return _value(v, bind)


def _merge_spec(spec: dict, changes: dict, bind: dict):
    """The spec with these top-level keys replaced ($vars filled; null removes a key)."""
    new = copy.deepcopy(spec)
    for k, v in changes.items():
        if v is None:
            new.pop(k, None)
        else:
            new[k] = _fill_vars(v, bind)
    if new == spec:
        return None, {}
    return new, {"kind": "spec", "from": {k: spec.get(k) for k in changes},
                 "to": {k: new.get(k) for k in changes}}


def _set_event(spec: dict, event_id, changes: dict):
    """The spec with one told event changed (``None`` key: the key removed)."""
    events = spec.get("situation")
    if not isinstance(events, list):
        return None, {}
    new = copy.deepcopy(spec)
    for ev in new["situation"]:
        if isinstance(ev, dict) and ev.get("id") == event_id:
            before = dict(ev)
            for k, v in changes.items():
                if v is None:
                    ev.pop(k, None)
                else:
                    ev[k] = v
            if ev == before:
                return None, {}
            return new, {"kind": "event", "event": event_id, "from": before, "to": dict(ev)}
    return None, {}


def _cut_after(spec: dict, event_id):
    """The spec with the told situation ending at this event (what followed it left out)."""
    events = spec.get("situation")
    if not isinstance(events, list):
        return None, {}
    for i, ev in enumerate(events):
        if isinstance(ev, dict) and ev.get("id") == event_id:
            if i == len(events) - 1:
                return None, {}
            new = copy.deepcopy(spec)
            new["situation"] = new["situation"][:i + 1]
            return new, {"kind": "last", "event": event_id, "left_out": events[i + 1:]}
    return None, {}


def what_if(expert, answer: Answer, lang: str = "en") -> list[WhatIf]:
    """The nearest variations that flip a yes or no answer, each checked by its own proof."""
    return _Search(expert, answer, lang).run()


__all__ = ["MAX_SHOWN", "MAX_TRIES", "MAX_WORK", "WhatIf", "effect_words", "what_if"]
