"""``psct-expert ask``: a plain-English question, answered with its proof."""

from __future__ import annotations

import json

import click

from ..errors import PsctError
from ..render import answer_json, answer_text, error_dict
from .main import argv_text, cli, ruleset_option


@cli.command()
@click.argument("question", nargs=-1, required=True)
@click.option("--scenario", "-s", "scenario_file", type=click.File("rb"),
              help="A file of scenario lines, one event per line, oldest first ('-' for stdin).")
@click.option("--event", "-e", "events", multiple=True,
              help="A scenario line (repeatable), oldest first.")
@click.option("--cards", "card_file", type=click.Path(dir_okay=False, exists=True),
              help="A case file (its cards) or JSON-lines card file; its cards override the database.")
@click.option("--why", is_flag=True, help="Print the whole proof tree.")
@click.option("--json", "as_json", is_flag=True, help="Print the answer and proof as JSON.")
@click.option("--show-parse", is_flag=True, help="Print the structured question understood.")
@ruleset_option
@click.option("--what-if", "what_if", is_flag=True,
              help="Also say what would change the answer: the nearest variations of the facts "
                   "its proof rests on that flip it, each checked by the engine.")
@click.option("--lang", type=click.Choice(["en", "it"]), default="en", show_default=True,
              help="The language of the answer: the restatement, the reason, the proof's "
                   "sentences and the what-if sentences (card names stay as the database has them).")
@click.pass_obj
def ask(obj, question, scenario_file, events, card_file, why, as_json, show_parse, what_if, lang):
    """Ask a yes/no ruling QUESTION in plain English.

    Example: psct-expert ask "Can Thunder King Rai-Oh negate the Special Summon of
    Gorz, Emissary of Darkness?"
    """
    text = " ".join(argv_text(w) for w in question)
    expert = obj.expert()
    if card_file:
        from ..casefile import load_cards_file

        expert = expert.with_cards(load_cards_file(
            card_file, on_note=lambda m: click.echo(f"note: {m}", err=True)))
    lines = [argv_text(e) for e in events]
    if scenario_file is not None:
        from ..casefile import scenario_lines

        lines += scenario_lines(scenario_file)
    try:
        spec, relexed = expert.read(text, lines)
    except PsctError as exc:
        if not as_json:
            raise
        # with --json, a question that cannot be read is JSON too (and the same exit code)
        click.echo(json.dumps(error_dict(exc), ensure_ascii=False, default=str))
        return exc.exit_code
    if show_parse:
        click.echo(json.dumps(spec, indent=2, ensure_ascii=False))
    answer = expert.ask_spec(spec, text)
    answer.reading = relexed
    expert.verify_tell(answer, text, lines)
    if what_if:
        expert.what_if(answer, lang)
    if as_json:
        click.echo(answer_json(answer, lang))
    else:
        click.echo(answer_text(answer, why=why, lang=lang))
    return 0 if answer.value in ("yes", "no") else 1
