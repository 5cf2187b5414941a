"""Endpointing on real synthetic speech (espeak-ng), fed from memory: no audio device needed."""

from __future__ import annotations

import time

import numpy as np
import numpy.typing as npt
import pytest

from tests.audio import RecordingSink
from tests.audio.flitespeech import flite_available
from testspeech.espeak import HOLDOUT_VOICES, TUNING_VOICES, Voice, babble, degrade, espeak_available, synth
from voicefish.audio.listen import SAMPLE_RATE, ArraySource, Listener, UtteranceDetector
from voicefish.audio.listen.sources import Block

pytestmark = pytest.mark.skipif(not espeak_available(), reason="needs espeak-ng (scripts/system-deps.sh)")

PHRASES = ["Sam, do you have any jacks?", "Go fish!", "Leo, give me your sevens.", "yes", "Max, any queens?"]


def quiet(seconds: float, seed: int = 0) -> np.ndarray:
    """A faint noise floor, like a real quiet room (never exact zeros)."""
    return np.random.default_rng(seed).normal(0, 4, int(SAMPLE_RATE * seconds)).astype(np.int16)


def loud_span(x: np.ndarray, threshold: int = 200) -> tuple[float, float]:
    idx = np.flatnonzero(np.abs(x.astype(np.int32)) > threshold)
    return idx[0] / SAMPLE_RATE, idx[-1] / SAMPLE_RATE


@pytest.mark.slow
def test_each_phrase_is_one_utterance_closed_soon_after_speech_ends() -> None:
    lags = []
    for i, text in enumerate(PHRASES):
        for voice in (*TUNING_VOICES[:2], HOLDOUT_VOICES[0]):
            speech = synth(text, voice)
            stream = np.concatenate([quiet(0.6, i), speech, quiet(1.5, i + 1)])
            start, end = loud_span(stream)
            detector = UtteranceDetector()
            closed = []
            for k in range(0, len(stream), 480):  # 30 ms blocks, as the microphone delivers them
                closed += [((k + 480) / SAMPLE_RATE, u) for u in detector.feed(stream[k : k + 480])]
            assert len(closed) == 1, f"{text!r} by {voice}: {len(closed)} utterances"
            at, utterance = closed[0]
            assert utterance.start <= start + 0.1 and utterance.start + utterance.spoken >= end  # all of it
            assert np.abs(utterance.audio.astype(np.int32)).max() > 1000  # the speech is inside
            lags.append(at - end)
    assert 0.15 < float(np.median(lags)) < 0.45, lags  # ~0.25 s: the level drop held for the 0.3 s window


def test_silence_is_no_answer_and_noise_bursts_are_dropped() -> None:
    listener = Listener(ArraySource(quiet(2.0)))
    assert listener.listen(timeout=0.3) is None
    click = np.concatenate([quiet(0.5), np.full(160, 20000, dtype=np.int16), quiet(1.0)])  # 10 ms click
    assert UtteranceDetector().feed(click) == []


def test_the_room_level_is_learnt_between_utterances_not_from_their_start() -> None:
    """``room_rms``: the room as heard outside utterances (white noise here), unknown before a second of it, and
    not raised by the start of an ask that the endpointer notices a window late."""
    rng = np.random.default_rng(5)

    def noise(seconds: float) -> npt.NDArray[np.float64]:
        return rng.normal(0, 300, int(SAMPLE_RATE * seconds))

    det = UtteranceDetector()
    assert not det.feed(np.clip(noise(0.6), -32768, 32767).astype(np.int16)) and det.room_rms is None
    speech = synth("Sam, do you have any jacks?", TUNING_VOICES[0]).astype(np.float64)
    stream = np.concatenate([noise(1.4), speech + noise(len(speech) / SAMPLE_RATE), noise(0.45)])
    heard = det.feed(np.clip(stream, -32768, 32767).astype(np.int16))
    assert len(heard) == 1  # just closed: what the recognizer reads at its end
    assert det.room_rms is not None
    assert abs(20 * np.log10(det.room_rms / 300.0)) < 1.0, det.room_rms  # (the running level reads 1.7 dB more)


def test_the_listeners_waits_count_the_audio_heard_not_the_wall_clock() -> None:
    """A wait is seconds of audio heard (and of time without audio): a stream read faster than real time (a machine
    catching up on a microphone's queue) meets the same waits as one read as it comes, and a slow reader does not
    run out of a wait before the speech it waited for was read. Fed from memory at full speed, speech begun 3 s into
    the stream is beyond a 2 s wait and within a 4 s one (a wall-clock wait read it all within 2 s)."""
    stream = np.concatenate([quiet(3.0), synth(PHRASES[0], TUNING_VOICES[0], pad_s=0.0), quiet(1.0, 1)])
    source = ArraySource(stream)
    assert Listener(source).listen(timeout=2.0) is None
    assert source.position < len(stream) // 2  # (it stopped reading at the end of the wait)
    later = Listener(ArraySource(stream))
    heard = later.listen(timeout=4.0)
    assert heard is not None and abs(heard.start - 3.0) < 0.3, heard


def test_listener_returns_utterances_in_order_then_times_out() -> None:
    parts = [quiet(0.5)]
    for i, text in enumerate(PHRASES[:3]):
        parts += [synth(text, TUNING_VOICES[i]), quiet(1.0, i)]
    listener = Listener(ArraySource(np.concatenate(parts)))
    got = [listener.listen(timeout=2.0) for _ in range(3)]
    assert all(u is not None for u in got)
    durations = [u.duration for u in got if u is not None]
    assert durations[1] < durations[0] and durations[1] < durations[2]  # "Go fish!" is the short one
    assert [u.start for u in got if u] == sorted(u.start for u in got if u)
    assert listener.listen(timeout=0.2) is None


class _LateMicrophone(ArraySource):
    """A microphone read late (a busy machine): each block stamped when it was captured, ``behind`` seconds before
    it is read."""

    def __init__(self, samples: np.ndarray, behind: float) -> None:
        super().__init__(samples)
        self.began = time.perf_counter() - behind

    def read(self, timeout: float) -> Block | None:
        block = super().read(timeout)
        if block is None:
            return None
        return Block(block.samples, self.began + self.position / SAMPLE_RATE, block.generation)


def test_a_stop_drops_speech_captured_before_it_even_when_the_listener_had_not_read_it_yet() -> None:
    """A line typed while the player was still speaking (the stop) wins; the speech going on then is not the next
    utterance even when the machine was reading its microphone late and had heard none of it at the stop."""
    speech = synth(PHRASES[0], TUNING_VOICES[0])
    before = 0.3 + 0.5 * len(speech) / SAMPLE_RATE  # the stop comes halfway through the ask, none of it read yet
    late = Listener(_LateMicrophone(np.concatenate([quiet(0.3), speech, quiet(1.0)]), behind=before))
    assert late.listen(timeout=2.0, stop=lambda: True) is None and late.stopped
    assert late.listen(timeout=2.0) is None  # the rest of the ask is not a new utterance

    on_time = Listener(_LateMicrophone(np.concatenate([quiet(0.3), speech, quiet(1.0)]), behind=0.0))
    assert on_time.listen(timeout=2.0, stop=lambda: True) is None and on_time.stopped
    again = on_time.listen(timeout=2.0)  # the stop came before the ask began: the ask is heard
    assert again is not None and again.start >= 0.25


def test_long_speech_is_cut_at_max_seconds() -> None:
    talk = np.concatenate([_trimmed(t) for t in PHRASES * 3])  # no pauses: one long stretch
    detector = UtteranceDetector(max_seconds=2.0)
    pieces = detector.feed(np.concatenate([quiet(0.3), talk]))
    assert pieces and pieces[0].truncated and pieces[0].duration == pytest.approx(2.0, abs=0.1)


def test_the_listeners_time_limit_ends_talk_that_goes_on_with_all_of_it_heard() -> None:
    """Decoding slower than the talk (a loud room, a slow machine) lets the listener's clock run out before the
    detector has counted its own limit: the utterance so far is handed over whole, with nothing held back by the
    endpointer, and listening goes on with a new one. (The room was heard quiet first: talk that goes on and on
    in a room not heard before is taken for the room's, see the room tests below.)"""
    talk = np.concatenate([_trimmed(t) for t in PHRASES * 3])
    for tail in (0, 100):  # blocks of whole endpointer frames, or a part frame left over
        sink = RecordingSink()
        source = ArraySource(np.concatenate([quiet(1.2), talk, quiet(1.0)]), blocksize=480 + tail, realtime=True)
        listener = Listener(source, UtteranceDetector(sink=sink))
        first = listener.listen(timeout=2.0, max_seconds=0.6)
        assert first is not None and first.truncated
        assert sink.events == ["begin", "end:True"] and np.array_equal(np.concatenate(sink.fed), first.audio)
        heard_to = round((first.start + first.spoken) * SAMPLE_RATE)
        assert abs(heard_to - min(source.position, len(source.samples))) <= 480  # all it was given, to the frame
        second = listener.listen(timeout=1.0, max_seconds=0.6)
        assert second is not None and second.start >= first.start + first.spoken - 0.05


def test_muted_source_hears_nothing_and_unmute_starts_afresh() -> None:
    speech = np.concatenate([quiet(0.3), synth("Go fish!"), quiet(1.0)])
    source = ArraySource(np.concatenate([speech, speech]))
    listener = Listener(source)
    listener.mute()
    assert listener.listen(timeout=0.5) is None  # the first "Go fish!" went by while muted
    source.position = len(speech) + len(quiet(0.3)) // 2  # unmute mid-silence before the second one
    listener.unmute()
    heard = listener.listen(timeout=1.0)
    assert heard is not None and 0.5 < heard.duration < 2.0


def test_speech_is_streamed_to_a_sink_while_spoken() -> None:
    """An incremental recognizer gets exactly the utterance's audio before the utterance closes."""
    sink = RecordingSink()
    detector = UtteranceDetector(sink=sink)
    stream = np.concatenate([quiet(0.5), synth("Leo, do you have any kings?"), quiet(1.0)])
    utterances = detector.feed(stream)
    assert sink.events == ["begin", "end:True"] and len(utterances) == 1
    assert np.array_equal(np.concatenate(sink.fed), utterances[0].audio)
    half = len(quiet(0.5)) + len(synth("Go fish!")) // 2
    detector.feed(np.concatenate([quiet(0.5), synth("Go fish!")])[:half])
    assert detector.in_speech
    detector.reset()  # the game starts speaking mid-utterance: the partial one is dropped
    assert sink.events[-2:] == ["begin", "end:False"]


def _room_turns_loud(text: str, voice_index: int, condition: str) -> tuple[np.ndarray, float, float]:
    """Quiet, then other people talking (``condition``) from 1 s before ``text`` to the end of its audio, then
    quiet: the stream, and where the words start and end in it (seconds)."""
    voice = (*TUNING_VOICES, *HOLDOUT_VOICES)[voice_index]
    words = synth(text, voice, seed=voice_index)
    lead = quiet(1.0, voice_index)
    noisy = degrade(np.concatenate([lead, words]), condition, seed=voice_index)
    stream = np.concatenate([quiet(0.5, 1), noisy, quiet(1.5, 2)])
    start, end = loud_span(words)
    return stream, 0.5 + len(lead) / SAMPLE_RATE + start, 0.5 + len(lead) / SAMPLE_RATE + end


@pytest.mark.parametrize("condition", ["babble20", "white10"])
def test_an_ask_in_a_room_that_turned_loud_starts_at_the_voice_not_at_the_talk_before_it(condition: str) -> None:
    """The VAD hears the other talkers as speech, so the utterance opens a second before the player speaks; the
    rise rule starts it again where the louder voice began (a quarter second before it), so the recognizer
    gets the ask, not a second of other talk, and the ask ends when the player stops, not when the room does."""
    for i, text in enumerate(["Leo, do you have any jacks?", "Priya, give me your sevens.", "Sam, any queens?"]):
        stream, start, end = _room_turns_loud(text, i, condition)
        sink = RecordingSink()
        detector = UtteranceDetector(sink=sink)
        heard = [
            ((k + 480) / SAMPLE_RATE, u) for k in range(0, len(stream), 480) for u in detector.feed(stream[k : k + 480])
        ]
        closing, ask = next((at, u) for at, u in heard if u.start + u.spoken > end)
        assert start - 0.45 < ask.start < start, (text, ask.start, start)  # the lead-in, not the second of talk
        assert ask.start + ask.spoken >= end  # all of the words
        assert closing - end < 0.5, (text, closing - end)
        assert sink.events[-4:] == ["begin", "end:False", "begin", "end:True"]  # the sink was told to start again
        assert np.array_equal(np.concatenate(sink.fed), ask.audio)  # and got exactly the restarted utterance
        without = UtteranceDetector(rise_db=None)
        whole = [u for k in range(0, len(stream), 480) for u in without.feed(stream[k : k + 480])]
        assert whole[0].start < start - 0.6  # without the rule: from the talk before (the test can fail)


@pytest.mark.slow
def test_a_quiet_room_never_restarts_an_ask_at_a_louder_word() -> None:
    """The rise rule is for a room that turned loud: an ask said in a quiet room, with a short pause after the
    name and a question louder than the name, is never started again at the question. (The name's loudest
    frames can come before the endpointer notices speech; the rule compares with those too. Without that,
    1 of these 128 asks lost its name.)"""
    restarted = []
    for voice in (*TUNING_VOICES, *HOLDOUT_VOICES):
        question = _trimmed("do you have any jacks", voice)
        for name in ("Sam", "Leo", "Max", "Priya"):
            for pause in (0.1, 0.2):
                sink = RecordingSink()
                stream = np.concatenate([quiet(0.5), _trimmed(name, voice), quiet(pause, 1), question, quiet(1.0, 2)])
                detector = UtteranceDetector(sink=sink)
                detector.feed(stream)
                if "end:False" in sink.events or detector.room_dropped:
                    restarted.append((voice.name, name, pause))
    assert restarted == []


def _talking_room(ask: np.ndarray, before: float, snr_db: float, seed: int = 0) -> tuple[np.ndarray, float, float]:
    """Other people talking all the time (four voices, ``snr_db`` under the ask's speech) with ``ask`` said over
    them after ``before`` seconds: the stream, and where the ask's words start and end in it (seconds)."""
    words = ask.astype(np.float64)
    loud = np.flatnonzero(np.abs(words) > 200)
    power = float(np.mean(words[loud[0] : loud[-1]] ** 2))
    at = int(before * SAMPLE_RATE)
    room = babble(at + len(ask) + SAMPLE_RATE, seed=seed)
    room *= np.sqrt(power / (float(np.mean(room**2)) * 10 ** (snr_db / 10)))
    room[at : at + len(ask)] += words
    stream = np.clip(room + np.random.default_rng(seed).normal(0, 4, len(room)), -32768, 32767).astype(np.int16)
    return stream, (at + loud[0]) / SAMPLE_RATE, (at + loud[-1]) / SAMPLE_RATE


@pytest.mark.parametrize("snr_db", [10, 20])
def test_a_room_that_talks_all_the_time_is_not_heard_but_an_ask_over_it_is(snr_db: int) -> None:
    """Other people talking on and on (a television, the rest of the family) sound like speech to the VAD: without
    the room rule the listener cut six-second "utterances" of their talk, which the game decoded and answered
    ("Sorry, I didn't catch that"), muting itself over the player's ask. The room's talk is never handed over now:
    past ``max_seconds`` the detector slides on over it (keeping its last second); an utterance that never stands
    ``room_db`` above the room is dropped. The ask said over it comes out whole, and only it."""
    for i, text in enumerate(["Leo, do you have any jacks?", "Priya, any sevens?"]):
        voice = (*TUNING_VOICES, *HOLDOUT_VOICES)[3 * i]
        stream, start, end = _talking_room(synth(text, voice, seed=i), 9.0, snr_db, seed=i)
        sink = RecordingSink()
        detector = UtteranceDetector(sink=sink)
        heard = [u for k in range(0, len(stream), 480) for u in detector.feed(stream[k : k + 480])]
        assert len(heard) == 1, [(u.start, u.duration, u.truncated) for u in heard]
        ask = heard[0]
        assert start - 1.3 < ask.start < start and ask.start + ask.spoken >= end and not ask.truncated
        assert len(sink.kept) == 1 and np.array_equal(sink.kept[0], ask.audio)  # the recognizer heard only it
        old = UtteranceDetector(room_db=None)
        before = [u for k in range(0, len(stream), 480) for u in old.feed(stream[k : k + 480])]
        assert any(u.start + u.spoken < start for u in before)  # without the rule, room talk came out (can fail)


def test_an_ask_inside_talk_that_began_before_it_and_goes_on_after_it_ends_with_the_words() -> None:
    """The room was quiet, then others start talking, and the player asks over them before it is quiet again. The
    utterance began on their talk (louder than the quiet room), the ask did not rise 6 dB above it, and the talk
    after the ask never fell 15 dB below the voice: the utterance ran on long after the words (on the room bench up
    to ``max_seconds``, the answer 4 s late). An utterance longer than a command takes its quietest quarter for
    the room's level, so it ends sooner after the words; it never ends later."""
    late = []
    for i, text in enumerate(["Sam, do you have any kings?", "Leo, do you have any aces?", "Max, any twos?"]):
        words = synth(text, (*TUNING_VOICES, *HOLDOUT_VOICES)[i + 8], seed=i)
        talk, start, end = _talking_room(words, 2.0, 10, seed=i)
        stream = np.concatenate([quiet(2.0, i), talk, _talking_room(words, 4.0, 10, seed=i + 3)[0][: 4 * SAMPLE_RATE]])
        start, end = start + 2.0, end + 2.0
        for long_seconds in (2.5, None):
            detector = UtteranceDetector(long_seconds=long_seconds)
            heard = [
                ((k + 480) / SAMPLE_RATE, u)
                for k in range(0, len(stream), 480)
                for u in detector.feed(stream[k : k + 480])
            ]
            closing, ask = next((at, u) for at, u in heard if u.start + u.spoken > end)
            assert ask.start < start and ask.start + ask.spoken >= end, (text, long_seconds)  # all of the words
            late.append(round(closing - end, 2))
    pairs = list(zip(late[::2], late[1::2], strict=True))  # (with the rule, without it) for each ask
    assert all(on <= off + 0.05 for on, off in pairs), pairs
    assert any(off - on > 1.0 and off > 1.5 for on, off in pairs), pairs  # a second sooner where it ran on


def test_listening_in_a_room_that_talks_all_the_time_still_times_out() -> None:
    """Nobody speaks to the game, the room does: ``listen`` says "no answer" at its timeout (the game then reminds
    the player), instead of waiting for the room to stop talking."""
    stream, _, _ = _talking_room(_trimmed("yes"), 4.0, 10, seed=5)
    listener = Listener(ArraySource(stream[: 4 * SAMPLE_RATE], realtime=True), UtteranceDetector(max_seconds=1.0))
    assert listener.listen(timeout=2.5) is None
    assert listener.detector.hearing_room  # it was sliding on over the room's talk, not waiting for its end


def _trimmed(text: str, voice: Voice = TUNING_VOICES[0]) -> np.ndarray:
    speech = synth(text, voice)
    loud = np.flatnonzero(np.abs(speech.astype(np.int32)) > 200)
    return np.asarray(speech[loud[0] : loud[-1]])


def test_continuation_joins_a_name_and_the_question_after_a_pause() -> None:
    """A short window answers fast but would cut "Sam ... do you have any jacks?" in two; the continuation
    callback (here: "under 0.8 s cannot be a whole ask") joins the parts, and leaves complete answers alone."""

    name, question = _trimmed("Sam"), _trimmed("do you have any jacks?")
    stream = np.concatenate([quiet(0.5), name, quiet(0.5, 1), question, quiet(1.5, 2), _trimmed("yes"), quiet(1.5, 3)])
    fast = Listener(ArraySource(stream), UtteranceDetector(window=0.21))
    cut = fast.listen(timeout=1.0)
    assert cut is not None and cut.spoken < 0.9  # without help: "Sam" alone
    joined = Listener(ArraySource(stream), UtteranceDetector(window=0.21))
    whole = joined.listen(timeout=1.0, continuation=lambda u: u.spoken < 0.8)
    assert whole is not None and whole.duration > (len(name) + len(question)) / SAMPLE_RATE
    yes = joined.listen(timeout=2.0, continuation=lambda u: False)
    assert yes is not None and yes.spoken < 0.9 and yes.start > whole.end


def test_a_microphone_whose_stream_died_says_so() -> None:
    """A device unplugged mid-game: the stream stops by itself; reading says so instead of hearing silence."""
    from voicefish.audio.devices import Device, NoAudioDevice
    from voicefish.audio.listen import Microphone

    class DeadStream:
        active = False
        stopped = False
        latency = 0.02

    mic = Microphone(Device(id=0, name="USB mic", inputs=1, outputs=0, samplerate=16000, host="ALSA"))
    assert mic.read(0.01) is None  # not started: just nothing
    mic._stream = DeadStream()
    with pytest.raises(NoAudioDevice, match="'USB mic' stopped delivering sound"):
        mic.read(0.01)


@pytest.mark.skipif(not flite_available(), reason="needs flite (scripts/system-deps.sh)")
def test_a_soft_first_word_the_voice_detector_missed_is_kept() -> None:
    """flite rms's "Do you have any threes,": its "do" is so soft that at some alignments of the microphone's
    blocks the voice detector notices speech only at "have" (measured: 0.23 s late, and the ask was heard as "yup
    that's right"). The utterance begins with the frames before that which stand above the room's level, while
    ``start`` stays where speech was noticed (a question's answer is told by it)."""
    from tests.audio.flitespeech import phrases

    speech = phrases(["Do you have any threes,"], "rms")
    speech = speech[np.flatnonzero(np.abs(speech.astype(np.int32)) > 100)[0] :]
    rng = np.random.default_rng(0)
    began: dict[float, list[float]] = {0.25: [], 0.0: []}  # the detector's lead_in: as shipped, and none
    for shift in range(0, 480, 40):  # every alignment of the speech to the 30 ms blocks
        floor = rng.normal(0, 30, SAMPLE_RATE + shift).astype(np.int16)
        noisy = (speech.astype(np.int32) + rng.normal(0, 30, len(speech))).astype(np.int16)
        stream = np.concatenate([floor, noisy, rng.normal(0, 30, SAMPLE_RATE).astype(np.int16)])
        for lead_in, starts in began.items():
            detector = UtteranceDetector(lead_in=lead_in)
            heard = [u for k in range(0, len(stream), 480) for u in detector.feed(stream[k : k + 480])]
            assert len(heard) == 1
            u = heard[0]
            assert u.lead >= 0 and u.duration == pytest.approx(u.spoken + u.lead)
            starts.append(u.start - u.lead - len(floor) / SAMPLE_RATE)
    assert max(began[0.0]) > 0.15, began  # the voice detector alone: late at some alignments
    assert max(began[0.25]) < 0.05, began  # the utterance as the listener gives it: from the first sound
