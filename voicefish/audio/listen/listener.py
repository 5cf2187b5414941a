"""The :class:`Listener`: a source and an utterance detector joined; ``listen(timeout)`` gives the next utterance."""

from __future__ import annotations

import collections
import time
from collections.abc import Callable, Iterator

import numpy as np

from voicefish.audio.listen.endpoint import Utterance, UtteranceDetector, _energy_db, _loud_db
from voicefish.audio.listen.sources import SAMPLE_RATE, AudioSource, Block, Int16Array

ONSET_FRAMES = 5
"""Frames (30 ms each) heard from the moment a question was asked that tell whether the player was still speaking
then (:meth:`Listener.listen`'s ``after``): speech in two of them, and the utterance going on is not an answer.
(The closure of a stop consonant silences a frame or two of continuous speech; an answer begun 0.12 s after the
question or later is not taken for talk going on.)"""
ONSET_BELOW_VOICE_DB = 30.0
"""... a frame is speech when it is no more than this below the player's voice (the loud frames of the last
utterance heard) and, once the room's level is known, :data:`ONSET_ABOVE_ROOM_DB` above the room. Not the VAD
once the voice is known: started afresh on these few frames, it called 8-13 % of the onsets inside continuous flite
speech silent (and in a room full of talk it calls the room speech too). On four flite voices saying a sentence in
one breath, every onset of 5 frames is speech so; a faint room (-60 dBFS) before a "yes" is not."""
ONSET_ABOVE_ROOM_DB = 10.0
"""See :data:`ONSET_BELOW_VOICE_DB`; before any voice was heard, frames the VAD calls speech and this much louder
than the room (when its level is known) are speech."""
VOICE_RUN_FRAMES = 3
"""Frames (30 ms) in a row at the speaker's level that make speech the speaker's own, not the room's, where a
``continuation_floor`` asks for it (:meth:`Listener.listen`)."""
TALK_GAP = 0.8
"""Seconds of quiet after the player's own talk (begun before the question, or going on when it came) before what
they say is taken as the answer: until then it is more of the same talk ("please, I really need them, thank you")."""


class _Question:
    """When the game asked its question, and what the listener has heard of the moment since (see ``after``)."""

    def __init__(self, asked: float, reaction: float) -> None:
        self.asked = asked
        self.reaction = reaction
        self.at: int | None = None
        """The stream position (samples) of the moment the question was asked; None while only audio captured
        before it has been heard."""
        self.onset: list[Int16Array] = []
        self.overlap: bool | None = None
        """Whether the player was speaking when the question came (None: not enough heard yet)."""
        self.talk_end: int | None = None
        """Where the player's talk that is not an answer ended so far (stream position, samples)."""


def _captured_before(instant: float, block: Block) -> int:
    """How many samples of ``block`` were captured before ``instant`` (``time.perf_counter()``): its blocks are stamped
    when their last sample was captured."""
    began = block.captured_at - len(block.samples) / SAMPLE_RATE
    return min(len(block.samples), max(0, round((instant - began) * SAMPLE_RATE)))


class Listener:
    """Utterances from an audio source: the game's ears."""

    def __init__(self, source: AudioSource, detector: UtteranceDetector | None = None) -> None:
        """``source``: a started Microphone (or an ArraySource); ``detector``: endpointing settings."""
        self.source = source
        self.detector = detector or UtteranceDetector()
        self._generation: int | None = None
        self._ready: collections.deque[Utterance] = collections.deque()
        self._question: _Question | None = None
        self.not_answers = 0
        """Utterances dropped because they began before the question they would answer, or over it."""
        self.stopped = False
        """The last :meth:`listen` was ended by its ``stop``."""
        self._cut: int | None = None
        """Stream position (samples) at which a ``stop`` came while an utterance was going on: one that began
        before it is dropped (the typed line came first; the rest of what was being said is not a new utterance)."""
        self._stopped_at: float | None = None
        """When the last ``stop`` came (``time.perf_counter()``): audio captured before it and not yet read (a busy
        machine reads its microphone late) moves :attr:`_cut` on as it is read."""

    def mute(self) -> None:
        """Stop listening (the game is about to speak)."""
        self.source.mute()

    def unmute(self) -> None:
        """Listen again, forgetting anything half-heard."""
        self._ready.clear()
        self.source.unmute()

    def listen(
        self,
        timeout: float = 8.0,
        max_seconds: float | None = None,
        *,
        continuation: Callable[[Utterance], bool] | None = None,
        continuation_wait: float = 0.8,
        continuation_seconds: Callable[[Utterance], float | None] | None = None,
        continuation_floor: Callable[[Utterance], float | None] | None = None,
        continuation_pause: float | None = None,
        after: float | None = None,
        reaction: float = 0.0,
        stop: Callable[[], bool] | None = None,
    ) -> Utterance | None:
        """The next utterance, or None if no speech *started* within ``timeout`` seconds ("no answer"). Every wait
        here is seconds of audio heard (and of time without audio), not of the wall clock.

        Once someone is speaking, waits for the end (or ``max_seconds``, default the detector's).
        ``continuation(utterance)`` True means "that cannot be all" (e.g. only a name was heard): then speech
        starting within ``continuation_wait`` seconds is joined to it. This lets a short endpointer window answer
        fast without cutting "Priya ... do you have any jacks?" in two. ``continuation_seconds(utterance)``: how
        long speech joined to it may run (None: ``max_seconds``). ``continuation_floor(utterance)``: a level (frame
        energy, dB) the rest must reach, :data:`VOICE_RUN_FRAMES` frames in a row, within ``continuation_wait``
        (None: any speech the detector hears): in a loud room the room's talk is speech to the detector too, and
        only the speaker's own level tells the rest of what they said from it. ``continuation_pause``: the quiet
        (seconds) after which the detector's sentence rule may close the rest (None: its own ``sentence_quiet``):
        when the part heard was a whole sentence already (an answer's "no,"), the sink, fed it again, calls the first
        short dip in the rest the sentence's end.

        ``after``: a ``time.perf_counter()`` instant, when the game asked the question this utterance answers (shown,
        or spoken to its end). Only speech begun after it is an answer: an utterance that began before it, or was
        going on when it came (the player still speaking: speech in the first :data:`ONSET_FRAMES` frames heard
        from then on), or that began less than ``reaction`` seconds after it (too soon to answer what it asks), is
        dropped (counted in :attr:`not_answers`), and so is more talk that follows such an utterance within
        :data:`TALK_GAP`; listening goes on until ``timeout``.

        ``stop``: asked between blocks of audio; True ends the listening at once with None, and the utterance going
        on then is dropped, heard to its end or not (a line typed at the keyboard came first:
        :class:`~voicefish.audio.listen.keyboard.Keyboard`). :attr:`stopped` then says so."""
        self.stopped = False
        self._question = _Question(after, reaction) if after is not None else None
        if after is not None:
            self.not_answers += len(self._ready)
            self._ready.clear()  # complete before the question was asked
        try:
            heard = self._listen_once(timeout, max_seconds, stop)
        finally:
            self._question = None
        while heard is not None and continuation is not None and continuation(heard):
            self.detector.prefix = heard.audio  # a sink decoding while spoken hears the two parts as one
            sentence_quiet = self.detector.sentence_quiet
            if continuation_pause is not None and sentence_quiet is not None:
                self.detector.sentence_quiet = max(sentence_quiet, continuation_pause)
            try:
                limit = continuation_seconds(heard) if continuation_seconds is not None else None
                floor = continuation_floor(heard) if continuation_floor is not None else None
                more = self._listen_once(continuation_wait, limit or max_seconds, stop, floor)
            finally:
                self.detector.prefix = None
                self.detector.sentence_quiet = sentence_quiet
            if self.stopped:
                return None
            if more is None:
                break
            heard = Utterance(
                np.concatenate([heard.audio, more.audio]),
                heard.start,
                more.end,
                more.closed_at,
                more.truncated,
                heard.lead,
            )
        if heard is not None:
            loud = _loud_db(heard.audio, self.detector.frame_samples)
            if loud is not None:  # the player's voice: kept by the detector (its voice rule) and read from it
                self.detector.voice_db = loud
        return heard

    @property
    def voice_db(self) -> float | None:
        """The level of the last utterance heard (its loud frames' energy, dB): the player's voice; None before one."""
        return self.detector.voice_db

    def _listen_once(
        self,
        timeout: float,
        max_seconds: float | None,
        stop: Callable[[], bool] | None = None,
        floor: float | None = None,
    ) -> Utterance | None:
        """The next utterance begun within ``timeout``; with a ``floor`` (dB), only one in which speech at that level
        (:data:`VOICE_RUN_FRAMES` frames in a row) began within ``timeout`` and the endpointer's window: what the
        detector hears before that is dropped, and when none begins in time the utterance going on (the room's talk)
        is dropped too."""
        if floor is not None:  # (complete already: taken only when it holds speech at the floor)
            self._ready = collections.deque(u for u in self._ready if self._at_level(u.audio, floor)[1])
        if self._ready:
            return self._ready.popleft()
        # the waits count the audio heard, not the wall clock: a machine busy decoding reads its stream late (a
        # microphone's blocks wait in its queue; a paced test stream waits for its reader), and a wall-clock wait
        # could run out before the speech it waited for was read (the rest of an answer, on a loaded machine). Time
        # without audio (a silent or muted device) counts as it passes.
        clock = 0.0
        deadline = timeout
        run = 0  # frames in a row at the floor so far (a floor only)
        voiced = floor is None
        limit = max_seconds or self.detector.max_seconds
        speech_deadline: float | None = None
        restarts = self.detector.restarts
        while True:
            if stop is not None and stop():
                self.stopped = True
                self._stopped_at = time.perf_counter()
                if self.detector.in_speech:  # the utterance going on, heard to its end, is dropped then
                    self._cut = self.detector.position
                return None
            if self.detector.restarts != restarts:  # started again at a louder voice: its own time starts now
                restarts, speech_deadline = self.detector.restarts, None
            if not voiced:  # (a floor) nothing at it yet: what the detector hears is the room's
                # (the endpointer's window is given as after a quiet wait, where a voice only just noticed by then
                # is waited for: here the room may sound all the time, so it is given always)
                late = deadline + self.detector.window
                if clock > late and not (run and clock < late + self.detector.window):
                    self.detector.reset()  # the room's talk only: the detector starts afresh on what comes next
                    return None
                speech_deadline = None
            elif self.detector.in_speech and not self.detector.hearing_room:
                speech_deadline = speech_deadline or clock + limit
                if clock > speech_deadline:
                    heard = self.detector.flush(truncated=True)
                    if heard is not None and not self._answers(heard):
                        heard = None
                    elif heard is not None or not self.detector.hearing_room:
                        return heard
                    speech_deadline = None  # only the room's talk (or no answer): the no-answer deadline applies
            elif clock > deadline and not (self.detector.sounding and clock < deadline + self.detector.window):
                return None  # (a voice just beginning at the deadline is given the endpointer's window to be noticed)
            else:
                speech_deadline = None
            waited = time.perf_counter()
            block = self.source.read(timeout=0.1)
            if block is None or not len(block.samples):
                clock += time.perf_counter() - waited
            else:
                clock += len(block.samples) / SAMPLE_RATE
            if block is None:
                continue
            if block.generation != self._generation:  # muted/unmuted since: start afresh
                self._generation = block.generation
                self.detector.reset()
            self._watch_question(block)
            if self._stopped_at is not None:  # captured before the stop: what began in it was going on then
                before = _captured_before(self._stopped_at, block)
                if before:
                    self._cut = max(self._cut or 0, self.detector.position + before)
                if before < len(block.samples):
                    self._stopped_at = None
            if not voiced and floor is not None:
                run, voiced = self._at_level(block.samples, floor, run)
            self._ready.extend(
                u
                for u in self.detector.feed(block.samples)
                if self._answers(u) and not self._cut_off(u) and (floor is None or self._at_level(u.audio, floor)[1])
            )
            if self._ready:
                return self._ready.popleft()

    def _at_level(self, samples: Int16Array, floor: float, run: int = 0) -> tuple[int, bool]:
        """The frames in a row at ``floor`` (dB) after ``samples`` (``run`` before them), and whether
        :data:`VOICE_RUN_FRAMES` were reached."""
        frame = self.detector.frame_samples
        for k in range(0, len(samples) - frame + 1, frame):
            run = run + 1 if _energy_db(samples[k : k + frame]) >= floor else 0
            if run >= VOICE_RUN_FRAMES:
                return run, True
        return run, False

    def _cut_off(self, utterance: Utterance) -> bool:
        """``utterance`` began before a ``stop`` ended the listening while it was going on: it is not taken."""
        return self._cut is not None and round(utterance.start * SAMPLE_RATE) < self._cut

    def _watch_question(self, block: Block) -> None:
        """Place the moment the question was asked in the stream (``block`` is about to be fed), and judge from the
        first frames heard after it whether the player was speaking then."""
        q = self._question
        if q is None or q.overlap is not None:
            return
        samples = block.samples
        if q.at is None:
            if block.captured_at < q.asked:
                return  # all of it captured before the question
            cut = _captured_before(q.asked, block)
            q.at = self.detector.position + cut
            samples = samples[cut:]
        q.onset.append(samples)
        heard = np.concatenate(q.onset)
        frame = self.detector.frame_samples
        if len(heard) >= ONSET_FRAMES * frame:
            q.overlap = self._speaking(heard[: ONSET_FRAMES * frame], frame)
            if q.overlap:  # the talk going on: the utterance it is part of, and more within TALK_GAP, is no answer
                q.talk_end = q.at

    def _speaking(self, audio: Int16Array, frame: int) -> bool:
        """Whether two frames of ``audio`` or more are speech (:data:`ONSET_BELOW_VOICE_DB`)."""
        from pocketsphinx import Vad

        vad = Vad(self.detector.vad_mode, SAMPLE_RATE, frame / SAMPLE_RATE)
        room = self.detector.room_rms
        room_db = None if room is None else 20.0 * float(np.log10(max(room, 1.0)))
        speech = 0
        for k in range(0, len(audio) - frame + 1, frame):
            x = audio[k : k + frame]
            level = _energy_db(x)
            loud = room_db is None or level >= room_db + ONSET_ABOVE_ROOM_DB
            if self.voice_db is not None:
                speech += bool(loud and level >= self.voice_db - ONSET_BELOW_VOICE_DB)
            else:
                speech += bool(loud and vad.is_speech(x.tobytes()))
        return speech >= 2

    def _answers(self, utterance: Utterance) -> bool:
        """Whether ``utterance`` may answer the question being asked (always, when none is)."""
        q = self._question
        if q is None:
            return True
        start = round(utterance.start * SAMPLE_RATE)
        if q.at is None or start < q.at:
            fresh = False  # begun before the question
        elif q.talk_end is not None and start < q.talk_end + round(TALK_GAP * SAMPLE_RATE):
            fresh = False  # going on when the question came (the endpointer places its start up to a window late), or
            # more of that talk
        else:
            fresh = start >= q.at + round(q.reaction * SAMPLE_RATE)
        if not fresh:
            self.not_answers += 1
            q.talk_end = max(q.talk_end or 0, round(utterance.end * SAMPLE_RATE))
        return fresh

    def utterances(self, timeout: float = 8.0) -> Iterator[Utterance | None]:
        """``listen(timeout)`` forever: an utterance, or None for each silent ``timeout``."""
        while True:
            yield self.listen(timeout)
