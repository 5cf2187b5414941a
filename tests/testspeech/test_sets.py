"""Benchmark sets keep tuning and hold-out apart and espeak-ng a minority."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from testspeech import HOLDOUT, TUNING, HoldoutError, available
from testspeech.corpus import asks
from testspeech.sets import plan, render


def test_holdout_plan_uses_only_holdout_voices_and_seeds() -> None:
    samples = plan("holdout", conditions=("clean", "babble20", "room-acoustic"))
    assert {s.voice for s in samples} == set(HOLDOUT)
    assert all(100 <= s.seed <= 109 and s.utterance.split == "holdout" for s in samples)
    per_voice = Counter(s.voice for s in samples)
    assert max(per_voice.values()) - min(per_voice.values()) <= 3  # voices take turns
    first = next(s for s in samples if s.condition == "clean").utterance
    assert len({s.voice for s in samples if s.utterance == first}) == 3  # another voice in each condition


def test_tuning_plan_refuses_holdout_material() -> None:
    assert {s.voice for s in plan("tuning")} == set(TUNING)
    with pytest.raises(HoldoutError, match="flite-awb"):
        plan("tuning", voices=["piper-joe", "flite-awb"])
    with pytest.raises(HoldoutError, match="room"):
        plan("tuning", conditions=("room-symphonic",))
    with pytest.raises(HoldoutError, match="hold-out utterances"):
        plan("tuning", asks("holdout"))
    with pytest.raises(HoldoutError, match="piper-joe"):
        plan("holdout", voices=["piper-joe"])


def test_espeak_is_at_most_a_third() -> None:
    with pytest.raises(ValueError, match="at most a third"):
        plan("tuning", voices=["espeak-us-m3", "espeak-gb-f1", "piper-joe"])


def test_render_is_the_condition_applied_to_the_voice() -> None:
    sample = next(s for s in plan("tuning", asks("tuning"), conditions=("babble10",)) if s.voice == "flite-slt")
    if available(sample.voice):
        pytest.skip(str(available(sample.voice)))
    a, b = render(sample), render(sample)
    assert a.dtype == np.int16 and np.array_equal(a, b)
