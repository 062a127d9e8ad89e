"""An effect named, with its text quoted, before the question ("Tearlaments Kaleido-Heart GY
effect: "Special Summon this card, and if you do, ..."", "Bottomless says 'destroy that
monster(s)... and if you do, banish it'"): the effect the question then asks about.  The quote
must be the card's text (pieces around "..." in order), or the sentence is refused."""

from __future__ import annotations

import re

from lark import Tree

from ..parser.transform import find
from .words import card_ir


class TopicEvents:
    """The effect a question is about, told before it (mixed into :class:`.told.Situate`)."""

    topic: dict | None = None

    def ev_topic(self, ev: Tree) -> None:
        node = next(ch for ch in ev.children if isinstance(ch, Tree) and ch.data.startswith("eff_"))
        ir = self.r.effect(node)
        toks = [t for t in ev.children if getattr(t, "type", "") == "XQUOTE"]
        if not toks:
            # "X's quick effect that banishes two monsters. Does it target?": the effect alone
            if not (ir.get("desc") or ir.get("rel") or ir.get("ord") or ir.get("quote")):
                self.fail("a card named alone is no sentence: say what it does", ev)
            self.topic = self.effect_ref(ir)
            self.last_card = self.topic.get("card") or self.last_card
            return
        from ..rereading import holds_word_for_word, quote_pieces

        quote = self.r.quotes[int(toks[-1])]
        pieces = quote_pieces(quote)
        if not pieces:
            self.fail("quote the card's text", ev)
        if not ir.get("quote"):
            ir = {**ir, "quote": re.split(r"\.{3}|\u2026", quote)[0].strip(" .,")}
        ref = self.effect_ref(ir)
        found = self.effect_of(ref)
        if found is None:
            self.fail(f"which effect of {ir.get('card')} says that?", ev)
        reading, eid = found
        written = reading.by_id(eid).text
        # (a quotation may leave out a parenthesis of the text: "Special Summon this card, and if
        # you do, ..." of "Special Summon this card (but banish it when it leaves the field), and
        # if you do, ...")
        if not any(holds_word_for_word(pieces, t)
                   for t in (written, re.sub(r"\([^()]*\)", " ", written))):
            self.fail(f"{ref.get('card')} does not say {quote!r}", ev)
        self.topic = ref
        self.last_card = ref.get("card") or self.last_card


def topic_of(st, fam: Tree) -> dict | None:
    """The told topic, when the question names no effect of its own."""
    if find(fam, "v_effect") is not None or any(t.data.startswith("eff_")
                                                  for t in fam.iter_subtrees()):
        return None
    return getattr(st, "topic", None)


class TargetGoneEvents:
    """"Knightmare Phoenix's target is gone when it resolves (so nothing is destroyed)": the
    effect was activated targeting one card, which left before it resolved (mixed into
    :class:`.told.Situate`)."""

    def ev_target_gone(self, ev: Tree) -> None:
        from .targets import note_change
        tok = next(t for t in ev.children if getattr(t, "type", "") == "XCARD")
        card = self.r.card(tok)
        ir = card_ir(card, self.r.said(tok))
        ref = self.effect_ref(ir, hint=["target:any"])
        found = self.effect_of(ref)
        if found is None:
            self.fail(f"which effect of {card}?", ev)
        reading, eid = found
        counts = [int(f.get("count") or 1) for f in reading.facts
                  if f.type == "target" and f.get("effect") == eid]
        if counts != [1]:
            self.fail(f"{card} does not target exactly 1 card", ev)
        so = next((c for c in ev.children if isinstance(c, Tree) and c.data == "cj_so_none"), None)
        if so is not None:
            verb = self.r.action(find(so, "act_verb"))
            from .refs import effect_does_action
            if not effect_does_action(reading.facts, eid, verb):
                self.fail(f"{card} does not {verb} its target", so)
        aid = self._find_act(ref)
        if aid is None:
            aid = self._activate(ref, "you", {"targets": [{"words": ["1"], "text": "its target",
                                                           "card": None, "pronoun": False}]})
            self.unsaid_activator.add(aid)
        act = next(e for e in self.events if e.get("id") == aid)
        if len(act.get("targets") or []) != 1:
            self.fail(f"which target of {card}?", ev)
        note_change(self, act["targets"][0], {"left": True})
