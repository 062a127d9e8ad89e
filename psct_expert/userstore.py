"""The user card store: cards a user imported, shadowing the shipped pool."""

from __future__ import annotations

from .paths import user_dir


def store_path():
    return user_dir() / "cards.jsonl"


def user_cards() -> list:
    from .cards import read_cards_jsonl

    path = store_path()
    if not path.exists():
        return []
    return read_cards_jsonl(path, origin="user store")
