"""The game log: JSON Lines that let anyone audit or replay a game.

It holds hidden information (the shuffled deck, every hand), so it is written for after the game and
for saved games, never shown to the table during play. The format is documented in ``docs/game-log.md``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from voicefish.cards import CardError, parse_card, parse_rank
from voicefish.engine.errors import IllegalAction, LogError
from voicefish.engine.events import event_from_json
from voicefish.engine.game import Ask, Game
from voicefish.rules import RuleError, RuleSet

__all__ = ["LoggedGame", "game_lines", "read_log", "read_log_lines", "replay", "replay_all", "write_game"]


def game_lines(game: Game, start: int = 0) -> list[dict[str, Any]]:
    """The log objects of ``game`` from event ``start`` on."""
    return [e.to_json(game.players) for e in game.log_events()[start:]]


def write_game(fp: IO[str], game: Game, start: int = 0) -> int:
    """Append ``game``'s log lines (from event ``start``) to ``fp``; returns how many were written."""
    lines = game_lines(game, start)
    for obj in lines:
        fp.write(json.dumps(obj, separators=(",", ":")) + "\n")
    return len(lines)


@dataclass
class LoggedGame:
    """One game read back from a log: its lines (with their line numbers) in order."""

    start_line: int
    objects: list[dict[str, Any]] = field(default_factory=list)
    line_numbers: list[int] = field(default_factory=list)

    @property
    def players(self) -> list[str]:
        return list(self.objects[0]["players"])

    @property
    def complete(self) -> bool:
        """True if the game reached its end (``game_end``, and ``tiebreak_end`` when a tie-break followed)."""
        kinds = [o.get("event") for o in self.objects]
        if "tiebreak_start" in kinds:
            return "tiebreak_end" in kinds
        return "game_end" in kinds


def _no_constants(name: str) -> Any:
    raise ValueError(f"{name} is not a number a log may hold")


def read_log_lines(lines: Iterable[str | bytes], path: str | None = None) -> list[LoggedGame]:
    """Parse log text into games. Every problem raises :class:`LogError` naming the line."""
    games: list[LoggedGame] = []
    for number, raw in enumerate(lines, start=1):
        try:
            text = (raw.decode("utf-8") if isinstance(raw, bytes) else raw).strip()
        except UnicodeDecodeError:
            raise LogError("this line is not UTF-8 text", line=number, path=path) from None
        if not text:
            continue
        try:
            obj = json.loads(text, parse_constant=_no_constants)
        except json.JSONDecodeError as exc:
            raise LogError(f"not valid JSON ({exc.msg})", line=number, path=path) from None
        except (ValueError, RecursionError, OverflowError) as exc:
            raise LogError(f"not a usable JSON line ({exc})", line=number, path=path) from None
        if not isinstance(obj, dict) or not isinstance(obj.get("event"), str):
            raise LogError('each line must be a JSON object with an "event" field', line=number, path=path)
        if obj["event"] == "game_start":
            players = obj.get("players")
            if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
                raise LogError("game_start needs a list of player names", line=number, path=path)
            rules = obj.get("rules", [])
            if not isinstance(rules, list) or not all(isinstance(r, str) for r in rules):
                raise LogError("game_start needs a list of rule names", line=number, path=path)
            games.append(LoggedGame(start_line=number))
        elif not games:
            raise LogError(f"{obj['event']!r} before any game_start", line=number, path=path)
        game = games[-1]
        try:
            event_from_json(obj, obj["players"] if obj["event"] == "game_start" else game.players)
        except (ValueError, CardError, TypeError, KeyError, OverflowError, RecursionError) as exc:
            raise LogError(f"bad {obj['event']!r} event: {exc}", line=number, path=path) from None
        game.objects.append(obj)
        game.line_numbers.append(number)
    return games


def read_log(path: str | Path) -> list[LoggedGame]:
    """Read a ``.jsonl`` game log. Raises :class:`LogError` (naming the line) on anything malformed."""
    p = Path(path)
    try:
        with p.open("rb") as fp:
            return read_log_lines(fp, path=str(p))
    except OSError as exc:
        raise LogError(f"cannot read the log: {exc.strerror or exc}", path=str(p)) from None


def _asks(logged: LoggedGame) -> Iterator[tuple[int, Ask]]:
    names = {n: i for i, n in enumerate(logged.players)}
    for obj, number in zip(logged.objects, logged.line_numbers, strict=True):
        if obj["event"] == "ask":
            card = obj.get("card")
            yield (
                number,
                Ask(
                    names[obj["player"]],
                    names[obj["target"]],
                    parse_rank(obj["rank"]),
                    None if card is None else parse_card(card),
                ),
            )


def replay(logged: LoggedGame, *, path: str | None = None, verify: bool = True) -> Game:
    """Rebuild a game from its log: the logged deck and every logged ask, through the engine's own door.

    With ``verify`` every regenerated line must equal the logged one; a difference raises
    :class:`LogError` naming the first line that disagrees. A truncated log replays up to where it stops."""
    start = logged.objects[0]
    line0 = logged.line_numbers[0]
    try:
        rules = RuleSet.from_names(start.get("rules", []))
        deck = [parse_card(c) for c in start["deck"]]
        tiebreak_deck = None
        for obj in logged.objects:
            if obj["event"] == "tiebreak_start" and obj.get("deck"):
                tiebreak_deck = [parse_card(c) for c in obj["deck"]]
        game = Game(
            start["players"],
            rules,
            seed=start.get("seed"),
            dealer=int(start["dealer"]),
            game_number=int(start.get("game", 1)),
            deck=deck,
            tiebreak_deck=tiebreak_deck,
        )
    except (RuleError, CardError, ValueError, KeyError, TypeError, OverflowError) as exc:
        raise LogError(f"cannot start the game from game_start: {exc}", line=line0, path=path) from None
    for number, action in _asks(logged):
        try:
            game.apply(action)
        except IllegalAction as exc:
            raise LogError(f"the logged ask is not legal here: {exc}", line=number, path=path) from None
        except ValueError as exc:  # e.g. a logged tie-break deck that is not a deck
            raise LogError(f"the game cannot go on from the log: {exc}", line=number, path=path) from None
    if verify:
        regenerated = game_lines(game)
        for i, (obj, number) in enumerate(zip(logged.objects, logged.line_numbers, strict=True)):
            if i >= len(regenerated):
                raise LogError("the log has more lines than its asks produce", line=number, path=path)
            if _strip(regenerated[i]) != _strip(obj):
                raise LogError(
                    f"the log says {json.dumps(obj)} but the rules give {json.dumps(regenerated[i])}",
                    line=number,
                    path=path,
                )
    return game


def _strip(obj: dict[str, Any]) -> dict[str, Any]:
    """Compare only the documented fields plus the engine's own extras (ignore fields others added)."""
    return {k: v for k, v in obj.items() if k in _FIELDS.get(str(obj.get("event")), set())}


_FIELDS: dict[str, set[str]] = {
    "game_start": {"event", "game", "seed", "players", "dealer", "rules", "deck"},
    "deal": {"event", "hands"},
    "turn": {"event", "player"},
    "ask": {"event", "player", "target", "rank", "card"},
    "give": {"event", "from", "to", "cards"},
    "go_fish": {"event", "player", "target"},
    "draw": {"event", "player", "card", "matched"},
    "book": {"event", "player", "rank", "cards"},
    "refill": {"event", "player", "cards"},
    "out": {"event", "player"},
    "game_end": {"event", "scores", "books", "winners"},
    "tiebreak_start": {"event", "players", "deck"},
    "tiebreak_end": {"event", "winner"},
}


def replay_all(games: Sequence[LoggedGame], path: str | None = None) -> list[Game]:
    """Replay and verify every game of a log."""
    return [replay(g, path=path) for g in games]
