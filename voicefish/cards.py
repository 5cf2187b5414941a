"""Ranks, suits, cards and the deck, with the notation used everywhere (``JS``, ``10H``).

This module knows nothing of the game; it is the vocabulary every other module shares.
"""

from __future__ import annotations

import random
from enum import Enum, IntEnum
from typing import Final, NamedTuple

__all__ = [
    "RANKS",
    "SUITS",
    "Card",
    "CardError",
    "Rank",
    "Suit",
    "full_deck",
    "parse_card",
    "parse_rank",
    "shuffled_deck",
]


class CardError(ValueError):
    """A card or rank written in a notation we do not know."""


class Rank(IntEnum):
    """A card rank, Ace (1) to King (13). ``code`` is the notation used in logs and JSON."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def code(self) -> str:
        """``A 2 3 4 5 6 7 8 9 10 J Q K``."""
        return _RANK_CODES[self.value]

    @property
    def is_face_or_ace(self) -> bool:
        """Aces, Kings, Queens and Jacks (the ranks ``point_fish`` scores 2)."""
        return self in (Rank.ACE, Rank.JACK, Rank.QUEEN, Rank.KING)

    def __str__(self) -> str:
        return self.code


class Suit(Enum):
    """A suit; suits never matter for books, only for exact cards under ``authors``."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    # Members are singletons compared by identity: hashed by identity in C, not by Enum's Python-level hash of the
    # name (a card's hash is its rank's and its suit's; the computer players hash cards in their inner loops)
    __hash__ = object.__hash__

    @property
    def code(self) -> str:
        """``S H D C``."""
        return self.value

    def __str__(self) -> str:
        return self.value


_RANK_CODES: Final = {1: "A", 11: "J", 12: "Q", 13: "K"} | {n: str(n) for n in range(2, 11)}
_CODE_TO_RANK: Final = {code: Rank(n) for n, code in _RANK_CODES.items()}
RANKS: Final[tuple[Rank, ...]] = tuple(Rank)
SUITS: Final[tuple[Suit, ...]] = tuple(Suit)
_CODE_TO_SUIT: Final = {s.value: s for s in SUITS}


class Card(NamedTuple):
    """One playing card. ``str(card)`` is rank code + suit code, e.g. ``JS`` or ``10H``."""

    rank: Rank
    suit: Suit

    def __str__(self) -> str:
        return _RANK_CODES[self.rank.value] + self.suit.value

    @property
    def code(self) -> str:
        """The notation ``JS``, ``10H``."""
        return str(self)


_ALL: Final = tuple(Card(r, s) for r in RANKS for s in SUITS)
_CODE_TO_CARD: Final = {str(c): c for c in _ALL}


def parse_rank(code: object) -> Rank:
    """``"J"`` → ``Rank.JACK``. Accepts the codes ``A 2 … 10 J Q K`` (case-insensitive); anything else (also what is
    not a string: a damaged log) is a :class:`CardError`."""
    rank = _CODE_TO_RANK.get(code.strip().upper()) if isinstance(code, str) else None
    if rank is None:
        raise CardError(f"unknown rank {code!r}; ranks are A 2 3 4 5 6 7 8 9 10 J Q K")
    return rank


def parse_card(code: object) -> Card:
    """``"10H"`` → ``Card(Rank.TEN, Suit.HEARTS)``; anything else is a :class:`CardError`."""
    card = _CODE_TO_CARD.get(code.strip().upper()) if isinstance(code, str) else None
    if card is None:
        raise CardError(f"unknown card {code!r}; cards are rank+suit such as JS or 10H")
    return card


def full_deck() -> list[Card]:
    """The 52 cards in a fixed order (by rank, then suit S H D C)."""
    return list(_ALL)


def shuffled_deck(rng: random.Random) -> list[Card]:
    """A freshly shuffled 52-card deck drawn from ``rng``: ``rng.shuffle`` of :func:`full_deck`.

    For a plain ``random.Random`` the shuffle is written out (a game deals from one, so it is on every game's
    path): CPython's Fisher-Yates, each index drawn as ``Random._randbelow`` draws it (``getrandbits`` of the
    bound's bit length until below the bound), without its two calls per card: the same deck, about twice as fast.
    """
    deck = list(_ALL)
    if type(rng) is not random.Random:
        rng.shuffle(deck)
        return deck
    bits = rng.getrandbits
    for i, n, k in _SHUFFLE_STEPS:
        j = bits(k)
        while j >= n:
            j = bits(k)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


_SHUFFLE_STEPS: Final = tuple((i, i + 1, (i + 1).bit_length()) for i in reversed(range(1, len(_ALL))))
"""Per step of the shuffle: the position filled, the bound of the index drawn for it, and the bound's bit length."""
