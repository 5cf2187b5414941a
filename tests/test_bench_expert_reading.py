"""bench/expert_reading.py: the reading of hidden hands is scored against the game's truth, guess by guess."""

from __future__ import annotations

import importlib

import pytest

reading = importlib.import_module("bench.expert_reading")


def test_every_guess_is_a_chance_scored_against_what_the_hand_truly_holds() -> None:
    out: list[tuple[int, float, float]] = []
    positions = reading.read_game(3, "hard", 8, out)
    assert positions > 5 and len(out) >= positions
    assert {t for t, _, _ in out} == {0, 1}
    assert all(0.0 <= s <= 1.0 and 0.0 <= c <= 1.0 for _, s, c in out)
    # a rank public facts prove the opponent holds is true, and both readings say so
    proven = [(t, s) for t, s, c in out if c == 1.0]
    assert proven and all(t == 1 and s == 1.0 for t, s in proven)
    assert reading.brier([(1, 1.0), (0, 0.0)]) == 0.0 and reading.brier([(1, 0.0)]) == 1.0


def test_the_report_has_the_three_readings(capsys: pytest.CaptureFixture[str]) -> None:
    assert reading.main(["--games", "1", "--samples", "4"]) == 0
    text = capsys.readouterr().out
    assert "sampled (4 deals)" in text and "counted (`p_holds`)" in text and "base rate" in text
    with pytest.raises(SystemExit):
        reading.main(["--games", "0"])
