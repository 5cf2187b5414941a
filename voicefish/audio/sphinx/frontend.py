"""The front end's settings and the audio the decoder is given: the model's feat.params with the project's settings
over it, the noise floor raised in digitally silent pauses, and an utterance's loudness range."""

from __future__ import annotations

import atexit
import contextlib
import functools
import math
import os
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import numpy.typing as npt

from voicefish.audio.recognizer import SAMPLE_RATE

FRONT_END: dict[str, str] = {}
"""Front-end settings written over the model's ``feat.params`` (which otherwise silently overrides the config,
e.g. ``{"cmn": "live"}``). Empty: the model's own (batch CMN, noise removal on), which is deterministic
per utterance; live CMN was not better in a sweep on the tuning speakers."""

_MIN_SAMPLES = 1600
"""Shorter audio than this (0.1 s) is not decoded: nothing was said."""

NOISE_FLOOR_RMS = 60.0
"""The least background noise the decoder is given, in int16 units RMS (about −55 dBFS): audio whose quiet
frames are quieter gets Gaussian noise added up to this floor. Digitally silent pauses (a virtual or very
clean input) were measured to cost many sentences — the grammar search ends without a hypothesis or on a
wrong one — while a real microphone's floor is already about this loud and gets next to nothing. Chosen on
the tuning speakers (``bench/asr_bench.py --noise-floor``): 2 → 91 % clean decoded right, 30 → 96 %, 60 → 97 %;
noisy conditions unchanged."""


@functools.cache
def _feat_text(model: str, items: tuple[tuple[str, str], ...]) -> str:
    """The model's feat.params with ``items`` written over it (the model file overrides the config)."""
    src = Path(model) / "feat.params"
    lines = src.read_text(encoding="utf-8").splitlines() if src.exists() else []
    want = dict(items)
    out: list[str] = []
    for line in lines:
        key = line.split()[0].lstrip("-") if line.split() else ""
        if key in want:
            out.append(f"-{key} {want.pop(key)}")
        else:
            out.append(line)
    out += [f"-{k} {v}" for k, v in want.items()]
    return "\n".join(out) + "\n"


_OWN_FEAT: dict[str, str] = {}
"""Settings text → this process's own copy, where the cache folder could not be written."""


def _feat_params(model: str, items: tuple[tuple[str, str], ...]) -> str:
    """A file holding :func:`_feat_text`, for a decoder to read when it is made.

    The file is named by its content (``feat-<sha256>.params`` in the user's cache folder) and shared by every
    process with the same settings. A file per process, removed at exit, was left behind whenever a process ended
    without running its exit handlers (a pool's worker, a game stopped by a signal): hundreds of them after a day of
    benchmarks. It is checked each time a decoder is made (a game makes some while it runs), so a copy deleted
    meanwhile — the cache cleared, a cleaner — is written again. Written to a private name and renamed, so a
    concurrent reader never sees half of it. Where the cache folder cannot be written, the process keeps a copy of
    its own in the temporary folder, removed at exit.
    """
    import hashlib
    import tempfile

    from platformdirs import user_cache_dir

    text = _feat_text(model, items)
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]
    path = Path(user_cache_dir("voicefish")) / f"feat-{digest}.params"
    for have in (str(path), _OWN_FEAT.get(text)):
        with contextlib.suppress(OSError):
            if have is not None and Path(have).read_text(encoding="utf-8") == text:
                return have
    part = ""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, part = tempfile.mkstemp(prefix=".feat-", suffix=".part", dir=path.parent)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(part, path)
        return str(path)
    except OSError:  # a read-only or full home: a copy of this process's own
        if part:
            _remove_quietly(part)
    fd, own = tempfile.mkstemp(prefix="voicefish-feat-", suffix=".params")
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)
    _OWN_FEAT[text] = own
    atexit.register(_remove_quietly, own)
    return own


def _remove_quietly(path: str) -> None:
    with contextlib.suppress(OSError):
        os.unlink(path)


def _frame_rms(x: npt.NDArray[np.generic]) -> list[float]:
    """The RMS of each whole 10 ms frame of ``x``."""
    frame = SAMPLE_RATE // 100
    n = len(x) // frame
    chunk = np.asarray(x[: n * frame], dtype=np.float64).reshape(n, frame)
    return [float(v) for v in np.sqrt(np.mean(chunk * chunk, axis=1))]


def _noise_to_add(frame_levels: Sequence[float], floor_rms: float) -> float:
    """RMS of the noise that brings the quiet level (the 10th-percentile frame) up to ``floor_rms`` (0: none)."""
    quiet = float(np.percentile(frame_levels, 10)) if len(frame_levels) else 0.0
    return math.sqrt(max(0.0, floor_rms * floor_rms - quiet * quiet))


def _with_noise(x: npt.NDArray[np.generic], rms: float, rng: np.random.Generator) -> npt.NDArray[np.float64]:
    y = np.asarray(x, dtype=np.float64)
    return y + rng.normal(0.0, rms, len(y)) if rms > 0.0 else y


def _int16(x: npt.NDArray[np.float64]) -> npt.NDArray[np.int16]:
    """Float samples rounded and clipped to int16."""
    return np.clip(np.round(x), -32768, 32767).astype(np.int16)


def _pcm(x: npt.NDArray[np.float64]) -> bytes:
    """Float samples as the little-endian int16 bytes pocketsphinx takes."""
    return _int16(x).astype("<i2").tobytes()


def raise_noise_floor(samples: npt.NDArray[np.int16], floor_rms: float) -> npt.NDArray[np.float64]:
    """``samples`` with Gaussian noise added so that its quiet frames are at least ``floor_rms`` loud.

    The quiet level is the RMS of the 10th-percentile 10 ms frame; the noise added has the RMS that brings it
    up to ``floor_rms`` (none when it is already there). Deterministic: seeded by the length of the audio."""
    add = _noise_to_add(_frame_rms(samples), floor_rms)
    return _with_noise(samples, add, np.random.default_rng(len(samples)))


def loudness_range_db(samples: npt.NDArray[np.int16], floor_rms: float, room_rms: float | None = None) -> float:
    """How far the loud frames of an utterance stand above its quiet ones, in dB: the 95th- against the
    30th-percentile 10 ms frame, the quiet one taken at least ``floor_rms`` loud (the level the decoder raises
    quieter rooms to, :func:`raise_noise_floor`). About the speech-to-noise ratio of the room: the utterances
    the listener cuts keep some of the room before and after the words. (Chosen on 128 utterances per noise
    condition, short answers included: 95th / 30th told noise or talkers 10 dB under the speaker from 20 dB
    under without a miss; 90th / 10th missed 4.5 %, babble's pauses being quiet.) 0 for silence or audio under
    10 frames.

    ``room_rms``: the room's level measured outside the utterance (the listener's, between utterances), the quiet
    end instead. The game's listener cuts an utterance so close to the words that its 30th-percentile frame is
    speech: a quiet room then read 15–24 dB, below the loud-room line (seventeenth session)."""
    levels = _frame_rms(samples)
    if len(levels) < 10:
        return 0.0
    inside = float(np.percentile(levels, 30)) if room_rms is None else room_rms
    quiet = max(inside, floor_rms, 1.0)
    loud = max(float(np.percentile(levels, 95)), quiet)
    return round(20.0 * math.log10(loud / quiet), 2)
