"""The RediSearch text a question (any of its words) or a name (all of its terms) becomes.

Every read that sends a full-text query writes its text here: search, walks (a name
looked up), minutes, the repository reads. Escaping in one place is what keeps user text
from being read as RediSearch operators (see NOTES: space is AND, ``|``, ``-``, ``*``).
"""

from __future__ import annotations

import re

#: Characters the full-text query syntax treats as operators; escaped in every term.
FT_SPECIAL = re.compile(r"([,.<>{}\[\]\"':;!@#$%^&*()\-+=~|/\\?`])")
WORD = re.compile(r"[\w][\w'-]*", re.UNICODE)
STOPWORDS = frozenset(
    [
        "a",
        "an",
        "and",
        "are",
        "as",
        "at",
        "be",
        "but",
        "by",
        "did",
        "do",
        "does",
        "for",
        "from",
        "has",
        "have",
        "how",
        "i",
        "if",
        "in",
        "into",
        "is",
        "it",
        "its",
        "me",
        "my",
        "no",
        "not",
        "of",
        "on",
        "or",
        "our",
        "so",
        "that",
        "the",
        "their",
        "them",
        "there",
        "these",
        "they",
        "this",
        "to",
        "us",
        "was",
        "we",
        "were",
        "what",
        "when",
        "where",
        "which",
        "who",
        "whom",
        "why",
        "will",
        "with",
        "would",
        "you",
        "your",
        "can",
        "could",
        "should",
        "about",
        "after",
        "before",
        "just",
        "than",
        "then",
        "too",
        "very",
        "get",
        "got",
    ]
)
#: At most this many words of a question are searched for.
MAX_WORDS = 24


def fulltext_query(text: str) -> str | None:
    """User text as a RediSearch query: escaped words, stop words dropped, any word matches.

    Space means AND in RediSearch; a question's words rarely all appear in one thing, so
    the words are OR-ed and the ranking rewards things that match more of them.
    """
    words = [w for w in WORD.findall(text.lower()) if w not in STOPWORDS and len(w) > 1]
    escaped = [FT_SPECIAL.sub(r"\\\1", w) for w in dict.fromkeys(words)][:MAX_WORDS]
    return " | ".join(escaped) or None


#: RediSearch's default separators: an indexed text is split into terms at these.
_FT_SEPARATORS = re.compile(r"[\s,./(){}\[\]:;\\~!@#$%^&*\-=+|'`\"<>?]+")


def exact_terms_query(text: str) -> str | None:
    """A RediSearch query every thing holding all the terms of ``text`` matches: split
    where the index splits, so a thing named exactly ``text`` is always among its
    matches. None when ``text`` has no term (only separators)."""
    terms = [t for t in _FT_SEPARATORS.split(text.lower()) if t]
    return " ".join(dict.fromkeys(terms)) or None
