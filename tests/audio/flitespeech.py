"""Realistic test speech from flite (Debian ``flite``: voices kal16, awb, rms, slt): whole sentences, or phrases
joined with the pauses a person makes between them ("Do you have any threes, ... Priya?").

Until the shared ``testspeech`` package lands, the listening tests call flite directly; it is cached per process.
"""

from __future__ import annotations

import functools
import shutil
import subprocess
import tempfile
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import numpy.typing as npt

from voicefish.audio.wavio import read_wav

RATE = 16_000
VOICES = ("slt", "rms", "awb", "kal16")
"""flite's voices: two US (slt, rms), one Scottish (awb), one older diphone US voice (kal16)."""

Audio = npt.NDArray[np.int16]


def flite_available() -> bool:
    return shutil.which("flite") is not None


@functools.cache
def _say(text: str, voice: str) -> bytes:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "say.wav"
        subprocess.run(["flite", "-voice", voice, "-t", text, "-o", str(out)], check=True, capture_output=True)
        audio = read_wav(out)
    return audio.tobytes()


def room(seconds: float, *, dbfs: float = -60.0, seed: int = 0) -> Audio:
    """A quiet room: faint noise (a virtual microphone's pauses are otherwise digital silence)."""
    rms = 32768.0 * 10.0 ** (dbfs / 20.0)
    rng = np.random.default_rng(seed)
    return np.clip(rng.normal(0.0, rms, round(seconds * RATE)), -32768, 32767).astype(np.int16)


def say(text: str, voice: str = "slt") -> Audio:
    """``text`` spoken by flite ``voice``: int16 mono at 16 kHz, trimmed of flite's own leading/trailing quiet."""
    audio = np.frombuffer(_say(text, voice), dtype=np.int16)
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
