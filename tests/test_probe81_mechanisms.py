"""Mechanisms of the session after `9216994` (issues 22 and 23), found by the dev rounds, round 81
and hostile probes.  Sentences written for these tests, not the shared cases; each test has its
near miss."""

import pytest


@pytest.mark.slow
def test_the_last_link_told_resolves_and_a_negator_to_negate_it_reads_its_own_text(base_expert):
    # "I chain X to negate it": X negates only the activation (its text), so the link it answers
    # is negated; X is the last link told, so nothing answers it and it resolves
    a = base_expert.ask("Opponent activates Monster Reborn, I chain Dark Bribe to negate it. "
                        "Does my opponent draw 1 card?")
    assert a.value == "yes" and "link-nothing-negates-resolves" in a.rules()
    # the card it answers, named instead of "it"
    n = base_expert.ask("Opponent activates Monster Reborn, I chain Dark Bribe to negate Monster "
                        "Reborn. Does my opponent draw 1 card?")
    assert n.value == "yes"
    # near miss: a Counter Trap told chained to it answers it, so it is not said to resolve
    b = base_expert.ask("Opponent activates Monster Reborn, I chain Dark Bribe to negate it, my "
                        "opponent chains Solemn Judgment to negate it. Does my opponent draw 1 card?")
    assert b.value == "no" and "link-nothing-negates-resolves" not in b.rules()


@pytest.mark.slow
def test_a_part_done_to_all_cards_of_a_description_misses_a_card_that_no_longer_fits(base_expert):
    # game-rules#targeting.11: "destroy all face-up monsters your opponent controls" picks its
    # cards at resolution; a monster told turned face-down (or gone) in response is not among them
    for ask in ("I activate Lightning Vortex, my opponent chains Book of Moon targeting their own "
                "monster. Does Lightning Vortex still destroy that monster?",
                "I activate Raigeki, my opponent chains Compulsory Evacuation Device targeting "
                "their own monster. Does Raigeki still destroy that monster?"):
        a = base_expert.ask(ask)
        assert a.value == "no", ask
        assert set(a.rules()) & {"non-targeting-part-misses-a-card-no-longer-described",
                            "non-targeting-part-misses-a-card-gone"}
    # near miss: "all monsters" says nothing of their face, a face-down one is still a monster
    b = base_expert.ask("I activate Dark Hole, my opponent chains Book of Moon targeting their own "
                        "monster. Does Dark Hole still destroy that monster?")
    assert b.value != "no"


def test_the_reader_reads_a_description_of_all_cards_only_when_every_word_is_read():
    from psct_expert.cards import load_database
    from psct_expert.reader import read_card
    db = load_database()
    facts = {c: [f for f in read_card(db.get(c)).facts if f.type == "clause_all"]
             for c in ("Lightning Vortex", "Mirror Force", "Dark Hole")}
    assert [(f.get("face"), f.get("controller")) for f in facts["Lightning Vortex"]] == [("up", "opponent")]
    assert [f.get("position") for f in facts["Mirror Force"]] == ["attack"]
    assert [f.get("controller") for f in facts["Dark Hole"]] == ["any"]
    # near miss: a word of the description not read ("with 1500 or less ATK") leaves it unread
    from psct_expert.cards import Card
    odd = Card(name="Example Odd", kind="spell", subtypes=("normal",),
               text="Destroy all monsters with 1500 or less ATK on the field.")
    assert not [f for f in read_card(odd).facts if f.type == "clause_all"]


@pytest.mark.slow
def test_a_card_said_as_a_verb_with_nothing_it_is_used_on_is_activated(base_expert):
    # "I Raigeki.", "My opponent Dark Holes, ...": the card activated by that player
    a = base_expert.ask("My opponent Dark Holes. Can I chain Mystical Space Typhoon?")
    assert a.value == "yes" and "Dark Hole" in a.restated and "your opponent" in a.restated
    b = base_expert.ask("I Lightning Vortex and my opponent chains Book of Moon to flip their own "
                        "monster face-down. Does Vortex still destroy that monster?")
    assert b.value == "no"
    # near miss: a past ending ("I Raigeki'd") is no activation told now; a game verb stays a verb
    c = base_expert.ask("I Tribute Summon. Can my opponent chain Book of Moon?")
    assert "Tribute Summon" in c.restated


@pytest.mark.slow
def test_what_a_response_answers_said_by_its_kind_or_after_its_purpose(base_expert):
    for ask in ("Opponent activates Necrovalley. Can I chain Mystical Space Typhoon to the Field "
                "Spell's activation?",
                "Opponent activates Necrovalley. Can I chain Mystical Space Typhoon to its activation?",
                "Opponent activates Dark Hole, can I chain Premature Burial to bring back a monster "
                "in response?"):
        a = base_expert.ask(ask)
        assert a.value in ("yes", "no") and "chained to the activation of" in a.restated, ask
    # near miss: a kind the told card is not
    with pytest.raises(Exception, match="not a trap card"):
        base_expert.ask("Opponent activates Necrovalley. Can I chain Mystical Space Typhoon to the "
                        "Trap Card?")


@pytest.mark.slow
def test_a_targeted_set_card_chained_stays_on_the_field_until_the_chain_resolves(base_expert):
    # game-rules#chain.13: the targeted Set card, activated in response, is face-up on the field
    # when the effect that targeted it resolves (a Continuous one after that too)
    a = base_expert.ask("Opponent targets my Set Call of the Haunted with Mystical Space Typhoon; "
                        "I chain Call and revive a monster. Does MST still destroy Call?")
    assert a.value == "yes" and "Call of the Haunted" in a.restated
    # near miss: nothing activated in response, a change told as a move away
    b = base_expert.ask("Opponent targets my Set Call of the Haunted with Mystical Space Typhoon; "
                        "I chain Compulsory Evacuation Device targeting my monster. Does Mystical "
                        "Space Typhoon still destroy Call of the Haunted?")
    assert b.value != "no"


@pytest.mark.slow
def test_a_response_targeting_one_of_the_targets_of_the_link_it_answers(base_expert):
    story = ("I activate Pot of Avarice targeting 5 monsters in my GY. My opponent chains D.D. "
             "Crow targeting one of them. ")
    a = base_expert.ask(story + "Do I still draw 2?")
    assert a.value == "no"
    # near miss: the count of the others is checked, never answered for another count
    with pytest.raises(Exception, match="4 targets are left, not 3"):
        base_expert.ask(story + "Do I still shuffle the other 3?")


@pytest.mark.slow
def test_a_face_down_monster_that_meets_every_target_condition_can_be_targeted(base_expert):
    a = base_expert.ask("Can Compulsory Evacuation Device target a face-down Defense Position "
                        "monster and bounce it to the hand?")
    assert a.value == "yes" and "face-down-monster-fits-the-only-target-group" in a.rules()
    assert any(c.kind == "grounded" for c in a.reading.changes)
    # near miss: what the card does not do to it is not set aside
    with pytest.raises(Exception):
        base_expert.ask("Can Compulsory Evacuation Device target a face-down monster and destroy it?")
    # near miss: a target condition the card does not meet ("1 face-up monster") or is not read
    assert base_expert.ask("Can Book of Moon target a face-down monster?").value == "no"
    assert base_expert.ask("Can Sakuretsu Armor target a face-down monster?").value != "yes"


@pytest.mark.slow
def test_a_spell_or_trap_told_on_the_field_breaks_control_no_spells_traps(base_expert):
    # game-rules#activation-legality.17 with "You must control no Spells/Traps to activate and to
    # resolve this effect"; "my only Spell/Trap is X (in the Field Zone)" tells X controlled
    for ask in ("My only Spell/Trap is a face-up Necrovalley in the Field Zone. Can I activate "
                "Treeborn Frog's effect in my Standby Phase?",
                "I control a Set Mirror Force. Can I activate Treeborn Frog's effect in my Standby "
                "Phase?"):
        a = base_expert.ask(ask)
        assert a.value == "no" and "told-spell-trap-is-controlled" in a.rules(), ask
    # near miss: the Spell is the other player's
    b = base_expert.ask("My opponent controls Necrovalley. Can I activate Treeborn Frog's effect in "
                        "my Standby Phase?")
    assert "told-spell-trap-is-controlled" not in b.rules()


@pytest.mark.slow
def test_a_card_told_only_by_what_it_is_that_the_effect_cannot_target_settles_a_no(base_expert):
    # "Can I use X on <a described card>?": whether X can target that card is a part the rules
    # answer; a card X's text cannot target (Effect Veiler: "1 Effect Monster your opponent
    # controls") settles it
    a = base_expert.ask("Can I use Effect Veiler on my own monster during my opponent's Main Phase "
                        "to shut off its effect?")
    assert a.value == "no" and "described-card-unfit-target" in a.rules()
    # near miss: a card it can target leaves the activation's own question open
    b = base_expert.ask("Can I use Effect Veiler on my opponent's monster during my opponent's "
                        "Main Phase?")
    assert b.value != "no"


@pytest.mark.slow
def test_a_result_the_chained_cards_text_grants_is_set_aside_as_grounded(base_expert):
    a = base_expert.ask("I activate Karma Cut targeting my opponent's monster, they chain Forbidden "
                        "Lance on it so it's unaffected by my Trap. Is it still banished?")
    assert a.value == "no"
    assert any(c.kind == "grounded" and "unaffected" in c.written for c in a.reading.changes)
    # near miss: a card whose text grants no such thing keeps the words, refused
    with pytest.raises(Exception, match="unaffected"):
        base_expert.ask("I activate Karma Cut targeting my opponent's monster, they chain Mystical "
                        "Space Typhoon so it's unaffected by my Trap. Is it still banished?")
    # "declaring X" is the card activated to declare it
    b = base_expert.ask("Opponent activates Called by the Grave targeting my Ash Blossom & Joyous "
                        "Spring in the GY. Can I chain Crossout Designator declaring Called by the Grave?")
    assert "Crossout Designator" in b.restated


@pytest.mark.slow
def test_hunt_54_a_face_down_monster_shows_nothing_and_a_chained_negator_is_told(base_expert):
    # a face-down monster has no name, Type, Level or ATK: a target asked as more than "1 monster"
    # is not one the rule reads (Fiendish Chain: "1 Effect Monster on the field")
    assert base_expert.ask("Can Fiendish Chain target a face-down monster?").value != "yes"
    assert base_expert.ask("Can Compulsory Evacuation Device target a face-down monster?").value == "yes"
    # a targeted Set card that negates, chained to the link that targets it, may negate that
    # link: what it did is told, never assumed
    a = base_expert.ask("I target my opponent's Set Magic Jammer with Mystical Space Typhoon. They "
                        "chain Magic Jammer. Does Mystical Space Typhoon destroy Magic Jammer?")
    assert a.value != "yes"


@pytest.mark.slow
def test_a_restriction_asked_by_what_it_forbids_after_another_part_failed(base_expert):
    a = base_expert.ask("S:P Little Knight's first effect targets a card in the GY, but the opponent "
                        "removes that card in response so nothing gets banished. Are my monsters "
                        "still unable to attack directly this turn?")
    assert a.value == "yes" and "restriction" in a.restated
    # near miss: a part the effect does not have, said as not done, is refused
    with pytest.raises(Exception, match="cannot be done"):
        base_expert.ask("I activate S:P Little Knight's first effect targeting a card in the GY, and "
                        "my opponent banishes that card in response, so nothing gets destroyed. Do "
                        "I still get the restriction?")
    # near miss: words the restriction's text does not say are refused
    with pytest.raises(Exception):
        base_expert.ask("S:P Little Knight's first effect targets a card in the GY, but the opponent "
                        "removes that card in response. Am I still locked out of Normal Summons?")


@pytest.mark.slow
def test_a_summon_negator_chained_after_a_summon_answers_that_summon(base_expert):
    # "... Link Summons X and I chain Solemn Warning": the Summon is only attempted; never
    # refused as a response to nothing
    a = base_expert.ask("My opponent Link Summons Apollousa, Bow of the Goddess and I chain Solemn "
                        "Warning. Is Apollousa, Bow of the Goddess destroyed?")
    assert "Solemn Warning" in a.restated
    # near miss: a card that negates no Summon, "chained" to a Summon, responds to nothing
    with pytest.raises(Exception, match="nothing was activated"):
        base_expert.ask("My opponent Link Summons Apollousa, Bow of the Goddess and I chain "
                        "Mystical Space Typhoon. Is Apollousa, Bow of the Goddess destroyed?")
    b = base_expert.ask("My opponent activates Ash Blossom & Joyous Spring. Can I chain Infinite "
                        "Impermanence to shut it down?")
    assert "negate" in b.reading.text


@pytest.mark.slow
def test_hunt_55_a_restriction_asked_by_what_it_forbids_never_drops_its_exception(base_expert):
    # "except Xyz Monsters" / "non-EARTH": the words may name what it lets through: refused
    for ask in ("Crystal Shark's effect resolved. Am I still unable to Special Summon Xyz Monsters "
                "from the Extra Deck?",
                "Vernusylph of the Thawing Mountains' first effect resolved. Am I still unable to "
                "activate EARTH monster effects?"):
        with pytest.raises(Exception, match="exception"):
            base_expert.ask(ask)
    # ... nor a qualifier it has ("from the Extra Deck"): "unable to Special Summon" is refused
    with pytest.raises(Exception):
        base_expert.ask("Dogmatika Ecclesia, the Virtuous's search resolved. Am I still unable to "
                        "Special Summon?")


@pytest.mark.slow
def test_variants_84_the_card_named_after_the_question_and_the_moment_said_first(base_expert):
    # "...? (Kashtira Fenrir)": the full name after the question says which card "Fenrir" is
    a = base_expert.ask("on opp's turn can I activate Fenrir's search? (Kashtira Fenrir)")
    assert "Kashtira Fenrir" in a.restated and "opponent's turn" in a.restated
    # "damage step - can I ...": the moment said first
    b = base_expert.ask("damage step - can I activate Forbidden Droplet to halve the attacker's ATK?")
    assert "Damage Step" in b.restated
    # near miss: a card in parentheses the question does not name stays, refused
    with pytest.raises(Exception):
        base_expert.ask("Can I activate Pot of Greed? (Dark Hole)")


@pytest.mark.slow
def test_variants_84_the_turn_said_last_and_something_i_can(base_expert):
    a = base_expert.ask("Am I allowed to chain Mystical Space Typhoon from my hand to my opponent's "
                        "Skill Drain during their turn?")
    assert a.value == "no"
    b = base_expert.ask("Is a Flip Summon something Solemn Judgment can negate?")
    assert b.value == "yes" and "Flip Summon" in b.restated
    # near miss: "something" as a thing of the story stays as written (refused)
    with pytest.raises(Exception):
        base_expert.ask("Is a Flip Summon something Solemn Judgment?")


@pytest.mark.slow
def test_hunt_56_a_told_negation_is_never_answered_for_a_card_that_cannot_negate_it(base_expert):
    # "Is the Normal Summon negated?" asks what a told card did, never whether some card could
    with pytest.raises(Exception, match="whether it was negated"):
        base_expert.ask("My opponent Normal Summons Elemental HERO Stratos. I activate Solemn "
                        "Strike. Is the Normal Summon negated?")
    # a negator whose condition does not cover the activation settles a no
    for ask in ("My opponent activates Pot of Greed and I chain Solemn Strike. Is Pot of Greed's "
                "activation still negated even though there's nothing to destroy?",
                "My opponent activates Foolish Burial, and I chain Solemn Strike. Is the "
                "activation negated?"):
        a = base_expert.ask(ask)
        assert a.value == "no", ask
    # near miss: one that covers it keeps the yes of its first part
    b = base_expert.ask("My opponent activates Ash Blossom & Joyous Spring. I chain Solemn Strike. "
                        "Is the activation still negated even though there's nothing on the field "
                        "to destroy?")
    assert b.value == "yes"


@pytest.mark.slow
def test_a_negated_link_changed_nothing_for_a_part_done_to_all_cards(base_expert):
    # the Book of Moon told negated turned nothing face-down: never answered as if it had
    a = base_expert.ask("I activate Lightning Vortex, my opponent chains Book of Moon targeting their "
                        "own monster, I chain Magic Jammer to negate it. Does Lightning Vortex still "
                        "destroy that monster?")
    assert a.value != "no"


@pytest.mark.slow
def test_hunt_57_a_bulleted_negator_and_a_negation_the_other_player_may_refuse(base_expert):
    # "Activate 1 of these effects" whose bullets negate: a link that may negate
    a = base_expert.ask("My opponent activates Pot of Greed. I chain Spell Shield Type-8. Do they "
                        "draw 2 cards?")
    assert a.value != "yes"
    # "They can discard 1 Spell to negate this card's effect, otherwise negate ...": their choice
    b = base_expert.ask("My opponent activates Dark Hole. I chain Magic Drain. Does Dark Hole resolve?")
    assert b.value not in ("yes", "no")
    # near miss: a Counter Trap with no choice negates it
    c = base_expert.ask("My opponent activates Pot of Greed. I chain Magic Jammer. Do they draw 2 cards?")
    assert c.value == "no"


@pytest.mark.slow
def test_hunt_58_two_places_said_as_alternatives_of_a_target(base_expert):
    # "target 1 card on the field or in either GY": a card in either place is never said unfit
    for ask in ("Can S:P Little Knight's first effect target a card in my own GY?",
                "Can S:P Little Knight's first effect target a monster my opponent controls?"):
        assert base_expert.ask(ask).value != "no", ask
    # near miss: one place said, another place is unfit
    assert base_expert.ask("Can Monster Reborn target a monster my opponent controls?").value == "no"


@pytest.mark.slow
def test_a_part_done_to_all_monsters_still_reaches_one_turned_face_down(base_expert):
    # game-rules#targeting.11 with #lingering-effects.10: the face-down monster is still a monster
    # on the field, and its own Continuous Effects do not protect it
    a = base_expert.ask("I activate Dark Hole, my opponent chains Book of Moon targeting their own "
                        "monster. Does Dark Hole still destroy that monster?")
    assert a.value == "yes" and "non-targeting-part-reaches-a-card-turned-face-down" in a.rules()
    # near miss: a link told negating it leaves whether it resolves open
    b = base_expert.ask("I activate Dark Hole, my opponent chains Book of Moon targeting their own "
                        "monster, I chain Magic Jammer to negate it. Does Dark Hole still destroy "
                        "that monster?")
    assert b.value != "yes" or "non-targeting-part-reaches-a-card-turned-face-down" not in b.rules()


def test_a_negator_that_targets_nothing_used_on_a_named_card_asks_its_negation(base_expert):
    # "Does Ash work on Pot of Desires?": whether it can negate that card's activation, restated
    # so (it was "can it be activated", the card kept as a hidden part)
    spec = base_expert.parse("Does Ash Blossom & Joyous Spring work on Pot of Desires?")
    assert spec["family"] == "negate-activation" and spec["activated"] == {"card": "Pot of Desires"}
    # near miss: a card that targets keeps asking whether it can target it
    other = base_expert.parse("Does Mystical Space Typhoon work on Skill Drain?")
    assert other["family"] != "negate-activation"
