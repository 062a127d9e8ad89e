"""Told moves and where cards are: a card destroyed, banished, flipped, returned or drawn ("my
Witch is Tributed by my opponent's Nibiru", "one of them leaves the GY"), a card added to the
hand with an effect, and a card told to be in a place."""

from __future__ import annotations


from lark import Token, Tree

from ..gamewords import gamewords
from ..parser.transform import PLACE_WORDS, find, low, sub, subs
from .targets import described_target, note_change, told_place
from .words import card_ir, moved_by_verb, owner_in_words

# how a card a response removes from the field leaves it, by the verb told
_GONE_BY = {"destroy": "destroyed", "banish": "banished", "send": "sent-to-gy",
            "return": "returned-to-hand", "tribute": "tributed"}


ACTION_VERBS = {"sent-to-gy": "send", "destroyed": "destroy", "banished": "banish", "tributed": "tribute",
                "discarded": "discard", "returned-to-hand": "return", "returned-to-deck": "return"}


# the moves a passive sentence right after an activation or a resolution may tell as what that
# link did ("... and my Peten is destroyed")
_DONE_BY_A_LINK = ("destroy", "banish", "send", "discard", "tribute")


def _response_told_by_what_it_does(words: list[str], when, responding: bool) -> bool:
    """"my opponent chains a Trap Card that destroys X", "in response they activate a card that
    destroys X": a response told by what it does, no card named."""
    if not any(w in ("that", "which") for w in words):
        return False
    if when is None and any(w in ("chain", "chains", "chained") for w in words[:4]):
        return True
    return (responding or (when is not None and "response" in low(when))) and any(
        w in ("activate", "activates", "activated") for w in words)


class MoveEvents:
    """Move and place clauses of the told situation (mixed into :class:`.told.Situate`)."""

    def ev_face(self, ev: Tree) -> None:
        t = self.r.thing(sub(ev, "thing"))
        face = "up" if "face-up" in low(ev) else "down"
        owner = owner_in_words(t["words"])
        if t.get("card") and not self.acts and not any(
                e.get("kind") == "activate" and e.get("targets") for e in self.events):
            # "Dimensional Fissure is face-up": that card face-up on the field (a state of the
            # field, never dropped; whose field, when not said, is left unsaid: "any")
            self._told_on_field(t["card"], owner if owner in ("you", "opponent") else "any", face)
            return
        self.entity(t, face=face, place="field", **({"controller": owner} if owner else {}))

    def ev_face_at(self, ev: Tree) -> None:
        """"(so) it is face-down when Haine resolves": the face the one card the resolving link
        targets has then (what a response told did to it, said again); refused for a card no
        told link targets, or a link with several targets."""
        subj = sub(ev, "rslv_subj")
        named = [t for t in subj.children if getattr(t, "type", "") == "XCARD"] if subj else []
        if named:
            card = self.db.get(self.r.card(named[0])).name
            acts = [e for e in self.events if e.get("kind") == "activate"
                    and (e.get("effect") or {}).get("card") == card]
        else:
            acts = [e for e in self.events if e.get("kind") == "activate"][:1]
        targets = list(dict.fromkeys(acts[-1].get("targets") or [])) if acts else []
        if len(targets) != 1:
            self.fail(f"{self.r.said(ev)!r}: which targeted card? (tell the link that targets it "
                      "first)", ev)
        face = "face-down" if "face-down" in low(ev) else "face-up"
        note_change(self, targets[0], {"property": "face", "value": face})

    def ev_moved_as_cost(self, ev: Tree) -> None:
        """"X was sent to the GY as a cost (for another effect)": moved to pay the cost of an
        effect the story does not name (a cost is paid, never an effect resolved: game-rules#cost.3)."""
        t = self.r.thing(sub(ev, "thing"))
        verb = self.r.action(find(ev, "act_verb"))
        places = [self.r.place(p) for p in ev.iter_subtrees_topdown() if p.data == "place"]
        to = places[-1] if "to" in low(ev)[:-3] and places else None
        if verb not in ("send", "banish", "tribute", "discard", "detach"):
            self.fail(f"the situation model has no move for {self.r.said(ev)!r}", ev)
        action = "detached" if verb == "detach" else moved_by_verb(verb, places)
        if verb == "send" and to not in (None, "gy"):
            self.fail(f"the situation model has no move for {self.r.said(ev)!r}", ev)
        what = self.entity(t, **({"controller": o} if (o := owner_in_words(t["words"])) else {}))
        self.events.append({"kind": "move", "id": self._move_id(), "what": what, "action": action,
                            "by": "cost"})

    def _move_id(self) -> str:
        """An id for a told move, so a "When/If ..." effect may answer it (families/links.py)."""
        return f"mv{sum(1 for e in self.events if e.get('kind') == 'move') + 1}"

    def ev_moved(self, ev: Tree) -> None:
        t = self.r.thing(sub(ev, "thing"))
        ws = low(ev)
        verb = self.r.action(find(ev, "act_verb")) if find(ev, "act_verb") is not None else "flip"
        if verb == "special-summon":       # "Nibiru is Special Summoned from their hand"
            return self.ev_summoned(ev)
        places = [self.r.place(p) for p in ev.iter_subtrees_topdown() if p.data == "place"]
        to = places[-1] if "to" in ws and places else None
        action = {"send": "sent-to-gy", "destroy": "destroyed", "banish": "banished",
                  "tribute": "tributed", "discard": "discarded",
                  "return": "returned-to-hand" if to == "hand" else "returned-to-deck"
                  if to == "deck" else "returned-to-extra" if to == "extra-deck" else
                  "sent-to-gy" if to == "gy" else None,
                  "flip": "flipped-face-down" if "face-down" in ws else "flipped-face-up"
                  }.get(verb)
        if action is None:
            self.fail(f"the situation model has no move for {self.r.said(ev)!r}", ev)
        self._implied_targeting(sub(ev, "thing"))
        self._implied_count(sub(ev, "thing"))   # sisterAF: "one of the 2 targets is destroyed"
        self._implied_target(t, ev)             # "... their monster is banished in response"
        targeted = [x for e in self.events if e.get("kind") == "activate"
                    for x in e.get("targets", [])]
        # (still) "one is banished" said alone after several targets: one of them
        is_target = bool(targeted) and (t["words"][:2] == ["one", "of"] or t["pronoun"] or
                                        t["words"] == ["one"] and len(set(targeted)) > 1 or
                                        len(set(targeted)) > 1 and t["words"][:1] in (["both"],
                                                                                      ["all"]) or
                                        # "Dark Magician is banished in response": the target named
                                        bool(t.get("card")) and t["card"] in targeted and
                                        "response" in low(ev))
        same = self._told_before(t) if targeted and not is_target and not t.get("card") else None
        if same in targeted:
            # "the attacking monster is returned to the hand": the target told before by those words
            is_target = True
            t = {**t, "words": ["it"], "pronoun": True}
            targeted = targeted + [same]
        effs = [c for c in ev.children if isinstance(c, Tree) and c.data.startswith("eff_")]
        if effs and is_target:
            # "one of them is banished by Cosmic Cyclone (in the same Chain)": that card's
            # activation answers the Chain that targeted it
            by_ref = self.effect_ref(self.r.effect(effs[0]))
            own = [e for e in self.events if e.get("kind") == "activate" and e.get("targets")
                   and (e.get("effect") or {}).get("card") == by_ref.get("card")]
            if own and by_ref.get("card"):
                # (hunt 86) "X targets my monster, and my monster is destroyed by it": X's own
                # effect did it, so X resolved; never a second X chained in response
                self.fail(f"the target was {action.replace('-', ' ')} by {by_ref['card']}'s own "
                          f"effect, so {by_ref['card']} resolved: say it ('{by_ref['card']} "
                          "resolves') and ask what it did, or say what removed the target "
                          "before it resolved", ev)
            owner = self.r.effect(effs[0]).get("owner")
            if owner not in ("you", "opponent"):
                # who activated it is not said: only a question about the targets may use it
                owner = {"you": "opponent", "opponent": "you"}[self._act_player(self.acts[-1][0])]
                self.unsaid_player.append(self.r.said(effs[0]))
            self._activate(by_ref, owner, {**self._target_change_mods(ev), "respond": True})
        elif any(isinstance(c, Token) and c.lower() == "by" for c in ev.children):
            self._moved_by(ev, t, action)        # "my X is Tributed by my opponent's Y"
            return
        elif is_target:
            self._target_change_mods(ev)
        if is_target:
            # "one of them is banished in response": a target changes before resolution
            *others, what = self._which_targets(t, targeted, ev)
            for one in [*others, what]:
                note_change(self, one, {"left": True} if not action.startswith("flipped") else
                            {"property": "face", "value": action.replace("flipped-", "")})
            for one in others:
                self.events.append({"kind": "move", "what": one, "action": action})
        else:
            owner = owner_in_words(t["words"])
            what = self.entity(t, **({"controller": owner} if owner else {}))
        if action.startswith("flipped") and subs(ev, "ev_mod"):
            what = self._flip_when(ev, what, action, t)
        elif not is_target and subs(ev, "ev_mod"):
            if self._own_gone_in_response(ev, t, action) or self._moved_by_link(ev, t, action):
                return
            # "X is destroyed as Chain Link 2": what is said of a move of a card no effect told
            # targets has no place here (never dropped)
            m = subs(ev, "ev_mod")[0]
            self.fail("the situation model has no place for " + repr(self.r.said(m)), m)
        if not subs(ev, "ev_mod") and find(ev, "act_verb") is not None and \
                verb in ("destroy", "banish") and "response" not in ws and \
                self._moved_target_told(ev, t, verb, what if not is_target else None):
            return
        last = self.events[-1] if self.events else None
        if not is_target and last is not None and not subs(ev, "ev_mod") and \
                find(ev, "act_verb") is not None and not t.get("pronoun"):
            if last.get("kind") == "activate" and last.get("id") and not last.get("does") and \
                    not last.get("cost") and verb in _DONE_BY_A_LINK:
                # "they activate Y and my Peten is destroyed": what that activation did, as its
                # cost or as it resolved ("... and destroys my Peten"), never a move of no cause
                # (when that reading has no step for it, the move is told as before)
                if self._as_what_it_did(ev):
                    return
            resolved = _links_just_resolved(self.events) if last.get("kind") == "resolve" else []
            if verb in _DONE_BY_A_LINK and any(
                    d.get("what") == what and d.get("action") == action
                    for act in resolved for d in act.get("does") or []):
                # "Chain Link 2 resolves and Suanni is destroyed", "the Chain resolves and X is
                # destroyed": what a link of it was told to do, said again as it resolves (one
                # move, not a second one after it)
                return
            if last.get("kind") == "resolve" and not last.get("of") and verb in _DONE_BY_A_LINK and \
                    len(resolved) > 1:
                self._done_by_one_of_the_links(resolved, ev, what, action, verb)
                return
            if last.get("kind") == "resolve" and not last.get("of") and verb in _DONE_BY_A_LINK and \
                    len(self.events) > 1 and self.events[-2].get("kind") == "activate" and \
                    not self.events[-2].get("does") and \
                    t.get("card") != (self.events[-2].get("effect") or {}).get("card"):
                # (not the resolving card itself: "... even after X is banished" is a later move)
                # (hunt 95) "Card Destruction resolves and Peten is discarded": what the resolving
                # link did, as "... resolves and discards Peten" says it (then its later parts,
                # "then draws", follow it: a "When ..." effect misses the timing)
                resolve = self.events.pop()
                done = self._as_what_it_did(ev)
                self.events.append(resolve)
                if done:
                    return
            if last.get("kind") == "summon" and action == "tributed" and \
                    last.get("summon-kind") in ("tribute", "unsaid"):
                # "they Tribute Summon X and my Peten is Tributed": a Tribute for that Summon
                last.setdefault("materials", []).append(what)
                return
        move = {"kind": "move", "id": self._move_id(), "what": what, "action": action}
        if "from" in ws and places and ws.index("from") < (ws.index("to") if "to" in ws else len(ws)):
            move["from"] = places[0]        # "sent from the field to the GY": where it was
        self.events.append(move)

    def _done_by_one_of_the_links(self, resolved: list[dict], ev: Tree, what: str, action: str,
                                  verb: str) -> None:
        """"The Chain resolves and X is destroyed", a Chain of several links: the one link whose
        effect does that; refused when none or several may have (which link did it decides what
        happened after it)."""
        from .refs import effect_does_action

        doing = []
        for act in resolved:
            found = self.effect_of(act.get("effect") or {})
            if found is None or effect_does_action(found[0].facts, found[1], verb):
                doing.append(act)
        if len(doing) != 1:
            self.fail(f"{self.r.said(ev)!r}: done by which Chain Link? (say it: 'Chain Link 2 "
                      "resolves and ...', or 'X resolves and destroys ...')", ev)
        self._step(doing[0], action, what)

    def _as_what_it_did(self, ev: Tree) -> bool:
        """A passive move told right after an activation (the last event) read as what that
        activation did ("... and my Peten is destroyed" as "... and destroys my Peten",
        :meth:`ev_did`); False, the events as they were, when that reading has no step for it."""
        from ..errors import QuestionError

        last = self.events[-1]
        kept = (len(self.events), dict(last))
        try:
            self.ev_did(Tree("ev_did", [Tree("did_verb", find(ev, "act_verb").children),
                                        sub(ev, "thing")]))
            return True
        except QuestionError:
            del self.events[kept[0]:]
            last.clear()
            last.update(kept[1])
            return False

    def _own_gone_in_response(self, ev: Tree, t: dict, action: str) -> bool:
        """sisterGK: "Tour Guide is destroyed in response (to its effect)", "X gets bounced in
        response": said in the passive, the card whose effect was activated leaves the field before
        that effect resolves, as "they destroy X in response" says it (whoever did it).  "to its
        effect" / "to X's effect" names that activation; told first when it was not told before
        (by the player told to own the card, else left unsaid).  Only "in response" and that
        effect may be said with it; anything else keeps its refusal."""
        card = t.get("card")
        gone = {"destroyed": "destroy", "banished": "banish", "sent-to-gy": "send",
                "returned-to-hand": "return"}.get(action)
        if not card or gone is None:
            return False
        mods = subs(ev, "ev_mod")
        effs = [c for m in mods for c in m.children if isinstance(c, Tree) and c.data.startswith("eff_")]
        if not any(low(m)[:2] == ["in", "response"] and len(low(m)) == 2 for m in mods) or \
                any(not (low(m)[:2] == ["in", "response"] and len(low(m)) == 2) and
                    not (low(m)[:1] == ["to"] and len(effs) == 1 and effs[0] in m.children)
                    for m in mods):
            return False
        own = [aid for aid, r in self.acts if r.get("card") == card]
        if effs:
            keep = self.last_card
            self.last_card = card                       # "its effect": the card moved
            ir = self.r.effect(effs[0])
            ref = self.effect_ref(ir)
            self.last_card = keep
            if ref.get("card") != card:
                return False
            own = [aid for aid, r in self.acts if r == ref]
            if not own:
                if self.acts:
                    return False
                owner = ir.get("owner") or owner_in_words(t["words"])
                aid = self._activate(ref, owner if owner in ("you", "opponent") else "you", {})
                if owner not in ("you", "opponent"):
                    self.unsaid_activator.add(aid)
                own = [aid]
        if not own or own[-1] != self.acts[-1][0]:
            return False
        self.self_gone[own[-1]] = gone
        self.events.append({"kind": "move", "what": card, "action": action})
        return True

    def _answered_own_effect(self, ev: Tree, named: dict) -> list[str]:
        """"Opp banishes my Lonefire Blossom in response to its effect": the card's own effect,
        said only as what the response answers, was activated first (by the card's player); the
        card then leaves before it resolves.  [] when the words name no effect of that card."""
        to = [m for m in subs(ev, "ev_mod") if low(m)[:1] == ["to"] and
              any(isinstance(c, Tree) and c.data.startswith("eff_") for c in m.children)]
        owner = owner_in_words(named.get("words") or [])
        if len(to) != 1 or owner not in ("you", "opponent"):
            return []
        node = next(c for c in to[0].children if isinstance(c, Tree) and c.data.startswith("eff_"))
        ir = self.r.effect(node)
        if (ir.get("card") or (named["card"] if ir.get("how") in ("eff_its", "eff_it") else None)) \
                != named["card"]:
            return []
        keep = self.last_card
        self.last_card = named["card"]
        ref = self.effect_ref(ir, hint=["activated"])
        self.last_card = keep
        return [self._activate(ref, owner, {})]

    def _gone_by_a_response(self, ev: Tree, named: dict, verb: str | None) -> bool:
        """"I activate a Spell Card. My opponent destroys my X in response": a card no effect told
        targets, named, leaves the field by a response of that player's (a card or effect of no
        told kind) chained to the open link; that link resolves first and does it.  Only "in
        response" may be said with it; anything else keeps its refusal."""
        action = _GONE_BY.get(verb or "")
        mods = subs(ev, "ev_mod")
        targeted = [x for e in self.events if e.get("kind") == "activate"
                    for x in e.get("targets", [])]
        # (session after a2268db) "... In response they bounce the attacking monster": a card
        # told before by those words (the attacker), which no effect told targets
        told = self._told_before(named) if named and not named.get("card") and \
            not named.get("pronoun") else None
        if told is not None and told not in targeted:
            named = {**named, "told": told}
        when = sub(ev, "ev_when")
        responding = [low(m) for m in mods] == [["in", "response"]] or \
            (not mods and when is not None and "response" in low(when) and bool(named.get("told"))) \
            or (not mods and _response_told_by_what_it_does(low(ev), when, self.responding))
        if action is None or not (named.get("card") or named.get("told")) or not self.acts or \
                not responding or \
                any(named["card"] in (x, x.get("card") if isinstance(x, dict) else None,
                                      self.entities.get(x, {}).get("card")
                                      if isinstance(x, str) else None)
                    for x in targeted if named.get("card")):
            return False
        player = self._player(ev)
        if player not in ("you", "opponent"):
            return False
        # (a card told by what it is, the attacker: the link it answers is still to resolve)
        self._moved_by_a_response(player, named, action, alone=bool(named.get("told")))
        return True

    def _moved_by_a_response(self, player: str, named: dict, action: str,
                             alone: bool = False, **where) -> None:
        """A response of ``player``'s (a card or effect of no told kind) chained to the open link,
        which resolves first and moves the card ``named`` (``alone``: it resolves, the link it
        answers is still to resolve; else the story goes on after the whole Chain); ``where``:
        what is told of that card (its controller, its place)."""
        what = self.entity(named, **where)
        aid = self._activate({"generic": "card"}, player, {"respond": True})
        act = next(e for e in self.events if e.get("id") == aid)
        self._step(act, action, what)
        resolve = {"kind": "resolve", "of": aid} if alone else {"kind": "resolve"}
        self.events.append(resolve)
        if not alone:       # (the Chain's resolution read, not told: a story may tell it again)
            self.implied_resolves = getattr(self, "implied_resolves", set()) | {id(resolve)}

    def _moved_by_link(self, ev: Tree, t: dict, action: str) -> bool:
        """sisterGK: "Goblin Zombie gets destroyed as Chain Link 2", "X is sent to the GY by Chain
        Link 1 of a Chain of 3": a Chain told only by its links' numbers, first thing told.  Its
        links are cards or effects of no told kind nor player; the links above N resolve, link N
        does the move, and the links under it resolve after it (a Chain always resolves whole
        before anything else is done), so the move is the last thing to happen only as Chain Link
        1.  Said with anything else, or after other activations, it keeps its refusal."""
        mods = subs(ev, "ev_mod")
        link = [m for m in mods if low(m)[:3] in (["as", "chain", "link"], ["by", "chain", "link"])]
        size = [m for m in mods if low(m)[:4] == ["of", "a", "chain", "of"]]
        if len(link) != 1 or len(size) > 1 or len(link) + len(size) != len(mods) or self.acts \
                or not t.get("card"):
            return False
        n = int(low(link[0])[-1]) if low(link[0])[-1].isdigit() else 0
        m = int(low(size[0])[-1]) if size and low(size[0])[-1].isdigit() else n
        if not 1 <= n <= m <= 12:
            return False
        what = self.entity(t)
        ids = []
        for k in range(m):
            aid = self._activate({"generic": "card"}, "you", {"respond": True} if ids else {})
            self.unsaid_activator.add(aid)
            ids.append(aid)
        for k in range(m, 0, -1):           # Chain Link m resolves first
            if k == n:
                act = next(e for e in self.events if e.get("id") == ids[k - 1])
                self._step(act, action, what)
            self.events.append({"kind": "resolve"})
        self.chain_told_by_links = True
        return True

    def ev_chain_goes_on(self, ev: Tree) -> None:
        """sisterGK: "and the Chain keeps resolving (after that)": the links under the one told
        to move a card resolve after it; said only of a Chain told by its links' numbers (which
        resolves whole), else it has no place."""
        if not getattr(self, "chain_told_by_links", False):
            self.fail("the situation model has no place for " + repr(self.r.said(ev)), ev)

    def _flip_when(self, ev: Tree, what: str, action: str, t: dict) -> str:
        """"it flips (is flipped) in the Damage Step": the face-down monster told attacked, turned
        face-up by that attack (game-rules#damage-step.3); "it" is that monster.  A flip told in
        another phase has no place yet (other words said of a flip are read as before)."""
        phases = [m for m in subs(ev, "ev_mod") if sub(m, "phase") is not None]
        if not phases:
            return what
        attacks = [e for e in self.events if e.get("kind") == "attack" and e.get("target")]
        if attacks and t.get("pronoun"):
            what = attacks[-1]["target"]
        for m in phases:
            if self.r.phase(sub(m, "phase")) != "damage-step" or action != "flipped-face-up" \
                    or not any(e["target"] == what for e in attacks):
                self.fail("the situation model has no place for " + repr(self.r.said(m)) +
                          " (a flip in the Damage Step is the attacked face-down monster's)", m)
        return what

    def _moved_by(self, ev: Tree, t: dict, action: str) -> None:
        """"my Witch is Tributed by my opponent's Nibiru": that effect was activated and resolved,
        and this is what it did."""
        effs = [ch for ch in ev.children if isinstance(ch, Tree) and ch.data.startswith("eff_")]
        kids = list(ev.children)
        by = next((i for i, ch in enumerate(kids) if str(ch).lower() == "by"), None)
        if not effs or by is None or kids.index(effs[-1]) < by:
            self.fail("moved by what? ('by my opponent's Nibiru')", ev)
        poss = next((ch for ch in kids[by:] if isinstance(ch, Tree) and ch.data == "poss"), None)
        ir = self.r.effect(effs[-1])
        player = self.r.player(poss) if poss is not None else ir.get("owner")
        if player not in ("you", "opponent"):
            owner = owner_in_words(t["words"])
            player = {"you": "opponent", "opponent": "you"}.get(owner)
        if player not in ("you", "opponent"):
            self.fail(f"whose is {self.r.said(effs[-1])!r}?", ev)
        respond = self.responding
        for m in subs(ev, "ev_mod"):
            # (hunt) "... is destroyed by Dark Hole while Macro Cosmos is face-up on the field": what
            # holds meanwhile is told first; "in response"; nothing else is dropped unseen
            if low(m)[:1] == ["while"] and sub(m, "sit_clause") is not None:
                self.clause(sub(m, "sit_clause").children[0])
            elif low(m) == ["in", "response"]:
                respond = True
            else:
                self.fail("the situation model has no place for " + repr(self.r.said(m)), m)
        owner = owner_in_words(t["words"])
        what = self.entity(t, **({"controller": owner} if owner else {}))
        keep = self.last_card
        ref = self.effect_ref(ir, hint=[ACTION_VERBS.get(action, action)])
        self.last_card = keep if t.get("card") is None else t["card"]
        aid = self._activate(ref, player, {"respond": True} if respond else {})
        act = next(e for e in self.events if e.get("id") == aid)
        if self._moved_as_cost(ref, action, what, act, aid, ev):
            # (hunt) "Peten is discarded by my Twin Twisters": that card's cost discards, its
            # resolution does not: the move was its cost, paid as it was activated
            self.events.append({"kind": "resolve", "of": aid})
            return
        self._step(act, action, what)
        self.events.append({"kind": "resolve", "of": aid})

    def _moved_as_cost(self, ref: dict, action: str, what: str, act: dict, aid: str,
                       ev: Tree) -> bool:
        """Whether the move told "by" an effect is its cost: the effect's cost does that action
        and its resolution does not.  A move the effect does in neither way is refused (what moved
        it, and what came after, is not that card's text)."""
        verb = ACTION_VERBS.get(action)
        found = self.effect_of(ref) if verb is not None else None
        if found is None:
            return False
        reading, eid = found
        mine = [f for f in reading.facts if f.get("effect") == eid]
        resolves = any(f.type in ("clause", "clause_verb") and f.get("verb") == verb for f in mine)
        costs = any(f.type == "cost_action" and f.get("verb") == verb for f in mine)
        if resolves or not mine:
            return False
        if not costs:
            done = {"send": "send a card to the GY"}.get(verb, f"{verb} a card")
            self.fail(f"{ref.get('card')} does not {done} (its cost or what it does is another "
                      "action): tell it with the card's own action", ev)
        act["cost"] = [{"action": action, "what": what}]
        self.told_costs[aid] = verb
        return True

    def ev_no_longer(self, ev: Tree) -> None:
        """"it is no longer on the field (when the effect resolves)": the card left the field before
        then; when a cost or a move told already took it off the field, nothing more happened."""
        what = self.entity(self.r.thing(sub(ev, "thing")))
        gone = any(c.get("what") == what for e in self.events for c in e.get("cost") or []) or \
            any(e.get("kind") == "move" and e.get("what") == what for e in self.events)
        if not gone:
            self.events.append({"kind": "move", "what": what, "action": "left-field"})
        for aid, ref in self.acts:          # an activation of that card: its card is gone
            if ref.get("card") == what and aid not in self.self_gone:
                self.self_gone[aid] = "left-field"

    def ev_leaves(self, ev: Tree) -> None:
        """"one of them leaves the banishment (before it resolves)": a target is gone."""
        node = sub(ev, "thing")
        self._implied_targeting(node)
        self._implied_count(node)
        t = self.r.thing(node)
        targeted = [x for e in self.events if e.get("kind") == "activate"
                    for x in e.get("targets", [])]
        one = t["words"] in (["one"], ["one", "target"]) and len(set(targeted)) > 1
        if one:
            t = {**t, "words": ["one", "of", "them"]}   # (still) "one (target) leaves the field"
        described = [] if not targeted or t["words"][:2] == ["one", "of"] or t["pronoun"] else \
            described_target(self, t["words"], targeted)
        if not described and targeted and t.get("card"):
            # (session after 34b7d8b) "Maxx "C" leaves the GY", "it is gone": the target of that name
            card = self.db.get(t["card"]).name
            described = [x for x in dict.fromkeys(targeted)
                         if self.entities.get(x, {}).get("card") == card]
        if not targeted and t.get("card") and self.r.place(sub(ev, "place")) == "field" and \
                all(getattr(c, "type", "") == "XCARD" for c in node.children):
            # (session after d4101ba) "X leaves the field" with nothing targeted: the card named
            # left the field, as "(then) it left the field" tells it (copies.then_left)
            card = self.db.get(t["card"]).name
            self.last_card = card
            self.events.append({"kind": "move", "what": card, "action": "left-field"})
            return
        if not targeted or not (t["words"][:2] == ["one", "of"] or t["pronoun"] or len(described) == 1):
            self.fail("the situation model has no event for " + repr(self.r.said(ev)), ev)
        self._target_change_mods(ev)
        # "my Set card leaves the field": the one target those words describe
        what = described[0] if len(described) == 1 else self._which_target(t, targeted, ev)
        # (session after 34b7d8b) "it is gone": from where it was targeted
        # ("it's gone to the GY": where it went; it left where it was targeted)
        gone_to = "gone" in low(ev) and "to" in low(ev)
        place = self.r.place(sub(ev, "place")) if sub(ev, "place") is not None and not gone_to else \
            told_place(self, what)
        action = {"field": "left-field", "gy": "left-gy", "banished": "left-banished"}.get(place)
        if action is None:
            self.fail(f"the situation model has no move for {self.r.said(ev)!r} (say where it "
                      "left: 'it left the field')", ev)
        note_change(self, what, {"left": True})
        self.events.append({"kind": "move", "what": what, "action": action})
        if getattr(self, "resolve_after", False):
            self.events.append({"kind": "resolve"})
            self.resolve_after = False

    def _link_makes_do(self, ref: dict, verb: str | None) -> bool:
        """"My opponent activates Card Destruction and I discard X": the link just told makes a
        player do that (its resolution says "Both players discard ..."), so it is what the link
        does, whoever does it."""
        found = self.effect_of(ref) if ref.get("card") else None
        return found is not None and verb is not None and any(
            f.type == "clause" and f.get("verb") == verb and f.get("effect") == found[1] and
            f.source is not None and _players_do(f.source.quote) for f in found[0].facts)

    def _unnamed_change(self, ev: Tree):
        """A change to a targeted card by a card that is not named: the thing it is told of and
        the targets told so far (refused when nothing was targeted)."""
        node = sub(ev, "thing")
        self._implied_targeting(node)
        self._implied_count(node)            # "they banish one of the targets in response"
        t = self.r.thing(node)
        targeted = [x for e in self.events if e.get("kind") == "activate"
                    for x in e.get("targets", [])]
        if not targeted:
            self.fail("the situation model has no event for " + repr(self.r.said(ev)), ev)
        self._player(ev)
        return t, targeted

    def ev_flip_unnamed(self, ev: Tree) -> None:
        """"they flip it face-down in response": a targeted card turns face-down (or face-up)
        before the targeting effect resolves; the card that did it is not named."""
        self._note_unnamed_change(ev, {"property": "face",
                                       "value": "face-down" if "face-down" in low(ev) else "face-up"})

    def _note_unnamed_change(self, ev: Tree, change: dict) -> None:
        """A change told of the card whose effect was activated is its own (a requirement of it
        "to activate and to resolve"); else it is a targeted card's, before the effect resolves."""
        if self._own_card_changed(ev, change):
            return
        t, targeted = self._unnamed_change(ev)
        self._target_change_mods(ev)
        note_change(self, self._which_target(t, targeted, ev), change)

    def ev_pos_change(self, ev: Tree) -> None:
        """"they change it to face-up Defense Position in response": a targeted card's battle
        position changes before the targeting effect resolves (turned face-down too, when said);
        the card that did it is not named."""
        ws = low(ev)
        position = {"property": "position", "value": "attack" if "attack" in ws else "defense"}
        if "face-down" in ws:
            if position["value"] == "attack":
                self.fail("a face-down monster is in Defense Position", ev)
            change = {"property": "face", "value": "face-down", "also": [position]}
        else:
            change = position
        self._note_unnamed_change(ev, change)

    def ev_do_unnamed(self, ev: Tree) -> None:
        """"my opponent returns their targeted card to the hand", "they respond by shuffling that
        monster into the Deck": a targeted card changes; the card that did it is not named.
        Right after that player's own activation ("my opponent chains X and (my opponent) returns
        Y to my hand") it is what that link does, as "... and returns Y" says it."""
        verb_node = find(ev, "act_verb")
        if verb_node is not None and getattr(self, "held", None) and sub(ev, "thing") is not None \
                and self.r.action(verb_node) in ("destroy", "banish", "send", "return", "tribute") \
                and (low(sub(ev, "thing"))[:1] in (["that"], ["the"]) or
                     sub(sub(ev, "thing"), "poss") is not None):
            # "I activate X while I control a WATER monster; they destroy my WATER monster": one of
            # the cards held for the condition leaves
            from .holdings import note_removed
            note_removed(self, sub(ev, "thing"))
            return
        if verb_node is not None and self.r.action(verb_node) == "attack" and \
                sub(ev, "thing") is not None and sub(ev, "actor") is not None and \
                [c.data for c in ev.children if isinstance(c, Tree)] == ["actor", "act_verb", "thing"]:
            return self.ev_attack(ev)      # "they attack my Dark Magician": an attack on it
        if verb_node is not None and self.acts and sub(ev, "ev_when") is None and \
                not _response_told_by_what_it_does(low(ev), None, self.responding) and \
                not any(low(m)[:3] == ["as", "chain", "link"] for m in subs(ev, "ev_mod")) and \
                self.events and self.events[-1].get("id") == self.acts[-1][0] and \
                (self._act_player(self.acts[-1][0]) == self._player(ev) or
                 (self._link_makes_do(self.acts[-1][1], self.r.action(verb_node)) and
             "response" not in low(ev))) and \
                self.r.action(verb_node) in ("destroy", "banish", "send", "return", "tribute",
                                             "discard"):
            kept = [c for c in ev.children if isinstance(c, Tree)
                    and c.data not in ("actor", "act_verb", "ev_when")]
            return self.ev_did(Tree("ev_did", [Tree("did_verb", verb_node.children), *kept]))
        verb = self.r.action(find(ev, "act_verb")) if find(ev, "act_verb") is not None else \
            self.r.gerund_verb(sub(ev, "gerund"))
        named = self.r.thing(sub(ev, "thing")) if sub(ev, "thing") is not None else {}
        if named.get("pronoun") and named.get("words") == ["it"] and self.acts and \
                self.acts[-1][1].get("card") and not any(
                    e.get("targets") for e in self.events if e.get("kind") == "activate"):
            # "I activate X's effect. My opponent chains and banishes it.": nothing was targeted,
            # so "it" is the card whose effect was just activated
            named = {**named, "card": self.acts[-1][1]["card"], "pronoun": False}
        own = [aid for aid, r in self.acts if named.get("card") and r.get("card") == named["card"]]
        answered = False
        if not own and not self.acts and named.get("card") and "response" in low(ev):
            own = self._answered_own_effect(ev, named)
            answered = bool(own)
        if not own and named.get("card") and "resolves" in low(ev) and \
                owner_in_words(named["words"]) in ("you", "opponent"):
            # "they destroy my Sakuretsu Armor before it resolves": it was activated (by its owner)
            ref = self.effect_ref(card_ir(named["card"]))
            own = [self._activate(ref, owner_in_words(named["words"]), {})]
        if not own and self.cost_told_as_activation(ev, named, verb):
            return
        if not own and self._gone_by_a_response(ev, named, verb):
            return
        if not own and self._activation_told_by_what_it_does(ev, named):
            return
        if not own and self._response_moves_another_card(ev, named, verb):
            return
        if own and verb in ("destroy", "banish", "return", "send", "tribute") and not any(
                named["card"] == x.get("card") for e in self.events if e.get("kind") == "activate"
                for x in e.get("targets", []) if isinstance(x, dict)):
            # the card whose effect was activated, told to leave, needs no target told
            t, targeted = named, []
        else:
            t, targeted = self._unnamed_change(ev)
        if verb not in ("destroy", "banish", "return", "shuffle", "send", "tribute"):
            self.fail(f"the situation model has no move for {self.r.said(ev)!r}", ev)
        if not answered:
            self._target_change_mods(ev)
        elif verb not in _GONE_BY or set(self._mods(ev)) - {"respond", "to_effect"} or \
                self._player(ev) not in ("you", "opponent"):
            self.fail("the situation model has no place for this in a response", ev)
        else:
            self._moved_by_a_response(self._player(ev), named, _GONE_BY[verb], alone=True)
            return
        own = [aid for aid, r in self.acts if t.get("card") and r.get("card") == t["card"]]
        if own and t["card"] not in targeted and verb in _GONE_BY:
            # "they banish Pendulum Witch in response": the card whose effect was activated leaves
            # the field before that effect resolves (not one of its targets)
            self.self_gone[own[-1]] = verb
            self.events.append({"kind": "move", "what": t["card"], "action": _GONE_BY[verb]})
            return
        which = self._which_targets(t, targeted, ev)
        for what in which:
            note_change(self, what, {"left": True})
        places = [self.r.place(p) for p in ev.iter_subtrees_topdown() if p.data == "place"]
        # (a card shuffled away goes where "return" would say, gamewords ``also``: the place
        # said last)
        action = moved_by_verb(next(iter(gamewords().also_of(verb)), verb), places)
        if action is None:
            self.fail(f"the situation model has no move for {self.r.said(ev)!r}", ev)
        for what in which:
            self.events.append({"kind": "move", "what": what, "action": action})

    def _activation_told_by_what_it_does(self, ev: Tree, named: dict) -> bool:
        """"my opponent activates a Trap Card that destroys my X", "they chain a Quick-Play Spell
        that banishes my Y", "they destroy my Z in response" (a card no targeted link aims at): the
        activation of a card of that kind (of no kind said: "in response"), not named, and what it
        does when it resolves, as "activates a Trap Card and destroys my X" tells it
        (:meth:`ev_activate`, then :meth:`ev_did`)."""
        said = sub(ev, "chain_and")
        kind = sub(said, "unnamed_kind") if said is not None else None
        verb = find(ev, "act_verb")
        mods = [c for c in ev.children if isinstance(c, Tree) and c.data in ("ev_when", "ev_mod")]
        responding = kind is None and self.acts and any(
            low(m) == ["in", "response"] for m in mods) and \
            not any(m.data == "ev_mod" and low(m) != ["in", "response"] and
                    low(m)[:3] != ["as", "chain", "link"] for m in mods)
        if (kind is None and not responding) or verb is None or sub(ev, "thing") is None:
            return False
        targeted = [x.get("card") if isinstance(x, dict) else self.entities.get(x, {}).get("card", x)
                    for e in self.events if e.get("kind") == "activate" for x in e.get("targets", [])]
        if (targeted or responding) and (
                named.get("pronoun") or (named["card"] in targeted if named.get("card")
                                         else not self._surely_no_target(named.get("words") or [],
                                                                         targeted))):
            return False            # one of the targets: what a response does to it (_unnamed_change)
        if kind is not None:
            words = [t for t in kind.children if isinstance(t, Token)]
            told = [t for t in said.children if isinstance(t, Token)][:1]
        else:
            words, told = [Token("WORD", "card")], [Token("WORD", "chains")]
        prop = [t for t in words if t.lower() in ("quick-play", "counter", "normal")]
        rest = [t for t in words if t not in prop]
        generic = Tree("generic_kind", ([Tree("generic_prop", prop)] if prop else []) + rest)
        when = [m for m in mods if m.data == "ev_when"]
        self.ev_activate(Tree("ev_activate", [*when, sub(ev, "actor"), Tree("act_verb_w", told),
                                              Tree("eff_generic", [Token("WORD", "a"), generic]),
                                              *[m for m in mods if m.data == "ev_mod"]]))
        kept = [c for c in ev.children if isinstance(c, Tree)
                and c.data not in ("actor", "act_verb", "ev_when", "ev_mod", "chain_and")]
        self.ev_did(Tree("ev_did", [Tree("did_verb", verb.children), *kept]))
        return True

    def _surely_no_target(self, words: list[str], targeted: list) -> bool:
        """Words of a card ("my monster", "a card in my GY") that surely fit none of the targets
        told: each target's controller (or place) is told and is another than the words say."""
        owner = owner_in_words(words)
        place = next((PLACE_WORDS[w] for w in words if w in PLACE_WORDS), None)
        if owner not in ("you", "opponent") or not targeted:
            return owner in ("you", "opponent")
        for t in dict.fromkeys(x if isinstance(x, str) else x.get("card") for x in targeted):
            ctrl = self._controller(t) if isinstance(t, str) else None
            where = told_place(self, t) if isinstance(t, str) else None
            if not ((ctrl in ("you", "opponent") and ctrl != owner) or
                    (place is not None and where not in (None, place))):
                return False
        return True

    def _response_moves_another_card(self, ev: Tree, named: dict, verb: str | None) -> bool:
        """(hunt 116) "I activate X targeting their monster. My opponent responds by banishing a
        card in my GY.": a card said with its place and owner that fits no target told (its
        owner or its place is another) is moved by a response of that player's (a card of no told
        kind), which resolves first; the targets are untouched."""
        words = low(ev)
        if verb not in _GONE_BY or not self.acts or named.get("pronoun") or named.get("card") or \
                not {"respond", "responds", "responded"} & set(words) or sub(ev, "gerund") is None:
            return False
        places = [self.r.place(p) for p in ev.iter_subtrees_topdown() if p.data == "place"]
        said = named.get("words") or []
        post = [w for node in subs(ev, "thing_post") for w in low(node)]
        owner = owner_in_words(said + post)
        targeted = [x for e in self.events if e.get("kind") == "activate"
                    for x in e.get("targets", [])]
        if not places or owner not in ("you", "opponent") or \
                (targeted and not self._surely_no_target(said + post, targeted)):
            return False
        player = self._player(ev)
        if player not in ("you", "opponent"):
            return False
        self._moved_by_a_response(player, {**named, "words": said + post,
                                           "text": " ".join(said + post)},
                                  _GONE_BY[verb], alone=True, controller=owner, place=places[-1])
        return True

    def _named_place(self, thing: dict | None) -> None:
        """"targeting that Ash Blossom in their GY": where a card named by its name is, as an entity
        of that name (a place told twice must agree)."""
        if not thing or not thing.get("card"):
            return
        ws = thing["words"]
        place = None
        for i, w in enumerate(ws):
            if w in ("in", "on") and i + 1 < len(ws):
                rest = [x for x in ws[i + 1:] if x not in ("my", "your", "their", "his", "her", "its",
                                                             "opponent's", "the")]
                if rest and rest[0] in PLACE_WORDS:
                    place = PLACE_WORDS[rest[0]]
        if place is None:
            if any(w in ("in", "on", "from") for w in ws):
                self.fail(f"where is {thing['text']!r}?")
            return
        card = thing["card"]
        to_gy = any(c.get("what") == card and c.get("action") in ("discarded", "sent-to-gy")
                    for e in self.events for c in e.get("cost") or [])
        if to_gy and place != "gy":
            self.fail(f"{card} went to the GY for the cost; it is not in the {place}")
        ent = self.entities.setdefault(card, {"card": card})
        if ent.get("place", place) != place:
            self.fail(f"{card} is told to be in two places")
        ent["place"] = place

    def ev_draw(self, ev: Tree) -> None:
        """"my opponent draws for their normal draw in the Draw Phase": the turn player draws by
        the rules (a move ``drawn`` by ``rule``); a phase told without its owner is theirs."""
        if any(self.r.action(v) != "draw" for v in subs(ev, "act_verb")):
            self.fail("the normal draw is a draw", ev)
        player = self._player(ev)
        whose = self.r.player(sub(ev, "poss"))
        if whose != player:
            self.fail("whose normal draw? (the player who draws makes it)", ev)
        if [w for w in low(ev) if w.isdigit() and w != "1"]:
            self.fail("the normal draw is 1 card", ev)
        self._when(ev)
        before = len(self.events)
        if self._mods(ev):
            self.fail("the situation model has no place for what else is said of the draw", ev)
        for m, e in zip([m for m in subs(ev, "ev_mod") if sub(m, "phase") is not None],
                        [e for e in self.events[before:] if e.get("kind") == "phase"]):
            turn = self.r.player(sub(m, "poss"))
            if turn is None:
                e["turn"] = player                  # "in the Draw Phase": the drawing player's turn
            elif e["turn"] != player:
                self.fail("the normal draw is made in the drawing player's own turn", m)
        last = next((e for e in reversed(self.events) if e.get("kind") == "phase" and not e.get("done")),
                    None)
        told_with = any(e.get("kind") == "phase" for e in self.events[before:])
        if not told_with and (last is None or (last.get("phase"), last.get("turn")) != ("draw", player)):
            # (hunt 73) the normal draw is made in the Draw Phase of the drawing player's turn: the
            # story is there now (a new turn, when another was told before)
            self.events.append({"kind": "phase", "phase": "draw", "turn": player})
        self.events.append({"kind": "move", "action": "drawn", "by": "rule", "player": player})

    def _adds_to_hand(self, ev: Tree) -> bool:
        """"my opponent adds a card from their Deck to their hand with X": an add to the hand.  "To
        add" is to the hand in the game's words, so "I add a monster with its effect", with no
        place after "to", is one too."""
        if sub(ev, "act_verb") is None or self.r.action(sub(ev, "act_verb")) != "add":
            return False
        if any(low(p)[0] == "to" and self.r.place(sub(p, "place")) == "hand"
               for p in subs(ev, "thing_post")):
            return True
        return "to" not in low(ev) and any(isinstance(ch, Tree) and ch.data.startswith("eff_")
                                           for ch in ev.children)

    def _add_with(self, ev: Tree) -> None:
        """"my opponent adds a card from their Deck to their hand with X": X is activated and, when
        it resolves, that card is added from that place to that player's hand (a ``does`` step with
        ``from``).  Only one card, from the player's own Deck or GY, to their own hand."""
        player = self._player(ev)
        effs = [ch for ch in ev.children if isinstance(ch, Tree) and ch.data.startswith("eff_")]
        if len(effs) != 1 or sub(ev, "ev_when") is not None:
            self.fail("added with what? (name the card that adds it)", ev)
        thing = sub(ev, "thing")
        t = self.r.thing(thing)
        ws = t["words"]
        if t["card"] or not ws or ws[0] not in ("a", "an", "1", "one") or \
                not {"card", "monster"} & set(ws):
            self.fail(f"which card is added? ('a card from their Deck'): {t['text']!r}", ev)
        froms = [p for p in thing.iter_subtrees_topdown() if p.data == "thing_post"
                 and low(p)[0] == "from"]
        tos = [p for p in subs(ev, "thing_post") if low(p)[0] == "to"]
        if len(froms) > 1 or len(tos) != len(froms) or [w for w in ws[1:] if w not in (
                "card", "monster", "from", "my", "your", "their", "his", "her", "deck", "gy",
                "graveyard")]:
            self.fail(f"from where to where? ('a card from their Deck to their hand'): "
                      f"{self.r.said(ev)!r}", ev)
        ref = self.effect_ref(self.r.effect(effs[0]), hint=["add"])
        # (moves) "I add a monster with its effect": from where its text says it adds
        place = self.r.place(sub(froms[0], "place")) if froms else self._adds_from(ref, ev)
        for p in froms + tos:
            if self.r.player(sub(p, "poss")) != player:
                self.fail("a card added from another player's place or to another player's hand is "
                          "not placed yet", p)
        if place not in ("deck", "gy"):
            self.fail("a card added from there is not placed yet", froms[0])
        info = self._mods(ev)
        if info:
            self.fail("the situation model has no place for what else is said of the addition", ev)
        aid = self._activate(ref, player, {"respond": True} if self.responding else {})
        if self.events[-1].get("respond"):
            self.fail("it was added while other links waited: say when they resolve", ev)
        what = self.entity({"card": None, "text": f"{t['text']} (added to the hand from the {place})",
                            "words": ws, "pronoun": False}, controller=player, place="hand")
        self.events.append({"kind": "resolve", "of": aid,
                            "does": [{"action": "added-to-hand", "what": what, "from": place}]})

    def _adds_from(self, ref: dict, ev: Tree) -> str:
        """The one place the effect's text adds cards from ("add 1 monster ... from your Deck to
        your hand": deck), for an addition told without it."""
        found = self.effect_of(ref)
        places = {f.get("place") for f in found[0].facts if f.type == "clause_from"
                  and f.get("effect") == found[1]} if found else set()
        if len(places) != 1:
            self.fail(f"added from where? ('from my Deck'): {self.r.said(ev)!r}", ev)
        return places.pop()

    def _described_on_field(self, ev: Tree, t: dict) -> None:
        """(round 131) "A face-up Field Spell is on my opponent's field", "a Set card is on my
        field": a card described, not named, that a player controls (as "my opponent controls a
        face-up Field Spell" tells it); whose field must be said."""
        from .procedures import COUNTS, counted_kind
        whose = [c for c in ev.children if isinstance(c, Tree) and c.data == "poss"]
        owner = self.r.player(whose[0]) if whose else owner_in_words(t["words"])
        if owner not in ("you", "opponent"):
            self.fail(f"on whose field is {t['text']!r}? ('on my field', 'on my opponent's field')", ev)
        ws = [w for w in t["words"] if w not in ("my", "their", "his", "her", "opponent's", "your")]
        count = COUNTS.get(ws[0]) if ws else None
        if ws and ws[0].isdigit():
            count = int(ws[0])
        if count is None:
            self.fail(f"how many? ({t['text']!r})", ev)
        what = counted_kind(ws) or self.entity(t, controller=owner, place="field")
        event = {"kind": "state", "player": owner, "place": "field", "what": what, "count": count}
        self.events.append(event)
        self.told_states.append(event)

    def ev_in_place(self, ev: Tree) -> None:
        """"My Gyzarus (properly Contact Fusion Summoned earlier) is in my GY": the card is there when
        what is told next starts; a Summon told with it happened before, and the card then left the
        field (how is not said)."""
        t = self.r.thing(sub(ev, "thing"))
        card = t.get("card")
        if card is None and self.r.place(sub(ev, "place")) == "field" and \
                sub(ev, "told_summoned") is None:
            return self._described_on_field(ev, t)
        if card is None:
            self.fail("which card is there? (name it)", ev)
        owner = owner_in_words(t["words"]) or (self.r.player(sub(sub(ev, "thing"), "poss"))
                                       if sub(sub(ev, "thing"), "poss") is not None else None)
        whose_place = [c for c in ev.children if isinstance(c, Tree) and c.data == "poss"]
        if owner is None and whose_place and self.r.place(sub(ev, "place")) in ("gy", "hand",
                                                                               "banished", "deck"):
            # "X is in my GY": a card in a player's GY, hand, Deck or banishment is that player's
            owner = self.r.player(whose_place[0])
        if owner is None:
            # "My opponent activates Ash Blossom ... Ash Blossom is in the GY": the card of an
            # activation told, its player's (one player activated that card)
            told = {self._act_player(aid) for aid, r in self.acts
                    if r.get("card") == self.db.get(card).name}
            owner = told.pop() if len(told) == 1 else None
        if owner not in ("you", "opponent"):
            self.fail(f"whose is {t['text']!r}? ('my X', 'my opponent's X')", ev)
        place = self.r.place(sub(ev, "place"))
        if place is None:
            self.fail(f"where is {t['text']!r}?", ev)
        told = sub(ev, "told_summoned")
        if told is not None:
            if self.events:
                self.fail("a Summon told as earlier comes first: tell it before the rest", told)
            kind = self.r.summon_kind(told) or "unsaid"
            if place == "field":
                self.fail("the situation model has no place for a Summon told beside where the card "
                          "is now", told)
            self._summon(kind, owner, t, None)
            self.events.append({"kind": "move", "what": card, "action": "left-field"})
        if card in self.entities:
            self.fail(f"{card} is told twice", ev)
        ws = [w.lower() for w in t["words"]]
        face = "down" if {"face-down", "set"} & set(ws) else "up" if "face-up" in ws else None
        if face is not None and place == "field":
            # (hunt 41) "my face-down Thunder King Rai-Oh is on the field": a state of that field,
            # its face kept (as "I control a face-down X" tells it)
            self._told_on_field(card, owner, face)
        elif face is not None:
            self.fail(f"{t['text']!r}: only a card on the field is face-up or face-down", ev)
        self.entities[card] = {"card": card, "controller": owner, "owner": owner, "place": place}
        self.last_card = card


def _players_do(quote: str) -> bool:
    """Does a part's text make players act ("Both players discard ...", "each player draws",
    "your opponent discards")?"""
    q = quote.lower()
    return any(w in q for w in ("both players", "each player", "your opponent ", "the opponent "))


# the moves a card may be told to make from a place other than the field ("destroys the Sangan in
# my hand"), and the verbs that tell them
_FROM_A_PLACE = {"destroyed", "tributed", "banished", "sent-to-gy"}
_MOVE_VERBS = {"destroy", "tribute", "banish", "send"}


def moves_from_places_told(st, situation: list) -> None:
    """(hunt 111) "My opponent's Chain Destruction destroys the Sangan in my hand": a card told in
    the clause that moves it as "in/from my hand" (or Deck, GY, Extra Deck) moved from there, not
    from the field; the move says so (``from``), so a trigger that needs the card on the field
    (or sent from it) does not start on it.  Only a card named with that place in the very clause
    that tells its move."""
    told: dict[str, str] = {}
    for clause in st.pq.tree.iter_subtrees_topdown():
        if clause.data != "sit_clause":
            continue
        verbs = [v for v in clause.iter_subtrees_topdown() if v.data in ("act_verb", "did_verb")]
        if not any(st.r.action(v) in _MOVE_VERBS for v in verbs):
            continue
        for thing in clause.iter_subtrees_topdown():
            if thing.data != "thing":
                continue
            posts = [p for p in thing.children if isinstance(p, Tree) and p.data == "thing_post"
                     and low(p)[:1] in (["in"], ["from"]) and sub(p, "place") is not None]
            cards = [c for c in thing.children if isinstance(c, Token) and c.type == "XCARD"]
            if len(posts) != 1 or len(cards) != 1:
                continue
            place = st.r.place(sub(posts[0], "place"))
            if place not in (None, "field"):
                told[st.db.get(st.r.card(cards[0])).name] = place
    if not told:
        return
    for ev in situation:
        steps = [ev] if ev.get("kind") == "move" else \
            list(ev.get("does") or ()) if ev.get("kind") == "activate" else []
        for step in steps:
            what = step.get("what")
            card = what if what in told else st.entities.get(what, {}).get("card")
            if step.get("action") in _FROM_A_PLACE and step.get("from") is None and card in told:
                step["from"] = told[card]


def chain_told(events: list[dict]) -> tuple[list[dict], list[dict]]:
    """The activations of the Chain told last still to resolve (Chain Link 1 first), and those the
    last resolution told resolved (a link, or the whole Chain).  A Summon, a move or an attack told
    outside a Chain ends it."""
    open_: list[dict] = []
    closed: list[dict] = []
    for e in events:
        k = e.get("kind")
        if k == "activate":
            if not e.get("respond"):
                open_ = []
            if e.get("id"):           # (a card told only as what negated a Summon has none)
                open_ = [*open_, e]
        elif k == "resolve":
            if e.get("of"):
                closed = [a for a in open_ if a["id"] == e["of"]]
                open_ = [a for a in open_ if a["id"] != e["of"]]
            else:
                closed, open_ = open_, []
        elif k in ("summon", "move", "attack") and not e.get("attempt"):
            open_ = []
    return open_, closed


def _links_just_resolved(events: list[dict]) -> list[dict]:
    """The activations the last resolve event resolved: the one link it names, or every link of
    the Chain it closed; a Chain the story already had resolve, told resolving again ("...
    destroys my X in response. Chain Link 2 resolves and X is destroyed"), is that Chain."""
    if events[-1].get("of"):
        return [e for e in events if e.get("id") == events[-1]["of"]]
    open_, closed = chain_told(events[:-1])
    return open_ or closed
