"""The audit's fast paths give exactly what the plain paths give.

The engine's leaner edges, fact list and run loop (``engine.py``) against
experta's own network run over the same facts; the proof summary the audit
uses (``proof.rules_and_citations``) against the whole proof tree; the
reader's verb look-up with its first-word gates against trying every verb.
Card texts here are invented, one per shape the rules read.
"""

from __future__ import annotations

import pytest

from psct_expert.api import CLASSIFICATIONS
from psct_expert.cards import Card
from psct_expert.engine import Derivation, Record, compile_rules
from psct_expert.facts import Fact
from psct_expert.gamefacts import game_facts
from psct_expert.proof import build_node, rules_and_citations
from psct_expert.reader.reader import _Reader

CARDS = [
    Card(name="Invented Dragon", kind="monster", subtypes=("effect",),
         text="If this card is Normal Summoned: You can target 1 card on the field; destroy it. "
              "You can only use this effect of \"Invented Dragon\" once per turn."),
    Card(name="Invented Hawk", kind="monster", subtypes=("effect",),
         text="(Quick Effect): You can discard this card; negate the activation of a Spell "
              "Card, and if you do, banish it."),
    Card(name="Invented Blast", kind="trap", subtypes=("normal",),
         text="When your opponent activates a monster effect: Pay 1000 LP; negate the "
              "activation, and if you do, destroy that card."),
    Card(name="Invented Field", kind="spell", subtypes=("field",),
         text="All monsters you control gain 300 ATK. Once per turn: You can draw 1 card."),
    Card(name="Invented Chimera", kind="monster", subtypes=("fusion", "effect"),
         text="2 monsters\nMust be Special Summoned (from your Extra Deck) by sending the above "
              "cards you control to the GY. When this card is Special Summoned: You can add 1 "
              "card from your GY to your hand."),
    Card(name="Invented Knight", kind="monster", subtypes=("effect",),
         text="By tributing 1 monster, destroy 1 card on the field."),
]


@pytest.fixture(scope="module")
def engine(base_expert):
    return base_expert.engine_for(CLASSIFICATIONS)


def _plain_run(engine, facts):
    """The same facts through experta's own network, reset, declare and run loop
    (no metering, no lean edges), with the same rule firings recorded."""
    from psct_expert.engine import xfact

    ke = compile_rules(engine.kb, engine)
    rec = Record()
    for f in facts:
        if f.type in engine.used:
            rec.add_given(f)
    saved, engine.ke = engine.ke, ke
    engine._record = rec
    try:
        ke.reset()
        ke.declare(*[xfact(f.type, f.fields) for f in rec.facts.values()])
        ke.run()
    finally:
        engine.ke, engine._record = saved, None
    return rec


def _derived(rec):
    return {k: sorted(map(repr, ds)) for k, ds in rec.derivations.items()}


@pytest.mark.parametrize("card", CARDS, ids=[c.name for c in CARDS])
def test_lean_engine_derives_what_experta_derives(engine, card):
    facts = list(game_facts()) + list(_Reader(card).read().facts)
    lean = engine.run(facts)
    plain = _plain_run(engine, facts)
    assert set(lean.facts) == set(plain.facts)
    assert _derived(lean) == _derived(plain)
    assert sorted(r for r, _, _ in lean.firings) == sorted(r for r, _, _ in plain.firings)
    assert lean.derivations, "the invented card should lead to some conclusion"


def test_the_engine_is_reusable_run_after_run(engine):
    facts = [list(game_facts()) + list(_Reader(c).read().facts) for c in CARDS]
    first = [_derived(engine.run(f)) for f in facts]
    again = [_derived(engine.run(f)) for f in reversed(facts)][::-1]
    assert first == again


@pytest.mark.parametrize("card", CARDS, ids=[c.name for c in CARDS])
def test_proof_summary_equals_the_whole_proof(base_expert, engine, card):
    rec = engine.run(list(game_facts()) + list(_Reader(card).read().facts))
    tree_cache: dict = {}
    lean_cache: dict = {}
    keys = [k for k in rec.facts if k[0] in CLASSIFICATIONS and rec.derivations.get(k)]
    assert keys
    for key in keys:
        node = build_node(key, rec, base_expert.kb, cache=tree_cache)
        rules, cites = rules_and_citations(key, rec, base_expert.kb, cache=lean_cache)
        assert rules == node.rules()
        assert cites == node.citations()


def test_proof_summary_cuts_a_cycle_as_the_tree_does(base_expert):
    """a <- b <- a: the repeated fact ends the branch, and the cache is shared the same way."""
    kb = base_expert.kb
    r1, r2, r3 = kb.rules[0].id, kb.rules[1].id, kb.rules[2].id
    a, b, c = (Fact.make("targets", effect=f"X#{i}", value="yes") for i in (1, 2, 3))
    rec = Record()
    for f in (a, b, c):
        rec.facts[f.key] = f
    rec.derivations[a.key] = [Derivation(r1, (b.key,), (), (), ())]
    rec.derivations[b.key] = [Derivation(r2, (a.key,), (), (), ()),
                              Derivation(r3, (c.key,), ("no quick(effect='X#2')",), (), ())]
    rec.derivations[c.key] = [Derivation(r1, (), (), (), ())]
    tree_cache: dict = {}
    lean_cache: dict = {}
    for key in (b.key, a.key, c.key):
        node = build_node(key, rec, kb, cache=tree_cache)
        assert rules_and_citations(key, rec, kb, cache=lean_cache) == (node.rules(),
                                                                       node.citations())
    assert rules_and_citations(a.key, rec, kb)[0] == build_node(a.key, rec, kb).rules()


def _all_verbs(reader, text):
    """Every verb pattern tried on the text: what ``_verbs`` gives without its gates."""
    from psct_expert.reader.grammar import blank_quotes

    blanked = blank_quotes(text)
    hits = sorted(((m.start(), m.end(), name) for name, rx in reader.g.verbs
                   for m in rx.finditer(blanked)), key=lambda h: (h[0], -(h[1] - h[0])))
    out: list = []
    for h in hits:
        if not (out and h[0] < out[-1][1]):
            out.append(h)
    return out


@pytest.mark.parametrize("text", [
    "Special Summon 1 monster from your GY, then destroy 1 card you control.",
    'Add 1 "Invented Dragon" from your Deck to your hand, and if you do, discard 1 card.',
    "Banish it, and if you do, inflict 500 damage to your opponent.",
    "Return all Spells and Traps on the field to the hand.",
    "Your opponent cannot activate cards or effects in response.",
    "shuffle it into the Deck, then draw 2 cards",
])
def test_verb_gates_find_what_every_pattern_finds(text):
    reader = _Reader(CARDS[0])
    assert reader._verbs(text) == _all_verbs(reader, text)


# -- word gates (reader/gates.py) ------------------------------------------------

def _grammar_patterns():
    from psct_expert.reader.grammar import grammar

    g = grammar()
    out = list(g.legacy) + [g.conditions["legacy_trigger"], g.activation_condition_sentences]
    for lst in (g.quick, g.once_per_turn, g.procedures, g.summon_conditions, g.prohibitions,
                g.card_rules, g.conjunctions, g.references):
        out += [item[-1] if isinstance(item, tuple) else item for item in lst]
    return out


@pytest.mark.slow
def test_only_four_non_ascii_letters_match_ascii_ones_ignoring_case():
    import re

    every = "".join(chr(i) for i in range(0x80, 0x110000) if not 0xD800 <= i < 0xE000)
    found = {hex(ord(c)) for c in re.findall(r"[a-z0-9 ]", every, re.IGNORECASE)}
    assert found == {"0x130", "0x131", "0x17f", "0x212a"}


@pytest.mark.parametrize("pattern, words", [
    (r"\bto activate this (?:card|effect)\b", ("to activate this ",)),
    (r"\bremoved? from play\b", (" from play",)),
    (r"\bby (?:tributing|discarding)\b", ("discarding", "tributing")),
    (r"\bthis card can\b|\bnever\b", ("never", "this card can")),
    (r"\bdraw\b|\d+ cards?", (" card", "draw")),
    (r"\bdraw\b|\d+", None),               # a branch that needs no word: no gate
    (r"[a-z]+ X\d", None),                  # runs shorter than 3 characters are no gate
    (r"(?:once per turn,\s*)?you can", ("you can",)),
])
def test_required_words_of_a_pattern(pattern, words):
    import re

    from psct_expert.reader.gates import required_words

    assert required_words(re.compile(pattern, re.IGNORECASE)) == words


@pytest.mark.parametrize("text", [
    "By tributing 1 monster, destroy 1 card.", "You can activate this card when your opponent "
    "attacks.", "Once per turn, during either player's turn: You can target 1 card.",
    "REMOVED FROM PLAY", "Send this card to the GY to activate this effect.",
    "Activate this card when a monster is Summoned.", "This card cannot be Normal Summoned or Set.",
    "Tri\u017fute 1 monſter to activate thi\u017f card.", "You can ſpecial \u212ading. "
    "\u0130f this card is sent to the GY: You can draw 1 card.",
    "Neither player can target this card with card effects.",
    "Destroy it, and if you do, banish that monster, then its controller draws 1 card.",
])
def test_a_gate_never_stops_a_pattern_that_matches(text):
    from psct_expert.reader.gates import gate_text, may_match

    low = gate_text(text)
    for rx in _grammar_patterns():
        if rx.search(text):
            assert may_match(rx, low), rx.pattern
        assert may_match(rx, low) or not rx.search(text)
