"""Games per second: the voicefish engine vs OpenSpiel's ``go_fish``, random legal play, side by side.

For each table size the two engines alternate in one process (ours, OpenSpiel, ours, ...), each run playing
``--games`` complete games, and the script prints medians over ``--runs`` runs and the ratio
(ours / OpenSpiel) per run, as Markdown. Both sides are driven from Python by a uniformly random legal
player; OpenSpiel's chance nodes (every dealt and drawn card) are sampled from ``chance_outcomes()``.

    .venv/bin/python bench/engine_bench.py --players 2,3,4,5,6 --games 200 --runs 5

Needs the ``bench`` extra (``pip install -e '.[bench]'`` → ``open-spiel``). Our side runs the engine as installed:
compiled by the install (``setup.py``, mypyc); ``VOICEFISH_PURE=1`` runs its Python source (the first line printed
says which). ``--profile N`` instead runs
cProfile over N of our games and prints the hottest functions.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

import voicefish
from voicefish.bots import ComputerPlayer, Decision, RandomPlayer, Reason
from voicefish.engine import AskEvent, Game, PlayerView
from voicefish.rules import RuleSet
from voicefish.sim import play_game

NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Fay")


@dataclass
class Run:
    """One timed batch of games."""

    games: int
    cpu_seconds: float
    wall_seconds: float
    asks: int
    """Player decisions (asks) over all games."""

    @property
    def per_second(self) -> float:
        return self.games / self.cpu_seconds

    @property
    def wall_per_second(self) -> float:
        return self.games / self.wall_seconds


def _timed(fn: Callable[[], int], games: int) -> Run:
    wall, cpu = time.perf_counter(), time.process_time()
    asks = fn()
    return Run(games, time.process_time() - cpu, time.perf_counter() - wall, asks)


def ours_engine(players: int, games: int, seed: int, rules: RuleSet) -> Run:
    """Our engine through its one door: ``legal_actions`` + ``apply``, a random choice each time."""
    names = NAMES[:players]

    def play() -> int:
        rng = random.Random(seed)
        asks = 0
        for _ in range(games):
            game = Game(names, rules, seed=rng.getrandbits(63))
            while not game.over:
                game.apply(rng.choice(game.legal_actions()))
                asks += 1
        return asks

    return _timed(play, games)


class StreamRandomPlayer:
    """A uniformly random player drawing from one stream per game (as the engine-only and OpenSpiel sides do),
    not from (seed, view) per decision like :class:`RandomPlayer` (whose every decision is reproducible from
    (seed, view) alone: a 31-bit multiply-xorshift hash of (seed, history length), unboxed when compiled; before it
    SplitMix64 on 64 bits, ~0.35 µs compiled; until issue 31 a Mersenne Twister seeded per decision, ~3.5 µs,
    about OpenSpiel's whole cost per ask). Bench only: it shows what the engine
    and the views cost without that price. Its choices differ."""

    strength = "random"

    def __init__(self, rng: random.Random) -> None:
        self._choice = rng.choice

    def decide(self, view: PlayerView) -> Decision:
        return Decision(self._choice(view.legal_actions()), _REASON)


_REASON = Reason("random")


def _views(players: int, games: int, seed: int, rules: RuleSet, stream: bool) -> Run:
    names = NAMES[:players]

    def play() -> int:
        rng = random.Random(seed)
        asks = 0
        for _ in range(games):
            game = Game(names, rules, seed=rng.getrandbits(63))
            bots: list[ComputerPlayer] = [
                StreamRandomPlayer(random.Random(rng.getrandbits(63)))
                if stream
                else RandomPlayer(seed=rng.getrandbits(63))
                for _ in names
            ]
            play_game(game, bots)
            asks += Counter(map(type, game.log_events()))[AskEvent]  # counted in C: ~0.5 % of the time
        return asks

    return _timed(play, games)


def ours_views(players: int, games: int, seed: int, rules: RuleSet) -> Run:
    """Our engine the way ``voicefish simulate`` drives it: each computer player (``RandomPlayer``, made from a
    seed as ``simulate`` makes its players) decides from its own view."""
    return _views(players, games, seed, rules, stream=False)


def ours_views_stream(players: int, games: int, seed: int, rules: RuleSet) -> Run:
    """The same through views, with :class:`StreamRandomPlayer` (one stream per game, no draw from (seed, view))."""
    return _views(players, games, seed, rules, stream=True)


def ours_fast(players: int, games: int, seed: int, rules: RuleSet) -> Run:
    """The rank-count search core (``voicefish.engine.fast.FastGame``): no events, no cards, no views — what the
    ``expert`` player simulates with. Uniformly random legal asks, as on the other sides."""
    from voicefish.engine.fast import FastGame

    ranks = [r for r in range(1, 14) for _ in range(4)]

    def play() -> int:
        rng = random.Random(seed)
        asks = 0
        for _ in range(games):
            deck = ranks[:]
            rng.shuffle(deck)
            g = FastGame.deal(rules, deck, rng.randrange(players), players)
            while not g.over:
                p = g.current
                assert p is not None
                held = [r for r in range(1, 14) if g.hands[p][r]]
                targets = [t for t in range(players) if t != p and g.active[t]]
                g.ask(p, rng.choice(targets), rng.choice(held))
            asks += g.asks
        return asks

    return _timed(play, games)


def openspiel(players: int, games: int, seed: int, initial_cards: int) -> Run:
    """OpenSpiel's ``go_fish`` with the same table size and hand size, random legal play from Python."""
    import pyspiel

    game = pyspiel.load_game("go_fish", {"players": players, "initial_cards": initial_cards})

    def play() -> int:
        rng = random.Random(seed)
        asks = 0
        for _ in range(games):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    actions = [a for a, _ in outcomes]
                    weights = [p for _, p in outcomes]
                    state.apply_action(rng.choices(actions, weights)[0])
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
                    asks += 1
        return asks

    return _timed(play, games)


def _profile(players: int, games: int, rules: RuleSet, mode: str) -> str:
    prof = cProfile.Profile()
    prof.enable()
    (ours_views if mode == "views" else ours_engine)(players, games, 1, rules)
    prof.disable()
    out = io.StringIO()
    pstats.Stats(prof, stream=out).sort_stats("tottime").print_stats(18)
    return out.getvalue()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--players", default="2,3,4,5,6", help="table sizes (default: 2,3,4,5,6)")
    parser.add_argument("--games", type=int, default=200, help="games per run and engine (default: 200)")
    parser.add_argument("--runs", type=int, default=5, help="runs per table size (default: 5)")
    parser.add_argument("--seed", type=int, default=0, help="seed (default: 0)")
    parser.add_argument("--profile", type=int, default=0, metavar="N", help="profile N of our games instead")
    parser.add_argument(
        "--profile-mode", choices=("engine", "views"), default="engine", help="what --profile drives (default: engine)"
    )
    args = parser.parse_args(argv)
    try:
        sizes = [int(x) for x in str(args.players).split(",")]
    except ValueError:
        print("engine_bench: --players is a list such as 2,3,4", file=sys.stderr)
        return 2
    rules = RuleSet()
    if args.profile:
        for n in sizes:
            print(f"## cProfile, {n} players, {args.profile} games (ours, {args.profile_mode})\n\n```")
            print(_profile(n, args.profile, rules, args.profile_mode))
            print("```\n")
        return 0
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        print("engine_bench: OpenSpiel is missing: pip install -e '.[bench]'", file=sys.stderr)
        return 2

    print(
        f"games per run: {args.games}, runs: {args.runs}, seed {args.seed}, CPU-time games/s (wall in brackets); "
        f"our engine: {voicefish.ENGINE}\n"
    )
    print(
        "| players | ours (engine) g/s | ours (views, as simulate) g/s | OpenSpiel g/s | ratio engine/OS "
        "| ratio views/OS | asks/game ours | asks/game OS | search core g/s | ratio core/OS "
        "| views, one-stream player g/s | ratio views (one stream)/OS |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for n in sizes:
        hand = rules.hand_size(n)
        runs: dict[str, list[Run]] = {"engine": [], "views": [], "os": [], "fast": [], "stream": []}
        ratio_s: list[float] = []
        ratio_e: list[float] = []
        ratio_v: list[float] = []
        ratio_f: list[float] = []
        for r in range(args.runs):
            seed = args.seed + 1000 * r
            e = ours_engine(n, args.games, seed, rules)
            o = openspiel(n, args.games, seed, hand)
            v = ours_views(n, args.games, seed, rules)
            f = ours_fast(n, args.games, seed, rules)
            st = ours_views_stream(n, args.games, seed, rules)
            runs["stream"].append(st)
            ratio_s.append(st.per_second / o.per_second)
            runs["fast"].append(f)
            ratio_f.append(f.per_second / o.per_second)
            runs["engine"].append(e)
            runs["os"].append(o)
            runs["views"].append(v)
            ratio_e.append(e.per_second / o.per_second)
            ratio_v.append(v.per_second / o.per_second)

        def fmt(batch: list[Run]) -> str:
            cpu = statistics.median(x.per_second for x in batch)
            wall = statistics.median(x.wall_per_second for x in batch)
            return f"{cpu:.0f} ({wall:.0f})"

        asks_ours = statistics.median(x.asks / x.games for x in runs["engine"])
        asks_os = statistics.median(x.asks / x.games for x in runs["os"])
        cells = f"| {n} | {fmt(runs['engine'])} | {fmt(runs['views'])} | {fmt(runs['os'])} "
        print(
            f"{cells}| {statistics.median(ratio_e):.2f} "
            f"(runs {', '.join(f'{x:.2f}' for x in ratio_e)}) | {statistics.median(ratio_v):.2f} "
            f"(runs {', '.join(f'{x:.2f}' for x in ratio_v)}) "
            f"| {asks_ours:.0f} | {asks_os:.0f} | {fmt(runs['fast'])} | {statistics.median(ratio_f):.2f} "
            f"| {fmt(runs['stream'])} | {statistics.median(ratio_s):.2f} |"
        )
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
