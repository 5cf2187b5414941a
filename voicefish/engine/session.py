"""A session: a fixed number of games at one table, the dealer rotating one seat left after each,
books (points) adding up across games, and a session champion."""

from __future__ import annotations

import random
from collections.abc import Sequence

from voicefish.engine.game import Game
from voicefish.rules import RuleSet

__all__ = ["Session"]


class Session:
    """Deals the games of a session. Call :meth:`next_game`, play it to the end, then :meth:`record` it."""

    def __init__(
        self,
        players: Sequence[str],
        rules: RuleSet | None = None,
        *,
        games: int = 5,
        seed: int | None = None,
        first_dealer: int | None = None,
    ) -> None:
        if games < 1:
            raise ValueError("a session has at least one game")
        self.players = tuple(players)
        self.rules = rules if rules is not None else RuleSet()
        self.games = games
        self.seed = seed if seed is not None else random.SystemRandom().getrandbits(63)
        self._rng = random.Random(self.seed)
        n = len(self.players)
        drawn = self._rng.randrange(n)  # always drawn, so the game seeds do not depend on first_dealer
        self.dealer = drawn if first_dealer is None else first_dealer
        self._game_seeds = [self._rng.getrandbits(63) for _ in range(games)]
        self.played = 0
        self.totals = [0] * n
        self.game_winners: list[tuple[int, ...]] = []

    @property
    def over(self) -> bool:
        return self.played >= self.games

    def next_game(self) -> Game:
        """The next game, dealt by the current dealer with its own recorded seed."""
        if self.over:
            raise ValueError("the session is over")
        return Game(
            self.players,
            self.rules,
            seed=self._game_seeds[self.played],
            dealer=self.dealer,
            game_number=self.played + 1,
        )

    def record(self, game: Game) -> None:
        """Add a finished game's points; the dealer moves one seat left."""
        if not game.over:
            raise ValueError("record a game only when it is over")
        for seat, points in enumerate(game.scores):
            self.totals[seat] += points
        self.game_winners.append(game.winners)
        self.played += 1
        self.dealer = (self.dealer + 1) % len(self.players)

    @property
    def champions(self) -> tuple[int, ...]:
        """The seats with the most points so far (several on a tie)."""
        best = max(self.totals)
        return tuple(i for i, t in enumerate(self.totals) if t == best)
