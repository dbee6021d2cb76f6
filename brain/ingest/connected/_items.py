"""Items from connected tools (through Composio) as facts: e-mail, events, chat, posts, readings.

A pull hands this module the ``data`` one read action returned, in the shape the tool's
own API gives it (Gmail's ``messages``, Google Calendar's ``items``, Slack's
``conversations.history``, X's ``data`` of posts, a GA4 ``runReport``), and gets back the
facts to write: an Email, a Meeting (a calendar event is a meeting someone booked), a
Message, a Post, or an Observation of a Metric per reading. Every node carries the
account it came from as ``src`` (``composio:gmail:ca_...``) and the item's own date as
``asOf``, so a second pull of the same items adds nothing. An item that does not have what
its kind needs (no id, no date, a value that is no number) is skipped with one line
saying why; the rest of the page still loads. Nothing here calls Composio: the SDK lives
in ``agents``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from email.utils import parseaddr, parsedate_to_datetime
from typing import Any, Literal

from brain._json import is_list, is_object
from brain._moments import format_moment, parse_moment
from brain.errors import InputInvalid
from brain.ingest._slugs import slugify

#: What a connected tool's items become.
ItemKind = Literal["email", "event", "message", "post", "reading"]
ITEM_KINDS: tuple[ItemKind, ...] = ("email", "event", "message", "post", "reading")
#: The longest name a node gets from an item's text (subject-less messages, posts).
NAME_CHARS = 90
#: Metrics whose readings average rather than add up.
_MEAN_WORDS = ("rate", "average", "avg", "duration", "per")


class _Malformed(Exception):
    """An item this kind cannot use; the message says what is missing."""


@dataclass(slots=True)
class ConnectedItems:
    """The facts of one page of items, how many items it held, and what was skipped."""

    src: str
    facts: list[dict[str, Any]] = field(default_factory=list[dict[str, Any]])
    items: int = 0
    skipped: list[str] = field(default_factory=list[str])
    #: The newest item date seen (epoch ms): where the account's cursor moves to.
    newest: int | None = None
    _nodes: dict[str, dict[str, Any]] = field(default_factory=dict[str, dict[str, Any]])

    def node(self, node_type: str, node_id: str, when: int, /, **props: Any) -> None:
        """Add a node fact; a node met again (a person on many e-mails) is one fact, as of
        the newest sighting, keeping what any sighting said (a display name)."""
        clean = {k: v for k, v in props.items() if v is not None and v != ""}
        known = self._nodes.get(node_id)
        if known is not None:
            known.update({k: v for k, v in clean.items() if k not in known})
            known["asOf"] = max(int(known["asOf"]), when)
            return
        node = {"type": node_type, "id": node_id, "src": self.src, "asOf": when, **clean}
        self._nodes[node_id] = node
        self.facts.append({"node": node})

    def edge(self, a: str, rel: str, b: str, when: int) -> None:
        edge = {"from": a, "type": rel, "to": b, "since": when, "src": self.src, "asOf": when}
        self.facts.append({"edge": edge})

    def saw(self, when: int) -> None:
        self.newest = when if self.newest is None else max(self.newest, when)

    def merge(self, other: ConnectedItems) -> None:
        """Add another page's facts (each node once) and counts to this one."""
        for fact in other.facts:
            node = fact.get("node")
            if is_object(node):
                props = {k: v for k, v in node.items() if k not in ("type", "id", "src", "asOf")}
                self.node(str(node["type"]), str(node["id"]), int(node["asOf"]), **props)
            else:
                self.facts.append(fact)
        self.items += other.items
        self.skipped += other.skipped
        if other.newest is not None:
            self.saw(other.newest)


def connected_facts(
    kind: ItemKind,
    data: Any,
    *,
    src: str,
    toolkit: str,
    context: Mapping[str, Any] | None = None,
) -> ConnectedItems:
    """The facts of one read's ``data``; ``context`` carries what the read knew (the
    Slack channel, the X user name, the analytics property)."""
    out = ConnectedItems(src=src)
    ctx = dict(context or {})
    body = _unwrap(data)
    if kind == "reading":
        _readings(body, out, toolkit, ctx)
        return out
    items = _items(kind, body)
    if items is None:
        out.skipped.append(f"{toolkit}: the reply holds no list of {kind}s; nothing read")
        return out
    mapper = _MAPPERS[kind]
    for number, item in enumerate(items, 1):
        out.items += 1
        try:
            if not is_object(item):
                raise _Malformed("not an object")
            mapper(item, out, toolkit, ctx)
        except _Malformed as exc:
            out.skipped.append(f"{toolkit} {kind} {number}: {exc}")
    return out


def _unwrap(data: Any) -> Any:
    # older toolkit versions nest the tool's reply one level down
    if is_object(data) and is_object(data.get("response_data")):
        return data["response_data"]
    return data


def _items(kind: ItemKind, body: Any) -> list[Any] | None:
    keys = {
        "email": ("messages", "emails"),
        "event": ("items", "events"),
        "message": ("messages",),
        "post": ("data", "posts", "tweets"),
    }[kind]
    if is_list(body):
        return list(body)
    if not is_object(body):
        return None
    for key in keys:
        if is_list(body.get(key)):
            return list(body[key])
    # an empty page of X posts has no "data" at all, only meta
    return [] if is_object(body.get("meta")) or body.get("resultSizeEstimate") == 0 else None


def _when(value: Any, what: str) -> int:
    """An item's date: ISO text, epoch seconds or ms (as number or text), or RFC 2822."""
    if value is None or value == "":
        raise _Malformed(f"no {what}")
    if isinstance(value, str) and value.strip().replace(".", "", 1).isdigit():
        value = float(value.strip())
    if isinstance(value, int | float) and not isinstance(value, bool):
        # Slack's ts and X's epochs are seconds; Gmail's internalDate is milliseconds
        value = value * 1000 if value < 100_000_000_000 else value
        value = int(value)
    try:
        return parse_moment(value, field=what)
    except InputInvalid:
        pass
    if isinstance(value, str):
        try:
            return parse_moment(parsedate_to_datetime(value), field=what)
        except (TypeError, ValueError, IndexError, InputInvalid):
            pass
    raise _Malformed(f"{what} {str(value)[:40]!r} is not a date")


def _obj(value: Any) -> dict[str, Any]:
    """``value`` if it is a JSON object, else an empty one."""
    return value if is_object(value) else {}


def _list(value: Any) -> list[Any]:
    """``value`` if it is a JSON array, else an empty one."""
    return value if is_list(value) else []


def _text(value: Any) -> str | None:
    return value.strip() if isinstance(value, str) and value.strip() else None


def _name(text: str | None, fallback: str) -> str:
    line = (text or "").strip().splitlines()[0] if (text or "").strip() else fallback
    return line if len(line) <= NAME_CHARS else line[: NAME_CHARS - 1].rstrip() + "…"


def _person(out: ConnectedItems, raw: Any, when: int) -> str | None:
    """A Person for an address such as ``Dr Ana Ruiz <ana@clinic.test>`` (None if none)."""
    if not isinstance(raw, str) or "@" not in raw:
        return None
    display, address = parseaddr(raw)
    address = address.strip().lower()
    if "@" not in address:
        return None
    pid = f"person-{slugify(address, limit=80)}"
    # a bare address names nobody: it must not overwrite the name a person already has
    out.node("Person", pid, when, name=display.strip() or None, email=address)
    return pid


def _email(item: Mapping[str, Any], out: ConnectedItems, toolkit: str, _: dict[str, Any]) -> None:
    mid = _text(item.get("messageId")) or _text(item.get("id"))
    if mid is None:
        raise _Malformed("no messageId")
    when = _when(item.get("messageTimestamp") or item.get("internalDate"), "messageTimestamp")
    preview = _obj(item.get("preview"))
    subject = _text(item.get("subject")) or _text(preview.get("subject"))
    text = _text(item.get("messageText")) or _text(preview.get("body"))
    node = f"email:{toolkit}:{mid}"
    out.node(
        "Email",
        node,
        when,
        name=_name(subject or text, f"e-mail {mid}"),
        subject=subject,
        text=text,
        sender=_text(item.get("sender")),
        to=_text(item.get("to")),
        thread=_text(item.get("threadId")),
        sentAt=format_moment(when),
        labels=[x for x in _list(item.get("labelIds")) if isinstance(x, str)] or None,
        url=f"https://mail.google.com/mail/u/0/#all/{mid}" if toolkit == "gmail" else None,
    )
    if (sender := _person(out, item.get("sender"), when)) is not None:
        out.edge(node, "SAID_BY", sender, when)
    for raw in str(item.get("to") or "").split(","):
        if (to := _person(out, raw, when)) is not None:
            out.edge(node, "SENT_TO", to, when)
    out.saw(when)


def _event_time(value: Any, what: str) -> int:
    if is_object(value):
        value = value.get("dateTime") or value.get("date")
    return _when(value, what)


def _event(item: Mapping[str, Any], out: ConnectedItems, toolkit: str, _: dict[str, Any]) -> None:
    eid = _text(item.get("id"))
    if eid is None:
        raise _Malformed("no id")
    start = _event_time(item.get("start"), "start")
    end = _event_time(item.get("end"), "end") if item.get("end") else None
    changed = _when(item.get("updated"), "updated") if item.get("updated") else start
    node = f"event:{toolkit}:{eid}"
    organizer = _obj(item.get("organizer"))
    out.node(
        "Meeting",
        node,
        changed,
        name=_name(_text(item.get("summary")), f"event {eid}"),
        text=_text(item.get("description")),
        start=format_moment(start),
        end=format_moment(end),
        date=format_moment(start),
        location=_text(item.get("location")),
        status=_text(item.get("status")),
        url=_text(item.get("htmlLink")),
        organizer=_text(organizer.get("email")),
        kind="calendar event",
    )
    for who in map(_obj, _list(item.get("attendees"))):
        label = f"{who.get('displayName') or ''} <{who.get('email') or ''}>"
        if (pid := _person(out, label, changed)) is not None:
            out.edge(pid, "ATTENDED", node, start)
    out.saw(changed)


def _message(
    item: Mapping[str, Any], out: ConnectedItems, toolkit: str, ctx: dict[str, Any]
) -> None:
    ts = _text(item.get("ts"))
    if ts is None:
        raise _Malformed("no ts")
    when = _when(ts, "ts")
    text = _text(item.get("text"))
    if text is None:
        raise _Malformed("no text")
    channel = str(ctx.get("channel") or item.get("channel") or "")
    node = f"message:{toolkit}:{channel}:{ts}"
    out.node(
        "Message",
        node,
        when,
        name=_name(text, f"message {ts}"),
        text=text,
        channel=channel or None,
        channelName=ctx.get("channel_name"),
        user=_text(item.get("user")) or _text(item.get("username")),
        thread=_text(item.get("thread_ts")),
        sentAt=format_moment(when),
    )
    out.saw(when)


def _post(item: Mapping[str, Any], out: ConnectedItems, toolkit: str, ctx: dict[str, Any]) -> None:
    pid = _text(str(item.get("id") or ""))
    if pid is None:
        raise _Malformed("no id")
    when = _when(
        item.get("created_at") or item.get("created") or item.get("published_at"), "created_at"
    )
    text = _text(item.get("text")) or _text(item.get("message"))
    if text is None:
        raise _Malformed("no text")
    metrics = _obj(item.get("public_metrics"))
    user = ctx.get("username")
    url = _text(item.get("url")) or (
        f"https://x.com/{user}/status/{pid}" if toolkit == "twitter" and user else None
    )
    counts = {k: v for k, v in metrics.items() if isinstance(v, int) and not isinstance(v, bool)}
    out.node(
        "Post",
        f"post:{toolkit}:{pid}",
        when,
        name=_name(text, f"post {pid}"),
        text=text,
        network=toolkit,
        url=url,
        postedAt=format_moment(when),
        author=user,
        likes=counts.get("like_count"),
        reposts=counts.get("retweet_count"),
        replies=counts.get("reply_count"),
        impressions=counts.get("impression_count"),
    )
    out.saw(when)


def _readings(body: Any, out: ConnectedItems, toolkit: str, ctx: dict[str, Any]) -> None:
    """A GA4 ``runReport`` by ``date``: one Observation per metric per day."""
    if not is_object(body) or not is_list(body.get("metricHeaders")):
        out.skipped.append(f"{toolkit}: the report has no metricHeaders; nothing read")
        return
    dims = [_obj(d).get("name") for d in _list(body.get("dimensionHeaders"))]
    metrics = [_obj(m).get("name") for m in _list(body["metricHeaders"])]
    if "date" not in dims:
        out.skipped.append(f"{toolkit}: the report is not by date; nothing read")
        return
    prop = str(ctx.get("property") or "report")
    scope = slugify(prop, limit=40)
    for number, row in enumerate(_list(body.get("rows")), 1):
        out.items += 1
        try:
            _reading_row(row, out, toolkit, scope, prop, dims.index("date"), metrics)
        except _Malformed as exc:
            out.skipped.append(f"{toolkit} reading {number}: {exc}")


def _reading_row(
    row: Any,
    out: ConnectedItems,
    toolkit: str,
    scope: str,
    prop: str,
    date_at: int,
    metrics: list[Any],
) -> None:
    if not is_object(row):
        raise _Malformed("not an object")
    dims, values = _list(row.get("dimensionValues")), _list(row.get("metricValues"))
    raw = _obj(dims[date_at]).get("value") if len(dims) > date_at else None
    try:
        day = datetime.strptime(str(raw), "%Y%m%d").replace(tzinfo=UTC)
    except ValueError:
        raise _Malformed(f"date {str(raw)[:20]!r} is not YYYYMMDD") from None
    start = parse_moment(day)
    end = parse_moment(day + timedelta(days=1))
    numbers: list[tuple[str, float]] = []
    for name, cell in zip(metrics, values, strict=False):
        value = _obj(cell).get("value")
        try:
            number = float(str(value))
        except ValueError:
            raise _Malformed(f"{name} {str(value)[:20]!r} is not a number") from None
        if isinstance(name, str) and name:
            numbers.append((name, number))
    if not numbers:
        raise _Malformed("no metric values")
    for name, number in numbers:
        metric = f"metric:{toolkit}:{scope}:{slugify(name)}"
        mean = any(word in name.lower() for word in _MEAN_WORDS)
        out.node(
            "Metric",
            metric,
            start,
            name=f"{name} ({prop})",
            metric=name,
            property=prop,
            aggregation="mean" if mean else "sum",
            source=toolkit,
        )
        reading = f"{metric}:{day.date().isoformat()}"
        value = int(number) if number.is_integer() and not mean else number
        out.node("Observation", reading, end, value=value, start=start, end=end, metric=name)
        out.edge(reading, "MEASURES", metric, start)
    out.saw(start)


_Mapper = Callable[[Mapping[str, Any], ConnectedItems, str, dict[str, Any]], None]
_MAPPERS: dict[str, _Mapper] = {
    "email": _email,
    "event": _event,
    "message": _message,
    "post": _post,
}
