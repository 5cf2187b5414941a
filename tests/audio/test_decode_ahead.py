"""Decoding ahead (#27): in a quiet room the listener tells the recognizer when the player pauses, and the default
ear starts Whisper on what was said so far; a close with only quiet after that pause takes its result instead of
decoding again, so the reply comes up to the close's wait sooner. Real speech through the real detector, pocketsphinx
and Whisper base; a recording sink for the detector's side."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pytest

import testspeech
from tests.audio.test_listen import _talking_room, quiet
from tests.audio.test_listen import _trimmed as trimmed
from testspeech.espeak import TUNING_VOICES, espeak_available
from voicefish.audio import models as m
from voicefish.audio.listen import AHEAD_QUIET_SECONDS, SAMPLE_RATE, PauseSink, Utterance, UtteranceDetector
from voicefish.cards import Rank
from voicefish.speech.grammar import TableContext
from voicefish.speech.intents import Ask

TABLE = TableContext(players=("Priya", "Sam", "Leo", "Max"), me="Priya")


class PausedSink:
    """Records when it was told the player paused: (stream seconds heard, seconds of the utterance not fed yet)."""

    def __init__(self) -> None:
        self.detector: UtteranceDetector | None = None
        self.fed = 0
        self.paused_at: list[tuple[float, float]] = []
        self.events: list[str] = []

    def begin(self) -> None:
        self.events.append("begin")
        self.fed = 0

    def feed(self, samples: np.ndarray) -> None:
        self.fed += len(samples)

    def end(self, keep: bool) -> None:
        self.events.append(f"end:{keep}")

    def paused(self) -> None:
        assert self.detector is not None
        heard = self.detector._pos / SAMPLE_RATE
        self.paused_at.append((heard, heard - self.detector._start_pos / SAMPLE_RATE - self.fed / SAMPLE_RATE))


def _run(stream: npt.NDArray[np.int16], sink: object) -> tuple[list[float], list[Utterance]]:
    detector = UtteranceDetector(sink=sink)  # type: ignore[arg-type]
    if isinstance(sink, PausedSink):
        sink.detector = detector
    closed, utterances = [], []
    for k in range(0, len(stream), 480):
        done = detector.feed(stream[k : k + 480])
        if done:
            closed.append((k + 480) / SAMPLE_RATE)
            utterances.extend(done)
    return closed, utterances


@pytest.mark.skipif(not espeak_available(), reason="needs espeak-ng (scripts/system-deps.sh)")
def test_the_listener_tells_a_pause_in_a_quiet_room_with_everything_fed_and_never_in_a_loud_one() -> None:
    """Quiet room: told once the words have stopped for AHEAD_QUIET_SECONDS, before the close, with everything heard
    fed; a pause at a comma is told too (the utterance goes on after it). A room that talks all the time: never."""
    assert isinstance(PausedSink(), PauseSink)
    voice = TUNING_VOICES[0]
    words = trimmed("Leo, do you have any kings?", voice)
    stream = np.concatenate([quiet(1.2), words, quiet(1.0, 1)])
    words_end = (int(1.2 * SAMPLE_RATE) + len(words)) / SAMPLE_RATE
    loud = np.flatnonzero(np.abs(words.astype(np.int32)) > 0.1 * np.abs(words.astype(np.int32)).max())
    loud_end = (int(1.2 * SAMPLE_RATE) + loud[-1]) / SAMPLE_RATE  # (the soft tail after it is quiet to the listener)
    sink = PausedSink()
    closed, _ = _run(stream, sink)
    assert len(closed) == 1 and sink.events == ["begin", "end:True"]
    assert sink.paused_at, "never told of the pause"
    heard, not_fed = sink.paused_at[-1]
    assert loud_end + AHEAD_QUIET_SECONDS - 0.03 <= heard <= words_end + AHEAD_QUIET_SECONDS + 0.12, (loud_end, heard)
    assert abs(not_fed) < 1e-9  # everything heard up to then was fed
    assert heard <= closed[0] - 0.05  # told before the close

    name, rest = trimmed("Leo,", voice), trimmed("do you have any kings?", voice)
    paused = np.concatenate([quiet(1.2), name, quiet(0.25, 2), rest, quiet(1.0, 1)])
    sink = PausedSink()
    closed, _ = _run(paused, sink)
    assert len(closed) == 1 and len(sink.paused_at) >= 2  # at the comma, and at the end

    loud, _, ask_end = _talking_room(words, 2.0, 10.0)
    sink = PausedSink()
    _run(np.concatenate([loud, quiet(0.5, 3)]), sink)
    assert not [t for t, _ in sink.paused_at if t < ask_end + 0.5], sink.paused_at


def _whisper_ear() -> object:
    from voicefish.audio.whisper import HybridRecognizer, WhisperRecognizer

    if m.whisper_installed("whisper-base") is None:
        pytest.skip("the whisper-base wheels are not installed")
    why = testspeech.available("piper-joe")
    if why is not None:
        pytest.skip(why)
    hybrid = HybridRecognizer(WhisperRecognizer("whisper-base", TABLE), TABLE, trust_sphinx=False)
    hybrid.set_table(TABLE, {Rank.KING, Rank.TWO})
    hybrid.expect("turn")
    hybrid.decode(testspeech.synth("Sam, do you have any twos?", "piper-joe", seed=0))  # (streamed once warm)
    return hybrid


@pytest.mark.slow
def test_the_default_ear_takes_the_decode_begun_at_the_pause_and_hears_the_same() -> None:
    """The game's default ear as the listener's sink, real speech (Piper): the ask is decoded ahead at the pause and
    that result is taken at the close, the same words and move as decoding at the close; with speech after the
    pause (or one inside the ask, not decoded ahead at all) the whole is heard right at the close."""
    from voicefish.audio.whisper import DECODED_AHEAD, HybridRecognizer, _Ahead

    ear = _whisper_ear()
    assert isinstance(ear, HybridRecognizer)
    meant = Ask("Leo", Rank.KING)
    words = testspeech.synth("Leo, do you have any kings?", "piper-joe", seed=1)
    stream = np.concatenate([quiet(1.2), words, quiet(1.2, 1)])
    _, (utterance,) = _run(stream, ear)
    ahead = ear.streamed(utterance.audio)
    assert ahead is not None and ahead.intent == meant and not ahead.confirm, ahead
    assert ahead.features.get(DECODED_AHEAD) == 1.0, ahead.features

    ear.ahead = False
    _, (again,) = _run(stream, ear)
    at_close = ear.streamed(again.audio)
    assert at_close is not None and DECODED_AHEAD not in at_close.features
    assert (at_close.text, at_close.intent) == (ahead.text, ahead.intent)
    ear.ahead = True

    # a pause inside the ask ("Leo, ..."): not a sentence yet, so nothing is decoded ahead there
    name = testspeech.synth("Leo,", "piper-joe", seed=2)
    rest = testspeech.synth("do you have any kings?", "piper-joe", seed=2)
    ear.begin()
    ear.feed(name)
    ear.paused()
    assert ear._ahead is None
    # and a decode begun before words that followed is never taken for the whole utterance
    assert ear.whisper is not None
    job = _Ahead(ear.whisper, name, ear._generation)
    ear._ahead = job
    ear.feed(rest)
    ear.end(keep=True)
    whole = np.concatenate([name, rest])
    heard = ear.streamed(whole)
    assert job.superseded  # (what follows its clip is speech, not quiet)
    assert heard is not None and heard.intent == meant and DECODED_AHEAD not in heard.features, heard
