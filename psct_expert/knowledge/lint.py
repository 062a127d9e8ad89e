"""Checks across rule files: citations, fact types, fields, bound variables, impossible values.

Each problem is appended to the knowledge base's diagnostics with the rule's
``file:line:column``; ``psct-expert rules lint`` prints them all.
"""

from __future__ import annotations


from .. import kre as re  # re, each pattern's program kept on disk (psct_expert.kre)
from .model import Diagnostic, KnowledgeBase, Pattern, Rule, Sum, Var


def unjoined(alt: list[Pattern]) -> list[list[Pattern]]:
    """The groups of an alternative's fact patterns that share no variable with each other.

    One group means every pattern is joined to the others; two or more mean the
    engine pairs every fact of one group with every fact of another (a cross
    product, which grows as the product of the fact counts).
    """
    pats = [p for p in alt if p.kind == "fact"]
    groups: list[tuple[set, list[Pattern]]] = []
    for p in pats:
        names = {v.name for v in p.fields.values() if isinstance(v, Var)}
        joined = [g for g in groups if g[0] & names]
        merged = (set(names), [p])
        for g in joined:
            merged[0].update(g[0])
            merged[1][:0] = g[1]
            groups.remove(g)
        groups.append(merged)
    return [sorted(g[1], key=lambda p: pats.index(p)) for g in groups]


def check(kb: KnowledgeBase, rules: list[Rule]):
    def diag(rule: Rule, pattern: Pattern | None, msg: str, severity="error"):
        line = pattern.line if pattern and pattern.line else rule.line
        col = pattern.column if pattern else None
        kb.diagnostics.append(Diagnostic(rule.path, line, col, msg, severity))

    for r in rules:
        if not r.says_it:
            diag(r, None, f"rule {r.id}: no 'says_it' (its sentence in Italian, with the Italian "
                          "guide's words)", "warning")
        for c in r.cites:
            if c not in kb.sources:
                diag(r, None, f"rule {r.id}: citation {c!r} is not a defined source id "
                              f"(see sources.yaml)")
        if not r.ruleset:
            diag(r, None, f"rule {r.id}: no ruleset: say which ruleset it holds for "
                          "('ruleset: tcg', 'ocg' or 'both' on the rule, or at the top of its "
                          "file for all its rules)", "warning")
        else:
            for c in r.cites:
                src = kb.sources.get(c)
                if src is not None and src.ruleset != "both" and r.ruleset != src.ruleset:
                    diag(r, None, f"rule {r.id}: it says it holds for {r.ruleset}, but it cites "
                                  f"{c}, a point that holds for {src.ruleset} only (give the "
                                  f"rule 'ruleset: {src.ruleset}')", "warning")
        for alt in r.when:
            bound: set[str] = set()
            fields_of: dict[str, set] = {}     # variable -> the descriptions of its fields
            for pat in alt:
                if pat.kind in ("fact", "not"):
                    ft = kb.fact_types.get(pat.type)
                    if ft is None:
                        diag(r, pat, f"rule {r.id}: unknown fact type {pat.type!r}")
                        continue
                    for k, v in pat.fields.items():
                        if k not in ft.fields:
                            diag(r, pat, f"rule {r.id}: fact type {pat.type!r} has no field "
                                         f"{k!r} (fields: {', '.join(ft.fields)})")
                        if pat.kind == "fact" and isinstance(v, Var):
                            bound.add(v.name)
                            fields_of.setdefault(v.name, set()).add(ft.fields.get(k))
                    if pat.kind == "fact" and ft.origin == "rule" and not any(
                            t == pat.type for other in kb.rules for t, _ in other.then):
                        diag(r, pat, f"rule {r.id}: no rule concludes {pat.type!r}, so this "
                                     "pattern can never match")
            for pat in alt:
                if pat.kind == "not":
                    continue  # unbound variables in a negation match anything
                if pat.kind == "test":
                    for side in pat.test:
                        for var in (side.vars if isinstance(side, Sum) else (side,)):
                            if isinstance(var, Var) and var.name not in bound:
                                diag(r, pat, f"rule {r.id}: test uses ${var.name}, which no "
                                             "earlier pattern binds")
            for type_, fields in r.then:
                ft = kb.fact_types.get(type_)
                if ft is None:
                    diag(r, None, f"rule {r.id}: 'then' concludes unknown fact type {type_!r}")
                    continue
                for k, v in fields.items():
                    if k not in ft.fields:
                        diag(r, None, f"rule {r.id}: fact type {type_!r} has no field {k!r}")
                    if isinstance(v, Var) and v.name not in bound:
                        diag(r, None, f"rule {r.id}: ${v.name} is used in 'then' but never "
                                      "bound in 'when'")
                    if ft.fields.get(k) != "yes/no":
                        continue
                    # a yes/no field concluded: what the questions read is yes or no
                    if not isinstance(v, Var) and v not in ("yes", "no"):
                        diag(r, None, f"rule {r.id}: 'then' concludes {type_}.{k} = {v!r}, "
                                      f"but {k!r} is yes or no (no question reads {v!r})")
                    elif isinstance(v, Var) and v.name in fields_of and \
                            "yes/no" not in fields_of[v.name]:
                        what = ", ".join(sorted(str(d) for d in fields_of[v.name]))
                        diag(r, None, f"rule {r.id}: 'then' concludes {type_}.{k} = ${v.name}, "
                                      f"but {k!r} is yes or no and ${v.name} is bound to "
                                      f"{what} (no question reads it)", "warning")
        # unconstrained joins: patterns that share no variable multiply the work
        for alt in r.when:
            groups = unjoined(alt)
            # a group made only of the fact types the rule names in `cross-join` (a situation has
            # few of them, e.g. the phase) is paired with the rest on purpose
            stated = [g for g in groups if all(p.type in r.cross_join for p in g)]
            if stated and len(groups) - len(stated) <= 1:
                continue
            if len(groups) > 1:
                a, b = groups[0][0], groups[1][0]
                diag(r, b, f"rule {r.id}: unconstrained join: {b.type}(...) shares no "
                           f"variable with {a.type}(...) (line {a.line}), so every {a.type} "
                           f"fact is paired with every {b.type} fact ({len(groups)} unjoined "
                           "groups; the work is the product of their fact counts)",
                     "warning")
                break
        used = {p.type for alt in r.when for p in alt}
        for t in r.cross_join:
            if t not in used:
                diag(r, None, f"rule {r.id}: 'cross-join' names {t!r}, which no pattern of the "
                              "rule matches")
        # impossible literal values for yes/no fields
        for alt in r.when:
            for pat in alt:
                ft = kb.fact_types.get(pat.type)
                yes_no = {k for k, doc in (ft.fields.items() if ft else []) if doc == "yes/no"}
                for k, v in pat.fields.items():
                    if k in yes_no and isinstance(v, str) and v not in ("yes", "no"):
                        diag(r, pat, f"rule {r.id}: {k!r} is yes or no, so {v!r} can never match")


def check_families(kb: KnowledgeBase):
    """Each question family says its restatement in Italian too (``restate_it``)."""
    for f in kb.families.values():
        if f.restate and not f.restate_it:
            kb.diagnostics.append(Diagnostic("questions.yaml", None, None,
                                             f"family {f.name}: no 'restate_it' (its "
                                             "restatement in Italian)", "warning"))
        for key in ("restate_told", "restate_whole", "restate_any"):
            if getattr(f, key) and not getattr(f, key + "_it"):
                kb.diagnostics.append(Diagnostic("questions.yaml", None, None,
                                                 f"family {f.name}: no '{key}_it' (that "
                                                 "restatement in Italian)", "warning"))


TELL_SLOT = re.compile(r"\{([A-Za-z_]\w*)\}")


def tell_slots(sentence: str) -> list[str]:
    """The {slots} of a tell.yaml sentence or line."""
    return TELL_SLOT.findall(sentence)


def check_tells(kb: KnowledgeBase):
    """tell.yaml against the rules: every fact type a rule's pattern can need has a sentence
    (a warning: the answer still comes, only less plainly said), and every sentence's slots and
    every choice's `when` name fields the fact type (or the question's answer facts) has."""
    def diag(path: str, msg: str, severity="error"):
        kb.diagnostics.append(Diagnostic(path, None, None, msg, severity))

    asked = {f for fam in kb.families.values() for f in
             (kb.fact_types[fam.answer].fields if fam.answer in kb.fact_types else ())}
    for name, entry in kb.tells.items():
        ft = kb.fact_types.get(name)
        if ft is None:
            diag(entry["path"], f"tell.yaml: {name!r} is not a fact type (fact-types.yaml)")
            continue
        known = set(ft.fields) | asked
        known |= {f + "_card" for f in known}
        texts = [a["text"] for a in entry["ask"]] + [c["line"] for c in entry["choices"]]
        for a in entry["ask"]:
            for k in a["asks"]:
                if k not in ft.fields:
                    diag(entry["path"], f"tell.yaml: {name!r}: a sentence 'asks' {k!r}, which "
                                        f"is not a field of {name!r}")
        for text in texts:
            for slot in tell_slots(text):
                if slot not in known:
                    diag(entry["path"], f"tell.yaml: {name!r}: {{{slot}}} is not a field of "
                                        f"{name!r} nor of a question's answer ({text!r})")
        for c in entry["choices"]:
            for k in c["when"]:
                if k not in ft.fields:
                    diag(entry["path"], f"tell.yaml: {name!r}: a choice's 'when' names {k!r}, "
                                        f"which is not a field of {name!r}")
    if not kb.tells:
        return
    where = next(iter(kb.tells.values()))["path"]
    for t in sorted(kb.used_types() - set(kb.tells)):
        if t in kb.fact_types:
            diag(where, f"tell.yaml: fact type {t!r} is used by a rule but has no 'tell' sentence "
                        "(what would settle it, in plain words)", "warning")
