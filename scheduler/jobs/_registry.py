"""Scheduled jobs: what the brain does and posts without being asked.

Each job gets a ``JobContext`` (one tenant's graph, the moment, the tenant's time zone,
the period being run, whether this is a dry run) and returns a ``JobOutcome``: the
platform-neutral ``Post``s to send, a one-line summary for the run record, and the
figures ``jobs run`` prints. The runner sends the posts through the poster the bots hand
in, so this package never imports a platform SDK. Jobs are registered in ``JOBS`` with a
plain decorator that names their default schedule (a crontab line, in the tenant's time
zone) and the period one run covers, which is what makes a digest post once.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal, cast
from zoneinfo import ZoneInfo

from apscheduler.triggers.cron import CronTrigger

from brain import ServerNotes, TenantGraph, format_moment

DAY_MS = 86_400_000
Period = Literal["hour", "day", "week"]
#: The tenant setting that names a job's schedule: ``schedule_hygiene = "0 7 * * mon"``.
SCHEDULE_PREFIX = "schedule_"
#: A schedule setting that stops a job for the tenant.
OFF = ("off", "none")


@dataclass(frozen=True, slots=True)
class Cite:
    """A record a post's line rests on (its id, a title, a link when it has one)."""

    id: str
    title: str
    url: str | None = None


@dataclass(frozen=True, slots=True)
class CardNote:
    """A pending approval card a post carries (the bots draw its buttons)."""

    id: str
    kind: str
    title: str
    preview: str
    proposed_by: str


@dataclass(frozen=True, slots=True)
class CheckNote:
    """A fact a post asks the team to confirm (the bots draw "still true" / "no longer
    true" buttons carrying ``key``; ``agents.answer_check`` does what they say)."""

    key: str
    text: str
    #: The day a source last stated it (``2026-01-05``).
    last: str


@dataclass(frozen=True, slots=True)
class Post:
    """One message for a channel setting of the tenant (``digest_channel``...).

    ``lines`` are plain text (each platform adds its own markup); ``citations`` are the
    records the lines cite, shown as sources under the message.
    """

    channel_setting: str
    title: str
    lines: tuple[str, ...] = ()
    citations: tuple[Cite, ...] = ()
    notes: tuple[str, ...] = ()
    cards: tuple[CardNote, ...] = ()
    checks: tuple[CheckNote, ...] = ()

    @property
    def text(self) -> str:
        """The post as plain text: the title, then one line each (the CLI prints this)."""
        return "\n".join([self.title, *self.lines])


@dataclass(frozen=True, slots=True)
class JobContext:
    """Everything one run of a job for one tenant may use."""

    graph: TenantGraph
    t: int
    tz: ZoneInfo
    period: str
    settings: Mapping[str, Any]
    run_id: str
    dry_run: bool = False
    #: When the last successful run of this job for this tenant started (None: never).
    last_ok_ms: int | None = None
    #: Looks a tool up by name in the agents' registry (None when it is not there).
    tool: Callable[[str], Any] | None = None
    #: The server's notes (what a digest's buttons name); None where a job posts nothing.
    notes: ServerNotes | None = None


@dataclass(frozen=True, slots=True)
class JobOutcome:
    """What a run produced: posts to send, a summary line and figures for the record."""

    posts: list[Post] = field(default_factory=list[Post])
    summary: str = ""
    details: dict[str, Any] = field(default_factory=dict[str, Any])


JobFn = Callable[[JobContext], Awaitable[JobOutcome]]
UndoFn = Callable[[TenantGraph, str], Awaitable[dict[str, Any]]]


@dataclass(frozen=True, slots=True)
class Job:
    """A registered job: its default schedule, the period one run covers, its undo."""

    name: str
    fn: JobFn
    schedule: str
    period: Period
    purpose: str
    undo: UndoFn | None = None
    #: The channel setting its posts go to; without it set, the job has nothing to do.
    channel: str | None = None
    #: A tenant setting the job cannot run without (``composio_user_id``): a tenant
    #: that has not set it is skipped quietly, not run and not stamped.
    needs: str | None = None
    #: An ingest (it reads a remote source into the brain and posts nothing): a leader
    #: beside ingest workers hands its runs to them (``scheduler._handoff``).
    ingest: bool = False


JOBS: dict[str, Job] = {}


def job(
    name: str,
    *,
    purpose: str,
    schedule: str,
    period: Period,
    undo: UndoFn | None = None,
    channel: str | None = None,
    needs: str | None = None,
    ingest: bool = False,
) -> Callable[[JobFn], JobFn]:
    """Register a job under ``name`` with its default crontab schedule.

    The schedule is read in each tenant's time zone; a tenant changes it with the setting
    ``schedule_<name>`` (``settings schedule <name> 0 7 * * mon``) or stops it with ``off``.
    ``ingest``: the job only loads (it returns no posts), so its runs may be handed to the
    ingest workers.
    """
    crontab_trigger(schedule)  # a wrong default fails at import, not at 3 a.m.

    def register(fn: JobFn) -> JobFn:
        JOBS[name] = Job(
            name=name,
            fn=fn,
            schedule=schedule,
            period=period,
            purpose=purpose,
            undo=undo,
            channel=channel,
            needs=needs,
            ingest=ingest,
        )
        return fn

    return register


def crontab_trigger(line: str, tz: ZoneInfo | None = None) -> CronTrigger:
    """A crontab line (minute hour day month weekday) as a trigger in ``tz``; raises
    ``ValueError`` for anything else."""
    # APScheduler 3 declares from_crontab without types: called through Any, here only.
    trigger: CronTrigger = cast(Any, CronTrigger).from_crontab(line, timezone=tz)
    return trigger


def schedule_for(name: str, settings: Mapping[str, Any]) -> str | None:
    """The tenant's crontab line for job ``name`` (None: the tenant stopped it)."""
    value = settings.get(f"{SCHEDULE_PREFIX}{name}")
    if value is None or not str(value).strip():
        return JOBS[name].schedule
    return None if str(value).strip().lower() in OFF else str(value).strip()


def tenant_zone(settings: Mapping[str, Any]) -> ZoneInfo:
    """The tenant's time zone (setting ``timezone``; UTC when unset)."""
    return ZoneInfo(str(settings.get("timezone") or "UTC"))


def period_key(t: int, tz: ZoneInfo, period: Period) -> str:
    """The period holding moment ``t`` in ``tz``: ``2026-W49``, ``2026-12-01``, ``...T09``."""
    local = datetime.fromtimestamp(t / 1000, tz)
    if period == "week":
        year, week, _ = local.isocalendar()
        return f"{year}-W{week:02d}"
    if period == "day":
        return local.date().isoformat()
    return local.strftime("%Y-%m-%dT%H")


def day_label(t: int) -> str:
    """The date of a moment as written in posts (``2026-12-01``)."""
    return (format_moment(t) or "")[:10]


def int_setting(settings: Mapping[str, Any], key: str, default: int) -> int:
    """A whole-number tenant setting (a window in days, a budget), or its default."""
    try:
        value = int(str(settings.get(key, default)))
    except ValueError:
        return default
    return value if value > 0 else default
