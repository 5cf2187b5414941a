"""The terminal reveal: the private channel of a human who has neither an earpiece nor a screen.

Private text is never printed straight away (the terminal is in front of everyone). The player is asked to
press Enter, the text is shown, and after a second Enter it is erased (cursor up + clear, ANSI). Streams are
parameters, so a test drives it with a scripted keyboard and reads exactly what was drawn.
"""

from __future__ import annotations

import math
import shutil
import sys
from types import ModuleType
from typing import Protocol, TextIO

from voicefish.outputs.channels import Message

__all__ = ["RevealSink"]

CURSOR_UP_AND_CLEAR = "\x1b[{n}F\x1b[J"
"""Move to the start of the line ``n`` lines up, then clear from there to the end of the screen."""


class Lines(Protocol):
    """Where the Enter presses come from: a text file, or the voice game's keyboard (which the listener reads too)."""

    def readline(self) -> str: ...


class RevealSink:
    """Shows one player's private messages only after they press Enter, and hides them again after."""

    def __init__(
        self,
        name: str,
        *,
        input: Lines | None = None,
        output: TextIO | None = None,
        width: int | None = None,
        words: ModuleType,
    ) -> None:
        """``name``: the player; ``input``/``output``: the keyboard and screen (default stdin/stdout);
        ``width``: terminal columns used to count wrapped lines (default: the terminal's); ``words``: the table's
        phrasebook (a module of :mod:`voicefish.table.phrases`: what the reveal says)."""
        self.name = name
        self.words = words
        self._input = input
        self._output = output
        self._width = width
        self.pending: list[str] = []
        """Private lines not yet seen (kept when the keyboard is closed, shown at the next reveal)."""

    @property
    def _in(self) -> Lines:
        return self._input or sys.stdin

    @property
    def _out(self) -> TextIO:
        return self._output or sys.stdout

    def _columns(self) -> int:
        return self._width or max(20, shutil.get_terminal_size((80, 24)).columns)

    def _rows(self, text: str) -> int:
        """Screen rows ``text`` takes once the terminal wraps it (the Enter that ends it moves one row down)."""
        cols = self._columns()
        return sum(max(1, math.ceil(len(line) / cols)) for line in text.split("\n"))

    def deliver(self, message: Message) -> None:
        self.pending.append(message.text)
        self.reveal()

    def reveal(self) -> bool:
        """Ask for Enter, show every pending line, ask for Enter again, erase. False if the keyboard is closed
        (the lines then stay pending)."""
        if not self.pending:
            return True
        out = self._out
        prompt = f"{self.words.reveal_prompt(self.name)} "
        out.write(prompt)
        out.flush()
        if self._in.readline() == "":
            out.write(f"\n{self.words.reveal_kept(self.name)}\n")
            out.flush()
            return False
        shown = [f"  {text}" for text in self.pending]
        self.pending.clear()
        hide = f"{self.words.reveal_hide(self.name)} "
        block = "\n".join([*shown, hide])
        out.write(block)
        out.flush()
        self._in.readline()  # closed keyboard or Enter: hide either way
        rows = self._rows(prompt) + self._rows(block)
        out.write(CURSOR_UP_AND_CLEAR.format(n=rows))
        out.flush()
        return True
