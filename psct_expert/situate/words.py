"""The question's own words made plain, shared by the told situation and the families: whose
card a described card is ("my", "their"), words normalised for comparing, count words."""

from __future__ import annotations

import re

from ..gamewords import gamewords


COUNT_WORDS = gamewords().counts("told")   # "two of my opponent's Set cards", "I control two X"

EFF_PARTS = ("eff_noun", "eff_desc", "eff_rel", "eff_does")


def owner_in_words(ws: list[str]) -> str | None:
    if "opponent" in ws or "opponent's" in ws or "their" in ws:
        return "opponent"
    if "my" in ws or "i" in ws:
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
