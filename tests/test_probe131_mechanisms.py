"""Rounds 130 and 131 and hunts 131a/131b (the session after `937356a7`): mechanisms of reading
and of the game, each with its near miss."""

import pytest

from psct_expert.errors import QuestionError

pytestmark = pytest.mark.slow


# -- hunt 131b: a Spell/Trap being activated is on its player's field -----------------------------

@pytest.mark.parametrize("scenario, question", [
    (["It is my opponent's Main Phase 1.", "I control no cards.",
      "My opponent controls a face-up Effect Monster.",
      "I activate Cosmic Cyclone from my hand targeting my opponent's Set card."],
     "Can I chain Infinite Impermanence from my hand?"),
    ([], "I control no cards. I activate Called by the Grave from my hand. Can I chain Infinite "
         "Impermanence from my hand to it?"),
    # a Field Spell stays on the field
    ([], "It is my Main Phase 1. I control no cards. My opponent controls a face-up Effect Monster. "
         "I activate Mystic Mine. Can I chain Infinite Impermanence from my hand?"),
])
def test_my_own_spell_on_the_chain_is_a_card_i_control(base_expert, scenario, question):
    # "If you control no cards, you can activate this card from your hand": the Spell I activated
    # is on my field while it is on the Chain (game-rules#chain.13, #activation-legality.17)
    a = base_expert.ask(question, scenario or None)
    assert a.value == "no"
    assert "control-none-unmet-by-an-activated-spell-trap" in a.rules()


@pytest.mark.parametrize("scenario", [
    # the opponent's Spell is on their field, not mine
    ["It is my opponent's Main Phase 1.", "I control no cards.",
     "My opponent controls a face-up Effect Monster.", "My opponent activates Raigeki."],
    # a monster sent from my hand as a cost leaves nothing on my field
    ["It is my opponent's Main Phase 1.", "I control no cards.",
     "My opponent controls a face-up Effect Monster.", "My opponent activates Dark Hole.",
     "I chain Effect Veiler from my hand."],
])
def test_near_miss_no_card_of_mine_is_on_the_field(base_expert, scenario):
    a = base_expert.ask("Can I chain Infinite Impermanence from my hand?", scenario)
    assert a.value == "yes"
    assert "control-none-unmet-by-an-activated-spell-trap" not in a.rules()


# -- hunt 131a: a card that answers a Summon, asked of a Summon by a card's own procedure ---------

@pytest.mark.parametrize("question", [
    "can i respond to the summon of cyber dragon with torrential tribute?",
    "can i respond to my opponent's summon of cyber dragon with bottomless trap hole?",
    "can I chain Torrential Tribute to the summon of Cyber Dragon?",
])
def test_a_summon_window_card_is_not_answered_by_whether_the_summon_starts_a_chain(base_expert,
                                                                                  question):
    # Cyber Dragon's own Summon starts no Chain, but Torrential Tribute is activated in the
    # Summon's own window after it (game-rules#summon-kinds.14): "no" would be wrong
    with pytest.raises(QuestionError, match="answers the Summon itself"):
        base_expert.ask(question)


def test_near_miss_a_quick_effect_still_asks_whether_the_summon_starts_a_chain(base_expert):
    a = base_expert.ask("Can I chain Ash Blossom & Joyous Spring to the Special Summon of Cyber "
                        "Dragon?")
    assert a.value == "no"
    assert "Cyber Dragon start a Chain" in a.restated


# -- round 131: a card said first as the topic ("X: i ...", "X quick eff: i target ...") ----------

def test_a_topic_effect_then_a_player_targeting_is_that_effect_activated(base_expert):
    # "X quick eff: i target opp's monster, ...": the topic's effect, activated targeting it
    a = base_expert.ask("world armor quick eff: i target opp's extra deck monster, opp responds and "
                        "banishes world armor. does their monster still get bounced?")
    assert a.value == "no"
    assert "third effect of World Legacy" in a.restated
    assert "both-with-itself-gone-target" in a.rules()


def test_near_miss_a_topic_effect_then_a_story_with_no_target_is_left_as_written():
    from psct_expert.rereading import _TOPIC_TARGETING
    assert _TOPIC_TARGETING.match("i target opp's monster") is not None
    assert _TOPIC_TARGETING.match("i activate it targeting opp's monster") is None


@pytest.mark.parametrize("rest, read", [
    # the first pointer of the story is the topic: "it", "its", "the (quick) effect"
    ("i discard it for the quick effect. can i use its other effect this turn?",
     "i discard Raviel, Lord of Phantasms - Shimmering Scraper for"),
    ("I use the Quick Effect from my hand. Can I use its other effect this turn?",
     "I use Reptilianne Nyami's Quick Effect from my hand"),
])
def test_the_first_pointer_of_the_story_is_the_topic(base_expert, rest, read):
    from psct_expert.parser.lexicon import Relexed
    from psct_expert.rereading import topic_said_again
    card = "Raviel, Lord of Phantasms - Shimmering Scraper" if "discard" in rest else "Reptilianne Nyami"
    r = Relexed(f"{card}: {rest}", [])
    topic_said_again(r, base_expert.db, base_expert.kb.families)
    assert r.text.lower().startswith(read.lower())


def test_near_miss_another_card_named_before_the_pointer_keeps_the_topic(base_expert):
    # "X: my opponent activates Y, I chain it ...": "it" after another card is not the topic's
    from psct_expert.parser.lexicon import Relexed
    from psct_expert.rereading import topic_said_again
    text = "Reptilianne Nyami: my opponent activates Raigeki and I chain it. Is that legal?"
    r = Relexed(text, [])
    topic_said_again(r, base_expert.db, base_expert.kb.families)
    assert "Raigeki and I chain Reptilianne Nyami" not in r.text


# -- hunt 131c: what a player controls or has, as the story changes it ------------------------------

_IMPERM = "Can I activate Infinite Impermanence from my hand?"


@pytest.mark.parametrize("scenario", [
    # a Chain Link resolved after "I control X": what it destroyed is not told card by card
    ["It is my opponent's Main Phase 1.", "My opponent controls face-up Dark Magician.",
     "I control Blue-Eyes White Dragon.", "My opponent activates Raigeki.", "Raigeki resolves."],
    # two Set cards told, one destroyed: one may remain
    ["It is my opponent's Main Phase 1.", "My opponent controls face-up Dark Magician.",
     "I control two Set cards.", "My opponent activates Mystical Space Typhoon targeting one of my "
     "Set cards.", "Mystical Space Typhoon resolves."],
    # my own Monster Reborn resolved after "I control no cards"
    ["It is my Main Phase 1.", "My opponent controls face-up Dark Magician.", "I control no cards.",
     "I activate Monster Reborn targeting Blue-Eyes White Dragon in my GY.", "Monster Reborn resolves."],
])
def test_a_holding_told_before_something_moved_leaves_no_cards_open(base_expert, scenario):
    a = base_expert.ask(_IMPERM, scenario)
    assert a.value == "unknown"
    assert any("could have moved it" in m or "may have put a card" in m for m in a.missing_plain)


def test_near_miss_a_holding_nothing_changed_still_decides(base_expert):
    a = base_expert.ask("Can I chain Infinite Impermanence from my hand?",
                        ["It is my opponent's Main Phase 1.", "My opponent controls face-up Dark Magician.",
                         "I control a Set card.", "My opponent activates Raigeki."])
    assert a.value == "no"
    assert "control-none-condition-unmet" in a.rules()


@pytest.mark.parametrize("summon", ["I Normal Summon Kuriboh.", "I Special Summon Cyber Dragon."])
def test_a_monster_i_summoned_is_a_card_i_control(base_expert, summon):
    a = base_expert.ask(_IMPERM, ["It is my Main Phase 1.", "My opponent controls face-up Dark Magician.",
                                  "I control no cards.", summon])
    assert a.value == "no"
    assert "control-none-unmet-by-a-summoned-monster" in a.rules()


def test_near_miss_the_opponent_summoned_the_monster(base_expert):
    a = base_expert.ask(_IMPERM, ["It is my opponent's Main Phase 1.", "I control no cards.",
                                  "My opponent Normal Summons Dark Magician."])
    assert "control-none-unmet-by-a-summoned-monster" not in a.rules()
    assert a.value == "yes"


@pytest.mark.parametrize("cards, answer", [("I have 2 cards in my hand.", "no"),
                                           ("I have 1 card in my hand.", "yes")])
def test_this_is_the_only_card_in_your_hand(base_expert, cards, answer):
    # Goddess of Sweet Revenge: "While you control no cards and this is the only card in your
    # hand, when an opponent's monster declares an attack: ..."
    a = base_expert.ask("Can I activate the effect of Goddess of Sweet Revenge?",
                        ["It is my opponent's Battle Phase.", cards, "I control no cards.",
                         "My opponent's Dark Magician declares an attack."])
    assert a.value == answer
    assert ("only-card-in-hand-unmet" in a.rules()) == (answer == "no")


# -- hunt 131d: "activates X and destroys Y with it" is what X does as it resolves -----------------

@pytest.mark.parametrize("question", [
    "My opponent activates Dark Hole and destroys my Peten the Dark Clown with it. Can I activate "
    "Peten the Dark Clown's effect?",
    "I activate Graceful Charity and discard Peten the Dark Clown with it. Can I activate Peten the "
    "Dark Clown's effect?",
    # the link chained after it resolves first; its own resolution is still the last thing
    "My opponent activates Dark Hole. I chain Book of Moon. My opponent destroys my Peten the Dark "
    "Clown with Dark Hole. Can I activate Peten the Dark Clown's effect?",
])
def test_a_card_moved_with_the_link_told_before_is_that_link_resolving(base_expert, question):
    # one card is never its own Chain Link 2: the move is the last thing of Chain Link 1
    # (game-rules#missing-the-timing.1, .6)
    a = base_expert.ask(question)
    assert a.value == "yes"
    acts = [e for e in a.spec["situation"] if e["kind"] == "activate"]
    assert len({e["effect"]["card"] for e in acts}) == len(acts)


def test_near_miss_a_card_moved_with_a_card_not_yet_activated_is_a_new_link(base_expert):
    # Dark Hole was not activated before: it is Chain Link 3, and the links under it resolve
    # after the destruction, so Peten's "When" effect misses the timing
    a = base_expert.ask("My opponent activates Mystical Space Typhoon. I chain Book of Moon. My "
                        "opponent destroys my Peten the Dark Clown with Dark Hole. Can I activate "
                        "Peten the Dark Clown's effect?")
    assert a.value == "no"
    acts = [e for e in a.spec["situation"] if e["kind"] == "activate"]
    assert [e["effect"]["card"] for e in acts][-1] == "Dark Hole"


# -- blockers of dev rounds: a card described on a field, a face-up card a player "has" -------------

@pytest.mark.parametrize("told", ["A Set card is on my field.", "I have a Set card."])
def test_a_described_card_on_a_players_field_is_one_they_control(base_expert, told):
    a = base_expert.ask("Can I activate Infinite Impermanence from my hand?",
                        [told, "It is my opponent's Main Phase 1.",
                         "My opponent controls face-up Dark Magician."])
    assert a.value == "no"
    assert "control-none-condition-unmet" in a.rules()


def test_near_miss_a_described_card_on_no_ones_field_is_refused(base_expert):
    with pytest.raises(QuestionError, match="on whose field"):
        base_expert.ask("Can I activate Mystical Space Typhoon?",
                        ["A face-up Field Spell is on the field."])


@pytest.mark.parametrize("tag", ["It is possible?", "it's legal?", "This is allowed?"])
def test_a_legality_tag_said_as_a_statement_asks_the_proposal(base_expert, tag):
    # non-native English: "I chain X. It is possible?" is "Can I chain X to it?"
    a = base_expert.ask(f"My opponent activates Pot of Greed. I chain Ash Blossom & Joyous Spring. {tag}")
    assert "chained to the activation" in a.restated


def test_near_miss_a_statement_with_no_tag_is_not_a_question_of_legality(base_expert):
    with pytest.raises(QuestionError):
        base_expert.ask("My opponent activates Pot of Greed. I chain Ash Blossom & Joyous Spring. "
                        "It is strange?")


# -- hunt 131e: "both targets" says "targets": each must still meet its requirements ---------------

@pytest.mark.parametrize("asked", ["Summoned Skull", "Dark Magician"])
def test_both_targets_one_turned_face_down_affects_neither(base_expert, asked):
    # Double Magical Arm Bind: "... target 2 face-up monsters your opponent controls; take control
    # of both targets ...": the word "targets" (psct-guide#5; punctuation-it "entrambi (quei)
    # bersagli")
    a = base_expert.ask(f"Does Double Magical Arm Bind take control of {asked}?",
                        ["I activate Double Magical Arm Bind targeting Dark Magician and Summoned Skull.",
                         "My opponent chains Book of Moon targeting Dark Magician.", "The chain resolves."])
    assert a.value == "no"
    # the other target: "both" spoils it; the flipped one itself no longer meets "face-up"
    assert ("both-all-or-nothing" if asked == "Summoned Skull" else "that-target-not-affected") \
        in a.rules()


def test_near_miss_banish_both_without_the_word_targets_still_banishes_both(base_expert):
    a = base_expert.ask("Are both monsters banished?",
                        ["I activate S:P Little Knight's second effect targeting Dark Magician and "
                         "Summoned Skull.", "My opponent chains Book of Moon targeting Dark Magician."])
    assert a.value == "yes"
    assert "both-still-correct-in-place" in a.rules()


def test_the_word_targets_after_both_is_read_as_a_reference_to_the_targets(base_expert):
    from psct_expert.reader import read_card
    refs = {f.get("kind") for f in read_card(base_expert.db.get("Double Magical Arm Bind")).facts
            if f.type == "reference"}
    assert {"both", "that-target"} <= refs


def test_opp_before_a_card_and_its_verb_is_the_opponents_card(base_expert):
    from psct_expert.rereading import relex_around_names
    got = relex_around_names("opp Zoodiac Drident detaches a material and targets my card.",
                             base_expert.db, base_expert.kb.families)
    assert got.text.lower().startswith("my opponent's zoodiac drident detaches")


def test_near_miss_opp_before_a_card_said_as_a_verb_is_left(base_expert):
    from psct_expert.rereading import relex_around_names
    got = relex_around_names("opp Dark Hole'd my board.", base_expert.db, base_expert.kb.families)
    assert "opponent's" not in got.text


# -- round 131: a name whose last word is cut short ("silent mag") -----------------------------------

@pytest.mark.parametrize("said, card", [("silent mag", "Silent Magician"),
                                        ("Silent Mag", "Silent Magician")])
def test_a_name_with_its_last_word_cut_short_is_the_one_card_so_named(base_expert, said, card):
    got = base_expert.db.partial(said)
    assert got is not None and got.name == card


@pytest.mark.parametrize("said", ["mag", "silent", "silent magic hat"])
def test_near_miss_one_word_or_words_no_name_has_whole_name_no_card(base_expert, said):
    # one word cut short names nothing; the whole name must be said (as many words)
    got = base_expert.db.partial(said)
    assert got is None or got.name != "Silent Magician"


def test_a_cut_short_name_reads_in_a_question(base_expert):
    a = base_expert.ask("Does the Special Summon of silent mag start a Chain?")
    assert a.value == "no"
    assert "Silent Magician" in a.restated


# -- hunt 131g: a trigger on its own card leaving the field is not activated on the field ----------

@pytest.mark.parametrize("question", [
    "My opponent activates the effect of Witch of the Black Forest and I chain Breakthrough Skill "
    "targeting it. Is the effect negated?",
    "My opponent activates the second effect of Card Trooper and I chain Infinite Impermanence "
    "targeting it. Is the effect negated?",
])
def test_negating_a_face_up_monster_does_not_reach_its_gy_trigger(base_expert, question):
    # "If this card is sent from the field to the GY: ...": activated in the GY, where "negate the
    # effects of that face-up monster" does not reach (game-rules#resolution.13)
    a = base_expert.ask(question)
    assert a.value != "yes"
    assert "negating-monster-reaches-its-chained-effect" not in a.rules()


def test_near_miss_its_effect_activated_on_the_field_is_reached(base_expert):
    a = base_expert.ask("My opponent activates the first effect of Card Trooper and I chain Infinite "
                        "Impermanence targeting it. Is the effect negated?")
    assert a.value == "yes"
    assert "negating-monster-reaches-its-chained-effect" in a.rules()


# -- hunt 131h: moves of the card told as what its own activation did ------------------------------

_LONEFIRE = "Can Lonefire Blossom use its effect again this turn?"


def test_a_card_that_left_and_came_back_after_its_soft_limit_is_a_new_card(base_expert):
    a = base_expert.ask(_LONEFIRE, ["I activated Lonefire Blossom's effect.",
                                    "Lonefire Blossom was banished.",
                                    "Lonefire Blossom was Special Summoned."])
    assert a.value == "yes"


def test_near_miss_a_card_that_stayed_has_spent_its_soft_limit(base_expert):
    a = base_expert.ask(_LONEFIRE, ["I activated Lonefire Blossom's effect."])
    assert a.value == "no"


# -- hunt 131j: "can i chain strike?" is the verb, then Solemn Strike ------------------------------

def test_chain_after_a_player_before_a_nickname_is_the_verb(base_expert):
    a = base_expert.ask("opp activates warning on my summon. can i chain strike?")
    assert "Solemn Strike" in a.restated and "Chain Strike" not in a.restated


@pytest.mark.parametrize("question", ["My opponent activates Raigeki. Can I activate Chain Strike?",
                                      "opp activates solemn judgment. can i chain chain strike?"])
def test_near_miss_the_card_chain_strike_named_as_an_object(base_expert, question):
    a = base_expert.ask(question)
    assert "Chain Strike" in a.restated


# -- hunt 131k: parts of Continuous cards that are never activated ----------------------------------

def test_the_when_this_card_is_activated_part_makes_no_link_of_its_own(base_expert):
    # game-rules#resolution.12: it resolves with the card's own activation
    with pytest.raises(QuestionError, match="resolves with the card's own activation"):
        base_expert.ask("Is the first effect of Brilliant Fusion placed on the chain as its own "
                        "chain link?")


def test_near_miss_activating_that_card_starts_a_chain(base_expert):
    a = base_expert.ask("Does activating Brilliant Fusion start a Chain?")
    assert a.value == "yes"


def test_an_effect_with_no_colon_or_semicolon_cannot_be_chained_to(base_expert):
    # Call of the Haunted's "When this card leaves the field, destroy that monster." (game-rules#chain.10)
    with pytest.raises(QuestionError, match="never activated"):
        base_expert.ask("Can my opponent chain Mystical Space Typhoon to the second effect of Call "
                        "of the Haunted?", ["Call of the Haunted leaves the field."])


def test_near_miss_the_cards_own_activation_can_be_chained_to(base_expert):
    a = base_expert.ask("I activate Call of the Haunted. Can my opponent chain Mystical Space "
                        "Typhoon to it?")
    assert a.value == "yes"


# -- hunt 131l: "that would inflict damage" is damage replaced or negated, never dealt -------------

@pytest.mark.parametrize("card", ["Prime Material Dragon", "Energy-Absorbing Monolith"])
def test_would_inflict_damage_is_not_damage_the_card_deals(base_expert, card):
    with pytest.raises(QuestionError, match="no part read as losing LP or inflicting damage"):
        base_expert.ask(f"Is the damage from {card} effect damage?")


def test_near_miss_inflict_damage_is_effect_damage(base_expert):
    a = base_expert.ask("Is the damage from Ookazi effect damage?")
    assert a.value == "yes"
