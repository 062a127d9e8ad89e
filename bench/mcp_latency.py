"""An answer through MCP against ``ask`` in one process.

    python3 bench/mcp_latency.py [--repeat 10]

Starts ``psct-expert mcp`` as a subprocess with the official SDK's client (stdio), asks a set
of questions ``--repeat`` times, and asks the same questions of an :class:`Expert` in this
process; prints the start-up of the server (until its tools are listed), the median and 95th
percentile per answer both ways, and the difference: what MCP adds (JSON-RPC over pipes, the
proof as JSON, the SDK's own work).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import pathlib
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from _common import stats_ms  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from psct_expert.api import Expert  # noqa: E402

QUESTIONS = [
    "Can Thunder King Rai-Oh negate the Special Summon of Gorz, Emissary of Darkness?",
    "My opponent activates Solemn Strike. Can I chain Ash Blossom & Joyous Spring to it?",
    "Does Creature Swap target?",
    "Can Solemn Judgment negate the activation of Monster Reborn?",
    "Is discarding 1 card a cost of Super Polymerization?",
    "Can I activate Called by the Grave during the Damage Step?",
]


async def through_mcp(repeat: int) -> tuple[float, list[float], list[float]]:
    from mcp import Client, StdioServerParameters

    env = {k: v for k, v in os.environ.items()
           if k.startswith(("PSCT_EXPERT_", "XDG_")) or k in ("HOME", "PATH")}
    params = StdioServerParameters(command=sys.executable, args=["-m", "psct_expert", "mcp"],
                                   cwd=str(ROOT), env=env)
    t = time.perf_counter()
    async with Client(params) as client:
        await client.list_tools()
        start = time.perf_counter() - t
        first, warm = [], []
        for q in QUESTIONS:
            t = time.perf_counter()
            await client.call_tool("ask", {"question": q})
            first.append(time.perf_counter() - t)
        for _ in range(repeat):
            for q in QUESTIONS:
                t = time.perf_counter()
                r = await client.call_tool("ask", {"question": q})
                warm.append(time.perf_counter() - t)
                assert not r.is_error, r.content[0].text
    return start, first, warm


def in_process(repeat: int) -> tuple[list[float], list[float]]:
    expert = Expert()
    first, warm = [], []
    for q in QUESTIONS:
        t = time.perf_counter()
        expert.ask(q).to_dict()
        first.append(time.perf_counter() - t)
    for _ in range(repeat):
        for q in QUESTIONS:
            t = time.perf_counter()
            expert.ask(q).to_dict()
            warm.append(time.perf_counter() - t)
    return first, warm


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=10)
    args = ap.parse_args()
    start, mcp_first, mcp_warm = asyncio.run(through_mcp(args.repeat))
    ask_first, ask_warm = in_process(args.repeat)
    print(f"{len(QUESTIONS)} questions x {args.repeat} (warm), each answer with its proof as data")
    print(f"  MCP server start-up, until its tools are listed: {start * 1000:.0f} ms")
    print(f"  through MCP (stdio, SDK client), first time:  {stats_ms(mcp_first)}")
    print(f"  ask in one process, first time:               {stats_ms(ask_first)}")
    print(f"  through MCP (stdio, SDK client), warm:        {stats_ms(mcp_warm)}")
    print(f"  ask in one process (Expert.ask + to_dict), warm: {stats_ms(ask_warm)}")
    mw = sorted(mcp_warm)[len(mcp_warm) // 2]
    aw = sorted(ask_warm)[len(ask_warm) // 2]
    print(f"  MCP adds (median, warm): {(mw - aw) * 1000:.2f} ms per answer")


if __name__ == "__main__":
    main()
