"""ATK/DEF (and Attribute) changes after their card is negated or gone, and replacements, on invented
cards (the real-card cases are tests/fixtures/questions/counters_stats.yaml):
game-rules#lingering-effects.2, .3, .10, .11, #counters-and-stats.14, #replacement-and-negation.1, and
the reader's facts these rules use."""

import pytest

from psct_expert.cards import Card
from psct_expert.reader import read_card

CARDS = [
    Card(name="Example Rally", kind="spell", subtypes=("quick-play",),
         text="Target 1 face-up monster on the field; it gains 900 ATK until the end of this turn."),
    Card(name="Example Pennant", kind="spell", subtypes=("continuous",),
         text="All monsters you control gain 300 ATK."),
    Card(name="Example Berserker", kind="monster", subtypes=("effect",), level=6, atk=2200, def_=1000,
         attribute="FIRE", race="Warrior",
         text="Once per turn: You can discard 1 card; this card gains 1000 ATK until the end of this turn."),
    Card(name="Example Herald", kind="monster", subtypes=("effect",), level=4, atk=1500, def_=1200,
         attribute="LIGHT", race="Fairy",
         text="Once per turn: You can target 1 other face-up monster you control; it gains 600 ATK."),
    Card(name="Example Eclipse", kind="monster", subtypes=("effect",), level=4, atk=1400, def_=1400,
         attribute="DARK", race="Fiend",
         text="All face-up monsters your opponent controls become DARK."),
    Card(name="Example Salamander", kind="monster", subtypes=("effect",), level=4, atk=1800, def_=600,
         attribute="FIRE", race="Pyro",
         text="If this card would be destroyed by a card effect, you can banish 1 FIRE monster from your "
              "GY instead."),
    Card(name="Example Phoenix", kind="monster", subtypes=("effect",), level=4, atk=1600, def_=1000,
         attribute="FIRE", race="Winged Beast",
         text="If this card is destroyed by a card effect: You can banish 1 FIRE monster from your GY; "
              "Special Summon this card."),
    Card(name="Example Strike", kind="trap", subtypes=("counter",),
         text="When a monster effect is activated: Pay 1500 LP; negate the activation, and if you do, "
              "destroy that card."),
    Card(name="Example Toll", kind="spell", subtypes=("normal",), text="Draw 2 cards, then you lose 1000 LP."),
    Card(name="Example Fireball", kind="spell", subtypes=("normal",), text="Inflict 800 damage to your opponent."),
    Card(name="Example Pit", kind="trap", subtypes=("normal",),
         text="Target 1 monster on the field; destroy that target."),
    Card(name="Example Torrent", kind="trap", subtypes=("normal",),
         text="When a monster is Summoned: Destroy all monsters on the field."),
    Card(name="Example Offering", kind="spell", subtypes=("quick-play",),
         text="Tribute 1 monster; draw 2 cards."),
    Card(name="Example Primal", kind="monster", subtypes=("effect",), level=11, atk=3000, def_=600,
         attribute="LIGHT", race="Rock",
         text="During the Main Phase (Quick Effect): You can Tribute as many face-up monsters on the field "
              "as possible, and if you do, Special Summon this card from your hand."),
    Card(name="Example Aegis", kind="monster", subtypes=("effect",), level=4, atk=1500, def_=1600,
         attribute="EARTH", race="Warrior",
         text="Unaffected by Trap effects. Your opponent cannot target this card with card effects."),
    Card(name="Example Bond", kind="monster", subtypes=("effect",), level=4, atk=1200, def_=1200,
         attribute="WIND", race="Warrior",
         text="Once per turn: You can target 1 face-up monster you control; while this card is face-up on "
              "the field, that target gains 500 ATK."),
    Card(name="Example Scholar", kind="monster", subtypes=("effect",), level=4, atk=1200, def_=1600,
         attribute="LIGHT", race="Spellcaster",
         text="Each time a Spell Card is activated, place 1 Spell Counter on this card when that Spell "
              "resolves. You can remove 2 Spell Counters from this card; draw 1 card."),
]


@pytest.fixture(scope="module")
def expert(base_expert):
    return base_expert.with_cards(CARDS)


@pytest.mark.parametrize("question, answer", [
    # a resolved effect's change to another card lingers (game-rules#lingering-effects.2)
    ("Does my monster keep the 900 ATK from Example Rally if Example Rally leaves the field?", "yes"),
    ("Does my monster keep the ATK from Example Herald if Example Herald's effects are negated?", "yes"),
    ("Does my monster keep the ATK from Example Herald if Example Herald is destroyed?", "yes"),
    # near miss: a gain written to last only while its card stays is no lingering result
    ("Does my monster keep the ATK from Example Bond if Example Bond is destroyed?", "unknown"),
    # near miss: its activation was negated (told in the story)
    ("I activate Example Rally targeting my monster and my opponent negates the activation with Magic "
     "Jammer. Does my monster keep the ATK from Example Rally if Example Rally is sent to the GY?", "no"),
    # a monster's change to itself ends when its effects are negated (game-rules#lingering-effects.3)
    ("Does Example Berserker keep the ATK it gained if its effects are negated?", "no"),
    ("Does Example Berserker keep the 1000 ATK if Example Berserker's effects are negated by Effect Veiler?",
     "no"),
    # near miss: turned face-down, no rule of these says (left open)
    ("Does Example Berserker keep the ATK it gained if it is flipped face-down?", "unknown"),
    # a Continuous Effect's change stops with it (game-rules#lingering-effects.10, .11)
    ("Do my monsters keep the ATK from Example Pennant if Example Pennant is destroyed?", "no"),
    ("If Example Pennant is flipped face-down, do my monsters keep the ATK?", "no"),
    # an Attribute change by a Continuous Effect (game-rules#counters-and-stats.14)
    ("Does my opponent's monster keep the new Attribute from Example Eclipse if Example Eclipse's "
     "effects are negated?", "no"),
    # a replacement is no activation (game-rules#replacement-and-negation.1); near miss: an activated one
    ("Can Example Strike negate the activation of the first effect of Example Salamander?", "no"),
    ("Can Example Strike negate the activation of the first effect of Example Phoenix?", "yes"),
    ("Does the first effect of Example Salamander start a Chain?", "no"),
    # LP paid as a cost, or lost, is not damage (game-rules#counters-and-stats.8); near miss: damage
    # an effect inflicts is (game-rules#counters-and-stats.9)
    ("Is paying 1500 LP for Example Strike damage?", "no"),
    ("Do I take damage when I lose LP from Example Toll?", "no"),
    ("Is the damage from Example Fireball effect damage?", "yes"),
    # counters leave with their card or when it is turned face-down (game-rules#counters-and-stats.7);
    # near miss: its effects negated
    ("Does Example Scholar keep its Spell Counters if it is flipped face-down?", "no"),
    ("Do the Spell Counters on Example Scholar stay if Example Scholar is banished?", "no"),
    ("Does Example Scholar keep its counters if its effects are negated?", "yes"),
    # "unaffected" (game-rules#replacement-and-negation.8, .9): still a target, still pays a cost, but
    # the effect does nothing to it; near misses: another kind of effect, a Tribute at resolution
    ("Can Example Pit target a monster that is unaffected by Trap effects?", "yes"),
    ("Does Example Torrent destroy a monster that is unaffected by Trap effects?", "no"),
    ("Does Example Torrent destroy a monster that is unaffected by Spell effects?", "unknown"),
    ("Can I Tribute a monster that is unaffected by card effects to activate Example Offering?", "yes"),
    ("Can Example Primal tribute a monster that is unaffected by card effects?", "no"),
    ("Can Example Primal tribute a monster that is unaffected by Spell effects?", "unknown"),
])
def test_invented_cards(expert, question, answer):
    assert expert.ask(question).value == answer, question


def test_what_the_question_becomes(expert):
    spec = expert.parse("Does Example Berserker keep the ATK it gained if its effects are negated?")
    assert (spec["family"], spec["effect"], spec["part"]) == (
        "change-kept", {"card": "Example Berserker", "n": 1}, 1)
    assert (spec["holder"], spec["after"], spec["applied"]) == ("self", "negated", "yes")
    spec = expert.parse("Does the ATK from Example Rally still apply if Example Rally leaves the field?")
    assert (spec["holder"], spec["after"], spec["applied"]) == ("other", "left-field", "unknown")


def test_the_change_is_named(expert):
    """A card whose change is only to itself is refused when asked of another card, and the other way."""
    from psct_expert.errors import QuestionError
    with pytest.raises(QuestionError, match="of another card"):
        expert.parse("Does my monster keep the ATK from Example Berserker if Example Berserker is destroyed?")
    with pytest.raises(QuestionError, match="of itself"):
        expert.parse("Does Example Herald keep the ATK if its effects are negated?")


def test_unaffected_and_untargetable_is_refused(expert):
    """A card that also cannot be targeted is a can-target question: never answered yes here."""
    from psct_expert.errors import QuestionError
    with pytest.raises(QuestionError, match="also cannot be targeted"):
        expert.parse("Can Example Pit target Example Aegis, which is unaffected by Trap effects?")


def test_bad_spec_is_a_clear_error(expert):
    from psct_expert.errors import QuestionError
    spec = {"family": "change-kept", "effect": {"card": "Example Rally"}, "part": 1, "holder": "me",
            "after": "negated"}
    with pytest.raises(QuestionError, match="'holder' is self"):
        expert.ask_spec(spec)
    spec = {**spec, "holder": "other", "after": "exploded"}
    with pytest.raises(QuestionError, match="'after' is negated"):
        expert.ask_spec(spec)
    spec = {"family": "unaffected-target", "effect": {"card": "Example Pit"}, "scope": "everything"}
    with pytest.raises(QuestionError, match="'scope'"):
        expert.ask_spec(spec)


def test_reader_facts_for_these_rules():
    card = {c.name: c for c in CARDS}

    def facts(name, type_):
        return [(f.get("effect"), f.get("n")) for f in read_card(card[name]).facts if f.type == type_]

    assert facts("Example Berserker", "stat_change_self") == [("Example Berserker#1", 1)]
    assert facts("Example Herald", "stat_change") == [("Example Herald#1", 1)]
    assert facts("Example Herald", "stat_change_self") == []          # "it gains": the target
    assert facts("Example Eclipse", "property_change") == [("Example Eclipse#1", 1)]
    assert facts("Example Pennant", "property_change") == []
    assert facts("Example Bond", "change_while_card") == [("Example Bond#1", 1)]
    assert facts("Example Herald", "change_while_card") == []
    assert facts("Example Salamander", "replacement") == [("Example Salamander#1", None)]
    assert facts("Example Phoenix", "replacement") == []              # activated (":" and ";")
    assert facts("Example Scholar", "places_counters") == [("Example Scholar#1", 1)]
    assert facts("Example Rally", "places_counters") == []
    assert [f.get("effect") for f in read_card(card["Example Strike"]).facts if f.type == "lp_payment"] == [
        "Example Strike#1"]
    assert facts("Example Toll", "lp_loss") == [("Example Toll#1", 2)]
    assert facts("Example Toll", "effect_damage") == []
    assert facts("Example Fireball", "effect_damage") == [("Example Fireball#1", 1)]
    assert facts("Example Fireball", "lp_loss") == []
    quote = [f.source.quote for f in read_card(card["Example Salamander"]).facts if f.type == "replacement"]
    assert quote and quote[0].startswith("would be destroyed") and quote[0].endswith("instead")


def test_what_would_change_it(expert):
    """The counters' and the own change's what-if variations flip the answer; a Quick-Play Spell's
    lingering gain has none of them (its near miss)."""
    from psct_expert.whatif import what_if

    def variations(question):
        return {w.variation: w.answer for w in what_if(expert, expert.ask(question))}

    assert variations("Does Example Scholar keep its Spell Counters if it is flipped face-down?")[
        "counters-only-negated"] == "yes"
    assert variations("Does Example Scholar keep its counters if its effects are negated?")[
        "counters-left-field"] == "no"
    assert variations("Does Example Berserker keep the ATK it gained if its effects are negated?")[
        "change-to-another-card"] == "yes"
    found = variations("Does my monster keep the 900 ATK from Example Rally if Example Rally leaves the field?")
    assert not {"counters-only-negated", "counters-left-field", "change-to-another-card"} & set(found)
