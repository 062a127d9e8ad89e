"""Mechanisms of the session after `32fb9e2`, found on the dev rounds (issues 22 and 23): a name
written in part around a word the question language lacks, whatever the words beside it are; a
reason that opens the sentence told first; "the attacker", "in chain", "off that"; a "during your
Main Phase this turn" condition not met by an activation told before Main Phase 1.  Sentences and
invented cards written for these tests, not the shared cases."""

import pytest

from psct_expert.cards import Card
from psct_expert.errors import QuestionError
from psct_expert.parser.lexicon import relex

from question_helpers import with_cards


@pytest.fixture(scope="module")
def quillmoor(base_expert):
    return with_cards(base_expert, {
        "name": "Quillmoor Pendulum, the Drake", "kind": "monster",
        "subtypes": ["pendulum", "effect"], "text": "You can target 1 card on the field; destroy it.",
        "pendulum_text": "Once per turn: You can destroy 1 card in your other Pendulum Zone."}, {
        "name": "Quillmoor Knight", "kind": "monster", "subtypes": ["effect"],
        "text": "You can target 1 monster on the field; destroy it."})


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_a_partial_name_takes_in_a_game_word_beside_it(quillmoor):
    # "quillmoor" alone fits two cards; with "pendulum" beside it, one
    answer = quillmoor.ask("does quillmoor pendulum's pendulum effect target?")
    assert answer.value == "no"
    assert "Quillmoor Pendulum, the Drake" in answer.restated


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_a_word_that_fits_two_names_alone_is_not_guessed(quillmoor):
    with pytest.raises(QuestionError):
        quillmoor.ask("does quillmoor's effect target?")


@pytest.mark.parametrize("written, read", [
    ("My opponent banished the attacker in chain. Do I still gain LP?",
     "My opponent banished the attacking monster in response. Do I still gain LP?"),
    ("they chained and removed their attacker from the field",
     "They removed their attacking monster from the field in response"),
    # a Chain Link named by number stays
    ("They destroyed it in chain link 2.", "They destroyed it in chain link 2."),
])
def test_the_attacker_and_in_chain(written, read):
    assert relex(written).text == read


def test_off_that_is_shown_as_read():
    said = relex("can i activate it off that?")
    assert said.text == "Can i activate it?"
    assert any(c.written == "off that" for c in said.changes)
    # "off" elsewhere stays a word to place
    assert "off the field" in relex("it was sent off the field?").text


TALENT = {"name": "Example Talent", "kind": "spell", "subtypes": ["normal"],
          "text": "If your opponent has activated a monster effect during your Main Phase this "
                  "turn: Draw 2 cards."}


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
@pytest.mark.parametrize("question, answer", [
    # told before Main Phase 1: nothing in a Main Phase meets the condition
    ("My opponent activated Ash Blossom & Joyous Spring during my Standby Phase. Can I activate "
     "Example Talent in Main Phase 1?", "no"),
    ("opp ashed me in my standby phase. can i activate Example Talent in main phase 1 off that?",
     "no"),
    # in Main Phase 1 itself: met
    ("It is my Main Phase 1. My opponent activates Ash Blossom & Joyous Spring. Can I activate "
     "Example Talent?", "yes"),
    # asked in Main Phase 2: an untold Main Phase 1 came before, so it stays open
    ("It is my Battle Phase. My opponent activates Ash Blossom & Joyous Spring. It is my Main "
     "Phase 2. Can I activate Example Talent?", "unknown"),
])
def test_a_main_phase_condition_and_an_earlier_activation(base_expert, question, answer):
    assert with_cards(base_expert, TALENT).ask(question).value == answer


@pytest.mark.parametrize("told, read", [
    # a card that flipped, then a clause with no subject: the card's own
    ("Quillmoor flipped and targeted my face-up monster.",
     ["Q is flipped face-up.", "Q targets my face-up monster."]),
    # "turned ... face-down" is a flip
    ("They chained and turned my monster face-down.", ["my monster is flipped face-down in response."]),
    ("I chain and kill their monster.", ["I destroy my opponent's monster in response."]),
])
def test_story_clauses_of_this_session(told, read):
    from psct_expert.parser.clauses import read_story

    spans = [(0, 9)] if told.startswith("Quillmoor") else []
    assert read_story(told, spans, ["monster"] * len(spans), ["Q"] * len(spans)) == read


@pytest.mark.parametrize("told", [
    "Quillmoor turned.",                 # "turn" with no position: a word to place
    "It is my turn and they turned it.",
])
def test_turn_needs_a_position(told):
    from psct_expert.parser.clauses import read_story

    spans = [(0, 9)] if told.startswith("Quillmoor") else []
    assert read_story(told, spans, ["monster"] * len(spans), ["Q"] * len(spans)) is None


@pytest.fixture(scope="module")
def vessels(base_expert):
    # "zorvane" stands in two names; only one of their texts says "detach"
    return with_cards(base_expert, {
        "name": "Zorvane Lancer", "kind": "monster", "subtypes": ["xyz", "effect"],
        "text": "Once per turn: You can detach 1 material from this card, then target 1 card on the "
                "field; destroy it."}, {
        "name": "Zorvane Warden", "kind": "monster", "subtypes": ["effect"],
        "text": "You can target 1 card on the field; destroy it."})


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_a_word_of_two_names_is_the_card_whose_text_says_what_is_told(vessels):
    answer = vessels.ask("zorvane's detach effect got negated. can i use it again this turn?")
    assert answer.value == "no"
    assert "Zorvane Lancer" in answer.restated


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
@pytest.mark.parametrize("question", [
    # what is asked never chooses the card ("detach" only in the question asked)
    "does zorvane detach?",
    # nothing told that only one text says ("negated": neither text)
    "zorvane got negated. can i use it again this turn?",
    # told, but both texts say it
    "zorvane destroyed my card. can i chain to it?",
])
def test_a_word_of_two_names_not_grounded_is_not_chosen(vessels, question):
    from psct_expert.parser.names import _grounded_word

    assert _grounded_word(question, vessels.db, [(0, 7)], []) == []


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
@pytest.mark.parametrize("question", [
    "Lightning Chidori's detach effect got negated. can i use it again this turn?",
    "lightning chidori detach effect got negated. can i try the same chidori's effect again this turn?",
])
def test_using_it_again_after_its_effect_was_told(base_expert, question):
    # "it" after a story that told one effect of the card: that effect, that same copy
    answer = base_expert.ask(question)
    assert answer.value == "no"
    assert "the second effect of Lightning Chidori be used again" in answer.restated


def test_a_question_said_again_in_other_words_is_set_aside_and_shown():
    said = relex("is discarding it a cost? like if it is negated is the card still discarded")
    assert said.text == "Is discarding it a cost?"
    assert [c.kind for c in said.changes] == ["rephrased"]
    assert "said again in other words" in said.changes[0].describe()
    # a sentence that is no rephrasing ("like" not opening it, or no question before it) stays
    assert relex("it is like a cost. is it negated?").text == "It is like a cost. is it negated?"


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_a_rephrasing_that_reads_is_asked_too(base_expert):
    # both read and agree: the answer stands, both restated
    agreed = base_expert.ask("Does Dark Hole target? i.e. does Dark Hole target a monster?")
    assert agreed.value == "no"
    # (each question of a text is read on its own, and must agree: the same as a rephrasing)
    assert any(c.kind in ("rephrased", "each-question") for c in agreed.reading.changes)
    spec = base_expert.parse("Does Dark Hole target? i.e. does Dark Hole start a chain?")
    assert spec.get("each") and spec["each"][0]["family"] == "starts-chain"
    # they disagree (no, it does not target; yes, it starts a chain): unknown, saying which
    differs = base_expert.ask("Does Dark Hole target? i.e. does Dark Hole start a chain?")
    assert differs.value == "unknown"
    assert "the answer differs" in " ".join(differs.missing)


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
@pytest.mark.parametrize("story, answer", [
    # a Main Phase 1 whose turn is not said, then the asker's Battle Phase: the asker's turn
    ("They activated Ash Blossom & Joyous Spring in Main Phase 1. It is my Battle Phase. It is "
     "my Main Phase 2.", "yes"),
    ("They activated Ash Blossom & Joyous Spring in Main Phase 1, I went to battle, now I'm in "
     "Main Phase 2.", "yes"),
    # the next phase told is the opponent's: their turn, so not "your Main Phase"
    ("They activated Ash Blossom & Joyous Spring in Main Phase 1. It is my opponent's Battle "
     "Phase.", "no"),
])
def test_a_phase_whose_turn_is_unsaid_takes_the_turn_of_the_next(base_expert, story, answer):
    assert base_expert.ask(f"{story} Can I activate Example Talent?".replace(
        "Example Talent", "Triple Tactics Talent")).value == answer


def test_turns_by_order_only_forward():
    from psct_expert.situation import _turns_by_order

    told = [{"kind": "phase", "phase": "main2", "turn": "any"},
            {"kind": "phase", "phase": "main1", "turn": "you"}]
    # Main Phase 2 then a Main Phase 1: another turn began, whose the first was stays unsaid
    assert _turns_by_order(told)[0]["turn"] == "any"
    told[0]["phase"] = "standby"
    assert _turns_by_order(told)[0]["turn"] == "you" and told[0]["turn"] == "any"


@pytest.mark.parametrize("written, read", [
    ("Opp used X in my Standby Phase and hasn't activated any other monster effect. Can I?",
     "Opp used X in my Standby Phase, nothing else. Can I?"),
])
def test_closed_and_live(written, read):
    assert relex(written).text == read
    # "X still live?" (X a card's name, kept by the caller): can the asker still activate it
    assert relex("TTT still live?", [(0, 3)]).text == "Can I still activate TTT?"
    assert "activate" not in relex("the chain is live?", []).text


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_still_live_is_whether_the_asker_can_activate_it(base_expert):
    answer = base_expert.ask("They Ashed me in Main Phase 1, I went to battle, now I'm in Main "
                             "Phase 2. TTT still live?")
    assert answer.value == "yes"
    assert "Can I still activate" in answer.reading.text


@pytest.fixture(scope="module")
def squire(base_expert):
    return with_cards(base_expert, {
        "name": "Example Banner Squire", "kind": "monster", "subtypes": ["link", "effect"],
        "text": "If this card is Link Summoned: You can target 1 card on the field; banish it, also "
                "for the rest of this turn, your monsters cannot attack directly. (Quick Effect): "
                "You can target 2 face-up monsters on the field; banish both until the End Phase."})


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_the_story_effect_is_the_one_the_question_asks_about(squire):
    # "its banish effect" fits both; the restriction asked about is of the first only
    answer = squire.ask("Example Banner Squire's banish effect was negated. Do I still get the "
                        "restriction?")
    assert answer.value == "no"
    assert any(c.kind == "object-effect" for c in answer.reading.changes)


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_a_question_of_the_told_effect_itself_is_asked_of_each(squire):
    # "does it target?" asks of whichever effect was told: each in turn (both target: yes)
    answer = squire.ask("Example Banner Squire's banish effect was negated. Does it target?")
    assert answer.value == "yes"
    assert not any(c.kind == "object-effect" for c in answer.reading.changes)


@pytest.mark.parametrize("written, read", [
    ("does X count as targeting?", "Does X target?"),
    ("X counts as targeting the card, right?", "X targets the card?"),   # (the tag set aside)
    ("is the X considered targeting?", "Is the X a targeting effect?"),
    ("is that treated as a targeting effect?", "Is that a targeting effect?"),
    # "count" said of anything else stays a word to place
    ("does X count as a cost?", "Does X count as a cost?"),
])
def test_counts_as_targeting(written, read):
    assert relex(written).text == read


@pytest.fixture(scope="module")
def vanguard(base_expert):
    return with_cards(base_expert, {
        "name": "Example Vanguard", "kind": "monster", "subtypes": ["link", "effect"],
        "text": "If this card is Link Summoned using a Fusion, Synchro, Xyz, or Link Monster as "
                "material: You can draw 1 card."}, {
        "name": "Example Rearguard", "kind": "monster", "subtypes": ["link", "effect"],
        "text": "If this card is Link Summoned: You can draw 1 card."})


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
@pytest.mark.parametrize("question, answer", [
    # Main Deck materials are never of the Extra Deck's kinds
    ("If I Link Summon Example Vanguard using two Main Deck monsters, can I activate its effect?",
     "no"),
    # materials whose kind is not told: the condition may hold
    ("If I Link Summon Example Vanguard using two monsters, can I activate its effect?",
     "unknown"),
    # a trigger that asks nothing of its materials
    ("If I Link Summon Example Rearguard using two Main Deck monsters, can I activate its effect?",
     "yes"),
])
def test_a_trigger_that_needs_an_extra_deck_material(vanguard, question, answer):
    assert vanguard.ask(question).value == answer


@pytest.fixture(scope="module")
def lantern(base_expert):
    return with_cards(base_expert, {
        "name": "Vexmoor Lantern Warden", "kind": "monster", "subtypes": ["effect"],
        "text": "(Quick Effect): You can discard this card; draw 1 card. You can only use this "
                "effect of \"Vexmoor Lantern Warden\" once per turn."})


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
@pytest.mark.parametrize("question", [
    # the name in full
    "my first Vexmoor Lantern Warden got its activation negated. can i use my 2nd Vexmoor "
    "Lantern Warden the same turn?",
    # the name in part: said in full before the lexicon reads the question
    "my first vexmoor got its activation negated. can i use my 2nd vexmoor the same turn?",
])
def test_got_its_activation_negated(lantern, question):
    answer = lantern.ask(question)
    assert answer.value == "no"
    assert "activation of my Vexmoor Lantern Warden was negated" in answer.reading.text


def test_a_card_at_the_start_of_a_sentence_told_in_my_gy_is_mine():
    said = relex("X is in my gy. does it start a chain?", [(0, 1)])
    assert said.text.startswith("My X is in my gy")


@pytest.mark.parametrize("written, read", [
    ("X targeted a face-up card of mine.", "X targeted my face-up card."),
    ("it hit a monster of theirs.", "It hit their monster."),
    # "of mine" after anything else stays
    ("a friend of mine says so.", "A friend of mine says so."),
])
def test_of_mine(written, read):
    assert relex(written).text == read


def test_going_for_a_summon_is_about_to_summon():
    said = relex("opp is going for a X synchro summon. can i negate it?", [(19, 20)])
    assert said.text.startswith("Opp is about to synchro Summon X")


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_a_report_of_what_the_card_just_says_is_grounded(base_expert):
    answer = base_expert.ask("Adreus targeted a face-up card of mine, so I chained something to "
                             "flip it face-down. Adreus just says destroy it. Is my card still "
                             "destroyed?")
    assert answer.value == "yes"
    assert any(c.kind == "grounded" for c in answer.reading.changes)


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_a_negated_tribute_summon_keeps_its_tribute_told(base_expert):
    # the Tribute is paid before the Summon can be negated, and stays paid: the story's Tribute
    # is an event of the situation (it once named an event the situation did not have)
    spec = base_expert.parse("I Tribute Summon a monster by Tributing Capshell. My opponent "
                             "negates the Tribute Summon. Can I activate Capshell's effect?")
    assert spec["event"].endswith(".mat1")
    answer = base_expert.ask_spec(spec)         # (raised: "'event' names 's1.mat1', which is not
    # an event ..."); its bullet "If this card is Tributed" is the one that can be activated
    assert answer.value == "yes"
    assert answer.restated == "Can bullet 1 of the first effect of Capshell be activated at this point?"


@pytest.fixture(scope="module")
def pack(base_expert):
    return with_cards(base_expert, {
        "name": "Example Lone Wolf", "kind": "monster", "subtypes": ["effect"],
        "text": "If you control no monsters, you can Special Summon this card (from your hand)."}, {
        "name": "Example Answer Drake", "kind": "monster", "subtypes": ["effect"],
        "text": "If only your opponent controls a monster, you can Special Summon this card "
                "(from your hand)."})


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
@pytest.mark.parametrize("question, answer", [
    ("I control no monsters. Can I Special Summon Example Lone Wolf with its own text?", "yes"),
    ("Going first, neither player has any monsters. Can I Special Summon Example Lone Wolf from "
     "my hand?", "yes"),
    ("I control a monster. Can I Special Summon Example Lone Wolf from my hand?", "no"),
    ("My opponent controls a monster and I control no monsters. Can I Special Summon Example "
     "Answer Drake from my hand?", "yes"),
    ("Neither player controls any monsters. Can I Special Summon Example Answer Drake from my "
     "hand?", "no"),
    # the field not told, or a phase in which no built-in Summon is performed: open
    ("Can I Special Summon Example Lone Wolf from my hand?", "unknown"),
    ("It is my Battle Phase. I control no monsters. Can I Special Summon Example Lone Wolf from "
     "my hand?", "unknown"),
])
def test_a_procedure_against_the_told_field(pack, question, answer):
    got = pack.ask(question)
    assert got.value == answer
    assert got.family == "procedure-summon"


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_a_procedure_family_needs_the_card_s_own_procedure(pack):
    with pytest.raises(QuestionError):
        pack.ask("I control no monsters. Can I Special Summon Dark Hole from my hand?")


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_each_of_the_following_effects_limits_the_effects_after_it(base_expert):
    from psct_expert.reader.reader import read_card

    card = Card.from_dict({
        "name": "Example Outrider", "kind": "monster", "subtypes": ["effect"],
        "text": "If you control no monsters, you can Special Summon this card (from your hand). You "
                "can only use each of the following effects of \"Example Outrider\" once per turn. "
                "During your Main Phase: You can draw 1 card. If this card is sent to the GY: You "
                "can draw 1 card."}, origin="test")
    limited = {f.get("effect") for f in read_card(card).facts if f.type == "once_per_turn"}
    # the procedure it ends is not limited; each effect after it is
    assert limited == {"Example Outrider#2", "Example Outrider#3"}
    answer = with_cards(base_expert, card.to_dict()).ask(
        "Can Example Outrider use its second effect twice in one turn?")
    assert answer.value == "no"


@pytest.mark.parametrize("written, read", [
    ("one of them left in chain, so do i still draw?", "One of them left in response. do i still draw?"),
    ("Do I get any card to hand?", "Do I get a card to hand?"),
    # "so" inside a clause, and "any" of anything but a card, stay
    ("it is so do i", "It is so do i"),
    ("do I get any damage?", "Do I get any damage?"),
])
def test_so_before_the_question_and_any_card(written, read):
    assert relex(written).text == read


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_my_friend_is_no_card_name(base_expert):
    # "my friend" stands in "My Friend Purrely", but a run that opens with "my" is never a name
    from psct_expert.parser.names import _runs_around

    text = "my friend says it targets"
    assert all(not text[s:e].startswith("my") for s, e in _runs_around(text, [(3, 9)]))


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
@pytest.mark.parametrize("question, answer, read", [
    ("my friend says Dark Hole targets. is that right?", "no", "Does Dark Hole target?"),
    ("my opp says Dark Hole starts a chain, is that true?", "yes", "Does Dark Hole start a chain?"),
])
def test_a_claim_then_is_that_right_asks_the_claim(base_expert, question, answer, read):
    got = base_expert.ask(question)
    assert got.value == answer
    assert got.reading.text == read


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_a_negated_claim_is_never_read_without_its_not(base_expert):
    with pytest.raises(QuestionError):
        base_expert.ask("i think Dark Hole does not target. am i right?")


def test_what_someone_else_claims_is_set_aside():
    said = relex("does it start a chain? opponent said its just passive")
    assert said.text == "Does it start a chain?"
    assert any(c.kind == "set-aside" and "opponent said" in c.written for c in said.changes)


@pytest.mark.parametrize("keep, written, read", [
    # the limit and what it does, both said of the effect: neither read twice
    ([(5, 6)], "Does X's once per turn equip effect target?", 'Does X\'s equip "once per turn" effect target?'),
    ([], "it targets the opp monster", "It targets the opponent's monster"),
])
def test_limit_and_verb_of_an_effect_and_the_opp_monster(keep, written, read):
    assert relex(written, keep).text == read


@pytest.fixture(scope="module")
def herald(base_expert):
    return with_cards(base_expert, {
        "name": "Example Herald Knight", "kind": "monster", "subtypes": ["link", "effect"],
        "text": "If this card is Link Summoned using a Fusion, Synchro, Xyz, or Link Monster as "
                "material: You can target 1 card on the field; banish it. (Quick Effect): You can "
                "target 2 face-up monsters on the field; banish both until the End Phase."})


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_the_effect_its_told_summon_triggers(herald):
    answer = herald.ask("If I Link Summon Example Herald Knight using two Main Deck monsters, can "
                        "I use its banish effect?")
    assert answer.value == "no"
    assert any(c.kind == "object-effect" and "Summon triggers" in c.read
               for c in answer.reading.changes)


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_no_told_summon_chooses_no_effect(herald):
    answer = herald.ask("It is my Main Phase 1. Can I use Example Herald Knight's banish effect?")
    assert not any(c.kind == "object-effect" for c in (answer.reading.changes if answer.reading
                                                       else []))


def test_a_narrowing_after_like_is_no_rephrasing():
    # a noun after "like" narrows what is asked: another question, kept to be read (or refused)
    said = relex("can it negate a special summon? like one by a card effect from the hand?")
    assert not any(c.kind == "rephrased" for c in said.changes)


@pytest.fixture(scope="module")
def twinwarden(base_expert):
    return with_cards(base_expert, {
        "name": "Example Twinwarden", "kind": "monster", "subtypes": ["effect"],
        "text": "Once per Chain (Quick Effect): You can draw 1 card. You can only use each of the "
                "following effects of \"Example Twinwarden\" once per turn.\n● If this card is "
                "Special Summoned: You can add 1 card from your Deck to your hand.\n● During your "
                "Main Phase: You can Special Summon 1 monster from your hand."})


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
@pytest.mark.parametrize("question, answer", [
    # a bullet that is an effect of its own, said by what it does: that bullet, not the effect
    # whose text holds the bullets (it was answered for the Quick Effect: "Yes")
    ("Is Example Twinwarden's effect that Special Summons a monster from the hand a Quick Effect?",
     "no"),
    ("Is Example Twinwarden's effect that adds a card to the hand a Quick Effect?", "no"),
    ("Is Example Twinwarden's effect that draws a Quick Effect?", "yes"),
])
def test_an_effect_said_by_what_it_does_may_be_a_bullet_of_its_own(twinwarden, question, answer):
    assert twinwarden.ask(question).value == answer


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
@pytest.mark.parametrize("question, answer", [
    ("Is Example Twinwarden's search effect a Quick Effect?", "no"),
    ("Is Example Twinwarden's draw effect a Quick Effect?", "yes"),
])
def test_an_effect_said_by_a_word_may_be_a_bullet_of_its_own(twinwarden, question, answer):
    assert twinwarden.ask(question).value == answer


@pytest.mark.parametrize("question, answer, differs", [
    # "its effect" of a card whose bullets are effects of their own: each of them in turn
    ("Is Example Twinwarden's effect a Quick Effect?", "unknown", True),
    ("Does Example Twinwarden's effect start a chain?", "yes", False),
])
def test_its_effect_is_each_of_its_effects_and_separate_bullets(twinwarden, question, answer,
                                                                differs):
    got = twinwarden.ask(question)
    assert got.value == answer
    assert ("bullet 2 of the first effect" in " ".join(got.missing)) == differs


def test_with_effect_makes_a_parent_reference_the_bullets():
    from psct_expert.understand import _with_effect

    spec = {"effect": {"card": "X", "n": 1}, "situation": [{"effect": {"card": "X", "n": 1}},
                                                          {"effect": {"card": "X", "n": 2}}]}
    got = _with_effect(spec, "X", 1, "1.2")
    assert got["effect"] == {"card": "X", "bullet": "1.2"}
    assert got["situation"][1]["effect"] == {"card": "X", "n": 2}


@pytest.fixture(scope="module")
def capsule(base_expert):
    return with_cards(base_expert, {
        "name": "Example Capsule Mage", "kind": "monster", "subtypes": ["effect"],
        "text": "You can only use 1 of the following effects of \"Example Capsule Mage\" per turn, "
                "and only once that turn.\n● If this card is Tributed: You can draw 1 card.\n● If "
                "this card is sent to the GY as material for a Synchro Summon: You can draw 1 card."})


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_a_limit_alone_is_no_effect_to_ask_about(capsule):
    # its first "effect" is only the limit on its bullets: "its effect" is each bullet (both are
    # triggers: they start a Chain; the limit said as an effect had answered No)
    answer = capsule.ask("Does Example Capsule Mage's effect start a chain?")
    assert answer.value == "yes"


@pytest.fixture(scope="module")
def gemini(base_expert):
    return with_cards(base_expert, {
        "name": "Example Twin Crab", "kind": "monster", "subtypes": ["gemini", "effect"],
        "text": "This card is treated as a Normal Monster while face-up on the field or in the "
                "GY. While this card is a Normal Monster on the field, you can Normal Summon it to "
                "have it become an Effect Monster with this effect.\n● During your Main Phase: You "
                "can draw 1 card."}, {
        "name": "Example Abyss Imp", "kind": "monster", "subtypes": ["effect"],
        "text": "If you control a monster that is not an 'Example' monster, destroy this card. You "
                "can only use 1 of these effects of 'Example Abyss Imp' per turn, and only once "
                "that turn.\n● If this card is sent to the GY: You can draw 1 card."})


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_a_gemini_monster_s_effect_is_the_one_it_gains(gemini):
    # its Gemini rule is no effect to ask about (it had answered "No")
    assert gemini.ask("Does Example Twin Crab's effect start a chain?").value == "yes"


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_these_effects_after_a_self_destruction(gemini):
    # "1 of these effects": its bullet is an effect too, beside the self-destruction: they differ
    answer = gemini.ask("Does Example Abyss Imp's effect start a chain?")
    assert answer.value == "unknown"
    assert "bullet 1 of the first effect" in " ".join(answer.missing)


@pytest.mark.slow      # asks the expert: seconds in all (run with -m slow, as .ci/run does)
def test_you_can_activate_1_of_these_effects_is_no_effect_of_its_own(base_expert):
    card = {"name": "Example Valley Relay", "kind": "monster", "subtypes": ["effect"],
            "text": "You can activate 1 of these effects.\n● You can banish this card; draw 1 card."
                    "\n● You can target 1 card in your GY; shuffle it into the Deck."}
    # its bullets are activated effects: "its effect" starts a Chain (it had answered No)
    assert with_cards(base_expert, card).ask("Does Example Valley Relay's effect start a chain?").value \
        == "yes"


def test_the_reader_marks_bullets_that_are_effects_of_their_own():
    from psct_expert.reader.reader import read_card

    def marks(text):
        card = Card.from_dict({"name": "Example Marks", "kind": "monster", "subtypes": ["effect"],
                               "text": text}, origin="test")
        return sorted(f.type for f in read_card(card).facts
                      if f.type in ("bullets_own", "no_own_effect"))
    assert marks("You can only use 1 of the following effects of \"Example Marks\" per turn, and "
                 "only once that turn.\n● If this card is Tributed: You can draw 1 card.\n● If this "
                 "card is sent to the GY: You can draw 1 card.") == ["bullets_own", "no_own_effect"]
    # a modal choice with a limit of its own keeps its reading
    assert marks("Once per turn, you can activate 1 of these effects.\n● You can draw 1 card.\n● "
                 "You can discard 1 card.") == []
