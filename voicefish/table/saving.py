"""Saving, as a part of the table loop: the save after every action and the finished games' log, with a full or
read-only disk said aloud (in the table's language) instead of raised."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from voicefish.engine.log import game_lines
from voicefish.table.message import Message
from voicefish.table.parts import TableParts
from voicefish.table.save import (
    SaveData,
    SaveError,
    atomic_write_text,
    check_log_target,
    clean_stale_temps,
    disk_problem,
    write_save,
)

__all__ = ["SavingPart", "check_own_log", "first_game_start", "session_log"]


def first_game_start(data: SaveData) -> dict[str, object] | None:
    """The ``game_start`` line of a saved session's first game (``None`` when it has none)."""
    games = [*data.finished, *([data.current] if data.current else [])]
    return games[0][0] if games and games[0] else None


def _game_id(start: object) -> object:
    """What tells one game from another in its ``game_start`` line: its players, seed and shuffled deck."""
    return [start.get(k) for k in ("players", "seed", "deck")] if isinstance(start, dict) else start


def check_own_log(path: Path, first_game: dict[str, object] | None) -> None:
    """Raise :class:`SaveError` unless ``path`` may take this session's log: absent, empty, or the log of this very
    session (its first line is ``first_game``, the session's first ``game_start``; ``None``: a session with no game
    yet, whose log cannot be there already). A voicefish log of another session is never written over (issue 29)."""
    check_log_target(path)
    try:
        with path.open("rb") as fp:
            first = fp.readline().strip()
    except FileNotFoundError:
        return
    if first and (first_game is None or _game_id(json.loads(first)) != _game_id(first_game)):
        raise SaveError("log_of_another_session", path=str(path))


def session_log(
    asked: Path | None, saved: SaveData | None, default: Path, *, refused: Callable[[SaveError], None]
) -> Path:
    """Where a session's log goes: ``asked`` (``--log``), which must be absent, empty or this session's own log
    (else :class:`SaveError`); else, on resume (``saved``), the save's log while it is still this session's (else
    ``refused`` is told why); else ``default``."""
    first = first_game_start(saved) if saved is not None else None
    if asked is not None:
        check_own_log(asked, first)
        return asked
    if saved is not None and saved.log_path:
        try:
            check_own_log(Path(saved.log_path), first)
            clean_stale_temps(Path(saved.log_path))  # an interrupted write's temporary files go
            return Path(saved.log_path)
        except SaveError as exc:
            refused(exc)
    return default


class SavingPart(TableParts):
    """The save and the log of ``TableLoop``."""

    save_path: Path | None
    log_path: Path | None
    first_dealer: int
    finished_logs: list[list[dict[str, object]]]
    _save_trouble: bool
    _log_only_in_save: bool = False
    """The finished games' log could be written nowhere: they are only in the save, which the session's end keeps."""

    def _save(self) -> None:
        """Write the save; a full or read-only disk is said aloud once (the last good save stays) and play goes on."""
        if self.save_path is None:
            return
        data = SaveData(
            seats=[{"name": s.name, "kind": s.kind} for s in self.seats],
            rules=list(self.rules.switches_on),
            games=self.session.games,
            seed=self.session.seed,
            first_dealer=self.first_dealer,
            finished=[list(g) for g in self.finished_logs],
            current=game_lines(self.game) if self.game is not None else None,
            log_path=str(self.log_path) if self.log_path else None,
            lang=self.lang,
        )
        try:
            write_save(self.save_path, data)
        except OSError as exc:
            if not getattr(self, "_save_trouble", False):
                self._save_trouble = True
                self._say(Message(self.pb.cannot_save(disk_problem(exc, self.lang)), kind="info"))
            return
        if getattr(self, "_save_trouble", False):
            self._save_trouble = False
            self._say(Message(self.pb.SAVED_AGAIN, kind="info"))

    def _write_log(self) -> None:
        """Write the finished games' log — only over this session's own log (another session's, even one written
        meanwhile, is never replaced); a write that fails is said, never raised."""
        if self.log_path is None:
            return
        lines = [json.dumps(obj, separators=(",", ":")) for g in self.finished_logs for obj in g]
        first = self.finished_logs[0][0] if self.finished_logs else None
        self._log_only_in_save = True  # until a write succeeds
        try:
            check_own_log(self.log_path, first)
            atomic_write_text(self.log_path, "\n".join(lines) + ("\n" if lines else ""))
            self._log_only_in_save = False
        except SaveError as exc:
            self._say(Message(self.pb.log_refused(exc.worded(self.lang)), kind="info"))
            self.log_path = None
        except OSError as exc:
            spare = self.save_path.with_name(f"{self.save_path.stem}-log.jsonl") if self.save_path else None
            path, why = str(self.log_path), disk_problem(exc, self.lang)
            try:
                if spare is None or spare == self.log_path:
                    raise
                check_own_log(spare, first)
                atomic_write_text(spare, "\n".join(lines) + ("\n" if lines else ""))
                self._log_only_in_save = False
            except (OSError, SaveError):
                self._say(Message(self.pb.log_kept_in_save(path, why), kind="info"))
                return
            self._say(Message(self.pb.log_moved(path, why, str(spare)), kind="info"))
            self.log_path = spare
