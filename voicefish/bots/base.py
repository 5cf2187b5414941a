"""What a computer player is: something that reads its own view and chooses a legal ask.

A computer player never sees the game, only :class:`~voicefish.engine.PlayerView` values for its seat.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Final, Protocol

from voicefish.engine import Ask, PlayerView
from voicefish.engine.views import _COMPILED, legal_asks  # compiled or not: the engine's modules all alike

__all__ = ["ComputerPlayer", "Decision", "PlayerFactory", "RandomPlayer", "Reason", "mix64", "player_seed"]


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


_MASK63: Final = (1 << 63) - 1
_MASK31: Final = 0x7FFFFFFF
_LOW16: Final = 0xFFFF


def _mul31(x: int, hi: int, lo: int) -> int:
    """``x * m`` mod 2**31 for ``0 <= x < 2**31`` and ``m = hi << 16 | lo`` (two 16-bit halves), from the 16-bit
    halves of both: every factor under 2**16 and every product under 2**33. Compiled, a product of two integers at
    or above 2**30 leaves mypyc's unboxed fast path (its overflow test is conservative: both factors under 2**30)
    for a boxed big-integer multiply; these never do. The same value as ``(x * m) & _MASK31`` for any such ``x``."""
    xh = x >> 16
    xl = x & _LOW16
    return (xl * lo + ((xh * lo + xl * hi) << 16)) & _MASK31


class PlayerFactory(Protocol):
    """What makes a computer player: a class of this module's kind, from an ``rng`` to draw its seed from or the
    ``seed`` itself."""

    def __call__(self, rng: random.Random | None = None, *, seed: int | None = None) -> ComputerPlayer: ...


def player_seed(rng: random.Random | None = None, seed: int | None = None) -> int:
    """A computer player's 63-bit seed: ``seed`` itself when given (``make_player(kind, seed=...)``: no Mersenne
    Twister made for it, ~4 us a player), else 63 bits drawn from ``rng`` (a fresh unseeded one when neither)."""
    if seed is not None:
        return seed & _MASK63
    return (rng or random.Random()).getrandbits(63)


class RandomPlayer:
    """Picks uniformly among the legal asks. The baseline every other strength is measured against."""

    strength = "random"

    def __init__(self, rng: random.Random | None = None, *, seed: int | None = None) -> None:
        self._seed = player_seed(rng, seed)
        self._key = _fold31(self._seed)

    def decide(self, view: PlayerView) -> Decision:
        """A uniform choice, drawn from (seed, history length) alone: a fresh player with the same seed given the
        same view chooses the same, which lets a saved game resume exactly.

        The draw is stateless and stays within 62-bit integers (a compiled build keeps them unboxed: no big
        integer is made per decision). The player's 63-bit seed is folded once into a 31-bit key ``k`` (the top
        31 bits of the SplitMix64 finalizer of the seed, :func:`_fold31`). With ``t = len(view.events)`` and
        every step mod 2**31: ``x = k + (t + 1) * 0x4F1BBCDD`` (2**31 over the golden ratio, odd), then
        ``x ^= x >> 16; x *= 0x7FEB352D; x ^= x >> 15; x *= 0x046CA68B; x ^= x >> 16`` (the shifts and multipliers
        of Wellons' ``lowbias32`` mixer, the multipliers taken mod 2**31; each step is a bijection of the 31-bit
        values). The chosen ask is ``actions[(x * n) >> 31]`` for the ``n`` legal asks in
        ``view.legal_actions()`` order (multiply-shift: ``x`` scaled to ``0..n-1``). No rejection loop: each index
        is hit by ``floor(2**31 / n)`` or ``ceil(2**31 / n)`` of the 2**31 values of ``x``, so its probability is
        within ``2**-31`` of ``1/n`` (relative bias under ``n / 2**31``: below 5e-7 for any ``n`` up to 1 024,
        far more asks than a table allows). A single legal ask needs no draw.

        It replaced SplitMix64 on the 64-bit state (issue 31: its products past 62 bits were big integers even
        compiled, ~0.35 us of a ~0.7 us decision), which had replaced re-seeding a Mersenne Twister per decision
        (~3.5-4.7 us, about OpenSpiel's whole cost per ask). Each change chose differently."""
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
        if not _COMPILED:  # the draw as documented (from source, plain products are the cheapest)
            x = (self._key + (history + 1) * 0x4F1BBCDD) & _MASK31
            x = ((x ^ (x >> 16)) * 0x7FEB352D) & _MASK31
            x = ((x ^ (x >> 15)) * 0x046CA68B) & _MASK31
            return ((x ^ (x >> 16)) * count) >> 31
        # compiled: the same, each product taken from 16-bit halves (_mul31: no boxed multiply)
        x = (self._key + _mul31((history + 1) & _MASK31, 0x4F1B, 0xBCDD)) & _MASK31  # k + (t + 1) * 0x4F1BBCDD
        x = _mul31(x ^ (x >> 16), 0x7FEB, 0x352D)  # * 0x7FEB352D
        x = _mul31(x ^ (x >> 15), 0x046C, 0xA68B)  # * 0x046CA68B
        x ^= x >> 16
        return ((((x >> 16) * count) << 16) + (x & _LOW16) * count) >> 31  # (x * count) >> 31, exactly


def mix64(z: int) -> int:
    """SplitMix64's finalizer (Steele, Lea & Flood 2014) of ``z`` mod 2**64: a bijection of 64-bit values whose every
    input bit moves every output bit. The generator's ``k``-th output is ``mix64(seed + k * 0x9E3779B97F4A7C15)``."""
    z &= 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    return z ^ (z >> 31)


def _fold31(seed: int) -> int:
    """The top 31 bits of :func:`mix64` of a 63-bit seed: every seed bit moves the key, and keys of nearby seeds are
    unrelated."""
    return mix64(seed) >> 33


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
