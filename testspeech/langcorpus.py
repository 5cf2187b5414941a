"""The hand-written phrasing corpora of Italian, Polish, Spanish, Dutch and Portuguese (``testspeech/corpus_lang/``),
read for the tests (tests/speech/test_languages.py) and the benches (bench/languages_speech.py).

Each corpus was written by hand before its grammar and is never generated from it; ``<lang>-holdout.txt`` is the
second hold-out, written after all tuning. A row is ``spec | text``: ``ask Marek 7``, ``amb A,B``, ``count A``,
``history [A]``, a simple command (``score``, ``yes``, ...) or ``chat`` (table talk).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = ["CORPUS_DIR", "LANGS", "Corpus", "expected_json", "load", "same"]

CORPUS_DIR = Path(__file__).resolve().parent / "corpus_lang"
LANGS = ("it", "pl", "es", "nl", "pt")
_SIMPLE = {
    "read_hand",
    "score",
    "stock",
    "whose_turn",
    "repeat",
    "help",
    "yes",
    "no",
    "pause",
    "quit",
    "slower",
    "faster",
    "none",
}


@dataclass(frozen=True)
class Corpus:
    players: tuple[str, ...]
    me: str | None
    rows: list[tuple[str, dict[str, Any], bool]]
    """(text, expected --json object, is table talk)"""


def expected_json(spec: str) -> tuple[dict[str, Any], bool]:
    """``"ask Marek 7"`` → ``{"type": "ask", "target": "Marek", "rank": "7"}``; ``"chat"`` → none, table talk."""
    kind, *args = spec.split()
    if kind == "chat":
        return {"type": "none"}, True
    if kind in _SIMPLE and not args:
        return {"type": kind}, False
    if kind == "ask" and len(args) == 2:
        return {"type": "ask", "target": args[0], "rank": args[1]}, False
    if kind == "amb" and len(args) == 2:
        return {"type": "ambiguous", "candidates": args[0].split(",")}, False
    if kind in ("count", "history") and len(args) == 1:
        return {"type": kind, "target": args[0]}, False
    if kind == "history" and not args:
        return {"type": "history"}, False
    raise ValueError(f"bad expectation {spec!r}")


def load(lang: str, part: str = "") -> Corpus:
    """The corpus of ``lang``; ``part="-holdout"``: the second hold-out, written after all tuning."""
    players: tuple[str, ...] = ()
    me: str | None = None
    rows: list[tuple[str, dict[str, Any], bool]] = []
    for line in (CORPUS_DIR / f"{lang}{part}.txt").read_text(encoding="utf-8").splitlines():
        if line.startswith("# players:"):
            players = tuple(p.strip() for p in line.partition(":")[2].split(","))
        elif line.startswith("# me:"):
            me = line.partition(":")[2].strip() or None
        elif line.strip() and not line.startswith("#"):
            spec, sep, text = line.partition(" | ")
            assert sep, line
            expect, chat = expected_json(spec)
            rows.append((text.strip(), expect, chat))
    return Corpus(players, me, rows)


def same(got: dict[str, Any], expected: dict[str, Any]) -> bool:
    got = dict(got)
    got.pop("partial", None)
    if got.get("type") == "ambiguous" and expected.get("type") == "ambiguous":
        return sorted(got["candidates"]) == sorted(expected["candidates"])
    return got == expected
