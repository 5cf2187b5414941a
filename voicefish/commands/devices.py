"""``voicefish devices``: list the microphones and audio outputs the game can use."""

from __future__ import annotations

import argparse
import sys


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``devices`` sub-command."""
    parser = subparsers.add_parser(
        "devices",
        help="list microphones and audio outputs",
        description=(
            "List the audio inputs (microphones) and outputs (speakers, earpieces) voicefish can use. Choose one "
            "in 'voicefish play' by its number or by part of its name (case-insensitive). '*' marks the default. "
            "With --check-input/--check-output DEVICE the device is also opened to see that it works."
        ),
    )
    parser.add_argument("--kind", choices=("input", "output", "all"), default="all", help="which devices (all)")
    parser.add_argument("--check-input", metavar="DEVICE", default=None, help="open this microphone for 0.2 s")
    parser.add_argument("--check-output", metavar="DEVICE", default=None, help="open this output briefly")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Print the devices; returns 0, or 1 with a one-line reason when audio is unusable."""
    from voicefish.audio import devices as d

    try:
        kinds: list[d.Kind] = ["input", "output"] if args.kind == "all" else [args.kind]
        for kind in kinds:
            found = d.list_devices(kind)
            title = "Microphones (input)" if kind == "input" else "Audio outputs"
            print(f"{title}:")
            if not found:
                print(f"  none found; {d.INPUT_FALLBACK if kind == 'input' else d.OUTPUT_FALLBACK}")
            for device in found:
                print(" " + device.describe())
        for kind, spec in (("input", args.check_input), ("output", args.check_output)):
            if spec is None:
                continue
            device = d.choose_device(spec, kind)
            stream = d.open_stream(kind, device, samplerate=16000, channels=1, dtype="int16")
            stream.stop()
            stream.close()
            print(f"{kind} {device.id} ({device.name}) opens at 16 kHz mono: ok")
    except d.AudioError as exc:
        print(f"voicefish: {exc}", file=sys.stderr)
        return 1
    return 0
