"""``expert``: registered, plays every kind of game to the end with legal asks and sayable reasons, decides
the same when rebuilt from its seed, samples only deals consistent with its own view, and takes what public
facts prove (its privacy under permuted hidden cards is checked with the others in test_bots_privacy.py)."""

from __future__ import annotations

import random

import pytest

from voicefish.bots import PLAYER_KINDS, Reason, make_player
from voicefish.bots.expert import ExpertPlayer, _deal_unseen, _position
from voicefish.bots.memory import Knowledge
from voicefish.bots.reasons import describe
from voicefish.engine import Game
from voicefish.rules import RuleSet

CONFIGS = ["", "pairs,continuous", "point_fish,turn_to_asked_player", "authors", "sudden_death", "stock_out_ends_game"]


def test_expert_is_registered() -> None:
    assert "expert" in PLAYER_KINDS
    assert make_player("expert", random.Random(1)).strength == "expert"


@pytest.mark.slow
@pytest.mark.parametrize("config", CONFIGS, ids=[c or "classic" for c in CONFIGS])
def test_expert_finishes_games_with_legal_asks_and_reasons(config: str) -> None:
    rules = RuleSet.parse(config)
    rng = random.Random(config)
    searched = 0
    for n in (2, 4):
        kinds = ["expert", "hard", "rule", "medium"][:n]
        names = [f"{k}{i}" for i, k in enumerate(kinds)]
        game = Game(names, rules, seed=rng.getrandbits(32))
        players = [make_player(k, random.Random(rng.getrandbits(32))) for k in kinds]
        while not game.over:
            seat = game.current
            assert seat is not None
            view = game.view(seat)
            decision = players[seat].decide(view)
            assert decision.action in view.legal_actions()
            assert isinstance(decision.reason, Reason)
            searched += decision.reason.kind == "looked_ahead"
            text = describe(decision.reason, names, listener_seat=decision.action.target, asker=seat)
            assert text.endswith(".") and names[seat] in text
            game.apply(decision.action)
        assert game.winners
    if not rules.authors:
        assert searched > 0, "the search never changed hard's choice: is it running?"


@pytest.mark.slow
def test_expert_rebuilt_from_its_seed_decides_like_the_one_that_played_along() -> None:
    rng = random.Random(8)
    compared = 0
    for g in range(2):
        n = 2 + g
        seeds = [rng.getrandbits(32) for _ in range(n)]
        game = Game([f"p{i}" for i in range(n)], seed=rng.getrandbits(32))
        along = [make_player("expert" if s == 0 else "hard", random.Random(seeds[s])) for s in range(n)]
        while not game.over:
            seat = game.current
            assert seat is not None
            view = game.view(seat)
            decision = along[seat].decide(view)
            if seat == 0:
                fresh = make_player("expert", random.Random(seeds[0]))
                assert fresh.decide(view) == decision
                compared += 1
            game.apply(decision.action)
    assert compared > 10


def test_sampled_deals_agree_with_everything_the_view_shows() -> None:
    """Every sampled deal keeps the expert's own hand, every hand size and the stock size, never places more
    than four of a rank, gives each player the ranks public facts show, and none it just said it lacks; no hand
    holds a whole book, and the game played on from the deal ends."""
    rng = random.Random(5)
    checked = 0
    for g in range(30):
        n = 2 + g % 4
        game = Game([f"p{i}" for i in range(n)], seed=g)
        bots = [make_player("rule", random.Random(g * 10 + s)) for s in range(n)]
        for _ in range(rng.randrange(3, 40)):
            if game.over:
                break
            seat = game.current
            assert seat is not None
            game.apply(bots[seat].decide(game.view(seat)).action)
        if game.over:
            continue
        me = game.current
        assert me is not None
        view = game.view(me)
        k = Knowledge()
        k.update(view)
        start = _position(view, k)
        for _ in range(5):
            world = _deal_unseen(view, k, start, rng)
            mine = [0] * 14
            for c in view.hand:
                mine[c.rank] += 1
            assert world.hands[me] == mine
            assert world.sizes == list(view.hand_sizes)
            assert len(world.stock) == view.stock_size
            for r in range(1, 14):
                placed = sum(h[r] for h in world.hands) + world.stock.count(r)
                booked = sum(b.count(r) for b in view.books) * 4
                assert placed + booked == 4
            for s in range(n):
                if s == me:
                    continue
                for r in range(1, 14):
                    assert world.hands[s][r] >= k.known[s][r]
                    assert world.hands[s][r] - k.known[s][r] <= k.elig[s][r], "a rank the player cannot hold"
                    assert world.hands[s][r] < 4, "a whole book left in a hand (it would never be laid)"
            world.rollout(rng, 3000, hard=True)
            assert world.over, "a simulated game from a sampled deal did not end"
            checked += 1
    assert checked > 50


def test_expert_takes_a_rank_public_facts_prove() -> None:
    """Whenever public facts show an opponent holds a rank the expert holds, the expert asks for such a rank."""
    found = 0
    for seed in range(6):
        game = Game(["a", "b", "c"], seed=seed)
        bots = [ExpertPlayer(random.Random(seed)), make_player("rule", random.Random(1)), make_player("hard")]
        k = Knowledge()
        while not game.over:
            seat = game.current
            assert seat is not None
            view = game.view(seat)
            decision = bots[seat].decide(view)
            if seat == 0:
                k.update(view)
                sure = [a for a in view.legal_actions() if k.known[a.target][a.rank] > 0]
                if sure:
                    assert decision.action in sure
                    found += 1
            game.apply(decision.action)
    assert found > 5
