"""Connected-tools pull throughput: a logistics firm's inbox, calendar and chat through the
real composio SDK against the local fake Composio API, into a fresh tenant.

A freight forwarder's Composio user has Gmail (1,000 e-mails, 20 pages), Google Calendar
(200 events) and Slack (two channels, 300 messages each) connected. The first pull reads
and writes everything (embeddings on, as in production, unless ``--no-embeddings``); the
second starts at each account's cursor and writes nothing. The embedding model is loaded
before timing. Reported: the SDK's import time, items per second of the first pull, and
the second pull's time. Prints a table, then one JSON object as the last line.
Run: ``python bench/connected.py [--no-embeddings]``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import re
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the fake Composio API lives with the tests

from agents import ConnectedClient, pull_connected  # noqa: E402
from brain import Brain, BrainSettings, EmbeddedServer  # noqa: E402
from tests.fakes import FakeComposioAPI  # noqa: E402

USER = "northgate-freight"
KEY = "ck_bench"
NOW = datetime.now(UTC).replace(microsecond=0)
LANES = ("Rotterdam-Leeds", "Felixstowe-Lyon", "Hamburg-Gdansk", "Antwerp-Milan")


def _iso(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


EMAILS = [
    {
        "messageId": f"1b{n:06d}",
        "threadId": f"1b{n // 3:06d}",
        "messageTimestamp": _iso(NOW - timedelta(minutes=35 * n)),
        "subject": f"Booking {4100 + n}: {LANES[n % 4]} pallet slot",
        "sender": f"Dispatch {n % 9} <dispatch{n % 9}@carrier{n % 5}.test>",
        "to": "ops@northgate-freight.test",
        "messageText": f"Slot confirmed for booking {4100 + n} on the {LANES[n % 4]} lane; "
        f"{2 + n % 11} pallets, customs pre-cleared.",
    }
    for n in range(1_000)
]
EVENTS = [
    {
        "id": f"evt{n:04d}",
        "summary": f"Carrier review: {LANES[n % 4]}",
        "description": "On-time rate, damages and next quarter's rates.",
        "updated": _iso(NOW - timedelta(hours=3 * n)),
        "start": {"dateTime": _iso(NOW - timedelta(hours=3 * n - 1))},
        "end": {"dateTime": _iso(NOW - timedelta(hours=3 * n - 2))},
        "attendees": [{"email": f"planner{n % 6}@northgate-freight.test"}],
    }
    for n in range(200)
]
MESSAGES = {
    channel: [
        {
            "type": "message",
            "user": f"U0{n % 8}",
            "text": f"Truck {n % 40} at {LANES[n % 4].split('-')[0]} gate, ETA {n % 12 + 1}h",
            "ts": f"{(NOW - timedelta(minutes=20 * n + i)).timestamp():.6f}",
        }
        for n in range(300)
    ]
    for i, channel in enumerate(("C0DISPATCH", "C0CUSTOMS"))
}


def _page(
    items: list[Any], args: dict[str, Any], token: str, size: str
) -> tuple[list[Any], str | None]:
    start, count = int(args.get(token) or 0), int(args.get(size) or 50)
    more = start + count < len(items)
    return items[start : start + count], str(start + count) if more else None


def gmail(body: dict[str, Any]) -> dict[str, Any]:
    args = body["arguments"]
    found = re.search(r"after:(\d+)", str(args.get("query", "")))
    after = int(found[1]) if found else 0
    kept = [
        m
        for m in EMAILS
        if datetime.fromisoformat(m["messageTimestamp"][:-1] + "+00:00").timestamp() >= after
    ]
    page, token = _page(kept, args, "page_token", "max_results")
    return {"messages": page, "nextPageToken": token, "resultSizeEstimate": len(kept)}


def calendar(body: dict[str, Any]) -> dict[str, Any]:
    args = body["arguments"]
    since = args["updatedMin"]
    kept = sorted((e for e in EVENTS if e["updated"] >= since), key=lambda e: e["updated"])
    page, token = _page(kept, args, "pageToken", "maxResults")
    return {"items": page, "nextPageToken": token}


def history(body: dict[str, Any]) -> dict[str, Any]:
    args = body["arguments"]
    oldest = float(args.get("oldest") or 0)
    kept = [m for m in MESSAGES[args["channel"]] if float(m["ts"]) > oldest]
    page, token = _page(kept, args, "cursor", "limit")
    return {"ok": True, "messages": page, "response_metadata": {"next_cursor": token or ""}}


async def main(*, embeddings: bool) -> dict[str, Any]:
    """Pull twice, time, print; return the figures."""
    started = time.perf_counter()
    import composio  # noqa: F401  (the SDK's import, timed on its own)

    import_s = time.perf_counter() - started
    with tempfile.TemporaryDirectory(prefix="hivebrain-bench-") as tmp:
        server = EmbeddedServer(Path(tmp) / "db")
        url = await server.ensure_running()
        try:
            async with FakeComposioAPI(api_key=KEY) as fake:
                fake.add_tool("GMAIL_FETCH_EMAILS", gmail)
                fake.add_tool("GOOGLECALENDAR_EVENTS_LIST", calendar)
                fake.add_tool(
                    "SLACK_LIST_ALL_CHANNELS",
                    {"ok": True, "channels": [{"id": c, "name": c.lower()} for c in MESSAGES]},
                )
                fake.add_tool("SLACK_FETCH_CONVERSATION_HISTORY", history)
                for toolkit in ("gmail", "googlecalendar", "slack"):
                    fake.add_account(USER, toolkit)
                settings = BrainSettings(falkordb_url=url, hivebrain_embeddings=embeddings)
                async with Brain(settings) as brain:
                    await brain.create_tenant("northgate")
                    graph = await brain.tenant("northgate")
                    if brain.embedder is not None:  # the model loads once, before timing
                        await brain.embedder.embed(["warm up"])
                    client = ConnectedClient(api_key=KEY, base_url=fake.base_url)
                    options: dict[str, Any] = {"user_id": USER, "settings": {}}
                    t0 = time.perf_counter()
                    first = await pull_connected(graph, client, **options)
                    first_s = time.perf_counter() - t0
                    t0 = time.perf_counter()
                    second = await pull_connected(graph, client, **options)
                    second_s = time.perf_counter() - t0
                    calls = len(fake.executions)
        finally:
            await server.stop()
    items = first.total("items")
    print(f"{'pull':<8} {'items':>6} {'new':>6} {'seconds':>8} {'items/s':>8}")
    print(
        f"{'first':<8} {items:>6} {first.total('created'):>6} {first_s:>8.2f} "
        f"{items / first_s:>8.1f}"
    )
    print(
        f"{'second':<8} {second.total('items'):>6} {second.total('created'):>6} "
        f"{second_s:>8.2f} {'':>8}"
    )
    print(f"composio import {import_s:.2f} s; {calls} tool calls; embeddings {embeddings}")
    return {
        "composio_import_s": round(import_s, 2),
        "first_pull_items": items,
        "first_pull_created": first.total("created"),
        "first_pull_s": round(first_s, 2),
        "first_pull_items_per_s": round(items / first_s, 1),
        "second_pull_created": second.total("created"),
        "second_pull_s": round(second_s, 2),
        "tool_calls": calls,
        "embeddings": embeddings,
    }


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-embeddings", action="store_true")
    logging.basicConfig(level=logging.WARNING)
    figures = asyncio.run(main(embeddings=not parser.parse_args().no_embeddings))
    print(json.dumps(figures))
