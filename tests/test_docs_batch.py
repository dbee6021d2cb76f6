"""`ingest docs` reads only what it was named, and one bad file never stops the batch: a
symbolic link out of the folder is not followed unless asked, a PDF whose fonts would
expand past pypdf's limits and a real web page (scripts, menu, cookie banner, footer) are
each read or named with their reason, and a run that loaded nothing says so and fails.
A pottery studio's handbook folder."""

from __future__ import annotations

import asyncio
import importlib.metadata
import io
import os
import re
import subprocess
import sys
import zlib
from pathlib import Path
from typing import Any

import pytest

from brain import Brain, TenantGraph
from brain.ingest import load_documents
from tests.conftest import unique_slug

HIVEBRAIN = Path(sys.executable).with_name("hivebrain")

READ_OPEN = """
MATCH (d:Document)-[h:HAS_CHUNK]->(c:Chunk)
WHERE h.until IS NULL
RETURN d.name, c.text
ORDER BY d.name
LIMIT 100
"""

#: A web page as sites serve them: tag-manager script, styles, a cookie banner, a menu,
#: the article, a footer and more scripts. Its main text is short enough that trafilatura
#: checks it against its fallback extractors (readability and jusText, which needs
#: lxml_html_clean).
PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Kiln firing schedule | Clayworks</title>
<script>window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}
gtag('js',new Date());</script>
<style>.nav{display:flex}.cookie{position:fixed;bottom:0}</style></head>
<body>
<div id="cookie-banner" class="cookie">We use cookies to improve your visit.
<button>Accept all</button> <a href="/privacy">Privacy policy</a></div>
<header><nav class="nav"><a href="/">Home</a> <a href="/classes">Classes</a>
<a href="/shop">Shop</a> <a href="/contact">Contact</a></nav></header>
<main><div class="content"><h1>Kiln firing schedule</h1>
<p>Bisque firings run on Tuesdays and glaze firings on Fridays.</p>
<p>Pieces must be bone dry and signed on the base before they go on the shelf.</p>
</div></main>
<footer><p>&copy; 2026 Clayworks Studio &middot; 12 Mill Lane</p>
<nav><a href="/terms">Terms</a> <a href="/jobs">Jobs</a></nav></footer>
<script src="/static/app.js"></script>
<script>document.querySelector('#cookie-banner button').onclick=function(){}</script>
</body></html>
"""


def pdf(objects: list[bytes]) -> bytes:
    """A PDF file of these objects, with its cross-reference table."""
    out = io.BytesIO()
    out.write(b"%PDF-1.4\n")
    offsets: list[int] = []
    for i, body in enumerate(objects, 1):
        offsets.append(out.tell())
        out.write(b"%d 0 obj\n" % i + body + b"\nendobj\n")
    xref = out.tell()
    out.write(b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1))
    for offset in offsets:
        out.write(b"%010d 00000 n \n" % offset)
    out.write(b"trailer\n<< /Size %d /Root 1 0 R >>\n" % (len(objects) + 1))
    out.write(b"startxref\n%d\n%%%%EOF\n" % xref)
    return out.getvalue()


def font_bomb_pdf() -> bytes:
    """An 800-byte PDF whose font's ToUnicode map spans four billion codes (pypdf stops
    it with LimitReachedError, not a PdfReadError)."""
    content = b"BT /F1 12 Tf 72 720 Td (Kiln) Tj ET"
    cmap = zlib.compress(
        b"begincmap\n1 begincodespacerange\n<0000> <FFFFFFFF>\nendcodespacerange\n"
        b"1 beginbfrange\n<00000000> <FFFFFFFF> <0041>\nendbfrange\nendcmap\n"
    )
    return pdf(
        [
            b"<< /Type /Catalog /Pages 2 0 R >>",
            b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
            b"/Resources << /Font << /F1 5 0 R >> >> >>",
            b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream",
            b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /ToUnicode 6 0 R >>",
            b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(cmap) + cmap + b"\nendstream",
        ]
    )


async def open_texts(graph: TenantGraph) -> list[str]:
    return [str(t) for _, t in (await graph.read("open", READ_OPEN, {})).rows]


async def test_a_link_out_of_the_folder_is_not_followed(
    new_tenant: TenantGraph, tmp_path: Path
) -> None:
    private = tmp_path / "private"
    private.mkdir()
    (private / "payroll.txt").write_text("Payroll: Ada earns 4,100 a month.\n")
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "glazes.md").write_text("# Glazes\n\nCeladon is fired at cone 10.\n")
    (docs / "p.txt").symlink_to(private / "payroll.txt")
    (docs / "more").symlink_to(private, target_is_directory=True)
    loaded = await load_documents(new_tenant, [docs])
    assert loaded.files == 1, loaded
    assert not [t for t in await open_texts(new_tenant) if "Payroll" in t]
    links = [s for s in loaded.skipped if "symbolic link" in s]
    assert len(links) == 2 and all("--follow-links" in s for s in links), loaded.skipped
    # asked to, it follows them: the two links reach one file, read once
    followed = await load_documents(new_tenant, [docs], follow_links=True)
    assert followed.files == 2, followed
    assert len([t for t in await open_texts(new_tenant) if "Payroll" in t]) == 1


async def test_a_link_loop_is_walked_once(new_tenant: TenantGraph, tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    (docs / "sub").mkdir(parents=True)
    (docs / "sub" / "wheel.md").write_text("# Wheels\n\nWheels are cleaned every Friday.\n")
    (docs / "sub" / "back").symlink_to(docs, target_is_directory=True)
    loaded = await load_documents(new_tenant, [docs], follow_links=True)
    assert loaded.files == 1, loaded


def test_the_html_cleaner_is_a_declared_dependency() -> None:
    # trafilatura's fallback extractors import lxml_html_clean: a fresh install needs it
    wanted = importlib.metadata.requires("hivebrain") or []
    names = {re.split(r"[\s<>=!~;\[]", r, maxsplit=1)[0].lower().replace("-", "_") for r in wanted}
    assert "lxml_html_clean" in names or any("html_clean" in r for r in wanted), wanted


async def test_one_bad_file_never_stops_the_batch(new_tenant: TenantGraph, tmp_path: Path) -> None:
    docs = tmp_path / "handbook"
    docs.mkdir()
    (docs / "firing.html").write_text(PAGE)
    (docs / "rules.md").write_text("# Rules\n\nWedge clay before it goes on the wheel.\n")
    (docs / "glazes.pdf").write_bytes(font_bomb_pdf())
    loaded = await load_documents(new_tenant, [docs])
    assert loaded.files == 2, loaded
    (skipped,) = loaded.skipped
    assert "glazes.pdf" in skipped and "LimitReachedError" in skipped, skipped
    texts = " ".join(await open_texts(new_tenant))
    assert "Bisque firings run on Tuesdays" in texts and "Wedge clay" in texts
    assert "cookies" not in texts and "Accept all" not in texts  # the page's main text only
    # a document that loaded before and cannot be read now keeps what it had
    (docs / "rules.md").write_bytes(b"\xff\xfe not text any more")
    again = await load_documents(new_tenant, [docs])
    assert again.closed == 0 and "Wedge clay" in " ".join(await open_texts(new_tenant))


@pytest.fixture
def hivebrain(falkordb_url: str, tmp_path: Path) -> Any:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SLACK_", "DISCORD_"))} | {
        "FALKORDB_URL": falkordb_url,
        "HIVEBRAIN_EMBEDDINGS": "false",
        "HIVEBRAIN_DATA_DIR": str(tmp_path / "data"),
        "HF_HUB_OFFLINE": "1",
        "NO_COLOR": "1",
        "COLUMNS": "200",
    }

    async def run(*args: str) -> subprocess.CompletedProcess[str]:
        return await asyncio.to_thread(
            subprocess.run,
            [str(HIVEBRAIN), *args],
            env=env,
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )

    return run


async def test_a_run_that_loads_nothing_says_why_and_fails(
    quiet_brain: Brain, hivebrain: Any, tmp_path: Path
) -> None:
    slug = unique_slug()
    await quiet_brain.create_tenant(slug)
    fifo = tmp_path / "pipe.md"
    os.mkfifo(fifo)
    (tmp_path / "bomb.pdf").write_bytes(font_bomb_pdf())
    done = await hivebrain("ingest", "docs", slug, "pipe.md", "/dev/null", "bomb.pdf", "gone.md")
    assert done.returncode == 1, done
    said = done.stdout + done.stderr
    assert "Traceback" not in said and "unexpected" not in said, said
    assert re.search(r"pipe\.md.*(FIFO|named pipe)", said), said
    assert re.search(r"/dev/null.*device", said), said
    assert re.search(r"bomb\.pdf.*LimitReachedError", said), said
    assert re.search(r"gone\.md.*no such file", said), said
    assert "nothing was loaded" in said, said
    # with one good file among them, the run loads it, names the bad one and still fails
    (tmp_path / "ok.md").write_text("# Clay\n\nReclaim clay is kept in the blue bins.\n")
    mixed = await hivebrain("ingest", "docs", slug, "bomb.pdf", "ok.md")
    assert mixed.returncode == 1, mixed
    assert "bomb.pdf" in mixed.stdout and "1 document(s)" in mixed.stdout, mixed.stdout
    assert "1 of the files given could not be loaded" in mixed.stderr, mixed.stderr
    assert "Traceback" not in mixed.stdout + mixed.stderr
    graph = await quiet_brain.tenant(slug)
    held = await graph.read("docs", "MATCH (d:Document) RETURN d.name")
    assert [row[0] for row in held.rows] == ["ok.md"]


async def test_a_link_left_unfollowed_is_named_and_does_not_fail_the_run(
    quiet_brain: Brain, hivebrain: Any, tmp_path: Path
) -> None:
    slug = unique_slug()
    await quiet_brain.create_tenant(slug)
    folder = tmp_path / "kiln"
    folder.mkdir()
    (folder / "firing.md").write_text("# Firing\n\nBisque goes to 1000 C over nine hours.\n")
    (tmp_path / "outside.md").write_text("# Outside\n\nNot part of the folder.\n")
    (folder / "outside.md").symlink_to(tmp_path / "outside.md")
    done = await hivebrain("ingest", "docs", slug, "kiln")
    assert done.returncode == 0, done
    assert re.search(r"outside\.md is a symbolic link", done.stdout), done.stdout
    assert "1 document(s)" in done.stdout, done.stdout
    followed = await hivebrain("ingest", "docs", slug, "kiln", "--follow-links")
    assert followed.returncode == 0 and "2 document(s)" in followed.stdout, followed
