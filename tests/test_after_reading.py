"""Issue 23, after reading: questions whose words the grammar reads but that the situation model
refused or answered unknown although the card text and the story decide them.  Each concept is
asked on invented cards and on real ones."""

import pytest

CARDS = {
    # two target groups, one on the field and one in the GY
    "Example Circle": ("spell", ("quick-play",), "Target 1 FIRE monster you control and 1 FIRE "
                       "monster in your GY; destroy that monster you control, and if you do, "
                       "Special Summon that other monster from your GY."),
    "Example Linker": ("monster", ("effect",), "If this card is Normal Summoned: You can target 1 "
                       "Spell/Trap your opponent controls; destroy it."),
    "Example Quickie": ("monster", ("effect",), "(Quick Effect): You can target 1 Spell/Trap your "
                        "opponent controls; destroy it."),
    "Example Rager": ("spell", ("quick-play",), "Banish this card, and if you do, draw 2 cards."),
    "Example Drawer": ("spell", ("quick-play",), "Draw 2 cards."),
    "Example Ogre": ("monster", ("effect",), "When a monster on the field activates its effect "
                     "(Quick Effect): You can send this card from your hand to the GY; destroy that "
                     "card on the field."),
    "Example Break": ("trap", ("normal",), "Target 1 monster in your GY and 1 card your opponent "
                      "controls; banish the first target, and if you do, destroy the second target."),
    "Example Crow": ("monster", ("effect",), "(Quick Effect): You can discard this card, then "
                     "target 1 card in your opponent's GY; banish that target."),
    "Example Knight": ("monster", ("effect",), "(Quick Effect): You can target 2 face-up monsters "
                       "on the field; banish both until the End Phase."),
    "Example Both Up": ("spell", ("quick-play",), "Target 2 face-up monsters on the field; shuffle "
                        "both those targets into the Deck."),
    "Example Envoy": ("monster", ("effect",), "Must first be Special Summoned (from your hand) by "
                      "banishing 1 LIGHT and 1 DARK monster from your GY.\nOnce per turn, you can "
                      "activate 1 of these effects.\n\u25cf Target 1 monster on the field; banish "
                      "it.\n\u25cf Draw 1 card."),
    "Example Shade": ("monster", ("effect",), "If this card is sent to the GY by a card effect: You "
                      "can draw 1 card."),
    "Example Plain Shade": ("monster", ("effect",), "If this card is sent to the GY: You can draw 1 "
                            "card."),
    "Example Soft Sorcerer": ("monster", ("effect",), "Once per turn: You can target 1 face-up "
                              "monster on the field; banish that target."),
    "Example Sangan": ("monster", ("effect",), "If this card is sent from the field to the GY: Add "
                       "1 monster with 1500 or less ATK from your Deck to your hand."),
    "Example When Sangan": ("monster", ("effect",), "When this card is sent from the field to the "
                            "GY: You can draw 1 card."),
    "Example Zombie": ("monster", ("effect",), "If this card inflicts battle damage to your "
                       "opponent: Draw 1 card.\nIf this card is sent from the field to the GY: Add "
                       "1 Zombie monster from your Deck to your hand."),
    "Example Gilfer": ("monster", ("effect",), "When this card is sent to the GY: You can target 1 "
                       "monster on the field; equip this card to that target."),
    "Example Destruction": ("spell", ("normal",), "Both players discard as many cards as possible "
                            "from their hands, then each player draws the same number of cards "
                            "they discarded."),
    "Example Void": ("spell", ("normal",), "If you have 3 or more cards in your hand: Draw 1 card."),
    "Example Force": ("trap", ("normal",), "When an opponent's monster declares an attack: Destroy "
                      "all your opponent's Attack Position monsters."),
    "Example Evacuation": ("trap", ("normal",), "Target 1 monster on the field; return that target to "
                           "the hand."),
    "Example Desires": ("spell", ("normal",), "Banish 10 cards from the top of your Deck, face-down; "
                        "draw 2 cards."),
}


@pytest.fixture(scope="module")
def expert(base_expert):
    from psct_expert.cards import Card

    return base_expert.with_cards(Card(name=n, kind=k, subtypes=s, text=t)
                                  for n, (k, s, t) in CARDS.items())


# -- which target the words describe ------------------------------------------------------------

TWO = "I activate {0} targeting a FIRE monster I control and a FIRE monster in my GY. "


@pytest.mark.parametrize("card", ["Example Circle", "Circle of the Fire Kings"])
@pytest.mark.parametrize("story, ask, answer", [
    # flipped face-down: only the one on the field can be; "it" wording keeps it a target
    ("My opponent chains Book of Moon and flips my targeted FIRE monster face-down. ",
     "Does {0} still destroy my face-down monster?", "yes"),
    # the field one returned to the hand: the Special Summon needs the destruction
    ("My opponent returns the one on the field to my hand in response. ",
     "Does {0} still Special Summon the one in my GY?", "no"),
    # the GY one banished: the field one is still destroyed
    ("My opponent activates D.D. Crow in response and banishes the one in my GY. ",
     "Does {0} still destroy the one on the field?", "yes"),
])
def test_the_target_the_words_describe(expert, card, story, ask, answer):
    assert expert.ask(TWO.format(card) + story + ask.format(card)).value == answer


@pytest.mark.slow
def test_a_description_that_fits_both_targets_is_still_refused(expert):
    from psct_expert.errors import QuestionError

    with pytest.raises(QuestionError, match="which of the target"):
        expert.ask(TWO.format("Example Circle") + "My opponent banishes my FIRE monster in response. "
                   "Does Example Circle still destroy my FIRE monster?")


def test_a_kind_word_picks_the_target(expert):
    q = ("I activate Icarus Attack targeting my opponent's monster and their face-up Continuous "
         "Spell. My opponent chains Compulsory Evacuation Device and returns their monster to the "
         "hand. Is the Continuous Spell still destroyed?")
    answer = expert.ask(q)
    assert answer.value == "yes"
    assert answer.spec["target"] == "their face-up Continuous Spell"


@pytest.mark.parametrize("words", ["that monster", "that card", "that same card"])
def test_that_card_removed_in_response_is_the_target(expert, words):
    q = ("I activate Bystial Magnamhut targeting a DARK monster in my opponent's GY. My opponent "
         f"banishes {words} in response. Does Bystial Magnamhut still Special Summon itself?")
    assert expert.ask(q).value == "no"


# -- a Trigger Effect on a move never answers an activation ------------------------------------

@pytest.mark.parametrize("card, answer", [("Example Linker", "no"), ("Example Quickie", "yes")])
def test_a_move_trigger_does_not_answer_an_activation(expert, card, answer):
    q = f"My opponent activates Mystical Space Typhoon. Can I chain {card}'s effect to it?"
    assert expert.ask(q).value == answer


def test_knightmare_phoenix_does_not_answer_a_trap(expert):
    q = ("My Knightmare Phoenix is already on the field. My opponent activates a Trap Card. Can I "
         "chain Knightmare Phoenix's effect to it?")
    answer = expert.ask(q)
    assert answer.value == "no"
    assert "move-trigger-never-answers-an-activation" in answer.rules()


# -- a Spell whose own card left: a part that acts on "this card" --------------------------------

@pytest.mark.parametrize("card, part", [("Example Rager", "draw 2 cards"),
                                        ("Rage with Eyes of Blue",
                                         "Special Summon Blue-Eyes White Dragon")])
def test_a_part_after_this_card_is_not_said_to_resolve(expert, card, part):
    q = (f"I activate {card}. My opponent chains Mystical Space Typhoon and destroys {card}. "
         f"Does {card} still {part}?")
    answer = expert.ask(q)
    # (asked as that part, not as "does it resolve"; the part on "this card" is not done, so the
    # part joined to it by "and if you do" is not done either: game-rules#resolution.4)
    assert answer.value == "no"
    assert answer.spec["family"] == "clause-done"
    assert "self-part-with-itself-gone" in answer.rules()


def test_a_spell_with_no_part_on_itself_still_resolves(expert):
    q = ("I activate Example Drawer. My opponent chains Mystical Space Typhoon and destroys Example "
         "Drawer. Do I still draw 2 cards?")
    assert expert.ask(q).value == "yes"


# -- what is left once the cost is paid -----------------------------------------------------------

@pytest.mark.parametrize("cards, answer", [(9, "no"), (11, "unknown"), (12, "yes")])
@pytest.mark.parametrize("card", ["Pot of Desires", "Example Desires"])
def test_a_deck_told_to_hold_too_few_cards(expert, card, cards, answer):
    got = expert.ask(f"I have {cards} cards in my Deck. Can I activate {card}?",
                     ["It is my Main Phase 1."])
    assert got.value == answer
    if answer == "unknown":
        assert "told-part-cannot-be-done" in " ".join(got.missing)


# -- "Is that something X can negate?": the Summon told last -------------------------------------

@pytest.mark.parametrize("story, negator, answer", [
    ("They Flip Summon their face-down monster.", "Solemn Warning", "yes"),
    ("My opponent Synchro Summons Stardust Dragon.", "Solemn Judgment", "yes"),
])
def test_that_summon_is_the_one_told_last(expert, story, negator, answer):
    got = expert.ask(f"{story} Is that something {negator} can negate?")
    assert got.value == answer
    assert got.family == "negate-summon"


# -- phases in order: only the phase it is now decides a phase condition -----------------------

TALENT = "Example Talent"


@pytest.fixture(scope="module")
def talent(base_expert):
    from psct_expert.cards import Card

    return base_expert.with_cards([
        Card(name=TALENT, kind="spell", subtypes=("normal",),
             text="If your opponent has activated a monster effect during your Main Phase this "
                  "turn: Draw 2 cards."),
        Card(name="Example Hand Trap", kind="monster", subtypes=("effect",),
             text="(Quick Effect): You can discard this card; draw 1 card.")])


@pytest.mark.parametrize("card", [TALENT, "Triple Tactics Talent"])
@pytest.mark.parametrize("story, answer", [
    # activated in Main Phase 1, asked in Main Phase 2 of the same turn
    ("It is my Main Phase 1. My opponent activates {h}. It is my Battle Phase. It is my Main Phase 2.",
     "yes"),
    # an earlier phase no longer decides: it is the Battle Phase now
    ("It is my Main Phase 1. It is my Battle Phase.", "no"),
    # activated in the Battle Phase: not "during your Main Phase"
    ("It is my Battle Phase. My opponent activates {h}. It is my Main Phase 2.", "unknown"),
])
def test_a_main_phase_condition_over_the_turn(talent, card, story, answer):
    hand = "Example Hand Trap" if card == TALENT else "Ash Blossom & Joyous Spring"
    q = story.format(h=hand) + f" Can I activate {card}?"
    assert talent.ask(q).value == answer


# -- an activation condition is not met by a Summon -----------------------------------------------

@pytest.mark.parametrize("ogre", ["Example Ogre", "Ghost Ogre & Snow Rabbit"])
@pytest.mark.parametrize("story, answer", [
    ("My opponent Special Summons Cyber Dragon by its own procedure. Can I activate {o}?", "no"),
    ("My opponent activates the first effect of Snake-Eye Ash. Can I chain {o} to it?", "unknown"),
])
def test_an_activation_condition_and_a_summon(expert, ogre, story, answer):
    assert expert.ask(story.format(o=ogre)).value == answer


# -- a response told to target one of two targets ----------------------------------------------

@pytest.mark.parametrize("card, crow", [("Example Break", "Example Crow"),
                                        ("Infernity Break", "D.D. Crow")])
def test_a_response_on_one_of_two_targets(expert, card, crow):
    what = "Infernity card" if card == "Infernity Break" else "monster"
    q = (f"I activate {card} targeting an {what} in my GY and 1 card my opponent controls. "
         f"My opponent chains {crow} on my {what}. Is their card still destroyed?")
    got = expert.ask(q.replace("an monster", "a monster"))
    assert got.value == "no"
    assert "earlier-part-target-gone" in got.rules()


# -- an effect with bullets does what its bullets do ------------------------------------------

@pytest.mark.parametrize("card", ["Example Envoy", "Black Luster Soldier - Envoy of the Beginning"])
def test_the_banish_effect_is_the_one_whose_bullet_banishes(expert, card):
    got = expert.ask(f"I control 2 {card}. Can both use the banish effect in the same turn?")
    assert got.value == "yes"
    assert "soft-limit-per-copy" in got.rules()


# -- "both" without "those targets": a target in its place is still correct (psct-guide#5) ----

@pytest.mark.parametrize("card, answer", [
    ("S:P Little Knight", "yes"),          # "banish both": place only
    ("Example Knight", "yes"),
    ("Example Both Up", "no"),             # "shuffle both those targets": conditions re-checked
])
def test_both_and_a_target_turned_face_down(expert, card, answer):
    q = (f"I activate {card} targeting my monster and my opponent's monster. My opponent flips "
         "their monster face-down in response. Is my monster still {v}?")
    verb = "shuffled into the Deck" if card == "Example Both Up" else "banished"
    assert expert.ask(q.replace("{v}", verb)).value == answer


# -- a "by a card effect" trigger and a card moved as a cost (game-rules#cost.7) ----------------

@pytest.mark.parametrize("card, effect, answer", [
    ("Example Shade", "the effect", "no"),
    ("Shaddoll Dragon", "the second effect", "no"),
    ("Example Plain Shade", "the effect", "yes"),      # a plain "sent to the GY" sees a cost
])
def test_a_by_card_effect_trigger_and_a_cost(expert, card, effect, answer):
    q = f"I discard {card} to activate Raigeki Break. Can {effect} of {card} be activated?"
    assert expert.ask(q).value == answer


# -- "it" after a card used its effect, left and came back: the same card, a new card ---------

@pytest.mark.parametrize("story, answer", [
    ("My {c} used its effect. It was destroyed and I Special Summoned it with Monster Reborn. "
     "Can it use its effect again this turn?", "yes"),
    ("My {c} used its effect. My opponent returns it to my hand with Compulsory Evacuation Device. "
     "I Special Summon it again. Can it use its effect again this turn?", "yes"),
    ("My {c} used its effect. Can it use its effect again this turn?", "no"),
])
@pytest.mark.parametrize("card", ["Chaos Sorcerer", "Example Soft Sorcerer"])
def test_it_is_the_card_that_came_back(expert, story, answer, card):
    assert expert.ask(story.format(c=card)).value == answer


# -- a Link Material is sent from the field to the GY ------------------------------------------

@pytest.mark.parametrize("card, answer", [
    ("Sangan", "yes"), ("Example Sangan", "yes"),
    ("Example When Sangan", "no"),     # an optional "When": the Link Summon is the last thing
])
def test_a_link_material_is_sent_from_the_field(expert, card, answer):
    q = f"I Link Summon Salamangreat Almiraj using {card} as material. Can I activate {card}'s effect?"
    assert expert.ask(q).value == answer


# -- what happened to the card says which of its effects is asked about; "it resolves" --------

@pytest.mark.parametrize("card", ["Goblin Zombie", "Example Zombie"])
def test_the_effect_whose_trigger_names_the_told_move(expert, card):
    q = (f"I activate Raigeki Break targeting my {card}. It resolves and destroys it. Can I "
         f"activate {card}'s effect?")
    got = expert.ask(q)
    assert got.value == "yes" and got.spec["effect"]["n"] == 2


# -- a player made to act by the link just told ------------------------------------------------

@pytest.mark.parametrize("spell, card", [("Card Destruction", "Archfiend of Gilfer"),
                                         ("Example Destruction", "Example Gilfer")])
def test_a_discard_the_link_makes_the_other_player_do(expert, spell, card):
    q = f"My opponent activates {spell} and I discard {card}. Can I activate {card}'s effect?"
    got = expert.ask(q)
    assert got.value == "no"          # "discard ..., then ... draws": the discard is not last
    assert "then-part-follows-move" in got.rules()


# -- two parts asked at once: the later part on a target nothing happened to -------------------

@pytest.mark.parametrize("card", ["Example Circle", "Circle of the Fire Kings"])
def test_the_later_part_on_an_untouched_target(expert, card):
    q = (TWO.format(card) + "My opponent chains Book of Moon and flips my targeted FIRE monster "
         f"face-down. Does {card} still destroy my face-down monster and Special Summon the other one?")
    got = expert.ask(q)
    assert got.value == "yes"
    assert "later-part-target-untouched" in got.rules()


def test_where_a_target_goes_is_not_where_it_is(expert):
    q = ("I activate Icarus Attack targeting my opponent's monster and their face-up Continuous "
         "Spell. My opponent chains Compulsory Evacuation Device to return their monster to the "
         "hand. Is the monster still destroyed?")
    assert expert.ask(q).value == "no"


def test_a_card_in_the_sentence_is_not_a_number_said(expert):
    q = ("I activate Pot of Avarice targeting 5 monsters in my GY. My opponent banishes one of them "
         "in response. Are the other 4 still shuffled into the Deck?")
    assert expert.ask(q).value == "no"


# -- a condition checked at activation only, and what the hand held then ------------------------

@pytest.mark.parametrize("card, answer", [("Into the Void", "yes"), ("Example Void", "yes")])
def test_a_hand_condition_checked_at_activation_only(expert, card, answer):
    q = (f"I activate {card} while I have exactly 3 cards in my hand. My opponent destroys one in "
         "response. Do I still draw?")
    got = expert.ask(q)
    assert got.value == answer
    if answer == "yes":
        assert "activation-condition-only-at-activation" in got.rules()


def test_does_it_still_resolve_after_its_counted_cards_changed(expert):
    q = ("I activate Example Void while I have exactly 3 cards in my hand. My opponent destroys one "
         "in response. Does Example Void still resolve?")
    assert expert.ask(q).value == "yes"


# -- a link that targets nothing, and a response that negates nothing ----------------------------

@pytest.mark.parametrize("force, evac", [("Mirror Force", "Compulsory Evacuation Device"),
                                         ("Example Force", "Example Evacuation")])
@pytest.mark.parametrize("before, answer", [
    ("", "yes"),
    ("My opponent has Royal Decree face-up. ", "unknown"),     # a face-up card may negate it
])
def test_an_untargeted_link_that_nothing_negated(expert, force, evac, before, answer):
    q = (f"{before}I activate {force}. My opponent chains {evac} and returns their monster to the "
         f"hand. Does {force} still destroy their monsters?")
    got = expert.ask(q)
    assert got.value == answer and got.spec["family"] == "resolves"


def test_an_untargeted_link_a_counter_trap_answered(expert):
    # the Counter Trap chained to it, answered by nothing, negates it (game-rules#resolution.6)
    q = ("I activate Mirror Force. My opponent chains Solemn Judgment. Does Mirror Force still "
         "destroy their monsters?")
    assert expert.ask(q).value == "no"
    # near miss: a Counter Trap chained to the Counter Trap leaves it open
    q = ("I activate Mirror Force. My opponent chains Solemn Judgment, then I chain Seven Tools of "
         "the Bandit. Does Mirror Force still destroy their monsters?")
    assert expert.ask(q).value == "unknown"
