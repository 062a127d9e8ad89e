"""Rounds 124 and 125 and hunts 124a/124b (the session after `ea16dd0d`): mechanisms of reading
and of the game, each with its near miss."""

import pytest

from psct_expert.errors import QuestionError
from question_helpers import rules_fired as _rules

pytestmark = pytest.mark.slow


# -- hunt 124b: the effect's own card gone, the target asked about -------------------------------

@pytest.mark.parametrize("question", [
    # "change this card you control ... to Defense Position, and if you do, destroy that target"
    "Lyla, Lightsworn Sorceress activates its effect targeting my Set card. In response I destroy "
    "Lyla. Is my Set card destroyed?",
    # "Special Summon this card, then destroy those targets" (from the GY, banished in response)
    "My opponent's Goldd, Wu-Lord of Dark World activates its effect in the GY targeting my Set "
    "card. In response I banish Goldd, Wu-Lord of Dark World. Is my Set card destroyed?",
    # "change this face-up Attack Position card you control ..., and Special Summon that target"
    "My Wind-Up Rat activates its effect targeting a Wind-Up monster in my GY. In response my "
    "opponent destroys Wind-Up Rat. Is the target Special Summoned?",
    # "reduce this card's Level by 3, and if you do, destroy that target"
    "My opponent activates F.A. Dark Dragster's effect targeting my monster. In response I banish "
    "F.A. Dark Dragster. Is my monster destroyed?",
])
def test_a_part_after_one_done_to_the_card_itself_gone(base_expert, question):
    # the part asked about needs a part done to "this card", a new card once it moved
    # (game-rules#resolution.4): not "does it still resolve" (which says yes)
    a = base_expert.ask(question)
    assert a.value == "no"
    assert a.spec.get("family") == "clause-done"
    assert "removed-card-still-resolves" not in _rules(a)


def test_near_miss_the_part_asked_about_comes_first(base_expert):
    # Airorca: "destroy that target, then banish this card": the destruction does not need the
    # card itself, and the link still resolves
    a = base_expert.ask("My opponent activates Airorca's effect targeting my monster. In response "
                        "I banish Airorca. Is my monster destroyed?")
    assert a.value == "yes"


# -- hunt 124a: the game beyond the guides ----------------------------------------------------------

@pytest.mark.parametrize("told", [
    "My opponent Special Summons a monster with Glorious Numbers.",   # "..., then draw 1 card"
    "My opponent Special Summons a monster with Charge Into a Dark World, then discards a Fiend "
    "monster.",
])
def test_a_summon_followed_by_a_then_part_misses_a_when_trap(base_expert, told):
    # the "then" part is done after the Summon, not activated: the Chain answering the Summon is
    # not being built, and a "When ..." Trap misses its timing (game-rules#missing-the-timing.4)
    a = base_expert.ask(f"{told} Can I activate Torrential Tribute?")
    assert a.value == "no"
    assert "when-spell-trap-misses-timing" in _rules(a)


def test_near_miss_a_summon_with_nothing_after_it(base_expert):
    a = base_expert.ask("My opponent Special Summons a monster with Monster Reborn. Can I activate "
                        "Torrential Tribute?")
    assert a.value == "yes"


def test_an_attack_negated_is_not_the_attack_declaration(base_expert):
    # "When a monster's attack is negated": its event is the negation, never the declaration
    # followed by the negating card (which answered "its moment went by")
    a = base_expert.ask("Can I activate Double or Nothing!?", [
        "My monster attacks and my opponent negates the attack with Magic Cylinder."])
    assert a.value != "no"


def test_attack_position_in_a_trigger_is_no_attack(base_expert):
    # "When this Attack Position card you control is destroyed by battle": the destruction is last
    a = base_expert.ask("Can I activate Jurrac Velo's effect?", [
        "My Jurrac Velo attacks my opponent's monster.", "My Jurrac Velo is destroyed by battle."])
    assert a.value == "yes"


def test_a_trigger_asking_more_than_by_battle(base_expert):
    # "destroyed by battle with an opponent's attacking monster": the attacker was the asker's own
    # monster; the matching does not check who attacked, so no told event is taken as its event
    a = base_expert.ask("Can I activate its effect?", [
        "My Arnis, the Empowered Warrior attacks my opponent's monster.",
        "My Arnis, the Empowered Warrior is destroyed by battle."])
    assert a.value != "yes"


def test_near_miss_destroyed_by_battle_alone(base_expert):
    a = base_expert.ask("Can I activate its effect?", [
        "My opponent's monster attacks my Mystic Tomato.", "My Mystic Tomato is destroyed by battle."])
    assert a.value == "yes"


# -- round 125: quotations and kinds said as players say them ---------------------------------------

_CHUNJUN_QUOTE = ('"During the Main Phase (Quick Effect): You can Tribute 1 monster; Special Summon '
                  'this card from your hand."')


@pytest.mark.parametrize("said", [
    f"Swordsoul Auspice Chunjun say {_CHUNJUN_QUOTE} I can use it in the Main Phase of my opponent?",
    f"Swordsoul Auspice Chunjun: {_CHUNJUN_QUOTE} Can I use it during my opponent's Main Phase?",
])
def test_a_quotation_reported_with_say(base_expert, said):
    a = base_expert.ask(said)
    assert a.value == "yes"
    assert "opponent's main phase" in a.restated.lower()


def test_near_miss_a_quotation_its_text_does_not_hold(base_expert):
    with pytest.raises(QuestionError):
        base_expert.ask('Swordsoul Auspice Chunjun say "During the End Phase: You can draw 1 card." '
                        "I can use it in the Main Phase of my opponent?")


@pytest.mark.parametrize("kind,ok", [("a Counter Trap", True), ("a Quick-Play Spell", False)])
def test_a_kind_said_in_apposition(base_expert, kind, ok):
    # "World Legacy's Sorrow, a Counter Trap.": set aside as grounded when true; else it stays
    question = (f"The opponent activates World Legacy's Sorrow, {kind}. Can I respond in "
                "that Chain with Swordsoul Auspice Chunjun's \"During the Main Phase (Quick "
                "Effect)\" effect?")
    if ok:
        a = base_expert.ask(question)
        assert a.value == "no"
        assert any(c.kind == "grounded" and "Counter Trap" in c.written for c in a.reading.changes)
    else:
        with pytest.raises(QuestionError):
            base_expert.ask(question)


def test_inner_quotes_of_a_quotation(base_expert):
    # 'X: "You can only use 1 of the following effects of "X" per turn ..."': one quotation
    from psct_expert.grounded import inner_quotes

    text = ('Salamangreat Wolvie: "You can only use 1 of the following effects of "Salamangreat '
            'Wolvie" per turn, and only once that turn." Can I use both?')
    said, changes = inner_quotes(text, base_expert.db, base_expert.kb.families)
    assert "'Salamangreat Wolvie'" in said and len(changes) == 1
    # near miss: a quotation no card named holds stays as written
    other = 'Salamangreat Wolvie: "You can draw "1" card and "2" more." Can I?'
    assert inner_quotes(other, base_expert.db, base_expert.kb.families)[0] == other


def test_a_quotation_in_single_marks_held_by_the_card(base_expert):
    from psct_expert.grounded import inner_quotes

    said, _ = inner_quotes("can altergeist multifaker's 'if you activate a trap card' summon "
                           "trigger?", base_expert.db, base_expert.kb.families)
    assert '"if you activate a trap card"' in said
    # near miss: words the card does not say keep their marks
    said, _ = inner_quotes("can altergeist multifaker's 'if you draw a trap card' summon trigger?",
                           base_expert.db, base_expert.kb.families)
    assert "'if you draw a trap card'" in said


# -- hunt 125a: a response told moving another card than the target ---------------------------------

@pytest.mark.parametrize("told,card", [
    ("In response my opponent banishes Sangan from my GY with D.D. Crow.", "Sangan"),
    ("In response my opponent destroys Swords of Revealing Light with Twin Twisters.",
     "Swords of Revealing Light"),
])
def test_a_response_moving_another_named_card_leaves_the_target(base_expert, told, card):
    # the card named after the verb is what the response moves, never the target
    a = base_expert.ask("I activate Mystical Space Typhoon targeting my opponent's Set card. "
                        f"{told} Is the Set card destroyed?")
    assert a.value != "no"
    assert not any("left" in s for s in a.spec.get("suppose", []))


def test_the_activated_card_itself_moved_by_the_response(base_expert):
    # "destroys Ring of Destruction with MST": its own card left; a Normal Trap still resolves
    a = base_expert.ask("I activate Ring of Destruction targeting my opponent's face-up monster. In "
                        "response my opponent destroys Ring of Destruction with Mystical Space "
                        "Typhoon. Is the monster destroyed?")
    assert a.value == "yes"


def test_near_miss_the_response_moves_the_target(base_expert):
    a = base_expert.ask("I activate Mystical Space Typhoon targeting my opponent's Set card. In "
                        "response my opponent destroys that Set card with Twin Twisters. Is the Set "
                        "card destroyed?")
    assert a.value == "no"


def test_a_continuous_cards_gy_effect_is_not_its_on_field_activation(base_expert):
    # "If this card is sent from the field to the GY: ...": activated in the GY, its card banished
    # from there is no Continuous card gone from the field (game-rules#resolution.2)
    a = base_expert.ask("My Aquarium Lighting is sent from the field to the GY. I activate its effect "
                        "targeting an Aqua monster in my GY. My opponent chains D.D. Crow to banish "
                        "Aquarium Lighting from my GY. Does Aquarium Lighting's effect still resolve?")
    assert a.value != "no"
    assert "continuous-card-gone-no-effect" not in _rules(a)


# -- hunt 125b ---------------------------------------------------------------------------------------

def test_a_negation_told_of_a_cards_activation_that_does_not_negate(base_expert):
    # Skill Drain's negation is an effect of its text, not what activating it does
    with pytest.raises(QuestionError):
        base_expert.ask("Does Skill Drain start a chain when it negates a monster's effect?")


def test_near_miss_the_story_says_the_effect_that_does_it(base_expert):
    a = base_expert.ask("Does Premature Burial start a chain when it destroys the equipped monster?")
    assert a.value == "no"


def test_a_normal_summon_granted_by_a_chain_link_2(base_expert):
    # "immediately after this effect resolves, Normal Summon": made by that link, mid-Chain
    a = base_expert.ask("Can I negate that Normal Summon with Solemn Warning?", [
        "It is my opponent's Main Phase 1.", "I activate my Set Mystical Space Typhoon.",
        "My opponent chains Ultimate Offering's effect.",
        "Ultimate Offering's effect resolves and my opponent Normal Summons a monster."])
    assert a.value == "no"


def test_near_miss_the_granted_summon_at_chain_link_1(base_expert):
    a = base_expert.ask("Can I negate that Normal Summon with Solemn Warning?", [
        "My opponent activates Ultimate Offering's effect.",
        "Ultimate Offering's effect resolves and my opponent Normal Summons a monster."])
    assert a.value == "yes"


def test_near_miss_that_face_up_monster_flipped(base_expert):
    a = base_expert.ask("My opponent activates Effect Veiler targeting my monster. In response I flip "
                        "my monster face-down. Are my monster's effects negated?")
    assert a.value == "no"


def test_object_said_in_the_cards_words(base_expert):
    a = base_expert.ask("I activate Successor Soul, Tributing 1 Effect Monster as cost and targeting 1 "
                        "Effect Monster my opponent controls. My opponent chains an effect that "
                        "returns the targeted monster to the hand. When Successor Soul resolves, do I "
                        "Special Summon a Level 7 or higher Normal Monster from the hand or Deck?")
    assert a.value == "no"
    assert any(c.kind == "grounded" and "Level 7" in c.written for c in a.reading.changes)


def test_near_miss_an_object_its_text_does_not_say(base_expert):
    from psct_expert.grounded import object_as_its_text_says
    from psct_expert.parser.lexicon import Relexed

    r = Relexed("Does Successor Soul Special Summon a Level 4 or higher Normal Monster from the hand?")
    object_as_its_text_says(r, base_expert.db, base_expert.kb.families)
    assert "Level 4 or higher" in r.text and not r.changes


def test_its_own_quoted_summon_is_its_procedure(base_expert):
    a = base_expert.ask("opp has no monsters so i drop double headed dino king rex from hand with its "
                        "own 'if you control no monsters' summon. does that summon itself start a "
                        "chain, like can they chain a trap to the summon or nah")
    assert a.value == "no"
    # near miss: words its procedure does not hold stay, and are refused
    with pytest.raises(QuestionError):
        base_expert.ask("opp has no monsters so i drop double headed dino king rex from hand with its "
                        "own 'if you control a dragon' summon. does that summon itself start a chain")


def test_the_card_say_finds_the_card_whose_text_it_is(base_expert):
    a = base_expert.ask('My Orcustrated Return is negated by World Legacy\'s Sorrow. The card say "You '
                        'can only activate 1 "Orcustrated Return" per turn". I can activate the second '
                        "copy in the same turn?")
    assert a.value == "yes"
    assert any(c.kind == "grounded" and c.read == "Orcustrated Return" for c in a.reading.changes)


# -- conjunction questions as players write them (self-probes of the session) ------------------------

@pytest.mark.parametrize("question,expect", [
    ("When Pot of Duality resolves, is the shuffle done at the same time as the add?", "no"),
    ("Trap Tracks: if my target is gone when it resolves, can I still set a trap from my deck?", "no"),
    ("If the target of Monster Reborn is banished in response, does the summon still happen?", "no"),
])
def test_conjunction_questions_in_players_words(base_expert, question, expect):
    assert base_expert.ask(question).value == expect


def test_near_miss_can_i_still_set_with_no_supposition(base_expert):
    # "can I still set ...?" opening a question (no supposition before it) is not read as what an
    # effect does for its player
    from psct_expert.parser.lexicon import relex

    assert "do I still set" not in relex("Can I still set a trap from my deck this turn?").text


# -- hunt 126a: what the question says of the part is that part's text -------------------------------

_SOUL = ("I activate Successor Soul targeting my opponent's Effect Monster. They flip it face-down "
         "with Book of Moon in response. ")


@pytest.mark.parametrize("question", [
    _SOUL + "Do I still Special Summon a Normal Monster from my GY?",
    _SOUL + "Do I still Special Summon a Level 7 or higher Effect Monster from the hand or Deck?",
    "I activate Compulsory Evacuation Device targeting my opponent's monster. My opponent chains "
    "Book of Moon on it. Is it returned to the Deck?",
    "I activate Shock Troops of the Ice Barrier's effect targeting a WATER monster on the field. My "
    "opponent changes it to Defense Position in response. Do I still add an Ice Barrier monster from "
    "my Deck to my opponent's hand?",
    "I activate Crystron Citree's effect targeting a monster in my GY. My opponent banishes Crystron "
    "Citree in response. Is the monster still Special Summoned from my Deck?",
    "I activate Digital Bug Corebage's effect targeting my opponent's Defense Position monster. They "
    "change it to Attack Position in response. Is it placed on top of the Deck?",
])
def test_a_place_or_kind_the_part_does_not_say_is_refused(base_expert, question):
    with pytest.raises(QuestionError):
        base_expert.ask(question)


@pytest.mark.parametrize("question", [
    _SOUL + "Do I still Special Summon a Normal Monster from my hand?",
    "I activate Compulsory Evacuation Device targeting my opponent's monster. My opponent chains "
    "Book of Moon on it. Is it returned to the hand?",
])
def test_near_miss_the_place_its_text_says(base_expert, question):
    assert base_expert.ask(question).value == "yes"


def test_words_not_in_part():
    from psct_expert.situate.families.said import words_not_in_part

    text = "special summon 1 level 7 or higher normal monster from your hand or deck"
    assert words_not_in_part("do i still special summon a normal monster from my gy?", text) == \
        "from my gy"
    assert words_not_in_part("do i still special summon it from my deck?", text) is None
    # a part done to its target: "from X" is where the target is ("banish it")
    assert words_not_in_part("is it banished from the field?", "banish it") is None
    assert words_not_in_part("is it banished from the field?", "banish it",
                             "target 1 monster in your opponent's gy") == "from the field"


# -- hunt 126b ---------------------------------------------------------------------------------------

def test_a_waiting_trigger_after_a_sweep_resolved(base_expert):
    # Dark Hole resolved after the Summon: what it did to the Crane is not told (it moved it:
    # game-rules#missing-the-timing.17), never a yes
    a = base_expert.ask("Does Sacred Crane's effect activate?", [
        "My opponent activates Dark Hole.", "I chain Call of the Haunted targeting Sacred Crane in my GY.",
        "Call of the Haunted resolves and Special Summons Sacred Crane.", "Dark Hole resolves."])
    assert a.value != "yes"


def test_near_miss_nothing_resolved_after_the_trigger(base_expert):
    a = base_expert.ask("Does Sangan's effect activate?", [
        "My opponent activates Raigeki Break targeting my Sangan.",
        "Raigeki Break resolves and destroys my Sangan."])
    assert a.value == "yes"


def test_stats_said_after_a_name_with_the_apposition_reader(base_expert):
    # (the slow run) "(1800 ATK)" after a name is the stats reading, not the kind's apposition:
    # read as before, never a crash
    a = base_expert.ask("Can I activate Torrential Tribute?", [
        "My opponent Normal Summons Performapal Skullcrobat Joker (1800 ATK)."])
    assert a.value in ("yes", "no", "unknown")
