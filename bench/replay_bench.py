"""The latency bench's asks replayed offline: the game's ears on audio from memory, no sound devices.

    .venv/bin/python bench/replay_bench.py --condition babble10 --voice-check 8 [--n 30] [--no-run-on] ...

The same asks as ``latency_bench.py`` ("Sam, do you have any jacks?", the tuning and hold-out voices in turn, the
same noise, seeds and voice check) go through what the game listens with: ``Listener`` with the
``UtteranceDetector`` (the sentence rule's options as in ``latency_bench.py``), ``listen_joining`` and the game's
recognizer as its sink, fed from an ``ArraySource`` as fast as it decodes. Per ask it reports

* **closed after the words**: where in the audio the listener closed the ask, after the words' last loud sample
  (exact: counted in samples, the same in every run);
* **work after the close**: the wall-clock time from the moment the block that closed the ask was read to the
  result, as the game waits for it: the listener's handling of that block, the end of the streamed decode (the
  recognizer's last frames and the lattice it builds for its result; before the fifteenth session this part was
  left out, as it happens inside ``listen``), and the whole decode when the streamed result is not used;
* their sum, the part of the reply latency that the listener and recognizer make (the live bench adds speech
  synthesis, 12-15 ms there, the hand-over to the device, 2-3 ms, and the devices' own timing), and what was heard.

``--recognizer default --voices realistic-tuning`` (or ``realistic``) does the same with the game's default ear
(Whisper deciding) on realistic voices: offline, so a first part's decode does not overlap the rest of the ask as it
does live.

Each ask is a new source with 1.5 s of quiet after it; the detector and recognizer carry on from ask to ask, as in
a game. In the live bench the devices' own timing moves where the blocks fall, so single asks close differently
there; this bench is for comparing a change side by side in a minute or two, the live one for the target.
"""

from __future__ import annotations

import argparse
import sys
import time

import numpy as np
from latency_bench import (
    PLAYERS,
    REALISTIC_VOICES,
    BenchAsk,
    add_sentence_rule_options,
    bench_asks,
    closing_read,
    make_recognizer,
    percentile,
    sentence_rule_options,
    voice_check,
    what_closed,
    words_of,
)

from voicefish.audio.listen import SAMPLE_RATE, ArraySource, Block, Listener, UtteranceDetector
from voicefish.table.voice import listen_joining


class _TimedSource(ArraySource):
    """An :class:`ArraySource` that remembers when it handed each block over, and where in the audio it then was."""

    def __init__(self, samples: np.ndarray) -> None:
        super().__init__(samples)
        self.reads: list[float] = []
        self.positions: list[int] = []

    def read(self, timeout: float) -> Block | None:
        block = super().read(timeout)
        if block is not None:
            self.reads.append(time.perf_counter())
            self.positions.append(self.position)
        return block


AFTER_S = 1.5
"""Seconds of quiet after each ask."""

CUT_S = 0.5
"""An ask closed more than this long before its words' end was cut in the noise before them: it is counted apart,
not timed (the live bench cannot time it either: its answer comes before the words end)."""


def asks(
    n: int, condition: str, noise_lead: float, phase: int = 0, voices: str = "espeak"
) -> list[tuple[BenchAsk, np.ndarray, float]]:
    """The latency bench's asks (:func:`latency_bench.bench_asks`), each as the audio to replay and the seconds from
    its start to the words' end: ``phase`` samples of faint noise more before it (where the listener's blocks fall
    in it, and nothing else, changes with it) and :data:`AFTER_S` of it after. The padding has its own noise, so the
    asks are the live bench's whatever the phase."""
    rng = np.random.default_rng(8)
    out = []
    for ask in bench_asks(n, condition, noise_lead, voices):
        shift = rng.normal(0, 4, phase).astype(np.int16)
        after = rng.normal(0, 4, int(AFTER_S * SAMPLE_RATE)).astype(np.int16)
        out.append((ask, np.concatenate([shift, ask.audio, after]), phase / SAMPLE_RATE + ask.words_end))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--n", type=int, default=30, help="number of asks (30, as the live bench)")
    parser.add_argument(
        "--condition",
        default="clean",
        choices=("clean", "white20", "white10", "babble20", "babble10"),
        help="noise under each ask (clean)",
    )
    parser.add_argument("--noise-lead", type=float, default=1.0, help="seconds of the noise before each ask (1.0)")
    parser.add_argument(
        "--voice-check", type=int, default=8, metavar="N", help="prompts each voice repeats first (8; 0: none)"
    )
    parser.add_argument(
        "--phase",
        type=int,
        default=0,
        metavar="SAMPLES",
        help="more quiet before each ask, in samples (0-479): where the 30 ms blocks fall in it, which the live "
        "bench's devices change from run to run (0)",
    )
    parser.add_argument(
        "--voices",
        choices=("espeak", *REALISTIC_VOICES),
        default="espeak",
        help="the asks' voices, as latency_bench.py's --voices (espeak)",
    )
    parser.add_argument(
        "--recognizer",
        choices=("game", "default"),
        default="game",
        help="game: pocketsphinx alone as the listener's sink; default: the game's default ear (Whisper deciding)",
    )
    add_sentence_rule_options(parser)
    parser.add_argument("--verbose", action="store_true", help="print every ask")
    args = parser.parse_args()

    _, _, game = make_recognizer(args.recognizer)  # the listener's sink, as latency_bench.py's
    items = asks(args.n, args.condition, args.noise_lead, args.phase, args.voices)
    voices = tuple(dict.fromkeys(ask.voice for ask, _, _ in items))
    checked = voice_check(game, voices, args.voice_check, args.condition, args.voices) if args.voice_check else "none"
    detector = UtteranceDetector(sink=game, **sentence_rule_options(args))
    closes: list[float] = []
    works: list[float] = []
    replies: list[float] = []
    right = missed = 0
    cut: list[str] = []
    sentence_closes = silence_closes = 0
    for i, (ask, audio, words_end) in enumerate(items):
        text, speaker = ask.text, ask.voice
        if args.voice_check:
            game.set_speaker(speaker)
        source = _TimedSource(audio)
        listened = listen_joining(Listener(source, detector), game, 2.0, names=PLAYERS, turn=True)  # (as the game)
        closed_by = what_closed(detector, sentence_closes, silence_closes)  # (its last part, when joined)
        sentence_closes, silence_closes = detector.sentence_closes, detector.silence_closes
        end = listened.utterance.closed_at if listened is not None else time.perf_counter()
        k = closing_read(source.reads, end)
        t0, position = (source.reads[k], source.positions[k]) if k is not None else (end, source.position)
        closed = position / SAMPLE_RATE
        result = listened.streamed if listened is not None else None
        if listened is not None and result is None:
            result = game.decode(listened.utterance.audio)
        work = time.perf_counter() - t0
        if listened is None or result is None:
            missed += 1
            if args.verbose:
                print(i, speaker, "nothing heard", flush=True)
            continue
        right += words_of(result.text) == words_of(text)
        if closed < words_end - CUT_S:
            cut.append(result.text)
            if args.verbose:
                print(i, speaker, f"closed {words_end - closed:.2f} s before the words' end: {result.text!r}")
            continue
        closes.append((closed - words_end) * 1000)
        works.append(work * 1000)
        replies.append(closes[-1] + works[-1])
        if args.verbose:
            print(
                i,
                speaker,
                f"closed {closes[-1]:.0f} ms after the words ({closed_by}), work after it {works[-1]:.0f} ms,",
                "streamed" if listened.streamed is not None else "decoded whole",
                "(joined to a first part):" if listened.joined else "(one part):",
                repr(result.text),
                flush=True,
            )

    def row(label: str, values: list[float]) -> str:
        if not values:
            return f"| {label} | - | - | - |"
        return f"| {label} | {np.median(values):.0f} | {percentile(values, 95):.0f} | {max(values):.0f} |"

    timed = f"timed {len(closes)} of {args.n}; nothing heard: {missed}"
    print(f"condition {args.condition}, phase {args.phase}; voice check: {checked}; {timed}")
    print(f"heard exactly: {right}; closed in the noise before the words ended: {len(cut)} {cut}")
    print(f"options: {sentence_rule_options(args)}")
    print(f"sentence rule closes: {detector.sentence_closes}, on decoded silence: {detector.silence_closes}")
    print("| ms | median | p95 | max |\n|---|---|---|---|")
    print(row("closed after the words", closes))
    print(row("work after the close", works))
    print(row("the two together", replies))
    return 0


if __name__ == "__main__":
    sys.exit(main())
