"""Each hidden event is stored once and redacted on read: every seat's history must still equal the full log
redacted for that seat, event by event, and a view taken earlier must not change as the game goes on."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from voicefish.engine import PUBLIC, Game
from voicefish.engine.events import redact
from voicefish.engine.views import _legal_key
from voicefish.rules import RuleSet

RULESETS = [RuleSet(), RuleSet().with_switches(authors=True), RuleSet().with_switches(sudden_death=True, pairs=True)]


@pytest.mark.parametrize("rules", RULESETS, ids=["classic", "authors", "sudden_death+pairs"])
@pytest.mark.parametrize("players", [2, 4, 6])
def test_every_history_is_the_log_redacted_for_its_seat(rules: RuleSet, players: int) -> None:
    rng = random.Random(players)
    names = [f"P{i}" for i in range(players)]
    for g in range(6):
        game = Game(names, rules, seed=rng.getrandbits(40))
        early = [game.view(s) for s in (*range(players), PUBLIC)]
        early_events = [list(v.events) for v in early]
        early_hands = [v.hand for v in early]
        while not game.over:
            game.apply(rng.choice(game.legal_actions()))
        full = game.log_events()
        for seat in (*range(players), PUBLIC):
            events = game.view(seat).events
            assert len(events) == len(full)
            expected = [redact(e, seat, rules.authors) for e in full]
            assert list(events) == expected, (g, seat)
            assert list(reversed(events)) == expected[::-1]
            assert list(events[2:9:3]) == expected[2:9:3]
            assert events[-1] == expected[-1]
        for v, before, hand in zip(early, early_events, early_hands, strict=True):
            assert list(v.events) == before  # a view is a snapshot: later events do not show in it
            assert v.hand == hand  # nor later cards in its hand


@pytest.mark.parametrize("rules", RULESETS, ids=["classic", "authors", "sudden_death+pairs"])
def test_a_slice_of_a_history_is_its_events_one_by_one(rules: RuleSet) -> None:
    """Slices are built from the public list in one go, then the seat's own versions put in: the same events as
    reading them one at a time, for every seat, every step, and a view taken mid-game (a shorter window)."""
    rng = random.Random(7)
    names = ["P0", "P1", "P2", "P3"]
    for g in range(4):
        game = Game(names, rules, seed=rng.getrandbits(40))
        views = []
        while not game.over:
            views.append(game.view(game.current or 0))
            game.apply(rng.choice(game.legal_actions()))
        mid = views[len(views) // 2]
        for seat in (*range(4), PUBLIC):
            for events in (game.view(seat).events, mid.events):
                n = len(events)
                for sl in (
                    slice(None),
                    slice(5, 40),
                    slice(3, None, 3),
                    slice(None, None, -1),
                    slice(-10, None),
                    slice(50, 10, -2),
                    slice(n - 3, n + 50),
                ):
                    assert list(events[sl]) == [events[i] for i in range(*sl.indices(n))], (g, seat, sl)
                assert len(events[n - 3 : n + 50]) == 3  # never past the view's own length


def test_a_history_is_a_sequence_with_every_method_of_one() -> None:
    """The history is registered as a :class:`~collections.abc.Sequence` (not derived from it, so that it compiles to
    a native class): it must still answer everything a Sequence does, as the list of its events would."""
    rng = random.Random(7)
    game = Game(["Ann", "Bo", "Cy"], RuleSet(), seed=11)
    while not game.over:
        game.apply(rng.choice(game.legal_actions()))
    for seat in (0, 1, 2, PUBLIC):
        events = game.view(seat).events
        as_list = list(events)
        assert isinstance(events, Sequence)
        for ev in (as_list[0], as_list[len(as_list) // 2], as_list[-1]):
            assert ev in events
            assert events.index(ev) == as_list.index(ev)
            assert events.count(ev) == as_list.count(ev)
        assert events.index(as_list[-1], 1) == as_list.index(as_list[-1], 1)
        assert "not an event" not in events
        with pytest.raises(ValueError):
            events.index(as_list[0], 1, 1)
        assert events == as_list and events != as_list[:-1]
        assert hash(events) == hash(tuple(as_list))


def test_the_legal_asks_key_tells_every_seat_table_and_hand_apart() -> None:
    """The compiled lookup's key of the legal asks (seat, active seats, ranks held) is one integer: two that differ in
    the seat, the seats that can be asked or the ranks held never share it (tables of other sizes may: seats past
    the end are not asked)."""
    rng = random.Random(4)
    seen: dict[int, tuple[int, tuple[int, ...], tuple[bool, ...]]] = {}
    for _ in range(5000):
        n = rng.randrange(2, 7)
        seat = rng.randrange(n)
        active = tuple(rng.random() < 0.8 for _ in range(n))
        masks = bytes([0] + [rng.choice((0, 0, 1, 5, 15)) for _ in range(13)])
        what = (seat, tuple(t for t, a in enumerate(active) if a), tuple(m != 0 for m in masks))
        key = _legal_key(seat, masks, active)
        assert seen.setdefault(key, what) == what
