"""What a question says of the part it asks about, checked against that part's text (hunt 126a).

"Do I still Special Summon a Normal Monster from my GY?", "Is it returned to the Deck?", "Do I
still add an Ice Barrier monster to my opponent's hand?": the words that say where the card comes
from or goes to, in which position, to whose hand, and what kind of card it is, are part of what
is asked.  A part picked by its verb alone would answer the question as if those words were not
there; so each one must stand in the text of a part of the effect that does that verb, else the
question is refused naming the words (never answered as another question).
"""

from __future__ import annotations

import re

from lark import Token, Tree

from ...parser.transform import find, low

# the families whose answer is what a part of an effect does
_PART_FAMILIES = ("affected", "clause-done", "resolves")
# the places a question may say, and how a part's text says them
_PLACE_TEXT = {"gy": r"\b(?:gy|graveyard)\b", "deck": r"(?<!extra )\bdeck\b",
               "extra-deck": r"\bextra deck\b", "hand": r"\bhand\b",
               "banished": r"\bbanish", "field": r"\bfield\b|\bcontrols?\b|\bzone\b"}
# words of a described card that say nothing a part's text must hold
_GENERIC = {"a", "an", "the", "1", "one", "my", "your", "their", "his", "her", "opponent's", "opp's",
            "monster", "monsters", "card", "cards", "it", "them", "that", "this", "those", "target",
            "targets", "targeted", "other", "another", "same", "face-up", "still", "more", "its"}
_TOP = re.compile(r"\b(?:top|bottom)\b")


def check_said_of_part(st, question: Tree, spec: dict) -> None:
    """Refuse (``st.fail``) a question whose words about the asked part are not its text's."""
    if spec.get("family") not in _PART_FAMILIES or not isinstance(spec.get("effect"), dict):
        return
    ref = spec["effect"]
    if not ref.get("card") or ref.get("generic"):
        return
    found = st.effect_of(ref)
    if found is None:
        return
    reading, eid = found
    node = find(question, "outcome_q") or question
    verb_node = find(node, "act_verb")
    verb = spec.get("part") if isinstance(spec.get("part"), str) else None
    if verb is None and verb_node is not None:
        verb = st.r.action(verb_node)
    if verb is None:
        return
    quotes = [f.source.quote for f in reading.facts
              if f.type in ("clause", "clause_verb") and f.get("effect") == eid and
              f.get("verb") == verb and f.source is not None]
    if not quotes:      # (a verb said in other words, "placed" of "shuffle"): the effect's parts
        quotes = [f.source.quote for f in reading.facts if f.type == "clause" and
                  f.get("effect") == eid and f.source is not None]
    if not quotes:
        return
    text = " ".join(quotes).lower()
    # a part done to its target ("Special Summon it"), the target told where it was and not told to
    # move: "from X" must be where its targets are chosen ("1 monster in your GY")
    where = "" if st.changed else " ".join(
        f.source.quote for f in reading.facts
        if f.type == "target" and f.get("effect") == eid and f.source is not None).lower()
    unsaid = words_not_in_part(" ".join(low(node)), text, where)
    if unsaid:
        st.fail(f"{reading.card.name} does not say {unsaid!r} for that part", node)
    _kind_fits(st, node, text, reading.card.name)


# "from my GY", "to the Deck", "on top of the Deck", "to my opponent's hand", "in Attack Position"
_PLACE_SAID = re.compile(
    r"\b(?P<how>from|to|into|onto|on top of|to the top of|on the bottom of|to the bottom of)\s+"
    r"(?P<whose>(?:the|my|your|their|his|her|its owner's|my opponent's|the opponent's|opponent's|"
    r"opp's)\s+)?(?P<place>gy|graveyard|main deck|extra deck|deck|hand|field|banishment)\b")
# a targeting text that says where its targets are ("in your GY", "on the field", "you control")
_PLACED = re.compile(r"\b(?:in|on) (?:the |your |their |either player's |your opponent's )?(?:gy|graveyard|hand|field|deck|banishment)\b|\bcontrols?\b|\bbanished\b")
# where a part's text takes cards from ("from your hand or Deck")
_FROM_TEXT = re.compile(r"\bfrom ((?:the |your |their |either player's |your opponent's )?[^.;:]{1,60})")
_POSITION_SAID = re.compile(r"\bin (?:face-up |face-down )?(?P<pos>attack|defense) position\b")
_PLACE_KEY = {"graveyard": "gy", "main deck": "deck", "extra deck": "extra-deck",
              "banishment": "banished"}


def words_not_in_part(said: str, text: str, where: str = "") -> str | None:
    """The first words of ``said`` (a question, lower case) about where a part takes or puts a
    card, or the position it puts it in, that the part's ``text`` does not say; None when all do.
    ``where``: the text its targets are chosen by, for a part done to them (their place)."""
    said = said.lower()
    text = text.lower()
    sources = _FROM_TEXT.findall(text)
    for m in _PLACE_SAID.finditer(said):
        place = _PLACE_KEY.get(m.group("place"), m.group("place"))
        rx = _PLACE_TEXT.get(place)
        if m.group("how") == "from" and not sources:
            # a part done to its target ("banish it"): "from X" says where the target is, which
            # its targeting says (when the story did not move it)
            if where and rx is not None and _PLACED.search(where) and not re.search(rx, where):
                return m.group()
            continue
        if m.group("how") == "from":
            if rx is not None and not any(re.search(rx, s_) for s_ in sources):
                return m.group()
        elif rx is not None and not re.search(rx, text):
            return m.group()
        if ("top" in m.group("how") or "bottom" in m.group("how")) and not _TOP.search(text):
            return m.group()
        if "opp" in (m.group("whose") or "") and "opponent" not in text:
            return m.group()
    for m in _POSITION_SAID.finditer(said):
        if f"{m.group('pos')} position" not in text:
            return m.group()
    return None


def _kind_fits(st, node: Tree, text: str, card: str) -> None:
    """"a Normal Monster", "an Ice Barrier monster", "a Spell Card", "Blue-Eyes White Dragon": what
    kind of card an indefinite object is, as the part's text says it (a target said again, "it",
    "the target", is the target)."""
    obj = find(node, "outcome_obj")
    thing = find(obj, "thing") if obj is not None else None
    if thing is None:
        return
    ws = low(thing)
    if not ws or ws[0] not in ("a", "an", "1", "one"):
        return      # the target said again ("it", "the target", its name): the target's
    words = []
    for t in thing.children:
        if isinstance(t, Tree) and t.data == "thing_post":
            break                       # "from my GY": a place, checked as one
        if isinstance(t, Tree):
            words += low(t)
        elif isinstance(t, Token):
            words.append(str(t).lower())
    plain = re.sub(r"[^a-z0-9 ]+", " ", text)
    for w in [p_ for w in words for p_ in re.split(r"[^a-z0-9'-]+", w.lower())]:
        w = w.strip("\"'")
        if not w or w in _GENERIC or w.isdigit():
            continue
        stem = w[:-1] if w.endswith("s") and len(w) > 3 else w
        if not re.search(rf"\b{re.escape(stem)}", plain):
            st.fail(f"{card} does not say {' '.join(ws)!r} for that part", thing)


__all__ = ["check_said_of_part", "words_not_in_part"]
