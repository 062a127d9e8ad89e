"""``psct-expert audit``: read and classify the whole card pool (or named cards)."""

from __future__ import annotations

import json
import sys

import click

from .main import argv_text, cli


@cli.command()
@click.argument("names", nargs=-1)
@click.option("--json", "as_json", is_flag=True, help="One JSON object per card (JSON lines).")
@click.option("-o", "--output", type=click.Path(dir_okay=False),
              help="Write to this file (atomically) instead of standard output.")
@click.option("-j", "--jobs", type=int, default=0, help="Worker processes (default: up to 2).")
@click.option("--no-cache", is_flag=True,
              help="Read every card again (default: reuse records of unchanged cards from the "
                   "user cache dir).")
@click.pass_obj
def audit(obj, names, as_json, output, jobs, no_cache):
    """Read every card (or the NAMES given) and classify each effect with the rules."""
    from ..atomic import atomic_write_text
    from ..audit import Summary, audit_lines

    names = [argv_text(n) for n in names]
    expert = obj.expert()
    total = len(names) if names else len(expert.db.all_cards())
    summary = Summary()
    chunks: list[str] = []
    show = sys.stderr.isatty()
    with click.progressbar(length=total, label="auditing", file=sys.stderr,
                           hidden=not show) as bar:
        for line, dig in audit_lines(expert, list(names) or None, jobs, progress=bar.update,
                                     cache=not no_cache):
            summary.add_digest(json.loads(dig))
            if as_json:
                chunks.append(line)
    text = "\n".join(chunks) + "\n" if as_json else summary.text() + "\n"
    if output:
        atomic_write_text(output, text)
        click.echo(f"wrote {output}", err=True)
    else:
        click.echo(text, nl=False)
    return 0
