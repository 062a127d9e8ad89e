"""Questions about told Chains (topics J and K of the real rulings): missing the timing, the
Damage Step, what a link did, whether a link still resolves, whether a chained effect was negated.

For each form: the real ruling's wording, a paraphrase on other cards that reaches the right
spec and answer, and a near miss that is refused or answered differently."""

import pytest

from psct_expert.errors import QuestionError

from question_helpers import ask, events


# -- a phase told before the question ("During the Damage Step my opponent ...") ---------------

def test_a_leading_phase_is_an_event_and_to_negate_it_is_asked_too(base_expert):
    spec, value = ask(base_expert, "During the Damage Step my opponent activates a monster effect. "
                                   "Can I activate Solemn Strike to negate it?")
    assert events(spec, "phase")[0]["phase"] == "damage-step"
    (act,) = events(spec, "activate")
    assert act["effect"] == {"generic": "monster"} and act["player"] == "opponent"
    assert spec["and"] == [{"family": "negate-activation", "negator": spec["effect"],
                            "activated": act["id"]}]
    assert value == "yes"


def test_the_negation_part_decides_on_another_card(base_expert):
    # Solemn Judgment can be activated in the Damage Step, but cannot negate a monster effect
    _spec, value = ask(base_expert, "During the Damage Step my opponent activates a monster effect. "
                                    "Can I activate Solemn Judgment to negate it?")
    assert value == "no"


def test_a_purpose_that_is_not_the_effects_own_is_not_taken_for_granted(base_expert):
    spec, value = ask(base_expert, "During the Damage Step my opponent activates a monster effect. "
                                   "Can I activate Solemn Strike to destroy it?")
    assert "also_needs" in spec and value != "yes"


# -- "nobody responds", "it Special Summons / destroys ..." --------------------------------------

def test_nobody_responds_and_it_summons(base_expert):
    spec, value = ask(base_expert, "My opponent activates One for One, nobody responds, and it Special "
                                   "Summons a Level 1 monster from their hand. Can I activate Time-Space "
                                   "Trap Hole?")
    (act,) = events(spec, "activate")
    assert len(events(spec, "resolve")) == 1
    step = act["does"][0]
    assert step["action"] == "summoned" and spec["event"] == step["id"]
    assert value == "yes"


def test_nobody_responds_paraphrase(base_expert):
    spec, value = ask(base_expert, "My opponent activates Monster Reborn, nobody responds, and it "
                                   "Special Summons a monster from their GY. Can I activate Torrential "
                                   "Tribute?")
    assert spec["family"] == "can-activate-now" and value == "yes"


def test_a_summon_in_the_middle_of_a_chain_misses_the_timing(base_expert):
    # the near miss: the same Summon as Chain Link 2, told by its purpose
    spec, value = ask(base_expert, "I activate Cosmic Cyclone and my opponent chains Monster Reborn to "
                                   "Special Summon a monster. After the Chain resolves, can I activate "
                                   "Torrential Tribute?")
    acts = events(spec, "activate")
    assert acts[1]["does"][0]["action"] == "summoned" and spec["event"] == acts[1]["does"][0]["id"]
    assert value == "no"


def test_it_destroys_my_card_and_the_purpose_is_the_effects_own(base_expert):
    spec, value = ask(base_expert, "My opponent activates Dark Hole, nobody responds, and it destroys my "
                                   "Bixi, Water of the Yang Zing. Can I activate Bixi's effect to Special "
                                   "Summon a Yang Zing monster?")
    (act,) = events(spec, "activate")
    assert act["does"][0] == {"action": "destroyed", "id": spec["event"],
                              "what": "Bixi, Water of the Yang Zing"}
    assert "also_needs" not in spec and value == "yes"


def test_a_purpose_the_effect_does_not_say_is_asked_too(base_expert):
    spec, value = ask(base_expert, "My opponent activates Dark Hole, nobody responds, and it destroys my "
                                   "Bixi, Water of the Yang Zing. Can I activate Bixi's effect to Special "
                                   "Summon a Dragon monster?")
    assert "Dragon" in spec["also_needs"] and value == "unknown"


def test_destroyed_as_chain_link_2_misses_the_timing(base_expert):
    spec, value = ask(base_expert, "I activate Cosmic Cyclone and my opponent chains Twin Twisters and "
                                   "destroys my Bixi, Water of the Yang Zing. After the Chain, can I "
                                   "activate Bixi's first effect?")
    acts = events(spec, "activate")
    assert acts[1]["does"][0]["what"] == "Bixi, Water of the Yang Zing"
    assert value == "no"


def test_nobody_responds_to_nothing_is_refused(base_expert):
    with pytest.raises(QuestionError):
        base_expert.parse("Nobody responds. Can I activate Torrential Tribute?")


# -- "Can I still Special Summon X from my hand with its effect?" (an "If" trigger) ---------------

def test_if_trigger_after_a_chain(base_expert):
    spec, value = ask(base_expert, "I activate Cosmic Cyclone; my opponent chains Twin Twisters and "
                                   "destroys one of my Set cards, and then my Cosmic Cyclone resolves. "
                                   "After the Chain, can I still Special Summon Astrograph Sorcerer from "
                                   "my hand with its effect?")
    assert spec["family"] == "can-activate-now"
    assert spec["effect"] == {"card": "Astrograph Sorcerer", "n": 1}
    (step,) = events(spec, "activate")[1]["does"]
    assert spec["event"] == step["id"] and spec["entities"][step["what"]]["controller"] == "you"
    assert value == "yes"


def test_an_optional_when_trigger_in_chain_link_2_misses_the_timing(base_expert):
    _spec, value = ask(base_expert, "I activate Cosmic Cyclone; my opponent chains Twin Twisters and "
                                    "destroys my Peten the Dark Clown, and then my Cosmic Cyclone "
                                    "resolves. After the Chain, can I still Special Summon Peten the "
                                    "Dark Clown from my Deck with Peten's effect?")
    assert value == "no"


def test_an_effect_that_does_not_do_it_is_refused(base_expert):
    with pytest.raises(QuestionError):
        base_expert.parse("I activate Cosmic Cyclone; my opponent chains Twin Twisters and destroys one "
                          "of my Set cards. After the Chain, can I still send Astrograph Sorcerer to "
                          "the GY with its effect?")


# -- a link whose card was removed in response: does it still resolve? ---------------------------

def test_normal_spell_banished_in_response_still_resolves(base_expert):
    spec, value = ask(base_expert, "My opponent chains Cosmic Cyclone to my Pot of Desires and banishes "
                                   "it. Do I still draw 2 cards?")
    assert spec["family"] == "resolves" and spec["effect"]["card"] == "Pot of Desires"
    acts = events(spec, "activate")
    assert acts[0]["player"] == "you" and acts[1]["respond"] == acts[0]["id"]
    assert acts[1]["does"][0]["action"] == "banished"
    assert events(spec, "resolve") == [{"kind": "resolve", "of": acts[1]["id"]}]
    assert value == "yes"


def test_normal_spell_paraphrase(base_expert):
    spec, value = ask(base_expert, "My opponent chains Mystical Space Typhoon to my Monster Reborn and "
                                   "destroys it. Do I still Special Summon a monster?")
    assert spec["family"] == "resolves" and value == "yes"


def test_a_number_the_card_does_not_say_is_refused(base_expert):
    with pytest.raises(QuestionError) as err:
        base_expert.parse("My opponent chains Cosmic Cyclone to my Pot of Desires and banishes it. "
                          "Do I still draw 3 cards?")
    assert "3" in str(err.value)


@pytest.mark.parametrize("text", [
    "I activate Fire Formation - Tenki and my opponent chains Twin Twisters to destroy it. "
    "Do I still get to add a Beast-Warrior from my Deck?",
    "I activate Allure Dance and my opponent chains Mystical Space Typhoon to destroy it. "
    "Do I still get to add an Allure Queen monster from my Deck?",
    "I activate Macro Cosmos and my opponent chains Mystical Space Typhoon to destroy it. "
    "Can I still Special Summon Helios - The Primordial Sun with its activation effect?",
])
def test_continuous_card_destroyed_in_response_does_nothing(base_expert, text):
    spec, value = ask(base_expert, text)
    assert spec["family"] == "resolves"
    assert events(spec, "activate")[1]["does"][0]["action"] == "destroyed"
    assert value == "no"


def test_a_card_its_effect_does_not_summon_is_asked_too(base_expert):
    spec, value = ask(base_expert, "I activate Macro Cosmos and my opponent chains Mystical Space Typhoon "
                                   "to destroy it. Can I still Special Summon Dark Magician with its "
                                   "activation effect?")
    assert "Dark Magician" in spec["also_needs"] and value == "no"


@pytest.mark.parametrize("text, card", [
    ("My Baronne de Fleur activates its effect targeting my opponent's card, and they chain Ghost Ogre & "
     "Snow Rabbit to destroy Baronne. Does Baronne's effect still destroy its target?", "Baronne de Fleur"),
    ("My Dark Armed Dragon activates its effect targeting my opponent's card, and they chain Ghost Ogre & "
     "Snow Rabbit to destroy Dark Armed Dragon. Does Dark Armed Dragon's effect still destroy its target?",
     "Dark Armed Dragon"),
])
def test_monster_effect_resolves_after_its_monster_left(base_expert, text, card):
    spec, value = ask(base_expert, text)
    assert spec["family"] == "resolves" and spec["effect"]["card"] == card
    # "its effect targeting my opponent's card": the effect that can target a card of theirs
    assert events(spec, "activate")[0]["effect"] in ({"card": card, "n": 1},
                                                     {"card": card, "select": "only"})
    assert value == "yes"


def test_a_target_that_changed_too_is_not_placed(base_expert):
    with pytest.raises(QuestionError):
        base_expert.parse("My Baronne de Fleur activates its effect targeting my opponent's card, and they "
                          "chain Ghost Ogre & Snow Rabbit to destroy Baronne, and then they chain Book of "
                          "Moon to flip it face-down. Does Baronne's effect still destroy its target?")


# -- "Is the effect that was already activated negated?" -----------------------------------------

def test_veiler_chained_to_an_unnamed_monsters_trigger(base_expert):
    spec, value = ask(base_expert, "My opponent's monster on the field activates its trigger effect "
                                   "during their Main Phase, and I chain Effect Veiler targeting that "
                                   "monster. Is the effect that was already activated negated?")
    assert spec["family"] == "effect-negated"
    a1, a2 = events(spec, "activate")
    assert spec["activation"] == a1["id"] and a1["effect"] == {"generic": "monster"}
    assert a1["source"] in spec["entities"] and a2["respond"] == a1["id"]
    assert events(spec, "phase") == [{"kind": "phase", "phase": "main1", "turn": "opponent"}]
    assert value == "yes"


def test_the_destroy_effect_is_the_one_whose_first_part_destroys(base_expert):
    spec, value = ask(base_expert, "My opponent's Baronne de Fleur activates its destroy effect, and I "
                                   "chain Infinite Impermanence targeting Baronne. Is the destroy effect "
                                   "negated?")
    assert events(spec, "activate")[0]["effect"] == {"card": "Baronne de Fleur", "n": 1}
    assert value == "yes"


def test_an_effect_nothing_was_chained_to_is_refused(base_expert):
    with pytest.raises(QuestionError):
        base_expert.parse("My opponent's monster on the field activates its trigger effect. "
                          "Is the effect negated?")


def test_an_unnamed_cards_effect_named_by_what_it_does_is_refused(base_expert):
    with pytest.raises(QuestionError):
        base_expert.parse("My opponent's monster activates its destroy effect, and I chain Effect Veiler "
                          "targeting that monster. Is the effect negated?")


# -- the Damage Step after an attack -----------------------------------------------------------

def test_damage_step_after_an_attack(base_expert):
    spec, value = ask(base_expert, "My opponent's monster attacks and we are in the Damage Step. Can I "
                                   "activate Compulsory Evacuation Device on the attacker?")
    assert events(spec, "attack") and events(spec, "phase") == [
        {"kind": "phase", "phase": "damage-step", "turn": "opponent"}]
    assert "target" in spec["also_needs"]
    assert value == "no"


def test_damage_step_paraphrase_counter_trap(base_expert):
    _spec, value = ask(base_expert, "My opponent's monster attacks and we are in the Damage Step. Can I "
                                    "activate Solemn Strike?")
    assert value != "no"


def test_whose_turn_is_asked_when_nothing_says_it(base_expert):
    with pytest.raises(QuestionError):
        base_expert.parse("We are in the Battle Phase. Can I activate Compulsory Evacuation Device?")


# -- "against my search": it answers an activation of that player's -----------------------------

def test_against_my_search(base_expert):
    spec, value = ask(base_expert, "My opponent activates Ash Blossom & Joyous Spring against my search. "
                                   "Can I chain Solemn Strike to negate it?")
    a1, a2 = events(spec, "activate")
    assert a1["player"] == "you" and a2["respond"] == a1["id"] and spec["to"] == a2["id"]
    assert value == "yes"


def test_against_my_search_paraphrase(base_expert):
    _spec, value = ask(base_expert, "My opponent activates Ash Blossom & Joyous Spring against my search. "
                                    "Can I chain Solemn Judgment to negate it?")
    assert value == "no"


def test_against_their_own_search_is_refused(base_expert):
    with pytest.raises(QuestionError):
        base_expert.parse("My opponent activates Ash Blossom & Joyous Spring against their search. "
                          "Can I chain Solemn Strike to negate it?")


# -- "my X is Tributed by my opponent's Y, whose effect then goes on to Special Summon ..." ------

def test_moved_by_an_effect_then_more_steps_and_an_if_trigger(base_expert):
    spec, value = ask(base_expert, "My Witch of the Black Forest is Tributed by my opponent's Nibiru, the "
                                   "Primal Being, whose effect then goes on to Special Summon Nibiru and a "
                                   "Token. Does Witch's effect still activate after that?")
    (act,) = events(spec, "activate")
    assert act["player"] == "opponent" and act["effect"]["card"] == "Nibiru, the Primal Being"
    tributed, *summoned = act["does"]
    assert tributed["action"] == "tributed" and spec["event"] == tributed["id"]
    assert [s["action"] for s in summoned] == ["summoned", "summoned"] and summoned[0]["then"]
    assert value == "yes"


def test_moved_by_an_effect_paraphrase(base_expert):
    spec, value = ask(base_expert, "My Peten the Dark Clown is destroyed by my opponent's Raigeki. Does "
                                   "Peten's effect still activate after that?")
    assert events(spec, "resolve") == [{"kind": "resolve", "of": "a1"}]
    assert value == "yes"


def test_moved_by_a_chain_link_2_misses_the_timing(base_expert):
    _spec, value = ask(base_expert, "I activate Cosmic Cyclone; in response my Peten the Dark Clown is "
                                    "destroyed by my opponent's Twin Twisters. After the whole Chain "
                                    "resolves, does Peten's effect still activate?")
    assert value == "no"


# -- "against my Normal Summon": the Summon is being performed --------------------------------

def test_against_my_summon_of_a_kind(base_expert):
    spec, value = ask(base_expert, "My opponent activates Solemn Warning against my Normal Summon. Can I "
                                   "chain Infinite Impermanence in response?")
    (summon,) = events(spec, "summon")
    assert summon["summon-kind"] == "normal" and summon["attempt"] and summon["player"] == "you"
    assert value == "no"


def test_against_my_summon_paraphrase(base_expert):
    _spec, value = ask(base_expert, "My opponent activates Solemn Warning against my Special Summon. Can I "
                                    "chain Solemn Judgment in response?")
    assert value == "yes"


def test_against_a_summon_of_no_kind_assumes_no_kind(base_expert):
    # the kind is not said: the Summon's kind stays "unsaid" (g8), never a guessed Normal Summon
    spec = base_expert.parse("My opponent activates Solemn Warning against my Summon. Can I chain "
                             "Infinite Impermanence in response?")
    assert [e["summon-kind"] for e in events(spec, "summon")] == ["unsaid"]


# -- response locks reached through the told situation ----------------------------------------

def test_targeted_by_an_effect_with_a_response_lock(base_expert):
    spec, value = ask(base_expert, "My opponent's face-up monster is targeted by my Borreload Dragon's "
                                   "effect. Can my opponent chain Book of Moon to flip it face-down?")
    (act,) = events(spec, "activate")
    assert act["player"] == "you" and act["targets"] and act["effect"]["card"] == "Borreload Dragon"
    assert "flip" in spec["also_needs"]
    assert value == "no"


def test_the_effect_chosen_by_its_purpose(base_expert):
    spec, value = ask(base_expert, "My opponent activates Accesscode Talker's effect to destroy one of my "
                                   "cards. Can I chain Solemn Strike to it?")
    (act,) = events(spec, "activate")
    assert act["effect"] == {"card": "Accesscode Talker", "n": 3}
    assert act["does"][0]["action"] == "destroyed"
    assert value == "no"


def test_response_lock_paraphrase(base_expert):
    _spec, value = ask(base_expert, "My opponent targets my face-up monster with Borreload Dragon's effect. "
                                    "Can I chain Infinite Impermanence to it?")
    assert value == "no"


def test_a_purpose_no_effect_has_is_refused(base_expert):
    with pytest.raises(QuestionError):
        base_expert.parse("My opponent activates Accesscode Talker's effect to draw a card. Can I chain "
                          "Solemn Strike to it?")


# -- "Does X still resolve?" after a told Chain -------------------------------------------------

def test_does_it_still_resolve_after_a_told_removal(base_expert):
    spec, value = ask(base_expert, "My opponent activates Monster Reborn and I chain Cosmic Cyclone to "
                                   "banish it. Does Monster Reborn still resolve?")
    assert spec["family"] == "resolves" and events(spec, "activate")[0]["player"] == "opponent"
    assert value == "yes"


def test_does_it_still_resolve_continuous(base_expert):
    _spec, value = ask(base_expert, "I activate Fire Formation - Tenki and my opponent chains Twin "
                                    "Twisters to destroy it. Does Fire Formation - Tenki still resolve?")
    assert value == "no"


def test_does_it_still_resolve_when_nothing_happened_to_it_is_refused(base_expert):
    with pytest.raises(QuestionError):
        base_expert.parse("I activate Fire Formation - Tenki and my opponent chains Twin Twisters. Does "
                          "Fire Formation - Tenki still resolve?")
