"""English words for cards, ranks and counts — the message catalogue's vocabulary.

Other languages follow by adding a module with the same functions; nothing else builds sentences.
"""

from __future__ import annotations

from collections.abc import Sequence

from voicefish.cards import Card, Rank, Suit

__all__ = ["card_name", "cards_phrase", "join", "number", "rank_name", "rank_plural", "ranks_phrase"]

_RANK = {
    Rank.ACE: ("ace", "aces"),
    Rank.TWO: ("two", "twos"),
    Rank.THREE: ("three", "threes"),
    Rank.FOUR: ("four", "fours"),
    Rank.FIVE: ("five", "fives"),
    Rank.SIX: ("six", "sixes"),
    Rank.SEVEN: ("seven", "sevens"),
    Rank.EIGHT: ("eight", "eights"),
    Rank.NINE: ("nine", "nines"),
    Rank.TEN: ("ten", "tens"),
    Rank.JACK: ("jack", "jacks"),
    Rank.QUEEN: ("queen", "queens"),
    Rank.KING: ("king", "kings"),
}
_SUIT = {Suit.SPADES: "spades", Suit.HEARTS: "hearts", Suit.DIAMONDS: "diamonds", Suit.CLUBS: "clubs"}
_NUMBERS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"]


def rank_name(rank: Rank) -> str:
    return _RANK[rank][0]


def rank_plural(rank: Rank) -> str:
    return _RANK[rank][1]


def rank_count(rank: Rank, n: int) -> str:
    """``two jacks``, ``one jack``, ``a jack`` (n=1 → "a"/"an")."""
    if n == 1:
        name = rank_name(rank)
        return ("an " if name[0] in "aeiou" else "a ") + name
    return f"{number(n)} {rank_plural(rank)}"


def card_name(card: Card) -> str:
    """``the seven of hearts``."""
    return f"the {rank_name(card.rank)} of {_SUIT[card.suit]}"


def number(n: int) -> str:
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)


def join(items: Sequence[str], conj: str = "and") -> str:
    items = list(items)
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + f" {conj} " + items[-1]


def ranks_phrase(ranks: Sequence[Rank]) -> str:
    return join([rank_plural(r) for r in ranks])


def cards_phrase(cards: Sequence[Card]) -> str:
    """A hand read aloud, grouped by rank: ``two sevens, a jack and three kings``."""
    counts: dict[Rank, int] = {}
    for c in cards:
        counts[c.rank] = counts.get(c.rank, 0) + 1
    return join([rank_count(r, n) for r, n in sorted(counts.items())])
