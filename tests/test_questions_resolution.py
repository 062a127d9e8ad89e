"""Questions about resolution told in plain English (topics E-G of the real rulings): a target
that changed before its effect resolved, several targets of which one is gone, and what the
parts of an effect still do.  Each form: the real ruling's wording, a paraphrase on other
cards, and a near miss that must be refused or must differ."""

import pytest

from psct_expert.errors import QuestionError

from question_helpers import ask_answer as ask


def refused(expert, text, words=None):
    with pytest.raises(QuestionError) as err:
        expert.parse(text)
    if words:
        assert words in str(err.value)
    return str(err.value)


# -- E: a target changed before resolution ----------------------------------------------------

def test_its_destroy_effect_is_the_one_that_targets(base_expert):
    spec, answer = ask(base_expert, "My Baronne de Fleur targets my opponent's face-up monster with its "
                                    "destroy effect, and they chain Book of Moon to flip it face-down. "
                                    "Is the monster still destroyed?")
    assert spec["family"] == "affected" and spec["effect"] == {"card": "Baronne de Fleur", "n": 1}
    assert {"state": {"target": "my opponent's face-up monster", "property": "face",
                      "value": "face-down"}} in spec["suppose"]
    assert answer.value == "yes"


def test_a_card_told_to_target_uses_its_targeting_effect(base_expert):
    # Gyzarus has three effects; only the second targets
    spec, answer = ask(base_expert, "Gladiator Beast Gyzarus targets my opponent's face-up monster, and "
                                    "they chain Book of Moon to flip it face-down. Is the monster still "
                                    "destroyed?")
    assert spec["effect"] == {"card": "Gladiator Beast Gyzarus", "n": 2}
    assert answer.value == "yes"


def test_an_effect_that_does_not_target_cannot_be_told_to(base_expert):
    q = ("My Baronne de Fleur targets my opponent's face-up monster with its negation effect, and "
         "they chain Book of Moon to flip it face-down. Is the monster still destroyed?")
    assert "does not target" in refused(base_expert, q)


def test_the_face_down_monster_tells_the_change(base_expert):
    spec, answer = ask(base_expert, "My Knightmare Unicorn's effect targets my opponent's face-up monster, "
                                    "and they chain Book of Moon. Does Unicorn still shuffle the face-down "
                                    "monster into the Deck?")
    assert answer.value == "yes"
    # another card: "that target" is "1 face-up monster", so the face-down monster is not banished
    spec, answer = ask(base_expert, "I target my opponent's face-up monster with Karma Cut and they chain "
                                    "Book of Moon. Is the face-down monster banished?")
    assert {"state": {"target": "my opponent's face-up monster", "property": "face",
                      "value": "face-down"}} in spec["suppose"]
    assert answer.value == "no"


def test_without_the_change_told_the_answer_is_not_guessed(base_expert):
    # Book of Moon chained, but nothing says what became of the target
    _spec, answer = ask(base_expert, "I target my opponent's face-up monster with Karma Cut and they chain "
                                     "Book of Moon. Is the monster banished?")
    assert answer.value == "unknown"


def test_banished_from_where_the_target_went(base_expert):
    q = ("I target a monster in my opponent's GY with Called by the Grave, and they respond by Special "
         "Summoning that monster with Call of the Haunted. Is the monster banished from the field when "
         "Called by the Grave resolves?")
    spec, answer = ask(base_expert, q)
    assert spec["family"] == "affected" and answer.value == "no"
    # the place said must be where the target is: it is not in the hand
    refused(base_expert, q.replace("from the field", "from the hand"), "from the hand")


# -- F: several targets, one gone ---------------------------------------------------------------

def test_one_of_them_banished_by_a_card_in_the_same_chain(base_expert):
    spec, answer = ask(base_expert, "My Heavy Storm Duster targets two Spells/Traps, but one of them is "
                                    "banished by Cosmic Cyclone in the same Chain before Heavy Storm Duster "
                                    "resolves. Is the other one destroyed?")
    assert spec["family"] == "affected" and answer.value == "yes"
    spec, answer = ask(base_expert, "Twin Twisters targets two of my opponent's Set cards, but one of them "
                                    "is banished by Cosmic Cyclone in the same Chain before Twin Twisters "
                                    "resolves. Is the other one destroyed?")
    assert answer.value == "yes"


def test_who_activated_the_response_matters_outside_the_targets(base_expert):
    # "by Cosmic Cyclone" without whose: fine for the targets, refused for a question about Chains
    q = ("My Heavy Storm Duster targets two Spells/Traps, but one of them is banished by Cosmic "
         "Cyclone in the same Chain. Can I chain Solemn Judgment to it?")
    assert "who activated" in refused(base_expert, q)


def test_the_other_n_cards(base_expert):
    spec, answer = ask(base_expert, "I activate Pot of Avarice targeting 5 monsters in my GY, and my "
                                    "opponent chains Called by the Grave to banish one of them. Are the "
                                    "other 4 shuffled into my Deck?")
    assert spec["family"] == "affected" and spec["part"] == "shuffle"
    assert sum(1 for s in spec["suppose"] if "targeted" in s) == 5
    assert sum(1 for s in spec["suppose"] if "left" in s) == 1
    assert answer.value == "no"
    # a count that does not fit what is left is refused
    refused(base_expert, "I activate Pot of Avarice targeting 5 monsters in my GY, and my opponent chains "
                         "Called by the Grave to banish one of them. Are the other 3 shuffled into my Deck?",
            "4 targets are left")


def test_the_cards_i_targeted_with_x(base_expert):
    spec, answer = ask(base_expert, "One of the 3 monsters I targeted with Pot of Dichotomy is banished in "
                                    "response. Do I still draw 2 cards?")
    assert spec["family"] == "clause-done" and spec["part"] == "draw" and answer.value == "no"
    spec, answer = ask(base_expert, "My opponent banishes one of the 3 Gladiator Beast cards I targeted with "
                                    "Gladiator's Return. Are the remaining 2 shuffled into my Deck?")
    assert spec["effect"]["card"] == "Gladiator's Return" and answer.value == "no"
    # on another card: Pot of Avarice draws after 'then' only if all 5 were shuffled
    _spec, answer = ask(base_expert, "One of the 5 monsters I targeted with Pot of Avarice is banished in "
                                     "response. Do I still draw 2 cards?")
    assert answer.value == "no"


def test_the_target_whose_controller_is_said(base_expert):
    base = ("I activate {card} targeting my {mine} and one of my opponent's cards; in response my opponent "
            "returns their targeted card to the hand. Is my {mine} still destroyed?")
    spec, answer = ask(base_expert, base.format(card="Escape of the Unchained", mine="Unchained monster"))
    assert spec["target"] == "my Unchained monster" and answer.value == "no"      # 'destroy both'
    spec, answer = ask(base_expert, "I activate Double Cyclone targeting one of my Spells/Traps and one of "
                                    "my opponent's. In response my opponent destroys my targeted card with "
                                    "Mystical Space Typhoon. Is their targeted card still destroyed when "
                                    "Double Cyclone resolves?")
    assert spec["target"] == "one of my opponent's" and answer.value == "yes"    # 'destroy them'
    # two targets and nothing says which one is asked about
    refused(base_expert, "I activate Double Cyclone targeting one of my Spells/Traps and one of my "
                         "opponent's. In response my opponent destroys my targeted card with Mystical Space "
                         "Typhoon. Is the card still destroyed?", "which of the targets")


def test_one_of_them_leaves(base_expert):
    spec, answer = ask(base_expert, "I target 2 of my banished Psychic monsters with Bright Future, and one "
                                    "of them leaves the banishment before it resolves. Is the other one "
                                    "returned to my GY?")
    assert spec["family"] == "affected" and spec["part"] == "return" and answer.value == "no"
    # a place the card could not leave is not a move the model has
    refused(base_expert, "I target 2 of my banished Psychic monsters with Bright Future, and one of them "
                         "leaves the hand before it resolves. Is the other one returned to my GY?")


def test_the_targeted_set_card_is_activated_and_stays(base_expert):
    spec, answer = ask(base_expert, "I target a Set card with Heavy Storm Duster and my opponent activates "
                                    "that card in response (a Continuous Trap). Is it still destroyed?")
    assert {"state": {"target": "a Set card", "property": "face", "value": "face-up"}} in spec["suppose"]
    assert answer.value == "yes"
    spec, answer = ask(base_expert, "Gladiator Beast Gyzarus targets my opponent's Set card, and they activate "
                                    "it in response; it is a Continuous Trap that stays on the field face-up. "
                                    "Is it still destroyed by Gyzarus?")
    assert spec["effect"] == {"card": "Gladiator Beast Gyzarus", "n": 2} and answer.value == "yes"
    # whether the activated card stays on the field is what the answer depends on: not guessed
    refused(base_expert, "I target a Set card with Heavy Storm Duster and my opponent activates that card "
                         "in response. Is it still destroyed?", "does it stay on the field")


def test_a_response_told_by_what_it_does(base_expert):
    spec, answer = ask(base_expert, "My Cosmic Cyclone targets a Set card in my opponent's Spell & Trap Zone, "
                                    "and they respond with an effect that returns that card to their hand. "
                                    "Does Cosmic Cyclone banish anything?")
    assert {"left": {"target": "a Set card in my opponent's Spell & Trap Zone"}} in spec["suppose"]
    assert answer.value == "no"
    # the other card: a face-down target stays a target of 'it' -> still destroyed
    _spec, answer = ask(base_expert, "My Heavy Storm Duster targets a Set card in my opponent's Spell & Trap "
                                     "Zone, and they respond with an effect that destroys that card. Does "
                                     "Heavy Storm Duster destroy anything?")
    assert answer.value == "no"


def test_an_action_that_cannot_be_done(base_expert):
    spec, answer = ask(base_expert, "I resolve Paleozoic Dinomischus but have no cards in my hand to discard. "
                                    "Is the target still banished?")
    assert spec == {"family": "clause-done", "effect": {"card": "Paleozoic Dinomischus",
                                                        "select": "activation"},
                    "part": "banish", "suppose": [{"fails": {"part": "discard"}}]}
    assert answer.value == "no"
    # the same words before a question about activating: the cost cannot be paid
    spec, answer = ask(base_expert, "I have no cards in my hand to discard. Can I activate Karma Cut?")
    assert spec["cannot"] == ["discard"] and answer.value == "no"
    # a card with no such part
    refused(base_expert, "I resolve Raigeki but have no cards in my hand to discard. Is the target still "
                         "banished?")


def test_the_activating_card_destroyed_before_it_resolves(base_expert):
    spec, answer = ask(base_expert, "My Set Infinite Impermanence is activated targeting my opponent's "
                                    "monster, and they chain Mystical Space Typhoon to destroy Impermanence. "
                                    "Is their monster still negated?")
    assert spec["family"] == "resolves" and answer.value == "yes"
    act = spec["situation"][1]
    assert act["does"] == [{"action": "destroyed", "what": "Infinite Impermanence"}]
    _spec, answer = ask(base_expert, "My Set Karma Cut is activated targeting my opponent's monster, and they "
                                     "chain Mystical Space Typhoon to destroy Karma Cut. Is their monster "
                                     "still banished?")
    assert answer.value == "yes"
    # my monster was not the target
    refused(base_expert, "My Set Infinite Impermanence is activated targeting my opponent's monster, and they "
                         "chain Mystical Space Typhoon to destroy Impermanence. Is my monster still negated?",
            "the card it targeted")


def test_cards_with_the_same_name_are_not_the_target(base_expert):
    spec, answer = ask(base_expert, "I activate Called by the Grave on a monster in my opponent's GY, but they "
                                    "respond by shuffling that monster into the Deck. Are the effects of their "
                                    "other copies with that name still negated?")
    assert spec["family"] == "clause-done" and spec["part"] == "negate" and answer.value == "no"
    # asked about the target itself, it is an outcome for that target
    spec, answer = ask(base_expert, "I activate Called by the Grave on a monster in my opponent's GY, but they "
                                    "respond by shuffling that monster into the Deck. Is the monster still "
                                    "banished?")
    assert spec["family"] == "affected" and answer.value == "no"


# -- G: parts of an effect ----------------------------------------------------------------------

def test_parts_when_it_resolves(base_expert):
    spec, answer = ask(base_expert, "When Allure of Darkness resolves, are the 2 draws and the banish of a "
                                    "DARK monster done simultaneously?")
    assert (spec["left"], spec["right"]) == ("draw", "banish") and answer.value == "no"
    _spec, answer = ask(base_expert, "When Upstart Goblin resolves, are the 1 draws and the gain of LP done "
                                     "simultaneously?")
    assert answer.value == "no"
    # a count the card does not have
    refused(base_expert, "When Allure of Darkness resolves, are the 3 draws and the banish of a DARK monster "
                         "done simultaneously?", "3 draws")


def test_the_cards_part_and_its_own_summon(base_expert):
    spec, answer = ask(base_expert, "Are Nibiru, the Primal Being's Tributing of the monsters and its own "
                                    "Special Summon treated as happening at the same time?")
    assert (spec["left"], spec["right"]) == ("tribute", "special-summon") and answer.value == "yes"


def test_a_part_the_question_says_is_done(base_expert):
    spec, answer = ask(base_expert, "I target my opponent's face-up monster with Paleozoic Dinomischus and they "
                                    "flip it face-down with Book of Moon. If I discard a card when Dinomischus "
                                    "resolves, is the monster banished?")
    assert spec["family"] == "affected" and spec["part"] == "banish" and answer.value == "yes"
    # a part the card does not have, or a cost that is no part of the resolution
    refused(base_expert, "I target my opponent's face-up monster with Paleozoic Dinomischus and they flip it "
                         "face-down with Book of Moon. If I draw a card when Dinomischus resolves, is the "
                         "monster banished?", "no part that does 'draw'")
    refused(base_expert, "I target my opponent's face-up monster with Karma Cut and they flip it face-down with "
                         "Book of Moon. If I discard a card when Karma Cut resolves, is the monster banished?",
            "no part that does 'discard'")


def test_negated_even_though_the_later_part_cannot_be_done(base_expert):
    spec, answer = ask(base_expert, 'My opponent activates Maxx "C" from the hand and I respond with Baronne '
                                    'de Fleur\'s negation. Is Maxx "C"\'s activation negated even though it '
                                    'cannot be destroyed on the field?')
    assert spec == {"family": "clause-done", "effect": {"card": "Baronne de Fleur", "n": 2},
                    "part": "negate", "suppose": [{"fails": {"part": "destroy"}}]}
    assert answer.value == "yes"
    spec, answer = ask(base_expert, "My opponent activates Ash Blossom & Joyous Spring from the hand and I "
                                    "respond with Solemn Strike. Is Ash Blossom & Joyous Spring's activation "
                                    "negated even though it cannot be destroyed?")
    assert spec["effect"]["card"] == "Solemn Strike" and answer.value == "yes"
    refused(base_expert, "My opponent activates Ash Blossom & Joyous Spring from the hand and I respond with "
                         "Solemn Strike. Is Ash Blossom & Joyous Spring's activation negated even though it "
                         "cannot be banished?", "no part that does 'banish'")


def test_the_card_and_a_token_summoned_by_two_parts(base_expert):
    spec, answer = ask(base_expert, "When Epigonen, the Impersonation Invader resolves, are Epigonen and the "
                                    "Epigonos Token Special Summoned at the same time?")
    assert (spec["left"], spec["right"]) == (1, 2) and answer.value == "no"          # 'then'
    spec, answer = ask(base_expert, "When Mithra the Thunder Vassal resolves, are Mithra and the Vassal Token "
                                    "Special Summoned at the same time?")
    assert (spec["left"], spec["right"]) == (2, 3) and answer.value == "yes"         # 'and if you do'
    # an action no part does to the card
    refused(base_expert, "When Mithra the Thunder Vassal resolves, are Mithra and the Vassal Token "
                         "destroyed at the same time?")   # no part of it destroys


def test_an_activation_asked_about_as_if_it_were_a_target_is_refused(base_expert):
    q = ("I activate Effect Veiler targeting my opponent's monster and they chain Book of Moon to "
         "flip it face-down. Is Effect Veiler's activation still negated?")
    assert "an activation is negated or not" in refused(base_expert, q)


def test_a_card_that_is_not_the_target_does_not_change_it(base_expert):
    q = ("I target my opponent's face-up monster with Compulsory Evacuation Device and my opponent destroys "
         "{what}. Does Compulsory Evacuation Device still return it to the hand?")
    refused(base_expert, q.format(what="my monster"), "which of the targeted cards")
    spec, answer = ask(base_expert, q.format(what="the targeted monster"))
    assert {"left": {"target": "my opponent's face-up monster"}} in spec["suppose"] and answer.value == "no"
