"""Reading mechanisms of the lead's sixth wave-3 session (sentences written for these tests)."""

import pytest


@pytest.fixture
def expert(base_expert):
    return base_expert


def test_an_effect_that_fits_several_is_answered_when_every_one_gives_the_same(expert):
    spec, reading = expert.read("Can I chain Divine Wrath to Black Rose Dragon's effect?", [])
    assert len(spec["each"]) == 1 and [c.kind for c in reading.changes] == ["every-effect"]
    a = expert.ask("Can I chain Divine Wrath to Black Rose Dragon's effect?", [])
    assert a.value == "yes" and any("same for each effect" in n for n in a.notes)


def test_effects_that_answer_differently_leave_it_unknown_saying_which_gives_which(expert):
    spec = {"family": "targets", "effect": {"card": "Scrap Dragon", "n": 1},
            "each": [{"family": "targets", "effect": {"card": "Dark Hole", "select": "activation"}}]}
    a = expert.ask_spec(spec)
    assert a.value == "unknown"
    assert any("which effect the question means" in m and "Yes." in m and "No." in m
               for m in a.missing)


def test_a_question_each_effect_answers_its_own_way_names_both(expert):
    a = expert.ask("Does Black Rose Dragon's effect target?", [])
    assert a.value == "unknown"
    assert "first effect" in a.restated and "second effect" in a.restated
    # the same question of a card whose effects all agree is answered
    assert expert.ask("Does the effect of Mermail Abyssmegalo start a Chain?", []).value == "yes"


@pytest.mark.parametrize("written, read", [
    ("I have Mirror Moth Set and a card in hand to discard.", "a card in hand."),
    ("i have horn set and a monster to tribute.", "and a monster."),
])
def test_what_a_held_card_is_for_is_the_plan_not_the_state(written, read):
    from psct_expert.parser.lexicon import relex
    assert relex(written).text.endswith(read)


def test_what_is_used_to_summon_is_never_cut():
    from psct_expert.parser.lexicon import relex
    said = "Opponent uses 2 monsters to tribute summon Mirror Moth."
    assert relex(said).text == said


@pytest.mark.parametrize("written, read", [
    ("does Solemn Warning negate a flip summon?", "can Solemn Warning negate a flip summon?"),
    ("does Magic Jammer negate the activation of Raigeki?", "can Magic Jammer negate the activation"),
])
def test_does_it_negate_asks_whether_it_can(written, read):
    from psct_expert.parser.lexicon import relex
    assert relex(written).text.lower().startswith(read.lower())


def test_does_it_miss_the_timing_asked_of_the_card_alone(expert):
    assert expert.ask("does sangan miss the timing?", []).value == "no"      # "If ...": never
    a = expert.ask("Does Peten the Dark Clown's effect miss the timing?", [])
    assert a.value == "yes" and "miss the timing" in a.restated
    # told with a story, the story is never set aside to answer it from the text alone
    from psct_expert.errors import PsctError
    with pytest.raises(PsctError):
        expert.ask("I wibble it for a Tribute Summon. Does Peten the Dark Clown miss the timing?", [])


def test_a_cards_activation_starting_a_chain_is_activating_it(expert):
    a = expert.ask("does pot of greed's activation start a chain?", [])
    assert a.value == "yes" and a.reading is not None


def test_can_i_activate_x_when_something_happens_tells_that_first(expert):
    a = expert.ask("can i activate torrential tribute when my opponent link summons?", [])
    assert a.value == "yes"
    from psct_expert.parser.lexicon import relex
    assert relex("can i activate X when it resolves?").text == "Can i activate X when it resolves?"


def test_a_refused_reading_is_final_only_when_no_later_reading_places_the_question(monkeypatch):
    from psct_expert import understand as U
    from psct_expert.errors import QuestionError
    from psct_expert.parser.lexicon import Relexed

    def once(text, lines, db, families):
        if text == "refused":
            raise U._Refused(QuestionError("the cards refuse it"))
        if text == "placed":
            return {"family": "targets"}
        raise QuestionError("not placed", unplaced=text)

    monkeypatch.setattr(U, "_once", once)
    tries = U._Tries([], None, {})
    assert tries.read_as(Relexed("refused"))[0] is None
    assert str(tries.refusal) == "the cards refuse it"
    spec, read, err = tries.read_as(Relexed("placed"))
    assert spec == {"family": "targets"} and read.text == "placed" and err is None
    assert tries.read_as(Relexed("other"))[2].unplaced == "other"


def test_does_it_resolve_after_a_story_is_does_it_still_resolve(expert):
    told = "I activate Dark Hole. My opponent chains Twin Twisters to destroy Dark Hole. "
    a = expert.ask(told + "Does Dark Hole resolve?", [])
    b = expert.ask(told + "Does Dark Hole still resolve?", [])
    assert a.value == b.value == "yes" and a.restated == b.restated


@pytest.mark.parametrize("written, read", [
    ("Opponent NS's a monster.", "Opponent Normal Summons a monster."),
    ("they attack. do my monsters still die?", "are my monsters still destroyed?"),
    ("I chain my Set Mirror Moth.", "I chain Mirror Moth."),
    ("i activate Mirror Moth when opp attacks, they chain it.", "opp attacks. i activate Mirror Moth,"),
])
def test_more_forum_phrasings(written, read):
    from psct_expert.parser.lexicon import relex
    at = written.index("Mirror Moth") if "Mirror Moth" in written else None
    keep = [(at, at + len("Mirror Moth"))] if at is not None else []
    assert read.lower() in relex(written, keep).text.lower()


def test_a_card_named_only_by_its_kind_asks_which_card(expert):
    from psct_expert.errors import QuestionError
    with pytest.raises(QuestionError, match="which trap\\? name the card"):
        expert.ask("can i activate my trap the turn i set it?", [])


def test_an_inherent_summon_asked_without_special(expert):
    assert expert.ask("is cyber dragon's summon an inherent summon?", []).value == "yes"
    assert expert.ask("is gorz's special summon an inherent summon?", []).value == "no"


@pytest.mark.parametrize("written, read", [
    ("Question from a local: they chain it. Can I?", "They chain it. Can I?"),
    ("it is flipped during damage step... does it activate?", "It is flipped during the damage step. does it"),
    ('X says "destroy that monster(s)... and if you do, banish it". Is it?', 'monster(s)... and if you do'),
])
def test_openers_ellipses_and_bare_phases(written, read):
    from psct_expert.parser.lexicon import relex
    assert read in relex(written).text


@pytest.mark.slow
def test_respond_with_a_card_is_chaining_it(expert):
    a = expert.ask("It is my opponent's turn. my opponent activates Forbidden Dress. can i respond "
                   "with ring of destruction on their monster?", [])
    assert any("as 'can i chain'" in c.describe() for c in a.reading.changes)


def test_a_sentence_ends_after_a_number_said_alone():
    from psct_expert.parser.lexicon import sentences
    assert sentences("They Flip Summon it in Main Phase 1. Is that negated?") == \
        ["They Flip Summon it in Main Phase 1.", "Is that negated?"]
    assert sentences("I activate D.D. Crow. Is it ok?") == ["I activate D.D. Crow.", "Is it ok?"]


def test_can_i_use_x_after_a_card_is_summoned_tells_the_summon_first(expert):
    a = expert.ask("I tribute Peten the Dark Clown to Tribute Summon Caius the Shadow Monarch. can i "
                   "use peten's effect after caius hits the field?", [])
    assert a.value == "no"           # "When ...": the Summon happened last (missing the timing)
    assert any("caius is Summoned. can i use" in c.describe() for c in a.reading.changes)


@pytest.mark.parametrize("written, read", [
    ("Is discarding a card to activate Lightning Vortex a cost?", "a cost of Lightning Vortex"),
    ("Can Mirror Force be activated in response to a direct attack?",
     "Can I activate Mirror Force when my opponent attacks directly"),
    ("can i activate book of moon in response to my opponent's attack?",
     "when my opponent attacks'"),
])
def test_costs_and_attacks_said_the_grammars_way(expert, written, read):
    a = expert.ask(written, [])
    assert any(read in c.describe() for c in a.reading.changes)


def test_how_a_monster_was_summoned_is_grounded_in_its_own_procedure(expert):
    from psct_expert.grounded import summoned_as_its_text_says
    from psct_expert.parser.lexicon import Relexed
    r = Relexed("I Special Summon Chaos Sorcerer again by banishing a LIGHT and a DARK monster "
                "from my GY. Can it use its effect?")
    summoned_as_its_text_says(r, expert.db, expert.kb.families)
    assert r.text == "I Special Summon Chaos Sorcerer again. Can it use its effect?"
    kept = "I Special Summon Chaos Sorcerer by tributing two Dragons. Can it use its effect?"
    r = Relexed(kept)
    summoned_as_its_text_says(r, expert.db, expert.kb.families)
    assert r.text == kept


def test_a_refusal_never_names_a_word_the_reading_shown_set_aside(expert):
    from psct_expert.errors import QuestionError
    with pytest.raises(QuestionError) as got:
        expert.ask("card destruction got negated by opp. do we both still have to draw 2 or nah", [])
    err = got.value
    assert "or nah" not in err.relexed.text
    assert "nah" not in str(err) and "nah" not in (err.unplaced or "")
    # ("do we both" is read "do both players": the word the grammar stops at is named)
    assert {"we", "players"} & set((err.unplaced or "").split())


# "it" in a response: a card that cannot touch the card just activated, or its target, by kind
def test_a_response_that_returns_a_monster_means_the_spells_target(expert):
    a = expert.ask("My opponent activates Soul Taker targeting my monster and I chain Compulsory "
                   "Evacuation Device to return it to my hand. Is my monster still destroyed?", [])
    assert a.value == "no"
    assert "still apply to my monster" in a.restated


def test_a_response_that_destroys_spells_means_the_spell_not_its_target(expert):
    a = expert.ask("I activate Soul Taker targeting my opponent's monster and they chain Mystical "
                   "Space Typhoon to destroy it. Does my opponent still gain 1000 LP?", [])
    assert a.value == "yes" and "still resolve" in a.restated
    spec, _ = expert.read("I activate Soul Taker targeting my opponent's monster and they chain "
                          "Mystical Space Typhoon to destroy it. Does my opponent still gain 1000 LP?", [])
    does = [d for e in spec.get("situation", []) for d in e.get("does", [])]
    assert does and does[0]["what"] == "Soul Taker"


def test_a_response_that_targets_nothing_is_read_by_what_its_part_names(expert):
    # "destroy all Spells and Traps ...": not the monster Soul Taker targets; "all monsters": it is
    spells = expert.ask("I activate Soul Taker targeting my opponent's monster and they chain Harpie's "
                        "Feather Duster to destroy it. Does my opponent still gain 1000 LP?", [])
    monsters = expert.ask("I activate Soul Taker targeting my opponent's monster and they chain Dark "
                          "Hole to destroy it. Does my opponent still gain 1000 LP?", [])
    assert spells.value == "yes" and monsters.value == "no"
    told = expert.ask("I activate Soul Taker targeting my opponent's monster, they chain Dark Hole and "
                      "destroy it. Does my opponent still gain 1000 LP?", [])
    assert told.value == "no"


def test_the_kind_of_card_a_part_names():
    from psct_expert.reader.phrases import part_object_kind
    assert part_object_kind("Destroy all Spell and Trap Cards your opponent controls") == "spell-trap"
    assert part_object_kind("Banish all face-up monsters on the field") == "monster"
    assert part_object_kind("destroy 1 card on the field") is None
    assert part_object_kind("return it to the hand") is None


def test_doubling_atk_is_a_stat_change_and_double_damage_is_not():
    from psct_expert.cards import Card
    from psct_expert.reader import read_card
    boost = read_card(Card(name="Example Booster", kind="spell", subtypes=("quick-play",),
                           text="Double the ATK of all Machine monsters you control until the end of this turn."))
    assert any(f.type == "stat_change" for f in boost.facts)
    assert [f.get("verb") for f in boost.facts if f.type == "clause"] == ["double"]
    burn = read_card(Card(name="Example Burner", kind="monster", subtypes=("effect",),
                          text="If this card attacks a Defense Position monster, inflict double piercing battle damage to your opponent."))
    assert "double" not in {f.get("verb") for f in burn.facts if f.type in ("clause", "clause_verb")}


# a target told to leave the field by the words that describe it; "gets rid of" = removes
@pytest.mark.parametrize("told", [
    "In response, my Set card leaves the field.",
    "They chain and get rid of my Set card.",
    "They chain and remove my Set card from the field.",
])
def test_a_described_target_that_leaves_the_field(expert, told):
    a = expert.ask("I activate Twin Twisters targeting my own Set card and my opponent's face-up "
                   f"Spell. {told} Is their face-up Spell still destroyed?", [])
    assert a.value == "yes" and "still apply to my opponent's face-up" in a.restated
    assert a.reading is None or "from the field leaves" not in a.reading.text


def test_words_that_fit_both_targets_are_refused(expert):
    from psct_expert.errors import QuestionError
    with pytest.raises(QuestionError):
        expert.ask("I activate Twin Twisters targeting my opponent's Set card and their face-up "
                   "Spell. In response, their Set card leaves the field. Is the face-up Spell still "
                   "destroyed?", [])


def test_a_summon_a_told_link_made_was_made_as_it_resolved(expert):
    # the Summon is what the link did: the link resolved (it was an internal 's2' error before)
    a = expert.ask("My opponent activates Monster Reborn and uses it to Special Summon a monster "
                   "from their GY. Can I activate Solemn Strike on that Special Summon?", [])
    assert a.value == "no"
    b = expert.ask("My opponent Special Summons Cyber Dragon by its own procedure. Can I activate "
                   "Solemn Strike on that Special Summon?", [])
    assert b.value == "yes"


@pytest.mark.parametrize("name", ["parser/lexicon.yaml", "parser/clauses.yaml", "reader/grammar.yaml",
                                  "gamewords.yaml", "parser/vocabulary.yaml"])
def test_vocabularies_hold_words_not_yaml_booleans(name):
    # 'off', 'no', 'true' unquoted are read by YAML as booleans ("zero: no" had become False)
    import pathlib
    import yaml
    path = pathlib.Path(__file__).resolve().parent.parent / "psct_expert" / name
    bad = []

    def walk(x, where):
        if isinstance(x, dict):
            for k, v in x.items():
                if isinstance(k, bool) or k is None:
                    bad.append(f"{where}: key {k!r}")
                walk(v, f"{where}/{k}")
        elif isinstance(x, list):
            for v in x:
                if isinstance(v, bool) or v is None:
                    bad.append(f"{where}: {v!r}")
                walk(v, where)
    walk(yaml.safe_load(path.read_text(encoding="utf-8")), name)
    assert not bad, bad


def test_a_word_read_as_itself_is_not_listed_as_a_change(expert):
    from psct_expert.parser.lexicon import Change, Relexed
    from psct_expert.render import reading_line
    r = Relexed("my Set card leaves the field.", [Change("read-as", "Set card", "Set card"),
                                                   Change("read-as", "gets rid of", "removes")])
    line = reading_line(r)
    assert "'Set card' as 'Set card'" not in line and "'gets rid of' as 'removes'" in line


def test_a_scenario_line_the_grammar_stops_in_is_the_one_named(expert):
    from psct_expert.errors import QuestionError
    with pytest.raises(QuestionError) as got:
        expert.ask("Does Mirror Force still resolve?",
                   ["My opponent's monster attacks.", "I activate Mirror Force.",
                    "The glorp is frobnicated."])
    assert got.value.line == 3 and "glorp" in str(got.value)
