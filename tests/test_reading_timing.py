"""Reading questions as players write them (topics D and J: timing told as a story, the Damage
Step, Flip effects in battle).  Sentences of this file's own (not the shared acceptance cases);
each case is checked by tests/question_helpers.py's ``check_case``."""

import pytest

from question_helpers import check_case, count_checks

CASES = [
    # an attack told with its face-down target, and the attack's own flip in the Damage Step
    {"id": "player-attacks-face-down-then-flips", "answer": "yes",
     "ask": "My opponent attacks my face-down Hane-Hane. It flips face-up in the Damage Step. Does "
            "the Flip effect activate?",
     "spec": {"family": "flip-activates", "effect.card": "Hane-Hane"},
     "rules": ["flip-effect-attacked-and-stays"]},
    {"id": "flipped-in-damage-step-passive", "answer": "yes",
     "ask": "My face-down Hane-Hane is attacked. It gets flipped during the Damage Step. Does the "
            "flip effect still activate?"},
    # the attack told and nothing after it: the battle goes on, the attack flips it (lead)
    {"id": "attack-only-flips", "answer": "yes",
     "ask": "My opponent attacks my face-down Hane-Hane. Does the flip effect activate?"},
    {"id": "attack-negated-no-flip", "answer": "no",
     "ask": "My opponent attacks my face-down Hane-Hane and I negate the attack. Does the flip effect "
            "activate?"},
    {"id": "flip-in-another-phase-refused", "refused": ["during the End Phase"],
     "ask": "My opponent attacks my face-down Hane-Hane. It is flipped during the End Phase. Does "
            "the flip effect activate?"},
    # the card itself uses its Flip effect, for what it does
    {"id": "card-uses-its-flip-for-its-verb", "answer": "yes",
     "ask": "My face-down Hane-Hane is attacked and destroyed by battle. Can Hane-Hane still use "
            "its Flip effect to return the attacker?", "spec": {"family": "flip-activates"}},
    {"id": "flip-purpose-not-in-its-text", "refused": ["does not draw"],
     "ask": "My face-down Hane-Hane is attacked and destroyed by battle. Can Hane-Hane still use "
            "its Flip effect to draw a card?"},
    {"id": "flip-user-must-be-the-attacked", "refused": ["not the monster"],
     "ask": "My face-down Hane-Hane is attacked and destroyed by battle. Can Penguin Soldier still "
            "use its Flip effect?"},
    # the moment said before the question
    {"id": "fronted-damage-step-parts", "answer": "yes",
     "ask": "During the Damage Step, before damage calculation, can I activate Rush Recklessly?",
     "restated": ["before damage calculation"]},
    {"id": "fronted-bare-damage-step", "answer": "no",
     "ask": "Damage Step, before damage calculation: can I activate Twin Twisters?"},
    {"id": "question-by-card-and-moment", "answer": "yes",
     "ask": "Rush Recklessly in the damage step?",
     "spec": {"family": "can-activate-now", "situation.0.phase": "damage-step"}},
    {"id": "able-to-be-activated", "answer": "no",
     "ask": "Is Twin Twisters able to be activated during the damage step?"},
    {"id": "described-by-the-atk-it-gives", "answer": "no",
     "ask": "In the Damage Step, can I activate Twin Twisters on the Field Spell that gives their "
            "monster ATK?"},
    # an effect asked by what it gives or does, after a told story
    {"id": "card-does-its-verb", "answer": "yes",
     "ask": "I Synchro Summon a monster by using Sangan as material. Does Sangan still search?",
     "spec": {"family": "can-activate-now", "effect.card": "Sangan"}},
    {"id": "effect-goes-off", "answer": "yes",
     "ask": "I Synchro Summon a monster by using Sangan as material. Does Sangan's search go off?"},
    {"id": "do-i-get-its-search", "answer": "yes",
     "ask": "I Synchro Summon a monster by using Sangan as material. Do I get Sangan's search?"},
    {"id": "get-to-verb-with-card", "answer": "yes",
     "ask": "I Synchro Summon a monster by using Sangan as material. Do I get to search with "
            "Sangan?", "spec": {"effect.card": "Sangan"}},
    {"id": "get-to-verb-its-card-told-last", "refused": ["Salamangreat Almiraj fits 'search'"],
     "ask": "I use Sangan as the Link Material for Salamangreat Almiraj. Do I still get to "
            "search?"},
    # a card used as material, the monster it is for not named
    {"id": "used-as-material-no-monster", "answer": "yes",
     "ask": "I used Sangan as Link Material. Does Sangan still search?"},
    {"id": "used-as-material-passive-theirs", "answer": "yes",
     "ask": "My opponent's Sangan is used as Link Material. Does Sangan still search?",
     "spec": {"situation.0.player": "opponent"}},
    {"id": "used-as-material-when-optional-misses", "answer": "no",
     "ask": "Gusto Falco used as synchro material. Does its effect activate?"},
    # a Tribute for a Tribute Summon of a monster not named, and "after the Summon"
    {"id": "tributed-to-tribute-summon", "answer": "yes",
     "ask": "I tributed Sangan to tribute summon. Can I use Sangan's effect after the summon?"},
    {"id": "tributed-when-optional-misses", "answer": "no",
     "ask": "I tributed Peten the Dark Clown to tribute summon. Can I use its effect after the "
            "summon?"},
    # what is said of a move is never dropped
    # (told first, a Chain told by its links' numbers is read: sisterGK; after a told activation
    # the link number has no place)
    {"id": "as-chain-link-refused", "refused": ["as Chain Link 2"],
     "ask": "I activate Pot of Greed. Sangan is destroyed as Chain Link 2. Does Sangan still search?"},
    # "does X miss the timing?" after a story: can it be activated at this point, turned over
    {"id": "misses-timing-after-story-yes", "answer": "yes",
     "ask": "I Link Summon a monster using Peten the Dark Clown as material. Does Peten the Dark "
            "Clown miss the timing?", "spec": {"said_as": "misses-timing"},
     "restated": ["miss the timing at this point"], "rules": ["when-optional-misses-timing"]},
    {"id": "misses-timing-after-story-no", "answer": "no",
     "ask": "I Link Summon a monster using Sangan as material. Does Sangan miss the timing?"},
    {"id": "misses-timing-supposed-after", "answer": "yes",
     "ask": "Does Peten the Dark Clown miss the timing if I tribute it for a tribute summon?",
     "spec": {"situation.0.summon-kind": "tribute"}},
    {"id": "misses-timing-supposed-after-when", "answer": "no",
     "ask": "Does Sangan miss the timing when it is used as Link Material?"},
    {"id": "ever-miss-with-story-refused", "refused": ["what kind of trigger"],
     "ask": "Can Peten the Dark Clown ever miss the timing if it is used as link material?"},
    # a cost told in the passive
    {"id": "passive-cost-for-a-card", "answer": "no",
     "ask": "Mystic Tomato is discarded as a cost for Raigeki Break. Can I activate its effect?",
     "spec": {"situation.0.cost.0.action": "discarded"}},
    # a protection told or written, asked of "it" or of a named card
    {"id": "told-protection-passive-it", "answer": "yes",
     "ask": "My opponent's monster cannot be targeted by card effects. Can it still be destroyed "
            "by Torrential Tribute?", "spec": {"family": "can-target"}},
    {"id": "told-protection-does-it", "answer": "yes",
     "ask": "My opponent's monster cannot be targeted by card effects. Does Lightning Vortex "
            "still destroy it?"},
    {"id": "named-card-own-protection", "answer": "yes",
     "ask": "Can Lightning Vortex destroy my opponent's Number 97: Draglubion?",
     "spec": {"family": "can-target"}},
    {"id": "named-card-other-protection-refused", "refused": ["Cannot be destroyed"],
     "ask": "Can Lightning Vortex destroy my opponent's Red-Eyes Dark Dragoon?"},
    {"id": "one-players-protection-other-user-refused", "refused": ["other player's effects"],
     "ask": "My opponent's monster cannot be targeted by my card effects. Can my opponent's "
            "Mystical Space Typhoon destroy it?"},
    # an effect that does not target: whose protection it is does not matter; whose cards it
    # reaches does
    {"id": "one-players-protection-effect-never-targets", "answer": "yes",
     "ask": "My opponent's monster cannot be targeted by my card effects. Can my opponent's "
            "Dark Hole destroy it?"},
    {"id": "sweep-of-the-other-players-cards-refused", "refused": ["affects only the cards of"],
     "ask": "My opponent's monster cannot be targeted by my card effects. Can my opponent's "
            "Raigeki destroy it?"},
    {"id": "one-players-protection-my-is-not-whose-card", "answer": "no",
     "ask": "Can I use Book of Moon on a monster that cannot be targeted by my card effects?",
     "lacks": {"entities.m1": ["controller"]}},
    # an effect named by its text quoted in another form, or by what it does in other words
    {"id": "quote-in-another-form", "answer": "yes",
     "ask": "Does Borreload Dragon's \"lose 500 ATK/DEF\" effect target?",
     "spec": {"effect.n": 2}},
    {"id": "quote-not-in-the-text", "refused": ["no effect of Borreload Dragon fits"],
     "ask": "Does Borreload Dragon's \"gains 500 ATK\" effect target?"},
    {"id": "described-by-a-synonym", "answer": "yes",
     "ask": "Does Borreload Dragon's ATK-lowering effect target?", "spec": {"effect.n": 2}},
    # an archetype in lower case is a word of a name; an English word stays unplaced
    {"id": "lower-case-archetype", "answer": "yes",
     "ask": "My opponent activates Monster Reborn targeting a madolche in their GY. Can I chain "
            "Called by the Grave?"},
    {"id": "english-word-is-no-archetype", "refused": ["'hole'"],
     "ask": "My opponent activates Monster Reborn targeting a hole in their GY. Can I chain "
            "Called by the Grave?"},
]


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_reading_timing(base_expert, case):
    assert check_case(base_expert, case) == count_checks(case)
