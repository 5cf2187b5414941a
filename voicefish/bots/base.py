"""What a computer player is: something that reads its own view and chooses a legal ask.

A computer player never sees the game, only :class:`~voicefish.engine.PlayerView` values for its seat.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Final, Protocol

from voicefish.engine import Ask, PlayerView
from voicefish.engine.views import legal_asks

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
        """A uniform choice, drawn from (seed, history length) alone: a fresh player with the same seed given the
        same view chooses the same, which lets a saved game resume exactly.

        The draw is stateless. With ``t = len(view.events)``, ``h`` is the ``t + 1``-th 64-bit output of
        SplitMix64 (Steele, Lea & Flood 2014) seeded with ``seed``: the state ``z = seed + (t + 1) *
        0x9E3779B97F4A7C15`` mod 2**64 through its finalizer (``z ^= z >> 30; z *= 0xBF58476D1CE4E5B9;
        z ^= z >> 27; z *= 0x94D049BB133111EB; z ^= z >> 31``, products mod 2**64). The chosen ask is
        ``actions[(h * n) >> 64]`` for the ``n`` legal asks in ``view.legal_actions()`` order (multiply-shift:
        ``h`` scaled to ``0..n-1``, its top bits decide). No rejection loop: each index is hit by
        ``floor(2**64 / n)`` or ``ceil(2**64 / n)`` of the 2**64 values of ``h``, so its probability is within
        ``2**-64`` of ``1/n`` (relative bias under ``n / 2**64``: below ``2**-54`` for any ``n`` up to 1 024, far
        more asks than a table allows). A single legal ask needs no draw.

        It replaced re-seeding a Mersenne Twister per decision (``random.Random(seed * 1_000_003 + t)
        .choice(actions)``: ~3.5-4.7 us a decision, about OpenSpiel's whole cost per ask, against ~0.6 us for this
        hash) and chooses differently."""
        actions = legal_asks(view)  # view.legal_actions() without its copy
        action = actions[self.index(len(view.events), len(actions))]
        decision = _DECISIONS.get(id(action))
        return decision if decision is not None else _random_decision(action)

    def index(self, history: int, count: int) -> int:
        """The index :meth:`decide` chooses among ``count`` legal asks after ``history`` events (the draw above)."""
        if count < 2:
            if count == 1:
                return 0
            raise ValueError("decide() called when the player has no legal ask")
        z = (self._seed + (history + 1) * 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return ((z ^ (z >> 31)) * count) >> 64


_RANDOM_REASON: Final = Reason("random")

_DECISIONS: Final[dict[int, Decision]] = {}
"""The random player's decisions, one per ask, keyed by the ask's ``id``: a decision is a frozen value, and the
engine's asks are shared objects, so a choice costs a lookup instead of a new ``Decision``. Each entry holds its
ask, so no other object can take that ``id`` while the entry lives."""


def _random_decision(action: Ask) -> Decision:
    if len(_DECISIONS) >= 4096:  # asks made elsewhere than by the engine: keep the table small
        _DECISIONS.clear()
    decision = _DECISIONS[id(action)] = Decision(action, _RANDOM_REASON)
    return decision
