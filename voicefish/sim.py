"""Games between computer players: the loop behind ``voicefish simulate`` and the benchmarks."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import IO, Final

from voicefish.bots import ComputerPlayer, make_player
from voicefish.bots.base import mix64
from voicefish.engine import Game
from voicefish.engine.log import write_game
from voicefish.rules import RuleSet

__all__ = ["SimulationResult", "play_game", "seat_seeds", "simulate"]

MAX_ASKS: Final = 100_000
"""A safety net for games between players that never make progress (cannot happen with the built-in ones)."""


def seat_seeds(game_seed: int, seats: int) -> list[int]:
    """The computer players' seeds in a game of ``simulate``: the first ``seats`` outputs of SplitMix64 (Steele, Lea
    & Flood 2014) seeded with the game's seed salted (``^ 0x5EED``), each cut to 63 bits. No Mersenne Twister is
    made for them (~4 us each, a tenth of a random 6-player game)."""
    state = game_seed ^ 0x5EED
    return [mix64(state + (k + 1) * 0x9E3779B97F4A7C15) >> 1 for k in range(seats)]


def play_game(game: Game, players: Sequence[ComputerPlayer]) -> Game:
    """Play ``game`` to its end, each seat deciding from its own view only."""
    asks = 0
    while not game.over:
        seat = game.current
        assert seat is not None
        decision = players[seat].decide(game.view(seat))
        game.apply(decision.action)
        asks += 1
        if asks > MAX_ASKS:
            raise RuntimeError(f"game did not end after {MAX_ASKS} asks")
    return game


@dataclass
class SimulationResult:
    """Totals over a run of games."""

    games: int
    seats: list[str]
    rules: list[str]
    seed: int
    wins: list[int] = field(default_factory=list)
    """Games each seat won outright."""
    shared_wins: list[int] = field(default_factory=list)
    """Games each seat won together with others (a tie)."""
    win_share: list[float] = field(default_factory=list)
    """Wins, a tie among k counting 1/k for each."""
    books: list[int] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0

    @property
    def mean_books(self) -> list[float]:
        return [b / self.games if self.games else 0.0 for b in self.books]

    def to_json(self) -> dict[str, object]:
        return {
            "games": self.games,
            "seats": self.seats,
            "rules": self.rules,
            "seed": self.seed,
            "wins": self.wins,
            "shared_wins": self.shared_wins,
            "win_share": [w / self.games if self.games else 0.0 for w in self.win_share],
            "win_share_total": self.win_share,
            "mean_books": self.mean_books,
            "games_per_second": self.games_per_second,
        }


def simulate(
    seats: Sequence[str],
    games: int,
    *,
    seed: int = 0,
    rules: RuleSet | None = None,
    log: IO[str] | None = None,
    progress: Callable[[int], None] | None = None,
) -> SimulationResult:
    """Play ``games`` independent games between the computer players named in ``seats``.

    Game ``k`` is dealt from its own seed (derived from ``seed``) with a random dealer, so seat
    order gives no lasting advantage. The same arguments always give the same result."""
    rules = rules if rules is not None else RuleSet()
    n = len(seats)
    names = _seat_names(seats)
    master = random.Random(seed)
    result = SimulationResult(
        games=games,
        seats=list(seats),
        rules=list(rules.switches_on),
        seed=seed,
        wins=[0] * n,
        shared_wins=[0] * n,
        win_share=[0.0] * n,
        books=[0] * n,
    )
    started = time.perf_counter()
    for k in range(games):
        game_seed = master.getrandbits(63)
        players = [make_player(kind, seed=s) for kind, s in zip(seats, seat_seeds(game_seed, n), strict=True)]
        game = play_game(Game(names, rules, seed=game_seed, game_number=k + 1), players)
        if log is not None:
            write_game(log, game)
        winners = game.winners
        for w in winners:
            result.win_share[w] += 1 / len(winners)
            if len(winners) == 1:
                result.wins[w] += 1
            else:
                result.shared_wins[w] += 1
        for seat, b in enumerate(game.books):
            result.books[seat] += len(b)
        if progress is not None:
            progress(k + 1)
    result.seconds = time.perf_counter() - started
    return result


def _seat_names(seats: Sequence[str]) -> list[str]:
    """Unique player names for seats, e.g. ``hard-1``, ``random-2``."""
    return [f"{kind}-{i + 1}" for i, kind in enumerate(seats)]
