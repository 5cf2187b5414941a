"""Paired-seed strength runs for quick experiments: every deal is played once per seat order.

Usage::

    nice -n 19 .venv/bin/python bench/bots_paired.py --subject expert --opponent hard --deals 200
    nice -n 19 .venv/bin/python bench/bots_paired.py --subject expert --opponent hard --set BUDGET=32000

Deal ``d`` is played ``players`` times from the same game seed and the same player seeds, the subject moved one
seat along each time (the other seats keep their order), so the luck of the deal is shared between the subject
and its opponents. The score of a deal is the subject's mean win share over those games; the report gives the
mean over deals and a 95 % interval from the spread of the per-deal scores (1.96 standard errors), which is
narrower than the unpaired interval of ``bots_bench.py`` for the same number of games. ``--set NAME=VALUE``
changes a class attribute of :class:`~voicefish.bots.expert.ExpertPlayer` for the run (an experiment; on the Python
source only, ``VOICEFISH_PURE=1``: compiled, the player reads them as constants).
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import statistics
import time

import voicefish
from voicefish.bots import make_player
from voicefish.bots.expert import ExpertPlayer
from voicefish.engine import Game
from voicefish.sim import play_game


def _apply(settings: list[str]) -> None:
    for s in settings:
        name, _, value = s.partition("=")
        old = getattr(ExpertPlayer, name)
        setattr(ExpertPlayer, name, type(old)(value) if not isinstance(old, bool) else value in ("1", "true"))


def play_deal(task: tuple[str, str, int, int, list[str]]) -> tuple[float, float]:
    """The subject's mean share over the seat orders of deal ``d``, and the CPU seconds it took."""
    subject, opponent, players, d, settings = task
    _apply(settings)
    t0 = time.process_time()
    others = opponent.split("+")
    if len(others) == 1:
        others = others * (players - 1)
    seed = random.Random(f"paired/{players}/{d}").getrandbits(63)
    rng = random.Random(seed ^ 0x5EED)
    seeds = [rng.getrandbits(63) for _ in range(players)]
    total = 0.0
    for seat in range(players):
        kinds = [*others[:seat], subject, *others[seat:]]
        bots = [make_player(k, random.Random(seeds[s])) for s, k in enumerate(kinds)]
        game = play_game(Game([f"p{i}" for i in range(players)], seed=seed), bots)
        total += 1.0 / len(game.winners) if seat in game.winners else 0.0
    return total / players, time.process_time() - t0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument("--subject", default="expert")
    ap.add_argument("--opponent", default="hard", help="one kind, or several joined by + (one seat each)")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--first", type=int, default=0, help="first deal number (default 0)")
    ap.add_argument("--procs", type=int, default=1, help="worker processes, at most 2 (default 1)")
    ap.add_argument("--set", action="append", default=[], help="NAME=VALUE for ExpertPlayer (repeatable)")
    args = ap.parse_args()
    if args.set and voicefish.ENGINE == "compiled":
        ap.error(
            "--set changes ExpertPlayer's class attributes, which the compiled player reads as constants: "
            "run it on the Python source (VOICEFISH_PURE=1)"
        )
    tasks = [
        (args.subject, args.opponent, args.players, d, args.set) for d in range(args.first, args.first + args.deals)
    ]
    t0 = time.perf_counter()
    if args.procs > 1:
        with multiprocessing.Pool(min(2, args.procs)) as pool:
            out = pool.map(play_deal, tasks, chunksize=1)
    else:
        out = [play_deal(t) for t in tasks]
    scores = [s for s, _ in out]
    mean = statistics.fmean(scores)
    half = 1.96 * statistics.stdev(scores) / math.sqrt(len(scores)) if len(scores) > 1 else float("nan")
    cpu = sum(c for _, c in out)
    print(
        f"{args.subject} vs {args.opponent} ({args.players} players) {' '.join(args.set)}: "
        f"{100 * mean:.1f} % ± {100 * half:.1f} over {len(scores)} deals x {args.players} seats "
        f"(deals {args.first}..{args.first + args.deals - 1}); {cpu:.0f} CPU-s, {time.perf_counter() - t0:.0f} s"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
