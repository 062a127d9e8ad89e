import sys

if sys.argv[1:] in (["--version"],):
    # the one call that needs nothing but the version: answered before the command line
    # (click, every command) is imported; the same line click's --version prints
    from . import __version__

    sys.stdout.write(f"psct-expert, version {__version__}\n")
    sys.stdout.flush()
    sys.exit(0)

from .gcpause import command_thresholds  # noqa: E402

command_thresholds()

from .cli.main import entry  # noqa: E402

entry()
