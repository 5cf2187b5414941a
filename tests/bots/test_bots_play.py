"""Every strength plays every switch of RULES.md to the end, always with a legal ask and a reason it can say."""

from __future__ import annotations

import random

import pytest

from voicefish.bots import PLAYER_KINDS, Reason, make_player
from voicefish.bots.reasons import describe
from voicefish.engine import Game
from voicefish.rules import SWITCHES, RuleSet

STRENGTHS = ("easy", "medium", "hard", "rule", "persistent")
CONFIGS = (
    [""]
    + [s for s in SWITCHES if s != "may_ask_for_held_card"]
    + [
        "authors,may_ask_for_held_card",
        "authors,pairs",
        "pairs,continuous",
        "authors,continuous,sudden_death",
        "polish",
        "portuguese,point_fish",
    ]
)


def test_all_strengths_are_registered() -> None:
    for kind in STRENGTHS:
        assert kind in PLAYER_KINDS
        assert make_player(kind, random.Random(1)).strength == kind


@pytest.mark.slow
@pytest.mark.parametrize("config", CONFIGS, ids=[c or "classic" for c in CONFIGS])
def test_every_strength_finishes_games_under(config: str) -> None:
    rules = RuleSet.parse(config)
    rng = random.Random(config)
    for n in (2, 3, 4, 6):
        kinds = [STRENGTHS[(i + n) % len(STRENGTHS)] for i in range(n)]
        names = [f"{k}{i}" for i, k in enumerate(kinds)]
        game = Game(names, rules, seed=rng.getrandbits(32))
        players = [make_player(k, random.Random(rng.getrandbits(32))) for k in kinds]
        asks = 0
        while not game.over:
            seat = game.current
            assert seat is not None
            view = game.view(seat)
            decision = players[seat].decide(view)
            assert decision.action in view.legal_actions()
            assert isinstance(decision.reason, Reason)
            text = describe(decision.reason, names, listener_seat=decision.action.target, asker=seat)
            assert text.endswith(".") and names[seat] in text
            game.apply(decision.action)
            asks += 1
            assert asks < 5000
        assert game.winners


def test_decide_refuses_when_it_is_not_my_turn() -> None:
    game = Game(["a", "b", "c"], seed=3)
    idle = next(s for s in range(3) if s != game.current)
    for kind in STRENGTHS:
        with pytest.raises(ValueError, match="no legal ask"):
            make_player(kind, random.Random(0)).decide(game.view(idle))


def test_one_player_object_can_play_a_whole_session_of_games() -> None:
    """A player reused for the next game (or the tie-break) starts its memory again instead of mixing games."""
    for kind in STRENGTHS:
        player = make_player(kind, random.Random(5))
        for g in range(3):
            game = Game(["p", "q"], seed=100 + g, game_number=g + 1)
            other = make_player("random", random.Random(g))
            while not game.over:
                seat = game.current
                assert seat is not None
                game.apply((player if seat == 0 else other).decide(game.view(seat)).action)


@pytest.mark.slow
@pytest.mark.parametrize("config", ["", "authors", "pairs,continuous"], ids=["classic", "authors", "pairs"])
def test_a_player_rebuilt_from_its_seed_decides_like_the_one_that_played_along(config: str) -> None:
    """Resuming a saved game rebuilds the computer players: a fresh player with the same seed, shown only the
    current view, must choose exactly what the player that saw every earlier view chooses."""
    rules = RuleSet.parse(config)
    rng = random.Random(config)
    compared = 0
    for g in range(4):
        n = 2 + g
        kinds = [STRENGTHS[(i + g) % len(STRENGTHS)] for i in range(n)]
        seeds = [rng.getrandbits(32) for _ in range(n)]
        game = Game([f"p{i}" for i in range(n)], rules, seed=rng.getrandbits(32))
        along = [make_player(k, random.Random(s)) for k, s in zip(kinds, seeds, strict=True)]
        while not game.over:
            seat = game.current
            assert seat is not None
            view = game.view(seat)
            decision = along[seat].decide(view)
            if rng.random() < 0.3:
                fresh = make_player(kinds[seat], random.Random(seeds[seat]))
                assert fresh.decide(view) == decision, f"{kinds[seat]} rebuilt from its seed chose differently"
                compared += 1
            game.apply(decision.action)
    assert compared > 50
