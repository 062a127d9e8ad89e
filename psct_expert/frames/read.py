"""A question → its frame (English only): the family its words ask, the card asked about, what
of it (an effect, a Summon, its activation), the words said of it; None when a word may change
what is asked or nothing places it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .words import (
    _GLUE, _LP, _MASK, _MASKED, _POINTING, _QUOTE, _QUOTED, _SUMMONED_FROM, _WORD, _asked,
    _describes, _english, _forms, _frames, _named, _phrases, _placed, _premise_told, _premise_words,
    _sentences, past_discourse, vocabulary)


MAX_WORDS = 80
# a clause that opens the asked sentence and says how the card does it (grounded in its text)
_CLAUSE_OPENERS = frozenset(("when", "if", "once"))
# a card named as the one that would respond: "respond with X", "chain X to it"
_RESPONDER = re.compile(r"(?:respond|chain)(?: \w+){0,2}? with (?P<card>\ue001(?P<n>\d+)\ue001)"
                        r"|chain (?P<card2>\ue001(?P<n2>\d+)\ue001)(?: to (?:it|that|this))?",
                        re.IGNORECASE)
# a Summon said done with or by something ("with Monster Reborn", "by a card effect"), not by
# the card's own procedure ("by tributing 2", "with its own condition")
_BY_SOMETHING = re.compile(r"\b(?:with|using|by|via|through|thanks to)\s+(?!(?:its|their|his|her|"
                           r"the card's)\s+own\b)(?!(?:tribut|banish|send|sen[dt]|discard|detach|"
                           r"return|shuffl|reveal|pay)\w*)"
                           r"|\b(?:use[sd]?|activat\w*|cast\w*|play(?:s|ed)?|chain\w*|resolv\w*|"
                           r"effect)\b", re.IGNORECASE)
_LATE_CLAUSE = re.compile(r"\s*,?\s*(?P<opener>(?:when|if|once)\s+)(?P<clause>[^?,]+)\??\s*$",
                          re.IGNORECASE)
_CLAUSE = re.compile(r"[\s,.;:-]*(?P<clause>(?:when|if|once)\s+[^,?]*)(?:,\s*|\s+)(?=(?:does|do|is|are|"
                     r"will|would|did)\b)", re.IGNORECASE)


@dataclass
class Frame:
    """A question read by its frame: its family, card, what of the card is asked, and how."""

    family: str
    card: str
    asked: str                       # the sentence(s) that ask, as written
    cue: str                         # the words that say what is asked
    subject: str = "effect"          # "effect", "summon" or "activation"
    summon: str = ""                 # the Summon's kind ("Special Summon", "Link Summon")
    where: str = ""                  # where it is Summoned from (" from the hand"), when said
    described: list[str] = field(default_factory=list)   # words grounded in the effect's text
    told: list[str] = field(default_factory=list)   # words the story says of the card (when
    # the asked sentences say none): they choose among its effects when some fit them all
    alternative: str = ""            # the other answer offered (set aside)
    quoted: list[str] = field(default_factory=list)   # quotations of the card's text
    responds: bool = False           # a tail asks whether a response can be made too
    pointer: bool = False            # the asked sentences name no card ("does that target?")
    clause: str = ""                 # a clause saying how the card does it (grounded in its text)
    responding: str = ""             # the response asked too ("so opp can chain X to it")
    responder: str = ""              # the card named as the one that would respond
    object: str = ""                 # what the cue is asked of ("... target my monster?"): asked
    # too (a no stands: what the effect does to nothing it does to none; a yes needs it)
    copy: str = ""                   # "same" card or an "other" copy, when said (again-this-turn)
    clause_words: list[str] = field(default_factory=list)
    late: bool = False               # the clause is said after the question ("... when X?")
    action: str = ""                 # the action asked about ("discarding": is it a cost?)
    polarity: str = "still"          # "still" (the family's question) or "back" (its opposite)
    premise: str = ""                # what the question needs told first ("negated")
    story: str = ""                  # the sentences before (set aside)
    numbers: list[str] = field(default_factory=list)   # numbers said of the effect ("top 2")
    parts: list[str] = field(default_factory=list)     # the actions asked of, in order (game verbs)
    ordinal: int = 0                 # the effect's number, when said ("its first effect")


# a relative clause after the thing a cue is asked of ("the card it banishes", "my monster that is
# banished", "that monster when you activate it")
_RELATIVE = re.compile(r"\s+(?=(?:that|which|who|whose|it|they|i|you|he|she|when|while|once)\b)",
                       re.IGNORECASE)
# words that only point at a thing said after them ("the", "my"): alone they say no thing
_DETERMINERS = frozenset("a an the that this those these my your their his her its our".split())


# words that say LP are gained, lost or inflicted: never a cost of LP paid
_LP_NOT_PAID = {"gain", "gains", "gained", "lose", "loses", "lost", "inflict", "inflicts",
                "inflicted", "damage", "recover", "recovers", "recovered", "heal", "heals"}

def _object_of(after: str, spec: dict, voc: dict) -> str | None:
    """What a cue is asked of, said right after it ("... target my monster?", "... target
    anything?", "... target both of them?"): "" when its words name anything at all (``any``:
    the family's own question), the words as said when each is a player, a pointer, a card named
    or one of ``words``, else None (the words after the cue are then left to the checks)."""
    said = after.strip().rstrip("?!. ")
    if not said:
        return None
    if said.lower() in {str(p).lower() for p in spec.get("any") or ()}:
        return ""
    rel = _RELATIVE.search(said)
    if rel is not None and rel.start() > 0:
        # "... target the card it banishes?", "... target my monster that is banished?": what
        # the thing is said to be (asked too with it: a no stands whatever it says)
        said_thing = said[:rel.start()]
    else:
        said_thing = said
    words = _WORD.findall(_MASKED.sub(" ", said_thing))
    allowed = voc["players"] | voc["pointers"] | {str(w).lower() for w in spec.get("words") or ()}
    # (when a word of the family's own names a thing, any other word of English may say what
    # that thing is, "the equipped monsters": what is asked of it is asked too, so it never
    # makes the answer a yes)
    things = {str(w).lower() for w in spec.get("words") or ()} - voc["pointers"]
    loose = bool({w.lower() for w in words} & things)
    if not (words or _MASKED.search(said)) or any(
            w.lower() not in allowed and (not loose or w.lower() in voc["blocking"] or
                                          not _english(w.lower()))
            for w in words):
        return None
    if not _MASKED.search(said) and all(w.lower() in _DETERMINERS for w in words):
        return None             # "... target the": no thing said ("... target it?" says one)
    if any(a.lower() == b.lower() for a, b in zip(words, words[1:])):
        return None             # "... target the the monster": a word said twice may hide one lost
    return said


# whether a monster may attack, asked ("can that monster attack again?"; never "Attack Position")
_ATTACK_ASKED = re.compile(r"\b(?:can|could|may|is|are)\b[^?.!]*?\b(?:attack|attacking|declare an "
                           r"attack)\b(?!\s+position)", re.IGNORECASE)


def _subject_fits(said: str, m: re.Match, frame: dict, voc: dict) -> bool:
    """A cue said in the active voice with a verb of the frame's ``cue_subject`` has a player
    as its subject (the word before it): "can I negate that Summon?", never "can it (or a card
    named) negate that Summon?", which asks what that card does."""
    rule = frame.get("cue_subject")
    words = _WORD.findall(m.group().lower())
    if not rule or not words or words[0] not in rule["verbs"]:
        return True
    before = _WORD.findall(said[:m.start()].lower())
    if before[-2:] in (["player", "a"], ["player", "b"]):
        return True                 # a rules exam's "Player B"
    return bool(before) and before[-1] in voc[rule["subjects"]]


def read_frame(text: str, spans: list[tuple[int, int, str]], families: dict) -> Frame | None:
    """``text`` (the question as the lexicon read it), ``spans`` its card names (start, end,
    card): its frame, or None when it has none (see the module's docstring).  English only: the
    words said of the effect are returned to be grounded in the card's text by the caller."""
    voc = vocabulary()
    named = _named(text, spans)
    if named is None:
        return None                 # names found overlapping: none is sure
    ordered, names, whole = named
    written = [text[s:e] for s, e, _card in ordered]
    quotes = [q.group()[1:-1] for q in _QUOTE.finditer(whole)]
    if any(_MASKED.search(q) for q in quotes):
        return None
    whole = _QUOTE.sub(lambda q: f"\ue002{quotes.index(q.group()[1:-1])}\ue002", whole)
    parts = _sentences(whole)
    story, asked = _asked(parts)
    after_story = [p for p in story if parts.index(p) > parts.index(asked[-1])]
    said = " ".join(asked)
    # a card named as the one that would respond ("... can opp respond with X?"): asked too,
    # never the card asked about
    if _ATTACK_ASKED.search(said):
        return None     # (hunt) "can that monster attack again?": whether it may attack, never a frame
    responder, said_cards = None, said
    r = _RESPONDER.search(said)
    if r is not None:
        g = "card" if r.group("card") else "card2"
        responder = int(r.group("n") or r.group("n2"))
        said_cards = said[:r.start(g)] + " " + said[r.end(g):]
    cards_asked = {names[int(k)] for k in _MASKED.findall(said_cards)}
    cards_all = set(names) - ({names[responder]} if responder is not None else set())
    if len(cards_asked) > 1 or not cards_asked and len(cards_all) != 1:
        return None
    card = next(iter(cards_asked or cards_all))
    frames = _frames(families)
    found = [(name, frame, m) for name, frame, rx, _p in frames for m in rx.finditer(said)]
    # a family that needs a premise told ("... was negated. is the cost still gone?"): the words
    # that tell it ("negated") are its premise, never another family's cue
    told = {w for name, frame, _m in found if frame.get("premise")
            for w in voc["premises"].get(frame["premise"], ())}
    if told and any(frame.get("premise") for _n, frame, _m in found):
        found = [(name, frame, m) for name, frame, m in found
                 if frame.get("premise") or not {x.lower() for x in _WORD.findall(m.group())} <= told]
    if not found or len({name for name, _f, _m in found}) != 1:
        return None
    family, frame = found[0][0], found[0][1]
    if frame.get("ask_parts") and story and not after_story:
        # the actions asked of told first ("X from the GY: destroying ... and Special Summoning
        # .... Are those done at the same time?"): one question
        asked, story = story + asked, []
        said = said_cards = " ".join(asked)
        found = [(n, fr, m) for n, fr, rx, _p in frames if n == family for m in rx.finditer(said)]
    if any(WHICH_EFFECT.search(p) for p in story):
        return None     # "... ? asking for the first effect": which effect is asked, never a story
    if not all(_subject_fits(said, m, frame, voc) for _n, _f, m in found):
        return None
    polarities = {p for name, _f, rx, p in frames if name == family and rx.search(said)}
    if len(polarities) != 1:
        return None
    polarity = polarities.pop()
    premise = _premise_told(frame, whole, voc)
    if premise is None:
        return None
    # (again-this-turn) another copy or the same card, when the question says which
    cue_said = " ".join(m.group().lower() for _n, _f, m in found)
    copy = "other" if re.search(r"\b(?:second|2nd|another|other)\b", cue_said) else \
        "same" if re.search(r"\bsame\b", said, re.IGNORECASE) else ""
    if not copy and re.search(r"\b(?:that|this)\s+\ue001\d+\ue001", said, re.IGNORECASE):
        copy = "same"           # "can that Drident try again?": the card told, not another copy
    # the other answer offered ("... or does it just happen?"): its words are those of
    # ``alternatives`` only, and it names no card
    alternative = ""
    m = re.search(r"(?:,\s*|\s)or\s+(?P<alt>[^?]*)\??\s*$", said, re.IGNORECASE)
    if m and not _MASKED.search(m.group("alt")) and \
            all(w.lower() in voc["alternatives"] | voc["discourse"] | voc["players"]
                for w in _WORD.findall(m.group("alt"))) and m.start() >= found[-1][2].end():
        alternative = m.group(0).strip(" ,?")
        said_core = said[:m.start()] + said[m.end():]
    else:
        said_core = said
    # "when i summon X by banishing 3 from gy, does the summon start a chain?": a clause that
    # says how the card does it, kept to be grounded in its text (never a condition: a frame
    # whose question is of what happened, or that needs a premise, takes none)
    clause, clause_words = "", []
    c = _CLAUSE.match(said_core)
    if c and not premise and (frame.get("story") or "any") == "any" and \
            all(m.start() >= c.end("clause") for _n, _f, m in found):
        clause = c.group("clause")
        said_core = " " * c.end("clause") + said_core[c.end("clause"):]
        clause_words = [w.lower() for w in _WORD.findall(_MASKED.sub(" ", clause))
                        if w.lower() not in voc["players"] | voc["pointers"] | _GLUE
                        and w not in ",:;-()'\"" and not w.isdigit()
                        and w.lower() not in voc["summons"]]
        if not clause_words or any(w in voc["blocking"] - _CLAUSE_OPENERS for w in clause_words):
            return None
        clause_words = [w for w in clause_words if w not in _CLAUSE_OPENERS]
    cue_spans = [(m.start(), m.end()) for _n, _f, m in found if m.end() <= len(said_core)]
    if not cue_spans:
        return None
    # after the cue only discourse: an object ("... target my monster?", "... target itself?"),
    # a card or a purpose ("... so I can ...") may change what is asked
    after = said_core[cue_spans[-1][1]:]
    # "... target when he is tribute summoned?": the clause that says how the card does it,
    # said after the question (as one said before it, grounded in the card's text)
    late, late_said = _LATE_CLAUSE.match(after), False
    if late and not clause and not premise and (frame.get("story") or "any") == "any" and \
            not _MASKED.search(late.group("clause")):
        clause = late.group("clause")
        clause_words = [w.lower() for w in _WORD.findall(clause)
                        if w.lower() not in voc["players"] | voc["pointers"] | _GLUE | {"he", "she"}
                        and w not in ",:;-()'\"" and not w.isdigit()
                        and w.lower() not in voc["summons"] and w.lower() not in voc["asks"]]
        if not clause_words or any(w in voc["blocking"] - _CLAUSE_OPENERS for w in clause_words):
            return None
        clause_words = [w for w in clause_words if w not in _CLAUSE_OPENERS]
        after = after[:late.start("clause") - len(late.group("opener"))] + "?"
        late_said = True
    responds, responding = False, ""
    for _turn in range(3):
        # each tail in turn ("..., so it starts a chain and can be responded to?")
        # (``restates``: a tail that says the family's question again, "... a cost I pay when
        # I activate it?", asks nothing of responses)
        tails = [(t, key) for key in ("tails", "restates")
                 for t in (re.match(rf"\s*(?:{tail_rx})(?![\w'])", after, re.IGNORECASE)
                           for tail_rx in frame.get(key) or ()) if t]
        if not tails:
            break
        t, key = max(tails, key=lambda m: m[0].end())   # the longest: "... with X" too
        after, responds = after[t.end():], responds or key == "tails"
        if responder is not None and _MASK.format(responder) in t.group():
            responding = t.group().strip(" ,()")
    if responder is not None and not responding:
        return None
    obj = ""
    if frame.get("object") and not responds:
        got = _object_of(after, frame["object"], voc)
        if got is not None:
            obj, after = got, "?"
    if _MASKED.search(after):
        return None
    tail = [w.lower() for w in _WORD.findall(_QUOTED.sub(" ", after))]
    # ("can I negate that Special Summon?": the Summon asked of said after the cue, read as
    # the words before it are)
    summon_after = bool(frame.get("ask_summon")) and \
        any(_phrases(tail, voc["summons"], k) for k in range(len(tail)))
    for _k, w in past_discourse(tail, voc):
        # (a family's own words may follow its cue: "... again this turn?")
        if w not in "?!.," and w not in (frame.get("words") or ()) and not summon_after:
            return None
    rest = said_core[:cue_spans[-1][1]]
    for s, e in sorted(cue_spans, reverse=True):
        rest = rest[:s] + " " + rest[e:]
    if summon_after:
        rest = rest + " " + after
    rest = _QUOTED.sub(" ", _MASKED.sub(" ", rest))
    rest = _LP.sub(" lp ", rest)          # "the 1000 LP": LP (its number is the card's)
    words = [w.lower() for w in _WORD.findall(rest)]
    if len(words) > MAX_WORDS:
        return None
    summon, subject, described, numbers, parts, ordinal = "", "effect", [], [], [], 0
    allowed = _premise_words(premise, said, voc)
    own_words = set(frame.get("words") or ())      # the words the family's frame places
    name_words = {x.lower() for x in _WORD.findall(card) if x.isalnum()}
    k = 0
    while k < len(words):
        w = words[k]
        if w in allowed or w in ("a", "b") and k and words[k - 1] == "player":
            k += 1              # (a rules exam's "Player A", "Player B")
            continue
        if w in _ORDINALS and k + 1 < len(words) and words[k + 1] in voc["effect_nouns"] and \
                ordinal in (0, _ORDINALS[w]):
            ordinal = _ORDINALS[w]          # "test run first effect": that effect of the card
            k += 1
            continue
        if w in voc["blocking"] and w not in (frame.get("unblocks") or ()):
            return None
        if w.isdigit():
            # a number said of the effect ("its send top 2"): grounded in its text like any
            # word that describes it (a number its text does not say leaves the question)
            numbers.append(w)
            k += 1
            continue
        part = _part_verb(words, k) if frame.get("ask_parts") else None
        if part is not None:
            # "destroying ... and Special Summoning ...": an action asked of (a part of the effect)
            parts.append(part[0])
            k += part[1]
            continue
        n = _phrases(words, voc["discourse"], k)
        if n:
            k += n
            continue
        n = _phrases(words, voc["summons"], k)
        if n:
            kind = voc["summons"][" ".join(words[k:k + n])]
            if summon and summon != "any" and kind not in ("any", summon):
                return None             # two kinds said ("any" is said more closely after)
            summon = kind if kind != "any" or not summon else summon
            subject = "summon"
            k += n
            continue
        if w in ("activating", "activation", "activate", "activated"):
            subject = "activation" if subject == "effect" else subject
            k += 1
            continue
        if w == "itself" and k and (words[k - 1] in voc["summons"] or words[k - 1] in
                                    voc["effect_nouns"] | {"activation"}):
            k += 1              # "the summon itself", "the effect itself": stressed
            continue
        if w in voc["asks"] | voc["pointers"] | voc["players"] | voc["effect_nouns"] or \
                w in ",:;-–—()'\"?!.’" or w in _GLUE or w in own_words:
            k += 1
            continue
        if w in name_words:
            # a word of the card's own name said of what it acts on ("the F.A. monster" of
            # F.A. Test Run): grounded in its text by the caller like any word said of it
            if len(w) >= 2:
                described.append(w)
            k += 1
            continue
        if w.endswith("'s") and _describes(w[:-2], voc["describes"]):
            w = w[:-2]                      # "my monster's position": the word said of it
        if not _describes(w, voc["describes"]):
            return None
        described.append(w)
        k += 1
    parts = list(dict.fromkeys(parts))
    if frame.get("ask_parts") and len(parts) != 2:
        return None                 # two actions, each said once, or the question is not this
    action = ""
    if "{action}" in frame.get("ask", "") or premise and "{question}" in frame.get("ask", ""):
        # "is the discard a cost?", "is the card I banished still banished?": the one action
        # asked about, said in any form
        cue_words = [w.lower() for _n, _f, m in found for w in _WORD.findall(m.group())]
        done = {voc["actions"][lem] for w in described + cue_words
                for lem in _forms(w) if lem in voc["actions"]}
        if not done and quotes and _asked_action_unread(said):
            return None     # (hunt 77) "... Is destroying that card a cost?": the action the
            # question itself says, not one the quotation says
        if not done and quotes:
            # "the 'discard 1 Spell' bit, is that a cost?": the action the quotation says
            done = {voc["actions"][lem] for q in quotes for w in _WORD.findall(q.lower())
                    for lem in _forms(w) if lem in voc["actions"]}
        if len(done) != 1:
            return None
        action = done.pop()
        if action == voc["actions"].get("lp") and any(
                _forms(w) & _LP_NOT_PAID for w in described + cue_words):
            return None     # (hunt 60) "is the LP gain a cost?": LP gained or lost, never paid
        described = [w for w in described if not _forms(w) & set(voc["actions"])]
        if subject != "effect":
            return None
    where = ""
    if subject == "summon" and described and all(w in _SUMMONED_FROM for w in described) and \
            len({_SUMMONED_FROM[w] for w in described}) == 1:
        where = f" from {_SUMMONED_FROM[described[0]]}"      # "its summon from hand"
        described = []
    if subject == "summon" and described:
        return None              # how it is Summoned is the story's (never read here)
    if subject == "summon" and not frame.get("ask_summon") or \
            subject == "activation" and described:
        return None
    if frame.get("story") == "own-summon" and subject == "summon" and story:
        # the Summon told is the one asked of ("opp normal summons X. can I negate that
        # summon?"): its kind, when the story says one; two kinds leave the question unread
        told_kinds = set()
        for part in story:
            ws = [w.lower() for w in _WORD.findall(_MASKED.sub(" ", part))]
            told_kinds |= {voc["summons"][" ".join(ws[k:k + n])] for k in range(len(ws))
                           for n in (_phrases(ws, voc["summons"], k),) if n}
        told_kinds -= {"any"}
        if len(told_kinds) > 1 or summon not in ("", "any") and told_kinds - {summon}:
            return None
        if told_kinds and summon in ("", "any"):
            summon = next(iter(told_kinds))
    kind = {"any": "Special", "": "Special"}.get(summon, summon.capitalize())

    if any(not re.search(r"[a-z]", p, re.IGNORECASE) and not _MASKED.search(p) for p in story):
        return None                  # a sentence of no word: nothing to set aside
    if frame.get("story") == "none" and story:
        return None              # the question is of what happened: no story is set aside
    if frame.get("story") == "card-free" and any(
            _MASKED.search(p) or {w.lower() for w in _WORD.findall(p)} & _POINTING
            for p in story):
        # what happened to the card may decide this question ("I Set it this turn"): a story
        # that names a card or points at one is never set aside here
        return None
    if frame.get("story") == "own-summon" and any(
            {names[int(k)] for k in _MASKED.findall(p)} - {card} or _BY_SOMETHING.search(p)
            or not _placed(p, voc) for p in story):
        # the Summon told may be by the card's own procedure only (the canonical question's
        # reading): a story that names another card, or says it was done with or by something,
        # is never set aside
        return None
    for part in story:
        # a sentence about the card asked of (or told after the question) is set aside only
        # when each of its words is placed
        if any(names[int(k)] == card for k in _MASKED.findall(part)) or part in after_story:
            if not _placed(part, voc):
                return None
    told = []
    if subject == "effect" and not described and not cards_asked:
        # "X's negate thing, is that a quick effect?": what the story says of the card
        for part in story:
            if any(names[int(k)] == card for k in _MASKED.findall(part)):
                said_of = _WORD.findall(_QUOTED.sub(" ", _MASKED.sub(" ", part)))
                told += [w.lower() for w in said_of if w.lower() not in voc["blocking"]
                         and _describes(w.lower(), voc["describes"])]

    def unmasked(part: str) -> str:
        part = _QUOTED.sub(lambda q: f'"{quotes[int(q.group(1))]}"', part)
        return _MASKED.sub(lambda m: written[int(m.group(1))], part).strip()

    return Frame(family, card, unmasked(" ".join(asked)),
                 unmasked(" / ".join(m.group() for _n, _f, m in found)), subject=subject,
                 summon=f"{kind} Summon" if subject == "summon" else "", described=described,
                 where=where,
                 told=told, alternative=unmasked(alternative), story=unmasked(" ".join(story)),
                 quoted=quotes, responds=responds, pointer=not cards_asked, action=action,
                 clause=unmasked(clause), clause_words=clause_words,
                 responding=unmasked(responding), object=unmasked(obj), copy=copy,
                 responder=names[responder] if responder is not None else "",
                 polarity=polarity, premise=premise, numbers=numbers, late=late_said,
                 parts=parts, ordinal=ordinal)


# an effect's number said in words ("its first effect", "the 2nd effect")
_ORDINALS = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4,
             "4th": 4, "fifth": 5, "5th": 5}
ORDINAL_WORDS = "|".join(_ORDINALS)

# words of a story that say which effect of a card is meant ("the first effect", "its other one")
WHICH_EFFECT = re.compile(rf"\b(?:{ORDINAL_WORDS}|other|pendulum)\s+(?:effect|effects|one|ability|"
                          r"bullet)\b", re.IGNORECASE)


# a word before an action said of a card ("my targeted card"): the action describes it
_BEFORE_DESCRIBED = frozenset("a an the my your their his her its that this those these".split())


def _part_verb(words: list[str], k: int) -> tuple[str, int] | None:
    """(the game verb, how many words say it) of an action said at ``words[k]`` ("destroying",
    "the banish", "Special Summoning"), or None; a past participle after a determiner ("my
    targeted card") describes a card, it is no action."""
    from ..gamewords import gamewords

    w = words[k]
    if w == "special" and k + 1 < len(words) and words[k + 1].startswith("summon"):
        return "special-summon", 2
    if w.endswith("ed") and k and words[k - 1] in _BEFORE_DESCRIBED:
        return None
    verb = gamewords().action_of(w)
    return (verb, 1) if verb else None


def _asked_action_unread(said: str) -> bool:
    """Does the question, its quotations left out (masked), say a game action of its own?"""
    from ..gamewords import gamewords

    return any(gamewords().action_of(w) for w in re.findall(r"[A-Za-z]+", _QUOTED.sub(" ", said)))
