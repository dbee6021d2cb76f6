"""The passages of one document or meeting, so an answer can quote the words it rests on.

Search answers a passage as its source (the Document or Meeting) with a short snippet;
a desk that must quote "the complaints procedure" or "what the postmortem said" reads the
source's current passages here and picks the ones that hold the question's words. Closed
passages (text that was changed or removed at the source) are never returned.
"""

from __future__ import annotations

from brain._moments import format_moment
from brain._tenant_graph import TenantGraph
from brain.reads._evidence import EdgeRef, Evidence, NodeRef, ReadResult
from brain.reads._walks import not_found, resolve
from brain.reads.archive import Hydrate, union_rows

#: Passages read per source: a long handbook keeps its first this many.
MAX_PASSAGES = 400
PASSAGE_TYPES = ("Document", "Meeting", "Email", "Message")

READ_PASSAGES = """
MATCH (d:Entity {id: $id})-[e:HAS_CHUNK]->(c:Chunk)
WHERE e.since <= $t AND (e.until IS NULL OR e.until > $t)
RETURN c.id, c.text, c.section, c.position, c.line, c.speaker, c.asOf
ORDER BY c.position, c.line, c.id
LIMIT $limit
"""

#: The same read on the archive, whose passage stubs are entities of type Chunk.
READ_ARCHIVED_PASSAGES = """
MATCH (d:Entity {id: $id})-[e:HAS_CHUNK]->(c:Entity)
WHERE e.since <= $t AND (e.until IS NULL OR e.until > $t)
RETURN c.id, c.text, c.section, c.position, c.line, c.speaker, c.asOf
LIMIT $limit
"""

#: A passage's columns of ``READ_PASSAGES``, read back from the live graph by id.
READ_PASSAGE_COLUMNS = """
UNWIND $ids AS id
MATCH (c:Chunk {id: id})
RETURN c.id AS key, c.id, c.text, c.section, c.position, c.line, c.speaker, c.asOf
LIMIT $limit
"""


async def passages(graph: TenantGraph, q: str, *, as_of_ms: int) -> ReadResult:
    """Every current passage of the document or meeting ``q`` names, in order."""
    found = [n for n in await resolve(graph, q) if n["type"] in PASSAGE_TYPES]
    if not found:
        return not_found("passages", as_of_ms, q)
    source = found[0]
    rows = await union_rows(
        graph,
        "passages",
        READ_PASSAGES,
        {"id": source["id"], "t": as_of_ms, "limit": MAX_PASSAGES},
        t=as_of_ms,
        hydrates=(Hydrate(at=0, width=7, query=READ_PASSAGE_COLUMNS),),
        archive_cypher=READ_ARCHIVED_PASSAGES,
    )
    # the query's order (position, line, id; a missing one last), over both graphs
    rows.sort(key=lambda r: (r[3] is None, r[3] or 0, r[4] is None, r[4] or 0, r[0]))
    rows = rows[:MAX_PASSAGES]
    items = [
        {
            "id": cid,
            "text": text or "",
            "section": section,
            "position": position,
            "line": line,
            "speaker": speaker,
        }
        for cid, text, section, position, line, speaker, _ in rows
    ]
    newest = max((r[6] for r in rows if r[6] is not None), default=None)
    nodes = [NodeRef(id=source["id"], type=source["type"], name=source["name"])]
    nodes += [NodeRef(id=i["id"], type="Chunk", name=i["section"]) for i in items]
    edges = [EdgeRef(source=source["id"], type="HAS_CHUNK", target=i["id"]) for i in items]
    return ReadResult(
        tool="passages",
        as_of=format_moment(as_of_ms) or "",
        found=bool(items),
        message=None if items else f"{source['name'] or source['id']!r} has no passages",
        data={
            "source": {"id": source["id"], "type": source["type"], "name": source["name"]},
            "passages": items,
            "truncated": len(items) >= MAX_PASSAGES,
        },
        evidence=Evidence(nodes=nodes, edges=edges),
        sample=bool(source.get("sample")),
        newest_as_of=format_moment(newest),
    )
