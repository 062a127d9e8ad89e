"""Shedding load: at most so many requests in the app at once, the rest told to come back.

uvicorn's own limit (``limit_concurrency``) answers a plain-text ``503 Service
Unavailable``; this middleware answers in the API's own form instead: HTTP 503 with
``{"error", "kind": "Busy"}`` and a ``Retry-After`` header, at once, without reading
the request.  One event loop runs the app, so the count needs no lock.
"""

from __future__ import annotations

import json

MAX_CONCURRENT = 200    # requests in the app at once (what uvicorn's limit was)
RETRY_AFTER = 1         # seconds


class ShedLoad:
    def __init__(self, app, limit: int = MAX_CONCURRENT, retry_after: int = RETRY_AFTER):
        self.app = app
        self.limit = limit
        self.retry_after = retry_after
        self.active = 0
        self.body = json.dumps({"error": f"the server has {limit} requests in hand; try again in "
                                         f"{retry_after} s", "kind": "Busy"}).encode() + b"\n"

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        if self.active >= self.limit:
            await send({"type": "http.response.start", "status": 503,
                        "headers": [(b"content-type", b"application/json"),
                                    (b"content-length", str(len(self.body)).encode()),
                                    (b"retry-after", str(self.retry_after).encode())]})
            await send({"type": "http.response.body", "body": self.body})
            return None
        self.active += 1
        try:
            return await self.app(scope, receive, send)
        finally:
            self.active -= 1
