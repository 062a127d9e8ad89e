"""The garbage collector paused while a large cache is loaded.

Loading the card index, the knowledge or the compiled grammar makes hundreds of
thousands of objects that live as long as the process; the collector, counting
them as they come, would walk them again and again (a fifth of a cold start).
:func:`paused_gc` turns it off for the load; in a command's process
(:func:`command_thresholds`) it then moves everything alive into the permanent
generation (``gc.freeze``), so later collections do not walk that data either
(the loads come at its start, before it has made garbage worth keeping).
"""

from __future__ import annotations

import contextlib
import gc
import threading

# A command's process makes most of its objects at start (modules, the loaded caches) and keeps
# them; collecting the youngest generation every 700 new objects (Python's default) walks them
# again and again.  Every 20,000 is still often for what a command leaves behind.
COMMAND_THRESHOLDS = (20_000, 20, 20)


def command_thresholds() -> None:
    """Collect less often, and freeze what each load leaves: for a process started as a command
    (``python -m psct_expert``, the ``psct-expert`` script, a server), which loads its caches at
    start and keeps them; not for a program that imports the package (it may load again and
    again, and would keep whatever garbage was waiting at each freeze)."""
    gc.set_threshold(*COMMAND_THRESHOLDS)
    _STATE["freeze"] = True

_LOCK = threading.Lock()
_STATE = {"depth": 0, "was": False, "freeze": False}


@contextlib.contextmanager
def paused_gc():
    """No collection while the block runs (nested and threaded loads pause it once); then what
    is alive is frozen and the collector runs again, if it ran before."""
    with _LOCK:
        if _STATE["depth"] == 0:
            _STATE["was"] = gc.isenabled()
            gc.disable()
        _STATE["depth"] += 1
    try:
        yield
    finally:
        with _LOCK:
            _STATE["depth"] -= 1
            if _STATE["depth"] == 0 and _STATE["was"]:
                if _STATE["freeze"]:
                    gc.freeze()
                gc.enable()
