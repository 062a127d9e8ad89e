"""``psct-expert audit --scripts DIR``: every card script of a folder against its card's text.

Scripts are found under DIR (recursively) by their file name, ``c<passcode>.lua``,
and joined to the card database by passcode; a script whose passcode the
database does not have is joined by the English name in its first comment
lines, if that names a card.  When one passcode has several scripts (a
checkout's ``official/`` and ``pre-errata/`` folders) the one under a folder
named ``official`` is read, else the first by path.  The card's text side is
its audit record (from the audit cache when the card is unchanged).
"""

from __future__ import annotations

import collections
import json
import pathlib
import re
from dataclasses import dataclass, field

from ..errors import PsctError
from .compare import compare
from .features import read, read_features
from .lua import LuaError

_NAME = re.compile(r"c(\d+)\.lua$")


def script_files(folder: pathlib.Path) -> dict[int, pathlib.Path]:
    """{passcode: script path}: one script per passcode (``official/`` first)."""
    folder = pathlib.Path(folder)
    if not folder.is_dir():
        raise PsctError(f"{folder}: not a folder of card scripts")
    found: dict[int, pathlib.Path] = {}
    for p in sorted(folder.rglob("c*.lua"),
                    key=lambda p: ("official" not in p.relative_to(folder).parts[:-1], str(p))):
        m = _NAME.match(p.name)
        if m and p.is_file():
            found.setdefault(int(m.group(1)), p)
    if not found:
        raise PsctError(f"{folder}: no card scripts (files named c<passcode>.lua) in this folder")
    return found


@dataclass
class ScriptSummary:
    scripts: int = 0
    matched: int = 0
    by_name: int = 0
    unmatched: list[str] = field(default_factory=list)
    unreadable: list[str] = field(default_factory=list)
    with_disagreements: int = 0
    kinds: collections.Counter = field(default_factory=collections.Counter)
    supports: collections.Counter = field(default_factory=collections.Counter)
    kind_supports: collections.Counter = field(default_factory=collections.Counter)

    def add(self, result: dict) -> None:
        if result.get("error"):
            self.unreadable.append(result["script"])
            return
        ds = result["disagreements"]
        self.with_disagreements += bool(ds)
        for d in ds:
            self.kinds[d["kind"]] += 1
            self.supports[d["supports"]] += 1
            self.kind_supports[(d["kind"], d["supports"])] += 1

    def to_dict(self) -> dict:
        return {"scripts": self.scripts, "matched": self.matched, "matched_by_name": self.by_name,
                "unmatched": len(self.unmatched), "unreadable": len(self.unreadable),
                "cards_with_disagreements": self.with_disagreements,
                "kinds": dict(self.kinds.most_common()),
                "supports": dict(self.supports.most_common())}

    def text(self) -> str:
        lines = [f"{self.scripts} scripts, {self.matched} joined to a card"
                 f" ({self.by_name} by the name in the script), {len(self.unmatched)} not joined,"
                 f" {len(self.unreadable)} unreadable",
                 f"{self.with_disagreements} cards where the script and the text disagree"]
        if self.supports:
            lines.append(f"{sum(self.supports.values())} disagreements; the PSCT rules support: "
                         + ", ".join(f"{what} {self.supports[what]}" for what in
                                     ("text", "script", "unsettled", "neither")
                                     if self.supports[what])
                         + " (text: the text's side; neither: the text predates PSCT;"
                           " unsettled: the text was read only partly)")
        if self.kinds:
            lines.append("disagreements by kind (which side the PSCT rules support):")
            for k, n in self.kinds.most_common():
                sides = ", ".join(f"{s} {self.kind_supports[(k, s)]}" for s in
                                  ("text", "script", "unsettled", "neither")
                                  if self.kind_supports[(k, s)])
                lines.append(f"  {n:6d}  {k}  ({sides})")
        return "\n".join(lines)


def _join(expert, found: dict[int, pathlib.Path], folder: pathlib.Path, summary: ScriptSummary,
          names: list[str] | None):
    """(card, path) pairs in passcode order; what is not joined goes to the summary."""
    by_id = {c.id: c for c in expert.db.all_cards()}
    wanted = None
    if names:
        wanted = {expert.db.get(n).id for n in names}
    pairs = []
    for code in sorted(found):
        path = found[code]
        card = by_id.get(code)
        if card is None:
            try:
                head = path.read_text(encoding="utf-8", errors="replace")[:400]
            except OSError:
                head = ""
            from .lua import _header
            for h in _header(head):
                card = expert.db.find(h) if h else None
                if card is not None and card.name.casefold() == h.casefold():
                    summary.by_name += 1
                    break
                card = None
        if card is None:
            summary.unmatched.append(str(path.relative_to(folder)))
            continue
        if wanted is not None and card.id not in wanted:
            continue
        pairs.append((card, path))
    return pairs


def audit_scripts(expert, folder, names: list[str] | None = None, jobs: int = 0,
                  progress=None, cache: bool = True, summary: ScriptSummary | None = None):
    """Yield one result per joined script: ``{"id", "name", "kind", "script", "status",
    "disagreements": [...]}`` (or ``"error"`` for a script that cannot be read)."""
    from ..audit import audit_lines

    folder = pathlib.Path(folder)
    summary = summary if summary is not None else ScriptSummary()
    found = script_files(folder)
    summary.scripts = len(found)
    pairs = _join(expert, found, folder, summary, names)
    summary.matched = len(pairs)
    cards = [c for c, _ in pairs]
    lines = audit_lines(expert, None, jobs, progress, cache, cards=cards)
    for (card, path), (line, _dig) in zip(pairs, lines):
        rel = str(path.relative_to(folder))
        out = {"id": card.id, "name": card.name, "kind": card.kind, "script": rel}
        try:
            text = path.read_text(encoding="utf-8", errors="replace")
            sf = read_features(read(text, rel), card.kind)
        except (LuaError, OSError) as exc:
            out["error"] = str(exc)
            summary.add(out)
            yield out
            continue
        rec = json.loads(line)
        out["status"] = rec["status"]
        out["disagreements"] = compare(rec, sf)
        summary.add(out)
        yield out


def render_text(result: dict, text_of=None) -> str:
    """One card's disagreements as plain text (empty when there are none)."""
    if result.get("error"):
        return f"{result['script']}: cannot be read: {result['error']}"
    if not result["disagreements"]:
        return ""
    lines = [f"{result['name']} ({result['id']})  {result['script']}  [text: {result['status']}]"]
    for d in result["disagreements"]:
        yn = {True: "yes", False: "no", None: "?"}
        lines.append(f"  {d['kind']}  ({d['feature']}: text {yn[d['text']]}, script "
                     f"{yn[d['script']]})  supports: {d['supports']}")
        for s in d["text_spans"]:
            span = f"[{s['span'][0]}:{s['span'][1]}]" if s.get("span") else ""
            where = " pendulum text" if s.get("where") == "pendulum text" else ""
            lines.append(f"    text   {s['effect']}{where} {span} {s['quote']!r}")
        for s in d["script_lines"]:
            lines.append(f"    script line {s['line']}: {s['text']}")
        lines.append(f"    why: {d['why']} [{', '.join(d['cites'])}]")
    return "\n".join(lines)


_PASSCODE_IN_TEXT = re.compile(r"\bc(\d{3,10})\b")


def card_for_script(expert, text: str, name: str | None = None):
    """The card a pasted script is for: the name given, else the name in its first comment
    lines; None when neither names a card of the database."""
    from .lua import _header

    if name:
        return expert.db.get(name)
    for h in _header(text[:2000]):
        card = expert.db.find(h) if h else None
        if card is not None and card.name.casefold() == h.casefold():
            return card
    return None


def audit_one(expert, card, text: str, path: str = "<script>") -> dict:
    """One script (its text) against one card: the result :func:`audit_scripts` yields."""
    from ..audit import audit_card

    rec = audit_card(expert, card)
    sf = read_features(read(text, path), card.kind)
    return {"id": card.id, "name": card.name, "kind": card.kind, "script": path,
            "status": rec["status"], "disagreements": compare(rec, sf)}
