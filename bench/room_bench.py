"""A room that talks all the time: other people's talk under every ask, and the game's ears listening through it.

    .venv/bin/python bench/room_bench.py --snr 10 --voice-check 8
    .venv/bin/python bench/room_bench.py --snr 10 --voice-check 8 --no-room-rule   # the listener before the rule

A timeline of babble (four other espeak voices, never stopping) is made ``--snr`` dB under the asks' median speech
power, and N asks ("Leo, do you have any jacks?", the 16 bench voices in turn) are said over it after pauses of
``--gaps`` seconds. The game's ears hear it in real time: a microphone stand-in delivers the timeline's 30 ms blocks
when they are due by the clock (what was "captured" while the game talks is dropped, as the real Microphone does),
the real Listener with its UtteranceDetector cuts utterances, the game's recognizer decodes them while they are
spoken (adapted to each voice by ``--voice-check`` prompts said in the same room) and joins a name said before a
pause to what follows, as ``voicefish.table.voice.VoiceEars`` does. After each utterance the game "talks" (its
listener muted) for 3 s when it rejected it ("Sorry, I didn't catch that ...") and 2 s otherwise.

For every utterance handed over: is it an ask (it covers at least half of an ask's words) or the room's talk, what
the table does with what the recognizer made of it (the table's policy, ``bench/acting.py``: not taken ("rejected"),
asked back ("to confirm"), or acted on at once ("played")), and for an ask the time from the end of its words to the
decoded result (the reply's first sound comes a synthesis later; latency_bench.py measures that part). No audio
device is needed: the device path is latency_bench.py's.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass

import acting
import numpy as np
from latency_bench import (
    PLAYERS,
    RANKS,
    _loud,
    add_sentence_rule_options,
    sentence_rule_options,
    voice_check,
)

from testspeech.espeak import HOLDOUT_VOICES, TUNING_VOICES, Voice, babble, synth
from voicefish.audio.listen import SAMPLE_RATE, Block, Listener, UtteranceDetector
from voicefish.table.voice import LISTEN_TIMEOUT, listen_joining

BLOCK = 480


class RoomClock:
    """The microphone stand-in: the timeline's blocks, each delivered when it is due by the clock; muting drops
    what is "captured" meanwhile (and 50 ms after, the Microphone's guard)."""

    def __init__(self, timeline: np.ndarray) -> None:
        self.timeline = timeline
        self.t0 = time.perf_counter()
        self.pos = 0
        self.muted = False
        self.generation = 0

    def now(self) -> float:
        return time.perf_counter() - self.t0

    def read(self, timeout: float) -> Block | None:
        if self.muted or self.pos + BLOCK > len(self.timeline):
            time.sleep(timeout)
            return None
        due = self.t0 + (self.pos + BLOCK) / SAMPLE_RATE
        wait = due - time.perf_counter()
        if wait > timeout:
            time.sleep(timeout)
            return None
        if wait > 0:
            time.sleep(wait)
        block = self.timeline[self.pos : self.pos + BLOCK]
        self.pos += BLOCK
        return Block(block, self.t0 + self.pos / SAMPLE_RATE, self.generation)

    def mute(self) -> None:
        self.muted = True
        self.generation += 1

    def unmute(self) -> None:
        self.muted = False
        self.generation += 1
        self.pos = max(self.pos, int((self.now() + 0.05) * SAMPLE_RATE) // BLOCK * BLOCK)


@dataclass
class Heard:
    kind: str  # reject / confirm / play: what the table's policy does with it (bench/acting.py)
    ask: int | None  # the ask it covers, None for the room's talk
    right: bool
    text: str
    seconds: float
    truncated: bool
    lag: float | None  # end of the ask's words → decoded


def bursts(samples: int, rng: np.random.Generator) -> np.ndarray:
    """An on/off envelope: 3-10 s on, 2-6 s off, at random, with 50 ms ramps."""
    gate = np.zeros(samples)
    at, on = 0, bool(rng.integers(2))
    while at < samples:
        length = int((rng.uniform(3.0, 10.0) if on else rng.uniform(2.0, 6.0)) * SAMPLE_RATE)
        gate[at : at + length] = 1.0 if on else 0.0
        at, on = at + length, not on
    ramp = np.ones(SAMPLE_RATE // 20) / (SAMPLE_RATE // 20)
    return np.convolve(gate, ramp, mode="same")


def speech_power(audio: np.ndarray) -> float:
    x = audio.astype(np.float64)
    loud = _loud(audio)
    return float(np.mean(x[loud[0] : loud[-1] + 1] ** 2))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--snr", type=float, default=10.0, help="the room's talk this many dB under the asks (10)")
    parser.add_argument("--n", type=int, default=16, help="number of asks (16)")
    parser.add_argument("--voice-check", type=int, default=8, metavar="N", help="prompts of the voice check (8)")
    parser.add_argument("--gaps", default="2.5,4,6,9", help="seconds of the room alone before each ask, in turn")
    parser.add_argument("--seed", type=int, default=99, help="the room's talk (99)")
    parser.add_argument(
        "--bursts",
        action="store_true",
        help="the room talks in bursts (3-10 s of talk, 2-6 s of quiet, at random) instead of all the time",
    )
    parser.add_argument("--no-room-rule", action="store_true", help="the listener without the room rule (room_db)")
    add_sentence_rule_options(parser)
    parser.add_argument("--verbose", action="store_true", help="print every utterance handed over")
    args = parser.parse_args()

    from voicefish.audio.sphinx import SphinxRecognizer
    from voicefish.speech.grammar import TableContext

    voices: tuple[Voice, ...] = (*TUNING_VOICES, *HOLDOUT_VOICES)
    game = SphinxRecognizer(TableContext(players=PLAYERS, me="Priya"))
    request = acting.request(PLAYERS, "Priya")  # the recognizer is told no hand: the policy sees every rank held
    condition = {10.0: "babble10", 20.0: "babble20"}.get(args.snr, "clean")
    checked = (
        voice_check(game, tuple(v.name for v in voices[: args.n]), args.voice_check, condition)
        if args.voice_check
        else "none"
    )

    gaps = [float(g) for g in args.gaps.split(",")]
    asks: list[tuple[str, Voice, np.ndarray]] = []
    for i in range(args.n):
        text = f"{PLAYERS[i % 3]}, do you have any {RANKS[i % len(RANKS)]}?"
        asks.append((text, voices[i % len(voices)], synth(text, voices[i % len(voices)], seed=i)))
    at, starts = 3.0, []
    for i, (_, _, words) in enumerate(asks):
        at += gaps[i % len(gaps)]
        starts.append(int(at * SAMPLE_RATE))
        at += len(words) / SAMPLE_RATE
    total = int((at + 4.0) * SAMPLE_RATE)
    room = babble(total, seed=args.seed)
    power = float(np.median([speech_power(w) for _, _, w in asks]))
    mix = room * np.sqrt(power / (float(np.mean(room**2)) * 10 ** (args.snr / 10)))
    if args.bursts:  # the level while it talks stays the same: quiet spells are cut out of the same talk
        mix *= bursts(total, np.random.default_rng(args.seed))
    spans = []
    for start, (_, _, words) in zip(starts, asks, strict=True):
        mix[start : start + len(words)] += words
        loud = _loud(words)
        spans.append(((start + loud[0]) / SAMPLE_RATE, (start + loud[-1]) / SAMPLE_RATE))
    floor = np.random.default_rng(1).normal(0, 4, total)
    timeline = np.clip(mix + floor, -32768, 32767).astype(np.int16)

    source = RoomClock(timeline)
    detector = UtteranceDetector(
        sink=game,
        room_db=None if args.no_room_rule else 7.0,
        **sentence_rule_options(args),
    )
    listener = Listener(source, detector)
    heard: list[Heard] = []
    timeouts = 0
    source.t0 = time.perf_counter()
    while source.now() < total / SAMPLE_RATE - 1.0:
        upcoming = next((k for k, (_, end) in enumerate(spans) if end > source.now() - 0.5), args.n - 1)
        game.set_speaker(asks[upcoming][1].name)
        listened = listen_joining(listener, game, LISTEN_TIMEOUT)
        if listened is None:
            timeouts += 1
            continue
        closed = source.now()
        u = listened.utterance
        result = listened.streamed or game.decode(u.audio)
        decoded = source.now()
        covers = next(
            (k for k, (a, b) in enumerate(spans) if min(b, closed) - max(a, closed - u.duration) > 0.5 * (b - a)), None
        )
        want = asks[covers][0].lower().replace(",", "").replace("?", "") if covers is not None else ""
        act = acting.action(result.intent, result.confirm, request, result.reason)
        kind = "play" if act in acting.AT_ONCE else "confirm" if act in acting.ASKED_BACK else "reject"
        lag = decoded - spans[covers][1] if covers is not None else None
        heard.append(
            Heard(kind, covers, covers is not None and result.text == want, result.text, u.duration, u.truncated, lag)
        )
        if args.verbose:
            print(heard[-1], flush=True)
        listener.mute()  # the game answers
        time.sleep(3.0 if kind == "reject" else 2.0)
        listener.unmute()

    covered = {h.ask for h in heard if h.ask is not None}
    right = {h.ask for h in heard if h.right}
    room_talk = [h for h in heard if h.ask is None]
    lags = [h.lag * 1000 for h in heard if h.right and h.lag is not None]
    rule = "off (--no-room-rule)" if args.no_room_rule else f"on (room_db {detector.room_db:g} dB)"
    when = "in bursts (3-10 s on, 2-6 s off)" if args.bursts else "all the time"
    print(f"room's talk {args.snr:g} dB under the asks, {when}; {args.n} asks after pauses of {args.gaps} s")
    print(f"room rule {rule}; voice check: {checked} prompts kept; seed {args.seed}")
    print(
        "| asks heard | decoded exactly | room's talk handed over: rejected (the game answers aloud) / to confirm /"
        " played | cut at the time limit | asks' words end → decoded, median / p95 (ms) | no-answer timeouts |"
    )
    print("|---|---|---|---|---|---|")
    kinds = [sum(h.kind == k for h in room_talk) for k in ("reject", "confirm", "play")]
    lag_text = f"{np.median(lags):.0f} / {np.percentile(lags, 95):.0f}" if lags else "–"
    print(
        f"| {len(covered)}/{args.n} | {len(right)}/{args.n} | {len(room_talk)}: {kinds[0]} / {kinds[1]} / {kinds[2]} "
        f"| {sum(h.truncated for h in heard)} | {lag_text} | {timeouts} |"
    )
    print(
        f"utterances dropped as the room's talk: {detector.room_dropped}; restarts (rise or slide): {detector.restarts}"
    )
    print(
        f"utterances the sentence rule closed: {detector.sentence_closes} (on decoded silence before the "
        f"listener's quiet: {detector.silence_closes})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
