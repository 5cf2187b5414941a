"""Writes BENCHMARKS.md: ``bench/summary.md`` (the current state, kept by hand), then an index of the files behind it.

Run after editing ``bench/summary.md`` or adding a file to ``bench/results/`` or ``bench/history/``::

    .venv/bin/python bench/collect.py            # rewrite BENCHMARKS.md
    .venv/bin/python bench/collect.py --check    # exit 1 if BENCHMARKS.md is not what it would write

BENCHMARKS.md stays the current state on about two pages: the files are listed by their title, never copied in.
A benchmark's own report (its latest tables, rewritten by the bench) goes to ``bench/results/<topic>.md``; the diary of
how numbers came about (every session's runs, what was tried) to ``bench/history/<topic>.md``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MAX_LINES = 400


def title(path: Path) -> str:
    """A markdown file's first heading, without its hashes; the file's name when it has none."""
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# "):
            return line[2:].strip()
    return path.stem


def index(folder: str, heading: str, about: str) -> list[str]:
    """A section listing each markdown file of ``folder`` (its README first) with its title."""
    files = sorted((ROOT / folder).glob("*.md"), key=lambda p: (p.name != "README.md", p.name))
    if not files:
        return []
    lines = [f"## {heading}", "", about, ""]
    lines += [f"- [`{folder}/{p.name}`]({folder}/{p.name}): {title(p)}" for p in files]
    return [*lines, ""]


def render() -> str:
    """The text of BENCHMARKS.md."""
    parts = [(ROOT / "bench" / "summary.md").read_text(encoding="utf-8").rstrip(), ""]
    parts += index(
        "bench/results",
        "Benchmarks' own reports",
        "Written by the benchmarks themselves (all their rows), or a topic's latest numbers with their command.",
    )
    parts += index(
        "bench/history",
        "History",
        "How every number above came about: each session's runs, what was tried and not kept, what to try next.",
    )
    return "\n".join(parts)


def main() -> int:
    ap = argparse.ArgumentParser(description="Write BENCHMARKS.md from bench/summary.md and the files' titles.")
    ap.add_argument("--check", action="store_true", help="only check that BENCHMARKS.md is up to date")
    args = ap.parse_args()
    text = render()
    lines = text.count("\n")
    if lines >= MAX_LINES:
        print(f"BENCHMARKS.md would be {lines} lines, not under {MAX_LINES}: shorten bench/summary.md", file=sys.stderr)
        return 1
    target = ROOT / "BENCHMARKS.md"
    if args.check:
        if not target.exists() or target.read_text(encoding="utf-8") != text:
            print("BENCHMARKS.md is not up to date: run bench/collect.py", file=sys.stderr)
            return 1
        return 0
    target.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
