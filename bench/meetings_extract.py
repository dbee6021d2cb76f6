"""Decisions and action items taken from meetings, against annotations written by hand.

Each annotated meeting is loaded the way ``hivebrain ingest meeting`` loads it (the real
parser, speaker resolution, extractor and check, written through the gate into a fresh
tenant of an embedded FalkorDB that holds the meeting's people first), and what extraction
kept is compared with the annotations (decisions, action items with owner and due date,
non-decisions: talk that sounds decisive but settles nothing):

* an extracted decision **matches** an annotated one when the lines it cites overlap that
  decision's lines (one line of slack either side); each annotated item matches once.
  Precision is matched / extracted, recall matched / annotated. An extracted decision that
  matches no decision but overlaps a non-decision is **invented** (the trap it fell in);
* an action item matches the same way, items of the same owner paired first, then the
  rest (one turn handing work to two people pairs each with their own); its **owner is
  right** when the owner extraction resolved is the annotated person (folded names);
  ``owner_right_ratio`` is the annotated items matched with the right owner over all
  annotated items; its **due** is right when the ISO dates agree (counted over annotated
  items that have a due date).

Meetings: the eight QMSum meetings in ``../shared/data/meetings`` (annotated once, in
``bench/data/qmsum_annotations``; skipped, with a word, when ``../shared`` is missing) and the
fresh meetings in ``bench/data/meetings_annotated/<name>/`` (``transcript.txt`` +
``annotations.json``), which joined after their first run.

``--first-run DIR`` measures one fresh annotated meeting the extractor has never seen, once:
it refuses a meeting already in ``bench/meetings_history.jsonl``, appends one line of figures
there (never rewritten) and keeps what was extracted, matched and missed in
``bench/out/first-run-meeting-<name>.txt``.

Run: ``python bench/meetings_extract.py [--verbose] [--first-run DIR]``. Prints a table and,
as its last line, one JSON object of figures.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import subprocess
import sys
import tempfile
import time
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from shared_data import shared_data  # bench/ is a folder of scripts

from agents import meeting_proposer
from brain import Brain, BrainSettings, EmbeddedServer
from brain.ingest import load_meeting, read_transcript

ROOT = Path(__file__).resolve().parents[1]
QMSUM = shared_data("meetings")  # beside the checkout or a parent folder
QMSUM_NOTES = ROOT / "bench" / "data" / "qmsum_annotations"
FRESH = ROOT / "bench" / "data" / "meetings_annotated"
HISTORY = ROOT / "bench" / "meetings_history.jsonl"
OUT = ROOT / "bench" / "out"
SLACK = 1  # lines either side that still count as the same place


@dataclass(slots=True)
class Meeting:
    """One annotated meeting: where its transcript is and what a person marked in it."""

    name: str
    file: Path
    notes: dict[str, Any]


@dataclass(slots=True)
class Score:
    """What extraction got right and wrong on one meeting."""

    name: str
    turns: int
    decisions: int = 0
    extracted_decisions: int = 0
    matched_decisions: int = 0
    invented: int = 0
    actions: int = 0
    extracted_actions: int = 0
    matched_actions: int = 0
    owner_right: int = 0
    with_due: int = 0
    due_right: int = 0
    lines: list[str] = field(default_factory=list)


def fold(text: str | None) -> str:
    return " ".join(unicodedata.normalize("NFKC", text or "").casefold().split())


def near(cited: tuple[int, ...] | list[int], marked: list[int]) -> bool:
    """Whether cited lines fall on (or one line beside) the marked ones."""
    return any(abs(c - m) <= SLACK for c in cited for m in marked)


def qmsum_meetings() -> list[Meeting]:
    if not QMSUM.is_dir():
        print(f"note: {QMSUM} is missing; the QMSum meetings are skipped", file=sys.stderr)
        return []
    found = []
    for notes in sorted(QMSUM_NOTES.glob("*.json")):
        file = QMSUM / notes.name
        if file.is_file():
            found.append(Meeting(notes.stem, file, json.loads(notes.read_text(encoding="utf-8"))))
    return found


def fresh_meeting(folder: Path) -> Meeting:
    notes = json.loads((folder / "annotations.json").read_text(encoding="utf-8"))
    return Meeting(folder.name, folder / "transcript.txt", notes)


def fresh_meetings() -> list[Meeting]:
    if not FRESH.is_dir():
        return []
    return [fresh_meeting(p) for p in sorted(FRESH.iterdir()) if (p / "annotations.json").is_file()]


def people_facts(notes: dict[str, Any], day: str) -> list[tuple[int, dict[str, Any]]]:
    """The meeting's people as the tenant's own Person records (so owners can resolve)."""
    facts = []
    for i, person in enumerate(notes.get("people", []), 1):
        node: dict[str, Any] = {
            "type": "Person",
            "id": f"person-{i}",
            "name": person["name"],
            "src": "bench:people",
            "asOf": day,
        }
        if person.get("email"):
            node["email"] = person["email"]
        facts.append((i, {"node": node}))
    return facts


def _paired(found: list[Any], actions: list[dict[str, Any]]) -> dict[int, int]:
    """Extracted action -> annotated action: first every extracted item near an annotated
    item of its own owner, then the rest near any free one, each annotated item once (one
    turn handing work to two people pairs each with their own, whatever order they came)."""
    pairs: dict[int, int] = {}
    taken: set[int] = set()
    for same_owner in (True, False):
        for n, c in enumerate(found):
            if n in pairs:
                continue
            hit = next(
                (
                    i
                    for i, a in enumerate(actions)
                    if i not in taken
                    and near(c.lines, a["lines"])
                    and (not same_owner or fold(c.owner) == fold(a.get("owner")))
                ),
                None,
            )
            if hit is not None:
                pairs[n] = hit
                taken.add(hit)
    return pairs


def score(meeting: Meeting, kept: list[Any], turns: int) -> Score:
    """Compare what extraction kept with the annotations (see the module docstring)."""
    notes = meeting.notes
    out = Score(meeting.name, turns)
    decisions = notes.get("decisions", [])
    actions = notes.get("action_items", [])
    traps = notes.get("non_decisions", [])
    out.decisions, out.actions = len(decisions), len(actions)
    out.with_due = sum(1 for a in actions if a.get("due"))
    free_decisions = list(range(len(decisions)))
    free_actions = list(range(len(actions)))
    for c in (c for c in kept if c.kind == "decision"):
        out.extracted_decisions += 1
        hit = next((i for i in free_decisions if near(c.lines, decisions[i]["lines"])), None)
        if hit is not None:
            free_decisions.remove(hit)
            out.matched_decisions += 1
            out.lines.append(f"  decision ok   {c.lines}: {c.text}")
        elif any(near(c.lines, t["lines"]) for t in traps):
            out.invented += 1
            out.lines.append(f"  INVENTED      {c.lines}: {c.text}")
        else:
            out.lines.append(f"  decision ??   {c.lines}: {c.text}")
    found = [c for c in kept if c.kind != "decision"]
    out.extracted_actions = len(found)
    pairs = _paired(found, actions)
    for n, c in enumerate(found):
        hit = pairs.get(n)
        if hit is None:
            out.lines.append(f"  action ??     {c.lines}: {c.text} (owner {c.owner}, due {c.due})")
            continue
        free_actions.remove(hit)
        want = actions[hit]
        out.matched_actions += 1
        owner_ok = fold(c.owner) == fold(want.get("owner"))
        out.owner_right += owner_ok
        due_ok = bool(want.get("due")) and c.due == want["due"]
        out.due_right += due_ok
        out.lines.append(
            f"  action ok     {c.lines}: {c.text} (owner {c.owner}"
            f"{'' if owner_ok else ' != ' + str(want.get('owner'))}, due {c.due}"
            f"{'' if due_ok or not want.get('due') else ' != ' + want['due']})"
        )
    for i in free_decisions:
        out.lines.append(f"  MISSED decision {decisions[i]['lines']}: {decisions[i]['summary']}")
    for i in free_actions:
        a = actions[i]
        out.lines.append(f"  MISSED action {a['lines']}: {a['summary']} ({a.get('owner')})")
    return out


async def extract(brain: Brain, meeting: Meeting, slug: str) -> Score:
    """Load one meeting into a fresh tenant and score what extraction kept."""
    day = meeting.notes.get("date") or "2026-01-05"
    await brain.create_tenant(slug, name=meeting.name)
    graph = await brain.tenant(slug)
    people = people_facts(meeting.notes, day)
    if people:
        await graph.write_facts(people)
    text = meeting.file.read_text(encoding="utf-8")
    transcript = read_transcript(meeting.file.name, text=text)
    loaded = await load_meeting(
        graph,
        transcript,
        name=f"bench/{meeting.name}",
        src=f"file:bench/{meeting.name}/{meeting.file.name}",
        as_of=day,
        title=meeting.notes.get("title"),
        propose=meeting_proposer(),
    )
    return score(meeting, loaded.extraction.kept, len(transcript.turns))


def ratio(part: int, whole: int) -> float:
    return round(part / whole, 3) if whole else 0.0


def figures(scores: list[Score]) -> dict[str, Any]:
    def total(attr: str) -> int:
        return sum(getattr(s, attr) for s in scores)

    return {
        "meetings": len(scores),
        "decisions": total("decisions"),
        "decisions_extracted": total("extracted_decisions"),
        "decision_precision_ratio": ratio(total("matched_decisions"), total("extracted_decisions")),
        "decision_recall_ratio": ratio(total("matched_decisions"), total("decisions")),
        "invented_from_non_decisions": total("invented"),
        "actions": total("actions"),
        "actions_extracted": total("extracted_actions"),
        "action_precision_ratio": ratio(total("matched_actions"), total("extracted_actions")),
        "action_recall_ratio": ratio(total("matched_actions"), total("actions")),
        "action_owner_right_ratio": ratio(total("owner_right"), total("actions")),
        "action_due_right_ratio": ratio(total("due_right"), total("with_due")),
    }


def table(scores: list[Score]) -> None:
    print(
        f"{'meeting':24}{'turns':>6}{'dec':>5}{'got':>5}{'P':>7}{'R':>7}{'inv':>5}"
        f"{'act':>5}{'got':>5}{'owner':>7}{'due':>6}"
    )
    for s in scores:
        print(
            f"{s.name:24}{s.turns:>6}{s.decisions:>5}{s.extracted_decisions:>5}"
            f"{ratio(s.matched_decisions, s.extracted_decisions):>7.2f}"
            f"{ratio(s.matched_decisions, s.decisions):>7.2f}{s.invented:>5}"
            f"{s.actions:>5}{s.extracted_actions:>5}{ratio(s.owner_right, s.actions):>7.2f}"
            f"{ratio(s.due_right, s.with_due):>6.2f}"
        )


async def run(meetings: list[Meeting]) -> list[Score]:
    """Every meeting in its own tenant of one fresh embedded server."""
    os.environ.pop("ANTHROPIC_API_KEY", None)  # rules mode
    scores: list[Score] = []
    with tempfile.TemporaryDirectory(prefix="hivebrain-extract-") as tmp:
        server = EmbeddedServer(Path(tmp))
        url = await server.ensure_running()
        try:
            settings = BrainSettings(falkordb_url=url, hivebrain_embeddings=False)
            async with Brain(settings) as brain:
                for i, meeting in enumerate(meetings):
                    scores.append(await extract(brain, meeting, f"meeting-{i}"))
        finally:
            await server.stop()
    return scores


def commit() -> str:
    def git(*args: str) -> str:
        done = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True)
        return done.stdout.strip()

    dirty = git("status", "--porcelain", "--untracked-files=no")
    return git("rev-parse", "--short=12", "HEAD") + ("+dirty" if dirty else "")


def first_run(folder: Path) -> dict[str, Any]:
    """Measure a never-seen meeting once and append its figures to the history."""
    meeting = fresh_meeting(folder)
    seen = set()
    if HISTORY.is_file():
        seen = {json.loads(x)["meeting"] for x in HISTORY.read_text().splitlines() if x.strip()}
    if meeting.name in seen:
        raise SystemExit(f"{meeting.name} already had its first run (see {HISTORY.name})")
    scores = asyncio.run(run([meeting]))
    table(scores)
    line = {"date": time.strftime("%Y-%m-%d"), "commit": commit(), "meeting": meeting.name}
    line |= {"turns": scores[0].turns, **figures(scores)}
    line.pop("meetings")
    with HISTORY.open("a", encoding="utf-8") as fh:
        fh.write(json.dumps(line) + "\n")
    OUT.mkdir(exist_ok=True)
    (OUT / f"first-run-meeting-{meeting.name}.txt").write_text(
        "\n".join(scores[0].lines) + "\n", encoding="utf-8"
    )
    return line


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--verbose", action="store_true", help="what was kept, matched, missed")
    parser.add_argument("--first-run", type=Path, help="a never-seen annotated meeting's folder")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)
    if args.first_run:
        print(json.dumps(first_run(args.first_run)))
        return
    qmsum, fresh = qmsum_meetings(), fresh_meetings()
    scores = asyncio.run(run(qmsum + fresh))
    table(scores)
    if args.verbose:
        for s in scores:
            print(f"\n{s.name}\n" + "\n".join(s.lines))
    out = figures(scores)
    for label, part in (("qmsum", scores[: len(qmsum)]), ("fresh", scores[len(qmsum) :])):
        if part:
            out |= {f"{label}_{k}": v for k, v in figures(part).items() if k != "meetings"}
    print(json.dumps(out))


if __name__ == "__main__":
    main()
