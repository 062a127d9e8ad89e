"""audit --scripts DIR: card scripts read and compared with the card text.

Every script here is a small Lua file written for the test (no network, no
checkout of the community's scripts); the cards are real cards of the database,
joined by the passcode in the file name.
"""

from __future__ import annotations

import json

import pytest

from psct_expert.cli.main import main
from psct_expert.scripts.compare import COMPARED, kinds
from psct_expert.scripts.features import read, read_features
from psct_expert.scripts.lua import LuaError, tokenize
from psct_expert.scripts.run import ScriptSummary, audit_scripts, render_text

PETEN = 52624755        # When this card is sent to the GY: You can banish this card ...; Special Summon ...
ASH = 14558127          # (Quick Effect): You can discard this card; ... You can only use this effect ...
JAM_DEFENDER = 21558682  # Continuous Trap: When an opponent's monster declares an attack ...: You can target ...
ARCANE = 40048324       # If this card is sent to the GY as Synchro Material: You can add ...

HEAD = "--{name}\nlocal s,id=GetID()\nfunction s.initial_effect(c)\n"


def effect(var: str, *setters: str, register: bool = True) -> str:
    lines = [f"\tlocal {var}=Effect.CreateEffect(c)"]
    lines += [f"\t{var}:{s}" for s in setters]
    if register:
        lines.append(f"\tc:RegisterEffect({var})")
    return "\n".join(lines) + "\n"


def script(name: str, body: str, tail: str = "") -> str:
    return HEAD.format(name=name) + body + "end\n" + tail


def write(folder, code: int, text: str, sub: str = "official"):
    d = folder / sub
    d.mkdir(parents=True, exist_ok=True)
    (d / f"c{code}.lua").write_text(text, encoding="utf-8")


@pytest.fixture
def expert(base_expert):
    return base_expert


@pytest.fixture
def cli_run(capsys):
    def go(*args):
        code = main(list(args))
        out, err = capsys.readouterr()
        return code, out, err
    return go


def run(expert, folder, **kw):
    summary = ScriptSummary()
    results = {r["id"]: r for r in audit_scripts(expert, folder, summary=summary, **kw)}
    return results, summary


PETEN_DELAY = script("Peten the Dark Clown", effect(
    "e1", "SetType(EFFECT_TYPE_SINGLE+EFFECT_TYPE_TRIGGER_O)", "SetProperty(EFFECT_FLAG_DELAY)",
    "SetCode(EVENT_TO_GRAVE)", "SetCost(Cost.SelfBanish)", "SetOperation(s.op)"))
PETEN_RIGHT = script("Peten the Dark Clown", effect(
    "e1", "SetType(EFFECT_TYPE_SINGLE+EFFECT_TYPE_TRIGGER_O)", "SetCode(EVENT_TO_GRAVE)",
    "SetCost(Cost.SelfBanish)", "SetOperation(s.op)"))
ASH_RIGHT = script("Ash Blossom & Joyous Spring", effect(
    "e1", "SetType(EFFECT_TYPE_QUICK_O)", "SetCode(EVENT_CHAINING)", "SetRange(LOCATION_HAND)",
    "SetCountLimit(1,id)", "SetCost(Cost.SelfDiscard)", "SetOperation(s.op)"))


def test_tokenizer_keeps_lines_through_comments_and_long_strings():
    toks = tokenize('--[==[ a\nlong ]] comment ]==]\nlocal s = [[x\ny]] -- c\ne1:SetType(1)\n')
    assert [(t.value, t.line) for t in toks if t.kind == "name"] == [
        ("s", 3), ("e1", 5), ("SetType", 5)]
    assert [t.kind for t in toks][:3] == ["keyword", "name", "op"]


def test_tokenizer_names_the_line_it_cannot_read():
    with pytest.raises(LuaError, match=r"x\.lua:2: cannot read"):
        tokenize("local a = 1\nlocal b = $\n", "x.lua")


def test_a_script_is_read_into_its_registered_effects_with_clones_and_lines():
    s = read(script("X", effect("e1", "SetType(EFFECT_TYPE_SINGLE+EFFECT_TYPE_TRIGGER_O)",
                                "SetCode(EVENT_SUMMON_SUCCESS)")
                    + "\tlocal e2=e1:Clone()\n\te2:SetCode(EVENT_SPSUMMON_SUCCESS)\n"
                    + "\tc:RegisterEffect(e2)\n"
                    + effect("e3", "SetType(EFFECT_TYPE_IGNITION)", register=False)))
    assert [(e.var, e.names("SetCode")) for e in s.effects] == [
        ("e1", ("EVENT_SUMMON_SUCCESS",)), ("e2", ("EVENT_SPSUMMON_SUCCESS",))]
    assert s.effects[1].line_of("SetType") == 5 and s.effects[1].line_of("SetCode") == 9
    assert s.name == "X"


def test_features_of_a_script():
    f = read_features(read(ASH_RIGHT), "monster")
    assert {k for k, v in f.values.items() if v} == {"quick", "cost", "hard_opt"}
    assert f.evidence["hard_opt"][0].line == 8
    # an OATH count limit is a limit on activations; a delayed optional trigger is an "If" one
    f = read_features(read(PETEN_DELAY.replace("SetCost(Cost.SelfBanish)",
                                               "SetCountLimit(1,id,EFFECT_COUNT_CODE_OATH)")), "monster")
    assert {k for k, v in f.values.items() if v} == {"if_optional", "activate_opt"}


def test_a_cost_function_that_only_registers_a_restriction_is_no_cost():
    restrict = ("function s.cost(e,tp,eg,ep,ev,re,r,rp,chk)\n\tif chk==0 then return true end\n"
                "\tlocal e1=Effect.CreateEffect(e:GetHandler())\n\tDuel.RegisterEffect(e1,tp)\nend\n")
    pays = ("function s.cost(e,tp,eg,ep,ev,re,r,rp,chk)\n\tif chk==0 then return true end\n"
            "\tDuel.SendtoGrave(g,REASON_COST)\nend\n")
    body = effect("e1", "SetType(EFFECT_TYPE_IGNITION)", "SetRange(LOCATION_MZONE)", "SetCost(s.cost)")
    assert read_features(read(script("X", body, restrict)), "monster").values["cost"] is False
    assert read_features(read(script("X", body, pays)), "monster").values["cost"] is True


def test_when_trigger_scripted_so_that_it_cannot_miss_the_timing(expert, tmp_path):
    write(tmp_path, PETEN, PETEN_DELAY)
    write(tmp_path, ASH, ASH_RIGHT)
    results, summary = run(expert, tmp_path)
    assert results[ASH]["disagreements"] == []
    (d,) = results[PETEN]["disagreements"]
    assert d["kind"] == "when-trigger-scripted-cannot-miss-timing"
    assert (d["feature"], d["text"], d["script"], d["supports"]) == ("when_optional", True, False, "text")
    assert d["text_spans"][0]["span"] == [0, 32]
    assert d["text_spans"][0]["quote"] == "When this card is sent to the GY"
    assert [x["line"] for x in d["script_lines"]] == [6]     # the SetProperty(EFFECT_FLAG_DELAY) line
    assert "psct-guide#6" in d["cites"]
    assert summary.kinds == {"when-trigger-scripted-cannot-miss-timing": 1}
    assert summary.with_disagreements == 1 and summary.matched == 2
    # the same trigger written right: no disagreement
    write(tmp_path, PETEN, PETEN_RIGHT)
    results, _ = run(expert, tmp_path)
    assert results[PETEN]["disagreements"] == []


def test_if_trigger_scripted_as_mandatory(expert, tmp_path):
    write(tmp_path, ARCANE, script("Arcane Apprentice", effect(
        "e1", "SetType(EFFECT_TYPE_SINGLE+EFFECT_TYPE_TRIGGER_F)", "SetProperty(EFFECT_FLAG_DELAY)",
        "SetCode(EVENT_BE_MATERIAL)", "SetOperation(s.op)")))
    results, _ = run(expert, tmp_path)
    assert [d["kind"] for d in results[ARCANE]["disagreements"]] == ["optional-trigger-scripted-mandatory"]


def test_continuous_trap_trigger_scripted_as_quick_effect(expert, tmp_path):
    body = (effect("e1", "SetType(EFFECT_TYPE_ACTIVATE)", "SetCode(EVENT_FREE_CHAIN)")
            + effect("e2", "SetType(EFFECT_TYPE_QUICK_O)", "SetCode(EVENT_ATTACK_ANNOUNCE)",
                     "SetProperty(EFFECT_FLAG_CARD_TARGET)", "SetRange(LOCATION_SZONE)"))
    write(tmp_path, JAM_DEFENDER, script("Jam Defender", body))
    results, _ = run(expert, tmp_path)
    (d,) = results[JAM_DEFENDER]["disagreements"]
    assert d["kind"] == "trigger-scripted-as-quick" and d["supports"] == "text"
    assert d["script_lines"][0]["text"].startswith("e2:SetType(EFFECT_TYPE_QUICK_O)")
    assert d["text_spans"][0]["quote"].startswith("When an opponent's monster declares an attack")


def test_use_limit_scripted_as_activate_limit(expert, tmp_path):
    write(tmp_path, ASH, ASH_RIGHT.replace("SetCountLimit(1,id)",
                                           "SetCountLimit(1,id,EFFECT_COUNT_CODE_OATH)"))
    results, _ = run(expert, tmp_path)
    assert [d["kind"] for d in results[ASH]["disagreements"]] == ["use-limit-scripted-as-activate-limit"]


def test_a_script_is_joined_by_the_name_in_its_header_when_its_passcode_is_unknown(expert, tmp_path):
    write(tmp_path, 999999901, PETEN_DELAY)
    write(tmp_path, 999999902, script("No Such Card Anywhere", ""))
    results, summary = run(expert, tmp_path)
    assert list(results) == [PETEN] and summary.by_name == 1
    assert summary.unmatched == ["official/c999999902.lua"]


def test_official_is_read_before_other_folders_of_one_passcode(expert, tmp_path):
    write(tmp_path, PETEN, PETEN_RIGHT, sub="official")
    write(tmp_path, PETEN, PETEN_DELAY, sub="a-pre-errata")
    results, summary = run(expert, tmp_path)
    assert results[PETEN]["script"] == "official/c52624755.lua"
    assert results[PETEN]["disagreements"] == [] and summary.scripts == 1


def test_a_script_that_cannot_be_read_is_reported_not_raised(expert, tmp_path):
    write(tmp_path, PETEN, "local a = $\n")
    results, summary = run(expert, tmp_path)
    assert "cannot read" in results[PETEN]["error"] and summary.unreadable == ["official/c52624755.lua"]
    assert "cannot be read" in render_text(results[PETEN])


def test_every_compared_feature_has_a_fallback_kind_each_way():
    for f in COMPARED:
        for side in (True, False):
            assert any(k["feature"] == f and bool(k["text"]) == side and not k.get("script_has")
                       and not k.get("text_has") for k in kinds()), (f, side)


@pytest.mark.slow
def test_cli_plain_text_and_json(cli_run, tmp_path):
    write(tmp_path, PETEN, PETEN_DELAY)
    write(tmp_path, ASH, ASH_RIGHT)
    code, out, err = cli_run("audit", "--scripts", str(tmp_path))
    assert code == 0, err
    assert "when-trigger-scripted-cannot-miss-timing" in out
    assert "[0:32] 'When this card is sent to the GY'" in out
    assert "script line 6: e1:SetType(EFFECT_TYPE_SINGLE+EFFECT_TYPE_TRIGGER_O), e1:SetProperty(EFFECT_FLAG_DELAY)" in out
    assert "2 scripts, 2 joined to a card" in out
    assert "1 disagreements; the PSCT rules support: text 1" in out
    code, out, err = cli_run("audit", "--scripts", str(tmp_path), "--json")
    lines = [json.loads(x) for x in out.splitlines()]
    assert lines[-1]["summary"]["kinds"] == {"when-trigger-scripted-cannot-miss-timing": 1}
    assert {x["id"] for x in lines[:-1]} == {PETEN, ASH}


def test_cli_a_folder_without_scripts_is_an_input_error(cli_run, tmp_path):
    code, out, err = cli_run("audit", "--scripts", str(tmp_path))
    assert code == 2 and "Traceback" not in err
    assert "no card scripts" in err


# -- the web page and API --------------------------------------------------------------


@pytest.fixture
def web(base_expert, tmp_path):
    from fastapi.testclient import TestClient

    from psct_expert.web import create_app

    write(tmp_path, PETEN, PETEN_DELAY)
    write(tmp_path, ASH, ASH_RIGHT)
    app = create_app(base_expert, workers=1, scripts_dir=str(tmp_path), hosts=["testserver"])
    with TestClient(app, raise_server_exceptions=False) as c:
        yield c


@pytest.mark.xdist_group("web-api")
def test_web_scripts_page_and_api(web):
    page = web.get("/scripts")
    assert page.status_code == 200 and 'id="s-script"' in page.text and 'id="folder"' in page.text
    assert web.get("/static/scripts.js").status_code == 200
    r = web.post("/api/scripts/audit", json={"script": "\n" + PETEN_DELAY})   # named by its header
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["name"] == "Peten the Dark Clown" and body["text"].startswith("When this card")
    (d,) = body["disagreements"]
    assert d["kind"] == "when-trigger-scripted-cannot-miss-timing"
    assert d["script_lines"][0]["line"] == 7      # the leading blank line counts
    r = web.post("/api/scripts/audit", json={"script": ASH_RIGHT, "card": "Ash Blossom & Joyous Spring"})
    assert r.status_code == 200 and r.json()["disagreements"] == []
    folder = web.get("/api/scripts/folder").json()
    assert folder["summary"]["kinds"] == {"when-trigger-scripted-cannot-miss-timing": 1}
    assert [c["id"] for c in folder["cards"]] == [PETEN]


@pytest.mark.xdist_group("web-api")
@pytest.mark.parametrize("body, message", [
    ({"script": "local a = $"}, "no card named"),
    ({"script": "local a = $", "card": "Peten the Dark Clown"}, "cannot read"),
    ({"script": "--x", "card": "No Such Card Anywhere"}, "unknown card"),
    ({"script": 3}, "the body is a JSON object"),
    ({"script": "x", "extra": 1}, "unknown keys"),
])
def test_web_scripts_bad_input_is_400(web, body, message):
    r = web.post("/api/scripts/audit", json=body)
    assert r.status_code == 400 and message in r.json()["error"], r.text


SARGASSO = 1127737   # Field Spell: "Each time a monster is Xyz Summoned: The Summoning player takes 500 damage."


def test_each_time_trigger_is_a_mandatory_trigger_of_the_text(expert, tmp_path):
    body = (effect("e1", "SetType(EFFECT_TYPE_ACTIVATE)", "SetCode(EVENT_FREE_CHAIN)")
            + effect("e2", "SetType(EFFECT_TYPE_FIELD+EFFECT_TYPE_TRIGGER_F)",
                     "SetCode(EVENT_SPSUMMON_SUCCESS)", "SetRange(LOCATION_FZONE)"))
    write(tmp_path, SARGASSO, script("Sargasso the D.D. Battlefield", body))
    results, _ = run(expert, tmp_path)
    kinds_found = [d["kind"] for d in results[SARGASSO]["disagreements"]]
    assert "mandatory-trigger-script-only" not in kinds_found
    # scripted optional instead: the text's mandatory trigger is named
    write(tmp_path, SARGASSO, script("Sargasso the D.D. Battlefield",
                                     body.replace("TRIGGER_F", "TRIGGER_O")))
    results, _ = run(expert, tmp_path)
    assert "mandatory-trigger-scripted-optional" in [
        d["kind"] for d in results[SARGASSO]["disagreements"]]


def test_effects_built_outside_initial_effect_leave_their_features_undecided():
    granted = ("function s.op(e,tp)\n\tlocal e1=Effect.CreateEffect(c)\n"
               "\te1:SetCountLimit(1,id)\n\te1:SetCost(s.cost)\nend\n")
    f = read_features(read(script("X", effect("e1", "SetType(EFFECT_TYPE_IGNITION)"), granted)),
                      "monster")
    assert f.values["hard_opt"] is None and f.values["cost"] is None
    assert read_features(read(script("X", effect("e1", "SetType(EFFECT_TYPE_IGNITION)"))),
                         "monster").values["hard_opt"] is False
