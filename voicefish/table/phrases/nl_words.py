"""The Dutch phrasebook's vocabulary and agreement: card, rank and suit names, numbers, and the rules that make
them agree (see :mod:`voicefish.table.phrases.nl`, which says every sentence with them)."""

from __future__ import annotations

from collections.abc import Sequence

from voicefish.cards import Card, Rank, Suit
from voicefish.table.phrases._common import cards_by_rank, join_with

# --- vocabulary and agreement -----------------------------------------------------------------

_VOWELS = "aeiou"
_LONG = ("aa", "ee", "oo", "uu", "ie", "oe", "eu", "ij", "ei", "ui", "ou", "au")


def pluralize(word: str) -> str:
    """The regular Dutch plural of ``word`` by its spelling."""
    w = word
    if w.endswith(("ee", "ie")):
        return w + "ën"
    if w.endswith(("en", "el", "er", "em")) and w[-3] not in _VOWELS and any(c in _VOWELS for c in w[:-3]):
        return w + "s"  # an unstressed last syllable: zeven → zevens, negen → negens
    if w[-1] in _VOWELS:
        return w + "s"
    tail = w[:-1]
    cons = {"f": "v", "s": "z"}.get(w[-1], w[-1])
    if w[-2] not in _VOWELS and not tail.endswith(_LONG):
        return w + "en"  # two consonants (acht, kaart, punt) or a -w diphthong (vrouw)
    if tail.endswith(("aa", "ee", "oo", "uu")):
        return tail[:-1] + cons + "en"
    if tail.endswith(_LONG):
        return tail + cons + "en"
    return w + w[-1] + "en"  # short vowel: zes → zessen, spel → spellen


_RANK = {
    r: w
    for r, w in zip(
        Rank,
        ["aas", "twee", "drie", "vier", "vijf", "zes", "zeven", "acht", "negen", "tien", "boer", "vrouw", "heer"],
        strict=True,
    )
}
_SUIT = {Suit.SPADES: "schoppen", Suit.HEARTS: "harten", Suit.DIAMONDS: "ruiten", Suit.CLUBS: "klaveren"}
_NUMBERS = ["nul", "één", "twee", "drie", "vier", "vijf", "zes", "zeven", "acht", "negen", "tien", "elf", "twaalf"]
CARD = "kaart"
BOOK = "boek"
PAIR = "paar"
POINT = "punt"
GAME = "spel"


def number(n: int) -> str:
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)


def plural(n: int, word: str, words: str | None = None) -> str:
    """één kaart, twee kaarten, nul punten."""
    return f"{number(n)} {word if n == 1 else (words or pluralize(word))}"


def rank_name(rank: Rank) -> str:
    return _RANK[rank]


def rank_plural(rank: Rank) -> str:
    return pluralize(_RANK[rank])


def a_rank(rank: Rank) -> str:
    return f"een {rank_name(rank)}"


def rank_count(rank: Rank, n: int) -> str:
    return a_rank(rank) if n == 1 else f"{number(n)} {rank_plural(rank)}"


def card_name(card: Card) -> str:
    """de zeven van harten: every card name is a de-word."""
    return f"de {rank_name(card.rank)} van {_SUIT[card.suit]}"


def pronoun(count: int) -> str:
    """The object pronoun for de-words: hem (one), ze (more)."""
    return "hem" if count == 1 else "ze"


def join(items: Sequence[str], conj: str = "en") -> str:
    return join_with(items, conj)


def _with_suits(rank: Rank, cs: list[Card]) -> str:
    name = rank_name(rank) if len(cs) == 1 else rank_plural(rank)
    return f"de {name} van {join([_SUIT[c.suit] for c in cs])}"


def cards_phrase(cards: Sequence[Card], *, suits: bool = False) -> str:
    """twee zevens, een boer en drie heren; with suits: de zevens van klaveren en harten; de heer van schoppen."""
    return cards_by_rank(cards, suits=suits, counted=rank_count, with_suits=_with_suits, join=join)
