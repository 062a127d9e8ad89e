"""A supposition about one effect named by its card, with nothing told before the question
(``clause-done``): "If the first monster targeted by X cannot be destroyed, is the second monster
Special Summoned?", "Is the card targeted by X destroyed if it is flipped face-down before the
effect resolves?", "If one of the two monsters targeted by X leaves the field, does the other
still become Level 2?", and the same questions with ``-e`` scenario lines that tell the targets.

The family rule's ``situation`` (its ``cond`` clauses, :file:`parser/question.lark`) says what is
supposed, and the rest of the rule (``outcome_q``) the part of the effect asked about.  Told
questions are read by :mod:`.parts` (:func:`build_clause_done`); a ``still-done`` question that
its own builder does not place, or that hands itself on (:class:`.common.OldForm`), is read here
as the same supposition (:func:`supposed_question`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lark import Token, Tree

from ...errors import QuestionError, UnknownCard
from ...gamewords import gamewords
from ...parser.names import unknown_name_runs, vocabulary
from ...parser.transform import ACTION_RULES, low, sub
from ...reader.numbering import numbered
from ...reader.phrases import MOVES_A_CARD, part_acts_on_target
from ...reader.select import _effect_with_parts, select_clause, select_effect
from .common import summon_kinds_read

if TYPE_CHECKING:
    from ...cards import CardDB
    from ...parser import ParsedQuestion
    from ..told import Situate

# the parts of a family rule that say what the question supposes (the rest asks)
_SUPPOSING = ("situation", "pre", "still_even", "concession", "cj_with")
_FAILED = ("failed_passive", "failed_active", "failed_none", "failed_topic", "failed_part")
# words said of an effect this reading does not place (say its number)
_DESC_WORDS = {"trigger", "ignition", "continuous", "flip", "monster", "negation", "search", "destruction",
               "summoning", "hand", "gy", "graveyard", "banish", "draw", "tribute", "gain", "add",
               "atk-gain", "spell", "trap"}
# the grammar's action named as the card reader names its part's verb
_READ_AS = {"change-pos": "change"}
# rules that say an action with a word of their own ("is discarded by", "whose activation X negates",
# "is banished in response"): the actions the question says, beside its ``act_verb``s
_ACTION_WORDS = {"cond_discarded_by": {"discarded": "discard"}, "part_negated_card": {"negates": "negate"},
                 "cond_negated": {"negated": "negate"},
                 "ch_left": {"banished": "banish", "returned": "return"}}
_ORD_WORD = {1: "first", 2: "second", 3: "third", 4: "fourth"}


def supposed_question(pq: ParsedQuestion, db: CardDB) -> dict:
    """A question its family's builder handed on ("If X is negated, is the card I discarded still
    in my GY?", "is it still destroyed?" with nothing told) read as a supposition about an effect
    (``pq.family`` is ``clause-done`` by then)."""
    from ..told import Situate

    fam = next(t for t in pq.tree.iter_subtrees_topdown()
               if str(t.data).startswith("fam_") and t.data != "fam_body")
    return build_supposition(Situate(pq, db), fam)


def _fail(st: Situate, why: str, unplaced: str | None = None):
    raise QuestionError(f"could not understand the question: {why}", understood=st.understood,
                        unplaced=unplaced, forms=vocabulary()["forms"])


def _card_tokens(node: Tree) -> list[Token]:
    return list(node.scan_values(lambda v: isinstance(v, Token) and v.type == "XCARD"))


def _verbs(nodes, words: bool = False) -> list[str]:
    """The actions the nodes name, in the order written (an action's rule wherever it stands:
    "cannot be destroyed", "my opponent banishes that monster")."""
    out = []
    for node in nodes:
        if isinstance(node, Tree):
            for t in node.iter_subtrees_topdown():
                if words and t.data in _ACTION_WORDS:    # "X is discarded by ...": said as a word
                    out += [_ACTION_WORDS[t.data][w] for w in low(t) if w in _ACTION_WORDS[t.data]]
                if t.data in ACTION_RULES:
                    v = t.data.replace("_", "-").replace("end-bp", "end")
                    out.append(_READ_AS.get(v, v))
    return out


def _said(st: Situate, nodes, asked: bool = False) -> str | None:
    """The words of those parts of the question (``asked``: with its question mark)."""
    inner = [sub(n, "sit") or n if isinstance(n, Tree) and n.data == "pre" else n for n in nodes]
    text = " ".join(st.r.said(n) for n in inner if isinstance(n, Tree) or str(n) != ",")
    if text and asked and st.pq.text.rstrip().endswith("?"):
        text += "?"
    return text or None


def build_supposition(st: Situate, fam: Tree) -> dict:
    """The part of the effect asked about, with what the question supposes (``clause-done``), or
    whether that part still affects the target asked about (``affected``)."""
    pq = st.pq
    tree = pq.tree
    if sub(fam, "part_num") is not None:
        # "If part 1 of X cannot be done, is part 2 done?": the parts by their number
        from .parts import part_by_number_fails
        return part_by_number_fails(st, fam)
    cards = list(dict.fromkeys(st.r.card(t) for t in _card_tokens(tree)))
    if not cards:
        runs = unknown_name_runs(pq.text, pq.mentions)
        if not pq.mentions and runs:
            raise UnknownCard(runs[0], st.db.suggest(runs[0]))
        _fail(st, "no card is named")
    summon_kinds_read(st)
    supposing = [c for c in fam.children if isinstance(c, Tree) and c.data in _SUPPOSING]
    main = [c for c in fam.children if not (isinstance(c, Tree) and c.data in _SUPPOSING)
            and not (isinstance(c, Token) and c.type != "XCARD" and low(c) in (["if"], ["when"], [","]))]
    conds = [c.children[0] for s in supposing for c in s.iter_subtrees_topdown() if c.data == "cond"]
    in_play = {st.r.card(_card_tokens(c)[0]) for c in conds if c.data == "cond_in_play"}
    card, node = _subject(st, tree, cards, in_play)
    ref = _effect(st, card, node)
    reading = st.reading(card)
    said = list(dict.fromkeys(_verbs([tree], words=True)))
    if "n" not in ref and ref.get("select") in ("only", "activation", None) and len(said) >= 2:
        # a card of several effects: the one effect with a part for each action the question says
        found = _effect_with_parts(reading, said, ref.get("select") or "only")
        if found is not None and found.rpartition("#")[2].isdigit():
            ref = {"card": card, "n": int(found.rpartition("#")[2])}
    try:
        eid = select_effect(reading, ref)
    except QuestionError as exc:
        raise QuestionError(str(exc), understood={**st.understood, "effect of": card}) from None
    verbs = [v for v in _verbs(main) if _has_part(reading, eid, v)]
    if not verbs:
        _fail(st, "which part of the effect is the question about?", _said(st, main, asked=True))
    flat = [ch for c in main for ch in (c.children if isinstance(c, Tree) and c.data == "outcome_q"
                                        else [c])]
    first = next((c for c in flat if isinstance(c, Tree)), None)
    asks_be = first is not None and first.data == "be" and low(first)[:1] in (["is"], ["are"], ["was"])
    verb = verbs[-1] if asks_be else verbs[0]
    n = select_clause(reading, eid, verb)
    sup = _suppositions(st, conds, card)
    for v in [verb] + [item["fails"]["part"] for item in sup if "fails" in item]:
        if _parts_doing(reading, eid, v) > 1:
            # (hunt) "If Dragon Shrine can't send a second Dragon, is the first still sent?": the
            # effect does that action in more than one part; which one is meant is not read
            _fail(st, f"{card}'s effect does {v!r} in more than one part: which one? (ask of "
                      "one part said by its own words, for example 'part 2 of the effect')",
                  _said(st, main, asked=True))
    refs = [f for f in reading.facts if f.type == "reference" and f.get("effect") == eid
            and f.get("n") == n and f.get("slot", 0) > 0]
    change, changing = _target_change(st, conds, supposing)
    own = _own_move_unsaid(changing, reading, eid) if change.get("left") else None
    if own is not None:
        # (hunt 66) "If X's target is destroyed, ...?" of an X that destroys its target, with no
        # "in response" or "before it resolves": its own part done, or a change before it
        # resolved; which is not said (never assumed)
        _fail(st, f"was the target {own} by {card}'s own effect, or before it resolved? (say "
                  "'in response' or 'before it resolves')", _said(st, main, asked=True))
    scenario_targets = [item["targeted"] for item in pq.scenario.suppose if "targeted" in item]
    spec: dict = {"family": "clause-done", "effect": ref, "part": verb}
    targets: list[dict] = []
    asked = changed = None
    if scenario_targets:
        ents = [t["target"] for t in scenario_targets]
        asked = _asked_target(st, tree, main, ents)
        if change:
            changed = asked or ents[0]
    elif change:
        ordc = _ordinal(changing)
        if changing is not None and changing.data == "cond_one_of_two":
            targets = [{"target": "the other target", "slot": 1},
                       {"target": "the target that changed", "slot": 1}]
            changed, asked = "the target that changed", "the other target"
        elif ordc:
            slots = sorted({f.get("slot") for f in reading.facts if f.type == "target"
                            and f.get("effect") == eid}) or [1]
            for sl in slots:
                targets.append({"target": f"the {_ord_word(sl)} target", "slot": sl})
            changed = f"the {_ord_word(ordc)} target"
            orda = next((k for k in map(_ordinal, main) if k), None)
            asked = f"the {_ord_word(orda)} target" if orda else changed
        else:
            targets = [{"target": "the target", "slot": refs[0].get("slot") if refs else 1}]
            changed = asked = "the target"
    sup_t = [{"targeted": t} for t in targets]
    if change and changed:
        if change.get("left"):
            sup_t.append({"left": {"target": changed}})
        else:
            sup_t.append({"state": {"target": changed, **change}})
    all_sup = sup_t + sup
    if all_sup:
        spec["suppose"] = all_sup
    # affected if the asked part acts on the changed target's group, else the part as a whole
    changed_slot = None
    for t in targets + scenario_targets:
        if t.get("target") == changed:
            changed_slot = t.get("slot")
    for item in pq.scenario.suppose:
        if "state" in item and changed is None:
            changed = item["state"]["target"]
            for t in scenario_targets:
                if t["target"] == changed:
                    changed_slot = t["slot"]
    ref_slots = {f.get("slot") for f in refs}
    if asked and ((changed_slot is not None and changed_slot in ref_slots) or
                  (scenario_targets and not change and ref_slots)):
        spec = {"family": "affected", "effect": ref, "target": asked, "part": verb,
                **({"suppose": all_sup} if all_sup else {})}
    if spec["family"] == "clause-done" and asked and verb in MOVES_A_CARD and \
            _subject_is_target(first, flat) and not _has_part_on(reading, eid, verb):
        # "I target X with Y ... Is the monster still banished?" where Y's banishing part banishes
        # another card: "is that part done" would answer another question
        _fail(st, f"the part of {card} that does {verb!r} does it to another card than {asked!r}",
              _said(st, main, asked=True))
    if spec["family"] == "clause-done" and not all_sup and not pq.scenario.suppose:
        _fail(st, "what does the question suppose? (for example 'if the first monster cannot "
                  "be destroyed')", _said(st, [s for s in supposing if s.data != "cj_with"]))
    return spec


def _objects(st: Situate, cards: list[str]) -> set[str]:
    """Cards named inside another named card's text (the objects of its effect)."""
    out = set()
    for a in cards:
        for b in cards:
            if a != b:
                text = st.db.get(b).text or ""
                if f'"{a}"' in text or a in text:
                    out.add(a)
    return out


def _subject(st: Situate, tree: Tree, cards: list[str], in_play: set[str]) -> tuple[str, Tree | None]:
    """The card whose effect the question is about (the first one said as an effect's card, "by
    X", "the effect of X", "X's effect", "activates X", that is not what another named card acts
    on), and the effect node that names it."""
    parent = {id(c): t for t in tree.iter_subtrees() for c in t.children if isinstance(c, Tree)}
    effs = [t for t in tree.iter_subtrees_topdown() if str(t.data).startswith("eff_")]
    of_card: dict[str, Tree] = {}
    as_effect: set[str] = set()
    for t in effs:
        for tok in _card_tokens(t):
            of_card.setdefault(st.r.card(tok), t)
            if _said_as_effect(t, parent.get(id(t))):
                as_effect.add(st.r.card(tok))
    cands = [c for c in cards if c not in in_play] or cards
    objects = _objects(st, cards)
    card = next((c for c in cands if c in as_effect and c not in objects), None)
    if card is None:
        card = next((c for c in cands if c not in objects), cands[0])
    node = of_card.get(card)
    numbered = [t for t in effs if st.r.effect(t).get("ord") and
                (st.r.effect(t).get("card") == card or len(cards) == 1)]
    return card, (numbered[0] if numbered else node)


def _said_as_effect(eff: Tree, parent: Tree | None) -> bool:
    """"the effect of X", "X's effect", or the card said after "by", "of" or "activates"."""
    if eff.data in ("eff_of", "eff_poss"):
        return True
    if parent is None:
        return False
    at = next(i for i, c in enumerate(parent.children) if c is eff)
    before = low(parent.children[at - 1]) if at > 0 else []
    return before[-1:] in (["by"], ["of"], ["activate"], ["activates"], ["activating"])


def _effect(st: Situate, card: str, node: Tree | None) -> dict:
    """Which effect of the card: its number, its Pendulum Effect, else its activation."""
    if node is None:
        return {"card": card, "select": "activation"}
    ir = st.r.effect(node)
    if any("pendulum" in d for d in ir["desc"]):
        return {"card": card, "n": f"P{ir['ord']}"} if ir["ord"] else {"card": card, "select": "pendulum"}
    said = [d for d in ir["desc"] if d in _DESC_WORDS]
    if said:
        written = next((st.r.written[int(t)] for t in _card_tokens(st.pq.tree)
                        if st.r.card(t) == card), card)
        _fail(st, f"which effect of {written} is its {said[0]} effect? (say its number: "
                  "'the first effect')", st.r.said(node))
    if ir["ord"]:
        said = numbered(st.reading(card))       # (a Summoning condition written first: unnumbered)
        return {"card": card, "n": said[ir["ord"] - 1].n if ir["ord"] <= len(said) else ir["ord"]}
    return {"card": card, "select": "activation"}


def _suppositions(st: Situate, conds: list[Tree], card: str) -> list[dict]:
    """What the ``cond`` clauses suppose besides a change of a target (:func:`_target_change`)."""
    out: list[dict] = []
    for c in conds:
        if c.data == "cond_discarded_by":
            ws = low(c)
            if "opponent's" in ws:
                out.append({"event": {"event": "discarded-by-effect", "by": "opponent"}})
            elif {"own", "owner's", "controller's", "your"} & set(ws):
                out.append({"event": {"event": "discarded-by-effect", "by": "you"}})
            break
    failed = next((c for c in conds if c.data in _FAILED), None)
    if failed is not None:
        verb = _verbs([sub(failed, "v_action") or failed])[:1] or \
            (["destroy"] if "destruction" in low(failed) else [])
        if verb:
            out.append({"fails": {"part": verb[0]}})
    for c in conds:
        if c.data == "cond_controls":
            ws = low(sub(c, "thing") or c)
            if {"spell/trap", "spell", "trap"} & set(ws):
                out.append({"controls": {"what": "spell-trap"}})
            elif {"card", "monster"} & set(ws):
                out.append({"controls": {"what": "card"}})
            break
    for c in conds:
        if c.data == "cond_in_play":
            named = st.r.card(_card_tokens(c)[0])
            if named != card:
                out.append({"in_play": {"card": named}})
    if any(c.data == "cond_targeting_token" for c in conds):
        out.append({"token_target": {"target": "a Token"}})
    if any(c.data == "cond_hand_count" for c in conds):
        out.append({"changed": {"topic": "hand"}})
    if any(c.data == "cond_gy_count" for c in conds):
        out.append({"changed": {"topic": "graveyard"}})
    if any(c.data == "cond_self_gone" for c in conds):
        out.append({"self_not_face_up": {}})
    return out


# the moves a supposed change may say, and the part's verb that does each
_LEFT_VERBS = {"banished": "banish", "destroyed": "destroy", "returned": "return", "removed": "banish",
               "sent": "send", "tributed": "tribute", "shuffled": "shuffle"}


def _own_move_unsaid(changing: Tree | None, reading, eid: str) -> str | None:
    """The move a supposed target change says ("its target is banished") when the effect's own
    part does that to its target and nothing says it happened before it resolved (no "in
    response", no "before/when it resolves"), else None."""
    if changing is None or changing.data != "cond_target_change" or \
            sub(changing, "when_resolves") is not None:
        return None
    ws = low(changing)
    if "response" in ws or "before" in ws or "chain" in ws or "chains" in ws:
        return None
    said = next((w for w in ws if w in _LEFT_VERBS), None)
    if said is None or not _has_part(reading, eid, _LEFT_VERBS[said]):
        return None
    return said


def _target_change(st: Situate, conds: list[Tree], supposing: list[Tree]) -> tuple[dict, Tree | None]:
    """What the question supposes happened to a target, and the clause that says it: a ``cond``
    that changes a target, else a clause that flips it ("my opponent flips it face-down", "the
    card targeted by X is flipped face-up")."""
    for c in conds:
        if c.data not in ("cond_target_change", "cond_one_of_two"):
            continue
        ch = next((x for x in c.children if isinstance(x, Tree) and str(x.data).startswith("ch_")), None)
        if ch is None:
            continue
        if ch.data == "ch_face":
            return {"property": "face", "value": "face-down" if "face-down" in low(ch) else "face-up"}, c
        if ch.data == "ch_left":
            return {"left": True}, c
        if ch.data == "ch_not":
            attr, race = sub(ch, "attr"), sub(ch, "race")
            if attr is not None:
                return {"property": "attribute-not", "value": " ".join(map(str, attr.children)).upper()}, c
            if race is not None:
                said = " ".join(map(str, race.children)).lower().removesuffix("-type")
                name = next((t for t in gamewords().types if t.lower() == said), None)
                if name is not None:
                    return {"property": "race-not", "value": name}, c
    for node in supposing:
        for t in node.iter_subtrees_topdown():
            if sub(t, "flip_verb") is not None:
                ws = low(t)
                if "face-down" in ws or "face-up" in ws:
                    return {"property": "face", "value": "face-down" if "face-down" in ws else "face-up"}, t
    return {}, None


def _ordinal(node) -> int | None:
    """The ordinal said of a card in that clause ("the first monster"), if any."""
    from ...parser.names import ORDINALS
    if not isinstance(node, Tree):
        return None
    o = next((t for t in node.iter_subtrees_topdown() if t.data == "ord"
              and not any(t in e.iter_subtrees() for e in node.iter_subtrees_topdown()
                          if str(e.data).startswith("eff_"))), None)
    return ORDINALS.get(low(o)[0]) if o is not None else None


def _asked_target(st: Situate, tree: Tree, main: list, ents: list[str]) -> str | None:
    """Which of the scenario's targets the question asks about: named, by its ordinal, or said
    as the scenario said it ("the face-down monster")."""
    named = {st.r.card(t) for n in main if isinstance(n, Tree) for t in _card_tokens(n)}
    for t in _card_tokens(tree):
        if st.r.card(t) in ents and st.r.card(t) in named:
            return st.r.card(t)
    k = next((k for k in map(_ordinal, main) if k), None)
    if k and k - 1 < len(ents):
        return ents[k - 1]
    words = " ".join(w for n in main if isinstance(n, Tree) for w in low(n) if not w.isdigit())
    for e in reversed(st.pq.scenario.entities):
        if e.id in ents and f" {e.id.lower()} " in f" {words} ":
            return e.id
    for n in main:
        if not isinstance(n, Tree):
            continue
        for thing in n.iter_subtrees_topdown():
            if thing.data == "thing" and low(thing)[-1:] in (["monster"], ["card"]) and \
                    low(thing)[:1] in (["the"], ["that"]) and len(low(thing)) <= 5:
                found = st.pq.scenario.resolve(st.r.said(thing), st.db, create=False)
                if found and found[0].id in ents:
                    return found[0].id
    return ents[0] if len(ents) == 1 else None


def _subject_is_target(first: Tree | None, main: list) -> bool:
    """Is the question's subject the targeted card ("Is the monster still banished?", "Is it still
    destroyed?"), not another thing ("Are the cards with the same name still banished?")?"""
    if first is None or first.data not in ("be", "do") or \
            low(first)[:1] not in (["is"], ["are"], ["was"], ["were"], ["does"], ["do"]):
        return False
    subj = next((n for n in main if isinstance(n, Tree) and n.data in ("outcome_subj", "thing")), None)
    if subj is None:
        return False
    ws = low(subj)
    if ws[:1] in (["it"], ["they"]):
        return True
    if ws[:1] == ["that"]:
        return ws[1:2] in (["monster"], ["card"], ["target"])
    if ws[:1] != ["the"] or len(ws) < 2:
        return False
    rest = ws[1:]
    if rest[0] in ("targeted", "face-down", "face-up"):
        rest = rest[1:]
    return rest[:1] in (["monster"], ["card"], ["target"], ["monsters"], ["cards"], ["targets"])


def _has_part_on(reading, eid: str, verb: str) -> bool:
    """Does the effect have a part doing ``verb`` to its target ("banish it", "destroy that
    target"), not only to another card it names by a count?"""
    return any(f.type == "clause" and f.get("effect") == eid and f.get("verb") == verb
               and f.source is not None and part_acts_on_target(f.source.quote)
               for f in reading.facts)


def _parts_doing(reading, eid: str, verb: str) -> int:
    """How many parts of the effect do ``verb``."""
    return len({f.get("n") for f in reading.facts if f.type == "clause" and f.get("effect") == eid
                and f.get("verb") == verb})


def _ord_word(n: int) -> str:
    return _ORD_WORD.get(n, str(n))


def _has_part(reading, eid: str, verb: str) -> bool:
    try:
        select_clause(reading, eid, verb)
        return True
    except QuestionError:
        return False
