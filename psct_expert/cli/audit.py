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
@click.option("--scripts", "scripts_dir", type=click.Path(file_okay=False),
              help="A folder of YGOPro/EDOPro card scripts (c<passcode>.lua): list, per card, "
                   "where the script and the text disagree.")
@click.pass_obj
def audit(obj, names, as_json, output, jobs, no_cache, scripts_dir):
    """Read every card (or the NAMES given) and classify each effect with the rules.

    With --scripts DIR: derive the same features from each card script and list where
    the script and the card text disagree, and which side the PSCT rules support."""
    from ..audit import Summary, audit_lines

    names = [argv_text(n) for n in names]
    expert = obj.expert()
    if scripts_dir:
        return _audit_scripts(expert, scripts_dir, list(names) or None, as_json, output, jobs,
                              no_cache)
    total = len(names) if names else len(expert.db.all_cards())
    summary = Summary()
    show = sys.stderr.isatty()
    with _Output(output) as out, click.progressbar(
            length=total, label="auditing", file=sys.stderr, hidden=not show) as bar:
        for line, dig in audit_lines(expert, list(names) or None, jobs, progress=bar.update,
                                     cache=not no_cache):
            summary.add_digest(json.loads(dig))
            if as_json:
                out.write(line + "\n")     # streamed: the pool's records are never all held
        if not as_json:
            out.write(summary.text() + "\n")
    if output:
        click.echo(f"wrote {output}", err=True)
    return 0


class _Output:
    """Standard output, or a file that replaces ``path`` in one step at the end
    (:class:`~psct_expert.atomic.ReplacingFile`: an interrupted or killed audit leaves no half
    file and no temporary one)."""

    def __init__(self, path):
        self.path = path
        self.file = None
        self.fh = None

    def __enter__(self):
        if self.path:
            from ..atomic import ReplacingFile

            self.file = ReplacingFile(self.path)
            self.fh = self.file.__enter__()     # it has write(text)
        return self

    def write(self, text: str) -> None:
        if self.fh is not None:
            self.fh.write(text)
        else:
            click.echo(text, nl=False)

    def __exit__(self, kind, exc, tb):
        if self.file is not None:
            return self.file.__exit__(kind, exc, tb)
        return False


def _audit_scripts(expert, folder, names, as_json, output, jobs, no_cache):
    from ..atomic import atomic_write_text
    from ..scripts.run import ScriptSummary, audit_scripts, render_text, script_files

    summary = ScriptSummary()
    total = len(script_files(folder))
    chunks: list[str] = []
    show = sys.stderr.isatty()
    with click.progressbar(length=total, label="auditing scripts", file=sys.stderr,
                           hidden=not show) as bar:
        for result in audit_scripts(expert, folder, names, jobs, progress=bar.update,
                                    cache=not no_cache, summary=summary):
            if as_json:
                chunks.append(json.dumps(result, ensure_ascii=False, sort_keys=True))
            else:
                block = render_text(result)
                if block:
                    chunks.append(block)
    if as_json:
        chunks.append(json.dumps({"summary": summary.to_dict()}, sort_keys=True))
        text = "\n".join(chunks) + "\n"
    else:
        text = "\n\n".join(chunks + [summary.text()]) + "\n"
    if output:
        atomic_write_text(output, text)
        click.echo(f"wrote {output}", err=True)
    else:
        click.echo(text, nl=False)
    return 0
