"""Questions about told Chains (topics J and K of the real rulings): missing the timing, the
Damage Step, what a link did, whether a link still resolves, whether a chained effect was negated.

For each form: the real ruling's wording, a paraphrase on other cards that reaches the right
spec and answer, and a near miss that is refused or answered differently.  The questions of one
shape are cases in tests/fixtures/questions/timing_chains.yaml; here, checks a case cannot say."""

import pytest

from question_helpers import ask, events


# -- a link whose card was removed in response: does it still resolve? ---------------------------

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
