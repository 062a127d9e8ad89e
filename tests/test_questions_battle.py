"""The game the guides leave out, on invented cards (the real-card cases are
tests/fixtures/questions/battle.yaml): the Damage Step and its parts (game-rules#damage-step),
Tribute Summons by Level and the turn's Normal Summon (game-rules#summon-procedures.1, .3), a
monster attacking again or directly, replays (game-rules#battle.3, .5, .6, .9), lingering
restrictions (game-rules#lingering-effects.2, .5), and the reader's facts these rules use."""

import pytest

from psct_expert.cards import Card
from psct_expert.reader import read_card

CARDS = [
    Card(name="Example Lancer", kind="spell", subtypes=("quick-play",),
         text="Target 1 face-up monster on the field; it loses 600 ATK until the end of this turn."),
    Card(name="Example Glacier", kind="monster", subtypes=("effect",), level=8, atk=3000, def_=2500,
         attribute="WATER", race="Dragon",
         text="Once per turn (Quick Effect): You can discard 1 card; banish 1 monster on the field."),
    Card(name="Example Gust", kind="spell", subtypes=("quick-play",),
         text="Target 1 Spell/Trap on the field; destroy it."),
    Card(name="Example Titan", kind="monster", subtypes=("effect",), level=7, atk=2600, def_=2000,
         attribute="EARTH", race="Rock",
         text="If this card destroys a monster by battle: You can draw 1 card."),
    Card(name="Example Vassal", kind="monster", subtypes=("effect",), level=6, atk=2400, def_=1000,
         attribute="DARK", race="Fiend",
         text="You can Normal Summon this card without Tributing. If you do, its original ATK becomes 1800."),
    Card(name="Example Duelist", kind="monster", subtypes=("effect",), level=4, atk=1700, def_=1000,
         attribute="WIND", race="Warrior",
         text="This card can make a second attack during each Battle Phase."),
    Card(name="Example Warden", kind="monster", subtypes=("effect",), level=4, atk=1600, def_=1200,
         attribute="LIGHT", race="Warrior",
         text="(Quick Effect): You can target 1 card on the field; banish it, also for the rest of this turn, "
              "you cannot Special Summon monsters from the Extra Deck."),
    Card(name="Example Phantom", kind="monster", subtypes=("effect",), level=3, atk=1000, def_=1000,
         attribute="DARK", race="Fiend", text="This card can attack directly."),
    Card(name="Example Burrower", kind="monster", subtypes=("flip", "effect"), level=2, atk=500, def_=700,
         attribute="EARTH", race="Insect", text="FLIP: Target 1 card on the field; destroy it."),
    Card(name="Example Swordsman", kind="monster", subtypes=("effect",), level=4, atk=1800, def_=800,
         attribute="FIRE", race="Warrior",
         text="If this card destroys a monster by battle: You can draw 1 card."),
]


@pytest.fixture(scope="module")
def expert(base_expert):
    return base_expert.with_cards(CARDS)


@pytest.mark.parametrize("question, answer", [
    # a part that changes ATK itself: allowed in the Damage Step, up to before damage calculation
    ("Can I activate Example Lancer during the Damage Step?", "yes"),
    ("Can I activate Example Lancer in the Damage Step, before damage calculation?", "yes"),
    ("Can I use Example Lancer during the Damage Step to lower the attacker's ATK?", "yes"),
    # near misses: from damage calculation on, or a card that changes no ATK
    ("Can Example Glacier banish the monster it's battling during the Damage Step?", "no"),
    ("Can I activate Example Lancer during damage calculation?", "no"),
    ("Can I activate Example Lancer after damage calculation?", "no"),
    ("Can I activate Example Gust during the Damage Step?", "no"),
    ("Can I use Example Gust during the Damage Step to lower the attacker's ATK?", "no"),
    # Tributes by Level
    ("Can I Tribute Summon Example Titan by Tributing Example Swordsman and Example Duelist?", "yes"),
    ("Can I Tribute Summon Example Titan by Tributing Example Swordsman?", "no"),
    ("Can Example Titan be Tribute Summoned with 2 Tributes?", "yes"),
    ("Can I Normal Summon Example Swordsman without Tributing?", "yes"),
    ("Can I Tribute Summon Example Titan by Tributing Example Gust and Example Duelist?", "no"),
    # near miss: its own text says how it is Summoned
    ("Can I Normal Summon Example Vassal without Tributing?", "unknown"),
    # a Normal Summon used up, even when negated (Example Titan needs 2 Tributes)
    ("My opponent negates my Tribute Summon of Example Titan with Solemn Judgment. "
     "Can I Normal Summon again this turn?", "no"),
    ("My opponent negates my Xyz Summon of Number 39: Utopia with Solemn Judgment. "
     "Can I Normal Summon again this turn?", "unknown"),
    # a restriction applied at resolution lingers; a negated effect applies none
    ("I activate Example Warden and the Chain resolves. Example Warden is destroyed. "
     "Does the restriction of Example Warden still apply?", "yes"),
    ("I activate Example Warden and my opponent negates the effect with Infinite Impermanence. "
     "Does Example Warden's restriction still apply?", "no"),
    ("I activate Example Warden. Does Example Warden's restriction apply?", "unknown"),
    # a direct attack while the opponent controls a monster
    ("My opponent controls a face-down monster. Can my Example Swordsman attack directly?", "no"),
    ("My opponent controls a face-down monster. Can my Example Phantom attack directly?", "unknown"),
    # replays: a change on the attacked player's side in the Battle Step, not the attacker's side
    ("My opponent's monster attacks. I Special Summon Example Swordsman. Does a replay happen?", "yes"),
    ("My Example Swordsman attacks. I Special Summon Example Duelist. Is there a replay?", "no"),
    # a Flip effect of a monster destroyed by battle
    ("My face-down Example Burrower is attacked and destroyed by battle. Does its Flip effect activate?",
     "yes"),
    # told only the attack: the battle goes on, the attack flips it; a negated attack does not
    ("My face-down Example Burrower is attacked. Does its Flip effect activate?", "yes"),
    ("My face-down Example Burrower is attacked and my opponent negates the attack. "
     "Does its Flip effect activate?", "no"),
    # a monster that declared an attack
    ("My Example Swordsman attacks and my opponent negates the attack. "
     "Can Example Swordsman attack again this turn?", "no"),
    ("My Example Swordsman attacks. Can it attack again this turn?", "no"),
    ("My Example Duelist attacks and my opponent negates the attack. "
     "Can Example Duelist attack again this turn?", "unknown"),
])
def test_invented_cards(expert, question, answer):
    assert expert.ask(question).value == answer, question


def test_negated_attack_told(expert):
    spec = expert.parse("My Example Swordsman's attack is negated by Example Gust. Can it attack again?")
    attack = [e for e in spec["situation"] if e["kind"] == "attack"]
    assert attack and attack[0]["negated"] == "yes"
    assert spec["entities"][attack[0]["what"]]["card"] == "Example Swordsman"
    assert spec["attacker"] == attack[0]["what"]


def test_second_attack_granted_in_the_story(expert):
    """A card told in the situation that lets a monster attack again leaves it open."""
    extra = Card(name="Example Frenzy", kind="spell", subtypes=("quick-play",),
                 text="Target 1 monster you control; it can make a second attack during this Battle Phase.")
    e = expert.with_cards([extra])
    asked = ("My Example Swordsman attacks. I activate Example Frenzy targeting it. "
             "Can Example Swordsman attack again this turn?")
    assert e.ask(asked).value == "unknown"


def test_another_normal_summon_granted(expert):
    """A told card that grants another Normal Summon leaves it open; the reader finds it."""
    extra = Card(name="Example Encore", kind="spell", subtypes=("normal",),
                 text="This turn, you can conduct 1 Normal Summon in addition to your Normal Summon/Set.")
    assert [f.type for f in read_card(extra).facts if f.type == "extra_normal_summon"] == [
        "extra_normal_summon"]
    e = expert.with_cards([extra])
    asked = "I Normal Summon Example Swordsman. I activate Example Encore. Can I Normal Summon again this turn?"
    assert e.ask(asked).value == "unknown"
    assert e.ask("I Normal Summon Example Swordsman. Can I Normal Summon again this turn?").value == "no"


def test_tribute_restated(expert):
    a = expert.ask("Can I Tribute Summon Example Titan by Tributing Example Swordsman?")
    assert "Example Titan" in a.restated and "1 monster" in a.restated


def test_reader_facts_for_these_rules():
    card = {c.name: c for c in CARDS}
    lancer = read_card(card["Example Lancer"]).facts
    assert [(f.get("effect"), f.get("n")) for f in lancer if f.type == "stat_change"] == [
        ("Example Lancer#1", 1)]
    assert not [f for f in read_card(card["Example Gust"]).facts if f.type == "stat_change"]
    titan = read_card(card["Example Titan"]).facts
    assert [f.get("level") for f in titan if f.type == "card_level"] == [7]
    assert not [f for f in titan if f.type in ("own_summon_text", "extra_attacks")]
    assert [f.source.quote for f in read_card(card["Example Vassal"]).facts
            if f.type == "own_summon_text"] == ["Normal Summon"]
    assert [f.type for f in read_card(card["Example Duelist"]).facts
            if f.type == "extra_attacks"] == ["extra_attacks"]
    assert [f.get("condition") for f in read_card(Card(
        name="Example Armor", kind="trap", subtypes=("normal",),
        text="When an opponent's monster declares an attack: Target the attacking monster; destroy that target.")
    ).facts if f.type == "target_condition"] == ["monster", "attacking"]
