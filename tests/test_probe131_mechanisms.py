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
