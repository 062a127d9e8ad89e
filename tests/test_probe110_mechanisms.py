"""Mechanisms of the session after 8abfd04 (blind-probe rounds 109 and 110, hunts 96 and 97),
each with its near miss."""

import pytest

from psct_expert.errors import QuestionError

pytestmark = pytest.mark.slow

_DOOM = ["I activate Destiny HERO - Doom Lord's effect targeting a monster my opponent controls."]


def test_the_activating_card_changed_is_not_its_target(base_expert):
    # "You must control this face-up Attack Position card to activate and to resolve this effect":
    # the card itself changed to Defense Position, so its target is not banished
    a = base_expert.ask("Is their monster still banished by Doom Lord?", _DOOM + [
        "My opponent chains an effect that changes Doom Lord to face-up Defense Position."])
    assert a.value == "no"
    assert "game-rules#activation-legality.2" in a.citations()


def test_near_miss_a_change_of_the_card_that_breaks_nothing_is_refused(base_expert):
    with pytest.raises(QuestionError, match="turned attack before its effect resolved"):
        base_expert.ask("Is their monster still banished by Doom Lord?", _DOOM + [
            "My opponent chains an effect that changes Doom Lord to face-up Attack Position."])


def test_an_unnamed_card_asked_whether_it_resolves_is_refused_not_crashed(base_expert):
    with pytest.raises(QuestionError):
        base_expert.ask("Does their Normal Spell still resolve?", [
            "My opponent activates a Normal Spell.",
            "I chain Diabellstar Vengeance's Quick Effect, pay half my LP, target that Spell and "
            "destroy it."])
