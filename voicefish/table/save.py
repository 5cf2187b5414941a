"""Saved games: written atomically after every action, so a killed process loses nothing.

A save holds the session's settings and the full log of every game so far (the log format of
``docs/game-log.md``); resuming replays those logs through the engine, which checks every line.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from voicefish.engine.errors import LogError

__all__ = ["SAVE_VERSION", "SaveData", "SaveError", "atomic_write_text", "load_save", "write_save"]

SAVE_VERSION = 1


class SaveError(LogError):
    """A save file that cannot be read or used."""


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
        }


def atomic_write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that readers see the old or the new file, never half of one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
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


def write_save(path: Path, data: SaveData) -> None:
    atomic_write_text(path, json.dumps(data.to_json(), separators=(",", ":")))


def load_save(path: Path) -> SaveData:
    """Read a save file. Anything wrong raises :class:`SaveError` with a clear message."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveError("there is no saved game", path=str(path)) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise SaveError(f"cannot read the saved game: {exc}", path=str(path)) from None
    try:
        obj = json.loads(text)
    except (RecursionError, OverflowError) as exc:
        raise SaveError(f"the saved game is damaged ({exc})", path=str(path)) from None
    except json.JSONDecodeError as exc:
        raise SaveError(
            f"the saved game is damaged (not valid JSON: {exc.msg})", line=exc.lineno, path=str(path)
        ) from None
    if not isinstance(obj, dict) or obj.get("voicefish_save") != SAVE_VERSION:
        raise SaveError("this is not a voicefish saved game (or one from another version)", path=str(path))
    try:
        seats = [{"name": str(s["name"]), "kind": str(s["kind"])} for s in obj["seats"]]
        current = obj.get("current")
        finished = obj.get("finished") or []
        if current is not None and not isinstance(current, list):
            raise TypeError("current must be a list")
        if not isinstance(finished, list) or not all(isinstance(g, list) for g in finished):
            raise TypeError("finished must be a list of games")
        return SaveData(
            seats=seats,
            rules=[str(r) for r in obj.get("rules", [])],
            games=int(obj["games"]),
            seed=int(obj["seed"]),
            first_dealer=int(obj["first_dealer"]),
            finished=finished,
            current=current,
            log_path=obj.get("log_path"),
        )
    except (KeyError, TypeError, ValueError, OverflowError) as exc:
        raise SaveError(f"the saved game is damaged ({exc})", path=str(path)) from None
