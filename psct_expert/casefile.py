"""Ruling case files (the format of the acceptance README): cards and cases."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from . import yamlpos
from .cards import Card
from .errors import FileFormatError

CASE_KEYS = {"id", "ask", "scenario", "expect", "cites", "note", "topic", "why", "source"}


@dataclass
class Case:
    id: str
    ask: str
    expect: str
    cites: list[str]
    scenario: list[str] = field(default_factory=list)
    note: str = ""
    line: int | None = None
    topic: str = ""
    why: str = ""
    source: str = ""


@dataclass
class CaseFile:
    path: str
    cards: list[Card]
    cases: list[Case]


def load_case_file(path: str | Path) -> CaseFile:
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise FileFormatError(f"cannot read case file: {exc}", path=str(p)) from None
    data, marks = yamlpos.load(text, str(p))

    def err(msg, at=()):
        line, col = yamlpos.mark_of(marks, at)
        raise FileFormatError(msg, path=str(p), line=line, column=col)

    if not isinstance(data, dict):
        err("a case file is a mapping with 'cards' and 'cases'")
    for k in data:
        if k not in ("cards", "cases"):
            err(f"unknown key {k!r} (expected 'cards' and 'cases')", (k,))
    cards = []
    raw_cards = data.get("cards") or []
    if not isinstance(raw_cards, list):
        err("'cards' must be a list of cards", ("cards",))
    for i, cd in enumerate(raw_cards):
        try:
            cards.append(Card.from_dict(cd, origin=f"case file {p.name}"))
        except FileFormatError as exc:
            err(exc.message, ("cards", i) + ((exc.field,) if exc.field else ()))
    cases = []
    seen = set()
    raw_cases = data.get("cases", [])  # a file of cards only is a valid override file
    if not isinstance(raw_cases, list):
        err("'cases' must be a list", ("cases",) if "cases" in data else ())
    for i, c in enumerate(raw_cases):
        at = ("cases", i)
        if not isinstance(c, dict):
            err("a case must be a mapping", at)
        for k in c:
            if k not in CASE_KEYS:
                err(f"unknown key {k!r} in a case", at + (k,))
        for k in ("id", "ask", "expect"):
            if not isinstance(c.get(k), str) or not c.get(k):
                err(f"a case needs a string {k!r}", at + ((k,) if k in c else ()))
        if c["expect"] not in ("yes", "no"):
            err("'expect' must be 'yes' or 'no' (quote it in YAML)", at + ("expect",))
        if c["id"] in seen:
            err(f"duplicate case id {c['id']!r}", at + ("id",))
        seen.add(c["id"])
        cites = c.get("cites") or []
        scenario = c.get("scenario") or []
        if not isinstance(cites, list) or not all(isinstance(x, str) for x in cites):
            err("'cites' must be a list of source ids", at + ("cites",))
        if not isinstance(scenario, list) or not all(isinstance(x, str) for x in scenario):
            err("'scenario' must be a list of lines", at + ("scenario",))
        for k in ("topic", "why", "source", "note"):
            if k in c and not isinstance(c[k], (str, int)):
                err(f"{k!r} must be text", at + (k,))
        line, _ = yamlpos.mark_of(marks, at)
        cases.append(Case(c["id"], c["ask"], c["expect"], list(cites), list(scenario),
                          str(c.get("note", "")), line, str(c.get("topic", "")),
                          str(c.get("why", "")), str(c.get("source", ""))))
    return CaseFile(str(p), cards, cases)


def load_cards_file(path: str | Path, on_note=None) -> list[Card]:
    """Cards that override the database: a case file's ``cards``, or JSON lines.  A card
    listed twice is kept as ``cards import`` keeps it (the last; both when their ids differ),
    and ``on_note(message)`` is told."""
    from .importers import dedupe_cards

    p = Path(path)
    if p.name.endswith((".jsonl", ".jsonl.gz")):
        from .cards import read_cards_jsonl

        cards = read_cards_jsonl(p, origin=f"card file {p.name}")
    else:
        cards = load_case_file(p).cards
    cards, notes = dedupe_cards(cards)
    for note in notes:
        if on_note is not None:
            on_note(f"{p}: {note}")
    return cards


MAX_SCENARIO_BYTES = 4 * 1024 * 1024


def scenario_lines(stream, name: str | None = None) -> list[str]:
    """The non-blank lines of a scenario file opened in binary; bad bytes name file and line."""
    name = name or getattr(stream, "name", "<scenario>")
    data = stream.read(MAX_SCENARIO_BYTES + 1)
    if len(data) > MAX_SCENARIO_BYTES:
        raise FileFormatError(f"a scenario file holds at most {MAX_SCENARIO_BYTES} bytes",
                              path=str(name))
    out = []
    for lineno, raw in enumerate(data.split(b"\n"), 1):
        try:
            line = raw.decode("utf-8").rstrip("\r")
        except UnicodeDecodeError as exc:
            raise FileFormatError(f"not UTF-8 text (byte {exc.start + 1} of the line)",
                                  path=str(name), line=lineno, column=exc.start + 1) from None
        if line.strip():
            out.append(line)
    return out

