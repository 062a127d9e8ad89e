"""An MCP server over stdio: the product's verbs as tools for AI assistants.

``psct-expert mcp`` runs it (the official ``mcp`` SDK, its ``MCPServer``); it works offline,
like the rest of the product.  The tools, each with a JSON schema made from its signature:

* ``ask``: a question in plain English (with the story as scenario lines) or a structured
  spec; the result is exactly what ``ask --json`` prints (restatement, answer, proof,
  citations ranked by tier, caveats about OCG-only or to-confirm points);
* ``why``: the same, plus the proof as ``ask --why`` prints it;
* ``analyze``: how a card (or a text given) is read, exactly what ``analyze --json`` prints;
* ``search_cards``: card names by what was typed (prefix, a later word, else the closest);
* ``what_if``: the answer and what would change it (``ask --json --what-if``).

A question that cannot be read, an unknown card or bad input is a tool error (``isError``)
whose text is the JSON ``ask --json`` prints for it (what was understood, the words it
could not place, the supported forms, the closest card names).  The engine is synchronous:
one question at a time, as a stdio client asks them.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from mcp.server.mcpserver import MCPServer
from mcp.types import CallToolResult, TextContent, ToolAnnotations
from pydantic import Field

from .api import Expert, classify
from .errors import PsctError

MAX_QUESTION = 1000         # characters of a question
MAX_LINES = 40              # scenario lines
MAX_LINE = 500              # characters of a scenario line
MAX_TEXT = 5000             # characters of a card text given to analyze
MAX_MATCHES = 50            # card names per search

INSTRUCTIONS = """\
Yu-Gi-Oh! rulings read from the card text (Problem-Solving Card Text), offline.
Call `ask` with a yes/no ruling question in plain English, as a judge would type it, with
the situation as `scenario` lines (oldest first) or told in the question itself. The answer
is yes, no or unknown, with the question restated as it was understood, a proof down to the
quoted card text, and the sources it rests on, strongest tier first. Say the restatement
back to the user: it tells which effect and which Summon were understood. An unknown answer
says what would settle it (`missing_plain`). A refused question lists what was understood,
the words that could not be placed and the supported forms: rephrase, do not guess.
`caveats` name points that hold for the OCG only or are still to confirm; `ruleset` (tcg by
default, or ocg) decides which points may decide a yes or no. Use `search_cards` for exact
card names and `analyze` to see how a card's text is read."""

Ruleset = Literal["tcg", "ocg"]


class Tools:
    """The tools' work, over one :class:`Expert` per ruleset (sharing rules and cards)."""

    def __init__(self, expert: Expert):
        self.base = expert
        self.experts = {expert.ruleset: expert}
        self._index = None

    def expert(self, ruleset: str | None) -> Expert:
        ruleset = ruleset or self.base.ruleset
        if ruleset not in self.experts:
            self.experts[ruleset] = Expert(kb=self.base.kb, db=self.base.db, ruleset=ruleset)
        return self.experts[ruleset]

    def answer(self, question: str | None, scenario: list[str] | None, spec: dict | None,
               ruleset: str | None):
        expert = self.expert(ruleset)
        text = (question or "").strip()
        if len(text) > MAX_QUESTION:
            raise PsctError(f"the question is longer than {MAX_QUESTION} characters")
        if spec is not None:
            if scenario:
                raise PsctError("a structured spec carries its situation itself; scenario "
                                "lines go with a question")
            return expert.ask_spec(spec, text)
        if not text:
            raise PsctError("give a question (or a structured spec)")
        lines = [x.strip() for x in scenario or [] if x.strip()]
        if len(lines) > MAX_LINES:
            raise PsctError(f"more than {MAX_LINES} scenario lines")
        for n, x in enumerate(lines, 1):
            if len(x) > MAX_LINE:
                raise PsctError(f"scenario line {n} is longer than {MAX_LINE} characters")
        return expert.ask(text, lines)

    def ask(self, question=None, scenario=None, spec=None, ruleset=None) -> dict:
        return self.answer(question, scenario, spec, ruleset).to_dict()

    def why(self, question=None, scenario=None, spec=None, ruleset=None) -> dict:
        from .render import answer_text

        answer = self.answer(question, scenario, spec, ruleset)
        return {**answer.to_dict(), "why": answer_text(answer, why=True)}

    def analyze(self, name=None, text=None, kind="monster") -> dict:
        from .cards import Card
        from .reader import read_card
        from .render import reading_dict

        if text is not None and text.strip():
            if len(text) > MAX_TEXT:
                raise PsctError(f"the card text is longer than {MAX_TEXT} characters")
            card = Card(name=(name or "Inline card")[:200], kind=kind,
                        subtypes=("effect",) if kind == "monster" else ("normal",),
                        text=text.strip(), origin="mcp")
        elif name and name.strip():
            card = self.base.db.get(name.strip()[:200])
        else:
            raise PsctError("give a card name, or a card text")
        reading = read_card(card)
        return reading_dict(reading, classify(self.base, reading))

    def search_cards(self, query: str, limit: int = 10) -> dict:
        from .cardsearch import CardIndex

        if self._index is None:
            self._index = CardIndex(c.name for c in self.base.db.all_cards())
        query = query.strip()[:200]
        found = self._index.complete(query, limit)
        named = self.base.db.find(query) if query else None   # a nickname: Imperm, CBTG, ...
        if named is not None and named.name not in found:
            found = [named.name] + found[:limit - 1]
        closest = [] if found or not query else self.base.db.suggest(query, limit=min(limit, 5))
        return {"query": query, "cards": found, "closest": closest}

    def what_if(self, question=None, scenario=None, spec=None, ruleset=None) -> Any:
        """The answer, with what would change it (``what_if``: each variation that flips it,
        checked by the engine), exactly as ``ask --json --what-if`` prints it."""
        answer = self.answer(question, scenario, spec, ruleset)
        self.expert(ruleset).what_if(answer)
        return answer.to_dict()


def _result(work, *args, **kwargs):
    """A tool's result: its data as structured content and as JSON text; a project error as
    a tool error whose text is the JSON ``ask --json`` prints for it."""
    from .render import error_dict

    try:
        data = work(*args, **kwargs)
    except PsctError as exc:
        body = json.loads(json.dumps(error_dict(exc), default=str))
        return CallToolResult(content=[TextContent(type="text", text=json.dumps(
            body, ensure_ascii=False))], structured_content=body, is_error=True)
    except Exception as exc:  # a bug: one line, no traceback in the answer
        return CallToolResult(content=[TextContent(type="text", text=(
            f"internal error: {type(exc).__name__}: {exc}"))], is_error=True)
    data = json.loads(json.dumps(data, default=str))
    return CallToolResult(content=[TextContent(type="text", text=json.dumps(
        data, ensure_ascii=False))], structured_content=data)


QuestionArg = Annotated[str | None, Field(
    description="The yes/no ruling question in plain English, as a judge would type it, with "
                "the cards' names, e.g. 'Can <card> negate the Special Summon of <card>?' or "
                "'My opponent activates <card>. Can I chain <card> to it?'. Sentences before "
                "the question may tell the situation.")]
ScenarioArg = Annotated[list[str] | None, Field(
    description="The story: scenario lines, one event per line, oldest first, e.g. "
                "'Player A activates <card> targeting <card>.', 'Player B chains <card>.'")]
SpecArg = Annotated[dict[str, Any] | None, Field(
    description="A structured question instead of English (see docs/question-spec.md), e.g. "
                "{'family': 'quick', 'effect': {'card': '<card name>', 'n': 2}}.")]
RulesetArg = Annotated[Ruleset | None, Field(
    description="Which ruleset's points may decide a yes or no: 'tcg' (the server's default "
                "unless started with --ruleset ocg) or 'ocg'.")]


def build_server(expert: Expert):
    """The MCP server with the tools over ``expert``."""
    tools = Tools(expert)
    server = MCPServer(name="psct-expert", instructions=INSTRUCTIONS, version=_version(),
                       log_level="WARNING")
    readonly = ToolAnnotations(read_only_hint=True, open_world_hint=False, idempotent_hint=True)

    @server.tool(annotations=readonly)
    def ask(question: QuestionArg = None, scenario: ScenarioArg = None, spec: SpecArg = None,
            ruleset: RulesetArg = None) -> CallToolResult:
        """Answer a yes/no Yu-Gi-Oh! ruling question from the card text: the answer (yes, no
        or unknown), the question restated as understood, the proof, the citations with their
        tier and link (strongest first), caveats (OCG-only or to-confirm points) and, when
        unknown, what would settle it. Exactly what `psct-expert ask --json` prints."""
        return _result(tools.ask, question, scenario, spec, ruleset)

    @server.tool(annotations=readonly)
    def why(question: QuestionArg = None, scenario: ScenarioArg = None, spec: SpecArg = None,
            ruleset: RulesetArg = None) -> CallToolResult:
        """The whole proof of an answer: what `ask` gives, plus `why`, the proof tree as
        `psct-expert ask --why` prints it (every rule that fired, its sentence and sources,
        down to the quoted span of card text and the scenario line each fact came from)."""
        return _result(tools.why, question, scenario, spec, ruleset)

    @server.tool(annotations=readonly)
    def analyze(name: Annotated[str | None, Field(description="A card's name.")] = None,
                text: Annotated[str | None, Field(
                    description="A card text to read instead of a database card.")] = None,
                kind: Annotated[Literal["monster", "spell", "trap"], Field(
                    description="With text: the card's kind.")] = "monster") -> CallToolResult:
        """How a card's text is read: each effect with its activation condition, trigger,
        costs, targets, resolution parts and what the rules conclude (starts a Chain,
        targets, Quick Effect, ...). Exactly what `psct-expert analyze --json` prints."""
        return _result(tools.analyze, name, text, kind)

    @server.tool(annotations=readonly)
    def search_cards(query: Annotated[str, Field(description="The start of a card name, or a "
                                                              "word of it.")],
                     limit: Annotated[int, Field(ge=1, le=MAX_MATCHES)] = 10) -> CallToolResult:
        """Card names for what was typed: the card a nickname or a slightly misspelt name
        means, names starting so, then names with a later word starting so; when none, the
        closest names (`closest`)."""
        return _result(tools.search_cards, query, limit)

    @server.tool(annotations=readonly)
    def what_if(question: QuestionArg = None, scenario: ScenarioArg = None,
                spec: SpecArg = None, ruleset: RulesetArg = None) -> CallToolResult:
        """The answer to a question and what would change it: the nearest variations of the
        facts its proof rests on (the situation, or the card's text) that turn it the other
        way, each checked by the engine (as `ask --json --what-if`)."""
        return _result(tools.what_if, question, scenario, spec, ruleset)

    return server


def serve_stdio(expert: Expert) -> None:
    """Serve the tools over stdin/stdout until the client closes them."""
    _ = expert.db          # the card index is loaded before the first question, not during it
    build_server(expert).run("stdio")


def _version() -> str:
    try:
        from importlib.metadata import version

        return version("psct-expert")
    except Exception:  # not installed (run from a bare checkout)
        return "0"
