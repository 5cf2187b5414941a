"""Typed lines read while the game listens: the :class:`Keyboard` (standard input, never blocking).

A voice game also takes an ask typed at the terminal (issue 33: a player whose voice keeps being misheard is never
stranded). The listener asks :meth:`Keyboard.poll` between blocks of audio; a finished line typed before the
player's utterance ends wins, as a finished utterance before a line wins. Only a terminal or a pipe is read (POSIX
``select``): a regular file or ``/dev/null`` on standard input is no keyboard, and the end of its input only stops
the polling (it never ends the game, unlike typed play's end of input).

The two-human reveal of a voice game reads its Enter presses through the same keyboard (:meth:`Keyboard.readline`):
two readers of one descriptor would steal each other's lines (a buffered reader of a pipe takes several at once).
"""

from __future__ import annotations

import collections
import os
import select
import stat
import sys

__all__ = ["Keyboard"]

_CHUNK = 4096
_MAX_LINE = 4000
"""Characters: a longer line is cut (the parser answers ``none`` to anything over 1000 anyway)."""


class Keyboard:
    """Lines typed on a file descriptor, read without blocking (:meth:`poll`)."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self._partial = b""
        self._lines: collections.deque[str] = collections.deque()
        self.closed = False
        """The input ended (or failed): nothing more will be read."""

    @classmethod
    def stdin(cls) -> Keyboard | None:
        """The keyboard on standard input when it is a terminal or a pipe (on POSIX), else None."""
        if os.name != "posix":
            return None
        try:
            fd = sys.stdin.fileno()
            mode = os.fstat(fd).st_mode
        except (AttributeError, OSError, ValueError):  # closed, detached or replaced by an object without a file
            return None
        if not (os.isatty(fd) or stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode)):
            return None
        return cls(fd)

    def _read(self) -> None:
        """Take in everything that can be read now (nothing from a terminal while the game runs in the background:
        reading it would stop the game, and what is typed then is the shell's)."""
        if self._background():
            return
        while not self.closed:
            try:
                ready, _, _ = select.select([self.fd], [], [], 0)
                if not ready:
                    return
                data = os.read(self.fd, _CHUNK)
            except (OSError, ValueError):
                data = b""
            if not data:
                self.closed = True
                return
            *done, self._partial = (self._partial + data).split(b"\n")
            for raw in done:  # an empty line (Enter alone) is kept for readline; poll skips it
                self._lines.append(raw.decode("utf-8", errors="replace").strip()[:_MAX_LINE])
            if len(self._partial) > _MAX_LINE * 4:
                self._partial = b""

    def _background(self) -> bool:
        try:
            return os.isatty(self.fd) and os.tcgetpgrp(self.fd) != os.getpgrp()
        except OSError:
            return False

    def poll(self) -> str | None:
        """The next line typed (stripped, never empty), or None when no finished line is waiting."""
        self._read()
        while self._lines:
            line = self._lines.popleft()
            if line:  # an empty line (Enter alone) says nothing
                return line
        return None

    def readline(self) -> str:
        """Wait for the next line typed from now on and return it like a text file does (with its newline; an empty
        line is ``"\n"``), or "" when the input has ended. Lines typed before the call are forgotten: an Enter
        pressed earlier is not an answer to what is asked now (a reveal of private cards waits for a new one)."""
        self.drain()
        while not self._lines:
            if self.closed:
                return ""
            try:
                select.select([self.fd], [], [], 0.25)
            except (OSError, ValueError):
                self.closed = True
                return ""
            self._read()
        return self._lines.popleft() + "\n"

    def drain(self) -> int:
        """Forget the lines typed so far (before a question was asked, they are not its answer); how many."""
        self._read()
        n = len(self._lines)
        self._lines.clear()
        return n
