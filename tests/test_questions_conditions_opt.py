"""Questions about once per turn, copies and bullets (topic I) and conditions checked at
activation or at resolution (topic H), asked in plain English.

Each form: the real ruling's wording, a paraphrase on other cards, and a near miss that is
refused or understood differently."""

import pytest

from psct_expert.errors import QuestionError


def _used(spec):
    return [e for e in spec.get("situation", []) if e["kind"] == "used"]


# -- a negated copy, then a second copy ---------------------------------------------------------

def test_negated_by_a_card_that_negates_summons_or_activations(base_expert):
    q = ("My Ash Blossom & Joyous Spring was negated by my opponent's Solemn Strike. "
         "Can I activate a second Ash Blossom later in the same turn?")
    spec = base_expert.parse(q)
    used, = _used(spec)
    assert (used["copy"], used["outcome"]) == ("another", "activation-negated")
    assert base_expert.ask(q).value == "no"


def test_negated_second_copy_paraphrase(base_expert):
    q = ("My Ghost Belle & Haunted Mansion was negated by my opponent's Solemn Strike. "
         "Can I activate a second Ghost Belle & Haunted Mansion this turn?")
    used, = _used(base_expert.parse(q))
    assert (used["effect"]["card"], used["outcome"]) == ("Ghost Belle & Haunted Mansion",
                                                         "activation-negated")
    assert base_expert.ask(q).value == "no"


def test_a_monster_negated_without_saying_how_is_still_asked(base_expert):
    # no negating card named: whether the activation or the effect was negated is not said
    with pytest.raises(QuestionError) as err:
        base_expert.parse("My Ash Blossom & Joyous Spring was negated. "
                          "Can I activate a second Ash Blossom this turn?")
    assert "activation or only the effect" in str(err.value)


# -- "my first X resolved": another copy ----------------------------------------------------------

def test_first_copy_resolved_then_a_different_copy(base_expert):
    q = ("My first Ash Blossom & Joyous Spring resolved this turn. "
         "Can I use the Ash Blossom effect of a different copy in the same turn?")
    used, = _used(base_expert.parse(q))
    assert (used["copy"], used["outcome"]) == ("another", "resolved")
    assert base_expert.ask(q).value == "no"


def test_first_copy_resolved_paraphrase_soft_limit(base_expert):
    q = ("My first Borreload Dragon resolved this turn. "
         "Can I use the Borreload Dragon effect of a different copy in the same turn?")
    with pytest.raises(QuestionError):
        # Borreload Dragon has two effects: "the Borreload Dragon effect" does not say which
        base_expert.parse(q)
    q = ("My first Ghost Belle & Haunted Mansion resolved this turn. "
         "Can I use the Ghost Belle & Haunted Mansion effect of a different copy in the same turn?")
    assert base_expert.ask(q).value == "no"


def test_another_copy_on_the_field(base_expert):
    q = ("I used Ghost Ogre & Snow Rabbit from my hand this turn. Can I use the effect of another "
         "Ghost Ogre & Snow Rabbit that I control on the field during the same turn?")
    used, = _used(base_expert.parse(q))
    assert used["copy"] == "another"
    assert base_expert.ask(q).value == "no"
    para = ("I used Ghost Belle & Haunted Mansion from my hand this turn. Can I use the effect of "
            "another Ghost Belle & Haunted Mansion that I control on the field during the same turn?")
    assert base_expert.ask(para).value == "no"


def test_another_copy_the_opponent_controls_is_refused(base_expert):
    with pytest.raises(QuestionError) as err:
        base_expert.parse("I used Ghost Ogre & Snow Rabbit from my hand this turn. Can I use the "
                          "effect of another Ghost Ogre & Snow Rabbit that my opponent controls "
                          "on the field during the same turn?")
    assert "whose copy" in str(err.value)


# -- two copies on the field ------------------------------------------------------------------------

def test_two_copies_each_use_a_quoted_effect(base_expert):
    q = ("I control two Baronne de Fleur. Can each of them use its 'Once per turn: You can target "
         "1 card on the field; destroy it' effect in the same turn?")
    spec = base_expert.parse(q)
    assert spec["effect"] == {"card": "Baronne de Fleur", "n": 1}
    assert _used(spec)[0]["copy"] == "another"
    assert base_expert.ask(q).value == "yes"


def test_two_copies_each_negation_effect(base_expert):
    q = "I control two Baronne de Fleur. Can both use their negation effect in the same turn?"
    spec = base_expert.parse(q)
    assert spec["effect"] == {"card": "Baronne de Fleur", "n": 2}
    assert base_expert.ask(q).value == "no"


def test_two_copies_paraphrase(base_expert):
    q = "I control two Borreload Dragon. Can both use their Quick Effect in the same turn?"
    spec = base_expert.parse(q)
    assert spec["effect"] == {"card": "Borreload Dragon", "n": 2}
    assert base_expert.ask(q).value == "yes"


def test_one_copy_cannot_be_each_of_them(base_expert):
    with pytest.raises(QuestionError) as err:
        base_expert.parse("I control a Baronne de Fleur. Can both use their negation effect in "
                          "the same turn?")
    assert "copies" in str(err.value)


# -- the same copy after it left the field and came back -----------------------------------------

def test_went_back_and_was_summoned_again(base_expert):
    q = ("My Baronne de Fleur used its destroy effect, then went back to the Extra Deck and was "
         "Synchro Summoned again the same turn. Can it use the destroy effect again?")
    spec = base_expert.parse(q)
    used, = _used(spec)
    assert spec["effect"] == {"card": "Baronne de Fleur", "n": 1}
    assert (used["copy"], used["since"]) == ("same", "left-and-returned")
    assert base_expert.ask(q).value == "yes"


def test_stayed_on_the_field_near_miss(base_expert):
    q = "My Baronne de Fleur used its destroy effect. Can it use the destroy effect again?"
    used, = _used(base_expert.parse(q))
    assert used["since"] == "stayed"
    assert base_expert.ask(q).value == "no"


def test_destroyed_and_summoned_back_with_a_card(base_expert):
    q = ("My Borreload Dragon used its Quick Effect this turn, was destroyed, and I Special "
         "Summoned it back with Monster Reborn. Can it use that effect again this turn?")
    spec = base_expert.parse(q)
    used, = _used(spec)
    assert spec["effect"] == {"card": "Borreload Dragon", "n": 2}    # not Monster Reborn's
    assert used["since"] == "left-and-returned"
    assert base_expert.ask(q).value == "yes"


def test_destroyed_and_summoned_back_paraphrase(base_expert):
    q = ("My Baronne de Fleur used its destroy effect this turn, was banished, and I Special "
         "Summoned it back with Monster Reborn. Can it use that effect again this turn?")
    spec = base_expert.parse(q)
    assert spec["effect"] == {"card": "Baronne de Fleur", "n": 1}
    assert _used(spec)[0]["since"] == "left-and-returned"


def test_a_hard_limit_does_not_reset_when_the_card_comes_back(base_expert):
    q = ("My Ghost Belle & Haunted Mansion used its effect this turn, was destroyed, and I Special "
         "Summoned it back with Monster Reborn. Can it use that effect again this turn?")
    assert base_expert.ask(q).value == "no"


# -- an effect named by what it does, negated ------------------------------------------------------

def test_destroy_effect_is_the_one_that_destroys_first(base_expert):
    q = ("My Baronne de Fleur's destroy effect was negated by my opponent's Apollousa, Bow of the "
         "Goddess. Can that same Baronne activate its destroy effect again this turn?")
    spec = base_expert.parse(q)
    assert spec["effect"] == {"card": "Baronne de Fleur", "n": 1}
    used, = _used(spec)
    assert (used["copy"], used["outcome"]) == ("same", "effect-negated")
    assert base_expert.ask(q).value == "no"


def test_negation_effect_still_names_the_other_one(base_expert):
    q = ("My Baronne de Fleur's negation effect was negated by my opponent's Apollousa, Bow of the "
         "Goddess. Can that same Baronne activate its negation effect again this turn?")
    assert base_expert.parse(q)["effect"] == {"card": "Baronne de Fleur", "n": 2}


# -- a second copy Summoned after the first was negated: "it" is the second ------------------------

def test_second_copy_summoned_after_the_first_was_negated(base_expert):
    q = ("My first Knightmare Unicorn's effect was negated when I activated it. I Link Summon a "
         "second Knightmare Unicorn that turn. Can it use its effect?")
    used, = _used(base_expert.parse(q))
    assert (used["copy"], used["outcome"]) == ("another", "effect-negated")
    assert base_expert.ask(q).value == "no"


def test_second_copy_soft_limit_paraphrase(base_expert):
    q = ("My first Borreload Dragon's Quick Effect was negated when I activated it. I Link Summon a "
         "second Borreload Dragon that turn. Can it use its Quick Effect?")
    used, = _used(base_expert.parse(q))
    assert used["copy"] == "another"
    assert base_expert.ask(q).value == "yes"


def test_second_copy_summoned_before_the_use_is_the_same_card(base_expert):
    q = ("I Link Summon a second Borreload Dragon. My Borreload Dragon used its Quick Effect this "
         "turn. Can it use that effect again this turn?")
    used, = _used(base_expert.parse(q))
    assert used["copy"] == "same"
    assert base_expert.ask(q).value == "no"


# -- choosing a bullet: at activation or at resolution ---------------------------------------------

def test_wait_until_resolution_to_choose_a_bullet(base_expert):
    q = ("When I activate Lightning Storm, can I wait until it resolves to decide whether to "
         "destroy Attack Position monsters or Spells/Traps?")
    spec = base_expert.parse(q)
    assert (spec["family"], spec["verb"], spec["timing"]) == ("happens-at", "choose", "resolution")
    assert base_expert.ask(q).value == "no"


def test_choose_which_effect_when_activating(base_expert):
    q = "Do I choose which Triple Tactics Talent effect to use when I activate the card?"
    spec = base_expert.parse(q)
    assert (spec["family"], spec["verb"], spec["timing"]) == ("happens-at", "choose", "activation")
    assert base_expert.ask(q).value == "yes"


def test_choose_a_bullet_paraphrases(base_expert):
    q = "Do I choose which Dogmatika Encounter effect to use when I activate the card?"
    assert base_expert.ask(q).value == "yes"
    q = "Do I choose which effect of Lightning Storm to use when it resolves?"
    spec = base_expert.parse(q)
    assert spec["timing"] == "resolution"
    assert base_expert.ask(q).value == "no"


def test_choosing_needs_bullets_that_do_it(base_expert):
    with pytest.raises(QuestionError) as err:
        base_expert.parse("Do I choose which Raigeki effect to use when I activate the card?")
    assert "bullets" in str(err.value)
    with pytest.raises(QuestionError) as err:
        base_expert.parse("When I activate Lightning Storm, can I wait until it resolves to decide "
                          "whether to banish Attack Position monsters or Spells/Traps?")
    assert "banish" in str(err.value)


# -- topic H: what the player had when the effect was activated, and what changed ----------------

def test_requirement_to_resolve_no_monsters(base_expert):
    q = ("I activate Call of the Mummy's effect while I control no monsters, and in response I "
         "activate Emergency Teleport to Special Summon a Psychic monster. When Call of the "
         "Mummy's effect resolves, do I Special Summon my Zombie?")
    spec = base_expert.parse(q)
    assert spec == {"family": "resolves", "effect": {"card": "Call of the Mummy", "n": 1},
                    "suppose": [{"requirement_unmet": {}}]}
    assert base_expert.ask(q).value == "no"


def test_requirement_to_resolve_paraphrase_no_monsters(base_expert):
    q = ("I activate Summon Cloud's effect while I control no monsters, and in response I activate "
         "Emergency Teleport to Special Summon a Psychic monster. When Summon Cloud's effect "
         "resolves, do I Special Summon a monster?")
    assert base_expert.parse(q)["suppose"] == [{"requirement_unmet": {}}]
    assert base_expert.ask(q).value == "no"


def test_requirement_to_resolve_the_controlled_card_destroyed(base_expert):
    q = ("I activate Court of Justice's effect while controlling a Level 1 Fairy, and my opponent "
         "destroys that Fairy in response. Do I still Special Summon the Fairy from my hand?")
    assert base_expert.parse(q)["suppose"] == [{"requirement_unmet": {}}]
    assert base_expert.ask(q).value == "no"
    para = ("I activate Quillbolt Hedgehog's effect while controlling a Tuner monster, and my "
            "opponent destroys that monster in response. Do I still Special Summon it?")
    assert base_expert.ask(para).value == "no"


def test_requirement_to_resolve_counted(base_expert):
    q = ("I activate Crystal Beacon with exactly 2 Crystal Beast cards in my Spell & Trap Zone, "
         "and my opponent destroys one with Twin Twisters in response. Do I Special Summon a "
         "Crystal Beast from my Deck?")
    assert base_expert.parse(q)["suppose"] == [{"requirement_unmet": {}}]
    assert base_expert.ask(q).value == "no"
    q = ("I activate Battlestorm's effect with exactly 3 Winged Beast monsters, and my opponent "
         "removes one of them in response. Is the targeted Spell/Trap destroyed?")
    spec = base_expert.parse(q)
    assert spec["family"] == "resolves" and spec["suppose"] == [{"requirement_unmet": {}}]
    assert base_expert.ask(q).value == "no"


def test_requirement_still_met_is_not_answered_no(base_expert):
    # three, one destroyed: two are left, and two are enough
    with pytest.raises(QuestionError) as err:
        base_expert.parse("I activate Crystal Beacon with exactly 3 Crystal Beast cards in my "
                          "Spell & Trap Zone, and my opponent destroys one with Twin Twisters in "
                          "response. Do I Special Summon a Crystal Beast from my Deck?")
    assert "still holds" in str(err.value)


def test_a_state_that_could_not_activate_the_effect_is_refused(base_expert):
    with pytest.raises(QuestionError) as err:
        base_expert.parse("I activate Crystal Beacon with exactly 1 Crystal Beast card in my "
                          "Spell & Trap Zone, and my opponent destroys one with Twin Twisters in "
                          "response. Do I Special Summon a Crystal Beast from my Deck?")
    assert "could not be activated" in str(err.value)


def test_a_state_the_card_does_not_ask_about_is_refused(base_expert):
    with pytest.raises(QuestionError) as err:
        base_expert.parse("I activate Crystal Beacon with exactly 2 Fairy monsters in my GY, and "
                          "my opponent destroys one with Twin Twisters in response. Do I Special "
                          "Summon a Crystal Beast from my Deck?")
    assert "states no condition" in str(err.value)


def test_activation_condition_not_checked_again(base_expert):
    q = ("I activate Lightning Storm while I control no face-up cards, then chain my own Set Call "
         "of the Haunted, so when Lightning Storm resolves I control a face-up card. Does "
         "Lightning Storm still destroy my opponent's cards?")
    spec = base_expert.parse(q)
    assert spec["family"] == "resolves"
    acts = [e for e in spec["situation"] if e["kind"] == "activate"]
    assert [a["effect"]["card"] for a in acts] == ["Lightning Storm", "Call of the Haunted"]
    assert acts[1]["from"] == "set" and acts[1]["respond"] == "a1"
    assert base_expert.ask(q).value == "yes"


def test_activation_condition_summon_in_response(base_expert):
    q = ("I activate Sky Striker Mobilize - Engage! with no monsters in my Main Monster Zone, then "
         "chain Emergency Teleport to Special Summon a Psychic monster. Does Engage! still add a "
         "card when it resolves?")
    spec = base_expert.parse(q)
    teleport = spec["situation"][1]
    assert teleport["does"][0]["action"] == "summoned"
    assert base_expert.ask(q).value == "yes"
    para = ("I activate Accellight while I control no monsters, then chain Emergency Teleport to "
            "Special Summon a Psychic monster. Does Accellight still Special Summon a monster when "
            "it resolves?")
    assert base_expert.ask(para).value == "yes"


def test_nothing_changed_is_refused(base_expert):
    with pytest.raises(QuestionError) as err:
        base_expert.parse("I activate Lightning Storm while I control no face-up cards. Does "
                          "Lightning Storm still destroy my opponent's cards?")
    assert "what changed" in str(err.value)


def test_a_part_the_card_does_not_do_is_refused(base_expert):
    with pytest.raises(QuestionError) as err:
        base_expert.parse("I activate Court of Justice's effect while controlling a Level 1 Fairy, "
                          "and my opponent destroys that Fairy in response. Do I still draw a card?")
    assert "draw" in str(err.value)
