"""Issue 28 item 1, as a property: a real ``voicefish play --text`` killed with SIGKILL after any number of output lines
(a move announced, a "press Enter" reveal of two humans at one terminal pending, a bot's turn half told) and then
resumed finishes ONE game whose log equals the log of the same game played straight through — no move lost — and,
over both processes, no move is announced twice (and at most the one move in flight at the kill goes untold)."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

from tests.table.typed_driver import TypedTable

CONFIGS = [
    (["--players", "Alex", "--seats", "easy,medium"], ["Alex"], ["Alex", "Leo", "Mia"]),
    (["--players", "Alex,Bea", "--seats", "easy"], ["Alex", "Bea"], ["Alex", "Bea", "Leo"]),
]
SEEDS = [3, 11, 45]
KILLS_PER_GAME = 4


def _env(tmp: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["XDG_CONFIG_HOME"] = str(tmp / "config")
    env["XDG_DATA_HOME"] = str(tmp / "data")
    return env


def _asks_logged(log: str) -> int:
    return sum(1 for line in log.splitlines() if json.loads(line).get("event") == "ask")


@pytest.mark.slow
@pytest.mark.parametrize("config", range(len(CONFIGS)))
@pytest.mark.parametrize("seed", SEEDS)
def test_a_kill_after_any_line_then_resume_loses_no_move_and_tells_none_twice(
    tmp_path: Path, config: int, seed: int
) -> None:
    players, names, table = CONFIGS[config]
    env = _env(tmp_path)
    common = ["--text", "--no-speech", *players, "--games", "1", "--seed", str(seed)]

    straight = TypedTable(
        [*common, "--save", str(tmp_path / "s.json"), "--log", str(tmp_path / "s.jsonl")], env, names, table
    )
    straight.play()
    assert straight.wait() == 0
    expected = (tmp_path / "s.jsonl").read_text()
    assert expected.count('"event":"game_end"') == 1
    asks = _asks_logged(expected)
    assert straight.asks_told() == asks  # the driver's own count is right on an uninterrupted game
    total = len(straight.lines)

    rng = random.Random(seed * 7 + config)
    points = sorted(rng.sample(range(3, total), KILLS_PER_GAME))
    for k, point in enumerate(points):
        save, log = tmp_path / f"k{k}.json", tmp_path / f"k{k}.jsonl"
        first = TypedTable([*common, "--save", str(save), "--log", str(log)], env, names, table, kill_after=point)
        first.play()
        first.wait()
        assert first.killed, f"line {point}: the game ended before the kill"
        if not save.exists():  # killed after the session's end: the log is complete already
            assert log.read_text() == expected
            continue
        second = TypedTable(["--resume", "--text", "--no-speech", "--save", str(save)], env, names, table)
        second.play()
        assert second.wait() == 0, second.lines[-5:]
        assert log.read_text() == expected, f"kill after line {point}: the resumed game differs"
        told = first.asks_told() + second.asks_told()
        assert asks - 1 <= told <= asks, f"kill after line {point}: {told} asks told for {asks} played"
