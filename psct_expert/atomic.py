"""Writing files so that a reader never sees half of one.

Each write goes to a temporary file in the same folder, is flushed to disk, and
then replaces the target in one ``os.replace`` (atomic on POSIX and Windows).
An interrupted or failed write leaves the old file as it was and removes the
temporary file (Ctrl-C, and SIGTERM, which the command line turns into the same
exception; only SIGKILL can leave one, and the next write of that file removes
it).  The new file keeps the old one's permissions, or gets those the umask
gives a new file.
"""

from __future__ import annotations

import functools
import glob
import os
import signal
import stat
import tempfile
import time
from pathlib import Path

from .errors import StorageError


def atomic_write_bytes(path: str | Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` in one step.

    A symlink is followed, so the file it points at is replaced and the link
    stays a link.  A folder that cannot be written (read-only, full disk) is a
    :class:`~psct_expert.errors.StorageError` naming the file; the old file is
    left as it was.
    """
    _replace_with(path, lambda fh: fh.write(data))


def _replace_with(path: str | Path, fill) -> None:
    """Replace ``path`` in one step with what ``fill(binary file)`` writes (see
    :func:`atomic_write_bytes`)."""
    path = Path(path)
    target = Path(os.path.realpath(path)) if path.is_symlink() else path
    try:
        mode = stat.S_IMODE(target.stat().st_mode)
    except OSError:
        mode = 0o666 & ~_umask()
    remove_leftovers(target)
    # Ctrl-C or SIGTERM between the file's creation and the 'try' below would leave it: the
    # two wait (blocked) until the 'try' can remove it
    held = _hold_signals()
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    except OSError as exc:
        _release_signals(held)
        raise StorageError(f"cannot write: {exc.strerror or exc}", path=str(path)) from None
    try:
        _release_signals(held)
        os.fchmod(fd, mode)     # mkstemp makes it 0600 whatever the umask
        with os.fdopen(fd, "wb") as fh:
            fill(fh)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except BaseException as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(exc, OSError):
            raise StorageError(f"cannot write: {exc.strerror or exc}", path=str(path)) from None
        raise


_STOPS = {signal.SIGINT, signal.SIGTERM}


def _hold_signals():
    try:
        return signal.pthread_sigmask(signal.SIG_BLOCK, _STOPS)
    except (AttributeError, OSError, ValueError):   # not POSIX
        return None


def _release_signals(held) -> None:
    if held is not None:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


STALE_AFTER = 3600.0   # seconds: an older temporary file of a target is a killed write's


def remove_leftovers(target: Path, older_than: float = STALE_AFTER) -> None:
    """Temporary files of ``target`` that a killed write (SIGKILL, a power cut) left behind,
    more than an hour old (a write in progress is never that old); a writer that holds the
    file's lock removes them all (``older_than=0``)."""
    try:
        leftovers = list(target.parent.glob(f".{glob.escape(target.name)}.*.tmp"))
    except OSError:
        return
    now = time.time()
    for p in leftovers:
        try:
            if now - p.stat().st_mtime >= older_than:
                p.unlink()
        except OSError:
            pass


@functools.lru_cache(maxsize=1)
def _umask() -> int:
    """This process's umask (read once: setting it to read it is not thread-safe later)."""
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    old = os.umask(0o022)
    os.umask(old)
    return old


def atomic_write_text(path: str | Path, text: str) -> None:
    atomic_write_bytes(path, text.encode("utf-8"))


class ReplacingFile:
    """A text file written in pieces that replaces ``path`` in one step when it is closed
    without an error (``with ReplacingFile(path) as fh: fh.write(...)``).

    The pieces go to an unnamed temporary file (``tempfile.TemporaryFile``: on Linux it never
    has a name), which is copied to a named one beside the target and put in its place only at
    the end; so a process killed even by SIGKILL while writing leaves nothing behind, but for
    the moment of that last copy (and the next write removes such a leftover).  The replaced
    file keeps its mode; a new one gets the umask's."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self.target = Path(os.path.realpath(self.path))
        self.raw = None

    def __enter__(self):
        try:
            self.raw = tempfile.TemporaryFile(mode="w+b", dir=str(self.target.parent))
        except OSError as exc:
            raise StorageError(f"cannot write: {exc.strerror or exc}", path=str(self.path)) from None
        return self

    def write(self, text: str) -> None:
        self.raw.write(text.encode("utf-8"))

    def __exit__(self, kind, exc, tb):
        import shutil

        try:
            if kind is None:
                self.raw.flush()
                self.raw.seek(0)
                _replace_with(self.path, lambda out: shutil.copyfileobj(self.raw, out, 1 << 20))
        finally:
            self.raw.close()
        return False
