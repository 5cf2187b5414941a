"""Plain JSON-able pictures of the table for screens, built from views only (never from the game).

``public_snapshot`` is what the table page shows; ``private_snapshot`` is one player's private page.
"""

from __future__ import annotations

from typing import Any

from voicefish.cards import Card
from voicefish.engine import Draw, PlayerView, Refill, Turn

__all__ = ["private_snapshot", "public_snapshot"]


def public_snapshot(view: PlayerView, *, session_scores: list[int] | None = None, games: int = 1) -> dict[str, Any]:
    """The table's state: whose turn, hand sizes, stock, books, scores. ``view`` must be the public view."""
    if view.seat != -1:
        raise ValueError("public_snapshot needs the public view")
    return {
        "game": view.game,
        "games": games,
        "players": [
            {
                "name": name,
                "hand_size": view.hand_sizes[i],
                "books": [r.code for r in view.books[i]],
                "score": view.scores[i],
                "session_score": (session_scores[i] if session_scores else view.scores[i]),
                "active": view.active[i],
                "turn": view.current == i,
            }
            for i, name in enumerate(view.players)
        ],
        "stock": view.stock_size,
        "current": None if view.current is None else view.players[view.current],
        "over": view.over,
        "winners": [view.players[w] for w in view.winners] if view.over else [],
        "tiebreak": view.in_tiebreak,
        "rules": list(view.rules.switches_on),
    }


def last_drawn(view: PlayerView) -> Card | None:
    """The card this seat drew most recently this game (from its own view), if its last event of that kind
    was a draw."""
    for event in reversed(view.events):
        if isinstance(event, Draw) and event.player == view.seat:
            return event.card
        if isinstance(event, Refill | Turn) and event.player == view.seat:
            return None  # a refill since, or this turn has drawn nothing yet
    return None


def private_snapshot(view: PlayerView, *, may_read_hand: bool = True) -> dict[str, Any]:
    """One player's private page: their hand grouped by rank, the card just drawn, whose turn it is.

    ``may_read_hand`` is false under ``no_peeking`` outside the player's turn: the hand is then withheld."""
    if view.seat < 0:
        raise ValueError("private_snapshot needs a player's view")
    groups: dict[str, list[str]] = {}
    for card in view.hand:
        groups.setdefault(card.rank.code, []).append(str(card))
    drawn = last_drawn(view)
    if drawn is not None and drawn not in view.hand:
        drawn = None  # booked or given away since: no longer "the card just drawn"
    return {
        "name": view.players[view.seat],
        "your_turn": view.my_turn,
        "current": None if view.current is None else view.players[view.current],
        "hand_visible": may_read_hand,
        "hand": [{"rank": r, "cards": cs} for r, cs in groups.items()] if may_read_hand else [],
        "hand_size": len(view.hand),
        "drawn": (str(drawn) if drawn is not None else None) if may_read_hand else None,
        "no_peeking": view.rules.no_peeking,
        "over": view.over,
    }
