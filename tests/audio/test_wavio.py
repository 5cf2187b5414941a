"""WAV reading: every layout we accept comes back as int16 mono 16 kHz; every bad file is a clear typed error."""

from __future__ import annotations

import struct
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest

from voicefish.audio.wavio import (
    WavCorruptError,
    WavError,
    WavFormatError,
    WavMissingError,
    read_wav,
    read_wav_bytes,
    resample,
)


def riff(fmt_code: int, channels: int, rate: int, bits: int, data: bytes, *, extensible: bool = False) -> bytes:
    """A WAV file built by hand (the standard library cannot write float or extensible files)."""
    align = channels * bits // 8
    if extensible:
        fmt = struct.pack("<HHIIHH", 0xFFFE, channels, rate, rate * align, align, bits)
        guid_tail = b"\x00\x00\x00\x00\x10\x00\x80\x00\x00\xaa\x00\x38\x9b\x71"  # KSDATAFORMAT_SUBTYPE_*
        fmt += struct.pack("<HHI", 22, bits, 0) + struct.pack("<H", fmt_code) + guid_tail
    else:
        fmt = struct.pack("<HHIIHH", fmt_code, channels, rate, rate * align, align, bits)
    body = b"WAVE" + b"fmt " + struct.pack("<I", len(fmt)) + fmt
    body += b"LIST" + struct.pack("<I", 4) + b"INFO"  # an extra chunk to skip
    body += b"data" + struct.pack("<I", len(data)) + data
    return b"RIFF" + struct.pack("<I", len(body)) + body


def sine(freq: float, rate: int, seconds: float = 0.5, amp: float = 0.5) -> npt.NDArray[np.float64]:
    t = np.arange(int(rate * seconds)) / rate
    return amp * np.sin(2 * np.pi * freq * t)


def dominant_hz(x: npt.NDArray[np.int16], rate: int = 16_000) -> float:
    spec = np.abs(np.fft.rfft(x.astype(np.float64)))
    return float(np.argmax(spec) * rate / len(x))


def test_16k_mono_int16_is_returned_unchanged() -> None:
    x = (sine(440, 16_000) * 32767).astype("<i2")
    out = read_wav_bytes(riff(1, 1, 16_000, 16, x.tobytes()))
    assert out.dtype == np.int16
    assert np.array_equal(out, x)


@pytest.mark.parametrize(
    ("rate", "channels", "bits", "code", "extensible"),
    [
        (44_100, 2, 16, 1, False),
        (8_000, 1, 8, 1, False),
        (48_000, 1, 24, 1, False),
        (22_050, 1, 32, 1, True),
        (32_000, 2, 32, 3, False),
        (16_000, 1, 64, 3, True),
    ],
)
def test_other_layouts_are_converted(rate: int, channels: int, bits: int, code: int, extensible: bool) -> None:
    x = sine(1000, rate)
    frames = np.repeat(x[:, None], channels, axis=1).reshape(-1)
    if code == 3:
        data = frames.astype("<f4" if bits == 32 else "<f8").tobytes()
    elif bits == 8:
        data = np.round(frames * 127 + 128).astype(np.uint8).tobytes()
    elif bits == 16:
        data = np.round(frames * 32767).astype("<i2").tobytes()
    elif bits == 24:
        v = np.round(frames * 8_388_607).astype("<i4")
        data = b"".join(int(s).to_bytes(3, "little", signed=True) for s in v)
    else:
        data = np.round(frames * 2_147_483_647).astype("<i4").tobytes()
    out = read_wav_bytes(riff(code, channels, rate, bits, data, extensible=extensible))
    assert out.dtype == np.int16
    assert abs(len(out) - 8000) <= 1  # 0.5 s at 16 kHz
    assert abs(dominant_hz(out) - 1000) < 5
    assert 0.4 * 32767 < np.abs(out[100:-100]).max() < 0.6 * 32767


def test_resampling_removes_what_16k_cannot_hold() -> None:
    x = sine(1000, 44_100) + sine(12_000, 44_100)  # 12 kHz is above the new Nyquist (8 kHz)
    y = resample(x * 10_000, 44_100, 16_000)
    spec = np.abs(np.fft.rfft(y))
    freqs = np.fft.rfftfreq(len(y), 1 / 16_000)
    assert spec[np.argmin(np.abs(freqs - 1000))] > 50 * spec[freqs > 3000].max()


def test_truncated_data_keeps_what_is_there() -> None:
    x = (sine(440, 16_000) * 20_000).astype("<i2")
    whole = riff(1, 1, 16_000, 16, x.tobytes())
    out = read_wav_bytes(whole[: len(whole) - 3001])  # cut mid-sample
    assert 0 < len(out) < len(x)
    assert np.array_equal(out, x[: len(out)])


def test_a_file_cut_short_is_said_and_a_whole_or_streamed_one_is_not() -> None:
    x = (sine(440, 16_000) * 20_000).astype("<i2")
    whole = riff(1, 1, 16_000, 16, x.tobytes())
    said: list[str] = []
    read_wav_bytes(whole, name="whole.wav", on_warning=said.append)
    assert said == []
    read_wav_bytes(whole[:-3000], name="cut.wav", on_warning=said.append)
    assert said == [
        f"cut.wav: the file ends early ({len(x) * 2 - 3000} of the {len(x) * 2} bytes of audio its header announces); "
        "decoding what is there"
    ]
    at = whole.index(b"data") + 4  # the data chunk's size: 0xFFFFFFFF from a recorder that did not know it
    streamed = whole[:at] + (0xFFFFFFFF).to_bytes(4, "little") + whole[at + 4 : -3000]
    said.clear()
    out = read_wav_bytes(streamed, name="streamed.wav", on_warning=said.append)
    assert said == [] and len(out) == len(x) - 1500


@pytest.mark.parametrize(
    ("data", "error", "words"),
    [
        (b"", WavFormatError, "not a WAV"),
        (b"ID3\x03\x00\x00\x00\x00\x00\x00mp3 audio here", WavFormatError, "not a WAV"),
        (b"RIFF\x00\x00", WavCorruptError, "too short"),
        (b"RIFF\x04\x00\x00\x00WAVE", WavCorruptError, "no format chunk"),
        (b"RIFF\x1c\x00\x00\x00WAVEfmt \x10\x00\x00\x00\x01\x00\x01\x00\x80>\x00\x00", WavCorruptError, "truncated"),
        (riff(1, 1, 16_000, 16, b"")[:36], WavCorruptError, "no audio data"),
        (riff(2, 1, 16_000, 4, b"\x00" * 100), WavFormatError, "encoding 0x0002"),
        (riff(1, 0, 16_000, 16, b"\x00" * 100), WavCorruptError, "0 channels"),
        (riff(1, 1, 5, 16, b"\x00" * 100), WavCorruptError, "sample rate of 5"),
        (riff(1, 1, 16_000, 12, b"\x00" * 100), WavFormatError, "12-bit"),
        (riff(3, 1, 16_000, 16, b"\x00" * 100), WavFormatError, "16-bit float"),
    ],
)
def test_bad_files_raise_a_clear_typed_error(data: bytes, error: type[WavError], words: str) -> None:
    with pytest.raises(error) as info:
        read_wav_bytes(data, name="x.wav")
    assert words in str(info.value)
    assert str(info.value).startswith("x.wav: ")
    assert isinstance(info.value, ValueError)


def test_missing_file_and_folder(tmp_path: Path) -> None:
    with pytest.raises(WavMissingError, match="no such file"):
        read_wav(tmp_path / "nope.wav")
    with pytest.raises(WavMissingError, match="is a folder"):
        read_wav(tmp_path)


def test_read_from_disk(tmp_path: Path) -> None:
    x = (sine(300, 16_000) * 10_000).astype("<i2")
    path = tmp_path / "a.wav"
    path.write_bytes(riff(1, 1, 16_000, 16, x.tobytes()))
    assert np.array_equal(read_wav(path), x)


def _long_wav(path: Path, seconds: int, rate: int = 48_000, channels: int = 2) -> None:
    import wave

    with wave.open(str(path), "wb") as w:
        w.setnchannels(channels)
        w.setsampwidth(2)
        w.setframerate(rate)
        tone = (np.repeat((sine(440, rate, 1.0) * 20_000)[:, None], channels, axis=1)).astype("<i2").tobytes()
        for _ in range(seconds):
            w.writeframes(tone)


def _peak_rss_mib(script: str, *args: str) -> tuple[float, str]:
    import subprocess
    import sys

    code = f"import resource, sys\n{script}\nprint(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)"
    root = str(Path(__file__).resolve().parents[2])
    out = subprocess.run(
        [sys.executable, "-c", code, *args], check=True, capture_output=True, text=True, cwd=root
    ).stdout.split()
    return int(out[-1]) / 1024, " ".join(out[:-1])


@pytest.mark.slow
def test_a_ten_minute_48k_stereo_file_is_read_in_bounded_memory(tmp_path: Path) -> None:
    """Issue 29: 1.8 GB before. Read in a fresh process; its peak RSS must stay near the interpreter's own (with the
    libraries imported) plus the 16 kHz result (18 MiB), not grow with the file (110 MiB) or its float64 copies."""
    path = tmp_path / "long.wav"
    _long_wav(path, 600)
    base, _ = _peak_rss_mib("import numpy, soundfile, soxr")
    peak, said = _peak_rss_mib(
        "from voicefish.audio.wavio import read_wav\n"
        "x = read_wav(sys.argv[1])\n"
        "print(len(x), int(abs(x[:16000].astype(int)).max()))",
        str(path),
    )
    n, level = (int(v) for v in said.split())
    assert n == 600 * 16_000 and 9_500 < level < 10_500
    assert peak - base < 80, f"reading took {peak - base:.0f} MiB beyond the interpreter's {base:.0f} MiB"


def test_a_file_over_an_hour_is_refused_from_its_header_before_decoding(tmp_path: Path) -> None:
    """The length is checked before a sample is decoded: a 61-minute file (sparse: its audio is all zeros) is
    refused without reading it, in a process whose memory stays at the interpreter's."""
    rate, channels = 48_000, 2
    frames = 61 * 60 * rate
    path = tmp_path / "long.wav"
    path.write_bytes(riff(1, channels, rate, 16, b""))
    size = frames * channels * 2
    with path.open("r+b") as f:
        f.seek(-4, 2)
        f.write(size.to_bytes(4, "little"))
        f.truncate(f.tell() + size)  # a hole: no disk used
    with pytest.raises(WavFormatError, match="longer than 60 minutes"):
        read_wav(path)
    base, _ = _peak_rss_mib("import numpy, soundfile, soxr")
    peak, said = _peak_rss_mib(
        "from voicefish.audio.wavio import read_wav, WavError\n"
        "try:\n    read_wav(sys.argv[1])\nexcept WavError as e:\n    print('refused')",
        str(path),
    )
    assert said == "refused" and peak - base < 20


def test_a_file_on_disk_is_streamed_to_the_same_audio_as_its_bytes(tmp_path: Path) -> None:
    """read_wav (blocks, libsoxr) and read_wav_bytes (whole, FFT) of one 44.1 kHz stereo file agree closely, and a
    file cut short is said by both."""
    rate = 44_100
    x = sine(440, rate, 3.0) + 0.3 * sine(3000, rate, 3.0)
    data = np.round(np.repeat(x[:, None], 2, axis=1) * 20_000).astype("<i2").tobytes()
    whole = riff(1, 2, rate, 16, data)
    path = tmp_path / "a.wav"
    path.write_bytes(whole)
    streamed, at_once = read_wav(path), read_wav_bytes(whole)
    assert len(streamed) == len(at_once) == round(len(data) // 4 * 16_000 / rate)
    inner = slice(500, -500)  # both ends: the FFT wraps around, the stream starts and stops
    diff = streamed[inner].astype(np.float64) - at_once[inner]
    snr = 10 * np.log10(np.sum(at_once[inner].astype(np.float64) ** 2) / np.sum(diff**2))
    assert snr > 60, snr
    path.write_bytes(whole[:-4000])
    said: list[str] = []
    assert len(read_wav(path, on_warning=said.append)) == len(read_wav_bytes(whole[:-4000], on_warning=said.append))
    assert (
        len(said) == 2 and "the file ends early" in said[0] and said[0].split(": ", 1)[1] == said[1].split(": ", 1)[1]
    )
