"""Phrases joined with the pauses a person makes between them ("Do you have any threes, ... Priya?"), in
:mod:`testspeech`'s flite voices (Debian ``flite``: slt, rms, awb, kal16), over a quiet room's faint noise.

The speech itself is :func:`testspeech.speak.raw` (``flite-<voice>``, cached on disk); only the joining is here. For
slt, rms and awb the samples are the ones flite gave when this module called it itself (checked sample for sample,
so the listening tests built on them keep their timings).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from testspeech.speak import RATE, available, raw

VOICES = ("slt", "rms", "awb", "kal16")
"""flite's voices: two US (slt, rms), one Scottish (awb), one older diphone US voice (kal16)."""

Audio = npt.NDArray[np.int16]

__all__ = ["RATE", "VOICES", "Audio", "flite_available", "phrases", "room", "say"]


def flite_available() -> bool:
    return available("flite-slt") is None


def room(seconds: float, *, dbfs: float = -60.0, seed: int = 0) -> Audio:
    """A quiet room: faint noise (a virtual microphone's pauses are otherwise digital silence)."""
    rms = 32768.0 * 10.0 ** (dbfs / 20.0)
    rng = np.random.default_rng(seed)
    return np.clip(rng.normal(0.0, rms, round(seconds * RATE)), -32768, 32767).astype(np.int16)


def say(text: str, voice: str = "slt") -> Audio:
    """``text`` spoken by flite ``voice``: int16 mono at 16 kHz, trimmed of flite's own leading/trailing quiet."""
    audio = raw(text, f"flite-{voice}")
    loud = np.flatnonzero(np.abs(audio.astype(np.int32)) > 300)
    return audio[loud[0] : loud[-1] + 1].copy() if loud.size else audio.copy()


def phrases(parts: Sequence[str | float], voice: str = "slt", *, seed: int = 0) -> Audio:
    """Phrases and pauses in order: a string is spoken, a number is that many seconds of the quiet room."""
    out: list[Audio] = []
    for i, part in enumerate(parts):
        if isinstance(part, str):
            words = say(part, voice).astype(np.float64)
            out.append(np.clip(words + room(len(words) / RATE, seed=seed + i), -32768, 32767).astype(np.int16))
        else:
            out.append(room(float(part), seed=seed + i))
    return np.concatenate(out)
