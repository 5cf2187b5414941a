"""Typed errors of the engine. Every illegal action raises one of these; each maps to one
spoken explanation at the edge (the narrator), never to an English sentence here."""

from __future__ import annotations

__all__ = [
    "AskForHeldCard",
    "AskForUnheldRank",
    "AskSelf",
    "EngineError",
    "GameOver",
    "IllegalAction",
    "LogError",
    "NotYourTurn",
    "TargetOut",
    "UnknownPlayer",
    "WrongAskKind",
]


class EngineError(ValueError):
    """Base class of everything the engine raises on bad input."""


class IllegalAction(EngineError):
    """An action the rules do not allow now. The game is left unchanged."""

    code = "illegal"


class GameOver(IllegalAction):
    """The game has ended; no more actions."""

    code = "game_over"


class NotYourTurn(IllegalAction):
    """The acting player is not the one whose turn it is."""

    code = "not_your_turn"


class UnknownPlayer(IllegalAction):
    """A seat that is not at this table."""

    code = "unknown_player"


class AskSelf(IllegalAction):
    """A player asked themselves."""

    code = "ask_self"


class TargetOut(IllegalAction):
    """The asked player is out of the game (no cards, empty stock) or not in the tie-break."""

    code = "target_out"


class AskForUnheldRank(IllegalAction):
    """The asker holds no card of the rank they asked for."""

    code = "unheld_rank"


class AskForHeldCard(IllegalAction):
    """Under ``authors`` without ``may_ask_for_held_card``: asking for a card you hold."""

    code = "held_card"


class WrongAskKind(IllegalAction):
    """An exact card was named without ``authors``, or only a rank under ``authors``."""

    code = "wrong_ask_kind"


class LogError(EngineError):
    """A game log or save file that is malformed, truncated or inconsistent; names the line."""

    def __init__(self, message: str, *, line: int | None = None, path: str | None = None) -> None:
        where = ""
        if path is not None:
            where = f"{path}:"
        if line is not None:
            where += f"line {line}: "
        elif where:
            where += " "
        super().__init__(where + message)
        self.line = line
        self.path = path
