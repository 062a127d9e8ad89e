"""``psct-expert rules``: list, show, lint and test rule files."""

from __future__ import annotations


import click

from .main import cli


@cli.group()
def rules():
    """Work with the knowledge base's rule files."""


@rules.command("list")
@click.pass_obj
def list_rules(obj):
    """Every rule: id, file, citations and sentence."""
    kb = obj.expert().kb
    for r in kb.rules:
        click.echo(f"{r.id}  {r.location}  [{', '.join(r.cites)}]")
        click.echo(f"    {r.says}")


@rules.command("show")
@click.argument("rule_id")
@click.pass_obj
def show_rule(obj, rule_id):
    """A rule, its examples, and the questions it can take part in."""
    from ..errors import PsctError

    kb = obj.expert().kb
    r = kb.rule(rule_id)
    if r is None:
        from rapidfuzz import process

        close = [m for m, _, _ in process.extract(rule_id, [x.id for x in kb.rules], limit=3)]
        raise PsctError(f"no rule {rule_id!r}. Did you mean: {', '.join(close)}?")
    click.echo(f"{r.id}" + (f" — {r.name}" if r.name else ""))
    click.echo(f"  defined at: {r.location}  (topic {r.topic})")
    click.echo(f"  says: {r.says}")
    click.echo("  cites: " + ", ".join(
        f"{c} ({kb.sources[c].title}; {kb.tiers.get(kb.sources[c].tier, 'unranked')})"
        if c in kb.sources else c for c in r.cites))
    click.echo(f"  ruleset: {r.ruleset or 'not said'}")
    if r.default:
        click.echo("  closed-world default: fires only after the other rules have settled")
    for i, alt in enumerate(r.when):
        head = "  when:" if len(r.when) == 1 else f"  when (alternative {i + 1}):"
        click.echo(head)
        for p in alt:
            click.echo(f"    {p.describe()}")
    click.echo("  then:")
    for t, fields in r.then:
        click.echo("    " + t + "(" + ", ".join(f"{k}={v}" for k, v in fields.items()) + ")")
    concluded = {t for t, _ in r.then}
    families = set()
    for fam in kb.families.values():
        if fam.answer in concluded:
            families.add(fam.name)
    # rules downstream: a family is reachable if a rule using our conclusions answers it
    frontier = set(concluded)
    for _ in range(6):
        for other in kb.rules:
            if any(p.kind == "fact" and p.type in frontier for alt in other.when for p in alt):
                frontier |= {t for t, _ in other.then}
    for fam in kb.families.values():
        if fam.answer in frontier:
            families.add(fam.name)
    click.echo("  questions it can take part in: " + (", ".join(sorted(families)) or "none"))
    click.echo("  examples:")
    for ex in r.examples:
        click.echo(f"    - {ex.get('name', 'example')} (fires: {'yes' if ex.get('fires') else 'no'})")


@rules.command("lint")
@click.argument("paths", nargs=-1, type=click.Path(exists=True))
@click.pass_obj
def lint(obj, paths):
    """Validate rule files; every problem as file:line:column: message."""
    from pathlib import Path

    from ..knowledge import load_knowledge

    folders = list(obj.rules)
    files = []
    for p in paths:
        (folders if Path(p).is_dir() else files).append(p)
    kb = load_knowledge(folders, strict=False, files=files)
    for d in kb.diagnostics:
        click.echo(str(d))
    n_err = len(kb.errors)
    click.echo(f"{len(kb.rules)} rules checked, {n_err} error{'s' if n_err != 1 else ''}, "
               f"{len(kb.warnings)} warning{'s' if len(kb.warnings) != 1 else ''}")
    return 1 if n_err else 0


@rules.command("test")
@click.argument("paths", nargs=-1, type=click.Path(exists=True))
@click.option("-k", "select", multiple=True, help="Only rules whose id contains this.")
@click.pass_obj
def test_rules(obj, paths, select):
    """Run every rule's examples; ends with 'N passed, N failed'."""
    from pathlib import Path

    from ..examples import run_all
    from ..knowledge import load_knowledge

    folders = list(obj.rules)
    files = []
    for p in paths:
        (folders if Path(p).is_dir() else files).append(p)
    kb = load_knowledge(folders, files=files)
    ids = {r.id for r in kb.rules if not select or any(s in r.id for s in select)}
    results = run_all(kb, rule_ids=ids)
    failed = [r for r in results if not r.passed]
    for r in failed:
        click.echo(f"FAIL {r.id} ({r.where}): {r.message}")
    click.echo(f"{len(results) - len(failed)} passed, {len(failed)} failed")
    return 1 if failed else 0


@rules.command("usage")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.pass_obj
def usage(obj, files):
    """How many cases' proofs use each rule, for the case FILES given.

    A rule that only one case uses is flagged: it may have been written for that
    case alone.  Rules no case uses are counted at the end.
    """
    from ..casefile import load_case_file
    from ..errors import PsctError

    base = obj.expert()
    used: dict[str, list[str]] = {r.id: [] for r in base.kb.rules}
    cases = errors = 0
    for path in files:
        cf = load_case_file(path)
        expert = base.with_cards(cf.cards)
        for case in cf.cases:
            cases += 1
            try:
                answer = expert.ask(case.ask, case.scenario)
            except PsctError:
                errors += 1
                continue
            for rule_id in answer.rules():
                used.setdefault(rule_id, []).append(case.id)
    rows = sorted(((len(ids), rid, ids) for rid, ids in used.items() if ids),
                  key=lambda row: (-row[0], row[1]))
    for n, rid, ids in rows:
        flag = f"   <- only case {ids[0]}" if n == 1 else ""
        click.echo(f"{n:5d}  {rid}{flag}")
    single = sum(1 for n, _, _ in rows if n == 1)
    unused = sorted(rid for rid, ids in used.items() if not ids)
    click.echo(f"{cases} cases{f' ({errors} could not be asked)' if errors else ''}; "
               f"{len(rows)} rules used, {single} by exactly one case, {len(unused)} by none")
    return 0
