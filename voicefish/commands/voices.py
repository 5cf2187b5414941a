"""``voicefish voices``: the players' voices remembered between sessions (``voicefish play --remember-voices``)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``voices`` sub-command."""
    parser = subparsers.add_parser(
        "voices",
        help="list or forget the voices remembered between sessions",
        description=(
            "With 'voicefish play --remember-voices' the game keeps what it learnt of each player's voice (a small "
            "transform of the speech model, no recording) in your data folder, so a returning player skips the "
            "voice check. This lists those files or deletes them. Nothing is ever sent anywhere."
        ),
        epilog="Examples: voicefish voices list; voicefish voices forget Priya; voicefish voices forget --all",
    )
    parser.add_argument("action", choices=("list", "forget"), nargs="?", default="list", help="what to do (list)")
    parser.add_argument("name", nargs="?", help="the player whose voice to forget")
    parser.add_argument("--all", action="store_true", help="with forget: every remembered voice")
    parser.add_argument("--dir", metavar="FOLDER", help="where the voices are kept (default: in your data folder)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from voicefish.audio.voices import VoiceStore
    from voicefish.commands.play import MAX_NAME

    store = VoiceStore(Path(args.dir) if args.dir else None)
    if args.action == "list":
        if args.name or args.all:
            print("voicefish: 'voices list' takes no name; did you mean 'voices forget NAME'?", file=sys.stderr)
            return 2
        voices = store.remembered()
        if not voices:
            print(f"No voices are remembered (in {store.root}). 'voicefish play --remember-voices' keeps them.")
            return 0
        print(f"Remembered voices (in {store.root}):")
        for v in voices:
            what = f"learnt from {v.samples} sentences" if v.samples else "damaged: it will not be used"
            print(f"  {v.name}: {what}")
        return 0
    if args.all == bool(args.name):
        print("voicefish: say whose voice to forget (a name) or --all", file=sys.stderr)
        return 2
    if args.name is not None and not 0 < len(args.name.strip()) <= MAX_NAME:
        print(f"voicefish: a player's name has 1 to {MAX_NAME} characters", file=sys.stderr)
        return 2
    names = [v.name for v in store.remembered()] if args.all else [args.name]
    forgotten = [n for n in names if store.forget(n)]
    if not args.all and not forgotten:
        print(f"voicefish: no voice of {args.name} is remembered", file=sys.stderr)
        return 1
    print(
        f"Forgot {len(forgotten)} voice{'s' if len(forgotten) != 1 else ''}"
        + (f": {', '.join(forgotten)}." if forgotten else ".")
    )
    return 0
