"""Realistic test speech for voicefish's tests and benchmarks (not part of the game).

Voices that sound like people (Piper, flite, festival; espeak-ng as a minority), rooms, babble of realistic
talkers and white noise mixed at an SNR, real human recordings, and a corpus of ordinary ways to ask with the
intents they mean. Hold-out voices, rooms and seeds are fixed in :mod:`testspeech.voices`: tune only on
:data:`TUNING`, report on :data:`HOLDOUT`. See docs/test-speech.md.

    from testspeech import synth, VOICES, TUNING, HOLDOUT, HOLDOUT_SEEDS, TUNING_SEEDS
    audio = synth("Priya, do you have any jacks?", "piper-joe", seed=0)   # int16, 16 kHz mono
"""

from testspeech.speak import RATE, SpeechUnavailable, available, synth, write_wav
from testspeech.voices import (
    BABBLE,
    HOLDOUT,
    HOLDOUT_ROOMS,
    HOLDOUT_SEEDS,
    TUNING,
    TUNING_ROOMS,
    TUNING_SEEDS,
    VOICES,
    HoldoutError,
    assert_tuning,
    espeak_share,
    split_of,
)

__all__ = [
    "BABBLE",
    "HOLDOUT",
    "HOLDOUT_ROOMS",
    "HOLDOUT_SEEDS",
    "RATE",
    "TUNING",
    "TUNING_ROOMS",
    "TUNING_SEEDS",
    "VOICES",
    "HoldoutError",
    "SpeechUnavailable",
    "assert_tuning",
    "available",
    "espeak_share",
    "split_of",
    "synth",
    "write_wav",
]
