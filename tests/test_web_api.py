"""The web API through the framework's test client: every route, errors included."""

import asyncio
import re
import socket
import threading
import time

import pytest
from fastapi.testclient import TestClient
from markupsafe import escape

from psct_expert.api import Expert
from psct_expert.cli.main import main
from psct_expert.web import create_app
from psct_expert.web.app import MAX_BODY, MAX_LINES, MAX_QUESTION, CardIndex
from psct_expert.web.pool import Busy, ExpertPool

# one worker runs them all (`--dist loadgroup`): one app and test client for the run
pytestmark = pytest.mark.xdist_group("web-api")

QUESTION = "Does the first effect of Lyla, Lightsworn Sorceress target?"
SCENARIO_Q = ("Is the card targeted by Adreus, Keeper of Armageddon destroyed if it is flipped "
              "face-down before the effect resolves?")
SCENARIO = ["Player B controls a face-up monster.",
            "Player A activates the effect of Adreus, Keeper of Armageddon targeting that monster.",
            "Player B chains a card that changes that monster to face-down Defense Position.",
            "The monster is face-down when the effect resolves."]


# (each test has its own home, cache and user folder: tests/conftest.py)


@pytest.fixture(scope="module")
def client(base_expert):
    # the test client names its host "testserver"
    with TestClient(create_app(base_expert, workers=2, hosts=["testserver"]),
                    raise_server_exceptions=False) as c:
        yield c


def bad(response, status=400):
    assert response.status_code == status, response.text
    body = response.json()
    assert isinstance(body["error"], str) and body["error"]
    assert "Traceback" not in response.text
    return body


# -- the page ------------------------------------------------------------------


def test_page_lists_every_form_and_loads_only_its_own_assets(client, base_expert):
    r = client.get("/")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    for fam in base_expert.kb.families.values():
        for form in fam.forms:
            assert f'data-form="{escape(form)}"' in r.text
    # every script and stylesheet comes from this server (no CDN)
    for url in re.findall(r'(?:src|href)="([^"]+)"', r.text):
        assert not re.match(r"(https?:)?//", url) or url.startswith("http://testserver/"), url
    for asset in ("/static/app.js", "/static/style.css"):
        a = client.get(asset)
        assert a.status_code == 200 and len(a.text) > 1000
        assert "http://" not in a.text and "https://" not in a.text


def test_families_route(client, base_expert):
    fams = client.get("/api/families").json()["families"]
    assert [f["name"] for f in fams] == list(base_expert.kb.families)
    assert all(f["forms"] and f["key"] for f in fams)


def test_openapi_docs_work_offline(client):
    docs = client.get("/docs")
    assert docs.status_code == 200 and "swagger" in docs.text.lower()
    for url in re.findall(r'(?:src|href|url)\s*[=:]\s*["\']([^"\']+)["\']', docs.text):
        assert not re.match(r"(https?:)?//", url), url
        if url.startswith("/static-offline-docs/"):
            assert client.get(url).status_code == 200
    paths = client.get("/openapi.json").json()["paths"]
    assert {"/api/ask", "/api/analyze", "/api/cards", "/api/card", "/api/families"} <= set(paths)


# -- ask ---------------------------------------------------------------------------


def test_ask_returns_exactly_what_ask_json_prints(client, capsys):
    assert main(["ask", "--json", QUESTION]) == 0
    printed = capsys.readouterr().out
    r = client.get("/api/ask", params={"q": QUESTION})
    assert r.status_code == 200 and r.headers["content-type"] == "application/json"
    assert r.text == printed
    assert r.json()["answer"] == "yes"


def test_ask_with_scenario_lines_get_and_post(client):
    r = client.get("/api/ask", params={"q": SCENARIO_Q, "e": SCENARIO})
    assert r.status_code == 200 and r.json()["answer"] == "yes"
    p = client.post("/api/ask", json={"question": SCENARIO_Q, "scenario": SCENARIO})
    assert p.status_code == 200 and p.text == r.text


def test_ask_structured_spec(client, base_expert):
    spec = {"family": "targets", "effect": {"card": "Lyla, Lightsworn Sorceress", "n": 1}}
    r = client.post("/api/ask", json={"spec": spec, "question": QUESTION})
    assert r.status_code == 200
    assert r.json() == base_expert.ask_spec(spec, QUESTION).to_dict()
    assert r.json()["answer"] == "yes"


@pytest.mark.parametrize("number", ["NaN", "Infinity", "-Infinity", "1e999"])
def test_a_number_that_is_not_finite_is_400_naming_the_field(client, number):
    for body in ('{"spec": {"family": "nope", "x": %s}}' % number,
                 '{"spec": {"family": "targets", "effect": {"card": %s, "n": 1}}}' % number):
        r = client.post("/api/ask", content=body, headers={"content-type": "application/json"})
        err = bad(r)["error"]
        assert "is not a finite number" in err and ("spec.x" in err or "spec.effect.card" in err)


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8000", "localhost.evil.example",
                                  "127.0.0.1.nip.io"])
def test_a_host_header_naming_another_site_is_refused(client, host):
    """A DNS-rebinding page sends its own name as Host: refused before any route runs."""
    for url in ("/api/card?name=Creature%20Swap", "/api/cards?prefix=a", "/"):
        body = bad(client.get(url, headers={"host": host}))
        assert body["kind"] == "BadHost"


@pytest.mark.parametrize("host", ["127.0.0.1:8000", "localhost", "LOCALHOST:80", "[::1]:8000",
                                  "192.168.1.7", "testserver"])
def test_an_address_or_localhost_is_answered(client, host):
    assert client.get("/api/families", headers={"host": host}).status_code == 200


@pytest.mark.parametrize("ctype", ["text/plain", "application/x-www-form-urlencoded",
                                   "multipart/form-data; boundary=x", None])
def test_ask_post_takes_only_a_json_body(client, ctype):
    """text/plain and form bodies are what a page on another site can POST unasked."""
    headers = {"content-type": ctype} if ctype else {}
    r = client.post("/api/ask", content=b'{"question": "Does Creature Swap target?"}',
                    headers=headers)
    assert bad(r, 415)["kind"] == "BadInput"
    ok = client.post("/api/ask", content=b'{"question": "Does Creature Swap target?"}',
                     headers={"content-type": "application/json; charset=utf-8"})
    assert ok.status_code == 200 and ok.json()["answer"] == "no"


def test_refused_question_says_what_was_understood(client):
    body = bad(client.get("/api/ask", params={"q": "Can Thunder King Rai-Oh dance with Gorz, "
                                                    "Emissary of Darkness?"}))
    assert body["kind"] == "QuestionError"
    assert "Thunder King Rai-Oh" in body["understood"]["cards"]
    assert body["unplaced"] and "dance" in body["unplaced"]
    assert body["forms"]


def test_bad_scenario_line_names_the_line(client):
    body = bad(client.get("/api/ask", params={"q": QUESTION, "e": ["Player B dances wildly."]}))
    assert body["line"] == 1 and "scenario line 1" in body["error"]


def test_unknown_card_gives_suggestions(client):
    body = bad(client.get("/api/ask", params={"q": "Does the first effect of Lyla, Lightswrn "
                                                    "Sorcerezz Qxq target?"}))
    assert body["error"]
    body = bad(client.get("/api/card", params={"name": "Zzzyx Nonexistent Card"}))
    assert body["kind"] == "UnknownCard" and len(body["suggestions"]) == 3


@pytest.mark.parametrize("request_args, message", [
    ({"method": "GET", "url": "/api/ask"}, "missing"),
    ({"method": "GET", "url": "/api/ask", "params": {"q": "   "}}, "missing"),
    ({"method": "GET", "url": "/api/ask", "params": {"q": "x" * (MAX_QUESTION + 1)}}, "longer"),
    ({"method": "GET", "url": "/api/ask", "params": {"q": QUESTION, "e": ["a"] * (MAX_LINES + 1)}},
     "more than"),
    ({"method": "POST", "url": "/api/ask", "content": b"{not json",
      "headers": {"content-type": "application/json"}}, "not JSON"),
    ({"method": "POST", "url": "/api/ask", "json": [1, 2]}, "JSON object"),
    ({"method": "POST", "url": "/api/ask", "json": {"question": QUESTION, "extra": 1}}, "unknown keys"),
    ({"method": "POST", "url": "/api/ask", "json": {"scenario": []}}, "question is missing"),
    ({"method": "POST", "url": "/api/ask", "json": {"question": QUESTION, "scenario": "a line"}},
     "list of lines"),
    ({"method": "POST", "url": "/api/ask", "json": {"spec": "targets"}}, "spec"),
    ({"method": "POST", "url": "/api/ask", "json": {"spec": {"family": "nope"}}}, "family"),
    ({"method": "POST", "url": "/api/ask", "json": {"spec": {"family": "targets", "effect": 3}}},
     "card"),
    ({"method": "POST", "url": "/api/ask", "json": {"spec": {"family": "targets"},
                                                     "scenario": ["x"]}}, "scenario"),
    ({"method": "GET", "url": "/api/cards", "params": {"limit": "many"}}, "limit"),
    ({"method": "GET", "url": "/api/cards", "params": {"limit": 10_000}}, "limit"),
    ({"method": "GET", "url": "/api/cards", "params": {"prefix": "a" * 300}}, "longer"),
    ({"method": "GET", "url": "/api/card"}, "missing"),
    ({"method": "GET", "url": "/api/analyze"}, "missing"),
    ({"method": "GET", "url": "/api/analyze", "params": {"text": "Draw 1 card.", "kind": "relic"}},
     "kind"),
])
def test_bad_input_is_400_with_a_json_message(client, request_args, message):
    body = bad(client.request(**request_args))
    assert message.lower() in body["error"].lower()


def test_request_body_is_bounded(client):
    body = bad(client.post("/api/ask", content=b"x" * (MAX_BODY + 1),
                           headers={"content-type": "application/json"}), 413)
    assert body["kind"] == "TooLarge"

    def chunks():  # no content-length: counted as it arrives
        for _ in range(MAX_BODY // 1000 + 2):
            yield b" " * 1000

    bad(client.post("/api/ask", content=chunks(), headers={"content-type": "application/json"}),
        413)


def test_unknown_route_and_method_are_json(client):
    assert bad(client.get("/api/nothing"), 404)["kind"] == "HTTPError"
    assert bad(client.delete("/api/ask"), 405)["kind"] == "HTTPError"


def test_a_bug_is_a_json_500_without_traceback(client, monkeypatch):
    def boom(self, *a, **k):
        raise RuntimeError("secret internals")

    monkeypatch.setattr(Expert, "ask", boom)
    body = bad(client.get("/api/ask", params={"q": QUESTION}), 500)
    assert body == {"error": "internal error: RuntimeError", "kind": "InternalError"}


# -- analyze and cards -------------------------------------------------------------


def test_analyze_returns_exactly_what_analyze_json_prints(client, capsys):
    name = "Lyla, Lightsworn Sorceress"
    assert main(["analyze", "--json", name]) == 0
    printed = capsys.readouterr().out
    r = client.get("/api/analyze", params={"name": name})
    assert r.status_code == 200 and r.text == printed
    assert r.json()["effects"][0]["id"] == f"{name}#1"


def test_analyze_inline_text(client):
    r = client.get("/api/analyze", params={"text": "Target 1 card on the field; destroy it.",
                                           "kind": "spell"})
    assert r.status_code == 200
    effect = r.json()["effects"][-1]
    assert any(c["type"] == "targets" and c["value"] == "yes" for c in effect["conclusions"])


def test_card_completion(client):
    names = client.get("/api/cards", params={"prefix": "lyla, light"}).json()["cards"]
    assert names == ["Lyla, Lightsworn Sorceress"]
    # a later word of the name also completes, after the prefix matches
    names = client.get("/api/cards", params={"prefix": "Rai-Oh", "limit": 5}).json()["cards"]
    assert "Thunder King Rai-Oh" in names
    assert client.get("/api/cards", params={"prefix": ""}).json()["cards"] == []
    many = client.get("/api/cards", params={"prefix": "dark", "limit": 7}).json()["cards"]
    assert len(many) == 7 and many[0].lower().startswith("dark")


def test_card_index_orders_prefix_matches_first():
    index = CardIndex(["Beta Alpha", "Alpha", "Alphabet", "Gamma"])
    assert index.complete("alpha", 10) == ["Alpha", "Alphabet", "Beta Alpha"]
    assert index.complete("alpha", 1) == ["Alpha"]
    assert index.complete("  ", 5) == []


def test_card_route_gives_the_text_spans_index_into(client, base_expert):
    r = client.get("/api/card", params={"name": "lyla lightsworn sorceress"})
    card = r.json()
    assert card["name"] == "Lyla, Lightsworn Sorceress"
    assert card["text"] == base_expert.db.get("Lyla, Lightsworn Sorceress").text


# -- the pool: a slow question does not block the others -----------------------------


def test_slow_question_does_not_block_others(base_expert):
    pool = ExpertPool(base_expert, workers=2, timeout=5)
    release = threading.Event()

    def slow(ex):
        release.wait(5)
        return "slow"

    async def scenario():
        slow_task = asyncio.ensure_future(pool.run(slow))
        start = time.monotonic()
        value = await pool.run(lambda ex: ex.ask(QUESTION).value)
        quick = time.monotonic() - start
        release.set()
        return value, quick, await slow_task

    try:
        value, quick, slow_value = asyncio.run(scenario())
    finally:
        release.set()
        pool.close()
    assert value == "yes" and slow_value == "slow" and quick < 4


def test_question_over_the_time_limit_is_busy(base_expert):
    pool = ExpertPool(base_expert, workers=1, timeout=0.2)
    release = threading.Event()
    try:
        with pytest.raises(Busy, match="longer than 0.2 s"):
            asyncio.run(pool.run(lambda ex: release.wait(5)))
    finally:
        release.set()
        pool.close()


def test_each_worker_has_its_own_engine(base_expert):
    pool = ExpertPool(base_expert, workers=2, timeout=5)
    gate = threading.Barrier(2, timeout=5)

    def who(ex):
        gate.wait()
        return id(ex), ex.kb is base_expert.kb, ex.db is base_expert.db

    async def two():
        return await asyncio.gather(pool.run(who), pool.run(who))

    try:
        (a, kb_a, db_a), (b, kb_b, db_b) = asyncio.run(two())
    finally:
        pool.close()
    # two engines, one shared (read-only) rule base and card database
    assert a != b and kb_a and kb_b and db_a and db_b


# -- the serve command ---------------------------------------------------------------


def test_serve_command_starts_uvicorn_with_the_app(monkeypatch, capsys):
    import uvicorn

    seen = {}

    def fake_run(app, **kwargs):
        seen.update(kwargs, app=app)

    monkeypatch.setattr(uvicorn, "run", fake_run)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    assert main(["serve", "--port", str(port), "--workers", "1"]) == 0
    assert seen["host"] == "127.0.0.1" and seen["port"] == port
    with TestClient(seen["app"], base_url="http://127.0.0.1") as c:
        assert c.get("/api/families").status_code == 200
        assert c.get("/api/families", headers={"host": "evil.example"}).status_code == 400
    assert f"http://127.0.0.1:{port}/" in capsys.readouterr().err


def test_serve_on_a_busy_port_is_a_clear_error(capsys):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: cannot listen on 127.0.0.1:{port}") and "Traceback" not in err


def test_concurrent_questions_get_the_answers_asked_alone(base_expert):
    """Questions of different families at once on two workers: each its own answer."""
    questions = [(QUESTION, []), (SCENARIO_Q, SCENARIO),
                 ("Is the second effect of Thunder King Rai-Oh a Quick Effect?", []),
                 ("Can Thunder King Rai-Oh negate the Special Summon of Gorz, Emissary of Darkness?",
                  [])] * 3
    alone = [base_expert.ask(q, e).to_dict() for q, e in questions]
    pool = ExpertPool(base_expert, workers=2, timeout=30)

    async def together():
        return await asyncio.gather(*(pool.run(lambda ex, q=q, e=e: ex.ask(q, e).to_dict())
                                      for q, e in questions))

    try:
        answers = asyncio.run(together())
    finally:
        pool.close()
    assert answers == alone
    assert [a["answer"] for a in answers[:4]] == ["yes", "yes", "yes", "no"]


def test_a_refusal_carries_the_nearest_questions_and_the_reading(client):
    body = bad(client.get("/api/ask", params={
        "q": "ok so does Mystical Space Typhoon target stuff whenever it feels like it?"}))
    assert body["nearest"] and all("Mystical Space Typhoon" in q for q in body["nearest"])
    assert "ok so" in body["reading"]["set_aside"]
    answered = client.get("/api/ask", params={"q": body["nearest"][0]})
    assert answered.status_code == 200 and answered.json()["answer"] in ("yes", "no", "unknown")


# -- what would change it, and Italian (issue 26) ---------------------------------------------

RAIOH_GORZ = "Can Thunder King Rai-Oh negate the Special Summon of Gorz, Emissary of Darkness?"


def test_api_what_if_is_what_ask_json_what_if_prints(client, capsys):
    r = client.get("/api/ask", params={"q": RAIOH_GORZ, "what_if": "true"})
    assert r.status_code == 200
    body = r.json()
    assert body["what_if"][0]["variation"] == "summon-by-the-rules"
    main(["ask", "--json", "--what-if", RAIOH_GORZ])
    assert json_of(capsys.readouterr().out) == body
    # not asked: no key (the answer is the same)
    assert "what_if" not in client.get("/api/ask", params={"q": RAIOH_GORZ}).json()
    r = client.post("/api/ask", json={"question": RAIOH_GORZ, "what_if": True, "lang": "it"})
    assert r.json()["what_if"][0]["sentence"].startswith("Sì, se fosse stata un'Evocazione Synchro")
    assert r.json()["restated"].startswith("Il secondo effetto di Thunder King Rai-Oh")


def json_of(text):
    import json
    return json.loads(text)


@pytest.mark.parametrize("params", [{"lang": "fr"}, {"what_if": "maybe"}])
def test_api_refuses_a_bad_lang_or_what_if(client, params):
    body = bad(client.get("/api/ask", params={"q": RAIOH_GORZ, **params}))
    assert body["kind"] in ("BadInput", "RequestValidationError") or "lang" in body["error"] \
        or "what_if" in body["error"]


def test_api_post_refuses_a_bad_what_if(client):
    assert "what_if" in bad(client.post("/api/ask", json={"question": RAIOH_GORZ,
                                                          "what_if": "yes"}))["error"]
    assert "lang" in bad(client.post("/api/ask", json={"question": RAIOH_GORZ,
                                                       "lang": "de"}))["error"]


@pytest.mark.parametrize("header, query, lang", [
    ("it-IT,it;q=0.9,en;q=0.8", None, "it"),
    ("en-GB,en;q=0.9,it;q=0.8", None, "en"),
    ("de-DE,it;q=0.5", None, "it"),
    ("de-DE", None, "en"),
    ("it", "en", "en"),
    (None, "it", "it"),
])
def test_the_page_speaks_the_browsers_language(client, header, query, lang):
    headers = {"Accept-Language": header} if header else {}
    r = client.get("/", params={"lang": query} if query else {}, headers=headers)
    assert r.status_code == 200
    assert f'<html lang="{lang}">' in r.text
    assert ("Cosa cambierebbe la risposta?" in r.text) == (lang == "it")
    assert ("What would change this?" in r.text) == (lang == "en")
