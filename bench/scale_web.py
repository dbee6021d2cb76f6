"""bench/scale.py's parts for web processes: three ``serve --role web`` on a replicated brain.

They run on one fleet (bench/scale_fleet.py): a primary, two replicas and three sentinels,
three web processes and one worker, embeddings on (web processes embed questions only),
and a local Slack whose signed events reach the web processes round-robin; a retry goes
to another process than the first delivery.

* **web**: 20 mentions, each delivered to all three processes at once, then each re-sent
  as Slack's retry (``X-Slack-Retry-Num``) to a process other than its first: each is
  answered exactly once.
* **thread**: a mention answered by one process, its follow-up in the thread ("and since
  when?") delivered to another: answered once, in the thread, with the thread's question
  (the owner is named, though the follow-up names nothing).
* **approvers**: ten rounds of two ``/hivebrain settings approvers add @x`` sent at once
  to two processes: every approver added is kept.
* **tenants**: 10 tenants (their own Slack workspaces) × 200 rules-mode questions, 8 at a
  time, round-robin over the three processes: p50 / p95 from the event to the finished
  answer; none lost, none answered twice, none naming another tenant's owner.
* **indexing**: documents queued to the worker; once their words are in and while their
  vectors fill, an answer says "N passages are still being indexed" and ``hivebrain
  tenant stats --json`` counts vectors pending; both clear once the worker is done.
"""

from __future__ import annotations

import asyncio
import json
import time
import uuid
from typing import TYPE_CHECKING, Any

from bench.scale_fleet import WebFleet
from bench.scale_workers import HIVEBRAIN, base_env, percentile

if TYPE_CHECKING:
    from bench.scale import Bench

OWNERS = (
    "Priya Anand",
    "Tomas Reyes",
    "Ines Moreau",
    "Kofi Mensah",
    "Aiko Tanaka",
    "Lars Berg",
    "Noor Haddad",
    "Mateo Silva",
    "Freya Lund",
    "Ravi Iyer",
)
#: How long one question may take before it counts as lost.
ANSWER_TIMEOUT_S = 180.0


class WebParts:
    """The parts above, reporting into ``bench`` (its cases and figures)."""

    def __init__(self, bench: Bench) -> None:
        self.bench = bench
        self._fleet: WebFleet | None = None
        self._failed = False

    async def fleet(self) -> WebFleet | None:
        if self._fleet is None and not self._failed:
            fleet = WebFleet(self.bench.root / "web")
            self._fleet = fleet
            if not await fleet.start():
                self._failed = True
                self.bench.case(
                    "three web processes and a worker start on a replicated brain",
                    "all serve",
                    "not all did (logs in the bench folder)",
                    False,
                )
        return None if self._failed else self._fleet

    async def close(self) -> None:
        """Stop the fleet (once; scale.py calls this after the last web part, and at exit)."""
        if self._fleet is not None:
            fleet, self._fleet = self._fleet, None
            await fleet.close()

    # --- each event to three processes at once, then retried elsewhere ----------------

    async def web(self, events: int = 20) -> None:
        fleet = await self.fleet()
        if fleet is None:
            return
        assert fleet.replies is not None
        team = await fleet.tenant(f"canoe-hire-{uuid.uuid4().hex[:4]}")
        sent = time.monotonic()
        bodies: list[tuple[str, str]] = []
        for _ in range(events):
            body, ts = fleet.mention(team)
            bodies.append((body, ts))
            await asyncio.gather(*(fleet.deliver(i, body) for i in range(3)))
        finished = [await fleet.replies.finished(ts, timeout_s=600) for _, ts in bodies]
        all_in_s = time.monotonic() - sent
        # Slack's retries, each to another process than the first delivery's
        for n, (body, _) in enumerate(bodies):
            await fleet.deliver(n + 1, body, retry=1)
        await asyncio.sleep(5)  # room for a second reply, were there one
        fleet.replies.scan()
        counts = [fleet.replies.answers.get(ts, 0) for _, ts in bodies]
        once = counts.count(1)
        twice = sum(1 for c in counts if c > 1)
        never = sum(1 for f in finished if f is None)
        self.bench.figures.update(
            web_processes=3,
            web_events=events,
            web_deliveries=events * 4,
            web_events_answered_once=once,
            web_events_answered_twice=twice,
            web_all_answered_s=round(all_in_s, 2),
        )
        self.bench.case(
            f"{events} Slack events, each delivered to three web processes at once, then "
            "retried to another",
            "each answered exactly once",
            f"{once} answered once, {twice} more than once, {never} never "
            f"(all in {all_in_s:.1f} s)",
            once == events,
        )

    # --- a thread's follow-up reaching another process ----------------------------------

    async def thread(self) -> None:
        fleet = await self.fleet()
        if fleet is None:
            return
        assert fleet.replies is not None
        owner = "Ines Moreau"
        team = await fleet.tenant(f"ferry-desk-{uuid.uuid4().hex[:4]}", owner=owner)
        body, root = fleet.mention(team)
        await fleet.deliver(0, body)
        first = await fleet.replies.finished(root, timeout_s=120)
        follow = fleet.thread_reply(team, root, "and since when?")
        began = time.monotonic()
        await fleet.deliver(1, follow)  # another process than the mention's
        await fleet.deliver(2, follow, retry=1)  # and Slack's retry to a third
        await asyncio.sleep(0.5)
        for _ in range(2400):  # two minutes
            if fleet.replies.answers.get(root, 0) >= 2:
                break
            await asyncio.sleep(0.05)
        await asyncio.sleep(3)  # room for a third reply, were there one
        fleet.replies.scan()
        answers = fleet.replies.answers.get(root, 0)
        assert fleet.slack is not None
        texts = [
            str(m.get("text", ""))
            for _, m in sorted(fleet.slack.messages.items())
            if m.get("thread_ts") == root and m.get("user") == "UBOT"
        ]
        follow_text = texts[-1] if len(texts) >= 2 else ""
        took = time.monotonic() - began
        held = first is not None and answers == 2 and owner in follow_text
        self.bench.figures["thread_follow_up_s"] = round(took, 2)
        self.bench.case(
            "a thread's follow-up ('and since when?') delivered to another process than "
            "the mention, its retry to a third",
            "answered once, in the thread, with the thread's question",
            f"{answers - 1 if first else 0} answers to the follow-up in the thread; names the "
            f"owner: {owner in follow_text}",
            held,
        )

    # --- approvers added at once from two processes -------------------------------------

    async def approvers(self, rounds: int = 10) -> None:
        fleet = await self.fleet()
        if fleet is None:
            return
        slug = f"kayak-club-{uuid.uuid4().hex[:4]}"
        team = await fleet.tenant(slug, approvers=["slack:U1"])
        wanted: set[str] = set()
        statuses: list[int] = []
        for r in range(rounds):
            pair = [f"UA{r:02d}X", f"UB{r:02d}Y"]
            wanted |= {f"slack:{u}" for u in pair}
            bodies = [fleet.command(team, f"settings approvers add <@{u}>") for u in pair]
            statuses += await asyncio.gather(
                fleet.deliver(r, bodies[0], form=True), fleet.deliver(r + 1, bodies[1], form=True)
            )
        kept: set[str] = set()
        async with fleet.brain() as brain:
            assert brain.registry is not None
            for _ in range(100):  # the commands finish after their acknowledgement
                kept = set((await brain.registry.get(slug)).settings.get("approvers", []))
                if wanted <= kept:
                    break
                await asyncio.sleep(0.1)
        lost = wanted - kept
        self.bench.figures.update(approvers_added=len(wanted), approvers_lost=len(lost))
        self.bench.case(
            f"{rounds} rounds of two approvers added at once from two web processes",
            "every approver kept",
            f"{len(wanted) - len(lost)} of {len(wanted)} kept (acks {sorted(set(statuses))})",
            not lost and "slack:U1" in kept,
        )

    # --- many tenants' questions at once ------------------------------------------------

    async def tenants(self, tenants: int = 10, questions: int = 200, at_once: int = 8) -> None:
        fleet = await self.fleet()
        if fleet is None:
            return
        assert fleet.replies is not None
        replies = fleet.replies
        teams = [
            await fleet.tenant(f"boatyard-{i:02d}-{uuid.uuid4().hex[:4]}", owner=OWNERS[i])
            for i in range(tenants)
        ]
        # interleaved: every tenant's questions are in flight at once
        asked = [(q * tenants + i, i) for q in range(questions) for i in range(tenants)]
        gate = asyncio.Semaphore(at_once)
        took: dict[str, float] = {}
        owner_of: dict[str, int] = {}

        async def ask(n: int, i: int) -> None:
            async with gate:
                body, ts = fleet.mention(teams[i])
                owner_of[ts] = i
                began = time.monotonic()
                await fleet.deliver(n, body)
                done = await replies.finished(ts, timeout_s=ANSWER_TIMEOUT_S)
                if done is not None:
                    took[ts] = (done - began) * 1000

        began = time.monotonic()
        await asyncio.gather(*(ask(n, i) for n, i in asked))
        wall_s = time.monotonic() - began
        await asyncio.sleep(5)  # room for a second answer, were there one
        replies.scan()
        lost = sum(1 for ts in owner_of if ts not in took)
        twice = sum(1 for ts in owner_of if replies.answers.get(ts, 0) > 1)
        crossed = 0
        unnamed = 0
        for ts, i in owner_of.items():
            text = replies.text.get(ts, "")
            if any(OWNERS[j] in text for j in range(tenants) if j != i):
                crossed += 1
            elif ts in took and OWNERS[i] not in text:
                unnamed += 1
        times = list(took.values())
        total = len(asked)
        self.bench.figures.update(
            load_tenants=tenants,
            load_questions=total,
            load_at_once=at_once,
            load_p50_ms=round(percentile(times, 0.5), 1),
            load_p95_ms=round(percentile(times, 0.95), 1),
            load_questions_per_s=round(total / wall_s, 2),
            load_lost=lost,
            load_answered_twice=twice,
            load_other_tenants_answers=crossed,
            load_owner_not_named=unnamed,
        )
        self.bench.case(
            f"{tenants} tenants x {questions} rules-mode questions, {at_once} at a time "
            "across three web processes",
            "none lost, none answered twice, none from another tenant's graph",
            f"p50/p95 {percentile(times, 0.5):.0f}/{percentile(times, 0.95):.0f} ms, "
            f"{total / wall_s:.1f} questions/s; {lost} lost, {twice} twice, {crossed} with "
            f"another tenant's owner, {unnamed} without their own",
            lost == 0 and twice == 0 and crossed == 0 and unnamed == 0,
        )

    # --- answers while vectors fill -----------------------------------------------------

    async def indexing(self, documents: int = 24) -> None:
        fleet = await self.fleet()
        if fleet is None:
            return
        assert fleet.replies is not None
        slug = f"dive-school-{uuid.uuid4().hex[:4]}"
        team = await fleet.tenant(slug)
        async with fleet.brain() as brain:
            queue = brain.ingest_queue
            jobs = [await queue.enqueue("document", slug, _document(d)) for d in range(documents)]
            began = time.monotonic()
            while not all([await queue.done(j) for j in jobs]):
                if time.monotonic() - began > 600:
                    break
                await asyncio.sleep(0.1)
            words_s = time.monotonic() - began
            graph = await brain.tenant(slug)
            filling = await graph.vectors_still_filling()
            said = await self._answer_text(fleet, team)
            stats_during = await _stats_pending(fleet.url, slug)
            for _ in range(4500):  # fifteen minutes
                if not await graph.vectors_still_filling():
                    break
                await asyncio.sleep(0.2)
            vectors_s = time.monotonic() - began
            after = await self._answer_text(fleet, team)
            stats_after = await _stats_pending(fleet.url, slug)
        noted = "still being indexed" in said
        cleared = "still being indexed" not in after and "Priya Anand" in after
        self.bench.figures.update(
            indexing_documents=documents,
            indexing_words_ready_s=round(words_s, 2),
            indexing_vectors_ready_s=round(vectors_s, 2),
            indexing_pending_when_asked=filling,
            indexing_stats_pending_during=stats_during,
            indexing_stats_pending_after=stats_after,
        )
        self.bench.case(
            f"{documents} documents queued to the worker; asked in Slack while their vectors "
            "fill, and after",
            "the answer says 'N passages still being indexed' and tenant stats counts "
            "them; both clear once filled",
            f"words in after {words_s:.1f} s, vectors after {vectors_s:.1f} s; said while "
            f"filling: {noted}; stats pending {stats_during} then {stats_after}; note gone "
            f"after: {cleared}",
            noted and cleared and (stats_during or 0) > 0 and stats_after == 0,
        )

    @staticmethod
    async def _answer_text(fleet: WebFleet, team: str) -> str:
        assert fleet.replies is not None
        body, ts = fleet.mention(team)
        await fleet.deliver(0, body)
        await fleet.replies.finished(ts, timeout_s=120)
        fleet.replies.scan()
        return fleet.replies.text.get(ts, "")


async def _stats_pending(url: str, slug: str) -> int | None:
    """``hivebrain tenant stats SLUG --json``'s vectors pending (None if it failed)."""
    env = base_env(url, HIVEBRAIN_EMBEDDINGS="false")
    proc = await asyncio.create_subprocess_exec(
        str(HIVEBRAIN),
        "tenant",
        "stats",
        slug,
        "--json",
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, _ = await proc.communicate()
    if proc.returncode != 0:
        return None
    return int(json.loads(out)["vectors_pending"])


def _document(d: int) -> dict[str, Any]:
    paragraphs = [
        f"Dive log {d}-{p}: the open-water group went down at buoy {p % 9} at slack tide; "
        f"instructor {p % 13} called the ascent early after a surge, and the spare "
        f"regulators in locker {p % 6} need servicing before the weekend."
        for p in range(60)
    ]
    return {
        "name": f"dive-log-{d}.md",
        "text": "\n\n".join(paragraphs),
        "src": f"file:dive-log-{d}.md",
        "as_of": "2026-03-01",
        "doc_id": f"doc-dive-log-{d}",
    }
