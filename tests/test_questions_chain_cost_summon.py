"""Question forms for Chains, costs, Summon negation and targeting (real-ruling topics A-D).

Each form is tested with (a) the real ruling's wording, (b) a paraphrase on other cards that
reaches the same kind of spec and answer, and (c) a near miss that must be refused or differ."""

import pytest

from psct_expert.errors import QuestionError

from question_helpers import events as _events


def _refused(expert, question) -> str:
    with pytest.raises(QuestionError) as err:
        expert.parse(question)
    return str(err.value)


# -- A: Summons performed by the rules ------------------------------------------------------

def test_synchro_summoning_a_card_is_a_synchro_summon(base_expert):
    spec = base_expert.parse("Does Synchro Summoning Baronne de Fleur from my Extra Deck start a Chain?")
    assert spec["family"] == "summon-starts-chain"
    [s] = _events(spec, "summon")
    assert (s["summon-kind"], s["what"], s["from"]) == ("synchro", "Baronne de Fleur", "extra-deck")
    assert base_expert.ask_spec(spec).value == "no"
    other = base_expert.parse("Does Xyz Summoning Number 39: Utopia start a Chain?")
    assert _events(other, "summon")[0]["summon-kind"] == "xyz"
    assert base_expert.ask_spec(other).value == "no"
    _refused(base_expert, "Does Link Summoning Baronne de Fleur start a Chain?")   # not a Link Monster


def test_special_summoning_by_tributing_is_the_cards_own_procedure(base_expert):
    q = ("Does Special Summoning {} to my opponent's field by {} one of their monsters start a Chain?")
    for card in ("Gameciel, the Sea Turtle Kaiju", "Dogoran, the Mad Flame Kaiju"):
        spec = base_expert.parse(q.format(card, "Tributing"))
        [s] = _events(spec, "summon")
        assert s["summon-kind"] == "procedure" and s["what"] == card
        assert base_expert.ask(q.format(card, "Tributing")).value == "no"
    # the card has no procedure that banishes, nor one that Summons to its own field
    _refused(base_expert, q.format("Dogoran, the Mad Flame Kaiju", "banishing"))
    _refused(base_expert, "Does Special Summoning Dogoran, the Mad Flame Kaiju to my field by "
                          "Tributing one of their monsters start a Chain?")


def test_told_state_and_own_procedure(base_expert):
    spec = base_expert.parse("I have exactly 4 Fairy monsters in my GY and I Special Summon Archlord "
                             "Kristya from my hand. Is that Special Summon placed on a Chain?")
    [st] = _events(spec, "state")
    assert (st["place"], st["what"], st["count"]) == ("gy", "Fairy", 4)
    assert _events(spec, "summon")[0]["summon-kind"] == "procedure"
    assert base_expert.ask_spec(spec).value == "no"
    other = base_expert.parse("I control no monsters and I Special Summon Cyber Dragon from my hand. "
                              "Is that Special Summon placed on a Chain?")
    assert _events(other, "summon")[0]["summon-kind"] == "procedure"
    assert base_expert.ask_spec(other).value == "no"
    # a monster that Special Summons itself by an activated effect: how is not said, never "no"
    near = base_expert.parse("I Special Summon Gorz, Emissary of Darkness from my hand. "
                             "Is that Special Summon placed on a Chain?")
    assert _events(near, "summon")[0]["summon-kind"] == "special"
    assert base_expert.ask_spec(near).value != "no"


def test_contact_fusion_told_by_what_is_moved(base_expert):
    real = ("I shuffle Gladiator Beast Bestiari and another Gladiator Beast I control into the Deck to "
            "Special Summon Gladiator Beast Gyzarus. Does this Contact Fusion start a Chain?")
    spec = base_expert.parse(real)
    [s] = _events(spec, "summon")
    assert s["summon-kind"] == "procedure" and s["what"] == "Gladiator Beast Gyzarus"
    assert len(s["materials"]) == 2
    assert base_expert.ask(real).value == "no"
    other = ("I banish A-Assault Core, B-Buster Drake and C-Crush Wyvern from my field to Special "
             "Summon ABC-Dragon Buster. Does this Contact Fusion start a Chain?")
    assert base_expert.ask(other).value == "no"
    # Gyzarus's procedure shuffles; sending is no way of Summoning it
    _refused(base_expert, real.replace("shuffle", "send").replace("into the Deck", "to the GY"))
    assert base_expert.ask("Can my opponent chain a card to the moment I return Elemental HERO Neos "
                           "and Neo-Spacian Air Hummingbird to the Deck to Special Summon Elemental "
                           "HERO Air Neos?").value == "no"


def test_a_cost_told_with_its_purpose_is_the_moved_cards_effect(base_expert):
    spec = base_expert.parse("When I Tribute Sky Striker Ace - Raye to Special Summon a Sky Striker Ace "
                             "Link Monster, does that start a Chain my opponent can respond to?")
    [a] = _events(spec, "activate")
    assert a["effect"] == {"card": "Sky Striker Ace - Raye", "n": 1}
    assert a["cost"] == [{"action": "tributed", "what": "Sky Striker Ace - Raye"}]
    assert base_expert.ask_spec(spec).value == "yes"
    other = base_expert.parse("I Tribute Assault Wyvern to Special Summon a Dragon monster from my hand. "
                              "Does that start a Chain?")
    assert _events(other, "activate")[0]["effect"]["card"] == "Assault Wyvern"
    assert base_expert.ask_spec(other).value == "yes"
    _refused(base_expert, "I banish Assault Wyvern to Special Summon a Dragon monster from my hand. "
                          "Does that start a Chain?")


def test_xyz_summon_on_top_of_a_material(base_expert):
    spec = base_expert.parse("If I Xyz Summon Divine Arsenal AA-ZEUS - Sky Thunder by using an Xyz "
                             "Monster I control as its material, does that Summon start a Chain?")
    [s] = _events(spec, "summon")
    assert s["summon-kind"] == "xyz" and s["materials"]
    assert base_expert.ask_spec(spec).value == "no"
    _refused(base_expert, "If I Synchro Summon Baronne de Fleur by placing it on top of a Synchro "
                          "Monster I control, does that Summon start a Chain?")


def test_several_monsters_pendulum_summoned_at_once(base_expert):
    spec = base_expert.parse("When my opponent Pendulum Summons Astrograph Sorcerer and two other "
                             "monsters, is the Pendulum Summon itself a Chain Link I can respond to "
                             "with a Quick-Play Spell?")
    [s] = _events(spec, "summon")
    assert s["count"] == 3 and s["summon-kind"] == "pendulum"
    assert base_expert.ask_spec(spec).value == "no"


# -- A: effects named by content -------------------------------------------------------------

def test_effect_that_adds_a_type(base_expert):
    spec = base_expert.parse("After Archlord Kristya is Special Summoned from my hand with its own "
                             "procedure, does its effect that adds a Fairy from my GY to my hand "
                             "start a Chain?")
    assert spec["effect"] == {"card": "Archlord Kristya", "n": 2}
    assert base_expert.ask_spec(spec).value == "yes"


def test_effect_named_with_a_quote_of_its_text(base_expert):
    real = ("Is Baronne de Fleur's negation effect ('when a card or effect is activated (Quick "
            "Effect): You can negate the activation') placed on the Chain as its own Chain Link?")
    assert base_expert.parse(real)["effect"] == {"card": "Baronne de Fleur", "n": 2}
    assert base_expert.ask(real).value == "yes"
    # a quote that is not in the card's text is never matched to an effect
    _refused(base_expert, "Is Baronne de Fleur's negation effect ('when a monster would be "
                          "Summoned') placed on the Chain as its own Chain Link?")


def test_its_effect_after_a_told_card(base_expert):
    spec = base_expert.parse("When my Witch of the Black Forest is sent from the field to the GY, "
                             "does its search effect start a Chain?")
    assert spec["effect"] == {"card": "Witch of the Black Forest", "n": 1}
    assert base_expert.ask_spec(spec).value == "yes"
    spec = base_expert.parse("While my Vanity's Fiend is face-up, does its 'Neither player can "
                             "Special Summon monsters' effect start a Chain that my opponent could "
                             "respond to?")
    assert spec["effect"] == {"card": "Vanity's Fiend", "n": 2}
    assert base_expert.ask_spec(spec).value == "no"


def test_each_time_never_turns_a_yes_into_a_guess(base_expert):
    real = base_expert.ask("Once Imperial Order is face-up, does its 'Negate all Spell effects on the "
                           "field' start a Chain each time a Spell is activated?")
    assert real.value == "no"
    assert base_expert.ask("Does Archlord Kristya have to activate its 'Neither player can Special "
                           "Summon monsters' effect, starting a Chain, each time someone tries to "
                           "Special Summon?").value == "no"
    # an effect that does start a Chain: whether it is activated on that event is not checked
    near = base_expert.ask("Does the first effect of Baronne de Fleur start a Chain each time a Spell "
                           "is activated?")
    assert near.value == "unknown"


def test_controls_a_card_and_a_described_monster(base_expert):
    spec = base_expert.parse("If I control Alich, Malebranche of the Burning Abyss and a monster that "
                             "is not a Burning Abyss monster, does Alich's self-destruction start a "
                             "Chain my opponent can respond to?")
    states = _events(spec, "state")
    assert len(states) == 2 and all(s["place"] == "field" for s in states)
    assert "not a Burning Abyss monster" in spec["entities"][states[1]["what"]]["desc"]
    assert base_expert.ask_spec(spec).value == "no"


# -- B: a cost that cannot be paid ------------------------------------------------------------

def test_a_cost_that_cannot_be_paid(base_expert):
    spec = base_expert.parse("I have only 9 cards left in my Deck. Can I activate Pot of Desires?")
    assert spec["cannot"] == ["banish"]
    assert base_expert.ask_spec(spec).value == "no"
    spec = base_expert.parse("I have no monsters in my hand, only Spells. Can I activate One for One "
                             "to Special Summon a Level 1 monster from my Deck?")
    assert spec["cannot"] == ["send"]
    assert base_expert.ask_spec(spec).value == "no"
    # enough cards: nothing says it cannot be paid
    near = base_expert.parse("I have 30 cards in my Deck. Can I activate Pot of Desires?")
    assert "cannot" not in near
    assert base_expert.ask_spec(near).value != "no"


def test_a_card_moved_to_activate_it_is_its_cost(base_expert):
    real = ("I send Ghost Ogre & Snow Rabbit from my hand to activate it and my opponent negates the "
            "activation. Is Ghost Ogre & Snow Rabbit still in my GY?")
    spec = base_expert.parse(real)
    assert spec["family"] == "still-done" and spec["verb"] == "send"
    assert _events(spec, "activate")[0]["cost"] == [{"action": "sent-to-gy",
                                                      "what": "Ghost Ogre & Snow Rabbit"}]
    assert base_expert.ask_spec(spec).value == "yes"
    other = real.replace("Ghost Ogre & Snow Rabbit", "Effect Veiler")
    assert base_expert.ask(other).value == "yes"
    _refused(base_expert, real.replace("I send", "I banish"))     # its cost sends, it banishes nothing


def test_does_the_card_stay_after_its_cost(base_expert):
    real = ("My opponent negates the activation of Sky Striker Ace - Raye's Quick Effect with Solemn "
            "Strike. Does Raye stay on the field?")
    spec = base_expert.parse(real)
    assert (spec["family"], spec["verb"]) == ("cost-returned", "tribute")
    assert base_expert.ask_spec(spec).value == "no"
    assert base_expert.ask("My opponent negates the activation of Assault Wyvern's effect with Solemn "
                           "Strike. Does Assault Wyvern stay on the field?").value == "no"
    # no cost moves the card itself: which cost is not said
    _refused(base_expert, "My opponent negates the activation of Nibiru, the Primal Being's effect "
                          "with Solemn Strike. Does Nibiru stay in my hand?")


def test_cards_named_by_their_cost(base_expert):
    spec = base_expert.parse("If Forbidden Droplet's activation is negated, are the cards I sent to the "
                             "GY to activate it returned to my hand and field?")
    assert (spec["family"], spec["verb"]) == ("cost-returned", "send")
    assert base_expert.ask_spec(spec).value == "no"
    spec = base_expert.parse("My Pot of Extravagance is negated by Solemn Judgment. Are my banished "
                             "Extra Deck cards returned face-down to the Extra Deck?")
    assert spec["verb"] == "banish" and base_expert.ask_spec(spec).value == "no"
    assert base_expert.ask("My Pot of Desires is negated by Solemn Judgment. Are my banished cards "
                           "returned to my Deck?").value == "no"
    _refused(base_expert, "My Pot of Desires is negated by Solemn Judgment. Are my cards returned "
                          "to my Deck?")


def test_is_a_cost_so_that_it_stays_after_a_negation(base_expert):
    real = ("Is sending Effect Veiler from my hand to the GY a cost, so that it is in the GY even if my "
            "opponent negates Effect Veiler's effect?")
    spec = base_expert.parse(real)
    assert spec["family"] == "is-cost" and spec["and"][0]["family"] == "still-done"
    assert [e["what"] for e in _events(spec, "negate")] == ["effect"]
    assert base_expert.ask_spec(spec).value == "yes"
    # a card that is not the one sent
    _refused(base_expert, real.replace("negates Effect Veiler's", "negates Ash Blossom & Joyous "
                                       "Spring's"))
    spec = base_expert.parse("Is banishing a Link Monster from my field or GY for Accesscode Talker's "
                             "destruction effect a cost paid when I activate it?")
    assert (spec["effect"]["card"], spec["verb"]) == ("Accesscode Talker", "banish")


# -- C: Summon negation ------------------------------------------------------------------------

def test_an_effect_told_resolving_was_activated(base_expert):
    spec = base_expert.parse("My opponent's Nibiru, the Primal Being effect resolves and Nibiru is "
                             "Special Summoned from their hand. Can I use Solemn Strike to negate that "
                             "Special Summon?")
    [a] = _events(spec, "activate")
    assert a["player"] == "opponent" and a["does"][0]["summon-kind"] == "by-effect"
    assert base_expert.ask_spec(spec).value == "no"
    assert base_expert.ask("My opponent's Advanced Ritual Art resolves and Ritual Summons a monster. "
                           "Can I negate that Ritual Summon with Solemn Judgment?").value == "no"


def test_contact_fusion_summon_of_a_card(base_expert):
    real = "Can Solemn Strike negate the Contact Fusion Summon of Gladiator Beast Gyzarus?"
    spec = base_expert.parse(real)
    assert _events(spec, "summon")[0]["summon-kind"] == "procedure"
    assert base_expert.ask_spec(spec).value == "yes"
    assert base_expert.ask(real.replace("Gladiator Beast Gyzarus", "ABC-Dragon Buster")).value == "yes"
    _refused(base_expert, real.replace("Gladiator Beast Gyzarus", "Baronne de Fleur"))


def test_a_summon_in_progress_by_its_own_procedure(base_expert):
    real = ("My opponent is Special Summoning Gameciel, the Sea Turtle Kaiju to my field by Tributing "
            "one of my other monsters. Can I negate that Summon with my face-up Thunder King Rai-Oh?")
    spec = base_expert.parse(real)
    [s] = _events(spec, "summon")
    assert (s["summon-kind"], s["player"], s.get("attempt")) == ("procedure", "opponent", True)
    assert base_expert.ask_spec(spec).value == "yes"
    assert base_expert.ask(real.replace("Gameciel, the Sea Turtle Kaiju",
                                        "Dogoran, the Mad Flame Kaiju")).value == "yes"
    _refused(base_expert, real.replace("to my field", "to their field"))


def test_the_summon_a_spell_will_make(base_expert):
    spec = base_expert.parse("My opponent activates Polymerization. Can I use Solemn Strike to stop "
                             "their Fusion Summon?")
    assert spec["or"][0]["family"] == "negate-activation"
    assert base_expert.ask_spec(spec).value == "no"
    # Solemn Judgment negates the Spell's activation, which stops the Summon
    assert base_expert.ask("My opponent activates Polymerization. Can I use Solemn Judgment to stop "
                           "their Fusion Summon?").value == "yes"
    _refused(base_expert, "My opponent activates Polymerization. Can I use Solemn Judgment to stop "
                          "their Synchro Summon?")
    spec = base_expert.parse("Can I chain Solemn Judgment to the activation of Advanced Ritual Art to "
                             "stop the Ritual Summon?")
    assert spec["and"][0]["family"] == "negate-activation"


def test_summons_made_during_or_after_a_chain(base_expert):
    spec = base_expert.parse("In response to my Cosmic Cyclone, my opponent activates Emergency "
                             "Teleport and Special Summons a Psychic monster. Can I negate that "
                             "Special Summon with Solemn Strike?")
    acts = _events(spec, "activate")
    assert [a["player"] for a in acts] == ["you", "opponent"] and acts[1]["respond"] == "a1"
    assert base_expert.ask_spec(spec).value == "no"
    cl2 = ("I chain Arrivalrivals to my opponent's Quick-Play Spell, so Arrivalrivals is Chain Link 2, "
           "and I Normal Summon when it resolves. Can my opponent negate that Normal Summon with "
           "Solemn Warning?")
    spec = base_expert.parse(cl2)
    assert _events(spec, "activate")[1]["link"] == 2
    assert _events(spec, "summon")[0]["by"] == "a2"
    assert base_expert.ask_spec(spec).value == "no"
    # the same Summon after Chain Link 1 can be negated
    assert base_expert.ask("During the Battle Phase I activate Arrivalrivals as Chain Link 1, it "
                           "resolves, and I Normal Summon a monster. Can my opponent negate that "
                           "Normal Summon with Solemn Judgment?").value == "yes"


def test_too_late_once_the_summon_happened(base_expert):
    spec = base_expert.parse("I let my opponent's Link Summon of Accesscode Talker happen and its "
                             "ATK-gain effect is activated. Can I now activate Solemn Strike to negate "
                             "the Link Summon?")
    [s] = _events(spec, "summon")
    assert s["player"] == "opponent" and not s.get("attempt")
    assert _events(spec, "activate")[0]["player"] == "opponent"
    assert base_expert.ask_spec(spec).value == "no"
    assert base_expert.ask("My opponent is about to Link Summon Accesscode Talker. Can I activate "
                           "Solemn Strike to negate the Link Summon?").value == "yes"


# -- D: targeting a card whose own text protects it -----------------------------------------------

def test_target_a_card_protected_by_its_own_text(base_expert):
    spec = base_expert.parse("Can I activate Effect Veiler on my opponent's Borreload Dragon?")
    ent = spec["entities"][spec["entity"]]
    assert ent["cannot-be-targeted"] == "monster-effects" and ent["controller"] == "opponent"
    assert base_expert.ask_spec(spec).value == "no"
    assert base_expert.ask("Can I target my opponent's Borreload Dragon with Infinite "
                           "Impermanence?").value == "yes"
    # nothing protects Dark Magician: not a targeting-protection question
    _refused(base_expert, "Can I target my opponent's Dark Magician with Infinite Impermanence?")


def test_reader_reads_which_effects_cannot_target():
    from psct_expert.cards import Card
    from psct_expert.reader import read_card

    def what(text):
        r = read_card(Card(name="Example Guard", kind="monster", subtypes=("effect",), text=text))
        return [f.get("what") for f in r.facts if f.type == "cannot_be_targeted"]

    assert what("Neither player can target this card with monster effects.") == ["monster-effects"]
    assert what("Neither player can target this card with card effects.") == ["card-effects"]
    assert what("This card cannot be targeted by Spell effects.") == ["spell-effects"]


def test_is_an_action_told_after_an_activation_a_cost(base_expert):
    real = ("When Evenly Matched is activated, does my opponent banish their extra cards right away as "
            "a cost, before anyone can respond?")
    spec = base_expert.parse(real)
    assert (spec["family"], spec["verb"]) == ("is-cost", "banish")
    assert base_expert.ask_spec(spec).value == "no"
    assert base_expert.ask("When my opponent activates Twin Twisters, do they discard a card right "
                           "away as a cost, before anyone can respond?").value == "yes"
    # a cost is paid by the player who activates: another player named is never a yes
    near = base_expert.ask("When I activate Twin Twisters, does my opponent discard a card right away "
                           "as a cost?")
    assert near.value == "unknown"


def test_a_response_by_a_card_named_only_by_its_kind_is_refused(base_expert):
    assert "named only by its kind" in _refused(
        base_expert, "When I activate Branded Fusion, can my opponent respond to it with a "
                     "Trap Card before the Fusion Summon happens?")
    # a Summon of a kind the card does not make is refused, not read as its Fusion Summon
    assert "makes no Synchro Summon" in _refused(
        base_expert, "When I activate Branded Fusion, can my opponent respond to it with Called "
                     "by the Grave before the Synchro Summon happens?")


def test_a_summon_by_an_effect_whose_cost_is_told(base_expert):
    real = ("My opponent banishes Crystron Halqifibrax to Special Summon a Tuner Synchro Monster from "
            "the Extra Deck ('treated as a Synchro Summon'). Can Black Horn of Heaven negate that "
            "Summon?")
    spec = base_expert.parse(real)
    [a] = _events(spec, "activate")
    assert a["effect"] == {"card": "Crystron Halqifibrax", "n": 2}
    assert a["does"][0]["summon-kind"] == "by-effect"
    assert base_expert.ask_spec(spec).value == "no"
    # a quote that is not the text of the way it is done
    _refused(base_expert, real.replace("treated as a Synchro Summon", "treated as a Link Summon"))
