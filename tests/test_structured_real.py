"""The real rulings, asked as structured question specs (docs/question-spec.md).

Every case of tests/acceptance/real-rulings.yaml is either answered right from
its spec in tests/structured/real-rulings.yaml, or listed under `not-yet` with
a reason; none may be answered wrong.
"""

import pathlib

import pytest

from psct_expert.yamlpos import safe_load    # libyaml: this module is loaded by every xdist worker

HERE = pathlib.Path(__file__).parent
SPEC_FILE = safe_load((HERE / "structured" / "real-rulings.yaml").read_text(encoding="utf-8"))
SPECS = SPEC_FILE["cases"]
NOT_YET = SPEC_FILE.get("not-yet") or {}
CASES = {c["id"]: c for c in safe_load(
    (HERE / "acceptance" / "real-rulings.yaml").read_text(encoding="utf-8"))["cases"]}


def test_case_file_is_the_shared_one():
    shared = pathlib.Path("/work/shared/acceptance/real-rulings.yaml")
    if not shared.exists():
        pytest.skip("the shared folder is not on this machine")
    assert (HERE / "acceptance" / "real-rulings.yaml").read_bytes() == shared.read_bytes()


def test_every_spec_and_every_deferral_names_a_real_case():
    assert set(SPECS) <= set(CASES), set(SPECS) - set(CASES)
    assert set(NOT_YET) <= set(CASES), set(NOT_YET) - set(CASES)
    assert not set(SPECS) & set(NOT_YET)
    for case_id, reason in NOT_YET.items():
        assert isinstance(reason, str) and len(reason.split()) >= 3, case_id


@pytest.mark.parametrize("case_id", sorted(SPECS))
def test_real_ruling(case_id, base_expert):
    case = CASES[case_id]
    answer = base_expert.ask_spec(SPECS[case_id], case["ask"])
    assert answer.value == case["expect"], answer.missing


def test_every_case_is_specified_or_deferred():
    assert set(SPECS) | set(NOT_YET) == set(CASES)


# -- the situation model (docs/question-spec.md) ---------------------------------

from psct_expert.errors import QuestionError  # noqa: E402

CHAIN = [
    {"kind": "activate", "id": "a1", "effect": {"card": "Cosmic Cyclone", "select": "activation"},
     "player": "you"},
    {"kind": "activate", "id": "a2", "effect": {"card": "Emergency Teleport", "select": "activation"},
     "player": "opponent", "respond": "a1",
     "does": [{"action": "summoned", "id": "s1", "what": {"desc": "a monster", "kind": "monster"},
               "summon-kind": "by-effect"}]},
    {"kind": "resolve"},
]


def _facts(expert, spec, type_):
    return [f.as_dict() for f in expert.question(spec).facts if f.type == type_]


def test_chain_links_and_resolution_order_come_from_the_order(base_expert):
    spec = {"family": "summon-starts-chain", "summon": "s1", "situation": CHAIN}
    acts = {f["activation"]: f for f in _facts(base_expert, spec, "activation")}
    assert (acts["a1"]["link"], acts["a2"]["link"]) == (1, 2)
    res = {f["activation"]: f["seq"] for f in _facts(base_expert, spec, "resolution")}
    assert res["a2"] < res["a1"]                    # newest link resolves first
    summon, = _facts(base_expert, spec, "summon")
    assert summon["during_chain"] == "yes" and summon["seq"] == res["a2"]


def test_the_last_thing_to_happen_is_derived_by_rules(base_expert):
    late = {"family": "can-activate-now", "effect": {"card": "Time-Space Trap Hole",
                                                       "select": "activation"},
            "event": "s1", "situation": CHAIN}
    answer = base_expert.ask_spec(late)
    assert answer.value == "no"
    assert "when-spell-trap-misses-timing" in answer.to_dict()["rules"]
    last = dict(late, situation=[{"kind": "summon", "id": "s1", "summon-kind": "link",
                                  "player": "opponent"}])
    assert base_expert.ask_spec(last).value == "yes"


@pytest.mark.parametrize("situation, words", [
    ([{"kind": "teleport"}], "kind"),
    ([{"kind": "activate", "effect": {"card": "Cosmic Cyclone", "select": "activation"},
       "respond": "a9"}], "a9"),
    ([{"kind": "activate", "id": "a1", "effect": {"card": "Cosmic Cyclone", "select": "activation"},
       "link": 2}], "Chain Link 2"),
    ([{"kind": "phase", "phase": "lunch"}], "lunch"),
    ([{"kind": "summon", "summon-kind": "sideways"}], "sideways"),
    ([{"kind": "negate", "of": "a7"}], "a7"),
    ([{"kind": "resolve", "colour": "red"}], "colour"),
])
def test_bad_situations_are_clear_errors(base_expert, situation, words):
    with pytest.raises(QuestionError) as err:
        base_expert.question({"family": "summon-starts-chain", "summon": "s1",
                              "situation": situation})
    assert words in str(err.value)


@pytest.mark.parametrize("spec, words", [
    ({"family": "can-respond", "responder": {"card": "Solemn Strike", "select": "activation"},
      "to": "a3", "situation": CHAIN}, "'a3'"),
    ({"family": "negate-summon", "negator": {"card": "Solemn Strike", "select": "negates-summon"},
      "summon": "s9", "situation": CHAIN}, "'s9'"),
    ({"family": "can-activate-now", "effect": {"card": "Time-Space Trap Hole",
                                               "select": "activation"},
      "event": "s5", "situation": CHAIN}, "'s5'"),
])
def test_a_slot_must_name_something_of_the_situation(base_expert, spec, words):
    with pytest.raises(QuestionError) as err:
        base_expert.question(spec)
    assert words in str(err.value)
