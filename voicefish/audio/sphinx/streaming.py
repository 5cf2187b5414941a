"""Decoding while the player speaks: a twin decoder with live cepstral normalisation is fed the utterance as it comes
(the listener's :class:`~voicefish.audio.listen.UtteranceSink`), and tells when a whole sentence was said
(:class:`~voicefish.audio.listen.SentenceSink`)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Collection
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from voicefish.audio.recognizer import Recognition
from voicefish.audio.sphinx.frontend import _MIN_SAMPLES, _frame_rms, _noise_to_add, _pcm, _with_noise
from voicefish.audio.sphinx.graph import _FILLER, _words
from voicefish.audio.sphinx.speakers import _Speakers
from voicefish.cards import Rank
from voicefish.speech.grammar import TableContext
from voicefish.speech.intents import NoIntent
from voicefish.speech.parser import Parser

_STREAM_TAIL_SAMPLES = 2400
"""The last 0.15 s of a streamed utterance is fed a second time before its result is taken."""
_RAN_ON_TAIL_SAMPLES = 3200
"""The same for an utterance closed because its last word ran on into the listener's quiet (0.2 s): it has less
quiet after its words, and with 0.15 s the live cepstral mean such an ask left behind made the next one "twos" for
"sevens" in tests/table/test_voice_ears.py."""
_MIN_CMN_SAMPLES = 16000
"""A streamed utterance shorter than this (1 s) leaves the decoder's cepstral mean as it found it."""
SENTENCE_MIN_WORDS = 3
""":meth:`SphinxRecognizer.sentence_finished` speaks only for sentences of at least this many words: a name said
before a pause ("Sam ...") must never close an ask, nor a short command the name could be misheard as."""
SENTENCE_SILENCE_FRAMES = 8
"""... and only when the best path so far ends in at least this much silence (10 ms frames) after the words (the
listener asks after its own 0.15 s of quiet; asked without that quiet, it says how much decoded silence it wants)."""
SENTENCE_SPAN_FRAMES = 90
"""... and only when its words span at least this long (10 ms frames): the table joins a shorter utterance to what
follows when it was not understood (``voicefish.table.voice.SHORT_UTTERANCE``, 0.9 s), and a name said before a
pause was once taken for "leo any eights" (71 frames)."""
SENTENCE_LAST_WORD_FRAMES = 20
"""... and only when its last word lasted at least this long (10 ms frames). A hesitation inside an ask ("Leo, do
you have any ... kings") left best paths such as "leo do you have an eight" whose last word was 13–22 frames of
the end of "any" (one of 22 still gets through); the last words of asks really finished lasted 23–73 (latency
bench voices, quiet room and babble)."""


class StreamingDecoder:
    """The part of :class:`~voicefish.audio.sphinx.SphinxRecognizer` that decodes while the player speaks."""

    ctx: TableContext | None
    sentences: frozenset[str]
    noise_floor: float
    retry_whole: bool
    room_level: Callable[[], float | None] | None
    _twin: StreamingDecoder | None
    _twin_args: dict[str, Any]
    _speakers: _Speakers
    _expecting: str
    _last_cmn: str
    _hand: frozenset[Rank] | None
    _lock: threading.Lock
    _decoder: Any
    _search: str
    _streaming: bool
    _warm: bool
    _warm_at_begin: bool
    _cmn_before: str
    _fed: list[npt.NDArray[np.int16]]
    _fed_levels: list[float]
    _fed_rng: np.random.Generator
    _ran_on: str
    _streamed: tuple[npt.NDArray[np.int16], float, list[tuple[str, int, int, float]], float] | None
    _parser: Parser | None
    _extendable: frozenset[str]

    if TYPE_CHECKING:  # (given by SphinxRecognizer)

        def set_table(self, ctx: TableContext, hand: Collection[Rank] | None = None) -> None: ...
        def _new_twin(self) -> StreamingDecoder: ...
        def expect(self, expecting: str) -> None: ...
        def _sync_transform(self) -> None: ...
        def _activate(self) -> None: ...
        def _hypothesis(self) -> tuple[str, float, list[tuple[str, int, int, float]]]: ...
        def _loudness(self, samples: npt.NDArray[np.int16]) -> tuple[float, bool]: ...
        def _recognition(
            self,
            posterior: float,
            segs: list[tuple[str, int, int, float]],
            t0: float,
            retried: bool = False,
            *,
            snr: float,
            room_known: bool = True,
        ) -> Recognition: ...

    def _streamer(self) -> StreamingDecoder | None:
        """The twin that decodes while the player speaks, on this recognizer's table and hand."""
        if self.ctx is None:
            return None
        if self._twin is None:
            self._twin = self._new_twin()
            self._twin._speakers = self._speakers
            self._twin.expect(self._expecting)
            if self._last_cmn:
                self._twin._warm_up(self._last_cmn)
        if self._twin.ctx != self.ctx:
            self._twin.set_table(self.ctx, self._hand)
        self._twin._hand = self._hand
        return self._twin

    def begin(self) -> None:
        """An utterance starts: decode it while it is spoken, so that only the last frames remain when it ends.

        Decoding incrementally needs live cepstral normalisation, and a pocketsphinx decoder that has once run
        live stays live (measured: its later whole-utterance decodes changed), so this is done by a twin decoder
        with the same model, dictionary, table and settings but ``cmn live`` (about 30 MB more, made on first
        use); :meth:`decode` keeps its whole-utterance normalisation. The noise floor is raised as in
        :meth:`decode`, judged on the audio fed so far. :meth:`streamed` gives the result at the end."""
        twin = self._streamer()
        if twin is not None:
            twin._begin()

    def feed(self, samples: npt.NDArray[np.int16]) -> None:
        """More of the utterance (int16 mono 16 kHz), as it is spoken."""
        if self._twin is not None:
            self._twin._feed(samples)

    def end(self, keep: bool) -> None:
        """The utterance is over (``keep`` False: it was dropped, nothing to keep)."""
        if self._twin is not None:
            self._twin._end(keep)

    def sentence_finished(self, silence: float | None = None, quiet: float | None = None) -> bool:
        """While the player speaks (:class:`voicefish.audio.listen.SentenceSink`): True when the best path decoded
        so far is a whole sentence of the table of at least :data:`SENTENCE_MIN_WORDS` words that no longer
        sentence goes on from (words spanning :data:`SENTENCE_SPAN_FRAMES`, the last one lasting
        :data:`SENTENCE_LAST_WORD_FRAMES`), followed by at least ``silence`` seconds of decoded silence (None:
        :data:`SENTENCE_SILENCE_FRAMES`). The listener then closes the utterance without waiting out the rest of
        its quiet window. The path so far is the search's best word exit, not the final result: it only says when
        to stop listening.

        ``quiet``: the listener has heard this many seconds of quiet up to now. Then a last word that began at least
        :data:`SENTENCE_LAST_WORD_FRAMES` before that quiet and runs on into it counts as finished too: in babble
        the decoder often explains the quiet after a final "s" as more of it ("aces" lasting until the talk
        stopped, 0.6 s after the words)."""
        frames = SENTENCE_SILENCE_FRAMES if silence is None else max(1, round(silence * 100))
        quiet_frames = None if quiet is None else round(quiet * 100)
        return self._twin is not None and self._twin._sentence_finished(frames, quiet_frames)

    def _sentence_finished(
        self, silence_frames: int = SENTENCE_SILENCE_FRAMES, quiet_frames: int | None = None
    ) -> bool:
        with self._lock:
            if not self._streaming or not self._warm_at_begin:
                return False  # (from the model's default mean the path so far is not worth trusting)
            segs = [(str(s.word), int(s.start_frame), int(s.end_frame), 0.0) for s in self._decoder.seg() or ()]
            heard = sum(len(x) for x in self._fed) // 160 if quiet_frames is not None else 0  # 10 ms frames fed
        words = _words(segs)
        if len(words) < SENTENCE_MIN_WORDS:
            return False
        _word, first, last, _score = words[-1]
        finished = (
            _FILLER.match(segs[-1][0]) is not None
            and segs[-1][2] - last >= silence_frames
            and last - first + 1 >= SENTENCE_LAST_WORD_FRAMES
        )
        ran_on = False
        if not finished and quiet_frames is not None:  # the last word runs on into the quiet the listener heard
            drop = heard - quiet_frames
            finished = ran_on = last >= drop and first <= drop - SENTENCE_LAST_WORD_FRAMES
        if not finished or last - words[0][1] + 1 < SENTENCE_SPAN_FRAMES:
            return False
        sentence = " ".join(w for w, *_ in words)
        whole = sentence in self.sentences and sentence not in self._extendable
        self._ran_on = sentence if whole and ran_on else ""  # (given a longer tail at its end, and checked)
        return whole

    def streamed(self, audio: npt.NDArray[np.int16]) -> Recognition | None:
        """What was decoded while ``audio`` was being spoken, or None when ``audio`` is not exactly what was fed
        (e.g. two utterances joined after a pause, when the first was not fed again): then :meth:`decode` it.
        ``decode_ms`` counts from the end of the utterance."""
        if self._twin is not None:
            self._twin.room_level = self.room_level
        r = self._twin._streamed_result(audio) if self._twin is not None else None
        if self.retry_whole and r is not None and r.text and not r.features.get("complete"):
            return None  # a half sentence: decoded whole, with the retry (measured: +1.7 points at white 10 dB)
        ran_on = self._twin._ran_on if self._twin is not None else ""
        if r is not None and ran_on and r.text != ran_on:
            return None  # closed on a sentence the last frames then changed: decoded whole (see sentence_finished)
        return r

    def _begin(self) -> None:
        if not self._search:
            return
        with self._lock:
            if self._streaming:
                self._decoder.end_utt()
            self._cmn_before = str(self._decoder.get_cmn(False))
            self._warm_at_begin = self._warm
            self._sync_transform()
            self._activate()
            self._decoder.start_utt()
            self._streaming = True
            self._fed = []
            self._fed_levels = []
            self._fed_rng = np.random.default_rng(0)
            self._streamed = None
            self._ran_on = ""

    def _feed(self, samples: npt.NDArray[np.int16]) -> None:
        if not self._streaming:
            return
        x = np.asarray(samples, dtype=np.int16).copy()
        pcm = self._floored(x)
        with self._lock:
            if not self._streaming:
                return
            self._fed.append(x)
            if len(x):
                self._decoder.process_raw(pcm, False, False)

    def _floored(self, x: npt.NDArray[np.int16]) -> bytes:
        """``x``, the next samples of the streamed utterance, with the noise floor raised as judged on all fed so
        far (:func:`raise_noise_floor`'s rule, as it comes)."""
        self._fed_levels.extend(_frame_rms(x))
        return _pcm(_with_noise(x, _noise_to_add(self._fed_levels, self.noise_floor), self._fed_rng))

    def _end(self, keep: bool) -> None:
        if not self._streaming:
            return
        t0 = time.perf_counter()
        with self._lock:
            d = self._decoder
            audio = np.concatenate(self._fed) if self._fed else np.zeros(0, dtype=np.int16)
            self._fed = []
            if keep:
                # The listener cuts 0.1-0.2 s after the last word; decoding live, the last word then often never
                # finished ("ann do you have any" for "... sevens", right with 0.1 s more). The utterance's own
                # last 0.15-0.2 s (the room after the last word) is fed once more as the context it lacks.
                add = _noise_to_add(self._fed_levels, self.noise_floor)
                tail = audio[-(_RAN_ON_TAIL_SAMPLES if self._ran_on else _STREAM_TAIL_SAMPLES) :]
                d.process_raw(_pcm(_with_noise(tail, add, self._fed_rng)), False, False)
            d.end_utt()
            self._streaming = False
            fed = len(audio)
            if fed < _MIN_CMN_SAMPLES and self._cmn_before:
                # Too short to learn the channel from ("Leo ..."): the cepstral mean it left would mislead the
                # rest of the sentence, decoded next. Measured on the name-then-pause test: "twos" for "sevens".
                d.set_cmn(self._cmn_before)
            elif fed >= _MIN_CMN_SAMPLES:
                self._warm = True
            if not keep:
                return
            _text, posterior, segs = self._hypothesis()
            self._streamed = (audio, posterior, segs, t0)

    def _streamed_result(self, audio: npt.NDArray[np.int16]) -> Recognition | None:
        done, self._streamed = self._streamed, None
        if done is None or self._parser is None or not self._warm_at_begin:
            return None  # (not warm: the live mean was still the model's default, decode the whole utterance)
        fed, posterior, segs, t0 = done
        samples = np.asarray(audio, dtype=np.int16)
        if len(fed) != len(samples) or not np.array_equal(fed, samples):
            return None
        if len(samples) < _MIN_SAMPLES or not np.any(samples):
            return Recognition("", NoIntent(), 0.0, False, (time.perf_counter() - t0) * 1000.0, reason="no speech")
        snr, known = self._loudness(samples)
        return self._recognition(posterior, segs, t0, snr=snr, room_known=known)

    def _warm_up(self, cmn: str) -> None:
        """Start the live cepstral mean from ``cmn`` (the mean of a whole utterance just decoded)."""
        with self._lock:
            if not self._streaming:
                self._decoder.set_cmn(cmn)
                self._warm = True
