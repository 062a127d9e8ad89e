"""Effect references: an English reference to an effect → ``{card, n}`` (or ``{card, select}``),
by its number, by what it does ("its negation effect", "the effect that adds ..."), by a quote of
its text, or by the card alone.  When more than one effect fits, the question is refused and the
fitting effects are listed with their text."""

from __future__ import annotations

from .. import kre as re
from ..cards import name_key
from ..errors import QuestionError
from ..gamewords import gamewords
from ..reader import Reading, read_card
from ..reader.numbering import numbered
from ..reader.phrases import effect_used_from, names_place, target_phrase, target_sides
from ..reader.select import bare_activation_sentences, select_effect
from .words import norm, norm_words, thing_words, words_fit


# what an effect's description word asks of the effect: a fact of the reading
DESC_FACTS = {
    "negation": ("negates", None), "negate": ("negates", None),
    "quick": ("quick_marker", None),
    "search": ("verb", "add"), "add": ("verb", "add"),
    "destroy": ("verb", "destroy"), "destruction": ("verb", "destroy"),
    "self-destruction": ("verb", "destroy"),
    "special summon": ("verb", "special-summon"), "summoning": ("verb", "special-summon"),
    "banish": ("verb", "banish"), "draw": ("verb", "draw"), "tribute": ("verb", "tribute"),
    "tribute effect": ("verb", "tribute"),
    "atk-gain": ("verb", "gain"), "gain": ("verb", "gain"),
    # "its replacement effect": "If ... would be destroyed, ... instead" (game-rules#replacement-and-negation.1)
    "replacement": ("replacement", None),
}

TARGET_FILLER = {"a", "an", "the", "up", "to", "1", "2", "3", "4", "5", "one", "two", "three", "four",
                 "five", "of", "in", "on", "face-up", "face-down", "exactly"}


class EffectRefs:
    """Choosing the effect an English reference means (mixed into :class:`.told.Situate`)."""

    def reading(self, name: str) -> Reading:
        if name not in self.readings:
            self.readings[name] = read_card(self.db.get(name))
        return self.readings[name]

    def effect_of(self, ref: dict) -> tuple[Reading, str] | None:
        """The reading of the card an effect reference names and the effect it selects; None when
        it names no card or fits no single effect (the caller then asks nothing of it)."""
        if not ref.get("card"):
            return None
        reading = self.reading(ref["card"])
        try:
            return reading, select_effect(reading, ref)
        except QuestionError:
            return None

    def effect_ref(self, ref: dict, default_card: str | None = None, hint=()) -> dict:
        """An English effect reference → ``{card, n}`` (or ``{card, select}``).

        ``hint``: actions the rest of the question says the effect does ("the card it
        destroys"); used only to choose among several effects, never to override a number."""
        if ref.get("generic"):
            if ref.get("generic") in ("spell", "trap") and \
                    ref.get("subtype") not in ("normal", "quick-play", "counter") and \
                    "effect" in (ref.get("text") or "").lower().split():
                # "a Continuous Spell effect": the activation of a Continuous Spell Card, or an
                # effect of one already face-up (not the activation of a card: a card that answers
                # only a card's activation cannot answer it)? never read as one of them
                kind = f"{(ref.get('subtype') or '').title()} {ref['generic'].title()}".strip()
                self.fail(f"{ref.get('text')!r}: the activation of a {kind} Card ('activates a "
                          f"{kind} Card'), or an effect of one already face-up on the field "
                          "('activates the effect of their face-up X', X named)?")
            return {k: ref[k] for k in ("generic", "subtype") if ref.get(k)}
        card = ref.get("card") or default_card
        if card is None and ref["how"] in ("eff_its", "eff_it", "eff_quote", "eff_act_noun"):
            card = self.last_card      # "its effect": the card the sentence last named
        if card is None:
            self.fail(f"whose effect is {ref['text']!r}?")
        reading = self.reading(card)
        c = reading.card
        self.last_card = c.name
        kind_said_fits(self, c, ref.get("kind_said"))
        how = ref["how"]
        wants = list(ref.get("desc") or [])
        if ref.get("ord"):
            return self._told_effect(self._by_number(reading, ref, wants))
        if ref.get("other"):
            return self._told_effect(self._the_other(reading, wants))
        wants = list(ref.get("desc") or [])
        if ref.get("quote") or wants or ref.get("rel") or ref.get("cost_verb"):
            return self._told_effect(self._by_content(reading, ref, hint))
        places = [h for h in hint if h in ("from:gy",)]
        if places:
            # "X is in my GY and I activate its effect": the one effect used from there (before a
            # Spell/Trap's lasting effects or its activation, which are never used from the GY)
            fit = [e for e in self._top(reading) if _fits(reading, e, places[0])]
            if len(fit) == 1:
                return {"card": c.name, "n": fit[0].n}
        own = _separate_bullets(reading, self._top(reading))
        lasting = _lasting_effects(reading) if how in ("eff_poss", "eff_of", "eff_its") and \
            not own else []
        if len(lasting) == 1:
            return {"card": c.name, "n": lasting[0].n}      # "Sogen's effect": not its activation
        if len(lasting) > 1 and any(f.type == "on_card_activation" and f.get("effect") in
                                    {e.id for e in lasting} for f in reading.facts):
            # (hunt 128c) its activation only targets, and it has other effects: say which
            return _numbered(c.name, self._which(reading, lasting, ref), lasting)
        if how in ("eff_its", "eff_poss", "eff_of") and c.kind in ("spell", "trap") and \
                _told_off_field(self.events, c.name):
            # (hunt 128c) "When Call of the Haunted leaves the field, does its effect start a
            # Chain?": once the card is told gone, "its effect" is not its activation (done
            # before) but one of the effects it has besides
            applied = {f.get("effect") for f in reading.facts if f.type == "on_card_activation"}
            rest = [e for e in self._top(reading) if e.id not in applied]
            if applied and rest:
                return self._told_effect(_numbered(c.name, self._which(reading, rest, ref), rest))
        if how == "eff_activating" or (how in ("eff_card", "eff_poss", "eff_of")
                                       and c.kind in ("spell", "trap") and not lasting):
            doing = _doing_instead_of_activation(reading, self._top(reading), hint)
            if doing is not None:
                return {"card": c.name, "n": doing.n}
            return {"card": c.name, "select": "activation"}
        try:
            select_effect(reading, {"card": c.name, "select": "only"})
            if own:
                # its one effect holds bullets that are effects of their own: "its effect" may
                # be any of them ("each of the following effects ... ● ... ●")
                raise QuestionError("more than one effect")
        except QuestionError:
            cands = self._top(reading)
            if own:
                cands = [e for e in cands if not only_a_limit(reading, e)]
            bullet = _one_bullet(reading, cands, hint)
            if bullet is not None:
                # "X targets their monster to banish it": the one bullet that does what is told
                return {"card": c.name, "bullet": bullet}
            cands = _narrow(reading, cands + own, hint)
            told = self.told_effects.get(c.name)
            if len(cands) > 1 and how in ("eff_its", "eff_it", "eff_poss", "eff_of") and \
                    told is not None and any(str(e.n) == str(told) for e in cands):
                # "X's detach effect was negated. Can I use its effect again?" ("... use it
                # again?"): the one effect of that card the question has told, said again
                return {"card": c.name, "n": told}
            if len(cands) == 1 and _bullet_no(cands[0]):
                return {"card": c.name, "bullet": _bullet_no(cands[0])}   # one bullet of its own
            return _numbered(c.name, self._which(reading, cands, ref), cands)
        return {"card": c.name, "select": "only"}

    def told_link(self, ref: dict) -> str:
        """"Chain Link 2": the activation told as that link of the Chain told last (a link told
        with no number chained to the one before it); a number no link was told as is refused."""
        depth: dict[str, int] = {}
        chain: list[tuple[str, int]] = []
        for e in self.events:
            if e.get("kind") != "activate" or not e.get("id"):
                continue
            if not e.get("respond"):
                chain, depth = [], {}
            n = e.get("link") or depth.get(e.get("respond"), 0) + 1
            depth[e["id"]] = n
            chain.append((e["id"], n))
        fits = [aid for aid, n in chain if n == ref["link"]]
        if len(fits) != 1:
            self.fail(f"{ref['text']!r}: no activation was told as that Chain Link")
        told = dict(self.acts).get(fits[0]) or {}
        self.last_card = told.get("card") or self.last_card
        return fits[0]

    def _told_effect(self, ref: dict) -> dict:
        """Keep the one effect each card has been said by (its number or what it does), for a
        bare "its effect" said of that card later; a card said by two is said by none."""
        told = self.told_effects
        if "n" in ref and ref.get("card"):
            told[ref["card"]] = ref["n"] if told.get(ref["card"], ref["n"]) == ref["n"] else None
        return ref

    def _top(self, reading: Reading):
        return [e for e in reading.effects if e.n > 0]

    def _by_number(self, reading: Reading, ref: dict, wants: list[str]) -> dict:
        """"the second effect of X": the card's effect of that number; "the first Pendulum Effect
        of X": the first of its Pendulum Effects.  Any other word said of it ("the first trigger
        effect") must fit that effect, or the question is refused (never dropped)."""
        name, n = reading.card.name, ref["ord"]
        pendulum = "pendulum" in wants
        # (a Summoning condition written first is not numbered: "the second effect" skips it)
        pool = [e for e in self._top(reading) if _is_pendulum(e)] if pendulum else numbered(reading)
        if n > len(pool):
            kind = "Pendulum Effect" if pendulum else "effect"
            self.fail(f"{name} has no {kind} number {n} ({len(pool)} {kind}"
                      f"{'s' if len(pool) != 1 else ''})")
        effect = pool[n - 1]
        for d in wants:
            if d in ("pendulum", "monster") or desc_fits(reading, effect, d):
                continue
            self.fail(f"effect {n} of {name} is not a {d!r} effect: {effect.text[:90]}")
        return {"card": name, "n": effect.id.rpartition("#")[2] if pendulum else effect.n}

    def _the_other(self, reading: Reading, wants: list[str]) -> dict:
        """(session after 34b7d8b) "its other effect", "the other effect of X": of the card's
        numbered effects, the one the story told nothing of (activated or used), when the story
        told of all but one; any other word said of it must fit it."""
        name = reading.card.name
        told = set()
        refs = [r for _aid, r in self.acts] + [e.get("effect") for e in self.events
                                                if e.get("kind") == "used"]
        for r in refs:
            if isinstance(r, dict) and r.get("card") == name:
                try:
                    told.add(select_effect(reading, r))
                except QuestionError:
                    continue
        pool = numbered(reading)
        rest = [e for e in pool if e.id not in told]
        if not told or len(rest) != 1:
            self.fail(f"which other effect of {name}? (say its number: {name} has {len(pool)} "
                      "effects" + (", and the story tells of none of them)" if not told else ")"))
        for d in wants:
            if not desc_fits(reading, rest[0], d):
                self.fail(f"the other effect of {name} is not a {d!r} effect: {rest[0].text[:90]}")
        return {"card": name, "n": rest[0].n}

    def _by_content(self, reading: Reading, ref: dict, hint=()) -> dict:
        cands = self._top(reading)
        name = reading.card.name
        facts = reading.facts
        if ref.get("quote"):
            key = norm(ref["quote"])
            # (a quotation of a bullet that is an effect of its own stands in that bullet's text,
            # not in the text of the effect that holds it)
            cands = cands + [b for b in _separate_bullets(reading, cands) if b not in cands]
            said = [e for e in cands if key in norm(e.text)]
            lingering = [e for e in said if norm(e.text).split(key)[0].split()[-1:] in (["but"], ["also"])]
            if said and len(lingering) == len(said):
                # (names) a quotation of what an effect applies besides its action ("but banish it
                # when it leaves the field", "also, you cannot ..."): a part of that effect, not an
                # effect of its own; asked as the effect it would be answered for another thing
                self.fail(f"{ref['quote']!r} is a part of effect {said[0].n} of {name} (after "
                          f"'{norm(said[0].text).split(key)[0].split()[-1]}'), not an effect of its "
                          f"own: ask about effect {said[0].n} or about that part")
            if not said:
                # a quotation as people type it ("sent to the GY by a card effect" of a text that
                # says "by card effect"): every word of it, bar articles, in the effect's text
                words = [_SAME_WORD.get(w, w) for w in key.split() if w not in _ARTICLES]
                said = [e for e in cands if words and set(words) <= {
                    _SAME_WORD.get(w, w) for w in norm(e.text).split()}]
                if not said:
                    # timing: each word in any form ("lose 500 ATK/DEF" of "it loses 500 ATK/DEF")
                    said = [e for e in cands if words and _said_in_any_form(words, norm(e.text))]
            cands = said
        # the bullets of an effect whose bullets are effects of their own ("You can only use each
        # of the following effects ... ● ... ● ..."): said by what they do, like effects; the
        # effect holding them is then said by its own text only
        bullets = _separate_bullets(reading, cands) if ref.get("desc") or ref.get("rel") else []
        parents = {b.id.rpartition(".")[0] for b in bullets}
        cands = [e for e in cands if not (e.id in parents and only_a_limit(reading, e))] + bullets
        for d in ref.get("desc") or []:
            cands = [e for e in cands if (_own_fits(reading, e, d) if e.id in parents
                                          else desc_fits(reading, e, d))]
        rel = ref.get("rel")
        if rel:
            for verb in rel["verbs"][:1]:
                # (a parent of such bullets does only what its own text does)
                cands = [e for e in cands if effect_does_action(facts, e.id, verb) and
                         (e.id not in parents or _own_does(facts, e.id, verb))]
            if "targets" in rel:
                cands = [e for e in cands if _targets_fit(reading, e, rel["targets"])]
            obj = [w for w in rel.get("object") or [] if w]
            if obj and obj not in (["it"], ["itself"]) and rel["verbs"][:1]:
                # "the effect that banishes all cards on the field": its text says what it does
                # that to (its part, or its target's words: "add that target" of "Target 1 Fairy
                # monster in your GY")
                words = thing_words(" ".join(obj))
                cands = [e for e in cands if words_fit(words, e.text)]
            if rel.get("object") in (["it"], ["itself"]) and rel["verbs"][:1] == ["special-summon"]:
                # "the effect that Special Summons it": the card itself
                cands = [e for e in cands if any(f.type == "summons_self" and f.get("effect") == e.id
                                                 for f in facts)]
            if rel.get("until"):         # "... until the End Phase": its text says so
                cands = [e for e in cands if norm(rel["until"]) in norm(e.text)]
            if rel.get("summoned"):      # "... when it is Synchro Summoned": its trigger says so
                cands = [e for e in cands if rel["summoned"] in e.text.lower()]
            for place in rel.get("from") or []:
                cands = [e for e in cands if names_place(e.text, place)]
            for other, written in rel["cards"]:
                cands = [e for e in cands if name_key(other) in name_key(e.text)
                         or name_key(written) in name_key(e.text)]
        if ref.get("cost_verb"):
            cands = [e for e in cands if effect_does_action(facts, e.id, ref["cost_verb"])]
        verbs = [DESC_FACTS[d][1] for d in ref.get("desc") or [] if DESC_FACTS.get(d, ("",))[0] == "verb"]
        if len(cands) > 1 and verbs:
            # "its destroy effect": of several that destroy, the one whose first part destroys
            first = [e for e in cands if _first_part_does(facts, e.id, verbs[0])]
            cands = first or cands
        if len(cands) > 1:
            cands = _narrow(reading, cands, hint)
        if len(cands) == 1 and _bullet_no(cands[0]):
            return {"card": name, "bullet": _bullet_no(cands[0])}     # one bullet of its own
        return _numbered(name, self._which(reading, cands, ref), cands)

    def _which(self, reading: Reading, cands, ref: dict) -> int | str:
        if len(cands) == 1:
            e = cands[0]
            return e.id.rpartition("#")[2] if _is_pendulum(e) else e.n
        name = reading.card.name
        if not cands:
            self.fail(f"no effect of {name} fits {ref['text']!r}")
        listing = "; ".join(f"{_label(e)}: {e.text[:90]}" for e in cands)
        err = QuestionError(f"{ref['text']!r} fits more than one effect of {name}: say which effect "
                            f"(for example 'the first effect'): {listing}",
                            understood=self.understood)
        if not any(_is_pendulum(e) for e in cands):
            # which effects it fits: a question that any of them settles may ask each in turn (a
            # bullet that is an effect of its own by its number, "1.2")
            err.effects = {"card": name, "text": ref["text"],
                           "ns": [_bullet_no(e) or e.n for e in cands]}
        raise err


_ARTICLES = frozenset({"a", "an", "the"})
_SAME_WORD = {"graveyard": "gy"}


def _is_pendulum(e) -> bool:
    return "#P" in e.id


# what a word said of an effect asks of it, beyond DESC_FACTS: its kind
def _kind_fits(reading: Reading, e, d: str) -> bool | None:
    facts = [f for f in reading.facts if f.get("effect") == e.id]
    types = {f.type for f in facts}
    if d == "pendulum":
        return _is_pendulum(e)
    if d == "monster":
        return not _is_pendulum(e)
    if d == "trigger":
        return "trigger" in types
    if d == "flip":
        return any(f.type == "trigger" and f.get("word") == "flip" for f in facts)
    if d == "ignition":
        return bool(e.punctuated) and not types & {"trigger", "quick_marker", "condition"}
    if d == "continuous":
        return not e.punctuated
    if d in ("gy", "graveyard", "grave", "yard"):      # ("grave", "yard": players' words for it)
        return effect_used_from(e.text, "gy")
    if d == "hand":
        return effect_used_from(e.text, "hand")
    if d in ("field", "on-field"):
        # (names) "its field effect": used on the field, not from the hand or GY, no Pendulum Effect
        return not _is_pendulum(e) and not effect_used_from(e.text, "hand") and \
            not effect_used_from(e.text, "gy")
    return None


# actions said of an effect that DESC_FACTS leaves to the card's text ("Ash's discard")
_COST_WORDS = {"discard": "discard", "send": "send", "detach": "detach", "pay": "pay",
               "tribute": "tribute", "banish": "banish"}


def part_said_not_activated(reading: Reading, eid: str, descs: list[str] | None) -> str | None:
    """(hunt) "Can Solemn Judgment negate Pot of Desires's banish?", "Does Maxx "C"'s draw start
    a Chain?": an effect said by an action that is only its cost (paid at activation) or only
    a part it leaves to apply later ("each time ..., draw 1 card"): what that action is, said
    for a refusal; None when each action said is a part its resolution does."""
    facts = [f for f in reading.facts if f.get("effect") == eid]
    for d in descs or []:
        rule = DESC_FACTS.get(d)
        verb = rule[1] if rule is not None and rule[0] == "verb" else _COST_WORDS.get(d)
        if verb is None:
            continue
        parts = {f.get("n") for f in facts if f.type == "clause" and f.get("verb") == verb}
        later = {f.get("n") for f in facts if f.type == "each_time"}
        if not parts and any(f.type == "cost_action" and f.get("verb") == verb for f in facts):
            return f"the {d} is the cost of that effect, paid as it is activated"
        if parts and parts <= later:
            return (f"the {d} is done later, each time what the effect waits for happens (a lasting "
                    "effect its resolution leaves), not as it resolves")
    return None


def desc_fits(reading: Reading, e, d: str) -> bool:
    """Does effect ``e`` fit a word said of it ("its negation effect", "the trigger effect", "the
    Pendulum Effect")?  A word with no meaning here refuses the question: it is never dropped."""
    if d.isdigit():
        return True          # a quote said of the effect ("its 'Neither player ...' effect"): read as a quote
    kind = _kind_fits(reading, e, d)
    if kind is not None:
        return kind
    rule = DESC_FACTS.get(d)
    if rule is None:
        grounded = grounded_in_text(d, _text_with_bullets(reading, e))
        if grounded is None:
            raise QuestionError(f"which effect is a {d!r} effect? (say its number: 'the first effect')")
        return grounded
    what, verb = rule
    if what == "verb":
        return effect_does_action(reading.facts, e.id, verb)
    if what == "negates" and effect_does_action(reading.facts, e.id, "negate"):
        return True          # "its negate effect": one that negates an activation, or a card's effects
    return any(f.type == what and f.get("effect") == e.id for f in reading.facts)


def _own_fits(reading: Reading, e, d: str) -> bool:
    """:func:`desc_fits` for an effect whose bullets are effects of their own: its own text and
    parts only, never what its bullets do."""
    rule = DESC_FACTS.get(d)
    if rule is not None and rule[0] == "verb":
        return _own_does(reading.facts, e.id, rule[1])
    if rule is None and _kind_fits(reading, e, d) is None and not d.isdigit():
        return bool(grounded_in_text(d, e.text))
    return desc_fits(reading, e, d)


def _text_with_bullets(reading: Reading, e) -> str:
    """(names) An effect's text with the text of its bullets ("activate 1 of these effects; ●
    Send 1 card ...": "the send-to-GY bullet" is said of that effect)."""
    bullets = {f.get("bullet") for f in reading.facts if f.type == "bullet" and f.get("effect") == e.id}
    if not bullets:
        return e.text
    return " ".join([e.text] + [b.text for b in reading.all_effects() if b.id in bullets])


def _lemmas(word: str) -> set[str]:
    from ..lemmas import all_lemmas

    out = {word}
    for forms in all_lemmas(word).values():
        out.update(forms)
    return out


def _said_in_any_form(words: list[str], text: str) -> bool:
    """Does ``text`` say each of ``words`` in some form (its lemmas: "lose" - "loses")?"""
    forms: set[str] = set()
    for w in text.split():
        forms |= _lemmas(_SAME_WORD.get(w, w))
    return all(_lemmas(w) & forms for w in words)


def grounded_in_text(desc: str, text: str) -> bool | None:
    """A description the question language does not have ("the ATK/DEF-halving effect"): it fits
    an effect whose text says each of its words, in any form ("halving" - "halve").  None when
    the description has no word to ground (it then refuses the question)."""
    import re

    parts = [p for p in re.split(r"[-/\s]+", desc.lower()) if len(p) >= 2]
    if not parts:
        return None
    from ..parser.lexicon import lexicon

    also = {str(k).lower(): [str(x).lower() for x in v]
            for k, v in (lexicon().get("grounding") or {}).items()}
    said: set[str] = set()
    for w in re.findall(r"[a-z]+", text.lower()):
        # "GYs": a plural the English lemmas do not know is the word without its "s" too
        said |= _lemmas(w) | ({w[:-1]} if len(w) >= 3 and w.endswith("s") else set())

    def fits(part: str) -> bool:
        words = _lemmas(part) | {x for lem in _lemmas(part) for x in also.get(lem, ())}
        return bool(words & said) or any(" " in x and x in text.lower() for x in words)

    return all(fits(p) for p in parts)


def effect_negates(facts, eid: str) -> bool:
    """Does the effect ``eid`` negate an activation or an effect ("negate the activation", "negate
    that effect", "negate its effects"), not only a Summon?"""
    return any(f.get("effect") == eid and (f.type == "negates" and f.get("what") != "summon" or
                                           f.type == "clause" and f.get("verb") == "negate")
               for f in facts)


def part_quotes(found, verb: str | None) -> list[str]:
    """The words of the parts of an effect (``found``: its reading and effect id, as
    ``Situate.effect_of`` gives them) that do ``verb``; with no verb, the words of what it
    targets.  [] when the effect is not known."""
    if found is None:
        return []
    kind = "clause" if verb is not None else "target"
    return [f.source.quote for f in found[0].facts if f.type == kind and f.get("effect") == found[1]
            and (verb is None or f.get("verb") == verb) and f.source is not None]


def effect_does_action(facts, eid: str, verb: str) -> bool:
    """Does the effect ``eid`` do ``verb`` (a part, a verb in a part, or its cost); an effect
    with bullets ("activate 1 of these effects") does what its bullets do."""
    ids = {eid} | {f.get("bullet") for f in facts if f.type == "bullet" and f.get("effect") == eid}
    return any(f.get("effect") in ids and f.get("verb") == verb and
               f.type in ("clause", "clause_verb", "cost_action") for f in facts)


def _own_does(facts, eid: str, verb: str) -> bool:
    """Does the effect ``eid`` itself (not one of its bullets) do ``verb``?  A Synchro, Xyz,
    Link, Fusion or Ritual Summon is a Special Summon too."""
    verbs = {verb} | (_SPECIAL_KINDS if verb == "special-summon" else set())
    return any(f.get("effect") == eid and f.get("verb") in verbs and
               f.type in ("clause", "clause_verb", "cost_action") for f in facts)


_SPECIAL_KINDS = {"synchro-summon", "xyz-summon", "link-summon", "fusion-summon", "ritual-summon"}


def _first_part_does(facts, eid: str, verb: str) -> bool:
    """Is the first part of the effect ``eid`` (or of one of its bullets) ``verb``?"""
    ids = {eid} | {f.get("bullet") for f in facts if f.type == "bullet" and f.get("effect") == eid}
    return any(f.type == "clause" and f.get("effect") in ids and f.get("n") == 1 and
               f.get("verb") == verb for f in facts)


# where a target is, as the reader's target conditions name it (a target with none is on the field)
PLACE_CONDITIONS = ("in-gy", "banished")


def targets_only(reading: Reading, eid: str, conditions) -> bool:
    """Does effect ``eid`` target, and is each of its targets one with a condition among
    ``conditions`` (only cards in the GY or banished; only "the attacking monster")?"""
    slots = {f.get("slot") for f in reading.facts if f.type == "target" and f.get("effect") == eid}
    met = {f.get("slot") for f in reading.facts if f.type == "target_condition"
           and f.get("effect") == eid and f.get("condition") in conditions}
    return bool(slots) and slots == met


def target_places(told: list) -> list[str]:
    """A place hint for the first target told ("a monster in their GY": ``target-in:in-gy``; "a
    monster I control": ``target-in:field``)."""
    words = {str(w).lower() for t in told if t for w in t.get("words", [])}
    if words & {"gy", "graveyard"}:
        return ["target-in:in-gy"]
    if words & {"banished", "banishment"}:
        return ["target-in:banished"]
    if words & {"control", "controls", "controlled", "field", "set"}:
        return ["target-in:field"]
    return []


def _label(e) -> str:
    """How a refusal names one of the effects it lists: "effect 2", "Pendulum Effect 1", or
    "bullet 1.2" (a bullet of effect 1 that is an effect of its own)."""
    if _bullet_no(e):
        return f"bullet {_bullet_no(e)}"
    return f"{'Pendulum Effect' if _is_pendulum(e) else 'effect'} {e.n}"


def _separate_bullets(reading: Reading, cands) -> list:
    """The bullets of those of ``cands`` whose bullets are effects of their own (the reader's
    ``bullets_own``), as effects to choose among."""
    own = {f.get("effect") for f in reading.facts if f.type == "bullets_own"} & {e.id for e in cands}
    return [b for b in reading.all_effects() if b.id.rpartition(".")[0] in own]


def only_a_limit(reading: Reading, e) -> bool:
    """Does ``e``'s text only introduce its bullets (the reader's ``no_own_effect``: "You can
    only use 1 of the following effects of "X" per turn, ...", a Gemini rule)?  Then it is no
    effect to ask about: its bullets are."""
    return any(f.type == "no_own_effect" and f.get("effect") == e.id for f in reading.facts)


def _bullet_no(e) -> str | None:
    """The number of a bullet that is an effect of its own ("1.2"), or None for an effect."""
    suffix = e.id.rpartition("#")[2]
    return suffix if "." in suffix else None


def _one_bullet(reading: Reading, cands, hint) -> str | None:
    """The bullet ("3.1") of a card's bulleted effect that alone, among the card's effects and
    bullets, does everything the question says ("targets ... to banish it"); None otherwise."""
    if not hint:
        return None
    bullets = {f.get("bullet") for f in reading.facts if f.type == "bullet"}
    if not bullets:
        return None
    parents = {f.get("effect") for f in reading.facts if f.type == "bullet"}
    pool = [e for e in cands if e.id not in parents] + \
        [e for e in reading.all_effects() if e.id in bullets]
    fit = [e for e in pool if all(_fits(reading, e, h if h != "target" else "target:any")
                                  for h in hint)]
    if len(fit) != 1 or fit[0].id not in bullets:
        return None
    return fit[0].id.rpartition("#")[2]


def _doing_instead_of_activation(reading: Reading, cands, hint):
    """"I activated X targeting 2 cards" of a Spell or Trap whose activation does nothing itself
    (a Field or Continuous Spell, a Continuous Trap): the one effect of X that targets, else None
    (the card's activation).  Never an Equip Spell: its activation targets what it equips."""
    lasting = {"field", "continuous"} & {str(t).lower() for t in reading.card.subtypes}
    hint = ["target:any" if h == "target" else h for h in hint]
    if "from:gy" in hint:
        # "I activate X from my GY": a Spell or Trap Card is never activated from the GY, so it
        # is its effect used there (the one whose text says so)
        fit = [e for e in cands if _fits(reading, e, "from:gy")]
        return fit[0] if len(fit) == 1 else None
    if not lasting or not any(h.startswith("target:") for h in hint):
        return None
    fit = [e for e in cands if all(_fits(reading, e, h) for h in hint)]
    if len(fit) > 1:
        # (a card activated, or used on the field: not its effect used from the GY, "If this card
        # is destroyed and sent to the GY: ...")
        fit = [e for e in fit if not effect_used_from(e.text, "gy")] or fit
    return fit[0] if len(fit) == 1 else None


def _narrow(reading: Reading, cands, hint) -> list:
    """Among several fitting effects, those that do what the rest of the question says they do
    (an action, or "target" for an effect told to target); all of them when none does."""
    for verb in hint:
        fit = [e for e in cands if _fits(reading, e, "target:any" if verb == "target" else verb)]
        cands = fit or cands
    return cands


def _fits(reading: Reading, e, hint: str) -> bool:
    """Does effect ``e`` fit what the question says it does?  ``hint`` is an action, "from:hand"
    (used from that place), or "target:PLAYER" (it targets a card of that player's: an effect whose target is a card of
    "your" GY or that "you control" cannot target the opponent's card, and back)."""
    if hint == "activated":
        # "I activate X's effect": an effect that is activated (a ':' or a ';' in its text), not
        # a condition or a lasting effect of the card (psct-guide#2)
        # (a text not written in PSCT marks no activation this way: every effect of it fits)
        psct = any(f.type == "psct" and f.get("value") == "yes" for f in reading.facts)
        return not psct or any(f.type in ("colon", "semicolon") and f.get("effect") == e.id
                               for f in reading.facts)
    if hint.startswith("from:"):
        # "activate X from my hand": an effect used while its card is there (discard this card, ...)
        return effect_used_from(e.text, hint.split(":", 1)[1])
    if hint.startswith("moved:"):
        # "X is destroyed ... Can I activate X's effect?": an effect whose trigger names that move
        # (a destroyed card is also sent to the GY: the game facts' event_satisfies)
        from ..gamefacts import game_facts
        action = hint.split(":", 1)[1]
        names = {f.get("name") for f in game_facts() if f.type == "event_satisfies"
                 and f.get("kind") == action}
        return any(f.type == "trigger_names" and f.get("effect") == e.id and f.get("name") in names
                   for f in reading.facts)
    if hint.startswith("count:"):
        # "X targets my monster and their monster": an effect that targets that many cards
        tg = [f for f in reading.facts if f.type == "target" and f.get("effect") == e.id]
        total = sum(int(f.get("count") or 1) for f in tg)
        n = int(hint.split(":", 1)[1])
        return bool(tg) and (total == n or (total > n and any(f.get("up_to") == "yes" for f in tg)))
    if hint.startswith("target-in:"):
        # "targeting a LIGHT monster in their GY": an effect whose targets are in that place (a
        # target with no place named is on the field)
        place = hint.split(":", 1)[1]
        conds = {f.get("condition") for f in reading.facts
                 if f.type == "target_condition" and f.get("effect") == e.id}
        targets = any(f.type == "target" and f.get("effect") == e.id for f in reading.facts)
        return targets and (place in conds if place in PLACE_CONDITIONS else
                            not conds & set(PLACE_CONDITIONS))
    if not hint.startswith("target:"):
        return effect_does_action(reading.facts, e.id, hint)
    if not any(f.type == "target" and f.get("effect") == e.id for f in reading.facts):
        return False
    whose = hint.split(":", 1)[1]
    mine, theirs = target_sides(e)
    if whose == "opponent":
        return not (mine and not theirs)
    if whose == "you":
        return not (theirs and not mine)
    return True


def _targets_fit(reading: Reading, e, ws: list[str]) -> bool:
    """"the effect that targets up to 2 cards on the field": the effect targets, and every
    word that describes its targets is in the text of what it targets ("field", "card")."""
    if not any(f.type == "target" and f.get("effect") == e.id for f in reading.facts):
        return False
    what = set(norm_words(target_phrase(e).split()))
    want = [w for w in norm_words(ws) if w not in TARGET_FILLER]
    return all(w in what for w in want)


LASTING_SUBTYPES = {"continuous", "field", "equip"}


def lasting_card(c) -> bool:
    """Is the card ``c`` a Continuous, Field or Equip Spell or a Continuous Trap (a card that
    stays on the field once activated)?"""
    return c.kind in ("spell", "trap") and bool(LASTING_SUBTYPES & {str(t).lower() for t in c.subtypes or ()})


def _lasting_effects(reading: Reading) -> list:
    """The effects of a Continuous, Field or Equip Spell/Trap whose activation does nothing of its
    own: "Sogen's effect" means such an effect (which may apply without a Chain), not activating
    the card.  None when activating the card does something (Premature Burial, Fiendish Chain)."""
    c = reading.card
    if not lasting_card(c):
        return []
    # (hunt 128a) "Activate this card by paying 1000 LP.": a sentence saying only how the card is
    # activated does nothing of its own; "its effect" is one of the others
    bare = bare_activation_sentences(reading)
    # (hunt 128c) an activation that targets and resolves nothing ("Activate this card by targeting
    # 1 ... monster you control. It cannot be destroyed ...") does nothing of its own either
    doing = {f.get("effect") for f in reading.facts if f.type == "clause"}
    if any(f.type == "on_card_activation" and f.get("effect") not in bare and f.get("effect") in doing
           for f in reading.facts):
        return []          # its activation does something itself ("Activate this card by ...; ...")
    return [e for e in reading.effects if e.n > 0 and e.id not in bare]


_OFF_FIELD = {"destroyed", "banished", "left-field", "sent-to-gy", "returned-to-hand",
              "returned-to-deck", "tributed", "discarded"}


def told_moves(events: list, name: str) -> list[tuple[int, str]]:
    """The moves told of a card, in the story's order: ``(index of the event, action)``, moved by
    the story or by a link told resolved (what a link still on the Chain means to do is no move)."""
    resolved = {e.get("of") for e in events if e.get("kind") == "resolve"}
    moves = []
    for i, e in enumerate(events):
        if e.get("kind") == "move" and e.get("what") == name:
            moves.append((i, e.get("action")))
        elif e.get("kind") == "activate" and e.get("id") in resolved:
            moves += [(i, d.get("action")) for d in e.get("does") or [] if d.get("what") == name]
    return moves


def _told_off_field(events: list, name: str) -> bool:
    """Is the card told gone from the field, with none of its effects told activated since (then
    "its effect" is the one activated)?"""
    off = {i for i, action in told_moves(events, name) if action in _OFF_FIELD}
    gone = False
    for i, e in enumerate(events):
        if i in off:
            gone = True
        elif e.get("kind") == "activate" and (e.get("effect") or {}).get("card") == name:
            gone = False
    return gone


def _numbered(name: str, n: int | str, cands) -> dict:
    """``{card, n}`` for the chosen effect; a Pendulum Effect's numbers restart at 1, so its
    ``n`` says the text it numbers: ``"P1"`` ("NAME#P1")."""
    if len(cands) == 1 and _is_pendulum(cands[0]) and not str(n).startswith("P"):
        n = f"P{n}"
    return {"card": name, "n": n}


def kind_said_fits(st, c, said) -> None:
    """"the Field Spell X", "my Quick-Play X": the kind said with a card's name is the card's."""
    if not said:
        return
    words = [w for w in said if w != "card"]
    kind = words[-1]
    props = words[:-1]
    subtypes = {s.lower() for s in c.subtypes or ()}
    if c.kind != kind or any(p not in subtypes for p in props):
        st.fail(f"{c.name} is not a {' '.join(said)} (it is a {' '.join(sorted(subtypes))} {c.kind})")


# words that say where from, where to, what face or position: said with the word after them, the
# text must say the pair too (each word alone may stand in the text in another place); a number goes
# with the game action said before it ("draw 10"), "up to" and "exactly" aside, and must be one the
# text says with that action, when the text says any ("destroy all" says none: all may be 1)
_PAIR_FIRST = {"from", "to", "into", "face-up", "face-down"}
_PAIR_SECOND = {"hand", "deck", "gy", "graveyard", "field", "banished", "extra", "face-up", "face-down",
                "attack", "defense", "monster", "monsters", "card", "cards"}
_PAIR_SKIP = {"my", "mine", "own", "their", "theirs", "opp", "opp's", "opponent's", "his", "her", "a",
              "an", "the", "your", "its", "owner's", "one", "that", "this", "main", "opponent",
              "player's", "controller's", "exactly", "either", "any"}
_POSITION_WORDS = {"attack", "defense", "position"}


def said_pairs_fit(words: list[str], text: str) -> bool:
    """Each pair the result says of a place or a face ("from my GY", "to the hand", "to face-up",
    "face-down (Defense Position) monster") stands in the effect's text as a pair ("from your GY",
    "to face-up"), owners and articles aside, and a number said with a game action ("draw 10") is
    one the text says with that action when it says one ("draw 2"; "banish both" says none): a
    result whose words all stand in the text but in another order (from where to where, which face
    before and after, how many of what) is not what the text does."""
    said, numbers = _pairs(words)
    said_n = {(a, n) for a, ns in numbers.items() for n in ns}
    if not said and not said_n:
        return True
    # "Special Summon it from my GY" of "Target 1 monster in your GY; Special Summon it": where a
    # card is, said with "in", is where it is moved from ("in" pairs with nothing else)
    tokens = [w.lower() for w in re.findall(r"[A-Za-z0-9][A-Za-z0-9'\-]*", text)]
    have, have_n = _pairs(["from" if w == "in" else w for w in tokens])
    return said <= have and all(n in have_n[a] for a, n in said_n if have_n.get(a))


def _pairs(words: list[str]) -> tuple[set, dict]:
    """The place and face pairs of :func:`said_pairs_fit`, and each game action's numbers."""
    ws = ["gy" if w == "graveyard" else w for w in words if w not in _PAIR_SKIP]
    kept, i = [], 0
    while i < len(ws):
        if ws[i:i + 2] == ["up", "to"] and i + 2 < len(ws) and ws[i + 2].isdigit():
            i += 2                              # "up to 2": the number with the word before
            continue
        kept.append(ws[i])
        i += 1
    ws = kept
    out = {(a, b) for a, b in zip(ws, ws[1:]) if a in _PAIR_FIRST and b in _PAIR_SECOND}
    for i, w in enumerate(ws):
        if w in ("face-up", "face-down"):
            rest = [x for x in ws[i + 1:i + 5] if x not in _POSITION_WORDS]
            if rest[:1] and rest[0] in ("monster", "monsters", "card", "cards"):
                out.add((w, rest[0]))           # "face-down Defense Position monster"
    numbers: dict = {}
    for a, b in zip(ws, ws[1:]):
        action = gamewords().action_of(a) if b.isdigit() else None
        if action is not None:                  # "draw 10", "gains 1000"
            numbers.setdefault(action, set()).add(b)
    return out, numbers
