"""Every error psct_expert raises on purpose.

Exit codes (the CLI's contract, documented in the README): 0 answered yes or
no (or the command succeeded), 1 answered unknown or conflict (or checks
failed), 2 input error (these errors, including a file that cannot be read or
written), 3 internal error, 130 interrupted (Ctrl-C).

Each one is a user-facing problem (bad input, an unknown card, a malformed
file), never a bug.  The CLI prints them as one line on stderr; a traceback
appears only with ``--debug``.  Errors that come from a file carry their
position as attributes, so renderers can print ``file:line:column: message``.
"""

from __future__ import annotations


class PsctError(Exception):
    """Base of the project's own errors.  ``exit_code`` is what the CLI returns."""

    exit_code = 2

    def __init__(self, message: str, *, path: str | None = None,
                 line: int | None = None, column: int | None = None):
        super().__init__(message)
        self.message = message
        self.path = path
        self.line = line        # 1-based
        self.column = column    # 1-based

    def location(self) -> str:
        if not self.path:
            return ""
        loc = str(self.path)
        if self.line is not None:
            loc += f":{self.line}"
            if self.column is not None:
                loc += f":{self.column}"
        return loc

    def __str__(self) -> str:
        loc = self.location()
        return f"{loc}: {self.message}" if loc else self.message


class UnknownCard(PsctError):
    """A card name that is not in the database; carries the closest names."""

    def __init__(self, name: str, suggestions: list[str]):
        hint = ""
        if suggestions:
            hint = " Did you mean: " + "; ".join(f'"{s}"' for s in suggestions) + "?"
        super().__init__(f'unknown card "{name}".{hint}')
        self.name = name
        self.suggestions = suggestions


class FileFormatError(PsctError):
    """A malformed card, case, scenario or rule file.  ``field`` names the bad field, if one."""

    def __init__(self, message: str, *, path: str | None = None, line: int | None = None,
                 column: int | None = None, field: str | None = None):
        super().__init__(message, path=path, line=line, column=column)
        self.field = field


class RuleError(FileFormatError):
    """A rule file that does not validate."""


class QuestionError(PsctError):
    """A question (or scenario line) that could not be understood.

    ``understood`` says what was recognised; ``unplaced`` names the part that
    could not be placed; ``forms`` lists the supported question forms.  A grammar refusal
    keeps the words it stopped after (``after``); a vocabulary refusal keeps the words it
    has no place for (``words``) and the hint about them (``hint``), so a caller that says
    the refusal of one scenario line reads them, not the message.
    """

    def __init__(self, message: str, *, understood: dict | None = None,
                 unplaced: str | None = None, forms: list[str] | None = None,
                 line: int | None = None, after: str | None = None,
                 words: list[str] | None = None, hint: str = ""):
        super().__init__(message, line=line)
        self.understood = understood or {}
        self.unplaced = unplaced
        self.forms = forms or []
        self.after = after
        self.words = words or []
        self.hint = hint


class StorageError(PsctError):
    """A file or folder that cannot be read or written: permissions, a full disk, a lock."""


class Interrupted(PsctError):
    """The user pressed Ctrl-C; the CLI exits 130, as shells do."""

    exit_code = 130


class InternalError(PsctError):
    exit_code = 3
