"""The ``voicefish`` command: the one place that wires everything together.

Each sub-command lives in ``voicefish.commands.<name>`` and exposes ``register(subparsers)``;
heavy imports (speech models, audio) happen inside the command, so ``--help`` is instant.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from typing import NoReturn

from voicefish import __version__

COMMANDS = ("play", "simulate", "parse", "transcribe", "models", "devices", "voices", "replay")


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose errors are one line (issue 29): what is wrong and where the options are, not the
    whole usage. Sub-command parsers are of this class too (``add_subparsers`` makes them of the parent's class)."""

    commands: dict[str, argparse.ArgumentParser]

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {' '.join(message.split())} (see '{self.prog} --help')\n")


def build_parser() -> OneLineParser:
    """The full argument parser, with every sub-command registered."""
    parser = OneLineParser(
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
    parser.commands = dict(sub.choices)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script; returns the process exit code."""
    parser = build_parser()
    args, unknown = parser.parse_known_args(argv)
    if unknown:  # said by the sub-command, so the line points to its own --help
        parser.commands.get(args.command or "", parser).error(f"unrecognized arguments: {' '.join(unknown)}")
    if args.command is None:
        parser.print_help()
        return 0
    try:
        code: int = args.func(args)
    except KeyboardInterrupt:
        from voicefish.commands.play_args import help_language
        from voicefish.table.phrases import command_phrases

        said = command_phrases(help_language(list(sys.argv[1:] if argv is None else argv))).STOPPED
        print(f"\nvoicefish: {said}", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): not an error of ours; keep Python from complaining at exit.
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    return code


if __name__ == "__main__":
    sys.exit(main())
