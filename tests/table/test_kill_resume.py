"""A real process killed mid-game (SIGKILL) and resumed loses nothing: the final log equals the log of the same
game played straight through with the same seed and the same moves. Typed input, no speech."""

from __future__ import annotations

import os
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from voicefish.cards import Rank

WORDS = {
    "ace": Rank.ACE, "two": Rank.TWO, "three": Rank.THREE, "four": Rank.FOUR, "five": Rank.FIVE,
    "six": Rank.SIX, "seven": Rank.SEVEN, "eight": Rank.EIGHT, "nine": Rank.NINE, "ten": Rank.TEN,
    "jack": Rank.JACK, "queen": Rank.QUEEN, "king": Rank.KING,
}  # fmt: skip
PLURAL = {r: w + ("es" if w == "six" else "s") for w, r in WORDS.items()}
PROMPT = "Alex> "
HAND = re.compile(r"Alex \(private\): (?:You have \w+ cards?|Your cards): (.*)\.$")
OUT = re.compile(r"Dealer: (\w+) has no cards left and is out")


def ranks_in(phrase: str) -> list[Rank]:
    """Ranks in a hand read aloud ("two twos, a four and three kings"): the last word of each item."""
    found = []
    for item in re.split(r", | and ", phrase):
        word = item.split()[-1]
        base = "six" if word == "sixes" else (word if word in WORDS else word.rstrip("s"))
        found.append(WORDS[base])
    return sorted(set(found))


class Driver:
    """Plays Alex in a running ``voicefish play --text``: reads the private hand, asks for its lowest rank."""

    def __init__(self, args: list[str], env: dict[str, str]) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "voicefish", "play", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            env=env,
        )
        self.buffer = ""
        self.lines: list[str] = []
        self.out: set[str] = set()

    def _read_until_prompt(self, timeout: float = 120.0) -> bool:
        assert self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        deadline = time.monotonic() + timeout
        while not self.buffer.endswith(("> ",)):
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no prompt from voicefish play: " + self.buffer[-500:])
            ready, _, _ = select.select([fd], [], [], left)
            if not ready:
                continue
            chunk = os.read(fd, 65536).decode("utf-8", "replace")
            if not chunk:
                return False  # the game ended
            self.buffer += chunk
            *complete, self.buffer = self.buffer.split("\n")
            for line in complete:
                self.lines.append(line)
                m = OUT.match(line)
                if m:
                    self.out.add(m.group(1))
        return True

    def say(self, text: str) -> None:
        assert self.proc.stdin is not None
        self.buffer = ""
        self.proc.stdin.write((text + "\n").encode())
        self.proc.stdin.flush()

    def hand(self) -> list[Rank]:
        for line in reversed(self.lines):
            m = HAND.match(line)
            if m:
                return ranks_in(m.group(1))
        return []

    def play(self, max_asks: int | None = None) -> int:
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
            ranks = self.hand()
            target = next(n for n in ("Leo", "Mia") if n not in self.out)
            self.say(f"{target}, do you have any {PLURAL[ranks[0]]}?")
            asks += 1
        return asks

    def wait(self) -> int:
        return self.proc.wait(timeout=120)


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
