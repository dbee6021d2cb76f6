"""Search: hybrid search over things and passages, search within one source, its passages,
and the initialisms a question names things by."""

from __future__ import annotations

from brain.reads.search._initials import (
    Initials,
    initialisms_in,
    initials_of,
    spelled,
    tenant_initials,
)
from brain.reads.search._named_speakers import named_speakers, speaker_free, without_speakers
from brain.reads.search._passages import passages
from brain.reads.search._queries import SNIPPET, search_query
from brain.reads.search._search import POOL, RRF_K, Hit, fuse, rerank, search
from brain.reads.search._within import search_within

__all__ = [
    "Initials",
    "initialisms_in",
    "initials_of",
    "spelled",
    "tenant_initials",
    "POOL",
    "RRF_K",
    "SNIPPET",
    "Hit",
    "fuse",
    "named_speakers",
    "passages",
    "rerank",
    "search",
    "search_query",
    "search_within",
    "speaker_free",
    "without_speakers",
]
