"""Right decodes lost to rejection, and what a lower bar for commands would let in, from saved asr_bench results.

    .venv/bin/python bench/lost_right.py A.json [B.json ...]

For each condition: how many utterances the recognizer decoded right (a whole sentence of the table that parses to
the intent said) but returned as nothing, by kind; then, by confidence band, the right commands other than asks
(questions, pause, yes / no: what is never asked back) beside the table talk heard as such a command. A band where
table talk outnumbers right commands is one where a lower bar would mostly answer the room's talk.
No decoding: it reads the per-utterance results (``asr_bench.py --out``), so it costs nothing to run again.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path
from typing import Any

from asr_bench import CONDITIONS, heard_as, table

from voicefish.speech.parser import Parser

BANDS = ((0.0, 0.2), (0.2, 0.3), (0.3, 0.4), (0.4, 0.5), (0.5, 0.9), (0.9, 1.01))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("results", nargs="+", help="asr_bench.py --out files")
    args = ap.parse_args(argv)
    rows: list[dict[str, Any]] = []
    for name in args.results:
        rows += json.loads(Path(name).read_text(encoding="utf-8"))
    parser = Parser(table())
    conds = [c for c in CONDITIONS if any(r["condition"] == c for r in rows)]
    print("| condition | utterances | decoded right | lost to rejection (by kind) |")
    print("|---|---|---|---|")
    for cond in conds:
        rs = [r for r in rows if not r["chatter"] and r["condition"] == cond]
        right = [r for r in rs if heard_as(parser, r) == r["expected"]]
        lost = [r for r in right if r["got"] != r["expected"]]
        kinds = ", ".join(f"{k} {n}" for k, n in Counter(r["expected"]["type"] for r in lost).most_common())
        print(f"| {cond} | {len(rs)} | {len(right)} | {len(lost)} ({kinds}) |")
    print()
    print("| condition | confidence | right commands (not asks) | table talk heard as one | of table talk said |")
    print("|---|---|---|---|---|")
    for cond in conds:
        rs = [r for r in rows if not r["chatter"] and r["condition"] == cond]
        talk = [r for r in rows if r["chatter"] and r["condition"] == cond]
        for lo, hi in BANDS:

            def band(r: dict[str, Any], lo: float = lo, hi: float = hi) -> bool:
                return lo <= float(r["confidence"]) < hi

            right = sum(band(r) and r["expected"]["type"] != "ask" and heard_as(parser, r) == r["expected"] for r in rs)
            said = [
                r
                for r in talk
                if band(r) and (h := heard_as(parser, r)) is not None and h["type"] not in ("none", "ask")
            ]
            print(f"| {cond} | {lo:.1f}–{min(hi, 1.0):.1f} | {right} | {len(said)} | {len(talk)} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
