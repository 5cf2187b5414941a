"""What a computer player is: something that reads its own view and chooses a legal ask.

A computer player never sees the game, only :class:`~voicefish.engine.PlayerView` values for its seat.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Protocol

from voicefish.engine import Ask, PlayerView

__all__ = ["ComputerPlayer", "Decision", "RandomPlayer", "Reason"]


@dataclass(frozen=True, slots=True)
class Reason:
    """A language-free reason for a decision, built from public information only.

    ``kind`` names the reason (``"random"``, ``"they_asked"``, ``"they_received"``, ``"persist"``, ``"likely"``, …);
    ``seat`` and ``rank`` are what it is about; narration turns it into words."""

    kind: str
    seat: int | None = None
    rank: str | None = None
    detail: dict[str, int | str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Decision:
    """A chosen ask and why."""

    action: Ask
    reason: Reason


class ComputerPlayer(Protocol):
    """A computer player. ``decide`` is only called when ``view.my_turn`` and must return a legal ask."""

    strength: str

    def decide(self, view: PlayerView) -> Decision: ...


class RandomPlayer:
    """Picks uniformly among the legal asks. The baseline every other strength is measured against."""

    strength = "random"

    def __init__(self, rng: random.Random | None = None) -> None:
        self._seed = (rng or random.Random()).getrandbits(63)

    def decide(self, view: PlayerView) -> Decision:
        """A uniform choice, drawn from (seed, history length): a fresh player with the same seed given the
        same view chooses the same, which lets a saved game resume exactly."""
        actions = view.legal_actions()
        if not actions:
            raise ValueError("decide() called when the player has no legal ask")
        rng = random.Random(self._seed * 1_000_003 + len(view.events))
        return Decision(rng.choice(actions), Reason("random"))
