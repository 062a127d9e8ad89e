"""The user card store: cards a user imported, shadowing the shipped pool.

The store is one JSON-lines file in the user folder.  Writers take
``cards.lock`` beside it (a :mod:`filelock` lock, so two ``cards import`` runs
never both read the old store and the last one wins): the second waits a
little, saying so, then fails loudly if the first is still running.
"""

from __future__ import annotations

import os
from contextlib import contextmanager
from pathlib import Path

from .errors import StorageError
from .paths import user_dir

LOCK_WAIT = 30.0  # seconds a second writer waits for the first


def store_path() -> Path:
    return user_dir() / "cards.jsonl"


def user_cards() -> list:
    from .cards import read_cards_jsonl

    path = store_path()
    if not path.exists():
        return []
    return read_cards_jsonl(path, origin="user store")


@contextmanager
def store_lock(wait: float | None = None, on_wait=None):
    """Hold the store's writer lock; ``on_wait(message)`` is called once if another holds it."""
    from filelock import FileLock, Timeout

    wait = LOCK_WAIT if wait is None else wait

    folder = Path(os.path.realpath(store_path())).parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StorageError(f"cannot create the user folder: {exc.strerror or exc}",
                           path=str(folder)) from None
    lock_path = folder / "cards.lock"
    lock = FileLock(str(lock_path))
    try:
        try:
            lock.acquire(timeout=0)
        except Timeout:
            if on_wait is not None:
                on_wait(f"another 'cards import' is writing the user store ({lock_path}); "
                        f"waiting up to {wait:.0f} s")
            lock.acquire(timeout=wait)
    except Timeout:
        raise StorageError("another 'cards import' is still writing the user store; nothing "
                           "was imported, try again when it has finished",
                           path=str(lock_path)) from None
    except OSError as exc:
        raise StorageError(f"cannot lock the user store: {exc.strerror or exc}",
                           path=str(lock_path)) from None
    try:
        yield
    finally:
        lock.release()
