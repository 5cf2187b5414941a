"""CPU-seconds to set up a table's sound matcher, per language (issue 32: the Italian table was silent ~20 s).

    nice -n 10 .venv/bin/python bench/table_setup.py [--langs en,it,pl,es,nl,pt] [--runs 3] [--players 3]

(from a worktree or an exported older tree: ``PYTHONPATH=<tree>`` so its own ``voicefish`` is measured; run the two
trees alternately for a side-by-side ratio.)

What is timed is what the game's ear does when a table is set up (``WhisperRecognizer.set_table``, Whisper base
loaded as in a game, the language set): the sound matcher (``voicefish.speech.sounds.SoundMatcher``) generates every
sentence of the table's grammar with its intent, reads each word in the table language's sounds and encodes each
sentence, for a table of ``--players`` players. Each run is a fresh process (nothing cached; ``-P``, so the tree on
``PYTHONPATH`` is the one measured, not the current folder's); the median CPU-seconds of the runs is reported with each
run's number, and the number of sentences and a digest of them (sentences, intents and codes), so two trees can be
checked to build exactly the same matcher.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys

_CHILD = """
import hashlib, json, sys, time
from voicefish.audio.whisper import WhisperRecognizer
from voicefish.speech import sounds
from voicefish.speech.grammar import TableContext

lang, players = sys.argv[1], sys.argv[2].split(",")
ear = WhisperRecognizer("whisper-base", language=lang)
ctx = TableContext(players=tuple(players), me=players[0])
start = time.process_time()
ear.set_table(ctx)
seconds = time.process_time() - start
coded = sounds._coded(ear._parser)  # the table just encoded (from the cache)
digest = hashlib.sha256()
for row in zip(coded.sentences, coded.intents, coded.fine, coded.coarse, strict=True):
    digest.update(repr(row).encode())
print(json.dumps({"seconds": seconds, "sentences": len(coded.sentences), "digest": digest.hexdigest()[:16]}))
"""

NAMES = ("Anna", "Leo", "Mia", "Zoe", "Max", "Ada")


def _run(lang: str, players: int) -> dict[str, object]:
    out = subprocess.run(
        [sys.executable, "-P", "-c", _CHILD, lang, ",".join(NAMES[:players])],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    result: dict[str, object] = json.loads(out.strip().splitlines()[-1])
    return result


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--langs", default="en,it,pl,es,nl,pt")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--players", type=int, default=3, choices=range(2, 7))
    args = ap.parse_args(argv)
    print("| language | sentences | CPU-s (median) | runs | digest |")
    print("|---|---|---|---|---|")
    for lang in args.langs.split(","):
        runs = [_run(lang, args.players) for _ in range(args.runs)]
        seconds = [float(str(r["seconds"])) for r in runs]
        digests = {str(r["digest"]) for r in runs}
        each = " ".join(f"{s:.2f}" for s in seconds)
        print(
            f"| {lang} | {runs[0]['sentences']} | {statistics.median(seconds):.2f} | {each} | {', '.join(digests)} |",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
