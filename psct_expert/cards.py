"""The card database: the shipped card pool, plus overrides.

Cards come from ``facts/cards.jsonl.gz`` (built from the shared data set; see
``facts/README.md``).  Look-up forgives the way people write names: case,
punctuation, dashes, a dropped "the", British spellings, and the short names
and older guide spellings listed in ``facts/aliases.yaml``.  An unknown name
raises :class:`~psct_expert.errors.UnknownCard` with the three closest names.

Overrides (card texts given in a case file or a user's own file) shadow the
database for their name.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import marshal
import os
import sys
import unicodedata
import zlib
from array import array
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Iterable


from . import kre as re  # re, each pattern's program kept on disk (psct_expert.kre)
from .appendlog import CacheLog
from .cardschema import checked_json_name, has_lone_surrogate, validate_card
from .errors import FileFormatError, PsctError, UnknownCard
from .paths import FACTS_DIR, cache_dir
from .yamlpos import safe_load

KINDS = ("monster", "spell", "trap")


@dataclass(frozen=True)
class Card:
    """One card: its name, kind, text and stats, as the database or an import gives them."""

    name: str
    kind: str
    subtypes: tuple = ()
    text: str = ""
    pendulum_text: str | None = None
    attribute: str | None = None
    race: str | None = None
    level: int | None = None
    atk: object = None
    def_: object = None
    id: int | None = None
    official_text: bool = True
    origin: str = "database"  # "database", "override: FILE", "user store"

    @classmethod
    def from_dict(cls, d: dict, origin: str = "database") -> "Card":
        """A card from its fields, checked against :mod:`.cardschema` (FileFormatError names the field)."""
        if isinstance(d, dict) and isinstance(d.get("name"), str) and not d["name"].strip():
            raise FileFormatError("a card needs a non-empty 'name'", field="name")
        v = validate_card(d)
        return cls._make(v.name, v.kind, v.subtypes, v.text, v.pendulum_text, v.attribute,
                         v.race, v.level, v.atk, v.def_, v.id, v.official_text, origin)

    @classmethod
    def from_checked(cls, d: dict, origin: str = "database") -> "Card":
        """A card from fields already checked against the schema (the shipped database's lines,
        checked when its name index is built): the same card :meth:`from_dict` makes."""
        return cls._make(d["name"], d["kind"], d.get("subtypes"), d.get("text", ""),
                         d.get("pendulum_text"), d.get("attribute"), d.get("race"),
                         d.get("level"), d.get("atk"), d.get("def"), d.get("id"),
                         d.get("official_text", True), origin)

    @classmethod
    def _make(cls, name, kind, subtypes, text, pendulum_text, attribute, race, level, atk, def_,
              id_, official_text, origin) -> "Card":
        subtypes = subtypes or []
        if isinstance(subtypes, str):
            subtypes = [subtypes]
        return cls(
            name=name.strip(), kind=kind, subtypes=tuple(s.lower() for s in subtypes),
            text=text, pendulum_text=pendulum_text, attribute=attribute, race=race,
            level=level, atk=atk, def_=def_, id=id_, official_text=official_text,
            origin=origin,
        )

    def to_dict(self) -> dict:
        return {"id": self.id, "name": self.name, "kind": self.kind,
                "subtypes": list(self.subtypes), "attribute": self.attribute,
                "race": self.race, "level": self.level, "atk": self.atk,
                "def": self.def_, "text": self.text,
                "pendulum_text": self.pendulum_text, "official_text": self.official_text}


_DASHES = str.maketrans(dict.fromkeys("\u2010\u2011\u2012\u2013\u2014\u2015\u2212", "-"))


_ISE = re.compile(r"(?<=[a-z])is(ation|e|ed|ing)\b")
_WORD = re.compile(r"[a-z0-9]+")


@lru_cache(maxsize=65536)
def name_key(name: str, keep_the: bool = False) -> str:
    """The form two spellings of one card name share."""
    s = name.translate(_DASHES)
    if not s.isascii():
        s = unicodedata.normalize("NFKD", s)
        s = "".join(ch for ch in s if not unicodedata.combining(ch))
    # an apostrophe is left out, not a word break: "Vanity's" and "vanitys" are one spelling
    s = s.casefold().replace("&", " and ").replace("'", "").replace("\u2019", "")
    if "is" in s:
        s = _ISE.sub(r"iz\1", s)  # British -ise spellings
    tokens = _WORD.findall(s)
    if keep_the:
        return " ".join(tokens)
    return " ".join(t for t in tokens if t != "the")


# (names) small words: a partial name of them and one other word names no card by its beginning
_SMALL_WORDS = frozenset({"a", "an", "of", "and", "with", "i", "to", "in", "on", "for", "from", "at",
                          "my", "your", "s"})


def name_beginnings(keys, out: set) -> None:
    """Adds to ``out`` each of ``keys`` and every run of its first words ("blue eyes white
    dragon": "blue", "blue eyes", "blue eyes white" and itself)."""
    for k in keys:
        out.add(k)
        i = k.find(" ")
        while i != -1:
            out.add(k[:i])
            i = k.find(" ", i + 1)


BEGINNINGS_MAGIC = "psct-name-beginnings 1"


def _beginnings_path(db: "CardDB") -> Path | None:
    """Where the shipped layer's name beginnings are kept: a layer read from the index file and
    not changed since (its aliases are part of the key), else None (worked out each time)."""
    if db.lines is None or db.__dict__.get("_changes") or not isinstance(db.loose, _LooseKeys):
        return None
    try:
        h = hashlib.sha256(db.lines.path.name.encode("utf-8", "surrogatepass"))
        for alias, target in sorted(db.aliases.items()):
            h.update(f"\0{alias}\t{target}".encode("utf-8", "surrogatepass"))
        return cache_dir() / f"name-beginnings1-{h.hexdigest()[:24]}.bin"
    except Exception:  # noqa: BLE001 - no cache folder (no home): worked out each time
        return None


def _read_beginnings(path: Path) -> tuple[frozenset, frozenset] | None:
    """The kept beginnings: a header line (magic, the payload's digest and size), then the two
    sets as marshal'd texts (plain data).  None when missing, damaged or of another format."""
    try:
        with open(path, "rb") as fh:
            header = fh.readline(256).decode("ascii").split()
            if len(header) != 4 or " ".join(header[:2]) != BEGINNINGS_MAGIC:
                return None
            payload = fh.read(int(header[3]) + 1)
        if len(payload) != int(header[3]) or hashlib.sha256(payload).hexdigest() != header[2]:
            return None
        strict, loose = marshal.loads(payload)
        if not (isinstance(strict, str) and isinstance(loose, str)):
            return None
        from .gcpause import paused_gc

        with paused_gc():     # tens of thousands of texts that live as long as the process
            return (frozenset(strict.split("\n")) if strict else frozenset(),
                    frozenset(loose.split("\n")) if loose else frozenset())
    except (OSError, ValueError, EOFError, TypeError, UnicodeDecodeError):
        return None


def _write_beginnings(path: Path, got: tuple[frozenset, frozenset]) -> None:
    strict, loose = got
    if any("\n" in k for k in strict) or any("\n" in k for k in loose):
        return      # (keys are words of letters and digits)
    try:
        from .atomic import atomic_write_bytes

        payload = marshal.dumps(("\n".join(sorted(strict)), "\n".join(sorted(loose))))
        header = f"{BEGINNINGS_MAGIC} {hashlib.sha256(payload).hexdigest()} {len(payload)}\n"
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_bytes(path, header.encode("ascii") + payload)
        for old in path.parent.glob("name-beginnings*"):     # an older database's, old formats
            if old != path:
                old.unlink(missing_ok=True)
    except (OSError, ValueError, PsctError):
        pass  # a cache we cannot write is only slower


def _load_aliases(path: Path) -> dict[str, str]:
    if not path.exists():
        return {}
    try:
        data = safe_load(path.read_text(encoding="utf-8"), path) or {}
    except Exception as exc:
        import yaml     # (only here: a start that finds the parsed file cached imports no YAML)

        if not isinstance(exc, yaml.YAMLError):
            raise
        mark = getattr(exc, "problem_mark", None)
        raise FileFormatError(f"invalid YAML: {getattr(exc, 'problem', exc)}", path=str(path),
                              line=mark.line + 1 if mark else None,
                              column=mark.column + 1 if mark else None) from None
    if not isinstance(data, dict):
        raise FileFormatError("aliases must be a mapping of alias to official name", path=str(path))
    return {str(k): str(v) for k, v in data.items()}


MEMO_LIMIT = 4096   # results kept per look-up on a database (:meth:`CardDB.memo`)
_UNSEEN = object()


@dataclass
class CardDB:
    """Name → card, with forgiving look-up.  Build with :func:`load_database`."""

    cards: dict[str, Card] = field(default_factory=dict)          # strict key → card
    loose: dict[str, list] = field(default_factory=dict)          # name_key → [strict keys]
    aliases: dict[str, str] = field(default_factory=dict)         # name_key(alias) → name_key(target)
    parent: "CardDB | None" = None
    extra: list = field(default_factory=list)                     # cards whose exact name repeats
    lines: "_IndexLines | None" = None    # where (offset, length, digest) entries are read from

    # -- construction -------------------------------------------------
    def add(self, card, name: str | None = None) -> None:
        """Add a Card, or (lazily) a raw JSON line with its ``name``."""
        name = card.name if isinstance(card, Card) else name
        if not isinstance(self.loose, dict):
            self.loose = dict(self.loose)   # (a table read from the index file, made a dict)
        self.__dict__.pop("_keys", None)
        self.__dict__.pop("_word_index", None)
        self.__dict__["_changes"] = self.__dict__.get("_changes", 0) + 1
        strict = name_key(name, keep_the=True)
        if strict in self.cards and self._name_of(self.cards[strict]) == name:
            self.extra.append(card)  # the same name printed on two cards: keep both
            return
        self.cards[strict] = card
        lst = self.loose.setdefault(name_key(name), [])
        if strict not in lst:
            lst.append(strict)

    def _name_of(self, entry) -> str:
        if isinstance(entry, Card):
            return entry.name
        return json.loads(self._line(entry))["name"]

    def _line(self, entry):
        """The JSON line of an entry; one kept in the index file is read (and checked) now (a
        card's number in the file, or where an extra card's line is)."""
        if type(entry) is int:
            raw = self.lines.read_nth(entry) if self.lines is not None else None
        elif not isinstance(entry, tuple):
            return entry
        else:
            raw = self.lines.read(*entry) if self.lines is not None else None
        if raw is None:         # the index file changed under us: rebuild it from the database
            self._rebuild()
            raise _IndexChanged
        return raw

    def _rebuild(self) -> None:
        src = self.lines.src if self.lines is not None else None
        fresh = _build_index(src)
        _write_index(src, fresh)
        self.cards, self.loose, self.extra, self.lines = (fresh.cards, fresh.loose, fresh.extra,
                                                          None)
        self.__dict__.pop("_keys", None)
        self.__dict__.pop("_word_index", None)
        self.__dict__["_changes"] = self.__dict__.get("_changes", 0) + 1

    def signature(self) -> tuple:
        """What look-ups in this database depend on: each layer's tables (by identity), their
        sizes and the changes made to them.  A memo kept on the database (:meth:`memo`) holds
        while this is unchanged."""
        out = []
        layer = self
        while layer is not None:
            out.append((id(layer.cards), len(layer.cards), id(layer.loose), len(layer.loose),
                        id(layer.aliases), len(layer.aliases), layer.__dict__.get("_changes", 0)))
            layer = layer.parent
        return tuple(out)

    def memo(self, name: str) -> dict:
        """A dict kept on this database for the results of the look-up ``name`` (the card names
        of a sentence, a misspelt name): emptied when the database changes (:meth:`signature`)
        and when it holds ``MEMO_LIMIT`` results."""
        sig = self.signature()
        kept = self.__dict__.get("_memo")
        if kept is None or kept[0] != sig:
            kept = self.__dict__["_memo"] = (sig, {})
        table = kept[1].setdefault(name, {})
        if len(table) >= MEMO_LIMIT:
            table.clear()
        return table

    def name_beginnings(self) -> tuple[frozenset, frozenset]:
        """The beginnings of this layer's own name keys (not its parents'), strict and loose:
        every key and every run of its first words (:func:`name_beginnings`).  Worked out once
        while the layer is unchanged; the shipped database's are kept on disk beside its index
        (verified by hash, plain data), so a process reads them instead of working them out."""
        sig = (id(self.cards), len(self.cards), id(self.loose), len(self.loose), id(self.aliases),
               len(self.aliases), self.__dict__.get("_changes", 0))
        kept = self.__dict__.get("_beginnings")
        if kept is not None and kept[0] == sig:
            return kept[1]
        where = _beginnings_path(self)
        got = _read_beginnings(where) if where is not None else None
        if got is None:
            strict: set = set()
            loose: set = set()
            name_beginnings(self.cards, strict)
            name_beginnings(self.loose, loose)
            name_beginnings(self.aliases, loose)
            got = (frozenset(strict), frozenset(loose))
            if where is not None:
                _write_beginnings(where, got)
        self.__dict__["_beginnings"] = (sig, got)
        return got

    def _entry_card(self, entry) -> Card:
        if isinstance(entry, Card):
            return entry
        # a line of the shipped database, checked against the schema when it was indexed
        return Card.from_checked(json.loads(self._line(entry)))

    def _reread(self, read):
        """``read()``; once more when the index file changed under it (it is rebuilt by then, so
        the second read sees the fresh index)."""
        try:
            return read()
        except _IndexChanged:
            return read()

    def _card(self, strict: str) -> Card:
        entry = self._reread(lambda: self._entry_card(self.cards[strict]))
        self.cards[strict] = entry
        return entry

    def layered(self, cards: Iterable[Card]) -> "CardDB":
        """A view whose given cards shadow this database for their names."""
        top = CardDB(parent=self)
        for c in cards:
            top.add(c)
        return top

    # -- look-up ------------------------------------------------------
    def _get_key(self, key: str) -> Card | None:
        """A card by loose key (name_key), when that key names exactly one card."""
        db: CardDB | None = self
        while db is not None:
            strict = db.loose.get(key)
            if strict:
                return db._card(strict[0])
            db = db.parent
        return None

    def _alias(self, key: str) -> str | None:
        db: CardDB | None = self
        while db is not None:
            if key in db.aliases:
                return db.aliases[key]
            db = db.parent
        return None

    def find(self, name: str) -> Card | None:
        """The card a name means: each layer (overrides first) by exact, then loose spelling."""
        if not isinstance(name, str):
            return None
        strict, key = name_key(name, keep_the=True), name_key(name)
        db: CardDB | None = self
        while db is not None:
            if strict in db.cards:
                return db._card(strict)
            if db.loose.get(key):
                return db._card(db.loose[key][0])
            db = db.parent
        target = self._alias(key)
        if target is not None:
            return self._get_key(target)
        return None

    def get(self, name: str) -> Card:
        card = self.find(name)
        if card is None:
            raise UnknownCard(name, self.suggest(name))
        return card

    def __contains__(self, name: str) -> bool:
        return self.find(name) is not None

    def all_keys(self) -> list[str]:
        cached = self.__dict__.get("_keys")
        if cached is not None:
            return cached
        keys: dict[str, None] = {}
        db: CardDB | None = self
        while db is not None:
            keys.update(dict.fromkeys(db.loose))
            keys.update(dict.fromkeys(db.aliases))
            db = db.parent
        self.__dict__["_keys"] = list(keys)
        return self.__dict__["_keys"]

    def all_cards(self) -> list[Card]:
        seen: dict[str, Card] = {}
        chain = []
        db: CardDB | None = self
        while db is not None:
            chain.append(db)
            db = db.parent
        extra: list[Card] = []
        for layer in reversed(chain):
            for strict in list(layer.cards):
                seen[strict] = layer._card(strict)
            extra.extend(layer._reread(lambda: [layer._entry_card(c) for c in layer.extra]))
        return list(seen.values()) + extra

    def display_name(self, key: str) -> str:
        card = self._get_key(key)
        if card is None:
            target = self._alias(key)
            card = self._get_key(target) if target else None
        return card.name if card else key

    def suggest(self, name: str, limit: int = 3) -> list[str]:
        from rapidfuzz import fuzz, process

        keys = self.all_keys()
        hits = process.extract(name_key(name), keys, scorer=fuzz.QRatio, limit=limit * 3)
        out: list[str] = []
        for key, _score, _ in hits:
            display = self.display_name(key)
            if display not in out:
                out.append(display)
            if len(out) == limit:
                break
        return out

    def name_word_keys(self, word: str) -> list[str]:
        """The name keys that have ``word`` as one of their words (the index :meth:`partial`
        keeps)."""
        return self._name_word_index().get(name_key(word), [])

    def _name_word_index(self) -> dict:
        index = self.__dict__.get("_word_index")
        if index is None:
            index = {}
            for k in self.all_keys():
                for w in set(k.split()):
                    index.setdefault(w, []).append(k)
            self.__dict__["_word_index"] = index
        return index

    def partial(self, name: str) -> Card | None:
        """The one card whose name holds ``name`` as a run of whole words ("Little Knight",
        "mirrorjade"), or None when no card or more than one does."""
        key = name_key(name)
        words = key.split()
        if not words:
            return None
        found: dict[str, None] = {}
        first: dict[str, None] = {}     # (names) the cards whose name begins with the words
        for k in self._keys_holding(key):
            found[self.display_name(k)] = None
            if f"{k} ".startswith(f"{key} "):
                first[self.display_name(k)] = None
            if len(found) > 1 and (len(words) < 2 or len(first) > 1):
                return None
        if not found and len(words) >= 2 and len(words[-1]) >= 3 and \
                not any(w in _SMALL_WORDS for w in words[-1:]):
            # (round 131) "silent mag": a name whose last word is cut short, the
            # whole name said (as many words, the others whole): the one card so named
            for k in self._name_word_index().get(words[0], ()):
                ks = k.split()
                if len(ks) == len(words) and ks[:-1] == words[:-1] and \
                        ks[-1].startswith(words[-1]) and \
                        ks[-1] not in (words[-1], words[-1] + "s", words[-1] + "es"):
                    # (never a plural: "Magical Cylinder's" is no cut of Magical Cylinders)
                    found[self.display_name(k)] = None
            return self.find(next(iter(found))) if len(found) == 1 else None
        if len(found) > 1 and len([w for w in words if w not in _SMALL_WORDS]) >= 2:
            # (names) two words or more that begin one card's name and stand inside others
            # ("Chaos Ruler": Chaos Ruler, the Chaotic Magical Dragon, not Arcana Force EX - The
            # Chaos Ruler): people name a card by its first words
            found = first
        return self.find(next(iter(found))) if len(found) == 1 else None

    def holding(self, name: str, most: int = 3) -> list[str]:
        """The names of the cards whose name holds ``name`` as a run of whole words, when there
        are ``most`` or fewer of them (else none: too many to name)."""
        key = name_key(name)
        if all(w in _SMALL_WORDS for w in key.split()):
            return []
        found = sorted(dict.fromkeys(self.display_name(k) for k in self._keys_holding(key)))
        return found if len(found) <= most else []

    def _keys_holding(self, key: str):
        """The keys of the cards whose name holds ``key`` (a name key) as a run of whole words."""
        words = key.split()
        if not words:
            return
        padded = f" {key} "
        for k in min((self._name_word_index().get(w, ()) for w in words), key=len):
            if padded in f" {k} ":
                yield k

    def beginning(self, name: str, most: int = 3) -> list[str]:
        """The cards whose names begin with ``name`` as whole words ("Granmarg": Granmarg the
        Rock Monarch, Granmarg the Mega Monarch), when there are 2 to ``most`` of them; else []
        (one card is :meth:`partial`'s; more than ``most`` say nothing)."""
        key = name_key(name)
        words = key.split()
        if not words or all(w in _SMALL_WORDS for w in words):
            return []
        index = self._name_word_index()
        found: dict[str, None] = {}
        for k in index.get(words[0], ()):
            if f"{k} ".startswith(f"{key} ") and k != key:
                found[self.display_name(k)] = None
                if len(found) > most:
                    return []
        return list(found) if len(found) >= 2 else []

    def fuzzy(self, name: str, cutoff: float = 90.0) -> Card | None:
        """The one card a slightly misspelt name means, or None if unclear."""
        memo = self.memo("fuzzy")
        key = (name, cutoff)
        card = memo.get(key, _UNSEEN)
        if card is _UNSEEN:     # (read once: another thread may empty the memo meanwhile)
            card = memo[key] = self._fuzzy(name, cutoff)
        return card

    def _fuzzy(self, name: str, cutoff: float) -> Card | None:
        hits = _closest_keys(name_key(name), self)
        if not hits or hits[0][1] < cutoff:
            return None
        # (hunt 72) a second name nearly as close ("Magical Cylinder": Magical Cylinders, Magic
        # Cylinder; "Kashtira Ariseheart": Riseheart, Arize-Heart) leaves it unclear
        if len(hits) > 1 and hits[1][1] >= hits[0][1] - FUZZY_MARGIN and \
                self.display_name(hits[1][0]) != self.display_name(hits[0][0]) and \
                not _plural_of(hits[0][0], hits[1][0]):
            return None
        return self._get_key(hits[0][0]) or self.find(self.display_name(hits[0][0]))


# how much closer (rapidfuzz's ratio, of 100) the nearest name must be than the next one
FUZZY_MARGIN = 6


def _plural_of(a: str, b: str) -> bool:
    """Are two name keys one name and its plural ("dark magician", "dark magicians")?  Then the
    nearer one is the name meant: the other is no second guess."""
    return a + "s" == b or b + "s" == a


def _closest_keys(query: str, db: CardDB) -> list:
    """rapidfuzz's two keys of ``db`` closest to ``query`` (``[(key, score, index), ...]``).

    What rapidfuzz finds depends only on the query and the list of keys it searches (the
    database's keys in order), so it is kept in the cache folder (an AppendLog,
    ``fuzzy-keys-<key>.jsonl``, plain JSON, each line checked by its hash) under the query and a
    digest of that list: a process looking up a misspelt name some process has looked up in the
    same keys does not search 14,000 names again (~1 ms each, and importing rapidfuzz)."""
    keys = db.all_keys()
    digest = db.__dict__.get("_keys_digest")
    if digest is None or digest[0] is not keys:
        digest = db.__dict__["_keys_digest"] = (
            keys, hashlib.sha256("\n".join(keys).encode("utf-8", "surrogatepass")).hexdigest()[:32])
    log = _FUZZY_LOG.get()
    entry = f"{digest[1]} {query}"
    kept = log.get(entry) if log is not None else None
    if isinstance(kept, list) and len(kept) <= 2 and all(
            isinstance(h, list) and len(h) == 3 and isinstance(h[0], str)
            and isinstance(h[1], (int, float)) and isinstance(h[2], int) for h in kept):
        return [tuple(h) for h in kept]
    from rapidfuzz import fuzz, process

    hits = process.extract(query, keys, scorer=fuzz.ratio, limit=2)
    if log is not None:
        log.add(entry, [[k, score, i] for k, score, i in hits])
    return hits


def _fuzzy_key() -> str | None:
    """The key of :func:`_closest_keys`' file: rapidfuzz's install (found without importing it)
    and this module's code: another rapidfuzz or another search is another file."""
    from importlib.util import find_spec

    spec = find_spec("rapidfuzz")
    if spec is None or not spec.origin:
        return None
    st = os.stat(spec.origin)
    return hashlib.sha256(f"psct-expert-fuzzy-keys-1\0{spec.origin}\0{st.st_size}\0"
                          f"{st.st_mtime_ns}\0".encode() + Path(__file__).read_bytes()).hexdigest()


_FUZZY_LOG = CacheLog("fuzzy-keys-", "psct-expert-fuzzy-keys-1", _fuzzy_key)


def parse_json_line(raw: bytes, path: str, lineno: int):
    """One JSON value from one line of a file, or a FileFormatError naming file and line."""
    try:
        line = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FileFormatError(f"not UTF-8 text (byte {exc.start + 1} of the line)", path=path,
                              line=lineno, column=exc.start + 1) from None
    try:
        value = json.loads(line)
    except json.JSONDecodeError as exc:
        raise FileFormatError(f"invalid JSON: {exc.msg}", path=path, line=lineno,
                              column=exc.colno) from None
    except RecursionError:
        raise FileFormatError("JSON nested too deeply", path=path, line=lineno) from None
    if has_lone_surrogate(value):
        raise FileFormatError("a string holds a lone surrogate escape (\\ud800-\\udfff), "
                              "which is not a character", path=path, line=lineno)
    return value


def read_cards_jsonl(path: Path, origin: str = "database") -> list[Card]:
    """Cards from JSON lines (optionally gzip-compressed); every problem names file and line."""
    path = Path(path)
    opener = gzip.open if str(path).endswith(".gz") else open
    cards = []
    lineno = 0
    try:
        with opener(path, "rb") as fh:
            for lineno, raw in enumerate(fh, 1):
                if not raw.strip():
                    continue
                d = parse_json_line(raw, str(path), lineno)
                try:
                    cards.append(Card.from_dict(d, origin=origin))
                except FileFormatError as exc:
                    raise FileFormatError(exc.message, path=str(path), line=lineno,
                                          field=exc.field) from None
    except (EOFError, gzip.BadGzipFile, zlib.error) as exc:
        raise FileFormatError(f"the compressed file is truncated or damaged after line {lineno} "
                              f"({exc})", path=str(path), line=lineno + 1) from None
    except OSError as exc:
        raise FileFormatError(f"cannot read: {exc.strerror or exc}", path=str(path)) from None
    return cards


INDEX_VERSION = 6   # 4: a small verified head (names → where each line is), the lines read when used
#                     5: the head's names one text, where each line is in arrays, the loose keys
#                        worked out when asked (:class:`_LooseKeys`)
#                     6: name keys leave apostrophes out ("vanitys" is "Vanity's")
INDEX_MAGIC = "psct-cards-index"
INDEX_PREFIX = f"cards-index{INDEX_VERSION}-"


class _IndexChanged(Exception):
    """A card line of the index file did not match its digest: the index was rebuilt."""


def _line_digest(raw: bytes) -> bytes:
    return hashlib.blake2b(raw, digest_size=16).digest()


@dataclass
class _IndexLines:
    """The card lines of an index file, each read when its card is first used and checked
    against the digest the (verified) head keeps for it."""

    path: Path
    base: int
    src: Path
    fd: int | None = None       # opened on first read; pread keeps forked workers apart
    at: "array | None" = None     # the head's arrays: where the n-th card's line is, its size,
    size: "array | None" = None   # and its digest (16 bytes each)
    digests: bytes = b""

    def read(self, offset: int, length: int, digest: bytes) -> bytes | None:
        try:
            if self.fd is None:
                self.fd = os.open(self.path, os.O_RDONLY)
            raw = os.pread(self.fd, length, self.base + offset)
        except OSError:
            return None
        return raw if len(raw) == length and _line_digest(raw) == digest else None

    def read_nth(self, n: int) -> bytes | None:
        """The line of the ``n``-th card of the head (its place and digest from the head's
        arrays)."""
        try:
            return self.read(self.at[n], self.size[n], self.digests[16 * n:16 * n + 16])
        except (AttributeError, IndexError):
            return None


class _LooseKeys(Mapping):
    """``CardDB.loose`` (loose key → its strict keys) of a database read from the index file,
    not built as a dict: a loose key is its strict key without the word "the"
    (:func:`name_key`), so it is the strict key itself but for the few listed at write time,
    ``moved`` (strict key → its loose key, when another) and ``odd`` (each loose key whose
    strict keys are not just itself, in the order the database added them).  Look-up, ``len``
    and the order of iteration are those of the dict the database built (the loose keys in the
    order their first strict key came); :meth:`CardDB.add` makes it a dict before changing it."""

    __slots__ = ("cards", "odd", "moved", "count", "_order")

    def __init__(self, cards: dict, odd: dict, moved: dict, count: int):
        self.cards, self.odd, self.moved, self.count = cards, odd, moved, count
        self._order = None

    def get(self, key, default=None):
        got = self.odd.get(key)
        if got is not None:
            return got
        if key in self.cards and key not in self.moved:
            return [key]
        return default

    def __getitem__(self, key):
        got = self.get(key)
        if got is None:
            raise KeyError(key)
        return got

    def __contains__(self, key) -> bool:
        return self.get(key) is not None

    def __len__(self) -> int:
        return self.count

    def __iter__(self):
        # each strict key's loose key, the first time it comes (made once: the strict keys
        # of a database read from the index do not change)
        if self._order is None:
            get = self.moved.get
            self._order = list(dict.fromkeys([get(strict, strict) for strict in self.cards]))
        return iter(self._order)


def _index_cache_path(src: Path) -> tuple[Path, str] | None:
    """The cache file for this database, keyed by its path and content; and the content hash."""
    from .filehash import sha256_file

    try:
        content = sha256_file(src)      # (remembered while the shipped file is unchanged)
    except OSError:
        return None
    where = hashlib.sha256(str(src.resolve()).encode("utf-8", "surrogatepass")).hexdigest()
    return cache_dir() / f"{INDEX_PREFIX}{where[:16]}-{content[:24]}.bin", content


def _read_index(src: Path) -> CardDB | None:
    """The database's name index from the cache, if it was built from this very file.

    The file is a header line (version, the database's content hash, the digest and size of
    the head), the head (the database's path, every name and where its line is, with the
    line's own digest) and the card lines.  Only the head is read here: any mismatch (a
    changed database, another checkout, an edited or damaged cache) means the index is
    rebuilt from the database; a card line is checked against its digest when it is read.
    """
    found = _index_cache_path(src)
    if found is None or not found[0].exists():
        return None
    path, content = found
    try:
        with open(path, "rb") as fh:
            header = fh.readline(512).decode("ascii").split()
            if len(header) != 5 or header[0] != INDEX_MAGIC or header[1] != str(INDEX_VERSION) \
                    or header[2] != content:
                return None
            size = int(header[4])
            head = fh.read(size)
            base = fh.tell()
        if len(head) != size or hashlib.sha256(head).hexdigest() != header[3]:
            return None
        from .gcpause import paused_gc

        with paused_gc():     # a few hundred thousand objects that live as long as the process
            data = marshal.loads(head)
        if data.get("src") != str(src.resolve()) or data.get("order") != sys.byteorder:
            return None
        names = data["names"].split("\n") if data["names"] else []
        lines = _IndexLines(path, base, src)
        lines.at, lines.size = array("q", data["at"]), array("q", data["size"])
        lines.digests = data["digests"]
        if not len(names) == len(lines.at) == len(lines.size) == len(lines.digests) // 16:
            return None
        db = CardDB()
        db.cards = dict(zip(names, range(len(names))))     # a card's number: its line (_line)
        db.loose = _LooseKeys(db.cards, data["odd"], data["moved"], data["loose"])
        db.extra, db.lines = data["extra"], lines
        return db
    except (OSError, ValueError, EOFError, TypeError, KeyError, UnicodeDecodeError, AttributeError):
        return None


def _write_index(src: Path, db: CardDB) -> None:
    found = _index_cache_path(src)
    if found is None:
        return
    path, content = found
    try:
        from .atomic import atomic_write_bytes

        blob = bytearray()

        def place(entry):
            if isinstance(entry, Card):
                return entry                     # (the shipped index holds lines only)
            raw = entry.encode("utf-8") if isinstance(entry, str) else bytes(entry)
            at = len(blob)
            blob.extend(raw)
            return (at, len(raw), _line_digest(raw))

        names = list(db.cards)
        if any("\n" in k or not isinstance(v, (str, bytes)) for k, v in db.cards.items()):
            return      # (the shipped database's index holds lines only)
        at, size, digests = array("q"), array("q"), bytearray()
        for k in names:
            entry = place(db.cards[k])
            at.append(entry[0])
            size.append(entry[1])
            digests += entry[2]
        odd = {key: list(strict) for key, strict in db.loose.items() if strict != [key]}
        moved = {k: key for key, strict in db.loose.items() for k in strict if k != key}
        head = marshal.dumps({"src": str(src.resolve()), "order": sys.byteorder,
                              "names": "\n".join(names), "at": at.tobytes(),
                              "size": size.tobytes(), "digests": bytes(digests),
                              "odd": odd, "moved": moved, "loose": len(db.loose),
                              "extra": [place(v) for v in db.extra]})
        header = f"{INDEX_MAGIC} {INDEX_VERSION} {content} {hashlib.sha256(head).hexdigest()} " \
                 f"{len(head)}\n".encode("ascii")
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_bytes(path, header + head + bytes(blob))
        prefix = path.name.rsplit("-", 1)[0] + "-"
        for old in path.parent.glob("cards-index*"):  # this database's older indexes, old formats
            if old != path and (old.name.startswith(prefix) or not old.name.startswith(
                    INDEX_PREFIX)):
                old.unlink(missing_ok=True)
    except (OSError, ValueError, PsctError):
        pass  # a cache we cannot write is only slower


def _build_index(path: Path) -> CardDB:
    """The name index of the shipped database, every line checked against the card schema
    (once per database content: the index cache is keyed by it), so that a card read from
    the index later (:meth:`Card.from_checked`) needs no check."""
    db = CardDB()
    try:
        with gzip.open(path, "rb") as fh:
            lines = fh.read().split(b"\n")
    except (OSError, EOFError, zlib.error) as exc:
        raise FileFormatError(f"cannot read the card database: {exc}", path=str(path)) from None
    for lineno, raw in enumerate(lines, 1):
        if not raw.strip():
            continue
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError:
            line = None
        name = checked_json_name(line) if line is not None else None
        if name is None:        # not a valid card: the same checks in Python say why
            d = parse_json_line(raw, str(path), lineno)
            try:
                name = validate_card(d).name
            except FileFormatError as exc:
                raise FileFormatError(exc.message, path=str(path), line=lineno,
                                      field=exc.field) from None
        db.add(line, name=name)  # the card is made when first used
    return db


def _initialism_aliases(db: CardDB) -> None:
    """A name that begins with letters written with stops ("D.D. Crow", "D/D/D ...") also named
    with the letters run together ("dd crow", "DDD ..."), as players type it; never over a name
    or an alias that key already has."""
    for key in list(db.loose):
        words = key.split()
        if len(words) < 2 or len(words[0]) != 1 or len(words[1]) != 1:
            continue
        n = 0
        while n < len(words) and len(words[n]) == 1 and words[n].isalpha():
            n += 1
        if n < 2:
            continue
        joined = " ".join(["".join(words[:n])] + words[n:])
        if joined not in db.aliases and not db.loose.get(joined) and joined not in db.cards:
            db.aliases[joined] = key


@lru_cache(maxsize=1)
def load_database() -> CardDB:
    """The shipped card pool with its aliases, then the user store on top.

    Cards are kept as their JSON lines until first used; the name index is
    cached (``~/.cache/psct-expert``) keyed by the database file's path and
    content hash and verified on load, so a fresh process starts quickly.
    """
    path = FACTS_DIR / "cards.jsonl.gz"
    db = _read_index(path)
    if db is None:
        db = _build_index(path)
        _write_index(path, db)
    for alias, target in _load_aliases(FACTS_DIR / "aliases.yaml").items():
        db.aliases[name_key(alias)] = name_key(target)
    _initialism_aliases(db)
    from .userstore import user_cards  # the user's imported cards shadow the shipped ones

    user = user_cards()
    return db.layered(user) if user else db
