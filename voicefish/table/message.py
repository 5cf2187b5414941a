"""What the table says, and to whom: the table's side of its outputs.

The table makes :class:`Message` objects and hands them to its :class:`Channels`; the outputs wing
(:mod:`voicefish.outputs`: the routing, the table speaker, captions, earpieces, the terminal reveal and the web pages)
implements them and is wired to the table by ``voicefish.commands.play``. Routing is the privacy boundary: a private
message is delivered only to the sinks registered for its seat, never to a public sink.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

__all__ = ["PUBLIC", "Channels", "Message", "Sink", "StateObserver"]

PUBLIC = -1


@dataclass(frozen=True, slots=True)
class Message:
    """One thing to say or show."""

    text: str
    """The words, in the table's language."""
    audience: int = PUBLIC
    """``PUBLIC`` (-1) for the whole table, else the seat of the one player who may hear it."""
    kind: str = "info"
    """What it is: turn, ask, result, book, score, prompt, reprompt, confirm, error, hand, draw, help, info,
    game_end, session_end, history, count, repeat (what was last said to all, said again)."""
    voice: str | None = None
    """Who speaks: ``None`` for the dealer's voice, else the name of a computer player (its own voice)."""


class Sink(Protocol):
    """Something that receives messages (a speaker, a caption printer, a web page, a test recorder)."""

    def deliver(self, message: Message) -> None: ...


class StateObserver(Protocol):
    """Receives the table's state after every change (for screens): public data and each human's private data.

    Both are plain JSON-able dicts built from views only (see :mod:`voicefish.table.snapshots`)."""

    def update(self, public: dict[str, Any], private: dict[int, dict[str, Any]]) -> None: ...


class Channels(Protocol):
    """Where the table's words go (``voicefish.outputs.channels.Outputs``): one public channel, one private channel
    per seat, and the screens that follow the table's state."""

    observers: list[StateObserver]
    """The screens; the table builds its state for them only when there is one."""

    def say(self, message: Message) -> None: ...

    def update(self, public: dict[str, Any], private: dict[int, dict[str, Any]]) -> None: ...
