"""Writes BENCHMARKS.md: ``bench/summary.md``, then every ``bench/results/*.md`` as a section.

Run after a benchmark has rewritten its results file:  .venv/bin/python bench/collect.py
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ORDER = ["engine", "bots", "parse", "asr", "latency"]


def demote(text: str) -> str:
    """Section headings one level down, so each results file sits under its own heading."""
    out = []
    fenced = False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
        out.append("#" + line if line.startswith("#") and not fenced else line)
    return "\n".join(out)


def main() -> None:
    parts = [(ROOT / "bench" / "summary.md").read_text(encoding="utf-8")]
    results = ROOT / "bench" / "results"
    names = [n for n in ORDER if (results / f"{n}.md").exists()]
    names += sorted(p.stem for p in results.glob("*.md") if p.stem not in ORDER and not p.stem.endswith(".notes"))
    for name in names:
        body = (results / f"{name}.md").read_text(encoding="utf-8")
        parts.append(f"{demote(body)}\n\n(Source: `bench/results/{name}.md`.)\n")
        notes = results / f"{name}.notes.md"
        if notes.exists():
            parts.append(demote(notes.read_text(encoding="utf-8")) + "\n")
    (ROOT / "BENCHMARKS.md").write_text("\n".join(parts), encoding="utf-8")


if __name__ == "__main__":
    main()
