"""Documents a command hands to the ingest workers: their bytes travel on the server.

``hivebrain ingest docs --queue`` runs where the files are, and the worker that loads them
may run on another machine. So the command finds the files exactly as an inline load does
(``doc_files``: the same links skipped, the same identities and folder scopes), reads each
file's bytes and hands them to ``keep`` (``IngestQueue.put_file``: kept on the server
beside the queue), and the job carries only their ids. A file the command cannot read (a
FIFO found by name, a file over the size limit, one it may not open) is carried as its
one-line reason, so it still counts as present: a reload never closes the passages of a
document that is there but unreadable this time, as inline.

The worker loads the payload through ``load_document_sources``, the inline load's own
path, with each file's bytes read back through ``fetch`` (``IngestQueue.file``). Its
``DocsLoad`` is therefore the one the command would have made: the same counts and one
line per skipped file, in the same order (first what finding the files skipped, then each
file that could not be read or parsed).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from brain._tenant_graph import TenantGraph
from brain.errors import InputInvalid
from brain.ingest.documents._files import read_document_bytes
from brain.ingest.documents._load import (
    DocsLoad,
    DocSource,
    ReadBytes,
    doc_files,
    file_moment,
    load_document_sources,
)

#: Keeps one file's bytes where a worker can read them; the id to read them by.
Keep = Callable[[bytes], Awaitable[str]]
#: The bytes kept under an id (``InputInvalid`` when they are gone).
Fetch = Callable[[str], Awaitable[bytes]]


class PackedFile(BaseModel):
    """One document file of a queued load: its bytes' id, or why it could not be read."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    #: Where the command found it (what a skipped line names).
    path: str = Field(min_length=1, max_length=8_192)
    #: Its identity: ``file:`` and its whole resolved path.
    key: str = Field(pattern=r"^file:", max_length=8_200)
    #: Its file's own clock (``file_moment``), as the command read it.
    as_of: str | None = None
    #: The id its bytes are kept under.
    file: str | None = None
    #: Why the command could not read it (then neither ``as_of`` nor ``file``).
    refused: str | None = None


class PackedDocuments(BaseModel):
    """A queued ``ingest docs``: the files found, the folder scopes a reload closes
    within, and the lines of paths finding them skipped."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    files: list[PackedFile]
    scopes: list[str]
    skipped: list[str] = Field(default_factory=list[str])

    @property
    def file_ids(self) -> list[str]:
        """The ids of every file's kept bytes (dropped once the load is done)."""
        return [f.file for f in self.files if f.file is not None]

    @property
    def carried(self) -> int:
        """How many files travel with their bytes (the rest were refused already)."""
        return len(self.file_ids)


async def pack_documents(paths: list[Path], *, follow_links: bool, keep: Keep) -> PackedDocuments:
    """Find the documents under ``paths`` and keep each one's bytes (see the module doc)."""
    found, skipped, scopes = doc_files(paths, follow_links=follow_links)
    files: list[PackedFile] = []
    for path, key in found:
        try:
            data = await asyncio.to_thread(read_document_bytes, path)
            as_of = file_moment(path)
        except InputInvalid as exc:
            files.append(PackedFile(path=str(path), key=key, refused=exc.reason))
            continue
        except OSError as exc:  # gone between the read and the look at its clock
            reason = f"{path} cannot be read ({exc.strerror or exc}): skipped"
            files.append(PackedFile(path=str(path), key=key, refused=reason))
            continue
        files.append(PackedFile(path=str(path), key=key, as_of=as_of, file=await keep(data)))
    return PackedDocuments(files=files, scopes=scopes, skipped=skipped)


async def load_packed_documents(
    graph: TenantGraph,
    packed: PackedDocuments,
    *,
    fetch: Fetch,
    progress: Callable[[int], None] | None = None,
) -> DocsLoad:
    """Load a queued ``ingest docs`` as the command would have (see the module doc)."""
    sources = [DocSource(path=f.path, key=f.key, read=_reader(f, fetch)) for f in packed.files]
    return await load_document_sources(
        graph, sources, scopes=packed.scopes, skipped=packed.skipped, progress=progress
    )


def _reader(packed: PackedFile, fetch: Fetch) -> ReadBytes:
    async def read() -> tuple[bytes, str]:
        if packed.file is None or packed.as_of is None:
            raise InputInvalid(packed.refused or f"{packed.path}: its bytes were not kept")
        try:
            data = await fetch(packed.file)
        except InputInvalid as exc:
            raise InputInvalid(f"{packed.path}: {exc.reason}") from exc
        return data, packed.as_of

    return read
