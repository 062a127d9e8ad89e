"""``psct-expert check``: run ruling case files and report pass/fail."""

from __future__ import annotations


import click

from .main import cli


@cli.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("-k", "select", multiple=True, help="Only cases whose id contains this (repeatable).")
@click.option("-v", "--verbose", is_flag=True, help="Show the reason for passing cases too.")
@click.pass_obj
def check(obj, files, select, verbose):
    """Check ruling case FILES: each case's answer and citations."""
    from ..casefile import load_case_file
    from ..errors import PsctError
    from ..render import short_reason

    base = obj.expert()
    passed = failed = unknown = errors = 0
    for path in files:
        cf = load_case_file(path)
        expert = base.with_cards(cf.cards)
        for case in cf.cases:
            if select and not any(s in case.id for s in select):
                continue
            try:
                answer = expert.ask(case.ask, case.scenario)
            except PsctError as exc:
                failed += 1
                errors += 1
                click.echo(f"FAIL {case.id}: error: {exc}")
                continue
            missing = sorted(set(case.cites) - set(answer.citations()))
            ok = answer.value == case.expect and not missing
            if ok:
                passed += 1
                click.echo(f"pass {case.id}" + (f": {short_reason(answer)}" if verbose else ""))
                continue
            failed += 1
            if answer.value == "unknown":
                unknown += 1
            detail = f"expected {case.expect}, got {answer.value}"
            if missing and answer.value == case.expect:
                detail = f"answer {answer.value} is right but the proof does not cite"
            if missing:
                detail += " (missing citations: " + ", ".join(missing) + ")"
            click.echo(f"FAIL {case.id}: {detail}")
            if answer.value == "unknown" and answer.missing:
                click.echo("     missing: " + "; ".join(answer.missing[:4]))
    tail = f" ({unknown} unknown" + (f", {errors} errors" if errors else "") + ")" \
        if unknown or errors else ""
    click.echo(f"{passed} passed, {failed} failed{tail}")
    return 1 if failed else 0
