"""Render a :class:`~bots.core._reply.Reply` in a terminal with rich.

The console adapter is how developers and operators talk to a brain without Slack or
Discord, so it shows everything the chat renderers show (verification, caveats, sources,
path, cards with their ids for ``hivebrain card SLUG ID approve``) without size limits.
Text is passed to rich as ``Text``/``Markdown`` objects, never as markup strings, so a
name such as ``[bold]`` is printed as written. Mentions are left alone: a terminal
cannot ping anyone, and operators should see exactly what the agent produced.
"""

from __future__ import annotations

from rich.console import Console
from rich.markdown import Markdown
from rich.table import Table
from rich.text import Text

from bots.core import CardStatus, Reply, path_steps

_STATUS_STYLES: dict[CardStatus, str] = {
    "pending": "bold yellow",
    "approved": "green",
    "executed": "bold green",
    "rejected": "red",
    "expired": "dim",
    "failed": "bold red",
}


def _path_text(reply: Reply) -> Text:
    """The path as ``A -[TYPE]-> B``; closed edges are dimmed and say "closed".

    An edge pointing back at the previous node is drawn ``<-[TYPE]-`` so direction is
    never misread.
    """
    text = Text("Path: ", style="bold")
    for index, step in enumerate(path_steps(reply.path_nodes, reply.path_edges)):
        edge = step.edge
        if edge is not None:
            backwards = edge.source == step.node.id and edge.target != step.node.id
            kind = edge.type
            if edge.closed:
                kind += f", closed until {edge.until}" if edge.until else ", closed"
            arrow = f" <-[{kind}]- " if backwards else f" -[{kind}]-> "
            text.append(arrow, style="dim strike" if edge.closed else "cyan")
        elif index > 0:
            text.append("  ·  ", style="dim")
        text.append(f"{step.node.type}: {step.node.name}")
    return text


def render_reply_console(reply: Reply, console: Console) -> None:
    """Print ``reply`` to ``console``: answer, badge, caveats, path, sources, cards."""
    if reply.answer.strip():
        console.print(Markdown(reply.answer))
    badge = (
        Text("✔ verified", style="bold green")
        if reply.verified
        else Text("✘ not verified", style="bold yellow")
    )
    console.print(badge)
    for note in reply.check_notes:
        console.print(Text(f"  • {note}", style="yellow"))
    for note in reply.notes:
        console.print(Text(note, style="italic dim"))
    if reply.error_id:
        console.print(Text(f"Reference: {reply.error_id}", style="dim"))
    if reply.path_nodes:
        console.print(_path_text(reply))
    if reply.citations:
        sources = Table(title="Sources", show_lines=False)
        sources.add_column("id", style="dim", no_wrap=True)
        sources.add_column("title")
        sources.add_column("url", overflow="fold")
        for citation in reply.citations:
            sources.add_row(Text(citation.id), Text(citation.title), Text(citation.url or ""))
        console.print(sources)
    if reply.cards:
        cards = Table(title="Cards")
        for column in ("id", "kind", "title", "status", "outcome"):
            cards.add_column(column, overflow="fold")
        for card in reply.cards:
            cards.add_row(
                Text(card.id),
                Text(card.kind),
                Text(card.title),
                Text(card.status, style=_STATUS_STYLES[card.status]),
                Text("" if card.is_pending else card.outcome_line()),
            )
        console.print(cards)
