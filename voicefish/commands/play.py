"""``voicefish play``: a session of Go Fish at the table, by voice or by typing."""

from __future__ import annotations

import argparse
import sys
import time
import tomllib
from pathlib import Path
from typing import Any

from voicefish.commands.play_args import (
    BOT_NAMES,
    NARRATIONS,
    TALK_WAIT,
    VOICE_CHECK,
    add_play_parser,
    default_config,
    known_language,
)
from voicefish.commands.play_args import Refused as _Refused
from voicefish.commands.play_args import err as _err

__all__ = ["BOT_NAMES", "CONFIG_KEYS", "TALK_WAIT", "VOICE_CHECK", "register", "run"]

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
LIST_ITEMS: dict[str, type] = {"earpiece": str}
"""The type of every element of a list setting (``earpiece = ["Priya=2"]``)."""
MAX_NAME = 40
"""The longest player name, in characters."""
RATE_RANGE = (80, 450)
"""Speaking rates espeak-ng takes, in words per minute."""
MAX_VOICE_CHECK = 40
"""The most sentences of the voice check (about 5 seconds each)."""


def register(sub: Any) -> None:
    add_play_parser(sub, run)


def _line(lang: str, kind: str, /, **facts: object) -> str:
    """A line of the play command in ``lang``: ``kind`` names its sentence, ``facts`` are its arguments."""
    from voicefish.table.phrases import command_line

    return command_line(lang, kind, facts)


_VALUE_KINDS: dict[type | tuple[type, ...], str] = {
    str: "text",
    int: "whole",
    bool: "bool",
    list: "list",
    float: "number",
    (str, int): "device",
}
"""The kind of value each setting type is named by (:func:`~voicefish.table.phrases.en_command.config_wrong`)."""


def _read_config(args: argparse.Namespace) -> tuple[dict[str, Any], Path]:
    path = Path(args.config) if args.config else default_config()
    if not path.exists():
        if args.config:
            raise _Refused("config_missing", path=str(path))
        return {}, path
    try:
        return tomllib.loads(path.read_text(encoding="utf-8")), path
    except OSError as exc:
        raise _Refused("config_unreadable", path=str(path), cause=exc.strerror or str(exc)) from None
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise _Refused("config_unreadable", path=str(path), cause=str(exc)) from None


def _check_config(data: dict[str, Any], path: Path) -> dict[str, Any]:
    unknown = sorted(set(data) - set(CONFIG_KEYS))
    if unknown:
        raise _Refused("config_unknown", key=unknown[0], path=str(path), keys=", ".join(CONFIG_KEYS))
    for key, kind in CONFIG_KEYS.items():
        if key not in data:
            continue
        value = data[key]
        if kind is float and isinstance(value, int) and not isinstance(value, bool):
            data[key] = value = float(value)  # volume = 1
        if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
            raise _Refused("config_wrong", key=key, path=str(path), wanted=_VALUE_KINDS[kind])
        item = LIST_ITEMS.get(key)
        if item is not None and not all(isinstance(v, item) for v in data[key]):
            raise _Refused("config_wrong_items", key=key, path=str(path), wanted=_VALUE_KINDS[item])
    return data


def _setting(args: argparse.Namespace, config: dict[str, Any], key: str, default: Any) -> Any:
    value = getattr(args, key, None)
    if value is not None:
        return value
    return config.get(key, default)


def _names(text: str, option: str) -> list[str]:
    """The comma-separated names of ``option``: none empty, none repeated, none too long."""
    names = [n.strip() for n in text.split(",")]
    if not any(names):
        raise _Refused("names_missing", option=option)
    if not all(names):
        raise _Refused("name_empty", option=option, text=text)
    long = [n for n in names if len(n) > MAX_NAME]
    if long:
        raise _Refused("name_too_long", option=option, most=MAX_NAME, start=long[0][:MAX_NAME])
    seen: set[str] = set()
    for n in names:
        if n.casefold() in seen:
            raise _Refused("name_twice", option=option, name=n)
        seen.add(n.casefold())
    return names


def _number(value: Any, low: float, high: float, refused: _Refused, *, whole: bool = False) -> Any:
    """``value`` when it lies within ``low``..``high`` (a NaN never does); else ``refused`` is raised."""
    if value is None:
        return None
    if not (low <= value <= high):
        raise refused
    return int(value) if whole else value


class _Language:
    """The language the play command's refusals are worded in, as it becomes known (``--lang``, the config's,
    the locale's; English while the language itself is the bad option)."""

    def __init__(self, args: argparse.Namespace) -> None:
        from voicefish.commands.language import default_language

        given = getattr(args, "lang", None)
        self.code = (known_language(given) or "en") if given is not None else default_language()


def run(args: argparse.Namespace) -> int:
    """Check every option, take the save's lock, then play (or go on with) a session."""
    said = _Language(args)
    try:
        return _run(args, said)
    except _Refused as exc:
        return _err(exc.worded(said.code))


def _run(args: argparse.Namespace, said: _Language) -> int:
    from platformdirs import user_data_dir

    from voicefish.commands.language import LanguageError, check_language, default_language, english_only
    from voicefish.table.save import SaveError, SaveLock, check_log_target, check_save_target, clean_stale_temps

    raw, config_path = _read_config(args)
    if args.lang is None and known_language(raw.get("lang")):
        said.code = str(known_language(raw.get("lang")))  # the config's errors are said in its own language
    config = _check_config(raw, config_path)

    lang_text = _setting(args, config, "lang", None)
    try:
        lang = check_language(str(lang_text)) if lang_text is not None else default_language()
    except LanguageError as exc:
        return _err(str(exc))  # the language is the bad option: said in English
    said.code = lang

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
        0,
        MAX_VOICE_CHECK,
        _Refused("voice_check_range", high=MAX_VOICE_CHECK),
        whole=True,
    )
    talk_wait = float(
        _number(_setting(args, config, "talk_wait", TALK_WAIT), 0, 60, _Refused("talk_wait_range", high=60))
    )
    rate = _number(
        _setting(args, config, "rate", None), *RATE_RANGE, _Refused("rate_range", low=RATE_RANGE[0], high=RATE_RANGE[1])
    )
    volume = _number(_setting(args, config, "volume", None), 0.0, 1.0, _Refused("volume_range"))
    seed = _setting(args, config, "seed", None)
    _number(seed, -(2**63), 2**63 - 1, _Refused("seed_range"))
    narration = _setting(args, config, "narration", NARRATIONS[0])
    if narration not in NARRATIONS:
        raise _Refused("unknown_choice", option="narration", value=str(narration), choices=", ".join(NARRATIONS))

    try:
        check_save_target(save_path)
        if log_path is not None:
            check_log_target(log_path)
        lock = SaveLock.acquire(save_path)
    except SaveError as exc:
        return _err(exc.worded(lang))
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
    from voicefish.table.phrases import command_line
    from voicefish.table.save import (
        MAX_GAMES,
        SaveError,
        load_save,
        put_aside,
    )
    from voicefish.table.saving import session_log

    resume = bool(args.resume)
    hint: str | None = None  # the regional rules suggested for a new game's language
    offered: str | None = None  # what to say about a save a new game puts aside (said when it really starts)
    if not resume and not args.new and save_path.exists():
        try:
            resume, offered = _offer_resume(save_path, lang)
        except EOFError:
            return _err(_line(lang, "no_answer_kept"))
    if args.resume and not save_path.exists():
        return _err(_line(lang, "no_save_at", path=str(save_path)))

    if resume:
        try:
            saved = load_save(save_path)
        except SaveError as exc:
            return _err(_line(lang, "save_unusable", problem=exc.worded(lang)))
        lang, refused = _resumed_language(args, config, saved.lang, lang, lang_asked)
        if refused:
            return _err(refused)
        humans = [s["name"] for s in saved.seats if s["kind"] == HUMAN]
        rules = RuleSet.from_names(saved.rules)
        seats = [SeatSpec(s["name"], s["kind"]) for s in saved.seats]
        try:  # --log, else the save's own log while it is this session's, else a new one (issue 29)
            log_path = session_log(
                log_path,
                saved,
                default_log,
                refused=lambda exc: print(
                    f"voicefish: {_line(lang, 'not_the_save_log', problem=exc.worded(lang))}", file=sys.stderr
                ),
            )
        except SaveError as exc:
            return _err(exc.worded(lang))
    else:
        try:  # never over an earlier session's log (issue 29)
            log_path = session_log(log_path, None, default_log, refused=print)
        except SaveError as exc:
            return _err(exc.worded(lang))
        players_text = _setting(args, config, "players", None)
        if players_text is None:
            players_text = _ask_name(lang)
        humans = _names(str(players_text), "--players")  # a refusal is said in ``lang`` (run's ``said``)
        default_seats = "easy,medium" if len(humans) == 1 else ""
        seat_kinds = [
            s.strip().lower() for s in str(_setting(args, config, "seats", default_seats)).split(",") if s.strip()
        ]
        from voicefish.bots import PLAYER_KINDS

        bad = [k for k in seat_kinds if k not in PLAYER_KINDS]
        if bad:
            return _err(_line(lang, "unknown_kind", kind=bad[0], kinds=", ".join(PLAYER_KINDS)))
        total = len(humans) + len(seat_kinds)
        if total < 2 or total > MAX_PLAYERS:
            return _err(_line(lang, "player_count", high=MAX_PLAYERS, count=total))
        bot_names_text = _setting(args, config, "bot_names", None)
        pool = _names(str(bot_names_text), "--bot-names") if bot_names_text is not None else list(BOT_NAMES)
        taken = {h.casefold() for h in humans}
        names = [n for n in pool if n.casefold() not in taken]
        if len(names) < len(seat_kinds):
            return _err(_line(lang, "bot_names_short"))
        seats = [SeatSpec(h) for h in humans] + [SeatSpec(names[i], k) for i, k in enumerate(seat_kinds)]
        try:
            rules = RuleSet.parse(_setting(args, config, "rules", ""))
        except RuleError as exc:  # worded by its kind (an unknown rule, two that clash)
            return _err(command_line(lang, exc.kind, exc.facts) if exc.kind else str(exc))
        from voicefish.commands.language import preset_hint

        hint = preset_hint(lang, str(_setting(args, config, "rules", "")))  # said once the game really starts
        games = _number(
            _setting(args, config, "games", 5), 1, MAX_GAMES, _Refused("games_range", high=MAX_GAMES), whole=True
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
    except TableSetupError as exc:  # worded by its kind (an earpiece or the screen server that cannot be used)
        return _err(command_line(lang, exc.kind, exc.facts) if exc.kind else str(exc))
    if _setting(args, config, "remember_voices", False):
        from voicefish.audio.voices import VoiceStore
        from voicefish.table.voice import VoiceEars

        if isinstance(io.ears, VoiceEars):
            io.ears.remember_voices(VoiceStore())

    verbose = _setting(args, config, "narration", NARRATIONS[0]) == NARRATIONS[1]  # (checked by _run)
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
                    verbose_narration=verbose,
                )
            except SaveError as exc:
                return _err(_line(lang, "save_unusable", problem=exc.worded(lang)))
        else:
            # Only now, with every option checked and the devices open: a typo in an option keeps the save in place.
            try:
                aside = put_aside(save_path)
            except SaveError as exc:
                return _err(exc.worded(lang))
            except OSError as exc:
                return _err(_line(lang, "cannot_put_aside", path=str(save_path), cause=exc.strerror or str(exc)))
            if aside is not None:
                kept = _line(lang, "old_save_kept", backup=aside.name)
                print(f"voicefish: {offered} {kept}" if offered else f"voicefish: {kept}", file=sys.stderr)
            if hint:
                print(hint, file=sys.stderr)
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
                verbose_narration=verbose,
            )
        loop.explain = bool(_setting(args, config, "explain", False))
        try:
            finished = loop.run()
        except OSError as exc:
            if not loop.session.over:
                raise
            # The session ended; only deleting its finished save failed (a read-only folder): nothing is lost.
            print(f"voicefish: {_line(lang, 'over_save_kept', path=str(save_path), cause=str(exc))}", file=sys.stderr)
            finished = True
    finally:
        io.close()
    if finished:
        if loop.log_path is not None and loop.log_path.exists():
            print(f"voicefish: {_line(lang, 'log_is_in', path=str(loop.log_path))}", file=sys.stderr)
    elif getattr(loop, "_save_trouble", False):
        print(f"voicefish: {_line(lang, 'last_moves_unsaved', path=str(save_path))}", file=sys.stderr)
    else:
        print(f"voicefish: {_line(lang, 'saved_for_later', path=str(save_path))}", file=sys.stderr)
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
    return saved, _line(saved, "saved_in_language", problem=refused, code=saved) if refused else None


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
        return False, _line(lang, "save_ignored", problem=exc.worded(lang))
    names = [s["name"] for s in saved.seats]
    game_no = len(saved.finished) + (1 if saved.current else 0)
    if not sys.stdin.isatty():
        return False, _line(lang, "save_waiting", names=names, game=game_no, games=saved.games)
    book = phrasebook(lang)
    yes, no = book.YES_NO_PROMPT.split("/")  # the default is yes; "n", "no" (or the language's) is no
    offer = book.resume_offer(names, game_no, saved.games)
    answer = input(f"{offer} [{yes[:1].upper()}/{no[:1]}] ")
    if answer.strip().lower() not in (no[:1], no):
        return True, None
    return False, None
