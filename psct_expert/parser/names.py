"""Finding card names inside a sentence.

Official names, the guides' spellings, aliases, possessives ("Gorz's effect"),
a short first word of a card already named ("Lyla"), and small typos.
"""

from __future__ import annotations

import re as plain_re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path


from .. import kre as re  # re, each pattern's program kept on disk (psct_expert.kre)
from ..cards import CardDB, name_key
from ..gamewords import gamewords, type_forms
from ..namecache import kept_mentions
from ..yamlpos import safe_load

VOCAB_PATH = Path(__file__).with_name("vocabulary.yaml")
MAX_NAME_TOKENS = 14


@lru_cache(maxsize=1)
def vocabulary() -> dict:
    return safe_load(VOCAB_PATH.read_text(encoding="utf-8"), VOCAB_PATH)


def _ordinals() -> dict:
    return {str(k).lower(): v for k, v in vocabulary()["ordinals"].items()}


@lru_cache(maxsize=4)
def _name_keys(entry: str) -> frozenset:
    """The name keys of a list of words in vocabulary.yaml (``not_card_names``: game terms, never
    card names; ``lower_not_card_names``: words, when written in lower case; ``terms_after_as``)."""
    return frozenset(name_key(n) for n in vocabulary().get(entry) or ())


def _not_names() -> frozenset:
    return _name_keys("not_card_names")


def _after_as() -> frozenset:
    return _name_keys("terms_after_as")


def _quoted(text: str, s: int, e: int) -> bool:
    """The words at ``s:e`` stand in quotation marks ('"Pendulum Scale"')."""
    return s > 0 and e < len(text) and text[s - 1] in "\"'“" and text[e] in "\"'”"


def _term_after_as(text: str, s: int, e: int) -> bool:
    """"I used X as Synchro Material": a game term after "as" (``terms_after_as``), not a card."""
    return name_key(text[s:e]) in _after_as() and \
        re.search(r"\bas\s+(?:the\s+|a\s+|an\s+)?$", text[:s], re.I) is not None


@lru_cache(maxsize=1)
def _game_words() -> frozenset:
    """Words of the game's own terms (and small words): a run of only these is no card name."""
    words = {w for n in vocabulary()["not_card_names"] for w in name_key(n).split()}
    return frozenset(words | {"a", "an", "of", "and", "or", "i", "player", "card", "cards", "monster",
                              "monsters", "effect", "effects", "when", "if", "its", "it", "this",
                              "that", "the", "quick", "special", "normal", "summon", "dark",
                              "light", "fire", "water", "earth", "wind", "black", "white",
                              "blue", "red", "number", "king", "world", "dragon", "magician"})


ORDINALS = _ordinals()


@dataclass
class Mention:
    start: int
    end: int
    card: str      # the card's name in the database (or override)
    text: str      # as written


_TOKEN = re.compile(r"\S+")
_TRAIL = re.compile(r"(?:['\u2019]s|['\u2019])?[?!,;:.)\"']*$")


_CLEAN_END = re.compile(r"(['\u2019]s)?([?!,;:)\"']*)$")


def _clean_end(text: str, start: int, end: int) -> tuple[int, bool]:
    """Strip trailing punctuation and a possessive; return the new end and whether 's was cut."""
    seg = text[start:end]
    m = _CLEAN_END.search(seg)
    cut = len(seg)
    possessive = False
    if m:
        cut = m.start()
        possessive = bool(m.group(1))
    # keep a final period that belongs to the name ("Lord of D.") but drop a sentence end
    while cut > 0 and seg[cut - 1] in "?!,;:\"'":
        cut -= 1
    return start + cut, possessive


def _kept_per_database(find):
    """``find(text, db, plain_word)``'s mentions kept on ``db`` (:meth:`CardDB.memo`): a
    question's sentence is looked up again by its second reading and its nearest questions.
    Each call gets mentions of its own."""
    def kept(text: str, db: CardDB, plain_word=None) -> list[Mention]:
        memo = db.memo("find_cards")
        key = (text, plain_word)
        try:
            got = memo.get(key)
        except TypeError:       # a word test that cannot be a key: looked up each time
            return find(text, db, plain_word)
        if got is None:     # (a sentence some process searched is read back from disk)
            got = memo[key] = tuple(kept_mentions(text, db, plain_word, find, Mention))
        return [Mention(m.start, m.end, m.card, m.text) for m in got]

    kept.__wrapped__ = find
    kept.__doc__ = find.__doc__
    return kept


@_kept_per_database
def find_cards(text: str, db: CardDB, plain_word=None) -> list[Mention]:
    """Card mentions, longest first, not overlapping, in order of appearance.

    A name written in lower case is taken only when ``plain_word`` (a test for
    words of the question language) says that not every one of its words is a
    plain word: "does raigeki target?" names a card, "negate attack" does not.
    """
    tokens = [(m.start(), m.end()) for m in _TOKEN.finditer(text)]
    mentions: list[Mention] = []
    i = 0
    not_names, lower_not_names = _not_names(), _name_keys("lower_not_card_names")
    starts = _name_starts(db)
    while i < len(tokens):
        s = tokens[i][0]
        first = text[s:tokens[i][1]].lstrip('"\'(')
        lower = bool(first) and first[0].islower()
        if not first or (lower and plain_word is None) or not (first[0].isalnum()):
            i += 1
            continue
        s = s + (len(text[s:tokens[i][1]]) - len(text[s:tokens[i][1]].lstrip('"\'(')))
        found = None
        top = min(len(tokens), i + MAX_NAME_TOKENS) - 1
        if starts is not None:
            top = _last_possible(text, s, tokens, i, top, starts)
        for j in range(top, i - 1, -1):
            e = tokens[j][1]
            for end in _candidate_ends(text, s, e):
                cand = text[s:end]
                key = name_key(cand)
                if not key or (key in not_names or lower and key in lower_not_names) and \
                        not _quoted(text, s, end):
                    # a game term ("Pendulum Scale"), or a word written in lower case ("quick
                    # question:", not the card Question): a card only when quoted
                    continue
                if cand.rsplit(None, 1)[-1].lower() == "the":
                    continue      # keys leave "the" out: "X the same turn" does not name "X the"
                if lower and all(plain_word(w) for w in re.findall(r"[\w'/-]+", cand)):
                    continue
                card = db.find(cand)
                if card is not None and lower and _chain_verb_before_a_name(text, s, cand, db):
                    continue      # (hunt 131j) "can i chain strike?": the verb, then Solemn Strike
                if card is not None and lower and "-" in cand and "-" not in card.name and \
                        all(plain_word(w) for w in re.findall(r"[\w'/]+", cand)):
                    card = None   # "its negate-attack effect": words of the language joined, no name
                if card is not None:
                    found = (j, end, card)
                    break
            if found:
                break
        if found and _term_end(text, s) > found[1]:
            found = None      # a game term that starts with a card's name ("Contact Fusion")
            i += 1
            continue
        if found:
            j, end, card = found
            mentions.append(Mention(s, end, card.name, text[s:end]))
            i = j + 1
        else:
            i += 1
    _short_names(text, mentions, plain_word)
    _named_in_full_first(mentions)
    _typos(text, db, mentions)
    # (names) a word of a named card inside a name its text quotes ("a Level 4 Magnet Warrior"
    # beside Alpha The Electromagnet Warrior) says that group, not the card
    groups = quoted_groups(text, db, [m for m in mentions if name_key(m.text) == name_key(m.card)])
    # ("another Gladiator Beast": two words of Gladiator Beast Gyzarus that its text quotes are the
    # group; a lone word that is the whole quoted name, "the banished Kozmo", keeps its reading)
    mentions[:] = [m for m in mentions
                   if not any(s <= m.start and m.end <= e and
                              (e - s > m.end - m.start or len(m.text.split()) > 1 or _a_kind(text, s, e))
                              for s, e in groups)]
    # "I used X as Synchro Material": a game term after "as", never the card of that name
    mentions[:] = [m for m in mentions if not _term_after_as(text, m.start, m.end)]
    mentions.sort(key=lambda m: m.start)
    return _widened(text, _beside_an_alias(text, db, mentions, plain_word))


# a player, or a modal and a player, before a verb ("can i chain ...", "they chain ...")
_PLAYER_BEFORE = re.compile(r"(?:^|\b)(?:i|we|they|he|she|you|opp|opponent|to)\s+$", re.IGNORECASE)


def _chain_verb_before_a_name(text: str, s: int, cand: str, db: CardDB) -> bool:
    """(hunt 131j) "can i chain strike?", "they chain crow": a name written in lower case that
    begins with "chain" (Chain Strike, Chain Destruction), right after a player, whose other words
    are themselves a card's name or nickname, is the verb and that card."""
    first, _, rest = cand.partition(" ")
    return first.lower() == "chain" and bool(rest) and \
        _PLAYER_BEFORE.search(text[:s]) is not None and db.find(rest) is not None


def _named_in_full_first(mentions: list[Mention]) -> None:
    """(hunt 72) A name written short (a nickname, or a word of a name) in a question that names in
    full a card whose name holds those words ("My opponent activates Kashtira Unicorn's effect.
    Does Unicorn's effect target?") is that card, never the card the nickname stands for
    elsewhere; when two cards named in full hold them, the short name is left to the reader of
    names to refuse."""
    full = [m for m in mentions if name_key(m.text) == name_key(m.card)]
    drop = []
    for k, m in enumerate(mentions):
        said = name_key(m.text).split()
        if not said or name_key(m.text) == name_key(m.card):
            continue
        holders = {x.card for x in full
                   if _holds_run(name_key(x.card).split(), said)}
        if len(holders) == 1 and m.card not in holders:
            mentions[k] = Mention(m.start, m.end, holders.pop(), m.text)
        elif len(holders) > 1:
            drop.append(m)      # "I control Knightmare Unicorn and Kashtira Unicorn ... Unicorn"
    mentions[:] = [m for m in mentions if m not in drop]


def _holds_run(words: list[str], run: list[str]) -> bool:
    return any(words[i:i + len(run)] == run for i in range(len(words) - len(run) + 1))


def _beside_an_alias(text: str, db: CardDB, mentions: list[Mention], plain_word) -> list[Mention]:
    """(names) A name written short (a nickname, or a word of a name) with a word of no language
    beside it that, with it, stands in one other card's name as a run of whole words is that
    card's name written in part: "raging phoenix" is Salamangreat Raging Phoenix, not the card
    "phoenix" alone is short for."""
    out: list[Mention] = []
    for m in mentions:
        if name_key(m.text) == name_key(m.card):
            out.append(m)                        # the name in full
            continue
        best = m
        before, after = _WORD_BEFORE.search(text, 0, m.start), _WORD_AFTER.match(text, m.end)
        sides = ([(before.start(1), m.end)] if before else []) + ([(m.start, after.end(1))] if after else [])
        for s, e in sides:
            beside = text[s:m.start] if s < m.start else text[m.end:e]
            if plain_word is None or plain_word(beside.strip().lower()) or \
                    any(x.start < e and s < x.end for x in mentions if x is not m):
                continue
            card = db.partial(text[s:e])
            if card is not None and card.name != m.card:
                best = Mention(s, e, card.name, text[s:e])
                break
        out.append(best)
    return out


_WORD_BEFORE = re.compile(r"([A-Za-z][\w-]*)\s+$")
_WORD_AFTER = re.compile(r"\s+([A-Za-z][\w-]*)")


def _widened(text: str, mentions: list[Mention]) -> list[Mention]:
    """A mention widened over the words beside it that stand beside it in the card's own name
    ("shooting" before "Quasar" in Shooting Quasar Dragon): one name written in part is one
    mention, not a name and a stray word (or two mentions of one card side by side)."""
    out: list[Mention] = []
    for m in mentions:
        words, said = name_key(m.card).split(), name_key(m.text).split()
        at = next((i for i in range(len(words) - len(said) + 1) if words[i:i + len(said)] == said),
                  None) if said else None
        if at is None:
            out.append(m)
            continue
        s, e, lo, hi = m.start, m.end, at, at + len(said)
        while lo > 0 and (w := _WORD_BEFORE.search(text, 0, s)) and name_key(w.group(1)) == words[lo - 1]:
            s, lo = w.start(1), lo - 1
        while hi < len(words) and (w := _WORD_AFTER.match(text, e)) and name_key(w.group(1)) == words[hi]:
            e, hi = w.end(1), hi + 1
        if out and out[-1].card == m.card and out[-1].end >= s:
            s = out.pop().start                  # two mentions of one card side by side
        if any(x.start < e and s < x.end for x in out):
            out.append(m)                        # another card's mention stands there
            continue
        out.append(m if (s, e) == (m.start, m.end) else Mention(s, e, m.card, text[s:e]))
    return out


# sentences searched in one database before its names are indexed: a search without the index
# costs ~2.5 ms more than with it, building it ~20 ms; a one-question process searches once
CALLS_BEFORE_INDEX = 4


def _name_starts(db: CardDB):
    """The beginnings of every name key of ``db`` (all its layers), strict and loose: the
    whole keys and every run of their first words.  Built once a process has looked up many
    names in ``db`` (a one-question process does not pay for it), and again when a layer
    changes; kept on the database object.  None until then."""
    chain = []
    layer = db
    while layer is not None:
        chain.append(layer)
        layer = layer.parent
    sig = tuple((id(x.cards), len(x.cards), id(x.loose), len(x.loose), id(x.aliases),
                 len(x.aliases)) for x in chain)
    kept = db.__dict__.get("_name_starts")
    if kept is not None and kept[0] == sig:
        return kept[1]
    calls = db.__dict__.get("_name_calls", 0)
    if calls < CALLS_BEFORE_INDEX:
        db.__dict__["_name_calls"] = calls + 1
        return None
    # each layer's own beginnings (the shipped layer's read from disk: CardDB.name_beginnings)
    parts = [x.name_beginnings() for x in chain]
    starts = parts[0] if len(parts) == 1 else (frozenset().union(*(p[0] for p in parts)),
                                               frozenset().union(*(p[1] for p in parts)))
    db.__dict__["_name_starts"] = (sig, starts)
    return starts


def _last_possible(text: str, s: int, tokens: list, i: int, top: int, starts) -> int:
    """The last token a name starting at ``s`` (token ``i``) can end in.

    A candidate that ends after token ``j`` (at its end or at a cleaned end within a later
    token) holds all of ``text[s:end of j]``, and the name key of a longer text begins with the
    key of the shorter one (keys are words of letters and digits, and the text is cut between
    tokens); so once that key begins no name key, strict or loose, no longer candidate names a
    card.  Token ``j`` itself stays a candidate: its cleaned end may still be a name.
    (Only a speed-up: the candidates it drops are those ``db.find`` would not find.)"""
    strict, loose = starts
    for j in range(i, top + 1):
        seg = text[s:tokens[j][1]]
        whole, key = name_key(seg, keep_the=True), name_key(seg)
        # an empty key (only "the", or letters outside a-z) begins every key
        if whole and key and whole not in strict and key not in loose:
            return j
    return top


def _candidate_ends(text: str, s: int, e: int):
    ends = [e]
    clean, possessive = _clean_end(text, s, e)
    if clean != e:
        # "Dark Magician's effect": the name with its possessive cut is tried first (the whole
        # run, apostrophe forgiven, would be "Dark Magicians", another card's name); (hunt 72)
        # and only it: "Magical Cylinder's effect" is no "Magical Cylinders"
        if possessive and re.search(r"['\u2019]s\W*$", text[s:e]):
            ends = [clean]
        else:
            ends.insert(0, clean) if possessive else ends.append(clean)
    if text[s:clean].endswith("."):
        ends.append(clean - 1)
    seen = set()
    for x in ends:
        if x > s and x not in seen:
            seen.add(x)
            yield x


def _short_names(text: str, mentions: list[Mention], plain_word=None) -> None:
    """A capitalised word that starts a card already named refers to that card; so does the
    same word in lower case ("pot of desires ... desires got negated") when it is no word of
    the question language."""
    taken = [(m.start, m.end) for m in mentions]
    firsts = {}
    for m in mentions:
        # the first word, or the last ("Gyzarus" for Gladiator Beast Gyzarus), of a card named
        # and the first after a dash ("Zephyros" for Blackwing - Zephyros the Elite)
        for w in (re.match(r"[A-Za-z][\w-]*", m.card), re.search(r"[A-Za-z][\w-]*$", m.card),
                  re.search(r"(?<= - )[A-Za-z][\w-]*", m.card)):
            # (names) a word of three letters too ("Jin's ATK"), as written only
            # (and one of two letters that is no English word: "Hu" for Fortune Fairy Hu)
            if w and (len(w.group()) >= 3 or len(w.group()) == 2 and not _english(w.group())) and \
                    name_key(w.group()) not in _game_words():
                firsts.setdefault(w.group(), m.card)
    # (names) two words or more of a card named in full, together as its name has them, in any
    # case ("... Stardust Charge Warrior ... does charge warrior miss the timing?")
    for m in list(mentions):
        if name_key(m.text) != name_key(m.card):
            continue
        parts = re.findall(r"[A-Za-z][\w'\-]*", m.card)
        for size in range(len(parts) - 1, 1, -1):
            for i in range(len(parts) - size + 1):
                run = parts[i:i + size]
                if set(name_key(" ".join(run)).split()) <= _game_words() | {"the", "of", "and"}:
                    continue
                pattern = r"(?<![\w\-])" + r"\s+".join(plain_re.escape(w) for w in run) + r"(?![\w\-])"
                for g in plain_re.finditer(pattern, text, plain_re.IGNORECASE):
                    over = [x for x in mentions if x.start < g.end() and g.start() < x.end]
                    if any(x.start < g.start() or g.end() < x.end for x in over):
                        continue    # (a longer name, or one that goes past the run, stays)
                    # (the words of other names it holds are this card's: "storm rider")
                    mentions[:] = [x for x in mentions if x not in over]
                    taken[:] = [(x.start, x.end) for x in mentions]
                    mentions.append(Mention(g.start(), g.end(), m.card, g.group()))
                    taken.append((g.start(), g.end()))
    for word, card in firsts.items():
        lower_ok = plain_word is not None and not plain_word(word.lower()) and (
            len(word) >= 4 or len(word) == 2 and not _english(word.lower()))
        # (a card's own word: compiled by re itself, not kept on disk with the fixed patterns)
        # (round 118: never a part of a hyphenated word, "down" of "face-down")
        for m in plain_re.finditer(rf"(?<![\w\-]){re.escape(word)}(?![\w\-])(?:['\u2019]s)?", text,
                                   re.IGNORECASE if lower_ok else 0):
            if any(a <= m.start() < b for a, b in taken):
                continue
            end = m.start() + len(word)
            if _in_longer_name(text, m.start(), end, card):
                continue
            if _said_as_a_kind(text, m.start(), end, word):
                continue
            mentions.append(Mention(m.start(), end, card, text[m.start():end]))
            taken.append((m.start(), end))


# a Type or Attribute word said of a card ("an Insect monster", "a Level 5 or higher Insect"), not
# the short name of a card whose name ends or starts with it
_KIND_BEFORE = re.compile(r"(?:\b(?:a|an)|\b(?:level|rank)\s+\d+(?:\s+or\s+(?:higher|lower|more|less))?)"
                          r"\s+$", re.IGNORECASE)
_KIND_AFTER = re.compile(r"^\s+(?:monsters?|cards?|tokens?)\b", re.IGNORECASE)


@lru_cache(maxsize=1)
def _kind_words() -> frozenset[str]:
    """Every Type (each of its forms) and Attribute, in lower case (gamewords.yaml)."""
    g = gamewords()
    return frozenset({w.lower() for t in g.types for w in type_forms(t)} |
                     {a.lower() for a in g.attributes})


def _said_as_a_kind(text: str, start: int, end: int, word: str) -> bool:
    return word.lower() in _kind_words() and (_KIND_BEFORE.search(text[:start]) is not None or
                                              _KIND_AFTER.match(text[end:]) is not None)


_QUESTION_WORDS = re.compile(r"^(?:(?:Does|Do|Is|Are|Can|Could|If|When|After|Will|Would|Must|"
                             r"What|How|Why|Should|Suppose|While|Since|Because|Then|Later|But|I)\s+)+")
# (names) a dash between capitalised words stays in the run ("ZS - Banish Sage"): a misspelt
# name with an archetype before a dash is looked up whole
_CAP_RUN = re.compile(r"\b[A-Z][\w'\-]*(?:\s+(?:of|the|and|&|de|-(?=\s+[A-Z])|[A-Z0-9][\w'\-:,.]*))*")


def _free_runs(text: str, mentions: list[Mention]):
    """Capitalised runs of words (question words dropped) that no mention covers: (start, end)."""
    taken = [(m.start, m.end) for m in mentions]
    for m in _CAP_RUN.finditer(text):
        s, e = m.start(), m.end()
        lead = _QUESTION_WORDS.match(text[s:e])
        if lead:
            s += lead.end()
        # (names) the small words a run may hold inside a name never end it ("Moon'd the")
        tail = re.search(r"(?:\s+(?:of|the|and|&|de|-))+$", text[s:e])
        if tail:
            e = s + tail.start()
        e, _ = _clean_end(text, s, e)
        if s >= e or any(s < b and a < e for a, b in taken):
            continue
        words = name_key(text[s:e]).split()
        if len(text[s:e].split()) < 2 or " ".join(words) in _not_names() or \
                _only_game_words(words):
            continue
        # (names) game words before the name ("Tributed 2 to Normal Summon Gizmek Orochi"): the
        # run after them names the card, never the run with them ("Special Summoned Blaster" is
        # no unknown card: "Blaster" is a word of names, said as people shorten them)
        k = s
        for w in re.finditer(r"[A-Za-z][\w'\-]*|\d+", text[s:e]):
            if not _only_game_words([name_key(w.group())]) or not name_key(w.group()):
                break
            k = s + w.end()
        while k < e and text[k].isspace():
            k += 1
        if k == s or not _ACTION_LEAD.match(text[s:k]):
            yield s, e      # ("Dark Magican": an Attribute or a Type may open a name)
        if s < k < e and len(text[k:e].split()) >= 2:
            yield k, e


# game words that say what is done, before a name ("Special Summoned Blaster", "Tributed 2 to
# Normal Summon ..."): never the start of the name they stand before
_ACTION_LEAD = re.compile(r"(?i)\s*(?:(?:normal|special|tribute|flip|synchro|xyz|link|fusion|ritual|"
                          r"pendulum)\s+)?(?:summon|summons|summoned|summoning|tribute|tributes|"
                          r"tributed|tributing|activate|activates|activated|banish|banished|"
                          r"discard|discarded|negate|negated|destroy|destroyed|set)\b")


def _only_game_words(words: list[str]) -> bool:
    """(names) Words of the game's terms only, in any form, with numbers and "I" ("Main Phase 1, I",
    "Special Summoned", "Monster Zones and 4", "Tributing 1"): no card name."""
    game = _game_words() | {"zone", "zones", "phase", "step", "hand", "target", "tribute", "banish",
                            "discard", "activate", "negate", "destroy", "draw"}
    for w in words:
        if w.isdigit() or w in game:
            continue
        if not any(w.endswith(x) and w[:len(w) - len(x)] in game or
                   w.endswith(x) and w[:len(w) - len(x)] + "e" in game
                   for x in ("s", "es", "ed", "d", "ing")):
            return False
    return True


def _typos(text: str, db: CardDB, mentions: list[Mention]) -> None:
    for s, e in list(_free_runs(text, mentions)):
        if any(s < m.end and m.start < e for m in mentions):
            continue
        if db.holding(text[s:e], most=100):
            continue        # (hunt 72) words of cards' names ("Spark Dragon"): never a misspelt other
        card = db.fuzzy(text[s:e], cutoff=88)
        if card is not None:
            mentions.append(Mention(s, e, card.name, text[s:e]))


def unknown_name_runs(text: str, mentions: list[Mention]) -> list[str]:
    """Capitalised runs that look like names but matched no card (for error messages)."""
    return [text[s:e] for s, e in _free_runs(text, mentions)]


@lru_cache(maxsize=1)
def _terms() -> re.Pattern:
    terms = sorted(vocabulary()["not_card_names"], key=len, reverse=True)
    return re.compile(r"(?:" + "|".join(re.escape(t) for t in terms) + r")\b", re.I)


def _term_end(text: str, s: int) -> int:
    """Where a game term written at ``s`` ends (``s`` when none is)."""
    m = _terms().match(text, s)
    return m.end() if m else s


def _in_longer_name(text: str, s: int, e: int, card: str) -> bool:
    """A short name next to a capitalised word it stands beside in the card's own name is part of
    a description ("a Burning Abyss monster", "another Gladiator Beast"), not the card."""
    before = re.search(r"([A-Z][\w-]*)\s+$", text[:s])
    after = re.match(r"\s+([A-Z][\w-]*)", text[e:])
    noun = re.match(r"\s+(?:monsters?|cards?)\b", text[e:])
    word = text[s:e]
    return bool(before and noun and f"{before.group(1)} {word}" in card) or \
        bool(after and f"{word} {after.group(1)}" in card)


# a lone word, possessive or not ("mirrorjade", "levianeer's"): never inside a longer word or a quote
_LONE_WORD = re.compile(r"(?<![\w'\-/\"])[A-Za-z][A-Za-z\-]{3,}(?![\w\-/])(?!'(?!s\b))")


def partial_mentions(text: str, db: CardDB, plain_word) -> list[Mention]:
    """Names written in part ("Little Knight", "mirrorjade"): a capitalised run of words, or one
    word the question language does not have, that stands in exactly one card's name as whole
    words.  Runs of game words only, and words of the language, are never names."""
    mentions = find_cards(text, db, plain_word)
    # (names) a name a named card's text quotes is that group of cards, never one card's name
    taken = [(m.start, m.end) for m in mentions] + quoted_groups(text, db, mentions)
    runs = list(_free_runs(text, mentions))
    strange = []        # (names) words of no language, perhaps a name misspelt
    english = []        # (names) words of English the question language does not have
    for m in _LONE_WORD.finditer(text):
        if plain_word(m.group().lower()) or plain_word(m.group()):
            continue
        if _english(m.group()):
            english.append(m)
            continue
        near = [x.group(1) for x in (re.search(r"([A-Z][\w'\-]*)\s+$", text[:m.start()]),
                                      re.match(r"\s+([A-Z][\w'\-]*)", text[m.end():])) if x]
        beside = any(not plain_word(w.lower()) for w in near)   # part of a longer name
        strange.append((m.start(), m.end()))
        if not beside:
            runs.append((m.start(), m.end()))
    runs += _plain_runs(text, plain_word)
    runs += _runs_around(text, [(m.start(), m.end()) for m in _LONE_WORD.finditer(text)
                                if not plain_word(m.group().lower()) and not plain_word(m.group())])
    out: list[Mention] = []
    for s, e in sorted(runs, key=lambda r: (r[0], -r[1])):
        if any(s < b and a < e for a, b in taken):
            continue
        lead = re.match(r"[.!?;]\s+", text[s:e])
        if lead is not None:
            # a run opening at a sentence's end: the name, if any, starts after it (". Can" is
            # the question's word, ". Leviathan Dragon" a name)
            s += lead.end()
            if len(text[s:e].split()) == 1 and plain_word(text[s:e].lower()):
                continue
        words = name_key(text[s:e]).split()
        if not words or set(words) <= _game_words() or " ".join(words) in _not_names():
            continue
        if text[s].islower() and " ".join(words) in _name_keys("lower_not_card_names"):
            continue        # (round 131) "thats legal": a word of the question, in lower case
        if _term_after_as(text, s, e):
            continue
        if text[s].islower() and _owned_by_a_card(text, s, mentions):
            continue        # (names) "its coin toss", "Barrel Dragon's coin toss": its effect, said
        card = db.partial(text[s:e])
        if card is not None:
            out.append(Mention(s, e, card.name, text[s:e]))
            taken.append((s, e))
    for m in _plain_word_names(text, db):
        if not any(m.start < b and a < m.end for a, b in taken):
            out.append(m)
            taken.append((m.start, m.end))
    for m in _english_in_card_slot(text, db, english):
        if not any(m.start < b and a < m.end for a, b in taken):
            out.append(m)
            taken.append((m.start, m.end))
    out += _misspelt(text, db, strange, taken, mentions)
    out += _grounded_word(text, db, strange, taken)
    return out


# (names) where only a card stands: a possessive before a word said of an effect ("diameter's
# effect", "rampage's once per turn"), or the thing a Summon or an activation is done to
_SLOT_AFTER = re.compile(r"'s\s+(?:(?:own|first|second|third|1st|2nd|3rd|once|per|turn|hopt|opt)\s+)*"
                         r"(?:effects?|eff|ability|gy|graveyard|quick|search|summon|destroy|banish|"
                         r"trigger|ignition|flip|atk|def|text|activation|negate|negation|mill|"
                         r"bounce|revive|burn|draw)\b", re.IGNORECASE)
# ... or the subject of what only a card does ("when rampage resolves", "Rampage targets 2 cards")
_SLOT_SUBJECT = re.compile(r"\s+(?:targets|targeted|resolves|resolved|activates|negates|banishes|"
                           r"destroys|attacks|attacked)\b", re.IGNORECASE)
_SLOT_LEAD = re.compile(r"(?:^|[.!?]\s+|\b(?:when|if|after|once|my|their|his|her|opp's|the)\s+)$",
                        re.IGNORECASE)
_SLOT_BEFORE = re.compile(r"\b(?:(?:normal|special|tribute|flip|synchro|xyz|link|fusion|ritual|pendulum)\s+"
                          r"summon(?:ed|s)?|summon(?:ed|s)?|activated|activates|chained)\s+(?:my\s+|their\s+|a\s+)?$",
                          re.IGNORECASE)


def _english_in_card_slot(text: str, db: CardDB, words: list) -> list[Mention]:
    """(names) A word of English that the question language does not have and that stands in
    exactly one card's name ("diameter": Mathmech Diameter) is that card where only a card stands:
    before "'s effect" (or another word said of an effect), after a Summon or an activation
    ("Normal Summoned diameter"), or as the subject of what only a card does, opening a sentence
    or a clause ("when rampage resolves").  Elsewhere such a word stays a word to place.
    ``words``: the question's lone words of English that the question language does not have."""
    out: list[Mention] = []
    slotted = {m.group().lower() for m in words
               if _SLOT_AFTER.match(text, m.end()) or _SLOT_BEFORE.search(text[:m.start()]) or
               _SLOT_SUBJECT.match(text, m.end()) and _SLOT_LEAD.search(text[:m.start()])}
    for m in words:
        # (the same word said again elsewhere in the question is the same card)
        word = m.group()
        if word.lower() not in slotted:
            continue
        card = db.partial(word)
        if card is not None and name_key(word) not in _not_names():
            out.append(Mention(m.start(), m.end(), card.name, word))
    return out


def _grounded_word(text: str, db: CardDB, strange: list, taken: list) -> list[Mention]:
    """(names) A word of no language that stands in two to four cards' names ("chidori": Lightning
    Chidori, Assault Blackwing - Chidori the Rain Sprinkling) is the one of them whose text says
    a word of what cards do that the story tells or that is said of the card's effect ("chidori's
    detach effect"), when no other of them says any such word (the lexicon's
    ``name_grounding_words``, each in any form: "detached", "negates").  The question asked never
    chooses: the card would be chosen by what is asked of it.  Otherwise it stays a word to place."""
    from .lexicon import lexicon

    grounding = [str(w).lower() for w in lexicon().get("name_grounding_words") or ()]
    # what the story tells (never the question asked: "does chidori target?" must not choose the
    # card that targets), and the words said of the card itself ("chidori's detach effect")
    told = " ".join(x for x in re.split(r"(?<=[.?!])\s+", text) if not x.rstrip().endswith("?"))
    out = []
    for s, e in strange:
        if any(s < b and a < e for a, b in taken):
            continue
        own = re.match(r"(?:'s|s)?\s+((?:[\w\-]+\s+){0,2}?)(?:effect|eff|ability)\b", text[e:])
        said = [w for w in grounding if _says(told.lower(), w) or own and _says(own.group(1).lower(), w)]
        if not said:
            continue
        keys = db.name_word_keys(name_key(text[s:e]))
        if not 2 <= len(keys) <= 4:
            continue
        cards = [db.find(db.display_name(k)) for k in keys]
        if any(c is None for c in cards):
            continue
        fits = [c for c in cards if any(_says(f"{c.text} {c.pendulum_text or ''}".lower(), w)
                                        for w in said)]
        if len(fits) == 1:
            out.append(Mention(s, e, fits[0].name, text[s:e]))
            taken.append((s, e))
    return out


def _says(text: str, word: str) -> bool:
    """Does ``text`` hold ``word`` in a form of its own ("detach", "detached", "detaches",
    "detaching"; "negate", "negated", "negation")?"""
    stem = word[:-1] if word.endswith("e") and len(word) > 4 else word
    return re.search(rf"(?<![\w\-]){re.escape(stem)}(?:e|es|s|ed|d|ing|ion|ions|ment|ments)?"
                     rf"(?![\w\-])", text) is not None


def _owned_by_a_card(text: str, s: int, mentions: list[Mention]) -> bool:
    """Do words at ``s`` follow "its" or a card's possessive ("Barrel Dragon's coin toss")?  Then
    they say what the card has (an effect), not another card."""
    if re.search(r"\bits\s+(?:(?:once per turn|soft opt|hard opt|opt|hopt|first|second|1st|2nd|"
                 r"quick|own)\s+)*$", text[:s], re.IGNORECASE):
        return True
    pos = re.search(r"['\u2019]s\s+$", text[:s])
    return pos is not None and any(m.end in (pos.start(), pos.end() - 1) or
                                   m.end == pos.start() + 2 for m in mentions)


def _misspelt(text: str, db: CardDB, strange: list, taken: list, found: list) -> list[Mention]:
    """(names) A name misspelt in any case ("infinite impermenance", "borrelload dragon",
    "apolousa"): a word of no language (``strange``, five letters or more) alone or with the words
    beside it, up to three, close to exactly one card's name or alias (:meth:`CardDB.fuzzy`, as a
    capitalised run is).  The longest such run is the name; it may take in a word already read as
    that same card ("forbiden droplet": "droplet")."""
    out = []
    named = {(m.start, m.end): m.card for m in found}
    words = list(re.finditer(r"[A-Za-z][\w'\-]*", text))
    for s, e in strange:
        if e - s < 5 or any(s < b and a < e for a, b in taken):
            continue
        if db.holding(text[s:e], most=100):
            continue        # a word of cards' names, said of several ("Dante"): never another misspelt
        at = next(i for i, w in enumerate(words) if w.start() == s)
        spans = sorted(((i, j) for i in range(max(0, at - 2), at + 1)
                        for j in range(at, min(len(words), i + 3))),
                       key=lambda ij: ij[0] - ij[1])
        for i, j in spans:
            a, b = words[i].start(), words[j].end()
            over = [(x, y) for x, y in taken if a < y and x < b]
            if any(x < a or y > b or (x, y) not in named for x, y in over) or \
                    not re.fullmatch(r"[\w'\- ]+", text[a:b]):
                continue
            if any(text[a:b].endswith(x) and db.find(text[a:b - len(x)]) is not None
                   for x in ("'d", "ed", "d", "es", "s")):
                continue        # a name with an ending ("solemn striked"): a card used as a verb
            card = db.fuzzy(text[a:b], cutoff=88)
            if card is not None and any(
                    name_key(w.group()) not in name_key(card.name).split() and
                    (w.start(), w.end()) not in strange for w in words[i:j + 1]):
                continue        # a word of the language that is not in the name ("... to")
            if card is not None and all(named[x] == card.name for x in over):
                out.append(Mention(a, b, card.name, text[a:b]))
                taken.append((a, b))
                break
    return out


# (names) where a card stands after a verb of using it: "chain counter counter to it",
# "discarded by card destruction", "i activate negate attack"
_CARD_SLOT = re.compile(r"\b(?:activate|activates|activated|activating|chain|chains|chained|chaining|"
                        r"flip|flips|flipped|by|with|against|vs)\s+((?:[a-z][a-z\-']*[,.;:!?]?\s+){1,4})")


def _plain_word_names(text: str, db: CardDB) -> list[Mention]:
    """A card's whole name written in lower case in words of the question language only ("counter
    counter", "card destruction"), where a card stands: after a verb of using a card or "by"/"with".
    Only a name of two words or more said whole (no partial name, no alias) is read so."""
    out = []
    for m in _CARD_SLOT.finditer(text + " "):
        words = list(re.finditer(r"[a-z][a-z\-']*", m.group(1)))
        for n in range(len(words), 1, -1):
            s, e = m.start(1) + words[0].start(), m.start(1) + words[n - 1].end()
            cand = text[s:e]
            if not re.fullmatch(r"[a-z][a-z\-' ]*", cand):
                continue
            card = db.find(cand)
            if card is not None and name_key(card.name) == name_key(cand) and \
                    name_key(cand) not in _not_names():
                out.append(Mention(s, e, card.name, cand))
                break
    return out


_LOWER_WORD = re.compile(r"(?<![\w'\-/\"])[a-z][a-z\-]+(?![\w\-/])(?!'(?!s\b))"
                         # (names) a sentence's first word, capitalised for the sentence only
                         # ("Moonlit chill resolved ...")
                         r"|(?:^|(?<=[.?!:] ))[A-Z][a-z\-]+(?=\s+[a-z])(?![\w\-/])(?!'(?!s\b))")


_RUN_WORD = re.compile(r"(?<![\w'\-/\"])[A-Za-z][A-Za-z\-]*")
# (names) words a run around a word of no language never starts with: they say whose or which
# thing it is ("my friend", "the scale"), not a name
_RUN_OPENERS = frozenset("my your his her their our its the a an this that these those some "
                         "any no every each".split())


def _runs_around(text: str, strange: list, longest: int = 3) -> list:
    """Names written in part around a word the question language does not have ("luster
    pendulum's effect", "the moonlit chill"): every run of two or three words in a row, joined by
    single spaces, that holds such a word (``strange``), as (start, end), whatever the other
    words are ("pendulum" is a game word too); the caller keeps a run only when it stands in
    exactly one card's name."""
    words = list(_RUN_WORD.finditer(text))
    out = []
    for i, w in enumerate(words):
        if (w.start(), w.end()) not in strange:
            continue
        for n in range(longest, 1, -1):
            for first in range(i - n + 1, i + 1):
                run = words[max(first, 0):first + n]
                if first < 0 or len(run) < n or \
                        any(text[a.end():b.start()] != " " for a, b in zip(run, run[1:])) or \
                        run[0].group().lower() in _RUN_OPENERS:
                    continue        # ("my friend says": the asker's friend, not "My Friend Purrely")
                out.append((run[0].start(), run[-1].end()))
    return out


def _plain_runs(text: str, plain_word, longest: int = 3):
    """Names written in lower case and in part ("shadow mist", "ghost belle"): every run of two
    or three words in a row, none of them a word of the question language, as (start, end); the
    caller keeps a run only when it stands in exactly one card's name."""
    words = [m for m in _LOWER_WORD.finditer(text) if not plain_word(m.group().lower())]
    out = []
    for i in range(len(words)):
        for n in range(longest, 1, -1):
            run = words[i:i + n]
            if len(run) < n or any(text[a.end():b.start()] != " " for a, b in zip(run, run[1:])):
                continue
            out.append((run[0].start(), run[-1].end()))
    return out


def archetype_words(text: str, db: CardDB, terminal, groups: list[tuple[int, int]] = ()) -> frozenset:
    """Words of ``text`` in lower case that the grammar does not have and that are a word of the
    names of two cards or more, as written or as its plural ("a madolche", "2 infernitys"), and
    no English word: an archetype said without its capital, read as a word of a name.  Words of
    English too, in ``groups``, the spans that say a name a named card's text quotes
    (:func:`quoted_groups`: "a magnet warrior", "2 gladiator beasts")."""
    out = {w.lower() for s, e in groups for w in re.findall(r"[\w\-]+", text[s:e])}
    for w in re.findall(r"(?<![\w'])[a-z][a-z\-]{3,}(?![\w'])", text):
        if terminal(w) is not None or _english(w):
            continue
        for stem in dict.fromkeys((w, w[:-1] if w.endswith("s") else w,
                                   w[:-2] if w.endswith("es") else w)):
            if not _english(stem) and len(db.name_word_keys(stem)) > 1:
                out.add(w)
                break
    return frozenset(out)


_QUOTED_NAME = re.compile(r'"([^"\n]{3,40})"')


def _a_kind(text: str, s: int, e: int) -> bool:
    """(names) Is the name at ``text[s:e]`` said as a kind of card: in quotes, or before a noun
    ('the banished "Gem-Knight" monster', "a Kozmo card")?"""
    return text[s - 1:s] in "\"'\u201c\u2018" and s > 0 or \
        bool(plain_re.match(r"[\"'\u201d\u2019]?\s+(?:monsters?|cards?|spells?|traps?)\b", text[e:],
                            plain_re.IGNORECASE))


def quoted_groups(text: str, db: CardDB, mentions: list[Mention]) -> list[tuple[int, int]]:
    """Spans of ``text`` that say, in any case and as written or as its plural, a name that the
    text of a card named in ``mentions`` quotes and that is no card's name ("a level 4 magnet
    warrior": Alpha The Electromagnet Warrior's text quotes "Magnet Warrior"): an archetype said
    without its quotes, grounded in the named card's text.  Only where it is said as a kind of
    card (a plural, quotes, a noun after it, or a count or an article of any one before it: "my
    Gladiator Beast" may be the card itself); never inside a mention."""
    names = set()
    for m in mentions:
        card = db.find(m.card)
        if card is None:
            continue
        for q in _QUOTED_NAME.findall(f"{card.text} {card.pendulum_text or ''}"):
            if q != card.name and db.find(q) is None:
                names.add(q)
    out: list[tuple[int, int]] = []
    for name in sorted(names, key=len, reverse=True):
        pattern = r"(?<![\w\-])" + r"\s+".join(re.escape(w) for w in name.split()) + r"(?:s|es)?(?![\w\-])"
        for g in plain_re.finditer(pattern, text, plain_re.IGNORECASE):
            s, e = g.start(), g.end()
            if any(s < b and a < e for a, b in out) or \
                    any(s < m.end and m.start < e for m in mentions):
                continue
            plural = len(g.group().split()[-1]) > len(name.split()[-1])
            if plural or _a_kind(text, s, e) or _KIND_BEFORE.search(text[:s]):
                out.append((s, e))
    return sorted(out)


# (names) what says a name is a kind of card: a count or an article of any one before it, perhaps
# with a few words said of the card between ("a Level 4 Magnet Warrior", "another face-up ...")
_KIND_BEFORE = plain_re.compile(r"\b(?:a|an|another|any|other|some|no|each|every|all|one|two|three|four|"
                                r"five|\d+)\s+(?:[\w\-]+\s+){0,3}$", plain_re.IGNORECASE)


def _english(word: str) -> bool:
    """A word of English ("free", "dodge"): never read as part of a card's name on its own."""
    from ..lemmas import all_lemmas

    return bool(all_lemmas(word.lower()))
