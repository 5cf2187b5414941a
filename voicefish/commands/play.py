"""``voicefish play``: a session of Go Fish at the table, by voice or by typing."""

from __future__ import annotations

import argparse
import sys
import time
import tomllib
from pathlib import Path
from typing import Any

BOT_NAMES = ("Leo", "Mia", "Zoe", "Max", "Ada", "Kai")
CONFIG_KEYS: dict[str, type | tuple[type, ...]] = {
    "players": str,
    "seats": str,
    "rules": str,
    "games": int,
    "seed": int,
    "text": bool,
    "screen": bool,
    "lan": bool,
    "earpiece": list,
    "input_device": (str, int),
    "output_device": (str, int),
    "backend": str,
    "model": str,
    "rate": int,
    "volume": float,
    "no_speech": bool,
    "no_earcons": bool,
    "bot_names": str,
    "voice_check": int,
    "remember_voices": bool,
    "explain": bool,
    "narration": str,
    "talk_wait": float,
    "lang": str,
}
_KIND_WORDS: dict[type | tuple[type, ...], str] = {
    str: "text in quotes",
    int: "a whole number",
    bool: "true or false",
    list: "a list",
    float: "a number",
    (str, int): "a device name in quotes or a device number",
}
LIST_ITEMS: dict[str, type] = {"earpiece": str}
"""The type of every element of a list setting (``earpiece = ["Priya=2"]``)."""
MAX_NAME = 40
"""The longest player name, in characters."""
RATE_RANGE = (80, 450)
"""Speaking rates espeak-ng takes, in words per minute."""
MAX_VOICE_CHECK = 40
"""The most sentences of the voice check (about 5 seconds each)."""
VOICE_CHECK = 8
"""Sentences each player repeats before the first deal when the recognizer learns voices."""
NARRATIONS = ("compact", "verbose")
"""How much the table says about each ask (``--narration``, ``narration`` in the config); the first is the default."""
TALK_WAIT = 2.5
"""Seconds of quiet after table talk before it is answered: ``table.loop.TALK_PATIENCE`` (not imported here, so
that ``--help`` stays quick; a test keeps the two equal)."""


def register(sub: Any) -> None:
    p = sub.add_parser(
        "play",
        help="play Go Fish at the table, by voice (or typing with --text)",
        description=(
            "Deals a session of Go Fish for the humans named in --players and computer players in --seats. "
            "On your turn say, for example, 'Priya, do you have any jacks?'. The table hears every public "
            "move; each hand is read privately (earpiece, private screen, or a press-Enter reveal in the "
            "terminal). With no microphone the game falls back to typed input by itself. The game is saved "
            "after every move: 'voicefish play --resume' goes on after a stop or a crash. Settings can also "
            "live in a TOML config file (keys are the long option names with underscores)."
        ),
        epilog="Example: voicefish play --players Priya,Sam --seats easy,hard --games 3",
    )
    p.add_argument(
        "--lang", help="language of the table: en, it, pl, es, nl, pt (default: the system locale's, else en)"
    )
    p.add_argument("--players", help="comma-separated names of the human players (default: asks for your name)")
    p.add_argument(
        "--seats",
        help="comma-separated computer players to fill seats: easy, medium, hard, expert (looks ahead), random, rule, "
        "persistent (default: easy,medium when one human plays, none otherwise); 2 to 6 players in all",
    )
    p.add_argument("--bot-names", help=f"names for the computer players (default: {', '.join(BOT_NAMES)})")
    p.add_argument(
        "--rules", help="comma-separated house rules or presets, e.g. point_fish,sudden_death (default: classic)"
    )
    p.add_argument("--games", type=int, help="games in the session (default: 5)")
    p.add_argument("--seed", type=int, help="seed for a reproducible deal (default: random)")
    p.add_argument("--text", action="store_true", default=None, help="type instead of speaking")
    p.add_argument("--resume", action="store_true", help="go on with the saved game")
    p.add_argument("--new", action="store_true", help="start a new session even if a saved game exists")
    p.add_argument(
        "--save", metavar="FILE", help="where the game is saved after every move (default: in your data folder)"
    )
    p.add_argument(
        "--log", metavar="FILE.jsonl", help="where the full game log is written (default: in your data folder)"
    )
    p.add_argument(
        "--config", metavar="FILE", help="a TOML settings file (default: voicefish/config.toml in your config folder)"
    )
    p.add_argument(
        "--screen", action="store_true", default=None, help="start the table page and private pages (phones)"
    )
    p.add_argument("--lan", action="store_true", default=None, help="let phones on the same network open the pages")
    p.add_argument(
        "--earpiece",
        action="append",
        metavar="NAME=DEVICE",
        help="route NAME's private speech to an output device (index or name), e.g. Priya=2; repeatable",
    )
    p.add_argument("--input-device", help="microphone by index or name (default: the system default)")
    p.add_argument("--output-device", help="table speaker by index or name (default: the system default)")
    p.add_argument(
        "--backend",
        choices=["auto", "pocketsphinx", "vosk", "whisper", "hybrid"],
        help="speech recognizer (default: auto)",
    )
    p.add_argument(
        "--model", metavar="PATH", help="a Vosk model folder (default: an installed English model), or a Whisper model"
    )
    p.add_argument("--rate", type=int, help="speaking rate in words per minute (default: the voice's own)")
    p.add_argument("--volume", type=float, help="speaking volume 0.0–1.0 (default: 1.0)")
    p.add_argument("--no-speech", action="store_true", default=None, help="captions only, no spoken output")
    p.add_argument(
        "--no-earcons",
        action="store_true",
        default=None,
        help="no short sounds when the game starts listening and when it heard you (they play even with --no-speech)",
    )
    p.add_argument(
        "--voice-check",
        type=int,
        metavar="N",
        help="before the first deal, each player repeats N short asks so the recognizer learns their voice "
        f"(pocketsphinx only; about 5 seconds each; 0 skips it; default: {VOICE_CHECK}); when the room turns loud, "
        "4 more each in the noise (not for a player whose check was already said in the noise)",
    )
    p.add_argument(
        "--talk-wait",
        type=float,
        metavar="SECONDS",
        help="by voice, how long the game waits in quiet after something it took for table talk before it says it "
        f"did not catch it, so it does not reply to every aside (0 answers at once; default: {TALK_WAIT:g})",
    )
    p.add_argument(
        "--remember-voices",
        action="store_true",
        default=None,
        help="keep what the game learns of each player's voice in your data folder, so a returning player skips "
        "the voice check (off by default; 'voicefish voices' lists and forgets them)",
    )
    p.add_argument(
        "--explain",
        action="store_true",
        default=None,
        help="practice: after each computer player's ask, say why it asked (from public facts only); "
        "at any time, 'why?' tells the last one",
    )
    p.add_argument(
        "--narration",
        choices=NARRATIONS,
        help="compact (default): each ask and what came of it in one sentence, and only a human's turn announced; "
        "verbose: every turn announced, computer players say their asks, each outcome a sentence of its own",
    )
    p.set_defaults(func=run)


def _err(message: str) -> int:
    print(f"voicefish: {message}", file=sys.stderr)
    return 2


def _load_config(args: argparse.Namespace) -> dict[str, Any]:
    from platformdirs import user_config_dir

    path = Path(args.config) if args.config else Path(user_config_dir("voicefish")) / "config.toml"
    if not path.exists():
        if args.config:
            raise ValueError(f"no config file at {path}")
        return {}
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ValueError(f"cannot read the config file {path}: {exc}") from None
    unknown = sorted(set(data) - set(CONFIG_KEYS))
    if unknown:
        raise ValueError(f"unknown setting {unknown[0]!r} in {path}; known: {', '.join(CONFIG_KEYS)}")
    for key, kind in CONFIG_KEYS.items():
        if key not in data:
            continue
        value = data[key]
        if kind is float and isinstance(value, int) and not isinstance(value, bool):
            data[key] = value = float(value)  # volume = 1
        if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
            raise ValueError(f"setting {key!r} in {path} should be {_KIND_WORDS.get(kind, str(kind))}")
        item = LIST_ITEMS.get(key)
        if item is not None and not all(isinstance(v, item) for v in data[key]):
            raise ValueError(
                f"setting {key!r} in {path} should be a list of {_KIND_WORDS.get(item, item.__name__)}, "
                'e.g. ["Priya=2"]'
            )
    return data


def _setting(args: argparse.Namespace, config: dict[str, Any], key: str, default: Any) -> Any:
    value = getattr(args, key, None)
    if value is not None:
        return value
    return config.get(key, default)


_TALK_WAIT_RANGE = "between 0 (answer at once) and 60 seconds"
_RATE_WORDS = "between {} and {} words a minute".format(*RATE_RANGE)
_VOLUME_WORDS = "between 0.0 (silent) and 1.0 (full)"


class _Refused(Exception):
    """An option or setting that cannot be used: one clear line, exit status 2."""


def _names(text: str, option: str) -> list[str]:
    """The comma-separated names of ``option``: none empty, none repeated, none too long."""
    names = [n.strip() for n in text.split(",")]
    if not any(names):
        raise _Refused(f"{option} needs at least one name")
    if not all(names):
        raise _Refused(f"{option} has an empty name (two commas in a row, or one at an end): {text!r}")
    long = [n for n in names if len(n) > MAX_NAME]
    if long:
        raise _Refused(f"{option}: a name has at most {MAX_NAME} characters ({long[0][:MAX_NAME]}... is longer)")
    seen: set[str] = set()
    for n in names:
        if n.casefold() in seen:
            raise _Refused(f"{option} names {n} twice; every player needs a name of their own")
        seen.add(n.casefold())
    return names


def _number(value: Any, option: str, low: float, high: float, what: str, *, whole: bool = False) -> Any:
    """``value`` when it lies within ``low``..``high`` (a NaN never does)."""
    if value is None:
        return None
    if not (low <= value <= high):
        raise _Refused(f"{option} must be {what}")
    return int(value) if whole else value


def run(args: argparse.Namespace) -> int:
    """Check every option, take the save's lock, then play (or go on with) a session."""
    try:
        return _run(args)
    except _Refused as exc:
        return _err(str(exc))


def _run(args: argparse.Namespace) -> int:
    from platformdirs import user_data_dir

    from voicefish.table.save import SaveError, SaveLock, check_log_target, check_save_target, clean_stale_temps

    try:
        config = _load_config(args)
    except ValueError as exc:
        return _err(str(exc))

    from voicefish.commands.language import LanguageError, check_language, default_language, english_only

    lang_text = _setting(args, config, "lang", None)
    try:
        lang = check_language(str(lang_text)) if lang_text is not None else default_language()
    except LanguageError as exc:
        return _err(str(exc))

    refused = (
        None if _setting(args, config, "text", False) else english_only(_setting(args, config, "backend", ""), lang)
    )
    if refused:
        return _err(refused)

    data_dir = Path(user_data_dir("voicefish"))
    save_path = Path(args.save).expanduser() if args.save else data_dir / "save.json"
    default_log = data_dir / "logs" / time.strftime("session-%Y%m%d-%H%M%S.jsonl")
    log_path = Path(args.log).expanduser() if args.log else None

    voice_check = _number(
        _setting(args, config, "voice_check", VOICE_CHECK),
        "--voice-check",
        0,
        MAX_VOICE_CHECK,
        f"between 0 (none) and {MAX_VOICE_CHECK}",
        whole=True,
    )
    talk_wait = float(_number(_setting(args, config, "talk_wait", TALK_WAIT), "--talk-wait", 0, 60, _TALK_WAIT_RANGE))
    rate = _number(_setting(args, config, "rate", None), "--rate", *RATE_RANGE, _RATE_WORDS)
    volume = _number(_setting(args, config, "volume", None), "--volume", 0.0, 1.0, _VOLUME_WORDS)
    seed = _setting(args, config, "seed", None)
    if _setting(args, config, "narration", NARRATIONS[0]) not in NARRATIONS:
        raise _Refused(f"the narration setting must be one of {', '.join(NARRATIONS)}")
    _number(seed, "--seed", -(2**63), 2**63 - 1, "a whole number below 2**63 (or leave it out for a random deal)")

    try:
        check_save_target(save_path)
        if log_path is not None:
            check_log_target(log_path)
        lock = SaveLock.acquire(save_path)
    except SaveError as exc:
        return _err(str(exc))
    try:
        if lock is not None:
            clean_stale_temps(save_path)
        return _play(
            args,
            config,
            save_path=save_path,
            log_path=log_path,
            default_log=default_log,
            voice_check=voice_check,
            talk_wait=talk_wait,
            rate=rate,
            volume=volume,
            seed=seed,
            lang=lang,
            lang_asked=getattr(args, "lang", None) is not None,
        )
    finally:
        if lock is not None:
            lock.release()


def _play(
    args: argparse.Namespace,
    config: dict[str, Any],
    *,
    save_path: Path,
    log_path: Path | None,
    default_log: Path,
    voice_check: int,
    talk_wait: float,
    rate: int | None,
    volume: float | None,
    seed: int | None,
    lang: str = "en",
    lang_asked: bool = False,
) -> int:
    """``lang_asked``: the language was given on the command line; otherwise a resumed game keeps its save's language
    (over the config's and the locale's, which are only defaults for new games)."""
    from voicefish.rules import MAX_PLAYERS, RuleError, RuleSet
    from voicefish.table.loop import HUMAN, SeatSpec, TableLoop, resume_loop
    from voicefish.table.save import (
        MAX_GAMES,
        SaveError,
        check_log_target,
        clean_stale_temps,
        load_save,
        put_aside,
    )

    resume = bool(args.resume)
    offered: str | None = None  # what to say about a save a new game puts aside (said when it really starts)
    if not resume and not args.new and save_path.exists():
        try:
            resume, offered = _offer_resume(save_path, lang)
        except EOFError:
            return _err("no answer (the input ended); the saved game is left as it was. Use --resume or --new.")
    if args.resume and not save_path.exists():
        return _err(f"there is no saved game at {save_path}; start one with 'voicefish play'")

    if resume:
        try:
            saved = load_save(save_path)
        except SaveError as exc:
            return _err(f"{exc}. Start a new game with 'voicefish play --new'.")
        lang, refused = _resumed_language(args, config, saved.lang, lang, lang_asked)
        if refused:
            return _err(refused)
        humans = [s["name"] for s in saved.seats if s["kind"] == HUMAN]
        rules = RuleSet.from_names(saved.rules)
        seats = [SeatSpec(s["name"], s["kind"]) for s in saved.seats]
        if log_path is None and saved.log_path:
            try:
                check_log_target(Path(saved.log_path))
                log_path = Path(saved.log_path)
                clean_stale_temps(log_path)  # the save's own log: an interrupted write's temporary files go
            except SaveError as exc:
                print(f"voicefish: not writing the game log to the save's log file ({exc})", file=sys.stderr)
        if log_path is None:
            log_path = default_log
    else:
        log_path = log_path or default_log
        players_text = _setting(args, config, "players", None)
        if players_text is None:
            players_text = _ask_name(lang)
        humans = _names(str(players_text), "--players")
        default_seats = "easy,medium" if len(humans) == 1 else ""
        seat_kinds = [
            s.strip().lower() for s in str(_setting(args, config, "seats", default_seats)).split(",") if s.strip()
        ]
        from voicefish.bots import PLAYER_KINDS

        bad = [k for k in seat_kinds if k not in PLAYER_KINDS]
        if bad:
            return _err(f"unknown computer player {bad[0]!r}; choose from {', '.join(PLAYER_KINDS)}")
        total = len(humans) + len(seat_kinds)
        if total < 2 or total > MAX_PLAYERS:
            return _err(f"Go Fish needs 2 to {MAX_PLAYERS} players; you named {total}")
        bot_names_text = _setting(args, config, "bot_names", None)
        pool = _names(str(bot_names_text), "--bot-names") if bot_names_text is not None else list(BOT_NAMES)
        taken = {h.casefold() for h in humans}
        names = [n for n in pool if n.casefold() not in taken]
        if len(names) < len(seat_kinds):
            return _err("not enough names for the computer players; give more with --bot-names")
        seats = [SeatSpec(h) for h in humans] + [SeatSpec(names[i], k) for i, k in enumerate(seat_kinds)]
        try:
            rules = RuleSet.parse(_setting(args, config, "rules", ""))
        except RuleError as exc:
            return _err(str(exc))
        from voicefish.commands.language import preset_hint

        hint = preset_hint(lang, str(_setting(args, config, "rules", "")))
        if hint:
            print(hint, file=sys.stderr)
        games = _number(
            _setting(args, config, "games", 5), "--games", 1, MAX_GAMES, f"between 1 and {MAX_GAMES}", whole=True
        )

    from voicefish.commands.table_io import TableSetupError, build_io

    try:
        io = build_io(
            seats=seats,
            rules=rules,
            text=bool(_setting(args, config, "text", False)),
            no_speech=bool(_setting(args, config, "no_speech", False)),
            screen=bool(_setting(args, config, "screen", False)),
            lan=bool(_setting(args, config, "lan", False)),
            earpieces=list(_setting(args, config, "earpiece", []) or []),
            input_device=_setting(args, config, "input_device", None),
            output_device=_setting(args, config, "output_device", None),
            backend=str(_setting(args, config, "backend", "auto")),
            model=_setting(args, config, "model", None),
            rate=rate,
            volume=volume,
            lang=lang,
            earcons=not _setting(args, config, "no_earcons", False),
        )
    except TableSetupError as exc:
        return _err(str(exc))
    if _setting(args, config, "remember_voices", False):
        from voicefish.audio.voices import VoiceStore
        from voicefish.table.voice import VoiceEars

        if isinstance(io.ears, VoiceEars):
            io.ears.remember_voices(VoiceStore())

    try:
        if resume:
            try:
                loop = resume_loop(
                    save_path,
                    ears=io.ears,
                    outputs=io.outputs,
                    on_rate=io.on_rate,
                    voice_check=voice_check,
                    talk_patience=talk_wait,
                    log_path=log_path,
                    lang=lang,
                    verbose_narration=_setting(args, config, "narration", NARRATIONS[0]) == "verbose",
                )
            except SaveError as exc:
                return _err(f"{exc}. Start a new game with 'voicefish play --new'.")
        else:
            # Only now, with every option checked and the devices open: a typo in an option keeps the save in place.
            try:
                aside = put_aside(save_path)
            except SaveError as exc:
                return _err(str(exc))
            except OSError as exc:
                return _err(f"cannot put the saved game {save_path} aside ({exc.strerror or exc}); nothing changed")
            if aside is not None:
                print(f"{offered or 'voicefish: '}the old save is kept as {aside.name}.", file=sys.stderr)
            loop = TableLoop(
                seats,
                rules,
                ears=io.ears,
                outputs=io.outputs,
                games=games,
                seed=seed,
                save_path=save_path,
                log_path=log_path,
                on_rate=io.on_rate,
                voice_check=voice_check,
                talk_patience=talk_wait,
                lang=lang,
                verbose_narration=_setting(args, config, "narration", NARRATIONS[0]) == "verbose",
            )
        loop.explain = bool(_setting(args, config, "explain", False))
        try:
            finished = loop.run()
        except OSError as exc:
            if not loop.session.over:
                raise
            # The session ended; only deleting its finished save failed (a read-only folder): nothing is lost.
            print(
                f"voicefish: the session is over, but its save {save_path} could not be deleted ({exc})",
                file=sys.stderr,
            )
            finished = True
    finally:
        io.close()
    if finished:
        if loop.log_path is not None and loop.log_path.exists():
            print(f"voicefish: the full game log is in {loop.log_path}", file=sys.stderr)
    elif getattr(loop, "_save_trouble", False):
        print(
            f"voicefish: the last moves could not be saved; the last good save is {save_path} "
            "(voicefish play --resume goes on from there)",
            file=sys.stderr,
        )
    else:
        print(f"voicefish: saved. Go on later with: voicefish play --resume (save: {save_path})", file=sys.stderr)
    return 0


def _resumed_language(
    args: argparse.Namespace, config: dict[str, Any], saved: str, lang: str, asked: bool
) -> tuple[str, str | None]:
    """The language of a resumed game: the save's (``saved``) unless ``--lang`` was ``asked`` on the command line;
    and why the recognizer cannot hear it, when it cannot (pocketsphinx is English only)."""
    if asked or saved == lang:
        return lang, None
    from voicefish.commands.language import english_only

    refused = (
        None if _setting(args, config, "text", False) else english_only(_setting(args, config, "backend", ""), saved)
    )
    return saved, f"{refused} (the saved game is in '{saved}')" if refused else None


def _ask_name(lang: str = "en") -> str:
    """The one human's name when --players is not given: asked at a terminal (in ``lang``), else a friendly
    default."""
    from voicefish.table.phrases import phrasebook

    default = "Alex"
    if not sys.stdin.isatty():
        return default
    try:
        name = input(f"{phrasebook(lang).ask_name(default)} ").strip()
    except EOFError:
        return default
    return name.replace(",", " ").strip() or default


def _offer_resume(save_path: Path, lang: str = "en") -> tuple[bool, str | None]:
    """Whether to go on with the saved game, and (for a new game) the start of what to say about the save it puts
    aside (the place it goes is added then). Raises EOFError when the input ends at the question."""
    from voicefish.table.phrases import phrasebook
    from voicefish.table.save import SaveError, load_save

    try:
        saved = load_save(save_path)
    except SaveError as exc:
        return False, f"voicefish: ignoring a saved game that cannot be used ({exc}); starting a new one; "
    names = ", ".join(s["name"] for s in saved.seats)
    game_no = len(saved.finished) + (1 if saved.current else 0)
    if not sys.stdin.isatty():
        return False, (
            f"voicefish: there is a saved game ({names}, game {game_no} of {saved.games}); "
            "use --resume to go on with it. Starting a new game; "
        )
    book = phrasebook(lang)
    yes, no = book.YES_NO_PROMPT.split("/")  # the default is yes; "n", "no" (or the language's) is no
    offer = book.resume_offer([s["name"] for s in saved.seats], game_no, saved.games)
    answer = input(f"{offer} [{yes[:1].upper()}/{no[:1]}] ")
    if answer.strip().lower() not in (no[:1], no):
        return True, None
    return False, "voicefish: "
