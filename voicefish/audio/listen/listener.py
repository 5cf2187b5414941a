"""The :class:`Listener`: a source and an utterance detector joined; ``listen(timeout)`` gives the next utterance."""

from __future__ import annotations

import collections
import time
from collections.abc import Callable, Iterator

import numpy as np

from voicefish.audio.listen.endpoint import Utterance, UtteranceDetector
from voicefish.audio.listen.sources import AudioSource


class Listener:
    """Utterances from an audio source: the game's ears."""

    def __init__(self, source: AudioSource, detector: UtteranceDetector | None = None) -> None:
        """``source``: a started Microphone (or an ArraySource); ``detector``: endpointing settings."""
        self.source = source
        self.detector = detector or UtteranceDetector()
        self._generation: int | None = None
        self._ready: collections.deque[Utterance] = collections.deque()

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
    ) -> Utterance | None:
        """The next utterance, or None if no speech *started* within ``timeout`` seconds ("no answer").

        Once someone is speaking, waits for the end (or ``max_seconds``, default the detector's).
        ``continuation(utterance)`` True means "that cannot be all" (e.g. only a name was heard): then speech
        starting within ``continuation_wait`` seconds is joined to it. This lets a short endpointer window answer
        fast without cutting "Priya ... do you have any jacks?" in two."""
        heard = self._listen_once(timeout, max_seconds)
        while heard is not None and continuation is not None and continuation(heard):
            self.detector.prefix = heard.audio  # a sink decoding while spoken hears the two parts as one
            try:
                more = self._listen_once(continuation_wait, max_seconds)
            finally:
                self.detector.prefix = None
            if more is None:
                break
            heard = Utterance(
                np.concatenate([heard.audio, more.audio]), heard.start, more.end, more.closed_at, more.truncated
            )
        return heard

    def _listen_once(self, timeout: float, max_seconds: float | None) -> Utterance | None:
        if self._ready:
            return self._ready.popleft()
        deadline = time.perf_counter() + timeout
        limit = max_seconds or self.detector.max_seconds
        speech_deadline: float | None = None
        restarts = self.detector.restarts
        while True:
            now = time.perf_counter()
            if self.detector.restarts != restarts:  # started again at a louder voice: its own time starts now
                restarts, speech_deadline = self.detector.restarts, None
            if self.detector.in_speech and not self.detector.hearing_room:
                speech_deadline = speech_deadline or now + limit
                if now > speech_deadline:
                    heard = self.detector.flush(truncated=True)
                    if heard is not None or not self.detector.hearing_room:
                        return heard
                    speech_deadline = None  # only the room's talk: the no-answer deadline applies
            elif now > deadline:
                return None
            else:
                speech_deadline = None
            block = self.source.read(timeout=0.1)
            if block is None:
                continue
            if block.generation != self._generation:  # muted/unmuted since: start afresh
                self._generation = block.generation
                self.detector.reset()
            self._ready.extend(self.detector.feed(block.samples))
            if self._ready:
                return self._ready.popleft()

    def utterances(self, timeout: float = 8.0) -> Iterator[Utterance | None]:
        """``listen(timeout)`` forever: an utterance, or None for each silent ``timeout``."""
        while True:
            yield self.listen(timeout)
