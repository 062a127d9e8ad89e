"""Answers and their proofs, kept as data.

An :class:`Answer` is yes, no, unknown or conflict.  Its proof is a tree:

1. the conclusion (the answer fact);
2. the rule(s) that concluded it, with their sentence and citations;
3. the premises: derived facts (recursively), or given facts with their
   source — a card's exact quoted span, the card data, the question, a
   scenario line — and the negated patterns a closed-world rule checked.

Renderers (:mod:`psct_expert.render`) only print this data.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import kre as re  # re, each pattern's program kept on disk (psct_expert.kre)
from .engine import Record, match_pattern, test_holds
from .facts import Fact, Source, fact_key
from .knowledge import KnowledgeBase, Var
from .restate import restate
from .tell import tell_items


@dataclass
class Step:
    """One rule firing inside a proof."""

    rule: str
    says: str
    cites: list[str]
    where: str
    premises: list["ProofNode"]
    absent: list[str]
    tests: list[str]
    says_it: str = ""

    def said(self, lang: str = "en") -> str:
        """The rule's sentence in this language (English when it has no Italian one)."""
        return self.says_it if lang == "it" and self.says_it else self.says

    def to_dict(self, lang: str = "en") -> dict:
        return {"rule": self.rule, "says": self.said(lang), "cites": self.cites,
                "where": self.where, "premises": [p.to_dict(lang) for p in self.premises],
                "absent": self.absent, "tests": self.tests}


@dataclass
class ProofNode:
    """A fact of a proof with the sources and steps that derived it."""

    fact: Fact
    sources: list[Source]
    steps: list[Step]
    repeated: bool = False   # already shown higher up in this branch (a cycle)

    def citations(self) -> set[str]:
        out: set[str] = set()
        for st in self.steps:
            out.update(st.cites)
            for p in st.premises:
                out |= p.citations()
        return out

    def rules(self) -> list[str]:
        out: list[str] = []
        for st in self.steps:
            if st.rule not in out:
                out.append(st.rule)
            for p in st.premises:
                for r in p.rules():
                    if r not in out:
                        out.append(r)
        return out

    def text_sources(self) -> list[Source]:
        out = list(s for s in self.sources)
        for st in self.steps:
            for p in st.premises:
                out.extend(p.text_sources())
        return out

    def to_dict(self, lang: str = "en") -> dict:
        d: dict = {"fact": {"type": self.fact.type, **dict(self.fact.fields)}}
        if self.sources:
            d["sources"] = [s.to_dict() for s in self.sources]
        if self.steps:
            d["derived_by"] = [s.to_dict(lang) for s in self.steps]
        if self.repeated:
            d["repeated"] = True
        return d


def reading_dict(relexed) -> dict:
    """The second reading as data: the sentence read, what was set aside, each change."""
    return {"read": relexed.text, "set_aside": relexed.set_aside,
            "changes": [c.describe() for c in relexed.shown]}


@dataclass
class Answer:
    """The answer to a question: its value, its proofs, what is missing and how it is said."""

    family: str
    params: dict
    value: str                                   # yes / no / unknown / conflict
    proofs: dict[str, list[ProofNode]] = field(default_factory=dict)
    missing: list[str] = field(default_factory=list)       # near misses, by rule and fact
    missing_plain: list[str] = field(default_factory=list)  # the same in plain English
    tell: list[dict] = field(default_factory=list)  # what would settle it, as a judge asks (tell.py)
    notes: list[str] = field(default_factory=list)
    question_text: str = ""
    spec: dict = field(default_factory=dict)
    restated: str = ""                           # the question as understood, in canonical form
    reading: object = None                       # the lexicon's second reading (parser.lexicon.Relexed)
    ruleset: str = "tcg"                         # the ruleset whose points may decide it
    kb_sources: dict = field(default_factory=dict, repr=False)   # source id -> Source
    tiers: dict = field(default_factory=dict, repr=False)        # tier -> label, strongest first
    restated_it: str = ""                        # the same in Italian
    what_if: list | None = None                  # whatif.WhatIf: what would flip it (when asked)
    work: int = 0                                # the engine's matching steps for it (not shown)

    @property
    def proof(self) -> list[ProofNode]:
        """The proof of the answer (both sides for a conflict)."""
        if self.value in ("yes", "no"):
            return self.proofs.get(self.value, [])
        return self.proofs.get("yes", []) + self.proofs.get("no", [])

    def citations(self) -> list[str]:
        out: set[str] = set()
        for node in self.proof:
            out |= node.citations()
        return sorted(out)

    def rules(self) -> list[str]:
        out: list[str] = []
        for node in self.proof:
            for r in node.rules():
                if r not in out:
                    out.append(r)
        return out

    def ranked_sources(self) -> list[dict]:
        """Each citation of the proof with its tier, label, link and ruleset, strongest tier
        first (then by id)."""
        order = {t: i for i, t in enumerate(self.tiers)}
        out = []
        for cid in self.citations():
            src = self.kb_sources.get(cid)
            tier = src.tier if src is not None else ""
            d = {"id": cid, "title": src.title if src else "", "tier": tier,
                 "tier_label": self.tiers.get(tier, "unranked"),
                 "url": src.url if src else "", "where": src.where if src else "",
                 "ruleset": src.ruleset if src else "both"}
            if src is not None and src.to_confirm:
                d["to_confirm"] = src.to_confirm
            out.append(d)
        out.sort(key=lambda d: (order.get(d["tier"], len(order)), d["id"]))
        return out

    def caveats(self) -> list[dict]:
        """The points the proof rests on that hold for one ruleset only or are still to
        confirm, each with a sentence saying so."""
        out = []
        for d in self.ranked_sources():
            words = []
            if d["ruleset"] != "both":
                words.append(f"a point that holds for the {d['ruleset'].upper()} only")
            if d.get("to_confirm"):
                words.append(f"a point partly to confirm ({d['to_confirm']})")
            if words:
                out.append({"source": d["id"], "ruleset": d["ruleset"],
                            "to_confirm": d.get("to_confirm", ""),
                            "says": f"this answer rests on {d['id']}, " + " and ".join(words)})
        return out

    def restatement(self, lang: str = "en") -> str:
        return self.restated_it if lang == "it" and self.restated_it else self.restated

    def to_dict(self, lang: str = "en") -> dict:
        """The answer as data; ``lang="it"`` gives the restatement and each rule's sentence in
        Italian (``lang`` is then said in the data)."""
        d = {"answer": self.value, "family": self.family, "params": self.params,
             "question": self.question_text, "restated": self.restatement(lang),
             "spec": self.spec, "citations": self.citations(), "rules": self.rules(),
             "sources": self.ranked_sources(), "ruleset": self.ruleset,
             "proof": {k: [n.to_dict(lang) for n in v] for k, v in self.proofs.items() if v}}
        if lang != "en":
            d["lang"] = lang
        if self.reading is not None:
            d["reading"] = reading_dict(self.reading)
        caveats = self.caveats()
        if caveats:
            d["caveats"] = caveats
        if self.missing:
            d["missing"] = self.missing
        if self.missing_plain:
            d["missing_plain"] = self.missing_plain
        if self.tell:
            d["tell"] = tell_dicts(self.tell)
        if self.notes:
            d["notes"] = self.notes
        if self.what_if is not None:
            d["what_if"] = [w.to_dict() for w in self.what_if]
        return d


def build_node(key: tuple, rec: Record, kb: KnowledgeBase, path: frozenset = frozenset(),
               cache: dict | None = None) -> ProofNode:
    cache = {} if cache is None else cache
    fact = rec.facts.get(key) or Fact(key[0], key[1])
    if key in path:
        return ProofNode(fact, [], [], repeated=True)
    if key in cache:
        return cache[key]
    steps = []
    for d in rec.derivations.get(key, []):
        rule = kb.rule(d.rule)
        premises = [build_node(p, rec, kb, path | {key}, cache) for p in d.premises]
        steps.append(Step(d.rule, rule.says if rule else "", list(rule.cites) if rule else [],
                          rule.location if rule else "", premises, list(d.absent),
                          list(d.tests), rule.says_it if rule else ""))
    # the engine's firing order may vary between processes (hash seeds); the proof must not
    steps.sort(key=lambda st: (st.rule, [str(p.fact) for p in st.premises], st.absent, st.tests))
    sources = sorted(rec.sources.get(key, []), key=lambda s: (s.kind, str(s.card), s.start or 0,
                                                             s.end or 0, s.where, s.quote))
    node = ProofNode(fact, sources, steps)
    cache[key] = node
    return node


def rules_and_citations(key: tuple, rec: Record, kb: KnowledgeBase,
                        cache: dict | None = None) -> tuple[list[str], set[str]]:
    """``build_node(key, rec, kb, cache=...)``'s ``rules()`` and ``citations()``,
    without building the tree (its sources, steps and nodes): the same
    recursion, the same order of steps, the same cut at a fact already on the
    path, and a cache shared the same way (pass one dict for the facts of one
    record).  The audit needs only these two of every conclusion's proof."""
    cache = {} if cache is None else cache
    texts: dict = cache.setdefault(None, {})   # str(fact) of each premise, for the step order

    def text(k):
        t = texts.get(k)
        if t is None:
            t = texts[k] = str(rec.facts.get(k) or Fact(k[0], k[1]))
        return t

    nothing = ((), frozenset())

    def walk(k, path):
        if k in path:
            return nothing
        got = cache.get(k)
        if got is not None:
            return got
        derivations = rec.derivations.get(k)
        if not derivations:       # a given fact: no steps
            cache[k] = nothing
            return nothing
        steps = []
        inner = path | {k}
        several = len(derivations) > 1    # only then does the order of steps matter
        for d in derivations:
            rule = kb.rule(d.rule)
            steps.append((d.rule, [text(p) for p in d.premises] if several else None,
                          d.absent, rule.cites if rule else (),
                          [walk(p, inner) for p in d.premises]))
        if several:
            steps.sort(key=lambda st: (st[0], st[1], list(st[2])))
        rules: list[str] = []
        cites: set[str] = set()
        for rule_id, _, _, rule_cites, premises in steps:
            if rule_id not in rules:
                rules.append(rule_id)
            cites.update(rule_cites)
            for p_rules, p_cites in premises:
                for r in p_rules:
                    if r not in rules:
                        rules.append(r)
                cites |= p_cites
        got = cache[k] = (tuple(rules), frozenset(cites))
        return got

    rules, cites = walk(key, frozenset())
    return list(rules), set(cites)


def make_answer(question, rec: Record, kb: KnowledgeBase) -> Answer:
    fam = kb.families[question.family]
    wanted = {k: question.params[k] for k in fam.key}
    found: dict[str, list[tuple]] = {"yes": [], "no": []}
    for key, f in rec.facts.items():
        if key[0] != fam.answer:
            continue
        fields = dict(f.fields)
        if all(fields.get(k) == v for k, v in wanted.items()) and fields.get("value") in found:
            found[fields["value"]].append(key)
    cache: dict = {}
    proofs = {v: [build_node(k, rec, kb, cache=cache) for k in sorted(keys, key=str)]
              for v, keys in found.items()}
    if found["yes"] and found["no"]:
        value = "conflict"
    elif found["yes"]:
        value = "yes"
    elif found["no"]:
        value = "no"
    else:
        value = "unknown"
    fam = kb.families.get(question.family)
    ans = Answer(question.family, dict(question.params), value, proofs,
                 question_text=question.text, spec=question.spec,
                 restated=restate(question, fam.restate if fam else ""),
                 kb_sources=kb.sources, tiers=kb.tiers,
                 restated_it=restate(question, fam.restate_it if fam else "", lang="it"))
    ans.notes.extend(question.notes)
    ans.work = rec.steps
    for r in question.readings.values():
        if r.legacy:
            reasons = sorted({f.get("reason") for f in r.facts if f.type == "legacy"} - {None})
            ans.notes.append(f'{r.card.name}: the text predates PSCT, legacy (pre-PSCT) wording '
                             f'({", ".join(sorted(set(x.lower() for x in r.legacy)))}: '
                             f'{"; ".join(reasons)}); '
                             "rules that read PSCT punctuation do not apply to it, so only what "
                             "the old wording itself fixes is answered")
        if not r.card.official_text:
            ans.notes.append(f"{r.card.name}: the text is an unofficial translation")
    if value == "unknown":
        ans.missing = missing_facts(fam.answer, wanted, rec, kb)
        ans.missing_plain = missing_plain(fam.answer, wanted, rec, kb)
        ans.tell = tell_items(fam.answer, wanted, rec, kb)
    return ans


def tell_dicts(items: list[dict]) -> list[dict]:
    """The tell items as JSON shows them (without the choices not yet asked again)."""
    return [{k: v for k, v in it.items() if k != "offered"} for it in items]


def _deepest(alt: list, i: int, bind: dict, by_type: dict, budget: list) -> tuple[int, dict]:
    """How far the rule's conditions can be met in order: (index reached, bindings there)."""
    budget[0] -= 1
    if i == len(alt) or budget[0] <= 0:
        return i, bind
    pat = alt[i]
    if pat.kind == "test":
        return _deepest(alt, i + 1, bind, by_type, budget) if test_holds(pat, bind) else (i, bind)
    if pat.kind == "not":
        if any(match_pattern(pat, dict(f.fields), bind) is not None
               for f in by_type.get(pat.type, [])):
            return i, bind
        return _deepest(alt, i + 1, bind, by_type, budget)
    best = (i, bind)
    for f in by_type.get(pat.type, []):
        nb = match_pattern(pat, dict(f.fields), bind)
        if nb is None:
            continue
        got = _deepest(alt, i + 1, nb, by_type, budget)
        if got[0] > best[0]:
            best = got
        if best[0] == len(alt):
            break
    return best


def _near_misses(answer_type: str, wanted: dict, rec: Record, kb: KnowledgeBase,
                 by_type: dict | None = None):
    """For each rule that could answer, the first of its conditions the facts do not meet:
    ``(value, rule, pattern, bindings, blocking rule or None)``, blocked rules first."""
    if by_type is None:
        by_type = {}
        for k, f in rec.facts.items():
            by_type.setdefault(k[0], []).append(f)
    first: list[tuple] = []        # blocked by another rule's conclusion: that rule says why
    out: list[tuple] = []
    for rule in kb.by_answer_type(answer_type):
        for type_, fields in rule.then:
            if type_ != answer_type:
                continue
            seed: dict = {}
            ok = True
            for k, v in fields.items():
                if k in wanted:
                    if isinstance(v, Var):
                        seed[v.name] = wanted[k]
                    elif v != wanted[k]:
                        ok = False
            if not ok:
                continue
            value = fields.get("value")
            for alt in rule.when:
                depth, bind = _deepest(alt, 0, seed, by_type, [5000])
                if depth >= len(alt):
                    continue
                pat = alt[depth]
                blocker = _blocking_rule(pat, bind, by_type, rec, kb) if pat.kind == "not" else None
                (first if blocker is not None else out).append((value, rule, pat, bind, blocker))
    return first + out


def missing_facts(answer_type: str, wanted: dict, rec: Record, kb: KnowledgeBase) -> list[str]:
    """For each rule that could answer, the first of its conditions the facts do not meet."""
    lines: list[str] = []
    for value, rule, pat, bind, blocker in _near_misses(answer_type, wanted, rec, kb):
        if blocker is not None:
            line = (f"for {value}, rule {rule.id} does not apply: {blocker.says} "
                    f"[{', '.join(blocker.cites)}] (rule {blocker.id})")
        else:
            what = {"fact": "needs", "not": "is blocked by the presence of",
                    "test": "fails the test"}[pat.kind]
            shown = pat.describe(bind)[3:] if pat.kind == "not" else pat.describe(bind)
            line = f"for {value}, rule {rule.id} {what} {shown}"
        if line not in lines:
            lines.append(line)
    return lines


def missing_plain(answer_type: str, wanted: dict, rec: Record, kb: KnowledgeBase) -> list[str]:
    """The same near misses in plain English: what each rule would conclude, in its own words
    (its name), and what it lacks here, said of the card or effect it concerns."""
    lines: list[str] = []
    for value, rule, pat, bind, blocker in _near_misses(answer_type, wanted, rec, kb):
        concl = f"it would be {value} by \"{rule.name or rule.id}\""
        if blocker is not None:
            line = f"{concl}, but {_lower_first(blocker.says).rstrip('.')}"
        elif pat.kind == "test":
            line = f"{concl}, but the situation does not fit it"
        elif pat.kind == "not":
            line = f"{concl}, but {_fact_words(pat, bind)} stands in the way"
        else:
            line = f"{concl}, but nothing says {_fact_words(pat, bind)}"
        if line not in lines:
            lines.append(line)
    return lines


def _lower_first(s: str) -> str:
    return s[:1].lower() + s[1:] if s[:1].isupper() and not s[1:2].isupper() else s


_ID_FIELDS = {"summon": "the Summon", "activation": "the activation", "event": "the event",
              "entity": "the card", "to": "the activation"}
# fact types said as a sentence about what they concern
FACT_PHRASES = {"psct": "{about} is written in PSCT (an older text may not follow its punctuation)"}
_SITUATION_ID = re.compile(r"^[a-z]\d+$")        # "s1", "a2", "m1": an id of the told situation


def _fact_words(pat, bind: dict) -> str:
    """A pattern as words: its fact type's words, about the effect or card it names, with the
    other values it asks for ("spell speed 3 for the first effect of X")."""
    from .restate import effect_words

    def value(v):
        if isinstance(v, Var):
            return bind.get(v.name)
        return v
    about, extra = [], []
    for k, v in pat.fields.items():
        v = value(v)
        if v is None or isinstance(v, (dict, list, tuple, set)) or k in ("value",):
            continue
        v = str(v)
        if k == "effect":
            about.append(effect_words(v))
        elif k == "card":
            about.append(v)
        elif k in _ID_FIELDS and _SITUATION_ID.match(v):
            about.append(_ID_FIELDS[k])
        else:
            extra.append(f"{k.replace('_', ' ')} {v}")
    if pat.type in FACT_PHRASES and about:
        return FACT_PHRASES[pat.type].format(about=" and ".join(dict.fromkeys(about)))
    words = pat.type.replace("_", " ")
    text = words + (" (" + ", ".join(extra) + ")" if extra else "")
    return text + (" of " + " and ".join(dict.fromkeys(about)) if about else "")


def _blocking_rule(pat, bind: dict, by_type: dict, rec: Record, kb: KnowledgeBase):
    """The rule that concluded the fact blocking a ``not`` condition (it says in English why the
    answer is left open); None when the fact comes from the card text or the question."""
    for f in by_type.get(pat.type, []):
        if match_pattern(pat, dict(f.fields), bind) is None:
            continue
        for d in rec.derivations.get(f.key, []):
            rule = kb.rule(d.rule)
            if rule is not None and rule.says:
                return rule
    return None


__all__ = ["Answer", "ProofNode", "Step", "build_node", "fact_key", "make_answer"]
