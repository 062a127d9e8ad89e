"""Running the engine off the event loop: a bounded pool of threads, one expert each.

The engine (experta) keeps state while it runs, so two questions must never
share one.  Each worker thread gets its own :class:`~psct_expert.api.Expert`
built on the shared knowledge base and card database (both read-only once
loaded), so a slow question occupies one worker and the others keep
answering.  A call that waits or runs longer than ``timeout`` seconds gives up
with :class:`Busy` (the thread finishes its question in the background and
goes back to the pool).
"""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Callable, TypeVar

from ..api import Expert

T = TypeVar("T")


class Busy(Exception):
    """The question did not finish within the time allowed."""


class ExpertPool:
    def __init__(self, expert: Expert, workers: int = 4, timeout: float = 30.0):
        if workers < 1:
            raise ValueError("workers must be at least 1")
        self.base = expert
        self.workers = workers
        self.timeout = timeout
        self._executor = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="psct-web")
        self._local = threading.local()

    def _expert(self) -> Expert:
        expert = getattr(self._local, "expert", None)
        if expert is None:
            expert = Expert(kb=self.base.kb, db=self.base.db, ruleset=self.base.ruleset)
            self._local.expert = expert
        return expert

    def _call(self, fn: Callable[[Expert], T]) -> T:
        return fn(self._expert())

    async def run(self, fn: Callable[[Expert], T]) -> T:
        """``fn(expert)`` on a worker thread, within the time allowed."""
        loop = asyncio.get_running_loop()
        future = loop.run_in_executor(self._executor, self._call, fn)
        try:
            return await asyncio.wait_for(asyncio.shield(future), self.timeout)
        except asyncio.TimeoutError:
            raise Busy(f"the question took longer than {self.timeout:g} s; try again, or "
                       "ask it on the command line") from None

    def close(self) -> None:
        self._executor.shutdown(wait=False, cancel_futures=True)
