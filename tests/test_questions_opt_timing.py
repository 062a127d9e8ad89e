"""Questions of topics I and J of the real rulings (once per turn/Chain/Duel, missing the timing,
the Damage Step) that need forms of their own.

For each form: the real ruling's wording, a paraphrase on other cards that reaches the right
spec and answer, and a near miss that is refused or answered differently."""

import pytest

from psct_expert.cards import Card
from psct_expert.errors import QuestionError
from psct_expert.reader import read_card

from question_helpers import ask, events


# -- "its effect that targets up to 2 cards on the field": an effect chosen by what it targets ---

def test_effect_chosen_by_what_it_targets(base_expert):
    spec, value = ask(base_expert, "I Contact Fusion Summon Gladiator Beast Gyzarus. Can I activate its "
                                   "effect that targets up to 2 cards on the field?")
    assert spec["effect"] == {"card": "Gladiator Beast Gyzarus", "n": 2}
    assert events(spec, "summon")[0]["summon-kind"] == "procedure"
    assert value == "yes"


def test_effect_chosen_by_what_it_targets_paraphrase(base_expert):
    spec, value = ask(base_expert, "I Normal Summon Amazement Ambassador Bufo. Can I activate its effect "
                                   "that targets a Trap in my GY?")
    assert spec["effect"] == {"card": "Amazement Ambassador Bufo", "n": 1}
    assert value == "yes"


@pytest.mark.parametrize("text", [
    # no effect of Gyzarus targets a card in the GY
    "I Contact Fusion Summon Gladiator Beast Gyzarus. Can I activate its effect that targets a monster in the GY?",
    # both of Bufo's effects target a monster: which one is not said
    "I Normal Summon Amazement Ambassador Bufo. Can I activate its effect that targets a monster?",
])
def test_effect_chosen_by_what_it_targets_near_miss(base_expert, text):
    with pytest.raises(QuestionError):
        base_expert.parse(text)


# -- "X negated the activation of my Y's effect. Can I use Y's effect again later in the Duel?" ---

def test_once_per_duel_negated_activation_still_counts(base_expert):
    spec, value = ask(base_expert, "Ghost Belle & Haunted Mansion negated the activation of my Blackwing - "
                                   "Zephyros the Elite's effect. Can I use Zephyros's effect again later "
                                   "in the Duel?")
    assert spec["family"] == "again-this-duel"
    (used,) = events(spec, "used")
    assert used["outcome"] == "activation-negated"
    assert value == "no"


def test_once_per_duel_activate_limit_paraphrase(base_expert):
    # "You can only activate 1 ... per Duel": a negated activation does not count
    spec, value = ask(base_expert, "Solemn Judgment negated the activation of my Exchange of the Spirit. "
                                   "Can I activate another Exchange of the Spirit later in the Duel?")
    assert spec["family"] == "again-this-duel"
    assert events(spec, "used")[0]["outcome"] == "activation-negated"
    assert value == "yes"


def test_later_in_the_duel_is_not_answered_for_a_once_per_turn_limit(base_expert):
    # a once-per-turn limit is not spent for the rest of the Duel: no rule answers it
    _spec, value = ask(base_expert, "Ash Blossom & Joyous Spring's activation was negated. Can I use Ash "
                                    "Blossom's effect again later in the Duel?")
    assert value == "unknown"


def test_this_turn_instead_of_the_duel_is_the_again_this_turn_question(base_expert):
    spec, value = ask(base_expert, "Ghost Belle & Haunted Mansion negated the activation of my Blackwing - "
                                   "Zephyros the Elite's effect. Can I use Zephyros's effect again this turn?")
    assert spec["family"] == "again-this-turn" and value == "no"


def test_which_copy_must_be_said_for_a_limit_on_one_copy(base_expert):
    # a plain "Once per turn" binds one copy: "Can I use it again?" does not say which copy
    with pytest.raises(QuestionError, match="same card again, or another copy"):
        base_expert.parse("My opponent negated the activation of my Baronne de Fleur's first effect. "
                          "Can I use Baronne de Fleur's first effect again this turn?")


# -- "X resolves and Special Summons itself, then Special Summons the Token to my field" --------

def test_summons_itself_then_a_token(base_expert):
    spec, value = ask(base_expert, "Nibiru, the Primal Being resolves and Special Summons itself, then "
                                   "Special Summons the Primal Being Token to my field. Can I then activate "
                                   "Bottomless Trap Hole to destroy Nibiru?")
    (act,) = events(spec, "activate")
    # the Token goes to my field, and Nibiru Summons it to its activator's opponent's field
    assert act["player"] == "opponent"
    first, then = act["does"]
    assert first["what"] == "Nibiru, the Primal Being" and "then" not in first
    assert then["then"] is True and spec["entities"][then["what"]]["controller"] == "you"
    assert spec["event"] == first["id"]
    assert value == "no"


def test_summons_itself_then_a_token_paraphrase(base_expert):
    spec, value = ask(base_expert, "My opponent's Epigonen, the Impersonation Invader resolves and Special "
                                   "Summons itself, then Special Summons the Epigonos Token. Can I then "
                                   "activate Bottomless Trap Hole to destroy Epigonen?")
    assert events(spec, "activate")[0]["does"][1]["then"] is True
    assert value == "no"


def test_summons_itself_without_a_later_step_is_not_no(base_expert):
    # Nibiru's own Summon is then the last thing to happen: the timing is not missed
    _spec, value = ask(base_expert, "Nibiru, the Primal Being resolves and Special Summons itself. Can I "
                                    "then activate Bottomless Trap Hole to destroy Nibiru?")
    assert value != "no"


def test_a_card_that_does_not_summon_itself_is_refused(base_expert):
    with pytest.raises(QuestionError, match="does not Special Summon"):
        base_expert.parse("My opponent's Dark Hole resolves and Special Summons itself. Can I then "
                          "activate Bottomless Trap Hole?")


# -- "My X (properly Contact Fusion Summoned earlier) is in my GY ... I chain Y to revive X" -----

GYZARUS = ("My Gladiator Beast Gyzarus (properly Contact Fusion Summoned earlier) is in my GY. My opponent "
           "activates Twin Twisters targeting two of my other Spells/Traps, and I chain Call of the Haunted "
           "to revive Gyzarus. After the Chain resolves, can I activate Gyzarus's 'When this card is "
           "Special Summoned' effect?")


def test_revived_mid_chain_misses_the_timing(base_expert):
    spec, value = ask(base_expert, GYZARUS)
    first, = events(spec, "summon")
    assert first["summon-kind"] == "procedure" and first["what"] == "Gladiator Beast Gyzarus"
    assert events(spec, "move")[0]["action"] == "left-field"
    assert spec["entities"]["Gladiator Beast Gyzarus"]["place"] == "gy"
    coth = events(spec, "activate")[1]
    (step,) = coth["does"]
    assert step["from"] == "gy" and step["what"] == "Gladiator Beast Gyzarus"
    assert spec["event"] == step["id"] and spec["effect"]["n"] == 2
    assert value == "no"


def test_revived_mid_chain_paraphrase(base_expert):
    spec, value = ask(base_expert, "My Armageddon Knight is in my GY. My opponent activates Twin Twisters "
                                   "targeting two of my Spells/Traps, and I chain Call of the Haunted to "
                                   "revive Armageddon Knight. After the Chain resolves, can I activate "
                                   "Armageddon Knight's effect?")
    assert not events(spec, "summon")
    assert value == "no"


def test_revived_as_chain_link_1_does_not_miss_the_timing(base_expert):
    _spec, value = ask(base_expert, "My Gladiator Beast Gyzarus (properly Contact Fusion Summoned earlier) "
                                    "is in my GY. I activate Call of the Haunted to revive Gyzarus. After Call "
                                    "of the Haunted resolves, can I activate Gyzarus's 'When this card is "
                                    "Special Summoned' effect?")
    assert value == "yes"


def test_a_summon_told_beside_the_field_is_refused(base_expert):
    with pytest.raises(QuestionError):
        base_expert.parse(GYZARUS.replace("is in my GY", "is on the field"))


# -- reader: "once per Duel"; "You can only use each effect of "X" once per turn" ----------------

def _facts(text, type_):
    c = Card(name="Example Card", kind="monster", subtypes=("effect",), text=text, pendulum_text=None)
    return [dict(f.fields) for f in read_card(c).facts if f.type == type_]


def test_reader_once_per_duel():
    text = ('If this card is in your GY: You can Special Summon this card. You can only use this effect '
            'of "Example Card" once per Duel.')
    assert _facts(text, "once_per_duel") == [{"effect": "Example Card#1"}]
    assert _facts(text.replace("per Duel", "per turn"), "once_per_duel") == []


def test_reader_each_effect_limit_reaches_every_effect():
    text = ('You can Tribute this card; draw 1 card. If this card is in your GY: You can Special Summon '
            'this card. You can only use each effect of "Example Card" once per turn.')
    assert {f["effect"] for f in _facts(text, "once_per_turn")} == {"Example Card#1", "Example Card#2"}
    assert {f["effect"] for f in _facts(text, "limit_each_effect")} == {"Example Card#1", "Example Card#2"}
    # near miss: "this effect" limits only the effect it ends
    one = text.replace("each effect", "this effect")
    assert {f["effect"] for f in _facts(one, "once_per_turn")} == {"Example Card#2"}
    assert _facts(one, "limit_each_effect") == []


# -- "I used X's Tribute effect. Can I still use X's effect that Special Summons it from the GY?" --

def test_each_effect_has_its_own_limit(base_expert):
    spec, value = ask(base_expert, "I used Sky Striker Ace - Raye's Tribute effect this turn. Can I still "
                                   "use Raye's effect that Special Summons it from the GY in the same turn?")
    assert spec["family"] == "again-this-turn"
    assert spec["effect"] == {"card": "Sky Striker Ace - Raye", "n": 2}
    assert events(spec, "used")[0]["effect"] == {"card": "Sky Striker Ace - Raye", "n": 1}
    assert value == "yes"


def test_each_effect_has_its_own_limit_paraphrase(base_expert):
    spec, value = ask(base_expert, "I used Aerial Eater's effect that sends a Fiend monster to the GY this "
                                   "turn. Can I still use Aerial Eater's effect that Special Summons it from "
                                   "the GY in the same turn?")
    assert spec["effect"]["n"] == 2 and events(spec, "used")[0]["effect"]["n"] == 1
    assert value == "yes"


def test_the_same_effect_again_is_spent(base_expert):
    _spec, value = ask(base_expert, "I already used Aerial Eater's second effect this turn. Can I still use "
                                    "Aerial Eater's second effect this turn?")
    assert value == "no"


def test_an_effect_that_summons_itself_from_where_it_is_not_is_refused(base_expert):
    with pytest.raises(QuestionError, match="no effect"):
        base_expert.parse("I used Sky Striker Ace - Raye's Tribute effect this turn. Can I still use Raye's "
                          "effect that Special Summons it from the banishment in the same turn?")


# -- "Can I activate X during the Damage Step to save my monster?"; a change of battle position ---

def test_reader_position_change():
    text = "Change all face-up monsters on the field to face-down Defense Position."
    c = Card(name="Example Card", kind="spell", subtypes=("quick-play",), text=text, pendulum_text=None)
    assert [dict(f.fields) for f in read_card(c).facts if f.type == "position_change"] == \
        [{"effect": "Example Card#1", "n": 1}]
    # near miss: a change of ATK is no change of position
    c = Card(name="Example Card", kind="spell", subtypes=("quick-play",),
             text="Target 1 face-up monster on the field; change its ATK to 0.", pendulum_text=None)
    assert not [f for f in read_card(c).facts if f.type == "position_change"]


def test_a_position_change_cannot_be_activated_in_the_damage_step(base_expert):
    spec, value = ask(base_expert, "Can I activate Book of Eclipse during the Damage Step to save my monster?")
    assert events(spec, "phase")[0]["phase"] == "damage-step"
    assert spec["also_needs"] == "whether it can save my monster"
    assert value == "no"


def test_a_position_change_paraphrase(base_expert):
    _spec, value = ask(base_expert, "Can I activate Book of Moon during the Damage Step?")
    assert value == "no"


def test_saving_a_monster_is_not_taken_for_granted_when_it_can_be_activated(base_expert):
    # Solemn Strike can be activated in the Damage Step; whether that saves a monster is not said
    assert ask(base_expert, "Can I activate Solemn Strike during the Damage Step?")[1] == "yes"
    spec, value = ask(base_expert, "Can I activate Solemn Strike during the Damage Step to save my "
                                   "monster?")
    assert "also_needs" in spec and value != "yes"


# -- "Can X negate a monster effect that my opponent activates during the Damage Step?" ----------

def test_negating_what_is_activated_in_the_damage_step(base_expert):
    spec, value = ask(base_expert, "Can Apollousa, Bow of the Goddess negate a monster effect that my "
                                   "opponent activates during the Damage Step?")
    assert spec["family"] == "can-activate-now"
    assert spec["effect"] == {"card": "Apollousa, Bow of the Goddess", "select": "only"}
    assert [e["kind"] for e in spec["situation"]] == ["phase", "activate"]
    (act,) = events(spec, "activate")
    assert act["effect"] == {"generic": "monster"} and act["player"] == "opponent"
    assert "and" not in spec          # negating a monster effect is what its own effect does
    assert value == "yes"


def test_negating_what_is_activated_paraphrase(base_expert):
    _spec, value = ask(base_expert, "Can Solemn Strike negate a monster effect that my opponent activates "
                                    "during the Damage Step?")
    assert value == "yes"


@pytest.mark.parametrize("text", [
    # Solemn Judgment negates only Spell/Trap activations
    "Can Solemn Judgment negate a monster effect that my opponent activates during the Damage Step?",
    # Apollousa answers only its controller's opponent
    "Can Apollousa, Bow of the Goddess negate a monster effect that I activate during the Damage Step?",
    # not an effect that can be activated in the Damage Step
    "Can Called by the Grave negate a monster effect that my opponent activates during the Damage Step?",
])
def test_negating_what_is_activated_near_miss(base_expert, text):
    spec, value = ask(base_expert, text)
    assert value != "yes"
