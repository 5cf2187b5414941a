"""Computer players, found by name: ``random`` and the strengths built on it."""

from __future__ import annotations

import importlib
import random

from voicefish.bots.base import ComputerPlayer, Decision, PlayerFactory, RandomPlayer, Reason

__all__ = ["PLAYER_KINDS", "ComputerPlayer", "Decision", "RandomPlayer", "Reason", "make_player"]

_FACTORIES: dict[str, PlayerFactory] = {
    "random": RandomPlayer,
}


def _register_strengths() -> None:
    try:
        strengths = importlib.import_module("voicefish.bots.strengths")
    except ModuleNotFoundError as exc:  # pragma: no cover - only while the strengths are being written
        if exc.name != "voicefish.bots.strengths":
            raise
        return
    _FACTORIES.update(strengths.FACTORIES)
    expert = importlib.import_module("voicefish.bots.expert")
    _FACTORIES["expert"] = expert.ExpertPlayer


_register_strengths()
PLAYER_KINDS: tuple[str, ...] = tuple(_FACTORIES)


def make_player(kind: str, rng: random.Random | None = None, *, seed: int | None = None) -> ComputerPlayer:
    """A computer player of ``kind``: ``random``, ``easy``, ``medium``, ``hard``, ``expert``, ``rule``,
    ``persistent``; its seed is ``seed`` when given, else drawn from ``rng`` (a fresh one when neither)."""
    key = kind.strip().lower()
    if key not in _FACTORIES:
        raise ValueError(f"unknown computer player {kind!r}; choose from {', '.join(_FACTORIES)}")
    return _FACTORIES[key](rng, seed=seed)
