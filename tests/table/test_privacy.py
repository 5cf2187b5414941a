"""Privacy across many seeded games: nothing the public channel said, nothing the screens' public data held,
and nothing a computer player received contains hidden information."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from tests.table.tablekit import CarefulPlayer, ears_for
from voicefish.bots import Decision, make_player
from voicefish.engine import Deal, Draw, GameStart, Give, PlayerView, Refill, TiebreakStart
from voicefish.outputs.channels import PUBLIC, Message, Outputs
from voicefish.rules import RuleSet
from voicefish.table import loop as loop_module
from voicefish.table.loop import SeatSpec, TableLoop

CARD_WORDS = re.compile(r"\bthe (ace|two|three|four|five|six|seven|eight|nine|ten|jack|queen|king) of \w+")
CARD_CODE = re.compile(r"\b(10|[2-9AJQK])[SHDC]\b")
PRIVATE_PHRASES = ("Your cards", "You drew", "You have", "You got", "You picked up", "From your hand", "You hold")


class PublicSpy:
    def __init__(self) -> None:
        self.messages: list[Message] = []
        self.snapshots: list[str] = []

    def deliver(self, message: Message) -> None:
        self.messages.append(message)

    def update(self, public: dict[str, object], private: dict[int, dict[str, object]]) -> None:
        self.snapshots.append(json.dumps(public))


class PrivateSpy:
    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.messages: list[Message] = []

    def deliver(self, message: Message) -> None:
        assert message.audience == self.seat
        self.messages.append(message)


def leaks(view: PlayerView) -> list[str]:
    """Hidden facts a view holds that its seat may not know (empty when the view is clean)."""
    me = view.seat
    authors = view.rules.authors
    found: list[str] = []
    for ev in view.events:
        if isinstance(ev, GameStart) and (ev.deck is not None or ev.seed is not None):
            found.append("deck or seed")
        elif isinstance(ev, TiebreakStart) and ev.deck is not None:
            found.append("tie-break deck")
        elif isinstance(ev, Deal) and any(h is not None for i, h in enumerate(ev.hands) if i != me):
            found.append("another player's dealt hand")
        elif isinstance(ev, Give) and ev.cards is not None and not authors and me not in (ev.giver, ev.receiver):
            found.append("suits of cards given between others")
        elif isinstance(ev, Draw) and ev.card is not None and not ev.matched and ev.player != me:
            found.append("another player's unmatched draw")
        elif isinstance(ev, Refill) and ev.cards is not None and ev.player != me:
            found.append("another player's refill")
    return found


def allowed_public_cards(rules: RuleSet) -> bool:
    return rules.authors  # only under authors are exact cards named in public (the asks, the gives)


@pytest.mark.slow
@pytest.mark.parametrize("rules", ["", "authors,sudden_death", "pairs,no_peeking", "continuous,point_fish"])
def test_nothing_hidden_reaches_the_public_or_a_computer(
    rules: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rule_set = RuleSet.parse(rules)
    bot_views: list[tuple[int, PlayerView, tuple[str, ...]]] = []
    holder: dict[str, TableLoop] = {}

    class Watched:
        def __init__(self, kind: str, rng: random.Random, seat: int) -> None:
            self.inner = make_player(kind, rng)
            self.strength = self.inner.strength
            self.seat = seat

        def decide(self, view: PlayerView) -> Decision:
            game = holder["loop"].game
            assert game is not None
            bot_views.append((self.seat, view, tuple(str(c) for c in game.view(self.seat).hand)))
            return self.inner.decide(view)

    seat_counter = {"n": 0}

    def watched_player(kind: str, rng: random.Random | None = None) -> Watched:
        loop = holder["loop"]
        seats = sorted(loop.computers)
        seat = seats[seat_counter["n"] % len(seats)]
        seat_counter["n"] += 1
        return Watched(kind, rng or random.Random(), seat)

    monkeypatch.setattr(loop_module, "make_player", watched_player)
    games = 25
    for seed in range(games):
        public = PublicSpy()
        privates = {0: PrivateSpy(0), 1: PrivateSpy(1)}
        outputs = Outputs(public=[public], private={s: [p] for s, p in privates.items()}, observers=[public])
        seats = [SeatSpec("Priya"), SeatSpec("Sam"), SeatSpec("Leo", "hard"), SeatSpec("Mia", "medium")]
        seat_counter["n"] = 0
        loop = TableLoop(seats, rule_set, ears=ears_for(CarefulPlayer()), outputs=outputs, games=1, seed=seed)
        holder["loop"] = loop
        assert loop.run()
        for m in public.messages:
            assert m.audience == PUBLIC
            assert not any(p in m.text for p in PRIVATE_PHRASES), m.text
            if not allowed_public_cards(rule_set):
                assert not CARD_WORDS.search(m.text), m.text
        for snap in public.snapshots:
            assert not CARD_CODE.search(snap), snap
        for spy in privates.values():
            assert all(m.audience == spy.seat for m in spy.messages)
    assert bot_views
    for seat, view, true_hand in bot_views:
        assert view.seat == seat
        assert tuple(str(c) for c in view.hand) == true_hand
        assert leaks(view) == [], leaks(view)
