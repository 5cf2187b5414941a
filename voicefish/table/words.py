"""English words for cards, ranks and counts — the message catalogue's vocabulary.

Other languages follow by adding a module with the same functions; nothing else builds sentences.
"""

from __future__ import annotations

from collections.abc import Sequence

from voicefish.cards import Card, Rank, Suit

__all__ = [
    "a_rank",
    "article",
    "card_name",
    "cards_phrase",
    "join",
    "number",
    "plural",
    "rank_count",
    "rank_name",
    "rank_plural",
    "ranks_phrase",
]

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


def article(word: str) -> str:
    """``a jack``, ``an eight``, ``an ace``: the indefinite article by the sound of the word's start."""
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


def a_rank(rank: Rank) -> str:
    """``a jack``, ``an eight``."""
    return article(rank_name(rank))


def rank_count(rank: Rank, n: int) -> str:
    """``two jacks``, ``a jack``, ``an ace`` (n=1 → "a"/"an")."""
    if n == 1:
        return a_rank(rank)
    return f"{number(n)} {rank_plural(rank)}"


def plural(n: int, word: str, words: str | None = None) -> str:
    """``one card``, ``two cards``, ``no cards``: a count with its noun in agreement."""
    return f"{number(n)} {word if n == 1 else (words or word + 's')}"


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


def cards_phrase(cards: Sequence[Card], *, suits: bool = False) -> str:
    """A hand read aloud, grouped by rank: ``two sevens, a jack and three kings``; with ``suits`` (for ``authors``,
    where a player asks for an exact card): ``the sevens of hearts and clubs; the king of spades``."""
    groups: dict[Rank, list[Card]] = {}
    for c in cards:
        groups.setdefault(c.rank, []).append(c)
    if not suits:
        return join([rank_count(r, len(cs)) for r, cs in sorted(groups.items())])
    parts = []
    for r, cs in sorted(groups.items()):
        names = [_SUIT[c.suit] for c in sorted(cs, key=lambda c: c.suit.value)]
        parts.append(f"the {rank_name(r) if len(cs) == 1 else rank_plural(r)} of {join(names)}")
    return "; ".join(parts)
