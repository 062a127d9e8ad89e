"""``psct-expert check``: run ruling case files and report pass/fail."""

from __future__ import annotations


import click

from .main import cli

# what became of a case: answered right; answered yes/no wrongly; right but its proof lacks a citation;
# answered unknown (or conflict); refused (the question or a card could not be placed); crashed (an
# internal error: a bug, reported for that case while the others are still checked)
OUTCOMES = ("right", "wrong", "uncited", "unknown", "refused", "crashed")


def _topic_table(topics: dict[str, dict[str, int]]) -> str:
    """Per topic: how many cases came out each way, and the share answered right."""
    head = f"{'topic':<8}" + "".join(f"{o:>9}" for o in OUTCOMES) + f"{'total':>8}{'right %':>9}"
    lines = [head]
    total = dict.fromkeys(OUTCOMES, 0)
    for topic in sorted(topics):
        row = topics[topic]
        n = sum(row.values())
        for o in OUTCOMES:
            total[o] += row[o]
        lines.append(f"{topic:<8}" + "".join(f"{row[o]:>9}" for o in OUTCOMES) +
                     f"{n:>8}{100 * row['right'] / n:>8.0f}%")
    n = sum(total.values())
    lines.append(f"{'all':<8}" + "".join(f"{total[o]:>9}" for o in OUTCOMES) +
                 f"{n:>8}{100 * total['right'] / n:>8.0f}%")
    return "\n".join(lines)


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
    passed = failed = unknown = errors = crashed = 0
    topics: dict[str, dict[str, int]] = {}

    def count(case, outcome: str) -> None:
        if case.topic:
            row = topics.setdefault(case.topic, dict.fromkeys(OUTCOMES, 0))
            row[outcome] += 1

    for path in files:
        cf = load_case_file(path)
        expert = base.with_cards(cf.cards)
        for case in cf.cases:
            if select and not any(s in case.id for s in select):
                continue
            try:
                answer = expert.ask(case.ask, case.scenario, tell=False)
            except PsctError as exc:
                failed += 1
                errors += 1
                count(case, "refused")
                click.echo(f"FAIL {case.id}: error: {exc}")
                continue
            except Exception as exc:            # noqa: BLE001 - a bug: said, and the rest checked
                failed += 1
                crashed += 1
                count(case, "crashed")
                click.echo(f"FAIL {case.id}: internal error: {type(exc).__name__}: {exc}")
                continue
            missing = sorted(set(case.cites) - set(answer.citations()))
            ok = answer.value == case.expect and not missing
            count(case, "right" if ok else "unknown" if answer.value not in ("yes", "no")
                  else "wrong" if answer.value != case.expect else "uncited")
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
    if topics:
        click.echo(_topic_table(topics))
    tail = f" ({unknown} unknown" + (f", {errors} errors" if errors else "") + \
        (f", {crashed} internal errors" if crashed else "") + ")" \
        if unknown or errors or crashed else ""
    click.echo(f"{passed} passed, {failed} failed{tail}")
    return 3 if crashed else 1 if failed else 0
