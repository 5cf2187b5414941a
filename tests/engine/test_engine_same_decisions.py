"""The engine's speed work must not change a single decision: whole seeded games between every built-in
strength (2-6 players, several rule sets) give the same logs as before it.

The digests below were computed by this file's ``_digests`` at commit 05652c1, before the compact-state
work (issue 31 item 1), and again for each deliberate change of a player: ``hard``'s values (commit 3c5e504;
with the old values the digests of 05652c1 still came out), and ``random``'s draw, a SplitMix64 hash of (seed,
history length) instead of a Mersenne Twister seeded per decision (issue 31 item 1; with the old draw patched back
into ``RandomPlayer.decide`` the previous digests still came out, and the expert tables of 3 and 4 players, which
have no ``random`` seat, kept theirs), then a 31-bit multiply-xorshift hash instead of SplitMix64 (issue 31: no big
integers per decision; with SplitMix64 patched back into ``RandomPlayer.index`` the previous digests came out, and
the expert tables of 3 and 4 players kept theirs again). A change in any event, any choice of a computer player,
or the log format changes them. Regenerate them only for a deliberate change of rules or players, never to make a
speed change pass: ``python -m tests.engine.test_engine_same_decisions``.
"""

from __future__ import annotations

import hashlib
import json
import random

from voicefish.bots import RandomPlayer, make_player
from voicefish.engine import Game
from voicefish.engine.log import game_lines
from voicefish.rules import RuleSet
from voicefish.sim import play_game, seat_seeds

KINDS = ("random", "easy", "medium", "hard", "rule", "persistent")
RULESETS = (
    RuleSet(),
    RuleSet().with_switches(authors=True),
    RuleSet().with_switches(sudden_death=True, pairs=True),
    RuleSet().with_switches(turn_to_asked_player=True, continuous=True, point_fish=True),
    RuleSet().with_switches(stock_out_ends_game=True, may_ask_for_held_card=True, authors=True),
)
GAMES = 500
EXPERT_GAMES = 5

EXPECTED: dict[str, dict[str, str]] = {
    "mixed": {
        "2": "3ef73b568d6eb5bf6980952eea9c8f772a0b0340d169d40013f7d5182afaae9e",
        "3": "cc463acd1a596f9a76450e8e645a667e1e1b6fc28d4554514c79533028cf1c0d",
        "4": "e3a1916622ec22f06b1881b858053845526701114eab966404e998e1b92e8f12",
        "5": "f5809ddc3ee8a16f747430c1cac6b78123c25c08c262e592071bf34d3854e859",
        "6": "3cd933291640139e825d6c2924f09c0fc4a7110f7dcc06c76aee9df39daeaf8c",
    },
    "expert": {
        "2": "89c4a80dbc436fcba9005354410fda15f2aa319c3699714679d2c6a68c906a1c",
        "3": "b4b2e44df04b420c6b759a34cb44fb7690b397dd2596de1a876d1cff31ec1b8c",
        "4": "67cb2d04b8204cd88f8658acbaf94408a149b7f419329c8a3ff9eb30081c1161",
        "5": "b1e933c64243d8988822472f0d762c890e678d1c8f738b43635d5bb74220e85a",
        "6": "4bec6e56f3dcddfd4b052a8eaf6fcdef84ffb5a897f79ef3a561e2c85f49b65b",
    },
}


def _games(kind_of_table: str) -> list[tuple[int, RuleSet, list[str]]]:
    out = []
    for k in range(EXPERT_GAMES if kind_of_table == "expert" else GAMES):
        n = 2 + k % 5
        rules = RULESETS[(k // 5) % len(RULESETS)]
        if kind_of_table == "expert":
            seats = ["expert", *(KINDS[(k + i) % len(KINDS)] for i in range(n - 1))]
        else:
            seats = [KINDS[(k + 2 * i) % len(KINDS)] for i in range(n)]
        out.append((k, rules, seats))
    return out


def _digests(kind_of_table: str) -> dict[str, str]:
    """One SHA-256 per table size over the full logs of that size's games."""
    hashes = {str(n): hashlib.sha256() for n in range(2, 7)}
    for k, rules, seats in _games(kind_of_table):
        rng = random.Random(9000 + k)
        players = [make_player(kind, random.Random(rng.getrandbits(63))) for kind in seats]
        names = [f"{kind}-{i + 1}" for i, kind in enumerate(seats)]
        game = play_game(Game(names, rules, seed=rng.getrandbits(63), game_number=k + 1), players)
        h = hashes[str(len(seats))]
        for line in game_lines(game):
            h.update(json.dumps(line, sort_keys=True).encode())
            h.update(b"\n")
    return {n: h.hexdigest() for n, h in hashes.items()}


MASK64 = (1 << 64) - 1


def _splitmix64(seed: int, index: int) -> int:
    """The ``index + 1``-th output of SplitMix64 seeded with ``seed``, written out here from its definition (Steele,
    Lea & Flood 2014; the reference ``splitmix64.c``), independently of the player's inlined copy."""
    state = seed
    for _ in range(index + 1):
        state = (state + 0x9E3779B97F4A7C15) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def test_splitmix64_gives_the_published_outputs() -> None:
    """The first outputs for seed 1234567, as published with the generator (e.g. Rosetta Code's SplitMix64 task)."""
    assert [_splitmix64(1234567, i) for i in range(5)] == [
        6457827717110365317,
        3203168211198807973,
        9817491932198370423,
        4593380528125082431,
        16408922859458223821,
    ]


def _fold31(seed: int) -> int:
    """The top 31 bits of SplitMix64's finalizer of ``seed``: the first output of the generator seeded one step
    before ``seed``."""
    return _splitmix64((seed - 0x9E3779B97F4A7C15) & MASK64, 0) >> 33


def _mix31(key: int, t: int) -> int:
    """The 31-bit draw of ``RandomPlayer.decide``'s docstring, written out from it."""
    x = (key + (t + 1) * 0x4F1BBCDD) % 2**31
    x ^= x >> 16
    x = (x * 0x7FEB352D) % 2**31
    x ^= x >> 15
    x = (x * 0x046CA68B) % 2**31
    return x ^ (x >> 16)


def test_simulate_seats_are_seeded_from_splitmix64() -> None:
    """``simulate``'s players in a game are seeded with SplitMix64's first outputs from the game's seed (salted),
    cut to 63 bits; a player made from a seed keeps it."""
    for game_seed in (0, 1, 12345, (1 << 63) - 1):
        assert seat_seeds(game_seed, 6) == [_splitmix64(game_seed ^ 0x5EED, i) >> 1 for i in range(6)]
        for s in seat_seeds(game_seed, 6):
            assert RandomPlayer(seed=s)._seed == s == RandomPlayer(_Bits(s))._seed


class _Bits(random.Random):
    """A generator whose ``getrandbits`` gives one fixed value: a player drawing its seed from it keeps that."""

    def __init__(self, value: int) -> None:
        super().__init__(0)
        self._value = value

    def getrandbits(self, k: int, /) -> int:
        return self._value & ((1 << k) - 1)


def test_random_player_draws_what_its_documented_rule_says() -> None:
    """``RandomPlayer``'s choice is exactly ``actions[(mix31(fold31(seed), len(view.events)) * n) >> 31]`` over the
    ``n`` legal asks (one legal ask: that ask), a function of (seed, view) alone, which a resumed game relies on: a
    fresh player built from the same generator, shown only this view, chooses the same. Every decision of 60 games,
    2-6 players, classic and authors."""
    checked = 0
    for k in range(60):
        n = 2 + k % 5
        rules = RULESETS[k % 2]
        rng = random.Random(k)
        seeds = [rng.getrandbits(63) for _ in range(n)]
        players = [RandomPlayer(random.Random(s)) for s in seeds]
        game = Game([f"P{i}" for i in range(n)], rules, seed=rng.getrandbits(63))
        while not game.over:
            seat = game.current
            assert seat is not None
            view = game.view(seat)
            chosen = players[seat].decide(view).action
            actions = view.legal_actions()
            player_seed = random.Random(seeds[seat]).getrandbits(63)  # what RandomPlayer keeps of its generator
            index = (_mix31(_fold31(player_seed), len(view.events)) * len(actions)) >> 31
            assert chosen == actions[index], (k, len(view.events))
            assert RandomPlayer(random.Random(seeds[seat])).decide(view).action == chosen
            game.apply(chosen)
            checked += 1
    assert checked > 3000


def test_same_logs_as_before_every_strength() -> None:
    assert _digests("mixed") == EXPECTED["mixed"]


def test_same_logs_as_before_expert() -> None:
    assert _digests("expert") == EXPECTED["expert"]


if __name__ == "__main__":
    print(json.dumps({kind: _digests(kind) for kind in ("mixed", "expert")}, indent=4))
