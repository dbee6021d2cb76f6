"""Does feedback change answers, and does it keep the liked ones? Golden set regression.

Loads one bank from ``tests/data/businesses/<slug>/`` into a fresh tenant (embedded
FalkorDB in a temporary directory, embeddings on), asks every question once and saves the
turns, then plays one round of feedback the way a team would give it: a person gives 👍 to
each answer ``bench/answers.py`` grades right and 👎 to each one it grades wrong or
declines when it should answer. The 👍 answers are the tenant's golden set (read back from
the server, ``brain.reads.golden_answers``). Teams also disagree with right answers:
``--dissent N`` turns every N-th right answer's vote into a 👎 (0: never), so a bank the
rules answer fully right still has 👎s, and the run shows what down-weighting them costs.

Then, twice, once with the down-weighting off (``feedback_weight`` 0: the feedback is
stored but changes nothing, the "before") and once on (the "after"):

* every golden answer is asked again at the moment it was asked; it **holds** when the new
  answer still cites every record the golden one cited and states every figure it stated;
* every 👎 question is asked again and graded against the bank's ground truth;
* tokens (read + written) and milliseconds per answer are summed over those turns.

Re-asks are not saved (``save=False``), so both passes see the same feedback.

Run: ``python bench/regression.py [--business SLUG] [--weight 0.5] [--verbose]``. Prints a
table and, as its last line, one JSON object of figures.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from agents import TurnOptions, TurnResult, give_feedback, run_turn  # noqa: E402
from bench.answers import BUSINESSES, figures, grade, load, read_business  # noqa: E402
from brain import Brain, BrainSettings, EmbeddedServer, TenantGraph, now_ms  # noqa: E402
from brain.reads import VotedAnswer, disliked_answers, golden_answers  # noqa: E402

TEAM = "bench:team-member"
ASKER = "bench:asker"


def holds(golden: VotedAnswer, result: TurnResult) -> bool:
    """Whether an answer asked again still says what the liked one said: every record the
    golden answer cited is cited again, and every figure it stated is stated again."""
    if not set(golden.cited) <= set(result.citations):
        return False
    return set(figures(golden.answer)) <= set(figures(result.answer))


@dataclass(slots=True)
class Pass:
    """One pass over the golden set and the 👎 questions."""

    label: str
    golden: int = 0
    held: int = 0
    disliked: int = 0
    now_right: int = 0
    tokens: int = 0
    ms: list[float] | None = None

    def figures(self) -> dict[str, Any]:
        ms = self.ms or []
        answers = len(ms)
        return {
            "golden": self.golden,
            "golden_held": self.held,
            "golden_held_ratio": round(self.held / self.golden, 3) if self.golden else 0.0,
            "disliked": self.disliked,
            "disliked_now_right": self.now_right,
            "tokens_per_answer": round(self.tokens / answers, 1) if answers else 0.0,
            "answer_median_ms": round(statistics.median(ms), 1) if ms else 0.0,
            "answer_mean_ms": round(statistics.fmean(ms), 1) if ms else 0.0,
        }


async def timed(graph: TenantGraph, question: str, as_of: str | None) -> tuple[TurnResult, float]:
    started = time.perf_counter()
    result = await run_turn(graph, question, TurnOptions(as_of=as_of, save=False))
    return result, (time.perf_counter() - started) * 1000


async def regress(
    graph: TenantGraph, bank: dict[str, dict[str, Any]], label: str, *, verbose: bool
) -> Pass:
    """Ask the golden set and the 👎 questions again on ``graph`` (its own weight)."""
    out = Pass(label, ms=[])
    assert out.ms is not None
    for golden in await golden_answers(graph):
        result, ms = await timed(graph, golden.question, golden.asked_as_of)
        out.golden += 1
        ok = holds(golden, result)
        out.held += ok
        out.tokens += sum(result.tokens.values())
        out.ms.append(ms)
        if verbose and not ok:
            print(f"[{label}] golden no longer holds: {golden.question}\n  {result.answer}")
    for missed in await disliked_answers(graph):
        question = bank[missed.question]
        result, ms = await timed(graph, missed.question, missed.asked_as_of)
        out.disliked += 1
        item = grade(graph.slug, question, result, ms)
        out.now_right += item.grade == "right"
        out.tokens += sum(result.tokens.values())
        out.ms.append(ms)
        if verbose and result.answer != missed.answer:
            print(f"[{label}] 👎 answer changed ({item.grade}): {missed.question}\n"
                  f"  was: {missed.answer[:200]}\n  now: {result.answer[:200]}")  # fmt: skip
    return out


async def feedback_round(
    graph: TenantGraph, questions: list[dict[str, Any]], *, dissent: int
) -> dict[str, int]:
    """Ask every question once (saved) and vote as the team would: 👍 right, 👎 missed,
    and 👎 on every ``dissent``-th right one (a person who disagreed)."""
    votes = {"up": 0, "down": 0, "dissent": 0}
    right = 0
    for question in questions:
        result = await run_turn(
            graph, question["q"], TurnOptions(as_of=question.get("as_of"), asked_by=ASKER)
        )
        item = grade(graph.slug, question, result, 0.0)
        vote = "up" if item.grade == "right" else "down"
        if vote == "up":
            right += 1
            if dissent and right % dissent == 0:
                vote = "down"
                votes["dissent"] += 1
        await give_feedback(graph, turn_id=result.turn_id, vote=vote, given_by=TEAM, at_ms=now_ms())
        votes[vote] += 1
    return votes


async def main(slug: str, *, weight: float, dissent: int, verbose: bool) -> dict[str, Any]:
    os.environ.pop("ANTHROPIC_API_KEY", None)  # rules mode, as bench/answers.py
    business = read_business(BUSINESSES / slug)
    # questions are unique within a bank; a disliked turn's question finds its truth here
    bank = {q["q"]: q for q in business.questions}
    with tempfile.TemporaryDirectory(prefix="hivebrain-regression-") as tmp:
        server = EmbeddedServer(Path(tmp))
        url = await server.ensure_running()
        try:
            off = BrainSettings(falkordb_url=url, hivebrain_embeddings=True)
            on = off.model_copy(update={"hivebrain_feedback_weight": weight})
            async with Brain(off) as brain_off, Brain(on) as brain_on:
                graph, _ = await load(brain_off, business)
                votes = await feedback_round(graph, business.questions, dissent=dissent)
                before = await regress(graph, bank, "before", verbose=verbose)
                after = await regress(await brain_on.tenant(slug), bank, "after", verbose=verbose)
        finally:
            await server.stop()
    print(f"\n{slug}: {len(business.questions)} questions; feedback round: "
          f"{votes['up']} 👍, {votes['down']} 👎 ({votes['dissent']} on right answers); "
          f"down-weight {weight:g}")  # fmt: skip
    print(f"{'':10}{'golden held':>14}{'👎 right now':>14}{'tokens/answer':>15}{'median ms':>11}")
    for p in (before, after):
        f = p.figures()
        print(
            f"{p.label:10}{f'{p.held}/{p.golden}':>14}{f'{p.now_right}/{p.disliked}':>14}"
            f"{f['tokens_per_answer']:>15.1f}{f['answer_median_ms']:>11.0f}"
        )
    out: dict[str, Any] = {"bank": slug, "weight": weight, **votes}
    for p in (before, after):
        out |= {f"{p.label}_{k}": v for k, v in p.figures().items()}
    return out


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--business", default="lichtveld-energie", help="the bank (slug)")
    parser.add_argument("--weight", type=float, default=0.5, help="down-weight when on (0-1)")
    parser.add_argument("--dissent", type=int, default=4, help="👎 every N-th right answer")
    parser.add_argument("--verbose", action="store_true", help="print what changed")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)
    if not (BUSINESSES / args.business / "questions.json").is_file():
        raise SystemExit(f"no bank {args.business!r} in {BUSINESSES}")
    print(
        json.dumps(
            asyncio.run(
                main(args.business, weight=args.weight, dissent=args.dissent, verbose=args.verbose)
            )
        )
    )
