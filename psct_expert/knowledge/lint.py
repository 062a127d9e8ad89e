"""Checks across rule files: citations, fact types, fields, bound variables, impossible values.

Each problem is appended to the knowledge base's diagnostics with the rule's
``file:line:column``; ``psct-expert rules lint`` prints them all.
"""

from __future__ import annotations

from .model import Diagnostic, KnowledgeBase, Pattern, Rule, Var


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
        for c in r.cites:
            if c not in kb.sources:
                diag(r, None, f"rule {r.id}: citation {c!r} is not a defined source id "
                              f"(see sources.yaml)")
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
                        if isinstance(side, Var) and side.name not in bound:
                            diag(r, pat, f"rule {r.id}: test uses ${side.name}, which no "
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
