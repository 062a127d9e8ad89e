"""The question's own words made plain, shared by the told situation and the families: whose
card a described card is ("my", "their"), words normalised for comparing, count words."""

from __future__ import annotations

import re

from ..gamewords import gamewords


COUNT_WORDS = gamewords().counts("told")   # "two of my opponent's Set cards", "I control two X"

EFF_PARTS = ("eff_noun", "eff_desc", "eff_rel", "eff_does")


def owner_in_words(ws: list[str]) -> str | None:
    for w, nxt in zip(ws, ws[1:]):
        # a rules exam's "Player A's X" / "Player B's X" (Player A is the asker: parser/transform)
        if w == "player" and nxt in ("a", "a's", "b", "b's"):
            return "you" if nxt.startswith("a") else "opponent"
    if "opponent" in ws or "opponent's" in ws or "their" in ws or "theirs" in ws:
        return "opponent"
    if "my" in ws or "i" in ws or "mine" in ws:
        return "you"
    return None


def norm(text: str) -> str:
    return " ".join(re.sub(r"[^\w\s]", " ", text.lower()).split())


def norm_words(ws) -> list[str]:
    out = []
    for w in ws:
        w = re.sub(r'["\'.,]', "", w.lower()).replace("-type", "")
        w = {"your": "my", "their": "my"}.get(w, w)
        if w.endswith("s") and len(w) > 3 and not w.endswith("ss"):
            w = w[:-1]
        if w and w not in ("the", "in", "on", "of", "&"):
            out.extend(w.split("/") if w in ("spell/trap",) else [w])
    return out


# words that say nothing of which card an action is done to (or what is targeted)
# ("does it target anything?": whatever it targets; "those two monsters": a demonstrative says no kind)
OBJECT_FILLER = {"a", "an", "the", "of", "my", "your", "their", "its", "own", "from", "to", "on", "in",
                 "up", "exactly", "card's", "cards'", "for", "and", "or", "with", "that", "as",
                 "anything", "something", "those", "these"}
SAME_WORD = {"graveyard": "gy", "i": "you", "me": "you", "yours": "you", "attacker": "attacking",
             "attackers": "attacking"}       # "the attacker": the attacking monster


def thing_words(text: str) -> list[str]:
    """A thing's words as the question said them, made plain for comparing with a card's text:
    lower case, "'s" dropped, filler words left out ("the", "my", "from", ...)."""
    ws = [w.strip(".,?!'\"()").lower() for w in text.split()]
    ws = [w[:-2] if w.endswith("'s") else w for w in ws]
    return [SAME_WORD.get(w, w) for w in ws if w and w not in OBJECT_FILLER]


def numbers_missing(said: list[str], text: str) -> list[str]:
    """The numbers said of a thing ("a Level 4 Fiend") that do not stand in a card's text ("a"
    or "1" ask nothing)."""
    return [w for w in said if w.isdigit() and w != "1" and
            not re.search(rf"(?<![\w-]){w}(?![\w-])", text)]


def words_fit(obj: list[str], quote: str) -> bool:
    """Does every word of a thing stand in a card's text (a cost, a part, what it targets):
    numbers as numbers ("two" and "2"; "a" or "1" ask nothing), "this card" / "itself" as
    "this card", plurals and "Graveyard"/"GY", "Life Points"/"LP" alike?"""
    from ..reader.phrases import names_this_card
    values = dict(gamewords().numbers)
    q = quote.lower().replace("life points", "lp").replace("graveyard", "gy").replace("/", " ")
    qws = {SAME_WORD.get(w, w) for w in (x.strip(".,;:()\"'") for x in q.split())}
    qws |= {w[:-2] for w in qws if w.endswith("'s")}
    qws |= {w[:-1] for w in qws if w.endswith("s")} | {w[:-3] + "y" for w in qws if w.endswith("ies")}
    for i, w in enumerate(obj):
        if w in ("this", "itself", "it"):
            if not names_this_card(quote):
                return False
            continue
        if w == "card" and i and obj[i - 1] == "this":
            continue
        n = values.get(w, int(w) if w.isdigit() else None)
        if n is not None:
            if n != 1 and str(n) not in qws:
                return False
            continue
        # ("Spell/Trap" or "Spells/Traps": each word of it, as the text's "/" is read apart)
        for part in w.split("/") if "/" in w else [w]:
            stem = part[:-1] if part.endswith("s") and len(part) > 3 else part
            if stem in _KINDS and "card" in qws and not _KINDS & qws:
                continue        # "a monster" is one of "other cards" (a text that names no kind)
            if stem == "card" and _KINDS & qws:
                continue        # (paraphrases 128) "a card": what the text names is a card
            if part not in qws and stem not in qws:
                return False
    return True


_KINDS = {"monster", "spell", "trap"}


def card_fits(kind: str, quote: str) -> bool:
    """Does a named card of this kind (monster, spell, trap) fit what a cost or part does it to
    ("Discard 1 card" fits any card; "Tribute 1 monster" a monster; "send 1 Spell" a Spell)?"""
    import re

    q = quote.lower()
    nouns = {"card", "cards", "this card"}
    nouns |= {"monster": {"monster", "monsters"}, "spell": {"spell", "spells", "spell/trap"},
              "trap": {"trap", "traps", "spell/trap"}}.get(kind, set())
    return any(re.search(rf"\b{re.escape(n)}\b", q) for n in nouns)


def itself_fits_cost(card, quote: str) -> bool:
    """Can the card pay its own cost with itself: does it fit what the cost's words describe
    ("Tribute 1 face-up Plant monster" of a Plant monster, game-rules#cost.13)?  Every Type,
    Attribute and kind of card the words name must be the card's, and they must name one;
    words that leave the card out ("other", "another", "except this card") never fit.  (Unlike
    :func:`card_fits`, a cost that names only "1 card" says nothing of the card itself.)"""
    low = quote.lower()
    if card is None or re.search(r"\b(?:other|another|except)\b", low):
        return False
    gw = gamewords()
    types = [t for t in gw.types if re.search(rf"\b{re.escape(t.lower())}(?:-type)?s?\b", low)]
    attrs = [a for a in gw.attributes if re.search(rf"\b{a.lower()}\b", low)]
    kinds = [k for k in ("monster", "spell", "trap") if re.search(rf"\b{k}s?\b", low)]
    if not (types or attrs or kinds):
        return False
    return (not types or (card.race or "").lower() in [t.lower() for t in types]) and \
        (not attrs or (card.attribute or "").upper() in attrs) and \
        (not kinds or card.kind in kinds)


def moved_by_verb(verb: str | None, places: list) -> str | None:
    """What a move told with a game verb did to the card ("destroy" → destroyed; "return" → to
    the hand or the Deck, by the last place said); None for a verb that moves nothing so told."""
    return {"destroy": "destroyed", "banish": "banished", "send": "sent-to-gy",
            "tribute": "tributed", "discard": "discarded",
            "return": "returned-to-hand" if places[-1:] == ["hand"] else
            "returned-to-deck" if places[-1:] == ["deck"] else
            "returned-to-extra" if places[-1:] == ["extra-deck"] else None}.get(verb)


def card_ir(card: str, text: str | None = None, desc=()) -> dict:
    """The effect reference a card named by its name alone makes (what the parse's ``eff_card``
    reads as): resolved by :meth:`.refs.EffectRefs.effect_ref` like any other."""
    return {"how": "eff_card", "card": card, "ord": None, "desc": list(desc), "quote": None,
            "rel": None, "text": text or card}
