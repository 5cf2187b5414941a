"""The random player's stateless draw (a hash of seed and history length, scaled to the legal asks) is uniform:
over many seeds and history lengths each ask is chosen about equally often, for any count of asks, for a fixed
history length across seeds and for a fixed seed across history lengths, and two consecutive decisions are
independent. Each check is a chi-square statistic against a bound at p ~ 1e-6 that a biased draw (always the first
ask, ``h % 2``, a draw ignoring the seed or the history length) exceeds by far; the test shows that too."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Callable

import pytest

from voicefish.bots import RandomPlayer
from voicefish.bots.base import _mul31
from voicefish.engine import Game

MASK64 = (1 << 64) - 1


def _choose(player: RandomPlayer, asks: int, history: int) -> int:
    """The index ``player.decide`` takes among ``asks`` legal asks after ``history`` events (checked on real views
    by ``test_decide_takes_the_drawn_index``)."""
    return player.index(history, asks)


def _chi2(counts: Counter[int], cells: int) -> float:
    total = sum(counts.values())
    expected = total / cells
    return sum((counts.get(c, 0) - expected) ** 2 / expected for c in range(cells))


def _bound(df: int, z: float = 4.75) -> float:
    """The chi-square value with ``df`` degrees of freedom exceeded with probability ~1e-6 (Wilson-Hilferty, z 4.75)."""
    a = 2 / (9 * df)
    return df * (1 - a + z * math.sqrt(a)) ** 3


SEEDS = [random.Random(1000 + k).getrandbits(63) for k in range(400)]


def _players() -> list[RandomPlayer]:
    return [RandomPlayer(random.Random(s)) for s in SEEDS]


@pytest.mark.parametrize("asks", [2, 3, 5, 7, 8, 13, 26, 65])
def test_each_ask_is_chosen_about_equally_often(asks: int) -> None:
    players = _players()
    counts = Counter(_choose(p, asks, t) for p in players for t in range(0, 600, 12))  # 20 000 draws
    assert set(counts) == set(range(asks))
    assert _chi2(counts, asks) < _bound(asks - 1)


def test_uniform_across_seeds_for_one_history_length_and_across_lengths_for_one_seed() -> None:
    players = _players()
    for t in (0, 1, 57, 300):
        counts = Counter(_choose(p, 6, t) for p in players)
        assert _chi2(counts, 6) < _bound(5), t
    for p in players[:3]:
        counts = Counter(_choose(p, 6, t) for t in range(2000))
        assert _chi2(counts, 6) < _bound(5)


def test_consecutive_decisions_are_independent() -> None:
    """The pair (choice at history t, choice at t + 1) of one player is uniform over the 36 pairs of 6 asks."""
    players = _players()
    counts = Counter(6 * _choose(p, 6, t) + _choose(p, 6, t + 1) for p in players for t in range(0, 500, 10))
    assert _chi2(counts, 36) < _bound(35)


@pytest.mark.parametrize("asks", [2, 6, 13])
def test_nearby_seeds_draw_as_well_as_random_ones(asks: int) -> None:
    """Seeds 0, 1, 2, ... (a player made with ``seed=``) are folded so that nearby seeds draw unrelated asks: each
    ask about equally often, and a player's choice independent of the next seed's at the same history length."""
    players = [RandomPlayer(seed=s) for s in range(400)]
    counts = Counter(_choose(p, asks, t) for p in players for t in range(0, 600, 12))
    assert _chi2(counts, asks) < _bound(asks - 1)
    pairs = Counter(
        asks * _choose(a, asks, t) + _choose(b, asks, t)
        for a, b in itertools.pairwise(players)
        for t in range(0, 600, 12)
    )
    assert _chi2(pairs, asks * asks) < _bound(asks * asks - 1)


def test_the_bound_catches_biased_draws() -> None:
    """The same statistics on draws that are biased (or that ignore the seed or the history) fail the bounds."""

    def stat(draw: Callable[[int, int, int], int], asks: int, pairs: list[tuple[int, int]]) -> float:
        return _chi2(Counter(draw(seed, t, asks) for seed, t in pairs), asks)

    seeds = [p._seed for p in _players()]
    many = [(s, t) for s in seeds for t in range(0, 600, 12)]
    one_length = [(s, 57) for s in seeds]
    one_seed = [(seeds[0], t) for t in range(2000)]
    good = _player_rule
    assert stat(good, 7, many) < _bound(6)
    assert stat(lambda seed, t, n: 0, 7, many) > 10 * _bound(6)
    assert stat(lambda seed, t, n: good(seed, t, n) % 2, 7, many) > 10 * _bound(6)
    assert stat(lambda seed, t, n: (_hash(seed, t) % 2**30) * n >> 31, 7, many) > 10 * _bound(6)  # half the range
    assert stat(lambda seed, t, n: good(0, t, n), 6, one_length) > 10 * _bound(5)  # ignores the seed
    assert stat(lambda seed, t, n: good(seed, 0, n), 6, one_seed) > 10 * _bound(5)  # ignores the history


def _hash(seed: int, t: int) -> int:
    """The documented draw, written out: the seed folded to 31 bits by the SplitMix64 finalizer, then (mod 2**31)
    a golden-ratio step per history length and the two multiply-xorshift rounds."""
    z = seed & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    key = (z ^ (z >> 31)) >> 33
    x = (key + (t + 1) * 0x4F1BBCDD) % 2**31
    x = ((x ^ (x >> 16)) * 0x7FEB352D) % 2**31
    x = ((x ^ (x >> 15)) * 0x046CA68B) % 2**31
    return x ^ (x >> 16)


def _player_rule(seed: int, t: int, n: int) -> int:
    return (_hash(seed, t) * n) >> 31


def test_the_rule_is_the_players_choice() -> None:
    """``_player_rule`` above is what the player chooses (so the bias checks test the same statistic)."""
    for p in _players()[:50]:
        for t in range(0, 300, 7):
            assert _choose(p, 11, t) == _player_rule(p._seed, t, 11)


def test_the_rule_holds_for_long_histories_and_many_asks() -> None:
    """The player computes each product from 16-bit halves (no boxed multiply when compiled): the same value as the
    rule's plain products, also for histories and counts far past a real table's (every input is exact)."""
    rng = random.Random(5)
    for p in _players()[:40]:
        for _ in range(200):
            t = rng.choice((rng.randrange(2**16), rng.getrandbits(31) - 1, rng.getrandbits(48)))
            n = rng.choice((rng.randrange(2, 300), rng.randrange(2**16, 2**31), rng.getrandbits(40) + 2))
            assert p.index(t, n) == _player_rule(p._seed, t, n), (t, n)


def test_one_legal_ask_is_chosen_and_none_is_refused() -> None:
    player = RandomPlayer(random.Random(3))
    assert all(_choose(player, 1, t) == 0 for t in range(50))
    with pytest.raises(ValueError, match="no legal ask"):
        _choose(player, 0, 5)


def test_decide_takes_the_drawn_index() -> None:
    """On real views, through a game: ``decide`` takes the legal ask at the index the draw gives."""
    rng = random.Random(11)
    for _ in range(20):
        game = Game(["Ann", "Bo", "Cy"], seed=rng.getrandbits(63))
        players = [RandomPlayer(random.Random(rng.getrandbits(63))) for _ in range(3)]
        while not game.over:
            seat = game.current
            assert seat is not None
            view = game.view(seat)
            asks = view.legal_actions()
            chosen = players[seat].decide(view).action
            assert chosen is asks[players[seat].index(len(view.events), len(asks))]
            game.apply(chosen)


def test_the_halves_product_is_the_plain_product_mod_2_31() -> None:
    """The compiled draw's products (:func:`voicefish.bots.base._mul31`) against plain ones, at the edges too."""
    rng = random.Random(9)
    edges = [0, 1, 2**15, 2**16 - 1, 2**16, 2**30 - 1, 2**30, 2**31 - 1]
    for m in (0x4F1BBCDD, 0x7FEB352D, 0x046CA68B, 2**31 - 1, 1):
        for x in edges + [rng.getrandbits(31) for _ in range(2000)]:
            assert _mul31(x, m >> 16, m & 0xFFFF) == (x * m) % 2**31, (x, m)
