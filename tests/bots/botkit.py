"""Helpers for the computer-player tests: seeded games played to a point, and hidden-card permutations."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from voicefish.bots import ComputerPlayer, RandomPlayer
from voicefish.cards import Card
from voicefish.engine import Ask, Book, Deal, Draw, Game, GameStart, Give, PlayerView, Refill
from voicefish.rules import RuleSet

PlayerFactory = Callable[[Game, int], ComputerPlayer]
"""Builds a player for ``seat`` of ``game`` (an honest player ignores the game; a cheat keeps it)."""


def names(n: int) -> list[str]:
    return ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"][:n]


def replay(deck: Sequence[Card], n: int, rules: RuleSet, dealer: int, asks: Sequence[Ask]) -> Game | None:
    """The game dealt from ``deck`` with ``asks`` played in order, or ``None`` if one of them is illegal."""
    game = Game(names(n), rules, deck=deck, dealer=dealer, seed=1)
    for a in asks:
        if game.over or not game.is_legal(a):
            return None
        game.apply(a)
    return game


def play_to(seed: int, n: int, rules: RuleSet, steps: int) -> tuple[Game, list[Ask]]:
    """A game between seeded random players stopped after ``steps`` asks (or at its end)."""
    rng = random.Random(seed)
    game = Game(names(n), rules, seed=seed)
    players = [RandomPlayer(random.Random(rng.getrandbits(32))) for _ in range(n)]
    asks: list[Ask] = []
    while not game.over and len(asks) < steps:
        assert game.current is not None
        a = players[game.current].decide(game.view(game.current)).action
        game.apply(a)
        asks.append(a)
    return game, asks


def cards_seen(view: PlayerView) -> set[Card]:
    """Every card whose identity ``view`` shows (own hand, own deal and draws, gives it saw, books)."""
    seen = set(view.hand)
    for ev in view.events:
        if isinstance(ev, Deal):
            h = ev.hands[view.seat]
            seen.update(h or ())
        elif isinstance(ev, Give | Refill | Book) and ev.cards is not None:
            seen.update(ev.cards)
        elif isinstance(ev, Draw) and ev.card is not None:
            seen.add(ev.card)
        elif isinstance(ev, GameStart):
            assert ev.deck is None
    return seen


def hidden_state(game: Game, seat: int) -> tuple[object, ...]:
    """What ``seat`` must not know: the other hands (as sorted card lists) and the stock order."""
    others = tuple(tuple(sorted(str(c) for c in _hand(game, s))) for s in range(len(game.players)) if s != seat)
    return others, tuple(str(c) for c in _stock(game))


def _hand(game: Game, seat: int) -> list[Card]:
    return [c for cs in game._hands[seat].values() for c in cs]  # test-only peek at the engine's state


def _stock(game: Game) -> list[Card]:
    return list(game._deck[game._pos :])  # test-only peek


def hand_of(game: Game, seat: int) -> list[Card]:
    """Test-only: the true hand of a seat (what a cheating player would read)."""
    return _hand(game, seat)


def permuted_twin(game: Game, asks: Sequence[Ask], seat: int, rng: random.Random, tries: int = 300) -> Game | None:
    """A second game whose view for ``seat`` equals ``game``'s while the other hands differ.

    Built by swapping pairs of deck positions holding cards ``seat`` never saw, replaying the same asks, and
    keeping a swap only if every ask stays legal and the seat's view is unchanged. ``None`` if no swap
    changed another hand."""
    start = game.log_events()[0]
    assert isinstance(start, GameStart) and start.deck is not None
    deck = list(start.deck)
    target = game.view(seat)
    seen = cards_seen(target)
    unseen = [i for i, c in enumerate(deck) if c not in seen]
    best: Game | None = None
    for _ in range(tries):
        i, j = rng.sample(unseen, 2)
        if deck[i] == deck[j]:
            continue
        trial = list(deck)
        trial[i], trial[j] = trial[j], trial[i]
        twin = replay(trial, len(game.players), game.rules, game.dealer, asks)
        if twin is None or twin.view(seat) != target:
            continue
        deck = trial
        best = twin
    if best is None or hidden_state(best, seat)[0] == hidden_state(game, seat)[0]:
        return None
    return best
