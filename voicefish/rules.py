"""The rule set: every house rule and variant of RULES.md as one frozen value.

Rules are data. The engine asks a :class:`RuleSet` questions (``hand_size(n)``,
``book_size``, ``points(rank)``) instead of branching on table sizes itself.
Switch names are the ones used in the rules document; presets are found by name or alias.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, fields, replace
from typing import Final

from voicefish.cards import Rank

__all__ = [
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "PRESETS",
    "SWITCHES",
    "RuleError",
    "RuleSet",
    "preset",
]

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 6


class RuleError(ValueError):
    """An unknown switch or preset, or a combination of switches that makes no sense. ``kind`` and ``facts`` name
    the sentence a command says it with in the table's language (``voicefish/table/phrases/en_command.py``:
    ``unknown_rule`` or ``rules_clash``); ``str()`` is the English line."""

    def __init__(self, message: str, *, kind: str = "", **facts: str) -> None:
        super().__init__(message)
        self.kind = kind
        self.facts = facts


@dataclass(frozen=True, slots=True)
class RuleSet:
    """Which house rules and variants are on. The default value is the classic game."""

    seven_for_two_only: bool = False
    """Deal 7 cards only with 2 players, 5 with 3–6 (default: 7 with 2–3, 5 with 4–6)."""
    turn_to_asked_player: bool = False
    """After a Go Fish the turn passes to the asked player (default: to the asker's left)."""
    empty_hand_ends_game: bool = False
    """The game ends as soon as any hand is empty (default: refill 5 from the stock)."""
    stock_out_ends_game: bool = False
    """The game ends when the stock runs out (default: play on with the hands)."""
    point_fish: bool = False
    """Books of A, K, Q, J score 2; number books score 1."""
    sudden_death: bool = False
    """A tie is broken by one 5-card hand; the first to lay a book wins (default: shared win)."""
    authors: bool = False
    """Ask for one exact card instead of a rank."""
    may_ask_for_held_card: bool = False
    """Under ``authors``: asking for a card you hold is a legal bluff that always misses."""
    pairs: bool = False
    """Books are pairs (two cards of a rank) instead of four."""
    continuous: bool = False
    """Once the stock is empty play goes on until every card is booked; a miss passes to the asked player."""
    no_peeking: bool = False
    """A player may read their own hand only during their own turn."""

    def __post_init__(self) -> None:
        problems, clashes = [], []
        if self.may_ask_for_held_card and not self.authors:
            problems.append("may_ask_for_held_card only makes sense with authors (asking for exact cards)")
            clashes.append(("may_ask_for_held_card", "authors"))
        if self.continuous and self.stock_out_ends_game:
            problems.append("continuous plays on after the stock is empty, stock_out_ends_game ends the game then")
            clashes.append(("continuous", "stock_out_ends_game"))
        if self.continuous and self.empty_hand_ends_game:
            problems.append(
                "continuous plays until every card is booked, empty_hand_ends_game ends at the first empty hand"
            )
            clashes.append(("continuous", "empty_hand_ends_game"))
        if problems:
            first, second = clashes[0]
            raise RuleError("; ".join(problems), kind="rules_clash", first=first, second=second)

    # --- questions the engine asks -------------------------------------------------

    @property
    def book_size(self) -> int:
        """Cards in one book: 4, or 2 under ``pairs``."""
        return 2 if self.pairs else 4

    @property
    def total_books(self) -> int:
        """How many books a full deck makes (13, or 26 under ``pairs``)."""
        return 52 // self.book_size

    refill_size: int = 5
    tiebreak_hand_size: int = 5

    def hand_size(self, players: int) -> int:
        """Cards dealt to each player at a table of ``players``."""
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise RuleError(f"Go Fish is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
        seven_up_to = 2 if self.seven_for_two_only else 3
        return 7 if players <= seven_up_to else 5

    def points(self, rank: Rank) -> int:
        """What one book of ``rank`` scores."""
        return 2 if self.point_fish and rank.is_face_or_ace else 1

    @property
    def books_per_rank(self) -> int:
        """How many books the four cards of one rank make (1, or 2 under ``pairs``)."""
        return 4 // self.book_size

    @property
    def max_points(self) -> int:
        """The points all books of a deck are worth together (computed, never hard-coded)."""
        return sum(self.points(r) * self.books_per_rank for r in Rank)

    # --- names ----------------------------------------------------------------------

    @property
    def switches_on(self) -> tuple[str, ...]:
        """The names of the switches that are on, in declaration order."""
        return tuple(name for name in SWITCHES if getattr(self, name))

    @classmethod
    def from_names(cls, names: Iterable[str]) -> RuleSet:
        """Build a rule set from switch and preset names (``"point_fish"``, ``"polish"``)."""
        values: dict[str, bool] = {}
        for raw in names:
            name = raw.strip().lower().replace("-", "_")
            if not name:
                continue
            if name in SWITCHES:
                values[name] = True
            elif name in _ALIASES:
                for switch in preset(name).switches_on:
                    values[switch] = True
            else:
                known = ", ".join(SWITCHES + tuple(sorted(_ALIASES)))
                raise RuleError(
                    f"unknown rule {raw!r}; known rules and presets: {known}",
                    kind="unknown_rule",
                    rule=raw,
                    known=known,
                )
        return cls(**values)

    @classmethod
    def parse(cls, text: str | None) -> RuleSet:
        """``"point_fish,pairs"`` → a rule set; empty or ``None`` is the classic game."""
        if not text:
            return cls()
        return cls.from_names(text.split(","))

    def with_switches(self, **switches: bool) -> RuleSet:
        """A copy with some switches changed (checked again)."""
        return replace(self, **switches)


SWITCHES: Final[tuple[str, ...]] = tuple(f.name for f in fields(RuleSet) if f.type in ("bool", bool))

PRESETS: Final[dict[str, RuleSet]] = {
    "classic": RuleSet(),
    "polish": RuleSet(seven_for_two_only=True, empty_hand_ends_game=True, stock_out_ends_game=True),
    "spanish": RuleSet(seven_for_two_only=True, empty_hand_ends_game=True, stock_out_ends_game=True),
    "portuguese": RuleSet(
        seven_for_two_only=True,
        empty_hand_ends_game=True,
        stock_out_ends_game=True,
        turn_to_asked_player=True,
    ),
    "literature": RuleSet(authors=True),
    "kids": RuleSet(pairs=True),
    "keep_playing": RuleSet(continuous=True),
}

_ALIASES: Final[dict[str, str]] = {
    "classic": "classic",
    "default": "classic",
    "italian": "classic",
    "dutch": "classic",
    "polish": "polish",
    "spanish": "spanish",
    "portuguese": "portuguese",
    "literature": "literature",
    "canadian_fish": "literature",
    "kids": "kids",
    "doorvissen": "keep_playing",
    "keep_playing": "keep_playing",
}


def preset(name: str) -> RuleSet:
    """A named preset by name or alias (``"dutch"`` is the classic game)."""
    key = name.strip().lower().replace("-", "_")
    try:
        return PRESETS[_ALIASES[key]]
    except KeyError:
        raise RuleError(f"unknown preset {name!r}; presets: {', '.join(sorted(_ALIASES))}") from None
