"""``voicefish models``: list, download, verify and locate speech models (Vosk; Whisper from pip)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``models`` sub-command."""
    parser = subparsers.add_parser(
        "models",
        help="list, download, verify and locate Vosk speech models",
        description=(
            "Manage the optional Vosk speech models. Without one, voicefish listens with the built-in "
            "pocketsphinx recognizer; a Vosk model recognises better. Downloads resume after an interruption "
            "and are checked against the manifest's size and SHA-256 before they are unpacked."
        ),
    )
    parser.add_argument("--manifest", type=Path, default=None, help="use another manifest file (default: built-in)")
    parser.add_argument(
        "--dir", type=Path, default=None, help="models folder (default: $VOICEFISH_MODELS_DIR, models/ or user data)"
    )
    actions = parser.add_subparsers(dest="action", metavar="ACTION")
    actions.add_parser("list", help="models in the manifest and whether they are installed")
    get = actions.add_parser("download", help="download, check and install one model")
    get.add_argument("name", help="model name from 'voicefish models list'")
    get.add_argument("--url", default=None, help="download from this URL instead (a mirror; checks still apply)")
    get.add_argument("--force", action="store_true", help="download again even if installed")
    get.add_argument("--timeout", type=float, default=30.0, help="network timeout in seconds (default 30)")
    get.add_argument("--quiet", action="store_true", help="no progress bar")
    check = actions.add_parser("verify", help="re-check installed models' files")
    check.add_argument("name", nargs="?", default=None, help="one model (default: all)")
    actions.add_parser("path", help="print the models folder and the model the game will use")
    parser.set_defaults(func=run, action=None)


def run(args: argparse.Namespace) -> int:
    """Run ``voicefish models ACTION``; returns the exit code."""
    from voicefish.audio import models as m

    try:
        manifest = m.load_manifest(args.manifest)
        directory: Path = args.dir or m.models_dir()
        action = args.action or "list"
        if action == "list":
            for info in manifest:
                where = m.installed_path(info, directory)
                size = f"{info.size / 1e6:.0f} MB" if info.size else "size unknown"
                state = f"installed at {where}" if where else "not installed"
                print(f"{info.name:32} {info.language:6} {size:>8}  {state}")
                print(f"{'':32} {info.description}")
                if info.kind == "whisper":  # got from pip here; the official files for those with the internet
                    print(f"{'':32} model.bin: {info.url}")
                    print(f"{'':32} SHA-256: {info.sha256 or 'unknown (cannot be checked, so not loaded)'}")
            return 0
        if action == "download":
            info = m.get_model(args.name, manifest)
            existing = m.installed_path(info, directory)
            if existing and not args.force:
                print(f"{info.name} is already installed at {existing} (use --force to download it again)")
                return 0
            result = m.download(info, directory, url=args.url, timeout=args.timeout, progress=not args.quiet)
            resumed = f" (resumed from {result.resumed_from} bytes)" if result.resumed_from else ""
            checked = "SHA-256 verified" if result.verified else "size checked; no SHA-256 published, unverifiable"
            print(f"installed {info.name} at {result.path}{resumed}; {checked}")
            return 0
        if action == "verify":
            chosen = [m.get_model(args.name, manifest)] if args.name else manifest
            results = [m.verify(info, directory) for info in chosen]
            for res in results:
                print(f"{res.name:32} {res.status:14} {res.detail}")
            return 0 if all(r.ok for r in results) else 1
        if action == "path":
            print(f"models folder: {directory}")
            found = m.find_vosk_model(directory=directory, manifest=manifest)
            print(m.recognizer_notice(found))
            return 0
    except m.ModelError as exc:
        print(f"voicefish: {exc}", file=sys.stderr)
        return 1
    print(f"voicefish: unknown models action {args.action!r}", file=sys.stderr)
    return 2
