"""Endpointing: :class:`UtteranceDetector` cuts a stream of samples into utterances, handing their speech to an
:class:`UtteranceSink` (a recognizer decoding while the player speaks) as it comes."""

from __future__ import annotations

import collections
import time
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

import numpy as np

from voicefish.audio.listen.sources import SAMPLE_RATE, Int16Array


class UtteranceSink(Protocol):
    """Receives speech while it is being spoken, e.g. a recognizer that decodes incrementally, so that only
    the last few frames remain to decode when the utterance closes (the reply comes sooner)."""

    def begin(self) -> None:
        """An utterance starts."""
        ...

    def feed(self, samples: Int16Array) -> None:
        """More speech of the current utterance (int16 mono, SAMPLE_RATE)."""
        ...

    def end(self, keep: bool) -> None:
        """The utterance is over: ``keep`` False when it was dropped (too short, or reset by mute)."""
        ...


@runtime_checkable
class SentenceSink(UtteranceSink, Protocol):
    """A sink that can tell, while the words come, that the player has said a whole sentence and stopped."""

    def sentence_finished(self, silence: float | None = None, quiet: float | None = None) -> bool:
        """True when what was fed so far is a whole sentence that no longer one goes on from, followed by quiet:
        by the sink's own measure (None), or by at least ``silence`` seconds of what the sink took for silence.
        ``quiet``: the listener itself has heard this many seconds of quiet up to now."""
        ...


@dataclass(frozen=True)
class Utterance:
    """One stretch of speech, cut out by the endpointer."""

    audio: Int16Array
    """int16 mono at SAMPLE_RATE, including the endpointer's short lead-in and trailing window."""
    start: float
    """Start of speech, seconds from the start of the (current) stream."""
    end: float
    """End of speech as the endpointer places it, seconds from the start of the stream."""
    closed_at: float
    """``time.perf_counter()`` when the utterance was complete (what reply latency counts from)."""
    truncated: bool = False
    """True when cut at the maximum length rather than by silence."""
    lead: float = 0.0
    """Seconds of :attr:`audio` before :attr:`start` (the detector's ``lead_in``: the audio begins at ``start -
    lead`` in the stream)."""

    @property
    def duration(self) -> float:
        """Seconds of audio."""
        return len(self.audio) / SAMPLE_RATE

    @property
    def spoken(self) -> float:
        """Seconds of audio from :attr:`start` (without the :attr:`lead`)."""
        return self.duration - self.lead


SOFT_ONSET_DB = 6.0
"""dB above the room's level of the frames just before the endpointer's start of speech that an utterance still
begins with (:meth:`UtteranceDetector._soft_onset`): the room's talk stands 2.6–4.4 dB above its level on the room
bench, a soft "do" in a quiet room 20 dB and more."""

VOICE_FLOOR_DB = 7.0
"""dB below the player's voice that their own words reach, three 30 ms frames in a row, in a room that talks all the
time: there the detector hears the room's talk as speech, and only the level tells the player's words from it. The
voice rule (:attr:`UtteranceDetector.voice_floor_db`) starts their utterance there; the table waits for the rest of
an answer or an ask at this level (``voicefish.table.voice.voice_floor``: below the louder of the last utterance
heard and the part just heard). Measured on the tuning voices (Piper joe, flite kal16 and slt, festival slt and kal;
an ask, then "yes, ... that's right" and the like, one realistic babble 10 dB under it all): the room's talk reached
at most 7.9 dB below the voice so, the rest of an answer at least 8.4 dB below in 1 of 30, 5.3 dB in the others."""

VOICE_QUIET_SECONDS = 0.6
"""Seconds without :data:`VOICE_FLOOR_DB`'s level (three frames in a row) that end an utterance the voice rule began
(the room's talk goes on under it, so the level never drops ``drop_db`` below it): longer than the level-drop
rule's window, as a pause at a comma ("Fatima, ... do you have any sevens?") is about as quiet there and would cut
the ask in two (measured on the tuning voices: 0.3 s split 16 asks of 72, the rule off 7)."""

VOICE_CLEAR_DB = 4.0
"""dB above the room's level (:attr:`UtteranceDetector._background`) that the level a frame of the player's voice
reaches for the voice rule (``voice_floor_db`` below their voice) must stand, for the rule to apply: the room's
talk stands 2.6–4.4 dB above its level; a "voice" learnt from an utterance that was mostly the room's talk stood
1–4 dB above it, and the rule then started the player's utterance on the room's talk before the question."""

LEVEL_WORD_SECONDS = 0.12
"""Seconds of frames :data:`SOFT_ONSET_DB` above the room's level that a short word the voice detector never noticed
must hold for the level to begin an utterance of it (:meth:`UtteranceDetector._level_word`): a click or a knock is a
frame or two; festival kal's "No." is 0.18 s, measured never opening an utterance of pocketsphinx's endpointer."""

ROOM_FRAMES = 100
"""Frames (30 ms) of the room between utterances that :attr:`UtteranceDetector.room_rms` is taken over (3 s)."""

LOUD_SENTENCE_QUIET = 0.25
"""Seconds of the level-drop rule's quiet after which the sentence rule may close an utterance in a loud room (0.15
elsewhere): there the rule asks only 6-8 dB below the voice, which a weak last sound and the stop before it reach
inside a word (voice game, tuning voice flite kal16, babble 10 dB: "Leo, do you have any tens?" closed 0.15 s into
a quiet at the "t", written "... any two?" and played as twos). Hold-out voices, babble 10 dB, 180 asks offline
(``bench/replay_bench.py --voices realistic``): asks closed over 0.1 s before their words ended 24 -> 3 by this rule,
heard exactly 113 -> 122; closed after the words 84 ms later at the median, the p95 unchanged."""

ROOM_LEAST_SECONDS = 0.3
"""Seconds of the room heard that :meth:`UtteranceDetector.above_room_db` judges by: a room that talks all the time
was taken for an unknown (so quiet) one when under a second of it had been heard outside utterances, and the table's
waits for the rest of an answer listened on in its talk (measured: tuning voices, babble 10 dB, an ask and its
answer through the game's ears, 4 of 45 answers heard so, on 0.6-1.0 s of the room; replied to 1.7-6 s after their
end, "no thanks" joined to the talk as "So thanks for listening.")."""


def _energy_db(frame: Int16Array) -> float:
    return 10.0 * float(np.log10(float(np.mean(frame.astype(np.float64) ** 2)) + 1.0))


def _loud_db(audio: Int16Array, frame: int) -> float | None:
    """The level of ``audio``'s loud frames: the 90th percentile of its ``frame``-sample energies (dB); None when it
    is shorter than a frame."""
    levels = [_energy_db(audio[k : k + frame]) for k in range(0, len(audio) - frame + 1, frame)]
    return float(np.percentile(levels, 90)) if levels else None


class UtteranceDetector:
    """Cuts a stream of int16 samples into utterances with pocketsphinx.Endpointer, plus a level-drop rule.

    The endpointer (a VAD over a sliding window) closes an utterance ~0.4 s after speech ends, and much later,
    or never, when other people keep talking underneath. The level-drop rule closes it as soon as the level has
    stayed ``drop_db`` below the utterance's own speech level (its 90th percentile frame energy) for ``window``
    seconds: the player has stopped, whatever the background does. In a loud room the drop asked for shrinks to
    what the voice stands above the background (learnt between utterances or from the talk before a rise, below;
    at least 6 dB).

    The VAD hears other people talking as speech too, so in a room that turns loud the utterance may begin on
    the talk before the player's words. The rise rule starts it again where a louder voice began: when, after
    ``rise_after`` seconds of the utterance, ``rise_frames`` frames in a row stand ``rise_db`` above its 90th
    percentile so far (counting the frames before the endpointer noticed speech), what came before was the room.
    The utterance restarts ``lead_in`` seconds before those frames (a sink is told to drop what it had and is fed
    again from there), and the room's level is learnt from what came before. Quiet speech hardly rises so: on 21
    clean asks ("um, Leo, ...", "Max ... do you have any kings?") the largest such rise was 3.3 dB, and none of
    128 asks with a pause after the name restarts (tests/audio/test_listen.py). Measured in
    bench/history/latency.md.

    In a room that talks all the time (a television, the rest of the family) the VAD hears speech on and on. The
    room rule leaves that talk alone: an utterance whose loud frames (90th percentile) stand less than ``room_db``
    above the room's level is dropped (the sink is told so), and talk that goes on for ``max_seconds`` without
    standing above the room (or in a room whose level was not learnt from a second of sound yet) is not cut into
    an utterance: the detector slides on over it, keeping its last ``room_keep`` seconds, and ``hearing_room``
    says so. On the room bench the asks stood 10–26 dB above the room's level, the room's own talk 2.6–4.4 dB.
    """

    def __init__(
        self,
        *,
        vad_mode: int = 3,
        window: float = 0.3,
        ratio: float = 0.9,
        drop_db: float | None = 15.0,
        max_seconds: float = 6.0,
        min_seconds: float = 0.15,
        rise_db: float | None = 6.0,
        rise_frames: int = 3,
        rise_after: float = 0.5,
        lead_in: float = 0.25,
        room_db: float | None = 7.0,
        room_keep: float = 1.0,
        long_seconds: float | None = 2.5,
        sentence_quiet: float | None = 0.15,
        sentence_silence: float | None = 0.2,
        tell_quiet: bool = True,
        sink: UtteranceSink | None = None,
    ) -> None:
        """``vad_mode`` 0..3 (3 = strictest); ``window``/``ratio``: seconds of audio and the fraction of it that
        must be speech (or not) to switch; ``drop_db``: the level-drop rule (None = endpointer only);
        ``max_seconds``: an utterance is cut at this length; ``min_seconds``: shorter bursts (clicks, a cough)
        are dropped; ``rise_db``, ``rise_frames``, ``rise_after``: the rise rule (None = off); ``lead_in``:
        seconds of what was heard before a rise that the restarted utterance begins with, and at most as long
        before the endpointer's start of speech over frames :data:`SOFT_ONSET_DB` above the room's level (a soft
        first word the voice detector missed: measured, flite rms's "Do you have any threes," over the virtual
        microphone's floor began 0.24 s late in 4 of 16 tries, without "do you", heard as "yup that's right");
        ``room_db``: an utterance whose loud frames (90th percentile) stand less than this above the room's level
        is the room's talk, not the player's, and is dropped (None = off); ``room_keep``: seconds of it kept when
        the room's talk goes on for ``max_seconds``; ``long_seconds``: an utterance longer than this is longer than
        a command, so the level-drop rule takes its quietest quarter for the room's level too (talk that began
        before the player's ask and goes on after it; None = off); ``sentence_quiet``: after this many seconds of
        the level-drop rule's quiet (less than ``window``) a :class:`SentenceSink` is asked whether the player has
        said a whole sentence, and the utterance closes then if so (None = off); ``sentence_silence``: when that
        quiet was interrupted by a frame or two (a loud room's peaks), the sink is asked whether a whole sentence
        was followed by this many seconds of what it decoded as silence (None = only after the quiet);
        ``tell_quiet``: after the quiet the sink is told how long it has lasted, so that a last word the decoder
        runs on into that quiet counts as finished (False: only what the sink decoded as silence ends a sentence);
        ``sink`` gets the speech as it comes."""
        self.vad_mode = vad_mode
        self.window = window
        self.ratio = ratio
        self.drop_db = drop_db
        self.max_seconds = max_seconds
        self.min_seconds = min_seconds
        self.rise_db = rise_db
        self.rise_frames = rise_frames
        self.rise_after = rise_after
        self.lead_in = lead_in
        self.room_db = room_db
        self.room_keep = room_keep
        self.long_seconds = long_seconds
        self.sentence_quiet = sentence_quiet
        self.sentence_silence = sentence_silence
        self.loud_sentence_quiet: float | None = LOUD_SENTENCE_QUIET
        """``sentence_quiet`` where the level-drop rule asks less of the quiet (a loud room:
        :data:`LOUD_SENTENCE_QUIET`; None = ``sentence_quiet`` everywhere)."""
        self.tell_quiet = tell_quiet
        self.voice_floor_db: float | None = VOICE_FLOOR_DB
        """The voice rule (:meth:`_voice_began`; None = off): in a room whose talk the utterance so far does not
        stand above, frames this many dB below the player's voice (:attr:`voice_db`) or louder begin the player's own
        utterance."""
        self.voice_db: float | None = None
        """The player's voice: the loud frames' level (90th percentile frame energy, dB) of the last utterance the
        listener took, for the voice rule; None before one (set by :class:`~voicefish.audio.listen.Listener`)."""
        self.sink = sink
        self.sentence_closes = 0
        """Utterances closed early because the sink said the player had said a whole sentence and stopped."""
        self.silence_closes = 0
        """... of which before the level-drop rule's quiet, on the sink's own silence (``sentence_silence``)."""
        self.prefix: Int16Array | None = None
        """Audio the next utterance goes on from (a name said before a pause, which the listener joins to what
        follows): the sink is fed it first whenever an utterance begins, so that it decodes the two as one."""
        self.room_dropped = 0
        """Utterances dropped as the room's talk (they never stood ``room_db`` above the room's level)."""
        self.restarts = 0
        """Times the utterance in progress was started again later (at a rise, or sliding on over the room's talk)."""
        self.level_word_seconds: float | None = LEVEL_WORD_SECONDS
        """The level rule for a short word the endpointer never noticed (:meth:`_level_word`; None = off)."""
        self.level_words = 0
        """Utterances begun by the level (:meth:`_level_word`): a short word the endpointer never noticed."""
        self._burst: list[float] = []
        self._burst_start = 0
        self._burst_quiet = 0
        self._still = 0  # frames in a row below the level rule's, outside utterances
        self._room_only = False
        self._voiced = False
        self._voice_quiet = 0
        self._pending = np.zeros(0, dtype=np.int16)
        self._speech: list[bytes] = []
        self._start = 0.0
        self._start_pos = 0
        self._active = False
        self._levels: list[float] = []
        self._onset: list[float] = []
        self._quiet = 0
        self._quiet_frames: collections.deque[bool] = collections.deque(maxlen=32)
        self._drop_eased = False  # the level-drop rule asks less than ``drop_db`` (a loud room): :meth:`_level_dropped`
        self._ahead = False
        self._background: float | None = None
        self._learnt = 0  # frames the room's level was learnt from
        self._room_frames: collections.deque[float] = collections.deque(maxlen=ROOM_FRAMES)
        self._pos = 0
        self._offset = 0
        self._history: collections.deque[tuple[int, Int16Array]] = collections.deque(
            maxlen=int((max_seconds + 2) * SAMPLE_RATE / 480) + 1
        )
        self._ep: Any = None
        self.reset()

    def _new_endpointer(self) -> None:
        from pocketsphinx import Endpointer

        self._ep = Endpointer(window=self.window, ratio=self.ratio, vad_mode=self.vad_mode, sample_rate=SAMPLE_RATE)
        self._offset = self._pos
        self._active = False
        self._speech = []
        self._levels = []
        self._onset = []
        self._quiet = 0
        self._quiet_frames.clear()
        self._ahead = False
        self._room_only = False
        self._voiced = False
        self._voice_quiet = 0
        self._burst = []
        self._still = 0

    def reset(self) -> None:
        """Forget everything (after the game spoke, or a new question)."""
        if self._active and self.sink is not None:
            self.sink.end(keep=False)
        self._new_endpointer()
        self._pending = np.zeros(0, dtype=np.int16)

    @property
    def position(self) -> int:
        """Samples fed so far: the stream position (in samples) the next ones start at (:attr:`Utterance.start`
        counts in the same stream, in seconds)."""
        return self._pos + len(self._pending)

    @property
    def frame_samples(self) -> int:
        """Samples per endpointer frame (480 = 30 ms)."""
        return int(self._ep.frame_bytes // 2)

    @property
    def in_speech(self) -> bool:
        """True while inside an utterance."""
        return self._active

    @property
    def sounding(self) -> bool:
        """Outside an utterance, a frame of the last ``window`` seconds (since this endpointer began) stood
        :data:`SOFT_ONSET_DB` above the room's level: a voice may be beginning that the endpointer, a window behind,
        has not noticed yet. (Not only the last frame: measured, a voice's first syllables dip between frames, and
        "No, ... I said kings." was replied to before its end in 1 of 12 runs.)"""
        room = self._room_db()
        if self._active or room is None:
            return False
        since = max(self._offset, self._pos - round(self.window * SAMPLE_RATE))
        return any(_energy_db(old) >= room + SOFT_ONSET_DB for pos, old in self._history if pos >= since)

    def level_db(self, audio: Int16Array) -> float | None:
        """``audio``'s level: its loud frames' energy (90th percentile, dB); None when shorter than a frame."""
        return _loud_db(audio, self.frame_samples)

    def above_room_db(self, audio: Int16Array) -> float | None:
        """How far ``audio``'s loud frames (90th percentile) stand above the room's level, in dB; None before
        :data:`ROOM_LEAST_SECONDS` of the room were heard. (Less than the second :attr:`room_rms` waits for: in a room
        that talks all the time the endpointer is in speech most of the time, and a restart at the player's voice
        learns the room from the talk before it alone, often under a second of it.)"""
        room, loud = self._room_db(ROOM_LEAST_SECONDS), _loud_db(audio, self.frame_samples)
        return None if room is None or loud is None else loud - room

    def _room_db(self, least: float = 1.0) -> float | None:
        """The room's level (frame energy, dB) as :attr:`room_rms` takes it; None before ``least`` seconds of it were
        heard. (Not the running level: right after an utterance it still holds the utterance's last frames.)"""
        if len(self._room_frames) * self.frame_samples < least * SAMPLE_RATE:
            return None
        return float(np.percentile(self._room_frames, 30))

    @property
    def room_rms(self) -> float | None:
        """The room's level between utterances (int16 RMS): the 30th-percentile frame of the last
        :data:`ROOM_FRAMES` heard outside utterances — the statistic :func:`sphinx.loudness_range_db` takes inside
        one, and robust to the start of an utterance the endpointer notices a window late (those frames count as
        the room's in the running level) — once a second of it has been heard; None before."""
        room = self._room_db()
        return None if room is None else float(10.0 ** (room / 20.0))

    @property
    def hearing_room(self) -> bool:
        """True while the utterance in progress is only the room's talk so far (it went on for ``max_seconds``
        without standing above the room: the detector slides on over it, waiting for a voice that does)."""
        return self._active and self._room_only

    def _stands_above_room(self, unknown: bool = True) -> bool:
        """Whether the utterance so far stands ``room_db`` above the room's level; ``unknown`` when that level was
        not learnt from a second of sound yet."""
        levels = self._onset + self._levels
        if self.room_db is None or not levels or self._voiced or self._voice_run(levels):
            return True
        if self._background is None or self._learnt * self.frame_samples < SAMPLE_RATE:
            return unknown
        return self._above_room_by_level()

    def _begin_sink(self) -> None:
        """Tell the sink an utterance begins, and feed it the :attr:`prefix` the utterance goes on from."""
        if self.sink is None:
            return
        self.sink.begin()
        if self.prefix is not None and len(self.prefix):
            self.sink.feed(self.prefix)

    def _emit(self, speech: bytes) -> None:
        self._speech.append(speech)
        if self.sink is not None:
            self.sink.feed(np.frombuffer(speech, dtype=np.int16))

    def _take_speech(self) -> Int16Array:
        """The speech handed over so far, as one array; the utterance's speech is emptied."""
        audio = np.frombuffer(b"".join(self._speech), dtype=np.int16).copy()
        self._speech = []
        return audio

    def _utterance(self, audio: Int16Array, end: float, truncated: bool = False) -> Utterance:
        """``audio`` as the utterance that began at ``_start`` (speech) and ``_start_pos`` (audio) and ended at
        ``end`` (seconds)."""
        lead = max(0.0, self._start - self._start_pos / SAMPLE_RATE)
        return Utterance(audio, self._start, end, time.perf_counter(), truncated, lead)

    def _finish(self, end: float, truncated: bool = False) -> Utterance | None:
        audio = self._take_speech()
        self._active = False
        self._ahead = False
        keep = len(audio) >= self.min_seconds * SAMPLE_RATE
        if keep and not self._stands_above_room():
            keep = False
            self.room_dropped += 1
        self._room_only = False
        self._voiced = False
        self._still = 0
        if self.sink is not None:
            self.sink.end(keep=keep)
        if not keep:
            return None
        return self._utterance(audio, end, truncated)

    def _level_dropped(self, energy: float) -> bool:
        """True once the level (``energy``: this frame's, already in the utterance's levels) has stayed drop_db
        below the utterance's own level for a whole window."""
        if self.drop_db is None:
            return False
        drop = self.drop_db
        background = self._background
        frame_seconds = self.frame_samples / SAMPLE_RATE
        if self.long_seconds is not None and len(self._levels) * frame_seconds > self.long_seconds:  # the room talks?
            floor, reference = (float(x) for x in np.percentile(self._levels, [25, 90]))
            background = floor if background is None else max(background, floor)
        else:
            reference = float(np.percentile(self._levels, 90))
        if background is not None:  # in loud rooms the voice is not drop_db above the background: ask less
            drop = min(drop, max(6.0, reference - background - 4.0))
        self._drop_eased = drop < self.drop_db
        quiet = energy < reference - drop
        self._quiet = self._quiet + 1 if quiet else 0
        self._quiet_frames.append(quiet)
        long_enough = len(self._levels) * frame_seconds > self.window + self.min_seconds
        below = min(self._levels[-self.rise_frames :]) < self._voice_floor()  # (not at the player's voice)
        self._voice_quiet = self._voice_quiet + 1 if below else 0
        voice_ended = long_enough and self._voice_quiet * frame_seconds >= VOICE_QUIET_SECONDS
        if voice_ended and self._voiced and not self._above_room_by_level():
            # the player's voice heard in the room's talk, which never stays drop_db below it: ended by the voice
            self._quiet = max(self._quiet, self._voice_quiet)
            return True
        return long_enough and self._quiet * frame_seconds >= self.window

    def _sentence_finished(self) -> bool:
        """The sentence rule: after ``sentence_quiet`` seconds of the level-drop rule's quiet
        (:attr:`loud_sentence_quiet` where that rule asks less of the quiet, a loud room), close when the sink
        (a recognizer decoding while the player speaks) says it heard a whole sentence followed by silence. The
        sink is first handed everything heard so far, and from then on each frame as it comes, so that it judges
        up to now (the endpointer's output lags by up to a window). Only for an utterance known to stand above
        the room (the room rule, with the room's level learnt): in a room that talks all the time its talk was
        once closed as a "sentence" and played as a move. In a loud room the talkers' peaks kept that quiet from
        lasting 0.15 s for up to half a second after the words (babble at 10 dB): when all but two of the last
        frames since are quiet, the latest one too, the sink is asked for ``sentence_silence`` seconds of what it
        decoded as silence after the sentence. (Asked so on every frame, whatever the level, it once closed an ask
        half-said: "leo got an two" followed by 0.2 s of "silence" while the player went on.) After the quiet, the
        sink is told how long it has lasted (``tell_quiet``): the decoder often explains the quiet after a final "s"
        as more of the word, and a last word that runs on into that quiet counts as finished."""
        if self.sentence_quiet is None or not isinstance(self.sink, SentenceSink):
            return False
        frame_seconds = self.frame_samples / SAMPLE_RATE
        wait = self.sentence_quiet
        if self._drop_eased and self.loud_sentence_quiet is not None:
            wait = max(wait, self.loud_sentence_quiet)
        need = round(wait / frame_seconds)
        quiet = self._quiet >= need
        if not quiet:  # mostly quiet: all but two of the last frames, the latest one too (a loud room's peaks)
            recent = list(self._quiet_frames)[-(need + 2) :]
            if self.sentence_silence is None or not self._quiet or len(recent) < need + 2 or sum(recent) < need:
                return False
        if len(self._levels) * frame_seconds <= self.window + self.min_seconds:
            return False
        if not self._stands_above_room(unknown=False):
            return False  # (the room's own talk, forced into the grammar, can look like a whole sentence too)
        if not self._ahead:
            self._catch_up()
            self._ahead = True
        if quiet:
            return self.sink.sentence_finished(quiet=self._quiet * frame_seconds if self.tell_quiet else None)
        if self.sink.sentence_finished(self.sentence_silence):
            self.silence_closes += 1
            return True
        return False

    def _catch_up(self) -> None:
        """Hand the sink everything heard so far (the endpointer's output lags its input by up to a window)."""
        self._emit_history(self._start_pos + sum(len(b) for b in self._speech) // 2)

    def _emit_history(self, since: int, until: int | None = None) -> list[Int16Array]:
        """Emit our own input from stream position ``since`` to now (or to ``until``); returns the frames it came
        from."""
        n = self.frame_samples
        end = self._pos if until is None else until
        frames = [(pos, old) for pos, old in self._history if pos + n > since and pos < end]
        for pos, old in frames:
            self._emit(old[max(0, since - pos) : end - pos].tobytes())
        return [old for _, old in frames]

    def _soft_onset(self, began: int) -> int:
        """Where the utterance the endpointer says ``began`` at (a stream position) really begins: at the first of
        the frames just before it, up to ``lead_in`` seconds of them, that all stand :data:`SOFT_ONSET_DB` above
        the room's level (a soft first sound the voice detector did not count as speech); not before this
        endpointer's own input (what came before was the last utterance, or the game's own voice)."""
        room = self._room_db()
        if room is None:
            return began
        n = self.frame_samples
        earliest = max(self._offset, began - round(self.lead_in * SAMPLE_RATE))
        start = began
        for pos, old in reversed(self._history):
            if pos >= start:
                continue
            if pos < earliest or _energy_db(old) < room + SOFT_ONSET_DB:
                break
            start = pos
        return start if start == began else max(earliest, start - n)  # (and a frame before it)

    def _level_word(self, energy: float) -> Utterance | None:
        """The level rule for a short word (``energy``: the frame just heard, outside an utterance): pocketsphinx's
        endpointer opens an utterance once 90 % of its ``window`` is speech to its voice detector, and a word of one
        short syllable can stay below that at every alignment ("Threes." in flite awb's voice, "No." in festival
        kal's and ked's, "Aces." in festival slt's: measured, never an utterance, the player's answer lost and the
        question asked again after its wait). After :data:`LEVEL_WORD_SECONDS` of quiet (not the tail of the
        utterance just closed: the endpointer ended festival kal's "Aces." before its "s"), frames
        :data:`SOFT_ONSET_DB` above the room's level, at least :data:`LEVEL_WORD_SECONDS` of them, then ``window``
        seconds below it, whose loud frames (90th percentile) stand ``room_db`` above the room's own loud frames
        before it (their 90th percentile: a room that talks has peaks 7 dB above its level), are the utterance:
        from ``lead_in`` seconds before the first loud frame to now, handed to the sink whole. Only with the room's
        level learnt (and the room rule on); :data:`LEVEL_WORD_SECONDS` is ``level_word_seconds``."""
        room, least = self._room_db(), self.level_word_seconds
        if room is None or self.room_db is None or least is None:
            self._burst = []
            return None
        n = self.frame_samples
        loud = energy >= room + SOFT_ONSET_DB
        if not self._burst:
            if loud and self._still * n >= least * SAMPLE_RATE:
                self._burst, self._burst_start, self._burst_quiet = [energy], self._pos - n, 0
            self._still = 0 if loud else self._still + 1
            return None
        self._burst.append(energy)
        self._burst_quiet = 0 if loud else self._burst_quiet + 1
        if len(self._burst) * n > self.max_seconds * SAMPLE_RATE:
            self._burst = []  # (longer than any word: not a word the endpointer missed)
            return None
        if self._burst_quiet * n < self.window * SAMPLE_RATE:
            return None
        burst = self._burst[: len(self._burst) - self._burst_quiet]
        before = list(self._room_frames)[: -len(self._burst)]  # (the room's frames before this sound)
        self._burst = []
        if sum(b >= room + SOFT_ONSET_DB for b in burst) * n < least * SAMPLE_RATE or len(before) < 10:
            return None
        if float(np.percentile(burst, 90)) < float(np.percentile(before, 90)) + self.room_db:
            return None  # (not above the room's own loud frames: its talk, whose peaks stand 7 dB above its level)
        for _ in range(len(burst) + self._burst_quiet):  # (a word, not the room's: the next is not compared with it)
            self._room_frames.pop()
        start = max(self._offset, self._burst_start - round(self.lead_in * SAMPLE_RATE))
        end = self._burst_start + len(burst) * n
        self._start_pos, self._start = start, self._burst_start / SAMPLE_RATE
        self._begin_sink()
        self._emit_history(start)
        audio = self._take_speech()
        if self.sink is not None:
            self.sink.end(keep=True)
        self.level_words += 1
        self._new_endpointer()
        return self._utterance(audio, end / SAMPLE_RATE)

    def _louder_voice_began(self) -> bool:
        """The rise rule: True when the last ``rise_frames`` frames all stand ``rise_db`` above the 90th
        percentile of the utterance before them, after at least ``rise_after`` seconds of it."""
        k = self.rise_frames
        if self.rise_db is None or len(self._levels) <= k:
            return False
        before = self._onset + self._levels[:-k]
        if len(before) * self.frame_samples < self.rise_after * SAMPLE_RATE:
            return False
        return min(self._levels[-k:]) >= float(np.percentile(before, 90)) + self.rise_db

    def _voice_floor(self) -> float:
        """The level (dB) of a frame at the player's voice for the voice rule (:meth:`_voice_began`); infinite (no
        frame is) when the voice is not known, or does not stand clear of the room's talk (:data:`VOICE_CLEAR_DB`:
        the last utterance taken was mostly the room's talk)."""
        if self.voice_db is None or self.voice_floor_db is None or self._background is None:
            return float("inf")
        floor = self.voice_db - self.voice_floor_db
        return floor if floor >= self._background + VOICE_CLEAR_DB else float("inf")

    def _voice_run(self, levels: list[float]) -> bool:
        """Whether ``levels`` hold ``rise_frames`` frames in a row at the player's voice (:meth:`_voice_floor`)."""
        run, floor = 0, self._voice_floor()
        for level in levels:
            run = run + 1 if level >= floor else 0
            if run >= self.rise_frames:
                return True
        return False

    def _voice_began(self) -> bool:
        """The voice rule: True when the last ``rise_frames`` frames all reach ``voice_floor_db`` below the player's
        voice (:attr:`voice_db`), for the first time in the utterance, after ``rise_after`` seconds of it that do not
        stand ``room_db`` above the room's level (known): the room's talk kept the endpointer in speech, and a voice
        softer than the rise rule asks for began in it (a short answer, "uh huh" or "Fatima.", said more softly than
        the ask: it was counted as begun before the question it answers, or the room rule dropped it, or the detector
        slid on over it with the room's talk). The room's talk reached at most 7.9 dB below the voice
        (:data:`VOICE_FLOOR_DB`)."""
        k = self.rise_frames
        if self._voiced or len(self._levels) < k or min(self._levels[-k:]) < self._voice_floor():
            return False
        before = self._onset + self._levels[:-k]
        if self.room_db is None or self._background is None or self._learnt * self.frame_samples < SAMPLE_RATE:
            return False
        if len(before) * self.frame_samples < self.rise_after * SAMPLE_RATE:
            return False  # (as the rise rule; and not on the lead-in of an utterance just started again at a rise)
        return float(np.percentile(before, 90)) < self._background + self.room_db

    def _above_room_by_level(self) -> bool:
        """The room rule's level test alone: the utterance so far stands ``room_db`` above the room's level (or that
        level is not known)."""
        levels = self._onset + self._levels
        if self.room_db is None or not levels or self._background is None:
            return True
        return float(np.percentile(levels, 90)) >= self._background + self.room_db

    def _restart_at_rise(self) -> None:
        """What the utterance held before the rise was the room: start again ``lead_in`` seconds before it."""
        k = self.rise_frames
        start = self._pos - k * self.frame_samples - round(self.lead_in * SAMPLE_RATE)
        self._restart(start, self._onset + self._levels[:-k], room_only=False)

    def _slide_over_room(self) -> None:
        """The room's talk went on for ``max_seconds``: keep only its last ``room_keep`` seconds and listen on."""
        self._restart(self._pos - round(self.room_keep * SAMPLE_RATE), self._onset + self._levels, room_only=True)

    def _restart(self, start: int, room: list[float], *, room_only: bool) -> None:
        """Learn the room's level from ``room`` (frame energies), tell the sink to drop what it had, and start the
        utterance again at stream position ``start``, from our own input history (``room_only``: what is kept is
        still the room's talk). From here on each frame is handed over as it comes (the endpointer's output lags
        by up to a window: it is ignored)."""
        self._room_only = room_only
        self._background = float(np.median(room))
        self._learnt = len(room)
        self._room_frames.clear()
        self._room_frames.extend(room)
        start = max(self._start_pos, start)
        self.restarts += 1
        if self.sink is not None:
            self.sink.end(keep=False)
        self._begin_sink()
        self._speech = []
        self._start_pos = start
        self._start = start / SAMPLE_RATE
        self._ahead = True
        self._onset, self._quiet, self._voice_quiet = [], 0, 0
        self._quiet_frames.clear()
        self._levels = [_energy_db(old) for old in self._emit_history(start)]

    def feed(self, samples: Int16Array) -> list[Utterance]:
        """Add samples; returns the utterances completed by them (usually none or one)."""
        done: list[Utterance] = []
        data = np.concatenate([self._pending, np.asarray(samples, dtype=np.int16)])
        n = self.frame_samples
        usable = len(data) - len(data) % n
        self._pending = data[usable:]
        for offset in range(0, usable, n):
            frame = data[offset : offset + n]
            self._history.append((self._pos, frame))
            self._pos += n
            speech = self._ep.process(frame.tobytes())
            if speech is not None and not self._active:
                self._active = True
                began = round((self._offset / SAMPLE_RATE + float(self._ep.speech_start)) * SAMPLE_RATE)
                self._start_pos = self._soft_onset(began)
                self._start = began / SAMPLE_RATE  # (where speech began: a question's answer is told by it)
                self._levels, self._quiet, self._voice_quiet = [], 0, 0
                self._quiet_frames.clear()
                # the endpointer says so a window late: its speech began with frames already heard (the rise rule
                # compares with them too: "Sam" may be loudest before the endpointer noticed it)
                self._burst = []
                self._onset = [_energy_db(old) for pos, old in self._history if began <= pos < self._pos - n]
                self._voiced = self._voice_run(self._onset)
                self._begin_sink()
                self._emit_history(self._start_pos, until=began)
            energy = _energy_db(frame)
            if not self._active:  # the background level, learnt between utterances
                self._background = energy if self._background is None else 0.95 * self._background + 0.05 * energy
                self._room_frames.append(energy)
                self._learnt += 1
                word = self._level_word(energy)
                if word is not None:
                    done.append(word)
                continue
            self._levels.append(energy)
            if self._ahead:
                self._emit(frame.tobytes())
            elif speech is not None:
                self._emit(speech)
            utterance: Utterance | None = None
            voice = self._voice_began()
            if not voice and not self._voiced and self._voice_run(self._levels[-self.rise_frames :]):
                self._voiced = True  # (speech at the player's voice heard in it: for the room rule and its end)
            if self._louder_voice_began():
                self._restart_at_rise()
            elif voice:
                self._restart_at_rise()
                self._voiced = True
            elif not self._ep.in_speech:
                utterance = self._finish(self._offset / SAMPLE_RATE + float(self._ep.speech_end))
            elif self._level_dropped(energy):
                self._catch_up()  # the endpointer lags its input by up to a window: add what it has not handed over
                utterance = self._finish((self._pos - self._quiet * n) / SAMPLE_RATE)
                self._new_endpointer()
            elif self._sentence_finished():
                self.sentence_closes += 1
                utterance = self._finish((self._pos - self._quiet * n) / SAMPLE_RATE)
                self._new_endpointer()
            elif sum(len(b) for b in self._speech) >= self.max_seconds * SAMPLE_RATE * 2:
                if self._stands_above_room(unknown=False):
                    utterance = self._finish(self._start + self.max_seconds, truncated=True)
                    self._new_endpointer()
                else:  # the room's talk (or talk on and on in a room not heard before): listen on over it
                    self._slide_over_room()
            if utterance is not None:
                done.append(utterance)
        return done

    def flush(self, *, truncated: bool = False) -> Utterance | None:
        """End of input (or of the time allowed: ``truncated``): the utterance in progress, if any, with everything
        heard of it so far. Listening afterwards starts a new utterance."""
        if not self._active:
            return None
        if truncated and not self._stands_above_room(unknown=False):
            self._slide_over_room()  # the room's talk, on and on: listen on over it (see feed)
            return None
        self._catch_up()  # what the endpointer still holds back (pocketsphinx's end_stream fails on no new audio)
        if len(self._pending):
            self._emit(self._pending.tobytes())
        end = (self._pos + len(self._pending)) / SAMPLE_RATE
        self._pending = np.zeros(0, dtype=np.int16)
        utterance = self._finish(end, truncated=truncated)
        self._new_endpointer()
        return utterance
