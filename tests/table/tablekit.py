"""Helpers for table-loop tests: a deterministic scripted player and a recording table."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from voicefish.cards import SUITS
from voicefish.outputs.channels import PUBLIC, Message, Outputs, RecordingSink
from voicefish.table.ears import Heard, ListenRequest, PolicyEars
from voicefish.table.words import rank_name, rank_plural

SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def ask_text(req: ListenRequest, attempt: int) -> str:
    """An ask a careful player would say: a rank held and a player, both picked from the hand; under authors a
    suit that changes with each refused attempt (so a held card is followed by another)."""
    others = [p for p in req.players if p != req.speaker and p not in req.out]
    # A function of the moment only (so a resumed game gets the same asks), varied enough that deterministic
    # players cannot circle forever under `continuous`.
    spread = (sum(r.value for r in req.hand) * 31 + len(req.hand) * 7 + req.moment * 2_654_435_761) % 1_000_003
    rank = req.hand[spread % len(req.hand)]
    target = others[(spread // len(req.hand) + attempt // 4) % len(others)]
    if req.rules.authors:
        suit = SUITS[attempt % 4]
        return f"{target}, do you have the {rank_name(rank)} of {SUIT_WORDS[suit.value]}?"
    return f"{target}, do you have any {rank_plural(rank)}?"


@dataclass
class CarefulPlayer:
    """A policy: answers confirmations with yes, pauses with 'go on', and otherwise asks (see ask_text).

    ``extra`` maps the number of the utterance (0-based) to something else to say at that moment."""

    extra: dict[int, str | Heard | None] = field(default_factory=dict)
    count: int = 0
    _last: tuple[object, ...] | None = None
    _attempt: int = 0

    def __call__(self, req: ListenRequest) -> str | Heard | None:
        n = self.count
        self.count += 1
        if n in self.extra:
            return self.extra[n]
        if req.expecting == "confirm":
            return "yes"
        if req.expecting == "pause":
            return "let's go on"
        key = (req.speaker, req.hand, req.players)
        self._attempt = self._attempt + 1 if key == self._last else 0
        self._last = key
        return ask_text(req, self._attempt)


@dataclass
class Table:
    outputs: Outputs
    public: RecordingSink
    private: dict[int, RecordingSink]

    def public_texts(self) -> list[str]:
        return self.public.texts

    def private_texts(self, seat: int) -> list[str]:
        return self.private[seat].texts


def make_table(humans: list[int]) -> Table:
    public = RecordingSink()
    private = {s: RecordingSink() for s in humans}
    outputs = Outputs(public=[public], private={s: [r] for s, r in private.items()})
    return Table(outputs, public, private)


def ears_for(policy: Callable[[ListenRequest], str | Heard | None]) -> PolicyEars:
    return PolicyEars(policy, limit=20_000)


def all_public(messages: list[Message]) -> bool:
    return all(m.audience == PUBLIC for m in messages)
