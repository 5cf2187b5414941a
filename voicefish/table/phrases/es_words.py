"""The Spanish phrasebook's vocabulary and agreement: card, rank and suit names, numbers, and the rules that make
them agree (see :mod:`voicefish.table.phrases.es`, which says every sentence with them)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from voicefish.cards import Card, Rank, Suit
from voicefish.table.phrases._common import cards_by_rank, join_with

# --- vocabulary and agreement -----------------------------------------------------------------


@dataclass(frozen=True)
class Noun:
    sg: str
    fem: bool = False

    @property
    def pl(self) -> str:
        """as → ases, dos → doses, diez → dieces, rey → reyes, siete → sietes, jota → jotas."""
        w = self.sg
        if w[-1] in "aeiouáéó":
            return w + "s"
        if w.endswith("z"):
            return w[:-1] + "ces"
        return w + "es"


def _noun(word: str) -> Noun:
    """Gender by ending: -a is feminine (carta, jota, reina, pareja, partida), the rest masculine."""
    return Noun(word, fem=word.endswith("a"))


_RANK: dict[Rank, Noun] = {
    r: _noun(w)
    for r, w in zip(
        Rank,
        ["as", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve", "diez", "jota", "reina", "rey"],
        strict=True,
    )
}
_SUIT = {Suit.SPADES: "picas", Suit.HEARTS: "corazones", Suit.DIAMONDS: "diamantes", Suit.CLUBS: "tréboles"}
_NUMBERS = ["cero", "uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve", "diez", "once", "doce"]
CARD = _noun("carta")
BOOK = _noun("cuarteto")
PAIR = _noun("pareja")
POINT = _noun("punto")
GAME = _noun("partida")
_NOUNS = {n.sg: n for n in (CARD, BOOK, PAIR, POINT, GAME)}


def definite(noun: Noun, *, plural: bool = False) -> str:
    art = ("las" if plural else "la") if noun.fem else ("los" if plural else "el")
    return f"{art} {noun.pl if plural else noun.sg}"


def indefinite(noun: Noun) -> str:
    return f"{'una' if noun.fem else 'un'} {noun.sg}"


def none_of(noun: Noun) -> str:
    """ninguno/ninguna as a pronoun standing for ``noun``."""
    return "ninguna" if noun.fem else "ninguno"


def pronoun(noun: Noun, count: int) -> str:
    """lo, la, los, las."""
    return ("la" if noun.fem else "lo") + ("s" if count != 1 else "")


def number(n: int, noun: Noun | None = None) -> str:
    if n == 1 and noun is not None:
        return "una" if noun.fem else "uno"
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)


def plural(n: int, word: str, words: str | None = None) -> str:
    """una carta, dos cartas, un punto, cero cartas."""
    noun = _NOUNS.get(word) or _noun(word)
    if n == 1:
        return indefinite(noun)
    return f"{number(n)} {words or noun.pl}"


def rank_name(rank: Rank) -> str:
    return _RANK[rank].sg


def rank_plural(rank: Rank) -> str:
    return _RANK[rank].pl


def a_rank(rank: Rank) -> str:
    return indefinite(_RANK[rank])


def rank_count(rank: Rank, n: int) -> str:
    return a_rank(rank) if n == 1 else f"{number(n)} {rank_plural(rank)}"


def card_name(card: Card) -> str:
    """el siete de corazones, la reina de picas."""
    return f"{definite(_RANK[card.rank])} de {_SUIT[card.suit]}"


def _conj(conj: str, nxt: str) -> str:
    """y → e before an /i/ sound (Ana e Isabel, but "y hielo"), o → u before an /o/ sound (siete u ocho)."""
    w = nxt.lower()
    if conj == "y" and w.startswith(("i", "hi", "í", "hí")) and not w.startswith(("hia", "hie", "hio", "hiu")):
        return "e"
    if conj == "o" and w.startswith(("o", "ho", "ó", "hó")):
        return "u"
    return conj


def join(items: Sequence[str], conj: str = "y") -> str:
    items = list(items)
    return join_with(items, _conj(conj, items[-1]) if items else conj)


def _with_suits(rank: Rank, cs: list[Card]) -> str:
    return f"{definite(_RANK[rank], plural=len(cs) > 1)} de {join([_SUIT[c.suit] for c in cs])}"


def cards_phrase(cards: Sequence[Card], *, suits: bool = False) -> str:
    """dos sietes, una jota y tres reyes; with suits: los sietes de tréboles y corazones; el rey de picas."""
    return cards_by_rank(cards, suits=suits, counted=rank_count, with_suits=_with_suits, join=join)
