"""The player's own Summons: "Can I Tribute Summon X by Tributing Y (and Z) / 1 monster / without
Tributing?" (``tribute-summon``, game-rules#summon-procedures.1), "Can I Normal Summon again
this turn?" after a told Normal or Tribute Summon, negated or not (``normal-summon-again``,
game-rules#summon-procedures.1, .3), and "Can I Special Summon X with its own text?" after the
field is told (``procedure-summon``, game-rules#summon-kinds.3, .4)."""

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
    if st.db.get(card).kind != "monster":
        st.fail(f"{card} is not a monster", fam)
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
            # (hunt 108) whose Tributes: the Summoning player's ("Can my opponent Tribute Summon
            # X by Tributing my Y?" Tributes a monster that player does not control)
            who = sub(fam, "player")
            summoner = st.r.player(who) if who is not None else "you"
            for one in what.iter_subtrees_topdown():
                if one.data == "trib_one" and sub(one, "poss") is not None and \
                        st.r.player(sub(one, "poss")) != summoner:
                    st.fail("a Tribute Summon Tributes monsters the player controls (the player "
                            "who Summons)", one)
            tributes = [st.db.get(st.r.card(t)).name for t in _cards(what)]
            if card in tributes:
                st.fail(f"{card} cannot Tribute itself for its own Summon", what)
            count = len(tributes)
    if not 0 <= count <= 5:
        st.fail(f"{count} Tributes?", trib)
    spec = {"family": "tribute-summon", "card": card, "count": count}
    if tributes:
        spec["tributes"] = tributes
        from ..refusals import refuse_double_tributes, refuse_untributable
        refuse_double_tributes(st, tributes)
        refuse_untributable(st, tributes)
    return spec


def build_normal_summon_again(st: Situate, fam: Tree) -> dict:
    player = st.r.player(sub(fam, "player")) if sub(fam, "player") is not None else \
        st.r.player(sub(fam, "poss"))
    if player not in ("you", "opponent"):
        st.fail("whose Normal Summon? ('Can I Normal Summon again?')", fam)
    if not any(e.get("kind") == "summon" for e in st.events):
        st.fail("which Summon was done this turn? (tell it first: 'I Tribute Summon X')", fam)
    what = sub(fam, "ns_what")
    if what is not None and _cards(what):
        card = st.db.get(st.r.card(_cards(what)[0]))
        if card.kind != "monster":
            st.fail(f"{card.name} is not a monster", what)
    return st.spec("normal-summon-again", {"player": player})


def build_procedure_summon(st: Situate, fam: Tree) -> dict:
    """"(I control no monsters.) Can I Special Summon X with its own text / from my hand?": X's
    own procedure, when it has exactly one (from the hand, when said); what its text says the
    field must hold is for the rules, against the counts the story tells."""
    player = st.r.player(sub(fam, "player"))
    if player != "you":
        st.fail("whose Summon? ('Can I Special Summon X ...?')", fam)
    card = st.db.get(st.r.card(_cards(fam)[0]))
    if card.kind != "monster":
        st.fail(f"{card.name} is not a monster", fam)
    place = "hand" if sub(fam, "proc_from") is not None else None
    if place is None and sub(fam, "own_way") is None:
        # "Can I Special Summon X?", no way said: its own procedure only when no effect of its own
        # Special Summons it (else which of the two is asked is not said)
        reading = st.reading(card.name)
        activated = {f.get("effect") for f in reading.facts if f.type in ("colon", "semicolon")}
        if any(f.type == "summons_self" and f.get("effect") in activated for f in reading.facts):
            st.fail(f"by its own procedure or by its effect? ('Can I Special Summon {card.name} "
                    "with its own procedure?')", fam)
    fit = st.procedures(card.name, place=place)
    if len(fit) != 1:
        st.fail(f"{card.name} has {'no' if not fit else 'more than one'} procedure of its own "
                f"that fits {st.r.said(fam)!r}", fam)
    return st.spec("procedure-summon", {"card": card.name})

