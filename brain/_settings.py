"""Settings of the brain layer, read from the environment (or `.env`) by entry points only."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict


class BrainSettings(BaseSettings):
    """Where the graphs live and how text is embedded. See `.env.example`."""

    model_config = SettingsConfigDict(env_file=".env", extra="ignore", frozen=True)

    falkordb_url: str | None = Field(
        default=None,
        description="redis://, rediss:// or unix:// URL of an external FalkorDB; "
        "empty = run the embedded server under the data directory",
    )
    hivebrain_data_dir: Path = Field(default=Path(".hivebrain"), description="embedded data dir")
    hivebrain_embed_model: str = Field(
        default="all-MiniLM-L6-v2", description="sentence-transformers model name or path"
    )
    hivebrain_embed_dimension: int = Field(default=384, description="the model's vector size")
    hivebrain_embeddings: bool = Field(
        default=True, description="embed node text on write (off: vector search is skipped)"
    )
    hivebrain_embed_runtime: Literal["onnx", "sentence-transformers"] = Field(
        default="sentence-transformers",
        description="how the model runs: sentence-transformers (torch, the exact vectors) "
        "or onnx (int8, exported once from the model into <data dir>/models; faster, but "
        "its vectors cost meeting-search recall in bench/meetings_quality.py)",
    )
