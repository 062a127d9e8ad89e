"""Reading the STORY of a question told another way (issue 22, helper varyS): the clause reader
(psct_expert/parser/clauses) on story sentences of this file's own.  The cheap checks read one
sentence with its card spans given (no card data); the slow ones ask the whole question."""

import pytest

from psct_expert.parser.clauses import read_story


def told(sentence: str, cards: list[tuple[str, str]]) -> list[str] | None:
    """``sentence`` read by its parts; ``cards`` are (name, kind) in order of appearance."""
    spans, at = [], 0
    for name, _kind in cards:
        s = sentence.index(name, at)
        spans.append((s, s + len(name)))
        at = s + len(name)
    return read_story(sentence, spans, [k for _n, k in cards], [n for n, _k in cards])


def test_after_clause_with_a_card_subject_and_its_it():
    # the clause after "after" happened first; its "it" is the card the later clause acts on,
    # and the verbs sharing its subject stay its own
    said = told("My opponent bounces Sangan to my hand with Compulsory Evacuation Device after I "
                "Normal Summon it and activate its effect.",
                [("Sangan", "monster"), ("Compulsory Evacuation Device", "trap")])
    assert said == ["I Normal Summon Sangan.", "I activate Sangan's effect.",
                    "my opponent returns Sangan to my hand with Compulsory Evacuation Device."]


def test_after_clause_it_is_not_the_card_used():
    # near miss: "it" is never the card the later clause only uses ("chains X"): left unread
    assert told("My opponent chains Book of Moon after I target it with Ring of Destruction.",
                [("Book of Moon", "spell"), ("Ring of Destruction", "trap")]) is None


def test_after_clause_it_a_described_card_before_a_bare_chain():
    said = told("They chain and destroy their monster after I target it with Snatch Steal.",
                [("Snatch Steal", "spell")])
    assert said == ["I target my opponent's monster with Snatch Steal.",
                    "my opponent destroys my opponent's monster in response."]


def test_the_card_told_by_who_targeted_it():
    said = told("My opponent chains Ghost Belle & Haunted Mansion and banishes the Zombie that my "
                "Mezuki targeted.", [("Ghost Belle & Haunted Mansion", "monster"), ("Mezuki", "monster")])
    assert said == ["my opponent chains Ghost Belle & Haunted Mansion.",
                    "my opponent banishes the target in response."]


def test_respond_by_doing():
    said = told("They respond by flipping their monster face-down with Book of Moon.",
                [("Book of Moon", "spell")])
    assert said == ["my opponent's monster is flipped face-down by Book of Moon's effect in response."]
    # near miss: what they respond to would be said nowhere: the sentence stays unread
    assert told("They respond to my Chaos Sorcerer by flipping their monster face-down with Book of Moon.",
                [("Chaos Sorcerer", "monster"), ("Book of Moon", "spell")]) is None


def test_passive_told_with_its_player():
    said = told("Torrential Tribute is activated by my opponent.", [("Torrential Tribute", "trap")])
    assert said == ["my opponent activates Torrential Tribute."]


@pytest.fixture(scope="module")
def expert():
    from psct_expert.api import Expert
    return Expert()


@pytest.mark.slow
@pytest.mark.parametrize("text,value", [
    ("My opponent returns Tour Guide From the Underworld to my hand with Compulsory Evacuation Device "
     "after I Normal Summon it and activate its effect. Do I still Special Summon a Fiend?", "yes"),
    ("My opponent chains and bounces their monster to the hand after I target it with Soul Taker. "
     "Do they still gain 1000 LP?", "no"),
    ("Tribute to the Doomed is activated by my opponent on my monster, and I respond by flipping my "
     "monster face-down with Book of Moon. Is it still destroyed?", "yes"),
])
def test_reading_varyS_asks(expert, text, value):
    assert expert.ask(text, tell=False).value == value
