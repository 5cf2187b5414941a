"""The Polish phrasebook's vocabulary and agreement: card, rank and suit names, numbers, and the rules that make
them agree (see :mod:`voicefish.table.phrases.pl`, which says every sentence with them)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from voicefish.cards import Card, Rank, Suit
from voicefish.table.phrases._common import cards_by_rank, join_with

# --- vocabulary and agreement -----------------------------------------------------------------

Case = Literal["nom", "acc", "gen", "loc"]
_SOFT = ("l", "j", "ś", "ć", "ń", "ź", "cz", "sz", "rz", "ż", "c", "dz")
_LOC_SOFTEN = {"k": "ce", "g": "dze", "r": "rze", "t": "cie", "d": "dzie", "m": "mie", "n": "nie", "w": "wie"}


@dataclass(frozen=True)
class Noun:
    """A noun in its dictionary form: feminine in -a, or masculine ending in a consonant (``animate`` when its
    accusative singular is its genitive, as card figures are: "mam asa", "mam króla")."""

    word: str
    animate: bool = False
    gen_pl_irregular: str = ""

    @property
    def fem(self) -> bool:
        return self.word.endswith("a")

    def _soft(self) -> bool:
        return self.word.endswith(_SOFT)

    def sg(self, case: Case) -> str:
        w = self.word
        if self.fem:
            stem = w[:-1]
            return {
                "nom": w,
                "acc": stem + "ę",
                "gen": stem + ("i" if stem.endswith(("k", "g")) else "y"),
                "loc": stem[:-1] + _LOC_SOFTEN.get(stem[-1], stem[-1] + "ie"),
            }[case]
        gen = w + ("a" if self.animate else "u")
        if case == "nom":
            return w
        if case == "acc":
            return gen if self.animate else w
        if case == "gen":
            return gen
        return w[:-1] + _LOC_SOFTEN[w[-1]] if w[-1] in _LOC_SOFTEN and w[-1] not in "kg" else w + "u"

    def pl(self, case: Case) -> str:
        w = self.word
        if self.fem:
            stem = w[:-1]
            if case == "loc":
                return stem + "ach"
            if case == "gen":
                if self.gen_pl_irregular:
                    return self.gen_pl_irregular
                # a closing consonant cluster with -k- takes a mobile e: siódemka → siódemek, dwójka → dwójek
                return stem[:-1] + "ek" if stem.endswith("k") and stem[-2] not in "aeiouyąęó" else stem
            return stem + ("i" if stem.endswith(("k", "g")) else "y")
        if case == "loc":
            return w + "ach"
        if case == "gen":
            return w + ("i" if self._soft() else "ów")
        return w + ("e" if self._soft() else ("i" if w.endswith(("k", "g")) else "y"))


_RANK: dict[Rank, Noun] = {
    Rank.ACE: Noun("as", animate=True),
    **{
        r: Noun(w)
        for r, w in zip(
            [Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN],
            ["dwójka", "trójka", "czwórka", "piątka", "szóstka", "siódemka", "ósemka", "dziewiątka", "dziesiątka"],
            strict=True,
        )
    },
    Rank.JACK: Noun("walet", animate=True),
    Rank.QUEEN: Noun("dama"),
    Rank.KING: Noun("król", animate=True),
}
# suits follow the card name undeclined: as kier, siódemkę trefl
_SUIT = {Suit.SPADES: "pik", Suit.HEARTS: "kier", Suit.DIAMONDS: "karo", Suit.CLUBS: "trefl"}
CARD = Noun("karta")
BOOK = Noun("zestaw")
PAIR = Noun("para")
POINT = Noun("punkt")
GAME = Noun("gra", gen_pl_irregular="gier")
_NOUNS = {n.word: n for n in (CARD, BOOK, PAIR, POINT, GAME)}
_NUMBERS = ["zero", "jeden", "dwa", "trzy", "cztery", "pięć", "sześć", "siedem", "osiem", "dziewięć", "dziesięć"]
_NUMBERS += ["jedenaście", "dwanaście"]
_NUMBERS_LOC = ["zero", "jednym", "dwóch", "trzech", "czterech", "pięciu", "sześciu", "siedmiu", "ośmiu"]
_NUMBERS_LOC += ["dziewięciu", "dziesięciu", "jedenastu", "dwunastu"]


def few(n: int) -> bool:
    """The counts that take the nominative plural: 2–4, 22–24, 32–34, … (not 12–14)."""
    return n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14)


def number(n: int, noun: Noun | None = None, case: Case = "nom") -> str:
    """The numeral for ``n`` in agreement with ``noun``: jeden/jedna/jedną, dwa/dwie; digits above twelve."""
    fem = noun is not None and noun.fem
    if case == "loc":
        if n == 1:
            return "jednej" if fem else "jednym"
        return _NUMBERS_LOC[n] if 0 <= n < len(_NUMBERS_LOC) else str(n)
    if n == 1:
        if fem:
            return "jedną" if case == "acc" else "jedna"
        if noun is not None and noun.animate and case == "acc":
            return "jednego"
        return "jeden"
    if n == 2 and fem:
        return "dwie"
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)


def amount(n: int, noun: Noun, case: Case = "nom") -> str:
    """``n`` of ``noun`` in ``case`` (nominative or accusative, which are alike for these counts beyond one; or
    locative): jedna karta / jedną kartę, dwie karty, pięć kart, 22 karty; po dwóch grach."""
    if case == "loc":
        return f"{number(n, noun, 'loc')} {noun.sg('loc') if n == 1 else noun.pl('loc')}"
    if n == 1:
        return f"{number(1, noun, case)} {noun.sg(case)}"
    return f"{number(n, noun)} {noun.pl('nom') if few(n) else noun.pl('gen')}"


def plural(n: int, word: str, words: str | None = None) -> str:
    """``jedna karta``, ``dwie karty``, ``pięć kart``: a count with its noun in agreement (the nominative)."""
    return amount(n, _NOUNS.get(word) or Noun(word))


def rank_name(rank: Rank) -> str:
    return _RANK[rank].word


def rank_plural(rank: Rank) -> str:
    return _RANK[rank].pl("nom")


def a_rank(rank: Rank, case: Case = "nom") -> str:
    """One card of ``rank``, named without a numeral (as English says "a jack"): as / asa, siódemka / siódemkę."""
    return _RANK[rank].sg(case)


def rank_count(rank: Rank, n: int, case: Case = "nom") -> str:
    """as, dwa asy, pięć asów; siódemkę, dwie siódemki, pięć siódemek."""
    return a_rank(rank, case) if n == 1 else amount(n, _RANK[rank], case)


def card_name(card: Card, case: Case = "nom") -> str:
    """król trefl, króla trefl; siódemka kier, siódemkę kier, siódemki kier (genitive)."""
    return f"{_RANK[card.rank].sg(case)} {_SUIT[card.suit]}"


def pronoun(noun: Noun, n: int) -> str:
    """The accusative pronoun: go (one, masculine), ją (one, feminine), je (more)."""
    if n != 1:
        return "je"
    return "ją" if noun.fem else "go"


def join(items: Sequence[str], conj: str = "i") -> str:
    return join_with(items, conj)


def cards_phrase(cards: Sequence[Card], *, suits: bool = False, case: Case = "nom") -> str:
    """dwie siódemki, as i trzy króle (accusative: … asa …); with suits: siódemki trefl i kier; król pik."""

    def counted(rank: Rank, n: int) -> str:
        return rank_count(rank, n, case)

    def with_suits(rank: Rank, cs: list[Card]) -> str:
        if len(cs) == 1:
            return card_name(cs[0], case)
        return f"{rank_plural(rank)} {join([_SUIT[c.suit] for c in cs])}"

    return cards_by_rank(cards, suits=suits, counted=counted, with_suits=with_suits, join=join)
