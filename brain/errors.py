"""The one error tree of hivebrain.

Every error carries ``user_message``: a sentence that is safe to post in a chat channel
(no Cypher, no parameters, no stack trace). The technical message (``str(err)``) is for
logs and the CLI. Layers above ``brain`` re-export these; they never see errors from
``redis`` or ``falkordb`` directly.
"""

from __future__ import annotations


class HivebrainError(Exception):
    """Base of every error hivebrain raises on purpose."""

    user_message: str = "Something went wrong on our side. Please try again in a moment."

    def __init__(self, message: str, *, user_message: str | None = None) -> None:
        super().__init__(message)
        if user_message is not None:
            self.user_message = user_message


class TenantUnknown(HivebrainError):
    """A tenant slug (or platform binding) that the registry does not hold."""

    def __init__(self, slug: str) -> None:
        self.slug = slug
        super().__init__(
            f"no tenant {slug!r}: create it with `hivebrain tenant create {slug}`",
            user_message="This workspace is not connected to a brain yet. "
            "Run `/hivebrain connect` to set one up.",
        )


class TenantExists(HivebrainError):
    """Creating a tenant whose slug is already taken."""

    def __init__(self, slug: str) -> None:
        self.slug = slug
        super().__init__(
            f"tenant {slug!r} already exists: pick another slug or use the existing one",
            user_message=f"A brain named {slug!r} already exists.",
        )


class InvalidSlug(HivebrainError):
    """A tenant slug that breaks the naming rule (it becomes a graph name)."""

    def __init__(self, slug: str) -> None:
        self.slug = slug
        super().__init__(
            f"invalid tenant slug {slug!r}: use 2-40 lowercase letters, digits and dashes, "
            "starting with a letter (e.g. 'acme-coffee')",
            user_message="That name can't be used: use lowercase letters, digits and dashes.",
        )


class WriteRefused(HivebrainError):
    """The gate refused a write; ``reason`` names exactly what was wrong."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(f"write refused: {reason}", user_message=f"I couldn't save that: {reason}")


class GraphUnavailable(HivebrainError):
    """FalkorDB could not be reached or failed to answer."""

    def __init__(self, what: str, detail: str = "") -> None:
        self.what = what
        msg = f"graph database unavailable ({what})"
        if detail:
            msg += f": {detail}"
        super().__init__(
            msg,
            user_message="The brain's database is not answering right now. "
            "Please try again in a minute.",
        )


class WriteNotReplicated(GraphUnavailable):
    """A write the primary took that too few replicas confirmed in time.

    A failover now could lose it, so it counts as failed. Writes are idempotent (a replay
    adds nothing), so sending it again is safe.
    """

    def __init__(self, what: str, *, confirmed: int, wanted: int, timeout_ms: int) -> None:
        self.confirmed = confirmed
        self.wanted = wanted
        super().__init__(
            what,
            f"{confirmed} of {wanted} replicas confirmed the write within {timeout_ms} ms, so a "
            "failover could lose it; it counts as failed (check the replicas, or set "
            "HIVEBRAIN_WAIT_REPLICAS)",
        )
        self.user_message = (
            "That change reached the database but not its standby copy in time, so it "
            "may not survive a failover; please try again in a minute."
        )


class EmbeddingUnavailable(HivebrainError):
    """The embedding model could not be loaded, or failed to turn text into vectors."""

    def __init__(self, model: str, detail: str) -> None:
        self.model = model
        super().__init__(
            f"embedding model {model} unavailable: {detail}",
            user_message="The model that reads text for search is not working right now; "
            "please try again in a minute.",
        )


class QueryRefused(HivebrainError):
    """A query that the guards or the database refused (bad syntax, a write, too big, a rule).

    ``reason`` is for the log, the CLI and the model that wrote the query, so it may quote
    the query or the database's own words. ``user_message`` never does: it is
    ``user_reason`` when the raiser gives one (our own words only), else a fixed sentence.
    """

    def __init__(self, reason: str, *, user_reason: str | None = None) -> None:
        self.reason = reason
        shown = user_reason or "it could not be run as written"
        super().__init__(
            f"query refused: {reason}", user_message=f"That query was refused: {shown}."
        )


class InputInvalid(HivebrainError):
    """Input that cannot be understood at all (a malformed file, a bad date, bad arguments)."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(reason, user_message=reason)


class SettingsInvalid(HivebrainError):
    """A setting in the environment (or `.env`) that its settings class does not accept.

    ``problems`` are one phrase each, naming the environment variable and what it takes;
    values of secrets and URLs are never repeated (a URL may carry a password).
    """

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__(
            "invalid setting: " + "; ".join(problems) + ". Fix it in the environment or .env "
            "(.env.example describes every setting).",
            user_message="hivebrain is not configured correctly; an admin needs to fix its "
            "settings (`hivebrain doctor` says which).",
        )
