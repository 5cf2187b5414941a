"""A player at a real ``voicefish play --text`` process: reads what the table prints, answers its prompts (its own
turns, yes/no, "press Enter" reveals of several humans at one terminal) and asks for its lowest rank. It can kill the
process with SIGKILL after a chosen number of output lines, wherever the process is."""

from __future__ import annotations

import os
import re
import select
import signal
import subprocess
import sys
import time

from voicefish.cards import Rank

WORDS = {
    "ace": Rank.ACE, "two": Rank.TWO, "three": Rank.THREE, "four": Rank.FOUR, "five": Rank.FIVE,
    "six": Rank.SIX, "seven": Rank.SEVEN, "eight": Rank.EIGHT, "nine": Rank.NINE, "ten": Rank.TEN,
    "jack": Rank.JACK, "queen": Rank.QUEEN, "king": Rank.KING,
}  # fmt: skip
PLURAL = {r: w + ("es" if w == "six" else "s") for w, r in WORDS.items()}
HAND = re.compile(r"(?:(\w+) \(private\): )?(?:You have \w+ cards?|Your cards): (.*?)\.$")
OUT = re.compile(r"Dealer: (\w+) has no cards left and is out")
REFUSED_OUT = re.compile(r"Dealer: (\w+) is out of this game")
REVEAL = re.compile(r"(\w+): press Enter to see your cards")
TURN_PROMPT = re.compile(r"(\w+)> $")
ANSI = re.compile(r"\x1b\[\d*[A-Za-z]")
ASKS_TOLD = re.compile(r"(?:Dealer: \w+ asks \w+ for |(?:^|[ >])(?:Leo|Mia|Zoe|Max|Ada|Kai): \w+, do you have )")


def ranks_in(phrase: str) -> list[Rank]:
    """Ranks in a hand read aloud ("two twos, an ace and three kings", "the seven of hearts and …")."""
    found = []
    for item in re.split(r", | and ", phrase):
        words = item.split()
        word = words[1] if len(words) >= 4 and words[2] == "of" else words[-1]  # "the seven of hearts"
        base = "six" if word == "sixes" else (word if word in WORDS else word.rstrip("s"))
        found.append(WORDS[base])
    return sorted(set(found))


class TypedTable:
    """One ``voicefish play`` process and the humans ``names`` playing it by typing."""

    def __init__(
        self,
        args: list[str],
        env: dict[str, str],
        names: list[str],
        table: list[str],
        *,
        kill_after: int | None = None,
    ) -> None:
        """``names``: the humans typing; ``table``: every player, in seat order."""
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "voicefish", "play", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            env=env,
        )
        self.names = names
        self.table = table
        self.kill_after = kill_after
        self.killed = False
        self.buffer = ""
        self.lines: list[str] = []
        self.out: set[str] = set()
        self.hands: dict[str, list[Rank]] = {}
        self._revealing: str | None = None
        self._read_hand_for: str | None = None

    def _take(self, line: str) -> None:
        self.lines.append(line)
        for m in OUT.finditer(line):
            self.out.add(m.group(1))
        for m in REFUSED_OUT.finditer(line):
            self.out.add(m.group(1))
        hand = HAND.search(line)
        if hand:
            who = hand.group(1) or self._revealing
            if who is not None:
                self.hands[who] = ranks_in(hand.group(2))

    def _kill(self, rest: list[str]) -> None:
        """SIGKILL the game, then take what it had printed before it died: ``rest``, the complete lines of the chunk
        being read after the kill point, and whatever is still in the pipe. On a busy machine the game runs ahead of
        this reader, and a line it printed is a line it told, read yet or not (measured: two asks printed in the same
        chunk as the kill line were counted as untold when they were dropped)."""
        self.proc.send_signal(signal.SIGKILL)
        self.killed = True
        self.proc.wait(timeout=120)
        assert self.proc.stdout is not None
        tail = self.proc.stdout.read().decode("utf-8", "replace")
        *complete, self.buffer = (self.buffer + tail).split("\n")
        for line in [*rest, *complete]:
            self._take(line)

    def _read_until_prompt(self, timeout: float = 120.0) -> bool:
        """False when the game ended or was killed."""
        assert self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        deadline = time.monotonic() + timeout
        while not self.buffer.endswith(("> ", "look away) ", "to hide ")):
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no prompt from voicefish play: " + self.buffer[-500:])
            ready, _, _ = select.select([fd], [], [], left)
            if not ready:
                continue
            chunk = os.read(fd, 65536).decode("utf-8", "replace")
            if not chunk:
                return False
            self.buffer += chunk
            *complete, self.buffer = self.buffer.split("\n")
            for i, line in enumerate(complete):
                self._take(line)
                if self.kill_after is not None and len(self.lines) >= self.kill_after:
                    self._kill(complete[i + 1 :])
                    return False
        return True

    def say(self, text: str) -> None:
        assert self.proc.stdin is not None
        last = self.buffer
        self.buffer = ""
        m = REVEAL.search(last)
        if m:
            self._revealing = m.group(1)
        try:
            self.proc.stdin.write((text + "\n").encode())
            self.proc.stdin.flush()
        except BrokenPipeError:
            pass

    def play(self) -> None:
        """Answer prompts until the game ends (or the kill)."""
        while self._read_until_prompt():
            prompt = self.buffer
            if prompt.endswith(("look away) ", "to hide ")) or prompt.startswith("paused"):
                self.say("")
                continue
            if prompt.startswith("yes/no"):
                self.say("yes")
                continue
            m = TURN_PROMPT.search(ANSI.sub("", prompt))
            name = m.group(1) if m else self.names[0]
            if self._read_hand_for != name:
                self._read_hand_for = name
                self.say("read my hand")
                continue
            self._read_hand_for = None
            ranks = self.hands.get(name, [])
            target = next(n for n in self.table if n != name and n not in self.out)
            rank = ranks[0] if ranks else Rank.ACE
            self.say(f"{target}, do you have any {PLURAL[rank]}?")

    def wait(self) -> int:
        return self.proc.wait(timeout=120)

    def asks_told(self) -> int:
        """Asks announced on the public channel (a human's ask told by the dealer, a computer's said in its voice)."""
        return sum(len(ASKS_TOLD.findall(line)) for line in self.lines)
