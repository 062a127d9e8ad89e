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
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from typing import Callable, TypeVar

from ..api import Expert

T = TypeVar("T")


class Busy(Exception):
    """The question did not finish within the time allowed."""


class AnswerCache:
    """The last ``size`` answers the server gave, as the JSON it sent, by question and scenario
    lines.  The knowledge and the cards do not change while a server runs, so the same question
    gets the same answer: asked again, it is sent without parsing or running anything (errors
    are not kept).  ``size`` 0 keeps nothing."""

    def __init__(self, size: int = 1000):
        self.size = size
        self._kept: OrderedDict = OrderedDict()

    def get(self, key):
        if not self.size:
            return None
        hit = self._kept.get(key)
        if hit is not None:
            self._kept.move_to_end(key)
        return hit

    def put(self, key, body: str) -> None:
        if not self.size:
            return
        self._kept[key] = body
        self._kept.move_to_end(key)
        while len(self._kept) > self.size:
            self._kept.popitem(last=False)


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

    def warm(self) -> None:
        """Make the pool ready before the server accepts a connection: what the workers share is
        loaded once (the compiled question grammar, the reader's patterns, the game facts), then
        every worker thread builds its expert and compiles the engine of every question family
        and the card classifier's, so no request pays a first-time compile.  What is alive then
        lives as long as the server, so it is kept out of the garbage collector's way
        (:func:`~psct_expert.gcpause.paused_gc`)."""
        from ..api import CLASSIFICATIONS
        from ..gamefacts import game_facts
        from ..gcpause import paused_gc
        from ..parser.grammar import grammar_for
        from ..reader.grammar import compile_all

        kb = self.base.kb
        types = sorted({f.answer for f in kb.families.values()})
        barrier = threading.Barrier(self.workers)

        def prepare() -> None:
            barrier.wait(timeout=60)     # every worker thread takes exactly one of these
            expert = self._expert()
            for t in types:
                expert.engine_for([t])
            expert.engine_for(CLASSIFICATIONS)

        with paused_gc():
            grammar_for(kb.families).families      # the whole compiled grammar, not only its words
            compile_all()
            game_facts()
            _index_names(self.base.db)
            for job in [self._executor.submit(prepare) for _ in range(self.workers)]:
                job.result()

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


def _index_names(db) -> None:
    """Build the index of card-name beginnings now, which the name look-up otherwise builds after
    its first questions (:func:`psct_expert.parser.names._name_starts`)."""
    from ..parser import names

    try:
        db.__dict__["_name_calls"] = names.CALLS_BEFORE_INDEX
        names._name_starts(db)
    except (AttributeError, TypeError):     # the look-up works without it, only slower at first
        pass
