"""Document ingest throughput: files to passages in the graph, embeddings included.

Loads the sample business's document folder (brain/sample/data/documents) three times
over into a fresh tenant on an embedded FalkorDB (copies under other names, so every pass
writes new passages), with embeddings on, and reports passages per second; then loads it
once more unchanged (nothing to write). Prints a table, then one JSON object as the last
line. Run: ``python bench/documents.py``.
"""

from __future__ import annotations

import asyncio
import json
import logging
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

from brain import Brain, BrainSettings, EmbeddedServer
from brain.ingest import load_documents

DOCS = Path(__file__).resolve().parents[1] / "brain" / "sample" / "data" / "documents"
COPIES = 3


async def main() -> dict[str, Any]:
    """Load, time, print; return the figures."""
    with tempfile.TemporaryDirectory(prefix="hivebrain-bench-") as tmp:
        root = Path(tmp)
        folders = []
        for i in range(COPIES):
            folder = root / f"docs-{i}"
            shutil.copytree(DOCS, folder)
            folders.append(folder)
        server = EmbeddedServer(root / "db")
        url = await server.ensure_running()
        try:
            async with Brain(BrainSettings(falkordb_url=url, hivebrain_embeddings=True)) as brain:
                await brain.create_tenant("docs")
                graph = await brain.tenant("docs")
                started = time.perf_counter()
                loaded = await load_documents(graph, folders)
                load_s = time.perf_counter() - started
                started = time.perf_counter()
                again = await load_documents(graph, folders)
                again_s = time.perf_counter() - started
        finally:
            await server.stop()
    created = loaded.report.created if loaded.report else 0
    print(f"{'':28}{'files':>8}{'passages':>10}{'seconds':>10}{'passages/s':>12}")
    print(
        f"{'first load (embeddings on)':28}{loaded.files:>8}{loaded.passages:>10}"
        f"{load_s:>10.1f}{loaded.passages / load_s:>12.1f}"
    )
    print(
        f"{'unchanged reload':28}{again.files:>8}{again.passages:>10}"
        f"{again_s:>10.1f}{again.passages / again_s:>12.1f}"
    )
    return {
        "files": loaded.files,
        "passages": loaded.passages,
        "created": created,
        "load_s": round(load_s, 2),
        "passages_per_s": round(loaded.passages / load_s, 1),
        "unchanged_reload_s": round(again_s, 2),
        "unchanged_created": again.report.created if again.report else 0,
    }


if __name__ == "__main__":
    logging.basicConfig(level=logging.WARNING)
    print(json.dumps(asyncio.run(main())))
