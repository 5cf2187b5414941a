"""The Italian phrasebook's vocabulary and agreement: card, rank and suit names, numbers, and the rules that make
them agree (see :mod:`voicefish.table.phrases.it`, which says every sentence with them)."""

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
    invariable: bool = False

    @property
    def pl(self) -> str:
        """-o/-e → -i (asso → assi, fante → fanti), -a → -e (donna → donne, carta → carte; -ca/-ga → -che/-ghe)."""
        w = self.sg
        if self.invariable:
            return w
        if w.endswith(("ca", "ga")):
            return w[:-1] + "he"
        if w.endswith("a"):
            return w[:-1] + ("e" if self.fem else "i")
        if w.endswith(("o", "e")):
            return w[:-1] + "i"
        return w


def _noun(word: str, *, invariable: bool = False) -> Noun:
    """Gender by ending: -a is feminine (carta, coppia, partita, donna), the rest masculine."""
    return Noun(word, fem=word.endswith("a"), invariable=invariable)


_RANK: dict[Rank, Noun] = {
    Rank.ACE: _noun("asso"),
    # cards named by a numeral are masculine and invariable: il sette, i sette
    **{
        r: Noun(w, invariable=True)
        for r, w in zip(
            [Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN],
            ["due", "tre", "quattro", "cinque", "sei", "sette", "otto", "nove", "dieci"],
            strict=True,
        )
    },
    Rank.JACK: _noun("fante"),
    Rank.QUEEN: _noun("donna"),
    Rank.KING: Noun("re", invariable=True),
}
_SUIT = {Suit.SPADES: "picche", Suit.HEARTS: "cuori", Suit.DIAMONDS: "quadri", Suit.CLUBS: "fiori"}
_NUMBERS = ["zero", "uno", "due", "tre", "quattro", "cinque", "sei", "sette", "otto", "nove", "dieci"]
_NUMBERS += ["undici", "dodici"]
CARD = _noun("carta")
BOOK = _noun("quartetto")
PAIR = _noun("coppia")
POINT = _noun("punto")
GAME = _noun("partita")
_NOUNS = {n.sg: n for n in (CARD, BOOK, PAIR, POINT, GAME)}


def _vowel(word: str) -> bool:
    return word[:1].lower() in "aeiouàèéìòù"


def _impure(word: str) -> bool:
    """s + consonant, z, gn, ps, x, y: the sounds that take "lo"/"gli"/"uno"."""
    w = word.lower()
    return (len(w) > 1 and w[0] == "s" and not _vowel(w[1:])) or w.startswith(("z", "gn", "ps", "x", "y"))


def definite(noun: Noun, *, plural: bool = False) -> str:
    """il fante, lo zero, l'asso, la donna, l'ora; i fanti, gli assi, le donne."""
    word = noun.pl if plural else noun.sg
    if noun.fem:
        return f"le {word}" if plural else (f"l'{word}" if _vowel(word) else f"la {word}")
    if plural:
        return f"gli {word}" if _vowel(word) or _impure(word) else f"i {word}"
    if _vowel(word):
        return f"l'{word}"
    return f"lo {word}" if _impure(word) else f"il {word}"


def indefinite(noun: Noun, stem: str = "") -> str:
    """un asso, uno zero, una donna, un'ora; with ``stem="ness"``: nessun asso, nessuna donna, nessun'ora."""
    w = noun.sg
    art = ("un'" if _vowel(w) else "una ") if noun.fem else ("uno " if _impure(w) else "un ")
    return f"{stem}{art}{w}"


def partitive(noun: Noun) -> str:
    """dei fanti, degli assi, delle donne: di + the definite plural article."""
    art, word = definite(noun, plural=True).split(" ", 1)
    return {"i": "dei", "gli": "degli", "le": "delle"}[art] + " " + word


def pronoun(noun: Noun, count: int) -> str:
    """The direct-object pronoun for ``count`` of ``noun``: lo, la, li, le."""
    if count == 1:
        return "la" if noun.fem else "lo"
    return "le" if noun.fem else "li"


def number(n: int, noun: Noun | None = None) -> str:
    if n == 1 and noun is not None:
        return indefinite(noun).rsplit(noun.sg, 1)[0].strip().rstrip("'")
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)


def plural(n: int, word: str, words: str | None = None) -> str:
    """``una carta``, ``due carte``, ``un punto``, ``zero carte``: a count with its noun in agreement."""
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
    """un fante, due fanti, tre donne, un asso."""
    return a_rank(rank) if n == 1 else f"{number(n)} {rank_plural(rank)}"


def card_name(card: Card) -> str:
    """il sette di cuori, l'asso di picche, la donna di fiori."""
    return f"{definite(_RANK[card.rank])} di {_SUIT[card.suit]}"


def euphonic(word: str, nxt: str) -> str:
    """a → ad, e → ed before a word starting with the same vowel (ad Anna, Marco ed Elena)."""
    return word + "d" if word in ("a", "e") and nxt[:1].lower() == word else word


def to(name: str) -> str:
    """``a Marco``, ``ad Anna``."""
    return f"{euphonic('a', name)} {name}"


def join(items: Sequence[str], conj: str = "e") -> str:
    items = list(items)
    return join_with(items, euphonic(conj, items[-1]) if items else conj)


def _with_suits(rank: Rank, cs: list[Card]) -> str:
    return f"{definite(_RANK[rank], plural=len(cs) > 1)} di {join([_SUIT[c.suit] for c in cs])}"


def cards_phrase(cards: Sequence[Card], *, suits: bool = False) -> str:
    """due sette, un fante e tre re; with suits: i sette di cuori e fiori; il re di picche."""
    return cards_by_rank(cards, suits=suits, counted=rank_count, with_suits=_with_suits, join=join)


def _unit_noun(word: str) -> Noun:
    return _NOUNS.get(word) or _noun(word)
