"""Questions about the parts of one effect and their conjunctions (topic G), asked in plain
English.

Each form: the real ruling's wording, a paraphrase on other cards, and a near miss that is
refused or understood differently."""

import pytest

from psct_expert.errors import QuestionError


# -- "so they control no face-up monsters when it resolves. Does the 'QUOTE' part still apply?" --

DRNM = ("I activate Dark Ruler No More and my opponent chains Book of Eclipse, so they control no "
        "face-up monsters when it resolves. ")


def test_also_part_applies_when_the_other_part_has_nothing_to_do(base_expert):
    q = DRNM + "Does the 'your opponent takes no damage' part still apply for the rest of the turn?"
    spec = base_expert.parse(q)
    assert (spec["family"], spec["part"], spec["suppose"]) == ("clause-done", 2, [{"fails": {"part": 1}}])
    assert base_expert.ask(q).value == "yes"


def test_also_part_paraphrase_on_another_card(base_expert):
    q = ("I activate Final Inzektion and my opponent chains Twin Twisters, so they control no cards "
         "when it resolves. Does the 'your opponent cannot activate monster effects' part still apply?")
    spec = base_expert.parse(q)
    assert (spec["effect"]["card"], spec["part"], spec["suppose"]) == \
        ("Final Inzektion", 2, [{"fails": {"part": 1}}])
    assert base_expert.ask(q).value == "yes"


@pytest.mark.parametrize("q", [
    # the player who controls none is not the one the part acts on
    "I activate Dark Ruler No More and my opponent chains Book of Eclipse, so I control no face-up "
    "monsters when it resolves. Does the 'your opponent takes no damage' part still apply?",
    # no part acts on Spells
    "I activate Dark Ruler No More and my opponent chains Book of Eclipse, so they control no Spells "
    "when it resolves. Does the 'your opponent takes no damage' part still apply?",
    # nothing told stops the other part
    "I activate Dark Ruler No More and my opponent chains Book of Eclipse. "
    "Does the 'your opponent takes no damage' part still apply?",
    # a part lasting only the Battle Phase is not 'for the rest of the turn'
    "I activate Final Inzektion and my opponent chains Twin Twisters, so they control no cards when it "
    "resolves. Does the 'your opponent cannot activate monster effects' part still apply for the rest "
    "of the turn?",
    # another question form does not read what the holding empties
    DRNM + "Can I activate Dark Ruler No More?",
])
def test_part_applies_near_misses_are_refused(base_expert, q):
    with pytest.raises(QuestionError):
        base_expert.parse(q)


# -- "Can I activate X with 0 cards in my Deck, just to make my opponent gain 1000 LP?" -----------

def test_first_part_impossible_with_an_empty_deck(base_expert):
    q = "Can I activate Upstart Goblin with 0 cards in my Deck, just to make my opponent gain 1000 LP?"
    spec = base_expert.parse(q)
    assert spec["cannot"] == ["draw"]
    assert spec["situation"] == [{"kind": "state", "player": "you", "place": "deck", "what": "card",
                                  "count": 0}]
    assert base_expert.ask(q).value == "no"


def test_first_part_impossible_paraphrase(base_expert):
    q = "Can I activate Allure of Darkness with 0 cards in my Deck?"
    assert base_expert.parse(q)["cannot"] == ["draw"]
    assert base_expert.ask(q).value == "no"


@pytest.mark.parametrize("q", [
    # enough cards: the told holding stops nothing
    "Can I activate Upstart Goblin with 3 cards in my Deck?",
    # Upstart Goblin does not make its controller gain LP
    "Can I activate Upstart Goblin with 0 cards in my Deck, just to make me gain 1000 LP?",
    "Can I activate Upstart Goblin with 0 cards in my Deck, just to make my opponent gain 500 LP?",
])
def test_first_part_near_misses_are_refused(base_expert, q):
    with pytest.raises(QuestionError):
        base_expert.parse(q)


def test_a_later_part_that_cannot_be_done_does_not_block(base_expert):
    # Pot of Greed has no part after "then": what one card in the Deck means is not settled here
    q = "Can I activate Pot of Greed with 1 card in my Deck?"
    assert base_expert.parse(q)["cannot"] == ["draw"]
    assert base_expert.ask(q).value != "yes"


# -- "My opponent negates the effect of X with Y. Can I still draw a card because ...?" ---------

ENGAGE = ("My opponent negates the effect of Sky Striker Mobilize - Engage! with Ash Blossom & "
          "Joyous Spring. ")


def test_negated_effect_part_after_then_not_done(base_expert):
    q = ENGAGE + "Can I still draw a card because I have 3 Spells in my GY?"
    spec = base_expert.parse(q)
    assert (spec["family"], spec["verb"]) == ("still-done", "draw")
    assert spec["situation"][-1] == {"kind": "state", "player": "you", "place": "gy", "what": "spell",
                                     "count": 3}
    assert any(e["kind"] == "negate" and e["what"] == "effect" for e in spec["situation"])
    assert base_expert.ask(q).value == "no"


def test_negated_effect_paraphrase(base_expert):
    q = ("My opponent negates the effect of Pot of Desires with Ash Blossom & Joyous Spring. "
         "Can I still draw 2 cards?")
    spec = base_expert.parse(q)
    assert (spec["family"], spec["effect"]["card"], spec["verb"]) == ("still-done", "Pot of Desires", "draw")
    assert base_expert.ask(q).value == "no"


@pytest.mark.parametrize("q", [
    ENGAGE + "Can I still draw a card because I have 2 Spells in my GY?",      # condition not met
    ENGAGE + "Can I still draw a card because I have 3 monsters in my GY?",    # no such condition
    ENGAGE + "Can my opponent still draw a card?",                             # not their effect
    ENGAGE + "Can I still draw 2 cards?",                                      # the part draws 1
    "My opponent negates the effect of Pot of Desires with Ash Blossom & Joyous Spring. "
    "Can I still draw 2 cards because I have 3 Spells in my GY?",
])
def test_negated_effect_near_misses_are_refused(base_expert, q):
    with pytest.raises(QuestionError):
        base_expert.parse(q)


# -- "My X has only 400 ATK left. Can I still use its effect to negate ...?" ---------------------

APOLLOUSA = "My Apollousa, Bow of the Goddess has only {} ATK left. "


def test_lose_exactly_first_part_impossible(base_expert):
    q = APOLLOUSA.format(400) + ("Can I still use its effect to negate my opponent's monster effect "
                                 "activation?")
    spec = base_expert.parse(q)
    assert (spec["family"], spec["effect"]["card"], spec["cannot"]) == \
        ("can-activate-now", "Apollousa, Bow of the Goddess", ["lose"])
    assert base_expert.ask(q).value == "no"


def test_lose_exactly_paraphrase_on_another_card(base_expert):
    q = ("My Gouki The Giant Ogre has only 300 ATK left. Can I use its effect to negate my "
         "opponent's card effect activation?")
    spec = base_expert.parse(q)
    assert (spec["effect"], spec["cannot"]) == ({"card": "Gouki The Giant Ogre", "n": 2}, ["lose"])
    assert base_expert.ask(q).value == "no"


@pytest.mark.parametrize("q", [
    # enough ATK: the first part can be done
    APOLLOUSA.format(800) + "Can I still use its effect to negate my opponent's monster effect activation?",
    # it negates only monster effects, and only the opponent's
    APOLLOUSA.format(400) + "Can I still use its effect to negate my opponent's Spell activation?",
    APOLLOUSA.format(400) + "Can I still use its effect to negate my monster effect activation?",
    # the ATK of another card says nothing about Upstart Goblin
    APOLLOUSA.format(400) + "Can I activate Upstart Goblin with 0 cards in my Deck?",
])
def test_lose_exactly_near_misses_are_refused(base_expert, q):
    with pytest.raises(QuestionError):
        base_expert.parse(q)


# -- "I use X on my opponent's Y, whose effect was activated from the hand (Y is already in the GY
# as its cost). Is Y's activation still negated?" ------------------------------------------------

STRIKE = ("I use Solemn Strike on my opponent's {0}, whose effect was activated from the hand "
          "({1} is already in the {2} as its cost). Is {3}'s activation still negated?")


def test_negate_and_destroy_when_the_card_left_for_its_cost(base_expert):
    q = STRIKE.format("Ash Blossom & Joyous Spring", "Ash", "GY", "Ash Blossom")
    spec = base_expert.parse(q)
    assert (spec["family"], spec["effect"]["card"], spec["part"], spec.get("suppose")) == \
        ("clause-done", "Solemn Strike", "negate", None)
    # the situation tells where the cost put the card; the rules say the destruction is not done
    assert spec["situation"][0]["cost"] == [{"action": "discarded", "what": "Ash Blossom & Joyous Spring"}]
    answer = base_expert.ask(q)
    assert answer.value == "yes" and "that-card-gone-for-its-own-cost" in answer.to_dict()["rules"]


def test_negate_and_destroy_paraphrase(base_expert):
    q = STRIKE.format('Maxx "C"', 'Maxx "C"', "GY", 'Maxx "C"')
    assert base_expert.parse(q)["situation"][0]["cost"] == [{"action": "sent-to-gy", "what": 'Maxx "C"'}]
    answer = base_expert.ask(q)
    assert answer.value == "yes" and "that-card-gone-for-its-own-cost" in answer.to_dict()["rules"]


@pytest.mark.parametrize("q", [
    # Ash Blossom's cost discards it: it is not banished
    STRIKE.format("Ash Blossom & Joyous Spring", "Ash", "banishment", "Ash Blossom"),
    # nothing told about where the card is
    "I use Solemn Strike on my opponent's Ash Blossom & Joyous Spring, whose effect was activated "
    "from the hand. Is Ash Blossom's activation still negated?",
    # Ghost Ogre destroys, it does not negate and then destroy
    "I use Ghost Ogre & Snow Rabbit on my opponent's Ash Blossom & Joyous Spring, whose effect was "
    "activated from the hand (Ash is already in the GY as its cost). Is Ash Blossom's activation "
    "still negated?",
])
def test_negate_and_destroy_near_misses_are_refused(base_expert, q):
    with pytest.raises(QuestionError):
        base_expert.parse(q)


# -- "My opponent negates the Summon of my monster with X. Is the negated monster then destroyed?" --

def test_told_negation_then_destroyed(base_expert):
    q = "My opponent negates the Summon of my monster with Solemn Warning. Is the negated monster then destroyed?"
    spec = base_expert.parse(q)
    assert (spec["family"], spec["effect"]["card"], spec["part"], spec["suppose"]) == \
        ("clause-done", "Solemn Warning", 2, [{"done": {"part": 1}}])
    assert base_expert.ask(q).value == "yes"


def test_told_negation_then_destroyed_paraphrase(base_expert):
    q = ("My opponent negates the Special Summon of my monster with Black Horn of Heaven. "
         "Is the negated monster then destroyed?")
    assert base_expert.parse(q)["effect"]["card"] == "Black Horn of Heaven"
    assert base_expert.ask(q).value == "yes"


@pytest.mark.parametrize("q", [
    "My opponent negates the Summon of my monster with Mystical Space Typhoon. Is the negated monster then destroyed?",
    "My opponent negates the Summon of my monster with Solemn Warning. Is the negated monster then banished?",
    # Solemn Strike negates only Special Summons
    "My opponent negates the Normal Summon of my monster with Solemn Strike. Is the negated monster then destroyed?",
    # another question form has no place for the told negation
    "My opponent negates the Summon of my monster with Solemn Warning. Can I activate Upstart Goblin with 0 cards in my Deck?",
])
def test_told_negation_near_misses_are_refused(base_expert, q):
    with pytest.raises(QuestionError):
        base_expert.parse(q)


def test_told_part_done_supposition_reaches_the_engine(base_expert):
    spec = {"family": "clause-done", "effect": {"card": "Solemn Warning", "select": "activation"},
            "part": "destroy", "suppose": [{"done": {"part": "negate"}}]}
    assert base_expert.ask_spec(spec).value == "yes"
    spec["suppose"] = [{"fails": {"part": "negate"}}]
    assert base_expert.ask_spec(spec).value == "no"


# -- "My X's target is flipped face-down by Y, so it is not banished. Are the cards with the same
# name ... still banished?" ------------------------------------------------------------------------

KARMA = "My Karma Cut's target is flipped face-down by {}. Are the cards with the same name in {} GY still banished?"


def test_then_part_naming_the_target_needs_the_first_part(base_expert):
    q = ("My Karma Cut's target is flipped face-down by Book of Moon, so it is not banished. "
         "Are the cards with the same name in my opponent's GY still banished?")
    spec = base_expert.parse(q)
    assert (spec["family"], spec["part"]) == ("clause-done", 2)
    assert {"fails": {"part": 1}} in spec["suppose"]
    assert {"state": {"target": "the target of Karma Cut", "property": "face", "value": "face-down"}} \
        in spec["suppose"]
    assert base_expert.ask(q).value == "no"


def test_then_part_paraphrase_without_the_told_outcome(base_expert):
    q = KARMA.format("Book of Eclipse", "my opponent's")
    spec = base_expert.parse(q)
    assert spec["part"] == 2 and not any("fails" in s for s in spec["suppose"])
    assert base_expert.ask(q).value == "no"


def test_target_flipped_on_another_card_is_still_affected(base_expert):
    # "destroy it": a target that turned face-down where it was is still destroyed
    q = "My Raigeki Break's target is flipped face-down by Book of Moon. Is it still destroyed?"
    assert base_expert.parse(q)["family"] == "affected"
    assert base_expert.ask(q).value == "yes"


@pytest.mark.parametrize("q", [
    # Karma Cut destroys nothing
    "My Karma Cut's target is flipped face-down by Book of Moon, so it is not destroyed. "
    "Are the cards with the same name in my opponent's GY still banished?",
    # its part banishes from the opponent's GY, not mine
    KARMA.format("Book of Moon", "my"),
    # Mystical Space Typhoon turns nothing face-down
    KARMA.format("Mystical Space Typhoon", "my opponent's"),
])
def test_then_part_near_misses_are_refused(base_expert, q):
    with pytest.raises(QuestionError):
        base_expert.parse(q)


def test_reader_name_reference_is_not_a_reference_to_the_target(base_expert):
    from psct_expert.cards import Card
    from psct_expert.reader import read_card

    card = Card(name="Example Namer", kind="trap", subtypes=("normal",),
                text="Target 1 face-up monster on the field; destroy that target, then banish all cards "
                     "with the same name as that monster from the GYs.")
    refs = {f.get("n") for f in read_card(card).facts if f.type == "reference"}
    assert refs == {1}


# -- "I activate X from my hand because I control no cards. Does it also negate ... in its column?" --

COLUMN_TRAP = ("Target 1 face-up monster your opponent controls; negate its effects, then if this card "
               "was Set before activation, all other Spell/Trap effects in this column are negated. "
               "If you control no monsters, you can activate this card from your hand.")


def _column_expert(base_expert):
    from psct_expert.cards import Card

    return base_expert.with_cards([Card(name="Example Column Trap", kind="trap", subtypes=("normal",),
                                        text=COLUMN_TRAP)])


def test_part_for_a_set_card_not_done_from_the_hand(base_expert):
    q = ("I activate Infinite Impermanence from my hand because I control no cards. "
         "Does it also negate Spell/Trap effects in its column?")
    spec = base_expert.parse(q)
    assert (spec["family"], spec["part"]) == ("clause-done", 2)
    assert spec["situation"][-1]["from"] == "hand"
    assert spec["situation"][0] == {"kind": "state", "player": "you", "place": "field", "what": "card",
                                    "count": 0}
    assert base_expert.ask(q).value == "no"


def test_part_for_a_set_card_paraphrase(base_expert):
    e = _column_expert(base_expert)
    q = ("I activate Example Column Trap from my hand because I control no monsters. "
         "Does it also negate Spell/Trap effects in its column?")
    assert e.parse(q)["part"] == 2
    assert e.ask(q).value == "no"


@pytest.mark.parametrize("q", [
    # the card's condition is about cards, not monsters
    "I activate Infinite Impermanence from my hand because I control no monsters. "
    "Does it also negate Spell/Trap effects in its column?",
    # a told reason that does not meet the condition
    "I activate Infinite Impermanence from my hand because I control 2 cards. "
    "Does it also negate Spell/Trap effects in its column?",
    # no part negates monsters in its column
    "I activate Infinite Impermanence from my hand because I control no cards. "
    "Does it also negate monsters in its column?",
])
def test_part_for_a_set_card_near_misses_are_refused(base_expert, q):
    with pytest.raises(QuestionError):
        base_expert.parse(q)


def test_reader_part_condition_on_an_invented_card():
    from psct_expert.cards import Card
    from psct_expert.reader import read_card

    facts = read_card(Card(name="Example Column Trap", kind="trap", subtypes=("normal",),
                           text=COLUMN_TRAP)).facts
    assert [(f.get("n"), f.get("condition")) for f in facts if f.type == "part_condition"] == [(2, "was-set")]


# -- "During my opponent's turn I used X to banish their Y. On my very next turn they activate another
# Y from their hand. Is that activated effect negated?" ------------------------------------------------

CBTG = ("During {0} turn I used Called by the Grave to banish {1} {2}. On {3} very next turn they "
        "activate another {4} from their hand. Is that activated effect negated?")


def test_lasting_same_name_negation_next_turn(base_expert):
    q = CBTG.format("my opponent's", "their", "Ash Blossom & Joyous Spring", "my", "Ash Blossom")
    spec = base_expert.parse(q)
    assert (spec["family"], spec["activation"]) == ("effect-negated", "a2")
    assert [e.get("turn") for e in spec["situation"] if e["kind"] == "phase"] == ["opponent", "you"]
    assert spec["situation"][1]["does"] == [{"action": "banished", "what": "m1"}]
    assert spec["situation"][-1]["from"] == "hand"
    assert base_expert.ask(q).value == "yes"


def test_lasting_same_name_negation_paraphrase(base_expert):
    q = ("During my turn I used Called by the Grave to banish my opponent's Maxx \"C\". On their very "
         "next turn they activate another Maxx \"C\" from their hand. Is that activated effect negated?")
    assert base_expert.ask(q).value == "yes"


@pytest.mark.parametrize("q", [
    CBTG.format("my opponent's", "their", "Ash Blossom & Joyous Spring", "my", "Effect Veiler"),
    CBTG.format("my opponent's", "their", "Ash Blossom & Joyous Spring", "their", "Ash Blossom"),
    CBTG.format("my opponent's", "my", "Ash Blossom & Joyous Spring", "my", "Ash Blossom"),
    "During my opponent's turn I used Called by the Grave to destroy their Ash Blossom & Joyous Spring. "
    "On my very next turn they activate another Ash Blossom from their hand. Is that activated effect negated?",
])
def test_lasting_same_name_negation_near_misses_are_refused(base_expert, q):
    with pytest.raises(QuestionError):
        base_expert.parse(q)


def test_lasting_same_name_negation_ends_after_the_next_turn(base_expert):
    q = CBTG.format("my opponent's", "their", "Ash Blossom & Joyous Spring", "my", "Ash Blossom")
    spec = base_expert.parse(q)
    later = spec["situation"][:-1] + [{"kind": "phase", "turn": "opponent"}, spec["situation"][-1]]
    assert base_expert.ask_spec({**spec, "situation": later}).value != "yes"


def test_reader_same_name_negation_on_an_invented_card():
    from psct_expert.cards import Card
    from psct_expert.reader import read_card

    text = ("Target 1 monster in your opponent's GY; banish it, and if you do, until the end of the next turn, "
            "its effects are negated, as well as the activated effects and effects on the field of monsters "
            "with the same original name.")
    facts = read_card(Card(name="Example Grave Call", kind="spell", subtypes=("quick-play",), text=text)).facts
    assert [(f.get("n"), f.get("until")) for f in facts if f.type == "same_name_negation"] == [(2, "next-turn")]
    short = text.replace("until the end of the next turn", "until the end of this turn")
    facts = read_card(Card(name="Example Grave Call", kind="spell", subtypes=("quick-play",), text=short)).facts
    assert not [f for f in facts if f.type == "same_name_negation"]
