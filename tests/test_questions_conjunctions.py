"""Questions about the parts of one effect and their conjunctions (topic G), asked in plain
English.

Each form: the real ruling's wording, a paraphrase on other cards, and a near miss that is
refused or understood differently: the cases of tests/fixtures/questions/conjunctions.yaml;
here, the reader on invented texts, specs no sentence gives, and checks a case cannot say."""

import pytest

from psct_expert.errors import QuestionError


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


# -- "My opponent negates the Summon of my monster with X. Is the negated monster then destroyed?" --


def test_told_part_done_supposition_reaches_the_engine(base_expert):
    spec = {"family": "clause-done", "effect": {"card": "Solemn Warning", "select": "activation"},
            "part": "destroy", "suppose": [{"done": {"part": "negate"}}]}
    assert base_expert.ask_spec(spec).value == "yes"
    spec["suppose"] = [{"fails": {"part": "negate"}}]
    assert base_expert.ask_spec(spec).value == "no"


# -- "My X's target is flipped face-down by Y, so it is not banished. Are the cards with the same
# name ... still banished?" ------------------------------------------------------------------------


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


def test_part_for_a_set_card_paraphrase(base_expert):
    e = _column_expert(base_expert)
    q = ("I activate Example Column Trap from my hand because I control no monsters. "
         "Does it also negate Spell/Trap effects in its column?")
    assert e.parse(q)["part"] == 2
    assert e.ask(q).value == "no"


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


def test_a_part_done_to_another_card_is_not_answered_for_the_target(base_expert):
    # Fuhma Wave destroys "1 monster ... as that monster", never its target: "Is the monster still
    # destroyed?" was answered yes for that other monster (refused when the question is built)
    spec = base_expert.parse("I target my opponent's face-up monster with Fuhma Wave and they chain "
                             "Book of Moon to flip it face-down. Is the monster still destroyed?")
    assert spec["family"] == "affected"
    with pytest.raises(QuestionError, match="another card than the target"):
        base_expert.ask_spec(spec)
