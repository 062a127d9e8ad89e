"""``psct-expert cards``: the user card store."""

from __future__ import annotations

import click

from .main import cli


@cli.group()
def cards():
    """Import and list the user's own cards (they override the shipped database)."""


@cards.command("import")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--replace", is_flag=True,
              help="Import cards that replace shipped cards of the same name (each is listed); "
                   "without it such a file is refused.")
def import_(file, replace):
    """Import FILE: a YGOPro/EDOPro .cdb, a YGOPRODeck cardinfo JSON, or JSON lines."""
    from ..importers import import_report
    from ..userstore import store_path

    report = import_report(file, on_wait=lambda msg: click.echo(msg, err=True), replace=replace)
    for note in report.notes:
        click.echo(f"note: {note}", err=True)
    click.echo(f"imported {report.added} cards; the user store ({store_path()}) now holds "
               f"{report.total}")
    return 0


@cards.command("list")
def list_():
    """The cards in the user store."""
    from ..userstore import store_path, user_cards

    for c in user_cards():
        click.echo(f"{c.name}  ({c.kind}; {c.origin})")
    click.echo(f"store: {store_path()}")
    return 0
