"""What would change the answer (``ask --what-if``, ``psct_expert/whatif.py``, knowledge/what-if.yaml)
and the answer in Italian (``--lang it``, ``says_it``, ``restate_it``)."""

import dataclasses
import json

import pytest

from psct_expert.cli.main import main
from psct_expert.knowledge import load_knowledge
from psct_expert.whatif import MAX_SHOWN, what_if

RAIOH_GORZ = "Can Thunder King Rai-Oh negate the Special Summon of Gorz, Emissary of Darkness?"
MARKSMAN = ("Is the Set card targeted by the second effect of Atlantean Marksman destroyed if it "
            "is flipped face-up before the effect resolves?")
MARKSMAN_LINES = ["Player B controls a Set card.",
                  "Player A activates the second effect of Atlantean Marksman targeting the Set card.",
                  "Player B chains a card that flips the Set card face-up.",
                  "The Set card is face-up when the effect resolves."]


def run(capsys, *args):
    code = main(list(args))
    return code, capsys.readouterr().out


# -- the search -----------------------------------------------------------------------------


def test_a_summon_by_the_rules_would_be_negatable(base_expert):
    """The issue's example: Rai-Oh cannot negate Gorz's Summon (an effect that starts a Chain
    summons it); it could negate a Synchro Summon.  The flip is the engine's own answer."""
    answer = base_expert.ask(RAIOH_GORZ)
    assert answer.value == "no"
    found = what_if(base_expert, answer)
    assert [w.variation for w in found] == ["summon-by-the-rules"]
    w = found[0]
    assert w.answer == "yes" and w.sentence.startswith("Yes, if it had been a Synchro Summon")
    assert w.sentence.endswith("[psct-guide#3]") and "performed-summon-negatable" in w.rules
    # asking the changed question again gives that answer
    again = base_expert.ask_spec({**answer.spec, **w.change["to"]}, answer.question_text)
    assert again.value == "yes"


def test_a_text_change_is_read_again_and_answered_again(case_expert):
    """'that target' -> 'it': the card's text is changed inside the quoted span, read again, and
    the same question asked of it; the reported flip is what that card gives."""
    answer = case_expert.ask(MARKSMAN, MARKSMAN_LINES)
    assert answer.value == "no"
    found = {w.variation: w for w in what_if(case_expert, answer)}
    w = found["that-target-to-it"]
    assert w.change["from"] == "that target" and w.change["to"] == "it"
    assert 'said "it" instead of "that target"' in w.sentence and w.answer == "yes"
    card = case_expert.db.get(w.change["card"])
    start, end = w.change["span"]
    assert card.text[start:end] == "that target"
    changed = dataclasses.replace(card, text=card.text[:start] + "it" + card.text[end:])
    assert case_expert.with_cards([changed]).ask(MARKSMAN, MARKSMAN_LINES).value == "yes"


def test_no_variation_is_reported_that_does_not_flip(base_expert):
    """A variation whose own answer is the same, or unknown, is not reported: Cosmic Cyclone's
    target ('1 Spell/Trap on the field') still fits when flipped face-up, so 'that target' for
    'it' changes nothing."""
    answer = base_expert.ask("I target my opponent's Set card with Cosmic Cyclone and they respond "
                             "by activating it; it is a Continuous Trap that stays face-up. "
                             "Does Cosmic Cyclone still banish it?")
    assert answer.value == "yes"
    assert all(w.answer == "no" for w in what_if(base_expert, answer))
    assert "it-to-that-target" not in [w.variation for w in what_if(base_expert, answer)]


def test_unknown_answers_and_and_questions_get_no_what_if(base_expert):
    answer = base_expert.ask("Does the first effect of Lyla, Lightsworn Sorceress target?")
    answer.value = "unknown"
    assert what_if(base_expert, answer) == []


def test_the_search_is_bounded(case_expert):
    answer = case_expert.ask("Are the Special Summon and the destruction by Goldd, Wu-Lord of Dark "
                             "World simultaneous?")
    found = what_if(case_expert, answer)
    assert 1 <= len(found) <= MAX_SHOWN
    assert [w.distance for w in found] == sorted(w.distance for w in found)   # nearest first


# -- the data file --------------------------------------------------------------------------


def test_every_variation_has_both_sentences_and_a_known_change(base_expert):
    kb = base_expert.kb
    assert len(kb.variations) >= 20
    for v in kb.variations:
        assert "{answer}" in v.says and "{answer}" in v.says_it, v.id
        assert v.rests_on.type in kb.fact_types, v.id
        assert all(c in kb.sources for c in v.cites), v.id


@pytest.mark.parametrize("body, message", [
    ("variations:\n  x:\n    rests_on: {colon: {effect: $e}}\n    change: {drop: yes}\n"
     "    says: 'no answer slot'\n    says_it: '{answer}'\n    cites: [psct-guide#2]\n",
     "'says' is a sentence with {answer} in it"),
    ("variations:\n  x:\n    rests_on: {no_such_fact: {effect: $e}}\n    change: {drop: yes}\n"
     "    says: '{answer}'\n    says_it: '{answer}'\n    cites: [psct-guide#2]\n",
     "unknown fact type 'no_such_fact'"),
    ("variations:\n  x:\n    rests_on: {colon: {effect: $e}}\n    change: {explode: yes}\n"
     "    says: '{answer}'\n    says_it: '{answer}'\n    cites: [psct-guide#2]\n",
     "'change' is"),
    ("variations:\n  x:\n    rests_on: {colon: {effect: $e}}\n    change: {text: {find: '(', put: x}}\n"
     "    says: '{answer}'\n    says_it: '{answer}'\n    cites: [psct-guide#2]\n",
     "bad regular expression"),
    ("variations:\n  x:\n    rests_on: {colon: {effect: $e}}\n    change: {drop: yes}\n"
     "    says: '{answer}'\n    cites: [psct-guide#2]\n",
     "has no 'says_it'"),
])
def test_the_loader_checks_the_variations(tmp_path, body, message):
    (tmp_path / "what-if.yaml").write_text(body)
    kb = load_knowledge([str(tmp_path)], strict=False)
    hits = [d for d in kb.errors if message in d.message]
    assert hits, [str(d) for d in kb.errors]
    assert hits[0].path.endswith("what-if.yaml") and hits[0].line


# -- the command line and JSON ----------------------------------------------------------------


def test_ask_what_if_prints_the_sentences(capsys):
    code, out = run(capsys, "ask", "--what-if", RAIOH_GORZ)
    assert code == 0
    assert "What would change this:\n  - Yes, if it had been a Synchro Summon" in out
    code, out = run(capsys, "ask", RAIOH_GORZ)
    assert "What would change this" not in out


def test_json_has_what_if_only_when_asked(capsys):
    _, out = run(capsys, "ask", "--json", "--what-if", RAIOH_GORZ)
    data = json.loads(out)
    assert data["what_if"][0]["answer"] == "yes"
    assert set(data["what_if"][0]) >= {"variation", "sentence", "cites", "distance", "change"}
    _, out = run(capsys, "ask", "--json", RAIOH_GORZ)
    assert "what_if" not in json.loads(out)


# -- Italian --------------------------------------------------------------------------------


def test_ask_in_italian(capsys):
    code, out = run(capsys, "ask", "--lang", "it", "--what-if", RAIOH_GORZ)
    assert code == 0
    first = out.splitlines()[0]
    assert first.startswith("Il secondo effetto di Thunder King Rai-Oh può negare l'Evocazione "
                            "Speciale di Gorz") and first.endswith("? No.")
    assert "Catena" in out and "Fonti: " in out
    assert "Cosa cambierebbe la risposta:\n  - Sì, se fosse stata un'Evocazione Synchro" in out


def test_json_in_italian_says_each_rule_in_italian(capsys, base_expert):
    _, out = run(capsys, "ask", "--json", "--lang", "it", RAIOH_GORZ)
    data = json.loads(out)
    assert data["lang"] == "it"
    step = data["proof"]["no"][0]["derived_by"][0]
    rule = base_expert.kb.rule(step["rule"])
    assert step["says"] == rule.says_it != rule.says


def test_every_rule_and_family_has_its_italian_text(base_expert):
    kb = base_expert.kb
    assert [r.id for r in kb.rules if not r.says_it] == []
    assert [f.name for f in kb.families.values() if f.restate and not f.restate_it] == []


def test_lint_warns_about_a_family_without_italian(base_expert):
    import copy

    from psct_expert.knowledge.lint import check_families

    kb = copy.copy(base_expert.kb)
    fam = next(f for f in kb.families.values() if f.restate)
    kb.families = {**kb.families, fam.name: dataclasses.replace(fam, restate_it="")}
    kb.diagnostics = []
    check_families(kb)
    assert [(d.severity, d.message) for d in kb.diagnostics] == [
        ("warning", f"family {fam.name}: no 'restate_it' (its restatement in Italian)")]
    shipped = copy.copy(base_expert.kb)            # the shipped families: nothing to say
    shipped.diagnostics = []
    check_families(shipped)
    assert shipped.diagnostics == []


@pytest.mark.slow
def test_lint_reports_a_rule_without_italian(tmp_path, capsys):
    (tmp_path / "mine.yaml").write_text(
        "topic: mine\nsummary: x\nrules:\n  - id: mine-starts-chain\n    says: An effect with a "
        "colon starts a Chain.\n    cites: [psct-guide#2]\n    when:\n      - colon: {effect: $e}\n"
        "    then:\n      - starts_chain: {effect: $e, value: yes}\n    examples:\n"
        "      - {name: a colon, card: {name: Example, kind: monster, subtypes: [effect], "
        "text: 'When this card is Summoned: Draw 1 card.'}, fires: yes}\n"
        "      - {name: near miss, card: {name: Example Two, kind: monster, subtypes: [effect], "
        "text: 'This card gains 100 ATK.'}, fires: no}\n")
    code, out = run(capsys, "rules", "lint", str(tmp_path / "mine.yaml"))
    assert "rule mine-starts-chain: no 'says_it'" in out


# -- each variation kind added for coverage: a firing example and a near miss ---------------
# (the questions of the acceptance files; the near miss has the facts the variation could
# rest on, or is of the same family, and the engine's answer to the change does not flip)

ACCEPTANCE = ("guide-cases.yaml", "real-rulings.yaml")


@pytest.fixture(scope="module")
def acceptance_cases(base_expert):
    import pathlib

    from psct_expert.casefile import load_case_file

    here = pathlib.Path(__file__).resolve().parent / "acceptance"
    out = {}
    for name in ACCEPTANCE:
        cf = load_case_file(here / name)
        expert = base_expert.with_cards(cf.cards)
        out.update({c.id: (expert, c) for c in cf.cases})
    return out


@pytest.mark.parametrize("variation, fires, near_miss", [
    ("procedure-to-effect", "bls-summon-no-chain", "bls-inherent-parenthesis"),
    ("no-special-summon-in-it", "warning-vs-reborn", "judgment-vs-reborn"),
    ("says-target-protected", "d-drnm-no-target", "d-imperm-vs-borreload"),
    ("soft-limit", "i-maxx-c-second-copy", "i-baronne-negated-destroy-counts"),
    ("restated-face-up", "e-unicorn-after-book-of-moon", "e-cosmic-cyclone-flipped-trap"),
    ("restated-set", "e-cosmic-cyclone-flipped-trap", "e-ced-after-book-of-moon"),
    ("summoned-during-a-resolution", "c-black-horn-vs-synchro", "c-arrivalrivals-cl1-negatable"),
    ("outside-the-damage-step", "j-cbtg-damage-step", "j-strike-damage-step"),
    ("with-a-colon", "a-alich-self-destruct-no-chain", "fusion-gate-activation-chain"),
    ("event-not-last", "j-bixi-dark-hole-cl1", "j-witch-if-not-miss"),
    ("no-target-word", "d-ced-targets", "d-lightning-storm-no-target"),
    ("target-must-be-face-up", "e-ced-after-book-of-moon", "e-unicorn-after-book-of-moon"),
    ("target-must-be-set", "e-gyzarus-target-activated", "e-cosmic-cyclone-flipped-trap"),
    ("condition-only-to-activate", "h-call-of-mummy-to-resolve", "lyla-lose-control"),
    ("face-up-only-to-activate", "lyla-lose-control", "h-call-of-mummy-to-resolve"),
    ("cost-can-be-paid", "b-pod-nine-cards", "g-upstart-empty-deck"),
    ("condition-also-to-resolve", "gamble-hand-changes", "h-call-of-mummy-to-resolve"),
    ("with-a-special-summon", "c-warning-vs-maxx-c", "judgment-vs-reborn"),
    ("one-effect-per-turn", "i-raye-each-effect", "i-ash-second-copy-after-resolving"),
    ("summon-of-one-monster", "c-black-horn-vs-pendulum-two", "blackhorn-vs-gorz"),
    ("not-up-to", "f-hsd-one-target", "lyla-targets"),
    ("bullets-all-together", "horus-separate", "ryko-simultaneous"),
    ("protected-from-every-effect", "d-imperm-vs-borreload", "d-accesscode-vs-borreload"),
    ("says-quick-effect", "abyssmegalo-not-quick", "raioh-quick"),
    ("responder-a-normal-spell", "a-branded-fusion-starts-chain", "c-warning-vs-emergency-teleport"),
    ("lock-on-everything", "k-drnm-trap-response", "k-drnm-veiler-response"),
    ("earlier-part-not-done", "g-solemn-warning-and-if-you-do", "marron-one-removed-draw"),
    ("optional-when-instead", "j-witch-if-not-miss", "j-bixi-dark-hole-cl1"),
    ("part-can-be-done-in-main-phase", "g-upstart-empty-deck", "b-pod-nine-cards"),
    ("those-targets-to-both", "star-cradle-one-removed", "marron-one-removed-draw"),
    ("slot-to-that-target", "circle-no-longer-fire", "circle-first-not-destroyed"),
    ("stayed-not-moved", "i-baronne-resummoned-destroy-again", "i-maxx-c-second-copy"),
    ("with-a-response-lock", "c-judgment-vs-ritual-spell", "h-ghost-ogre-vs-hand-effect"),
    ("must-stay-face-up", "k-ghost-ogre-vs-baronne-still-resolves", "k-tenki-destroyed-no-search"),
    ("in-the-excluded-phase", "h-droll-after-engage", "b-pod-nine-cards"),
    ("parts-the-other-way", "warning-indestructible", "marron-one-removed-draw"),
    ("says-target-bullet", "d-lightning-storm-no-target", "grand-mole-no-target"),
])
def test_a_variation_fires_and_has_a_near_miss(acceptance_cases, variation, fires, near_miss):
    def flips(case_id):
        expert, case = acceptance_cases[case_id]
        answer = expert.ask(case.ask, case.scenario)
        assert answer.value in ("yes", "no"), case_id
        found = {w.variation: w for w in what_if(expert, answer)}
        w = found.get(variation)
        if w is not None:   # the flip is the engine's own answer to the changed question
            assert w.answer != answer.value and w.sentence.startswith(w.answer.capitalize())
            assert w.sentence.endswith("]") and w.rules
        return w

    assert flips(fires) is not None
    assert flips(near_miss) is None


def test_a_drop_pattern_may_list_values(acceptance_cases):
    """``drop: [{clause: {verb: {in: [...]}}}]`` leaves out every part that Special Summons (the
    activated effect has two), so the negator that names a Special Summon no longer covers it."""
    expert, case = acceptance_cases["c-warning-vs-nibiru-activation"]
    answer = expert.ask(case.ask, case.scenario)
    found = [w for w in what_if(expert, answer) if w.variation == "no-special-summon-in-it"]
    assert len(found) == 1 and found[0].answer == "no"
    assert sorted(r["n"] for r in found[0].change["removed"] if r["type"] == "clause") == [2, 3]


@pytest.mark.slow
def test_a_variation_needs_a_fact_of_the_question(tmp_path, acceptance_cases):
    """``needs``: the variation is tried only when each pattern matches a fact of the question,
    and what it binds fills the change (Solemn Judgment names no Special Summon: no try)."""
    expert, case = acceptance_cases["warning-vs-reborn"]
    var = next(v for v in expert.kb.variations if v.id == "no-special-summon-in-it")
    assert [p.type for p in var.needs] == ["negation_scope"]
    (tmp_path / "what-if.yaml").write_text(
        "variations:\n  x:\n    rests_on: {colon: {effect: $e}}\n    needs: {colon: {}}\n"
        "    change: {drop: yes}\n    says: '{answer}'\n    says_it: '{answer}'\n"
        "    cites: [psct-guide#2]\n")
    kb = load_knowledge([str(tmp_path)], strict=False)
    assert any("'needs' is a list of fact patterns" in d.message for d in kb.errors)


# -- the restatement's words are data (psct_expert/restate.yaml), one mechanism -------------


def _shape(d):
    """The keys of a section, nested (the tables that list words by value are left open)."""
    open_tables = {"verbs", "timing", "summon_kinds", "prepositions", "ordinals"}
    return {k: (_shape(v) if isinstance(v, dict) and k not in open_tables and
                not set(v) <= {"m", "f"} else None) for k, v in d.items()}


def test_the_restatement_words_have_the_same_keys_in_each_language():
    from psct_expert.restate import LANGS, words_of

    shapes = {lang: _shape(words_of(lang)) for lang in LANGS}
    assert shapes["it"] == shapes["en"]


def test_one_mechanism_says_the_slots_in_either_language(base_expert):
    """The same function fills a slot from the language's words: the effect, its activation,
    a card known only by its kind (Italian agreement: 'una Magia scoperta tua'), the action."""
    from psct_expert.restate import _entity_words, activation_words, effect_words, verb_words

    assert effect_words("X#P2.1") == "bullet 1 of the second Pendulum effect of X"
    assert effect_words("X#P2.1", "it") == "il punto 1 del secondo effetto Pendulum di X"
    assert activation_words("X#0") == "the activation of X"
    assert activation_words("X#1", "it") == "l'attivazione del primo effetto di X"
    card = {"kind": "spell", "face": "up", "controller": "you", "place": "gy"}
    assert _entity_words(card) == "your face-up Spell in the GY"
    assert _entity_words(card, "it") == "una Magia scoperta tua nel Cimitero"
    assert _entity_words({**card, "kind": "monster"}, "it") == "un mostro scoperto tuo nel Cimitero"
    assert verb_words("special-summon") == "Special Summoning"
    assert verb_words("special-summon", "it") == "Evocare Specialmente"
    assert verb_words("odd-verb", "it") == "odd verb"
    answer = base_expert.ask(RAIOH_GORZ)
    assert answer.restatement("it").startswith("Il secondo effetto di Thunder King Rai-Oh")
