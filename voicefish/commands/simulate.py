"""``voicefish simulate``: games between computer players, with a summary."""

from __future__ import annotations

import argparse
import json
import sys
from typing import IO, Any


def register(sub: Any) -> None:
    p = sub.add_parser(
        "simulate",
        help="play many games between computer players and print who wins",
        description=(
            "Plays N games between computer players and prints wins, shared wins, mean books per seat and "
            "games per second. Each game is dealt from its own seed derived from --seed, with a random dealer, "
            "so the same command always gives the same numbers."
        ),
    )
    p.add_argument("--games", type=int, default=1000, help="number of games (default: 1000)")
    p.add_argument("--seed", type=int, default=0, help="master seed (default: 0)")
    p.add_argument(
        "--seats",
        default="random,random,random",
        help="comma-separated computer players, one per seat, 2 to 6: random, easy, medium, hard, expert, rule, "
        "persistent (default: random,random,random)",
    )
    p.add_argument("--rules", default="", help="comma-separated switches or presets, e.g. point_fish,pairs")
    p.add_argument("--log", metavar="FILE.jsonl", help="write the full game log of every game to this file")
    p.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from voicefish.bots import PLAYER_KINDS
    from voicefish.rules import MAX_PLAYERS, MIN_PLAYERS, RuleError, RuleSet
    from voicefish.sim import simulate

    seats = [s.strip().lower() for s in str(args.seats).split(",") if s.strip()]
    unknown = [s for s in seats if s not in PLAYER_KINDS]
    if unknown:
        print(
            f"voicefish: unknown computer player {unknown[0]!r}; choose from {', '.join(PLAYER_KINDS)}", file=sys.stderr
        )
        return 2
    if not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
        print(f"voicefish: --seats needs {MIN_PLAYERS} to {MAX_PLAYERS} players, got {len(seats)}", file=sys.stderr)
        return 2
    if args.games < 1:
        print("voicefish: --games must be at least 1", file=sys.stderr)
        return 2
    try:
        rules = RuleSet.parse(args.rules)
    except RuleError as exc:
        print(f"voicefish: {exc}", file=sys.stderr)
        return 2

    log_fp: IO[str] | None = None
    if args.log:
        try:
            log_fp = open(args.log, "w", encoding="utf-8")  # noqa: SIM115 - closed below
        except OSError as exc:
            print(f"voicefish: cannot write the log {args.log}: {exc.strerror}", file=sys.stderr)
            return 1
    bar: Any = None
    if not args.no_progress and args.games >= 200 and sys.stderr.isatty():
        from tqdm import tqdm

        bar = tqdm(total=args.games, unit="game", file=sys.stderr, leave=False)
    try:
        result = simulate(
            seats,
            args.games,
            seed=args.seed,
            rules=rules,
            log=log_fp,
            progress=(lambda k: bar.update(1)) if bar else None,
        )
    finally:
        if bar is not None:
            bar.close()
        if log_fp is not None:
            log_fp.close()

    if args.json:
        print(json.dumps(result.to_json()))
        return 0
    rule_text = ", ".join(result.rules) or "classic"
    print(f"{result.games} games, seed {result.seed}, rules: {rule_text}")
    print(f"{'seat':<6}{'player':<12}{'wins':>8}{'shared':>8}{'win share':>11}{'books':>8}")
    for i, kind in enumerate(seats):
        share = result.win_share[i] / result.games
        print(
            f"{i + 1:<6}{kind:<12}{result.wins[i]:>8}{result.shared_wins[i]:>8}{share:>10.1%}"
            f"{result.mean_books[i]:>8.2f}"
        )
    print(f"{result.games_per_second:.0f} games per second")
    return 0
