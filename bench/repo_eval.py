"""Benchmark: the repository brain on real histories, judged by what happened next.

For each history in ``../shared/data/github`` the most recent 60 days are held out: only
the commits that landed before are loaded. Then, for every later change that fixes
something (its title says fix / bug / crash, or it closes an issue), ``triage_candidates``
is asked with the change's title, and scored on whether a component the change touched
is its top-1 or in its top 3 (all components; and code components only: the code ones
it touched against the code ones of the answer, as the baseline ranks, an area counting
as code on either side when code files put it there). A fix whose areas were all born in
the held-out days is left out, as nothing learnt from the past can name them. For every
component changed at least 3 times in the held-out days, ``experts_for`` is scored by
precision@3 (people in its top 3 who changed the component, over min(3, how many did))
and hit@1, against the people who changed it. Beside them, two baselines on the same
split: the component most often changed before (triage), and the people with the most
commits in the component before (experts). Latencies are medians of the tools' calls on
the six-repository graph (the training window of all six).

Run: PYTHONPATH=$PWD .venv/bin/python bench/repo_eval.py [--repos falkordb-py,...]
     [--fresh] [--days 60] [--embeddings]
The loaded graph is kept under bench/out/repo-eval and reused while the data, the
holdout and the loader version match (``--fresh`` reloads). The last line printed is
one JSON object of the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import os
import re
import statistics
import sys
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from shared_data import need_files, shared_data  # noqa: E402  # bench/ is a folder of scripts

from brain import Brain, BrainSettings, TenantGraph, parse_moment  # noqa: E402
from brain.db import EmbeddedServer  # noqa: E402
from brain.ingest.github import (  # noqa: E402  # noqa: E402
    FORKS,
    CommitRecord,
    PeopleIndex,  # noqa: E402
    add_signatures,
    component_of,
    file_kind,
    folder_kind,
    load_github,
    looks_like_bot,
    person_key,
    read_commits,
)
from brain.reads import decision_trail, experts_for, triage_candidates  # noqa: E402

DATA = shared_data("github")
OUT = Path(__file__).resolve().parent / "out" / "repo-eval"
SLUG = "repo-eval"
#: Bump when the loader's output changes, so a kept graph is rebuilt.
LOADER_VERSION = "7"
DAY_MS = 86_400_000
DEPTH = 2
FIXING = re.compile(r"(?i)\b(fix\w*|bug\w*|hotfix|crash\w*|regression|broken|resolve[sd]?)\b")
_PR_SUFFIX = re.compile(r"\s*\(#\d+\)\s*$")
#: The repositories the reads' constants were chosen on (VOTERS, PRIOR_WEIGHT, the path
#: words' place and the kinds the closest precedents show in triage; SPREAD_WEIGHT and
#: ACTIVE_DECAY_DAYS in experts); the figures are also printed for them and for the other
#: three apart.
CHOSEN_ON = frozenset({"FalkorDB/FalkorDB", "FalkorDB/GraphRAG-SDK", "FalkorDB/falkordb-ts"})
#: Questions for decision_trail's latency (answers depend on what was extracted).
WHY_QUESTIONS = (
    "why did we switch to a global cache",
    "why use asyncio.run instead of the event loop",
    "why was the timeout changed",
    "why did we migrate to the new index functions",
)


@dataclass
class Change:
    """A held-out change: a pull request, or a commit that landed alone."""

    repo: str
    key: str
    title: str = ""
    when: int = 0
    closes: bool = False
    files: set[str] = field(default_factory=set)
    people: set[str] = field(default_factory=set)
    human: bool = False

    def components(self, *, code: bool) -> set[str]:
        found: set[str] = set()
        for path in self.files:
            prefix = component_of(path, DEPTH)
            if code and (file_kind(path) != "code" or folder_kind(prefix) != "code"):
                continue
            found.add(prefix)
        return found


def changes_of(records: list[CommitRecord], people: PeopleIndex) -> list[Change]:
    """Records grouped into changes (a PR's commits together), with who made them: each
    person as the loader names them (its grouping of the training window's signatures)."""
    by_key: dict[str, Change] = {}
    for rec in records:
        key = f"pr#{rec.pr}" if rec.pr else rec.sha
        ch = by_key.setdefault(key, Change(repo=rec.repo, key=key))
        ch.when = max(ch.when, parse_moment(rec.when))
        if rec.pr_title:
            ch.title = rec.pr_title
        elif not ch.title or rec.pr_source in ("merge", "squash"):
            ch.title = ch.title or _PR_SUFFIX.sub("", rec.subject).strip()
        ch.closes = ch.closes or bool(rec.closes)
        ch.files.update(f.path for f in rec.files)
        if rec.pr_source == "merge":
            continue
        for sig in [rec.author, *rec.co_authors]:
            if looks_like_bot(sig) or (rec.is_bot and sig is rec.author):
                continue
            human = people.find(sig.name, sig.email)
            ch.people.add(human.id if human is not None else person_key(sig)[0])
            ch.human = True
    return list(by_key.values())


def split(path: Path, days: int) -> tuple[list[CommitRecord], list[CommitRecord], int]:
    """(before, held out, cutoff ms) of one history."""
    records = [rec for _, rec in read_commits(path)]
    cutoff = max(parse_moment(r.when) for r in records) - days * DAY_MS
    before = [r for r in records if parse_moment(r.when) < cutoff]
    after = [r for r in records if parse_moment(r.when) >= cutoff]
    return before, after, cutoff


def signature(files: list[Path], days: int) -> str:
    h = hashlib.sha256(f"{LOADER_VERSION}:{days}:{DEPTH}".encode())
    for f in files:
        h.update(f"{f.name}:{f.stat().st_size}".encode())
    return h.hexdigest()[:16]


async def load(
    brain: Brain, files: list[Path], days: int, *, fresh: bool, out: Path
) -> TenantGraph:
    """The training window of every history, loaded once and kept under ``out``."""
    assert brain.registry is not None
    marker = out / "loaded.json"
    sig = signature(files, days)
    kept = not fresh and marker.exists() and json.loads(marker.read_text()).get("sig") == sig
    if kept and await brain.registry.exists(SLUG):
        return await brain.tenant(SLUG)
    if await brain.registry.exists(SLUG):
        await brain.erase_tenant(SLUG)
    await brain.create_tenant(SLUG)
    graph = await brain.tenant(SLUG)
    for f in files:
        _, _, cutoff = split(f, days)
        started = time.perf_counter()
        report = await load_github(
            graph, f, component_depth=DEPTH, keep=lambda r, c=cutoff: parse_moment(r.when) < c
        )
        print(
            f"loaded {f.name}: {report.created:,} created in {time.perf_counter() - started:.1f} s",
            file=sys.stderr,
        )
    if brain.server is not None:
        await brain.server.compact()
    marker.write_text(json.dumps({"sig": sig}))
    return graph


async def canonical(graph: TenantGraph, ids: set[str]) -> dict[str, str]:
    """Person ids as the graph holds them (entity resolution merges one human's ids)."""
    found = await graph.canonical_ids(sorted(ids))
    return {i: found[i][0] if i in found else i for i in ids}


@dataclass
class Tally:
    hits1: int = 0
    hits3: int = 0
    n: int = 0

    def add(self, ranked: list[str], truth: set[str]) -> None:
        self.n += 1
        self.hits1 += bool(ranked[:1] and ranked[0] in truth)
        self.hits3 += bool(set(ranked[:3]) & truth)

    def rates(self) -> tuple[float, float]:
        return (self.hits1 / self.n, self.hits3 / self.n) if self.n else (0.0, 0.0)


@dataclass
class ExpertTally:
    p3: list[float] = field(default_factory=list)
    h1: list[float] = field(default_factory=list)

    def add(self, ranked: list[str], truth: set[str]) -> None:
        self.p3.append(len(set(ranked[:3]) & truth) / min(3, len(truth)))
        self.h1.append(float(bool(ranked[:1] and ranked[0] in truth)))

    def rates(self) -> tuple[float, float]:
        if not self.p3:
            return 0.0, 0.0
        return statistics.mean(self.p3), statistics.mean(self.h1)


async def evaluate(graph: TenantGraph, files: list[Path], days: int) -> dict[str, Any]:
    tri = {k: Tally() for k in ("all", "code", "base_all", "base_code")}
    exp = {k: ExpertTally() for k in ("tool", "base")}
    lat: dict[str, list[float]] = defaultdict(list)
    per_repo: dict[str, dict[str, float]] = {}
    tallies: dict[str, tuple[dict[str, Tally], dict[str, ExpertTally]]] = {}
    skipped_areas = 0
    skipped_fixes: set[str] = set()
    for f in files:
        before, after, cutoff = split(f, days)
        repo = before[0].repo if before else after[0].repo
        # people named as the loader would name them once the held-out days came in too
        # (a new laptop's address joins its owner); only the training window is loaded
        index = PeopleIndex()
        for rec in before + after:
            add_signatures(index, rec)
        train, held = changes_of(before, index), changes_of(after, index)
        freq_all: Counter[str] = Counter()
        freq_code: Counter[str] = Counter()
        by_area: dict[str, Counter[str]] = defaultdict(Counter)
        for ch in train:
            # sorted: a set's order moves with the process's hash seed, and the baselines'
            # ties (most_common keeps first-seen order) would move with it from run to run
            freq_all.update(sorted(ch.components(code=False)))
            freq_code.update(sorted(ch.components(code=True)))
            for prefix in ch.components(code=False):
                by_area[prefix].update(sorted(ch.people))
        ids = {p for ch in train + held for p in ch.people}
        canon = await canonical(graph, ids)
        base_all = [c for c, _ in freq_all.most_common(3)]
        base_code = [c for c, _ in freq_code.most_common(3)]
        r_tri = {k: Tally() for k in tri}
        fixes = [ch for ch in held if ch.human and (ch.closes or FIXING.search(ch.title))]
        for ch in fixes:
            if not ch.files or not ch.title:
                continue
            started = time.perf_counter()
            res = await triage_candidates(graph, ch.title, repo=repo, as_of_ms=ch.when)
            lat["triage_candidates"].append((time.perf_counter() - started) * 1000)
            ranked = [c["component"] for c in res.data["components"]]
            # code only: the code areas it touched, against the answer's code areas, as
            # the baseline ranks code areas only. An answer's area is code as the truth's
            # is: a code folder reached through code files (a CI area first is no code
            # answer, nor "(root)" reached through package.json alone)
            ranked_code = [
                c["component"]
                for c in res.data["components"]
                if folder_kind(c["component"]) == "code" and "code" in c["kinds"]
            ]
            for key, truth_code in (("all", False), ("code", True)):
                truth = ch.components(code=truth_code)
                if not truth:
                    continue
                if not truth & set(freq_all):
                    # every area it touched was born in the held-out days: nothing that
                    # learns from the past can name it (the experts below skip such areas)
                    skipped_fixes.add(f"{repo} {ch.key}")
                    continue
                base = base_code if truth_code else base_all
                for tally in (tri[key], r_tri[key]):
                    tally.add(ranked_code if truth_code else ranked, truth)
                for tally in (tri[f"base_{key}"], r_tri[f"base_{key}"]):
                    tally.add(base, truth)
        counts: Counter[str] = Counter()
        who: dict[str, set[str]] = defaultdict(set)
        for ch in held:
            for prefix in ch.components(code=False):
                counts[prefix] += 1
                who[prefix].update(canon[p] for p in ch.people)
        r_exp = {k: ExpertTally() for k in exp}
        for prefix, n in sorted(counts.items()):
            if n < 3 or not who[prefix]:
                continue
            if prefix not in by_area:
                skipped_areas += 1  # a component born in the held-out days: no one to rank
                continue
            started = time.perf_counter()
            res = await experts_for(graph, component=prefix, repo=repo, as_of_ms=cutoff)
            lat["experts_for"].append((time.perf_counter() - started) * 1000)
            ranked = [e["id"] for e in res.data["experts"]]
            base: list[str] = []
            for p, _ in by_area[prefix].most_common():
                if canon[p] not in base:
                    base.append(canon[p])
            for tally in (exp["tool"], r_exp["tool"]):
                tally.add(ranked, who[prefix])
            for tally in (exp["base"], r_exp["base"]):
                tally.add(base, who[prefix])
        tallies[repo] = (r_tri, r_exp)
        per_repo[repo] = {
            "fixes": r_tri["all"].n,
            "top1": r_tri["all"].rates()[0],
            "code_top3": r_tri["code"].rates()[1],
            "base_top1": r_tri["base_all"].rates()[0],
            "areas": len(r_exp["tool"].p3),
            "p3": r_exp["tool"].rates()[0],
            "base_p3": r_exp["base"].rates()[0],
        }
    # what one round trip costs on this machine right now (the figures above include it
    # several times; on a shared machine it moves with everyone else's work)
    for _ in range(30):
        started = time.perf_counter()
        await graph.read("round trip", "RETURN 1")
        lat["round_trip"].append((time.perf_counter() - started) * 1000)
    for q in WHY_QUESTIONS * 3:
        started = time.perf_counter()
        await decision_trail(graph, q, as_of_ms=parse_moment("2030-01-01"))
        lat["decision_trail"].append((time.perf_counter() - started) * 1000)
    return {"tri": tri, "exp": exp, "lat": lat, "per_repo": per_repo, "skipped": skipped_areas,
            "skipped_fixes": len(skipped_fixes), "tallies": tallies}  # fmt: skip


def _group(
    tallies: dict[str, tuple[dict[str, Tally], dict[str, ExpertTally]]], repos: set[str]
) -> tuple[dict[str, Tally], dict[str, ExpertTally]]:
    """The tallies of some repositories summed."""
    tri = {k: Tally() for k in ("all", "code", "base_all", "base_code")}
    exp = {k: ExpertTally() for k in ("tool", "base")}
    for repo in repos & set(tallies):
        r_tri, r_exp = tallies[repo]
        for k, t in r_tri.items():
            tri[k].hits1 += t.hits1
            tri[k].hits3 += t.hits3
            tri[k].n += t.n
        for k, e in r_exp.items():
            exp[k].p3 += e.p3
            exp[k].h1 += e.h1
    return tri, exp


def _split_table(result: dict[str, Any]) -> None:
    """Each figure on the repositories the constants were chosen on, and on the others."""
    tallies = result["tallies"]
    chosen, other = _group(tallies, set(CHOSEN_ON)), _group(tallies, set(tallies) - CHOSEN_ON)
    print(f"\n{'figure (ours / baseline)':32} {'chosen on 3':>13} {'the other 3':>13}")
    for name, key, pick in (
        ("triage top-1, all components", "all", 0), ("triage top-3, all components", "all", 1),
        ("triage top-1, code only", "code", 0), ("triage top-3, code only", "code", 1),
    ):  # fmt: skip
        cells = [
            f"{g[0][key].rates()[pick]:.3f}/{g[0]['base_' + key].rates()[pick]:.3f}"
            for g in (chosen, other)
        ]
        print(f"{name:32} {cells[0]:>13} {cells[1]:>13}")
    for name, pick in (("experts precision@3", 0), ("experts hit@1", 1)):
        cells = [f"{g[1]['tool'].rates()[pick]:.3f}/{g[1]['base'].rates()[pick]:.3f}"
                 for g in (chosen, other)]  # fmt: skip
        print(f"{name:32} {cells[0]:>13} {cells[1]:>13}")
    sizes = [f"{g[0]['all'].n} fixes, {len(g[1]['tool'].p3)} areas" for g in (chosen, other)]
    print(f"(chosen on: {', '.join(sorted(CHOSEN_ON))}: {sizes[0]}; the others: {sizes[1]})")


def report(result: dict[str, Any]) -> dict[str, float]:
    tri, exp, lat = result["tri"], result["exp"], result["lat"]
    figures: dict[str, float] = {}
    print("\nper repository (triage: fixing changes; experts: areas changed >= 3 times)")
    print(f"{'repository':28} {'fixes':>5} {'top1':>6} {'code3':>6} {'b.top1':>6} "
          f"{'areas':>5} {'p@3':>6} {'b.p@3':>6}")  # fmt: skip
    for repo, r in result["per_repo"].items():
        cells = f"{r['fixes']:5.0f} {r['top1']:6.2f} {r['code_top3']:6.2f} {r['base_top1']:6.2f}"
        print(f"{repo:28} {cells} {r['areas']:5.0f} {r['p3']:6.2f} {r['base_p3']:6.2f}")
    a1, a3 = tri["all"].rates()
    c1, c3 = tri["code"].rates()
    ba1, ba3 = tri["base_all"].rates()
    bc1, bc3 = tri["base_code"].rates()
    p3, h1 = exp["tool"].rates()
    bp3, bh1 = exp["base"].rates()
    rows = [
        ("triage top-1, all components", a1, ba1, 0.55),
        ("triage top-3, all components", a3, ba3, None),
        ("triage top-1, code only", c1, bc1, None),
        ("triage top-3, code only", c3, bc3, 0.90),
        ("experts precision@3", p3, bp3, 0.55),
        ("experts hit@1", h1, bh1, 0.90),
    ]
    print(f"\n{'figure':32} {'hivebrain':>9} {'baseline':>9} {'target':>7}")
    for name, ours, base, target in rows:
        tgt = f"{target:.2f}" if target is not None else "-"
        print(f"{name:32} {ours:9.3f} {base:9.3f} {tgt:>7}")
    print(
        f"(triage: {tri['all'].n} fixing changes, {tri['code'].n} touching code, "
        f"{result['skipped_fixes']} touching only areas new in the held-out days left out; "
        "experts: "
        f"{len(exp['tool'].p3)} areas, {result['skipped']} new in the held-out days left out; "
        "baselines: most-changed component before / most commits in the component before)"
    )
    _split_table(result)
    print(f"\n{'tool latency (six repositories)':32} {'median ms':>9} {'calls':>6} {'target':>7}")
    targets: dict[str, Any] = {"experts_for": 88, "decision_trail": 14, "triage_candidates": 75}
    for name, times in lat.items():
        med = statistics.median(times)
        figures[f"{name}_median_ms"] = med
        print(f"{name:32} {med:9.1f} {len(times):6d} {targets.get(name, '-'):>7}")
    figures.update(
        triage_top1_ratio=a1, triage_top3_ratio=a3, triage_code_top1_ratio=c1,
        triage_code_top3_ratio=c3, baseline_top1_ratio=ba1, baseline_top3_ratio=ba3,
        baseline_code_top1_ratio=bc1, baseline_code_top3_ratio=bc3,
        experts_p3_ratio=p3, experts_hit1_ratio=h1, baseline_experts_p3_ratio=bp3,
        baseline_experts_hit1_ratio=bh1,
    )  # fmt: skip
    return figures


async def main(
    repos: list[str] | None, days: int, fresh: bool, *, embeddings: bool = False
) -> dict[str, float]:
    files = need_files(DATA, "*.jsonl.gz")
    if repos:
        files = [f for f in files if f.name.removesuffix(".jsonl.gz") in repos]
    out = OUT if not repos else OUT.with_name(f"repo-eval-{'-'.join(sorted(repos))}")
    if embeddings:  # its own graph: every node embedded as it is loaded
        out = out.with_name(out.name + "-embedded")
    out.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    server = EmbeddedServer(out)
    url = await server.ensure_running()
    try:
        settings = BrainSettings(falkordb_url=url, hivebrain_embeddings=embeddings)
        async with Brain(settings) as brain:
            graph = await load(brain, files, days, fresh=fresh, out=out)
            result = await evaluate(graph, files, days)
    finally:
        await server.stop()
    return report(result)


if __name__ == "__main__":
    assert FORKS  # the loader's fork rule applies here as in the product
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repos", help="comma-separated file stems (default: all six)")
    parser.add_argument("--days", type=int, default=60)
    parser.add_argument("--fresh", action="store_true", help="reload the graph")
    parser.add_argument(
        "--embeddings",
        action="store_true",
        help="load and ask with embeddings on, in a graph of its own (slow: every node)",
    )
    args = parser.parse_args()
    figures = asyncio.run(
        main(
            args.repos.split(",") if args.repos else None,
            args.days,
            args.fresh,
            embeddings=args.embeddings,
        )
    )
    print(json.dumps({k: round(v, 4) for k, v in figures.items()}))
