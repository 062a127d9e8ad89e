"""The audit's card features on the held-back half of the pool, against a plain textual reading.

    python3 bench/heldback_review.py [LABELS] [--jobs 2] [--out FILE] [--feature F] [--all]

The dev labels (``../shared/data/script-features-dev.jsonl.gz``) cover half of
the pool; the reader was tuned by reading disagreements on that half only.
This script takes the *other* half: every card of the database whose passcode
is not in LABELS (``--all``: every card), keeps the PSCT-era ones (the filter
``bench/agreement.py`` uses: the audit does not flag them as legacy), and
compares the audit's eight features with a deliberately simple reading of the
text: a few plain regular expressions per feature (``REGEXES`` below), which
know nothing of the reader's grammar.  Neither side is the authority: the
disagreements are to be read against the card text, each decided "reader
wrong" or "regex wrong".

Prints per feature how many cards agree and how many disagree each way, and
writes every disagreement (card, feature, audit value, regex value, the regex
that matched, card text) to ``--out`` (default: the temp dir's
``heldback-disagreements.txt``).  Also prints the coverage (read fully /
partly / legacy) of the cards taken.
"""

from __future__ import annotations

import argparse
import collections
import pathlib
import re
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT.parent))

from _common import FEATURES, default_labels, load_labels, psct_era, write_disagreement  # noqa: E402
from psct_expert.api import Expert  # noqa: E402
from psct_expert.audit import audit  # noqa: E402

_VETO_COMMON = (r"Quick Effect|either player's turn|damage calculation|Damage Step|Battle Step|"
                r"attack declaration|[Dd]uring (?:the|your|each|either)\b[^,]*\bPhase\b|"
                r"[Aa]t the (?:start|end) of|[Bb]efore damage|[Aa]fter damage|[Dd]uring your turn")
_EXCEPT = re.compile(r"\(except [^)]*\)")   # "(except during the Damage Step)": not a veto

# Per feature: regexes that say yes, and regexes that veto a yes (searched in the text
# the yes matched).  Deliberately plain: each is what a reader of PSCT would grep for.
REGEXES: dict[str, tuple[list[str], list[str]]] = {
    "targets": ([
        # "target" (not "targets", "targeted") before the ";" of the same sentence
        r"(?<![Cc]annot )(?<![Cc]an only )(?<![Mm]ust )(?<!they )\b[Tt]arget(?:ing)? [^.;:]*;",
        r"\b[Tt]arget (?:\d+|up to \d+|any number)",
    ], [r"^[Tt]argets? (?:for|of|this card|it|them)\b"]),
    "cost": ([
        # an action word in the part of an effect before its semicolon (the verbs only: "Set"
        # and "Equip" are nouns there as often as verbs)
        r"(?:^|[:.●\n]|\(Quick Effect\):)[^:.;\n●]*?(?<![Tt]arget )(?<!\bthat was )"
        r"(?<!\bthat were )\b(?:[Dd]iscard|[Tt]ribute|[Pp]ay|[Bb]anish|[Dd]etach|[Ss]end|[Rr]eveal|"
        r"[Rr]emove|[Rr]eturn|[Ss]huffle|[Pp]lace|[Dd]estroy|[Ss]et (?:1|this)|[Ee]quip (?:1|this)|"
        r"[Tt]ake \d|[Cc]hange this card)(?:s|ing)?\b[^:.;\n●]*;",
        # the same written with a colon, or before "then activate 1 of these effects."
        r"(?:^|[.●\n]\s*)(?:Once per turn[^:.;]*: )?[Yy]ou can (?:[Dd]iscard|[Tt]ribute|[Pp]ay|"
        r"[Bb]anish|[Dd]etach|[Ss]end|[Rr]eveal|[Rr]emove)\b[^:.;\n●]*(?::|, then activate 1 of)",
        r"(?:^|[.●\n]\s*)(?:Discard|Tribute|Pay|Banish|Detach|Send|Reveal|Remove)\b[^:.;\n●]*, "
        r"then activate 1 of",
    ], [r"[Tt]arget[^;]*\b(?:discard|Tribute|pay|banish|detach|send|reveal|remove|return|shuffle|"
        r"place|destroy)\b(?![^;]*, then)"]),
    "quick": ([r"\(Quick Effect\)", r"[Tt]his is a Quick Effect",
               r"[Dd]uring either player's turn[^.:;]*:", r"\(in either player's turn\)"], []),
    "hard_opt": ([
        r"[Yy]ou can only use [^\n]*?once per turn",
        r"only once that turn",
        r"effect of \"[^\n]*?\" can only be used once per turn",
    ], []),
    "activate_opt": ([
        r"[Yy]ou can only activate 1 ",
        r"[Yy]ou can only activate (?:this|each|the) [^\n]*?once per turn",
        r"[Yy]ou can only activate \"[^\n]*?\" once per turn",
    ], []),
    # triggers: the first "When"/"If" of a condition (at its start or after a comma), then
    # ": You can"; the veto is searched in the clause that word starts (group v), up to the next
    # comma: a Quick Effect's condition, a state ("If you control", "If this card is in your GY"),
    # and the battle and phase timings the labels leave undecided (null) are vetoed
    "when_optional": ([
        r"(?:^|[.\n●)]\s*)(?P<lead>[^.:;\n●]*?,\s*)?(?P<v>[Ww]hen\b[^:.;]*):\s*"
        r"(?:[Yy]ou|[Ii]ts owner|[Ii]ts controller) can\b(?! only)",
    ], [_VETO_COMMON, r"^[Ww]hen (?:this card is activated|you activate this card)",
        r"\bactivates?\b|\bis activated\b|\bwould\b"]),
    "if_optional": ([
        r"(?:^|[.\n●)]\s*)(?P<lead>[^.:;\n●]*?,\s*)?(?P<v>[Ii]f\b[^:.;]*):\s*"
        r"(?:[Yy]ou|[Ii]ts owner|[Ii]ts controller) can\b(?! only)",
    ], [_VETO_COMMON, r"^[Ii]f [^,]*?\b(?:is|are) (?:in|on|a|an|face-up|treated|equipped|"
        r"currently)\b(?![^,]*\b(?:summoned|sent|destroyed|banished|added|returned|placed|"
        r"shuffled|attached|flipped|changed|targeted|tributed|discarded|detached|moved|"
        r"activated|removed)\b)",
        r"^[Ii]f (?:you|your opponent|only your opponent|neither player|a player|each player) "
        r"(?:control|controls|has|have)\b",
        r"^[Ii]f [^,]*\bthis turn\b", r"^[Ii]f [^,]*\bequipped with\b"]),
    "summon_procedure": ([
        r"(?:^|[.\n]\s*)(?:If [^:.;]*, )?[Yy]ou can Special Summon this card from your (?:hand|GY|Graveyard)"
        r"(?: by [^:.;]*)?\.",
        r"\((?:from )?(?:your |the |either )?(?:hand|GY|Graveyard|Extra Deck|Deck|field)"
        r"(?: or (?:your )?(?:hand|GY|Graveyard|Deck|field))?\)",
        r"Must (?:first )?be (?:either [^.]*?, or )?Special Summoned [^.]*?\bby (?!its own effect|"
        r"a card effect|card effects?|the effect|an? \"|\")",
    ], []),
}
_COMPILED = {f: ([re.compile(r, re.M) for r in yes], [re.compile(r, re.M) for r in veto])
             for f, (yes, veto) in REGEXES.items()}


def _hits(rx: re.Pattern, veto: list[re.Pattern], text: str):
    """Each text the regex matches that no veto matches (a trigger's veto is searched in its
    clause up to the first comma and the words that lead to it)."""
    for m in rx.finditer(text):
        said = m.group(0)
        if "v" in rx.groupindex:
            said = m.group("v").split(",")[0] + " " + (m.group("lead") or "")
        if not any(v.search(_EXCEPT.sub("", said)) for v in veto):
            yield m.group(0).strip()


def regex_reading(card) -> dict[str, str | None]:
    """{feature: the matched text, or None}: the plain reading of one card."""
    text = card.text or ""
    if card.kind == "monster" and "normal" in card.subtypes and "effect" not in card.subtypes:
        text = ""          # a Normal Monster's text is flavour
    texts = [t for t in (text, card.pendulum_text or "") if t]
    out: dict[str, str | None] = {}
    for f, (yes, veto) in _COMPILED.items():
        out[f] = next((hit for t in texts for rx in yes for hit in _hits(rx, veto, t)), None)
    if card.kind == "spell" and "equip" in card.subtypes and not out["targets"]:
        out["targets"] = "(an Equip Spell)"
    if card.kind != "monster":
        out["quick"] = None
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("labels", nargs="?", default=str(default_labels()))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--all", action="store_true", help="take every card, not only the held-back ones")
    ap.add_argument("--out", default=str(pathlib.Path(tempfile.gettempdir())
                                         / "heldback-disagreements.txt"))
    ap.add_argument("--feature", action="append", choices=FEATURES,
                    help="write the disagreements of these features only")
    args = ap.parse_args()
    path = pathlib.Path(args.labels)
    if not args.all and not path.is_file():
        print(f"error: no label file at {path}", file=sys.stderr)
        return 2
    dev = set() if args.all else set(load_labels(path))
    expert = Expert()
    cards = [c for c in expert.db.all_cards() if c.id not in dev]
    t = time.perf_counter()
    # the whole pool is audited (cached after the first run) and the records kept by
    # passcode: two printings can share a name, so names would not pick the right one
    keep = {c.id for c in cards}
    recs = [r for r in audit(expert, None, jobs=args.jobs) if r["id"] in keep]
    took = time.perf_counter() - t
    status = collections.Counter(r["status"] for r in recs)
    print(f"{len(cards)} cards {'in the database' if args.all else 'not in the dev labels'}; "
          f"audited in {took:.1f} s")
    print(f"coverage: read fully {status['full']}, partly {status['partial']}, "
          f"legacy {status['legacy']}")
    by_id = {c.id: c for c in cards}
    modern = psct_era(recs)
    print(f"PSCT-era (audit status not legacy): {len(modern)}")
    print(f"{'feature':18s} {'agree':>6s} {'both yes':>8s} {'differ':>6s} "
          f"{'audit only':>10s} {'regex only':>10s}")
    wrong: dict[str, list] = {f: [] for f in FEATURES}
    for r in modern:
        card = by_id[r["id"]]
        plain = regex_reading(card)
        for f in FEATURES:
            if bool(r[f]) != bool(plain[f]):
                wrong[f].append((r, card, plain[f]))
    for f in FEATURES:
        audit_only = sum(1 for r, _c, _p in wrong[f] if r[f])
        both = sum(1 for r in modern if r[f]) - audit_only
        print(f"{f:18s} {len(modern) - len(wrong[f]):6d} {both:8d} {len(wrong[f]):6d} "
              f"{audit_only:10d} {len(wrong[f]) - audit_only:10d}")
    with open(args.out, "w", encoding="utf-8") as out:
        for f in FEATURES:
            if args.feature and f not in args.feature:
                continue
            for r, card, hit in sorted(wrong[f], key=lambda x: (not x[0][f], x[1].name)):
                write_disagreement(
                    out, f"{f}: audit {'yes' if r[f] else 'no'}, regex {'yes' if hit else 'no'}", card,
                    f"({r['status']})", r["unread"], [f"-- regex matched: {hit}"] if hit else [])
    print(f"disagreements written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
