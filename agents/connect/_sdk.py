"""One Composio SDK client per caller, built on first use: the executors and the connector.

Importing the SDK takes seconds, so it happens in a thread the first time a card runs or a
pull reads; its calls block, so callers run them in a thread too.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from typing import Any


class ComposioSdk:
    """The SDK client for one API key (and base URL and toolkit versions), made lazily."""

    def __init__(
        self,
        *,
        api_key: str,
        base_url: str | None = None,
        toolkit_versions: Mapping[str, str] | str | None = None,
        timeout: int = 60,
    ) -> None:
        self._api_key = api_key
        self._base_url = base_url
        self.versions = (
            dict(toolkit_versions) if isinstance(toolkit_versions, Mapping) else toolkit_versions
        )
        self._timeout = timeout
        self._sdk: Any = None
        self._lock = asyncio.Lock()

    async def client(self) -> Any:
        """The ``Composio`` client, built once (in a thread: the import is slow)."""
        async with self._lock:
            if self._sdk is None:
                self._sdk = await asyncio.to_thread(self._build)
            return self._sdk

    def _build(self) -> Any:
        from composio import Composio

        options: dict[str, Any] = {"api_key": self._api_key, "timeout": self._timeout}
        if self._base_url:
            options["base_url"] = self._base_url
        if self.versions:
            options["toolkit_versions"] = self.versions
        return Composio(allow_tracking=False, **options)


def _error_types() -> tuple[type[Exception], ...]:
    import composio_client
    from composio import exceptions as sdk_errors

    return (sdk_errors.ComposioError, composio_client.ComposioError)


async def sdk_errors() -> tuple[type[Exception], ...]:
    """The SDK's two error trees (its own and its HTTP client's), imported in a thread."""
    return await asyncio.to_thread(_error_types)
