"""A sentence with two readings is parsed on the written grammar's rules that its words can use:
the same tree as the whole written grammar gives, by the same choice between readings."""

import pytest
from lark import Token

from psct_expert.parser import grammar as G
from psct_expert.parser.tokens import tokenize
from psct_expert.parser.names import find_cards

# two readings at several places: optional parts, groups, a priority, %extend, an inlined rule
TINY = ('start: lead* q_yes\nlead: "it"i "is"i "."\n'
        'fam_yes: "is"i "it"i thing? place? _tail?\n'
        'thing: "so"i | "so"i "so"i\nplace: "so"i | "here"i | "so"i "here"i\n'
        'other.2: "so"i "so"i\n%extend thing: other\n'
        '_tail: "so"i | "too"i\n'
        'q_yes: fam_yes "?"\n')


def words(g, text):
    return [Token(g.terminal(w), w) for w in text.split()]


@pytest.mark.parametrize("text", ["is it so ?", "is it so so ?", "is it so so so ?", "is it so here ?",
                                  "is it so so here ?", "is it so too ?", "is it here so ?"])
def test_two_readings_resolve_as_the_whole_written_grammar_does(text):
    g = G.Grammar(TINY)
    tokens = words(g, text)
    assert g.written_parse(tokens, "q_yes") == g.lark.parse(tokens, start="q_yes")
    question = g.parse(tokens).children[0]          # start > question > fam_body > fam_yes
    assert question.children[0].children[0] == g.lark.parse(tokens, start="q_yes").children[0]


def test_a_sentence_the_words_cannot_make_is_still_refused():
    g = G.Grammar(TINY)
    with pytest.raises(G.UnexpectedInput):
        g.written_parse(words(g, "is so it ?"), "q_yes")


# questions of the guides whose last sentence has two readings for the factored grammar
TWO_READINGS = [
    "Does the first effect of Mermail Abyssmegalo start a Chain?",
    "Are the destruction and the Special Summon of Circle of the Fire Kings simultaneous?",
    "Can the effect of Treeborn Frog be activated while its controller controls a Spell/Trap?",
]


@pytest.mark.slow      # builds lark's parser of the whole written grammar to compare with it
@pytest.mark.parametrize("question", TWO_READINGS)
def test_guide_questions_with_two_readings_get_the_written_grammars_tree(base_expert, question):
    g = G.grammar_for(base_expert.kb.families)
    tokens = tokenize(question, find_cards(question, base_expert.db, g.terminal), g.terminal).tokens
    have = {t.type for t in tokens}
    starts = [s for s, terms, _own in g.families if have <= terms]
    ambiguous = [s for s in starts if _fits(g, tokens, s) and g.recognise(tokens, s) is None]
    assert ambiguous, "the question no longer has two readings: pick another"
    for start in ambiguous:
        assert g.written_parse(tokens, start) == g.lark.parse(tokens, start=start)


def _fits(g, tokens, start):
    try:
        g.recognise(tokens, start)
    except G.UnexpectedInput:
        return False
    return True
