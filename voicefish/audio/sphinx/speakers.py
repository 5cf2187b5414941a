"""Speaker adaptation in the recognizer: who speaks, each player's samples and transform (estimated in the background
by :mod:`voicefish.audio.sphinx.adapt`), and the transform given to the decoder before each utterance."""

from __future__ import annotations

import functools
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from voicefish.audio.sphinx.frontend import _MIN_SAMPLES, _int16, raise_noise_floor
from voicefish.speech.pronounce import default_model_dir

ADAPT_SCHEDULE: tuple[tuple[int, str], ...] = ((3, "diag"), (8, "full"))
"""When a player's transform is (re-)estimated: at this many acted-on utterances, with this kind; after the
last step again every 4 more utterances. First chosen in a prototype on four hold-out voices (``diag`` never
hurt with three sentences, ``full`` was better from about eight — so the hold-out set informed it, see
``bench/history/asr.md``), then checked on the tuning voices, where an unshrunk ``full`` lost 12 points in
babble: hence :data:`voicefish.audio.sphinx.adapt.FULL_SHRINK`."""
PROMPTED_FULL_FROM = 6
"""During the voice check (sentences whose words are known), the full transform from this many samples on."""
ADAPT_KEEP = 20
"""The most recent acted-on utterances kept per player for adaptation."""


class _Speakers:
    """Who speaks, and each player's adaptation: shared by a recognizer and its streaming twin."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.current = ""
        self.samples: dict[str, list[Any]] = {}
        """Per player, the frames of their last acted-on utterances (``adapt.Frames``)."""
        self.transforms: dict[str, Any] = {}
        self.counted: dict[str, int] = {}
        self.remembered: set[str] = set()
        """Players whose transform came from an earlier session (:meth:`SphinxRecognizer.use_transform`)."""
        self.failed = ""
        """Why adaptation is off (empty while it works)."""

    def wanted(self) -> Any:
        """The current player's transform (None: none yet)."""
        with self.lock:
            return self.transforms.get(self.current)


class AdaptingDecoder:
    """The speaker-adaptation part of :class:`~voicefish.audio.sphinx.SphinxRecognizer`."""

    adapt: bool
    on_transform: Callable[[str, Any], None] | None
    sentences: frozenset[str]
    noise_floor: float
    _speakers: _Speakers
    _can_adapt: bool | None
    _lock: threading.Lock
    _decoder: Any
    _executor: Any
    _adapter: Any
    _twin_args: dict[str, Any]
    _applied: Any

    @property
    def learning(self) -> bool:
        """Whether :meth:`learn` does anything: adaptation is on, and this pocketsphinx build allows it."""
        if not self.adapt or self._speakers.failed:
            return False
        if self._can_adapt is None:
            from voicefish.audio.sphinx import adapt

            try:
                with self._lock:
                    adapt.decoder_handle(self._decoder)
                self._can_adapt = True
            except adapt.AdaptationError:
                self._can_adapt = False
        return self._can_adapt

    def set_speaker(self, speaker: str) -> None:
        """Who speaks next (the table passes the player whose turn it is): from now on the decoders use that
        player's transform, once one was learnt (:meth:`learn`), else the model as shipped."""
        with self._speakers.lock:
            self._speakers.current = speaker

    def learn(self, speaker: str, audio: npt.NDArray[np.int16], text: str, heard: str | None = None) -> None:
        """``speaker`` said ``text`` (a sentence of the table) in ``audio``, and the table acted on it as meant —
        played at once or confirmed. Kept as a sample of their voice; at the counts of :data:`ADAPT_SCHEDULE`
        their transform is estimated in the background (about 0.15 s of CPU per utterance to align it, then
        0.1–1 s per estimate) and used from their next utterance.

        ``heard``: ``text`` is what the player was asked to say (the voice check) and the recognizer heard
        ``heard``; the utterance is kept only if ``text`` fits it about as well (:data:`adapter.PROMPT_MARGIN`)."""
        sp = self._speakers
        if not self.adapt or sp.failed or not speaker or text not in self.sentences:
            return
        if heard is not None and not heard.strip():
            return  # nothing was heard to compare the prompt with: not taken as said
        samples = np.asarray(audio, dtype=np.int16)
        if len(samples) < _MIN_SAMPLES:
            return
        floored = _int16(raise_noise_floor(samples, self.noise_floor))  # as the decoder gets it: features match
        words = set(text.split()) | set((heard or "").split())
        with self._lock:  # the words as this decoder says them, for the aligner (first pronunciation)
            phones = {w: p for w in words if (p := self._decoder.lookup_word(w))}
        if heard is not None and not set(heard.split()) <= set(phones):
            return
        if self._executor is None:
            from concurrent.futures import ThreadPoolExecutor

            self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="voicefish-adapt")
        self._executor.submit(self._learn, speaker, floored, text, phones, heard)

    def _learn(
        self, speaker: str, audio: npt.NDArray[np.int16], text: str, phones: dict[str, str], heard: str | None
    ) -> None:
        """In the background, one job at a time: the utterance's frames, then at the schedule the transform."""
        from voicefish.audio.sphinx import adapt
        from voicefish.audio.sphinx.adapter import Adapter

        sp = self._speakers
        try:
            if self._adapter is None:  # (raises AdaptationError when this pocketsphinx build does not allow it)
                self._adapter = Adapter(self._twin_args.get("model_dir"), pronunciations=phones)
            adapter = self._adapter
            adapter.know(phones)
            frames = adapter.sample(audio, text, against=heard)
            if frames is None:
                return  # could not be aligned to its sentence (or the prompt does not fit it): not a sample
            with sp.lock:
                mine = sp.samples.setdefault(speaker, [])
                mine.append(frames)
                del mine[:-ADAPT_KEEP]
                n = sp.counted[speaker] = sp.counted.get(speaker, 0) + 1
                kind = _adapt_kind(n, prompted=heard is not None)
                if speaker in sp.remembered and n < ADAPT_SCHEDULE[-1][0]:
                    kind = None  # a remembered transform is replaced only by a full one of this session
                batch = list(mine)
            if kind is None:
                return
            transform = adapter.estimate_frames(batch, kind)
        except adapt.NotEnoughSpeech:
            return  # the next sample will do
        except adapt.AdaptationError as exc:
            with sp.lock:
                sp.failed = str(exc)
            return
        except Exception as exc:  # a failed estimate must never stop the game: adaptation is off from here
            with sp.lock:
                sp.failed = f"{type(exc).__name__}: {exc}"
            return
        with sp.lock:
            sp.transforms[speaker] = transform
            sp.remembered.discard(speaker)
        if self.on_transform is not None:
            try:
                self.on_transform(speaker, transform)
            except Exception as exc:  # keeping it is a convenience: never stop the game over it
                print(f"voicefish: could not keep {speaker}'s voice: {exc}", file=sys.stderr)

    def transform_of(self, speaker: str) -> Any:
        """The transform learnt for ``speaker`` (an ``adapt.Transform``), or None."""
        with self._speakers.lock:
            return self._speakers.transforms.get(speaker)

    def use_transform(self, speaker: str, transform: Any) -> None:
        """Hear ``speaker`` through ``transform`` (remembered from an earlier session) until this session has
        learnt a full one of its own for them."""
        with self._speakers.lock:
            self._speakers.transforms[speaker] = transform
            self._speakers.remembered.add(speaker)

    @functools.cached_property
    def model_signature(self) -> tuple[str, tuple[int, int]]:
        """Which acoustic model transforms belong to (``voices.model_signature``) and their shape (streams,
        vector length): a remembered transform is used only with the same."""
        from voicefish.audio.sphinx.adapt import read_gaussians
        from voicefish.audio.voices import model_signature

        root = self._twin_args.get("model_dir")
        hmm = (Path(root) if root is not None else default_model_dir()) / "en-us"
        shape = read_gaussians(hmm / "means").shape
        return model_signature(hmm), (int(shape[1]), int(shape[3]))

    def wait_adapted(self, timeout: float = 30.0) -> None:
        """Block until the background estimations asked for so far are done (tests, benchmarks)."""
        if self._executor is not None:
            self._executor.submit(lambda: None).result(timeout=timeout)

    def learnt_count(self, speaker: str) -> int:
        """How many of ``speaker``'s utterances were kept as samples of their voice so far (after
        :meth:`wait_adapted`, every one handed to :meth:`learn` that was kept)."""
        with self._speakers.lock:
            return self._speakers.counted.get(speaker, 0)

    @property
    def adapted(self) -> dict[str, int]:
        """Players with a transform, and how many utterances it was estimated from."""
        with self._speakers.lock:
            return {k: int(t.samples) for k, t in self._speakers.transforms.items()}

    def _sync_transform(self) -> None:
        """Give the decoder the current speaker's transform (between utterances, under the lock)."""
        want = self._speakers.wanted()
        if want is self._applied:
            return
        from voicefish.audio.sphinx import adapt

        try:
            adapt.apply_transform(self._decoder, want if want is not None else adapt.Transform.identity())
        except adapt.AdaptationError as exc:
            with self._speakers.lock:
                self._speakers.failed = str(exc)
                self._speakers.transforms.clear()
            return
        self._applied = want


def _adapt_kind(n: int, prompted: bool = False) -> str | None:
    """The kind of transform to estimate after a player's ``n``-th acted-on utterance, or None (not now).
    ``prompted`` (the voice check, a few seconds apart, before the game): after every one from the first count
    of the schedule on, so the check ends with a transform from all of it."""
    steps = dict(ADAPT_SCHEDULE)
    last = ADAPT_SCHEDULE[-1][0]
    if prompted and n >= ADAPT_SCHEDULE[0][0]:
        return ADAPT_SCHEDULE[-1][1] if n >= PROMPTED_FULL_FROM else ADAPT_SCHEDULE[0][1]
    if n in steps:
        return steps[n]
    if n > last and (n - last) % 4 == 0:
        return ADAPT_SCHEDULE[-1][1]
    return None
