"""Reading knowledge folders: YAML files → a validated :class:`KnowledgeBase`.

Loading never runs code from a file: YAML is read with the safe loader and the
rule language has no eval.  Every problem is a :class:`Diagnostic` with
``file:line:column``; :func:`load_knowledge` raises on the first error.
"""

from __future__ import annotations

import os
from pathlib import Path

from .. import kre as re  # re, each pattern's program kept on disk (psct_expert.kre)
from .. import yamlpos
from ..cardschema import validate_card
from ..errors import FileFormatError, RuleError
from ..facts import norm_value
from ..paths import KNOWLEDGE_DIR
from . import cache
from .lint import check, check_families, check_tells
from .model import (RULESETS, Diagnostic, Family, FactType, InSet, KnowledgeBase, NotIn,
                    NotValue, Pattern, Rule, Source, Sum, Var, Variation)

VAR = re.compile(r"^\$[A-Za-z_][A-Za-z0-9_]*$")
TEST = re.compile(r"^\s*(\$[A-Za-z_]\w*\s*\+\s*\$[A-Za-z_]\w*|\$[A-Za-z_]\w*|-?\d+|'[^']*'|\"[^\"]*\"|"
                  r"[A-Za-z][\w-]*)\s*"
                  r"(<=|>=|==|!=|<|>)\s*"
                  r"(\$[A-Za-z_]\w*|-?\d+|'[^']*'|\"[^\"]*\"|[A-Za-z][\w-]*)\s*$")
RULE_KEYS = ["id", "name", "says", "says_it", "cites", "default", "replaces", "when", "then",
             "examples", "status", "note", "cross-join", "ruleset"]
SOURCE_KEYS = {"title", "where", "url", "replaces", "tier", "ruleset", "to-confirm"}
REQUIRED_RULE_KEYS = ["id", "says", "cites", "when", "then", "examples"]
EXAMPLE_KEYS = ["name", "card", "cards", "given", "fires", "expect", "absent"]
RESERVED_FILES = {"sources.yaml", "fact-types.yaml", "questions.yaml", "what-if.yaml", "tell.yaml"}
VARIATION_KEYS = {"rests_on", "source", "families", "change", "distance", "says", "says_it", "cites",
                  "replaces", "unless", "needs"}
CHANGE_KINDS = {"drop", "set", "text", "event", "last", "spec", "add"}
RESERVED_FIELDS = ("type", "type_")  # a fact's type is its key, not one of its fields
MAX_ALTERNATIVES = 64  # 'any:' choices multiply; a rule expands to at most this many


class _Loader:
    def __init__(self, kb: KnowledgeBase):
        self.kb = kb
        self.path = ""
        self.marks: dict = {}
        self.ruleset = ""           # the rule file's default ruleset ("" when it says none)
        self.family_paths: dict[str, str] = {}    # question family → the file declaring it

    def err(self, p: tuple, message: str, severity: str = "error", key: bool = False):
        line, col = yamlpos.mark_of(self.marks, p + ("<key>",) if key else p)
        if key and (p + ("<key>",)) not in self.marks:
            line, col = yamlpos.mark_of(self.marks, p)
        self.kb.diagnostics.append(Diagnostic(self.path, line, col, message, severity))

    def read(self, path: Path):
        self.path = str(path)
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            self.kb.diagnostics.append(Diagnostic(self.path, None, None, f"cannot read: {exc}"))
            return None
        try:
            data, self.marks = cache.parse_yaml(text, self.path)
        except Exception as exc:  # FileFormatError with position
            line = getattr(exc, "line", None)
            col = getattr(exc, "column", None)
            msg = getattr(exc, "message", str(exc))
            self.kb.diagnostics.append(Diagnostic(self.path, line, col, msg))
            return None
        if data is None:
            self.kb.diagnostics.append(Diagnostic(self.path, 1, 1, "the file is empty",
                                                  "warning"))
        return data

    # -- the three schema files -----------------------------------------
    def entries(self, path: Path, top: str, usage: str):
        """(name, info, yaml path) for each entry of the file's ``top:`` mapping."""
        data = self.read(path)
        if data is None:
            return
        if not isinstance(data, dict) or not isinstance(data.get(top), dict):
            self.err((), f"{path.name} needs a mapping '{top}: {usage}'")
            return
        for name, info in data[top].items():
            yield str(name), info, (top, name)

    def load_sources(self, path: Path):
        """Sources merge like rules: a later folder adds ids; it replaces one only on purpose.
        The file's ``tiers`` (strongest first) add to the tiers known; its ``ruleset`` is the
        default of its sources."""
        data = self.read(path)
        if not isinstance(data, dict):
            if data is not None:
                self.err((), f"{path.name} needs a mapping 'sources: {{id: {{title, where, url}}}}'")
            return
        for k in sorted(set(data) - {"sources", "tiers", "ruleset"}):
            self.err((k,), f"unknown key {k!r} at the top of {path.name} (expected sources, "
                           "tiers, ruleset)", key=True)
        tiers = data.get("tiers", {}) or {}
        if not isinstance(tiers, dict) or not all(isinstance(v, str) for v in tiers.values()):
            self.err(("tiers",), "'tiers' is a mapping {tier: label}, strongest first")
        else:
            for t, label in tiers.items():
                self.kb.tiers.setdefault(str(t), label)
        default = data.get("ruleset", "both")
        if default not in RULESETS:
            self.err(("ruleset",), f"'ruleset' is one of {', '.join(RULESETS)}, not {default!r}")
            default = "both"
        if not isinstance(data.get("sources"), dict):
            self.err((), f"{path.name} needs a mapping 'sources: {{id: {{title, where, url}}}}'")
            return
        for sid, info in data["sources"].items():
            sid, p = str(sid), ("sources", sid)
            if not isinstance(info, dict) or not isinstance(info.get("title"), str):
                self.err(p, f"source {sid!r} needs a 'title'")
                continue
            for k in sorted(set(info) - SOURCE_KEYS):
                self.err(p + (k,), f"unknown key {k!r} in source {sid!r}", key=True)
            tier = str(info.get("tier", "") or "")
            if not tier:
                self.err(p, f"source {sid!r} has no 'tier' (one of: "
                            f"{', '.join(self.kb.tiers) or 'the tiers of sources.yaml'})",
                         "warning")
            elif tier not in self.kb.tiers:
                self.err(p + ("tier",), f"source {sid!r}: unknown tier {tier!r} (one of: "
                                        f"{', '.join(self.kb.tiers)})")
                tier = ""
            ruleset = info.get("ruleset", default)
            if ruleset not in RULESETS:
                self.err(p + ("ruleset",), f"source {sid!r}: 'ruleset' is one of "
                                           f"{', '.join(RULESETS)}, not {ruleset!r}")
                ruleset = default
            prev = self.kb.sources.get(sid)
            if prev is not None:
                if info.get("replaces") is not True:
                    self.err(p, f"duplicate source id {sid!r} (first defined in {prev.path}); "
                                "to replace a shipped source on purpose, add 'replaces: true'")
                    continue
                self.err(p, f"source {sid!r} replaces the source of that id in {prev.path}",
                         "warning")
            self.kb.sources[sid] = Source(sid, info["title"], str(info.get("where", "")),
                                          str(info.get("url", "")), path=str(path), tier=tier,
                                          ruleset=ruleset,
                                          to_confirm=str(info.get("to-confirm", "") or ""))

    def load_fact_types(self, path: Path):
        for name, info, p in self.entries(path, "fact_types", "{name: {fields, from, doc}}"):
            if not isinstance(info, dict) or not isinstance(info.get("fields"), dict):
                self.err(p, f"fact type {name!r} needs 'fields: {{field: description}}'")
                continue
            if "type" in info["fields"]:
                self.err(p + ("fields", "type"), "'type' is reserved and cannot be a field", key=True)
            self.kb.fact_types[name] = FactType(name, {str(k): str(v) for k, v in
                                                       info["fields"].items()},
                                                str(info.get("from", "rule")),
                                                str(info.get("doc", "")))

    def load_questions(self, path: Path):
        """A later folder's ``questions.yaml`` adds families; one of a name already declared is
        an error naming both files (it would change how every question of it is read)."""
        for name, info, p in self.entries(path, "families", "{name: {answer, key}}"):
            if not isinstance(info, dict) or not isinstance(info.get("answer"), str) or \
                    not isinstance(info.get("key"), list):
                self.err(p, f"family {name!r} needs 'answer: FACT-TYPE' and 'key: [fields]'")
                continue
            first = self.family_paths.get(name)
            if first is not None and first != str(path):
                self.err(p, f"question family {name!r} is already declared in {first}; a "
                            "questions.yaml adds families, it cannot replace one (rename it)",
                         key=True)
                continue
            self.family_paths[name] = str(path)
            self.kb.families[name] = Family(name, info["answer"], [str(k) for k in info["key"]],
                                            str(info.get("doc", "")),
                                            [str(f) for f in info.get("forms", []) or []],
                                            str(info.get("grammar", "") or ""),
                                            str(info.get("restate", "") or ""),
                                            str(info.get("restate_it", "") or ""),
                                            self.family_builders(name, info, p),
                                            str(info.get("restate_told", "") or ""),
                                            str(info.get("restate_told_it", "") or ""),
                                            self.family_frame(name, info, p),
                                            self.family_frame(name, {"frame": info["pair_frame"]},
                                                              p + ("pair_frame",))
                                            if info.get("pair_frame") is not None else {},
                                            str(info.get("restate_whole", "") or ""),
                                            str(info.get("restate_whole_it", "") or ""),
                                            str(info.get("restate_any", "") or ""),
                                            str(info.get("restate_any_it", "") or ""))

    def family_frame(self, name: str, info: dict, p: tuple) -> dict:
        """A family's ``frame: {cues: [regex, ...], ask: "... {effect} ...", ask_summon: "...
        {summon} of {card} ...", ask_activation: "... {card} ..."}`` (:mod:`psct_expert.frames`):
        each cue must compile, and a frame names its canonical question."""
        import re

        frame = info.get("frame")
        if frame is None:
            return {}
        if not isinstance(frame, dict) or not isinstance(frame.get("cues"), list) or \
                not frame["cues"] or not isinstance(frame.get("ask") or frame.get("ask_card")
                                                    or frame.get("ask_pair")
                                                    or frame.get("ask_summon")
                                                    or frame.get("ask_cost")
                                                    or frame.get("ask_same")
                                                    or frame.get("ask_parts"), str) or \
                set(frame) - {"cues", "cues_back", "tails", "restates", "object", "quote_whole",
                              "ask", "ask_summon", "ask_object",
                              "ask_activation", "ask_card", "premise", "words", "story",
                              "pair", "ask_pair", "ask_cost", "ask_same", "ask_other",
                              "cue_subject", "ask_parts", "unblocks"} or \
                not isinstance(frame.get("tails", []), list) or \
                not isinstance(frame.get("restates", []), list) or \
                not _object_spec(frame.get("object", {})) or \
                str(frame.get("story") or "any") not in ("any", "none", "card-free", "own-summon"):
            self.err(p + ("frame",), f"family {name!r}: 'frame' is a mapping of 'cues: [regular "
                                     "expressions]', 'ask: QUESTION' and optional 'ask_summon', "
                                     "'ask_activation', 'ask_card', 'tails: [regular expressions]', "
                                     "'restates: [regular expressions]', 'object: {any: [PHRASE, "
                                     "...], words: [WORD, ...]}', "
                                     "'premise', 'words', 'unblocks', 'story' (any, none, "
                                     "card-free or own-summon)")
            return {}
        for key in ("cues", "cues_back", "tails", "restates"):
            for k, cue in enumerate(frame.get(key) or ()):
                try:
                    re.compile(str(cue))
                except re.error as exc:
                    self.err(p + ("frame", key, k), f"family {name!r}: {key[:-1]} {cue!r} is "
                                                    f"not a regular expression ({exc})")
                    return {}
        subject = frame.get("cue_subject")
        if subject is not None and (not isinstance(subject, dict) or set(subject) != {"verbs", "subjects"}
                                    or not isinstance(subject["verbs"], list)
                                    or subject["subjects"] != "players"):
            self.err(p + ("frame", "cue_subject"), f"family {name!r}: frame cue_subject is "
                                                   "'{verbs: [VERB, ...], subjects: players}'")
            return {}
        slots = {"ask": {"effect", "action", "question"}, "ask_summon": {"summon", "card"},
                 "ask_object": {"effect", "object"},
                 "ask_cost": {"did", "trigger", "where", "other"},
                 "ask_same": {"effect", "card"}, "ask_other": {"card"},
                 "ask_activation": {"card"}, "ask_card": {"card", "action"},
                 "ask_pair": {"actor", "verb", "owner", "protected"},
                 "ask_parts": {"effect", "first", "second"}}
        for key, allowed in slots.items():
            said = frame.get(key)
            if said is None:
                continue
            used = set(re.findall(r"\{(\w+)\}", str(said)))
            if not isinstance(said, str) or used - allowed:
                self.err(p + ("frame", key), f"family {name!r}: frame {key} fills only "
                                             f"{', '.join('{' + a + '}' for a in sorted(allowed))}")
                return {}
        return {"cues": [str(c) for c in frame["cues"]],
                "cues_back": [str(c) for c in frame.get("cues_back") or ()],
                "tails": [str(c) for c in frame.get("tails") or ()],
                "restates": [str(c) for c in frame.get("restates") or ()],
                "quote_whole": bool(frame.get("quote_whole")),
                **({"object": {k: [str(w).lower() for w in frame["object"].get(k) or ()]
                               for k in ("any", "words")}} if frame.get("object") else {}),
                "premise": str(frame.get("premise") or ""),
                "words": [str(w).lower() for w in frame.get("words") or ()],
                "unblocks": [str(w).lower() for w in frame.get("unblocks") or ()],
                "story": str(frame.get("story") or "any"),
                "pair": str(frame.get("pair") or ""),
                **({"cue_subject": {"verbs": [str(v).lower() for v in subject["verbs"]],
                                    "subjects": "players"}} if subject else {}),
                **{k: str(frame[k]) for k in slots if k in frame}}

    def family_builders(self, name: str, info: dict, p: tuple) -> dict:
        """A family's ``build: {tree: MODULE.FUNCTION, question: NAME}``, each name checked
        (:mod:`psct_expert.builders`); a family with a grammar names a tree builder."""
        from ..builders import SAID, problem

        build = info.get("build")
        if not isinstance(build, dict) and build is not None or isinstance(build, dict) and \
                (not build or set(build) - set(SAID)):
            self.err(p + ("build",), f"family {name!r}: 'build' is a mapping of 'tree: "
                                     f"{SAID['tree']}' and 'question: {SAID['question']}'")
            return {}
        build = build or {}
        if info.get("grammar") and "tree" not in build:
            self.err(p, f"family {name!r} has a grammar but names no builder: add 'build: "
                        f"{{tree: {SAID['tree']}}}' at the end of its block", key=True)
        for kind, builder in build.items():
            why = problem(kind, builder)
            if why:
                self.err(p + ("build", kind), f"family {name!r}: {why}")
        return {str(k): str(v) for k, v in build.items()}

    def load_variations(self, path: Path):
        """``what-if.yaml``: the nearest variations of the facts a proof rests on (see
        :mod:`psct_expert.whatif`).  Each names the given fact it changes, how, and its sentence."""
        for vid, info, p in self.entries(path, "variations", "{id: {rests_on, change, says}}"):
            if not isinstance(info, dict):
                self.err(p, f"variation {vid!r} is a mapping with rests_on, change and says")
                continue
            bad = False
            for k in sorted(set(info) - VARIATION_KEYS):
                self.err(p + (k,), f"unknown key {k!r} in variation {vid!r} (expected one of "
                                   f"{', '.join(sorted(VARIATION_KEYS))})", key=True)
                bad = True
            for k in ("rests_on", "change", "says", "says_it", "cites"):
                if k not in info:
                    self.err(p, f"variation {vid!r} has no {k!r}")
                    bad = True
            if bad:
                continue
            pat = self.fact_pattern(info["rests_on"], p + ("rests_on",))
            change = info["change"]
            if not isinstance(change, dict) or not change or set(change) - CHANGE_KINDS or \
                    (len(change) > 1 and not set(change) <= {"drop", "set", "add"}
                     and set(change) != {"event", "set"}):
                self.err(p + ("change",), "'change' is {drop: yes or [patterns]} and/or {set: {field: value}}, "
                                          "{text: {find, put}}, {event: $var, set: {..}}, {last: $var}, "
                                          "{spec: {key: value}}, {add: {fact-type: {..}}}")
                continue
            added = change.get("add")
            if "add" in change and not (isinstance(added, (dict, list)) and added and all(
                    isinstance(a, dict) and len(a) == 1 and next(iter(a)) in self.kb.fact_types
                    for a in (added if isinstance(added, list) else [added]))):
                self.err(p + ("change", "add"), "an added fact is {fact-type: {field: value}} of "
                                                "fact-types.yaml (or a list of them)")
                continue
            if "spec" in change and not isinstance(change["spec"], dict):
                self.err(p + ("change", "spec"), "a spec change is {key: value} (null removes it)")
                continue
            if "text" in change and (not isinstance(change["text"], dict)
                                     or set(change["text"]) != {"find", "put"}):
                self.err(p + ("change", "text"), "a text change is {find: REGEX, put: TEXT}")
                continue
            if "text" in change:
                try:
                    re.compile(str(change["text"]["find"]))
                except re.error as exc:
                    self.err(p + ("change", "text", "find"), f"bad regular expression: {exc}")
                    continue
            for k in ("says", "says_it"):
                if not isinstance(info[k], str) or "{answer}" not in info[k]:
                    self.err(p + (k,), f"'{k}' is a sentence with {{answer}} in it")
                    bad = True
            cites = info["cites"]
            if not isinstance(cites, list) or not cites or \
                    not all(isinstance(c, str) and c in self.kb.sources for c in cites):
                self.err(p + ("cites",), "'cites' is a non-empty list of source ids of sources.yaml")
                bad = True
            source = info.get("source", "any")
            if source not in ("text", "question", "any"):
                self.err(p + ("source",), "'source' is text, question or any")
                bad = True
            fams = info.get("families", [])
            if not isinstance(fams, list) or any(f not in self.kb.families for f in fams):
                self.err(p + ("families",), "'families' is a list of families of questions.yaml")
                bad = True
            dist = info.get("distance", 1)
            if not isinstance(dist, int) or dist < 1:
                self.err(p + ("distance",), "'distance' is a whole number, 1 or more")
                bad = True
            pats = {}
            for k in ("unless", "needs"):
                given = info.get(k, [])
                if not isinstance(given, list):
                    self.err(p + (k,), f"'{k}' is a list of fact patterns")
                    bad = True
                    continue
                pats[k] = [self.fact_pattern(u, p + (k, i)) for i, u in enumerate(given)]
                if None in pats[k]:
                    bad = True
                elif any(u.type not in self.kb.fact_types for u in pats[k]):
                    self.err(p + (k,), f"unknown fact type in '{k}'")
                    bad = True
            if pat is None or bad:
                continue
            unless_pats, needs_pats = pats["unless"], pats["needs"]
            if pat.type not in self.kb.fact_types:
                self.err(p + ("rests_on",), f"unknown fact type {pat.type!r}")
                continue
            unknown = set(pat.fields) - set(self.kb.fact_types[pat.type].fields)
            if unknown:
                self.err(p + ("rests_on",), f"fact type {pat.type!r} has no field "
                                            f"{sorted(unknown)[0]!r}")
                continue
            line, _ = yamlpos.mark_of(self.marks, p)
            self.kb.variations = [v for v in self.kb.variations if v.id != vid]
            self.kb.variations.append(Variation(
                str(vid), pat, change, info["says"].strip(), info["says_it"].strip(),
                list(cites), dist, source, tuple(fams), tuple(unless_pats), tuple(needs_pats),
                path=str(path), line=line))

    def load_tells(self, path: Path):
        """tell.yaml: what would settle an unknown, per fact type (see the file's head).  A later
        folder's entry for a type replaces the earlier one."""
        data = self.read(path)
        if data is None:
            return
        if not isinstance(data, dict) or not isinstance(data.get("tell"), dict):
            self.err((), "tell.yaml needs a mapping 'tell: {fact type: sentence or {ask, choices}}'")
            return
        for k in sorted(set(data) - {"tell", "words"}):
            self.err((k,), f"unknown key {k!r} in tell.yaml", key=True)
        words = data.get("words") or {}
        if not isinstance(words, dict) or not all(isinstance(v, dict) for v in words.values()):
            self.err(("words",), "'words' is {field: {value: words}}")
        else:
            for f, m in words.items():
                self.kb.tell_words.setdefault(str(f), {}).update(
                    {str(v): str(w) for v, w in m.items()})
        for name, info in data["tell"].items():
            name, p = str(name), ("tell", name)
            if isinstance(info, (str, list)):
                info = {"ask": info}
            if not isinstance(info, dict):
                self.err(p, f"tell entry {name!r} is a sentence, a list of them, or {{ask, choices}}")
                continue
            for k in sorted(set(info) - {"ask", "choices", "player"}):
                self.err(p + (k,), f"unknown key {k!r} in tell entry {name!r}", key=True)
            ask = info.get("ask")
            ask = [ask] if isinstance(ask, (str, dict)) else ask
            if not ask or not isinstance(ask, list) or not all(
                    isinstance(a, str) or (isinstance(a, dict) and isinstance(a.get("text"), str)
                                           and set(a) <= {"text", "asks"}) for a in ask):
                self.err(p, f"tell entry {name!r} needs 'ask': a sentence, {{text, asks: "
                            "[fields]}}, or a list of them")
                continue
            ask = [{"text": a, "asks": []} if isinstance(a, str) else
                   {"text": a["text"], "asks": [str(x) for x in (a.get("asks") or [])]}
                   for a in ask]
            choices = []
            for i, c in enumerate(info.get("choices") or []):
                cp = p + ("choices", i)
                if not isinstance(c, dict) or not isinstance(c.get("label"), str) or \
                        not (isinstance(c.get("line"), str) or isinstance(c.get("spec"), dict)):
                    self.err(cp, f"a choice of {name!r} needs a 'label' and a 'line' (or 'spec')")
                    continue
                for k in sorted(set(c) - {"label", "line", "spec", "when"}):
                    self.err(cp + (k,), f"unknown key {k!r} in a choice of {name!r}", key=True)
                when = c.get("when") or {}
                if not isinstance(when, dict):
                    self.err(cp + ("when",), "'when' is {field: value or [values]}")
                    continue
                choices.append({"label": c["label"], "line": c.get("line", ""),
                                "spec": {str(k): v for k, v in (c.get("spec") or {}).items()},
                                "when": {str(k): ([str(x) for x in v] if isinstance(v, list)
                                                  else [str(v)]) for k, v in when.items()}})
            self.kb.tells[name] = {"ask": list(ask), "choices": choices, "path": str(path),
                                   "player": info.get("player") is True}

    # -- rule files ------------------------------------------------------
    def load_rules(self, path: Path):
        data = self.read(path)
        if data is None:
            return []
        if not isinstance(data, dict):
            self.err((), "a rule file is a mapping with 'topic', 'summary' and 'rules'")
            return []
        for k in data:
            if k not in ("topic", "summary", "guide", "rules", "ruleset"):
                self.err((k,), f"unknown key {k!r} at the top of a rule file "
                               "(expected topic, summary, guide, ruleset, rules)", key=True)
        self.ruleset = data.get("ruleset", "")
        if self.ruleset not in RULESETS + ("",):
            self.err(("ruleset",), f"'ruleset' is one of {', '.join(RULESETS)}, "
                                   f"not {self.ruleset!r}")
            self.ruleset = ""
        topic = data.get("topic")
        if not isinstance(topic, str):
            self.err(("topic",) if "topic" in data else (), "a rule file needs a 'topic'")
            topic = path.stem
        self.kb.topics[topic] = {"summary": data.get("summary", ""), "guide": data.get("guide"),
                                 "path": str(path)}
        rules_data = data.get("rules")
        if not isinstance(rules_data, list):
            self.err(("rules",) if "rules" in data else (), "'rules' must be a list of rules")
            return []
        out = []
        for i, rd in enumerate(rules_data):
            r = self.rule(rd, ("rules", i), topic)
            if r is not None:
                out.append(r)
        return out

    def rule(self, rd, p: tuple, topic: str) -> Rule | None:
        if not isinstance(rd, dict):
            self.err(p, "a rule must be a mapping")
            return None
        ok = True
        for k in rd:
            if k not in RULE_KEYS:
                self.err(p + (k,), f"unknown key {k!r} in a rule (expected one of "
                                   f"{', '.join(RULE_KEYS)})", key=True)
                ok = False
        for k in REQUIRED_RULE_KEYS:
            if k not in rd:
                self.err(p, f"rule {rd.get('id', '?')!r} has no {k!r}")
                ok = False
        rid = rd.get("id")
        if not isinstance(rid, str) or not re.match(r"^[a-z0-9][a-z0-9-]*$", rid or ""):
            self.err(p + ("id",), f"rule id must be lower-case words joined by '-', not {rid!r}")
            ok = False
        cross = rd.get("cross-join", [])
        if not isinstance(cross, list) or not all(isinstance(t, str) and t for t in cross):
            self.err(p + ("cross-join",), "'cross-join' must be a list of fact types (those a "
                                          "situation has few of, paired on purpose with the rest)")
            ok = False
            cross = []
        ruleset = rd.get("ruleset", self.ruleset)
        if ruleset not in RULESETS:
            if "ruleset" in rd:
                self.err(p + ("ruleset",), f"'ruleset' is one of {', '.join(RULESETS)}, "
                                           f"not {ruleset!r}")
                ok = False
            ruleset = ""
        says = rd.get("says")
        if "says" in rd and (not isinstance(says, str) or not says.strip()):
            self.err(p + ("says",), "'says' must be one sentence a judge would understand")
            ok = False
        says_it = rd.get("says_it", "")
        if "says_it" in rd and (not isinstance(says_it, str) or not says_it.strip()):
            self.err(p + ("says_it",), "'says_it' must be the rule's sentence in Italian")
            ok = False
        cites = rd.get("cites")
        if "cites" in rd:
            if not isinstance(cites, list) or not cites or \
                    not all(isinstance(c, str) for c in cites):
                self.err(p + ("cites",), "'cites' must be a non-empty list of source ids")
                ok = False
                cites = []
        when = self.when(rd.get("when"), p + ("when",)) if "when" in rd else None
        then = self.then(rd.get("then"), p + ("then",)) if "then" in rd else None
        examples = rd.get("examples")
        if "examples" in rd:
            if not isinstance(examples, list) or not examples:
                self.err(p + ("examples",), "'examples' must be a non-empty list")
                ok = False
            else:
                for j, ex in enumerate(examples):
                    self.example(ex, p + ("examples", j))
        if not ok or when is None or then is None:
            return None
        line, _ = yamlpos.mark_of(self.marks, p)
        return Rule(id=rid, says=says.strip(), cites=list(cites), when=when, then=then,
                    examples=examples or [], name=str(rd.get("name", "")),
                    says_it=str(says_it or "").strip(),
                    default=rd.get("default") is True, replaces=rd.get("replaces") is True,
                    cross_join=tuple(cross), path=self.path, line=line,
                    topic=topic, ruleset=ruleset)

    def example(self, ex, p):
        if not isinstance(ex, dict):
            self.err(p, "an example must be a mapping")
            return
        for k in ex:
            if k not in EXAMPLE_KEYS:
                self.err(p + (k,), f"unknown key {k!r} in an example (expected one of "
                                   f"{', '.join(EXAMPLE_KEYS)})", key=True)
        if "fires" not in ex:
            self.err(p, "an example needs an expected result: 'fires: yes' or 'fires: no'")
        elif ex["fires"] not in (True, False):
            self.err(p + ("fires",), "'fires' must be yes or no")
        if "card" not in ex and "cards" not in ex and "given" not in ex:
            self.err(p, "an example needs a 'card', 'cards' or 'given' facts")
        cards = []
        if "card" in ex:
            cards.append((ex["card"], p + ("card",)))
        if "cards" in ex:
            if not isinstance(ex["cards"], list):
                self.err(p + ("cards",), "'cards' must be a list of cards")
            else:
                cards += [(c, p + ("cards", j)) for j, c in enumerate(ex["cards"])]
        for card, cp in cards:
            try:
                validate_card(card)
            except FileFormatError as exc:
                self.err(cp + ((exc.field,) if exc.field and isinstance(card, dict)
                               and exc.field in card else ()), exc.message)
        for k in ("given", "expect", "absent"):
            if k not in ex:
                continue
            if not isinstance(ex[k], list):
                self.err(p + (k,), f"'{k}' must be a list of facts: - fact_type: {{field: value}}")
                continue
            for j, item in enumerate(ex[k]):
                if not isinstance(item, dict) or len(item) != 1 or \
                        not isinstance(next(iter(item.values())), (dict, type(None))):
                    self.err(p + (k, j), f"a fact in '{k}' is one mapping: "
                                         "{fact_type: {field: value}}")
                    continue
                (type_, fields), = item.items()
                for f, v in (fields or {}).items():
                    if f in RESERVED_FIELDS:
                        self.err(p + (k, j, type_, f), f"{f!r} is not a field name (reserved)",
                                 key=True)
                    elif not isinstance(v, (str, int, float)):
                        self.err(p + (k, j, type_, f), f"field {f!r}: a value is text, a "
                                                        f"number or yes/no, not {v!r}")

    def value(self, v, p):
        if isinstance(v, str) and v.startswith("$"):
            if not VAR.match(v):
                self.err(p, f"bad variable name {v!r}")
            return Var(v[1:])
        if isinstance(v, dict):
            if set(v) == {"in"} and isinstance(v["in"], list) and \
                    all(isinstance(x, (str, int, float)) for x in v["in"]):
                return InSet(tuple(norm_value(x) for x in v["in"]))
            if set(v) == {"not"} and isinstance(v["not"], (str, int, float)):
                return NotValue(norm_value(v["not"]))
            if set(v) == {"not"} and isinstance(v["not"], dict) and set(v["not"]) == {"in"} and \
                    isinstance(v["not"]["in"], list) and \
                    all(isinstance(x, (str, int, float)) for x in v["not"]["in"]):
                return NotIn(tuple(norm_value(x) for x in v["not"]["in"]))
            self.err(p, "a field value is a literal, a $variable, {in: [..]}, {not: value} or "
                        "{not: {in: [..]}}")
            return None
        if isinstance(v, list) or v is None:
            self.err(p, "a field value is a literal, a $variable, {in: [..]}, {not: value} or "
                        "{not: {in: [..]}}")
            return None
        if not isinstance(v, (str, int, float)):  # a YAML date, time or binary
            self.err(p, f"a literal is text, a number or yes/no, not a {type(v).__name__} "
                        f"({v!r}); quote it to mean the text")
            return None
        return norm_value(v)

    def fact_pattern(self, d, p, kind="fact") -> Pattern | None:
        if not isinstance(d, dict) or len(d) != 1:
            self.err(p, "a pattern is one mapping: {fact-type: {field: value}}")
            return None
        (type_, fields), = d.items()
        if fields is None:
            fields = {}
        if not isinstance(fields, dict):
            self.err(p + (type_,), f"the fields of {type_!r} must be a mapping")
            return None
        vals = {}
        for k, v in fields.items():
            if k in RESERVED_FIELDS:
                self.err(p + (type_, k), f"{k!r} is not a field name (reserved)", key=True)
                continue
            val = self.value(v, p + (type_, k))
            if val is not None or v is None:
                vals[str(k)] = val
        line, col = yamlpos.mark_of(self.marks, p + (type_, "<key>"))
        return Pattern(kind, str(type_), vals, line=line, column=col)

    def when(self, w, p) -> list[list[Pattern]] | None:
        if not isinstance(w, list) or not w:
            self.err(p, "'when' must be a non-empty list of patterns")
            return None
        alternatives: list[list[Pattern]] = [[]]
        for i, item in enumerate(w):
            ip = p + (i,)
            if isinstance(item, dict) and len(item) == 1 and "not" in item:
                pat = self.fact_pattern(item["not"], ip + ("not",), kind="not")
                if pat:
                    for alt in alternatives:
                        alt.append(pat)
            elif isinstance(item, dict) and len(item) == 1 and "test" in item:
                m = TEST.match(str(item["test"]))
                if not m:
                    self.err(ip + ("test",), "a test is '$a OP $b' with OP one of < <= > >= == != "
                                             "(a side may add two variables: '$a + $b')")
                    continue
                conv = []
                for tok in (m.group(1), m.group(3)):
                    if "+" in tok and tok.startswith("$"):
                        a, b = (t.strip()[1:] for t in tok.split("+"))
                        conv.append(Sum(Var(a), Var(b)))
                    elif tok.startswith("$"):
                        conv.append(Var(tok[1:]))
                    elif re.match(r"^-?\d+$", tok):
                        conv.append(int(tok))
                    else:
                        conv.append(tok.strip("'\""))
                line, col = yamlpos.mark_of(self.marks, ip + ("test",))
                pat = Pattern("test", test=(conv[0], m.group(2), conv[1]), line=line, column=col)
                for alt in alternatives:
                    alt.append(pat)
            elif isinstance(item, dict) and len(item) == 1 and "any" in item:
                opts = item["any"]
                if not isinstance(opts, list) or len(opts) < 2:
                    self.err(ip + ("any",), "'any' needs a list of at least two alternatives")
                    continue
                branches = []
                for j, opt in enumerate(opts):
                    seq = opt if isinstance(opt, list) else [opt]
                    sub = self.when(seq, ip + ("any", j))
                    if sub:
                        branches.extend(sub)
                if len(alternatives) * max(len(branches), 1) > MAX_ALTERNATIVES:
                    # counted before expanding: 22 two-way choices would be 4 million copies
                    self.err(ip + ("any",), f"the 'any:' choices expand this rule into "
                                            f"{len(alternatives) * len(branches)} or more "
                                            f"alternatives (at most {MAX_ALTERNATIVES}); "
                                            "split it into several rules")
                    return None
                alternatives = [a + b for a in alternatives for b in branches]
            else:
                pat = self.fact_pattern(item, ip)
                if pat:
                    for alt in alternatives:
                        alt.append(pat)
        return alternatives

    def then(self, t, p) -> list[tuple[str, dict]] | None:
        if not isinstance(t, list) or not t:
            self.err(p, "'then' must be a non-empty list of facts")
            return None
        out = []
        for i, item in enumerate(t):
            pat = self.fact_pattern(item, p + (i,))
            if pat is None:
                continue
            for k, v in pat.fields.items():
                if isinstance(v, (InSet, NotValue, NotIn)):
                    self.err(p + (i, pat.type, k), "'then' fields are literals or $variables")
            out.append((pat.type, pat.fields))
        return out


def knowledge_folders(extra: list[str] | None = None) -> list[Path]:
    """The shipped folder, then ``PSCT_EXPERT_RULES``'s, then ``extra``; a folder named twice
    (``ur`` and ``ur/``, or in both) is read once, where it first appears."""
    folders = [KNOWLEDGE_DIR]
    env = os.environ.get("PSCT_EXPERT_RULES")
    if env:
        folders += [Path(p) for p in env.split(os.pathsep) if p]
    folders += [Path(p) for p in (extra or [])]
    out: list[Path] = []
    seen: set[str] = set()
    for f in folders:
        real = os.path.realpath(f)
        if real not in seen:
            seen.add(real)
            out.append(f)
    return out


def load_knowledge(extra: list[str] | None = None, *, strict: bool = True,
                   files: list[str] | None = None) -> KnowledgeBase:
    """Load the shipped knowledge, then extra folders (``--rules`` / ``PSCT_EXPERT_RULES``).

    A later folder may add rules and sources; a rule whose id already exists
    replaces it only when it says ``replaces: true`` (with a warning).
    ``files`` lints single rule files on top of the shipped knowledge.  The checked
    result is kept in the user's cache folder, keyed by the files' contents
    (:mod:`.cache`), so a fresh process does not read the YAML again.
    """
    folders = knowledge_folders(extra)
    key = cache.cache_key(folders, files)
    kb = cache.read(key) if key else None
    if kb is None:
        kb = _load(folders, files)
        if key:
            cache.write(key, kb)
    if strict and kb.errors:
        first = kb.errors[0]
        more = f" (and {len(kb.errors) - 1} more; run 'psct-expert rules lint')" \
            if len(kb.errors) > 1 else ""
        raise RuleError(first.message + more, path=first.path, line=first.line,
                        column=first.column)
    return kb


def _load(folders: list[Path], files: list[str] | None) -> KnowledgeBase:
    """The knowledge of these folders (then single rule files), read from YAML and checked."""
    kb = KnowledgeBase()
    loader = _Loader(kb)
    all_rules: list[Rule] = []
    seen: dict[str, Rule] = {}
    for idx, folder in enumerate(folders):
        kb.folders.append(str(folder))
        if not folder.is_dir():
            kb.diagnostics.append(Diagnostic(str(folder), None, None,
                                             "rule folder does not exist"))
            continue
        for special, fn in (("sources.yaml", loader.load_sources),
                            ("fact-types.yaml", loader.load_fact_types),
                            ("questions.yaml", loader.load_questions),
                            ("what-if.yaml", loader.load_variations),
                            ("tell.yaml", loader.load_tells)):
            if (folder / special).exists():
                fn(folder / special)
        paths = sorted(p for p in folder.glob("*.yaml") if p.name not in RESERVED_FILES)
        if idx > 0 and not paths and not any((folder / f).exists() for f in RESERVED_FILES):
            kb.diagnostics.append(Diagnostic(str(folder), None, None,
                                             "rule folder has no .yaml rule files", "warning"))
        for path in paths:
            all_rules += _load_rule_file(loader, path, seen, kb)
    for f in files or []:
        all_rules += _load_rule_file(loader, Path(f), seen, kb)
    kb.rules = [seen[r.id] for r in all_rules if seen.get(r.id) is r]
    check(kb, kb.rules)
    check_families(kb)
    check_tells(kb)
    return kb


def _load_rule_file(loader: _Loader, path: Path, seen: dict, kb) -> list[Rule]:
    data_rules = loader.load_rules(path)
    out = []
    for r in data_rules:
        if r.id in seen:
            prev = seen[r.id]
            if r.replaces and prev.path != r.path:
                kb.diagnostics.append(Diagnostic(r.path, r.line, None,
                                                 f"rule {r.id} replaces the rule of that id "
                                                 f"in {prev.path}", "warning"))
                seen[r.id] = r
                out.append(r)
            else:
                kb.diagnostics.append(Diagnostic(
                    r.path, r.line, None,
                    f"duplicate rule id {r.id!r} (first defined at {prev.location}); "
                    "to replace a shipped rule on purpose, add 'replaces: true'"))
            continue
        seen[r.id] = r
        out.append(r)
    return out


def _object_spec(obj) -> bool:
    """A frame's ``object``: a mapping of ``any`` and ``words``, each a list of strings."""
    return isinstance(obj, dict) and not set(obj) - {"any", "words"} and \
        all(isinstance(v, list) and all(isinstance(w, str) for w in v) for v in obj.values())
