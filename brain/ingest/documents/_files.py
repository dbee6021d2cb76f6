"""Documents from files: Markdown, text, HTML and PDF read to text, cut on structure.

HTML's main text comes from trafilatura and PDF text from pypdf, both well-kept
libraries, never regular expressions over markup. Both read untrusted files and can fail
in ways of their own (pypdf's ``LimitReachedError`` on a font or stream that would expand
past its limits, trafilatura's fallback extractors on a page they cannot clean): any
failure of theirs becomes one ``InputInvalid`` naming the file and the error's kind, so
the batch it is in goes on. Text is cut at headings first (each passage keeps its
heading path as ``section``), then paragraphs, then size, with a little overlap so a
sentence cut at a boundary is still found whole. Every refusal is one line
naming the file and what to do, raised before anything is written.
"""

from __future__ import annotations

import io
import logging
import re
from dataclasses import dataclass
from pathlib import Path, PurePath

from brain.errors import InputInvalid

log = logging.getLogger(__name__)

MAX_DOC_BYTES = 20 * 1024**2
PASSAGE_CHARS = 900
OVERLAP_CHARS = 120
TEXT_SUFFIXES = frozenset({".md", ".markdown", ".txt", ".text", ".rst"})
HTML_SUFFIXES = frozenset({".html", ".htm"})
DOC_SUFFIXES = TEXT_SUFFIXES | HTML_SUFFIXES | {".pdf"}
_HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$")


@dataclass(frozen=True, slots=True)
class Passage:
    """One passage of a document and the heading path it sits under."""

    text: str
    section: str | None


def read_document(path: Path) -> str:
    """A document file's text, or ``InputInvalid`` in one line."""
    return document_text(path, read_document_bytes(path))


def read_document_bytes(path: Path) -> bytes:
    """A document file's bytes, checked to be a regular file under ``MAX_DOC_BYTES``; or
    ``InputInvalid`` in one line. Apart from ``document_text`` because a queued load reads
    the bytes where the file is and the text where a worker runs."""
    if not path.is_file():
        raise InputInvalid(
            f"{path} is not a regular file: skipped" if path.exists() else f"{path}: no such file"
        )
    size = path.stat().st_size
    if size > MAX_DOC_BYTES:
        raise InputInvalid(f"{path} is larger than {MAX_DOC_BYTES // 1024**2} MB: split it")
    try:
        return path.read_bytes()
    except OSError as exc:
        raise InputInvalid(f"{path} cannot be read ({exc.strerror or exc}): skipped") from exc


def document_text(path: Path | str, data: bytes) -> str:
    """The text of a document's bytes, read by the kind its name ends in (``path`` names
    it in the one-line ``InputInvalid`` a file that is not what it says becomes)."""
    if len(data) > MAX_DOC_BYTES:
        raise InputInvalid(f"{path} is larger than {MAX_DOC_BYTES // 1024**2} MB: split it")
    suffix = PurePath(path).suffix.lower()
    if suffix == ".pdf":
        text = _pdf_text(path, data)
    else:
        if b"\x00" in data[:65_536]:
            raise InputInvalid(f"{path} is a binary file, not text: skipped")
        try:
            raw = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise InputInvalid(
                f"{path} is not UTF-8 text (byte {exc.start}): save it as UTF-8"
            ) from exc
        text = _html_text(path, raw) if suffix in HTML_SUFFIXES else raw
    if not text.strip():
        raise InputInvalid(f"{path} has no text: skipped")
    return text


def _html_text(path: Path | str, raw: str) -> str:
    import trafilatura

    try:
        extracted = trafilatura.extract(raw, output_format="markdown", include_tables=True)
    except RecursionError:
        raise InputInvalid(f"{path}: the HTML nests too deeply to read: skipped") from None
    except Exception as exc:  # a third-party parser on untrusted input: any failure is the file's
        log.debug("trafilatura failed on %s", path, exc_info=True)
        raise InputInvalid(
            f"{path}: the HTML could not be read ({type(exc).__name__}): skipped"
        ) from exc
    if not extracted:
        raise InputInvalid(f"{path}: no main text found in the HTML: skipped")
    return str(extracted)


def _pdf_text(path: Path | str, data: bytes) -> str:
    from pypdf import PdfReader
    from pypdf.errors import LimitReachedError

    try:
        reader = PdfReader(io.BytesIO(data))
        if reader.is_encrypted:
            raise InputInvalid(f"{path} is password-protected: give an unlocked copy")
        pages = [page.extract_text() or "" for page in reader.pages]
    except InputInvalid:
        raise
    except LimitReachedError as exc:
        raise InputInvalid(
            f"{path} would expand past the PDF reader's limits (LimitReachedError: a "
            "decompression bomb or a damaged file): skipped"
        ) from exc
    except RecursionError:
        raise InputInvalid(f"{path} nests its objects too deeply to read: skipped") from None
    except Exception as exc:  # a third-party parser on untrusted input: any failure is the file's
        log.debug("pypdf failed on %s", path, exc_info=True)
        raise InputInvalid(f"{path} is not a readable PDF ({type(exc).__name__})") from exc
    return "\n\n".join(pages)


def split_passages(
    text: str, *, size: int = PASSAGE_CHARS, overlap: int = OVERLAP_CHARS
) -> list[Passage]:
    """Passages cut at headings, then paragraphs, then ``size``, each with its heading path."""
    out: list[Passage] = []
    path: list[str] = []
    body: list[str] = []

    def flush() -> None:
        section = " > ".join(path) or None
        for piece in _by_size("\n".join(body), size=size, overlap=overlap):
            out.append(Passage(piece, section))
        body.clear()

    for line in text.splitlines():
        m = _HEADING.match(line)
        if m:
            flush()
            level = len(m.group(1))
            del path[level - 1 :]
            path.append(m.group(2).strip())
        else:
            body.append(line)
    flush()
    return out


def _by_size(text: str, *, size: int, overlap: int) -> list[str]:
    pieces: list[str] = []
    current = ""
    for para in (p.strip() for p in re.split(r"\n\s*\n", text)):
        if not para:
            continue
        para = " ".join(para.split())
        if current and len(current) + len(para) + 1 > size:
            pieces.append(current)
            current = current[-overlap:].split(" ", 1)[-1] if overlap else ""
        current = f"{current} {para}".strip() if current else para
        while len(current) > size:
            cut = current.rfind(" ", 0, size)
            cut = cut if cut > size // 2 else size
            pieces.append(current[:cut])
            current = current[max(0, cut - overlap) :].lstrip()
    if current:
        pieces.append(current)
    return pieces
