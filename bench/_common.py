"""Shared helpers for the bench scripts: timing statistics and peak memory."""

from __future__ import annotations

import resource
import statistics


def stats_ms(samples: list[float]) -> str:
    ms = sorted(s * 1000 for s in samples)
    p95 = ms[min(len(ms) - 1, int(round(0.95 * (len(ms) - 1))))]
    return (f"n={len(ms)}  median={statistics.median(ms):.2f} ms  p95={p95:.2f} ms  "
            f"min={ms[0]:.2f} ms  max={ms[-1]:.2f} ms")


def peak_rss_mb(children: bool = False) -> float:
    who = resource.RUSAGE_CHILDREN if children else resource.RUSAGE_SELF
    return resource.getrusage(who).ru_maxrss / 1024.0
