"""What one channel's answers may read: its scope, and a turn's reads held to it.

An approver may say that answers asked in a channel read only some kinds of source
(``settings scope #eng sources=github,meetings``: ``brain.reads.SOURCE_KINDS``). The
setting is one map on the server, ``scopes``, from a channel key (``slack:C123``) to its
kinds, changed with a compare-and-set like every setting (``with_scope``).

A scoped turn runs the same desks; only what they read is narrowed, in one place: the
turn's ledger hands every tool result to ``ScopedReads.narrow`` before any desk sees it.
Records outside the scope leave the evidence (so the checks refuse any citation of
them), and the items that name them leave the data (so no desk or model reads their
words); a read *about* such a record (the minutes of a meeting, in a GitHub channel)
answers "not found". Since records are dropped after a tool's own ``limit``, a scoped
read asks for more than its caller did (``widened``) and keeps the caller's number of
what is left (``trimmed``): ten meeting lines ranked first do not leave a GitHub channel
with nothing. Which records are outside is ``brain.reads.SourceKinds``' reading of
where each came from. The ``cypher`` tool is refused in a scoped channel: a hand-written
query's rows cannot be held to a scope. Digests posted to a scoped channel hold only what
it may read (``posts_scope``), and so do the questions a side pane suggests.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, cast

from agents.errors import ToolArgsInvalid
from agents.tools import TOOLS
from brain import InputInvalid, TenantGraph
from brain.reads import SAID_IN_CHAT, SOURCE_KINDS, Evidence, ReadResult, SourceKinds

#: The tenant setting: channel key -> the kinds its answers may read.
SCOPES_SETTING = "scopes"
#: Tools whose results cannot be held to a scope.
UNSCOPED_TOOLS = frozenset({"cypher"})
#: Keys of data items whose string value names a record.
_ID_KEYS = ("id", "from", "to", "source", "target")
#: How many times its caller's ``limit`` a scoped read asks for (``widened``).
WIDEN = 4
#: Platforms a bare channel id of a channel setting may be on (``digest_channel = C1``).
_PLATFORMS = ("slack", "discord", "console")


def scope_sources(words: str) -> frozenset[str]:
    """The kinds ``github,meetings`` names; ``InputInvalid`` naming the kinds otherwise."""
    kinds = [w.strip().lower() for w in words.replace(" ", ",").split(",") if w.strip()]
    unknown = [k for k in kinds if k not in SOURCE_KINDS]
    if unknown or not kinds:
        said = f"`{unknown[0][:40]}` is no kind of source" if unknown else "Name the sources"
        raise InputInvalid(f"{said}: the kinds are {', '.join(SOURCE_KINDS)}.")
    return frozenset(kinds)


@dataclass(frozen=True, slots=True)
class Scope:
    """The kinds of source a channel's answers may read (``channels``: where it is set)."""

    sources: frozenset[str]
    channels: tuple[str, ...] = ()

    def allows(self, kinds: Iterable[str]) -> bool:
        """Whether a fact from a source of these kinds may be read here (what people said
        in chat themselves stands in every scope)."""
        found = set(kinds)
        return bool(found) and found <= self.sources | {SAID_IN_CHAT}

    def names(self, kinds: Iterable[str]) -> bool:
        """Whether a source of these kinds names a record into this scope."""
        found = set(kinds)
        return bool(found) and found <= self.sources

    @property
    def described(self) -> str:
        """``github and meetings``, in the order of ``SOURCE_KINDS``."""
        kinds = [k for k in SOURCE_KINDS if k in self.sources]
        return " and ".join([", ".join(kinds[:-1]), kinds[-1]] if len(kinds) > 1 else kinds)


def scope_notes(scope: Scope | None) -> list[str]:
    """What the server says beside a scoped answer (never inside it): what it read."""
    if scope is None:
        return []
    return [f"This channel's answers read only {scope.described} (its scope)."]


def _scopes(settings: Mapping[str, Any]) -> dict[str, list[str]]:
    raw = settings.get(SCOPES_SETTING)
    if not isinstance(raw, dict):
        return {}
    out: dict[str, list[str]] = {}
    for key, value in cast(dict[str, Any], raw).items():
        if isinstance(value, list):
            out[str(key)] = [str(v) for v in cast(list[Any], value) if str(v) in SOURCE_KINDS]
    return out


def channel_scope(settings: Mapping[str, Any], channel: str | None) -> Scope | None:
    """The scope set for ``channel`` (``slack:C123``), or None when it reads everything."""
    if not channel:
        return None
    kinds = _scopes(settings).get(channel)
    return Scope(frozenset(kinds), (channel,)) if kinds else None


def posts_scope(settings: Mapping[str, Any], channel_setting: str) -> Scope | None:
    """The scope a post to a channel setting (``digest_channel``) is held to: what every
    scoped channel it names may read (None when none of them is scoped).

    A setting names one channel per platform (``slack:C1 discord:2``) or a bare id; a bare
    id is looked up on each platform. One post goes to all of them, so it holds only what
    the strictest may read.
    """
    words = str(settings.get(channel_setting) or "").split()
    keys: list[str] = []
    for word in words:
        platform, sep, channel = word.partition(":")
        keys += [word] if sep and platform in _PLATFORMS and channel else []
        keys += [f"{p}:{word}" for p in _PLATFORMS] if not sep else []
    found = [s for k in keys if (s := channel_scope(settings, k)) is not None]
    if not found:
        return None
    sources = found[0].sources
    for other in found[1:]:
        sources &= other.sources
    return Scope(sources, tuple(c for s in found for c in s.channels))


def with_scope(
    settings: Mapping[str, Any], channel: str, sources: frozenset[str] | None
) -> dict[str, Any]:
    """The settings with ``channel``'s scope set (None: lifted): one compare-and-set step,
    applied to the settings as they are on the server, so scopes set at once all land."""
    scopes = _scopes(settings)
    if sources:
        scopes[channel] = [k for k in SOURCE_KINDS if k in sources]
    else:
        scopes.pop(channel, None)
    return {**settings, SCOPES_SETTING: scopes or None}


def widened(tool: str, args: Mapping[str, Any]) -> tuple[dict[str, Any], int | None]:
    """The arguments a scoped read calls ``tool`` with (its ``limit`` times ``WIDEN``, within
    the tool's own bound) and the limit its caller asked for (None: nothing to widen)."""
    found = TOOLS.get(tool)
    spec = found.args.model_fields.get("limit") if found is not None and found.limited else None
    asked = args.get("limit", spec.default if spec is not None else None)
    if spec is None or not isinstance(asked, int) or isinstance(asked, bool):
        return dict(args), None  # a malformed limit is the tool's to refuse
    bounds = [b for m in spec.metadata if isinstance(b := getattr(m, "le", None), int)]
    bound = min(bounds, default=asked * WIDEN)
    return {**args, "limit": max(asked, min(bound, asked * WIDEN))}, asked


def trimmed(tool: str, result: ReadResult, asked: int | None) -> ReadResult:
    """``result`` with the lists ``tool``'s ``limit`` caps cut back to ``asked``: what its
    caller would have had if the records outside the scope had never been there."""
    found = TOOLS.get(tool)
    if asked is None or found is None:
        return result
    data: dict[str, Any] = {
        k: cast(list[Any], v)[:asked] if k in found.limited and isinstance(v, list) else v
        for k, v in result.data.items()
    }
    return result.model_copy(update={"data": data})


def _values_in(value: Any, keys: tuple[str, ...], out: set[str]) -> set[str]:
    """Every string the data holds under one of ``keys``, nested: the record ids it names
    (``id``, ``from``, ``to``...) or the sources of its facts (``src``)."""
    if isinstance(value, dict):
        for key, item in cast(dict[str, Any], value).items():
            if key in keys and isinstance(item, str):
                out.add(item)
            else:
                _values_in(item, keys, out)
    elif isinstance(value, list):
        for item in cast(list[Any], value):
            _values_in(item, keys, out)
    return out


@dataclass(frozen=True, slots=True)
class _Outside:
    """What one result may not show: records (ids), and sources of facts (``src``)."""

    ids: frozenset[str]
    srcs: frozenset[str]
    #: Records the brain holds that the scope may read (their own ``src`` aside).
    readable: frozenset[str]

    def hides(self, item: Mapping[str, Any]) -> bool:
        """Whether a data item is about, or names, something outside.

        A record readable here stays, whatever its own ``src``: a Person from a facts
        file is readable in a GitHub channel through the commits they authored.
        """
        ident = item.get("id")
        for value in item.values():
            if isinstance(value, str) and value in self.ids:
                return True
            if isinstance(value, dict) and self.hides(cast(dict[str, Any], value)):
                return True
        src = item.get("src")
        return isinstance(src, str) and src in self.srcs and ident not in self.readable

    def scrub(self, value: Any) -> Any:
        """``value`` without the items that ``hides``, nested."""
        if isinstance(value, dict):
            return {k: self.scrub(v) for k, v in cast(dict[str, Any], value).items()}
        if isinstance(value, list):
            kept: list[Any] = []
            for item in cast(list[Any], value):
                if isinstance(item, dict) and self.hides(cast(dict[str, Any], item)):
                    continue
                if isinstance(item, str) and item in self.ids:
                    continue
                kept.append(self.scrub(item))
            return kept
        return value


def _emptied(data: Mapping[str, Any]) -> dict[str, Any]:
    """The data's keys with nothing in them: a read about a record outside the scope."""
    empty: dict[str, Any] = {}
    for key, value in data.items():
        empty[key] = [] if isinstance(value, list) else {} if isinstance(value, dict) else None
    return empty


class ScopedReads:
    """One turn's (or digest's) reads held to a scope: see the module doc."""

    def __init__(self, graph: TenantGraph, scope: Scope) -> None:
        self.graph = graph
        self.scope = scope
        self.kinds = SourceKinds(graph)

    def refuse(self, tool: str) -> None:
        """Raise ``ToolArgsInvalid`` for a tool a scoped channel may not use."""
        if tool in UNSCOPED_TOOLS:
            raise ToolArgsInvalid(
                tool,
                f"this channel's answers read only {self.scope.described}, through the named "
                "tools; a hand-written query cannot be held to that",
            )

    async def readable(self, ids: Iterable[str]) -> set[str]:
        """Which of ``ids`` the scope may read: records of a kind it names, or named by a
        fact of such a kind. An id the brain does not hold names no record: it stays."""
        wanted = set(ids)
        known = await self.kinds.of_records(wanted)
        out = {i for i in wanted if i not in known}
        for node_id, (own, facts) in known.items():
            if self.scope.names(own) or any(self.scope.names(k) for k in facts):
                out.add(node_id)
        return out

    async def allowed_sources(self, srcs: Iterable[str]) -> set[str]:
        """Which of ``srcs`` facts may come from here."""
        kinds = await self.kinds.of_sources(srcs)
        return {s for s, k in kinds.items() if self.scope.allows(k)}

    async def fact_readable(self, source: str, target: str, src: str) -> bool:
        """Whether one fact may be read here: its source allowed, both ends readable."""
        ends = await self.readable({source, target})
        return {source, target} <= ends and (not src or src in await self.allowed_sources([src]))

    async def narrow(self, result: ReadResult) -> ReadResult:
        """``result`` as this scope may read it (see the module doc)."""
        evidence = result.evidence
        ids = {n.id for n in evidence.nodes} | _values_in(result.data, _ID_KEYS, set())
        ids |= {i for e in evidence.edges for i in (e.source, e.target)}
        srcs = {e.src for e in evidence.edges if e.src} | _values_in(result.data, ("src",), set())
        readable = await self.readable(ids)
        allowed = await self.allowed_sources(srcs)
        outside = _Outside(
            ids=frozenset(ids - readable),
            srcs=frozenset(srcs - allowed),
            readable=frozenset(readable & set(await self.kinds.of_records(ids))),
        )
        if not outside.ids and not outside.srcs:
            return result
        if outside.hides(result.data):
            return ReadResult(
                tool=result.tool,
                as_of=result.as_of,
                found=False,
                message=f"That is outside what this channel's answers read "
                f"({self.scope.described}).",
                data=_emptied(result.data),
            )
        nodes = [n for n in evidence.nodes if n.id not in outside.ids]
        edges = [
            e
            for e in evidence.edges
            if e.source not in outside.ids
            and e.target not in outside.ids
            and (e.src or "") not in outside.srcs
        ]
        return result.model_copy(
            update={
                "data": outside.scrub(result.data),
                "evidence": Evidence(nodes=nodes, edges=edges),
            }
        )
