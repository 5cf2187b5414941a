"""Parser benchmark: exact-intent accuracy, chatter taken as a command, and parse time per utterance.

    .venv/bin/python bench/parse_bench.py [--runs 7] [--corpus tests/speech/corpus/en.jsonl] [--out FILE.md]

Accuracy is over the corpus (in-domain, by kind, the hold-out part separately); "chatter taken" counts every
result that is not ``none`` (``ambiguous`` included: the game would ask back). Time is wall time of
``Parser.parse`` per utterance with warm parsers (one per table), median and p95 of each run, then the
median over runs (and, robust to the noise of a shared machine, the best of the runs per utterance); the
first parser of a process (compiling the templates) is timed separately.
"""

from __future__ import annotations

import argparse
import json
import platform
import re
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from voicefish.rules import RuleSet
from voicefish.speech import parser as parser_module
from voicefish.speech.grammar import TableContext, load_grammar
from voicefish.speech.intents import intent_to_json
from voicefish.speech.parser import Parser

ROOT = Path(__file__).resolve().parents[1]


def context(row: dict[str, Any]) -> TableContext:
    return TableContext(
        tuple(row["players"]),
        me=row["me"],
        rules=RuleSet.parse(row["rules"]),
        aliases={k: tuple(v) for k, v in row["aliases"].items()},
        computers=frozenset(row["computers"]),
    )


def same(got: dict[str, Any], expected: dict[str, Any]) -> bool:
    got = dict(got)
    got.pop("partial", None)
    if got.get("type") == "ambiguous" and expected.get("type") == "ambiguous":
        return sorted(got["candidates"]) == sorted(expected["candidates"])
    return got == expected


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--corpus", default=str(ROOT / "tests" / "speech" / "corpus" / "en.jsonl"))
    ap.add_argument("--runs", type=int, default=7, help="timing runs over the whole corpus (default: 7)")
    ap.add_argument("--out", default="", help="also write the markdown report to this file")
    args = ap.parse_args()

    rows = [json.loads(x) for x in Path(args.corpus).read_text(encoding="utf-8").splitlines() if x.strip()]
    grammar = load_grammar("en")
    keys = [json.dumps([r["players"], r["me"], r["rules"], r["aliases"], r["computers"]]) for r in rows]

    # table set-up: compiling the templates for a new table (cache cleared), then a warm rebuild (cache hit)
    setup_cold, setup_warm = [], []
    for key, row in {k: r for k, r in zip(keys, rows, strict=True)}.items():
        del key
        parser_module._compile.cache_clear()
        re.purge()
        t0 = time.perf_counter()
        Parser(context(row), grammar)
        setup_cold.append((time.perf_counter() - t0) * 1000)
        t0 = time.perf_counter()
        Parser(context(row), grammar)
        setup_warm.append((time.perf_counter() - t0) * 1000)

    parsers = {k: Parser(context(r), grammar) for k, r in zip(keys, rows, strict=True)}
    # accuracy
    by_kind: dict[str, list[bool]] = defaultdict(list)
    wrong: list[str] = []
    for key, row in zip(keys, rows, strict=True):
        got = intent_to_json(parsers[key].parse(row["text"]).intent)
        kind = row["kind"]
        ok = got["type"] == "none" if kind.startswith("chatter") else same(got, row["expect"])
        by_kind[kind].append(ok)
        if not ok:
            wrong.append(f"- [{kind}] {row['text']!r}: expected {row['expect']}, got {got}")

    # timing
    medians, p95s = [], []
    best = [float("inf")] * len(rows)
    for _ in range(args.runs):
        times = []
        for i, (key, row) in enumerate(zip(keys, rows, strict=True)):
            p = parsers[key]
            t0 = time.perf_counter_ns()
            p.parse(row["text"])
            times.append((time.perf_counter_ns() - t0) / 1e6)
            best[i] = min(best[i], times[-1])
        medians.append(statistics.median(times))
        p95s.append(percentile(times, 0.95))

    def rate(kinds: list[str]) -> tuple[int, int]:
        oks = [ok for k in kinds for ok in by_kind.get(k, [])]
        return sum(oks), len(oks)

    in_kinds = [k for k in by_kind if not k.startswith("chatter")]
    chat_kinds = [k for k in by_kind if k.startswith("chatter")]
    ok_in, n_in = rate(in_kinds)
    ok_ch, n_ch = rate(chat_kinds)
    lines = [
        f"command: `.venv/bin/python bench/parse_bench.py --runs {args.runs}`",
        f"machine: {platform.machine()}, {platform.python_implementation()} {platform.python_version()}, "
        "2 shared cores (noisy)",
        f"corpus: {len(rows)} utterances ({n_in} in-domain, {n_ch} chatter)",
        "",
        "| measure | value | target |",
        "|---|---|---|",
        f"| exact intent accuracy, in-domain | {ok_in}/{n_in} = {100 * ok_in / n_in:.2f} % | ≥ 99 % |",
        f"| chatter taken as a command | {n_ch - ok_ch}/{n_ch} = {100 * (n_ch - ok_ch) / n_ch:.2f} % | ≤ 2 % |",
        f"| parse time per utterance, median (median of {args.runs} runs) | {statistics.median(medians):.3f} ms "
        "| < 1 ms |",
        f"| parse time per utterance, p95 (median of {args.runs} runs) | {statistics.median(p95s):.3f} ms | — |",
        f"| parse time, median per run (min–max) | {min(medians):.3f}–{max(medians):.3f} ms | — |",
        f"| parse time, best of {args.runs} per utterance: median / p95 / max | {statistics.median(best):.3f} / "
        f"{percentile(best, 0.95):.3f} / {max(best):.3f} ms | — |",
        f"| first parser of a process (templates compiled, median of {len(setup_cold)}) | "
        f"{statistics.median(setup_cold):.0f} ms | — |",
        f"| parser for a new table afterwards (compiled templates reused) | {statistics.median(setup_warm):.1f} ms "
        "| — |",
        "",
        "| corpus part | right |",
        "|---|---|",
    ]
    for kind in sorted(by_kind):
        ok, n = rate([kind])
        lines.append(f"| {kind} | {ok}/{n} = {100 * ok / n:.1f} % |")
    lines += ["", "misses:" if wrong else "misses: none", *wrong]
    report = "\n".join(lines) + "\n"
    print(report)
    if args.out:
        Path(args.out).write_text(report, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
