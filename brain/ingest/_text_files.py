"""Reading a file a user names as text, with errors that say what is wrong and what to do.

Facts files, documents and transcripts all arrive this way; each refusal happens before
anything is written, so a bad file never leaves half a load behind.
"""

from __future__ import annotations

from pathlib import Path

from brain.errors import InputInvalid

#: How much of the start is checked for NUL bytes, the mark of a binary file.
_SNIFF_BYTES = 65_536


def _size(n: int) -> str:
    return f"{n // 1024**3} GB" if n >= 1024**3 else f"{n // 1024**2} MB"


def read_text_file(path: Path, *, limit_bytes: int, expected: str) -> str:
    """The file's text (UTF-8, a BOM dropped), or ``InputInvalid`` naming the problem.

    ``expected`` says what the file should have been ("a JSON Lines file of facts").
    """
    if not path.exists():
        raise InputInvalid(f"{path}: no such file")
    if not path.is_file():
        kind = "a folder" if path.is_dir() else "not a file"
        raise InputInvalid(f"{path} is {kind}: give {expected}")
    if path.stat().st_size > limit_bytes:
        raise InputInvalid(
            f"{path} is larger than {_size(limit_bytes)}: split it into several files"
        )
    data = path.read_bytes()
    if b"\x00" in data[:_SNIFF_BYTES]:
        raise InputInvalid(f"{path} is a binary file, not {expected}: nothing was written")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputInvalid(
            f"{path} is not UTF-8 text (byte {exc.start}): nothing was written"
        ) from exc
