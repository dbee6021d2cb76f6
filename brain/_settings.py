"""Settings of the brain layer, read from the environment (or `.env`) by entry points only.

``HivebrainSettings`` is the base of every settings class (brain, agents, bots): it is the
one place settings load, so it is where pydantic's ``ValidationError`` becomes
``SettingsInvalid``, one line that names the environment variable and what it takes.
Every entry point (each CLI command, ``serve``) therefore fails the same readable way.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Literal, get_args

from pydantic import AfterValidator, Field, SecretStr, ValidationError
from pydantic.fields import FieldInfo
from pydantic_core import ErrorDetails
from pydantic_settings import BaseSettings, SettingsConfigDict, SettingsError

from brain.errors import SettingsInvalid

#: Characters of a wrong value repeated in the error line.
_SHOWN_CHARS = 40

#: What a setting takes, by pydantic error type (constraints add their bound).
_TAKES: dict[str, str] = {
    "int_parsing": "a whole number",
    "int_type": "a whole number",
    "int_from_float": "a whole number",
    "float_parsing": "a number",
    "float_type": "a number",
    "bool_parsing": "true or false",
    "bool_type": "true or false",
    "string_type": "text",
    "path_type": "a file system path",
}
_BOUNDS: dict[str, str] = {
    "greater_than_equal": "a number of at least {ge}",
    "greater_than": "a number above {gt}",
    "less_than_equal": "a number of at most {le}",
    "less_than": "a number below {lt}",
}


def _url_check(*schemes: str) -> AfterValidator:
    """A validator that a URL setting starts with one of ``schemes``."""
    names = [f"{s}://" for s in schemes]
    wanted = ", ".join(names[:-1]) + " or " + names[-1]

    def check(value: str) -> str:
        scheme, sep, rest = value.strip().partition("://")
        if not sep or scheme.lower() not in schemes or not rest:
            raise ValueError(f"a URL starting with {wanted}")
        return value.strip()

    return AfterValidator(check)


#: A URL of a web API (``http://`` or ``https://``).
HttpUrlSetting = Annotated[str, _url_check("http", "https")]


def _falkor_url(value: str) -> str:
    """A FALKORDB_URL that names a topology we can open (see ``brain.db._topology``)."""
    from brain.db import SCHEMES, parse_falkordb_url

    try:
        parse_falkordb_url(value)
    except ValueError as exc:
        scheme = value.strip().partition("://")[0].lower()
        if scheme not in SCHEMES:
            names = [f"{s}://" for s in SCHEMES]
            wanted = ", ".join(names[:-1]) + " or " + names[-1]
            raise ValueError(f"a URL starting with {wanted}") from None
        reason = str(exc).removeprefix("FALKORDB_URL ").split(" ", 1)[1]  # the URL stays unsaid
        raise ValueError(f"a FalkorDB URL that can be opened ({reason})") from None
    return value.strip()


#: A URL of a FalkorDB server, a Sentinel-watched primary or a cluster.
FalkorUrlSetting = Annotated[str, AfterValidator(_falkor_url)]


def _number(value: Any) -> Any:
    """``0.0`` as ``0``: bounds read as people write them."""
    return int(value) if isinstance(value, float) and value.is_integer() else value


def _takes(err: ErrorDetails) -> str:
    """What the setting accepts, as a phrase that follows "it takes"."""
    kind, ctx = err["type"], err.get("ctx") or {}
    if kind in _BOUNDS:
        return _BOUNDS[kind].format(**{k: _number(v) for k, v in ctx.items()})
    if kind == "value_error" and "error" in ctx:
        return str(ctx["error"]).removeprefix("Value error, ")
    if kind == "literal_error" and "expected" in ctx:
        return f"one of {ctx['expected']}"
    return _TAKES.get(kind, err["msg"][:1].lower() + err["msg"][1:])


def _is_secret(field: FieldInfo | None) -> bool:
    """Whether the field holds a ``SecretStr`` (alone or ``| None``)."""
    if field is None:
        return False
    return field.annotation is SecretStr or SecretStr in get_args(field.annotation)


def describe_problems(cls: type[BaseSettings], exc: ValidationError) -> list[str]:
    """One phrase per wrong setting: ``NAME='value' is not valid: it takes ...``.

    Secrets and URLs (which may carry a password) are named but never repeated.
    """
    problems: list[str] = []
    for err in exc.errors(include_url=False):
        name = str(err["loc"][0]) if err["loc"] else ""
        field = cls.model_fields.get(name)
        env = name.upper() or cls.__name__
        value = err.get("input")
        shown = ""
        if isinstance(value, str | int | float) and not _is_secret(field) and "url" not in name:
            text = str(value)
            shown = "=" + repr(text[:_SHOWN_CHARS] + ("…" if len(text) > _SHOWN_CHARS else ""))
        about = f" ({field.description})" if field is not None and field.description else ""
        problems.append(f"{env}{shown} is not valid: it takes {_takes(err)}{about}")
    return problems


class HivebrainSettings(BaseSettings):
    """Base of every settings class: `.env` support, frozen values, readable errors.

    An empty variable (``FALKORDB_URL=`` as `.env.example` ships it) counts as unset, so
    the field keeps its default.
    """

    model_config = SettingsConfigDict(
        env_file=".env", extra="ignore", frozen=True, env_ignore_empty=True
    )

    def __init__(self, **values: Any) -> None:
        try:
            super().__init__(**values)
        except ValidationError as exc:
            raise SettingsInvalid(describe_problems(type(self), exc)) from None
        except SettingsError as exc:  # a value pydantic-settings could not even decode
            raise SettingsInvalid([str(exc)]) from None


class BrainSettings(HivebrainSettings):
    """Where the graphs live and how text is embedded. See `.env.example`."""

    falkordb_url: FalkorUrlSetting | None = Field(
        default=None,
        description="an external FalkorDB; empty = run the embedded server in the data dir",
    )
    hivebrain_wait_replicas: int | None = Field(
        default=None,
        ge=0,
        le=16,
        description="how many replicas must confirm each write before it counts as done; "
        "empty = 1 when the primary has replicas (always under Sentinel), 0 = never wait",
    )
    hivebrain_wait_timeout_ms: int = Field(
        default=2_000,
        ge=10,
        le=60_000,
        description="how long a write waits for its replicas before it is reported failed",
    )
    hivebrain_replica_reads: bool = Field(
        default=True,
        description="let reads that tolerate a moment's staleness (ranks, histories) go to "
        "a replica, under Sentinel or a cluster",
    )
    hivebrain_job_idle_ms: int = Field(
        default=60_000,
        ge=100,
        le=3_600_000,
        description="how long an ingest job taken by a worker may go without a sign of life "
        "(a live worker signs every third of it) before another worker claims it again",
    )
    hivebrain_data_dir: Path = Field(default=Path(".hivebrain"), description="embedded data dir")
    hivebrain_embed_model: str = Field(
        default="all-MiniLM-L6-v2", description="sentence-transformers model name or path"
    )
    hivebrain_embed_dimension: int = Field(
        default=384, ge=1, le=4096, description="the model's vector size"
    )
    hivebrain_embeddings: bool = Field(
        default=True, description="embed node text on write (off: vector search is skipped)"
    )
    hivebrain_embed_runtime: Literal["onnx", "onnx-int8", "sentence-transformers"] = Field(
        default="onnx",
        description="how the model runs: onnx (onnxruntime fp32, exported once from the "
        "shipped model; the same vectors as sentence-transformers, 2-4x faster), onnx-int8 "
        "(faster again, but its vectors cost meeting-search recall), or sentence-transformers "
        "(torch)",
    )
    hivebrain_feedback_weight: float = Field(
        default=0.0,
        ge=0.0,
        le=1.0,
        description="how much less a record cited by a 👎 answer weighs when a similar "
        "question searches (0 = off; bench/regression.py measures whether it helps)",
    )
    hivebrain_model_cache_dir: Path | None = Field(
        default=None,
        description="where the exported ONNX model is kept; empty = <data dir>/models",
    )
