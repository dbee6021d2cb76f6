"""Draw a graph path as a PNG, so "how do we know?" has a picture to go with the answer.

Geometry lives in the pure :func:`layout_path`, which tests check directly; Pillow only
paints what the layout says. Closed (historical) edges are drawn dashed and grey and
labelled "(closed)": a former owner must never look like the current one.
"""

from __future__ import annotations

import functools
import io
import logging
import math
from collections.abc import Callable
from dataclasses import dataclass

from PIL import Image, ImageDraw, ImageFont

from bots.core._reply import PathEdge, PathNode

log = logging.getLogger(__name__)

Point = tuple[float, float]
Colour = tuple[int, int, int]
Font = ImageFont.FreeTypeFont | ImageFont.ImageFont

LINE_LAYOUT_MAX = 8
MAX_NODES = 24
NAME_LIMIT = 28
FONT_SIZE = 14
BOX_HEIGHT = 36
BOX_PAD_X = 12
MARGIN = 24
MIN_GAP = 90
LANE_STEP = 30
LABEL_HEIGHT = 18
DASH, DASH_GAP = 8, 6
LINE_WIDTH = 2

BACKGROUND: Colour = (255, 255, 255)
CURRENT_COLOUR: Colour = (40, 40, 40)
CLOSED_COLOUR: Colour = (160, 160, 160)
BOX_FILL: Colour = (238, 243, 255)
BOX_OUTLINE: Colour = (60, 90, 160)


@dataclass(frozen=True, slots=True)
class NodeBox:
    """Where one node's rounded box sits and what it says."""

    id: str
    label: str
    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def centre(self) -> Point:
        """Middle of the box; arrows aim at it."""
        return ((self.x0 + self.x1) / 2, (self.y0 + self.y1) / 2)


@dataclass(frozen=True, slots=True)
class EdgeArrow:
    """One edge as a polyline ending in an arrowhead at the target box."""

    source: str
    target: str
    label: str
    points: tuple[Point, ...]
    label_at: Point
    is_dashed: bool
    colour: Colour


@dataclass(frozen=True, slots=True)
class PathLayout:
    """The whole picture: canvas size, boxes, arrows, and how many nodes were left out."""

    width: int
    height: int
    boxes: tuple[NodeBox, ...]
    arrows: tuple[EdgeArrow, ...]
    hidden_nodes: int = 0


def _approx_width(text: str) -> float:
    return 7.5 * len(text)


def _clean(text: str) -> str:
    return " ".join("".join(ch if ch.isprintable() else " " for ch in text).split())


def node_label(node: PathNode) -> str:
    """``Type: name`` with long names shortened, so one node cannot take the whole width."""
    name = _clean(node.name)
    if len(name) > NAME_LIMIT:
        name = name[: NAME_LIMIT - 1].rstrip() + "…"
    return f"{_clean(node.type)}: {name}"


def edge_label(edge: PathEdge) -> str:
    """The relationship type, marked "(closed)" when the edge is history."""
    return f"{_clean(edge.type)} (closed)" if edge.closed else _clean(edge.type)


def _clip(box: NodeBox, towards: Point) -> Point:
    """Where the line from the box centre towards ``towards`` leaves the box."""
    cx, cy = box.centre
    dx, dy = towards[0] - cx, towards[1] - cy
    half_w, half_h = (box.x1 - box.x0) / 2, (box.y1 - box.y0) / 2
    scales = [half_w / abs(dx) if dx else math.inf, half_h / abs(dy) if dy else math.inf]
    t = min(scales)
    if t >= 1 or t == math.inf:
        return box.centre
    return (cx + dx * t, cy + dy * t)


def _arrow(edge: PathEdge, points: tuple[Point, ...], label_at: Point) -> EdgeArrow:
    return EdgeArrow(
        source=edge.source,
        target=edge.target,
        label=edge_label(edge),
        points=points,
        label_at=label_at,
        is_dashed=edge.closed,
        colour=CLOSED_COLOUR if edge.closed else CURRENT_COLOUR,
    )


def _line_layout(
    nodes: list[PathNode], edges: list[PathEdge], measure: Callable[[str], float]
) -> PathLayout:
    index = {node.id: i for i, node in enumerate(nodes)}
    straight: dict[int, list[PathEdge]] = {}
    lanes: list[PathEdge] = []
    for edge in edges:
        a, b = index[edge.source], index[edge.target]
        gap = min(a, b)
        if abs(a - b) == 1 and gap not in straight:
            straight[gap] = [edge]
        else:
            lanes.append(edge)
    top = MARGIN + LABEL_HEIGHT + len(lanes) * LANE_STEP
    boxes: list[NodeBox] = []
    x = float(MARGIN)
    for i, node in enumerate(nodes):
        label = node_label(node)
        width = measure(label) + 2 * BOX_PAD_X
        boxes.append(NodeBox(node.id, label, x, top, x + width, top + BOX_HEIGHT))
        labels = [edge_label(e) for e in straight.get(i, [])]
        x += width + max([MIN_GAP] + [measure(t) + 24 for t in labels])
    cy = top + BOX_HEIGHT / 2
    arrows: list[EdgeArrow] = []
    for gap, (edge,) in sorted(straight.items()):
        left, right = boxes[gap], boxes[gap + 1]
        forward = index[edge.source] == gap
        points = ((left.x1, cy), (right.x0, cy)) if forward else ((right.x0, cy), (left.x1, cy))
        mid = ((left.x1 + right.x0) / 2, cy - LABEL_HEIGHT / 2 - 4)
        arrows.append(_arrow(edge, points, mid))
    for lane, edge in enumerate(lanes, start=1):
        src, dst = boxes[index[edge.source]], boxes[index[edge.target]]
        lane_y = top - lane * LANE_STEP
        sx, tx = src.centre[0], dst.centre[0]
        if sx == tx:  # an edge from a node to itself loops over the box
            sx, tx = src.x0 + 8, src.x1 - 8
        points = ((sx, top), (sx, lane_y), (tx, lane_y), (tx, top))
        arrows.append(_arrow(edge, points, ((sx + tx) / 2, lane_y - LABEL_HEIGHT / 2 - 2)))
    width = int(boxes[-1].x1 + MARGIN)
    return PathLayout(width, int(top + BOX_HEIGHT + MARGIN), tuple(boxes), tuple(arrows))


def _circle_layout(
    nodes: list[PathNode], edges: list[PathEdge], measure: Callable[[str], float]
) -> PathLayout:
    labels = [node_label(node) for node in nodes]
    widths = [measure(label) + 2 * BOX_PAD_X for label in labels]
    widest = max(widths)
    n = len(nodes)
    # An ellipse sized so neighbours clear each other's box even on the diagonals
    # (hence 1.5): wide boxes need horizontal room, short ones little vertical room.
    step = math.sin(2 * math.pi / n)
    rx = max(160.0, 1.5 * (widest + 20) / step)
    ry = max(120.0, 1.5 * (BOX_HEIGHT + LABEL_HEIGHT + 12) / step)
    cx = MARGIN + widest / 2 + rx
    cy = MARGIN + LABEL_HEIGHT + BOX_HEIGHT / 2 + ry
    boxes: list[NodeBox] = []
    for i, (node, label, width) in enumerate(zip(nodes, labels, widths, strict=True)):
        angle = -math.pi / 2 + 2 * math.pi * i / n
        x, y = cx + rx * math.cos(angle), cy + ry * math.sin(angle)
        boxes.append(
            NodeBox(
                node.id, label, x - width / 2, y - BOX_HEIGHT / 2, x + width / 2, y + BOX_HEIGHT / 2
            )
        )
    by_id = {box.id: box for box in boxes}
    arrows: list[EdgeArrow] = []
    for edge in edges:
        src, dst = by_id[edge.source], by_id[edge.target]
        start, end = _clip(src, dst.centre), _clip(dst, src.centre)
        mid = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2 - LABEL_HEIGHT / 2)
        arrows.append(_arrow(edge, (start, end), mid))
    width = 2 * rx + widest + 2 * MARGIN
    height = 2 * ry + BOX_HEIGHT + 2 * MARGIN + LABEL_HEIGHT
    return PathLayout(int(width), int(height), tuple(boxes), tuple(arrows))


def layout_path(
    nodes: list[PathNode],
    edges: list[PathEdge],
    *,
    measure: Callable[[str], float] | None = None,
) -> PathLayout:
    """Place nodes and route edges; pure geometry, no drawing.

    Up to eight nodes go left to right in path order, with edges between neighbours drawn
    straight and any other edge routed in a lane above the boxes; more nodes go round a
    circle. ``measure`` gives a label's pixel width (the renderer passes its font's);
    the default estimates it. Only the first :data:`MAX_NODES` nodes are placed, and
    edges touching a node that is not placed are dropped.
    """
    measure = measure or _approx_width
    shown = list({node.id: node for node in nodes}.values())[:MAX_NODES]
    hidden = len({node.id for node in nodes}) - len(shown)
    ids = {node.id for node in shown}
    kept = [e for e in edges if e.source in ids and e.target in ids]
    if len(kept) < len(edges):
        log.debug("path image: dropped %d edges to unplaced nodes", len(edges) - len(kept))
    if not shown:
        return PathLayout(0, 0, (), ())
    if len(shown) <= LINE_LAYOUT_MAX:
        layout = _line_layout(shown, kept, measure)
    else:
        layout = _circle_layout(shown, kept, measure)
    if hidden:
        return PathLayout(
            layout.width, layout.height + LABEL_HEIGHT + 8, layout.boxes, layout.arrows, hidden
        )
    return layout


@functools.cache
def _font() -> Font:
    """The drawing font, loaded once on first use (not at import)."""
    try:
        return ImageFont.load_default(size=FONT_SIZE)
    except (AttributeError, TypeError, OSError):  # Pillow without FreeType
        return ImageFont.load_default()


def _dashed(draw: ImageDraw.ImageDraw, start: Point, end: Point, colour: Colour) -> None:
    length = math.dist(start, end)
    if length == 0:
        return
    ux, uy = (end[0] - start[0]) / length, (end[1] - start[1]) / length
    offset = 0.0
    while offset < length:
        stop = min(offset + DASH, length)
        a = (start[0] + ux * offset, start[1] + uy * offset)
        b = (start[0] + ux * stop, start[1] + uy * stop)
        draw.line([a, b], fill=colour, width=LINE_WIDTH)
        offset += DASH + DASH_GAP


def _text_centred(
    draw: ImageDraw.ImageDraw, at: Point, text: str, font: Font, fill: Colour
) -> None:
    """Centre text on a point; works for bitmap fonts too, which reject ``anchor``."""
    left, top, right, bottom = draw.textbbox((0, 0), text, font=font)
    draw.text((at[0] - (right + left) / 2, at[1] - (bottom + top) / 2), text, fill=fill, font=font)


def _draw_arrow(
    draw: ImageDraw.ImageDraw, arrow: EdgeArrow, font: Font, safe: Callable[[str], str]
) -> None:
    for start, end in zip(arrow.points, arrow.points[1:], strict=False):
        if arrow.is_dashed:
            _dashed(draw, start, end, arrow.colour)
        else:
            draw.line([start, end], fill=arrow.colour, width=LINE_WIDTH)
    (px, py), (ex, ey) = arrow.points[-2], arrow.points[-1]
    angle = math.atan2(ey - py, ex - px)
    head = [
        (ex, ey),
        (ex - 10 * math.cos(angle - 0.4), ey - 10 * math.sin(angle - 0.4)),
        (ex - 10 * math.cos(angle + 0.4), ey - 10 * math.sin(angle + 0.4)),
    ]
    if arrow.is_dashed:
        draw.polygon(head, outline=arrow.colour, fill=BACKGROUND)
    else:
        draw.polygon(head, fill=arrow.colour)
    _text_centred(draw, arrow.label_at, safe(arrow.label), font, arrow.colour)


def _drawable(text: str, font: Font) -> str:
    # The bitmap fallback font only encodes Latin-1; FreeType draws a box instead.
    if isinstance(font, ImageFont.FreeTypeFont):
        return text
    return text.encode("latin-1", "replace").decode("latin-1")


def measure_label(text: str) -> float:
    """Pixel width of ``text`` in the font :func:`render_path_png` draws with.

    Pass it as ``layout_path(..., measure=measure_label)`` to get the exact geometry of
    the rendered picture.
    """
    font = _font()
    return float(font.getlength(_drawable(text, font)))


def render_path_png(nodes: list[PathNode], edges: list[PathEdge]) -> bytes:
    """A PNG of the path for adapters to upload next to the answer; ``b""`` if no nodes.

    CPU-bound: adapters call it through ``asyncio.to_thread``.
    """
    font = _font()

    def safe(text: str) -> str:
        return _drawable(text, font)

    layout = layout_path(nodes, edges, measure=measure_label)
    if not layout.boxes:
        return b""
    image = Image.new("RGB", (max(layout.width, 1), max(layout.height, 1)), BACKGROUND)
    draw = ImageDraw.Draw(image)
    for arrow in layout.arrows:
        _draw_arrow(draw, arrow, font, safe)
    for box in layout.boxes:
        draw.rounded_rectangle(
            (box.x0, box.y0, box.x1, box.y1),
            radius=8,
            fill=BOX_FILL,
            outline=BOX_OUTLINE,
            width=2,
        )
        _text_centred(draw, box.centre, safe(box.label), font, (20, 20, 20))
    if layout.hidden_nodes:
        note = f"… and {layout.hidden_nodes} more nodes not shown"
        draw.text((MARGIN, layout.height - LABEL_HEIGHT), note, fill=CLOSED_COLOUR, font=font)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=True)
    return buffer.getvalue()
