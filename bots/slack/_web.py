"""The Slack Web API as the bot uses it, typed at the one place the SDK object enters.

slack_sdk declares each Web API method with untyped ``**kwargs`` and its responses and
errors as untyped mappings, so under a strict checker every call is "partially unknown".
``slack_web(client)`` gives the same client seen through ``SlackWeb``: only the calls this bot
makes, with the arguments it passes. The raw payloads it reads (files on a message, the
body of a button click) are ``TypedDict``s, passed through unchanged.
"""

from __future__ import annotations

from collections.abc import Awaitable
from typing import Any, Protocol, TypedDict, cast

from slack_sdk.errors import SlackApiError
from slack_sdk.web.async_client import AsyncWebClient


class SlackReply(Protocol):
    """A Web API answer: Slack's JSON fields by name (``ts``, ``channel``...)."""

    def __getitem__(self, key: str) -> Any: ...

    def get(self, key: str, default: Any = None) -> Any: ...


class ChatStream(Protocol):
    """slack_sdk's ``AsyncChatStream``: one streamed message (start, appends, stop)."""

    @property
    def ts(self) -> str | None: ...

    def append(self, *, markdown_text: str) -> Awaitable[SlackReply | None]: ...

    def stop(
        self, *, markdown_text: str | None = None, blocks: list[dict[str, Any]] | None = None
    ) -> Awaitable[SlackReply]: ...


class SlackWeb(Protocol):
    """The Web API methods the bot calls; ``options`` are Slack's own (``link_names``...)."""

    def chat_postMessage(
        self, *, channel: str, text: str, **options: Any
    ) -> Awaitable[SlackReply]: ...

    def chat_postEphemeral(
        self, *, channel: str, user: str, text: str, **options: Any
    ) -> Awaitable[SlackReply]: ...

    def chat_update(
        self, *, channel: str, ts: str, text: str, **options: Any
    ) -> Awaitable[SlackReply]: ...

    def files_upload_v2(
        self,
        *,
        channel: str,
        thread_ts: str,
        content: bytes,
        filename: str,
        title: str,
        **options: Any,
    ) -> Awaitable[SlackReply]: ...

    def reactions_add(
        self, *, channel: str, timestamp: str, name: str
    ) -> Awaitable[SlackReply]: ...

    def reactions_remove(
        self, *, channel: str, timestamp: str, name: str
    ) -> Awaitable[SlackReply]: ...

    def users_info(self, *, user: str) -> Awaitable[SlackReply]: ...

    def chat_stream(
        self,
        *,
        channel: str,
        thread_ts: str,
        buffer_size: int,
        recipient_team_id: str | None = None,
        recipient_user_id: str | None = None,
        **options: Any,
    ) -> Awaitable[ChatStream]: ...

    def assistant_threads_setStatus(
        self, *, channel_id: str, thread_ts: str, status: str, **options: Any
    ) -> Awaitable[SlackReply]: ...

    def assistant_threads_setSuggestedPrompts(
        self,
        *,
        channel_id: str,
        prompts: list[dict[str, str]],
        thread_ts: str | None = None,
        title: str | None = None,
    ) -> Awaitable[SlackReply]: ...

    def views_open(
        self, *, trigger_id: str, view: dict[str, Any], **options: Any
    ) -> Awaitable[SlackReply]: ...


def slack_web(client: AsyncWebClient) -> SlackWeb:
    """``client`` seen through ``SlackWeb``: the same object, and the checker confirms
    that the SDK's methods accept what ``SlackWeb`` promises."""
    return client


def slack_error(exc: SlackApiError) -> str:
    """The error code Slack answered with (``channel_not_found``), for logs and messages."""
    response = cast(Any, exc.response)  # a SlackResponse; the SDK leaves the attribute untyped
    return str(response.get("error") or "unknown_error")


class SlackFile(TypedDict, total=False):
    """A file on a message event, as Slack sends it (the keys the bot reads)."""

    name: str
    title: str
    url_private: str
    url_private_download: str
    size: int
    mimetype: str
    mode: str


class ActionContainer(TypedDict, total=False):
    """Where a clicked button sits (``body["container"]`` of a block action)."""

    channel_id: str
    message_ts: str


class ActionMessage(TypedDict, total=False):
    """The message holding a clicked button (``body["message"]`` of a block action)."""

    ts: str
    thread_ts: str
    blocks: list[dict[str, Any]]
    text: str
