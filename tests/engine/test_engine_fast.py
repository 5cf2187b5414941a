"""The search engine (:class:`FastGame`) plays the same rules as :class:`Game`: driven with the same deck and
the same asks, the two agree after every ask on every hand, the stock, the points, who is in and whose turn."""

from __future__ import annotations

import random

import pytest

from voicefish.engine import Game, GameStart
from voicefish.engine.fast import FastGame
from voicefish.rules import RuleSet

RULES = {
    "classic": RuleSet(),
    "pairs": RuleSet(pairs=True),
    "point_fish+turn_to_asked": RuleSet(point_fish=True, turn_to_asked_player=True),
    "continuous": RuleSet(continuous=True),
    "stock_out_ends": RuleSet(stock_out_ends_game=True),
    "empty_hand_ends": RuleSet(empty_hand_ends_game=True),
    "seven_for_two_only": RuleSet(seven_for_two_only=True),
}


def same(game: Game, fast: FastGame) -> None:
    n = len(game.players)
    for s in range(n):
        counts = [0] * 14
        for c in game.view(s).hand:
            counts[c.rank] += 1
        assert fast.hands[s] == counts, s
        assert fast.sizes[s] == game.hand_size(s)
    assert len(fast.stock) == game.stock_size
    assert fast.over == game.over
    assert fast.current == game.current
    view = game.public_view()
    assert tuple(fast.active) == view.active
    if not game.in_tiebreak:
        assert tuple(fast.points) == game.scores
    for s in range(n):
        for r in range(1, 14):
            assert fast.known[s][r] <= fast.hands[s][r], "public knowledge claims more than the truth"
            if (fast.nope[s] >> r) & 1:
                assert fast.hands[s][r] == 0, "a seat marked as lacking a rank holds it"


@pytest.mark.parametrize("name", list(RULES))
def test_fast_game_follows_the_engine_ask_for_ask(name: str) -> None:
    rules = RULES[name]
    rng = random.Random(name)
    for g in range(25):
        n = 2 + g % 5
        game = Game([f"P{i}" for i in range(n)], rules, seed=rng.getrandbits(40))
        start = game.log_events()[0]
        assert isinstance(start, GameStart) and start.deck is not None
        deck = start.deck
        fast = FastGame.deal(rules, [c.rank.value for c in deck], game.dealer, n)
        same(game, fast)
        while not game.over and not game.in_tiebreak:
            a = rng.choice(game.legal_actions())
            game.apply(a)
            fast.ask(a.player, a.target, a.rank.value)
            same(game, fast)
        if not game.in_tiebreak:
            assert fast.winners() == list(game.winners)


def test_fast_game_refuses_exact_card_asks() -> None:
    with pytest.raises(ValueError, match="authors"):
        FastGame(RuleSet(authors=True), [[0] * 14] * 2, [], points=[0, 0], booked=0, active=[True, True], current=0)


def test_rollouts_end_and_copy_is_independent() -> None:
    rules = RuleSet()
    rng = random.Random(3)
    deck = [r for r in range(1, 14) for _ in range(4)]
    rng.shuffle(deck)
    start = FastGame.deal(rules, deck, 0, 4)
    before = (start.hands[0][:], len(start.stock), start.points[:])
    for _ in range(20):
        g = start.copy()
        g.rollout(rng)
        assert g.over and g.current is None
        assert sum(g.points) == g.booked
    assert (start.hands[0], len(start.stock), start.points) == before


@pytest.mark.parametrize("hard", [False, True], ids=["rule", "hard"])
def test_simulated_players_ask_legally_and_take_what_public_facts_show(hard: bool) -> None:
    """Both rollout policies ask an active opponent for a rank the asker holds; the ``hard`` one takes a rank
    public facts show an opponent holds whenever there is one, the one it holds most of."""
    rules = RuleSet()
    rng = random.Random(11)
    took = 0
    for g in range(40):
        deck = [r for r in range(1, 14) for _ in range(4)]
        rng.shuffle(deck)
        n = 2 + g % 4
        fast = FastGame.deal(rules, deck, 0, n)
        while not fast.over:
            p = fast.current
            assert p is not None
            t, r = fast.policy_hard(rng) if hard else fast.policy_ask(rng)
            assert t != p and fast.active[t] and fast.hands[p][r] > 0
            sure = [q for u in range(n) if u != p and fast.active[u] for q in range(1, 14)
                    if fast.known[u][q] and fast.hands[p][q]]  # fmt: skip
            if hard and sure:
                assert fast.known[t][r] > 0 and fast.hands[p][r] == max(fast.hands[p][q] for q in sure)
                took += 1
            elif hard:
                assert not (fast.nope[t] >> r) & 1 or all(
                    (fast.nope[u] >> r) & 1 for u in range(n) if u != p and fast.active[u]
                )
            fast.ask(p, t, r)
    assert not hard or took > 50
