"""The command line: a thin layer, one module per subcommand."""


def entry() -> None:
    """The ``psct-expert`` script and ``python -m psct_expert``.  ``--version`` alone is answered
    before the command line (click, every command) is imported, with the line click's
    ``--version`` prints; anything else runs :func:`.main.entry`."""
    import sys

    if sys.argv[1:] == ["--version"]:
        from .. import __version__

        sys.stdout.write(f"psct-expert, version {__version__}\n")
        sys.stdout.flush()
        raise SystemExit(0)
    from ..gcpause import command_thresholds

    command_thresholds()        # (before the commands' modules are imported)
    from .main import entry as run

    run()
