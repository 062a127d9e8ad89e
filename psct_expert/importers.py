"""Importing cards from the formats users already have, into the user card store.

Formats: a YGOPro/EDOPro ``.cdb`` (SQLite with ``datas`` and ``texts``), a
YGOPRODeck ``cardinfo`` JSON dump, and this project's JSON lines.  A malformed
file or row is an error naming the row, and the store is only ever replaced
whole (see :mod:`.atomic`), so a failed import loses nothing.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from .atomic import atomic_write_text
from .cards import Card, read_cards_jsonl
from .errors import FileFormatError
from .userstore import store_path

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
        con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
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
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise FileFormatError(f"cannot read: {exc}", path=str(path)) from None
    except json.JSONDecodeError as exc:
        raise FileFormatError(f"invalid JSON: {exc.msg}", path=str(path), line=exc.lineno,
                              column=exc.colno) from None
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
    if not p.exists():
        raise FileFormatError("no such file", path=str(p))
    head = p.read_bytes()[:16]
    if head.startswith(b"SQLite format 3") or p.suffix == ".cdb":
        return read_cdb(p)
    if p.suffix in (".jsonl", ".gz") or p.name.endswith(".jsonl.gz"):
        return read_cards_jsonl(p, origin=f"imported from {p.name}")
    return read_ygoprodeck(p)


def import_cards(path: str | Path) -> tuple[int, int]:
    """Add the file's cards to the user store (replacing same names). Returns (added, total)."""
    new = read_any(path)  # raises before the store is touched
    store = store_path()
    existing = read_cards_jsonl(store, origin="user store") if store.exists() else []
    by_name = {c.name: c for c in existing}
    for c in new:
        by_name[c.name] = c
    store.parent.mkdir(parents=True, exist_ok=True)
    lines = [json.dumps(c.to_dict(), ensure_ascii=False, sort_keys=True) for c in by_name.values()]
    atomic_write_text(store, "\n".join(lines) + "\n")
    return len(new), len(by_name)
