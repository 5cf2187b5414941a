"""Values made once and shared by every game: the events that hide nothing (they are frozen, so one object serves
every game and seat), and the tables behind a seat's sorted hand (a suit mask per rank).

Only :mod:`voicefish.engine.game` uses these; they hold no game state.
"""

from __future__ import annotations

from typing import Final

from voicefish.cards import RANKS, SUITS, Card, Rank, full_deck
from voicefish.engine.events import AskEvent, Draw, Give, GoFish, Out, Turn
from voicefish.rules import MAX_PLAYERS

_DECK: Final = full_deck()
_SUIT_BIT: Final[dict[Card, int]] = {c: 1 << SUITS.index(c.suit) for c in _DECK}
"""Each card's bit in its rank's suit mask (S H D C: the deck's fixed order, the order of a sorted hand)."""
_BY_SUITS: Final[tuple[tuple[tuple[Card, ...], ...], ...]] = tuple(
    tuple(tuple(_DECK[(r - 1) * 4 + i] for i in range(4) if m >> i & 1) for m in range(16)) if r else ()
    for r in range(14)
)
"""``_BY_SUITS[rank][mask]``: the cards of that rank and suit mask, in suit order."""

# Events that hide nothing are values: made once and shared by every game (they are frozen).
_TURN: Final = tuple(Turn(s) for s in range(MAX_PLAYERS))
_OUT: Final = tuple(Out(s) for s in range(MAX_PLAYERS))
_HIDDEN_DRAW: Final = tuple(Draw(s, False, None) for s in range(MAX_PLAYERS))
"""The public version of an unmatched draw, per seat."""
_DRAWS: Final[dict[Card, tuple[tuple[Draw, ...], tuple[Draw, ...], int]]] = {
    c: (
        tuple(Draw(s, False, c) for s in range(MAX_PLAYERS)),
        tuple(Draw(s, True, c) for s in range(MAX_PLAYERS)),
        _SUIT_BIT[c],
    )
    for c in _DECK
}
"""``_DRAWS[card][matched][seat]``: every draw in full (624 values), shared like the public events; and at index 2
the card's suit bit (what a draw needs of the card, in one lookup)."""
_ASK_EVENTS: Final[tuple[tuple[dict[Rank, AskEvent], ...], ...]] = tuple(
    tuple({r: AskEvent(p, t, r) for r in RANKS} for t in range(MAX_PLAYERS)) for p in range(MAX_PLAYERS)
)
"""``_ASK_EVENTS[player][target][rank]``: the rank asks' events (not under ``authors``)."""
_GO_FISH: Final[tuple[tuple[tuple[GoFish, GoFish], ...], ...]] = tuple(
    tuple((GoFish(p, t, False), GoFish(p, t, True)) for t in range(MAX_PLAYERS)) for p in range(MAX_PLAYERS)
)
"""``_GO_FISH[player][target][stock_empty]``."""
_PUBLIC_GIVES: Final[dict[tuple[int, int, Rank, int], Give]] = {}


def _public_give(giver: int, receiver: int, rank: Rank, count: int) -> Give:
    """The table's version of a give (the suits hidden), made once per (giver, receiver, rank, count)."""
    key = (giver, receiver, rank, count)
    give = _PUBLIC_GIVES.get(key)
    if give is None:
        give = _PUBLIC_GIVES[key] = Give(giver, receiver, rank, count, None)
    return give
