"""``psct-expert serve``: the web page and its JSON API (see :mod:`psct_expert.web.app`)."""

from .app import create_app

__all__ = ["create_app"]
