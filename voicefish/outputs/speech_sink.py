"""A :class:`~voicefish.outputs.channels.Sink` that speaks messages through a text-to-speech speaker.

Computer players speak their asks in their own voice when one is given; a "turn" message is preceded by
an earcon, so a player who cannot see the table hears that it is their move.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal, Protocol

from voicefish.outputs.channels import Message


class SpeakerLike(Protocol):
    """What a speech sink speaks through (``voicefish.audio.tts.Speaker``, injected by the wiring)."""

    def speak(self, text: str) -> object: ...

    def earcon(self, name: Literal["your_turn", "error"]) -> object: ...


__all__ = ["SpeechSink"]


@dataclass
class SpeechSink:
    """Speaks every message it receives, waiting until the audio has been played."""

    speaker: SpeakerLike
    voices: Mapping[str, SpeakerLike] = field(default_factory=dict)
    """A speaker per computer player's name (its own voice); others use ``speaker``."""
    earcons: bool = True

    def deliver(self, message: Message) -> None:
        if self.earcons and message.kind == "turn":
            self.speaker.earcon("your_turn")
        elif self.earcons and message.kind == "error":
            self.speaker.earcon("error")
        speaker = self.voices.get(message.voice or "", self.speaker)
        speaker.speak(message.text)
