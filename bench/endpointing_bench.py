"""Endpointing offline (no audio device): how soon an utterance closes after speech ends, whether each ask stays
one utterance in noise and babble, and how long a pause between a name and the question may be before the ask
is cut in two. Compares the pocketsphinx endpointer alone with the added level-drop rule.

    .venv/bin/python bench/endpointing_bench.py

Speech: espeak-ng (testspeech/espeak.py), 6 phrases x 5 voices, 0.6 s of quiet before and 2.5 s after,
fed in 30 ms blocks like the microphone delivers them. "Close lag" = stream time when the utterance is returned
minus the time of the last sample louder than 200 (inf = never closed within the 2.5 s of quiet).

The last table is the room that turns loud (as in latency_bench.py --condition): quiet, then other talk or noise
from 1 s before the ask to the end of its audio (0.6 s after the words), then quiet; one detector hears all the
asks in turn, as the game's listener does. It compares the rise rule off and on: where the ask's utterance
starts (the VAD opens it on the talk before the words) and when it closes.
"""

from __future__ import annotations

import sys

import numpy as np
import numpy.typing as npt

from testspeech.espeak import HOLDOUT_VOICES, TUNING_VOICES, degrade, synth
from voicefish.audio.listen import SAMPLE_RATE, UtteranceDetector

TEXTS = [
    "Priya, do you have any jacks?",
    "Go fish!",
    "Sam, give me your sevens.",
    "Leo, do you have a queen?",
    "yes",
    "Aisha, any kings?",
]
VOICES = (*TUNING_VOICES, *HOLDOUT_VOICES)[:5]
Pcm = npt.NDArray[np.int16]


def quiet(seconds: float, seed: int = 0) -> Pcm:
    return np.random.default_rng(seed).normal(0, 4, int(SAMPLE_RATE * seconds)).astype(np.int16)


def trimmed(audio: Pcm) -> Pcm:
    loud = np.flatnonzero(np.abs(audio.astype(np.int32)) > 200)
    return audio[loud[0] : loud[-1]]


def closings(detector: UtteranceDetector, stream: Pcm) -> list[float]:
    times: list[float] = []
    for k in range(0, len(stream), 480):
        times += [(k + 480) / SAMPLE_RATE for _ in detector.feed(stream[k : k + 480])]
    return times


def main() -> int:
    print("| condition | rule | one utterance | close lag median (ms) | p95 | max |\n|---|---|---|---|---|---|")
    for condition in ("clean", "white20", "white10", "babble20", "babble10"):
        for drop in (None, 15.0):
            lags: list[float] = []
            singles = 0
            for i, text in enumerate(TEXTS):
                for j, voice in enumerate(VOICES):
                    clean = np.concatenate([quiet(0.6, i), synth(text, voice), quiet(2.5, i + 1)])
                    end = np.flatnonzero(np.abs(clean.astype(np.int32)) > 200)[-1] / SAMPLE_RATE
                    got = closings(UtteranceDetector(drop_db=drop), degrade(clean, condition, seed=i * 10 + j))
                    singles += len(got) == 1
                    after = [t - end for t in got if t > end - 0.2]
                    lags.append(after[0] if after else float("inf"))
            rule = "endpointer only" if drop is None else f"+ level drop ≤{drop:.0f} dB (adaptive)"
            ms = np.array(lags) * 1000
            print(
                f"| {condition} | {rule} | {singles}/{len(lags)} | {np.median(ms):.0f} | "
                f"{np.percentile(ms, 95, method='nearest'):.0f} | {ms.max():.0f} |"
            )
    print()
    settings = [(0.3, None), (0.3, 15.0), (0.21, None)]
    header = " | ".join(f"window {w}{', level drop 15 dB' if d else ''}" for w, d in settings)
    print(f"| pause after the name | {header} |\n|---|---|---|---|")
    for pause in (0.15, 0.25, 0.35, 0.45):
        cells = []
        for window, drop in settings:
            splits = total = 0
            for voice in VOICES:
                for name in ("Sam", "Leo", "Max"):
                    stream = np.concatenate(
                        [
                            quiet(0.5),
                            trimmed(synth(name, voice)),
                            quiet(pause, 1),
                            trimmed(synth("do you have any jacks?", voice)),
                            quiet(1.5, 2),
                        ]
                    )
                    splits += len(UtteranceDetector(window=window, drop_db=drop).feed(stream)) != 1
                    total += 1
            cells.append(f"{splits}/{total} cut in two")
        print(f"| {pause * 1000:.0f} ms | " + " | ".join(cells) + " |")
    print()
    print(
        "| room turns loud 1 s before the ask | rise rule | ask in one utterance | utterance starts before the "
        "words, median / max (ms) | close lag median | p95 | max |\n|---|---|---|---|---|---|---|"
    )
    for condition in ("white10", "babble20", "babble10"):
        for rise in (None, 6.0):
            print(room_turns_loud(condition, rise))
    return 0


def room_turns_loud(condition: str, rise: float | None) -> str:
    """One row of the last table: each phrase by each voice, heard in turn by one detector."""
    detector = UtteranceDetector(rise_db=rise)
    leads: list[float] = []
    lags: list[float] = []
    singles = 0
    fed = 0.0  # seconds heard by the detector before this ask (its utterances' times count from its first)
    for i, text in enumerate(TEXTS):
        for j, voice in enumerate(VOICES):
            words = synth(text, voice)
            noisy = degrade(np.concatenate([quiet(1.0, i), words]), condition, seed=i * 10 + j)
            stream = np.concatenate([quiet(0.6, i), noisy, quiet(2.5, i + 1)])
            loud = np.flatnonzero(np.abs(words.astype(np.int32)) > 200)
            begin, end = (1.6 + loud[0] / SAMPLE_RATE), (1.6 + loud[-1] / SAMPLE_RATE)
            detector.reset()
            got = []
            for k in range(0, len(stream), 480):
                got += [((k + 480) / SAMPLE_RATE, u.start - fed) for u in detector.feed(stream[k : k + 480])]
            fed += len(stream) // 480 * 480 / SAMPLE_RATE  # (a last partial frame is dropped by reset())
            over = [(at, start) for at, start in got if at > begin and start < end]  # the ask's utterances
            singles += len(over) == 1
            ends = [at - end for at, _ in over if at > end - 0.2]
            lags.append(ends[0] if ends else float("inf"))
            if over:
                leads.append(begin - over[0][1])
    ms, lead = np.array(lags) * 1000, np.array(leads) * 1000
    return (
        f"| {condition} | {'off' if rise is None else f'{rise:.0f} dB'} | {singles}/{len(lags)} | "
        f"{np.median(lead):.0f} / {lead.max():.0f} | {np.median(ms):.0f} | "
        f"{np.percentile(ms, 95, method='nearest'):.0f} | {ms.max():.0f} |"
    )


if __name__ == "__main__":
    sys.exit(main())
