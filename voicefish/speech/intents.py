"""What a player meant, as small frozen values that know no language.

The parser turns text into one of these; the table loop turns them into engine actions or
answers. ``intent_to_json`` gives the shape printed by ``voicefish parse --json``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from voicefish.cards import Card, Rank

__all__ = [
    "INTENT_TYPES",
    "Ambiguous",
    "Ask",
    "Count",
    "Faster",
    "Help",
    "History",
    "Intent",
    "NewLink",
    "No",
    "NoIntent",
    "Pause",
    "Quit",
    "ReadHand",
    "Repeat",
    "Score",
    "Slower",
    "Stock",
    "WhoseTurn",
    "Why",
    "Yes",
    "intent_to_json",
    "is_command",
]


@dataclass(frozen=True, slots=True)
class Ask:
    """Ask ``target`` for every card of ``rank`` (or, under ``authors``, for the one ``card``)."""

    target: str
    """The asked player, spelled exactly as in the table's player list ("" only inside ``Ambiguous.partial``)."""
    rank: Rank
    """The rank asked for; under ``authors`` the rank of ``card``."""
    card: Card | None = None
    """The exact card under ``authors``; ``None`` when only a rank was named."""


@dataclass(frozen=True, slots=True)
class ReadHand:
    """Read my own hand to me (private channel only)."""


@dataclass(frozen=True, slots=True)
class Score:
    """Say the score (books per player)."""


@dataclass(frozen=True, slots=True)
class Stock:
    """Say how many cards are left in the stock."""


@dataclass(frozen=True, slots=True)
class WhoseTurn:
    """Say whose turn it is."""


@dataclass(frozen=True, slots=True)
class Count:
    """Say how many cards ``target`` holds (public information)."""

    target: str
    """A player, spelled as in the table's player list."""


@dataclass(frozen=True, slots=True)
class History:
    """Replay the public asks of ``target`` (or of everybody when ``None``)."""

    target: str | None = None
    """A player, spelled as in the table's player list, or ``None`` for the whole table."""


@dataclass(frozen=True, slots=True)
class Repeat:
    """Say the last announcement again."""


@dataclass(frozen=True, slots=True)
class Help:
    """Explain what can be said."""


@dataclass(frozen=True, slots=True)
class Yes:
    """A yes to the last question (for example a confirmation)."""


@dataclass(frozen=True, slots=True)
class No:
    """A no to the last question."""


@dataclass(frozen=True, slots=True)
class Pause:
    """Pause the game."""


@dataclass(frozen=True, slots=True)
class Quit:
    """End the game."""


@dataclass(frozen=True, slots=True)
class Slower:
    """Speak more slowly."""


@dataclass(frozen=True, slots=True)
class Faster:
    """Speak faster."""


@dataclass(frozen=True, slots=True)
class Why:
    """ "Why did Leo ask that?": the reason of the last computer player's ask."""


@dataclass(frozen=True, slots=True)
class NewLink:
    """ "Give me a new link": a new private page link for the speaker (the old one stops working)."""


@dataclass(frozen=True, slots=True)
class NoIntent:
    """Nothing meant for the game (table chatter, noise, an impossible request)."""

    reason: str = ""
    """Why, when there is something to tell ("you cannot ask yourself"); empty for plain chatter."""


@dataclass(frozen=True, slots=True)
class Ambiguous:
    """The text names a player we cannot pin down: the game must ask, never pick silently."""

    candidates: tuple[str, ...]
    """The players it may mean, spelled as in the player list, best match first."""
    partial: Intent
    """The intent with the player left out (``Ask.target`` / ``Count.target`` is "")."""


Intent = (
    Ask
    | ReadHand
    | Score
    | Stock
    | WhoseTurn
    | Count
    | History
    | Repeat
    | Help
    | Yes
    | No
    | Pause
    | Quit
    | Slower
    | Faster
    | Why
    | NewLink
    | NoIntent
    | Ambiguous
)

_TYPE_NAMES: dict[type[Any], str] = {
    Ask: "ask",
    ReadHand: "read_hand",
    Score: "score",
    Stock: "stock",
    WhoseTurn: "whose_turn",
    Count: "count",
    History: "history",
    Repeat: "repeat",
    Help: "help",
    Yes: "yes",
    No: "no",
    Pause: "pause",
    Quit: "quit",
    Slower: "slower",
    Faster: "faster",
    Why: "why",
    NewLink: "new_link",
    NoIntent: "none",
    Ambiguous: "ambiguous",
}
INTENT_TYPES: dict[str, type[Any]] = {name: cls for cls, name in _TYPE_NAMES.items()}
"""``"read_hand"`` → ``ReadHand``: the JSON type names."""


def is_command(intent: Intent) -> bool:
    """True for anything the game acts on or asks back about (everything but ``NoIntent``)."""
    return not isinstance(intent, NoIntent)


def intent_to_json(intent: Intent) -> dict[str, Any]:
    """The JSON object of ``voicefish parse --json``: ``{"type":"ask","target":"Priya","rank":"J"}``.

    ``"card"`` appears only when an exact card was named (``authors``); ``count`` and ``history`` carry
    ``"target"`` (``history`` only when a player was named); ``ambiguous`` carries ``"candidates"`` and
    ``"partial"`` (the intent without its player). ``none`` is always just ``{"type":"none"}``.
    """
    out: dict[str, Any] = {"type": _TYPE_NAMES[type(intent)]}
    if isinstance(intent, Ask):
        out["target"] = intent.target
        out["rank"] = intent.rank.code
        if intent.card is not None:
            out["card"] = intent.card.code
    elif isinstance(intent, Count):
        out["target"] = intent.target
    elif isinstance(intent, History):
        if intent.target is not None:
            out["target"] = intent.target
    elif isinstance(intent, Ambiguous):
        out["candidates"] = list(intent.candidates)
        partial = intent_to_json(intent.partial)
        partial.pop("target", None)
        out["partial"] = partial
    return out
