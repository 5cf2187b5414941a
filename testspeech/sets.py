"""Benchmark sets: which utterance each voice says, under which condition and seed, keeping the rules.

A set is made for one split: a ``tuning`` set uses only :data:`TUNING` voices, rooms and seeds (checked with
:func:`assert_tuning`); a ``holdout`` set only hold-out ones (set A's seeds 100–109, set B's 110–159 or set C's
200–259, see :mod:`testspeech.holdout_b` and :mod:`testspeech.holdout_c`). Voices take turns, so espeak-ng says at
most a third of any set (checked).

    from testspeech.sets import plan, render
    for sample in plan("holdout", conditions=("clean", "babble20", "babble10")):
        audio = render(sample)          # int16 16 kHz: synth + room/noise, cached synthesis
        ... recognize audio, compare with sample.utterance.expected ...
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from testspeech.corpus import Split, Utterance, all_utterances
from testspeech.holdout_b import SEEDS as HOLDOUT_B_SEEDS
from testspeech.holdout_c import SEEDS as HOLDOUT_C_SEEDS
from testspeech.noise import CONDITIONS, degrade
from testspeech.speak import synth
from testspeech.voices import (
    HOLDOUT,
    HOLDOUT_ROOMS,
    HOLDOUT_SEEDS,
    TUNING,
    TUNING_SEEDS,
    HoldoutError,
    assert_tuning,
    espeak_share,
)

__all__ = ["MAX_ESPEAK_SHARE", "Sample", "plan", "render"]

MAX_ESPEAK_SHARE = 1 / 3
"""espeak-ng is formant synthesis: at most this share of any benchmark's speech."""


@dataclass(frozen=True, slots=True)
class Sample:
    """One utterance said by one voice under one condition (a name in :data:`testspeech.noise.CONDITIONS`)."""

    utterance: Utterance
    voice: str
    condition: str
    seed: int


def plan(
    split: Split,
    utterances: Sequence[Utterance] | None = None,
    *,
    conditions: Sequence[str] = ("clean",),
    voices: Sequence[str] | None = None,
    seeds: Sequence[int] | None = None,
) -> list[Sample]:
    """Every utterance (default: all of ``split`` in the corpus) under every condition, voices and seeds taking
    turns. Raises :class:`HoldoutError` when anything of the other split slips in, ValueError when espeak-ng
    would say more than a third."""
    voices = tuple(voices) if voices is not None else (TUNING if split == "tuning" else HOLDOUT)
    seeds = tuple(seeds) if seeds is not None else (TUNING_SEEDS if split == "tuning" else HOLDOUT_SEEDS)
    utterances = list(utterances) if utterances is not None else all_utterances(split)
    rooms = [r for c in conditions if (r := CONDITIONS[c].room) is not None]
    if split == "tuning":
        assert_tuning(voices, seeds=seeds, rooms=rooms)
        if any(u.split != "tuning" for u in utterances):
            raise HoldoutError("hold-out utterances in a tuning set")
    else:
        wrong = [v for v in voices if v not in HOLDOUT] + [f"room {r}" for r in rooms if r not in HOLDOUT_ROOMS]
        wrong += [f"seed {s}" for s in seeds if s not in HOLDOUT_SEEDS + HOLDOUT_B_SEEDS + HOLDOUT_C_SEEDS]
        if wrong:
            raise HoldoutError(f"not hold-out material: {', '.join(wrong)}")
    out: list[Sample] = []
    for c, condition in enumerate(conditions):
        for i, u in enumerate(utterances):
            k = i + c  # a different voice for the same utterance in the next condition
            out.append(Sample(u, voices[k % len(voices)], condition, seeds[(i // len(voices)) % len(seeds)]))
    share = espeak_share(s.voice for s in out)
    if share > MAX_ESPEAK_SHARE + 1e-9:
        raise ValueError(f"espeak-ng would say {share:.0%} of the set (at most a third)")
    return out


def render(sample: Sample) -> npt.NDArray[np.int16]:
    """The audio of ``sample``: the voice's cached speech, then its condition's room and noise."""
    speech = synth(sample.utterance.text, sample.voice, seed=sample.seed)
    return degrade(speech, sample.condition, seed=sample.seed)
