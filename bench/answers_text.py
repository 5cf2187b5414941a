"""Yes and no as people say them, as text: what the game's parser makes of answers to a question asked back
("Fatima, for fours?"), per language (issue 33 item 3).

The phrasings are ``tests/speech/corpus/answers-blind-<lang>.txt`` (``yes=...`` / ``no=...`` lines): lists a helper
wrote on 2026-12-04 from general knowledge without seeing the grammar or the test phrasings, used blind once to
measure the grammar's yes and no forms (commits ``ddb555e``, ``edaf891``). Reported: taken right, taken as the other
answer (a wrong move when the other answer is yes: must be 0), not understood (the game asks again). This is the
parser alone; what Whisper writes in a loud room is ``bench/answers_bench.py``.

    .venv/bin/python bench/answers_text.py
"""

from __future__ import annotations

import argparse
from pathlib import Path

from voicefish.speech.grammar import TableContext, available_languages, load_grammar
from voicefish.speech.intents import No, Yes
from voicefish.speech.parser import Parser

CORPUS = Path(__file__).resolve().parent.parent / "tests" / "speech" / "corpus"


def answers(lang: str) -> list[tuple[str, str]]:
    """The (answer, text) pairs of ``lang``'s list; answer is ``yes`` or ``no``."""
    out: list[tuple[str, str]] = []
    for line in (CORPUS / f"answers-blind-{lang}.txt").read_text(encoding="utf-8").splitlines():
        want, sep, text = line.strip().partition("=")
        if sep and want in ("yes", "no") and text:
            out.append((want, text))
    return out


def understood(parser: Parser, text: str) -> str:
    """``yes``, ``no`` or ``-`` (neither)."""
    intent = parser.parse(text).intent
    return "yes" if isinstance(intent, Yes) else "no" if isinstance(intent, No) else "-"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--lang", default="", help="comma-separated languages (default: every list there is)")
    ap.add_argument("--misses", action="store_true", help="also list the phrasings not taken right")
    args = ap.parse_args()
    langs = (
        args.lang.split(",")
        if args.lang
        else [code for code in available_languages() if (CORPUS / f"answers-blind-{code}.txt").exists()]
    )
    print("| language | answers | taken right | as the other answer (0) | not understood |")
    print("|---|---|---|---|---|")
    misses: list[str] = []
    total = [0, 0, 0, 0]
    for lang in langs:
        parser = Parser(TableContext(("Joe", "Fatima", "Wen"), me="Joe"), load_grammar(lang))
        rows = answers(lang)
        got = [(want, text, understood(parser, text)) for want, text in rows]
        right = sum(g == w for w, _, g in got)
        other = sum(g not in ("-", w) for w, _, g in got)
        none = sum(g == "-" for _, _, g in got)
        misses += [f"{lang} {w}: {t!r} -> {g}" for w, t, g in got if g != w]
        for i, v in enumerate((len(rows), right, other, none)):
            total[i] += v
        print(f"| {lang} | {len(rows)} | {right} ({100 * right / len(rows):.0f} %) | {other} | {none} |")
    print(f"| all | {total[0]} | {total[1]} ({100 * total[1] / max(1, total[0]):.0f} %) | {total[2]} | {total[3]} |")
    if args.misses:
        print("\n" + "\n".join(misses))


if __name__ == "__main__":
    main()
