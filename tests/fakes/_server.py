"""The shared base of every fake: a local aiohttp server that records what it was sent.

Each fake in this package is a real HTTP server on 127.0.0.1 and a free port, so a
test can point the real SDK client at it (``base_url=``) and exercise the SDK's own
serialisation, retries and error mapping. Start one with ``async with``; nothing runs
in ``__init__``.
"""

from __future__ import annotations

import json
from types import TracebackType
from typing import Any, Self
from urllib.parse import parse_qsl

from aiohttp import web

__all__ = ["Call", "FakeServer", "parse_body"]

Call = dict[str, Any]
"""One recorded request: ``method``, ``path``, ``query``, ``headers`` (lower-cased), ``body``."""


def parse_body(content_type: str, raw: bytes) -> Any:
    """Decode a request body the way its ``Content-Type`` says it was encoded.

    JSON becomes Python values, ``application/x-www-form-urlencoded`` becomes a flat dict
    (the last value wins for repeated keys), an empty body is ``None`` and anything else
    (an upload's bytes) stays ``bytes``. A body whose type says JSON but does not parse
    is kept as text, so a test can see exactly what was sent.
    """
    if not raw:
        return None
    if "json" in content_type:
        try:
            return json.loads(raw)
        except ValueError:
            return raw.decode("utf-8", "replace")
    if content_type.startswith("application/x-www-form-urlencoded"):
        return dict(parse_qsl(raw.decode("utf-8"), keep_blank_values=True))
    return raw


class FakeServer:
    """A local HTTP server that a test starts with ``async with`` and inspects afterwards.

    Subclasses add their routes in ``add_routes``; each handler calls ``record`` first,
    which appends the parsed request to ``calls`` and returns it. The port is picked by
    the OS when the server starts, so parallel tests never collide.
    """

    def __init__(self) -> None:
        self.calls: list[Call] = []
        self._runner: web.AppRunner | None = None
        self._port: int | None = None

    def add_routes(self, app: web.Application) -> None:
        """Hook: register this fake's routes on ``app``. The default adds none."""

    async def on_stop(self) -> None:
        """Hook: release anything a handler keeps open (websockets). The default does nothing."""

    @property
    def port(self) -> int:
        """The port the server listens on; raises ``RuntimeError`` before ``start``."""
        if self._port is None:
            raise RuntimeError(f"{type(self).__name__} is not started; use `async with`")
        return self._port

    @property
    def origin(self) -> str:
        """``http://127.0.0.1:PORT`` with no trailing slash."""
        return f"http://127.0.0.1:{self.port}"

    async def start(self) -> None:
        """Bind 127.0.0.1 on a free port and start serving."""
        app = web.Application()
        self.add_routes(app)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self._port = int(self._runner.addresses[0][1])

    async def stop(self) -> None:
        """Close open connections and stop serving; safe to call twice."""
        if self._runner is None:
            return
        await self.on_stop()
        await self._runner.cleanup()
        self._runner = None

    async def __aenter__(self) -> Self:
        await self.start()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.stop()

    async def record(self, request: web.Request, **extra: Any) -> Call:
        """Parse ``request``, append it to ``calls`` and return the recorded dict."""
        raw = await request.read()
        call: Call = {
            "method": request.method,
            "path": request.path,
            "query": dict(request.query),
            "headers": {k.lower(): v for k, v in request.headers.items()},
            "body": parse_body(request.headers.get("Content-Type", ""), raw),
            **extra,
        }
        self.calls.append(call)
        return call


def bearer_token(headers: dict[str, str]) -> str | None:
    """The token from ``Authorization: Bearer <t>`` or ``token <t>``, else ``None``."""
    value = headers.get("authorization", "")
    scheme, _, token = value.partition(" ")
    if scheme.lower() in ("bearer", "token") and token.strip():
        return token.strip()
    return None
