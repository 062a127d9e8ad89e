"""General game facts (``facts/game.yaml``), declared in every run."""

from __future__ import annotations

from functools import lru_cache

from . import yamlpos
from .errors import FileFormatError
from .facts import Fact, Source
from .paths import FACTS_DIR


@lru_cache(maxsize=1)
def game_facts() -> tuple[Fact, ...]:
    path = FACTS_DIR / "game.yaml"
    data, marks = yamlpos.load(path.read_text(encoding="utf-8"), str(path))
    if not isinstance(data, dict) or not isinstance(data.get("facts"), list):
        raise FileFormatError("expected 'facts: [ {type: {field: value}} ]'", path=str(path))
    out = []
    for i, item in enumerate(data["facts"]):
        line, col = yamlpos.mark_of(marks, ("facts", i))
        if not isinstance(item, dict) or len(item) != 1 or not isinstance(
                next(iter(item.values())), dict):
            raise FileFormatError("each fact is {type: {field: value}}", path=str(path),
                                  line=line, column=col)
        (type_, fields), = item.items()
        src = Source("game", quote=f"{type_}: {fields}", where=f"facts/game.yaml:{line}")
        out.append(Fact.make(type_, src, **fields))
    return tuple(out)
