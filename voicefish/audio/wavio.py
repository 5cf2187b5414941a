"""Read WAV files into what the recognizers want: int16 mono samples at 16 kHz — streamed, in bounded memory.

Accepts any sample rate, any number of channels (mixed down), 8/16/24/32-bit integer PCM and
32/64-bit float, including ``WAVE_FORMAT_EXTENSIBLE`` headers. The RIFF chunk headers are walked here first
(only the headers: the audio is not read), so a file is checked — encoding, rate, channels, length — before
anything is decoded, and every problem is a :class:`WavError` subclass with a one-line message that names the file.
A file (:func:`read_wav`) is then decoded by libsndfile (``soundfile``) in blocks of :data:`BLOCK` frames, mixed down
and resampled by libsoxr (``soxr``, streaming) block by block, so memory stays at the 16 kHz int16 result (32 kB a
second) plus one block, whatever the file's rate and channels (``bench/results/wav_memory.md``). Bytes already in
memory (:func:`read_wav_bytes`) are decoded by libsndfile at once and resampled by :func:`resample`.
"""

from __future__ import annotations

import io
import os
import struct
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

import numpy as np
import numpy.typing as npt

__all__ = [
    "BLOCK",
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

BLOCK = 65_536
"""Frames decoded at a time."""

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


@dataclass(frozen=True, slots=True)
class _Layout:
    fmt: int
    channels: int
    rate: int
    bits: int
    frames: int
    """Whole frames actually in the file (a cut file: fewer than its header announces)."""


def read_wav(path: str | os.PathLike[str], *, on_warning: Callable[[str], None] | None = None) -> npt.NDArray[np.int16]:
    """Read ``path`` and return int16 mono samples at :data:`TARGET_RATE`.

    ``on_warning`` hears of what was read but not as the file says (a file cut short: what is there is kept)."""
    p = Path(path)
    try:
        fp = p.open("rb")
    except FileNotFoundError:
        raise WavMissingError(f"{p}: no such file") from None
    except IsADirectoryError:
        raise WavMissingError(f"{p}: is a folder, not a WAV file") from None
    except OSError as exc:
        raise WavMissingError(f"{p}: cannot read ({exc.strerror or exc})") from None
    with fp:
        return _read(fp, str(p), on_warning, streamed=True)


def read_wav_bytes(
    data: bytes, *, name: str = "<wav>", on_warning: Callable[[str], None] | None = None
) -> npt.NDArray[np.int16]:
    """Parse a whole WAV file held in memory; ``name`` is used in error messages (and ``on_warning``'s).

    The bytes are already in memory, so this decodes them at once (libsndfile) and resamples the whole signal with
    :func:`resample`, the FFT resampler that generated test speech (``tests/audio/speechgen.py``) and the benchmarks
    were tuned on: its output is the same as before files were streamed. Files on disk: :func:`read_wav`."""
    return _read(io.BytesIO(data), name, on_warning, streamed=False)


def _layout(fp: BinaryIO, name: str, on_warning: Callable[[str], None] | None) -> _Layout:
    """Walk the RIFF chunk headers (seeking past every body) and check what the file says it holds."""
    fp.seek(0, os.SEEK_END)
    total = fp.tell()
    fp.seek(0)
    head = fp.read(12)
    if len(head) < 12:
        raise (
            WavCorruptError(f"{name}: too short to be a WAV file ({len(head)} bytes)")
            if head[:4] == b"RIFF"
            else (WavFormatError(f"{name}: not a WAV file (empty or too short)"))
        )
    if head[:4] != b"RIFF" or head[8:12] != b"WAVE":
        kind = "an RF64/64-bit WAV" if head[:4] in (b"RF64", b"BW64") else "not a WAV file (no RIFF/WAVE header)"
        raise WavFormatError(f"{name}: {kind}; please give 16 kHz mono 16-bit PCM WAV (other rates are resampled)")
    fmt_chunk: bytes | None = None
    data_bytes: int | None = None
    pos = 12
    while pos + 8 <= total:
        fp.seek(pos)
        cid, size = struct.unpack("<4sI", fp.read(8))
        there = min(size, total - pos - 8)
        if cid == b"fmt ":
            fmt_chunk = fp.read(min(size, 64))
            if len(fmt_chunk) < 16:
                raise WavCorruptError(f"{name}: the format chunk is truncated")
        elif cid == b"data":
            data_bytes = there  # may be shorter than announced when the file was cut: keep what is there
            if there < size and size != _UNKNOWN_SIZE and on_warning is not None:
                on_warning(
                    f"{name}: the file ends early ({there} of the {size} bytes of audio its header announces); "
                    "decoding what is there"
                )
            if fmt_chunk is not None:
                break
        pos += 8 + size + (size & 1)
    if fmt_chunk is None:
        raise WavCorruptError(f"{name}: no format chunk (the file is truncated or damaged)")
    if data_bytes is None:
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
    if fmt == _FLOAT and bits not in (32, 64):
        raise WavFormatError(f"{name}: {bits}-bit float samples are not supported (32 or 64)")
    if fmt == _PCM and bits not in (8, 16, 24, 32):
        raise WavFormatError(f"{name}: {bits}-bit integer samples are not supported (8, 16, 24 or 32)")
    frames = data_bytes // (bits // 8 * channels)
    if frames > _MAX_SECONDS * rate:  # checked before a single sample is decoded
        raise WavFormatError(f"{name}: longer than {_MAX_SECONDS // 60} minutes; cut it into utterances first")
    return _Layout(fmt, channels, rate, bits, frames)


def _read(
    fp: BinaryIO, name: str, on_warning: Callable[[str], None] | None, *, streamed: bool
) -> npt.NDArray[np.int16]:
    import soundfile
    import soxr

    layout = _layout(fp, name, on_warning)
    if not streamed:
        fp.seek(0)
        try:
            with soundfile.SoundFile(fp) as sf:
                frames = sf.read(min(layout.frames, sf.frames), dtype="float64", always_2d=True) * 32768.0
        except (RuntimeError, soundfile.LibsndfileError) as exc:
            raise WavCorruptError(f"{name}: cannot decode the audio ({exc})") from None
        frames = np.nan_to_num(frames, nan=0.0, posinf=32768.0, neginf=-32768.0)
        return to_mono_int16(resample(frames.mean(axis=1), layout.rate, TARGET_RATE))
    n_out = round(layout.frames * TARGET_RATE / layout.rate)
    out = np.empty(n_out, dtype=np.int16)
    done = 0
    stream = None if layout.rate == TARGET_RATE else soxr.ResampleStream(layout.rate, TARGET_RATE, 1, dtype="float32")

    def put(y: npt.NDArray[np.float32]) -> None:
        nonlocal done
        take = min(len(y), n_out - done)
        out[done : done + take] = to_mono_int16(y[:take])
        done += take

    fp.seek(0)
    try:
        with soundfile.SoundFile(fp) as sf:
            left = min(layout.frames, sf.frames) if sf.frames >= 0 else layout.frames
            while left > 0:
                block = sf.read(min(BLOCK, left), dtype="float32", always_2d=True)
                if len(block) == 0:
                    break
                left -= len(block)
                mono = (block[:, 0] if layout.channels == 1 else block.mean(axis=1, dtype=np.float32)) * 32768.0
                mono = np.nan_to_num(mono, nan=0.0, posinf=32767.0, neginf=-32768.0)
                put(mono if stream is None else stream.resample_chunk(mono))
            if stream is not None:
                put(stream.resample_chunk(np.zeros(0, dtype=np.float32), last=True))
    except (RuntimeError, soundfile.LibsndfileError) as exc:
        raise WavCorruptError(f"{name}: cannot decode the audio ({exc})") from None
    if done < n_out:  # the resampler's last samples (rounding): the tail is silence
        out[done:] = 0
    return out


def to_mono_int16(x: npt.NDArray[np.floating] | npt.NDArray[np.integer]) -> npt.NDArray[np.int16]:
    """Round and clip a 1-D array in int16 scale to int16."""
    return np.clip(np.round(x), -32768, 32767).astype(np.int16)


def resample(x: npt.ArrayLike, rate_in: int, rate_out: int) -> npt.NDArray[np.float64]:
    """Band-limited resampling of a whole 1-D signal by FFT (anti-aliased: content above the new Nyquist is cut).

    For signals already in memory (test speech, benchmarks, which were tuned on it); a file is resampled in blocks
    by libsoxr instead (:func:`read_wav`). Works on any pair of rates; the result has
    ``round(len(x) * rate_out / rate_in)`` samples.
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
    y: npt.NDArray[np.float64] = np.fft.irfft(spec, n_out_p) * (n_out_p / n_in_p)
    return y[:n_out]
