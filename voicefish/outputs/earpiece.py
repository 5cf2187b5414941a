"""Earpieces: a human's private speech on their own output device, while public speech stays on the table
speaker.

``--earpiece Priya=2`` (a device number from ``voicefish devices``) or ``--earpiece "Priya=USB Headset"`` (a
case-insensitive part of its name). :func:`parse_earpieces` turns those into seat → device spec;
``open_earpieces`` (in the wiring) checks each device, one :class:`EarpieceSink` per seat. An earpiece sink only
ever speaks messages addressed to its own seat, so a wiring mistake cannot make it a public speaker (nor let one
player hear another's hand).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from voicefish.outputs.channels import Message

__all__ = ["EarpieceError", "EarpieceSink", "EarpieceSpec", "PrivateSpeaker", "parse_earpieces"]


class EarpieceError(ValueError):
    """An ``--earpiece`` setting that cannot be used; ``str()`` is one sentence for the player, in English; ``kind``
    and ``facts`` name the sentence the play command says it with in the table's language
    (``voicefish/table/phrases/en_command.py``)."""

    def __init__(self, message: str, *, kind: str = "", **facts: str) -> None:
        super().__init__(message)
        self.kind = kind
        self.facts = facts


class PrivateSpeaker(Protocol):
    """Speaks into one device and returns when the speech has been played (voicefish.audio.tts.Speaker)."""

    def speak(self, text: str) -> object: ...


@dataclass(frozen=True, slots=True)
class EarpieceSpec:
    """One ``NAME=DEVICE`` setting, resolved to a seat."""

    seat: int
    """The human's seat."""
    name: str
    """The human's name as seated."""
    device: str | int
    """A device number (``voicefish devices``) or a case-insensitive part of a device name."""


def parse_earpiece(spec: str, humans: Mapping[int, str]) -> EarpieceSpec:
    """``"Priya=2"`` / ``"priya = USB Headset"`` → :class:`EarpieceSpec`; ``humans`` is seat → name."""
    name, sep, device = spec.partition("=")
    name, device = name.strip(), device.strip()
    if not sep or not name or not device:
        raise EarpieceError(
            f"--earpiece {spec!r}: write NAME=DEVICE, e.g. Priya=2 or 'Priya=USB Headset'",
            kind="earpiece_form",
            spec=spec,
        )
    wanted = name.casefold()
    seat = next((s for s, n in humans.items() if n.casefold() == wanted), None)
    if seat is None:
        who = ", ".join(sorted(humans.values())) or "nobody"
        raise EarpieceError(
            f"--earpiece {spec!r}: {name!r} is not a human player here (humans: {who})",
            kind="earpiece_not_human",
            spec=spec,
            name=name,
            humans=who,
        )
    return EarpieceSpec(seat, humans[seat], int(device) if device.isdigit() else device)


def parse_earpieces(specs: Sequence[str], humans: Mapping[int, str]) -> dict[int, EarpieceSpec]:
    """Every ``--earpiece`` setting, one per human at most."""
    out: dict[int, EarpieceSpec] = {}
    for spec in specs:
        parsed = parse_earpiece(spec, humans)
        if parsed.seat in out:
            first, second = repr(out[parsed.seat].device), repr(parsed.device)
            raise EarpieceError(
                f"{parsed.name} has two earpieces ({first} and {second})",
                kind="earpiece_twice",
                name=parsed.name,
                first=first,
                second=second,
            )
        out[parsed.seat] = parsed
    return out


class EarpieceSink:
    """Speaks one seat's private messages into that seat's earpiece, and nothing else."""

    def __init__(self, seat: int, speaker: PrivateSpeaker, *, name: str = "") -> None:
        self.seat = seat
        self.speaker = speaker
        self.name = name

    def deliver(self, message: Message) -> None:
        if message.audience != self.seat:
            return  # public speech belongs to the table speaker; another seat's to its own earpiece
        self.speaker.speak(message.text)
