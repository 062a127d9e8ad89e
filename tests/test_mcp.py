"""``psct-expert mcp``: the product's verbs as MCP tools, tried with the official SDK's own
client: in process (fast), and end to end over stdio with the server as a subprocess (slow)."""

import asyncio
import json
import os
import pathlib
import sys

import pytest

from psct_expert.api import Expert
from psct_expert.mcp_server import build_server

ROOT = pathlib.Path(__file__).resolve().parent.parent
RAIOH = "Can Thunder King Rai-Oh negate the Special Summon of Gorz, Emissary of Darkness?"
REFUSED = "Can Thunder King Rai-Oh frobnicate Gorz, Emissary of Darkness?"
TOOLS = {"ask", "why", "analyze", "search_cards", "what_if"}


def _run(server, script):
    """Run ``script(client)`` against ``server`` (an MCPServer, or stdio parameters)."""
    from mcp import Client

    async def main():
        async with Client(server) as client:
            return await script(client)

    return asyncio.run(main())


def test_tools_answer_refuse_and_search_in_process(base_expert):
    async def script(client):
        listed = (await client.list_tools()).tools
        return {
            "tools": {t.name: t for t in listed},
            "answer": await client.call_tool("ask", {"question": RAIOH}),
            "refused": await client.call_tool("ask", {"question": REFUSED}),
            "unknown card": await client.call_tool("analyze", {"name": "Creature Swapz Zzyx"}),
            "empty": await client.call_tool("ask", {}),
            "spec": await client.call_tool("ask", {"spec": {"family": "quick", "effect": {
                "card": "Thunder King Rai-Oh", "n": 2}}}),
            "why": await client.call_tool("why", {"question": "Does Creature Swap target?"}),
            "analyze": await client.call_tool("analyze", {"name": "Creature Swap"}),
            "analyze text": await client.call_tool("analyze", {"text": "Draw 2 cards.",
                                                               "kind": "spell"}),
            "search": await client.call_tool("search_cards", {"query": "thunder king r"}),
            "closest": await client.call_tool("search_cards", {"query": "Thundr Kng Rai-Oh"}),
            "nickname": await client.call_tool("search_cards", {"query": "CBTG"}),
        }

    got = _run(build_server(base_expert), script)
    tools = got["tools"]
    assert set(tools) == TOOLS
    schema = tools["ask"].input_schema
    assert set(schema["properties"]) == {"question", "scenario", "spec", "ruleset"}
    assert schema["properties"]["scenario"]["anyOf"][0] == {"items": {"type": "string"},
                                                            "type": "array"}
    assert tools["ask"].annotations.read_only_hint is True

    answer = got["answer"]
    assert not answer.is_error
    expected = base_expert.ask(RAIOH).to_dict()
    assert answer.structured_content == json.loads(json.dumps(expected))   # exactly ask --json
    assert json.loads(answer.content[0].text) == answer.structured_content
    assert answer.structured_content["answer"] == "no"
    assert answer.structured_content["restated"].startswith("Can the second effect of Thunder")
    assert answer.structured_content["sources"][0]["tier_label"]

    refused = got["refused"]
    assert refused.is_error
    body = json.loads(refused.content[0].text)
    assert body["kind"] == "QuestionError" and body["unplaced"] == "frobnicate"
    assert "Thunder King Rai-Oh" in body["understood"]["cards"] and body["forms"]
    unknown = json.loads(got["unknown card"].content[0].text)
    assert got["unknown card"].is_error and unknown["kind"] == "UnknownCard"
    assert "Creature Swap" in unknown["suggestions"]
    assert got["empty"].is_error and "give a question" in got["empty"].content[0].text

    assert got["spec"].structured_content["answer"] == "yes"
    why = got["why"].structured_content
    assert why["answer"] == "no" and "<- rule" in why["why"] and "Creature Swap [" in why["why"]
    assert got["analyze"].structured_content["card"]["name"] == "Creature Swap"
    assert got["analyze text"].structured_content["effects"][-1]["text"] == "Draw 2 cards."
    assert got["search"].structured_content["cards"] == ["Thunder King Rai-Oh"]
    assert "Thunder King Rai-Oh" in got["closest"].structured_content["closest"]
    assert got["nickname"].structured_content["cards"][0] == "Called by the Grave"


def test_the_ruleset_of_a_call_and_of_the_server(base_expert):
    async def script(client):
        return [(await client.call_tool("ask", {"question": "Does Creature Swap target?",
                                                "ruleset": r})).structured_content
                for r in ("ocg", None)]

    ocg, default = _run(build_server(base_expert), script)
    assert (ocg["ruleset"], default["ruleset"]) == ("ocg", "tcg")
    ocg_server = Expert(kb=base_expert.kb, db=base_expert.db, ruleset="ocg")
    _, default = _run(build_server(ocg_server), script)
    assert default["ruleset"] == "ocg"


def test_what_if_says_what_would_change_the_answer(base_expert):
    """``what_if``: the answer with the variations that flip it, as ``ask --json --what-if``."""
    async def script(client):
        return await client.call_tool("what_if", {"question": RAIOH})

    result = _run(build_server(base_expert), script)
    body = result.structured_content
    assert body["answer"] == "no" and body["what_if"]
    assert body["what_if"][0]["variation"] == "summon-by-the-rules"


@pytest.mark.slow
def test_stdio_end_to_end_with_the_sdk_client():
    """The SDK's client starts ``psct-expert mcp`` as a subprocess: the tools are listed, a
    question is answered and another refused.  PSCT_EXPERT_MCP_TRANSCRIPT=FILE writes the
    exchange there (the README shows it)."""
    from mcp import StdioServerParameters

    env = {k: v for k, v in os.environ.items()
           if k.startswith(("PSCT_EXPERT_", "XDG_")) or k in ("HOME", "PATH")}
    params = StdioServerParameters(command=sys.executable, args=["-m", "psct_expert", "mcp"],
                                   cwd=str(ROOT), env=env)

    async def script(client):
        tools = (await client.list_tools()).tools
        answer = await client.call_tool("ask", {"question": RAIOH})
        refused = await client.call_tool("ask", {"question": REFUSED})
        return tools, answer, refused

    tools, answer, refused = _run(params, script)
    assert {t.name for t in tools} >= TOOLS
    assert not answer.is_error and answer.structured_content["answer"] == "no"
    assert refused.is_error and json.loads(refused.content[0].text)["unplaced"] == "frobnicate"
    out = os.environ.get("PSCT_EXPERT_MCP_TRANSCRIPT")
    if out:
        pathlib.Path(out).write_text(_transcript(tools, answer, refused), encoding="utf-8")


def _transcript(tools, answer, refused) -> str:
    a = answer.structured_content
    lines = ["# psct-expert mcp: a session with the SDK's client (tests/test_mcp.py)", "",
             "tools/list:"]
    for t in tools:
        said = " ".join((t.description or "").split())
        lines.append(f"  {t.name}({', '.join(t.input_schema.get('properties', {}))}): "
                     f"{said.split('. ')[0].rstrip('.')}.")
    lines += ["", f"tools/call ask {{question: {RAIOH!r}}}", f"  isError: {answer.is_error}",
              f"  answer: {a['answer']}", f"  restated: {a['restated']}",
              "  sources (strongest first): " + ", ".join(
                  f"{s['id']} ({s['tier_label']})" for s in a["sources"]),
              f"  rules: {', '.join(a['rules'])}", f"  proof: {json.dumps(a['proof'])[:300]}...",
              "", f"tools/call ask {{question: {REFUSED!r}}}", f"  isError: {refused.is_error}",
              "  " + refused.content[0].text[:600] + ("..." if len(refused.content[0].text) > 600
                                                      else ""), ""]
    return "\n".join(lines)
