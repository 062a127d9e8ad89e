"""``psct-expert analyze``: how the reader reads one card, and what the rules conclude."""

from __future__ import annotations

import json

import click

from ..cards import Card
from ..render import reading_dict, reading_text
from .main import argv_text, cli


@cli.command()
@click.argument("name", required=False)
@click.option("--text", "inline_text", help="Read this card text instead of a database card.")
@click.option("--kind", type=click.Choice(["monster", "spell", "trap"]), default="monster",
              show_default=True, help="With --text: the card's kind.")
@click.option("--subtype", "subtypes", multiple=True, help="With --text: a subtype (repeatable).")
@click.option("--cards", "card_file", type=click.Path(dir_okay=False, exists=True),
              help="A case file whose cards override the database.")
@click.option("--json", "as_json", is_flag=True, help="Print the facts with spans as JSON.")
@click.option("--why", is_flag=True, help="Show which rules classified each effect.")
@click.pass_obj
def analyze(obj, name, inline_text, kind, subtypes, card_file, as_json, why):
    """Show the reading of card NAME (or of --text) as an outline."""
    from ..api import classify
    from ..casefile import load_cards_file
    from ..errors import PsctError
    from ..reader import read_card

    name = argv_text(name) if name is not None else None
    inline_text = argv_text(inline_text) if inline_text is not None else None
    expert = obj.expert()
    if card_file:
        expert = expert.with_cards(load_cards_file(
            card_file, on_note=lambda m: click.echo(f"note: {m}", err=True)))
    if inline_text is not None:
        card = Card(name=name or "Inline card", kind=kind,
                    subtypes=tuple(subtypes) or (("effect",) if kind == "monster" else ("normal",)),
                    text=inline_text, origin="command line")
    elif name:
        card = expert.db.get(name)
    else:
        raise PsctError("give a card NAME or --text")
    reading = read_card(card)
    conclusions = classify(expert, reading)
    if as_json:
        click.echo(json.dumps(reading_dict(reading, conclusions), indent=2, ensure_ascii=False))
    else:
        click.echo(reading_text(reading, conclusions, why=why))
