"""A story told as people tell it, read by its parts (psct_expert/parser/clauses/).

Every sentence here is written for these tests (none is a shared case).  The unit tests give the
reader the card spans themselves (invented names), as the caller does after finding the names.
"""

import pytest

from psct_expert.parser.clauses import read_story


def _read(sentence: str, cards: dict[str, str]):
    """``cards``: each invented name in the sentence and its kind."""
    spans, kinds, names = [], [], []
    for name, kind in cards.items():
        at = sentence.index(name)
        spans.append((at, at + len(name)))
        kinds.append(kind)
        names.append(name)
    order = sorted(range(len(spans)), key=lambda k: spans[k][0])
    return read_story(sentence, [spans[k] for k in order], [kinds[k] for k in order],
                      [names[k] for k in order])


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
    assert "my opponent returns that monster to the hand in response." in shown


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
    assert r.text == "Can the second one negate that?" and "too" in r.set_aside
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
    # "even though" joins what holds as "if" does: the family reads it (its builder says what it needs)
    from psct_expert.errors import QuestionError
    with pytest.raises(QuestionError) as err:
        expert.read("I activate Trap Dustshoot. Does Trap Dustshoot still resolve even though my "
                    "opponent has 3 cards in their hand when it resolves?", [])
    assert err.value.understood.get("family") == "resolves"


def test_an_effect_activated_from_the_hand_is_the_one_used_there(expert):
    spec, _ = expert.read("Opp's turn, they control no monsters. Can I activate Bystial Magnamhut from my "
                          "hand?", [])
    assert spec["family"] == "can-activate-now" and spec["effect"]["n"] == 1
    # without "from my hand" the card's two effects are both candidates: which one is asked
    from psct_expert.errors import QuestionError
    with pytest.raises(QuestionError, match="fits more than one effect"):
        expert.read("Opp's turn, they control no monsters. Can I activate Bystial Magnamhut?", [])


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

    assert relex("does its 'sent to the GY by a card effect' thing trigger?").text == \
        "Does its 'sent to the GY by a card effect' effect trigger?"
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
