"""The recognizer interface: audio (or typed text) in, a :class:`Recognition` out.

Every recognizer is told the current table with :meth:`Recognizer.set_table` (players still in the
game, the speaker, the rules; optionally the speaker's ranks) and then turns one utterance into a
:class:`Recognition`: the words heard, the game intent they mean (through the same
:class:`~voicefish.speech.parser.Parser` as ``voicefish parse``), a confidence and whether the game
should confirm before acting ("Sam, for sevens?").

Real backends: :mod:`voicefish.audio.sphinx` (pocketsphinx, the embedded default) and
:mod:`voicefish.audio.vosk_backend`.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

from voicefish.cards import Rank
from voicefish.speech.grammar import TableContext
from voicefish.speech.intents import Intent, intent_to_json

__all__ = [
    "SAMPLE_RATE",
    "AdaptingRecognizer",
    "ExpectingRecognizer",
    "Recognition",
    "Recognizer",
    "RecognizerError",
    "StreamingRecognizer",
    "Word",
    "check_audio",
]

SAMPLE_RATE = 16_000
"""Every recognizer decodes int16 mono audio at this rate (Hz)."""


class RecognizerError(RuntimeError):
    """A recognizer that cannot work: a missing or broken model, a bad configuration. The message says why."""


@dataclass(frozen=True, slots=True)
class Word:
    """One recognized word."""

    word: str
    """The word as the recognizer spells it (lower case)."""
    confidence: float | None = None
    """The backend's confidence for this word, 0..1, or ``None`` when it gives none."""
    start_ms: int | None = None
    """Start of the word from the start of the utterance (milliseconds)."""
    end_ms: int | None = None
    """End of the word from the start of the utterance (milliseconds)."""


RANK_NOT_IN_HAND = "rank not in hand"
""":attr:`Recognition.reason` of an ask for a rank the speaker does not hold (asked back, never refused)."""


@dataclass(frozen=True, slots=True)
class Recognition:
    """What one utterance was heard as, and what the game should make of it."""

    text: str
    """The words the recognizer heard (empty when nothing was heard)."""
    intent: Intent
    """The game intent; ``NoIntent`` when the utterance was not for the game or was rejected."""
    confidence: float
    """How sure the recognizer is that ``intent`` is what was meant, 0..1."""
    confirm: bool
    """True when the game should confirm before acting ("Sam, for sevens?")."""
    decode_ms: float = 0.0
    """Time spent decoding (milliseconds)."""
    words: tuple[Word, ...] = ()
    """The words with per-word confidence where the backend gives it."""
    alternatives: tuple[str, ...] = ()
    """Other texts the recognizer considered (best first), possibly empty."""
    reason: str = ""
    """Why a result was rejected or needs confirming, for logs ("not in the grammar", "rank not in hand")."""
    features: dict[str, float] = field(default_factory=dict)
    """The evidence the confidence was computed from (for benchmarks and debugging)."""
    loud: bool = False
    """Said in a room known to be loud: the words stood less far above the room's level than the confidence model's
    line for a loud room (pocketsphinx; the Vosk backend measures no loudness and leaves it False)."""

    def to_json(self) -> dict[str, object]:
        """The ``voicefish transcribe --json`` fields of this result (without ``file``)."""
        return {
            "text": self.text,
            "intent": intent_to_json(self.intent),
            "confidence": round(self.confidence, 3),
            "confirm": self.confirm,
            "decode_ms": round(self.decode_ms, 1),
        }


@runtime_checkable
class Recognizer(Protocol):
    """Anything that turns an utterance into a :class:`Recognition` for the current table."""

    def set_table(self, ctx: TableContext, hand: Collection[Rank] | None = None) -> None:
        """Listen for this table: only ``ctx.players`` can be named; ``hand`` is the speaker's ranks (or unknown).

        ``hand`` may only weigh the decision: an ask for a rank the speaker does not hold still comes back
        as the rank spoken (so the game can say so) or as ``NoIntent``, never as a different rank.
        """
        ...

    def decode(self, audio: npt.NDArray[np.int16]) -> Recognition:
        """Recognize one utterance: int16 mono samples at :data:`SAMPLE_RATE`."""
        ...


@runtime_checkable
class StreamingRecognizer(Recognizer, Protocol):
    """A recognizer that can decode while the player speaks (it is the listener's ``UtteranceSink``): when the
    utterance ends only the last frames remain, so the answer comes sooner."""

    def begin(self) -> None:
        """An utterance starts."""
        ...

    def feed(self, samples: npt.NDArray[np.int16]) -> None:
        """More of it, as it is spoken."""
        ...

    def end(self, keep: bool) -> None:
        """It is over (``keep`` False: dropped)."""
        ...

    def streamed(self, audio: npt.NDArray[np.int16]) -> Recognition | None:
        """The result for ``audio`` if it is exactly what was fed, else None (then call ``decode``)."""
        ...


@runtime_checkable
class ExpectingRecognizer(Recognizer, Protocol):
    """A recognizer that can narrow what it listens for to what the table expects right now."""

    def expect(self, expecting: str) -> None:
        """``turn`` (an ask or a command), ``confirm`` (yes, no or quit) or ``which`` (an ask or a command, or a
        name or a rank said alone: :attr:`voicefish.table.ears.ListenRequest.which`)."""
        ...


@runtime_checkable
class AskedRecognizer(Recognizer, Protocol):
    """A recognizer told the question the table just asked, when it listens for its answer."""

    def asked(self, question: str) -> None:
        """``question`` ("Fatima, for fives?") is what the next utterances answer ("": none)."""
        ...


@runtime_checkable
class AdaptingRecognizer(Recognizer, Protocol):
    """A recognizer that adapts to each player's voice from what the table acted on as meant."""

    @property
    def learning(self) -> bool:
        """Whether :meth:`learn` does anything (adaptation switched on and possible with this build)."""
        ...

    def set_speaker(self, speaker: str) -> None:
        """Who speaks next (the player whose turn it is)."""
        ...

    def learn(self, speaker: str, audio: npt.NDArray[np.int16], text: str, heard: str | None = None) -> None:
        """``speaker`` said ``text`` in ``audio``, and the table acted on it as meant (played or confirmed); or,
        with ``heard`` (what the recognizer made of it), ``speaker`` was asked to say ``text``: used only if the
        audio fits ``text`` about as well as ``heard``."""
        ...


def check_audio(audio: object) -> npt.NDArray[np.int16]:
    """Return ``audio`` as a 1-D int16 array or raise ``ValueError`` with a clear message."""
    arr = np.asarray(audio)
    if arr.ndim == 2 and 1 in arr.shape:
        arr = arr.reshape(-1)
    if arr.ndim != 1:
        raise ValueError(f"expected mono audio (one channel), got an array of shape {arr.shape}")
    if arr.dtype != np.int16:
        if np.issubdtype(arr.dtype, np.floating):
            arr = np.clip(np.round(arr * 32767.0), -32768, 32767).astype(np.int16)
        elif np.issubdtype(arr.dtype, np.integer):
            arr = np.clip(arr, -32768, 32767).astype(np.int16)
        else:
            raise ValueError(f"expected int16 audio samples, got {arr.dtype}")
    return arr
