"""The Portuguese phrasebook's vocabulary and agreement: card, rank and suit names, numbers, and the rules that make
them agree (see :mod:`voicefish.table.phrases.pt`, which says every sentence with them)."""

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
    irregular_pl: str = ""
    numeral: bool = False

    @property
    def pl(self) -> str:
        """sete → setes, dama → damas, rei → reis, par → pares; dois, três, seis, dez are invariable."""
        w = self.sg
        if self.irregular_pl:
            return self.irregular_pl
        if w[-1] in "aeiouáéêóô":
            return w + "s"
        if self.numeral and w.endswith(("s", "z")):
            return w  # os dois, os três, os seis, os dez
        if w.endswith(("r", "z")):
            return w + "es"
        if w.endswith("l"):
            return w[:-1] + "is"
        return w


def _noun(word: str, irregular_pl: str = "", *, numeral: bool = False) -> Noun:
    """Gender by ending: -a is feminine (carta, dama, partida), the rest masculine."""
    return Noun(word, fem=word.endswith("a"), irregular_pl=irregular_pl, numeral=numeral)


_RANK: dict[Rank, Noun] = {
    Rank.ACE: _noun("ás", "ases"),  # a stressed monosyllable in -s: the plural adds -es and drops the accent
    **{
        r: _noun(w, numeral=r <= Rank.TEN)
        for r, w in zip(
            list(Rank)[1:],
            ["dois", "três", "quatro", "cinco", "seis", "sete", "oito", "nove", "dez", "valete", "dama", "rei"],
            strict=True,
        )
    },
}
_SUIT = {Suit.SPADES: "espadas", Suit.HEARTS: "copas", Suit.DIAMONDS: "ouros", Suit.CLUBS: "paus"}
_NUMBERS = ["zero", "um", "dois", "três", "quatro", "cinco", "seis", "sete", "oito", "nove", "dez", "onze", "doze"]
CARD = _noun("carta")
BOOK = _noun("conjunto")
PAIR = _noun("par")
POINT = _noun("ponto")
GAME = _noun("partida")
_NOUNS = {n.sg: n for n in (CARD, BOOK, PAIR, POINT, GAME)}


def definite(noun: Noun, *, plural: bool = False) -> str:
    art = ("as" if plural else "a") if noun.fem else ("os" if plural else "o")
    return f"{art} {noun.pl if plural else noun.sg}"


def indefinite(noun: Noun) -> str:
    return f"{'uma' if noun.fem else 'um'} {noun.sg}"


def none_of(noun: Noun) -> str:
    return "nenhuma" if noun.fem else "nenhum"


def some_of(noun: Noun) -> str:
    """algum valete, alguma dama: "any" with the singular, never ambiguous with a count ("algum dois")."""
    return f"{'alguma' if noun.fem else 'algum'} {noun.sg}"


def pronoun(noun: Noun, count: int) -> str:
    """ele, ela, eles, elas."""
    return ("ela" if noun.fem else "ele") + ("s" if count != 1 else "")


def number(n: int, noun: Noun | None = None) -> str:
    """um/uma and dois/duas agree with the noun's gender."""
    if noun is not None and noun.fem and n in (1, 2):
        return "uma" if n == 1 else "duas"
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)


def plural(n: int, word: str, words: str | None = None) -> str:
    """uma carta, duas cartas, um ponto, dois pontos, zero cartas."""
    noun = _NOUNS.get(word) or _noun(word)
    if n == 1:
        return indefinite(noun)
    return f"{number(n, noun)} {words or noun.pl}"


def rank_name(rank: Rank) -> str:
    return _RANK[rank].sg


def rank_plural(rank: Rank) -> str:
    return _RANK[rank].pl


def a_rank(rank: Rank) -> str:
    return indefinite(_RANK[rank])


def rank_count(rank: Rank, n: int) -> str:
    """um valete, dois valetes, duas damas."""
    return a_rank(rank) if n == 1 else f"{number(n, _RANK[rank])} {rank_plural(rank)}"


def card_name(card: Card) -> str:
    """o sete de copas, a dama de espadas."""
    return f"{definite(_RANK[card.rank])} de {_SUIT[card.suit]}"


def join(items: Sequence[str], conj: str = "e") -> str:
    return join_with(items, conj)


def _with_suits(rank: Rank, cs: list[Card]) -> str:
    return f"{definite(_RANK[rank], plural=len(cs) > 1)} de {join([_SUIT[c.suit] for c in cs])}"


def cards_phrase(cards: Sequence[Card], *, suits: bool = False) -> str:
    """dois setes, um valete e três reis; with suits: os setes de paus e copas; o rei de espadas."""
    return cards_by_rank(cards, suits=suits, counted=rank_count, with_suits=_with_suits, join=join)
