"""Slack's AI-app methods for the fake workspace: the assistant thread and chat streaming.

Each ``m_<method>`` takes the merged request arguments and returns Slack's reply, with
the shapes of docs.slack.dev (``assistant.threads.setStatus``, ``.setSuggestedPrompts``,
``.setTitle``, ``chat.startStream``, ``chat.appendStream``, ``chat.stopStream``) and the
argument checks they document: at most four prompts each with a title and a message; a
stream is a reply in a thread, outside a DM it names its recipient (user and team), and
``markdown_text`` holds at most 12,000 characters per call; appending to or stopping a
stream that is not streaming answers ``message_not_in_streaming_state``. The error names
for a missing recipient are this fake's choice (Slack documents that they are required,
not the code it answers with).

A streamed message is kept like any other (``messages``), with ``text`` growing as
chunks arrive, ``streaming`` True until it stops, and the stop's ``blocks`` and
``metadata``. ``stream_calls`` lists ``(method, ts)`` in arrival order, ``statuses`` every
status set (an empty status clears it).
"""

from __future__ import annotations

from typing import Any

__all__ = ["AssistantMethods"]

MARKDOWN_LIMIT = 12_000
MAX_PROMPTS = 4


class AssistantMethods:
    """Mixed into ``SlackWorkspace``; reads and writes its messages."""

    messages: dict[tuple[str, str], dict[str, Any]]
    bot_user_id: str
    bot_id: str
    app_id: str
    team_id: str

    def next_ts(self) -> str:  # provided by SlackWorkspace
        raise NotImplementedError

    def _init_assistant(self) -> None:
        self.statuses: list[dict[str, Any]] = []
        self.thread_status: dict[tuple[str, str], str] = {}
        self.suggested_prompts: list[dict[str, Any]] = []
        self.titles: dict[tuple[str, str], str] = {}
        self.stream_calls: list[tuple[str, str]] = []

    # ----- assistant.threads.*

    def m_assistant_threads_setStatus(self, args: dict[str, Any]) -> dict[str, Any]:
        channel, thread_ts = args.get("channel_id"), args.get("thread_ts")
        if not channel:
            return {"ok": False, "error": "channel_not_found"}
        if not thread_ts:
            return {"ok": False, "error": "invalid_thread_ts"}
        if "status" not in args or not isinstance(args["status"], str):
            return {"ok": False, "error": "invalid_arguments"}
        self.statuses.append(dict(args))
        self.thread_status[(channel, thread_ts)] = args["status"]
        return {"ok": True}

    def m_assistant_threads_setSuggestedPrompts(self, args: dict[str, Any]) -> dict[str, Any]:
        if not args.get("channel_id"):
            return {"ok": False, "error": "channel_not_found"}
        prompts = args.get("prompts")
        if not isinstance(prompts, list) or not 1 <= len(prompts) <= MAX_PROMPTS:
            return {"ok": False, "error": "invalid_arguments"}
        for prompt in prompts:
            if not isinstance(prompt, dict) or not all(
                isinstance(prompt.get(k), str) and prompt.get(k) for k in ("title", "message")
            ):
                return {"ok": False, "error": "invalid_arguments"}
        self.suggested_prompts.append(dict(args))
        return {"ok": True}

    def m_assistant_threads_setTitle(self, args: dict[str, Any]) -> dict[str, Any]:
        channel, thread_ts, title = args.get("channel_id"), args.get("thread_ts"), args.get("title")
        if not channel or not thread_ts or not title:
            return {"ok": False, "error": "invalid_arguments"}
        self.titles[(channel, thread_ts)] = title
        return {"ok": True}

    # ----- chat.*Stream

    def m_chat_startStream(self, args: dict[str, Any]) -> dict[str, Any]:
        channel, thread_ts = args.get("channel"), args.get("thread_ts")
        if not channel:
            return {"ok": False, "error": "channel_not_found"}
        if not thread_ts:
            return {"ok": False, "error": "invalid_thread_ts"}
        if not str(channel).startswith("D"):
            for key in ("recipient_user_id", "recipient_team_id"):
                if not args.get(key):
                    return {"ok": False, "error": f"missing_{key}"}
        text = _chunk_text(args)
        if text is None:
            return {"ok": False, "error": "invalid_chunks"}
        if len(text) > MARKDOWN_LIMIT:
            return {"ok": False, "error": "msg_too_long"}
        ts = self.next_ts()
        self.messages[(channel, ts)] = {
            "type": "message",
            "user": self.bot_user_id,
            "bot_id": self.bot_id,
            "app_id": self.app_id,
            "team": self.team_id,
            "text": text,
            "ts": ts,
            "thread_ts": thread_ts,
            "streaming": True,
            "recipient_user_id": args.get("recipient_user_id"),
            "recipient_team_id": args.get("recipient_team_id"),
        }
        self.stream_calls.append(("chat.startStream", ts))
        return {"ok": True, "channel": channel, "ts": ts}

    def m_chat_appendStream(self, args: dict[str, Any]) -> dict[str, Any]:
        return self._stream_step("chat.appendStream", args, stop=False)

    def m_chat_stopStream(self, args: dict[str, Any]) -> dict[str, Any]:
        return self._stream_step("chat.stopStream", args, stop=True)

    def _stream_step(self, method: str, args: dict[str, Any], *, stop: bool) -> dict[str, Any]:
        channel, ts = args.get("channel", ""), args.get("ts", "")
        message = self.messages.get((channel, ts))
        if message is None:
            return {"ok": False, "error": "message_not_found"}
        if not message.get("streaming"):
            return {"ok": False, "error": "message_not_in_streaming_state"}
        text = _chunk_text(args)
        if text is None:
            return {"ok": False, "error": "invalid_chunks"}
        if len(text) > MARKDOWN_LIMIT:
            return {"ok": False, "error": "msg_too_long"}
        if not stop and not text:
            return {"ok": False, "error": "no_text"}
        message["text"] += text
        self.stream_calls.append((method, ts))
        if not stop:
            return {"ok": True, "channel": channel, "ts": ts}
        message["streaming"] = False
        for key in ("blocks", "metadata"):
            if args.get(key):
                message[key] = args[key]
        return {"ok": True, "channel": channel, "ts": ts, "message": message}


def _chunk_text(args: dict[str, Any]) -> str | None:
    """The markdown a stream call carries (``markdown_text`` and markdown chunks), or
    None when a chunk is malformed."""
    text = str(args.get("markdown_text") or "")
    chunks = args.get("chunks") or []
    if not isinstance(chunks, list):
        return None
    for chunk in chunks:
        if not isinstance(chunk, dict) or not chunk.get("type"):
            return None
        if chunk["type"] == "markdown_text":
            if not isinstance(chunk.get("text"), str):
                return None
            text += chunk["text"]
    return text
