"""The microphone's blocks are placed where they were captured, not where they arrived (a late callback: the game's
thread held the interpreter while it decoded). The real-speech case is in tests/audio/test_answer_timing.py."""

from __future__ import annotations

import numpy as np
import pytest

from voicefish.audio.listen.sources import CaptureClock, Microphone

BLOCK = 480  # 30 ms at 16 kHz


def test_late_blocks_are_placed_where_they_were_captured() -> None:
    clock = CaptureClock()
    t0 = 100.0
    stamps = []
    for i in range(1, 101):
        captured = t0 + i * 0.03
        arrived = t0 + 55 * 0.03 if 40 <= i < 55 else captured  # 15 blocks wait for a decode, then arrive together
        stamps.append(clock.block(BLOCK, arrived))
    assert np.allclose(stamps, [t0 + i * 0.03 for i in range(1, 101)], atol=1e-9)


def test_the_clocks_may_drift_apart_slowly() -> None:
    """The device's clock runs 100 ppm slow against the computer's: the estimate follows it within a millisecond."""
    clock = CaptureClock()
    worst = 0.0
    for i in range(1, 20_001):  # 10 minutes
        arrived = i * 0.03 * (1 + 1e-4) + (0.2 if i % 50 == 0 else 0.0)  # a late block now and then
        worst = max(worst, abs(clock.block(BLOCK, arrived) - i * 0.03 * (1 + 1e-4)))
    assert worst < 1e-3


def test_lost_input_starts_the_count_afresh() -> None:
    clock = CaptureClock()
    for i in range(1, 11):
        clock.block(BLOCK, i * 0.03)
    clock.restart()  # 10 blocks lost
    assert clock.block(BLOCK, 21 * 0.03) == pytest.approx(21 * 0.03)


def test_the_microphone_stamps_its_blocks_with_the_capture_time() -> None:
    mic = Microphone()
    arrivals = iter([0.03, 0.06, 0.50, 0.51, 0.52, 0.53])  # blocks 3-6 waited
    mic._now = lambda: next(arrivals)
    data = np.zeros((BLOCK, 1), dtype=np.int16)
    for _ in range(6):
        mic._callback(data, BLOCK, None, None)
    stamps = [mic.read(0).captured_at for _ in range(6)]  # type: ignore[union-attr]
    assert stamps == pytest.approx([0.03, 0.06, 0.09, 0.12, 0.15, 0.18])
