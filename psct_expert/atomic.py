"""Writing files so that a reader never sees half of one.

Each write goes to a temporary file in the same folder, is flushed to disk, and
then replaces the target in one ``os.replace`` (atomic on POSIX and Windows).
An interrupted or failed write leaves the old file as it was.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from .errors import StorageError


def atomic_write_bytes(path: str | Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` in one step.

    A symlink is followed, so the file it points at is replaced and the link
    stays a link.  A folder that cannot be written (read-only, full disk) is a
    :class:`~psct_expert.errors.StorageError` naming the file; the old file is
    left as it was.
    """
    path = Path(path)
    target = Path(os.path.realpath(path)) if path.is_symlink() else path
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    except OSError as exc:
        raise StorageError(f"cannot write: {exc.strerror or exc}", path=str(path)) from None
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
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


def atomic_write_text(path: str | Path, text: str) -> None:
    atomic_write_bytes(path, text.encode("utf-8"))
