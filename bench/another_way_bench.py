"""Which "other way" to offer a player whose ask keeps being misheard (issue 33, "never stranded"): the full ask
("Leo, do you have any sevens?"), the short form the table offers ("Leo, seven": the name and the card's number),
"Leo, number seven", or the rank spelled ("Leo, S. E. V. E. N."), each said for every rank in hold-out voices and
decoded by the real recognizers as the table sets them (three players; the speaker holds the rank asked for).

Scored per phrasing: played as meant at once, as meant after a yes (the recognizer asks to confirm), wrong (another
rank or player: asked back or, if sure, played), nothing usable (a reprompt). Decoded from the synthesized audio
directly (no microphone: the endpointer is not what is compared), each utterance after a warm-up one.

    nice -n 19 /work/main/.venv/bin/python bench/another_way_bench.py --voices piper-joe-slow,flite-awb
    nice -n 19 /work/main/.venv/bin/python bench/another_way_bench.py --voices flite-awb --whisper
"""

from __future__ import annotations

import argparse
import collections
import sys
from collections.abc import Callable, Sequence

from testspeech.speak import synth
from testspeech.voices import HOLDOUT
from voicefish.audio.recognizer import Recognizer
from voicefish.cards import Rank
from voicefish.speech import intents as it
from voicefish.speech.grammar import TableContext
from voicefish.table.words import rank_name, rank_plural

PHRASINGS: dict[str, Callable[[Rank], str]] = {
    "full ask": lambda r: f"Leo, do you have any {rank_plural(r)}?",
    "name and number": lambda r: f"Leo, {rank_name(r)}.",
    "number N": lambda r: f"Leo, number {rank_name(r)}.",
    "spelled": lambda r: f"Leo, {'. '.join(rank_name(r).upper())}.",
}


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--voices", default="piper-joe-slow,flite-awb", help=f"hold-out voices, from {','.join(HOLDOUT)}")
    ap.add_argument("--no-sphinx", action="store_true", help="leave pocketsphinx out")
    ap.add_argument("--whisper", action="store_true", help="Whisper (base, the default ear's decider) as well")
    args = ap.parse_args(argv)
    voices = [v for v in args.voices.split(",") if v]
    bad = [v for v in voices if v not in HOLDOUT]
    if bad:
        print(f"not a hold-out voice: {bad[0]}", file=sys.stderr)
        return 2
    from voicefish.audio.sphinx import SphinxRecognizer

    ears: dict[str, Recognizer] = {} if args.no_sphinx else {"pocketsphinx": SphinxRecognizer()}
    if args.whisper:
        from voicefish.table.voice import make_recognizer

        ears["whisper"], _ = make_recognizer("whisper")  # deciding alone (auto falls back to pocketsphinx when slow)
    ctx = TableContext(("Sam", "Leo", "Mia"))
    print("| ear | phrasing | voices | at once | after a yes | wrong | nothing | n |")
    print("|---|---|---|---|---|---|---|---|")
    for ear_name, rec in ears.items():
        for phrasing, say in PHRASINGS.items():
            score: collections.Counter[str] = collections.Counter()
            for voice in voices:
                for rank in Rank:
                    rec.set_table(ctx, (rank,))
                    rec.decode(synth("Mia, do you have any kings?", voice))
                    got = rec.decode(synth(say(rank), voice, seed=rank.value))
                    if got.intent == it.Ask("Leo", rank):
                        score["at once" if not got.confirm else "after a yes"] += 1
                    elif isinstance(got.intent, it.NoIntent):
                        score["nothing"] += 1
                    else:
                        score["wrong"] += 1
            n = sum(score.values())
            cells = " | ".join(f"{100 * score[k] / n:.0f} %" for k in ("at once", "after a yes", "wrong", "nothing"))
            print(f"| {ear_name} | {phrasing} | {', '.join(voices)} | {cells} | {n} |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
