"""Importing cards from the formats users already have, into the user card store.

Formats: a YGOPro/EDOPro ``.cdb`` (SQLite with ``datas`` and ``texts``), a
YGOPRODeck ``cardinfo`` JSON dump, and this project's JSON lines.  A malformed
file or row is an error naming the row, and the store is only ever replaced
whole (see :mod:`.atomic`), so a failed import loses nothing.  Writers hold the
store's lock (:func:`.userstore.store_lock`), so two imports at once both land.

Two cards of one name in one file are both kept when their ids differ (cards
printed with the same name, as the shipped pool does); with the same id (or
none) the last is kept and the report says which rows were dropped.  Names are
compared after Unicode NFKC normalization and case folding (``Ｃreature Swap``
is ``Creature Swap``).

A card that would shadow a shipped card (look-up would find it for the shipped
card's name, look-alike letters included) is imported only with
``replace=True`` (``cards import --replace``), and the report lists each one.
"""

from __future__ import annotations

import json
import os
import sqlite3
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from .atomic import atomic_write_text, remove_leftovers
from .cardschema import has_lone_surrogate
from .cards import Card, CardDB, load_database, name_key, read_cards_jsonl
from .errors import FileFormatError, PsctError
from .userstore import store_lock, store_path

MAX_IMPORT_BYTES = 512 * 1024 * 1024  # a file larger than this is refused before it is read

# YGOPro type bits (ProjectIgnis CardScripts constant.lua, TYPE_*)
TYPE_BITS = [
    (0x10, "normal"), (0x20, "effect"), (0x40, "fusion"), (0x80, "ritual"), (0x200, "spirit"),
    (0x400, "union"), (0x800, "gemini"), (0x1000, "tuner"), (0x2000, "synchro"),
    (0x10000, "quick-play"), (0x20000, "continuous"), (0x40000, "equip"), (0x80000, "field"),
    (0x100000, "counter"), (0x200000, "flip"), (0x400000, "toon"), (0x800000, "xyz"),
    (0x1000000, "pendulum"), (0x4000000, "link"),
]
TYPE_MONSTER, TYPE_SPELL, TYPE_TRAP = 0x1, 0x2, 0x4
ATTRIBUTE_BITS = {0x01: "EARTH", 0x02: "WATER", 0x04: "FIRE", 0x08: "WIND", 0x10: "LIGHT",
                  0x20: "DARK", 0x40: "DIVINE"}
RACE_BITS = {0x1: "Warrior", 0x2: "Spellcaster", 0x4: "Fairy", 0x8: "Fiend", 0x10: "Zombie",
             0x20: "Machine", 0x40: "Aqua", 0x80: "Pyro", 0x100: "Rock", 0x200: "Winged Beast",
             0x400: "Plant", 0x800: "Insect", 0x1000: "Thunder", 0x2000: "Dragon",
             0x4000: "Beast", 0x8000: "Beast-Warrior", 0x10000: "Dinosaur", 0x20000: "Fish",
             0x40000: "Sea Serpent", 0x80000: "Reptile", 0x100000: "Psychic",
             0x200000: "Divine-Beast", 0x400000: "Creator God", 0x800000: "Wyrm",
             0x1000000: "Cyberse", 0x2000000: "Illusion"}
SPELL_TRAP_ORDER = ("quick-play", "continuous", "equip", "field", "counter", "ritual")


def decode_type(bits: int) -> tuple[str, list[str]]:
    if bits & TYPE_MONSTER:
        kind = "monster"
    elif bits & TYPE_SPELL:
        kind = "spell"
    elif bits & TYPE_TRAP:
        kind = "trap"
    else:
        raise ValueError(f"type {bits:#x} is neither monster, spell nor trap")
    subs = [name for bit, name in TYPE_BITS if bits & bit]
    if kind != "monster":
        prop = [s for s in SPELL_TRAP_ORDER if s in subs]
        subs = prop[:1] or ["normal"]
    elif not subs:
        subs = ["normal"]
    return kind, subs


def read_cdb(path: Path) -> list[Card]:
    try:
        # a file: URI, percent-encoded, so '#' or '?' in the path stays part of it and the
        # database is opened read-only (nothing is ever created beside it)
        con = sqlite3.connect(f"{Path(path).resolve().as_uri()}?mode=ro", uri=True)
        rows = con.execute("SELECT d.id, t.name, t.desc, d.type, d.atk, d.def, d.level, "
                           "d.race, d.attribute FROM datas d JOIN texts t ON d.id = t.id "
                           "ORDER BY d.id").fetchall()
        con.close()
    except sqlite3.Error as exc:
        raise FileFormatError(f"not a readable YGOPro database (tables datas, texts): {exc}",
                              path=str(path)) from None
    cards = []
    for i, (cid, name, desc, typ, atk, df, level, race, attr) in enumerate(rows, 1):
        where = f"row {i} (id {cid})"
        try:
            kind, subs = decode_type(int(typ))
            d = {"id": int(cid), "name": name, "kind": kind, "subtypes": subs, "text": desc or ""}
            if kind == "monster":
                d.update(atk=int(atk) if int(atk) >= 0 else "?",
                         attribute=ATTRIBUTE_BITS.get(int(attr)), race=RACE_BITS.get(int(race)),
                         level=int(level) & 0xFF)
                if "link" not in subs:
                    d["def"] = int(df) if int(df) >= 0 else "?"
            cards.append(Card.from_dict(d, origin=f"imported from {path.name}"))
        except (TypeError, ValueError, FileFormatError) as exc:
            msg = getattr(exc, "message", str(exc))
            raise FileFormatError(f"{where}: {msg}", path=str(path), line=i) from None
    return cards


def read_ygoprodeck(path: Path) -> list[Card]:
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise FileFormatError(f"cannot read: {exc.strerror or exc}", path=str(path)) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise FileFormatError("not UTF-8 text", path=str(path), line=line) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise FileFormatError(f"invalid JSON: {exc.msg}", path=str(path), line=exc.lineno,
                              column=exc.colno) from None
    except RecursionError:
        raise FileFormatError("JSON nested too deeply", path=str(path)) from None
    if has_lone_surrogate(data):
        raise FileFormatError("a string holds a lone surrogate escape (\\ud800-\\udfff), "
                              "which is not a character", path=str(path))
    rows = data.get("data") if isinstance(data, dict) else data
    if not isinstance(rows, list):
        raise FileFormatError("expected a YGOPRODeck dump: {\"data\": [cards]}", path=str(path))
    cards = []
    for i, row in enumerate(rows, 1):
        try:
            if not isinstance(row, dict):
                raise ValueError("a card must be an object")
            typ = str(row.get("type", ""))
            low = typ.lower()
            if "spell" in low:
                kind, subs = "spell", [str(row.get("race", "normal")).lower()]
            elif "trap" in low:
                kind, subs = "trap", [str(row.get("race", "normal")).lower()]
            elif "monster" in low:
                kind = "monster"
                subs = [w for w in low.replace("xyz", "xyz").split()
                        if w not in ("monster", "card")] or ["normal"]
            else:
                raise ValueError(f"unknown type {typ!r}")
            desc = row.get("monster_desc") or row.get("desc") or ""
            d = {"id": row.get("id"), "name": row.get("name"), "kind": kind, "subtypes": subs,
                 "text": desc, "pendulum_text": row.get("pend_desc"),
                 "attribute": row.get("attribute"), "race": row.get("race") if kind == "monster"
                 else None, "atk": row.get("atk"), "def": row.get("def"),
                 "level": row.get("level") or row.get("linkval")}
            cards.append(Card.from_dict(d, origin=f"imported from {path.name}"))
        except (TypeError, ValueError, FileFormatError) as exc:
            msg = getattr(exc, "message", str(exc))
            raise FileFormatError(f"card {i} ({row.get('name') if isinstance(row, dict) else row!r}): "
                                  f"{msg}", path=str(path)) from None
    return cards


def read_any(path: str | Path) -> list[Card]:
    p = Path(path)
    try:
        size = p.stat().st_size
        with open(p, "rb") as fh:
            head = fh.read(16)
    except FileNotFoundError:
        raise FileFormatError("no such file", path=str(p)) from None
    except OSError as exc:
        raise FileFormatError(f"cannot read: {exc.strerror or exc}", path=str(p)) from None
    if size > MAX_IMPORT_BYTES:
        raise FileFormatError(f"the file has {size} bytes; at most {MAX_IMPORT_BYTES} are read",
                              path=str(p))
    if head.startswith(b"SQLite format 3") or p.suffix == ".cdb":
        return read_cdb(p)
    if p.suffix in (".jsonl", ".gz") or p.name.endswith(".jsonl.gz"):
        return read_cards_jsonl(p, origin=f"imported from {p.name}")
    return read_ygoprodeck(p)


@dataclass
class ImportReport:
    added: int
    total: int
    notes: list[str] = field(default_factory=list)
    replaced: list[tuple[str, str]] = field(default_factory=list)  # (imported, shipped) names


def same_name(name: str) -> str:
    """The form under which two card names are the same card in the store: NFKC, case-folded,
    spaces collapsed."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


def shadowed(cards: list[Card], db: CardDB | None = None) -> list[tuple[str, str]]:
    """(imported name, shipped name) for each card that look-up would find instead of a
    shipped card: the same name, or one read as the same (case, punctuation, look-alike
    letters that Unicode normalization maps to the same)."""
    db = db if db is not None else load_database()
    while db.parent is not None:    # the bottom layer is the shipped pool
        db = db.parent
    out = []
    for c in cards:
        key = name_key(c.name)
        hit = db._get_key(key)
        if hit is None and key in db.aliases:
            hit = db._get_key(db.aliases[key])
        if hit is not None:
            out.append((c.name, hit.name))
    return out


def _listing(pairs: list[tuple[str, str]], most: int = 5) -> str:
    shown = [f'"{new}"' + ("" if new == old else f' (read as "{old}")') for new, old in pairs[:most]]
    more = f" and {len(pairs) - most} more" if len(pairs) > most else ""
    return ", ".join(shown) + more


def dedupe_cards(cards: list[Card]) -> tuple[list[Card], list[str]]:
    """Cards of one name: all kept when their ids differ; otherwise the last, said so."""
    by_key: dict[tuple, int] = {}
    out: list[Card | None] = []
    notes = []
    names: dict[str, set] = {}
    for i, c in enumerate(cards, 1):
        key = (same_name(c.name), c.id)
        names.setdefault(c.name, set()).add(c.id)
        if key in by_key:
            j = by_key[key]
            notes.append(f'"{c.name}"' + (f" (id {c.id})" if c.id is not None else "") +
                         f" is listed twice (cards {j + 1} and {i}); kept card {i}")
            out[j] = None
        by_key[key] = len(out)
        out.append(c)
    for name, ids in names.items():
        if len(ids) > 1:
            notes.append(f'"{name}" names {len(ids)} cards with different ids; kept each '
                         "(look-up by name finds the first)")
    return [c for c in out if c is not None], notes


def import_report(path: str | Path, on_wait=None, replace: bool = False) -> ImportReport:
    """Add the file's cards to the user store, replacing the store's cards of the same names.

    A card that would shadow a shipped card is refused (nothing is imported) unless
    ``replace``; with it, the report lists each shipped card replaced.
    """
    new, notes = dedupe_cards(read_any(path))  # raises before the store is touched
    replaced = shadowed(new)
    if replaced and not replace:
        raise PsctError(f"{len(replaced)} of the cards would replace shipped cards: "
                        f"{_listing(replaced)}; nothing was imported (cards import --replace "
                        "imports them over the shipped cards)", path=str(path))
    for new_name, old in replaced[:10]:
        notes.append(f'replaces the shipped card "{old}"' +
                     ("" if new_name == old else f' with "{new_name}" (a name read as the same)'))
    if len(replaced) > 10:
        notes.append(f"... and {len(replaced) - 10} more shipped cards replaced")
    store = store_path()
    with store_lock(on_wait=on_wait):  # read, merge and write as one step
        # what a write killed earlier left (the lock is ours: no other write is under way)
        remove_leftovers(Path(os.path.realpath(store)), older_than=0)
        existing = read_cards_jsonl(store, origin="user store") if store.exists() else []
        names = {same_name(c.name) for c in new}
        merged = [c for c in existing if same_name(c.name) not in names] + new
        lines = [json.dumps(c.to_dict(), ensure_ascii=False, sort_keys=True) for c in merged]
        atomic_write_text(store, "\n".join(lines) + "\n")
    return ImportReport(len(new), len(merged), notes, replaced)


def import_cards(path: str | Path, replace: bool = False) -> tuple[int, int]:
    """Add the file's cards to the user store (replacing same names). Returns (added, total)."""
    report = import_report(path, replace=replace)
    return report.added, report.total
