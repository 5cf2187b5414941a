"""What the table loop's parts share: the state and the few methods each part calls on the others.

:class:`~voicefish.table.loop.TableLoop` is assembled from parts by concern — the voice check
(:mod:`voicefish.table.checking`), the answers to a player's questions and commands (:mod:`voicefish.table.answers`),
the save and the log (:mod:`voicefish.table.saving`), and the session with its turns and narration
(:mod:`voicefish.table.loop`). Each part declares here what it
needs, so mypy checks every use; ``TableLoop`` provides it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType

from voicefish.engine import Game
from voicefish.engine.session import Session
from voicefish.rules import RuleSet
from voicefish.table.ears import Ears, Heard, ListenRequest
from voicefish.table.message import Channels, Message
from voicefish.table.narrator import Narrator

__all__ = ["HUMAN", "SeatSpec", "TableParts"]

HUMAN = "human"


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """One seat: a name and who plays it (``human`` or a computer strength)."""

    name: str
    kind: str = HUMAN

    @property
    def human(self) -> bool:
        return self.kind == HUMAN


class TableParts:
    """The shared state (set by ``TableLoop.__init__``) and the methods the parts call on one another."""

    seats: list[SeatSpec]
    lang: str
    pb: ModuleType
    rules: RuleSet
    ears: Ears
    out: Channels
    session: Session
    narrator: Narrator
    game: Game | None
    humans: frozenset[int]
    computers: frozenset[int]
    on_rate: Callable[[int], None] | None
    max_reprompts: int
    voice_check: int
    loud_check: int
    _loud_checked: set[int]
    _voices_ready: bool
    _told_loud: bool
    _last_public: list[Message]
    _last_reason: str

    def _say(self, message: Message) -> None:
        raise NotImplementedError

    def _speak_up(self, heard: Heard | None) -> str:
        raise NotImplementedError

    def _drowned(self) -> bool:
        raise NotImplementedError

    def _request(self, game: Game, seat: int, expecting: str = "turn", prompt: str = "") -> ListenRequest:
        raise NotImplementedError

    def _seat_of(self, name: str) -> int | None:
        raise NotImplementedError

    def _save(self) -> None:
        raise NotImplementedError
