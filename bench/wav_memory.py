"""Peak memory of reading a long WAV for ``voicefish transcribe`` (issue 29 item 6).

Writes a WAV of ``--minutes`` at 48 kHz stereo 16-bit (streamed to disk, never held whole), then reads it with
``voicefish.audio.wavio.read_wav`` in a fresh process per run and reports that process's peak RSS (``ru_maxrss``)
and wall time; ``--code DIR`` reads with the wavio of another checkout (e.g. the code before the change), so the two
are measured side by side on the same file. Medians over ``--runs``.

    nice -n 10 python bench/wav_memory.py --minutes 10 --runs 3 --code /path/to/old/checkout
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import wave
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
CHILD = """
import resource, sys, time
t = time.perf_counter()
import voicefish.audio.wavio as w
x = w.read_wav(sys.argv[1])
print(len(x), time.perf_counter() - t, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, w.__file__)
"""
BASELINE = """
import resource
import numpy, soundfile, soxr
print(0, 0.0, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, "-")
"""


def write_wav(path: Path, minutes: float, rate: int = 48_000, channels: int = 2) -> None:
    rng = np.random.default_rng(0)
    with wave.open(str(path), "wb") as w:
        w.setnchannels(channels)
        w.setsampwidth(2)
        w.setframerate(rate)
        for _ in range(int(minutes * 60)):
            t = np.arange(rate) / rate
            tone = 8000 * np.sin(2 * np.pi * 440 * t) + rng.normal(0, 300, rate)
            frames = np.repeat(tone[:, None], channels, axis=1).round().astype("<i2")
            w.writeframes(frames.tobytes())


def measure(code: Path, script: str, wav: Path) -> tuple[int, float, float]:
    env = dict(os.environ, PYTHONPATH=str(code))
    out = subprocess.run(
        [sys.executable, "-c", script, str(wav)], check=True, capture_output=True, text=True, env=env, cwd=code
    ).stdout.split()
    assert out[3] == "-" or out[3].startswith(str(code)), f"imported {out[3]}, not from {code}"
    return int(out[0]), float(out[1]), int(out[2]) / 1024  # samples, seconds, MiB


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--minutes", type=float, default=10.0)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--code", type=Path, action="append", default=[], help="another checkout to compare (repeatable)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        wav = Path(tmp) / "long.wav"
        write_wav(wav, args.minutes)
        size = wav.stat().st_size / 2**20
        print(f"file: {args.minutes:g} min, 48 kHz stereo 16-bit, {size:.0f} MiB")
        _, _, base = measure(ROOT, BASELINE, wav)
        print(f"interpreter + numpy + soundfile + soxr imported, nothing read: {base:.0f} MiB peak RSS")
        print("| code | peak RSS (MiB, median) | seconds (median) | samples out |")
        print("|---|---|---|---|")
        for code in [*args.code, ROOT]:
            runs = [measure(code, CHILD, wav) for _ in range(args.runs)]
            rss = statistics.median(r[2] for r in runs)
            sec = statistics.median(r[1] for r in runs)
            print(f"| {code} | {rss:.0f} | {sec:.2f} | {runs[0][0]} |")


if __name__ == "__main__":
    main()
