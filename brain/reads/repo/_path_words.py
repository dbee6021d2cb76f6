"""The words of a repository's file paths, so an issue that names code finds where it lives.

An issue often names the code it is about (``moduleList``, ``yield_reducible``, "the
canvas"), and file names carry the same words. Full-text search splits paths only at
punctuation, so ``proc_yield_reducible.c`` would never meet "reducible"; this index
splits paths the way ``keywords`` splits questions (folders, ``_``, ``-``, ``.``,
camel case, stems) and maps each word to the components whose files hold it. It is
built from one read of a repository's files and kept until the tenant's next write.
"""

from __future__ import annotations

from collections import defaultdict

from brain._tenant_graph import TenantGraph
from brain.reads._cache import cached
from brain.reads.repo._code_areas import keywords

#: Files read into one repository's index.
MAX_FILES = 100_000

READ_PATHS = """
MATCH (f:File)-[ic:IN_COMPONENT]->(c:Component)
WHERE f.repo = $repo AND ic.until IS NULL
RETURN c.id, c.repo, c.path, coalesce(c.kind, 'code'), collect([f.path, coalesce(f.kind, 'code')])
LIMIT $limit
"""

#: word -> {component id: (component row, kinds of its files holding the word)}
PathWords = dict[str, dict[str, tuple[tuple[str, str, str, str], frozenset[str]]]]


async def path_words(graph: TenantGraph, repo: str) -> PathWords:
    """The word index of one repository's file paths (cached until the next write)."""

    async def build() -> PathWords:
        res = await graph.read("path words", READ_PATHS, {"repo": repo, "limit": MAX_FILES})
        found: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
        areas: dict[str, tuple[str, str, str, str]] = {}
        for cid, crepo, cpath, ckind, files in res.rows:
            areas[cid] = (cid, crepo, cpath, ckind)
            for path, kind in files:
                for word in keywords(
                    str(path).replace("/", " ").replace(".", " ").replace("-", " ")
                ):
                    found[word][cid].add(str(kind))
        return {
            word: {cid: (areas[cid], frozenset(kinds)) for cid, kinds in by_area.items()}
            for word, by_area in found.items()
        }

    return (await cached(graph, "path-words", (repo,), build))[0]
