"""The engine's speed work must not change a single decision: whole seeded games between every built-in
strength (2-6 players, several rule sets) give the same logs as before it.

The digests below were computed by this file's ``_digests`` at commit 05652c1, before the compact-state
work (issue 31 item 1), and again for each deliberate change of a player: ``hard``'s values (commit 3c5e504;
with the old values the digests of 05652c1 still came out), and ``random``'s draw, a SplitMix64 hash of (seed,
history length) instead of a Mersenne Twister seeded per decision (issue 31 item 1; with the old draw patched back
into ``RandomPlayer.decide`` the previous digests still came out, and the expert tables of 3 and 4 players, which
have no ``random`` seat, kept theirs). A change in any event, any choice of a computer player, or the log format
changes them. Regenerate them only for a deliberate change of rules or players, never to make a speed change pass:
``python -m tests.engine.test_engine_same_decisions``.
"""

from __future__ import annotations

import hashlib
import json
import random

from voicefish.bots import RandomPlayer, make_player
from voicefish.engine import Game
from voicefish.engine.log import game_lines
from voicefish.rules import RuleSet
from voicefish.sim import play_game

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
        "2": "eeb75d84abdedb54df246f8e3dcf2a338d146e5285cffd0795c415362de2b072",
        "3": "e56dce853b5878c2a79d08612b4d3c62e6c70350b17afec377b27ba6eb38b08f",
        "4": "d9a95379e2e88226c6dbfd5510db88e94efad6a8238199bfdbcd9719719fead8",
        "5": "7a7346404855cb3b02d12a37f0be99ab5933540d2f2355740b461a8c997406c0",
        "6": "4c0ea97333b4de55799d9f1693638501ff2c2c524a9a0eb086f16f6b8e7b3089",
    },
    "expert": {
        "2": "ce4ff40a52ff04c5d12b6cf59c8c84c0a59a71145a28b813f6224b12034fb5c5",
        "3": "b4b2e44df04b420c6b759a34cb44fb7690b397dd2596de1a876d1cff31ec1b8c",
        "4": "67cb2d04b8204cd88f8658acbaf94408a149b7f419329c8a3ff9eb30081c1161",
        "5": "5b7c23bdeebdf7b1cd1cec2ae2ef83932a9160939b273317af1ba0042fa0259e",
        "6": "28247b3f338fc58f7e31ba7ed6b82c40692bd5fc8debfc0997b2854e4af7c053",
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


def test_random_player_draws_what_its_documented_rule_says() -> None:
    """``RandomPlayer``'s choice is exactly ``actions[(splitmix64(seed, len(view.events)) * n) >> 64]`` over the
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
            index = (_splitmix64(player_seed, len(view.events)) * len(actions)) >> 64
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
