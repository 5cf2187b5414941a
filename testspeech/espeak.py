"""espeak-ng test speech, with its own noise and babble: what the audio tests and benchmarks used before the
realistic voices of :mod:`testspeech` (moved here unchanged from ``tests/audio/speechgen.py`` so that their
numbers stay comparable). espeak-ng is formant synthesis, not a person: new benchmarks use the realistic voices,
with espeak-ng at most a third of their speech.

Stable API (test modules and ``bench/`` import it):

- :class:`Voice` — one espeak-ng speaker setting (voice + variant, speed in words/min, pitch 0..99).
- :data:`TUNING_VOICES` / :data:`HOLDOUT_VOICES` — disjoint speaker sets: tune thresholds on the first,
  report on the second (different accents, variants, speeds and pitches).
- :func:`synth` — text → int16 mono 16 kHz array with a faint −70 dBFS noise floor (cached per process).
- :func:`add_white_noise`, :func:`add_babble`, :func:`degrade` — noise at a given SNR in dB.
  SNR is the power of the speech (leading/trailing silence trimmed) over the power of the noise.
  Babble is several *other* espeak voices saying *other* sentences, mixed underneath.
- :data:`CONDITIONS` — the named noise conditions of the benchmark (``clean``, ``white20`` …).
- :func:`write_wav` — save an int16 array as a 16-bit PCM WAV.
- :func:`espeak_available` — whether espeak-ng is installed (tests skip with a reason otherwise).

Everything is deterministic for a given seed. Generated audio is cached in memory and in a per-session
temporary folder (``VOICEFISH_SPEECHGEN_CACHE`` to choose it).
"""

from __future__ import annotations

import atexit
import hashlib
import os
import shutil
import subprocess
import tempfile
import wave
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np
import numpy.typing as npt

from voicefish.audio.wavio import read_wav_bytes, resample

__all__ = [
    "ACCENTS",
    "BABBLE_SENTENCES",
    "CONDITIONS",
    "HOLDOUT_VOICES",
    "RATE",
    "TUNING_VOICES",
    "Condition",
    "Voice",
    "accented",
    "add_babble",
    "add_noise_floor",
    "add_white_noise",
    "babble",
    "degrade",
    "espeak_available",
    "synth",
    "write_wav",
]

RATE = 16_000
"""Sample rate of every array this module returns (Hz)."""

Audio = npt.NDArray[np.int16]


@dataclass(frozen=True, slots=True)
class Voice:
    """One espeak-ng speaker setting."""

    name: str
    """espeak-ng voice with optional variant, e.g. ``en-us+f3``."""
    speed: int = 160
    """Words per minute (espeak ``-s``; its default is 175)."""
    pitch: int = 50
    """Pitch 0..99 (espeak ``-p``)."""

    def __str__(self) -> str:
        return f"{self.name}/s{self.speed}/p{self.pitch}"


TUNING_VOICES: tuple[Voice, ...] = (
    Voice("en-us", 160, 50),
    Voice("en-us+m3", 150, 40),
    Voice("en-us+f2", 170, 60),
    Voice("en-us+f4", 140, 55),
    Voice("en-gb+m2", 165, 45),
    Voice("en-gb+f1", 155, 65),
    Voice("en-us+m1", 180, 35),
    Voice("en-gb", 145, 50),
)
"""Speakers thresholds and decoder settings were tuned on."""

HOLDOUT_VOICES: tuple[Voice, ...] = (
    Voice("en-gb-scotland+m5", 150, 45),
    Voice("en-029+f3", 160, 60),
    Voice("en-us-nyc+m7", 170, 40),
    Voice("en-gb-x-rp+f5", 145, 70),
    Voice("en-gb-x-gbclan+m4", 175, 50),
    Voice("en-us+m6", 135, 30),
    Voice("en-gb-x-gbcwmd+f3", 165, 55),
    Voice("en-us+f5", 190, 62),
)
"""Speakers never used for tuning: accents, variants, speeds and pitches not in :data:`TUNING_VOICES`."""

BABBLE_VOICES: tuple[Voice, ...] = (
    Voice("en-us+m2", 170, 45),
    Voice("en-gb+f3", 160, 60),
    Voice("en-us+f1", 175, 55),
    Voice("en-gb-scotland+m1", 155, 40),
    Voice("en-029+m3", 165, 50),
    Voice("en-us+m4", 180, 35),
)

BABBLE_SENTENCES: tuple[str, ...] = (
    "could you pass me the salt please",
    "I think it is going to rain tomorrow afternoon",
    "the traffic this morning was absolutely terrible",
    "did you see the game on television last night",
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
    "remember to call your grandmother on sunday",
)
"""Sentences the babble talkers say (other conversations at the table)."""


@dataclass(frozen=True, slots=True)
class Condition:
    """A named noise condition: ``kind`` is ``clean``, ``white`` or ``babble``; ``snr_db`` in dB."""

    kind: str
    snr_db: float | None = None


CONDITIONS: dict[str, Condition] = {
    "clean": Condition("clean"),
    "white20": Condition("white", 20.0),
    "white10": Condition("white", 10.0),
    "babble20": Condition("babble", 20.0),
    "babble10": Condition("babble", 10.0),
}


def espeak_available() -> bool:
    """True when the ``espeak-ng`` program is on PATH."""
    return shutil.which("espeak-ng") is not None


@cache
def _cache_dir() -> Path:
    chosen = os.environ.get("VOICEFISH_SPEECHGEN_CACHE")
    if chosen:
        path = Path(chosen)
        path.mkdir(parents=True, exist_ok=True)
        return path
    made = Path(tempfile.mkdtemp(prefix="voicefish-speechgen-"))
    atexit.register(shutil.rmtree, made, True)  # a per-session cache: removed when the process ends
    # Child processes share it: a pool's workers end without running exit handlers, so a folder of their own
    # would be left behind (120 of them, 30 000 files, after a day of benchmarks).
    os.environ["VOICEFISH_SPEECHGEN_CACHE"] = str(made)
    return made


def share_cache() -> Path:
    """Make the cache now, in this process, so that worker processes started after it use it too (and this
    process removes it at exit). Call it before starting a process pool that synthesizes speech."""
    return _cache_dir()


ACCENTS: dict[str, dict[str, str]] = {
    "th-stop": {"three": "[[tr'i:]]", "threes": "[[tr'i:z]]"},
    "th-front": {"three": "[[fr'i:]]", "threes": "[[fr'i:z]]"},
}
"""Accents simulated with any voice: the words each says otherwise, in espeak-ng's phoneme input. "th" said as
"t" (th-stopping) or as "f" (th-fronting, as young children do)."""


def accented(text: str, accent: str | None) -> str:
    """``text`` as a speaker with ``accent`` (a key of :data:`ACCENTS`; None: as written) says it, for espeak-ng."""
    if not accent:
        return text
    words = ACCENTS[accent]
    return " ".join(words.get(w.lower(), w) for w in text.split())


@cache
def _espeak_raw(text: str, voice: Voice) -> Audio:
    """espeak-ng output resampled to 16 kHz, exact silence kept (no noise floor)."""
    key = hashlib.sha256(f"{voice.name}|{voice.speed}|{voice.pitch}|{text}".encode()).hexdigest()[:24]
    path = _cache_dir() / f"{key}.wav"
    if not path.exists():
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        cmd = ["espeak-ng", "-v", voice.name, "-s", str(voice.speed), "-p", str(voice.pitch), "-w", str(tmp), text]
        subprocess.run(cmd, check=True, capture_output=True, timeout=60)
        tmp.replace(path)
    return read_wav_bytes(path.read_bytes(), name=str(path))


def _rng(*parts: object) -> np.random.Generator:
    digest = hashlib.sha256("|".join(map(str, parts)).encode()).digest()
    return np.random.default_rng(int.from_bytes(digest[:8], "little"))


def _to_int16(x: npt.NDArray[np.float64]) -> Audio:
    return np.clip(np.round(x), -32768, 32767).astype(np.int16)


def add_noise_floor(audio: Audio, dbfs: float = -70.0, seed: int = 0) -> Audio:
    """Add Gaussian noise at ``dbfs`` (RMS relative to full scale): real microphones never give exact zeros."""
    rms = 32768.0 * 10 ** (dbfs / 20)
    noise = _rng("floor", seed, len(audio)).normal(0.0, rms, len(audio))
    return _to_int16(audio.astype(np.float64) + noise)


def synth(
    text: str,
    voice: Voice = TUNING_VOICES[0],
    *,
    floor_dbfs: float | None = -70.0,
    seed: int = 0,
    pad_s: float = 0.25,
) -> Audio:
    """Speak ``text`` with ``voice``: int16 mono at 16 kHz, with a noise floor unless ``floor_dbfs`` is None.

    ``pad_s`` seconds of silence are added before and after (espeak starts speaking at the first sample;
    an endpointer hands the recognizer some audio from before and after the speech).
    """
    audio = _espeak_raw(text, voice)
    if pad_s > 0:
        pad = np.zeros(round(pad_s * RATE), dtype=np.int16)
        audio = np.concatenate([pad, audio, pad])
    if floor_dbfs is None:
        return audio.copy()
    return add_noise_floor(audio, floor_dbfs, seed)


def _speech_power(audio: Audio) -> float:
    x = audio.astype(np.float64)
    loud = np.flatnonzero(np.abs(x) > 0.01 * max(1.0, float(np.abs(x).max())))
    if loud.size:
        x = x[loud[0] : loud[-1] + 1]
    return max(float(np.mean(x**2)), 1e-9)


def _mix_at_snr(audio: Audio, noise: npt.NDArray[np.float64], snr_db: float) -> Audio:
    noise_power = max(float(np.mean(noise**2)), 1e-12)
    gain = np.sqrt(_speech_power(audio) / (noise_power * 10 ** (snr_db / 10)))
    return _to_int16(audio.astype(np.float64) + gain * noise)


def add_white_noise(audio: Audio, snr_db: float, seed: int = 0) -> Audio:
    """Mix Gaussian white noise under ``audio`` at ``snr_db``."""
    noise = _rng("white", seed, len(audio)).normal(0.0, 1.0, len(audio))
    return _mix_at_snr(audio, noise, snr_db)


def babble(
    samples: int,
    talkers: int = 4,
    seed: int = 0,
    *,
    voices: Sequence[Voice] = BABBLE_VOICES,
    sentences: Sequence[str] = BABBLE_SENTENCES,
    rng: np.random.Generator | None = None,
) -> npt.NDArray[np.float64]:
    """``samples`` of babble: ``talkers`` different ``voices``, each saying random ``sentences`` back to back
    (drawn with ``rng``, default one made from ``seed``)."""
    if rng is None:
        rng = _rng("babble", seed, samples, talkers)
    out = np.zeros(samples, dtype=np.float64)
    voice_idx = rng.permutation(len(voices))[:talkers]
    for vi in voice_idx:
        voice = voices[int(vi)]
        track: list[Audio] = []
        have = 0
        while have < samples + RATE:
            text = sentences[int(rng.integers(len(sentences)))]
            part = _espeak_raw(text, voice)
            track.append(part)
            have += len(part)
        stream = np.concatenate(track).astype(np.float64)
        start = int(rng.integers(0, max(1, len(stream) - samples)))
        seg = stream[start : start + samples]
        seg = seg / max(1e-9, float(np.sqrt(np.mean(seg**2))))  # equal loudness for each talker
        out += seg
    return out


def add_babble(audio: Audio, snr_db: float, seed: int = 0, talkers: int = 4) -> Audio:
    """Mix babble (other voices, other sentences) under ``audio`` at ``snr_db``."""
    return _mix_at_snr(audio, babble(len(audio), talkers, seed), snr_db)


def degrade(audio: Audio, condition: str | Condition, seed: int = 0) -> Audio:
    """Apply a named condition from :data:`CONDITIONS` (or a :class:`Condition`) to ``audio``."""
    cond = CONDITIONS[condition] if isinstance(condition, str) else condition
    if cond.kind == "clean" or cond.snr_db is None:
        return audio
    if cond.kind == "white":
        return add_white_noise(audio, cond.snr_db, seed)
    if cond.kind == "babble":
        return add_babble(audio, cond.snr_db, seed)
    raise ValueError(f"unknown noise kind {cond.kind!r}")


def write_wav(path: str | os.PathLike[str], audio: Audio | Sequence[int], rate: int = RATE) -> Path:
    """Write ``audio`` as mono 16-bit PCM WAV at ``rate`` Hz; returns the path."""
    data = np.asarray(audio, dtype=np.int16)
    out = Path(path)
    with wave.open(str(out), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(data.astype("<i2").tobytes())
    return out


# Re-exported for convenience: tests that build odd-rate files resample with the same code as the package.
__all__ += ["resample"]
