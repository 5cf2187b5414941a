"""Read WAV files into what the recognizers want: int16 mono samples at 16 kHz.

Accepts any sample rate, any number of channels (mixed down), 8/16/24/32-bit integer PCM and
32/64-bit float, including ``WAVE_FORMAT_EXTENSIBLE`` headers. The RIFF chunks are parsed here
(the standard ``wave`` module refuses float files). Every problem is a :class:`WavError` subclass
with a one-line message that names the file.
"""

from __future__ import annotations

import os
import struct
from collections.abc import Callable
from pathlib import Path

import numpy as np
import numpy.typing as npt

__all__ = [
    "TARGET_RATE",
    "WavCorruptError",
    "WavError",
    "WavFormatError",
    "WavMissingError",
    "read_wav",
    "read_wav_bytes",
    "resample",
    "to_mono_int16",
]

TARGET_RATE = 16_000
"""The sample rate every recognizer decodes (Hz)."""

_PCM = 0x0001
_FLOAT = 0x0003
_EXTENSIBLE = 0xFFFE
_UNKNOWN_SIZE = 0xFFFFFFFF
"""A data chunk's size written by a recorder that did not know the length (streamed): not a cut file."""
_MAX_SECONDS = 3600


class WavError(ValueError):
    """A WAV file that cannot be used; the message names the file and the problem."""


class WavMissingError(WavError, FileNotFoundError):
    """The file does not exist or cannot be opened."""


class WavCorruptError(WavError):
    """The file claims to be a WAV but its chunks are truncated or inconsistent."""


class WavFormatError(WavError):
    """A file that is not a WAV, or a WAV with an encoding we do not read (ADPCM, µ-law, …)."""


def read_wav(path: str | os.PathLike[str], *, on_warning: Callable[[str], None] | None = None) -> npt.NDArray[np.int16]:
    """Read ``path`` and return int16 mono samples at :data:`TARGET_RATE`.

    ``on_warning`` hears of what was read but not as the file says (a file cut short: what is there is kept)."""
    p = Path(path)
    try:
        data = p.read_bytes()
    except FileNotFoundError:
        raise WavMissingError(f"{p}: no such file") from None
    except IsADirectoryError:
        raise WavMissingError(f"{p}: is a folder, not a WAV file") from None
    except OSError as exc:
        raise WavMissingError(f"{p}: cannot read ({exc.strerror or exc})") from None
    return read_wav_bytes(data, name=str(p), on_warning=on_warning)


def _decode_samples(raw: bytes, fmt: int, bits: int, channels: int, name: str) -> npt.NDArray[np.float64]:
    """Interleaved sample bytes → float64 array of shape (frames, channels) in int16 scale."""
    width = bits // 8
    usable = len(raw) - len(raw) % (width * channels)
    raw = raw[:usable]
    if fmt == _FLOAT:
        if bits == 32:
            x = np.frombuffer(raw, dtype="<f4").astype(np.float64)
        elif bits == 64:
            x = np.frombuffer(raw, dtype="<f8").astype(np.float64)
        else:
            raise WavFormatError(f"{name}: {bits}-bit float samples are not supported (32 or 64)")
        x = np.nan_to_num(x, nan=0.0, posinf=1.0, neginf=-1.0) * 32768.0
    elif bits == 8:
        x = (np.frombuffer(raw, dtype=np.uint8).astype(np.float64) - 128.0) * 256.0
    elif bits == 16:
        x = np.frombuffer(raw, dtype="<i2").astype(np.float64)
    elif bits == 24:
        b = np.frombuffer(raw, dtype=np.uint8).reshape(-1, 3).astype(np.int32)
        v = b[:, 0] | (b[:, 1] << 8) | (b[:, 2] << 16)
        v = np.where(v >= 1 << 23, v - (1 << 24), v)
        x = v.astype(np.float64) / 256.0
    elif bits == 32:
        x = np.frombuffer(raw, dtype="<i4").astype(np.float64) / 65536.0
    else:
        raise WavFormatError(f"{name}: {bits}-bit integer samples are not supported (8, 16, 24 or 32)")
    return x.reshape(-1, channels)


def read_wav_bytes(
    data: bytes, *, name: str = "<wav>", on_warning: Callable[[str], None] | None = None
) -> npt.NDArray[np.int16]:
    """Parse a whole WAV file held in memory; ``name`` is used in error messages (and ``on_warning``'s)."""
    if len(data) < 12:
        raise (
            WavCorruptError(f"{name}: too short to be a WAV file ({len(data)} bytes)")
            if data[:4] == b"RIFF"
            else (WavFormatError(f"{name}: not a WAV file (empty or too short)"))
        )
    if data[:4] != b"RIFF" or data[8:12] != b"WAVE":
        kind = "an RF64/64-bit WAV" if data[:4] in (b"RF64", b"BW64") else "not a WAV file (no RIFF/WAVE header)"
        raise WavFormatError(f"{name}: {kind}; please give 16 kHz mono 16-bit PCM WAV (other rates are resampled)")
    fmt_chunk: bytes | None = None
    samples: bytes | None = None
    pos = 12
    while pos + 8 <= len(data):
        cid = data[pos : pos + 4]
        (size,) = struct.unpack_from("<I", data, pos + 4)
        body = data[pos + 8 : pos + 8 + size]
        if cid == b"fmt ":
            if len(body) < 16:
                raise WavCorruptError(f"{name}: the format chunk is truncated")
            fmt_chunk = body
        elif cid == b"data":
            samples = body  # may be shorter than announced when the file was cut: keep what is there
            if len(body) < size and size != _UNKNOWN_SIZE and on_warning is not None:
                on_warning(
                    f"{name}: the file ends early ({len(body)} of the {size} bytes of audio its header announces); "
                    "decoding what is there"
                )
            if fmt_chunk is not None:
                break
        pos += 8 + size + (size & 1)
    if fmt_chunk is None:
        raise WavCorruptError(f"{name}: no format chunk (the file is truncated or damaged)")
    if samples is None:
        raise WavCorruptError(f"{name}: no audio data chunk (the file is truncated or damaged)")
    fmt, channels, rate, _byte_rate, _align, bits = struct.unpack_from("<HHIIHH", fmt_chunk, 0)
    if fmt == _EXTENSIBLE:
        if len(fmt_chunk) < 26:
            raise WavCorruptError(f"{name}: the extensible format chunk is truncated")
        (fmt,) = struct.unpack_from("<H", fmt_chunk, 24)
    if fmt not in (_PCM, _FLOAT):
        raise WavFormatError(f"{name}: WAV encoding {fmt:#06x} is not supported; use PCM or float samples")
    if channels < 1:
        raise WavCorruptError(f"{name}: the header says {channels} channels")
    if not 1000 <= rate <= 384_000:
        raise WavCorruptError(f"{name}: the header says a sample rate of {rate} Hz")
    if bits % 8 or bits == 0:
        raise WavFormatError(f"{name}: {bits}-bit samples are not supported")
    frames = _decode_samples(samples, fmt, bits, channels, name)
    if len(frames) > _MAX_SECONDS * rate:
        raise WavFormatError(f"{name}: longer than {_MAX_SECONDS // 60} minutes; cut it into utterances first")
    mono = frames.mean(axis=1)
    return to_mono_int16(resample(mono, rate, TARGET_RATE))


def to_mono_int16(x: npt.NDArray[np.floating] | npt.NDArray[np.integer]) -> npt.NDArray[np.int16]:
    """Round and clip a 1-D array in int16 scale to int16."""
    return np.clip(np.round(np.asarray(x, dtype=np.float64)), -32768, 32767).astype(np.int16)


def resample(x: npt.ArrayLike, rate_in: int, rate_out: int) -> npt.NDArray[np.float64]:
    """Band-limited resampling of a 1-D signal by FFT (anti-aliased: content above the new Nyquist is cut).

    Works on any pair of rates; the result has ``round(len(x) * rate_out / rate_in)`` samples.
    """
    sig = np.asarray(x, dtype=np.float64).reshape(-1)
    if rate_in == rate_out or sig.size == 0:
        return sig.copy()
    n_out = max(1, round(sig.size * rate_out / rate_in))
    # Pad with a mirrored tail to soften the wrap-around the FFT assumes.
    pad = min(sig.size, max(64, rate_in // 50))
    padded = np.concatenate([sig, sig[::-1][:pad]])
    n_in_p = padded.size
    n_out_p = max(1, round(n_in_p * rate_out / rate_in))
    spec = np.fft.rfft(padded)
    keep = n_out_p // 2 + 1
    if keep <= spec.size:
        spec = spec[:keep].copy()
        if n_out_p % 2 == 0 and keep - 1 < spec.size:
            spec[-1] = spec[-1].real  # the new Nyquist bin must be real
    else:
        spec = np.concatenate([spec, np.zeros(keep - spec.size, dtype=spec.dtype)])
    y = np.fft.irfft(spec, n_out_p) * (n_out_p / n_in_p)
    return y[:n_out]
