"""The state behind ``FakeSlackAPI``: a tiny workspace and Slack's built-in method replies.

Each ``m_<method>`` takes the merged request arguments and returns the reply body,
including Slack's own errors (``message_not_found``, ``already_reacted``, ...). Users and
channels the test did not seed are synthesised from their id, so lookups never fail.
"""

from __future__ import annotations

from typing import Any

from ._slack_assistant import AssistantMethods

__all__ = ["SlackWorkspace"]

BASE_TS = 1_700_000_000


class SlackWorkspace(AssistantMethods):
    """Messages, reactions, uploads and views, plus the identity of the bot and its team.

    The assistant-thread and chat-streaming methods live in ``AssistantMethods``."""

    def __init__(
        self,
        *,
        team_id: str,
        team_name: str,
        bot_user_id: str,
        bot_id: str,
        app_id: str,
        bot_token: str,
    ) -> None:
        self.team_id, self.team_name = team_id, team_name
        self.bot_user_id, self.bot_id, self.app_id = bot_user_id, bot_id, app_id
        self.bot_token = bot_token
        self.origin = ""  # set by the server once it has a port; used in upload URLs
        self.messages: dict[tuple[str, str], dict[str, Any]] = {}
        self.ephemerals: list[dict[str, Any]] = []
        self.reactions: set[tuple[str, str, str]] = set()
        self.uploads: dict[str, dict[str, Any]] = {}
        self.views: list[dict[str, Any]] = []
        self.users: dict[str, dict[str, Any]] = {}
        self.channels: dict[str, dict[str, Any]] = {}
        self._ts_counter = 0
        self._id_counter = 0
        self._init_assistant()

    def reply(self, method: str, args: dict[str, Any]) -> dict[str, Any] | None:
        """The built-in reply to ``method``, or ``None`` when there is none."""
        builtin = getattr(self, "m_" + method.replace(".", "_"), None)
        return None if builtin is None else builtin(args)

    def seed_message(
        self,
        channel: str,
        *,
        text: str = "",
        user: str = "U0HUMAN",
        ts: str | None = None,
        thread_ts: str | None = None,
        **fields: Any,
    ) -> str:
        """Put a message in the workspace (for ``conversations.replies``); returns its ts."""
        ts = ts or self.next_ts()
        message = {"type": "message", "user": user, "text": text, "ts": ts, **fields}
        if thread_ts:
            message["thread_ts"] = thread_ts
        self.messages[(channel, ts)] = message
        return ts

    def seed_user(self, user_id: str, **fields: Any) -> None:
        """Set fields of ``users.info`` for ``user_id`` (``profile`` is merged too)."""
        user = self._user(user_id)
        profile = {**user["profile"], **fields.pop("profile", {})}
        self.users[user_id] = {**user, **fields, "profile": profile}

    def seed_channel(self, channel_id: str, **fields: Any) -> None:
        """Set fields of ``conversations.info`` for ``channel_id``."""
        self.channels[channel_id] = {**self._channel(channel_id), **fields}

    def next_ts(self) -> str:
        """A new message ts, strictly increasing: ``1700000000.000100``, ``...000200``."""
        self._ts_counter += 1
        micros = self._ts_counter * 100
        return f"{BASE_TS + micros // 1_000_000}.{micros % 1_000_000:06d}"

    def _new_id(self, prefix: str) -> str:
        self._id_counter += 1
        return f"{prefix}{self._id_counter:08d}"

    # ----- built-in methods: each takes the merged args and returns the reply body

    def m_api_test(self, args: dict[str, Any]) -> dict[str, Any]:
        return {"ok": True, "args": args}

    def m_auth_test(self, args: dict[str, Any]) -> dict[str, Any]:
        return {
            "ok": True,
            "url": f"https://{self.team_name.lower().replace(' ', '-')}.slack.com/",
            "team": self.team_name,
            "user": "hivebrain",
            "team_id": self.team_id,
            "user_id": self.bot_user_id,
            "bot_id": self.bot_id,
            "is_enterprise_install": False,
        }

    def m_chat_postMessage(self, args: dict[str, Any]) -> dict[str, Any]:
        channel = args.get("channel")
        if not channel:
            return {"ok": False, "error": "channel_not_found"}
        if not any(args.get(k) for k in ("text", "blocks", "attachments")):
            return {"ok": False, "error": "no_text"}
        ts = self.next_ts()
        message: dict[str, Any] = {
            "type": "message",
            "user": self.bot_user_id,
            "bot_id": self.bot_id,
            "app_id": self.app_id,
            "team": self.team_id,
            "text": args.get("text", ""),
            "ts": ts,
        }
        for key in ("blocks", "attachments", "thread_ts", "metadata"):
            if args.get(key):
                message[key] = args[key]
        self.messages[(channel, ts)] = message
        return {"ok": True, "channel": channel, "ts": ts, "message": message}

    def m_chat_update(self, args: dict[str, Any]) -> dict[str, Any]:
        channel, ts = args.get("channel", ""), args.get("ts", "")
        message = self.messages.get((channel, ts))
        if message is None:
            return {"ok": False, "error": "message_not_found"}
        for key in ("text", "blocks", "attachments", "metadata"):
            if key in args:
                message[key] = args[key]
        message["edited"] = {"user": self.bot_user_id, "ts": self.next_ts()}
        return {
            "ok": True,
            "channel": channel,
            "ts": ts,
            "text": message["text"],
            "message": message,
        }

    def m_chat_postEphemeral(self, args: dict[str, Any]) -> dict[str, Any]:
        if not args.get("channel"):
            return {"ok": False, "error": "channel_not_found"}
        if not args.get("user"):
            return {"ok": False, "error": "user_not_in_channel"}
        message_ts = self.next_ts()
        self.ephemerals.append({**args, "message_ts": message_ts})
        return {"ok": True, "message_ts": message_ts}

    def m_reactions_add(self, args: dict[str, Any]) -> dict[str, Any]:
        key = (args.get("channel", ""), args.get("timestamp", ""), args.get("name", ""))
        if not key[2]:
            return {"ok": False, "error": "invalid_name"}
        if key in self.reactions:
            return {"ok": False, "error": "already_reacted"}
        self.reactions.add(key)
        return {"ok": True}

    def m_reactions_remove(self, args: dict[str, Any]) -> dict[str, Any]:
        key = (args.get("channel", ""), args.get("timestamp", ""), args.get("name", ""))
        if key not in self.reactions:
            return {"ok": False, "error": "no_reaction"}
        self.reactions.discard(key)
        return {"ok": True}

    def m_conversations_replies(self, args: dict[str, Any]) -> dict[str, Any]:
        channel, ts = args.get("channel", ""), args.get("ts", "")
        parent = self.messages.get((channel, ts))
        if parent is None:
            return {"ok": False, "error": "thread_not_found"}
        replies = sorted(
            (
                m
                for (c, _), m in self.messages.items()
                if c == channel and m is not parent and m.get("thread_ts") == ts
            ),
            key=lambda m: float(m["ts"]),
        )
        if replies:
            parent = {
                **parent,
                "thread_ts": ts,
                "reply_count": len(replies),
                "reply_users": sorted({m.get("user", "") for m in replies}),
                "latest_reply": replies[-1]["ts"],
            }
        return {
            "ok": True,
            "messages": [parent, *replies],
            "has_more": False,
            "response_metadata": {"next_cursor": ""},
        }

    def m_conversations_info(self, args: dict[str, Any]) -> dict[str, Any]:
        channel = args.get("channel")
        if not channel:
            return {"ok": False, "error": "channel_not_found"}
        return {"ok": True, "channel": self.channels.get(channel) or self._channel(channel)}

    def m_users_info(self, args: dict[str, Any]) -> dict[str, Any]:
        user = args.get("user")
        if not user:
            return {"ok": False, "error": "user_not_found"}
        return {"ok": True, "user": self.users.get(user) or self._user(user)}

    def m_files_getUploadURLExternal(self, args: dict[str, Any]) -> dict[str, Any]:
        if not args.get("filename") or not str(args.get("length", "")).isdigit():
            return {"ok": False, "error": "invalid_arguments"}
        file_id = self._new_id("F")
        self.uploads[file_id] = {
            "filename": args["filename"],
            "length": int(args["length"]),
            "data": None,
        }
        return {"ok": True, "upload_url": f"{self.origin}/upload/v1/{file_id}", "file_id": file_id}

    def m_files_completeUploadExternal(self, args: dict[str, Any]) -> dict[str, Any]:
        files = args.get("files")
        if not isinstance(files, list) or not files:
            return {"ok": False, "error": "invalid_arguments"}
        out = []
        for f in files:
            upload = self.uploads.get(f.get("id", ""))
            if upload is None or upload["data"] is None:
                return {"ok": False, "error": "file_not_found"}
            upload.update(
                title=f.get("title") or upload["filename"],
                channel=args.get("channel_id"),
                thread_ts=args.get("thread_ts"),
                initial_comment=args.get("initial_comment"),
            )
            out.append(
                {
                    "id": f["id"],
                    "name": upload["filename"],
                    "title": upload["title"],
                    "size": len(upload["data"]),
                    "user": self.bot_user_id,
                    "created": BASE_TS,
                    "is_external": False,
                    "mimetype": "",
                    "url_private": f"{self.origin}/files-pri/{self.team_id}-{f['id']}/"
                    f"{upload['filename']}",
                }
            )
        return {"ok": True, "files": out}

    def m_views_open(self, args: dict[str, Any]) -> dict[str, Any]:
        if not args.get("trigger_id") and not args.get("interactivity_pointer"):
            return {"ok": False, "error": "invalid_arguments"}
        return self._view_reply(args)

    def m_views_update(self, args: dict[str, Any]) -> dict[str, Any]:
        if not args.get("view_id") and not args.get("external_id"):
            return {"ok": False, "error": "invalid_arguments"}
        return self._view_reply(args, view_id=args.get("view_id"))

    def m_views_publish(self, args: dict[str, Any]) -> dict[str, Any]:
        if not args.get("user_id"):
            return {"ok": False, "error": "invalid_arguments"}
        return self._view_reply(args)

    def _view_reply(self, args: dict[str, Any], view_id: str | None = None) -> dict[str, Any]:
        view = args.get("view")
        if not isinstance(view, dict) or "type" not in view:
            return {"ok": False, "error": "invalid_arguments"}
        view_id = view_id or self._new_id("V")
        full = {
            "id": view_id,
            "team_id": self.team_id,
            "app_id": self.app_id,
            "bot_id": self.bot_id,
            "app_installed_team_id": self.team_id,
            "state": {"values": {}},
            "hash": f"{BASE_TS}.{view_id.lower()}",
            "root_view_id": view_id,
            "previous_view_id": None,
            "private_metadata": "",
            "callback_id": "",
            "external_id": "",
            "clear_on_close": False,
            "notify_on_close": False,
            "blocks": [],
            **view,
        }
        self.views.append(full)
        return {"ok": True, "view": full}

    def m_oauth_v2_access(self, args: dict[str, Any]) -> dict[str, Any]:
        if not args.get("code") and not args.get("refresh_token"):
            return {"ok": False, "error": "invalid_code"}
        return {
            "ok": True,
            "app_id": self.app_id,
            "authed_user": {
                "id": "U0INSTALLER",
                "scope": "",
                "access_token": "xoxp-fake-user",
                "token_type": "user",
            },
            "scope": "app_mentions:read,chat:write,reactions:write,users:read,files:write",
            "token_type": "bot",
            "access_token": self.bot_token,
            "bot_user_id": self.bot_user_id,
            "team": {"id": self.team_id, "name": self.team_name},
            "enterprise": None,
            "is_enterprise_install": False,
        }

    # ----- synthesised workspace objects for ids the test did not seed

    def _channel(self, channel_id: str) -> dict[str, Any]:
        is_im = channel_id.startswith("D")
        return {
            "id": channel_id,
            "name": channel_id.lower(),
            "is_channel": not is_im,
            "is_group": False,
            "is_im": is_im,
            "is_private": channel_id.startswith("G"),
            "is_archived": False,
            "is_general": False,
            "is_member": True,
            "created": BASE_TS,
            "creator": "U0HUMAN",
            "context_team_id": self.team_id,
            "topic": {"value": "", "creator": "", "last_set": 0},
            "purpose": {"value": "", "creator": "", "last_set": 0},
        }

    def _user(self, user_id: str) -> dict[str, Any]:
        if user_id in self.users:
            return self.users[user_id]
        name = user_id.lower()
        return {
            "id": user_id,
            "team_id": self.team_id,
            "name": name,
            "deleted": False,
            "real_name": f"User {user_id}",
            "tz": "UTC",
            "tz_offset": 0,
            "is_admin": False,
            "is_owner": False,
            "is_bot": user_id == self.bot_user_id,
            "is_app_user": False,
            "updated": BASE_TS,
            "profile": {
                "real_name": f"User {user_id}",
                "display_name": name,
                "email": f"{name}@example.com",
                "team": self.team_id,
            },
        }
