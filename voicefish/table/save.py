"""Saved games: written atomically after every action, so a killed process loses nothing — and nothing else.

A save holds the session's settings and the full log of every game so far (the log format of
``docs/game-log.md``); resuming replays those logs through the engine, which checks every line.

A save never hurts the user's other files (``docs/saves.md``): ``--save`` takes only a voicefish save or an absent
path (:func:`check_save_target`); a save put aside goes to rotating backups, and one from a newer voicefish is kept
under its own name, never rotated away (:func:`put_aside`); one session at a time holds a save (:class:`SaveLock`);
a log is written only over a voicefish log (:func:`check_log_target`).
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import json
import os
import re
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from voicefish.engine.errors import LogError

__all__ = [
    "BACKUPS",
    "MAX_GAMES",
    "SAVE_VERSION",
    "SaveData",
    "SaveError",
    "SaveLock",
    "SaveLockedError",
    "atomic_write_text",
    "backup_path",
    "check_log_target",
    "check_save_target",
    "clean_stale_temps",
    "disk_problem",
    "load_save",
    "put_aside",
    "write_save",
]

SAVE_VERSION = 1

BACKUPS = 5
"""Saves put aside by new sessions that are kept (``save.previous.json`` the newest, then ``save.previous-2.json``
…); a save from a newer voicefish is kept apart from these (:func:`put_aside`)."""

MAX_GAMES = 1000
"""The most games a session may have (a save or ``--games`` asking more is refused, not dealt)."""

_SNIFF = 4096
_MARK = re.compile(rb'\A\s*\{\s*"voicefish_save"\s*:\s*(-?\d+)')
"""A voicefish save starts with its version key (the writer puts it first); read from the first bytes only, so a
large file that is not a save (``--save movie.mkv``) is never read whole."""


class SaveError(LogError):
    """A save or game log file that cannot be read or used. Its ``kind`` names the sentence that says what is wrong
    (a function of the play command's phrases, :mod:`voicefish.table.phrases.en_command`) and ``facts`` are that
    sentence's arguments (the system's own cause, a version, ...); :meth:`worded` says it in a language, ``str()`` in
    English."""

    def __init__(self, kind: str, /, *, path: str, **facts: str | int) -> None:
        from voicefish.table.phrases import command_line

        self.kind = kind
        self.facts = facts
        super().__init__(command_line("en", kind, facts), path=path)

    def worded(self, lang: str) -> str:
        """The line in ``lang``: the file's path, then what is wrong with it."""
        from voicefish.table.phrases import command_line

        return f"{self.path}: {command_line(lang, self.kind, self.facts)}"


class SaveLockedError(SaveError):
    """Another session holds the save."""


@dataclass
class SaveData:
    """Everything needed to continue a session exactly where it stopped."""

    seats: list[dict[str, str]]
    """``{"name": "Priya", "kind": "human"}`` or a computer strength, in seat order."""
    rules: list[str]
    games: int
    seed: int
    first_dealer: int
    finished: list[list[dict[str, Any]]] = field(default_factory=list)
    """The log lines of each finished game."""
    current: list[dict[str, Any]] | None = None
    """The log lines of the game being played."""
    log_path: str | None = None
    lang: str = "en"
    """The table's language (:mod:`voicefish.table.phrases`); a save written before it was recorded is English."""

    def to_json(self) -> dict[str, Any]:
        return {
            "voicefish_save": SAVE_VERSION,
            "seats": self.seats,
            "rules": self.rules,
            "games": self.games,
            "seed": self.seed,
            "first_dealer": self.first_dealer,
            "finished": self.finished,
            "current": self.current,
            "log_path": self.log_path,
            "lang": self.lang,
        }


def _temp_prefix(path: Path) -> str:
    return f".{path.name}."


def _fsync_dir(folder: Path) -> None:
    """Make a rename in ``folder`` durable (a crash right after it cannot bring the old name back)."""
    try:
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):  # some file systems cannot sync a folder; the rename still happened
            os.fsync(fd)
    finally:
        os.close(fd)


def atomic_write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that readers see the old or the new file, never half of one; the folder is
    synced after the rename. Raises OSError (full or read-only disk); the old file is then untouched."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=_temp_prefix(path), suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fp:
            fp.write(text)
            fp.flush()
            os.fsync(fp.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _fsync_dir(path.parent)


def clean_stale_temps(path: Path) -> list[Path]:
    """Delete the temporary files an interrupted :func:`atomic_write_text` of ``path`` left (a power cut between
    creating and renaming one). Call it only while holding the save's :class:`SaveLock`."""
    removed = []
    with contextlib.suppress(OSError):
        for tmp in path.parent.glob(f"{glob_escape(_temp_prefix(path))}*.tmp"):
            with contextlib.suppress(OSError):
                tmp.unlink()
                removed.append(tmp)
    return removed


def glob_escape(text: str) -> str:
    return re.sub(r"([*?\[])", r"[\1]", text)


def write_save(path: Path, data: SaveData) -> None:
    atomic_write_text(path, json.dumps(data.to_json(), separators=(",", ":")))


def disk_problem(exc: OSError, lang: str = "en") -> str:
    """A short, plain reason for a failed write in ``lang``: "the disk is full", "the disk is read-only", ... (the
    phrasebook's words); another error: the system's own words for it."""
    from voicefish.table.phrases import phrasebook

    book = phrasebook(lang)
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return str(book.DISK_FULL)
    if exc.errno == errno.EROFS:
        return str(book.DISK_READ_ONLY)
    if exc.errno in (errno.EACCES, errno.EPERM):
        return str(book.FOLDER_LOCKED)
    return exc.strerror or str(exc)


# --- what is at a path -----------------------------------------------------------------------------------------


def save_version(path: Path) -> int | None:
    """The version of the voicefish save at ``path``; ``None`` when there is no file there.
    Raises :class:`SaveError` for anything else (a folder, a file voicefish did not write, an unreadable file)."""
    try:
        if path.is_dir():
            raise SaveError("save_is_folder", path=str(path))
        with path.open("rb") as fp:
            head = fp.read(_SNIFF)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise SaveError("save_unreadable", path=str(path), cause=exc.strerror or str(exc)) from None
    if path.is_symlink() or not path.is_file():
        raise SaveError("save_not_plain", path=str(path))
    m = _MARK.match(head)
    if m is None:
        raise SaveError("save_not_ours", path=str(path))
    return int(m.group(1))


def check_save_target(path: Path) -> None:
    """Raise :class:`SaveError` unless ``path`` is absent or holds a voicefish save (of any version)."""
    save_version(path)


def backup_path(path: Path, n: int = 1) -> Path:
    """The ``n``-th newest backup of ``path``: ``save.previous.json``, ``save.previous-2.json``, ..."""
    tail = "" if n == 1 else f"-{n}"
    return path.with_name(f"{path.stem}.previous{tail}{path.suffix}")


def _newer_path(path: Path, version: int) -> Path:
    base = path.with_name(f"{path.stem}.version-{version}{path.suffix}")
    k = 2
    candidate = base
    while candidate.exists():
        candidate = base.with_name(f"{path.stem}.version-{version}-{k}{path.suffix}")
        k += 1
    return candidate


def put_aside(path: Path, keep: int = BACKUPS) -> Path | None:
    """Move the save at ``path`` out of the way of a new session and return where it went (``None``: no save).

    A save of this version becomes ``save.previous.json``; the older backups move one place down and the oldest
    of ``keep`` is dropped. A save from a newer voicefish is never dropped: it goes to ``save.version-N.json``
    (next to the others, a new name each time). Raises :class:`SaveError` when ``path`` is not a voicefish save,
    OSError when the folder cannot be written (nothing is lost then: the save stays where it was)."""
    version = save_version(path)
    if version is None:
        return None
    if version > SAVE_VERSION:
        target = _newer_path(path, version)
        os.replace(path, target)
        _fsync_dir(path.parent)
        return target
    for n in range(keep, 0, -1):
        older = backup_path(path, n)
        if not older.exists():
            continue
        if save_version_or_none(older) is None:
            continue  # something else took a backup's name: leave it alone (a newer backup will not replace it)
        if n == keep:
            older.unlink()
        else:
            os.replace(older, backup_path(path, n + 1))
    target = backup_path(path, 1)
    if target.exists():  # not ours (see above): keep both
        raise SaveError("backup_in_way", path=str(path), backup=target.name)
    os.replace(path, target)
    _fsync_dir(path.parent)
    return target


def save_version_or_none(path: Path) -> int | None:
    try:
        return save_version(path)
    except SaveError:
        return None


def check_log_target(path: Path) -> None:
    """Raise :class:`SaveError` unless ``path`` is absent, empty, or a voicefish game log (its first line a
    ``game_start`` event), so a log is never written over a file voicefish did not write."""
    try:
        if path.is_dir():
            raise SaveError("log_is_folder", path=str(path))
        with path.open("rb") as fp:
            head = fp.read(_SNIFF)
    except FileNotFoundError:
        return
    except OSError as exc:
        raise SaveError("log_unreadable", path=str(path), cause=exc.strerror or str(exc)) from None
    if not head.strip():
        return
    first = head.split(b"\n", 1)[0]
    try:
        obj = json.loads(first)
    except ValueError:
        obj = None
    if not (isinstance(obj, dict) and obj.get("event") == "game_start"):
        raise SaveError("log_not_ours", path=str(path))


# --- one session at a time -------------------------------------------------------------------------------------


class SaveLock:
    """An exclusive lock on a save (``flock`` on ``.save.json.lock`` next to it), held for a whole session.

    :meth:`acquire` raises :class:`SaveLockedError` when another session holds it, and returns ``None`` when no
    lock file can be made (a read-only folder: nothing can be saved there, so there is nothing to guard). The
    lock goes with the process, so a killed session never leaves a stale one behind."""

    def __init__(self, path: Path, fd: int) -> None:
        self.path = path
        self._fd: int | None = fd

    @staticmethod
    def lock_path(save: Path) -> Path:
        return save.with_name(f".{save.name}.lock")

    @classmethod
    def acquire(cls, save: Path) -> SaveLock | None:
        lock = cls.lock_path(save)
        try:
            lock.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(lock, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
        except OSError:
            return None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            os.close(fd)
            if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                raise SaveLockedError("save_in_use", path=str(save)) from None
            return None
        with contextlib.suppress(OSError):
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()}\n".encode())
        return cls(save, fd)

    def release(self) -> None:
        if self._fd is not None:
            with contextlib.suppress(OSError):
                fcntl.flock(self._fd, fcntl.LOCK_UN)
            os.close(self._fd)
            self._fd = None

    def __enter__(self) -> SaveLock:
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


# --- reading ---------------------------------------------------------------------------------------------------


class _Damaged(Exception):
    """The save's ``entry`` is missing or wrong (said as :func:`~voicefish.table.phrases.en_command.save_damaged`);
    for ``lang``, ``code`` is the language it names (said as ``save_language``)."""

    def __init__(self, entry: str, code: str | None = None) -> None:
        super().__init__(entry)
        self.entry = entry
        self.code = code


def _int(obj: dict[str, Any], key: str) -> int:
    value = obj.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise _Damaged(key)
    return value


def _lines(value: Any, entry: str) -> list[dict[str, Any]]:
    if not isinstance(value, list) or not all(isinstance(o, dict) for o in value):
        raise _Damaged(entry)
    return value


def _seats(obj: dict[str, Any]) -> list[dict[str, str]]:
    from voicefish.bots import PLAYER_KINDS
    from voicefish.rules import MAX_PLAYERS, MIN_PLAYERS

    raw = obj.get("seats")
    if not isinstance(raw, list):
        raise _Damaged("seats")
    seats = []
    for s in raw:
        if not isinstance(s, dict) or not isinstance(s.get("name"), str) or not isinstance(s.get("kind"), str):
            raise _Damaged("seats")
        if s["kind"] != "human" and s["kind"] not in PLAYER_KINDS:
            raise _Damaged("seats")
        seats.append({"name": s["name"], "kind": s["kind"]})
    names = [s["name"].strip() for s in seats]
    if not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS or not all(names):
        raise _Damaged("seats")
    if len({n.casefold() for n in names}) != len(names):
        raise _Damaged("seats")
    return seats


def _rules(obj: dict[str, Any]) -> list[str]:
    from voicefish.rules import RuleError, RuleSet

    rules = obj.get("rules", [])
    if not isinstance(rules, list) or not all(isinstance(r, str) for r in rules):
        raise _Damaged("rules")
    try:
        RuleSet.from_names(rules)
    except RuleError:
        raise _Damaged("rules") from None
    return list(rules)


def _settings(obj: dict[str, Any]) -> SaveData:
    """The session a save's JSON object holds; raises :class:`_Damaged` naming the first entry that is wrong."""
    from voicefish.table.phrases import LANGUAGES

    seats = _seats(obj)
    rules = _rules(obj)
    games = _int(obj, "games")
    if not 1 <= games <= MAX_GAMES:
        raise _Damaged("games")
    seed = _int(obj, "seed")
    first_dealer = _int(obj, "first_dealer")
    if not 0 <= first_dealer < len(seats):
        raise _Damaged("first_dealer")
    finished_raw = obj.get("finished") or []
    if not isinstance(finished_raw, list):
        raise _Damaged("finished")
    finished = [_lines(g, "finished") for g in finished_raw]
    current = obj.get("current")
    if current is not None:
        current = _lines(current, "current")
    if len(finished) + (1 if current else 0) > games:
        raise _Damaged("games")
    log_path = obj.get("log_path")
    if log_path is not None and not isinstance(log_path, str):
        raise _Damaged("log_path")
    lang = obj.get("lang", "en")  # older saves do not say: they were English
    if not isinstance(lang, str) or lang not in LANGUAGES:
        raise _Damaged("lang", code=str(lang))
    return SaveData(
        seats=seats,
        rules=rules,
        games=games,
        seed=seed,
        first_dealer=first_dealer,
        finished=finished,
        current=current,
        log_path=log_path,
        lang=lang,
    )


def load_save(path: Path) -> SaveData:
    """Read a save file and check that its settings make a session. Anything wrong raises :class:`SaveError`
    of one kind (the game logs inside are checked by replaying them: ``table.loop.resume_loop``)."""
    version = save_version(path)
    if version is None:
        raise SaveError("no_save", path=str(path))
    if version != SAVE_VERSION:
        if version > SAVE_VERSION:
            raise SaveError("save_too_new", path=str(path), version=version, reads=SAVE_VERSION)
        raise SaveError("save_too_old", path=str(path), version=version, reads=SAVE_VERSION)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise SaveError("save_unreadable", path=str(path), cause=exc.strerror or str(exc)) from None
    except UnicodeDecodeError as exc:
        raise SaveError("save_not_json", path=str(path), cause=exc.reason) from None
    try:
        obj = json.loads(text)
    except (RecursionError, OverflowError, ValueError) as exc:
        msg = exc.msg if isinstance(exc, json.JSONDecodeError) else str(exc)
        raise SaveError("save_not_json", path=str(path), cause=msg) from None
    if not isinstance(obj, dict):
        raise SaveError("save_not_object", path=str(path))
    try:
        return _settings(obj)
    except _Damaged as exc:
        if exc.code is not None:
            from voicefish.table.phrases import LANGUAGES

            raise SaveError("save_language", path=str(path), code=exc.code, codes=", ".join(LANGUAGES)) from None
        raise SaveError("save_damaged", path=str(path), entry=exc.entry) from None
