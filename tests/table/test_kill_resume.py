"""A real process killed mid-game (SIGKILL) and resumed loses nothing: the final log equals the log of the same
game played straight through with the same seed and the same moves. Typed input, no speech."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest

from tests.table.typed_driver import PLURAL, TypedTable


class Driver(TypedTable):
    """Plays Alex (against Leo and Mia) in a running ``voicefish play --text``: reads the private hand, asks for its
    lowest rank; :meth:`play` can stop after a number of asks."""

    def __init__(self, args: list[str], env: dict[str, str]) -> None:
        super().__init__(args, env, ["Alex"], ["Alex", "Leo", "Mia"])

    def play(self, max_asks: int | None = None) -> int:  # type: ignore[override]
        """Answer prompts until the game ends or ``max_asks`` asks were sent; returns the asks sent."""
        asks = 0
        while self._read_until_prompt():
            if self.buffer.startswith("yes/no"):
                self.say("yes")
                continue
            if self.buffer.startswith("paused"):
                self.say("")
                continue
            if max_asks is not None and asks >= max_asks:
                return asks
            self.say("read my hand")
            if not self._read_until_prompt():
                break
            ranks = self.hands.get("Alex", [])
            target = next(n for n in ("Leo", "Mia") if n not in self.out)
            self.say(f"{target}, do you have any {PLURAL[ranks[0]]}?")
            asks += 1
        return asks


@pytest.mark.slow
def test_killed_mid_game_then_resumed_gives_the_same_log(tmp_path: Path) -> None:
    env = dict(os.environ)
    env["XDG_CONFIG_HOME"] = str(tmp_path / "config")
    env["XDG_DATA_HOME"] = str(tmp_path / "data")
    common = ["--text", "--no-speech", "--players", "Alex", "--seats", "easy,medium", "--games", "2", "--seed", "42"]

    straight = Driver([*common, "--save", str(tmp_path / "a.json"), "--log", str(tmp_path / "a.jsonl")], env)
    straight.play()
    assert straight.wait() == 0
    expected = (tmp_path / "a.jsonl").read_text()
    assert expected.count('"event":"game_end"') == 2

    first = Driver([*common, "--save", str(tmp_path / "b.json"), "--log", str(tmp_path / "b.jsonl")], env)
    first.play(max_asks=6)
    first.say("read my hand")  # the kill lands while the game is busy with this line
    first.proc.send_signal(signal.SIGKILL)
    first.wait()
    assert (tmp_path / "b.json").exists()

    second = Driver(["--resume", "--text", "--no-speech", "--save", str(tmp_path / "b.json")], env)
    second.play()
    assert second.wait() == 0
    assert any(line.startswith("Dealer: Welcome back!") for line in second.lines)
    assert (tmp_path / "b.jsonl").read_text() == expected
