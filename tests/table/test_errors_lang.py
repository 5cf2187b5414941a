"""Every error of ``voicefish play`` and its ``--help`` in the table's language (issue 30): a save or game log that
cannot be used, a bad option or setting, argparse's own refusals. Each is an error KIND (the name of a function of
``voicefish/table/phrases/<lang>_command.py``) with its facts, worded by the table's language: one line, exit status
2, no traceback, and no English word left once the facts (paths, options, the system's own cause, names typed as
they are) are taken out — the English-word check of test_phrases."""

from __future__ import annotations

import argparse
import ast
import errno
import importlib
import inspect
import io
import json
import os
import re
import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from tests.table.test_phrases import ENGLISH, SHARED, words
from voicefish.bots import PLAYER_KINDS
from voicefish.cli import main
from voicefish.commands import play as play_command
from voicefish.commands import play_args
from voicefish.engine.errors import LogError
from voicefish.engine.log import read_log_lines
from voicefish.table.phrases import LANGUAGES, command_line, command_phrases
from voicefish.table.save import SaveError, SaveLock

LANGS = ["it", "pl", "es", "nl", "pt"]
ROOT = Path(__file__).resolve().parents[2]
EN = command_phrases("en")

SAMPLES: dict[str, Any] = {
    "cause": "#5",
    "backup": "/2026/13",
    "version": 2,
    "reads": 1,
    "entry": "_",
    "game": 3,
    "games": 5,
    "problem": "/2026/12: #5",
    "path": "/2026/12",
    "names": ["1", "2"],
    "option": "--players",
    "text": "1,,2",
    "most": 40,
    "start": "1234",
    "name": "#",
    "high": 60,
    "low": 80,
    "kind": "#",
    "kinds": "#, #",
    "count": 7,
    "key": "_",
    "keys": "_, _",
    "value": "#",
    "wanted": ["text", "whole", "bool", "list", "number", "device"],
    "choices": "#, #",
    "code": "#",
    "preset": "#",
    "rule": "#",
    "known": "#, #",
    "first": "#",
    "second": "#",
    "spec": "#=#",
    "humans": "#, #",
    "device": "'2'",
    "codes": "#, #",
    "command": "#",
    "example": "#,#",
    "default": "#,#",
    "n": 8,
    "seconds": 2.5,
}
"""Sample facts for every argument of the command phrases: none holds a word, so any word left is the sentence's own
(a list: every value is tried)."""

PROGRAM = {
    "voicefish",
    "pocketsphinx",
    "vosk",
    "whisper",
    "json",
    "jsonl",
    "toml",
    "true",
    "false",
    "auto",
    "en",
    "usb",
}
"""Names kept as they are in every language: the program, the recognizers, file formats, TOML's true/false, the
``auto`` recognizer and the ``en`` language code (also typed as they are), USB."""
COMMAND_SHARED = {
    "it": {"file", "go", "fish", "data", "separate", "volume", "server"},
    "pl": {"folder", "format", "list"},
    "es": {"reproducible"},
    "nl": {"go", "fish", "begin", "stop", "per", "object", "was"},
    "pt": {"volume"},
}
"""Words of the English command sentences that are also ordinary words of a language (Italian "il file")."""


def _typed(text: str) -> str:
    """``text`` without what a player types as it is: options (``--players``) and quoted commands."""
    return re.sub(r"--[\w-]+|'voicefish [^']*'", " ", text)


def command_api(book: ModuleType) -> dict[str, object]:
    return {
        name: obj
        for name, obj in vars(book).items()
        if not name.startswith("_")
        and ((inspect.isfunction(obj) and obj.__module__ == book.__name__) or (isinstance(obj, str) and name.isupper()))
    }


def said(book: ModuleType, name: str) -> Iterator[str]:
    """Every sentence ``name`` gives over the sample facts."""
    obj = getattr(book, name)
    if isinstance(obj, str):
        yield obj
        return
    params = list(inspect.signature(obj).parameters)
    lists = [name for name in params if isinstance(SAMPLES[name], list) and name != "names"]
    if not lists:
        yield obj(**{p: SAMPLES[p] for p in params})
        return
    for value in SAMPLES[lists[0]]:
        yield obj(**{p: value if p == lists[0] else SAMPLES[p] for p in params})


ENGLISH_COMMAND = (ENGLISH | {w for name in command_api(EN) for t in said(EN, name) for w in words(_typed(t))}) - {
    w.lower() for w in PROGRAM
}


def english_left(lang: str, text: str) -> set[str]:
    return words(_typed(text)) & (ENGLISH_COMMAND - SHARED[lang] - COMMAND_SHARED[lang])


# --- the phrases ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_every_command_phrase_exists_with_the_same_signature(lang: str) -> None:
    book = command_phrases(lang)
    theirs = command_api(book)
    assert set(theirs) == set(command_api(EN)), f"{lang}: {set(command_api(EN)) ^ set(theirs)}"
    for name, obj in command_api(EN).items():
        if callable(obj):
            assert str(inspect.signature(theirs[name])) == str(inspect.signature(obj)), f"{lang}: {name}"  # type: ignore[arg-type]


@pytest.mark.parametrize("lang", LANGS)
def test_every_command_phrase_has_no_english_left(lang: str) -> None:
    book = command_phrases(lang)
    seen = 0
    for name in set(command_api(EN)) - {"META_COUNT"}:  # "N", the value name of a count in every language
        for text in said(book, name):
            seen += 1
            assert text.strip() and "\n" not in text, f"{lang}: {name}"
            assert not english_left(lang, text), f"{lang}: {name} -> {text!r}: {sorted(english_left(lang, text))}"
    assert seen > 100


def test_the_check_finds_english_in_the_command_phrases() -> None:
    for lang in LANGS:
        assert english_left(lang, EN.save_not_ours())
        assert english_left(lang, EN.volume_range())
        assert english_left(lang, EN.HELP_EARPIECE)


# --- every kind raised in the code is worded ----------------------------------------------------------------------

SOURCES = [
    "voicefish/table/save.py",
    "voicefish/table/loop.py",
    "voicefish/commands/play.py",
    "voicefish/commands/play_args.py",
    "voicefish/rules.py",
    "voicefish/outputs/earpiece.py",
    "voicefish/commands/table_io.py",
]
BY_KEYWORD = {"RuleError", "EarpieceError", "TableSetupError"}
"""Errors with an English message first, then ``kind=`` and facts: the kind is what the play command words."""
WORDED_BY = {"SaveError", "SaveLockedError", "Refused", "_Refused", "_line", *BY_KEYWORD}
"""What takes a kind: the errors (kind, then keyword facts), play's ``_line(lang, kind, **facts)``, and
:data:`BY_KEYWORD`."""


def raised_kinds() -> list[tuple[str, str, set[str]]]:
    """(where, kind, the keyword facts given) of every SaveError, refusal or line of the play command in the code."""
    out = []
    for source in SOURCES:
        tree = ast.parse((ROOT / source).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in WORDED_BY):
                continue
            args = node.args[1:] if node.func.id == "_line" else node.args
            where = f"{source}:{node.lineno}"
            if node.func.id in BY_KEYWORD:  # its kind is a keyword; none: no refusal of play's options
                kinds = [k.value for k in node.keywords if k.arg == "kind"]
                if not kinds or isinstance(kinds[0], ast.Attribute):  # none, or passed on (kind=exc.kind)
                    continue
                args = kinds
            assert args and isinstance(args[0], ast.Constant) and isinstance(args[0].value, str), (
                f"{where}: a {node.func.id} needs a kind written out (a name of en_command), not {ast.unparse(node)}"
            )
            facts = {k.arg for k in node.keywords if k.arg is not None}
            if node.func.id in BY_KEYWORD:
                facts.discard("kind")
            out.append((where, args[0].value, facts))
    return out


def test_every_kind_raised_in_the_code_is_a_phrase_with_those_facts() -> None:
    """A new ``raise SaveError("...")`` (or refusal) must name a sentence every language has, with exactly the facts
    that sentence takes: an English string, or a kind no phrasebook words, fails here."""
    found = raised_kinds()
    assert len(found) > 40
    for where, kind, facts in found:
        fn = getattr(EN, kind, None)
        assert callable(fn), f"{where}: {kind!r} is no sentence of voicefish/table/phrases/en_command.py"
        takes = set(inspect.signature(fn).parameters)
        assert takes - {"path"} == facts - {"path"}, f"{where}: {kind} takes other facts than {facts}"
        for lang in LANGS:
            assert callable(getattr(command_phrases(lang), kind, None)), f"{lang}: {kind} is not translated"


def test_a_save_error_is_worded_in_each_language() -> None:
    exc = SaveError("save_too_new", path="/x/s.json", version=2, reads=1)
    assert str(exc) == "/x/s.json: " + EN.save_too_new(2, 1)
    for lang in LANGUAGES:
        assert exc.worded(lang) == "/x/s.json: " + command_phrases(lang).save_too_new(2, 1)


# --- the real command, in every language --------------------------------------------------------------------------


@pytest.fixture(autouse=True)
def _own_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))


@pytest.fixture(scope="module")
def real_save(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """A real save of a game stopped at the first human turn (made once; each test changes a copy)."""
    folder = tmp_path_factory.mktemp("real")
    save = folder / "s.json"
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("XDG_CONFIG_HOME", str(folder / "config"))
        mp.setenv("XDG_DATA_HOME", str(folder / "data"))
        mp.setattr("sys.stdin", io.StringIO("quit\nyes\n"))
        args = ["play", "--text", "--no-speech", "--players", "Ann", "--games", "3", "--seed", "3"]
        assert main([*args, "--save", str(save), "--log", str(folder / "s.jsonl")]) == 0
    data: dict[str, Any] = json.loads(save.read_text(encoding="utf-8"))
    assert data["current"]
    return data


Case = Callable[[Path, dict[str, Any]], tuple[list[str], dict[str, Any]]]
"""A refusal to provoke: given a fresh folder and the real save, the arguments (after ``play --lang L``) and the
facts the line is worded with (``path`` for a save or log file's trouble; ``cause``: the system's words)."""


def _file(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def _save(tmp: Path, data: dict[str, Any]) -> Path:
    return _file(tmp / "s.json", json.dumps(data))


def _changed(data: dict[str, Any], **changes: Any) -> dict[str, Any]:
    out: dict[str, Any] = json.loads(json.dumps(data))
    out.update(changes)
    return out


def _unbegun(data: dict[str, Any]) -> dict[str, Any]:
    return _changed(data, finished=[[{"event": "ask"}]])


def _other_players(data: dict[str, Any]) -> dict[str, Any]:
    current = json.loads(json.dumps(data["current"]))
    current[0]["players"] = ["Zed", *current[0]["players"][1:]]
    return _changed(data, current=current)


def _not_replayable(data: dict[str, Any]) -> dict[str, Any]:
    return _changed(data, current=[*data["current"], {"event": "ask", "asker": "Nobody", "target": "Ann"}])


def _replay_problem(objects: list[dict[str, Any]]) -> str:
    """What the log reader says is wrong with a saved game's lines (their technical detail, said as it is)."""
    try:
        read_log_lines(json.dumps(obj) for obj in objects)
    except LogError as exc:
        return str(exc)
    raise AssertionError("the damaged game's lines were read without a complaint")


def _toml_cause(text: str) -> str:
    try:
        tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        return str(exc)
    raise AssertionError(text)


def _json_cause(text: str) -> str:
    try:
        json.loads(text)
    except json.JSONDecodeError as exc:
        return exc.msg
    raise AssertionError(text)


BAD_JSON = '{"voicefish_save": 1, "seats": ['
RESUME = ["--resume", "--save"]
NOT_A_DIR = os.strerror(errno.ENOTDIR)

REFUSALS: dict[str, Case] = {
    "names_missing": lambda t, d: (["--players", ""], {"option": "--players"}),
    "name_empty": lambda t, d: (["--players", "Ann,,Bo"], {"option": "--players", "text": "Ann,,Bo"}),
    "name_too_long": lambda t, d: (["--players", "A" * 41], {"option": "--players", "most": 40, "start": "A" * 40}),
    "name_twice": lambda t, d: (["--bot-names", "Leo,leo"], {"option": "--bot-names", "name": "leo"}),
    "voice_check_range": lambda t, d: (["--voice-check", "99"], {"high": 40}),
    "talk_wait_range": lambda t, d: (["--talk-wait", "99"], {"high": 60}),
    "rate_range": lambda t, d: (["--rate", "5"], {"low": 80, "high": 450}),
    "volume_range": lambda t, d: (["--volume", "7"], {}),
    "seed_range": lambda t, d: (["--seed", str(10**30)], {}),
    "games_range": lambda t, d: (["--games", "0"], {"high": 1000}),
    "unknown_kind": lambda t, d: (["--seats", "godlike"], {"kind": "godlike", "kinds": ", ".join(PLAYER_KINDS)}),
    "player_count": lambda t, d: (["--seats", ",".join(["easy"] * 6)], {"high": 6, "count": 7}),
    "bot_names_short": lambda t, d: (["--seats", "easy,hard", "--bot-names", "Leo"], {}),
    "not_whole": lambda t, d: (["--games", "lots"], {"option": "--games", "value": "lots"}),
    "not_number": lambda t, d: (["--volume", "loud"], {"option": "--volume", "value": "loud"}),
    "unknown_choice": lambda t, d: (
        ["--backend", "ears"],
        {"option": "--backend", "value": "ears", "choices": ", ".join(play_args.BACKENDS)},
    ),
    "unknown_option": lambda t, d: (["--colour"], {"option": "--colour"}),
    "takes_no_value": lambda t, d: (["--new=1"], {"option": "--new"}),
    "needs_value": lambda t, d: (["--games"], {"option": "--games"}),
    "config_missing": lambda t, d: (["--config", str(t / "none.toml")], {"path": str(t / "none.toml")}),
    "config_unreadable": lambda t, d: (
        ["--config", str(_file(t / "c.toml", "= =\n"))],
        {"path": str(t / "c.toml"), "cause": _toml_cause("= =\n")},
    ),
    "config_unknown": lambda t, d: (
        ["--config", str(_file(t / "c.toml", "colour = 1\n"))],
        {"key": "colour", "path": str(t / "c.toml"), "keys": ", ".join(play_command.CONFIG_KEYS)},
    ),
    "config_wrong": lambda t, d: (
        ["--config", str(_file(t / "c.toml", 'text = "yes"\n'))],
        {"key": "text", "path": str(t / "c.toml"), "wanted": "bool"},
    ),
    "config_wrong_items": lambda t, d: (
        ["--config", str(_file(t / "c.toml", "earpiece = [1]\n"))],
        {"key": "earpiece", "path": str(t / "c.toml"), "wanted": "text"},
    ),
    "unknown_rule": lambda t, d: (["--rules", "flying"], {"rule": "flying", "known": _known_rules()}),
    "rules_clash": lambda t, d: (
        ["--rules", "continuous,stock_out_ends_game"],
        {"first": "continuous", "second": "stock_out_ends_game"},
    ),
    "earpiece_form": lambda t, d: (["--earpiece", "Ann"], {"spec": "Ann"}),
    "earpiece_not_human": lambda t, d: (["--earpiece", "Bob=2"], {"spec": "Bob=2", "name": "Bob", "humans": "Ann"}),
    "earpiece_twice": lambda t, d: (
        ["--earpiece", "Ann=1", "--earpiece", "ann=2"],
        {"name": "Ann", "first": "1", "second": "2"},
    ),
    "no_save_at": lambda t, d: ([*RESUME, str(t / "s.json")], {"path": str(t / "s.json")}),
    # a save or log file that cannot be used (its path first)
    "save_is_folder": lambda t, d: (["--save", str(t)], {"path": str(t)}),
    "save_unreadable": lambda t, d: (
        ["--save", str(_file(t / "f", "") / "s.json")],
        {"path": str(t / "f" / "s.json"), "cause": NOT_A_DIR},
    ),
    "save_not_plain": lambda t, d: (
        ["--save", str(_link(t / "s.json", _save(t, d).rename(t / "real.json")))],
        {"path": str(t / "s.json")},
    ),
    "save_not_ours": lambda t, d: (["--save", str(_file(t / "b.json", "{}"))], {"path": str(t / "b.json")}),
    "backup_in_way": lambda t, d: (
        ["--new", "--save", str(_save(t, d)), "--log", str(_file(t / "s.previous.json", "mine").with_name("l.jsonl"))],
        {"path": str(t / "s.json"), "backup": "s.previous.json"},
    ),
    "log_is_folder": lambda t, d: (["--log", str(t)], {"path": str(t)}),
    "log_unreadable": lambda t, d: (
        ["--log", str(_file(t / "f", "") / "l.jsonl")],
        {"path": str(t / "f" / "l.jsonl"), "cause": NOT_A_DIR},
    ),
    "log_not_ours": lambda t, d: (["--log", str(_file(t / "l.txt", "dear diary"))], {"path": str(t / "l.txt")}),
    "save_too_new": lambda t, d: (
        [*RESUME, str(_file(t / "s.json", '{"voicefish_save":2}'))],
        {"path": str(t / "s.json"), "version": 2, "reads": 1},
    ),
    "save_too_old": lambda t, d: (
        [*RESUME, str(_file(t / "s.json", '{"voicefish_save":0}'))],
        {"path": str(t / "s.json"), "version": 0, "reads": 1},
    ),
    "save_not_json": lambda t, d: (
        [*RESUME, str(_file(t / "s.json", BAD_JSON))],
        {"path": str(t / "s.json"), "cause": _json_cause(BAD_JSON)},
    ),
    "save_damaged": lambda t, d: (
        [*RESUME, str(_save(t, _changed(d, seats=[])))],
        {"path": str(t / "s.json"), "entry": "seats"},
    ),
    "save_language": lambda t, d: (
        [*RESUME, str(_save(t, _changed(d, lang="xx")))],
        {"path": str(t / "s.json"), "code": "xx", "codes": ", ".join(LANGUAGES)},
    ),
    "save_game_unbegun": lambda t, d: ([*RESUME, str(_save(t, _unbegun(d)))], {"path": str(t / "s.json")}),
    "save_game_other_players": lambda t, d: (
        [*RESUME, str(_save(t, _other_players(d)))],
        {"path": str(t / "s.json")},
    ),
    "save_game_unfinished": lambda t, d: (
        [*RESUME, str(_save(t, _changed(d, finished=[d["current"]], current=None)))],
        {"path": str(t / "s.json")},
    ),
    "save_unreplayable": lambda t, d: (
        [*RESUME, str(_save(t, _not_replayable(d)))],
        {"path": str(t / "s.json"), "game": 1, "problem": _replay_problem(_not_replayable(d)["current"])},
    ),
}


def _known_rules() -> str:
    from voicefish.rules import _ALIASES, SWITCHES

    return ", ".join(SWITCHES + tuple(sorted(_ALIASES)))


def _link(link: Path, target: Path) -> Path:
    link.symlink_to(target)
    return link


NOT_BY_COMMAND = {
    "no_save": "load_save of a missing file; the command says no_save_at before",
    "save_not_object": "a file that starts as a save and is valid JSON is an object",
    "bad_arguments": "argparse's other refusals: none is reachable with play's options (no abbreviations)",
    "save_in_use": "tested on its own below (the lock is held by the test)",
    "earpiece_unusable": "a sound device's own trouble (the sound-card tests open earpieces)",
    "screen_unusable": "the screen server failing to start (a port or a system trouble)",
    "no_answer_kept": "tested on its own below (a terminal whose input ends)",
    "saved_in_language": "tested on its own below (pocketsphinx asked for an Italian save)",
}
"""Kinds worded above (the phrase tests) but not provoked through the command here, and why."""


def test_every_refusal_kind_is_provoked_here() -> None:
    exit_2 = {kind for _, kind, _ in raised_kinds() if kind not in NOTICES}
    assert exit_2 - set(REFUSALS) - set(NOT_BY_COMMAND) == set()


NOTICES = {
    "save_unusable",
    "save_ignored",
    "save_waiting",
    "old_save_kept",
    "cannot_put_aside",
    "not_the_save_log",
    "over_save_kept",
    "log_is_in",
    "last_moves_unsaved",
    "saved_for_later",
}
"""Lines of the play command that are no refusal of their own (said with one, or on the way)."""


def _facts_out(text: str, facts: dict[str, Any]) -> str:
    for value in sorted((str(v) for v in facts.values()), key=len, reverse=True):
        text = text.replace(value, " ")
    return text


@pytest.mark.parametrize("lang", ["en", *LANGS])
@pytest.mark.parametrize("kind", sorted(REFUSALS))
def test_each_refusal_is_one_line_in_the_tables_language(
    kind: str,
    lang: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    real_save: dict[str, Any],
) -> None:
    args, facts = REFUSALS[kind](tmp_path, real_save)
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    full = ["play", "--lang", lang, "--text", "--no-speech", "--players", "Ann", "--save", str(tmp_path / "x.json")]
    try:
        code = main([*full, *args])
    except SystemExit as exc:  # argparse's own refusals, worded by play's parser
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and "Traceback" not in err, err
    assert err.startswith("voicefish: ") and err.count("\n") == 1, err
    takes = inspect.signature(getattr(EN, kind)).parameters
    line = command_line(lang, kind, {k: v for k, v in facts.items() if k in takes})
    if "path" in facts and "path" not in takes:  # a save or log file's trouble: after its path
        line = f"{facts['path']}: {line}"
    if "--resume" in args and kind != "no_save_at":  # met at --resume: what to do is said after it
        line = command_line(lang, "save_unusable", {"problem": line})
    assert err == f"voicefish: {line}\n"
    if lang != "en":
        left = english_left(lang, _facts_out(err, {**facts, "tmp": tmp_path}))
        assert not left, f"{lang}: {err!r} has English words {sorted(left)}"


@pytest.mark.parametrize("lang", ["en", *LANGS])
def test_a_save_in_use_is_refused_in_the_tables_language(
    lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "s.json"
    lock = SaveLock.acquire(save)
    assert lock is not None
    try:
        monkeypatch.setattr("sys.stdin", io.StringIO(""))
        assert main(["play", "--lang", lang, "--text", "--players", "Ann", "--save", str(save)]) == 2
    finally:
        lock.release()
    err = capsys.readouterr().err
    assert err == f"voicefish: {save}: {command_phrases(lang).save_in_use()}\n"


@pytest.mark.parametrize("lang", LANGS)
def test_the_end_of_input_and_a_deaf_recognizer_are_said_in_the_tables_language(
    lang: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    real_save: dict[str, Any],
) -> None:
    book = command_phrases(lang)
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.setenv(var, "C")
    save = _save(tmp_path, _changed(real_save, lang=lang))
    feed = io.StringIO("")
    feed.isatty = lambda: True  # type: ignore[method-assign]
    monkeypatch.setattr("sys.stdin", feed)
    assert main(["play", "--lang", lang, "--text", "--no-speech", "--players", "Ann", "--save", str(save)]) == 2
    err = capsys.readouterr().err
    assert err == f"voicefish: {book.no_answer_kept()}\n"
    # a resumed Italian (...) game keeps its language; pocketsphinx cannot hear it: said in it, with its code
    assert main(["play", "--resume", "--backend", "pocketsphinx", "--save", str(save)]) == 2
    err = capsys.readouterr().err
    sphinx = importlib.import_module(f"voicefish.table.phrases.{lang}_setup").SPHINX_ENGLISH_ONLY
    assert err == f"voicefish: {book.saved_in_language(sphinx, lang)}\n"
    assert not english_left(lang, err.replace(f"'{lang}'", ""))


# --- voicefish play --help ----------------------------------------------------------------------------------------

TYPED_AS_IS = [
    ", ".join(LANGUAGES),
    ", ".join(PLAYER_KINDS),
    ", ".join(play_args.BACKENDS),
    ", ".join(play_args.BOT_NAMES),
    play_args.EXAMPLE,
    play_args.CONFIG_NAME,
    "point_fish,sudden_death",
    "easy,medium",
    "voicefish play",
]


@pytest.mark.parametrize("lang", LANGS)
def test_play_help_is_in_the_tables_language(
    lang: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("COLUMNS", "1000")  # no option cut at a line's end
    with pytest.raises(SystemExit) as exit_:
        main(["play", "--lang", lang, "--help"])
    assert exit_.value.code == 0
    out = capsys.readouterr().out
    book = command_phrases(lang)
    assert out.startswith(book.HELP_USAGE) and f"\n{book.HELP_OPTIONS}:\n" in out
    assert book.HELP_TEXT in out and book.META_NAMES in out
    text = re.sub(r"\bN\b", " ", " ".join(out.split()))  # the value name of a count, in every language
    for fact in TYPED_AS_IS:
        text = text.replace(fact, " ")
    left = english_left(lang, text)
    assert not left, f"{lang}: play --help has English words {sorted(left)}"


def test_every_option_of_play_has_its_help_in_the_phrases() -> None:
    """An option added to play without its help in the command phrases fails here (its help would stay English)."""
    from voicefish.cli import build_parser

    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    dests = {action.dest for action in sub.choices["play"]._actions}
    for lang in LANGUAGES:
        assert dests == set(play_args.worded_options(lang)), lang


def test_the_help_language_comes_from_the_config_then_the_locale(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    config = _file(tmp_path / "c.toml", 'lang = "nl"\n')
    for args, lang in (
        (["--config", str(config)], "nl"),
        (["--lang=pt", "--config", str(config)], "pt"),
        (["--lang", "xx"], "en"),  # the language itself is the bad option: English
    ):
        with pytest.raises(SystemExit):
            main(["play", *args, "--help"])
        assert capsys.readouterr().out.startswith(command_phrases(lang).HELP_USAGE + "voicefish play"), args
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    monkeypatch.setenv("LC_ALL", "")
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setattr("locale.getlocale", lambda *a: (None, None))
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    assert command_phrases("es").HELP_DESCRIPTION.split()[0] in capsys.readouterr().out
