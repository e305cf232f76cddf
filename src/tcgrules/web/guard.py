"""What every request passes before the app sees it: a bounded body, a known host, the same origin.

- :class:`BodyLimit` refuses a body larger than :data:`MAX_BODY` bytes (by its ``Content-Length``, or as
  it arrives) with ``413`` and a message naming the limit;
- :class:`SameOrigin` refuses a state-changing request (POST) sent by another site's page (its ``Origin``
  is not this server's) with ``403``, and a request for a host name the server was not started for (DNS
  rebinding) with ``400`` — so that a web page elsewhere cannot drive the local app.
"""

from __future__ import annotations

import json
from collections.abc import Iterable

from starlette.types import ASGIApp, Message, Receive, Scope, Send

MAX_BODY = 2_000_000
"""The largest request body, in bytes (a scenario's text, URL-encoded, or a save: a whole game's save is
about 10 kB, a ruling scenario 2 kB)."""


class BodyTooLarge(Exception):
    pass


async def _refuse(send: Send, status: int, message: str) -> None:
    body = json.dumps({"type": "error", "message": message}, ensure_ascii=False).encode("utf-8")
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json; charset=utf-8"),
                (b"content-length", str(len(body)).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


class BodyLimit:
    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        too_large = f"the request body is too large: at most {self.limit} bytes"
        for name, value in scope.get("headers", ()):
            if name == b"content-length":
                if not value.isdigit():
                    await _refuse(send, 400, "the Content-Length header is not a number")
                    return
                if int(value) > self.limit:
                    await _refuse(send, 413, too_large)
                    return
        received = 0
        started = False

        async def limited() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.limit:
                    raise BodyTooLarge
            return message

        async def watched(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, limited, watched)
        except BodyTooLarge:
            if not started:
                await _refuse(send, 413, too_large)


class SameOrigin:
    def __init__(self, app: ASGIApp, hosts: Iterable[str]) -> None:
        self.app = app
        self.hosts = frozenset(h.lower() for h in hosts)
        """Host names this server answers to (``*`` for any)."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {
            name.decode("latin-1").lower(): value.decode("latin-1") for name, value in scope["headers"]
        }
        host = headers.get("host", "")
        name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
        name = name.strip("[]").lower()
        if "*" not in self.hosts and name not in self.hosts:
            await _refuse(
                send, 400, f"unknown host {host!r}; this server answers to {', '.join(sorted(self.hosts))}"
            )
            return
        origin = headers.get("origin")
        if scope["method"] not in ("GET", "HEAD") and origin is not None:
            scheme = scope.get("scheme", "http")
            if origin != f"{scheme}://{host}":
                await _refuse(
                    send, 403, f"cross-origin request refused: a page from {origin} may not use this app"
                )
                return
        await self.app(scope, receive, send)
