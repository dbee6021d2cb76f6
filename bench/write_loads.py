"""Bulk loads with embeddings, for bench/writes.py: the new write path beside today's.

Two loads, each into a fresh tenant of an embedded FalkorDB in a temporary directory:

* the seed-sized business (``benchmark_graph``: 37,240 nodes, 49,983 edges) in one
  ``write_facts`` call, as ``hivebrain ingest facts`` sends a file;
* the six shared GitHub histories (``shared/data/github/*.jsonl.gz`` beside the checkout) through
  ``load_github``, as ``hivebrain ingest github`` does, one after another.

"Today's way" is the same two loads run by the code of ``BASELINE_REV`` (the commit before
the fast write path), extracted with ``git archive`` into a temporary folder and run in a
subprocess, so old and new are measured in the same run on the same machine. Both sides
load their embedding model before the clock starts (the model's load, and on the new
side the one-time ONNX export, are reported apart).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tarfile
import tempfile
import time
from dataclasses import asdict, dataclass
from datetime import date
from io import BytesIO
from pathlib import Path
from typing import Any, cast

from brain import Brain, BrainSettings, EmbeddedServer
from brain.ingest import load_github

sys.path.insert(0, str(Path(__file__).resolve().parent))
from scale_graph import benchmark_graph  # noqa: E402  # bench/ is a folder of scripts
from shared_data import need_files, shared_data  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
#: The commit before the fast write path: sentence-transformers, one model call per
#: 512 nodes, embedding after the node writes and before the edges.
BASELINE_REV = "2065193"
GITHUB_DIR = shared_data("github")
TODAY = date(2026, 12, 1)
SLUG = "bench-load"


@dataclass(slots=True)
class LoadFigures:
    """One bulk load: its wall time, what it wrote, and the model's own figures."""

    seconds: float
    nodes: int
    edge_facts: int
    created: int
    refused: int
    embedded: int  # texts the model embedded (0 when the code cannot tell)
    model_load_s: float
    runtime: str

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


# Runs inside the subprocess, against the brain package of whichever checkout is first
# on its path; only names that exist in both old and new code are used.
_LOAD_SCRIPT = r"""
import asyncio, json, sys, tempfile, time
from datetime import date
from pathlib import Path
from brain import Brain, BrainSettings, EmbeddedServer, benchmark_graph

kind, files = sys.argv[1], sys.argv[2:]

async def main():
    root = Path(tempfile.mkdtemp(prefix="hb-bench-base-"))
    server = EmbeddedServer(root / "data")
    url = await server.ensure_running()
    settings = BrainSettings(falkordb_url=url, hivebrain_data_dir=root / "data")
    out = {}
    try:
        async with Brain(settings) as brain:
            began = time.perf_counter()
            await brain.embedder.embed(["warm up"])
            out["model_load_s"] = time.perf_counter() - began
            await brain.create_tenant("bench-load")
            graph = await brain.tenant("bench-load")
            counts = {"created": 0, "refused": 0, "nodes": 0, "edge_facts": 0}
            if kind == "business":
                facts = list(enumerate(benchmark_graph(today=date(2026, 12, 1)), 1))
                counts["nodes"] = sum(1 for _, f in facts if "node" in f)
                counts["edge_facts"] = len(facts) - counts["nodes"]
                began = time.perf_counter()
                report = await graph.write_facts(facts)
                counts["created"], counts["refused"] = report.created, report.refused
            else:
                from brain.ingest import load_github
                began = time.perf_counter()
                for name in files:
                    report = await load_github(graph, Path(name))
                    counts["created"] += report.created
                    counts["refused"] += report.refused
            out["seconds"] = time.perf_counter() - began
            out.update(counts)
    finally:
        await server.stop()
    print(json.dumps(out))

asyncio.run(main())
"""


def extract(rev: str, into: Path) -> Path:
    """The ``brain`` package of ``rev`` (``git archive``), unpacked under ``into``."""
    blob = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", rev, "brain"],
        check=True,
        capture_output=True,
    ).stdout
    with tarfile.open(fileobj=BytesIO(blob)) as tar:
        tar.extractall(into, filter="data")
    return into


def baseline(kind: str, files: list[Path], *, rev: str = BASELINE_REV) -> LoadFigures:
    """Today's way: one load run by the code of ``rev`` in a subprocess."""
    with tempfile.TemporaryDirectory(prefix="hb-bench-rev-") as folder:
        code = extract(rev, Path(folder))
        env = {**os.environ, "PYTHONPATH": str(code), "HF_HUB_OFFLINE": "1"}
        done = subprocess.run(
            [sys.executable, "-c", _LOAD_SCRIPT, kind, *map(str, files)],
            check=True,
            capture_output=True,
            text=True,
            env=env,
            cwd=folder,
        )
    raw = json.loads(done.stdout.strip().splitlines()[-1])
    return LoadFigures(
        seconds=raw["seconds"],
        nodes=raw["nodes"],
        edge_facts=raw["edge_facts"],
        created=raw["created"],
        refused=raw["refused"],
        embedded=0,
        model_load_s=raw["model_load_s"],
        runtime=f"sentence-transformers @ {rev}",
    )


async def new_way(kind: str, files: list[Path], *, data: Path, runtime: str) -> LoadFigures:
    """The same load through this checkout's write path (embedder from the settings; the
    ONNX model is exported under ``data`` on first use, inside ``model_load_s``)."""
    server = EmbeddedServer(data / "db")
    url = await server.ensure_running()
    settings = BrainSettings(
        falkordb_url=url,
        hivebrain_data_dir=data,
        hivebrain_embed_runtime=cast(Any, runtime),  # checked by the settings
    )
    try:
        async with Brain(settings) as brain:
            embedder = brain.embedder
            if embedder is None:
                raise SystemExit("embeddings are off: set HIVEBRAIN_EMBEDDINGS=true")
            began = time.perf_counter()
            await embedder.embed(["warm up"])
            model_load_s = time.perf_counter() - began
            await brain.create_tenant(SLUG)
            graph = await brain.tenant(SLUG)
            created = refused = nodes = edge_facts = embedded = 0
            began = time.perf_counter()
            if kind == "business":
                facts = list(enumerate(benchmark_graph(today=TODAY), 1))
                nodes = sum(1 for _, f in facts if "node" in f)
                edge_facts = len(facts) - nodes
                began = time.perf_counter()
                report = await graph.write_facts(facts)
                created, refused = report.created, report.refused
                embedded = graph.last_embedding.embedded
            else:
                for name in files:
                    report = await load_github(graph, name)
                    created += report.created
                    refused += report.refused
            seconds = time.perf_counter() - began
            await brain.erase_tenant(SLUG)
    finally:
        await server.stop()
    return LoadFigures(
        seconds=seconds,
        nodes=nodes,
        edge_facts=edge_facts,
        created=created,
        refused=refused,
        embedded=embedded,
        model_load_s=model_load_s,
        runtime=str(getattr(embedder, "backend", "") or settings.hivebrain_embed_runtime),
    )


def github_files(pattern: str = "*.jsonl.gz") -> list[Path]:
    """The shared GitHub histories, in a fixed order (stops when there are none)."""
    return need_files(GITHUB_DIR, pattern)
