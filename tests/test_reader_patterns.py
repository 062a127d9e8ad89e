"""The reader's error patterns of issue 12, each on invented card texts.

Every test states a PSCT pattern and checks the reading (facts) or the card
features the audit derives from it.  The cards are made up; no test names a
real card.
"""

import pytest

from psct_expert.audit import audit_card
from psct_expert.cards import Card
from psct_expert.reader import read_card


def card(text, kind="monster", subtypes=("effect",), name="Example Card", pendulum=None):
    return Card(name=name, kind=kind, subtypes=tuple(subtypes), text=text, pendulum_text=pendulum)


def facts(reading, type_, **match):
    return [f for f in reading.facts if f.type == type_
            and all(f.get(k) == v for k, v in match.items())]


@pytest.fixture(scope="module")
def feats(base_expert):
    def _feats(text, **kw):
        rec = audit_card(base_expert, card(text, **kw))
        return {k for k in ("targets", "cost", "quick", "hard_opt", "activate_opt",
                            "when_optional", "if_optional", "summon_procedure", "legacy")
                if rec[k]}
    return _feats


# -- "If" states versus "If" triggers ------------------------------------------

@pytest.mark.parametrize("cond", [
    "If this card is in your GY",
    "Once per turn, if you control a Dragon monster",
    "During your Main Phase 1, if this card was Normal Summoned this turn",
    "If this card is in your GY, except the turn it was sent there",
    "If you control no monsters",
])
def test_if_state_is_not_a_trigger(cond, feats):
    r = read_card(card(f"{cond}: You can Special Summon this card."))
    assert not facts(r, "trigger")
    assert facts(r, "state_condition", word="if")
    assert "if_optional" not in feats(f"{cond}: You can Special Summon this card.")


@pytest.mark.parametrize("cond", [
    "If this card is sent to the GY",
    "If this card is Normal or Special Summoned",
    "If your opponent Special Summons a monster",
    "Once per turn, if you Link Summon a monster",
    "During your opponent's turn, if this card is destroyed",
])
def test_if_event_is_an_optional_trigger(cond, feats):
    text = f"{cond}: You can draw 1 card."
    assert facts(read_card(card(text)), "trigger", word="if", optional="yes")
    assert "if_optional" in feats(text)


# -- optionality from a leading "You can" only -----------------------------------

def test_optional_only_when_the_effect_starts_with_you_can(feats):
    text = "If this card is sent to the GY: Draw 1 card, then you can discard 1 card."
    assert facts(read_card(card(text)), "trigger", word="if", optional="no")
    assert "if_optional" not in feats(text)


# -- "When" that is not a trigger that can miss the timing --------------------------

def test_when_quick_effect_is_not_a_trigger(feats):
    text = "When your opponent activates a card or effect (Quick Effect): You can banish this card; negate the activation."
    r = read_card(card(text))
    assert not facts(r, "trigger")
    assert {"quick", "cost"} <= feats(text) and "when_optional" not in feats(text)


def test_when_activated_response_is_not_a_trigger():
    text = "When your opponent activates a Spell Card: You can banish this card from your GY; negate the activation."
    r = read_card(card(text))
    assert not facts(r, "trigger") and facts(r, "response_condition", word="when")


def test_spell_when_this_card_is_activated_is_not_a_trigger(feats):
    text = "When this card is activated: You can add 1 Dragon monster from your Deck to your hand."
    kw = dict(kind="spell", subtypes=("continuous",))
    assert not facts(read_card(card(text, **kw)), "trigger")
    assert "when_optional" not in feats(text, **kw)


def test_when_event_is_an_optional_trigger(feats):
    text = "When this card is destroyed by battle: You can draw 1 card."
    assert "when_optional" in feats(text)


def test_normal_trap_effect_from_the_gy_is_its_own_trigger(feats):
    text = ("Target 1 monster on the field; destroy it. If this Set card is destroyed by card effect: "
            "You can draw 1 card.")
    kw = dict(kind="trap", subtypes=("normal",))
    r = read_card(card(text, **kw))
    assert facts(r, "trigger", word="if", optional="yes", effect="Example Card#2")
    assert not facts(r, "on_card_activation", effect="Example Card#2")
    assert facts(r, "on_card_activation", effect="Example Card#1")


# -- once per turn -----------------------------------------------------------------

@pytest.mark.parametrize("sentence", [
    'You can only use each of the following effects of "Example Card" once per turn.',
    'You can only use the effect of "Example Card" once per turn.',
    'You can only use 1 "Example Card" effect per turn, and only once that turn.',
    'You can only use each effect of "Example "Q"" once per turn.',
    'You can only use 1 of the following effects of "Example - "Key"" per turn, and only once that turn.',
])
def test_hard_once_per_turn_wordings(sentence, feats):
    text = sentence + " You can discard 1 card; draw 1 card."
    assert facts(read_card(card(text)), "once_per_turn", kind="use")
    assert "hard_opt" in feats(text)


def test_activate_once_per_turn_with_a_quoted_name(feats):
    text = 'Draw 2 cards. You can only activate 1 "Example "Z" Draw" per turn.'
    assert "activate_opt" in feats(text, kind="spell", subtypes=("normal",))


def test_one_opt_sentence_gives_one_fact():
    r = read_card(card('You can discard 1 card; draw 1 card. You can only use this effect of "Example Card" once per turn.'))
    assert len(facts(r, "once_per_turn")) == 1


# -- costs -------------------------------------------------------------------------

def test_declare_and_choose_are_not_costs(feats):
    for verb in ("declare 1 Attribute", "choose 1 monster on the field"):
        text = f"You can {verb}; monsters with that Attribute lose 500 ATK."
        r = read_card(card(text))
        assert not facts(r, "cost_action"), verb
        assert "cost" not in feats(text)


def test_removing_counters_is_a_cost(feats):
    text = "(Quick Effect): You can remove 2 Example Counters from anywhere on the field; negate the activation."
    assert [f.get("verb") for f in facts(read_card(card(text)), "cost_action")] == ["remove"]
    assert "cost" in feats(text)


# -- summon procedures ---------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "Must be either Fusion Summoned, or Special Summoned from your Extra Deck by Tributing the above cards.",
    "Must first be either Fusion Summoned, or Special Summoned (from your Extra Deck) by banishing the above cards.",
    "If you control no cards, you can Special Summon it (from your hand).",
])
def test_summon_procedures(text, feats):
    assert "summon_procedure" in feats(text, subtypes=("fusion", "effect"))


def test_summoned_by_its_own_effect_is_not_a_procedure(feats):
    text = ("Cannot be Normal Summoned/Set. Must be Special Summoned by its own effect. "
            "You can discard 1 card; Special Summon this card from your hand.")
    assert "summon_procedure" not in feats(text)


# -- Quick Effects ---------------------------------------------------------------------

def test_this_is_a_quick_effect_if(feats):
    text = ("You can target 1 monster in either GY; banish it. This is a Quick Effect if your "
            "opponent controls a monster.")
    assert "quick" in feats(text)


def test_bullet_quick_effect_is_not_a_bullet_label(feats):
    text = ('You can only use each of the following effects of "Example Card" once per turn.\n'
            "● (Quick Effect): You can discard this card; draw 1 card.\n"
            "● If this card is in your GY: You can banish it; draw 1 card.")
    assert {"quick", "hard_opt", "cost"} <= feats(text)


def test_bullet_label_is_not_a_condition():
    text = "Toss a coin and apply the result.\n● Heads: When this card is destroyed by battle: You can draw 1 card.\n● Tails: Destroy this card."
    r = read_card(card(text))
    assert facts(r, "bullet_label", label="Heads")
    assert facts(r, "trigger", word="when", optional="yes")


# -- Equip Spells target ---------------------------------------------------------------

def test_equip_spells_target(feats):
    assert "targets" in feats("The equipped monster gains 500 ATK.", kind="spell", subtypes=("equip",))
    assert "targets" not in feats("Monsters you control gain 500 ATK.", kind="spell",
                                  subtypes=("continuous",))


# -- legacy ----------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "This card cannot be Normal Summoned or Set. This card can only be Special Summoned by removing 2 monsters in your Graveyard from play.",
    "By Tributing 1 monster, destroy 1 Spell or Trap Card on the field.",
    "Once per turn, you can discard 1 card to Special Summon 1 monster from your hand.",
    "When this card is Normal Summoned, you can add 1 monster from your Deck to your hand.",
    "Send 1 card from your hand to the Graveyard to activate this card. Draw 2 cards.",
])
def test_pre_psct_wordings_are_legacy(text):
    assert read_card(card(text)).status == "legacy"


def test_psct_replacement_is_not_legacy():
    text = "If this card would be destroyed by battle, you can banish 1 card from your GY instead."
    assert read_card(card(text)).status != "legacy"


# -- Pendulum spans ----------------------------------------------------------------------

def test_effects_name_the_text_their_spans_index():
    c = card("If this card battles, it gains 500 ATK.", subtypes=("pendulum", "effect"),
             pendulum="During your End Phase: You can destroy this card.")
    r = read_card(c)
    pend = [e for e in r.effects if e.id.endswith("#P1")][0]
    assert pend.where == "pendulum text"
    assert c.pendulum_text[pend.condition.start:pend.condition.end] == "During your End Phase"
    for f in r.facts:
        if f.source is not None and f.source.kind == "text":
            text = c.pendulum_text if f.source.where == "pendulum text" else c.text
            assert text[f.source.start:f.source.end] == f.source.quote


def test_except_during_the_damage_step_is_still_a_trigger(feats):
    text = "If a monster is Special Summoned (except during the Damage Step): You can draw 1 card."
    assert "if_optional" in feats(text)
    text = "During damage calculation, if this card battles: You can discard this card; it gains 500 ATK."
    assert "if_optional" not in feats(text)


# -- issue 11: what the game rules need from the reader ---------------------------------

def test_activate_from_hand_is_a_rule_not_an_effect(base_expert):
    from psct_expert.api import classify
    text = ("Target 1 monster your opponent controls; negate its effects until the end of this turn. "
            "If you control no cards, you can activate this card from your hand.")
    r = read_card(card(text, kind="trap", subtypes=("normal",)))
    assert facts(r, "activate_from_hand_permission", effect="Example Card#0")
    conc = classify(base_expert, r)
    assert not [c for c in conc.get("Example Card#2", []) if c["type"] == "starts_chain"]


def test_response_lock():
    text = ("Send 1 card from your hand to the GY; destroy 1 card on the field. Neither player can "
            "activate cards or effects in response to this card's activation.")
    r = read_card(card(text, kind="spell", subtypes=("quick-play",)))
    assert facts(r, "response_lock", effect="Example Card#0")


def test_cannot_be_targeted():
    r = read_card(card("Neither player can target this card with card effects."))
    assert facts(r, "cannot_be_targeted", by="any", what="card-effects")
    r = read_card(card("Your opponent cannot target this card for attacks."))
    assert facts(r, "cannot_be_targeted", by="opponent", what="attacks")


def test_negates_activation_when_opponent_activates():
    text = ("Once per Chain, when your opponent activates a monster effect (Quick Effect): You can "
            "make this card lose 800 ATK, and if you do, negate the activation.")
    r = read_card(card(text, subtypes=("link", "effect")))
    assert facts(r, "negation_scope", what="activation", kind="monster")
    assert facts(r, "negates", what="activation")


def test_each_time_is_a_trigger_not_a_summon():
    text = ("(Quick Effect): You can send this card from your hand to the GY; this turn, each time "
            "your opponent Special Summons a monster(s), immediately draw 1 card.")
    r = read_card(card(text))
    assert [f.get("verb") for f in facts(r, "clause")] == ["draw"]
    assert facts(r, "each_time", n=1)


def test_material_lines_give_the_summon_kind():
    r = read_card(card("1 Tuner + 1+ non-Tuner monsters\nYou can draw 1 card.",
                       subtypes=("synchro", "effect")))
    assert facts(r, "summon_kind_procedure", kind="synchro")
    text = ('"Example A" + "Example B"\nMust be Special Summoned from your Extra Deck by shuffling '
            'the above cards you control into the Deck. (You do not use "Polymerization".)')
    r = read_card(card(text, subtypes=("fusion", "effect")))
    kinds = {f.get("kind") for f in facts(r, "summon_kind_procedure")}
    assert kinds == {"fusion", "contact-fusion"}


def test_phase_condition():
    r = read_card(card("During your opponent's Main Phase (Quick Effect): You can draw 1 card."))
    assert facts(r, "phase_condition", phase="main", turn="opponent")
    r = read_card(card("During the Main Phase 2: You can draw 1 card."))
    assert facts(r, "phase_condition", phase="main2", turn="any")
    r = read_card(card("During damage calculation (Quick Effect): You can draw 1 card."))
    assert facts(r, "phase_condition", phase="damage-calculation")


def test_bullets_after_an_effect_are_not_its_condition(feats):
    text = ("Target 1 monster you control; apply the following effect depending on its battle position.\n"
            "● Attack Position: It gains 500 ATK.\n● Defense Position: It gains 500 DEF.\n"
            'You can only activate 1 "Example Card" per turn.')
    r = read_card(card(text, kind="spell", subtypes=("normal",)))
    e1 = r.effect(1)
    assert e1.condition is None and len(e1.bullets) == 2
    assert {"targets", "activate_opt"} <= feats(text, kind="spell", subtypes=("normal",))


def test_when_or_if_gives_both_trigger_words(feats):
    text = ("When this card declares an attack, or if your opponent activates a monster effect: "
            "You can draw 1 card.")
    assert {"when_optional", "if_optional"} <= feats(text)


# -- coverage: every sentence becomes a fact or is reported -------------------------------

@pytest.mark.parametrize("sentence,kind", [
    ('You can only control 1 "Example Card".', "control-limit"),
    ("This card's activation and effect cannot be negated.", "cannot-be-negated"),
    ("Cannot be used as Synchro Material.", "not-as-material"),
])
def test_card_statements_are_read(sentence, kind):
    r = read_card(card(sentence + " You can discard 1 card; draw 1 card."))
    assert facts(r, "card_statement", kind=kind) and r.status == "full"


def test_continuation_sentence_is_read_or_reported():
    r = read_card(card("Target 1 monster you control; equip this card to it. It gains 500 ATK.",
                       kind="spell", subtypes=("normal",)))
    assert facts(r, "continuation", verb="gain") and r.status == "full"
    r = read_card(card("You can discard 1 card; draw 1 card. This effect's owner is happy.",
                       subtypes=("effect",)))
    assert r.status == "partial" and r.unread == ["This effect's owner is happy."]


@pytest.mark.parametrize("text", [
    "Pay 1000 Life Points. Your opponent discards 1 card.",
    "You can activate this card when a Spell Card you control is destroyed. Destroy 1 card on the field.",
    "Once per turn, you can equip this card to a monster you control, OR unequip it to Special Summon this card.",
])
def test_more_pre_psct_wordings(text):
    assert read_card(card(text, kind="trap", subtypes=("normal",))).status == "legacy"


def test_psct_cost_with_semicolon_is_not_legacy():
    assert read_card(card("Pay 1000 LP; draw 2 cards.", kind="spell",
                          subtypes=("normal",))).status != "legacy"


# -- second wave: sentences, bullets and triggers written in other shapes ---------

def test_a_sentence_in_parentheses_ends_before_the_next_trigger(feats):
    text = ("During your Main Phase, you can Normal Summon 1 monster in addition to your Normal "
            "Summon/Set. (You can only gain this effect once per turn.) If this card is banished: "
            "You can draw 1 card.")
    r = read_card(card(text))
    assert facts(r, "trigger", effect="Example Card#2", word="if", optional="yes")
    assert "if_optional" in feats(text)
    # the note continues the effect before it: the numbering does not move
    assert [e.id for e in r.effects] == ["Example Card#1", "Example Card#2"]


@pytest.mark.parametrize("note,kind", [
    ("(This card is also still a Trap.)", "still-a-card"),
    ('(You do not use "Polymerization".)', "no-polymerization"),
    ("(Transfer its materials to this card.)", "transfer-materials"),
    ("(This applies even if this card leaves the field.)", "clarification"),
])
def test_notes_in_parentheses_are_read(note, kind):
    r = read_card(card(f"You can discard 1 card; draw 1 card. {note} If this card is sent to "
                       "the GY: You can draw 1 card."))
    assert facts(r, "card_statement", kind=kind) and r.status == "full"
    assert facts(r, "trigger", effect="Example Card#2", word="if")


def test_bullets_inside_one_line_are_bullets(feats):
    text = ('You can only use each of the following effects of "Example Card" once per turn.\n'
            "● If you control no monsters: You can draw 1 card. "
            "● When an attack is declared involving a monster you control: You can draw 1 card.")
    r = read_card(card(text))
    assert facts(r, "trigger", effect="Example Card#1.2", word="when", optional="yes")
    assert "when_optional" in feats(text)


def test_a_bullet_with_a_sentence_before_its_trigger(feats):
    text = ("This card gets this effect.\n● This card becomes a Dragon monster. When this card "
            "destroys a monster by battle: You can draw 1 card.")
    assert facts(read_card(card(text)), "trigger", word="when", optional="yes")


@pytest.mark.parametrize("cond,word", [
    ("When this card is Fusion Summoned, you can", "when"),
    ("If this card is Link Summoned, you can", "if"),
    ("If this card is Normal Summoned, you can (except during the Damage Step)", "if"),
])
def test_you_can_before_the_colon_is_optional(cond, word, feats):
    text = f"{cond}: Immediately after this effect resolves, Normal Summon 1 monster."
    assert facts(read_card(card(text)), "trigger", word=word, optional="yes")
    assert f"{word}_optional" in feats(text)


def test_immediately_after_then_you_can_is_optional(feats):
    text = ("If your opponent Normal Summons a monster: Immediately after this effect resolves, "
            "you can Normal Summon 1 monster.")
    assert facts(read_card(card(text, kind="spell", subtypes=("field",))), "trigger",
                 word="if", optional="yes")


def test_if_state_then_when_event_is_a_when_trigger(feats):
    text = ("If this card was Ritual Summoned using a Dragon monster, when it declares an attack: "
            "You can destroy 1 card on the field.")
    r = read_card(card(text, subtypes=("ritual", "effect")))
    assert facts(r, "trigger", word="when", optional="yes")
    assert not facts(r, "trigger", word="if")


@pytest.mark.parametrize("cond", [
    "If your opponent activates a card or effect (except during the Damage Step)",
    "If an Xyz Monster you control activates its effect",
    'If a monster(s) that was originally a Fairy is sent from your hand to the GY',
    "If you Ritual or Fusion Summon using a Dragon monster",
    "If you negate the activation of a card with a Counter Trap",
    "If your opponent Special Summons a monster and they have activated 4 monster effects this turn",
])
def test_more_if_events_are_triggers(cond, feats):
    text = f"{cond}: You can draw 1 card."
    assert facts(read_card(card(text)), "trigger", word="if", optional="yes"), cond
    assert "if_optional" in feats(text)


def test_a_trap_destroyed_in_its_zone_is_its_own_trigger(feats):
    text = ("Destroy 1 card on the field. If this card in its owner's Spell & Trap Zone is "
            "destroyed by an opponent's card effect: You can draw 1 card.")
    assert "if_optional" in feats(text, kind="trap", subtypes=("normal",))


def test_an_optional_effect_left_by_a_spell_is_a_trigger(feats):
    text = ("Target 1 face-up monster you control; it gains 700 ATK. When it inflicts battle "
            "damage to your opponent this turn: You can draw 1 card.")
    r = read_card(card(text, kind="spell", subtypes=("quick-play",)))
    assert not facts(r, "on_card_activation", effect="Example Card#2")
    assert facts(r, "trigger", effect="Example Card#2", word="when", optional="yes")


@pytest.mark.parametrize("text", [
    "If this card destroys a monster by battle, you can add 1 monster from your Deck to your hand.",
    "When this card is Tribute Summoned, you can destroy 1 card your opponent controls.",
    "If this card destroys a monster by battle, it can attack once again in a row.",
    "When this card inflicts battle damage to your opponent, you can activate 1 of these effects:\n"
    "● Draw 1 card.\n● Destroy 1 card on the field.",
])
def test_triggers_without_their_colon_are_legacy(text):
    assert read_card(card(text)).status == "legacy"


@pytest.mark.parametrize("text", [
    "If you control no monsters, you can Special Summon this card (from your hand).",
    "If this card is used for an Xyz Summon, it can be treated as a Level 5 monster.",
    "If this card was Fusion Summoned using 2 monsters, it can make a second attack during each "
    "Battle Phase.",
    "If you Ritual Summon a Ritual Monster, you can banish this card from your GY as 1 of the "
    "monsters required for the Ritual Summon.",
    "If a monster you control would be destroyed by battle, you can banish this card from your GY "
    "instead.",
    'If you activate a Set "Example Trap", you can add this additional effect to its effect.',
])
def test_psct_sentences_with_you_can_are_not_legacy(text):
    assert read_card(card(text)).status != "legacy"


# -- third session: trigger readings of Spells/Traps, other players' "can" -----

def test_trap_graveyard_trigger_in_either_players_turn_is_a_when_trigger(feats):
    # only monsters have Quick Effects: a Trap's "During either player's turn, ..., when
    # EVENT: You can" names an event, so it is an optional "When" trigger
    text = ("Draw 1 card. During either player's turn, except the turn this card was sent to the "
            "GY, when a card you control is destroyed by a Spell effect: You can banish this card "
            "from your GY; destroy 1 card on the field.")
    r = read_card(card(text, kind="trap", subtypes=("normal",)))
    assert facts(r, "trigger", effect="Example Card#2", word="when", optional="yes")
    got = feats(text, kind="trap", subtypes=("normal",))
    assert "when_optional" in got and "quick" not in got


def test_monster_either_players_turn_when_is_still_a_quick_effect(feats):
    text = ("During either player's turn, when a monster is destroyed by battle: You can "
            "discard this card; draw 1 card.")
    assert not facts(read_card(card(text)), "trigger")
    got = feats(text)
    assert "quick" in got and "when_optional" not in got


def test_trap_effect_in_either_players_turn_is_not_a_monster_quick_effect(feats):
    text = "Draw 1 card. During either player's turn: You can banish this card from your GY; draw 1 card."
    assert "quick" not in feats(text, kind="trap", subtypes=("normal",))


@pytest.mark.parametrize("who", ["Its owner", "Its controller"])
def test_owner_can_makes_a_trigger_optional(who, feats):
    text = (f"When a monster is destroyed and sent to the GY: {who} can add 1 monster from "
            "their Deck to their hand.")
    assert facts(read_card(card(text, kind="spell", subtypes=("field",))), "trigger",
                 word="when", optional="yes")
    assert "when_optional" in feats(text, kind="spell", subtypes=("field",))


def test_your_opponent_can_does_not_make_a_trigger_optional():
    text = ("When this card is destroyed by battle: Your opponent can discard 1 card to negate "
            "this effect, otherwise draw 1 card.")
    assert facts(read_card(card(text)), "trigger", word="when", optional="no")


def test_activate_this_card_when_as_a_sentence_is_legacy():
    text = ("Activate this card when a monster you control is destroyed: Destroy 1 card your "
            "opponent controls.")
    assert read_card(card(text, kind="trap", subtypes=("continuous",))).status == "legacy"


# -- "Activate this card by ...": the card's activation, in PSCT ------------------------------

def test_activate_this_card_by_targeting_is_the_activation_and_targets(feats):
    text = ("Activate this card by targeting 1 monster in your GY; Special Summon that target. "
            "When this card leaves the field, destroy that monster.")
    r = read_card(card(text, kind="trap", subtypes=("continuous",)))
    assert not r.legacy
    assert facts(r, "on_card_activation", effect="Example Card#1")
    assert facts(r, "target_word", effect="Example Card#1")
    t = facts(r, "target", effect="Example Card#1")
    assert [(f.source.quote, f.get("count")) for f in t] == [("targeting 1 monster in your GY", 1)]
    assert {"targets", "legacy"} & feats(text, kind="trap", subtypes=("continuous",)) == {"targets"}


def test_activate_this_card_by_paying_is_a_cost_with_nothing_to_resolve():
    r = read_card(card("Activate this card by paying 1000 LP. Monsters your opponent controls "
                       "lose 500 ATK.", kind="trap", subtypes=("continuous",)))
    assert not r.legacy and not r.unread
    assert [f.get("verb") for f in facts(r, "cost_action", effect="Example Card#1")] == ["pay"]
    assert not facts(r, "clause", effect="Example Card#1")
    assert facts(r, "on_card_activation", effect="Example Card#1")


def test_activate_by_without_this_card_stays_legacy():
    """The older wording "Activate only by ..." / "Activate by ..." is still pre-PSCT."""
    r = read_card(card("Activate by paying 1000 Life Points. Negate the effects of all face-up "
                       "monsters.", kind="trap", subtypes=("continuous",)))
    assert r.legacy


def test_a_text_of_bullets_only_has_no_empty_unread_phrase():
    """A card whose text is only bullets has an effect with no words of its own before them:
    nothing there was left unread (the audit listed '' as an unread shape, 22 cards)."""
    r = read_card(card('● You can target 1 monster; destroy it.\n● You can draw 1 card.'))
    assert "" not in [u.strip() for u in r.unread]


def test_while_in_a_position_is_a_bullet_label_not_an_activation_condition():
    r = read_card(card('● While in Attack Position: "Example" monsters you control can attack directly.\n'
                       '● While in Defense Position: You can target 1 monster; destroy it.'))
    labels = [f.get("label") for f in facts(r, "bullet_label")]
    assert labels == ["While in Attack Position", "While in Defense Position"]
    assert not facts(r, "colon", effect="Example Card#1.1")        # no activation condition
    assert facts(r, "semicolon", effect="Example Card#1.2")


def test_while_this_card_before_a_colon_is_not_a_label():
    r = read_card(card('● While this card is face-up on the field: You can draw 1 card.\n'
                       '● You can draw 1 card.'))
    assert not facts(r, "bullet_label")


# -- held-back half (bench/heldback_review.py): patterns the dev half did not show ------------------

@pytest.mark.parametrize("cost", [
    "Target 1 face-up Xyz Monster you control and detach all of its materials",
    "Target face-up cards on the field, up to the number of Dragon monsters you control, and pay "
    "800 LP for each target",
])
def test_an_action_joined_to_the_target_phrase_is_a_cost(feats, cost):
    text = f"{cost}; negate their effects until the end of this turn."
    r = read_card(card(text, kind="spell", subtypes=("quick-play",)))
    assert facts(r, "target", effect="Example Card#1")
    assert [f.get("verb") for f in facts(r, "cost_action", effect="Example Card#1")] in (
        [["detach"], ["pay"]])
    assert {"targets", "cost"} <= feats(text, kind="spell", subtypes=("quick-play",))


def test_a_second_target_after_and_is_no_cost(feats):
    text = "Target 1 monster you control and 1 card your opponent controls; destroy them."
    r = read_card(card(text, kind="spell", subtypes=("normal",)))
    assert not facts(r, "cost_action")
    assert [f.get("slot") for f in facts(r, "target")] == [1, 2]
    assert "cost" not in feats(text, kind="spell", subtypes=("normal",))


@pytest.mark.parametrize("head", [
    "You can activate the following effect, based on which player controls the equipped monster",
    "Activate 1 of these effects, depending on the Rank of the monster that destroyed this card",
    "Activate 1 of these effects, but you cannot declare attacks for the rest of this turn",
    "The attacked player activates this effect",
])
def test_participles_and_restrictions_before_the_semicolon_are_no_cost(feats, head):
    text = f"{head};\n● Draw 1 card.\n● Gain 1000 LP."
    r = read_card(card(text, kind="spell", subtypes=("normal",)))
    assert not facts(r, "cost_action"), [f.source.quote for f in facts(r, "cost_action")]
    assert "cost" not in feats(text, kind="spell", subtypes=("normal",))


def test_a_cost_by_a_gerund_still_counts_next_to_a_participle(feats):
    text = ("You can activate 1 of these effects, by revealing 1 monster in your hand with the "
            "listed Attribute;\n● EARTH: Draw 1 card.\n● WIND: Gain 1000 LP.")
    assert "cost" in feats(text)


@pytest.mark.parametrize("procedure", [
    'Must be Pendulum Summoned (from your hand), or be Special Summoned (from your hand) by '
    'Tributing 2 Dragon monsters.',
    'Must be either Special Summoned by "Example Element", or Special Summoned (from your hand or '
    'GY) by shuffling 3 monsters from your GY into the Deck.',
    'Must be either Fusion Summoned, or Special Summoned during the turn a Thunder monster\'s '
    'effect was activated in the hand, by Tributing 1 Thunder monster.',
])
def test_a_procedure_named_after_another_way_to_summon(feats, procedure):
    r = read_card(card(procedure, subtypes=("fusion", "effect")))
    assert facts(r, "procedure")
    assert "summon_procedure" in feats(procedure, subtypes=("fusion", "effect"))


@pytest.mark.parametrize("procedure", [
    'Must be either Fusion Summoned, or Special Summoned by "Example Ritual".',
    'Must be Special Summoned with "Example Ritual" (or by its own effect).',
])
def test_a_summon_only_by_another_card_is_no_procedure(feats, procedure):
    assert "summon_procedure" not in feats(procedure, subtypes=("fusion", "effect"))


def test_a_material_line_that_goes_on_after_a_slash():
    """Some texts write the line break after the materials as " / " (4 cards)."""
    text = ('1 Tuner + 1+ non-Tuner monsters / You can only control 1 "Example Card". You can only '
            'use each of these effects of "Example Card" once per turn.\n'
            '● If this card is Special Summoned: You can draw 1 card.\n'
            '● If this card is destroyed: You can gain 1000 LP.')
    r = read_card(card(text, subtypes=("synchro", "effect")))
    assert [f.source.quote for f in facts(r, "materials")] == ["1 Tuner + 1+ non-Tuner monsters"]
    assert facts(r, "card_statement", kind="control-limit")
    assert facts(r, "once_per_turn", kind="use")
    assert not r.unread


def test_a_control_limit_before_a_limit_sentence_in_one_line_is_read():
    text = ('You can only control 1 "Example Card". You can only use each of the following effects '
            'of "Example Card" once per turn.\nYou can discard 1 card; draw 1 card.')
    r = read_card(card(text))
    assert facts(r, "card_statement", kind="control-limit")
    assert not r.unread
    assert not facts(r, "clause", effect="Example Card#1")


def test_a_permission_in_either_players_turn_is_no_quick_effect(feats):
    """No ":" and no ";": nothing is activated, so "During either player's turn" marks nothing."""
    text = ('During either player\'s turn, you can activate "Example" Spell/Trap Cards from your '
            'hand.\nOnce per turn: You can draw 1 card.')
    r = read_card(card(text))
    assert not facts(r, "quick_marker")
    assert "quick" not in feats(text)
    # the old wording of a Quick Effect stays one
    assert "quick" in feats("During either player's turn: You can discard this card; draw 1 card.")


def test_each_time_in_the_opponents_turn_is_a_trigger_not_a_quick_effect(feats):
    text = ('During your opponent\'s turn, each time a monster is Special Summoned: Draw 1 card.\n'
            'During your opponent\'s turn: You can discard this card; draw 1 card.')
    r = read_card(card(text))
    assert [f.get("effect") for f in facts(r, "quick_marker")] == ["Example Card#2"]
    assert "quick" in feats(text)
    assert "quick" not in feats(text.split("\n")[0])


@pytest.mark.parametrize("cond", [
    "If you Synchro Summoned using this card as material",
    "If a Psychic monster you control paid LP to activate its effect",
])
def test_an_event_in_the_past_tense_is_a_trigger(feats, cond):
    text = f"{cond}: You can draw 1 card."
    r = read_card(card(text))
    assert facts(r, "trigger", word="if", optional="yes")
    assert "if_optional" in feats(text)


def test_when_you_activate_a_named_card_is_a_response_not_a_trigger(feats):
    text = ('When you activate "Example Cylinder": You can banish this card from your GY; double '
            'that damage.')
    r = read_card(card(text, kind="trap", subtypes=("normal",)))
    assert facts(r, "response_condition", word="when")
    assert not facts(r, "trigger")
    assert "when_optional" not in feats(text, kind="trap", subtypes=("normal",))


@pytest.mark.parametrize("phrase", [
    "Target 1 monster that was destroyed by battle and sent to your GY this turn",
    "You can target up to 2 Fiend monsters in your GY that were destroyed and sent there this turn",
])
def test_the_verbs_of_a_relative_clause_in_the_target_phrase_are_no_cost(feats, phrase):
    text = f"{phrase}; Special Summon it."
    r = read_card(card(text, kind="trap", subtypes=("normal",)))
    assert facts(r, "target") and not facts(r, "cost_action")
    assert "cost" not in feats(text, kind="trap", subtypes=("normal",))


@pytest.mark.parametrize("window", ["During the Main Phase", "During either player's turn"])
def test_the_effect_of_a_monster_that_is_a_continuous_trap_is_no_quick_effect(feats, window):
    """While the monster is a Continuous Trap in the Spell & Trap Zone, its effect is that Trap
    Card's, not a monster's Quick Effect."""
    text = f"{window}, if this card is a Continuous Trap: You can Special Summon this card."
    r = read_card(card(text))
    assert not facts(r, "quick_marker")
    assert "quick" not in feats(text)
    assert "quick" in feats(f"{window}, if you control no monsters: You can Special Summon this card.")
    assert "quick" in feats("If this card is a Continuous Trap (Quick Effect): You can Special "
                            "Summon this card.")


def test_this_is_a_quick_effect_if_belongs_to_the_effect_before_it():
    text = ('You can target 1 monster in either GY; banish it. This is a Quick Effect if your '
            'opponent controls a monster.\nIf this card is sent to the GY: You can draw 1 card.')
    r = read_card(card(text))
    assert [f.get("effect") for f in facts(r, "quick_marker")] == ["Example Card#1"]
    assert [e.id for e in r.effects] == ["Example Card#1", "Example Card#2"]
    assert not r.unread


def test_it_can_be_activated_this_turn_after_a_set_is_read():
    text = ('Set 1 Normal Trap directly from your Deck. It can be activated this turn. You can only '
            'activate 1 "Example Card" per turn.')
    r = read_card(card(text, kind="trap", subtypes=("normal",)))
    assert facts(r, "continuation", verb="activate")
    assert not r.unread


@pytest.mark.parametrize("text, clause", [
    ("You can target 1 monster your opponent controls; return both that monster and this card to "
     "the hand.", "return both that monster and this card to the hand"),
    ("If your opponent controls a monster and you control no monsters, you can Normal Summon this "
     "card without Tributing.", "If your opponent controls a monster and you control no monsters, "
     "you can Normal Summon this card without Tributing"),
])
def test_a_plain_and_with_no_verb_on_one_side_does_not_split_the_part(text, clause):
    r = read_card(card(text))
    assert clause in [f.source.quote for f in facts(r, "clause")]
    assert not r.unread


def test_a_plain_and_between_two_actions_still_splits():
    r = read_card(card("You can target 1 monster; destroy it and draw 1 card."))
    assert [f.get("verb") for f in facts(r, "clause")] == ["destroy", "draw"]


@pytest.mark.parametrize("head, fact", [
    ("You can Tribute this card", "cost_action"),
    ("You can reveal 1 Ritual Monster in your hand", "cost_action"),
    ("You can target 1 monster you control", "target"),
])
def test_you_can_and_an_action_before_a_colon_is_a_cost_not_a_condition(feats, head, fact):
    text = f"{head}: Special Summon 1 monster from your Deck."
    r = read_card(card(text))
    assert facts(r, fact, effect="Example Card#1")
    assert not facts(r, "condition") and not facts(r, "trigger")
    assert {"cost" if fact == "cost_action" else "targets"} <= feats(text)


@pytest.mark.parametrize("head", ["Once per turn, you can either", "You can also Xyz Summon this card "
                                  "by using a Rank 4 monster you control as material. Once per turn"])
def test_you_can_either_before_a_colon_stays_a_condition(head):
    r = read_card(card(f"{head}: Draw 1 card."))
    assert not facts(r, "cost_action") and facts(r, "condition")


def test_a_cost_before_then_activate_1_of_these_effects_and_a_period(feats):
    text = ("Once per turn: You can detach 1 material from this card, then activate 1 of these "
            "effects.\n● Target 1 monster your opponent controls; destroy it.\n● Draw 1 card.")
    r = read_card(card(text, subtypes=("xyz", "effect")))
    assert [f.get("verb") for f in facts(r, "cost_action", effect="Example Card#1")] == ["detach"]
    assert "cost" in feats(text, subtypes=("xyz", "effect"))
    # a target before it is no cost
    text2 = ("You can target 1 monster you control, then activate 1 of these effects.\n"
             "● It gains 500 ATK.\n● It loses 500 ATK.")
    assert {"targets"} <= feats(text2) and "cost" not in feats(text2)


def test_when_you_can_either_is_an_optional_trigger(feats):
    text = ("When the equipped monster is destroyed by battle, you can either:\n● Draw 1 card.\n"
            "● Gain 500 LP.")
    r = read_card(card(text, kind="spell", subtypes=("equip",)))
    assert facts(r, "trigger", word="when", optional="yes")


def test_tossing_a_coin_before_the_semicolon_is_no_cost(feats):
    text = ("Once per turn (Quick Effect): You can toss a coin 3 times; destroy monsters on the field, "
            "up to the number of heads.")
    assert not facts(read_card(card(text)), "cost_action")
    assert "cost" not in feats(text)


@pytest.mark.parametrize("text", [
    "If your opponent controls a monster and you control no monsters, you can Special Summon this "
    "card from your hand.",
    'You can Special Summon this card from your hand by returning 1 face-up "Example" monster you '
    "control to the hand.",
])
def test_an_older_procedure_without_parentheses(feats, text):
    assert facts(read_card(card(text)), "procedure")
    assert "summon_procedure" in feats(text)


@pytest.mark.parametrize("text", [
    "If your opponent controls a monster: You can Special Summon this card from your hand.",
    "Must be Special Summoned by its own Pendulum Effect.",
    "Must be Special Summoned by a Dragon Xyz Monster's effect, and cannot be Special Summoned by "
    "other ways.",
])
def test_no_procedure_for_an_effect_or_a_summon_by_another_effect(feats, text):
    assert "summon_procedure" not in feats(text, subtypes=("pendulum", "effect"))


@pytest.mark.parametrize("sentence, kind", [
    ('You can only activate "Example Card" once per turn.', "activate"),
    ('The effect of "Example Card" can only be used once per turn.', "use"),
    ('This effect of "Example Card" can only be used once per turn.', "use"),
])
def test_more_wordings_of_once_per_turn(feats, sentence, kind):
    text = f"You can discard 1 card; draw 1 card. {sentence}"
    r = read_card(card(text))
    assert facts(r, "once_per_turn", kind=kind)
    assert ("activate_opt" if kind == "activate" else "hard_opt") in feats(text)


@pytest.mark.parametrize("cost, verbs", [
    ("You can send 1 Equip Card you control to the GY", ["send"]),
    ("You can banish 2 Flip monsters from your GY", ["banish"]),
    ("You can send 1 Trap from your hand or that's Set on your field to the GY", ["send"]),
    ("You can Tribute this Normal Summoned/Set card", ["tribute"]),
    ("You can Tribute any number of other monsters that did not declare an attack this turn",
     ["tribute"]),
    ("You can banish this card from your GY and 1 monster that was sent there this turn", ["banish"]),
])
def test_only_the_actions_paid_are_cost_actions(cost, verbs):
    r = read_card(card(f"{cost}; draw 1 card."))
    assert [f.get("verb") for f in facts(r, "cost_action")] == verbs


def test_an_optional_cost_in_parentheses_still_counts(feats):
    text = ("During your Main Phase: You can activate this effect (you can also Tribute this card); "
            "draw 1 card.")
    assert "cost" in feats(text)


def test_the_held_back_review_plain_reading_on_invented_texts():
    """bench/heldback_review.py's independent regexes (the bench tool, not the reader)."""
    import importlib.util
    import pathlib
    import sys

    bench = pathlib.Path(__file__).resolve().parent.parent / "bench"
    sys.path.insert(0, str(bench))
    try:
        spec = importlib.util.spec_from_file_location("heldback_review", bench / "heldback_review.py")
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
    finally:
        sys.path.remove(str(bench))
    got = mod.regex_reading(card(
        'When this card is Normal Summoned: You can discard 1 card; target 1 monster on the field; '
        'destroy it. If this card is in your GY: You can banish it; draw 1 card. (Quick Effect): '
        'You can draw 1 card. You can only use each effect of "Example Card" once per turn.'))
    assert {f for f, v in got.items() if v} == {"when_optional", "cost", "targets", "quick",
                                                "hard_opt"}
    assert mod.regex_reading(card("If this card is sent to the GY: You can draw 1 card."))[
        "if_optional"]


@pytest.mark.parametrize("name", ["Example Card", 'Example "Lily" Card'])
def test_a_limit_sentence_before_bullets_has_nothing_to_resolve(name):
    text = (f'You can only use each of the following effects of "{name}" once per turn.\n'
            "● You can discard 1 card; draw 1 card.\n● You can pay 500 LP; draw 1 card.")
    r = read_card(card(text, name=name))
    assert not r.unread
    assert facts(r, "once_per_turn", kind="use")
    assert [f.get("verb") for f in facts(r, "clause")] == ["draw", "draw"]


def test_a_but_with_no_verb_after_it_qualifies_the_part():
    text = ("Target 2 monsters in your GY; Special Summon 1 of them, and add the other to your hand, "
            "but with a different name.")
    r = read_card(card(text, kind="spell", subtypes=("normal",)))
    assert not r.unread
    assert "but with a different name" in facts(r, "clause")[-1].source.quote
