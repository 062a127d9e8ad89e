"""Questions of topics I and J of the real rulings (once per turn/Chain/Duel, missing the timing,
the Damage Step) that need forms of their own.

For each form: the real ruling's wording, a paraphrase on other cards that reaches the right
spec and answer, and a near miss that is refused or answered differently.  The questions of one
shape are cases in tests/fixtures/questions/opt_timing.yaml; here, checks a case cannot say."""

import pytest
from psct_expert.cards import Card
from psct_expert.reader import read_card

from question_helpers import ask, events


# -- "X resolves and Special Summons itself, then Special Summons the Token to my field" --------

def test_summons_itself_then_a_token(base_expert):
    spec, value = ask(base_expert, "Nibiru, the Primal Being resolves and Special Summons itself, then "
                                   "Special Summons the Primal Being Token to my field. Can I then activate "
                                   "Bottomless Trap Hole to destroy Nibiru?")
    (act,) = events(spec, "activate")
    # the Token goes to my field, and Nibiru Summons it to its activator's opponent's field
    assert act["player"] == "opponent"
    first, then = act["does"]
    assert first["what"] == "Nibiru, the Primal Being" and "then" not in first
    assert then["then"] is True and spec["entities"][then["what"]]["controller"] == "you"
    assert spec["event"] == first["id"]
    assert value == "no"


def test_summons_itself_then_a_token_paraphrase(base_expert):
    spec, value = ask(base_expert, "My opponent's Epigonen, the Impersonation Invader resolves and Special "
                                   "Summons itself, then Special Summons the Epigonos Token. Can I then "
                                   "activate Bottomless Trap Hole to destroy Epigonen?")
    assert events(spec, "activate")[0]["does"][1]["then"] is True
    assert value == "no"


# -- "My X (properly Contact Fusion Summoned earlier) is in my GY ... I chain Y to revive X" -----

@pytest.mark.slow
def test_revived_mid_chain_paraphrase(base_expert):
    spec, value = ask(base_expert, "My Armageddon Knight is in my GY. My opponent activates Twin Twisters "
                                   "targeting two of my Spells/Traps, and I chain Call of the Haunted to "
                                   "revive Armageddon Knight. After the Chain resolves, can I activate "
                                   "Armageddon Knight's effect?")
    assert not events(spec, "summon")
    assert value == "no"


# -- reader: "once per Duel"; "You can only use each effect of "X" once per turn" ----------------

def _facts(text, type_):
    c = Card(name="Example Card", kind="monster", subtypes=("effect",), text=text, pendulum_text=None)
    return [dict(f.fields) for f in read_card(c).facts if f.type == type_]


def test_reader_once_per_duel():
    text = ('If this card is in your GY: You can Special Summon this card. You can only use this effect '
            'of "Example Card" once per Duel.')
    assert _facts(text, "once_per_duel") == [{"effect": "Example Card#1"}]
    assert _facts(text.replace("per Duel", "per turn"), "once_per_duel") == []


def test_reader_each_effect_limit_reaches_every_effect():
    text = ('You can Tribute this card; draw 1 card. If this card is in your GY: You can Special Summon '
            'this card. You can only use each effect of "Example Card" once per turn.')
    assert {f["effect"] for f in _facts(text, "once_per_turn")} == {"Example Card#1", "Example Card#2"}
    assert {f["effect"] for f in _facts(text, "limit_each_effect")} == {"Example Card#1", "Example Card#2"}
    # near miss: "this effect" limits only the effect it ends
    one = text.replace("each effect", "this effect")
    assert {f["effect"] for f in _facts(one, "once_per_turn")} == {"Example Card#2"}
    assert _facts(one, "limit_each_effect") == []


# -- "Can I activate X during the Damage Step to save my monster?"; a change of battle position ---

def test_reader_position_change():
    text = "Change all face-up monsters on the field to face-down Defense Position."
    c = Card(name="Example Card", kind="spell", subtypes=("quick-play",), text=text, pendulum_text=None)
    assert [dict(f.fields) for f in read_card(c).facts if f.type == "position_change"] == \
        [{"effect": "Example Card#1", "n": 1}]
    # near miss: a change of ATK is no change of position
    c = Card(name="Example Card", kind="spell", subtypes=("quick-play",),
             text="Target 1 face-up monster on the field; change its ATK to 0.", pendulum_text=None)
    assert not [f for f in read_card(c).facts if f.type == "position_change"]


