"""``psct-expert serve``: the web page and JSON API on a local uvicorn server."""

from __future__ import annotations

import time

import click

from ..errors import PsctError
from .main import cli, ruleset_option


@cli.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on (0.0.0.0 to let other machines in).")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535),
              help="Port to listen on.")
@click.option("--workers", default=4, show_default=True, type=click.IntRange(1, 64),
              help="Questions answered at the same time (threads, one engine each).")
@click.option("--timeout", default=30.0, show_default=True, type=click.FloatRange(0.1, 3600),
              help="Seconds a question may take before the page is told to try again.")
@ruleset_option
@click.option("--scripts", "scripts_dir", type=click.Path(exists=True, file_okay=False),
              help="A folder of card scripts whose audit the page /scripts lists.")
@click.option("--cache", default=1000, show_default=True, type=click.IntRange(0, 1_000_000),
              help="Answers kept in memory, sent again without running (0: none).")
@click.option("--allow-host", "allow_hosts", multiple=True, metavar="NAME",
              help="Also answer requests naming this host (repeatable); addresses, localhost "
                   "and this machine's name are always answered.")
@click.pass_obj
def serve(obj, host, port, workers, timeout, scripts_dir, cache, allow_hosts):
    """Serve the question page at http://HOST:PORT/ (API docs at /docs; the audit of card
    scripts against the text at /scripts)."""
    import uvicorn

    from ..web import create_app

    _check_address(host, port)
    start = time.perf_counter()
    app = create_app(obj.expert(), workers=workers, timeout=timeout, cache=cache,
                     scripts_dir=scripts_dir, hosts=(host, *allow_hosts))
    # ready when it says so: every worker compiles its engines before the port is opened
    app.state.pool.warm()
    click.echo(f"psct-expert: ready in {time.perf_counter() - start:.1f} s; serving on "
               f"http://{host}:{port}/ (Ctrl+C stops)", err=True)
    try:
        # (no limit_concurrency: past its limit uvicorn answers plain text; the app's own
        # limit answers JSON with Retry-After, psct_expert/web/shed.py)
        uvicorn.run(app, host=host, port=port, log_level="warning", timeout_keep_alive=5)
    except SystemExit as exc:  # uvicorn exits when it cannot start
        if exc.code:
            raise PsctError(f"the server could not start on {host}:{port}") from None
    return 0


def _check_address(host: str, port: int) -> None:
    """A clear error now for an address that cannot be listened on (in use, not ours)."""
    import socket

    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except OSError as exc:
        raise PsctError(f"cannot listen on {host}:{port}: {exc}") from None
    family, _, _, _, addr = infos[0]
    with socket.socket(family, socket.SOCK_STREAM) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind(addr)
        except OSError as exc:
            raise PsctError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
