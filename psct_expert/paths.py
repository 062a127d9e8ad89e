"""Where the project's data lives: ``knowledge/`` and ``facts/`` beside the package."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(os.environ.get("PSCT_EXPERT_HOME") or Path(__file__).resolve().parent.parent)
KNOWLEDGE_DIR = ROOT / "knowledge"
FACTS_DIR = ROOT / "facts"


def user_dir() -> Path:
    """The user's own store (imported cards); ``PSCT_EXPERT_USER_DIR`` moves it."""
    env = os.environ.get("PSCT_EXPERT_USER_DIR")
    if env:
        return Path(env)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "psct-expert"


def cache_dir() -> Path:
    """Caches that only save time (safe to delete); ``PSCT_EXPERT_CACHE_DIR`` moves it."""
    env = os.environ.get("PSCT_EXPERT_CACHE_DIR")
    if env:
        return Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "psct-expert"
