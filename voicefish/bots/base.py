"""What a computer player is: something that reads its own view and chooses a legal ask.

A computer player never sees the game, only :class:`~voicefish.engine.PlayerView` values for its seat.
"""

from __future__ import annotations

import _random
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
        self._rng = random.Random(0)  # re-seeded for every decision

    def decide(self, view: PlayerView) -> Decision:
        """A uniform choice, drawn from (seed, history length): a fresh player with the same seed given the
        same view chooses the same, which lets a saved game resume exactly.

        The draw is exactly ``random.Random(seed * 1_000_003 + len(view.events)).choice(actions)``, done
        without building a generator per decision: one generator is re-seeded in C (what ``Random(int)`` does)
        and the index is drawn as ``Random.choice`` draws it (``getrandbits`` of the count's bit length,
        rejecting values past the end); a single legal ask needs no draw at all."""
        actions = view.legal_actions()
        n = len(actions)
        if not n:
            raise ValueError("decide() called when the player has no legal ask")
        if n == 1:
            return Decision(actions[0], _RANDOM_REASON)
        rng = self._rng
        _c_seed(rng, self._seed * 1_000_003 + len(view.events))
        bits = rng.getrandbits
        k = n.bit_length()
        i = bits(k)
        while i >= n:
            i = bits(k)
        return Decision(actions[i], _RANDOM_REASON)


_RANDOM_REASON = Reason("random")
_c_seed = _random.Random.seed
"""The C seeding ``random.Random(x)`` ends in for an int ``x`` (``Random.seed`` adds only type checks)."""
