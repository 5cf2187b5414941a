"""Every computer player decides from its own view only: permuting the cards it cannot see changes nothing.

Two games are built with the same public history and the same hand for the deciding seat, but different
hidden cards elsewhere (see ``botkit.permuted_twin``). A fresh player with the same seed must make the same
decision, with the same reason, in both. A deliberately cheating player defined here shows the check bites.
"""

from __future__ import annotations

import functools
import random

import pytest

from tests.bots.botkit import PlayerFactory, hand_of, hidden_state, permuted_twin, play_to
from voicefish.bots import Decision, Reason, make_player
from voicefish.engine import Game, PlayerView
from voicefish.rules import RuleSet

KINDS = ("random", "easy", "medium", "hard", "rule", "persistent", "expert")


class Peeker:
    """A cheat: asks the player who really holds a rank it holds (reads the game, not the view)."""

    strength = "peeker"

    def __init__(self, game: Game, seat: int) -> None:
        self._game = game
        self._seat = seat

    def decide(self, view: PlayerView) -> Decision:
        actions = view.legal_actions()
        for a in actions:
            if any(c.rank is a.rank for c in hand_of(self._game, a.target)):
                return Decision(a, Reason("peek"))
        return Decision(actions[0], Reason("peek"))


def honest(kind: str, seed: int) -> PlayerFactory:
    return lambda game, seat: make_player(kind, random.Random(seed))


@functools.cache
def twins(rules: RuleSet, positions: int, players: int) -> list[tuple[Game, Game, int]]:
    """``positions`` pairs of games one seat (about to ask) cannot tell apart, whose hidden cards differ."""
    rng = random.Random(2024)
    out: list[tuple[Game, Game, int]] = []
    seed = 0
    while len(out) < positions:
        seed += 1
        n = players if players else 2 + seed % 3
        game, asks = play_to(seed, n, rules, rng.randrange(4, 40))
        if game.over or game.current is None:
            continue
        seat = game.current
        twin = permuted_twin(game, asks, seat, rng, tries=80)
        if twin is None:
            continue
        assert twin.view(seat) == game.view(seat)
        assert hidden_state(twin, seat)[0] != hidden_state(game, seat)[0]
        out.append((game, twin, seat))
    return out


def mismatches(factory: PlayerFactory, rules: RuleSet, positions: int, players: int = 0) -> int:
    """How many twin pairs got different decisions (the two views are equal, the hidden cards are not)."""
    differ = 0
    for game, twin, seat in twins(rules, positions, players):
        a = factory(game, seat).decide(game.view(seat))
        b = factory(twin, seat).decide(twin.view(seat))
        differ += a != b
    return differ


RULES = {"classic": RuleSet(), "authors": RuleSet(authors=True), "pairs": RuleSet(pairs=True)}


@pytest.mark.slow
@pytest.mark.parametrize("name", list(RULES))
def test_each_strength_decides_the_same_when_hidden_cards_are_permuted(name: str) -> None:
    for i, kind in enumerate(KINDS):
        differ = mismatches(honest(kind, 77 + i), RULES[name], positions=15)
        assert differ == 0, f"{kind} decided differently on two games it cannot tell apart"


@pytest.mark.slow
def test_the_permutation_check_catches_a_cheat() -> None:
    differ = mismatches(Peeker, RULES["classic"], positions=15)
    assert differ >= 2, "a player that reads other hands must be caught by the permutation check"
