"""``psct-expert``: the entry point, global options and the error contract.

Exit codes: 0 answered yes/no or succeeded; 1 unknown/conflict or checks
failed; 2 input error (including a file that cannot be read or written, standard
output included); 3 internal error; 130 interrupted (Ctrl-C); 143 terminated
(SIGTERM).  An interrupted or terminated command removes the temporary file it
was writing and leaves the old file as it was.  Errors are one line on stderr; a
traceback only with ``--debug``.  Output a terminal cannot encode (a Latin-1
locale) is written with backslash escapes rather than failing; a command-line
word the locale could not decode is read as UTF-8 (:func:`argv_text`).
"""

from __future__ import annotations

import errno
import os
import signal
import sys
import threading
import types

import click

from ..errors import PsctError, QuestionError


class Context:
    def __init__(self, rules: tuple[str, ...], debug: bool, ruleset: str = "tcg"):
        self.rules = list(rules)
        self.debug = debug
        self.ruleset = ruleset
        self._expert = None

    def expert(self):
        if self._expert is None:
            from ..api import Expert

            self._expert = Expert(self.rules, ruleset=self.ruleset)
        return self._expert


RULESET_HELP = ("The ruleset whose points may decide a yes or no: tcg (the default) or ocg; a "
                "rule or point that holds for the other one only is left out.")


def ruleset_option(f):
    """``--ruleset`` on a command (the same as before the command)."""
    def set_ruleset(ctx, _param, value):
        if value is not None:
            ctx.find_object(Context).ruleset = value
        return value

    return click.option("--ruleset", type=click.Choice(["tcg", "ocg"]), default=None,
                        expose_value=False, callback=set_ruleset, is_eager=True,
                        help=RULESET_HELP)(f)


# each command's module (it adds the command when imported): a command is imported when it is
# run, all of them when they are listed (``--help``)
COMMANDS = ("analyze", "ask", "audit", "cards", "check", "mcp", "rules", "serve")


class _Commands(click.Group):
    def get_command(self, ctx, cmd_name):
        if cmd_name not in self.commands and cmd_name in COMMANDS:
            from importlib import import_module

            import_module(f"{__package__}.{cmd_name}")
        return super().get_command(ctx, cmd_name)

    def list_commands(self, ctx):
        _register()
        return super().list_commands(ctx)


@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--rules", "rules", multiple=True, type=click.Path(file_okay=False),
              help="An extra rule folder (repeatable). PSCT_EXPERT_RULES also adds folders.")
@click.option("--debug", is_flag=True, help="Show tracebacks.")
@click.option("--ruleset", type=click.Choice(["tcg", "ocg"]), default="tcg", show_default=True,
              help=RULESET_HELP)
@click.version_option(package_name="psct-expert")
@click.pass_context
def cli(ctx, rules, debug, ruleset):
    """Answer Yu-Gi-Oh! ruling questions by reading Problem-Solving Card Text."""
    ctx.obj = Context(rules, debug, ruleset)


def _register():
    """Every command (each module adds its own)."""
    from importlib import import_module

    for name in COMMANDS:
        import_module(f"{__package__}.{name}")


def print_error(exc: PsctError) -> None:
    click.echo(f"error: {exc}", err=True)
    if isinstance(exc, QuestionError):
        if exc.understood:
            parts = ", ".join(f"{k}={v}" for k, v in exc.understood.items() if v)
            if parts:
                click.echo(f"  understood: {parts}", err=True)
        if exc.unplaced:
            click.echo(f"  could not place: {exc.unplaced!r}", err=True)
        if exc.forms and not getattr(exc, "nearest", None):
            click.echo("  supported forms:", err=True)
            for f in exc.forms:
                click.echo(f"    - {f}", err=True)
    if getattr(exc, "relexed", None) is not None:
        from ..render import reading_line

        click.echo("  " + reading_line(exc.relexed), err=True)
    if getattr(exc, "nearest", None):
        import shlex

        click.echo("  nearest questions it can answer:", err=True)
        for q in exc.nearest:
            click.echo(f"    psct-expert ask {shlex.quote(q)}", err=True)


EXIT_INTERRUPTED = 130  # as shells report a command ended by SIGINT
EXIT_TERMINATED = 143   # ... and by SIGTERM
# writing standard output failed for want of room (a full disk, /dev/full, a quota)
_NO_ROOM = {errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO}


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised where the command is, so that it cleans up as it does on Ctrl-C (a
    temporary file is removed, worker processes are stopped)."""


def _on_sigterm(signum, frame):
    raise Terminated()


def argv_text(word: str) -> str:
    """A command-line word as text.  Bytes the locale could not decode (a C locale, a stray
    0xFF) reach Python as lone surrogates: they are read as UTF-8, and what is not UTF-8
    becomes U+FFFD, so no lone surrogate reaches a question, an error or JSON output."""
    if not any("\udc80" <= ch <= "\udcff" for ch in word):
        return word
    return os.fsencode(word).decode("utf-8", "replace")


def _stopped(exc: BaseException | None) -> int:
    terminated = any(isinstance(e, Terminated) for e in (exc, getattr(exc, "__cause__", None),
                                                         getattr(exc, "__context__", None)))
    click.echo("terminated" if terminated else "interrupted", err=True)
    return EXIT_TERMINATED if terminated else EXIT_INTERRUPTED


def _no_room(exc: OSError) -> int:
    click.echo(f"error: cannot write the output: {exc.strerror or exc}", err=True)
    return 2


def _tolerant_streams() -> None:
    """Characters the terminal's encoding lacks are escaped, never a crash."""
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream.errors == "strict":
                stream.reconfigure(errors="backslashreplace")
        except (AttributeError, ValueError, OSError):
            pass


def main(argv: list[str] | None = None) -> int:
    _tolerant_streams()
    debug = "--debug" in (argv if argv is not None else sys.argv[1:])
    previous = None
    if threading.current_thread() is threading.main_thread():
        previous = signal.signal(signal.SIGTERM, _on_sigterm)
    try:
        return _main(argv, debug)
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def _main(argv: list[str] | None, debug: bool) -> int:
    try:
        rv = cli.main(args=argv, prog_name="psct-expert", standalone_mode=False)
        return int(rv or 0)
    except click.exceptions.Abort as exc:
        # click turns Ctrl-C and an unexpected end of input into Abort
        if isinstance(exc.__cause__, EOFError) or isinstance(exc.__context__, EOFError):
            click.echo("error: unexpected end of input", err=True)
            return 2
        return _stopped(exc)
    except click.ClickException as exc:
        exc.show()
        return 2
    except click.exceptions.Exit as exc:
        return exc.exit_code
    except SystemExit as exc:
        return int(exc.code or 0) if isinstance(exc.code, int) or exc.code is None else 2
    except PsctError as exc:
        if debug:
            import traceback

            traceback.print_exc()
        print_error(exc)
        return exc.exit_code
    except BrokenPipeError:
        os._exit(0)
    except KeyboardInterrupt as exc:
        return _stopped(exc)
    except OSError as exc:
        if exc.errno not in _NO_ROOM:
            return _bug(exc, debug)
        _drop_output()
        return _no_room(exc)
    except Exception as exc:
        return _bug(exc, debug)


def _drop_output() -> None:
    """Forget what is still buffered for standard output (it cannot be written)."""
    try:
        sys.stdout = open(os.devnull, "w")
    except OSError:
        pass


def _bug(exc: Exception, debug: bool) -> int:
    """A bug: said in one line, the traceback only with --debug."""
    if debug:
        import traceback

        traceback.print_exc()
    click.echo(f"internal error: {type(exc).__name__}: {exc} (run with --debug for the "
               "traceback)", err=True)
    return 3


class _Deferred(types.ModuleType):
    """Stands in ``sys.modules`` for a module not imported yet: the first attribute read from it
    imports the module (its own entry replaces this one) and is answered by it."""

    def __getattr__(self, attr):
        real = self.__dict__.get("_real")
        if real is None:
            with _DEFERRED_LOCK:    # (a server's threads may reach it at once)
                real = self.__dict__.get("_real")
                if real is None:
                    from importlib import import_module

                    if sys.modules.get(self.__name__) is self:
                        del sys.modules[self.__name__]
                    real = self.__dict__["_real"] = import_module(self.__name__)
        return getattr(real, attr)


_DEFERRED_LOCK = threading.Lock()


def _defer_import(name: str) -> None:
    """``name`` imported when first used, not when imported: lark imports the ``regex`` module
    at its own import, only to use it when it compiles a grammar (the compiled grammar is kept on
    disk), ~6 ms of a cold start.  (The standard library's ``LazyLoader`` loads the module at the
    ``import`` statement itself: the import system reads its ``__spec__``.)"""
    if name in sys.modules:
        return
    try:
        import importlib.util

        spec = importlib.util.find_spec(name)
        if spec is None:
            return
        stub = _Deferred(name)
        stub.__spec__ = spec
        sys.modules[name] = stub
    except Exception:  # noqa: BLE001 - imported as usual when used
        pass


def entry() -> None:
    from ..gcpause import command_thresholds

    command_thresholds()
    # imported by lark at its own import, used only when it compiles a grammar (regex), reads
    # one from a package (pkgutil) or names a cache file by the user (getpass)
    for name in ("regex", "pkgutil", "getpass"):
        _defer_import(name)
    code = main()
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        pass
    except OSError as exc:
        code = _no_room(exc)
    # Every command has finished its work here: files are written and closed (atomically),
    # worker pools joined.  What is left is the interpreter freeing the card index, the
    # grammar and the rule network object by object, about 0.25 s of a one-question run; so
    # flush what was printed and leave without it (a broken pipe reader has stopped reading).
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (BrokenPipeError, OSError, ValueError):
        pass
    os._exit(code)
