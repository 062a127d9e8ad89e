"""Names as people type them and effects described by the words of their card's text (issue 22,
items 2 and 3; the helper "names", 2026-12-02).  Sentences written for these tests, not the shared
cases.  Most checks read names and descriptions without asking; a few questions are asked whole."""

import pytest
import yaml

from psct_expert.cards import FACTS_DIR
from psct_expert.parser.grammar import grammar_for
from psct_expert.parser.lexicon import Relexed
from psct_expert.parser.names import find_cards, partial_mentions
from psct_expert.rereading import card_verbs
from psct_expert.situate.refs import _text_with_bullets, desc_fits, grounded_in_text


def test_every_alias_names_one_card_of_the_database_and_is_no_card_of_its_own(base_expert):
    aliases = yaml.safe_load((FACTS_DIR / "aliases.yaml").read_text(encoding="utf-8"))
    db = base_expert.db
    assert len(aliases) > 230
    for alias, official in aliases.items():
        card = db.find(official)
        assert card is not None and card.name == official, official
        assert db.find(alias).name == official, alias


@pytest.mark.parametrize("written, card", [
    ("Chaos Ruler", "Chaos Ruler, the Chaotic Magical Dragon"),   # begins one name, inside another
    ("chaos ruler", "Chaos Ruler, the Chaotic Magical Dragon"),
    ("Thunder King", None),       # begins two names: still no card
    ("Fenrir", None),             # one word that begins a name and stands in others: no card
])
def test_a_partial_name_that_begins_one_card_s_name_is_that_card(base_expert, written, card):
    found = base_expert.db.partial(written)
    assert (found.name if found else None) == card


def test_a_misspelt_name_with_a_dash_is_looked_up_whole(base_expert):
    found = find_cards("Can I chain Ash to the ZS - Banish Sage effect?", base_expert.db)
    assert "ZS - Vanish Sage" in [m.card for m in found]


def _partial(expert, text):
    terminal = grammar_for(expert.kb.families).terminal
    return [(m.text, m.card) for m in partial_mentions(text, expert.db, terminal)]


def test_a_whole_name_in_plain_lower_case_words_is_read_where_a_card_stands(base_expert):
    assert ("card destruction", "Card Destruction") in _partial(
        base_expert, "my monster was discarded by card destruction, can I use its effect?")
    # the same words not where a card stands are no card
    assert _partial(base_expert, "can I use Kuriboh to negate attack damage?") == []


@pytest.mark.parametrize("text, found", [
    ("can i chain infinite impermenance to it?", [("infinite impermenance", "Infinite Impermanence")]),
    ("can i chain forbiden droplet to it?", [("forbiden droplet", "Forbidden Droplet")]),
    ("opp summons apolousa", [("apolousa", "Apollousa, Bow of the Goddess")]),
    ("my ash got solemn striked", []),      # a card used as a verb: read by card_verbs
    ("bro my opp chained smth lol", []),
])
def test_a_name_misspelt_in_lower_case_is_the_card_it_is_close_to(base_expert, text, found):
    assert _partial(base_expert, text) == found


@pytest.mark.parametrize("text, read", [
    ("I have two veilers in hand.", "I have two Effect Veiler in hand."),
    ("They ashed me in my Standby Phase.",
     "They activated Ash Blossom & Joyous Spring on my card in my Standby Phase."),
    ("my first ash got solemn striked.", "my first ash was negated by Solemn Strike."),
    ("my monster got crow'd.", "my monster was banished by D.D. Crow."),
    ("my Pot of Greed got Magic Jammer'd.", "my Pot of Greed was negated by Magic Jammer."),
])
def test_card_names_in_the_plural_and_as_verbs(base_expert, text, read):
    relexed = Relexed(text, [])
    card_verbs(relexed, base_expert.db, base_expert.kb.families)
    assert relexed.text == read


def test_an_effect_described_by_its_action_is_grounded_in_its_text(base_expert):
    from psct_expert.reader import read_card

    big_eye = base_expert.db.find("Number 11: Big Eye")
    veiler = base_expert.db.find("Effect Veiler")
    assert grounded_in_text("steal", big_eye.text)
    assert not grounded_in_text("steal", veiler.text)    # "your opponent controls" is no steal
    lavalval = read_card(base_expert.db.find("Lavalval Chain"))
    first = lavalval.effect(1)
    assert "Send 1 card" in _text_with_bullets(lavalval, first)
    assert desc_fits(lavalval, first, "send-to-gy") and desc_fits(lavalval, first, "put-on-top")
    assert not desc_fits(lavalval, first, "pay-800")


@pytest.mark.parametrize("ask, answer, restated", [
    ("Can Stardust Dragon's negate be used in the Damage Step?", "yes", "Stardust Dragon"),
    ("i pend 3 monsters. does the pend summon start a chain?", "no", "Pendulum Summon"),
])
def test_descriptions_asked_whole(base_expert, ask, answer, restated):
    a = base_expert.ask(ask, [])
    assert a.value == answer and restated in a.restated


def test_a_description_the_text_does_not_say_is_refused_naming_it(base_expert):
    from psct_expert.errors import PsctError

    with pytest.raises(PsctError, match="steal"):
        base_expert.ask("Can I chain Effect Veiler to Effect Veiler's steal?", [])


@pytest.mark.parametrize("written, read", [
    ("Does Bystial Magnamhut's search one start a chain?", "Bystial Magnamhut's search effect"),
    ("can i chain ash to the GY one?", "the GY effect"),
    ("is its negate and destroy targeting?", "its negate and destroy"),    # stays as written
])
def test_an_effect_said_by_its_kind_and_one(base_expert, written, read):
    from psct_expert.rereading import relex_around_names

    assert read in relex_around_names(written, base_expert.db, base_expert.kb.families).text


@pytest.mark.slow
@pytest.mark.parametrize("ask, card, n", [
    ("Can I chain Ash Blossom & Joyous Spring to Bystial Magnamhut's field effect?",
     "Bystial Magnamhut", 2),
    ("Can I chain Effect Veiler to Lavalval Chain's put-on-top bullet?", "Lavalval Chain", 1),
])
def test_an_effect_said_by_its_place_or_its_bullet(base_expert, ask, card, n):
    spec = base_expert.parse(ask)
    assert str(spec).count(card) and f"'n': {n}" in str(spec)


def test_a_quoted_part_applied_besides_the_action_is_no_effect_of_its_own(base_expert):
    # "but banish it when it leaves the field": a part of the revival effect, never asked as if it
    # were that effect (which starts a Chain; the part does not)
    from psct_expert.errors import PsctError

    with pytest.raises(PsctError, match="part of effect 2"):
        base_expert.ask('Does the "banish it when it leaves the field" effect of Chaos Ruler, the '
                        'Chaotic Magical Dragon start a chain?', [])


@pytest.mark.parametrize("text", [
    "Barrel Dragon used its once per turn coin toss.",        # "its ...": what the card has
    "Barrel Dragon is destroyed. Can it use the coin toss effect again?",   # its text tosses coins
])
def test_words_of_a_named_card_s_text_are_no_other_card_s_partial_name(base_expert, text):
    from psct_expert.rereading import partial_names

    relexed = Relexed(text, [])
    partial_names(relexed, base_expert.db, base_expert.kb.families)
    assert relexed.text == text


@pytest.mark.parametrize("text, runs", [
    ("I went to Main Phase 1, I think", []),          # game words, a number and "I"
    ("the card was Special Summoned by its effect", []),
    ("I have 2 free Monster Zones and 4 monsters", []),
    ("God Bird Attack says destroy them", ["God Bird Attack"]),
])
def test_only_a_run_with_a_word_outside_the_game_s_terms_looks_like_a_card_name(text, runs):
    from psct_expert.parser.names import unknown_name_runs

    assert unknown_name_runs(text, []) == runs


@pytest.mark.parametrize("text, read", [
    ("my scales are timegazer + stargazer", "my scales are Timegazer Magician + Stargazer Magician"),
    ("I have Stargazer and Timegazer Magician set.",
     "I have Stargazer Magician and Timegazer Magician set."),
    ("I control Dark Magician and Girl.", "I control Dark Magician and Girl."),   # no such card
])
def test_two_names_said_with_the_words_they_share_said_once(base_expert, text, read):
    from psct_expert.rereading import partial_names

    relexed = Relexed(text, [])
    partial_names(relexed, base_expert.db, base_expert.kb.families)
    assert relexed.text == read


def test_a_name_that_begins_a_few_cards_names_is_each_of_them(base_expert):
    db = base_expert.db
    assert db.beginning("Zaborg") == ["Zaborg the Mega Monarch", "Zaborg the Thunder Monarch"]
    # one card is partial()'s; a word that begins many names names none of them
    assert db.beginning("Fiendsmith Engraver") == [] and db.beginning("Dark") == []


def test_a_question_of_such_a_name_is_answered_when_each_card_agrees(base_expert):
    a = base_expert.ask("does zaborg's effect target?")
    assert a.value == "yes"
    assert "Zaborg the Thunder Monarch" in a.restated and "Zaborg the Mega Monarch" in a.restated
    assert any("the answer is the same for each" in n for n in a.notes)
    assert "each-card" in [c.kind for c in a.reading.changes]


def test_where_the_cards_differ_it_is_unknown_naming_them(base_expert):
    a = base_expert.ask("is thestalos's discard a cost?")
    assert a.value == "unknown"
    assert any("which card 'thestalos' means" in m for m in a.missing)


@pytest.mark.parametrize("ask, value, restated", [
    # a hyphenated gerund said of a card named after it: that card's effect whose text says it
    ("Does the damage-halving of Ghostrick Mansion start a chain?", "no",
     "second effect of Ghostrick Mansion"),
    ("Does the ATK-halving of Blackwing - Gale the Whirlwind target?", "yes",
     "second effect of Blackwing - Gale the Whirlwind"),
])
def test_an_effect_said_by_a_hyphenated_gerund_of_the_card(base_expert, ask, value, restated):
    a = base_expert.ask(ask)
    assert a.value == value and restated in a.restated


def test_a_hyphenated_gerund_the_text_does_not_say_is_refused(base_expert):
    from psct_expert.errors import QuestionError

    with pytest.raises(QuestionError, match="no effect of"):
        base_expert.ask("Does the card-destroying of Blackwing - Gale the Whirlwind target?")


@pytest.mark.parametrize("ask, restated", [
    ("ghost mourner does target the monster it negates, yes?",
     "Does the first effect of Ghost Mourner & Moonlit Chill target the monster it negates?"),
    ("Ghost Mourner & Moonlit Chill does start a chain right?",
     "Does the first effect of Ghost Mourner & Moonlit Chill start a Chain?"),
])
def test_an_emphatic_does_in_a_statement_is_the_statement(base_expert, ask, restated):
    a = base_expert.ask(ask)
    assert a.value == "yes" and a.restated == restated
    assert a.reading and any("does" in str(c) for c in a.reading.changes)   # said how it was read


def test_does_not_is_never_emphatic(base_expert):
    from psct_expert.rereading import relex_around_names

    assert "does not target" in relex_around_names(
        "ghost mourner does not target, right?", base_expert.db, base_expert.kb.families).text


def test_a_partial_name_opening_a_sentence_is_found_as_in_lower_case(base_expert):
    # the sentence's capital is not a name's: "Moonlit chill resolved ..." as "moonlit chill"
    for text in ("moonlit chill resolved on their monster. does it target?",
                 "Moonlit chill resolved on their monster. does it target?"):
        a = base_expert.ask(text)
        assert a.value == "yes" and "Ghost Mourner & Moonlit Chill" in a.restated


def test_a_capitalised_english_word_opening_a_sentence_is_no_name(base_expert):
    from psct_expert.parser.names import partial_mentions
    from psct_expert.parser.grammar import grammar_for

    found = partial_mentions("Later that turn it resolves.", base_expert.db,
                             grammar_for(base_expert.kb.families).terminal)
    assert found == []
