"""``psct-expert serve``: the web page and JSON API on a local uvicorn server."""

from __future__ import annotations

import socket

import click

from ..errors import PsctError
from .main import cli


@cli.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on (0.0.0.0 to let other machines in).")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535),
              help="Port to listen on.")
@click.option("--workers", default=4, show_default=True, type=click.IntRange(1, 64),
              help="Questions answered at the same time (threads, one engine each).")
@click.option("--timeout", default=30.0, show_default=True, type=click.FloatRange(0.1, 3600),
              help="Seconds a question may take before the page is told to try again.")
@click.option("--allow-host", "allow_hosts", multiple=True, metavar="NAME",
              help="Also answer requests naming this host (repeatable); addresses, localhost "
                   "and this machine's name are always answered.")
@click.pass_obj
def serve(obj, host, port, workers, timeout, allow_hosts):
    """Serve the question page at http://HOST:PORT/ (API docs at /docs)."""
    import uvicorn

    from ..web import create_app

    _check_address(host, port)
    app = create_app(obj.expert(), workers=workers, timeout=timeout,
                     hosts=(host, *allow_hosts))
    click.echo(f"psct-expert: serving on http://{host}:{port}/ (Ctrl+C stops)", err=True)
    try:
        uvicorn.run(app, host=host, port=port, log_level="warning",
                    limit_concurrency=200, timeout_keep_alive=5)
    except SystemExit as exc:  # uvicorn exits when it cannot start
        if exc.code:
            raise PsctError(f"the server could not start on {host}:{port}") from None
    return 0


def _check_address(host: str, port: int) -> None:
    """A clear error now for an address that cannot be listened on (in use, not ours)."""
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
