"""Renderers: answers, proofs and readings as text for people and JSON for tools.

They only print the data that :mod:`psct_expert.proof` and the reader built.
"""

from __future__ import annotations

import json

from .facts import Fact, Source
from .proof import Answer, ProofNode, Step
from .reader import Reading

ANSWER_WORDS = {
    "yes": "Yes.", "no": "No.", "unknown": "Unknown.", "conflict": "Conflict.",
}
# the renderer's own words in Italian (the rules' and families' words are in the knowledge)
WORDS = {
    "en": {**ANSWER_WORDS, "cites": "Cites: ", "note": "Note: ",
           "whatif": "What would change this:",
           "whatif_none": "What would change this: no near variation of the facts changes the answer.",
           "not_settled": "The facts do not settle it",
           "conflict_reason": "The rules reach both yes and no; see both proofs with --why. "
                              "A rule file is contradicting another."},
    "it": {"yes": "Sì.", "no": "No.", "unknown": "Non si sa.", "conflict": "Conflitto.",
           "cites": "Fonti: ", "note": "Nota: ",
           "whatif": "Cosa cambierebbe la risposta:",
           "whatif_none": "Cosa cambierebbe la risposta: nessuna variazione vicina dei fatti "
                          "cambia la risposta.",
           "not_settled": "I fatti non bastano a deciderlo",
           "conflict_reason": "Le regole arrivano sia al sì sia al no; vedi entrambe le prove con "
                              "--why. Un file di regole ne contraddice un altro."},
}


def fact_text(f: Fact) -> str:
    return str(f)


def source_text(s: Source) -> str:
    if s.kind == "text":
        where = f" ({s.where})" if s.where and s.where != "text" else ""
        return f'{s.card}{where} [{s.start}:{s.end}]: "{s.quote}"'
    if s.kind == "card":
        return f"{s.card}: card data ({s.quote})"
    if s.kind == "game":
        return f"game fact ({s.where})"
    if s.kind == "scenario":
        return f'{s.where}: "{s.quote}"'
    return f'{s.where or s.kind}: {s.quote}'


# -- answers -------------------------------------------------------------------


def short_reason(answer: Answer, lang: str = "en") -> str:
    """One or two sentences from the top of the proof, with citations."""
    w = WORDS.get(lang, WORDS["en"])
    if answer.value == "unknown":
        plain = unknown_reason(answer) if lang == "en" else None
        if plain:
            return plain
        near = answer.missing_plain or answer.missing
        if near:
            return w["not_settled"] + ": " + "; ".join(near[:3]) + "."
        return w["not_settled"] + "."
    if answer.value == "conflict":
        return w["conflict_reason"]
    sentences: list[str] = []
    for node in answer.proof[:1]:
        for step in node.steps[:1]:
            sentences.append(f"{step.said(lang)} [{', '.join(step.cites)}]")
            deeper = _first_derived(step)
            if deeper is not None:
                sentences.append(f"{deeper.said(lang)} [{', '.join(deeper.cites)}]")
    return " ".join(sentences)


def unknown_reason(answer: Answer, most: int = 3) -> str:
    """An unknown answer's reason in a judge's words (its ``tell`` items, knowledge/tell.yaml):
    why a rule is kept from answering, then what to tell; when nothing the player can tell
    would settle it, what the rules or the card texts would need.  No rule ids, no fields."""
    items = answer.tell
    open_ = [it["ask"] for it in items if it["kind"] == "open"]
    asks = [it["ask"] for it in items if it["kind"] == "situation"]
    head = "The facts do not settle it"
    if open_:
        head += ": " + " ".join(_sentence(s) for s in open_[:1])
    else:
        head += "."
    if asks:
        return head + " " + " ".join(_sentence(a) for a in asks[:most])
    rules = [it["ask"] for it in items if it["kind"] == "rule"]
    texts = [it["ask"] for it in items if it["kind"] in ("card-text", "game")]
    if open_:
        return head
    if rules:
        return head + " No rule can tell " + "; nor ".join(
            _lower(r).rstrip(".") for r in rules[:2]) + "."
    if texts:
        return head + " Nothing you could add would: the rules that could answer look for " \
            "what these cards' texts or the game facts do not say (" + "; ".join(
                _lower(t).rstrip(".") for t in texts[:2]) + ")."
    return ""


def choice_lines(answer: Answer, most: int = 3) -> list[str]:
    """The one-click choices of an unknown answer as the command line takes them: each line
    to add with -e, and the answer it gives (those that set a field of the question are left
    to the web page and --json)."""
    told = [c for it in answer.tell if it["kind"] == "situation" for c in it.get("choices", [])
            if c.get("line")]
    if not told:
        return []
    return ["Tell it with one of these lines (-e):"] + [
        f'  {c["label"]}: "{c["line"]}" (answer: {ANSWER_WORDS.get(c.get("gives"), "?")})'
        for c in told[:most * 3]]


def tell_lines(answer: Answer) -> list[str]:
    """Every tell item with its choices and the rules it stands for (for --why)."""
    out = []
    for it in answer.tell:
        why = ", ".join(it["rules"])
        lean = "/".join(it["for"])
        out.append(f"  - [{it['kind']}] {it['ask']}" + (f"  (for {lean}: {why})" if why else ""))
        for c in it.get("choices", []):
            told = c.get("line") or ", ".join(f"{k}={v}" for k, v in c.get("spec", {}).items())
            out.append(f"      * {c['label']}: {told!r} -> {c.get('gives', '?')}")
    return out


def _sentence(s: str) -> str:
    s = s.strip()
    return s if s.endswith((".", "?", "!")) else s + "."


def _lower(s: str) -> str:
    return s[:1].lower() + s[1:] if s[:1].isupper() and not s[1:2].isupper() else s


def _first_derived(step: Step) -> Step | None:
    for p in step.premises:
        for st in p.steps:
            if st.rule != step.rule:
                return st
    return None


def answer_text(answer: Answer, why: bool = False, lang: str = "en") -> str:
    w = WORDS.get(lang, WORDS["en"])
    word = w.get(answer.value, answer.value)
    restated = answer.restatement(lang)
    lines = [f"{restated} {word}" if restated else word]
    if answer.reading is not None:
        lines.append(reading_line(answer.reading))
    lines.append(short_reason(answer, lang))
    ranked = answer.ranked_sources()
    if ranked:
        lines.append(w["cites"] + ", ".join(f"{d['id']} ({d['tier_label']})" for d in ranked))
    for note in answer.notes:
        lines.append(w["note"] + note)
    for c in answer.caveats():
        lines.append(w["note"] + c["says"])
    if answer.ruleset != "tcg":
        lines.append(w["note"] + f"answered for the {answer.ruleset.upper()} (--ruleset)")
    if answer.what_if is not None:
        lines.append(w["whatif"] if answer.what_if else w["whatif_none"])
        lines.extend("  - " + x.sentence for x in answer.what_if)
    if answer.value == "unknown":
        lines.extend(choice_lines(answer))
    if answer.value == "unknown" and answer.tell and why:
        lines.append("In plain words:")
        lines.extend(tell_lines(answer))
    if answer.value == "unknown" and answer.missing and why:
        lines.append("What would settle it:")
        lines.extend("  - " + m for m in answer.missing_plain or answer.missing)
        lines.append("The same, by rule and fact:")
        lines.extend("  - " + m for m in answer.missing)
    if why and ranked:
        lines.append("Sources, strongest first:")
        lines.extend(f"  {d['id']}: {d['tier_label']}; {d['url'] or d['where']}"
                     + (f"; {d['ruleset'].upper()} only" if d["ruleset"] != "both" else "")
                     + (f"; to confirm: {d['to_confirm']}" if d.get("to_confirm") else "")
                     for d in ranked)
    if why:
        for value, nodes in answer.proofs.items():
            for node in nodes:
                if answer.value == "conflict":
                    lines.append(f"--- proof of {value} ---")
                lines.append("")
                lines.extend(proof_lines(node, lang=lang))
    return "\n".join(lines)


def proof_lines(node: ProofNode, indent: str = "", lang: str = "en") -> list[str]:
    out = [indent + fact_text(node.fact) + ("  (shown above)" if node.repeated else "")]
    for s in node.sources:
        out.append(indent + "  <- " + source_text(s))
    for step in node.steps:
        out.append(f"{indent}  <- rule {step.rule} [{', '.join(step.cites)}] ({step.where})")
        out.append(f"{indent}     {step.said(lang)}")
        for p in step.premises:
            out.extend(proof_lines(p, indent + "       ", lang))
        for a in step.absent:
            out.append(f"{indent}       absent: {a}")
        for t in step.tests:
            out.append(f"{indent}       checked: {t}")
    return out


def answer_json(answer: Answer, lang: str = "en") -> str:
    return json.dumps(answer.to_dict(lang), indent=2, sort_keys=True, ensure_ascii=False)


# -- readings ------------------------------------------------------------------

HIDDEN = {"card", "subtype", "effect", "psct", "bullet"}


def legacy_reasons(reading: Reading) -> list[dict]:
    """Each pre-PSCT wording found: the phrase, why it predates PSCT, the effect it is in
    (null outside every effect) and its span."""
    out = []
    for f in reading.facts:
        if f.type != "legacy":
            continue
        d = {"phrase": f.get("phrase"), "reason": f.get("reason"), "effect": f.get("effect")}
        if f.source is not None and f.source.start is not None:
            d.update(span=[f.source.start, f.source.end], where=f.source.where)
        out.append(d)
    return out


def reading_dict(reading: Reading, conclusions: dict | None = None) -> dict:
    """The JSON schema of ``analyze --json`` (documented in the README)."""
    card = reading.card
    conclusions = conclusions or {}

    def facts_for(eid: str) -> list[dict]:
        out = []
        for f in reading.facts:
            if f.get("effect") != eid or f.type in ("effect", "bullet"):
                continue
            d = {"type": f.type, **{k: v for k, v in f.fields if k != "effect"}}
            if f.source is not None and f.source.start is not None:
                d["span"] = [f.source.start, f.source.end]
                d["quote"] = f.source.quote
                d["where"] = f.source.where
            out.append(d)
        return out

    def span(sp):
        return None if sp is None else [sp.start, sp.end]

    def effect_dict(e) -> dict:
        d = {"id": e.id, "n": e.n, "text": e.text, "span": [e.start, e.end], "where": e.where,
             "parts": {"condition": span(e.condition), "cost": span(e.cost),
                       "resolution": span(e.resolution)},
             "clauses": [{"n": c.n, "verb": c.verb, "text": c.text, "span": [c.start, c.end]}
                         for c in e.clauses],
             "links": [{"left": a, "right": b, "kind": k, "span": [s, t]}
                       for a, b, k, s, t in e.links],
             "targets": [{"slot": t.slot, "count": t.count, "text": t.text,
                          "conditions": [[c, v] for c, v in t.conditions]} for t in e.targets],
             "facts": facts_for(e.id),
             "conclusions": conclusions.get(e.id, [])}
        if e.bullets:
            d["bullets"] = [effect_dict(b) for b in e.bullets]
        return d

    return {
        "card": {"name": card.name, "id": card.id, "kind": card.kind,
                 "subtypes": list(card.subtypes), "origin": card.origin,
                 "official_text": card.official_text},
        "text": card.text,
        "status": reading.status,
        "legacy": sorted(set(x.lower() for x in reading.legacy)),
        "legacy_reasons": legacy_reasons(reading),
        "unread": reading.unread,
        "card_facts": [{"type": f.type, **dict(f.fields),
                        **({"span": [f.source.start, f.source.end], "quote": f.source.quote}
                           if f.source is not None and f.source.start is not None else {})}
                       for f in reading.facts if f.get("effect") is None
                       and f.type not in ("card", "subtype", "psct")],
        "effects": [effect_dict(e) for e in reading.effects],
    }


# how analyze shows a reader fact: fact type -> line (fields as {name})
FACT_LINES = {
    "quick_marker": 'Quick Effect marker: "{quote}"',
    "once_per_turn": 'once per turn ({kind}, {scope}): "{quote}"',
    "resolve_condition": 'to activate and to resolve: "{quote}"',
    "procedure": 'summon procedure ({place}): "{quote}"',
    "bullets": "bullets: {mode}",
    "immediately_after": '"immediately after this effect resolves"',
    "negation_scope": 'negates {what} ({kind}): "{quote}"',
    "prohibits": 'forbids: {action}  "{quote}"',
    "activation_condition_sentence": 'activation condition: "{quote}"',
}

CONCLUSION_LABELS = {
    "starts_chain": "starts a Chain",
    "targets": "targets",
    "quick": "Quick Effect",
    "inherent_summon": "inherent Special Summon",
}


def reading_text(reading: Reading, conclusions: dict | None = None, why: bool = False) -> str:
    d = reading_dict(reading, conclusions)
    card = reading.card
    head = f"{card.name}  ({card.kind}" + (f": {', '.join(card.subtypes)}" if card.subtypes
                                           else "") + ")"
    lines = [head]
    status = {"full": "read as PSCT", "partial": "read as PSCT, partly",
              "legacy": "LEGACY text (pre-PSCT): punctuation rules are not applied"}[d["status"]]
    lines.append("  " + status)
    if d["legacy"]:
        lines.append("  legacy wording (the text predates PSCT):")
        for r in d["legacy_reasons"]:
            where = f"effect {r['effect'].rsplit('#', 1)[-1]}" if r["effect"] else "card"
            lines.append(f'    {where}: "{r["phrase"]}": {r["reason"]}')
    if d["unread"]:
        lines.append("  not understood: " + "; ".join(f'"{u}"' for u in d["unread"]))
    feats = [c for c in (conclusions or {}).get(card.name, []) if c["type"] == "card_feature"]
    if feats:
        lines.append("  card features: " + ", ".join(c["feature"] for c in feats))
        if why:
            for c in feats:
                lines.append(f"    {c['feature']}   <- {', '.join(c['rules'])} "
                             f"[{', '.join(c['cites'])}]")
    for f in d["card_facts"]:
        if f["type"] in ("materials",):
            lines.append(f'  materials: "{f.get("quote", "")}"')
    for e in d["effects"]:
        lines.extend(_effect_lines(e, reading, "  ", why))
    return "\n".join(lines)


def _effect_lines(e: dict, reading: Reading, indent: str, why: bool) -> list[str]:
    # spans index the text the effect was read from: the card text or the Pendulum text
    text = (reading.card.pendulum_text if e.get("where") == "pendulum text"
            else reading.card.text) or ""
    label = "Effect" if "." not in e["id"].split("#")[-1] else "Bullet"
    if e["n"] == 0:
        lines = [f"{indent}Card activation (#0): activating this {reading.card.kind} card"]
    else:
        lines = [f'{indent}{label} {e["id"].split("#")[-1]}: "{e["text"]}"']
    sub = indent + "    "
    kinds = []
    for c in e["conclusions"]:
        if c["type"] in CONCLUSION_LABELS:
            kinds.append((CONCLUSION_LABELS[c["type"]], c.get("value"), c["rules"], c["cites"]))
    for name, value, rules, cites in kinds:
        line = f"{sub}{name}: {value}"
        if why:
            line += f"   <- {', '.join(rules)} [{', '.join(cites)}]"
        lines.append(line)
    parts = e["parts"]
    if parts["condition"] and e["n"] > 0:
        s, t = parts["condition"]
        lines.append(f'{sub}activation condition: "{text[s:t].strip()}"')
    facts = e["facts"]
    for f in facts:
        if f["type"] == "trigger":
            lines.append(f'{sub}trigger: "{f["word"].title()} ...", '
                         f'{"optional" if f["optional"] == "yes" else "mandatory"}')
    costs = [f for f in facts if f["type"] == "cost_action"]
    if costs:
        for f in costs:
            lines.append(f'{sub}cost: {f["verb"]}  "{f.get("quote", "")}"')
    for t in e["targets"]:
        conds = ", ".join(c if v == "yes" else f"{c}={v}" for c, v in t["conditions"])
        lines.append(f'{sub}target {t["slot"]}: {t["count"]}  "{t["text"].strip()}"'
                     + (f"  ({conds})" if conds else ""))
    if e["clauses"] and e["n"] > 0:
        lines.append(f"{sub}resolution:")
        links = {lk["right"]: lk["kind"] for lk in e["links"]}
        for c in e["clauses"]:
            joined = f"[{links[c['n']]}] " if c["n"] in links else ""
            refs = [f for f in facts if f["type"] == "reference" and f["n"] == c["n"]]
            ref = ""
            if refs:
                ref = "  refers: " + ", ".join(sorted({f'{r["kind"]} "{r["quote"]}"'
                                                        for r in refs}))
            lines.append(f'{sub}  {c["n"]}. {joined}{c["verb"] or "?"}: "{c["text"]}"{ref}')
    for f in facts:
        if f["type"] in FACT_LINES:
            lines.append(sub + FACT_LINES[f["type"]].format(**f))
    for b in e.get("bullets", []):
        lines.extend(_effect_lines(b, reading, sub, why))
    return lines


def reading_line(relexed) -> str:
    """How the question was read, when it was read through the lexicon: the sentence read
    and every change (what was set aside as discourse, which word was read as which)."""
    return f"Read as: {relexed.text!r} (" + "; ".join(c.describe() for c in relexed.shown) + ")"


def error_dict(exc: Exception) -> dict:
    """An error as data (``ask --json`` and the web API): the message and, for a question,
    what was understood and what could not be placed."""
    from .errors import QuestionError, UnknownCard

    body: dict = {"error": str(exc), "kind": type(exc).__name__}
    if isinstance(exc, QuestionError):
        body["understood"] = exc.understood
        body["unplaced"] = exc.unplaced
        body["forms"] = exc.forms
        if exc.line is not None:
            body["line"] = exc.line
    if isinstance(exc, UnknownCard):
        body["name"] = exc.name
        body["suggestions"] = exc.suggestions
    if getattr(exc, "relexed", None) is not None:
        from .proof import reading_dict

        body["reading"] = reading_dict(exc.relexed)
    if getattr(exc, "nearest", None) is not None:
        body["nearest"] = list(exc.nearest)
    return body
