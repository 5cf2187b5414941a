"""``voicefish models``: list, download, verify and locate speech models (Vosk; Whisper from pip)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from voicefish.audio.model_manifest import ModelInfo


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``models`` sub-command."""
    parser = subparsers.add_parser(
        "models",
        help="list, download, verify and locate Vosk speech models",
        description=(
            "Manage the optional Vosk speech models. Without one, voicefish listens with the built-in "
            "pocketsphinx recognizer; a Vosk model recognises better. Downloads resume after an interruption "
            "and are checked against the manifest's size and SHA-256 before they are unpacked. With --lang, "
            "'list' shows that language's models, 'download' without a name gets its small Vosk model and 'path' "
            "names the one a table in that language would use."
        ),
    )
    parser.add_argument("--manifest", type=Path, default=None, help="use another manifest file (default: built-in)")
    parser.add_argument(
        "--dir", type=Path, default=None, help="models folder (default: $VOICEFISH_MODELS_DIR, models/ or user data)"
    )
    lang = argparse.ArgumentParser(add_help=False)
    lang.add_argument("--lang", default=None, help="a table language (en, it, pl, es, nl, pt): its models only")
    actions = parser.add_subparsers(dest="action", metavar="ACTION")
    actions.add_parser("list", parents=[lang], help="models in the manifest and whether they are installed")
    get = actions.add_parser("download", parents=[lang], help="download, check and install one model")
    get.add_argument("name", nargs="?", default=None, help="model name from 'voicefish models list' (or use --lang)")
    get.add_argument("--url", default=None, help="download from this URL instead (a mirror; checks still apply)")
    get.add_argument("--force", action="store_true", help="download again even if installed")
    get.add_argument("--timeout", type=float, default=30.0, help="network timeout in seconds (default 30)")
    get.add_argument("--quiet", action="store_true", help="no progress bar")
    check = actions.add_parser("verify", help="re-check installed models' files")
    check.add_argument("name", nargs="?", default=None, help="one model (default: all)")
    actions.add_parser("path", parents=[lang], help="print the models folder and the model the game will use")
    parser.set_defaults(func=run, action=None, lang=None)


def _serves(info: object, lang: str) -> bool:
    """Whether manifest model ``info`` listens in table language ``lang`` (``en-us`` serves ``en``; a
    multilingual Whisper serves every language)."""
    language = str(getattr(info, "language", "")).lower()
    return language == "multi" or language.split("-")[0] == lang


def _language(text: str | None) -> str | None:
    """The language code of ``--lang`` (None when not given); an unknown one raises ModelError with one line."""
    if text is None:
        return None
    from voicefish.audio.models import ModelError
    from voicefish.commands.language import LanguageError, check_language

    try:
        return check_language(text)
    except LanguageError as exc:
        raise ModelError(str(exc)) from None


def run(args: argparse.Namespace) -> int:
    """Run ``voicefish models ACTION``; returns the exit code."""
    from voicefish.audio import models as m

    try:
        manifest = m.load_manifest(args.manifest)
        directory: Path = args.dir or m.models_dir()
        action = args.action or "list"
        lang = _language(args.lang)
        if action == "list":
            shown = [i for i in manifest if lang is None or _serves(i, lang)]
            if not shown:
                print(f"no model in the manifest listens in '{lang}'")
            for info in shown:
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
            info = _chosen(args.name, lang, manifest)
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
            found = m.find_vosk_model(lang or "en", directory=directory, manifest=manifest)
            if found is None and lang not in (None, "en"):  # another language: Whisper base is the default ear
                print(
                    f"no Vosk model for '{lang}' is installed: a table in '{lang}' listens with Whisper base; "
                    f"for Vosk: voicefish models download --lang {lang}"
                )
            else:
                print(m.recognizer_notice(found, lang or "en"))
            return 0
    except m.ModelError as exc:
        print(f"voicefish: {exc}", file=sys.stderr)
        return 1
    print(f"voicefish: unknown models action {args.action!r}", file=sys.stderr)
    return 2


def _chosen(name: str | None, lang: str | None, manifest: list[ModelInfo]) -> ModelInfo:
    """The model ``download`` gets: ``name``, else the smallest Vosk model for ``lang``; ModelError otherwise."""
    from voicefish.audio import models as m

    if name is not None:
        info = m.get_model(name, manifest)
        if lang is not None and not _serves(info, lang):
            raise m.ModelError(f"{info.name} listens in '{info.language}', not in '{lang}'")
        return info
    if lang is None:
        raise m.ModelError("name a model (see 'voicefish models list') or give --lang for its small Vosk model")
    vosk = [i for i in manifest if i.kind == "vosk" and _serves(i, lang)]
    if not vosk:
        raise m.ModelError(f"the manifest has no Vosk model for '{lang}'; Whisper base listens in it (the default)")
    return min(vosk, key=lambda i: i.size or 0)
