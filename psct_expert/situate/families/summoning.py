"""The player's own Summons (``tribute-summon``): "Can I Tribute Summon X by Tributing Y (and Z) /
1 monster / without Tributing?" (game-rules#summon-procedures.1)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lark import Tree

from ...parser.transform import low, sub
from ..words import COUNT_WORDS

if TYPE_CHECKING:
    from ..told import Situate


def _cards(node: Tree) -> list:
    return [t for t in node.scan_values(lambda v: getattr(v, "type", "") == "XCARD")]


def build_tribute_summon(st: Situate, fam: Tree) -> dict:
    if st.events:
        st.fail("the situation model has no place for a told situation in a question about how "
                "many Tributes a monster needs", fam)
    summoned = next(t for t in fam.children if getattr(t, "type", "") == "XCARD")
    card = st.db.get(st.r.card(summoned)).name
    trib = sub(fam, "trib_by")
    tributes: list[str] = []
    if low(trib)[0] == "without":           # "without Tributing": a Normal Summon, 0 Tributes
        count = 0
    else:
        what = sub(trib, "trib_what")
        num = sub(what if what is not None else trib, "num")
        if num is not None:                 # "by Tributing 1 monster", "with 2 Tributes"
            w = low(num)[0]
            count = int(w) if w.isdigit() else {**COUNT_WORDS, "a": 1, "an": 1}.get(w)
            if count is None:
                st.fail(f"how many Tributes is {w!r}?", num)
        else:                               # "by Tributing Y and Z": the cards named
            tributes = [st.db.get(st.r.card(t)).name for t in _cards(what)]
            if card in tributes:
                st.fail(f"{card} cannot Tribute itself for its own Summon", what)
            count = len(tributes)
    if not 0 <= count <= 5:
        st.fail(f"{count} Tributes?", trib)
    spec = {"family": "tribute-summon", "card": card, "count": count}
    if tributes:
        spec["tributes"] = tributes
    return spec
