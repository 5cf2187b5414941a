"""Reasons are short English, and every fact a reason states can be checked on the public table."""

from __future__ import annotations

import random

import pytest

from voicefish.bots import Reason, make_player
from voicefish.bots.reasons import RANK_PLURALS, because, describe
from voicefish.engine import PUBLIC, AskEvent, Draw, Game, Give

PLAYERS = ["Leo", "Priya", "Sam"]


@pytest.mark.parametrize(
    ("reason", "listener", "asker", "text"),
    [
        (
            Reason("they_asked", 1, "7", {"asks_ago": 6}),
            1,
            0,
            "Leo asks you for sevens, because you asked for them earlier.",
        ),
        (
            Reason("they_asked", 1, "7", {"asks_ago": 0}),
            2,
            0,
            "Leo asks Priya for sevens, because Priya asked for them just now.",
        ),
        (
            Reason("they_received", 2, "6", {"asks_ago": 0}),
            0,
            0,
            "You ask Sam for sixes, because Sam got sixes just now.",
        ),
        (Reason("they_showed", 2, "K"), 1, 0, "Leo asks Sam for kings, because Sam fished a king and showed it."),
        (Reason("they_showed", 2, "8"), 1, 0, "Leo asks Sam for eights, because Sam fished an eight and showed it."),
        (Reason("they_showed", 2, "A"), 1, 0, "Leo asks Sam for aces, because Sam fished an ace and showed it."),
        (
            Reason("most_cards", 2, "Q", {"cards": 9}),
            2,
            1,
            "Priya asks you for queens, because you have the most cards.",
        ),
        (Reason("not_asked", 0, "A"), None, 2, "Sam asks Leo for aces, because nobody has asked Leo for aces yet."),
        (Reason("persist", 0, "10"), None, 1, "Priya asks Leo for tens, to keep trying for tens."),
        (Reason("random"), None, 1, "Priya asks at random."),
    ],
)
def test_describe(reason: Reason, listener: int | None, asker: int, text: str) -> None:
    assert describe(reason, PLAYERS, listener_seat=listener, asker=asker) == text


def test_every_rank_has_a_plural_and_a_clause_alone_reads_as_a_sentence() -> None:
    assert len(RANK_PLURALS) == 13
    assert describe(Reason("guess", 1, "6"), PLAYERS) == "On a hunch."
    assert because(Reason("counted", 1, "6"), PLAYERS) == "by counting the cards that are left"


def _public_support(game: Game, reason: Reason, asker: int) -> bool:
    """Is the fact a reason states visible in the public history of ``game``? ("most cards": of the players
    ``asker`` could ask.)"""
    events = list(game.view(PUBLIC).events)
    seat, code = reason.seat, reason.rank
    match reason.kind:
        case "they_asked":
            return any(isinstance(e, AskEvent) and e.player == seat and e.rank.code == code for e in events)
        case "they_received":
            return any(isinstance(e, Give) and e.receiver == seat and e.rank.code == code for e in events)
        case "they_showed":
            return any(
                isinstance(e, Draw) and e.player == seat and e.matched and e.card and e.card.rank.code == code
                for e in events
            )
        case "most_cards":
            view = game.view(PUBLIC)
            assert seat is not None
            others = [view.hand_sizes[s] for s in range(len(PLAYERS)) if view.active[s] and s != asker]
            return view.hand_sizes[seat] == max(others)
        case "not_asked":
            return not any(isinstance(e, AskEvent) and e.target == seat and e.rank.code == code for e in events)
    return True


@pytest.mark.slow
def test_reasons_state_only_public_facts_that_are_true() -> None:
    rng = random.Random(11)
    checked = 0
    for g in range(12):
        kinds = ["hard", "medium", "easy"] if g % 2 else ["rule", "persistent", "hard"]
        game = Game(PLAYERS, seed=rng.getrandbits(32))
        players = [make_player(k, random.Random(rng.getrandbits(32))) for k in kinds]
        while not game.over:
            seat = game.current
            assert seat is not None
            decision = players[seat].decide(game.view(seat))
            reason = decision.reason
            if reason.seat is not None:
                assert reason.seat == decision.action.target
                assert reason.rank == decision.action.rank.code
            assert _public_support(game, reason, seat), f"{kinds[seat]} gave an unsupported reason {reason}"
            checked += 1
            game.apply(decision.action)
    assert checked > 300
