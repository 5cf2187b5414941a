"""``voicefish play``'s command line: its parser, worded in the table's language before it parses (``--help``), and
the refusals of its options (:class:`Refused`: a kind and its facts, said through the command phrases,
:mod:`voicefish.table.phrases.en_command`)."""

from __future__ import annotations

import argparse
import sys
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn

BOT_NAMES = ("Leo", "Mia", "Zoe", "Max", "Ada", "Kai")
"""The computer players' names when ``--bot-names`` is not given."""
VOICE_CHECK = 8
"""Sentences each player repeats before the first deal when the recognizer learns voices."""
TALK_WAIT = 2.5
"""Seconds of quiet after table talk before it is answered: ``table.loop.TALK_PATIENCE`` (not imported here, so
that ``--help`` stays quick; a test keeps the two equal)."""

BACKENDS = ("auto", "pocketsphinx", "vosk", "whisper", "hybrid")
NARRATIONS = ("compact", "verbose")
"""How much the table says about each ask (``--narration``, ``narration`` in the config); the first is the default."""
DEFAULT_SEATS = "easy,medium"
EXAMPLE = "voicefish play --players Priya,Sam --seats easy,hard --games 3"
CONFIG_NAME = "voicefish/config.toml"


class Refused(Exception):
    """An option or setting that cannot be used: one clear line, exit status 2. ``kind`` names its sentence (a
    function of :mod:`voicefish.table.phrases.en_command`), ``facts`` are that sentence's arguments."""

    def __init__(self, kind: str, /, **facts: object) -> None:
        super().__init__(kind)
        self.kind = kind
        self.facts = facts

    def worded(self, lang: str) -> str:
        from voicefish.table.phrases import command_line

        return command_line(lang, self.kind, self.facts)


def _whole(option: str) -> Callable[[str], int]:
    """argparse's ``type`` for a whole-number option: a value that is not one is refused in the table's language."""

    def convert(text: str) -> int:
        try:
            return int(text)
        except ValueError:
            raise Refused("not_whole", option=option, value=text) from None

    return convert


def _decimal(option: str) -> Callable[[str], float]:
    """argparse's ``type`` for a number option (``--volume 0.5``), refused as :func:`_whole` refuses."""

    def convert(text: str) -> float:
        try:
            return float(text)
        except ValueError:
            raise Refused("not_number", option=option, value=text) from None

    return convert


def _backend(text: str) -> str:
    if text not in BACKENDS:
        raise Refused("unknown_choice", option="--backend", value=text, choices=", ".join(BACKENDS))
    return text


def _narration(text: str) -> str:
    if text not in NARRATIONS:
        raise Refused("unknown_choice", option="--narration", value=text, choices=", ".join(NARRATIONS))
    return text


class PlayParser(argparse.ArgumentParser):
    """``voicefish play``'s parser. Before it parses, its texts are worded in the table's language (``--lang`` in the
    arguments, then the config file's, then the locale's: :func:`help_language`), so ``--help`` is in that language;
    its own errors (a value that is not a number, an option without its value, an unknown option) are one line in
    that language and exit status 2, as every other refusal of the command."""

    def parse_known_args(self, args: Any = None, namespace: Any = None) -> Any:
        given = list(sys.argv[1:] if args is None else args)
        lang = help_language(given)
        word_parser(self, lang)
        self.table_language = lang
        try:
            parsed, extra = super().parse_known_args(given, namespace)
            if extra:
                raise Refused("unknown_option", option=extra[0])
        except Refused as exc:
            exit_refused(exc, lang)
        except argparse.ArgumentError as exc:
            option = exc.argument_name or ""
            takes_value = any(option in a.option_strings and a.nargs != 0 for a in self._actions)
            if takes_value:
                exit_refused(Refused("needs_value", option=option), lang)
            exit_refused(Refused("takes_no_value", option=option), lang)
        return parsed, extra

    def error(self, message: str) -> NoReturn:
        """argparse's own refusals that are not an :class:`argparse.ArgumentError` (none is expected with these
        options): one line, the argparse message kept as the cause."""
        exit_refused(Refused("bad_arguments", cause=message), getattr(self, "table_language", "en"))


def exit_refused(exc: Refused, lang: str) -> NoReturn:
    err(exc.worded(lang))
    raise SystemExit(2)


def _given(argv: list[str], option: str) -> str | None:
    """The value of ``option`` in ``argv`` (``--lang it`` or ``--lang=it``), read before parsing; the last wins."""
    found = None
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == option and i + 1 < len(argv):
            found = argv[i + 1]
        elif arg.startswith(option + "="):
            found = arg[len(option) + 1 :]
    return found


def known_language(text: object) -> str | None:
    """The table language ``text`` names (``pl``, ``pl_PL``), if the game has it (its phrases; read without loading
    the grammars, so that ``--help`` stays quick; :func:`~voicefish.commands.language.check_language` decides)."""
    from voicefish.table.phrases import LANGUAGES

    if not isinstance(text, str):
        return None
    code = text.strip().lower().replace("_", "-").split(".")[0].split("-")[0]
    return code if code in LANGUAGES else None


def help_language(argv: list[str]) -> str:
    """The language the play command words its help and errors in, before the options are parsed: ``--lang``, else
    the config file's ``lang``, else the locale's; English when the one given is not known (the language itself is
    then the bad option)."""
    from voicefish.commands.language import default_language

    given = _given(argv, "--lang")
    if given is not None:
        return known_language(given) or "en"
    config = _given(argv, "--config")
    try:
        path = Path(config) if config else default_config()
        raw = tomllib.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        raw = {}
    if "lang" in raw:
        return known_language(raw["lang"]) or "en"
    return default_language()


def default_config() -> Path:
    from platformdirs import user_config_dir

    return Path(user_config_dir("voicefish")) / "config.toml"


def worded_options(lang: str) -> dict[str, tuple[str, str | None]]:
    """Every option's help text and value name (``None``: a switch, no value) in ``lang``, by its ``dest``."""
    from voicefish.bots import PLAYER_KINDS
    from voicefish.rules import MAX_PLAYERS
    from voicefish.table.phrases import LANGUAGES, command_phrases

    book = command_phrases(lang)
    words: dict[str, tuple[str, str | None]] = {
        "help": (book.HELP_HELP, None),
        "lang": (book.help_lang(", ".join(LANGUAGES)), book.META_CODE),
        "players": (book.HELP_PLAYERS, book.META_NAMES),
        "seats": (book.help_seats(", ".join(PLAYER_KINDS), DEFAULT_SEATS, MAX_PLAYERS), book.META_PLAYERS),
        "bot_names": (book.help_bot_names(BOT_NAMES), book.META_NAMES),
        "rules": (book.help_rules("point_fish,sudden_death"), book.META_RULES),
        "games": (book.help_games(5), book.META_COUNT),
        "seed": (book.HELP_SEED, book.META_NUMBER),
        "text": (book.HELP_TEXT, None),
        "resume": (book.HELP_RESUME, None),
        "new": (book.HELP_NEW, None),
        "save": (book.HELP_SAVE, book.META_FILE),
        "log": (book.HELP_LOG, book.META_LOG_FILE),
        "config": (book.help_config(CONFIG_NAME), book.META_FILE),
        "screen": (book.HELP_SCREEN, None),
        "lan": (book.HELP_LAN, None),
        "earpiece": (book.HELP_EARPIECE, book.META_PLAYER_DEVICE),
        "input_device": (book.HELP_INPUT_DEVICE, book.META_DEVICE),
        "output_device": (book.HELP_OUTPUT_DEVICE, book.META_DEVICE),
        "backend": (book.help_backend(", ".join(BACKENDS)), book.META_RECOGNIZER),
        "model": (book.HELP_MODEL, book.META_PATH),
        "rate": (book.HELP_RATE, book.META_NUMBER),
        "volume": (book.HELP_VOLUME, book.META_LEVEL),
        "no_speech": (book.HELP_NO_SPEECH, None),
        "no_earcons": (book.HELP_NO_EARCONS, None),
        "voice_check": (book.help_voice_check(VOICE_CHECK), book.META_COUNT),
        "talk_wait": (book.help_talk_wait(TALK_WAIT), book.META_SECONDS),
        "remember_voices": (book.HELP_REMEMBER_VOICES, None),
        "explain": (book.HELP_EXPLAIN, None),
        "narration": (book.help_narration(*NARRATIONS), book.META_NARRATION),
    }
    return words


def word_parser(p: argparse.ArgumentParser, lang: str) -> None:
    """Put ``lang``'s texts (:mod:`voicefish.table.phrases.en_command`'s ``HELP_*``/``META_*``) on the parser."""
    from voicefish.table.phrases import command_phrases

    book = command_phrases(lang)
    p.description = book.HELP_DESCRIPTION
    p.epilog = book.help_example(EXAMPLE)
    p.formatter_class = _formatter(book.HELP_USAGE)
    p._optionals.title = book.HELP_OPTIONS  # argparse's default group ("options"): no public way to retitle it
    words = worded_options(lang)
    for action in p._actions:
        if action.dest not in words:  # an option added without its phrases keeps its own help (a test fails on it)
            continue
        help_text, metavar = words[action.dest]
        action.help = help_text.replace("%", "%%")  # argparse formats help with %
        if metavar is not None:
            action.metavar = metavar


def _formatter(usage: str) -> type[argparse.HelpFormatter]:
    """argparse's help formatter, with ``usage`` (the table's language's "usage: ") before the usage line."""

    class Formatter(argparse.HelpFormatter):
        def add_usage(self, text: Any, actions: Any, groups: Any, prefix: str | None = None) -> None:
            super().add_usage(text, actions, groups, usage if prefix is None else prefix)

    return Formatter


def err(message: str) -> int:
    """Print one refusal line (``voicefish: ...``) and give exit status 2."""
    print(f"voicefish: {message}", file=sys.stderr)
    return 2


def add_play_parser(sub: Any, run: Callable[[argparse.Namespace], int]) -> None:
    """``voicefish play``'s parser among ``sub`` (the sub-commands), calling ``run`` with its options."""
    from voicefish.table.phrases import command_phrases

    book = command_phrases("en")  # the command list of ``voicefish --help``; play's own texts: word_parser
    p = sub.add_parser(
        "play",
        help=book.HELP_PLAY,
        add_help=False,
        allow_abbrev=False,
        exit_on_error=False,
    )
    p.__class__ = PlayParser  # add_parser makes the subparsers' own class; this one words and refuses (see there)
    p.add_argument("-h", "--help", action="help")
    p.add_argument("--lang")
    p.add_argument("--players")
    p.add_argument("--seats")
    p.add_argument("--bot-names")
    p.add_argument("--rules")
    p.add_argument("--games", type=_whole("--games"))
    p.add_argument("--seed", type=_whole("--seed"))
    p.add_argument("--text", action="store_true", default=None)
    p.add_argument("--resume", action="store_true")
    p.add_argument("--new", action="store_true")
    p.add_argument("--save")
    p.add_argument("--log")
    p.add_argument("--config")
    p.add_argument("--screen", action="store_true", default=None)
    p.add_argument("--lan", action="store_true", default=None)
    p.add_argument("--earpiece", action="append")
    p.add_argument("--input-device")
    p.add_argument("--output-device")
    p.add_argument("--backend", type=_backend)
    p.add_argument("--model")
    p.add_argument("--rate", type=_whole("--rate"))
    p.add_argument("--volume", type=_decimal("--volume"))
    p.add_argument("--no-speech", action="store_true", default=None)
    p.add_argument("--no-earcons", action="store_true", default=None)
    p.add_argument("--voice-check", type=_whole("--voice-check"))
    p.add_argument("--talk-wait", type=_decimal("--talk-wait"))
    p.add_argument("--remember-voices", action="store_true", default=None)
    p.add_argument("--explain", action="store_true", default=None)
    p.add_argument("--narration", type=_narration)
    p.set_defaults(func=run)  # the texts are put on when it parses (PlayParser), in the table's language
