"""Who a spoken name means: player names, nicknames, "player two", "the computer", misheard names.

A table's names become :class:`NameForm` values (every way of saying a player, each mapped to the
players it may mean). Misheard names are matched with rapidfuzz; when two players are about as
close as each other the result lists both, and the caller must ask — never pick silently.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from rapidfuzz import fuzz, process

from voicefish.speech.normalize import match_key, spoken_form

__all__ = ["FUZZY_CUTOFF", "FUZZY_MARGIN", "NameForm", "NameMatcher", "merge_forms"]

FUZZY_CUTOFF = 60.0
"""Least rapidfuzz ``ratio`` (0–100) for an unknown word to be taken as a misheard name."""
FUZZY_MARGIN = 12.0
"""Names scoring within this many points of the best one are all candidates (an ambiguous result)."""
_MIN_FUZZY_LEN = 3


@dataclass(frozen=True, slots=True)
class NameForm:
    """One way of saying a player."""

    spoken: tuple[str, ...]
    """The words as a recognizer writes them (``("player", "two")``)."""
    players: tuple[str, ...]
    """Who it may mean, spelled as in the player list, in seat order; more than one means ambiguous."""
    spoken_ok: bool = True
    """False for parse-only forms (digits, misheard numbers): never offered to a recognizer."""

    @property
    def key(self) -> str:
        """The matching form (``"player two"``)."""
        return match_key(" ".join(self.spoken))


def merge_forms(forms: Iterable[NameForm], seat_order: Mapping[str, int]) -> list[NameForm]:
    """One form per matching key; a key shared by several players means all of them."""
    merged: dict[str, NameForm] = {}
    for form in forms:
        key = form.key
        if not key:
            continue
        old = merged.get(key)
        if old is None:
            merged[key] = form
            continue
        players = tuple(sorted(set(old.players) | set(form.players), key=lambda p: seat_order.get(p, 99)))
        merged[key] = NameForm(old.spoken, players, old.spoken_ok or form.spoken_ok)
    return list(merged.values())


def possessive(words: tuple[str, ...]) -> tuple[str, ...]:
    """``("sam",)`` → ``("sam's",)``; ``("james",)`` → ``("james'",)`` is written ``("james's",)`` too."""
    return (*words[:-1], words[-1] + "'s")


class NameMatcher:
    """Exact and fuzzy lookup of a table's names."""

    def __init__(self, forms: Iterable[NameForm]) -> None:
        self.forms = list(forms)
        self.exact: dict[str, tuple[str, ...]] = {f.key: f.players for f in self.forms}
        self.possessive: dict[str, tuple[str, ...]] = {}
        for f in self.forms:
            self.possessive.setdefault(f.key + "s", f.players)
            if f.key.endswith("s"):
                self.possessive.setdefault(f.key, f.players)
        self._single = [k for k in self.exact if " " not in k and not k.isdigit()]

    def fuzzy(self, word: str, *, possessive: bool = False) -> tuple[tuple[str, ...], float]:
        """Players a misheard single ``word`` may mean, best first, and the best ratio (0 when none)."""
        if len(word) < _MIN_FUZZY_LEN or word.isdigit() or not self._single:
            return (), 0.0
        probes = [word]
        if possessive and word.endswith("s") and len(word) > _MIN_FUZZY_LEN:
            probes.append(word[:-1])
        best: dict[str, float] = {}
        for probe in probes:
            for key, score, _ in process.extract(
                probe, self._single, scorer=fuzz.ratio, score_cutoff=FUZZY_CUTOFF, limit=None
            ):
                for player in self.exact[key]:
                    best[player] = max(best.get(player, 0.0), float(score))
        if not best:
            return (), 0.0
        top = max(best.values())
        ranked = sorted((p for p, s in best.items() if s >= top - FUZZY_MARGIN), key=lambda p: -best[p])
        return tuple(ranked), top


def player_forms(players: Iterable[str], aliases: Mapping[str, Iterable[str]]) -> list[NameForm]:
    """The players' own names, the first word of a name of several words ("Mary" for "Mary Ann"), nicknames.

    A first word shared by two players ("Mary Ann", "Mary Jo") means both, so it comes out ambiguous.
    """
    forms = [NameForm(spoken_form(p), (p,)) for p in players]
    forms += [NameForm(f.spoken[:1], f.players) for f in list(forms) if len(f.spoken) > 1]
    for player, names in aliases.items():
        forms.extend(NameForm(spoken_form(a), (player,)) for a in names)
    return [f for f in forms if f.spoken]
