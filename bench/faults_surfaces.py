"""The ``surfaces`` part of ``bench/faults.py``: the cases of issue 28, each tried as an
attacker or a careless user would, through the real command or the real web route.

Each case adds one row to the faults table and counts, where it broke, into one of five
figures: records lost (a load that dropped or closed what it should keep), records mixed
(two sources merged into one), records leaked (read from outside what was named, written
into another tenant, served after removal, a port open to every interface), reads
unbounded (requests or waits without an end) and tracebacks shown. Imported by
``bench/faults.py`` (run it with ``--parts surfaces`` for these rows alone).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import io
import json
import os
import socket
import subprocess
import sys
import time
import zlib
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

from aiohttp import ClientSession, web
from aiohttp.test_utils import TestClient, TestServer

from brain import TenantGraph

if TYPE_CHECKING:
    from faults import Bench

SECRET = "bench-webhook-secret"
GITHUB_REPO = "bakery/ovens"


@dataclass
class SurfaceFigures:
    """The five figures of these cases (each target 0)."""

    lost: int = 0
    mixed: int = 0
    leaked: int = 0
    unbounded: int = 0


def _sign(secret: str, body: bytes) -> str:
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


def _pdf(objects: list[bytes]) -> bytes:
    out = io.BytesIO()
    out.write(b"%PDF-1.4\n")
    offsets: list[int] = []
    for i, body in enumerate(objects, 1):
        offsets.append(out.tell())
        out.write(b"%d 0 obj\n" % i + body + b"\nendobj\n")
    xref = out.tell()
    out.write(b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1))
    for offset in offsets:
        out.write(b"%010d 00000 n \n" % offset)
    out.write(
        b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    )
    return out.getvalue()


def font_bomb_pdf() -> bytes:
    """A PDF whose font map would expand to four billion codes (pypdf's LimitReachedError)."""
    content = b"BT /F1 12 Tf 72 720 Td (Kiln) Tj ET"
    cmap = zlib.compress(
        b"begincmap\n1 begincodespacerange\n<0000> <FFFFFFFF>\nendcodespacerange\n"
        b"1 beginbfrange\n<00000000> <FFFFFFFF> <0041>\nendbfrange\nendcmap\n"
    )
    return _pdf(
        [
            b"<< /Type /Catalog /Pages 2 0 R >>",
            b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
            b"/Resources << /Font << /F1 5 0 R >> >> >>",
            b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream",
            b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /ToUnicode 6 0 R >>",
            b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(cmap) + cmap + b"\nendstream",
        ]
    )


PAGE = """<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Kiln schedule</title>
<script>window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}</script>
<style>.cookie{position:fixed;bottom:0}</style></head><body>
<div id="cookie-banner" class="cookie">We use cookies. <button>Accept all</button></div>
<header><nav><a href="/">Home</a> <a href="/shop">Shop</a> <a href="/contact">Contact</a>
</nav></header>
<main><div class="content"><h1>Kiln firing schedule</h1>
<p>Bisque firings run on Tuesdays and glaze firings on Fridays.</p>
<p>Pieces must be bone dry and signed on the base before they go on the shelf.</p></div></main>
<footer><p>&copy; 2026 Clayworks</p><nav><a href="/terms">Terms</a></nav></footer>
<script src="/static/app.js"></script></body></html>
"""

OPEN_LINES = """
MATCH (m:Meeting)-[h:HAS_CHUNK]->(c:Chunk)
WHERE h.until IS NULL
RETURN m.id, c.text
ORDER BY m.id, c.line
LIMIT 1000
"""

OPEN_PASSAGES = """
MATCH (d:Document)-[h:HAS_CHUNK]->(c:Chunk)
WHERE h.until IS NULL
RETURN d.name, c.text
LIMIT 1000
"""

COUNT_NODES = "MATCH (n) RETURN count(n)"


def kiln_readings(days: int) -> list[dict[str, Any]]:
    """A metric of daily kiln firings from 5 January 2026: old enough to roll up."""
    start = date(2026, 1, 5)
    facts: list[dict[str, Any]] = [
        {
            "node": {
                "type": "Metric",
                "id": "metric-firings",
                "name": "Kiln firings",
                "aggregation": "sum",
                "unit": "firings",
                "src": "sheet",
                "asOf": start.isoformat(),
            }
        }
    ]
    for i in range(days):
        day, after = start + timedelta(days=i), start + timedelta(days=i + 1)
        facts.append(
            {
                "node": {
                    "type": "Observation",
                    "id": f"obs-firings-{day}",
                    "name": f"Kiln firings {day}",
                    "src": "sheet",
                    "asOf": after.isoformat(),
                    "value": 2.0,
                    "start": day.isoformat(),
                    "end": after.isoformat(),
                }
            }
        )
        facts.append(
            {
                "edge": {
                    "from": f"obs-firings-{day}",
                    "type": "MEASURES",
                    "to": "metric-firings",
                    "since": day.isoformat(),
                    "src": "sheet",
                    "asOf": day.isoformat(),
                }
            }
        )
    return facts


def _spawn(args: list[str], *, env: dict[str, str] | None = None) -> subprocess.Popen[str]:
    """A process whose output is read when it ends (``Runner.finish``)."""
    return subprocess.Popen(
        args, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )


def _listening(port: int) -> set[str]:
    """The local addresses (hex, as /proc/net/tcp has them) listening on ``port``."""
    found: set[str] = set()
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        local, state = line.split()[1], line.split()[3]
        address, _, hex_port = local.partition(":")
        if state == "0A" and int(hex_port, 16) == port:  # 0A: LISTEN
            found.add(address)
    return found


class EndlessGitHub:
    """A local GitHub REST server whose issue pages never end (``mode``: ``loop``, every
    page links to a next page of the same items; ``limited``: always 429 Retry-After: 1)."""

    def __init__(self) -> None:
        self.mode = "loop"
        self.requests = 0
        self._runner: web.AppRunner | None = None
        self.origin = ""

    async def __aenter__(self) -> EndlessGitHub:
        app = web.Application()
        app.router.add_get("/repos/{owner}/{repo}/issues", self._issues)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        server = site._server  # pyright: ignore[reportPrivateUsage]  # the port the OS chose
        assert server is not None
        port = server.sockets[0].getsockname()[1]  # pyright: ignore[reportAttributeAccessIssue]
        self.origin = f"http://127.0.0.1:{port}"
        return self

    async def __aexit__(self, *_: object) -> None:
        if self._runner is not None:
            await self._runner.cleanup()

    async def _issues(self, request: web.Request) -> web.Response:
        self.requests += 1
        if self.mode == "limited":
            return web.json_response(
                {"message": "rate limited"}, status=429, headers={"Retry-After": "1"}
            )
        page = int(request.query.get("page", "1"))
        items = [
            {
                "number": n,
                "title": f"Oven {n} runs hot",
                "state": "open",
                "created_at": "2026-03-01T10:00:00Z",
                "updated_at": "2026-03-01T10:00:00Z",
                "user": {"login": "ana"},
                "labels": [],
                "comments": 0,
            }
            for n in (1, 2)
        ]
        link = f'<{self.origin}/repos/{GITHUB_REPO}/issues?page={page + 1}>; rel="next"'
        return web.json_response(items, headers={"Link": link})


class Surfaces:
    """The cases; each adds one row to ``bench``'s table."""

    def __init__(self, bench: Bench) -> None:
        self.bench = bench
        assert bench.runner is not None and bench.brain is not None
        self.runner = bench.runner
        self.brain = bench.brain
        self.root = bench.root / "surfaces"
        self.root.mkdir(parents=True, exist_ok=True)
        self.figures = SurfaceFigures()

    def run(
        self, *args: str, cwd: Path | None = None, env: dict[str, str] | None = None
    ) -> tuple[int, str, str]:
        """``hivebrain ARGS`` in ``cwd`` (tracebacks counted by the runner)."""
        proc = subprocess.Popen(
            [str(Path(sys.executable).with_name("hivebrain")), *args],
            env={**self.runner.env(embeddings=False), **(env or {})},
            cwd=cwd or self.root,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        return self.runner.finish(proc)

    def add(self, tried: str, expected: str, happened: str, held: bool, **counts: int) -> None:
        for name, value in counts.items():
            setattr(self.figures, name, getattr(self.figures, name) + value)
        self.bench.add(tried, expected, happened, held)

    def folder(self, name: str) -> Path:
        path = self.root / name
        path.mkdir(parents=True, exist_ok=True)
        return path

    async def rows(self, graph: TenantGraph, cypher: Any) -> list[list[Any]]:
        return (await graph.read("bench read", cypher, {}, timeout_ms=30_000)).rows

    # --- data lost or mixed ---------------------------------------------------------------

    async def meetings_by_file_name(self) -> None:
        graph = await self.bench.tenant()
        for day, text in (
            ("mon", "Ana: The glaze kiln tripped.\nBo: Call the electrician.\n"),
            ("tue", "Bo: Clay delivery is late.\n"),
        ):
            (self.folder(day) / "transcript.txt").write_text(text)
        codes = [
            self.run("ingest", "meeting", graph.slug, f"{day}/transcript.txt", "--date", when)[0]
            for day, when in (("mon", "2026-11-02"), ("tue", "2026-11-03"))
        ]
        lines = await self.rows(graph, OPEN_LINES)
        meetings = {m for m, _ in lines}
        mixed = 0 if len(meetings) == 2 else 1
        self.add(
            "two transcript.txt in two folders, ingested as meetings",
            "two meetings, each with its own lines",
            f"exit {codes}; {len(meetings)} meeting(s), {len(lines)} open lines",
            mixed == 0 and codes == [0, 0] and len(lines) == 3,
            mixed=mixed,
        )

    async def corrected_transcript(self) -> None:
        graph = await self.bench.tenant()
        path = self.folder("corrected") / "huddle.txt"
        path.write_text("Ana: The kiln failed.\nBo: The rabies shot is out of stock.\nAna: Call.\n")
        first = self.run("ingest", "meeting", graph.slug, str(path), "--date", "2026-11-02")[0]
        path.write_text("Ana: The kiln failed.\nAna: Call the engineer.\n")
        second = self.run("ingest", "meeting", graph.slug, str(path), "--date", "2026-11-02")[0]
        texts = [t for _, t in await self.rows(graph, OPEN_LINES)]
        stale = sum(1 for t in texts if "rabies" in t or t.endswith("Call."))
        self.add(
            "a corrected transcript ingested again (a line removed, one reworded)",
            "only the corrected lines are served; the old ones closed",
            f"exit {[first, second]}; {len(texts)} open lines, {stale} of them stale",
            stale == 0 and len(texts) == 2 and [first, second] == [0, 0],
            mixed=stale,
        )

    async def webhook_title_and_day(self) -> None:
        from bots._meeting_hook import meeting_webhook_routes
        from bots._webhook_secrets import tenant_secret

        graph = await self.bench.tenant()
        app = web.Application()
        app.add_routes(meeting_webhook_routes(self.brain, SECRET))
        own = tenant_secret(SECRET, hook="meetings", slug=graph.slug)
        statuses: list[int] = []
        async with TestClient(TestServer(app)) as client:
            for n, words in enumerate(
                ("Shade guide for bay two.", "The articulator needs a service.")
            ):
                body = json.dumps(
                    {
                        "title": "Lab stand-up",
                        "date": "2026-11-30",
                        "sentences": [
                            {"speaker_name": "Mei Lin", "text": words, "start_time": 0.5}
                        ],
                    }
                ).encode()
                headers = {
                    "X-Hivebrain-Signature": _sign(own, body),
                    "X-Hivebrain-Delivery": f"d{n}",
                }
                statuses.append(
                    (
                        await client.post(
                            f"/webhooks/meetings/{graph.slug}", data=body, headers=headers
                        )
                    ).status
                )
        meetings = {m for m, _ in await self.rows(graph, OPEN_LINES)}
        mixed = 0 if len(meetings) == 2 else 1
        self.add(
            "two recorder webhooks, one title, one day",
            "two meetings",
            f"HTTP {statuses}; {len(meetings)} meeting(s)",
            mixed == 0 and statuses == [200, 200],
            mixed=mixed,
        )

    async def folders_by_base_name(self) -> None:
        graph = await self.bench.tenant()
        for team, text in (
            ("eng", "Plates are baked at 120 degrees."),
            ("sales", "Quotes last 30 days."),
        ):
            (self.folder(f"{team}/docs") / "guide.md").write_text(f"# Guide\n\n{text}\n")
        codes = [self.run("ingest", "docs", graph.slug, f"{t}/docs")[0] for t in ("eng", "sales")]
        texts = [t for _, t in await self.rows(graph, OPEN_PASSAGES)]
        lost = 2 - len(texts)
        self.add(
            "ingest docs eng/docs, then sales/docs",
            "both folders' passages stay served",
            f"exit {codes}; {len(texts)} of 2 passages open",
            lost == 0 and codes == [0, 0],
            lost=max(lost, 0),
        )

    async def export_after_rollup(self) -> None:
        graph = await self.bench.tenant()
        await graph.write_facts(list(enumerate(kiln_readings(40), 1)))
        done = self.run("jobs", "run", graph.slug, "rollup", "--json")
        run_id = json.loads(done[1])["run_id"] if done[0] == 0 else ""
        archived = await self._archive_count(graph)
        dump = self.root / f"{graph.slug}.jsonl"
        exported = self.run("tenant", "export", graph.slug, "-o", str(dump))[0]
        copy = await self.bench.tenant()
        imported = self.run("tenant", "import", copy.slug, str(dump))[0]
        restored = await self._archive_count(copy)
        undo = self.run("jobs", "run", copy.slug, "rollup", "--undo", run_id)[0] if run_id else 1
        lost = max(archived - restored, 0) + (1 if undo != 0 else 0)
        self.add(
            "tenant export after `jobs run rollup`, imported into a new tenant",
            "the archive's readings and the run stamp come back; the copy can undo the run",
            f"{archived} archived readings, {restored} restored; export {exported}, import "
            f"{imported}, undo on the copy exit {undo}",
            lost == 0 and archived > 0,
            lost=lost,
        )

    async def _archive_count(self, graph: TenantGraph) -> int:
        try:
            rows = await self.rows(graph.archive, "MATCH (o:Observation) RETURN count(o)")
        except Exception:  # no archive graph yet
            return 0
        return int(rows[0][0]) if rows else 0

    async def settings_race(self) -> None:
        assert self.brain.registry is not None
        graph = await self.bench.tenant()
        code = (
            "import asyncio, sys\n"
            "from brain import Brain, BrainSettings\n"
            "async def go(url, slug, who, n):\n"
            "    b = Brain(BrainSettings(falkordb_url=url, hivebrain_embeddings=False))\n"
            "    await b.start()\n"
            "    for i in range(n):\n"
            "        me = f'{who}:{i}'\n"
            "        await b.registry.update_settings(slug, lambda s: {**s, 'approvers': "
            "[*s.get('approvers', []), me]})\n"
            "        await b.registry.update_settings(slug, {'timezone': f'zone-{who}-{i}'})\n"
            "    await b.close()\n"
            "asyncio.run(go(sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])))\n"
        )
        n = 100
        procs = [
            _spawn([sys.executable, "-c", code, self.runner.url, graph.slug, who, str(n)])
            for who in ("a", "b")
        ]
        codes = [(await asyncio.to_thread(self.runner.finish, p))[0] for p in procs]
        approvers = (await self.brain.registry.get(graph.slug)).settings.get("approvers", [])
        lost = 2 * n - len(set(approvers))
        self.add(
            "two processes, 100 approvers and 100 time zones each, at once",
            "every approver added",
            f"exit {codes}; {len(set(approvers))} of {2 * n} kept",
            lost == 0 and codes == [0, 0],
            lost=lost,
        )

    # --- leaks and trust ------------------------------------------------------------------

    async def symlink_out(self) -> None:
        graph = await self.bench.tenant()
        private = self.folder("private")
        (private / "payroll.txt").write_text("Payroll: Ada earns 4,100 a month.\n")
        docs = self.folder("linked-docs")
        (docs / "glazes.md").write_text("# Glazes\n\nCeladon is fired at cone 10.\n")
        with contextlib.suppress(FileExistsError):
            (docs / "p.txt").symlink_to(private / "payroll.txt")
        code, out, _ = self.run("ingest", "docs", graph.slug, str(docs))
        leaked = sum(1 for _, t in await self.rows(graph, OPEN_PASSAGES) if "Payroll" in t)
        self.add(
            "a symlink in the folder to a private file",
            "not read (said why)",
            f"exit {code}; {leaked} private passage(s) loaded; "
            f"{'named' if 'symbolic link' in out else 'not named'}",
            leaked == 0 and code == 0 and "symbolic link" in out,
            leaked=leaked,
        )

    async def webhook_other_tenant(self) -> None:
        from bots._github_webhook import github_webhook_routes
        from bots._meeting_hook import meeting_webhook_routes
        from bots._webhook_secrets import tenant_secret

        mine, other = await self.bench.tenant(), await self.bench.tenant()
        body = json.dumps(
            {
                "title": "Crown review",
                "id": "rec-1",
                "sentences": [
                    {"speaker_name": "Mei", "text": "The zirconia cracked.", "start_time": 0.5}
                ],
            }
        ).encode()
        app = web.Application()
        app.add_routes(meeting_webhook_routes(self.brain, SECRET))
        routes, _ = github_webhook_routes(self.brain, secret=SECRET, repos=[GITHUB_REPO])
        app.add_routes(routes)
        statuses: list[int] = []
        async with TestClient(TestServer(app)) as client:
            for signed_with in (tenant_secret(SECRET, hook="meetings", slug=mine.slug), SECRET):
                headers = {
                    "X-Hivebrain-Signature": _sign(signed_with, body),
                    "X-Hivebrain-Delivery": "x",
                }
                r = await client.post(
                    f"/webhooks/meetings/{other.slug}", data=body, headers=headers
                )
                statuses.append(r.status)
            issue = json.dumps(
                {
                    "action": "opened",
                    "repository": {"full_name": GITHUB_REPO},
                    "issue": {"number": 1, "title": "Oven"},
                }
            ).encode()
            for signed_with in (tenant_secret(SECRET, hook="github", slug=mine.slug), SECRET):
                headers = {
                    "X-GitHub-Event": "issues",
                    "X-Hub-Signature-256": _sign(signed_with, issue),
                }
                r = await client.post(f"/github/webhook/{other.slug}", data=issue, headers=headers)
                statuses.append(r.status)
        written = int((await self.rows(other, COUNT_NODES))[0][0])
        refused = all(s in (401, 403) for s in statuses)
        self.add(
            "webhook bodies signed for one tenant (or with the shared secret) posted to "
            "another tenant's URL",
            "401/403, nothing written",
            f"HTTP {statuses}; {written} nodes written there",
            refused and written == 0,
            leaked=(0 if refused else 1) + written,
        )

    async def serve_host(self) -> None:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = int(s.getsockname()[1])
        env = {**self.runner.env(embeddings=False), "HIVEBRAIN_HTTP_PORT": str(port)}
        for key in [k for k in env if k.startswith(("SLACK_", "DISCORD_", "HIVEBRAIN_HOST"))]:
            env.pop(key)
        proc = _spawn([str(Path(sys.executable).with_name("hivebrain")), "serve"], env=env)
        addresses: set[str] = set()
        async with ClientSession() as http:
            for _ in range(600):  # up to two minutes: serve reads every tenant first
                with contextlib.suppress(Exception):
                    async with http.get(f"http://127.0.0.1:{port}/healthz") as r:
                        if r.status in (200, 503):
                            break
                await asyncio.sleep(0.2)
        addresses = _listening(port)
        proc.terminate()
        _, _, err = self.runner.finish(proc)
        if not addresses:
            addresses = {f"nothing ({err.strip()[-120:]})"}
        everywhere = "00000000" in addresses
        self.add(
            "`hivebrain serve` with no host set",
            "listens on 127.0.0.1 only",
            f"listening on {sorted(addresses) or 'nothing'}",
            addresses == {"0100007F"},
            leaked=1 if everywhere else 0,
        )

    async def deleted_document_lookup(self) -> None:
        graph = await self.bench.tenant()
        shop = self.folder("shop")
        (shop / "prices.md").write_text("# Prices\n\nA0 posters cost 40 euros each.\n")
        (shop / "hours.md").write_text("# Hours\n\nThe shop opens at eight.\n")
        self.run("ingest", "docs", graph.slug, str(shop))
        (shop / "prices.md").unlink()
        self.run("ingest", "docs", graph.slug, str(shop))
        _, out, _ = self.run("tool", graph.slug, "lookup", "--arg", "name=prices.md")
        leaked = 1 if "40 euros" in out else 0
        self.add(
            "lookup of a document deleted from its reloaded folder",
            "its text is not shown",
            "text shown" if leaked else "text not shown",
            leaked == 0,
            leaked=leaked,
        )

    # --- bounded, and one bad input never aborts the rest ---------------------------------

    async def bad_files_in_a_batch(self) -> None:
        graph = await self.bench.tenant()
        docs = self.folder("handbook")
        (docs / "firing.html").write_text(PAGE)
        (docs / "rules.md").write_text("# Rules\n\nWedge clay before it goes on the wheel.\n")
        (docs / "glazes.pdf").write_bytes(font_bomb_pdf())
        code, out, err = self.run("ingest", "docs", graph.slug, str(docs))
        texts = " ".join(t for _, t in await self.rows(graph, OPEN_PASSAGES))
        loaded = ("Bisque firings" in texts) + ("Wedge clay" in texts)
        named = "glazes.pdf" in out and "LimitReachedError" in out
        self.add(
            "ingest docs: a PDF font bomb and a real web page beside a Markdown file",
            "the page and the Markdown load; the PDF is named with its reason",
            f"exit {code}; {loaded} of 2 good files loaded; "
            f"the bomb {'named' if named else 'not named'}"
            + (f": {err.strip()[:80]}" if code else ""),
            code == 0 and loaded == 2 and named,
            lost=2 - loaded,
        )

    async def github_endless(self) -> None:
        async with EndlessGitHub() as api:
            for mode, label in (
                ("loop", "a Link header that always says next"),
                ("limited", "a 429 with Retry-After: 1 that never lifts"),
            ):
                api.mode, api.requests = mode, 0
                graph = await self.bench.tenant()
                started = time.monotonic()
                # in a thread: the fake GitHub answers on this event loop meanwhile
                code, out, err = await asyncio.to_thread(
                    self.run,
                    "ingest",
                    "github",
                    graph.slug,
                    GITHUB_REPO,
                    env={"GITHUB_API_BASE_URL": api.origin, "GITHUB_TOKEN": "ghp_bench"},
                )
                seconds = time.monotonic() - started
                bounded = 0 < api.requests <= 20 and seconds < 60
                said = (out + err).strip().splitlines()[-1:] or [""]
                self.add(
                    f"ingest github: {label}",
                    "stops soon and says what was read",
                    f"exit {code}, {api.requests} requests in {seconds:.0f} s: {said[0][:90]}",
                    bounded,
                    unbounded=0 if bounded else 1,
                )

    async def long_git_path(self) -> None:
        repo = self.folder("ovens-repo")
        env = {
            **os.environ,
            "GIT_AUTHOR_DATE": "2026-03-01T10:00:00Z",
            "GIT_COMMITTER_DATE": "2026-03-01T10:00:00Z",
        }

        def git(*args: str) -> None:
            subprocess.run(
                [
                    "git",
                    "-C",
                    str(repo),
                    "-c",
                    "user.name=Ana",
                    "-c",
                    "user.email=ana@ovens.example",
                    *args,
                ],
                check=True,
                capture_output=True,
                env=env,
            )

        git("init", "-q")
        long = "/".join(["d" * 150, "e" * 150, "f" * 153, "x.md"])
        for path in ("README.md", long):
            (repo / path).parent.mkdir(parents=True, exist_ok=True)
            (repo / path).write_text("Ovens preheat at six.\n")
        git("add", "-A")
        git("commit", "-q", "-m", "Add the oven notes")
        graph = await self.bench.tenant()
        code, _, err = self.run("ingest", "github", graph.slug, str(repo))
        commits = int((await self.rows(graph, "MATCH (c:Commit) RETURN count(c)"))[0][0])
        self.add(
            f"ingest github: a checkout with one legal {len(long)}-character path",
            "the history loads",
            f"exit {code}; {commits} of 1 commits" + (f": {err.strip()[:80]}" if code else ""),
            code == 0 and commits == 1,
            lost=1 - commits,
        )

    async def meeting_webhook_bodies(self) -> None:
        from bots._meeting_hook import meeting_webhook_routes
        from bots._webhook_secrets import tenant_secret

        graph = await self.bench.tenant()
        own = tenant_secret(SECRET, hook="meetings", slug=graph.slug)
        app = web.Application()
        app.add_routes(meeting_webhook_routes(self.brain, SECRET))
        big = json.dumps(
            {
                "title": "Long day",
                "id": "long-1",
                "sentences": [
                    {"speaker_name": "Mei", "text": "x" * 400 + f" {i}", "start_time": float(i)}
                    for i in range(6_000)
                ],
            }
        ).encode()
        bad = [
            b'{"title": "caf\xe9", "sentences": []}',
            b"[" * 100_000 + b"]" * 100_000,
            b'{"sentences": [{"speaker_name": "A", "text": "x"}], "date": 1e300}',
            b"null",
        ]
        async with TestClient(TestServer(app)) as client:
            url = f"/webhooks/meetings/{graph.slug}"
            r = await client.post(url, data=big, headers={"X-Hivebrain-Signature": _sign(own, big)})
            big_status, lines = r.status, (await r.json()).get("lines") if r.status == 200 else 0
            statuses = []
            for n, body in enumerate(bad):
                headers = {
                    "X-Hivebrain-Signature": _sign(own, body),
                    "X-Hivebrain-Delivery": f"b{n}",
                }
                statuses.append((await client.post(url, data=body, headers=headers)).status)
        self.add(
            f"meeting webhook: a signed {len(big) / 1024**2:.1f} MB transcript",
            "loads (the limit is 20 MB)",
            f"HTTP {big_status}, {lines} lines",
            big_status == 200 and lines == 6_000,
            lost=0 if big_status == 200 else 1,
        )
        server_errors = sum(1 for s in statuses if s >= 500)
        self.runner.figures.tracebacks += server_errors
        self.add(
            "meeting webhook: signed bodies of bad UTF-8, deep nesting, a date of 1e300, null",
            "400 each",
            f"HTTP {statuses}",
            all(s == 400 for s in statuses),
        )

    # --- small but wrong ------------------------------------------------------------------

    async def impossible_card_date(self) -> None:
        from agents.cards import draft_card, propose
        from brain import now_ms

        assert self.brain.registry is not None
        graph = await self.bench.tenant()
        await self.brain.registry.update_settings(graph.slug, {"approvers": ["console:ana"]})
        card = await propose(
            graph,
            draft_card(
                "task",
                {"name": "Restock clay", "due": "2026-12-04"},
                title="Restock",
                proposed_by="ops",
            ),
            now_ms=now_ms(),
        )
        code, _, err = self.run(
            "card", graph.slug, card.id, "edit", "--as", "console:ana", "--set", "due=2026-13-45"
        )
        stored = json.dumps((await self.rows(graph, "MATCH (c:Card) RETURN c.payload"))[0][0])
        took = "2026-13-45" in stored
        self.add(
            "card edit --set due=2026-13-45",
            "refused in one line, the card unchanged",
            f"exit {code}: {err.strip()[:90]}",
            code == 1 and not took and len(err.strip().splitlines()) == 1,
            lost=1 if took else 0,
        )

    async def caption_times(self) -> None:
        graph = await self.bench.tenant()
        good = "00:00:01.000 --> 00:00:03.000\n<v Lena>The kiln is cooling.\n"
        for label, cue in (
            ("an hour of 400 digits", "9" * 400 + ":00:01.000 --> 9:00:02.000"),
            ("a cue with a negative start", "-00:00:01.000 --> 00:00:02.000"),
        ):
            path = self.folder("captions") / "call.vtt"
            path.write_text(f"WEBVTT\n\n{good}\n{cue}\n<v Sam>Open it at noon.\n")
            code, _, err = self.run("ingest", "meeting", graph.slug, str(path))
            one = code == 1 and len(err.strip().splitlines()) == 1
            self.add(
                f"WebVTT: {label}",
                "refused in one line naming the cue",
                f"exit {code}: {err.strip()[:100]}",
                one,
                lost=0 if one else 1,
            )

    async def docs_nothing_loaded(self) -> None:
        graph = await self.bench.tenant()
        fifo = self.root / "pipe.md"
        if not fifo.exists():
            os.mkfifo(fifo)
        code, out, err = self.run("ingest", "docs", graph.slug, "pipe.md", "/dev/null", "gone.md")
        said = out + err
        named = "FIFO" in said and "device" in said and "no such file" in said
        self.add(
            "ingest docs of a FIFO, a device and a missing file",
            "exit 1, each named for what it is",
            f"exit {code}; {'each named' if named else said.strip()[:100]}",
            code == 1 and named,
        )


CASES = (
    "meetings_by_file_name",
    "corrected_transcript",
    "webhook_title_and_day",
    "folders_by_base_name",
    "export_after_rollup",
    "settings_race",
    "symlink_out",
    "webhook_other_tenant",
    "serve_host",
    "bad_files_in_a_batch",
    "github_endless",
    "long_git_path",
    "meeting_webhook_bodies",
    "impossible_card_date",
    "deleted_document_lookup",
    "caption_times",
    "docs_nothing_loaded",
)


async def surface_cases(bench: Bench) -> SurfaceFigures:
    """Run every case of issue 28 against ``bench``'s server; the figures they broke."""
    surfaces = Surfaces(bench)
    for name in CASES:
        try:
            await getattr(surfaces, name)()
        except Exception as exc:  # a case that cannot even run is a broken row, not a stop
            bench.add(
                name.replace("_", " "),
                "runs",
                f"the case failed: {type(exc).__name__}: {exc}"[:200],
                False,
            )
    return surfaces.figures
