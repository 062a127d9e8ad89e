"""Where the project's data lives: the rules (``knowledge/``) and the card database (``facts/``).

In order: ``PSCT_EXPERT_HOME`` (a checkout or any folder holding both); the
folder beside the package (a checkout or an editable install); the copy an
installed wheel carries inside the package (``psct_expert/_data/``, mapped
from the top-level folders by ``pyproject.toml``).
"""

from __future__ import annotations

import os
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def data_root() -> Path:
    """The folder that holds ``knowledge/`` and ``facts/``."""
    env = os.environ.get("PSCT_EXPERT_HOME")
    if env:
        return Path(env)
    for root in (_PACKAGE.parent, _PACKAGE / "_data"):
        if (root / "knowledge").is_dir() and (root / "facts").is_dir():
            return root
    return _PACKAGE.parent  # neither: the error then names the checkout's folder


ROOT = data_root()
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
