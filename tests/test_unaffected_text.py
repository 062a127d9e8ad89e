"""A card made unaffected, read from its text (reader fact ``unaffected``) and used in a told Chain
(issue 23; game-rules#replacement-and-negation.8, #chain.3): a link chained after an effect resolves
first, and when it made that effect's target unaffected by effects of the effect's kind, the effect
does nothing to it.  The readings are tests/fixtures/readings/unaffected.yaml (run here); the same
questions on real cards are cases of tests/fixtures/questions/unaffected.yaml."""

import pytest

from psct_expert.errors import QuestionError

from question_helpers import check_reading, count_reading, readings


@pytest.mark.parametrize("case", readings("unaffected"))
def test_reading(case):
    """A reading of an invented card in tests/fixtures/readings/unaffected.yaml."""
    wanted = count_reading(case)
    assert wanted > 0, "a reading case that checks nothing"
    assert check_reading(case) == wanted, "a check the case names was not made"


CARDS = {
    "Example Offering": ("spell", ("quick-play",), "Target 1 face-up monster on the field; destroy "
                         "that target."),
    "Example Lance": ("spell", ("quick-play",), "Target 1 face-up monster on the field; until the end "
                      "of this turn, that target loses 800 ATK, but is unaffected by the effects of "
                      "other Spells/Traps."),
    "Example Striker": ("monster", ("effect",), "During either player's turn (Quick Effect): You can "
                        "target 1 face-up monster on the field; destroy that target."),
    "Example Mirror": ("trap", ("normal",), "Target 1 face-up monster on the field; destroy that "
                       "target."),
    "Example Shelter": ("trap", ("normal",), "Target 1 face-up monster on the field; until the end of "
                        "this turn, it is unaffected by your opponent's card effects."),
    "Example Screen": ("trap", ("normal",), "Target 1 face-up monster on the field; until the end of "
                       "this turn, it is unaffected by the effects of Xyz Monsters."),
    "Example Jammer": ("trap", ("counter",), "When a Spell Card is activated: Discard 1 card; negate "
                       "the activation, and if you do, destroy it."),
    "Example Wildheart": ("monster", ("effect",), "Unaffected by Trap effects."),
    "Example Thanatos": ("monster", ("effect",), "Once per turn (Quick Effect): You can discard 1 card; "
                         "this face-up card is unaffected by other card effects this turn."),
    "Example Cutter": ("trap", ("normal",), "Target 1 monster on the field; destroy that target."),
}


@pytest.fixture(scope="module")
def expert(base_expert):
    from psct_expert.cards import Card

    return base_expert.with_cards(Card(name=n, kind=k, subtypes=s, text=t)
                                  for n, (k, s, t) in CARDS.items())


def story(first: str, response: str, me: str = "I", them: str = "They", more: str = "") -> str:
    return (f"{me} activate {first} targeting my opponent's face-up monster. "
            f"{them} chain {response} on that monster. {more}Is it destroyed by {first}?")


@pytest.mark.parametrize("first, response, answer", [
    ("Example Offering", "Example Lance", "no"),          # a Spell, unaffected by other Spells/Traps
    ("Example Mirror", "Example Lance", "no"),            # a Trap too
    ("Example Striker's effect", "Example Lance", "yes"),   # a monster effect: still affected
    ("Example Offering", "Example Screen", "unknown"),    # only some monsters' effects: no rule reads it
])
def test_a_link_chained_after_it_made_its_target_unaffected(expert, first, response, answer):
    q = story(first, response)
    asked = first.replace("'s effect", "")
    assert expert.ask(q.replace(f"destroyed by {first}", f"destroyed by {asked}")).value == answer


def test_the_link_that_resolved_first_is_a_supposition(expert):
    spec = expert.parse(story("Example Offering", "Example Lance"))
    (link,) = [s["resolved_before"] for s in spec["suppose"] if "resolved_before" in s]
    assert link == {"target": "my opponent's face-up monster", "effect": "Example Lance#1",
                    "card": "Example Lance", "via": "target", "players": "different",
                    "negated": "no"}
    answer = expert.ask(story("Example Offering", "Example Lance"))
    assert "unaffected-target-not-affected" in answer.rules()
    assert "game-rules#replacement-and-negation.8" in answer.citations()


def test_unaffected_by_the_opponents_effects_only(expert):
    # "your opponent's card effects": the opponent of the player who activated it
    theirs = story("Example Offering", "Example Shelter")                 # they made it unaffected
    mine = story("Example Offering", "Example Shelter", them="I")          # I did: my Spell still works
    assert expert.ask(theirs).value == "no"
    assert expert.ask(mine).value == "yes"


@pytest.mark.slow
def test_a_negated_link_made_it_nothing(expert):
    q = story("Example Offering", "Example Lance", more="I chain Example Jammer to negate it. ")
    spec = expert.parse(q)
    assert [s["resolved_before"]["negated"] for s in spec["suppose"] if "resolved_before" in s] == ["yes"]
    assert expert.ask(q).value == "unknown"


@pytest.mark.slow
def test_a_link_that_answers_the_unaffecting_link_leaves_it_open(expert):
    # something chained to Example Lance whose doing is not told: Lance may not have applied
    q = story("Example Offering", "Example Lance", more="I chain Example Mirror to it. ")
    spec = expert.parse(q)
    assert [s["resolved_before"]["negated"] for s in spec["suppose"] if "resolved_before" in s] \
        == ["unknown"]
    assert expert.ask(q).value == "unknown"


def test_a_resolved_before_supposition_must_name_an_effect_of_its_card(expert):
    spec = {"family": "affected", "effect": {"card": "Example Offering", "n": 1},
            "target": "m1", "part": "destroy",
            "suppose": [{"targeted": {"target": "m1", "slot": 1}},
                        {"resolved_before": {"target": "m1", "effect": "Example Lance#7",
                                             "card": "Example Lance", "via": "target",
                                             "players": "different", "negated": "no"}}]}
    with pytest.raises(QuestionError, match="names no effect"):
        expert.ask_spec(spec)
    spec["suppose"][1]["resolved_before"].update(effect="Example Lance#1", via="beside")
    with pytest.raises(QuestionError, match="'via'"):
        expert.ask_spec(spec)
    spec["suppose"][1]["resolved_before"]["via"] = "target"
    assert expert.ask_spec(spec).value == "no"


@pytest.mark.parametrize("first, monster, answer", [
    ("Example Mirror", "Example Wildheart", "no"),       # a Trap against its own "Unaffected by Traps"
    ("Example Offering", "Example Wildheart", "unknown"),  # a Spell: its text does not cover it
    ("Example Cutter", "Example Wildheart", "unknown"),   # any monster: it may be Set, its text then off
    ("Example Mirror", "Example Thanatos", "unknown"),    # unaffected only once its effect resolves
])
def test_a_target_whose_own_text_makes_it_unaffected(expert, first, monster, answer):
    q = f"I activate {first} targeting my opponent's {monster}. Is it destroyed by {first}?"
    assert expert.ask(q).value == answer
