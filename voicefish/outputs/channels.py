"""Where words go: the public channel (table speaker, captions, shared screen) and one private channel per
human (earpiece, private page, a terminal reveal). Routing is the privacy boundary: a private message is
delivered only to the sinks registered for its seat, never to a public sink.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TextIO

from voicefish.table.message import PUBLIC, Message, Sink, StateObserver

__all__ = [
    "PUBLIC",
    "CaptionSink",
    "Message",
    "Outputs",
    "RecordingSink",
    "Sink",
    "StateObserver",
]


class CaptionSink:
    """Prints what the table hears, so a hard-of-hearing player can follow (``Dealer: …`` / ``Leo: …``)."""

    def __init__(
        self,
        stream: TextIO | None = None,
        *,
        prefix_private: str | None = None,
        dealer: str = "Dealer",
        private: str = "private",
    ) -> None:
        self._stream = stream
        self._prefix_private = prefix_private
        self._dealer = dealer
        self._private = private

    def deliver(self, message: Message) -> None:
        stream = self._stream or sys.stdout
        who = message.voice or self._dealer
        if message.audience != PUBLIC and self._prefix_private is not None:
            who = f"{self._prefix_private} ({self._private})"
        stream.write(f"{who}: {message.text}\n")
        stream.flush()


class RecordingSink:
    """Keeps every message it receives (tests, and the transcript of a game)."""

    def __init__(self) -> None:
        self.messages: list[Message] = []

    def deliver(self, message: Message) -> None:
        self.messages.append(message)

    @property
    def texts(self) -> list[str]:
        return [m.text for m in self.messages]


@dataclass
class Outputs:
    """The routing table: public sinks, private sinks per seat, and state observers."""

    public: list[Sink] = field(default_factory=list)
    private: dict[int, list[Sink]] = field(default_factory=dict)
    observers: list[StateObserver] = field(default_factory=list)
    on_private_without_sink: Callable[[Message], None] | None = None
    """Called for a private message whose seat has no private sink (the terminal reveal); if unset it is dropped."""
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def add_private(self, seat: int, sink: Sink) -> None:
        self.private.setdefault(seat, []).append(sink)

    def say(self, message: Message) -> None:
        with self._lock:
            if message.audience == PUBLIC:
                for sink in self.public:
                    sink.deliver(message)
                return
            sinks = self.private.get(message.audience, [])
            for sink in sinks:
                sink.deliver(message)
            if not sinks and self.on_private_without_sink is not None:
                self.on_private_without_sink(message)

    def update(self, public: dict[str, Any], private: dict[int, dict[str, Any]]) -> None:
        for obs in self.observers:
            obs.update(public, private)

    def renew_link(self, seat: int) -> bool:
        """Give ``seat`` a fresh private-page link, revoking the old one, on every observer that hands out links
        (the screen server's ``renew_link``). True if one did; False when ``seat`` has no private page."""
        renewed = False
        for obs in self.observers:
            renew = getattr(obs, "renew_link", None)
            if callable(renew) and renew(seat) is True:
                renewed = True
        return renewed
