"""A front end for loud rooms: a comb that follows the talker's pitch, and a gate for the frames between words.

Under other people talking (babble) the player is usually the loudest voice, so in voiced frames the dominant
pitch (F0) is theirs. Each 10 ms frame of a short-time Fourier transform keeps the bins near the harmonics of that
F0 and turns the bins between them down (``floor``); frames far below the talker's level (``gate_db``), where the
player is silent and only the room is heard, are turned down in every bin. The talker's level is the utterance's
95th-percentile frame so far, or the level of their previous utterance when that is higher (``reference_db``).
Model-free: numpy only. On the bench's synthetic speech (``bench/results/asr.md``, nineteenth session) the comb and
the gate together, not either alone, raised babble at 10 dB for the tuning voices, but not for the hold-out ones:
the recognizer has it as an option (``SphinxRecognizer(comb=...)``), off in the game.

It runs on the audio as it comes (:meth:`CombFilter.push`, :meth:`CombFilter.flush`), the output trailing the
input by at most :attr:`CombFilter.lag` samples (68 ms): a frame's gains depend only on what came before it and a
fixed look-ahead, so the output is the same however the audio is split into blocks, and :func:`comb_filter` (a
whole utterance at once) gives exactly what the stream gives.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

__all__ = ["CombFilter", "CombSettings", "comb_filter"]

RATE = 16_000
"""Hz."""
HOP = 160
"""Samples between frames (10 ms)."""
F0_MIN, F0_MAX = 70.0, 400.0
"""Hz: the pitch range searched."""
YIN_WINDOW = 480
"""Samples of YIN's integration window (30 ms)."""
LOWPASS_HZ = 1000.0
"""Pitch is found on the audio low-passed here: the strong low harmonics, less of the fricatives and the room."""
LOWPASS_TAPS = 129
"""Taps of the linear-phase low-pass (its delay is half of them less one: 64 samples, 4 ms)."""

Floats = npt.NDArray[np.float64]
Int16Array = npt.NDArray[np.int16]


@dataclass(frozen=True)
class CombSettings:
    """How hard the comb and the gate work. The defaults were chosen on the bench's tuning voices."""

    floor: float = 0.3
    """Gain between harmonics in voiced frames below :attr:`fmax_hz` (0.3 ≈ −10 dB)."""
    width_bins: float = 1.0
    """Standard deviation of the bump kept around each harmonic, in STFT bins (the window's main lobe)."""
    jitter: float = 0.01
    """Relative uncertainty of F0: the bump at harmonic k widens by k·F0 times this."""
    voicing: float = 0.35
    """A frame is voiced when YIN's aperiodicity is below this."""
    fmax_hz: float = 4000.0
    """The comb stops here (full gain above, ramped over 500 Hz)."""
    gate_db: float = 15.0
    """Frames whose level below :attr:`fmax_hz` is this far below the talker's level get at most :attr:`gate_gain`
    in every bin; 0: no gate."""
    gate_gain: float = 0.3
    """The gate's gain."""
    window_ms: float = 64.0
    """The analysis window (Hann): long enough to resolve the harmonics of a low voice."""

    @property
    def window(self) -> int:
        """The analysis window in samples."""
        return round(self.window_ms * RATE / 1000)


def _lowpass_taps() -> Floats:
    n = np.arange(LOWPASS_TAPS) - (LOWPASS_TAPS - 1) / 2
    cutoff = LOWPASS_HZ / RATE
    taps = 2 * cutoff * np.sinc(2 * cutoff * n) * np.hamming(LOWPASS_TAPS)
    return np.asarray(taps / taps.sum(), dtype=np.float64)


_TAPS = _lowpass_taps()
_DELAY = (LOWPASS_TAPS - 1) // 2
_TAU_MIN = int(RATE / F0_MAX)
_TAU_MAX = int(np.ceil(RATE / F0_MIN)) + 1


class CombFilter:
    """The comb and the gate over one utterance at a time, fed as it comes. :meth:`reset` starts the next one."""

    def __init__(self, settings: CombSettings | None = None, *, reference_db: float | None = None) -> None:
        self.settings = settings if settings is not None else CombSettings()
        self.reference_db = reference_db
        """The talker's speech level known from before (the 95th-percentile frame of an earlier utterance, dB, as
        :attr:`level_db`): the gate's reference until the utterance's own is higher. None: only the utterance's."""
        win = self.settings.window
        if win < YIN_WINDOW + _TAU_MAX + 1 or win % 2:
            raise ValueError(f"the window must be even and at least {YIN_WINDOW + _TAU_MAX + 1} samples")
        self._win = win
        self._half = win // 2
        self._window = np.hanning(win + 2)[1:-1]
        self._bin_hz = RATE / win
        self._freqs = np.arange(win // 2 + 1) * self._bin_hz
        ramp = np.clip((self._freqs - self.settings.fmax_hz) / 500.0, 0.0, 1.0)
        self._ramp = ramp
        self._below = self._freqs < self.settings.fmax_hz
        self.level_db: float | None = None
        """The last utterance's speech level, once flushed: its 95th-percentile frame below ``fmax_hz`` (dB; None:
        none yet). What to give the next :class:`CombFilter` of the same talker as ``reference_db``."""
        self.lag = win + _DELAY
        """Samples the output trails the input by, at most, until :meth:`flush`: a sample is final once every frame
        over it is done, and a frame once its half window and the pitch filter's delay have come (68 ms)."""
        self.reset()

    def reset(self) -> None:
        """Forget the utterance so far."""
        self._x = np.zeros(0)
        self._frames = 0  # frames whose gains are done (frame i is centred on sample i·HOP)
        self._out = np.zeros(0)  # overlap-added output from sample ``_emitted`` on
        self._norm = np.zeros(0)
        self._emitted = 0
        self._f0: list[float] = []
        self._voiced: list[bool] = []
        self._levels: list[float] = []

    def push(self, samples: npt.NDArray[np.generic]) -> Int16Array:
        """More of the utterance (int16 mono 16 kHz): the output that is now final, as int16."""
        self._x = np.concatenate([self._x, np.asarray(samples, dtype=np.float64)])
        ready = max(0, (len(self._x) - self._half - _DELAY) // HOP + 1)  # frames whose look-ahead has come
        self._run(ready)
        return self._take(self._frames * HOP - self._half)

    def flush(self) -> Int16Array:
        """The utterance has ended: the rest of the output (the audio after it taken as silence)."""
        n = len(self._x)
        self._run(n // HOP + 1 if n else 0)  # (the zeros after the end stand in for what was not said)
        out = self._take(n)
        self.level_db = float(np.percentile(self._levels, 95)) if self._levels else None
        self.reset()
        return out

    def whole(self, samples: npt.NDArray[np.generic]) -> Int16Array:
        """A whole utterance at once (:meth:`push` then :meth:`flush`): its output; :attr:`level_db` is then its
        level."""
        return np.concatenate([self.push(samples), self.flush()])

    def _take(self, upto: int) -> Int16Array:
        """The output before sample ``upto`` not yet given out."""
        k = max(0, min(upto, len(self._x)) - self._emitted)
        y = self._out[:k] / np.maximum(self._norm[:k], 1e-3)
        self._out, self._norm = self._out[k:], self._norm[k:]
        self._emitted += k
        return np.asarray(np.clip(np.round(y), -32768, 32767), dtype=np.int16)

    def _run(self, upto: int) -> None:
        """Frames ``_frames`` .. ``upto`` - 1: gains, and their part of the output."""
        first = self._frames
        n = upto - first
        if n <= 0:
            return
        s = self.settings
        win, half = self._win, self._half
        # each frame's samples, centred on i·HOP (zeros before the start and, when padded, after the end)
        lo = first * HOP - half
        end = (upto - 1) * HOP + half + _DELAY  # the last frame's end, and the low-pass's look-ahead after it
        x = self._x
        seg = np.zeros(end - lo)
        a, b = max(lo, 0), min(end, len(x))
        if b > a:
            seg[a - lo : b - lo] = x[a:b]
        idx = np.arange(n)[:, None] * HOP + np.arange(win)[None, :]
        frames = seg[idx] * self._window
        spec = np.fft.rfft(frames, axis=1)
        mag = np.abs(spec)
        # pitch: YIN over the last YIN_WINDOW + tau samples of each frame's span, on the low-passed audio
        lp = np.convolve(seg, _TAPS, mode="full")[_DELAY : _DELAY + len(seg)]  # zero phase: lp[t] from seg[t ± 64]
        f0, aper = _yin(lp[idx][:, win - YIN_WINDOW - _TAU_MAX - 1 :])
        f0 = _refine(mag, f0, self._bin_hz, s.fmax_hz)
        level = 10 * np.log10(np.sum(mag[:, self._below] ** 2, axis=1) + 1e-9)
        gains = np.empty_like(mag)
        for j in range(n):
            voiced = bool(aper[j] < s.voicing)
            self._voiced.append(voiced)
            self._f0.append(float(f0[j]))
            self._levels.append(float(level[j]))
            talker = float(np.percentile(self._levels, 95))  # the gate's reference (dB)
            if self.reference_db is not None:
                talker = max(talker, self.reference_db)
            if voiced:
                # F0 smoothed over this voiced run's last three frames (a median; looks back only)
                run = [self._f0[-1]]
                while len(run) < 3 and len(run) < len(self._voiced) and self._voiced[-1 - len(run)]:
                    run.append(self._f0[-1 - len(run)])
                gains[j] = self._comb(float(np.median(run)))
            else:
                gains[j] = 1.0
            if s.gate_db > 0 and level[j] < talker - s.gate_db:
                gains[j] = np.minimum(gains[j], s.gate_gain)
        out = np.fft.irfft(spec * gains, win, axis=1) * self._window
        # overlap-add from the first frame's first sample (which may be before the start)
        start = lo - self._emitted
        total = max(len(self._out), start + (n - 1) * HOP + win)
        acc = np.zeros(total - min(start, 0))
        norm = np.zeros_like(acc)
        shift = -min(start, 0)
        acc[shift : shift + len(self._out)] = self._out
        norm[shift : shift + len(self._norm)] = self._norm
        w2 = self._window**2
        for j in range(n):
            p = shift + start + j * HOP
            acc[p : p + win] += out[j]
            norm[p : p + win] += w2
        self._out, self._norm = acc[shift:], norm[shift:]
        self._frames = upto

    def _comb(self, f0: float) -> Floats:
        """The gains of a voiced frame whose F0 is ``f0``."""
        s = self.settings
        h = self._freqs / f0
        k = np.rint(h)
        dist = np.abs(h - k) * f0
        sigma = np.sqrt((s.width_bins * self._bin_hz) ** 2 + (s.jitter * np.maximum(k, 1) * f0) ** 2)
        bump = np.where(k >= 1, np.exp(-0.5 * (dist / sigma) ** 2), 0.0)
        ramp = self._ramp
        return np.asarray(np.maximum(s.floor * (1 - ramp) + ramp, bump * (1 - ramp) + ramp), dtype=np.float64)


def _yin(fr: Floats, threshold: float = 0.15) -> tuple[Floats, Floats]:
    """Per row of ``fr`` (``YIN_WINDOW`` + ``_TAU_MAX`` + 1 samples): F0 (Hz) and YIN's aperiodicity there."""
    n, length = fr.shape
    w = YIN_WINDOW
    nfft = 1 << int(np.ceil(np.log2(length + w)))
    r = np.fft.irfft(np.conj(np.fft.rfft(fr[:, :w], nfft)) * np.fft.rfft(fr, nfft), nfft)[:, : _TAU_MAX + 1]
    cs = np.concatenate([np.zeros((n, 1)), np.cumsum(fr**2, axis=1)], axis=1)
    lags = np.arange(_TAU_MAX + 1)
    e2 = cs[:, lags + w] - cs[:, lags]
    d = np.maximum(cs[:, w : w + 1] + e2 - 2 * r, 0.0)
    cm = np.cumsum(d[:, 1:], axis=1)
    dn = np.ones_like(d)
    dn[:, 1:] = d[:, 1:] * lags[1:] / np.maximum(cm, 1e-12)
    seg = dn[:, _TAU_MIN : _TAU_MAX + 1]
    below = seg < threshold  # YIN's rule: the first dip below the threshold (its minimum), else the global minimum
    started = np.cumsum(below, axis=1) > 0
    ended = np.cumsum(started & ~below, axis=1) > 0
    region = started & ~ended
    pick = np.where(region.any(axis=1), np.argmin(np.where(region, seg, np.inf), axis=1), np.argmin(seg, axis=1))
    tau = pick + _TAU_MIN
    rows = np.arange(n)
    a = dn[rows, np.clip(tau - 1, 1, _TAU_MAX)]
    b = dn[rows, tau]
    c = dn[rows, np.clip(tau + 1, 1, _TAU_MAX)]
    den = a - 2 * b + c
    ok = np.abs(den) > 1e-12
    shift = np.clip(np.where(ok, 0.5 * (a - c) / np.where(ok, den, 1.0), 0.0), -0.5, 0.5)
    return RATE / (tau + shift), b


def _refine(mag: Floats, f0: Floats, bin_hz: float, fmax: float) -> Floats:
    """F0 moved within ±4 % to where the harmonics below ``fmax`` carry most (compressed) magnitude."""
    grid = np.linspace(-0.04, 0.04, 33)
    cand = f0[:, None] * (1 + grid[None, :])
    k = np.arange(1, int(fmax / F0_MIN) + 1)
    freqs = cand[:, :, None] * k[None, None, :]
    valid = freqs < fmax
    pos = np.clip(freqs / bin_hz, 0, mag.shape[1] - 2)
    i0 = pos.astype(np.int64)
    frac = pos - i0
    comp = np.sqrt(mag)
    rows = np.arange(len(f0))[:, None, None]
    val = comp[rows, i0] * (1 - frac) + comp[rows, i0 + 1] * frac
    score = np.where(valid, val, 0.0).sum(axis=2) / np.maximum(valid.sum(axis=2), 1)
    return np.asarray(cand[np.arange(len(f0)), np.argmax(score, axis=1)], dtype=np.float64)


def comb_filter(
    audio: npt.NDArray[np.generic], settings: CombSettings | None = None, *, reference_db: float | None = None
) -> Int16Array:
    """A whole utterance through a fresh :class:`CombFilter` (the same output as streaming it)."""
    return CombFilter(settings, reference_db=reference_db).whole(audio)
