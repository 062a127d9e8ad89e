"""An effect named, with its text quoted, before the question ("Tearlaments Kaleido-Heart GY
effect: "Special Summon this card, and if you do, ..."", "Bottomless says 'destroy that
monster(s)... and if you do, banish it'"): the effect the question then asks about.  The quote
must be the card's text (pieces around "..." in order), or the sentence is refused."""

from __future__ import annotations

import re

from lark import Tree

from ..parser.transform import find
from .words import norm


class TopicEvents:
    """The effect a question is about, told before it (mixed into :class:`.told.Situate`)."""

    topic: dict | None = None

    def ev_topic(self, ev: Tree) -> None:
        node = next(ch for ch in ev.children if isinstance(ch, Tree) and ch.data.startswith("eff_"))
        ir = self.r.effect(node)
        toks = [t for t in ev.children if getattr(t, "type", "") == "XQUOTE"]
        quote = self.r.quotes[int(toks[-1])]
        pieces = [norm(p) for p in re.split(r"\.{3}|\u2026", quote) if norm(p)]
        if not pieces:
            self.fail("quote the card's text", ev)
        if not ir.get("quote"):
            ir = {**ir, "quote": re.split(r"\.{3}|\u2026", quote)[0].strip(" .,")}
        ref = self.effect_ref(ir)
        found = self.effect_of(ref)
        if found is None:
            self.fail(f"which effect of {ir.get('card')} says that?", ev)
        reading, eid = found
        text = norm(reading.by_id(eid).text)
        at = 0
        for p in pieces:
            k = text.find(p, at)
            if k < 0:
                self.fail(f"{ref.get('card')} does not say {quote!r}", ev)
            at = k + len(p)
        self.topic = ref
        self.last_card = ref.get("card") or self.last_card


def topic_of(st, fam: Tree) -> dict | None:
    """The told topic, when the question names no effect of its own."""
    if find(fam, "v_effect") is not None or any(t.data.startswith("eff_")
                                                  for t in fam.iter_subtrees()):
        return None
    return getattr(st, "topic", None)
