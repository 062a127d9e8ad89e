"""A story told as people tell it, read by its parts (psct_expert/parser/clauses/).

Every sentence here is written for these tests (none is a shared case).  The unit tests give the
reader the card spans themselves (invented names), as the caller does after finding the names.
"""

import pytest

from psct_expert.parser.clauses import read_story

from question_helpers import card_spans


def _read(sentence: str, cards: dict[str, str]):
    """``cards``: each invented name in the sentence and its kind."""
    return read_story(sentence, *card_spans(sentence, cards))


def test_a_response_without_a_name_is_the_effect_that_does_the_next_verb():
    said = _read("Glass Lance on their monster, they chain and bounce it to the hand.",
                 {"Glass Lance": "spell"})
    assert said == ["Glass Lance is activated on my opponent's monster.",
                    "my opponent returns it to the hand in response."]


def test_the_subject_is_kept_for_a_second_verb_and_agrees_with_it():
    assert _read("I chain Glass Lance, then target their Set card with Mirror Moth",
                 {"Glass Lance": "spell", "Mirror Moth": "monster"}) == \
        ["I chain Glass Lance.", "I target my opponent's set card with Mirror Moth."]
    said = _read("i target a WIND in their gy with Mirror Moth, opp chains and banishes that same card",
                 {"Mirror Moth": "monster"})
    assert said == ["I target a WIND monster in my opponent's GY with Mirror Moth.",
                    "my opponent banishes that card in response."]


def test_passives_with_get_and_the_effect_that_did_it():
    assert _read("my monster got flipped face-down by Mirror Moth", {"Mirror Moth": "monster"}) == \
        ["my monster is flipped face-down by Mirror Moth's effect."]
    assert _read("Mirror Moth gets tribute summoned", {"Mirror Moth": "monster"}) == \
        ["Mirror Moth is Tribute Summoned."]


def test_an_effect_named_by_its_place_and_told_with_its_target_is_activated():
    assert _read("Mirror Moth GY effect targeting my face-up monster", {"Mirror Moth": "monster"}) == \
        ["Mirror Moth's gy effect is activated targeting my face-up monster."]


def test_a_held_count_an_elided_noun_and_a_pass():
    assert _read("opp has 2 monsters and i have none", {}) == \
        ["my opponent controls 2 monsters.", "I control no monsters."]
    assert _read("He activates Glass Lance as chain link 1, nothing chained, it resolves",
                 {"Glass Lance": "spell"}) == \
        ["my opponent activates Glass Lance as Chain Link 1.", "Nobody responds.", "it resolves."]


def test_a_set_spell_or_trap_flipped_is_activated_a_monster_flipped_face_down_is_not():
    assert _read("I flip Glass Lance", {"Glass Lance": "trap"}) == ["I activate Glass Lance."]
    assert _read("they flip Mirror Moth face-down", {"Mirror Moth": "monster"}) == \
        ["Mirror Moth is flipped face-down."]


@pytest.mark.parametrize("sentence", [
    "they chain and yeet it",                 # a verb it does not know
    "they are destroyed",                     # a player cannot be destroyed: "they" are cards here
    "they chain and banish only that card",   # "only" changes what is done: not dropped
    "it destroys my monster",                 # what "it" is, the grammar reads
    "my opponent discards",                   # discards what
])
def test_a_word_it_cannot_place_leaves_the_sentence_as_written(sentence):
    assert _read(sentence, {}) is None


def test_every_word_of_a_long_or_odd_input_is_bounded():
    assert _read("they chain and banish it " * 40, {}) is None
    assert _read("", {}) is None
    assert _read("\ue001 0 \ue001 ;;;", {}) is None


# -- the whole question ---------------------------------------------------------------------

@pytest.fixture(scope="module")
def expert(base_expert):
    return base_expert


def test_a_story_of_unnamed_responses_is_read_and_shown(expert):
    a = expert.ask("i activate Soul Taker on their monster, opp chains and bounces the monster to hand. "
                   "does Soul Taker still destroy it?", [], tell=False)
    assert a.value == "no"
    shown = " ".join(c.describe() for c in a.reading.changes)
    # what the response did, done in response (parser/lexicon.yaml), then read by its parts
    assert "'opponent bounces the monster to hand in response'" in shown
    assert "read 'bounces' as 'returns'" in shown


def test_a_game_verb_is_never_read_as_a_card_named_with_an_ending(expert):
    # "returns" is a form of "return", not a card "Return" with an "s"
    a = expert.ask("I activate Soul Taker targeting their monster. My opponent returns that monster "
                   "to the hand in response. Does Soul Taker still destroy it?", [], tell=False)
    assert a.value == "no"
    assert list(a.spec["suppose"][-1]) == ["left"]
    assert "Return" not in str(a.spec)


def test_an_effect_chained_without_its_name_does_what_the_clause_after_it_says():
    assert _read("I activate Glass Lance on their monster and they chain something that flips it "
                 "face-down", {"Glass Lance": "spell"}) == \
        ["I activate Glass Lance on my opponent's monster.", "it is flipped face-down in response."]
    assert _read("my opponent chained an effect that destroyed their own attacking monster", {}) == \
        ["my opponent destroys my opponent's attacking monster in response."]


def test_a_summon_a_player_sets_out_to_do_is_about_to_happen():
    assert _read("opp tries to Special Summon Mirror Moth from the GY", {"Mirror Moth": "monster"}) == \
        ["my opponent is about to Special Summon Mirror Moth from the GY."]
    # setting out to destroy is no event the story grammar has: left as written
    assert _read("opp tries to destroy it", {}) is None


def test_forum_words_with_one_game_meaning_in_lower_case():
    from psct_expert.parser.lexicon import relex

    r = relex("judge, can i ss Mirror Moth from hand rn?")
    assert r.text == "Can i Special Summon Mirror Moth from hand now?"
    assert "judge" in r.set_aside


def test_a_question_after_an_opening_clause_without_its_comma():
    from psct_expert.parser.lexicon import relex

    assert relex("when Glass Lance resolves are its effects still negated?").text == \
        "When Glass Lance resolves, are its effects still negated?"
    assert relex("if opp does not chain can I activate it?").text == \
        "If opp does not chain, can I activate it?"
    # the verb of the opening clause itself is not where the question starts
    assert relex("when my opponent is about to summon can I chain?").text == \
        "When my opponent is about to summon, can I chain?"


def test_too_closing_a_question_is_set_aside_and_shown():
    from psct_expert.parser.lexicon import relex

    r = relex("can the second one negate that too?")
    assert r.text == "Can the second one negate it?" and "too" in r.set_aside
    # "too" inside the question is a word to place
    assert "too" in relex("is it too late to chain?").text


def test_a_card_used_on_a_card_is_said_as_written_it_may_not_target():
    assert _read("opp activated Glass Lance on my thing, nothing else", {"Glass Lance": "trap"}) == \
        ["my opponent activates Glass Lance on my card.", "Nobody responds."]


def test_a_summon_by_its_own_procedure_and_a_count_that_is_all_there_is():
    assert _read("they special summon Glass Golem from hand with its own condition",
                 {"Glass Golem": "monster"}) == \
        ["my opponent's Glass Golem is Special Summoned from the hand with its own procedure."]
    assert _read("I only have 11 cards left in my deck", {}) == ["I have only 11 cards left in my Deck."]
    assert _read("opp negated my Glass Lance activation with Mirror Moth",
                 {"Glass Lance": "trap", "Mirror Moth": "monster"}) == \
        ["my opponent negates the activation of my Glass Lance with Mirror Moth."]


def test_attacks_states_and_what_held_at_the_time():
    assert _read("opp attacks me directly while I control no cards", {}) == \
        ["I control no cards.", "my opponent's monster attacks directly."]
    assert _read("Opponent attacks and we are already in the damage step", {}) == \
        ["my opponent's monster attacks.", "We are in the Damage Step."]
    assert _read("Glass Lance is up on opponent side", {"Glass Lance": "trap"}) == \
        ["Glass Lance is face-up on my opponent's field."]
    assert _read("its my opponent's main phase", {}) == ["It is my opponent's Main Phase."]
    # a named monster attacking is no clause of the story grammar: left as written
    assert _read("Mirror Moth attacks", {"Mirror Moth": "monster"}) is None
    # "while" with an event, not a state: left as written
    assert _read("opp attacks while I chain Glass Lance", {"Glass Lance": "trap"}) is None


def test_phases_links_and_summon_procedures_before_or_inside_a_clause():
    assert _read("In the End Phase Mirror Moth goes back to my hand", {"Mirror Moth": "monster"}) == \
        ["Mirror Moth is returned to my hand during the End Phase."]
    assert _read("Chain link 1 Glass Lance on my monster", {"Glass Lance": "spell"}) == \
        ["Glass Lance is activated as Chain Link 1 on my monster."]
    assert _read("i tribute Mirror Moth to tribute summon Glass Golem",
                 {"Mirror Moth": "monster", "Glass Golem": "monster"}) == \
        ["I Tribute Summon Glass Golem by Tributing Mirror Moth."]
    assert _read("Opponent has link summoned Glass Golem", {"Glass Golem": "monster"}) == \
        ["my opponent Link Summons Glass Golem."]
    assert _read("opp has 2 monsters", {}) == ["my opponent controls 2 monsters."]


def test_the_passive_with_get_asked_with_do():
    from psct_expert.parser.lexicon import relex

    assert relex("do the other 2 still get shuffled into my deck?").text == \
        "Are the other 2 still shuffled into my deck?"
    assert relex("I chain it. does the other still get destroyed?").text == \
        "I chain it. is the other still destroyed?"
    # "get to" is no passive
    assert relex("do i still get to draw?").text == "Do i still get to draw?"


def test_the_summon_a_player_still_gets_is_the_part_that_summons(expert):
    a = expert.ask("I activate Monster Reborn targeting a monster in my GY. My opponent banishes it in "
                   "response. Do I still get the Special Summon?", [], tell=False)
    assert a.value == "no" and a.spec["family"] == "affected"


def test_two_parts_asked_at_once_are_each_asked(expert):
    spec, _ = expert.read("I activate Pot of Avarice targeting 5 monsters in my GY. My opponent banishes "
                          "one of them in response. Do I still shuffle the other 4 and draw 2?", [])
    assert spec["part"] == "shuffle" and [p["part"] for p in spec["and"]] == ["draw"]
    a = expert.ask_spec(spec)
    assert a.value == "no"      # a part that is not done settles it


def test_a_card_used_as_material_for_a_summon():
    assert _read("I used Mirror Moth as link material for Glass Golem",
                 {"Mirror Moth": "monster", "Glass Golem": "monster"}) == \
        ["I Link Summon Glass Golem by using Mirror Moth as material."]
    # which Summon is not said: left as written
    assert _read("I used Mirror Moth as material for Glass Golem",
                 {"Mirror Moth": "monster", "Glass Golem": "monster"}) is None


def test_what_a_question_supposes_is_read_by_its_parts_and_told_first(expert):
    spec, reading = expert.read("If opp has link summoned Salamangreat Almiraj, can I activate "
                                "Called by the Grave?", [])
    shown = [c.describe() for c in reading.changes]
    assert any("my opponent Link Summons Salamangreat Almiraj." in s for s in shown)


def test_a_material_moved_for_a_summon_is_said_in_words(expert):
    # a Link Material is sent from the field to the GY (game-rules#summon-procedures.8): Sangan's
    # "If ... sent from the field to the GY" effect is answered; an optional "When" of the same
    # move is left open and said in words
    a = expert.ask("I used Sangan as link material for Salamangreat Almiraj. Can I activate Sangan's "
                   "effect?", [], tell=False)
    assert a.value == "yes"
    from psct_expert.render import short_reason
    assert ".mat" not in short_reason(a)


def test_rules_exam_players_cards_held_and_a_summon_declared():
    assert _read("Player A activates Glass Lance while holding 2 cards and Player B holds 6",
                 {"Glass Lance": "spell"}) == \
        ["I have 2 cards in my hand.", "I activate Glass Lance.", "my opponent has 6 cards in their hand."]
    assert _read("Player A attempts a Tribute Summon", {}) == ["I am about to Tribute Summon a monster."]
    assert _read("Player A activates Mirror Moth in the GY", {"Mirror Moth": "monster"}) == \
        ["I activate Mirror Moth from the GY."]
    # a held count must be a count
    assert _read("Player B holds Glass Lance", {"Glass Lance": "spell"}) is None


def test_a_type_said_as_a_noun_a_set_card_and_copies():
    assert _read("opponent chains and banishes my zombie", {}) == \
        ["my opponent banishes my Zombie monster in response."]
    assert _read("i chain my set Glass Lance", {"Glass Lance": "trap"}) == ["I chain my Set Glass Lance."]
    assert _read("I have 2 Mirror Moth on the field", {"Mirror Moth": "monster"}) == \
        ["I control 2 Mirror Moth."]
    assert _read("i have 2 Mirror Moth in hand", {"Mirror Moth": "monster"}) is None


def test_forum_ways_of_asking_said_the_grammar_way():
    from psct_expert.parser.lexicon import relex

    assert relex("Can I respond to that effect with Glass Lance?").text == \
        "Can I chain Glass Lance to that effect?"
    assert relex("if i chain it, does the monster die?").text == "If i chain it, is the monster destroyed?"
    assert "Special Summon" in relex("does it still revive the other one?").text
    assert relex("does Moth still return herself?").text == "Does Moth still return itself?"


def test_my_other_copy_is_another_copy(expert):
    a = expert.ask('I activated Maxx "C" this turn. can i use my other Maxx "C" this turn?', [], tell=False)
    assert a.value == "no" and a.spec["family"] == "again-this-turn"


def test_a_response_told_by_what_it_does():
    assert _read("I activate Glass Lance on their monster, they respond by flipping it face-down "
                 "with Mirror Moth", {"Glass Lance": "spell", "Mirror Moth": "monster"}) == \
        ["I activate Glass Lance on my opponent's monster.",
         "it is flipped face-down by Mirror Moth's effect in response."]


def test_what_the_card_just_told_is():
    assert _read("its a continuous trap so it stays face-up", {}) == \
        ["It is a Continuous Trap Card that stays face-up on the field."]
    assert _read("it's a field spell", {}) == ["It is a Field Spell Card."]
    assert _read("its a continuous trap so it goes away", {}) is None


def test_a_clause_told_in_parentheses_is_read_as_a_sentence_of_its_own(expert):
    a = expert.ask("galaxy cyclone on their Set card, they chain it (its a continuous trap so it stays "
                   "face-up). does galaxy cyclone still destroy it?", [], tell=False)
    assert a.value == "yes"
    shown = " ".join(c.describe() for c in a.reading.changes)
    assert "It is a Continuous Trap Card that stays face-up on the field." in shown
    # a question keeps its parentheses (what they say is asked, not told)
    from psct_expert.rereading import aside_told as _aside_told
    from psct_expert.parser.lexicon import Relexed
    assert _aside_told("does it (the target) still resolve?", Relexed("")) == \
        ["does it (the target) still resolve?"]


def test_a_card_told_before_chained_as_it():
    assert _read("they chain it, its a continuous trap so it stays on the field face-up", {}) == \
        ["my opponent activates that card in response.",
         "It is a Continuous Trap Card that stays face-up on the field."]
    # "it" said with where or how: left as written
    assert _read("they chain it from the hand", {}) is None


def test_an_answering_link_not_named_and_its_order():
    assert _read("they chain and banish that same card first", {}) == \
        ["my opponent banishes that card in response."]
    assert _read("my target is destroyed by something else in chain before it resolves", {}) == \
        ["my target is destroyed before it resolves in response."]
    # "first" said of what answers nothing is an order the reader cannot place
    assert _read("I banish it first", {}) is None


def test_a_card_a_player_got_face_up_and_where_a_card_goes_said_first():
    assert _read("i got Glass Lance face-up", {"Glass Lance": "trap"}) == \
        ["Glass Lance is face-up on my field."]
    assert _read("Mirror Moth got tribute summoned", {"Mirror Moth": "monster"}) == \
        ["Mirror Moth is Tribute Summoned."]
    assert _read("In the End Phase Mirror Moth goes back to my hand", {"Mirror Moth": "monster"}) == \
        ["Mirror Moth is returned to my hand during the End Phase."]


def test_a_summon_i_am_about_to_do_is_told(expert):
    spec, _ = expert.read("I am about to Tribute Summon a monster. Can my opponent activate Solemn Warning?",
                          [])
    assert [(ev["kind"], ev["summon-kind"], ev["player"]) for ev in spec["situation"]] == \
        [("summon", "tribute", "you")]


def test_chaining_on_top_of_a_card_and_another_card_of_a_kind(expert):
    from psct_expert.parser.lexicon import relex

    assert relex("can i chain Glass Lance on top of it?").text == "Can i chain Glass Lance to it?"
    assert relex("I place it on top of the Deck. Can I chain it?").text == \
        "I place it on top of the Deck. Can I chain it?"
    a = expert.ask("I activate Dust Tornado, opponent chains Seven Tools of the Bandit. can i now chain "
                   "another normal trap on top of Seven Tools of the Bandit?", [], tell=False)
    assert a.value == "no" and a.spec["family"] == "can-respond"


def test_a_concession_a_leading_phase_and_a_stressed_step(expert):
    from psct_expert.parser.lexicon import relex

    assert relex("during their turn can i activate it?").text == "During their turn, can i activate it?"
    assert relex("Can it be activated during damage calculation itself?").text == \
        "Can it be activated during damage calculation?"
    a = expert.ask("Can Forbidden Chalice be activated during damage calculation itself?", [], tell=False)
    assert a.value == "no"
    # "even though" joins what holds as "if" does: the family reads what it supposes (the regex
    # builder refused it, splitting the sentence at "when")
    spec, _ = expert.read("I activate Trap Dustshoot. Does Trap Dustshoot still resolve even though "
                          "my opponent has 3 cards in their hand when it resolves?", [])
    assert spec["family"] == "resolves" and spec["suppose"] == [{"changed": {"topic": "hand"}}]


def test_an_effect_activated_from_the_hand_is_the_one_used_there(expert):
    spec, _ = expert.read("Opp's turn, they control no monsters. Can I activate Bystial Magnamhut from my "
                          "hand?", [])
    assert spec["family"] == "can-activate-now" and spec["effect"]["n"] == 1
    # without "from my hand" the card's two effects are both candidates: each is asked in turn
    # (yes when one of them can be activated now), and the reading says so
    spec, reading = expert.read("Opp's turn, they control no monsters. Can I activate Bystial "
                                "Magnamhut?", [])
    assert spec["or"] and any(c.kind == "each-effect" for c in reading.changes)


@pytest.mark.slow
def test_random_sentences_of_its_own_words_are_read_or_left_never_a_crash():
    import random

    from psct_expert.parser.clauses.model import data

    vocab = set()
    for value in data().values():
        items = value.items() if isinstance(value, dict) else ((v, None) for v in value) \
            if isinstance(value, list) else ()
        for k, v in items:
            vocab.add(str(k))
            vocab |= {str(x) for x in v} if isinstance(v, list) else set()
    vocab = sorted(vocab | {",", ";", "and", "then", "the", "a", "2", "it", "X", "(", ")", "'s"})
    rng = random.Random(7)
    read = 0
    for _ in range(3000):
        sentence = " ".join(rng.choice(vocab) for _ in range(rng.randint(1, 12)))
        spans = [(sentence.index("X"), sentence.index("X") + 1)] if " X" in f" {sentence}" else []
        said = read_story(sentence, spans, ["monster"] * len(spans), ["Foo"] * len(spans))
        assert said is None or all(isinstance(s, str) and s.endswith(".") for s in said)
        read += said is not None
    assert read > 0


def test_a_game_word_followed_by_the_pronoun_i_is_no_card_name(expert):
    a = expert.ask("Does Bystial Magnamhut's first effect start a Chain I can respond to?", [], tell=False)
    assert a.value == "yes"


def test_who_summons_by_a_procedure_is_kept(expert):
    a = expert.ask("I control a monster, opponent controls none, and they special summon cyber dragon "
                   "from hand with its own condition. can I activate Black Horn of Heaven on it?", [],
                   tell=False)
    assert a.value == "yes" and a.spec["family"] == "negate-summon"


def test_words_before_a_verb_that_tell_it_as_it_is_and_also_that_is_never_dropped():
    assert _read("they just Normal Summon Mirror Moth", {"Mirror Moth": "monster"}) == \
        ["my opponent Normal Summons Mirror Moth."]
    assert _read("opponent Special Summons a level 4 from hand", {}) == \
        ["my opponent Special Summons a Level 4 monster from the hand."]
    assert _read("I also discard it", {}) is None


def test_a_quotation_as_typed_finds_its_effect_and_a_cost_is_not_a_card_effect(expert):
    from psct_expert.parser.lexicon import relex

    # ("trigger" asked of an effect is whether it is activated: still)
    assert relex("does its 'sent to the GY by a card effect' thing trigger?").text == \
        "Does its 'sent to the GY by a card effect' effect activate?"
    # the text says "by card effect": the quotation's words, bar articles, find the second effect;
    # a card discarded as a cost was not sent by a card effect (game-rules#cost.7): never a yes
    a = expert.ask("I discard Shaddoll Dragon to activate Phoenix Wing Wind Blast. Does Shaddoll "
                   "Dragon's \"If this card is sent to the GY by a card effect\" effect activate?", [],
                   tell=False)
    assert a.spec["effect"]["n"] == 2 and a.value != "yes"


def test_stopping_a_card_by_chaining_another_is_negating_it_with_that_card(expert):
    a = expert.ask("My opponent activates Dark Hole. Can I stop it by chaining Divine Wrath?", [], tell=False)
    assert a.value == "no" and a.spec["family"] == "negate-activation"


def test_a_summon_by_the_summoned_cards_own_effect_whose_cost_reveals(expert):
    a = expert.ask("My opponent reveals 3 Spellbooks to Special Summon High Priestess of Prophecy from the "
                   "hand. Can I stop it by chaining Divine Wrath?", [], tell=False)
    assert a.value == "yes" and a.spec["family"] == "negate-activation"
    shown = [c.describe() for c in a.reading.changes]
    assert "read 'stop it by chaining' as 'negate it with'" in shown
    assert not any("\ue000" in s for s in shown)      # no placeholder of a kept name is ever shown


def test_something_done_named_as_a_noun_and_what_a_chained_card_answers():
    assert _read("they chain Glass Lance to that summon.", {"Glass Lance": "trap"}) == \
        ["my opponent chains Glass Lance to that Summon."]
    assert _read("my opponent negates my Moon Kettle's synchro summon.", {"Moon Kettle": "monster"}) == \
        ["my opponent negates the Synchro Summon of my Moon Kettle."]
    # "to it" is still "in response"
    assert _read("they chain Glass Lance to it.", {"Glass Lance": "trap"}) == \
        ["my opponent chains Glass Lance in response."]
    # a card followed by a Summon's name is a clause, not a noun
    assert _read("Moon Kettle Synchro Summoned, then i chain Glass Lance.",
                 {"Moon Kettle": "monster", "Glass Lance": "trap"}) == \
        ["Moon Kettle is Synchro Summoned.", "I chain Glass Lance."]


def test_how_a_monster_is_summoned_by_what_is_done_or_used_as_material():
    assert _read("I Special Summon Moon Kettle from hand by banishing 1 light and 1 dark from gy.",
                 {"Moon Kettle": "monster"}) == \
        ["I Special Summon Moon Kettle from the hand by banishing 1 LIGHT monster and 1 DARK "
         "monster from the GY."]
    assert _read("I Link Summon Moon Kettle using a Link Monster as material.",
                 {"Moon Kettle": "monster"}) == \
        ["I Link Summon Moon Kettle using a link monster as material."]
    # by doing what no Summon is done by: left as written
    assert _read("I Special Summon Moon Kettle by wibbling a card.", {"Moon Kettle": "monster"}) is None


def test_a_card_activated_to_summon_is_the_summon_made_with_that_card():
    assert _read("opponent activates Moon Kettle from hand to special summon it.",
                 {"Moon Kettle": "monster"}) == \
        ["my opponent Special Summons Moon Kettle from the hand with Moon Kettle."]
    assert _read("Opponent uses Moon Kettle to Special Summon a level 4 from hand.",
                 {"Moon Kettle": "spell"}) == \
        ["my opponent Special Summons a Level 4 monster from the hand with Moon Kettle."]
    # where the card was and where the Summon is from may differ: left as written
    assert _read("Opponent activates Moon Kettle from the GY to Special Summon a monster.",
                 {"Moon Kettle": "spell"}) is None
    # a purpose that is no Summon is not read
    assert _read("Opponent activates Moon Kettle to wibble it.", {"Moon Kettle": "spell"}) is None


def test_a_summon_with_a_card_keeps_the_card():
    assert _read("I Special Summon Moon Kettle with Glass Lance.",
                 {"Moon Kettle": "monster", "Glass Lance": "spell"}) == \
        ["I Special Summon Moon Kettle with Glass Lance."]


def test_verbs_of_one_meaning_only_with_their_modifier():
    assert _read("Opponent hits me direct while I control no cards and i drop Moon Kettle from hand.",
                 {"Moon Kettle": "monster"}) == \
        ["I control no cards.", "my opponent's monster attacks directly.",
         "I Special Summon Moon Kettle from the hand."]
    # (still) hit with a Spell or Trap is its activation on it; with a monster it may be an attack
    assert _read("opp hits Moon Kettle with Glass Lance.",
                 {"Moon Kettle": "monster", "Glass Lance": "trap"}) == \
        ["my opponent activates Glass Lance on Moon Kettle."]
    assert _read("opp hits Moon Kettle with Dark Magician.",
                 {"Moon Kettle": "monster", "Dark Magician": "monster"}) is None
    assert _read("i drop Moon Kettle.", {"Moon Kettle": "monster"}) is None


def test_a_cost_said_as_what_it_is_for():
    assert _read("i discard Moon Kettle as cost for Glass Lance.",
                 {"Moon Kettle": "monster", "Glass Lance": "trap"}) == \
        ["I discard Moon Kettle to activate Glass Lance."]
    assert _read("i tribute Moon Kettle as the cost for Glass Lance's effect.",
                 {"Moon Kettle": "monster", "Glass Lance": "monster"}) == \
        ["I Tribute Moon Kettle to activate Glass Lance's effect."]
    assert _read("I pay 800 LP for Glass Lance and opponent negates it.", {"Glass Lance": "spell"}) == \
        ["I pay 800 LP to activate Glass Lance.", "my opponent negates it."]
    # for something that is not a card's activation: left as written
    assert _read("I tribute Moon Kettle for Glass Lance's 500 burn.",
                 {"Moon Kettle": "monster", "Glass Lance": "monster"}) is None


def test_a_set_card_held_a_summon_under_way_whose_turn_and_neither_player():
    assert _read("Opponent is link summoning and i have Glass Lance set.", {"Glass Lance": "trap"}) == \
        ["my opponent is about to Link Summon a monster.", "I have Glass Lance Set."]
    assert _read("my opponent is special summoning Moon Kettle from the hand.",
                 {"Moon Kettle": "monster"}) == \
        ["my opponent is about to Special Summon Moon Kettle from the hand."]
    # a card "is summoning": no passive
    assert _read("Moon Kettle is summoning.", {"Moon Kettle": "monster"}) is None
    assert _read("Opp's turn and they control no monsters.", {}) == \
        ["It is my opponent's turn.", "my opponent controls no monsters."]
    assert _read("neither player has any monsters.", {}) == \
        ["I control no monsters. my opponent controls no monsters."]
    assert _read("neither player has any monsters in the GY.", {}) is None


def test_a_phase_said_alone_first_and_before_damage_calculation():
    assert _read("Damage Step, I activate Glass Lance.", {"Glass Lance": "trap"}) == \
        ["I activate Glass Lance during the Damage Step."]
    assert _read("In the damage step before damage calc, I activate Glass Lance.",
                 {"Glass Lance": "trap"}) == \
        ["I activate Glass Lance during the Damage Step before damage calculation."]


def test_a_summon_negated_is_no_activation_negated_and_a_player_resolving_a_card():
    assert _read("My Moon Kettle's Normal Summon is negated by Glass Lance.",
                 {"Moon Kettle": "monster", "Glass Lance": "trap"}) == \
        ["the Normal Summon of my Moon Kettle is negated by Glass Lance's effect."]
    assert _read("I resolve Glass Lance and I have no cards in my hand.", {"Glass Lance": "spell"}) == \
        ["Glass Lance resolves.", "I have no cards in my hand."]


def test_a_story_told_without_its_subject_only_a_count_this_turn():
    assert _read("Used Moon Kettle's quick effect this turn.", {"Moon Kettle": "monster"}) == \
        ["I activate Moon Kettle's quick effect this turn."]
    assert _read("Paid 800 LP for Glass Lance and opponent negated it.", {"Glass Lance": "spell"}) == \
        ["I pay 800 LP to activate Glass Lance.", "my opponent negates it."]
    # a first word in the past that tells what was done to a card is no verb of mine
    assert _read("Flipped Moon Kettle was destroyed by battle.", {"Moon Kettle": "monster"}) is None
    assert _read("my opponent controls only 2 effect monsters.", {}) == \
        ["my opponent controls only 2 effect monsters."]


def test_two_things_done_to_or_targeted_and_a_clause_after_and_is_not_one():
    assert _read("I activate Glass Lance targeting my fire monster on the field and one in gy.",
                 {"Glass Lance": "trap"}) == \
        ["I activate Glass Lance targeting my fire monster on the field and one in the GY."]
    assert _read("I target my monster + their monster with Moon Kettle.", {"Moon Kettle": "monster"}) == \
        ["I target my monster and my opponent's monster with Moon Kettle."]
    assert _read("Glass Lance on my own s/t and opponent's Set card.", {"Glass Lance": "spell"}) == \
        ["Glass Lance is activated on my Spell/Trap and my opponent's set card."]
    # "and" before a clause joins clauses
    said = _read("I target my monster with Moon Kettle and it is destroyed.", {"Moon Kettle": "monster"})
    assert said == ["I target my monster with Moon Kettle.", "it is destroyed."]


def test_a_chained_card_and_what_it_is_chained_to_do():
    assert _read("they chain Moon Kettle to flip it face-down.", {"Moon Kettle": "trap"}) == \
        ["my opponent chains Moon Kettle.", "it is flipped face-down in response."]
    assert _read("they chain Moon Kettle to wibble it.", {"Moon Kettle": "trap"}) is None


def test_a_summon_without_its_monster_resolving_a_card_on_a_target_and_just_after_and():
    assert _read("He activates Moon Bowl as chain link 1, nothing chained, it resolves and he Normal "
                 "Summons right after.", {"Moon Bowl": "spell"}) == \
        ["my opponent activates Moon Bowl as Chain Link 1.", "Nobody responds.", "it resolves.",
         "my opponent Normal Summons a monster."]
    assert _read("My opp resolves Moon Bowl on their Moon Kettle.",
                 {"Moon Bowl": "spell", "Moon Kettle": "monster"}) == \
        ["my opponent activates Moon Bowl on my opponent's Moon Kettle.", "Moon Bowl resolves."]
    assert _read("Opponent controls Moon Kettle and just drops Glass Lance from hand with its own "
                 "Special Summon condition.", {"Moon Kettle": "monster", "Glass Lance": "monster"}) == \
        ["my opponent controls Moon Kettle.",
         "my opponent's Glass Lance is Special Summoned from the hand with its own procedure."]


def test_a_participle_with_by_is_a_passive_and_what_a_monster_destroys_is_not_guessed():
    cards = {"Moon Kettle": "monster", "Glass Lance": "trap", "Moon Bowl": "spell"}
    assert _read("Moon Kettle discarded by Moon Bowl.", cards) == ["Moon Kettle is discarded by Moon Bowl's effect."]
    assert _read("Moon Kettle destroyed by battle.", cards) == ["Moon Kettle is destroyed by battle."]
    # a monster that destroys: by battle or by its effect? left as written
    assert _read("Moon Kettle destroyed Glass Lance.", cards) is None
    assert _read("Moon Kettle's effect destroys Glass Lance.", cards) == \
        ["Glass Lance is destroyed by Moon Kettle's effect."]
    assert _read("Moon Bowl destroys Glass Lance.", cards) == ["Glass Lance is destroyed by Moon Bowl's effect."]


def test_what_a_card_targets_for_is_said_as_told():
    cards = {"Moon Kettle": "monster", "Glass Lance": "trap"}
    assert _read("Moon Kettle targets their monster to banish it, they chain Glass Lance to flip it "
                 "face-down.", cards) == \
        ["Moon Kettle targets my opponent's monster to banish it.", "my opponent chains Glass Lance.",
         "it is flipped face-down in response."]
    assert _read("Moon Kettle targets their monster to wibble it.", cards) is None


def test_the_summon_of_a_card_a_second_copy_and_paying_for_a_card():
    cards = {"Moon Kettle": "monster", "Moon Bowl": "spell"}
    assert _read("My Normal Summon of Moon Kettle was negated and it was destroyed.", cards) == \
        ["the Normal Summon of my Moon Kettle is negated.", "it is destroyed."]
    assert _read("i summon a 2nd Moon Kettle.", cards) == ["I Summon a second Moon Kettle."]
    assert _read("they destroy another monster.", cards) == ["my opponent destroys another monster."]
    assert _read("I discard Moon Kettle to pay for Moon Bowl.", cards) == \
        ["I discard Moon Kettle to activate Moon Bowl."]
    # "the attack of X" is no Summon: left as written
    assert _read("my opponent negates the attack of Moon Kettle.", cards) is None


def test_draws_a_participle_after_and_and_an_empty_hand_held_at_an_activation():
    cards = {"Moon Kettle": "monster", "Moon Bowl": "spell", "Glass Lance": "trap"}
    assert _read("opp chained Moon Bowl so i drew 2 before it resolves.", cards) == \
        ["my opponent chains Moon Bowl.", "I draw 2 cards before it resolves."]
    assert _read("Moon Kettle was banished by Glass Lance and destroyed.", cards) == \
        ["Moon Kettle is banished by Glass Lance's effect.", "Moon Kettle is destroyed."]
    # a Summon negated "and destroyed": the monster, not the Summon, is destroyed: left as written
    assert _read("My Normal Summon of Moon Kettle was negated by Glass Lance and destroyed.", cards) is None
    assert _read("activated Moon Bowl with 0 cards in hand.", cards) == \
        ["I have 0 cards in my hand.", "I activate Moon Bowl."]
    # a count of other cards may or may not count the card activated: left as written
    assert _read("I activated Moon Bowl with 3 other cards in hand.", cards) is None
    assert _read("my Moon Kettle was targeted by Glass Lance and destroyed.", cards) == \
        ["my Moon Kettle is targeted by Glass Lance.", "my Moon Kettle is destroyed."]
    # targeted, by what not told: left as written
    assert _read("my Moon Kettle was targeted and destroyed.", cards) is None


def test_a_kind_said_first_a_card_brought_back_its_own_effect_and_then_was():
    cards = {"Moon Kettle": "monster", "Moon Bowl": "spell"}
    assert _read("Continuous trap so it ends up face-up.", {}) == \
        ["It is a Continuous Trap Card that stays face-up on the field."]
    assert _read("Normal trap so it goes to gy after.", {}) is None
    assert _read("I bring it back with Moon Bowl the same turn.", cards) == \
        ["I Special Summon it back with Moon Bowl this turn."]
    # back to the hand is no Summon: left as written
    assert _read("I bring it back to my hand with Moon Bowl.", cards) is None
    assert _read("my Moon Kettle activated her quick effect on a trap in GY, then was destroyed in "
                 "response.", cards) == \
        ["my Moon Kettle activates its quick effect on a trap in the GY.",
         "my Moon Kettle is destroyed in response."]
    # "was" after a player: no card to be destroyed
    assert _read("they chain Moon Bowl and was destroyed.", cards) is None


def test_a_monster_that_lands_or_hits_the_field_is_summoned():
    cards = {"Moon Kettle": "monster", "Moon Bowl": "spell"}
    assert _read("Moon Bowl's effect resolves and it lands on the field.", cards) == \
        ["Moon Bowl's effect resolves.", "it is Summoned."]
    assert _read("Moon Kettle hits the field.", cards) == ["Moon Kettle is Summoned."]
    # a card that lands somewhere else is not Summoned: left as written
    assert _read("Moon Kettle lands in the GY.", cards) is None


def test_one_of_a_described_group_and_the_spell_and_trap_zone():
    cards = {"Moon Kettle": "monster", "Glass Lance": "trap", "Moon Bowl": "spell"}
    assert _read("my opponent returns one of my monsters to my hand.", cards) == \
        ["my opponent returns one of my monsters to my hand."]
    assert _read("My Moon Bowl targets a Set card in my opponent's Spell & Trap Zone.", cards) == \
        ["my Moon Bowl targets a set card in my opponent's Spell & Trap Zone."]
    assert _read("they destroy one of Moon Kettle.", cards) is None


def test_what_a_player_chaining_a_card_does_next_is_that_card_in_response():
    cards = {"Glass Lance": "trap"}
    assert _read("My opponent chains Glass Lance and returns one of my monsters to my hand.", cards) == \
        ["my opponent chains Glass Lance.", "my opponent returns one of my monsters to my hand in response."]
    # another player, or the subject said again: not linked
    assert _read("they chain Glass Lance, then I destroy it.", cards) == ["my opponent chains Glass Lance.", "I destroy it."]


def test_an_effect_that_goes_on_the_chain_is_activated():
    cards = {"Moon Kettle": "monster", "Glass Lance": "trap"}
    assert _read("My opponent Normal Summons Moon Kettle and its effect goes on the chain.", cards) == \
        ["my opponent Normal Summons Moon Kettle.", "its effect is activated."]
    assert _read("Glass Lance goes on the chain in response.", cards) == ["Glass Lance is activated in response."]
    assert _read("they go on the chain.", cards) is None


def test_a_number_of_a_described_group_and_a_card_told_then_what_it_targets():
    cards = {"Moon Bowl": "spell", "Moon Kettle": "monster"}
    assert _read("I target two of my opponent's Set cards with Moon Bowl.", cards) == \
        ["I target 2 of my opponent's set cards with Moon Bowl."]
    assert _read("Moon Bowl, targeting 2 of my banished monsters.", cards) == \
        ["Moon Bowl is activated targeting 2 of my banished monsters."]
    assert _read("I target 2 of Moon Kettle.", cards) is None
