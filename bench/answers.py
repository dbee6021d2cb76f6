"""Answer quality on businesses that are not the sample: right, honestly declined, or wrong.

Loads every business under ``tests/data/businesses/<slug>/`` (its ``facts.jsonl``, through
the gate) into a fresh tenant on an embedded FalkorDB in a temporary directory, with
embeddings on as in production, then asks each question of its ``questions.json`` the way
a chat turn does (``agents.run_turn``, rules mode: no model key, at the question's
``as_of``) and grades the answer against the stored ground truth:

* **right**: a question to answer got an answer (not a decline) holding every
  ``must_include`` string (an item that is a list is a set of alternatives), none of the
  ``must_exclude`` ones, and, for a numeric question, a stated number within ``tolerance``
  of ``number`` (a change also must not name the opposite direction); a question that
  must be declined (``unknown``, ``offtopic``) was declined;
* **declined**: a question to answer got a plain "the records don't hold it" (every desk
  that wrote something said so): honest, but not an answer;
* **wrong**: anything else, including a decline question that got an answer;
* **wrong but verified**: wrong, and the turn's own checks passed (``verified``), which
  is the dangerous case: the answer looks trustworthy.

Grading reads only the answer text, the findings and the result's fields; numbers are
read from the answer after citations, dates and times are blanked out. Turns are not
saved (``save=False``), so every question is asked of the same graph. One warm-up turn
runs before timing; the median is over every graded turn.

A business may list meeting transcripts in its manifest (``meetings``: file, title, date);
they are ingested as they are, the way ``hivebrain ingest meeting`` does, with decisions and
action items extracted in rules mode.

Run: ``python bench/answers.py [--business SLUG] [--verbose]``. Prints a table per
business, one overall, and as its last line one JSON object of figures.

``--first-run PATH`` asks a bank the answering code has never seen, once: it refuses a bank
whose slug already has a line in ``bench/answers_history.jsonl``, appends one line there
(date, commit, bank, asked, right, false declines, wrong claims, wrong claims marked
verified, median and p95 ms) and never rewrites the file; every answer and its grade is
kept in ``bench/out/first-run-<slug>.txt``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import re
import statistics
import sys
import tempfile
import time
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from agents import TurnOptions, TurnResult, meeting_proposer, run_turn
from brain import Brain, BrainSettings, EmbeddedServer, TenantGraph, read_facts
from brain.ingest import load_meeting, read_transcript

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the question banks' kinds live beside the banks

from tests.data.businesses.build import KINDS  # noqa: E402

BUSINESSES = ROOT / "tests" / "data" / "businesses"
HISTORY = ROOT / "bench" / "answers_history.jsonl"
OUT = ROOT / "bench" / "out"
GRADES = ("right", "declined", "wrong")

# --- reading an answer -------------------------------------------------------------------

#: Ways an answer says the records do not hold what was asked.
DECLINE_RE = re.compile(
    r"don'?t have anything|do not have anything|could ?n[o']t find|can ?n[o']t find|"
    r"\bfound no\b|\bno \w+(?: \w+){0,3} in your records|not in (?:your|the) records|"
    r"records don'?t (?:hold|have|say|show)|records do not (?:hold|have|say|show)|"
    r"nothing (?:about|on) (?:that|this)|can ?n[o']t answer|cannot answer|"
    r"has no readings|no readings of|outside (?:what|the) records",
    re.IGNORECASE,
)
_CITATION = re.compile(r"\[\[[^\]\n]*\]\]")
_MONTH = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
    r"|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
)
#: Spans that hold digits but state no figure: dates, times, versions, ids.
_NOT_FIGURES = re.compile(
    r"\d{4}-\d{2}-\d{2}(?:T[\d:.]+(?:Z|[+-]\d{2}:\d{2})?)?"
    rf"|\b\d{{1,2}}(?:st|nd|rd|th)?\s+{_MONTH}(?:,?\s+\d{{4}})?"
    rf"|\b{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?(?:,?\s+\d{{4}})?"
    r"|\b\d{1,2}:\d{2}\b|\bv\d+(?:\.\d+)+\b|\b[A-Z]{2,}-\d[\d-]*\b|\bP[1-4]\b",
    re.IGNORECASE,
)
_NUMBER = re.compile(r"(?<![\w.])[-−]?\d{1,3}(?:,\d{3})+(?:\.\d+)?|(?<![\w.])[-−]?\d+(?:\.\d+)?")
_UP = re.compile(r"\b(?:rose|risen|up|increas\w*|higher|more|grew|grown|climb\w*|jump\w*)\b", re.I)
_DOWN = re.compile(r"\b(?:fell|fallen|down|decreas\w*|lower|fewer|less|drop\w*|declin\w*)\b", re.I)


def normal(text: str) -> str:
    """Text for matching: NFKC, curly quotes straightened, spaces collapsed, case folded."""
    text = unicodedata.normalize("NFKC", text)
    text = text.replace("’", "'").replace("‘", "'").replace("“", '"').replace("”", '"')
    return " ".join(text.split()).casefold()


def figures(answer: str) -> list[float]:
    """The numbers an answer states, without its citations, dates, times and versions."""
    text = _NOT_FIGURES.sub(" ", _CITATION.sub(" ", answer))
    return [float(m.group(0).replace(",", "").replace("−", "-")) for m in _NUMBER.finditer(text)]


#: An answer that offers a cause answers, though it says which days have no readings
#: ("has no readings from 9 to 13 October. The likely cause is the network outage").
CAUSE_RE = re.compile(r"\bthe likely cause is\b", re.IGNORECASE)


#: A passage the answer quotes: its words are the records', not the answer's own.
QUOTED_RE = re.compile(r"“[^”]*”")


def declines(text: str) -> bool:
    own = QUOTED_RE.sub(" ", text)
    return bool(DECLINE_RE.search(own)) and not CAUSE_RE.search(own)


def is_declined(result: TurnResult) -> bool:
    """Whether the whole answer is "the records don't hold it": every desk that wrote
    something declined (or none wrote anything and the Chief said so)."""
    written = [f.text for f in result.findings if f.text.strip()]
    if not written:
        return declines(result.answer)
    return all(declines(t) for t in written)


# --- grading -----------------------------------------------------------------------------


@dataclass(slots=True)
class Graded:
    """One question, its answer and its grade."""

    business: str
    question: dict[str, Any]
    answer: str
    grade: str  # right / declined / wrong
    verified: bool
    cited: bool
    ms: float
    reasons: list[str] = field(default_factory=list)
    #: The turn's failed checks, "name: why", which kept the answer from "verified".
    doubts: list[str] = field(default_factory=list)

    @property
    def wrong_verified(self) -> bool:
        return self.grade == "wrong" and self.verified


def _found(item: str | list[str], text: str) -> bool:
    options = [item] if isinstance(item, str) else item
    return any(normal(o) in text for o in options)


def grade(business: str, question: dict[str, Any], result: TurnResult, ms: float) -> Graded:
    """Grade one answer against the question's ground truth (see the module docstring),
    with the checks that kept it from "verified"."""
    graded = _graded(business, question, result, ms)
    graded.doubts = [f"{c['name']}: {c['detail']}" for c in result.checks if not c["passed"]]
    return graded


def _graded(business: str, question: dict[str, Any], result: TurnResult, ms: float) -> Graded:
    answer = result.answer
    text = normal(answer)
    declined = is_declined(result)
    cited = all(c in result.citations for c in question.get("must_cite", []))
    reasons: list[str] = []
    if question["expect"] == "decline":
        label = "right" if declined else "wrong"
        if not declined:
            reasons.append("answered a question the records cannot answer")
        return Graded(business, question, answer, label, result.verified, cited, ms, reasons)
    if declined:
        reasons.append("declined")
        return Graded(business, question, answer, "declined", result.verified, cited, ms, reasons)
    for item in question.get("must_include", []):
        if not _found(item, text):
            reasons.append(f"missing {item!r}")
    for item in question.get("must_exclude", []):
        if normal(item) in text:
            reasons.append(f"names {item!r}, which it must not")
    if question.get("number") is not None:
        want, tol = float(question["number"]), float(question["tolerance"])
        stated = figures(answer)
        if question["kind"] == "metric_change":
            hit = any(abs(abs(n) - abs(want)) <= tol for n in stated)
            wrong_way, right_way = (_DOWN, _UP) if want > 0 else (_UP, _DOWN)
            if hit and wrong_way.search(answer) and not right_way.search(answer):
                reasons.append(
                    f"says the change went the wrong way (it went {question['direction']})"
                )
        else:
            hit = any(abs(n - want) <= tol for n in stated)
        if not hit:
            shown = ", ".join(f"{n:g}" for n in stated[:6]) or "no number"
            reasons.append(f"no figure within {tol:g} of {want:g} (stated: {shown})")
    label = "wrong" if reasons else "right"
    return Graded(business, question, answer, label, result.verified, cited, ms, reasons)


# --- running -----------------------------------------------------------------------------


@dataclass(slots=True)
class Business:
    slug: str
    path: Path
    manifest: dict[str, Any]
    facts: list[tuple[int, dict[str, Any]]]
    questions: list[dict[str, Any]]


def read_business(path: Path) -> Business:
    """One business directory: its manifest, facts and questions."""
    manifest = json.loads((path / "manifest.json").read_text(encoding="utf-8"))
    questions = json.loads((path / "questions.json").read_text(encoding="utf-8"))
    return Business(path.name, path, manifest, read_facts(path / "facts.jsonl"), questions)


async def load(brain: Brain, business: Business) -> tuple[TenantGraph, float]:
    """A fresh tenant holding the business's facts and meetings; refuses to go on if the
    gate refused any fact."""
    started = time.perf_counter()
    await brain.create_tenant(business.slug, name=business.manifest["name"])
    graph = await brain.tenant(business.slug)
    report = await graph.write_facts(business.facts)
    if report.refused:
        raise SystemExit(f"{business.slug}: the gate refused {report.refusals[:3]}")
    for meeting in business.manifest.get("meetings", []):
        file = business.path / meeting["file"]
        transcript = read_transcript(file.name, text=file.read_text(encoding="utf-8"))
        loaded = await load_meeting(
            graph,
            transcript,
            name=f"{business.slug}/{meeting['file']}",
            src=f"file:{business.slug}/{meeting['file']}",
            as_of=meeting["date"],
            title=meeting.get("title"),
            propose=meeting_proposer(),
        )
        if loaded.report.refused:
            raise SystemExit(f"{file}: the gate refused {loaded.report.refusals[:3]}")
    return graph, time.perf_counter() - started


async def ask(graph: TenantGraph, question: dict[str, Any]) -> tuple[TurnResult, float]:
    started = time.perf_counter()
    result = await run_turn(
        graph, question["q"], TurnOptions(as_of=question.get("as_of"), save=False)
    )
    return result, (time.perf_counter() - started) * 1000


def shown(item: Graded) -> str:
    """One question, its answer and its grade, as printed by ``--verbose``."""
    q = item.question
    mark = "WRONG (verified)" if item.wrong_verified else item.grade.upper()
    lines = [f"\n[{item.business}] {q['kind']}: {q['q']}"]
    lines.append("  " + "\n  ".join(item.answer.splitlines() or [""]))
    expected = q.get("must_include") or []
    if q.get("number") is not None:
        expected = [*expected, f"{q['number']:g} ± {q['tolerance']:g}"]
    lines.append(f"  -> {mark} ({item.ms:.0f} ms, verified={item.verified}); expected {expected}")
    lines += [f"     - {reason}" for reason in item.reasons]
    lines += [f"     ? {doubt}" for doubt in item.doubts]
    return "\n".join(lines)


def counts(items: Sequence[Graded]) -> dict[str, int]:
    must_decline = [i for i in items if i.question["expect"] == "decline"]
    return {
        "n": len(items),
        "right": sum(i.grade == "right" for i in items),
        "declined": sum(i.grade == "declined" for i in items),
        "wrong": sum(i.grade == "wrong" for i in items),
        "wrong_verified": sum(i.wrong_verified for i in items),
        "must_decline": len(must_decline),
        "must_decline_declined": sum(i.grade == "right" for i in must_decline),
    }


def table(title: str, rows: list[tuple[str, dict[str, int]]]) -> None:
    print(f"\n{title}")
    print(f"{'':18}{'asked':>6}{'right':>7}{'declined':>10}{'wrong':>7}{'wrong+verified':>16}")
    for label, c in rows:
        print(
            f"{label:18}{c['n']:>6}{c['right']:>7}{c['declined']:>10}{c['wrong']:>7}"
            f"{c['wrong_verified']:>16}"
        )


def report_business(business: Business, items: list[Graded]) -> None:
    m = business.manifest
    rows = [(k, counts([i for i in items if i.question["kind"] == k])) for k in KINDS]
    rows = [r for r in rows if r[1]["n"]] + [("all", counts(items))]
    table(f"{business.slug}: {m['trade']}, today {m['today']}", rows)
    c = counts(items)
    print(f"{'off-topic/unknown declined':30}{c['must_decline_declined']}/{c['must_decline']}")


def ratio(part: int, whole: int) -> float:
    return round(part / whole, 3) if whole else 0.0


def figures_of(items: list[Graded], load_s: float, slugs: list[str]) -> dict[str, Any]:
    c = counts(items)
    answerable = [i for i in items if i.question["expect"] == "answer"]
    right_answers = [i for i in answerable if i.grade == "right"]
    ms = [i.ms for i in items]
    out: dict[str, Any] = {
        "businesses": len(slugs),
        "questions": c["n"],
        "right": c["right"],
        "right_ratio": ratio(c["right"], c["n"]),
        "answerable_right_ratio": ratio(len(right_answers), len(answerable)),
        "declined_honestly": c["declined"],
        "declined_ratio": ratio(c["declined"], c["n"]),
        "wrong": c["wrong"],
        "wrong_ratio": ratio(c["wrong"], c["n"]),
        "wrong_verified": c["wrong_verified"],
        "wrong_verified_ratio": ratio(c["wrong_verified"], c["n"]),
        "must_decline_declined": c["must_decline_declined"],
        "must_decline_total": c["must_decline"],
        "must_decline_declined_ratio": ratio(c["must_decline_declined"], c["must_decline"]),
        "right_cited_ratio": ratio(sum(i.cited for i in right_answers), len(right_answers)),
        "right_verified_ratio": ratio(
            sum(i.verified for i in items if i.grade == "right"), c["right"]
        ),
        "answer_median_ms": round(statistics.median(ms), 1) if ms else 0.0,
        "answer_p90_ms": round(sorted(ms)[int(0.9 * (len(ms) - 1))], 1) if ms else 0.0,
        "answer_p95_ms": round(sorted(ms)[int(0.95 * (len(ms) - 1))], 1) if ms else 0.0,
        "load_s": round(load_s, 1),
    }
    for kind in KINDS:
        of_kind = [i for i in items if i.question["kind"] == kind]
        if of_kind:
            out[f"right_ratio_{kind}"] = ratio(
                sum(i.grade == "right" for i in of_kind), len(of_kind)
            )
    for slug in slugs:
        mine = [i for i in items if i.business == slug]
        key = slug.replace("-", "_")
        out[f"right_ratio_{key}"] = ratio(sum(i.grade == "right" for i in mine), len(mine))
    return out


async def main(
    businesses: list[Business], *, verbose: bool, keep: list[Graded] | None = None
) -> dict[str, Any]:
    """Load every business into a fresh server, ask and grade every question, print."""
    os.environ.pop("ANTHROPIC_API_KEY", None)  # rules mode: run_turn gets no model anyway
    with tempfile.TemporaryDirectory(prefix="hivebrain-answers-") as tmp:
        server = EmbeddedServer(Path(tmp))
        url = await server.ensure_running()
        try:
            async with Brain(BrainSettings(falkordb_url=url, hivebrain_embeddings=True)) as brain:
                graphs: dict[str, TenantGraph] = {}
                load_s = 0.0
                for business in businesses:
                    graphs[business.slug], took = await load(brain, business)
                    load_s += took
                first = businesses[0]
                await ask(graphs[first.slug], first.questions[0])  # warm-up, not counted
                graded: list[Graded] = []
                for business in businesses:
                    mine = []
                    for question in business.questions:
                        result, ms = await ask(graphs[business.slug], question)
                        item = grade(business.slug, question, result, ms)
                        mine.append(item)
                        if verbose:
                            print(shown(item))
                    report_business(business, mine)
                    graded += mine
        finally:
            await server.stop()
    if keep is not None:
        keep += graded
    slugs = [b.slug for b in businesses]
    table(
        "overall",
        [(s, counts([i for i in graded if i.business == s])) for s in slugs]
        + [("all", counts(graded))],
    )
    out = figures_of(graded, load_s, slugs)
    print(
        f"{'off-topic/unknown declined':30}{out['must_decline_declined']}/"
        f"{out['must_decline_total']}"
    )
    print(f"{'median ms per answer (warm)':30}{out['answer_median_ms']:.0f}")
    return out


def history_slugs() -> set[str]:
    """The banks that already had their first run."""
    if not HISTORY.is_file():
        return set()
    lines = HISTORY.read_text(encoding="utf-8").splitlines()
    return {json.loads(line)["bank"] for line in lines if line.strip()}


def commit() -> str:
    """The checkout's commit, with ``+dirty`` when tracked files differ from it."""
    import subprocess

    def git(*args: str) -> str:
        done = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True)
        return done.stdout.strip()

    dirty = git("status", "--porcelain", "--untracked-files=no")
    return git("rev-parse", "--short=12", "HEAD") + ("+dirty" if dirty else "")


def first_run(path: Path) -> dict[str, Any]:
    """Ask a never-seen bank once and append its figures to the history (never rewritten)."""
    business = read_business(path)
    if business.slug in history_slugs():
        raise SystemExit(
            f"{business.slug} already had its first run (see {HISTORY.name}); a bank is asked "
            "for the first time once. Run it with --data to measure it again."
        )
    graded: list[Graded] = []
    out = asyncio.run(main([business], verbose=False, keep=graded))
    answerable = [i for i in graded if i.question["expect"] == "answer"]
    line = {
        "date": time.strftime("%Y-%m-%d"),
        "commit": commit(),
        "bank": business.slug,
        "trade": business.manifest["trade"],
        "asked": len(graded),
        "right": out["right"],
        "right_ratio": out["right_ratio"],
        "false_declines": sum(i.grade == "declined" for i in answerable),
        "false_decline_ratio": ratio(sum(i.grade == "declined" for i in answerable), len(graded)),
        "wrong_claims": out["wrong"],
        "wrong_claims_verified": out["wrong_verified"],
        "median_ms": out["answer_median_ms"],
        "p95_ms": out["answer_p95_ms"],
    }
    with HISTORY.open("a", encoding="utf-8") as fh:
        fh.write(json.dumps(line, ensure_ascii=False) + "\n")
    OUT.mkdir(exist_ok=True)
    (OUT / f"first-run-{business.slug}.txt").write_text(
        "\n".join(shown(i) for i in graded) + "\n", encoding="utf-8"
    )
    return line


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--business", action="append", help="only this business (slug)")
    parser.add_argument("--verbose", action="store_true", help="print every answer and grade")
    parser.add_argument(
        "--asking", action="append", help="only questions that hold this text (to look at a few)"
    )
    parser.add_argument("--data", type=Path, default=BUSINESSES)
    parser.add_argument("--first-run", type=Path, help="a never-seen bank's folder: ask it once")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)
    if args.first_run:
        print(json.dumps(first_run(args.first_run)))
        raise SystemExit(0)
    found = sorted(p for p in args.data.iterdir() if (p / "questions.json").is_file())
    if args.business:
        unknown = set(args.business) - {p.name for p in found}
        if unknown:
            raise SystemExit(f"no business {', '.join(sorted(unknown))} in {args.data}")
        found = [p for p in found if p.name in args.business]
    if not found:
        raise SystemExit(f"no businesses in {args.data}")
    chosen = [read_business(p) for p in found]
    if args.asking:
        for business in chosen:
            wanted = [a.lower() for a in args.asking]
            business.questions[:] = [
                q for q in business.questions if any(a in q["q"].lower() for a in wanted)
            ]
        chosen = [b for b in chosen if b.questions]
    print(json.dumps(asyncio.run(main(chosen, verbose=args.verbose))))
