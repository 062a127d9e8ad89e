"""Card names found by what was typed: by prefix, then by the start of a later word, then
(when nothing starts so) the closest names.  The web page's completion and the MCP server's
card search use it."""

from __future__ import annotations

import bisect


class CardIndex:
    """Card names for completion: by prefix, then by the start of a later word."""

    def __init__(self, names):
        self.names = sorted(set(names), key=str.casefold)
        self.keys = [n.casefold() for n in self.names]

    def complete(self, prefix: str, limit: int = 10) -> list[str]:
        p = " ".join(prefix.casefold().split())
        if not p:
            return []
        out: list[str] = []
        i = bisect.bisect_left(self.keys, p)
        while i < len(self.keys) and self.keys[i].startswith(p) and len(out) < limit:
            out.append(self.names[i])
            i += 1
        if len(out) < limit:
            taken = set(out)
            for name, key in zip(self.names, self.keys):
                if name not in taken and (f" {p}" in key or f"-{p}" in key):
                    out.append(name)
                    if len(out) >= limit:
                        break
        return out
