"""The engine's speed work must not change a single decision: whole seeded games between every built-in
strength (2-6 players, several rule sets) give the same logs as before it.

The digests below were computed by this file's ``_digests`` at commit 05652c1, before the compact-state
work (issue 31 item 1), and again for one deliberate change of a player: ``hard``'s values (commit 3c5e504;
with the old values the digests of 05652c1 still came out). A change in any event, any choice of a computer
player, or the log format changes them. Regenerate them only for a deliberate change of rules or players,
never to make a speed change pass:
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
        "2": "b726d2d7968e728b2120f78ecedd3e41a083836c7b69dd9a443b694ebfbc5ed5",
        "3": "7dcfa4f0e7b3413350e9692050a4f8acecf05a81e284dad18228d85fd274f240",
        "4": "06cd23038bc63fc0d03498c6c451875984147ce49ac66b1161880363b0ebfb6c",
        "5": "0092f96a13a9e729abc11b7d06df5281ec4a8831a2b421a843b944e6365e3465",
        "6": "b8ef8f566bc2e279b5e7d7a381326ff83ff18a5fee19530849264f309ed79c8d",
    },
    "expert": {
        "2": "78ecebfe0af8bffdb8b512a96927e23f35009d5b6465680c69b1c7326c7dcd51",
        "3": "b4b2e44df04b420c6b759a34cb44fb7690b397dd2596de1a876d1cff31ec1b8c",
        "4": "67cb2d04b8204cd88f8658acbaf94408a149b7f419329c8a3ff9eb30081c1161",
        "5": "955d0a1f12b66ffd9cbb2d46d365551a72b7388fb70146cb51108a6dcd0244e4",
        "6": "af140718158e97da500099e8da71fe558a91edf187daf3db01e01dc28c274ac5",
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


def test_random_player_draws_what_a_fresh_generator_would() -> None:
    """``RandomPlayer`` re-seeds one generator in C and draws the index itself: the choice must be exactly
    ``random.Random(seed * 1_000_003 + len(view.events)).choice(actions)`` (what a resumed game relies on), also
    on a Python whose ``random`` changed. Every decision of 60 games, 2-6 players, classic and authors."""
    checked = 0
    for k in range(60):
        n = 2 + k % 5
        rules = RULESETS[k % 2]
        rng = random.Random(k)
        players = [RandomPlayer(random.Random(rng.getrandbits(63))) for _ in range(n)]
        game = Game([f"P{i}" for i in range(n)], rules, seed=rng.getrandbits(63))
        while not game.over:
            seat = game.current
            assert seat is not None
            view = game.view(seat)
            chosen = players[seat].decide(view).action
            expected = random.Random(players[seat]._seed * 1_000_003 + len(view.events)).choice(view.legal_actions())
            assert chosen == expected, (k, len(view.events))
            game.apply(chosen)
            checked += 1
    assert checked > 3000


def test_same_logs_as_before_every_strength() -> None:
    assert _digests("mixed") == EXPECTED["mixed"]


def test_same_logs_as_before_expert() -> None:
    assert _digests("expert") == EXPECTED["expert"]


if __name__ == "__main__":
    print(json.dumps({kind: _digests(kind) for kind in ("mixed", "expert")}, indent=4))
