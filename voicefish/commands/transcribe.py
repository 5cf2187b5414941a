"""``voicefish transcribe``: what the game hears in WAV files, as it would during play."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from voicefish.audio.recognizer import Recognition, Recognizer

DESCRIPTION = """\
Recognize speech in WAV files with the game's recognizer and grammar for one table, and print what the
game would make of each: the words heard, the intent (as 'voicefish parse' prints it), a confidence 0..1,
whether the game would confirm before acting, and the decoding time. All files are decoded in one process
with one recognizer. Any sample rate, mono or stereo, 8/16/24/32-bit or float WAV is accepted (resampled
to 16 kHz mono). A file that cannot be read gives a line with an "error" field; the others are still done.

--hand is the speaker's ranks: an ask for a rank not in the hand still comes back as the rank spoken (and is
marked to confirm) or as none, never as a different rank.
"""

EPILOG = """\
examples:
  voicefish transcribe --players Priya,Sam,Leo --json ask.wav chatter.wav
  voicefish transcribe --players Priya,Sam,Leo --me Sam --hand 7,J,Q --json *.wav
  voicefish transcribe --players Priya,Sam --backend vosk --model models/vosk-model-small-en-us-0.15 a.wav
"""


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``transcribe`` sub-command."""
    p = subparsers.add_parser(
        "transcribe",
        help="recognize WAV files and print the game intent of each",
        description=DESCRIPTION,
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "--players",
        default="Priya,Sam,Leo",
        help="the players at the table, comma-separated, in seat order (default: %(default)s)",
    )
    p.add_argument("--me", default=None, help="the speaker, who cannot be asked (default: unknown)")
    p.add_argument("--hand", default=None, help="the speaker's ranks, e.g. 7,J,Q (default: unknown)")
    p.add_argument("--rules", default="", help="rule switches or presets, e.g. 'authors' (default: classic)")
    p.add_argument(
        "--backend",
        choices=("pocketsphinx", "vosk", "whisper", "hybrid"),
        default=None,
        help="recognizer: the built-in pocketsphinx, vosk with a downloaded model, whisper, or hybrid (pocketsphinx "
        "and Whisper when it is unsure) (default: pocketsphinx in English, whisper in the other languages)",
    )
    p.add_argument(
        "--model",
        default=None,
        help="model folder (vosk: a Vosk model, default: the installed one; pocketsphinx: default the built-in; "
        "whisper/hybrid: whisper-tiny.en, whisper-base or a folder, default whisper-base)",
    )
    p.add_argument("--lang", help="language: en, it, pl, es, nl, pt (default: the system locale's, else en)")
    p.add_argument("--json", action="store_true", help="print one JSON object per file")
    p.add_argument("files", nargs="+", metavar="FILE.wav", help="WAV files to recognize")
    p.set_defaults(func=run)


def _fail(message: str) -> int:
    print(f"voicefish: {message}", file=sys.stderr)
    return 2


def _make_recognizer(args: argparse.Namespace) -> Recognizer:
    from voicefish.speech.grammar import load_grammar

    grammar = load_grammar(args.lang)
    if args.backend == "vosk":
        from voicefish.audio.vosk_backend import VoskRecognizer

        model = args.model
        if model is None:
            from voicefish.audio.models import find_vosk_model

            found = find_vosk_model(args.lang)
            if found is None:
                raise LookupError(
                    f"no Vosk model for '{args.lang}' is installed; get one with 'voicefish models download NAME' "
                    "or give --model PATH (or use --backend pocketsphinx)"
                )
            model = str(found)
        return VoskRecognizer(model, grammar=grammar)
    if args.backend in ("whisper", "hybrid"):
        from voicefish.audio.whisper import DEFAULT_WHISPER_MODEL, HybridRecognizer, WhisperRecognizer

        whisper = WhisperRecognizer(args.model or DEFAULT_WHISPER_MODEL, grammar=grammar, language=args.lang)
        return whisper if args.backend == "whisper" else HybridRecognizer(whisper, grammar=grammar)
    from voicefish.audio.sphinx import SphinxRecognizer

    return SphinxRecognizer(grammar=grammar, model_dir=args.model)


def _line(file: str, rec: Recognition | None, error: str | None, as_json: bool) -> str:
    if as_json:
        obj: dict[str, Any] = {"file": file}
        if rec is not None:
            obj.update(rec.to_json())
        if error is not None:
            obj["error"] = error
        return json.dumps(obj, ensure_ascii=False)
    if error is not None:
        return f"{file}: error: {error}"
    assert rec is not None
    from voicefish.speech.intents import intent_to_json

    intent = intent_to_json(rec.intent)
    what = " ".join(f"{k}={v}" for k, v in intent.items() if k != "type")
    verdict = "confirm" if rec.confirm else "play" if intent["type"] != "none" else "ignore"
    return (
        f"{file}: \u201c{rec.text}\u201d \u2192 {intent['type']}{' ' + what if what else ''} "
        f"[{verdict}, confidence {rec.confidence:.2f}, {rec.decode_ms:.0f} ms]"
    )


def run(args: argparse.Namespace) -> int:
    """Decode every file; exit 0 when all files were read, 1 when some could not be, 2 on bad options."""
    from voicefish.audio.recognizer import RecognizerError
    from voicefish.audio.wavio import WavError, read_wav
    from voicefish.cards import CardError, parse_rank
    from voicefish.commands.language import LanguageError, check_language, default_language, english_only
    from voicefish.rules import RuleError, RuleSet
    from voicefish.speech.grammar import GrammarError, TableContext

    try:
        args.lang = check_language(args.lang) if args.lang else default_language()
    except LanguageError as exc:
        return _fail(str(exc))
    if args.backend is None:
        args.backend = "pocketsphinx" if args.lang == "en" else "whisper"
    refused = english_only(args.backend, args.lang)
    if refused:
        return _fail(refused)
    players = tuple(p.strip() for p in args.players.split(",") if p.strip())
    if len(players) < 1:
        return _fail("--players needs at least one name")
    try:
        rules = RuleSet.parse(args.rules)
        ctx = TableContext(players, me=args.me, rules=rules)
        hand = None
        if args.hand is not None:
            hand = frozenset(parse_rank(c) for c in args.hand.split(",") if c.strip())
    except (RuleError, CardError, ValueError) as exc:
        return _fail(str(exc))
    try:
        recognizer = _make_recognizer(args)
        recognizer.set_table(ctx, hand)
    except (RecognizerError, GrammarError, LookupError, OSError) as exc:
        return _fail(str(exc))
    failures = 0
    for file in args.files:
        rec = None
        error = None
        try:
            audio = read_wav(file, on_warning=lambda message: print(f"voicefish: {message}", file=sys.stderr))
            rec = recognizer.decode(audio)
        except WavError as exc:
            error = str(exc)
        except (RecognizerError, ValueError) as exc:
            error = f"{file}: {exc}"
        if error is not None:
            failures += 1
            if not args.json:
                print(f"voicefish: {error}", file=sys.stderr)
                continue
        print(_line(file, rec, error, args.json), flush=True)
    return 1 if failures else 0
