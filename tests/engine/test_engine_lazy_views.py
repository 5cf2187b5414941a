"""Each hidden event is stored once and redacted on read: every seat's history must still equal the full log
redacted for that seat, event by event, and a view taken earlier must not change as the game goes on."""

from __future__ import annotations

import random

import pytest

from voicefish.engine import PUBLIC, Game
from voicefish.engine.events import redact
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
        for v, before in zip(early, early_events, strict=True):
            assert list(v.events) == before  # a view is a snapshot: later events do not show in it
