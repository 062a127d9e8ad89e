"""The facade: one object that holds the card database, the knowledge and the engine.

    >>> from psct_expert import Expert
    >>> expert = Expert()
    >>> answer = expert.ask("Can Thunder King Rai-Oh negate the Special Summon of Gorz, Emissary of Darkness?")
    >>> answer.value
    'no'

Everything here delegates: the reader reads, the engine runs, the proof
module builds the answer.
"""

from __future__ import annotations

from typing import Iterable

from .cards import Card, CardDB, load_database
from .engine import Engine
from .gamefacts import game_facts
from .knowledge import KnowledgeBase, load_knowledge
from .proof import Answer, make_answer
from .questions import Question, build_question


class Expert:
    def __init__(self, rules: list[str] | None = None, db: CardDB | None = None,
                 kb: KnowledgeBase | None = None):
        self.kb = kb or load_knowledge(rules)
        self.db = db or load_database()
        self.engine = Engine(self.kb)

    def with_cards(self, cards: Iterable[Card]) -> "Expert":
        """A view of this expert whose given cards override the database."""
        other = object.__new__(Expert)
        other.kb, other.engine = self.kb, self.engine
        other.db = self.db.layered(cards)
        return other

    # -- asking ----------------------------------------------------------------
    def question(self, spec: dict, text: str = "") -> Question:
        return build_question(spec, self.db, text)

    def answer(self, question: Question) -> Answer:
        rec = self.engine.run(list(game_facts()) + question.all_facts())
        return make_answer(question, rec, self.kb)

    def ask_spec(self, spec: dict, text: str = "") -> Answer:
        return self.answer(self.question(spec, text))

    def parse(self, text: str, scenario: list[str] | None = None) -> dict:
        from .parser import parse_question

        return parse_question(text, self.db, scenario or [])

    def ask(self, text: str, scenario: list[str] | None = None) -> Answer:
        spec = self.parse(text, scenario)
        return self.ask_spec(spec, text)


CLASSIFICATIONS = ("starts_chain", "targets", "quick", "inherent_summon", "is_cost")


def classify(expert: "Expert", reading) -> dict:
    """The rule conclusions about each effect of one card: {effect id: [conclusion]}."""
    from .proof import build_node

    rec = expert.engine.run(list(game_facts()) + list(reading.facts))
    out: dict[str, list[dict]] = {}
    cache: dict = {}
    for key, f in rec.facts.items():
        if key[0] not in CLASSIFICATIONS or not rec.derivations.get(key):
            continue
        node = build_node(key, rec, expert.kb, cache=cache)
        out.setdefault(f.get("effect"), []).append({
            "type": f.type, **{k: v for k, v in f.fields if k != "effect"},
            "rules": node.rules(), "cites": sorted(node.citations())})
    for lst in out.values():
        lst.sort(key=lambda c: (c["type"], str(c.get("verb", "")), c["value"]))
    return out
