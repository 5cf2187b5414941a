"""The ``voicefish`` command: the one place that wires everything together.

Each sub-command lives in ``voicefish.commands.<name>`` and exposes ``register(subparsers)``;
heavy imports (speech models, audio) happen inside the command, so ``--help`` is instant.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from voicefish import __version__

COMMANDS = ("play", "simulate", "parse", "transcribe", "models", "devices", "voices", "replay")


def build_parser() -> argparse.ArgumentParser:
    """The full argument parser, with every sub-command registered."""
    parser = argparse.ArgumentParser(
        prog="voicefish",
        description=(
            "An offline, voice-controlled Go Fish table. The computer deals, listens, referees and "
            "announces; each hand stays private. Start a game with 'voicefish play'."
        ),
        epilog="Run 'voicefish COMMAND --help' for the options of one command.",
    )
    parser.add_argument("--version", action="version", version=f"voicefish {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        try:
            module = importlib.import_module(f"voicefish.commands.{name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"voicefish.commands.{name}":
                continue  # not built yet
            raise
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script; returns the process exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 0
    try:
        code: int = args.func(args)
    except KeyboardInterrupt:
        print("\nvoicefish: stopped.", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): not an error of ours; keep Python from complaining at exit.
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    return code


if __name__ == "__main__":
    sys.exit(main())
