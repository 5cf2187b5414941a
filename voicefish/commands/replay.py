"""``voicefish replay``: check a game log against the rules and retell it."""

from __future__ import annotations

import argparse
import sys
from typing import Any


def register(sub: Any) -> None:
    p = sub.add_parser(
        "replay",
        help="check a game log against the rules and retell the games",
        description=(
            "Reads a JSON Lines game log (written by 'voicefish play' or 'voicefish simulate --log'), replays every "
            "game through the engine from its logged deck and asks, and checks that each line is what the rules "
            "give. Prints each game's result; with --narrate, retells the game as the table heard it. A log holds "
            "every hand: read it after the game, not during it."
        ),
    )
    p.add_argument("log", metavar="FILE.jsonl", help="the game log")
    p.add_argument("--narrate", action="store_true", help="retell every game as the table heard it")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from voicefish.engine import PUBLIC
    from voicefish.engine.errors import LogError
    from voicefish.engine.log import read_log, replay
    from voicefish.table.narrator import Narrator

    try:
        games = read_log(args.log)
        if not games:
            print(f"voicefish: {args.log} holds no game", file=sys.stderr)
            return 1
        for logged in games:
            game = replay(logged, path=args.log)
            names = game.players
            status = "complete" if logged.complete else "stopped before the end"
            winners = ", ".join(names[w] for w in game.winners) if game.over else "-"
            scores = ", ".join(f"{n} {s}" for n, s in zip(names, game.scores, strict=True))
            print(f"game {game.game_number} (line {logged.start_line}): {status}; scores {scores}; winners {winners}")
            if args.narrate:
                narrator = Narrator(names, game.rules)
                events = list(game.view(PUBLIC).events)
                for m in narrator.public(events, None):
                    print(f"  {m.voice or 'Dealer'}: {m.text}")
    except LogError as exc:
        print(f"voicefish: {exc}", file=sys.stderr)
        return 1
    print(f"{len(games)} game(s) checked: every line follows the rules.")
    return 0
