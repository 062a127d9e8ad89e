"""Targeting questions: does X target (``targets``), can X target a protected card
(``can-target``), can X be activated choosing that many targets (``target-count``), and must
its target still meet its conditions when it resolves (``target-rechecked``)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from lark import Tree

from ...errors import QuestionError
from ...gamewords import gamewords
from ...parser.transform import find, low, sub, subs
from ...reader.grammar import grammar
from ...reader.phrases import target_phrase, target_sides, target_words
from ...reader.select import select_effect
from ..refs import effect_does_action
from ..targets import described_entity, protection_said, protection_side
from ..words import card_ir, owner_in_words, thing_words, words_fit
from .common import asker_of, first_effect, reads_scenario, rel_verbs, summon_kinds_read

if TYPE_CHECKING:
    from ..told import Situate


@reads_scenario
def _not_a_target_of_the_story(st: Situate, ref: dict, node) -> None:
    """(hunt 132c) "I activate Book of Moon targeting my opponent's Stardust Dragon. Does it
    target?": "it" names the card named last, which the story told targeted, not activated: which
    card's effect is asked is not said: refused, naming both."""
    card = getattr(st, "last_card", None)       # the card "it" names (:meth:`.EffectRefs.effect_ref`)
    if ref.get("how") not in ("eff_it", "eff_its") or ref.get("card") or not card:
        return
    acts = [e for e in st.events if e.get("kind") == "activate"]
    activated = {(e.get("effect") or {}).get("card") for e in acts}
    targeted = {st.entities.get(x, {}).get("card") or x for e in acts for x in e.get("targets") or []}
    if card in targeted and card not in activated:
        other = next((c for c in activated if c and c != card), None)
        st.fail(f"which card's effect is 'it'? ({card}, the card targeted, or "
                f"{other or 'the card activated'}: name it)", node)


def build_targets(st: Situate, fam: Tree) -> dict:
    pre = sub(fam, "tg_when_pre")
    bare = pre is None and not any(isinstance(c, Tree) and c.data.startswith("eff_")
                                   for c in fam.children)
    topic = getattr(st, "topic", None)
    if bare and topic is not None:             # "X's effect that ... . Does it target?"
        spec = st.spec("targets", {"effect": topic})
        thing = sub(fam, "thing")
        if thing is not None:
            _asked_target_fits(st, topic, thing)
            spec["object"] = st.r.said(thing)
        return spec
    if bare:                                   # "My opponent activates X. Does it target?"
        ref = {"how": "eff_it", "card": None, "ord": None, "desc": [], "quote": None, "rel": None,
               "text": "it"}
    else:
        ref = st.r.effect(first_effect(pre if pre is not None else fam))
    thing = sub(fam, "thing")
    hint = rel_verbs(st, thing)
    told = _told_acts(st, sub(fam, "tg_when") or pre)
    _not_a_target_of_the_story(st, ref, fam)
    try:
        eref = st.effect_ref(ref, hint=told + hint)
    except QuestionError as exc:
        eref = _all_agree(st, ref, told + hint)
        if eref is None:
            raise exc from None
    _acts_fit(st, eref, told, sub(fam, "tg_when") or pre)
    _acts_fit(st, eref, [v for v in hint if not v.startswith(("target:", "count:"))], thing)
    if st.events and st.events[-1].get("kind") == "resolve" and "of" not in st.events[-1] and \
            len(st.acts) == 1 and st.acts[0][1].get("card") == eref.get("card"):
        # (hunt) "Does Monster Reborn target when it resolves?": targets are chosen when it is
        # activated (game-rules#targeting.1); "at resolution" is refused, never dropped
        st.fail("targets are chosen when a card or effect is activated, not when it resolves: ask "
                "'Does X target?'")
    _not_a_cost_moved(st, eref, hint, thing)
    _done_to_the_target(st, eref, hint, thing)
    spec = st.spec("targets", {"effect": eref})
    if thing is not None and not hint:
        _asked_target_fits(st, eref, thing)
        spec["object"] = st.r.said(thing)       # said back in the restatement
    elif thing is not None:
        spec["object"] = st.r.said(thing)       # ("the monster it flips": what the effect does to it)
    return spec


# what a part does its action to, said right after the verb, when that is the target itself
_TO_THE_TARGET = re.compile(r"^(?:of\s+|the\s+effects\s+of\s+)?(?:[\w\-]+\s+){0,2}?(?:(?:that target|those "
                            r"targets|both targets|both of them|that monster|that card|those "
                            r"monsters|those cards|them|it|both|the targeted (?:card|monster)s?)\b|"
                            r"(?:its|their|that target's|those targets'|that monster's|that card's)\s+"
                            r"(?:effects?|atk|def|original atk|original def|level|control|battle "
                            r"position)\b)", re.IGNORECASE)


def _actions_said_of(st: Situate, eref: dict, hint: list[str], thing: Tree | None):
    """The game actions the question says the effect does to the thing it names (its hint, less
    the target and place hints), with the effect's own facts and its bullets' ("Activate 1 of
    these effects; ● Tribute 1 monster; take control of ...": the Tribute is a bullet's cost);
    None when no thing, no action or no single effect is said."""
    verbs = [v for v in hint if not v.startswith(("target:", "count:", "from:"))]
    found = st.effect_of(eref) if thing is not None and verbs else None
    if found is None:
        return None
    reading, eid = found
    return verbs, reading.within(eid)


def _done_to_the_target(st: Situate, eref: dict, hint: list[str], thing: Tree | None) -> None:
    """(hunt 59) "Does Chain Destruction target the cards it destroys?", "Does Called by the Grave
    target the monsters it negates?": the card said is the one a part of the effect does its
    action to; whether the effect targets it is read only when that part does it to the target
    ("destroy that target", "banish it"), else refused (what it does it to may be other cards:
    "destroy all cards with that target's name in ... Deck")."""
    said = _actions_said_of(st, eref, hint, thing)
    if said is None:
        return
    verbs, mine = said
    if not any(f.type in ("target", "target_word") for f in mine):
        return          # an effect that targets nothing: it targets no card, whatever it does
    for v in verbs:
        parts = [f for f in mine if f.type in ("clause", "clause_verb") and f.get("verb") == v
                 and f.source is not None]
        # the parts that do it (a verb said inside another part, "... are negated", only when
        # no part does)
        quotes = [f.source.quote for f in parts if f.type == "clause"] or \
            [f.source.quote for f in parts]
        act = gamewords().action(v)
        words = set(act.forms) if act is not None else {v}
        said = re.compile(r"\b(?:" + "|".join(re.escape(w) for w in sorted(
            words | {v, v.replace("-", " ")}, key=len, reverse=True)) + r")\b\s+", re.IGNORECASE)
        fits = []
        for q in quotes:
            m = said.search(q)
            fits.append(m is not None and _TO_THE_TARGET.match(q[m.end():]) is not None)
        if not quotes or not all(fits):
            st.fail(f"{st.r.said(thing)!r}: what {eref.get('card')}'s effect does {v!r} to is not "
                    f"read as its target ({'; '.join(repr(q) for q in quotes) or 'no part does it'}): "
                    f"ask 'Does {eref.get('card')} target?'", thing)


def _not_a_cost_moved(st: Situate, eref: dict, hint: list[str], thing: Tree | None) -> None:
    """(hunt) "Does Twin Twisters target the card I discard?", "Does Effect Veiler target the card
    it sends to the GY?": the card said is the one its cost moves (paid when it is activated),
    never a target chosen; refused, naming the question to ask."""
    said = _actions_said_of(st, eref, hint, thing)
    if said is None:
        return
    verbs, mine = said
    for v in verbs:
        if any(f.type == "cost_action" and f.get("verb") == v for f in mine) and \
                not any(f.type in ("clause", "clause_verb") and f.get("verb") == v for f in mine):
            act = gamewords().action(v)
            doing = next((w for w in (act.forms if act is not None else ()) if w.endswith("ing")),
                         f"{v}ing")
            st.fail(f"{st.r.said(thing)!r} is what the cost of {eref.get('card')}'s effect moves (paid "
                    f"as it is activated), not a target it chooses: ask 'Is {doing} a cost of "
                    f"{eref.get('card')}?' or 'Does {eref.get('card')} target?'", thing)


@reads_scenario
def build_target_rechecked(st: Situate, fam: Tree) -> dict:
    """"Must the card targeted by X still be a Set card when the effect resolves?": the effect of
    X that targets, unless the question says which."""
    summon_kinds_read(st)
    node = first_effect(fam)
    ref = st.r.effect(node)
    if node.data in ("eff_of", "eff_poss", "eff_card") and ref.get("card") and \
            not any(ref.get(k) for k in ("ord", "desc", "quote", "rel", "kind_said")):
        eref = {"card": st.db.get(ref["card"]).name, "select": "targets"}
    else:
        eref = st.effect_ref(ref)
    _property_is_a_condition(st, fam, eref)
    return st.spec("target-rechecked", {"effect": eref, "slot": 1})


# a property said of the target ("still be a Set card"), and the target conditions that say it
_PROPERTY_CONDITIONS = {"set": {"set", "face-down"}, "face-down": {"set", "face-down"},
                        "face-up": {"face-up"}}


def _property_is_a_condition(st: Situate, fam: Tree, eref: dict) -> None:
    """(hunt) "Must the card targeted by Mystical Space Typhoon still be a face-up card when it
    resolves?": the property asked about must be one of that effect's target conditions (else the
    question asks of a requirement the card never set, and "yes" would answer another one)."""
    said = [w for m in subs(fam, "thing_mod") for w in low(m)]
    found = st.effect_of(eref) if eref.get("card") else None
    if not said or found is None:
        return
    reading, eid = found
    conds = {str(f.get("condition")) for f in reading.facts if f.type == "target_condition"
             and f.get("effect") == eid}
    for w in said:
        wanted = _PROPERTY_CONDITIONS.get(w, {w})
        if not wanted & conds:
            st.fail(f"{eref['card']}'s target has no condition of being {w!r} (its conditions: "
                    f"{', '.join(sorted(conds)) or 'none'})", fam)


def _all_agree(st: Situate, ref: dict, hint: list[str]) -> dict | None:
    """"Does X target?" of a card with several effects, none named: when every activated effect
    of X (that fits what the question says it does) targets, or none does, the answer is the same
    whichever is meant: the first of them answers."""
    if not ref.get("card") or ref.get("ord") or ref.get("quote") or ref.get("rel") or ref.get("desc"):
        return None
    reading = st.reading(ref["card"])
    cands = [e for e in reading.effects if e.n > 0 and e.punctuated]
    verbs = [h for h in hint if not h.startswith(("target:", "count:"))]
    for v in verbs:
        cands = [e for e in cands if effect_does_action(reading.facts, e.id, v)]
    if not cands:
        return None
    def targets(e) -> bool:
        return any(f.type == "target" and (f.get("effect") == e.id or
                                           str(f.get("effect")).startswith(e.id + "."))
                   for f in reading.facts)
    if len({targets(e) for e in cands}) != 1:
        return None
    return {"card": reading.card.name, "n": cands[0].n}


def _told_acts(st: Situate, node: Tree | None) -> list[str]:
    """"when it banishes", "when X negates a Summon and destroys the monster": what the question
    says the effect does (each must be a part of the effect chosen)."""
    if node is None:
        return []
    out = []
    for act in node.iter_subtrees_topdown():
        if act.data != "tg_act":
            continue
        verb = st.r.action(find(act, "act_verb")) if sub(act, "act_verb") is not None else \
            "negate" if find(act, "negate") is not None else None
        if verb is None:
            st.fail(f"{st.r.said(act)!r}: which action of the effect is that?", act)
        out.append(verb)
    return out


def _acts_fit(st: Situate, ref: dict, verbs: list[str], node: Tree | None) -> None:
    if not verbs:
        return
    found = st.effect_of(ref)
    if found is None:
        st.fail("which effect does that?", node)
    reading, eid = found
    for verb in verbs:
        same = {"change-pos": ("change-pos", "change")}.get(verb, (verb,))
        card_wide = "equip" in (reading.card.subtypes or ())   # an Equip Spell acts by its other effects
        if not any(f.type in ("clause", "clause_verb", "cost_action") and f.get("verb") in same and
                   (card_wide or f.get("effect") == eid or str(f.get("effect")).startswith(eid + "."))
                   for f in reading.facts):
            st.fail(f"the effect of {ref.get('card')} asked about does not {verb}", node)


def _asked_target_fits(st: Situate, ref: dict, thing: Tree) -> None:
    """"Does X target a monster?": the family answers whether the effect targets at all, so the
    thing asked about must be what it targets ("1 Spell/Trap on the field" is no monster), or the
    question is refused rather than answered for another thing (it was answered yes)."""
    found = st.effect_of(ref)
    if found is None:
        return
    reading, eid = found
    effect = reading.by_id(eid)
    if effect is None or not any(f.type == "target" and f.get("effect") == eid for f in reading.facts):
        return                                  # it targets nothing: "no" holds for any thing
    said = st.r.said(thing)
    text = said
    rel = sub(thing, "thing_rel")
    if rel is not None and text.endswith(st.r.said(rel)):
        # "the monster it flips face-down": what it targets is "the monster"; the clause says what
        # the effect does to it
        text = text[:len(text) - len(st.r.said(rel))].strip()
    for t in thing.scan_values(lambda v: getattr(v, "type", "") == "XCARD"):
        card = st.db.get(st.r.card(t))            # a named card: what kind of card it is
        text = text.replace(st.r.said(t), card.kind)
    raw = [w.lower().strip(".,?!") for w in text.split()]
    phrase = target_phrase(effect)
    mine, theirs = target_sides(effect)
    ws = [w for w in thing_words(text) if w not in ("opponent", "you")]
    opp = "opponent's" in raw or "opponent" in raw or "their" in raw
    own = not opp and ("my" in raw or "i" in raw)
    if (own and theirs and not mine) or (opp and mine and not theirs):
        st.fail(f"{ref['card']} targets {phrase!r}, chosen by the side of the player who holds it: "
                f"say whose {ref['card']} ('my own ...' / 'my opponent's ...')", thing)
    # (paraphrases 128) "those two monsters" of "target 2 face-up monsters ...": the number it
    # targets is said before the phrase ("up to" any number up to it)
    counts = [f.get("count") for f in reading.facts if f.type == "target" and f.get("effect") == eid]
    total = sum(c for c in counts if isinstance(c, int))
    fit = f"{total} {phrase}" if len(counts) > 1 or total > 1 else phrase
    if ws and not words_fit(ws, fit):
        st.fail(f"{ref['card']} targets {phrase!r}: {said!r} is not what it targets", thing)


def build_can_target(st: Situate, fam: Tree) -> dict:
    thing0 = sub(fam, "thing")
    if thing0 is not None and low(thing0) == ["it"] and st.events and \
            st.events[-1].get("kind") == "activate" and not st.events[-1].get("targets") and \
            {"activate", "use"} & set(low(fam)):
        # (readA) "My opponent activates Pot of Greed. Can I Ash it?" ("activate Ash Blossom on
        # it"): "it" is the activation just told, so X is asked as a response to it
        from .negation import build_can_respond
        return build_can_respond(st, fam)
    named = st.r.thing(thing0) if thing0 is not None else {}
    if named.get("card") and {"activate", "use"} & set(low(fam)) and not st.events:
        # (readA) "Can I Ash Blossom my opponent's Crossout Designator?" ("activate Ash Blossom on
        # ..."): a card that answers activations, used on a card named, answers its activation
        from .negation import build_can_respond
        eff = st.effect_ref(st.r.effect(first_effect(fam)))
        found = st.effect_of(eff)
        owner = owner_in_words(named.get("words") or []) or (
            "opponent" if "opponent's" in low(thing0) else None)
        if found is not None and owner in ("you", "opponent") and any(
                f.type == "negation_scope" and f.get("what") == "activation"
                and f.get("effect") == found[1] for f in found[0].facts):
            card = named["card"]
            st._activate(st.effect_ref(card_ir(card)), owner, {})
            return build_can_respond(st, fam)
    if thing0 is not None and low(thing0) == ["it"] and {"activate", "use"} & set(low(fam)):
        # (readA) "They Synchro Summon X. Can I Solemn Warning it?": the Summon told last
        from .negation import answer_told_summon
        told = answer_told_summon(st, fam, thing0)
        if told is not None:
            return told
    verb = st.r.action(find(fam, "act_verb")) if sub(fam, "affect_vp") is not None else None
    eff_ir = st.r.effect(first_effect(fam))
    # "can X target my Set card?": of X's effects, the one that targets (when only one does)
    ref = st.effect_ref(eff_ir, hint=[verb] if verb else ["target"] if "target" in low(fam) else [])
    thing = sub(fam, "thing")
    if thing is not None:
        _check_sides(st, fam, eff_ir, ref, thing)
    if verb is None and "target" in low(fam) and not {"activate", "use"} & set(low(fam)):
        _check_targets(st, fam, ref, thing)
    if thing is not None and sub(fam, "prot_clause") is None and st.r.thing(thing).get("card"):
        return _affecting(st, fam, eff_ir, ref, _protected_card(st, fam, thing))
    if thing is not None and st.r.thing(thing)["pronoun"] and st.protected is not None and \
            sub(fam, "prot_clause") is None:
        # "Their monster cannot be targeted by card effects. Can I use X on it?"
        _protection_covers_user(st, fam, eff_ir, st.protected_from, ref)
        return _affecting(st, fam, eff_ir, ref, st.protected)
    if thing is not None:
        prot = protection_said(st, sub(fam, "prot_clause") or thing)
        _protection_covers_user(st, fam, eff_ir, protection_side(st, sub(fam, "prot_clause") or thing),
                                ref)
        if prot is None and "activate" in low(fam) and any(e["kind"] == "phase" for e in st.events):
            # "we are in the Damage Step. Can I activate X on the attacker?": can it be activated
            # at this point at all; whether it can target that card is asked too
            spec = st.spec("can-activate-now", {"effect": ref})
            spec["also_needs"] = f"whether it can target {st.r.said(thing)}"
            return spec
        if prot is None and not st.events:
            described = described_target(st, ref, thing, strict=True)
            if described is not None:       # "Can I target a face-down monster with X?"
                return st.spec("can-target", {"effect": ref, "entity": described})
        if prot is None:
            st.fail("say what the card cannot be targeted by ('that cannot be targeted by card "
                    "effects')", thing)
        eid = described_entity(st, thing, prot, strict=True, text=_card_text(st, ref))
    else:
        eid = st.protected
        if eid is None:
            st.fail("which card is 'it'?", fam)
        _protection_covers_user(st, fam, eff_ir, st.protected_from, ref)
    return _affecting(st, fam, eff_ir, ref, eid)


def _protection_covers_user(st: Situate, fam: Tree, eff_ir: dict, side: str | None,
                            ref: dict | None = None) -> None:
    """A protection from one player's effects ("cannot be targeted by my card effects") decides
    only for an effect that player uses: the effect's owner when said, else who the question
    says uses it (the asker).  Of an effect that never targets (``ref``), whose it is does not
    matter: a protection from being targeted, whoever it is from, does not stop it
    (psct-guide#4)."""
    if side is None or (ref is not None and _never_targets(st, ref)):
        return
    user = eff_ir.get("owner") if eff_ir.get("owner") in ("you", "opponent") else asker_of(st, fam)
    if user != side:
        st.fail("the card is protected from the other player's effects only: say whose effect "
                "is used ('my X')", fam)


def _check_targets(st: Situate, fam: Tree, ref: dict, thing: Tree | None) -> None:
    """"Can I target X with Y?" asks whether Y can choose X as a target, not whether Y affects
    it (the family's rules answer "target or affect").  An effect that does not target cannot
    target anything (psct-guide#4): refused with that said, never a yes because it affects."""
    found = st.effect_of(ref)
    if found is None or not _never_targets(st, ref):
        return       # it targets, an Equip Spell targets, or legacy wording ("select") may
    reading = found[0]
    what = st.r.said(thing) if thing is not None else "it"
    if any(f.type in ("target", "target_word") for f in reading.facts):
        st.fail(f"that effect of {ref['card']} does not target; say which of its effects "
                f"('the second effect of {ref['card']}')", fam)
    st.fail(f"{ref['card']} does not target (no 'target' before a semicolon in its text), so "
            f"it cannot target {what}; whether it affects it is asked as 'Can {ref['card']} "
            "destroy ...?'", fam)


def _affecting(st: Situate, fam: Tree, eff_ir: dict, ref: dict, eid: str) -> dict:
    """The can-target question of ``eid``, when an effect that does not target can reach it at
    all: one that affects only one player's cards ("Destroy all monsters your opponent controls")
    never reaches a card of the other player, whatever protects it; that is refused, saying so
    (the family's rules know targeting and its protections, not whose cards a sweep reaches)."""
    found = st.effect_of(ref)
    _reaches(st, fam, ref, eid, found)
    controller = st.entities.get(eid, {}).get("controller")
    if found is not None and controller in ("you", "opponent") and _never_targets(st, ref):
        effect = found[0].by_id(found[1])
        done = re.split(r"[:;]", effect.text)[-1].lower() if effect is not None else ""
        q = grammar().text_queries
        mine, theirs = bool(q["target_mine"].search(done)), bool(q["target_theirs"].search(done))
        user = eff_ir.get("owner") if eff_ir.get("owner") in ("you", "opponent") else asker_of(st, fam)
        if mine != theirs and user in ("you", "opponent") and (controller == user) != mine:
            whose = "its user's own cards" if mine else "the cards of its user's opponent"
            st.fail(f"{ref['card']} affects only {whose} ({done.strip()!r}), and that card is not "
                    "one of them: it does not reach it at all", fam)
    return st.spec("can-target", {"effect": ref, "entity": eid})


_KIND_WORDS = {"monster": r"\bmonsters?\b", "spell": r"\bspells?\b|\bspell/traps?\b",
               "trap": r"\btraps?\b|\bspell/traps?\b"}


def _reaches(st: Situate, fam: Tree, ref: dict, eid: str, found) -> None:
    """(hunt) "Can Harpie's Feather Duster destroy a monster that cannot be targeted?", "Can Nibiru
    destroy ...?": the action asked must be one the effect does, and the kind of card asked one
    its text names (or "cards"); else what is asked is not what the family answers (whether it
    targets or affects it) and the question is refused, saying so."""
    if found is None or sub(fam, "affect_vp") is None:
        return
    reading, effect_id = found
    verb = st.r.action(find(fam, "act_verb"))
    does = {f.get("verb") for f in reading.facts if f.type in ("clause", "clause_verb") and
            (f.get("effect") == effect_id or str(f.get("effect")).startswith(effect_id + "."))}
    if verb is not None and verb not in does:
        st.fail(f"{ref['card']}'s effect does not {verb} (it does "
                f"{', '.join(sorted(str(d) for d in does)) or 'nothing the reader names'})", fam)
    effect = reading.by_id(effect_id)
    # (what it acts on may be said in its target, before the ";": "Target 1 Spell/Trap ...")
    done = re.split(r":", effect.text)[-1] if effect is not None else ""
    said = str(st.entities.get(eid, {}).get("desc", "")).lower()
    for kind, rx in _KIND_WORDS.items():
        if re.search(rf"\b{kind}s?\b", said) and not re.search(
                rx + r"|(?<!this )(?<!that )\bcards?\b", done, re.IGNORECASE):
            st.fail(f"{ref['card']}'s effect does not reach a {kind.title()} ({done.strip()!r})", fam)


def _never_targets(st: Situate, ref: dict) -> bool:
    """Does the effect surely not target: its text, in problem-solving wording, has no target
    in it, and it is not an Equip Spell (which targets the monster it equips)?"""
    found = st.effect_of(ref)
    if found is None:
        return False
    reading, eid = found
    mine = [f for f in reading.facts if f.type in ("target", "target_word")
            and (f.get("effect") == eid or str(f.get("effect")).startswith(eid + "."))]
    return not (mine or "equip" in reading.card.subtypes
                or any(f.type == "psct" and f.get("value") != "yes" for f in reading.facts))


def _check_sides(st: Situate, fam: Tree, eff_ir: dict, ref: dict, thing: Tree) -> None:
    """The rules read "you" as the player who holds the targeting card.  When its target phrase
    names a side ("your opponent controls", "you control"), refuse what would be a guess: "my
    opponent's X" targeting (the rules would read the sides the wrong way round), or "Can X
    target my monster?" with nobody said to hold X (most likely the opponent's X)."""
    found = st.effect_of(ref)
    if found is None:
        return
    reading, eid = found
    effect = reading.by_id(eid)
    if effect is None or not any(target_sides(effect)):
        return
    name = ref["card"]
    player = st.r.player(sub(fam, "player")) if sub(fam, "player") is not None else None
    if eff_ir.get("owner") == "opponent" or player == "opponent":
        st.fail(f"{name} targets by its holder's side ('you control' / 'your opponent controls'): "
                f"ask it from the side of the player who holds it ('Can I target ... with {name}?')",
                fam)
    ws = [w.lower() for w in st.r.thing(thing)["words"]]
    said_holder = eff_ir.get("owner") in ("you", "opponent") or sub(fam, "player") is not None
    if not said_holder and ws[:1] == ["my"] and not {"own", "opponent", "opponent's"} & set(ws[1:2]):
        st.fail(f"whose {name}? Its target is chosen by its holder's side: say 'Can I target my "
                f"own ... with {name}?' or 'Can my opponent target my ... with {name}?'", thing)


def _only_targeting_protection(st: Situate, card: str, thing: Tree) -> None:
    """"Can Raigeki destroy X?" of a named X whose text protects it: this family's rules know
    what a targeting protection does, not what "cannot be destroyed", "unaffected by" or another
    "cannot be ..." does; a card whose text says such a thing too is refused, naming it."""
    text = st.db.get(card).text or ""
    other = [m.group(0) for m in re.finditer(
        r"(?i)\bunaffected\b|\bcannot be (?:destroyed|banished|tributed|returned|shuffled|sent|"
        r"changed|flipped|negated|removed|attached|used)\b|\bcontrol of this card cannot\b|"
        r"\bcannot (?:switch|change|take) control\b", text)]
    if other:
        st.fail(f"{card}'s text also says {other[0]!r}: whether that stops the effect is not read "
                "here (ask whether the effect targets)", thing)


def _protected_card(st: Situate, fam: Tree, thing: Tree) -> str:
    """"Can I target my opponent's Borreload Dragon with X?": the protection its own text gives
    ("Neither player can target this card with monster effects"), if it covers the asker."""
    t = st.r.thing(thing)
    ws = t["words"]
    places = [st.r.place(p) for p in thing.iter_subtrees_topdown() if p.data == "place"]
    if any(p not in (None, "field") for p in places):
        # (hunt) "Can I use Monster Reborn on Borreload Dragon in my GY?": its own protection is
        # a Continuous Effect that applies on the field (game-rules#lingering-effects.10); the
        # card told elsewhere is not placed here (never read as on the field)
        st.fail(f"{t['card']}'s own protection applies while it is face-up on the field; a card "
                "told in another place is not placed here (ask whether the effect targets)", thing)
    controller = "opponent" if ("opponent's" in ws or "their" in ws) else \
        "you" if "my" in ws else None
    if controller is None:
        st.fail(f"whose {t['card']}? ('my opponent's {t['card']}')", thing)
    asker = asker_of(st, fam)
    reading = st.reading(t["card"])
    given = {f.get("effect") for f in reading.facts
             if f.type == "granted_effect" and f.get("to") == "other"}
    facts = [f for f in reading.facts if f.type == "cannot_be_targeted"
             and f.get("what") != "attacks" and f.get("protects") == "self"
             and f.get("effect") not in given]       # not a bullet another monster gains
    applies = [f for f in facts if f.get("by") == "any" or controller != asker]
    if not applies:
        # not "nothing keeps you from it": a protection may be written in a way not read
        st.fail(f"no protection of {t['card']} itself from {'your' if asker == 'you' else 'their'}"
                " effects is read in its text (one for other cards, for attacks, or written "
                "another way is not): ask whether the effect targets", thing)
    # a Pendulum Monster "on the field" may be in a Pendulum Zone, where its monster effects
    # (and the protection they give) do not apply: that is a condition too
    # ("... in their Monster Zone" says which)
    in_monster_zone = "monster zone" in " ".join(w.lower() for w in ws)
    pendulum = "pendulum" in reading.card.subtypes and not in_monster_zone
    always = [f for f in applies if f.get("condition") == "no" and not pendulum]
    # a protection that holds only sometimes ("While you control ...") settles nothing: the
    # rules know no such protection, so the answer is unknown rather than a flat no
    what = always[0].get("what") if always else "conditional"
    eid = f"m{len(st.entities) + 1}"
    st.entities[eid] = {"card": t["card"], "desc": t["text"], "controller": controller,
                        "place": "field", "face": "up", "cannot-be-targeted": what}
    card = reading.card
    either = grammar().p["becomes_monster"].search(card.text or "") or "pendulum" in card.subtypes
    if card.kind in ("monster", "spell", "trap") and not either:
        # what the effect may target is checked (not for a card that may be either kind on the
        # field: a Trap Summoned as a monster, a Pendulum Monster in the Pendulum Zone)
        st.entities[eid]["kind"] = card.kind
    return eid


TARGET_COUNTS = gamewords().counts("target-count")


def build_target_self(st: Situate, fam: Tree) -> dict:
    """"Can X target itself?", "Can X choose itself as the "1 card you control" for its
    destruction effect?": the effect (said by what it does, when said); a quotation of the part it
    would be must stand in that effect's text."""
    from ..words import norm

    effs = [c for c in fam.iter_subtrees_topdown() if c.data.startswith("eff_")]
    ref = st.r.effect(effs[0])
    quote = next((st.pq.words.quotes[int(t)] for t in fam.scan_values(
        lambda v: getattr(v, "type", "") == "XQUOTE")), None)
    if len(effs) > 1:                   # "... for its destruction effect": the card's effect so said
        said = st.r.effect(effs[-1])
        ref = {**ref, "how": "eff_poss", "desc": said.get("desc") or [], "text": st.r.said(fam)}
    if quote is not None and not ref.get("ord"):
        ref = {**ref, "how": "eff_poss", "quote": quote}    # the effect whose text says it
    eref = st.effect_ref(ref)
    if quote is not None:
        reading, eid = st.effect_of(eref) or (None, None)
        effect = next((e for e in reading.all_effects() if e.id == eid), None) if reading else None
        if effect is None or norm(quote) not in norm(effect.text):
            st.fail(f"{quote!r} is not in the text of that effect", fam)
    return st.spec("target-self", {"effect": eref})


def build_target_count(st: Situate, fam: Tree) -> dict:
    """"Can I activate X targeting only one Spell/Trap?": whether the effect may choose exactly that
    many targets.  The cards the question names must be what the effect targets."""
    if any(e.get("kind") not in ("zones", "state") for e in st.events):
        # only what the player has then is told: free Monster Zones, cards in a place
        st.fail("the situation model has no place for a told situation in a question about how "
                "many targets an effect chooses", fam)
    if st.events and st.r.player(sub(fam, "player")) != "you":
        st.fail("a told situation is read of the asker's own activation ('Can I ...?')", fam)
    ref = st.effect_ref(st.r.effect(first_effect(fam)), hint=["target"])
    w = low(sub(fam, "num"))[0]
    count = int(w) if w.isdigit() else TARGET_COUNTS.get(w)
    if not count or w == "both":
        st.fail(f"how many targets is {w!r}?", fam)
    reading = st.reading(ref["card"])
    eid = select_effect(reading, ref)
    if not any(f.type == "target" and f.get("effect") == eid for f in reading.facts):
        st.fail(f"{ref['card']} does not target", fam)
    eff = next(e for e in reading.all_effects() if e.id == eid)
    written = target_words(eff)
    phrase = _plain(written)
    said = [c for c in fam.children if isinstance(c, Tree) and c.data in ("thing_mod", "thing_noun",
                                                                          "thing_post")]
    words = [x for c in said for x in _plain(" ".join(low(c))).split()
             if x not in ("card", "the", "a", "an")]
    if any(x not in phrase.split() and x not in phrase.replace("/", " ").split() for x in words):
        st.fail(f"the question's cards ({' '.join(st.r.said(c) for c in said)!r}) are not what "
                f"{ref['card']} targets ({written.strip()!r})", fam)
    if st.events:
        return st.spec("target-count", {"effect": ref, "count": count})
    return {"family": "target-count", "effect": ref, "count": count}


def _plain(text: str) -> str:
    """Lower case, plurals made singular ("Spells/Traps" → "spell/trap")."""
    text = re.sub(r"\bi control\b", "you control", text.lower().replace("graveyard", "gy"))
    return re.sub(r"(?<=[a-z])s\b", "", re.sub(r"\bmy\b", "your", text))


DESCRIBED_PLACES = {"gy": "gy", "graveyard": "gy", "control": "field", "controls": "field",
                    "field": "field", "banished": "banished"}
# (hunt 62) the words of a described target that this reading places: any other ("a FIRE monster",
# "a Level 4 monster", "an Effect Monster") would be dropped, so the question is refused instead
_DESCRIBED_WORDS = {"a", "an", "the", "one", "1", "any", "face-down", "face-up", "set", "opponent",
                    "opponent's", "their", "his", "her", "my", "i", "your", "you", "in", "on",
                    "monster", "monsters", "spell", "spells", "trap", "traps", "spell/trap",
                    "spells/traps", "card", "cards", "position", "defense", "attack", "zone",
                    "of", "that", "which", "controlled", "by", "own"} | set(DESCRIBED_PLACES)


def described_target(st: Situate, ref: dict, thing: Tree, strict: bool = False) -> str | None:
    """"Can I target a face-down monster / a Spell/Trap I control / a monster in my GY with X?": a
    card told only by what it is (face, controller, place, kind), for the rules to hold against
    what the effect's target must be.  None when the words say none of these, or name a card."""
    t = st.r.thing(thing)
    if t.get("card") or not ref.get("card"):
        return None
    ws = [w.lower() for w in t["words"]]
    # (hunt 63) "a Field Spell in my GY": "Field" names the Spell's kind, not where it is
    ws = ["field-spell" if w == "field" and nxt in ("spell", "spells") else w
          for w, nxt in zip(ws, ws[1:] + [""])]
    unread = [w for w in ws if w not in _DESCRIBED_WORDS]
    places = {DESCRIBED_PLACES[w] for w in ws if w in DESCRIBED_PLACES}
    if len(places) > 1:
        st.fail(f"{t['text']!r} says two places ({', '.join(sorted(places))}): say one", thing)
    if strict and unread:
        # (asked whether the effect can target the card so described: every word must be read)
        st.fail(f"what {t['text']!r} says of the card beyond where it is, whose it is, its face and "
                f"its kind ({', '.join(repr(w) for w in unread)}) is not read here: ask with a "
                "card's name")
    ent: dict = {"desc": t["text"]}
    face = "down" if ("face-down" in ws or "set" in ws) else "up" if "face-up" in ws else None
    if face:
        ent["face"] = face
    owner = "opponent" if ("opponent" in ws or "opponent's" in ws or "their" in ws) else \
        "you" if ("my" in ws or "i" in ws) else None
    if owner:
        ent["controller"] = owner
    place = next((DESCRIBED_PLACES[w] for w in ws if w in DESCRIBED_PLACES), None)
    if place:
        ent["place"] = place
    kind = next((k for k in ("monster", "spell", "trap") if k in ws or k + "s" in ws
                 or (k != "monster" and "spell/trap" in ws)), None)
    if "spell/trap" in ws or "spells/traps" in ws:
        kind = None                          # either kind: the rules read no kind from it
    elif kind:
        ent["kind"] = kind
    if "place" not in ent and ent.get("kind") == "monster" and not {"banished", "gy", "hand",
                                                                   "deck"} & set(ws) and \
            (face == "down" or "position" in ws):
        # (round 81) "a face-down (Defense Position) monster": a monster in a position, or Set, is
        # on the field
        ent["place"] = "field"
    if len(ent) == 1:
        return None
    eid = f"m{len(st.entities) + 1}"
    st.entities[eid] = ent
    return eid


# what removes a card from where it is: asked of a protected card, whether the effect does it is
# whether it can target or affect it (a negation is asked of other families)
REMOVES = ("destroy", "banish", "return", "shuffle", "send", "tribute")


def protected_outcome(st: Situate, q: Tree) -> dict | None:
    """"My opponent's monster cannot be targeted by card effects. Can Dark Hole destroy it?",
    "Can it still be banished by my Evenly Matched?", "Does X destroy a monster that can't be
    targeted by card effects?", "Can Raigeki destroy my opponent's Number 97: Draglubion?" (a
    protection of its own text): whether the effect can target or affect that card
    (``can-target``).  None when the question is not that (a Chain told, no protection told or
    said, another verb): the supposition families read it."""
    if st.acts or sub(q, "v_action") is None:
        return None
    verb = st.r.action(find(sub(q, "v_action"), "act_verb"))
    by, subj, obj = sub(q, "outcome_by"), sub(q, "outcome_subj"), sub(q, "outcome_obj")
    if verb not in REMOVES or subj is None or (by is None) == (obj is None):
        return None
    if by is not None:          # "Can it be destroyed by X?": X's effect, "it" the card
        eff = next((c for c in by.children if isinstance(c, Tree) and c.data.startswith("eff_")),
                   None)
        what = sub(subj, "thing")
    else:                       # "Can X destroy it?"
        card = sub(subj, "thing")
        ok = card is not None and [getattr(c, "type", None) or c.data for c in card.children] \
            in (["XCARD"], ["poss", "XCARD"])
        eff = Tree("eff_card", list(card.children)) if ok else None     # "my Evenly Matched"
        what = sub(obj, "thing")
    if eff is None or what is None:
        return None
    t = st.r.thing(what)
    if t["pronoun"]:
        if st.protected is None:
            return None
        eid, side = st.protected, st.protected_from
    elif protection_said(st, what) is not None:
        eid = described_entity(st, what, protection_said(st, what), strict=True,
                               text=_card_text(st, st.r.effect(eff)))
        side = protection_side(st, what)
    elif t.get("card") and st.protected is not None and \
            st.entities.get(st.protected, {}).get("card") == t["card"]:
        _only_targeting_protection(st, t["card"], what)
        eid, side = st.protected, st.protected_from        # the protection the story told of it
    elif t.get("card") and _targeting_protected(st, t["card"]):
        _only_targeting_protection(st, t["card"], what)
        eid, side = _protected_card(st, q, what), None
    else:
        return None
    eff_ir = st.r.effect(eff)
    ref = st.effect_ref(eff_ir, hint=[verb])
    _protection_covers_user(st, q, eff_ir, side, ref)
    return _affecting(st, q, eff_ir, ref, eid)


def _card_text(st: Situate, ref: dict) -> str:
    """The text of the card an effect reference names ("" for none)."""
    found = st.db.find(ref.get("card")) if isinstance(ref.get("card"), str) else None
    return found.text or "" if found is not None else ""


def _targeting_protected(st: Situate, card: str) -> bool:
    """Does the card's own text say it cannot be targeted (by anyone, or by its opponent)?"""
    return any(f.type == "cannot_be_targeted" and f.get("what") != "attacks"
               and f.get("protects") == "self" for f in st.reading(card).facts)


def protected_question(pq, db) -> dict | None:
    """A supposition-shaped question with no story told ("Can Raigeki destroy my opponent's X?",
    "Does Dark Hole destroy a monster that can't be targeted ...?"): :func:`protected_outcome`
    read on its own, before the supposition families (None: not such a question)."""
    from ..told import Situate

    q = find(pq.tree, "outcome_q")
    if q is None:
        return None
    st = Situate(pq, db)
    st.situation(pq.tree)
    return protected_outcome(st, q)
