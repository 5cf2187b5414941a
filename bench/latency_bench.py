"""Reply latency through the virtual microphone: end of a player's speech → first sound of the game's answer.

Run under the PulseAudio virtual devices (the mic ``vmic`` hears the sink ``vspk``; the answer goes to ``vspk2``):

    bash scripts/with-virtual-audio.sh .venv/bin/python bench/latency_bench.py --n 30

For each of N asks ("Leo, do you have any jacks?", espeak-ng voices, faint noise floor): ``paplay`` it into
``vspk``; the game's Microphone on ``vmic`` + endpointer cuts the utterance; the recognizer decodes it; the TTS
synthesizes a short answer and AudioOutput plays it on ``vspk2``. Two monitors timestamp what really happened:

* end of speech = arrival (at our process) of the last loud sample of the ask on ``vmic`` (= vspk's monitor);
* first sound = arrival of the first loud sample of the answer on ``vspk2.monitor``.

Both are PulseAudio monitor captures with the same small latency, so their difference is the reply latency as
a listener in the room would measure it. With ``--condition`` (noise from ``--noise-lead`` seconds before each
ask to 0.6 s after its words) the end of speech is the words' last loud sample (timed from the first loud
sample heard: the noise's); with ``--voice-check N`` the game's recognizer first learns each voice from the
check's prompts, so it hears them adapted, as in a game. With the game's recognizer the listener joins a short
utterance that is not understood on its own (a name before a pause) to what follows, as the game's ears do, and is
told the asker's hand at each ask, as at a game's turn (the rank asked for and two others):

    bash scripts/with-virtual-audio.sh .venv/bin/python bench/latency_bench.py --condition babble20 --voice-check 8

The game's default ear (Whisper deciding, pocketsphinx streaming and endpointing beside it) on the realistic hold-out
voices (Piper, flite, festival; babble of realistic talkers), as issue 27 asks its reply latency measured:

    bash scripts/with-virtual-audio.sh .venv/bin/python bench/latency_bench.py --recognizer default --voices realistic

The stages (endpointer close, decode, synthesis, hand-over to the
device) are reported too, plus peak resident memory of the process.
"""

from __future__ import annotations

import argparse
import bisect
import os
import random
import resource
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from paired import hand_with  # bench/paired.py

from testspeech import HOLDOUT, TUNING, noise, speak
from testspeech.espeak import HOLDOUT_VOICES, TUNING_VOICES, degrade, synth, write_wav
from voicefish.audio import devices as dev
from voicefish.audio import tts
from voicefish.audio.listen import Block, Listener, Microphone, UtteranceDetector
from voicefish.cards import Rank
from voicefish.speech.grammar import TableContext, load_grammar
from voicefish.table.voice import listen_joining

PLAYERS = ("Sam", "Leo", "Max", "Priya")
RANKS = ("jacks", "sevens", "queens", "kings", "aces", "twos", "fives", "tens")
RANK_OF = {load_grammar("en").ranks[r].plural[0]: r for r in Rank}
"""A rank by its word in the asks ("sevens")."""
LOUD = 300


class Tap:
    """Passes microphone blocks to the Listener and remembers when the first and the last loud sample arrived."""

    def __init__(self, mic: Microphone) -> None:
        self.mic = mic
        self.last_loud: float | None = None
        self.first_loud: float | None = None
        self.reads: list[float] = []
        """When each block was handed to the Listener (reset per ask)."""

    def read(self, timeout: float) -> Block | None:
        block = self.mic.read(timeout)
        if block is not None:
            self.reads.append(time.perf_counter())
        if block is not None and len(block.samples):
            loud = _loud(block.samples)
            if loud.size:  # the block arrived at captured_at; its last loud sample was this much earlier
                self.last_loud = block.captured_at - (len(block.samples) - 1 - int(loud[-1])) / 16000
                if self.first_loud is None:
                    self.first_loud = block.captured_at - (len(block.samples) - 1 - int(loud[0])) / 16000
        return block

    def mute(self) -> None:
        self.mic.mute()

    def unmute(self) -> None:
        self.mic.unmute()


def closing_read(reads: Sequence[float], closed_at: float) -> int | None:
    """Of ``reads`` (when each block was handed to the Listener, in order), the index of the block that closed an
    utterance complete at ``closed_at``: the last read before it (a listener waiting for more after a name reads
    on past it); None when there is none."""
    i = bisect.bisect_right(reads, closed_at) - 1
    return i if i >= 0 else None


class Monitor:
    """Timestamps loud audio arriving from a sink's monitor."""

    def __init__(self, name: str) -> None:
        self.events: list[tuple[float, int]] = []
        self._lock = threading.Lock()
        device = dev.choose_device(name, "input")
        self.stream = dev.open_stream(
            "input", device, samplerate=16000, channels=1, dtype="int16", blocksize=160, callback=self._callback
        )

    def _callback(self, indata: Any, frames: int, t: Any, status: Any) -> None:
        now = time.perf_counter()
        loud = np.flatnonzero(np.abs(indata[:, 0].astype(np.int32)) > LOUD)
        if loud.size:
            with self._lock:
                self.events.append((now - (frames - 1 - int(loud[0])) / 16000, int(loud.size)))

    def first_after(self, t: float) -> float | None:
        with self._lock:
            return next((when for when, _ in self.events if when > t), None)

    def close(self) -> None:
        self.stream.stop()
        self.stream.close()


@dataclass
class Trial:
    text: str
    heard: str
    latency_ms: float  # end of speech (vmic) → first sound of the answer (vspk2.monitor)
    endpoint_ms: float  # end of speech → utterance closed
    finish_ms: float  # the closing block handed to the Listener → utterance closed (the streamed decode's end)
    decode_ms: float
    recognized_ms: float  # utterance closed → its recognition (with the game's ears: the decode while spoken too)
    synth_ms: float
    handover_ms: float  # play() called → first loud sample handed to the device
    app_ms: float  # end of speech → first loud sample handed to the device


class StreamingDecoder:
    """A pocketsphinx JSGF decoder fed while the player speaks (listen.UtteranceSink): at the end of the utterance
    only end_utt() remains, so the result is ready a few milliseconds after the endpointer closes."""

    def __init__(self, decoder: Any) -> None:
        self.decoder = decoder
        self.active = False

    def begin(self) -> None:
        self.decoder.start_utt()
        self.active = True

    def feed(self, samples: np.ndarray) -> None:
        if self.active:
            self.decoder.process_raw(samples.tobytes(), full_utt=False)

    def end(self, keep: bool) -> None:
        if self.active:
            self.decoder.end_utt()
            self.active = False

    def result(self, audio: np.ndarray) -> str:
        hyp = self.decoder.hyp()
        return str(hyp.hypstr) if hyp is not None else ""


def make_recognizer(kind: str) -> tuple[str, Any, Any]:
    """The recognizers engineer's SphinxRecognizer (whole utterance after the end), or our own pocketsphinx JSGF
    decoder, either on the whole utterance (``plain``) or fed while the player speaks (``stream``); ``default``: the
    ear ``voicefish play`` listens with by default (Whisper deciding, pocketsphinx streaming and endpointing beside
    it: :func:`voicefish.table.voice.make_recognizer`), the listener's sink as in the game."""
    if kind == "default":
        from voicefish.speech.grammar import TableContext
        from voicefish.table.voice import make_recognizer as game_ear

        ear, said = game_ear("auto", probe=False)
        ear.set_table(TableContext(players=PLAYERS, me="Priya"))

        def heard_by_default(audio: np.ndarray) -> str:
            return ear.decode(audio).text

        return f"the game's default ear ({said})", heard_by_default, ear
    if kind == "game":  # what voicefish.table.voice.VoiceEars does: the recognizer is the listener's sink
        from voicefish.audio.sphinx import SphinxRecognizer
        from voicefish.speech.grammar import TableContext

        game = SphinxRecognizer(TableContext(players=PLAYERS, me="Priya"))

        def heard(audio: np.ndarray) -> str:
            result = game.streamed(audio) or game.decode(audio)
            return result.text

        name = "voicefish.audio.sphinx.SphinxRecognizer, decoding while spoken (the game's path)"
        return name, heard, game
    if kind in ("auto", "sphinx"):
        try:
            from voicefish.audio.sphinx import SphinxRecognizer
            from voicefish.speech.grammar import TableContext

            rec = SphinxRecognizer(TableContext(players=PLAYERS, me="Priya"))
            return "voicefish.audio.sphinx.SphinxRecognizer (whole utterance)", lambda a: rec.decode(a).text, None
        except ImportError:
            if kind == "sphinx":
                raise
    from pocketsphinx import Decoder

    names = " | ".join(p.lower() for p in PLAYERS if p != "Priya")
    jsgf = (
        "#JSGF V1.0;\ngrammar g;\npublic <s> = <name> [do you have any] <rank> | go fish ;\n"
        f"<name> = {names} ;\n<rank> = {' | '.join(RANKS)} ;\n"
    )
    decoder = Decoder(lm=None, loglevel="FATAL")
    decoder.add_jsgf_string("g", jsgf)
    decoder.activate_search("g")
    if kind == "stream":
        streaming = StreamingDecoder(decoder)
        return "own pocketsphinx JSGF decoder, fed while speaking", streaming.result, streaming

    def decode(audio: np.ndarray) -> str:
        decoder.start_utt()
        decoder.process_raw(audio.tobytes(), full_utt=True)
        decoder.end_utt()
        hyp = decoder.hyp()
        return str(hyp.hypstr) if hyp is not None else ""

    return "own pocketsphinx JSGF decoder (whole utterance)", decode, None


def voice_check(game: Any, voices: tuple[str, ...], n: int, condition: str, kind: str = "espeak") -> str:
    """Each voice (test voice names of ``kind``: :func:`bench_asks`) repeats ``n`` prompts of the game's voice check
    (``condition`` noise), straight into the game's recognizer, which keeps a reply as the table does (when the
    prompt fits about as well as what it heard)."""
    from voicefish.speech.intents import No, Pause, Quit
    from voicefish.table.voicecheck import prompts

    kept = []
    for voice in dict.fromkeys(voices):
        game.set_speaker(voice)
        before = game.learnt_count(voice)
        for k, prompt in enumerate(prompts(list(PLAYERS), "Priya", n)):
            audio = in_room(said(prompt.sentence, voice, kind, seed=2000 + k), condition, kind, seed=2000 + k)
            r = game.decode(audio)
            if r.text and not isinstance(r.intent, No | Pause | Quit):
                game.learn(voice, audio, prompt.sentence, heard=r.text)
                game.wait_adapted()
        kept.append(game.learnt_count(voice) - before)
    return f"{sum(kept)} of {n * len(kept)}"


def _loud(audio: np.ndarray) -> np.ndarray:
    """Indices of the samples louder than LOUD."""
    return np.flatnonzero(np.abs(audio.astype(np.int32)) > LOUD)


def percentile(values: list[float], q: float) -> float:
    return float(np.percentile(np.array(values), q))


@dataclass(frozen=True)
class BenchAsk:
    """One ask of the bench, as played into the microphone."""

    text: str
    name: str
    rank: str
    voice: str
    """The test voice's name."""
    audio: np.ndarray
    """Faint noise, the words (in ``condition``'s noise from ``noise_lead`` seconds before them), faint noise."""
    words_end: float
    """Seconds from the start of ``audio`` to the words' last loud sample."""
    hand: tuple[Rank, ...] = ()
    """The asker's ranks, as at a game's table: the rank asked for and two others (the game's ears are told them)."""


REALISTIC_VOICES = {
    "realistic": tuple(v for v in HOLDOUT if not v.startswith("espeak-")),
    "realistic-tuning": tuple(v for v in TUNING if not v.startswith("espeak-")),
}
"""``--voices realistic``: the hold-out voices that are not espeak-ng (testspeech.voices.HOLDOUT); ``realistic-tuning``:
the tuning voices that are not (for trying a change before it is measured on the hold-out)."""


ESPEAK_VOICES = (*TUNING_VOICES, *HOLDOUT_VOICES)
"""``--voices espeak`` (the default): the espeak-ng tuning and hold-out voices."""


def said(text: str, voice: str, kind: str, *, seed: int) -> np.ndarray:
    """``text`` in the test voice named ``voice``, of ``kind`` (``espeak`` or a key of :data:`REALISTIC_VOICES`)."""
    if kind in REALISTIC_VOICES:
        return speak.synth(text, voice, seed=seed)
    return synth(text, next(v for v in ESPEAK_VOICES if v.name == voice), seed=seed)


def in_room(audio: np.ndarray, condition: str, kind: str, *, seed: int) -> np.ndarray:
    """``audio`` under ``condition``: babble of realistic talkers for realistic voices, espeak-ng's for espeak-ng."""
    if kind in REALISTIC_VOICES:
        return noise.degrade(audio, condition, seed=seed)
    return degrade(audio, condition, seed=seed)


def words_of(text: str) -> str:
    """``text``'s words, lower case (Whisper writes case and punctuation, pocketsphinx neither)."""
    return " ".join(text.lower().replace(",", " ").replace("?", " ").replace(".", " ").split())


def what_closed(detector: UtteranceDetector, sentence_closes: int, silence_closes: int) -> str:
    """What closed the utterance the detector last closed, given its counters before it: the sentence rule (on
    decoded silence or after the quiet) or the level/VAD rule."""
    if detector.silence_closes > silence_closes:
        return "sentence, on decoded silence"
    if detector.sentence_closes > sentence_closes:
        return "sentence"
    return "level/VAD"


def bench_asks(n: int, condition: str, noise_lead: float, voices: str = "espeak") -> list[BenchAsk]:
    """The bench's ``n`` asks, the same in every run (and in ``replay_bench.py``): with ``voices`` ``espeak``, the
    espeak-ng tuning and hold-out voices in turn; ``realistic``, :data:`REALISTIC_VOICES` in turn (testspeech's
    realistic speech and babble of realistic talkers). Each ask's noise from its own seed."""
    names = REALISTIC_VOICES.get(voices) or tuple(v.name for v in ESPEAK_VOICES)
    rng = np.random.default_rng(7)
    out = []
    for i in range(n):
        name, rank = PLAYERS[i % 3], RANKS[i % len(RANKS)]
        text = f"{name}, do you have any {rank}?"
        quiet = rng.normal(0, 4, 4000).astype(np.int16)
        speaker = names[i % len(names)]
        words = said(text, speaker, voices, seed=i)
        if condition != "clean":  # the room is loud from before the ask on, as in a noisy room
            lead = rng.normal(0, 4, int(noise_lead * 16000)).astype(np.int16)
            words = np.concatenate([lead, words])
        audio = np.concatenate([quiet, in_room(words, condition, voices, seed=i), quiet])
        hand = hand_with(RANK_OF[rank], random.Random(f"latency hand {i}"))
        out.append(BenchAsk(text, name, rank, speaker, audio, (len(quiet) + int(_loud(words)[-1])) / 16000, hand))
    return out


def add_sentence_rule_options(parser: argparse.ArgumentParser) -> None:
    """The listener's sentence-rule options, shared with ``room_bench.py``: each on by default, as in the game."""
    parser.add_argument(
        "--no-sentence-rule",
        action="store_true",
        help="the listener without the sentence rule (closing once the recognizer heard a whole sentence and quiet)",
    )
    parser.add_argument(
        "--no-run-on",
        action="store_true",
        help="the sentence rule without telling the recognizer how long the listener heard quiet (a last word the "
        "decoder runs on into that quiet is then not taken as finished)",
    )
    parser.add_argument(
        "--sentence-silence",
        type=float,
        default=0.2,
        help="seconds of decoded silence after a whole sentence that close it before the listener's own quiet "
        "(the sentence rule in a loud room; 0 = only after that quiet; default 0.2, the game's)",
    )


def sentence_rule_options(args: argparse.Namespace) -> dict[str, Any]:
    """:class:`UtteranceDetector` arguments from :func:`add_sentence_rule_options`' options."""
    return {
        "sentence_quiet": None if args.no_sentence_rule else 0.15,
        "sentence_silence": args.sentence_silence or None,
        "tell_quiet": not args.no_run_on,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--n", type=int, default=30, help="number of utterances (30)")
    parser.add_argument("--window", type=float, default=0.3, help="endpointer window in seconds (0.3)")
    parser.add_argument("--ratio", type=float, default=0.9, help="endpointer ratio (0.9)")
    parser.add_argument("--drop-db", type=float, default=15.0, help="level-drop rule in dB, 0 = endpointer only (15)")
    parser.add_argument(
        "--recognizer",
        choices=("game", "default", "auto", "sphinx", "plain", "stream"),
        default="game",
        help="game: pocketsphinx as the game's ear streams (the default); default: the game's default "
        "ear (Whisper deciding); auto/sphinx: pocketsphinx on the whole utterance; plain/stream: a "
        "bare pocketsphinx grammar",
    )
    parser.add_argument("--tts-cache", action="store_true", help="let repeated answers come from the TTS cache")
    parser.add_argument(
        "--condition",
        default="clean",
        choices=("clean", "white20", "white10", "babble20", "babble10"),
        help="noise mixed over each ask, from --noise-lead seconds before it to the end of its audio (clean)",
    )
    parser.add_argument(
        "--noise-lead",
        type=float,
        default=1.0,
        help="seconds of the noise before each ask: the listener learns the room's level between utterances (1.0)",
    )
    parser.add_argument(
        "--voices",
        choices=("espeak", *REALISTIC_VOICES),
        default="espeak",
        help="the asks' voices: espeak-ng tuning and hold-out voices in turn (espeak, the default), the realistic "
        "hold-out voices (Piper joe slow and lively, flite awb and rms, festival ked) in babble of realistic talkers "
        "(realistic), or the realistic tuning voices (realistic-tuning)",
    )
    add_sentence_rule_options(parser)
    parser.add_argument(
        "--voice-check",
        type=int,
        default=0,
        metavar="N",
        help="game recognizer only: each voice first repeats N prompts of the voice check (in the same noise, "
        "straight to the recognizer), which learns from them as the table does; then it hears that voice adapted",
    )
    args = parser.parse_args()
    if not os.environ.get("VOICEFISH_VIRTUAL_AUDIO"):
        print("run under scripts/with-virtual-audio.sh (needs the PulseAudio virtual devices)", file=sys.stderr)
        return 2

    rec_name, decode, streaming = make_recognizer(args.recognizer)
    asks = bench_asks(args.n, args.condition, args.noise_lead, args.voices)
    game = args.recognizer in ("game", "default")  # heard as the game's ears hear (listen_joining, streaming)
    if args.voice_check:
        if not game:
            print("--voice-check needs --recognizer game or default", file=sys.stderr)
            return 2
        checked = voice_check(streaming, tuple(a.voice for a in asks), args.voice_check, args.condition, args.voices)
        rec_name += f"; voice check of {args.voice_check} prompts, kept {checked}"
    voice = tts.Pyttsx3Voice(rate=180, cache=64 if args.tts_cache else 0)
    voice.synthesize("warm up")
    output = tts.AudioOutput.choose("vspk2")
    mic = Microphone.choose("vmic").start()
    tap = Tap(mic)
    listener = Listener(
        tap,
        UtteranceDetector(
            window=args.window,
            ratio=args.ratio,
            drop_db=args.drop_db or None,
            **sentence_rule_options(args),
            sink=streaming,
        ),
    )
    if game:  # as the game's voice ears: a loud room is told by the room's own level
        streaming.room_level = lambda: listener.detector.room_rms
    monitor = Monitor("vspk2.monitor")
    joined = 0

    trials: list[Trial] = []
    misses = 0
    sentence_closes = silence_closes = 0
    with tempfile.TemporaryDirectory() as tmp:
        for i, item in enumerate(asks):
            name, text, speaker, ask = item.name, item.text, item.voice, item.audio
            if game:  # the asker's hand, as the ears are told at a turn (the prompt's examples: ranks not held)
                streaming.set_table(TableContext(players=PLAYERS, me="Priya"), item.hand)
            if args.voice_check:
                streaming.set_speaker(speaker)
            wav = write_wav(Path(tmp) / f"{i}.wav", ask)
            # in noise the loud samples heard are the noise's too: the words end this long after the first one
            words_end = item.words_end - int(_loud(ask)[0]) / 16000
            tap.last_loud = tap.first_loud = None
            tap.reads = []
            player = subprocess.Popen(["paplay", "--device=vspk", str(wav)])
            listened = listen_joining(listener, streaming if game else None, 6.0, join=game, names=PLAYERS, turn=game)
            utterance = listened.utterance if listened is not None else None
            if utterance is None or tap.last_loud is None:
                misses += 1
                player.wait()
                continue
            if args.condition != "clean" and tap.first_loud is not None:
                end_of_speech = tap.first_loud + words_end
            else:
                end_of_speech = tap.last_loud
            t0 = time.perf_counter()
            if game:
                assert listened is not None
                result = listened.streamed  # None when not decoded while spoken: decoded whole
                joined += listened.joined
                heard = result.text if result is not None else streaming.decode(utterance.audio).text
            else:
                heard = decode(utterance.audio)
            t1 = time.perf_counter()
            reply = voice.synthesize(f"{name} has no {item.rank}. Go fish!" if heard else "Sorry?")
            t2 = time.perf_counter()
            listener.mute()
            playback = output.play(reply)
            listener.unmute()
            player.wait()
            first_heard = monitor.first_after(end_of_speech)
            if first_heard is None:
                misses += 1
                continue
            k = closing_read(tap.reads, utterance.closed_at)
            closed_read = tap.reads[k] if k is not None else utterance.closed_at
            if os.environ.get("VOICEFISH_BENCH_VERBOSE"):
                closed_by = what_closed(listener.detector, sentence_closes, silence_closes)
                print(
                    i,
                    speaker,
                    f"closed {(utterance.closed_at - end_of_speech) * 1000:.0f} ms after the words ({closed_by};",
                    f"its last block read {(closed_read - end_of_speech) * 1000:.0f} ms after),",
                    f"decode {(t1 - t0) * 1000:.0f} ms",
                    f"reply {(first_heard - end_of_speech) * 1000:.0f} ms",
                    "joined" if listened is not None and listened.joined else "",
                    repr(heard),
                    flush=True,
                )
            sentence_closes = listener.detector.sentence_closes
            silence_closes = listener.detector.silence_closes
            trials.append(
                Trial(
                    text=text,
                    heard=heard,
                    latency_ms=(first_heard - end_of_speech) * 1000,
                    endpoint_ms=(utterance.closed_at - end_of_speech) * 1000,
                    finish_ms=(utterance.closed_at - closed_read) * 1000,
                    decode_ms=(t1 - t0) * 1000,
                    recognized_ms=(t1 - utterance.closed_at) * 1000,
                    synth_ms=(t2 - t1) * 1000,
                    handover_ms=(playback.first_sound - playback.started) * 1000,
                    app_ms=(playback.first_sound - end_of_speech) * 1000,
                )
            )
            time.sleep(0.2)
    monitor.close()
    mic.close()
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024

    def row(label: str, values: list[float]) -> str:
        return f"| {label} | {np.median(values):.0f} | {percentile(values, 95):.0f} | {max(values):.0f} |"

    cache = "on" if args.tts_cache else "off"
    print(
        f"condition: {args.condition} (noise from {args.noise_lead:g} s before each ask to 0.6 s after its words; end "
        "of speech = the words' last loud sample, not the noise's)"
    )
    rule = f"level drop {args.drop_db:g} dB" if args.drop_db else "no level-drop rule"
    print(f"recognizer: {rec_name}; endpointer window {args.window} s, ratio {args.ratio}, {rule}; TTS cache {cache}")
    print(f"n={len(trials)}; load average at the end: {os.getloadavg()[0]:.1f} (2 cores)")
    print(f"misses (nothing heard or no answer detected): {misses}; overflows: {mic.overflows}")
    detector = listener.detector
    print(f"utterances dropped as the room's talk: {detector.room_dropped}; restarts: {detector.restarts}")
    sentence = "off" if detector.sentence_quiet is None else f"after {detector.sentence_quiet:g} s of quiet"
    print(
        f"sentence rule {sentence}: utterances it closed: {detector.sentence_closes}, of which on "
        f"{detector.sentence_silence or 0:g} s of decoded silence before that quiet: {detector.silence_closes}; "
        f"a last word run on into the quiet taken as finished: {'yes' if detector.tell_quiet else 'no'}"
    )
    if game:
        print(f"asks heard in two parts and joined, as the game joins a name said before a pause: {joined}")
    print("| stage (ms) | median | p95 | max |\n|---|---|---|---|")
    print(
        row(
            "**reply latency** (end of speech → first sound, both measured at PulseAudio monitors)",
            [t.latency_ms for t in trials],
        )
    )
    print(row("end of speech → utterance closed (endpointer)", [t.endpoint_ms for t in trials]))
    print(
        row(
            "  of which: closing block read → closed (the streamed decode's last frames and its lattice)",
            [t.finish_ms for t in trials],
        )
    )
    print(row("decode", [t.decode_ms for t in trials]))
    print(
        row(
            "utterance closed → recognized (the decode, and what listening finished after the close)",
            [t.recognized_ms for t in trials],
        )
    )
    print(row("synthesize answer", [t.synth_ms for t in trials]))
    print(row("play() → first sound handed to the device", [t.handover_ms for t in trials]))
    print(row("end of speech → first sound handed to the device (in-process)", [t.app_ms for t in trials]))
    right = sum(words_of(t.heard) == words_of(t.text) for t in trials)
    print(f"decoded exactly: {right}/{len(trials)}; peak resident memory: {peak_mb:.0f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
