"""Parse trees → the parts of a question, still as English references.

Rules that name a value (``v_effect``, ``thing``, ``player``, ``v_summon``) and
the clauses of a told situation (``ev_*``) become plain data here; which card
text they point at is decided later, by :mod:`psct_expert.resolve`.  Nothing
here reads card text.
"""

from __future__ import annotations

from lark import Token, Tree

from .names import ORDINALS
from ..errors import QuestionError
from ..gamewords import gamewords

PLAYER_WORDS = {
    "i": "you", "me": "you", "you": "you", "my": "you", "your": "you", "we": "you",
    "opponent": "opponent", "they": "opponent", "them": "opponent", "their": "opponent",
    "he": "opponent", "she": "opponent", "his": "opponent", "her": "opponent",
    "opponent's": "opponent",
}
SITUATION_PHASE = {"main": "main1", "damage-calculation": "damage-step"}
PLACE_WORDS = {"hand": "hand", "deck": "deck", "graveyard": "gy", "gy": "gy", "field": "field",
               "extra": "extra-deck", "banishment": "banished", "zone": "field"}
ACTION_RULES = ("discard", "send", "destroy", "banish", "special_summon", "add", "draw", "shuffle",
                "return", "negate", "tribute", "detach", "reveal", "pay", "choose", "skip",
                "end_bp", "change_pos", "attack", "become", "inflict", "gain", "take_control", "set",
                "place_card")
# the rules whose name is not the action's ("place_card": "place", the rule "place" is a zone)
_ACTION_OF_RULE = {"end_bp": "end", "place_card": "place"}


def words(node) -> list[str]:
    """The words a subtree covers, as written (card names as their index tokens)."""
    if isinstance(node, Token):
        return [str(node)]
    out: list[str] = []
    for ch in node.children:
        out.extend(words(ch))
    return out


def low(node) -> list[str]:
    return [w.lower() for w in words(node)]


def sub(node: Tree, name: str) -> Tree | None:
    for ch in node.children:
        if isinstance(ch, Tree) and ch.data == name:
            return ch
    return None


def subs(node: Tree, name: str) -> list[Tree]:
    return [ch for ch in node.children if isinstance(ch, Tree) and ch.data == name]


def now_whens(fam: Tree) -> list[Tree]:
    """The moments said of a question ("during the Damage Step, before damage calculation"): its
    ``now_when`` children, with those joined by a comma (``"," now_when``) read one by one."""
    out = []
    for w in subs(fam, "now_when"):
        while (inner := [c for c in w.children if isinstance(c, Tree)]) and \
                len(inner) == 1 and inner[0].data == "now_when" and \
                all(str(c) == "," for c in w.children if not isinstance(c, Tree)):
            w = inner[0]
        out.append(w)
    return out


def find(node: Tree, name: str) -> Tree | None:
    """The first subtree of that name, depth first (not inside other values)."""
    for t in node.iter_subtrees_topdown():
        if t.data == name:
            return t
    return None


def tokens(node: Tree, kind: str) -> list[Token]:
    return [ch for ch in node.children if isinstance(ch, Token) and ch.type == kind]


def player_in_words(ws: list[str]) -> str | None:
    """The player some words say (lower case: "my opponent", "Player A's own", "its controller"):
    you, opponent or controller; None when they say none."""
    if ws[:1] == ["player"] and ws[-1] == "own":
        ws = ws[:-1]                            # "Player A's own"
    if ws[:1] == ["player"] and ws[-1] in ("'s", "a's", "b's"):
        ws = ["player", ws[1][0]]               # "Player A's": whose card it is
    if ws in (["player", "a"], ["player", "b"]):
        # (readA) a rules exam's "Player A" / "Player B": the rules are the same for either
        # player, so Player A is read as the asker and Player B as the opponent
        return "you" if ws[1] == "a" else "opponent"
    if "controller" in ws or "controller's" in ws or "owner" in ws or "owner's" in ws:
        return "controller"
    for w in ws:
        if w in ("opponent", "opponent's"):
            return "opponent"
    for w in ws:
        if w in PLAYER_WORDS:
            return PLAYER_WORDS[w]
    return None


class Reader:
    """Reads value subtrees; ``cards[k]`` is the card named by the k-th card word."""

    def __init__(self, cards: list[str], quotes: list[str], written: list[str] | None = None):
        self.cards = cards
        self.quotes = quotes
        self.written = written or cards

    def card(self, tok: Token) -> str:
        return self.cards[int(tok)]

    def said(self, node) -> str:
        """A subtree's words as the sentence wrote them (card names, quotes)."""
        out = []
        for t in node.scan_values(lambda v: isinstance(v, Token)) if isinstance(node, Tree) \
                else [node]:
            if t.type == "XCARD":
                out.append(self.written[int(t)])
            elif t.type == "XQUOTE":
                out.append(f"'{self.quotes[int(t)]}'")
            else:
                out.append(str(t))
        return " ".join(out).replace(" 's", "'s")

    # -- players --------------------------------------------------------------
    def player(self, node: Tree | None) -> str | None:
        return player_in_words(low(node)) if node is not None else None

    def actor(self, node: Tree) -> dict:
        """``actor``: a player, or a card's owner ("my Baronne de Fleur")."""
        p = sub(node, "player")
        if p is not None:
            return {"player": self.player(p)}
        poss = sub(node, "poss")
        eff = sub(node, "v_effect") or next((c for c in node.children if isinstance(c, Tree)
                                              and c.data.startswith("eff_")), None)
        return {"player": self.player(poss), "effect": self.effect(eff) if eff is not None else None}

    # -- effects --------------------------------------------------------------
    def effect(self, node: Tree) -> dict:
        """An effect reference: {card, how, ord, desc, quote, rel}."""
        how = str(node.data)
        if how == "eff_generic":
            ws = low(node)
            kind = "trap" if "trap" in ws else "spell" if "spell" in ws else "monster" \
                if "monster" in ws else "card"      # sisterGK: "something", "an effect": no kind said
            ref = {"how": how, "card": None, "generic": kind, "ord": None, "desc": [],
                   "quote": None, "rel": None, "text": self.said(node)}
            prop = find(node, "generic_prop")
            if prop is not None:        # "a Counter Trap": the property decides its Spell Speed
                ref["subtype"] = low(prop)[0]
            poss = sub(node, "poss")
            if poss is not None:        # (chains) "my own Spell Card": whose it is
                ref["owner"] = self.player(poss)
            return ref
        cards = [self.card(t) for t in tokens(node, "XCARD")]
        ref: dict = {"how": how, "card": cards[0] if cards else None, "ord": None, "desc": [],
                     "quote": None, "rel": None, "text": self.said(node)}
        poss = sub(node, "poss")
        ref["owner"] = self.player(poss) if poss is not None else None
        o = sub(node, "ord")
        if o is not None and low(o)[0] == "other":
            ref["other"] = True         # "its other effect": the one the story did not tell of
        elif o is not None:
            ref["ord"] = ORDINALS.get(low(o)[0])
        ref["desc"] = [" ".join(low(d)) for d in subs(node, "eff_desc") + subs(node, "eff_verbal")]
        q = tokens(node, "XQUOTE")
        if q:
            ref["quote"] = self.quotes[int(q[0])]
        for d in subs(node, "eff_desc"):
            dq = tokens(d, "XQUOTE")
            if dq:
                ref["quote"] = self.quotes[int(dq[0])]
        kind = sub(node, "card_kind")
        if kind is not None:            # "the Field Spell X": checked against the card
            ref["kind_said"] = low(kind)
        an = sub(node, "act_noun")
        if an is not None:
            ref["desc"].append(" ".join(low(an)))
        rel = sub(node, "eff_rel")
        if rel is not None:
            ref["rel"] = self.rel(rel)
        if how == "eff_doing":
            inner = sub(node, "v_effect") or next(c for c in node.children if isinstance(c, Tree)
                                                  and c.data.startswith("eff_"))
            base = self.effect(inner)
            base["cost_verb"] = self.gerund_verb(sub(node, "gerund"))
            return base
        return ref

    def rel(self, node: Tree) -> dict:
        verbs = [self.action(t) for t in node.iter_subtrees_topdown() if t.data == "act_verb"]
        # "that destroys all cards", "that negates ...": the verbs the grammar writes as words
        verbs += [REL_VERBS[t.data] for t in node.iter_subtrees_topdown() if t.data in REL_VERBS]
        toks = list(node.scan_values(lambda v: isinstance(v, Token) and v.type == "XCARD"))
        cards = [(self.card(t), self.written[int(t)]) for t in toks]
        out = {"verbs": [v for v in verbs if v], "cards": cards, "text": self.said(node)}
        tg = next((t for t in node.iter_subtrees_topdown() if t.data == "rel_targets"), None)
        if tg is not None:                 # "its effect that targets up to 2 cards on the field"
            thing = sub(tg, "thing")
            out["targets"] = low(thing) if thing is not None else []
        until = next((t for t in node.iter_subtrees_topdown() if t.data == "rel_until"), None)
        if until is not None:              # "that banishes two monsters until the End Phase"
            out["until"] = self.said(until)
        when = next((t for t in node.iter_subtrees_topdown() if t.data == "rel_when"), None)
        if when is not None:               # "that destroys all cards when it is Synchro Summoned"
            out["summoned"] = " ".join([w for k in subs(when, "summon_kind") for w in low(k)]
                                       + ["summoned"])
        does = next((t for t in node.iter_subtrees_topdown()
                     if t.data in ("rel_destroys", "rel_negates", "rel_summons")), None)
        if does is not None and sub(does, "thing") is not None:
            # "its effect that destroys a face-down monster": what it does that to, said of its text
            out["object"] = low(sub(does, "thing"))
        vp = next((t for t in node.iter_subtrees_topdown() if t.data == "rel_vp"), None)
        if vp is not None:                 # "its effect that Special Summons it from the GY"
            thing = sub(vp, "thing")
            out["object"] = low(thing) if thing is not None else []
            out["from"] = [self.place(sub(p, "place")) for p in subs(vp, "thing_post")
                           if low(p)[:1] == ["from"] and sub(p, "place") is not None]
        return out

    def action(self, node: Tree | None) -> str | None:
        """``act_verb`` → the action's name (discard, send, special-summon, ...)."""
        if node is None:
            return None
        for ch in node.children:
            if isinstance(ch, Tree) and ch.data in ACTION_RULES:
                return _ACTION_OF_RULE.get(ch.data, ch.data.replace("_", "-"))
        return None

    def gerund_verb(self, node: Tree | None) -> str | None:
        if node is None:
            return None
        w = low(node)[0]
        return gamewords().action_of(w) if w.endswith("ing") else None

    # -- things ---------------------------------------------------------------
    def thing(self, node: Tree | None) -> dict | None:
        if node is None:
            return None
        cards = [self.card(t) for t in node.scan_values(lambda v: isinstance(v, Token)
                                                        and v.type == "XCARD")]
        ws = low(node)
        return {"card": cards[0] if len(cards) == 1 and tokens(node, "XCARD") else None,
                "text": self.said(node), "words": ws,
                "pronoun": ws in (["it"], ["them"], ["that", "monster"], ["that", "card"])}

    def phase(self, node: Tree | None) -> str | None:
        if node is None:
            return None
        phase = gamewords().phase_of(" ".join(low(node)))
        if phase is None:                   # "Main Phase 3": the number is a word of its own
            raise QuestionError(f"there is no {self.said(node)!r} in a turn")
        # a told situation is in one phase: "the Main Phase" is the first, damage calculation is in the Damage Step
        return SITUATION_PHASE.get(phase, phase)

    def place(self, node: Tree | None) -> str | None:
        if node is None:
            return None
        ws = low(node)
        if "extra" in ws:
            return "extra-deck"
        if "top" in ws:
            return "deck"
        for w in ws:
            if w in PLACE_WORDS:
                return PLACE_WORDS[w]
        return None

    def summon_kind(self, node: Tree) -> str | None:
        kinds = ["procedure" if low(k) == ["contact", "fusion"] else low(k)[0]
                 for k in node.iter_subtrees_topdown() if k.data == "summon_kind"]
        kinds = [k for k in kinds if k != "special"] or kinds
        return kinds[0] if kinds else None


# the relative clauses the grammar spells out (eff_does): the action each one names
REL_VERBS = {"rel_destroys": "destroy", "rel_negates": "negate", "rel_adds": "add",
             "rel_summons": "special-summon"}
