"""Mechanisms of the session after 34b7d8b (blind-probe rounds 105 and 106), each with its near
miss: a monster's Quick Effect allowed by the phase told, an activation asked of a whole turn
(some moment of it), a result asked that the effect's own text does, a target said to be gone,
a quotation closed after its full stop, and a part said by more words than its action."""

import pytest

from psct_expert.errors import QuestionError


@pytest.mark.slow
def test_a_monster_quick_effect_in_a_told_phase(base_expert):
    a = base_expert.ask("It is my opponent's Battle Phase. Can I activate the effect of Sky Striker Ace - Raye?")
    assert a.value == "yes"
    assert "monster-quick-effect-in-its-phases" in a.rules()
    # near misses: in the Damage Step; asked from the hand (its text is activated on the field)
    assert base_expert.ask("It is the Damage Step. Can I activate the effect of Sky Striker Ace - Raye?"
                           ).value == "unknown"
    assert base_expert.ask("It is my opponent's Battle Phase. Can I activate the effect of Sky Striker "
                           "Ace - Raye from my hand?").value == "unknown"


@pytest.mark.slow
def test_a_window_quick_effect_in_and_out_of_its_window(base_expert):
    # "During your opponent's Main Phase (Quick Effect)"
    a = base_expert.ask("It is my opponent's Main Phase. Can I activate Effect Veiler?")
    assert a.value == "yes"
    assert "told-phase-in-the-quick-window" in a.rules()
    # near miss: the opponent's Battle Phase is not in its window
    assert base_expert.ask("It is my opponent's Battle Phase. Can I activate Effect Veiler?").value == "no"


@pytest.mark.slow
def test_an_activation_asked_of_a_whole_turn(base_expert):
    a = base_expert.ask("Can I activate Sky Striker Ace - Raye's effect during my opponent's turn?")
    assert a.value == "yes"
    assert a.restated.endswith("at some point of that turn?")
    assert any(n.startswith("asked of the whole turn: it can be activated in its") for n in a.notes)
    a = base_expert.ask("It's my opponent's turn and I control no cards at all. Can I activate "
                        "Infinite Impermanence from my hand?")
    assert a.value == "yes"
    # near misses: no phase of the turn allows it; what holds rules it out in every phase; a moment
    # told (an activation to respond to) is not the whole turn
    a = base_expert.ask("Can I activate Pot of Greed during my opponent's turn?")
    assert a.value == "no"
    assert base_expert.ask("It's my opponent's turn and I control a monster. Can I activate Infinite "
                           "Impermanence from my hand?").value == "no"
    a = base_expert.ask("It is my opponent's turn and they activate Pot of Greed. Can I activate "
                        "Sky Striker Ace - Raye's effect?")
    assert "at some point" not in a.restated


def test_whole_turn_needs_only_the_turn_and_states():
    from psct_expert.api import _whole_turn
    spec = {"family": "can-activate-now", "effect": {"card": "X"},
            "situation": [{"kind": "phase", "turn": "opponent"}, {"kind": "state", "player": "you"}]}
    assert _whole_turn(spec) == 0
    # near misses: a phase said, an event told, a purpose asked too, another family
    assert _whole_turn({**spec, "situation": [{"kind": "phase", "turn": "opponent", "phase": "main1"}]}) is None
    assert _whole_turn({**spec, "situation": spec["situation"] + [{"kind": "activate", "id": "a1"}]}) is None
    assert _whole_turn({**spec, "also_needs": "whether it does that"}) is None
    assert _whole_turn({**spec, "family": "can-respond"}) is None


@pytest.mark.slow
def test_a_result_the_effect_text_does_is_grounded(base_expert):
    a = base_expert.ask("Can I flip Inspiration in the Damage Step (before damage calc) to give my "
                        "battling monster +700?")
    assert a.value == "yes"
    assert [(c.kind, c.read) for c in a.reading.changes if c.written.startswith("to give")] == \
        [("grounded", "Inspiration")]
    # near misses: another number than the text's; a monster the text does not do it to
    assert base_expert.ask("Can I flip Inspiration in the Damage Step (before damage calc) to give my "
                           "battling monster +800?").value == "unknown"
    assert base_expert.ask("Can I flip Inspiration in the Damage Step (before damage calc) to give their "
                           "battling monster +700?").value == "unknown"


def test_result_grounding_reads_the_asked_effect(base_expert):
    from psct_expert.grounded import result_as_its_text_says
    db, fams = base_expert.db, base_expert.kb.families
    ref = {"card": "Inspiration", "select": "activation"}
    assert result_as_its_text_says("to give my battling monster 700 ATK", ref, db, fams) == "Inspiration"
    assert result_as_its_text_says("to pump it", {"card": "Honest", "n": 2}, db, fams) == "Honest"
    # near misses: a verb the text does not do, a word it does not say, a card named
    assert result_as_its_text_says("to destroy it", ref, db, fams) is None
    assert result_as_its_text_says("to give my Dragon 700 ATK", ref, db, fams) is None
    assert result_as_its_text_says("to give Blue-Eyes White Dragon 700 ATK", ref, db, fams) is None


@pytest.mark.slow
@pytest.mark.parametrize("gone", [
    "It is gone when Dust Tornado resolves.",
    "They chain it, so it's already gone when Dust Tornado resolves.",
    "The target is gone when Dust Tornado resolves.",
    "It was removed from the field before Dust Tornado resolved.",
])
def test_a_target_said_to_be_gone(base_expert, gone):
    a = base_expert.ask("I activate Dust Tornado targeting my opponent's Set card. " + gone +
                        " Can I still Set a Spell/Trap from my hand?")
    assert (a.family, a.value) == ("clause-done", "no")


@pytest.mark.slow
def test_a_named_target_gone_and_a_target_gone_from_a_place_it_was_not(base_expert):
    a = base_expert.ask('I activate Called by the Grave targeting Maxx "C" in my opponent\'s GY. Maxx "C" '
                        "leaves the GY before Called by the Grave resolves. Is Maxx \"C\" banished?")
    assert a.value == "no"
    # near miss: nothing was targeted: "it is gone" tells of no card
    with pytest.raises(QuestionError):
        base_expert.ask("I activate Pot of Greed. It is gone. Do I still draw 2 cards?")


@pytest.mark.slow
def test_a_part_said_by_more_words_than_its_action(base_expert):
    a = base_expert.ask("Tearlaments Scheiren: are the Special Summon and the send from the hand simultaneous?")
    assert a.value == "yes"
    a = base_expert.ask("Tearlaments Scheiren: are the Special Summon and the send from the Deck simultaneous?")
    assert a.value != "yes"     # parts 1 and 3: joined by "then"
    assert "parts 1 and 3" in a.restated
    # near miss: words that fit two parts are refused, never the first of them taken
    with pytest.raises(QuestionError, match="more than one part"):
        base_expert.ask("Tearlaments Scheiren: are the Special Summon and the send to the GY simultaneous?")


@pytest.mark.slow
def test_its_other_effect_is_the_one_the_story_did_not_tell_of(base_expert):
    a = base_expert.ask("I used Ancient Fairy Dragon's first effect this turn. Can I still use its other "
                        "effect this turn?")
    assert (a.value, a.params.get("effect")) == ("yes", "Ancient Fairy Dragon#2")
    a = base_expert.ask("Already used Snake-Eye Ash's search this turn. Can I still use its other effect "
                        "(send 2 face-up cards incl. itself to SS a Snake-Eye) the same turn?")
    assert a.value == "yes"
    assert any(c.kind == "grounded" and c.read == "Snake-Eye Ash" for c in a.reading.changes)
    # near miss: no effect told, "the other" is not known
    with pytest.raises(QuestionError, match="which other effect"):
        base_expert.ask("Can I use the other effect of Ancient Fairy Dragon this turn?")


def test_a_colon_after_a_told_event_ends_a_sentence():
    from psct_expert.parser.lexicon import relex
    told = relex("My opponent chains that card: it is Call of the Haunted. Does it resolve?").text
    assert "chains that card. it is Call" in told
    # near misses: after a card's name (a topic), before a quotation
    assert ": I discard" in relex("Dark Grepher: I discard a card. Does it start a Chain?").text
    assert ': "Draw' in relex('It resolves: "Draw 1 card". Is it a cost?').text


@pytest.mark.slow
def test_copies_said_out_and_a_quotation_with_words_left_out(base_expert):
    a = base_expert.ask("I have 2 Tornado Dragons on board. Each says 'Once per turn (Quick Effect): You "
                        "can detach 1 material ...'. Can both of them use it in the same turn?")
    assert a.value == "yes"
    a = base_expert.ask("I have 2 Tornado Dragons out. Can both of them use their effect in the same turn?")
    assert a.value == "yes"
    # near miss: a quotation the text does not hold, even with words left out
    with pytest.raises(QuestionError):
        base_expert.ask("I have 2 Tornado Dragons on board. Each says 'Once per turn (Quick Effect): You "
                        "can detach 2 materials ...'. Can both of them use it in the same turn?")


@pytest.mark.slow
def test_a_card_told_without_its_player_is_asked_as_each_players(base_expert):
    a = base_expert.ask("Card Destruction made me discard Peten the Dark Clown. After we both draw, can "
                        "I still use Peten's effect?")
    assert a.value == "no"
    assert any(c.kind == "each-owner" for c in a.reading.changes)
    a = base_expert.ask("Card Destruction made me discard Snoww, Unlight of Dark World. After we both "
                        "draw, can I still use Snoww's effect?")
    assert a.value == "yes"
    # near miss: whose it is said: asked once, as said
    a = base_expert.ask("My Card Destruction made me discard Peten the Dark Clown. After we both draw, "
                        "can I still use Peten's effect?")
    assert a.value == "no" and not any(c.kind == "each-owner" for c in a.reading.changes)


def test_the_battle_phase_said_as_going_to_battle():
    from psct_expert.parser.lexicon import relex
    assert "It is the Battle Phase" in relex("opp summoned 6 monsters then went to battle. can i?").text
    assert relex("Can I activate it in their battle phase before they attack?").text == \
        "Can I activate it in their battle phase?"
    # near miss: with a subject of its own ("I went to battle") whose Battle Phase it is is said
    told = relex("They activated a card, I went to battle, now it is Main Phase 2.").text
    assert "it is my Battle Phase" in told and "It is the Battle Phase" not in told


@pytest.mark.slow
def test_its_effect_of_the_face_down_monster_told_attacked_is_its_flip(base_expert):
    a = base_expert.ask("My opponent attacks my face-down Man-Eater Bug. Does Man-Eater Bug's effect activate?")
    assert (a.family, a.value) == ("flip-activates", "yes")
    a = base_expert.ask("my face-down Man-Eater Bug gets attacked and flipped, and it's destroyed by the "
                        "battle. does its FLIP effect still activate?")
    assert (a.family, a.value) == ("flip-activates", "yes")
    # near misses: a face-up monster attacked; asked whether it can be activated at this point
    assert base_expert.ask("My opponent attacks my face-up Man-Eater Bug. Does Man-Eater Bug's effect "
                           "activate?").family == "can-activate-now"
    assert base_expert.ask("My opponent attacks my face-down Man-Eater Bug. Can I activate Man-Eater Bug's "
                           "effect?").family == "can-activate-now"


@pytest.mark.slow
def test_two_cards_said_to_trigger_together_after_a_told_activation(base_expert):
    a = base_expert.ask("It is my turn. I activate Dark Hole. My Sangan (mandatory) and my opponent's "
                        "Peten the Dark Clown (optional) both trigger. Is my Sangan Chain Link 1?")
    assert (a.family, a.value) == ("chain-order", "yes")
    assert any(c.kind == "read-as" and c.read.startswith("It destroys") for c in a.reading.changes)
    # near miss: an activation whose effect moves no card says nothing of what triggered them
    with pytest.raises(QuestionError):
        base_expert.ask("It is my turn. I activate Pot of Greed. My Sangan and my opponent's Peten the "
                        "Dark Clown both trigger. Is my Sangan Chain Link 1?")


@pytest.mark.slow
def test_an_effect_said_by_its_cards_name_and_what_it_does(base_expert):
    a = base_expert.ask("My opponent Normal Summons Elemental HERO Stratos. I negate the Summon with Horn "
                        "of Heaven and it is destroyed. Do they still get the Stratos search?")
    assert (a.params.get("effect"), a.value) == ("Elemental HERO Stratos#1", "no")
    assert base_expert.ask("Does the Sangan search start a Chain?").value == "yes"
    # near miss: what the card's effect does not do is refused, never another effect taken
    with pytest.raises(QuestionError):
        base_expert.ask("Does the Sangan draw start a Chain?")


@pytest.mark.slow
def test_getting_the_flip_effect_of_the_face_down_monster_told_attacked(base_expert):
    a = base_expert.ask("My opponent attacks my face-down Man-Eater Bug. Do I still get Man-Eater Bug's "
                        "flip effect?")
    assert (a.family, a.value) == ("flip-activates", "yes")


@pytest.mark.slow
def test_sending_a_card_to_negate_what_the_story_told(base_expert):
    a = base_expert.ask("I have a face-up Thunder King Rai-Oh and my opponent goes for a Link Summon. Can I "
                        "send Rai-Oh to negate it?")
    assert (a.family, a.value) == ("negate-summon", "yes")
    # near miss: another purpose stays asked too (a yes waits on it)
    a = base_expert.ask("I have a face-up Thunder King Rai-Oh and my opponent goes for a Link Summon. Can I "
                        "send Rai-Oh to destroy it?")
    assert a.family != "negate-summon"


@pytest.mark.slow
def test_activating_a_summon_negator_to_negate_the_summon_told(base_expert):
    a = base_expert.ask("My opponent Synchro Summons Black Rose Dragon. Can I activate Solemn Warning to "
                        "negate it?")
    assert (a.family, a.value) == ("negate-summon", "yes")
    a = base_expert.ask("My opponent Tribute Summons a monster. Can I activate Solemn Strike to negate it?")
    assert (a.family, a.value) == ("negate-summon", "no")
    # near miss: a card that negates no Summon stays the question of its activation
    a = base_expert.ask("My opponent Synchro Summons Black Rose Dragon. Can I activate Mystical Space "
                        "Typhoon to negate it?")
    assert a.family == "can-activate-now"


@pytest.mark.slow
def test_a_draw_asked_by_how_many(base_expert):
    a = base_expert.ask("My opponent chains Dark Bribe to my Monster Reborn. Do I still draw a card?")
    assert (a.family, a.value) == ("resolves", "yes")
    # near miss: a card said of another action is a card that must still be there
    a = base_expert.ask("I activate Dark Hole. My opponent chains Book of Moon to it. Does Dark Hole still "
                        "destroy a card?")
    assert a.value == "unknown"


@pytest.mark.slow
def test_tokens_asked_as_the_effect_whose_text_names_them(base_expert):
    a = base_expert.ask("I discard Dandylion as cost for Raigeki Break. Do I still get the 2 Fluff Tokens "
                        "after Raigeki Break resolves?")
    assert (a.params.get("effect"), a.value) == ("Dandylion#1", "yes")
    # near miss: a number of Tokens the text does not say is not read as that effect
    with pytest.raises(QuestionError):
        base_expert.ask("I discard Dandylion as cost for Raigeki Break. Do I still get the 3 Fluff Tokens?")


@pytest.mark.slow
def test_a_target_gone_to_a_place_left_where_it_was_targeted(base_expert):
    a = base_expert.ask("I activate Dust Tornado targeting my opponent's Set card. It is gone to the GY when "
                        "Dust Tornado resolves. Can I still Set a Spell/Trap from my hand?")
    assert (a.family, a.value) == ("clause-done", "no")


def test_dies_in_battle_is_destroyed_by_battle():
    from psct_expert.parser.lexicon import relex
    assert "and it is destroyed by battle" in relex("My monster is attacked and dies in battle. Does it?").text
    # near miss: "dies" said of no battle is not read as by battle
    assert "by battle" not in relex("My monster dies to Dark Hole. Does it?").text
