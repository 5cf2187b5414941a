"""The strengths are ordered as promised (small, seeded runs; the big numbers are in bench/results/bots.md)."""

from __future__ import annotations

import pytest

from voicefish.sim import simulate


def share(a: str, b: str, games: int, seed: int, players: int = 2) -> float:
    """Win share of ``a`` against ``players - 1`` copies of ``b``, with ``a`` seated first and then last."""
    first = simulate([a] + [b] * (players - 1), games // 2, seed=seed)
    last = simulate([b] * (players - 1) + [a], games - games // 2, seed=seed + 1)
    return (first.win_share[0] + last.win_share[-1]) / games


@pytest.mark.slow
def test_hard_beats_random_heads_up_by_a_wide_margin() -> None:
    assert share("hard", "random", 300, seed=1) > 0.58


@pytest.mark.slow
def test_hard_beats_three_random_players_well_above_chance() -> None:
    assert share("hard", "random", 100, seed=2, players=4) > 0.40


@pytest.mark.slow
def test_easy_beats_random() -> None:
    assert share("easy", "random", 1000, seed=3) > 0.5


@pytest.mark.slow
def test_medium_beats_easy() -> None:
    assert share("medium", "easy", 800, seed=4) > 0.5


@pytest.mark.slow
def test_hard_beats_the_persistent_player() -> None:
    assert share("hard", "persistent", 300, seed=5) > 0.55
