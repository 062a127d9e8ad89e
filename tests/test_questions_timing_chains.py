"""Questions about told Chains (topics J and K of the real rulings): missing the timing, the
Damage Step, what a link did, whether a link still resolves, whether a chained effect was negated.

For each form: the real ruling's wording, a paraphrase on other cards that reaches the right
spec and answer, and a near miss that is refused or answered differently."""

import pytest

from question_helpers import cases, check_case, ask, events


@pytest.mark.parametrize("case", cases("timing_chains"))
def test_question(base_expert, case):
    """A case of tests/fixtures/questions/timing_chains.yaml."""
    check_case(base_expert, case)


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


# -- "nobody responds", "it Special Summons / destroys ..." --------------------------------------


def test_it_destroys_my_card_and_the_purpose_is_the_effects_own(base_expert):
    spec, value = ask(base_expert, "My opponent activates Dark Hole, nobody responds, and it destroys my "
                                   "Bixi, Water of the Yang Zing. Can I activate Bixi's effect to Special "
                                   "Summon a Yang Zing monster?")
    (act,) = events(spec, "activate")
    assert act["does"][0] == {"action": "destroyed", "id": spec["event"],
                              "what": "Bixi, Water of the Yang Zing"}
    assert "also_needs" not in spec and value == "yes"


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


