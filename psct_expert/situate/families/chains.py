"""Does it start a Chain?  ``starts-chain`` and ``summon-starts-chain``: an effect, a Summon, or
"that" (what was just activated), "each time ...", and "... that I can respond to with X"."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lark import Tree

from ...parser.transform import find, low, sub
from .common import first_effect, reads_scenario, refuse_a_part_said_not_activated

if TYPE_CHECKING:
    from ..told import Situate


def _chain_subject(st: Situate, node: Tree) -> dict:
    """``chain_subj``/``summon_q``: an effect, a Summon, or "that" (what was just activated)."""
    kids = [ch for ch in node.children if isinstance(ch, Tree)]
    last = next((e for e in reversed(st.events) if e.get("kind") == "activate"), None)
    if kids and kids[0].data == "eff_it" and last is not None and _told_last(st) is None:
        # "I activate its first effect. Does it start a Chain?": the activation told last
        return {"effect": last["effect"]}
    told = _told_last(st)
    if told is not None and (not kids or kids[0].data == "eff_it"):
        # "I Special Summon X with its own condition. Does it start a Chain?": "it" / "that" is
        # the Summon told last, not an effect of the card
        return {"summon": told["id"], "event": told}
    if not kids:
        if not st.acts:
            st.fail("'that' refers to nothing activated before it", node)
        return {"effect": st.acts[-1][1]}
    if all(k.data == "eff_desc" for k in kids):
        # (chains) "that banish effect": the activation told last, and its effect must be one
        # the words describe
        if not st.acts or not st.acts[-1][1].get("card"):
            st.fail("'that' refers to nothing activated before it", node)
        told = st.acts[-1][1]
        want = st.effect_ref({"how": "eff_poss", "card": told["card"], "ord": None,
                              "desc": [" ".join(low(d)) for d in kids], "quote": None,
                              "rel": None, "text": st.r.said(node)})
        same = (st.effect_of(want) or (None, None))[1] == (st.effect_of(told) or (None, None))[1]
        # a Spell or Trap told by its name only ("Player A uses X"): which of its effects was
        # used is what the words say; whether it starts a Chain is that effect's, not the story's
        if not same and told.get("select") != "activation":
            st.fail(f"the effect activated last is not {st.r.said(node)!r}", node)
        return {"effect": told}
    k = kids[0]
    if k.data.startswith("eff_"):
        ir = st.r.effect(k)
        ref = st.effect_ref(ir)
        refuse_a_part_said_not_activated(st, ir, ref, k,
                                         f"'Does {ref.get('card')}'s effect start a Chain?'")
        return {"effect": ref}
    if k.data.startswith("summon_"):
        return summon_subject(st, k)
    st.fail("what starts the Chain?", node)
    return {}


def _own_way_quote(st: Situate, q: Tree, card: str) -> None:
    """"Special Summoning X with its own 'if only your opponent controls a monster' thing": asked
    as the card's own way of Special Summoning itself (whatever it is, the rules then say
    whether it starts a Chain); the quote, when given, must be that effect's text."""
    from ..words import norm
    way = sub(q, "own_way")
    quote = [st.r.quotes[int(t)] for t in way.scan_values(lambda v: getattr(v, "type", "") == "XQUOTE")]
    if not quote:
        return
    reading = st.reading(card)
    selfs = {f.get("effect") for f in reading.facts if f.type in ("summons_self", "procedure")}
    if not any(e.id in selfs and norm(quote[0]) in norm(e.text) for e in reading.effects):
        st.fail(f"no way of {card} to Special Summon itself says {quote[0]!r}", way)


def _summoned_by_link(st: Situate, card: str) -> dict | None:
    """(readA) The Summon of ``card`` a resolving effect was told to make, if any."""
    for e in reversed(st.events):
        for step in e.get("does") or []:
            if step.get("action") == "summoned" and step.get("what") == card:
                sid = step["id"]
                ev = next((v for s, v in st.summons if s == sid), None)
                if ev is not None:
                    return {"summon": sid, "event": ev}
    return None


def _told_last(st: Situate) -> dict | None:
    """The Summon a player performed, when it is the newest thing told (after any activation)."""
    last = next((e for e in reversed(st.events) if e.get("kind") in ("summon", "activate")), None)
    return last if last is not None and last.get("kind") == "summon" else None


SUMMON_NODES = ("summon_of", "summon_poss", "summon_by", "summon_using", "summon_being",
                "summon_bare")


def summon_subject(st: Situate, k: Tree) -> dict:
    kind = st.r.summon_kind(k)
    cards = [st.r.card(t) for t in k.scan_values(lambda v: getattr(v, "type", "") == "XCARD")]
    if k.data == "summon_using":                       # "a Fusion Summon using X": X's effect
        return {"effect": {"card": cards[0], "verb": f"{kind or 'special'}-summon"}}
    if k.data in ("summon_bare",) and not cards and not st.summons and \
            (low(k)[0] in ("a", "an") or low(k)[0] == "the" and not st.events) and \
            kind in GENERIC_KINDS:
        # "Does an Xyz Summon start a Chain?"; (chains) "Is the Tribute Summon itself a chain
        # link?" with nothing told: the kind of Summon, any of them
        return _generic_summon(st, k)
    if k.data in ("summon_bare",) and not cards:       # "the Link Summon": one told before
        for sid, ev in reversed(st.summons):
            if kind in (None, ev["summon-kind"]) or ev["summon-kind"] == "special" or \
                    (kind == "special" and ev["summon-kind"] in ("procedure", "by-effect")):
                return {"summon": sid, "event": ev}
        st.fail("which Summon? (tell it first: 'My opponent Link Summons X.')", k)
    card = cards[0] if cards else None
    if card is None:
        st.fail("whose Summon?", k)
    if kind in (None, "special"):
        c = st.db.get(card)
        if c.kind != "monster":
            st.fail(f"{card} is not a monster: say which Summon", k)
        by_link = _summoned_by_link(st, c.name)
        if by_link is not None:     # told: a resolving effect Special Summoned it
            return by_link
        return {"effect": {"card": card, "select": "summons-self"}}
    c = st.db.get(card)
    if kind in ("synchro", "xyz", "link", "fusion", "ritual", "pendulum") and \
            kind not in c.subtypes:
        st.fail(f"{c.name} is not a {kind.title()} Monster: it cannot be {kind.title()} Summoned", k)
    if kind == "procedure" and ("fusion" not in c.subtypes or not st.procedures(c.name)):
        st.fail(f"{c.name} is not a Fusion Monster Summoned by its own procedure", k)
    told = next(((sid, ev) for sid, ev in reversed(st.summons) if ev.get("what") == c.name
                 and ev.get("summon-kind") == kind), None)
    if told is not None:        # "My opponent Synchro Summons X. ... the Synchro Summon of X": that one
        return {"summon": told[0], "event": told[1]}
    sid = f"s{len(st.summons) + 1}"
    whose = st.r.player(sub(k, "poss")) if sub(k, "poss") is not None else None
    ev = {"kind": "summon", "id": sid, "summon-kind": kind,
          "player": whose if whose in ("you", "opponent") else "you", "what": c.name}
    st.events.append(ev)
    st.summons.append((sid, ev))
    return {"summon": sid, "event": ev}


def _also(st: Situate, node: Tree | None, spec: dict) -> dict:
    """"... start a Chain that I can respond to with X": yes only if X could respond too."""
    if node is None:
        return spec
    effs = [t for t in node.iter_subtrees_topdown() if t.data.startswith("eff_")]
    generic = find(node, "resp_generic")
    if generic is not None:             # "... that I can chain a Quick Effect to"
        spec["also_needs"] = f"whether {st.r.said(generic)} can be activated in response"
    elif effs:
        summon = spec.get("family") == "summon-starts-chain" or \
            (spec.get("effect") or {}).get("select") == "summons-self"
        if summon:
            from .negation import refuse_summon_window
            refuse_summon_window(st, st.effect_ref(st.r.effect(effs[0])), effs[0])
        spec["also_needs"] = (f"whether {' '.join(st.pq.words.text[0:0]) or ''}"
                              f"{_said(st, effs[0])} can be activated in response")
    else:
        card = (spec.get("effect") or {}).get("card") if isinstance(spec.get("effect"), dict) \
            else None
        if card and any(f.type == "response_lock" for f in st.reading(card).facts):
            # "... that I can respond to?" of a card whose text limits responses to it: that it
            # starts a Chain does not say a response can be made
            spec["also_needs"] = (f"whether a response can be made to it ({card}'s text limits "
                                  "responses)")
    return spec


def _said(st: Situate, node: Tree) -> str:
    return " ".join(st.r.card(w) if getattr(w, "type", "") == "XCARD" else str(w)
                    for w in node.scan_values(lambda v: True))


def _link_one(st: Situate, fam: Tree) -> None:
    """"Is it Chain Link 1?": asks whether it starts a Chain; another number asks something else."""
    place = find(fam, "chain_place")
    if place is None:
        return
    nums = [str(t) for t in place.children if getattr(t, "type", "") == "XNUM"]
    if nums and nums[0] != "1":
        st.fail(f"a Chain starts at Chain Link 1: 'Chain Link {nums[0]}' asks something else", place)


def _topic_effect(st: Situate, fam: Tree) -> dict:
    """'X: "..." - does that start a Chain?': the effect of X whose text holds the quote; "that
    banish" must be what that effect does."""
    from ..refs import effect_does_action
    topic = sub(fam, "topic_eff")
    card = st.r.card(next(t for t in topic.children if getattr(t, "type", "") == "XCARD"))
    quote = st.r.quotes[int(next(t for t in topic.children if getattr(t, "type", "") == "XQUOTE"))]
    ir = {"how": "eff_poss", "card": card, "ord": None, "desc": [], "quote": quote, "rel": None,
          "text": st.r.said(topic)}
    ref = st.effect_ref(ir)
    said = find(fam, "that_one")
    verb = st.r.action(find(said, "act_verb")) if said is not None and find(said, "act_verb") else None
    if verb is not None:
        found = st.effect_of(ref)
        if found is None or not effect_does_action(found[0].facts, found[1], verb):
            st.fail(f"that effect of {card} does not {verb}", said)
    return ref


def _summon_said_beside(st: Situate, got: dict, fam: Tree) -> None:
    """(hunt) "Does Dark Armed Dragon start a Chain when it is Special Summoned?": the card's own
    Summon told beside the question, with none of its effects named: what is asked is whether
    that Summon starts a Chain, not its (only) activated effect; refused, saying how to ask."""
    ref = got.get("effect") or {}
    card = ref.get("card")
    if not card or ref.get("select") not in ("only", None) or ref.get("n") is not None:
        return
    if not any(e.get("kind") == "summon" for e in st.events):
        return
    found = st.effect_of(ref)
    if found is None or any(f.type in ("trigger", "procedure") and f.get("effect") == found[1]
                            for f in found[0].facts):
        return      # its effect on that Summon, or its own procedure: asked as told
    st.fail(f"a Summon is told beside the question: ask 'Does the Special Summon of {card} start "
            f"a Chain?', or name the effect of {card} asked about", fam)


@reads_scenario
def build_starts_chain(st: Situate, fam: Tree) -> dict:
    _link_one(st, fam)
    if sub(fam, "topic_eff") is not None:
        return st.spec("starts-chain", {"effect": _topic_effect(st, fam)})
    subj = sub(fam, "chain_subj")
    if subj is None:        # "Does X have to activate its ... effect each time ...?"
        card = [st.r.card(t) for t in fam.children if getattr(t, "type", "") == "XCARD"][0]
        st.last_card = card
        got = {"effect": st.effect_ref(st.r.effect(first_effect(fam)), default_card=card)}
        if got["effect"].get("card") != card:
            st.fail(f"the effect asked about is not one of {card}'s", fam)
    else:
        got = _chain_subject(st, subj)
    tail = find(fam, "resp_tail")
    _summon_said_beside(st, got, fam)
    made_by = _made_by_resolution(st, got.get("summon"))
    if made_by is not None:
        # "I use X's effect to Special Summon it. Does this Special Summon start a Chain?": the
        # Summon is made when that activated effect resolves; what starts the Chain is its
        # activation, so that is what is answered (and restated)
        spec = _also(st, tail, st.spec("starts-chain", {"effect": made_by}))
    elif "summon" in got:
        spec = _also(st, tail, st.spec("summon-starts-chain", {"summon": got["summon"]}))
    else:
        _refuse_a_later_sentence(st, got["effect"])
        _negation_told_of_its_activation(st, got["effect"], fam)
        _own_link_of_its_activation(st, got["effect"], fam)
        spec = _also(st, tail, st.spec("starts-chain", {"effect": got["effect"]}))
    return _each_time(st, fam, spec)


def _own_link_of_its_activation(st: Situate, ref: dict, fam: Tree) -> None:
    """(hunt 131k) "Is the first effect of X placed on the chain as its own chain link?" of a
    "When this card is activated: ..." part of a Continuous or Field Spell/Trap: that part
    resolves with the card's own activation (game-rules#resolution.12): activating the card starts
    a Chain, the part makes no link of its own.  Asked whether it "starts a Chain" (a frame reads
    "its own chain link" so too), either may be meant: refused, naming both."""
    if not ref.get("card"):
        return
    found = st.effect_of(ref)
    if found is None:
        return
    from ...reader.phrases import part_of_card_activation
    reading, eid = found
    card = reading.card
    if card.kind in ("spell", "trap") and ({"continuous", "field"} & set(card.subtypes or ())) and \
            part_of_card_activation(reading.by_id(eid).text or ""):
        st.fail(f"the 'When this card is activated' part of {card.name} resolves with the card's "
                f"own activation (game-rules#resolution.12): activating {card.name} starts a Chain, "
                f"that part makes no Chain Link of its own; ask 'Does activating {card.name} start "
                f"a Chain?'", fam)


def _negation_told_of_its_activation(st: Situate, ref: dict, fam: Tree) -> None:
    """(hunt 125b) "Does Skill Drain start a chain when it negates a monster's effect?": the story
    tells the card negating, read as its activation chained to do it; when the Card's activation
    itself does not negate (its negation is an effect of its text applied once it is face-up),
    what negated is that other effect, not the activation asked about: refused, naming it."""
    if ref.get("select") != "activation" or not ref.get("card"):
        return
    own = {e["id"] for e in st.events if e.get("kind") == "activate" and e.get("effect") == ref}
    if not any(e.get("kind") == "negate" and e.get("by") in own for e in st.events):
        return
    found = st.effect_of(ref)
    if found is not None and any(f.type in ("clause", "clause_verb") and f.get("effect") == found[1]
                                 and f.get("verb") == "negate" for f in found[0].facts):
        return
    st.fail(f"activating {ref['card']} does not negate: its negation is an effect of its text "
            f"(ask 'Does {ref['card']}'s negation effect start a Chain?')", fam)


def _refuse_a_later_sentence(st: Situate, ref: dict) -> None:
    """(hunt) "Does the second effect of Limiter Removal start a Chain?": a later sentence of a
    Spell or Trap that activating the card applies ("During the End Phase of this turn, destroy
    those monsters", "You cannot Special Summon the turn you activate this card") is no
    activation of its own: what it leaves behind applies later (game-rules#lingering-effects.1),
    and the sources here do not say it starts a Chain; refused, naming the question to ask."""
    card, n = ref.get("card"), ref.get("n")
    if not card or not isinstance(n, int):
        return
    reading = st.reading(card)
    applied = sorted(eff.n for eff in reading.effects if any(
        f.type == "on_card_activation" and f.get("effect") == eff.id for f in reading.facts))
    if applied and n in applied and n != applied[0]:
        st.fail(f"effect {n} of {card} is a later sentence of what activating it does, not an "
                f"activation of its own; ask 'Does activating {card} start a Chain?'")


def _made_by_resolution(st: Situate, summon: str | None) -> dict | None:
    """The effect of a told activation of a card whose resolution Special Summons that card
    itself, when the Summon ``summon`` is that one (told as what the effect does); None for a
    Summon told as an event of its own, or one another card's effect makes (Monster Reborn
    summoning X: the Summon of X starts no Chain, Monster Reborn's activation did)."""
    if summon is None or any(e.get("id") == summon and e.get("kind") != "activate"
                             for e in st.events):
        return None
    for e in st.events:
        made = [d for d in e.get("does") or [] if d.get("id") == summon]
        if e.get("kind") == "activate" and made and isinstance(e.get("effect"), dict) and \
                made[0].get("what") == e["effect"].get("card"):
            return e.get("effect")
    return None


def _each_time(st: Situate, fam: Tree, spec: dict) -> dict:
    """"... start a Chain each time a Spell is activated?", "Does X have to activate it ... each
    time ...?": an effect that starts no Chain is never activated (no); one that does is
    activated only on its own condition, which this does not check (a yes becomes unknown)."""
    each = sub(fam, "each_time")
    if each is None:
        return spec
    must = "have" in [str(t).lower() for t in fam.children if not isinstance(t, Tree)]
    need = (f"whether it {'must be' if must else 'is'} activated "
            f"{st.r.said(each)}")
    spec["also_needs"] = (spec["also_needs"] + "; " + need) if spec.get("also_needs") else need
    return spec


GENERIC_KINDS = ("normal", "tribute", "flip", "synchro", "xyz", "link", "pendulum")


def _generic_summon(st: Situate, node: Tree) -> dict:
    """"Does Link Summoning start a Chain?", "Does an Xyz Summon start a Chain?": any Summon of a
    kind a player performs by the rules (a Special Summon, Fusion or Ritual Summon may be made by
    an effect: refused)."""
    kind = st.r.summon_kind(node)
    if kind not in GENERIC_KINDS:
        st.fail("which Summon? (name the monster, or tell the Summon first)", node)
    sid = st._summon(kind, None, {"card": None, "text": f"a {kind.title()} Monster", "words": [],
                                  "pronoun": False}, None)
    return {"summon": sid, "event": st.events[-1]}


def _named_on_own_summon(st: Situate, named: Tree | None, card: str | None) -> None:
    """"Can I respond to the Special Summon of X with Y?" of a monster Summoned by its own
    procedure: whether that Summon starts a Chain is not what is asked when Y answers the Summon
    without one.  (hunt) A card that negates Summons (Solemn Strike) negates it in its own window;
    (hunt 131a) a card whose condition is that a monster is Summoned (Torrential Tribute, Bottomless
    Trap Hole) is activated in the Summon's response window, after it.  Both refused, naming the
    question to ask instead (game-rules#summon-kinds.14)."""
    if named is None:
        return
    from .negation import negates_summons, refuse_summon_window
    nref = st.effect_ref(st.r.effect(first_effect(named)), hint=["negate"])
    if negates_summons(st, nref):
        st.fail(f"{nref.get('card')} negates Summons, without a Chain: ask 'Can "
                f"{nref.get('card')} negate the Special Summon of {card}?'", named)
    refuse_summon_window(st, nref, named)


def build_summon_starts_chain(st: Situate, fam: Tree) -> dict:
    _link_one(st, fam)
    q = sub(fam, "summon_q")
    if q is not None and {"chain", "respond"} & set(low(fam)) and \
            any(k.data == "summon_using" and "with" in low(k) for k in q.iter_subtrees()):
        # (hunt 40) "Can I respond to the Summon with Monster Reborn?": "with X" may say what the
        # player responds with as well as how the Summon was made; asked so, neither is answered
        st.fail("'with' may say what you respond with or how the Summon was made: say 'chain X to "
                "the Summon' or 'the Summon made by X'", q)
    if q is None:
        q = next((t for t in fam.children if isinstance(t, Tree) and t.data in ("summon_generic",
                                                                                "summon_told")), None)
    kids = [ch for ch in q.children if isinstance(ch, Tree)] if q is not None else []
    tail = find(fam, "resp_tail")
    generic = q is not None and q.data == "summon_generic"
    told_before = {sid for sid, _ in st.summons}
    if kids and kids[0].data == "summon_bare" and not st.summons and \
            not list(kids[0].scan_values(lambda v: getattr(v, "type", "") == "XCARD")) and \
            (low(kids[0])[0] in ("a", "an") or low(kids[0])[0] == "the" and not st.events and
             st.r.summon_kind(kids[0]) in GENERIC_KINDS):
        generic, q = True, kids[0]      # "Does an Xyz Summon start a Chain?"
    if q is None:               # "Can I chain (X) to it?": the Summon told last
        told = _told_last(st)
        if told is None and st.acts:        # "Can I chain to it?" after an activation
            ref = st.acts[-1][1]
            if ref.get("card") and any(f.type == "response_lock" and f.get("scope") != "other"
                                       for f in st.reading(ref["card"]).facts):
                # it starts a Chain, but its text locks responses to it: whether this player can
                # chain is not whether it starts a Chain
                st.fail(f"{ref['card']}'s text locks responses to it: name the card you would chain "
                        f"('Can I chain X to it?')", fam)
            return _also(st, tail, st.spec("starts-chain", {"effect": ref}))
        if told is None:
            st.fail("chain to what? (tell it first)", fam)
        got = {"summon": told["id"], "event": told}
    elif generic:
        got = _generic_summon(st, q)
    elif q.data == "summon_told":
        # (chains) "my Link Summon": the newest told Summon of that kind by that player
        whose, kind = st.r.player(sub(q, "poss")), st.r.summon_kind(q)
        found = [(sid, ev) for sid, ev in reversed(st.summons) if ev.get("player") == whose
                 and ev.get("summon-kind") in (kind, "procedure" if kind == "special" else kind)]
        if not found:
            st.fail("which Summon? (tell it first: 'I Link Summon X.')", q)
        got = {"summon": found[0][0], "event": found[0][1]}
    elif kids and kids[0].data in SUMMON_NODES:
        got = summon_subject(st, kids[0])
    elif kids and kids[0].data == "ev_proc":     # "the moment I return X and Y to ... Summon Z"
        st.ev_proc(kids[0])
        if not st.summons or st.events[-1].get("kind") != "summon":
            st.fail("that is no Summon by the rules", kids[0])
        got = {"summon": st.summons[-1][0]}
    else:
        kind = st.r.summon_kind(q)
        ws = low(q)
        if "fusion" in ws and "contact" not in ws and kind is None:
            kind = "fusion"
        if ws[0] in ("this", "that"):
            found = [(sid, ev) for sid, ev in st.summons]
            if not found:
                st.fail("which Summon? (tell it first)", q)
            told = found[-1][1].get("summon-kind")
            if ws[1:3] == ["contact", "fusion"] and (told != "procedure" or "fusion" not in
                                                      st.db.get(found[-1][1]["what"]).subtypes):
                st.fail("the Summon told before is not a Fusion Monster's own procedure", q)
            if kind not in (None, "special", told) and not (kind == "procedure" and
                                                            told == "procedure"):
                st.fail(f"the Summon told before is no {kind.title()} Summon", q)
            got = {"summon": found[-1][0]}
        else:
            cards = [st.r.card(t) for t in q.scan_values(lambda v: getattr(v, "type", "") == "XCARD")]
            info = st._mods(q)
            if info.get("targets") or info.get("respond"):
                st.fail("a Summon does not target or respond", q)
            kind, materials = st.how_summoned(q, cards[0], kind or "special", "you", info.get("from"))
            if kind == "special" and sub(q, "own_way") is not None:
                _own_way_quote(st, q, cards[0])
            if kind == "special":
                _named_on_own_summon(st, sub(fam, "resp_named"), cards[0])
                return _also(st, tail, st.spec("starts-chain", {"effect": {
                    "card": cards[0], "select": "summons-self"}}))
            c = st.db.get(cards[0])
            if kind in ("synchro", "xyz", "link", "fusion", "ritual", "pendulum") and \
                    kind not in c.subtypes:
                st.fail(f"{c.name} is not a {kind.title()} Monster", q)
            sid = f"s{len(st.summons) + 1}"
            ev = {"kind": "summon", "id": sid, "summon-kind": kind, "player": "you",
                  "what": cards[0]}
            if info.get("from"):
                ev["from"] = info["from"]
            if materials:
                ev["materials"] = materials
            st.events.append(ev)
            st.summons.append((sid, ev))
            got = {"summon": sid}
    named = sub(fam, "resp_named")
    if named is not None and "summon" in got:
        # sisterAF: "can I chain / activate Black Horn of Heaven on their Xyz Summon?": a card that
        # negates Summons answers the Summon itself (its window), so it is asked whether it
        # negates that Summon, not whether the Summon starts a Chain
        from .negation import negate_told_summon, negates_summons, refuse_summon_window
        neg = first_effect(named)
        nref = st.effect_ref(st.r.effect(neg), hint=["negate"])
        if negates_summons(st, nref):
            if got["summon"] not in told_before and (q is None or find(q, "poss") is None):
                st.unsaid_summoner.add(got["summon"])   # whose Summon it is was not said
            ev = got.get("event") or next(e for s, e in st.summons if s == got["summon"])
            return negate_told_summon(st, fam, neg, nref, got["summon"], ev, named)
        refuse_summon_window(st, nref, named)
    if (got.get("effect") or {}).get("select") == "summons-self":
        _named_on_own_summon(st, named, got["effect"].get("card"))
    made_by = _made_by_resolution(st, got.get("summon"))
    if "effect" in got or made_by is not None:
        spec = _also(st, tail, st.spec("starts-chain", {"effect": got.get("effect") or made_by}))
    else:
        spec = _also(st, tail, st.spec("summon-starts-chain", {"summon": got["summon"]}))
    if named is not None:       # "can I chain Imperm to that Summon?": Imperm is asked too
        need = f"whether {st.r.said(named)} can be activated in response"
        spec["also_needs"] = spec["also_needs"] + "; " + need if spec.get("also_needs") else need
    kind_of = find(sub(fam, "chain_any"), "resp_generic") if sub(fam, "chain_any") is not None \
        else None
    if kind_of is not None:     # (chains) "can I chain a trap to that Summon?": a trap is asked too
        need = f"whether {st.r.said(kind_of)} can be activated in response"
        spec["also_needs"] = spec["also_needs"] + "; " + need if spec.get("also_needs") else need
    return spec
