"""A fake Discord REST API: ``GET /api/v10/users/@me``, the call a token check makes.

Discord authenticates a bot with ``Authorization: Bot <token>``; a wrong or missing
token is 401 with ``{"message": "401: Unauthorized", "code": 0}``, as Discord answers.
The gateway (websocket) is not faked: the bot's own tests use dpytest for that.
"""

from __future__ import annotations

from typing import Any

from aiohttp import web

from ._server import FakeServer

__all__ = ["FakeDiscordAPI"]


class FakeDiscordAPI(FakeServer):
    """A local Discord REST API that knows one bot user; records every request."""

    def __init__(
        self, *, token: str = "fake-discord-token", bot_id: str = "1100", username: str = "hive"
    ) -> None:
        super().__init__()
        self.token = token
        self.user: dict[str, Any] = {
            "id": bot_id,
            "username": username,
            "discriminator": "0",
            "global_name": None,
            "avatar": None,
            "bot": True,
            "flags": 0,
        }

    @property
    def base_url(self) -> str:
        """``http://127.0.0.1:PORT/api/v10``, like ``https://discord.com/api/v10``."""
        return self.origin + "/api/v10"

    def add_routes(self, app: web.Application) -> None:
        app.router.add_get("/api/v10/users/@me", self._me)
        app.router.add_route("*", "/{tail:.*}", self._unknown)

    async def _me(self, request: web.Request) -> web.Response:
        call = await self.record(request)
        scheme, _, token = call["headers"].get("authorization", "").partition(" ")
        if scheme != "Bot" or token != self.token:
            return web.json_response({"message": "401: Unauthorized", "code": 0}, status=401)
        return web.json_response(self.user)

    async def _unknown(self, request: web.Request) -> web.Response:
        await self.record(request)
        return web.json_response({"message": "404: Not Found", "code": 0}, status=404)
