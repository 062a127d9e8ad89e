"""The web app: one page and a small JSON API over :class:`~psct_expert.api.Expert`.

``/api/ask`` and ``/api/analyze`` return exactly what ``ask --json`` and
``analyze --json`` print (the same render functions).  Bad input is HTTP 400
with a JSON body ``{"error": message, ...}``; request bodies and parameters
are bounded; the engine runs on a bounded pool of threads with a time limit
(:mod:`psct_expert.web.pool`), so a slow question never blocks the others.
"""

from __future__ import annotations

import contextlib
import functools
import ipaddress
import json
import socket
from pathlib import Path
from typing import Iterable

from fastapi import FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from fastapi_offline import FastAPIOffline
from starlette.exceptions import HTTPException as StarletteHTTPException

from ..api import Expert, check_numbers, classify
from ..cardsearch import CardIndex
from ..cards import Card
from ..errors import PsctError
from ..reader import read_card
from ..render import answer_json, error_dict, reading_dict
from .pool import AnswerCache, Busy, ExpertPool
from .shed import MAX_CONCURRENT, RETRY_AFTER, ShedLoad

HERE = Path(__file__).resolve().parent

MAX_BODY = 64 * 1024        # bytes of a request body
MAX_QUESTION = 1000         # characters of a question
MAX_LINES = 40              # scenario lines
MAX_LINE = 500              # characters of a scenario line
MAX_TEXT = 5000             # characters of a card text given to analyze
MAX_MATCHES = 50            # card names per completion
MAX_SCRIPT = 60000          # characters of a card script given to the script audit


class BadInput(PsctError):
    """A request the API cannot take (a parameter missing, too long or malformed)."""


def _json(body: dict, status: int) -> JSONResponse:
    # understood may hold anything the parser recognised: make it JSON-safe (a number that
    # is not finite, which JSON cannot carry, becomes its name)
    text = json.dumps(body, default=str)
    return JSONResponse(json.loads(text, parse_constant=str), status_code=status)


class BodyLimit:
    """ASGI middleware: a request body over ``limit`` bytes is refused with 413."""

    def __init__(self, app, limit: int = MAX_BODY):
        self.app = app
        self.limit = limit

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        for key, value in scope.get("headers", []):
            if key == b"content-length" and value.isdigit() and int(value) > self.limit:
                return await self._refuse(send)
        seen = 0
        started = False

        async def counted_receive():
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise _TooLarge()
            return message

        async def tracking_send(message):
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, counted_receive, tracking_send)
        except _TooLarge:
            if not started:
                await self._refuse(send)

    async def _refuse(self, send):
        body = json.dumps({"error": f"request body larger than {self.limit} bytes",
                           "kind": "TooLarge"}).encode()
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})


class _TooLarge(Exception):
    pass


def host_name(header: str) -> str:
    """The name in a Host header, without the port, lower-cased (``[::1]:80`` -> ``::1``)."""
    h = header.strip().lower()
    if h.startswith("["):
        return h[1:h.find("]")] if "]" in h else h
    if h.count(":") == 1:
        h = h.split(":")[0]
    return h.rstrip(".")


def host_allowed(name: str, names: frozenset[str]) -> bool:
    """Whether a request naming this host is one for this server: an address (a DNS
    rebinding page cannot make the browser send one), ``localhost``, this machine's name or
    a name allowed when serving (``names``).  Any other name is what a page on another site
    would send after pointing its own name at this address."""
    if name in names or name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


class HostCheck:
    """ASGI middleware: a request whose Host header names another site is refused with 400
    (DNS rebinding), before the app sees it."""

    def __init__(self, app, names: frozenset[str]):
        self.app = app
        self.names = names

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http":
            host = next((v for k, v in scope.get("headers", []) if k == b"host"), None)
            name = host_name(host.decode("latin-1")) if host is not None else ""
            if host is not None and not host_allowed(name, self.names):
                body = json.dumps({
                    "error": f"this server does not answer to the host name {name[:100]!r} "
                             f"(serve --allow-host NAME allows one)",
                    "kind": "BadHost"}).encode()
                await send({"type": "http.response.start", "status": 400,
                            "headers": [(b"content-type", b"application/json"),
                                        (b"content-length", str(len(body)).encode())]})
                await send({"type": "http.response.body", "body": body})
                return
        await self.app(scope, receive, send)


def _text(value: str | None, what: str, limit: int) -> str:
    if value is None or not value.strip():
        raise BadInput(f"{what} is missing")
    if len(value) > limit:
        raise BadInput(f"{what} is longer than {limit} characters")
    return value.strip()


def _lines(lines) -> list[str]:
    if lines is None:
        return []
    if not isinstance(lines, list) or not all(isinstance(x, str) for x in lines):
        raise BadInput("scenario must be a list of lines (strings)")
    lines = [x.strip() for x in lines if x.strip()]
    if len(lines) > MAX_LINES:
        raise BadInput(f"more than {MAX_LINES} scenario lines")
    for n, x in enumerate(lines, 1):
        if len(x) > MAX_LINE:
            raise BadInput(f"scenario line {n} is longer than {MAX_LINE} characters")
    return lines


def families(expert: Expert) -> list[dict]:
    """The question families and their example forms (``knowledge/questions.yaml``)."""
    return [{"name": f.name, "doc": f.doc, "key": list(f.key), "forms": list(f.forms)}
            for f in expert.kb.families.values()]


LANGS = ("en", "it")


@functools.lru_cache(maxsize=1)
def strings() -> dict:
    """The page's own words in each language (``web/strings.yaml``)."""
    import yaml

    return yaml.safe_load((HERE / "strings.yaml").read_text(encoding="utf-8"))


def page_lang(query: str | None, accept: str | None) -> str:
    """The page's language: ``?lang=`` if it names one, else the first of the browser's
    languages (``Accept-Language``, in its order of preference) that the page speaks."""
    if query in LANGS:
        return query
    prefs = []
    for i, part in enumerate((accept or "").split(",")):
        tag, _, q = part.strip().partition(";q=")
        try:
            weight = float(q) if q else 1.0
        except ValueError:
            weight = 0.0
        prefs.append((-weight, i, tag.strip().lower()[:2]))
    for _, _, tag in sorted(prefs):
        if tag in LANGS:
            return tag
    return "en"


def _lang(value) -> str:
    if value is None or value == "":
        return "en"
    if value not in LANGS:
        raise BadInput(f"lang is one of {', '.join(LANGS)}")
    return value


def create_app(expert: Expert | None = None, workers: int = 4, timeout: float = 30.0,
               max_concurrent: int = MAX_CONCURRENT, cache: int = 0,
               scripts_dir: str | None = None, hosts: Iterable[str] = ()) -> FastAPI:
    """The app; ``expert`` defaults to one with the shipped rules and cards.  More than
    ``max_concurrent`` requests at once get a JSON 503 with ``Retry-After`` (:mod:`.shed`);
    the last ``cache`` answers to questions in English are kept (:class:`.pool.AnswerCache`);
    ``app.state.pool.warm()`` readies the workers (``serve`` calls it before it listens).
    ``scripts_dir``: a folder of card scripts whose audit the scripts page lists.  Requests
    must name this server in their Host header: an address, ``localhost``, this machine's name
    or one of ``hosts``."""
    expert = expert or Expert()
    pool = ExpertPool(expert, workers=workers, timeout=timeout)
    answers = AnswerCache(cache)
    index = CardIndex(c.name for c in expert.db.all_cards())
    fams = families(expert)
    templates = Jinja2Templates(directory=str(HERE / "templates"))

    @contextlib.asynccontextmanager
    async def lifespan(app):
        yield
        pool.close()

    # FastAPIOffline: the API docs (/docs) with Swagger UI shipped in a package, not a CDN
    app = FastAPIOffline(title="psct-expert", summary="Yu-Gi-Oh! rulings read from the card text",
                         version=_version(), lifespan=lifespan, redoc_url=None)
    app.state.pool = pool
    app.add_middleware(BodyLimit, limit=MAX_BODY)
    names = {h.lower().rstrip(".") for h in hosts if h} | {socket.gethostname().lower()}
    app.add_middleware(HostCheck, names=frozenset(names))
    app.add_middleware(ShedLoad, limit=max_concurrent)     # outermost: refuses before anything
    app.mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")

    @app.exception_handler(PsctError)
    async def _psct_error(request: Request, exc: PsctError):
        return _json(error_dict(exc), 400)

    @app.exception_handler(RequestValidationError)
    async def _validation(request: Request, exc: RequestValidationError):
        msgs = ["{}: {}".format(".".join(str(p) for p in e.get("loc", ())), e.get("msg", ""))
                for e in exc.errors()]
        return _json({"error": "; ".join(msgs) or "bad request", "kind": "BadInput"}, 400)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException):
        return _json({"error": str(exc.detail), "kind": "HTTPError"}, exc.status_code)

    @app.exception_handler(Busy)
    async def _busy(request: Request, exc: Busy):
        busy = _json({"error": str(exc), "kind": "Busy"}, 503)
        busy.headers["Retry-After"] = str(RETRY_AFTER)
        return busy

    @app.exception_handler(Exception)
    async def _bug(request: Request, exc: Exception):
        return _json({"error": f"internal error: {type(exc).__name__}", "kind": "InternalError"},
                     500)

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    async def page(request: Request, lang: str | None = None):
        chosen = page_lang(lang, request.headers.get("accept-language"))
        return templates.TemplateResponse(request, "index.html", {
            "families": fams, "version": app.version, "lang": chosen,
            "t": strings()[chosen],
            "limits": {"question": MAX_QUESTION, "lines": MAX_LINES, "line": MAX_LINE}})

    async def answer(text: str, lines: list[str], spec: dict | None, what_if: bool = False,
                     lang: str = "en") -> Response:
        def run(ex: Expert):
            answered = ex.verify_tell(ex.ask_spec(spec, text), text, None) if spec is not None \
                else ex.ask(text, lines)
            if what_if:
                ex.what_if(answered, lang)
            return answered
        if spec is not None:
            return Response(answer_json(await pool.run(run), lang) + "\n",
                            media_type="application/json")
        key = (text, tuple(lines), what_if, lang)
        body = answers.get(key)
        if body is None:
            body = answer_json(await pool.run(run), lang) + "\n"
            answers.put(key, body)
        return Response(body, media_type="application/json")

    @app.get("/api/ask", summary="Answer a question (what ask --json prints; what_if=true adds "
                                 "what --what-if adds, lang=it what --lang it changes)")
    async def ask_get(q: str | None = None, e: list[str] = Query(default=[]),
                      what_if: bool = False, lang: str | None = None):
        return await answer(_text(q, "the question (q)", MAX_QUESTION), _lines(e), None,
                            what_if, _lang(lang))

    @app.post("/api/ask", summary="Answer a question, or a structured spec, sent as JSON")
    async def ask_post(request: Request):
        # only JSON: a form or text/plain body is what another site's page can send unasked
        media = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if media != "application/json":
            return _json({"error": "the body must be sent as Content-Type: application/json "
                                   f"(not {media or 'none'!r})", "kind": "BadInput"}, 415)
        try:
            body = await request.json()
        except ValueError:
            raise BadInput("the body is not JSON") from None
        if not isinstance(body, dict):
            raise BadInput('the body is a JSON object: {"question": ..., "scenario": [...]} '
                           'or {"spec": {...}}')
        unknown = set(body) - {"question", "scenario", "spec", "what_if", "lang"}
        if unknown:
            raise BadInput(f"unknown keys: {', '.join(sorted(unknown))}")
        what_if = body.get("what_if", False)
        if not isinstance(what_if, bool):
            raise BadInput("what_if is true or false")
        lang = _lang(body.get("lang"))
        for key, value in body.items():
            check_numbers(value, key)
        spec = body.get("spec")
        if spec is not None:
            if not isinstance(spec, dict):
                raise BadInput("spec is a JSON object with a 'family'")
            text = body.get("question") or ""
            if not isinstance(text, str) or len(text) > MAX_QUESTION:
                raise BadInput(f"question is a string of at most {MAX_QUESTION} characters")
            if body.get("scenario"):
                raise BadInput("a structured spec carries its situation itself; "
                               "scenario lines go with a question")
            return await answer(text, [], spec, what_if, lang)
        if not isinstance(body.get("question"), str):
            raise BadInput("question is missing (a string)")
        return await answer(_text(body["question"], "the question", MAX_QUESTION),
                            _lines(body.get("scenario")), None, what_if, lang)

    @app.get("/api/analyze", summary="How a card is read (what analyze --json prints)")
    async def analyze(name: str | None = None, text: str | None = None,
                      kind: str = "monster"):
        if text is not None:
            if kind not in ("monster", "spell", "trap"):
                raise BadInput("kind is monster, spell or trap")
            card = Card(name=(name or "Inline card")[:200], kind=kind,
                        subtypes=("effect",) if kind == "monster" else ("normal",),
                        text=_text(text, "the card text", MAX_TEXT), origin="web")
        else:
            card = expert.db.get(_text(name, "the card name (name)", 200))

        def run(ex: Expert) -> str:
            reading = read_card(card)
            return json.dumps(reading_dict(reading, classify(ex, reading)), indent=2,
                              ensure_ascii=False)

        return Response(await pool.run(run) + "\n", media_type="application/json")

    @app.get("/api/cards", summary="Card names that start with a prefix (completion)")
    async def cards(prefix: str = "", limit: int = Query(default=10, ge=1, le=MAX_MATCHES)):
        if len(prefix) > 200:
            raise BadInput("prefix is longer than 200 characters")
        return {"prefix": prefix, "cards": index.complete(prefix, limit)}

    @app.get("/api/card", summary="One card's data and text (the spans of a proof index into it)")
    async def card(name: str | None = None):
        return expert.db.get(_text(name, "the card name (name)", 200)).to_dict()

    @app.get("/api/families", summary="The question families and their example forms")
    async def families_route():
        return {"families": fams}

    @app.get("/scripts", response_class=HTMLResponse, include_in_schema=False)
    async def scripts_page(request: Request):
        return templates.TemplateResponse(request, "scripts.html", {
            "version": app.version, "folder": scripts_dir, "limit": MAX_SCRIPT})

    @app.post("/api/scripts/audit",
              summary="One card script against its card's text (what audit --scripts --json "
                      "prints for it)")
    async def script_audit(request: Request):
        from ..scripts.lua import LuaError
        from ..scripts.run import audit_one, card_for_script

        try:
            body = await request.json()
        except ValueError:
            raise BadInput("the body is not JSON") from None
        if not isinstance(body, dict) or not isinstance(body.get("script"), str):
            raise BadInput('the body is a JSON object: {"script": lua text, "card": name}')
        unknown = set(body) - {"script", "card"}
        if unknown:
            raise BadInput(f"unknown keys: {', '.join(sorted(unknown))}")
        text = body["script"]       # not stripped: its line numbers are reported
        _text(text, "the script", MAX_SCRIPT)
        name = body.get("card") or None
        if name is not None and not isinstance(name, str):
            raise BadInput("card is a card name")
        card = card_for_script(expert, text, _text(name, "the card", 200) if name else None)
        if card is None:
            raise BadInput("no card named: give the card's name, or keep the script's first "
                           "comment lines (its name)")

        def run(ex: Expert) -> dict:
            try:
                return audit_one(ex, card, text, "pasted script")
            except LuaError as exc:
                raise BadInput(str(exc)) from None

        out = await pool.run(run)
        out["text"] = card.text
        out["pendulum_text"] = card.pendulum_text
        return out

    @app.get("/api/scripts/folder",
             summary="The audit of the folder of card scripts the server was started with "
                     "(serve --scripts DIR)")
    async def scripts_folder():
        from ..scripts.run import ScriptSummary, audit_scripts

        if not scripts_dir:
            raise BadInput("the server was started without --scripts DIR")
        done = getattr(app.state, "scripts_result", None)
        if done is None:
            if getattr(app.state, "scripts_running", False):
                raise Busy("the folder of scripts is still being read; try again")
            app.state.scripts_running = True

            def run(ex: Expert) -> dict:
                try:
                    summary = ScriptSummary()
                    # one process: no worker processes forked from the server's threads
                    cards = [r for r in audit_scripts(ex, scripts_dir, jobs=1, summary=summary)
                             if r.get("error") or r["disagreements"]]
                    result = {"folder": scripts_dir, "summary": summary.to_dict(),
                              "cards": cards}
                    app.state.scripts_result = result   # kept: a slow first audit is not lost
                    return result
                finally:
                    app.state.scripts_running = False
            done = await pool.run(run)
        return done

    return app


def _version() -> str:
    try:
        from importlib.metadata import version

        return version("psct-expert")
    except Exception:  # not installed (run from a bare checkout)
        return "0"
