"""A server that is ready when it says so: warmed workers, answers kept, JSON 503s past the limit."""

import asyncio
import json
import threading

import pytest
from fastapi.testclient import TestClient

from psct_expert import api
from psct_expert.web import create_app
from psct_expert.web.pool import AnswerCache, ExpertPool
from psct_expert.web.shed import ShedLoad

QUESTION = "Does the first effect of Lyla, Lightsworn Sorceress target?"

pytestmark = pytest.mark.xdist_group("web")


def test_a_warmed_worker_compiles_nothing_when_asked(base_expert, monkeypatch):
    pool = ExpertPool(base_expert, workers=1, timeout=30)
    try:
        pool.warm()
        types = {f.answer for f in base_expert.kb.families.values()}
        have = asyncio.run(pool.run(lambda ex: len(ex._engines)))
        assert have == len(types) + 1           # every family's engine and the classifier's

        def no_compile(*a, **k):
            raise AssertionError("an engine compiled after warm-up")

        monkeypatch.setattr(api, "Engine", no_compile)
        assert asyncio.run(pool.run(lambda ex: ex.ask(QUESTION).value)) == "yes"
    finally:
        pool.close()


def test_answers_are_kept_and_sent_again_without_running(base_expert):
    app = create_app(base_expert, workers=1, cache=4, hosts=["testserver"])
    calls = []
    run = app.state.pool.run

    async def counting(fn):
        calls.append(fn)
        return await run(fn)

    app.state.pool.run = counting
    with TestClient(app) as c:
        first = c.get("/api/ask", params={"q": QUESTION})
        again = c.get("/api/ask", params={"q": QUESTION})
        other = c.get("/api/ask", params={"q": QUESTION, "e": "Player A controls a Set card."})
    assert first.status_code == again.status_code == 200 and first.text == again.text
    assert len(calls) == 2 and other.status_code in (200, 400)
    cache = AnswerCache(2)
    for k in "abc":
        cache.put(k, k.upper())
    assert cache.get("a") is None and cache.get("c") == "C"
    assert AnswerCache(0).get("a") is None


def test_past_the_limit_requests_get_a_json_503_with_retry_after():
    release = asyncio.Event()
    entered = []

    async def slow_app(scope, receive, send):
        entered.append(scope["path"])
        await release.wait()
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"ok"})

    shed = ShedLoad(slow_app, limit=2, retry_after=3)

    async def call(path):
        sent = []

        async def send(msg):
            sent.append(msg)

        await shed({"type": "http", "path": path}, None, send)
        return sent

    async def scenario():
        held = [asyncio.ensure_future(call(f"/{i}")) for i in range(2)]
        await asyncio.sleep(0)
        refused = await call("/extra")      # answered at once, while the two are held
        release.set()
        return refused, await asyncio.gather(*held)

    refused, held = asyncio.run(scenario())
    start, body = refused
    headers = dict(start["headers"])
    assert start["status"] == 503 and headers[b"retry-after"] == b"3"
    assert headers[b"content-type"] == b"application/json"
    assert json.loads(body["body"])["kind"] == "Busy" and entered == ["/0", "/1"]
    assert all(h[0]["status"] == 200 for h in held) and shed.active == 0


def test_the_app_sheds_with_its_own_json(base_expert):
    app = create_app(base_expert, workers=1, max_concurrent=0, hosts=["testserver"])    # nothing gets in
    with TestClient(app) as c:
        r = c.get("/api/families")
    assert r.status_code == 503 and r.headers["retry-after"] == "1" and r.json()["kind"] == "Busy"
