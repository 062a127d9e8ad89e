"""``psct-expert mcp``: the product's verbs as MCP tools over stdio, for AI assistants."""

from __future__ import annotations

import click

from .main import cli, ruleset_option


@cli.command()
@ruleset_option
@click.pass_obj
def mcp(obj):
    """Serve the tools ask, why, analyze and search_cards (and what_if, when the Python face
    has it) to an MCP client over stdin/stdout; offline. See the README's MCP section."""
    from ..mcp_server import serve_stdio

    serve_stdio(obj.expert())
    return 0
