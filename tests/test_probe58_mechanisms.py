"""Mechanisms of the session after `8980692` (issues 22 and 23), found by rounds 56-61: what a
target is said to be (a kind, Attribute or Type it was not told to have, a card held for a
condition), a second copy asked after a story, actions asked by what the other player undergoes,
Set or flipped or changed in a targeted story, a cost told after the activation, a card destroyed
by a response, a rules exam's Player B, cards that answer a Summon in its own window, responses to
one kind of card, stat changes on a face-down target, materials described after them, and what the
lexicon reads ("+700", "(Chain Link 2)", "resolve without effect").  Sentences written for these
tests, not the shared cases."""

import pytest

from psct_expert.errors import QuestionError
from question_helpers import rules_fired


@pytest.mark.slow
def test_a_card_said_with_a_type_the_target_was_not_told_to_have_is_not_read_as_the_target(
        base_expert):
    # "that Zombie monster" may be another monster than the one targeted: never the target read
    with pytest.raises(QuestionError, match="which of the targeted cards"):
        base_expert.ask("I activate Monster Reborn targeting a monster in my GY. My opponent "
                        "chains and banishes that Zombie monster. Is the targeted monster still "
                        "Special Summoned?")
    # near miss: "that monster" is the one targeted
    answer = base_expert.ask("I activate Psychokinesis targeting my opponent's monster. My "
                             "opponent chains and destroys that monster. Is the targeted card "
                             "still destroyed?")
    assert answer.value == "no"


@pytest.mark.slow
def test_a_second_copy_asked_after_the_first_was_told_negated_is_not_supposed_used(base_expert):
    told = base_expert.ask("my Pot of Desires got its activation negated. can i activate a 2nd "
                           "Pot of Desires this turn?")
    assert told.value == "yes"
    # near miss: nothing told first, the second copy asked of says the first was used
    alone = base_expert.ask("can i activate a 2nd Pot of Desires this turn?")
    assert alone.value == "no"


@pytest.mark.slow
def test_taking_the_damage_asks_the_part_that_inflicts_it(base_expert):
    answer = base_expert.ask("Frightfur Leo targets their monster but it is not destroyed. Does "
                             "my opponent still take the damage?")
    assert answer.value == "no"
    assert answer.params["n"] == 2                 # the part that inflicts damage
    # near miss: "take control" is no damage; Frightfur Leo has no part that takes control
    with pytest.raises(QuestionError):
        base_expert.ask("Frightfur Leo targets their monster but it is not destroyed. Does my "
                        "opponent still take control?")


@pytest.mark.slow
def test_a_flip_effect_asked_to_activate_and_go_on_a_chain(base_expert):
    answer = base_expert.ask("My opponent attacks my face-down Man-Eater Bug and it gets flipped. "
                             "Does Man-Eater Bug's FLIP effect activate and go on a chain?")
    assert answer.value == "yes"
    assert answer.family == "starts-chain"
    # near miss: a card whose effects are continuous, asked the same way
    none = base_expert.ask("Does Jinzo's effect activate and go on a chain?")
    assert none.value == "no"


@pytest.mark.slow
def test_what_an_effect_is_asked_to_target_may_be_said_in_any_english(base_expert):
    # an effect that targets nothing targets none of the things said, whatever they are
    answer = base_expert.ask("Does Dark Hole target the face-up monsters it wipes?")
    assert answer.value == "no"
    # near miss: an effect that targets: the thing said in words the grammar does not read is
    # asked too, so the answer is never a yes on it
    open_ = base_expert.ask("Does Monster Reborn target the revived monsters?")
    assert open_.value == "unknown"


@pytest.mark.slow
def test_the_material_detached_is_the_cost_asked_of_after_a_negation(base_expert):
    answer = base_expert.ask("Constellar Pleiades detaches to bounce a card, opp negates the "
                             "effect. Is the material still gone?")
    assert answer.value == "yes"
    assert "detach" in answer.restated


@pytest.mark.slow
def test_setting_and_flipping_are_parts_asked_of_after_the_target_left(base_expert):
    set_ = base_expert.ask("i activate Trap Tracks on my monster, opp banishes that monster in "
                           "response. Do I still get to set a Normal Trap from deck?")
    assert set_.value == "no"
    flipped = base_expert.ask("I activate Book of Moon on their monster, they bounce it in "
                              "response. Is it still flipped face-down?")
    assert flipped.value == "no"
    # near miss: "their set card" says what a card is, never the action asked (refused, or, read
    # as a response that banishes another card than the target, left open)
    try:
        other = base_expert.ask("i activate Trap Tracks on my monster, opp banishes their set card "
                                "in response. Do I still set a Normal Trap from my deck?")
        assert other.value == "unknown"
    except QuestionError:
        pass


@pytest.mark.slow
def test_a_cards_target_told_changed_in_one_clause(base_expert):
    answer = base_expert.ask("Mystical Space Typhoon's target is banished in response. Is it "
                             "still destroyed?")
    assert answer.value == "no"
    # near miss: a target told of a card that targets nothing
    with pytest.raises(QuestionError, match="does not target"):
        base_expert.ask("Dark Hole's target is banished in response. Is it still destroyed?")


@pytest.mark.slow
@pytest.mark.parametrize("destroyed", ["the Fiend I control", "one of my Fiend monsters"])
def test_a_card_held_for_the_condition_is_never_read_as_the_target(base_expert, destroyed):
    # the Fiend told held is not the card targeted: never answered as if the target left
    with pytest.raises(QuestionError, match="which of the targeted cards"):
        base_expert.ask("I control a Fiend monster and activate Archfiend's Ghastly Glitch "
                        f"targeting my opponent's card. My opponent chains and destroys "
                        f"{destroyed}. Is the targeted card still destroyed?")


@pytest.mark.slow
def test_a_target_said_again_with_its_own_type_is_the_target(base_expert):
    answer = base_expert.ask("I activate Archfiend's Ghastly Glitch targeting my opponent's Fiend "
                             "monster. My opponent chains and destroys that Fiend monster. Is "
                             "the targeted card still destroyed?")
    assert answer.value == "no"


@pytest.mark.slow
def test_a_negated_activation_is_never_read_as_a_condition_changed(base_expert):
    # what held never decides a card whose activation was negated
    with pytest.raises(QuestionError):
        base_expert.ask("my shaddoll beast flip was negated. later that turn it is sent to the gy "
                        "by a card effect. can i still use the draw 1?")


@pytest.mark.slow
def test_a_cost_told_after_the_activation_is_checked_against_the_cost(base_expert):
    answer = base_expert.ask("My opponent activates Lightning Vortex and discards 1 card. I negate "
                             "the activation. Is the discarded card still in their GY?")
    assert answer.value == "yes"
    # near miss: a cost the card does not have
    with pytest.raises(QuestionError, match="cost is not .*pay(?:ing)? 2000 LP"):
        base_expert.ask("I activate Solemn Strike and pay 2000 LP. My opponent negates the "
                        "activation. Are my 2000 LP still gone?")


@pytest.mark.slow
def test_when_a_targeting_card_was_used_is_no_change_of_its_target(base_expert):
    answer = base_expert.ask("During my opponent's End Phase, I activate Book of Moon on their "
                             "monster. They banish it in response. Is it still flipped face-down?")
    assert answer.value == "no"


@pytest.mark.slow
def test_a_card_destroyed_by_a_response_then_the_chain_resolves(base_expert):
    # "When ... You can": the Chain Link under the response resolves after it, so it misses
    when = base_expert.ask("I activate Pot of Greed. My opponent destroys my Peten the Dark Clown "
                           "in response. Can I activate Peten the Dark Clown's effect?")
    assert when.value == "no"
    # near miss: "If ...": it does not miss the timing
    if_ = base_expert.ask("I activate Pot of Greed. My opponent destroys my Sangan in response. "
                          "Can I activate Sangan's effect?")
    assert if_.value == "yes"


@pytest.mark.slow
def test_a_rules_exams_player_b_asked_to_negate_a_summon(base_expert):
    answer = base_expert.ask("Player A Special Summons Cyber Dragon from the hand by its own "
                             "procedure. Can Player B negate that Summon with a Counter Trap that "
                             "negates Special Summons?")
    assert answer.value == "yes"
    # near miss: no third player
    with pytest.raises(QuestionError):
        base_expert.ask("Player A Special Summons Cyber Dragon from the hand by its own "
                        "procedure. Can Player C negate that Summon?")


@pytest.mark.slow
def test_a_response_to_one_kind_of_card_is_never_chained_to_another_kind(base_expert):
    answer = base_expert.ask("My opponent activates Solemn Strike. Can I chain Magic Jammer to it?")
    assert answer.value == "no"
    assert "activation-of-another-kind-never-answered" in rules_fired(answer)
    # near miss: a Spell Card's activation is what it answers
    spell = base_expert.ask("My opponent activates Pot of Greed. Can I chain Magic Jammer to it?")
    assert spell.value == "yes"


@pytest.mark.slow
def test_a_card_that_answers_a_summon_in_its_window_is_never_told_no_by_the_chain(base_expert):
    # a Trap whose condition is that a monster is Summoned is activated in that Summon's own
    # window: the Summon starting no Chain never says it cannot be
    with pytest.raises(QuestionError, match="answers the Summon itself"):
        base_expert.ask("opp NS a monster, can i respond with Torrential Tribute?")
    # near miss: a card with no such condition is asked as before (the Summon starts no Chain)
    other = base_expert.ask("My opponent Normal Summons a monster. Can I chain Mystical Space "
                            "Typhoon to it?")
    assert other.value == "no"


@pytest.mark.slow
def test_a_target_turned_face_down_is_not_affected_by_a_stat_change(base_expert):
    # a face-down monster is not affected by a change of its ATK, whatever "it" rechecks
    answer = base_expert.ask("I activate Rush Recklessly targeting my opponent's face-up monster. "
                             "My opponent changes that monster to face-down Defense Position in "
                             "response. Does that monster still gain 700 ATK?")
    assert answer.value == "no"
    assert "face-down-target-stat-unaffected" in rules_fired(answer)
    # the targeted story's reading (a part asked as done) leaves it to the grammar's
    with pytest.raises(QuestionError):
        base_expert.ask("I activate Gearspring Spirit targeting my opponent's face-up monster. My "
                        "opponent chains an effect that changes that monster to face-down Defense "
                        "Position. Does that monster's ATK still become 0?")
    # near miss: a target gone from the field is not affected
    gone = base_expert.ask("I activate Gearspring Spirit targeting my opponent's face-up monster. "
                           "My opponent banishes that monster in response. Does that monster's "
                           "ATK still become 0?")
    assert gone.value == "no"


@pytest.mark.slow
def test_what_is_said_of_told_materials_after_them_is_never_dropped(base_expert):
    # "with the same name" is not read against "2+ monsters with different names": refused,
    # never answered as if the Summon were legal
    with pytest.raises(QuestionError, match="material line"):
        base_expert.ask("If I Link Summon Knightmare Unicorn using two monsters with the same "
                        "name, can I use its effect?")
    # near miss: how many materials, and nothing said after them
    answer = base_expert.ask("I Link Summon Knightmare Unicorn using two monsters. Can I use its "
                             "effect?")
    assert answer.value == "yes"


@pytest.mark.slow
def test_resolving_without_effect_is_asked_as_doing_nothing(base_expert):
    answer = base_expert.ask("I activate Book of Moon on their monster and they banish it in "
                             "response. Does Book of Moon resolve without effect?")
    assert answer.value == "yes"
    # near miss: one of two targets gone, "them": the other is still affected
    other = base_expert.ask("If one of the 2 targets of Dark Factory of Mass Production leaves "
                            "the GY before it resolves, does the card resolve without effect?")
    assert other.value == "no"


# what the lexicon reads each way of saying (near misses: what it leaves as written)
@pytest.mark.parametrize("said, read", [
    ("Can I activate it to give my monster +700?", "Can I activate it to give my monster 700 ATK?"),
    ("the +500 atk trap", "The 500 atk trap"),
    ("can i use the +1 level effect?", "Can i use the 1 level effect?"),
    # near misses: "2+" is "2 or more" (said so since the session after ef80931), no ATK, and a
    # small number with no word is no ATK
    ("2+ monsters went to the gy", "2 or more monsters went to the gy"),
    ("is that a +1 for me?", "Is that a +1 for me?"),
    ("opp responds changing that monster to defense",
     "Opp responds by changing that monster to defense"),
    ("can i try it again same turn?", "Can i use it again this turn?"),
    # near misses: a response said by what it is, and "the same turn" said in full
    ("he responds nothing", "He responds nothing"),
    ("can i use it in the same turn?", "Can i use it in the same turn?"),
    ("I activate a card (Chain Link 1).", "I activate a card."),
    ("Chain Link 1 then resolves.", "The Chain resolves."),
    # near miss: another link resolving is not the whole Chain
    ("Chain Link 2 resolves.", "Chain Link 2 resolves."),
    ("will it resolve with no effect?", "Does it fizzle?"),
    # near miss: told, not asked
    ("It resolves without effect. Do I draw?", "It resolves without effect. Do I draw?"),
])
def test_the_lexicon_reads(said, read):
    from psct_expert.parser.lexicon import relex

    assert relex(said).text == read


@pytest.mark.slow
def test_any_card_or_effect_asked_against_a_text_that_locks_responses(base_expert):
    # the lock says nothing can be chained by the opponent, whatever the card's kind
    answer = base_expert.ask("Player A activates Fairy Knight Ingunar's effect. Can Player B chain "
                             "any card or effect to it?")
    assert answer.value == "no"
    assert "response-lock" in rules_fired(answer)
    # near miss: no lock, and a card named only by its kind says no Spell Speed
    with pytest.raises(QuestionError, match="named only by its kind"):
        base_expert.ask("My opponent activates Pot of Greed. Can I chain any card or effect to it?")
