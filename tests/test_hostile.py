"""Wrong answers found by hostile questions (bench/hostile.yaml), each class with sentences of this
file's own: what the story says must not be read past what the cards can do.  Cheap: a few asks
in the default run, each checked by tests/question_helpers.py's ``check_case``."""

import pytest

from question_helpers import check_case, count_checks

CASES = [
    # a target's change made by a link that a later link negated did not happen
    # (game-rules#resolution.6-7): CL2 "banishes it", CL3 negates CL2: CL1's target is still there
    {"id": "negated-response-changed-nothing", "answer": "not no",
     "ask": "I activate Monster Reborn targeting a monster in my GY; my opponent chains D.D. Crow "
            "targeting it, and I chain Divine Wrath to negate it. Does Monster Reborn Special "
            "Summon my monster?", "spec": {"suppose.?left.#": 0}},
    {"id": "negated-flip-changed-nothing", "answer": "not no",
     "ask": "I activate Soul Taker on my opponent's face-up monster, they chain Book of Moon on that "
            "monster, and I chain Magic Jammer to negate it. Is their monster destroyed?"},
    # a later link whose card negates, with what it did not told: refused, not read as nothing
    {"id": "negator-chained-untold", "refused": ["say what it did"],
     "ask": "I activate Monster Reborn targeting a monster in my GY, my opponent chains Called by "
            "the Grave targeting it, and I chain Magic Jammer. Does Monster Reborn Special Summon "
            "the monster?"},
    {"id": "negator-chained-to-remover-untold", "refused": ["say what it did"],
     "ask": "My opponent activates Call of the Haunted targeting a monster in their GY, I chain "
            "Twin Twisters to destroy it, and they chain Magic Jammer. Is their monster Special "
            "Summoned?"},
    # a later link that cannot negate leaves the change standing
    {"id": "non-negator-chained-keeps-change", "answer": "no",
     "ask": "I activate Monster Reborn targeting a monster in my GY; my opponent chains D.D. Crow "
            "targeting it, and I chain Forbidden Lance. Does Monster Reborn Special Summon my "
            "monster?"},
    # a target written plural ("target up to 2 Spells/Traps") is of that kind as the singular is:
    # "it" after such a response is the activated Spell/Trap, not the monster it targets
    {"id": "plural-kind-target-it", "answer": "yes",
     "ask": "I activate Monster Reborn targeting a monster in my GY and my opponent chains Twin "
            "Twisters to destroy it. Does Monster Reborn Special Summon it?"},
    # a response told to target a card its text cannot target, by whose card it is: refused
    {"id": "response-wrong-side-target", "refused": ["targets only", "not one"],
     "ask": "My opponent activates Monster Reborn targeting a monster in my GY, and I chain D.D. "
            "Crow on it. Does Monster Reborn Special Summon it?"},
    # "it" after a response that can act on the activated Spell/Trap as well as on the card that
    # Spell targets: either card; refused, not read as one of them
    {"id": "it-either-card", "refused": ["which card is 'it'"],
     "ask": "I activate Soul Taker on my opponent's monster, and they chain Zoodiac Drident's "
            "effect to destroy it. Is their monster destroyed?"},
    # the same "it" told as a move with the card that does it, or after the chained card: the
    # card its text can act on
    {"id": "it-moved-with-kind", "answer": "yes",
     "ask": "I activate Monster Reborn targeting a monster in my GY. In response my opponent "
            "banishes it with Cosmic Cyclone. Does Monster Reborn Special Summon it?"},
    {"id": "it-moved-after-chain", "answer": "not no",
     "ask": "I activate Compulsory Evacuation Device on my opponent's monster. My opponent chains "
            "Mystical Space Typhoon. My opponent destroys it in response. Is their monster "
            "returned to the hand?"},
    {"id": "it-moved-by-gerund", "answer": "not no",
     "ask": "My opponent activates Compulsory Evacuation Device on my monster. I respond by "
            "destroying it with Twin Twisters. Is my monster returned to my hand?"},
    # a response told to target "it": the card its text can target ("on it" after a Spell that
    # targets a monster, by a card that targets Spells/Traps, is that Spell)
    {"id": "it-told-target-kind", "answer": "not no",
     "ask": "I activate Monster Reborn on a monster in my GY and my opponent chains Mystical Space "
            "Typhoon on it. Does Monster Reborn Special Summon it?"},
    {"id": "that-card-told-target-kind", "answer": "not no",
     "ask": "My opponent activates Compulsory Evacuation Device on my monster. I chain Mystical "
            "Space Typhoon targeting that card. Is my monster returned to my hand?"},
    # "it" read as the answered card only when the responding card's text can act on it: a Trap
    # answering an attack (its target, the attacker, untold) is not what CED returns
    {"id": "it-not-answered-card-kind", "refused": ["which card is 'it'"],
     "ask": "My monster attacks and my opponent activates Sakuretsu Armor. I chain Compulsory "
            "Evacuation Device to return it to my hand. Is my monster destroyed?"},
    # an Ignition effect told chained to a link: the story cannot happen
    {"id": "ignition-chained", "refused": ["Ignition effect"],
     "ask": "I activate Compulsory Evacuation Device on my opponent's monster and they chain "
            "Exiled Force's effect to destroy it. Is their monster returned to the hand?"},
    # a monster's effect activated on the field: its card is a candidate for "it" too
    {"id": "it-monster-either", "refused": ["which card is 'it'"],
     "ask": "I activate Chaos Sorcerer's effect on my opponent's face-up monster and they chain "
            "Compulsory Evacuation Device to return it to the hand. Is their monster banished?"},
]

# the default run keeps ~10 asks; these repeat a mechanism another case shows
SECOND = {"non-negator-chained-keeps-change", "negated-flip-changed-nothing", "it-moved-after-chain",
          "it-moved-by-gerund", "that-card-told-target-kind"}


@pytest.mark.parametrize("case", [pytest.param(c, marks=pytest.mark.slow) if c["id"] in SECOND
                                  else c for c in CASES], ids=[c["id"] for c in CASES])
def test_hostile(base_expert, case):
    assert check_case(base_expert, case) == count_checks(case)
